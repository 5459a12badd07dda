//! The exact E[NBP_{N,D}] by the paper's own method (seed 001 §5): Eqn 5.1 sums the probability
//! that each bottom position is examined; Theorem 2 and Lemmas 5.1–5.2 turn each probability
//! into Eqn 5.6,
//!
//! ```text
//! Pr{i_D} = Σ_{m = 2,4,…,[D]_e} (i_m − 1) N^{D−m} ∫_0^1 Π_{k=0}^{D−1} T^{P_k(m)}(u, k) du
//! ```
//!
//! (and `Pr{i_D} = 1` when every even-level index is 1), and Lemma 5.3 evaluates the integrals
//! `I_k(j_1, …, j_k) = ∫_0^1 Π_n T^{j_n}(u, k−n) du` by the recurrence
//! `I_k(j_1, …) = Σ_ℓ (−1)^ℓ C(j_1, ℓ) I_{k−1}(j_2 + ℓN, j_3, …)`, ending in
//! `I_2(j_1, j_2) = (1/N) β(j_1 + 1, (j_2 + 1)/N)` and `I_1(j) = 1/(j+1)`.
//!
//! (The appendix writes `T(u, k−n+1)`; the paper's worked examples — `Pr{i_3} = (i_2−1) N
//! I_3(i_1−1, i_2−2, i_3+N−2)` with `T(u, 0) = u` as the last factor — fix the exponent to
//! `k−n`, which is what is implemented.)
//!
//! Everything is exact rational arithmetic, so the loss of significance the authors warn about
//! (the alternating signs of Lemma 5.3) cannot occur. This is the `2D−2`-fold nested summation
//! of §7, kept as an independent check of [`crate::product`]; it is practical only for small
//! trees (memoised, it does `N^D ≤ 100` or so in seconds).
use crate::product::beta_moment_sum;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::HashMap;

/// Exact E[NBP_{N,D}] by Eqn 5.1, Eqn 5.6 and Lemma 5.3. `n ≥ 1`, `d ≥ 1`.
pub fn expected_nbp(n: u32, d: u32) -> BigRational {
    assert!(
        n >= 1 && d >= 1,
        "paper::expected_nbp: n and d must be positive"
    );
    let mut memo = Memo {
        n,
        map: HashMap::new(),
    };
    let d = d as usize;
    let mut idx = vec![1u32; d + 1]; // idx[level], level 1..=d
    let mut total = BigRational::zero();
    loop {
        total += pr(n, &idx, &mut memo);
        // next index vector (odometer over levels 1..=d)
        let mut l = d;
        loop {
            if l == 0 {
                return total;
            }
            if idx[l] < n {
                idx[l] += 1;
                break;
            }
            idx[l] = 1;
            l -= 1;
        }
    }
}

/// `Pr{i_D}` for the index vector `idx[1..=D]` (Theorem 2 and Eqn 5.6).
fn pr(n: u32, idx: &[u32], memo: &mut Memo) -> BigRational {
    let d = idx.len() - 1;
    if (2..=d).step_by(2).all(|m| idx[m] == 1) {
        return BigRational::one(); // Theorem 2c and Eqn 5.2
    }
    let mut total = BigRational::zero();
    for m in (2..=d).step_by(2) {
        if idx[m] == 1 {
            continue;
        }
        // P_k(m) for T(u, k) at level D−k, listed from level 1 (j_1) to level D (j_D).
        let js: Vec<u32> = (1..=d)
            .map(|level| {
                if level > m {
                    idx[level] + n - 2
                } else if level == m {
                    idx[level] - 2
                } else {
                    idx[level] - 1
                }
            })
            .collect();
        let coef = BigInt::from(idx[m] - 1) * BigInt::from(n).pow((d - m) as u32);
        total += memo.integral(&js) * BigRational::from_integer(coef);
    }
    total
}

/// Memoised `I_k` of Lemma 5.3.
struct Memo {
    n: u32,
    map: HashMap<Vec<u32>, BigRational>,
}

impl Memo {
    fn integral(&mut self, js: &[u32]) -> BigRational {
        match js.len() {
            0 => BigRational::one(),
            1 => BigRational::new(BigInt::one(), BigInt::from(js[0] + 1)),
            2 => {
                // (1/N) β(j_1 + 1, (j_2 + 1)/N) = ∫ u^{j_2} (1 − u^N)^{j_1} du
                let mut y = vec![BigInt::zero(); js[0] as usize + 1];
                y[js[0] as usize] = BigInt::one();
                beta_moment_sum(self.n, js[1], &y)
            }
            _ => {
                if let Some(v) = self.map.get(js) {
                    return v.clone();
                }
                let j1 = js[0];
                let mut total = BigRational::zero();
                let mut binom = BigInt::one();
                let mut rest = js[1..].to_vec();
                let base = rest[0];
                for l in 0..=j1 {
                    rest[0] = base + l * self.n;
                    let term = self.integral(&rest) * BigRational::from_integer(binom.clone());
                    if l % 2 == 0 {
                        total += term;
                    } else {
                        total -= term;
                    }
                    binom = binom * BigInt::from(j1 - l) / BigInt::from(l + 1);
                }
                self.map.insert(js.to_vec(), total.clone());
                total
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d2_closed_form_small() {
        // E[NBP_{N,1}] = N and E[NBP_{1,D}] = 1.
        for n in 1..=6 {
            assert_eq!(expected_nbp(n, 1), BigRational::from_integer(n.into()));
        }
        for d in 1..=6 {
            assert_eq!(expected_nbp(1, d), BigRational::one());
        }
    }
}
