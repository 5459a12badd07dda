//! 95 % confidence intervals of sampled rows, and the verdict they give.
//!
//! A row that rests on a sample (games, random trees, positions) is an estimate: a second
//! run on other games would give another value. Its [`Interval`] is the range of values the
//! sample leaves plausible at the 95 % level, computed by one of three methods ([`Method`]):
//!
//! * **Wilson score interval** for a proportion (a winning rate): the set of true rates `p`
//!   whose normal test at `z = 1.96` accepts the observed `x/n`,
//!   `(p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n)` (Wilson 1927). Unlike `p̂ ± z·√(p̂(1−p̂)/n)`
//!   it stays inside `[0, 1]` and keeps near 95 % coverage at small `n` and at rates near 0
//!   or 1 (Brown, Cai and DasGupta 2001), as Table 1's 90 % rates over a few dozen games are.
//! * **Student's t interval** for a mean, `x̄ ± t(0.975, n−1)·s/√n`, `s` the sample standard
//!   deviation: exact for normal data, and close for the few-position averages the papers
//!   print. The quantiles `t(0.975, df)` are tabulated ([`t_quantile`]).
//! * **χ² interval** for a standard deviation (a spread over positions or moves):
//!   `[s·√((n−1)/χ²(0.975)), s·√((n−1)/χ²(0.025))]`, exact for normal data ([`sd_interval`]);
//!   over ten positions it spans a factor of about 2.7, so two spreads of ten differ
//!   significantly only when their intervals, the paper's from its own sample, do not meet.
//! * **Percentile bootstrap** for a ratio of means `Σx/Σy` over paired observations (two
//!   algorithms' node counts on the same tree): the ratio has no simple standard error, so the
//!   pairs are resampled with replacement ([`BOOTSTRAP_RESAMPLES`] times, seeded: the same
//!   data give the same interval) and the 2.5th and 97.5th percentiles of the resampled ratios
//!   are the interval (Efron and Tibshirani 1993, ch. 13). Pairs are resampled together, so
//!   the correlation of the two counts on one tree is kept.
//!
//! # The verdict
//!
//! [`judge`] compares the interval with the paper's value `p` at the row's [`Tolerance`],
//! whose band is `p ± T` (`T` the tolerance in points, or the relative tolerance times `|p|`):
//!
//! * **differs significantly** when `p` lies outside our interval — or, when the paper's own
//!   95 % interval is known (from its spread or its sample size), when the two intervals do
//!   not overlap. A paper that averages over a sample of its own (ten random trees) without
//!   giving the spread has its interval estimated from ours ([`Interval::estimate_paper`]):
//!   its value is a sample mean too, not the true one. Overlap is the conservative test: two intervals that do not overlap differ
//!   at well below the 5 % level; two that overlap may still differ slightly.
//! * **undecided at n = N** when it does not differ significantly but our interval's
//!   half-width `h` exceeds `T` (when the paper's own interval is wider than `T` too, no
//!   sample of ours decides, and the verdict says so): the sample cannot tell a value within the tolerance from one
//!   beyond it. The half-width shrinks as `1/√n`, so the sample that would decide is
//!   `n · (h/T)²` (rounded up): there the interval is no wider than the band and either
//!   excludes `p` or lies (nearly) within the band. The `1/√n` scaling is that of the
//!   standard error; it is an approximation for the other terms: Wilson's `z²/n` terms make
//!   it optimistic below a few dozen trials (7 of 10 names 28; at 28 the half-width is still
//!   8 % above the band), and t's quantile, which falls with `n`, makes it pessimistic below
//!   about 30 observations.
//! * **consistent** otherwise: `p` (or the paper's interval) meets ours, and ours is no wider
//!   than the tolerance band.
//!
//! Rows without a tolerance band (exact values, claims, bounds) are never undecided.
use super::row::{
    null_is_infinite, null_is_minus_infinite, num, Tolerance, Verdict, CAUSE_UNKNOWN,
};
use arachne_core::rng::{hash2, uniform_in};
use serde::{Deserialize, Serialize};

/// The normal quantile `z(0.975)`: a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_985;

/// How many resamples [`bootstrap_ratio`] draws: enough for the 2.5th and 97.5th percentiles
/// to move by well under the interval's own width from one seed to another.
pub const BOOTSTRAP_RESAMPLES: usize = 2000;

/// How an [`Interval`] was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Wilson score interval of a proportion ([`wilson`]).
    Wilson,
    /// Student's t interval of a mean ([`t_interval`]).
    T,
    /// Percentile bootstrap of a ratio of means ([`bootstrap_ratio`]).
    Bootstrap,
    /// The χ² interval of a standard deviation ([`sd_interval_of`]).
    ChiSquare,
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Method::Wilson => "Wilson",
            Method::T => "t",
            Method::Bootstrap => "bootstrap",
            Method::ChiSquare => "χ²",
        })
    }
}

/// The 95 % confidence interval of a sampled row, in the row's units (percent for a
/// winning rate in percent), with the sample it rests on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// How it was computed.
    pub method: Method,
    /// Lower end (minus infinity for a single observation's t interval, `null` in JSON).
    #[serde(deserialize_with = "null_is_minus_infinite")]
    pub lo: f64,
    /// Upper end.
    #[serde(deserialize_with = "null_is_infinite")]
    pub hi: f64,
    /// The sample size, in `unit`: the `n` the verdict's "undecided at n = …" names.
    pub n: u64,
    /// What `n` counts, plural (`games per pair`, `positions`).
    pub unit: String,
    /// The paper's own 95 % interval, when its spread or sample size gives one.
    pub paper: Option<(f64, f64)>,
    /// The paper's sample size, in `unit`, when the paper gives it but not its spread: then
    /// [`Interval::paper`] is estimated from our spread ([`Interval::estimate_paper`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paper_n: Option<u64>,
}

impl Interval {
    /// The interval `[lo, hi]` of `n` `unit`, computed by `method`.
    pub fn new(method: Method, (lo, hi): (f64, f64), n: u64, unit: impl Into<String>) -> Self {
        Interval {
            method,
            lo,
            hi,
            n,
            unit: unit.into(),
            paper: None,
            paper_n: None,
        }
    }

    /// The paper's value is itself a mean (or ratio of means) over a sample of `n` in our
    /// unit, whose spread it does not give: its interval is estimated from ours when the row
    /// is judged ([`Interval::estimate_paper`]).
    pub fn paper_sample(mut self, n: u64) -> Self {
        self.paper_n = Some(n);
        self
    }

    /// Sets the paper's 95 % interval around its value `paper` from its sample size
    /// ([`Interval::paper_sample`]), unless the paper's own is known. A value the paper
    /// averages over its own random trees (or positions) carries a sampling error as ours
    /// does, and treating it as exact would call a difference of two samples significant at
    /// far more than 5 % of reproductions that are sound. Its spread is estimated from ours,
    /// the two samples being drawn from one distribution (the premise of a reproduction):
    ///
    /// * **t interval:** our standard deviation `s = h·√n / t(n−1)` (`h` our half-width)
    ///   gives the paper's `paper ± t(n_p−1)·s/√n_p`;
    /// * **bootstrap interval of a ratio:** our two half-widths scaled by `√(n/n_p)`, the
    ///   `1/√n` of a standard error, around the paper's value;
    /// * **Wilson:** not estimated (a proportion's interval follows from the paper's own
    ///   counts, [`proportion_interval`]).
    ///
    /// The verdict then compares the two intervals ([`judge`]: overlap).
    pub fn estimate_paper(&mut self, paper: f64, ours: f64) {
        let Some(np) = self.paper_n.filter(|&np| np > 0) else {
            return;
        };
        if self.paper.is_some() || !(self.lo.is_finite() && self.hi.is_finite()) {
            return;
        }
        let n = self.n.max(1) as f64;
        self.paper = match self.method {
            Method::T if self.n >= 2 && np >= 2 => {
                let s = self.half_width() * n.sqrt() / t_quantile(self.n - 1);
                let h = t_quantile(np - 1) * s / (np as f64).sqrt();
                Some((paper - h, paper + h))
            }
            Method::Bootstrap => {
                let k = (n / np as f64).sqrt();
                let (below, above) = ((ours - self.lo).max(0.0), (self.hi - ours).max(0.0));
                Some((paper - k * below, paper + k * above))
            }
            _ => None,
        };
    }

    /// The paper's own 95 % interval `[lo, hi]`.
    pub fn paper(mut self, (lo, hi): (f64, f64)) -> Self {
        self.paper = Some((lo, hi));
        self
    }

    /// Multiplies both ends (and the paper's) by `k`: a proportion's interval in percent.
    pub fn scaled(mut self, k: f64) -> Self {
        (self.lo, self.hi) = (k * self.lo, k * self.hi);
        self.paper = self.paper.map(|(a, b)| (k * a, k * b));
        self
    }

    /// Half the width.
    pub fn half_width(&self) -> f64 {
        (self.hi - self.lo) / 2.0
    }

    /// `[30.94, 49.80]`, with `suffix` after each end (`" %"` or nothing).
    pub fn range_text(lo: f64, hi: f64, suffix: &str) -> String {
        format!("[{}{suffix}, {}{suffix}]", num(lo), num(hi))
    }

    /// `95 % CI [30.94, 49.80] (Wilson)`.
    pub fn text(&self, suffix: &str) -> String {
        format!(
            "95 % CI {} ({})",
            Interval::range_text(self.lo, self.hi, suffix),
            self.method
        )
    }
}

/// The Wilson score 95 % interval of a proportion: `successes` out of `n` trials (a half
/// success, a drawn game, counts as given). `n = 0` gives `[0, 1]`.
pub fn wilson(successes: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Wilson interval of a proportion: `successes` of our `n` trials, beside the paper's
/// `(successes, trials)` when it gives its sample size; the verdict names the sample as
/// `shown` (`(60, "games per pair")`: its `n` and unit may count otherwise than the trials,
/// e.g. two games per trial).
pub fn proportion_interval(
    successes: f64,
    n: u64,
    paper: Option<(f64, u64)>,
    (shown_n, unit): (u64, &str),
) -> Interval {
    let iv = Interval::new(Method::Wilson, wilson(successes, n), shown_n, unit);
    match paper {
        Some((k, m)) => iv.paper(wilson(k, m)),
        None => iv,
    }
}

/// [`proportion_interval`] in percent, the paper's given as `(percentage, trials)`.
pub fn percent_interval(
    successes: f64,
    n: u64,
    paper: Option<(f64, u64)>,
    shown: (u64, &str),
) -> Interval {
    let paper = paper.map(|(pct, m)| (pct / 100.0 * m as f64, m));
    proportion_interval(successes, n, paper, shown).scaled(100.0)
}

/// `t(0.975, df)`: the quantile of Student's t with `df` degrees of freedom for a two-sided
/// 95 % interval, from the standard table (to three decimals) for `df ≤ 30` and at 40, 60 and
/// 120; between tabulated values the smaller `df`'s (a slightly wider interval); beyond 1000
/// the normal `z`. `df = 0` (one observation) gives infinity.
pub fn t_quantile(df: u64) -> f64 {
    const SMALL: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => SMALL[df as usize - 1],
        31..=39 => 2.042,
        40..=59 => 2.021,
        60..=119 => 2.000,
        120..=999 => 1.980,
        _ => Z95,
    }
}

/// Student's t 95 % interval of a mean from its summary: `mean`, sample standard deviation
/// `sd`, `n` observations (`n < 2`: the whole line).
pub fn t_interval_of(mean: f64, sd: f64, n: u64) -> (f64, f64) {
    if n < 2 {
        return (f64::NEG_INFINITY, f64::INFINITY);
    }
    let half = t_quantile(n - 1) * sd / (n as f64).sqrt();
    (mean - half, mean + half)
}

/// Student's t 95 % interval of the mean of `xs`.
pub fn t_interval(xs: &[f64]) -> (f64, f64) {
    let [_, mean, _, sd] = crate::min_mean_max_sd(xs);
    t_interval_of(mean, sd, xs.len() as u64)
}

/// The t interval of the mean of `xs`, `n` counted in `unit`, beside the paper's own from
/// its `(mean, sd, n)` when it gives its spread.
pub fn mean_interval(xs: &[f64], unit: &str, paper: Option<(f64, f64, u64)>) -> Interval {
    let iv = Interval::new(Method::T, t_interval(xs), xs.len() as u64, unit);
    match paper {
        Some((mean, sd, n)) => iv.paper(t_interval_of(mean, sd, n)),
        None => iv,
    }
}

/// The `p`-quantile of χ² with `df` degrees of freedom by Wilson and Hilferty's cube-root
/// approximation (1931), `df·(1 − 2/9df + z_p·√(2/9df))³`, `z_p` the normal quantile (here
/// `±Z95`): within 1 % of the tables from 9 degrees of freedom at the 2.5 % and 97.5 %
/// points (2.674 against 2.700, 19.02 against 19.02 at `df = 9`).
fn chi_square_quantile(df: u64, z: f64) -> f64 {
    let k = df as f64;
    let c = 2.0 / (9.0 * k);
    k * (1.0 - c + z * c.sqrt()).max(0.0).powi(3)
}

/// The χ² 95 % interval of a standard deviation from a sample's `sd` over `n` observations,
/// `[sd·√((n−1)/χ²(0.975)), sd·√((n−1)/χ²(0.025))]` (exact for normal data; `n < 2`: the
/// whole half-line). A spread over ten positions is known to within a factor of about two.
pub fn sd_interval_of(sd: f64, n: u64) -> (f64, f64) {
    if n < 2 {
        return (0.0, f64::INFINITY);
    }
    let df = n - 1;
    let lo = sd * (df as f64 / chi_square_quantile(df, Z95)).sqrt();
    let hi = match chi_square_quantile(df, -Z95) {
        q if q > 0.0 => sd * (df as f64 / q).sqrt(),
        _ => f64::INFINITY,
    };
    (lo, hi)
}

/// The χ² interval of the standard deviation of `xs`, `n` counted in `unit`, beside the
/// paper's own from its `(sd, n)`.
pub fn sd_interval(xs: &[f64], unit: &str, paper: Option<(f64, u64)>) -> Interval {
    let [_, _, _, sd] = crate::min_mean_max_sd(xs);
    let n = xs.len() as u64;
    let iv = Interval::new(Method::ChiSquare, sd_interval_of(sd, n), n, unit);
    match paper {
        Some((sd, n)) => iv.paper(sd_interval_of(sd, n)),
        None => iv,
    }
}

/// The percentile bootstrap 95 % interval of the ratio of means `Σx / Σy` of the pairs
/// `(x, y)`: [`BOOTSTRAP_RESAMPLES`] resamples of the pairs with replacement, drawn from
/// `seed` alone, and the 2.5th and 97.5th percentiles of their ratios: with `B` resamples,
/// the `B/40`-th and the `(B − B/40 − 1)`-th of the sorted ratios, from 0 (`B/40` ratios lie
/// below the interval and as many above). Fewer than two pairs give infinite ends: one pair
/// resamples to itself, a spread of zero that would not be the ratio's.
pub fn bootstrap_ratio(pairs: &[(f64, f64)], seed: u64) -> (f64, f64) {
    if pairs.len() < 2 {
        return (f64::NEG_INFINITY, f64::INFINITY);
    }
    let n = pairs.len();
    let mut ratios: Vec<f64> = (0..BOOTSTRAP_RESAMPLES)
        .map(|b| {
            let (sx, sy) = (0..n).fold((0.0, 0.0), |(sx, sy), i| {
                let h = hash2(seed, (b * n + i) as u64);
                let (x, y) = pairs[uniform_in(h, 0, n as i64) as usize];
                (sx + x, sy + y)
            });
            sx / sy
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    let tail = BOOTSTRAP_RESAMPLES / 40;
    (ratios[tail], ratios[BOOTSTRAP_RESAMPLES - tail - 1])
}

/// The band half-width `T` of a tolerance around `paper` (`None` for rows without a band,
/// or a zero band).
fn band(tolerance: &Tolerance, paper: f64) -> Option<f64> {
    let t = match *tolerance {
        Tolerance::Points(t) => t,
        Tolerance::Relative(t) => t * paper.abs(),
        _ => return None,
    };
    (t > 0.0 && t.is_finite()).then_some(t)
}

/// The sample that would decide an interval of half-width `h` over `n` at a band of
/// half-width `t`: `⌈n·(h/t)²⌉`; 0 when `h` is infinite (a single observation: no spread to
/// scale).
pub fn needed_n(n: u64, h: f64, t: f64) -> u64 {
    if h.is_finite() {
        (n as f64 * (h / t).powi(2)).ceil() as u64
    } else {
        0
    }
}

/// The verdict of a sampled row (see the module's docs): `paper` the paper's value, `diff`
/// ours − paper in points (`points`) or the relative difference in percent, `tolerance` the
/// row's, `iv` our interval (in the row's units, `suffix` after a value: `" %"` or nothing).
pub fn judge(
    paper: f64,
    (diff, points): (f64, bool),
    tolerance: &Tolerance,
    iv: &Interval,
    suffix: &str,
) -> Verdict {
    let ours = Interval::range_text(iv.lo, iv.hi, suffix);
    let apart = match iv.paper {
        Some((plo, phi)) => (phi < iv.lo || plo > iv.hi).then(|| {
            let theirs = Interval::range_text(plo, phi, suffix);
            format!("95 % intervals {ours} (ours) and {theirs} (paper's) do not overlap")
        }),
        None => (paper < iv.lo || paper > iv.hi)
            .then(|| format!("our 95 % interval {ours} excludes the paper's value")),
    };
    if let Some(interval) = apart {
        return Verdict::DiffersSignificantly {
            percent: diff,
            points,
            interval,
            because: CAUSE_UNKNOWN.into(),
        };
    }
    let h = iv.half_width();
    let pts = if points { " points" } else { "" };
    match band(tolerance, paper) {
        Some(t) if h > t => {
            // The paper's own interval wider than the band: no sample of ours decides.
            let wide = iv
                .paper
                .map(|(lo, hi)| (hi - lo) / 2.0)
                .filter(|&hp| hp > t)
                .map(|hp| format!("±{}{pts}", num(hp)));
            Verdict::Undecided {
                n: iv.n,
                needed: if wide.is_some() {
                    0
                } else {
                    needed_n(iv.n, h, t)
                },
                unit: iv.unit.clone(),
                half_width: format!("±{}{pts}", num(h)),
                paper_wide: wide,
            }
        }
        _ => Verdict::Consistent {
            overlap: iv.paper.is_some(),
        },
    }
}
