//! The end of an MPI run (module docs, End, statistics, faults): STOP, every rank's
//! statistics gathered on rank 0 or reported by a worker, a worker's fault reported to rank 0,
//! the settling of the last messages; rank 0's SIGTERM handler; and [`gather`], bytes from
//! every rank to rank 0 after a run.
use super::frame::{decode_stats, encode_stats, stop_code, stop_reason, StatRow};
use super::net::Net;
use super::rounds::Session;
use super::start::{self, init, set_last_stopped, set_traffic};
use super::{MpiError, MpiOutcome, STATS_TIMEOUT, STOP_FAULT};
use super::{TAG_FAULT, TAG_GATHER, TAG_STATS, TAG_STOP};
use crate::process::{Pid, Process};
use arachne_core::{Stats, StopReason};
use std::time::{Duration, Instant};

impl<P: Process> Session<'_, '_, P> {
    /// After the rounds: every process's statistics gathered on rank 0, the ranks settled
    /// (module docs, End), the outcome.
    pub(super) fn finish(mut self) -> Result<MpiOutcome<P>, MpiError> {
        let n = self.rank.procs.len();
        let elapsed = self.stopped_at.unwrap_or_else(|| self.start.elapsed());
        let wall = self.start.elapsed().as_secs_f64();
        let mut rows = Rows {
            stats: vec![Stats::default(); n],
            sent: vec![0u64; n],
            busy: self.rank.busy.clone(),
            walls: vec![wall; n],
        };
        for i in 0..n {
            if let (Some(p), Some(e)) = (&self.rank.procs[i], &self.rank.envs[i]) {
                rows.stats[i] = p.stats();
                rows.sent[i] = e.sent;
            }
        }
        let (remote_messages, remote_bytes) = if self.wi.rank == 0 {
            self.gather_stats(&mut rows)?
        } else {
            self.report_stats(&rows, wall)?;
            (0, 0)
        };
        let remote_messages = remote_messages + self.net.remote_messages;
        let remote_bytes = remote_bytes + self.net.remote_bytes;
        set_traffic(remote_messages, remote_bytes);
        set_last_stopped(self.stopped);
        let idle = rows
            .busy
            .iter()
            .zip(&rows.walls)
            .map(|(b, w)| (w - b).max(0.0))
            .collect();
        Ok(MpiOutcome {
            world: self.wi,
            procs: std::mem::take(&mut self.rank.procs),
            stopped: self.stopped,
            host: std::mem::take(&mut self.rank.host),
            stats: rows.stats,
            busy: rows.busy,
            idle,
            elapsed,
            messages: rows.sent.iter().sum(),
            remote_messages,
            remote_bytes,
        })
    }

    /// Rank 0: STOP to every rank, every rank's statistics into `rows`, then settling.
    /// Returns the workers' remote messages and bytes.
    fn gather_stats(&mut self, rows: &mut Rows) -> Result<(u64, u64), MpiError> {
        let n = rows.stats.len();
        let why = if self.failure.is_some() {
            STOP_FAULT
        } else {
            self.stopped.map_or(0, stop_code)
        };
        for r in 1..self.wi.size {
            self.net.isend(r, TAG_STOP, vec![why]);
        }
        let (mut remote_messages, mut remote_bytes) = (0, 0);
        let deadline = Instant::now() + STATS_TIMEOUT;
        let mut reported = vec![false; self.wi.size as usize];
        reported[0] = true;
        while let Some(missing) = reported.iter().position(|r| !r) {
            if Instant::now() > deadline {
                self.net.drain(Duration::from_millis(100));
                return Err(self
                    .failure
                    .take()
                    .unwrap_or(MpiError::Silent(missing as i32, STATS_TIMEOUT.as_secs())));
            }
            match self.net.poll() {
                Some((src, TAG_STATS, data)) => {
                    reported[src as usize] = true;
                    let (rm, rb, got) = decode_stats(&data).map_err(|err| MpiError::Decode {
                        rank: 0,
                        from: src,
                        err,
                    })?;
                    remote_messages += rm;
                    remote_bytes += rb;
                    for (p, s, m, b, w) in got {
                        let p = p as usize;
                        if p < n {
                            rows.stats[p] = s;
                            rows.sent[p] = m;
                            rows.busy[p] = b;
                            rows.walls[p] = w;
                        }
                    }
                }
                Some((_, TAG_FAULT, data)) if self.failure.is_none() => {
                    let e = String::from_utf8_lossy(&data).into_owned();
                    self.failure = Some(MpiError::Remote(e));
                }
                Some(_) => {}
                None => std::thread::sleep(Duration::from_micros(50)),
            }
        }
        // Every rank is alive and stopped: end with no message in flight.
        let settled = self.net.settle(Instant::now() + STATS_TIMEOUT);
        if let Some(e) = self.failure.take() {
            return Err(e);
        }
        if !settled {
            return Err(MpiError::Unsettled(STATS_TIMEOUT.as_secs()));
        }
        Ok((remote_messages, remote_bytes))
    }

    /// A worker: its fault to rank 0 (then it waits for STOP), its statistics, settling.
    fn report_stats(&mut self, rows: &Rows, wall: f64) -> Result<(), MpiError> {
        if let Some(e) = self
            .failure
            .as_ref()
            .filter(|e| !matches!(e, MpiError::Remote(_)))
        {
            // Tell rank 0, then wait for its STOP (bounded).
            self.net.isend(0, TAG_FAULT, e.to_string().into_bytes());
            let deadline = Instant::now() + STATS_TIMEOUT;
            loop {
                if self.net.poll_stop().is_some() {
                    break;
                }
                match self.net.poll() {
                    Some((_, TAG_STOP, _)) => break,
                    Some(_) => {}
                    None if Instant::now() > deadline => break,
                    None => std::thread::sleep(Duration::from_micros(100)),
                }
            }
        }
        let mine: Vec<StatRow> = (0..rows.stats.len())
            .filter(|&i| self.rank.procs[i].is_some())
            .map(|i| (i as Pid, rows.stats[i], rows.sent[i], rows.busy[i], wall))
            .collect();
        let remote = (self.net.remote_messages, self.net.remote_bytes);
        self.net.isend(0, TAG_STATS, encode_stats(remote, &mine));
        // (Rank 0 reports a run that does not settle; a worker has nothing to add.)
        self.net.settle(Instant::now() + STATS_TIMEOUT);
        match self.failure.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// Per-process statistics at the end of a run (rank 0: every process's, once gathered).
struct Rows {
    stats: Vec<Stats>,
    sent: Vec<u64>,
    busy: Vec<f64>,
    walls: Vec<f64>,
}

/// Rank 0's STOP: why the run ends, so every rank takes the same path after it.
pub(super) fn take_stop(
    data: &[u8],
    failure: &mut Option<MpiError>,
    stopped: &mut Option<StopReason>,
) {
    match data.first().copied().unwrap_or(0) {
        0 => {}
        STOP_FAULT => {
            *failure = Some(MpiError::Remote(
                "rank 0 ended the run after a fault".into(),
            ))
        }
        c => *stopped = stop_reason(c),
    }
}

/// Rank 0's handler of SIGTERM, which the launcher sends when a rank dies or `mpirun` is
/// interrupted: one line on standard error, in one write, and exit status 143.
pub(super) fn install_sigterm() {
    // SAFETY: installing a handler that only calls async-signal-safe functions.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGTERM, on_sigterm as *const () as libc::sighandler_t);
    }
}

#[cfg(unix)]
extern "C" fn on_sigterm(_: libc::c_int) {
    let m = b"arachne: the MPI job was terminated during the search (a rank died, or mpirun was interrupted)\n";
    // SAFETY: write(2) and _exit(2) are async-signal-safe.
    unsafe {
        libc::write(2, m.as_ptr().cast(), m.len());
        libc::_exit(143);
    }
}

/// Sends `bytes` from every rank to rank 0 (call it on every rank, after a run): rank 0 gets
/// every rank's bytes in rank order (its own first), a worker an empty vector. Bounded: a rank
/// that sends nothing within [`STATS_TIMEOUT`] is an error on rank 0.
pub fn gather(bytes: Vec<u8>) -> Result<Vec<Vec<u8>>, MpiError> {
    let wi = init()?;
    start::fresh_comm(|comm| {
        let mut net = Net::new(comm, wi.size as usize);
        if wi.rank != 0 {
            net.isend(0, TAG_GATHER, bytes);
            net.drain(STATS_TIMEOUT);
            return Ok(Vec::new());
        }
        let mut got: Vec<Option<Vec<u8>>> = vec![None; wi.size as usize];
        got[0] = Some(bytes);
        let deadline = Instant::now() + STATS_TIMEOUT;
        while let Some(missing) = got.iter().position(|g| g.is_none()) {
            match net.poll() {
                Some((src, TAG_GATHER, data)) => got[src as usize] = Some(data),
                Some(_) => {}
                None if Instant::now() > deadline => {
                    return Err(MpiError::Silent(missing as i32, STATS_TIMEOUT.as_secs()))
                }
                None => std::thread::sleep(Duration::from_micros(50)),
            }
        }
        Ok(got.into_iter().map(|g| g.expect("all present")).collect())
    })?
}
