//! The cost of [`Pathed`] (positions that carry their path, as on `--backend mpi`): the same
//! serial resumable search (`arachne_search::stepper`) on a game and on the game wrapped (docs/benchmarks-history.md).
//!
//! ```sh
//! cargo run --release -p arachne-measure --example pathed_overhead
//! ```
use arachne_core::{Game, Window};
use arachne_games::{Branching, Chess, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_runtime::Pathed;
use arachne_search::stepper::{Stepper, StepperMode};
use std::time::Instant;

fn run<G: Game>(root: &G, depth: u32) -> (f64, u64) {
    let mut s = Stepper::new(StepperMode::AlphaBeta, false);
    let t = Instant::now();
    s.start(root.clone(), Window::FULL, depth, 0);
    s.finish().expect("finished");
    (t.elapsed().as_secs_f64(), s.stats.nodes())
}

fn compare<G: Game>(name: &str, root: G, depth: u32) {
    for _ in 0..2 {
        let (a, n) = run(&root, depth);
        let (b, m) = run(&Pathed::root(root.clone()), depth);
        assert_eq!(n, m);
        println!(
            "{name}: {n} nodes, plain {:.3} s ({:.1} M nodes/s), pathed {:.3} s ({:.1} M nodes/s): {:.2}x",
            a,
            n as f64 / a / 1e6,
            b,
            n as f64 / b / 1e6,
            b / a
        );
    }
}

fn main() {
    let inc = IncrementalTree::new(IncrementalParams {
        b: 10,
        d: 11,
        seed: 5,
        branching: Branching::Uniform,
        values: EdgeValues::Real,
    });
    compare("incremental:b=10,d=11,seed=5 depth 11", inc, 11);
    compare("chess start depth 7", Chess::default(), 7);
}
