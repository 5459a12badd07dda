//! A master of the node-type guided search (seed `ncube-chess-node-types.txt`): its stack of
//! nodes walked down "sequentially" with its slaves, the table's suggestion searched first, the
//! rest farmed out to idle slaves in a self-scheduled manner, and, on the root master, the
//! iterative deepening (see the parent module's docs, "Processes").
use super::{Bound, Entry, FarmRec, Link, Log, NodeRec, Table, TypeGuidedOptions};
use super::{DEFAULT_SERIAL, DEFAULT_STEP};
use crate::master_kit::{send_value, Slots};
use crate::slave::{expand, moves_of, Engine, Line, MasterNode, Msg, Task};
use crate::subsearch::{defer, quiescence_leaf, Poll, SerialSpec, SubSearch};
use arachne_core::{Game, Score, Stats, TranspositionTable, Window};
use arachne_runtime::{Env, Pid, Process, HOST};
use arachne_search::stepper::LeafEval;
use arachne_search::stepper::StepperMode;
use std::sync::Arc;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// The suggested move is still to be searched sequentially.
    Start,
    /// Waiting for the sequential child (the frame above).
    Seq,
    /// Farming out the rest.
    Farm,
}

#[derive(Clone, Debug)]
struct Frame<G: Game> {
    node: MasterNode<G>,
    phase: Phase,
    predicted: u8,
    raised: bool,
    cut_by: Option<usize>,
    rec: usize,
    first_farm: usize,
}

/// The root master's iterative deepening.
#[derive(Clone, Debug)]
pub(super) struct Deepening<G> {
    pos: G,
    target: u32,
    window: Window,
}

/// A master (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct TgMaster<G: Game> {
    me: Pid,
    parent: Pid,
    /// The slaves and the local slave; a busy slot's record is its successor's index and its
    /// farm record.
    slots: Slots<G, (usize, usize)>,
    /// The serial search of a node below the grain size (see [`TypeGuidedOptions::serial`]).
    solo: SubSearch<G>,
    /// The serial search of `solo` is out running ([`Process::run`]).
    solo_out: bool,
    /// UPDATEs for it meanwhile.
    solo_pending: Option<Window>,
    serial: u32,
    step: u32,
    leaf: Option<LeafEval<G>>,
    /// The check extension's bound ([`Engine::check_root`]): a node this master handles is
    /// extended where it reaches it.
    check_root: Option<u32>,
    stack: Vec<Frame<G>>,
    job: u32,
    pub(super) active: bool,
    iter: u32,
    pub(super) deepening: Option<Deepening<G>>,
    table: Arc<Table<G::Move>>,
    preorder: bool,
    guess: bool,
    stats: Stats,
    pub(super) log: Log,
    /// Stats at the start of the current iteration (root) or job.
    pub(super) mark: (u32, Stats),
}

fn child_found(v: Score, w: Window) -> u8 {
    if v >= w.beta {
        2
    } else if v <= w.alpha {
        3
    } else {
        1
    }
}

impl<G: Game> TgMaster<G> {
    pub(super) fn new(
        me: Pid,
        parent: Pid,
        slaves: Vec<Pid>,
        slaves_are_leaves: bool,
        table: Arc<Table<G::Move>>,
        opts: &TypeGuidedOptions,
        engine: Engine,
    ) -> Self {
        let leaf = opts.quiescence.then(quiescence_leaf::<G>);
        let spec = Arc::new(
            SerialSpec::new(StepperMode::AlphaBeta, opts.preorder, opts.quiescence)
                .with_engine(engine),
        );
        let local = (slaves.is_empty() || (opts.master_searches && slaves_are_leaves))
            .then(|| SubSearch::new(Arc::clone(&spec)));
        TgMaster {
            me,
            parent,
            slots: Slots::new(slaves).with_local(me, local),
            solo: SubSearch::new(spec),
            solo_out: false,
            solo_pending: None,
            leaf,
            check_root: engine.check_root,
            serial: opts.serial.unwrap_or(DEFAULT_SERIAL),
            step: opts
                .step
                .unwrap_or(if engine.null_move { 1 } else { DEFAULT_STEP })
                .max(1),
            stack: Vec::new(),
            job: 0,
            active: false,
            iter: 0,
            deepening: None,
            table,
            preorder: opts.preorder,
            guess: opts.guess,
            stats: Stats::default(),
            log: Log::default(),
            mark: (0, Stats::default()),
        }
    }

    /// Makes this master's own searches (the local slave's and the solo one) search on
    /// `table`, the machine's ([`SubSearch::with_table`]).
    pub(super) fn with_search_table(mut self, table: Option<Arc<TranspositionTable>>) -> Self {
        self.slots.local = self.slots.local.take().map(|l| l.with_table(table.clone()));
        self.solo = self.solo.with_table(table);
        self
    }

    /// Reaches `pos`, `depth` plies nominally left: a node below the grain size goes to the
    /// solo search (which extends it at its root), a bottom position's value comes back at
    /// once; otherwise the node is extended by the check extension's rule and a frame is pushed.
    #[allow(clippy::too_many_arguments)]
    fn open(
        &mut self,
        pos: G,
        depth: u32,
        ply: u32,
        window: Window,
        pv: bool,
        km: u8,
        link: Link,
        env: &mut Env<'_, Msg<G>>,
    ) -> Option<Score> {
        if depth >= 1 && depth <= self.serial && link != Link::Root {
            self.solo.start(pos, window, depth, ply);
            return None;
        }
        let depth = match self.check_root {
            Some(r) => arachne_core::extension::extended_depth(&pos, depth, ply as usize, r),
            None => depth,
        };
        if let Some(l) = &self.leaf {
            if depth == 0 || pos.is_terminal() {
                // A bottom position (a terminal one has no captures to search either).
                self.stats.leaves += 1;
                env.charge_leaf();
                return Some(l.eval(&pos, ply, &mut self.stats));
            }
        }
        let mut succ = match expand(&pos, depth, ply, self.preorder, None, &mut self.stats, env) {
            Err(v) => return Some(v),
            Ok(s) => s,
        };
        let entry = pos.hash().and_then(|h| self.table.probe(h));
        let (suggestion, from_table) = match entry {
            Some(e) if e.bound == Bound::Upper => (None, true),
            Some(Entry { mv: Some(m), .. }) if succ.contains(&m) => {
                (succ.iter().position(|&x| x == m), true)
            }
            _ => ((self.guess && km != 3).then_some(0), false),
        };
        if let Some(i) = suggestion {
            let m = succ.remove(i);
            succ.insert(0, m);
        }
        let predicted = if pv {
            1
        } else if suggestion.is_some() {
            2
        } else {
            3
        };
        let rec = self.log.nodes.len();
        self.log.nodes.push(NodeRec {
            iter: self.iter,
            ply,
            depth,
            predicted,
            found: 0,
            from_table,
            link,
            moves: succ.len() as u32,
            farmed: 0,
        });
        let mut node = MasterNode::new();
        node.start(self.job, pos, depth, ply, window, succ);
        self.stack.push(Frame {
            node,
            phase: if suggestion.is_some() {
                Phase::Start
            } else {
                Phase::Farm
            },
            predicted,
            raised: false,
            cut_by: None,
            rec,
            first_farm: self.log.farms.len(),
        });
        None
    }

    /// Successor `i` of the top frame is worth `v` (from its side), with principal line `line`.
    fn child_value(&mut self, i: usize, v: Score, line: &[G::Move]) -> bool {
        let f = self.stack.last_mut().expect("a frame");
        let open = f.node.alpha < f.node.beta;
        let rose = f.node.child_value(i, v, line, &mut self.stats);
        if rose {
            f.raised = true;
        }
        if open && f.node.alpha >= f.node.beta && f.cut_by.is_none() {
            f.cut_by = Some(i);
        }
        if f.node.alpha >= f.node.beta {
            f.node.next = f.node.succ.len();
        }
        rose
    }

    /// The solo search has just finished: its value goes to the node it was searching.
    fn solo_done(&mut self, env: &mut Env<'_, Msg<G>>) {
        let v = self.solo.result().expect("finished");
        if self.stack.is_empty() {
            let line = self.solo.line();
            self.done(v, line, env);
        } else {
            let line = self.solo.pv().to_vec();
            self.seq_value(v, &line);
            self.advance(env);
        }
    }

    /// The local slave's job has just finished.
    fn local_done(&mut self, env: &mut Env<'_, Msg<G>>) {
        let l = self.slots.local.as_ref().expect("local slave");
        let (v, line) = (l.result().expect("finished"), l.pv().to_vec());
        let s = self.slots.local_slot();
        self.on_value(s, v, &line, env);
    }

    /// Real backends: takes the search to run on the serial search out of the master (the
    /// solo search first, then the local slave's job), or `None`.
    pub(super) fn take_blocking(&mut self) -> Option<(bool, SubSearch<G>)> {
        if self.solo.is_running() && self.solo.can_block() {
            let spare = SubSearch::new(self.solo.spec());
            self.solo_out = true;
            self.solo_pending = None;
            return Some((true, std::mem::replace(&mut self.solo, spare)));
        }
        if self
            .slots
            .local
            .as_ref()
            .is_some_and(|l| l.is_running() && l.can_block())
        {
            self.slots.local_pending = None;
            return self.slots.local.take().map(|l| (false, l));
        }
        None
    }

    /// The UPDATEs that arrived for the search out running.
    pub(super) fn pending(&mut self, solo: bool) -> Poll {
        let p = if solo {
            self.solo_pending.take()
        } else {
            self.slots.local_pending.take()
        };
        p.map_or(Poll::Go, Poll::Update)
    }

    /// Puts the search back after [`TgMaster::take_blocking`]; when it finished, its value goes
    /// where the stepper's would.
    pub(super) fn put_back(
        &mut self,
        solo: bool,
        search: SubSearch<G>,
        finished: bool,
        env: &mut Env<'_, Msg<G>>,
    ) {
        if solo {
            self.solo = search;
            self.solo_out = false;
            if finished {
                self.solo_done(env);
            }
        } else {
            self.slots.local = Some(search);
            if finished {
                self.local_done(env);
            }
        }
    }

    fn child_window(&self) -> Window {
        let f = self.stack.last().expect("a frame");
        Window::new(-f.node.beta, -f.node.alpha)
    }

    /// Sends the top frame's child window to every busy slave.
    fn update_slaves(&mut self, env: &mut Env<'_, Msg<G>>) {
        let window = self.child_window();
        self.slots.update_all(window, env);
    }

    /// Gives the top frame's next successor to slot `s`.
    fn assign(&mut self, s: usize, out: &mut Vec<(Pid, Msg<G>)>) {
        let window = self.child_window();
        let iter = self.iter;
        let in_job = self.log.jobs.len().saturating_sub(1);
        let f = self.stack.last_mut().expect("a frame");
        let i = f.node.next;
        f.node.next += 1;
        let child = f
            .node
            .pos
            .as_ref()
            .expect("a position")
            .play(f.node.succ[i]);
        let (depth, ply) = (f.node.depth - 1, f.node.ply + 1);
        self.log.nodes[f.rec].farmed += 1;
        let farm = self.log.farms.len();
        let job = self
            .slots
            .assign(s, (i, farm), child, depth, ply, window, out);
        self.log.farms.push(FarmRec {
            iter,
            node: f.rec,
            child: i as u32,
            to: self.slots.get(s).pid,
            job,
            in_job,
            found: 0,
            wasted: false,
        });
    }

    /// Works the top of the stack until it waits for slaves or the job is done.
    fn advance(&mut self, env: &mut Env<'_, Msg<G>>) {
        loop {
            if self.solo_out || self.solo.is_running() {
                return;
            }
            let Some(top) = self.stack.last_mut() else {
                return;
            };
            match top.phase {
                Phase::Start => {
                    top.phase = Phase::Seq;
                    top.node.next = 1;
                    if top.node.alpha >= top.node.beta {
                        top.phase = Phase::Farm;
                        continue;
                    }
                    let child = top.node.pos.as_ref().expect("pos").play(top.node.succ[0]);
                    let w = Window::new(-top.node.beta, -top.node.alpha);
                    let (depth, ply, rec) = (top.node.depth - 1, top.node.ply + 1, top.rec);
                    let pv = top.predicted == 1;
                    let km = if pv { 1 } else { 3 };
                    if let Some(v) = self.open(child, depth, ply, w, pv, km, Link::Seq(rec), env) {
                        self.seq_value(v, &[]);
                    }
                }
                Phase::Seq => unreachable!("a frame waiting for its child is never on top"),
                Phase::Farm => {
                    let mut out = Vec::new();
                    for s in 0..self.slots.len() {
                        let f = self.stack.last().expect("a frame");
                        if f.node.next >= f.node.succ.len() || f.node.alpha >= f.node.beta {
                            break;
                        }
                        if !self.slots.is_busy(s) {
                            self.assign(s, &mut out);
                        }
                    }
                    env.send_all(out);
                    if self.slots.busy() > 0 {
                        return;
                    }
                    let (value, line) = self.close();
                    if self.stack.is_empty() {
                        self.done(value, line, env);
                        return;
                    }
                    self.seq_value(value, moves_of(&line));
                }
            }
        }
    }

    /// The sequential child of the top frame came back with `v` and principal line `line`.
    fn seq_value(&mut self, v: Score, line: &[G::Move]) {
        self.child_value(0, v, line);
        self.stack.last_mut().expect("a frame").phase = Phase::Farm;
    }

    /// Pops the finished top frame: records its found type, fills the table; returns its value
    /// and line.
    fn close(&mut self) -> (Score, Option<Line<G>>) {
        let f = self.stack.pop().expect("a frame");
        let found = match (f.cut_by, f.raised) {
            (Some(_), _) => 2,
            (None, _) if f.node.alpha >= f.node.beta => 0,
            (None, true) => 1,
            (None, false) => 3,
        };
        self.log.nodes[f.rec].found = found;
        if let Some(c) = f.cut_by {
            for farm in &mut self.log.farms[f.first_farm..] {
                if farm.node == f.rec && farm.child as usize > c {
                    farm.wasted = true;
                }
            }
        }
        let pos = f.node.pos.as_ref().expect("pos");
        if found != 0 {
            if let Some(h) = pos.hash() {
                let (mv, bound) = match found {
                    2 => (f.node.best(), Bound::Lower),
                    1 => (f.node.best(), Bound::Exact),
                    _ => (None, Bound::Upper),
                };
                self.table.store(
                    h,
                    Entry {
                        mv,
                        bound,
                        depth: f.node.depth,
                    },
                );
            }
        }
        (f.node.alpha, f.node.line())
    }

    /// The job (or, at the root, the iteration) is done.
    fn done(&mut self, value: Score, line: Option<Line<G>>, env: &mut Env<'_, Msg<G>>) {
        if let Some(d) = &self.deepening {
            if self.iter < d.target {
                let (pos, window) = (d.pos.clone(), d.window);
                self.start_iteration(pos, (self.iter + self.step).min(d.target), window, env);
                return;
            }
        }
        self.active = false;
        send_value(env, self.parent, self.job, value, line, false);
    }

    fn start_iteration(&mut self, pos: G, iter: u32, window: Window, env: &mut Env<'_, Msg<G>>) {
        self.iter = iter;
        self.mark = (iter, self.stats());
        match self.open(pos, iter, 0, window, true, 1, Link::Root, env) {
            Some(v) => self.done(v, None, env),
            None => self.advance(env),
        }
    }

    fn on_value(&mut self, s: usize, value: Score, line: &[G::Move], env: &mut Env<'_, Msg<G>>) {
        let best = line.first().copied();
        let (_, (i, farm)) = self.slots.release(s);
        let w = self.child_window();
        let stopped = w.alpha >= w.beta;
        let found = if stopped { 0 } else { child_found(value, w) };
        let f = &mut self.log.farms[farm];
        f.found = found;
        f.wasted |= stopped;
        if found != 0 {
            let top = self.stack.last().expect("a frame");
            let child = top.node.pos.as_ref().expect("pos").play(top.node.succ[i]);
            if let Some(h) = child.hash() {
                let (mv, bound) = match found {
                    2 => (best, Bound::Lower),
                    1 => (best, Bound::Exact),
                    _ => (None, Bound::Upper),
                };
                if bound == Bound::Upper || mv.is_some() {
                    self.table.store(
                        h,
                        Entry {
                            mv,
                            bound,
                            depth: top.node.depth - 1,
                        },
                    );
                }
            }
        }
        if self.child_value(i, value, line) {
            self.update_slaves(env);
        }
        self.advance(env);
    }

    fn on_update(&mut self, window: Window, env: &mut Env<'_, Msg<G>>) {
        let (mut a, mut b) = (window.alpha, window.beta);
        let mut changed = false;
        for f in &mut self.stack {
            if a > f.node.alpha {
                f.node.alpha = a;
                changed = true;
            }
            if b < f.node.beta {
                f.node.beta = b;
                changed = true;
            }
            if f.node.alpha >= f.node.beta {
                f.node.next = f.node.succ.len();
            }
            (a, b) = (-b, -a);
        }
        if self.solo_out {
            defer(&mut self.solo_pending, Window::new(a, b));
        } else if self.solo.is_running() {
            self.solo.update(Window::new(a, b));
        }
        if changed && self.slots.busy() > 0 {
            self.update_slaves(env);
        }
    }
}

impl<G: Game> Process for TgMaster<G> {
    type Msg = Msg<G>;

    fn on_message(&mut self, from: Pid, msg: Msg<G>, env: &mut Env<'_, Msg<G>>) {
        match msg {
            Msg::Evaluate(Task {
                job,
                pos,
                depth,
                ply,
                window,
            }) => {
                self.job = job;
                self.active = true;
                self.stack.clear();
                if self.me == 0 && from == HOST {
                    self.deepening = Some(Deepening {
                        pos: pos.clone(),
                        target: depth,
                        window,
                    });
                    // Depth 0: the root is a bottom position, one "iteration".
                    // Depth 0: the root is a bottom position, one "iteration". Otherwise the
                    // iterations D, D − step, … down to the first of 1 … step.
                    let first = match depth {
                        0 => 0,
                        d => (d - 1) % self.step + 1,
                    };
                    self.start_iteration(pos, first, window, env);
                } else {
                    self.iter = ply + depth;
                    match self.open(
                        pos,
                        depth,
                        ply,
                        window,
                        false,
                        2,
                        Link::Job { from, job },
                        env,
                    ) {
                        Some(v) => self.done(v, None, env),
                        None => self.advance(env),
                    }
                }
            }
            Msg::Update { job, window } => {
                if self.active && job == self.job {
                    self.on_update(window, env);
                }
            }
            Msg::Value {
                job, value, line, ..
            } => {
                if let Some(s) = self.slots.find(from, job) {
                    self.on_value(s, value, moves_of(&line), env);
                }
            }
            Msg::Progress { .. } => {}
        }
    }

    fn busy(&self) -> bool {
        self.solo.is_running() || self.slots.local.as_ref().is_some_and(|l| l.is_running())
    }

    fn work(&mut self, env: &mut Env<'_, Msg<G>>, until: f64, max_steps: u64) {
        if self.solo.work_steps(env, until, max_steps) {
            self.solo_done(env);
            return;
        }
        let Some(local) = self.slots.local.as_mut() else {
            return;
        };
        if local.work_steps(env, until, max_steps) {
            self.local_done(env);
        }
    }

    fn stats(&self) -> Stats {
        let mut s = self.stats + self.solo.stats();
        if let Some(l) = &self.slots.local {
            s += l.stats();
        }
        s
    }
}
