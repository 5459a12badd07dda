//! Fishburn's rows: Tables 1 and 2 and §7.3 against the paper, the theorems' values
//! against ours.
use super::*;
use crate::report::interval::{mean_interval, proportion_interval, sd_interval};
use crate::report::Interval;

/// The positions the paper's Tables 1 and 2 average over.
const PAPER_POSITIONS: u64 = 10;

/// The t interval of a mean over positions `xs`, with the paper's own from its `(mean, sd)`
/// over its ten positions when given.
fn positions_interval(xs: &[f64], paper: Option<(f64, f64)>) -> Interval {
    mean_interval(
        xs,
        "positions",
        paper.map(|(m, sd)| (m, sd, PAPER_POSITIONS)),
    )
}

/// Tables 1 and 2 (γ0, γ1), the more-than-k-way counts and §7.3's speedups.
pub(super) fn tables_1_2(rep: &mut Report, m: &Measured) {
    let Measured {
        positions,
        ref t1,
        ref two,
        ..
    } = *m;
    let (s0, s1) = (m.s0(), m.s1());
    let labels = ["minimum", "average", "maximum", "standard deviation"];
    for (table, ours, paper, g, xs) in [
        ("Table 1", &s0, &PAPER_G0, "γ0", &t1.g0),
        ("Table 2", &s1, &PAPER_G1, "γ1", &t1.g1),
    ] {
        for k in 0..2 {
            for (i, label) in labels.iter().enumerate() {
                let row = Row::compare(
                    table,
                    format!("{g} {label}, {} slaves", k + 2),
                    paper[k][i],
                    ours[k][i],
                    0.10,
                )
                .texts(format!("{:.2}", paper[k][i]), format!("{:.2}", ours[k][i]));
                // The averages are judged by their t intervals, ours and the paper's; the
                // spreads by their χ² intervals (a spread over ten positions).
                rep.row(match i {
                    1 => row.sampled(positions_interval(&xs[k], Some((paper[k][1], paper[k][3])))),
                    3 => row.sampled(sd_interval(
                        &xs[k],
                        "positions",
                        Some((paper[k][3], PAPER_POSITIONS)),
                    )),
                    _ => row,
                });
            }
        }
    }
    // Counts out of the positions (or subtrees) with their Wilson intervals beside the
    // paper's: of 10 positions, a count is exact only by chance.
    let frac = |a: usize, b: usize| (a as f64 / b.max(1) as f64, format!("{a}/{b}"));
    let counts = [
        (
            "positions sped up by more than 2 with 2 slaves",
            (3, 10),
            (over(&t1.g0[0], 2.0), positions as usize),
            "positions",
        ),
        (
            "positions sped up by more than 3 with 3 slaves",
            (2, 10),
            (over(&t1.g0[1], 3.0), positions as usize),
            "positions",
        ),
        (
            "subtrees sped up by more than 2 with 2 slaves",
            (4, 84),
            (t1.sub_over_k[0], t1.subtrees),
            "subtrees",
        ),
        (
            "subtrees sped up by more than 3 with 3 slaves",
            (9, 84),
            (t1.sub_over_k[1], t1.subtrees),
            "subtrees",
        ),
    ];
    for (what, (pa, pb), (a, b), unit) in counts {
        let iv = proportion_interval(
            a as f64,
            b as u64,
            Some((pa as f64, pb as u64)),
            (b as u64, unit),
        );
        let row = Row::exact("§5 (more than k-way)", what, frac(pa, pb), frac(a, b));
        rep.row(row.sampled(iv));
    }
    // §7.3: γ0·γ1 as the speedup of a depth-two processor tree.
    let g0g1 = [s0[0][1], s0[1][1], s0[0][1] * s1[0][1], s0[1][1] * s1[1][1]];
    for (i, (t, paper)) in [(2u32, 1.81), (3, 2.34), (4, 2.64), (9, 4.59)]
        .into_iter()
        .enumerate()
    {
        let what = if i < 2 {
            "γ0 average"
        } else {
            "γ0·γ1 (averages)"
        };
        let row = Row::compare(
            "§7.3",
            format!("speedup with {t} terminal processors: {what}"),
            paper,
            g0g1[i],
            0.10,
        )
        .texts(format!("{paper:.2}"), format!("{:.2}", g0g1[i]));
        // γ0's averages are Table 1's, with its intervals; a product of averages has none.
        rep.row(if i < 2 {
            let p = PAPER_G0[i];
            row.sampled(positions_interval(&t1.g0[i], Some((p[1], p[3]))))
        } else {
            row
        });
    }
    let within = g0g1
        .iter()
        .zip([2.0f64, 3.0, 4.0, 9.0])
        .all(|(&g, t)| g >= t.sqrt() && g <= t);
    rep.row(Row::claim(
        "§7.3",
        "every measured speedup lies between √P (best-first theory) and P (worst-first)",
        within,
    ));
    for (i, (t, paper)) in [(4u32, 2.64), (9, 4.59)].into_iter().enumerate() {
        let m = min_mean_max_sd(&two[i])[1];
        rep.row(
            Row::compare(
                "§7.3",
                format!("speedup with {t} terminal processors: simulated depth-two processor tree (f = {}), average", i + 2),
                paper,
                m,
                0.10,
            )
            .texts(format!("{paper:.2} (γ0·γ1)"), format!("{m:.2}"))
            .sampled(positions_interval(&two[i], None)),
        );
    }
}

/// Theorems 2 to 5 and §7.1 (Palphabeta, falphabeta, Pbound).
pub(super) fn theorems_2_to_5(o: &Options, rep: &mut Report, m: &Measured) -> Result<(), ExpError> {
    let Measured {
        td,
        tf,
        tq,
        smax,
        ref theory,
        t4_trials,
        ref t4,
        ..
    } = *m;
    // Theorems 2, 3 and §7.1.
    rep.sample(Sample::new(1, None, "ordered tree per s (exact)"));
    for r in theory {
        // (figure, ordering, column of the theorem's value, column of ours)
        for (fig, order, paper, ours) in [
            ("Theorem 2", "best-first", 2, 1),
            ("§7.1 (worst-first)", "worst-first", 5, 4),
        ] {
            rep.row(Row::exact(
                fig,
                format!("Palphabeta time, {order}, d={td} f={tf} q={tq} s={}", r[0]),
                (r[paper], format!("{}", r[paper])),
                (r[ours], format!("{}", r[ours])),
            ));
        }
    }
    // The full form's larger s, as rows of the quick form too (the same rows at every scale).
    for s in smax + 1..=SMAX_FULL {
        use arachne_parallel::palphabeta_par::{theorem2_time, worst_first_time};
        for (fig, order, paper) in [
            ("Theorem 2", "best-first", theorem2_time(td, tf, tq, s, 1.0)),
            (
                "§7.1 (worst-first)",
                "worst-first",
                worst_first_time(td, tf, tq, s, 1.0),
            ),
        ] {
            rep.not_computed(
                fig,
                format!("Palphabeta time, {order}, d={td} f={tf} q={tq} s={s}"),
                format!("{paper}"),
            );
        }
    }
    if let Some(r) = theory.last() {
        let lim = (tf as f64).powf(tq as f64 / 2.0);
        rep.row(
            Row::compare(
                "Theorem 3",
                format!("best-first speedup at s = {} (→ f^(q/2) as s → ∞)", r[0]),
                lim,
                r[3],
                0.10,
            )
            .texts(format!("→ {lim:.3}"), format!("{:.3}", r[3])),
        );
    }
    // §7.1 Theorem 1 and Corollary 1; §8.1's falphabeta theorem.
    o.progress
        .message("§7.1 Theorem 1, Corollary 1, §8.1 Theorem 1");
    crate::fishburn_theory::palphabeta_rows(rep, o.quick)?;
    crate::fishburn_theory::falphabeta_rows(rep, o.quick, o.seed);
    rep.sample(Sample::new(t4_trials, None, "trees per height"));
    for (d, f, rows) in t4 {
        let ok = rows.iter().all(|r| r[1] <= r[2] + 1e-9);
        rep.row(Row::claim(
            "Theorem 4",
            format!("Pbound's mean bottom positions ≤ f^h·1ᵀM^(h−1)·1, d={d} f={f}, h = 1..4"),
            ok,
        ));
    }
    for (d, f, rows) in t4 {
        let fr = *f as f64 * arachne_parallel::pbound::r(*d, *f);
        if let Some(last) = rows.last() {
            // Theorem 5 bounds the branching factor lim T^(1/h) from above by way of Theorem
            // 4's f·r(d, f): a bound, not a target.
            rep.row(
                Row::bound(
                    "Theorem 5",
                    format!("per-level growth of Pbound's bottom positions at h = {}, d={d} f={f}, against the upper bound f·r(d,f)", last[0]),
                    fr,
                    last[3],
                    true,
                )
                .texts(format!("≤ f·r = {fr:.3}"), format!("{:.3}", last[3]))
                .because("the growth at a small height h is not yet the limit h → ∞ the theorem bounds"),
            );
        }
    }
    Ok(())
}

/// Theorem 6 / §7.5: random against best-first ordering under Pbound; returns (d, f,
/// threshold, rows) per case for the details.
pub(super) fn theorem_6(o: &Options, rep: &mut Report) -> Result<Vec<Theorem6>, ExpError> {
    let (t6_s, t6_q, t6_trials) = if o.quick {
        (2u32, 3u32, 3u64)
    } else {
        (2, 4, 10)
    };
    rep.sample(Sample::new(t6_trials, None, "trees per point"));
    let mut t6 = Vec::new();
    for (d, f) in [(2u64, 2u64), (8, 2), (2, 4), (8, 4)] {
        o.progress.message(format!("Theorem 6: d={d} f={f}"));
        let qmax = if d * f >= 32 { t6_q.min(3) } else { t6_q };
        let rows = theorem6_rows(d, f, t6_s, qmax, t6_trials)?;
        let threshold = f as f64 / ((f as f64).sqrt() - 1.0);
        let predicted = d as f64 > threshold;
        let n = rows.len();
        // Geometric mean growth per processor level, q = 1 → qmax.
        let growth = |k: usize| (rows[n - 1][k] / rows[0][k]).powf(1.0 / (n - 1) as f64);
        let (gr, gb) = (growth(1), growth(2));
        let observed = gr > gb;
        rep.row(
            Row::claim(
                "Theorem 6 / §7.5",
                format!(
                    "d={d}, f={f}: d {} f/(√f − 1) = {threshold:.2}, so random ordering's speedup should grow {} than best-first's per processor level (Pbound, geometric mean growth q = 1 → {n})",
                    if predicted { ">" } else { "≤" },
                    if predicted { "faster" } else { "no faster" },
                ),
                observed == predicted,
            )
            .because(format!("not observed for q ≤ {n} (the theorem is asymptotic in q)"))
            .texts(
                if predicted { "random faster" } else { "best-first at least as fast" },
                format!("growth random {gr:.3}, best-first {gb:.3}"),
            ),
        );
        t6.push((d, f, threshold, rows));
    }
    rep.setup(
        "Theorem 6 check",
        format!("Pbound (unit cost model) on `iid` trees (random order, {t6_trials} trees per point) and on `ordered:order=best` trees, degree df, height q + {t6_s}, processor trees of fan-out f and height q = 1..{t6_q} (1..3 when df ≥ 32); the theorem is asymptotic in q, we compare the geometric mean growth of the speedup per processor level from q = 1 to the largest q"),
    );
    Ok(t6)
}
