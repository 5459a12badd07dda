//! Tic-tac-toe: squares 0–8 row by row (`a1`…`c3` names: column letter, row digit from the
//! bottom are not used — moves are named `1`…`9` in reading order). X moves first. A line ends
//! the game; a full board is a draw. Static value: 0 unless decided.
use arachne_core::rng::mix64;
use arachne_core::{Game, Score};

const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// A tic-tac-toe position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct TicTacToe {
    /// Squares of the side to move.
    own: u16,
    /// Squares of the side that just moved.
    other: u16,
}

fn has_line(b: u16) -> bool {
    LINES.iter().filter(|&&l| b & l == l).count() > 0
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> Self {
        Self::default()
    }
    /// Plays a sequence of moves named `1`…`9`; `None` if one is illegal.
    pub fn from_moves(seq: &str) -> Option<Self> {
        let mut p = Self::new();
        for ch in seq.chars() {
            let mv = p.parse_move(&ch.to_string())?;
            p = p.play(mv);
        }
        Some(p)
    }
    /// True when the side that just moved has three in a row.
    pub fn is_won(&self) -> bool {
        has_line(self.other)
    }
    /// True when X (the first player) is to move.
    pub fn x_to_move(&self) -> bool {
        (self.own | self.other).count_ones() % 2 == 0
    }
    /// The mark on square `sq` (0–8): `X`, `O` or `-`.
    fn mark(&self, sq: u32) -> char {
        let (x, o) = if self.x_to_move() {
            (self.own, self.other)
        } else {
            (self.other, self.own)
        };
        if x >> sq & 1 != 0 {
            'X'
        } else if o >> sq & 1 != 0 {
            'O'
        } else {
            '-'
        }
    }
    /// The position as text (there is no standard notation for tic-tac-toe): the nine squares
    /// in reading order (`X`, `O`, `-` empty), a space, and the side to move (`X` or `O`) — the
    /// layout of Othello's position strings ([`crate::Othello::board`]). The start is
    /// `--------- X`.
    pub fn fen(&self) -> String {
        let mut s: String = (0..9).map(|sq| self.mark(sq)).collect();
        s.push(' ');
        s.push(if self.x_to_move() { 'X' } else { 'O' });
        s
    }
}

/// The board as three lines of three squares (`X`, `O`, `.`), top row first.
impl std::fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for row in 0..3 {
            let line: String = (0..3)
                .map(|c| match self.mark(row * 3 + c) {
                    '-' => '.',
                    m => m,
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl Game for TicTacToe {
    type Move = u8;

    fn moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.is_terminal() {
            return;
        }
        let occ = self.own | self.other;
        out.extend((0..9u8).filter(|&s| occ & (1 << s) == 0));
    }

    fn play(&self, mv: u8) -> Self {
        TicTacToe {
            own: self.other,
            other: self.own | (1 << mv),
        }
    }

    fn evaluate(&self) -> Score {
        if self.is_won() {
            Score::LOSS
        } else {
            Score::DRAW
        }
    }

    fn is_terminal(&self) -> bool {
        self.is_won() || (self.own | self.other) == 0x1ff
    }

    fn hash(&self) -> Option<u64> {
        Some(mix64(self.own as u64 | (self.other as u64) << 16))
    }

    fn move_name(&self, mv: u8) -> String {
        (mv + 1).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_counts_complete_games() {
        assert_eq!(arachne_core::count_games(&TicTacToe::new()), 255_168);
        // Games that end before ply 9 contribute nothing to perft 9.
        assert_eq!(arachne_core::perft(&TicTacToe::new(), 9), 127_872);
        assert_eq!(arachne_core::perft(&TicTacToe::new(), 2), 72);
    }

    #[test]
    fn win_detection() {
        let p = TicTacToe::from_moves("14253").unwrap();
        assert!(p.is_won() && p.is_terminal());
        assert_eq!(p.evaluate(), Score::LOSS);
        assert!(TicTacToe::from_moves("11").is_none());
    }
}
