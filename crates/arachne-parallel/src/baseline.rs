//! The serial searches a parallel one is measured against: the simulator's baseline
//! ([`best_baseline`], the best serial search with the same options; see the crate docs), the
//! serial reference each algorithm computes ([`serial_reference`]) and the plain serial
//! counterparts ([`serial`], [`serial_in`]).
use crate::run::{search_core, Job};
use crate::subsearch::{Poll, SerialSpec, SubSearch, Worker};
use crate::{knm, Backend, ParAlgo, ParOutcome};
use arachne_core::{Game, Limits, Score, Stats, Window};
use arachne_search::stepper::{Stepper, StepperMode};

/// Which serial search a simulated speedup is measured against (see [`best_baseline`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Baseline {
    /// Serial alpha-beta (the slaves' stepper) with the algorithm's ordering, evaluator and
    /// window (Pbound: serial bound): the seeds' own definition of speedup.
    AlphaBeta,
    /// The algorithm itself on one processor ([`ParAlgo::one_processor_form`]): for
    /// `type-guided`, iterative deepening at its root with its table and ordering; for `knm`,
    /// its own search (with `model=pooled` the only baseline: the paper's mono-processor time).
    OneProcessor,
    /// For an algorithm with a table (`type-guided`): `arachne-search`'s `salphabeta`,
    /// iterative deepening with a transposition table ordering every node, with the same static
    /// ordering.
    Staged,
    /// The engine's serial search, `aspiration` with the options the processors' searches take
    /// (ordering, quiescence, null move, check extension): the baseline of an algorithm whose
    /// simulated processors run the engine's search ([`Worker::Engine`]).
    Aspiration,
    /// The processors' own serial search on the whole tree (`falphabeta` with a table and the
    /// same options, [`crate::subsearch`]), for the same algorithms as
    /// [`Baseline::Aspiration`].
    FAlphaBeta,
}

impl Baseline {
    /// `alphabeta` or `one-processor` (in the CLI's output).
    pub fn name(self) -> &'static str {
        match self {
            Baseline::AlphaBeta => "alphabeta",
            Baseline::OneProcessor => "one-processor",
            Baseline::Staged => "salphabeta",
            Baseline::Aspiration => "aspiration",
            Baseline::FAlphaBeta => "falphabeta",
        }
    }
}

/// The serial search a simulated speedup is against, with serial alpha-beta's figures beside it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SerialBaseline {
    /// The faster of the candidates: what `serial_time`, `serial_stats` and `speedup` refer to.
    pub kind: Baseline,
    /// Serial alpha-beta's virtual time (`None` for `knm:model=pooled`, timed in the paper's
    /// units).
    pub alphabeta_time: Option<f64>,
    /// Serial alpha-beta's node counts.
    pub alphabeta_stats: Option<Stats>,
    /// Serial alpha-beta's virtual time over the parallel run's: the speedup as the seeds
    /// define it, which the paper-reproduction experiments report.
    pub alphabeta_speedup: Option<f64>,
}

/// The speedup as the seeds define it: against serial alpha-beta (with the algorithm's ordering
/// and evaluator); `None` off the simulator, for a stopped search, or for `knm:model=pooled`
/// (whose speedup is against its own mono-processor run, the paper's definition there).
pub fn alphabeta_speedup<M>(out: &ParOutcome<M>) -> Option<f64> {
    out.baseline.and_then(|b| b.alphabeta_speedup)
}

/// Serial alpha-beta's counts beside a simulated run (see [`alphabeta_speedup`]).
pub fn alphabeta_stats<M>(out: &ParOutcome<M>) -> Option<Stats> {
    out.baseline.and_then(|b| b.alphabeta_stats)
}

/// Puts the simulator's baseline into `out`: **the best serial search with the same options**,
/// the one mechanism for every message-passing algorithm. The candidates, each timed under the
/// same cost model:
///
/// 1. serial alpha-beta with the algorithm's ordering, evaluator and window (what the sites
///    computed with `serial_reference`);
/// 2. the algorithm on one processor ([`ParAlgo::one_processor_form`]; the run itself when it
///    had one processor) — for `type-guided` its iterative deepening with the table and
///    ordering, which is faster than alpha-beta on ordered trees;
/// 3. for an algorithm with a table (`type-guided`), on a full window without quiescence:
///    `arachne-search`'s `salphabeta` (iterative deepening, the table ordering every node) with
///    the same static ordering — on unordered trees far faster than both others;
/// 4. when the processors run the engine's serial search ([`Worker::Engine`], the default), on a
///    full window: the engine's serial search, `aspiration`, with the options theirs take
///    ([`SerialSpec::options_for`]: the ordering, quiescence, null move and check extension) —
///    on chess with those options many times faster than the others, so the speedup is against
///    what one core of the engine does — and the processors' own serial search on the whole
///    tree (`falphabeta` with its table: on checkers with ordering 2–3 times fewer nodes than
///    `aspiration`).
///
/// The fastest is the baseline (alpha-beta on a tie), named in `out.baseline`; alpha-beta's
/// figures stay beside it there. So every algorithm reads ≤ 1.0 at P = 1. Off the simulator, or
/// for a stopped search, `out` is unchanged. The one-processor run obeys only the stop flag, like
/// the serial reference (Ctrl-C drops it).
pub fn best_baseline<G: Game>(
    mut out: ParOutcome<G::Move>,
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    window: Window,
    backend: &Backend,
    limits: &Limits,
) -> ParOutcome<G::Move> {
    if !matches!(backend, Backend::Sim(_)) || out.stopped.is_some() || out.baseline.is_some() {
        return out;
    }
    if let ParAlgo::Knm(o) = algo {
        if o.model == knm::Model::Pooled {
            // The paper's model: its times are in its own units, against its own mono run.
            out.baseline = Some(SerialBaseline {
                kind: Baseline::OneProcessor,
                alphabeta_time: None,
                alphabeta_stats: None,
                alphabeta_speedup: None,
            });
            return out;
        }
    }
    let engine = engine_baseline(algo, window);
    let (t_ab, st_ab) = match (out.serial_time, out.serial_stats) {
        (Some(t), Some(st)) => (Some(t), Some(st)),
        _ if engine => (None, None),
        _ => return out,
    };
    let time = out.time;
    let ratio = |serial: f64| {
        if time > 0.0 {
            serial / time
        } else {
            1.0
        }
    };
    let mut info = SerialBaseline {
        kind: Baseline::AlphaBeta,
        alphabeta_time: t_ab,
        alphabeta_stats: st_ab,
        alphabeta_speedup: t_ab.map(ratio),
    };
    // (Without serial alpha-beta's run — the null move, which it does not make — the engine's
    // candidates below are the only ones.)
    let t_ab = t_ab.unwrap_or(f64::INFINITY);
    let one = if out.procs == 1 {
        Some((out.time, out.stats))
    } else {
        algo.one_processor_form().and_then(|a1| {
            let only_stop = Limits {
                stop: limits.stop.clone(),
                ..Limits::default()
            };
            let job = Job::new(root, depth, window, Some(1), backend, &only_stop);
            search_core(&a1, &job)
                .ok()
                .filter(|o| o.stopped.is_none())
                .map(|o| (o.time, o.stats))
        })
    };
    // Equal within rounding: the same serial search (tree-split on one processor is the
    // stepper), kept as alpha-beta.
    let same = |a: f64, b: f64| {
        a.is_finite() && b.is_finite() && (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
    };
    let mut best = t_ab;
    if let Some((t1, st1)) = one {
        if same(t1, t_ab) {
            if out.procs == 1 {
                out.speedup = Some(1.0);
            }
        } else if t1 < t_ab {
            best = t1;
            info.kind = Baseline::OneProcessor;
            out.serial_time = Some(t1);
            out.serial_stats = Some(st1);
            out.speedup = Some(ratio(t1));
        }
    }
    if let (Backend::Sim(cfg), Some(preorder)) = (backend, algo.table_ordering(window)) {
        let opts = arachne_search::SearchOptions {
            preorder,
            ..arachne_search::SearchOptions::default()
        };
        let lim = Limits {
            depth: Some(depth),
            stop: limits.stop.clone(),
            ..Limits::default()
        };
        let r = arachne_search::Algorithm::Staged {
            inner: arachne_search::Inner::AlphaBeta,
        }
        .search(root, &lim, &opts);
        let t = cfg.cost.serial_time(r.stats.interior, r.stats.leaves);
        if r.stopped.is_none() && t < best && !same(t, best) {
            info.kind = Baseline::Staged;
            out.serial_time = Some(t);
            out.serial_stats = Some(r.stats);
            out.speedup = Some(ratio(t));
        }
    }
    if let (Backend::Sim(cfg), true) = (backend, engine) {
        let spec = SerialSpec::new(StepperMode::AlphaBeta, algo.preorders(), algo.quiescence())
            .with_engine(algo.engine(depth));
        let lim = Limits {
            depth: Some(depth),
            stop: limits.stop.clone(),
            ..Limits::default()
        };
        let aspiration = arachne_search::Algorithm::Aspiration {
            delta: arachne_search::aspiration::DEFAULT_DELTA,
        };
        let r = aspiration.search(root, &lim, &spec.options_for::<G>());
        let mut candidates = vec![(Baseline::Aspiration, r.stopped.is_none(), r.stats)];
        let mut whole = SubSearch::new(std::sync::Arc::new(spec));
        whole.start(root.clone(), window, depth, 0);
        let done = whole.run_blocking(&mut |_| {
            if limits.stop.is_stopped() {
                Poll::Stop
            } else {
                Poll::Go
            }
        });
        candidates.push((Baseline::FAlphaBeta, done, whole.stats()));
        for (kind, done, stats) in candidates {
            let t = cfg.cost.serial_time(stats.interior, stats.leaves);
            let best = out.serial_time.unwrap_or(best);
            if done && t < best && !same(t, best) {
                info.kind = kind;
                out.serial_time = Some(t);
                out.serial_stats = Some(stats);
                out.speedup = Some(ratio(t));
            }
        }
    }
    out.baseline = Some(info);
    out
}

/// True when the engine's serial search is a candidate baseline for `algo` (see
/// [`best_baseline`]): its simulated processors run that search, on a full window.
fn engine_baseline(algo: &ParAlgo, window: Window) -> bool {
    algo.worker() == Worker::Engine
        && algo.serial_mode() == StepperMode::AlphaBeta
        && !matches!(algo, ParAlgo::Knm(_))
        && window == Window::FULL
}

/// The serial counterpart: a full-window search by a [`Stepper`] (same code as the slaves).
pub fn serial<G: Game>(root: &G, depth: u32, mode: StepperMode, preorder: bool) -> (Score, Stats) {
    serial_in(root, depth, Window::FULL, mode, preorder)
}

/// The serial counterpart searching `root` in `window`.
pub fn serial_in<G: Game>(
    root: &G,
    depth: u32,
    window: Window,
    mode: StepperMode,
    preorder: bool,
) -> (Score, Stats) {
    let mut s = Stepper::new(mode, preorder);
    s.start(root.clone(), window, depth, 0);
    let v = s.finish().expect("finished");
    (v, s.stats)
}

/// What a run on `backend` is compared with: on the simulator, the serial search's virtual time
/// under the same cost model, its counts, and the speedup over `run_time`, searching with
/// `stepper` (e.g. one valuing bottom positions by the quiescence search,
/// [`Stepper::with_leaf`]); `None`s on real backends, or when the stop flag ends the serial
/// reference (Ctrl-C).
pub(crate) fn serial_reference_with<G: Game>(
    root: &G,
    depth: u32,
    window: Window,
    stepper: Stepper<G>,
    backend: &Backend,
    run_time: f64,
    limits: &Limits,
) -> (Option<f64>, Option<Stats>, Option<f64>) {
    let Backend::Sim(cfg) = backend else {
        return (None, None, None);
    };
    match serial_stoppable(root, depth, window, stepper, limits) {
        Some((_, st)) => {
            let t = cfg.cost.serial_time(st.interior, st.leaves);
            let sp = if run_time > 0.0 { t / run_time } else { 1.0 };
            (Some(t), Some(st), Some(sp))
        }
        None => (None, None, None),
    }
}

/// [`serial_in`] on `s`, abandoned (`None`) when `limits.stop` is set.
fn serial_stoppable<G: Game>(
    root: &G,
    depth: u32,
    window: Window,
    mut s: Stepper<G>,
    limits: &Limits,
) -> Option<(Score, Stats)> {
    s.start(root.clone(), window, depth, 0);
    finish_stoppable(&mut s, limits).then(|| (s.result().expect("finished"), s.stats))
}

/// Steps the started `s` to the end (`true`), or until `limits.stop` is set (`false`; the flag
/// is looked at every 4096 steps).
pub(crate) fn finish_stoppable<G: Game>(s: &mut Stepper<G>, limits: &Limits) -> bool {
    let mut steps = 0u32;
    while s.is_running() {
        s.step();
        steps = steps.wrapping_add(1);
        if steps % 4096 == 0 && limits.stop.is_stopped() {
            return false;
        }
    }
    true
}
