//! One LCT-II position of `rbfm-chess`: its serial runs (Table 2: alpha-beta and RBFM), its
//! master–slave runs (Table 4), their rows, its line of the details table and its JSON.
use super::*;

/// One position's serial runs (Table 2).
struct SerialRuns {
    /// Alpha-beta's solution.
    ab: Option<Solution>,
    /// RBFM's solution per seed.
    sols: Vec<Option<Solution>>,
    /// Shallow-search nodes per generated node of the RBFM runs.
    per_generated: f64,
    /// Shallow-search nodes per evaluation (Table 4's leaf cost).
    leaf: f64,
    /// Generated nodes of the first seed's run.
    max_generated: u64,
}

impl SerialRuns {
    /// The RBFM runs that solved.
    fn solved(&self) -> Vec<Solution> {
        self.sols.iter().flatten().copied().collect()
    }

    /// Whether every RBFM run solved.
    fn all_solved(&self) -> bool {
        self.sols.iter().all(|s| s.is_some())
    }

    /// RBFM's mean solution (nodes, seconds) over the runs that solved.
    fn mean(&self) -> (f64, f64) {
        let solved = self.solved();
        let mean = |f: fn(&Solution) -> f64| {
            solved.iter().map(f).sum::<f64>() / solved.len().max(1) as f64
        };
        (mean(|s| s.nodes), mean(|s| s.seconds))
    }

    /// RBFM / alpha-beta in nodes, when both solved (every RBFM run).
    fn ratio(&self) -> Option<f64> {
        match (self.ab, self.all_solved()) {
            (Some(a), true) => Some(self.mean().0 / a.nodes.max(1.0)),
            _ => None,
        }
    }
}

/// One position's master–slave runs (Table 4): `runs[i][k]` is seed `k`'s at
/// `TABLE4_PROCS[i]`.
struct MasterRuns {
    runs: Vec<Vec<MasterRun>>,
    /// Each run's budget of generated nodes.
    g4: u64,
    /// Whether serial RBFM solved (there is a T(1)).
    serial_solved: bool,
}

impl MasterRuns {
    /// Mean solution time per processor count.
    fn t(&self) -> Vec<Option<f64>> {
        self.runs.iter().map(|r| mean_solution(r)).collect()
    }

    /// The paired speedup at `TABLE4_PROCS[i]`.
    fn sp(&self, i: usize) -> Option<f64> {
        paired_speedup(&self.runs, i).0
    }

    /// The same work: the time to apply the budget's generated nodes, T_end(1) / T_end(P).
    fn work_sp(&self, i: usize) -> Option<f64> {
        let runs = &self.runs;
        let n = runs[i].len().min(runs[0].len());
        (n > 0).then(|| {
            (0..n)
                .map(|k| runs[0][k].time / runs[i][k].time.max(1.0))
                .sum::<f64>()
                / n as f64
        })
    }

    /// The slaves' mean busy fraction at `TABLE4_PROCS[i]`.
    fn util(&self, i: usize) -> f64 {
        let r = &self.runs[i];
        r.iter().map(|r| r.utilization).sum::<f64>() / r.len().max(1) as f64
    }
}

/// Runs position `name` (the `pos_index`-th): its rows, its details line, its JSON.
pub(super) fn run(
    o: &Options,
    rep: &mut Report,
    c: &Config,
    pos_index: usize,
    name: &str,
    leaf_cost: &[f64],
    totals: &mut Totals,
) -> Result<(), ExpError> {
    let (row, id, rec, bm_text) = table2_position(&c.all, name)?;
    let bm = rec.best_moves.clone();
    o.progress.message(format!("{name}: alpha-beta"));
    let position = with_experiment_eval(&rec.position);
    let ab = alphabeta_solution(&position, &bm, c.ab_depth, c.ab_nodes);
    let root = ShallowChess::new(position.clone(), experiment_config());
    // Table 4's evaluator: one per position, shared by all its runs (the memo cache), no
    // table across the searches (see [`table4_config`]).
    let t4_root = ShallowChess::new(position, table4_config());
    let s = serial_runs(
        o,
        c,
        name,
        &root,
        &bm,
        ab,
        leaf_cost.get(pos_index).copied(),
    );
    totals.gen_cost.push((s.per_generated, s.leaf));
    table2_rows(rep, c, name, row, &s);
    let m = master_runs(o, c, name, &t4_root, &bm, &s)?;
    table4_rows(rep, name, row, &m);
    if let (Some(a), Some(b)) = (m.sp(1), m.sp(2)) {
        totals
            .speedups
            .push([pos_index as f64 + 1.0, a, b, row.4, row.6]);
    }
    details_line(&mut totals.md, name, row, &bm_text, &s, &m);
    totals
        .data
        .push(position_json(name, &id, row, &bm_text, &s, &m));
    Ok(())
}

/// RBFM's serial runs, one per seed, beside alpha-beta's solution `ab`.
fn serial_runs(
    o: &Options,
    c: &Config,
    name: &str,
    root: &ShallowChess,
    bm: &[Move],
    ab: Option<Solution>,
    leaf_cost: Option<f64>,
) -> SerialRuns {
    let mut sols = Vec::new();
    let mut per_eval = Vec::new();
    let mut max_generated = 0;
    for k in 0..c.seeds {
        o.progress
            .message(format!("{name}: RBFM seed {}", o.seed + k));
        let (sol, pe, generated) = rbfm_solution(root, bm, o.seed + k, c.budget);
        if k == 0 {
            max_generated = generated;
        }
        sols.push(sol);
        per_eval.push(pe);
    }
    // Shallow-search nodes per generated node of the serial runs (heuristic 1 leaves
    // most children unevaluated), and per evaluation (Table 4's cost model).
    let per_generated = per_eval.iter().sum::<f64>() / per_eval.len() as f64;
    SerialRuns {
        ab,
        sols,
        per_generated,
        leaf: leaf_cost.unwrap_or(per_generated),
        max_generated,
    }
}

/// Table 2's rows of one position: RBFM's and alpha-beta's times, and their ratio.
fn table2_rows(rep: &mut Report, c: &Config, name: &str, row: &TableRow, s: &SerialRuns) {
    let (budget, ab_depth, ab_nodes, ab) = (c.budget, c.ab_depth, c.ab_nodes, s.ab);
    let (solved, sols) = (s.solved(), &s.sols);
    let (r_nodes, r_secs) = s.mean();
    let paper_ratio = row.2 / row.1;
    let why_time = "seconds on an Origin-2000 (RBFM at 150 evaluations/s, Crafty 17.9) against ours on a shared 2-core machine with our own alpha-beta: not comparable; the ratio row compares them";
    rep.row(Row::not_reproducible(
        "Table 2",
        format!("{name}: RBFM solution time (s)"),
        format!("{}", row.2),
        if s.all_solved() {
            format!("{r_secs:.2} s, {r_nodes:.0} nodes")
        } else {
            format!(
                "{}/{} runs solved within {budget} nodes",
                solved.len(),
                sols.len()
            )
        },
        why_time,
    ));
    rep.row(Row::not_reproducible(
        "Table 2",
        format!("{name}: alpha-beta solution time (s)"),
        format!("{} (Crafty)", row.1),
        match ab {
            Some(s) => format!("{:.2} s, {:.0} nodes, depth {}", s.seconds, s.nodes, s.at),
            None => format!("not solved by depth {ab_depth} / {ab_nodes} nodes"),
        },
        why_time,
    ));
    rep.row(match s.ratio() {
        Some(r) => Row::compare(
            "Table 2",
            format!("{name}: RBFM / alpha-beta solution time (ours: nodes)"),
            paper_ratio,
            r,
            0.15,
        ),
        None => Row::not_reproducible(
            "Table 2",
            format!("{name}: RBFM / alpha-beta solution time"),
            format!("{paper_ratio:.2}"),
            "–",
            if ab.is_none() {
                "alpha-beta did not settle on the solution within its budget"
            } else {
                "RBFM did not settle on the solution within its budget in every run"
            },
        ),
    });
}

/// Table 4: the master–slave form with heuristics 1–2 at P = 1, 32, 64, `t4_seeds` seeds,
/// each run up to the serial run's generated nodes (seed 1) or the cap. Without a serial
/// solution there is no T(1): the runs are skipped in the full run (the quick run makes them
/// anyway, to exercise the path).
fn master_runs(
    o: &Options,
    c: &Config,
    name: &str,
    t4_root: &ShallowChess,
    bm: &[Move],
    s: &SerialRuns,
) -> Result<MasterRuns, ExpError> {
    let g4 = s.max_generated.min(c.ladder_cap);
    let mut runs: Vec<Vec<MasterRun>> = vec![Vec::new(); TABLE4_PROCS.len()];
    let serial_solved = s.sols.first().is_some_and(|s| s.is_some());
    if serial_solved || o.quick {
        for k in 0..c.t4_seeds {
            for (i, &p) in TABLE4_PROCS.iter().enumerate() {
                o.progress
                    .message(format!("{name}: master–slave P = {p}, seed {}", o.seed + k));
                runs[i].push(master_solution(t4_root, bm, o.seed + k, p, g4)?);
            }
        }
    }
    Ok(MasterRuns {
        runs,
        g4,
        serial_solved,
    })
}

/// Table 4's rows of one position: the speedups at 32 and 64, and §6.3's claim.
fn table4_rows(rep: &mut Report, name: &str, row: &TableRow, m: &MasterRuns) {
    let (runs, g4, serial_solved) = (&m.runs, m.g4, m.serial_solved);
    for (i, paper) in [(1usize, row.4), (2, row.6)] {
        let p = TABLE4_PROCS[i];
        let (s_p, each) = paired_speedup(runs, i);
        let quantity = table4_quantity(name, p);
        rep.row(match s_p {
            Some(s) => Row::compare("Table 4", quantity, paper, s, 0.15)
                .texts(
                    format!("{paper}"),
                    format!(
                        "{} ({}/{} seeds settled at both)",
                        num(s),
                        each.len(),
                        runs[i].len()
                    ),
                )
                .because(table4_why(runs, i, g4, m.work_sp(i))),
            None => Row::not_reproducible(
                "Table 4",
                quantity,
                format!("{paper}"),
                "–",
                if !serial_solved {
                    "no T(1): serial RBFM did not settle on the solution within its budget"
                        .to_string()
                } else {
                    table4_why(runs, i, g4, m.work_sp(i))
                },
            ),
        });
    }
    rep.row(match (m.work_sp(1), m.work_sp(2)) {
        (Some(a), Some(b)) => Row::claim("Table 4 (§6.3)", table63_quantity(name), a >= 16.0 && b > a)
            .texts(
                "holds",
                format!(
                    "the serial run's {g4} nodes {a:.1}× faster at 32, {b:.1}× at 64 (slaves busy {:.0} % / {:.0} %)",
                    100.0 * m.util(1),
                    100.0 * m.util(2)
                ),
            ),
        _ => Row::not_reproducible(
            "Table 4 (§6.3)",
            table63_quantity(name),
            "holds",
            "–",
            "no master–slave runs: serial RBFM did not settle on the solution within its budget",
        ),
    });
}

/// The position's line of the details table.
fn details_line(
    md: &mut String,
    name: &str,
    row: &TableRow,
    bm_text: &[String],
    s: &SerialRuns,
    m: &MasterRuns,
) {
    let (ab, solved, sols) = (s.ab, s.solved(), &s.sols);
    let (r_nodes, r_secs) = s.mean();
    let (per_generated, leaf, paper_ratio) = (s.per_generated, s.leaf, row.2 / row.1);
    let t = m.t();
    let f = |x: Option<Solution>| x.map_or("–".to_string(), |s| format!("{:.0}", s.nodes));
    let g = |x: Option<f64>| x.map_or("–".to_string(), |s| format!("{s:.1}"));
    let ft = |x: Option<f64>| x.map_or("–".to_string(), |s| format!("{s:.0}"));
    writeln!(
        md,
        "| {name} | {} | {} | {} | {} | {}/{} | {} | {} | {per_generated:.0} | {leaf:.0} | {} | {paper_ratio:.2} | {} | {} | {} | {} | {} |",
        bm_text.join(" "),
        ab.map_or("–".into(), |s| s.at.to_string()),
        f(ab),
        ab.map_or("–".into(), |s| format!("{:.2}", s.seconds)),
        solved.len(),
        sols.len(),
        if solved.is_empty() { "–".into() } else { format!("{r_nodes:.0}") },
        if solved.is_empty() { "–".into() } else { format!("{r_secs:.2}") },
        g(s.ratio()),
        ft(t[0]),
        ft(t[1]),
        g(m.sp(1)),
        ft(t[2]),
        g(m.sp(2)),
    )
    .ok();
}

/// The position's JSON data.
fn position_json(
    name: &str,
    id: &str,
    row: &TableRow,
    bm_text: &[String],
    s: &SerialRuns,
    m: &MasterRuns,
) -> serde_json::Value {
    let (ab, sols, runs) = (s.ab, &s.sols, &m.runs);
    json!({
        "position": name, "id": id, "bm": bm_text,
        "alphabeta": ab.map(|s| json!({"nodes": s.nodes, "seconds": s.seconds, "depth": s.at})),
        "rbfm": sols.iter().map(|s| s.map(|s| json!({"nodes": s.nodes, "seconds": s.seconds, "expansions": s.at}))).collect::<Vec<_>>(),
        "nodes_per_eval": s.leaf, "nodes_per_generated": s.per_generated,
        "ratio": s.ratio(), "paper_ratio": row.2 / row.1,
        "virtual_time": m.t(),
        "speedup32": m.sp(1), "speedup64": m.sp(2),
        "table4_runs": runs.iter().zip(TABLE4_PROCS).map(|(r, p)| json!({
            "procs": p,
            "solution_time": r.iter().map(|x| x.solution.map(|s| s.nodes)).collect::<Vec<_>>(),
            "solution_generated": r.iter().map(|x| x.solution.map(|s| s.at)).collect::<Vec<_>>(),
            "end_time": r.iter().map(|x| x.time).collect::<Vec<_>>(),
            "generated": r.iter().map(|x| x.generated).collect::<Vec<_>>(),
            "changes": r.iter().map(|x| x.changes).collect::<Vec<_>>(),
            "utilization": r.iter().map(|x| x.utilization).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "work_speedup32": m.work_sp(1), "work_speedup64": m.work_sp(2),
    })
}
