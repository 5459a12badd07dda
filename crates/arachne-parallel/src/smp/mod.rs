//! Shared-memory multicore search: several threads of one process search one game tree and
//! share one lock-free transposition table ([`arachne_core::TranspositionTable`], see its
//! race semantics).
//!
//! | name | file | source |
//! |------|------|--------|
//! | `ybwc` | `ybwc` | Feldmann, *Game Tree Search on Massively Parallel Systems* (1993): Young Brothers Wait |
//! | `jamboree` | `jamboree` | Joerg & Kuszmaul, *Massively Parallel Chess* (1994), Kuszmaul (1995); seed 002 §6.2 |
//! | `lazy-smp` | `lazy_smp` | the Stockfish / computer-chess community's Lazy SMP (2013–), its thread vote |
//! | `abdada` | `abdada` | Weill, *The ABDADA Distributed Minimax Search Algorithm* (1996) |
//!
//! [`work_span`] measures Cilk-style work W and span T∞ of `ybwc` and `jamboree` on one core and
//! schedules the measured task graph greedily on P virtual processors (seed 002 §6.2.1, §6.2.4);
//! [`lock_model`] is the closed-queue model of a shared tree's root lock (seed 002 §6.2.3).
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
//! awake for 2 ms after a search so that the next one starts without a wake-up (`abdada`).
//!
//! Pools are kept for the life of the process, one per size (`pool`): starting threads costs
//! tens of microseconds each time (130 µs for one `std::thread::scope` spawn and join on the
//! loaded 2-core machine), a noticeable part of a 2-millisecond search (Othello at depth 7).
//! Searches running at the same time with the same thread count share a pool.
//!
//! # What every algorithm shares
//!
//! * Below its split depth every algorithm runs `ab_tt`, the one serial search of this module:
//!   `arachne-search`'s [`falphabeta_tt`], fail-soft alpha-beta (seed 000 §8.1) on the serial
//!   alpha-beta's fast path (frontier nodes and the nodes above them searched inline, bottom
//!   positions valued by their static values alone) over [`Ctx`] — the serial searchers' move
//!   ordering (table move, the game's hint such as MVV/LVA, killers, history), quiescence and
//!   statistics — that takes values from the shared table at equal draft.
//! * Killer and history tables, the context's buffers and the statistics are per worker thread
//!   and carried from one sub-search to the next ([`Ctx::take_ordering`],
//!   [`Ctx::take_scratch`]), as a serial search carries them: a sub-search allocates nothing
//!   once its thread has searched one as deep, and takes no lock another thread uses.
//! * **Cancellation.** Every fork point owns a `Frame` with a cancel flag; a sub-search's
//!   context polls its chain of frames every few thousand nodes ([`Ctx::with_abort`]). When a
//!   brother fails high, the fork point cancels its frame: running brothers unwind within a
//!   poll interval, brothers not yet started return at once.
//! * Limits (stop flag, deadline, node budget) are global: nodes are counted across threads.
//! * **Engine options.** The check extension and the null move of [`SearchOptions`]
//!   (`arachne_search::context`, "Check extension" and "Null move") are honoured everywhere in
//!   the tree. Below the split depth `ab_tt` takes `falphabeta`'s loop when either is on
//!   ([`arachne_search::falphabeta::falphabeta_tt_engine`]: the same table discipline, bottom
//!   positions' quiescence in the node's window as the serial engine's), and its fast path
//!   otherwise, unchanged. Above it, `abdada` and `lazy-smp` search in one context per thread
//!   and call [`Ctx::extend`] and [`Ctx::null_move_cut`] as `falphabeta` does; the nodes of
//!   `ybwc` and `jamboree` extend a node in check (`Shared::extend`, bounded by the depth of
//!   the iteration under way) and try the null move before the eldest brother
//!   (`Shared::null_move_try`), searching the pass with the same parallel search, marked so
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
//!
//! [`falphabeta_tt`]: arachne_search::alphabeta::falphabeta_tt
//! [`Ctx`]: arachne_search::context::Ctx
//! [`Ctx::take_ordering`]: arachne_search::context::Ctx::take_ordering
//! [`Ctx::take_scratch`]: arachne_search::context::Ctx::take_scratch
//! [`Ctx::with_abort`]: arachne_search::context::Ctx::with_abort
//! [`Ctx::extend`]: arachne_search::context::Ctx::extend
//! [`Ctx::null_move_cut`]: arachne_search::context::Ctx::null_move_cut
//! [`Ctx::after_null_move`]: arachne_search::context::Ctx::after_null_move
mod abdada;
mod jamboree;
mod lazy_smp;
pub mod lock_model;
mod shared;
pub mod work_span;
mod ybwc;
mod young;
pub(crate) use shared::{ab_tt, Frame, Line, Opened, Shared};

use crate::ParError;
use arachne_core::{Game, Limits, Score, TranspositionTable, TtError};
use arachne_search::{SearchOptions, SearchOutcome, ValueKind};
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Default depth below which `ybwc` and `jamboree` search serially (seed 002 §6.2.4 uses 3:
/// "when the depth of the searched subtree becomes smaller than 3, we switch to Alpha-Beta").
pub(crate) const DEFAULT_SERIAL_DEPTH: u32 = 3;

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

/// The algorithms this parser knows (their descriptions are the facade's registry).
pub const NAMES: &[&str] = &["ybwc", "jamboree", "lazy-smp", "abdada"];

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
                NAMES.join(", ")
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
    // With several threads, its pages mapped before they run, inside the timed search: mapped
    // by their probes, a page's first store would flush the TLB of every core they run on
    // ([`TranspositionTable::prefault`]; a kept table is walked only the first time).
    if threads > 1 {
        tt.prefault();
    }
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
            let split = match algo {
                SmpAlgo::Jamboree { .. } => young::Split::Jamboree,
                _ => young::Split::Ybwc,
            };
            let mut last: Option<(u32, Score, Vec<G::Move>)> = None;
            for d in 1..=depth {
                sh.set_root_depth(d);
                let run = |alpha: Score, beta: Score| {
                    pool.install(|| {
                        let frame = Frame::root();
                        let brothers = split.parallel();
                        young::node(
                            &sh, &frame, root, d, 0, alpha, beta, serial, false, brothers,
                        )
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
pub(crate) fn aspirated<T, E>(
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
pub(crate) fn pool(workers: usize) -> Result<Arc<rayon::ThreadPool>, ParError> {
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
