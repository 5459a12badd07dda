//! Running a [`SearchRequest`] on a game spec: the game parsed, the searcher built
//! ([`crate::build`]: the family's checks of the options it cannot honour, one line naming
//! the option), one search, and the [`Report`](crate::Report) of its outcome ([`crate::render`]). Each
//! family's checks, searcher and report are in `family/`, a file per family.
use crate::family;
use crate::registry::{self, Family};
use crate::report::{RunError, RunResult};
use crate::request::SearchRequest;
use arachne_core::tt::MAX_MIB;
use arachne_core::Game;
use arachne_games::{with_game, GameInfo, GameVisitor};

/// Runs `req`: parses its game, builds its searcher ([`crate::build`]: the family's checks),
/// searches to the request's limits and renders the report.
pub fn search(req: &SearchRequest) -> RunResult {
    let result = with_game(&req.game, Run { req }).map_err(RunError::usage)?;
    match registry::family(&req.algo) {
        // `--backend mpi`: rank 0 reports, worker ranks stay silent, MPI is finalized.
        Some(Family::BestFirst | Family::Mcts | Family::MessagePassing) => {
            family::mpi::finish(req, result)
        }
        _ => result,
    }
}

/// [`search`] without ending an `--backend mpi` run's MPI session: MPI stays initialized and a
/// worker rank gets its own (unprinted) report, for a driver that makes several runs on the
/// same ranks ([`crate::speedup`] under `mpirun`), which finalizes MPI itself.
pub(crate) fn search_unfinished(req: &SearchRequest) -> RunResult {
    with_game(&req.game, Run { req }).map_err(RunError::usage)?
}

/// Runs `req` on a position made by the caller — a game defined outside `arachne-games`,
/// e.g. written in Python (crate `arachne-py`) — described by `info` (`req.game` is not
/// read): the serial algorithms, the message-passing ones on the simulator, the best-first
/// searches serially and master–slave `rbfm` on the simulator, and Monte Carlo tree search
/// serially and root-parallel on the simulator's processes, with every option checked and
/// reported as [`search`] does. The shared-memory algorithms, every form on threads
/// (`--threads`, `rbfm:threads=`, `mcts:threads=`, `mcts:par=` without `--procs`), real
/// threads and MPI are refused with a line naming them: the game may not be callable from
/// several threads at once (a game written in Python takes its interpreter's lock at every
/// call).
pub fn search_on<G: Game>(req: &SearchRequest, root: G, info: GameInfo) -> RunResult {
    check_common(req)?;
    if req.threads.is_some() {
        return Err(RunError::usage(
            "--threads: a game defined outside arachne runs on the serial algorithms and the simulator only",
        ));
    }
    family::parallel::sim_only(req)?;
    match registry::family(&req.algo) {
        Some(Family::BestFirst) => family::bestfirst::on_one_thread(req)?,
        Some(Family::Mcts) => family::mcts::on_one_thread(req)?,
        Some(Family::MessagePassing) => {}
        Some(Family::Serial) => {}
        Some(Family::SharedMemory) | None => {
            return Err(RunError::usage(format!(
                "`{}`: a game defined outside arachne runs on the serial algorithms ({}) and on the simulator's message-passing ones ({}) only",
                arachne_core::parse::clip(&req.algo, 60),
                registry::names(Family::Serial),
                registry::names(Family::MessagePassing),
            )))
        }
    }
    Run { req }.visit(root, info)
}

/// The one visitor: the searcher of the request, one search to its limits, the report.
struct Run<'a> {
    req: &'a SearchRequest,
}

impl GameVisitor for Run<'_> {
    type Output = RunResult;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> RunResult {
        let mut searcher = crate::build::<G>(self.req, &info)?;
        let out = searcher.search(&root, &self.req.limits_as_given())?;
        Ok(crate::render(&root, &info, &out))
    }
}

/// The checks every search makes first.
pub(crate) fn check_common(req: &SearchRequest) -> Result<(), RunError> {
    if req.nodes == Some(0) {
        return Err(RunError::usage("--nodes must be at least 1"));
    }
    if req.hash() > MAX_MIB {
        return Err(RunError::usage(format!(
            "--hash {} is past the largest table, {MAX_MIB} MiB",
            req.hash()
        )));
    }
    Ok(())
}
