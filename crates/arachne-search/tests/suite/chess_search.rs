//! Searchers on chess: every serial searcher returns the negamax value on bench positions at a
//! fixed depth (with and without quiescence; `lalphabeta` and `slalphabeta`: a best move of
//! maximal value), and the quiescence and repetition options do what they say.
use arachne_core::{Game, Limits, Score};
use arachne_games::chess::cozy_chess::Move;
use arachne_games::chess::{bench, Chess};
use arachne_search::{Algorithm, SearchOptions};

const ALGOS: &[&str] = &[
    "alphabeta",
    "bound",
    "falphabeta",
    "lalphabeta",
    "palphabeta",
    "salphabeta",
    "slalphabeta",
    "spalphabeta",
    "aspiration",
    "sss",
    "mtdf",
];

fn positions() -> Vec<(String, Chess)> {
    let mut v = Vec::new();
    for r in bench::lct2().into_iter().step_by(7) {
        v.push((r.id().unwrap_or("?").to_string(), r.position));
    }
    for r in bench::wac().into_iter().step_by(60) {
        v.push((r.id().unwrap_or("?").to_string(), r.position));
    }
    for r in bench::nunn().into_iter().step_by(10) {
        v.push((r.id().unwrap_or("?").to_string(), r.position));
    }
    for (i, p) in bench::spassky_fischer().into_iter().enumerate().step_by(20) {
        v.push((format!("sf21 ply {i}"), p));
    }
    v
}

/// Negamax value of the child reached by `mv` from `pos`, from `pos`'s side.
fn move_value(pos: &Chess, mv: Move, depth: u32, opts: &SearchOptions) -> Score {
    let child = pos.play(mv);
    let r = Algorithm::Negamax.search(&child, &Limits::depth(depth - 1), opts);
    // A child at ply 1: decisive values shift by one ply.
    let v = -r.value;
    if v.is_decisive() {
        if v.0 > 0 {
            v - 1
        } else {
            v + 1
        }
    } else {
        v
    }
}

fn agree(depth: u32, quiescence: bool) {
    let opts = SearchOptions {
        hints: true,
        killers: true,
        history: true,
        quiescence,
        tt_mib: 1,
        ..SearchOptions::default()
    };
    for (id, pos) in positions() {
        let base = Algorithm::Negamax.search(&pos, &Limits::depth(depth), &opts);
        for a in ALGOS {
            let algo: Algorithm = a.parse().unwrap();
            let r = algo.search(&pos, &Limits::depth(depth), &opts);
            if a.contains("lalphabeta") {
                let mv = r.best_move.expect("a best move");
                assert_eq!(
                    move_value(&pos, mv, depth, &opts),
                    base.value,
                    "{a} best move on {id} (q={quiescence})"
                );
            } else {
                assert_eq!(r.value, base.value, "{a} on {id} (q={quiescence})");
            }
        }
    }
}

#[test]
fn searchers_agree_at_depth_3_with_quiescence() {
    agree(3, true);
}

#[test]
fn searchers_agree_at_depth_3_without_quiescence() {
    agree(3, false);
}

#[test]
fn quiescence_sees_the_recapture() {
    // Qxd5 wins a pawn at depth 1, but exd5 recaptures the queen.
    let pos = Chess::from_fen("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1").unwrap();
    let plain = Algorithm::AlphaBeta.search(&pos, &Limits::depth(1), &SearchOptions::default());
    assert_eq!(plain.value, Score(800));
    assert_eq!(pos.move_name(plain.best_move.unwrap()), "d1d5");
    let q = SearchOptions {
        quiescence: true,
        ..SearchOptions::default()
    };
    let r = Algorithm::AlphaBeta.search(&pos, &Limits::depth(1), &q);
    assert_eq!(r.value, Score(700));
    assert_ne!(pos.move_name(r.best_move.unwrap()), "d1d5");
    assert!(r.stats.qnodes > 0);
    // The capture search is exact: negamax agrees, and so does a direct call.
    let n = Algorithm::Negamax.search(&pos, &Limits::depth(1), &q);
    assert_eq!(n.value, r.value);
    let limits = Limits::depth(1);
    let mut ctx = arachne_search::context::Ctx::new(&q, &limits, None);
    let after = pos.play(pos.parse_move("d1d5").unwrap());
    assert_eq!(
        ctx.quiescence(&after, 1, 0, -Score::INF, Score::INF),
        Score(100)
    );
}

#[test]
fn mate_and_stalemate_in_search() {
    // Mate in one: Qb8#.
    let pos = Chess::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap();
    let r = Algorithm::AlphaBeta.search(&pos, &Limits::depth(2), &SearchOptions::default());
    assert_eq!(r.value, Score::win_in(1));
    // Fifty-move rule: with the clock at 99 any quiet move draws at once.
    let f = Chess::from_fen("7k/8/6K1/8/8/8/Q7/8 w - - 99 80").unwrap();
    let r = Algorithm::Negamax.search(&f, &Limits::depth(2), &SearchOptions::default());
    assert!(r.value >= Score::DRAW);
}

#[test]
fn repetition_of_game_history_is_a_draw() {
    // White is a queen down; the position after Kh1-g1 occurred earlier in the game.
    let pos = Chess::from_fen("6k1/8/8/8/8/8/q7/7K w - - 0 1").unwrap();
    let mv = pos.parse_move("h1g1").unwrap();
    let earlier = pos.play(mv).hash().unwrap();
    let off = SearchOptions::default();
    let r = Algorithm::AlphaBeta.search(&pos, &Limits::depth(1), &off);
    assert_eq!(r.value, Score(-900));
    let on = SearchOptions {
        repetition: true,
        game_history: vec![earlier],
        ..SearchOptions::default()
    };
    for a in ["negamax", "alphabeta", "palphabeta", "aspiration"] {
        let algo: Algorithm = a.parse().unwrap();
        let r = algo.search(&pos, &Limits::depth(1), &on);
        assert_eq!(r.value, Score::DRAW, "{a}");
        assert_eq!(r.best_move, Some(mv), "{a}");
    }
}

/// A cyclic game A → B → C → D → A with a hash: every position is worth 7 to the side to
/// move, so the cycle's return to the root is the only way a draw can appear.
#[derive(Clone, Debug)]
struct Cycle(u8);

impl Game for Cycle {
    type Move = u8;
    fn moves(&self, out: &mut Vec<u8>) {
        out.clear();
        out.push(0);
    }
    fn play(&self, _: u8) -> Self {
        Cycle((self.0 + 1) % 4)
    }
    fn evaluate(&self) -> Score {
        Score(7)
    }
    fn hash(&self) -> Option<u64> {
        Some(self.0 as u64 + 1)
    }
    fn move_name(&self, _: u8) -> String {
        "next".into()
    }
}

#[test]
fn repetition_on_the_search_path_is_a_draw() {
    let off = SearchOptions::default();
    let on = SearchOptions {
        repetition: true,
        ..SearchOptions::default()
    };
    for a in [
        "negamax",
        "alphabeta",
        "falphabeta",
        "palphabeta",
        "salphabeta",
    ] {
        let algo: Algorithm = a.parse().unwrap();
        assert_eq!(
            algo.search(&Cycle(0), &Limits::depth(4), &off).value,
            Score(7)
        );
        assert_eq!(
            algo.search(&Cycle(0), &Limits::depth(3), &on).value,
            Score(-7)
        );
        for d in [4, 6, 9] {
            let r = algo.search(&Cycle(0), &Limits::depth(d), &on);
            assert_eq!(r.value, Score::DRAW, "{a} depth {d}");
        }
    }
}
