//! Real-score distributions (seed 002 §2.4, §2.6, §3.2.2, §5.4).
//!
//! RBFM treats the *real score* of a node (its negamax value by a deep search) as a random
//! variable with mean `μ = m_v + f(s_v, d_v)` and variance `σ² = g(s_v, d_v)`, where `m_v` is
//! the node's current score, `s_v` its expansion count and `d_v` its number of children; `f`
//! and `g` are lookup tables ([`DistTable`]) learned by [`crate::learn`]. The family of the
//! distribution ([`Family`]) is normal, chi-square, a weighted mix of the two by branching
//! factor, or exponential with 25 % damping (chess).
//!
//! ## Choices where the paper is open
//! * **`d_v` of an unexpanded node.** The paper's learning knows the move count of the sampled
//!   root before its first expansion, and §3.2.2 reads the `s = 0` shift by it ("nodes which
//!   were not expanded are usually too pessimistic … when the root has only one child … the
//!   static value of such nodes is usually too optimistic"). [`crate::learn`] files each
//!   `s = 0` sample under the position's move count `d`, so a learned table has one `s = 0`
//!   cell per `d` (column `d = 0`, and any `d` with too few samples, hold the pooled values).
//!   A leaf of the search tree knows its move count only if it is counted when the leaf is
//!   generated: every form does so — the serial engine, the shared tree's walkers and the
//!   master–slave form's slaves, which send the counts with the children — when the table has
//!   such cells ([`DistTable::unexpanded_by_d`]; [`crate::tree::count_moves`], one move
//!   generation per generated node on the position already made to evaluate it, not counted
//!   as generated nodes — the children are not generated), and stores it in the node
//!   ([`crate::tree::Node::moves_hint`]); otherwise (older tables; §5.2's heuristics, whose
//!   partial expansions leave children unknown) `d = 0`, the pooled column. On incremental trees `b = 10` the `s = 0` mean shift runs from −1.0 edge units at
//!   `d = 1` to +0.87 at `d = 10` (pooled: +0.38): docs/benchmarks-history.md, "games".
//! * **Bins.** `s` is exact up to 31, then in bins (`32–39, 40–47, 48–63, …, 512–1023, 1024+`);
//!   `d` is exact up to [`D_MAX`] and clamped above. A cell with fewer than [`MIN_SAMPLES`]
//!   samples takes the column pooled over `d`, and a row with too few takes the previous row.
//! * **Chi-square.** Translated and scaled to the cell's mean and variance; its skew follows
//!   the sign of the samples' third moment (`skew = ±1` in the table file), `k` degrees of
//!   freedom (Fig. 6 uses 16).
//! * **Mix (§3.2.2).** "Normal for small branching factors, chi-square for large, a weighted
//!   average for medium": with `n` the number of siblings being compared, the sample comes from
//!   the chi-square with probability `w = clamp((n − lo)/(hi − lo), 0, 1)` (default `lo = 4`,
//!   `hi = 10`), else from the normal — the mixture of the two distributions with weights
//!   `1 − w`, `w`.
//! * **Exponential (§5.4).** Shifted to the cell's mean with the cell's standard deviation; the
//!   25 % damping is applied by CHOOSE-RANDOM-CHILD (a uniformly random child).
use rand::Rng;
use rand_distr::{ChiSquared, Distribution, Exp1, StandardNormal};
use std::fmt;
use std::str::FromStr;

/// Largest `d` with its own column.
pub const D_MAX: usize = 40;
/// Cells with fewer samples fall back to pooled values.
pub const MIN_SAMPLES: u32 = 30;
/// Lower edges of the `s` bins above 31.
const S_EDGES: [u32; 12] = [32, 40, 48, 64, 80, 96, 128, 160, 192, 256, 512, 1024];
/// Number of `s` bins.
pub const S_BINS: usize = 32 + S_EDGES.len();

/// The bin of expansion count `s`.
#[inline]
pub fn s_bin(s: u32) -> usize {
    if s < 32 {
        s as usize
    } else {
        31 + S_EDGES.iter().take_while(|&&e| e <= s).count()
    }
}

/// A representative `s` of bin `b` (its lower edge).
pub fn bin_s(b: usize) -> u32 {
    if b < 32 {
        b as u32
    } else {
        S_EDGES[b - 32]
    }
}

/// The family of distributions.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Family {
    /// Normal.
    Normal,
    /// Chi-square with `k` degrees of freedom, translated and scaled; `skew` ±1.
    ChiSquare { k: f64, skew: f64 },
    /// Normal for `n ≤ lo` siblings, chi-square for `n ≥ hi`, mixed in between (§3.2.2).
    Mix { lo: f64, hi: f64, k: f64, skew: f64 },
    /// Exponential; with probability `damping` CHOOSE-RANDOM-CHILD takes a uniformly random
    /// child (§5.4). `skew` ±1 (the long tail's side).
    Exponential { damping: f64, skew: f64 },
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Family::Normal => write!(f, "normal"),
            Family::ChiSquare { k, skew } => write!(f, "chisquare:k={k},skew={skew}"),
            Family::Mix { lo, hi, k, skew } => write!(f, "mix:lo={lo},hi={hi},k={k},skew={skew}"),
            Family::Exponential { damping, skew } => {
                write!(f, "exponential:damping={damping},skew={skew}")
            }
        }
    }
}

impl FromStr for Family {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let spec = arachne_core::parse::Spec::parse(s, "distribution")?;
        let name = spec.name.as_str();
        let mut kv = std::collections::BTreeMap::new();
        for (k, v) in &spec.pairs {
            let v: f64 = v
                .parse()
                .map_err(|_| format!("distribution `{s}`: `{v}` is not a number"))?;
            if !v.is_finite() {
                return Err(format!("distribution `{s}`: `{v}` is not finite"));
            }
            kv.insert(k.to_string(), v);
        }
        let mut get = |k: &str, d: f64| kv.remove(k).unwrap_or(d);
        let fam = match name.trim() {
            "normal" => Family::Normal,
            "chisquare" | "chi2" => Family::ChiSquare {
                k: get("k", 16.0),
                skew: get("skew", 1.0),
            },
            "mix" => Family::Mix {
                lo: get("lo", 4.0),
                hi: get("hi", 10.0),
                k: get("k", 16.0),
                skew: get("skew", 1.0),
            },
            "exponential" | "exp" => Family::Exponential {
                damping: get("damping", 0.25),
                skew: get("skew", 1.0),
            },
            o => {
                return Err(format!(
                    "unknown distribution `{o}` (known: normal, chisquare, mix, exponential)"
                ))
            }
        };
        if let Some(k) = kv.keys().next() {
            return Err(format!("distribution `{s}`: unknown option `{k}`"));
        }
        match fam {
            Family::ChiSquare { k, .. } | Family::Mix { k, .. } if k <= 0.0 => {
                return Err("distribution: k must be positive".into())
            }
            Family::Mix { lo, hi, .. } if hi <= lo => {
                return Err("distribution: mix needs lo < hi".into())
            }
            Family::Exponential { damping, .. } if !(0.0..=1.0).contains(&damping) => {
                return Err("distribution: damping must be in [0, 1]".into())
            }
            _ => {}
        }
        Ok(fam)
    }
}

/// The lookup tables `f` (mean shift) and `g` (variance), with the family.
#[derive(Clone, Debug, PartialEq)]
pub struct DistTable {
    /// Family of distributions.
    pub family: Family,
    /// `f[s_bin][d]`.
    pub f: Vec<[f64; D_MAX + 1]>,
    /// `g[s_bin][d]`.
    pub g: Vec<[f64; D_MAX + 1]>,
    /// Samples behind each cell (0: filled in from neighbours).
    pub n: Vec<[u32; D_MAX + 1]>,
    /// Free text: what the table was learned on.
    pub source: String,
}

/// A malformed table file. One line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TableError(pub String);

impl DistTable {
    /// `f = 0`, `g = var` everywhere: `var = 0` is best-first (§2.6's trivial start),
    /// a large `var` a nearly uniform choice.
    pub fn constant(family: Family, var: f64) -> Self {
        DistTable {
            family,
            f: vec![[0.0; D_MAX + 1]; S_BINS],
            g: vec![[var; D_MAX + 1]; S_BINS],
            n: vec![[0; D_MAX + 1]; S_BINS],
            source: format!("constant f=0 g={var}"),
        }
    }

    /// `(f, g)` for a node with expansion count `s` and `d` children.
    #[inline]
    pub fn params(&self, s: u32, d: u16) -> (f64, f64) {
        let b = s_bin(s);
        let d = (d as usize).min(D_MAX);
        (self.f[b][d], self.g[b][d])
    }

    /// True when the table has `s = 0` cells of their own for some `d ≥ 1` (learned with the
    /// move counts of unexpanded nodes, module docs): searches then count the moves of every
    /// leaf they generate.
    pub fn unexpanded_by_d(&self) -> bool {
        self.n[0][1..].iter().any(|&n| n >= MIN_SAMPLES)
    }

    /// Scales the values (tables learned on one scale of scores, used on another):
    /// `f` by `k`, `g` by `k²`.
    pub fn scaled(mut self, k: f64) -> Self {
        for row in &mut self.f {
            row.iter_mut().for_each(|x| *x *= k);
        }
        for row in &mut self.g {
            row.iter_mut().for_each(|x| *x *= k * k);
        }
        self
    }

    /// Builds a table from per-cell samples `(count, sum, sum of squares, sum of cubes)`,
    /// filling thin cells from the pooled column and the previous row.
    #[allow(clippy::needless_range_loop)]
    pub fn from_moments(family: Family, moments: &[[[f64; 4]; D_MAX + 1]], source: &str) -> Self {
        let mut t = DistTable::constant(family, 0.0);
        t.source = source.to_string();
        let stats = |m: &[f64; 4]| -> (f64, f64) {
            let mean = m[1] / m[0];
            let var = (m[2] / m[0] - mean * mean).max(0.0);
            (mean, var)
        };
        let mut prev_pool = (0.0, 0.0);
        let mut third = 0.0;
        for b in 0..S_BINS.min(moments.len()) {
            let mut pool = [0.0; 4];
            for m in &moments[b] {
                for k in 0..4 {
                    pool[k] += m[k];
                }
            }
            let pooled = if pool[0] >= MIN_SAMPLES as f64 {
                let (mean, var) = stats(&pool);
                third += pool[3] / pool[0] - 3.0 * mean * (pool[2] / pool[0]) + 2.0 * mean.powi(3);
                (mean, var)
            } else {
                prev_pool
            };
            prev_pool = pooled;
            for d in 0..=D_MAX {
                let m = &moments[b][d];
                let (mean, var) = if m[0] >= MIN_SAMPLES as f64 {
                    stats(m)
                } else {
                    pooled
                };
                t.f[b][d] = mean;
                t.g[b][d] = var;
                t.n[b][d] = m[0] as u32;
            }
        }
        for b in moments.len()..S_BINS {
            t.f[b] = t.f[b - 1];
            t.g[b] = t.g[b - 1];
        }
        let sign = if third < 0.0 { -1.0 } else { 1.0 };
        t.family = match family {
            Family::ChiSquare { k, .. } => Family::ChiSquare { k, skew: sign },
            Family::Mix { lo, hi, k, .. } => Family::Mix {
                lo,
                hi,
                k,
                skew: sign,
            },
            Family::Exponential { damping, .. } => Family::Exponential {
                damping,
                skew: sign,
            },
            Family::Normal => Family::Normal,
        };
        t
    }

    /// A sample of the real score of a node with score `m`, `s` expansions, `d` children,
    /// compared among `n` siblings.
    #[inline]
    pub fn sample<R: Rng>(&self, rng: &mut R, m: i32, s: u32, d: u16, n: usize) -> f64 {
        let (f, g) = self.params(s, d);
        let mu = m as f64 + f;
        if g <= 0.0 {
            return mu;
        }
        let sd = g.sqrt();
        let chi = |rng: &mut R, k: f64, skew: f64| -> f64 {
            let c: f64 = ChiSquared::new(k).expect("k > 0").sample(rng);
            mu + skew * sd * (c - k) / (2.0 * k).sqrt()
        };
        match self.family {
            Family::Normal => {
                let z: f64 = StandardNormal.sample(rng);
                mu + sd * z
            }
            Family::ChiSquare { k, skew } => chi(rng, k, skew),
            Family::Mix { lo, hi, k, skew } => {
                let w = ((n as f64 - lo) / (hi - lo)).clamp(0.0, 1.0);
                if w > 0.0 && rng.gen::<f64>() < w {
                    chi(rng, k, skew)
                } else {
                    let z: f64 = StandardNormal.sample(rng);
                    mu + sd * z
                }
            }
            Family::Exponential { skew, .. } => {
                let e: f64 = Exp1.sample(rng);
                mu + skew * sd * (e - 1.0)
            }
        }
    }

    /// The damping probability (exponential family), else 0.
    #[inline]
    pub fn damping(&self) -> f64 {
        match self.family {
            Family::Exponential { damping, .. } => damping,
            _ => 0.0,
        }
    }

    /// The table as text (the shipped data files).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        s.push_str(
            "# arachne rbfm distribution table (Shoham–Toledo 2002 §2.6): mean shift f and variance g\n",
        );
        s.push_str(&format!("# source: {}\n", self.source.replace('\n', " ")));
        s.push_str(&format!("family {}\n", self.family));
        s.push_str("# s_bin_lower_edge d f g samples (d = 0: unexpanded nodes; rows not listed repeat the last)\n");
        for b in 0..S_BINS {
            for d in 0..=D_MAX {
                if b > 0
                    && d > 0
                    && self.n[b][d] == 0
                    && self.f[b][d] == self.f[b][0]
                    && self.g[b][d] == self.g[b][0]
                {
                    continue;
                }
                s.push_str(&format!(
                    "{} {} {:.3} {:.3} {}\n",
                    bin_s(b),
                    d,
                    self.f[b][d],
                    self.g[b][d],
                    self.n[b][d]
                ));
            }
        }
        s
    }

    /// Parses [`DistTable::to_text`]'s format. Cells not listed take the value of column 0 of
    /// their row (or, for a row without lines, of the previous row).
    #[allow(clippy::needless_range_loop)]
    pub fn from_text(text: &str) -> Result<Self, TableError> {
        let mut family = None;
        let mut source = String::new();
        let mut cells: Vec<Vec<Option<(f64, f64, u32)>>> = vec![vec![None; D_MAX + 1]; S_BINS];
        for (ln, line) in text.lines().enumerate() {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("# source:") {
                source = rest.trim().to_string();
                continue;
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(rest) = line.strip_prefix("family ") {
                family = Some(
                    rest.trim()
                        .parse::<Family>()
                        .map_err(|e| TableError(format!("table line {}: {e}", ln + 1)))?,
                );
                continue;
            }
            let bad = || TableError(format!("table line {}: expected `s d f g n`", ln + 1));
            let w: Vec<&str> = line.split_whitespace().collect();
            if w.len() != 5 {
                return Err(bad());
            }
            let s: u32 = w[0].parse().map_err(|_| bad())?;
            let d: usize = w[1].parse().map_err(|_| bad())?;
            let f: f64 = w[2].parse().map_err(|_| bad())?;
            let g: f64 = w[3].parse().map_err(|_| bad())?;
            let n: u32 = w[4].parse().map_err(|_| bad())?;
            if d > D_MAX || !f.is_finite() || !g.is_finite() || g < 0.0 {
                return Err(bad());
            }
            cells[s_bin(s)][d] = Some((f, g, n));
        }
        let family = family.ok_or_else(|| TableError("table: no `family` line".into()))?;
        let mut t = DistTable::constant(family, 0.0);
        t.source = source;
        for b in 0..S_BINS {
            let base = cells[b][0].or_else(|| (b > 0).then(|| (t.f[b - 1][0], t.g[b - 1][0], 0)));
            let Some(base) = base else {
                return Err(TableError("table: no line for s = 0, d = 0".into()));
            };
            for d in 0..=D_MAX {
                let (f, g, n) = match cells[b][d] {
                    Some(c) => c,
                    None if b > 0 && cells[b].iter().all(Option::is_none) => {
                        (t.f[b - 1][d], t.g[b - 1][d], 0)
                    }
                    None => (base.0, base.1, 0),
                };
                t.f[b][d] = f;
                t.g[b][d] = g;
                t.n[b][d] = n;
            }
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn bins() {
        assert_eq!(s_bin(0), 0);
        assert_eq!(s_bin(31), 31);
        assert_eq!(s_bin(32), 32);
        assert_eq!(s_bin(39), 32);
        assert_eq!(s_bin(40), 33);
        assert_eq!(s_bin(5000), S_BINS - 1);
        for b in 0..S_BINS {
            assert_eq!(s_bin(bin_s(b)), b);
        }
    }

    #[test]
    fn samples_have_the_cells_mean_and_variance() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        for fam in [
            "normal",
            "chisquare:k=16",
            "chisquare:k=4,skew=-1",
            "exponential",
        ] {
            let mut t = DistTable::constant(fam.parse().unwrap(), 400.0);
            t.f[3][5] = 10.0;
            let n = 200_000;
            let xs: Vec<f64> = (0..n).map(|_| t.sample(&mut rng, 100, 3, 5, 2)).collect();
            let mean = xs.iter().sum::<f64>() / n as f64;
            let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
            assert!((mean - 110.0).abs() < 0.3, "{fam}: mean {mean}");
            assert!((var - 400.0).abs() < 12.0, "{fam}: var {var}");
        }
    }

    #[test]
    fn text_roundtrip() {
        let mut m = vec![[[0.0; 4]; D_MAX + 1]; 40];
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        for (b, row) in m.iter_mut().enumerate() {
            for (d, c) in row.iter_mut().enumerate().take(7) {
                for _ in 0..(b * 10 + d * 3) {
                    let x: f64 = rng.gen_range(-5.0..7.0) + b as f64;
                    c[0] += 1.0;
                    c[1] += x;
                    c[2] += x * x;
                    c[3] += x * x * x;
                }
            }
        }
        let t = DistTable::from_moments("mix".parse().unwrap(), &m, "test");
        let back = DistTable::from_text(&t.to_text()).unwrap();
        for b in 0..S_BINS {
            for d in 0..=D_MAX {
                assert!((t.f[b][d] - back.f[b][d]).abs() < 1e-3, "f {b} {d}");
                assert!((t.g[b][d] - back.g[b][d]).abs() < 1e-3, "g {b} {d}");
            }
        }
        assert_eq!(back.family, t.family);
        assert!(DistTable::from_text("family normal\n0 0 1 x 3\n").is_err());
        assert!(DistTable::from_text("0 0 1 2 3\n").is_err());
    }
}
