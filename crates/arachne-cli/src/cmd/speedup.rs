//! `arachne speedup`: the time to the same depth of several searches against a baseline on
//! the same positions, in interleaved rounds ([`arachne::speedup`]): the median of the
//! per-round ratios and their spread, the median time, the nodes and their overhead, each
//! process's busy share; values checked against the baseline's, refusals named, the load
//! average read before and after.
use crate::error::{CliError, CliResult};
use crate::output::print_json;
use arachne::speedup::{self, parse_algos, Prediction, Speedup, SpeedupRequest, Status};
use arachne_plot::{Chart, Series, Style};
use clap::Args;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arachne speedup --positions incremental:b=10,d=11,seed=1 incremental:b=10,d=11,seed=2 \\
      incremental:b=10,d=11,seed=3 --preorder --algos abdada:threads=2,tree-split:procs=3
  arachne speedup --game checkers:bench=6 --depth 14 --ordering \\
      --algos abdada:threads=2,tree-split:procs=3,type-guided:procs=3
  arachne speedup --epd lct2 --limit 3 --depth 7 --engine --algos abdada:threads=2
  arachne speedup --game checkers:bench=6 --depth 13 --ordering --algos tree-split:procs=2 \\
      --predict --predict-procs 64
  arachne speedup --game chess --nodes 20000 --algos rbfm:procs=2,rbfm:procs=3
  arachne speedup --game incremental:b=10,d=11,seed=1 --preorder \\
      --algos abdada:threads=1,abdada:threads=2,tree-split:procs=2,tree-split:procs=3 --plot speedup.svg

Each round runs, position by position, the baseline and then every search (A B C A B C …),
in this process, with a fresh table for each run. A round's time is summed over the
positions; the speedup is the median over the rounds of baseline time / search time, with
the least and greatest ratio. A search whose value differs from the baseline's is not timed.
The 1-minute load average is read before and after: above 0.5 before, every output says
\"not idle\".")]
pub struct SpeedupArgs {
    /// One position, a game spec (see `arachne games`).
    #[arg(long, short = 'g', conflicts_with_all = ["positions", "epd"])]
    pub game: Option<String>,
    /// Positions, game specs separated by spaces.
    #[arg(long, num_args = 1.., conflicts_with = "epd")]
    pub positions: Vec<String>,
    /// Chess positions from an EPD suite: `wac`, `lct2`, `nunn` (embedded) or a file.
    #[arg(long)]
    pub epd: Option<String>,
    /// Only the first N positions of the EPD suite.
    #[arg(long, requires = "epd", allow_negative_numbers = true, value_parser = crate::args::positive_u32)]
    pub limit: Option<u32>,
    /// The searches, comma-separated, each `NAME[:key=value,…]` with `threads=`, `procs=`
    /// and `backend=` (message-passing searches run on threads without it), e.g.
    /// `abdada:threads=2,tree-split:procs=3`.
    #[arg(long, short = 'a')]
    pub algos: String,
    /// The baseline, one search (default: `aspiration` with the same options; `alphabeta` on
    /// the synthetic trees).
    #[arg(long)]
    pub baseline: Option<String>,
    /// Depth in plies (default: each game's; a synthetic tree's full depth).
    #[arg(long, short = 'd', allow_negative_numbers = true, value_parser = crate::args::depth)]
    pub depth: Option<u32>,
    /// A node budget for every run instead of a depth: the measure for the best-first and
    /// Monte Carlo searches (time for the same nodes; values, estimates, not compared; the
    /// baseline defaults to `rbfm` or `mcts`, the serial form of the first search's family).
    #[arg(long, allow_negative_numbers = true, value_parser = crate::args::positive_u64)]
    pub nodes: Option<u64>,
    /// Rounds of interleaved runs.
    #[arg(long, short = 'r', default_value_t = speedup::DEFAULT_ROUNDS, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub rounds: u32,
    /// Order successors by their static values (the synthetic trees).
    #[arg(long)]
    pub preorder: bool,
    /// The game's move-ordering heuristics.
    #[arg(long)]
    pub ordering: bool,
    /// Capture-only quiescence search at the horizon.
    #[arg(long)]
    pub quiescence: bool,
    /// Null-move pruning.
    #[arg(long)]
    pub null_move: bool,
    /// Check extension.
    #[arg(long)]
    pub check_extension: bool,
    /// The chess engine's options: --ordering --quiescence --null-move --check-extension.
    #[arg(long)]
    pub engine: bool,
    /// Transposition table, MiB.
    #[arg(long, allow_negative_numbers = true, value_parser = crate::args::hash)]
    pub hash: Option<usize>,
    /// Beside each message-passing search on threads or MPI, the simulator's prediction with
    /// this machine's measured costs (`--cost measured`), at the same processor count.
    #[arg(long)]
    pub predict: bool,
    /// With --predict, also the simulated speedup at P = 2, 4, 8, … up to N processors.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = crate::args::positive_u32)]
    pub predict_procs: Option<u32>,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV instead of the table.
    #[arg(long)]
    pub csv: bool,
    /// Also draw the speedups against threads or processes: FILE's stem `.svg` and `.png`
    /// (each search's median with its spread; with --predict the simulated speedups; the
    /// ideal line).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
}

/// The positions the flags name: `--game`, `--positions` or `--epd` (with `--limit`).
fn positions(args: &SpeedupArgs) -> Result<Vec<String>, CliError> {
    if let Some(g) = &args.game {
        return Ok(vec![g.clone()]);
    }
    if let Some(suite) = &args.epd {
        let mut records = arachne::epd::load_suite(suite)?;
        if let Some(n) = args.limit {
            records.truncate(n as usize);
        }
        return Ok(records.iter().map(arachne::epd::spec).collect());
    }
    if args.positions.is_empty() {
        return Err(CliError::usage(
            "no positions to search: give --game SPEC, --positions SPEC... or --epd SUITE",
        ));
    }
    Ok(args.positions.clone())
}

/// The stem `--plot FILE` writes (`FILE` without `.svg` or `.png`; both are written).
fn plot_stem(file: &Path) -> Result<PathBuf, CliError> {
    match file.extension().and_then(|e| e.to_str()) {
        None => Ok(file.to_path_buf()),
        Some("svg" | "png") => Ok(file.with_extension("")),
        Some(e) => Err(CliError::usage(format!(
            "--plot: `.{e}` is not a chart's format: give FILE.svg or FILE.png (both are written)"
        ))),
    }
}

/// The chart of a measurement: each search's median speedup against its threads or processes
/// (searches of one algorithm on one backend joined by a line), its least and greatest
/// per-round ratio as an error bar; each prediction's simulated speedups (`--predict`, a line
/// to `--predict-procs`); and the ideal speedup, P. A search that was not measured (refused, or
/// its value differs) is left out, as it is timed nowhere.
pub fn chart(s: &Speedup) -> Chart {
    // Per line: (P, median speedup, its least and greatest ratio) of each search.
    type Measured = (f64, f64, (f64, f64));
    let mut lines: Vec<(String, Vec<Measured>)> = Vec::new();
    let mut predicted: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
    let mut widest = 1.0f64;
    for r in &s.rows {
        let Status::Measured(m) = &r.status else {
            continue;
        };
        let item = &r.item;
        let name = match (item.threads, item.procs) {
            (Some(_), _) => format!("{} (threads)", item.algo),
            (None, Some(_)) => format!(
                "{} (processes on {})",
                item.algo,
                item.backend().unwrap_or_default()
            ),
            (None, None) => item.algo.clone(),
        };
        let x = item.width() as f64;
        widest = widest.max(x);
        let point = (x, m.speedup, m.spread);
        match lines.iter_mut().find(|(n, _)| *n == name) {
            Some((_, pts)) => pts.push(point),
            None => lines.push((name.clone(), vec![point])),
        }
        if let Some(Prediction::Simulated { speedup, curve, .. }) = &r.prediction {
            let sim = format!("{name}, simulated");
            let mut pts: Vec<(f64, f64)> = curve.iter().map(|&(p, v)| (p as f64, v)).collect();
            pts.push((x, *speedup));
            widest = pts.iter().fold(widest, |w, p| w.max(p.0));
            match predicted.iter_mut().find(|(n, _)| *n == sim) {
                Some((_, old)) => old.extend(pts),
                None => predicted.push((sim, pts)),
            }
        }
    }
    let mut series = Vec::new();
    for (name, mut pts) in lines {
        pts.sort_by(|a, b| a.0.total_cmp(&b.0));
        series.push(Series {
            name: name.clone(),
            points: pts.iter().map(|p| (p.0, p.1)).collect(),
            style: Style::LinePoints,
        });
        series.push(Series {
            name,
            points: pts
                .iter()
                .flat_map(|&(x, _, (lo, hi))| [(x, lo), (x, hi)])
                .collect(),
            style: Style::Segments,
        });
    }
    for (name, mut pts) in predicted {
        pts.sort_by(|a, b| a.0.total_cmp(&b.0));
        pts.dedup_by(|a, b| a.0 == b.0);
        series.push(Series {
            name,
            points: pts,
            style: Style::LinePoints,
        });
    }
    series.push(Series {
        name: "ideal (speedup = P)".into(),
        points: vec![(1.0, 1.0), (widest, widest)],
        style: Style::Line,
    });
    let positions = match s.positions.len() {
        1 => s.positions[0].clone(),
        n => format!("{n} positions"),
    };
    Chart {
        title: format!(
            "speedup against {} on {} ({} rounds, {})",
            s.baseline.label,
            arachne_core::parse::clip(&positions, 40),
            s.rounds,
            speedup::load_word(s.idle)
        ),
        x_label: "threads or processes (P)".into(),
        y_label: "speedup (baseline time / time)".into(),
        log_x: widest > 16.0,
        log_y: false,
        series,
    }
}

pub fn run(args: SpeedupArgs) -> CliResult {
    let stem = args.plot.as_deref().map(plot_stem).transpose()?;
    let mut req = SpeedupRequest::new(positions(&args)?, parse_algos(&args.algos)?);
    req.depth = args.depth;
    req.nodes = args.nodes;
    req.rounds = args.rounds;
    req.predict = args.predict || args.predict_procs.is_some();
    req.predict_procs = args.predict_procs;
    if let Some(b) = &args.baseline {
        let mut v = parse_algos(b).map_err(|e| CliError::usage(format!("--baseline: {e}")))?;
        if v.len() != 1 {
            return Err(CliError::usage("--baseline: give one search"));
        }
        req.baseline = v.pop();
    }
    let o = &mut req.options;
    o.preorder = args.preorder;
    o.ordering = args.ordering || args.engine;
    o.quiescence = args.quiescence || args.engine;
    o.null_move = args.null_move || args.engine;
    o.check_extension = args.check_extension || args.engine;
    o.hash = args.hash;
    let show = std::io::stderr().is_terminal();
    let s = speedup::run(&req, &mut |d| {
        if show {
            eprintln!(
                "round {}/{} done, {:.1} s{}",
                d.round,
                d.rounds,
                d.elapsed_s,
                if d.round < d.rounds {
                    format!(", about {:.0} s left", d.eta_s())
                } else {
                    String::new()
                }
            );
        }
    })?;
    // A worker rank under `mpirun`: rank 0 reports.
    let Some(s) = s else { return Ok(()) };
    if args.json {
        print_json(&s.json());
    } else if args.csv {
        print!("{}", s.csv());
    } else {
        print!("{}", s.text());
    }
    if let Some(stem) = stem {
        let (svg, png) = arachne_plot::render(&chart(&s), &stem).map_err(CliError::failed)?;
        eprintln!("chart: {} and {}", svg.display(), png.display());
    }
    Ok(())
}
