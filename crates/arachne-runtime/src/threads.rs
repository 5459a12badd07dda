//! The `threads` runtime: one OS thread per process, crossbeam channels, wall-clock time.
//!
//! A process with background work (a searching slave) runs `poll_every` nodes, then takes every
//! message waiting in its mailbox (an UPDATE narrows its window at once), then continues; an idle
//! process blocks on its mailbox. When the host receives a message for which `stop` is true every
//! thread is told to stop and the processes are handed back.
use crate::process::{Env, Mailbox, Outgoing, Pid, Process, Stopping, HOST};
use crate::CostModel;
use arachne_core::{Limits, StopReason};
use crossbeam_channel::{unbounded, Receiver, RecvTimeoutError, Sender};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a process's thread is handed: a message, or the order to stop.
pub(crate) enum Ctl<M> {
    Msg(Pid, M),
    Stop,
}

/// The result of a threaded run.
#[derive(Debug)]
pub struct ThreadsOutcome<P: Process> {
    /// The processes, as they ended.
    pub procs: Vec<P>,
    /// Messages the host received, with their arrival times (seconds since the start).
    pub host: Vec<(f64, P::Msg)>,
    /// Wall time until the stopping message arrived.
    pub elapsed: Duration,
    /// Messages sent.
    pub messages: u64,
    /// Set when a limit (stop flag, deadline, node budget) ended the run before its answer.
    pub stopped: Option<StopReason>,
    /// Seconds each process spent handling messages and working (as MPI's: the time outside
    /// its blocking wait for a message), at most the run's wall time.
    pub busy: Vec<f64>,
    /// Seconds each process waited for a message: the run's wall time minus `busy`.
    pub idle: Vec<f64>,
}

/// How often the host looks at the limits while it waits for the answer.
const LIMIT_POLL: Duration = Duration::from_millis(5);

/// Most threads `run_threads` will start.
pub const MAX_THREADS: usize = 1024;

/// Where a process's thread sends what its process sent: the threads runtime hands every
/// message to its receiver's channel or the host's; a threaded MPI rank
/// (`crate::mpi`, Threads in a rank) to its own processes' channels, and the rest to the rank's MPI
/// thread.
pub(crate) trait Route<M> {
    /// Sends `o`, sent by process `from`.
    fn send(&self, from: Pid, o: Outgoing<M>);
}

/// Every process's channel and the host's: the threads runtime's [`Route`].
struct Peers<M> {
    peers: Arc<Vec<Sender<Ctl<M>>>>,
    host: Sender<(Pid, M)>,
}

impl<M> Route<M> for Peers<M> {
    fn send(&self, from: Pid, o: Outgoing<M>) {
        if o.to == HOST {
            let _ = self.host.send((from, o.msg));
        } else {
            let _ = self.peers[o.to as usize].send(Ctl::Msg(from, o.msg));
        }
    }
}

fn flush<M>(me: Pid, out: std::vec::Drain<'_, Outgoing<M>>, route: &dyn Route<M>) {
    for o in out {
        route.send(me, o);
    }
}

/// A process's mailbox while it runs long work ([`Process::run`]): sends what it has sent so
/// far, publishes its node count, and looks at the limits and at its channel without blocking.
struct ThreadMailbox<'a, M> {
    me: Pid,
    rx: &'a Receiver<Ctl<M>>,
    route: &'a dyn Route<M>,
    watch: &'a Watch<'a>,
    published: &'a mut u64,
    stopping: bool,
}

impl<M> Mailbox<M> for ThreadMailbox<'_, M> {
    fn poll(&mut self, env: &mut Env<'_, M>, nodes: u64) -> Result<Option<(Pid, M)>, Stopping> {
        flush(self.me, env.drain(), self.route);
        let fresh = nodes.saturating_sub(*self.published);
        *self.published = (*self.published).max(nodes);
        let total = self.watch.nodes.fetch_add(fresh, Ordering::Relaxed) + fresh;
        if self.stopping || total >= self.watch.budget || self.watch.stop_flag.is_stopped() {
            self.stopping = true;
            return Err(Stopping);
        }
        match self.rx.try_recv() {
            Ok(Ctl::Msg(from, msg)) => Ok(Some((from, msg))),
            Ok(Ctl::Stop) => {
                self.stopping = true;
                Err(Stopping)
            }
            Err(_) => Ok(None),
        }
    }
}

/// How a process's thread stops on its own and counts its nodes: it adds them to `nodes`
/// (shared by the run's threads) after every `poll` nodes of work, and ends its loop once the
/// sum reaches `budget` or `stop_flag` is raised.
pub(crate) struct Watch<'a> {
    pub(crate) nodes: &'a AtomicU64,
    pub(crate) budget: u64,
    pub(crate) stop_flag: &'a arachne_core::StopFlag,
    pub(crate) poll: u64,
}

/// One process on a thread of its own until [`Ctl::Stop`] (or its channel closes, or `watch`
/// ends it): it blocks on `rx` while idle, handles each message, runs its busy work through
/// [`Process::run`] with a mailbox on `rx` (else `watch.poll` nodes of [`Process::work`]),
/// and sends what it sends through `route`. Returns the process and its busy seconds (time
/// outside its blocking wait for a message).
pub(crate) fn serve<P: Process>(
    mut proc_: P,
    env: &mut Env<'_, P::Msg>,
    rx: &Receiver<Ctl<P::Msg>>,
    route: &dyn Route<P::Msg>,
    watch: &Watch<'_>,
) -> (P, f64) {
    let me = env.me;
    let mut published = 0u64;
    let mut busy = 0.0;
    'outer: loop {
        // Take everything waiting; block only when there is nothing else to do.
        let first = if proc_.busy() {
            rx.try_recv().ok()
        } else {
            match rx.recv() {
                Ok(c) => Some(c),
                Err(_) => break,
            }
        };
        // Busy from here to the end of the round: handling messages and working (the
        // blocking wait above is idle), measured once a round, not once a message.
        let round = Instant::now();
        // At most `DELIVERY_ROUND` messages before the node count is published and the
        // limits are looked at: processes flooding each other (KNM's up and down
        // messages) would otherwise never leave this loop.
        let mut next = first;
        let mut delivered = 0;
        while let Some(c) = next {
            match c {
                Ctl::Stop => break 'outer,
                Ctl::Msg(from, msg) => {
                    proc_.on_message(from, msg, env);
                    flush(me, env.drain(), route);
                }
            }
            delivered += 1;
            next = if delivered < DELIVERY_ROUND {
                rx.try_recv().ok()
            } else {
                None
            };
        }
        if proc_.busy() {
            let mut mailbox = ThreadMailbox {
                me,
                rx,
                route,
                watch,
                published: &mut published,
                stopping: false,
            };
            if !proc_.run(env, &mut mailbox) {
                proc_.work(env, f64::INFINITY, watch.poll);
            }
            let stopping = mailbox.stopping;
            flush(me, env.drain(), route);
            if stopping {
                break;
            }
        }
        busy += round.elapsed().as_secs_f64();
        let now = proc_.stats().nodes();
        let fresh = now.saturating_sub(published);
        let total = watch.nodes.fetch_add(fresh, Ordering::Relaxed) + fresh;
        published = published.max(now);
        // A spent budget or the stop flag ends the work at once; the host sees the
        // same limit at its next look and stops everyone.
        if total >= watch.budget || watch.stop_flag.is_stopped() {
            break;
        }
    }
    (proc_, busy)
}

/// Runs `procs` on threads from the `initial` messages until the host receives a message for
/// which `stop` is true. `poll_every` is the number of nodes a busy process searches between
/// looks at its mailbox.
pub fn run_threads<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    cost: &CostModel,
    poll_every: u64,
    stop: impl FnMut(&P::Msg) -> bool,
) -> ThreadsOutcome<P> {
    run_threads_limited(procs, initial, cost, poll_every, &Limits::default(), stop)
}

/// Messages a process takes from its mailbox between two looks at the limits.
const DELIVERY_ROUND: usize = 256;

/// [`run_threads`] that also ends when `limits` trip: the host looks at the stop flag, the
/// deadline and the node budget (interior + bottom positions summed over the processes, which
/// publish their counts after every `poll_every` nodes) every few milliseconds. The outcome then
/// has `stopped` set and usually no answer. `limits.depth` is ignored.
pub fn run_threads_limited<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    cost: &CostModel,
    poll_every: u64,
    limits: &Limits,
    mut stop: impl FnMut(&P::Msg) -> bool,
) -> ThreadsOutcome<P> {
    let nodes = Arc::new(AtomicU64::new(0));
    let n = procs.len();
    assert!(n <= MAX_THREADS, "at most {MAX_THREADS} threads");
    let (senders, receivers): (Vec<_>, Vec<_>) = (0..n).map(|_| unbounded::<Ctl<P::Msg>>()).unzip();
    let peers = Arc::new(senders);
    let (host_tx, host_rx) = unbounded::<(Pid, P::Msg)>();
    let poll = poll_every.max(1);
    let start = Instant::now();
    for (to, msg) in initial {
        let _ = peers[to as usize].send(Ctl::Msg(HOST, msg));
    }
    let mut handles = Vec::with_capacity(n);
    for (pid, (proc_, rx)) in procs.into_iter().zip(receivers).enumerate() {
        let route = Peers {
            peers: Arc::clone(&peers),
            host: host_tx.clone(),
        };
        let cost = cost.clone();
        let rx: Receiver<Ctl<P::Msg>> = rx;
        let nodes = Arc::clone(&nodes);
        let (budget, stop_flag) = (limits.nodes.unwrap_or(u64::MAX), limits.stop.clone());
        handles.push(std::thread::spawn(move || {
            let mut env = Env::new(pid as Pid, &cost);
            let watch = Watch {
                nodes: &nodes,
                budget,
                stop_flag: &stop_flag,
                poll,
            };
            let (p, busy) = serve(proc_, &mut env, &rx, &route, &watch);
            (p, env.sent, busy)
        }));
    }
    drop(host_tx);
    let mut host = Vec::new();
    let mut elapsed = None;
    let mut stopped = None;
    loop {
        let (_, msg) = match host_rx.recv_timeout(LIMIT_POLL) {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => {
                if let Some(r) = limits.check(nodes.load(Ordering::Relaxed)) {
                    stopped = Some(r);
                    break;
                }
                continue;
            }
            Err(RecvTimeoutError::Disconnected) => {
                // Every process ended: on its own look at a spent budget or the stop flag, or
                // with nothing left to do.
                stopped = limits.check(nodes.load(Ordering::Relaxed));
                break;
            }
        };
        let t = start.elapsed();
        let done = stop(&msg);
        host.push((t.as_secs_f64(), msg));
        if done {
            elapsed = Some(t);
            break;
        }
        if let Some(r) = limits.check(nodes.load(Ordering::Relaxed)) {
            stopped = Some(r);
            break;
        }
    }
    for s in peers.iter() {
        let _ = s.send(Ctl::Stop);
    }
    let mut procs = Vec::with_capacity(n);
    let mut messages = 0;
    let mut busy = Vec::with_capacity(n);
    for h in handles {
        let (p, sent, b) = h.join().expect("process thread panicked");
        procs.push(p);
        messages += sent;
        busy.push(b);
    }
    let elapsed = elapsed.unwrap_or_else(|| start.elapsed());
    // A thread may still finish its round after the answer arrived: its busy time is then cut
    // at the run's wall time, so busy + idle = wall for every process.
    let wall = elapsed.as_secs_f64();
    let busy: Vec<f64> = busy.into_iter().map(|b: f64| b.min(wall)).collect();
    let idle = busy.iter().map(|b| wall - b).collect();
    ThreadsOutcome {
        procs,
        host,
        elapsed,
        messages,
        stopped,
        busy,
        idle,
    }
}
