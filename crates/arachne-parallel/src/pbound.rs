//! `pbound` — Pbound, seed 000 §7.4: parallel alpha-beta **without deep cutoffs**, the
//! procedure the random-order analysis (Theorems 4–6) counts.
//!
//! ```text
//! integer procedure Pbound(p, limit):
//!     m := −∞; fn := (depth(p_1) < q) ? Pbound : bound
//!     for i := 1 to d do
//!         t := max_{(i−1)f < j ≤ if} −fn(p_j, −m)     { f calls in parallel }
//!         if t > m then m := t
//!         if m ≥ limit then goto done
//!     done: Pbound := m
//! ```
//!
//! Masters hand out synchronous batches of `f` successors (`crate::batch` with
//! `Rule::Bound`); terminal processors run Knuth–Moore's `bound`. The
//! processor tree is chosen as for [`crate::palphabeta_par`].
//!
//! ## Quiescence (`pbound:quiescence=1`, or `--quiescence`)
//! §7.4's `bound` takes the static value `f(p)` of a bottom position (§2: a position at the
//! search's depth, or without moves). With quiescence that value is replaced by the value of
//! `arachne-search`'s full-window capture search from `p`, a pure function of the position,
//! wherever a processor meets a bottom position: a master assigned one values it itself, a
//! slave's `bound` values its horizon so. Pbound is unchanged otherwise (the same windows, no
//! deep cutoffs), so its value is the negamax value of the tree with those bottom values — that
//! of `alphabeta --quiescence` (tested in `tests/suite/quiescence.rs`). The simulator's serial
//! reference is `bound` with the same bottom values.
//!
//! Theorem 4: the expected number of bottom positions Pbound examines on a random uniform tree
//! of degree `df` and height `h`, with a processor tree of fan-out `f` and height `h`, is below
//! `f^h c(d,f) r(d,f)^h` where `r(d,f)` is the largest eigenvalue of
//! `M_{d,f} = (√p_ij)`, `p_ij = 1 / C((i−1)f + (j−1)/d, (i−1)f)` (Lemma 3). The proof bounds it
//! by `f^h · Σ_{a_1…a_h ∈ 1..d} √p_{a_1a_2} ⋯ √p_{a_{h−1}a_h} = f^h · 1ᵀ M^{h−1} 1`
//! ([`theorem4_bound`]), which the tests compare with measured counts.

/// `C(m + x, m) = Π_{t=1..m} (t + x)/t` for integer `m ≥ 0` and real `x` (a generalised
/// binomial coefficient, `Γ(m+x+1)/(Γ(m+1)Γ(x+1))`).
pub(crate) fn binom_real(m: u64, x: f64) -> f64 {
    (1..=m).map(|t| (t as f64 + x) / t as f64).product()
}

/// Lemma 3: `p_ij = 1 / C((i−1)f + (j−1)/d, (i−1)f)` for `1 ≤ i, j ≤ d`.
pub fn p_ij(d: u64, f: u64, i: u64, j: u64) -> f64 {
    1.0 / binom_real((i - 1) * f, (j - 1) as f64 / d as f64)
}

/// The matrix `M_{d,f} = (√p_ij)` of Theorem 4, row-major `d × d`.
pub(crate) fn matrix(d: u64, f: u64) -> Vec<Vec<f64>> {
    (1..=d)
        .map(|i| (1..=d).map(|j| p_ij(d, f, i, j).sqrt()).collect())
        .collect()
}

/// `r(d, f)`: the largest eigenvalue of `M_{d,f}` (a positive matrix: Perron root, found by power
/// iteration to ~1e-13).
pub fn r(d: u64, f: u64) -> f64 {
    let m = matrix(d, f);
    let n = m.len();
    let mut v = vec![1.0; n];
    let mut lambda = 0.0;
    for _ in 0..10_000 {
        let w: Vec<f64> = m
            .iter()
            .map(|row| row.iter().zip(&v).map(|(a, b)| a * b).sum())
            .collect();
        let norm = w.iter().cloned().fold(0.0, f64::max);
        let next: Vec<f64> = w.iter().map(|x| x / norm).collect();
        let done = (norm - lambda).abs() < 1e-14 * norm;
        lambda = norm;
        v = next;
        if done {
            break;
        }
    }
    lambda
}

/// The bound of Theorem 4's proof on the expected number of bottom positions:
/// `f^h · 1ᵀ M^{h−1} 1` (for `h ≥ 1`).
pub fn theorem4_bound(d: u64, f: u64, h: u32) -> f64 {
    let m = matrix(d, f);
    let mut v = vec![1.0; m.len()];
    for _ in 1..h {
        v = m
            .iter()
            .map(|row| row.iter().zip(&v).map(|(a, b)| a * b).sum())
            .collect();
    }
    (f as f64).powi(h as i32) * v.iter().sum::<f64>()
}
