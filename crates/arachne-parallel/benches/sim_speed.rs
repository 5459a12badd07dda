//! Benchmarks of the runtimes (see docs/benchmarks-history.md, "Parallel runtimes and the Fishburn–Finkel
//! system"):
//!
//! * `sim/tree-split` — the simulator's own speed: tree-splitting on `incremental:b=10,d=10`
//!   with P = 64 (one master, 63 slaves; and f=7, q=2), throughput in simulated nodes per second
//!   of wall time (criterion's "elem/s");
//! * `threads/...` — wall-clock time of serial alpha-beta (`arachne_search`) and of tree-split
//!   on the threads runtime with 1 (a lone slave: the same stepper, serially), 2 and 3 processors
//!   on the same trees (the ratios are the speedups on this machine's cores).
use arachne_core::Limits;
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_parallel::{search, tree_split, Backend, ParAlgo, TreeSplitOptions};
use arachne_parallel::{Msg, ProcTree};
use arachne_runtime::{run_sim, CostModel, Process, SimConfig};
use arachne_search::{Algorithm, SearchOptions};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

fn tree(b: u32, d: u32, seed: u64) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: Branching::Uniform,
        values: EdgeValues::Real,
    })
}

fn simulate(root: &IncrementalTree, depth: u32, shape: ProcTree, cfg: &SimConfig) -> u64 {
    let procs = tree_split::build::<IncrementalTree>(shape, &TreeSplitOptions::default());
    let init = vec![(
        0,
        Msg::evaluate(1, *root, depth, 0, arachne_core::Window::FULL),
    )];
    let out = run_sim(procs, init, cfg, |m| matches!(m, Msg::Value { .. }));
    out.procs.iter().map(|p| p.stats().nodes()).sum()
}

fn sim_speed(c: &mut Criterion) {
    let root = tree(10, 10, 1);
    let mut g = c.benchmark_group("sim");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    for (name, cost) in [
        ("arachne", CostModel::arachne()),
        ("unit", CostModel::unit(1.0)),
    ] {
        let cfg = SimConfig::new(cost);
        for shape in [ProcTree { f: 63, q: 1 }, ProcTree { f: 7, q: 2 }] {
            let nodes = simulate(&root, 10, shape, &cfg);
            g.throughput(Throughput::Elements(nodes));
            g.bench_function(
                format!("tree-split/b10d10/f{}q{}/{name}", shape.f, shape.q),
                |b| b.iter(|| simulate(&root, 10, shape, &cfg)),
            );
        }
    }
    g.finish();
}

fn threads_speedup(c: &mut Criterion) {
    let roots: Vec<IncrementalTree> = (1..=4).map(|s| tree(10, 8, s)).collect();
    let mut g = c.benchmark_group("threads");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function("alphabeta/b10d8x4", |b| {
        b.iter(|| {
            for r in &roots {
                Algorithm::AlphaBeta.search(r, &Limits::depth(8), &SearchOptions::default());
            }
        })
    });
    let be = Backend::Threads { poll_every: 32 };
    for (p, spec) in [
        (1u32, "tree-split"),
        (2, "tree-split"),
        (3, "tree-split"),
        (2, "tree-split:master=1"),
    ] {
        let algo: ParAlgo = spec.parse().unwrap();
        g.bench_function(format!("{spec}/P{p}/b10d8x4"), |b| {
            b.iter(|| {
                for r in &roots {
                    search(&algo, r, 8, Some(p), &be).unwrap();
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, sim_speed, threads_speedup);
criterion_main!(benches);
