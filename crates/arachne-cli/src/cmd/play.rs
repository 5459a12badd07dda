//! `arachne play`: matches between two algorithms on any game.
//!
//! ```text
//! arachne play --game chess --first alphabeta:depth=3 --second mtdf --games 10 --depth 2
//! ```
//!
//! Without `--game` the match is on `arachne search`'s default game, connect four
//! ([`DEFAULT_GAME`]); `chess` evaluates with its default, strongest evaluation (`eval=full`).
//!
//! Games are played in pairs from the same seeded random opening (`--random-plies` uniformly
//! random legal moves, default 2), once with each algorithm moving first, so the colours
//! alternate. Every choice is seeded by `--seed`: the same command gives the same games.
//!
//! Per-side options go after the algorithm name and are removed before it is parsed:
//! `depth=D` (plies; default `--depth`, else the game's default), `time=MS` (a deadline per
//! move; a stopped search plays its best move so far — for iterative algorithms, that of the
//! last completed iteration — or else the first legal move), and
//! `quiescence=on|off` (default on), e.g. `--first aspiration:delta=30,depth=4,time=200`;
//! `check=on|off` and `null=on|off` (default off, as in the library; the UCI engine turns
//! both on) for the check extension and the null move of `SearchOptions`, which the
//! searchers over `falphabeta` (`falphabeta`, `palphabeta`, `spalphabeta`, `aspiration`) and
//! the shared-memory algorithms take and the other serial ones refuse, with a line naming
//! the option, e.g. `--first aspiration:check=on,null=on,time=200`
//! plays like `arachne uci`'s search; for the shared-memory algorithms (`ybwc`, `jamboree`,
//! `lazy-smp`, `abdada`) also `threads=T` (default 1), e.g. `--first ybwc:threads=2,time=200`,
//! and their own options (`ybwc:aspiration=50,threads=2,check=on,null=on` plays like `arachne
//! uci` with `Threads 2`); and for every side
//! `nodes=N`, a node budget per move.
//!
//! The best-first searchers `bfm` and `rbfm` (Shoham–Toledo 2002) play too, with their own options
//! (`rbfm:seed=S,dist=…,vote=N,memory=MiB`) and the per-side `depth=` (the principal
//! variation depth at which a move's search stops, §3.2.5), `nodes=` (generated nodes per
//! move) and `time=`; e.g. `--first rbfm:seed=3,nodes=20000 --second alphabeta:depth=4`. Each
//! keeps its tree between moves (§3.2.5): after a move — its own or the opponent's — the
//! subtree below it becomes the new tree (`Searcher::play`); a search also stops when its
//! principal variation ends at a terminal position. Their node count is the paper's
//! "generated nodes" (children generated and evaluated).
//! Monte Carlo tree search plays too: `mcts` with its own options
//! (`mcts:c=…,playout=…,seed=S,iters=N,memory=MiB,par=tree|root|leaf`), the per-side
//! `nodes=` (generated tree nodes per move), `time=` and `threads=T` (the parallel form `par=`,
//! the tree form by default); without `nodes=`, `time=` or `iters=`, 100000 iterations a move.
//! It keeps its tree between moves, every form (the root form each of its trees): after a move
//! the subtree below it becomes the tree (`arachne_mcts::Mcts::advance`). It has
//! no search depth: a per-side `depth=` is refused, the game-wide `--depth` is for the other
//! side, and so are `quiescence=`, `check=` and `null=`.
//! On chess a side can be a UCI engine: `uci:engine=PATH` with the per-side `depth=`, `time=`
//! and `nodes=` (its `go`), every other key a UCI option it is given before the match, e.g.
//! `--second uci:engine=/usr/games/stockfish,UCI_LimitStrength=true,UCI_Elo=2000,time=200`
//! ([`arachne_engine::play::uci_side`]; without `engine=`, `$ARACHNE_UCI_ENGINE` or
//! `stockfish`).
//! Both sides search with move ordering (hints, killers, history; a 16 MiB transposition table
//! per side, kept between its moves and cleared per game), a capture-only quiescence
//! search where the game has captures, and draws by repetition against the game so far.
//!
//! Scoring: a game ends at a terminal position (scored by its static value: a decisive value
//! wins or loses; otherwise the sign of the value, which only synthetic trees have), by
//! threefold repetition (games with a hash), or after `--max-plies` plies: both are draws.
//! Every result is stated from the first engine's point of view (`--first`): the match as
//! "first won W, drew D, lost L", its score (a draw counts half) with a 95 % Wilson interval,
//! the Elo difference that score implies with its interval, and each game as "first won", "first drew" or "first lost", with which side moved first.
//!
//! The matches are played by the library's match runner, [`arachne_engine::play`], which also
//! renders the report: each side is a [`arachne::SearchRequest`] made from its keys (with
//! `playing` set) and built by [`arachne::builtin::build_playing`], as `arachne search` builds its searches, so
//! an option the side's algorithm cannot honour is refused with one line naming it. This
//! command parses the arguments, calls it and prints the report.
use crate::error::{CliError, CliResult};
use crate::output::emit;
use arachne::request::DEFAULT_GAME;
use arachne_engine::play::{match_play, MatchSettings};
use clap::Args;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Game spec (see `arachne games`); the same default as `arachne search`.
    #[arg(long, short = 'g', default_value = DEFAULT_GAME)]
    pub game: String,
    /// The first algorithm, `NAME[:key=value,...]`, plus per-side `depth=`, `time=` (ms),
    /// `nodes=`, `threads=`, `quiescence=on|off`, `check=on|off` (check extension) and
    /// `null=on|off` (null move); or, on chess, a UCI engine: `uci:engine=PATH,Option=value,…`.
    #[arg(long)]
    pub first: String,
    /// The second algorithm (same form as --first).
    #[arg(long)]
    pub second: String,
    /// Number of games (pairs share an opening and swap colours).
    #[arg(long, short = 'n', default_value_t = 2, allow_negative_numbers = true, value_parser = crate::args::positive_u32)]
    pub games: u32,
    /// Search depth for both sides unless overridden per side.
    #[arg(long, short = 'd', allow_negative_numbers = true, value_parser = crate::args::depth)]
    pub depth: Option<u32>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub seed: u64,
    /// Random plies at the start of each game pair.
    #[arg(long, default_value_t = 2, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub random_plies: u32,
    /// A game still running after this many plies is a draw.
    #[arg(long, default_value_t = 400, allow_negative_numbers = true, value_parser = crate::args::positive_u32)]
    pub max_plies: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: PlayArgs) -> CliResult {
    let settings = MatchSettings {
        games: a.games,
        depth: a.depth,
        seed: a.seed,
        random_plies: a.random_plies,
        max_plies: a.max_plies,
    };
    let m = match_play(&a.game, &a.first, &a.second, &settings).map_err(CliError::usage)?;
    emit(m.report(&settings), a.json);
    Ok(())
}
