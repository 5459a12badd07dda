//! A search request: the options of `arachne search` as a plain value, which the command
//! line fills from its flags and the Python package from its keyword arguments, and the
//! checks and conversions every family of searcher shares (the table size, the search
//! options, the limits, the backend of the message-passing forms). [`crate::run::search`]
//! runs one.
use crate::report::RunError;
use arachne_bestfirst::DistTable;
use arachne_core::{Limits, StopFlag, TranspositionTable};
use arachne_runtime::{Backend, CostModel, SimConfig};
use arachne_search::SearchOptions;
use std::sync::Arc;
use std::time::Duration;

/// The game searched without `--game`.
pub const DEFAULT_GAME: &str = "connect4";
/// The algorithm without `--algo`.
pub const DEFAULT_ALGO: &str = "alphabeta";
/// The table size without `--hash`, MiB.
pub const DEFAULT_HASH_MIB: usize = 16;

/// What to search and how: the game spec, the algorithm spec and every option of
/// `arachne search` (see its `--help` for each). An option a family of searchers cannot
/// honour is refused by [`crate::run::search`] with one line naming it.
#[derive(Debug, Clone)]
pub struct SearchRequest {
    /// Game spec (`arachne_games::with_game`).
    pub game: String,
    /// Algorithm spec, `NAME[:key=value,...]`.
    pub algo: String,
    /// Depth in plies (default: the game's).
    pub depth: Option<u32>,
    /// Processors of a message-passing search.
    pub procs: Option<u32>,
    /// Threads of a shared-memory search.
    pub threads: Option<u32>,
    /// `sim`, `threads` or `mpi`.
    pub backend: Option<String>,
    /// The simulator's cost model spec.
    pub cost: Option<String>,
    /// The simulator's latency seed (0: none).
    pub latency_seed: u64,
    /// Order successors by their static values.
    pub preorder: bool,
    /// The game's move-ordering heuristics.
    pub ordering: bool,
    /// Capture-only quiescence at the bottom positions.
    pub quiescence: bool,
    /// Check extension.
    pub check_extension: bool,
    /// Null-move pruning.
    pub null_move: bool,
    /// Transposition table MiB, as given (`None`: [`DEFAULT_HASH_MIB`]).
    pub hash: Option<usize>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Deadline, milliseconds.
    pub time_ms: Option<u64>,
    /// Cap on a tree kept in memory, MiB.
    pub memory: Option<u64>,
    /// Stops the search early (the command line sets it on Ctrl-C).
    pub stop: StopFlag,
    /// The searcher plays a game (`arachne play`, the UCI engine): a repetition of one of the
    /// game's earlier positions ([`Searcher::set_history`](crate::Searcher::set_history)) is
    /// a draw; the serial and shared-memory searches keep their transposition table from one
    /// search to the next, the serial best-first and Monte Carlo searches their tree, advanced
    /// by [`Searcher::observe`](crate::Searcher::observe), until
    /// [`Searcher::new_game`](crate::Searcher::new_game). A best-first search also stops when
    /// its principal variation ends in a decided position. Refused by the message-passing
    /// searches. `false` (`arachne search`): every search starts afresh.
    pub playing: bool,
    /// A transposition table the caller owns and keeps between searches (the UCI engine's,
    /// of its `Hash` size): the serial and shared-memory searches search on it in place of one
    /// of [`hash`](Self::hash) MiB, which is then not read; the other families refuse it.
    pub table: Option<Arc<TranspositionTable>>,
    /// RBFM's distribution table, the caller's (one learned for its own game or evaluation,
    /// Shoham–Toledo 2002 §2.6), in place of the shipped table or `rbfm:table=FILE`; the other
    /// algorithms refuse it.
    pub dist_table: Option<Arc<DistTable>>,
}

impl SearchRequest {
    /// A request for `algo` on `game` with every option at its default.
    pub fn new(game: &str, algo: &str) -> Self {
        SearchRequest {
            game: game.into(),
            algo: algo.into(),
            depth: None,
            procs: None,
            threads: None,
            backend: None,
            cost: None,
            latency_seed: 0,
            preorder: false,
            ordering: false,
            quiescence: false,
            check_extension: false,
            null_move: false,
            hash: None,
            nodes: None,
            time_ms: None,
            memory: None,
            stop: StopFlag::new(),
            playing: false,
            table: None,
            dist_table: None,
        }
    }

    /// The table size: `hash`, or [`DEFAULT_HASH_MIB`].
    pub fn hash(&self) -> usize {
        self.hash.unwrap_or(DEFAULT_HASH_MIB)
    }

    /// Refuses an explicit `--hash` for a search that allocates no table (`what` says which).
    pub fn refuse_hash(&self, what: &str) -> Result<(), RunError> {
        match self.hash {
            Some(_) => Err(RunError::refused(
                "--hash",
                format!("--hash: {what} uses no transposition table of that size"),
            )),
            None => Ok(()),
        }
    }

    /// The search options these flags select.
    pub fn options(&self) -> SearchOptions {
        SearchOptions {
            preorder: self.preorder,
            hints: self.ordering,
            killers: self.ordering,
            history: self.ordering,
            tt_mib: self.hash(),
            quiescence: self.quiescence,
            check_extension: self.check_extension,
            null_move: self.null_move,
            ..SearchOptions::default()
        }
    }

    /// The limits: `depth`, the node budget, the deadline (from now) and the stop flag.
    pub fn limits(&self, depth: u32) -> Limits {
        let mut l = Limits {
            depth: Some(depth),
            stop: self.stop.clone(),
            ..Limits::default()
        };
        if let Some(n) = self.nodes {
            l = l.with_nodes(n);
        }
        if let Some(t) = self.time_ms {
            l = l.with_time(Duration::from_millis(t));
        }
        l
    }

    /// The limits as given: `depth` (`None`: the searcher's default), the node budget, the
    /// deadline (from now) and the stop flag.
    pub fn limits_as_given(&self) -> Limits {
        let mut l = self.limits(0);
        l.depth = self.depth;
        l
    }

    /// Refuses the options of the alpha-beta searches, which a search that values leaves
    /// otherwise has no use for: `who` names it and says how it values
    /// leaves.
    pub fn refuse_alphabeta_options(&self, who: &str) -> Result<(), RunError> {
        for (flag, given) in [
            ("--quiescence", self.quiescence),
            ("--ordering", self.ordering),
            ("--preorder", self.preorder),
            ("--check-extension", self.check_extension),
            ("--null-move", self.null_move),
        ] {
            if given {
                return Err(RunError::refused(
                    flag,
                    format!("{flag} is not supported by {who}"),
                ));
            }
        }
        Ok(())
    }

    /// Checks `--memory` (MiB, 1..=1048576).
    pub fn check_memory(&self) -> Result<(), RunError> {
        if self.memory == Some(0) || self.memory.is_some_and(|m| m > crate::MAX_MEMORY_MIB) {
            return Err(RunError::usage("--memory is in MiB, 1..=1048576"));
        }
        Ok(())
    }

    /// Refuses `--backend`, `--cost` and `--latency-seed` for a search without `--procs`;
    /// `why` completes the line after the flag's name.
    pub fn refuse_process_flags(&self, why: impl Fn(&str) -> String) -> Result<(), RunError> {
        for (flag, given) in [
            ("--backend", self.backend.is_some()),
            ("--cost", self.cost.is_some()),
            ("--latency-seed", self.latency_seed != 0),
        ] {
            if given {
                return Err(RunError::refused(flag, why(flag)));
            }
        }
        Ok(())
    }

    /// The backend `--backend` names (sim by default), the simulator's with `--cost` and
    /// `--latency-seed`, which the real backends refuse; the real backends look at their
    /// mailboxes every `poll` (threads) or `mpi_poll` (MPI) nodes. With `measures` the cost
    /// model `measured` is the unit model here, which the caller replaces by the one it
    /// measures on the game; without, `measured` is refused by the cost model's parser.
    pub fn backend(&self, poll: u64, mpi_poll: u64, measures: bool) -> Result<Backend, RunError> {
        let sim_only = || {
            if self.cost.is_some() || self.latency_seed != 0 {
                return Err(RunError::usage(
                    "--cost and --latency-seed apply to --backend sim only",
                ));
            }
            Ok(())
        };
        Ok(match self.backend.as_deref().unwrap_or("sim") {
            "sim" => {
                let cost = if measures && CostModel::is_measured(self.cost.as_deref()) {
                    CostModel::unit(1.0)
                } else {
                    CostModel::parse(self.cost.as_deref()).map_err(RunError::usage)?
                };
                Backend::Sim(SimConfig {
                    cost,
                    latency_seed: self.latency_seed,
                })
            }
            "threads" => {
                sim_only()?;
                Backend::Threads { poll_every: poll }
            }
            "mpi" => {
                sim_only()?;
                Backend::mpi(mpi_poll)
            }
            other => {
                return Err(RunError::usage(format!(
                    "unknown backend `{other}` (known: sim, threads, mpi)"
                )))
            }
        })
    }
}
