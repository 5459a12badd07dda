//! The master of seed 000 §4.2 (`tree-split`'s interior processors, [`Master`]): EVALUATE
//! splits a node among the slaves below (§4.2's `assign`), UPDATE narrows their windows as its
//! α rises (§4.2), VALUE collects their answers; alpha raising (§4.3, `raise=last|general`),
//! the master's own search of a successor (§6, first optimization, `master=1`), the leftmost
//! line split first (`pv=1`), iterative deepening at the root (`id=1`) and the table moves of
//! the masters (see the parent module's docs for each).
use super::{default_step, AlphaRaise, TreeSplitOptions, PV_SPLIT_DEPTH};
use crate::master_kit::{send_value, Slots};
use crate::slave::{expand, moves_of, Engine, MasterNode, Msg, Task};
use crate::subsearch::{deliver_waiting, Poll, SerialSpec, SubSearch};
use arachne_core::{Bound, Game, Score, Stats, TranspositionTable, TtEntry, Window};
use arachne_runtime::{Env, Mailbox, Pid, Process, Stopping};
use arachne_search::stepper::StepperMode;
use std::sync::Arc;
/// The master's record of a slave's job ([`Slots`]).
#[derive(Clone, Debug)]
struct Job {
    /// The successor's index.
    i: usize,
    /// The slave's current α for its position, as far as this master knows (PROGRESS reports,
    /// its assignment window and our own raises).
    alpha: Score,
    /// The α this master raised the slave to (§4.3), if it did.
    raised: Option<Score>,
}

/// The master algorithm of §4.2.
#[derive(Clone, Debug)]
pub(crate) struct Master<G: Game> {
    me: Pid,
    parent: Pid,
    root: bool,
    raise: AlphaRaise,
    preorder: bool,
    /// The slaves, the local slave (`master=1`) and job numbers.
    slots: Slots<G, Job>,
    /// The node being split: the job our master gave us, or with `pv=1` a node of its leftmost
    /// line.
    node: MasterNode<G>,
    /// `pv=1`: the nodes of the leftmost line above `node`, the job our master gave us first;
    /// each waits for the value of its first successor, the next node up the stack or `node`.
    stack: Vec<MasterNode<G>>,
    /// `pv=1`.
    pv_split: bool,
    /// Real backends: the processors' shared table, which orders this master's nodes
    /// (module docs, "table moves at the masters").
    table: Option<Arc<TranspositionTable>>,
    /// `pv=1`: `node`'s first successor is out alone; its brothers wait for its value.
    wait_first: bool,
    /// `id=1` at the root: the depth of the job and its window (the iterations deepen to it).
    iterate: Option<(u32, Window)>,
    /// `id=1`.
    deepen: bool,
    /// `id=1`'s plies between iterations (`step=K`, at least 1).
    step: u32,
    /// Whether that job is in progress.
    active: bool,
    lower: bool,
    /// Report our α to our master when it rises (general alpha raising above us).
    report: bool,
    stats: Stats,
}

impl<G: Game> Master<G> {
    pub(super) fn new(
        me: Pid,
        parent: Pid,
        slaves: Vec<Pid>,
        opts: &TreeSplitOptions,
        table: Option<Arc<TranspositionTable>>,
        engine: Engine,
    ) -> Self {
        let local = opts.master_searches.then(|| {
            SubSearch::new(Arc::new(
                SerialSpec::new(StepperMode::AlphaBeta, opts.preorder, opts.quiescence)
                    .with_engine(engine),
            ))
            .with_table(table.clone())
        });
        Master {
            me,
            parent,
            root: me == 0,
            raise: opts.raise,
            preorder: opts.preorder,
            slots: Slots::new(slaves).with_local(me, local),
            node: MasterNode::new()
                .with_leaf(opts.quiescence.then(crate::subsearch::quiescence_leaf::<G>))
                .with_check_extension(engine.check_root),
            stack: Vec::new(),
            pv_split: opts.pv_split == Some(true),
            table: table.filter(|_| opts.preorder),
            wait_first: false,
            iterate: None,
            deepen: opts.iterate == Some(true),
            step: opts.step.unwrap_or(default_step(engine)).max(1),
            active: false,
            lower: false,
            report: opts.raise == AlphaRaise::General && parent == 0,
            stats: Stats::default(),
        }
    }

    fn window(&self) -> Window {
        Window::new(-self.node.beta, -self.node.alpha)
    }

    /// Gives successor `self.node.next` to slot `s`; remote EVALUATEs are collected in `out`.
    fn assign(&mut self, s: usize, out: &mut Vec<(Pid, Msg<G>)>) {
        let i = self.node.next;
        self.node.next += 1;
        let child = self
            .node
            .pos
            .as_ref()
            .expect("active")
            .play(self.node.succ[i]);
        let window = self.window();
        let job = Job {
            i,
            alpha: window.alpha,
            raised: None,
        };
        let (depth, ply) = (self.node.depth - 1, self.node.ply + 1);
        self.slots.assign(s, job, child, depth, ply, window, out);
    }

    fn on_evaluate(&mut self, mut t: Task<G>, env: &mut Env<'_, Msg<G>>) {
        // A bottom position's value (with quiescence, the capture search's) goes straight back.
        // `id=1`: the root's first iteration is `depth mod step` plies deep (or `step`), the
        // depth of the last one's parity when the step is 2.
        self.iterate = (self.root && self.deepen && t.depth > 1).then_some((t.depth, t.window));
        if self.iterate.is_some() {
            t.depth = match t.depth % self.step {
                0 => self.step.min(t.depth),
                r => r,
            };
        }
        if !self
            .node
            .take_job(t, self.preorder, &mut self.stats, env, self.parent)
        {
            return;
        }
        let pos = self.node.pos.as_ref().expect("active");
        table_move_first(self.table.as_deref(), pos, &mut self.node.succ);
        self.active = true;
        self.lower = false;
        self.stack.clear();
        self.wait_first = false;
        self.descend(env);
        self.fill(env);
        self.maybe_finish(env);
    }

    /// `pv=1`: down the leftmost line from `node` to a node of [`PV_SPLIT_DEPTH`] plies, each
    /// node above it waiting on the stack for its first successor's value.
    fn descend(&mut self, env: &mut Env<'_, Msg<G>>) {
        while self.pv_split
            && self.node.depth > PV_SPLIT_DEPTH
            && self.node.next == 0
            && !self.node.succ.is_empty()
            && self.node.alpha < self.node.beta
        {
            let pos = self.node.pos.as_ref().expect("active");
            let child = pos.play(self.node.succ[0]);
            let ply = self.node.ply + 1;
            let depth = self.node.extend(&child, self.node.depth - 1, ply);
            let window = self.window();
            self.node.next = 1;
            let leaf = self.node.leaf.clone();
            let opened = expand(
                &child,
                depth,
                ply,
                self.preorder,
                leaf.as_ref(),
                &mut self.stats,
                env,
            );
            match opened {
                Ok(mut succ) => {
                    table_move_first(self.table.as_deref(), &child, &mut succ);
                    let mut node = MasterNode::new()
                        .with_leaf(leaf)
                        .with_check_extension(self.node.check_root);
                    node.start(0, child, depth, ply, window, succ);
                    self.stack.push(std::mem::replace(&mut self.node, node));
                }
                Err(value) => {
                    self.node.child_value(0, value, &[], &mut self.stats);
                    return;
                }
            }
        }
    }

    /// Hands out successors to idle processors: with `pv=1` a node's first successor alone
    /// (to the master's own slave if it has one), its brothers once its value is in.
    fn fill(&mut self, env: &mut Env<'_, Msg<G>>) {
        if self.node.alpha >= self.node.beta {
            self.node.next = self.node.succ.len();
        }
        if self.wait_first || self.node.next >= self.node.succ.len() {
            return;
        }
        let mut out = Vec::new();
        if self.pv_split && self.node.next == 0 {
            let s = self.slots.iter().position(|sl| sl.pid == self.me);
            let s = s.unwrap_or(0);
            if !self.slots.is_busy(s) {
                self.assign(s, &mut out);
                self.wait_first = true;
            }
        } else {
            for s in 0..self.slots.len() {
                if self.node.next >= self.node.succ.len() {
                    break;
                }
                if !self.slots.is_busy(s) {
                    self.assign(s, &mut out);
                }
            }
        }
        env.send_all(out);
    }

    fn on_value(&mut self, s: usize, value: Score, line: &[G::Move], env: &mut Env<'_, Msg<G>>) {
        let (_, job) = self.slots.release(s);
        self.wait_first = false;
        if let (Some(t), Some(&b)) = (self.table.as_deref(), line.first()) {
            // The job's root is a successor of this node: its best move orders it next time.
            let pos = self.node.pos.as_ref().expect("active");
            let child = pos.play(self.node.succ[job.i]);
            remember(t, &child, self.node.depth.saturating_sub(1), b);
        }
        if self.node.child_value(job.i, value, line, &mut self.stats) {
            // A search we raised that failed low (returned its raised α) only bounds the value.
            self.lower = job.raised.is_some_and(|r| value <= r);
            let w = self.window();
            self.slots.update_all(w, env);
            self.progress(env);
        }
        self.fill(env);
        self.raise_alpha(env);
        self.maybe_finish(env);
    }

    /// §4.3 at the root, once no successor is left to assign: the busy slave with the lowest α
    /// gets `min(second lowest α − 1, −α_root − 1)` (with one busy slave — `raise=last` — that is
    /// the window `(−α−1, −α)`). Its search, if it fails low, still identifies the best move.
    fn raise_alpha(&mut self, env: &mut Env<'_, Msg<G>>) {
        let allowed = match self.raise {
            AlphaRaise::None => false,
            AlphaRaise::Last => self.slots.busy() == 1,
            AlphaRaise::General => self.slots.busy() >= 1,
        };
        if !(self.root
            && allowed
            && self.active
            && self.node.next == self.node.succ.len()
            && self.node.alpha > -Score::INF
            && self.node.alpha < self.node.beta)
        {
            return;
        }
        // The busy slot with the lowest α, and the second lowest α.
        let mut lowest: Option<(usize, Score)> = None;
        let mut second = Score::INF;
        for (k, sl) in self.slots.iter().enumerate() {
            let Some((_, job)) = &sl.job else {
                continue;
            };
            match lowest {
                Some((_, la)) if job.alpha >= la => second = second.min(job.alpha),
                Some((_, la)) => {
                    second = second.min(la);
                    lowest = Some((k, job.alpha));
                }
                None => lowest = Some((k, job.alpha)),
            }
        }
        let Some((l, la)) = lowest else { return };
        let target = Score((second.0.saturating_sub(1)).min(-self.node.alpha.0 - 1));
        if target <= la {
            return;
        }
        let job = self.slots.record_mut(l).expect("busy");
        job.alpha = target;
        job.raised = Some(target);
        self.slots
            .update_one(l, Window::new(target, Score::INF), env);
    }

    /// Tells our master our α rose (only under general alpha raising at the root).
    fn progress(&mut self, env: &mut Env<'_, Msg<G>>) {
        if self.report && self.active {
            env.send(
                self.parent,
                Msg::Progress {
                    job: self.node.job,
                    alpha: self.node.alpha,
                },
            );
        }
    }

    /// Slot `s`'s slave reports its α rose to `alpha` (general alpha raising).
    fn progress_of(&mut self, s: usize, alpha: Score, env: &mut Env<'_, Msg<G>>) {
        let Some(job) = self.slots.record_mut(s) else {
            return;
        };
        if alpha > job.alpha {
            job.alpha = alpha;
            self.raise_alpha(env);
        }
    }

    /// Stores the best move of `node`, just finished, in the shared table (real backends).
    fn remember_node(&self, node: &MasterNode<G>) {
        if let (Some(t), Some(pos), Some(b)) = (self.table.as_deref(), &node.pos, node.best()) {
            remember(t, pos, node.depth, b);
        }
    }

    fn maybe_finish(&mut self, env: &mut Env<'_, Msg<G>>) {
        while self.active && self.slots.busy() == 0 {
            if let Some(parent) = self.stack.pop() {
                // `pv=1`: a node of the line is done; its value is its parent's first
                // successor's, and the parent's other successors go out.
                let done = std::mem::replace(&mut self.node, parent);
                self.remember_node(&done);
                self.node
                    .child_value(0, done.alpha, &done.pv, &mut self.stats);
                self.fill(env);
                continue;
            }
            if let Some((target, w)) = self.iterate {
                if self.node.depth < target {
                    self.remember_node(&self.node);
                    // `id=1`: the next iteration, `step` plies deeper (at most to the job's
                    // depth), the best move of this one first.
                    let mut succ = std::mem::take(&mut self.node.succ);
                    let best = self.node.best();
                    if let Some(i) = best.and_then(|b| succ.iter().position(|&m| m == b)) {
                        succ[..=i].rotate_right(1);
                    }
                    let pos = self.node.pos.take().expect("active");
                    let (job, depth, ply) = (self.node.job, self.node.depth, self.node.ply);
                    let next = (depth + self.step).min(target);
                    self.node.start(job, pos, next, ply, w, succ);
                    self.stats.interior += 1;
                    self.stats.movegens += 1;
                    env.charge_interior();
                    self.descend(env);
                    self.fill(env);
                    continue;
                }
            }
            self.active = false;
            self.remember_node(&self.node);
            let node = &self.node;
            send_value(
                env,
                self.parent,
                node.job,
                node.alpha,
                node.line(),
                self.lower,
            );
        }
    }
}

impl<G: Game> Process for Master<G> {
    type Msg = Msg<G>;

    fn on_message(&mut self, from: Pid, msg: Msg<G>, env: &mut Env<'_, Msg<G>>) {
        match msg {
            Msg::Evaluate(t) => self.on_evaluate(t, env),
            Msg::Update { job, window } => {
                let base = self.stack.first().unwrap_or(&self.node).job;
                if !self.active || job != base {
                    return; // an outdated UPDATE
                }
                // The job's node, then (`pv=1`) each node of the line above it, negated.
                let before = self.window();
                let mut w = window;
                for n in self.stack.iter_mut().chain(std::iter::once(&mut self.node)) {
                    n.alpha = n.alpha.max(w.alpha);
                    n.beta = n.beta.min(w.beta);
                    w = Window::new(-n.beta, -n.alpha);
                }
                if self.window() != before {
                    let w = self.window();
                    self.slots.update_all(w, env);
                }
                if self.node.alpha >= self.node.beta {
                    self.node.next = self.node.succ.len();
                }
            }
            Msg::Progress { job, alpha } => {
                if let Some(s) = self.slots.find(from, job) {
                    self.progress_of(s, alpha, env);
                }
            }
            Msg::Value {
                job, value, line, ..
            } => {
                if let Some(s) = self.slots.find(from, job) {
                    self.on_value(s, value, moves_of(&line), env);
                }
            }
        }
    }

    fn busy(&self) -> bool {
        self.slots.local.as_ref().is_some_and(|l| l.is_running())
    }

    fn work(&mut self, env: &mut Env<'_, Msg<G>>, until: f64, max_steps: u64) {
        let Some(local) = self.slots.local.as_mut() else {
            return;
        };
        let done = local.work_steps(env, until, max_steps);
        let root_alpha = local.root_alpha();
        let s = self.slots.local_slot();
        if done {
            let l = self.slots.local.as_ref().expect("local slave");
            let (v, line) = (l.result().expect("finished"), l.pv().to_vec());
            self.on_value(s, v, &line, env);
        } else if let Some(a) = root_alpha {
            if self.raise == AlphaRaise::General {
                self.progress_of(s, a, env);
            }
        }
    }

    /// Real backends: the local slave's jobs on the serial search, this master's messages
    /// handled from its mailbox hook meanwhile (VALUEs from the slaves, reassignments, UPDATEs,
    /// which narrow the local job too).
    fn run(&mut self, env: &mut Env<'_, Msg<G>>, mailbox: &mut dyn Mailbox<Msg<G>>) -> bool {
        let Some(mut local) = self.slots.local.take() else {
            return false;
        };
        if !local.can_block() {
            self.slots.local = Some(local);
            return false;
        }
        let s = self.slots.local_slot();
        while local.is_running() {
            self.slots.local_pending = None;
            let finished = {
                let me = &mut *self;
                let env = &mut *env;
                let mut poll = |nodes: u64| match deliver_waiting(me, env, mailbox, nodes) {
                    Err(Stopping) => Poll::Stop,
                    Ok(()) => me.slots.local_pending.take().map_or(Poll::Go, Poll::Update),
                };
                local.run_blocking(&mut poll)
            };
            if !finished {
                self.slots.local = Some(local);
                return true;
            }
            let (v, line) = (local.result().expect("finished"), local.pv().to_vec());
            self.slots.local = Some(local);
            self.on_value(s, v, &line, env);
            local = self.slots.local.take().expect("local slave");
        }
        self.slots.local = Some(local);
        true
    }

    fn stats(&self) -> Stats {
        let mut s = self.stats;
        if let Some(l) = &self.slots.local {
            s += l.stats();
        }
        s
    }
}

/// Table moves at the masters (module docs): puts the move `table` stores for `pos` first
/// among its successors `succ`, if it is one of them.
pub(super) fn table_move_first<G: Game>(
    table: Option<&TranspositionTable>,
    pos: &G,
    succ: &mut [G::Move],
) {
    let Some(e) = table.and_then(|t| t.probe(pos.hash()?)) else {
        return;
    };
    let Some(k) = e.move_index else { return };
    let mut generated = Vec::new();
    pos.moves(&mut generated);
    let Some(&m) = generated.get(k as usize) else {
        return;
    };
    if let Some(i) = succ.iter().position(|&s| s == m) {
        succ[..=i].rotate_right(1);
    }
}

/// Stores `best` as the move of `pos` (searched to `depth` plies) for [`table_move_first`],
/// unless the table already holds a move for it at that draft or deeper (a serial search's
/// own entry, with its value). The entry carries no value: an upper bound of +∞, which no
/// search can cut off on, so the values of the searches that read the table are untouched.
pub(super) fn remember<G: Game>(table: &TranspositionTable, pos: &G, depth: u32, best: G::Move) {
    let Some(key) = pos.hash() else { return };
    let depth = depth.min(255) as u8;
    if table
        .probe(key)
        .is_some_and(|e| e.move_index.is_some() && e.depth >= depth)
    {
        return;
    }
    let mut generated = Vec::new();
    pos.moves(&mut generated);
    let Some(i) = generated.iter().position(|&m| m == best) else {
        return;
    };
    let Ok(i) = u16::try_from(i) else { return };
    if i == u16::MAX {
        return;
    }
    table.store(
        key,
        TtEntry {
            score: Score::INF,
            depth,
            bound: Bound::Upper,
            move_index: Some(i),
        },
    );
}
