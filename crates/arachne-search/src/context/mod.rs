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
mod engine;
mod node;
mod table;

use crate::ordering::OrderingState;
use crate::SearchOptions;
use arachne_core::{Game, Limits, Score, Stats, StopReason, TranspositionTable};

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

/// An extra abort test ([`Ctx::with_abort`]): the nodes since its last call and the context's
/// counts so far in, a reason to stop out.
pub type AbortHook<'a> = dyn Fn(u64, &Stats) -> Option<StopReason> + 'a;

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
/// (the serial subtrees of a shared-memory parallel search) allocates them once. The
/// resumable search ([`crate::stepper`]) keeps its nodes' moves and lines in one between steps.
#[derive(Clone, Debug)]
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

impl<M> Scratch<M> {
    /// The principal variation last recorded at `ply` (empty if none).
    pub(crate) fn pv(&self, ply: usize) -> &[M] {
        self.plies.get(ply).map_or(&[], |p| &p.pv)
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
    abort: Option<&'a AbortHook<'a>>,
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
/// their own call it directly. (Its home is `arachne-core`, one rule for every searcher.)
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
        let mut scratch = scratch;
        for p in &mut scratch.plies {
            p.pv.clear();
        }
        Self::resume(opts, limits, tt, scratch)
    }

    /// [`Ctx::with_scratch`] that keeps what the buffers hold — every ply's moves and
    /// principal variation — for a search that goes on from where an earlier context left it
    /// (the resumable search, [`crate::stepper`], which takes a context per run of steps).
    pub(crate) fn resume(
        opts: &'a SearchOptions,
        limits: &'a Limits,
        tt: Option<&'a TranspositionTable>,
        scratch: Scratch<G::Move>,
    ) -> Self {
        let Scratch { mut plies, qbufs } = scratch;
        // One ply per level of the nominal depth and two spare: `enter` then never grows
        // the vector in a fixed-depth search (quiescence plies are separate).
        let n = limits.depth.unwrap_or(1).min(256) as usize + 2;
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
    /// and this context's counts so far, and returns a reason to stop, if any. Shared-memory
    /// parallel searches use it to keep a global node count and to cancel a speculative
    /// sub-search as soon as a cutoff above it made it useless; the simulator charges virtual
    /// time by the counts (interior and bottom nodes cost differently there).
    pub fn with_abort(mut self, abort: &'a AbortHook<'a>) -> Self {
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
            if let Some(r) = f(fresh, &self.stats) {
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
}
