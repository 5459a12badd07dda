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
//! ## Layers
//!
//! Dependencies go one way, from the dispatch down to what every algorithm is built on:
//!
//! 1. **the dispatch** (`run/`): the entry points [`search`], [`search_in`], [`search_limited`]
//!    and [`search_traced`], which run each algorithm's processes on the backend asked for
//!    (`run/mpi.rs` on MPI ranks) and put in the simulator's baseline ([`best_baseline`]);
//! 2. **the algorithms**, one file (or directory) each, as the table above, beside **the
//!    catalogue** (`algo.rs`, `options.rs`): [`ParAlgo`], the options each algorithm takes
//!    (`name:key=value,…`) and the processor tree fitted to `--procs`;
//! 3. **what the algorithms share** (`common/`): a search's arguments, running processes on a
//!    backend, the processor tree ([`ProcTree`]), what a search reports ([`ParResult`],
//!    [`ParOutcome`], [`principal_line`]) and the serial searches it is compared with
//!    ([`Baseline`], [`serial`]); and the processors' pieces: the messages of seed 000 §4
//!    ([`Msg`]), the slave, the masters' kit and the processors' serial search (`slave.rs`,
//!    `master_kit.rs`, `subsearch.rs`), with the wire encodings for MPI (`wire.rs`).
//!
//! The processors' pieces are the crate's own: a user runs an algorithm through [`search`] or
//! builds its processes ([`tree_split::build`]) for the runtime.
//!
//! ## The serial engine's options
//! * `--quiescence` ([`ParAlgo::with_quiescence`]): every algorithm; every processor values the
//!   bottom positions it meets by `arachne-search`'s capture search, so the value is that of
//!   `alphabeta --quiescence` (tested in `tests/suite/quiescence.rs`; the simulator's serial
//!   reference searches with it too).
//! * `--check-extension` ([`ParAlgo::with_check_extension`], [`Engine`]): `tree-split`,
//!   `baudet`, `palphabeta-par`, `pbound`, `type-guided`, on every backend; masters, slaves and
//!   steppers all extend by the serial engine's rule, so the value is
//!   `falphabeta --check-extension`'s (`tests/suite/engine_options.rs`). `knm` refuses it.
//! * `--null-move` ([`ParAlgo::with_null_move`]): `tree-split` (not `grand=1`), `baudet`,
//!   `palphabeta-par`, `type-guided` on every backend, in the slaves' serial searches (on the
//!   simulator too: its processors run the engine's search, [`Worker::Engine`]); masters search the
//!   nodes they split in full. Refused with `worker=stepper` (the papers' slave) and by the
//!   others.
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
//! trees (docs/benchmarks-history.md), the binary trees it picks at P = 256 and 1024 (`f=2,q=7`,
//! `f=2,q=9`) give tree-split (with the defaults below) as much speedup as the wide ones
//! (`f=5,q=3`, `f=9,q=3`) and fewer nodes, at the price of more messages.
//!
//! ## Defaults
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
//! [`search`] runs any of them on any [`Game`](arachne_core::Game) and reports the value, the best move, node
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
mod algo;
mod batch;
pub mod baudet;
pub mod calibrate;
mod common;
pub mod knm;
mod master_kit;
mod options;
pub mod palphabeta_par;
pub mod pbound;
mod run;
mod slave;
pub mod smp;
mod subsearch;
#[cfg(test)]
mod testkit;
pub mod tree_split;
pub mod type_guided;
mod wire;

pub use algo::{BatchOptions, ParAlgo, NAMES};
pub use arachne_runtime::exec::{NO_MPI, WORKER};
/// Where to run: the runtime's one [`Backend`].
pub use arachne_runtime::Backend;
pub use common::outcome::{principal_line, ParOutcome, ParResult};
pub use common::reference::{
    alphabeta_speedup, alphabeta_stats, serial, serial_in, Baseline, SerialBaseline,
};
pub use common::ProcTree;
pub use run::baseline::best_baseline;
pub use run::mpi::install_game as install_mpi_game;
pub use run::{search, search_in, search_limited, search_traced, search_traced_limited};
pub use slave::{Engine, Msg, Task};
pub use subsearch::Worker;
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
