//! Brute-force oracle (seed 001 §3): the model's bottom values are a uniformly random
//! permutation of `N^D` distinct values, so E[NBP_{N,D}] is the average, over all `(N^D)!`
//! permutations, of the number of bottom positions `alphabeta` examines. Exact, and only for
//! tiny trees (`N^D ≤ 9`: 362 880 searches).
use crate::count::alphabeta_stats;
use arachne_core::{Game, Score};
use num_bigint::BigInt;
use num_rational::BigRational;
use std::sync::Arc;

/// Largest `N^D` the oracle accepts.
pub const MAX_LEAVES: u64 = 9;

/// A complete tree whose bottom values are given by a permutation (max's point of view, bottom
/// positions numbered left to right).
#[derive(Clone, Debug)]
pub struct PermTree {
    values: Arc<Vec<i32>>,
    index: u32,
    depth: u32,
    n: u32,
    d: u32,
}

impl PermTree {
    /// The root of the tree of branching `n`, depth `d` with bottom values `values`
    /// (`values.len() == n^d`).
    pub fn new(n: u32, d: u32, values: Arc<Vec<i32>>) -> Self {
        assert_eq!(
            values.len() as u64,
            (n as u64).pow(d),
            "PermTree: wrong size"
        );
        PermTree {
            values,
            index: 0,
            depth: 0,
            n,
            d,
        }
    }
}

impl Game for PermTree {
    type Move = u32;
    fn moves(&self, out: &mut Vec<u32>) {
        out.clear();
        if self.depth < self.d {
            out.extend(0..self.n);
        }
    }
    fn play(&self, mv: u32) -> Self {
        PermTree {
            values: Arc::clone(&self.values),
            index: self.index * self.n + mv,
            depth: self.depth + 1,
            ..*self
        }
    }
    fn evaluate(&self) -> Score {
        let v = if self.depth == self.d {
            self.values[self.index as usize]
        } else {
            0
        };
        Score(if self.depth % 2 == 0 { v } else { -v })
    }
    fn is_terminal(&self) -> bool {
        self.depth >= self.d
    }
    fn move_name(&self, mv: u32) -> String {
        (mv + 1).to_string()
    }
}

/// Exact averages over all permutations: `(E[NBP], E[non-terminal positions examined])`.
/// `None` when `n^d > MAX_LEAVES` or `n` or `d` is 0.
pub fn averages(n: u32, d: u32) -> Option<(BigRational, BigRational)> {
    if n == 0 || d == 0 {
        return None;
    }
    let size = (n as u64).checked_pow(d).filter(|&s| s <= MAX_LEAVES)? as usize;
    let mut perm: Vec<i32> = (0..size as i32).collect();
    let (mut leaves, mut movegens, mut count) = (0u64, 0u64, 0u64);
    // Heap's algorithm, iterative.
    let mut c = vec![0usize; size];
    let mut visit = |p: &[i32]| {
        let s = alphabeta_stats(&PermTree::new(n, d, Arc::new(p.to_vec())), d);
        leaves += s.leaves;
        movegens += s.movegens;
        count += 1;
    };
    visit(&perm);
    let mut i = 1;
    while i < size {
        if c[i] < i {
            if i % 2 == 0 {
                perm.swap(0, i);
            } else {
                perm.swap(c[i], i);
            }
            visit(&perm);
            c[i] += 1;
            i = 1;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    let q = BigInt::from(count);
    Some((
        BigRational::new(leaves.into(), q.clone()),
        BigRational::new(movegens.into(), q),
    ))
}

/// Exact E[NBP_{N,D}] by brute force (see [`averages`]).
pub fn expected_nbp(n: u32, d: u32) -> Option<BigRational> {
    averages(n, d).map(|a| a.0)
}
