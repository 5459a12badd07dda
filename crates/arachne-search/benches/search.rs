//! Serial search speed.
//!
//! * `alphabeta/incremental_b10_random_d10`: alpha-beta on a Korf–Chickering tree, b = 10,
//!   random branching, depth 10 (seed 1) — nodes per second.
//! * `alphabeta/connect4_d10`: alpha-beta on connect four from the start, depth 10.
//!
//! The comparison with the `minimax` crate is its own benchmark, `vs_minimax` (both engines
//! interleaved in one run).
//!
//! Run: `cargo bench -p arachne-search --bench search`. Nodes per second are printed by
//! criterion as `thrpt` (elements = positions visited).
use arachne_core::{Game, Limits};
use arachne_games::{Branching, Connect4, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_search::{Algorithm, SearchOptions};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

fn nodes<G: Game>(root: &G, depth: u32) -> u64 {
    Algorithm::AlphaBeta
        .search(root, &Limits::depth(depth), &SearchOptions::default())
        .stats
        .nodes()
}

fn alphabeta_speed(c: &mut Criterion) {
    let mut g = c.benchmark_group("alphabeta");
    g.sample_size(20).measurement_time(Duration::from_secs(5));
    let tree = IncrementalTree::new(IncrementalParams {
        b: 10,
        d: 10,
        seed: 1,
        branching: Branching::Random,
        values: EdgeValues::Real,
    });
    g.throughput(Throughput::Elements(nodes(&tree, 10)));
    g.bench_function("incremental_b10_random_d10", |b| {
        b.iter(|| Algorithm::AlphaBeta.search(&tree, &Limits::depth(10), &SearchOptions::default()))
    });
    let c4 = Connect4::new();
    g.throughput(Throughput::Elements(nodes(&c4, 10)));
    g.bench_function("connect4_d10", |b| {
        b.iter(|| Algorithm::AlphaBeta.search(&c4, &Limits::depth(10), &SearchOptions::default()))
    });
    g.finish();
}

criterion_group!(benches, alphabeta_speed);
criterion_main!(benches);
