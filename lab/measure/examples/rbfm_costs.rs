//! The costs of serial RBFM's tree operations relative to the paper's evaluation (an empty loop
//! of 50 000 iterations, seed 002 §6.2.2), measured side by side in one run on this machine:
//! a walk (SELECT), a leaf's expansion without its evaluations (moves, tree growth), the
//! BACKUP of one node (the work done under one node lock in the shared-tree form), and the
//! empty loop. Used for the lock model of `arachne experiment rbfm-parallel`.
//!
//! `cargo run --release -p arachne-measure --example rbfm_costs`
use arachne_bestfirst::engine::Searcher;
use arachne_bestfirst::{rbfm, tables, BfOptions, Kind};
use arachne_core::Limits;
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use rand::SeedableRng;
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let table = Arc::new(tables::default_for("incremental", "incremental:b=10"));
    let (mut sel, mut back, mut nodes_up, mut exp, mut n) = (0.0, 0.0, 0u64, 0.0, 0u64);
    for seed in 1..=20u64 {
        let root = IncrementalTree::new(IncrementalParams {
            b: 10,
            d: 60,
            seed,
            branching: Branching::Random,
            values: EdgeValues::Real,
        });
        let mut opts = BfOptions::new(Kind::Rbfm);
        opts.seed = seed;
        opts.vote = 0;
        opts.pv_depth = Some(26);
        opts.table = Some(Arc::clone(&table));
        // The whole serial search (select + expand + backup), then its parts on the tree it grew.
        let mut s = Searcher::new(root, opts.clone());
        let t0 = Instant::now();
        let out = s.run(&Limits::default().with_nodes(5_000_000));
        exp += t0.elapsed().as_secs_f64();
        n += out.expansions();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut leaves = Vec::new();
        let t0 = Instant::now();
        for _ in 0..2000 {
            if let Some(w) = rbfm::select(s.tree(), &table, &mut rng, true) {
                leaves.push(w.leaf);
            }
        }
        sel += t0.elapsed().as_secs_f64() / 2000.0 * out.expansions() as f64;
        let mut path = Vec::new();
        let mut up = 0u64;
        let t0 = Instant::now();
        for &l in &leaves {
            let p = s.tree().node(l).parent;
            s.tree_mut().backup(p);
        }
        back += t0.elapsed().as_secs_f64() / leaves.len() as f64 * out.expansions() as f64;
        for &l in &leaves {
            s.tree().path_to(l, &mut path);
            up += path.len() as u64;
        }
        nodes_up += up * out.expansions() / leaves.len() as u64;
    }
    let t0 = Instant::now();
    for _ in 0..2000 {
        let mut i = 0u64;
        while black_box(i) < 50_000 {
            i += 1;
        }
    }
    let eval = t0.elapsed().as_secs_f64() / 2000.0;
    let per = |x: f64| 1e6 * x / n as f64;
    println!("expansions {n}");
    println!("empty loop of 50 000 iterations: {:.2} us", 1e6 * eval);
    println!(
        "serial RBFM per expansion (select + expand + backup, no loop): {:.3} us",
        per(exp)
    );
    println!(
        "  select {:.3} us, backup {:.3} us over {:.2} nodes ({:.4} us per node)",
        per(sel),
        per(back),
        nodes_up as f64 / n as f64,
        per(back) / (nodes_up as f64 / n as f64)
    );
    println!(
        "ratios to one evaluation: expansion overhead {:.4}, backup per node {:.5}",
        per(exp) / (1e6 * eval),
        per(back) / (nodes_up as f64 / n as f64) / (1e6 * eval)
    );
}
