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
    // Two more readings of the paper's settings (see the details): one evaluation loop per
    // expansion, and "depth" counted from the root (Jamboree at plies 0–2 only).
    pg.message("Jamboree, cost one loop per expansion");
    let jam_exp = measure(
        Split::Jamboree,
        &roots,
        depth,
        serial,
        true,
        CostWeights::EXPANSIONS,
        &[],
    );
    let top_serial = depth.saturating_sub(serial).max(1);
    pg.message(format!(
        "Jamboree, serial below remaining depth {top_serial}"
    ));
    let jam_top = measure(
        Split::Jamboree,
        &roots,
        depth,
        top_serial,
        true,
        CostWeights::NODES,
        &[],
    );
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
        format!("Jamboree parallelism W/T∞, serial below {serial} plies left (the literal reading), cost in nodes"),
        PAPER_PARALLELISM,
        jam.parallelism(),
        0.2,
    ));
    rep.row(Row::compare(
        "§6.2.4",
        format!("Jamboree parallelism W/T∞, serial below {serial} plies left, cost in evaluations (10 per expansion, 1 per bottom position)"),
        PAPER_PARALLELISM,
        jam_evals.parallelism(),
        0.2,
    ));
    rep.row(Row::compare(
        "§6.2.4",
        format!("Jamboree parallelism W/T∞, serial below {serial} plies left, cost one evaluation loop per expansion"),
        PAPER_PARALLELISM,
        jam_exp.parallelism(),
        0.2,
    ));
    rep.row(Row::compare(
        "§6.2.4",
        format!("Jamboree parallelism W/T∞ with \"depth\" counted from the root: Jamboree at plies 0–{} only, serial below {top_serial} plies left, cost in nodes", serial - 1),
        PAPER_PARALLELISM,
        jam_top.parallelism(),
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
    // Where the paper's figure falls in the serial-depth table, and how fast W/T∞ falls per ply.
    let bracket = sens
        .windows(2)
        .find(|p| p[0].3 >= PAPER_PARALLELISM && p[1].3 <= PAPER_PARALLELISM)
        .map_or("outside the serial depths tabulated".to_string(), |p| {
            format!(
                "between serial depth {} ({:.1}) and {} ({:.1})",
                p[0].0, p[0].3, p[1].0, p[1].3
            )
        });
    let falls: Vec<f64> = sens.windows(2).map(|p| p[0].3 / p[1].3).collect();
    let (fmin, fmax) = falls
        .iter()
        .fold((f64::INFINITY, 0.0f64), |(a, b), &x| (a.min(x), b.max(x)));
    let per_tree = |x: u64| x as f64 / trees as f64;
    let _ = writeln!(
        md,
        "\nNodes of the one-processor execution: Jamboree {} (interior {}, bottom {}), YBWC {}.",
        jam.stats.nodes(),
        jam.stats.interior,
        jam.stats.leaves,
        results[2].2.stats.nodes()
    );
    let _ = writeln!(
        md,
        "\n# Why our W/T∞ differs from the paper's 14.8\n\n\
Under the literal reading of §6.2.4 — Jamboree recursion while the searched subtree has at least {serial} plies left, serial Alpha-Beta below — our parallelism is {:.1} in nodes ({:.1} in evaluations, {:.1} with one evaluation loop per expansion): {:.1} times the paper's. What we checked:\n\n\
* **The span is computed correctly** (tests `work_span_exact` and `work_span_quick` in `crates/arachne-parallel/tests/smp.rs`): a subtree searched serially is one strand carrying its full cost (with the serial depth above the search depth, T∞ = W exactly); the span of Jamboree's task graph equals an independently computed recurrence (first son; tests in parallel after it; a re-search after its test *and* after every earlier iteration, so re-searches at a node are strictly sequential; the node ends when all iterations end); T_P of the greedy schedule lies within Brent's bounds.\n\
* **The cost model hardly matters**: counting nodes, evaluations (10 per expansion for the static ordering) or one loop per expansion moves W/T∞ between {:.1} and {:.1}, never near 14.8, because the critical path consists of the same kinds of nodes as the work.\n\
* **The serial depth matters most** (table below): W/T∞ falls by a factor {fmin:.1}–{fmax:.1} for each ply of serial depth, and the paper's 14.8 lies {bracket} — i.e. where Jamboree runs only in the top few plies. If \"depth\" in \"when the depth of the searched subtree becomes smaller than 3\" is counted from the root (Jamboree at plies 0–{}, serial subtrees of {top_serial} plies), ours is {:.1} ({:+.0} %).\n\
* **The paper's seconds cannot be converted into our counts**: 1 952 s for 100 trees is 19.5 s per tree; our Jamboree expands {:.0} interior nodes and visits {:.0} nodes per tree, so one 50 000-iteration loop per expansion would have to run in {:.0} µs ({:.0} M iterations per second), one per node in {:.0} µs. At the full setting (depth 10) that is more than one loop iteration per clock cycle at the clock rates of the Origin 2000's processors (a few hundred MHz): either the paper's loop or evaluation cost differed from what §6.2.2 describes, or its searches visited fewer nodes than ours (a shallower search, a different serial cut-off, a different tree generator); the paper does not give enough detail to tell.\n\n\
Conclusion: ours does not reproduce 14.8 under the literal reading (it differs by the factor above); the paper's figure is consistent with a Jamboree whose parallel part is only the top few plies of the tree. We keep the literal reading as the experiment's setting and report both.",
        jam.parallelism(),
        jam_evals.parallelism(),
        jam_exp.parallelism(),
        jam.parallelism() / PAPER_PARALLELISM,
        jam_exp.parallelism().min(jam_evals.parallelism()).min(jam.parallelism()),
        jam_exp.parallelism().max(jam_evals.parallelism()).max(jam.parallelism()),
        serial - 1,
        jam_top.parallelism(),
        100.0 * (jam_top.parallelism() / PAPER_PARALLELISM - 1.0),
        per_tree(jam.stats.interior),
        per_tree(jam.stats.nodes()),
        1e6 * PAPER_WORK_S / 100.0 / per_tree(jam.stats.interior),
        50_000.0 / (PAPER_WORK_S / 100.0 / per_tree(jam.stats.interior)) / 1e6,
        1e6 * PAPER_WORK_S / 100.0 / per_tree(jam.stats.nodes()),
    );
    let _ = writeln!(
        md,
        "\n# Jamboree's parallelism against the serial depth\n\nThe first {k} trees, cost in nodes. The paper switches to Alpha-Beta \"when the depth of the searched subtree becomes smaller than 3\"; read as *remaining* depth < 3 (ours above) the tree is parallel down to two plies above the horizon. The paper's 14.8 lies where only the top few plies are parallel.\n\n| serial below depth | W | T∞ | W/T∞ |\n|---|---|---|---|"
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
        "readings": {
            "expansions": {"work": jam_exp.work, "span": jam_exp.span, "parallelism": jam_exp.parallelism()},
            "from_root": {"serial": top_serial, "work": jam_top.work, "span": jam_top.span, "parallelism": jam_top.parallelism()},
        },
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
