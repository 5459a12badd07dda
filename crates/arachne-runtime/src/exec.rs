//! The one execution layer: where a message-passing algorithm's processes run
//! ([`Backend`]), one call that runs them there ([`execute`]) and what every backend hands
//! back ([`Run`]).
//!
//! Every algorithm — the alpha-beta family of `arachne-parallel` and master–slave RBFM of
//! `arachne-bestfirst` — builds its processes and its initial messages, calls [`execute`] and
//! reads the host's messages from the [`Run`]; what it makes of them (a value and a line, a
//! best-first tree) is its own. The three backends:
//!
//! * [`Backend::Sim`]: the discrete-event simulator ([`crate::sim`]), virtual time;
//! * [`Backend::Threads`]: one OS thread per process ([`crate::threads`]);
//! * [`Backend::Mpi`]: MPI ranks ([`crate::mpi`], with the transport a binary installs,
//!   `arachne-mpi`'s cargo feature `mpi`): every rank calls
//!   [`execute`] with the same arguments; process `p` lives on rank `p mod R`; rank 0 gets the
//!   host's messages and every process's statistics, a worker rank gets its own processes back
//!   and [`ExecError::Worker`]. The process type must be registered for MPI
//!   ([`crate::mpi::register_process`]: the MPI session is compiled only for the types that
//!   run there) and the messages' wire encoding on the thread ([`crate::wire::register`])
//!   before: a run of either kind not registered is refused before it starts
//!   ([`ExecError::Mpi`] naming the type), on every rank alike, so nothing is sent. Without the
//!   feature the backend answers [`ExecError::NoMpi`].
//!
//! A busy process on the real backends (threads, MPI) runs its long work through
//! [`Process::run`] with a [`crate::Mailbox`] when it has such a form, else it is stepped
//! `poll_every` nodes at a time ([`Process::work`]).
use crate::process::{Pid, Process};
use crate::{run_sim_limited, run_threads_limited, CostModel, SimConfig};
use arachne_core::{Limits, Stats, StopReason};

/// The error a worker rank (not rank 0) gets from a search on MPI: rank 0 has the result.
pub const WORKER: &str = "this MPI rank is a worker: rank 0 reports the result";

/// Without an MPI transport installed (a build without MPI): what to do instead.
pub const NO_MPI: &str =
    "--backend mpi needs arachne built with MPI: cargo build --release --features mpi (see README, MPI)";

/// Where the processes run.
#[derive(Clone, Debug, PartialEq)]
pub enum Backend {
    /// The simulator (virtual time).
    Sim(SimConfig),
    /// OS threads; a process stepped by [`Process::work`] polls its mailbox every
    /// `poll_every` nodes.
    Threads {
        /// Nodes between mailbox polls.
        poll_every: u64,
    },
    /// MPI ranks (`mpirun`/`srun`; needs the cargo feature `mpi`): process `p` on rank
    /// `p mod R`, positions on the wire as move paths from the root (`arachne_runtime::mpi`).
    Mpi {
        /// Nodes between mailbox polls.
        poll_every: u64,
        /// `Some(T)`: each rank runs its processes on threads, at most `T` of them, and the
        /// algorithms' processor count defaults to ranks × `T` (`crate::mpi`, Threads in a
        /// rank); `None`: a rank runs its processes in turn on its one thread.
        threads: Option<u32>,
    },
}

impl Backend {
    /// MPI ranks, each running its processes in turn on one thread.
    pub fn mpi(poll_every: u64) -> Self {
        Backend::Mpi {
            poll_every,
            threads: None,
        }
    }
}

/// Why a run has no result on this rank.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExecError {
    /// A worker MPI rank: rank 0 has the result.
    #[error("{}", WORKER)]
    Worker,
    /// `--backend mpi` without an MPI transport installed (a build without MPI).
    #[error("{}", NO_MPI)]
    NoMpi,
    /// The MPI run failed or was refused (one line).
    #[error("MPI: {0}")]
    Mpi(String),
    /// The run does not fit its backend, which refused it before it started, on every rank
    /// alike (one line): more processes than an MPI rank's threads hold.
    #[error("{0}")]
    Refused(String),
}

/// What a run hands back, on every backend.
#[derive(Debug)]
pub struct Run<M> {
    /// Set when a limit ended the run before its answer.
    pub stopped: Option<StopReason>,
    /// Why the run has no result on this rank (an MPI fault, or a worker rank).
    pub error: Option<ExecError>,
    /// Messages the host received, with their arrival times (virtual on sim, seconds since
    /// the start otherwise).
    pub host: Vec<(f64, M)>,
    /// Node counts summed over every process.
    pub stats: Stats,
    /// Node counts per process (on MPI gathered on rank 0; empty after an MPI error).
    pub proc_stats: Vec<Stats>,
    /// Virtual time (sim) or wall seconds until the answer.
    pub time: f64,
    /// Messages sent.
    pub messages: u64,
    /// Busy time per process (sim: charged work; threads and MPI: seconds in its handlers and
    /// work).
    pub busy: Vec<f64>,
    /// Idle time per process (as `busy`).
    pub idle: Vec<f64>,
}

impl<M> Run<M> {
    /// A run that did not happen (or has nothing to report on this rank).
    pub fn failed(error: ExecError) -> Self {
        Run {
            stopped: None,
            error: Some(error),
            host: Vec::new(),
            stats: Stats::default(),
            proc_stats: Vec::new(),
            time: 0.0,
            messages: 0,
            busy: Vec::new(),
            idle: Vec::new(),
        }
    }
}

/// What a message-passing search hands back, for any algorithm: what the algorithm returns
/// (`outcome`: for master–slave RBFM its best-first outcome), the algorithm's own figures
/// beside it (`detail`), and the run's figures, which mean the same for every algorithm.
#[derive(Clone, Debug)]
pub struct RunOutcome<A, D = ()> {
    /// What the algorithm returns.
    pub outcome: A,
    /// Messages sent.
    pub messages: u64,
    /// Virtual time (sim) or wall seconds (threads, MPI).
    pub time: f64,
    /// Sim: the serial reference's virtual time under the same cost model.
    pub serial_time: Option<f64>,
    /// `serial_time / time`.
    pub speedup: Option<f64>,
    /// Busy time per process (see [`Run::busy`]).
    pub busy: Vec<f64>,
    /// Idle time per process (see [`Run::idle`]).
    pub idle: Vec<f64>,
    /// The algorithm's own figures.
    pub detail: D,
}

impl<A, D> RunOutcome<A, D> {
    /// The outcome of `run` with the algorithm's `outcome` and `detail`, compared with a serial
    /// reference of `serial_time` (the speedup is 1 when the run took no time).
    pub fn of<M>(run: &Run<M>, outcome: A, detail: D, serial_time: Option<f64>) -> Self {
        let time = run.time;
        RunOutcome {
            outcome,
            messages: run.messages,
            time,
            serial_time,
            speedup: serial_time.map(|s| if time > 0.0 { s / time } else { 1.0 }),
            busy: run.busy.clone(),
            idle: run.idle.clone(),
            detail,
        }
    }

    /// The same run with the algorithm's outcome turned by `f` (e.g. its moves unwrapped).
    pub fn map<B>(self, f: impl FnOnce(A) -> B) -> RunOutcome<B, D> {
        RunOutcome {
            outcome: f(self.outcome),
            messages: self.messages,
            time: self.time,
            serial_time: self.serial_time,
            speedup: self.speedup,
            busy: self.busy,
            idle: self.idle,
            detail: self.detail,
        }
    }
}

/// A run outcome reads as what the algorithm returned (`out.value` is `out.outcome.value`), so
/// an algorithm's callers need not spell the `outcome` field.
impl<A, D> std::ops::Deref for RunOutcome<A, D> {
    type Target = A;
    fn deref(&self) -> &A {
        &self.outcome
    }
}

impl<A, D> std::ops::DerefMut for RunOutcome<A, D> {
    fn deref_mut(&mut self) -> &mut A {
        &mut self.outcome
    }
}

/// The run of `procs` as they ended: their counts summed and each, and the rest as given.
fn ended<P: Process>(
    procs: Vec<P>,
    host: Vec<(f64, P::Msg)>,
    time: f64,
    messages: u64,
    (busy, idle): (Vec<f64>, Vec<f64>),
    stopped: Option<StopReason>,
) -> (Run<P::Msg>, Vec<P>) {
    let proc_stats: Vec<Stats> = procs.iter().map(|p| p.stats()).collect();
    let run = Run {
        stopped,
        error: None,
        stats: proc_stats.iter().fold(Stats::default(), |a, s| a + *s),
        proc_stats,
        host,
        time,
        messages,
        busy,
        idle,
    };
    (run, procs)
}

/// Runs `procs` on `backend` from the `initial` messages (sent by the host) until the host
/// receives a message for which `stop` is true, or `limits` trip (`limits.depth` is ignored).
/// Hands back the processes as they ended (on MPI this rank's, in process order).
pub fn execute<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    backend: &Backend,
    limits: &Limits,
    stop: impl FnMut(&P::Msg) -> bool,
) -> (Run<P::Msg>, Vec<P>) {
    match backend {
        Backend::Sim(cfg) => {
            let o = run_sim_limited(procs, initial, cfg, limits, stop);
            let times = (o.busy, o.idle);
            ended(o.procs, o.host, o.time, o.messages, times, o.stopped)
        }
        Backend::Threads { poll_every } => {
            let cost = CostModel::unit(1.0);
            let o = run_threads_limited(procs, initial, &cost, *poll_every, limits, stop);
            let t = o.elapsed.as_secs_f64();
            let times = (o.busy, o.idle);
            ended(o.procs, o.host, t, o.messages, times, o.stopped)
        }
        Backend::Mpi { .. } if !crate::mpi::available() => {
            (Run::failed(ExecError::NoMpi), Vec::new())
        }
        Backend::Mpi {
            poll_every,
            threads,
        } => {
            let cfg = crate::mpi::MpiConfig {
                poll_every: *poll_every,
                threads: *threads,
            };
            let Some(run) = crate::mpi::runner::<P>() else {
                let e = ExecError::Mpi(crate::mpi::not_registered::<P>());
                return (Run::failed(e), Vec::new());
            };
            let cost = CostModel::unit(1.0);
            let mut stop = stop;
            from_mpi(run(procs, initial, &cost, &cfg, limits, &mut stop))
        }
    }
}

/// An MPI run's outcome as a [`Run`]: a worker rank's carries [`ExecError::Worker`].
fn from_mpi<P: Process>(
    r: Result<crate::mpi::MpiOutcome<P>, crate::mpi::MpiError>,
) -> (Run<P::Msg>, Vec<P>) {
    match r {
        Ok(o) => (
            Run {
                stopped: o.stopped,
                error: (o.world.rank != 0).then_some(ExecError::Worker),
                stats: o.stats.iter().fold(Stats::default(), |a, s| a + *s),
                proc_stats: o.stats,
                host: o.host,
                time: o.elapsed.as_secs_f64(),
                messages: o.messages,
                busy: o.busy,
                idle: o.idle,
            },
            o.procs.into_iter().flatten().collect(),
        ),
        Err(e @ crate::mpi::MpiError::TooManyProcs { .. }) => {
            (Run::failed(ExecError::Refused(e.to_string())), Vec::new())
        }
        Err(e) => (Run::failed(ExecError::Mpi(e.to_string())), Vec::new()),
    }
}
