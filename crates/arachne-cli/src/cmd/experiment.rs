//! `arachne experiment NAME`: reproduce a paper's experiment.
use crate::error::{CliError, CliResult};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ExperimentArgs {
    /// Experiment name.
    pub name: String,
    /// A smaller version that finishes in under a minute.
    #[arg(long)]
    pub quick: bool,
    /// Output directory for tables, CSV and plots.
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
    /// Print one JSON object with the results.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: ExperimentArgs) -> CliResult {
    #[allow(clippy::match_single_binding)]
    match a.name.as_str() {
        "fishburn" => super::parallel::fishburn::run(&a),
        "fuller" => super::analyze::experiment_fuller(&a),
        other => Err(CliError::usage(format!(
            "unknown experiment `{other}` (none available yet)"
        ))),
    }
}
