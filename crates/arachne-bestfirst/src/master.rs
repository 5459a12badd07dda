//! Master–slave parallel RBFM (seed 002 §6.1), written once as [`arachne_runtime::Process`]es.
//!
//! "One processor keeps the search tree in its local memory. This processor selects leaves and
//! backs up scores. Whenever it selects a leaf, it sends a message to an idle slave processor.
//! The slave computes the possible moves from the leaf, and their heuristic evaluations. It
//! sends this information back to the master, which updates the tree. While the master waits
//! to the reply of the slave, it assigns work to other idle slaves."
//!
//! Process 0 is the master: it owns a [`Searcher`]'s tree and random stream, selects leaves
//! with the serial [`crate::rbfm::select`] / [`crate::bfm::select`] (a leaf out with a slave is
//! `PENDING` and is not selected again), and on each reply adds the children
//! ([`crate::Tree::expand_with`]), backs up and checks the stopping criteria of the serial
//! driver. Processes `1..P` are slaves: a job is the leaf's [`Path`](arachne_runtime::Path)
//! from the root (the runtime's one path type, so any [`Game`] travels, on every backend
//! alike), the answer the leaf's children as **generation indices**
//! with their static values. With `P = 1` the master expands its leaves itself (the serial
//! search, the baseline of the speedup).
//!
//! ## Indices in the master, the game in the slaves
//! The master's tree holds each child's generation index (a `u32`, [`Searcher`] on indices),
//! never a position nor a game move: an index means the same move on every rank, so the same
//! messages serve sim, threads and MPI ([`crate::mpi`] gives their wire encoding). A slave
//! replays a job's path **once** on its own copy of the game
//! ([`Path::replay`](arachne_runtime::Path::replay)) and expands, searches or evaluates on `G`
//! itself; a path with an index the position does not have (a
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
//! to expand, and a job's round trip to a slave thread asleep in a blocking receive about 50 µs:
//! at `P = 2` the master and its one slave would take turns, each mostly asleep.
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
//! * `grain = G` ([`MasterConfig::grain`], `rbfm:grain=G`): a job is no longer one leaf but a
//!   subtree grown below it (`Msg::Grow`): the slave continues RBFM's walk from the leaf in
//!   the mode the master's walk reached it ([`crate::rbfm::select_below`]: EXTEND-UP or
//!   EXTEND-DOWN goes on exactly as the walk from the root would go on below that node), with
//!   a random stream seeded from the master's, expands, backs up in its subtree, `G` times
//!   (fewer if the subtree is solved), and answers with the expansions in order
//!   (`Msg::Grown`). The master applies each as it would a `Children` reply — the node budget
//!   before it, BACKUP to the root and the vote after it, the stopping criteria between them —
//!   so budgets stop the search before the first expansion that would exceed them, as in the
//!   serial search. **How this relates to §6.1**: the leaf is pending while its job is out,
//!   so the `G` walks that end below it are walks that §6.1's master would have made *through*
//!   the leaf, but conditioned on going through it: the `G − 1` later selections do not
//!   start at the root, so they cannot leave the subtree when its backed-up score makes
//!   another part of the tree more attractive. It is speculation like `batch` (a deeper one:
//!   `G` expansions committed below a leaf instead of one) and, like it, never wrong — a run to
//!   the end solves the root to its exact value — but it is a different search per expansion:
//!   with `G > 1` a budgeted run grows another tree than §6.1's (and the serial search's).
//!   It also saves work that is not the slaves' to do: a walk below a leaf is a few plies
//!   long, a walk from the root the whole depth, and on the synthetic trees RBFM's walks
//!   (sampling every child's distribution at every ply) are most of the serial search's
//!   instructions (80 % on `incremental:b=10,d=11`, callgrind; the expansions about 5 %).
//!
//! The defaults depend on the backend ([`Form::for_backend`]): on `sim` the paper's form
//! (`K = 1`, the master does not expand, `G = 1`), so `arachne experiment rbfm-parallel`
//! (Fig. 12) and every simulated figure are §6.1's; on threads and MPI `K =` [`REAL_BATCH`],
//! an expanding master and `G =` [`REAL_GRAIN`] = 1 (a grain above 1 is a different search, and
//! on the trees its gain is mostly the shorter walks: see "Measured" below; with §5.2's
//! heuristics on, an explicit `grain` above 1 is refused, their jobs being one leaf's). Each can be chosen on
//! every backend (`rbfm:batch=K,master=0|1,grain=G`); on `sim` the master's own expansions
//! take its virtual time between replies. With `P = 1` none applies (the master is the serial
//! search). [`MasterDetail::expansions_by_proc`] says who made the expansions applied (the
//! slaves' share), and `arachne search --json` adds `slave_share` and
//! `messages_per_expansion`.
//!
//! **Measured** (a script since replaced by `scripts/bench.sh rbfm`'s `arachne speedup --nodes`;
//! expansions per second against serial `rbfm`, 300 000 generated nodes; a **loaded** 2-core
//! machine, load 5–6, medians of 3 interleaved rounds, spread wide): on the trees (seeds 1–3)
//! `--procs 2` with `G = 8` 1.05 / 1.21 / 1.42, `--procs 3` 1.30 / 1.03 / 1.30, against
//! `G = 1` 0.94 / 0.54 / 0.77; on chess (LCT II #1, #5, #9) 0.84 / 0.75 / 0.86 at `--procs
//! 2`. Load-independent: instructions (callgrind, all threads) on tree seed 1: serial 642 M,
//! `--procs 2` with `G = 1` 761 M, `G = 8` 425 M; on LCT II #1: 323 M, 398 M, 353 M (`G =
//! 32` 339 M). So on the trees most of the gain is the shorter walks, which a serial search
//! with the same grain would have too, and on chess (the expansions, not the walks, are the
//! work there: 26 % evaluation, 15 % move generation, 26 % walks) only the slaves can bring
//! it. The slaves' share of the expansions (`slave_share`, loaded, 3 runs each), tree seed
//! 1: `G = 1` 2–12 % at `--procs 2`, 8–13 % at 3; `G = 8` 4–5 % and 8–15 %; LCT II #1: `G
//! = 1` 1–4 % and 2–3 %, `G = 8` 7–9 % and 15–23 %, `G = 32` 22–26 % at 2. Messages per
//! expansion, tree seed 1 at `--procs 2`: 0.03–0.24 (`G = 1`), 0.02–0.03 (`G = 8`), 0.01
//! (`G = 32`). Under load a slave thread that sleeps between jobs waits for the scheduler
//! to run it again, so these shares are low bounds; the idle figures are the lead's.
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
//! search's nodes, `arachne_engine::shallow::eval_nodes`), else one leaf per evaluator call (an
//! evaluation or a search); the master charges one interior node per selection and per
//! expansion or resolution it applies. With [`MasterConfig::trace`] the master records, after
//! every tree update, its clock, the generated nodes and the move it would play
//! ([`TracePoint`]): a budgeted simulated run is a prefix of every longer one, so one run gives
//! the time at which the move played settles.
//!
//! ## Files
//! * this file: the configuration ([`MasterConfig`], [`Form`]), the processes
//!   ([`RbfmProc`], [`processes_with`]) and the run ([`search_with`]);
//! * `master/msg.rs`: the messages ([`Msg`], [`Kid`]);
//! * `master/state.rs`: the master ([`MasterState`]): selection, jobs out with the slaves,
//!   answers applied to the tree, the stopping criteria (§6.1's "one processor keeps the
//!   search tree");
//! * `master/slave.rs`: a slave ([`SlaveState`]): a job's path replayed, the leaf expanded,
//!   searched or its unknown children evaluated (§6.1's "the slave computes the possible moves
//!   from the leaf, and their heuristic evaluations").
use crate::engine::{BfOptions, BfOutcome, BfStop, Heuristics, Kind, LeafSearch, Searcher};
use arachne_core::{Game, Limits, Stats};
use arachne_runtime::{execute, Env, Pid, Process, RunOutcome};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod msg;
mod slave;
mod state;
#[cfg(test)]
mod tests;

pub use msg::{Kid, Msg};
use slave::slave_state;
pub use slave::SlaveState;
pub use state::MasterState;

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
    /// Expansions per job (module docs, "Real cores"); `None`: the backend's default.
    pub grain: Option<u32>,
}

/// The form of master–slave RBFM a run uses (module docs, "Real cores").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// Jobs out with each slave at a time (1: §6.1's form, a job only to an idle slave).
    pub batch: u32,
    /// The master expands leaves itself while its jobs are out.
    pub master_expands: bool,
    /// Expansions per job: 1, §6.1's one leaf; above 1, a subtree grown below the leaf.
    pub grain: u32,
}

/// Jobs out with each slave by default on real cores (module docs, "Real cores").
pub const REAL_BATCH: u32 = 8;

/// Largest `batch`.
pub const MAX_BATCH: u32 = 1024;

/// Expansions per job by default on real cores (module docs, "Real cores"): 1, one leaf a job
/// as in §6.1. A larger grain is a different search per expansion, and most of what it gains
/// on the synthetic trees is its shorter walks, which a serial search would gain too — not
/// parallelism — so it is an option (`rbfm:grain=G`), not the default.
pub const REAL_GRAIN: u32 = 1;

/// Largest `grain`.
pub const MAX_GRAIN: u32 = 4096;

impl Form {
    /// §6.1's form: one job per slave, the master only selects and backs up.
    pub const PAPER: Form = Form {
        batch: 1,
        master_expands: false,
        grain: 1,
    };

    /// The default on `backend`: the paper's form on the simulator (Fig. 12 and the reports
    /// reproduce it), [`REAL_BATCH`] jobs per slave and an expanding master on real cores.
    pub fn for_backend(backend: &Backend) -> Form {
        match backend {
            Backend::Sim(_) => Form::PAPER,
            _ => Form {
                batch: REAL_BATCH,
                master_expands: true,
                grain: REAL_GRAIN,
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
            grain: None,
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
            grain: self.grain.unwrap_or(d.grain),
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
    /// Expansions the master made itself while it had slaves ([`Form::master_expands`]).
    pub own_expansions: u64,
    /// Expansions applied to the tree, by the process that made them (index 0: the master;
    /// with `P = 1` all of them).
    pub expansions_by_proc: Vec<u64>,
}

/// The result of a master–slave run: the runtime's one run outcome, whose `outcome` is the
/// search result (statistics summed over all processes), with `time` virtual on sim and wall
/// seconds on threads and MPI, `serial_time` the `P = 1` run's (sim, with `serial_baseline`),
/// `busy` per processor (sim), and the trace and resolutions in `detail`.
pub type ParOutcome<M> = RunOutcome<BfOutcome<M>, MasterDetail<M>>;

/// A process: the master or a slave.
pub enum RbfmProc<G: Game> {
    /// Process 0.
    Master(Box<MasterState<G>>),
    /// The others.
    Slave(Box<SlaveState<G>>),
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
                    | Msg::Grown { .. }
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
                steps += m.own_step(env);
            } else {
                steps += 1;
            }
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
        local: (p > 1 && form.master_expands)
            .then(|| slave_state(root, eval.clone(), count, &cfg.opts)),
        stalled: true,
        own_expansions: 0,
        grain: if p > 1 { form.grain } else { 1 },
        by_proc: vec![0; p as usize],
    })));
    for _ in 1..p {
        procs.push(RbfmProc::Slave(Box::new(slave_state(
            root,
            eval.clone(),
            count,
            &cfg.opts,
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
        // The master and slaves send paths, not positions: they run on MPI on any game.
        arachne_runtime::mpi::register_process::<RbfmProc<G>>();
    }
    let form = cfg.form(backend);
    if !(1..=MAX_BATCH).contains(&form.batch) {
        return Err(format!("batch must be in 1..={MAX_BATCH}"));
    }
    if !(1..=MAX_GRAIN).contains(&form.grain) {
        return Err(format!("grain must be in 1..={MAX_GRAIN}"));
    }
    let heuristics = eval.is_some()
        && cfg.opts.kind == Kind::Rbfm
        && cfg.opts.heuristics != Heuristics::default();
    if cfg.grain.is_some_and(|g| g > 1) && heuristics {
        return Err("rbfm: grain above 1 needs §5.2's heuristics off (a job is one leaf's)".into());
    }
    // The backend's default grain gives way to the heuristics (a job is then one leaf's).
    let form = Form {
        grain: if heuristics { 1 } else { form.grain },
        ..form
    };
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
        expansions_by_proc: if cfg.procs == 1 {
            vec![m.stats.interior]
        } else {
            m.by_proc.clone()
        },
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
