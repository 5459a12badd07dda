//! Each family of searchers behind the one [`Searcher`](crate::Searcher), a file per family:
//! its checks of a request's options, its searcher and the report of its outcome. The serial
//! searchers of `arachne-search` ([`serial`]), the shared-memory ones of
//! `arachne_parallel::smp` ([`smp`]), the message-passing ones of `arachne-parallel`
//! ([`parallel`], and on MPI ranks [`mpi`]), the best-first ones of `arachne-bestfirst`
//! ([`bestfirst`]) and Monte Carlo tree search ([`mcts`]).
//!
//! The checks are about the combination of a request's options (`--procs` with a serial
//! algorithm, `--threads` with a master–slave one, `--hash` for a search without a table);
//! the option types of each family (`ParAlgo`, `SmpAlgo`, `BfAlgo`, `MctsOptions`) stay in
//! the algorithm crates, which parse and check their own `key=value` options.
pub mod bestfirst;
pub mod mcts;
pub mod mpi;
pub mod parallel;
pub mod serial;
pub mod smp;
