//! What a request produces: one [`Report`], both as the JSON object of `--json` and as the
//! text of the plain form, rendered here once so that the command line, the Python package
//! and any other caller print the same thing. Also the error of a request ([`RunError`]) and
//! the number formats the texts use.
use arachne_core::{Score, StopReason};
use arachne_games::{GameInfo, Units};
use serde_json::{json, Value};
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
/// running (exit status 1). Every variant displays as one line, the command line's message.
///
/// Bad input comes in three kinds, so that a caller can tell them apart without reading the
/// message: an option the algorithm, its family or its backend cannot honour
/// ([`RunError::Refused`]), an option given a value it does not take ([`RunError::Invalid`]),
/// each naming the option (`--null-move`, `--procs`, …: [`RunError::option`]), and anything
/// else ([`RunError::Usage`]: an unknown algorithm or game, a spec that does not parse).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// An option the algorithm, its family or its backend cannot honour, refused rather than
    /// dropped: `option` is the flag (`--null-move`, `--threads`, …).
    #[error("{message}")]
    Refused {
        /// The flag refused.
        option: String,
        /// The one-line message.
        message: String,
    },
    /// An option given a value out of its range, or contradicting another option: `option`
    /// is the flag (`--nodes`, `--hash`, …).
    #[error("{message}")]
    Invalid {
        /// The flag whose value is refused.
        option: String,
        /// The one-line message.
        message: String,
    },
    /// Other bad input: an unknown name, a spec that does not parse, a contradiction of
    /// several options.
    #[error("{0}")]
    Usage(String),
    /// Something failed while running (I/O, an MPI fault).
    #[error("{0}")]
    Failed(String),
}

impl RunError {
    /// A usage error from anything displayable. A message that opens with the flag it is about
    /// (`--nodes must be at least 1`, `--hash: …`) is an [`RunError::Invalid`] naming it;
    /// any other is a [`RunError::Usage`].
    pub fn usage(e: impl std::fmt::Display) -> Self {
        let message = e.to_string();
        match leading_flag(&message) {
            Some(option) => RunError::Invalid {
                option: option.to_string(),
                message,
            },
            None => RunError::Usage(message),
        }
    }

    /// `option` (a flag such as `--null-move`) refused by the algorithm, its family or its
    /// backend, with the line `e`.
    pub fn refused(option: &str, e: impl std::fmt::Display) -> Self {
        RunError::Refused {
            option: option.to_string(),
            message: e.to_string(),
        }
    }

    /// A failure from anything displayable.
    pub fn failed(e: impl std::fmt::Display) -> Self {
        RunError::Failed(e.to_string())
    }

    /// The option a [`RunError::Refused`] or [`RunError::Invalid`] is about.
    pub fn option(&self) -> Option<&str> {
        match self {
            RunError::Refused { option, .. } | RunError::Invalid { option, .. } => Some(option),
            RunError::Usage(_) | RunError::Failed(_) => None,
        }
    }

    /// True for bad input (every variant but [`RunError::Failed`]).
    pub fn is_usage(&self) -> bool {
        !matches!(self, RunError::Failed(_))
    }

    /// The one-line message.
    pub fn message(&self) -> &str {
        match self {
            RunError::Refused { message, .. } | RunError::Invalid { message, .. } => message,
            RunError::Usage(m) | RunError::Failed(m) => m,
        }
    }

    /// The same error with the message `f` makes of its message (kind and option kept).
    pub fn map_message(self, f: impl FnOnce(String) -> String) -> Self {
        match self {
            RunError::Refused { option, message } => RunError::Refused {
                option,
                message: f(message),
            },
            RunError::Invalid { option, message } => RunError::Invalid {
                option,
                message: f(message),
            },
            RunError::Usage(m) => RunError::Usage(f(m)),
            RunError::Failed(m) => RunError::Failed(f(m)),
        }
    }
}

/// The flag a message opens with (`--hash` of `--hash: …`, `--nodes` of `--nodes must …`).
fn leading_flag(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("--")?;
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or(rest.len());
    (end > 0).then(|| &message[..end + 2])
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

/// A value in the game's units, for the text: chess in centipawns (`35 centipawns`) or as a
/// mate (`mate in 3`: the side to move mates in 3 moves; `mated in 2`: it is mated in 2); a
/// synthetic tree with real values as the real value beside its fixed-point integer
/// (`0.529634 (555402 × 2^-20)`); any other game's value as its integer, a decisive one as
/// `win in N plies` / `loss in N plies`.
pub fn value_text(value: Score, info: &GameInfo) -> String {
    match info.units() {
        Units::Centipawns => match mate_in(value) {
            Some(0) => "mated (the side to move is checkmated)".to_string(),
            Some(m) if m > 0 => format!("mate in {m}"),
            Some(m) => format!("mated in {}", -m),
            None if value.is_infinite() => value.to_string(),
            None => format!("{} centipawns", value.0),
        },
        Units::FixedPoint { shift } if !value.is_decisive() && !value.is_infinite() => format!(
            "{:.6} ({} × 2^-{shift})",
            value.0 as f64 / (1u64 << shift) as f64,
            value.0
        ),
        _ => value.to_string(),
    }
}

/// A decisive value as the side to move's moves to the end of the game (its own moves,
/// ⌈plies / 2⌉, as UCI's `score mate`): positive when it wins, negative when it loses, 0
/// when it has already lost; `None` for a value that is not decisive.
pub fn mate_in(value: Score) -> Option<i64> {
    let plies = value.plies_to_end()? as i64;
    let moves = (plies + 1) / 2;
    Some(if value.0 > 0 { moves } else { -moves })
}

/// Adds the value's fields beside `value` in a report's JSON object: `mate_in` (always:
/// [`mate_in`], null when the value is not decisive or unknown) and, on a synthetic tree with
/// real values ([`Units::FixedPoint`]), `value_real` (the integer `value` divided by the
/// scale, null when `value` is).
pub fn value_json(v: &mut Value, value: Option<Score>, info: &GameInfo) {
    v["mate_in"] = json!(value.and_then(mate_in));
    if let Units::FixedPoint { .. } = info.units() {
        v["value_real"] = json!(value
            .filter(|s| !s.is_decisive() && !s.is_infinite())
            .and_then(|s| info.units().real(s.0)));
    }
}

/// Why a search stopped early, in words: `node limit`, `time limit`, `memory limit`,
/// `stopped` (the stop flag, Ctrl-C).
pub fn stop_words(s: StopReason) -> &'static str {
    match s {
        StopReason::Nodes => "node limit",
        StopReason::Time => "time limit",
        StopReason::Memory => "memory limit",
        StopReason::Stopped => "stopped",
    }
}

/// The fields of a parallel form's figures (`extra`, a JSON object) as text lines, one a
/// field: the key in words (`messages_per_expansion` → `messages per expansion`, `procs` →
/// `processors`), the value as a person reads it — strings without quotes, fractions of one
/// (`slave_share`) as percentages, other floats to 2 decimals (virtual times to 1), numbers
/// inside strings (a cost model's `message=0.014285714285714285`) to 4 significant digits —
/// and absent values left out.
pub fn extra_text(r: &mut Report, extra: &Value) {
    let Some(o) = extra.as_object() else { return };
    for (k, x) in o {
        let label = match k.as_str() {
            "procs" => "processors".to_string(),
            "expansions_by_proc" => "expansions by process".to_string(),
            k => k.replace('_', " "),
        };
        let text = match x {
            Value::Null => continue,
            Value::String(t) => round_numbers_in(t),
            Value::Number(n) if n.is_f64() => {
                let f = n.as_f64().unwrap_or(0.0);
                if k.ends_with("share") {
                    format!("{:.1}%", 100.0 * f)
                } else if k.ends_with("time") {
                    format!("{f:.1}")
                } else {
                    format!("{f:.2}")
                }
            }
            Value::Array(a) => a
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            Value::Number(n) if n.as_u64().is_some() => thousands(n.as_u64().unwrap_or(0)),
            Value::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
            x => x.to_string(),
        };
        r.line(format_args!("{label:<10} {text}"));
    }
}

/// `t` with every decimal number of more than 4 significant digits after its point rounded
/// to 4 significant digits (`message=0.014285714285714285` → `message=0.01429`).
pub fn round_numbers_in(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i > start && i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            let num = &t[start..j];
            match num.parse::<f64>() {
                Ok(f) if j - i - 1 > 4 && f != 0.0 => {
                    let digits = (3 - f.abs().log10().floor() as i32).max(0) as usize;
                    let s = format!("{f:.digits$}");
                    let s = if s.contains('.') {
                        s.trim_end_matches('0').trim_end_matches('.').to_string()
                    } else {
                        s
                    };
                    out.push_str(&s);
                }
                _ => out.push_str(num),
            }
            i = j;
        } else if i > start {
            out.push_str(&t[start..i]);
        } else {
            let ch = t[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}
