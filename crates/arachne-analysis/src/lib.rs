//! # arachne-analysis
//!
//! Analysis of alpha-beta after Fuller, Gaschnig and Gillogly, *Analysis of the alpha-beta
//! pruning algorithm* (1973), seed 001: a complete tree of branching `N` and depth `D` whose
//! bottom values are a random permutation, searched by alpha-beta with deep cutoffs.
//!
//! | what | module | seed 001 |
//! |------|--------|----------|
//! | exact E[NBP_{N,D}], the paper's method (Eqn 5.6, Lemma 5.3) | [`paper`] | §4–5 |
//! | exact E[NBP_{N,D}], one integral of a product of per-level polynomials | [`product`] | Theorem 2 |
//! | guaranteed bounds where exact is out of reach | [`bounds`] | Theorem 2 |
//! | brute force over all permutations (`N^D ≤ 9`) | [`brute`] | §3 |
//! | Monte Carlo on `iid` / `incremental` trees | [`montecarlo`] | §6–8 |
//! | perfect ordering | [`ordering`] | §2 |
//! | `K_D N^{L_D}` fits and depth ratios | [`fit`] | §7 |
//!
//! The `fuller` experiment (tables, CSV, plots) lives in `arachne-experiments`.
//!
//! Exact results are [`BigRational`]s: exact arithmetic all the way, decimals only for display.
pub mod bounds;
pub mod brute;
pub mod count;
pub mod fit;
pub mod montecarlo;
pub mod ordering;
pub mod paper;
pub mod poly;
pub mod product;
pub mod reduce;
pub mod request;

pub use montecarlo::{McResult, Summary, TreeModel};
pub use num_rational::BigRational;

/// Largest `N^D` for the exact computation without `force`.
pub const EXACT_MAX_LEAVES: u64 = 100_000;
/// Largest `N^{D−2}` (the size of the Taylor shifts) for the exact computation without
/// `force`.
pub const EXACT_MAX_SHIFT: u64 = 4096;
/// Largest branching factor for Monte Carlo without `force`.
pub const MC_MAX_N: u32 = 35;
/// Largest depth for Monte Carlo without `force`.
pub const MC_MAX_D: u32 = 8;
/// Largest estimated number of bottom positions over all trials (`trials · 2 N^{.72D+.28}`)
/// for Monte Carlo without `force`.
pub const MC_MAX_WORK: f64 = 1e10;
/// Largest depth at all (the random trees use 32-bit depth counters; deeper is meaningless).
pub const MAX_DEPTH: u32 = 64;

/// Bad parameters. One line, fit for a user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// `N = 0` or `D = 0`.
    #[error("{0} must be at least 1")]
    Zero(&'static str),
    /// Past a documented limit.
    #[error("{0}")]
    TooLarge(String),
    /// A parameter out of its range (the message names it).
    #[error("{0}")]
    Invalid(String),
}

/// Checks `N ≥ 1`, `1 ≤ D ≤ MAX_DEPTH`.
pub fn validate(n: u32, d: u32) -> Result<(), AnalysisError> {
    if n == 0 {
        return Err(AnalysisError::Zero("the branching factor N"));
    }
    if d == 0 {
        return Err(AnalysisError::Zero("the depth D"));
    }
    if d > MAX_DEPTH {
        return Err(AnalysisError::TooLarge(format!(
            "depth {d} is past the largest supported depth {MAX_DEPTH}"
        )));
    }
    Ok(())
}

/// `N^D` saturating at `u64::MAX`.
pub fn leaves(n: u32, d: u32) -> u64 {
    (n as u64).checked_pow(d).unwrap_or(u64::MAX)
}

/// True when the exact computation is within the documented limits.
pub fn exact_within_limits(n: u32, d: u32) -> bool {
    n == 1 || (leaves(n, d) <= EXACT_MAX_LEAVES && (d < 2 || leaves(n, d - 2) <= EXACT_MAX_SHIFT))
}

/// Exact E[NBP_{N,D}] (product method). Past the limits ([`EXACT_MAX_LEAVES`],
/// [`EXACT_MAX_SHIFT`]) only with `force`.
pub fn exact_nbp(n: u32, d: u32, force: bool) -> Result<BigRational, AnalysisError> {
    validate(n, d)?;
    if !force && !exact_within_limits(n, d) {
        return Err(AnalysisError::TooLarge(format!(
            "exact E[NBP] for N={n}, D={d} is past the documented limits (N^D ≤ {EXACT_MAX_LEAVES} and N^(D-2) ≤ {EXACT_MAX_SHIFT}); use --force to try anyway"
        )));
    }
    check_memory(
        &format!("exact E[NBP] for N={n}, D={d}"),
        exact_memory(n, d),
    )?;
    Ok(product::expected_nbp(n, d))
}

/// Memory the machine can give a computation, in bytes: `MemAvailable` from `/proc/meminfo`
/// where there is one, else 8 GiB.
pub fn memory_available() -> f64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find(|l| l.starts_with("MemAvailable:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(8.0 * (1u64 << 30) as f64, |kib| kib * 1024.0)
}

/// Estimated peak memory (bytes) of the exact product method: two polynomials of `N^{D−1}`
/// coefficients of about `D · N^{D−2} · log2(N+1)` bits each (see [`product`]'s cost notes).
pub fn exact_memory(n: u32, d: u32) -> f64 {
    let nf = n as f64;
    let coeffs = nf.powi(d as i32 - 1);
    let bits = d as f64 * nf.powi(d as i32 - 2).max(1.0) * (nf + 1.0).log2();
    2.0 * coeffs * (32.0 + bits / 8.0)
}

/// Estimated peak memory (bytes) of Monte Carlo: every worker thread holds one move buffer of
/// `N` moves (4 bytes, up to twice that while a buffer grows) per ply of the search path.
pub fn monte_carlo_memory(n: u32, d: u32) -> f64 {
    rayon::current_num_threads() as f64 * d as f64 * n as f64 * 8.0
}

/// Refuses a computation whose estimated memory `need` exceeds what the machine has, even
/// with `force` (the size limits `force` lifts are about time; memory is not negotiable).
fn check_memory(what: &str, need: f64) -> Result<(), AnalysisError> {
    let have = memory_available();
    if need > have {
        return Err(AnalysisError::TooLarge(format!(
            "{what} would need about {:.1} GB of memory, more than the {:.1} GB available (refused even with --force)",
            need / 1e9,
            have / 1e9
        )));
    }
    Ok(())
}

/// Rough estimate of E\[NBP\] (the paper's fit with K = 2), for work limits.
pub fn rough_nbp(n: u32, d: u32) -> f64 {
    2.0 * (n as f64).powf(0.72 * d as f64 + 0.28)
}

/// Monte Carlo estimate. Past the limits ([`MC_MAX_N`], [`MC_MAX_D`], [`MC_MAX_WORK`]) only
/// with `force`.
pub fn monte_carlo(
    n: u32,
    d: u32,
    model: TreeModel,
    trials: u64,
    seed: u64,
    progress: bool,
    force: bool,
) -> Result<McResult, AnalysisError> {
    validate(n, d)?;
    if trials == 0 {
        return Err(AnalysisError::Zero("the number of trials"));
    }
    if let TreeModel::Iid { range: Some(0) } = model {
        return Err(AnalysisError::Zero("the range R"));
    }
    if !force {
        if n > MC_MAX_N || d > MC_MAX_D {
            return Err(AnalysisError::TooLarge(format!(
                "Monte Carlo for N={n}, D={d} is past the documented limits (N ≤ {MC_MAX_N}, D ≤ {MC_MAX_D}); use --force to try anyway"
            )));
        }
        let work = trials as f64 * rough_nbp(n, d);
        if work > MC_MAX_WORK {
            return Err(AnalysisError::TooLarge(format!(
                "Monte Carlo for N={n}, D={d} with {trials} trials would examine about {work:.1e} bottom positions (limit {MC_MAX_WORK:.0e}); use fewer trials or --force"
            )));
        }
    }
    check_memory(
        &format!("Monte Carlo for N={n}, D={d}"),
        monte_carlo_memory(n, d),
    )?;
    Ok(montecarlo::run(n, d, model, trials, seed, progress))
}

/// Decimal display of an exact value with `digits` digits after the point (rounded half up).
///
/// One scaled integer division, `⌊(2·|p|·10^digits + q) / 2q⌋`, with no rational arithmetic
/// (which would reduce by a gcd of the huge numerator and denominator: minutes for the
/// 650 000-digit denominators of `--exact` at N=35, D=4).
pub fn decimal(x: &BigRational, digits: usize) -> String {
    use num_bigint::BigInt;
    use num_integer::Integer;
    use num_traits::Signed;
    let neg = x.is_negative();
    let scale = BigInt::from(10u32).pow(digits as u32);
    let (p, q) = (x.numer().abs(), x.denom().abs());
    let rounded: BigInt = (((p * &scale) << 1u32) + &q) / (q << 1u32);
    let (int, frac) = rounded.div_rem(&scale);
    let mut s = if neg { "-".to_string() } else { String::new() };
    s += &int.to_string();
    if digits > 0 {
        s += &format!(".{:0>width$}", frac.to_string(), width = digits);
    }
    s
}

/// `x` as an `f64`, accurately even when numerator and denominator overflow `f64`.
pub fn to_f64(x: &BigRational) -> f64 {
    decimal(x, 17).parse().unwrap_or(f64::NAN)
}
