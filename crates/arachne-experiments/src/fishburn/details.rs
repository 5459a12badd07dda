//! Fishburn's details: the Markdown tables, the speedup CSV and plot, the JSON data.
use super::*;

/// The details' tables: Tables 1 and 2, the speedup curves, then the theorems.
pub(super) fn details(rep: &mut Report, m: &Measured, t6: &[Theorem6]) {
    let Measured {
        positions,
        depth_b,
        seeds,
        ref source,
        ref t1,
        ref ps,
        ref curves,
        ..
    } = *m;
    let (s0, s1) = (m.s0(), m.s1());
    let labels = ["minimum", "average", "maximum", "standard deviation"];
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# Tables 1 and 2: one master with k slaves\n\n{source}; best-first static ordering, last root successor with (−α−1, −α).\n"
    );
    let _ = writeln!(
        md,
        "| statistic | γ0 k=2 (ours) | γ0 k=2 (paper) | γ0 k=3 (ours) | γ0 k=3 (paper) | γ1 k=2 (ours) | γ1 k=2 (paper) | γ1 k=3 (ours) | γ1 k=3 (paper) |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|");
    for (i, label) in labels.iter().enumerate() {
        let _ = writeln!(
            md,
            "| {label} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            s0[0][i],
            PAPER_G0[0][i],
            s0[1][i],
            PAPER_G0[1][i],
            s1[0][i],
            PAPER_G1[0][i],
            s1[1][i],
            PAPER_G1[1][i]
        );
    }
    let _ = writeln!(
        md,
        "\nMore than k-way speedup with k slaves: positions {}/{} (k=2), {}/{} (k=3) — paper 3/10 and 2/10; subtrees {}/{} (k=2), {}/{} (k=3) — paper 4/84 and 9/84.\n",
        over(&t1.g0[0], 2.0),
        positions,
        over(&t1.g0[1], 3.0),
        positions,
        t1.sub_over_k[0],
        t1.subtrees,
        t1.sub_over_k[1],
        t1.subtrees
    );
    let _ = writeln!(
        md,
        "# Mean speedup against P on `incremental:b=10,d={depth_b}` (seeds 1..{seeds}), arachne cost model\n"
    );
    let mut header = String::from("| algorithm |");
    let mut rule = String::from("|---|");
    for p in ps {
        let _ = write!(header, " P={p} |");
        rule.push_str("---|");
    }
    let _ = writeln!(md, "{header}\n{rule}");
    let mut csv = String::from("algorithm,p_requested,processors,speedup\n");
    for c in curves {
        let mut row = format!("| {} |", c.name);
        for p in ps {
            match c.points.iter().find(|x| x.0 == *p as f64) {
                Some(&(_, used, sp)) => {
                    let _ = write!(row, " {sp:.2} ({used}) |");
                    let _ = writeln!(csv, "{},{p},{used},{sp:.6}", c.name);
                }
                None => row.push_str(" – |"),
            }
        }
        let _ = writeln!(md, "{row}");
    }
    let _ = writeln!(
        md,
        "\nEach cell: mean speedup (processors actually used: the processor tree's size, ≤ P)."
    );
    theory_details(&mut md, m, t6);
    rep.details = md;
    rep.file("fishburn_speedup.csv", csv);
}

/// The details' tables of Theorems 2 to 6 and of §7.3's depth-two processor trees.
fn theory_details(md: &mut String, m: &Measured, t6: &[Theorem6]) {
    let Measured {
        depth_a,
        ref two,
        td,
        tf,
        tq,
        ref theory,
        ref t4,
        ..
    } = *m;
    let _ = writeln!(
        md,
        "\n# Palphabeta theory (Theorems 2, 3 and §7.1): d={td}, f={tf}, q={tq}, `ordered` trees of degree {} and depth q+s, unit cost model (ρ = 1)\n",
        td * tf
    );
    let _ = writeln!(
        md,
        "| s | best-first sim time | Theorem 2 | speedup (→ f^(q/2) = {:.3}) | worst-first sim time | §7.1 formula | speedup (→ f^q = {}) |",
        (tf as f64).powf(tq as f64 / 2.0),
        tf.pow(tq)
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|");
    for r in theory {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {:.4} | {} | {} | {:.4} |",
            r[0], r[1], r[2], r[3], r[4], r[5], r[6]
        );
    }
    let _ = writeln!(
        md,
        "\n# Theorem 4: Pbound's mean bottom positions on i.i.d. random trees\n\nDegree df, height h, processor tree f, h; against the proof's bound f^h·1ᵀM^(h−1)·1.\n"
    );
    let _ = writeln!(
        md,
        "| d | f | r(d,f) | f·r | h | measured mean | bound | measured growth |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|");
    for (d, f, rows) in t4 {
        let r = arachne_parallel::pbound::r(*d, *f);
        for row in rows {
            let _ = writeln!(
                md,
                "| {d} | {f} | {r:.4} | {:.4} | {} | {:.2} | {:.2} | {} |",
                *f as f64 * r,
                row[0],
                row[1],
                row[2],
                if row[3].is_nan() {
                    "–".to_string()
                } else {
                    format!("{:.3}", row[3])
                }
            );
        }
    }
    let _ = writeln!(
        md,
        "\n# Theorem 6 / §7.5: random against best-first ordering (Pbound, unit cost model)\n\n| d | f | f/(√f−1) | q | speedup, random (mean) | speedup, best-first |\n|---|---|---|---|---|---|"
    );
    for (d, f, th, rows) in t6 {
        for r in rows {
            let _ = writeln!(
                md,
                "| {d} | {f} | {th:.2} | {} | {:.3} | {:.3} |",
                r[0], r[1], r[2]
            );
        }
    }
    let _ = writeln!(
        md,
        "\n# §7.3: depth-two processor trees simulated directly\n\nTree-splitting with q = 2 on the positions of Tables 1 and 2 (depth {depth_a}): f = 2 (4 terminal processors): average speedup {:.2} (paper's γ0·γ1: 2.64); f = 3 (9 terminal processors): {:.2} (paper: 4.59).\n",
        min_mean_max_sd(&two[0])[1],
        min_mean_max_sd(&two[1])[1]
    );
}

/// The speedup plot against P, with the lines P and √P.
pub(super) fn plot(rep: &mut Report, m: &Measured) {
    let Measured {
        depth_b,
        seeds,
        ref curves,
        ..
    } = *m;
    let pmax = curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.1))
        .fold(1.0f64, f64::max);
    let mut series: Vec<Series> = Vec::new();
    for c in curves {
        series.push(Series {
            name: c.name.clone(),
            points: c.points.iter().map(|&(_, used, sp)| (used, sp)).collect(),
            style: Style::LinePoints,
        });
        series.push(Series {
            name: c.name.clone(),
            points: c
                .points
                .iter()
                .zip(&c.ci95)
                .flat_map(|(&(_, used, sp), &h)| [(used, sp - h), (used, sp + h)])
                .collect(),
            style: Style::Segments,
        });
    }
    let refs: Vec<f64> = (0..=pmax.log2().ceil() as i32)
        .map(|i| 2f64.powi(i))
        .collect();
    series.push(Series {
        name: "P (linear, worst-first theory)".into(),
        points: refs.iter().map(|&p| (p, p)).collect(),
        style: Style::Line,
    });
    series.push(Series {
        name: "√P (best-first theory)".into(),
        points: refs.iter().map(|&p| (p, p.sqrt())).collect(),
        style: Style::Line,
    });
    rep.plot(
        "fishburn_speedup",
        format!("Mean speedup over serial alpha-beta against processors used (log–log), `incremental:b=10,d={depth_b}`, seeds 1..{seeds}, arachne cost model; bars: 95 % intervals over the trees; the lines P and √P for reference"),
        Chart {
            title: format!("Speedup vs processors, incremental b=10 d={depth_b}, arachne cost model"),
            x_label: "processors used P".into(),
            y_label: "speedup over serial alpha-beta (virtual time ratio)".into(),
            log_x: true,
            log_y: true,
            series,
        },
    );
}

/// The JSON data.
pub(super) fn data(rep: &mut Report, m: &Measured) {
    let Measured {
        depth_a,
        ref source,
        ref t1,
        ref curves,
        td,
        tf,
        tq,
        ref theory,
        ref t4,
        ..
    } = *m;
    let (s0, s1) = (m.s0(), m.s1());
    let stat = |s: [f64; 4]| json!({"min": s[0], "avg": s[1], "max": s[2], "sd": s[3]});
    rep.data = json!({
        "table1": {
            "positions": source, "depth": depth_a,
            "gamma0": {"2": stat(s0[0]), "3": stat(s0[1])},
            "gamma1": {"2": stat(s1[0]), "3": stat(s1[1])},
            "gamma0_values": {"2": t1.g0[0], "3": t1.g0[1]},
            "gamma1_values": {"2": t1.g1[0], "3": t1.g1[1]},
            "paper_gamma0": {"2": PAPER_G0[0], "3": PAPER_G0[1]},
            "paper_gamma1": {"2": PAPER_G1[0], "3": PAPER_G1[1]},
            "positions_over_k": {"2": over(&t1.g0[0], 2.0), "3": over(&t1.g0[1], 3.0)},
            "subtrees_over_k": {"2": t1.sub_over_k[0], "3": t1.sub_over_k[1]},
            "subtrees": t1.subtrees,
        },
        "theory_palphabeta": {"d": td, "f": tf, "q": tq, "rows": theory.iter().map(|r| json!({
            "s": r[0], "best_sim": r[1], "theorem2": r[2], "best_speedup": r[3],
            "worst_sim": r[4], "worst_formula": r[5], "worst_speedup": r[6]})).collect::<Vec<_>>()},
        "theorem4": t4.iter().map(|(d, f, rows)| json!({
            "d": d, "f": f, "r": arachne_parallel::pbound::r(*d, *f),
            "rows": rows.iter().map(|r| json!({"h": r[0], "mean": r[1], "bound": r[2]})).collect::<Vec<_>>()
        })).collect::<Vec<_>>(),
        "speedup": curves.iter().map(|c| json!({
            "algorithm": c.name,
            "ci95": c.ci95,
            "points": c.points.iter().map(|&(p, used, sp)| json!({"p": p, "procs": used, "speedup": sp})).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    });
}
