//! Othello (Reversi) on 64-bit bitboards — the game of seed 002 §4.
//!
//! # Rules
//!
//! Standard 8×8 start (White on d4 and e5, Black on d5 and e4), Black moves first. A move
//! places a disc that outflanks at least one line of opponent discs, which are flipped. A
//! player with no legal placement must **pass**; a pass is a move (named `pass`) and a ply.
//! The game ends when neither player can move; then [`Game::moves`] is empty and
//! [`Game::is_terminal`] is true, and [`Game::evaluate`] is decisive by disc count:
//! [`Score::WIN`] if the side to move has more discs, [`Score::LOSS`] if fewer,
//! [`Score::DRAW`] (0) if equal. (The margin is not scaled into the decisive band, so that
//! decisive scores keep meaning "won in so many plies".)
//!
//! # Notation
//!
//! * Squares `a1` … `h8`: column letter `a`–`h`, row digit `1`–`8`, row 1 at the top (Black's
//!   first moves are `d3`, `c4`, `f5`, `e6`). Bit `8·(row−1) + column` holds the square.
//! * Positions: 64 characters for `a1 b1 … h1 a2 … h8` (`X` Black, `O` White, `-` empty),
//!   a space, and the side to move (`X` or `O`) — the format of the FFO test positions. The
//!   parser also accepts `B`/`*` for Black, `W` for White, `.`/`_` for empty, lower case, and
//!   whitespace (e.g. line breaks) inside the board.
//!
//! # Perft
//!
//! Two conventions: [`perft_published`] follows the published Othello table (a pass is a ply;
//! a game over before the full depth is one leaf) and is what `arachne perft --game othello`
//! prints; [`arachne_core::perft`] counts only positions exactly `depth` plies ahead (a game
//! that ends earlier contributes nothing; `arachne perft --strict`). They first differ at
//! depth 10.
//!
//! # Evaluation (side to move minus opponent), documented weights
//!
//! * positional weights per square ([`WEIGHTS`]: corners 100, the X-squares next to corners
//!   −50, C-squares −20, A-squares 10, B-squares 5, edges of the inner ring −2, centre −1);
//! * mobility: [`MOBILITY`] = 5 per legal move more than the opponent has.
use arachne_core::rng::mix64;
use arachne_core::{Game, Score};
use std::fmt;

/// Depth searched when none is given: 6 plies (seed 002 §4 compares alpha-beta at depths up
/// to 8).
pub const DEFAULT_DEPTH: u32 = 6;
/// The pass move.
pub const PASS: u8 = 64;
/// Weight of one legal move of mobility advantage.
pub const MOBILITY: i32 = 5;
/// Positional weight of each square, `a1` first (row 1), then `a2`, ….
#[rustfmt::skip]
pub const WEIGHTS: [i32; 64] = [
    100, -20,  10,   5,   5,  10, -20, 100,
    -20, -50,  -2,  -2,  -2,  -2, -50, -20,
     10,  -2,  -1,  -1,  -1,  -1,  -2,  10,
      5,  -2,  -1,  -1,  -1,  -1,  -2,   5,
      5,  -2,  -1,  -1,  -1,  -1,  -2,   5,
     10,  -2,  -1,  -1,  -1,  -1,  -2,  10,
    -20, -50,  -2,  -2,  -2,  -2, -50, -20,
    100, -20,  10,   5,   5,  10, -20, 100,
];

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;

/// `b` shifted one step in direction `d` (0 E, 1 W, 2 S, 3 N, 4 SE, 5 SW, 6 NE, 7 NW; S is
/// towards row 8).
#[inline(always)]
const fn shift(b: u64, d: usize) -> u64 {
    match d {
        0 => (b << 1) & NOT_A,
        1 => (b >> 1) & NOT_H,
        2 => b << 8,
        3 => b >> 8,
        4 => (b << 9) & NOT_A,
        5 => (b << 7) & NOT_H,
        6 => (b >> 7) & NOT_A,
        _ => (b >> 9) & NOT_H,
    }
}

/// Placements of `p` that outflank a line of `o` in direction `D` (Kogge–Stone-style fill).
#[inline(always)]
fn ray_moves<const D: usize>(p: u64, o: u64, empty: u64) -> u64 {
    let mut t = shift(p, D) & o;
    t |= shift(t, D) & o;
    t |= shift(t, D) & o;
    t |= shift(t, D) & o;
    t |= shift(t, D) & o;
    t |= shift(t, D) & o;
    shift(t, D) & empty
}

/// The legal placements of the player owning `p` against `o`.
#[inline]
pub fn legal_moves(p: u64, o: u64) -> u64 {
    let empty = !(p | o);
    ray_moves::<0>(p, o, empty)
        | ray_moves::<1>(p, o, empty)
        | ray_moves::<2>(p, o, empty)
        | ray_moves::<3>(p, o, empty)
        | ray_moves::<4>(p, o, empty)
        | ray_moves::<5>(p, o, empty)
        | ray_moves::<6>(p, o, empty)
        | ray_moves::<7>(p, o, empty)
}

/// Discs of `o` flipped in direction `D` by a disc placed on `mv` (a single bit).
#[inline(always)]
fn ray_flips<const D: usize>(p: u64, o: u64, mv: u64) -> u64 {
    let mut line = 0;
    let mut x = shift(mv, D);
    while x & o != 0 {
        line |= x;
        x = shift(x, D);
    }
    if x & p != 0 {
        line
    } else {
        0
    }
}

/// The discs of `o` flipped when the owner of `p` plays on `sq`.
#[inline]
pub fn flips(p: u64, o: u64, sq: u32) -> u64 {
    let mv = 1u64 << sq;
    ray_flips::<0>(p, o, mv)
        | ray_flips::<1>(p, o, mv)
        | ray_flips::<2>(p, o, mv)
        | ray_flips::<3>(p, o, mv)
        | ray_flips::<4>(p, o, mv)
        | ray_flips::<5>(p, o, mv)
        | ray_flips::<6>(p, o, mv)
        | ray_flips::<7>(p, o, mv)
}

const ZOBRIST: [[u64; 64]; 2] = {
    let mut t = [[0u64; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 64 {
            t[c][i] = mix64(0x07E1_1000_0000_0000 ^ ((c as u64) << 8) ^ i as u64);
            i += 1;
        }
        c += 1;
    }
    t
};
const ZOBRIST_WHITE_TO_MOVE: u64 = mix64(0x07E1_1000_FFFF_0001);

/// A malformed Othello position or move list. One line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OthelloError {
    /// Fewer than 64 board characters.
    #[error(
        "othello position: need 64 board characters and a side to move, found {0} board characters"
    )]
    Short(usize),
    /// A character that is not a disc or an empty square.
    #[error("othello position: bad board character `{0}` (use X, O, -)")]
    BadChar(char),
    /// The side to move is missing or not `X`/`O`.
    #[error("othello position: side to move must be X or O after the 64 squares, found `{0}`")]
    Side(String),
    /// A move that is malformed or illegal.
    #[error("othello: move `{0}` is not legal here")]
    Move(String),
}

/// An Othello position: the side to move's discs, the opponent's, and who is to move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Othello {
    me: u64,
    opp: u64,
    black_to_move: bool,
    key: u64,
}

impl Default for Othello {
    fn default() -> Self {
        Self::start()
    }
}

/// The name of square `sq` (0–63): `a1` … `h8`.
pub fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let c = b[0].to_ascii_lowercase();
    if !(b'a'..=b'h').contains(&c) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (c - b'a'))
}

impl Othello {
    /// The standard start, Black to move.
    pub fn start() -> Self {
        // d4 = 27, e4 = 28, d5 = 35, e5 = 36
        let white = 1 << 27 | 1 << 36;
        let black = 1 << 28 | 1 << 35;
        Self::from_colours(black, white, true)
    }

    /// A position from Black's and White's discs. Panics if they overlap.
    pub fn from_colours(black: u64, white: u64, black_to_move: bool) -> Self {
        assert_eq!(black & white, 0, "a square holds two discs");
        let (me, opp) = if black_to_move {
            (black, white)
        } else {
            (white, black)
        };
        let mut p = Othello {
            me,
            opp,
            black_to_move,
            key: 0,
        };
        p.key = p.key_from_scratch();
        p
    }

    /// Black's and White's discs.
    pub fn colours(&self) -> (u64, u64) {
        if self.black_to_move {
            (self.me, self.opp)
        } else {
            (self.opp, self.me)
        }
    }

    /// True when Black is to move.
    pub fn black_to_move(&self) -> bool {
        self.black_to_move
    }

    /// The Zobrist key recomputed from scratch (equals [`Game::hash`]; exposed for tests).
    pub fn key_from_scratch(&self) -> u64 {
        let (black, white) = self.colours();
        let mut k = if self.black_to_move {
            0
        } else {
            ZOBRIST_WHITE_TO_MOVE
        };
        for (c, mut b) in [black, white].into_iter().enumerate() {
            while b != 0 {
                k ^= ZOBRIST[c][b.trailing_zeros() as usize];
                b &= b - 1;
            }
        }
        k
    }

    /// Legal placements of the side to move (bitboard), ignoring passes.
    pub fn placements(&self) -> u64 {
        legal_moves(self.me, self.opp)
    }

    /// True when neither player can place a disc.
    #[inline]
    pub fn game_over(&self) -> bool {
        legal_moves(self.me, self.opp) == 0 && legal_moves(self.opp, self.me) == 0
    }

    /// Reads a position (see the [module docs](self)).
    pub fn from_board(s: &str) -> Result<Self, OthelloError> {
        let mut chars = s.chars().filter(|c| !c.is_whitespace());
        let (mut black, mut white) = (0u64, 0u64);
        for i in 0..64 {
            match chars.next() {
                None => return Err(OthelloError::Short(i)),
                Some('X' | 'x' | 'B' | 'b' | '*') => black |= 1 << i,
                Some('O' | 'o' | 'W' | 'w' | '0') => white |= 1 << i,
                Some('-' | '.' | '_') => {}
                Some(c) => return Err(OthelloError::BadChar(c)),
            }
        }
        let side: String = chars.collect();
        let black_to_move = match side.as_str() {
            "X" | "x" | "B" | "b" | "*" => true,
            "O" | "o" | "W" | "w" | "0" => false,
            _ => return Err(OthelloError::Side(side)),
        };
        Ok(Self::from_colours(black, white, black_to_move))
    }

    /// The position as 64 board characters, a space and the side to move.
    pub fn board(&self) -> String {
        let (black, white) = self.colours();
        let mut s: String = (0..64)
            .map(|i| {
                if black >> i & 1 != 0 {
                    'X'
                } else if white >> i & 1 != 0 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect();
        s.push(' ');
        s.push(if self.black_to_move { 'X' } else { 'O' });
        s
    }

    /// Plays a move list from this position: square names and `pass`, concatenated or
    /// separated by spaces, commas or dashes (`f5d6c3`, `f5 d6 pass`).
    pub fn play_line(&self, line: &str) -> Result<Self, OthelloError> {
        let mut p = *self;
        let cleaned: String = line
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',' && *c != '-')
            .collect();
        let mut rest = cleaned.as_str();
        while !rest.is_empty() {
            let n = if rest
                .get(..4)
                .is_some_and(|t| t.eq_ignore_ascii_case("pass"))
            {
                4
            } else {
                rest.char_indices().nth(2).map_or(rest.len(), |(i, _)| i)
            };
            let tok = &rest[..n];
            let mv = p
                .parse_move(tok)
                .ok_or_else(|| OthelloError::Move(tok.to_string()))?;
            p = p.play(mv);
            rest = &rest[n..];
        }
        Ok(p)
    }

    /// Discs of the side to move minus the opponent's.
    pub fn disc_difference(&self) -> i32 {
        self.me.count_ones() as i32 - self.opp.count_ones() as i32
    }

    /// The heuristic value (positional weights and mobility), ignoring game end.
    pub fn heuristic(&self) -> i32 {
        let weigh = |mut b: u64| {
            let mut v = 0;
            while b != 0 {
                v += WEIGHTS[b.trailing_zeros() as usize];
                b &= b - 1;
            }
            v
        };
        let mobility = legal_moves(self.me, self.opp).count_ones() as i32
            - legal_moves(self.opp, self.me).count_ones() as i32;
        weigh(self.me) - weigh(self.opp) + MOBILITY * mobility
    }
}

impl fmt::Display for Othello {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board())
    }
}

impl Game for Othello {
    /// A square 0–63, or [`PASS`].
    type Move = u8;

    #[inline]
    fn moves(&self, out: &mut Vec<u8>) {
        out.clear();
        let mut m = legal_moves(self.me, self.opp);
        if m == 0 {
            if legal_moves(self.opp, self.me) != 0 {
                out.push(PASS);
            }
            return;
        }
        while m != 0 {
            out.push(m.trailing_zeros() as u8);
            m &= m - 1;
        }
    }

    #[inline]
    fn play(&self, mv: u8) -> Self {
        let (mc, oc) = if self.black_to_move { (0, 1) } else { (1, 0) };
        let mut key = self.key ^ ZOBRIST_WHITE_TO_MOVE;
        if mv == PASS {
            return Othello {
                me: self.opp,
                opp: self.me,
                black_to_move: !self.black_to_move,
                key,
            };
        }
        let f = flips(self.me, self.opp, mv as u32);
        key ^= ZOBRIST[mc][mv as usize];
        let mut b = f;
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            key ^= ZOBRIST[mc][i] ^ ZOBRIST[oc][i];
        }
        Othello {
            me: self.opp & !f,
            opp: self.me | f | 1 << mv,
            black_to_move: !self.black_to_move,
            key,
        }
    }

    #[inline]
    fn evaluate(&self) -> Score {
        if self.game_over() {
            return match self.disc_difference() {
                d if d > 0 => Score::WIN,
                d if d < 0 => Score::LOSS,
                _ => Score::DRAW,
            };
        }
        Score(self.heuristic())
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.game_over()
    }

    #[inline]
    fn hash(&self) -> Option<u64> {
        Some(self.key)
    }

    /// Corners 100, other squares their positional weight plus 50 (so that every move has a
    /// hint ≥ 0 and X-squares come last); a pass 0.
    #[inline]
    fn order_hint(&self, mv: u8) -> i32 {
        if mv == PASS {
            0
        } else {
            WEIGHTS[mv as usize] + 50
        }
    }

    #[inline]
    fn history_index(&self, mv: u8) -> Option<usize> {
        Some(mv as usize)
    }

    const HISTORY_SIZE: usize = 65;

    fn move_name(&self, mv: u8) -> String {
        if mv == PASS {
            "pass".to_string()
        } else {
            square_name(mv)
        }
    }

    fn parse_move(&self, name: &str) -> Option<u8> {
        let name = name.trim();
        let mut moves = Vec::new();
        self.moves(&mut moves);
        let mv = if name.eq_ignore_ascii_case("pass") {
            PASS
        } else {
            parse_square(name)?
        };
        moves.contains(&mv).then_some(mv)
    }
}

/// Perft by the published Othello convention (Aart Bik's table, used e.g. by the `magpie`
/// crate's tests: 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800,
/// …): a pass is a ply, and a game that ends before the full depth counts as **one** leaf.
/// [`arachne_core::perft`] (the chess programmers' convention, for every game) counts such a
/// game as nothing, which first differs at depth 10 (24 571 056 against 24 571 284: 228 games
/// end within 9 plies). Generic, so it applies to any game; `arachne perft` uses it for
/// Othello by default.
pub fn perft_published<G: Game>(pos: &G, depth: u32) -> u64 {
    fn rec<G: Game>(pos: &G, depth: u32, bufs: &mut [Vec<G::Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (buf, rest) = bufs.split_first_mut().expect("buffer per ply");
        pos.moves(buf);
        if buf.is_empty() {
            // Game over before the full depth: one leaf.
            return 1;
        }
        if depth == 1 {
            return buf.len() as u64;
        }
        let mut total = 0;
        for &m in buf.iter() {
            total += rec(&pos.play(m), depth - 1, rest);
        }
        total
    }
    let mut bufs: Vec<Vec<G::Move>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    rec(pos, depth, &mut bufs)
}

/// The 244 positions after 4 plies from the start (seed 002 §4.2, after Korf and Chickering),
/// one per move sequence, in generation order.
pub fn bench_positions() -> Vec<Othello> {
    fn rec(p: &Othello, depth: u32, out: &mut Vec<Othello>) {
        if depth == 0 {
            out.push(*p);
            return;
        }
        let mut moves = Vec::new();
        p.moves(&mut moves);
        for m in moves {
            rec(&p.play(m), depth - 1, out);
        }
    }
    let mut out = Vec::new();
    rec(&Othello::start(), 4, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_and_notation() {
        let s = Othello::start();
        let mut m = Vec::new();
        s.moves(&mut m);
        let names: Vec<_> = m.iter().map(|&x| s.move_name(x)).collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
        assert_eq!(Othello::from_board(&s.board()).unwrap(), s);
        assert_eq!(
            s.board(),
            "---------------------------OX------XO--------------------------- X"
        );
        let p = s.play_line("f5 d6 c3").unwrap();
        assert_eq!(p, s.play_line("f5d6c3").unwrap());
        assert!(s.play_line("a1").is_err());
        assert_eq!(bench_positions().len(), 244);
    }
}
