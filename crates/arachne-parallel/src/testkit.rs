//! What the unit tests of several modules share.
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};

/// An incremental tree with integer edge values uniform in `lo..hi`, and random branching
/// (`1..=b` children, the root `b`) or uniform (`b` children).
pub(crate) fn incremental(
    b: u32,
    d: u32,
    seed: u64,
    random: bool,
    lo: i32,
    hi: i32,
) -> IncrementalTree {
    let branching = if random {
        Branching::Random
    } else {
        Branching::Uniform
    };
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching,
        values: EdgeValues::Int { lo, hi },
    })
}
