//! `arachne uci`: a UCI chess engine on standard input and output — the server
//! [`arachne_engine::uci`], whose module docs describe the commands, the options and the time
//! management.
use crate::error::CliResult;
use clap::Args;

#[derive(Args, Debug)]
#[command(after_help = arachne_engine::uci::HELP)]
pub struct UciArgs {}

/// Serves UCI on standard input until `quit` or the end of the input.
pub fn run(_a: UciArgs) -> CliResult {
    arachne_engine::uci::serve(std::io::stdin().lock());
    Ok(())
}
