//! The Key Node Method (seed 003): the root value is the minimax value on many random trees, for
//! every processor count, delivery order, variant and machine model; exact counts on perfectly
//! ordered trees; the documented choices.
use arachne_core::{Game, Limits, Score};
use arachne_games::{
    Branching, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree, Order,
    OrderedParams, OrderedTree,
};
use arachne_parallel::knm::{self, pooled, KnmOptions, Model};
use arachne_parallel::{search, Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};
use proptest::prelude::*;

fn exact<G: Game>(root: &G, depth: u32) -> Score {
    Algorithm::AlphaBeta
        .search(root, &Limits::depth(depth), &SearchOptions::default())
        .value
}

fn paper_tree(b: u32, d: u32, seed: u64, random: bool) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: if random {
            Branching::Random
        } else {
            Branching::Uniform
        },
        values: EdgeValues::Int { lo: -1000, hi: 999 },
    })
}

fn variants() -> Vec<KnmOptions> {
    let mut v = Vec::new();
    for fifo in [true, false] {
        for suppress in [true, false] {
            for deepening in [false, true] {
                for preorder in [false, true] {
                    v.push(KnmOptions {
                        fifo,
                        suppress,
                        deepening,
                        preorder,
                        ..KnmOptions::default()
                    });
                }
            }
        }
    }
    v
}

#[test]
fn smoke_pooled() {
    let t = paper_tree(3, 5, 1, false);
    let want = exact(&t, 5);
    for o in variants() {
        for k in [1, 2, 5, 20, 256] {
            let out = pooled::run(&t, 5, k, &o).unwrap();
            assert_eq!(out.value, want, "{o:?} k={k}");
        }
    }
}

#[test]
fn smoke_dist() {
    let t = paper_tree(3, 5, 1, false);
    let want = exact(&t, 5);
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for o in variants() {
        for p in [1, 2, 5, 20] {
            let out = search(&ParAlgo::Knm(o), &t, 5, Some(p), &sim).unwrap();
            assert_eq!(out.value, want, "{o:?} p={p}");
        }
    }
}
