//! The `mpi` runtime: the processes of a message-passing algorithm on MPI
//! ranks, across cores or machines, launched by `mpirun -n R` or `srun`.
//!
//! ## Mapping and threads
//! Every rank runs the same command line, so every rank builds the same processes and the same
//! root position; process `p` lives on rank `p mod R` (so with `P = R` one process per rank, and
//! `P > R` maps several processes to a rank as the simulator's processor ids would), the others
//! are dropped. **One thread per rank owns MPI** (rsmpi's communicators are not `Send`): it
//! runs its processes cooperatively, like the threads runtime's loop, in rounds of phases
//! (`Session`): take what the network has (non-blocking matched probes), hand each waiting
//! message to its process, let each busy process work, let the host (rank 0) read its
//! messages, look at the limits; repeat.
//!
//! **Work.** A busy process with a long form ([`Process::run`], e.g. a slave's job searched by
//! `arachne-search`'s serial search) runs it to its end, as on threads: its search polls a
//! mailbox every few thousand nodes, and the mailbox runs the same phases — it sends what the
//! process sent, takes what the network has, publishes the node count for the budget, lets
//! the host and the limits decide (`Err(Stopping)` unwinds the search at once) and hands the
//! process the oldest message for it. Meanwhile the other processes of the same rank (when
//! `P > R`) keep their messages until it is back. A process without such a form is stepped
//! `poll_every` nodes at a time ([`Process::work`]). Sends are non-blocking (`MPI_Isend`), their buffers
//! kept until the request completes. An idle rank polls without pause for 200 µs, then yields
//! its core between polls, and after 2 ms sleeps 100 µs between polls (an MPI blocking receive
//! would spin for ever and take the core from busy ranks when oversubscribed).
//! The host (the user) is on rank 0.
//!
//! ## Threads in a rank
//! With [`MpiConfig::threads`] `= Some(T)` (`arachne search --backend mpi --threads T`: one
//! rank per machine, each with its T cores) a rank runs each of its processes — at most T,
//! else the run is refused ([`MpiError::TooManyProcs`]) — on a thread of its own, as the
//! threads runtime does, and its MPI thread only relays (`threaded`): messages between the
//! rank's processes go from channel to channel, never encoded; the others through the MPI
//! thread, which alone calls MPI. The processes of a rank are built from one vector on every
//! rank, so those that share a table (tree-split's processors, type-guided's) share it with the
//! rank's other threads as on the threads backend. The rounds, STOP, the limits and the
//! statistics are the same as without threads.
//!
//! ## Messages on the wire
//! Each algorithm message is one MPI message, tag [`TAG_MSG`]: `varint(from) varint(to)` and
//! the message's [`Wire`](crate::wire::Wire) encoding, found through the per-thread
//! [`codec`](crate::wire::codec) registry. Positions travel as paths of move indices from the
//! root ([`crate::pathed`]), so the cost of a message is a few bytes plus one byte per ply of
//! its position, and one move generation per ply to decode it; no depth limit. Messages between
//! processes on the same rank are handed over in memory, never encoded. Per-link FIFO order
//! holds: MPI does not overtake messages with the same source, tag and communicator.
//!
//! ## End, statistics, faults
//! When the host receives the stopping message, rank 0 sends STOP to every rank; each answers
//! with its processes' statistics (node counts, messages sent, busy seconds — time inside the
//! process's handlers and work — and wall seconds), gathered on rank 0 into [`MpiOutcome`].
//! Then the ranks **settle**: they exchange how many messages each sent to each
//! (`MPI_Ialltoall`), and each receives and discards what it is still owed while completing its
//! own sends, so every rank leaves the run with no message in flight and no send pending — into
//! the next run on the same ranks or into `MPI_Finalize` — for every algorithm (bounded by
//! [`STATS_TIMEOUT`]; rank 0 reports [`MpiError::Unsettled`] otherwise). A worker looks for
//! STOP before anything else in each round (a receive for STOP's tag overtakes the algorithm
//! messages rank 0 sent before it), and a round delivers at most a batch of messages, so STOP
//! and the limits are seen within a round however much the processes message each other —
//! measured before that: `knm` stopped by `--nodes` on 2 ranks had a local inbox of 100 000
//! messages and growing, rounds of seconds, and a worker that never reached STOP, queued behind
//! thousands of messages, while rank 0 gave up waiting and sat in `MPI_Finalize`.
//!
//! A message that cannot be decoded ends the run: a worker reports it to rank 0 (tag
//! [`TAG_FAULT`]), rank 0 stops every rank and [`run_mpi`] returns the error on rank 0. A rank
//! that does not answer STOP within [`STATS_TIMEOUT`] is reported as dead. A rank that dies
//! during the search is detected by the launcher (Open MPI ends the job and reports the rank;
//! rank 0 receives SIGTERM and prints `arachne: the MPI job was terminated …` before exiting
//! with status 143), so a run never hangs. Ctrl-C on `mpirun` goes the same way.
//! (The fault path is tested end to end by `arachne-cli`'s `tests/mpi.rs`: a rank of the test
//! binary joins an `arachne` job through this module's public API and sends bytes that do not
//! decode; there is no fault switch in the runtime itself.)
//!
//! ## Limits
//! [`run_mpi_limited`] takes the search limits. Rank 0 decides: it looks at its stop flag and
//! its deadline after every round of its loop (so within `poll_every` nodes of its own
//! processes), and at the node budget summed over all ranks: every worker sends rank 0 the
//! node count of its processes (tag [`TAG_NODES`], a varint) at most every
//! [`NODES_EVERY`] while it changes, so the budget may be passed by what the ranks search in
//! that time. A tripped limit ends the run exactly like the stopping message — STOP to every
//! rank, statistics gathered — and [`MpiOutcome::stopped`] says why, on every rank (STOP
//! carries the reason, so that every rank takes the same path after the run).
//!
//! ## Records after the run
//! Each rank gets its own processes back ([`MpiOutcome::procs`], `None` for the others'), so
//! an algorithm with per-process records (type-guided's node-type trace) encodes them and
//! sends them to rank 0 with [`gather`].
//!
//! ## Where each phase lives
//! * `start` — start-up: MPI's universe on this thread ([`init`], [`world`], [`finalize`]), a
//!   fresh communicator per run, and a rank's session opened (its processes, rank 0's SIGTERM
//!   handler, the barrier) with the host's initial messages sent; the codec check comes first,
//!   in [`run_mpi_limited`];
//! * `rounds` — the loop every rank runs, rank 0 and workers alike: its phases, and the mailbox
//!   of a process out running its long work;
//! * `threaded` — the same loop for a rank whose processes run on threads (Threads in a rank);
//! * `rank` — one rank's share: its processes, their inbox, routing of what they send;
//! * `end` — STOP, the statistics gathered on rank 0 or reported by a worker, faults, the
//!   SIGTERM handler, and [`gather`];
//! * `frame` — the bytes of each tag: algorithm messages, statistics, STOP's reason;
//! * `net` — a run's traffic on its communicator: sends, probes, settling, the counts;
//! * `control` — between runs: rank 0 announces the next run to the worker ranks (a driver of
//!   several runs, e.g. `arachne speedup` under `mpirun`);
//! * `runners` — the process types [`execute`](crate::execute) runs on MPI, each compiled
//!   where it is registered ([`register_process`]);
//! * `transport` — what the runtime needs of MPI ([`Transport`], [`Comm`]), implemented and
//!   [`install`]ed by a crate that links MPI (`arachne-mpi`).
mod control;
mod end;
mod frame;
mod net;
mod rank;
mod rounds;
mod runners;
mod start;
mod threaded;
mod transport;

pub use control::{announce, next_announcement, open_control, DOZE};
pub use end::gather;
pub use runners::register_process;
pub(crate) use runners::{not_registered, runner};
pub use start::{finalize, init, last_stopped, last_traffic, launcher_rank, world, World};
pub use transport::{available, install, Comm, Transport};

use crate::process::{Pid, Process};
use crate::wire::WireError;
use crate::CostModel;
use arachne_core::{Limits, Stats, StopReason};
use std::time::Duration;

/// Tag of an algorithm message between processes.
pub const TAG_MSG: i32 = 1;
/// Tag of a message to the host (rank 0).
pub const TAG_HOST: i32 = 2;
/// Tag of rank 0's order to stop.
pub const TAG_STOP: i32 = 3;
/// Tag of a rank's statistics, sent to rank 0 after STOP.
pub const TAG_STATS: i32 = 4;
/// Tag of a fault report (an undecodable message) sent to rank 0.
pub const TAG_FAULT: i32 = 5;
/// Tag of a worker's node count (for the node budget), sent to rank 0 during the run.
pub const TAG_NODES: i32 = 6;
/// Tag of a rank's bytes in [`gather`].
pub const TAG_GATHER: i32 = 7;
// Tag 8: an announcement on the control channel (`control`).

/// STOP's payload byte when rank 0 ends the run because of a fault (0: the answer arrived;
/// 1–4: a limit, `frame::stop_code`).
const STOP_FAULT: u8 = 9;

/// A worker sends its node count to rank 0 at most this often.
pub const NODES_EVERY: Duration = Duration::from_millis(2);

/// An idle rank polls without pause this long after its last activity (a reply usually comes
/// within a round trip) …
const SPIN: Duration = Duration::from_micros(200);
/// … then yields its core between polls until this long …
const YIELD: Duration = Duration::from_millis(2);
// … then sleeps 100 µs between polls.

/// Most network messages taken, and most local messages delivered, per round of a rank's loop
/// (so a round stays short however many messages its processes make, and STOP and the limits
/// are looked at within a round).
const POLL_BATCH: usize = 256;

/// Most pending sends tested per round.
const REAP_BATCH: usize = 1024;

/// How long rank 0 waits for every rank's statistics after STOP.
pub const STATS_TIMEOUT: Duration = Duration::from_secs(10);

/// An MPI run that could not complete.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MpiError {
    /// MPI could not be initialized (already finalized, or not available).
    #[error("MPI could not be initialized")]
    Init,
    /// This binary has no MPI transport installed ([`install`]): built without MPI.
    #[error("{}", crate::exec::NO_MPI)]
    Unavailable,
    /// A rank received bytes it could not decode.
    #[error("rank {rank}: message from rank {from}: {err}")]
    Decode {
        /// The receiving rank.
        rank: i32,
        /// The sending rank.
        from: i32,
        /// What was wrong.
        err: WireError,
    },
    /// A worker's fault, as it reported it.
    #[error("{0}")]
    Remote(String),
    /// A rank did not report at the end.
    #[error("rank {0} did not report its statistics within {1} s after STOP (is it alive?)")]
    Silent(i32, u64),
    /// The ranks did not settle after the statistics (see the module docs, End).
    #[error("the ranks did not settle the run's last messages within {0} s after STOP (is every rank alive?)")]
    Unsettled(u64),
    /// The algorithm's message type has no wire encoding registered on this thread
    /// ([`crate::wire::register`]): the run is refused before it starts.
    #[error("the messages `{0}` have no registered wire encoding (arachne_runtime::wire::register): the run was not started")]
    NoCodec(&'static str),
    /// A message to a process that does not exist.
    #[error("message to unknown process {0}")]
    BadPid(Pid),
    /// More processes on a rank than its threads ([`MpiConfig::threads`]).
    #[error("{procs} processes on {ranks} ranks × {threads} threads: at most {} processes (a thread each)", *ranks as u64 * *threads as u64)]
    TooManyProcs {
        /// The processes of the run.
        procs: usize,
        /// The ranks.
        ranks: i32,
        /// Threads per rank.
        threads: u32,
    },
}

/// Settings of an MPI run.
#[derive(Clone, Debug)]
pub struct MpiConfig {
    /// Nodes of a resumable search (`arachne_search::stepper`) a busy process runs between
    /// mailbox polls.
    pub poll_every: u64,
    /// `Some(T)`: each rank runs its processes on threads, one each, at most `T` of them
    /// (module docs, Threads in a rank); `None`: on its MPI thread, in turn.
    pub threads: Option<u32>,
}

/// The result of an MPI run (complete on rank 0; a worker rank's has only its own processes).
#[derive(Debug)]
pub struct MpiOutcome<P: Process> {
    /// This rank.
    pub world: World,
    /// This rank's processes as they ended (`None` for the processes of other ranks).
    pub procs: Vec<Option<P>>,
    /// Set (on every rank) when a limit ended the run before the stopping message.
    pub stopped: Option<StopReason>,
    /// Messages the host received, with their arrival times (seconds since the start). Rank 0.
    pub host: Vec<(f64, P::Msg)>,
    /// Node counts per process (rank 0: every process).
    pub stats: Vec<Stats>,
    /// Busy seconds per process (inside its handlers and work).
    pub busy: Vec<f64>,
    /// Idle seconds per process (its rank's wall time minus busy).
    pub idle: Vec<f64>,
    /// Wall time until the stopping message reached the host.
    pub elapsed: Duration,
    /// Messages sent by all processes (including to the host).
    pub messages: u64,
    /// Algorithm messages that crossed between ranks (rank 0: all ranks').
    pub remote_messages: u64,
    /// Payload bytes of the messages that crossed between ranks.
    pub remote_bytes: u64,
}

/// Runs `procs` on the MPI ranks from the `initial` messages (sent by the host on rank 0) until
/// the host receives a message for which `stop` is true. Every rank calls this with the same
/// arguments; the messages' encoding must be registered ([`crate::wire::register`]): a run
/// whose message type is not is refused before MPI starts ([`MpiError::NoCodec`]), on every
/// rank alike. Rank 0's outcome has everything; a worker's has its own processes' statistics
/// and no host messages.
pub fn run_mpi<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    cost: &CostModel,
    cfg: &MpiConfig,
    stop: impl FnMut(&P::Msg) -> bool,
) -> Result<MpiOutcome<P>, MpiError> {
    run_mpi_limited(procs, initial, cost, cfg, &Limits::default(), stop)
}

/// [`run_mpi`] that also ends when `limits` trip (see the module docs, Limits); `limits.depth`
/// is ignored.
pub fn run_mpi_limited<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    cost: &CostModel,
    cfg: &MpiConfig,
    limits: &Limits,
    mut stop: impl FnMut(&P::Msg) -> bool,
) -> Result<MpiOutcome<P>, MpiError> {
    // Before anything else: every rank runs the same code, so every rank refuses alike and
    // nothing is sent.
    let codec =
        crate::wire::codec::<P::Msg>().ok_or(MpiError::NoCodec(std::any::type_name::<P::Msg>()))?;
    let world_info = init()?;
    if let Some(t) = cfg.threads {
        // (Every rank sees the same counts: every rank refuses alike, before anything is sent.)
        let most = (procs.len() as u64).div_ceil(world_info.size as u64);
        if t == 0 || most > t as u64 {
            return Err(MpiError::TooManyProcs {
                procs: procs.len(),
                ranks: world_info.size,
                threads: t,
            });
        }
    }
    // A communicator of its own per run (never freed before `finalize`): a message still in
    // flight when a run stops can never be taken for one of the next run's.
    start::fresh_comm(|comm| {
        let mut s = start::open(comm, world_info, codec, procs, cost, cfg, limits, &mut stop);
        s.start(initial)?;
        if cfg.threads.is_some() {
            s.rounds_threaded();
        } else {
            s.rounds();
        }
        s.finish()
    })?
}
