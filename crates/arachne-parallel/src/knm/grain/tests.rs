//! The grain of the distributed Key Node Method (`knm:grain=G`): a node with `1..=G`
//! plies left answers with a serial search of its subtree. The root value stays exactly
//! `alphabeta`'s on many random trees and on chess and checkers with and without quiescence,
//! on the simulator and on threads; a grain node's search visits exactly the serial
//! searcher's nodes; `grain=0` is the paper's form, message for message; bad combinations are
//! refused with one line naming the option.
use crate::knm::{dist, grain, KnmOptions};
use crate::subsearch::{SerialSpec, SLAVE_TT_MIB, SLAVE_TT_MIN_DEPTH_ORDERED};
use crate::Backend;
use arachne_core::{Game, Limits, Score, TranspositionTable};
use arachne_games::{chess::bench, Branching, EdgeValues, IncrementalParams, IncrementalTree};
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
    crate::testkit::incremental(b, d, seed, seed % 2 == 1, -1000, 999)
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
