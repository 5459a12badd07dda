//! The shared tree's lock as a closed queue (seed 002 §6.1, §6.2.3): P walkers each cycle
//! through an unlocked phase of mean length `z` (selection, the expansion's evaluations, the
//! backup below the root) and the root's lock, held `h` per backup, FIFO. Every walker needs
//! the root's lock once per expansion, so the root is the one queue; the rest of the cycle is
//! a delay (no queueing). Exact mean-value analysis (Reiser and Lavenberg, 1980) gives the
//! throughput X(P) of the product-form network; [`lock_speedup`] is X(P)/X(1).
//!
//! For n = 1, …, P: the response time at the lock R(n) = h·(1 + Q(n − 1)), the throughput
//! X(n) = n / (z + R(n)), the queue at the lock Q(n) = X(n)·R(n) (Little's law), Q(0) = 0.
//! X(P) never exceeds 1/h, so the speedup saturates at (z + h)/h walkers' worth.
//!
//! `arachne experiment rbfm-parallel` evaluates it with z and h measured on serial RBFM.

/// Speedup `X(P)/X(1)` of the closed queue: `p` walkers, each cycle an unlocked phase `z` and
/// the root's lock held `h` (exact mean-value analysis, FIFO lock).
pub fn lock_speedup(z: f64, h: f64, p: u32) -> f64 {
    let x = |n: u32| {
        let (mut q, mut x) = (0.0f64, 0.0f64);
        for k in 1..=n {
            let r = h * (1.0 + q);
            x = k as f64 / (z + r);
            q = x * r;
        }
        x
    };
    x(p) / x(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The machine-repairman model, solved from its stationary distribution instead of by
    /// mean-value analysis: with n walkers at the lock, π(n) ∝ P!/(P − n)! · (h/z)^n, and the
    /// throughput is the lock's utilisation over h.
    fn repairman_throughput(z: f64, h: f64, p: u32) -> f64 {
        let mut weights = vec![1.0f64];
        for n in 1..=p {
            let prev = weights[n as usize - 1];
            weights.push(prev * (p - n + 1) as f64 * h / z);
        }
        let total: f64 = weights.iter().sum();
        (1.0 - weights[0] / total) / h
    }

    #[test]
    fn agrees_with_the_stationary_distribution() {
        for &(z, h) in &[
            (1.0, 0.1),
            (20.0, 0.7),
            (3.0, 3.0),
            (0.5, 2.0),
            (1.05, 0.00096),
        ] {
            let x1 = repairman_throughput(z, h, 1);
            for p in 1..=64 {
                let want = repairman_throughput(z, h, p) / x1;
                let got = lock_speedup(z, h, p);
                assert!(
                    (got - want).abs() <= 1e-9 * want,
                    "z={z} h={h} p={p}: {got} against {want}"
                );
            }
        }
    }

    #[test]
    fn one_walker_is_one_and_speedup_saturates() {
        for &(z, h) in &[(1.0, 0.1), (9.0, 1.0), (2.0, 0.5)] {
            assert_eq!(lock_speedup(z, h, 1), 1.0);
            let cap = (z + h) / h;
            let mut last = 1.0;
            for p in 2..=200 {
                let s = lock_speedup(z, h, p);
                assert!(
                    s >= last * (1.0 - 1e-12),
                    "z={z} h={h}: not monotone at p={p}"
                );
                assert!(
                    s <= cap * (1.0 + 1e-12),
                    "z={z} h={h} p={p}: {s} above {cap}"
                );
                assert!(s <= p as f64 * (1.0 + 1e-12), "z={z} h={h} p={p}: above p");
                last = s;
            }
            // Far past saturation the lock is always busy: X = 1/h.
            assert!((lock_speedup(z, h, 2000) - cap).abs() < 1e-6 * cap);
        }
    }

    #[test]
    fn a_free_lock_gives_linear_speedup() {
        for p in 1..=64 {
            let s = lock_speedup(2.5, 0.0, p);
            assert!((s - p as f64).abs() < 1e-9 * p as f64, "p={p}: {s}");
        }
    }
}
