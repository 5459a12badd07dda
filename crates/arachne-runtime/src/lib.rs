//! # arachne-runtime
//!
//! Parallel algorithms in arachne are **processes that exchange messages** — the model of seed
//! 000 (Fishburn–Finkel's Arachne network: EVALUATE / UPDATE / VALUE messages between a master
//! and its slaves). An algorithm is written once against [`Process`] and [`Env`] and runs on
//! either runtime:
//!
//! * [`sim`] — a discrete-event simulator in **virtual time**: P processors (1 to many thousands)
//!   on one core, deterministic for a seed, with a [`CostModel`] (`unit`, `arachne`) charging
//!   nodes and messages, optional seeded random latency, and per-processor busy/idle time;
//! * [`threads`] — one OS thread per process, crossbeam channels, wall-clock time;
//! * [`mpi`] — MPI ranks, across cores or machines, through the MPI transport a binary
//!   installs ([`mpi::install`]; `arachne-mpi` with its cargo feature `mpi`).
//!
//! [`exec`] is the one entry point for all three: [`Backend`], [`execute`] and its [`Run`].
//!
//! A long serial sub-search inside a process (a tree-splitting slave) that must keep handling
//! messages is `arachne-search`'s resumable search (`arachne_search::stepper::Stepper`): the
//! serial search's node code on an explicit stack, advancing one node per step and, between
//! steps, accepting window updates that narrow `α[k]`, `β[k]` at every level exactly as the
//! slave's `catcher` does (seed 000 §4.1). Its home is the serial searchers' crate, not this
//! one (there is one serial search); the simulator advances it in chunks and applies each
//! UPDATE at the virtual time it arrives.
pub mod cost;
pub mod exec;
pub mod mpi;
pub mod pathed;
pub mod process;
pub mod sim;
pub mod threads;
pub mod traffic;
pub mod wire;

pub use cost::{CostError, CostModel};
pub use exec::{execute, Backend, ExecError, Run, RunOutcome};
pub use pathed::{PMove, Path, PathError, Pathed};
pub use process::{Env, Mailbox, Outgoing, Pid, Process, Stopping, HOST};
pub use sim::{run_sim, run_sim_limited, SimConfig, SimOutcome};
pub use threads::{run_threads, run_threads_limited, ThreadsOutcome};
pub use wire::{Reader, Wire, WireError};
