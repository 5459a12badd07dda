//! The resumable search against the serial searchers: run to the end it is `alphabeta`
//! (`bound` in its mode) with the same options — value, best move, line and every count.
use super::*;
use crate::{Algorithm, SearchOptions};
use arachne_games::chess::bench;
use arachne_games::{
    Branching, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree,
};

fn full<G: Game>(
    s: Stepper<G>,
    g: &G,
    depth: u32,
) -> (Score, Stats, Option<G::Move>, Vec<G::Move>) {
    let mut s = s;
    s.start(g.clone(), Window::FULL, depth, 0);
    let v = s.finish().expect("finished");
    (v, s.stats, s.best_move(), s.pv().to_vec())
}

/// The serial options a stepper built with `preorder` and `quiescence` stands for.
fn serial_options(preorder: bool, quiescence: bool) -> SearchOptions {
    SearchOptions {
        preorder,
        hints: preorder,
        quiescence,
        ..SearchOptions::default()
    }
}

/// Runs `algo` and the stepper (mode, preorder, quiescence) on `g` to `d` and asserts the same
/// value, best move, line and counts (interior, bottom, move generations, cutoffs, quiescence).
fn assert_same<G: Game>(g: &G, d: u32, mode: StepperMode, preorder: bool, quiescence: bool) {
    let algo = match mode {
        StepperMode::AlphaBeta => Algorithm::AlphaBeta,
        StepperMode::Bound => Algorithm::Bound,
    };
    let o = algo.search(g, &Limits::depth(d), &serial_options(preorder, quiescence));
    let s = Stepper::new(mode, preorder)
        .with_pv()
        .with_leaf(quiescence.then(LeafEval::quiescence));
    let (v, st, best, pv) = full(s, g, d);
    let what = format!("{mode:?} preorder={preorder} quiescence={quiescence} d={d}");
    assert_eq!(v, o.value, "{what}");
    assert_eq!(best, o.best_move, "{what}");
    assert_eq!(pv, o.pv, "{what}");
    assert_eq!(
        (st.interior, st.leaves, st.movegens, st.cutoffs, st.qnodes),
        (
            o.stats.interior,
            o.stats.leaves,
            o.stats.movegens,
            o.stats.cutoffs,
            o.stats.qnodes
        ),
        "{what}"
    );
}

#[test]
fn matches_serial_alphabeta_and_bound_exactly_on_iid_trees() {
    for seed in 0..60u64 {
        let n = 2 + (seed % 4) as u32;
        let d = 3 + (seed % 4) as u32;
        let g = IidTree::new(IidParams {
            n,
            d,
            seed,
            range: if seed % 2 == 0 { Some(5) } else { None },
        });
        for mode in [StepperMode::AlphaBeta, StepperMode::Bound] {
            for preorder in [false, true] {
                assert_same(&g, d, mode, preorder, false);
            }
        }
    }
}

#[test]
fn matches_serial_alphabeta_exactly_on_incremental_trees() {
    for seed in 0..40u64 {
        let b = [2, 3, 5, 8][(seed % 4) as usize];
        let d = [6, 5, 4, 3][(seed % 4) as usize] + (seed % 2) as u32;
        let g = IncrementalTree::new(IncrementalParams {
            b,
            d,
            seed,
            branching: if seed % 3 == 0 {
                Branching::Random
            } else {
                Branching::Uniform
            },
            values: if seed % 5 == 0 {
                EdgeValues::Int { lo: -3, hi: 3 }
            } else {
                EdgeValues::Real
            },
        });
        for mode in [StepperMode::AlphaBeta, StepperMode::Bound] {
            for preorder in [false, true] {
                // Also shallower than the tree: the horizon inside it.
                assert_same(&g, d, mode, preorder, false);
                assert_same(&g, d - 1, mode, preorder, false);
            }
        }
    }
}

#[test]
fn matches_serial_alphabeta_exactly_on_chess_with_ordering_and_quiescence() {
    let positions = bench::set("wac").expect("wac");
    for pos in positions.iter().take(6) {
        for (preorder, quiescence) in [(true, false), (true, true), (false, true)] {
            assert_same(pos, 2, StepperMode::AlphaBeta, preorder, quiescence);
        }
    }
}

#[test]
fn check_extension_gives_the_engine_value() {
    // The extension by the engine's rule: the value and nodes of `falphabeta` with the option
    // on (no null move; fail-soft visits the nodes fail-hard does), other nodes than without.
    let positions = bench::set("wac").expect("wac");
    let opts = SearchOptions {
        check_extension: true,
        ..SearchOptions::default()
    };
    let mut extended = 0;
    for pos in positions.iter().take(8) {
        let o = Algorithm::FAlphaBeta.search(pos, &Limits::depth(2), &opts);
        let (v, st, _, _) = full(
            Stepper::new(StepperMode::AlphaBeta, false).with_check_extension(Some(2)),
            pos,
            2,
        );
        assert_eq!(v, o.value);
        assert_eq!((st.interior, st.leaves), (o.stats.interior, o.stats.leaves));
        let (_, plain, _, _) = full(Stepper::new(StepperMode::AlphaBeta, false), pos, 2);
        extended += usize::from(st.nodes() != plain.nodes());
    }
    assert!(extended > 0, "no position had a check to extend");
}

#[test]
fn runs_of_steps_give_the_search_run_at_once() {
    // A context per run of steps: the moves and lines in progress carry over.
    for seed in 0..30u64 {
        let g = IncrementalTree::new(IncrementalParams {
            b: 4,
            d: 5,
            seed,
            branching: Branching::Random,
            values: EdgeValues::Int { lo: -20, hi: 20 },
        });
        let preorder = seed % 2 == 0;
        let whole = full(
            Stepper::new(StepperMode::AlphaBeta, preorder).with_pv(),
            &g,
            5,
        );
        let mut s = Stepper::new(StepperMode::AlphaBeta, preorder).with_pv();
        s.start(g, Window::FULL, 5, 0);
        let (mut clock, mut runs) = (0.0, 0);
        loop {
            let mut steps = 1 + (seed + runs) % 7;
            runs += 1;
            if s.run(&mut clock, f64::INFINITY, &mut steps, 1.0, 2.0) {
                break;
            }
            assert_eq!(steps, 0);
        }
        assert_eq!(s.result(), Some(whole.0));
        assert_eq!(s.stats, whole.1);
        assert_eq!(s.best_move(), whole.2);
        assert_eq!(s.pv(), &whole.3[..]);
        assert_eq!(clock, (whole.1.leaves + 2 * whole.1.interior) as f64);
    }
}

#[test]
fn preorder_moves_orders_as_the_stepper() {
    // A master that orders its successors itself sees the stepper's order: the first move a
    // preordering stepper searches at the root is the first of `preorder_moves`.
    for pos in bench::set("wac").expect("wac").iter().take(10) {
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        preorder_moves(pos, &mut moves);
        let mut s = Stepper::new(StepperMode::AlphaBeta, true);
        s.start(pos.clone(), Window::FULL, 1, 0);
        s.step();
        let after = s.window_at(1).expect("child pushed");
        assert_eq!(after, Window::FULL);
        let first = s.with_ctx(|st, ctx| ctx.move_at(st.ply0 as usize, 0));
        assert_eq!(first, moves[0]);
    }
}

#[test]
fn catcher_updates_keep_accuracy() {
    // Narrowing the window mid-search must give the result a search started with the
    // narrowed window could give: exact inside, fail low/high outside.
    for seed in 0..200u64 {
        let g = IncrementalTree::new(IncrementalParams {
            b: 4,
            d: 5,
            seed,
            branching: Branching::Random,
            values: EdgeValues::Int { lo: -20, hi: 20 },
        });
        let exact = full(Stepper::new(StepperMode::AlphaBeta, false), &g, 5).0;
        let mut s = Stepper::new(StepperMode::AlphaBeta, seed % 3 == 0);
        s.start(g, Window::FULL, 5, 0);
        let after = (seed % 17) as usize;
        for _ in 0..after {
            s.step();
        }
        let w = Window::new(Score(exact.0 - 3 + (seed % 7) as i32), Score(exact.0 + 2));
        s.update(w);
        let v = s.finish().expect("finished");
        if w.contains(exact) {
            assert_eq!(v, exact);
        } else if exact <= w.alpha {
            assert!(v <= w.alpha);
        } else {
            assert!(v >= w.beta);
        }
    }
}
