//! What a parallel search reports: its result ([`ParResult`]) inside the runtime's run outcome
//! ([`ParOutcome`]), and the principal line the processes reported, checked and completed after
//! the search ([`principal_line`]).
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

/// The principal variation of a finished parallel search with root value `value` and principal
/// line `line` as its processes reported it (each job's line from its serial search, each
/// master putting in front the successor whose value raised its α; the first move is the best
/// move). The line is checked and completed by a serial [`Stepper`] (the slaves' code, with its
/// principal variation kept) from the line's last position: the nominal depth left there (the
/// check extension's rule applied along the line), the minimal window around the value that
/// position must have, `(v − 1, v + 1)`. When the line reaches the bottom of the search (a
/// table cutoff in a processor's search can end it sooner) that is one evaluation, or one
/// quiescence search; otherwise the stepper searches the rest and its line completes this one.
/// When the stepper's value is not the one the line must have, the whole line is re-derived
/// from the root's best move the same way, and failing that the best move alone is returned.
/// The stepper's nodes are not added to the search's statistics or time (they belong to the
/// reporting, not the algorithm — the same convention as the serial MTD(f)'s line). `stepper`
/// is the processes' serial search, idle: its ordering, its quiescence search at the bottom
/// positions and its check extension (for a search from the root to `depth`) are what make the
/// line's values the search's. Only the best move is returned when the value is a bound or the
/// stop flag ends the check. Under the null move (`null_move`), which the stepper does not
/// make, the processes' line is returned unchecked: theirs is the engine's search.
#[allow(clippy::too_many_arguments)]
pub fn principal_line<G: Game>(
    root: &G,
    depth: u32,
    value: Score,
    exact: bool,
    line: &[G::Move],
    stepper: Stepper<G>,
    null_move: bool,
    limits: &Limits,
) -> Vec<G::Move> {
    let Some(&best) = line.first() else {
        return Vec::new();
    };
    if !exact || depth < 2 {
        return vec![best];
    }
    if null_move {
        return line.to_vec();
    }
    let mut s = stepper.with_pv();
    let check_root = s.options().check_extension.then_some(depth);
    if let Some(whole) = complete(root, depth, value, line, check_root, &mut s, limits) {
        return whole;
    }
    if line.len() > 1 {
        if let Some(whole) = complete(root, depth, value, &[best], check_root, &mut s, limits) {
            return whole;
        }
    }
    vec![best]
}

/// `line` (from `root`, searched to `depth` with root value `value`) completed by `s` from its
/// last position ([`principal_line`]), or `None` when `s` finds another value there or the stop
/// flag ends it.
fn complete<G: Game>(
    root: &G,
    depth: u32,
    value: Score,
    line: &[G::Move],
    check_root: Option<u32>,
    s: &mut Stepper<G>,
    limits: &Limits,
) -> Option<Vec<G::Move>> {
    // Walk the line: the nominal depth left at each position (an EVALUATE's depth).
    let mut pos = root.clone();
    let mut left = depth;
    let mut taken = 0;
    for (ply, &m) in line.iter().enumerate() {
        let d = match check_root {
            Some(r) => arachne_core::extension::extended_depth(&pos, left, ply, r),
            None => left,
        };
        if d == 0 {
            break;
        }
        pos = pos.play(m);
        left = d - 1;
        taken += 1;
    }
    let v = if taken % 2 == 0 { value } else { -value };
    #[cfg(test)]
    let before = s.stats.nodes();
    s.start(pos, Window::new(v - 1, v + 1), left, taken as u32);
    if !(finish_stoppable(s, limits) && s.result() == Some(v)) {
        return None;
    }
    #[cfg(test)]
    tests::COMPLETED.with(|c| c.set(c.get().max(s.stats.nodes() - before)));
    let mut whole = line[..taken].to_vec();
    whole.extend_from_slice(s.pv());
    Some(whole)
}

#[cfg(test)]
mod tests {
    use crate::testkit::incremental;
    use crate::{search, Backend, ParAlgo};
    use arachne_runtime::{CostModel, SimConfig};
    use std::cell::Cell;

    thread_local! {
        /// The most positions the checking stepper of [`super::complete`] visited on this
        /// thread to complete a line.
        pub(super) static COMPLETED: Cell<u64> = const { Cell::new(0) };
    }

    /// The processes' lines reach the bottom of the search: the check after the search is one
    /// evaluation of the line's last position, not a search again (on the simulator, whose
    /// processors keep no table on a game without transpositions, so no cutoff ends a line).
    #[test]
    fn the_processes_lines_are_whole() {
        let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
        for seed in 1..=24u64 {
            let (b, d) = (2 + (seed % 4) as u32, 3 + (seed % 5) as u32);
            let root = incremental(b, d, seed, seed % 2 == 0, -50, 50);
            for spec in [
                "tree-split",
                "tree-split:grand=1",
                "tree-split:worker=stepper",
                "palphabeta-par",
                "pbound",
                "baudet",
                "type-guided",
            ] {
                let algo: ParAlgo = spec.parse().unwrap();
                COMPLETED.with(|c| c.set(0));
                let out = search(&algo, &root, d, Some(5), &sim).unwrap();
                if !out.exact || d < 2 {
                    continue;
                }
                let checked = COMPLETED.with(|c| c.get());
                assert_eq!(checked, 1, "{spec} seed {seed}: line {:?}", out.pv);
                assert!(out.pv.len() as u32 >= 1, "{spec} seed {seed}");
            }
        }
    }
}
