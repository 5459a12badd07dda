//! Shared test helpers: random trees of mixed shape and a reference negamax.
#![allow(dead_code)]
use arachne_core::{Game, Score};
use arachne_games::{
    Branching, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree,
};
use proptest::prelude::*;

/// Reference minimax value in negamax form, written independently of the searchers
/// (decisive values count plies from `root` as the searchers do).
pub fn reference<G: Game>(p: &G, depth: u32) -> Score {
    reference_at(p, depth, 0)
}

/// [`reference`] for a position `ply` plies below the root.
pub fn reference_at<G: Game>(p: &G, depth: u32, ply: u32) -> Score {
    let mut moves = Vec::new();
    if depth > 0 && !p.is_terminal() {
        p.moves(&mut moves);
    }
    if moves.is_empty() {
        return p.evaluate().at_ply(ply);
    }
    moves
        .iter()
        .map(|&m| -reference_at(&p.play(m), depth - 1, ply + 1))
        .max()
        .unwrap()
}

/// The value of root move `m` as the root sees it.
pub fn move_value<G: Game>(root: &G, m: G::Move, depth: u32) -> Score {
    -reference_at(&root.play(m), depth - 1, 1)
}

/// A random tree description.
#[derive(Clone, Debug)]
pub enum TreeSpec {
    Iid(IidParams),
    Incremental(IncrementalParams),
}

/// Branching/depth pairs small enough for thousands of cases: b^d ≤ ~3000.
pub fn shape() -> impl Strategy<Value = (u32, u32)> {
    (1u32..=8).prop_flat_map(|d| {
        let max_b = match d {
            1 => 12u32,
            2 => 10,
            3 => 8,
            4 => 6,
            5 => 5,
            6 => 4,
            7 => 3,
            _ => 3,
        };
        (1..=max_b, Just(d))
    })
}

pub fn tree_spec() -> impl Strategy<Value = TreeSpec> {
    (shape(), any::<u64>(), 0u8..6).prop_map(|((b, d), seed, kind)| match kind {
        0 => TreeSpec::Iid(IidParams {
            n: b,
            d,
            seed,
            range: None,
        }),
        1 => TreeSpec::Iid(IidParams {
            n: b,
            d,
            seed,
            range: Some(1 + (seed % 5) as u32),
        }),
        2 => TreeSpec::Incremental(IncrementalParams {
            b,
            d,
            seed,
            branching: Branching::Uniform,
            values: EdgeValues::Real,
        }),
        3 => TreeSpec::Incremental(IncrementalParams {
            b,
            d,
            seed,
            branching: Branching::Random,
            values: EdgeValues::Real,
        }),
        4 => TreeSpec::Incremental(IncrementalParams {
            b,
            d,
            seed,
            branching: Branching::Random,
            values: EdgeValues::Int { lo: -1000, hi: 999 },
        }),
        _ => TreeSpec::Incremental(IncrementalParams {
            b,
            d,
            seed,
            branching: Branching::Uniform,
            values: EdgeValues::Int { lo: -3, hi: 3 },
        }),
    })
}

impl TreeSpec {
    pub fn depth(&self) -> u32 {
        match self {
            TreeSpec::Iid(p) => p.d,
            TreeSpec::Incremental(p) => p.d,
        }
    }
}

/// Calls `f` with the root of the tree.
#[macro_export]
macro_rules! with_tree {
    ($spec:expr, |$root:ident| $body:expr) => {
        match $spec {
            common::TreeSpec::Iid(p) => {
                let $root = arachne_games::IidTree::new(*p);
                $body
            }
            common::TreeSpec::Incremental(p) => {
                let $root = arachne_games::IncrementalTree::new(*p);
                $body
            }
        }
    };
}

pub fn iid(n: u32, d: u32, seed: u64) -> IidTree {
    IidTree::new(IidParams {
        n,
        d,
        seed,
        range: None,
    })
}

pub fn incremental(b: u32, d: u32, seed: u64, branching: Branching) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching,
        values: EdgeValues::Int { lo: -1000, hi: 999 },
    })
}
