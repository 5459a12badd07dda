//! `arachne analyze nbp` as a library call: an [`NbpRequest`] (the branching factor and
//! depth, and the method: the exact fraction, guaranteed bounds or Monte Carlo), its checks,
//! the computation and its [`NbpReport`] — the JSON object and the text, rendered once for
//! the command line and any other caller.
//!
//! * exact: E[NBP_{N,D}] as a fraction (the product method, [`crate::product`]), within the
//!   documented limits `N^D ≤ 100 000` and `N^(D−2) ≤ 4096` unless `force`;
//! * bounds: a guaranteed enclosure (interval arithmetic on the Riemann–Stieltjes sums of the
//!   same integral, [`crate::bounds`]) for sizes where exact is out of reach;
//! * Monte Carlo: alpha-beta on seeded random trees ([`crate::monte_carlo`]).
use crate::{decimal, product, to_f64, AnalysisError, TreeModel};
use serde_json::{json, Value};
use std::fmt::Write;
use std::time::Instant;

/// How to compute E\[NBP\].
#[derive(Clone, Debug, PartialEq)]
pub enum Method {
    /// The exact fraction.
    Exact,
    /// Guaranteed bounds to relative width `tol` with at most `cells` intervals.
    Bounds {
        /// Target relative width.
        tol: f64,
        /// Largest number of intervals.
        cells: usize,
    },
    /// Monte Carlo on `trials` random trees of `model` from `seed`.
    MonteCarlo {
        /// The tree model (`TreeModel::Iid { range }` or `Incremental`).
        model: TreeModel,
        /// Trials.
        trials: u64,
        /// Seed.
        seed: u64,
        /// A progress bar on stderr.
        progress: bool,
    },
}

/// E\[NBP\] for branching factor `n` and depth `d` by `method`; `force` goes past the
/// documented size limits.
#[derive(Clone, Debug, PartialEq)]
pub struct NbpRequest {
    /// Branching factor N.
    pub n: u32,
    /// Depth D.
    pub d: u32,
    /// The method.
    pub method: Method,
    /// Go past the documented size limits.
    pub force: bool,
}

/// The result of a request: its JSON object, its text (lines ending in `\n`) and a warning
/// for stderr (bounds short of the tolerance).
#[derive(Clone, Debug, PartialEq)]
pub struct NbpReport {
    /// The `--json` object.
    pub json: Value,
    /// The text form.
    pub text: String,
    /// A warning, in either form.
    pub warning: Option<String>,
}

/// Runs `req`.
pub fn run(req: &NbpRequest) -> Result<NbpReport, AnalysisError> {
    crate::validate(req.n, req.d)?;
    match &req.method {
        Method::Exact => exact(req),
        Method::Bounds { tol, cells } => bounds(req, *tol, *cells),
        Method::MonteCarlo {
            model,
            trials,
            seed,
            progress,
        } => monte_carlo(req, *model, *trials, *seed, *progress),
    }
}

fn exact(req: &NbpRequest) -> Result<NbpReport, AnalysisError> {
    let (n, d) = (req.n, req.d);
    let t = Instant::now();
    let e = crate::exact_nbp(n, d, req.force)?;
    let nmg = crate::exact_within_limits(n, d).then(|| product::expected_move_generations(n, d));
    let po = crate::ordering::nbp_perfect(n, d);
    // Everything is formatted before the time is taken: the reported time is the request's.
    let dec = decimal(&e, 30);
    let exact = e.to_string();
    let mean = to_f64(&e);
    let g = nmg.as_ref().map(|g| (g.to_string(), to_f64(g)));
    let mut text = format!("E[NBP] N={n} D={d}: {dec}\n");
    // Digits from the bit lengths (within one), not from printing the huge integers.
    let digits = |bits: u64| (bits as f64 * std::f64::consts::LOG10_2).floor() as u64 + 1;
    let (pd, qd) = (digits(e.numer().bits()), digits(e.denom().bits()));
    if pd + qd <= 400 {
        let _ = writeln!(text, "exact: {e}");
    } else {
        let _ = writeln!(text, "exact: a fraction with a numerator of about {pd} digits and a denominator of about {qd} (use --json for all of it)");
    }
    if let Some(g) = &nmg {
        let _ = writeln!(text, "E[move generations]: {}", decimal(g, 12));
    }
    if let Some(po) = po {
        let _ = writeln!(
            text,
            "perfect ordering: {po}   minimax: {}",
            crate::leaves(n, d)
        );
    }
    let secs = t.elapsed().as_secs_f64();
    let _ = writeln!(text, "time: {secs:.3} s");
    Ok(NbpReport {
        json: json!({
            "branching": n,
            "depth": d,
            "exact": exact,
            "mean": mean,
            "decimal": dec,
            "move_generations": g.as_ref().map(|g| &g.0),
            "move_generations_mean": g.as_ref().map(|g| g.1),
            "perfect_ordering": po,
            "minimax": crate::leaves(n, d),
            "time_ms": secs * 1e3,
        }),
        text,
        warning: None,
    })
}

fn bounds(req: &NbpRequest, tol: f64, cells: usize) -> Result<NbpReport, AnalysisError> {
    let (n, d) = (req.n, req.d);
    if tol.is_nan() || tol <= 0.0 || cells == 0 {
        return Err(AnalysisError::Invalid(
            "--tol must be positive and --cells at least 1".into(),
        ));
    }
    if !req.force && (n as u64) * (d as u64) * (cells as u64) > 20_000_000_000 {
        return Err(AnalysisError::TooLarge(format!(
            "--bounds for N={n}, D={d} with {cells} cells is past the documented limit (N·D·cells ≤ 2e10); use fewer --cells or --force"
        )));
    }
    let t = Instant::now();
    let b = crate::bounds::nbp_bounds(n, d, tol, cells);
    let secs = t.elapsed().as_secs_f64();
    let reached = b.rel_width() <= tol;
    let warning = (!reached).then(|| format!(
        "warning: --tol {tol:e} not reached: relative width {:.2e} with {} intervals (--cells {cells}); raise --cells for a tighter enclosure",
        b.rel_width(),
        b.intervals,
    ));
    Ok(NbpReport {
        json: json!({
            "branching": n,
            "depth": d,
            "lower": b.lower,
            "upper": b.upper,
            "mean": b.mid(),
            "rel_width": b.rel_width(),
            "tol": tol,
            "tol_reached": reached,
            "intervals": b.intervals,
            "time_ms": secs * 1e3,
        }),
        text: format!(
            "E[NBP] N={n} D={d} in [{:.10}, {:.10}] (guaranteed; relative width {:.2e}, {} intervals)\ntime: {secs:.3} s\n",
            b.lower, b.upper, b.rel_width(), b.intervals
        ),
        warning,
    })
}

fn monte_carlo(
    req: &NbpRequest,
    model: TreeModel,
    trials: u64,
    seed: u64,
    progress: bool,
) -> Result<NbpReport, AnalysisError> {
    let (n, d) = (req.n, req.d);
    let t = Instant::now();
    let r = crate::monte_carlo(n, d, model, trials, seed, progress, req.force)?;
    let secs = t.elapsed().as_secs_f64();
    // The sample standard deviation (and so the interval) needs two trials.
    let defined = r.nbp.trials > 1;
    let (name, range) = match model {
        TreeModel::Iid { range } => ("iid", range),
        TreeModel::Incremental => ("incremental", None),
    };
    let mut text = format!(
        "Monte Carlo, N={n} D={d}, {} trials, seed {seed}:\n",
        r.nbp.trials
    );
    if defined {
        let _ = writeln!(
            text,
            "E[NBP] ≈ {:.3} ± {:.3} (95% CI), sd {:.3}, sd/mean {:.4}",
            r.nbp.mean, r.nbp.ci95, r.nbp.sd, r.nbp.sd_over_mean
        );
    } else {
        let _ = writeln!(
            text,
            "E[NBP] ≈ {:.3} ± n/a (95% CI), sd n/a, sd/mean n/a (one trial: no spread to estimate)",
            r.nbp.mean
        );
    }
    let _ = writeln!(text, "move generations ≈ {:.3}", r.nmg.mean);
    let _ = writeln!(text, "time: {secs:.3} s");
    Ok(NbpReport {
        json: json!({
            "branching": n,
            "depth": d,
            "model": name,
            "range": range,
            "trials": r.nbp.trials,
            "seed": seed,
            "mean": r.nbp.mean,
            "sd": defined.then_some(r.nbp.sd),
            "ci95": defined.then_some(r.nbp.ci95),
            "sd_over_mean": defined.then_some(r.nbp.sd_over_mean),
            "move_generations_mean": r.nmg.mean,
            "time_ms": secs * 1e3,
        }),
        text,
        warning: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_values_and_checks() {
        let req = |n, d, method| NbpRequest {
            n,
            d,
            method,
            force: false,
        };
        // N = 1: one bottom position; N = 2, D = 1: both are examined.
        let r = run(&req(1, 3, Method::Exact)).unwrap();
        assert_eq!(r.json["exact"], "1");
        let r = run(&req(2, 1, Method::Exact)).unwrap();
        assert_eq!(r.json["exact"], "2");
        assert!(r.text.starts_with("E[NBP] N=2 D=1: 2"), "{}", r.text);
        assert!(run(&req(50, 50, Method::Exact)).is_err());
        assert!(run(&req(0, 2, Method::Exact)).is_err());
        let b = run(&req(
            2,
            2,
            Method::Bounds {
                tol: 1e-3,
                cells: 1000,
            },
        ))
        .unwrap();
        let exact = to_f64(&crate::exact_nbp(2, 2, false).unwrap());
        let (lo, hi) = (
            b.json["lower"].as_f64().unwrap(),
            b.json["upper"].as_f64().unwrap(),
        );
        assert!(lo <= exact && exact <= hi, "{lo} {exact} {hi}");
        assert!(run(&req(
            2,
            2,
            Method::Bounds {
                tol: 0.0,
                cells: 10
            }
        ))
        .is_err());
        let mc = Method::MonteCarlo {
            model: TreeModel::Iid { range: None },
            trials: 1,
            seed: 1,
            progress: false,
        };
        let m = run(&req(2, 1, mc)).unwrap();
        assert_eq!(m.json["mean"], 2.0);
        assert!(m.json["sd"].is_null());
    }
}
