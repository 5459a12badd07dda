//! Shared-memory searches (`smp`): exact values against serial search for every thread count,
//! lazy SMP's guarantee, a stress test of short searches with random stops, and Cilk-style
//! work/span on small trees.
use crate::common::smp;
use arachne_core::{Game, Limits, Score, StopFlag};
use arachne_games::{
    chess::bench, othello, Branching, Chess, EdgeValues, IidParams, IidTree, IncrementalParams,
    IncrementalTree,
};
use arachne_parallel::smp::work_span::{measure, CostWeights, Split};
use arachne_parallel::smp::{search, SmpAlgo};
use arachne_search::{Algorithm, SearchOptions, ValueKind};
use proptest::prelude::*;
use std::time::Duration;

const EXACT: [&str; 7] = [
    "ybwc:serial=1",
    "ybwc:serial=2",
    "ybwc",
    "jamboree:serial=1",
    "jamboree:serial=2",
    "jamboree",
    "abdada",
];

/// The options of these tests' searches: `SearchOptions::default()` with a 1 MiB table. It
/// holds every tree and search here; a search on several threads writes its whole table
/// before it starts (`TranspositionTable::prefault`), which for the default 16 MiB costs more
/// than these searches.
fn small_table() -> SearchOptions {
    SearchOptions {
        tt_mib: 1,
        ..SearchOptions::default()
    }
}

/// The best move must achieve the value: the child's value one ply less deep, negated.
fn move_achieves<G: Game>(root: &G, mv: G::Move, depth: u32, value: Score, opts: &SearchOptions) {
    let child = root.play(mv);
    let v = if depth == 1 {
        -child.evaluate()
    } else {
        -Algorithm::AlphaBeta
            .search(&child, &Limits::depth(depth - 1), opts)
            .value
    };
    // Decisive scores count plies from the root searched: compare the others.
    if !value.is_decisive() {
        assert_eq!(v, value, "best move does not achieve the value");
    }
}

fn iid(n: u32, d: u32, seed: u64) -> IidTree {
    IidTree::new(IidParams {
        n,
        d,
        seed,
        range: Some(5),
    })
}

fn inc(b: u32, d: u32, seed: u64) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: Branching::Uniform,
        values: EdgeValues::Real,
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// ybwc, jamboree and abdada return the serial value for every thread count 1–8 on random
    /// trees (uniform iid trees with few values: many ties; incremental trees).
    #[test]
    fn exact_on_random_trees(
        seed in 0u64..1_000_000,
        n in 2u32..5,
        d in 1u32..6,
        threads in 1usize..=8,
        which in 0usize..EXACT.len(),
        incremental in any::<bool>(),
        preorder in any::<bool>(),
    ) {
        let opts = SearchOptions { preorder, ..small_table() };
        let algo = EXACT[which];
        let (want, got) = if incremental {
            let t = inc(n, d, seed);
            let want = Algorithm::Negamax.search(&t, &Limits::depth(d), &opts).value;
            (want, smp(algo, &t, d, threads, &opts))
        } else {
            let t = iid(n, d, seed);
            let want = Algorithm::Negamax.search(&t, &Limits::depth(d), &opts).value;
            (want, smp(algo, &t, d, threads, &opts))
        };
        prop_assert_eq!(got.kind, ValueKind::Exact);
        prop_assert_eq!(got.value, want, "{} threads={}", algo, threads);
        prop_assert_eq!(got.depth, d);
        prop_assert!(got.best_move.is_some());
    }

    /// lazy-smp: the value is exact at the requested depth, and its best move achieves it.
    #[test]
    fn lazy_smp_guarantee(
        seed in 0u64..1_000_000,
        n in 2u32..5,
        d in 1u32..5,
        threads in 1usize..=8,
    ) {
        let t = inc(n, d + 1, seed);
        let opts = small_table();
        let got = smp("lazy-smp", &t, d, threads, &opts);
        prop_assert_eq!(got.depth, d);
        let want = Algorithm::Negamax.search(&t, &Limits::depth(got.depth), &opts).value;
        prop_assert_eq!(got.value, want);
        let mv = got.best_move.expect("a move");
        let mut moves = Vec::new();
        t.moves(&mut moves);
        prop_assert!(moves.contains(&mv));
        move_achieves(&t, mv, got.depth, got.value, &opts);
    }
}

fn real_game<G: Game>(root: &G, depth: u32, opts: &SearchOptions, what: &str) {
    let want = Algorithm::AlphaBeta.search(root, &Limits::depth(depth), opts);
    for algo in ["ybwc:serial=2", "jamboree:serial=2", "abdada"] {
        for threads in [1, 2, 3, 8] {
            let got = smp(algo, root, depth, threads, opts);
            assert_eq!(got.value, want.value, "{what} {algo} threads={threads}");
        }
    }
    let got = smp("lazy-smp", root, depth, 3, opts);
    let v = Algorithm::AlphaBeta
        .search(root, &Limits::depth(got.depth), opts)
        .value;
    assert_eq!(got.value, v, "{what} lazy-smp");
}

fn ordering() -> SearchOptions {
    SearchOptions {
        hints: true,
        killers: true,
        history: true,
        ..small_table()
    }
}

#[test]
fn chess_bench_positions() {
    let opts = SearchOptions {
        quiescence: true,
        ..ordering()
    };
    for (i, rec) in bench::lct2().iter().enumerate().step_by(8) {
        real_game(&rec.position, 3, &opts, &format!("lct2 #{}", i + 1));
    }
    real_game(&Chess::default(), 4, &opts, "start");
}

#[test]
fn checkers_bench_positions() {
    for (i, p) in arachne_games::checkers::bench_positions()
        .iter()
        .enumerate()
        .step_by(2)
    {
        real_game(p, 6, &ordering(), &format!("checkers #{i}"));
    }
}

#[test]
fn othello_bench_positions() {
    for (i, p) in othello::bench_positions().iter().enumerate().step_by(2) {
        real_game(p, 4, &ordering(), &format!("othello #{i}"));
    }
}

/// Many short searches with random thread counts and random stop times (stop flag, deadline
/// or node budget): every search returns, and a stopped search's result is the last completed
/// iteration's (exact at its depth) or says it has none.
#[test]
fn stress_random_stops() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut rnd = move |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    let algos = ["ybwc", "jamboree:serial=2", "lazy-smp", "abdada"];
    for i in 0..1000 {
        let t = inc(6, 9, i);
        let algo: SmpAlgo = algos[rnd(4) as usize].parse().unwrap();
        let threads = 1 + rnd(8) as usize;
        let stop = StopFlag::new();
        let mut limits = Limits {
            depth: Some(9),
            stop: stop.clone(),
            ..Limits::default()
        };
        let delay = Duration::from_micros(rnd(3000));
        let stopper = match rnd(3) {
            0 => {
                let s = stop.clone();
                Some(std::thread::spawn(move || {
                    std::thread::sleep(delay);
                    s.stop()
                }))
            }
            1 => {
                limits = limits.with_time(delay);
                None
            }
            _ => {
                limits = limits.with_nodes(1 + rnd(50_000));
                None
            }
        };
        let opts = small_table();
        let out = search(&algo, &t, &limits, &opts, threads, None, &mut |_| {}).unwrap();
        if let Some(h) = stopper {
            h.join().unwrap();
        }
        match out.kind {
            ValueKind::Exact => {
                assert!(
                    out.depth >= 1 && out.depth <= 9,
                    "{algo}: depth {}",
                    out.depth
                );
                let want = Algorithm::AlphaBeta
                    .search(&t, &Limits::depth(out.depth), &opts)
                    .value;
                assert_eq!(
                    out.value, want,
                    "{algo} threads={threads} depth {}",
                    out.depth
                );
                assert!(out.best_move.is_some());
            }
            ValueKind::Unknown => assert!(out.stopped.is_some()),
            k => panic!("unexpected kind {k:?}"),
        }
    }
}

/// The one-processor traces compute the serial value; W/T∞ exceeds 1 and the greedy schedule
/// respects Brent's bounds.
#[test]
fn work_span_quick() {
    let trees: Vec<_> = (0..6).map(|s| inc(5, 7, s)).collect();
    for split in [Split::Ybwc, Split::Jamboree] {
        let m = measure(
            split,
            &trees,
            7,
            3,
            true,
            CostWeights::NODES,
            &[1, 2, 4, 16, 1024],
        );
        for (t, v) in trees.iter().zip(&m.values) {
            let want = Algorithm::AlphaBeta
                .search(t, &Limits::depth(7), &SearchOptions::default())
                .value;
            assert_eq!(*v, want);
        }
        assert!(m.span < m.work);
        for &(p, tp) in &m.times {
            let lower = (m.work as f64 / p as f64).max(m.span as f64);
            assert!(tp as f64 >= lower - 1e-9, "{split:?} P={p}");
            assert!(tp as f64 <= m.work as f64 / p as f64 + m.span as f64 + 1e-9);
        }
        assert_eq!(m.times[0].1, m.work);
        assert_eq!(m.times[4].1, m.span);
    }
}

/// Fail-soft alpha-beta in generation order: (value, nodes) — the serial strand of a trace.
fn ab_count<G: Game>(pos: &G, depth: u32, alpha: Score, beta: Score) -> (Score, u64) {
    let mut moves = Vec::new();
    if depth > 0 && !pos.is_terminal() {
        pos.moves(&mut moves);
    }
    if moves.is_empty() {
        return (pos.evaluate(), 1);
    }
    let (mut m, mut nodes) = (-Score::INF, 1);
    for mv in moves {
        let (t, c) = ab_count(&pos.play(mv), depth - 1, -beta, -m.max(alpha));
        nodes += c;
        if -t > m {
            m = -t;
            if m >= beta {
                break;
            }
        }
    }
    (m, nodes)
}

/// (value, work, span) of the one-processor execution of YBWC (`jamboree` false) or Jamboree,
/// computed by the recurrences of their task graphs, independently of `work_span::Dag`: a
/// serial subtree is one strand of its full cost; a node's opening costs 1 and precedes its
/// eldest son; YBWC's younger brothers (Jamboree's tests) all start after the eldest; a
/// Jamboree re-search starts after its test and after every earlier iteration ended.
fn ws_recurrence<G: Game>(
    pos: &G,
    depth: u32,
    alpha: Score,
    beta: Score,
    serial: u32,
    jamboree: bool,
) -> (Score, u64, u64) {
    if depth < serial {
        let (v, w) = ab_count(pos, depth, alpha, beta);
        return (v, w, w);
    }
    let mut moves = Vec::new();
    if depth > 0 && !pos.is_terminal() {
        pos.moves(&mut moves);
    }
    if moves.is_empty() {
        return (pos.evaluate(), 1, 1);
    }
    let rec = |mv, a, b| ws_recurrence(&pos.play(mv), depth - 1, a, b, serial, jamboree);
    let (t, w0, s0) = rec(moves[0], -beta, -alpha);
    let (mut best, mut work, first_end) = (-t, 1 + w0, 1 + s0);
    if best >= beta || moves.len() == 1 {
        return (best, work, first_end);
    }
    let (mut alpha, mut end, mut previous) = (alpha.max(best), first_end, first_end);
    for &mv in &moves[1..] {
        let a = alpha;
        let (t, w, s) = if jamboree {
            rec(mv, -a - 1, -a)
        } else {
            rec(mv, -beta, -a)
        };
        work += w;
        let (v, mut done) = (-t, first_end + s);
        best = best.max(v);
        if jamboree && v > a && v < beta {
            let (t, w, s) = rec(mv, -beta, -alpha);
            work += w;
            done = done.max(previous) + s;
            best = best.max(-t);
            alpha = alpha.max(-t);
        } else if !jamboree {
            alpha = alpha.max(v);
        }
        end = end.max(done);
        previous = previous.max(done);
        if best >= beta {
            break;
        }
    }
    (best, work, end)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// The traced task graphs' W and T∞ equal the recurrences' on random trees, for every
    /// serial depth; with the serial depth above the search depth the whole search is one
    /// strand (T∞ = W).
    #[test]
    fn work_span_exact(
        seed in 0u64..1_000_000,
        b in 2u32..6,
        d in 1u32..7,
        serial_off in 0u32..8,
        jam in any::<bool>(),
    ) {
        let serial = 1 + serial_off.min(d);
        let t = inc(b, d, seed);
        let split = if jam { Split::Jamboree } else { Split::Ybwc };
        let m = measure(split, std::slice::from_ref(&t), d, serial, false, CostWeights::NODES, &[]);
        let (v, w, s) = ws_recurrence(&t, d, -Score::INF, Score::INF, serial, jam);
        prop_assert_eq!(m.values[0], v);
        prop_assert_eq!(m.work, w);
        prop_assert_eq!(m.span, s, "{:?} serial {}", split, serial);
        prop_assert_eq!(m.work, m.stats.nodes());
        if serial > d {
            prop_assert_eq!(m.span, m.work);
        }
    }
}

/// Every algorithm reports each completed depth while it searches (UCI `info` lines under
/// `go infinite`): a report callback that stops the search at depth 2 ends it with the stop
/// flag, long before the node budget that guards the test.
#[test]
fn reports_arrive_during_the_search() {
    for algo in ["ybwc", "jamboree", "lazy-smp", "abdada"] {
        for threads in [1, 2, 4] {
            let t = inc(6, 40, 7);
            let stop = StopFlag::new();
            let limits = Limits {
                depth: Some(40),
                stop: stop.clone(),
                ..Limits::default()
            }
            .with_nodes(20_000_000);
            let algo_p: SmpAlgo = algo.parse().unwrap();
            let mut seen = Vec::new();
            let out = search(
                &algo_p,
                &t,
                &limits,
                &SearchOptions::default(),
                threads,
                None,
                &mut |o| {
                    seen.push(o.depth);
                    if o.depth >= 2 {
                        stop.stop();
                    }
                },
            )
            .unwrap();
            assert_eq!(
                out.stopped,
                Some(arachne_core::StopReason::Stopped),
                "{algo} threads={threads}"
            );
            assert_eq!(seen[..2], [1, 2], "{algo} threads={threads}: {seen:?}");
            assert!(out.depth >= 2 && out.depth <= 40);
        }
    }
}
