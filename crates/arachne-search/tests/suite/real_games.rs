//! Every searcher on the small real games, with every ordering option: same values as
//! negamax; tic-tac-toe is a draw; decisive scores prefer the fastest win.
use crate::common;

use arachne_core::{Game, Limits, Score};
use arachne_games::{Connect4, TicTacToe};
use arachne_search::{Algorithm, SearchOptions, ValueKind};
use common::{move_value, reference};

const ALGOS: &[&str] = &[
    "negamax",
    "alphabeta",
    "bound",
    "falphabeta",
    "palphabeta",
    "salphabeta",
    "spalphabeta",
    "aspiration",
    "sss",
    "mtdf",
];

fn option_sets() -> Vec<SearchOptions> {
    let base = SearchOptions {
        tt_mib: 2,
        ..SearchOptions::default()
    };
    vec![
        base.clone(),
        SearchOptions {
            preorder: true,
            ..base.clone()
        },
        SearchOptions {
            hints: true,
            killers: true,
            history: true,
            ..base.clone()
        },
        SearchOptions {
            tt_mib: 0,
            killers: true,
            ..base
        },
    ]
}

fn agree<G: Game>(root: &G, depth: u32) {
    let want = reference(root, depth);
    for opts in option_sets() {
        for name in ALGOS {
            let a: Algorithm = name.parse().unwrap();
            let out = a.search(root, &Limits::depth(depth), &opts);
            assert_eq!(out.value, want, "{name} {opts:?}");
            assert_eq!(out.kind, ValueKind::Exact);
            let m = out.best_move.unwrap();
            assert_eq!(move_value(root, m, depth), want, "{name} best move");
        }
    }
}

#[test]
fn tictactoe_is_a_draw_for_every_searcher() {
    let root = TicTacToe::new();
    for name in ALGOS {
        let a: Algorithm = name.parse().unwrap();
        let out = a.search(&root, &Limits::depth(9), &SearchOptions::default());
        assert_eq!(out.value, Score::DRAW, "{name}");
    }
    for moves in ["5", "15", "159", "1234"] {
        let p = TicTacToe::from_moves(moves).unwrap();
        agree(&p, 9 - moves.len() as u32);
    }
}

#[test]
fn connect4_positions_agree() {
    for moves in ["", "4", "44", "4453", "1234567", "444333"] {
        let p = Connect4::from_moves(moves).unwrap();
        agree(&p, 6);
    }
}

#[test]
fn faster_wins_score_higher() {
    // X to move wins at once with square 3 (top row 1-2-3); also later wins exist.
    let p = TicTacToe::from_moves("1425").unwrap();
    let out = Algorithm::AlphaBeta.search(&p, &Limits::depth(5), &SearchOptions::default());
    assert_eq!(out.value, Score::win_in(1));
    assert_eq!(p.move_name(out.best_move.unwrap()), "3");
    // Connect four: three in column 1 for the side to move, who wins in one ply.
    let c = Connect4::from_moves("121212").unwrap();
    for name in ALGOS {
        let a: Algorithm = name.parse().unwrap();
        let out = a.search(&c, &Limits::depth(5), &SearchOptions::default());
        assert_eq!(out.value, Score::win_in(1), "{name}");
        assert_eq!(c.move_name(out.best_move.unwrap()), "1", "{name}");
    }
}

#[test]
fn transposition_table_never_changes_fixed_depth_values() {
    let with = SearchOptions {
        hints: true,
        killers: true,
        history: true,
        tt_mib: 4,
        ..SearchOptions::default()
    };
    let without = SearchOptions {
        tt_mib: 0,
        ..with.clone()
    };
    for moves in ["", "4", "3344", "1726354"] {
        let root = Connect4::from_moves(moves).unwrap();
        for name in ["salphabeta", "slalphabeta", "spalphabeta", "aspiration"] {
            let a: Algorithm = name.parse().unwrap();
            let x = a.search(&root, &Limits::depth(9), &with);
            let y = a.search(&root, &Limits::depth(9), &without);
            assert_eq!((x.value, x.kind), (y.value, y.kind), "{name} {moves}");
        }
    }
}

/// Connect four without its own `Game::successor_values` (the default: play, then evaluate).
#[derive(Clone)]
struct Plain(Connect4);

impl Game for Plain {
    type Move = u8;
    fn moves(&self, out: &mut Vec<u8>) {
        self.0.moves(out)
    }
    fn play(&self, mv: u8) -> Self {
        Plain(self.0.play(mv))
    }
    fn evaluate(&self) -> Score {
        self.0.evaluate()
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn move_name(&self, mv: u8) -> String {
        self.0.move_name(mv)
    }
}

/// Connect four's `successor_values` (used by `alphabeta` one ply above the horizon) changes
/// nothing a search reports: the same value, line and counts as with play and evaluate, at
/// full depth and when a node budget stops the search.
#[test]
fn successor_values_change_no_value_or_count() {
    let opts = SearchOptions::default();
    for moves in ["", "4", "4453", "444333", "4453343322", "121212"] {
        let p = Connect4::from_moves(moves).unwrap();
        for limits in [
            Limits::depth(7),
            Limits::depth(8),
            Limits {
                nodes: Some(50_001),
                ..Limits::depth(9)
            },
        ] {
            let x = Algorithm::AlphaBeta.search(&p, &limits, &opts);
            let y = Algorithm::AlphaBeta.search(&Plain(p), &limits, &opts);
            assert_eq!(
                (x.value, x.kind, x.best_move, &x.pv, x.stats, x.stopped),
                (y.value, y.kind, y.best_move, &y.pv, y.stats, y.stopped),
                "{moves} {limits:?}"
            );
        }
    }
}
