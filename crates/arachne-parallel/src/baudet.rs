//! `baudet` — Baudet's parallel aspiration search, seed 000 §3: every processor searches the
//! **whole** tree with serial alpha-beta, each with its own window; the windows are disjoint and
//! their union covers `(−∞, +∞)`, so exactly one search succeeds, and its value is the answer.
//! The others fail low or high; the search is over when the successful processor reports.
//!
//! ## Windows
//! With `k` processors and integer values, the windows are
//! `(−∞, b_1 + 1), (b_1, b_2 + 1), …, (b_{k−1}, +∞)`: processor `i` is exact for values in
//! `b_i + 1 … b_{i+1}`, so together they cover every value exactly once. The boundaries split
//! `[center − width/2, center + width/2]` into `k` equal parts (`b_j = center − width/2 +
//! j·width/k`, rounded, strictly increasing). Defaults: `center` is the root's static value;
//! `width` is four standard deviations of the static values of the root's successors (at least
//! `k`), a cheap estimate of how far the searched value may stray from the static one. Both can
//! be given: `baudet:center=C,width=W`. With one processor the window is `(−∞, +∞)`.
//!
//! ## Quiescence (`baudet:quiescence=1`, or `--quiescence`)
//! Each processor's whole-tree search values its bottom positions by `arachne-search`'s capture
//! search (the simulator's stepper by the full-window one, the serial search on threads by its
//! windowed form, exact inside the window and a true bound outside it). The windows still cover
//! every value exactly once, so the successful search's value is that of
//! `alphabeta --quiescence`. The default window centre stays the root's static value.
use crate::slave::{Engine, Msg, Slave};
use crate::subsearch::Worker;
use arachne_core::{Game, Score, Window};
use arachne_runtime::{Pid, HOST};
use arachne_search::stepper::StepperMode;

/// Options.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct BaudetOptions {
    /// Middle of the windows (default: the root's static value).
    pub center: Option<i32>,
    /// Total width of the inner windows (default: from the successors' static values).
    pub width: Option<i64>,
    /// Static best-first move ordering.
    pub preorder: bool,
    /// Every search values its bottom positions by the quiescence search (`--quiescence`).
    pub quiescence: bool,
    /// Every search extends checks (`--check-extension`; [`Engine`]).
    pub check_extension: bool,
    /// Every search prunes by null moves (`--null-move`; [`Engine`]).
    pub null_move: bool,
    /// A simulated processor's search (`worker=engine|stepper`; [`Worker`]).
    pub worker: Worker,
}

/// The `k` windows for `root`.
pub(crate) fn windows<G: Game>(root: &G, k: u32, opts: &BaudetOptions) -> Vec<Window> {
    if k <= 1 {
        return vec![Window::FULL];
    }
    let center = opts
        .center
        .map_or_else(|| root.evaluate().0 as i64, |c| c as i64);
    let width = opts.width.unwrap_or_else(|| {
        let mut moves = Vec::new();
        root.moves(&mut moves);
        let vals: Vec<f64> = moves
            .iter()
            .map(|&m| -(root.play(m).evaluate().0 as f64))
            .collect();
        let n = vals.len().max(1) as f64;
        let mean = vals.iter().sum::<f64>() / n;
        let var = vals.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
        (4.0 * var.sqrt()).round() as i64
    });
    let width = width.max(k as i64);
    let lo_limit = -(Score::MAX_EVAL as i64) - 1_000_000;
    let hi_limit = Score::MAX_EVAL as i64 + 1_000_000;
    let mut bounds: Vec<i64> = Vec::with_capacity(k as usize - 1);
    for j in 1..k as i64 {
        let mut b = center - width / 2 + (j * width) / k as i64;
        if let Some(&prev) = bounds.last() {
            b = b.max(prev + 1);
        }
        bounds.push(b.clamp(lo_limit, hi_limit));
    }
    let mut out = Vec::with_capacity(k as usize);
    let mut lo = -Score::INF;
    for &b in &bounds {
        out.push(Window::new(lo, Score(b as i32 + 1)));
        lo = Score(b as i32);
    }
    out.push(Window::new(lo, Score::INF));
    out
}

/// The host's first messages: one EVALUATE per searcher.
pub(crate) type Initial<G> = Vec<(Pid, Msg<G>)>;

/// The `k` searchers and their EVALUATE messages (job `i` for window `i`).
pub(crate) fn build<G: Game>(
    root: &G,
    depth: u32,
    windows: &[Window],
    opts: &BaudetOptions,
) -> (Vec<Slave<G>>, Initial<G>) {
    let procs = windows
        .iter()
        .map(|_| {
            Slave::new(HOST, StepperMode::AlphaBeta, opts.preorder)
                .with_quiescence(opts.quiescence)
                .with_engine(Engine {
                    check_root: opts.check_extension.then_some(depth),
                    null_move: opts.null_move,
                    worker: opts.worker,
                })
        })
        .collect();
    let initial = windows
        .iter()
        .enumerate()
        .map(|(i, &window)| {
            (
                i as Pid,
                Msg::evaluate(i as u32, root.clone(), depth, 0, window),
            )
        })
        .collect();
    (procs, initial)
}

/// True when a searcher's VALUE is the answer: strictly inside its window.
pub(crate) fn succeeded<G: Game>(windows: &[Window], msg: &Msg<G>) -> bool {
    match msg {
        Msg::Value { job, value, .. } => windows
            .get(*job as usize)
            .is_some_and(|w| w.contains(*value)),
        _ => false,
    }
}
