//! The `arachne` command line as a library: the subcommands' argument types and the one
//! dispatch from a parsed command line to a subcommand ([`dispatch`]), used by the binary
//! (`src/main.rs`) and by embedders that want the command line's exact behaviour — the same
//! spec strings, the same checks and one-line messages, the same `--json` objects
//! ([`api::run_json`]).
pub mod api;
pub mod args;
pub mod cmd;
pub mod error;
mod host;
pub mod output;

use clap::{Parser, Subcommand};
use error::CliResult;

/// The command line.
#[derive(Parser, Debug)]
#[command(name = "arachne", version, about = "Serial and parallel game-tree search", long_about = None)]
pub struct Cli {
    /// The subcommand; none runs the tour (serial, shared-memory, message-passing and
    /// simulated searches of one checkers position).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Search a position or synthetic tree with any algorithm.
    Search(cmd::search::SearchArgs),
    /// Count positions N plies ahead (move-generator check).
    Perft(cmd::perft::PerftArgs),
    /// The engine's signature and speed: fixed positions per game at a fixed depth.
    Bench(cmd::bench::BenchArgs),
    /// Time to the same depth of parallel searches against a serial baseline, in rounds.
    Speedup(cmd::speedup::SpeedupArgs),
    /// An EPD test suite (WAC, LCT II, a file): solved / total at a time or depth per position.
    Epd(cmd::epd::EpdArgs),
    /// List the games and game specs.
    Games,
    /// List the algorithms.
    Algos,
    /// Analysis of alpha-beta (Fuller–Gaschnig–Gillogly).
    Analyze(cmd::analyze::AnalyzeArgs),
    /// Reproduce a paper's experiment: tables, CSV and plots.
    Experiment(cmd::experiment::ExperimentArgs),
    /// Run every experiment into one report (index.html, REPORT.md).
    Reproduce(cmd::reproduce::ReproduceArgs),
    /// Play matches between two algorithms.
    Play(cmd::play::PlayArgs),
    /// Run as a UCI chess engine on standard input/output.
    Uci(cmd::uci::UciArgs),
    /// Learn RBFM's distribution tables for a game (Shoham–Toledo 2002 §2.6).
    Learn(cmd::learn::LearnArgs),
}

/// Runs a parsed command line.
pub fn dispatch(command: Option<Command>) -> CliResult {
    match command {
        None => cmd::tour::run(),
        Some(Command::Search(a)) => cmd::search::run(a),
        Some(Command::Perft(a)) => cmd::perft::run(a),
        Some(Command::Bench(a)) => cmd::bench::run(a),
        Some(Command::Speedup(a)) => cmd::speedup::run(a),
        Some(Command::Epd(a)) => cmd::epd::run(a),
        Some(Command::Games) => cmd::list::games(),
        Some(Command::Algos) => cmd::list::algos(),
        Some(Command::Analyze(a)) => cmd::analyze::run(a),
        Some(Command::Experiment(a)) => cmd::experiment::run(a),
        Some(Command::Reproduce(a)) => cmd::reproduce::run(a),
        Some(Command::Play(a)) => cmd::play::run(a),
        Some(Command::Uci(a)) => cmd::uci::run(a),
        Some(Command::Learn(a)) => cmd::learn::run(a),
    }
}

/// A command-line parse error as the binary prints it: clap's first line, without the usage
/// block; for missing arguments, with the names clap lists on the lines below it. `None` for
/// `--help` and `--version`, which are not errors.
pub fn clap_error_line(e: &clap::Error) -> Option<String> {
    use clap::error::ErrorKind;
    let kind = e.kind();
    if matches!(
        kind,
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        return None;
    }
    let text = e.render().to_string();
    let mut lines = text.lines();
    let mut line = lines
        .next()
        .unwrap_or("invalid arguments")
        .trim_end()
        .to_string();
    if kind == ErrorKind::MissingRequiredArgument {
        let names: Vec<&str> = lines
            .take_while(|l| l.starts_with(char::is_whitespace) && !l.trim().is_empty())
            .map(str::trim)
            .collect();
        line = format!("{line} {}", names.join(", "));
    }
    Some(format!("{} (see arachne --help)", error::clip_line(&line)))
}
