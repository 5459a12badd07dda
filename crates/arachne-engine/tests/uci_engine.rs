//! RBFM with an external UCI engine as its black-box evaluator (seed 002 §5.1; modules
//! `uci::client` and `shallow`), against a real engine.
//!
//! The engine is `ARACHNE_UCI_ENGINE`, else `stockfish` on `PATH` or in `/usr/games`
//! (`arachne_engine::uci::client::find_engine`). Without one these tests are skipped with a notice,
//! except when the environment variable `CI` is set: then they fail, since CI installs Debian's
//! `stockfish` package (`.ci/run`).
use arachne_bestfirst::{tables, BfOptions, Heuristics, Kind, Searcher, Step};
use arachne_core::{Game, Score};
use arachne_engine::shallow::{engine_config, eval_calls, eval_nodes, ShallowChess};
use arachne_engine::uci::client::{find_engine, UciPool};
use arachne_games::chess::Chess;
use std::sync::Arc;

fn engine(test: &str) -> Option<Arc<UciPool>> {
    match find_engine() {
        Some(p) => Some(Arc::new(UciPool::start(&p, 16).unwrap_or_else(|e| {
            panic!("{test}: {e}");
        }))),
        None if std::env::var_os("CI").is_some() => {
            panic!("CI is set but no UCI engine was found (apt-get install stockfish)")
        }
        None => {
            eprintln!("\nSKIPPED {test}: no UCI engine (apt-get install stockfish, or set ARACHNE_UCI_ENGINE)");
            None
        }
    }
}

/// White mates in one: Qh5xf7# (the scholar's mate).
const MATE_IN_ONE: &str = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

#[test]
fn the_engine_finds_a_mate_in_one_and_values_it_in_plies() {
    let Some(pool) = engine("the_engine_finds_a_mate_in_one_and_values_it_in_plies") else {
        return;
    };
    let r = pool.search(MATE_IN_ONE, 3).unwrap();
    assert_eq!(r.best.as_deref(), Some("h5f7"));
    assert_eq!(r.value, Score::win_in(1));
    assert!(r.nodes > 0);
    // The mated side, to move after the mate, has no moves: the engine says mate 0.
    let after = Chess::from_fen(MATE_IN_ONE).unwrap();
    let mated = after.play(after.parse_uci("h5f7").unwrap());
    let m = pool.search(&mated.fen(), 3).unwrap();
    assert_eq!(m.value, Score::loss_in(0));
    assert_eq!(m.best, None);
}

#[test]
fn shallow_searches_go_to_the_engine_and_are_counted() {
    let Some(pool) = engine("shallow_searches_go_to_the_engine_and_are_counted") else {
        return;
    };
    let pos = Chess::from_fen(MATE_IN_ONE).unwrap();
    let root = ShallowChess::new(pos.clone(), engine_config(Arc::clone(&pool)));
    let (c0, n0) = (eval_calls(), eval_nodes());
    let (v, mv, n) = root.search(3);
    assert_eq!(v, Score::win_in(1));
    assert_eq!(mv, Some(pos.parse_uci("h5f7").unwrap()));
    assert_eq!(eval_calls() - c0, 1);
    assert_eq!(eval_nodes() - n0, n);
    // A child's evaluation is the engine's value at SEARCH-DEPTH plus the child's own
    // extensions, from the child's side to move (each from an empty engine table).
    let quiet = pos.parse_uci("a2a3").unwrap();
    let child = root.play(quiet);
    assert_eq!(child.search_depth(), 3);
    pool.new_game().unwrap();
    let direct = pool.search(&child.chess().fen(), 3).unwrap();
    pool.new_game().unwrap();
    assert_eq!(child.evaluate(), direct.value);
    // Checks first (heuristic 4) still orders the tree's moves.
    let mut ms = Vec::new();
    root.moves(&mut ms);
    assert!(pos.play(ms[0]).in_check());
    assert!(!pos.play(*ms.last().unwrap()).in_check());
}

#[test]
fn rbfm_on_the_engine_finds_the_mate_and_repeats_with_its_seed() {
    let Some(pool) = engine("rbfm_on_the_engine_finds_the_mate_and_repeats_with_its_seed") else {
        return;
    };
    let run = |seed: u64| {
        pool.new_game().unwrap();
        let root = ShallowChess::new(
            Chess::from_fen(MATE_IN_ONE).unwrap(),
            engine_config(Arc::clone(&pool)),
        );
        let mut o = BfOptions::new(Kind::Rbfm);
        o.seed = seed;
        o.table = Some(Arc::new(tables::shipped("chess-uci").unwrap()));
        o.heuristics = Heuristics {
            unknown_children: true,
            shallow_down: true,
        };
        let mut s = Searcher::new(root, o).with_leaf_search(ShallowChess::leaf_search());
        let c0 = eval_calls();
        let mut trace = Vec::new();
        for _ in 0..30 {
            match s.step() {
                Step::Expanded { .. } => {}
                _ => break,
            }
            trace.push((s.decision().and_then(|c| s.tree().mv(c)), eval_calls() - c0));
        }
        trace
    };
    let a = run(7);
    let mate = Chess::from_fen(MATE_IN_ONE)
        .unwrap()
        .parse_uci("h5f7")
        .unwrap();
    assert_eq!(a.last().unwrap().0, Some(mate), "{a:?}");
    assert_eq!(a, run(7), "the same seed repeats the same search");
}
