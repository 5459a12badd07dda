//! [`super::Eval::Pst`]: a small positional evaluation — piece-square tables tapered between
//! the middle game and the endgame by material phase, a bishop pair, passed, doubled and
//! isolated pawns, rooks on open files — for seed 002 §5 (Shoham–Toledo used Crafty 17.9's
//! positional evaluation; ours is a much simpler stand-in of our own making).
//!
//! The value is `(mg · φ + eg · (24 − φ)) / 24` from the side to move, where `mg` and `eg` are
//! the middle-game and endgame sums (white minus black) of the terms below and the phase `φ` is
//! the non-pawn material left on the board, knight and bishop 1, rook 2, queen 4 (the start
//! position has 24; more after promotions is clamped to 24). All values are centipawns, chosen
//! by us (not taken from an engine), with these intentions:
//!
//! * **Material** (mg / eg): pawn 90 / 115, knight 320 / 300, bishop 335 / 320, rook 480 / 530,
//!   queen 950 / 970 — pawns and rooks gain in the endgame, knights lose a little.
//! * **Piece-square tables** ([`MG`], written from White's side, rank 8 first as a diagram
//!   reads; Black's pieces use the rank-mirrored square): pawns — advance in the centre, keep
//!   the f-, g-, h-pawns home while the king sits behind them; knights and bishops —
//!   centralised, edges and corners cost; bishops also like the long diagonals; rooks — the
//!   seventh rank and the central files of the back rank; queen — mild centralisation, no
//!   early excursion to the rim; king — stay on the back rank behind pawns (castled squares
//!   best). Endgame: pawns grow with advancement ([`EG_PAWN`]), the king centralises
//!   ([`EG_KING`]), knights, bishops and queen by ring from the centre ([`EG_RING`]: the
//!   ring of a square is `max(file distance, rank distance)` to the central 2×2, 0…3), rooks
//!   flat.
//! * **Bishop pair**: +25 / +45.
//! * **Passed pawns** (no enemy pawn ahead on its own or an adjacent file), by the rank
//!   counted from its own side ([`PASSED`]): 2nd … 7th rank, mg 5 10 15 25 40 60, eg 10 15 25
//!   45 75 120.
//! * **Doubled pawns**: −10 / −20 for each pawn beyond the first on a file. **Isolated
//!   pawns** (no own pawn on an adjacent file): −10 / −15 each.
//! * **Rooks** on a file without pawns: +20 / +10; without own pawns (semi-open): +10 / +5.
//!
//! Cost: one pass over the pieces and a few masks per pawn, a handful of times a material
//! count; no incremental update (positions are copied per move anyway).
use cozy_chess::{Board, Color, Piece, Square};

/// Middle-game and endgame material, indexed by [`Piece`] (pawn … king).
pub const MATERIAL: [(i32, i32); 6] = [
    (90, 115),
    (320, 300),
    (335, 320),
    (480, 530),
    (950, 970),
    (0, 0),
];

/// Phase weight of each piece (pawn … king); the full phase is [`FULL_PHASE`].
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the start position.
pub const FULL_PHASE: i32 = 24;

/// Bishop pair (mg, eg).
pub const BISHOP_PAIR: (i32, i32) = (25, 45);
/// Passed pawn by relative rank 1…8 (index 0 … 7): (mg, eg).
pub const PASSED: [(i32, i32); 8] = [
    (0, 0),
    (5, 10),
    (10, 15),
    (15, 25),
    (25, 45),
    (40, 75),
    (60, 120),
    (0, 0),
];
/// Each pawn beyond the first on a file (mg, eg).
pub const DOUBLED: (i32, i32) = (-10, -20);
/// A pawn without own pawns on the adjacent files (mg, eg).
pub const ISOLATED: (i32, i32) = (-10, -15);
/// A rook on a file without pawns (mg, eg).
pub const ROOK_OPEN: (i32, i32) = (20, 10);
/// A rook on a file without own pawns but with enemy pawns (mg, eg).
pub const ROOK_SEMI_OPEN: (i32, i32) = (10, 5);

/// Middle-game piece-square tables, pawn … king, from White's side, rank 8 first (index 0 is
/// a8, 7 is h8, 56 is a1).
#[rustfmt::skip]
pub const MG: [[i32; 64]; 6] = [
    // pawn
    [  0,   0,   0,   0,   0,   0,   0,   0,
      40,  40,  40,  45,  45,  40,  40,  40,
      15,  20,  25,  30,  30,  25,  20,  15,
       5,   8,  12,  22,  22,  12,   8,   5,
       0,   3,   8,  20,  20,   5,   0,   0,
       2,   2,   4,   6,   6,  -2,   2,   2,
       2,   4,   2, -12, -12,   6,   8,   4,
       0,   0,   0,   0,   0,   0,   0,   0],
    // knight
    [-50, -30, -20, -20, -20, -20, -30, -50,
     -30, -10,   0,   5,   5,   0, -10, -30,
     -20,   5,  15,  20,  20,  15,   5, -20,
     -20,   5,  20,  25,  25,  20,   5, -20,
     -20,   0,  15,  20,  20,  15,   0, -20,
     -25,   0,  10,  12,  12,  10,   0, -25,
     -30, -15,   0,   0,   0,   0, -15, -30,
     -50, -25, -20, -20, -20, -20, -25, -50],
    // bishop
    [-20, -10, -10, -10, -10, -10, -10, -20,
     -10,   0,   0,   0,   0,   0,   0, -10,
     -10,   0,   5,  10,  10,   5,   0, -10,
     -10,   5,   5,  12,  12,   5,   5, -10,
     -10,   0,  12,  12,  12,  12,   0, -10,
     -10,  10,  10,  10,  10,  10,  10, -10,
     -10,  12,   0,   5,   5,   0,  12, -10,
     -20, -10, -15, -10, -10, -15, -10, -20],
    // rook
    [  5,   5,   5,  10,  10,   5,   5,   5,
      15,  20,  20,  20,  20,  20,  20,  15,
      -5,   0,   0,   0,   0,   0,   0,  -5,
      -5,   0,   0,   0,   0,   0,   0,  -5,
      -5,   0,   0,   0,   0,   0,   0,  -5,
      -5,   0,   0,   0,   0,   0,   0,  -5,
      -8,   0,   0,   0,   0,   0,   0,  -8,
      -5,  -3,   2,   8,   8,   5,  -3,  -5],
    // queen
    [-20, -10, -10,  -5,  -5, -10, -10, -20,
     -10,   0,   0,   0,   0,   0,   0, -10,
     -10,   0,   5,   5,   5,   5,   0, -10,
      -5,   0,   5,   5,   5,   5,   0,  -5,
      -5,   0,   5,   5,   5,   5,   0,  -5,
     -10,   3,   5,   5,   5,   5,   0, -10,
     -10,   0,   3,   0,   0,   0,   0, -10,
     -20, -10, -10,   0,  -5, -10, -10, -20],
    // king
    [-40, -40, -45, -50, -50, -45, -40, -40,
     -40, -40, -45, -50, -50, -45, -40, -40,
     -40, -40, -45, -50, -50, -45, -40, -40,
     -35, -40, -40, -50, -50, -40, -40, -35,
     -25, -30, -30, -40, -40, -30, -30, -25,
     -15, -20, -20, -25, -25, -20, -20, -15,
      10,  10,  -5, -10, -10,  -5,  10,  10,
      15,  25,   5, -10,   0,  -5,  25,  15],
];

/// Endgame pawn table (same layout as [`MG`]).
#[rustfmt::skip]
pub const EG_PAWN: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 45, 45, 45, 45, 50, 50,
    30, 30, 28, 25, 25, 28, 30, 30,
    15, 15, 12, 10, 10, 12, 15, 15,
     8,  8,  6,  5,  5,  6,  8,  8,
     3,  3,  2,  0,  0,  2,  3,  3,
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
];

/// Endgame king table (same layout as [`MG`]): centralise.
#[rustfmt::skip]
pub const EG_KING: [i32; 64] = [
    -45, -30, -20, -15, -15, -20, -30, -45,
    -30, -10,   0,   5,   5,   0, -10, -30,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -15,   5,  20,  30,  30,  20,   5, -15,
    -15,   5,  20,  30,  30,  20,   5, -15,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -30, -10,   0,   5,   5,   0, -10, -30,
    -45, -30, -20, -15, -15, -20, -30, -45,
];

/// Endgame value of a knight, bishop, queen by ring 0 (central 2×2) … 3 (edge).
pub const EG_RING: [[i32; 4]; 3] = [[15, 5, -10, -30], [10, 5, 0, -10], [10, 5, 0, -10]];

/// The ring of a square: `max(file distance, rank distance)` to the central 2×2, 0…3.
const fn ring(sq: usize) -> usize {
    let (f, r) = (sq % 8, sq / 8);
    let df = if f <= 3 { 3 - f } else { f - 4 };
    let dr = if r <= 3 { 3 - r } else { r - 4 };
    if df > dr {
        df
    } else {
        dr
    }
}

/// The table index (rank 8 first, from White's side) of `sq` for a piece of `color`.
#[inline]
fn table_index(sq: Square, color: Color) -> usize {
    match color {
        Color::White => sq as usize ^ 56,
        Color::Black => sq as usize,
    }
}

/// Squares of file `f` (0 = a).
#[inline]
fn file_mask(f: usize) -> u64 {
    0x0101_0101_0101_0101u64 << f
}

/// Files `f − 1 … f + 1` that exist.
#[inline]
fn adjacent_files(f: usize) -> u64 {
    let mut m = 0;
    if f > 0 {
        m |= file_mask(f - 1);
    }
    if f < 7 {
        m |= file_mask(f + 1);
    }
    m
}

/// Squares strictly ahead of rank `r` (0 = rank 1) from `color`'s side.
#[inline]
fn ahead(r: usize, color: Color) -> u64 {
    match color {
        Color::White if r >= 7 => 0,
        Color::White => !0u64 << (8 * (r + 1)),
        Color::Black => (1u64 << (8 * r)) - 1,
    }
}

/// `(mg, eg, phase)` of `color`'s pieces (positive: good for `color`).
pub(crate) fn side(board: &Board, color: Color) -> (i32, i32, i32) {
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    let own_pawns = board.colored_pieces(color, Piece::Pawn).0;
    let their_pawns = board.colored_pieces(!color, Piece::Pawn).0;
    for (i, &piece) in Piece::ALL.iter().enumerate() {
        let set = board.colored_pieces(color, piece);
        let n = set.len() as i32;
        mg += MATERIAL[i].0 * n;
        eg += MATERIAL[i].1 * n;
        phase += PHASE[i] * n;
        for sq in set {
            let t = table_index(sq, color);
            mg += MG[i][t];
            eg += match piece {
                Piece::Pawn => EG_PAWN[t],
                Piece::King => EG_KING[t],
                Piece::Knight => EG_RING[0][ring(t)],
                Piece::Bishop => EG_RING[1][ring(t)],
                Piece::Queen => EG_RING[2][ring(t)],
                Piece::Rook => 0,
            };
            let f = sq.file() as usize;
            match piece {
                Piece::Pawn => {
                    let r = sq.rank() as usize;
                    let front = ahead(r, color) & (file_mask(f) | adjacent_files(f));
                    if front & their_pawns == 0 {
                        let rel = if color == Color::White { r } else { 7 - r };
                        mg += PASSED[rel].0;
                        eg += PASSED[rel].1;
                    }
                    if own_pawns & adjacent_files(f) == 0 {
                        mg += ISOLATED.0;
                        eg += ISOLATED.1;
                    }
                }
                Piece::Rook => {
                    let file = file_mask(f);
                    if file & (own_pawns | their_pawns) == 0 {
                        mg += ROOK_OPEN.0;
                        eg += ROOK_OPEN.1;
                    } else if file & own_pawns == 0 {
                        mg += ROOK_SEMI_OPEN.0;
                        eg += ROOK_SEMI_OPEN.1;
                    }
                }
                _ => {}
            }
        }
    }
    for f in 0..8 {
        let n = (own_pawns & file_mask(f)).count_ones() as i32;
        if n > 1 {
            mg += DOUBLED.0 * (n - 1);
            eg += DOUBLED.1 * (n - 1);
        }
    }
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        mg += BISHOP_PAIR.0;
        eg += BISHOP_PAIR.1;
    }
    (mg, eg, phase)
}

/// The evaluation of `board` from the side to move (module docs).
pub fn evaluate(board: &Board) -> i32 {
    let (wm, we, wp) = side(board, Color::White);
    let (bm, be, bp) = side(board, Color::Black);
    let phase = (wp + bp).min(FULL_PHASE);
    let v = ((wm - bm) * phase + (we - be) * (FULL_PHASE - phase)) / FULL_PHASE;
    match board.side_to_move() {
        Color::White => v,
        Color::Black => -v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rings_and_masks() {
        // d4, e5 are central; a1, h8 edge; b2 ring 2.
        assert_eq!(ring(27), 0);
        assert_eq!(ring(36), 0);
        assert_eq!(ring(0), 3);
        assert_eq!(ring(63), 3);
        assert_eq!(ring(9), 2);
        assert_eq!(ahead(1, Color::White).count_ones(), 48);
        assert_eq!(ahead(6, Color::Black).count_ones(), 48);
        assert_eq!(ahead(7, Color::White), 0);
        assert_eq!(ahead(0, Color::Black), 0);
        assert_eq!(adjacent_files(0), file_mask(1));
    }
}
