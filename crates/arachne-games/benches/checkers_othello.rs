//! Checkers and Othello speed: perft (leaves per second, with bulk counting at the last ply
//! and without it) and alpha-beta (nodes per second at a fixed depth on the bench positions).
//!
//! ```text
//! cargo bench -p arachne-games --bench checkers_othello
//! ```
use arachne_core::{Game, Limits};
use arachne_games::{checkers, othello, Checkers, Othello};
use arachne_search::{Algorithm, SearchOptions};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

/// Perft that visits every leaf (no bulk counting).
fn perft_full<G: Game>(pos: &G, depth: u32, bufs: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().unwrap();
    pos.moves(buf);
    let mut n = 0;
    for &m in buf.iter() {
        n += perft_full(&pos.play(m), depth - 1, rest);
    }
    n
}

fn perft_bench<G: Game>(c: &mut Criterion, name: &str, root: G, depth: u32) {
    let leaves = arachne_core::perft(&root, depth);
    let mut g = c.benchmark_group(format!("{name}_perft"));
    g.throughput(Throughput::Elements(leaves));
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    g.bench_function(BenchmarkId::new("bulk", depth), |b| {
        b.iter(|| arachne_core::perft(black_box(&root), depth))
    });
    g.bench_function(BenchmarkId::new("full", depth), |b| {
        let mut bufs: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
        b.iter(|| perft_full(black_box(&root), depth, &mut bufs))
    });
    g.finish();
}

/// Alpha-beta over a set of positions; throughput = nodes (interior + bottom positions +
/// quiescence nodes) of one pass over the set, also printed once.
fn search_bench<G: Game>(
    c: &mut Criterion,
    name: &str,
    label: &str,
    positions: &[G],
    depth: u32,
    opts: &SearchOptions,
) {
    let limits = Limits::depth(depth);
    let nodes: u64 = positions
        .iter()
        .map(|p| {
            let s = Algorithm::AlphaBeta.search(p, &limits, opts).stats;
            s.interior + s.leaves + s.qnodes
        })
        .sum();
    eprintln!(
        "{name} alphabeta {label} depth {depth}: {nodes} nodes over {} positions",
        positions.len()
    );
    let mut g = c.benchmark_group(format!("{name}_alphabeta"));
    g.throughput(Throughput::Elements(nodes));
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    g.bench_function(BenchmarkId::new(label, depth), |b| {
        b.iter(|| {
            for p in positions {
                black_box(Algorithm::AlphaBeta.search(p, &limits, opts).value);
            }
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    perft_bench(c, "checkers", Checkers::start(), 9);
    perft_bench(c, "othello", Othello::start(), 8);
    let plain = SearchOptions {
        tt_mib: 1,
        ..Default::default()
    };
    let ordered = SearchOptions {
        hints: true,
        killers: true,
        history: true,
        tt_mib: 1,
        ..Default::default()
    };
    let ck = checkers::bench_positions();
    search_bench(c, "checkers", "plain", &ck, 10, &plain);
    search_bench(c, "checkers", "ordered", &ck, 10, &ordered);
    // every 4th of the 244 positions after 4 plies: 61 positions
    let oth: Vec<Othello> = othello::bench_positions().into_iter().step_by(4).collect();
    search_bench(c, "othello", "plain", &oth, 6, &plain);
    search_bench(c, "othello", "ordered", &oth, 6, &ordered);
}

criterion_group!(checkers_othello, benches);
criterion_main!(checkers_othello);
