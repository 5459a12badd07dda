//! Opening a node (seed 000 §2: "determine the successor positions; if d = 0 then
//! staticvalue(p)"): bottom positions, expansion with move ordering, the per-ply move buffers,
//! new best moves, cutoffs and the principal variation.
use super::{Aborted, Ctx, Node, SearchResult, MIN_TT_ORDER_DEPTH};
use crate::ordering;
use arachne_core::{Game, Score};

impl<'a, G: Game> Ctx<'a, G> {
    /// Enters a node and either values it as a bottom position or expands it: the opening
    /// every depth-first searcher shares (seed 000 §2: "determine the successor positions;
    /// if d = 0 then staticvalue(p)").
    ///
    /// The bottom-position path (most nodes) is inlined into the caller; expanding an interior
    /// node is inlined too, with the orderer a call ([`Ctx::expand`]).
    #[inline(always)]
    pub fn open(&mut self, pos: &G, depth: u32, ply: usize) -> Result<Node, Aborted> {
        self.open_with::<false>(pos, depth, ply)
    }

    /// True when the search runs with nothing but statistics, limits and the principal
    /// variation: no table, no repetition, no quiescence, no ordering option and no principal
    /// line to follow. A searcher may then use the `LEAN` forms of [`Ctx::open_with`] and
    /// [`Ctx::static_bottoms_with`], which skip the tests of those options.
    #[inline(always)]
    pub fn is_lean(&self) -> bool {
        self.lean && !self.follow_pv
    }

    /// [`Ctx::open`]; `LEAN` only when [`Ctx::is_lean`] said so at the root of the search
    /// (nothing in a search makes a lean context stop being lean).
    #[inline(always)]
    pub fn open_with<const LEAN: bool>(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
    ) -> Result<Node, Aborted> {
        debug_assert!(!LEAN || self.is_lean() || self.lean_below(depth));
        if LEAN {
            // [`Ctx::enter`] without the current ply, which only the repetition test reads.
            let seen = self.seen();
            if seen >= self.next_check {
                self.poll(seen)?;
            }
            if self.plies.len() <= ply + 1 {
                self.grow_plies(ply);
            }
            self.plies[ply].pv.clear();
        } else {
            self.enter(ply)?;
        }
        let leaf = if LEAN {
            depth == 0 || pos.is_terminal()
        } else {
            self.is_leaf(pos, depth)
        };
        if !leaf {
            let d = if LEAN {
                self.expand_plain(pos, ply)
            } else {
                self.expand(pos, depth, ply)
            };
            if d > 0 {
                return Ok(Node::Interior(d));
            }
        }
        Ok(Node::Leaf(if LEAN {
            // A lean search has no quiescence and no repetition ([`Ctx::leaf`]).
            self.stats.leaves += 1;
            Self::static_value(pos, ply)
        } else {
            self.leaf(pos, ply)
        }))
    }

    /// True when the next `d` bottom positions (the successors of a node one ply above the
    /// horizon) can all be valued by [`Ctx::static_value`]: each is worth its static value
    /// (no quiescence, no repetition), and none of them reaches the next poll of the limits
    /// (so a node budget is still honoured exactly). The searcher then counts them with
    /// [`Ctx::count_static_bottoms`]. Otherwise use [`Ctx::bottom`] for each.
    #[inline(always)]
    pub fn static_bottoms(&mut self, d: usize) -> bool {
        self.static_bottoms_with::<false>(d)
    }

    /// [`Ctx::static_bottoms`]; `LEAN` as in [`Ctx::open_with`].
    #[inline(always)]
    pub fn static_bottoms_with<const LEAN: bool>(&mut self, d: usize) -> bool {
        if (!LEAN && self.slow_leaf) || self.seen() + d as u64 > self.next_check {
            return false;
        }
        if !LEAN {
            // What the first of them would do in [`Ctx::leaf`] (a lean search follows no line).
            self.follow_pv = false;
        }
        true
    }

    /// The value of a bottom position at `ply` when [`Ctx::static_bottoms`] said yes: its
    /// static value. (An associated function, so a loop can call it while it reads the
    /// moves of the context, [`Ctx::moves`].)
    #[inline(always)]
    pub fn static_value(pos: &G, ply: usize) -> Score {
        pos.evaluate().at_ply(ply as u32)
    }

    /// Counts `n` bottom positions valued by [`Ctx::static_value`].
    #[inline(always)]
    pub fn count_static_bottoms(&mut self, n: usize) {
        self.stats.leaves += n as u64;
    }

    /// [`Ctx::open`] for a node at the horizon (`depth = 0`), which is always a bottom
    /// position: enters it and returns its value. Searchers call it in place of recursing one
    /// ply above the horizon, which saves a call per bottom position (most of the nodes).
    #[inline(always)]
    ///
    /// It does not touch the per-ply state of `ply` (a bottom position has no principal
    /// variation of its own): a best move found from it is recorded with
    /// [`Ctx::new_best_at_horizon`], not [`Ctx::new_best`].
    pub fn bottom(&mut self, pos: &G, ply: usize) -> SearchResult {
        let seen = self.seen();
        if seen >= self.next_check {
            self.poll(seen)?;
        }
        Ok(self.leaf(pos, ply))
    }

    /// [`Ctx::open`] for a search whose bottom positions take the caller's window: with
    /// quiescence on, a bottom position's capture search runs in `(alpha, beta)` (fail-soft)
    /// instead of its own full window, so its result is only a bound outside the window — the
    /// accuracy property of fail-soft alpha-beta (seed 000 §8.1), which a searcher
    /// that passes its window down keeps (see `falphabeta::falphabeta_windowed`). Cheaper than
    /// [`Ctx::open`] with quiescence; the same as it without.
    #[inline]
    pub fn open_in_window(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Result<Node, Aborted> {
        self.enter(ply)?;
        if !self.is_leaf(pos, depth) {
            let d = self.expand(pos, depth, ply);
            if d > 0 {
                return Ok(Node::Interior(d));
            }
        }
        if !self.quiesce || pos.is_terminal() || (self.rep && self.repeats(pos, ply)) {
            return Ok(Node::Leaf(self.leaf(pos, ply)));
        }
        self.stats.leaves += 1;
        self.follow_pv = false;
        Ok(Node::Leaf(self.quiescence(pos, ply, 0, alpha, beta)))
    }

    /// [`Ctx::open`] for a node already entered: a bottom position's value, or the number of
    /// successors generated at `ply`.
    #[inline]
    pub fn node(&mut self, pos: &G, depth: u32, ply: usize) -> Node {
        if self.is_leaf(pos, depth) {
            return Node::Leaf(self.leaf(pos, ply));
        }
        match self.expand(pos, depth, ply) {
            0 => Node::Leaf(self.leaf(pos, ply)),
            d => Node::Interior(d),
        }
    }

    /// True when `pos` is a bottom position for a search with `depth` plies left (with
    /// repetition on, also when it repeats an earlier position).
    #[inline(always)]
    pub fn is_leaf(&self, pos: &G, depth: u32) -> bool {
        depth == 0 || pos.is_terminal() || (self.rep && self.repeats(pos, self.cur_ply))
    }

    /// Generates and orders the moves of `pos` (`depth` plies left) at `ply`; returns how many there are
    /// (0: the position is terminal). Counts a move generation, and an interior node when
    /// there are moves.
    #[inline(always)]
    pub fn expand(&mut self, pos: &G, depth: u32, ply: usize) -> usize {
        if (self.plain || depth < self.plain_below) && !self.follow_pv {
            return self.expand_plain(pos, ply);
        }
        self.stats.movegens += 1;
        self.expand_ordered(pos, depth, ply)
    }

    /// [`Ctx::expand`] when nothing can reorder the node: the moves in generation order.
    #[inline(always)]
    fn expand_plain(&mut self, pos: &G, ply: usize) -> usize {
        self.stats.movegens += 1;
        let p = &mut self.plies[ply];
        pos.moves(&mut p.moves);
        p.gen_index.clear();
        let n = p.moves.len();
        if n > 0 {
            self.stats.interior += 1;
        }
        n
    }

    /// [`Ctx::expand`] when a table, repetition, an ordering option or the principal line of
    /// the previous stage may reorder the moves.
    #[inline(never)]
    fn expand_ordered(&mut self, pos: &G, depth: u32, ply: usize) -> usize {
        if self.rep {
            if let Some(h) = pos.hash() {
                if self.path.len() <= ply {
                    self.path.resize(ply + 1, 0);
                }
                self.path[ply] = h;
            }
        }
        // The table's move is worth a (likely cache-missing) probe only where a subtree
        // follows: one ply above the horizon every successor is a bottom position anyway.
        let tt_move = match self.tt {
            Some(tt) if depth >= MIN_TT_ORDER_DEPTH.max(self.tt_min_depth) => pos
                .hash()
                .and_then(|key| tt.probe(key))
                .and_then(|e| e.move_index),
            _ => None,
        };
        let pv_move = if self.follow_pv {
            self.pv_hint.get(ply).copied()
        } else {
            None
        };
        let p = &mut self.plies[ply];
        pos.moves(&mut p.moves);
        let n = p.moves.len();
        p.gen_index.clear();
        if n > 1 && (self.orders || tt_move.is_some() || pv_move.is_some()) {
            ordering::order(
                pos,
                &mut p.moves,
                &mut p.gen_index,
                &mut p.keys,
                &mut p.scratch,
                tt_move,
                pv_move,
                ply,
                self.opts,
                &self.ordering,
            );
        }
        if self.follow_pv {
            self.follow_pv = pv_move.is_some_and(|m| p.moves.first() == Some(&m));
        }
        if n > 0 {
            self.stats.interior += 1;
        }
        n
    }

    /// The moves at `ply`, in search order.
    #[inline]
    pub fn moves(&self, ply: usize) -> &[G::Move] {
        &self.plies[ply].moves
    }

    /// The `i`-th move (in search order) at `ply`.
    #[inline]
    pub fn move_at(&self, ply: usize, i: usize) -> G::Move {
        self.plies[ply].moves[i]
    }

    /// Generation-order index of the `i`-th move at `ply`.
    #[inline]
    /// Saturates at `u16::MAX` for positions with more moves than that (ordering is skipped
    /// there; see [`ordering::order`]).
    pub fn gen_index(&self, ply: usize, i: usize) -> u16 {
        let p = &self.plies[ply];
        if p.gen_index.is_empty() {
            u16::try_from(i).unwrap_or(u16::MAX)
        } else {
            p.gen_index[i]
        }
    }

    /// Takes the moves generated at `ply` out of the context, so a searcher's loop over them
    /// reads a plain slice (no bounds check per successor); give them back with
    /// [`Ctx::restore_moves`] before leaving the node. Meanwhile [`Ctx::move_at`] must not be
    /// asked for this ply: record a best move with [`Ctx::new_best_move`] (and a cutoff or a
    /// horizon line once the moves are back).
    #[inline(always)]
    pub fn take_moves(&mut self, ply: usize) -> Vec<G::Move> {
        std::mem::take(&mut self.plies[ply].moves)
    }

    /// Gives back the moves taken by [`Ctx::take_moves`].
    #[inline(always)]
    pub fn restore_moves(&mut self, ply: usize, moves: Vec<G::Move>) {
        self.plies[ply].moves = moves;
    }

    /// Records that the `i`-th move at `ply` became the best so far: the principal variation
    /// at `ply` becomes that move followed by the child's.
    #[inline]
    pub fn new_best(&mut self, ply: usize, i: usize) {
        let mv = self.plies[ply].moves[i];
        self.new_best_move(ply, mv);
    }

    /// [`Ctx::new_best`] given the move itself.
    #[inline]
    pub fn new_best_move(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.plies.split_at_mut(ply + 1);
        let p = &mut head[ply];
        p.pv.clear();
        p.pv.push(mv);
        p.pv.extend_from_slice(&tail[0].pv);
    }

    /// [`Ctx::new_best`] for a node one ply above the horizon whose children were valued by
    /// [`Ctx::bottom`]: the principal variation at `ply` becomes the move alone.
    #[inline]
    pub fn new_best_at_horizon(&mut self, ply: usize, i: usize) {
        let p = &mut self.plies[ply];
        p.pv.clear();
        p.pv.push(p.moves[i]);
    }

    /// Records a cutoff by the `i`-th move at `ply` (statistics, killers, history).
    #[inline]
    pub fn cutoff(&mut self, pos: &G, ply: usize, i: usize, depth: u32) {
        self.stats.cutoffs += 1;
        if self.records_cutoffs {
            let mv = self.plies[ply].moves[i];
            self.ordering.record_cutoff(pos, mv, ply, depth, self.opts);
        }
    }

    /// The principal variation found at `ply`.
    pub fn pv(&self, ply: usize) -> &[G::Move] {
        self.plies.get(ply).map_or(&[], |p| &p.pv)
    }

    /// Sets the principal line to search first (staged iteration).
    pub fn set_pv_hint(&mut self, pv: &[G::Move]) {
        self.pv_hint.clear();
        self.pv_hint.extend_from_slice(pv);
        self.follow_pv = !pv.is_empty();
    }
}
