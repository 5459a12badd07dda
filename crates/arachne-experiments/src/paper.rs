//! The message-passing searches as the papers ran them: every simulated processor runs the
//! paper's slave (`worker=stepper`, [`Worker::Stepper`]) — plain alpha-beta advanced one node at
//! a time, an UPDATE narrowing its window the moment it arrives (Fishburn & Finkel 1980, §4.1)
//! — not the engine's serial search that the simulator runs by default. The rows that reproduce
//! a paper's table thus run the paper's algorithm, and do not move when the engine's search
//! does. (The Key Node Method has no subtree search to choose: it runs as given.)
use arachne_core::{Game, Window};
use arachne_parallel::Worker;
use arachne_parallel::{Backend, ParAlgo, ParError, ParOutcome, TypeGuidedOptions};

/// `algo` with the paper's slave on the simulator (unchanged for `knm`).
pub fn as_paper(algo: &ParAlgo) -> ParAlgo {
    algo.with_worker(Worker::Stepper).unwrap_or(*algo)
}

/// Type-guided search's options with the paper's slave.
pub fn type_guided(o: &TypeGuidedOptions) -> TypeGuidedOptions {
    TypeGuidedOptions {
        worker: Worker::Stepper,
        ..*o
    }
}

/// [`arachne_parallel::search`] with the paper's slave.
pub fn search<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    procs: Option<u32>,
    backend: &Backend,
) -> Result<ParOutcome<G::Move>, ParError> {
    arachne_parallel::search(&as_paper(algo), root, depth, procs, backend)
}

/// [`arachne_parallel::search_in`] with the paper's slave.
pub fn search_in<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    window: Window,
    procs: Option<u32>,
    backend: &Backend,
) -> Result<ParOutcome<G::Move>, ParError> {
    arachne_parallel::search_in(&as_paper(algo), root, depth, window, procs, backend)
}
