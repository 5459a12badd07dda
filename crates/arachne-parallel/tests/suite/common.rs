//! What several subjects share: the exact value every parallel search must return (serial
//! alpha-beta's), random incremental trees of integer edge values, and a shared-memory search
//! to a depth.
use arachne_core::{Game, Limits, Score};
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_parallel::smp::{search, SmpAlgo};
use arachne_search::{Algorithm, SearchOptions, SearchOutcome};

/// The minimax value of `root` to `depth`, by serial alpha-beta with the default options.
pub fn exact<G: Game>(root: &G, depth: u32) -> Score {
    Algorithm::AlphaBeta
        .search(root, &Limits::depth(depth), &SearchOptions::default())
        .value
}

/// An incremental tree with integer edge values uniform in `lo..hi`, and random branching
/// (`1..=b` children, the root `b`) or uniform (`b` children).
pub fn incremental(b: u32, d: u32, seed: u64, random: bool, lo: i32, hi: i32) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: if random {
            Branching::Random
        } else {
            Branching::Uniform
        },
        values: EdgeValues::Int { lo, hi },
    })
}

/// The shared-memory search `algo` (its `name:options` spec) of `root` to `depth` on `threads`
/// threads.
pub fn smp<G: Game>(
    algo: &str,
    root: &G,
    depth: u32,
    threads: usize,
    opts: &SearchOptions,
) -> SearchOutcome<G::Move> {
    let algo: SmpAlgo = algo.parse().unwrap();
    search(
        &algo,
        root,
        &Limits::depth(depth),
        opts,
        threads,
        None,
        &mut |_| {},
    )
    .unwrap()
}
