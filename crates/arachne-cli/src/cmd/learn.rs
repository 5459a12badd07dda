//! `arachne learn`: RBFM's distribution tables for a game (seed 002 §2.6) — the flags make an
//! [`arachne_engine::learn::LearnRequest`], which the engine runs ([`arachne_engine::learn`]).
use crate::error::CliResult;
use crate::output::emit;
use arachne_bestfirst::learn::LearnSettings;
use arachne_engine::learn::LearnRequest;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct LearnArgs {
    /// Game spec whose positions to learn from (random walks from its root), e.g.
    /// `incremental:b=10,d=100,seed=1,branching=random` or `othello`.
    #[arg(long, short = 'g')]
    pub game: String,
    /// Number of sample positions.
    #[arg(long, default_value_t = 400, allow_negative_numbers = true, value_parser = crate::args::any_usize)]
    pub positions: usize,
    /// Depth of the alpha-beta search that defines the real score (the paper: 10).
    #[arg(long, default_value_t = 10, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub real_depth: u32,
    /// RBFM node expansions per position.
    #[arg(long, default_value_t = 200, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub expansions: u32,
    /// Bootstrapping rounds (the paper: 3 or 4).
    #[arg(long, default_value_t = 4, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub rounds: u32,
    /// Family of the table: normal, chisquare[:k=16], mix[:lo=4,hi=10,k=16], exponential[:damping=0.25].
    #[arg(long, default_value = "normal")]
    pub dist: String,
    /// The trivial start: g = this everywhere, f = 0 (0: best-first).
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true, value_parser = crate::args::non_negative_f64)]
    pub start_var: f64,
    /// Shortest random walk from the root to a sample position.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub min_plies: u32,
    /// Longest random walk.
    #[arg(long, default_value_t = 8, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub max_plies: u32,
    /// Seed.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub seed: u64,
    /// Write the table here (default: print it).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write histograms of the distance from the real score (Figs. 5, 6) into this directory.
    #[arg(long)]
    pub plots: Option<PathBuf>,
    /// Print a JSON summary.
    #[arg(long)]
    pub json: bool,
    /// Chess only (`--game chess` or `chess:eval=NAME`; Shoham–Toledo 2002 §5.4): learn for RBFM with the shallow evaluator (§5.1) and the
    /// heuristics of §5.2 — positions from RBFM self-play games (from the Nunn positions,
    /// --max-plies plies each), the real score by the shallow search to --real-depth, the
    /// variance pooled over d. Use with --dist exponential.
    #[arg(long)]
    pub shallow: bool,
    /// With --shallow: the number of self-play games (at most 20, one per Nunn position).
    #[arg(long, default_value_t = 4, allow_negative_numbers = true, value_parser = crate::args::any_usize)]
    pub selfplay_games: usize,
    /// With --shallow: RBFM node expansions per self-play move.
    #[arg(long, default_value_t = 50, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub move_expansions: u64,
    /// With --shallow: an external UCI engine (e.g. /usr/games/stockfish) makes the shallow
    /// searches and the real score instead of ours (Shoham–Toledo 2002 §5.1's "black box").
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,
}

/// `arachne learn`.
pub fn run(a: LearnArgs) -> CliResult {
    let req = LearnRequest {
        game: a.game,
        settings: LearnSettings {
            positions: a.positions,
            real_depth: a.real_depth,
            expansions: a.expansions,
            rounds: a.rounds,
            dist: a.dist,
            start_var: a.start_var,
            min_plies: a.min_plies,
            max_plies: a.max_plies,
            seed: a.seed,
        },
        out: a.out,
        plots: a.plots,
        shallow: a.shallow,
        selfplay_games: a.selfplay_games,
        move_expansions: a.move_expansions,
        engine: a.engine,
    };
    let quiet = a.json;
    let report = arachne_engine::learn::run(&req, &mut |m| {
        if !quiet {
            eprintln!("{m}");
        }
    })?;
    emit(report, a.json);
    Ok(())
}
