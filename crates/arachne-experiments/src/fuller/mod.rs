//! `arachne experiment fuller`: seed 001's tables and figures, recomputed.
//!
//! Writes into the output directory:
//!
//! * `fuller.md` (and `.json`, `_rows.csv`, `.html`) — the report: one row per table and figure
//!   of the paper, the paper's value beside ours, and every table below;
//! * `table_5_1.csv`, `table_5_2.csv` — the exact values the paper computed with MACSYMA (withheld
//!   from our copy) and more: every (N, D) done exactly, as fractions and decimals;
//! * `figure_5_1.csv`, `figure_5_1.{svg,png}` — E[NBP_{N,D}] against N, D = 2..8, log–log, exact
//!   points marked, Monte Carlo elsewhere;
//! * `table_7_1.csv` — `K_D`, `L_D` fits beside the paper's Table 7.1 and `.720 D + .227`;
//! * `depth_ratios.csv` — DR for alpha-beta and perfect ordering, DR* of perfect ordering;
//! * `figure_6_1.csv`, `figure_6_1.{svg,png}` — D = 3, E\[NBP\] against N for R distinct values;
//! * `correlation.csv` — `incremental` trees (sums along the path, §8) against i.i.d. values;
//! * `move_generations.csv` — exact expected non-terminal positions examined (§5, end);
//! * `perfect_ordering.csv` — the §2 closed form against `alphabeta` on best-first trees.
//!
//! One module per part of the paper: `figure_5_1` (E\[NBP\] against N), `fits` (Table 7.1,
//! the L_D line, depth ratios), `figure_6_1` (the range R of the values) and `section_8`
//! (correlation, move generations, perfect ordering); this file runs them in the report's
//! order and holds Tables 5.1 and 5.2.
mod figure_5_1;
mod figure_6_1;
mod fits;
mod section_8;

use crate::report::{num, Report, Row, Sample};
use crate::{ExpError, Options};
use arachne_analysis::fit::{self, PowerFit};
use arachne_analysis::{
    decimal, exact_within_limits, montecarlo, ordering, paper, product, to_f64, BigRational,
    TreeModel,
};
use arachne_plot::{Chart, Series, Style};
use serde::Serialize;
use serde_json::json;
use std::fmt::Write as _;
use std::time::Instant;

/// The paper.
pub const PAPER: &str =
    "Fuller, Gaschnig and Gillogly, Analysis of the alpha-beta pruning algorithm (1973)";

/// One point of Figure 5.1.
#[derive(Clone, Debug, Serialize)]
pub struct Point {
    /// Branching factor.
    pub n: u32,
    /// Depth.
    pub d: u32,
    /// `exact` or `monte-carlo`.
    pub method: &'static str,
    /// E\[NBP\] (exact value rounded, or the sample mean).
    pub mean: f64,
    /// Sample standard deviation (Monte Carlo).
    pub sd: Option<f64>,
    /// 95 % half-width (Monte Carlo).
    pub ci95: Option<f64>,
    /// Seconds spent.
    pub seconds: f64,
}

/// Monte Carlo trials per Figure 5.1 point in the full form.
const FULL_TRIALS: u64 = 1000;
/// The full form's Monte Carlo budget per point: trials · 2N^(.72D+.28) at most this.
const FULL_MC_CAP: f64 = 2e9;

/// Whether the full form computes E[NBP_(N,D)] for Figure 5.1 (exactly or by Monte Carlo):
/// the quick form keeps a row, not computed, for each point it leaves out of those.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let mut rep = Report::new(
        "fuller",
        "Fuller, Gaschnig and Gillogly (1973): the analysis of alpha-beta, recomputed",
        PAPER,
        o.quick,
    );
    rep.setup(
        "model",
        "complete trees of branching N and depth D whose bottom values are i.i.d. continuous (a random permutation), searched by alpha-beta with deep cutoffs, successors in generation order",
    );
    rep.setup(
        "exact values",
        "the product method (crate `arachne-analysis`, module `product`; exact rational arithmetic), checked against the paper's own method (Eqn 5.6 with Lemma 5.3, module `paper`) and against brute force over all permutations in the tests",
    );
    rep.setup(
        "paper's printed values",
        "Tables 5.1 and 5.2 are withheld in our copy of the paper (\"value withheld: compute it\"): the paper column of those rows is the paper's own method (Eqn 5.6, Lemma 5.3, computed as MACSYMA did) evaluated exactly, and the verdict is the equality check against ours",
    );
    rep.setup(
        "Monte Carlo",
        format!(
            "`alphabeta` on seeded `iid` trees (continuous values; §6 with R distinct values), seed {} (each point's stream derived from the seed, N and D); the paper: 1000 trials per point, values uniform on (0, 2^35 − 1)",
            o.seed
        ),
    );
    let mut md = String::new();
    let (exact_equal, paper_cases) = tables_5(o, &mut rep, &mut md);
    let (points, trials) = figure_5_1::points(o, &mut rep);
    figure_5_1::plot(&mut rep, &points);
    figure_5_1::rows(o, &mut rep, &mut md, &points, trials);
    let (fits, l_vs_d) = fits::table_7_1(o, &mut rep, &mut md, &points);
    fits::monte_carlo_spread(&mut rep, &mut md, &points, trials);
    fits::depth_ratios(&mut rep, &mut md, &points);
    figure_6_1::figure_6_1(o, &mut rep, &mut md);
    section_8::correlation(o, &mut rep, &mut md);
    section_8::move_generations(o, &mut rep, &mut md);
    section_8::perfect_ordering(o, &mut rep, &mut md, &points);
    let exact_points = points.iter().filter(|p| p.method == "exact").count();
    let _ = writeln!(
        md,
        "\n---\n\n{} exact and {} Monte Carlo points in Figure 5.1 and the fits; {exact_equal} of {} paper-method values equal ours.",
        exact_points,
        points.len() - exact_points,
        paper_cases
    );
    rep.details = md;
    rep.data = json!({
        "fits": fits,
        "l_vs_d": l_vs_d,
        "exact_points": exact_points,
        "monte_carlo_points": points.len() - exact_points,
        "paper_method_equal": exact_equal,
        "paper_method_cases": paper_cases,
        "figure_5_1": points.iter().filter(|p| p.d <= 8).collect::<Vec<_>>(),
    });
    crate::fuller_chess::section_6(o, &mut rep)?;
    crate::fuller_model::figures_1_to_3(o, &mut rep)?;
    Ok(rep)
}

/// Tables 5.1 and 5.2 (exact), then the product method past the paper's range; returns how
/// many of the paper's cases the paper's method and ours agree on, and how many there are.
fn tables_5(o: &Options, rep: &mut Report, md: &mut String) -> (usize, usize) {
    o.progress.message("Tables 5.1 and 5.2 (exact)");
    let _ = writeln!(
        md,
        "# Tables 5.1 and 5.2: exact E[NBP_(N,D)]\n\nThe paper computed these with MACSYMA by its Eqn 5.6 and Lemma 5.3; our copy withholds the printed values. \"Paper's method\" is that computation done exactly (module `paper`), \"ours\" is the product method (module `product`); they must be equal.\n\n| table | D | N | paper's method (Eqn 5.6) | ours (product method) | equal | decimal |\n|---|---|---|---|---|---|---|"
    );
    let mut csv51 = String::from("N,D,exact,decimal,seconds\n");
    let mut csv52 = csv51.clone();
    let mut paper_cases: Vec<(&str, u32, u32)> = (2..=12).map(|n| ("Table 5.1", n, 2)).collect();
    paper_cases.extend((2..=5).map(|n| ("Table 5.2", n, 3)));
    paper_cases.extend((2..=3).map(|n| ("Table 5.2", n, 4)));
    let mut exact_equal = 0;
    for &(table, n, d) in &paper_cases {
        let t = Instant::now();
        let e = product::expected_nbp(n, d);
        let s = t.elapsed().as_secs_f64();
        let p = paper::expected_nbp(n, d);
        let equal = p == e;
        exact_equal += equal as usize;
        let _ = writeln!(
            md,
            "| {table} | {d} | {n} | {} | {} | {} | {} |",
            short(&p),
            short(&e),
            if equal { "yes" } else { "**no**" },
            decimal(&e, 6)
        );
        rep.row(
            Row::exact(
                table,
                format!("E[NBP_({n},{d})]"),
                (to_f64(&p), p.to_string()),
                (to_f64(&e), e.to_string()),
            )
            .texts(row_fraction(&p), row_fraction(&e)),
        );
        let csv = if d == 2 { &mut csv51 } else { &mut csv52 };
        let _ = writeln!(csv, "{n},{d},{e},{},{s:.6}", decimal(&e, 12));
    }
    // Past the paper's range, ours only.
    let t52 = if o.quick { (8, 5) } else { (12, 8) };
    let _ = writeln!(
        md,
        "\nPast the paper's range (ours only, product method):\n\n| D | N | E[NBP] | exact |\n|---|---|---|---|"
    );
    for (d, lo, nmax) in [(3, 6, t52.0), (4, 4, t52.1)] {
        for n in lo..=nmax {
            let t = Instant::now();
            let e = product::expected_nbp(n, d);
            let s = t.elapsed().as_secs_f64();
            let _ = writeln!(md, "| {d} | {n} | {} | {} |", decimal(&e, 6), short(&e));
            let _ = writeln!(csv52, "{n},{d},{e},{},{s:.6}", decimal(&e, 12));
        }
    }
    rep.file("table_5_1.csv", csv51);
    rep.file("table_5_2.csv", csv52);
    (exact_equal, paper_cases.len())
}

/// (the whole fraction is in the CSV and the JSON data).
fn row_fraction(x: &BigRational) -> String {
    let s = x.to_string();
    if s.len() <= 24 {
        s
    } else {
        format!(
            "{} (exact fraction, {}-digit denominator)",
            decimal(x, 9),
            x.denom().to_string().len()
        )
    }
}

/// A fraction, abbreviated when long.
fn short(x: &BigRational) -> String {
    let s = x.to_string();
    if s.len() <= 60 {
        format!("`{s}`")
    } else {
        format!(
            "({}-digit denominator; see the CSV)",
            x.denom().to_string().len()
        )
    }
}
