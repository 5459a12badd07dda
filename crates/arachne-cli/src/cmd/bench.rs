//! `arachne bench`: the engine's signature and speed ([`arachne::bench`]): a fixed set of
//! positions per game at a fixed depth; each position's nodes, the total (the signature of a
//! serial search) and nodes per second.
use crate::error::{CliError, CliResult};
use crate::output::{print_json, thousands};
use arachne::bench::{self, BenchRequest};
use clap::Args;

/// Plies `--quick` takes from each set's depth.
pub const QUICK: u32 = 3;

#[derive(Args, Debug)]
#[command(after_help = "The sets (one core, a few seconds each):
  chess     Nunn's first 10 test positions, full evaluation, depth 6, with ordering,
            quiescence, null move and check extension
  checkers  the 10 bench positions of Chinook–Tinsley 1992 game 8, depth 14, ordering
  othello   the start and 5 openings, depth 11, ordering
  connect4  the start and 5 openings, depth 14, ordering
The total node count of a serial search is the build's signature: a change in search
behaviour changes it. Each position is searched with a fresh table.")]
pub struct BenchArgs {
    /// Games to bench, comma-separated (default: all).
    #[arg(long, short = 'g', value_delimiter = ',')]
    pub game: Vec<String>,
    /// The search (default: aspiration; abdada with --threads above 1).
    #[arg(long, short = 'a')]
    pub algo: Option<String>,
    /// Threads of a shared-memory search.
    #[arg(long, short = 't')]
    pub threads: Option<u32>,
    /// Depth for every set instead of each set's own.
    #[arg(long, short = 'd')]
    pub depth: Option<u32>,
    /// Each set 3 plies shallower (a bench in well under a second).
    #[arg(long)]
    pub quick: bool,
    /// Transposition table, MiB.
    #[arg(long)]
    pub hash: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: BenchArgs) -> CliResult {
    let req = BenchRequest {
        games: args
            .game
            .iter()
            .map(|g| g.trim().to_ascii_lowercase())
            .collect(),
        algo: args.algo.clone(),
        threads: args.threads,
        depth: args.depth,
        shallower: if args.quick { QUICK } else { 0 },
        hash: args.hash,
    };
    let text = !args.json;
    let mut header = text;
    let b = bench::run(&req, &mut |r| {
        if std::mem::take(&mut header) {
            println!(
                "{:<9} {:<34} {:>5} {:>13} {:>9} {:>10}  best",
                "game", "position", "depth", "nodes", "ms", "value"
            );
        }
        if text {
            println!(
                "{:<9} {:<34} {:>5} {:>13} {:>9.1} {:>10}  {}",
                r.game,
                r.position,
                r.depth,
                thousands(r.nodes),
                r.time_ms,
                r.report["value"].to_string(),
                r.report["best_move"].as_str().unwrap_or("-")
            );
        }
    })
    .map_err(CliError::from)?;
    if args.json {
        print_json(&b.json());
        return Ok(());
    }
    let who = format!(
        "{} ({} thread{})",
        b.algo,
        b.threads,
        if b.threads == 1 { "" } else { "s" }
    );
    println!("search     {who}");
    if b.is_signature() {
        println!("signature  {} nodes", b.signature());
    } else {
        println!(
            "nodes      {} (no signature: on several threads the count depends on the schedule)",
            thousands(b.signature())
        );
    }
    println!("time       {:.1} s", b.time_ms() / 1e3);
    println!("speed      {} nodes/s", thousands(b.nps().round() as u64));
    Ok(())
}
