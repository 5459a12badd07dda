//! The distributed form of the Key Node Method (seed 003 §5.4, option 1): node records are
//! partitioned over the processors and every message is routed to the processor that owns its
//! destination node — a [`Process`] on the general runtime, so it runs on `sim` (virtual time,
//! any cost model), `threads` and `mpi` (its messages' wire encoding is in `crate::wire`; a
//! node's owner is a hash of its name, the same on every rank).
//!
//! * **Names and owners.** A node is named by its parent's address and its slot in the parent's
//!   descendant list; its owner is a hash of that name modulo `P` (the root lives on processor
//!   0). The owner creates the record on the first down message (which carries the position) and
//!   gives it a local index; the node's address is (owner, index), so up messages go straight to
//!   the parent's record and down messages are looked up by name.
//! * **Costs.** Expanding a node charges one interior node, a static evaluation one bottom
//!   position, and every message its sender (the cost model's `message`), local ones included.
//! * **Finality.** The root's processor plays the fictitious super-root: it tracks the root's
//!   §5.3 validity and sends the host the answer when the root is valid to the full depth (see
//!   the module docs of [`crate::knm`], choice 8); with `deepening=1` it also starts each
//!   iteration.
//! * **Reordering** (`fifo=0`): a processor keeps the messages delivered to it and handles them in
//!   a seeded random order (as background work), so messages between two nodes overtake each other
//!   even though the runtimes deliver FIFO per processor link; serial numbers drop stale ones.
//! * **Memory.** A processor's records, their descendant lists, its name table and its waiting
//!   messages are bounded by `memory_mib / P` ([`KnmOptions::memory_mib`]). A processor that
//!   would pass its share stops handling messages and tells the host (`Msg::Full`), which
//!   ends the run; the search then fails with an error naming `--memory`.
//! * **Grain** (`grain=G`): a key node with `1..=G` plies left is answered by a serial search
//!   of its subtree, run as the processor's background work (`super::grain`).
use super::{grain, Desc, Down, KnmOptions, KnmStats, Node, Out, Rules, Up, FULL};
use crate::common::outcome::{outcome, principal_line, stopped_outcome, Figures};
use crate::common::reference::serial_reference_with;
use crate::common::{execute, max_procs};
use crate::subsearch::{deliver_waiting, quiescence_leaf, Poll, SerialSpec, SubSearch};
use crate::{Backend, ParError, ParOutcome, ParResult};
use arachne_core::rng::{hash2, mix64};
use arachne_core::Limits;
use arachne_core::{Game, Score, Stats, Window};
use arachne_runtime::{Env, Mailbox, Pid, Process, HOST};
use arachne_search::stepper::{Stepper, StepperMode};
use std::collections::{HashMap, VecDeque};
use std::mem::size_of;
use std::sync::Arc;
use std::time::Instant;

/// A node address: owner processor in the high 32 bits, record index in the low ones.
pub(crate) type Addr = u64;
/// The fictitious super-root's address.
pub(crate) const SUPER: Addr = u64::MAX;

fn addr(pid: Pid, idx: u32) -> Addr {
    ((pid as u64) << 32) | idx as u64
}

/// The processor that owns the node named (parent, slot).
pub(crate) fn owner(parent: Addr, slot: u32, nprocs: u32) -> Pid {
    if parent == SUPER {
        return 0;
    }
    ((hash2(parent, slot as u64) as u128 * nprocs as u128) >> 64) as Pid
}

/// A message of the distributed form.
#[derive(Clone, Debug)]
pub(crate) enum Msg<G: Game> {
    /// A down message to the node named (parent, slot) at `pos`, `ply` plies from the root.
    Down {
        parent: Addr,
        slot: u32,
        pos: G,
        ply: u32,
        d: Down,
    },
    /// An up message to the record `to` from its descendant in `slot`.
    Up { to: Addr, slot: u32, u: Up },
    /// processor 0 → host: the root's final value and move.
    Final {
        value: Score,
        best: Option<G::Move>,
        iterations: u32,
    },
    /// a processor → host: its records reached its share of the memory cap (module docs).
    Full {
        /// The processor's records.
        records: u64,
    },
}

/// Bytes a processor counts per record: the record and its entry in the name table (key,
/// index, and the table's control byte, at the table's worst load of 7/8).
fn record_bytes<G: Game>() -> u64 {
    let entry = size_of::<((Addr, u32), u32)>() + 1;
    (size_of::<Node<G, Addr>>() + entry * 8 / 7 + 1) as u64
}

/// The mailbox hook of a grain node's serial search: the processor, its environment and the
/// search's node count so far.
type JobPoll<'a, G> = dyn FnMut(&mut KnmProc<G>, &mut Env<'_, Msg<G>>, u64) -> Poll + 'a;

/// One processor: the node records it owns.
pub(crate) struct KnmProc<G: Game> {
    me: Pid,
    nprocs: u32,
    rules: Rules,
    opts: KnmOptions,
    nodes: Vec<Node<G, Addr>>,
    names: HashMap<(Addr, u32), u32>,
    /// Delivered but not yet handled (`fifo=0`).
    waiting: Vec<(Pid, Msg<G>)>,
    rng: u64,
    /// Counters.
    pub stats: KnmStats,
    buf: Vec<G::Move>,
    outs: Vec<Out>,
    // Super-root state (processor 0).
    iter_to: u32,
    super_seq: u32,
    iterations: u32,
    done: bool,
    /// This processor's share of the memory cap, bytes.
    cap: u64,
    /// Bytes of the records' descendant lists.
    desc_bytes: u64,
    /// The cap was reached: the host was told, nothing more is handled.
    full: bool,
    /// Grain nodes waiting for their serial search: (record, plies).
    jobs: VecDeque<(u32, u32)>,
    /// The serial search of grain nodes (out of the processor while it runs).
    sub: Option<SubSearch<G>>,
    spec: Arc<SerialSpec>,
    /// The root's best move when the root is a grain node.
    root_best: Option<G::Move>,
}

impl<G: Game> KnmProc<G> {
    /// Processor `me` of `nprocs`, with grain `grain` ([`super::grain`]).
    pub(crate) fn new(me: Pid, nprocs: u32, depth: u32, grain: u32, opts: &KnmOptions) -> Self {
        KnmProc {
            me,
            nprocs,
            rules: Rules {
                suppress: opts.suppress,
                track: true,
                preorder: opts.preorder,
                depth,
                quiescence: opts.quiescence,
                grain,
            },
            opts: *opts,
            nodes: Vec::new(),
            names: HashMap::new(),
            waiting: Vec::new(),
            rng: mix64(opts.seed ^ ((me as u64) << 20) ^ 0x6b6e_6d64),
            stats: KnmStats::default(),
            buf: Vec::new(),
            outs: Vec::new(),
            iter_to: if opts.deepening { 1 } else { depth + 1 },
            super_seq: 0,
            iterations: 0,
            done: false,
            cap: opts.memory_mib.saturating_mul(1 << 20) / nprocs.max(1) as u64,
            desc_bytes: 0,
            full: false,
            jobs: VecDeque::new(),
            sub: None,
            spec: grain::spec(opts),
            root_best: None,
        }
    }

    /// The grain nodes whose serial search ended: (position, plies from the root, plies
    /// searched).
    #[cfg(test)]
    pub(crate) fn grain_nodes(&self) -> impl Iterator<Item = (&G, u32, u32)> + '_ {
        self.nodes
            .iter()
            .filter(|n| n.searched && n.evaluated)
            .map(|n| (&n.pos, n.ply, n.search_to - 1))
    }

    /// The bytes this processor holds ([`Msg::Full`]).
    fn held(&self) -> u64 {
        self.nodes.len() as u64 * record_bytes::<G>()
            + self.desc_bytes
            + self.waiting.capacity() as u64 * size_of::<(Pid, Msg<G>)>() as u64
    }

    /// Room for one more record within the cap (growing the record vector and the name table
    /// by at most what the cap leaves), else the host is told and false returned.
    fn room(&mut self, env: &mut Env<'_, Msg<G>>) -> bool {
        let per = record_bytes::<G>();
        let len = self.nodes.len();
        let ok = self.held() + per <= self.cap
            && {
                if len == self.nodes.capacity() {
                    let allowed = (self.cap.saturating_sub(self.held()) / per) as usize;
                    let grow = len.max(32).min(allowed).max(1);
                    self.nodes.try_reserve_exact(grow).is_ok()
                } else {
                    true
                }
            }
            && self.names.try_reserve(1).is_ok();
        if !ok {
            self.full = true;
            env.send(
                HOST,
                Msg::Full {
                    records: len as u64,
                },
            );
        }
        ok
    }

    fn down_to_root(&mut self, env: &mut Env<'_, Msg<G>>, root: Option<G>) {
        self.super_seq += 1;
        self.iterations += 1;
        let d = Down {
            search_to: self.iter_to,
            are_key: true,
            are_first: true,
            seq: self.super_seq,
        };
        let pos = match root {
            Some(p) => p,
            None => self.nodes[0].pos.clone(),
        };
        env.send(
            0,
            Msg::Down {
                parent: SUPER,
                slot: 0,
                pos,
                ply: 0,
                d,
            },
        );
    }

    fn handle(&mut self, msg: Msg<G>, env: &mut Env<'_, Msg<G>>) {
        if self.full {
            return;
        }
        let before = self.stats;
        let idx = match msg {
            Msg::Final { .. } | Msg::Full { .. } => return,
            Msg::Down {
                parent,
                slot,
                pos,
                ply,
                d,
            } => {
                let i = match self.names.get(&(parent, slot)) {
                    Some(&i) => i,
                    None => {
                        if !self.room(env) {
                            return;
                        }
                        let i = self.nodes.len() as u32;
                        self.nodes.push(Node::new(pos, parent, slot, ply));
                        self.names.insert((parent, slot), i);
                        self.stats.records += 1;
                        i
                    }
                };
                self.outs.clear();
                let outs = &mut self.outs;
                let node = &mut self.nodes[i as usize];
                let had = node.desc.capacity();
                node.on_down(d, &self.rules, &mut self.stats, &mut self.buf, &mut |o| {
                    outs.push(o)
                });
                let grown = node.desc.capacity().saturating_sub(had);
                self.desc_bytes += (grown * size_of::<Desc<G::Move>>()) as u64;
                i
            }
            Msg::Up { to, slot, u } => {
                debug_assert_eq!((to >> 32) as Pid, self.me);
                let i = (to & 0xffff_ffff) as u32;
                self.outs.clear();
                let outs = &mut self.outs;
                self.nodes[i as usize]
                    .on_up(slot, u, &self.rules, &mut self.stats, &mut |o| outs.push(o));
                i
            }
        };
        self.emit(idx, before, env);
    }

    /// Charges the work done since `before` and sends what record `idx`'s handler emitted.
    fn emit(&mut self, idx: u32, before: KnmStats, env: &mut Env<'_, Msg<G>>) {
        for _ in before.interior..self.stats.interior {
            env.charge_interior();
        }
        for _ in before.evaluations..self.stats.evaluations {
            env.charge_leaf();
        }
        // A grain node's serial search: its nodes at the node cost (module docs of `grain`).
        let (gi, gl) = (
            self.stats.grain_interior - before.grain_interior,
            self.stats.grain_leaves - before.grain_leaves,
        );
        if gi + gl > 0 {
            env.charge(gi as f64 * env.cost.interior + gl as f64 * env.cost.leaf);
        }
        let me_addr = addr(self.me, idx);
        for j in 0..self.outs.len() {
            let o = self.outs[j];
            let node = &self.nodes[idx as usize];
            match o {
                Out::Down(slot, d) => {
                    let pos = node.pos.play(node.desc[slot as usize].mv);
                    let ply = node.ply + 1;
                    let to = owner(me_addr, slot, self.nprocs);
                    env.send(
                        to,
                        Msg::Down {
                            parent: me_addr,
                            slot,
                            pos,
                            ply,
                            d,
                        },
                    );
                }
                Out::Search(plies) => self.jobs.push_back((idx, plies)),
                Out::Up(u) => {
                    if node.parent != SUPER {
                        let to = (node.parent >> 32) as Pid;
                        env.send(
                            to,
                            Msg::Up {
                                to: node.parent,
                                slot: node.slot,
                                u,
                            },
                        );
                    } else {
                        self.super_root(u, env);
                    }
                }
            }
        }
    }

    /// Runs the serial search of the next grain node waiting; `poll` is its mailbox hook.
    /// False when the run is stopping.
    fn run_job(&mut self, env: &mut Env<'_, Msg<G>>, poll: &mut JobPoll<'_, G>) -> bool {
        let Some((idx, plies)) = self.jobs.pop_front() else {
            return true;
        };
        let mut sub = self
            .sub
            .take()
            .unwrap_or_else(|| SubSearch::new(Arc::clone(&self.spec)));
        let node = &self.nodes[idx as usize];
        let (pos, ply) = (node.pos.clone(), node.ply);
        let r = {
            let me = &mut *self;
            let env = &mut *env;
            grain::search(&mut sub, pos, plies, ply, &mut |n| poll(me, env, n))
        };
        self.sub = Some(sub);
        let (Some(value), nodes, best) = r else {
            // Stopped: its nodes still count (the budget saw them).
            self.stats.grain_interior += r.1 .0;
            self.stats.grain_leaves += r.1 .1;
            self.stats.qnodes += r.1 .2;
            return false;
        };
        if idx == 0 && self.me == 0 {
            self.root_best = best;
        }
        let before = self.stats;
        self.outs.clear();
        let outs = &mut self.outs;
        self.nodes[idx as usize].answer(value, nodes, &self.rules, &mut self.stats, &mut |o| {
            outs.push(o)
        });
        self.emit(idx, before, env);
        true
    }

    /// The fictitious super-root (processor 0): final answer, or the next §5.3 iteration.
    fn super_root(&mut self, u: Up, env: &mut Env<'_, Msg<G>>) {
        if self.done || !(u.exact && u.valid_to >= self.iter_to) {
            return;
        }
        if self.iter_to > self.rules.depth || u.valid_to == FULL {
            self.done = true;
            let r = &self.nodes[0];
            let best = if r.expanded {
                Some(r.desc[r.rank1 as usize].mv)
            } else {
                self.root_best
            };
            env.send(
                HOST,
                Msg::Final {
                    value: u.value,
                    best,
                    iterations: self.iterations,
                },
            );
        } else {
            self.iter_to += 1;
            self.down_to_root(env, None);
        }
    }

    fn pick(&mut self) -> (Pid, Msg<G>) {
        self.rng = mix64(self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15));
        let i = ((self.rng as u128 * self.waiting.len() as u128) >> 64) as usize;
        self.waiting.swap_remove(i)
    }
}

impl<G: Game> Process for KnmProc<G> {
    type Msg = Msg<G>;

    fn on_message(&mut self, from: Pid, msg: Msg<G>, env: &mut Env<'_, Msg<G>>) {
        if from == HOST {
            if let Msg::Down { pos, .. } = msg {
                // The host's start: the super-root's first down message to the root.
                self.down_to_root(env, Some(pos));
            }
            return;
        }
        if self.opts.fifo {
            self.handle(msg, env);
        } else if !self.full {
            if self.waiting.len() == self.waiting.capacity() {
                let per = size_of::<(Pid, Msg<G>)>() as u64;
                let grow = self.waiting.capacity().max(32) as u64;
                if self.held() + grow * per > self.cap
                    || self.waiting.try_reserve_exact(grow as usize).is_err()
                {
                    self.full = true;
                    let records = self.nodes.len() as u64;
                    env.send(HOST, Msg::Full { records });
                    return;
                }
            }
            self.waiting.push((from, msg));
        }
    }

    fn busy(&self) -> bool {
        !(self.full || self.waiting.is_empty() && self.jobs.is_empty())
    }

    fn work(&mut self, env: &mut Env<'_, Msg<G>>, until: f64, max_steps: u64) {
        // Grain searches first, each whole (the simulator charges its nodes at once).
        while !self.full && !self.jobs.is_empty() {
            self.run_job(env, &mut |_, _, _| Poll::Go);
            if env.clock >= until {
                return;
            }
        }
        let mut steps = 0;
        while !self.waiting.is_empty() && env.clock < until && steps < max_steps {
            let (_, m) = self.pick();
            self.handle(m, env);
            steps += 1;
        }
    }

    /// Real backends: the grain searches waiting, each polling the mailbox (whose messages
    /// are handled meanwhile); the reordered messages waiting (`fifo=0`) are left to `work`.
    fn run(&mut self, env: &mut Env<'_, Msg<G>>, mailbox: &mut dyn Mailbox<Msg<G>>) -> bool {
        if self.jobs.is_empty() {
            return false;
        }
        while !self.full && !self.jobs.is_empty() {
            let mut poll =
                |me: &mut Self, env: &mut Env<'_, Msg<G>>, nodes: u64| match deliver_waiting(
                    me, env, mailbox, nodes,
                ) {
                    Ok(()) => Poll::Go,
                    Err(_) => Poll::Stop,
                };
            if !self.run_job(env, &mut poll) {
                break;
            }
        }
        true
    }

    fn stats(&self) -> Stats {
        self.stats.stats()
    }
}

/// Runs the distributed form on `backend` with `procs` processors (the body of
/// [`crate::search`] for `knm`).
pub fn search<G: Game>(
    opts: &KnmOptions,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
) -> Result<ParOutcome<G::Move>, ParError> {
    search_limited(
        opts,
        root,
        depth,
        root_window,
        procs,
        backend,
        &Limits::default(),
    )
}

/// [`search`], stopping early when `limits` trip (then the outcome has `stopped` set).
pub fn search_limited<G: Game>(
    opts: &KnmOptions,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
    limits: &Limits,
) -> Result<ParOutcome<G::Move>, ParError> {
    let start = Instant::now();
    if root_window != Window::FULL {
        return Err(ParError("knm searches the full window only".into()));
    }
    let max = max_procs(backend)?;
    let Some(p) = procs else {
        return Err(ParError("knm needs --procs P".into()));
    };
    if p == 0 || p as u64 > max {
        return Err(ParError(format!("--procs must be between 1 and {max}")));
    }
    opts.check().map_err(ParError)?;
    if opts.model == super::Model::Pooled {
        return pooled_search(opts, root, depth, p, backend, start, limits);
    }
    let g = grain::resolve(opts, root, depth, p, backend);
    let (ps, start_msg) = processes(opts, root, depth, g, p);
    let run = execute(ps, vec![(0, start_msg)], backend, limits, |m| {
        matches!(m, Msg::Final { .. } | Msg::Full { .. })
    });
    if let Some((_, Msg::Full { .. })) = run.host.last() {
        let records = run.stats.interior + run.stats.leaves;
        return Err(ParError(format!(
            "knm: the search needs more than --memory {} MiB (a processor's share, {} MiB, \
             was full after {records} nodes); give more --memory or a smaller --depth",
            opts.memory_mib,
            opts.memory_mib / p as u64
        )));
    }
    if let Some(reason) = run.stopped {
        return Ok(stopped_outcome(run, reason, p as usize, None, start));
    }
    if let Some(e) = run.error {
        // An MPI fault, or a worker rank (rank 0 has the result).
        return Err(ParError(e.to_string()));
    }
    let Some((_, Msg::Final { value, best, .. })) = run.host.last().cloned() else {
        return Err(ParError("knm: the search ended without a result".into()));
    };
    let serial = serial_reference_with(
        root,
        depth,
        Window::FULL,
        Stepper::new(StepperMode::AlphaBeta, opts.preorder)
            .with_leaf(opts.quiescence.then(crate::subsearch::quiescence_leaf::<G>)),
        backend,
        run.time,
        limits,
    );
    let figures = Figures::from(&run);
    Ok(finished(
        root,
        depth,
        opts,
        p,
        value,
        best,
        (run.stats, figures),
        serial,
        start,
        limits,
    ))
}

/// What a finished run of either model measured.
/// The outcome of a finished search (both models): the value is exact, the principal line is
/// re-derived from the best move, `serial` is the (time, counts, speedup) it is compared with.
#[allow(clippy::too_many_arguments)]
fn finished<G: Game>(
    root: &G,
    depth: u32,
    opts: &KnmOptions,
    procs: u32,
    value: Score,
    best: Option<G::Move>,
    (stats, figures): (Stats, Figures),
    serial: (Option<f64>, Option<Stats>, Option<f64>),
    start: Instant,
    limits: &Limits,
) -> ParOutcome<G::Move> {
    let (serial_time, serial_stats, speedup) = serial;
    // The line is re-derived by the serial search, with the quiescence search if on.
    let stepper = Stepper::new(StepperMode::AlphaBeta, opts.preorder)
        .with_leaf(opts.quiescence.then(quiescence_leaf::<G>));
    let line: Vec<G::Move> = best.into_iter().collect();
    let pv = principal_line(root, depth, value, true, &line, stepper, false, limits);
    let result = ParResult {
        serial_stats,
        ..ParResult::found(value, true, best, pv, stats, procs as usize, start)
    };
    outcome(result, figures, (serial_time, speedup))
}

/// `model=pooled` through [`crate::search`]: time in the paper's units, speedup against the
/// mono-processor run of the same method (the paper's definition).
fn pooled_search<G: Game>(
    opts: &KnmOptions,
    root: &G,
    depth: u32,
    k: u32,
    backend: &Backend,
    start: Instant,
    limits: &Limits,
) -> Result<ParOutcome<G::Move>, ParError> {
    if !matches!(backend, Backend::Sim(_)) {
        return Err(ParError(
            "knm: model=pooled is a simulation; use --backend sim".into(),
        ));
    }
    let out = super::pooled::run_limited(root, depth, k, opts, limits)?;
    let busy = (out.time * k as u64 - out.idle) as f64;
    let figures = Figures {
        time: out.time as f64,
        messages: out.stats.messages,
        busy: vec![busy / k as f64; k as usize],
        idle: vec![out.idle as f64 / k as f64; k as usize],
    };
    if let Some(reason) = out.stopped {
        let result = ParResult::stopped(out.stats.stats(), k as usize, start, reason);
        return Ok(outcome(result, figures, (None, None)));
    }
    // The mono-processor reference, as the other searches' serial references: stopped by the
    // stop flag only (then absent), and absent if it does not fit in the memory cap.
    let only_stop = Limits {
        stop: limits.stop.clone(),
        ..Limits::default()
    };
    let mono = super::pooled::run_limited(root, depth, 1, opts, &only_stop)
        .ok()
        .filter(|m| m.stopped.is_none());
    let serial_stats = mono.as_ref().map(|mono| Stats {
        interior: mono.stats.interior,
        leaves: mono.stats.terminals,
        qnodes: mono.stats.qnodes,
        ..Stats::default()
    });
    let serial = (
        mono.as_ref().map(|m| m.time as f64),
        serial_stats,
        mono.as_ref()
            .map(|m| m.time as f64 / out.time.max(1) as f64),
    );
    Ok(finished(
        root,
        depth,
        opts,
        k,
        out.value,
        out.best_move,
        (out.stats.stats(), figures),
        serial,
        start,
        limits,
    ))
}

/// The `p` processors of a distributed search of `root` to `depth` plies, and the message that
/// starts it (the root, from the super-root, at processor 0).
fn processes<G: Game>(
    opts: &KnmOptions,
    root: &G,
    depth: u32,
    grain: u32,
    p: u32,
) -> (Vec<KnmProc<G>>, Msg<G>) {
    let ps = (0..p)
        .map(|i| KnmProc::new(i, p, depth, grain, opts))
        .collect();
    let start_msg = Msg::Down {
        parent: SUPER,
        slot: 0,
        pos: root.clone(),
        ply: 0,
        d: Down {
            search_to: 0,
            are_key: true,
            are_first: true,
            seq: 0,
        },
    };
    (ps, start_msg)
}

/// Counters summed over the processors of a distributed run on the simulator (for experiments).
pub fn run_sim_stats<G: Game>(
    opts: &KnmOptions,
    root: &G,
    depth: u32,
    p: u32,
    cfg: &arachne_runtime::SimConfig,
) -> (Score, f64, KnmStats) {
    let (v, time, procs) = run_sim(opts, root, depth, p, cfg);
    let mut st = KnmStats::default();
    for p in &procs {
        st += p.stats;
    }
    (v, time, st)
}

/// A distributed run on the simulator with grain `opts.grain` (0 when unset): the root value
/// (`−∞` without one), the time, and the processors as they ended (for tests and experiments).
pub(crate) fn run_sim<G: Game>(
    opts: &KnmOptions,
    root: &G,
    depth: u32,
    p: u32,
    cfg: &arachne_runtime::SimConfig,
) -> (Score, f64, Vec<KnmProc<G>>) {
    let (ps, start_msg) = processes(opts, root, depth, opts.grain.unwrap_or(0), p);
    let o = arachne_runtime::run_sim(ps, vec![(0, start_msg)], cfg, |m| {
        matches!(m, Msg::Final { .. } | Msg::Full { .. })
    });
    let v = match o.host.last() {
        Some((_, Msg::Final { value, .. })) => *value,
        _ => Score(-Score::INF.0),
    };
    (v, o.time, o.procs)
}
