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
use arachne_analysis::request::{self, Method, NbpRequest};
use arachne_analysis::TreeModel;
use clap::{Args, ValueEnum};
use std::io::IsTerminal;

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

/// `arachne analyze`.
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
    arachne_analysis::validate(n, d).map_err(CliError::usage)?;
    let iid_only = |m: &str| {
        if a.range.is_some() || a.model != Model::Iid {
            return Err(CliError::usage(format!(
                "{m} is for the continuous i.i.d. model only (drop --range / --model)"
            )));
        }
        Ok(())
    };
    let method = if a.exact {
        iid_only("--exact")?;
        Method::Exact
    } else if a.bounds {
        iid_only("--bounds")?;
        Method::Bounds {
            tol: a.tol,
            cells: a.cells,
        }
    } else {
        let model = match a.model {
            Model::Iid => TreeModel::Iid { range: a.range },
            Model::Incremental if a.range.is_some() => {
                return Err(CliError::usage("--range applies to --model iid only"))
            }
            Model::Incremental => TreeModel::Incremental,
        };
        Method::MonteCarlo {
            model,
            trials: a.trials,
            seed: a.seed,
            progress: !a.json && std::io::stderr().is_terminal(),
        }
    };
    let req = NbpRequest {
        n,
        d,
        method,
        force: a.force,
    };
    let r = request::run(&req).map_err(CliError::usage)?;
    if let Some(w) = &r.warning {
        eprintln!("{w}");
    }
    if a.json {
        print_json(&r.json);
    } else {
        print!("{}", r.text);
    }
    Ok(())
}
