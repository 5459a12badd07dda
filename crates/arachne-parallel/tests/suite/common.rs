//! What several subjects share: the exact value every parallel search must return (serial
//! alpha-beta's), and random incremental trees of integer edge values.
use arachne_core::{Game, Limits, Score};
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_search::{Algorithm, SearchOptions};

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
