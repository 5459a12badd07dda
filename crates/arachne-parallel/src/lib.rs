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
//! | `knm` | [`knm`] | seed 003: Lindstrom's Key Node Method (both machine models) |
//! | `type-guided` | [`type_guided`] | nCUBE chess: Knuth–Moore node types, hash move sequential, the rest farmed out |
//!
//! Shared-memory searches on real threads and one transposition table (YBWC, Jamboree, Lazy SMP,
//! ABDADA), with Cilk-style work/span and a greedy P-processor schedule, are in [`smp`].
//!
//! ## The serial engine's options
//! * `--quiescence` ([`ParAlgo::with_quiescence`]): every algorithm; every processor values the
//!   bottom positions it meets by `arachne-search`'s capture search, so the value is that of
//!   `alphabeta --quiescence` (tested in `tests/quiescence.rs`; the simulator's serial
//!   reference searches with it too).
//! * `--check-extension` ([`ParAlgo::with_check_extension`], [`slave::Engine`]): `tree-split`,
//!   `baudet`, `palphabeta-par`, `pbound`, on every backend; masters, slaves and steppers all
//!   extend by the serial engine's rule, so the value is `falphabeta --check-extension`'s
//!   (`tests/engine_options.rs`). `knm` and `type-guided` refuse it.
//! * `--null-move` ([`ParAlgo::with_null_move`]): `tree-split` (not `grand=1`), `baudet`,
//!   `palphabeta-par` on threads, in the slaves' serial searches; masters search their nodes in
//!   full. Refused on the simulator and MPI (steppers) and by the others.
//!
//! [`search_limited`] honours the search limits on every backend, in the runtime (so every
//! algorithm inherits them): Ctrl-C / the stop flag, a wall-clock deadline and a node budget
//! summed over the processors (checked after every simulator quantum, or every few
//! milliseconds on threads, so a budget may be passed by a little). A stopped search reports
//! its node counts and time with `stopped` set and no value (`value_kind` unknown).
//!
//! ## The processor tree when only P is given
//!
//! With `--procs P` and neither `f` nor `q`, the tree-shaped algorithms take the processor
//! tree that uses P well for the tree being searched ([`ParAlgo::auto_tree`]): among the trees
//! with fan-out `f ≤ b` (the root's branching factor: a master with more slaves than children
//! leaves some idle), depth `q ≤ D − 1` (a processor tree as deep as the game tree leaves the
//! bottom slaves nothing to search) and at most P processors, those within 90% of the most
//! processors any of them uses, and among those the shallowest (fewer levels of masters,
//! fewer messages), then the widest. The tree used is reported (`processor_tree`).
//!
//! The rule does not look at the branching factor beyond `f ≤ b`: measured on uniform b = 10
//! trees (issue 23, docs/benchmarks-history.md), the binary trees it picks at P = 256 and 1024 (`f=2,q=7`,
//! `f=2,q=9`) give tree-split (with the defaults below) as much speedup as the wide ones
//! (`f=5,q=3`, `f=9,q=3`) and fewer nodes, at the price of more messages.
//!
//! ## Defaults (issue 23)
//!
//! `tree-split` and `type-guided` default to `master=1` (the masters of the last level search
//! too, seed 000 §6) and `preorder=1` (the game's ordering hint, then static values): on the
//! simulator these beat the literal schemes at every P (docs/benchmarks-history.md). `master=0,preorder=0`
//! gives the literal ones (and `grand=1` turns tree-split's default `master` off). Type-guided
//! chooses its hierarchy from P and the branching factor so that every processor can get a job
//! ([`type_guided::Hierarchy::auto`]).
//!
//! ## The speedup and its baseline
//!
//! On the simulator every speedup is against **the best serial search with the same options**
//! under the same cost model ([`best_baseline`], one mechanism for every algorithm): the faster
//! of serial alpha-beta with the algorithm's ordering and evaluator (the slaves' stepper) and
//! the algorithm itself on one processor ([`ParAlgo::one_processor_form`]: for `type-guided`
//! iterative deepening with its table and ordering; for `knm` its own search). So every
//! algorithm reads ≤ 1.0 at P = 1. The outcome names the baseline ([`SerialBaseline`];
//! `baseline` in the CLI's `--json`) and keeps serial alpha-beta's figures beside it
//! ([`alphabeta_speedup`]): the seeds' own definition of speedup, which the paper-reproduction
//! experiments (`arachne-experiments`: fishburn, ncube, knm, scaling) report.
//!
//! [`search`] runs any of them on any [`Game`] and reports the value, the best move, node
//! counts, messages, time (virtual on `sim`, with the baseline's virtual time under the same
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
pub mod calibrate;
pub mod knm;
mod master_kit;
pub mod mpi_backend;
pub mod palphabeta_par;
pub mod pbound;
pub mod slave;
pub mod smp;
pub mod subsearch;
pub mod tree_split;
pub mod type_guided;
pub mod wire;

use arachne_core::{Game, Limits, Score, Stats, StopReason, Window};
use arachne_runtime::exec::{execute as execute_with_procs, Run};
use arachne_runtime::{Pid, Process, RunOutcome};
use arachne_search::stepper::LeafEval;
use arachne_search::stepper::{Stepper, StepperMode};
use slave::{Msg, ProcTree};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};
pub use tree_split::{AlphaRaise, TreeSplitOptions};
pub use type_guided::TypeGuidedOptions;

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
    /// Bottom positions valued by the quiescence search, at masters and slaves alike
    /// (`--quiescence`).
    pub quiescence: bool,
    /// The check extension at every processor (`--check-extension`; [`slave::Engine`]).
    pub check_extension: bool,
    /// Null-move pruning in the slaves' serial searches (`--null-move`, Palphabeta only;
    /// [`slave::Engine`]).
    pub null_move: bool,
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
    /// Seed 003: the Key Node Method.
    Knm(knm::KnmOptions),
    /// nCUBE node-type guided search.
    TypeGuided(TypeGuidedOptions),
}

/// One line per algorithm, for `arachne algos`.
pub const CATALOGUE: &[(&str, &str)] = &[
    ("tree-split", "tree-splitting on a processor tree: EVALUATE/UPDATE/VALUE, cutoff windows, reassignment; tree-split:f=F,q=Q,raise=none|last|general,master=0|1,grand=0|1,preorder=0|1,quiescence=0|1,pv=0|1,id=0|1 (defaults master=1 (0 with grand=1), preorder=1, and on --backend threads pv=1,id=1 (pv=0,id=0: the paper's form; the simulator and MPI default to it); id=1: iterative deepening at the root, the processors of a machine sharing a table; pv=1: the first successor of every node on the leftmost line is searched, split in turn, before its brothers are handed out; or --quiescence; --check-extension too, --null-move on threads but not with grand=1; raise=last|general: the best move is exact, the value may be only a lower bound, reported as value_kind lower; preorder: the game's hint, e.g. MVV/LVA, then static values; with --procs P alone the tree is chosen from P and the branching factor, see the crate docs) (seed 000 §4, §6)"),
    ("baudet", "Baudet's parallel aspiration search: P whole-tree searches with disjoint windows; baudet:center=C,width=W,preorder=0|1,quiescence=0|1 (or --quiescence; --check-extension too, --null-move on threads) (seed 000 §3)"),
    ("palphabeta-par", "Palphabeta: synchronous batches of f successors on a processor tree; palphabeta-par:f=F,q=Q,preorder=0|1,quiescence=0|1 (or --quiescence; --check-extension too, --null-move on threads) (seed 000 §7)"),
    ("pbound", "Pbound: Palphabeta without deep cutoffs (slaves run bound); pbound:f=F,q=Q,preorder=0|1,quiescence=0|1 (quiescence, or --quiescence: bottom positions valued by the capture search, at masters and slaves; --check-extension too) (seed 000 §7.4)"),
    ("knm", "Key Node Method: eager provisional values on key nodes, down/up messages; knm:fifo=0|1,suppress=0|1,deepening=0|1,preorder=0|1,quiescence=0|1,model=dist|pooled,seed=S,grain=G (grain: a node with 1..=G plies left is one serial search; default 0 on sim, measured on threads/MPI; quiescence, or --quiescence: a key bottom position's first answer is its capture-search value) (seed 003)"),
    ("type-guided", "node-type guided search (nCUBE chess): table move searched sequentially with the slaves along, the rest farmed out self-scheduled, iterative deepening, hierarchies of masters; type-guided:f=F,levels=L,preorder=0|1,guess=0|1,master=0|1,serial=S,step=K,quiescence=0|1 (defaults preorder=1, guess=1, master=1; or --quiescence; or f=F1/F2/… per level; with --procs P alone a hierarchy of exactly P processors is chosen from P and the branching factor) (seed ncube-chess-node-types)"),
];

impl FromStr for ParAlgo {
    type Err = ParError;
    fn from_str(s: &str) -> Result<Self, ParError> {
        let mut spec = arachne_core::parse::Spec::parse(s, "algorithm").map_err(ParError)?;
        let name = spec.name.to_ascii_lowercase();
        let mut take = |k: &str| spec.take(k);
        fn num<T: FromStr>(name: &str, k: &str, v: Option<String>) -> Result<Option<T>, ParError> {
            v.map(|v| {
                v.parse::<T>().map_err(|_| {
                    // A number too large for its field is out of range, not "not a number".
                    let digits = v.strip_prefix(['-', '+']).unwrap_or(&v);
                    let what = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                        "is out of range"
                    } else {
                        "is not a valid number"
                    };
                    ParError(format!("{name}: {k}=`{v}` {what}"))
                })
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
        // A flag whose default is `def` when not given.
        let flag_or = |k: &str, v: Option<String>, def: bool| -> Result<bool, ParError> {
            match v {
                None => Ok(def),
                v => flag(k, v),
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
                    // Defaults: `master=1` and `preorder=1` (see the crate docs); `grand=1`
                    // turns the default `master` off (they do not combine).
                    let grand = flag("grand", take("grand"))?;
                    let o = TreeSplitOptions {
                        f: num(&name, "f", take("f"))?,
                        q: num(&name, "q", take("q"))?,
                        raise,
                        master_searches: flag_or("master", take("master"), !grand)?,
                        grand,
                        preorder: flag_or("preorder", take("preorder"), true)?,
                        quiescence: flag("quiescence", take("quiescence"))?,
                        pv_split: take("pv").map(|v| flag("pv", Some(v))).transpose()?,
                        iterate: take("id").map(|v| flag("id", Some(v))).transpose()?,
                        ..Default::default()
                    };
                    if o.pv_split == Some(true) && (o.grand || o.raise != AlphaRaise::None) {
                        return err("tree-split: pv=1 cannot be combined with grand=1 or raise");
                    }
                    if o.grand && (o.master_searches || o.raise != AlphaRaise::None) {
                        return err(
                            "tree-split: grand=1 cannot be combined with master=1 or raise",
                        );
                    }
                    ParAlgo::TreeSplit(o)
                }
            }
            "baudet" => {
                let width = num(&name, "width", take("width"))?;
                // Windows narrower than one value, or wider than the range of values, are
                // nonsense (and j·width must not overflow for thousands of windows).
                if width.is_some_and(|w: i64| !(1..=1 << 32).contains(&w)) {
                    return err("baudet: width must be in 1..=4294967296");
                }
                ParAlgo::Baudet(baudet::BaudetOptions {
                    center: num(&name, "center", take("center"))?,
                    width,
                    preorder: flag("preorder", take("preorder"))?,
                    quiescence: flag("quiescence", take("quiescence"))?,
                    ..Default::default()
                })
            }
            "palphabeta-par" | "pbound" => {
                let o = BatchOptions {
                    f: num(&name, "f", take("f"))?,
                    q: num(&name, "q", take("q"))?,
                    preorder: flag("preorder", take("preorder"))?,
                    quiescence: flag("quiescence", take("quiescence"))?,
                    ..Default::default()
                };
                if name == "pbound" {
                    ParAlgo::PBound(o)
                } else {
                    ParAlgo::PAlphaBetaPar(o)
                }
            }
            "knm" | "key-node" => {
                let d = knm::KnmOptions::default();
                let on = |k: &str, v: Option<String>, def: bool| -> Result<bool, ParError> {
                    match v.as_deref() {
                        None => Ok(def),
                        Some("0") | Some("false") => Ok(false),
                        Some("1") | Some("true") => Ok(true),
                        Some(o) => err(format!("knm: {k}=`{o}` must be 0 or 1")),
                    }
                };
                let model = match take("model").as_deref() {
                    None | Some("dist") | Some("distributed") => knm::Model::Dist,
                    Some("pooled") => knm::Model::Pooled,
                    Some(o) => return err(format!("knm: model=`{o}` must be dist or pooled")),
                };
                let o = knm::KnmOptions {
                    fifo: on("fifo", take("fifo"), d.fifo)?,
                    suppress: on("suppress", take("suppress"), d.suppress)?,
                    deepening: on("deepening", take("deepening"), d.deepening)?,
                    preorder: on("preorder", take("preorder"), d.preorder)?,
                    quiescence: on("quiescence", take("quiescence"), d.quiescence)?,
                    model,
                    seed: num(&name, "seed", take("seed"))?.unwrap_or(d.seed),
                    grain: num(&name, "grain", take("grain"))?,
                    ..d
                };
                o.check().map_err(ParError)?;
                ParAlgo::Knm(o)
            }
            "type-guided" | "typeguided" => {
                let (f, fanouts) = match take("f") {
                    Some(v) if v.contains('/') => {
                        let mut fs = [0u32; type_guided::MAX_LEVELS];
                        let parts: Vec<&str> = v.split('/').collect();
                        if parts.len() > fs.len() {
                            return err(format!(
                                "type-guided: f=`{v}` has more than {} levels",
                                fs.len()
                            ));
                        }
                        for (k, p) in parts.iter().enumerate() {
                            match p.trim().parse::<u32>() {
                                Ok(x) if x >= 1 => fs[k] = x,
                                _ => {
                                    return err(format!(
                                        "type-guided: f=`{v}` must be fan-outs ≥ 1 separated by /"
                                    ))
                                }
                            }
                        }
                        (None, Some(fs))
                    }
                    v => (num(&name, "f", v)?, None),
                };
                let o = TypeGuidedOptions {
                    f,
                    fanouts,
                    levels: num(&name, "levels", take("levels"))?,
                    preorder: flag_or("preorder", take("preorder"), true)?,
                    guess: flag_or("guess", take("guess"), true)?,
                    master_searches: flag_or("master", take("master"), true)?,
                    serial: num(&name, "serial", take("serial"))?,
                    step: num(&name, "step", take("step"))?,
                    quiescence: flag("quiescence", take("quiescence"))?,
                };
                if o.f == Some(0) {
                    return err("type-guided: f must be at least 1");
                }
                if o.step == Some(0) {
                    return err("type-guided: step must be at least 1");
                }
                ParAlgo::TypeGuided(o)
            }
            other => {
                return err(format!(
                    "unknown parallel algorithm `{other}` (known: {})",
                    CATALOGUE.iter().map(|c| c.0).collect::<Vec<_>>().join(", ")
                ))
            }
        };
        if let Some(k) = spec.leftover() {
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
            ParAlgo::Knm(_) => write!(f, "knm"),
            ParAlgo::TypeGuided(_) => write!(f, "type-guided"),
        }
    }
}

impl ParAlgo {
    /// True when the processors order moves by static values (`preorder`).
    pub fn preorders(&self) -> bool {
        match self {
            ParAlgo::TreeSplit(o) => o.preorder,
            ParAlgo::Baudet(o) => o.preorder,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.preorder,
            ParAlgo::Knm(o) => o.preorder,
            ParAlgo::TypeGuided(o) => o.preorder,
        }
    }

    /// Sets static best-first move ordering.
    pub fn with_preorder(mut self, on: bool) -> Self {
        match &mut self {
            ParAlgo::TreeSplit(o) => o.preorder |= on,
            ParAlgo::Baudet(o) => o.preorder |= on,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.preorder |= on,
            ParAlgo::Knm(o) => o.preorder |= on,
            ParAlgo::TypeGuided(o) => o.preorder |= on,
        }
        self
    }

    /// The same algorithm valuing bottom positions by `arachne-search`'s quiescence search
    /// (`--quiescence`), honoured by every algorithm here: every processor, master or slave,
    /// values the bottom positions it meets by the full-window capture search (the slaves'
    /// serial searches on real backends by its windowed form, which gives the same values at
    /// the root), so the value is that of `alphabeta --quiescence` — negamax whose horizon
    /// positions are valued by the capture search. Kept as a `Result` for the algorithms to
    /// come.
    pub fn with_quiescence(mut self, on: bool) -> Result<Self, ParError> {
        if !on {
            return Ok(self);
        }
        match &mut self {
            ParAlgo::TreeSplit(o) => o.quiescence = true,
            ParAlgo::TypeGuided(o) => o.quiescence = true,
            ParAlgo::Baudet(o) => o.quiescence = true,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.quiescence = true,
            ParAlgo::Knm(o) => o.quiescence = true,
        }
        Ok(self)
    }

    /// The same algorithm with the serial engine's check extension (`--check-extension`,
    /// [`slave::Engine`]): honoured by `tree-split`, `baudet`, `palphabeta-par` and `pbound` on
    /// every backend, whose masters, slaves and steppers all extend by the engine's rule, so
    /// the value is `falphabeta --check-extension`'s; refused, naming the option, by `knm` and
    /// `type-guided`.
    pub fn with_check_extension(mut self, on: bool) -> Result<Self, ParError> {
        if !on {
            return Ok(self);
        }
        let takes = "tree-split, baudet, palphabeta-par and pbound do";
        match &mut self {
            ParAlgo::TreeSplit(o) => o.check_extension = true,
            ParAlgo::Baudet(o) => o.check_extension = true,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.check_extension = true,
            ParAlgo::Knm(_) => {
                return err(format!("--check-extension: knm does not take it (its node records know their ply, not the plies left that an extension changes); {takes}"))
            }
            ParAlgo::TypeGuided(_) => {
                return err(format!("--check-extension: type-guided does not take it (its masters do not extend); {takes}"))
            }
        }
        Ok(self)
    }

    /// The same algorithm with null-move pruning (`--null-move`, [`slave::Engine`]) on
    /// `backend`: honoured by `tree-split`, `baudet` and `palphabeta-par` on threads, where
    /// their slaves' searches are the serial engine's (masters never pass); refused, naming the
    /// option, on the simulator and MPI (the slaves' searches there are the resumable stepper,
    /// which has no null move) and by `pbound` (its slaves run `bound`), `tree-split:grand=1`
    /// (two plies of masters per level: its value with the null move would be far from the
    /// serial engine's), `knm` and `type-guided`.
    pub fn with_null_move(mut self, on: bool, backend: &Backend) -> Result<Self, ParError> {
        if !on {
            return Ok(self);
        }
        let takes = "tree-split, baudet and palphabeta-par take it on --backend threads";
        if !matches!(backend, Backend::Threads { .. }) {
            return err(format!(
                "--null-move: the slaves' searches on this backend are the resumable stepper, which has no null move ({takes})"
            ));
        }
        match &mut self {
            ParAlgo::TreeSplit(o) if o.grand => {
                return err(format!("--null-move: tree-split with grand=1 does not take it (its masters search two plies of every level in full, so its slaves see the null move only deep down; {takes})"))
            }
            ParAlgo::TreeSplit(o) => o.null_move = true,
            ParAlgo::Baudet(o) => o.null_move = true,
            ParAlgo::PAlphaBetaPar(o) => o.null_move = true,
            other => return err(format!("--null-move: {other} does not take it ({takes})")),
        }
        Ok(self)
    }

    /// The engine options of the processes of a search to `depth` ([`slave::Engine`]).
    fn engine(&self, depth: u32) -> slave::Engine {
        let (check, null_move) = match self {
            ParAlgo::TreeSplit(o) => (o.check_extension, o.null_move),
            ParAlgo::Baudet(o) => (o.check_extension, o.null_move),
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => (o.check_extension, o.null_move),
            _ => (false, false),
        };
        slave::Engine {
            check_root: check.then_some(depth),
            null_move,
        }
    }

    /// Whether bottom positions are valued by the quiescence search.
    fn quiescence(&self) -> bool {
        match self {
            ParAlgo::TreeSplit(o) => o.quiescence,
            ParAlgo::TypeGuided(o) => o.quiescence,
            ParAlgo::Baudet(o) => o.quiescence,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.quiescence,
            ParAlgo::Knm(o) => o.quiescence,
        }
    }

    /// The bottom-position evaluator of the serial reference: the quiescence search, if on.
    fn leaf<G: Game>(&self) -> Option<LeafEval<G>> {
        self.quiescence().then(type_guided::quiescence_leaf::<G>)
    }

    fn preorder(&self) -> bool {
        match self {
            ParAlgo::TreeSplit(o) => o.preorder,
            ParAlgo::Baudet(o) => o.preorder,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.preorder,
            ParAlgo::Knm(o) => o.preorder,
            ParAlgo::TypeGuided(o) => o.preorder,
        }
    }

    /// The algorithm on one processor, when that is a different serial search from
    /// [`ParAlgo::serial_mode`]'s alpha-beta (a candidate for the baseline, [`best_baseline`]):
    /// `type-guided` (iterative deepening with its table) and `knm` (its own search). `None` for
    /// `tree-split`, `palphabeta-par`, `pbound` and `baudet`, which on one processor are that
    /// serial search itself.
    pub fn one_processor_form(&self) -> Option<ParAlgo> {
        match *self {
            ParAlgo::TypeGuided(o) => Some(ParAlgo::TypeGuided(TypeGuidedOptions {
                f: None,
                fanouts: None,
                levels: None,
                ..o
            })),
            ParAlgo::Knm(o) => Some(ParAlgo::Knm(o)),
            _ => None,
        }
    }

    /// For an algorithm that orders by a table (`type-guided`), searching `window` without
    /// quiescence: `Some(preorder)`, the static ordering of its serial counterpart with a table
    /// (`salphabeta`, a candidate for the baseline, [`best_baseline`]).
    fn table_ordering(&self, window: Window) -> Option<bool> {
        match self {
            ParAlgo::TypeGuided(o) if !o.quiescence && window == Window::FULL => Some(o.preorder),
            _ => None,
        }
    }

    /// The serial alpha-beta counterpart the seeds' speedup is measured against (one of the
    /// candidates for the baseline, [`best_baseline`]).
    pub fn serial_mode(&self) -> StepperMode {
        match self {
            ParAlgo::PBound(_) => StepperMode::Bound,
            _ => StepperMode::AlphaBeta,
        }
    }

    /// The processor tree for a search of a game tree with root branching `b` to `depth`:
    /// [`ParAlgo::proc_tree`], except that `--procs P` alone (no `f`, no `q`) chooses the tree by
    /// the rule in the crate docs instead of one master with P − 1 slaves.
    pub fn proc_tree_for(
        f: Option<u32>,
        q: Option<u32>,
        procs: Option<u32>,
        max: u64,
        b: usize,
        depth: u32,
    ) -> Result<ProcTree, ParError> {
        match (f, q, procs) {
            (None, None, Some(p)) if p > 1 && p as u64 <= max => Ok(Self::auto_tree(p, b, depth)),
            _ => Self::proc_tree(f, q, procs, max),
        }
    }

    /// The processor tree for `p ≥ 2` processors on a game tree with root branching `b` searched
    /// to `depth` (the rule in the crate docs).
    pub fn auto_tree(p: u32, b: usize, depth: u32) -> ProcTree {
        let fmax = (b.max(1) as u64).min(p as u64 - 1) as u32;
        let qmax = depth.saturating_sub(1).max(1);
        let mut cands: Vec<(u64, ProcTree)> = Vec::new();
        for f in 1..=fmax {
            for q in 1..=qmax {
                match (ProcTree { f, q }).count() {
                    Some(c) if c <= p as u64 => cands.push((c, ProcTree { f, q })),
                    _ => break,
                }
                if f == 1 {
                    break; // a chain of masters is never better than one master and a slave
                }
            }
        }
        let most = cands.iter().map(|c| c.0).max().unwrap_or(2);
        cands
            .into_iter()
            .filter(|c| c.0 * 10 >= most * 9)
            .min_by_key(|(c, t)| (t.q, std::cmp::Reverse(t.f), std::cmp::Reverse(*c)))
            .map_or(ProcTree { f: 1, q: 1 }, |c| c.1)
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

/// Where to run: the runtime's one [`Backend`].
pub use arachne_runtime::Backend;

/// The result of a parallel search: the runtime's one run outcome (messages, time, the serial
/// reference's time and the speedup, busy and idle time per processor) around what the search
/// found ([`ParResult`]; `out.value` reads `out.outcome.value`).
pub type ParOutcome<M> = RunOutcome<ParResult<M>>;

/// What a parallel search found, beside the run's figures ([`ParOutcome`]).
#[derive(Clone, Debug)]
pub struct ParResult<M> {
    /// Root value (negamax, side to move at the root).
    pub value: Score,
    /// False when `value` is only a lower bound (§4.3 `raise=last`).
    pub exact: bool,
    /// Best root move (`None` at a bottom root, or when the algorithm does not know it).
    pub best_move: Option<M>,
    /// Principal variation from `best_move` (see [`principal_line`]); empty without one.
    pub pv: Vec<M>,
    /// Node counts summed over all processors.
    pub stats: Stats,
    /// Processors used.
    pub procs: usize,
    /// The processor tree (`f`, `q`) where the algorithm has one.
    pub tree: Option<ProcTree>,
    /// Sim: the baseline's node counts (its time is the run outcome's `serial_time`: the best
    /// serial search with the same options, [`SerialBaseline`]).
    pub serial_stats: Option<Stats>,
    /// Sim: which serial search the speedup is against, and serial alpha-beta's figures beside
    /// it (the seeds' own definition of speedup).
    pub baseline: Option<SerialBaseline>,
    /// Wall-clock time of the run.
    pub wall: Duration,
    /// Iterative searches: the node counts of the last iteration alone.
    pub last_iteration: Option<Stats>,
    /// Set when a limit stopped the search before it finished: then `value` means nothing
    /// (`value_kind` unknown) and `best_move` is `None`; counts and times are those so far.
    pub stopped: Option<StopReason>,
}

impl<M> ParResult<M> {
    /// A search that found `value` (`exact`: not only a lower bound) and `best_move`, with
    /// `stats` summed over `procs` processors, started at `start`; no processor tree, serial
    /// reference, baseline or last iteration yet.
    pub fn found(
        value: Score,
        exact: bool,
        best_move: Option<M>,
        pv: Vec<M>,
        stats: Stats,
        procs: usize,
        start: Instant,
    ) -> Self {
        ParResult {
            value,
            exact,
            best_move,
            pv,
            stats,
            procs,
            tree: None,
            serial_stats: None,
            baseline: None,
            wall: start.elapsed(),
            last_iteration: None,
            stopped: None,
        }
    }

    /// A search a limit stopped (`reason`) before it found its value.
    pub fn stopped(stats: Stats, procs: usize, start: Instant, reason: StopReason) -> Self {
        ParResult {
            stopped: Some(reason),
            ..Self::found(Score(0), false, None, Vec::new(), stats, procs, start)
        }
    }
}

/// The run's figures of a parallel search: virtual time (sim) or wall seconds, messages, and
/// busy and idle time per processor.
pub(crate) struct Figures {
    pub time: f64,
    pub messages: u64,
    pub busy: Vec<f64>,
    pub idle: Vec<f64>,
}

impl<N> From<&Run<N>> for Figures {
    fn from(run: &Run<N>) -> Self {
        Figures {
            time: run.time,
            messages: run.messages,
            busy: run.busy.clone(),
            idle: run.idle.clone(),
        }
    }
}

/// `result` in the runtime's run outcome, with the run's figures and the serial reference's
/// time and the speedup (as each algorithm computed them).
pub(crate) fn outcome<M>(
    result: ParResult<M>,
    figures: Figures,
    (serial_time, speedup): (Option<f64>, Option<f64>),
) -> ParOutcome<M> {
    RunOutcome {
        outcome: result,
        messages: figures.messages,
        time: figures.time,
        serial_time,
        speedup,
        busy: figures.busy,
        idle: figures.idle,
        detail: (),
    }
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

fn execute<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    backend: &Backend,
    limits: &Limits,
    stop: impl FnMut(&P::Msg) -> bool,
) -> Run<P::Msg> {
    execute_with_procs(procs, initial, backend, limits, stop).0
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
    search_limited(
        algo,
        root,
        depth,
        root_window,
        procs,
        backend,
        &Limits::default(),
    )
}

/// Like [`search_in`], stopping early when `limits` trip (see the crate docs);
/// `limits.depth` is ignored (`depth` is the depth).
pub fn search_limited<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
    limits: &Limits,
) -> Result<ParOutcome<G::Move>, ParError> {
    match backend {
        Backend::Mpi { .. } => {
            mpi_backend::search(algo, root, depth, root_window, procs, backend, limits)
        }
        _ => search_core(algo, root, depth, root_window, procs, backend, limits)
            .map(|out| best_baseline(out, algo, root, depth, root_window, backend, limits)),
    }
}

/// Which serial search a simulated speedup is measured against (see [`best_baseline`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Baseline {
    /// Serial alpha-beta (the slaves' stepper) with the algorithm's ordering, evaluator and
    /// window (Pbound: serial bound): the seeds' own definition of speedup.
    AlphaBeta,
    /// The algorithm itself on one processor ([`ParAlgo::one_processor_form`]): for
    /// `type-guided`, iterative deepening at its root with its table and ordering; for `knm`,
    /// its own search (with `model=pooled` the only baseline: the paper's mono-processor time).
    OneProcessor,
    /// For an algorithm with a table (`type-guided`): `arachne-search`'s `salphabeta`,
    /// iterative deepening with a transposition table ordering every node, with the same static
    /// ordering.
    Staged,
}

impl Baseline {
    /// `alphabeta` or `one-processor` (in the CLI's output).
    pub fn name(self) -> &'static str {
        match self {
            Baseline::AlphaBeta => "alphabeta",
            Baseline::OneProcessor => "one-processor",
            Baseline::Staged => "salphabeta",
        }
    }
}

/// The serial search a simulated speedup is against, with serial alpha-beta's figures beside it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SerialBaseline {
    /// The faster of the candidates: what `serial_time`, `serial_stats` and `speedup` refer to.
    pub kind: Baseline,
    /// Serial alpha-beta's virtual time (`None` for `knm:model=pooled`, timed in the paper's
    /// units).
    pub alphabeta_time: Option<f64>,
    /// Serial alpha-beta's node counts.
    pub alphabeta_stats: Option<Stats>,
    /// Serial alpha-beta's virtual time over the parallel run's: the speedup as the seeds
    /// define it, which the paper-reproduction experiments report.
    pub alphabeta_speedup: Option<f64>,
}

/// The speedup as the seeds define it: against serial alpha-beta (with the algorithm's ordering
/// and evaluator); `None` off the simulator, for a stopped search, or for `knm:model=pooled`
/// (whose speedup is against its own mono-processor run, the paper's definition there).
pub fn alphabeta_speedup<M>(out: &ParOutcome<M>) -> Option<f64> {
    out.baseline.and_then(|b| b.alphabeta_speedup)
}

/// Serial alpha-beta's counts beside a simulated run (see [`alphabeta_speedup`]).
pub fn alphabeta_stats<M>(out: &ParOutcome<M>) -> Option<Stats> {
    out.baseline.and_then(|b| b.alphabeta_stats)
}

/// Puts the simulator's baseline into `out`: **the best serial search with the same options**,
/// the one mechanism for every message-passing algorithm. The candidates, each timed under the
/// same cost model:
///
/// 1. serial alpha-beta with the algorithm's ordering, evaluator and window (what the sites
///    computed with `serial_reference`);
/// 2. the algorithm on one processor ([`ParAlgo::one_processor_form`]; the run itself when it
///    had one processor) — for `type-guided` its iterative deepening with the table and
///    ordering, which is faster than alpha-beta on ordered trees;
/// 3. for an algorithm with a table (`type-guided`), on a full window without quiescence:
///    `arachne-search`'s `salphabeta` (iterative deepening, the table ordering every node) with
///    the same static ordering — on unordered trees far faster than both others.
///
/// The fastest is the baseline (alpha-beta on a tie), named in `out.baseline`; alpha-beta's
/// figures stay beside it there. So every algorithm reads ≤ 1.0 at P = 1. Off the simulator, or
/// for a stopped search, `out` is unchanged. The one-processor run obeys only the stop flag, like
/// the serial reference (Ctrl-C drops it).
pub fn best_baseline<G: Game>(
    mut out: ParOutcome<G::Move>,
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    window: Window,
    backend: &Backend,
    limits: &Limits,
) -> ParOutcome<G::Move> {
    if !matches!(backend, Backend::Sim(_)) || out.stopped.is_some() || out.baseline.is_some() {
        return out;
    }
    if let ParAlgo::Knm(o) = algo {
        if o.model == knm::Model::Pooled {
            // The paper's model: its times are in its own units, against its own mono run.
            out.baseline = Some(SerialBaseline {
                kind: Baseline::OneProcessor,
                alphabeta_time: None,
                alphabeta_stats: None,
                alphabeta_speedup: None,
            });
            return out;
        }
    }
    let (Some(t_ab), Some(st_ab)) = (out.serial_time, out.serial_stats) else {
        return out;
    };
    let time = out.time;
    let ratio = |serial: f64| {
        if time > 0.0 {
            serial / time
        } else {
            1.0
        }
    };
    let mut info = SerialBaseline {
        kind: Baseline::AlphaBeta,
        alphabeta_time: Some(t_ab),
        alphabeta_stats: Some(st_ab),
        alphabeta_speedup: Some(ratio(t_ab)),
    };
    let one = if out.procs == 1 {
        Some((out.time, out.stats))
    } else {
        algo.one_processor_form().and_then(|a1| {
            let only_stop = Limits {
                stop: limits.stop.clone(),
                ..Limits::default()
            };
            search_core(&a1, root, depth, window, Some(1), backend, &only_stop)
                .ok()
                .filter(|o| o.stopped.is_none())
                .map(|o| (o.time, o.stats))
        })
    };
    // Equal within rounding: the same serial search (tree-split on one processor is the
    // stepper), kept as alpha-beta.
    let same = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs());
    let mut best = t_ab;
    if let Some((t1, st1)) = one {
        if same(t1, t_ab) {
            if out.procs == 1 {
                out.speedup = Some(1.0);
            }
        } else if t1 < t_ab {
            best = t1;
            info.kind = Baseline::OneProcessor;
            out.serial_time = Some(t1);
            out.serial_stats = Some(st1);
            out.speedup = Some(ratio(t1));
        }
    }
    if let (Backend::Sim(cfg), Some(preorder)) = (backend, algo.table_ordering(window)) {
        let opts = arachne_search::SearchOptions {
            preorder,
            ..arachne_search::SearchOptions::default()
        };
        let lim = Limits {
            depth: Some(depth),
            stop: limits.stop.clone(),
            ..Limits::default()
        };
        let r = arachne_search::Algorithm::Staged {
            inner: arachne_search::Inner::AlphaBeta,
        }
        .search(root, &lim, &opts);
        let t = cfg.cost.serial_time(r.stats.interior, r.stats.leaves);
        if r.stopped.is_none() && t < best && !same(t, best) {
            info.kind = Baseline::Staged;
            out.serial_time = Some(t);
            out.serial_stats = Some(r.stats);
            out.speedup = Some(ratio(t));
        }
    }
    out.baseline = Some(info);
    out
}

/// [`search_limited`] on the backend given (for MPI, on the rank's own processes).
fn search_core<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
    limits: &Limits,
) -> Result<ParOutcome<G::Move>, ParError> {
    if let ParAlgo::Knm(o) = algo {
        return knm::dist::search_limited(o, root, depth, root_window, procs, backend, limits);
    }
    let start = Instant::now();
    let branching = {
        let mut moves = Vec::new();
        root.moves(&mut moves);
        moves.len()
    };
    let max = max_procs(backend)?;
    let evaluate = |job: u32| Msg::evaluate(job, root.clone(), depth, 0, root_window);
    let is_value = |m: &Msg<G>| matches!(m, Msg::Value { .. });
    let (run, tree, nprocs) = match *algo {
        ParAlgo::TypeGuided(o) => {
            return type_guided::search_traced_on(
                &o,
                root,
                depth,
                root_window,
                procs,
                backend,
                limits,
            )
            .map(|(out, _)| out)
        }
        ParAlgo::TreeSplit(o) => {
            let tree = ParAlgo::proc_tree_for(o.f, o.q, procs, max, branching, depth)?;
            // Real backends: the processors of a machine share a table; `pv`, `id` on threads.
            let o = TreeSplitOptions {
                shared_table: !matches!(backend, Backend::Sim(_)),
                ..o.on_backend(matches!(backend, Backend::Threads { .. }))
            };
            let ps = tree_split::build_with::<G>(tree, &o, algo.engine(depth));
            let n = ps.len();
            (
                execute(ps, vec![(0, evaluate(1))], backend, limits, is_value),
                Some(tree),
                n,
            )
        }
        ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => {
            let tree = ParAlgo::proc_tree_for(o.f, o.q, procs, max, branching, depth)?;
            let rule = if matches!(algo, ParAlgo::PBound(_)) {
                batch::Rule::Bound
            } else {
                batch::Rule::AlphaBeta
            };
            let ps = batch::build::<G>(tree, rule, o.preorder, o.quiescence, algo.engine(depth));
            let n = ps.len();
            (
                execute(ps, vec![(0, evaluate(1))], backend, limits, is_value),
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
            let (ps, initial) = baudet::build(root, depth, &ws, &o);
            let run = execute(ps, initial, backend, limits, |m| baudet::succeeded(&ws, m));
            // Only the successful search's report is the answer.
            let mut run = run;
            run.host.retain(|(_, m)| baudet::succeeded(&ws, m));
            (run, None, k as usize)
        }
        ParAlgo::Knm(_) => unreachable!("dispatched above"),
    };
    if let Some(e) = run.error {
        return err(e.to_string());
    }
    let answer = match run.host.last() {
        Some((
            _,
            Msg::Value {
                value, best, lower, ..
            },
        )) if run.stopped.is_none() => Some((*value, *best, *lower)),
        _ => None,
    };
    let Some((value, best, lower)) = answer else {
        let Some(reason) = run.stopped else {
            return err("the parallel search ended without a result");
        };
        return Ok(stopped_outcome(run, reason, nprocs, tree, start));
    };
    let window = match algo {
        ParAlgo::Baudet(_) => Window::FULL,
        _ => root_window,
    };
    let (serial_time, serial_stats, speedup) = serial_reference_with(
        root,
        depth,
        window,
        Stepper::new(algo.serial_mode(), algo.preorder())
            .with_leaf(algo.leaf())
            .with_check_extension(algo.engine(depth).check_root),
        backend,
        run.time,
        limits,
    );
    // The line is re-derived by the plain stepper: with quiescence or an engine option, only
    // the best move.
    let pv = if algo.quiescence() || algo.engine(depth) != slave::Engine::default() {
        best.into_iter().collect()
    } else {
        principal_line(root, depth, value, !lower, best, algo.preorder(), limits)
    };
    let result = ParResult {
        tree,
        serial_stats,
        ..ParResult::found(value, !lower, best, pv, run.stats, nprocs, start)
    };
    Ok(outcome(result, (&run).into(), (serial_time, speedup)))
}

/// The largest number of processors `backend` takes (a simulator's cost model is validated
/// first).
pub(crate) fn max_procs(backend: &Backend) -> Result<u64, ParError> {
    Ok(match backend {
        Backend::Sim(cfg) => {
            cfg.cost.validate().map_err(|e| ParError(e.0))?;
            MAX_SIM_PROCS
        }
        Backend::Threads { .. } => MAX_THREAD_PROCS,
        Backend::Mpi { .. } => MAX_MPI_PROCS,
    })
}

/// What a run on `backend` is compared with: on the simulator, the serial search's virtual time
/// under the same cost model, its counts, and the speedup over `run_time`; `None`s on real
/// backends, or when the stop flag ends the serial reference (Ctrl-C).
#[allow(clippy::too_many_arguments)]
pub(crate) fn serial_reference<G: Game>(
    root: &G,
    depth: u32,
    window: Window,
    mode: StepperMode,
    preorder: bool,
    backend: &Backend,
    run_time: f64,
    limits: &Limits,
) -> (Option<f64>, Option<Stats>, Option<f64>) {
    serial_reference_with(
        root,
        depth,
        window,
        Stepper::new(mode, preorder),
        backend,
        run_time,
        limits,
    )
}

/// [`serial_reference`] searching with `stepper` (e.g. one valuing bottom positions by the
/// quiescence search, [`Stepper::with_leaf`]).
pub(crate) fn serial_reference_with<G: Game>(
    root: &G,
    depth: u32,
    window: Window,
    stepper: Stepper<G>,
    backend: &Backend,
    run_time: f64,
    limits: &Limits,
) -> (Option<f64>, Option<Stats>, Option<f64>) {
    let Backend::Sim(cfg) = backend else {
        return (None, None, None);
    };
    match serial_stoppable(root, depth, window, stepper, limits) {
        Some((_, st)) => {
            let t = cfg.cost.serial_time(st.interior, st.leaves);
            let sp = if run_time > 0.0 { t / run_time } else { 1.0 };
            (Some(t), Some(st), Some(sp))
        }
        None => (None, None, None),
    }
}

/// The outcome of a search that a limit stopped: counts and times so far, no value, no serial
/// reference.
fn stopped_outcome<M, N>(
    run: Run<N>,
    reason: StopReason,
    procs: usize,
    tree: Option<ProcTree>,
    start: Instant,
) -> ParOutcome<M> {
    let result = ParResult {
        tree,
        ..ParResult::stopped(run.stats, procs, start, reason)
    };
    outcome(result, (&run).into(), (None, None))
}

/// The principal variation of a finished parallel search with root value `value` and best
/// move `best`: the processes report only the best root move, so the rest of the line is
/// re-derived after the search by a serial [`Stepper`] (the slaves' code, with its principal
/// variation kept) on the best move's subtree with the minimal window around `-value`,
/// `(−value − 1, −value + 1)`: the subtree's value lies strictly inside it, so every node on its
/// principal line is exact and the line is right. Its nodes are not added to the search's
/// statistics or time (they belong to the reporting, not the algorithm — the same convention as
/// the serial MTD(f)'s line). Only the best move is returned when the value is a bound, or when
/// the stop flag ends the re-derivation.
pub fn principal_line<G: Game>(
    root: &G,
    depth: u32,
    value: Score,
    exact: bool,
    best: Option<G::Move>,
    preorder: bool,
    limits: &Limits,
) -> Vec<G::Move> {
    let Some(m) = best else {
        return Vec::new();
    };
    let mut line = vec![m];
    if !exact || depth < 2 {
        return line;
    }
    let mut s = Stepper::new(StepperMode::AlphaBeta, preorder).with_pv();
    let window = Window::new(-value - 1, -value + 1);
    s.start(root.play(m), window, depth - 1, 1);
    let mut steps = 0u32;
    while s.is_running() {
        s.step();
        steps = steps.wrapping_add(1);
        if steps % 4096 == 0 && limits.stop.is_stopped() {
            return line;
        }
    }
    if s.result() == Some(-value) {
        line.extend_from_slice(s.pv());
    }
    line
}

/// [`serial_in`] on `s`, abandoned (`None`) when `limits.stop` is set.
fn serial_stoppable<G: Game>(
    root: &G,
    depth: u32,
    window: Window,
    mut s: Stepper<G>,
    limits: &Limits,
) -> Option<(Score, Stats)> {
    s.start(root.clone(), window, depth, 0);
    let mut steps = 0u32;
    while s.is_running() {
        s.step();
        steps = steps.wrapping_add(1);
        if steps % 4096 == 0 && limits.stop.is_stopped() {
            return None;
        }
    }
    Some((s.result().expect("finished"), s.stats))
}
