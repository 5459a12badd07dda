//! What a game-playing program needs: iterative deepening under a time limit, with a line
//! after every completed depth, and the best move of the last completed depth at the end.
//!
//! Run: `cargo run --release -p arachne --example engine [FEN] [MILLISECONDS]`
use arachne::games::chess::Eval;
use arachne::games::Chess;
use arachne::{Game, Limits, Outcome, Searcher};
use std::time::Duration;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let root = match args.next() {
        Some(fen) => Chess::from_fen(&fen)?,
        None => Chess::startpos(),
    }
    // The strongest evaluation: material, piece-square tables, mobility.
    .with_eval(Eval::Full);
    let ms: u64 = args.next().map(|a| a.parse()).transpose()?.unwrap_or(500);
    // The engine's own search: aspiration windows with ordering, quiescence, null move and
    // check extension, on every core.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    let mut searcher: Box<dyn Searcher<Chess>> = arachne::search("abdada")
        .threads(threads)
        .engine_options()
        .build()?;
    // Deep enough that the clock, not the depth, ends the search.
    let limits = Limits::depth(64).with_time(Duration::from_millis(ms));
    let mut progress = |o: &Outcome<_>| {
        let line: Vec<String> = names(&root, &o.pv);
        println!(
            "depth {:>2}  value {:>6}  nodes {:>10}  {:>6.0} ms  {}",
            o.depth.unwrap_or(0),
            o.value.to_string(),
            o.stats.nodes(),
            o.elapsed.as_secs_f64() * 1e3,
            line.join(" ")
        );
    };
    let out = searcher.search_with(&root, &limits, &mut progress)?;
    let best = out.best_move.map(|m| root.move_name(m));
    println!(
        "bestmove {} (depth {}, {} threads, {:.0} ms)",
        best.as_deref().unwrap_or("(none)"),
        out.depth.unwrap_or(0),
        threads,
        out.elapsed.as_secs_f64() * 1e3
    );
    Ok(())
}

/// The moves of `line` from `root`, by name.
fn names(root: &Chess, line: &[<Chess as Game>::Move]) -> Vec<String> {
    arachne::pv_names(root, line)
}
