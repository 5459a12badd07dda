//! `arachne uci`: a UCI chess engine.
use crate::error::{CliError, CliResult};
use clap::Args;

#[derive(Args, Debug)]
pub struct UciArgs {}

pub fn run(_a: UciArgs) -> CliResult {
    Err(CliError::usage("`arachne uci` is not built yet"))
}
