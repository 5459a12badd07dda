//! `abdada` — Alpha-Bêta Distribué avec Droit d'Aînesse: J.-C. Weill, *The ABDADA Distributed
//! Minimax Search Algorithm*, ACM Computer Science Conference 1996 / ICCA Journal 19(1), 1996.
//!
//! Every thread runs the same iterative-deepening search from the root on the shared table.
//! Work is divided by *deferral*: at a node, the eldest son (droit d'aînesse) is searched at
//! once; a younger son is searched *exclusively*: if another thread is already searching it,
//! the son is skipped for now ("deferred") and the node goes on with its other sons. A second
//! pass revisits the deferred sons non-exclusively; by then the other thread has usually
//! finished and stored the son's value in the shared table, so the revisit costs one probe.
//!
//! Choices where the paper leaves room:
//! * Weill counts the threads searching a node in its table entry (`nproc`). We keep the
//!   transposition table's entry format unchanged and mark nodes being searched in a small
//!   separate lock-free table of position keys ([`Busy`], as Kerrigan's "simplified ABDADA"):
//!   a thread entering a node swaps its key into the node's slot — one atomic operation that
//!   both tests and marks, before the node's moves are generated, so two threads arriving
//!   together cannot both find it free — and clears it on leaving, after storing the node's
//!   value in the table (a thread that finds the mark gone finds the value). Testing first
//!   and marking after move generation, as before, cost 1–2 % more nodes at 2 threads on
//!   Othello. Collisions only cost efficiency: a wrongly "busy" node is deferred, then searched
//!   anyway in the second pass; a lost mark means two threads search the same node.
//! * Nodes with fewer than [`MIN_DEFER_DEPTH`] plies left are searched by [`super::ab_tt`]
//!   without deferral, on the serial search's fast path (marking them would cost more than it
//!   saves). Deferring from 3 plies left instead (fewer marks, but subtrees of two plies
//!   searched twice) was no faster on Othello at 2 threads (4 paired runs at depths 7 and 9,
//!   all slightly slower, within the noise).
//! * A son deferred in the first pass is remembered in a list (allocated only when a son is
//!   deferred); the second pass searches the list in order.
//! * A thread notices that its iteration was completed by another thread at its next node
//!   with at least [`MIN_DEFER_DEPTH`] plies left (a load of the iteration's cancel flag), not
//!   only at the context's poll every few thousand positions: on small searches (Othello at
//!   depth 7 takes about 2 ms) waiting for the poll left a thread on a finished iteration for
//!   a large part of the search.
//! * Iterations: the first thread to complete depth `d` records it and cancels depth `d` in
//!   the others, which go on with depth `d + 1` on the warm table. The search ends when depth
//!   `depth` is complete. Each completed iteration is an exact search (every son is searched or
//!   cut off in one of the two passes), so the value is the serial value. Three ways to waste
//!   less at iteration ends were measured and dropped (node counts at 2 threads on Othello
//!   unchanged within ±1 %, docs/benchmarks-history.md): a thread whose root has only
//!   busy sons left moves on to the next iteration instead of joining them; helpers run one
//!   iteration ahead of thread 0; a thread abandons a subtree as soon as the table settles one
//!   of its ancestors for its window. Waiting for a busy son of two plies instead of joining it
//!   made no difference either: the extra nodes of 2 threads are mostly nodes the serial order
//!   never visits (younger sons searched before an elder one's bound is known) and nodes
//!   re-searched with another thread's window, not work duplicated at iteration ends.
//! * Fixed cost. Thread 0 is the caller's; the helpers are jobs of a pool kept for the process.
//!   A rayon worker with nothing to do falls asleep within microseconds, and waking it (and,
//!   at the end, waking thread 0 from the scope's latch) cost about 60 µs per 2-thread search
//!   — 5 % of an Othello search at depth 7. So after a search the helpers *linger* for
//!   [`LINGER`] (a pool job that runs the next search's helper at once if one arrives, giving
//!   the core away with `sched_yield` meanwhile), and thread 0 spins up to [`END_SPIN`] for the
//!   helpers to return. Searches in quick succession (iterative deepening by the caller, a
//!   benchmark, a game's moves) then cost about 12 µs each in fixed cost. Helpers do not linger
//!   when there are more threads than cores.
use super::lazy_smp::Iteration;
use super::{ab_tt, Frame, Shared};
use crate::ParError;
use arachne_core::{Game, Score, StopReason, Window};
use arachne_search::context::{Aborted, Ctx, Node};
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Nodes with fewer plies left are never deferred.
pub(crate) const MIN_DEFER_DEPTH: u32 = 2;

/// Slots of the [`Busy`] table per thread. At most one node per ply of each thread's current
/// path is marked (a few dozen per thread), so 1024 slots per thread keep collisions (which
/// only cost a needless deferral) rare, while the table stays small enough to build per search:
/// 2 threads, 16 KiB (the 512 KiB table used before cost a measurable part of Othello's
/// 2-millisecond searches).
pub(crate) const BUSY_SLOTS_PER_THREAD: usize = 1024;

/// Which nodes are being searched (see the module docs).
#[derive(Debug)]
pub(crate) struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    /// A table of `n` (rounded up to a power of two) slots.
    pub(crate) fn new(n: usize) -> Busy {
        let n = n.max(1).next_power_of_two();
        Busy {
            slots: (0..n).map(|_| AtomicU64::new(0)).collect(),
        }
    }
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }
    /// Marks `key` as being searched; false when it already was.
    pub(crate) fn try_enter(&self, key: u64) -> bool {
        self.slot(key).swap(key, Ordering::Relaxed) != key
    }
    /// Clears the mark of `key` (if still there).
    pub(crate) fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// Runs ABDADA with `threads` threads to `depth` plies; `report` gets each completed depth in
/// order. Returns the deepest completed iteration. Thread 0 is the caller's; the others are
/// jobs of the pool of `threads − 1` workers ([`super::pool`]). With `aspiration` (a
/// half-width), a thread opens depth `d` with a window around the value of depth `d − 1`
/// ([`super::aspirated`], as [`super::search`] describes).
pub(crate) fn abdada<G: Game>(
    sh: &Shared<G>,
    root: &G,
    depth: u32,
    threads: usize,
    aspiration: Option<i32>,
    report: &mut dyn FnMut(Iteration<G::Move>),
) -> Result<Option<Iteration<G::Move>>, ParError> {
    let helpers = if threads > 1 {
        Some(super::pool(threads - 1)?)
    } else {
        None
    };
    let busy = Busy::new(BUSY_SLOTS_PER_THREAD * threads);
    let frames: Vec<Frame> = (0..=depth).map(|_| Frame::root()).collect();
    let finished = AtomicU32::new(0);
    let results: Mutex<Vec<Option<Iteration<G::Move>>>> =
        Mutex::new(vec![None; depth as usize + 1]);
    // Reports the completed iterations not yet reported, in order; called by thread 0 before
    // each of its iterations (a completed depth cancels that depth in every thread, so thread 0
    // passes here at once) and once at the end — so `go infinite` shows each depth as it ends.
    let mut next = 1usize;
    let mut last = None;
    let mut flush = |all: bool| {
        let res = results.lock().expect("abdada lock");
        while next < res.len() {
            match &res[next] {
                Some(it) => {
                    report(it.clone());
                    last = Some(it.clone());
                }
                None if !all => break,
                None => {}
            }
            next += 1;
        }
    };
    let run = |k: usize, flush: &mut dyn FnMut(bool)| {
        let mut d = 1;
        loop {
            flush(false);
            d = d.max(finished.load(Ordering::Relaxed) + 1);
            if d > depth || sh.halted() {
                return;
            }
            let prev = match d {
                1 => None,
                _ => results.lock().expect("abdada lock")[d as usize - 1]
                    .as_ref()
                    .map(|it| it.1),
            };
            let r = sh.with_ctx_in(k, Some(&frames[d as usize]), |ctx| {
                let it = Iter {
                    busy: &busy,
                    frame: &frames[d as usize],
                };
                let v = super::aspirated(
                    aspiration,
                    prev,
                    |a, b| {
                        search(ctx, &it, root, d, 0, a, b, false)
                            .map(|v| v.expect("the root is never deferred"))
                    },
                    |v| *v,
                )?;
                Ok((v, ctx.pv(0).to_vec()))
            });
            if let Ok((v, pv)) = r {
                let mut res = results.lock().expect("abdada lock");
                if res[d as usize].is_none() {
                    res[d as usize] = Some((d, v, pv));
                }
                finished.fetch_max(d, Ordering::Relaxed);
                frames[d as usize].cancel();
            }
            d += 1;
        }
    };
    match &helpers {
        Some(pool) => {
            let running = AtomicUsize::new(threads - 1);
            pool.in_place_scope(|s| {
                for k in 1..threads {
                    let (run, running) = (&run, &running);
                    s.spawn(move |_| {
                        run(k, &mut |_| {});
                        running.fetch_sub(1, Ordering::Release);
                    });
                }
                run(0, &mut flush);
                // The helpers see the end at their next node: wait for them here, spinning,
                // rather than asleep at the end of the scope (a wake-up takes tens of µs).
                let t0 = Instant::now();
                while running.load(Ordering::Acquire) > 0 && t0.elapsed() < END_SPIN {
                    std::hint::spin_loop();
                }
            });
            if threads <= cores() {
                for _ in 1..threads {
                    pool.spawn(linger);
                }
            }
        }
        None => run(0, &mut flush),
    }
    flush(true);
    Ok(last)
}

/// How long a helper thread stays awake after a search, waiting for the next one.
pub(crate) const LINGER: Duration = Duration::from_millis(2);

/// How long thread 0 spins at the end of a search for the helpers to return before it sleeps.
pub(crate) const END_SPIN: Duration = Duration::from_millis(1);

/// The cores this process may use (1 if unknown), asked once.
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// A job of the helpers' pool that keeps its worker awake for [`LINGER`]: the worker runs the
/// next job that arrives (a helper of the next search) at once, instead of after the wake-up
/// of a sleeping thread. It yields the core to other threads while it waits.
fn linger() {
    let t0 = Instant::now();
    while t0.elapsed() < LINGER {
        match rayon::yield_now() {
            Some(rayon::Yield::Executed) => return,
            _ => std::thread::yield_now(),
        }
    }
}

/// One thread's iteration: the busy table and the iteration's cancel flag.
struct Iter<'a> {
    busy: &'a Busy,
    frame: &'a Frame<'a>,
}

/// ABDADA's node: `Ok(None)` when `exclusive` and another thread is searching `pos`.
#[allow(clippy::too_many_arguments)]
fn search<G: Game>(
    ctx: &mut Ctx<G>,
    it: &Iter,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
    exclusive: bool,
) -> Result<Option<Score>, Aborted> {
    // With the check extension on (at ply 0: the root's depth is recorded for its bound), a
    // node in check searched by `ab_tt` is extended there: hand it the nominal depth.
    let extended = ctx.extend(pos, depth, ply);
    if extended < MIN_DEFER_DEPTH {
        return ab_tt(ctx, pos, depth, ply, alpha, beta).map(Some);
    }
    let depth = extended;
    if it.frame.cancelled_here() {
        return Err(Aborted(StopReason::Stopped));
    }
    ctx.enter(ply)?;
    let window = Window::new(alpha, beta);
    if ply > 0 {
        if let Some(s) = ctx.tt_cut(pos, depth, ply, window) {
            return Ok(Some(s));
        }
    }
    let key = pos.hash();
    let busy = it.busy;
    if let Some(k) = key {
        if !busy.try_enter(k) && exclusive {
            return Ok(None);
        }
    }
    let n = match ctx.node(pos, depth, ply) {
        Node::Leaf(v) => {
            if let Some(k) = key {
                busy.leave(k);
            }
            return Ok(Some(v));
        }
        Node::Interior(n) => n,
    };
    // The null move first (`None` unless the option is on), searched non-exclusively.
    let null = ctx.null_move_cut(pos, depth, ply, beta, |ctx, p, d, pl, a, b| {
        search(ctx, it, p, d, pl, a, b, false).map(|v| v.expect("only exclusive searches defer"))
    });
    let r = match null {
        Ok(Some(v)) => Ok((v, None, true)),
        Ok(None) => sons(ctx, it, pos, depth, ply, window, n).map(|(m, b)| (m, b, false)),
        Err(e) => Err(e),
    };
    // The value goes to the table before the mark is cleared: a thread that finds the node
    // no longer busy finds its value. (A null-move fail high is not stored, as in the serial
    // search.)
    if let Ok((m, best, false)) = r {
        ctx.tt_store(pos, depth, ply, m, window, best);
    }
    if let Some(k) = key {
        busy.leave(k);
    }
    r.map(|(m, _, _)| Some(m))
}

/// The two passes over the `n` sons of an opened node searched in `window`: the value and the
/// best son's index.
fn sons<G: Game>(
    ctx: &mut Ctx<G>,
    it: &Iter,
    pos: &G,
    depth: u32,
    ply: usize,
    window: Window,
    n: usize,
) -> Result<(Score, Option<usize>), Aborted> {
    let Window { alpha, beta } = window;
    let mut deferred = Vec::new();
    let mut m = -Score::INF;
    let mut best = None;
    // Step k < n of the first pass searches son k (the younger ones exclusively); step
    // k ≥ n of the second pass the deferred son `deferred[k − n]`, non-exclusively.
    for k in 0.. {
        let (i, exclusive) = if k < n {
            (k, k > 0)
        } else if let Some(&i) = deferred.get(k - n) {
            (i, false)
        } else {
            break;
        };
        let child = pos.play(ctx.move_at(ply, i));
        let r = search(
            ctx,
            it,
            &child,
            depth - 1,
            ply + 1,
            -beta,
            -m.max(alpha),
            exclusive,
        )?;
        let Some(t) = r else {
            deferred.push(i);
            continue;
        };
        let t = -t;
        if t > m {
            m = t;
            best = Some(i);
            if m < beta || ply == 0 {
                ctx.new_best(ply, i);
            }
            if m >= beta {
                ctx.cutoff(pos, ply, i, depth);
                return Ok((m, best));
            }
        }
    }
    Ok((m, best))
}
