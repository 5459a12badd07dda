//! `arachne perft`: count positions N plies ahead.
use crate::error::{CliError, CliResult};
use crate::output::{mnps, print_json, thousands};
use arachne_core::Game;
use arachne_games::{with_game, GameInfo, GameVisitor};
use clap::Args;
use serde_json::json;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Game spec (see `arachne games`).
    #[arg(long, short = 'g')]
    pub game: String,
    /// Depth in plies.
    #[arg(long, short = 'd', allow_negative_numbers = true, value_parser = crate::args::perft_depth)]
    pub depth: u32,
    /// Also print the count below each root move.
    #[arg(long)]
    pub divide: bool,
    /// Othello: count a game that ends before the full depth as nothing, like every other game
    /// (default for Othello: as one leaf, the published convention).
    #[arg(long)]
    pub strict: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: PerftArgs) -> CliResult {
    if args.depth > 64 {
        return Err(CliError::usage(format!(
            "--depth {} is too deep for perft (at most 64)",
            args.depth
        )));
    }
    with_game(&args.game, Perft(&args)).map_err(CliError::usage)?
}

struct Perft<'a>(&'a PerftArgs);

impl GameVisitor for Perft<'_> {
    type Output = CliResult;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> CliResult {
        let a = self.0;
        // As `search` does: a synthetic tree has no positions below its depth, so a deeper
        // perft would count 0.
        if let Some(max) = info.max_depth {
            if a.depth > max {
                return Err(CliError::usage(format!(
                    "--depth {} exceeds the depth of the tree ({max}) in `{}`",
                    a.depth,
                    arachne_core::parse::clip(&info.spec, 60)
                )));
            }
        }
        let start = Instant::now();
        let count = info.perft_counter::<G>(a.strict);
        let mut divide = Vec::new();
        let nodes = if a.divide && a.depth > 0 {
            let mut moves = Vec::new();
            root.moves(&mut moves);
            let mut total = 0;
            for m in moves {
                let n = count(&root.play(m), a.depth - 1);
                divide.push((root.move_name(m), n));
                total += n;
            }
            total
        } else {
            count(&root, a.depth)
        };
        let secs = start.elapsed().as_secs_f64();
        if a.json {
            let mut v =
                json!({"game": info.spec, "depth": a.depth, "nodes": nodes, "time_ms": secs * 1e3});
            if a.divide {
                v["divide"] = json!(divide
                    .iter()
                    .map(|(m, n)| json!({"move": m, "nodes": n}))
                    .collect::<Vec<_>>());
            }
            print_json(&v);
        } else {
            for (m, n) in &divide {
                println!("{m:>8}  {n}");
            }
            println!(
                "perft({}) = {}   ({:.1} ms, {} Mleaves/s)",
                a.depth,
                thousands(nodes),
                secs * 1e3,
                mnps(nodes, secs)
            );
        }
        Ok(())
    }
}
