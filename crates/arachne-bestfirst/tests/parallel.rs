//! Parallel RBFM: the master–slave form on sim (any P) and threads, the shared-tree form on
//! threads — exact values when run to the end, consistent trees, repeatable simulations,
//! budgets.
use arachne_bestfirst::master::{self, Backend, MasterConfig};
use arachne_bestfirst::tree::up;
use arachne_bestfirst::{shared, tables, BfOptions, BfStop, Kind};
use arachne_core::{Game, Limits, Score};
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree, TicTacToe};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};
use std::sync::Arc;

fn negamax<G: Game>(g: &G, depth: u32) -> Score {
    Algorithm::Negamax
        .search(g, &Limits::depth(depth), &SearchOptions::default())
        .value
}

fn inc(b: u32, d: u32, seed: u64) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: Branching::Random,
        values: if seed % 2 == 0 {
            EdgeValues::Real
        } else {
            EdgeValues::Int { lo: -2, hi: 2 }
        },
    })
}

fn opts(kind: Kind, seed: u64) -> BfOptions {
    let mut o = BfOptions::new(kind);
    o.seed = seed;
    o.table = Some(Arc::new(tables::default_for(
        "incremental",
        "incremental:b=5",
    )));
    o
}

fn check_move<G: Game>(root: &G, depth: u32, mv: Option<G::Move>, want: Score, what: &str) {
    let c = root.play(mv.expect("a move"));
    assert_eq!(
        Score(up(negamax(&c, depth - 1).0)),
        want,
        "{what}: best move"
    );
}

#[test]
fn master_slave_on_sim_is_exact_for_every_p() {
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for seed in 0..12u64 {
        let d = 3 + (seed % 4) as u32;
        let root = inc(4, d, seed);
        let want = negamax(&root, d);
        for p in [1u32, 2, 3, 8, 33] {
            for kind in [Kind::Rbfm, Kind::Bfm] {
                let cfg = MasterConfig::new(opts(kind, seed), p);
                let out = master::search(&root, &cfg, &sim).unwrap();
                let what = format!("seed {seed} P {p} {kind:?}");
                assert_eq!(out.outcome.stop, BfStop::Solved, "{what}");
                assert_eq!(out.outcome.value, want, "{what}");
                check_move(&root, d, out.outcome.best_move, want, &what);
                assert_eq!(out.outcome.generated() as usize + 1, out.outcome.tree_nodes);
            }
        }
    }
}

#[test]
fn master_slave_on_threads_is_exact() {
    for seed in 0..6u64 {
        let root = inc(4, 5, seed);
        let want = negamax(&root, 5);
        for p in [2u32, 4] {
            let cfg = MasterConfig::new(opts(Kind::Rbfm, seed), p);
            let out = master::search(&root, &cfg, &Backend::Threads { poll_every: 1 }).unwrap();
            assert_eq!(out.outcome.value, want, "seed {seed} P {p}");
            assert!(out.outcome.solved);
            check_move(&root, 5, out.outcome.best_move, want, "threads");
        }
    }
    // A real game with decisive scores.
    let t = TicTacToe::from_moves("15").unwrap();
    let out = master::search(
        &t,
        &MasterConfig::new(opts(Kind::Rbfm, 1), 3),
        &Backend::Threads { poll_every: 1 },
    )
    .unwrap();
    assert_eq!(out.outcome.value, negamax(&t, 9));
}

#[test]
fn master_slave_sim_repeats_and_speeds_up() {
    let root = inc(10, 30, 2);
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let mut cfg = MasterConfig::new(opts(Kind::Rbfm, 9), 16);
    cfg.max_nodes = Some(20_000);
    let a = master::search(&root, &cfg, &sim).unwrap();
    let b = master::search(&root, &cfg, &sim).unwrap();
    assert_eq!(a.time, b.time);
    assert_eq!(a.outcome.pv, b.outcome.pv);
    assert_eq!(a.outcome.stats, b.outcome.stats);
    assert_eq!(a.outcome.stop, BfStop::Nodes);
    assert!(a.outcome.generated() <= 20_000 && a.outcome.generated() > 20_000 - 10);
    // Leaves cost 1 and the master's tree work nothing: 15 slaves work in parallel.
    assert!(a.speedup.unwrap() > 5.0, "speedup {:?}", a.speedup);
}

#[test]
fn shared_tree_is_exact_and_consistent() {
    for seed in 0..10u64 {
        let d = 3 + (seed % 4) as u32;
        let root = inc(4, d, seed);
        let want = negamax(&root, d);
        for t in [1u32, 2, 4] {
            for kind in [Kind::Rbfm, Kind::Bfm] {
                let (out, tree) =
                    shared::search_tree(&root, &opts(kind, seed), &Limits::default(), t);
                let what = format!("seed {seed} threads {t} {kind:?}");
                assert_eq!(out.stop, BfStop::Solved, "{what}");
                assert_eq!(out.value, want, "{what}");
                tree.check().unwrap_or_else(|e| panic!("{what}: {e}"));
                check_move(&root, d, out.best_move, want, &what);
            }
        }
    }
}

#[test]
fn shared_tree_budget_and_consistency_when_stopped() {
    let root = inc(10, 40, 4);
    for t in [1u32, 2, 3] {
        let (out, tree) = shared::search_tree(
            &root,
            &opts(Kind::Rbfm, 3),
            &Limits::default().with_nodes(30_000),
            t,
        );
        assert_eq!(out.stop, BfStop::Nodes);
        assert!(out.generated() <= 30_000);
        assert_eq!(out.generated() as usize + 1, tree.len());
        tree.check().unwrap();
        assert!(out.best_move.is_some());
    }
    let mut o = opts(Kind::Rbfm, 3);
    o.max_tree_nodes = Some(5_000);
    let (out, tree) = shared::search_tree(&root, &o, &Limits::default(), 2);
    assert_eq!(out.stop, BfStop::Memory);
    assert!(tree.len() <= 5_000);
}

#[test]
fn master_slave_honours_the_deadline_the_flag_and_a_node_budget() {
    // Issue 24 item 6: master–slave RBFM took neither --nodes nor --time-ms.
    let root = inc(10, 30, 2);
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for backend in [sim, Backend::Threads { poll_every: 1 }] {
        let mut cfg = MasterConfig::new(opts(Kind::Rbfm, 9), 4);
        cfg.limits = Limits::default().with_nodes(3_000);
        let out = master::search(&root, &cfg, &backend).unwrap();
        assert_eq!(out.outcome.stop, BfStop::Nodes);
        assert!(out.outcome.generated() <= 3_000 && out.outcome.generated() > 2_900);
        assert!(out.outcome.best_move.is_some());
        let mut cfg = MasterConfig::new(opts(Kind::Rbfm, 9), 4);
        cfg.limits = Limits::default().with_time(std::time::Duration::ZERO);
        let out = master::search(&root, &cfg, &backend).unwrap();
        assert_eq!(out.outcome.stop, BfStop::Time);
        assert!(out.serial_time.is_none() && out.speedup.is_none());
        let cfg = MasterConfig::new(opts(Kind::Rbfm, 9), 4);
        cfg.limits.stop.stop();
        let out = master::search(&root, &cfg, &backend).unwrap();
        assert_eq!(out.outcome.stop, BfStop::Stopped);
    }
    // The smaller of the two budgets wins.
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let mut cfg = MasterConfig::new(opts(Kind::Rbfm, 9), 4);
    cfg.max_nodes = Some(2_000);
    cfg.limits = Limits::default().with_nodes(50_000);
    let out = master::search(&root, &cfg, &sim).unwrap();
    assert!(out.outcome.generated() <= 2_000);
}
