//! The `mpi` runtime (cargo feature `mpi`): the processes of a message-passing algorithm on MPI
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
//! Test hook: with `ARACHNE_MPI_CORRUPT=R` in the environment, rank `R` replaces the payload of
//! its first message to another rank by bytes that do not decode (to test the fault path).
use crate::process::{Env, Mailbox, Outgoing, Pid, Process, Stopping, HOST};
use crate::wire::{codec, put_varint, Codec, Reader, WireError};
use crate::CostModel;
use arachne_core::{Limits, Stats, StopReason};
use mpi::environment::Universe;
use mpi::point_to_point::MatchedReceiveVec;
use mpi::request::{Request, StaticScope};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::{Duration, Instant};

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

/// STOP's payload byte when rank 0 ends the run because of a fault (0: the answer arrived;
/// 1–4: a limit, [`stop_code`]).
const STOP_FAULT: u8 = 9;

fn stop_code(r: StopReason) -> u8 {
    match r {
        StopReason::Nodes => 1,
        StopReason::Time => 2,
        StopReason::Stopped => 3,
        StopReason::Memory => 4,
    }
}

fn stop_reason(c: u8) -> Option<StopReason> {
    match c {
        1 => Some(StopReason::Nodes),
        2 => Some(StopReason::Time),
        3 => Some(StopReason::Stopped),
        4 => Some(StopReason::Memory),
        _ => None,
    }
}

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
}

thread_local! {
    static UNIVERSE: RefCell<Option<Universe>> = const { RefCell::new(None) };
    static TRAFFIC: std::cell::Cell<(u64, u64)> = const { std::cell::Cell::new((0, 0)) };
    /// The communicators of past runs, kept until [`finalize`]: freeing one lets MPI reuse its
    /// context for the next run's, where messages still in flight at the end of the old run
    /// (the Key Node Method has many) would be received as the new run's — measured: an
    /// undecodable path in the run after a KNM search, on 3 ranks.
    static KEPT: RefCell<Vec<SimpleCommunicator>> = const { RefCell::new(Vec::new()) };
}

/// A fresh communicator for one run (a duplicate of the world; collective), kept alive until
/// [`finalize`].
fn fresh_comm<R>(f: impl FnOnce(&SimpleCommunicator) -> R) -> R {
    let comm = UNIVERSE.with(|u| {
        u.borrow()
            .as_ref()
            .expect("initialized")
            .world()
            .duplicate()
    });
    let r = f(&comm);
    KEPT.with(|k| k.borrow_mut().push(comm));
    r
}

/// Messages and payload bytes that crossed between ranks in the last run on this thread
/// (rank 0: all ranks' totals).
pub fn last_traffic() -> (u64, u64) {
    TRAFFIC.with(|t| t.get())
}

/// This rank and the number of ranks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct World {
    /// This rank.
    pub rank: i32,
    /// Number of ranks.
    pub size: i32,
}

/// Initializes MPI on this thread (once; later calls return the same world).
pub fn init() -> Result<World, MpiError> {
    UNIVERSE.with(|u| {
        let mut u = u.borrow_mut();
        if u.is_none() {
            *u = Some(mpi::initialize().ok_or(MpiError::Init)?);
        }
        let w = u.as_ref().expect("initialized").world();
        Ok(World {
            rank: w.rank(),
            size: w.size(),
        })
    })
}

/// This rank's world, if MPI is initialized on this thread.
pub fn world() -> Option<World> {
    UNIVERSE.with(|u| {
        u.borrow().as_ref().map(|u| {
            let w = u.world();
            World {
                rank: w.rank(),
                size: w.size(),
            }
        })
    })
}

/// Finalizes MPI if it was initialized on this thread (call before the process exits).
pub fn finalize() {
    KEPT.with(|k| k.borrow_mut().clear());
    UNIVERSE.with(|u| drop(u.borrow_mut().take()));
}

/// The rank the launcher gave this process (`OMPI_COMM_WORLD_RANK`, `PMIX_RANK`, `PMI_RANK`
/// or `SLURM_PROCID`), read from the environment without initializing MPI.
pub fn launcher_rank() -> Option<i32> {
    [
        "OMPI_COMM_WORLD_RANK",
        "PMIX_RANK",
        "PMI_RANK",
        "SLURM_PROCID",
    ]
    .iter()
    .find_map(|k| std::env::var(k).ok()?.parse().ok())
}

/// Settings of an MPI run.
#[derive(Clone, Debug)]
pub struct MpiConfig {
    /// Nodes of a resumable search (`arachne_search::stepper`) a busy process runs between
    /// mailbox polls.
    pub poll_every: u64,
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

struct Pending {
    req: Request<'static, [u8], StaticScope>,
    buf: *mut [u8],
}

/// The transport: pending non-blocking sends, and the messages sent to and received from
/// each rank on this run's communicator (to [`settle`](Net::settle) at the end).
struct Net<'w> {
    world: &'w SimpleCommunicator,
    pending: VecDeque<Pending>,
    corrupt: bool,
    remote_messages: u64,
    remote_bytes: u64,
    /// Messages sent to each rank (every tag).
    sent: Vec<u64>,
    /// Messages received from each rank (every tag).
    received: Vec<u64>,
}

impl<'w> Net<'w> {
    fn new(world: &'w SimpleCommunicator, corrupt: bool) -> Self {
        let size = world.size() as usize;
        Net {
            world,
            pending: VecDeque::new(),
            corrupt,
            remote_messages: 0,
            remote_bytes: 0,
            sent: vec![0; size],
            received: vec![0; size],
        }
    }

    fn isend(&mut self, rank: i32, tag: i32, bytes: Vec<u8>) {
        let mut bytes = bytes;
        if self.corrupt && tag == TAG_MSG {
            self.corrupt = false;
            bytes = vec![0xff; 3];
        }
        if tag == TAG_MSG || tag == TAG_HOST {
            self.remote_messages += 1;
            self.remote_bytes += bytes.len() as u64;
        }
        self.sent[rank as usize] += 1;
        let leaked: &'static mut [u8] = Box::leak(bytes.into_boxed_slice());
        let buf: *mut [u8] = leaked;
        // SAFETY: `buf` stays allocated (not aliased mutably) until the request completes;
        // `reap` frees it only then.
        let data: &'static [u8] = unsafe { &*buf };
        let req = self
            .world
            .process_at_rank(rank)
            .immediate_send_with_tag(StaticScope, data, tag);
        self.pending.push_back(Pending { req, buf });
    }

    /// Frees the buffers of completed sends, testing at most [`REAP_BATCH`] of them (oldest
    /// first; each test also drives MPI's progress engine, which measured faster in a flood of
    /// messages than testing only the oldest, but testing tens of thousands of pending sends
    /// per round made a round take milliseconds); true if none is pending.
    fn reap(&mut self) -> bool {
        for _ in 0..self.pending.len().min(REAP_BATCH) {
            let p = self.pending.pop_front().expect("counted");
            match p.req.test() {
                Ok(_) => {
                    // SAFETY: the send completed; MPI no longer reads the buffer.
                    drop(unsafe { Box::from_raw(p.buf) });
                }
                Err(req) => self.pending.push_back(Pending { req, buf: p.buf }),
            }
        }
        self.pending.is_empty()
    }

    /// Waits up to `limit` for the pending sends; leaks those that never complete (their peer
    /// is gone) rather than block.
    fn drain(&mut self, limit: Duration) {
        let t = Instant::now();
        while !self.reap() && t.elapsed() < limit {
            std::thread::sleep(Duration::from_micros(50));
        }
        for p in self.pending.drain(..) {
            std::mem::forget(p.req);
        }
    }

    /// Blocking-free receive of one waiting message: `(source, tag, bytes)`.
    fn poll(&mut self) -> Option<(i32, i32, Vec<u8>)> {
        let probed = self.world.any_process().immediate_matched_probe()?;
        let (data, status) = probed.matched_receive_vec::<u8>();
        self.received[status.source_rank() as usize] += 1;
        Some((status.source_rank(), status.tag(), data))
    }

    /// Blocking-free receive of rank 0's STOP, ahead of the messages rank 0 sent before it
    /// (MPI keeps order only among messages a receive could match: a receive for STOP's tag
    /// overtakes a backlog of algorithm messages).
    fn poll_stop(&mut self) -> Option<Vec<u8>> {
        let probed = self
            .world
            .process_at_rank(0)
            .immediate_matched_probe_with_tag(TAG_STOP)?;
        let (data, _) = probed.matched_receive_vec::<u8>();
        self.received[0] += 1;
        Some(data)
    }

    /// Ends the run on this communicator with no message in flight (call on every rank, after
    /// STOP and the statistics): the ranks exchange how many messages each sent to each
    /// (`MPI_Ialltoall`), then each receives and discards what it is still owed and completes
    /// its own sends. So no send stays pending into the next run or `MPI_Finalize`, and no
    /// stale message waits in a queue. Returns false if that did not happen by `deadline` (a
    /// rank is gone); the requests still pending are then leaked, never waited for.
    fn settle(&mut self, deadline: Instant) -> bool {
        let counts: *mut [u64] = Box::leak(self.sent.clone().into_boxed_slice());
        let owed: *mut [u64] = Box::leak(vec![0u64; self.sent.len()].into_boxed_slice());
        // SAFETY: both buffers stay allocated, and are not touched, until the request
        // completes (then they are freed), or are leaked with the request.
        let mut exchange = Some(self.world.immediate_all_to_all_into(
            StaticScope,
            unsafe { &*counts },
            unsafe { &mut *owed },
        ));
        let mut expected: Option<Vec<u64>> = None;
        loop {
            if let Some(req) = exchange.take() {
                match req.test() {
                    Ok(_) => {
                        // SAFETY: the exchange completed; MPI no longer uses either buffer.
                        let owed = unsafe { Box::from_raw(owed) };
                        expected = Some(owed.to_vec());
                        drop(unsafe { Box::from_raw(counts) });
                    }
                    Err(req) => exchange = Some(req),
                }
            }
            let mut took = 0;
            while took < POLL_BATCH && self.poll().is_some() {
                took += 1;
            }
            let all_in = expected
                .as_ref()
                .is_some_and(|e| e.iter().zip(&self.received).all(|(e, r)| r >= e));
            if self.reap() && all_in {
                return true;
            }
            if Instant::now() > deadline {
                if let Some(req) = exchange {
                    std::mem::forget(req);
                }
                for p in self.pending.drain(..) {
                    std::mem::forget(p.req);
                }
                return false;
            }
            if took == 0 {
                std::thread::sleep(Duration::from_micros(20));
            }
        }
    }
}

impl Drop for Net<'_> {
    /// A run that ends early (an error) leaves sends pending: forget them (their buffers leak)
    /// rather than panic in rsmpi's `Request::drop` or block.
    fn drop(&mut self) {
        for p in self.pending.drain(..) {
            std::mem::forget(p.req);
        }
    }
}

extern "C" fn on_sigterm(_: libc::c_int) {
    let m = b"arachne: the MPI job was terminated during the search (a rank died, or mpirun was interrupted)\n";
    // SAFETY: write(2) and _exit(2) are async-signal-safe.
    unsafe {
        libc::write(2, m.as_ptr().cast(), m.len());
        libc::_exit(143);
    }
}

fn encode_stats(out: &mut Vec<u8>, p: Pid, s: &Stats, sent: u64, busy: f64, wall: f64) {
    use crate::wire::Wire;
    put_varint(out, p as u64);
    for v in [
        s.interior, s.leaves, s.movegens, s.cutoffs, s.tt_hits, s.qnodes, sent,
    ] {
        put_varint(out, v);
    }
    busy.encode(out);
    wall.encode(out);
}

type StatRow = (Pid, Stats, u64, f64, f64);

/// `varint(remote messages) varint(remote bytes)` then one row per process.
fn decode_stats(buf: &[u8]) -> Result<(u64, u64, Vec<StatRow>), WireError> {
    use crate::wire::Wire;
    let mut r = Reader::new(buf);
    let remote = (r.varint()?, r.varint()?);
    let mut rows = Vec::new();
    while !r.is_empty() {
        let p = u32::decode(&mut r)?;
        let mut v = [0u64; 7];
        for x in &mut v {
            *x = r.varint()?;
        }
        let s = Stats {
            interior: v[0],
            leaves: v[1],
            movegens: v[2],
            cutoffs: v[3],
            tt_hits: v[4],
            qnodes: v[5],
        };
        rows.push((p, s, v[6], f64::decode(&mut r)?, f64::decode(&mut r)?));
    }
    Ok((remote.0, remote.1, rows))
}

/// Rank 0's STOP: why the run ends, so every rank takes the same path after it.
fn take_stop(data: &[u8], failure: &mut Option<MpiError>, stopped: &mut Option<StopReason>) {
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

/// One rank's share of the run.
struct Rank<'c, P: Process> {
    world: World,
    procs: Vec<Option<P>>,
    envs: Vec<Option<Env<'c, P::Msg>>>,
    busy: Vec<f64>,
    inbox: VecDeque<(Pid, Pid, P::Msg)>,
    host: Vec<(f64, P::Msg)>,
    codec: Rc<Codec<P::Msg>>,
}

impl<P: Process> Rank<'_, P> {
    fn owner(&self, p: Pid) -> i32 {
        (p as u64 % self.world.size as u64) as i32
    }

    /// Routes what process `me` sent (`out`): local processes' inbox, the host, or the
    /// network.
    fn route(
        &mut self,
        me: Pid,
        out: Vec<Outgoing<P::Msg>>,
        net: &mut Net<'_>,
        start: Instant,
    ) -> Result<(), MpiError> {
        for o in out {
            if o.to == HOST {
                if self.world.rank == 0 {
                    self.host.push((start.elapsed().as_secs_f64(), o.msg));
                } else {
                    let mut b = Vec::with_capacity(16);
                    put_varint(&mut b, me as u64);
                    (self.codec.encode)(&o.msg, &mut b);
                    net.isend(0, TAG_HOST, b);
                }
            } else if o.to as usize >= self.procs.len() {
                return Err(MpiError::BadPid(o.to));
            } else if self.owner(o.to) == self.world.rank {
                self.inbox.push_back((me, o.to, o.msg));
            } else {
                let mut b = Vec::with_capacity(16);
                put_varint(&mut b, me as u64);
                put_varint(&mut b, o.to as u64);
                (self.codec.encode)(&o.msg, &mut b);
                net.isend(self.owner(o.to), TAG_MSG, b);
            }
        }
        Ok(())
    }

    fn decode(
        &self,
        from: i32,
        data: &[u8],
        with_to: bool,
    ) -> Result<(Pid, Pid, P::Msg), MpiError> {
        let fault = |err| MpiError::Decode {
            rank: self.world.rank,
            from,
            err,
        };
        let mut r = Reader::new(data);
        let src = r.varint().map_err(fault)? as Pid;
        let to = if with_to {
            r.varint().map_err(fault)? as Pid
        } else {
            HOST
        };
        let rest = r.rest();
        if with_to && (to as usize >= self.procs.len() || self.owner(to) != self.world.rank) {
            return Err(fault(WireError(format!(
                "message for process {to}, not on this rank"
            ))));
        }
        let msg = (self.codec.decode)(rest, self.codec.root.as_deref()).map_err(fault)?;
        Ok((src, to, msg))
    }
}

/// A rank's run, phase by phase: [`Session::start`] (rank 0 sends the host's messages), then
/// rounds of [`Session::take_network`], [`Session::deliver`], [`Session::work`],
/// [`Session::look_at_host`] and [`Session::look_at_limits`] until the run is `over`, then
/// [`Session::finish`] (statistics to rank 0, settling). A process out running its long work
/// ([`Process::run`]) reads its mailbox through [`RankMailbox`], which runs the same phases
/// (but delivery: the other processes of the rank wait for their messages until it is back).
struct Session<'a, 'c, P: Process> {
    wi: World,
    net: Net<'a>,
    rank: Rank<'c, P>,
    limits: &'a Limits,
    stop: &'a mut dyn FnMut(&P::Msg) -> bool,
    start: Instant,
    poll: u64,
    /// The loop must end: STOP, the answer, a limit or a fault.
    over: bool,
    failure: Option<MpiError>,
    stopped: Option<StopReason>,
    stopped_at: Option<Duration>,
    host_seen: usize,
    /// Node counts: rank 0 keeps every rank's latest report; a worker, what it last sent.
    rank_nodes: Vec<u64>,
    nodes_sent_at: Instant,
    /// The node count last published by the process out running ([`Process::run`]; it is
    /// not in `rank.procs` meanwhile).
    running_nodes: u64,
}

impl<'a, 'c, P: Process> Session<'a, 'c, P> {
    fn fail(&mut self, e: MpiError) {
        self.failure = Some(e);
        self.over = true;
    }

    /// Rank 0 sends the host's `initial` messages.
    fn start(&mut self, initial: Vec<(Pid, P::Msg)>) -> Result<(), MpiError> {
        if self.wi.rank != 0 {
            return Ok(());
        }
        let n = self.rank.procs.len();
        for (to, msg) in initial {
            if to as usize >= n {
                return Err(MpiError::BadPid(to));
            }
            if self.rank.owner(to) == 0 {
                self.rank.inbox.push_back((HOST, to, msg));
            } else {
                let mut b = Vec::new();
                put_varint(&mut b, HOST as u64);
                put_varint(&mut b, to as u64);
                (self.rank.codec.encode)(&msg, &mut b);
                self.net.isend(self.rank.owner(to), TAG_MSG, b);
            }
        }
        Ok(())
    }

    /// Phases 0 and 1: a worker looks for rank 0's STOP first (it overtakes the algorithm
    /// messages rank 0 sent before it: the Key Node Method's ranks may have thousands
    /// queued); then what is waiting on the network, at most [`POLL_BATCH`] messages (two
    /// ranks that flood each other, as the Key Node Method's do, would otherwise never leave
    /// this phase). True if anything arrived.
    fn take_network(&mut self) -> bool {
        if self.wi.rank != 0 {
            if let Some(data) = self.net.poll_stop() {
                take_stop(&data, &mut self.failure, &mut self.stopped);
                self.over = true;
                return true;
            }
        }
        let mut taken = 0;
        while let Some((src, tag, data)) = (taken < POLL_BATCH).then(|| self.net.poll()).flatten() {
            taken += 1;
            match tag {
                TAG_MSG | TAG_HOST => match self.rank.decode(src, &data, tag == TAG_MSG) {
                    Ok((from, to, msg)) => {
                        if tag == TAG_MSG {
                            self.rank.inbox.push_back((from, to, msg));
                        } else {
                            let t = self.start.elapsed().as_secs_f64();
                            self.rank.host.push((t, msg));
                        }
                    }
                    Err(e) => {
                        self.fail(e);
                        break;
                    }
                },
                TAG_STOP => {
                    take_stop(&data, &mut self.failure, &mut self.stopped);
                    self.over = true;
                    break;
                }
                TAG_NODES if self.wi.rank == 0 => {
                    if let Ok(v) = Reader::new(&data).varint() {
                        self.rank_nodes[src as usize] = v;
                    }
                }
                TAG_FAULT if self.wi.rank == 0 => {
                    let e = MpiError::Remote(String::from_utf8_lossy(&data).into_owned());
                    self.fail(e);
                    break;
                }
                _ => {}
            }
        }
        taken > 0
    }

    /// Phase 2: delivers what is waiting now, at most [`POLL_BATCH`] messages (not what they
    /// make: processes on one rank that keep messaging each other, as the Key Node Method's
    /// do, would keep the network and the limits from ever being looked at; and their inbox
    /// can grow to tens of thousands of messages, whose delivery took seconds per round).
    fn deliver(&mut self) -> bool {
        let waiting = self.rank.inbox.len().min(POLL_BATCH);
        for _ in 0..waiting {
            let Some((from, to, msg)) = self.rank.inbox.pop_front() else {
                break;
            };
            let t = Instant::now();
            let ti = to as usize;
            let (p, env) = (
                self.rank.procs[ti].as_mut().expect("own process"),
                self.rank.envs[ti].as_mut().expect("own process"),
            );
            p.on_message(from, msg, env);
            let out = env.drain().collect();
            self.rank.busy[ti] += t.elapsed().as_secs_f64();
            if let Err(e) = self.rank.route(to, out, &mut self.net, self.start) {
                self.fail(e);
                break;
            }
        }
        waiting > 0
    }

    /// Phase 3: each busy process runs its long work to its end ([`Process::run`], reading
    /// its mailbox as it goes), or, without such a form, `poll` nodes of it
    /// ([`Process::work`]).
    fn work(&mut self) -> bool {
        let mut did = false;
        for ti in 0..self.rank.procs.len() {
            if self.over {
                break;
            }
            let Some(mut p) = self.rank.procs[ti].take_if(|p| p.busy()) else {
                continue;
            };
            let mut env = self.rank.envs[ti].take().expect("own process");
            did = true;
            let t = Instant::now();
            let ran = p.run(
                &mut env,
                &mut RankMailbox {
                    s: self,
                    me: ti as Pid,
                },
            );
            if !ran {
                p.work(&mut env, f64::INFINITY, self.poll);
            }
            self.running_nodes = 0;
            self.rank.busy[ti] += t.elapsed().as_secs_f64();
            let out = env.drain().collect();
            self.rank.procs[ti] = Some(p);
            self.rank.envs[ti] = Some(env);
            if self.over {
                break;
            }
            if let Err(e) = self.rank.route(ti as Pid, out, &mut self.net, self.start) {
                self.fail(e);
            }
        }
        did
    }

    /// Phase 4 (rank 0): the host reads what it received; the stopping message ends the run.
    fn look_at_host(&mut self) {
        while self.host_seen < self.rank.host.len() {
            let done = (self.stop)(&self.rank.host[self.host_seen].1);
            self.host_seen += 1;
            if done {
                self.stopped_at = Some(self.start.elapsed());
                self.over = true;
                return;
            }
        }
    }

    /// This rank's node count (its processes', and the one out running).
    fn own_nodes(&self) -> u64 {
        let here: u64 = self
            .rank
            .procs
            .iter()
            .flatten()
            .map(|p| p.stats().nodes())
            .sum();
        here + self.running_nodes
    }

    /// Phase 5: rank 0 decides on the limits; a worker reports its node count.
    fn look_at_limits(&mut self) {
        if self.wi.rank == 0 {
            if self.limits.nodes.is_some() {
                self.rank_nodes[0] = self.own_nodes();
            }
            if let Some(r) = self.limits.check(self.rank_nodes.iter().sum()) {
                self.stopped = Some(r);
                self.over = true;
            }
        } else if self.limits.nodes.is_some() && self.nodes_sent_at.elapsed() >= NODES_EVERY {
            let now = self.own_nodes();
            if now != self.rank_nodes[0] {
                self.rank_nodes[0] = now;
                let mut b = Vec::with_capacity(10);
                put_varint(&mut b, now);
                self.net.isend(0, TAG_NODES, b);
            }
            self.nodes_sent_at = Instant::now();
        }
    }

    /// The rounds until the run is over.
    fn rounds(&mut self) {
        let mut quiet_since = Instant::now();
        loop {
            let mut did = self.take_network();
            if !self.over {
                did |= self.deliver();
            }
            if !self.over {
                did |= self.work();
            }
            if !self.over {
                self.look_at_host();
            }
            if !self.over {
                self.look_at_limits();
            }
            if self.over {
                return;
            }
            self.net.reap();
            if did {
                quiet_since = Instant::now();
            } else if quiet_since.elapsed() < SPIN {
                std::hint::spin_loop();
            } else if quiet_since.elapsed() < YIELD {
                std::thread::yield_now();
            } else {
                std::thread::sleep(Duration::from_micros(100));
            }
        }
    }

    /// After the rounds: every process's statistics gathered on rank 0, the ranks settled
    /// (module docs, End), the outcome.
    fn finish(mut self) -> Result<MpiOutcome<P>, MpiError> {
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
        TRAFFIC.with(|t| t.set((remote_messages, remote_bytes)));
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
        let mut b = Vec::new();
        put_varint(&mut b, self.net.remote_messages);
        put_varint(&mut b, self.net.remote_bytes);
        for i in 0..rows.stats.len() {
            if self.rank.procs[i].is_some() {
                let (s, m, busy) = (&rows.stats[i], rows.sent[i], rows.busy[i]);
                encode_stats(&mut b, i as Pid, s, m, busy, wall);
            }
        }
        self.net.isend(0, TAG_STATS, b);
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

/// The mailbox of a process out running its long work on a rank ([`Process::run`]): each
/// poll routes what the process sent, publishes its node count, takes what the network has
/// (phases 0–1), lets the host and the limits decide (phases 4–5), and hands the process the
/// oldest message waiting for it. Messages for the rank's other processes wait in its inbox.
struct RankMailbox<'s, 'a, 'c, P: Process> {
    s: &'s mut Session<'a, 'c, P>,
    me: Pid,
}

impl<P: Process> Mailbox<P::Msg> for RankMailbox<'_, '_, '_, P> {
    fn poll(
        &mut self,
        env: &mut Env<'_, P::Msg>,
        nodes: u64,
    ) -> Result<Option<(Pid, P::Msg)>, Stopping> {
        let s = &mut *self.s;
        if !s.over {
            let out = env.drain().collect();
            if let Err(e) = s.rank.route(self.me, out, &mut s.net, s.start) {
                s.fail(e);
            }
        }
        s.running_nodes = nodes;
        if !s.over {
            s.take_network();
        }
        if !s.over {
            s.look_at_host();
        }
        if !s.over {
            s.look_at_limits();
        }
        s.net.reap();
        if s.over {
            return Err(Stopping);
        }
        let mine = s.rank.inbox.iter().position(|m| m.1 == self.me);
        Ok(mine
            .and_then(|i| s.rank.inbox.remove(i))
            .map(|(from, _, msg)| (from, msg)))
    }
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
    let codec = codec::<P::Msg>().ok_or(MpiError::NoCodec(std::any::type_name::<P::Msg>()))?;
    let world_info = init()?;
    // A communicator of its own per run (never freed before `finalize`): a message still in
    // flight when a run stops can never be taken for one of the next run's.
    fresh_comm(|comm| {
        let mut s = open(comm, world_info, codec, procs, cost, cfg, limits, &mut stop);
        s.start(initial)?;
        s.rounds();
        s.finish()
    })
}

/// This rank's session of a run: its processes (process `p` on rank `p mod R`), the fault
/// test hook, the SIGTERM handler on rank 0, and the barrier every rank starts from.
#[allow(clippy::too_many_arguments)]
fn open<'a, 'c, P: Process>(
    comm: &'a SimpleCommunicator,
    wi: World,
    codec: Rc<Codec<P::Msg>>,
    procs: Vec<P>,
    cost: &'c CostModel,
    cfg: &MpiConfig,
    limits: &'a Limits,
    stop: &'a mut dyn FnMut(&P::Msg) -> bool,
) -> Session<'a, 'c, P> {
    let n = procs.len();
    let size = wi.size as u64;
    let mine = |p: usize| (p as u64 % size) as i32 == wi.rank;
    let procs: Vec<Option<P>> = procs
        .into_iter()
        .enumerate()
        .map(|(i, p)| mine(i).then_some(p))
        .collect();
    let envs = (0..n)
        .map(|i| mine(i).then(|| Env::new(i as Pid, cost)))
        .collect();
    let rank = Rank {
        world: wi,
        procs,
        envs,
        busy: vec![0.0; n],
        inbox: VecDeque::new(),
        host: Vec::new(),
        codec,
    };
    let corrupt = std::env::var("ARACHNE_MPI_CORRUPT")
        .ok()
        .and_then(|v| v.parse::<i32>().ok())
        == Some(wi.rank);
    let net = Net::new(comm, corrupt);
    if wi.rank == 0 {
        // SAFETY: installing a handler that only calls async-signal-safe functions.
        unsafe {
            libc::signal(libc::SIGTERM, on_sigterm as *const () as libc::sighandler_t);
        }
    }
    comm.barrier();
    Session {
        wi,
        net,
        rank,
        limits,
        stop,
        start: Instant::now(),
        poll: cfg.poll_every.max(1),
        over: false,
        failure: None,
        stopped: None,
        stopped_at: None,
        host_seen: 0,
        rank_nodes: vec![0u64; wi.size as usize],
        nodes_sent_at: Instant::now(),
        running_nodes: 0,
    }
}

/// Sends `bytes` from every rank to rank 0 (call it on every rank, after a run): rank 0 gets
/// every rank's bytes in rank order (its own first), a worker an empty vector. Bounded: a rank
/// that sends nothing within [`STATS_TIMEOUT`] is an error on rank 0.
pub fn gather(bytes: Vec<u8>) -> Result<Vec<Vec<u8>>, MpiError> {
    let wi = init()?;
    fresh_comm(|comm| {
        let mut net = Net::new(comm, false);
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
    })
}
