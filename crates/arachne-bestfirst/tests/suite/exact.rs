//! BFM and RBFM against plain negamax: exact values run to the end, the tree's invariants, the
//! pruning rule, seeded repetition, node budgets and memory caps, the subtree kept between moves.
use arachne_bestfirst::tables;
use arachne_bestfirst::tree::up;
use arachne_bestfirst::{search, BfOptions, BfStop, DistTable, Kind, Searcher, Step, Tree};
use arachne_core::{Game, Limits, Score};
use arachne_games::{
    Branching, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree, TicTacToe,
};
use arachne_search::{Algorithm, SearchOptions};
use std::sync::Arc;

fn negamax<G: Game>(g: &G, depth: u32) -> Score {
    Algorithm::Negamax
        .search(g, &Limits::depth(depth), &SearchOptions::default())
        .value
}

fn inc(b: u32, d: u32, seed: u64, random: bool, int: bool) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: if random {
            Branching::Random
        } else {
            Branching::Uniform
        },
        values: if int {
            EdgeValues::Int { lo: -3, hi: 3 }
        } else {
            EdgeValues::Real
        },
    })
}

fn rbfm(seed: u64, table: &str) -> BfOptions {
    let mut o = BfOptions::new(Kind::Rbfm);
    o.seed = seed;
    o.table = Some(Arc::new(tables::default_for("incremental", table)));
    o
}

/// Every option set the exactness tests run.
fn variants(seed: u64) -> Vec<(&'static str, BfOptions)> {
    let mut no_prune = rbfm(seed, "incremental:b=3");
    no_prune.pruning = false;
    let mut mix = rbfm(seed, "incremental:b=10");
    mix.table = Some(Arc::new({
        let mut t = tables::default_for("incremental", "incremental:b=10");
        t.family = "mix:lo=2,hi=4".parse().unwrap();
        t
    }));
    let mut exp = rbfm(seed, "incremental:b=5");
    exp.table = Some(Arc::new({
        let mut t = tables::default_for("incremental", "incremental:b=5");
        t.family = "exponential:damping=0.25".parse().unwrap();
        t
    }));
    let mut chi = rbfm(seed, "incremental:b=5");
    chi.table = Some(Arc::new(DistTable::constant(
        "chisquare:k=4,skew=-1".parse().unwrap(),
        1e12,
    )));
    vec![
        ("bfm", BfOptions::new(Kind::Bfm)),
        ("rbfm", rbfm(seed, "incremental:b=3")),
        ("rbfm-noprune", no_prune),
        ("rbfm-mix", mix),
        ("rbfm-exp", exp),
        ("rbfm-chi-wide", chi),
    ]
}

/// Runs to the end and checks value, move and invariants.
fn check_exact<G: Game>(root: &G, depth: u32, what: &str) {
    let want = negamax(root, depth);
    for (name, opts) in variants(depth as u64 * 7 + 1) {
        let out = search(root, &opts, &Limits::default());
        assert!(out.solved, "{what} {name}: not solved ({:?})", out.stop);
        assert_eq!(out.stop, BfStop::Solved);
        assert_eq!(out.value, want, "{what} {name}");
        let mv = out.best_move.expect("a move");
        let child = root.play(mv);
        assert_eq!(
            Score(up(negamax(&child, depth - 1).0)),
            want,
            "{what} {name}: best move {mv:?} does not have the root's value"
        );
        assert_eq!(
            out.pv.first(),
            Some(&mv),
            "{what} {name}: pv starts with the move"
        );
    }
}

#[test]
fn run_to_the_end_gives_the_minimax_value_on_many_trees() {
    for seed in 0..60u64 {
        let b = 2 + (seed % 4) as u32;
        let d = 2 + (seed % 5) as u32;
        check_exact(&inc(b, d, seed, true, false), d, "incremental random");
        check_exact(
            &inc(b, d.min(4), seed, false, true),
            d.min(4),
            "incremental int ties",
        );
        let iid = IidTree::new(IidParams {
            n: b,
            d: d.min(5),
            seed,
            range: Some(3),
        });
        check_exact(&iid, d.min(5), "iid range 3");
    }
}

#[test]
fn decisive_scores_in_a_real_game() {
    // Tic-tac-toe after 3 moves: wins and losses at several distances.
    for moves in ["159", "513", "124"] {
        let t = TicTacToe::from_moves(moves).expect("legal");
        check_exact(&t, 9, &format!("tictactoe {moves}"));
    }
}

#[test]
fn backed_up_scores_are_negamax_of_children_at_every_step() {
    for seed in 0..8u64 {
        let root = inc(4, 8, seed, true, false);
        for (name, opts) in variants(seed) {
            let mut s = Searcher::new(root, opts);
            for k in 0..300 {
                match s.step() {
                    Step::Expanded { .. } => {}
                    _ => break,
                }
                if k % 25 == 0 {
                    s.tree().check().unwrap_or_else(|e| panic!("{name}: {e}"));
                }
            }
            s.tree().check().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

#[test]
fn pruned_expansions_never_change_the_root_decision() {
    // Fig. 1 (no pruning) on the same random stream as Fig. 3: every expansion the pruning
    // rule would have forbidden (a non-best child at an EXTEND-DOWN node) leaves the root's
    // best child where it was.
    let mut deviations = 0;
    for seed in 0..20u64 {
        let root = inc(5, 10, seed, true, seed % 2 == 0);
        let mut opts = rbfm(seed, "incremental:b=5");
        opts.pruning = false;
        let mut s = Searcher::new(root, opts);
        for _ in 0..400 {
            let before = s.tree().best_child(0);
            match s.step() {
                Step::Expanded { deviated, .. } => {
                    if deviated {
                        deviations += 1;
                        assert_eq!(s.tree().best_child(0), before, "seed {seed}");
                    }
                }
                _ => break,
            }
        }
    }
    assert!(
        deviations > 100,
        "the test saw too few deviations: {deviations}"
    );
}

#[test]
fn pruning_on_and_off_agree_when_run_to_the_end() {
    for seed in 0..20u64 {
        let root = inc(3, 6, seed, true, false);
        let mut on = rbfm(seed, "incremental:b=3");
        let mut off = on.clone();
        off.pruning = false;
        on.vote = 0;
        off.vote = 0;
        let a = search(&root, &on, &Limits::default());
        let b = search(&root, &off, &Limits::default());
        assert_eq!(a.value, b.value);
        assert_eq!(a.value, negamax(&root, 6));
    }
}

#[test]
fn seeded_runs_repeat_exactly() {
    let root = inc(10, 12, 3, true, false);
    let limits = Limits::default().with_nodes(20_000);
    for (name, opts) in variants(5) {
        let a = search(&root, &opts, &limits);
        let b = search(&root, &opts, &limits);
        assert_eq!(a.value, b.value, "{name}");
        assert_eq!(a.pv, b.pv, "{name}");
        assert_eq!(a.best_move, b.best_move, "{name}");
        assert_eq!(a.stats, b.stats, "{name}");
        assert_eq!(a.tree_nodes, b.tree_nodes, "{name}");
    }
    // Different seeds walk differently.
    let a = search(&root, &rbfm(1, "incremental:b=10"), &limits);
    let b = search(&root, &rbfm(2, "incremental:b=10"), &limits);
    assert_ne!((a.pv, a.stats.interior), (b.pv, b.stats.interior));
}

#[test]
fn node_budget_is_honoured_exactly() {
    let root = inc(10, 12, 9, true, false);
    for budget in [1u64, 9, 10, 11, 57, 1000, 12_345] {
        for (name, opts) in variants(budget) {
            let out = search(&root, &opts, &Limits::default().with_nodes(budget));
            assert!(
                out.generated() <= budget,
                "{name} {budget}: {}",
                out.generated()
            );
            assert_eq!(out.stop, BfStop::Nodes, "{name} {budget}");
            assert_eq!(out.tree_nodes as u64, out.generated() + 1);
            // The next expansion would not have fitted: fewer than b = 10 nodes were left.
            assert!(budget - out.generated() < 10, "{name} {budget}");
            if budget >= 10 {
                assert!(out.best_move.is_some(), "{name} {budget}");
            }
        }
    }
}

#[test]
fn memory_cap_is_honoured_exactly() {
    let root = inc(10, 12, 4, true, false);
    for mib in [1u64, 2] {
        let cap = Tree::<u32>::nodes_in_mib(mib);
        assert_eq!(cap, ((mib as usize) << 20) / 24);
        for (name, mut opts) in variants(mib) {
            opts.max_tree_nodes = Some(cap);
            let out = search(&root, &opts, &Limits::default());
            assert_eq!(out.stop, BfStop::Memory, "{name}");
            assert!(out.tree_nodes <= cap, "{name}");
            assert!(cap - out.tree_nodes < 10, "{name}");
            assert!(out.best_move.is_some(), "{name}");
        }
    }
}

#[test]
fn subtree_is_kept_between_moves() {
    for seed in 0..6u64 {
        let root = inc(4, 9, seed, true, false);
        for (name, opts) in variants(seed) {
            let mut s = Searcher::new(root, opts);
            let mut pos = root;
            let mut depth = 9;
            while depth > 1 {
                let out = s.run(&Limits::default().with_nodes(150));
                let mv = out.best_move.expect("move");
                let kept_child = s.tree().child_by_move(mv).map(|c| {
                    let n = s.tree().node(c);
                    (n.score, n.s, n.d)
                });
                s.play(mv);
                pos = pos.play(mv);
                depth -= 1;
                s.tree().check().unwrap_or_else(|e| panic!("{name}: {e}"));
                let r = s.tree().root();
                assert_eq!(Some((r.score, r.s, r.d)), kept_child, "{name}");
            }
            // The rest of the game, run to the end, is exact.
            let out = s.run(&Limits::default());
            assert!(out.solved);
            assert_eq!(out.value, negamax(&pos, depth), "{name}");
        }
    }
}

#[test]
fn pv_depth_and_terminal_pv_stop() {
    let root = inc(5, 30, 2, true, false);
    for (name, mut opts) in variants(3) {
        opts.pv_depth = Some(7);
        let out = search(&root, &opts, &Limits::default());
        assert_eq!(out.stop, BfStop::PvDepth, "{name}");
        assert_eq!(out.pv_depth, 7, "{name}");
    }
    let root = inc(3, 5, 2, true, false);
    let mut opts = BfOptions::new(Kind::Bfm);
    opts.stop_at_terminal_pv = true;
    let out = search(&root, &opts, &Limits::default());
    assert!(matches!(out.stop, BfStop::TerminalPv | BfStop::Solved));
    assert_eq!(out.pv_depth, 5);
}

#[test]
fn abort_at_five_times_the_average() {
    let root = inc(5, 40, 8, true, false);
    let mut opts = BfOptions::new(Kind::Bfm);
    opts.abort_factor = Some(5.0);
    let mut s = Searcher::new(root, opts);
    let first = s.run(&Limits::default().with_nodes(200));
    assert_eq!(first.stop, BfStop::Nodes);
    let mv = first.best_move.unwrap();
    s.play(mv);
    let second = s.run(&Limits::default());
    assert_eq!(second.stop, BfStop::Abort);
    let avg = first.generated();
    assert!(second.generated() > 5 * avg && second.generated() <= 5 * avg + 5);
}
