//! The grain of the distributed Key Node Method (`knm:grain=G`): a node with `1..=G`
//! plies left answers with a serial search of its subtree. The root value stays exactly
//! `alphabeta`'s on many random trees and on chess and checkers with and without quiescence,
//! on the simulator and on threads; a grain node's search visits exactly the serial
//! searcher's nodes; `grain=0` is the paper's form, message for message; bad combinations are
//! refused with one line naming the option.
use arachne_core::{Game, Limits, Score};
use arachne_games::{
    chess::bench, Branching, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree,
    Order, OrderedParams, OrderedTree,
};
use arachne_parallel::knm::{dist, KnmOptions, Model};
use arachne_parallel::{search, Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};

fn serial_opts(preorder: bool, quiescence: bool) -> SearchOptions {
    SearchOptions {
        preorder,
        quiescence,
        ..SearchOptions::default()
    }
}

fn exact<G: Game>(root: &G, depth: u32, o: &SearchOptions) -> Score {
    Algorithm::AlphaBeta
        .search(root, &Limits::depth(depth), o)
        .value
}

/// Random branching on odd seeds.
fn incremental(b: u32, d: u32, seed: u64) -> IncrementalTree {
    crate::common::incremental(b, d, seed, seed % 2 == 1, -1000, 999)
}

fn iid(n: u32, d: u32, seed: u64) -> IidTree {
    IidTree::new(IidParams {
        n,
        d,
        seed,
        range: Some(5),
    })
}

fn ordered(n: u32, d: u32, seed: u64) -> OrderedTree {
    OrderedTree::new(OrderedParams {
        n,
        d,
        seed,
        order: [Order::Best, Order::Worst, Order::Random][(seed % 3) as usize],
    })
    .expect("a valid ordered tree")
}

fn knm(grain: u32, preorder: bool, fifo: bool) -> ParAlgo {
    ParAlgo::Knm(KnmOptions {
        grain: Some(grain),
        preorder,
        fifo,
        ..KnmOptions::default()
    })
}

fn sim(seed: u64) -> Backend {
    let mut c = SimConfig::new(if seed % 2 == 0 {
        CostModel::unit(1.0)
    } else {
        CostModel::arachne()
    });
    c.latency_seed = seed;
    Backend::Sim(c)
}

/// Every grain 0..=3, P = 1..=4, FIFO and reordered, with and without preordering, on the
/// simulator and (a rotating share) on threads: the value is `alphabeta`'s.
fn check_values<G: Game>(root: &G, depth: u32, seed: u64, what: &str) {
    let want = exact(root, depth, &SearchOptions::default());
    let threads = Backend::Threads { poll_every: 4 };
    for g in 0..=3u32 {
        for p in 1..=4u32 {
            for (k, (preorder, fifo)) in [(false, true), (true, true), (false, false)]
                .into_iter()
                .enumerate()
            {
                let algo = knm(g, preorder, fifo);
                let out = search(&algo, root, depth, Some(p), &sim(seed + p as u64)).unwrap();
                assert_eq!(out.value, want, "{what} sim g={g} p={p} {algo:?}");
                assert!(out.exact);
                if (g + p + k as u32 + seed as u32) % 3 == 0 {
                    let out = search(&algo, root, depth, Some(p), &threads).unwrap();
                    assert_eq!(out.value, want, "{what} threads g={g} p={p} {algo:?}");
                }
            }
        }
    }
}

#[test]
fn values_are_alphabetas_on_random_trees() {
    for seed in 1..=10u64 {
        let (b, d) = (2 + (seed % 4) as u32, 3 + (seed % 3) as u32);
        check_values(&incremental(b, d, seed), d, seed, "incremental");
        check_values(&iid(b, d, seed), d, seed, "iid");
        check_values(&ordered(b, d, seed), d, seed, "ordered");
    }
}

/// Chess (WAC positions) and checkers at small depth, with and without quiescence: the value
/// is `alphabeta`'s with the same option (on chess some of these values differ between the two).
#[test]
fn values_are_alphabetas_on_chess_and_checkers_with_and_without_quiescence() {
    let chess: Vec<_> = bench::wac()
        .into_iter()
        .step_by(60)
        .take(4)
        .map(|r| r.position)
        .collect();
    let checkers: Vec<_> = arachne_games::checkers::bench_positions()
        .into_iter()
        .take(3)
        .collect();
    fn run<G: Game>(root: &G, depth: u32, i: u64) {
        let threads = Backend::Threads { poll_every: 16 };
        for q in [false, true] {
            let want = exact(root, depth, &serial_opts(false, q));
            for g in [0, 1, 2, depth] {
                for p in [1, 3] {
                    let algo = ParAlgo::Knm(KnmOptions {
                        grain: Some(g),
                        quiescence: q,
                        preorder: i % 2 == 0,
                        ..KnmOptions::default()
                    });
                    let be = if (g as u64 + p + i) % 2 == 0 {
                        sim(i)
                    } else {
                        threads.clone()
                    };
                    let out = search(&algo, root, depth, Some(p as u32), &be).unwrap();
                    assert_eq!(out.value, want, "q={q} g={g} p={p} {be:?}");
                }
            }
        }
    }
    for (i, c) in chess.iter().enumerate() {
        run(c, 3, i as u64);
    }
    for (i, c) in checkers.iter().enumerate() {
        run(c, 4, i as u64);
    }
}

/// `grain=0` is the paper's form: the same messages, nodes and simulated time as the default on
/// the simulator, no serial search; and the counts of today's method, pinned.
#[test]
fn grain_zero_is_the_papers_form() {
    let cfg = SimConfig::new(CostModel::arachne());
    for seed in 1..=6u64 {
        let root = incremental(3, 5, seed);
        for p in [1, 3] {
            let zero = KnmOptions {
                grain: Some(0),
                ..KnmOptions::default()
            };
            let (v0, t0, s0) = dist::run_sim_stats(&zero, &root, 5, p, &cfg);
            let (v, t, s) = dist::run_sim_stats(&KnmOptions::default(), &root, 5, p, &cfg);
            assert_eq!((v0, t0, s0), (v, t, s));
            assert_eq!(s0.grain_searches, 0);
            let be = Backend::Sim(cfg.clone());
            let a = search(&knm(0, false, true), &root, 5, Some(p), &be).unwrap();
            let b = search(&"knm".parse().unwrap(), &root, 5, Some(p), &be).unwrap();
            assert_eq!(
                (a.value, a.stats, a.messages, a.time),
                (b.value, b.stats, b.messages, b.time)
            );
        }
    }
    // Today's counts (main before the grain, `arachne search --game
    // incremental:b=4,d=6,seed=S --algo knm --procs 3 --backend sim --cost arachne`).
    for (seed, interior, leaves, messages) in [(1, 846, 1789, 18_693), (2, 735, 1468, 13_630)] {
        let root = IncrementalTree::new(IncrementalParams {
            b: 4,
            d: 6,
            seed,
            branching: Branching::Uniform,
            values: EdgeValues::Real,
        });
        let out = search(
            &knm(0, false, true),
            &root,
            6,
            Some(3),
            &Backend::Sim(cfg.clone()),
        )
        .unwrap();
        assert_eq!(
            (out.stats.interior, out.stats.leaves, out.messages),
            (interior, leaves, messages)
        );
    }
}

#[test]
fn grain_is_refused_where_it_cannot_be_honoured() {
    for (bad, names) in [
        ("knm:model=pooled,grain=2", "grain"),
        ("knm:model=pooled,grain=0", "grain"),
        ("knm:deepening=1,grain=1", "grain"),
        ("knm:grain=x", "grain"),
        ("knm:grain=-1", "grain"),
    ] {
        let e = bad.parse::<ParAlgo>().unwrap_err();
        assert!(!e.0.contains('\n') && e.0.contains(names), "{bad}: {e}");
    }
    for good in ["knm:grain=0", "knm:grain=3", "knm:deepening=1,grain=0"] {
        let ParAlgo::Knm(o) = good.parse::<ParAlgo>().unwrap() else {
            panic!("{good}")
        };
        assert_eq!(o.model, Model::Dist);
        assert!(o.grain.is_some());
    }
    // Through the library API too.
    let o = KnmOptions {
        grain: Some(1),
        model: Model::Pooled,
        ..KnmOptions::default()
    };
    let root = incremental(3, 3, 1);
    let e = search(&ParAlgo::Knm(o), &root, 3, Some(2), &sim(1)).unwrap_err();
    assert!(e.0.contains("grain") && !e.0.contains('\n'), "{e}");
}
