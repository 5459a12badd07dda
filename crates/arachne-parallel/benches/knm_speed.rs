//! Throughput of the Key Node Method's simulators (see docs/benchmarks-history.md, "Key Node Method"):
//! messages handled per second of wall time on one core (criterion's "elem/s"), on the paper's
//! trees (`incremental`, integer increments in [−1000, 999)) with and without preordering.
//!
//! * `knm/pooled/...` — the paper's pooled k-processor model (§4.2.2), k = 1 and k = 64;
//! * `knm/dist-sim/...` — the distributed form as processes on the `sim` runtime, P = 64.
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_parallel::knm::{dist, pooled, KnmOptions};
use arachne_runtime::{CostModel, SimConfig};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

fn tree(b: u32, d: u32, seed: u64) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: Branching::Uniform,
        values: EdgeValues::Int { lo: -1000, hi: 999 },
    })
}

fn knm_speed(c: &mut Criterion) {
    let mut g = c.benchmark_group("knm");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    for (b, d, preorder) in [(6u32, 7u32, true), (5, 6, false)] {
        let root = tree(b, d, 1);
        let o = KnmOptions {
            preorder,
            ..KnmOptions::default()
        };
        for k in [1u32, 64] {
            let msgs = pooled::run(&root, d, k, &o).unwrap().stats.messages;
            g.throughput(Throughput::Elements(msgs));
            g.bench_function(
                format!("pooled/b{b}d{d}/pre{}/k{k}", preorder as u8),
                |bch| bch.iter(|| pooled::run(&root, d, k, &o).unwrap().time),
            );
        }
        let cfg = SimConfig::new(CostModel::unit(1.0));
        let (_, _, st) = dist::run_sim_stats(&o, &root, d, 64, &cfg);
        g.throughput(Throughput::Elements(st.messages));
        g.bench_function(
            format!("dist-sim/b{b}d{d}/pre{}/P64", preorder as u8),
            |bch| bch.iter(|| dist::run_sim_stats(&o, &root, d, 64, &cfg).1),
        );
    }
    g.finish();
}

criterion_group!(benches, knm_speed);
criterion_main!(benches);
