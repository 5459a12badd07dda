//! Extended Position Description (EPD) records: the four FEN position fields followed by
//! semicolon-terminated operations, e.g.
//!
//! ```text
//! 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";
//! ```
//!
//! `bm` (best moves) and `am` (avoid moves) are SAN and are checked for legality; `hmvc` and
//! `fmvn` set the move counters. Blank lines and lines starting with `#` are skipped.
use crate::chess::{shown, Chess, ChessError};
use cozy_chess::Move;

/// One EPD record.
#[derive(Clone, Debug)]
pub struct EpdRecord {
    /// The position (move counters from `hmvc`/`fmvn` when given).
    pub position: Chess,
    /// The operations in file order: opcode and operands (quotes removed).
    pub ops: Vec<(String, Vec<String>)>,
    /// The `bm` moves, parsed.
    pub best_moves: Vec<Move>,
    /// The `am` moves, parsed.
    pub avoid_moves: Vec<Move>,
}

impl EpdRecord {
    /// The first operand of `opcode`, if present.
    pub fn op(&self, opcode: &str) -> Option<&str> {
        self.ops
            .iter()
            .find(|(o, _)| o == opcode)
            .and_then(|(_, v)| v.first())
            .map(String::as_str)
    }
    /// The `id` operation.
    pub fn id(&self) -> Option<&str> {
        self.op("id")
    }
}

/// Splits the operations part into `;`-terminated operations, honouring double quotes.
fn split_ops(s: &str, line: usize) -> Result<Vec<(String, Vec<String>)>, ChessError> {
    let err = |msg: String| ChessError::Epd { line, msg };
    let mut ops = Vec::new();
    let mut tokens: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut chars = s.chars();
    let mut in_token = false;
    let flush = |tokens: &mut Vec<String>, ops: &mut Vec<(String, Vec<String>)>| {
        if !tokens.is_empty() {
            let opcode = tokens.remove(0);
            ops.push((opcode, std::mem::take(tokens)));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let mut q = String::new();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some(ch) => q.push(ch),
                        None => return Err(err("unterminated string".into())),
                    }
                }
                if in_token {
                    tokens.push(std::mem::take(&mut cur));
                    in_token = false;
                }
                tokens.push(q);
            }
            ';' => {
                if in_token {
                    tokens.push(std::mem::take(&mut cur));
                    in_token = false;
                }
                if tokens.is_empty() {
                    return Err(err("empty operation".into()));
                }
                flush(&mut tokens, &mut ops);
            }
            c if c.is_whitespace() => {
                if in_token {
                    tokens.push(std::mem::take(&mut cur));
                    in_token = false;
                }
            }
            c => {
                cur.push(c);
                in_token = true;
            }
        }
    }
    if in_token {
        tokens.push(cur);
    }
    if !tokens.is_empty() {
        // A last operation without its `;` is tolerated.
        flush(&mut tokens, &mut ops);
    }
    for (o, _) in &ops {
        if !o.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            || !o.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(err(format!("bad opcode `{}`", shown(o, 20))));
        }
    }
    Ok(ops)
}

/// Parses one EPD line (`line` is its 1-based number, for messages).
pub fn parse_epd_line(text: &str, line: usize) -> Result<EpdRecord, ChessError> {
    let err = |msg: String| ChessError::Epd { line, msg };
    let text = text.trim();
    let mut rest = text;
    let mut fields = Vec::with_capacity(4);
    for _ in 0..4 {
        rest = rest.trim_start();
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if end == 0 {
            return Err(err(
                "need four position fields (board, side, castling, en passant)".into(),
            ));
        }
        fields.push(&rest[..end]);
        rest = &rest[end..];
    }
    let ops = split_ops(rest, line)?;
    let get = |k: &str| {
        ops.iter()
            .find(|(o, _)| o == k)
            .and_then(|(_, v)| v.first().cloned())
    };
    let hmvc = get("hmvc").unwrap_or_else(|| "0".into());
    let fmvn = get("fmvn").unwrap_or_else(|| "1".into());
    let fen = format!("{} {hmvc} {fmvn}", fields.join(" "));
    let position = Chess::from_fen(&fen).map_err(|e| err(e.to_string()))?;
    let moves = |k: &str| -> Result<Vec<Move>, ChessError> {
        let mut v = Vec::new();
        for (_, operands) in ops.iter().filter(|(o, _)| o == k) {
            for san in operands {
                v.push(
                    position
                        .parse_san(san)
                        .map_err(|_| err(format!("{k}: illegal move `{}`", shown(san, 20))))?,
                );
            }
        }
        Ok(v)
    };
    let best_moves = moves("bm")?;
    let avoid_moves = moves("am")?;
    Ok(EpdRecord {
        position,
        ops,
        best_moves,
        avoid_moves,
    })
}

/// Parses an EPD file: one record per non-blank line (`#` lines are comments).
pub fn parse_epd(text: &str) -> Result<Vec<EpdRecord>, ChessError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| parse_epd_line(l, i + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_core::Game;

    #[test]
    fn parses_a_record() {
        let r = parse_epd_line(
            r#"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; id "WAC.004";"#,
            1,
        )
        .unwrap();
        assert_eq!(r.id(), Some("WAC.004"));
        assert_eq!(r.best_moves.len(), 1);
        assert_eq!(r.position.move_name(r.best_moves[0]), "h6h7");
    }

    #[test]
    fn rejects_bad_records() {
        for bad in [
            "",
            "8/8/8/8 w",
            "8/8/8/8/8/8/8/8 w - - bm e4;",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e5;",
            r#"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "x"#,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;;",
        ] {
            assert!(parse_epd_line(bad, 1).is_err(), "{bad}");
        }
    }
}
