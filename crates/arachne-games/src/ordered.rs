//! Trees with an exactly known move ordering (seed 000 §7, seed 001 §2).
//!
//! A bottom position reached by child indices `i_0 … i_{d-1}` gets the value (from max's point
//! of view) `Σ_k c_k · n^(d-1-k)`: a number in base `n` whose digit `c_k` is chosen from `i_k` at
//! level `k`. Because a higher digit dominates all lower ones, every subtree's values lie in one
//! block, strictly separated from its siblings' blocks, so the ordering of siblings is exact at
//! every node and all bottom values are distinct:
//!
//! | order  | max level (`k` even) | min level (`k` odd) | effect |
//! |--------|----------------------|---------------------|--------|
//! | best   | `c = n-1-i`          | `c = i`             | first child always best: alpha-beta examines exactly the Knuth–Moore minimal tree |
//! | worst  | `c = i`              | `c = n-1-i`         | each child strictly better than the previous one and every window bound comes from an earlier, strictly worse block: no cutoff ever, `n^d` bottom positions |
//! | random | `c = π(i)`           | `c = π(i)`          | `π` a seeded random permutation per node |
//!
//! The minimax value of any node is its prefix plus the best completion (`n-1` at max levels,
//! `0` at min levels), whatever the order; [`Game::evaluate`] at an interior node returns that
//! exact value, so depth-limited searches of an ordered tree are exact too.
//!
//! Values must fit in an `i32`: `n^d ≤ 2^31 - 1`.
use arachne_core::rng::{hash2, mix64};
use arachne_core::{Game, Score};

/// The sibling ordering.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// The first child is always the best.
    Best,
    /// The last child is always the best and no cutoff can occur.
    Worst,
    /// Random (seeded).
    Random,
}

/// Parameters of an [`OrderedTree`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OrderedParams {
    /// Branching factor (≥ 1).
    pub n: u32,
    /// Depth (≥ 1).
    pub d: u32,
    /// Ordering.
    pub order: Order,
    /// Seed (used by [`Order::Random`]).
    pub seed: u64,
}

/// A node. Copy-make, 32 bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OrderedTree {
    key: u64,
    prefix: i64,
    /// `n^(d-1-depth)`: the weight of this node's children's digit.
    place: i64,
    depth: u32,
    n: u32,
    d: u32,
    order: Order,
}

impl OrderedTree {
    /// Largest `n^d` supported.
    pub const MAX_LEAVES: u64 = i32::MAX as u64;

    /// The root, or `None` when `n^d` exceeds [`OrderedTree::MAX_LEAVES`] or `n`/`d` is zero.
    pub fn new(p: OrderedParams) -> Option<Self> {
        if p.n == 0 || p.d == 0 {
            return None;
        }
        let total = (p.n as u64).checked_pow(p.d)?;
        if total > Self::MAX_LEAVES {
            return None;
        }
        Some(OrderedTree {
            key: mix64(p.seed ^ 0x0dde_0dde),
            prefix: 0,
            place: total as i64 / p.n as i64,
            depth: 0,
            n: p.n,
            d: p.d,
            order: p.order,
        })
    }

    /// Depth below the root.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    #[inline]
    fn digit(&self, i: u32) -> u32 {
        let max_level = self.depth % 2 == 0;
        match (self.order, max_level) {
            (Order::Best, true) | (Order::Worst, false) => self.n - 1 - i,
            (Order::Best, false) | (Order::Worst, true) => i,
            (Order::Random, _) => {
                // Fisher–Yates driven by a counter-based hash of the node key.
                let n = self.n as usize;
                let mut perm: [u32; 64] = [0; 64];
                let mut big;
                let p: &mut [u32] = if n <= 64 {
                    &mut perm[..n]
                } else {
                    big = vec![0u32; n];
                    &mut big[..]
                };
                for (j, x) in p.iter_mut().enumerate() {
                    *x = j as u32;
                }
                for j in (1..n).rev() {
                    let r = (hash2(self.key, j as u64) % (j as u64 + 1)) as usize;
                    p.swap(j, r);
                }
                p[i as usize]
            }
        }
    }

    /// The exact minimax value of this node from max's point of view.
    pub fn max_value(&self) -> i64 {
        let mut v = self.prefix;
        let mut place = self.place;
        for k in self.depth..self.d {
            if k % 2 == 0 {
                v += (self.n as i64 - 1) * place;
            }
            place /= self.n as i64;
        }
        v
    }
}

impl Game for OrderedTree {
    /// Every node is its own position (its key is unique).
    const TRANSPOSITIONS: bool = false;
    type Move = u32;

    #[inline]
    fn moves(&self, out: &mut Vec<u32>) {
        out.clear();
        if self.depth < self.d {
            out.extend(0..self.n);
        }
    }

    #[inline]
    fn play(&self, mv: u32) -> Self {
        OrderedTree {
            key: hash2(self.key, mv as u64),
            prefix: self.prefix + self.digit(mv) as i64 * self.place,
            place: self.place / self.n as i64,
            depth: self.depth + 1,
            ..*self
        }
    }

    #[inline]
    fn evaluate(&self) -> Score {
        let v = self.max_value() as i32;
        Score(if self.depth % 2 == 0 { v } else { -v })
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.depth >= self.d
    }

    #[inline]
    fn hash(&self) -> Option<u64> {
        Some(self.key)
    }

    fn move_name(&self, mv: u32) -> String {
        (mv + 1).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn negamax(p: &OrderedTree) -> i32 {
        let mut m = Vec::new();
        p.moves(&mut m);
        if m.is_empty() {
            return p.evaluate().0;
        }
        m.iter().map(|&c| -negamax(&p.play(c))).max().unwrap()
    }

    #[test]
    fn orders_hold_exactly() {
        for order in [Order::Best, Order::Worst, Order::Random] {
            for (n, d) in [(2, 5), (3, 4), (4, 3)] {
                let root = OrderedTree::new(OrderedParams {
                    n,
                    d,
                    order,
                    seed: 5,
                })
                .unwrap();
                let mut stack = vec![root];
                while let Some(p) = stack.pop() {
                    assert_eq!(negamax(&p), p.evaluate().0, "exact static value");
                    if p.is_terminal() {
                        continue;
                    }
                    let vals: Vec<i32> = (0..n).map(|i| -negamax(&p.play(i))).collect();
                    match order {
                        Order::Best => assert!(vals.windows(2).all(|w| w[0] > w[1])),
                        Order::Worst => assert!(vals.windows(2).all(|w| w[0] < w[1])),
                        Order::Random => {}
                    }
                    for i in 0..n {
                        stack.push(p.play(i));
                    }
                }
            }
        }
    }

    #[test]
    fn too_large_is_rejected() {
        assert!(OrderedTree::new(OrderedParams {
            n: 10,
            d: 10,
            order: Order::Best,
            seed: 0
        })
        .is_none());
    }
}
