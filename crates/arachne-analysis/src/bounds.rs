//! Guaranteed bounds on E[NBP_{N,D}] where the exact fraction is out of reach.
//!
//! From [`crate::product`]: `E = N^{⌈D/2⌉} + ∫ 𝒜 d(−𝓑)` over the bottom-value CDF `z ∈ [0, 1]`,
//! where `𝒜(z) = Π_{k odd} S(V_k(z))` is increasing and `𝓑(z) = Π_{k even} S(V̄_k(z))` is
//! decreasing (`S(x) = 1 + x + … + x^{N−1}`). For any partition `0 = z_0 < … < z_M = 1` the
//! Riemann–Stieltjes sums bracket the integral:
//!
//! ```text
//! Σ 𝒜(z_i) ΔB_i  ≤  ∫ 𝒜 d(−𝓑)  ≤  Σ 𝒜(z_{i+1}) ΔB_i,      ΔB_i = 𝓑(z_i) − 𝓑(z_{i+1}) ≥ 0
//! ```
//!
//! The partition is refined adaptively (bisecting the interval with the largest gap) until the
//! bracket is narrow enough or the interval budget is spent.
//!
//! Every quantity is nonnegative and computed in interval arithmetic with outward rounding (each
//! `+` and `×` rounded to nearest, then widened by one ulp each way, which contains the exact
//! result). The differences `ΔB_i` are never formed by subtraction: the level values are
//! propagated with their increments, `x₁^N − x₀^N = (x₁ − x₀) Σ_p x₁^p x₀^{N−1−p}` (and
//! `V̄_k = V̄_{k+1} S(V_{k+1})` at max levels, `V_k = V_{k+1} S(V̄_{k+1})` at min levels), so no
//! cancellation occurs and the bounds are guaranteed, not estimates.
use rayon::prelude::*;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A guaranteed enclosure of E[NBP_{N,D}].
#[derive(Copy, Clone, Debug, PartialEq, serde::Serialize)]
pub struct Bounds {
    /// Lower bound.
    pub lower: f64,
    /// Upper bound.
    pub upper: f64,
    /// Intervals in the final partition.
    pub intervals: usize,
}

impl Bounds {
    /// Midpoint of the enclosure.
    pub fn mid(&self) -> f64 {
        0.5 * (self.lower + self.upper)
    }
    /// `(upper − lower) / lower`.
    pub fn rel_width(&self) -> f64 {
        (self.upper - self.lower) / self.lower
    }
}

/// A nonnegative interval `[lo, hi]`.
#[derive(Copy, Clone, Debug, PartialEq)]
struct Iv {
    lo: f64,
    hi: f64,
}

fn up(x: f64) -> f64 {
    if x.is_nan() || x == f64::INFINITY {
        x
    } else if x == 0.0 {
        f64::from_bits(1)
    } else if x > 0.0 {
        f64::from_bits(x.to_bits() + 1)
    } else {
        f64::from_bits(x.to_bits() - 1)
    }
}

fn down(x: f64) -> f64 {
    if x <= 0.0 {
        // Everything here is nonnegative.
        0.0
    } else {
        f64::from_bits(x.to_bits() - 1)
    }
}

impl Iv {
    const ZERO: Iv = Iv { lo: 0.0, hi: 0.0 };
    const ONE: Iv = Iv { lo: 1.0, hi: 1.0 };
    fn exact(x: f64) -> Iv {
        Iv { lo: x, hi: x }
    }
    fn add(self, o: Iv) -> Iv {
        Iv {
            lo: down(self.lo + o.lo),
            hi: up(self.hi + o.hi),
        }
    }
    fn mul(self, o: Iv) -> Iv {
        Iv {
            lo: down(self.lo * o.lo),
            hi: up(self.hi * o.hi),
        }
    }
    fn min1(self) -> Iv {
        Iv {
            lo: self.lo.min(1.0),
            hi: self.hi.min(1.0),
        }
    }
}

/// `S(x) = Σ_{c<N} x^c`.
fn s(n: u32, x: Iv) -> Iv {
    let mut acc = Iv::ONE;
    for _ in 1..n {
        acc = acc.mul(x).add(Iv::ONE);
    }
    acc
}

/// `x^N`.
fn pow(n: u32, x: Iv) -> Iv {
    let mut acc = Iv::ONE;
    for _ in 0..n {
        acc = acc.mul(x);
    }
    acc
}

/// `(H_1, …, H_N)` with `H_c(x, y) = Σ_{p<c} x^p y^{c−1−p}` (so `x^c − y^c = (x − y) H_c`).
fn h(n: u32, x: Iv, y: Iv) -> Vec<Iv> {
    let mut out = Vec::with_capacity(n as usize);
    let mut hc = Iv::ONE; // H_1
    let mut yc = y; // y^1
    out.push(hc);
    for _ in 1..n {
        hc = x.mul(hc).add(yc); // H_{c+1} = x H_c + y^c
        yc = yc.mul(y);
        out.push(hc);
    }
    out
}

/// Level values at one point `z`: `v[k]`, `vb[k]` for levels `k = 0..=D`.
#[derive(Clone, Debug)]
struct Point {
    v: Vec<Iv>,
    vb: Vec<Iv>,
    a: Iv,
}

fn eval(n: u32, d: u32, z: f64) -> Point {
    let du = d as usize;
    let mut v = vec![Iv::ZERO; du + 1];
    let mut vb = vec![Iv::ZERO; du + 1];
    v[du] = Iv::exact(z);
    let one_minus = 1.0 - z;
    vb[du] = Iv {
        lo: down(one_minus),
        hi: up(one_minus).min(1.0),
    };
    if z >= 0.5 || z == 0.0 {
        vb[du] = Iv::exact(one_minus); // exact (Sterbenz)
    }
    for k in (0..du).rev() {
        if k % 2 == 0 {
            // max level: V_k = V_{k+1}^N, V̄_k = V̄_{k+1} S(V_{k+1})
            v[k] = pow(n, v[k + 1]).min1();
            vb[k] = vb[k + 1].mul(s(n, v[k + 1])).min1();
        } else {
            // min level: V̄_k = V̄_{k+1}^N, V_k = V_{k+1} S(V̄_{k+1})
            vb[k] = pow(n, vb[k + 1]).min1();
            v[k] = v[k + 1].mul(s(n, vb[k + 1])).min1();
        }
    }
    let mut a = Iv::ONE;
    for k in (1..=du).step_by(2) {
        a = a.mul(s(n, v[k]));
    }
    Point { v, vb, a }
}

/// Encloses `ΔB = 𝓑(z0) − 𝓑(z1)` for `z0 < z1` with increment `dz = z1 − z0`.
fn delta_b(n: u32, d: u32, p0: &Point, p1: &Point, dz: Iv) -> Iv {
    let du = d as usize;
    // dv[k] = V_k(z1) − V_k(z0) = V̄_k(z0) − V̄_k(z1) ≥ 0
    let mut dv = vec![Iv::ZERO; du + 1];
    dv[du] = dz;
    for k in (0..du).rev() {
        let hs = if k % 2 == 0 {
            h(n, p1.v[k + 1], p0.v[k + 1])
        } else {
            h(n, p0.vb[k + 1], p1.vb[k + 1])
        };
        dv[k] = dv[k + 1].mul(hs[n as usize - 1]);
    }
    let evens: Vec<usize> = (2..=du).step_by(2).collect();
    let g0: Vec<Iv> = evens.iter().map(|&k| s(n, p0.vb[k])).collect();
    let g1: Vec<Iv> = evens.iter().map(|&k| s(n, p1.vb[k])).collect();
    let mut total = Iv::ZERO;
    for (j, &k) in evens.iter().enumerate() {
        // G_k(z0) − G_k(z1) = S(y0) − S(y1) = (y0 − y1) Σ_{c=1}^{N−1} H_c(y0, y1)
        let hs = h(n, p0.vb[k], p1.vb[k]);
        let mut sum_h = Iv::ZERO;
        for hc in hs.iter().take(n as usize - 1) {
            sum_h = sum_h.add(*hc);
        }
        let mut term = dv[k].mul(sum_h);
        for g in &g1[..j] {
            term = term.mul(*g);
        }
        for g in &g0[j + 1..] {
            term = term.mul(*g);
        }
        total = total.add(term);
    }
    total
}

struct Cell {
    z0: f64,
    z1: f64,
    lower: Iv,
    upper: Iv,
}

struct Ranked(f64, usize);
impl PartialEq for Ranked {
    fn eq(&self, o: &Self) -> bool {
        self.0.total_cmp(&o.0) == Ordering::Equal
    }
}
impl Eq for Ranked {}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Ranked {
    fn cmp(&self, o: &Self) -> Ordering {
        self.0.total_cmp(&o.0)
    }
}

fn cell(n: u32, d: u32, z0: f64, z1: f64, p0: &Point, p1: &Point) -> Cell {
    let dz = z1 - z0;
    let dz = Iv {
        lo: down(dz),
        hi: up(dz),
    };
    let db = delta_b(n, d, p0, p1, dz);
    Cell {
        z0,
        z1,
        lower: p0.a.mul(db),
        upper: p1.a.mul(db),
    }
}

/// Guaranteed bounds on E[NBP_{N,D}], refined until `(upper − lower)/lower ≤ rel_tol` or the
/// partition has `max_intervals` intervals. `n ≥ 1`, `d ≥ 1`.
pub fn nbp_bounds(n: u32, d: u32, rel_tol: f64, max_intervals: usize) -> Bounds {
    assert!(n >= 1 && d >= 1, "nbp_bounds: n and d must be positive");
    let base = (n as f64).powi(d.div_ceil(2) as i32);
    if n == 1 || d == 1 {
        let e = if n == 1 { 1.0 } else { n as f64 };
        return Bounds {
            lower: e,
            upper: e,
            intervals: 0,
        };
    }
    let m0 = 256.min(max_intervals.max(1));
    let pts: Vec<(f64, Point)> = (0..=m0)
        .map(|i| {
            let z = i as f64 / m0 as f64;
            (z, eval(n, d, z))
        })
        .collect();
    let mut cells: Vec<Cell> = pts
        .windows(2)
        .map(|w| cell(n, d, w[0].0, w[1].0, &w[0].1, &w[1].1))
        .collect();
    let mut heap: BinaryHeap<Ranked> = cells
        .iter()
        .enumerate()
        .map(|(i, c)| Ranked(c.upper.hi - c.lower.lo, i))
        .collect();
    let mut lower: f64 = cells.iter().map(|c| c.lower.lo).sum();
    let mut upper: f64 = cells.iter().map(|c| c.upper.hi).sum();
    while cells.len() < max_intervals {
        if upper - lower <= rel_tol * (base + lower) * 0.5 {
            break;
        }
        // Split the worst eighth of the cells (in parallel), largest gaps first.
        let k = (cells.len() / 8).clamp(1, max_intervals - cells.len());
        let mut batch = Vec::with_capacity(k);
        while batch.len() < k {
            match heap.pop() {
                Some(Ranked(_, i)) => batch.push(i),
                None => break,
            }
        }
        if batch.is_empty() {
            break;
        }
        let splits: Vec<(usize, Option<(Cell, Cell)>)> = batch
            .par_iter()
            .map(|&i| {
                let (z0, z1) = (cells[i].z0, cells[i].z1);
                let zm = 0.5 * (z0 + z1);
                if zm <= z0 || zm >= z1 {
                    return (i, None); // cannot split further in f64
                }
                let (p0, pm, p1) = (eval(n, d, z0), eval(n, d, zm), eval(n, d, z1));
                (
                    i,
                    Some((cell(n, d, z0, zm, &p0, &pm), cell(n, d, zm, z1, &pm, &p1))),
                )
            })
            .collect();
        let mut progress = false;
        for (i, split) in splits {
            let Some((left, right)) = split else {
                continue;
            };
            progress = true;
            lower += left.lower.lo + right.lower.lo - cells[i].lower.lo;
            upper += left.upper.hi + right.upper.hi - cells[i].upper.hi;
            heap.push(Ranked(left.upper.hi - left.lower.lo, i));
            heap.push(Ranked(right.upper.hi - right.lower.lo, cells.len()));
            cells[i] = left;
            cells.push(right);
        }
        if !progress {
            break;
        }
    }
    // Final sums with directed rounding (the running sums above only steer the refinement).
    let mut lo = base;
    let mut hi = base;
    let mut sorted_lo: Vec<f64> = cells.iter().map(|c| c.lower.lo).collect();
    let mut sorted_hi: Vec<f64> = cells.iter().map(|c| c.upper.hi).collect();
    sorted_lo.sort_by(f64::total_cmp);
    sorted_hi.sort_by(f64::total_cmp);
    let mut acc_lo = 0.0;
    for x in sorted_lo {
        acc_lo = down(acc_lo + x);
    }
    let mut acc_hi = 0.0;
    for x in sorted_hi {
        acc_hi = up(acc_hi + x);
    }
    lo = down(lo + acc_lo);
    hi = up(hi + acc_hi);
    Bounds {
        lower: lo,
        upper: hi,
        intervals: cells.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        assert!(up(1.0) > 1.0 && down(1.0) < 1.0 && down(0.0) == 0.0 && up(0.0) > 0.0);
        let x = Iv::exact(0.3);
        let y = Iv::exact(0.7);
        let hs = h(4, x, y);
        // x^4 − y^4 = (x − y) H_4
        let want = (0.3f64.powi(4) - 0.7f64.powi(4)) / (0.3 - 0.7);
        assert!(hs[3].lo <= want + 1e-15 && want - 1e-15 <= hs[3].hi);
        assert_eq!(nbp_bounds(5, 1, 1e-9, 10).lower, 5.0);
        assert_eq!(nbp_bounds(1, 7, 1e-9, 10).upper, 1.0);
    }
}
