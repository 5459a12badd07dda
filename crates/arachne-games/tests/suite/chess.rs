//! Chess: perft against the Chess Programming Wiki's numbers, FEN round trips, the bench
//! positions read by the EPD and PGN parsers, and fuzzing of the parsers.
use arachne_core::{perft, Game, Score};
use arachne_games::chess::{self, bench, perft_board, Chess, Eval};
use arachne_games::{epd, pgn, with_game, GameInfo, GameVisitor};
use proptest::prelude::*;

fn check_perft(fen: &str, expected: &[u64]) {
    let p = Chess::from_fen(fen).unwrap();
    for (d, &n) in expected.iter().enumerate() {
        let d = d as u32 + 1;
        assert_eq!(perft(&p, d), n, "perft({d}) of {fen}");
    }
    // The direct cozy-chess perft agrees, with and without bulk counting (shallower: it is
    // only a cross-check of the benchmark's code).
    let d = expected.len().min(3);
    assert_eq!(perft_board(p.board(), d as u32, true), expected[d - 1]);
    assert_eq!(perft_board(p.board(), d as u32, false), expected[d - 1]);
}

#[test]
fn perft_start_position() {
    check_perft(chess::STARTPOS, &[20, 400, 8902, 197281, 4865609]);
}

#[test]
fn perft_kiwipete() {
    check_perft(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
        &[48, 2039, 97862, 4085603],
    );
}

#[test]
fn perft_position_3() {
    check_perft(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
        &[14, 191, 2812, 43238, 674624],
    );
}

#[test]
fn perft_position_4() {
    check_perft(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467, 422333],
    );
}

#[test]
fn perft_position_5() {
    check_perft(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62379, 2103487],
    );
}

#[test]
fn fen_round_trip_and_move_names() {
    for fen in [
        chess::STARTPOS,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let p = Chess::from_fen(fen).unwrap();
        assert_eq!(p.fen(), fen);
        let mut mv = Vec::new();
        p.moves(&mut mv);
        for &m in &mv {
            let name = p.move_name(m);
            assert_eq!(p.parse_move(&name), Some(m), "{name} in {fen}");
        }
    }
    // Promotions are named with the piece letter.
    let p = Chess::from_fen("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8").unwrap();
    assert!(p.parse_move("d7c8q").is_some());
    assert!(p.parse_move("d7c8").is_none());
    assert!(p.parse_move("e1g1").is_some());
}

#[test]
fn hash_identifies_positions() {
    let a = Chess::startpos()
        .play_uci_line(["g1f3", "g8f6", "f3g1", "f6g8"])
        .unwrap();
    assert_eq!(a.hash(), Chess::startpos().hash());
    let b = Chess::startpos().play_uci_line(["e2e4"]).unwrap();
    assert_ne!(b.hash(), Chess::startpos().hash());
}

#[test]
fn technology_evaluation() {
    let p = Chess::from_fen("4k3/8/8/8/8/8/PPPP4/RNBQK3 w - - 0 1").unwrap();
    assert_eq!(p.evaluate(), Score(4 * 100 + 500 + 330 + 330 + 900));
    let b = Chess::from_fen("4k3/8/8/8/8/8/PPPP4/RNBQK3 b - - 0 1").unwrap();
    assert_eq!(b.evaluate(), Score(-(4 * 100 + 500 + 330 + 330 + 900)));
    // Mobility changes the value by the difference in attacked squares.
    let m = p.clone().with_eval(Eval::Mobility);
    let us = p.mobility(cozy_chess::Color::White) - p.mobility(cozy_chess::Color::Black);
    assert_eq!(m.evaluate(), Score(p.material() + us * chess::MOBILITY_CP));
}

#[test]
fn bench_sets_parse() {
    let lct2 = bench::lct2();
    assert_eq!(lct2.len(), 35);
    assert!(lct2.iter().all(|r| !r.best_moves.is_empty()));
    assert_eq!(lct2[0].id(), Some("LCTII.POS.01"));
    let wac = bench::wac();
    assert_eq!(wac.len(), 300);
    assert!(wac.iter().all(|r| !r.best_moves.is_empty()));
    assert_eq!(wac[299].id(), Some("WAC.300"));
    let nunn = bench::nunn();
    assert_eq!(nunn.len(), 20);
    assert_eq!(nunn[3].position.halfmove_clock(), 2);
    let g = bench::spassky_fischer_game();
    assert_eq!(g.moves.len(), 81);
    assert_eq!(g.result.as_deref(), Some("0-1"));
    assert_eq!(g.tag("PlyCount"), Some("81"));
    let final_pos = g.positions().pop().unwrap();
    assert_eq!(
        final_pos.fen(),
        "8/3B4/5p2/5P1p/P4k2/1P6/r4PK1/8 b - - 1 41"
    );
    let sf = bench::spassky_fischer();
    assert_eq!(sf.len(), 81);
    assert_eq!(sf[0], Chess::startpos());
    for name in ["lct2", "wac", "nunn", "sf21"] {
        assert!(bench::set(name).is_some_and(|v| !v.is_empty()));
    }
}

#[test]
fn wac_best_move_checks() {
    // WAC.004 Qxh7+ is a capture: the first noisy move by MVV/LVA would be a queen capture.
    let r = &bench::wac()[3];
    let mut noisy = Vec::new();
    r.position.noisy_moves(&mut noisy);
    assert!(noisy.contains(&r.best_moves[0]));
}

struct Root;
impl GameVisitor for Root {
    type Output = (String, u32);
    fn visit<G: Game>(self, _root: G, info: GameInfo) -> (String, u32) {
        (info.name.to_string(), info.default_depth)
    }
}

#[test]
fn chess_specs() {
    assert_eq!(with_game("chess", Root).unwrap(), ("chess".into(), 5));
    let kiwi = "chess:fen=r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    assert_eq!(with_game(kiwi, Root).unwrap().0, "chess");
    assert!(with_game("chess:eval=mobility,fen=startpos", Root).is_ok());
    assert!(with_game("chess:bench=wac:300", Root).is_ok());
    assert_eq!(bench::position("wac:4").unwrap(), bench::wac()[3].position);
    assert_eq!(bench::position("sf21:1").unwrap(), Chess::startpos());
    for bad in [
        "chess:fen=",
        "chess:fen=rnbqkbnr/pppppppp w",
        "chess:fen=8/8/8/8/8/8/8/8 w - - 0 1",
        "chess:eval=nope",
        "chess:foo=1",
        "chess:bench=wac:0",
        "chess:bench=wac:301",
        "chess:bench=wac",
        "chess:bench=nope:1",
        "chess:bench=wac:1,fen=startpos",
        "connect4:fen=startpos",
    ] {
        let e = with_game(bad, Root).unwrap_err();
        assert!(!e.0.is_empty() && !e.0.contains('\n'), "{bad}: {e}");
    }
}

fn fuzz_cases() -> u32 {
    std::env::var("CHESS_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

proptest! {
    // 2000 cases per parser in CI; set CHESS_FUZZ_CASES for a longer run.
    #![proptest_config(ProptestConfig::with_cases(fuzz_cases()))]

    #[test]
    fn fen_parser_never_panics(s in "\\PC{0,80}") {
        if let Err(e) = Chess::from_fen(&s) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }

    #[test]
    fn errors_are_one_line(s in "[ -~\n\t\r]{0,100}") {
        for e in [
            Chess::from_fen(&s).err(),
            epd::parse_epd_line(&s, 1).err(),
            pgn::parse_pgn(&s).err(),
            Chess::startpos().parse_san(&s).err(),
            Chess::startpos().parse_uci(&s).err(),
        ]
        .into_iter()
        .flatten()
        {
            prop_assert!(!e.to_string().contains(['\n', '\r']), "{e}");
        }
    }

    #[test]
    fn fen_like_strings_never_panic(
        board in "[rnbqkpRNBQKP1-9/]{0,70}",
        side in "[wbx-]{0,2}",
        castle in "[KQkqA-H-]{0,5}",
        ep in "[a-h1-8-]{0,3}",
        rest in "[0-9 ]{0,8}",
    ) {
        let _ = Chess::from_fen(&format!("{board} {side} {castle} {ep} {rest}"));
    }

    #[test]
    fn epd_parser_never_panics(s in "\\PC{0,120}") {
        let _ = epd::parse_epd(&s);
        let _ = epd::parse_epd(&format!("{} {s}", chess::STARTPOS.rsplitn(3, ' ').last().unwrap()));
    }

    #[test]
    fn pgn_parser_never_panics(s in "[\\[\\]{}();$.0-9a-hKQRBNOx+#=\" \\n-]{0,120}") {
        let _ = pgn::parse_pgn(&s);
    }

    #[test]
    fn move_parsers_never_panic(s in "\\PC{0,12}") {
        let p = Chess::startpos();
        let _ = p.parse_san(&s);
        let _ = p.parse_uci(&s);
    }
}

/// A FEN error names the field that is wrong (every error in the en-passant,
/// half-move or full-move fields used to say "the castling rights are invalid").
#[test]
fn fen_errors_name_the_wrong_field() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for (fen, field) in [
        (format!("{start} w KQkq z9 0 1"), "en passant"),
        (format!("{start} w KQkq - x 1"), "half-move"),
        (format!("{start} w KQkq - 0 y"), "full-move"),
        (format!("{start} w KQkX - 0 1"), "castling"),
        (format!("{start} q KQkq - 0 1"), "side to move"),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            "board",
        ),
    ] {
        let e = Chess::from_fen(&fen).unwrap_err().to_string();
        assert!(e.contains(field), "{fen}: {e}");
    }
}
