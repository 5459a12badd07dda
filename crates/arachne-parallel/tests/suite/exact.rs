//! Every parallel algorithm returns the exact minimax value, for every processor count tried,
//! on both runtimes, with and without random message latency, on thousands of random trees.
use crate::common::{exact, incremental};
use arachne_core::{Game, Limits, Score};
use arachne_games::{IidParams, IidTree, Order, OrderedParams, OrderedTree};
use arachne_parallel::{search, Backend, ParAlgo, ParOutcome};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};
use proptest::prelude::*;

/// The value of `mv` from the root's side.
fn move_value<G: Game>(root: &G, depth: u32, mv: G::Move) -> Score {
    -Algorithm::AlphaBeta
        .search(
            &root.play(mv),
            &Limits::depth(depth - 1),
            &SearchOptions::default(),
        )
        .value
}

fn check<G: Game>(root: &G, depth: u32, out: &ParOutcome<G::Move>, want: Score, what: &str) {
    if out.exact {
        assert_eq!(out.value, want, "{what}");
    } else {
        assert!(out.value <= want, "{what}: a lower bound above the value");
    }
    if let Some(mv) = out.best_move {
        assert_eq!(
            move_value(root, depth, mv),
            want,
            "{what}: best move is not best"
        );
    }
}

const ALGOS: &[&str] = &[
    "tree-split",
    "tree-split:master=0,preorder=0",
    "tree-split:q=2",
    "tree-split:f=2",
    "tree-split:master=1",
    "tree-split:q=2,master=1,preorder=1",
    "tree-split:grand=1",
    "tree-split:grand=1,q=2,preorder=1",
    "tree-split:pv=1",
    "tree-split:master=1,pv=1",
    "tree-split:q=2,master=1,pv=1,preorder=1",
    "tree-split:id=1",
    "tree-split:id=1,pv=1,master=1",
    "tree-split:id=1,step=1",
    "tree-split:id=1,pv=1,step=3",
    "palphabeta-par",
    "palphabeta-par:q=2",
    "pbound",
    "pbound:f=2",
    "baudet",
];

fn backends(latency_seed: u64) -> Vec<Backend> {
    let mut unit = SimConfig::new(CostModel::unit(1.0));
    let mut arachne = SimConfig::new(CostModel::arachne());
    if latency_seed != 0 {
        unit.latency_seed = latency_seed;
        arachne.latency_seed = latency_seed;
    }
    vec![Backend::Sim(unit), Backend::Sim(arachne)]
}

fn all_algos<G: Game>(root: &G, depth: u32, procs: &[u32], latency_seed: u64) {
    let want = exact(root, depth);
    for b in backends(latency_seed) {
        for a in ALGOS {
            let algo: ParAlgo = a.parse().unwrap();
            for &p in procs {
                let Ok(out) = search(&algo, root, depth, Some(p), &b) else {
                    continue; // a shape that does not fit in p processors
                };
                assert!(out.exact, "{a} P={p}");
                check(root, depth, &out, want, &format!("{a} P={p} {b:?}"));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, .. ProptestConfig::default() })]

    #[test]
    fn iid_trees_exact(n in 1u32..5, d in 1u32..6, seed in any::<u64>(), range in 1u32..6,
                       lat in 0u64..3) {
        let root = IidTree::new(IidParams { n, d, seed, range: Some(range) });
        all_algos(&root, d, &[1, 2, 3, 5, 7], lat * 7919);
    }

    #[test]
    fn incremental_trees_exact(b in 1u32..6, d in 1u32..6, seed in any::<u64>(), random: bool,
                               lat in 0u64..3) {
        let root = incremental(b, d, seed, random, -9, 10);
        all_algos(&root, d, &[1, 2, 4, 7, 13], lat * 104729);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, .. ProptestConfig::default() })]

    /// Many processors, deeper processor trees, random latency.
    #[test]
    fn many_processors_exact(b in 2u32..5, d in 2u32..6, seed in any::<u64>(), f in 1u32..4,
                             q in 1u32..4, lat in 0u64..2) {
        let root = incremental(b, d, seed, true, -50, 50);
        let want = exact(&root, d);
        for be in backends(lat * 31337 + seed % 2) {
            for name in ["tree-split", "tree-split:grand=1,", "palphabeta-par", "pbound"] {
                let sep = if name.ends_with(',') { "" } else { ":" };
                let algo: ParAlgo = format!("{name}{sep}f={f},q={q}").parse().unwrap();
                let out = search(&algo, &root, d, None, &be).unwrap();
                check(&root, d, &out, want, &format!("{name} f={f} q={q}"));
            }
        }
    }

    /// §4.3: with the last successor's minimal window the best move is still exact and the
    /// value a lower bound (exact when flagged so).
    #[test]
    fn alpha_raising_keeps_best_move(b in 2u32..6, d in 2u32..6, seed in any::<u64>(),
                                     p in 2u32..8, lat in 0u64..2) {
        let root = incremental(b, d, seed, false, -1000, 1000);
        let want = exact(&root, d);
        for be in backends(lat * 17) {
            for spec in ["tree-split:raise=last,preorder=1", "tree-split:raise=general",
                         "tree-split:raise=general,q=2,preorder=1",
                         "tree-split:raise=general,master=1"] {
                let algo: ParAlgo = spec.parse().unwrap();
                let Ok(out) = search(&algo, &root, d, Some(p), &be) else { continue };
                check(&root, d, &out, want, spec);
                prop_assert!(out.best_move.is_some());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, .. ProptestConfig::default() })]

    /// The threads runtime: real concurrency, UPDATEs arriving whenever they arrive.
    #[test]
    fn threads_exact_on_random_trees(b in 1u32..6, d in 1u32..6, seed in any::<u64>(),
                                     random: bool, p in 2u32..6) {
        let root = incremental(b, d, seed, random, -40, 40);
        let want = exact(&root, d);
        let be = Backend::Threads { poll_every: 4 };
        for spec in ["tree-split", "tree-split:q=2", "tree-split:raise=general", "pbound",
                     "baudet"] {
            let algo: ParAlgo = spec.parse().unwrap();
            let Ok(out) = search(&algo, &root, d, Some(p), &be) else { continue };
            check(&root, d, &out, want, &format!("threads {spec} P={p}"));
        }
    }
}

#[test]
fn large_processor_counts_on_the_simulator() {
    let root = incremental(6, 6, 3, false, -1000, 1000);
    let want = exact(&root, 6);
    let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
    for spec in [
        "tree-split:f=4,q=5",
        "palphabeta-par:f=4,q=5",
        "pbound:f=4,q=5",
    ] {
        let algo: ParAlgo = spec.parse().unwrap();
        let out = search(&algo, &root, 6, None, &sim).unwrap();
        assert_eq!(out.procs, 1365);
        assert_eq!(out.value, want, "{spec}");
    }
    let out = search(
        &"tree-split:q=1".parse().unwrap(),
        &root,
        6,
        Some(4096),
        &sim,
    )
    .unwrap();
    assert_eq!((out.procs, out.value), (4096, want));
    // `--procs` alone: the tree chosen from P and the branching factor (root b = 5 here:
    // f = 5, q = 5, 3906 processors) gets the same value.
    let out = search(&"tree-split".parse().unwrap(), &root, 6, Some(4096), &sim).unwrap();
    assert_eq!((out.procs, out.value), (3906, want));
    let t = out.tree.unwrap();
    assert_eq!((t.f, t.q), (5, 5));
    let out = search(&"baudet".parse().unwrap(), &root, 6, Some(4096), &sim).unwrap();
    assert_eq!((out.procs, out.value), (4096, want));
}

#[test]
fn simulation_is_deterministic() {
    let root = incremental(5, 6, 11, true, -100, 100);
    let mut cfg = SimConfig::new(CostModel::arachne());
    cfg.latency_seed = 99;
    let be = Backend::Sim(cfg);
    for spec in ["tree-split:q=2", "baudet", "pbound:q=2"] {
        let algo: ParAlgo = spec.parse().unwrap();
        let a = search(&algo, &root, 6, Some(9), &be).unwrap();
        let b = search(&algo, &root, 6, Some(9), &be).unwrap();
        assert_eq!(
            (a.time, a.messages, a.stats, a.busy.clone()),
            (b.time, b.messages, b.stats, b.busy.clone()),
            "{spec}"
        );
    }
}

#[test]
fn threads_backend_is_exact() {
    let be = Backend::Threads { poll_every: 16 };
    for seed in 0..12u64 {
        let root = incremental(4, 5, seed, seed % 2 == 0, -30, 30);
        let want = exact(&root, 5);
        for spec in [
            "tree-split",
            "tree-split:q=2",
            "tree-split:master=1",
            "palphabeta-par",
            "pbound",
            "baudet",
            "tree-split:raise=last",
            "tree-split:raise=general",
            "tree-split:grand=1",
            "tree-split:pv=1",
            "tree-split:master=1,pv=1",
            "tree-split:q=2,pv=1",
            "tree-split:id=1,pv=1",
            "tree-split:id=1,q=2,master=1",
            "tree-split:id=1,pv=1,step=1",
            "tree-split:id=1,step=3",
        ] {
            let algo: ParAlgo = spec.parse().unwrap();
            for p in [1, 2, 3, 5] {
                let Ok(out) = search(&algo, &root, 5, Some(p), &be) else {
                    continue;
                };
                check(&root, 5, &out, want, &format!("threads {spec} P={p}"));
            }
        }
    }
}

#[test]
fn ordered_trees_and_a_real_game() {
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(2.0)));
    for order in [Order::Best, Order::Worst, Order::Random] {
        let root = OrderedTree::new(OrderedParams {
            n: 4,
            d: 5,
            order,
            seed: 5,
        })
        .unwrap();
        let want = exact(&root, 5);
        for a in ALGOS {
            let out = search(&a.parse().unwrap(), &root, 5, Some(5), &sim).unwrap();
            check(&root, 5, &out, want, a);
        }
    }
    let root = arachne_games::TicTacToe::from_moves("5").unwrap();
    let want = exact(&root, 8);
    for a in ALGOS {
        let out = search(&a.parse().unwrap(), &root, 8, Some(4), &sim).unwrap();
        check(&root, 8, &out, want, a);
    }
}

#[test]
fn bad_configurations_are_errors() {
    let root = incremental(3, 3, 1, false, -5, 5);
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for (spec, p) in [
        ("tree-split:f=3,q=2", Some(5)),
        ("tree-split", Some(0)),
        ("tree-split", None),
        ("tree-split:q=30", Some(10)),
        ("baudet", None),
        ("pbound:f=0,q=2", None),
        // `step` without `id=1` (off on the simulator unless given).
        ("tree-split:step=2", Some(3)),
    ] {
        let algo: ParAlgo = spec.parse().unwrap();
        let e = search(&algo, &root, 3, p, &sim).unwrap_err();
        assert!(!e.0.contains('\n'));
    }
    for bad in [
        "tree-split:f=x",
        "tree-split:raise=maybe",
        "tree-split:grand=1,master=1",
        "tree-split:pv=1,raise=last",
        "tree-split:pv=1,grand=1",
        "tree-split:id=1,step=0",
        "tree-split:id=0,step=2",
        "nope",
        "pbound:zz=1",
        "baudet:q",
    ] {
        assert!(bad.parse::<ParAlgo>().is_err(), "{bad}");
    }
}

/// Threads: tree-split's defaults there (`pv=1,id=1`, the masters ordering by the shared
/// table) and §4's literal form on trees deep enough for the leftmost line to be split at
/// several levels and for the table's moves to reorder it.
#[test]
fn threads_tree_split_defaults_exact_on_deeper_trees() {
    let be = Backend::Threads { poll_every: 8 };
    for seed in 0..16u64 {
        let (b, d) = (3 + (seed % 3) as u32, 6 + (seed % 2) as u32);
        let root = incremental(b, d, seed, seed % 4 == 1, -50, 50);
        let want = exact(&root, d);
        for spec in [
            "tree-split",
            "tree-split:pv=0,id=0",
            "tree-split:id=0",
            "tree-split:q=2",
        ] {
            let algo: ParAlgo = spec.parse().unwrap();
            for p in [2, 3, 4, 7] {
                let Ok(out) = search(&algo, &root, d, Some(p), &be) else {
                    continue;
                };
                check(
                    &root,
                    d,
                    &out,
                    want,
                    &format!("threads {spec} P={p} seed {seed}"),
                );
            }
        }
    }
}
