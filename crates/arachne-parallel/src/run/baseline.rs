//! The simulator's baseline: **the best serial search with the same options**, put into every
//! message-passing search's outcome by the dispatch ([`best_baseline`]; see the crate docs).
use super::search_core;
use crate::common::reference::{Baseline, SerialBaseline};
use crate::common::Job;
use crate::subsearch::{Poll, SerialSpec, SubSearch, Worker};
use crate::{knm, Backend, ParAlgo, ParOutcome};
use arachne_core::{Game, Limits, Window};
use arachne_search::stepper::StepperMode;

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
///    (`SerialSpec::options_for`: the ordering, quiescence, null move and check extension) —
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
