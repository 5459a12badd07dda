//! The options that change what a bottom position is worth or how deep a node is searched
//! (the parent module's docs): [`Ctx::leaf`] and the quiescence search, the check extension
//! ([`Ctx::extend`]), the null move ([`Ctx::null_move_cut`]) and repetitions.
use super::{extended_depth, null_move_result, null_move_try};
use super::{Aborted, Ctx, SearchResult, MAX_QUIESCENCE_PLY};
use arachne_core::{Game, Score};

impl<'a, G: Game> Ctx<'a, G> {
    /// Value of a bottom position at `ply` (counted as a bottom position): its static value,
    /// or with quiescence the value of the capture search from it; a draw when it repeats an
    /// earlier position (with repetition on).
    #[inline(always)]
    pub fn leaf(&mut self, pos: &G, ply: usize) -> Score {
        self.stats.leaves += 1;
        self.follow_pv = false;
        if !self.slow_leaf {
            return pos.evaluate().at_ply(ply as u32);
        }
        self.leaf_slow(pos, ply)
    }

    #[inline(never)]
    fn leaf_slow(&mut self, pos: &G, ply: usize) -> Score {
        if self.rep && self.repeats(pos, ply) {
            return Score::DRAW;
        }
        if self.quiesce && !pos.is_terminal() {
            return self.quiescence(pos, ply, 0, -Score::INF, Score::INF);
        }
        pos.evaluate().at_ply(ply as u32)
    }

    /// The capture-only search (see the module docs): fail-soft alpha-beta over
    /// [`Game::noisy_moves`] with a stand-pat on the static value. `qply` counts capture plies.
    pub fn quiescence(
        &mut self,
        pos: &G,
        ply: usize,
        qply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let mut best = pos.evaluate().at_ply(ply as u32);
        if best >= beta || qply >= MAX_QUIESCENCE_PLY || pos.is_terminal() {
            return best;
        }
        if best > alpha {
            alpha = best;
        }
        if self.qbufs.len() <= qply {
            self.qbufs.resize_with(qply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.qbufs[qply]);
        pos.noisy_moves(&mut moves);
        for &m in &moves {
            let seen = self.seen();
            if seen >= self.next_check {
                if let Err(Aborted(r)) = self.poll(seen) {
                    self.pending = Some(r);
                    self.next_check = 0;
                    break;
                }
            }
            let child = pos.play(m);
            self.stats.qnodes += 1;
            let t = -self.quiescence(&child, ply + 1, qply + 1, -beta, -alpha);
            if self.pending.is_some() {
                break;
            }
            if t > best {
                best = t;
                if t > alpha {
                    alpha = t;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.qbufs[qply] = moves;
        best
    }

    /// The depth to search `pos` at `ply` with, `depth` plies nominally left: with check
    /// extension on, one more when the side to move is in check and the bound allows it
    /// (module docs, "Check extension"); otherwise `depth`. Called before opening a node; at
    /// ply 0 it records the root's depth for the bound.
    #[inline(always)]
    pub fn extend(&mut self, pos: &G, depth: u32, ply: usize) -> u32 {
        if !self.check_ext {
            return depth;
        }
        self.extend_slow(pos, depth, ply)
    }

    #[inline(never)]
    fn extend_slow(&mut self, pos: &G, depth: u32, ply: usize) -> u32 {
        if ply == 0 {
            self.root_depth = depth;
            return depth;
        }
        extended_depth(pos, depth, ply, self.root_depth)
    }

    /// True when either engine option (check extension, null move) is on: a searcher that
    /// skips [`Ctx::extend`] and [`Ctx::null_move_cut`] on its fast path must take a path
    /// that calls them instead (as `alphabeta::falphabeta_tt` does).
    #[inline(always)]
    pub fn engine_options(&self) -> bool {
        self.check_ext || self.null_move
    }

    /// Sets the depth of the search's root, the bound on check extensions (module docs,
    /// "Check extension"), for a context that searches a subtree below ply 0 of a search
    /// whose root it never enters (the sub-searches of a parallel search). [`Ctx::extend`]
    /// at ply 0 sets it too.
    pub fn set_root_depth(&mut self, depth: u32) {
        self.root_depth = depth;
    }

    /// Records that the node at `ply` was reached by a null move, for a context that
    /// searches a subtree whose parent passed in another context (a parallel search's serial
    /// sub-search of a null-move test): no null move is then tried at `ply` (never two in a
    /// row).
    pub fn after_null_move(&mut self, ply: usize) {
        self.null_ply = Some(ply);
    }

    /// The null-move test at an interior node (module docs, "Null move"), called after the
    /// node was expanded and before its moves are searched: `Some(v)` when passing already
    /// reaches `beta` — the node fails high with `v` — and `None` when the test does not apply
    /// or fails. `search(ctx, pos, depth, ply, alpha, beta)` is the caller's own recursion,
    /// which searches the null position (it must call [`Ctx::extend`] and this test too, for
    /// the "never two in a row" rule to see the null move).
    #[inline]
    pub fn null_move_cut<F>(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        beta: Score,
        search: F,
    ) -> Result<Option<Score>, Aborted>
    where
        F: FnOnce(&mut Self, &G, u32, usize, Score, Score) -> SearchResult,
    {
        if !self.null_move || self.follow_pv || self.null_ply == Some(ply) {
            return Ok(None);
        }
        let Some((passed, reduced)) = null_move_try(pos, depth, ply, beta) else {
            return Ok(None);
        };
        let saved = self.null_ply.replace(ply + 1);
        let v = search(self, &passed, reduced, ply + 1, -beta, -beta + 1);
        self.null_ply = saved;
        let Some(v) = null_move_result(-v?, beta) else {
            return Ok(None);
        };
        self.stats.cutoffs += 1;
        Ok(Some(v))
    }

    /// True when `pos` at `ply > 0` repeats a position on the current path or in the game
    /// history (repetition on, game with a hash).
    pub(super) fn repeats(&self, pos: &G, ply: usize) -> bool {
        if ply == 0 {
            return false;
        }
        let Some(h) = pos.hash() else {
            return false;
        };
        let upto = ply.min(self.path.len());
        // Same side to move: plies ply-2, ply-4, … (hashes include the side to move, so this
        // only skips comparisons that cannot match).
        self.path[..upto]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&x| x == h)
            || self.opts.game_history.contains(&h)
    }
}
