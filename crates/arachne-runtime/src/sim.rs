//! The `sim` runtime: a deterministic discrete-event simulator in virtual time.
//!
//! Every process has a local clock. Work (stepper nodes) and sending (messages) advance it by the
//! [`CostModel`]'s costs; a message sent at local time `t` is delivered at
//! `t + latency (+ seeded random jitter)`, in FIFO order per link. A process handles a message
//! at `max(its clock, delivery time)`; a searching process applies an incoming message between
//! two steps, before the first step that starts at or after the delivery time — an UPDATE
//! narrows the slave's window exactly when it arrives.
//!
//! ## How it runs fast and stays exact
//! Pending messages sit in one priority queue ordered by (delivery time, sequence number). The
//! simulator advances in **windows of the lookahead** `Δ = message cost + fixed latency`, the
//! smallest possible delay between a process doing something and another process feeling it
//! (conservative synchronous simulation). With `T` the earliest pending event or busy clock,
//! every message delivered before `T + Δ` is already in the queue, and any message sent from
//! now on arrives at `T + Δ` or later. So each process can be advanced independently — its
//! stepper running tight loops, no queue operation per node — up to `T + Δ`, handling its own
//! deliveries in order. Processes are visited in id order and messages carry sequence numbers:
//! the same inputs give the same run, bit for bit.
use crate::process::{Env, Pid, Process, HOST};
use crate::CostModel;
use arachne_core::rng::hash2;
use arachne_core::{Limits, StopReason};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap, VecDeque};

/// Simulator settings.
#[derive(Clone, Debug, PartialEq)]
pub struct SimConfig {
    /// Costs.
    pub cost: CostModel,
    /// Seed of the random extra latency (`0`: none).
    pub latency_seed: u64,
}

impl SimConfig {
    /// A configuration without random latency.
    pub fn new(cost: CostModel) -> Self {
        SimConfig {
            cost,
            latency_seed: 0,
        }
    }
}

/// The result of a simulation.
#[derive(Debug)]
pub struct SimOutcome<P: Process> {
    /// The processes, as they ended (read their statistics).
    pub procs: Vec<P>,
    /// Messages the host received, with their delivery times.
    pub host: Vec<(f64, P::Msg)>,
    /// Virtual time at which the stopping message reached the host (or the time the system
    /// went quiet if none did).
    pub time: f64,
    /// Messages sent between processes and to the host.
    pub messages: u64,
    /// Work charged to each process (nodes and messages) up to `time`.
    pub busy: Vec<f64>,
    /// `time - busy` per process.
    pub idle: Vec<f64>,
    /// Quanta (lookahead windows) simulated.
    pub quanta: u64,
    /// Set when a limit (stop flag, wall-clock deadline, node budget summed over the
    /// processes) ended the run before its answer.
    pub stopped: Option<StopReason>,
}

/// Quanta between looks at the clock and the stop flag.
const LIMIT_POLL_QUANTA: u64 = 64;

struct Event<M> {
    t: f64,
    seq: u64,
    from: Pid,
    to: Pid,
    msg: M,
}

impl<M> PartialEq for Event<M> {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl<M> Eq for Event<M> {}
impl<M> PartialOrd for Event<M> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl<M> Ord for Event<M> {
    /// Reversed: the earliest (time, seq) is the heap's maximum.
    fn cmp(&self, o: &Self) -> Ordering {
        o.t.total_cmp(&self.t).then(o.seq.cmp(&self.seq))
    }
}

struct Net<M> {
    heap: BinaryHeap<Event<M>>,
    seq: u64,
    seed: u64,
    latency: f64,
    jitter: f64,
    fifo: HashMap<(Pid, Pid), f64>,
    host: Vec<(f64, M)>,
    messages: u64,
}

impl<M> Net<M> {
    fn flush(&mut self, from: Pid, env: &mut Env<'_, M>, nprocs: usize) {
        for o in env.drain() {
            self.seq += 1;
            self.messages += 1;
            if o.to == HOST {
                self.host.push((o.at, o.msg));
                continue;
            }
            let mut t = o.at + self.latency;
            if self.seed != 0 && self.jitter > 0.0 {
                let u = (hash2(self.seed, self.seq) >> 11) as f64 / (1u64 << 53) as f64;
                t += u * self.jitter;
                let last = self.fifo.entry((from, o.to)).or_insert(t);
                if *last > t {
                    t = *last;
                }
                *last = t;
            }
            {
                assert!(
                    (o.to as usize) < nprocs,
                    "process {from} sent a message to unknown process {}",
                    o.to
                );
                self.heap.push(Event {
                    t,
                    seq: self.seq,
                    from,
                    to: o.to,
                    msg: o.msg,
                });
            }
        }
    }
}

/// Runs `procs` from the `initial` messages (sent by the host at time 0) until the host receives
/// a message for which `stop` returns true, or until nothing is left to do.
pub fn run_sim<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    cfg: &SimConfig,
    stop: impl FnMut(&P::Msg) -> bool,
) -> SimOutcome<P> {
    run_sim_limited(procs, initial, cfg, &Limits::default(), stop)
}

/// [`run_sim`] that also ends when `limits` trip: the stop flag or the wall-clock deadline
/// (looked at every few quanta), or the node budget (interior + bottom positions summed over
/// the processes, checked after every quantum, so a run may pass the budget by the nodes of
/// one quantum). The outcome then has `stopped` set and usually no answer for the host.
/// `limits.depth` is ignored.
pub fn run_sim_limited<P: Process>(
    mut procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    cfg: &SimConfig,
    limits: &Limits,
    mut stop: impl FnMut(&P::Msg) -> bool,
) -> SimOutcome<P> {
    let n = procs.len();
    let mut seen: Vec<u64> = vec![0; n];
    let mut total_nodes: u64 = 0;
    let mut stopped = None;
    let watch = limits.nodes.is_some() || limits.deadline.is_some();
    let cost = &cfg.cost;
    // Slightly below the true lookahead so that rounding can never let a message arrive inside
    // the window in which it was sent.
    let delta = cost.min_delay() * (1.0 - 1e-9);
    assert!(delta > 0.0, "the simulator needs a positive message delay");
    let mut envs: Vec<Env<'_, P::Msg>> = (0..n).map(|p| Env::new(p as Pid, cost)).collect();
    let mut inbox: Vec<VecDeque<(f64, Pid, P::Msg)>> = (0..n).map(|_| VecDeque::new()).collect();
    let mut net = Net {
        heap: BinaryHeap::new(),
        seq: 0,
        seed: cfg.latency_seed,
        latency: cost.latency,
        jitter: cost.jitter,
        fifo: HashMap::new(),
        host: Vec::new(),
        messages: 0,
    };
    for (to, msg) in initial {
        assert!((to as usize) < n, "initial message to unknown process {to}");
        net.seq += 1;
        net.heap.push(Event {
            t: 0.0,
            seq: net.seq,
            from: HOST,
            to,
            msg,
        });
    }
    let mut busy_list: Vec<Pid> = Vec::new();
    let mut active: Vec<Pid> = Vec::new();
    let mut stamp: Vec<u64> = vec![0; n];
    let mut quanta: u64 = 0;
    let mut stop_time: Option<f64> = None;
    let mut host_seen = 0;
    let mut last_time = 0.0f64;
    loop {
        // Start of the window: earliest pending delivery or busy clock.
        let mut t0 = net.heap.peek().map_or(f64::INFINITY, |e| e.t);
        for &p in &busy_list {
            t0 = t0.min(envs[p as usize].clock);
        }
        if !t0.is_finite() {
            break;
        }
        quanta += 1;
        // With a message delay below the clock's float resolution, `t0 + delta` rounds back to
        // `t0` and no event would ever be due: always advance by at least one representable step.
        let end = (t0 + delta).max(t0.next_up());
        active.clear();
        active.extend_from_slice(&busy_list);
        for &p in &busy_list {
            stamp[p as usize] = quanta;
        }
        let mut added = false;
        while net.heap.peek().is_some_and(|e| e.t < end) {
            let e = net.heap.pop().expect("peeked");
            let to = e.to as usize;
            inbox[to].push_back((e.t, e.from, e.msg));
            if stamp[to] != quanta {
                stamp[to] = quanta;
                active.push(e.to);
                added = true;
            }
        }
        if added {
            active.sort_unstable();
        }
        busy_list.clear();
        for &p in &active {
            let pi = p as usize;
            let (proc_, env, q) = (&mut procs[pi], &mut envs[pi], &mut inbox[pi]);
            loop {
                let next_t = q.front().map_or(end, |m| m.0);
                if proc_.busy() && env.clock < next_t {
                    proc_.work(env, next_t, u64::MAX);
                    net.flush(p, env, n);
                }
                match q.pop_front() {
                    Some((t, from, msg)) => {
                        if t > env.clock {
                            env.clock = t;
                        }
                        proc_.on_message(from, msg, env);
                        net.flush(p, env, n);
                    }
                    None => break,
                }
            }
            if env.clock > last_time {
                last_time = env.clock;
            }
            if proc_.busy() {
                busy_list.push(p);
            }
            if watch {
                let now = proc_.stats().nodes();
                total_nodes += now - seen[pi];
                seen[pi] = now;
            }
        }
        while host_seen < net.host.len() {
            let (t, ref m) = net.host[host_seen];
            host_seen += 1;
            if stop_time.is_none() && stop(m) {
                stop_time = Some(t);
            }
        }
        if stop_time.is_some() {
            break;
        }
        if limits.nodes.is_some_and(|b| total_nodes >= b) {
            stopped = Some(StopReason::Nodes);
            break;
        }
        if quanta % LIMIT_POLL_QUANTA == 0 {
            if let Some(r) = limits.check(0) {
                stopped = Some(r);
                break;
            }
        }
    }
    let time = stop_time.unwrap_or_else(|| net.host.iter().map(|h| h.0).fold(last_time, f64::max));
    let busy: Vec<f64> = envs.iter().map(|e| e.busy.min(time)).collect();
    let idle = busy.iter().map(|b| (time - b).max(0.0)).collect();
    SimOutcome {
        procs,
        host: net.host,
        time,
        messages: net.messages,
        busy,
        idle,
        quanta,
        stopped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_core::Stats;

    /// A ping-pong pair: process 0 forwards a counter to 1 and back until it reaches `n`.
    struct Ping {
        other: Pid,
        limit: u32,
    }
    impl Process for Ping {
        type Msg = u32;
        fn on_message(&mut self, _from: Pid, k: u32, env: &mut Env<'_, u32>) {
            env.charge_leaf();
            if k >= self.limit {
                env.send(HOST, k);
            } else {
                env.send(self.other, k + 1);
            }
        }
        fn stats(&self) -> Stats {
            Stats::default()
        }
    }

    #[test]
    fn ping_pong_virtual_time_is_exact() {
        let cfg = SimConfig::new(CostModel::unit(2.0)); // message = 1, leaf = 1
        let procs = vec![
            Ping {
                other: 1,
                limit: 10,
            },
            Ping {
                other: 0,
                limit: 10,
            },
        ];
        let out = run_sim(procs, vec![(0, 0)], &cfg, |_| true);
        // 11 handlings (k = 0..=10), each 1 for the work and 1 for the message, except that
        // the reply to the host is free.
        assert_eq!(out.time, 21.0);
        assert_eq!(out.messages, 11);
        assert_eq!(out.host.len(), 1);
        assert_eq!(out.busy.iter().sum::<f64>(), 21.0);
    }
}
