//! Connect four on the standard 7×6 board. A four-in-a-row ends the game; a full board is a
//! draw. Moves are columns named `1`…`7`, generated left to right.
//!
//! Bitboard layout (Pascal Pons' and John Tromp's): column `c` occupies bits `7c … 7c+5`, bit
//! `7c+6` is a sentinel. `mask` holds all discs, `own` the side to move's discs.
//!
//! Static value (side to move): for each own disc the number of four-in-a-row lines through its
//! square (the classic table below, 3 in the corners to 13 in the centre), minus the same for
//! the opponent's discs, kept incrementally by `play`; a decided game is [`Score::LOSS`] for
//! the side to move.
//!
//! ```text
//! row 6   3  4  5  7  5  4  3
//! row 5   4  6  8 10  8  6  4
//! row 4   5  8 11 13 11  8  5
//! row 3   5  8 11 13 11  8  5
//! row 2   4  6  8 10  8  6  4
//! row 1   3  4  5  7  5  4  3
//! ```
use arachne_core::rng::mix64;
use arachne_core::{Game, Score};

/// Board width.
pub const WIDTH: u32 = 7;
/// Board height.
pub const HEIGHT: u32 = 6;
const H1: u32 = HEIGHT + 1;
const BOTTOM: u64 = {
    let mut b = 0u64;
    let mut c = 0;
    while c < WIDTH {
        b |= 1 << (c * H1);
        c += 1;
    }
    b
};
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);
/// The top square of every column.
const TOP: u64 = BOTTOM << (HEIGHT - 1);
/// The bottom square of each column (and 0 for the unused eighth entry, so that indexing by
/// a move modulo 8 needs no bounds check).
const COLUMN_BOTTOM: [u64; 8] = {
    let mut a = [0u64; 8];
    let mut c = 0;
    while c < WIDTH {
        a[c as usize] = 1 << (c * H1);
        c += 1;
    }
    a
};
/// Every column, left to right: the moves while no column is full.
const ALL_COLUMNS: [u8; WIDTH as usize] = {
    let mut a = [0u8; WIDTH as usize];
    let mut c = 0;
    while c < WIDTH as usize {
        a[c] = c as u8;
        c += 1;
    }
    a
};
/// Lines of four through each square, indexed by bit (`7·column + row`; sentinels and the
/// bits above the board 0: 64 entries, so indexing by any bit needs no bounds check).
const SQUARE_LINES: [i16; 64] = {
    const BY_ROW: [[i16; 7]; 6] = [
        [3, 4, 5, 7, 5, 4, 3],
        [4, 6, 8, 10, 8, 6, 4],
        [5, 8, 11, 13, 11, 8, 5],
        [5, 8, 11, 13, 11, 8, 5],
        [4, 6, 8, 10, 8, 6, 4],
        [3, 4, 5, 7, 5, 4, 3],
    ];
    let mut t = [0i16; 64];
    let mut c = 0;
    while c < 7 {
        let mut r = 0;
        while r < 6 {
            t[c * 7 + r] = BY_ROW[r][c];
            r += 1;
        }
        c += 1;
    }
    t
};

/// A connect-four position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Connect4 {
    own: u64,
    mask: u64,
    plies: u8,
    won: bool,
    /// Line-count balance from the side to move's point of view.
    balance: i16,
}

/// The bit index of a disc (a one-bit board). The top bit is set first so that the count
/// needs no case for an empty board and is known to be below 64 (no bounds test).
#[inline(always)]
fn square(disc: u64) -> usize {
    (disc | 1 << 63).trailing_zeros() as usize
}

#[inline]
fn four(b: u64) -> bool {
    // horizontal, vertical, and the two diagonals, combined before the one test (a single
    // branch instead of four)
    let line = |shift: u32| {
        let m = b & (b >> shift);
        m & (m >> (2 * shift))
    };
    line(H1) | line(1) | line(H1 - 1) | line(H1 + 1) != 0
}

/// The empty squares on which a disc of `own` would complete a line of four (John Tromp's
/// and Pascal Pons' `compute_winning_position`): for each direction, the squares with three
/// of `own` in a row beyond them, or two on one side and one on the other.
#[inline]
fn winning_squares(own: u64, mask: u64) -> u64 {
    // vertical: only three below
    let mut r = (own << 1) & (own << 2) & (own << 3);
    for s in [H1, H1 - 1, H1 + 1] {
        let p = (own << s) & (own << (2 * s));
        r |= p & (own << (3 * s));
        r |= p & (own >> s);
        let p = (own >> s) & (own >> (2 * s));
        r |= p & (own << s);
        r |= p & (own >> (3 * s));
    }
    r & (BOARD ^ mask)
}

impl Connect4 {
    /// The empty board, first player to move.
    pub fn new() -> Self {
        Self::default()
    }
    /// Plays a sequence of column digits `1`…`7`; `None` if a move is illegal.
    pub fn from_moves(seq: &str) -> Option<Self> {
        let mut p = Self::new();
        for ch in seq.chars() {
            let c = ch.to_digit(10)?;
            if !(1..=7).contains(&c) || !p.can_play(c - 1) || p.is_terminal() {
                return None;
            }
            p = p.play((c - 1) as u8);
        }
        Some(p)
    }
    /// Number of discs on the board.
    pub fn plies(&self) -> u32 {
        self.plies as u32
    }
    /// The empty squares on which a disc of the side to move would complete a line of four.
    #[inline]
    pub fn winning_squares(&self) -> u64 {
        winning_squares(self.own, self.mask)
    }
    /// [`Game::play`] given this position's [`Connect4::winning_squares`] `wins`: the
    /// successor's line test is one test of the new disc against `wins`.
    #[inline]
    pub fn play_knowing(&self, mv: u8, wins: u64) -> Self {
        let mover = self.own;
        let mask = self.mask | (self.mask + COLUMN_BOTTOM[mv as usize % COLUMN_BOTTOM.len()]);
        let disc = mask ^ self.mask;
        let mover_new = mover | disc;
        Connect4 {
            own: mover_new ^ mask, // the opponent's discs
            mask,
            plies: self.plies + 1,
            won: disc & wins != 0,
            balance: -(self.balance + SQUARE_LINES[(disc.trailing_zeros() & 63) as usize]),
        }
    }
    /// The disc on column `c` (0–6), row `r` (0 = bottom): `X` (the first player), `O` or
    /// `-`.
    fn disc(&self, c: u32, r: u32) -> char {
        let bit = 1u64 << (c * H1 + r);
        if self.mask & bit == 0 {
            '-'
        } else if (self.own & bit != 0) == (self.plies % 2 == 0) {
            'X'
        } else {
            'O'
        }
    }
    /// The position as text. Connect four has no standard position notation (its positions
    /// are usually given as the column sequence that reaches them, as in Pascal Pons' solver
    /// benchmarks and this crate's `connect4:moves=4453`); this is FEN-like: the six rows from
    /// the top down, separated by `/`, each seven characters for columns 1–7 (`X` the first
    /// player, `O` the second, `-` empty), a space, and the side to move (`X` or `O`). The
    /// start is `-------/-------/-------/-------/-------/------- X`.
    pub fn fen(&self) -> String {
        let rows: Vec<String> = (0..HEIGHT)
            .rev()
            .map(|r| (0..WIDTH).map(|c| self.disc(c, r)).collect())
            .collect();
        let side = if self.plies % 2 == 0 { 'X' } else { 'O' };
        format!("{} {side}", rows.join("/"))
    }
    #[inline]
    fn can_play(&self, c: u32) -> bool {
        self.mask & (1u64 << (c * H1 + HEIGHT - 1)) == 0
    }
}

/// The board as six lines of seven squares (`X`, `O`, `.`), top row first, and a line of the
/// column numbers.
impl std::fmt::Display for Connect4 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in (0..HEIGHT).rev() {
            let line: String = (0..WIDTH)
                .map(|c| match self.disc(c, r) {
                    '-' => '.',
                    d => d,
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        writeln!(f, "1234567")
    }
}

impl Game for Connect4 {
    type Move = u8;

    #[inline(always)]
    fn moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.is_terminal() {
            return;
        }
        // The common case, no column full, is one copy; otherwise column by column.
        if self.mask & TOP == 0 {
            out.extend_from_slice(&ALL_COLUMNS);
            return;
        }
        for c in 0..WIDTH {
            if self.can_play(c) {
                out.push(c as u8);
            }
        }
    }

    #[inline]
    fn play(&self, mv: u8) -> Self {
        let mover = self.own;
        let mask = self.mask | (self.mask + COLUMN_BOTTOM[mv as usize % COLUMN_BOTTOM.len()]);
        let disc = mask ^ self.mask;
        let mover_new = mover | disc;
        Connect4 {
            own: mover_new ^ mask, // the opponent's discs
            mask,
            plies: self.plies + 1,
            won: four(mover_new),
            balance: -(self.balance + SQUARE_LINES[(disc.trailing_zeros() & 63) as usize]),
        }
    }

    /// The successor's line is found with one test of the square the disc lands on against
    /// the squares that would complete a line of four for the side to move, computed once
    /// (`winning_squares`); its line balance as in `play`. Valid in every position that
    /// arises in play (the side to move never has a line of four already: it would have
    /// ended the game).
    #[inline]
    fn successor_values(&self) -> impl Fn(u8) -> Score + '_ {
        let empty = !self.mask;
        let wins = self.winning_squares();
        let balance = self.balance as i32;
        move |mv| {
            let disc = (self.mask + COLUMN_BOTTOM[mv as usize % COLUMN_BOTTOM.len()]) & empty;
            if disc & wins != 0 {
                return Score::LOSS;
            }
            Score(-(balance + SQUARE_LINES[square(disc)] as i32))
        }
    }

    #[inline]
    fn evaluate(&self) -> Score {
        if self.won {
            return Score::LOSS;
        }
        Score(self.balance as i32)
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.won || self.mask == BOARD
    }

    #[inline]
    fn hash(&self) -> Option<u64> {
        Some(mix64(self.own.wrapping_add(self.mask).wrapping_add(BOTTOM)))
    }

    fn move_name(&self, mv: u8) -> String {
        (mv + 1).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft() {
        let want = [7u64, 49, 343, 2401, 16807, 117649, 823536, 5673234];
        for (d, &n) in want.iter().enumerate() {
            assert_eq!(
                arachne_core::perft(&Connect4::new(), d as u32 + 1),
                n,
                "depth {}",
                d + 1
            );
        }
    }

    #[test]
    fn incremental_balance_matches_a_recount() {
        let p = Connect4::from_moves("432112345").unwrap();
        let opp = p.own ^ p.mask;
        let mut v = 0;
        for (bit, &lines) in SQUARE_LINES.iter().enumerate() {
            if p.own >> bit & 1 == 1 {
                v += lines as i32;
            }
            if opp >> bit & 1 == 1 {
                v -= lines as i32;
            }
        }
        assert_eq!(p.evaluate(), Score(v));
        assert_ne!(v, 0);
        // The table counts the lines: 69 lines of four, 4 squares each.
        assert_eq!(SQUARE_LINES.iter().map(|&x| x as i32).sum::<i32>(), 69 * 4);
    }

    /// `successor_values` against `play` + `evaluate`, and `play_knowing` against `play`, at
    /// every position up to 6 plies deep and along 20 000 random games to the end.
    #[test]
    fn successor_values_match_play() {
        fn check(p: &Connect4) {
            let f = p.successor_values();
            let wins = p.winning_squares();
            let mut moves = Vec::new();
            p.moves(&mut moves);
            for &m in &moves {
                assert_eq!(f(m), p.play(m).evaluate(), "{p:?} move {m}");
                assert_eq!(p.play_knowing(m, wins), p.play(m), "{p:?} move {m}");
            }
        }
        fn all(p: &Connect4, depth: u32) {
            check(p);
            if depth == 0 {
                return;
            }
            let mut moves = Vec::new();
            p.moves(&mut moves);
            for &m in &moves {
                all(&p.play(m), depth - 1);
            }
        }
        all(&Connect4::new(), 6);
        let mut moves = Vec::new();
        let mut step = 0u64;
        for game in 0..20_000u64 {
            let mut p = Connect4::new();
            loop {
                check(&p);
                p.moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                step += 1;
                let h = mix64(game << 32 | step);
                p = p.play(moves[(h % moves.len() as u64) as usize]);
            }
        }
    }

    #[test]
    fn wins() {
        let p = Connect4::from_moves("1212121").unwrap();
        assert!(p.is_terminal());
        assert_eq!(p.evaluate(), Score::LOSS);
        let q = Connect4::from_moves("1122334").unwrap();
        assert!(q.is_terminal());
        assert!(Connect4::from_moves("11223344").is_none());
        assert!(Connect4::from_moves("1111111").is_none());
        let d = Connect4::from_moves("4455").unwrap();
        assert!(!d.is_terminal());
    }
}
