//! CLI errors: bad input (exit status 2) or a failure while running (exit status 1).
use std::fmt::Display;

/// An error that ends the command with one line on stderr.
#[derive(Debug)]
pub enum CliError {
    /// Bad input from the user: exit status 2.
    Usage(String),
    /// Something failed while running (I/O, …): exit status 1.
    #[allow(dead_code)]
    Failed(String),
}

impl CliError {
    /// A usage error from anything displayable.
    pub fn usage(e: impl Display) -> Self {
        CliError::Usage(e.to_string())
    }
    /// A runtime failure from anything displayable.
    #[allow(dead_code)]
    pub fn failed(e: impl Display) -> Self {
        CliError::Failed(e.to_string())
    }
}

/// Result of a subcommand.
pub type CliResult = Result<(), CliError>;

/// Longest error line printed: longer messages (which echo user input, e.g. a 100 000-move
/// `connect4:moves=…`) are cut in the middle.
pub const MAX_ERROR_CHARS: usize = 400;

/// `msg` as one line of at most about [`MAX_ERROR_CHARS`] characters.
pub fn clip_line(msg: &str) -> String {
    arachne_core::parse::clip(msg, MAX_ERROR_CHARS)
}

impl From<arachne::RunError> for CliError {
    fn from(e: arachne::RunError) -> Self {
        if e.is_usage() {
            CliError::Usage(e.message().to_string())
        } else {
            CliError::Failed(e.message().to_string())
        }
    }
}
