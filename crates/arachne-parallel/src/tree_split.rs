//! `tree-split` — the tree-splitting algorithm of seed 000 §4 (Fishburn and Finkel's Arachne
//! search).
//!
//! Processors form a uniform tree of fan-out `f` and depth `q` ([`ProcTree`]). Terminal
//! processors run the **slave** of §4.1 ([`Slave`]: serial alpha-beta with an asynchronous
//! `catcher` for UPDATE messages). The others run the **master** of §4.2 ([`Master`]):
//!
//! * on EVALUATE(p, α, β) it generates the successors of `p`, gives one to each slave with the
//!   window `(−β, −α)`, and queues the rest;
//! * on VALUE from a slave: `tmp = −value`; if `tmp > α` then `α := tmp` and the new window
//!   `(−β, −α)` goes to every busy slave as an UPDATE; if `α ≥ β` (a cutoff) that window is
//!   non-positive, which terminates the slaves at once, and the queue is emptied; if successors
//!   remain, the freed slave is reassigned the next one;
//! * UPDATEs from its own master narrow `(α, β)` and are relayed to its busy slaves;
//! * when no slave is busy it sends VALUE(α) to its master.
//!
//! The paper sends UPDATEs to "all slaves"; here only busy slaves get them (an idle slave
//! would discard them), which changes the message count but not the search.
//!
//! Options (`tree-split:key=value,...`):
//!
//! * `f`, `q` — the processor tree. With `--procs P` alone the tree is **one master with
//!   `P − 1` slaves** (`q = 1, f = P − 1`; the configuration measured in §5), and `P = 1` is a
//!   lone slave (serial alpha-beta). With `q` alone, `f` is the largest fan-out whose tree fits
//!   in `P` processors; with `f` alone, `q` is the largest depth that fits.
//! * `raise=none|last|general` — §4.3. `last`: when the root master has no successor left to assign
//!   and exactly one slave is still busy, it sends that slave the window `(−α−1, −α)` (as an
//!   UPDATE, which the catcher intersects with the slave's window). If that successor is not
//!   the best the search fails high quickly; if it is, it fails low and the root reports that
//!   move with the **lower bound** `α + 1` — the best move is exact, the value may not be
//!   (reported as not exact). `general`: the root's slaves report their α to it (a PROGRESS
//!   message whenever it rises — the paper does not say how the master learns it); once no
//!   successor is left to assign, the busy slave with the lowest α is raised to
//!   `min(α_2 − 1, −α_root − 1)` where `α_2` is the second lowest (so with one busy slave it is
//!   `raise=last`); if it then fails low its move is still the best and the value a lower bound.
//!   Default `none`: the value is always exact.
//! * `master=1` (the default since issue 23; `master=0` is §4's literal master) — §6, first
//!   optimization: every master also runs a slave on its own processor (a local stepper that
//!   takes successors from the queue like any other slave and gets UPDATEs without messages).
//! * `grand=1` — §6, third optimization: masters assign their successors' successors
//!   ([`GrandMaster`]); not combined with `master=1` or alpha raising.
//! * `preorder=1` (the default since issue 23; `preorder=0`: the game's move order) —
//!   successors ordered best-first by their static values at every node (§5: "moves were
//!   ordered best-first according to their static values").
//! * `quiescence=1` (or `--quiescence`) — bottom positions valued by `arachne-search`'s
//!   capture-only quiescence search, at masters and slaves alike (with `grand=1` too).
//! * `--check-extension` — every processor extends checks by the serial engine's rule (masters
//!   when they take a position, slaves in their searches; [`Engine`]): the value is
//!   `falphabeta --check-extension`'s.
//! * `--null-move` (threads, not `grand=1`) — null-move pruning in the slaves' serial searches,
//!   and in a master's own with `master=1`; a master's nodes are searched in full ([`Engine`]).
//! * `pv=1` — **principal-variation splitting**, a root rule from outside seed 000 (Marsland and
//!   Campbell's PV-split, the idea that young-brothers-wait generalised): a master does not
//!   hand out the successors of its node at once. It first searches the node's first
//!   successor, itself a node split the same way, down the leftmost line to nodes of
//!   [`PV_SPLIT_DEPTH`] plies, whose first successor goes to one processor alone (the master's
//!   own with `master=1`). Only when a node's first successor has come back, with the α it
//!   gives, are its other successors handed out to every processor as above. The other
//!   successors are then searched with the window a serial search would give them, instead of
//!   two or more full-window searches at once: §5's speculative loss, which bounds
//!   tree-splitting's speedup, mostly goes; processors wait only where a level of the line
//!   waits for its last successor. Not with `grand=1` or alpha raising.
//!   Each master keeps the nodes of the line above the one it is splitting on a stack; an
//!   UPDATE from its own master narrows the lowest and, negated, every one above it.
//! * `id=1` — **iterative deepening at the root**, as the serial engine searches: the root
//!   master searches its position to 1, 2, …, `depth` plies, each iteration a tree-splitting
//!   search of its own with the previous iteration's best move first. On real backends the
//!   processors of one machine share one table ([`SHARED_TABLE_MIB`] MiB), so every
//!   iteration's processors order their nodes by the moves the previous iteration stored,
//!   whichever processor stored them. The value is the last iteration's, the value of the
//!   fixed-depth search; node counts are those of every iteration.
//!
//! On real backends (threads) every slave, and a master's local slave, searches its subtree
//! with `arachne-search`'s serial search ([`crate::subsearch`]); on the simulator with the
//! resumable stepper. Values are the same; node counts differ.
//!
//! ## Table moves at the masters (real backends)
//!
//! Where the processors share a table ([`SHARED_TABLE_MIB`]: threads and MPI, not the
//! simulator) and `preorder=1`, a master orders the successors of every node it splits — the
//! node of an EVALUATE and, with `pv=1`, every node of its leftmost line — by the table: the
//! move stored for the position goes first, then the static order. It stores the best move of
//! every node it finishes, and of every successor whose VALUE names its best move (the root of
//! a slave's job), unless the table already holds a move for that position at that draft or
//! deeper (a serial search's own entry). This is the nCUBE program's rule (seed
//! `ncube-chess-node-types`: "if the hash table suggests a move, search it first"), which
//! with `id=1` makes each iteration's leftmost line the previous iteration's principal line:
//! seed 000 §7.2's best-first order, under which the first successor of a node on the line
//! gives its value and the brothers handed out after it (`pv=1`) all fail (§7.2, Theorem 1's
//! type 1 and type 3 nodes). Without it only the root's best move was carried to the next
//! iteration and the line below it followed the static order; on the synthetic trees, whose
//! slaves keep no table (no transpositions), the masters' entries are the only ones.
//! The entries carry no value (an upper bound of +∞ at the node's draft, on which no search
//! cuts off), so values are those of the searches without them.
//!
//! ## Defaults on threads
//!
//! On `--backend threads`, `pv` and `id` not given are **on** ([`TreeSplitOptions::on_backend`]):
//! `tree-split` there is `tree-split:pv=1,id=1`, the form measured best on 2 real cores
//! (BENCHMARKS.md, "Message-passing algorithms on real cores"). Issue 23, `--procs 3`, nodes
//! of all processors against the serial search with the same options: the literal root split
//! searched +24 to +69 % on `incremental:b=10,d=11` seeds 1–3 (`alphabeta --preorder`) and +13
//! to +48 % on LCT II #1/#5/#9 at depth 7 (`aspiration --ordering --quiescence`); these
//! defaults, with the table moves above, +16 to +19 % and −13 to −33 %. `pv=0,id=0` gives §4's
//! literal form. On the simulator and MPI both stay off
//! unless given, so the simulator's counts and the report built on them are §4's.
use crate::master_kit::{send_value, Slots};
use crate::slave::{expand, Engine, MasterNode, Msg, ProcTree, Slave, Task};
use crate::subsearch::{deliver_waiting, Poll, SerialSpec, SubSearch};
use std::sync::Arc;

mod grand;
use arachne_core::{Bound, Game, Score, Stats, TranspositionTable, TtEntry, Window};
use arachne_runtime::{Env, Mailbox, Pid, Process, Stopping};
use arachne_search::stepper::StepperMode;
pub use grand::GrandMaster;

/// §4.3 alpha raising.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum AlphaRaise {
    /// No alpha raising: exact values.
    #[default]
    None,
    /// The root's last successor searched with `(−α−1, −α)`.
    Last,
    /// General alpha raising among the root's busy slaves.
    General,
}

/// Options of the tree-splitting algorithm. The defaults are `master=1` and `preorder=1`
/// (they beat the literal §4 algorithm at every P on the simulator; see the crate docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TreeSplitOptions {
    /// Fan-out of the processor tree.
    pub f: Option<u32>,
    /// Depth of the processor tree.
    pub q: Option<u32>,
    /// §4.3.
    pub raise: AlphaRaise,
    /// §6: masters also search.
    pub master_searches: bool,
    /// §6: masters assign their successors' successors.
    pub grand: bool,
    /// Static best-first move ordering.
    pub preorder: bool,
    /// Value bottom positions by `arachne-search`'s quiescence search (`--quiescence`).
    pub quiescence: bool,
    /// The check extension at every processor (`--check-extension`; [`Engine`]).
    pub check_extension: bool,
    /// Null-move pruning in the slaves' serial searches (`--null-move`; [`Engine`]).
    pub null_move: bool,
    /// Principal-variation splitting (module docs, `pv=1`); `None` when not given: the
    /// backend's default ([`TreeSplitOptions::on_backend`]).
    pub pv_split: Option<bool>,
    /// Iterative deepening at the root (module docs, `id=1`); `None` as for `pv_split`.
    pub iterate: Option<bool>,
    /// Real backends: one table shared by the processors of a machine (set by the driver for
    /// threads and MPI, not an option of the spec).
    pub shared_table: bool,
}

/// Size (MiB) of the table the processors of one machine share ([`TreeSplitOptions::shared_table`]).
pub const SHARED_TABLE_MIB: usize = 64;

/// With `pv=1`, the shallowest node of the leftmost line that is split: its first successor,
/// of `PV_SPLIT_DEPTH − 1` plies, is one processor's job (module docs).
pub const PV_SPLIT_DEPTH: u32 = 3;

impl Default for TreeSplitOptions {
    fn default() -> Self {
        TreeSplitOptions {
            f: None,
            q: None,
            raise: AlphaRaise::None,
            master_searches: true,
            grand: false,
            preorder: true,
            quiescence: false,
            check_extension: false,
            null_move: false,
            pv_split: None,
            iterate: None,
            shared_table: false,
        }
    }
}

impl TreeSplitOptions {
    /// The options as run on a backend (`threads`: the threads backend): `pv` and `id` not
    /// given are on for threads and off elsewhere (module docs, "Defaults on threads"). Without
    /// `grand=1` or alpha raising only, which they do not combine with.
    pub fn on_backend(self, threads: bool) -> Self {
        let on = threads && !self.grand && self.raise == AlphaRaise::None;
        TreeSplitOptions {
            pv_split: Some(self.pv_split.unwrap_or(on)),
            iterate: Some(self.iterate.unwrap_or(on)),
            ..self
        }
    }
}

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
pub struct Master<G: Game> {
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
    /// Whether that job is in progress.
    active: bool,
    lower: bool,
    /// Report our α to our master when it rises (general alpha raising above us).
    report: bool,
    stats: Stats,
}

impl<G: Game> Master<G> {
    fn new(
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
                .with_leaf(
                    opts.quiescence
                        .then(crate::type_guided::quiescence_leaf::<G>),
                )
                .with_check_extension(engine.check_root),
            stack: Vec::new(),
            pv_split: opts.pv_split == Some(true),
            table: table.filter(|_| opts.preorder),
            wait_first: false,
            iterate: None,
            deepen: opts.iterate == Some(true),
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
        // `id=1`: the root's first iteration is one ply deep.
        self.iterate = (self.root && self.deepen && t.depth > 1).then_some((t.depth, t.window));
        if self.iterate.is_some() {
            t.depth = 1;
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
                    self.node.child_value(0, value, &mut self.stats);
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

    fn on_value(
        &mut self,
        s: usize,
        value: Score,
        best: Option<G::Move>,
        env: &mut Env<'_, Msg<G>>,
    ) {
        let (_, job) = self.slots.release(s);
        self.wait_first = false;
        if let (Some(t), Some(b)) = (self.table.as_deref(), best) {
            // The job's root is a successor of this node: its best move orders it next time.
            let pos = self.node.pos.as_ref().expect("active");
            let child = pos.play(self.node.succ[job.i]);
            remember(t, &child, self.node.depth.saturating_sub(1), b);
        }
        if self.node.child_value(job.i, value, &mut self.stats) {
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
        if let (Some(t), Some(pos), Some(b)) = (self.table.as_deref(), &node.pos, node.best) {
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
                self.node.child_value(0, done.alpha, &mut self.stats);
                self.fill(env);
                continue;
            }
            if let Some((target, w)) = self.iterate {
                if self.node.depth < target {
                    self.remember_node(&self.node);
                    // `id=1`: the next iteration, the best move of this one first.
                    let mut succ = std::mem::take(&mut self.node.succ);
                    let best = self.node.best;
                    if let Some(i) = best.and_then(|b| succ.iter().position(|&m| m == b)) {
                        succ[..=i].rotate_right(1);
                    }
                    let pos = self.node.pos.take().expect("active");
                    let (job, depth, ply) = (self.node.job, self.node.depth, self.node.ply);
                    self.node.start(job, pos, depth + 1, ply, w, succ);
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
                node.best,
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
                job, value, best, ..
            } => {
                if let Some(s) = self.slots.find(from, job) {
                    self.on_value(s, value, best, env);
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
            let l = self.slots.local.as_ref();
            let (v, best) = (l.and_then(|l| l.result()), l.and_then(|l| l.best_move()));
            self.on_value(s, v.expect("finished"), best, env);
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
            let (v, best) = (local.result().expect("finished"), local.best_move());
            self.slots.local = Some(local);
            self.on_value(s, v, best, env);
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
fn table_move_first<G: Game>(table: Option<&TranspositionTable>, pos: &G, succ: &mut [G::Move]) {
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
fn remember<G: Game>(table: &TranspositionTable, pos: &G, depth: u32, best: G::Move) {
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

/// A processor of the tree-splitting system.
#[derive(Clone, Debug)]
pub enum Node<G: Game> {
    /// An interior processor.
    Master(Box<Master<G>>),
    /// A terminal processor.
    Slave(Slave<G>),
    /// An interior processor assigning successors' successors (§6).
    Grand(Box<GrandMaster<G>>),
}

impl<G: Game> Process for Node<G> {
    type Msg = Msg<G>;
    #[inline]
    fn on_message(&mut self, from: Pid, msg: Msg<G>, env: &mut Env<'_, Msg<G>>) {
        match self {
            Node::Master(m) => m.on_message(from, msg, env),
            Node::Slave(s) => s.on_message(from, msg, env),
            Node::Grand(g) => g.on_message(from, msg, env),
        }
    }
    #[inline]
    fn busy(&self) -> bool {
        match self {
            Node::Master(m) => m.busy(),
            Node::Slave(s) => s.busy(),
            Node::Grand(_) => false,
        }
    }
    #[inline]
    fn work(&mut self, env: &mut Env<'_, Msg<G>>, until: f64, max_steps: u64) {
        match self {
            Node::Master(m) => m.work(env, until, max_steps),
            Node::Slave(s) => s.work(env, until, max_steps),
            Node::Grand(_) => {}
        }
    }
    fn run(&mut self, env: &mut Env<'_, Msg<G>>, mailbox: &mut dyn Mailbox<Msg<G>>) -> bool {
        match self {
            Node::Master(m) => m.run(env, mailbox),
            Node::Slave(s) => s.run(env, mailbox),
            Node::Grand(_) => false,
        }
    }
    fn stats(&self) -> Stats {
        match self {
            Node::Master(m) => m.stats(),
            Node::Slave(s) => s.stats(),
            Node::Grand(g) => g.stats(),
        }
    }
}

/// The processes of a tree-splitting system on `tree`.
pub fn build<G: Game>(tree: ProcTree, opts: &TreeSplitOptions) -> Vec<Node<G>> {
    build_with(tree, opts, Engine::default())
}

/// [`build`] with the engine options `engine` ([`Engine`]: the check extension's bound is the
/// search's depth).
pub fn build_with<G: Game>(
    tree: ProcTree,
    opts: &TreeSplitOptions,
    engine: Engine,
) -> Vec<Node<G>> {
    let n = tree.count().expect("processor count checked by the caller") as Pid;
    // Without a table (allocation failed) each processor makes its own.
    let table = opts
        .shared_table
        .then(|| {
            TranspositionTable::try_with_mib(SHARED_TABLE_MIB)
                .ok()
                .map(Arc::new)
        })
        .flatten();
    (0..n)
        .map(|p| {
            if tree.is_leaf(p) {
                Node::Slave(
                    Slave::new(tree.parent(p), StepperMode::AlphaBeta, opts.preorder)
                        .with_quiescence(opts.quiescence)
                        .with_table(table.clone())
                        .with_engine(engine)
                        .with_progress(opts.raise == AlphaRaise::General && tree.parent(p) == 0),
                )
            } else if opts.grand {
                Node::Grand(Box::new(GrandMaster::new(
                    tree.parent(p),
                    tree.children(p),
                    opts.preorder,
                    opts.quiescence,
                    engine,
                )))
            } else {
                Node::Master(Box::new(Master::new(
                    p,
                    tree.parent(p),
                    tree.children(p),
                    opts,
                    table.clone(),
                    engine,
                )))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_games::TicTacToe;

    fn moves(pos: &TicTacToe) -> Vec<<TicTacToe as Game>::Move> {
        let mut v = Vec::new();
        pos.moves(&mut v);
        v
    }

    #[test]
    fn a_remembered_move_goes_first_and_never_settles_a_value() {
        let table = TranspositionTable::with_slots(1 << 10);
        let pos = TicTacToe::new();
        let gen = moves(&pos);
        let best = gen[6];
        remember(&table, &pos, 5, best);
        // Any order of the successors: the remembered move comes first, the rest keep theirs.
        let mut succ = gen.clone();
        succ.reverse();
        let before = succ.clone();
        table_move_first(Some(&table), &pos, &mut succ);
        assert_eq!(succ[0], best);
        let rest: Vec<_> = before.iter().copied().filter(|&m| m != best).collect();
        assert_eq!(succ[1..], rest[..]);
        // The entry is an upper bound of +inf: no window's alpha is at or above it.
        let e = table.probe(pos.hash().unwrap()).unwrap();
        assert_eq!((e.bound, e.score, e.depth), (Bound::Upper, Score::INF, 5));
        assert_eq!(e.score.to_root_relative(60), Score::INF);
        // A deeper iteration replaces it; a shallower one does not.
        remember(&table, &pos, 7, gen[2]);
        remember(&table, &pos, 6, gen[3]);
        let e = table.probe(pos.hash().unwrap()).unwrap();
        assert_eq!((e.move_index, e.depth), (Some(2), 7));
        // Without a table, or without an entry, the order stays.
        let mut succ = gen.clone();
        table_move_first(None, &pos, &mut succ);
        assert_eq!(succ, gen);
        let other = pos.play(gen[0]);
        let mut succ = moves(&other);
        table_move_first(Some(&table), &other, &mut succ);
        assert_eq!(succ, moves(&other));
    }

    #[test]
    fn pv_and_id_default_on_threads_only() {
        let o = TreeSplitOptions::default();
        let t = o.on_backend(true);
        assert_eq!((t.pv_split, t.iterate), (Some(true), Some(true)));
        let s = o.on_backend(false);
        assert_eq!((s.pv_split, s.iterate), (Some(false), Some(false)));
        // Given values are kept, on threads too.
        let given = TreeSplitOptions {
            pv_split: Some(false),
            iterate: Some(true),
            ..o
        };
        let t = given.on_backend(true);
        assert_eq!((t.pv_split, t.iterate), (Some(false), Some(true)));
        // Not with the options they do not combine with.
        for o in [
            TreeSplitOptions {
                grand: true,
                master_searches: false,
                ..o
            },
            TreeSplitOptions {
                raise: AlphaRaise::Last,
                ..o
            },
        ] {
            let t = o.on_backend(true);
            assert_eq!((t.pv_split, t.iterate), (Some(false), Some(false)));
        }
    }
}
