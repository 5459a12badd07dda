//! `arachne analyze`: analysis of alpha-beta (Fuller–Gaschnig–Gillogly, seed 001).
//!
//! `arachne analyze nbp --branching N --depth D [--exact] [--trials T] [--seed S] [--range R]
//! [--model iid|incremental] [--bounds] [--force] [--json]`
//!
//! * `--exact`: the exact E[NBP_{N,D}] as a fraction (product method of `arachne-analysis`),
//!   within the documented limits `N^D ≤ 100 000` and `N^(D−2) ≤ 4096` unless `--force`;
//! * `--bounds [--tol X] [--cells M]`: a guaranteed enclosure (interval arithmetic on the
//!   Riemann–Stieltjes sums of the same integral) for sizes where exact is out of reach;
//! * otherwise Monte Carlo: `alphabeta` on `T` seeded random trees (default 1000), in parallel,
//!   within `N ≤ 35`, `D ≤ 8` and about 10^10 bottom positions in all unless `--force`.
use crate::error::{CliError, CliResult};
use crate::output::print_json;
use arachne_analysis::{decimal, product, to_f64, AnalysisError, TreeModel};
use clap::{Args, ValueEnum};
use serde_json::json;
use std::io::IsTerminal;
use std::time::Instant;

/// Random tree model for Monte Carlo.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Model {
    /// i.i.d. bottom values (the paper's model).
    Iid,
    /// Sums of random edge values along the path (§8).
    Incremental,
}

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// What to analyze: `nbp` (expected number of bottom positions alpha-beta examines).
    pub what: String,
    /// Branching factor N.
    #[arg(long, short = 'n', allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub branching: Option<u32>,
    /// Depth D.
    #[arg(long, short = 'd', allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub depth: Option<u32>,
    /// Compute the expected NBP exactly (a fraction) instead of by Monte Carlo.
    #[arg(long)]
    pub exact: bool,
    /// Guaranteed bounds (interval arithmetic) instead of the exact fraction: for sizes where
    /// exact is out of reach.
    #[arg(long, conflicts_with = "exact")]
    pub bounds: bool,
    /// `--bounds`: target relative width of the enclosure.
    #[arg(long, default_value_t = 1e-6, allow_hyphen_values = true, value_parser = crate::args::non_negative_f64)]
    pub tol: f64,
    /// `--bounds`: largest number of intervals in the partition (time grows linearly).
    #[arg(long, default_value_t = 1_000_000, allow_negative_numbers = true, value_parser = crate::args::any_usize)]
    pub cells: usize,
    /// Monte Carlo trials.
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub trials: u64,
    /// Monte Carlo seed.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub seed: u64,
    /// Monte Carlo: R distinct equally likely bottom values (§6); default continuous.
    #[arg(long, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub range: Option<u32>,
    /// Monte Carlo tree model.
    #[arg(long, value_enum, default_value_t = Model::Iid)]
    pub model: Model,
    /// Go past the documented size limits.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

fn usage(e: AnalysisError) -> CliError {
    CliError::usage(e)
}

pub fn run(a: AnalyzeArgs) -> CliResult {
    if a.what != "nbp" {
        return Err(CliError::usage(format!(
            "unknown analysis `{}` (available: nbp)",
            a.what
        )));
    }
    let n = a
        .branching
        .ok_or_else(|| CliError::usage("analyze nbp needs --branching N"))?;
    let d = a
        .depth
        .ok_or_else(|| CliError::usage("analyze nbp needs --depth D"))?;
    arachne_analysis::validate(n, d).map_err(usage)?;
    if a.exact {
        if a.range.is_some() || a.model != Model::Iid {
            return Err(CliError::usage(
                "--exact is for the continuous i.i.d. model only (drop --range / --model)",
            ));
        }
        let t = Instant::now();
        let e = arachne_analysis::exact_nbp(n, d, a.force).map_err(usage)?;
        let nmg_leaves_ok = arachne_analysis::exact_within_limits(n, d);
        let nmg = if nmg_leaves_ok {
            Some(product::expected_move_generations(n, d))
        } else {
            None
        };
        let po = arachne_analysis::ordering::nbp_perfect(n, d);
        // Everything is formatted before the time is taken: the printed time is the command's.
        let dec = decimal(&e, 30);
        if a.json {
            let exact = e.to_string();
            let mean = to_f64(&e);
            let g = nmg.as_ref().map(|g| (g.to_string(), to_f64(g)));
            let secs = t.elapsed().as_secs_f64();
            print_json(&json!({
                "branching": n,
                "depth": d,
                "exact": exact,
                "mean": mean,
                "decimal": dec,
                "move_generations": g.as_ref().map(|g| &g.0),
                "move_generations_mean": g.as_ref().map(|g| g.1),
                "perfect_ordering": po,
                "minimax": arachne_analysis::leaves(n, d),
                "time_ms": secs * 1e3,
            }));
        } else {
            println!("E[NBP] N={n} D={d}: {dec}");
            // Digits from the bit lengths (within one), not from printing the huge integers.
            let digits = |bits: u64| (bits as f64 * std::f64::consts::LOG10_2).floor() as u64 + 1;
            let (pd, qd) = (digits(e.numer().bits()), digits(e.denom().bits()));
            if pd + qd <= 400 {
                println!("exact: {e}");
            } else {
                println!(
                    "exact: a fraction with a numerator of about {pd} digits and a denominator of about {qd} (use --json for all of it)"
                );
            }
            if let Some(g) = nmg {
                println!("E[move generations]: {}", decimal(&g, 12));
            }
            if let Some(po) = po {
                println!(
                    "perfect ordering: {po}   minimax: {}",
                    arachne_analysis::leaves(n, d)
                );
            }
            println!("time: {:.3} s", t.elapsed().as_secs_f64());
        }
        return Ok(());
    }
    if a.bounds {
        if a.range.is_some() || a.model != Model::Iid {
            return Err(CliError::usage(
                "--bounds is for the continuous i.i.d. model only (drop --range / --model)",
            ));
        }
        if a.tol.is_nan() || a.tol <= 0.0 || a.cells == 0 {
            return Err(CliError::usage(
                "--tol must be positive and --cells at least 1",
            ));
        }
        if !a.force && (n as u64) * (d as u64) * (a.cells as u64) > 20_000_000_000 {
            return Err(CliError::usage(format!(
                "--bounds for N={n}, D={d} with {} cells is past the documented limit (N·D·cells ≤ 2e10); use fewer --cells or --force",
                a.cells
            )));
        }
        let t = Instant::now();
        let b = arachne_analysis::bounds::nbp_bounds(n, d, a.tol, a.cells);
        let secs = t.elapsed().as_secs_f64();
        let reached = b.rel_width() <= a.tol;
        if !reached {
            eprintln!(
                "warning: --tol {:e} not reached: relative width {:.2e} with {} intervals (--cells {}); raise --cells for a tighter enclosure",
                a.tol,
                b.rel_width(),
                b.intervals,
                a.cells
            );
        }
        if a.json {
            print_json(&json!({
                "branching": n,
                "depth": d,
                "lower": b.lower,
                "upper": b.upper,
                "mean": b.mid(),
                "rel_width": b.rel_width(),
                "tol": a.tol,
                "tol_reached": reached,
                "intervals": b.intervals,
                "time_ms": secs * 1e3,
            }));
        } else {
            println!(
                "E[NBP] N={n} D={d} in [{:.10}, {:.10}] (guaranteed; relative width {:.2e}, {} intervals)",
                b.lower, b.upper, b.rel_width(), b.intervals
            );
            println!("time: {secs:.3} s");
        }
        return Ok(());
    }
    let model = match a.model {
        Model::Iid => TreeModel::Iid { range: a.range },
        Model::Incremental => {
            if a.range.is_some() {
                return Err(CliError::usage("--range applies to --model iid only"));
            }
            TreeModel::Incremental
        }
    };
    let progress = !a.json && std::io::stderr().is_terminal();
    let t = Instant::now();
    let r = arachne_analysis::monte_carlo(n, d, model, a.trials, a.seed, progress, a.force)
        .map_err(usage)?;
    let secs = t.elapsed().as_secs_f64();
    // The sample standard deviation (and so the interval) needs two trials.
    let defined = r.nbp.trials > 1;
    if a.json {
        print_json(&json!({
            "branching": n,
            "depth": d,
            "model": match a.model { Model::Iid => "iid", Model::Incremental => "incremental" },
            "range": a.range,
            "trials": r.nbp.trials,
            "seed": a.seed,
            "mean": r.nbp.mean,
            "sd": defined.then_some(r.nbp.sd),
            "ci95": defined.then_some(r.nbp.ci95),
            "sd_over_mean": defined.then_some(r.nbp.sd_over_mean),
            "move_generations_mean": r.nmg.mean,
            "time_ms": secs * 1e3,
        }));
    } else {
        println!(
            "Monte Carlo, N={n} D={d}, {} trials, seed {}:",
            r.nbp.trials, a.seed
        );
        if defined {
            println!(
                "E[NBP] ≈ {:.3} ± {:.3} (95% CI), sd {:.3}, sd/mean {:.4}",
                r.nbp.mean, r.nbp.ci95, r.nbp.sd, r.nbp.sd_over_mean
            );
        } else {
            println!(
                "E[NBP] ≈ {:.3} ± n/a (95% CI), sd n/a, sd/mean n/a (one trial: no spread to estimate)",
                r.nbp.mean
            );
        }
        println!("move generations ≈ {:.3}", r.nmg.mean);
        println!("time: {:.3} s", secs);
    }
    Ok(())
}
