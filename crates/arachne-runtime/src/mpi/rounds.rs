//! The rounds of an MPI run, the same loop on every rank (module docs, Mapping and threads):
//! take what the network has, deliver, work, let the host (rank 0) read, look at the limits;
//! and the mailbox through which a process out running its long work runs the same phases.
use super::end::take_stop;
use super::net::Net;
use super::rank::Rank;
use super::{MpiError, World, NODES_EVERY, POLL_BATCH, SPIN, YIELD};
use super::{TAG_FAULT, TAG_HOST, TAG_MSG, TAG_NODES, TAG_STOP};
use crate::process::{Env, Mailbox, Pid, Process, Stopping};
use crate::wire::{put_varint, Reader};
use arachne_core::{Limits, StopReason};
use std::time::{Duration, Instant};

/// A rank's run, phase by phase: [`Session::start`] (rank 0 sends the host's messages), then
/// rounds of [`Session::take_network`], [`Session::deliver`], [`Session::work`],
/// [`Session::look_at_host`] and [`Session::look_at_limits`] until the run is `over`, then
/// [`Session::finish`] (statistics to rank 0, settling). A process out running its long work
/// ([`Process::run`]) reads its mailbox through [`RankMailbox`], which runs the same phases
/// (but delivery: the other processes of the rank wait for their messages until it is back).
pub(super) struct Session<'a, 'c, P: Process> {
    pub(super) wi: World,
    pub(super) net: Net<'a>,
    pub(super) rank: Rank<'c, P>,
    pub(super) limits: &'a Limits,
    pub(super) stop: &'a mut dyn FnMut(&P::Msg) -> bool,
    pub(super) start: Instant,
    pub(super) poll: u64,
    /// The loop must end: STOP, the answer, a limit or a fault.
    pub(super) over: bool,
    pub(super) failure: Option<MpiError>,
    pub(super) stopped: Option<StopReason>,
    pub(super) stopped_at: Option<Duration>,
    pub(super) host_seen: usize,
    /// Node counts: rank 0 keeps every rank's latest report; a worker, what it last sent.
    pub(super) rank_nodes: Vec<u64>,
    pub(super) nodes_sent_at: Instant,
    /// The node count last published by the process out running ([`Process::run`]; it is
    /// not in `rank.procs` meanwhile).
    pub(super) running_nodes: u64,
}

impl<P: Process> Session<'_, '_, P> {
    pub(super) fn fail(&mut self, e: MpiError) {
        self.failure = Some(e);
        self.over = true;
    }

    /// Phases 0 and 1: a worker looks for rank 0's STOP first (it overtakes the algorithm
    /// messages rank 0 sent before it: the Key Node Method's ranks may have thousands
    /// queued); then what is waiting on the network, at most [`POLL_BATCH`] messages (two
    /// ranks that flood each other, as the Key Node Method's do, would otherwise never leave
    /// this phase). True if anything arrived.
    pub(super) fn take_network(&mut self) -> bool {
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

    /// The end of a round: phases 4 and 5 (unless the run is already over), then the sends
    /// that completed freed. True when the run is over.
    pub(super) fn close_round(&mut self) -> bool {
        if !self.over {
            self.look_at_host();
        }
        if !self.over {
            self.look_at_limits();
        }
        if !self.over {
            self.net.reap();
        }
        self.over
    }

    /// The rounds until the run is over.
    pub(super) fn rounds(&mut self) {
        let mut quiet_since = Instant::now();
        loop {
            let mut did = self.take_network();
            if !self.over {
                did |= self.deliver();
            }
            if !self.over {
                did |= self.work();
            }
            if self.close_round() {
                return;
            }
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
