//! Parallel algorithms from `arachne search` (`--procs P --backend sim|threads`).
use super::search::SearchArgs;
use crate::error::CliResult;

/// Parallel algorithm names with one line each.
pub fn catalogue() -> Vec<(&'static str, &'static str)> {
    Vec::new()
}

/// Runs `args` if `args.algo` names a parallel algorithm; `None` otherwise.
pub fn run(_args: &SearchArgs) -> Option<CliResult> {
    None
}
