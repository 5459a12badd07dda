//! The optional transposition table as the serial searchers use it: a value only from an entry
//! of exactly this draft (so fixed-depth values equal the plain search's), the stored move for
//! ordering, and fail-soft results stored as bounds.
use super::Ctx;
use arachne_core::{Bound, Game, Score, TtEntry, Window};

impl<'a, G: Game> Ctx<'a, G> {
    /// Looks `pos` up in the transposition table. Returns a score that settles the node for
    /// `window` when an entry of exactly this draft has a usable bound, and the stored move
    /// is used for ordering by [`Ctx::expand`]. Entries of another draft are never used for a
    /// value, so fixed-depth values equal those of the plain search.
    #[inline]
    pub fn tt_cut(&mut self, pos: &G, depth: u32, ply: usize, window: Window) -> Option<Score> {
        if depth < self.tt_min_depth {
            return None;
        }
        let (tt, key) = (self.tt?, pos.hash()?);
        let e = tt.probe(key)?;
        self.stats.tt_hits += 1;
        // Drafts above 255 are never stored, so none can match.
        if depth > 255 || e.depth as u32 != depth {
            return None;
        }
        let s = e.score.to_root_relative(ply as u32);
        match e.bound {
            Bound::Exact => Some(s),
            Bound::Lower if s >= window.beta => Some(s),
            Bound::Upper if s <= window.alpha => Some(s),
            _ => None,
        }
    }

    /// Stores a search result for `pos` (no-op without a table or a hash). `window` is the
    /// window the node was searched with, `best` the search-order index of the best move.
    #[inline(always)]
    pub fn tt_store(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        score: Score,
        window: Window,
        best: Option<usize>,
    ) {
        if self.tt.is_some() && depth >= self.tt_min_depth {
            self.tt_store_slow(pos, depth, ply, score, window, best);
        }
    }

    #[inline(never)]
    fn tt_store_slow(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        score: Score,
        window: Window,
        best: Option<usize>,
    ) {
        let Some(tt) = self.tt else {
            return;
        };
        let Some(key) = pos.hash() else {
            return;
        };
        if depth > 255 {
            return;
        }
        let bound = if score <= window.alpha {
            Bound::Upper
        } else if score >= window.beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        tt.store(
            key,
            TtEntry {
                score: score.to_node_relative(ply as u32),
                depth: depth as u8,
                bound,
                // Indices from 0xffff on do not fit the table's move field.
                move_index: best
                    .map(|i| self.gen_index(ply, i))
                    .filter(|&g| g != u16::MAX),
            },
        );
    }
}
