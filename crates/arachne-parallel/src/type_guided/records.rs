//! type-guided's records (the node types of its trace) live in each process: on sim and
//! threads they are read from the processes; on MPI every rank encodes its processes' records
//! after the run and [`gather`] collects them on rank 0, so the trace is the same on every
//! backend.
use super::{Log, TgProc};
use crate::slave::Msg;
use crate::{Backend, ParError};
use arachne_core::{Game, Stats};
use arachne_runtime::exec::WORKER;
use arachne_runtime::exec::{ExecError, Run};

/// The per-process records (node, farm and job records) and the node counts of
/// iteration `last`, summed: on sim and threads read from the processes; on MPI encoded by
/// every rank and gathered on rank 0 (a worker rank gets [`WORKER`]; a fault its error, and
/// then no rank gathers). `ps` are the processes the run handed back
/// (on MPI, this rank's, in process order).
pub(super) fn gather<G: Game>(
    backend: &Backend,
    run: &Run<Msg<G>>,
    ps: &[TgProc<G>],
    last: u32,
    nprocs: usize,
) -> Result<(Vec<Log>, Stats), ParError> {
    let mine = || -> (Vec<Log>, Vec<Stats>) {
        (
            ps.iter().map(|p| p.log()).collect(),
            ps.iter().map(|p| p.iteration_stats(last)).collect(),
        )
    };
    if !matches!(backend, Backend::Mpi { .. }) {
        let (logs, its) = mine();
        return Ok((logs, its.into_iter().fold(Stats::default(), |a, s| a + s)));
    }
    match &run.error {
        None | Some(ExecError::Worker) => {}
        Some(e) => return Err(ParError(e.to_string())),
    }
    gather_records(mine(), nprocs)
}

fn gather_records(
    mine: (Vec<Log>, Vec<Stats>),
    nprocs: usize,
) -> Result<(Vec<Log>, Stats), ParError> {
    use arachne_runtime::wire::{from_bytes, to_bytes};
    let bytes = to_bytes(&(mine.0, mine.1));
    let all = arachne_runtime::mpi::gather(bytes).map_err(|e| ParError(format!("MPI: {e}")))?;
    if all.is_empty() {
        return Err(ParError(WORKER.into()));
    }
    // Rank r holds processes r, r + R, r + 2R, … in order.
    let ranks = all.len();
    let mut logs = vec![Log::default(); nprocs];
    let mut total = Stats::default();
    for (r, b) in all.iter().enumerate() {
        let (ls, its): (Vec<Log>, Vec<Stats>) =
            from_bytes(b, None).map_err(|e| ParError(format!("MPI: rank {r}'s records: {e}")))?;
        for (k, (l, s)) in ls.into_iter().zip(its).enumerate() {
            let p = r + k * ranks;
            if p < nprocs {
                logs[p] = l;
                total += s;
            }
        }
    }
    Ok((logs, total))
}
