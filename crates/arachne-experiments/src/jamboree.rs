//! Seed 002 §6.2.4 (Shoham & Toledo 2002): Jamboree's work, critical path and parallelism as
//! Cilk measured them on one processor.
//!
//! The paper: 100 incremental random trees, b = 10, searched to depth 10 by Jamboree with
//! static move ordering, Alpha-Beta below depth 3; Cilk reports work 1 952 s, critical path
//! 132 s, parallelism 14.8; Fig. 12: the speedup stops growing beyond about 15 processors.
//!
//! Ours: the same trees (`incremental:b=10,d=10,seed=1..100`, uniform branching, real edge
//! values), `arachne_parallel::smp::jamboree::trace` on one core records the task graph of the
//! one-processor execution, W and T∞ are its total and critical-path cost, and a greedy
//! schedule of the graph gives T_P (module `arachne_parallel::smp::work_span`). Costs are
//! counted in nodes, since our machine is not the paper's: absolute seconds are not comparable,
//! the ratio W/T∞ is. YBWC is measured the same way for comparison.
use crate::report::{Report, Row};
use crate::{ExpError, Options};
use arachne_games::IncrementalTree;
use arachne_parallel::smp::work_span::{measure, CostWeights, Measure, Split};
use arachne_plot::{Chart, Series, Style};
use serde_json::json;
use std::fmt::Write as _;

/// The paper.
pub const PAPER: &str = "Shoham & Toledo, Parallel Randomized Best-First Minimax Search, Artificial Intelligence 137 (2002), §6.2.4 (seed 002)";

/// The paper's figures.
const PAPER_WORK_S: f64 = 1952.0;
const PAPER_SPAN_S: f64 = 132.0;
const PAPER_PARALLELISM: f64 = 14.8;

fn tree(d: u32, seed: u64) -> IncrementalTree {
    crate::uniform_tree(10, d, seed)
}

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let pg = &o.progress;
    let mut rep = Report::new(
        "jamboree",
        "Shoham and Toledo (2002) §6.2.4: Jamboree's work, span and parallelism (Cilk-style, on one core)",
        PAPER,
        o.quick,
    );
    let (trees, depth) = if o.quick { (10u64, 8u32) } else { (100, 10) };
    let serial = 3;
    let roots: Vec<IncrementalTree> = (0..trees).map(|i| tree(depth, o.seed + i)).collect();
    let ps: Vec<u64> = (0..=10).map(|i| 1u64 << i).collect();
    rep.setup(
        "trees",
        format!(
            "{trees} trees `incremental:b=10,d={depth},seed={}..{}` (uniform branching, real edge values){}",
            o.seed,
            o.seed + trees - 1,
            if o.quick { "; the paper: 100 trees to depth 10 (run without --quick)" } else { "" }
        ),
    );
    rep.setup(
        "search",
        format!("Jamboree (`arachne_parallel::smp::jamboree`) to depth {depth}, static move ordering (children by static value), serial fail-soft alpha-beta below depth {serial}, no transposition table — the paper's settings"),
    );
    rep.setup(
        "measurement",
        "the one-processor execution's task graph (serial elision: tests in order, none started after a cutoff, re-searches after every earlier iteration) recorded on one core; W = total cost, T∞ = costliest path, T_P = greedy list schedule; cost in nodes (interior + bottom positions), and in evaluations (10 per interior node for the static ordering, 1 per bottom position)",
    );
    rep.setup(
        "differs from the paper",
        "Cilk measured seconds on an SGI Origin 2000 with an empty loop of 50 000 iterations per evaluation plus Cilk's spawn overhead; we count nodes, without spawn overhead; the paper does not give its tree generator's value distribution beyond Korf–Chickering's incremental model",
    );
    let mut results: Vec<(Split, CostWeights, Measure)> = Vec::new();
    for split in [Split::Jamboree, Split::Ybwc] {
        for w in [CostWeights::NODES, CostWeights::EVALS] {
            pg.message(format!("{split:?}, cost {w:?}"));
            let m = measure(split, &roots, depth, serial, true, w, &ps);
            results.push((split, w, m));
        }
    }
    let jam = &results[0].2;
    let jam_evals = &results[1].2;
    rep.row(Row::not_reproducible(
        "§6.2.4",
        "Jamboree work W",
        format!("{PAPER_WORK_S} s"),
        format!("{} nodes", jam.work),
        "Cilk seconds on the paper's machine; we count nodes (the ratio W/T∞ is compared below)",
    ));
    rep.row(Row::not_reproducible(
        "§6.2.4",
        "Jamboree critical path T∞",
        format!("{PAPER_SPAN_S} s"),
        format!("{} nodes", jam.span),
        "Cilk seconds on the paper's machine; we count nodes",
    ));
    rep.row(Row::compare(
        "§6.2.4",
        "Jamboree parallelism W/T∞ (cost in nodes)",
        PAPER_PARALLELISM,
        jam.parallelism(),
        0.2,
    ));
    rep.row(Row::compare(
        "§6.2.4",
        "Jamboree parallelism W/T∞ (cost in evaluations)",
        PAPER_PARALLELISM,
        jam_evals.parallelism(),
        0.2,
    ));
    let sp = jam.speedups();
    let at = |p: u64| sp.iter().find(|x| x.0 == p).map_or(0.0, |x| x.1);
    rep.row(Row::claim(
        "Fig. 12",
        format!(
            "Jamboree's speedup stops growing beyond about 15 processors (ours, greedy schedule: {:.1} at P=16, {:.1} at P=64)",
            at(16),
            at(64)
        ),
        at(64) < 1.1 * at(16),
    ));
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# Work, span and simulated speedup W/T_P\n\n| algorithm | cost | W | T∞ | W/T∞ | {} |\n|---|---|---|---|---|{}",
        ps.iter().map(|p| format!("P={p}")).collect::<Vec<_>>().join(" | "),
        "---|".repeat(ps.len())
    );
    for (split, w, m) in &results {
        let cost = if *w == CostWeights::NODES {
            "nodes"
        } else {
            "evaluations"
        };
        let _ = writeln!(
            md,
            "| {split:?} | {cost} | {} | {} | {:.1} | {} |",
            m.work,
            m.span,
            m.parallelism(),
            m.speedups()
                .iter()
                .map(|(_, s)| format!("{s:.1}"))
                .collect::<Vec<_>>()
                .join(" | ")
        );
    }
    let _ = writeln!(
        md,
        "\nNodes of the one-processor execution: Jamboree {} (interior {}, bottom {}), YBWC {}.\n\nWhy our parallelism can differ from the paper's: the critical path of Jamboree is the chain of first children and of the sequential re-searches of tests that fail high; it grows with how often static ordering misplaces the best move, which depends on the trees' value distribution, and with per-spawn overheads that Cilk's measured span includes and our node counts do not.",
        jam.stats.nodes(),
        jam.stats.interior,
        jam.stats.leaves,
        results[2].2.stats.nodes()
    );
    // Sensitivity: the serial depth decides how much of the tree is parallel.
    let k = if o.quick { roots.len() } else { 20 };
    let mut sens = Vec::new();
    for sd in 2..=depth.min(9) - 1 {
        pg.message(format!("serial depth {sd}"));
        let m = measure(
            Split::Jamboree,
            &roots[..k],
            depth,
            sd,
            true,
            CostWeights::NODES,
            &[],
        );
        sens.push((sd, m.work, m.span, m.parallelism()));
    }
    let _ = writeln!(
        md,
        "\n# Jamboree's parallelism against the serial depth\n\nThe first {k} trees, cost in nodes. The paper switches to Alpha-Beta \"when the depth of the searched subtree becomes smaller than 3\"; read as *remaining* depth < 3 (ours above) the tree is parallel down to two plies above the horizon. The paper's 14.8 is matched where only the top few plies are parallel.\n\n| serial below depth | W | T∞ | W/T∞ |\n|---|---|---|---|"
    );
    for (sd, w, t, p) in &sens {
        let _ = writeln!(md, "| {sd} | {w} | {t} | {p:.1} |");
    }
    rep.details = md;
    let mut series: Vec<Series> = results
        .iter()
        .filter(|(_, w, _)| *w == CostWeights::NODES)
        .map(|(split, _, m)| Series {
            name: format!("{split:?} (W/T∞ = {:.1})", m.parallelism()),
            points: m.speedups().iter().map(|&(p, s)| (p as f64, s)).collect(),
            style: Style::LinePoints,
        })
        .collect();
    series.push(Series {
        name: "P".into(),
        points: ps.iter().map(|&p| (p as f64, p as f64)).collect(),
        style: Style::Line,
    });
    series.push(Series {
        name: format!("paper's W/T∞ = {PAPER_PARALLELISM}"),
        points: vec![(1.0, PAPER_PARALLELISM), (1024.0, PAPER_PARALLELISM)],
        style: Style::Line,
    });
    rep.plot(
        "jamboree_speedup",
        format!("Simulated speedup W/T_P (greedy schedule of the one-processor task graph) of Jamboree and YBWC, {trees} trees b=10 d={depth}, cost in nodes; the lines P and the paper's parallelism 14.8"),
        Chart {
            title: format!("Jamboree and YBWC, work/span model, b=10 d={depth}"),
            x_label: "processors P".into(),
            y_label: "speedup W / T_P".into(),
            log_x: true,
            log_y: true,
            series,
        },
    );
    rep.data = json!({
        "trees": trees, "depth": depth, "serial_depth": serial,
        "serial_depth_sensitivity": sens.iter().map(|&(sd, w, t, p)| json!({"serial": sd, "work": w, "span": t, "parallelism": p})).collect::<Vec<_>>(),
        "paper": {"work_s": PAPER_WORK_S, "span_s": PAPER_SPAN_S, "parallelism": PAPER_PARALLELISM},
        "results": results.iter().map(|(split, w, m)| json!({
            "algorithm": format!("{split:?}").to_lowercase(),
            "cost": if *w == CostWeights::NODES { "nodes" } else { "evaluations" },
            "work": m.work, "span": m.span, "parallelism": m.parallelism(),
            "times": m.times.iter().map(|&(p, t)| json!({"p": p, "t": t})).collect::<Vec<_>>(),
            "nodes": m.stats.nodes(),
        })).collect::<Vec<_>>(),
    });
    Ok(rep)
}
