//! Unit tests of the checkers bitboards and move generation.
use super::*;

fn bits(squares: &[u32]) -> u32 {
    squares.iter().fold(0, |b, &s| b | 1 << (s - 1))
}

#[test]
fn geometry() {
    // square 1 touches 5 and 6; square 5 touches 1 and 9; 32 touches 27, 28
    let n = |s: u32, d: usize| NEIGHBOUR[d][s as usize - 1] as u32 + 1;
    assert_eq!((n(1, DOWN_LEFT), n(1, DOWN_RIGHT)), (5, 6));
    assert_eq!(NEIGHBOUR[UP_LEFT][0], NONE);
    assert_eq!(n(5, UP_RIGHT), 1);
    assert_eq!(n(5, DOWN_RIGHT), 9);
    assert_eq!(NEIGHBOUR[DOWN_LEFT][4], NONE);
    assert_eq!((n(32, UP_LEFT), n(32, UP_RIGHT)), (27, 28));
    assert_eq!(bits(&[1, 2]), 3);
    assert_eq!(RINGS.iter().map(|r| r.count_ones()).sum::<u32>(), 32);
    assert_eq!(RINGS[0], bits(&[15, 18]));
}

#[test]
fn perft_start() {
    let want = [7u64, 49, 302, 1469, 7361, 36768];
    for (d, &n) in want.iter().enumerate() {
        assert_eq!(arachne_core::perft(&Checkers::start(), d as u32 + 1), n);
    }
}

#[test]
fn fen_round_trip() {
    let s = Checkers::start();
    assert_eq!(
        s.fen(),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    assert_eq!(Checkers::from_fen(&s.fen()).unwrap(), s);
    assert_eq!(Checkers::from_fen("B:W21-32:B1-12.").unwrap(), s);
    let p = Checkers::from_fen("W:W7,13,14,17,21:B1,5,6,12,K22").unwrap();
    assert_eq!(p.fen(), "W:W7,13,14,17,21:B1,5,6,12,K22");
}
