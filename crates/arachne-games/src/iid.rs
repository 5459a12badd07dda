//! Fuller–Gaschnig–Gillogly's model (seed 001 §3): a complete tree of branching `n` and depth
//! `d` whose bottom values are independent and identically distributed.
//!
//! * Continuous model (default): bottom values uniform integers in `[-2^29, 2^29)`. Distinct
//!   with high probability (two given leaves tie with probability 2^-30), which stands in for
//!   the paper's continuous distribution; only the relative order of values matters (§3).
//! * `range = R` (§6): bottom values drawn from `R` equally likely values `0..R`.
//!
//! Values are pure functions of `(seed, path)`: a child's key is a hash of its parent's key and
//! its index, so the tree is identical whatever order it is visited in. Interior positions also
//! get an i.i.d. static value (same distribution) so that static preordering and depth-limited
//! searches have something to look at; Fuller's model itself only uses bottom values.
//!
//! Values are from the root player's (max's) point of view; [`Game::evaluate`] negates them at
//! odd depths (negamax convention).
use arachne_core::rng::{hash2, mix64, uniform_in};
use arachne_core::{Game, Score};

/// Parameters of an [`IidTree`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IidParams {
    /// Branching factor N (≥ 1).
    pub n: u32,
    /// Depth D (≥ 1).
    pub d: u32,
    /// Seed.
    pub seed: u64,
    /// Number of distinct equally likely bottom values; `None` = continuous.
    pub range: Option<u32>,
}

/// A node of an i.i.d. tree. Copy-make, 32 bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IidTree {
    key: u64,
    seed: u64,
    depth: u32,
    n: u32,
    d: u32,
    range: u32,
}

/// The continuous model's fixed-point exponent: bottom values are uniform integers in
/// `[-2^29, 2^29)`, the real values in `[-1, 1)` times `2^29`.
pub const CONTINUOUS_SHIFT: u32 = 29;
const CONTINUOUS_HALF: i64 = 1 << CONTINUOUS_SHIFT;

impl IidTree {
    /// The root of the tree described by `p`.
    pub fn new(p: IidParams) -> Self {
        IidTree {
            key: mix64(p.seed ^ 0x1d1d_1d1d),
            seed: p.seed,
            depth: 0,
            n: p.n,
            d: p.d,
            range: p.range.unwrap_or(0),
        }
    }
    /// Depth of this node below the root.
    pub fn depth(&self) -> u32 {
        self.depth
    }
    /// Value from max's (the root player's) point of view.
    pub fn max_value(&self) -> i32 {
        let h = hash2(self.seed, self.key);
        if self.range == 0 {
            uniform_in(h, -CONTINUOUS_HALF, CONTINUOUS_HALF) as i32
        } else {
            uniform_in(h, 0, self.range as i64) as i32
        }
    }
}

impl Game for IidTree {
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
        IidTree {
            key: hash2(self.key, mv as u64),
            depth: self.depth + 1,
            ..*self
        }
    }

    #[inline]
    fn evaluate(&self) -> Score {
        let v = self.max_value();
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

    #[test]
    fn shape_and_determinism() {
        let t = IidTree::new(IidParams {
            n: 3,
            d: 4,
            seed: 7,
            range: None,
        });
        assert_eq!(arachne_core::perft(&t, 4), 81);
        let a = t.play(2).play(0).evaluate();
        let b = t.play(2).play(0).evaluate();
        assert_eq!(a, b);
        assert_ne!(t.play(1).max_value(), t.play(2).max_value());
    }

    #[test]
    fn range_values() {
        let t = IidTree::new(IidParams {
            n: 4,
            d: 3,
            seed: 1,
            range: Some(3),
        });
        let mut seen = [false; 3];
        for a in 0..4 {
            for b in 0..4 {
                for c in 0..4 {
                    let v = t.play(a).play(b).play(c).max_value();
                    seen[v as usize] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
