//! `arachne play`: matches between two algorithms.
use crate::error::{CliError, CliResult};
use clap::Args;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    pub rest: Vec<String>,
}

pub fn run(_a: PlayArgs) -> CliResult {
    Err(CliError::usage("`arachne play` is not built yet"))
}
