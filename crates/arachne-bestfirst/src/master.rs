//! Master–slave parallel RBFM (seed 002 §6.1), written once as [`arachne_runtime::Process`]es.
//!
//! "One processor keeps the search tree in its local memory. This processor selects leaves and
//! backs up scores. Whenever it selects a leaf, it sends a message to an idle slave processor.
//! The slave computes the possible moves from the leaf, and their heuristic evaluations. It
//! sends this information back to the master, which updates the tree. While the master waits
//! to the reply of the slave, it assigns work to other idle slaves."
//!
//! Process 0 is the master: it owns a [`Searcher`]'s tree and random stream, selects leaves
//! with the serial [`rbfm::select`] / [`bfm::select`] (a leaf out with a slave is `PENDING` and
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
//! The master's random stream is seeded, so a run on `sim` is repeatable bit for bit; on
//! `threads` the order in which replies arrive is not, so only the value of a run to the end
//! is.
use crate::engine::{BfOptions, BfOutcome, BfStop, Kind, Searcher};
use crate::tree::PENDING;
use crate::{bfm, rbfm};
use arachne_core::{Game, Score, Stats};
use arachne_runtime::{run_sim, run_threads, CostModel, Env, Pid, Process, SimConfig, HOST};
use std::time::{Duration, Instant};

/// Where the processes run.
#[derive(Clone, Debug)]
pub enum Backend {
    /// The simulator (virtual time).
    Sim(SimConfig),
    /// One OS thread per process.
    Threads,
    /// MPI ranks (`mpirun`; cargo feature `mpi`): process `p` on rank `p mod R`, moves on the
    /// wire as generation indices ([`crate::mpi`]); rank 0 gets the result.
    Mpi,
}

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
}

impl MasterConfig {
    /// `procs` processors, no budget, with the serial baseline.
    pub fn new(opts: BfOptions, procs: u32) -> Self {
        MasterConfig {
            opts,
            procs,
            max_nodes: None,
            serial_baseline: true,
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
}

/// The messages.
#[derive(Clone, Debug)]
pub enum Msg<M> {
    /// Host → master: start.
    Start,
    /// Master → slave: expand the leaf at the end of `path`.
    Expand { leaf: u32, path: Vec<M> },
    /// Slave → master: the leaf's children `(move, static value, terminal)` (empty: the leaf
    /// has no moves).
    Children {
        leaf: u32,
        kids: Vec<(M, Score, bool)>,
    },
    /// Master → host: done.
    Done(BfStop),
}

/// A process: the master or a slave.
pub enum RbfmProc<G: Game> {
    /// Process 0.
    Master(Box<MasterState<G>>),
    /// The others.
    Slave { root: G, stats: Stats },
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
}

impl<G: Game> MasterState<G> {
    fn select(&mut self) -> Option<u32> {
        let o = self.s.options();
        match o.kind {
            Kind::Bfm => bfm::select(self.s.tree()),
            Kind::Rbfm => {
                let pruning = o.pruning;
                let (tree, table, rng) = self.s.parts();
                rbfm::select(tree, table, rng, pruning).map(|w| w.leaf)
            }
        }
    }

    /// Checks the stopping criteria; `Some` when the search must end now.
    fn should_stop(&self) -> Option<BfStop> {
        let t = self.s.tree();
        if t.root().solved() {
            return Some(BfStop::Solved);
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

    /// Hands out leaves to idle slaves (or, with no slaves, expands them here).
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
            env.charge_interior();
            let Some(leaf) = self.select() else {
                if self.outstanding == 0 {
                    self.finish(BfStop::Blocked, env);
                }
                return;
            };
            if self.procs == 1 {
                // No slaves: expand here (the serial baseline).
                let pos = self.s.tree().position(self.s.root(), leaf, &mut self.path);
                let kids = expand_leaf(&pos, &mut self.moves, &mut self.stats);
                env.charge(kids_cost(env.cost, kids.len()));
                if !self.apply(leaf, kids, env) {
                    return;
                }
                continue;
            }
            let slave = self.idle.pop().expect("an idle slave");
            self.s.tree_mut().node_mut(leaf).flags |= PENDING;
            self.s.tree().path_to(leaf, &mut self.path);
            let path: Vec<G::Move> = self
                .path
                .iter()
                .map(|&n| self.s.tree().mv(n).expect("non-root"))
                .collect();
            self.outstanding += 1;
            env.send(slave, Msg::Expand { leaf, path });
        }
    }

    /// Adds a leaf's children and backs up; false when the search had to stop.
    fn apply(
        &mut self,
        leaf: u32,
        kids: Vec<(G::Move, Score, bool)>,
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
        self.stats.interior += 1;
        self.stats.leaves += d;
        env.charge_interior();
        self.s.backup_and_vote(leaf);
        true
    }
}

/// A slave's work: the leaf's moves and their static values.
fn expand_leaf<G: Game>(
    pos: &G,
    moves: &mut Vec<G::Move>,
    stats: &mut Stats,
) -> Vec<(G::Move, Score, bool)> {
    if pos.is_terminal() {
        return Vec::new();
    }
    pos.moves(moves);
    stats.movegens += 1;
    moves
        .iter()
        .map(|&m| {
            let c = pos.play(m);
            (m, c.evaluate(), c.is_terminal())
        })
        .collect()
}

fn kids_cost(cost: &CostModel, d: usize) -> f64 {
    cost.interior + d as f64 * cost.leaf
}

impl<G: Game> Process for RbfmProc<G> {
    type Msg = Msg<G::Move>;

    fn on_message(&mut self, from: Pid, msg: Msg<G::Move>, env: &mut Env<'_, Msg<G::Move>>) {
        match self {
            RbfmProc::Master(m) => match msg {
                Msg::Start => m.dispatch(env),
                Msg::Children { leaf, kids } => {
                    m.outstanding -= 1;
                    m.idle.push(from);
                    if m.done {
                        return;
                    }
                    if m.apply(leaf, kids, env) {
                        m.dispatch(env);
                    }
                }
                _ => {}
            },
            RbfmProc::Slave { root, stats } => {
                if let Msg::Expand { leaf, path } = msg {
                    let mut pos = root.clone();
                    for mv in path {
                        pos = pos.play(mv);
                    }
                    let mut moves = Vec::new();
                    let kids = expand_leaf(&pos, &mut moves, stats);
                    env.charge(kids_cost(env.cost, kids.len()));
                    if !kids.is_empty() {
                        stats.interior += 1;
                        stats.leaves += kids.len() as u64;
                    }
                    env.send(from, Msg::Children { leaf, kids });
                }
            }
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
    let p = cfg.procs.max(1);
    let mut procs = Vec::with_capacity(p as usize);
    procs.push(RbfmProc::Master(Box::new(MasterState {
        s: Searcher::new(root.clone(), cfg.opts.clone()),
        procs: p,
        idle: (1..p).rev().collect(),
        outstanding: 0,
        budget: cfg.max_nodes.unwrap_or(u64::MAX),
        done: false,
        stats: Stats::default(),
        moves: Vec::new(),
        path: Vec::new(),
    })));
    for _ in 1..p {
        procs.push(RbfmProc::Slave {
            root: root.clone(),
            stats: Stats::default(),
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
    if let Backend::Mpi = backend {
        return crate::mpi::search(root, cfg);
    }
    search_on(root, cfg, backend)
}

/// [`search`] on the backend given (for MPI, on [`crate::mpi::Indexed`] positions).
pub(crate) fn search_on<G: Game>(
    root: &G,
    cfg: &MasterConfig,
    backend: &Backend,
) -> Result<ParOutcome<G::Move>, String> {
    if cfg.procs == 0 || cfg.procs > MAX_PROCS {
        return Err(format!("--procs must be in 1..={MAX_PROCS}"));
    }
    if matches!(backend, Backend::Threads) && cfg.procs > 256 {
        return Err("--procs is at most 256 on threads".into());
    }
    let start = Instant::now();
    let stop = |m: &Msg<G::Move>| matches!(m, Msg::Done(_));
    let each = |ps: &[RbfmProc<G>]| ps.iter().map(|p| p.stats()).collect::<Vec<_>>();
    let (procs, host, time, messages, busy, all) = match backend {
        Backend::Sim(sc) => {
            sc.cost.validate().map_err(|e| e.to_string())?;
            let out = run_sim(processes(root, cfg), vec![(0, Msg::Start)], sc, stop);
            let all = each(&out.procs);
            (out.procs, out.host, out.time, out.messages, out.busy, all)
        }
        Backend::Threads => {
            let cost = CostModel::unit(1.0);
            let out = run_threads(processes(root, cfg), vec![(0, Msg::Start)], &cost, 1, stop);
            let t = out.elapsed.as_secs_f64();
            let all = each(&out.procs);
            (out.procs, out.host, t, out.messages, Vec::new(), all)
        }
        // Every process's statistics, gathered on rank 0; `procs` are this rank's.
        Backend::Mpi => crate::mpi::run(processes(root, cfg), stop)?,
    };
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
    let RbfmProc::Master(m) = procs.swap_remove(0) else {
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
    let serial_time = match backend {
        Backend::Sim(sc) if cfg.serial_baseline && cfg.procs > 1 => {
            let one = MasterConfig {
                procs: 1,
                serial_baseline: false,
                ..cfg.clone()
            };
            Some(search_on(root, &one, &Backend::Sim(sc.clone()))?.time)
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
    })
}
