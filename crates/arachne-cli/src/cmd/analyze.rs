//! `arachne analyze`: analysis of alpha-beta (Fuller–Gaschnig–Gillogly).
use crate::error::{CliError, CliResult};
use clap::Args;

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// What to analyze (`nbp`).
    pub what: String,
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    pub rest: Vec<String>,
}

pub fn run(_a: AnalyzeArgs) -> CliResult {
    Err(CliError::usage("`arachne analyze` is not built yet"))
}
