//! What the shared-memory searches share within one search (the parent module's "What every
//! algorithm shares"): principal [`Line`]s, the fork [`Frame`]s and their cancellation, the
//! [`Shared`] state of every thread (limits counted globally, the shared table, the per-thread
//! contexts), what a node of the parallel part opens and stores ([`Shared::open`],
//! [`Shared::store`]; the young-brothers-wait node itself is [`super::young::node`]) and the
//! serial search below the split depth, [`ab_tt`].
use arachne_core::{
    Bound, Game, Limits, Score, Stats, StopFlag, StopReason, TranspositionTable, TtEntry, Window,
};
use arachne_search::alphabeta::falphabeta_tt;
use arachne_search::context::{self, Aborted, Ctx, Node, Scratch, SearchResult};
use arachne_search::ordering::OrderingState;
use arachne_search::SearchOptions;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::Mutex;
/// A principal line with its value (negamax, side to move at the line's first position).
#[derive(Clone, Debug)]
pub(crate) struct Line<M> {
    /// Value (fail-soft bound or exact, as the window says).
    pub score: Score,
    /// Principal variation from this node (may be empty or short).
    pub pv: Vec<M>,
}

impl<M: Copy> Line<M> {
    /// The parent's view of a child's line: negated value, `mv` prepended.
    pub(crate) fn child(self, mv: M) -> Line<M> {
        let mut pv = Vec::with_capacity(self.pv.len() + 1);
        pv.push(mv);
        pv.extend(self.pv);
        Line {
            score: -self.score,
            pv,
        }
    }
}

/// A fork point's cancel flag, linked to its ancestors' (see the module docs).
#[derive(Debug)]
pub(crate) struct Frame<'p> {
    cancelled: AtomicBool,
    parent: Option<&'p Frame<'p>>,
}

impl<'p> Frame<'p> {
    /// The root frame.
    pub(crate) fn root() -> Frame<'static> {
        Frame {
            cancelled: AtomicBool::new(false),
            parent: None,
        }
    }

    /// A frame below `self`.
    pub(crate) fn child(&'p self) -> Frame<'p> {
        Frame {
            cancelled: AtomicBool::new(false),
            parent: Some(self),
        }
    }

    /// Cancels every search under this frame.
    pub(crate) fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// True when this frame or an ancestor was cancelled.
    pub(crate) fn is_cancelled(&self) -> bool {
        let mut f = Some(self);
        while let Some(x) = f {
            if x.cancelled.load(Ordering::Relaxed) {
                return true;
            }
            f = x.parent;
        }
        false
    }

    /// True when this very frame was cancelled (by a cutoff at its fork point).
    pub(crate) fn cancelled_here(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// A son searched under this fork frame failed with `e`: the first such failure is kept
    /// in `err` and cancels the other sons, unless it came from this node's own cutoff
    /// (which cancelled the frame first), which is no failure.
    pub(crate) fn record_failure(&self, err: &mut Option<Aborted>, e: Aborted) {
        if !self.cancelled_here() && err.is_none() {
            *err = Some(e);
            self.cancel();
        }
    }
}

/// What every thread of one search shares.
pub(crate) struct Shared<'a, G: Game> {
    /// Options (ordering, quiescence, table size).
    pub opts: &'a SearchOptions,
    /// The caller's limits.
    limits: &'a Limits,
    /// Limits given to each thread's contexts: the caller's deadline and stop flag, no node
    /// budget (nodes are counted globally by [`Shared::poll`]).
    inner: Limits,
    /// The shared table.
    pub tt: &'a TranspositionTable,
    /// Nodes searched by all threads (updated every poll interval and at the end of each
    /// sub-search).
    nodes: AtomicU64,
    /// Set when a global limit stopped the search: every thread unwinds.
    halt: StopFlag,
    reason: AtomicU8,
    /// Depth of the iteration under way (`ybwc`, `jamboree`), the bound on check extensions
    /// of every context made for it ([`Ctx::set_root_depth`]).
    root_depth: AtomicU32,
    /// Per thread (the last slot for threads outside the pool): what its sub-searches carry.
    slots: Vec<Mutex<Slot<G::Move>>>,
}

/// What a thread's sub-searches carry from one to the next (see the module docs).
struct Slot<M> {
    ordering: Option<OrderingState<M>>,
    scratch: Scratch<M>,
    stats: Stats,
}

impl<'a, G: Game> Shared<'a, G> {
    /// The shared state of a search with `threads` threads.
    pub(crate) fn new(
        opts: &'a SearchOptions,
        limits: &'a Limits,
        tt: &'a TranspositionTable,
        threads: usize,
    ) -> Self {
        let halt = StopFlag::new();
        Shared {
            opts,
            limits,
            inner: Limits {
                depth: limits.depth,
                nodes: None,
                deadline: limits.deadline,
                stop: halt.clone(),
            },
            tt,
            nodes: AtomicU64::new(0),
            halt,
            reason: AtomicU8::new(0),
            root_depth: AtomicU32::new(limits.depth.unwrap_or(1)),
            slots: (0..threads.max(1) + 1)
                .map(|_| {
                    Mutex::new(Slot {
                        ordering: None,
                        scratch: Scratch::default(),
                        stats: Stats::default(),
                    })
                })
                .collect(),
        }
    }

    /// Sets the depth of the iteration under way (the bound on check extensions; contexts
    /// made afterwards take it). `lazy-smp` and `abdada`, whose threads search different
    /// depths at once, set it in each thread's context instead ([`Ctx::extend`] at ply 0).
    pub(crate) fn set_root_depth(&self, depth: u32) {
        self.root_depth.store(depth, Ordering::Relaxed);
    }

    /// The depth of a node of the parallel part at `ply` with `depth` plies nominally left:
    /// one more with the check extension on where [`Ctx::extend`] would give one (module docs
    /// of `arachne_search::context`, "Check extension").
    pub(crate) fn extend(&self, pos: &G, depth: u32, ply: usize) -> u32 {
        if !self.opts.check_extension {
            return depth;
        }
        context::extended_depth(pos, depth, ply, self.root_depth.load(Ordering::Relaxed))
    }

    /// The null-move test of a node of the parallel part (`arachne_search::context`, "Null
    /// move"), before its moves are searched: with the option on and the node not reached by
    /// a null move (`after_null`), the position after the pass and the reduced depth to search
    /// it with, in the window `(−beta, −beta + 1)`, marked as reached by a null move; then
    /// [`context::null_move_result`] of the negated result says whether the node fails high.
    /// The parallel nodes follow no principal line, as the serial searches of this module.
    pub(crate) fn null_move_try(
        &self,
        pos: &G,
        depth: u32,
        ply: usize,
        beta: Score,
        after_null: bool,
    ) -> Option<(G, u32)> {
        if !self.opts.null_move || after_null {
            return None;
        }
        context::null_move_try(pos, depth, ply, beta)
    }

    /// Why a global limit stopped the search, if one did.
    pub(crate) fn stop_reason(&self) -> Option<StopReason> {
        match self.reason.load(Ordering::Relaxed) {
            1 => Some(StopReason::Nodes),
            2 => Some(StopReason::Time),
            3 => Some(StopReason::Stopped),
            4 => Some(StopReason::Memory),
            _ => None,
        }
    }

    /// Stops every thread for `r`.
    pub(crate) fn halt(&self, r: StopReason) {
        let code = match r {
            StopReason::Nodes => 1,
            StopReason::Time => 2,
            StopReason::Stopped => 3,
            StopReason::Memory => 4,
        };
        let _ = self
            .reason
            .compare_exchange(0, code, Ordering::Relaxed, Ordering::Relaxed);
        self.halt.stop();
    }

    /// True once a global limit stopped the search.
    pub(crate) fn halted(&self) -> bool {
        self.halt.is_stopped()
    }

    /// Counts so far, summed over all sub-searches.
    pub(crate) fn stats(&self) -> Stats {
        let mut total = Stats::default();
        for s in &self.slots {
            total += s.lock().expect("slot lock").stats;
        }
        total
    }

    /// Adds `fresh` nodes to the global count and checks the global limits; then whether
    /// `frame` was cancelled. Called by every context every few thousand nodes.
    pub(crate) fn poll(&self, fresh: u64, frame: Option<&Frame>) -> Option<StopReason> {
        // Nothing to add: a load, so threads do not pass the counter's line to and fro.
        let n = if fresh == 0 {
            self.nodes.load(Ordering::Relaxed)
        } else {
            self.nodes.fetch_add(fresh, Ordering::Relaxed) + fresh
        };
        if self.halted() {
            return Some(StopReason::Stopped);
        }
        if let Some(r) = self.limits.check(n) {
            self.halt(r);
            return Some(r);
        }
        if frame.is_some_and(|f| f.is_cancelled()) {
            return Some(StopReason::Stopped);
        }
        None
    }

    fn slot(&self) -> usize {
        rayon::current_thread_index().map_or(self.slots.len() - 1, |i| i.min(self.slots.len() - 1))
    }

    /// Runs `f` with a fresh context for this thread: the thread's killer and history tables,
    /// the shared table, the global limits and `frame`'s cancellation. Its counts are added to
    /// the search's.
    pub(crate) fn with_ctx<R>(
        &self,
        frame: Option<&Frame>,
        f: impl FnOnce(&mut Ctx<G>) -> Result<R, Aborted>,
    ) -> Result<R, Aborted> {
        self.with_ctx_in(self.slot(), frame, f)
    }

    /// [`Shared::with_ctx`] for the thread numbered `slot` (threads not in a rayon pool).
    pub(crate) fn with_ctx_in<R>(
        &self,
        slot: usize,
        frame: Option<&Frame>,
        f: impl FnOnce(&mut Ctx<G>) -> Result<R, Aborted>,
    ) -> Result<R, Aborted> {
        let slot = &self.slots[slot.min(self.slots.len() - 1)];
        // A context polls only every few thousand nodes, and many sub-searches are smaller:
        // look at the limits and the frame before each one.
        if let Some(r) = self.poll(0, frame) {
            return Err(Aborted(r));
        }
        let hook = |fresh: u64, _: &Stats| self.poll(fresh, frame);
        let (ordering, scratch) = {
            let mut s = slot.lock().expect("slot lock");
            (s.ordering.take(), std::mem::take(&mut s.scratch))
        };
        let mut ctx: Ctx<G> =
            Ctx::with_scratch(self.opts, &self.inner, Some(self.tt), scratch).with_abort(&hook);
        ctx.set_root_depth(self.root_depth.load(Ordering::Relaxed));
        if let Some(o) = ordering {
            ctx.set_ordering(o);
        }
        let r = f(&mut ctx);
        let fresh = ctx.unpolled_nodes();
        // Counts the nodes and notices a deadline or node budget passed meanwhile.
        let _ = self.poll(fresh, None);
        {
            let mut s = slot.lock().expect("slot lock");
            s.ordering = Some(ctx.take_ordering());
            s.scratch = ctx.take_scratch();
            s.stats += ctx.stats;
        }
        if let Err(Aborted(StopReason::Time)) = r {
            // The deadline fired inside the context: stop every thread.
            self.halt(StopReason::Time);
        }
        r
    }

    /// A serial sub-search [`ab_tt`] of `pos` (`depth` plies left, at `ply`) with its line;
    /// `after_null`: `pos` was reached by a null move (none is tried at its root).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn serial(
        &self,
        frame: &Frame,
        pos: &G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        after_null: bool,
    ) -> Result<Line<G::Move>, Aborted> {
        self.with_ctx(Some(frame), |ctx| {
            if after_null {
                ctx.after_null_move(ply);
            }
            let score = ab_tt(ctx, pos, depth, ply, alpha, beta)?;
            Ok(Line {
                score,
                pv: ctx.pv(ply).to_vec(),
            })
        })
    }

    /// Opens a node of the parallel part: a bottom position's value, a value from the table,
    /// or its successors in search order with their generation-order indices.
    pub(crate) fn open(
        &self,
        frame: &Frame,
        pos: &G,
        depth: u32,
        ply: usize,
        window: Window,
    ) -> Result<Opened<G::Move>, Aborted> {
        self.with_ctx(Some(frame), |ctx| {
            ctx.enter(ply)?;
            if ply > 0 {
                if let Some(s) = ctx.tt_cut(pos, depth, ply, window) {
                    return Ok(Opened::Value(s));
                }
            }
            match ctx.node(pos, depth, ply) {
                Node::Leaf(v) => Ok(Opened::Value(v)),
                Node::Interior(n) => Ok(Opened::Moves(
                    (0..n)
                        .map(|i| (ctx.move_at(ply, i), ctx.gen_index(ply, i)))
                        .collect(),
                )),
            }
        })
    }

    /// Stores a parallel node's result in the table (`window`: the node's original window;
    /// `best`: the generation-order index of the best move).
    pub(crate) fn store(
        &self,
        pos: &G,
        depth: u32,
        ply: usize,
        score: Score,
        window: Window,
        best: Option<u16>,
    ) {
        let (Some(key), true) = (pos.hash(), depth <= 255) else {
            return;
        };
        let bound = if score <= window.alpha {
            Bound::Upper
        } else if score >= window.beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(
            key,
            TtEntry {
                score: score.to_node_relative(ply as u32),
                depth: depth as u8,
                bound,
                move_index: best.filter(|&g| g != u16::MAX),
            },
        );
    }
}

/// What [`Shared::open`] found.
#[derive(Clone, Debug)]
pub(crate) enum Opened<M> {
    /// The node is settled: a bottom position or a table value.
    Value(Score),
    /// Successors in search order, with generation-order indices.
    Moves(Vec<(M, u16)>),
}

/// The serial search below the split depth: [`falphabeta_tt`], fail-soft alpha-beta (seed 000
/// §8.1) on the serial alpha-beta's fast path that also takes a value from the shared table
/// when an entry of exactly this draft settles the node for the window (as MT does,
/// [`Ctx::tt_cut`]), so threads profit from each other's finished subtrees. Fail-soft results
/// are stored as bounds at nodes with at least two plies left
/// ([`arachne_search::alphabeta::MIN_TT_DEPTH`]). With the check extension or the null move
/// on it is the same search on `falphabeta`'s loop, which honours them (see the module docs).
pub(crate) fn ab_tt<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> SearchResult {
    falphabeta_tt(ctx, pos, depth, ply, alpha, beta)
}
