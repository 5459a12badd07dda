//! `arachne reproduce [--quick | --scale LEVEL] [--out DIR]`: every experiment of
//! `arachne-experiments`, one report: `DIR/index.html` (self-contained, plots inline) and
//! `DIR/REPORT.md`, with a summary table at the top, and each experiment's files in
//! `DIR/NAME/`. Progress on stderr: each experiment's name, estimated and elapsed time, and the
//! total.
use crate::error::{CliError, CliResult};
use crate::output::print_json;
use arachne_experiments::{reproduce_only, Level, Progress, EXPERIMENTS};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ReproduceArgs {
    /// The small version of every experiment (about 20 s in all): the default, the same as
    /// `--scale quick`.
    #[arg(long)]
    pub quick: bool,
    /// How large: `quick` (the default: about 20 s), `report` (the published report: every
    /// full form, two at a time, about 30 min on two idle cores), `full` (every full form one
    /// at a time, about 55 min), `paper` (the paper's sizes where an experiment takes them:
    /// hours).
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub scale: Option<LevelArg>,
    /// Output directory.
    #[arg(long, default_value = "report")]
    pub out: PathBuf,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub seed: u64,
    /// Print a JSON summary (no progress display).
    #[arg(long)]
    pub json: bool,
    /// Run only these experiments (comma-separated names) and read the others' reports back
    /// from an earlier run at the same scale into the same --out; the report's header names
    /// both runs.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub only: Option<Vec<String>>,
}

/// `--scale`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Every experiment's quick form.
    Quick,
    /// Every experiment's full form, two at a time (about 30 minutes on two idle cores).
    Report,
    /// Every experiment's full form.
    Full,
    /// The paper's sizes where an experiment takes them.
    Paper,
}

pub fn run(a: ReproduceArgs) -> CliResult {
    let level = match (a.quick, a.scale) {
        (true, Some(l)) if l != LevelArg::Quick => {
            return Err(CliError::usage(format!(
                "--quick and --scale {} contradict each other",
                l.to_possible_value()
                    .map_or("?".into(), |v| v.get_name().to_string())
            )))
        }
        (true, _) | (false, Some(LevelArg::Quick)) | (false, None) => Level::Quick,
        (false, Some(LevelArg::Report)) => Level::Report,
        (false, Some(LevelArg::Full)) => Level::Full,
        (false, Some(LevelArg::Paper)) => Level::Paper,
    };
    // The output directory is checked before the work starts.
    arachne_experiments::check_out_dir(&a.out).map_err(CliError::usage)?;
    let progress = if a.json {
        Progress::hidden()
    } else {
        Progress::steps()
    };
    if let Some(bad) = a
        .only
        .iter()
        .flatten()
        .find(|n| !EXPERIMENTS.iter().any(|e| e.name == n.as_str()))
    {
        return Err(CliError::usage(format!(
            "--only: no experiment `{bad}` (`arachne experiment --help` lists them)"
        )));
    }
    let r = reproduce_only(
        EXPERIMENTS,
        a.only.as_deref(),
        level,
        &a.out,
        a.seed,
        &progress,
    )
    .map_err(CliError::failed)?;
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
        if level == Level::Quick {
            println!(
                "(the quick scale: small samples, every verdict marked `quick`; `arachne reproduce --scale report` runs every full form, about 30 min on two idle cores)"
            );
        }
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
