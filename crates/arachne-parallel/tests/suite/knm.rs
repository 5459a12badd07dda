//! The Key Node Method (seed 003): the root value is the minimax value on many random trees, for
//! every processor count, delivery order, variant and machine model; exact counts on perfectly
//! ordered trees; the documented choices.
use crate::common::exact;
use arachne_core::{Game, Limits, Score};
use arachne_games::{
    Branching, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree, Order,
    OrderedParams, OrderedTree,
};
use arachne_parallel::knm::{self, pooled, KnmOptions, Model};
use arachne_parallel::{search, Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};
use proptest::prelude::*;

fn paper_tree(b: u32, d: u32, seed: u64, random: bool) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: if random {
            Branching::Random
        } else {
            Branching::Uniform
        },
        values: EdgeValues::Int { lo: -1000, hi: 999 },
    })
}

fn variants() -> Vec<KnmOptions> {
    let mut v = Vec::new();
    for fifo in [true, false] {
        for suppress in [true, false] {
            for deepening in [false, true] {
                for preorder in [false, true] {
                    v.push(KnmOptions {
                        fifo,
                        suppress,
                        deepening,
                        preorder,
                        ..KnmOptions::default()
                    });
                }
            }
        }
    }
    v
}

fn iid(n: u32, d: u32, seed: u64, range: u32) -> IidTree {
    IidTree::new(IidParams {
        n,
        d,
        seed,
        range: Some(range),
    })
}

/// Pooled model: value, and the FIFO invariants (no stale message, first message always key).
fn check_pooled<G: Game>(root: &G, depth: u32, want: Score, what: &str) {
    for o in variants() {
        for k in [1, 2, 5, 20, 256] {
            let out = pooled::run(root, depth, k, &o).unwrap();
            assert_eq!(out.value, want, "{what} {o:?} k={k}");
            if o.fifo {
                assert_eq!(out.stats.stale, 0, "{what} {o:?} k={k}");
                assert_eq!(out.stats.first_nonkey, 0, "{what} {o:?} k={k}");
            }
            if !o.suppress {
                assert_eq!(out.stats.suppressed, 0);
            }
            if !o.deepening {
                assert_eq!(out.left, 0, "the pure method ends at an empty queue");
                assert_eq!(out.iterations, 1);
            }
            if k == 1 {
                assert_eq!(out.time, out.stats.messages, "mono time = messages");
            }
        }
    }
}

fn check_dist<G: Game>(root: &G, depth: u32, want: Score, procs: &[u32], seed: u64, what: &str) {
    let mut unit = SimConfig::new(CostModel::unit(1.0));
    unit.latency_seed = seed;
    let arachne = SimConfig::new(CostModel::arachne());
    for (bi, b) in [Backend::Sim(unit), Backend::Sim(arachne)]
        .iter()
        .enumerate()
    {
        for (vi, o) in variants().into_iter().enumerate() {
            // Every variant on the unit model; a rotating half on the arachne model.
            if bi == 1 && (vi + seed as usize) % 2 == 0 {
                continue;
            }
            for &p in procs {
                let out = search(&ParAlgo::Knm(o), root, depth, Some(p), b).unwrap();
                assert_eq!(out.value, want, "{what} {o:?} p={p} {b:?}");
                assert!(out.exact);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// The paper's trees (incremental, integer increments in [−1000, 999)), uniform or random
    /// branching: the pooled model's root value is minimax for k = 1, 2, 5, 20, 256, FIFO and
    /// reordered, with and without suppression, deepening and preordering.
    #[test]
    fn pooled_root_value_is_minimax(b in 1u32..=5, d in 1u32..=5, seed in 1u64..1_000_000, random in any::<bool>()) {
        let t = paper_tree(b, d, seed, random);
        check_pooled(&t, d, exact(&t, d), "incremental");
    }

    /// Trees with few distinct bottom values (many ties) and depth-limited searches.
    #[test]
    fn pooled_with_ties_and_horizons(n in 1u32..=4, d in 1u32..=5, cut in 0u32..=2, seed in 1u64..1_000_000, range in 2u32..=4) {
        let t = iid(n, d, seed, range);
        let depth = d.saturating_sub(cut);
        check_pooled(&t, depth, exact(&t, depth), "iid");
    }

    /// The distributed form on the simulator, both cost models, random latency.
    #[test]
    fn dist_root_value_is_minimax(b in 1u32..=4, d in 1u32..=4, seed in 1u64..1_000_000, random in any::<bool>()) {
        let t = paper_tree(b, d, seed, random);
        check_dist(&t, d, exact(&t, d), &[1, 2, 5, 20, 256], seed, "incremental");
    }

    #[test]
    fn dist_with_ties(n in 1u32..=4, d in 1u32..=4, seed in 1u64..1_000_000, range in 2u32..=3) {
        let t = iid(n, d, seed, range);
        check_dist(&t, d, exact(&t, d), &[1, 3, 20], seed, "iid");
    }
}

#[test]
fn threads_backend_root_value_is_minimax() {
    let th = Backend::Threads { poll_every: 4 };
    for seed in 1..=6u64 {
        let (b, d) = (2 + seed as u32 % 3, 3 + seed as u32 % 2);
        let t = paper_tree(b, d, seed, seed % 2 == 0);
        let want = exact(&t, d);
        for (i, o) in variants().into_iter().enumerate() {
            if i % 3 != seed as usize % 3 {
                continue;
            }
            for p in [1, 2, 5] {
                let out = search(&ParAlgo::Knm(o), &t, d, Some(p), &th).unwrap();
                assert_eq!(out.value, want, "seed={seed} {o:?} p={p}");
            }
        }
    }
}

#[test]
fn real_game_tictactoe() {
    let t = arachne_games::TicTacToe::new();
    for depth in [3, 5] {
        let want = exact(&t, depth);
        for o in variants().into_iter().step_by(3) {
            for k in [1, 7] {
                assert_eq!(pooled::run(&t, depth, k, &o).unwrap().value, want);
            }
        }
        let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
        let out = search(&"knm".parse().unwrap(), &t, depth, Some(4), &sim).unwrap();
        assert_eq!(out.value, want);
    }
}

/// §4.1 point 4, worked out: on best-first ordered trees, with one processor and FIFO
/// delivery, KNM visits exactly the §3.2.1 key set, whose size has the closed form of the module
/// docs; with more processors it visits at least that set.
#[test]
fn ordered_trees_visit_the_key_set_exactly() {
    for n in 1u32..=6 {
        for d in 1u32..=7 {
            if (n as u64).pow(d) > 200_000 {
                continue;
            }
            let (nodes, leaves, km) = knm::key_set_size(n as u64, d);
            // The closed forms.
            assert_eq!(leaves, knm::lucas_u(n as u64, d + 2));
            if n >= 2 {
                assert_eq!(
                    nodes,
                    (knm::lucas_u(n as u64, d + 4) - 1) / (n as u64 - 1) - 1
                );
            }
            if n == 3 {
                assert_eq!(
                    leaves as i64,
                    ((1i64 << (d + 2)) - if d % 2 == 0 { 1 } else { -1 }) / 3
                );
            }
            if d <= 3 || n == 1 {
                assert_eq!(leaves, km, "n={n} d={d}");
            } else if n >= 2 {
                assert!(leaves > km, "n={n} d={d}");
            }
            for (order, preorder) in [
                (Order::Best, false),
                (Order::Best, true),
                (Order::Worst, true),
            ] {
                let t = OrderedTree::new(OrderedParams {
                    n,
                    d,
                    order,
                    seed: 1,
                })
                .unwrap();
                let want = exact(&t, d);
                for suppress in [true, false] {
                    let o = KnmOptions {
                        preorder,
                        suppress,
                        ..KnmOptions::default()
                    };
                    let out = pooled::run(&t, d, 1, &o).unwrap();
                    assert_eq!(out.value, want);
                    assert_eq!(
                        (out.stats.visited, out.stats.terminals),
                        (nodes, leaves),
                        "n={n} d={d} {order:?} pre={preorder}"
                    );
                    for k in [2, 5, 20] {
                        let out = pooled::run(&t, d, k, &o).unwrap();
                        assert_eq!(out.value, want);
                        assert!(out.stats.visited >= nodes && out.stats.terminals >= leaves);
                    }
                }
            }
        }
    }
    // One worked example against Knuth–Moore.
    assert_eq!(
        knm::key_set_size(4, 6),
        (knm::key_set_size(4, 6).0, 217, 127)
    );
}

#[test]
fn options_parse_and_bad_ones_are_one_line_errors() {
    let ParAlgo::Knm(o) = "knm".parse::<ParAlgo>().unwrap() else {
        panic!()
    };
    assert_eq!(o, KnmOptions::default());
    assert!(o.fifo && o.suppress && !o.deepening && !o.preorder && o.model == Model::Dist);
    let ParAlgo::Knm(o) = "knm:fifo=0,suppress=0,deepening=1,preorder=1,model=pooled,seed=7"
        .parse::<ParAlgo>()
        .unwrap()
    else {
        panic!()
    };
    assert!(
        !o.fifo
            && !o.suppress
            && o.deepening
            && o.preorder
            && o.model == Model::Pooled
            && o.seed == 7
    );
    for bad in [
        "knm:fifo=2",
        "knm:suppress=yes",
        "knm:model=shared",
        "knm:foo=1",
        "knm:seed=x",
        "knm:fifo",
    ] {
        let e = bad.parse::<ParAlgo>().unwrap_err();
        assert!(!e.0.contains('\n') && e.0.contains("knm"), "{bad}: {e}");
    }
    let t = paper_tree(3, 3, 1, false);
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let knm: ParAlgo = "knm".parse().unwrap();
    assert!(search(&knm, &t, 3, Some(0), &sim).is_err());
    assert!(search(&knm, &t, 3, None, &sim).is_err());
    assert!(pooled::run(&t, 3, 0, &KnmOptions::default()).is_err());
    let pooled_algo: ParAlgo = "knm:model=pooled".parse().unwrap();
    assert!(search(
        &pooled_algo,
        &t,
        3,
        Some(2),
        &Backend::Threads { poll_every: 4 }
    )
    .is_err());
    let out = search(&pooled_algo, &t, 3, Some(4), &sim).unwrap();
    assert_eq!(out.value, exact(&t, 3));
    assert!(out.speedup.unwrap() >= 1.0);
}

/// §5.1, §5.2, §5.3 do what they say on the paper's trees.
#[test]
fn variants_have_their_effects() {
    let (mut sup, mut stale, mut left) = (0, 0, 0);
    let mut red = 0;
    for seed in 1..=10 {
        let t = paper_tree(4, 5, seed, false);
        let base = KnmOptions::default();
        let a = pooled::run(&t, 5, 20, &base).unwrap();
        let b = pooled::run(
            &t,
            5,
            20,
            &KnmOptions {
                suppress: false,
                ..base
            },
        )
        .unwrap();
        sup += a.stats.suppressed;
        assert_eq!(b.stats.suppressed, 0);
        let c = pooled::run(
            &t,
            5,
            20,
            &KnmOptions {
                fifo: false,
                seed,
                ..base
            },
        )
        .unwrap();
        stale += c.stats.stale;
        let dd = pooled::run(
            &t,
            5,
            20,
            &KnmOptions {
                deepening: true,
                ..base
            },
        )
        .unwrap();
        assert_eq!(dd.iterations, 6, "search to 1, 2, …, D + 1");
        left += dd.left;
        // Same seed, same numbers.
        let c2 = pooled::run(
            &t,
            5,
            20,
            &KnmOptions {
                fifo: false,
                seed,
                ..base
            },
        )
        .unwrap();
        assert_eq!((c.time, c.stats), (c2.time, c2.stats));
    }
    assert!(sup > 0, "suppression never triggered");
    assert!(stale > 0, "reordering never produced a stale message");
    let _ = left;
    // Valid-to rises one level per iteration, so on uniform-depth trees only a subtree valid to
    // the bottom ("∞": early game ends) can be spared a deepening message.
    let t = arachne_games::TicTacToe::new();
    let o = KnmOptions {
        deepening: true,
        ..KnmOptions::default()
    };
    for depth in [7, 9] {
        let dd = pooled::run(&t, depth, 5, &o).unwrap();
        assert_eq!(dd.value, exact(&t, depth));
        red += dd.stats.redundant;
    }
    assert!(red > 0, "no redundant down message was suppressed");
}

#[test]
fn pooled_model_stops_on_limits_and_counts() {
    // The pooled model ignored the node budget, the deadline and the flag.
    let t = paper_tree(8, 8, 3, false);
    let o = KnmOptions::default();
    let l = Limits::default().with_nodes(5_000);
    let out = pooled::run_limited(&t, 8, 4, &o, &l).unwrap();
    assert_eq!(out.stopped, Some(arachne_core::StopReason::Nodes));
    let nodes = out.stats.stats().nodes();
    assert!(nodes >= 5_000, "{nodes}");
    // Checked every CHECK_EVERY messages; a message visits at most one node.
    assert!(nodes <= 5_000 + pooled::CHECK_EVERY, "{nodes}");
    assert!(out.best_move.is_none());
    let l = Limits::default().with_time(std::time::Duration::ZERO);
    let out = pooled::run_limited(&t, 8, 4, &o, &l).unwrap();
    assert_eq!(out.stopped, Some(arachne_core::StopReason::Time));
    let l = Limits::default();
    l.stop.stop();
    let out = pooled::run_limited(&t, 8, 4, &o, &l).unwrap();
    assert_eq!(out.stopped, Some(arachne_core::StopReason::Stopped));
    // Through the search entry point: stopped, no value, counts.
    let algo: ParAlgo = "knm:model=pooled".parse().unwrap();
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let l = Limits::default().with_nodes(5_000);
    let out = arachne_parallel::search_limited(
        &algo,
        &t,
        8,
        arachne_core::Window::FULL,
        Some(4),
        &sim,
        &l,
    )
    .unwrap();
    assert_eq!(out.stopped, Some(arachne_core::StopReason::Nodes));
    assert!(out.stats.nodes() >= 5_000 && out.messages > 0);
    assert!(out.best_move.is_none() && out.speedup.is_none());
}

#[test]
fn node_records_stay_within_the_memory_cap() {
    // Records grew without bound (6 GiB asked, 8 GiB used).
    let t = paper_tree(10, 10, 1, false);
    let small = KnmOptions {
        memory_mib: 1,
        ..KnmOptions::default()
    };
    let e = pooled::run(&t, 10, 4, &small).unwrap_err();
    assert!(e.0.contains("--memory 1 MiB"), "{e}");
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for backend in [sim, Backend::Threads { poll_every: 32 }] {
        for fifo in [true, false] {
            // Every node a record (the default grain on threads would fit).
            let algo = ParAlgo::Knm(KnmOptions {
                memory_mib: 2,
                fifo,
                grain: Some(0),
                ..KnmOptions::default()
            });
            let e = search(&algo, &t, 10, Some(4), &backend).unwrap_err();
            assert!(e.0.contains("--memory 2 MiB"), "{e}");
        }
    }
    // A search that fits is exact, in both models.
    let t = paper_tree(4, 5, 2, false);
    let want = exact(&t, 5);
    assert_eq!(pooled::run(&t, 5, 3, &small).unwrap().value, want);
    let algo = ParAlgo::Knm(small);
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    assert_eq!(search(&algo, &t, 5, Some(3), &sim).unwrap().value, want);
}
