//! The serial searches a parallel one is measured against: which one a simulated speedup is
//! against ([`Baseline`], [`SerialBaseline`]; chosen by the dispatch, `run::baseline`), the
//! serial reference each algorithm computes ([`serial_reference_with`]) and the plain serial
//! counterparts ([`serial`], [`serial_in`]).
use super::outcome::principal_line;
use super::Job;
use crate::{Backend, ParOutcome};
use arachne_core::{Game, Limits, Score, Stats, Window};
use arachne_search::stepper::{Stepper, StepperMode};

/// Which serial search a simulated speedup is measured against (see [`best_baseline`](crate::best_baseline)).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Baseline {
    /// Serial alpha-beta (the slaves' stepper) with the algorithm's ordering, evaluator and
    /// window (Pbound: serial bound): the seeds' own definition of speedup.
    AlphaBeta,
    /// The algorithm itself on one processor ([`ParAlgo::one_processor_form`](crate::ParAlgo::one_processor_form)): for
    /// `type-guided`, iterative deepening at its root with its table and ordering; for `knm`,
    /// its own search (with `model=pooled` the only baseline: the paper's mono-processor time).
    OneProcessor,
    /// For an algorithm with a table (`type-guided`): `arachne-search`'s `salphabeta`,
    /// iterative deepening with a transposition table ordering every node, with the same static
    /// ordering.
    Staged,
    /// The engine's serial search, `aspiration` with the options the processors' searches take
    /// (ordering, quiescence, null move, check extension): the baseline of an algorithm whose
    /// simulated processors run the engine's search ([`Worker::Engine`](crate::subsearch::Worker::Engine)).
    Aspiration,
    /// The processors' own serial search on the whole tree (`falphabeta` with a table and the
    /// same options, `crate::subsearch`), for the same algorithms as
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

/// A serial reference: its virtual time, its node counts and the speedup over it (all `None`
/// off the simulator, or when the reference was abandoned).
pub(crate) type Reference = (Option<f64>, Option<Stats>, Option<f64>);

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
) -> Reference {
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

/// The serial reference ([`serial_reference_with`] with `reference`, in `window`) and the
/// principal line ([`principal_line`], checked and completed with `stepper`) of a search of
/// `job` that found `value` (`exact`: not only a lower bound) and `line` in `run_time`. Under
/// the null move, which the steppers do not make (a different search, on chess many times the
/// nodes), no reference (the baseline is then the engine's serial search alone,
/// `run::baseline`) and the processes' line as they found it. Quiescence positions are counted
/// (`qnodes`) but cost no virtual time, in the parallel search and in the reference alike.
pub(crate) fn reference_and_line<G: Game>(
    job: &Job<'_, G>,
    window: Window,
    run_time: f64,
    (reference, stepper): (Stepper<G>, Stepper<G>),
    null_move: bool,
    (value, exact, line): (Score, bool, &[G::Move]),
) -> (Reference, Vec<G::Move>) {
    let Job {
        root,
        depth,
        backend,
        limits,
        ..
    } = *job;
    let pv = principal_line(root, depth, value, exact, line, stepper, null_move, limits);
    if null_move {
        return ((None, None, None), pv);
    }
    let r = serial_reference_with(root, depth, window, reference, backend, run_time, limits);
    (r, pv)
}
