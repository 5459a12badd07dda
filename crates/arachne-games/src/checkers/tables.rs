//! The board tables of [`super`]: row and column masks, the four diagonal directions, the
//! one-step shift [`step`], the neighbour and ring tables and the Zobrist keys, all computed
//! at compile time.
use super::DRAW_PLIES;
use arachne_core::rng::mix64;

pub(super) const EVEN_ROWS: u32 = 0x0F0F_0F0F;
pub(super) const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// Odd-row squares in column 0 (5, 13, 21, 29).
pub(super) const LEFT_ODD: u32 = 0x1010_1010;
/// Even-row squares in column 7 (4, 12, 20, 28).
pub(super) const RIGHT_EVEN: u32 = 0x0808_0808;
/// Row 0 (squares 1–4): White crowns here.
pub(super) const ROW0: u32 = 0x0000_000F;
/// Row 7 (squares 29–32): Black crowns here.
pub(super) const ROW7: u32 = 0xF000_0000;

/// Diagonal directions: towards square 1's row (`UP_*`) or square 32's row (`DOWN_*`), towards
/// column 0 (`*_LEFT`) or column 7 (`*_RIGHT`).
pub(super) const UP_LEFT: usize = 0;
pub(super) const UP_RIGHT: usize = 1;
pub(super) const DOWN_LEFT: usize = 2;
pub(super) const DOWN_RIGHT: usize = 3;
/// `3 - d` is the opposite direction of `d`.
pub(super) const BLACK_FORWARD: [usize; 2] = [DOWN_LEFT, DOWN_RIGHT];
pub(super) const WHITE_FORWARD: [usize; 2] = [UP_LEFT, UP_RIGHT];
pub(super) const ALL_DIRS: [usize; 4] = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];

/// Every square of `b` moved one step in direction `d` (squares stepping off the board
/// vanish).
#[inline(always)]
pub const fn step(b: u32, d: usize) -> u32 {
    match d {
        UP_LEFT => ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !LEFT_ODD) >> 5),
        UP_RIGHT => ((b & EVEN_ROWS & !RIGHT_EVEN) >> 3) | ((b & ODD_ROWS) >> 4),
        DOWN_LEFT => ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !LEFT_ODD) << 3),
        _ => ((b & EVEN_ROWS & !RIGHT_EVEN) << 5) | ((b & ODD_ROWS) << 4),
    }
}

pub(super) const NONE: u8 = 32;

/// `NEIGHBOUR[d][i]`: the square one step from `i` in direction `d`, or 32.
pub(super) const NEIGHBOUR: [[u8; 32]; 4] = {
    let mut t = [[NONE; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 32 {
            let s = step(1 << i, d);
            if s != 0 {
                t[d][i] = s.trailing_zeros() as u8;
            }
            i += 1;
        }
        d += 1;
    }
    t
};

/// Squares by ring (0 = centre … 3 = edge), for the kings' centrality term.
pub(super) const RINGS: [u32; 4] = {
    let mut r = [0u32; 4];
    let mut i: i32 = 0;
    while i < 32 {
        let row = i / 4;
        let col = if row % 2 == 0 {
            2 * (i % 4) + 1
        } else {
            2 * (i % 4)
        };
        let dr = (2 * row - 7).abs();
        let dc = (2 * col - 7).abs();
        let m = if dr > dc { dr } else { dc };
        r[((m - 1) / 2) as usize] |= 1 << i;
        i += 1;
    }
    r
};

/// Zobrist keys: `[black man, black king, white man, white king][square]`.
pub(super) const ZOBRIST: [[u64; 32]; 4] = {
    let mut t = [[0u64; 32]; 4];
    let mut k = 0;
    while k < 4 {
        let mut i = 0;
        while i < 32 {
            t[k][i] = mix64(0xC4EC_7E25_0000_0000 ^ ((k as u64) << 8) ^ i as u64);
            i += 1;
        }
        k += 1;
    }
    t
};
pub(super) const ZOBRIST_BLACK_TO_MOVE: u64 = mix64(0xC4EC_7E25_FFFF_0001);
/// Keys for the draw-rule counter, mixed in by [`Game::hash`].
pub(super) const ZOBRIST_QUIET: [u64; DRAW_PLIES as usize + 1] = {
    let mut t = [0u64; DRAW_PLIES as usize + 1];
    let mut q = 1; // counter 0 mixes in nothing
    while q <= DRAW_PLIES as usize {
        t[q] = mix64(0xC4EC_7E25_EEEE_0000 ^ q as u64);
        q += 1;
    }
    t
};
