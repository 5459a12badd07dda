//! Korf–Chickering incremental random game trees (seed 002 §3.1.1).
//!
//! Every edge carries an independent random value; a node's static value is the sum of the edge
//! values on its path from the root (from the root player's, max's, point of view — negated at
//! odd depths for the negamax convention). Bottom positions' values are their exact values.
//!
//! * Edge values: uniform reals in `[-1, 1]` by default, represented in fixed point as integers
//!   in `[-2^20, 2^20]` (one unit is 2^-20 ≈ 9.5e-7), or uniform integers in `[lo, hi)`
//!   (`lo=-1000,hi=999` is seed 003's choice).
//! * Branching: uniform `b`, or random uniform in `1..=b` per node with the root always `b`.
//!
//! ## Numbering
//! As Korf and Chickering do, edges are numbered breadth-first and edge `k`'s value is computed
//! directly from `k` — here with a strong counter-based hash (SplitMix64 of `seed` and `k`)
//! rather than a jumped-ahead LCG. Numbering is over the *virtual complete* `b`-ary tree: the
//! node with number `k` has children `k·b + 1 … k·b + b` (random branching uses a prefix of
//! them), so a node's number never depends on other nodes' branching.
//!
//! When the complete tree's numbers would overflow 64 bits (e.g. `b = 20, d = 100`), a node's
//! key is instead a hash of its parent's key and its child index. Both schemes are pure
//! functions of the path, so a tree is identical whatever order it is visited in.
use arachne_core::rng::{hash2, mix64, uniform_in};
use arachne_core::{Game, Score};

/// How many children a node has.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Branching {
    /// Every interior node has exactly `b` children.
    Uniform,
    /// Independent uniform in `1..=b`, the root always `b`.
    Random,
}

/// The distribution of edge values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EdgeValues {
    /// Uniform real in `[-1, 1]`, in fixed point with scale `2^20`.
    Real,
    /// Uniform integer in `[lo, hi)`.
    Int { lo: i32, hi: i32 },
}

/// Fixed-point scale of [`EdgeValues::Real`].
pub const REAL_SCALE: i32 = 1 << 20;

/// Parameters of an [`IncrementalTree`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IncrementalParams {
    /// Maximum branching factor b (≥ 1).
    pub b: u32,
    /// Depth d (≥ 1).
    pub d: u32,
    /// Seed.
    pub seed: u64,
    /// Uniform or random branching.
    pub branching: Branching,
    /// Edge value distribution.
    pub values: EdgeValues,
}

/// A node: its key, depth and path sum. Copy-make, 40 bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IncrementalTree {
    key: u64,
    seed: u64,
    sum: i32,
    depth: u32,
    b: u32,
    d: u32,
    lo: i32,
    span: u32,
    /// bit 0: random branching; bit 1: hashed (not breadth-first) keys.
    flags: u32,
}

const RANDOM: u32 = 1;
const HASHED: u32 = 2;
const BRANCH_SALT: u64 = 0xb7a1_c4e5_d00d_f00d;

impl IncrementalTree {
    /// The root of the tree described by `p`.
    pub fn new(p: IncrementalParams) -> Self {
        let (lo, hi) = match p.values {
            EdgeValues::Real => (-REAL_SCALE, REAL_SCALE + 1),
            EdgeValues::Int { lo, hi } => (lo, hi),
        };
        let mut flags = 0;
        if p.branching == Branching::Random {
            flags |= RANDOM;
        }
        if !Self::bfs_fits(p.b, p.d) {
            flags |= HASHED;
        }
        IncrementalTree {
            key: 0,
            seed: p.seed,
            sum: 0,
            depth: 0,
            b: p.b,
            d: p.d,
            lo,
            span: (hi as i64 - lo as i64) as u32,
            flags,
        }
    }

    /// True when breadth-first numbers of the complete `b`-ary tree of depth `d` fit in 64 bits.
    pub fn bfs_fits(b: u32, d: u32) -> bool {
        // Largest number is (b^(d+1) - 1)/(b - 1) - 1 < b^(d+1).
        let mut x: u64 = 1;
        for _ in 0..=d {
            match x.checked_mul(b as u64) {
                Some(y) => x = y,
                None => return false,
            }
        }
        true
    }

    /// True when this tree numbers nodes breadth-first (false: hashed keys).
    pub fn is_breadth_first(&self) -> bool {
        self.flags & HASHED == 0
    }

    /// Depth below the root.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The node's key (breadth-first number, or path hash).
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Path sum from max's point of view.
    pub fn max_value(&self) -> i32 {
        self.sum
    }

    /// Number of children.
    #[inline]
    pub fn branching(&self) -> u32 {
        if self.depth >= self.d {
            0
        } else if self.flags & RANDOM == 0 || self.depth == 0 {
            self.b
        } else {
            1 + uniform_in(hash2(self.seed ^ BRANCH_SALT, self.key), 0, self.b as i64) as u32
        }
    }

    #[inline]
    fn child_key(&self, i: u32) -> u64 {
        if self.flags & HASHED == 0 {
            self.key * self.b as u64 + i as u64 + 1
        } else {
            hash2(self.key, i as u64)
        }
    }

    #[inline]
    fn edge_value(&self, child_key: u64) -> i32 {
        let h = hash2(self.seed, child_key);
        self.lo + ((h as u128 * self.span as u128) >> 64) as i32
    }
}

impl Game for IncrementalTree {
    /// Every node is its own position (its key is unique).
    const TRANSPOSITIONS: bool = false;
    type Move = u32;

    #[inline]
    fn moves(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend(0..self.branching());
    }

    #[inline]
    fn play(&self, mv: u32) -> Self {
        let key = self.child_key(mv);
        IncrementalTree {
            key,
            sum: self.sum + self.edge_value(key),
            depth: self.depth + 1,
            ..*self
        }
    }

    #[inline]
    fn evaluate(&self) -> Score {
        Score(if self.depth % 2 == 0 {
            self.sum
        } else {
            -self.sum
        })
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.depth >= self.d
    }

    #[inline]
    fn hash(&self) -> Option<u64> {
        // The seed is mixed in so that one table can serve trees of different seeds
        // (breadth-first numbers are the same in every tree).
        Some(mix64(self.key ^ mix64(self.seed ^ 0x5eed)))
    }

    fn move_name(&self, mv: u32) -> String {
        (mv + 1).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(branching: Branching, d: u32) -> IncrementalParams {
        IncrementalParams {
            b: 4,
            d,
            seed: 3,
            branching,
            values: EdgeValues::Int { lo: -1000, hi: 999 },
        }
    }

    #[test]
    fn uniform_shape() {
        let t = IncrementalTree::new(params(Branching::Uniform, 5));
        assert!(t.is_breadth_first());
        assert_eq!(arachne_core::perft(&t, 5), 4u64.pow(5));
        // Breadth-first numbering of the complete tree.
        assert_eq!(t.play(0).key(), 1);
        assert_eq!(t.play(3).play(1).key(), 4 * 4 + 1 + 1);
    }

    #[test]
    fn random_branching_root_is_full() {
        let t = IncrementalTree::new(params(Branching::Random, 6));
        assert_eq!(t.branching(), 4);
        let mut sizes = std::collections::BTreeSet::new();
        for i in 0..4 {
            for j in 0..t.play(i).branching() {
                sizes.insert(t.play(i).play(j).branching());
            }
        }
        assert!(sizes.len() > 1 && sizes.iter().all(|&s| (1..=4).contains(&s)));
    }

    #[test]
    fn values_are_path_sums() {
        let t = IncrementalTree::new(params(Branching::Uniform, 3));
        let c = t.play(2);
        let g = c.play(1);
        let e1 = c.max_value();
        let e2 = g.max_value() - c.max_value();
        assert!((-1000..999).contains(&e1) && (-1000..999).contains(&e2));
        assert_eq!(g.evaluate(), Score(e1 + e2));
        assert_eq!(c.evaluate(), Score(-e1));
    }

    #[test]
    fn deep_trees_hash_keys() {
        let p = IncrementalParams {
            b: 20,
            d: 100,
            seed: 1,
            branching: Branching::Random,
            values: EdgeValues::Real,
        };
        let mut t = IncrementalTree::new(p);
        assert!(!t.is_breadth_first());
        let mut n = 0;
        while !t.is_terminal() {
            t = t.play(t.branching() - 1);
            n += 1;
        }
        assert_eq!(n, 100);
        assert!(t.max_value().abs() <= 100 * REAL_SCALE);
    }
}
