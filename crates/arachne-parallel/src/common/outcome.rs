//! What a parallel search reports: its result ([`ParResult`]) inside the runtime's run outcome
//! ([`ParOutcome`]), and the principal line re-derived after the search ([`principal_line`]).
use super::reference::finish_stoppable;
use crate::common::ProcTree;
use crate::SerialBaseline;
use arachne_core::{Game, Limits, Score, Stats, StopReason, Window};
use arachne_runtime::exec::Run;
use arachne_runtime::RunOutcome;
use arachne_search::stepper::Stepper;
use std::time::{Duration, Instant};

/// The result of a parallel search: the runtime's one run outcome (messages, time, the serial
/// reference's time and the speedup, busy and idle time per processor) around what the search
/// found ([`ParResult`]; `out.value` reads `out.outcome.value`).
pub type ParOutcome<M> = RunOutcome<ParResult<M>>;

/// What a parallel search found, beside the run's figures ([`ParOutcome`]).
#[derive(Clone, Debug)]
pub struct ParResult<M> {
    /// Root value (negamax, side to move at the root).
    pub value: Score,
    /// False when `value` is only a lower bound (§4.3 `raise=last`).
    pub exact: bool,
    /// Best root move (`None` at a bottom root, or when the algorithm does not know it).
    pub best_move: Option<M>,
    /// Principal variation from `best_move` (see [`principal_line`]); empty without one.
    pub pv: Vec<M>,
    /// Node counts summed over all processors.
    pub stats: Stats,
    /// Processors used.
    pub procs: usize,
    /// The processor tree (`f`, `q`) where the algorithm has one.
    pub tree: Option<ProcTree>,
    /// Sim: the baseline's node counts (its time is the run outcome's `serial_time`: the best
    /// serial search with the same options, [`SerialBaseline`]).
    pub serial_stats: Option<Stats>,
    /// Sim: which serial search the speedup is against, and serial alpha-beta's figures beside
    /// it (the seeds' own definition of speedup).
    pub baseline: Option<SerialBaseline>,
    /// Wall-clock time of the run.
    pub wall: Duration,
    /// Iterative searches: the node counts of the last iteration alone.
    pub last_iteration: Option<Stats>,
    /// Set when a limit stopped the search before it finished: then `value` means nothing
    /// (`value_kind` unknown) and `best_move` is `None`; counts and times are those so far.
    pub stopped: Option<StopReason>,
}

impl<M> ParResult<M> {
    /// A search that found `value` (`exact`: not only a lower bound) and `best_move`, with
    /// `stats` summed over `procs` processors, started at `start`; no processor tree, serial
    /// reference, baseline or last iteration yet.
    pub fn found(
        value: Score,
        exact: bool,
        best_move: Option<M>,
        pv: Vec<M>,
        stats: Stats,
        procs: usize,
        start: Instant,
    ) -> Self {
        ParResult {
            value,
            exact,
            best_move,
            pv,
            stats,
            procs,
            tree: None,
            serial_stats: None,
            baseline: None,
            wall: start.elapsed(),
            last_iteration: None,
            stopped: None,
        }
    }

    /// A search a limit stopped (`reason`) before it found its value.
    pub fn stopped(stats: Stats, procs: usize, start: Instant, reason: StopReason) -> Self {
        ParResult {
            stopped: Some(reason),
            ..Self::found(Score(0), false, None, Vec::new(), stats, procs, start)
        }
    }
}

/// The run's figures of a parallel search: virtual time (sim) or wall seconds, messages, and
/// busy and idle time per processor.
pub(crate) struct Figures {
    pub time: f64,
    pub messages: u64,
    pub busy: Vec<f64>,
    pub idle: Vec<f64>,
}

impl<N> From<&Run<N>> for Figures {
    fn from(run: &Run<N>) -> Self {
        Figures {
            time: run.time,
            messages: run.messages,
            busy: run.busy.clone(),
            idle: run.idle.clone(),
        }
    }
}

/// `result` in the runtime's run outcome, with the run's figures and the serial reference's
/// time and the speedup (as each algorithm computed them).
pub(crate) fn outcome<M>(
    result: ParResult<M>,
    figures: Figures,
    (serial_time, speedup): (Option<f64>, Option<f64>),
) -> ParOutcome<M> {
    RunOutcome {
        outcome: result,
        messages: figures.messages,
        time: figures.time,
        serial_time,
        speedup,
        busy: figures.busy,
        idle: figures.idle,
        detail: (),
    }
}

/// The outcome of a search that a limit stopped: counts and times so far, no value, no serial
/// reference.
pub(crate) fn stopped_outcome<M, N>(
    run: Run<N>,
    reason: StopReason,
    procs: usize,
    tree: Option<ProcTree>,
    start: Instant,
) -> ParOutcome<M> {
    let result = ParResult {
        tree,
        ..ParResult::stopped(run.stats, procs, start, reason)
    };
    outcome(result, (&run).into(), (None, None))
}

/// The principal variation of a finished parallel search with root value `value` and best
/// move `best`: the processes report only the best root move, so the rest of the line is
/// re-derived after the search by a serial [`Stepper`] (the slaves' code, with its principal
/// variation kept) on the best move's subtree with the minimal window around `-value`,
/// `(−value − 1, −value + 1)`: the subtree's value lies strictly inside it, so every node on its
/// principal line is exact and the line is right. Its nodes are not added to the search's
/// statistics or time (they belong to the reporting, not the algorithm — the same convention as
/// the serial MTD(f)'s line). `stepper` is the processes' serial search, idle: its ordering,
/// its quiescence search at the bottom positions and its check extension (for a search from
/// the root to `depth`) are what make the subtree's value the search's. Only the best move is
/// returned when the value is a bound, when the stop flag ends the re-derivation, or when the
/// stepper's value is not the search's (the null move, which the stepper does not make).
pub fn principal_line<G: Game>(
    root: &G,
    depth: u32,
    value: Score,
    exact: bool,
    best: Option<G::Move>,
    stepper: Stepper<G>,
    limits: &Limits,
) -> Vec<G::Move> {
    let Some(m) = best else {
        return Vec::new();
    };
    let mut line = vec![m];
    if !exact || depth < 2 {
        return line;
    }
    let mut s = stepper.with_pv();
    let window = Window::new(-value - 1, -value + 1);
    s.start(root.play(m), window, depth - 1, 1);
    if finish_stoppable(&mut s, limits) && s.result() == Some(-value) {
        line.extend_from_slice(s.pv());
    }
    line
}
