//! The master of master–slave RBFM (seed 002 §6.1): "one processor keeps the search tree in
//! its local memory. This processor selects leaves and backs up scores. Whenever it selects a
//! leaf, it sends a message to an idle slave processor." Its tree holds generation indices
//! (the parent module's docs, "Indices in the master, the game in the slaves"); with `P = 1`
//! it expands its leaves itself, and with [`super::Form::master_expands`] it expands some
//! while its jobs are out ("Real cores").
use super::slave::{eval_cost, expand_leaf, kids_cost, leaf_job, reading, values_of};
use super::{Evaluator, Kid, Msg, SlaveState, TracePoint};
use crate::engine::{BfStop, Heuristics, Searcher};
use crate::heuristics::{self, Job, LeafWork};
use crate::rbfm::Mode;
use crate::tree::{Tree, PENDING};
use arachne_core::{Game, Limits, Score, Stats};
use arachne_runtime::{Env, Path, Pid, HOST};
use rand::Rng;
use std::collections::VecDeque;
use std::time::Instant;

/// The master's state.
pub struct MasterState<G: Game> {
    pub(super) s: Searcher<G, u32>,
    pub(super) procs: u32,
    /// Room for one more job at a slave, one entry per free slot ([`Form::batch`] per slave).
    pub(super) idle: Vec<Pid>,
    pub(super) outstanding: u32,
    pub(super) budget: u64,
    pub(super) done: bool,
    pub(super) stats: Stats,
    pub(super) moves: Vec<G::Move>,
    pub(super) nodes: Vec<u32>,
    /// The evaluator as a search (heuristics), and the heuristics in effect.
    pub(super) eval: Option<Evaluator<G>>,
    pub(super) heur: Heuristics,
    /// Nodes whose unknown children wait for an idle slave (pending meanwhile).
    pub(super) queue: VecDeque<u32>,
    pub(super) trace: Option<Vec<TracePoint<u32>>>,
    pub(super) resolved: u64,
    /// Deadline and stop flag.
    pub(super) limits: Limits,
    /// A slave's fault (module docs): the search ends with it.
    pub(super) fault: Option<String>,
    /// The master's own slave state: it expands leaves itself while its jobs are out (with
    /// slaves and [`Form::master_expands`], module docs).
    pub(super) local: Option<SlaveState<G>>,
    /// No open leaf was left for the master's own expansion; cleared by the next reply.
    pub(super) stalled: bool,
    /// Leaves the master expanded itself while it had slaves.
    pub(super) own_expansions: u64,
    /// Expansions per job ([`super::Form::grain`]): above 1, a leaf's job is a `Grow`.
    pub(super) grain: u32,
    /// Expansions applied to the tree, by the process that made them (0: the master).
    pub(super) by_proc: Vec<u64>,
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

/// The path of generation indices from the root to node `n` of the master's tree.
fn path_of(tree: &Tree<u32>, n: u32, nodes: &mut Vec<u32>) -> Path {
    tree.path_to(n, nodes);
    let mut path = Path::ROOT;
    for &i in nodes.iter() {
        path.push(tree.mv(i).expect("non-root"));
    }
    path
}

/// The master's own walk to node `n` (its indices came from its own expansions, so they
/// exist; only the `P = 1` master and the end of a search replay them).
fn position<G: Game>(
    tree: &Tree<u32>,
    root: &G,
    n: u32,
    nodes: &mut Vec<u32>,
    moves: &mut Vec<G::Move>,
) -> G {
    path_of(tree, n, nodes)
        .replay_with(root, moves)
        .expect("the master's own indices")
}

/// Node `n`'s unknown children evaluated on the spot (the `P = 1` master's BACKUP), counted in
/// `resolved`.
fn resolver<'a, G: Game>(
    root: &'a G,
    nodes: &'a mut Vec<u32>,
    moves: &'a mut Vec<G::Move>,
    resolved: &'a mut u64,
) -> impl FnMut(&mut Tree<u32>, u32) + 'a {
    move |t, n| {
        let pos = position(t, root, n, nodes, moves);
        let kids = t.unknown_moves(n);
        let values = values_of(&pos, &kids, moves).expect("the master's own indices");
        *resolved += t.resolve_with(n, &values) as u64;
    }
}

impl<G: Game> MasterState<G> {
    /// Records a trace point (with [`MasterConfig::trace`]).
    fn record(&mut self, env: &Env<'_, Msg>) {
        if let Some(t) = &mut self.trace {
            let decision = self.s.decision().and_then(|c| self.s.tree().mv(c));
            t.push(TracePoint {
                time: env.clock,
                generated: self.stats.leaves,
                decision,
            });
        }
    }

    /// The path to node `n`.
    fn path(&mut self, n: u32) -> Path {
        path_of(self.s.tree(), n, &mut self.nodes)
    }

    /// The position at node `n` (the `P = 1` master).
    fn position(&mut self, n: u32) -> G {
        position(
            self.s.tree(),
            self.s.root(),
            n,
            &mut self.nodes,
            &mut self.moves,
        )
    }

    /// The job for node `n`, marked pending until its answer: the evaluation of its unknown
    /// children (`resolve`), else its expansion (with the heuristics, the evaluator's half of
    /// the step for a walk that reached it in `mode`).
    fn job_for(&mut self, n: u32, resolve: bool, mode: Mode) -> Msg {
        self.s.tree_mut().node_mut(n).flags |= PENDING;
        let path = self.path(n);
        if resolve {
            let kids = self.s.tree().unknown_moves(n);
            Msg::Resolve {
                node: n,
                path,
                kids,
            }
        } else if self.heur == Heuristics::default() && self.grain > 1 {
            let mode = match mode {
                Mode::Root => 0,
                Mode::Up => 1,
                Mode::Down => 2,
            };
            let seed = self.s.parts().2.gen::<u64>();
            Msg::Grow {
                leaf: n,
                path,
                mode,
                seed,
                steps: self.grain,
            }
        } else if self.heur == Heuristics::default() {
            Msg::Expand { leaf: n, path }
        } else {
            let job = Job::for_walk(self.heur, mode);
            Msg::Search { leaf: n, path, job }
        }
    }

    /// Sends `job` to a slave with room (slot [`MasterState::idle`]).
    fn send_job(&mut self, job: Msg, env: &mut Env<'_, Msg>) {
        let slave = self.idle.pop().expect("a slave with room");
        self.outstanding += 1;
        env.send(slave, job);
    }

    /// One leaf expanded (or one node's unknown children evaluated) by the master itself while
    /// its jobs are out (module docs, "Real cores"): the job a slave would get, done by the
    /// master's own slave state and applied at once. Returns the expansions it applied (at
    /// least 1, a step of [`arachne_runtime::Process::work`]).
    pub(super) fn own_step(&mut self, env: &mut Env<'_, Msg>) -> u64 {
        if let Some(why) = self.should_stop() {
            self.finish(why, env);
            return 1;
        }
        let job = if let Some(n) = self.queue.pop_front() {
            self.job_for(n, true, Mode::Up)
        } else {
            env.charge_interior();
            let Some(walk) = self.s.select() else {
                self.stalled = true;
                if self.outstanding == 0 {
                    self.finish(BfStop::Blocked, env);
                }
                return 1;
            };
            self.job_for(walk.leaf, walk.resolve, walk.mode)
        };
        let Some(local) = self.local.as_mut() else {
            return 1;
        };
        let mut made = 0;
        if let Some(answer) = local.on_job(job, env) {
            let before = self.stats.interior;
            self.take(answer, env);
            made = self.stats.interior - before;
            self.own_expansions += made;
            self.by_proc[0] += made;
        }
        made.max(1)
    }

    /// With no slaves: evaluates node `n`'s unknown children here and backs up (the serial
    /// engine's walk that stops to resolve).
    fn resolve_here(&mut self, n: u32, env: &mut Env<'_, Msg>) {
        let before = reading(&self.eval);
        let r0 = self.resolved;
        {
            let root = self.s.root().clone();
            let mut resolve = resolver(&root, &mut self.nodes, &mut self.moves, &mut self.resolved);
            let tree = self.s.tree_mut();
            resolve(tree, n);
            tree.backup_resolving(n, false, &mut resolve);
        }
        let calls = self.resolved - r0;
        env.charge(eval_cost(&self.eval, env.cost, before, calls));
        env.charge_interior();
        self.record(env);
    }

    /// With no slaves: does the evaluator's half of a step with the heuristics here and
    /// applies it; false when the search had to stop.
    fn search_here(&mut self, leaf: u32, job: Job, env: &mut Env<'_, Msg>) -> bool {
        let before = reading(&self.eval);
        let pos = self.position(leaf);
        let (work, calls) = leaf_job(&pos, &mut self.moves, &mut self.stats, job, &self.eval);
        env.charge(
            (1 + u64::from(work.child.is_some())) as f64 * env.cost.interior
                + eval_cost(&self.eval, env.cost, before, calls),
        );
        self.apply_work(leaf, &work, env)
    }

    /// Applies a step's work at `leaf` ([`heuristics::apply`]); false when the search had to
    /// stop.
    fn apply_work(&mut self, leaf: u32, work: &LeafWork<u32>, env: &mut Env<'_, Msg>) -> bool {
        let room = self.budget.saturating_sub(self.stats.leaves);
        let before = reading(&self.eval);
        let r0 = self.resolved;
        let inline = self.procs == 1;
        let applied = if inline {
            let root = self.s.root().clone();
            let mut resolve = resolver(&root, &mut self.nodes, &mut self.moves, &mut self.resolved);
            heuristics::apply(self.s.tree_mut(), leaf, work, room, &mut resolve)
        } else {
            let tree = self.s.tree_mut();
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
    fn apply_resolved(&mut self, n: u32, values: &[Score], env: &mut Env<'_, Msg>) {
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

    fn finish(&mut self, why: BfStop, env: &mut Env<'_, Msg>) {
        if !self.done {
            self.done = true;
            env.send(HOST, Msg::Done { why });
        }
    }

    /// Hands out leaves (and unknown children to evaluate) to idle slaves, or, with no slaves,
    /// expands them here.
    pub(super) fn dispatch(&mut self, env: &mut Env<'_, Msg>) {
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
                    let job = self.job_for(n, true, Mode::Up);
                    self.send_job(job, env);
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
            if self.procs > 1 {
                let job = self.job_for(leaf, walk.resolve, walk.mode);
                self.send_job(job, env);
                continue;
            }
            if walk.resolve {
                self.resolve_here(leaf, env);
                continue;
            }
            // No slaves: expand here (the serial baseline).
            {
                let plain = self.heur == Heuristics::default();
                let job = Job::for_walk(self.heur, walk.mode);
                let ok = if plain {
                    let pos = self.position(leaf);
                    let count = self.s.counts_leaf_moves();
                    let mut scratch = Vec::new();
                    let (kids, hints) = expand_leaf(
                        &pos,
                        &mut self.moves,
                        &mut scratch,
                        &mut self.stats,
                        count,
                        None,
                    );
                    env.charge(kids_cost(env.cost, kids.len()));
                    self.apply(leaf, kids, &hints, env)
                } else {
                    self.search_here(leaf, job, env)
                };
                if !ok {
                    return;
                }
            }
        }
    }

    /// Adds a leaf's children and backs up; false when the search had to stop.
    fn apply(&mut self, leaf: u32, kids: Vec<Kid>, hints: &[u8], env: &mut Env<'_, Msg>) -> bool {
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
        if hints.len() == kids.len() {
            self.s.tree_mut().set_hints(leaf, hints);
        }
        self.stats.interior += 1;
        self.stats.leaves += d;
        env.charge_interior();
        self.s.backup_and_vote(leaf);
        self.record(env);
        true
    }

    /// A reply: the slave is idle again, and its answer goes into the tree; false when the
    /// search had to stop.
    pub(super) fn reply(&mut self, from: Pid, msg: Msg, env: &mut Env<'_, Msg>) -> bool {
        self.outstanding -= 1;
        self.idle.push(from);
        self.stalled = false;
        let before = self.stats.interior;
        let go_on = self.take(msg, env);
        if let Some(n) = self.by_proc.get_mut(from as usize) {
            *n += self.stats.interior - before;
        }
        go_on
    }

    /// A `Grow` job's expansions, applied in the order the slave made them (each as a
    /// `Children` reply would be: the budget checked before it, then BACKUP and the vote), and
    /// the stopping criteria checked after each: the search stops where the serial one would
    /// have stopped on the same sequence of expansions. False when it had to stop.
    fn graft(
        &mut self,
        leaf: u32,
        parents: &[u32],
        kids: Vec<Vec<Kid>>,
        hints: &[Vec<u8>],
        env: &mut Env<'_, Msg>,
    ) -> bool {
        if parents.len() != kids.len() || hints.len() != kids.len() {
            self.fault
                .get_or_insert_with(|| "a slave's Grown answer: lengths differ".into());
            self.finish(BfStop::Blocked, env);
            return false;
        }
        // The master's node for each of the subtree's nodes, in the subtree's order.
        let mut map = vec![leaf];
        for (i, k) in kids.into_iter().enumerate() {
            let Some(&at) = map.get(parents[i] as usize) else {
                self.fault.get_or_insert_with(|| {
                    format!("a slave's Grown answer: no node {}", parents[i])
                });
                self.finish(BfStop::Blocked, env);
                return false;
            };
            if i > 0 {
                if let Some(why) = self.should_stop() {
                    self.finish(why, env);
                    return false;
                }
            }
            let d = k.len() as u32;
            if !self.apply(at, k, &hints[i], env) {
                return false;
            }
            let first = self.s.tree().node(at).first;
            map.extend((0..d).map(|j| first + j));
        }
        // A job that made no expansion (never sent: the leaf is open) leaves its leaf pending.
        self.s.tree_mut().node_mut(leaf).flags &= !PENDING;
        true
    }

    /// An answer (a slave's, or the master's own) goes into the tree; false when the search
    /// had to stop.
    fn take(&mut self, msg: Msg, env: &mut Env<'_, Msg>) -> bool {
        if self.done {
            return false;
        }
        match msg {
            Msg::Children { leaf, kids, hints } => self.apply(leaf, kids, &hints, env),
            Msg::Grown {
                leaf,
                parents,
                kids,
                hints,
            } => self.graft(leaf, &parents, kids, &hints, env),
            Msg::Searched { leaf, work } => self.apply_work(leaf, &work, env),
            Msg::Resolved { node, values } => {
                self.apply_resolved(node, &values, env);
                true
            }
            Msg::Fault { error } => {
                self.fault.get_or_insert(error);
                self.finish(BfStop::Blocked, env);
                false
            }
            _ => true,
        }
    }
}
