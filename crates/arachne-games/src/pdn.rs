//! A reader for PDN (Portable Draughts Notation) game files, English checkers (`GameType "21"`).
//!
//! Understands tag pairs (`[Event "…"]`), move numbers (`12.`, `12...`), moves written
//! `11-15`, `22x15x8` or the short capture form `22x8`, comments `{…}` and `;…` to end of
//! line, variations `(…)` (skipped), NAGs (`$1`), move suffixes (`!`, `?`), and the result
//! tokens `1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`, `1-1`, `*`. A `[FEN "…"]` tag sets the start
//! position. Several games in one file are separated by their tag sections.
use crate::checkers::{Checkers, FenError};
use arachne_core::Game;

/// A malformed PDN file or an illegal move in it. The message is one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    /// A tag pair is not `[Name "value"]`.
    #[error("PDN line {line}: malformed tag `{text}`")]
    Tag { line: usize, text: String },
    /// A `{` comment or `(` variation is never closed.
    #[error("PDN: unterminated {0}")]
    Unterminated(&'static str),
    /// A token that is neither a move, a move number nor a result.
    #[error("PDN game {game}: unexpected token `{token}`")]
    Token { game: usize, token: String },
    /// The `FEN` tag is malformed.
    #[error("PDN game {game}: {source}")]
    Fen { game: usize, source: FenError },
    /// A move is not legal in the position reached.
    #[error("PDN game {game}: move {ply} `{mv}` is illegal in {fen}")]
    Illegal {
        game: usize,
        ply: usize,
        mv: String,
        fen: String,
    },
    /// The file holds no game.
    #[error("PDN: no game found")]
    Empty,
}

/// One game of a PDN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves as written (move numbers, comments and suffixes removed).
    pub moves: Vec<String>,
    /// The result token, if any.
    pub result: Option<String>,
    /// 1-based index of the game in its file (for messages).
    pub index: usize,
}

impl PdnGame {
    /// The value of tag `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The start position: the `FEN` tag, or the standard start.
    pub fn start(&self) -> Result<Checkers, PdnError> {
        match self.tag("FEN") {
            Some(f) => Checkers::from_fen(f).map_err(|source| PdnError::Fen {
                game: self.index,
                source,
            }),
            None => Ok(Checkers::start()),
        }
    }

    /// Replays the main line: the positions before the first move and after every move
    /// (`moves.len() + 1` positions). Every move must be legal.
    pub fn replay(&self) -> Result<Vec<Checkers>, PdnError> {
        let mut pos = self.start()?;
        let mut line = vec![pos];
        for (ply, name) in self.moves.iter().enumerate() {
            let Some(mv) = pos.parse_move(name) else {
                return Err(PdnError::Illegal {
                    game: self.index,
                    ply: ply + 1,
                    mv: name.clone(),
                    fen: pos.fen(),
                });
            };
            pos = pos.play(mv);
            line.push(pos);
        }
        Ok(line)
    }
}

const RESULTS: [&str; 7] = ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*"];

/// Strips a leading move number (`12.`, `12...`) from a token; `None` if the token is only a
/// move number.
fn strip_move_number(tok: &str) -> Option<&str> {
    let digits = tok.len() - tok.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && tok[digits..].starts_with('.') {
        let rest = tok[digits..].trim_start_matches('.');
        if rest.is_empty() {
            None
        } else {
            Some(rest)
        }
    } else {
        Some(tok)
    }
}

fn is_move_token(tok: &str) -> bool {
    let body = tok.trim_end_matches(['!', '?']);
    let mut parts = body.split(['-', 'x', 'X']);
    let n = body.split(['-', 'x', 'X']).count();
    n >= 2 && parts.all(|p| !p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Parses every game in `text`.
pub fn parse_pdn(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut games: Vec<PdnGame> = Vec::new();
    let mut cur = PdnGame {
        index: 1,
        ..Default::default()
    };
    let mut has_content = false;
    let mut in_moves = false;
    // strip comments and variations first, keeping line structure for tag messages
    let mut clean = String::with_capacity(text.len());
    let mut depth_var = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                let mut closed = false;
                for d in chars.by_ref() {
                    if d == '}' {
                        closed = true;
                        break;
                    }
                    if d == '\n' {
                        clean.push('\n');
                    }
                }
                if !closed {
                    return Err(PdnError::Unterminated("comment `{`"));
                }
                clean.push(' ');
            }
            ';' => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        clean.push('\n');
                        break;
                    }
                }
            }
            '(' => {
                depth_var += 1;
                clean.push(' ');
            }
            ')' if depth_var > 0 => {
                depth_var -= 1;
                clean.push(' ');
            }
            _ if depth_var > 0 => {
                if c == '\n' {
                    clean.push('\n');
                }
            }
            _ => clean.push(c),
        }
    }
    if depth_var > 0 {
        return Err(PdnError::Unterminated("variation `(`"));
    }
    for (lineno, line) in clean.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') {
            if in_moves {
                // a new game starts
                games.push(std::mem::take(&mut cur));
                cur.index = games.len() + 1;
                in_moves = false;
            }
            let bad = || PdnError::Tag {
                line: lineno + 1,
                text: t.to_string(),
            };
            let inner = t
                .strip_prefix('[')
                .and_then(|x| x.strip_suffix(']'))
                .ok_or_else(bad)?
                .trim();
            let (name, value) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
            let value = value
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(bad)?;
            cur.tags.push((name.to_string(), value.to_string()));
            has_content = true;
            continue;
        }
        for tok in t.split_whitespace() {
            has_content = true;
            in_moves = true;
            if tok.starts_with('$') {
                continue;
            }
            if RESULTS.contains(&tok) {
                cur.result = Some(tok.to_string());
                continue;
            }
            let Some(body) = strip_move_number(tok) else {
                continue;
            };
            if RESULTS.contains(&body) {
                cur.result = Some(body.to_string());
                continue;
            }
            if !is_move_token(body) {
                return Err(PdnError::Token {
                    game: cur.index,
                    token: tok.to_string(),
                });
            }
            cur.moves
                .push(body.trim_end_matches(['!', '?']).to_string());
        }
    }
    if has_content {
        games.push(cur);
    }
    if games.is_empty() {
        return Err(PdnError::Empty);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        assert_eq!(strip_move_number("12."), None);
        assert_eq!(strip_move_number("12..."), None);
        assert_eq!(strip_move_number("3.11-15"), Some("11-15"));
        assert_eq!(strip_move_number("11-15"), Some("11-15"));
        assert!(is_move_token("3x10x19"));
        assert!(is_move_token("11-15!"));
        assert!(!is_move_token("11-"));
        assert!(!is_move_token("abc"));
    }

    #[test]
    fn small_game() {
        let g = parse_pdn("[Event \"x\"]\n1. 11-15 {c} 23-18 (1... 22-18) 2. 15-18 $1 *").unwrap();
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].moves, ["11-15", "23-18", "15-18"]);
        assert_eq!(g[0].result.as_deref(), Some("*"));
        assert_eq!(g[0].tag("event"), Some("x"));
        assert!(g[0].replay().is_err()); // 18 is occupied
        let two = parse_pdn(
            "[Event \"a\"]\n1. 11-15 1-0\n\n[Event \"b\"]\n[FEN \"W:W21:B1\"]\n1... 21-17 ; note\n0-1",
        )
        .unwrap();
        assert_eq!(two.len(), 2);
        assert_eq!((two[0].index, two[1].index), (1, 2));
        assert_eq!(two[1].moves, ["21-17"]);
        assert_eq!(two[1].result.as_deref(), Some("0-1"));
        assert_eq!(two[1].replay().unwrap()[1].fen(), "B:W17:B1");
        assert!(parse_pdn("[FEN \"X:W1\"]\n*").unwrap()[0].replay().is_err());
        assert!(parse_pdn("1. 11-15 Nf3").is_err());
        assert!(parse_pdn("").is_err());
        assert!(parse_pdn("[Event x]").is_err());
        assert!(parse_pdn("1. 11-15 {").is_err());
    }
}
