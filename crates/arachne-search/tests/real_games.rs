//! Every searcher on the small real games, with every ordering option: same values as
//! negamax; tic-tac-toe is a draw; decisive scores prefer the fastest win.
mod common;

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
