//! `palphabeta-par` — Palphabeta, seed 000 §7: the simplified tree-splitting algorithm the
//! speedup theory is about.
//!
//! ```text
//! function Palphabeta(p, α, β):
//!     determine the successors p_1 … p_df
//!     g := (depth(p_1) < q) ? Palphabeta : alphabeta
//!     for i := 1 to d do
//!         α := max(α, max_{(i−1)f < j ≤ if} −g(p_j, −β, −α))   { f calls in parallel }
//!         if α ≥ β then goto DONE
//!     DONE: Palphabeta := α
//! ```
//!
//! Masters hand out **synchronous batches** of `f` successors (one per slave) and wait for the
//! whole batch; terminal processors run serial `alphabeta`; there are no UPDATE messages. The
//! machinery is `crate::batch` with `Rule::AlphaBeta`. With `--procs P`
//! alone the processor tree is one master with `P − 1` slaves (`q = 1`); `f` and `q` set it
//! explicitly (`P = (f^{q+1} − 1)/(f − 1)`). A node with fewer than `df` successors simply has a
//! shorter last batch.
//!
//! With quiescence (`palphabeta-par:quiescence=1`, or `--quiescence`) every bottom position a
//! processor meets is valued by `arachne-search`'s full-window capture search instead of its
//! static value (§2's `f(p)`): a master values one assigned to it, a slave's `alphabeta` its
//! horizon (on threads with the capture search in the node's window, which gives the same
//! values at the root), so the value is that of `alphabeta --quiescence`.
//!
//! This file also holds the theory of §7.1–7.2 as functions, checked against the simulator in
//! the tests (`tests/suite/theory.rs`):
//!
//! * [`corollary1_leaves`] — bottom positions examined on a best-first tree (Corollary 1);
//! * [`theorem2_recurrences`] — the time recurrences of Theorem 2's proof under the unit cost
//!   model (a bottom position costs 1, a batch of assignments and replies costs ρ);
//! * [`lemma1_closed`] / [`theorem2_time`] — their closed form (Lemma 1 / Theorem 2);
//! * [`worst_first_time`] — §7.1: `ρ(d^{q+1} − d)/(d − 1) + d^{q+s} f^s`;
//! * [`theorem3_speedup`] — serial time over Palphabeta's time on a best-first tree, which
//!   tends to `f^{q/2}` as `s` grows (Theorem 3) — for even `q`; see below.
//!
//! ## Misprints found in the copy of seed 000
//! Checked by exact computation (`tests/suite/theory.rs`):
//! * Lemma 1's *statement* is right: the closed forms satisfy the recurrences for every `n`
//!   (tested for `n ≤ 12` and many `a, b, c, d, ρ`).
//! * Lemma 1's *proof* (case `n` odd) writes `d(3ρd + b + c)` where the statement (and the
//!   algebra) has `d(3ρ + b + c)`.
//! * Theorem 2's proof writes the recurrence as `a_{n+1} = ρ^d + a_n + (d−1)b_n`; it is `ρd`
//!   (as in Lemma 1), which is what the simulator reproduces.
//! * Theorem 3's proof writes the serial time as `(df) ⌊(s+q)/2⌋ + (df) ⌈(s+q)/2⌉ − 1` (perhaps
//!   a transcription artifact); the floors and ceilings are exponents:
//!   `(df)^{⌊(s+q)/2⌋} + (df)^{⌈(s+q)/2⌉} − 1`.
//! * Theorem 3 states `d ≥ 1`; the model of §7 (and `h(n) = (d^{n/2} − 1)/(d − 1)`) needs
//!   `d ≥ 2`.
//!
//! ## Theorem 3 holds for even `q` only
//! With the recurrences (which the simulator reproduces exactly) the ratio `R/P` tends to
//! `f^{q/2}` when `q` is even. When `q` is **odd** it has no limit: it alternates between
//! `f^{(q−1)/2}·(1 + df)/(1 + d)` (even `s`) and `f^{(q−1)/2}·2f/(1 + f)` (odd `s`), one above and
//! one below `f^{q/2}` — e.g. `d = 2, f = 5, q = 1`: 3.667 and 1.667 against √5 ≈ 2.236. For
//! large `f` these are of order `f^{(q+1)/2}` and `f^{(q−1)/2}`: only their geometric mean is of
//! order `f^{q/2}`.

/// Corollary 1: bottom positions Palphabeta examines on a best-first tree of degree `df` and
/// depth `q + s`, on a processor tree of fan-out `f` and depth `q`:
/// `f^⌊q/2⌋ (df)^⌈(q+s)/2⌉ + f^⌈q/2⌉ (df)^⌊(q+s)/2⌋ − f^q`.
pub fn corollary1_leaves(d: u64, f: u64, q: u32, s: u32) -> u128 {
    let (d, f) = (d as u128, f as u128);
    let h = q + s;
    f.pow(q / 2) * (d * f).pow(h.div_ceil(2)) + f.pow(q.div_ceil(2)) * (d * f).pow(h / 2) - f.pow(q)
}

/// Bottom positions serial alpha-beta examines on a best-first tree of degree `n` and depth
/// `h` (Knuth–Moore; Corollary 1 with `q = 0`): `n^⌊h/2⌋ + n^⌈h/2⌉ − 1`.
pub fn minimal_tree_leaves(n: u64, h: u32) -> u128 {
    let n = n as u128;
    n.pow(h / 2) + n.pow(h.div_ceil(2)) - 1
}

/// The recurrences of Theorem 2's proof: times `(a_n, b_n, c_n)` for a processor at distance `n`
/// from the leaves to search a type 1, 2, 3 position, for `n = 0..=q`.
///
/// `a_0 = (df)^⌊s/2⌋ + (df)^⌈s/2⌉ − 1`, `b_0 = (df)^⌊s/2⌋`, `c_0 = (df)^⌈s/2⌉`;
/// `a_{n+1} = ρd + a_n + (d−1)b_n`, `b_{n+1} = ρ + c_n`, `c_{n+1} = d(ρ + b_n)`.
pub fn theorem2_recurrences(d: u64, f: u64, q: u32, s: u32, rho: f64) -> Vec<(f64, f64, f64)> {
    let df = (d * f) as f64;
    let (lo, hi) = (df.powi((s / 2) as i32), df.powi(s.div_ceil(2) as i32));
    let d = d as f64;
    let mut v = vec![(lo + hi - 1.0, lo, hi)];
    for n in 0..q as usize {
        let (a, b, c) = v[n];
        v.push((rho * d + a + (d - 1.0) * b, rho + c, d * (rho + b)));
    }
    v
}

/// Lemma 1's closed form `(a_n, b_n, c_n)` for the recurrences
/// `a_{n+1} = ρd + a_n + (d−1)b_n`, `b_{n+1} = ρ + c_n`, `c_{n+1} = d(ρ + b_n)`.
pub fn lemma1_closed(n: u32, a: f64, b: f64, c: f64, d: f64, rho: f64) -> (f64, f64, f64) {
    // d^{m/2} for even m.
    let p = |m: u32| d.powi((m / 2) as i32);
    let g = |m: u32| (p(m) - d) / (d - 1.0);
    let h = |m: u32| (p(m) - 1.0) / (d - 1.0);
    let k = d * (3.0 * rho + b + c) + rho - b - c;
    let nf = n as f64;
    if n % 2 == 0 {
        (
            a + h(n) * k - nf * rho,
            rho + 2.0 * rho * g(n) + (rho + b) * p(n),
            2.0 * rho * g(n + 2) + c * p(n),
        )
    } else {
        (
            a + h(n - 1) * k - nf * rho + p(n - 1) * (d * (rho + b) + rho - b),
            rho + 2.0 * rho * g(n + 1) + c * p(n - 1),
            2.0 * rho * g(n + 1) + (rho + b) * p(n + 1),
        )
    }
}

/// Theorem 2: Palphabeta's total time on a best-first tree (Lemma 1 with Theorem 2's `a_0, b_0,
/// c_0`).
pub fn theorem2_time(d: u64, f: u64, q: u32, s: u32, rho: f64) -> f64 {
    let df = (d * f) as f64;
    let (lo, hi) = (df.powi((s / 2) as i32), df.powi(s.div_ceil(2) as i32));
    lemma1_closed(q, lo + hi - 1.0, lo, hi, d as f64, rho).0
}

/// §7.1: Palphabeta's time on a worst-first tree, `ρ(d^{q+1} − d)/(d − 1) + d^{q+s} f^s`.
pub fn worst_first_time(d: u64, f: u64, q: u32, s: u32, rho: f64) -> f64 {
    let (d, f) = (d as f64, f as f64);
    rho * (d.powi(q as i32 + 1) - d) / (d - 1.0) + d.powi((q + s) as i32) * f.powi(s as i32)
}

/// Theorem 3's ratio `R/P`: serial alpha-beta's time on the best-first tree of degree `df` and
/// depth `q + s` over Palphabeta's (Theorem 2). Tends to `f^{q/2}` as `s → ∞`.
pub fn theorem3_speedup(d: u64, f: u64, q: u32, s: u32, rho: f64) -> f64 {
    minimal_tree_leaves(d * f, q + s) as f64 / theorem2_time(d, f, q, s, rho)
}
