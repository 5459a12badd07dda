//! `--backend mpi` in the CLI: every rank runs the same command; rank 0 prints, worker ranks
//! stay silent (their errors too: rank 0 reports the same bad input), and MPI is finalized
//! before the process exits.
use super::SearchArgs;
use crate::error::{CliError, CliResult};
use arachne_parallel::ParOutcome;
use serde_json::{json, Value};

/// Per-process busy/idle arrays are printed up to this many processes (totals always).
const MAX_PER_PROC_JSON: usize = 4096;

/// Ends an `--backend mpi` command: finalizes MPI; a worker rank's result is dropped (rank 0
/// reports); a runtime fault is a failure (exit status 1), not a usage error.
pub fn finish(args: &SearchArgs, result: CliResult) -> CliResult {
    if args.backend.as_deref() != Some("mpi") {
        return result;
    }
    #[cfg(feature = "mpi")]
    {
        use arachne_runtime::mpi;
        let worker = mpi::world()
            .map(|w| w.rank != 0)
            .unwrap_or_else(|| mpi::launcher_rank().is_some_and(|r| r != 0));
        mpi::finalize();
        if worker {
            return Ok(());
        }
    }
    match result {
        Err(CliError::Usage(m)) if m.starts_with("MPI: ") => Err(CliError::Failed(m)),
        r => r,
    }
}

fn totals<M>(out: &ParOutcome<M>) -> (f64, f64) {
    (out.busy.iter().sum(), out.idle.iter().sum())
}

/// The MPI part of `--json`: ranks, traffic between ranks, busy/idle seconds per process.
pub fn json<M>(v: &mut Value, out: &ParOutcome<M>) {
    let (busy, idle) = totals(out);
    #[cfg(feature = "mpi")]
    {
        let w = arachne_runtime::mpi::world();
        v["ranks"] = json!(w.map(|w| w.size));
        let (m, b) = arachne_runtime::mpi::last_traffic();
        v["remote_messages"] = json!(m);
        v["remote_bytes"] = json!(b);
    }
    v["busy_total"] = json!(busy);
    v["idle_total"] = json!(idle);
    if out.busy.len() <= MAX_PER_PROC_JSON {
        v["busy"] = json!(out.busy);
        v["idle"] = json!(out.idle);
    }
    v["utilisation"] = json!(if busy + idle > 0.0 {
        busy / (busy + idle)
    } else {
        0.0
    });
}

/// The MPI part of the text report.
pub fn text<M>(out: &ParOutcome<M>, time_ms: f64) {
    let (busy, idle) = totals(out);
    println!("time       {time_ms:.1} ms wall");
    #[cfg(feature = "mpi")]
    {
        let (m, b) = arachne_runtime::mpi::last_traffic();
        let ranks = arachne_runtime::mpi::world().map_or(0, |w| w.size);
        println!("ranks      {ranks} ({m} messages, {b} bytes between ranks)");
    }
    if busy + idle > 0.0 {
        println!(
            "busy       {:.1}% of process time",
            100.0 * busy / (busy + idle)
        );
    }
}
