//! `arachne experiment NAME`: run one of the papers' experiments (crate `arachne-experiments`)
//! and write its report (Markdown, CSV, JSON, HTML fragment, SVG/PNG plots) into `--out`.
use crate::error::{CliError, CliResult};
use crate::output::print_json;
use arachne_experiments::rbfm_othello::Matching;
use arachne_experiments::scale::parse_depths;
use arachne_experiments::{
    checked, names, report_json, run_and_write, Options, Progress, Scale, EXPERIMENTS,
};
use clap::{Args, ValueEnum};
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
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub seed: u64,
    /// Print the report as one JSON object (no progress display).
    #[arg(long)]
    pub json: bool,
    /// Print the whole Markdown report on stdout (by default: each table's verdict, the
    /// counts and the report's path).
    #[arg(long)]
    pub print_report: bool,
    /// Progress as one line per step on stderr, with the elapsed time (for runs in the
    /// background; otherwise a spinner when stderr is a terminal).
    #[arg(long)]
    pub progress_lines: bool,
    /// Sizes: `full` (the default: each experiment's full form) or `paper` (the paper's sizes:
    /// rbfm-decision 10 000 trees per b; rbfm-games 1 000 games per pair, every row of Table
    /// 1; rbfm-othello 244 openings, depths 1-8 — hours of CPU).
    #[arg(long, value_enum, value_name = "SIZE")]
    pub scale: Option<ScaleArg>,
    /// Random trees per branching factor (rbfm-decision) or per row of Table 1, each played
    /// twice (rbfm-games).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub trees: Option<u32>,
    /// Searched depths, `A-B` or one depth: Table 1's alpha-beta depths 2-10 (rbfm-games),
    /// alpha-beta depths 1-8 (rbfm-othello).
    #[arg(long, value_name = "A-B", value_parser = parse_depths)]
    pub depths: Option<(u32, u32)>,
    /// Start positions, evenly spaced among the 244 four-ply openings (rbfm-othello).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = crate::args::any_usize)]
    pub openings: Option<usize>,
    /// Branching factors of the random trees, from 3, 5, 10, 20 (rbfm-decision, rbfm-games).
    #[arg(long, value_name = "LIST", value_delimiter = ',', allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub branching: Option<Vec<u32>>,
    /// How the best-first players' effort is matched to alpha-beta's (rbfm-othello):
    /// `pv-depth` (the paper's: principal-variation depths calibrated to alpha-beta's nodes
    /// over the games, §4.1's abort at 5× the average) or `nodes` (alpha-beta's generated
    /// nodes at each position, the default).
    #[arg(long, value_name = "HOW", value_parser = Matching::parse)]
    pub matching: Option<Matching>,
    /// An external UCI engine (e.g. /usr/games/stockfish) as RBFM's black-box evaluator
    /// (rbfm-chess; Shoham–Toledo 2002 §5.1): Table 2 with the engine's shallow searches, beside the
    /// engine's own search.
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,
}

/// `--scale`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScaleArg {
    /// Each experiment's full form.
    Full,
    /// The paper's sizes.
    Paper,
}

impl ExperimentArgs {
    /// The sizes chosen by `--scale`, `--trees`, `--depths`, `--openings`, `--branching`.
    fn scale(&self) -> Scale {
        Scale {
            paper: self.scale == Some(ScaleArg::Paper),
            trees: self.trees,
            depths: self.depths,
            openings: self.openings,
            branching: self.branching.clone(),
            matching: self.matching,
            engine: self.engine.clone(),
        }
    }
}

pub fn run(a: ExperimentArgs) -> CliResult {
    let known = || names().join(", ");
    let name = a
        .name
        .as_deref()
        .ok_or_else(|| CliError::usage(format!("missing experiment name (known: {})", known())))?;
    let opts = Options {
        quick: a.quick,
        out: a.out.clone(),
        seed: a.seed,
        progress: Progress::hidden(),
        scale: a.scale(),
    };
    let e = checked(name, &opts).map_err(CliError::usage)?;
    let progress = if a.json {
        Progress::hidden()
    } else if a.progress_lines {
        Progress::lines()
    } else {
        Progress::terminal()
    };
    progress.prefix(e.name);
    let opts = Options {
        progress: progress.clone(),
        ..opts
    };
    let (report, files) = run_and_write(e, &opts).map_err(CliError::failed)?;
    progress.finish();
    if a.json {
        print_json(&report_json(&report, &files).map_err(CliError::failed)?);
    } else if a.print_report {
        print!("{}", report.markdown(""));
        println!("wrote {} files into {}", files.len(), a.out.display());
    } else {
        let width = report
            .summary()
            .iter()
            .map(|s| s.figure.chars().count())
            .max()
            .unwrap_or(0);
        for s in report.summary() {
            println!("{:width$}  {}", s.figure, s.verdict);
        }
        println!(
            "{}",
            arachne_experiments::reproduce::counts_text(std::slice::from_ref(&report))
        );
        let md = files
            .iter()
            .find(|f| {
                f.file_name()
                    .is_some_and(|x| *x == *format!("{}.md", report.name))
            })
            .map_or_else(|| a.out.display().to_string(), |f| f.display().to_string());
        println!(
            "report {md} ({} files in {}; --print-report prints it here)",
            files.len(),
            a.out.display()
        );
    }
    Ok(())
}
