//! `arachne experiment NAME`: run one of the papers' experiments (crate `arachne-experiments`)
//! and write its report (Markdown, CSV, JSON, HTML fragment, SVG/PNG plots) into `--out`.
use crate::error::{CliError, CliResult};
use crate::output::print_json;
use arachne_experiments::{find, names, run_and_write, Options, Progress, EXPERIMENTS};
use clap::Args;
use std::path::PathBuf;

/// `Experiments:` and one line per registered experiment, for `--help`.
fn experiment_list() -> String {
    let width = EXPERIMENTS.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let mut s = String::from("Experiments:\n");
    for e in EXPERIMENTS {
        s.push_str(&format!("  {:width$}  {}\n", e.name, e.about));
    }
    s
}

#[derive(Args, Debug)]
#[command(after_help = experiment_list())]
pub struct ExperimentArgs {
    /// Experiment name (see the list below).
    pub name: Option<String>,
    /// The small version (seconds, not minutes).
    #[arg(long)]
    pub quick: bool,
    /// Output directory for the report, tables, CSV and plots.
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the report as one JSON object (no progress display).
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: ExperimentArgs) -> CliResult {
    let known = || names().join(", ");
    let name = a
        .name
        .as_deref()
        .ok_or_else(|| CliError::usage(format!("missing experiment name (known: {})", known())))?;
    let e = find(name).ok_or_else(|| {
        CliError::usage(format!("unknown experiment `{name}` (known: {})", known()))
    })?;
    let progress = if a.json {
        Progress::hidden()
    } else {
        Progress::terminal()
    };
    progress.prefix(e.name);
    let opts = Options {
        quick: a.quick,
        out: a.out.clone(),
        seed: a.seed,
        progress: progress.clone(),
    };
    let (report, files) = run_and_write(e, &opts).map_err(CliError::failed)?;
    progress.finish();
    if a.json {
        let mut v = serde_json::to_value(&report).map_err(CliError::failed)?;
        v["files"] = serde_json::json!(files);
        print_json(&v);
    } else {
        print!("{}", report.markdown(""));
        println!("wrote {} files into {}", files.len(), a.out.display());
    }
    Ok(())
}
