//! One interface for every searcher: [`Searcher`], its [`Outcome`] and [`build`], which makes
//! the searcher a [`SearchRequest`] names — serial, shared-memory, message-passing,
//! best-first or Monte Carlo — after the checks of the options its family cannot honour.
//!
//! A searcher is configured once and searches any number of positions of its game. Each
//! search starts afresh: a transposition table, where the algorithm keeps one, is allocated
//! for the search and dropped after it, so the same search of the same position reports the
//! same counts.
//!
//! The depth of [`Limits`]: `None` searches the game's default depth ([`GameInfo`]), a
//! synthetic tree to its full depth; with a node or time limit, an iterative search (the staged
//! serial searches, `aspiration`, the shared-memory searches, and the message-passing searches,
//! one whole search per depth, [`Deepened`]) deepens a real game until the limit instead
//! ([`crate::DEPTH_UNDER_A_LIMIT`] plies at most). A best-first search stops when its principal variation
//! reaches the depth (Shoham–Toledo 2002 §3.2.3), and without one searches a synthetic tree to
//! the end (a real game to its default depth, or with a node or time limit until the limit);
//! Monte Carlo tree search has no depth and refuses one.
use crate::registry::{self, Family};
use crate::report::{Report, RunError};
use crate::request::SearchRequest;
use crate::{family, run};
use arachne_bestfirst::BfOutcome;
use arachne_core::{Game, Limits, Score, Stats, StopReason};
use arachne_games::GameInfo;
use arachne_mcts::MctsOptions;
use arachne_parallel::type_guided::Trace;
use arachne_parallel::{Backend, ParAlgo, ParOutcome};
use serde::Serialize;
use std::time::Duration;

/// What a reported value means.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueKind {
    /// The exact value (negamax, side to move at the root) at the depth searched.
    Exact,
    /// A lower bound (e.g. `lalphabeta` when the last root move is best).
    Lower,
    /// An upper bound.
    Upper,
    /// An estimate: a best-first or Monte Carlo search that did not solve the position.
    Estimate,
    /// No value: a limit stopped the search before it established one.
    Unknown,
}

impl From<arachne_search::ValueKind> for ValueKind {
    fn from(k: arachne_search::ValueKind) -> Self {
        match k {
            arachne_search::ValueKind::Exact => ValueKind::Exact,
            arachne_search::ValueKind::Lower => ValueKind::Lower,
            arachne_search::ValueKind::Upper => ValueKind::Upper,
            arachne_search::ValueKind::Unknown => ValueKind::Unknown,
        }
    }
}

/// What a search found, the same fields for every family, and the family's own figures in
/// [`Outcome::detail`].
#[derive(Clone, Debug)]
pub struct Outcome<M> {
    /// The algorithm as reported (`alphabeta`, `ybwc (threads 2)`, `tree-split`, …).
    pub algo: String,
    /// Root value, negamax convention (side to move at the root); meaningless when `kind` is
    /// [`ValueKind::Unknown`].
    pub value: Score,
    /// What `value` means.
    pub kind: ValueKind,
    /// Best root move (`None` at a terminal root, or when stopped before one was searched).
    pub best_move: Option<M>,
    /// Principal variation from the root.
    pub pv: Vec<M>,
    /// The depth completed (the principal variation's for best-first and Monte Carlo
    /// searches); `None` when stopped before one was.
    pub depth: Option<u32>,
    /// Node counts, summed over every processor or thread.
    pub stats: Stats,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Set when a limit (nodes, time, memory, the stop flag) ended the search early.
    pub stopped: Option<StopReason>,
    /// The family's own figures.
    pub detail: Detail<M>,
}

impl<M: Copy> Outcome<M> {
    /// The outcome of a serial or shared-memory search (`arachne-search`'s outcome).
    pub(crate) fn of_search(
        algo: &str,
        out: &arachne_search::SearchOutcome<M>,
        detail: Detail<M>,
    ) -> Self {
        let kind = ValueKind::from(out.kind);
        Outcome {
            algo: algo.to_string(),
            value: out.value,
            kind,
            best_move: out.best_move,
            pv: out.pv.clone(),
            depth: (kind != ValueKind::Unknown).then_some(out.depth),
            stats: out.stats,
            elapsed: out.elapsed,
            stopped: out.stopped,
            detail,
        }
    }
}

/// A family's own figures beside an [`Outcome`]'s common fields.
#[derive(Clone, Debug)]
pub enum Detail<M> {
    /// A serial search.
    Serial,
    /// A shared-memory search on `threads` threads.
    SharedMemory {
        /// Threads searched with.
        threads: usize,
    },
    /// A message-passing search: the runtime's run (messages, virtual and serial time,
    /// speedup, busy and idle time per processor, the processor tree) and, for type-guided
    /// search, the node types of its last iteration.
    MessagePassing(Box<MessagePassing<M>>),
    /// A best-first search (bfm, rbfm in every form).
    BestFirst(Box<BestFirst<M>>),
    /// A Monte Carlo tree search (every form).
    Mcts(Box<Mcts<M>>),
}

/// The figures of a message-passing search.
#[derive(Clone, Debug)]
pub struct MessagePassing<M> {
    /// The run: the algorithm's result inside the runtime's figures.
    pub run: ParOutcome<M>,
    /// The algorithm with its options (the processor tree's, the backend's).
    pub algo: ParAlgo,
    /// The backend it ran on.
    pub backend: Backend,
    /// The depth searched.
    pub depth: u32,
    /// Under a node or time limit given without a depth, the search is deepened one whole
    /// search per depth and `run` is the deepest one completed; then this says how far.
    pub deepened: Option<Deepened>,
    /// Type-guided search: the node types of its last iteration and its hierarchy.
    pub trace: Option<Trace>,
    /// The request's algorithm and backend as given (reported beside the resolved ones).
    pub(crate) spec: String,
    pub(crate) backend_given: Option<String>,
    pub(crate) procs_given: Option<u32>,
}

/// A message-passing search deepened under a node or time limit given without a depth: one
/// whole search per depth, 1, 2, …, until the limit stopped one (or the deepest depth,
/// [`DEPTH_UNDER_A_LIMIT`](crate::DEPTH_UNDER_A_LIMIT), completed).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Deepened {
    /// The depth whose search the limit stopped (`None`: none was stopped).
    pub stopped_at: Option<u32>,
    /// Every depth's node counts, the stopped one's included.
    pub stats: Stats,
    /// Every depth's time (on the simulator, its wall time).
    pub elapsed: Duration,
}

/// The figures of a best-first search.
#[derive(Clone, Debug)]
pub struct BestFirst<M> {
    /// The search's own outcome (expansions, the tree's size, the stop rule).
    pub run: BfOutcome<M>,
    /// The parallel form's figures (threads or processes, messages, simulated times), as the
    /// JSON object's fields.
    pub extra: serde_json::Value,
}

/// The figures of a Monte Carlo tree search.
#[derive(Clone, Debug)]
pub struct Mcts<M> {
    /// The search's own outcome (iterations, playouts, the tree's size).
    pub run: arachne_mcts::MctsOutcome<M>,
    /// The options searched with (seed, scale, form).
    pub opts: MctsOptions,
    /// The process form's figures (processes, messages, simulated times), as the JSON
    /// object's fields.
    pub extra: serde_json::Value,
}

/// Called after each completed iteration of an iterative search (the serial and
/// shared-memory searches): what a game-playing program prints as it thinks. The
/// message-passing, best-first and Monte Carlo searches do not call it; their outcome comes
/// once, at the end.
pub type Progress<'p, M> = &'p mut dyn FnMut(&Outcome<M>);

/// A configured search of positions of `G`: one object for every algorithm of every family.
///
/// ```
/// use arachne::{Limits, Searcher};
/// use arachne::games::TicTacToe;
///
/// // Tic-tac-toe is a draw, whichever searcher says so.
/// let searchers: Vec<Box<dyn Searcher<TicTacToe>>> = vec![
///     arachne::search("alphabeta").build().unwrap(),
///     arachne::search("abdada").threads(2).build().unwrap(),
///     arachne::search("tree-split").procs(4).build().unwrap(),
/// ];
/// for mut s in searchers {
///     let out = s.search(&TicTacToe::new(), &Limits::depth(9)).unwrap();
///     assert_eq!(out.value.0, 0);
/// }
/// ```
pub trait Searcher<G: Game> {
    /// Searches `root` within `limits` (see the module docs for the depth), calling
    /// `progress` after each completed iteration of an iterative search.
    fn search_with(
        &mut self,
        root: &G,
        limits: &Limits,
        progress: Progress<'_, G::Move>,
    ) -> Result<Outcome<G::Move>, RunError>;

    /// Searches `root` within `limits`.
    fn search(&mut self, root: &G, limits: &Limits) -> Result<Outcome<G::Move>, RunError> {
        self.search_with(root, limits, &mut |_| {})
    }

    /// For a searcher that plays a game ([`SearchRequest::playing`]): the hashes
    /// ([`Game::hash`]) of the game's positions before the next root, oldest first, a
    /// repetition of which is a draw. A searcher that does not detect repetitions ignores it.
    fn set_history(&mut self, _history: &[u64]) {}

    /// For a searcher that plays a game: `mv` was played at the root of the last search (or
    /// of the last move observed). A searcher that keeps a tree between moves keeps the
    /// subtree below it; the others ignore it.
    fn observe(&mut self, _mv: G::Move) {}

    /// For a searcher that plays a game: a new game starts, so the table or tree kept between
    /// searches, and the game's history, are cleared.
    fn new_game(&mut self) {}

    /// For a searcher that keeps a tree between moves (best-first and Monte Carlo searches
    /// that play a game): the nodes of the tree it holds now, which its next search starts
    /// from (after [`observe`](Self::observe), the subtree of the move played); 0 for the
    /// others.
    fn kept_nodes(&self) -> u64 {
        0
    }
}

/// The searcher `req` names for positions described by `info`, after every check of the
/// request's options against the algorithm's family: an option the family cannot honour is
/// refused with one line naming it. (`req.game` is not read: the caller has the position.)
pub fn build<G: Game>(
    req: &SearchRequest,
    info: &GameInfo,
) -> Result<Box<dyn Searcher<G>>, RunError> {
    let family = checks(req)?;
    match family {
        Some(Family::MessagePassing) => Ok(Box::new(family::parallel::resolve(req, info)?)),
        _ => build_not_message_passing(req, info, family),
    }
}

/// The checks of a request that every family shares (module docs of [`build`]); its family.
fn checks(req: &SearchRequest) -> Result<Option<Family>, RunError> {
    run::check_common(req)?;
    let family = registry::family(&req.algo);
    let keeps_a_table = matches!(family, Some(Family::Serial | Family::SharedMemory) | None);
    if req.table.is_some() && !keeps_a_table {
        return Err(RunError::refused(
            "table",
            format!(
            "a caller's transposition table is for the serial and shared-memory searches, not `{}`",
            arachne_core::parse::clip(&req.algo, 40)
        ),
        ));
    }
    let rbfm = req
        .algo
        .split(':')
        .next()
        .is_some_and(|n| n.trim().eq_ignore_ascii_case("rbfm"));
    if req.dist_table.is_some() && !rbfm {
        return Err(RunError::refused(
            "dist_table",
            format!(
                "a distribution table is rbfm's (Shoham–Toledo 2002 §2.6), not `{}`'s",
                arachne_core::parse::clip(&req.algo, 40)
            ),
        ));
    }
    if req.playing && family == Some(Family::MessagePassing) {
        return Err(plays_no_game(&req.algo));
    }
    // (A message-passing search takes `--threads` on MPI only: `family::parallel` refuses it
    // elsewhere.)
    let takes_threads = matches!(
        family,
        Some(Family::SharedMemory | Family::BestFirst | Family::Mcts | Family::MessagePassing)
    );
    if req.threads.is_some() && !takes_threads {
        return Err(RunError::refused("--threads", format!(
            "--threads is for the shared-memory algorithms (ybwc, jamboree, lazy-smp, abdada), not `{}`",
            req.algo
        )));
    }
    Ok(family)
}

/// [`build`] for the families that play a game ([`SearchRequest::playing`]): every family but
/// the message-passing one, which is refused here as [`build`] refuses it when playing. A
/// front end that plays the built-in games (`arachne play`, the UCI engine) builds through
/// [`crate::builtin::build_playing`], which calls this compiled once in this crate.
pub fn build_playing<G: Game>(
    req: &SearchRequest,
    info: &GameInfo,
) -> Result<Box<dyn Searcher<G>>, RunError> {
    let family = checks(req)?;
    if family == Some(Family::MessagePassing) {
        return Err(plays_no_game(&req.algo));
    }
    build_not_message_passing(req, info, family)
}

/// The refusal of a message-passing search asked to play a game.
fn plays_no_game(algo: &str) -> RunError {
    RunError::refused("playing", format!(
        "`{}` is a message-passing search: it plays no game (no repetitions against the game's history); the serial, shared-memory, best-first and Monte Carlo searches do",
        arachne_core::parse::clip(algo, 40)
    ))
}

/// The searcher of a family other than the message-passing one (which the callers build or
/// refuse themselves), after [`checks`].
fn build_not_message_passing<G: Game>(
    req: &SearchRequest,
    info: &GameInfo,
    family: Option<Family>,
) -> Result<Box<dyn Searcher<G>>, RunError> {
    Ok(match family {
        Some(Family::BestFirst) => Box::new(family::bestfirst::resolve::<G>(req, info)?),
        Some(Family::Mcts) => Box::new(family::mcts::resolve::<G>(req, info)?),
        Some(Family::SharedMemory) => Box::new(family::smp::resolve(req, info)?),
        Some(Family::Serial) | Some(Family::MessagePassing) | None => {
            Box::new(family::serial::resolve(req, info)?)
        }
    })
}

/// The report of `out`, a search of `root` (a position of the game `info` describes): the
/// JSON object of `arachne search --json` and its text.
pub fn render<G: Game>(root: &G, info: &GameInfo, out: &Outcome<G::Move>) -> Report {
    match &out.detail {
        Detail::Serial | Detail::SharedMemory { .. } => family::serial::report(root, info, out),
        Detail::MessagePassing(d) => family::parallel::report(root, info, out, d),
        Detail::BestFirst(d) => family::bestfirst::report(root, info, &out.algo, &d.run, &d.extra),
        Detail::Mcts(d) => family::mcts::report(root, info, &out.algo, &d.opts, &d.run, &d.extra),
    }
}
