//! `arachne` — serial and parallel game-tree search from the command line.
//!
//! Run without arguments it searches the embedded default (connect four from the start position,
//! depth 10, staged alpha-beta) and prints the value, best move, principal variation and
//! statistics. See `arachne --help` and the README for every subcommand.
use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod args;
mod cmd;
mod error;
mod output;

use error::CliError;

#[derive(Parser, Debug)]
#[command(name = "arachne", version, about = "Serial and parallel game-tree search", long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Search a position or synthetic tree with any algorithm.
    Search(cmd::search::SearchArgs),
    /// Count positions N plies ahead (move-generator check).
    Perft(cmd::perft::PerftArgs),
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
    /// Learn RBFM's distribution tables for a game (seed 002 §2.6).
    Learn(cmd::bestfirst::LearnArgs),
}

fn main() -> ExitCode {
    // Die quietly on a closed pipe (`arachne … | head`) like other command-line tools, instead
    // of panicking on the failed write.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = e.print();
                    return ExitCode::SUCCESS;
                }
                kind => {
                    // One clear line: clap's first line, without the usage block; for missing
                    // arguments, with the names clap lists on the lines below it.
                    let text = e.render().to_string();
                    let mut lines = text.lines();
                    let mut line = lines
                        .next()
                        .unwrap_or("invalid arguments")
                        .trim_end()
                        .to_string();
                    if kind == ErrorKind::MissingRequiredArgument {
                        let names: Vec<&str> = lines
                            .take_while(|l| {
                                l.starts_with(char::is_whitespace) && !l.trim().is_empty()
                            })
                            .map(str::trim)
                            .collect();
                        line = format!("{line} {}", names.join(", "));
                    }
                    eprintln!("{} (see arachne --help)", error::clip_line(&line));
                    return ExitCode::from(2);
                }
            }
        }
    };
    let result = match cli.command {
        None => cmd::search::run_default(),
        Some(Command::Search(a)) => cmd::search::run(a),
        Some(Command::Perft(a)) => cmd::perft::run(a),
        Some(Command::Games) => cmd::list::games(),
        Some(Command::Algos) => cmd::list::algos(),
        Some(Command::Analyze(a)) => cmd::analyze::run(a),
        Some(Command::Experiment(a)) => cmd::experiment::run(a),
        Some(Command::Reproduce(a)) => cmd::reproduce::run(a),
        Some(Command::Play(a)) => cmd::play::run(a),
        Some(Command::Uci(a)) => cmd::uci::run(a),
        Some(Command::Learn(a)) => cmd::bestfirst::learn_cmd(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Usage(msg)) => {
            eprintln!("error: {}", error::clip_line(&msg));
            ExitCode::from(2)
        }
        Err(CliError::Failed(msg)) => {
            eprintln!("error: {}", error::clip_line(&msg));
            ExitCode::from(1)
        }
    }
}
