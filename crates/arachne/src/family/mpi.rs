//! `--backend mpi` for a request: every rank runs the same request; rank 0 reports, worker
//! ranks stay silent (their errors too: rank 0 reports the same bad input), and MPI is
//! finalized before the caller exits.
use crate::report::{Report, RunError, RunResult};
use crate::request::SearchRequest;
use arachne_parallel::ParOutcome;
use serde_json::{json, Value};

/// Per-process busy/idle arrays are reported up to this many processes (totals always).
pub const MAX_PER_PROC_JSON: usize = 4096;

/// Ends an `--backend mpi` request: finalizes MPI; a worker rank's result is a silent report
/// (rank 0 reports); a runtime fault is a failure, not a usage error.
pub fn finish(req: &SearchRequest, result: RunResult) -> RunResult {
    if req.backend.as_deref() != Some("mpi") {
        return result;
    }
    if arachne_runtime::mpi::available() {
        use arachne_runtime::mpi;
        let worker = mpi::world()
            .map(|w| w.rank != 0)
            .unwrap_or_else(|| mpi::launcher_rank().is_some_and(|r| r != 0));
        mpi::finalize();
        if worker {
            return Ok(Report {
                silent: true,
                ..Report::default()
            });
        }
    }
    match result {
        Err(e) if e.is_usage() && e.message().starts_with("MPI: ") => {
            Err(RunError::failed(e.message()))
        }
        r => r,
    }
}

/// Busy and idle totals, and the fraction busy.
pub fn utilisation<M>(out: &ParOutcome<M>) -> (f64, f64, f64) {
    let busy: f64 = out.busy.iter().sum();
    let idle: f64 = out.idle.iter().sum();
    let u = if busy + idle > 0.0 {
        busy / (busy + idle)
    } else {
        0.0
    };
    (busy, idle, u)
}

/// Busy/idle totals, per process (up to [`MAX_PER_PROC_JSON`]) and the utilisation, as JSON.
pub fn busy_json<M>(v: &mut Value, out: &ParOutcome<M>) {
    let (busy, idle, u) = utilisation(out);
    v["busy_total"] = json!(busy);
    v["idle_total"] = json!(idle);
    if out.busy.len() <= MAX_PER_PROC_JSON {
        v["busy"] = json!(out.busy);
        v["idle"] = json!(out.idle);
    }
    v["utilisation"] = json!(u);
}

/// The MPI part of the JSON: the ranks, the threads of each (`threads_per_rank`, `null`
/// without `--threads`), the traffic between ranks and the balance.
pub fn json<M>(v: &mut Value, out: &ParOutcome<M>, threads: Option<u32>) {
    if arachne_runtime::mpi::available() {
        let w = arachne_runtime::mpi::world();
        v["ranks"] = json!(w.map(|w| w.size));
        v["threads_per_rank"] = json!(threads);
        let (m, b) = arachne_runtime::mpi::last_traffic();
        v["remote_messages"] = json!(m);
        v["remote_bytes"] = json!(b);
    }
    busy_json(v, out);
}

/// The MPI part of the text.
pub fn text<M>(r: &mut Report, out: &ParOutcome<M>, time_ms: f64, threads: Option<u32>) {
    r.line(format_args!("time       {time_ms:.1} ms wall"));
    if arachne_runtime::mpi::available() {
        let (m, b) = arachne_runtime::mpi::last_traffic();
        let ranks = arachne_runtime::mpi::world().map_or(0, |w| w.size);
        let each = threads.map_or(String::new(), |t| format!(" × {t} threads"));
        r.line(format_args!(
            "ranks      {ranks}{each} ({m} messages, {b} bytes between ranks)"
        ));
    }
    busy_text(r, out);
}

/// Per-process busy fractions are printed in the text up to this many processes.
const MAX_PER_PROC_TEXT: usize = 8;

/// The real backends' balance line (threads, MPI): the busy fraction of process time, and
/// each process's for a few processes (its time in handlers and work over the run's wall
/// time), e.g. `busy       88.1% of process time (per process: 99.0 97.4 67.9 %)`.
pub fn busy_text<M>(r: &mut Report, out: &ParOutcome<M>) {
    let (busy, idle, u) = utilisation(out);
    if busy + idle <= 0.0 {
        return;
    }
    let per = if out.busy.len() <= MAX_PER_PROC_TEXT {
        let each: Vec<String> = out
            .busy
            .iter()
            .zip(&out.idle)
            .map(|(b, i)| format!("{:.1}", 100.0 * b / (b + i).max(f64::MIN_POSITIVE)))
            .collect();
        format!(" (per process: {} %)", each.join(" "))
    } else {
        String::new()
    };
    r.line(format_args!(
        "busy       {:.1}% of process time{per}",
        100.0 * u
    ));
}
