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
    if matches!(a.name.as_str(), "fishburn" | "fuller") {
        check_out_dir(&a.out)?;
    }
    #[allow(clippy::match_single_binding)]
    match a.name.as_str() {
        "fishburn" => super::parallel::fishburn::run(&a),
        "fuller" => super::analyze::experiment_fuller(&a),
        other => Err(CliError::usage(format!(
            "unknown experiment `{other}` (none available yet)"
        ))),
    }
}

/// Makes sure `dir` is (or can be made) a writable directory before any work starts, and names
/// it in the error otherwise (exit status 2).
pub fn check_out_dir(dir: &std::path::Path) -> CliResult {
    let shown = dir.display();
    if dir.exists() && !dir.is_dir() {
        return Err(CliError::usage(format!(
            "--out `{shown}` exists and is not a directory"
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        CliError::usage(format!("--out `{shown}`: cannot create the directory: {e}"))
    })?;
    // Writable? Create and remove a probe file.
    let probe = dir.join(".arachne-write-test");
    std::fs::write(&probe, b"")
        .map_err(|e| CliError::usage(format!("--out `{shown}` is not writable: {e}")))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}
