//! English checkers (American straight checkers, 8×8) on 32-bit bitboards — the game of the
//! Arachne measurements (seed 000 §5 and §8.4).
//!
//! # Rules
//!
//! * Black moves first and starts on squares 1–12; White starts on 21–32. Squares are numbered
//!   1–32 in the standard way: row by row from Black's back row (1–4) to White's (29–32).
//! * Men move one square diagonally forward (Black towards 32, White towards 1); kings one
//!   square in any diagonal direction.
//! * Captures are mandatory (any capture may be chosen, not necessarily the longest), and a
//!   capture sequence is always completed: a jumping piece keeps jumping while it can. A piece
//!   cannot jump the same piece twice.
//! * A man reaching the far row is crowned and the move ends there, even if the new king could
//!   jump on.
//! * A side with no legal move (no pieces, or all blocked) loses: [`Game::moves`] is empty and
//!   [`Game::evaluate`] returns [`Score::LOSS`].
//! * **Draw rule** (for endless games, after the 40-move rule of the ACF laws): when
//!   [`DRAW_PLIES`] = 80 consecutive plies (40 moves by each side) have been played with
//!   neither a capture nor a move of a man, the game is drawn: [`Game::is_terminal`] is true,
//!   [`Game::moves`] is empty and [`Game::evaluate`] is 0 — unless the side to move has no
//!   legal move at all, which is still a loss. The counter is part of the position (and of
//!   its hash), so transposition tables never mix positions with different counters (and
//!   the search's hash-based repetition detection does not see checkers repetitions: the draw
//!   rule is what ends endless games). A position read from a FEN starts with the counter at 0.
//!
//! **Different capture paths are different moves**, even when they start and end on the same
//! squares and capture the same pieces (the convention of the published perft tables): a
//! move is identified by its starting square and its whole sequence of landing squares.
//!
//! # Notation
//!
//! * Positions: the PDN FEN, e.g. the start `B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12`
//!   — side to move, then each colour's squares, `K` marking kings. [`Checkers::from_fen`]
//!   also accepts ranges (`B1-12`), either colour order, lower-case letters, and a final `.`;
//!   [`Checkers::fen`] prints squares in ascending order, White first.
//! * Moves: `11-15` for a plain move, `22x15x8` for a capture (every landing square listed).
//!   [`Game::parse_move`] also accepts the short capture form `22x8` when it is unambiguous.
//!
//! # Evaluation (side to move minus opponent)
//!
//! In the spirit of seed 000 §5 ("material, central board position for kings and advancement
//! for men"):
//!
//! | term | weight |
//! |---|---|
//! | man | [`MAN`] = 100 |
//! | king | [`KING`] = 150 |
//! | advancement of a man, per row from its own back row (0–6) | [`ADVANCE`] = 3 |
//! | centrality of a king, per ring inwards (ring 3 = edge … ring 0 = the centre) | [`KING_CENTER`] = 5 (0, 5, 10, 15) |
//!
//! # Bitboards
//!
//! Bit `i` is square `i + 1`. Row `r = i / 4` counts from Black's back row; on even rows the
//! dark squares are columns 1, 3, 5, 7, on odd rows 0, 2, 4, 6. A step in one diagonal
//! direction is a shift by 3, 4 or 5 depending on the row's parity (see [`step`]).
mod tables;

use arachne_core::{Game, Score};
use std::fmt;
pub use tables::step;
use tables::*;

/// Depth searched when none is given: 8 plies, the depth of seed 000 §5's lookahead trees.
pub const DEFAULT_DEPTH: u32 = 8;
/// Plies without a capture or a man move after which the game is drawn (40 moves each).
pub const DRAW_PLIES: u8 = 80;
/// Value of a man.
pub const MAN: i32 = 100;
/// Value of a king.
pub const KING: i32 = 150;
/// Bonus per row a man has advanced from its own back row.
pub const ADVANCE: i32 = 3;
/// Bonus per ring a king stands inwards from the edge.
pub const KING_CENTER: i32 = 5;

/// A checkers move: a starting square and its landing squares (one for a plain move, one per
/// jump for a capture), plus the captured pieces.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct CheckersMove {
    from: u8,
    to: u8,
    /// Number of landing squares.
    len: u8,
    /// Landing squares, 5 bits each, first landing in the low bits.
    path: u64,
    /// Captured pieces (bitboard); 0 for a plain move.
    captured: u32,
}

impl CheckersMove {
    /// Starting square, 1–32.
    pub fn from_square(self) -> u32 {
        self.from as u32 + 1
    }
    /// Final square, 1–32.
    pub fn to_square(self) -> u32 {
        self.to as u32 + 1
    }
    /// True for a capture.
    pub fn is_capture(self) -> bool {
        self.captured != 0
    }
    /// Number of pieces captured.
    pub fn captures(self) -> u32 {
        self.captured.count_ones()
    }
    /// Squares visited, 1–32: the start and every landing square.
    pub fn squares(self) -> Vec<u32> {
        let mut v = vec![self.from_square()];
        for k in 0..self.len {
            v.push(((self.path >> (5 * k)) & 31) as u32 + 1);
        }
        v
    }
}

impl fmt::Display for CheckersMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { "x" } else { "-" };
        let sq = self.squares();
        for (k, s) in sq.iter().enumerate() {
            if k > 0 {
                f.write_str(sep)?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// A malformed PDN FEN. The message is one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Wrong overall shape.
    #[error("checkers FEN `{0}`: expected `B|W:W<squares>:B<squares>`")]
    Shape(String),
    /// The side to move is not `B` or `W`.
    #[error("checkers FEN: side to move `{0}` must be B or W")]
    Side(String),
    /// A piece list does not start with `B` or `W`, or a colour is given twice.
    #[error("checkers FEN: bad colour field `{0}`")]
    Colour(String),
    /// A square is not a number in 1–32 (or a bad range).
    #[error("checkers FEN: bad square `{0}` (squares are 1-32)")]
    Square(String),
    /// Two pieces on one square.
    #[error("checkers FEN: square {0} is given twice")]
    Twice(u32),
    /// More than 12 pieces of one colour.
    #[error("checkers FEN: {0} has more than 12 pieces")]
    TooMany(&'static str),
    /// A man stands on the row where it would have been crowned.
    #[error("checkers FEN: a {0} man on square {1} would be a king")]
    Uncrowned(&'static str, u32),
}

/// An English-checkers position. See the [module docs](self).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Checkers {
    black: u32,
    white: u32,
    kings: u32,
    black_to_move: bool,
    /// Plies since the last capture or man move (the draw rule's counter).
    quiet: u8,
    /// Zobrist key of pieces and side to move (the counter is mixed in by `hash`).
    key: u64,
}

impl Default for Checkers {
    fn default() -> Self {
        Self::start()
    }
}

impl Checkers {
    /// The starting position, Black to move.
    pub fn start() -> Self {
        Self::from_parts(0x0000_0FFF, 0xFFF0_0000, 0, true)
    }

    /// A position from bitboards (bit `i` = square `i + 1`). Panics if the colours overlap or
    /// kings stand on empty squares; use [`Checkers::from_fen`] for untrusted input.
    pub fn from_parts(black: u32, white: u32, kings: u32, black_to_move: bool) -> Self {
        assert!(black & white == 0 && kings & !(black | white) == 0);
        let mut p = Checkers {
            black,
            white,
            kings,
            black_to_move,
            quiet: 0,
            key: 0,
        };
        p.key = p.key_from_scratch();
        p
    }

    /// Black's pieces, White's pieces, kings (bitboards, bit `i` = square `i + 1`).
    pub fn bitboards(&self) -> (u32, u32, u32) {
        (self.black, self.white, self.kings)
    }

    /// True when Black is to move.
    pub fn black_to_move(&self) -> bool {
        self.black_to_move
    }

    /// Plies since the last capture or man move.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet as u32
    }

    /// The same position with the draw-rule counter set to `n` (at most [`DRAW_PLIES`]).
    pub fn with_quiet_plies(mut self, n: u32) -> Self {
        self.quiet = n.min(DRAW_PLIES as u32) as u8;
        self
    }

    /// The Zobrist key of pieces and side to move, recomputed from the bitboards (equal to the
    /// incrementally maintained key; exposed for tests).
    pub fn key_from_scratch(&self) -> u64 {
        let mut k = if self.black_to_move {
            ZOBRIST_BLACK_TO_MOVE
        } else {
            0
        };
        let kinds = [
            self.black & !self.kings,
            self.black & self.kings,
            self.white & !self.kings,
            self.white & self.kings,
        ];
        for (kind, &b) in kinds.iter().enumerate() {
            let mut b = b;
            while b != 0 {
                k ^= ZOBRIST[kind][b.trailing_zeros() as usize];
                b &= b - 1;
            }
        }
        k
    }

    /// The incrementally maintained Zobrist key (pieces and side to move only).
    pub fn board_key(&self) -> u64 {
        self.key
    }

    #[inline(always)]
    fn sides(&self) -> (u32, u32) {
        if self.black_to_move {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        }
    }

    #[inline(always)]
    fn forward(&self) -> [usize; 2] {
        if self.black_to_move {
            BLACK_FORWARD
        } else {
            WHITE_FORWARD
        }
    }

    #[inline(always)]
    fn crown_row(&self) -> u32 {
        if self.black_to_move {
            ROW7
        } else {
            ROW0
        }
    }

    /// The side to move's pieces that move towards row 7 (`DOWN_*`) and towards row 0
    /// (`UP_*`): men forward, kings both ways.
    #[inline(always)]
    fn movers(&self) -> (u32, u32) {
        if self.black_to_move {
            (self.black, self.black & self.kings)
        } else {
            (self.white & self.kings, self.white)
        }
    }

    /// The side to move's pieces that can start a capture.
    #[inline]
    fn jumpers(&self) -> u32 {
        let (me, opp) = self.sides();
        let empty = !(me | opp);
        let (down, up) = self.movers();
        // a piece jumps in direction d when the square beyond the next one is empty and the
        // next one is the opponent's: look back from the empty squares (3 - d is the inverse)
        let mut j = 0;
        if down != 0 {
            j |= down
                & (step(step(empty, UP_RIGHT) & opp, UP_RIGHT)
                    | step(step(empty, UP_LEFT) & opp, UP_LEFT));
        }
        if up != 0 {
            j |= up
                & (step(step(empty, DOWN_RIGHT) & opp, DOWN_RIGHT)
                    | step(step(empty, DOWN_LEFT) & opp, DOWN_LEFT));
        }
        j
    }

    /// True when the side to move has a legal move (ignoring the draw rule).
    #[inline]
    pub fn has_moves(&self) -> bool {
        let (me, opp) = self.sides();
        let empty = !(me | opp);
        let (down, up) = self.movers();
        down & (step(empty, UP_RIGHT) | step(empty, UP_LEFT)) != 0
            || up & (step(empty, DOWN_RIGHT) | step(empty, DOWN_LEFT)) != 0
            || self.jumpers() != 0
    }

    /// Extends a capture by piece at `sq` (already `len` jumps long) in every possible way.
    #[allow(clippy::too_many_arguments)]
    fn extend_jumps(
        &self,
        out: &mut Vec<CheckersMove>,
        from: u8,
        sq: usize,
        dirs: &[usize],
        is_king: bool,
        opp: u32,
        empty: u32,
        len: u8,
        path: u64,
        captured: u32,
    ) {
        let mut extended = false;
        for &d in dirs {
            let over = NEIGHBOUR[d][sq];
            if over == NONE || (opp & !captured) & (1 << over) == 0 {
                continue;
            }
            let land = NEIGHBOUR[d][over as usize];
            if land == NONE || empty & (1 << land) == 0 {
                continue;
            }
            extended = true;
            let path = path | (land as u64) << (5 * len);
            let captured = captured | 1 << over;
            if !is_king && (1u32 << land) & self.crown_row() != 0 {
                // crowned: the move ends here
                out.push(CheckersMove {
                    from,
                    to: land,
                    len: len + 1,
                    path,
                    captured,
                });
            } else {
                self.extend_jumps(
                    out,
                    from,
                    land as usize,
                    dirs,
                    is_king,
                    opp,
                    empty,
                    len + 1,
                    path,
                    captured,
                );
            }
        }
        if !extended && len > 0 {
            out.push(CheckersMove {
                from,
                to: sq as u8,
                len,
                path,
                captured,
            });
        }
    }

    /// All legal moves ignoring the draw rule, in generation order: captures (by starting
    /// square, then direction up-left, up-right, down-left, down-right, depth first) if any,
    /// else plain moves (by direction, then destination square).
    pub fn generate(&self, out: &mut Vec<CheckersMove>) {
        out.clear();
        let (me, opp) = self.sides();
        let fwd = self.forward();
        let mut jumpers = self.jumpers();
        if jumpers != 0 {
            while jumpers != 0 {
                let sq = jumpers.trailing_zeros() as usize;
                jumpers &= jumpers - 1;
                let is_king = self.kings & (1 << sq) != 0;
                // the jumping piece's own square is vacated for the whole sequence
                let empty = !(me | opp) | 1 << sq;
                let dirs: &[usize] = if is_king { &ALL_DIRS } else { &fwd };
                self.extend_jumps(out, sq as u8, sq, dirs, is_king, opp, empty, 0, 0, 0);
            }
            return;
        }
        let empty = !(me | opp);
        let (down, up) = self.movers();
        push_steps::<UP_LEFT, DOWN_RIGHT>(out, up, empty);
        push_steps::<UP_RIGHT, DOWN_LEFT>(out, up, empty);
        push_steps::<DOWN_LEFT, UP_RIGHT>(out, down, empty);
        push_steps::<DOWN_RIGHT, UP_LEFT>(out, down, empty);
    }

    /// Reads a PDN FEN (see the [module docs](self)).
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        let shape = || FenError::Shape(fen.trim().to_string());
        let s = fen.trim().trim_end_matches('.');
        let mut fields = s.split(':').map(str::trim);
        let side = fields.next().ok_or_else(shape)?;
        let black_to_move = match side {
            "B" | "b" => true,
            "W" | "w" => false,
            _ => return Err(FenError::Side(side.to_string())),
        };
        let mut colours: [Option<u32>; 2] = [None, None]; // black, white
        let mut kings = 0u32;
        let mut n_fields = 0;
        for field in fields {
            n_fields += 1;
            if n_fields > 2 {
                return Err(shape());
            }
            let mut chars = field.chars();
            let c = match chars.next() {
                Some('B' | 'b') => 0,
                Some('W' | 'w') => 1,
                _ => return Err(FenError::Colour(field.to_string())),
            };
            if colours[c].is_some() {
                return Err(FenError::Colour(field.to_string()));
            }
            let mut set = 0u32;
            let list = chars.as_str().trim();
            for item in list.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                let (king, body) = match item.strip_prefix(['K', 'k']) {
                    Some(b) => (true, b.trim()),
                    None => (false, item),
                };
                let num = |t: &str| -> Result<u32, FenError> {
                    match t.trim().parse::<u32>() {
                        Ok(n) if (1..=32).contains(&n) => Ok(n),
                        _ => Err(FenError::Square(item.to_string())),
                    }
                };
                let (lo, hi) = match body.split_once('-') {
                    Some((a, b)) => (num(a)?, num(b)?),
                    None => (num(body)?, num(body)?),
                };
                if lo > hi {
                    return Err(FenError::Square(item.to_string()));
                }
                for sq in lo..=hi {
                    let b = 1u32 << (sq - 1);
                    if set & b != 0 || colours.iter().flatten().any(|&o| o & b != 0) {
                        return Err(FenError::Twice(sq));
                    }
                    set |= b;
                    if king {
                        kings |= b;
                    }
                }
            }
            colours[c] = Some(set);
        }
        if n_fields != 2 {
            return Err(shape());
        }
        let (black, white) = (colours[0].unwrap_or(0), colours[1].unwrap_or(0));
        for (name, set) in [("Black", black), ("White", white)] {
            if set.count_ones() > 12 {
                return Err(FenError::TooMany(name));
            }
        }
        if let Some(sq) = first_square(black & !kings & ROW7) {
            return Err(FenError::Uncrowned("Black", sq));
        }
        if let Some(sq) = first_square(white & !kings & ROW0) {
            return Err(FenError::Uncrowned("White", sq));
        }
        Ok(Self::from_parts(black, white, kings, black_to_move))
    }

    /// The position as a PDN FEN: side to move, White's squares, Black's squares, ascending,
    /// `K` before kings.
    pub fn fen(&self) -> String {
        let list = |set: u32| {
            let mut v = Vec::new();
            let mut b = set;
            while b != 0 {
                let i = b.trailing_zeros();
                b &= b - 1;
                let k = if self.kings & (1 << i) != 0 { "K" } else { "" };
                v.push(format!("{k}{}", i + 1));
            }
            v.join(",")
        };
        format!(
            "{}:W{}:B{}",
            if self.black_to_move { "B" } else { "W" },
            list(self.white),
            list(self.black)
        )
    }

    /// The static value from the side to move's view, ignoring game end (see the module docs).
    pub fn heuristic(&self) -> i32 {
        let side = |pieces: u32, black: bool| {
            let men = pieces & !self.kings;
            let kings = pieces & self.kings;
            let mut v = MAN * men.count_ones() as i32 + KING * kings.count_ones() as i32;
            for row in 0..8u32 {
                let on_row = (men >> (4 * row)) & 0xF;
                let advanced = if black { row } else { 7 - row } as i32;
                v += ADVANCE * advanced * on_row.count_ones() as i32;
            }
            for (ring, &m) in RINGS.iter().enumerate() {
                v += KING_CENTER * (3 - ring as i32) * (kings & m).count_ones() as i32;
            }
            v
        };
        let b = side(self.black, true);
        let w = side(self.white, false);
        if self.black_to_move {
            b - w
        } else {
            w - b
        }
    }
}

/// Appends the plain moves of `movers` in direction `D` (`INV` is its inverse) to `out`.
#[inline(always)]
fn push_steps<const D: usize, const INV: usize>(
    out: &mut Vec<CheckersMove>,
    movers: u32,
    empty: u32,
) {
    let mut dest = step(movers, D) & empty;
    while dest != 0 {
        let to = dest.trailing_zeros();
        dest &= dest - 1;
        let from = step(1 << to, INV).trailing_zeros();
        out.push(CheckersMove {
            from: from as u8,
            to: to as u8,
            len: 1,
            path: to as u64,
            captured: 0,
        });
    }
}

fn first_square(b: u32) -> Option<u32> {
    (b != 0).then(|| b.trailing_zeros() + 1)
}

impl fmt::Display for Checkers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl Game for Checkers {
    type Move = CheckersMove;

    #[inline]
    fn moves(&self, out: &mut Vec<CheckersMove>) {
        if self.quiet >= DRAW_PLIES {
            out.clear();
            return;
        }
        self.generate(out);
    }

    #[inline]
    fn play(&self, mv: CheckersMove) -> Self {
        let from = 1u32 << mv.from;
        let to = 1u32 << mv.to;
        let was_king = self.kings & from != 0;
        let crowned = !was_king && to & self.crown_row() != 0;
        let (mover_kind, opp_kind) = if self.black_to_move { (0, 2) } else { (2, 0) };
        let mut p = *self;
        let mut key = self.key ^ ZOBRIST_BLACK_TO_MOVE;
        key ^= ZOBRIST[mover_kind + was_king as usize][mv.from as usize];
        key ^= ZOBRIST[mover_kind + (was_king || crowned) as usize][mv.to as usize];
        let mut c = mv.captured;
        while c != 0 {
            let i = c.trailing_zeros() as usize;
            c &= c - 1;
            key ^= ZOBRIST[opp_kind + (self.kings >> i & 1) as usize][i];
        }
        if self.black_to_move {
            p.black = (p.black & !from) | to;
            p.white &= !mv.captured;
        } else {
            p.white = (p.white & !from) | to;
            p.black &= !mv.captured;
        }
        p.kings &= !(from | mv.captured);
        if was_king || crowned {
            p.kings |= to;
        }
        p.quiet = if mv.captured != 0 || !was_king {
            0
        } else {
            (self.quiet + 1).min(DRAW_PLIES)
        };
        p.black_to_move = !self.black_to_move;
        p.key = key;
        p
    }

    #[inline]
    fn evaluate(&self) -> Score {
        if !self.has_moves() {
            return Score::LOSS;
        }
        if self.quiet >= DRAW_PLIES {
            return Score::DRAW;
        }
        Score(self.heuristic())
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.quiet >= DRAW_PLIES
    }

    #[inline]
    fn hash(&self) -> Option<u64> {
        Some(self.key ^ ZOBRIST_QUIET[self.quiet as usize])
    }

    /// The captures, when the side to move has any (they are then forced, and are all its
    /// moves); otherwise none. Used by the optional quiescence search, which may still stand
    /// pat on the static value (a heuristic: in checkers a pending capture must be played).
    #[inline]
    fn noisy_moves(&self, out: &mut Vec<CheckersMove>) {
        if self.quiet >= DRAW_PLIES || self.jumpers() == 0 {
            out.clear();
            return;
        }
        self.generate(out);
    }

    /// Captures: 100 per captured piece (+50 if the capturing man is crowned); a plain move
    /// that crowns: 5; other moves 0.
    #[inline]
    fn order_hint(&self, mv: CheckersMove) -> i32 {
        let crowns = self.kings & (1 << mv.from) == 0 && (1u32 << mv.to) & self.crown_row() != 0;
        if mv.captured != 0 {
            100 * mv.captured.count_ones() as i32 + if crowns { 50 } else { 0 }
        } else if crowns {
            5
        } else {
            0
        }
    }

    #[inline]
    fn history_index(&self, mv: CheckersMove) -> Option<usize> {
        Some(mv.from as usize * 32 + mv.to as usize)
    }

    const HISTORY_SIZE: usize = 1024;

    fn move_name(&self, mv: CheckersMove) -> String {
        mv.to_string()
    }

    /// Accepts `11-15`, full capture paths `22x15x8`, and the short capture form `22x8` when
    /// only one capture goes from 22 to 8. A plain move written with `x` (or a capture written
    /// with `-`) is accepted when unambiguous.
    fn parse_move(&self, name: &str) -> Option<CheckersMove> {
        let name = name.trim().trim_end_matches(['!', '?', '*', '+']);
        let squares: Vec<u32> = name
            .split(['-', 'x', 'X', ':'])
            .map(|t| {
                t.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|s| (1..=32).contains(s))
            })
            .collect::<Option<Vec<_>>>()?;
        if squares.len() < 2 {
            return None;
        }
        let mut moves = Vec::new();
        self.moves(&mut moves);
        if let Some(&m) = moves.iter().find(|m| m.squares() == squares) {
            return Some(m);
        }
        if squares.len() == 2 {
            let mut it = moves
                .iter()
                .filter(|m| m.from_square() == squares[0] && m.to_square() == squares[1]);
            if let (Some(&m), None) = (it.next(), it.next()) {
                return Some(m);
            }
        }
        None
    }
}

/// The bench positions: 10 positions spanning the whole of Chinook–Tinsley, London 1992,
/// game 8 (`data/checkers-chinook-tinsley-1992.pdn`, 51 plies) — after plies
/// `0, 5, 11, 17, 22, 28, 34, 39, 45, 51` (`k·51/9`), like seed 000 §5's ten positions
/// "B1 … B10" that "arose during a human-machine game" and "span the entire game".
pub fn bench_positions() -> Vec<Checkers> {
    let games = crate::pdn::parse_pdn(TINSLEY_PDN).expect("the shipped PDN parses");
    let line = games[0].replay().expect("the shipped game replays");
    let n = line.len() - 1;
    (0..10).map(|k| line[k * n / 9]).collect()
}

/// The shipped PDN file of Chinook–Tinsley, London 1992, game 8 (see `data/README.md`).
pub const TINSLEY_PDN: &str = include_str!("../../../../data/checkers-chinook-tinsley-1992.pdn");

#[cfg(test)]
mod tests;
