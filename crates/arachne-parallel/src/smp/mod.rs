//! Shared-memory multicore search: several threads of one process search one game tree and
//! share one lock-free transposition table ([`arachne_core::TranspositionTable`], see its
//! race semantics).
//!
//! | name | file | source |
//! |------|------|--------|
//! | `ybwc` | [`ybwc`] | Feldmann, *Game Tree Search on Massively Parallel Systems* (1993): Young Brothers Wait |
//! | `jamboree` | [`jamboree`] | Joerg & Kuszmaul, *Massively Parallel Chess* (1994), Kuszmaul (1995); seed 002 §6.2 |
//! | `lazy-smp` | [`lazy_smp`] | the Stockfish / computer-chess community's Lazy SMP (2013–), its thread vote |
//! | `abdada` | [`abdada`] | Weill, *The ABDADA Distributed Minimax Search Algorithm* (1996) |
//!
//! [`work_span`] measures Cilk-style work W and span T∞ of `ybwc` and `jamboree` on one core and
//! schedules the measured task graph greedily on P virtual processors (seed 002 §6.2.1, §6.2.4).
//!
//! # Runtime
//!
//! `ybwc` and `jamboree` are fork–join algorithms: a node forks its younger brothers (or its
//! null-window tests) once the eldest brother is searched, and joins them. They run on a
//! [rayon](https://docs.rs/rayon) pool of `threads` workers. Rayon was chosen over a hand-built
//! crossbeam-deque scheduler because its `scope`/`spawn` is exactly Cilk's spawn/sync with
//! randomized work stealing (the model in which seed 002 measured Jamboree), and because a
//! worker that waits at a join keeps stealing and running other tasks: that is YBWC's
//! *helpful master* for free. `lazy-smp` and `abdada` are not fork–join (every thread searches
//! the whole tree): `lazy-smp` runs on `std::thread::scope` threads, `abdada` its thread 0 on
//! the caller's thread and the others as jobs of a pool of `threads − 1` workers, which stay
//! awake for 2 ms after a search so that the next one starts without a wake-up ([`abdada`]).
//!
//! Pools are kept for the life of the process, one per size ([`pool`]): starting threads costs
//! tens of microseconds each time (130 µs for one `std::thread::scope` spawn and join on the
//! loaded 2-core machine), a noticeable part of a 2-millisecond search (Othello at depth 7).
//! Searches running at the same time with the same thread count share a pool.
//!
//! # What every algorithm shares
//!
//! * Below its split depth every algorithm runs [`ab_tt`], the one serial search of this module:
//!   `arachne-search`'s [`falphabeta_tt`], fail-soft alpha-beta (seed 000 §8.1) on the serial
//!   alpha-beta's fast path (frontier nodes and the nodes above them searched inline, bottom
//!   positions valued by their static values alone) over [`Ctx`] — the serial searchers' move
//!   ordering (table move, the game's hint such as MVV/LVA, killers, history), quiescence and
//!   statistics — that takes values from the shared table at equal draft.
//! * Killer and history tables, the context's buffers and the statistics are per worker thread
//!   and carried from one sub-search to the next ([`Ctx::take_ordering`],
//!   [`Ctx::take_scratch`]), as a serial search carries them: a sub-search allocates nothing
//!   once its thread has searched one as deep, and takes no lock another thread uses.
//! * **Cancellation.** Every fork point owns a [`Frame`] with a cancel flag; a sub-search's
//!   context polls its chain of frames every few thousand nodes ([`Ctx::with_abort`]). When a
//!   brother fails high, the fork point cancels its frame: running brothers unwind within a
//!   poll interval, brothers not yet started return at once.
//! * Limits (stop flag, deadline, node budget) are global: nodes are counted across threads.
//! * **Engine options.** The check extension and the null move of [`SearchOptions`]
//!   (`arachne_search::context`, "Check extension" and "Null move") are honoured everywhere in
//!   the tree. Below the split depth [`ab_tt`] takes `falphabeta`'s loop when either is on
//!   ([`arachne_search::falphabeta::falphabeta_tt_engine`]: the same table discipline, bottom
//!   positions' quiescence in the node's window as the serial engine's), and its fast path
//!   otherwise, unchanged. Above it, `abdada` and `lazy-smp` search in one context per thread
//!   and call [`Ctx::extend`] and [`Ctx::null_move_cut`] as `falphabeta` does; the nodes of
//!   `ybwc` and `jamboree` extend a node in check ([`Shared::extend`], bounded by the depth of
//!   the iteration under way) and try the null move before the eldest brother
//!   ([`Shared::null_move_try`]), searching the pass with the same parallel search, marked so
//!   that no second pass follows it, into the serial sub-searches too
//!   ([`Ctx::after_null_move`]). As in the serial search, values then depend on the pruning;
//!   where no null move is possible (games without one, kings-and-pawns endings) every
//!   algorithm returns the serial `falphabeta`'s value with the same options (tested).
//! * **Aspiration.** `ybwc`, `jamboree` and `abdada` take `aspiration=D`: each iteration after
//!   the first opens with the window `(v − D, v + D)` around the previous value, as the serial
//!   `aspiration` (see [`search`]); the UCI engine gives them D = [`DEFAULT_ASPIRATION`].
//!   `lazy-smp`'s threads always open with windows of their own widths.
//!
//! # Values
//!
//! At a fixed depth on trees without transpositions (and without the null move) `ybwc`,
//! `jamboree` and `abdada` return exactly the serial negamax value for every thread count (tested on random trees and on the
//! chess, checkers and Othello bench positions); the table is used for values only at equal
//! draft, so the same holds with transpositions. `lazy-smp` guarantees less: see its module.
pub mod abdada;
pub mod jamboree;
pub mod lazy_smp;
pub mod work_span;
pub mod ybwc;

use crate::ParError;
use arachne_core::{
    Bound, Game, Limits, Score, Stats, StopFlag, StopReason, TranspositionTable, TtEntry, TtError,
    Window,
};
use arachne_search::alphabeta::falphabeta_tt;
use arachne_search::context::{self, null_move_result, Aborted, Ctx, Node, Scratch, SearchResult};
use arachne_search::ordering::OrderingState;
use arachne_search::{SearchOptions, SearchOutcome, ValueKind};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Default depth below which `ybwc` and `jamboree` search serially (seed 002 §6.2.4 uses 3:
/// "when the depth of the searched subtree becomes smaller than 3, we switch to Alpha-Beta").
pub const DEFAULT_SERIAL_DEPTH: u32 = 3;

/// Most threads a shared-memory search accepts.
pub const MAX_THREADS: usize = 256;

/// A shared-memory algorithm with its options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SmpAlgo {
    /// Young Brothers Wait; subtrees shallower than `serial` plies are searched serially.
    Ybwc {
        /// Serial depth.
        serial: u32,
        /// Aspiration half-width of each iteration after the first (see [`search`]).
        aspiration: Option<i32>,
    },
    /// Jamboree; subtrees shallower than `serial` plies are searched serially.
    Jamboree {
        /// Serial depth.
        serial: u32,
        /// Aspiration half-width of each iteration after the first (see [`search`]).
        aspiration: Option<i32>,
    },
    /// Lazy SMP (its threads always open an iteration with an aspiration window of their own).
    LazySmp,
    /// ABDADA.
    Abdada {
        /// Aspiration half-width of each iteration after the first (see [`search`]).
        aspiration: Option<i32>,
    },
}

/// The aspiration half-width the UCI engine gives the shared-memory algorithms that take one,
/// the same as the serial `aspiration`'s default.
pub const DEFAULT_ASPIRATION: i32 = 50;

impl SmpAlgo {
    /// The aspiration half-width, for the algorithms that take one.
    pub fn aspiration(&self) -> Option<i32> {
        match *self {
            SmpAlgo::Ybwc { aspiration, .. }
            | SmpAlgo::Jamboree { aspiration, .. }
            | SmpAlgo::Abdada { aspiration } => aspiration,
            SmpAlgo::LazySmp => None,
        }
    }

    /// `self` with aspiration windows of half-width `delta` where the algorithm takes them
    /// and none was given (`lazy-smp` has its own: unchanged).
    pub fn or_aspiration(self, delta: i32) -> SmpAlgo {
        match self {
            SmpAlgo::Ybwc { serial, aspiration } => SmpAlgo::Ybwc {
                serial,
                aspiration: aspiration.or(Some(delta)),
            },
            SmpAlgo::Jamboree { serial, aspiration } => SmpAlgo::Jamboree {
                serial,
                aspiration: aspiration.or(Some(delta)),
            },
            SmpAlgo::Abdada { aspiration } => SmpAlgo::Abdada {
                aspiration: aspiration.or(Some(delta)),
            },
            SmpAlgo::LazySmp => SmpAlgo::LazySmp,
        }
    }
}

/// Why a shared-memory search could not run (the search itself never fails: a limit ends it
/// with the last completed iteration).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SmpError {
    /// A thread count outside `1..=MAX_THREADS`.
    #[error("--threads must be between 1 and {MAX_THREADS} (got {0})")]
    Threads(usize),
    /// The search's own table (no table given) could not be made: a size outside the table's
    /// range, or memory the allocator refused.
    #[error("--hash: {0}")]
    Table(#[from] TtError),
    /// The thread pool could not be started.
    #[error("{0}")]
    Pool(String),
}

impl From<SmpError> for ParError {
    fn from(e: SmpError) -> ParError {
        ParError(e.to_string())
    }
}

impl From<ParError> for SmpError {
    fn from(e: ParError) -> SmpError {
        SmpError::Pool(e.0)
    }
}

/// One line per algorithm, for `arachne algos`.
pub const CATALOGUE: &[(&str, &str)] = &[
    ("ybwc", "Young Brothers Wait (Feldmann): eldest brother first, younger brothers in parallel on a work-stealing pool; ybwc:serial=N (default 3),aspiration=D (aspiration windows, off by default); --threads T; honours --null-move and --check-extension"),
    ("jamboree", "Jamboree (Joerg & Kuszmaul): first child full window, the rest null-window tests in parallel, fail-highs re-searched in order; jamboree:serial=N (default 3),aspiration=D; --threads T; honours --null-move and --check-extension (seed 002 §6.2)"),
    ("lazy-smp", "Lazy SMP: every thread searches the root on the shared table, varied by depth offset, move order and aspiration width; best move by vote (score - min + 14) x depth; --threads T; honours --null-move and --check-extension"),
    ("abdada", "ABDADA (Weill): a node another thread is searching is deferred and revisited; abdada:aspiration=D; --threads T; honours --null-move and --check-extension"),
];

impl FromStr for SmpAlgo {
    type Err = ParError;
    fn from_str(s: &str) -> Result<Self, ParError> {
        let spec = arachne_core::parse::Spec::parse(s, "algorithm").map_err(ParError)?;
        let name = spec.name.to_ascii_lowercase();
        let mut serial = None;
        let mut aspiration = None;
        for (k, v) in &spec.pairs {
            match k.as_str() {
                "serial" => {
                    let v: u32 = v
                        .parse()
                        .map_err(|_| ParError(format!("{name}: serial=`{v}` is not a depth")))?;
                    if v == 0 || v > 64 {
                        return Err(ParError(format!("{name}: serial must be between 1 and 64")));
                    }
                    serial = Some(v);
                }
                "aspiration" => {
                    let v: i32 = v.parse().map_err(|_| {
                        ParError(format!(
                            "{name}: aspiration=`{v}` is not a window half-width"
                        ))
                    })?;
                    if !(1..=Score::MAX_EVAL).contains(&v) {
                        return Err(ParError(format!(
                            "{name}: aspiration must be between 1 and {}",
                            Score::MAX_EVAL
                        )));
                    }
                    aspiration = Some(v);
                }
                _ => return Err(ParError(format!("{name}: unknown option `{k}`"))),
            }
        }
        let serial_ok = |a: SmpAlgo| {
            if serial.is_some() && matches!(a, SmpAlgo::LazySmp | SmpAlgo::Abdada { .. }) {
                Err(ParError(format!("{name}: unknown option `serial`")))
            } else if aspiration.is_some() && a == SmpAlgo::LazySmp {
                Err(ParError(format!(
                    "{name}: unknown option `aspiration` (lazy-smp's threads use aspiration \
                     windows of their own widths)"
                )))
            } else {
                Ok(a)
            }
        };
        let serial = serial.unwrap_or(DEFAULT_SERIAL_DEPTH);
        match name.as_str() {
            "ybwc" => Ok(SmpAlgo::Ybwc { serial, aspiration }),
            "jamboree" => Ok(SmpAlgo::Jamboree { serial, aspiration }),
            "lazy-smp" | "lazysmp" | "lazy" => serial_ok(SmpAlgo::LazySmp),
            "abdada" => serial_ok(SmpAlgo::Abdada { aspiration }),
            other => Err(ParError(format!(
                "unknown shared-memory algorithm `{other}` (known: {})",
                CATALOGUE.iter().map(|c| c.0).collect::<Vec<_>>().join(", ")
            ))),
        }
    }
}

impl fmt::Display for SmpAlgo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmpAlgo::Ybwc { serial, .. } => write!(f, "ybwc:serial={serial}")?,
            SmpAlgo::Jamboree { serial, .. } => write!(f, "jamboree:serial={serial}")?,
            SmpAlgo::LazySmp => write!(f, "lazy-smp")?,
            SmpAlgo::Abdada { .. } => write!(f, "abdada")?,
        }
        match (self.aspiration(), self) {
            (None, _) => Ok(()),
            (Some(d), SmpAlgo::Abdada { .. }) => write!(f, ":aspiration={d}"),
            (Some(d), _) => write!(f, ",aspiration={d}"),
        }
    }
}

/// True when `name` (before any `:options`) is a shared-memory algorithm.
pub fn is_smp_name(spec: &str) -> bool {
    let name = spec
        .split(':')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    matches!(
        name.as_str(),
        "ybwc" | "jamboree" | "lazy-smp" | "lazysmp" | "lazy" | "abdada"
    )
}

/// Runs `algo` with `threads` threads on `root`: iterative deepening to `limits.depth` (one ply
/// when `None`), each stage a complete parallel search, `report` called after each completed
/// stage. A stage that a limit interrupts is discarded, as in serial staged iteration: the
/// outcome is the last completed stage (kind [`ValueKind::Unknown`] if none completed).
///
/// With an aspiration half-width `δ` (`ybwc`, `jamboree`, `abdada`: `aspiration=δ`), every
/// stage after the first whose predecessor's value `v` is not a mate score opens with the
/// window `(v − δ, v + δ)` and, on a failure, is searched again with the fail-soft bound, as
/// the serial `aspiration` does (`(−∞, g + 1)` after a fail low with result `g`, `(g − 1,
/// +∞)` after a fail high): the stage's value is still exact.
///
/// Every option of `opts` is honoured, the check extension and the null move included, in the
/// parallel part of the tree as in the serial sub-searches (see the module docs).
///
/// `tt`: a caller-owned table (kept between searches, e.g. by the UCI engine); without one a
/// table of `opts.tt_mib` MiB (at least 1) is made for the search, fallibly: a size the
/// machine cannot hold is [`SmpError::Table`], not an abort.
pub fn search<G: Game>(
    algo: &SmpAlgo,
    root: &G,
    limits: &Limits,
    opts: &SearchOptions,
    threads: usize,
    tt: Option<&TranspositionTable>,
    report: &mut dyn FnMut(&SearchOutcome<G::Move>),
) -> Result<SearchOutcome<G::Move>, SmpError> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(SmpError::Threads(threads));
    }
    let start = Instant::now();
    let own;
    let tt = match tt {
        Some(t) => t,
        None => {
            own = TranspositionTable::try_with_mib(opts.tt_mib.max(1))?;
            &own
        }
    };
    tt.new_search();
    let depth = limits.depth.unwrap_or(1).max(1);
    let sh = Shared::new(opts, limits, tt, threads);
    let finish = |sh: &Shared<G>, line: Option<(u32, Score, Vec<G::Move>)>| {
        let (depth, value, kind, pv) = match line {
            Some((d, v, pv)) => (d, v, ValueKind::Exact, pv),
            None => (0, Score(0), ValueKind::Unknown, Vec::new()),
        };
        SearchOutcome {
            value,
            kind,
            best_move: pv.first().copied(),
            pv,
            depth,
            stats: sh.stats(),
            elapsed: start.elapsed(),
            stopped: sh.stop_reason(),
        }
    };
    let last = match *algo {
        SmpAlgo::Ybwc { serial, aspiration } | SmpAlgo::Jamboree { serial, aspiration } => {
            let pool = pool(threads)?;
            let jam = matches!(algo, SmpAlgo::Jamboree { .. });
            let mut last: Option<(u32, Score, Vec<G::Move>)> = None;
            for d in 1..=depth {
                sh.set_root_depth(d);
                let run = |alpha: Score, beta: Score| {
                    pool.install(|| {
                        let frame = Frame::root();
                        if jam {
                            jamboree::jamboree(&sh, &frame, root, d, 0, alpha, beta, serial)
                        } else {
                            ybwc::ybwc(&sh, &frame, root, d, 0, alpha, beta, serial)
                        }
                    })
                };
                let prev = last.as_ref().map(|l| l.1);
                let r = aspirated(aspiration, prev, run, |l| l.score);
                match r {
                    Ok(line) if sh.stop_reason().is_none() => {
                        last = Some((d, line.score, line.pv));
                        report(&finish(&sh, last.clone()));
                    }
                    _ => break,
                }
            }
            last
        }
        SmpAlgo::LazySmp => lazy_smp::lazy_smp(&sh, root, depth, threads, &mut |l| {
            report(&finish(&sh, Some(l)))
        }),
        SmpAlgo::Abdada { aspiration } => {
            abdada::abdada(&sh, root, depth, threads, aspiration, &mut |l| {
                report(&finish(&sh, Some(l)))
            })?
        }
    };
    Ok(finish(&sh, last))
}

/// One stage searched by `run(α, β)` with aspiration windows of half-width `delta` around
/// `prev`, the previous stage's value (see [`search`]); a full window without either, or when
/// `prev` is a mate score. `score` reads a result's fail-soft value.
pub fn aspirated<T, E>(
    delta: Option<i32>,
    prev: Option<Score>,
    mut run: impl FnMut(Score, Score) -> Result<T, E>,
    score: impl Fn(&T) -> Score,
) -> Result<T, E> {
    let inf = Score::INF;
    let (Some(delta), Some(v)) = (delta, prev.filter(|v| !v.is_decisive())) else {
        return run(-inf, inf);
    };
    let alpha = Score((v.0 as i64 - delta as i64).max(-inf.0 as i64) as i32);
    let beta = Score((v.0 as i64 + delta as i64).min(inf.0 as i64) as i32);
    let r = run(alpha, beta)?;
    let g = score(&r);
    if g <= alpha {
        run(-inf, g + 1)
    } else if g >= beta {
        run(g - 1, inf)
    } else {
        Ok(r)
    }
}

/// The pool of `workers` threads of this process (made at the first call; see the module docs).
pub fn pool(workers: usize) -> Result<Arc<rayon::ThreadPool>, ParError> {
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, p)) = pools.iter().find(|(n, _)| *n == workers) {
        return Ok(p.clone());
    }
    let p = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .thread_name(move |i| format!("arachne-smp-{workers}-{i}"))
        .build()
        .map_err(|e| ParError(format!("cannot start {workers} threads: {e}")))?;
    let p = Arc::new(p);
    pools.push((workers, p.clone()));
    Ok(p)
}

/// A principal line with its value (negamax, side to move at the line's first position).
#[derive(Clone, Debug)]
pub struct Line<M> {
    /// Value (fail-soft bound or exact, as the window says).
    pub score: Score,
    /// Principal variation from this node (may be empty or short).
    pub pv: Vec<M>,
}

impl<M: Copy> Line<M> {
    /// The parent's view of a child's line: negated value, `mv` prepended.
    pub fn child(self, mv: M) -> Line<M> {
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
pub struct Frame<'p> {
    cancelled: AtomicBool,
    parent: Option<&'p Frame<'p>>,
}

impl<'p> Frame<'p> {
    /// The root frame.
    pub fn root() -> Frame<'static> {
        Frame {
            cancelled: AtomicBool::new(false),
            parent: None,
        }
    }

    /// A frame below `self`.
    pub fn child(&'p self) -> Frame<'p> {
        Frame {
            cancelled: AtomicBool::new(false),
            parent: Some(self),
        }
    }

    /// Cancels every search under this frame.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// True when this frame or an ancestor was cancelled.
    pub fn is_cancelled(&self) -> bool {
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
    pub fn cancelled_here(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// A son searched under this fork frame failed with `e`: the first such failure is kept
    /// in `err` and cancels the other sons, unless it came from this node's own cutoff
    /// (which cancelled the frame first), which is no failure.
    pub fn record_failure(&self, err: &mut Option<Aborted>, e: Aborted) {
        if !self.cancelled_here() && err.is_none() {
            *err = Some(e);
            self.cancel();
        }
    }
}

/// What every thread of one search shares.
pub struct Shared<'a, G: Game> {
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
    pub fn new(
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
    pub fn set_root_depth(&self, depth: u32) {
        self.root_depth.store(depth, Ordering::Relaxed);
    }

    /// The depth of a node of the parallel part at `ply` with `depth` plies nominally left:
    /// one more with the check extension on where [`Ctx::extend`] would give one (module docs
    /// of `arachne_search::context`, "Check extension").
    pub fn extend(&self, pos: &G, depth: u32, ply: usize) -> u32 {
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
    pub fn null_move_try(
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
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self.reason.load(Ordering::Relaxed) {
            1 => Some(StopReason::Nodes),
            2 => Some(StopReason::Time),
            3 => Some(StopReason::Stopped),
            4 => Some(StopReason::Memory),
            _ => None,
        }
    }

    /// Stops every thread for `r`.
    pub fn halt(&self, r: StopReason) {
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
    pub fn halted(&self) -> bool {
        self.halt.is_stopped()
    }

    /// Counts so far, summed over all sub-searches.
    pub fn stats(&self) -> Stats {
        let mut total = Stats::default();
        for s in &self.slots {
            total += s.lock().expect("slot lock").stats;
        }
        total
    }

    /// Adds `fresh` nodes to the global count and checks the global limits; then whether
    /// `frame` was cancelled. Called by every context every few thousand nodes.
    pub fn poll(&self, fresh: u64, frame: Option<&Frame>) -> Option<StopReason> {
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
    pub fn with_ctx<R>(
        &self,
        frame: Option<&Frame>,
        f: impl FnOnce(&mut Ctx<G>) -> Result<R, Aborted>,
    ) -> Result<R, Aborted> {
        self.with_ctx_in(self.slot(), frame, f)
    }

    /// [`Shared::with_ctx`] for the thread numbered `slot` (threads not in a rayon pool).
    pub fn with_ctx_in<R>(
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
        let hook = |fresh: u64| self.poll(fresh, frame);
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
    pub fn serial(
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

    /// The beginning of a node of the young-brothers-wait searches (`ybwc`, `jamboree`),
    /// before their brothers go out in parallel: a node below `serial` plies (after the check
    /// extension) goes to the serial search, with its nominal depth; otherwise it is opened
    /// ([`Shared::open`]), the null move is tried before any son, and the eldest son is
    /// searched alone. `node(pos, depth, ply, alpha, beta, after_null)` is the algorithm's own
    /// node, for the null move's and the eldest son's searches. Returns the node's line when
    /// that settles it ([`Eldest::Done`]), else what the brothers need.
    #[allow(clippy::too_many_arguments)]
    pub fn eldest(
        &self,
        frame: &Frame,
        pos: &G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        serial: u32,
        after_null: bool,
        node: &NodeFn<'_, G>,
    ) -> Result<Eldest<G::Move>, Aborted> {
        let done = |score| {
            Ok(Eldest::Done(Line {
                score,
                pv: Vec::new(),
            }))
        };
        // With the check extension on, a node in check searched serially is extended by the
        // serial search itself: hand it the nominal depth.
        let extended = self.extend(pos, depth, ply);
        if extended < serial {
            return self
                .serial(frame, pos, depth, ply, alpha, beta, after_null)
                .map(Eldest::Done);
        }
        let depth = extended;
        let window = Window::new(alpha, beta);
        let moves = match self.open(frame, pos, depth, ply, window)? {
            Opened::Value(v) => return done(v),
            Opened::Moves(m) => m,
        };
        // The null move, before any son (a fail high needs no son at all).
        if let Some((passed, reduced)) = self.null_move_try(pos, depth, ply, beta, after_null) {
            let v = node(&passed, reduced, ply + 1, -beta, -beta + 1, true)?;
            if let Some(v) = null_move_result(-v.score, beta) {
                return done(v);
            }
        }
        // The eldest brother, alone.
        let (m0, g0) = moves[0];
        let first = node(&pos.play(m0), depth - 1, ply + 1, -beta, -alpha, false)?.child(m0);
        if first.score >= beta || moves.len() == 1 {
            self.store(pos, depth, ply, first.score, window, Some(g0));
            return Ok(Eldest::Done(first));
        }
        Ok(Eldest::Brothers {
            depth,
            window,
            moves,
            first,
        })
    }

    /// A node of the young-brothers-wait searches (`ybwc`, `jamboree`), their common frame:
    /// [`Shared::eldest`], then the algorithm's own brothers phase, then [`Shared::close`].
    /// `node` is the algorithm's node (see [`Shared::eldest`]); `brothers(depth, moves, first)`
    /// searches the younger brothers of `first` (`depth`: the node's, check extension included;
    /// `moves`: its successors in search order with their generation-order indices) and
    /// returns the first failure, the best line and its move's generation index.
    #[allow(clippy::too_many_arguments)]
    pub fn young_brothers(
        &self,
        frame: &Frame,
        pos: &G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        serial: u32,
        after_null: bool,
        node: &NodeFn<'_, G>,
        brothers: impl FnOnce(
            u32,
            Vec<(G::Move, u16)>,
            Line<G::Move>,
        ) -> (Option<Aborted>, Line<G::Move>, u16),
    ) -> Result<Line<G::Move>, Aborted> {
        match self.eldest(
            frame, pos, depth, ply, alpha, beta, serial, after_null, node,
        )? {
            Eldest::Done(line) => Ok(line),
            Eldest::Brothers {
                depth,
                window,
                moves,
                first,
            } => {
                let (err, best, gen) = brothers(depth, moves, first);
                self.close(frame, pos, depth, ply, window, err, best, gen)
            }
        }
    }

    /// The end of a young-brothers-wait node once its brothers are done: a son's failure
    /// (`err`) is the node's; a node an ancestor's cutoff cancelled has skipped brothers (or, in
    /// Jamboree, re-searches), so `best` is no value of it — never returned or stored;
    /// otherwise `best` (its move's generation index `gen`) is stored and returned.
    #[allow(clippy::too_many_arguments)]
    pub fn close(
        &self,
        frame: &Frame,
        pos: &G,
        depth: u32,
        ply: usize,
        window: Window,
        err: Option<Aborted>,
        best: Line<G::Move>,
        gen: u16,
    ) -> Result<Line<G::Move>, Aborted> {
        if let Some(e) = err {
            return Err(e);
        }
        if frame.is_cancelled() {
            return Err(Aborted(StopReason::Stopped));
        }
        self.store(pos, depth, ply, best.score, window, Some(gen));
        Ok(best)
    }

    /// Opens a node of the parallel part: a bottom position's value, a value from the table,
    /// or its successors in search order with their generation-order indices.
    pub fn open(
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
    pub fn store(
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
pub enum Opened<M> {
    /// The node is settled: a bottom position or a table value.
    Value(Score),
    /// Successors in search order, with generation-order indices.
    Moves(Vec<(M, u16)>),
}

/// A young-brothers-wait search's node, as [`Shared::eldest`] calls it:
/// `(position, depth, ply, alpha, beta, after_null)`.
pub type NodeFn<'f, G> =
    dyn Fn(&G, u32, usize, Score, Score, bool) -> Result<Line<<G as Game>::Move>, Aborted> + 'f;

/// What [`Shared::eldest`] leaves to a young-brothers-wait node.
pub enum Eldest<M> {
    /// The node is settled: its line.
    Done(Line<M>),
    /// The eldest son is searched and did not cut off: the brothers are to be searched.
    Brothers {
        /// The node's depth (check extension included).
        depth: u32,
        /// The node's window.
        window: Window,
        /// Its successors in search order, with their generation-order indices.
        moves: Vec<(M, u16)>,
        /// The eldest son's line (the move included).
        first: Line<M>,
    },
}

/// The serial search below the split depth: [`falphabeta_tt`], fail-soft alpha-beta (seed 000
/// §8.1) on the serial alpha-beta's fast path that also takes a value from the shared table
/// when an entry of exactly this draft settles the node for the window (as MT does,
/// [`Ctx::tt_cut`]), so threads profit from each other's finished subtrees. Fail-soft results
/// are stored as bounds at nodes with at least two plies left
/// ([`arachne_search::alphabeta::MIN_TT_DEPTH`]). With the check extension or the null move
/// on it is the same search on `falphabeta`'s loop, which honours them (see the module docs).
pub fn ab_tt<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> SearchResult {
    falphabeta_tt(ctx, pos, depth, ply, alpha, beta)
}
