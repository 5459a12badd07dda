//! Master–slave parallel RBFM (seed 002 §6.1), written once as [`arachne_runtime::Process`]es.
//!
//! "One processor keeps the search tree in its local memory. This processor selects leaves and
//! backs up scores. Whenever it selects a leaf, it sends a message to an idle slave processor.
//! The slave computes the possible moves from the leaf, and their heuristic evaluations. It
//! sends this information back to the master, which updates the tree. While the master waits
//! to the reply of the slave, it assigns work to other idle slaves."
//!
//! Process 0 is the master: it owns a [`Searcher`]'s tree and random stream, selects leaves
//! with the serial [`crate::rbfm::select`] / [`crate::bfm::select`] (a leaf out with a slave is `PENDING` and
//! is not selected again), and on each reply adds the children ([`crate::Tree::expand_with`]), backs
//! up and checks the stopping criteria of the serial driver. Processes `1..P` are slaves:
//! a job is the path of moves from the root (so any [`Game`] travels), the answer the leaf's
//! moves with their static values. With `P = 1` the master expands its leaves itself (the
//! serial search, the baseline of the speedup).
//!
//! Costs in the simulator: a slave charges one interior node (the move generation) and one
//! leaf per child evaluated; the master charges one interior node per selection and one per
//! backup (the tree work that serializes this form, §6.1), and one message per job.
//!
//! **Limits.** The master stops on a generated-node budget ([`MasterConfig::max_nodes`] or
//! `limits.nodes`, the smaller), a deadline and the stop flag ([`MasterConfig::limits`]),
//! checked before each tree update it starts: like the serial engine it then ends with its best
//! move so far ([`BfStop::Nodes`], [`BfStop::Time`], [`BfStop::Stopped`]); replies still out
//! with slaves are dropped. A run stopped by the deadline or the flag has no serial baseline
//! (its `P = 1` run would stop at another point).
//!
//! The master's random stream is seeded, so a run on `sim` is repeatable bit for bit; on
//! `threads` the order in which replies arrive is not, so only the value of a run to the end
//! is.
//!
//! ## §5.2's heuristics 1 and 2 ([`search_with`])
//! Given the evaluator as a search ([`Evaluator`]) and [`BfOptions::heuristics`], the master
//! keeps unknown children in its tree and a slave's job is the evaluator's half of the serial
//! engine's step ([`crate::heuristics`], written once for both): `Search` — the partial
//! expansion (the leaf searched to SEARCH-DEPTH+1, only the best child valued), or heuristic
//! 2's SEARCH-DEPTH−1 search of an EXTEND-DOWN leaf followed by its best child's expansion, in
//! one job — and `Resolve` — the evaluation of a node's unknown children, when a walk must
//! choose among them (EXTEND-UP) or a BACKUP finds the best child risen above their bound. The
//! master applies each answer with [`crate::heuristics::apply`]. Where the paper is open (the
//! division of this work, unknown children resolved asynchronously with their node pending in
//! the meantime, `P = 1` equal to the serial engine, RBFM only) see [`crate::heuristics`].
//! Without an evaluator, or with the heuristics off, nothing changes: the messages are
//! `Expand` / `Children` as above.
//!
//! **Costs with the heuristics** (sim): a job charges one interior node per move generation
//! and its evaluator work — measured by [`Evaluator::meter`] when given (e.g. the shallow
//! search's nodes, [`crate::shallow::eval_nodes`]), else one leaf per evaluator call (an
//! evaluation or a search); the master charges one interior node per selection and per
//! expansion or resolution it applies. With [`MasterConfig::trace`] the master records, after
//! every tree update, its clock, the generated nodes and the move it would play
//! ([`TracePoint`]): a budgeted simulated run is a prefix of every longer one, so one run gives
//! the time at which the move played settles.
use crate::engine::{
    resolver, BfOptions, BfOutcome, BfStop, Heuristics, Kind, LeafSearch, Searcher,
};
use crate::heuristics::{self, Job, LeafWork};
use crate::tree::{count_moves, Tree, PENDING};
use arachne_core::{Game, Limits, Score, Stats};
use arachne_runtime::{execute, CostModel, Env, Pid, Process, HOST};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The evaluator's work done so far on the calling thread, in the cost model's units (e.g.
/// shallow-search nodes): how the simulation charges evaluator work ([`Evaluator::meter`]).
pub type Meter = Arc<dyn Fn() -> f64 + Send + Sync>;

/// What the slaves need for §5.2's heuristics (module docs).
#[derive(Clone)]
pub struct Evaluator<G: Game> {
    /// The evaluator as a search (SEARCH-DEPTH ± 1).
    pub search: LeafSearch<G>,
    /// Measures the evaluator's work for the simulation; `None`: one leaf per call.
    pub meter: Option<Meter>,
}

/// The master after one of its tree updates ([`MasterConfig::trace`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TracePoint<M> {
    /// The master's clock (virtual time on sim).
    pub time: f64,
    /// Generated nodes applied so far.
    pub generated: u64,
    /// The move it would play now (§5.3).
    pub decision: Option<M>,
}

/// Where the processes run: the runtime's one [`Backend`] (on MPI
/// moves travel as generation indices, [`crate::mpi`]; rank 0 gets the result). The
/// processes have no long work, so `poll_every` is not used.
pub use arachne_runtime::Backend;

/// Configuration of a master–slave run.
#[derive(Clone, Debug)]
pub struct MasterConfig {
    /// The search options (budget: `max_nodes`).
    pub opts: BfOptions,
    /// Processors: the master and `procs - 1` slaves.
    pub procs: u32,
    /// Generated-node budget.
    pub max_nodes: Option<u64>,
    /// Also simulate `P = 1` for the speedup (sim only).
    pub serial_baseline: bool,
    /// Record a [`TracePoint`] after every tree update.
    pub trace: bool,
    /// Deadline, stop flag and node budget (module docs, "Limits"; `depth` is not used: the
    /// principal-variation depth is `opts.pv_depth`).
    pub limits: Limits,
}

impl MasterConfig {
    /// `procs` processors, no budget, with the serial baseline.
    pub fn new(opts: BfOptions, procs: u32) -> Self {
        MasterConfig {
            opts,
            procs,
            max_nodes: None,
            serial_baseline: true,
            trace: false,
            limits: Limits::default(),
        }
    }
}

/// The result of a master–slave run.
#[derive(Clone, Debug)]
pub struct ParOutcome<M> {
    /// The search result (statistics summed over all processes).
    pub outcome: BfOutcome<M>,
    /// Messages sent.
    pub messages: u64,
    /// Virtual time on sim, wall seconds on threads.
    pub time: f64,
    /// Virtual time of the `P = 1` run (sim, with `serial_baseline`).
    pub serial_time: Option<f64>,
    /// `serial_time / time`.
    pub speedup: Option<f64>,
    /// Busy time per processor (sim).
    pub busy: Vec<f64>,
    /// The master's trace ([`MasterConfig::trace`]).
    pub trace: Vec<TracePoint<M>>,
    /// Unknown children evaluated (§5.2 heuristic 1).
    pub resolved: u64,
}

/// The messages.
#[derive(Clone, Debug)]
pub enum Msg<M> {
    /// Host → master: start.
    Start,
    /// Master → slave: expand the leaf at the end of `path`.
    Expand { leaf: u32, path: Vec<M> },
    /// Slave → master: the leaf's children `(move, static value, terminal)` (empty: the leaf
    /// has no moves), and each child's move count ([`crate::tree::count_moves`]) when the
    /// table has `s = 0` cells by `d` (else empty), as the serial engine counts them.
    Children {
        leaf: u32,
        kids: Vec<(M, Score, bool)>,
        hints: Vec<u8>,
    },
    /// Master → slave: the evaluator's half of a step with §5.2's heuristics at the leaf at
    /// the end of `path`.
    Search { leaf: u32, path: Vec<M>, job: Job },
    /// Slave → master: its answer.
    Searched { leaf: u32, work: LeafWork<M> },
    /// Master → slave: evaluate the children `kids` (unknown, §5.2) of the node at the end of
    /// `path`.
    Resolve {
        node: u32,
        path: Vec<M>,
        kids: Vec<M>,
    },
    /// Slave → master: their values, in the order asked.
    Resolved { node: u32, values: Vec<Score> },
    /// Master → host: done.
    Done(BfStop),
}

/// A process: the master or a slave.
pub enum RbfmProc<G: Game> {
    /// Process 0.
    Master(Box<MasterState<G>>),
    /// The others.
    Slave {
        root: G,
        stats: Stats,
        eval: Option<Evaluator<G>>,
        /// Count each child's moves (the table has `s = 0` cells by `d`).
        count: bool,
    },
}

/// The master's state.
pub struct MasterState<G: Game> {
    s: Searcher<G>,
    procs: u32,
    idle: Vec<Pid>,
    outstanding: u32,
    budget: u64,
    done: bool,
    stats: Stats,
    moves: Vec<G::Move>,
    path: Vec<u32>,
    /// The evaluator as a search (heuristics), and the heuristics in effect.
    eval: Option<Evaluator<G>>,
    heur: Heuristics,
    /// Nodes whose unknown children wait for an idle slave (pending meanwhile).
    queue: VecDeque<u32>,
    trace: Option<Vec<TracePoint<G::Move>>>,
    resolved: u64,
    /// Deadline and stop flag.
    limits: Limits,
}

/// The meter's reading now (0 without one).
fn reading<G: Game>(eval: &Option<Evaluator<G>>) -> f64 {
    eval.as_ref()
        .and_then(|e| e.meter.as_ref())
        .map_or(0.0, |m| m())
}

/// The cost of evaluator work begun at meter reading `before` with `calls` evaluator calls
/// (module docs).
fn eval_cost<G: Game>(
    eval: &Option<Evaluator<G>>,
    cost: &CostModel,
    before: f64,
    calls: u64,
) -> f64 {
    match eval.as_ref().and_then(|e| e.meter.as_ref()) {
        Some(m) => (m() - before).max(0.0),
        None => calls as f64 * cost.leaf,
    }
}

/// The master's BACKUP with slaves: a node whose unknown children must be known is marked
/// pending and queued for a slave (once).
fn defer<M: Copy>(queue: &mut VecDeque<u32>) -> impl FnMut(&mut Tree<M>, u32) + '_ {
    move |t, n| {
        let node = t.node_mut(n);
        if node.flags & PENDING == 0 {
            node.flags |= PENDING;
            queue.push_back(n);
        }
    }
}

/// The position at the end of `path` from `root`.
fn replay<G: Game>(root: &G, path: Vec<G::Move>) -> G {
    let mut pos = root.clone();
    for mv in path {
        pos = pos.play(mv);
    }
    pos
}

impl<G: Game> MasterState<G> {
    /// The moves from the root to node `n`.
    fn path_moves(&mut self, n: u32) -> Vec<G::Move> {
        self.s.tree().path_to(n, &mut self.path);
        self.path
            .iter()
            .map(|&i| self.s.tree().mv(i).expect("non-root"))
            .collect()
    }

    /// Records a trace point (with [`MasterConfig::trace`]).
    fn record(&mut self, env: &Env<'_, Msg<G::Move>>) {
        if let Some(t) = &mut self.trace {
            let decision = self.s.decision().and_then(|c| self.s.tree().mv(c));
            t.push(TracePoint {
                time: env.clock,
                generated: self.stats.leaves,
                decision,
            });
        }
    }

    /// Sends node `n`'s unknown children to an idle slave for evaluation.
    fn send_resolve(&mut self, n: u32, env: &mut Env<'_, Msg<G::Move>>) {
        let slave = self.idle.pop().expect("an idle slave");
        let path = self.path_moves(n);
        let kids = self.s.tree().unknown_moves(n);
        self.outstanding += 1;
        env.send(
            slave,
            Msg::Resolve {
                node: n,
                path,
                kids,
            },
        );
    }

    /// With no slaves: evaluates node `n`'s unknown children here and backs up (the serial
    /// engine's walk that stops to resolve).
    fn resolve_here(&mut self, n: u32, env: &mut Env<'_, Msg<G::Move>>) {
        let before = reading(&self.eval);
        let r0 = self.resolved;
        {
            let (tree, root) = self.s.tree_and_root();
            let pos = tree.position(root, n, &mut self.path);
            self.resolved += tree.resolve(n, &pos) as u64;
            let mut resolve = resolver(root, &mut self.path, &mut self.resolved);
            tree.backup_resolving(n, false, &mut resolve);
        }
        let calls = self.resolved - r0;
        env.charge(eval_cost(&self.eval, env.cost, before, calls));
        env.charge_interior();
        self.record(env);
    }

    /// With no slaves: does the evaluator's half of a step with the heuristics here and
    /// applies it; false when the search had to stop.
    fn search_here(&mut self, leaf: u32, job: Job, env: &mut Env<'_, Msg<G::Move>>) -> bool {
        let before = reading(&self.eval);
        let (tree, root) = self.s.tree_and_root();
        let pos = tree.position(root, leaf, &mut self.path);
        self.moves.clear();
        if !pos.is_terminal() {
            pos.moves(&mut self.moves);
            self.stats.movegens += 1;
        }
        let search = self.eval.as_ref().map(|e| &e.search);
        let (work, calls) = heuristics::leaf_work(&pos, &self.moves, job, search);
        let child = u64::from(work.child.is_some());
        self.stats.movegens += child;
        env.charge(
            (1 + child) as f64 * env.cost.interior + eval_cost(&self.eval, env.cost, before, calls),
        );
        self.apply_work(leaf, &work, env)
    }

    /// Applies a step's work at `leaf` ([`heuristics::apply`]); false when the search had to
    /// stop.
    fn apply_work(
        &mut self,
        leaf: u32,
        work: &LeafWork<G::Move>,
        env: &mut Env<'_, Msg<G::Move>>,
    ) -> bool {
        let room = self.budget.saturating_sub(self.stats.leaves);
        let before = reading(&self.eval);
        let r0 = self.resolved;
        let inline = self.procs == 1;
        let (tree, root) = self.s.tree_and_root();
        let applied = if inline {
            let mut resolve = resolver(root, &mut self.path, &mut self.resolved);
            heuristics::apply(tree, leaf, work, room, &mut resolve)
        } else {
            heuristics::apply(tree, leaf, work, room, &mut defer(&mut self.queue))
        };
        if inline {
            let calls = self.resolved - r0;
            env.charge(eval_cost(&self.eval, env.cost, before, calls));
        }
        match applied {
            Ok((expansions, generated)) => {
                self.stats.interior += expansions;
                self.stats.leaves += generated;
                for _ in 0..expansions {
                    env.charge_interior();
                }
                self.s.vote_now();
                self.record(env);
                true
            }
            Err(memory) => {
                self.s.tree_mut().node_mut(leaf).flags &= !PENDING;
                let why = if memory {
                    BfStop::Memory
                } else {
                    BfStop::Nodes
                };
                self.finish(why, env);
                false
            }
        }
    }

    /// A slave's values for node `n`'s unknown children: set, then BACKUP.
    fn apply_resolved(&mut self, n: u32, values: &[Score], env: &mut Env<'_, Msg<G::Move>>) {
        let tree = self.s.tree_mut();
        self.resolved += tree.resolve_with(n, values) as u64;
        tree.node_mut(n).flags &= !PENDING;
        tree.backup_resolving(n, false, &mut defer(&mut self.queue));
        env.charge_interior();
        self.record(env);
    }

    /// Checks the stopping criteria; `Some` when the search must end now.
    fn should_stop(&self) -> Option<BfStop> {
        let t = self.s.tree();
        if t.root().solved() {
            return Some(BfStop::Solved);
        }
        if self.limits.stop.is_stopped() {
            return Some(BfStop::Stopped);
        }
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(BfStop::Time);
        }
        let o = self.s.options();
        if let Some(d) = o.pv_depth {
            if t.pv_depth() >= d {
                return Some(BfStop::PvDepth);
            }
        }
        if o.stop_at_terminal_pv && t.len() > 1 {
            if let Some(&l) = t.pv_nodes().last() {
                if t.node(l).solved() {
                    return Some(BfStop::TerminalPv);
                }
            }
        }
        None
    }

    fn finish(&mut self, why: BfStop, env: &mut Env<'_, Msg<G::Move>>) {
        if !self.done {
            self.done = true;
            env.send(HOST, Msg::Done(why));
        }
    }

    /// Hands out leaves (and unknown children to evaluate) to idle slaves, or, with no slaves,
    /// expands them here.
    fn dispatch(&mut self, env: &mut Env<'_, Msg<G::Move>>) {
        loop {
            if self.done {
                return;
            }
            if let Some(why) = self.should_stop() {
                self.finish(why, env);
                return;
            }
            if self.procs > 1 && self.idle.is_empty() {
                return;
            }
            if self.procs > 1 {
                if let Some(n) = self.queue.pop_front() {
                    self.send_resolve(n, env);
                    continue;
                }
            }
            env.charge_interior();
            let Some(walk) = self.s.select() else {
                if self.outstanding == 0 {
                    self.finish(BfStop::Blocked, env);
                }
                return;
            };
            let leaf = walk.leaf;
            if walk.resolve {
                if self.procs == 1 {
                    self.resolve_here(leaf, env);
                } else {
                    self.s.tree_mut().node_mut(leaf).flags |= PENDING;
                    self.send_resolve(leaf, env);
                }
                continue;
            }
            let plain = self.heur == Heuristics::default();
            let job = Job::for_walk(self.heur, walk.mode);
            if self.procs == 1 {
                // No slaves: expand here (the serial baseline).
                let ok = if plain {
                    let pos = self.s.tree().position(self.s.root(), leaf, &mut self.path);
                    let count = self.s.counts_leaf_moves();
                    let (kids, hints) = expand_leaf(&pos, &mut self.moves, &mut self.stats, count);
                    env.charge(kids_cost(env.cost, kids.len()));
                    self.apply(leaf, kids, &hints, env)
                } else {
                    self.search_here(leaf, job, env)
                };
                if !ok {
                    return;
                }
                continue;
            }
            let slave = self.idle.pop().expect("an idle slave");
            self.s.tree_mut().node_mut(leaf).flags |= PENDING;
            let path = self.path_moves(leaf);
            self.outstanding += 1;
            if plain {
                env.send(slave, Msg::Expand { leaf, path });
            } else {
                env.send(slave, Msg::Search { leaf, path, job });
            }
        }
    }

    /// Adds a leaf's children and backs up; false when the search had to stop.
    fn apply(
        &mut self,
        leaf: u32,
        kids: Vec<(G::Move, Score, bool)>,
        hints: &[u8],
        env: &mut Env<'_, Msg<G::Move>>,
    ) -> bool {
        let d = kids.len() as u64;
        if self.stats.leaves + d > self.budget {
            self.s.tree_mut().node_mut(leaf).flags &= !PENDING;
            self.finish(BfStop::Nodes, env);
            return false;
        }
        if self.s.tree_mut().expand_with(leaf, &kids).is_err() {
            self.s.tree_mut().node_mut(leaf).flags &= !PENDING;
            self.finish(BfStop::Memory, env);
            return false;
        }
        self.s.tree_mut().set_hints(leaf, hints);
        self.stats.interior += 1;
        self.stats.leaves += d;
        env.charge_interior();
        self.s.backup_and_vote(leaf);
        self.record(env);
        true
    }
}

/// A slave's work: the leaf's moves and their static values.
/// A leaf's children `(move, static value, terminal)` and, with `count`, their move counts.
#[allow(clippy::type_complexity)]
fn expand_leaf<G: Game>(
    pos: &G,
    moves: &mut Vec<G::Move>,
    stats: &mut Stats,
    count: bool,
) -> (Vec<(G::Move, Score, bool)>, Vec<u8>) {
    if pos.is_terminal() {
        return (Vec::new(), Vec::new());
    }
    pos.moves(moves);
    stats.movegens += 1;
    let mut hints = Vec::new();
    let mut scratch = Vec::new();
    let kids = moves
        .iter()
        .map(|&m| {
            let c = pos.play(m);
            if count {
                hints.push(count_moves(&c, &mut scratch));
            }
            (m, c.evaluate(), c.is_terminal())
        })
        .collect();
    (kids, hints)
}

fn kids_cost(cost: &CostModel, d: usize) -> f64 {
    cost.interior + d as f64 * cost.leaf
}

impl<G: Game> Process for RbfmProc<G> {
    type Msg = Msg<G::Move>;

    fn on_message(&mut self, from: Pid, msg: Msg<G::Move>, env: &mut Env<'_, Msg<G::Move>>) {
        match self {
            RbfmProc::Master(m) => {
                if matches!(msg, Msg::Start) {
                    m.dispatch(env);
                    return;
                }
                if !matches!(
                    msg,
                    Msg::Children { .. } | Msg::Searched { .. } | Msg::Resolved { .. }
                ) {
                    return;
                }
                m.outstanding -= 1;
                m.idle.push(from);
                if m.done {
                    return;
                }
                let go_on = match msg {
                    Msg::Children { leaf, kids, hints } => m.apply(leaf, kids, &hints, env),
                    Msg::Searched { leaf, work } => m.apply_work(leaf, &work, env),
                    Msg::Resolved { node, values } => {
                        m.apply_resolved(node, &values, env);
                        true
                    }
                    _ => unreachable!("filtered above"),
                };
                if go_on {
                    m.dispatch(env);
                }
            }
            RbfmProc::Slave {
                root,
                stats,
                eval,
                count,
            } => match msg {
                Msg::Expand { leaf, path } => {
                    let pos = replay(root, path);
                    let mut moves = Vec::new();
                    let (kids, hints) = expand_leaf(&pos, &mut moves, stats, *count);
                    env.charge(kids_cost(env.cost, kids.len()));
                    if !kids.is_empty() {
                        stats.interior += 1;
                        stats.leaves += kids.len() as u64;
                    }
                    env.send(from, Msg::Children { leaf, kids, hints });
                }
                Msg::Search { leaf, path, job } => {
                    let pos = replay(root, path);
                    let before = reading(eval);
                    let mut moves = Vec::new();
                    if !pos.is_terminal() {
                        pos.moves(&mut moves);
                        stats.movegens += 1;
                    }
                    let search = eval.as_ref().map(|e| &e.search);
                    let (work, calls) = heuristics::leaf_work(&pos, &moves, job, search);
                    let child = u64::from(work.child.is_some());
                    stats.movegens += child;
                    stats.interior += 1 + child;
                    stats.leaves += work.generated();
                    env.charge(
                        (1 + child) as f64 * env.cost.interior
                            + eval_cost(eval, env.cost, before, calls),
                    );
                    env.send(from, Msg::Searched { leaf, work });
                }
                Msg::Resolve { node, path, kids } => {
                    let pos = replay(root, path);
                    let before = reading(eval);
                    let values: Vec<Score> = kids.iter().map(|&m| pos.play(m).evaluate()).collect();
                    stats.leaves += values.len() as u64;
                    env.charge(eval_cost(eval, env.cost, before, values.len() as u64));
                    env.send(from, Msg::Resolved { node, values });
                }
                _ => {}
            },
        }
    }

    fn stats(&self) -> Stats {
        match self {
            RbfmProc::Master(m) => Stats {
                interior: 0,
                leaves: 0,
                movegens: m.stats.movegens,
                ..Stats::default()
            },
            RbfmProc::Slave { stats, .. } => *stats,
        }
    }
}

/// The processes for `root`.
pub fn processes<G: Game>(root: &G, cfg: &MasterConfig) -> Vec<RbfmProc<G>> {
    processes_with(root, cfg, None)
}

/// The processes for `root`, with the evaluator for §5.2's heuristics.
pub fn processes_with<G: Game>(
    root: &G,
    cfg: &MasterConfig,
    eval: Option<Evaluator<G>>,
) -> Vec<RbfmProc<G>> {
    let p = cfg.procs.max(1);
    // The heuristics need the evaluator as a search, and are RBFM's (module docs).
    let heur = match (&eval, cfg.opts.kind) {
        (Some(_), Kind::Rbfm) => cfg.opts.heuristics,
        _ => Heuristics::default(),
    };
    let mut procs = Vec::with_capacity(p as usize);
    let s = Searcher::new(root.clone(), cfg.opts.clone());
    let count = s.counts_leaf_moves();
    procs.push(RbfmProc::Master(Box::new(MasterState {
        s,
        procs: p,
        idle: (1..p).rev().collect(),
        outstanding: 0,
        budget: cfg
            .max_nodes
            .unwrap_or(u64::MAX)
            .min(cfg.limits.nodes.unwrap_or(u64::MAX)),
        done: false,
        stats: Stats::default(),
        moves: Vec::new(),
        path: Vec::new(),
        eval: eval.clone(),
        heur,
        queue: VecDeque::new(),
        trace: cfg.trace.then(Vec::new),
        resolved: 0,
        limits: cfg.limits.clone(),
    })));
    for _ in 1..p {
        procs.push(RbfmProc::Slave {
            root: root.clone(),
            stats: Stats::default(),
            eval: eval.clone(),
            count,
        });
    }
    procs
}

/// Largest number of processors.
pub const MAX_PROCS: u32 = 1 << 14;

/// Runs master–slave RBFM (or BFM) on `backend`.
pub fn search<G: Game>(
    root: &G,
    cfg: &MasterConfig,
    backend: &Backend,
) -> Result<ParOutcome<G::Move>, String> {
    search_with(root, cfg, backend, None)
}

/// [`search`] with the evaluator as a search, for §5.2's heuristics 1 and 2 (module docs):
/// they are used when `cfg.opts.heuristics` asks for them and `eval` is given (RBFM only).
pub fn search_with<G: Game>(
    root: &G,
    cfg: &MasterConfig,
    backend: &Backend,
    eval: Option<Evaluator<G>>,
) -> Result<ParOutcome<G::Move>, String> {
    if let Backend::Mpi { .. } = backend {
        return crate::mpi::search_with(root, cfg, backend, eval);
    }
    search_on(root, cfg, backend, eval)
}

/// [`search`] on the backend given (for MPI, on [`crate::mpi::Indexed`] positions).
pub(crate) fn search_on<G: Game>(
    root: &G,
    cfg: &MasterConfig,
    backend: &Backend,
    eval: Option<Evaluator<G>>,
) -> Result<ParOutcome<G::Move>, String> {
    if cfg.procs == 0 || cfg.procs > MAX_PROCS {
        return Err(format!("--procs must be in 1..={MAX_PROCS}"));
    }
    if matches!(backend, Backend::Threads { .. }) && cfg.procs > 256 {
        return Err("--procs is at most 256 on threads".into());
    }
    let start = Instant::now();
    let stop = |m: &Msg<G::Move>| matches!(m, Msg::Done(_));
    if let Backend::Sim(sc) = backend {
        sc.cost.validate().map_err(|e| e.to_string())?;
    }
    let (run, procs) = execute(
        processes_with(root, cfg, eval.clone()),
        vec![(0, Msg::Start)],
        backend,
        &Limits::default(),
        stop,
    );
    if let Some(e) = run.error {
        return Err(e.to_string());
    }
    let (host, time, messages, busy, all) =
        (run.host, run.time, run.messages, run.busy, run.proc_stats);
    let why = host
        .iter()
        .find_map(|(_, m)| match m {
            Msg::Done(w) => Some(*w),
            _ => None,
        })
        .unwrap_or(BfStop::Blocked);
    let mut stats = Stats::default();
    for s in &all {
        stats += *s;
    }
    let mut procs = procs;
    let RbfmProc::Master(mut m) = procs.swap_remove(0) else {
        unreachable!("process 0 is the master")
    };
    // Expansions and generated nodes as the master applied them.
    stats.interior = m.stats.interior;
    stats.leaves = m.stats.leaves;
    let why = if m.s.tree().root().solved() {
        BfStop::Solved
    } else {
        why
    };
    let mut outcome = m.s.outcome(Duration::ZERO, why);
    outcome.stats = stats;
    outcome.elapsed = start.elapsed();
    let cut = matches!(why, BfStop::Time | BfStop::Stopped);
    let serial_time = match backend {
        Backend::Sim(_) if cut => None,
        Backend::Sim(sc) if cfg.serial_baseline && cfg.procs > 1 => {
            let one = MasterConfig {
                procs: 1,
                serial_baseline: false,
                ..cfg.clone()
            };
            Some(search_on(root, &one, &Backend::Sim(sc.clone()), eval)?.time)
        }
        Backend::Sim(_) if cfg.procs == 1 => Some(time),
        _ => None,
    };
    Ok(ParOutcome {
        outcome,
        messages,
        time,
        serial_time,
        speedup: serial_time.map(|s| if time > 0.0 { s / time } else { 1.0 }),
        busy,
        trace: m.trace.take().unwrap_or_default(),
        resolved: m.resolved,
    })
}
