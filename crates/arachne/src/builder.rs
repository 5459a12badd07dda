//! The builder of a search: [`search`]`("abdada").threads(2).depth(10).run(&pos)`. Every
//! option of `arachne search`, typed, on one [`SearchRequest`]; [`Builder::build`] makes the
//! [`Searcher`], refusing with one line what the algorithm's family cannot honour.
//!
//! The limits — depth, nodes, time and the stop flag — belong to one search: [`Builder::run`]
//! searches with the builder's; a searcher from [`Builder::build`] takes them from each call
//! of [`Searcher::search`] (its [`Limits`](arachne_core::Limits)).
use crate::report::RunError;
use crate::request::SearchRequest;
use crate::searcher::{Outcome, Searcher};
use arachne_core::{Game, StopFlag};
use arachne_games::GameInfo;
use std::time::Duration;

/// The depth a game of your own is searched to without [`Builder::depth`], plies.
pub const DEFAULT_CUSTOM_DEPTH: u32 = 8;

/// Where the processes of a message-passing search run (`--backend`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// The deterministic simulator: virtual time, any number of processors, one core.
    Sim,
    /// One OS thread per process.
    Threads,
    /// MPI ranks, launched by `mpirun`: in a binary that installs `arachne-mpi` (its cargo
    /// feature `mpi`; a game of your own also with `arachne_mpi::install_game`).
    Mpi,
}

impl Backend {
    /// The name `--backend` takes.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sim => "sim",
            Backend::Threads => "threads",
            Backend::Mpi => "mpi",
        }
    }
}

/// A search being configured: the algorithm spec (`NAME[:key=value,…]`, see
/// [`registry`](crate::registry)) and every option of `arachne search`.
#[derive(Clone, Debug)]
pub struct Builder {
    req: SearchRequest,
    info: Option<GameInfo>,
}

/// Starts configuring a search with the algorithm `algo` (`NAME[:key=value,…]`).
///
/// ```
/// use arachne::games::TicTacToe;
///
/// let out = arachne::search("abdada").threads(2).depth(9).run(&TicTacToe::new()).unwrap();
/// assert_eq!(out.value.0, 0); // a draw
/// ```
pub fn search(algo: &str) -> Builder {
    Builder {
        req: SearchRequest::new("custom", algo),
        info: None,
    }
}

impl Builder {
    /// Depth of [`Builder::run`] in plies (default: the game's; [`DEFAULT_CUSTOM_DEPTH`] for a
    /// game of your own).
    pub fn depth(mut self, plies: u32) -> Self {
        self.req.depth = Some(plies);
        self
    }
    /// Threads of a shared-memory search (or of rbfm's shared tree, mcts's parallel forms; of
    /// each rank for a message-passing search on MPI).
    pub fn threads(mut self, threads: u32) -> Self {
        self.req.threads = Some(threads);
        self
    }
    /// Processors of a message-passing search.
    pub fn procs(mut self, procs: u32) -> Self {
        self.req.procs = Some(procs);
        self
    }
    /// Where a message-passing search's processes run (default: the simulator).
    pub fn backend(mut self, backend: Backend) -> Self {
        self.req.backend = Some(backend.name().to_string());
        self
    }
    /// The simulator's cost model (`arachne`, `unit`, `measured`, …; see `arachne search
    /// --help`).
    pub fn cost(mut self, model: &str) -> Self {
        self.req.cost = Some(model.to_string());
        self
    }
    /// The simulator's message-latency seed (0: none).
    pub fn latency_seed(mut self, seed: u64) -> Self {
        self.req.latency_seed = seed;
        self
    }
    /// Order successors by their static values.
    pub fn preorder(mut self, on: bool) -> Self {
        self.req.preorder = on;
        self
    }
    /// The game's move-ordering heuristics: hints, killers, history.
    pub fn ordering(mut self, on: bool) -> Self {
        self.req.ordering = on;
        self
    }
    /// Capture-only quiescence at the bottom positions.
    pub fn quiescence(mut self, on: bool) -> Self {
        self.req.quiescence = on;
        self
    }
    /// Null-move pruning.
    pub fn null_move(mut self, on: bool) -> Self {
        self.req.null_move = on;
        self
    }
    /// Check extension.
    pub fn check_extension(mut self, on: bool) -> Self {
        self.req.check_extension = on;
        self
    }
    /// The engine's options: ordering, quiescence, null move and check extension.
    pub fn engine_options(self) -> Self {
        self.ordering(true)
            .quiescence(true)
            .null_move(true)
            .check_extension(true)
    }
    /// Transposition table, MiB.
    pub fn hash(mut self, mib: usize) -> Self {
        self.req.hash = Some(mib);
        self
    }
    /// Node budget of [`Builder::run`].
    pub fn nodes(mut self, nodes: u64) -> Self {
        self.req.nodes = Some(nodes);
        self
    }
    /// Time budget of [`Builder::run`], from its start.
    pub fn time(mut self, limit: Duration) -> Self {
        self.req.time_ms = Some(limit.as_millis().max(1) as u64);
        self
    }
    /// Cap on a tree kept in memory (best-first, MCTS, knm), MiB.
    pub fn memory(mut self, mib: u64) -> Self {
        self.req.memory = Some(mib);
        self
    }
    /// A flag that stops [`Builder::run`]'s search when set (from another thread, a signal
    /// handler, …).
    pub fn stop(mut self, flag: StopFlag) -> Self {
        self.req.stop = flag;
        self
    }
    /// What the search knows of the game: its name (which picks game-specific defaults),
    /// spec and default depth (default: a game of your own, [`DEFAULT_CUSTOM_DEPTH`] plies).
    pub fn game_info(mut self, info: GameInfo) -> Self {
        self.info = Some(info);
        self
    }

    /// The request these options make.
    pub fn request(&self) -> &SearchRequest {
        &self.req
    }

    fn info(&self) -> GameInfo {
        self.info.clone().unwrap_or_else(|| GameInfo {
            name: "custom",
            spec: "custom".into(),
            max_depth: None,
            default_depth: DEFAULT_CUSTOM_DEPTH,
        })
    }

    /// The searcher, after the checks of every option against the algorithm's family.
    pub fn build<G: Game>(&self) -> Result<Box<dyn Searcher<G>>, RunError> {
        crate::build(&self.req, &self.info())
    }

    /// Builds the searcher and searches `root` once, to the depth, node and time limits set.
    pub fn run<G: Game>(&self, root: &G) -> Result<Outcome<G::Move>, RunError> {
        self.build::<G>()?.search(root, &self.req.limits_as_given())
    }
}

impl From<SearchRequest> for Builder {
    fn from(req: SearchRequest) -> Self {
        Builder { req, info: None }
    }
}
