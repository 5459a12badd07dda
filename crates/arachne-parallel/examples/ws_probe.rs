use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_parallel::smp::work_span::{measure, CostWeights, Split};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args[1].parse().unwrap();
    let d: u32 = args[2].parse().unwrap();
    let serial: u32 = args[3].parse().unwrap();
    let trees: Vec<_> = (1..=n)
        .map(|seed| {
            IncrementalTree::new(IncrementalParams {
                b: 10,
                d,
                seed,
                branching: Branching::Uniform,
                values: EdgeValues::Real,
            })
        })
        .collect();
    for split in [Split::Jamboree, Split::Ybwc] {
        for w in [CostWeights::NODES, CostWeights::EVALS] {
            let s = Instant::now();
            let pre = std::env::var("PRE").map_or(true, |v| v == "1");
            let m = measure(split, &trees, d, serial, pre, w, &[2, 16, 64, 1024]);
            println!(
                "{split:?} {w:?} W={} T={} W/T={:.2} sp={:?} nodes={} {:?}",
                m.work,
                m.span,
                m.parallelism(),
                m.speedups(),
                m.stats.nodes(),
                s.elapsed()
            );
        }
    }
}
