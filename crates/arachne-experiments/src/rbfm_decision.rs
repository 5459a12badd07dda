//! Seed 002 §3.2.1–§3.2.4: Experiment 1 (histograms of the distance from the real score,
//! Figs. 5 and 6) and Experiments 2 and 3 (decision quality of RBFM, BFM and alpha-beta on
//! incremental random trees, Figs. 7 and 8).
//!
//! * **Trees.** Incremental random trees with random branching `b ∈ {3, 5, 10, 20}` (the root
//!   always `b`), depth 10 (8 for `b = 20`), edge values uniform in `[−1, 1]`, the leaves'
//!   values exact. The paper used 10 000 trees per `b`; the full run uses 4 000, the most that
//!   fits in 15 minutes of one core here (500 took 63–93 s; 10 000 would take 21–31 min) (quick: 40 trees,
//!   `b ∈ {3, 5, 10}`, alpha-beta depths up to 7); `--trees N`, `--branching LIST` and
//!   `--scale paper` (10 000 trees, every `b`) choose others ([`crate::scale`]).
//! * **Correct move.** Every root move whose value by a full-depth search equals the root's.
//! * **Alpha-beta** with static move ordering at depths `1 … d − 1`; **generated nodes** are
//!   counted the same way for all three algorithms: the successors listed by every move
//!   generation ([`arachne_bestfirst::compare::Counting`]).
//! * **Experiment 2**: BFM and RBFM with the alpha-beta search's generated nodes as their
//!   budget. **Experiment 3**: BFM and RBFM until their principal variation reaches the
//!   alpha-beta depth.
//! * **RBFM**: the shipped table of the tree's `b` (learned by `arachne learn`, §2.6), the
//!   pruning rule on, the move played the best child (§5.3's vote over the last 100
//!   expansions is the chess program's rule; on these small searches it votes for moves
//!   chosen on little information), seed = the experiment's seed + tree.
//! * **Intervals.** §3.2.4's rates of correct moves are judged by their 95 % Wilson intervals
//!   ([`crate::report::interval`]), ours over the trees and the paper's over its 10 000 trees
//!   per `b`: a rate differs significantly only when the two do not overlap. Its node means
//!   by their t intervals over the trees (the paper gives no spread: its values are compared
//!   as values).
//! * **Experiment 1**: one more learning round on the shipped tables for `b = 5` (positions
//!   with 5 moves, as in Fig. 5) and `b = 10` (10 moves, Fig. 6), keeping the samples of
//!   `s = 0` and `s = 200`.
use crate::report::interval::{mean_interval, percent_interval};
use crate::report::{Report, Row, Sample};
use crate::{ExpError, Options};
use arachne_bestfirst::compare;
use arachne_bestfirst::learn::{self, LearnConfig};
use arachne_bestfirst::tree::up;
use arachne_bestfirst::{search, tables, BfOptions, Kind};
use arachne_core::{Game, Limits};
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_plot::{Chart, Series, Style};
use serde_json::json;
use std::fmt::Write as _;
use std::sync::Arc;

/// The paper.
pub const PAPER: &str = "Shoham & Toledo 2002, Parallel Randomized Best-First Minimax Search, §3.2";

/// Per `b` and alpha-beta depth: successes and generated nodes of the five runs
/// (alpha-beta, RBFM and BFM at equal nodes, RBFM and BFM at equal PV depth).
#[derive(Clone, Debug, Default)]
struct Cell {
    ok: [u32; 5],
    nodes: [u64; 5],
    /// Alpha-beta's visited nodes (interior + bottom positions).
    visited: u64,
    /// Per tree: alpha-beta's generated and visited nodes (the samples of their means).
    ab_per_tree: Vec<[f64; 2]>,
    /// Per tree: RBFM's generated nodes at equal PV depth.
    rbfm_pv_per_tree: Vec<f64>,
}

const NAMES: [&str; 5] = [
    "alpha-beta",
    "RBFM (equal nodes)",
    "BFM (equal nodes)",
    "RBFM (equal PV depth)",
    "BFM (equal PV depth)",
];

fn tree(b: u32, d: u32, seed: u64) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: Branching::Random,
        values: EdgeValues::Real,
    })
}

/// The sample of a row of §3.2.4's text: successes over the trees, or one value per tree.
enum Sampled {
    Rate(u32),
    Mean(Vec<f64>),
}

/// The paper's trees per `b`.
const PAPER_TREES: u64 = 10_000;

fn pct(ok: u32, n: u32) -> f64 {
    100.0 * ok as f64 / n.max(1) as f64
}

/// One b of Experiments 2 and 3: depth `d`, deepest alpha-beta `kmax`, `trees` trees.
#[derive(Clone, Copy)]
struct Config {
    b: u32,
    d: u32,
    kmax: u32,
    trees: u32,
}

impl Config {
    /// Experiment 3 runs BFM and RBFM to every PV depth below the tree's.
    fn pvmax(&self) -> u32 {
        self.d - 1
    }
}

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let mut rep = Report::new(
        "rbfm-decision",
        "RBFM: distributions (Exp. 1) and decision quality (Exps. 2, 3)",
        PAPER,
        o.quick,
    );
    o.scale.check("rbfm-decision").map_err(ExpError::failed)?;
    const FULL: [(u32, u32, u32); 4] = [(3, 10, 9), (5, 10, 9), (10, 10, 9), (20, 8, 7)];
    const QUICK: [(u32, u32, u32); 3] = [(3, 10, 7), (5, 10, 7), (10, 10, 7)];
    let configs = o
        .scale
        .decision_configs(&FULL, if o.quick { &QUICK } else { &FULL });
    let trees = o.scale.decision_trees(if o.quick { 40 } else { 4_000 });
    rep.setup("trees per b", format!("{trees} (the paper: 10 000)"));
    rep.sample(Sample::new(trees as u64, Some(PAPER_TREES), "trees per b"));
    rep.setup(
        "b, depth, deepest alpha-beta",
        configs
            .iter()
            .map(|(b, d, k)| format!("b={b} d={d} ab≤{k}"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    rep.setup("seed", o.seed.to_string());
    let mut all = Vec::new();
    let mut md = String::new();
    for &(b, d, kmax) in &configs {
        o.progress.message(format!("decision quality, b = {b}"));
        let c = Config { b, d, kmax, trees };
        let cells = measure(o, c);
        table(&mut md, c, &cells);
        plots(&mut rep, c, &cells);
        rows(&mut rep, c, &cells);
        let pvmax = c.pvmax();
        all.push(json!({
            "b": b, "depth": d, "trees": trees,
            "success_pct": (1..=pvmax.max(kmax) as usize).map(|k| (0..5).map(|i| pct(cells[k].ok[i], trees)).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "mean_nodes": (1..=pvmax.max(kmax) as usize).map(|k| (0..5).map(|i| cells[k].nodes[i] as f64 / trees as f64).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "columns": NAMES,
        }));
    }
    // The full form's b and depths left out of this run: the same rows, not computed (the
    // same rows at every scale).
    for &(b, _, kmax) in FULL.iter().filter(|c| !configs.iter().any(|x| x.0 == c.0)) {
        for (fig, what) in [
            (
                "Fig. 7",
                "RBFM decides at least as well as alpha-beta at equal generated nodes".to_string(),
            ),
            (
                "Fig. 7",
                format!("from αβ depth 2 to {kmax} RBFM improves more than BFM"),
            ),
            (
                "Fig. 8",
                "RBFM reaches alpha-beta's decision quality with fewer generated nodes".to_string(),
            ),
        ] {
            rep.not_computed(fig, format!("b = {b}: {what}"), "holds");
        }
    }
    experiment1(o, &mut rep, &mut md)?;
    rep.details = format!(
        "Success = percentage of trees on which the move played is a correct move; nodes = mean \
         generated nodes per tree.\n{md}"
    );
    rep.data = json!({ "decision": all });
    Ok(rep)
}

/// Experiment 1: histograms of the distance from the real score (Figs. 5, 6).
fn experiment1(o: &Options, rep: &mut Report, md: &mut String) -> Result<(), ExpError> {
    let n = if o.quick { 150 } else { 1000 };
    rep.sample(Sample::new(n as u64, None, "positions per b"));
    for (b, fig) in [(5u32, "Fig. 5"), (10, "Fig. 6")] {
        o.progress.message(format!(
            "Experiment 1: distances from the real score, b = {b}"
        ));
        let deep = tree(b, 100, o.seed + 77);
        let real_depth = if o.quick { 8 } else { 10 };
        let pos: Vec<IncrementalTree> =
            learn::random_positions(&deep, n * 4, 1, 8, o.seed + b as u64)
                .into_iter()
                .filter(|p| p.branching() == b)
                .take(n)
                .collect();
        let real = learn::real_scores(&pos, real_depth);
        let start = tables::default_for("incremental", &format!("incremental:b={b}"));
        let cfg = LearnConfig {
            real_depth,
            expansions: 200,
            rounds: 1,
            family: start.family,
            start_var: 0.0,
            seed: o.seed,
            keep_s: vec![0, 200],
            start_table: Some(start),
        };
        let l = learn::learn(&pos, &real, &cfg, &mut |_, _| {});
        let unit = arachne_games::incremental::REAL_SCALE as f64;
        let stats = |v: &[f64]| {
            let m = v.iter().sum::<f64>() / v.len().max(1) as f64;
            let var = v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / v.len().max(1) as f64;
            let skew = v.iter().map(|x| (x - m).powi(3)).sum::<f64>()
                / v.len().max(1) as f64
                / var.powf(1.5).max(1e-300);
            (m / unit, var.sqrt() / unit, skew)
        };
        let empty = Vec::new();
        let s0 = l.kept.get(&(0, b as usize)).unwrap_or(&empty);
        let s200 = l.kept.get(&(200, b as usize)).unwrap_or(&empty);
        let (m0, sd0, sk0) = stats(s0);
        let (m2, sd2, _) = stats(s200);
        writeln!(
            md,
            "\n### Experiment 1, b = {b} ({} positions with {b} moves, real score: alpha-beta depth {real_depth})\n\n| expansions | samples | mean δ (edge units) | sd | skewness |\n|---|---|---|---|---|\n| 0 | {} | {m0:.3} | {sd0:.3} | {sk0:.2} |\n| 200 | {} | {m2:.3} | {sd2:.3} | |",
            pos.len(),
            s0.len(),
            s200.len()
        )
        .ok();
        let mut series = Vec::new();
        for (name, v) in [("0 expansions", s0), ("200 expansions", s200)] {
            if v.is_empty() {
                continue;
            }
            series.extend(hist(v, name, unit, b == 10 && name.starts_with('0')));
        }
        rep.plot(
            format!("fig{}-b{b}", if b == 5 { 5 } else { 6 }),
            format!("{fig} (Experiment 1): distance from the real score, b = {b}, {b} children at the root"),
            Chart {
                title: format!("{fig}: real score − minimax score, b = {b}"),
                x_label: "difference (edge-value units)".into(),
                y_label: "density".into(),
                log_x: false,
                log_y: false,
                series,
            },
        );
        if b == 5 {
            rep.row(Row::claim(
                fig,
                format!("after 200 expansions the distance's spread is smaller than after 0 (sd {sd2:.3} vs {sd0:.3})"),
                sd2 < sd0,
            ));
            rep.row(Row::claim(
                "§3.2.2",
                format!("unexpanded nodes are pessimistic: mean real − minimax > 0 at 0 expansions ({m0:.3})"),
                m0 > 0.0,
            ));
        } else {
            // Chi-square with k degrees of freedom has skewness sqrt(8/k).
            let k = if sk0 > 0.0 {
                8.0 / (sk0 * sk0)
            } else {
                f64::INFINITY
            };
            rep.row(Row::compare(
                fig,
                "chi-square parameter matching the skewness at 0 expansions (noisy: few samples)",
                16.0,
                k,
                0.5,
            ));
        }
    }
    Ok(())
}

/// Density histogram (edge units) with its normal fit, or a chi-square(16) fit.
fn hist(v: &[f64], name: &str, unit: f64, chi: bool) -> Vec<Series> {
    let xs: Vec<f64> = v.iter().map(|x| x / unit).collect();
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    let sd = (xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / n)
        .sqrt()
        .max(1e-9);
    let (lo, hi, bins) = (m - 4.0 * sd, m + 4.0 * sd, 32usize);
    let w = (hi - lo) / bins as f64;
    let mut c = vec![0.0; bins];
    for &x in &xs {
        let i = ((x - lo) / w).floor();
        if i >= 0.0 && (i as usize) < bins {
            c[i as usize] += 1.0;
        }
    }
    let h = (0..bins)
        .map(|i| (lo + (i as f64 + 0.5) * w, c[i] / (n * w)))
        .collect();
    let fit: Vec<(f64, f64)> = (0..=100)
        .map(|i| {
            let x = lo + (hi - lo) * i as f64 / 100.0;
            let y = if chi {
                // Chi-square(16) translated and scaled to mean m, sd.
                let k = 16.0f64;
                let t = k + (x - m) / sd * (2.0 * k).sqrt();
                if t <= 0.0 {
                    0.0
                } else {
                    let lnf = (k / 2.0 - 1.0) * t.ln()
                        - t / 2.0
                        - (k / 2.0) * 2f64.ln()
                        - ln_gamma(k / 2.0);
                    lnf.exp() * (2.0 * k).sqrt() / sd
                }
            } else {
                let z = (x - m) / sd;
                (-0.5 * z * z).exp() / (sd * (2.0 * std::f64::consts::PI).sqrt())
            };
            (x, y)
        })
        .collect();
    vec![
        Series {
            name: format!("{name} ({} samples)", xs.len()),
            points: h,
            style: Style::LinePoints,
        },
        Series {
            name: format!(
                "{name}: {} fit",
                if chi { "chi-square(16)" } else { "normal" }
            ),
            points: fit,
            style: Style::Line,
        },
    ]
}

/// ln Γ(x) for x = k/2 with integer k (exact by recursion).
fn ln_gamma(x: f64) -> f64 {
    if (x - x.round()).abs() < 1e-9 {
        (1..x.round() as u64).map(|i| (i as f64).ln()).sum()
    } else {
        let mut r = 0.5 * std::f64::consts::PI.ln();
        let mut y = 0.5;
        while y < x - 1e-9 {
            r += y.ln();
            y += 1.0;
        }
        r
    }
}

/// Experiments 2 and 3 on `c.trees` trees: per alpha-beta or PV depth, the correct moves and
/// generated nodes of alpha-beta, RBFM and BFM at equal nodes, RBFM and BFM at equal PV depth.
fn measure(o: &Options, c: Config) -> Vec<Cell> {
    let Config { b, d, kmax, trees } = c;
    let pvmax = c.pvmax();
    let table = Arc::new(tables::default_for(
        "incremental",
        &format!("incremental:b={b}"),
    ));
    let mut cells = vec![Cell::default(); pvmax.max(kmax) as usize + 1];
    for t in 0..trees {
        if t % (trees / 20).max(1) == 0 {
            o.progress
                .message(format!("decision quality, b = {b}: tree {t} of {trees}"));
        }
        let root = tree(b, d, o.seed * 100_003 + t as u64);
        // The correct moves: full-depth values of the root's children.
        let mut moves = Vec::new();
        root.moves(&mut moves);
        let vals: Vec<i32> = moves
            .iter()
            .map(|&m| up(compare::alphabeta(&root.play(m), d - 1).1 .0))
            .collect();
        let best = *vals.iter().max().expect("moves");
        let correct = |m: Option<u32>| m.is_some_and(|m| vals[m as usize] == best);
        let mut rb = BfOptions::new(Kind::Rbfm);
        rb.table = Some(Arc::clone(&table));
        rb.seed = o.seed + t as u64;
        rb.vote = 0;
        let bf = BfOptions::new(Kind::Bfm);
        for k in 1..=pvmax {
            let c = &mut cells[k as usize];
            for (i, opts) in [(3, &rb), (4, &bf)] {
                let mut opts = opts.clone();
                opts.pv_depth = Some(k);
                let out = search(&root, &opts, &Limits::default());
                c.ok[i] += correct(out.best_move) as u32;
                c.nodes[i] += out.generated();
                if i == 3 {
                    c.rbfm_pv_per_tree.push(out.generated() as f64);
                }
            }
        }
        for k in 1..=kmax {
            let c = &mut cells[k as usize];
            let (mv, _, n, visited) = compare::alphabeta_counts(&root, k);
            c.ok[0] += correct(mv) as u32;
            c.nodes[0] += n;
            c.visited += visited;
            c.ab_per_tree.push([n as f64, visited as f64]);
            let lim = Limits::default().with_nodes(n);
            for (i, opts) in [(1, &rb), (2, &bf)] {
                let out = search(&root, opts, &lim);
                c.ok[i] += correct(out.best_move) as u32;
                c.nodes[i] += out.generated();
            }
        }
    }
    cells
}

/// The details table of one b.
#[allow(clippy::needless_range_loop)]
fn table(md: &mut String, c: Config, cells: &[Cell]) {
    let Config { b, d, kmax, trees } = c;
    let pvmax = c.pvmax();
    writeln!(md, "\n### b = {b}, depth {d} ({trees} trees)\n").ok();
    writeln!(
        md,
        "| αβ depth | {} |",
        NAMES
            .iter()
            .map(|n| format!("{n} % / nodes"))
            .collect::<Vec<_>>()
            .join(" | ")
    )
    .ok();
    writeln!(md, "|---|{}", "---|".repeat(5)).ok();
    for k in 1..=pvmax.max(kmax) as usize {
        let c = &cells[k];
        write!(md, "| {k} |").ok();
        for i in 0..5 {
            if i < 3 && k > kmax as usize {
                write!(md, " – |").ok();
                continue;
            }
            write!(
                md,
                " {:.1} / {:.0} |",
                pct(c.ok[i], trees),
                c.nodes[i] as f64 / trees as f64
            )
            .ok();
        }
        writeln!(md).ok();
    }
}

/// Figs. 7 and 8 of one b.
fn plots(rep: &mut Report, c: Config, cells: &[Cell]) {
    let Config { b, kmax, trees, .. } = c;
    let pvmax = c.pvmax();
    let series7 = (0..3)
        .map(|i| Series {
            name: NAMES[i].into(),
            points: (1..=kmax as usize)
                .map(|k| (k as f64, pct(cells[k].ok[i], trees)))
                .collect(),
            style: Style::LinePoints,
        })
        .collect();
    rep.plot(
        format!("fig7-b{b}"),
        format!("Fig. 7 (Experiment 2), b = {b}: success at equal generated nodes"),
        Chart {
            title: format!("Experiment 2, b = {b}: equal generated nodes"),
            x_label: "alpha-beta depth".into(),
            y_label: "correct move (%)".into(),
            log_x: false,
            log_y: false,
            series: series7,
        },
    );
    let series8 = [0usize, 3, 4]
        .iter()
        .map(|&i| Series {
            name: NAMES[i].into(),
            points: (1..=if i == 0 { kmax } else { pvmax } as usize)
                .map(|k| {
                    (
                        cells[k].nodes[i] as f64 / trees as f64,
                        pct(cells[k].ok[i], trees),
                    )
                })
                .collect(),
            style: Style::LinePoints,
        })
        .collect();
    rep.plot(
        format!("fig8-b{b}"),
        format!("Fig. 8 (Experiment 3), b = {b}: success against generated nodes"),
        Chart {
            title: format!("Experiment 3, b = {b}: equal principal-variation depth"),
            x_label: "generated nodes (mean)".into(),
            y_label: "correct move (%)".into(),
            log_x: true,
            log_y: false,
            series: series8,
        },
    );
}

/// The claims of §3.2.4 for one b, and the text's numbers at b = 10.
fn rows(rep: &mut Report, c: Config, cells: &[Cell]) {
    let Config { b, kmax, trees, .. } = c;
    let pvmax = c.pvmax();
    // Claims of §3.2.4.
    let deep: Vec<usize> = (3..=kmax as usize).collect();
    let better = deep
        .iter()
        .filter(|&&k| cells[k].ok[1] >= cells[k].ok[0])
        .count();
    rep.row(
        Row::claim(
            "Fig. 7",
            format!(
                "b = {b}: RBFM decides at least as well as alpha-beta at equal generated nodes (αβ depths 3–{kmax}: {better} of {})",
                deep.len()
            ),
            better * 2 > deep.len(),
        ),
    );
    let gain = |i: usize| pct(cells[kmax as usize].ok[i], trees) - pct(cells[2].ok[i], trees);
    rep.row(Row::claim(
        "Fig. 7",
        format!(
            "b = {b}: from αβ depth 2 to {kmax} RBFM improves more than BFM ({:+.1} vs {:+.1} points)",
            gain(1),
            gain(2)
        ),
        gain(1) > gain(2),
    ));
    // Fig. 8: for each αβ depth ≥ 3, the fewest RBFM nodes (over PV depths) reaching
    // alpha-beta's success.
    let mut fewer = 0;
    let mut total = 0;
    for k in 3..=kmax as usize {
        let target = cells[k].ok[0];
        if let Some(j) = (1..=pvmax as usize).find(|&j| cells[j].ok[3] >= target) {
            total += 1;
            if cells[j].nodes[3] < cells[k].nodes[0] {
                fewer += 1;
            }
        }
    }
    rep.row(Row::claim(
        "Fig. 8",
        format!(
            "b = {b}: RBFM reaches alpha-beta's decision quality with fewer generated nodes ({fewer} of {total} αβ depths ≥ 3)"
        ),
        total > 0 && fewer * 2 > total,
    ));
    if b == 10 && kmax >= 6 {
        let (c6, c9) = (&cells[6], &cells[9]);
        let per_tree = |n: u64| n as f64 / trees as f64;
        // The rates of correct moves are judged by their Wilson intervals, ours over the trees
        // and the paper's over its 10 000; the node means by their t intervals.
        let ab = |j: usize| c6.ab_per_tree.iter().map(|x| x[j]).collect::<Vec<f64>>();
        let text_rows = [
            (
                "b = 10: alpha-beta depth 6, correct move (%)",
                72.0,
                pct(c6.ok[0], trees),
                Sampled::Rate(c6.ok[0]),
            ),
            (
                "b = 10: alpha-beta depth 6, generated nodes (mean)",
                2096.0,
                per_tree(c6.nodes[0]),
                Sampled::Mean(ab(0)),
            ),
            (
                "b = 10: alpha-beta depth 6, visited nodes (interior + bottom positions, mean)",
                2096.0,
                per_tree(c6.visited),
                Sampled::Mean(ab(1)),
            ),
            (
                "b = 10: RBFM to PV depth 9, correct move (%)",
                72.0,
                pct(c9.ok[3], trees),
                Sampled::Rate(c9.ok[3]),
            ),
            (
                "b = 10: RBFM to PV depth 9, generated nodes (mean)",
                549.0,
                per_tree(c9.nodes[3]),
                Sampled::Mean(c9.rbfm_pv_per_tree.clone()),
            ),
        ];
        for (quantity, paper, ours, sampled) in text_rows {
            let row = Row::compare("Fig. 8 (§3.2.4 text)", quantity, paper, ours, 0.15);
            let iv = match sampled {
                Sampled::Rate(ok) => percent_interval(
                    ok as f64,
                    trees as u64,
                    Some((paper, PAPER_TREES)),
                    (trees as u64, "trees"),
                ),
                Sampled::Mean(xs) => mean_interval(&xs, "trees", None).paper_sample(PAPER_TREES),
            };
            rep.row(row.sampled(iv));
        }
    }
}
