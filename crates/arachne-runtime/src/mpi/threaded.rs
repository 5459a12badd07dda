//! A rank whose processes run on threads of their own ([`MpiConfig::threads`](super::MpiConfig);
//! module docs, Threads in a rank): the rank's MPI thread keeps the network, the host and the
//! limits, and each of the rank's processes runs as on the threads runtime
//! ([`crate::threads`]'s `serve`), on a thread of its own with a channel of its own.
//!
//! * A message between two processes of the rank goes from one thread's channel to the
//!   other's, never through the MPI thread, never encoded.
//! * A message to another rank or to the host goes to the MPI thread over one channel; the MPI
//!   thread encodes it and sends it (`Rank::route`), since only it may call MPI (rsmpi's
//!   communicators are not `Send`) and the wire codecs are registered on it.
//! * A message from the network is decoded on the MPI thread and handed to its process's
//!   channel.
//! * Node counts: the threads add theirs to one counter, which the MPI thread reads for the
//!   node budget (rank 0) or reports to rank 0 (a worker).
//! * End: when the run is over (STOP, the answer, a limit, a fault), the MPI thread sends
//!   every thread `Stop`, joins them and puts the processes back in the rank, whose statistics
//!   are then gathered as for any rank.
//!
//! While its threads work, the MPI thread waits on their channel for at most [`WAIT`] between
//! looks at the network, so it leaves the cores to them (a rank runs T processes on T cores
//! with one more thread that mostly sleeps).
use super::rounds::Session;
use super::{POLL_BATCH, SPIN};
use crate::process::{Outgoing, Pid, Process, HOST};
use crate::threads::{serve, Ctl, Route, Watch};
use crossbeam_channel::{unbounded, Receiver, Sender};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Longest wait of the MPI thread on its threads' messages between two looks at the network,
/// once the rank has been quiet for [`SPIN`]: a message from another rank waits at most this
/// long before its process has it (a round trip on a cluster's network is tens of µs).
const WAIT: Duration = Duration::from_micros(100);

/// Where a thread of a threaded rank sends: its rank's processes' channels, else the MPI
/// thread (another rank, the host, or a process that does not exist, which `Rank::route`
/// refuses).
struct RankRoute<M> {
    local: Vec<Option<Sender<Ctl<M>>>>,
    out: Sender<(Pid, Outgoing<M>)>,
}

impl<M> Route<M> for RankRoute<M> {
    fn send(&self, from: Pid, o: Outgoing<M>) {
        let here = (o.to != HOST)
            .then(|| self.local.get(o.to as usize))
            .flatten()
            .and_then(Option::as_ref);
        match here {
            Some(tx) => {
                let _ = tx.send(Ctl::Msg(from, o.msg));
            }
            None => {
                let _ = self.out.send((from, o));
            }
        }
    }
}

impl<P: Process> Session<'_, '_, P> {
    /// The rounds of a threaded rank until the run is over (module docs): its processes are
    /// out on their threads meanwhile, and back in the rank when this returns.
    pub(super) fn rounds_threaded(&mut self) {
        let n = self.rank.procs.len();
        let mine: Vec<usize> = (0..n).filter(|&i| self.rank.procs[i].is_some()).collect();
        let mut local: Vec<Option<Sender<Ctl<P::Msg>>>> = (0..n).map(|_| None).collect();
        let mut inboxes = Vec::with_capacity(mine.len());
        for &i in &mine {
            let (tx, rx) = unbounded();
            local[i] = Some(tx);
            inboxes.push(rx);
        }
        let (out, out_rx) = unbounded();
        let route = RankRoute { local, out };
        let nodes = AtomicU64::new(0);
        // The MPI thread decides the limits; a thread stops on `Stop` only.
        let unraised = arachne_core::StopFlag::new();
        let watch = Watch {
            nodes: &nodes,
            budget: u64::MAX,
            stop_flag: &unraised,
            poll: self.poll,
        };
        std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(mine.len());
            for (&i, rx) in mine.iter().zip(inboxes) {
                let p = self.rank.procs[i].take().expect("own process");
                let mut env = self.rank.envs[i].take().expect("own process");
                let (route, watch) = (&route, &watch);
                handles.push((
                    i,
                    scope.spawn(move || {
                        let (p, busy) = serve(p, &mut env, &rx, route, watch);
                        (p, env, busy)
                    }),
                ));
            }
            self.relay(&route.local, &out_rx, &nodes);
            for tx in route.local.iter().flatten() {
                let _ = tx.send(Ctl::Stop);
            }
            for (i, h) in handles {
                let (p, env, busy) = h.join().expect("a process's thread panicked");
                self.rank.procs[i] = Some(p);
                self.rank.envs[i] = Some(env);
                self.rank.busy[i] += busy;
            }
        });
    }

    /// The MPI thread's loop while the processes are out on their threads: the network to
    /// their channels, their messages to the network and the host, the host and the limits
    /// looked at, until the run is over.
    fn relay(
        &mut self,
        local: &[Option<Sender<Ctl<P::Msg>>>],
        out: &Receiver<(Pid, Outgoing<P::Msg>)>,
        nodes: &AtomicU64,
    ) {
        let mut quiet_since = Instant::now();
        // A message the threads sent while the MPI thread waited for one.
        let mut waited: Option<(Pid, Outgoing<P::Msg>)> = None;
        loop {
            let mut did = self.take_network();
            // The host's first messages (rank 0), and what came from the network.
            while let Some((from, to, msg)) = self.rank.inbox.pop_front() {
                did = true;
                if let Some(tx) = &local[to as usize] {
                    let _ = tx.send(Ctl::Msg(from, msg));
                }
            }
            let mut sent = 0;
            while let Some((from, o)) = waited
                .take()
                .or_else(|| (sent < POLL_BATCH).then(|| out.try_recv().ok()).flatten())
            {
                sent += 1;
                if let Err(e) = self.rank.route(from, vec![o], &mut self.net, self.start) {
                    self.fail(e);
                    break;
                }
            }
            did |= sent > 0;
            self.running_nodes = nodes.load(Ordering::Relaxed);
            if self.close_round() {
                return;
            }
            if did {
                quiet_since = Instant::now();
            } else if quiet_since.elapsed() < SPIN {
                std::hint::spin_loop();
            } else {
                // (Never disconnected: the caller's route keeps a sender until the threads are
                // joined, after this returns.)
                waited = out.recv_timeout(WAIT).ok();
            }
        }
    }
}
