//! §5.2's heuristics 1 (unknown children) and 2 (EXTEND-DOWN: SEARCH-DEPTH−1, then the best
//! child to SEARCH-DEPTH+1) on a game whose evaluation is a shallow search, as RBFM's chess
//! evaluator is: incremental trees whose static value is alpha-beta to `K` plies. They must
//! leave exactness, the tree's invariants and seeded repetition intact, evaluate fewer
//! children, and change nothing when off. The same heuristics on chess, with RBFM's shallow
//! evaluator, are tested where that evaluator lives (`arachne-engine/tests/shallow.rs`).
use arachne_bestfirst::tree::{up, HAS_UNKNOWN};
use arachne_bestfirst::{tables, BfOptions, Heuristics, Kind, LeafSearch, Searcher, Step};
use arachne_core::{Game, Limits, Score};
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_search::{Algorithm, SearchOptions};
use std::cell::Cell;
use std::sync::Arc;

/// SEARCH-DEPTH of the test evaluator.
const K: u32 = 2;

thread_local! {
    static EVALS: Cell<u64> = const { Cell::new(0) };
}

fn alphabeta<G: Game>(g: &G, depth: u32) -> (Score, Option<G::Move>) {
    let o = Algorithm::AlphaBeta.search(g, &Limits::depth(depth), &SearchOptions::default());
    (o.value, o.best_move)
}

/// An incremental tree whose static value is alpha-beta to `K` plies (counted in `EVALS`).
#[derive(Clone, Debug)]
struct Deep(IncrementalTree);

impl Game for Deep {
    type Move = u32;
    fn moves(&self, out: &mut Vec<u32>) {
        self.0.moves(out)
    }
    fn play(&self, mv: u32) -> Self {
        Deep(self.0.play(mv))
    }
    fn evaluate(&self) -> Score {
        EVALS.with(|e| e.set(e.get() + 1));
        if self.0.is_terminal() {
            return self.0.evaluate();
        }
        alphabeta(&self.0, K).0
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn move_name(&self, mv: u32) -> String {
        self.0.move_name(mv)
    }
}

fn leaf_search() -> LeafSearch<Deep> {
    Arc::new(|p: &Deep, delta: i32| alphabeta(&p.0, (K as i32 + delta).max(1) as u32))
}

fn tree(b: u32, d: u32, seed: u64) -> Deep {
    Deep(IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: Branching::Random,
        values: EdgeValues::Int { lo: -3, hi: 3 },
    }))
}

fn searcher(root: &Deep, seed: u64, h1: bool, h2: bool, pruning: bool) -> Searcher<Deep> {
    let mut o = BfOptions::new(Kind::Rbfm);
    o.seed = seed;
    o.pruning = pruning;
    let mut t = tables::default_for("incremental", "incremental:b=3,lo=-3,hi=3");
    t.family = "exponential:damping=0.25".parse().unwrap();
    o.table = Some(Arc::new(t));
    o.heuristics = Heuristics {
        unknown_children: h1,
        shallow_down: h2,
    };
    Searcher::new(root.clone(), o).with_leaf_search(leaf_search())
}

/// Every node with unknown children has the score a full evaluation of them would give, and
/// (the test evaluator's searches being exact) each bound is at most the child's evaluation
/// (`exact`: heuristic 1 alone); with heuristic 2 the score is a lower bound on that.
fn unknowns_are_consistent(s: &Searcher<Deep>, exact: bool) {
    let t = s.tree();
    let mut path = Vec::new();
    for i in 0..t.len() as u32 {
        let n = *t.node(i);
        if n.flags & HAS_UNKNOWN == 0 {
            continue;
        }
        let pos = t.position(s.root(), i, &mut path);
        let first = t.node(n.first);
        assert!(!first.unknown(), "node {i}: the best child is stored first");
        let mut full = i32::MIN;
        for c in t.children(i) {
            let cn = t.node(c);
            let score = if cn.unknown() {
                let v = pos.play(t.mv(c).unwrap()).evaluate().0;
                if exact {
                    assert!(
                        v >= cn.score,
                        "node {i}: an unknown child's bound {} > {v}",
                        cn.score
                    );
                }
                v
            } else {
                cn.score
            };
            full = full.max(up(score));
        }
        if exact {
            assert_eq!(
                full, n.score,
                "node {i}: evaluating its unknown children changes it"
            );
        } else {
            assert!(full >= n.score, "node {i}: not a lower bound");
        }
    }
}

#[test]
fn run_to_the_end_they_return_the_exact_value() {
    for seed in 1..=40u64 {
        let root = tree(3, 7, seed);
        let exact = alphabeta(&root.0, 7).0;
        for (h1, h2, pruning) in [
            (true, false, true),
            (false, true, true),
            (true, true, true),
            (true, true, false),
        ] {
            let mut s = searcher(&root, seed, h1, h2, pruning);
            let mut k = 0;
            while let Step::Expanded { .. } = s.step() {
                k += 1;
                if k % 7 == 0 {
                    s.tree().check().unwrap();
                    unknowns_are_consistent(&s, !h2);
                }
            }
            let out = s.outcome(Default::default(), arachne_bestfirst::BfStop::Solved);
            assert!(out.solved, "seed {seed} {h1} {h2} {pruning}");
            assert_eq!(out.value, exact, "seed {seed} {h1} {h2} {pruning}");
            s.tree().check().unwrap();
            let best = s.tree().best_child(0).unwrap();
            assert_eq!(up(s.tree().node(best).score), exact.0);
        }
    }
}

#[test]
fn heuristic_1_evaluates_fewer_children_and_keeps_the_invariants() {
    let (mut with, mut without, mut resolved) = (0u64, 0u64, 0u64);
    for seed in 1..=20u64 {
        let root = tree(6, 30, seed);
        for h1 in [false, true] {
            let mut s = searcher(&root, seed, h1, false, true);
            let e0 = EVALS.with(|e| e.get());
            for _ in 0..150 {
                assert!(matches!(s.step(), Step::Expanded { .. }));
            }
            let evals = EVALS.with(|e| e.get()) - e0;
            s.tree().check().unwrap();
            unknowns_are_consistent(&s, true);
            if h1 {
                with += evals;
                resolved += s.resolved();
            } else {
                without += evals;
                assert_eq!(s.resolved(), 0);
            }
        }
    }
    assert!(resolved > 0, "unknown children were evaluated when needed");
    assert!(
        with < without,
        "heuristic 1: {with} evaluations, plain: {without}"
    );
}

#[test]
fn heuristic_2_expands_an_extend_down_leaf_and_its_best_child() {
    let mut seen = 0;
    for seed in 1..=20u64 {
        let root = tree(5, 30, seed);
        let mut s = searcher(&root, seed, true, true, true);
        for _ in 0..60 {
            let Step::Expanded { leaf, .. } = s.step() else {
                panic!("expands")
            };
            let t = s.tree();
            let n = *t.node(leaf);
            if leaf == 0 || n.d == 0 || t.node(n.first).d == 0 {
                continue;
            }
            // The leaf and its best child were both expanded in this step.
            seen += 1;
            let c = *t.node(n.first);
            let mut path = Vec::new();
            let pos = t.position(s.root(), leaf, &mut path);
            let cpos = pos.play(t.mv(n.first).unwrap());
            assert_eq!((n.s, c.s), (2, 1));
            assert_eq!(n.score, up(c.score), "the leaf's score is up(best child)");
            assert_eq!(c.score, alphabeta(&cpos.0, K + 1).0 .0, "child to K + 1");
            assert!(
                n.score <= alphabeta(&pos.0, K + 2).0 .0,
                "a lower bound on the leaf's value"
            );
            t.check().unwrap();
            unknowns_are_consistent(&s, false);
        }
    }
    assert!(seen > 20, "{seen} EXTEND-DOWN expansions");
}

#[test]
fn seeded_runs_repeat_and_heuristics_off_change_nothing() {
    for seed in 1..=10u64 {
        let root = tree(5, 30, seed);
        let run = |s: &mut Searcher<Deep>| {
            for _ in 0..80 {
                s.step();
            }
            let t = s.tree();
            (t.len(), t.root().score, t.pv(), s.stats().leaves)
        };
        let a = run(&mut searcher(&root, seed, true, true, true));
        let b = run(&mut searcher(&root, seed, true, true, true));
        assert_eq!(a, b);
        // Off, with or without a leaf search: the plain searcher.
        let mut o = BfOptions::new(Kind::Rbfm);
        o.seed = seed;
        o.table = searcher(&root, seed, false, false, true)
            .options()
            .table
            .clone();
        let plain = run(&mut Searcher::new(root.clone(), o));
        let off = run(&mut searcher(&root, seed, false, false, true));
        assert_eq!(plain, off);
    }
}

// ---- The master–slave form with heuristics 1 and 2 (`master::search_with`). ----

use arachne_bestfirst::master::{self, Backend, Evaluator, MasterConfig};
use arachne_runtime::{CostModel, SimConfig};

fn evaluator() -> Evaluator<Deep> {
    Evaluator {
        search: leaf_search(),
        meter: None,
    }
}

fn ms_config(seed: u64, h1: bool, h2: bool, procs: u32) -> MasterConfig {
    let o = searcher(&tree(2, 2, 1), seed, h1, h2, true)
        .options()
        .clone();
    let mut cfg = MasterConfig::new(o, procs);
    cfg.serial_baseline = false;
    cfg
}

fn sim() -> Backend {
    Backend::Sim(SimConfig::new(CostModel::unit(1.0)))
}

fn check_best(root: &Deep, depth: u32, mv: Option<u32>, want: Score, what: &str) {
    let c = root.play(mv.expect("a best move"));
    assert_eq!(
        Score(up(alphabeta(&c.0, depth - 1).0 .0)),
        want,
        "{what}: best move"
    );
}

#[test]
fn master_slave_with_heuristics_is_exact_on_sim_for_every_p() {
    let mut resolved = 0;
    for seed in 1..=16u64 {
        let d = 5 + (seed % 3) as u32;
        let root = tree(3, d, seed);
        let want = alphabeta(&root.0, d).0;
        for (h1, h2) in [(true, false), (false, true), (true, true)] {
            for p in [1u32, 2, 5, 16] {
                let cfg = ms_config(seed, h1, h2, p);
                let out = master::search_with(&root, &cfg, &sim(), Some(evaluator())).unwrap();
                let what = format!("seed {seed} h1 {h1} h2 {h2} P {p}");
                assert_eq!(
                    out.outcome.stop,
                    arachne_bestfirst::BfStop::Solved,
                    "{what}"
                );
                assert_eq!(out.outcome.value, want, "{what}");
                check_best(&root, d, out.outcome.best_move, want, &what);
                assert_eq!(out.outcome.generated() as usize + 1, out.outcome.tree_nodes);
                if p > 1 {
                    resolved += out.detail.resolved;
                }
            }
        }
    }
    assert!(resolved > 0, "slaves evaluated unknown children");
}

#[test]
fn master_slave_with_heuristics_is_exact_on_threads() {
    for seed in 1..=6u64 {
        let root = tree(3, 6, seed);
        let want = alphabeta(&root.0, 6).0;
        for p in [2u32, 4] {
            let cfg = ms_config(seed, true, true, p);
            let out = master::search_with(
                &root,
                &cfg,
                &Backend::Threads { poll_every: 1 },
                Some(evaluator()),
            )
            .unwrap();
            assert!(out.outcome.solved, "seed {seed} P {p}");
            assert_eq!(out.outcome.value, want, "seed {seed} P {p}");
            check_best(&root, 6, out.outcome.best_move, want, "threads");
        }
    }
}

#[test]
fn master_slave_with_one_processor_is_the_serial_engine() {
    // P = 1: the master does both halves itself and resolves on the spot, as the serial
    // engine does — the same walks, so the same tree, counts and move.
    for seed in 1..=8u64 {
        let root = tree(5, 30, seed);
        for (h1, h2) in [(true, false), (false, true), (true, true)] {
            let budget = 400 + 37 * seed;
            let mut s = searcher(&root, seed, h1, h2, true);
            let a = s.run(&Limits::default().with_nodes(budget));
            let mut cfg = ms_config(seed, h1, h2, 1);
            cfg.max_nodes = Some(budget);
            let b = master::search_with(&root, &cfg, &sim(), Some(evaluator())).unwrap();
            let what = format!("seed {seed} h1 {h1} h2 {h2}");
            assert_eq!(a.stop, b.outcome.stop, "{what}");
            assert_eq!(a.value, b.outcome.value, "{what}");
            assert_eq!(a.pv, b.outcome.pv, "{what}");
            assert_eq!(a.best_move, b.outcome.best_move, "{what}");
            assert_eq!(a.tree_nodes, b.outcome.tree_nodes, "{what}");
            assert_eq!(
                (a.stats.interior, a.stats.leaves),
                (b.outcome.stats.interior, b.outcome.stats.leaves),
                "{what}"
            );
            assert_eq!(s.resolved(), b.detail.resolved, "{what}");
        }
    }
}

#[test]
fn master_slave_with_heuristics_repeats_on_sim_and_off_changes_nothing() {
    let root = tree(5, 30, 3);
    let mut cfg = ms_config(3, true, true, 8);
    cfg.max_nodes = Some(3_000);
    cfg.trace = true;
    let a = master::search_with(&root, &cfg, &sim(), Some(evaluator())).unwrap();
    let b = master::search_with(&root, &cfg, &sim(), Some(evaluator())).unwrap();
    assert_eq!(a.time, b.time);
    assert_eq!(a.outcome.pv, b.outcome.pv);
    assert_eq!(a.outcome.stats, b.outcome.stats);
    assert_eq!(a.detail.trace, b.detail.trace);
    assert_eq!(a.detail.resolved, b.detail.resolved);
    assert!(a.outcome.generated() <= 3_000);
    // The trace: time never goes back, and its last point is the outcome's move.
    assert!(a.detail.trace.windows(2).all(|w| w[0].time <= w[1].time));
    let last = a.detail.trace.last().unwrap();
    assert_eq!(last.decision, a.outcome.best_move);
    assert_eq!(last.generated, a.outcome.generated());
    // Heuristics off, with or without the evaluator: the plain master–slave search.
    let mut off = cfg.clone();
    off.opts.heuristics = Heuristics::default();
    let plain = master::search(&root, &off, &sim()).unwrap();
    let with = master::search_with(&root, &off, &sim(), Some(evaluator())).unwrap();
    assert_eq!(plain.time, with.time);
    assert_eq!(plain.outcome.pv, with.outcome.pv);
    assert_eq!(plain.outcome.stats, with.outcome.stats);
    assert_eq!(plain.detail.trace, with.detail.trace);
    assert_eq!(with.detail.resolved, 0);
}
