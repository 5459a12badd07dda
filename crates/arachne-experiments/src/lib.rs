//! # arachne-experiments
//!
//! The papers' experiments, one file each, and the shared report they all write.
//!
//! An experiment is a function from [`Options`] to a [`Report`]: it computes, and fills the
//! report with one [`Row`] per figure of its paper that it reproduces (the paper's value, ours,
//! the relative difference and a [`Verdict`]), the setup (seeds, trials, positions, depths,
//! cost model, what differs from the paper), further tables as Markdown, plots and CSV files.
//! It does not write files itself: [`Report::write`] does (Markdown, CSV, JSON, SVG/PNG and an
//! HTML fragment), and [`reproduce()`] runs every experiment into one `index.html` and
//! `REPORT.md`.
//!
//! | experiment | file | paper |
//! |---|---|---|
//! | `fuller` | [`fuller`] | seed 001, Fuller–Gaschnig–Gillogly 1973 |
//! | `fishburn` | [`fishburn`] | seed 000, Fishburn–Finkel 1980 |
//! | `jamboree` | [`jamboree`] | seed 002 §6.2.4, Jamboree's work/span (Shoham–Toledo 2002) |
//! | `scaling` | [`scaling`] | tree-split, YBWC, Jamboree at P = 1 … 1024 |
//! | `knm` | [`knm`] | seed 003, Lindstrom 1983 |
//! | `ncube` | [`ncube`] | seed ncube-chess-node-types (nCUBE chess, Knuth–Moore node types) |
//! | `rbfm-decision` | [`rbfm_decision`] | seed 002, Shoham–Toledo 2002, §3.2.1–§3.2.4 |
//! | `rbfm-games` | [`rbfm_games`] | seed 002, Shoham–Toledo 2002, §3.2.5 Table 1 |
//! | `rbfm-othello` | [`rbfm_othello`] | seed 002, Shoham–Toledo 2002, §4 Fig. 9 |
//! | `rbfm-parallel` | [`rbfm_parallel`] | seed 002, Shoham–Toledo 2002, §6 Fig. 12 (RBFM and Jamboree with speculation) |
//! | `rbfm-chess` | [`rbfm_chess`] | seed 002, Shoham–Toledo 2002, §5 and §6.3, Tables 2 and 4 |
//! | `mcts-vs-rbfm` | [`mcts_vs_rbfm`] | not in the seeds: MCTS beside seed 002's searchers |
//!
//! ## Adding an experiment
//!
//! 1. Write `src/NAME.rs` with `pub fn run(o: &Options) -> Result<Report, ExpError>`; start
//!    with [`Report::new`], add [`Report::setup`] lines and a [`Row`] for every table and figure
//!    of the paper (use [`Row::not_reproducible`] for those you cannot reproduce, so nothing is
//!    silently left out), and keep `o.quick` to a few seconds.
//! 2. Add `pub mod NAME;` below and one line to [`EXPERIMENTS`].
//! 3. Add a test running the `--quick` form that checks every figure has a row.
//!
//! ```no_run
//! use arachne_experiments::{find, Options};
//! let e = find("fuller").unwrap();
//! let opts = Options::new(true, "out/fuller".into());
//! let report = (e.run)(&opts).unwrap();
//! report.write(&opts.out).unwrap();
//! ```
pub mod fishburn;
pub mod fishburn_serial;
pub mod fishburn_theory;
pub mod fuller;
pub mod fuller_chess;
pub mod fuller_model;
pub mod jamboree;
pub mod knm;
pub mod mcts_vs_rbfm;
pub mod ncube;
pub mod paper;
pub mod rbfm_chess;
pub mod rbfm_chess_engine;
pub mod rbfm_decision;
pub mod rbfm_games;
pub mod rbfm_othello;
pub mod rbfm_parallel;
pub mod report;
pub mod reproduce;
pub mod scale;
pub mod scaling;

pub use report::{markdown_to_html, FigureSummary, Plot, Report, Row, Sample, Tolerance, Verdict};
pub use reproduce::{reproduce, reproduce_only, row_set, row_set_diff, Level, Reproduction};
pub use scale::Scale;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::PathBuf;

/// Every experiment: name, one line, paper, run function. `arachne experiment NAME` and
/// `arachne reproduce` use this list (in this order). One line per experiment.
#[rustfmt::skip]
pub static EXPERIMENTS: &[Experiment] = &[
    Experiment { name: "fishburn", about: "Fishburn–Finkel: γ0/γ1 tables, speedup vs P, Theorems 2–4 on the simulator", paper: fishburn::PAPER, run: fishburn::run },
    Experiment { name: "jamboree", about: "Shoham–Toledo §6.2.4: Jamboree's Cilk-style work W, span T∞ and parallelism W/T∞ (paper 14.8) on one core", paper: jamboree::PAPER, run: jamboree::run },
    Experiment { name: "scaling", about: "tree-split, type-guided, KNM, YBWC and Jamboree side by side at P = 1 … 1024 on the same trees (sim / greedy schedule of task graphs)", paper: scaling::PAPER, run: scaling::run },
    Experiment { name: "ncube", about: "nCUBE chess node types: minimal tree on ordered trees, type 2/3 alternation, node-type pictures, speedup vs P beside tree-split", paper: ncube::PAPER, run: ncube::run },
    Experiment { name: "fuller", about: "Fuller–Gaschnig–Gillogly: exact E[NBP] tables, Figures 5.1/6.1, K_D·N^L_D fits", paper: fuller::PAPER, run: fuller::run },
    Experiment { name: "knm", about: "Lindstrom: Key Node Method Tables 4-1/4-2, sweep to f=10, q=8, k=1024, speedup vs k beside tree-split", paper: knm::PAPER, run: knm::run },
    Experiment { name: "rbfm-decision", about: "Shoham–Toledo: distributions (Figs. 5, 6), decision quality of RBFM, BFM, alpha-beta (Figs. 7, 8)", paper: rbfm_decision::PAPER, run: rbfm_decision::run },
    Experiment { name: "rbfm-games", about: "Shoham–Toledo: full games on depth-100 incremental trees, RBFM vs BFM vs alpha-beta (Table 1)", paper: rbfm_games::PAPER, run: rbfm_games::run },
    Experiment { name: "rbfm-othello", about: "Shoham–Toledo: Othello games from the 244 four-ply openings, RBFM vs BFM vs alpha-beta (Fig. 9)", paper: rbfm_othello::PAPER, run: rbfm_othello::run },
    Experiment { name: "rbfm-parallel", about: "Shoham–Toledo: RBFM speedup against P (master–slave on the simulator, shared-tree lock model) beside Jamboree executed with speculation (Fig. 12)", paper: rbfm_parallel::PAPER, run: rbfm_parallel::run },
    Experiment { name: "mcts-vs-rbfm", about: "MCTS (UCT) beside RBFM, BFM and alpha-beta: decisions at equal generated nodes on incremental trees (Exps. 2–3's measure), games at equal nodes per move (Table 1's format); no paper values", paper: mcts_vs_rbfm::PAPER, run: mcts_vs_rbfm::run },
    Experiment { name: "rbfm-chess", about: "Shoham–Toledo: RBFM with a shallow alpha-beta evaluator on LCT-II, solution times beside alpha-beta (Table 2), master–slave speedups at 32/64 simulated processors (Table 4)", paper: rbfm_chess::PAPER, run: rbfm_chess::run },
];

/// One registered experiment.
#[derive(Copy, Clone, Debug)]
pub struct Experiment {
    /// Name on the command line (`arachne experiment NAME`).
    pub name: &'static str,
    /// One line for `arachne experiment --help`.
    pub about: &'static str,
    /// The paper (authors, year, title, seed file).
    pub paper: &'static str,
    /// Runs it.
    pub run: fn(&Options) -> Result<Report, ExpError>,
}

/// The papers' usual random tree: Korf–Chickering incremental, branching `b` at every node,
/// real edge values (`incremental:b=B,d=D,seed=S`).
pub(crate) fn uniform_tree(b: u32, d: u32, seed: u64) -> arachne_games::IncrementalTree {
    use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: Branching::Uniform,
        values: EdgeValues::Real,
    })
}

/// The experiment called `name`.
pub fn find(name: &str) -> Option<&'static Experiment> {
    EXPERIMENTS.iter().find(|e| e.name == name)
}

/// The names of all experiments, in registry order.
pub fn names() -> Vec<&'static str> {
    EXPERIMENTS.iter().map(|e| e.name).collect()
}

/// Options every experiment takes.
#[derive(Clone, Debug)]
pub struct Options {
    /// The small version: seconds, not minutes (all of `arachne reproduce --quick` in under
    /// three minutes on two cores).
    pub quick: bool,
    /// Output directory of the experiment's files.
    pub out: PathBuf,
    /// Seed of every random choice (each experiment derives its own streams from it).
    pub seed: u64,
    /// Where to show progress.
    pub progress: Progress,
    /// Sizes chosen on the command line (`--trees`, `--depths`, …; see [`scale`]), overriding
    /// the full or quick form's; the default chooses none.
    pub scale: Scale,
}

impl Options {
    /// Quick or full, into `out`, seed 1, no progress display.
    pub fn new(quick: bool, out: PathBuf) -> Options {
        Options {
            quick,
            out,
            seed: 1,
            progress: Progress::hidden(),
            scale: Scale::default(),
        }
    }
}

/// A progress line on stderr (indicatif), one line per message ([`Progress::lines`]), or
/// nothing.
#[derive(Clone, Debug)]
pub struct Progress(Option<ProgressBar>, bool);

impl Progress {
    /// Shows nothing.
    pub fn hidden() -> Progress {
        Progress(None, false)
    }

    /// Every message as one line on stderr, `[elapsed] prefix message` (for runs in the
    /// background, whose stderr is a file).
    pub fn lines() -> Progress {
        Progress(Some(ProgressBar::hidden()), true)
    }

    /// A spinner with a message on stderr when it is a terminal; nothing otherwise.
    pub fn terminal() -> Progress {
        use std::io::IsTerminal;
        if !std::io::stderr().is_terminal() {
            return Progress::hidden();
        }
        Progress::spinner()
    }

    /// A spinner when stderr is a terminal; otherwise only the [`Progress::line`]s, one line
    /// each on stderr (`arachne reproduce`: each experiment's start and end with its
    /// estimated and elapsed time).
    pub fn steps() -> Progress {
        use std::io::IsTerminal;
        if std::io::stderr().is_terminal() {
            Progress::spinner()
        } else {
            Progress(Some(ProgressBar::hidden()), false)
        }
    }

    fn spinner() -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{elapsed_precise}] {prefix} {wide_msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        Progress(Some(bar), false)
    }

    /// True when something is shown.
    pub fn visible(&self) -> bool {
        self.0.is_some()
    }

    /// Sets the prefix (e.g. `[2/5] fuller`).
    pub fn prefix(&self, p: impl Into<String>) {
        if let Some(b) = &self.0 {
            b.set_prefix(p.into());
        }
    }

    /// Sets the message (what is being computed now).
    pub fn message(&self, m: impl Into<String>) {
        if let Some(b) = &self.0 {
            if self.1 {
                let t = b.elapsed().as_secs();
                let (h, mi, s) = (t / 3600, t / 60 % 60, t % 60);
                eprintln!("[{h:02}:{mi:02}:{s:02}] {} {}", b.prefix(), m.into());
            } else {
                b.set_message(m.into());
            }
        }
    }

    /// Prints `text` as a line of its own on stderr (above the spinner, if any); nothing when
    /// hidden.
    pub fn line(&self, text: impl AsRef<str>) {
        match &self.0 {
            Some(b) if !b.is_hidden() => b.println(text.as_ref()),
            Some(_) => eprintln!("{}", text.as_ref()),
            None => {}
        }
    }

    /// Removes the line.
    pub fn finish(&self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}

/// Why an experiment failed.
#[derive(Debug, thiserror::Error)]
pub enum ExpError {
    /// Writing a file failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A plot failed.
    #[error(transparent)]
    Plot(#[from] arachne_plot::PlotError),
    /// Anything else (a search refused its parameters, …).
    #[error("{0}")]
    Failed(String),
}

impl ExpError {
    /// From anything displayable.
    pub fn failed(e: impl std::fmt::Display) -> ExpError {
        ExpError::Failed(e.to_string())
    }
}

/// Runs `e` with `o` and writes its report into `o.out`; returns the report and the files.
pub fn run_and_write(e: &Experiment, o: &Options) -> Result<(Report, Vec<PathBuf>), ExpError> {
    let t = std::time::Instant::now();
    let mut report = (e.run)(o)?;
    report.seconds = t.elapsed().as_secs_f64();
    // The options the report was made with, so that it can be rerun.
    report.setup("run with", run_options(e, o));
    let files = report.write(&o.out)?;
    Ok((report, files))
}

/// The command-line options of a run: `arachne experiment NAME` with them reruns it.
fn run_options(e: &Experiment, o: &Options) -> String {
    let sc = &o.scale;
    let mut v = vec![format!("arachne experiment {}", e.name)];
    if o.quick {
        v.push("--quick".into());
    }
    if sc.paper {
        v.push("--scale paper".into());
    }
    v.push(format!("--seed {}", o.seed));
    if let Some(t) = sc.trees {
        v.push(format!("--trees {t}"));
    }
    if let Some((a, b)) = sc.depths {
        v.push(format!("--depths {a}-{b}"));
    }
    if let Some(n) = sc.openings {
        v.push(format!("--openings {n}"));
    }
    if let Some(bs) = &sc.branching {
        let bs: Vec<String> = bs.iter().map(|b| b.to_string()).collect();
        v.push(format!("--branching {}", bs.join(",")));
    }
    if let Some(m) = sc.matching {
        v.push(format!("--matching {}", m.name()));
    }
    if let Some(p) = &sc.engine {
        v.push(format!("--engine {}", p.display()));
    }
    v.join(" ")
}

/// The experiment `name`, checked with `o` before any work starts; the error is one line
/// saying what is wrong, checked in this order: `name` is a registered experiment, `o.quick`
/// and `--scale paper` are not both chosen, the experiment takes every size chosen
/// ([`Scale::check`]), `--engine` names a program that answers as a UCI engine, and `o.out`
/// is, or can be made, a writable directory ([`check_out_dir`]). The command line
/// (`arachne experiment`) and the Python package both run an experiment through this check
/// and [`run_and_write`].
pub fn checked(name: &str, o: &Options) -> Result<&'static Experiment, String> {
    let e = find(name).ok_or_else(|| {
        format!(
            "unknown experiment `{}` (known: {})",
            arachne_core::parse::clip(name, 60),
            names().join(", ")
        )
    })?;
    if o.quick && o.scale.paper {
        return Err("--quick and --scale paper contradict each other".into());
    }
    o.scale.check(e.name)?;
    if let Some(p) = &o.scale.engine {
        arachne_engine::uci::client::UciPool::start(p, 1).map_err(|e| e.to_string())?;
    }
    check_out_dir(&o.out)?;
    Ok(e)
}

/// Makes sure `dir` is, or can be made, a writable directory (creating it and writing and
/// removing a probe file), before any work starts; the error is one line naming `--out` and
/// the directory.
pub fn check_out_dir(dir: &std::path::Path) -> Result<(), String> {
    let shown = dir.display();
    if dir.exists() && !dir.is_dir() {
        return Err(format!("--out `{shown}` exists and is not a directory"));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--out `{shown}`: cannot create the directory: {e}"))?;
    let probe = dir.join(".arachne-write-test");
    std::fs::write(&probe, b"").map_err(|e| format!("--out `{shown}` is not writable: {e}"))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The JSON object of `arachne experiment --json`: the report's fields and `files`, the
/// files [`run_and_write`] wrote.
pub fn report_json(report: &Report, files: &[PathBuf]) -> Result<serde_json::Value, ExpError> {
    let mut v = serde_json::to_value(report).map_err(ExpError::failed)?;
    v["files"] = serde_json::json!(files);
    Ok(v)
}

/// Summary statistics (minimum, mean, maximum, sample standard deviation) of `xs`.
pub fn min_mean_max_sd(xs: &[f64]) -> [f64; 4] {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    [
        xs.iter().cloned().fold(f64::INFINITY, f64::min),
        mean,
        xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
        var.sqrt(),
    ]
}

/// A file of the repository's `data/` directory: `./data/NAME` if present (a run from the
/// repository root), else the source tree's `data/NAME`.
pub fn data_file(name: &str) -> Option<PathBuf> {
    [
        PathBuf::from("data").join(name),
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data")
            .join(name),
    ]
    .into_iter()
    .find(|p| p.is_file())
}
