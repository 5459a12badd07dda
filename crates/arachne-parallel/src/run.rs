//! The entry points: [`search`], [`search_in`] and [`search_limited`] run any [`ParAlgo`] on any
//! [`Game`] and backend (the dispatch to each algorithm's processes is [`search_core`]); the
//! simulator's baseline is then put in by [`best_baseline`].
use crate::baseline::serial_reference_with;
use crate::outcome::{outcome, stopped_outcome};
use crate::slave::Msg;
use crate::{
    batch, baudet, best_baseline, err, execute_with_procs, knm, mpi_backend, principal_line,
    tree_split, type_guided, Backend, ParAlgo, ParError, ParOutcome, ParResult, TreeSplitOptions,
    MAX_MPI_PROCS, MAX_SIM_PROCS, MAX_THREAD_PROCS,
};
use arachne_core::{Game, Limits, Window};
use arachne_runtime::exec::Run;
use arachne_runtime::{Pid, Process};
use arachne_search::stepper::{Stepper, StepperMode};
use std::time::Instant;

/// One search's arguments beside the algorithm: the position, the depth, the root window, the
/// processors asked for (`--procs`), where to run and the limits. The crate's own entry points
/// ([`search_core`], type-guided's and the MPI backend's) take it whole.
pub(crate) struct Job<'a, G> {
    pub root: &'a G,
    pub depth: u32,
    pub window: Window,
    pub procs: Option<u32>,
    pub backend: &'a Backend,
    pub limits: &'a Limits,
}

impl<'a, G: Game> Job<'a, G> {
    /// The search of `root` to `depth` in `window` with `procs` processors on `backend`,
    /// stopping when `limits` trip.
    pub fn new(
        root: &'a G,
        depth: u32,
        window: Window,
        procs: Option<u32>,
        backend: &'a Backend,
        limits: &'a Limits,
    ) -> Self {
        Job {
            root,
            depth,
            window,
            procs,
            backend,
            limits,
        }
    }

    /// The same search from `root` with `procs` processors (on MPI: the rank's root, whose
    /// positions travel as paths, and the processors defaulted there).
    pub fn on<'b, H>(&self, root: &'b H, procs: Option<u32>) -> Job<'b, H>
    where
        'a: 'b,
    {
        Job {
            root,
            depth: self.depth,
            window: self.window,
            procs,
            backend: self.backend,
            limits: self.limits,
        }
    }

    /// `out` with the simulator's baseline put in ([`best_baseline`]).
    pub fn baseline(&self, out: ParOutcome<G::Move>, algo: &ParAlgo) -> ParOutcome<G::Move> {
        let Job {
            root,
            depth,
            window,
            backend,
            limits,
            ..
        } = *self;
        best_baseline(out, algo, root, depth, window, backend, limits)
    }

    /// The number of moves at the root (what a processor tree or hierarchy is fitted to).
    pub fn branching(&self) -> usize {
        let mut moves = Vec::new();
        self.root.moves(&mut moves);
        moves.len()
    }
}

/// [`execute_with_procs`] without the processes handed back.
pub(crate) fn execute<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    backend: &Backend,
    limits: &Limits,
    stop: impl FnMut(&P::Msg) -> bool,
) -> Run<P::Msg> {
    execute_with_procs(procs, initial, backend, limits, stop).0
}

/// Runs `algo` on `root` to `depth` plies with `procs` processors on `backend`.
pub fn search<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    procs: Option<u32>,
    backend: &Backend,
) -> Result<ParOutcome<G::Move>, ParError> {
    search_in(algo, root, depth, Window::FULL, procs, backend)
}

/// Like [`search`], with the root searched in `window` (a subtree search as a master would
/// assign it; the serial reference uses the same window). Baudet ignores the window.
///
/// On [`Backend::Mpi`] every rank calls this with the same arguments; rank 0 gets the result,
/// a worker rank gets an error saying so ([`mpi_backend::WORKER`]).
pub fn search_in<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
) -> Result<ParOutcome<G::Move>, ParError> {
    let unlimited = Limits::default();
    search_limited(algo, root, depth, root_window, procs, backend, &unlimited)
}

/// Like [`search_in`], stopping early when `limits` trip (see the crate docs);
/// `limits.depth` is ignored (`depth` is the depth).
pub fn search_limited<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
    limits: &Limits,
) -> Result<ParOutcome<G::Move>, ParError> {
    let job = Job::new(root, depth, root_window, procs, backend, limits);
    match backend {
        Backend::Mpi { .. } => mpi_backend::search(algo, &job),
        _ => search_core(algo, &job).map(|out| job.baseline(out, algo)),
    }
}

/// [`search_limited`] on the backend given (for MPI, on the rank's own processes).
pub(crate) fn search_core<G: Game>(
    algo: &ParAlgo,
    job: &Job<'_, G>,
) -> Result<ParOutcome<G::Move>, ParError> {
    let Job {
        root,
        depth,
        window: root_window,
        procs,
        backend,
        limits,
    } = *job;
    if let ParAlgo::Knm(o) = algo {
        return knm::dist::search_limited(o, root, depth, root_window, procs, backend, limits);
    }
    let start = Instant::now();
    let branching = job.branching();
    let max = max_procs(backend)?;
    let evaluate = |job: u32| Msg::evaluate(job, root.clone(), depth, 0, root_window);
    let is_value = |m: &Msg<G>| matches!(m, Msg::Value { .. });
    let (run, tree, nprocs) = match *algo {
        ParAlgo::TypeGuided(o) => {
            return type_guided::search_traced_on(&o, job).map(|(out, _)| out)
        }
        ParAlgo::TreeSplit(o) => {
            let tree = ParAlgo::proc_tree_for(o.f, o.q, procs, max, branching, depth)?;
            // Real backends: the processors of a machine share a table; `pv`, `id` on.
            let real = !matches!(backend, Backend::Sim(_));
            let o = TreeSplitOptions {
                shared_table: real,
                ..o.on_backend(real)
            };
            if o.step.is_some() && o.iterate != Some(true) {
                return err("tree-split: step=K is id=1's step; give id=1 (on by default on threads and MPI only)");
            }
            let ps = tree_split::build_with::<G>(tree, &o, algo.engine(depth));
            let n = ps.len();
            (
                execute(ps, vec![(0, evaluate(1))], backend, limits, is_value),
                Some(tree),
                n,
            )
        }
        ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => {
            let tree = ParAlgo::proc_tree_for(o.f, o.q, procs, max, branching, depth)?;
            let rule = if matches!(algo, ParAlgo::PBound(_)) {
                batch::Rule::Bound
            } else {
                batch::Rule::AlphaBeta
            };
            let ps = batch::build::<G>(tree, rule, o.preorder, o.quiescence, algo.engine(depth));
            let n = ps.len();
            (
                execute(ps, vec![(0, evaluate(1))], backend, limits, is_value),
                Some(tree),
                n,
            )
        }
        ParAlgo::Baudet(o) => {
            let Some(k) = procs else {
                return err("baudet needs --procs P");
            };
            if k == 0 || k as u64 > max {
                return err(format!("--procs must be between 1 and {max}"));
            }
            let ws = baudet::windows(root, k, &o);
            let (ps, initial) = baudet::build(root, depth, &ws, &o);
            let run = execute(ps, initial, backend, limits, |m| baudet::succeeded(&ws, m));
            // Only the successful search's report is the answer.
            let mut run = run;
            run.host.retain(|(_, m)| baudet::succeeded(&ws, m));
            (run, None, k as usize)
        }
        ParAlgo::Knm(_) => unreachable!("dispatched above"),
    };
    if let Some(e) = run.error {
        return err(e.to_string());
    }
    let answer = match run.host.last() {
        Some((
            _,
            Msg::Value {
                value, best, lower, ..
            },
        )) if run.stopped.is_none() => Some((*value, *best, *lower)),
        _ => None,
    };
    let Some((value, best, lower)) = answer else {
        let Some(reason) = run.stopped else {
            return err("the parallel search ended without a result");
        };
        return Ok(stopped_outcome(run, reason, nprocs, tree, start));
    };
    let window = match algo {
        ParAlgo::Baudet(_) => Window::FULL,
        _ => root_window,
    };
    // Serial alpha-beta on the stepper, the seeds' reference; not with the null move, which it
    // does not make (a different search, on chess many times the nodes): the baseline is then
    // the engine's serial search alone ([`crate::best_baseline`]).
    let (serial_time, serial_stats, speedup) = if algo.engine(depth).null_move {
        (None, None, None)
    } else {
        serial_reference_with(
            root,
            depth,
            window,
            Stepper::new(algo.serial_mode(), algo.preorders())
                .with_leaf(algo.leaf())
                .with_check_extension(algo.engine(depth).check_root),
            backend,
            run.time,
            limits,
        )
    };
    // The line is re-derived by the processes' serial search, with their quiescence and check
    // extension; with the null move, which it does not make, only the best move.
    let engine = algo.engine(depth);
    let pv = if engine.null_move {
        best.into_iter().collect()
    } else {
        let stepper = Stepper::new(StepperMode::AlphaBeta, algo.preorders())
            .with_leaf(algo.leaf())
            .with_check_extension(engine.check_root);
        principal_line(root, depth, value, !lower, best, stepper, limits)
    };
    let result = ParResult {
        tree,
        serial_stats,
        ..ParResult::found(value, !lower, best, pv, run.stats, nprocs, start)
    };
    Ok(outcome(result, (&run).into(), (serial_time, speedup)))
}

/// The largest number of processors `backend` takes (a simulator's cost model is validated
/// first).
pub(crate) fn max_procs(backend: &Backend) -> Result<u64, ParError> {
    Ok(match backend {
        Backend::Sim(cfg) => {
            cfg.cost.validate().map_err(|e| ParError(e.0))?;
            MAX_SIM_PROCS
        }
        Backend::Threads { .. } => MAX_THREAD_PROCS,
        Backend::Mpi { .. } => MAX_MPI_PROCS,
    })
}
