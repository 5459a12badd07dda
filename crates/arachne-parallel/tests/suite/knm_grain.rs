//! The grain of the distributed Key Node Method (`knm:grain=G`): a node with `1..=G`
//! plies left answers with a serial search of its subtree. The root value stays exactly
//! `alphabeta`'s on many random trees and on chess and checkers with and without quiescence,
//! on the simulator and on threads; a grain node's search visits exactly the serial
//! searcher's nodes; `grain=0` is the paper's form, message for message; bad combinations are
//! refused with one line naming the option.
use arachne_core::{Game, Limits, Score, TranspositionTable};
use arachne_games::{
    chess::bench, Branching, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree,
    Order, OrderedParams, OrderedTree,
};
use arachne_parallel::knm::{dist, grain, KnmOptions, Model};
use arachne_parallel::subsearch::{SerialSpec, SLAVE_TT_MIB, SLAVE_TT_MIN_DEPTH_ORDERED};
use arachne_parallel::{search, Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::alphabeta::falphabeta_tt;
use arachne_search::context::Ctx;
use arachne_search::stepper::StepperMode;
use arachne_search::{Algorithm, SearchOptions};
use std::time::Duration;

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

/// A grain node's serial search visits exactly the nodes `alphabeta` visits on that subtree
/// with those options (the synthetic trees have no transpositions, so no table): the run's
/// grain counts are the sum, over the grain nodes searched, of `alphabeta`'s counts; and with
/// the root within the grain the whole run is one `alphabeta` search.
#[test]
fn a_grain_search_visits_exactly_the_serial_searchers_nodes() {
    let cfg = SimConfig::new(CostModel::unit(1.0));
    for seed in 1..=12u64 {
        let (b, d) = (2 + (seed % 4) as u32, 4 + (seed % 3) as u32);
        let root = incremental(b, d, seed);
        for preorder in [false, true] {
            let so = serial_opts(preorder, false);
            for g in 1..=3u32 {
                for p in [1, 2, 4] {
                    let o = KnmOptions {
                        grain: Some(g),
                        preorder,
                        ..KnmOptions::default()
                    };
                    let (v, _, procs) = dist::run_sim(&o, &root, d, p, &cfg);
                    assert_eq!(v, exact(&root, d, &SearchOptions::default()));
                    let (mut want_i, mut want_l, mut searches) = (0, 0, 0);
                    let (mut got_i, mut got_l, mut got_n) = (0, 0, 0);
                    for pr in &procs {
                        for (pos, ply, plies) in pr.grain_nodes() {
                            assert_eq!(ply + plies, d);
                            assert!(plies >= 1 && plies <= g);
                            let st = Algorithm::AlphaBeta
                                .search(pos, &Limits::depth(plies), &so)
                                .stats;
                            want_i += st.interior;
                            want_l += st.leaves;
                            searches += 1;
                        }
                        got_i += pr.stats.grain_interior;
                        got_l += pr.stats.grain_leaves;
                        got_n += pr.stats.grain_searches;
                    }
                    assert_eq!(got_n, searches, "seed {seed} g={g} p={p}");
                    assert_eq!((got_i, got_l), (want_i, want_l), "seed {seed} g={g} p={p}");
                    if g >= d {
                        assert_eq!(searches, 1);
                    }
                }
            }
            // The root within the grain: one serial search, its exact counts, one message.
            let o = KnmOptions {
                grain: Some(d),
                preorder,
                ..KnmOptions::default()
            };
            let (_, time, procs) = dist::run_sim(&o, &root, d, 2, &cfg);
            let serial = Algorithm::AlphaBeta
                .search(&root, &Limits::depth(d), &so)
                .stats;
            let st = procs[0].stats;
            assert_eq!(
                (st.grain_searches, st.grain_interior, st.grain_leaves),
                (1, serial.interior, serial.leaves)
            );
            assert_eq!(st.stats().nodes(), serial.nodes());
            assert_eq!(st.messages, 1);
            // The simulator charged its nodes at the node cost (and the root's down message).
            let cost = CostModel::unit(1.0);
            let nodes = serial.leaves as f64 * cost.leaf + serial.interior as f64 * cost.interior;
            assert!(time >= nodes + cost.message - 1e-9, "{time} {nodes}");
        }
    }
}

/// With quiescence on chess (transpositions, so the processor's table): the root within the
/// grain is one search, with exactly the nodes — capture-search positions included — of the
/// serial searcher the processors run, `falphabeta_tt` with a fresh table (its capture
/// searches run in the nodes' windows), and the value of `alphabeta --quiescence`.
#[test]
fn a_grain_search_counts_quiescence_as_the_serial_search_does() {
    let cfg = SimConfig::new(CostModel::unit(1.0));
    for rec in bench::wac().into_iter().step_by(50).take(4) {
        let root = rec.position;
        let o = KnmOptions {
            grain: Some(2),
            quiescence: true,
            ..KnmOptions::default()
        };
        let (v, _, procs) = dist::run_sim(&o, &root, 2, 1, &cfg);
        assert_eq!(v, exact(&root, 2, &serial_opts(false, true)));
        let opts = serial_opts(false, true);
        let limits = Limits::depth(2);
        let tt = TranspositionTable::with_mib(SLAVE_TT_MIB);
        let mut ctx =
            Ctx::new(&opts, &limits, Some(&tt)).with_tt_min_depth(SLAVE_TT_MIN_DEPTH_ORDERED);
        let w = falphabeta_tt(&mut ctx, &root, 2, 0, -Score::INF, Score::INF).unwrap();
        assert_eq!(v, w);
        let st = procs[0].stats;
        assert_eq!(
            (st.grain_interior, st.grain_leaves, st.qnodes),
            (ctx.stats.interior, ctx.stats.leaves, ctx.stats.qnodes)
        );
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

/// The default: 0 on the simulator and with deepening; on threads at least the message grain
/// and the work grain (module docs of `knm::grain`), below the depth.
#[test]
fn the_default_grain() {
    let root = incremental(4, 6, 3);
    let d = KnmOptions::default();
    let threads = Backend::Threads { poll_every: 32 };
    assert_eq!(grain::resolve(&d, &root, 6, 2, &sim(1)), 0);
    let deep = KnmOptions {
        deepening: true,
        ..d
    };
    assert_eq!(grain::resolve(&deep, &root, 6, 2, &threads), 0);
    let given = KnmOptions {
        grain: Some(2),
        ..d
    };
    assert_eq!(grain::resolve(&given, &root, 6, 2, &threads), 2);
    let g = grain::resolve(&d, &root, 6, 2, &threads);
    assert!(g >= grain::balanced(&root, 6, 2) && g <= 5, "{g}");
    let spec = SerialSpec::new(StepperMode::AlphaBeta, false, false);
    assert_eq!(grain::measured(&root, 6, &spec, Duration::ZERO), 1);
    assert_eq!(
        grain::measured(&root, 6, &spec, Duration::from_secs(3600)),
        5
    );
    assert_eq!(grain::measured(&root, 1, &spec, Duration::ZERO), 0);
    // The work grain: JOBS_PER_PROC · P key nodes at the grain level of a b = 10 tree
    // (U_3 = 10 one ply down, U_4 = 19 two, U_5 = 109 three, U_6 = 280 four).
    assert_eq!(grain::JOBS_PER_PROC, 4);
    let b10 = IncrementalTree::new(IncrementalParams {
        b: 10,
        d: 11,
        seed: 1,
        branching: Branching::Uniform,
        values: EdgeValues::Real,
    });
    for (p, want) in [
        (1, 10),
        (2, 10),
        (3, 9),
        (4, 9),
        (27, 8),
        (28, 7),
        (70, 7),
        (71, 6),
    ] {
        assert_eq!(grain::balanced(&b10, 11, p), want, "P={p}");
    }
    assert_eq!(grain::balanced(&b10, 1, 2), 0);
    assert_eq!(grain::balanced(&incremental(1, 4, 2), 4, 2), 0);
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
