//! `arachne speedup`: the time to the same depth of several searches against a baseline on
//! the same positions, in interleaved rounds ([`arachne::speedup`]): the median of the
//! per-round ratios and their spread, the median time, the nodes and their overhead, each
//! process's busy share; values checked against the baseline's, refusals named, the load
//! average read before and after.
use crate::error::{CliError, CliResult};
use crate::output::print_json;
use arachne::speedup::{self, parse_algos, SpeedupRequest};
use clap::Args;
use std::io::IsTerminal;

#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arachne speedup --positions incremental:b=10,d=11,seed=1 incremental:b=10,d=11,seed=2 \\
      incremental:b=10,d=11,seed=3 --preorder --algos abdada:threads=2,tree-split:procs=3
  arachne speedup --game checkers:bench=6 --depth 14 --ordering \\
      --algos abdada:threads=2,tree-split:procs=3,type-guided:procs=3
  arachne speedup --epd lct2 --limit 3 --depth 7 --engine --algos abdada:threads=2
  arachne speedup --game checkers:bench=6 --depth 13 --ordering --algos tree-split:procs=2 \\
      --predict --predict-procs 64

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

pub fn run(args: SpeedupArgs) -> CliResult {
    let mut req = SpeedupRequest::new(positions(&args)?, parse_algos(&args.algos)?);
    req.depth = args.depth;
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
    if args.json {
        print_json(&s.json());
    } else if args.csv {
        print!("{}", s.csv());
    } else {
        print!("{}", s.text());
    }
    Ok(())
}
