//! Chess speed: perft leaves per second (with and without bulk counting at the last ply) and
//! alpha-beta nodes per second at a fixed depth on bench positions.
//!
//! `cargo bench -p arachne-games --bench chess`
use arachne_core::{perft, Limits};
use arachne_games::chess::{bench, perft_board, Chess};
use arachne_search::{Algorithm, SearchOptions};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

const PERFT: &[(&str, &str, u32)] = &[
    ("start", arachne_games::chess::STARTPOS, 4),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    ),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
];

fn perft_bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("chess_perft");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    for &(name, fen, depth) in PERFT {
        let p = Chess::from_fen(fen).unwrap();
        let leaves = perft(&p, depth);
        g.throughput(Throughput::Elements(leaves));
        g.bench_function(BenchmarkId::new("bulk", name), |b| {
            b.iter(|| perft_board(p.board(), depth, true))
        });
        g.bench_function(BenchmarkId::new("no_bulk", name), |b| {
            b.iter(|| perft_board(p.board(), depth, false))
        });
        g.bench_function(BenchmarkId::new("game_trait", name), |b| {
            b.iter(|| perft(&p, depth))
        });
    }
    g.finish();
}

/// The bench positions searched: every 7th LCT II position, every 20th ply of
/// Spassky–Fischer game 21, every 5th Nunn position.
fn positions() -> Vec<Chess> {
    let mut v: Vec<Chess> = bench::lct2()
        .into_iter()
        .step_by(7)
        .map(|r| r.position)
        .collect();
    v.extend(bench::spassky_fischer().into_iter().step_by(20));
    v.extend(bench::nunn().into_iter().step_by(5).map(|r| r.position));
    v
}

fn search_bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("chess_alphabeta");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    let pos = positions();
    let plain = SearchOptions::default();
    let ordered = SearchOptions {
        hints: true,
        killers: true,
        history: true,
        ..SearchOptions::default()
    };
    let quiesce = SearchOptions {
        quiescence: true,
        ..ordered.clone()
    };
    for (name, opts, depth) in [
        ("plain_d4", &plain, 4),
        ("ordered_d4", &ordered, 4),
        ("ordered_quiescence_d3", &quiesce, 3),
    ] {
        let run = || {
            pos.iter()
                .map(|p| {
                    let s = Algorithm::AlphaBeta
                        .search(p, &Limits::depth(depth), opts)
                        .stats;
                    s.nodes() + s.qnodes
                })
                .sum::<u64>()
        };
        let nodes = run();
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(
            BenchmarkId::new(name, format!("{} positions", pos.len())),
            |b| b.iter(run),
        );
    }
    g.finish();
}

criterion_group!(benches, perft_bench, search_bench);
criterion_main!(benches);
