//! `arachne reproduce [--quick] [--out DIR]`: every experiment of `arachne-experiments`, one
//! report: `DIR/index.html` (self-contained, plots inline) and `DIR/REPORT.md`, with a summary
//! table at the top, and each experiment's files in `DIR/NAME/`.
use crate::error::{CliError, CliResult};
use crate::output::print_json;
use arachne_experiments::{reproduce, Progress, EXPERIMENTS};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ReproduceArgs {
    /// The small version of every experiment (a few minutes in all).
    #[arg(long)]
    pub quick: bool,
    /// Output directory.
    #[arg(long, default_value = "report")]
    pub out: PathBuf,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub seed: u64,
    /// Print a JSON summary (no progress display).
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: ReproduceArgs) -> CliResult {
    // The output directory is checked before the work starts (issue 14, item 14).
    super::experiment::check_out_dir(&a.out)?;
    let progress = if a.json {
        Progress::hidden()
    } else {
        Progress::terminal()
    };
    let r = reproduce(EXPERIMENTS, a.quick, &a.out, a.seed, &progress).map_err(CliError::failed)?;
    if a.json {
        print_json(&serde_json::json!({
            "files": r.files,
            "seconds": r.seconds,
            "failures": r.failures,
            "experiments": r.reports.iter().map(|rep| serde_json::json!({
                "name": rep.name,
                "paper": rep.paper,
                "seconds": rep.seconds,
                "summary": rep.summary(),
            })).collect::<Vec<_>>(),
        }));
    } else {
        for rep in &r.reports {
            for s in rep.summary() {
                println!("{:10} {:24} {}", rep.name, s.figure, s.verdict);
            }
        }
        println!(
            "wrote {} and {} ({:.0} s)",
            r.files[1].display(),
            r.files[0].display(),
            r.seconds
        );
    }
    if r.failures.is_empty() {
        Ok(())
    } else {
        Err(CliError::failed(format!(
            "{} experiment(s) failed: {}",
            r.failures.len(),
            r.failures
                .iter()
                .map(|(n, e)| format!("{n}: {e}"))
                .collect::<Vec<_>>()
                .join("; ")
        )))
    }
}
