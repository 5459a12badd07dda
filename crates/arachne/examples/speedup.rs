//! The same position searched on 1 and 2 threads and on the simulator at P = 1 … 64: what
//! parallel search buys here, and what it would on more processors.
//!
//! Threads are timed on this machine (against the best serial search with the same options,
//! side by side); simulated processors report the simulator's speedup, virtual time against
//! the best serial search under the same cost model (deterministic: the same every run).
//!
//! Run: `cargo run --release -p arachne --example speedup`
use arachne::games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne::{Detail, Limits, Searcher};
use std::time::Instant;

fn main() -> Result<(), arachne::RunError> {
    // Korf–Chickering incremental random tree: 8 moves a node, 10 plies.
    let root = IncrementalTree::new(IncrementalParams {
        b: 8,
        d: 10,
        seed: 1,
        branching: Branching::Uniform,
        values: EdgeValues::Real,
    });
    let limits = Limits::depth(10);

    // The baseline is the faster of the serial searches with the same options, measured in
    // the same loop: aspiration, and ABDADA on one thread (iterative deepening on a table).
    println!("real threads (median of 3 rounds, interleaved):");
    let mut searchers = [
        (
            "aspiration, serial",
            arachne::search("aspiration").preorder(true).build()?,
        ),
        (
            "abdada, 1 thread",
            arachne::search("abdada")
                .threads(1)
                .preorder(true)
                .build()?,
        ),
        (
            "abdada, 2 threads",
            arachne::search("abdada")
                .threads(2)
                .preorder(true)
                .build()?,
        ),
    ];
    let mut times = vec![Vec::new(); searchers.len()];
    let mut value = None;
    for _round in 0..3 {
        for (i, (name, s)) in searchers.iter_mut().enumerate() {
            let (v, t) = timed(s, &root, &limits)?;
            assert!(*value.get_or_insert(v) == v, "{name}: value {v} differs");
            times[i].push(t);
        }
    }
    let median = |t: &mut Vec<f64>| {
        t.sort_by(f64::total_cmp);
        t[t.len() / 2]
    };
    let medians: Vec<f64> = times.iter_mut().map(median).collect();
    let serial = medians[0].min(medians[1]);
    for ((name, _), t) in searchers.iter().zip(&medians) {
        println!(
            "  {name:<20} {:>8.1} ms   speedup {:.2}",
            t * 1e3,
            serial / t
        );
    }

    println!("simulated processors (tree-split, cost model arachne):");
    for p in [1, 2, 4, 8, 16, 32, 64] {
        let mut s = arachne::search("tree-split").procs(p).build()?;
        let out = s.search(&root, &limits)?;
        if let Detail::MessagePassing(d) = &out.detail {
            println!(
                "  P = {p:>2}   speedup {:>6.2}   nodes {:>9}   messages {:>7}",
                d.run.speedup.unwrap_or(0.0),
                out.stats.nodes(),
                d.run.messages
            );
        }
    }
    Ok(())
}

/// One search: its value and wall time in seconds.
fn timed(
    s: &mut Box<dyn Searcher<IncrementalTree>>,
    root: &IncrementalTree,
    limits: &Limits,
) -> Result<(arachne::Score, f64), arachne::RunError> {
    let start = Instant::now();
    let out = s.search(root, limits)?;
    Ok((out.value, start.elapsed().as_secs_f64()))
}
