//! # arachne-bestfirst
//!
//! Best-first minimax searches that keep their tree in memory, from seed 002 (Shoham & Toledo,
//! *Parallel Randomized Best-First Minimax Search*, 2002):
//!
//! | name | file | seed 002 |
//! |------|------|----------|
//! | the search tree | [`tree`] | §2.1 arena of compact nodes, BACKUP, solved nodes (§3.2.3), subtree kept between moves (§3.2.5) |
//! | `bfm` | [`bfm`] | Korf–Chickering best-first minimax as §1 and §3 describe it |
//! | `rbfm` | [`rbfm`] | Figs. 1 and 3: ROOT-DECISION, EXTEND-UP/EXTEND-DOWN (§2.3), CHOOSE-RANDOM-CHILD (§2.4) |
//! | distributions | [`dist`] | §2.6 `μ = m + f(s, d)`, `σ² = g(s, d)`; normal, chi-square, mix (§3.2.2), exponential with damping (§5.4) |
//! | learning `f`, `g` | [`learn`] | §2.6 bootstrapping, Experiment 1 (§3.2.1) |
//! | heuristics 1 and 2 | [`heuristics`] | §5.2: unknown children, EXTEND-DOWN's shallow search; the evaluator's and the tree's halves, shared by the serial and master–slave forms |
//! | driver | [`engine`] | stopping criteria (§2.5, §3.2.5, §4.1), the move played (§5.3) |
//! | shared-tree RBFM | [`shared`] | §6, §6.1: walkers on threads, a lock per node, no lock on the way down |
//! | master–slave RBFM | [`master`] | §6.1: one process owns the tree, slaves expand leaves ([`arachne_runtime::Process`]) |
//!
//! Monte Carlo tree search, which is not best-first minimax, is the crate `arachne-mcts`; the
//! two crates do not depend on each other.
//!
//! The searchers know no game: they run on any [`arachne_core::Game`], and take the evaluator
//! as a search for §5.2's heuristics through [`LeafSearch`] (serial, shared tree) and
//! [`master::Evaluator`] (master–slave). RBFM's chess evaluator (§5.1, §5.2: a shallow
//! alpha-beta with the paper's extensions, or an external UCI engine as the paper used Crafty)
//! and the UCI client are chess-program pieces and live in `arachne-engine`
//! (`arachne_engine::shallow`, `arachne_engine::uci::client`).
//!
//! ```
//! use arachne_bestfirst::{search, BfOptions, Kind};
//! use arachne_core::Limits;
//! use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
//!
//! let root = IncrementalTree::new(IncrementalParams {
//!     b: 3, d: 5, seed: 1, branching: Branching::Random, values: EdgeValues::Real });
//! let out = search(&root, &BfOptions::new(Kind::Rbfm), &Limits::default());
//! assert!(out.solved); // run to the end: the exact minimax value
//! ```
pub mod bfm;
pub mod compare;
pub mod dist;
pub mod engine;
pub mod heuristics;
pub mod learn;
pub mod master;
pub mod mpi;
pub mod rbfm;
pub mod shared;
pub mod tables;
pub mod tree;

pub use dist::{DistTable, Family};
pub use engine::{
    search, BfOptions, BfOutcome, BfStop, Heuristics, Kind, LeafSearch, Searcher, Step,
};
pub use tree::{Node, Tree};

use std::sync::Arc;

/// A bad algorithm option. One line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BfError(pub String);

/// A parsed `bfm` / `rbfm` spec.
#[derive(Clone, Debug)]
pub struct BfAlgo {
    /// Options (the table is resolved later, per game, unless `table=` or `dist=` was given).
    pub opts: BfOptions,
    /// `table=FILE`.
    pub table_file: Option<String>,
    /// `dist=FAMILY`: overrides the family of the default table.
    pub family: Option<Family>,
    /// `threads=T`: the shared-tree form on T threads.
    pub threads: Option<u32>,
    /// `memory=MiB`.
    pub memory_mib: Option<u64>,
    /// `batch=K`: master–slave jobs out with each slave at a time ([`master::Form`]).
    pub batch: Option<u32>,
    /// `master=0|1`: the master–slave master expands leaves too ([`master::Form`]).
    pub master_expands: Option<bool>,
    /// `grain=K`: master–slave expansions per job ([`master::Form`]).
    pub grain: Option<u32>,
    /// `terminal=0|1`: stop when the principal variation ends at a terminal leaf (§3.2.5;
    /// [`BfOptions::stop_at_terminal_pv`]). `None`: the caller's default (a searcher that plays
    /// a game stops there, `arachne search` does not).
    pub terminal: Option<bool>,
}

impl std::str::FromStr for BfAlgo {
    type Err = BfError;
    fn from_str(s: &str) -> Result<Self, BfError> {
        let spec = arachne_core::parse::Spec::parse(s, "algorithm").map_err(BfError)?;
        let name = spec.name.to_ascii_lowercase();
        let kind = match name.as_str() {
            "bfm" => Kind::Bfm,
            "rbfm" => Kind::Rbfm,
            o => {
                return Err(BfError(format!(
                    "unknown best-first algorithm `{o}` (known: bfm, rbfm)"
                )))
            }
        };
        let mut a = BfAlgo {
            opts: BfOptions::new(kind),
            table_file: None,
            family: None,
            threads: None,
            memory_mib: None,
            batch: None,
            master_expands: None,
            grain: None,
            terminal: None,
        };
        for (k, v) in &spec.pairs {
            let (k, v) = (k.as_str(), v.as_str());
            let num = |v: &str| -> Result<u64, BfError> {
                v.parse::<u64>().map_err(|_| {
                    BfError(format!("{name}: {k}=`{v}` is not a non-negative integer"))
                })
            };
            let rbfm_only = |k: &str| -> Result<(), BfError> {
                if kind == Kind::Bfm {
                    Err(BfError(format!("bfm: option `{k}` applies to rbfm only")))
                } else {
                    Ok(())
                }
            };
            match k {
                "seed" => {
                    rbfm_only(k)?;
                    a.opts.seed = num(v)?
                }
                "pruning" | "master" | "terminal" => {
                    if k != "terminal" {
                        rbfm_only(k)?;
                    }
                    let on = match v {
                        "1" | "on" | "true" => true,
                        "0" | "off" | "false" => false,
                        _ => return Err(BfError(format!("{name}: {k}=`{v}` must be 0 or 1"))),
                    };
                    match k {
                        "pruning" => a.opts.pruning = on,
                        "master" => a.master_expands = Some(on),
                        _ => a.terminal = Some(on),
                    }
                }
                "abort" => {
                    // §4.1: a turn aborted past this many times the earlier turns' average.
                    match v.parse::<f64>() {
                        Ok(f) if f.is_finite() && f >= 1.0 => a.opts.abort_factor = Some(f),
                        _ => {
                            return Err(BfError(format!(
                                "{name}: abort=`{v}` must be a number ≥ 1 (times the average generated nodes of the earlier moves)"
                            )))
                        }
                    }
                }
                "batch" => {
                    rbfm_only(k)?;
                    let b = num(v)?;
                    if !(1..=u64::from(master::MAX_BATCH)).contains(&b) {
                        return Err(BfError(format!(
                            "{name}: batch must be in 1..={}",
                            master::MAX_BATCH
                        )));
                    }
                    a.batch = Some(b as u32)
                }
                "grain" => {
                    rbfm_only(k)?;
                    let g = num(v)?;
                    if !(1..=u64::from(master::MAX_GRAIN)).contains(&g) {
                        return Err(BfError(format!(
                            "{name}: grain must be in 1..={}",
                            master::MAX_GRAIN
                        )));
                    }
                    a.grain = Some(g as u32)
                }
                "vote" => {
                    let n = num(v)?;
                    if n > 1_000_000 {
                        return Err(BfError(format!("{name}: vote is at most 1000000")));
                    }
                    a.opts.vote = n as usize
                }
                "dist" => {
                    rbfm_only(k)?;
                    a.family = Some(v.parse().map_err(BfError)?)
                }
                "table" => {
                    rbfm_only(k)?;
                    a.table_file = Some(v.to_string())
                }
                "threads" => {
                    rbfm_only(k)?;
                    let t = num(v)?;
                    if !(1..=256).contains(&t) {
                        return Err(BfError(format!("{name}: threads must be in 1..=256")));
                    }
                    a.threads = Some(t as u32)
                }
                "memory" => {
                    let m = num(v)?;
                    if !(1..=1 << 20).contains(&m) {
                        return Err(BfError(format!("{name}: memory is in MiB, 1..=1048576")));
                    }
                    a.memory_mib = Some(m)
                }
                _ => return Err(BfError(format!("{name}: unknown option `{k}`"))),
            }
        }
        Ok(a)
    }
}

/// Largest table file read (`rbfm:table=FILE`), bytes: the shipped tables are 8–33 KB.
pub const MAX_TABLE_BYTES: u64 = 16 << 20;

/// The text of a table file, read up to [`MAX_TABLE_BYTES`] (a longer file, or an endless
/// one such as `/dev/zero`, is refused, never read whole).
fn read_table_file(path: &str) -> Result<String, BfError> {
    use std::io::Read;
    let cannot = |e: std::io::Error| BfError(format!("cannot read table `{path}`: {e}"));
    let f = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    f.take(MAX_TABLE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_TABLE_BYTES {
        return Err(BfError(format!(
            "table `{path}` is longer than {} MiB: not a distribution table",
            MAX_TABLE_BYTES >> 20
        )));
    }
    String::from_utf8(bytes)
        .map_err(|_| BfError(format!("cannot read table `{path}`: not UTF-8 text")))
}

impl BfAlgo {
    /// Resolves the distribution table for a game: `table=FILE`, else the shipped table for the
    /// game ([`tables::default_for`]); `dist=` overrides the family.
    pub fn resolve_table(&mut self, game: &str, spec: &str) -> Result<(), BfError> {
        if self.opts.kind == Kind::Bfm {
            return Ok(());
        }
        let mut t = match &self.table_file {
            Some(path) => {
                let text = read_table_file(path)?;
                DistTable::from_text(&text).map_err(|e| BfError(format!("table `{path}`: {e}")))?
            }
            None => tables::default_for(game, spec),
        };
        if let Some(f) = self.family {
            t.family = f;
        }
        self.opts.table = Some(Arc::new(t));
        Ok(())
    }

    /// Sets the memory cap for moves of `M`.
    pub fn apply_memory<M: Copy>(&mut self, mib: Option<u64>) {
        if let Some(m) = mib.or(self.memory_mib) {
            self.opts.max_tree_nodes = Some(Tree::<M>::nodes_in_mib(m));
        }
    }
}
