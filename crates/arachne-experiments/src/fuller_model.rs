//! Seed 001 §1–§3: the figures before the analysis. Figure 3.1 (the distribution function of
//! the node values at every level of a ⟨4, 5⟩ tree with uniform bottom values, Eqns 3.1 and
//! 3.2) is recomputed and checked against the values of simulated trees; Figures 1.1 and
//! 2.1–2.4 illustrate minimax, cutoffs and the notation on small trees whose values are not in
//! our copy of the paper, and are listed as such.
//!
//! Choices, fixed here:
//!
//! * **Figure 3.1.** The curves are Eqns 3.1–3.2 with `V_5(x) = x` on the unit interval (the
//!   paper's illustrative choice): `V_k = V_{k+1}^4` at Max levels (k = 0, 2, 4), `1 − V_k =
//!   (1 − V_{k+1})^4` at Min levels (k = 1, 3). The check: seeded `iid` trees ⟨4, 5⟩ with
//!   continuous values (uniform integers in `[−2^29, 2^29)`, mapped to `(0, 1)`), every node's
//!   minimax value by level, and the Kolmogorov–Smirnov distance between each level's
//!   empirical distribution and the formula, against the 95 % critical value `1.358/√n`
//!   (n = nodes of that level over all trees; the nodes of one level are independent, their
//!   subtrees being disjoint). A statistical row: reported, not asserted.
use crate::report::{Report, Row};
use crate::{ExpError, Options};
use arachne_core::Game;
use arachne_games::iid::{IidParams, IidTree};
use arachne_plot::{Chart, Series, Style};
use serde_json::json;
use std::fmt::Write as _;

/// Branching factor and depth of Figure 3.1.
const N: u32 = 4;
const D: u32 = 5;

/// `V_k(x)` of Eqns 3.1–3.2 for uniform bottom values (`V_D(x) = x`), Max at even levels.
pub fn level_cdf(k: u32, x: f64) -> f64 {
    let mut v = x.clamp(0.0, 1.0);
    for level in (k..D).rev() {
        v = if level % 2 == 0 {
            v.powi(N as i32)
        } else {
            1.0 - (1.0 - v).powi(N as i32)
        };
    }
    v
}

/// Minimax value (Max's view, mapped to `(0, 1)`) of `node` at `level`; pushes every node's
/// value into `by_level`.
fn values(node: &IidTree, level: u32, by_level: &mut [Vec<f64>]) -> f64 {
    let v = if level == D {
        (node.max_value() as f64 + (1u64 << 29) as f64 + 0.5) / (1u64 << 30) as f64
    } else {
        let kids = (0..N).map(|i| values(&node.play(i), level + 1, by_level));
        if level % 2 == 0 {
            kids.fold(f64::NEG_INFINITY, f64::max)
        } else {
            kids.fold(f64::INFINITY, f64::min)
        }
    };
    by_level[level as usize].push(v);
    v
}

/// Kolmogorov–Smirnov distance between the sample `xs` and the distribution `cdf`.
pub fn ks_distance(xs: &mut [f64], cdf: impl Fn(f64) -> f64) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len() as f64;
    xs.iter().enumerate().fold(0.0, |d: f64, (i, &x)| {
        let f = cdf(x);
        d.max((i as f64 + 1.0) / n - f).max(f - i as f64 / n)
    })
}

/// Adds the rows, details and plot of Figures 1.1–3.1 to `rep`.
pub(crate) fn figures_1_to_3(o: &Options, rep: &mut Report) -> Result<(), ExpError> {
    for (fig, what, paper) in [
        (
            "Figure 1.1",
            "a game tree with branching factor 3 and depth 2, backed up by minimax",
            "illustration",
        ),
        (
            "Figure 2.1",
            "alpha and beta cutoffs on a depth-3 tree",
            "15 bottom positions evaluated",
        ),
        ("Figure 2.2", "deep alpha cutoffs", "illustration"),
        (
            "Figure 2.3",
            "the notation p(i_d), v(i_d) on a ⟨4, 5⟩ tree",
            "illustration",
        ),
        (
            "Figure 2.4",
            "the candidates p(i_j*) for the cutoff of an unexamined position",
            "illustration",
        ),
    ] {
        rep.row(Row::not_reproducible(
            fig,
            what,
            paper,
            "–",
            "an illustration whose tree values are not in our copy of the paper; the minimax and alpha-beta it illustrates are tested against each other in arachne-search",
        ));
    }

    let trials: u64 = if o.quick { 200 } else { 2000 };
    o.progress.message("Figure 3.1: node value distributions");
    let mut by_level = vec![Vec::new(); D as usize + 1];
    for t in 0..trials {
        let tree = IidTree::new(IidParams {
            n: N,
            d: D,
            seed: o.seed ^ 0x3131_0000 ^ t,
            range: None,
        });
        values(&tree, 0, &mut by_level);
    }
    rep.setup(
        "Figure 3.1",
        format!(
            "{trials} seeded i.i.d. trees ⟨4, 5⟩ with continuous bottom values mapped to (0, 1); every node's minimax value, by level, against Eqns 3.1–3.2 with uniform bottom values (Kolmogorov–Smirnov distance, 95 % critical value 1.358/√n)"
        ),
    );
    let mut md = String::from(
        "\n### Figure 3.1: distribution of node values by level, ⟨N, D⟩ = ⟨4, 5⟩\n\n| level | player | nodes n | KS distance | 95 % critical | mean (ours) | mean (formula) |\n|---|---|---|---|---|---|---|\n",
    );
    let grid: Vec<f64> = (0..=100).map(|i| i as f64 / 100.0).collect();
    let mut series = Vec::new();
    let mut ks_all = Vec::new();
    for (k, xs) in by_level.iter_mut().enumerate() {
        let k32 = k as u32;
        let who = if k == D as usize {
            "bottom"
        } else if k % 2 == 0 {
            "Max"
        } else {
            "Min"
        };
        let n = xs.len();
        let mean = xs.iter().sum::<f64>() / n as f64;
        // E[X] = ∫ (1 − F) on (0, 1), by the midpoint rule on 1000 cells.
        let mean_f = (0..1000)
            .map(|i| 1.0 - level_cdf(k32, (i as f64 + 0.5) / 1000.0))
            .sum::<f64>()
            / 1000.0;
        let ks = ks_distance(xs, |x| level_cdf(k32, x));
        let crit = 1.358 / (n as f64).sqrt();
        ks_all.push(json!({"level": k, "n": n, "ks": ks, "critical": crit, "mean": mean, "mean_formula": mean_f}));
        let _ = writeln!(
            md,
            "| {k} | {who} | {n} | {ks:.4} | {crit:.4} | {mean:.4} | {mean_f:.4} |"
        );
        rep.row(
            Row::claim(
                "Figure 3.1",
                format!("level {k} ({who}, {n} nodes): the node values follow Eqns 3.1–3.2 (Kolmogorov–Smirnov distance below the 95 % critical value)"),
                ks < crit,
            )
            .texts(
                format!("V_{k}(x), mean {mean_f:.4}"),
                format!("distance {ks:.4} < {crit:.4}, mean {mean:.4}"),
            )
            .because(format!(
                "distance {ks:.4} above the 95 % critical value {crit:.4} (1 level in 20 may be, by chance)"
            )),
        );
        let name = format!("level {k} ({who})");
        series.push(Series {
            name: name.clone(),
            points: grid.iter().map(|&x| (x, level_cdf(k32, x))).collect(),
            style: Style::Line,
        });
        // The empirical distribution at every tenth of the unit interval.
        let pts = (1..10)
            .map(|i| {
                let x = i as f64 / 10.0;
                (x, xs.partition_point(|&v| v <= x) as f64 / n as f64)
            })
            .collect();
        series.push(Series {
            name,
            points: pts,
            style: Style::Points,
        });
    }
    rep.details.push_str(&md);
    rep.plot(
        "figure_3_1",
        "Figure 3.1: distribution function of the node values at each level of a ⟨4, 5⟩ tree with uniform bottom values — Eqns 3.1–3.2 (lines) and the empirical distribution over seeded i.i.d. trees (points)",
        Chart {
            title: "Figure 3.1: node values by level, ⟨N, D⟩ = ⟨4, 5⟩".into(),
            x_label: "value x (bottom values uniform on the unit interval)".into(),
            y_label: "P(node value ≤ x) (probability)".into(),
            log_x: false,
            log_y: false,
            series,
        },
    );
    rep.data["figure_3_1"] = json!({"trials": trials, "levels": ks_all});
    Ok(())
}
