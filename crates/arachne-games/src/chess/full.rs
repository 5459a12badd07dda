//! [`super::Eval::Full`]: [`super::pst`]'s positional evaluation plus the terms a tactical
//! engine's evaluation has and `pst` lacks — **king safety**, **threats** and **mobility** —
//! for seed 002 §5, where RBFM's shallow searches (and Crafty as the alpha-beta opponent) used
//! Crafty 17.9's evaluation, whose king safety and threat terms let a depth-3 search see the
//! point of an attacking sacrifice. Values are ours (centipawns, chosen by us after the usual
//! shapes of such terms, not taken from an engine), tapered with `pst`'s phase: the value is
//! `(mg · φ + eg · (24 − φ)) / 24` from the side to move, `mg` and `eg` the sums (white minus
//! black) of `pst`'s terms and these:
//!
//! * **Mobility**: per knight, bishop, rook, queen, the squares it attacks that hold no own
//!   piece and are not attacked by an enemy pawn, minus a baseline (knight 4, bishop 6, rook 6,
//!   queen 12 squares), times ([`MOBILITY`], mg / eg) knight 4 / 4, bishop 5 / 5, rook 2 / 4,
//!   queen 1 / 2.
//! * **King safety** (mg only): the *zone* of a king is its square, the squares next to it and
//!   the squares one rank further towards the enemy. Each enemy knight, bishop, rook or queen
//!   that attacks the zone is an *attacker* and adds [`ATTACKER_UNITS`] (2, 2, 3, 5) plus one
//!   unit per zone square it attacks; each kind of *safe check* the enemy has (a square from
//!   which a piece of that kind would check, which it attacks, that holds none of its pieces
//!   and that the king's side does not attack) adds [`SAFE_CHECK_UNITS`] (knight 3, bishop 2,
//!   rook 4, queen 5); each file at or next to the king without an own pawn in front of the
//!   king adds 2 units, 2 more if the file has no enemy pawn either (open). With at least two
//!   attackers, or one queen, the king's side loses `min(3 · units², 900)` (halved when the
//!   enemy has no queen). Also −12 per such file without an own pawn (the *shield*), with or
//!   without attackers.
//! * **Threats**: a non-pawn piece attacked by an enemy pawn −60 (knight, bishop), −80 (rook),
//!   −100 (queen); else a rook or queen attacked by an enemy knight or bishop −50 / −80, a queen
//!   attacked by a rook −60; and a piece attacked and not defended (*hanging*) −20 (pawn), −40
//!   (knight, bishop), −50 (rook), −60 (queen) on top. Both sides' threats count (the side to
//!   move can parry one of its own, and its own captures are the quiescence search's).
//!
//! The terms are computed per side with ranks counted from that side, so White's value of a
//! position is minus White's value of its colour-flipped mirror (the mirror has the other side
//! to move, so the value from the side to move is the same; tested in `tests/suite/chess_pst.rs` on
//! the bench positions and 1 800 positions of playouts from them).
//!
//! Cost: `pst`'s pass plus the attack sets of every piece, about three times `pst`'s time.
use super::pst;
use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard,
    Board, Color, Piece,
};

/// Mobility per square above the baseline, (mg, eg): knight, bishop, rook, queen.
pub const MOBILITY: [(i32, i32); 4] = [(4, 4), (5, 5), (2, 4), (1, 2)];
/// Mobility baselines (squares): knight, bishop, rook, queen.
pub const MOBILITY_BASE: [i32; 4] = [4, 6, 6, 12];
/// King-attack units of an attacker: knight, bishop, rook, queen.
pub const ATTACKER_UNITS: [i32; 4] = [2, 2, 3, 5];
/// King-attack units of a safe check: knight, bishop, rook, queen.
pub const SAFE_CHECK_UNITS: [i32; 4] = [3, 2, 4, 5];
/// Largest king-danger penalty (mg).
pub const MAX_DANGER: i32 = 900;
/// Shield penalty per file at or next to the king without an own pawn in front (mg).
pub const SHIELD_MISSING: i32 = -12;
/// Non-pawn piece attacked by a pawn: knight, bishop, rook, queen.
pub const PAWN_THREAT: [i32; 4] = [-60, -60, -80, -100];
/// Hanging (attacked, not defended): pawn, knight, bishop, rook, queen.
pub const HANGING: [i32; 5] = [-20, -40, -40, -50, -60];

/// The attack sets of one side.
struct Attacks {
    pawns: BitBoard,
    /// Knight, bishop, rook, queen: the union per kind.
    kind: [BitBoard; 4],
    all: BitBoard,
}

const PIECES: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

fn piece_attacks(p: Piece, sq: cozy_chess::Square, occ: BitBoard) -> BitBoard {
    match p {
        Piece::Knight => get_knight_moves(sq),
        Piece::Bishop => get_bishop_moves(sq, occ),
        Piece::Rook => get_rook_moves(sq, occ),
        _ => get_bishop_moves(sq, occ) | get_rook_moves(sq, occ),
    }
}

fn attacks(board: &Board, color: Color) -> Attacks {
    let occ = board.occupied();
    let mut pawns = BitBoard::EMPTY;
    for sq in board.colored_pieces(color, Piece::Pawn) {
        pawns |= get_pawn_attacks(sq, color);
    }
    let mut kind = [BitBoard::EMPTY; 4];
    for (k, &p) in PIECES.iter().enumerate() {
        for sq in board.colored_pieces(color, p) {
            kind[k] |= piece_attacks(p, sq, occ);
        }
    }
    let king = get_king_moves(board.king(color));
    let all = pawns | kind[0] | kind[1] | kind[2] | kind[3] | king;
    Attacks { pawns, kind, all }
}

/// `(mg, eg)` of the terms above for `color` (positive: good for `color`).
fn side(board: &Board, color: Color, ours: &Attacks, theirs: &Attacks) -> (i32, i32) {
    let (mut mg, mut eg) = (0, 0);
    let occ = board.occupied();
    let own = board.colors(color);
    let them = !color;
    // Mobility.
    let area = !own & !theirs.pawns;
    for (k, &p) in PIECES.iter().enumerate() {
        for sq in board.colored_pieces(color, p) {
            let n = (piece_attacks(p, sq, occ) & area).len() as i32 - MOBILITY_BASE[k];
            mg += MOBILITY[k].0 * n;
            eg += MOBILITY[k].1 * n;
        }
    }
    // King safety (mg).
    let ksq = board.king(color);
    let near = get_king_moves(ksq) | ksq.bitboard();
    let forward = match color {
        Color::White => BitBoard(near.0 << 8),
        Color::Black => BitBoard(near.0 >> 8),
    };
    let zone = near | forward;
    let (mut attackers, mut units, mut queen_attacks) = (0, 0, false);
    for (k, &p) in PIECES.iter().enumerate() {
        for sq in board.colored_pieces(them, p) {
            let hit = piece_attacks(p, sq, occ) & zone;
            if !hit.is_empty() {
                attackers += 1;
                units += ATTACKER_UNITS[k] + hit.len() as i32;
                queen_attacks |= p == Piece::Queen;
            }
        }
    }
    let safe = !ours.all & !board.colors(them);
    for (k, &p) in PIECES.iter().enumerate() {
        let checks = piece_attacks(p, ksq, occ);
        if !(checks & theirs.kind[k] & safe).is_empty() {
            units += SAFE_CHECK_UNITS[k];
        }
    }
    let own_pawns = board.colored_pieces(color, Piece::Pawn).0;
    let their_pawns = board.colored_pieces(them, Piece::Pawn).0;
    let kf = ksq.file() as usize;
    let front = front_of(ksq.rank() as usize, color);
    for f in kf.saturating_sub(1)..=(kf + 1).min(7) {
        let file = 0x0101_0101_0101_0101u64 << f;
        if own_pawns & file & front == 0 {
            mg += SHIELD_MISSING;
            units += 2;
            if their_pawns & file == 0 {
                units += 2;
            }
        }
    }
    if attackers >= 2 || queen_attacks {
        let mut danger = (3 * units * units).min(MAX_DANGER);
        if board.colored_pieces(them, Piece::Queen).is_empty() {
            danger /= 2;
        }
        mg -= danger;
    }
    // Threats.
    let minors = theirs.kind[0] | theirs.kind[1];
    for (i, &p) in Piece::ALL[..5].iter().enumerate() {
        for sq in board.colored_pieces(color, p) {
            if !theirs.all.has(sq) {
                continue;
            }
            let mut t = 0;
            if p != Piece::Pawn && theirs.pawns.has(sq) {
                t += PAWN_THREAT[i - 1];
            } else if p == Piece::Rook && minors.has(sq) {
                t -= 50;
            } else if p == Piece::Queen && minors.has(sq) {
                t -= 80;
            } else if p == Piece::Queen && theirs.kind[2].has(sq) {
                t -= 60;
            }
            if !ours.all.has(sq) {
                t += HANGING[i];
            }
            mg += t;
            eg += t;
        }
    }
    (mg, eg)
}

/// Squares strictly ahead of rank `r` from `color`'s side.
fn front_of(r: usize, color: Color) -> u64 {
    match color {
        Color::White if r >= 7 => 0,
        Color::White => !0u64 << (8 * (r + 1)),
        Color::Black => (1u64 << (8 * r)) - 1,
    }
}

/// The evaluation of `board` from the side to move (module docs).
pub fn evaluate(board: &Board) -> i32 {
    let (wm, we, wp) = pst::side(board, Color::White);
    let (bm, be, bp) = pst::side(board, Color::Black);
    let wa = attacks(board, Color::White);
    let ba = attacks(board, Color::Black);
    let (wm2, we2) = side(board, Color::White, &wa, &ba);
    let (bm2, be2) = side(board, Color::Black, &ba, &wa);
    let phase = (wp + bp).min(pst::FULL_PHASE);
    let mg = wm + wm2 - bm - bm2;
    let eg = we + we2 - be - be2;
    let v = (mg * phase + eg * (pst::FULL_PHASE - phase)) / pst::FULL_PHASE;
    match board.side_to_move() {
        Color::White => v,
        Color::Black => -v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Chess;

    fn white_terms(fen: &str) -> (i32, i32) {
        let b = Chess::from_fen(fen).unwrap();
        let (w, k) = (
            attacks(b.board(), Color::White),
            attacks(b.board(), Color::Black),
        );
        side(b.board(), Color::White, &w, &k)
    }

    #[test]
    fn a_queen_and_a_rook_on_the_king_zone_cost_king_safety() {
        // Black's queen (h4) and rook (e2) attack White's king zone; then both are shut in on
        // a8, b8. White's own terms differ only by king safety (a middle-game term).
        let attacked = white_terms("6k1/5ppp/8/8/7q/8/4rPP1/6K1 w - - 0 1");
        let quiet = white_terms("qr4k1/ppp2ppp/8/8/8/8/5PP1/6K1 w - - 0 1");
        assert_eq!(attacked.1, quiet.1, "king safety is a middle-game term");
        assert!(attacked.0 < quiet.0 - 200, "{attacked:?} vs {quiet:?}");
        // The shield: a missing pawn in front of the king costs, with or without attackers.
        let shield = white_terms("qr4k1/ppp2ppp/8/8/8/8/5PPP/6K1 w - - 0 1");
        assert_eq!(shield.0 - quiet.0, -SHIELD_MISSING);
    }

    #[test]
    fn a_piece_attacked_by_a_pawn_is_threatened() {
        // The knight on d4 (defended by the king) is attacked by the e5 pawn, not by e6's.
        let threatened = white_terms("4k3/8/8/4p3/3N4/4K3/8/8 w - - 0 1");
        let safe = white_terms("4k3/8/4p3/8/3N4/4K3/8/8 w - - 0 1");
        assert!(
            threatened.0 <= safe.0 + PAWN_THREAT[0] + 8,
            "{threatened:?} vs {safe:?}"
        );
        // Undefended (the pawn on c2 instead of c3), it also hangs; the knight's mobility
        // differs by the one square c2.
        let hanging = white_terms("4k3/8/8/4p3/3N4/8/2P5/7K w - - 0 1");
        let defended = white_terms("4k3/8/8/4p3/3N4/2P5/8/7K w - - 0 1");
        assert!(
            hanging.0 - defended.0 <= HANGING[1] + MOBILITY[0].0,
            "{hanging:?} vs {defended:?}"
        );
    }
}
