//! Limits and extreme parameters: exact node budgets, honest results when stopped, and
//! first guesses far outside the open window.
use crate::common;

use arachne_core::{Limits, Score};
use arachne_games::{Branching, Connect4, TicTacToe};
use arachne_search::{Algorithm, SearchOptions, ValueKind, NAMES};
use common::{incremental, reference};

#[test]
fn node_budgets_are_exact_and_stopped_searches_claim_no_value() {
    for budget in [1u64, 7, 100, 2047, 2048, 5000] {
        for &name in NAMES {
            let a: Algorithm = name.parse().unwrap();
            let limits = Limits::depth(12).with_nodes(budget);
            let out = a.search(&Connect4::new(), &limits, &SearchOptions::default());
            assert!(out.stopped.is_some(), "{name} {budget}");
            assert_eq!(out.stats.nodes(), budget, "{name} {budget}");
            if a.is_iterative() && out.depth > 0 {
                // The last completed stage stands.
                assert_eq!(out.kind, ValueKind::Exact, "{name} {budget}");
            } else {
                assert_eq!(out.kind, ValueKind::Unknown, "{name} {budget}");
                assert_eq!(out.depth, 0);
            }
            if a.needs_tt() {
                assert_eq!(
                    out.best_move, None,
                    "{name}: an unfinished pass proves no move"
                );
            }
        }
    }
}

#[test]
fn mtdf_guesses_outside_the_window_are_clamped() {
    let root = TicTacToe::new();
    for guess in [
        i32::MIN,
        i32::MIN + 1,
        -Score::INF.0,
        Score::INF.0,
        i32::MAX,
    ] {
        let a = Algorithm::Mtdf { guess: Some(guess) };
        let out = a.search(&root, &Limits::depth(9), &SearchOptions::default());
        assert_eq!(out.value, Score::DRAW, "guess {guess}");
    }
    let t = incremental(4, 5, 3, Branching::Random);
    for guess in [i32::MIN, i32::MAX] {
        let a = Algorithm::Mtdf { guess: Some(guess) };
        let out = a.search(&t, &Limits::depth(5), &SearchOptions::default());
        assert_eq!(out.value, reference(&t, 5), "guess {guess}");
    }
}

/// A node budget bounds every position searched, quiescence positions included (the
/// budget used to overshoot 60–150× on tactical chess positions).
#[test]
fn node_budgets_bound_quiescence_positions_too() {
    use arachne_games::Chess;
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let root = Chess::from_fen(kiwipete).unwrap();
    let opts = SearchOptions {
        quiescence: true,
        hints: true,
        killers: true,
        history: true,
        ..SearchOptions::default()
    };
    for budget in [1u64, 333, 5000, 30_000] {
        for &name in NAMES {
            let a: Algorithm = name.parse().unwrap();
            let limits = Limits::depth(8).with_nodes(budget);
            let out = a.search(&root, &limits, &opts);
            assert!(out.stopped.is_some(), "{name} {budget}");
            let seen = out.stats.nodes() + out.stats.qnodes;
            assert_eq!(seen, budget, "{name} {budget}: {:?}", out.stats);
            if !(a.is_iterative() && out.depth > 0) {
                assert_eq!(out.kind, ValueKind::Unknown, "{name} {budget}");
            }
        }
    }
}
