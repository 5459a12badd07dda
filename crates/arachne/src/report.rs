//! What a request produces: one [`Report`], both as the JSON object of `--json` and as the
//! text of the plain form, rendered here once so that the command line, the Python package
//! and any other caller print the same thing. Also the error of a request ([`RunError`]) and
//! the number formats the texts use.
use serde_json::Value;
use std::fmt::Write;

/// A request's result: the JSON object and the text form (lines ending in `\n`), and the
/// text form's lines for stderr (a summary; empty for most requests).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    /// The `--json` object.
    pub json: Value,
    /// The text form.
    pub text: String,
    /// Lines for stderr that go with the text form.
    pub notes: Vec<String>,
    /// Nothing to print: a worker rank of an `--backend mpi` run (rank 0 reports).
    pub silent: bool,
}

impl Report {
    /// A report of `json` with an empty text, to be filled by [`Report::line`].
    pub fn new(json: Value) -> Self {
        Report {
            json,
            ..Report::default()
        }
    }

    /// Appends one line of text.
    pub fn line(&mut self, line: impl std::fmt::Display) {
        let _ = writeln!(self.text, "{line}");
    }
}

/// Why a request failed: bad input (the command line's exit status 2) or a failure while
/// running (exit status 1). The message is one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// Bad input: an option out of range, a contradiction, an unknown name.
    #[error("{0}")]
    Usage(String),
    /// Something failed while running (I/O, an MPI fault).
    #[error("{0}")]
    Failed(String),
}

impl RunError {
    /// A usage error from anything displayable.
    pub fn usage(e: impl std::fmt::Display) -> Self {
        RunError::Usage(e.to_string())
    }
    /// A failure from anything displayable.
    pub fn failed(e: impl std::fmt::Display) -> Self {
        RunError::Failed(e.to_string())
    }
}

/// The result of a request.
pub type RunResult = Result<Report, RunError>;

/// `12345678` → `12,345,678`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Items per second, formatted as millions (`-` for no time).
pub fn mnps(nodes: u64, secs: f64) -> String {
    if secs <= 0.0 {
        "-".to_string()
    } else {
        format!("{:.2}", nodes as f64 / secs / 1e6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(12_345_678), "12,345,678");
        assert_eq!(mnps(3_000_000, 0.5), "6.00");
        assert_eq!(mnps(1, 0.0), "-");
    }

    #[test]
    fn lines_end_in_newlines() {
        let mut r = Report::new(Value::Null);
        r.line("a");
        r.line(format_args!("b {}", 1));
        assert_eq!(r.text, "a\nb 1\n");
    }
}
