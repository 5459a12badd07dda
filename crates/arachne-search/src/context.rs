//! The machinery every serial searcher shares, so that each algorithm's file holds only its
//! own search loop: per-ply move buffers, move ordering, statistics, limits, the principal
//! variation and the (optional) transposition table.
//!
//! Two options change what a bottom position is worth, and both are off by default so the hot
//! path of synthetic trees is unchanged (one predictable branch in [`Ctx::leaf`]):
//!
//! * **Quiescence** (`SearchOptions::quiescence`): a bottom position is valued by a capture-only
//!   search from it — stand pat on the static value, or play one of [`Game::noisy_moves`] and
//!   continue — as the Technology program "explores all chains of captures" (seed 001 §6).
//!   The capture search runs with its *own* full window `(−∞, +∞)`, never the caller's, so the
//!   value of a bottom position is a pure function of the position (and its ply, for mate
//!   distances): every searcher therefore still returns the same value as `negamax`.
//!   Positions searched below the horizon are counted in `stats.qnodes` (the horizon position
//!   itself stays one bottom position in `stats.leaves`). A node budget bounds *all*
//!   positions searched, quiescence ones included (`nodes + qnodes`): the capture search polls
//!   the limits at the same cadence as the main search, and when a limit trips inside it, it
//!   stops at once (standing pat) and leaves the abort pending, so the next node entered — or
//!   the driver, [`Ctx::settle`], if none is — unwinds the search. As in Tech, the side to move may stand pat even
//!   when in check (mate is still seen: a position without legal moves evaluates as lost).
//! * **Repetition** (`SearchOptions::repetition`, games with a [`Game::hash`]): a position
//!   below the root that repeats one on the current search path, or one of
//!   `SearchOptions::game_history` (the positions of the game before the root, e.g. from a UCI
//!   `position … moves …`), is a draw. Such values depend on the path, so they may disagree
//!   with a transposition-table entry stored along another path (the usual graph-history
//!   interaction); tests that compare searchers leave repetition off.
//!
//! Two more options make a searcher a chess engine's search rather than a fixed-depth one; both
//! are off by default (every exact-value test and node count is unchanged), and a searcher
//! opts in by calling [`Ctx::extend`] before opening a node and [`Ctx::null_move_cut`] after
//! expanding it (`falphabeta`, hence `aspiration`, does, and `alphabeta::falphabeta_tt` when
//! either is on, hence the shared-memory searches of `arachne-parallel`, whose parallel nodes
//! use [`extended_depth`], [`null_move_try`] and [`null_move_result`]):
//!
//! * **Check extension** (`SearchOptions::check_extension`): a node below the root whose side
//!   to move is in check ([`Game::in_check`]) gets one more ply of depth, so a check at the
//!   horizon is answered instead of being valued statically (seed 002 §5.6: Crafty "extends
//!   the search" where problems contain threats; Crafty and Stockfish both extend checks). Bound:
//!   a node at ply `p` with `d` plies left is extended only while `p + d < 2·D`, `D` the depth
//!   of the search's root (the depth given at ply 0; before any, the depth limit). Along a path
//!   `p + d` grows by one per extension and never otherwise, so at most `D` extensions lie on
//!   a path and every path ends by ply `2·D` (quiescence aside): a search always terminates.
//!   On games without checks `in_check` is `false` and nothing changes.
//! * **Null move** (`SearchOptions::null_move`): before searching the moves of a node, the
//!   side to move *passes* ([`Game::null_move`]) and the opponent's reply is searched with
//!   the null window `(β − 1, β)` to the reduced depth `d − 1 − R`; if even passing reaches
//!   `β`, the node fails high without searching a move (a threat-free position is assumed at
//!   least as good as after a pass; the null move "detects the threats", seed 002 §5.6).
//!   Choices, after the public descriptions of Crafty (Hyatt; Heinz's *adaptive null-move
//!   pruning*, 1999, which Crafty adopted) and Stockfish's search:
//!   - **R adaptive**: `R = 3` when `d > 6`, else `R = 2` (Heinz: R = 3 far from the horizon,
//!     2 near it); with `d − 1 − R ≤ 0` the reply is valued as a bottom position (with
//!     quiescence, its capture search).
//!   - **Where**: not at the root (ply 0), not at `d < 2`, not where the game refuses the
//!     pass ([`Game::null_move`]; chess: in check, or without a rook, a queen or two minor
//!     pieces for the side to move, where zugzwang is common), not right after a null move
//!     (never two in a row), not on the previous iteration's principal line (the nodes
//!     staged iteration follows: the expected PV nodes, where a fail high is not expected),
//!     only when the static value is at least `β` (Stockfish's condition: a node that is
//!     expected to fail high, a beta-cut node) and `β` is neither infinite nor a mate score.
//!   - **Result**: the null-window search's value if it reaches `β` (fail-soft), but `β`
//!     itself when that value is a mate score (an unproven mate is not reported, as in
//!     Stockfish). A null-move cutoff counts in `stats.cutoffs`; the null position counts as
//!     a node like any other.
//!
//!   Values then depend on the pruning (the point of the heuristic: the search reaches deeper
//!   in the same nodes), so tests compare them with `negamax` only where no null move is
//!   possible (games without one; chess endings where the pass is refused).
use crate::ordering::{self, OrderingState};
use crate::SearchOptions;
use arachne_core::{
    Bound, Game, Limits, Score, Stats, StopReason, TranspositionTable, TtEntry, Window,
};

/// Returned (as `Err`) when a limit stops the search; the search unwinds at once.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Aborted(pub StopReason);

/// What [`Ctx::open`] found at a node.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A bottom position (horizon or terminal) and its value.
    Leaf(Score),
    /// An interior node with this many successors, generated at the node's ply.
    Interior(usize),
}

/// Result of one recursive search step.
pub type SearchResult = Result<Score, Aborted>;

const CHECK_EVERY: u64 = 2048;

/// Shallowest remaining depth at which [`Ctx::expand`] asks the table for a move to try first.
const MIN_TT_ORDER_DEPTH: u32 = 2;

/// Deepest capture chain followed by the quiescence search (a guard; chess capture chains are
/// far shorter since every capture removes a piece).
pub const MAX_QUIESCENCE_PLY: usize = 64;

/// Per-ply state: the moves at this ply (in the order they will be searched) and their
/// indices in generation order.
#[derive(Clone, Debug)]
struct Ply<M> {
    moves: Vec<M>,
    /// `gen_index[i]` is the generation-order index of `moves[i]` (empty = identity).
    gen_index: Vec<u16>,
    keys: Vec<i64>,
    scratch: Vec<M>,
    pv: Vec<M>,
}

impl<M> Default for Ply<M> {
    fn default() -> Self {
        Ply {
            moves: Vec::new(),
            gen_index: Vec::new(),
            keys: Vec::new(),
            scratch: Vec::new(),
            pv: Vec::new(),
        }
    }
}

/// The buffers of a context (per-ply move lists and principal variations, quiescence move
/// lists), taken out with [`Ctx::take_scratch`] so a thread that runs many short searches
/// (the serial subtrees of a shared-memory parallel search) allocates them once.
pub struct Scratch<M> {
    plies: Vec<Ply<M>>,
    qbufs: Vec<Vec<M>>,
}

impl<M> Default for Scratch<M> {
    fn default() -> Self {
        Scratch {
            plies: Vec::new(),
            qbufs: Vec::new(),
        }
    }
}

/// Search context. One per search (per thread).
pub struct Ctx<'a, G: Game> {
    /// Counts so far.
    pub stats: Stats,
    /// Options in force.
    pub opts: &'a SearchOptions,
    limits: &'a Limits,
    tt: Option<&'a TranspositionTable>,
    plies: Vec<Ply<G::Move>>,
    next_check: u64,
    /// The node budget (`u64::MAX` without one).
    budget: u64,
    /// Principal line of the previous stage, searched first (staged iteration, seed 000 §8.1).
    pv_hint: Vec<G::Move>,
    follow_pv: bool,
    ordering: OrderingState<G::Move>,
    /// `opts.quiescence`, copied for the hot path.
    quiesce: bool,
    /// `opts.repetition`, copied for the hot path.
    rep: bool,
    /// `quiesce || rep`: a bottom position needs more than its static value.
    slow_leaf: bool,
    /// Ply of the node last entered.
    cur_ply: usize,
    /// Hashes of the positions on the current path (`path[k]` at ply `k`), kept when `rep`.
    path: Vec<u64>,
    /// Move buffers of the quiescence search, one per capture ply.
    qbufs: Vec<Vec<G::Move>>,
    /// An extra abort test polled with the limits (see [`Ctx::with_abort`]).
    abort: Option<&'a dyn Fn(u64) -> Option<StopReason>>,
    /// Nodes (interior + bottom + quiescence) already reported to `abort`.
    polled: u64,
    /// A limit that tripped inside the quiescence search, reported by the next poll.
    pending: Option<StopReason>,
    /// Some static or dynamic ordering option is on (else only a table or principal-line
    /// move can reorder a node, and the call to the orderer is skipped).
    orders: bool,
    /// `plain && !slow_leaf`: lean unless a principal line is followed ([`Ctx::is_lean`]).
    lean: bool,
    /// Killers or history: cutoffs are recorded for ordering.
    records_cutoffs: bool,
    /// No table, no repetition, no ordering option: only a principal line to follow can
    /// reorder a node's moves ([`Ctx::expand`]'s fast path).
    plain: bool,
    /// `opts.check_extension`, copied for the hot path.
    check_ext: bool,
    /// `opts.null_move`, copied for the hot path.
    null_move: bool,
    /// Depth of the search's root, for the bound on check extensions ([`Ctx::extend`]).
    root_depth: u32,
    /// Ply of the node reached by the innermost null move on the current path, if any.
    null_ply: Option<usize>,
    /// Shallowest remaining depth at which the table is probed for a value or stored into
    /// ([`Ctx::with_tt_min_depth`]).
    tt_min_depth: u32,
    /// Nodes with fewer plies left than this expand as in a plain search (a table used only
    /// from [`Ctx::with_tt_min_depth`] on, nothing else that reorders moves).
    plain_below: u32,
    /// Nodes with fewer plies left than this may be searched by the lean loop
    /// ([`Ctx::lean_below`]).
    lean_below: u32,
}

/// Adaptive null-move reduction (module docs, "Null move"): `R = 3` above this depth, else 2.
pub const NULL_MOVE_R3_DEPTH: u32 = 6;

/// The depth to search `pos` at `ply > 0` with, `depth` plies nominally left, with check
/// extension on in a search whose root has depth `root_depth` (module docs, "Check
/// extension"): one more when the side to move is in check and the bound allows it. What
/// [`Ctx::extend`] computes below the root; parallel searches whose nodes have no context of
/// their own call it directly. (Its home is `arachne-core`, for the runtime's stepper too.)
pub use arachne_core::extension::extended_depth;

/// The conditions of the null move (module docs, "Null move") that depend on the node alone,
/// for a node at `ply` with `depth` plies left and the upper bound `beta`: not at the root,
/// not at `depth < 2`, `beta` neither infinite nor a mate score, the static value at least
/// `beta`, and a pass the game allows. Returns the position after the pass and the reduced
/// depth to search it with (`R` adaptive), or `None`. The caller checks what depends on the
/// path (the option is on; not right after a null move; not on the previous iteration's
/// principal line), searches the pass with the window `(−beta, −beta + 1)` and hands the
/// negated result to [`null_move_result`]. [`Ctx::null_move_cut`] is built from the two.
#[inline]
pub fn null_move_try<G: Game>(pos: &G, depth: u32, ply: usize, beta: Score) -> Option<(G, u32)> {
    if ply == 0 || depth < 2 || beta.0.abs() > Score::MAX_EVAL {
        return None;
    }
    if pos.evaluate().at_ply(ply as u32) < beta {
        return None;
    }
    let passed = pos.null_move()?;
    let r = if depth > NULL_MOVE_R3_DEPTH { 3 } else { 2 };
    Some((passed, depth.saturating_sub(1 + r)))
}

/// The outcome of a null-move test whose pass was worth `v` (from the side that passed):
/// `Some` value to fail high with when `v` reaches `beta` (`beta` itself when `v` is a mate
/// score: an unproven mate is not reported), `None` when the node must be searched.
#[inline]
pub fn null_move_result(v: Score, beta: Score) -> Option<Score> {
    if v < beta {
        None
    } else if v.is_decisive() {
        Some(beta)
    } else {
        Some(v)
    }
}

impl<'a, G: Game> Ctx<'a, G> {
    /// A context for one search.
    pub fn new(
        opts: &'a SearchOptions,
        limits: &'a Limits,
        tt: Option<&'a TranspositionTable>,
    ) -> Self {
        Self::with_scratch(opts, limits, tt, Scratch::default())
    }

    /// [`Ctx::new`] with the buffers of an earlier context ([`Ctx::take_scratch`]) instead of
    /// new ones. Nothing of the earlier search is visible: every ply's principal variation is
    /// emptied, and moves are regenerated at every node entered.
    pub fn with_scratch(
        opts: &'a SearchOptions,
        limits: &'a Limits,
        tt: Option<&'a TranspositionTable>,
        scratch: Scratch<G::Move>,
    ) -> Self {
        let Scratch { mut plies, qbufs } = scratch;
        // One ply per level of the nominal depth and two spare: `enter` then never grows
        // the vector in a fixed-depth search (quiescence plies are separate).
        let n = limits.depth.unwrap_or(1).min(256) as usize + 2;
        for p in &mut plies {
            p.pv.clear();
        }
        if plies.len() < n {
            plies.resize_with(n, Ply::default);
        }
        Ctx {
            stats: Stats::default(),
            opts,
            limits,
            tt,
            plies,
            next_check: CHECK_EVERY.min(limits.nodes.unwrap_or(u64::MAX)),
            budget: limits.nodes.unwrap_or(u64::MAX),
            pv_hint: Vec::new(),
            follow_pv: false,
            ordering: OrderingState::empty(),
            quiesce: opts.quiescence,
            rep: opts.repetition,
            slow_leaf: opts.quiescence || opts.repetition,
            cur_ply: 0,
            path: Vec::new(),
            qbufs,
            abort: None,
            polled: 0,
            pending: None,
            orders: opts.preorder || opts.hints || opts.killers || opts.history,
            records_cutoffs: opts.killers || opts.history,
            lean: !(tt.is_some()
                || opts.repetition
                || opts.quiescence
                || opts.preorder
                || opts.hints
                || opts.killers
                || opts.history),
            plain: tt.is_none()
                && !opts.repetition
                && !(opts.preorder || opts.hints || opts.killers || opts.history),
            check_ext: opts.check_extension,
            null_move: opts.null_move,
            root_depth: limits.depth.unwrap_or(1),
            null_ply: None,
            tt_min_depth: 0,
            plain_below: 0,
            lean_below: 0,
        }
    }

    /// Uses the table (values from [`Ctx::tt_cut`], [`Ctx::tt_store`]) only at nodes with at
    /// least `depth` plies left: a processor of a message-passing search keeps its table to
    /// resume a search whose window was narrowed, where the subtrees near the horizon are
    /// cheaper to search again than to probe and store (`arachne-parallel`'s `subsearch`).
    pub fn with_tt_min_depth(mut self, depth: u32) -> Self {
        self.tt_min_depth = depth;
        let reorders = self.rep
            || self.opts.preorder
            || self.opts.hints
            || self.opts.killers
            || self.opts.history;
        self.plain_below = if reorders {
            0
        } else {
            depth.max(MIN_TT_ORDER_DEPTH)
        };
        // Below the table's depth a search with nothing else to do is a lean one.
        let lean_without_table = !(reorders || self.quiesce || self.check_ext || self.null_move);
        self.lean_below = if lean_without_table { depth } else { 0 };
        self
    }

    /// True when a node with `depth` plies left may be searched as in a lean context
    /// ([`Ctx::is_lean`]) although this one has a table: the table is used only from
    /// [`Ctx::with_tt_min_depth`]'s depth on, nothing else would make the node other than lean,
    /// and no principal line is followed. `falphabeta_tt` then takes `alphabeta`'s lean loop
    /// for the subtree.
    #[inline(always)]
    pub fn lean_below(&self, depth: u32) -> bool {
        depth < self.lean_below && !self.follow_pv
    }

    /// Takes the buffers out of this context (see [`Ctx::with_scratch`]); a search with it
    /// afterwards starts from empty buffers.
    pub fn take_scratch(&mut self) -> Scratch<G::Move> {
        Scratch {
            plies: std::mem::take(&mut self.plies),
            qbufs: std::mem::take(&mut self.qbufs),
        }
    }

    /// Adds an abort test polled together with the limits (every few thousand nodes): it gets
    /// the number of nodes (interior, bottom and quiescence) searched since it was last called
    /// and returns a reason to stop, if any. Shared-memory parallel searches use it to keep a
    /// global node count and to cancel a speculative sub-search as soon as a cutoff above it
    /// made it useless.
    pub fn with_abort(mut self, abort: &'a dyn Fn(u64) -> Option<StopReason>) -> Self {
        self.abort = Some(abort);
        self
    }

    /// Nodes searched since the abort test last heard of them (flush them at the end of a
    /// sub-search so a global count is exact).
    pub fn unpolled_nodes(&mut self) -> u64 {
        let n = self.stats.nodes() + self.stats.qnodes;
        let d = n - self.polled;
        self.polled = n;
        d
    }

    /// Takes the killer and history tables out of this context (leaving empty ones), so a
    /// thread can carry them from one sub-search to the next.
    pub fn take_ordering(&mut self) -> OrderingState<G::Move> {
        std::mem::replace(&mut self.ordering, OrderingState::empty())
    }

    /// Installs killer and history tables (see [`Ctx::take_ordering`]).
    pub fn set_ordering(&mut self, state: OrderingState<G::Move>) {
        self.ordering = state;
    }

    #[cold]
    #[inline(never)]
    fn grow_plies(&mut self, ply: usize) {
        self.plies.resize_with(ply + 2, Ply::default);
    }

    /// Positions searched so far, quiescence included: what node budgets bound.
    #[inline]
    pub fn seen(&self) -> u64 {
        self.stats.nodes() + self.stats.qnodes
    }

    /// Polls the limits (and a pending abort from the quiescence search).
    #[cold]
    fn poll(&mut self, seen: u64) -> Result<(), Aborted> {
        // Small node budgets are honoured exactly: never poll later than the budget.
        self.next_check = (seen + CHECK_EVERY).min(self.budget);
        if let Some(r) = self.pending {
            self.next_check = 0;
            return Err(Aborted(r));
        }
        if let Some(r) = self.limits.check(seen) {
            return Err(Aborted(r));
        }
        if let Some(f) = self.abort {
            let fresh = seen - self.polled;
            self.polled = seen;
            if let Some(r) = f(fresh) {
                return Err(Aborted(r));
            }
        }
        Ok(())
    }

    /// `r`, unless a limit tripped in a quiescence search after the last node was entered: a
    /// search result is only complete when no abort is pending. Drivers call this on every
    /// result they are about to trust.
    pub fn settle<T>(&self, r: Result<T, Aborted>) -> Result<T, Aborted> {
        match (r, self.pending) {
            (Ok(_), Some(reason)) => Err(Aborted(reason)),
            (r, _) => r,
        }
    }

    /// Forgets a pending abort (before a search whose statistics are thrown away).
    pub fn clear_pending(&mut self) {
        self.pending = None;
    }

    /// The transposition table, if this search has one.
    #[inline]
    pub fn tt(&self) -> Option<&'a TranspositionTable> {
        self.tt
    }

    /// Called on entering every node: polls the limits every few thousand nodes and clears
    /// this ply's principal variation.
    #[inline(always)]
    pub fn enter(&mut self, ply: usize) -> Result<(), Aborted> {
        // Quiescence nodes count towards the polling cadence and the node budget.
        let seen = self.seen();
        if seen >= self.next_check {
            self.poll(seen)?;
        }
        if self.plies.len() <= ply + 1 {
            self.grow_plies(ply);
        }
        self.plies[ply].pv.clear();
        self.cur_ply = ply;
        Ok(())
    }

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
    fn repeats(&self, pos: &G, ply: usize) -> bool {
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
