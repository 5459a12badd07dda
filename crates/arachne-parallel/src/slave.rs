//! The messages every algorithm here exchanges and the slave of seed 000
//! §4.1, shared by all of them.
//!
//! ```text
//! EVALUATE(pos, α, β)   master → slave   search pos with window (α, β)
//! UPDATE(α, β)          master → slave   narrow the window of the search in progress
//! VALUE(value, line)    slave → master   the result (fail-hard, relative to the final window)
//! ```
//!
//! A VALUE also carries the job's principal line ([`Line`]), a detail the seed leaves out: the
//! slave's serial search keeps it, each master puts the move of the successor whose value
//! raised its α in front of that successor's line, and the root's line is the search's
//! principal variation, found without searching again (`common::outcome::principal_line`).
//!
//! Every message carries a job number so that an UPDATE or VALUE that belongs to an earlier
//! assignment is recognised and dropped ("flush outdated UPDATES", §4.2), whatever the order
//! in which messages arrive.
use crate::master_kit::send_value;
use crate::subsearch::{Poll, SerialSpec, SubSearch, Worker};
use arachne_core::{Game, Score, Stats, Window};
use arachne_runtime::{Env, Mailbox, Pid, Process, Stopping};
use arachne_search::stepper::LeafEval;
use arachne_search::stepper::{Stepper, StepperMode};
use std::sync::Arc;

/// An EVALUATE's assignment: search `pos` to `depth` plies with `window`; `ply` is its
/// distance from the root.
#[derive(Clone, Debug)]
pub struct Task<G> {
    /// The job number (§4.2's "flush outdated" test).
    pub job: u32,
    /// The position.
    pub pos: G,
    /// Its plies left.
    pub depth: u32,
    /// Its distance from the root.
    pub ply: u32,
    /// The window to search it with.
    pub window: Window,
}

/// A message.
#[derive(Clone, Debug)]
pub enum Msg<G: Game> {
    /// Search a position ([`Task`]).
    Evaluate(Task<G>),
    /// Narrow the window of job `job`.
    Update { job: u32, window: Window },
    /// slave → master: the α of job `job` has risen to `alpha` (only for general alpha raising,
    /// seed 000 §4.3, where the root needs its slaves' current α values).
    Progress { job: u32, alpha: Score },
    /// The value of job `job`; `line` its principal line where the sender knows it;
    /// `lower` when the value is only a lower bound (§4.3 minimal window at the root).
    Value {
        job: u32,
        value: Score,
        line: Option<Line<G>>,
        lower: bool,
    },
}

/// A job's principal line as a VALUE carries it: the moves from the job's position `from`,
/// best move first, as far as the sender's search kept them (a table cutoff ends a line).
/// It is the line of the value only when the value lies strictly inside the job's final
/// window, and only such values carry a line to the root: a master takes a successor's line
/// when its value raises α, and a value at or above β, whose line is not the value's, is not
/// used by the master above. The position travels with the line because on MPI a move is its
/// index among its position's moves, replayed from there (`arachne_runtime::pathed`).
#[derive(Clone, Debug)]
pub struct Line<G: Game> {
    /// The job's position.
    pub from: G,
    /// The moves from it.
    pub moves: Vec<G::Move>,
}

impl<G: Game> Line<G> {
    /// The line `moves` from `from`; `None` when either is missing.
    pub fn of(from: Option<&G>, moves: &[G::Move]) -> Option<Self> {
        match from {
            Some(from) if !moves.is_empty() => Some(Line {
                from: from.clone(),
                moves: moves.to_vec(),
            }),
            _ => None,
        }
    }
}

/// The moves of `line`, none when it is missing.
pub(crate) fn moves_of<G: Game>(line: &Option<Line<G>>) -> &[G::Move] {
    line.as_ref().map_or(&[], |l| &l.moves)
}

impl<G: Game> Msg<G> {
    /// EVALUATE: search `pos` to `depth` plies at `ply` with `window`, as job `job`.
    pub fn evaluate(job: u32, pos: G, depth: u32, ply: u32, window: Window) -> Self {
        Msg::Evaluate(Task {
            job,
            pos,
            depth,
            ply,
            window,
        })
    }
}

/// The serial engine's options a message-passing search takes beside quiescence.
///
/// * **Check extension** (`check_root: Some(D)`, `D` the depth of the whole search's root): the
///   serial engine's rule ([`arachne_core::extension::extended_depth`]: a position below the
///   root whose side to move is in check gets one more ply while `ply + depth < 2·D`), a
///   function of the path alone. An EVALUATE carries a position's *nominal* depth (its parent's
///   plies left minus one); whoever takes the position — a master (when it takes a job),
///   a slave's serial search or stepper at its root — extends it, once, by that rule, and so
///   does every node below. The tree searched is the serial engine's, so the value is
///   `falphabeta --check-extension`'s.
/// * **Null move** (`null_move`): null-move pruning in the slaves' serial searches on real
///   backends (`crate::subsearch`: `arachne-search`'s engine loop, which tries a pass at
///   every node below the job's root — the job's root included, being below the whole
///   search's — under the engine's conditions). Masters never pass: their nodes are searched
///   in full, as the processor tree requires. The value then depends on the windows the
///   slaves are given, as the serial engine's depends on its own: it is this search's own.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Engine {
    /// The check extension's bound, the depth of the whole search's root; `None`: off.
    pub check_root: Option<u32>,
    /// Null-move pruning in the slaves' serial searches.
    pub null_move: bool,
    /// The search of a simulated processor ([`Worker`]).
    pub worker: Worker,
}

/// The slave algorithm (§4.1): a serial search of each EVALUATE's subtree ([`SubSearch`]:
/// `arachne-search`'s serial search on real backends, the resumable [`Stepper`] on the
/// simulator), UPDATEs applied by the catcher, VALUE to the master at the end.
#[derive(Clone, Debug)]
pub(crate) struct Slave<G: Game> {
    master: Pid,
    job: u32,
    search: SubSearch<G>,
    report: bool,
    reported: Score,
}

impl<G: Game> Slave<G> {
    /// A slave of `master`.
    pub(crate) fn new(master: Pid, mode: StepperMode, preorder: bool) -> Self {
        Self::with_spec(master, Arc::new(SerialSpec::new(mode, preorder, false)))
    }

    /// A slave of `master` whose serial search has the options of `spec`.
    pub(crate) fn with_spec(master: Pid, spec: Arc<SerialSpec>) -> Self {
        Slave {
            master,
            job: 0,
            search: SubSearch::new(spec),
            report: false,
            reported: -Score::INF,
        }
    }

    /// Makes the slave value bottom positions by `arachne-search`'s quiescence search.
    pub(crate) fn with_quiescence(self, on: bool) -> Self {
        if !on {
            return self;
        }
        self.respec(|spec| spec.opts.quiescence = true)
    }

    /// Gives the slave's serial search the engine options `e` ([`Engine`]).
    pub(crate) fn with_engine(self, e: Engine) -> Self {
        if e == Engine::default() {
            return self;
        }
        self.respec(|spec| *spec = spec.clone().with_engine(e))
    }

    fn respec(self, f: impl FnOnce(&mut SerialSpec)) -> Self {
        let mut spec = SerialSpec::clone(&self.search_spec());
        f(&mut spec);
        Slave {
            search: self.search.respec(Arc::new(spec)),
            ..self
        }
    }

    /// Makes the slave's serial search use `table` (see [`SubSearch::with_table`]).
    pub(crate) fn with_table(self, table: Option<Arc<arachne_core::TranspositionTable>>) -> Self {
        Slave {
            search: self.search.with_table(table),
            ..self
        }
    }

    fn search_spec(&self) -> Arc<SerialSpec> {
        self.search.spec()
    }

    /// Makes the slave send PROGRESS messages when its root α rises.
    pub(crate) fn with_progress(mut self, on: bool) -> Self {
        self.report = on;
        self
    }

    fn send_value(&mut self, env: &mut Env<'_, Msg<G>>) {
        let value = self.search.result().expect("finished");
        let line = self.search.line();
        send_value(env, self.master, self.job, value, line, false);
    }
}

impl<G: Game> Process for Slave<G> {
    type Msg = Msg<G>;

    fn on_message(&mut self, _from: Pid, msg: Msg<G>, _env: &mut Env<'_, Msg<G>>) {
        match msg {
            Msg::Evaluate(t) => {
                self.job = t.job;
                self.reported = t.window.alpha;
                self.search.start(t.pos, t.window, t.depth, t.ply);
            }
            Msg::Update { job, window } if job == self.job => {
                self.reported = self.reported.max(window.alpha);
                self.search.update(window)
            }
            _ => {}
        }
    }

    fn busy(&self) -> bool {
        self.search.is_running()
    }

    fn work(&mut self, env: &mut Env<'_, Msg<G>>, until: f64, max_steps: u64) {
        let done = self.search.work_steps(env, until, max_steps);
        if self.report && !done {
            if let Some(a) = self.search.root_alpha() {
                if a > self.reported {
                    self.reported = a;
                    env.send(
                        self.master,
                        Msg::Progress {
                            job: self.job,
                            alpha: a,
                        },
                    );
                }
            }
        }
        if done {
            self.send_value(env);
        }
    }

    fn run(&mut self, env: &mut Env<'_, Msg<G>>, mailbox: &mut dyn Mailbox<Msg<G>>) -> bool {
        if !self.search.can_block() {
            return false;
        }
        let job = self.job;
        let mut later = Vec::new();
        let finished = {
            let mut poll = |nodes: u64| match mailbox.poll(env, nodes) {
                Err(Stopping) => Poll::Stop,
                Ok(None) => Poll::Go,
                Ok(Some((_, Msg::Update { job: j, window }))) if j == job => Poll::Update(window),
                Ok(Some(m)) => {
                    later.push(m);
                    Poll::Go
                }
            };
            self.search.run_blocking(&mut poll)
        };
        if finished {
            self.send_value(env);
            for (from, msg) in later {
                self.on_message(from, msg, env);
            }
        }
        true
    }

    fn stats(&self) -> Stats {
        self.search.stats()
    }
}

/// Advances `stepper` under `env`'s cost model; true when its search has just finished.
pub(crate) fn run_stepper<G: Game, M>(
    stepper: &mut Stepper<G>,
    env: &mut Env<'_, M>,
    until: f64,
    max_steps: u64,
) -> bool {
    if !stepper.is_running() {
        return false;
    }
    let before = env.clock;
    let mut steps = max_steps;
    let done = stepper.run(
        &mut env.clock,
        until,
        &mut steps,
        env.cost.leaf,
        env.cost.interior,
    );
    env.busy += env.clock - before;
    done
}

/// The node a master is evaluating for its own master: the EVALUATE job, the position, its
/// window (narrowed by UPDATEs and by its successors' values), its successors, the next one to
/// hand out, and the best so far with its line. Shared by every kind of master. With `leaf`
/// (quiescence), a bottom position sent to the master is valued by it, as the slaves' searches
/// value theirs.
#[derive(Clone, Debug)]
pub(crate) struct MasterNode<G: Game> {
    pub leaf: Option<LeafEval<G>>,
    /// The check extension's bound ([`Engine::check_root`]).
    pub check_root: Option<u32>,
    pub job: u32,
    pub pos: Option<G>,
    pub depth: u32,
    pub ply: u32,
    pub alpha: Score,
    pub beta: Score,
    pub succ: Vec<G::Move>,
    pub next: usize,
    /// The principal line so far: the successor that last raised α, then its line.
    pub pv: Vec<G::Move>,
}

impl<G: Game> MasterNode<G> {
    /// No job yet.
    pub(crate) fn new() -> Self {
        MasterNode {
            leaf: None,
            check_root: None,
            job: 0,
            pos: None,
            depth: 0,
            ply: 0,
            alpha: -Score::INF,
            beta: Score::INF,
            succ: Vec::new(),
            next: 0,
            pv: Vec::new(),
        }
    }

    /// The best successor so far.
    pub(crate) fn best(&self) -> Option<G::Move> {
        self.pv.first().copied()
    }

    /// The node's line as a VALUE carries it.
    pub(crate) fn line(&self) -> Option<Line<G>> {
        Line::of(self.pos.as_ref(), &self.pv)
    }

    /// The same node valuing bottom positions by `leaf` (e.g. the quiescence search).
    pub(crate) fn with_leaf(mut self, leaf: Option<LeafEval<G>>) -> Self {
        self.leaf = leaf;
        self
    }

    /// The same node extending checks (`Some(D)`, [`Engine::check_root`]).
    pub(crate) fn with_check_extension(mut self, check_root: Option<u32>) -> Self {
        self.check_root = check_root;
        self
    }

    /// The plies to search `pos` at `ply` with, `depth` nominally left (the check extension).
    pub(crate) fn extend(&self, pos: &G, depth: u32, ply: u32) -> u32 {
        match self.check_root {
            Some(r) => arachne_core::extension::extended_depth(pos, depth, ply as usize, r),
            None => depth,
        }
    }

    /// Successor `i` came back worth `value` (from its side) with its principal line `line`
    /// (from the successor's position): raises α, the best move and the line, and counts a
    /// cutoff the moment α reaches β (as the stepper does at its own nodes). Returns whether α
    /// rose.
    pub(crate) fn child_value(
        &mut self,
        i: usize,
        value: Score,
        line: &[G::Move],
        stats: &mut Stats,
    ) -> bool {
        let t = -value;
        if t <= self.alpha {
            return false;
        }
        if self.alpha < self.beta && t >= self.beta {
            stats.cutoffs += 1;
        }
        self.alpha = t;
        self.pv.clear();
        self.pv.push(self.succ[i]);
        self.pv.extend_from_slice(line);
        true
    }

    /// Receives EVALUATE `task` from `parent`, its position with `task.depth` plies nominally
    /// left (the node extends it, [`MasterNode::extend`]): a bottom position's value goes
    /// straight back (returns false); otherwise the node takes on the job with its successors
    /// (true).
    pub(crate) fn take_job(
        &mut self,
        task: Task<G>,
        preorder: bool,
        stats: &mut Stats,
        env: &mut Env<'_, Msg<G>>,
        parent: Pid,
    ) -> bool {
        let Task {
            job,
            pos,
            depth,
            ply,
            window,
        } = task;
        self.job = job;
        let depth = self.extend(&pos, depth, ply);
        match expand(&pos, depth, ply, preorder, self.leaf.as_ref(), stats, env) {
            Ok(succ) => {
                self.start(job, pos, depth, ply, window, succ);
                true
            }
            Err(value) => {
                send_value(env, parent, job, value, None, false);
                false
            }
        }
    }

    /// Takes on EVALUATE `job` of `pos` with `window`, whose successors are `succ`.
    pub(crate) fn start(
        &mut self,
        job: u32,
        pos: G,
        depth: u32,
        ply: u32,
        window: Window,
        succ: Vec<G::Move>,
    ) {
        *self = MasterNode {
            leaf: self.leaf.take(),
            check_root: self.check_root,
            job,
            pos: Some(pos),
            depth,
            ply,
            alpha: window.alpha,
            beta: window.beta,
            succ,
            next: 0,
            pv: Vec::new(),
        };
    }
}

/// What a master does with the position of an EVALUATE before searching its successors: a
/// bottom position is evaluated at once (`Err(value)`: its static value, or `leaf`'s), otherwise
/// its successors are generated (`Ok(moves)`), charging the cost model and counting like a
/// serial search.
pub(crate) fn expand<G: Game, M>(
    pos: &G,
    depth: u32,
    ply: u32,
    preorder: bool,
    leaf: Option<&LeafEval<G>>,
    stats: &mut Stats,
    env: &mut Env<'_, M>,
) -> Result<Vec<G::Move>, Score> {
    let mut moves = Vec::new();
    if depth > 0 && !pos.is_terminal() {
        pos.moves(&mut moves);
        stats.movegens += 1;
        if !moves.is_empty() {
            stats.interior += 1;
            env.charge_interior();
            if preorder && moves.len() > 1 {
                arachne_search::stepper::preorder_moves(pos, &mut moves);
            }
            return Ok(moves);
        }
    }
    stats.leaves += 1;
    env.charge_leaf();
    Err(match leaf {
        None => pos.evaluate().at_ply(ply),
        Some(l) => l.eval(pos, ply, stats),
    })
}

#[cfg(test)]
mod tests;
