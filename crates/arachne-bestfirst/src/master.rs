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
//! a job is the leaf's [`Path`] from the root (the runtime's one path type, so any [`Game`]
//! travels, on every backend alike), the answer the leaf's children as **generation indices**
//! with their static values. With `P = 1` the master expands its leaves itself (the serial
//! search, the baseline of the speedup).
//!
//! ## Indices in the master, the game in the slaves
//! The master's tree holds each child's generation index (a `u32`, [`Searcher`] on indices),
//! never a position nor a game move: an index means the same move on every rank, so the same
//! messages serve sim, threads and MPI ([`crate::mpi`] gives their wire encoding). A slave
//! replays a job's path **once** on its own copy of the game ([`Path::replay`]) and expands,
//! searches or evaluates on `G` itself; a path with an index the position does not have (a
//! corrupt message) is answered with [`Msg::Fault`] and the search ends with that error,
//! never a panic. The root's best move, the principal line and the trace's decisions are
//! turned back into the game's moves once, at the end. With `P = 1` the master replays each
//! leaf's path from the root (move generations the counts do not include, as a position walk
//! did before).
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
//! ## Real cores: jobs queued at each slave, and a master that expands too ([`Form`])
//! §6.1 sends a job only to an *idle* slave, and its master only selects and backs up: "while
//! the master waits to the reply of the slave, it assigns work to other idle slaves", which
//! pays as long as "leaf expansion is significantly more expensive than selecting leaves and
//! backing up scores". On real cores a leaf of a synthetic tree or a chess position costs 2–4 µs
//! to expand, and a job's round trip to a slave thread asleep in a blocking receive about 50 µs
//! (issue 23): at `P = 2` the master and its one slave would take turns, each mostly asleep.
//! Two choices, both within §6 (the master "chooses P leaves" whose expansions run
//! concurrently; which processor expands one is not the algorithm's concern), make the form
//! pay there:
//! * `batch = K` ([`MasterConfig::batch`]): the master keeps up to `K` jobs out with each slave
//!   (the slave's mailbox queues them, so it never sleeps between jobs). It is the paper's
//!   speculation with `K·(P−1)` leaves pending instead of `P−1`.
//! * `master_expands` ([`MasterConfig::master_expands`]): while its jobs are out and no reply
//!   waits, the master expands a leaf itself ([`Process::work`]: the same job a slave would
//!   get, done by a slave state of its own and applied at once), so at `P = 2` both cores
//!   expand.
//!
//! The defaults depend on the backend ([`Form::for_backend`]): on `sim` the paper's form
//! (`K = 1`, the master does not expand), so `arachne experiment rbfm-parallel` (Fig. 12) and
//! every simulated figure are §6.1's; on threads and MPI `K =` [`REAL_BATCH`] and an expanding
//! master. Either can be chosen on every backend (`rbfm:batch=K,master=0|1`); on `sim` the
//! master's own expansions take its virtual time between replies. With `P = 1` neither applies
//! (the master is the serial search).
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
use crate::engine::{BfOptions, BfOutcome, BfStop, Heuristics, Kind, LeafSearch, Searcher};
use crate::heuristics::{self, Job, LeafWork};
use crate::rbfm::Mode;
use crate::tree::{count_moves, Tree, PENDING};
use arachne_core::{Game, Limits, Score, Stats};
use arachne_runtime::pathed::play_index;
use arachne_runtime::{execute, CostModel, Env, Path, PathError, Pid, Process, RunOutcome, HOST};
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

/// Where the processes run: the runtime's one [`Backend`] (on MPI rank 0 gets the result,
/// [`crate::mpi`]). The processes have no long work, so `poll_every` is not used.
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
    /// Jobs out with each slave at a time (module docs, "Real cores"); `None`: the backend's
    /// default ([`Form::for_backend`]).
    pub batch: Option<u32>,
    /// The master also expands leaves itself while its jobs are out (module docs, "Real
    /// cores"); `None`: the backend's default.
    pub master_expands: Option<bool>,
}

/// The form of master–slave RBFM a run uses (module docs, "Real cores").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// Jobs out with each slave at a time (1: §6.1's form, a job only to an idle slave).
    pub batch: u32,
    /// The master expands leaves itself while its jobs are out.
    pub master_expands: bool,
}

/// Jobs out with each slave by default on real cores (module docs, "Real cores").
pub const REAL_BATCH: u32 = 8;

/// Largest `batch`.
pub const MAX_BATCH: u32 = 1024;

impl Form {
    /// §6.1's form: one job per slave, the master only selects and backs up.
    pub const PAPER: Form = Form {
        batch: 1,
        master_expands: false,
    };

    /// The default on `backend`: the paper's form on the simulator (Fig. 12 and the reports
    /// reproduce it), [`REAL_BATCH`] jobs per slave and an expanding master on real cores.
    pub fn for_backend(backend: &Backend) -> Form {
        match backend {
            Backend::Sim(_) => Form::PAPER,
            _ => Form {
                batch: REAL_BATCH,
                master_expands: true,
            },
        }
    }
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
            batch: None,
            master_expands: None,
        }
    }

    /// The form this configuration runs on `backend`: its own choices, else the backend's
    /// defaults ([`Form::for_backend`]).
    pub fn form(&self, backend: &Backend) -> Form {
        self.form_over(Form::for_backend(backend))
    }

    /// Its own choices over the defaults `d`.
    fn form_over(&self, d: Form) -> Form {
        Form {
            batch: self.batch.unwrap_or(d.batch),
            master_expands: self.master_expands.unwrap_or(d.master_expands),
        }
    }
}

/// What master–slave RBFM reports beside its [`BfOutcome`].
#[derive(Clone, Debug, Default)]
pub struct MasterDetail<M> {
    /// The master's trace ([`MasterConfig::trace`]).
    pub trace: Vec<TracePoint<M>>,
    /// Unknown children evaluated (§5.2 heuristic 1).
    pub resolved: u64,
    /// Jobs the master did itself while it had slaves ([`Form::master_expands`]).
    pub own_expansions: u64,
}

/// The result of a master–slave run: the runtime's one run outcome, whose `outcome` is the
/// search result (statistics summed over all processes), with `time` virtual on sim and wall
/// seconds on threads and MPI, `serial_time` the `P = 1` run's (sim, with `serial_baseline`),
/// `busy` per processor (sim), and the trace and resolutions in `detail`.
pub type ParOutcome<M> = RunOutcome<BfOutcome<M>, MasterDetail<M>>;

/// A child as a slave reports it: its generation index, static value (from the child's side)
/// and whether it is terminal.
pub type Kid = (u32, Score, bool);

/// The messages (their wire encoding: [`crate::mpi`]). Moves are generation indices.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// Host → master: start.
    Start,
    /// Master → slave: expand the leaf at the end of `path`.
    Expand { leaf: u32, path: Path },
    /// Slave → master: the leaf's children (empty: the leaf has no moves), and each child's
    /// move count ([`crate::tree::count_moves`]) when the table has `s = 0` cells by `d` (else
    /// empty), as the serial engine counts them.
    Children {
        leaf: u32,
        kids: Vec<Kid>,
        hints: Vec<u8>,
    },
    /// Master → slave: the evaluator's half of a step with §5.2's heuristics at the leaf at
    /// the end of `path`.
    Search { leaf: u32, path: Path, job: Job },
    /// Slave → master: its answer.
    Searched { leaf: u32, work: LeafWork<u32> },
    /// Master → slave: evaluate the children `kids` (unknown, §5.2) of the node at the end of
    /// `path`.
    Resolve {
        node: u32,
        path: Path,
        kids: Vec<u32>,
    },
    /// Slave → master: their values, in the order asked.
    Resolved { node: u32, values: Vec<Score> },
    /// Slave → master: a job's path or index does not exist in the game (module docs).
    Fault { error: String },
    /// Master → host: done.
    Done { why: BfStop },
}

/// A process: the master or a slave.
pub enum RbfmProc<G: Game> {
    /// Process 0.
    Master(Box<MasterState<G>>),
    /// The others.
    Slave(Box<SlaveState<G>>),
}

/// A slave: its own copy of the root (`line[0]`), on the game itself.
pub struct SlaveState<G: Game> {
    stats: Stats,
    eval: Option<Evaluator<G>>,
    /// Count each child's moves (the table has `s = 0` cells by `d`).
    count: bool,
    /// The last job's positions along its path (`line[k]` is `k` plies deep) and its indices
    /// (`last`), reused for the next job's common prefix; `want`: the next job's indices.
    line: Vec<G>,
    last: Vec<u32>,
    want: Vec<u32>,
    moves: Vec<G::Move>,
}

/// The master's state.
pub struct MasterState<G: Game> {
    s: Searcher<G, u32>,
    procs: u32,
    /// Room for one more job at a slave, one entry per free slot ([`Form::batch`] per slave).
    idle: Vec<Pid>,
    outstanding: u32,
    budget: u64,
    done: bool,
    stats: Stats,
    moves: Vec<G::Move>,
    nodes: Vec<u32>,
    /// The evaluator as a search (heuristics), and the heuristics in effect.
    eval: Option<Evaluator<G>>,
    heur: Heuristics,
    /// Nodes whose unknown children wait for an idle slave (pending meanwhile).
    queue: VecDeque<u32>,
    trace: Option<Vec<TracePoint<u32>>>,
    resolved: u64,
    /// Deadline and stop flag.
    limits: Limits,
    /// A slave's fault (module docs): the search ends with it.
    fault: Option<String>,
    /// The master's own slave state: it expands leaves itself while its jobs are out (with
    /// slaves and [`Form::master_expands`], module docs).
    local: Option<SlaveState<G>>,
    /// No open leaf was left for the master's own expansion; cleared by the next reply.
    stalled: bool,
    /// Leaves the master expanded itself while it had slaves.
    own_expansions: u64,
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

/// The path of generation indices from the root to node `n` of the master's tree.
fn path_of(tree: &Tree<u32>, n: u32, nodes: &mut Vec<u32>) -> Path {
    tree.path_to(n, nodes);
    let mut path = Path::ROOT;
    for &i in nodes.iter() {
        path.push(tree.mv(i).expect("non-root"));
    }
    path
}

/// The values of `pos`'s children by index `kids` (an index it does not have is an error).
fn values_of<G: Game>(
    pos: &G,
    kids: &[u32],
    moves: &mut Vec<G::Move>,
) -> Result<Vec<Score>, String> {
    pos.moves(moves);
    kids.iter()
        .map(|&i| match moves.get(i as usize) {
            Some(&m) => Ok(pos.play(m).evaluate()),
            None => Err(format!("child index {i} of {} moves", moves.len())),
        })
        .collect()
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

/// A leaf's work with the game's moves (`moves`, the leaf's) as generation indices; for
/// heuristic 2 the best child's moves are generated again to name its children.
fn index_work<G: Game>(pos: &G, moves: &[G::Move], w: LeafWork<G::Move>) -> LeafWork<u32> {
    let index = |m: G::Move, ms: &[G::Move]| {
        ms.iter()
            .position(|&x| x == m)
            .expect("a child's move is among its parent's") as u32
    };
    let child = w.child.map(|c| {
        let cpos = pos.play(w.kids[0].0);
        let mut cm = Vec::new();
        cpos.moves(&mut cm);
        Box::new(index_work(&cpos, &cm, *c))
    });
    LeafWork {
        kids: w
            .kids
            .into_iter()
            .map(|(m, v, t)| (index(m, moves), v, t))
            .collect(),
        partial: w.partial,
        child,
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
    /// master's own slave state and applied at once.
    fn own_step(&mut self, env: &mut Env<'_, Msg>) {
        if let Some(why) = self.should_stop() {
            self.finish(why, env);
            return;
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
                return;
            };
            self.job_for(walk.leaf, walk.resolve, walk.mode)
        };
        let Some(local) = self.local.as_mut() else {
            return;
        };
        if let Some(answer) = local.on_job(job, env) {
            self.own_expansions += 1;
            self.take(answer, env);
        }
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
    fn dispatch(&mut self, env: &mut Env<'_, Msg>) {
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
                    let (kids, hints) =
                        expand_leaf(&pos, &mut self.moves, &mut scratch, &mut self.stats, count);
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
    fn reply(&mut self, from: Pid, msg: Msg, env: &mut Env<'_, Msg>) -> bool {
        self.outstanding -= 1;
        self.idle.push(from);
        self.stalled = false;
        self.take(msg, env)
    }

    /// An answer (a slave's, or the master's own) goes into the tree; false when the search
    /// had to stop.
    fn take(&mut self, msg: Msg, env: &mut Env<'_, Msg>) -> bool {
        if self.done {
            return false;
        }
        match msg {
            Msg::Children { leaf, kids, hints } => self.apply(leaf, kids, &hints, env),
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

/// A leaf's children `(index, static value, terminal)` and, with `count`, their move counts
/// (`moves`, `scratch`: reused buffers).
fn expand_leaf<G: Game>(
    pos: &G,
    moves: &mut Vec<G::Move>,
    scratch: &mut Vec<G::Move>,
    stats: &mut Stats,
    count: bool,
) -> (Vec<Kid>, Vec<u8>) {
    if pos.is_terminal() {
        return (Vec::new(), Vec::new());
    }
    pos.moves(moves);
    stats.movegens += 1;
    let mut hints = Vec::with_capacity(if count { moves.len() } else { 0 });
    let kids = moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let c = pos.play(m);
            if count {
                hints.push(count_moves(&c, scratch));
            }
            (i as u32, c.evaluate(), c.is_terminal())
        })
        .collect();
    (kids, hints)
}

/// The evaluator's half of a step with the heuristics at `pos` ([`heuristics::leaf_work`]),
/// its moves as indices, and the evaluator calls it made.
fn leaf_job<G: Game>(
    pos: &G,
    moves: &mut Vec<G::Move>,
    stats: &mut Stats,
    job: Job,
    eval: &Option<Evaluator<G>>,
) -> (LeafWork<u32>, u64) {
    moves.clear();
    if !pos.is_terminal() {
        pos.moves(moves);
        stats.movegens += 1;
    }
    let search = eval.as_ref().map(|e| &e.search);
    let (work, calls) = heuristics::leaf_work(pos, moves, job, search);
    stats.movegens += u64::from(work.child.is_some());
    (index_work(pos, moves, work), calls)
}

fn kids_cost(cost: &CostModel, d: usize) -> f64 {
    cost.interior + d as f64 * cost.leaf
}

impl<G: Game> SlaveState<G> {
    /// The position at the end of `path`, replayed on the game from the longest prefix it
    /// shares with the last job's (one move generation and one `play` per ply past it).
    fn replay(&mut self, path: &Path) -> Result<G, PathError> {
        self.want.clear();
        self.want.extend(path.indices());
        let k = self
            .last
            .iter()
            .zip(&self.want)
            .take_while(|(a, b)| a == b)
            .count();
        self.last.truncate(k);
        self.line.truncate(k + 1);
        for &i in &self.want[k..] {
            let ply = self.last.len();
            let next = play_index(&self.line[ply], ply as u32, i, &mut self.moves)?;
            self.line.push(next);
            self.last.push(i);
        }
        Ok(self.line[self.want.len()].clone())
    }

    /// A job: the answer to send back.
    fn on_job(&mut self, msg: Msg, env: &mut Env<'_, Msg>) -> Option<Msg> {
        let (Msg::Expand { path, .. } | Msg::Search { path, .. } | Msg::Resolve { path, .. }) =
            &msg
        else {
            return None;
        };
        let pos = match self.replay(path) {
            Ok(p) => p,
            Err(e) => {
                return Some(Msg::Fault {
                    error: format!("a slave's job: {e}"),
                })
            }
        };
        let stats = &mut self.stats;
        Some(match msg {
            Msg::Expand { leaf, .. } => {
                let mut scratch = Vec::new();
                let (kids, hints) =
                    expand_leaf(&pos, &mut self.moves, &mut scratch, stats, self.count);
                env.charge(kids_cost(env.cost, kids.len()));
                if !kids.is_empty() {
                    stats.interior += 1;
                    stats.leaves += kids.len() as u64;
                }
                Msg::Children { leaf, kids, hints }
            }
            Msg::Search { leaf, job, .. } => {
                let before = reading(&self.eval);
                let (work, calls) = leaf_job(&pos, &mut self.moves, stats, job, &self.eval);
                let child = u64::from(work.child.is_some());
                stats.interior += 1 + child;
                stats.leaves += work.generated();
                env.charge(
                    (1 + child) as f64 * env.cost.interior
                        + eval_cost(&self.eval, env.cost, before, calls),
                );
                Msg::Searched { leaf, work }
            }
            Msg::Resolve { node, kids, .. } => {
                let before = reading(&self.eval);
                match values_of(&pos, &kids, &mut self.moves) {
                    Ok(values) => {
                        stats.leaves += values.len() as u64;
                        env.charge(eval_cost(&self.eval, env.cost, before, values.len() as u64));
                        Msg::Resolved { node, values }
                    }
                    Err(e) => Msg::Fault {
                        error: format!("a slave's job: {e}"),
                    },
                }
            }
            _ => unreachable!("a job, matched above"),
        })
    }
}

impl<G: Game> Process for RbfmProc<G> {
    type Msg = Msg;

    fn on_message(&mut self, from: Pid, msg: Msg, env: &mut Env<'_, Msg>) {
        match self {
            RbfmProc::Master(m) => {
                let go_on = match msg {
                    Msg::Start => {
                        m.stalled = false;
                        true
                    }
                    Msg::Children { .. }
                    | Msg::Searched { .. }
                    | Msg::Resolved { .. }
                    | Msg::Fault { .. } => m.reply(from, msg, env),
                    _ => false,
                };
                if go_on {
                    m.dispatch(env);
                }
            }
            RbfmProc::Slave(s) => {
                if let Some(answer) = s.on_job(msg, env) {
                    env.send(from, answer);
                }
            }
        }
    }

    fn busy(&self) -> bool {
        match self {
            RbfmProc::Master(m) => m.local.is_some() && !m.done && !m.stalled,
            RbfmProc::Slave(_) => false,
        }
    }

    /// The master's own expansions while its jobs are out (module docs, "Real cores"): one
    /// leaf at a time, until `until` (virtual time) or `max_steps` leaves.
    fn work(&mut self, env: &mut Env<'_, Msg>, until: f64, max_steps: u64) {
        let mut steps = 0;
        while steps < max_steps && env.clock < until && self.busy() {
            if let RbfmProc::Master(m) = self {
                m.own_step(env);
            }
            steps += 1;
        }
    }

    fn stats(&self) -> Stats {
        match self {
            RbfmProc::Master(m) => Stats {
                interior: 0,
                leaves: 0,
                movegens: m.stats.movegens + m.local.as_ref().map_or(0, |l| l.stats.movegens),
                ..Stats::default()
            },
            RbfmProc::Slave(s) => s.stats,
        }
    }
}

/// The processes for `root`, in the simulator's form ([`Form::PAPER`] unless `cfg` chooses).
pub fn processes<G: Game>(root: &G, cfg: &MasterConfig) -> Vec<RbfmProc<G>> {
    let form = cfg.form_over(Form::PAPER);
    processes_with(root, cfg, None, form)
}

/// A slave's state on `root`.
fn slave_state<G: Game>(root: &G, eval: Option<Evaluator<G>>, count: bool) -> SlaveState<G> {
    SlaveState {
        stats: Stats::default(),
        eval,
        count,
        line: vec![root.clone()],
        last: Vec::new(),
        want: Vec::new(),
        moves: Vec::new(),
    }
}

/// The processes for `root` in `form`, with the evaluator for §5.2's heuristics.
pub fn processes_with<G: Game>(
    root: &G,
    cfg: &MasterConfig,
    eval: Option<Evaluator<G>>,
    form: Form,
) -> Vec<RbfmProc<G>> {
    let p = cfg.procs.max(1);
    // The heuristics need the evaluator as a search, and are RBFM's (module docs).
    let heur = match (&eval, cfg.opts.kind) {
        (Some(_), Kind::Rbfm) => cfg.opts.heuristics,
        _ => Heuristics::default(),
    };
    let mut procs = Vec::with_capacity(p as usize);
    let s = Searcher::on_indices(root.clone(), cfg.opts.clone());
    let count = s.counts_leaf_moves();
    procs.push(RbfmProc::Master(Box::new(MasterState {
        s,
        procs: p,
        // Slots: every slave once, then again (`batch` rounds); the first popped is slave 1.
        idle: (0..form.batch.max(1)).flat_map(|_| (1..p).rev()).collect(),
        outstanding: 0,
        budget: cfg
            .max_nodes
            .unwrap_or(u64::MAX)
            .min(cfg.limits.nodes.unwrap_or(u64::MAX)),
        done: false,
        stats: Stats::default(),
        moves: Vec::new(),
        nodes: Vec::new(),
        eval: eval.clone(),
        heur,
        queue: VecDeque::new(),
        trace: cfg.trace.then(Vec::new),
        resolved: 0,
        limits: cfg.limits.clone(),
        fault: None,
        local: (p > 1 && form.master_expands).then(|| slave_state(root, eval.clone(), count)),
        stalled: true,
        own_expansions: 0,
    })));
    for _ in 1..p {
        procs.push(RbfmProc::Slave(Box::new(slave_state(
            root,
            eval.clone(),
            count,
        ))));
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
/// On MPI every rank calls this with the same arguments ([`crate::mpi`]).
pub fn search_with<G: Game>(
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
    if let Backend::Sim(sc) = backend {
        sc.cost.validate().map_err(|e| e.to_string())?;
    }
    if let Backend::Mpi { .. } = backend {
        crate::mpi::register()?;
    }
    let form = cfg.form(backend);
    if !(1..=MAX_BATCH).contains(&form.batch) {
        return Err(format!("batch must be in 1..={MAX_BATCH}"));
    }
    let start = Instant::now();
    let stop = |m: &Msg| matches!(m, Msg::Done { .. });
    let (run, mut procs) = execute(
        processes_with(root, cfg, eval.clone(), form),
        vec![(0, Msg::Start)],
        backend,
        &Limits::default(),
        stop,
    );
    if let Some(e) = &run.error {
        return Err(e.to_string());
    }
    let why = run
        .host
        .iter()
        .find_map(|(_, m)| match m {
            Msg::Done { why } => Some(*why),
            _ => None,
        })
        .unwrap_or(BfStop::Blocked);
    let RbfmProc::Master(mut m) = procs.swap_remove(0) else {
        unreachable!("process 0 is the master")
    };
    if let Some(e) = m.fault.take() {
        return Err(format!("master–slave RBFM: {e}"));
    }
    // Expansions and generated nodes as the master applied them.
    let mut stats = run.stats;
    stats.interior = m.stats.interior;
    stats.leaves = m.stats.leaves;
    let why = if m.s.tree().root().solved() {
        BfStop::Solved
    } else {
        why
    };
    let mut outcome = game_moves(root, m.s.outcome(Duration::ZERO, why));
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
            Some(search_with(root, &one, &Backend::Sim(sc.clone()), eval)?.time)
        }
        Backend::Sim(_) if cfg.procs == 1 => Some(run.time),
        _ => None,
    };
    let mut root_moves = Vec::new();
    root.moves(&mut root_moves);
    let detail = MasterDetail {
        trace: m
            .trace
            .take()
            .unwrap_or_default()
            .into_iter()
            .map(|t| TracePoint {
                time: t.time,
                generated: t.generated,
                decision: t.decision.and_then(|i| root_moves.get(i as usize).copied()),
            })
            .collect(),
        resolved: m.resolved,
        own_expansions: m.own_expansions,
    };
    Ok(RunOutcome::of(&run, outcome, detail, serial_time))
}

/// The master's outcome (indices) in the game's moves: the best root move and the line
/// replayed from the root (it stops at an index the position does not have).
fn game_moves<G: Game>(root: &G, o: BfOutcome<u32>) -> BfOutcome<G::Move> {
    let mut moves = Vec::new();
    root.moves(&mut moves);
    let best_move = o.best_move.and_then(|i| moves.get(i as usize).copied());
    let mut pv = Vec::with_capacity(o.pv.len());
    let mut pos = root.clone();
    for &i in &o.pv {
        pos.moves(&mut moves);
        let Some(&m) = moves.get(i as usize) else {
            break;
        };
        pv.push(m);
        pos = pos.play(m);
    }
    BfOutcome {
        value: o.value,
        solved: o.solved,
        best_move,
        pv,
        pv_depth: o.pv_depth,
        stats: o.stats,
        tree_nodes: o.tree_nodes,
        bytes_per_node: o.bytes_per_node,
        elapsed: o.elapsed,
        stop: o.stop,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_core::rng::hash2;
    use arachne_games::{Checkers, Chess};

    fn slave<G: Game>(root: &G) -> SlaveState<G> {
        slave_state(root, None, false)
    }

    /// Random paths sharing prefixes, as a master's jobs do.
    fn paths<G: Game>(root: &G, n: usize, seed: u64) -> Vec<Path> {
        let mut draws = 0u64;
        let mut below = |n: u64| {
            draws += 1;
            hash2(seed, draws) % n
        };
        let mut out: Vec<Path> = Vec::new();
        let mut moves = Vec::new();
        for k in 0..n {
            // Start from a prefix of an earlier path, then walk at random.
            let mut path = Path::ROOT;
            if let Some(prev) = out.get(k.saturating_sub(1 + below(3) as usize)) {
                let keep = below(prev.plies() as u64 + 1) as usize;
                for i in prev.indices().take(keep) {
                    path.push(i);
                }
            }
            let mut pos = path.replay(root).unwrap();
            for _ in 0..below(8) {
                pos.moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let i = below(moves.len() as u64) as u32;
                pos = pos.play(moves[i as usize]);
                path.push(i);
            }
            out.push(path);
        }
        out
    }

    fn replays_like_the_path<G: Game>(root: &G, seed: u64) {
        let mut s = slave(root);
        for p in paths(root, 300, seed) {
            let a = s.replay(&p).unwrap();
            let b = p.replay(root).unwrap();
            assert_eq!(a.hash(), b.hash());
            assert_eq!(a.evaluate(), b.evaluate());
        }
    }

    #[test]
    fn a_slave_replays_each_job_from_the_prefix_it_shares_with_the_last() {
        replays_like_the_path(&Chess::default(), 1);
        replays_like_the_path(&Checkers::default(), 2);
    }

    #[test]
    fn a_bad_index_is_a_fault_never_a_panic() {
        let root = Checkers::default();
        let mut s = slave(&root);
        let good = Path::ROOT.with(2).with(1);
        let bad = good.with(60);
        assert!(matches!(
            s.replay(&bad),
            Err(PathError::NoSuchMove {
                ply: 2,
                index: 60,
                ..
            })
        ));
        // The slave is still consistent after the error.
        assert_eq!(
            s.replay(&good).unwrap().hash(),
            good.replay(&root).unwrap().hash()
        );
        // As a job, the answer is a fault...
        let cost = CostModel::unit(1.0);
        let mut env = Env::new(1, &cost);
        let answer = s.on_job(Msg::Expand { leaf: 5, path: bad }, &mut env);
        assert!(
            matches!(&answer, Some(Msg::Fault { error }) if error.contains("path index 60 at ply 2")),
            "{answer:?}"
        );
        let answer = s.on_job(
            Msg::Resolve {
                node: 5,
                path: good,
                kids: vec![0, 99],
            },
            &mut env,
        );
        assert!(
            matches!(&answer, Some(Msg::Fault { error }) if error.contains("child index 99")),
            "{answer:?}"
        );
        // ...and the master ends the search with it.
        let cfg = MasterConfig::new(BfOptions::new(Kind::Rbfm), 2);
        let mut procs = processes(&root, &cfg);
        let RbfmProc::Master(m) = &mut procs[0] else {
            unreachable!()
        };
        let mut env = Env::new(0, &cost);
        m.dispatch(&mut env);
        m.reply(
            1,
            Msg::Fault {
                error: "broken".into(),
            },
            &mut env,
        );
        assert_eq!(m.fault.as_deref(), Some("broken"));
        assert!(m.done);
    }
}
