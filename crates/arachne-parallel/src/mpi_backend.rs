//! `--backend mpi`: the algorithms of this crate on MPI ranks (cargo feature `mpi`; without it
//! the backend answers with an error naming the feature).
//!
//! The algorithms run unchanged on [`Pathed<G>`](arachne_runtime::Pathed) — the game wrapped
//! so that every position knows its path of move indices from the root — which is what lets
//! any [`Game`] travel between machines (see `arachne_runtime::pathed` and
//! `arachne_runtime::mpi`). Their messages ([`Msg`](crate::slave::Msg)) are encoded by
//! [`crate::wire`] and registered here for the runtime.
//!
//! **Adding an algorithm to the MPI backend:** if its processes exchange `slave::Msg<G>`,
//! nothing; otherwise implement `arachne_runtime::Wire` for its message type (as in
//! [`crate::wire`]) and add one `wire::register::<TheirMsg<Pathed<G>>>(root)` line in
//! [`search`] below. An algorithm whose messages are not registered fails on this backend with a
//! clear error, never silently.
use crate::{ParAlgo, ParError, ParOutcome, Run};
use arachne_core::{Game, Window};
use arachne_runtime::{Pid, Process};

/// The error a worker rank (not rank 0) gets from `search`: rank 0 has the result.
pub const WORKER: &str = "this MPI rank is a worker: rank 0 reports the result";

/// Without the feature: what to do instead.
pub const NO_MPI: &str =
    "--backend mpi needs arachne built with MPI: cargo build --release --features mpi (see README, MPI)";

/// The processor-tree shape an algorithm was given, to decide whether `--procs` defaults to
/// the number of ranks.
fn has_tree(algo: &ParAlgo) -> bool {
    match algo {
        ParAlgo::TreeSplit(o) => o.f.is_some() && o.q.is_some(),
        ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.f.is_some() && o.q.is_some(),
        #[allow(unreachable_patterns)]
        _ => false,
    }
}

#[cfg(feature = "mpi")]
pub(crate) fn search<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &crate::Backend,
    limits: &arachne_core::Limits,
) -> Result<ParOutcome<G::Move>, ParError> {
    use arachne_runtime::{wire, Pathed};
    use std::rc::Rc;
    let world = arachne_runtime::mpi::init().map_err(|e| ParError(e.to_string()))?;
    let proot = Pathed::root(root.clone());
    wire::register::<crate::slave::Msg<Pathed<G>>>(Some(Rc::new(proot.clone())));
    let procs = match procs {
        None if !has_tree(algo) => Some(world.size as u32),
        p => p,
    };
    let o = crate::search_core(algo, &proot, depth, root_window, procs, backend, limits)?;
    Ok(ParOutcome {
        value: o.value,
        exact: o.exact,
        best_move: o.best_move.map(|m| m.mv),
        pv: o.pv.iter().map(|m| m.mv).collect(),
        stats: o.stats,
        procs: o.procs,
        tree: o.tree,
        time: o.time,
        serial_time: o.serial_time,
        serial_stats: o.serial_stats,
        speedup: o.speedup,
        messages: o.messages,
        busy: o.busy,
        idle: o.idle,
        wall: o.wall,
        last_iteration: o.last_iteration,
        stopped: o.stopped,
    })
}

#[cfg(not(feature = "mpi"))]
pub(crate) fn search<G: Game>(
    algo: &ParAlgo,
    _root: &G,
    _depth: u32,
    _root_window: Window,
    _procs: Option<u32>,
    _backend: &crate::Backend,
    _limits: &arachne_core::Limits,
) -> Result<ParOutcome<G::Move>, ParError> {
    let _ = has_tree(algo);
    Err(ParError(NO_MPI.into()))
}

#[cfg(feature = "mpi")]
pub(crate) fn execute<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    poll_every: u64,
    stop: impl FnMut(&P::Msg) -> bool,
) -> Run<P::Msg> {
    use arachne_core::Stats;
    use arachne_runtime::mpi::{run_mpi, MpiConfig};
    let cost = arachne_runtime::CostModel::unit(1.0);
    match run_mpi(procs, initial, &cost, &MpiConfig { poll_every }, stop) {
        Ok(o) => Run {
            stopped: None,
            error: (o.world.rank != 0).then(|| WORKER.to_string()),
            stats: o.stats.iter().fold(Stats::default(), |a, s| a + *s),
            host: o.host,
            time: o.elapsed.as_secs_f64(),
            messages: o.messages,
            busy: o.busy,
            idle: o.idle,
        },
        Err(e) => Run {
            stopped: None,
            error: Some(format!("MPI: {e}")),
            stats: Stats::default(),
            host: Vec::new(),
            time: 0.0,
            messages: 0,
            busy: Vec::new(),
            idle: Vec::new(),
        },
    }
}

#[cfg(not(feature = "mpi"))]
pub(crate) fn execute<P: Process>(
    _procs: Vec<P>,
    _initial: Vec<(Pid, P::Msg)>,
    _poll_every: u64,
    _stop: impl FnMut(&P::Msg) -> bool,
) -> Run<P::Msg> {
    Run {
        stopped: None,
        error: Some(NO_MPI.into()),
        stats: Default::default(),
        host: Vec::new(),
        time: 0.0,
        messages: 0,
        busy: Vec::new(),
        idle: Vec::new(),
    }
}
