//! `rbfm-chess`'s setup, the evaluator's cost (§5.1), the rows over all positions (§5.2,
//! Figures 10 and 11, Table 3, Table 4's average) and Table 4's plot.
use super::*;

/// The setup lines.
pub(super) fn setup(rep: &mut Report, c: &Config) {
    let (names, seeds, budget, ab_depth, ab_nodes, ladder_cap, t4_seeds) = (
        &c.names,
        c.seeds,
        c.budget,
        c.ab_depth,
        c.ab_nodes,
        c.ladder_cap,
        c.t4_seeds,
    );
    rep.sample(Sample::new(
        names.len() as u64,
        Some(19),
        "LCT-II positions",
    ));
    rep.setup(
        "positions",
        format!(
            "{} of the paper's 19 LCT-II positions (data/lct2.epd)",
            names.len()
        ),
    );
    rep.setup("static evaluation", format!("`{}` for both programs: tapered piece-square tables, bishop pair, passed/doubled/isolated pawns, rooks on open files (paper: Crafty 17.9's evaluation for both)", eval_spec()));
    rep.setup("evaluator", format!("fail-soft alphabeta to SEARCH-DEPTH 3 with the capture quiescence in the caller's window, extensions for checks (+1) and equal trades (+2), at most +1; checks first; inside each shallow search the check extension, the null move and a {} MiB transposition table kept across the searches of a position (paper: Crafty 17.9's shallow search, with its transposition table and null move)", arachne_engine::shallow::EXPERIMENT_TT_MIB));
    rep.setup("heuristics (§5.2)", "1 (leaf searched to SEARCH-DEPTH+1, other children unknown), 2 (EXTEND-DOWN: SEARCH-DEPTH−1, then the best child to SEARCH-DEPTH+1), 3 (extensions), 4 (checks first): all on, in the serial runs and in Table 4's master–slave runs");
    rep.setup(
        "distribution",
        format!(
            "the shipped chess table for {} (§5.4, learned): {}",
            eval_spec(),
            tables::default_for("chess", &eval_spec()).source
        ),
    );
    rep.setup(
        "RBFM budget",
        format!("{budget} shallow-search nodes per run, {seeds} seed(s) per position (paper: 20 runs, until solved)"),
    );
    rep.setup(
        "alpha-beta",
        format!("aspiration (quiescence in the node's window) + TT 16 MiB, MVV/LVA, killers, history, quiescence, check extension, null move (R = 2/3); to depth {ab_depth} or {ab_nodes} nodes (paper: Crafty 17.9)"),
    );
    rep.setup("Table 4", format!("master–slave on the simulator, P = 1, 32, 64, seeds 1..{t4_seeds} of each position (paper: 20 runs), heuristics 1–4 (as the paper's program; P = 1 is the serial search), each run up to min(serial run's generated nodes, {ladder_cap}); solution = the point of the master's trace from which the move played stays a bm move; cost in shallow-search nodes: each job's shallow-search nodes as measured, tree work 20 per selection/expansion/resolution/move generation, message 10"));
}

/// The cost of the shallow evaluator (§5.1) on the root children of the positions run.
pub(super) struct EvalCost {
    /// Mean nodes of one evaluation, per position (Table 4's leaf cost).
    pub(super) leaf: Vec<f64>,
    /// Root children measured.
    pub(super) children: usize,
    /// (median, mean) nodes per evaluation, full-window quiescence.
    pub(super) old: (f64, f64),
    /// (median, mean) nodes per evaluation, quiescence in the caller's window.
    pub(super) new: (f64, f64),
}

/// §5.1's evaluator: the cost of one evaluation, old (full-window quiescence per bottom
/// position) against the current one (quiescence in the caller's window), on the root
/// children of the positions run; its row.
pub(super) fn evaluator_cost(
    o: &Options,
    rep: &mut Report,
    c: &Config,
) -> Result<EvalCost, ExpError> {
    let (all, names) = (&c.all, &c.names);
    o.progress.message("shallow evaluator: cost per evaluation");
    let eval_roots: Vec<Chess> = names
        .iter()
        .filter_map(|n| {
            let id = lct_id(n);
            all.iter()
                .find(|r| r.id() == Some(id.as_str()))
                .map(|r| with_experiment_eval(&r.position))
        })
        .collect();
    let eval_cfg = Arc::new(ShallowConfig {
        max_extension: 1,
        ..ShallowConfig::default()
    });
    let (mut old_cost, mut new_cost) = (Vec::new(), Vec::new());
    // Mean nodes of one evaluation, per position (Table 4's leaf cost).
    let mut leaf_cost = Vec::new();
    for pos in &eval_roots {
        let (a, b) = evaluation_cost(std::slice::from_ref(pos), &eval_cfg)?;
        leaf_cost.push(median_mean(&b).1);
        old_cost.extend(a);
        new_cost.extend(b);
    }
    let (om, oa) = median_mean(&old_cost);
    let (nm, na) = median_mean(&new_cost);
    rep.row(Row::claim(
        "§5.1",
        format!(
            "the shallow evaluator with quiescence in the caller's window gives the full-window value on all {} root children, for fewer nodes (median {om:.0} → {nm:.0}, mean {oa:.0} → {na:.0} nodes per evaluation)",
            new_cost.len()
        ),
        na < oa,
    ));
    Ok(EvalCost {
        leaf: leaf_cost,
        children: new_cost.len(),
        old: (om, oa),
        new: (nm, na),
    })
}

/// The rows over all positions: §5.2, Figures 10 and 11, Table 3, Table 4's average, and the
/// full form's positions the quick form leaves out.
pub(super) fn closing_rows(rep: &mut Report, names: &[&str], totals: &Totals) {
    let (gen_cost, speedups) = (&totals.gen_cost, &totals.speedups);
    let n = gen_cost.len().max(1) as f64;
    let (pg, pe) = (
        gen_cost.iter().map(|c| c.0).sum::<f64>() / n,
        gen_cost.iter().map(|c| c.1).sum::<f64>() / n,
    );
    rep.row(Row::claim(
        "§5.2",
        format!("heuristics 1 and 2 make a generated node cheaper than an evaluation: {pg:.0} shallow-search nodes per generated node in the serial runs against {pe:.0} per evaluation (means over the positions)"),
        pg < pe,
    ));
    // §5.4's parameter estimation: the figures print no values.
    rep.row(Row::not_reproducible(
        "Fig. 10 (§5.4)",
        "histogram of the difference from the real score after 200 RBFM expansions, 3 600 positions of 30 self-play games (linear and log scale)",
        "a histogram, no values printed",
        "–",
        "an illustration without values in the seed; its data needs the real score of 3 600 positions from Crafty 17.9 at SEARCH-DEPTH 10, which is not obtainable here (our chess distribution table comes from our own evaluator: crates/arachne-bestfirst/data/README.md)",
    ));
    rep.row(Row::not_reproducible(
        "Fig. 11 (§5.4)",
        "variance of the real score against RBFM node expansions: it drops, and rises again after 100 expansions",
        "a curve, no values printed",
        "–",
        "an illustration without values in the seed; the variance needs the same Crafty depth-10 real scores as Fig. 10, not obtainable here",
    ));
    rep.row(Row::not_reproducible(
        "Table 3",
        "full games RBFM vs Crafty at time ratios 6, 7, 8 (RBFM points 12, 22, 23 of 40)",
        "12.0 / 22.0 / 23.0",
        "not run",
        "needs Crafty 17.9 as the opponent, which is not obtainable here (not in Debian's packages: `apt-cache policy crafty` has no candidate); `arachne play --first rbfm:... --second aspiration:...` plays our RBFM against our alpha-beta",
    ));
    let average = "64 processors are faster than 32 on average over the positions";
    if speedups.is_empty() {
        rep.row(Row::not_reproducible(
            "Table 4 (§6.3)",
            average,
            "holds",
            "–",
            "no position has a speedup at both 32 and 64 processors",
        ));
    } else {
        let n = speedups.len() as f64;
        let m32 = speedups.iter().map(|x| x[1]).sum::<f64>() / n;
        let m64 = speedups.iter().map(|x| x[2]).sum::<f64>() / n;
        rep.row(Row::claim("Table 4 (§6.3)", average, m64 > m32).texts(
            "holds",
            format!(
                "mean speedup {m32:.1} at 32, {m64:.1} at 64, over {} positions",
                speedups.len()
            ),
        ));
    }
    // The full form's positions left out of the quick form: the same rows, not computed.
    for r in TABLE.iter().filter(|r| !names.contains(&r.0)) {
        let name = r.0;
        rep.not_computed(
            "Table 2",
            format!("{name}: RBFM solution time (s)"),
            format!("{}", r.2),
        );
        rep.not_computed(
            "Table 2",
            format!("{name}: alpha-beta solution time (s)"),
            format!("{} (Crafty)", r.1),
        );
        rep.not_computed(
            "Table 2",
            format!("{name}: RBFM / alpha-beta solution time (ours: nodes)"),
            format!("{:.2}", r.2 / r.1),
        );
        for (p, paper) in [(TABLE4_PROCS[1], r.4), (TABLE4_PROCS[2], r.6)] {
            rep.not_computed("Table 4", table4_quantity(name, p), format!("{paper}"));
        }
        rep.not_computed("Table 4 (§6.3)", table63_quantity(name), "holds");
    }
}

/// Table 4's plot: the speedups at 32 and 64 per position, beside the paper's.
pub(super) fn plot(rep: &mut Report, names: &[&str], speedups: &[[f64; 5]]) {
    let pts = |k: usize| -> Vec<(f64, f64)> { speedups.iter().map(|x| (x[0], x[k])).collect() };
    let paper_pts = |col: usize| -> Vec<(f64, f64)> {
        names
            .iter()
            .enumerate()
            .filter_map(|(i, n)| {
                let r = TABLE.iter().find(|r| r.0 == *n)?;
                Some((i as f64 + 1.0, if col == 32 { r.4 } else { r.6 }))
            })
            .collect()
    };
    rep.plot(
        "table4",
        "Table 4: master–slave speedup at 32 and 64 simulated processors per position (x: position in the order of the table), beside the paper's",
        Chart {
            title: "RBFM chess speedup (master–slave, simulated)".into(),
            x_label: "position (order of Table 4)".into(),
            y_label: "speedup".into(),
            log_x: false,
            log_y: false,
            series: vec![
                Series { name: "ours, P = 32".into(), points: pts(1), style: Style::Points },
                Series { name: "ours, P = 64".into(), points: pts(2), style: Style::Points },
                Series { name: "paper, P = 32".into(), points: paper_pts(32), style: Style::Points },
                Series { name: "paper, P = 64".into(), points: paper_pts(64), style: Style::Points },
            ],
        },
    );
}
