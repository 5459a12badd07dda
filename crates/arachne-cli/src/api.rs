//! The command line in-process: [`run_json`] parses a command line exactly as the binary does,
//! runs it with `--json` objects collected instead of printed, and returns them. Embedders
//! that want a command line in-process get the binary's behaviour — the same spec
//! strings, checks, one-line messages and JSON fields — without a second implementation of
//! any option.
//!
//! Ctrl-C: the binary registers a Ctrl-C handler that sets the search's stop flag
//! ([`crate::args::SearchArgs::stop`]). In-process, the host owns the process's signals, so
//! [`run_json`] takes the stop flag instead and registers no handler: the host sets the flag
//! (e.g. on its own interrupt) and the search stops and reports as on
//! Ctrl-C in the binary.
use crate::error::CliError;
use crate::host::collecting;
use crate::{clap_error_line, dispatch, Cli};
use arachne_core::StopFlag;
use clap::Parser;
pub use serde_json::Value;

/// Runs the command line `args` (without the program name, e.g. `["search", "--json",
/// "--game", "connect4", "--depth", "6"]`) as the binary would, and returns the JSON objects
/// it printed (none unless `--json` is among `args`). Text output, if any, still goes to
/// stdout. `stop` stops a search early, as Ctrl-C does in the binary; without it Ctrl-C is
/// not wired at all (the host keeps its own signal handling).
///
/// Errors are the binary's: a [`CliError::Usage`] with the line it prints (exit status 2) —
/// for a command line clap refuses, its `error: …` line — or a [`CliError::Failed`] (exit
/// status 1). `--help` and `--version` come back as a usage error holding the text.
pub fn run_json<I, S>(args: I, stop: Option<StopFlag>) -> Result<Vec<Value>, CliError>
where
    I: IntoIterator<Item = S>,
    S: Into<std::ffi::OsString> + Clone,
{
    let cli = parse(args)?;
    collecting(stop, || dispatch(cli.command))
}

/// `arachne search ARGS` (`args` without `search`, e.g. `["--json", "--algo", "alphabeta",
/// "--depth", "9"]`) on `root`, a position the caller made (a game defined outside
/// `arachne-games`), described by `info`: [`crate::cmd::search::run_on`] (the serial
/// algorithms, and the message-passing ones on the simulator), with its JSON objects and
/// errors as in [`run_json`].
pub fn run_search_on<G, I, S>(
    args: I,
    root: G,
    info: arachne_games::GameInfo,
    stop: Option<StopFlag>,
) -> Result<Vec<Value>, CliError>
where
    G: arachne_core::Game,
    I: IntoIterator<Item = S>,
    S: Into<std::ffi::OsString> + Clone,
{
    let argv =
        std::iter::once(std::ffi::OsString::from("search")).chain(args.into_iter().map(Into::into));
    let Some(crate::Command::Search(search)) = parse(argv)?.command else {
        unreachable!("parsed `search …`")
    };
    collecting(stop, || crate::cmd::search::run_on(&search, root, info))
}

/// Parses a command line without the program name, as the binary does.
fn parse<I, S>(args: I) -> Result<Cli, CliError>
where
    I: IntoIterator<Item = S>,
    S: Into<std::ffi::OsString> + Clone,
{
    let argv = std::iter::once(std::ffi::OsString::from("arachne"))
        .chain(args.into_iter().map(Into::into));
    Cli::try_parse_from(argv)
        .map_err(|e| CliError::Usage(clap_error_line(&e).unwrap_or_else(|| e.render().to_string())))
}

/// `values` as one JSON array (for embedders without `serde_json` of their own).
pub fn to_json_text(values: &[Value]) -> Result<String, String> {
    serde_json::to_string(values).map_err(|e| e.to_string())
}
