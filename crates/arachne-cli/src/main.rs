//! `arachne` — serial and parallel game-tree search from the command line.
//!
//! Run without arguments it runs the tour (`arachne::tour`): one checkers position searched
//! serially, by ABDADA on every core, by tree-splitting on threads and on the simulator at
//! P = 1 … 64, with the speedup of each and the commands to go further.
//! See `arachne --help` and the README for every subcommand. The subcommands live in the
//! library target (`src/lib.rs`); this is the process around them: parsing, exit codes.
use arachne_cli::error::{clip_line, CliError};
use arachne_cli::{clap_error_line, dispatch, Cli};
use clap::Parser;
use std::io::Write;
use std::process::ExitCode;

/// Writes `line` and its newline to stderr in one `write`: `eprintln!` writes the pieces of its
/// format separately on the unbuffered stderr, and under `mpirun` (which merges every rank's
/// stderr) the launcher's own report could land between `error: ` and the message.
fn say(line: &str) {
    let _ = std::io::stderr()
        .lock()
        .write_all(format!("{line}\n").as_bytes());
}

fn main() -> ExitCode {
    // Die quietly on a closed pipe (`arachne … | head`) like other command-line tools, instead
    // of panicking on the failed write.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // `--backend mpi`, in a build with the feature `mpi` (a no-op without).
    arachne_mpi::install();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => match clap_error_line(&e) {
            None => {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            Some(line) => {
                say(&line);
                return ExitCode::from(2);
            }
        },
    };
    match dispatch(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Usage(msg)) => {
            say(&format!("error: {}", clip_line(&msg)));
            ExitCode::from(2)
        }
        Err(CliError::Failed(msg)) => {
            say(&format!("error: {}", clip_line(&msg)));
            ExitCode::from(1)
        }
    }
}
