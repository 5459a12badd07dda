//! The dispatch: [`search`], [`search_in`] and [`search_limited`] run any [`ParAlgo`] on any
//! [`Game`] and backend (to each algorithm's processes: [`search_core`]; on MPI through
//! [`mpi`]), and the simulator's baseline is then put in ([`baseline::best_baseline`]).
//! [`search_traced`] does the same for type-guided with its records.
//!
//! This module and its submodules use the algorithms; no algorithm uses them.
pub(crate) mod baseline;
pub(crate) mod mpi;

use crate::common::outcome::{outcome, stopped_outcome};
use crate::common::reference::reference_and_line;
use crate::common::{execute, max_procs, Job};
use crate::slave::{moves_of, Msg};
use crate::type_guided::{Trace, TypeGuidedOptions};
use crate::{
    batch, baudet, err, knm, tree_split, type_guided, Backend, ParAlgo, ParError, ParOutcome,
    ParResult, TreeSplitOptions,
};
use arachne_core::{Game, Limits, Window};
use arachne_search::stepper::{Stepper, StepperMode};
use baseline::best_baseline;
use std::time::Instant;

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
/// a worker rank gets an error saying so ([`WORKER`](crate::WORKER)).
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
        Backend::Mpi { .. } => mpi::search(algo, &job),
        _ => search_core(algo, &job).map(|out| with_baseline(out, algo, &job)),
    }
}

/// `out` with the simulator's baseline put in ([`best_baseline`]).
fn with_baseline<G: Game>(
    out: ParOutcome<G::Move>,
    algo: &ParAlgo,
    job: &Job<'_, G>,
) -> ParOutcome<G::Move> {
    let Job {
        root,
        depth,
        window,
        backend,
        limits,
        ..
    } = *job;
    best_baseline(out, algo, root, depth, window, backend, limits)
}

/// Runs the node-type guided search and returns, beside the usual outcome (whose
/// `last_iteration` holds the last iteration's counts), the records of every process
/// ([`type_guided`]'s node types made visible).
pub fn search_traced<G: Game>(
    opts: &TypeGuidedOptions,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
) -> Result<(ParOutcome<G::Move>, Trace), ParError> {
    let unlimited = Limits::default();
    search_traced_limited(opts, root, depth, root_window, procs, backend, &unlimited)
}

/// [`search_traced`], stopping early when `limits` trip (then the outcome has `stopped` set and
/// the trace is empty). On `--backend mpi` the positions travel as paths (`mpi`).
pub fn search_traced_limited<G: Game>(
    opts: &TypeGuidedOptions,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
    limits: &Limits,
) -> Result<(ParOutcome<G::Move>, Trace), ParError> {
    let job = Job::new(root, depth, root_window, procs, backend, limits);
    if let Backend::Mpi { .. } = backend {
        return mpi::search_traced(opts, &job);
    }
    let algo = ParAlgo::TypeGuided(*opts);
    type_guided::search_traced_on(opts, &job).map(|(out, t)| (with_baseline(out, &algo, &job), t))
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
                value, line, lower, ..
            },
        )) if run.stopped.is_none() => Some((*value, moves_of(line).to_vec(), *lower)),
        _ => None,
    };
    let Some((value, line, lower)) = answer else {
        let Some(reason) = run.stopped else {
            return err("the parallel search ended without a result");
        };
        return Ok(stopped_outcome(run, reason, nprocs, tree, start));
    };
    let window = match algo {
        ParAlgo::Baudet(_) => Window::FULL,
        _ => root_window,
    };
    // Serial alpha-beta on the stepper (Pbound: serial bound), the seeds' reference, and the
    // processes' line checked and completed by their serial search, with their quiescence and
    // check extension.
    let engine = algo.engine(depth);
    let stepper = |mode| {
        Stepper::new(mode, algo.preorders())
            .with_leaf(algo.leaf())
            .with_check_extension(engine.check_root)
    };
    let ((serial_time, serial_stats, speedup), pv) = reference_and_line(
        job,
        window,
        run.time,
        (stepper(algo.serial_mode()), stepper(StepperMode::AlphaBeta)),
        engine.null_move,
        (value, !lower, &line),
    );
    let best = line.first().copied();
    let result = ParResult {
        tree,
        serial_stats,
        ..ParResult::found(value, !lower, best, pv, run.stats, nprocs, start)
    };
    Ok(outcome(result, (&run).into(), (serial_time, speedup)))
}
