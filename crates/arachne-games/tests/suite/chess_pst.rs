//! The positional chess evaluation `Eval::Pst` (`chess:eval=pst`): symmetric under a colour
//! flip (and `Eval::Full`, which adds king safety, threats and mobility to it), values worked out by hand on small positions, the spec, perft unchanged.
use arachne_core::{perft, Game, Score};
use arachne_games::chess::{bench, Chess, Eval};
use arachne_games::{with_game, GameInfo, GameVisitor};

/// The FEN of `fen` with the board mirrored top to bottom, the colours swapped and the other
/// side to move: the same position seen from the other side.
fn mirror(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let board: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling = if f[2] == "-" {
        "-".to_string()
    } else {
        let s = swap(f[2]);
        let mut c: Vec<char> = s.chars().collect();
        // Upper case first, as FEN writes it.
        c.sort_by_key(|ch| (ch.is_ascii_lowercase(), *ch));
        c.into_iter().collect()
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let b = f[3].as_bytes();
        format!("{}{}", b[0] as char, if b[1] == b'3' { '6' } else { '3' })
    };
    format!(
        "{} {side} {castling} {ep} {}",
        board.join("/"),
        f[4..].join(" ")
    )
}

fn pst(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap().with_eval(Eval::Pst)
}

#[test]
fn symmetric_under_colour_flip() {
    let mut positions: Vec<Chess> = Vec::new();
    for set in ["lct2", "wac", "nunn", "sf21"] {
        positions.extend(bench::set(set).unwrap());
    }
    // And the positions along a few deterministic playouts from them (every 7th move).
    let starts = positions.clone();
    for (k, p) in starts.iter().enumerate().take(60) {
        let mut p = p.clone();
        for ply in 0..30 {
            let mut ms = Vec::new();
            p.moves(&mut ms);
            if ms.is_empty() {
                break;
            }
            p = p.play(ms[(k * 7 + ply * 3) % ms.len()]);
            positions.push(p.clone());
        }
    }
    assert!(positions.len() > 2000);
    let mut differs = 0;
    for p in &positions {
        let a = p.clone().with_eval(Eval::Pst);
        let m = mirror(&a.fen());
        let b = pst(&m);
        assert_eq!(a.evaluate(), b.evaluate(), "{} vs {}", a.fen(), m);
        // `Eval::Full` (pst plus king safety, threats, mobility) too.
        let (fa, fb) = (a.clone().with_eval(Eval::Full), b.with_eval(Eval::Full));
        assert_eq!(fa.evaluate(), fb.evaluate(), "full: {} vs {}", a.fen(), m);
        if a.evaluate() != p.clone().with_eval(Eval::Material).evaluate() {
            differs += 1;
        }
    }
    assert!(differs * 10 > positions.len() * 9, "positional terms count");
}

#[test]
fn values_worked_out_by_hand() {
    // Start position: equal.
    assert_eq!(Chess::startpos().with_eval(Eval::Pst).evaluate(), Score(0));
    // King and pawn against king, phase 0 (endgame terms only). White: pawn 115, e2 pawn
    // table 0, passed on its 2nd rank +10, isolated −15, king on e1 −15; Black: king on e8 −15.
    // 95 − (−15) = 110 for White.
    assert_eq!(
        pst("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").evaluate(),
        Score(110)
    );
    assert_eq!(
        pst("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1").evaluate(),
        Score(-110)
    );
    // 1.e4, phase 24 (middle-game terms only): the e-pawn goes from −12 (e2) to +20 (e4), not
    // passed; Black to move sees −32.
    assert_eq!(
        pst("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").evaluate(),
        Score(-32)
    );
    // Mate and stalemate keep the game's values.
    let mate = pst("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(mate.evaluate(), Score::LOSS);
    assert_eq!(
        pst("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").evaluate(),
        Score::DRAW
    );
    // The bishop pair counts: two bishops beat bishop and knight on the same squares' worth.
    let pair = pst("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1").evaluate();
    let mixed = pst("4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1").evaluate();
    assert!(pair > mixed, "{pair:?} vs {mixed:?}");
}

struct Eval0;
impl GameVisitor for Eval0 {
    type Output = i32;
    fn visit<G: Game>(self, root: G, _: GameInfo) -> i32 {
        root.evaluate().0
    }
}

#[test]
fn spec_selects_it_and_rejects_unknown_names() {
    let fen = "fen=4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    assert_eq!(
        with_game(&format!("chess:eval=pst,{fen}"), Eval0).unwrap(),
        110
    );
    assert_eq!(
        with_game(&format!("chess:eval=material,{fen}"), Eval0).unwrap(),
        100
    );
    // Without `eval=` a spec evaluates with the default, the strongest: `full`, which values
    // this position otherwise than material does.
    assert_eq!(Eval::default(), Eval::Full);
    let full = with_game(&format!("chess:eval=full,{fen}"), Eval0).unwrap();
    assert_ne!(full, 100);
    assert_eq!(with_game(&format!("chess:{fen}"), Eval0).unwrap(), full);
    let e = with_game("chess:eval=positional", Eval0).unwrap_err();
    assert!(e.0.contains("pst") && !e.0.contains('\n'), "{e}");
    assert_eq!("pst".parse::<Eval>(), Ok(Eval::Pst));
    assert!("PST".parse::<Eval>().is_err());
    for e in [Eval::Material, Eval::Mobility, Eval::Pst, Eval::Full] {
        assert_eq!(e.name().parse::<Eval>(), Ok(e));
    }
}

#[test]
fn perft_does_not_depend_on_the_evaluation() {
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    assert_eq!(perft(&pst(kiwi), 3), 97862);
    assert_eq!(perft(&Chess::startpos().with_eval(Eval::Pst), 4), 197281);
}
