//! The exact E[NBP_{N,D}] by the *product method*: Theorem 2 of seed 001 summed over all index
//! vectors at once, using that each factor of the integrand depends on one level's index only.
//!
//! ## Derivation
//!
//! Write `c_k = i_k − 1` for the index at level `k` (root at level 0, bottom at level `D`). By
//! Theorem 1 a bottom position is examined iff `α < β`, where `α` is the largest of the
//! `c_k` left siblings at the odd levels `k` and `β` the smallest of the `c_k` left siblings at the
//! even levels (Eqns 4.1–4.4). All those siblings are independent, so with `V_k` the
//! distribution of a level-`k` value and `V̄_k = 1 − V_k`,
//!
//! ```text
//! A_i(z) = Π_{k odd} V_k(z)^{c_k},     B̄_i(z) = Π_{k even} V̄_k(z)^{c_k}
//! Pr{i} = 1 if every even c_k = 0, else  −∫ A_i dB̄_i             (Theorem 2)
//! ```
//!
//! `A_i` depends only on the odd-level indices and `B̄_i` only on the even-level ones, and each
//! is a product of one factor per level. Summing over all `N^D` index vectors therefore
//! factorises: with `S(x) = 1 + x + … + x^{N−1}` (the sum over one level's index),
//!
//! ```text
//! E[NBP_{N,D}] = N^{⌈D/2⌉} − ∫ 𝒜(z) d𝓑(z),   𝒜 = Π_{k odd} S(V_k),   𝓑 = Π_{k even} S(V̄_k)
//! ```
//!
//! (the first term counts the vectors with every even index 1, whose integral term vanishes).
//! The D-fold sum of Eqn 5.1 is gone: one integral is left.
//!
//! Substituting `t_0 = V_D` (D odd) or `V̄_D` (D even) as in Lemma 5.1, the level-`k` factor is
//! `S(t_{D−k})` with `t_{j+1} = 1 − t_j^N` (the paper's `T(u, j)`), and Lemma 5.2 gives
//! `dt_j/dt_0 = Π_{n<j} (−N t_n^{N−1})`. So `E = N^{⌈D/2⌉} + (−1)^D ∫_0^1 Q_0(t_0) dt_0` where,
//! level by level from the root down (`j = D−1, …, 0`),
//!
//! ```text
//! P_j(t) = S(t) · P_{j+1}(1 − t^N)                                        P_D = 1
//! Q_j(t) = S(t)(−N t^{N−1}) · Q_{j+1}(1 − t^N) + [D−j even] S'(t) · P_{j+1}(1 − t^N)   Q_D = 0
//! ```
//!
//! (`Q` is the derivative of the even-level product, carried along; `P` the product so far).
//! These are polynomials with integer coefficients; `p(1 − t^N)` is a Taylor shift by one, a
//! sign flip and a spread of the coefficients, and the multiplications by `S`, `S'` and
//! `−N t^{N−1} S` do not even overlap. The last level is not expanded: `∫_0^1 w^a (1 − w^N)^b dw =
//! (1/N)·β((a+1)/N, b+1) = 1/(a+1) · Π_{i=1}^{b} iN/(a+1+iN)` (the `k = 2` case of Lemma 5.3) is
//! summed against the coefficients of `P_1`, `Q_1` by a Horner scheme in exact integers.
//!
//! Cost: `P_1` has degree `N^{D−1} − 1` and its coefficients `O(N^{D−2})` bits; the work is the
//! Taylor shifts of `P_2`, `Q_2` (`O(N^{2D−4})` big additions) and `2N − 1` Horner sums of
//! length `N^{D−1}`. Every (N, D) with `N^D ≤ 10⁴` takes well under a second.
use crate::poly::reflect;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rayon::prelude::*;

/// Exact E[NBP_{N,D}] by the product method. `n ≥ 1`, `d ≥ 1` (checked by the caller).
pub fn expected_nbp(n: u32, d: u32) -> BigRational {
    assert!(n >= 1 && d >= 1, "expected_nbp: n and d must be positive");
    let big_n = n as usize;
    let mut p: Vec<BigInt> = vec![BigInt::one()];
    let mut q: Vec<BigInt> = Vec::new();
    for j in (1..d).rev() {
        let level = d - j;
        let (rp, rq) = rayon::join(|| reflect(&p), || reflect(&q));
        let mut np = vec![BigInt::zero(); rp.len() * big_n];
        for (k, c) in rp.iter().enumerate() {
            for x in &mut np[k * big_n..(k + 1) * big_n] {
                *x = c.clone();
            }
        }
        let qlen =
            (rq.len() * big_n + big_n - 1).max(if level % 2 == 0 { rp.len() * big_n } else { 0 });
        let mut nq = vec![BigInt::zero(); qlen];
        // −N t^{N−1} S(t) · rq(t^N): coefficient at kN + N−1 + c is −N·rq[k].
        for (k, c) in rq.iter().enumerate() {
            let v = c * -(n as i64);
            for x in &mut nq[k * big_n + big_n - 1..(k + 1) * big_n + big_n - 1] {
                *x += &v;
            }
        }
        // S'(t) · rp(t^N): coefficient at kN + c is (c+1)·rp[k], c ≤ N−2.
        if level % 2 == 0 {
            for (k, c) in rp.iter().enumerate() {
                for cc in 0..big_n - 1 {
                    nq[k * big_n + cc] += c * (cc as u64 + 1);
                }
            }
        }
        crate::poly::trim(&mut nq);
        p = np;
        q = nq;
    }
    // Level D: ∫_0^1 [ S(w)(−N w^{N−1}) Q_1(1 − w^N) + [D even] S'(w) P_1(1 − w^N) ] dw.
    // S(w)(−N w^{N−1}) has coefficient −N at powers N−1 ..= 2N−2; S'(w) has a+1 at a ≤ N−2.
    let mut jobs: Vec<(u32, BigInt, &[BigInt])> = Vec::new();
    for a in n - 1..=2 * n - 2 {
        if !q.is_empty() {
            jobs.push((a, BigInt::from(-(n as i64)), &q));
        }
    }
    if d % 2 == 0 {
        for a in 0..n.saturating_sub(1) {
            jobs.push((a, BigInt::from(a + 1), &p));
        }
    }
    // Unreduced fractions over known small factors; summed over their lcm and reduced by trial
    // division (a gcd of two huge numbers would dominate the run time).
    let sign: i64 = if d % 2 == 1 { -1 } else { 1 };
    let terms: Vec<crate::reduce::Term> = jobs
        .par_iter()
        .filter(|(_, _, y)| y.iter().any(|c| !c.is_zero()))
        .map(|(a, w, y)| {
            let (num, _) = beta_moment_sum_unreduced(n, *a, y);
            let a1 = *a as u64 + 1;
            let mut factors = vec![a1];
            factors.extend((1..=y.len() as u64).map(|i| a1 + i * n as u64));
            crate::reduce::Term {
                num: num * w * sign,
                factors,
            }
        })
        .collect();
    crate::reduce::sum(&terms, &BigInt::from(n).pow(d.div_ceil(2)))
}

/// `Σ_b y_b ∫_0^1 w^a (1 − w^N)^b dw`, exactly.
///
/// With `r_i = p_i/q_i = iN/(a+1+iN)` the integral is `Π_{i≤b} r_i / (a+1)`. The sum
/// `Σ_b y_b Π_{i≤b} r_i` is evaluated by binary splitting (so the big products are few and
/// balanced): for a block of terms `[l, r)` keep `Π p`, `Π q` over `i = l+1 ..= r` and the block's
/// sum as an integer numerator over that `Π q`.
pub fn beta_moment_sum(n: u32, a: u32, y: &[BigInt]) -> BigRational {
    let (num, den) = beta_moment_sum_unreduced(n, a, y);
    BigRational::new(num, den)
}

/// [`beta_moment_sum`] as an unreduced fraction `(numerator, positive denominator)`.
pub fn beta_moment_sum_unreduced(n: u32, a: u32, y: &[BigInt]) -> (BigInt, BigInt) {
    if y.iter().all(|c| c.is_zero()) {
        return (BigInt::zero(), BigInt::one());
    }
    let (_, q, t) = split(n as u64, a as u64 + 1, y, 0, y.len());
    (t, q * (a as u64 + 1))
}

/// Binary splitting over the terms `l..r`: returns `(Π p_i, Π q_i, T)` for `i = l+1 ..= r`, where
/// the block's sum `Σ_{b=l}^{r−1} y_b Π_{i=l+1}^{b} p_i/q_i` equals `T / Π q_i`.
fn split(n: u64, a1: u64, y: &[BigInt], l: usize, r: usize) -> (BigInt, BigInt, BigInt) {
    if r - l == 1 {
        let i = l as u64 + 1;
        let q = BigInt::from(a1 + i * n);
        let t = &y[l] * &q;
        return (BigInt::from(i * n), q, t);
    }
    let m = l + (r - l) / 2;
    let ((p1, q1, t1), (p2, q2, t2)) = if r - l > 64 {
        rayon::join(|| split(n, a1, y, l, m), || split(n, a1, y, m, r))
    } else {
        (split(n, a1, y, l, m), split(n, a1, y, m, r))
    };
    let t = t1 * &q2 + &p1 * t2;
    (p1 * p2, q1 * q2, t)
}

/// Exact expected number of move generations (non-terminal positions examined) in a search of
/// depth `d`: `1 + Σ_{i=1}^{D−1} E[NBP_{N,i}]` (§5, end), because the nodes at level `i` of a
/// depth-`D` tree are examined with exactly the probabilities of bottom positions of a depth-`i`
/// tree (their values are i.i.d. and continuous).
pub fn expected_move_generations(n: u32, d: u32) -> BigRational {
    let mut total = BigRational::one();
    for i in 1..d {
        total += expected_nbp(n, i);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(p: i64, q: i64) -> BigRational {
        BigRational::new(p.into(), q.into())
    }

    #[test]
    fn boundary_cases() {
        for n in 1..=12 {
            assert_eq!(expected_nbp(n, 1), r(n as i64, 1), "N={n}, D=1");
        }
        for d in 1..=14 {
            assert_eq!(expected_nbp(1, d), r(1, 1), "N=1, D={d}");
        }
    }

    #[test]
    fn beta_moments_match_direct_integration() {
        // ∫ w^a (1 − w^N)^b: expand (1 − w^N)^b and integrate term by term.
        for n in 1..=4u32 {
            for a in 0..5u32 {
                for b in 0..6usize {
                    let mut y = vec![BigInt::zero(); b + 1];
                    y[b] = BigInt::one();
                    let got = beta_moment_sum(n, a, &y);
                    let mut want = BigRational::zero();
                    let mut binom = BigInt::one();
                    for l in 0..=b {
                        let term = BigRational::new(
                            binom.clone(),
                            BigInt::from(a as u64 + 1 + l as u64 * n as u64),
                        );
                        if l % 2 == 0 {
                            want += term;
                        } else {
                            want -= term;
                        }
                        binom = binom * BigInt::from(b - l) / BigInt::from(l + 1);
                    }
                    assert_eq!(got, want, "n={n} a={a} b={b}");
                }
            }
        }
    }
}
