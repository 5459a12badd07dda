//! `type-guided` (the nCUBE chess program's node-type guided search): the exact serial value at
//! every processor count and hierarchy, on both runtimes; exactly the Knuth–Moore minimal tree in
//! the last iteration on perfectly ordered trees; a deterministic simulator; the node-type
//! records.
use crate::common::{exact, incremental};
use arachne_core::{Game, Limits, Score, Window};
use arachne_games::{
    checkers, chess::bench, IidParams, IidTree, Order, OrderedParams, OrderedTree,
};
use arachne_parallel::search_traced;
use arachne_parallel::type_guided::TypeGuidedOptions;
use arachne_parallel::{search, Backend, ParAlgo, ParOutcome};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};
use proptest::prelude::*;

fn check<G: Game>(root: &G, depth: u32, out: &ParOutcome<G::Move>, want: Score, what: &str) {
    assert!(out.exact, "{what}");
    assert_eq!(out.value, want, "{what}");
    if let Some(mv) = out.best_move {
        let v = -exact(&root.play(mv), depth - 1);
        assert_eq!(v, want, "{what}: best move is not best");
    }
}

fn sim(latency_seed: u64, arachne: bool) -> Backend {
    let mut c = SimConfig::new(if arachne {
        CostModel::arachne()
    } else {
        CostModel::unit(1.0)
    });
    c.latency_seed = latency_seed;
    Backend::Sim(c)
}

fn algo(spec: &str) -> ParAlgo {
    spec.parse().unwrap()
}

/// The hierarchy chosen from P (exactly P processors), and hierarchies of masters.
const PROCS: &[u32] = &[1, 2, 3, 8, 64, 256];
const HIERARCHIES: &[&str] = &[
    "type-guided:f=2,levels=2",
    "type-guided:f=3,levels=2,preorder=1",
    "type-guided:f=2,levels=3,guess=0",
    "type-guided:f=4,levels=4",
    "type-guided:f=3,levels=2,master=1",
    "type-guided:f=3/2,master=1,preorder=1",
    "type-guided:f=2/1/3",
    "type-guided:f=3,levels=2,serial=0,step=1",
    "type-guided:f=2/3,serial=4,step=3",
];

fn all<G: Game>(root: &G, depth: u32, lat: u64, arachne: bool) {
    let want = exact(root, depth);
    let be = sim(lat, arachne);
    for &p in PROCS {
        for spec in [
            "type-guided",
            "type-guided:preorder=1,guess=0",
            "type-guided:master=1",
        ] {
            let out = search(&algo(spec), root, depth, Some(p), &be).unwrap();
            // `--procs P` alone: the hierarchy of exactly P processors (Hierarchy::auto).
            assert_eq!(out.procs, p as usize);
            check(root, depth, &out, want, &format!("{spec} P={p}"));
        }
    }
    for spec in HIERARCHIES {
        let out = search(&algo(spec), root, depth, None, &be).unwrap();
        check(root, depth, &out, want, spec);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, .. ProptestConfig::default() })]

    #[test]
    fn iid_trees_exact(n in 1u32..5, d in 1u32..6, seed in any::<u64>(), range in 1u32..6,
                       lat in 0u64..3, arachne: bool) {
        let root = IidTree::new(IidParams { n, d, seed, range: Some(range) });
        all(&root, d, lat * 7919, arachne);
    }

    #[test]
    fn incremental_trees_exact(b in 1u32..6, d in 1u32..6, seed in any::<u64>(), random: bool,
                               lat in 0u64..3, arachne: bool) {
        let root = incremental(b, d, seed, random, -9, 10);
        all(&root, d, lat * 104729, arachne);
    }

    /// A subtree searched in a window, as a master would assign it.
    #[test]
    fn windows_are_respected(b in 2u32..5, d in 1u32..5, seed in any::<u64>(), lo in -30i32..10,
                             width in 1i32..30, p in 1u32..6) {
        let root = incremental(b, d, seed, true, -20, 20);
        let w = Window::new(Score(lo), Score(lo + width));
        let v = exact(&root, d);
        let o = TypeGuidedOptions::default();
        let (out, _) = search_traced(&o, &root, d, w, Some(p), &sim(0, true)).unwrap();
        if w.contains(v) {
            prop_assert_eq!(out.value, v);
        } else if v <= w.alpha {
            prop_assert!(out.value <= w.alpha);
        } else {
            prop_assert!(out.value >= w.beta);
        }
    }

    /// Perfect ordering: the last iteration searches exactly the minimal tree,
    /// N^⌈D/2⌉ + N^⌊D/2⌋ − 1 bottom positions, at every P and in every hierarchy; no type
    /// prediction fails and no farmed-out work is wasted.
    #[test]
    fn minimal_tree_on_best_first_trees(n in 1u32..6, d in 1u32..8, p in 1u32..40,
                                        f in 1u32..5, levels in 1u32..4, preorder: bool) {
        let Some(root) = OrderedTree::new(OrderedParams { n, d, order: Order::Best, seed: 3 })
        else { return Ok(()) };
        let minimal = (n as u64).pow(d.div_ceil(2)) + (n as u64).pow(d / 2) - 1;
        let want = exact(&root, d);
        let opts = [
            TypeGuidedOptions { preorder, ..TypeGuidedOptions::default() },
            TypeGuidedOptions { f: Some(f), levels: Some(levels), preorder, master_searches: !preorder,
                                ..TypeGuidedOptions::default() },
        ];
        for (k, o) in opts.iter().enumerate() {
            let procs = (k == 0).then_some(p);
            let Ok((out, trace)) = search_traced(o, &root, d, Window::FULL, procs,
                                                 &sim(p as u64 % 3, true)) else { continue };
            prop_assert_eq!(out.value, want);
            prop_assert_eq!(out.last_iteration.unwrap().leaves, minimal, "{:?} P={}", o, p);
            let s = &trace.last_stats;
            prop_assert_eq!(s.mispredicted(), 0);
            prop_assert_eq!(s.farmed_wasted, 0);
            prop_assert_eq!(s.type2_held, s.type2_predicted);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]

    /// The threads runtime: real concurrency, UPDATEs arriving whenever they arrive.
    #[test]
    fn threads_exact(b in 1u32..6, d in 1u32..6, seed in any::<u64>(), random: bool,
                     p in 1u32..9) {
        let root = incremental(b, d, seed, random, -40, 40);
        let want = exact(&root, d);
        let be = Backend::Threads { poll_every: 4 };
        for spec in ["type-guided", "type-guided:preorder=1,master=1"] {
            let out = search(&algo(spec), &root, d, Some(p), &be).unwrap();
            check(&root, d, &out, want, &format!("threads {spec} P={p}"));
        }
        let out = search(&algo("type-guided:f=2,levels=2"), &root, d, None, &be).unwrap();
        check(&root, d, &out, want, "threads f=2,levels=2");
    }
}

#[test]
fn minimal_tree_on_threads_and_worst_first_trees_and_mispredictions() {
    let best = OrderedTree::new(OrderedParams {
        n: 4,
        d: 7,
        order: Order::Best,
        seed: 1,
    })
    .unwrap();
    // The table must know every ply's move from the iteration just before: no serial grain
    // (it writes nothing to the table) and one-ply deepening.
    let o = TypeGuidedOptions {
        f: Some(2),
        levels: Some(3),
        serial: Some(0),
        step: Some(1),
        ..TypeGuidedOptions::default()
    };
    let be = Backend::Threads { poll_every: 3 };
    let (out, _) = search_traced(&o, &best, 7, Window::FULL, None, &be).unwrap();
    assert_eq!(
        out.last_iteration.unwrap().leaves,
        4u64.pow(4) + 4u64.pow(3) - 1
    );
    // Worst-first, but every interior value exact: the previous iteration's moves are the best
    // ones, so the table repairs the ordering and the last iteration is minimal too.
    let worst = OrderedTree::new(OrderedParams {
        n: 3,
        d: 6,
        order: Order::Worst,
        seed: 1,
    })
    .unwrap();
    let (out, t) = search_traced(&o, &worst, 6, Window::FULL, None, &sim(0, true)).unwrap();
    assert_eq!(out.value, exact(&worst, 6));
    assert_eq!(out.last_iteration.unwrap().leaves, 27 + 27 - 1);
    assert_eq!(t.last_stats.mispredicted(), 0);
    // A random tree whose static values mislead: some type-2 predictions fail.
    let root = IidTree::new(IidParams {
        n: 5,
        d: 6,
        seed: 3,
        range: None,
    });
    let (out, t) = search_traced(&o, &root, 6, Window::FULL, None, &sim(0, true)).unwrap();
    assert_eq!(out.value, exact(&root, 6));
    assert!(t.last_stats.mispredicted() > 0);
    assert!(t.last_stats.type2_held < t.last_stats.type2_predicted);
}

fn real<G: Game>(root: &G, depth: u32, what: &str) {
    let want = exact(root, depth);
    for (spec, procs) in [
        ("type-guided", Some(3)),
        ("type-guided:preorder=1", Some(8)),
        ("type-guided:f=3,levels=2,preorder=1,master=1", None),
    ] {
        for be in [sim(0, true), Backend::Threads { poll_every: 16 }] {
            let out = search(&algo(spec), root, depth, procs, &be).unwrap();
            assert_eq!(out.value, want, "{what} {spec} {be:?}");
        }
    }
}

#[test]
fn chess_bench_positions() {
    for (i, rec) in bench::lct2().iter().enumerate().step_by(10) {
        real(&rec.position, 3, &format!("lct2 #{}", i + 1));
    }
    for (i, rec) in bench::wac().iter().enumerate().step_by(60) {
        real(&rec.position, 3, &format!("wac #{}", i + 1));
    }
}

#[test]
fn checkers_bench_positions() {
    for (i, p) in checkers::bench_positions().iter().enumerate().step_by(3) {
        real(p, 5, &format!("checkers #{i}"));
    }
}

#[test]
fn simulation_is_deterministic() {
    let root = incremental(5, 6, 11, true, -100, 100);
    for spec in ["type-guided", "type-guided:f=3,levels=2,preorder=1"] {
        let procs = (!spec.contains("levels")).then_some(16);
        let run = |seed| {
            let out = search(&algo(spec), &root, 6, procs, &sim(seed, true)).unwrap();
            (
                out.time,
                out.stats,
                out.messages,
                out.busy,
                out.outcome.last_iteration,
            )
        };
        assert_eq!(run(0), run(0), "{spec}");
        assert_eq!(run(77), run(77), "{spec}");
    }
}

#[test]
fn node_records_are_consistent() {
    let root = incremental(6, 6, 5, false, -1000, 1000);
    let o = TypeGuidedOptions {
        f: Some(3),
        levels: Some(2),
        preorder: true,
        guess: true,
        master_searches: true,
        ..TypeGuidedOptions::default()
    };
    let (out, t) = search_traced(&o, &root, 6, Window::FULL, None, &sim(0, true)).unwrap();
    let s = &t.last_stats;
    assert_eq!(s.iteration, 6);
    // Every master node except the root was reached sequentially or as a job.
    assert_eq!(s.sequential + s.job_roots + 1, s.master_nodes());
    assert!(s.wasted_nodes <= s.total_nodes);
    assert_eq!(s.total_nodes, out.last_iteration.unwrap().nodes());
    // All jobs' own nodes add up to the total count.
    let own: u64 = t
        .logs
        .iter()
        .flat_map(|l| l.jobs.iter())
        .map(|j| j.own.nodes())
        .sum();
    assert_eq!(own, out.stats.nodes());
    // The picture holds every master node and every search farmed out to a slave of the
    // last iteration, each with a parent one ply up.
    let pic = t.picture();
    let masters = pic.iter().filter(|n| n.predicted.is_some()).count() as u64;
    assert_eq!(masters, s.master_nodes());
    assert_eq!(pic.len() as u64, s.master_nodes() + s.farmed - s.job_roots);
    for n in &pic[1..] {
        let p = &pic[n.parent.unwrap()];
        assert_eq!(p.ply + 1, n.ply);
    }
}

#[test]
fn bad_options_are_one_line_errors() {
    for bad in [
        "type-guided:f=0",
        "type-guided:levels=x",
        "type-guided:preorder=2",
        "type-guided:guess=yes",
        "type-guided:q=2",
        "type-guided:f=2/0",
        "type-guided:f=1/2/3/4/5/6/7/8/9",
    ] {
        let e = bad.parse::<ParAlgo>().unwrap_err().0;
        assert!(!e.contains('\n') && !e.is_empty(), "{bad}: {e}");
    }
    let root = incremental(2, 2, 1, false, 0, 5);
    let be = sim(0, true);
    for (spec, p) in [
        ("type-guided", Some(0)),
        ("type-guided", None),
        ("type-guided:f=2,levels=2", Some(5)),
        ("type-guided:f=40,levels=4", None),
        ("type-guided:f=3/4", Some(15)),
        ("type-guided:f=3/4,levels=3", None),
        ("type-guided:f=300/300/300", None),
    ] {
        let e = search(&algo(spec), &root, 2, p, &be).unwrap_err().0;
        assert!(!e.contains('\n') && !e.is_empty(), "{spec}: {e}");
    }
}

/// `--procs P` alone: exactly P processors, every master with a slave, the shares of one level
/// differing by at most one, and the documented shapes on b = 10.
#[test]
fn default_hierarchy_uses_exactly_p() {
    use arachne_parallel::type_guided::Hierarchy;
    for p in 1..=600u32 {
        for b in [1usize, 2, 3, 10, 35] {
            for depth in [1u32, 2, 3, 8] {
                let h = Hierarchy::auto(p, b, depth);
                assert_eq!(h.count(), p as u64, "{p} {b} {depth}: {h:?}");
                assert!(h.widths.len() as u32 <= depth.max(1) + 1, "{h:?}");
                let n = p as usize;
                let mut slaves = vec![0u64; n];
                for q in 1..p {
                    let m = h.parent(q);
                    assert!(m < q, "{h:?}");
                    assert!(h.children(m).contains(&q));
                    slaves[m as usize] += 1;
                }
                for q in 0..p {
                    assert_eq!(slaves[q as usize], h.children(q).len() as u64);
                    assert_eq!(h.is_leaf(q), slaves[q as usize] == 0, "{p} {q} {h:?}");
                }
            }
        }
    }
    for (p, d) in [
        (16, "5/2"),
        (64, "1+5+19+39"),
        (256, "5/10/4"),
        (1024, "1+5+50+322+646"),
    ] {
        assert_eq!(Hierarchy::auto(p, 10, 10).describe(), d);
    }
}

/// `--quiescence`: the value of the serial alpha-beta search with quiescence at the same depth,
/// on chess bench positions, on both runtimes.
#[test]
fn chess_with_quiescence_equals_the_serial_search() {
    let opts = SearchOptions {
        quiescence: true,
        ..SearchOptions::default()
    };
    let mut differs = 0;
    for (i, rec) in bench::wac().iter().enumerate().step_by(45) {
        let root = &rec.position;
        let want = Algorithm::AlphaBeta
            .search(root, &Limits::depth(3), &opts)
            .value;
        differs += usize::from(want != exact(root, 3));
        for (spec, procs) in [
            ("type-guided:quiescence=1", Some(4)),
            ("type-guided:quiescence=1,preorder=1,serial=0", Some(8)),
            ("type-guided:quiescence=1,f=2/2,master=1,step=1", None),
        ] {
            for be in [sim(0, true), Backend::Threads { poll_every: 16 }] {
                let out = search(&algo(spec), root, 3, procs, &be).unwrap();
                assert_eq!(out.value, want, "wac #{} {spec} {be:?}", i + 1);
                assert!(out.stats.qnodes > 0);
            }
        }
    }
    // The quiescence search matters on these positions (else the test proves little).
    assert!(differs > 0);
}
