//! The move counts of unexpanded nodes (seed 002 §2.6, §3.2.2; `dist` module docs, "`d_v` of an
//! unexpanded node"): learning files `s = 0` samples by the position's move count, a table
//! with such cells makes the search count the moves of every leaf it generates, and sampling
//! an unexpanded node reads the cell of its count.
use arachne_bestfirst::learn::{learn, random_positions, real_scores, LearnConfig};
use arachne_bestfirst::master::{self, Backend, MasterConfig};
use arachne_bestfirst::tree::Tree;
use arachne_bestfirst::{shared, tables, BfOptions, DistTable, Kind, Searcher, Step};
use arachne_core::{Game, Limits};
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_runtime::{CostModel, SimConfig};
use std::sync::Arc;

fn tree(b: u32, seed: u64) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d: 60,
        seed,
        branching: Branching::Random,
        values: EdgeValues::Real,
    })
}

#[test]
fn learning_files_unexpanded_samples_by_move_count() {
    let root = tree(5, 3);
    let pos = random_positions(&root, 400, 1, 6, 9);
    let real = real_scores(&pos, 4);
    let cfg = LearnConfig {
        real_depth: 4,
        expansions: 3,
        rounds: 2,
        family: "normal".parse().unwrap(),
        ..LearnConfig::default()
    };
    let t = learn(&pos, &real, &cfg, &mut |_, _| {}).table;
    // Every s = 0 sample sits in the column of its position's move count (1..=5).
    let mut want = [0u32; 6];
    let mut moves = Vec::new();
    for p in &pos {
        p.moves(&mut moves);
        want[moves.len()] += 1;
    }
    assert_eq!(t.n[0][0], 0);
    assert_eq!(&t.n[0][1..6], &want[1..]);
    assert!(t.unexpanded_by_d());
    // The cells differ: a node with one move is not too pessimistic as one with five is
    // (§3.2.2).
    assert!(
        t.f[0][1] < t.f[0][5],
        "f(0, 1) {} f(0, 5) {}",
        t.f[0][1],
        t.f[0][5]
    );
    // Old tables (one pooled s = 0 column) and constant ones do not ask for the counts.
    assert!(!DistTable::constant("normal".parse().unwrap(), 1.0).unexpanded_by_d());
}

#[test]
fn the_search_counts_the_moves_of_generated_leaves_only_when_the_table_asks() {
    let learned = tables::default_for("incremental", "incremental:b=10");
    assert!(
        learned.unexpanded_by_d(),
        "the shipped tables have the cells"
    );
    let mut pooled = learned.clone();
    for d in 1..pooled.n[0].len() {
        pooled.n[0][d] = 0;
    }
    for (table, counted) in [(learned, true), (pooled, false)] {
        let mut o = BfOptions::new(Kind::Rbfm);
        o.table = Some(Arc::new(table));
        let root = tree(10, 5);
        let mut s = Searcher::new(root, o);
        for _ in 0..40 {
            assert!(matches!(s.step(), Step::Expanded { .. }));
        }
        let t = s.tree();
        let mut path = Vec::new();
        let mut moves = Vec::new();
        let mut leaves = 0;
        for i in 1..t.len() as u32 {
            let n = t.node(i);
            if !n.is_leaf() || n.solved() {
                continue;
            }
            leaves += 1;
            let pos = t.position(s.root(), i, &mut path);
            pos.moves(&mut moves);
            let want = if counted { moves.len() as u8 } else { 0 };
            assert_eq!(n.moves_hint, want, "leaf {i}");
        }
        assert!(leaves > 100);
        // The counts are not generated nodes: children generated = the expanded nodes' d.
        let gen: u64 = (0..t.len() as u32).map(|i| t.node(i).d as u64).sum();
        assert_eq!(s.stats().leaves, gen);
    }
}

#[test]
fn an_unexpanded_node_is_sampled_from_its_move_counts_cell() {
    use rand::SeedableRng;
    let mut t = DistTable::constant("normal".parse().unwrap(), 0.0);
    t.f[0][3] = 100.0;
    t.f[0][0] = -7.0;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    // g = 0: the sample is the cell's mean, score + f(0, d).
    assert_eq!(t.sample(&mut rng, 5, 0, 3, 4), 105.0);
    assert_eq!(t.sample(&mut rng, 5, 0, 0, 4), -2.0);
    assert_eq!(t.sample(&mut rng, 5, 0, 2, 4), 5.0);
}

/// The b = 10 shipped table and the same table with its `s = 0` cells by `d` emptied (pooled).
fn learned_and_pooled() -> (DistTable, DistTable) {
    let learned = tables::default_for("incremental", "incremental:b=10");
    let mut pooled = learned.clone();
    for d in 1..pooled.n[0].len() {
        pooled.n[0][d] = 0;
    }
    (learned, pooled)
}

/// Every unsolved leaf of `t` carries its move count (`counted`), or 0.
fn check_hints(t: &Tree<u32>, root: &IncrementalTree, counted: bool, what: &str) -> usize {
    let (mut path, mut moves, mut leaves) = (Vec::new(), Vec::new(), 0);
    for i in 1..t.len() as u32 {
        let n = t.node(i);
        if !n.is_leaf() || n.solved() {
            continue;
        }
        leaves += 1;
        t.position(root, i, &mut path).moves(&mut moves);
        let want = if counted { moves.len() as u8 } else { 0 };
        assert_eq!(n.moves_hint, want, "{what}: leaf {i}");
    }
    leaves
}

#[test]
fn the_shared_tree_counts_the_moves_of_generated_leaves() {
    let (learned, pooled) = learned_and_pooled();
    for (table, counted) in [(learned, true), (pooled, false)] {
        let table = Arc::new(table);
        for walkers in [1u32, 3] {
            let mut o = BfOptions::new(Kind::Rbfm);
            o.table = Some(Arc::clone(&table));
            let root = tree(10, 7);
            let limits = Limits::default().with_nodes(2_000);
            let (out, t) = shared::search_tree(&root, &o, &limits, walkers);
            assert!(out.generated() <= 2_000);
            let what = format!("walkers {walkers} counted {counted}");
            assert!(check_hints(&t, &root, counted, &what) > 100, "{what}");
        }
    }
}

/// With one slave the master waits for each reply before it selects again, so the master–slave
/// form makes the serial engine's walks — if, and only if, the slave's children carry the move
/// counts the serial engine stores (the learned table samples an unexpanded node from its
/// count's cell). P = 1 (the master expands itself) likewise.
#[test]
fn master_slave_counts_the_moves_as_the_serial_engine_does() {
    let (learned, pooled) = learned_and_pooled();
    let mut differs = 0;
    for seed in 1..=6u64 {
        let root = tree(10, 10 + seed);
        let mut outs = Vec::new();
        for table in [&learned, &pooled] {
            let mut o = BfOptions::new(Kind::Rbfm);
            o.seed = seed;
            o.vote = 0;
            o.table = Some(Arc::new(table.clone()));
            let budget = 1_500 + 100 * seed;
            let a = Searcher::new(root, o.clone()).run(&Limits::default().with_nodes(budget));
            for p in [1u32, 2] {
                let mut cfg = MasterConfig::new(o.clone(), p);
                cfg.max_nodes = Some(budget);
                cfg.serial_baseline = false;
                let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
                let b = master::search(&root, &cfg, &sim).unwrap().outcome;
                let what = format!("seed {seed} P {p}");
                assert_eq!(a.pv, b.pv, "{what}");
                assert_eq!(a.best_move, b.best_move, "{what}");
                assert_eq!(a.tree_nodes, b.tree_nodes, "{what}");
                assert_eq!(
                    (a.stats.interior, a.stats.leaves),
                    (b.stats.interior, b.stats.leaves),
                    "{what}"
                );
            }
            outs.push(a.pv);
        }
        differs += usize::from(outs[0] != outs[1]);
    }
    // The counts matter: the learned and the pooled tables make different searches.
    assert!(differs >= 3, "only {differs} of 6 searches differ");
}
