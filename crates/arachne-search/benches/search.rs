//! Serial search speed.
//!
//! * `alphabeta/incremental_b10_random_d10`: alpha-beta on a Korf–Chickering tree, b = 10,
//!   random branching, depth 10 (seed 1) — nodes per second.
//! * `alphabeta/connect4_d10`: alpha-beta on connect four from the start, depth 10.
//! * `vs_minimax/*`: the `minimax` crate's `Negamax` (0.6.0) against our `alphabeta` on connect
//!   four from the start at equal depth, both generating columns left to right and using the
//!   same static evaluation. (`minimax` shuffles its root moves at random, so its node count
//!   varies a little from run to run; nodes per second is what is compared.)
//!
//! Run: `cargo bench -p arachne-search --bench search`. Nodes per second are printed by
//! criterion as `thrpt` (elements = positions visited) and, for the comparison, as a summary line.
use arachne_core::{Game, Limits};
use arachne_games::{Branching, Connect4, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_search::{Algorithm, SearchOptions};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::cell::Cell;
use std::time::{Duration, Instant};

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

/// Adapter: our connect four as a `minimax` game, counting applied moves.
mod adapter {
    use super::*;
    use minimax::{Evaluation, Evaluator, Winner};

    thread_local! {
        pub static APPLIED: Cell<u64> = const { Cell::new(0) };
    }

    pub struct C4;
    impl minimax::Game for C4 {
        type S = Connect4;
        type M = u8;
        fn generate_moves(s: &Connect4, moves: &mut Vec<u8>) -> Option<Winner> {
            if let Some(w) = Self::get_winner(s) {
                return Some(w);
            }
            let mut buf = Vec::with_capacity(7);
            s.moves(&mut buf);
            moves.extend_from_slice(&buf);
            None
        }
        fn apply(s: &mut Connect4, m: u8) -> Option<Connect4> {
            APPLIED.with(|a| a.set(a.get() + 1));
            Some(s.play(m))
        }
        fn get_winner(s: &Connect4) -> Option<Winner> {
            if !s.is_terminal() {
                None
            } else if s.evaluate() == arachne_core::Score::LOSS {
                Some(Winner::PlayerJustMoved)
            } else {
                Some(Winner::Draw)
            }
        }
    }

    pub struct Eval;
    impl Evaluator for Eval {
        type G = C4;
        fn evaluate(&self, s: &Connect4) -> Evaluation {
            s.evaluate().0.clamp(-30_000, 30_000) as Evaluation
        }
    }
}

fn vs_minimax(c: &mut Criterion) {
    use minimax::Strategy;
    const DEPTH: u32 = 9;
    let root = Connect4::new();
    let mut g = c.benchmark_group("vs_minimax");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    let (mut ours_nodes, mut ours_time) = (0u64, Duration::ZERO);
    let (mut theirs_nodes, mut theirs_time) = (0u64, Duration::ZERO);
    g.bench_function(BenchmarkId::new("arachne_alphabeta", DEPTH), |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                ours_nodes += nodes(&root, DEPTH);
            }
            let t = start.elapsed();
            ours_time += t;
            t
        })
    });
    g.bench_function(BenchmarkId::new("minimax_negamax", DEPTH), |b| {
        b.iter_custom(|iters| {
            let mut s = minimax::Negamax::new(adapter::Eval, DEPTH as u8);
            let start = Instant::now();
            for _ in 0..iters {
                adapter::APPLIED.with(|a| a.set(0));
                s.choose_move(&root);
                // Positions visited: every applied move plus the root.
                theirs_nodes += adapter::APPLIED.with(|a| a.get()) + 1;
            }
            let t = start.elapsed();
            theirs_time += t;
            t
        })
    });
    g.finish();
    let ours = ours_nodes as f64 / ours_time.as_secs_f64();
    let theirs = theirs_nodes as f64 / theirs_time.as_secs_f64();
    println!(
        "connect4 depth {DEPTH}: arachne alphabeta {:.2} Mnodes/s, minimax Negamax {:.2} Mnodes/s, ratio {:.2}x",
        ours / 1e6,
        theirs / 1e6,
        ours / theirs
    );
}

criterion_group!(benches, alphabeta_speed, vs_minimax);
criterion_main!(benches);
