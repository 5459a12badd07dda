//! The command line in-process: [`run_json`] parses a command line exactly as the binary does,
//! runs it with `--json` objects collected instead of printed, and returns them. Embedders
//! (the Python package, crate `arachne-py`) get the binary's behaviour — the same spec
//! strings, checks, one-line messages and JSON fields — without a second implementation of
//! any option.
//!
//! Ctrl-C: the binary registers a Ctrl-C handler that sets the search's stop flag
//! ([`crate::cmd::search::limits`]). In-process, the host owns the process's signals, so
//! [`run_json`] takes the stop flag instead and registers no handler: the host sets the flag
//! (the Python package does on `KeyboardInterrupt`) and the search stops and reports as on
//! Ctrl-C in the binary.
use crate::error::CliError;
use crate::{clap_error_line, dispatch, Cli};
use arachne_core::StopFlag;
use clap::Parser;
pub use serde_json::Value;
use std::cell::RefCell;

thread_local! {
    /// The JSON objects of the command running on this thread under [`run_json`].
    static SINK: RefCell<Option<Vec<Value>>> = const { RefCell::new(None) };
    /// The stop flag of the command running on this thread under [`run_json`].
    static STOP: RefCell<Option<StopFlag>> = const { RefCell::new(None) };
}

/// Takes `v` if a [`run_json`] on this thread collects output; gives it back otherwise.
pub(crate) fn collect(v: &Value) -> bool {
    SINK.with(|s| match s.borrow_mut().as_mut() {
        Some(buf) => {
            buf.push(v.clone());
            true
        }
        None => false,
    })
}

/// The stop flag given to [`run_json`] on this thread, if any.
pub(crate) fn host_stop() -> Option<StopFlag> {
    STOP.with(|s| s.borrow().clone())
}

/// Restores the thread-locals when [`run_json`] returns or unwinds.
struct Reset;

impl Drop for Reset {
    fn drop(&mut self) {
        SINK.with(|s| s.borrow_mut().take());
        STOP.with(|s| s.borrow_mut().take());
    }
}

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
/// algorithms, and the message-passing ones on the simulator), with its JSON
/// objects and errors as in [`run_json`].
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

/// Runs `f` with its JSON objects collected and `stop` as the searches' stop flag.
fn collecting(
    stop: Option<StopFlag>,
    f: impl FnOnce() -> crate::error::CliResult,
) -> Result<Vec<Value>, CliError> {
    let _reset = Reset;
    SINK.with(|s| *s.borrow_mut() = Some(Vec::new()));
    STOP.with(|s| *s.borrow_mut() = stop);
    f()?;
    Ok(SINK.with(|s| s.borrow_mut().take()).unwrap_or_default())
}

/// `values` as one JSON array (for embedders without `serde_json` of their own).
pub fn to_json_text(values: &[Value]) -> Result<String, String> {
    serde_json::to_string(values).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collects_the_json_of_a_search() {
        let out = run_json(
            [
                "search",
                "--json",
                "--game",
                "iid:n=3,d=4,seed=7",
                "--algo",
                "alphabeta",
            ],
            None,
        )
        .unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(out[0]["depth"], 4);
        // The value equals plain negamax on the same tree.
        let neg = run_json(
            [
                "search",
                "--json",
                "--game",
                "iid:n=3,d=4,seed=7",
                "--algo",
                "negamax",
            ],
            None,
        )
        .unwrap();
        assert_eq!(out[0]["value"], neg[0]["value"]);
        assert_eq!(neg[0]["leaves"], 81);
        // Nothing is left collecting after the call.
        assert!(!collect(&Value::Null));
    }

    #[test]
    fn bad_input_is_the_binarys_line() {
        let Err(CliError::Usage(m)) = run_json(["search", "--json", "--algo", "nope"], None) else {
            panic!("accepted a bad algorithm")
        };
        assert!(m.starts_with("unknown algorithm"), "{m}");
        let Err(CliError::Usage(m)) = run_json(["search", "--bogus"], None) else {
            panic!("accepted a bad flag")
        };
        assert!(
            m.contains("--bogus") && m.ends_with("(see arachne --help)"),
            "{m}"
        );
    }

    #[test]
    fn a_position_made_by_the_caller_searches_as_its_spec() {
        let spec = "tictactoe:moves=5";
        let root = arachne_games::with_game(spec, Root).unwrap();
        let info = arachne_games::GameInfo {
            name: "mine",
            spec: "mine".into(),
            max_depth: None,
            default_depth: 0,
        };
        let ours = run_search_on(["--json", "--depth", "8"], root, info.clone(), None).unwrap();
        let theirs = run_json(["search", "--json", "--game", spec, "--depth", "8"], None).unwrap();
        for k in [
            "value",
            "nodes",
            "interior",
            "leaves",
            "cutoffs",
            "pv",
            "best_move",
        ] {
            assert_eq!(ours[0][k], theirs[0][k], "{k}");
        }
        assert_eq!(ours[0]["game"], "mine");
        // The message-passing algorithms on the simulator: every count as for the spec.
        for algo in ["tree-split", "pbound", "type-guided"] {
            let args = ["--json", "--algo", algo, "--procs", "3", "--depth", "6"];
            let root = arachne_games::with_game(spec, Root).unwrap();
            let ours = run_search_on(args, root, info.clone(), None).unwrap();
            let argv = ["search", "--game", spec].into_iter().chain(args);
            let theirs = run_json(argv, None).unwrap();
            for k in ["value", "nodes", "messages", "virtual_time", "pv"] {
                assert_eq!(ours[0][k], theirs[0][k], "{algo} {k}");
            }
        }
        for (args, msg) in [
            (
                vec!["--algo", "ybwc", "--depth", "2"],
                "runs on the serial algorithms",
            ),
            (
                vec!["--threads", "2", "--depth", "2"],
                "the serial algorithms and the simulator only",
            ),
            (
                vec![
                    "--algo",
                    "tree-split",
                    "--procs",
                    "2",
                    "--backend",
                    "threads",
                ],
                "--backend threads: a game defined outside arachne runs on the simulator only",
            ),
            (
                vec!["--procs", "2", "--depth", "2"],
                "--procs needs a parallel one",
            ),
            (vec![], "--depth must be at least 1"),
        ] {
            let root = arachne_games::with_game(spec, Root).unwrap();
            let Err(CliError::Usage(m)) = run_search_on(args, root, info.clone(), None) else {
                panic!("accepted {msg}")
            };
            assert!(m.contains(msg), "{m}");
        }
    }

    /// Builds the tic-tac-toe position of a spec.
    struct Root;
    impl arachne_games::GameVisitor for Root {
        type Output = arachne_games::TicTacToe;
        fn visit<G: arachne_core::Game>(self, root: G, _: arachne_games::GameInfo) -> Self::Output {
            *(&root as &dyn std::any::Any)
                .downcast_ref::<arachne_games::TicTacToe>()
                .expect("a tic-tac-toe spec")
        }
    }

    #[test]
    fn a_stopped_flag_stops_the_search() {
        let stop = StopFlag::new();
        stop.stop();
        let out = run_json(
            ["search", "--json", "--game", "connect4", "--depth", "12"],
            Some(stop),
        )
        .unwrap();
        assert!(!out[0]["stopped"].is_null(), "{}", out[0]);
    }
}
