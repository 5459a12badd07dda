//! Portable Game Notation (PGN) games: tag pairs and the main line of the movetext, with SAN
//! moves checked for legality. Comments (`{…}`, `;…`), variations (`(…)`, skipped), NAGs
//! (`$n`), move numbers and the result token are understood. A `[FEN "…"]` tag sets the start
//! position.
use crate::chess::{shown, Chess, ChessError};
use arachne_core::Game;
use cozy_chess::Move;

/// One game.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The start position.
    pub start: Chess,
    /// The main line.
    pub moves: Vec<Move>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), if present.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of tag `key`.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
    /// The start position and the position after every move: `moves.len() + 1` positions.
    pub fn positions(&self) -> Vec<Chess> {
        let mut v = Vec::with_capacity(self.moves.len() + 1);
        let mut p = self.start.clone();
        v.push(p.clone());
        for &m in &self.moves {
            p = p.play(m);
            v.push(p.clone());
        }
        v
    }
}

fn perr<T>(msg: impl Into<String>) -> Result<T, ChessError> {
    Err(ChessError::Pgn(msg.into()))
}

fn parse_tag(line: &str, lineno: usize) -> Result<(String, String), ChessError> {
    let inner = line
        .trim()
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .map(str::trim);
    let Some(inner) = inner else {
        return perr(format!("line {lineno}: malformed tag pair"));
    };
    let Some((key, value)) = inner.split_once(char::is_whitespace) else {
        return perr(format!("line {lineno}: tag pair without a value"));
    };
    let value = value.trim();
    let Some(value) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) else {
        return perr(format!("line {lineno}: tag value must be quoted"));
    };
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return perr(format!("line {lineno}: bad tag name"));
    }
    Ok((key.to_string(), value.replace("\\\"", "\"")))
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Parses the movetext of one game from `start`.
fn parse_movetext(text: &str, start: &Chess) -> Result<(Vec<Move>, Option<String>), ChessError> {
    let mut moves = Vec::new();
    let mut result = None;
    let mut pos = start.clone();
    let mut chars = text.chars().peekable();
    let mut depth = 0usize; // variation nesting
    let mut token = String::new();
    let mut tokens: Vec<String> = Vec::new();
    // Tokenise, dropping comments and variations.
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                if !chars.by_ref().any(|ch| ch == '}') {
                    return perr("unterminated `{` comment");
                }
            }
            ';' => {
                for ch in chars.by_ref() {
                    if ch == '\n' {
                        break;
                    }
                }
            }
            '(' => depth += 1,
            ')' => {
                if depth == 0 {
                    return perr("unbalanced `)`");
                }
                depth -= 1;
            }
            c if c.is_whitespace() => {}
            c => {
                token.push(c);
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() || "{;()".contains(n) {
                        break;
                    }
                    token.push(n);
                    chars.next();
                }
                if depth == 0 {
                    tokens.push(std::mem::take(&mut token));
                } else {
                    token.clear();
                }
            }
        }
    }
    if depth != 0 {
        return perr("unterminated variation `(`");
    }
    for tok in tokens {
        if RESULTS.contains(&tok.as_str()) {
            result = Some(tok);
            continue;
        }
        if result.is_some() {
            return perr(format!("move `{}` after the result", shown(&tok, 20)));
        }
        if tok.starts_with('$') {
            continue; // NAG
        }
        // Strip a move number prefix: `12.`, `12...`, `12.e4`.
        let t = tok.trim_start_matches(|c: char| c.is_ascii_digit());
        let san = if t.len() < tok.len() && t.starts_with('.') {
            t.trim_start_matches('.')
        } else {
            tok.as_str()
        };
        if san.is_empty() {
            continue;
        }
        let mv = pos.parse_san(san).map_err(|_| {
            ChessError::Pgn(format!(
                "illegal or malformed move `{}` at ply {}",
                shown(san, 20),
                moves.len() + 1
            ))
        })?;
        moves.push(mv);
        pos = pos.play(mv);
    }
    Ok((moves, result))
}

/// Parses every game in a PGN file.
pub fn parse_pgn(text: &str) -> Result<Vec<PgnGame>, ChessError> {
    let mut games = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut movetext = String::new();
    let mut in_moves = false;
    let mut finish =
        |tags: &mut Vec<(String, String)>, movetext: &mut String| -> Result<(), ChessError> {
            if tags.is_empty() && movetext.trim().is_empty() {
                return Ok(());
            }
            let start = match tags.iter().find(|(k, _)| k == "FEN") {
                Some((_, fen)) => Chess::from_fen(fen)?,
                None => Chess::startpos(),
            };
            let (moves, result) = parse_movetext(movetext, &start)?;
            games.push(PgnGame {
                tags: std::mem::take(tags),
                start,
                moves,
                result,
            });
            movetext.clear();
            Ok(())
        };
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') && !in_moves_inside_comment(&movetext) {
            if in_moves {
                finish(&mut tags, &mut movetext)?;
                in_moves = false;
            }
            tags.push(parse_tag(t, i + 1)?);
        } else if t.starts_with('%') {
            continue; // escape line
        } else if !t.is_empty() || in_moves {
            if !t.is_empty() {
                in_moves = true;
            }
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    finish(&mut tags, &mut movetext)?;
    if games.is_empty() {
        return perr("no game found");
    }
    Ok(games)
}

/// True when `movetext` ends inside an unterminated `{` comment (a `[` line there is text).
fn in_moves_inside_comment(movetext: &str) -> bool {
    let mut open = false;
    for c in movetext.chars() {
        match c {
            '{' => open = true,
            '}' => open = false,
            _ => {}
        }
    }
    open
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_comments_variations_and_numbers() {
        let g = parse_pgn(
            "[Event \"x\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2.Nf3 $1 Nc6 ; rest\n3. Bb5 a6 1/2-1/2\n",
        )
        .unwrap();
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].moves.len(), 6);
        assert_eq!(g[0].result.as_deref(), Some("1/2-1/2"));
        assert_eq!(g[0].tag("Event"), Some("x"));
    }

    #[test]
    fn rejects_bad_games() {
        for bad in [
            "",
            "[Event x]\n1. e4",
            "1. e4 e4",
            "1. e4 { open",
            "1. e4 (1. d4",
            "1. e4 ) e5",
            "1. e4 1-0 e5",
            "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4",
        ] {
            assert!(parse_pgn(bad).is_err(), "{bad}");
        }
    }
}
