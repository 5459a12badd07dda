//! # arachne-parallel
//!
//! Parallel alpha-beta from seed 000 (Fishburn & Finkel, *Parallel Alpha-Beta Search on
//! Arachne*, 1980), one file per algorithm, each written once as message-passing processes
//! ([`arachne_runtime::Process`]) and run on either runtime (`sim`: virtual time, any number of
//! processors, deterministic; `threads`: real cores):
//!
//! | name | file | seed 000 |
//! |------|------|----------|
//! | `tree-split` | [`tree_split`] | §4 master/slave tree splitting, §4.3 alpha raising, §6 |
//! | `baudet` | [`baudet`] | §3 parallel aspiration search |
//! | `palphabeta-par` | [`palphabeta_par`] | §7 Palphabeta (synchronous batches) + Theorems 1–3 |
//! | `pbound` | [`pbound`] | §7.4 Pbound (no deep cutoffs) + Theorem 4 |
//!
//! [`search`] runs any of them on any [`Game`] and reports the value, the best move, node
//! counts, messages, time (virtual on `sim`, with the serial search's virtual time under the same
//! cost model and the speedup; wall-clock on `threads`) and per-processor busy/idle time.
//!
//! ```
//! use arachne_games::{IncrementalParams, IncrementalTree, Branching, EdgeValues};
//! use arachne_parallel::{search, Backend, ParAlgo};
//! use arachne_runtime::{CostModel, SimConfig};
//!
//! let root = IncrementalTree::new(IncrementalParams {
//!     b: 6, d: 6, seed: 1, branching: Branching::Uniform, values: EdgeValues::Real });
//! let algo: ParAlgo = "tree-split".parse().unwrap();
//! let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
//! let out = search(&algo, &root, 6, Some(4), &sim).unwrap();
//! assert!(out.speedup.unwrap() > 1.0);
//! ```
pub mod batch;
pub mod baudet;
pub mod mpi_backend;
pub mod palphabeta_par;
pub mod pbound;
pub mod slave;
pub mod tree_split;
pub mod wire;

use arachne_core::{Game, Score, Stats, Window};
use arachne_runtime::{
    run_sim, run_threads, CostModel, Pid, Process, SimConfig, Stepper, StepperMode,
};
use slave::{Msg, ProcTree};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};
pub use tree_split::{AlphaRaise, TreeSplitOptions};

/// An unknown algorithm, a bad option or an impossible configuration. One line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParError(pub String);

fn err<T>(msg: impl Into<String>) -> Result<T, ParError> {
    Err(ParError(msg.into()))
}

/// Largest number of simulated processors.
pub const MAX_SIM_PROCS: u64 = 1 << 16;
/// Largest number of threads.
pub const MAX_THREAD_PROCS: u64 = 256;
/// Largest number of processes on `--backend mpi` (mapped onto the ranks).
pub const MAX_MPI_PROCS: u64 = 1 << 16;

/// Options of the batch algorithms (Palphabeta, Pbound).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct BatchOptions {
    /// Fan-out of the processor tree.
    pub f: Option<u32>,
    /// Depth of the processor tree.
    pub q: Option<u32>,
    /// Static best-first move ordering.
    pub preorder: bool,
}

/// A parallel algorithm with its options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ParAlgo {
    /// §4.
    TreeSplit(TreeSplitOptions),
    /// §3.
    Baudet(baudet::BaudetOptions),
    /// §7 Palphabeta.
    PAlphaBetaPar(BatchOptions),
    /// §7.4 Pbound.
    PBound(BatchOptions),
}

/// One line per algorithm, for `arachne algos`.
pub const CATALOGUE: &[(&str, &str)] = &[
    ("tree-split", "tree-splitting on a processor tree: EVALUATE/UPDATE/VALUE, cutoff windows, reassignment; tree-split:f=F,q=Q,raise=none|last|general,master=0|1,grand=0|1,preorder=0|1 (preorder: the game's hint, e.g. MVV/LVA, then static values; default: one master, P-1 slaves) (seed 000 §4, §6)"),
    ("baudet", "Baudet's parallel aspiration search: P whole-tree searches with disjoint windows; baudet:center=C,width=W (seed 000 §3)"),
    ("palphabeta-par", "Palphabeta: synchronous batches of f successors on a processor tree; palphabeta-par:f=F,q=Q (seed 000 §7)"),
    ("pbound", "Pbound: Palphabeta without deep cutoffs (slaves run bound); pbound:f=F,q=Q (seed 000 §7.4)"),
];

impl FromStr for ParAlgo {
    type Err = ParError;
    fn from_str(s: &str) -> Result<Self, ParError> {
        let (name, opts) = s.split_once(':').unwrap_or((s, ""));
        let name = name.trim().to_ascii_lowercase();
        let mut kv: Vec<(String, String)> = Vec::new();
        for part in opts.split(',').filter(|p| !p.trim().is_empty()) {
            let Some((k, v)) = part.split_once('=') else {
                return err(format!(
                    "algorithm `{s}`: expected key=value, found `{part}`"
                ));
            };
            kv.push((k.trim().to_string(), v.trim().to_string()));
        }
        let mut take = |k: &str| -> Option<String> {
            let i = kv.iter().position(|(key, _)| key == k)?;
            Some(kv.remove(i).1)
        };
        fn num<T: FromStr>(name: &str, k: &str, v: Option<String>) -> Result<Option<T>, ParError> {
            v.map(|v| {
                v.parse::<T>()
                    .map_err(|_| ParError(format!("{name}: {k}=`{v}` is not a valid number")))
            })
            .transpose()
        }
        let flag = |k: &str, v: Option<String>| -> Result<bool, ParError> {
            match v.as_deref() {
                None | Some("0") | Some("false") => Ok(false),
                Some("1") | Some("true") => Ok(true),
                Some(o) => err(format!("{name}: {k}=`{o}` must be 0 or 1")),
            }
        };
        let algo = match name.as_str() {
            "tree-split" | "treesplit" | "tree-splitting" => {
                let raise = match take("raise").as_deref() {
                    None | Some("none") => AlphaRaise::None,
                    Some("last") => AlphaRaise::Last,
                    Some("general") => AlphaRaise::General,
                    Some(o) => {
                        return err(format!(
                            "tree-split: raise=`{o}` must be none, last or general"
                        ))
                    }
                };
                {
                    let o = TreeSplitOptions {
                        f: num(&name, "f", take("f"))?,
                        q: num(&name, "q", take("q"))?,
                        raise,
                        master_searches: flag("master", take("master"))?,
                        grand: flag("grand", take("grand"))?,
                        preorder: flag("preorder", take("preorder"))?,
                    };
                    if o.grand && (o.master_searches || o.raise != AlphaRaise::None) {
                        return err(
                            "tree-split: grand=1 cannot be combined with master=1 or raise",
                        );
                    }
                    ParAlgo::TreeSplit(o)
                }
            }
            "baudet" => ParAlgo::Baudet(baudet::BaudetOptions {
                center: num(&name, "center", take("center"))?,
                width: num(&name, "width", take("width"))?,
                preorder: flag("preorder", take("preorder"))?,
            }),
            "palphabeta-par" | "pbound" => {
                let o = BatchOptions {
                    f: num(&name, "f", take("f"))?,
                    q: num(&name, "q", take("q"))?,
                    preorder: flag("preorder", take("preorder"))?,
                };
                if name == "pbound" {
                    ParAlgo::PBound(o)
                } else {
                    ParAlgo::PAlphaBetaPar(o)
                }
            }
            other => {
                return err(format!(
                    "unknown parallel algorithm `{other}` (known: {})",
                    CATALOGUE.iter().map(|c| c.0).collect::<Vec<_>>().join(", ")
                ))
            }
        };
        if let Some((k, _)) = kv.first() {
            return err(format!("{name}: unknown option `{k}`"));
        }
        Ok(algo)
    }
}

impl fmt::Display for ParAlgo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParAlgo::TreeSplit(_) => write!(f, "tree-split"),
            ParAlgo::Baudet(_) => write!(f, "baudet"),
            ParAlgo::PAlphaBetaPar(_) => write!(f, "palphabeta-par"),
            ParAlgo::PBound(_) => write!(f, "pbound"),
        }
    }
}

impl ParAlgo {
    /// Sets static best-first move ordering.
    pub fn with_preorder(mut self, on: bool) -> Self {
        match &mut self {
            ParAlgo::TreeSplit(o) => o.preorder |= on,
            ParAlgo::Baudet(o) => o.preorder |= on,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.preorder |= on,
        }
        self
    }

    fn preorder(&self) -> bool {
        match self {
            ParAlgo::TreeSplit(o) => o.preorder,
            ParAlgo::Baudet(o) => o.preorder,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.preorder,
        }
    }

    /// The serial counterpart the speedup is measured against.
    pub fn serial_mode(&self) -> StepperMode {
        match self {
            ParAlgo::PBound(_) => StepperMode::Bound,
            _ => StepperMode::AlphaBeta,
        }
    }

    /// The processor tree for `procs` processors (see [`tree_split`] for the rule).
    pub fn proc_tree(
        f: Option<u32>,
        q: Option<u32>,
        procs: Option<u32>,
        max: u64,
    ) -> Result<ProcTree, ParError> {
        let count = |t: ProcTree| t.count().filter(|&c| c <= max);
        let tree = match (f, q, procs) {
            (Some(f), Some(q), p) => {
                let t = ProcTree { f, q };
                if f == 0 && q > 0 {
                    return err("the processor tree needs f >= 1");
                }
                let Some(c) = count(t) else {
                    return err(format!(
                        "processor tree f={f}, q={q} exceeds {max} processors"
                    ));
                };
                if let Some(p) = p {
                    if p as u64 != c {
                        return err(format!(
                            "--procs {p} does not match the processor tree f={f}, q={q} ({c} processors)"
                        ));
                    }
                }
                t
            }
            (f, q, Some(p)) => {
                if p == 0 {
                    return err("--procs must be at least 1");
                }
                if p as u64 > max {
                    return err(format!("--procs {p} exceeds {max}"));
                }
                match (f, q) {
                    (None, None) if p == 1 => ProcTree { f: 1, q: 0 },
                    (None, None) => ProcTree { f: p - 1, q: 1 },
                    (None, Some(q)) => {
                        if q == 0 {
                            if p != 1 {
                                return err("q=0 is a single processor: use --procs 1");
                            }
                            ProcTree { f: 1, q: 0 }
                        } else {
                            let mut best = None;
                            for f in 1..=p {
                                match count(ProcTree { f, q }) {
                                    Some(c) if c <= p as u64 => best = Some(f),
                                    _ => break,
                                }
                            }
                            let Some(f) = best else {
                                return err(format!(
                                    "no processor tree of depth {q} fits in {p} processors"
                                ));
                            };
                            ProcTree { f, q }
                        }
                    }
                    (Some(f), None) => {
                        if f == 0 {
                            return err("the processor tree needs f >= 1");
                        }
                        let mut q = 0;
                        while count(ProcTree { f, q: q + 1 }).is_some_and(|c| c <= p as u64)
                            && (f > 1 || q + 1 < p)
                        {
                            q += 1;
                        }
                        ProcTree { f, q }
                    }
                    _ => unreachable!(),
                }
            }
            (_, _, None) => {
                return err("give --procs P, or both f and q (e.g. tree-split:f=3,q=2)")
            }
        };
        Ok(tree)
    }
}

/// Where to run.
#[derive(Clone, Debug, PartialEq)]
pub enum Backend {
    /// The simulator.
    Sim(SimConfig),
    /// OS threads; a searching process polls its mailbox every `poll_every` nodes.
    Threads {
        /// Nodes between mailbox polls.
        poll_every: u64,
    },
    /// MPI ranks (`mpirun`/`srun`; needs the cargo feature `mpi`): process `p` on rank
    /// `p mod R`, positions on the wire as move paths from the root (`arachne_runtime::mpi`).
    Mpi {
        /// Nodes between mailbox polls.
        poll_every: u64,
    },
}

/// The result of a parallel search.
#[derive(Clone, Debug)]
pub struct ParOutcome<M> {
    /// Root value (negamax, side to move at the root).
    pub value: Score,
    /// False when `value` is only a lower bound (§4.3 `raise=last`).
    pub exact: bool,
    /// Best root move (`None` at a bottom root, or when the algorithm does not know it).
    pub best_move: Option<M>,
    /// Node counts summed over all processors.
    pub stats: Stats,
    /// Processors used.
    pub procs: usize,
    /// The processor tree (`f`, `q`) where the algorithm has one.
    pub tree: Option<ProcTree>,
    /// Virtual time (sim) or wall seconds (threads).
    pub time: f64,
    /// Sim: the serial counterpart's virtual time under the same cost model.
    pub serial_time: Option<f64>,
    /// Sim: the serial counterpart's node counts.
    pub serial_stats: Option<Stats>,
    /// Sim: `serial_time / time`.
    pub speedup: Option<f64>,
    /// Messages sent.
    pub messages: u64,
    /// Sim: work time per processor.
    pub busy: Vec<f64>,
    /// Sim: idle time per processor.
    pub idle: Vec<f64>,
    /// Wall-clock time of the run.
    pub wall: Duration,
}

/// The serial counterpart: a full-window search by a [`Stepper`] (same code as the slaves).
pub fn serial<G: Game>(root: &G, depth: u32, mode: StepperMode, preorder: bool) -> (Score, Stats) {
    serial_in(root, depth, Window::FULL, mode, preorder)
}

/// The serial counterpart searching `root` in `window`.
pub fn serial_in<G: Game>(
    root: &G,
    depth: u32,
    window: Window,
    mode: StepperMode,
    preorder: bool,
) -> (Score, Stats) {
    let mut s = Stepper::new(mode, preorder);
    s.start(root.clone(), window, depth, 0);
    let v = s.finish().expect("finished");
    (v, s.stats)
}

struct Run<M> {
    /// Why the run has no result (an MPI fault, or a worker rank: rank 0 has the result).
    error: Option<String>,
    host: Vec<(f64, M)>,
    stats: Stats,
    time: f64,
    messages: u64,
    busy: Vec<f64>,
    idle: Vec<f64>,
}

fn execute<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    backend: &Backend,
    stop: impl FnMut(&P::Msg) -> bool,
) -> Run<P::Msg> {
    match backend {
        Backend::Sim(cfg) => {
            let o = run_sim(procs, initial, cfg, stop);
            Run {
                error: None,
                stats: o.procs.iter().fold(Stats::default(), |a, p| a + p.stats()),
                host: o.host,
                time: o.time,
                messages: o.messages,
                busy: o.busy,
                idle: o.idle,
            }
        }
        Backend::Threads { poll_every } => {
            let cost = CostModel::unit(1.0);
            let o = run_threads(procs, initial, &cost, *poll_every, stop);
            Run {
                error: None,
                stats: o.procs.iter().fold(Stats::default(), |a, p| a + p.stats()),
                host: o.host,
                time: o.elapsed.as_secs_f64(),
                messages: o.messages,
                busy: Vec::new(),
                idle: Vec::new(),
            }
        }
        Backend::Mpi { poll_every } => mpi_backend::execute(procs, initial, *poll_every, stop),
    }
}

/// Runs `algo` on `root` to `depth` plies with `procs` processors on `backend`.
pub fn search<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    procs: Option<u32>,
    backend: &Backend,
) -> Result<ParOutcome<G::Move>, ParError> {
    search_in(algo, root, depth, Window::FULL, procs, backend)
}

/// Like [`search`], with the root searched in `window` (a subtree search as a master would
/// assign it; the serial reference uses the same window). Baudet ignores the window.
///
/// On [`Backend::Mpi`] every rank calls this with the same arguments; rank 0 gets the result,
/// a worker rank gets an error saying so ([`mpi_backend::WORKER`]).
pub fn search_in<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
) -> Result<ParOutcome<G::Move>, ParError> {
    match backend {
        Backend::Mpi { .. } => mpi_backend::search(algo, root, depth, root_window, procs, backend),
        _ => search_core(algo, root, depth, root_window, procs, backend),
    }
}

fn search_core<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
) -> Result<ParOutcome<G::Move>, ParError> {
    let start = Instant::now();
    let max = match backend {
        Backend::Sim(cfg) => {
            cfg.cost.validate().map_err(|e| ParError(e.0))?;
            MAX_SIM_PROCS
        }
        Backend::Threads { .. } => MAX_THREAD_PROCS,
        Backend::Mpi { .. } => MAX_MPI_PROCS,
    };
    let evaluate = |job: u32| Msg::Evaluate {
        job,
        pos: root.clone(),
        depth,
        ply: 0,
        window: root_window,
    };
    let is_value = |m: &Msg<G>| matches!(m, Msg::Value { .. });
    let (run, tree, nprocs) = match *algo {
        ParAlgo::TreeSplit(o) => {
            let tree = ParAlgo::proc_tree(o.f, o.q, procs, max)?;
            let ps = tree_split::build::<G>(tree, &o);
            let n = ps.len();
            (
                execute(ps, vec![(0, evaluate(1))], backend, is_value),
                Some(tree),
                n,
            )
        }
        ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => {
            let tree = ParAlgo::proc_tree(o.f, o.q, procs, max)?;
            let rule = if matches!(algo, ParAlgo::PBound(_)) {
                batch::Rule::Bound
            } else {
                batch::Rule::AlphaBeta
            };
            let ps = batch::build::<G>(tree, rule, o.preorder);
            let n = ps.len();
            (
                execute(ps, vec![(0, evaluate(1))], backend, is_value),
                Some(tree),
                n,
            )
        }
        ParAlgo::Baudet(o) => {
            let Some(k) = procs else {
                return err("baudet needs --procs P");
            };
            if k == 0 || k as u64 > max {
                return err(format!("--procs must be between 1 and {max}"));
            }
            let ws = baudet::windows(root, k, &o);
            let (ps, initial) = baudet::build(root, depth, &ws, o.preorder);
            let run = execute(ps, initial, backend, |m| baudet::succeeded(&ws, m));
            // Only the successful search's report is the answer.
            let mut run = run;
            run.host.retain(|(_, m)| baudet::succeeded(&ws, m));
            (run, None, k as usize)
        }
    };
    if let Some(e) = run.error {
        return err(e);
    }
    let Some((
        _,
        Msg::Value {
            value, best, lower, ..
        },
    )) = run.host.last().map(|(t, m)| (*t, m.clone()))
    else {
        return err("the parallel search ended without a result");
    };
    let (serial_time, serial_stats, speedup) = match backend {
        Backend::Sim(cfg) => {
            let window = match algo {
                ParAlgo::Baudet(_) => Window::FULL,
                _ => root_window,
            };
            let (_, st) = serial_in(root, depth, window, algo.serial_mode(), algo.preorder());
            let t = cfg.cost.serial_time(st.interior, st.leaves);
            let sp = if run.time > 0.0 { t / run.time } else { 1.0 };
            (Some(t), Some(st), Some(sp))
        }
        Backend::Threads { .. } | Backend::Mpi { .. } => (None, None, None),
    };
    Ok(ParOutcome {
        value,
        exact: !lower,
        best_move: best,
        stats: run.stats,
        procs: nprocs,
        tree,
        time: run.time,
        serial_time,
        serial_stats,
        speedup,
        messages: run.messages,
        busy: run.busy,
        idle: run.idle,
        wall: start.elapsed(),
    })
}
