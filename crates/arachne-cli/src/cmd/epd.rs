//! `arachne epd`: an EPD test suite ([`arachne::epd`]) at a time or a depth per position,
//! at one or more thread counts interleaved position by position: solved / total, the
//! positions missed (id, expected, played) and the median time to solution.
use crate::error::CliResult;
use crate::output::print_json;
use arachne::epd::{self, EpdRequest};
use clap::Args;
use std::io::IsTerminal;

#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arachne epd --suite wac --limit 100 --time-ms 200 --threads 1,2
  arachne epd --suite lct2 --depth 6
  arachne epd --suite my.epd --time-ms 1000 --threads 1,2:ybwc,2:lazy-smp

A position is solved when the move played is one of its `bm` moves and none of its `am`
moves. Every search has the engine's options: full evaluation, ordering, quiescence, null
move and check extension; one thread is `aspiration`, more `abdada` unless THREADS:ALGO
names another. The searches run in this process, one after the other on each position.")]
pub struct EpdArgs {
    /// The suite: `wac`, `lct2`, `nunn` (embedded) or an EPD file.
    #[arg(long, short = 's', default_value = "wac")]
    pub suite: String,
    /// Milliseconds per position.
    #[arg(long, allow_negative_numbers = true, value_parser = crate::args::any_u64, conflicts_with = "depth")]
    pub time_ms: Option<u64>,
    /// Depth per position instead of a time.
    #[arg(long, short = 'd', allow_negative_numbers = true, value_parser = crate::args::depth)]
    pub depth: Option<u32>,
    /// Thread counts, comma-separated, each `T` or `T:ALGO`, interleaved per position.
    #[arg(long, short = 't', default_value = "1")]
    pub threads: String,
    /// Only the first N positions.
    #[arg(long, short = 'n', allow_negative_numbers = true, value_parser = crate::args::any_usize)]
    pub limit: Option<usize>,
    /// Transposition table, MiB.
    #[arg(long, allow_negative_numbers = true, value_parser = crate::args::hash)]
    pub hash: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: EpdArgs) -> CliResult {
    let req = EpdRequest {
        suite: args.suite.clone(),
        time_ms: args.time_ms,
        depth: args.depth,
        configs: epd::parse_configs(&args.threads)?,
        limit: args.limit,
        hash: args.hash,
    };
    let show = std::io::stderr().is_terminal();
    let r = epd::run(&req, &mut |i, p| {
        if show {
            let marks: String = p
                .answers
                .iter()
                .map(|a| if a.solved { '+' } else { '-' })
                .collect();
            eprintln!("{:>4} {:<16} {marks}", i + 1, p.id);
        }
    })?;
    if args.json {
        print_json(&r.json());
    } else {
        print!("{}", r.text());
    }
    Ok(())
}
