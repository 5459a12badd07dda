//! One compared value of a report: the [`Row`] (paper beside ours), its [`Verdict`], its
//! [`Tolerance`] and its [`Sample`], and the number formats the rows share.
use super::interval::{judge, Interval};
use serde::{Deserialize, Serialize};

/// How one reproduced figure compares with the paper: five outcomes for a single value, and
/// three for a sampled one (a row with an [`Interval`], judged as in [`super::interval`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Verdict {
    /// Ours equals the paper's (exact rows) or lies within the row's [`Tolerance`].
    Reproduced,
    /// Ours differs from the paper's by `percent` (signed: ours above the paper's is positive;
    /// percentage points when the row's tolerance is in [`Tolerance::Points`]), `because` the
    /// reason ([`CAUSE_UNKNOWN`] until an experiment gives one with [`Row::because`]).
    Differs {
        /// `100 · (ours − paper) / |paper|`, or `ours − paper` in points.
        #[serde(deserialize_with = "null_is_infinite")]
        percent: f64,
        /// Whether `percent` is in percentage points (ours − paper) rather than relative.
        points: bool,
        /// Why it differs, one line.
        because: String,
    },
    /// The paper states a bound (a theorem's upper or lower bound) and ours respects it.
    BoundHolds,
    /// The paper states a bound and ours is beyond it by `percent` (relative to the bound).
    BoundViolated {
        /// `100 · (ours − bound) / |bound|`.
        #[serde(deserialize_with = "null_is_infinite")]
        percent: f64,
        /// Why, one line ([`CAUSE_UNKNOWN`] until given).
        because: String,
    },
    /// The paper's figure cannot be reproduced here; `why`.
    NotReproducible {
        /// The reason, one line.
        why: String,
    },
    /// A sampled row: the paper's value lies in our 95 % interval (or, with `overlap`, the
    /// paper's own 95 % interval meets ours), and ours is no wider than the tolerance band.
    Consistent {
        /// Whether the paper's interval was compared with ours (rather than its value).
        overlap: bool,
    },
    /// A sampled row whose 95 % interval excludes the paper's value (or the paper's interval).
    DiffersSignificantly {
        /// As in [`Verdict::Differs`].
        #[serde(deserialize_with = "null_is_infinite")]
        percent: f64,
        /// As in [`Verdict::Differs`].
        points: bool,
        /// The intervals compared, one line (`our 95 % interval [0.70, 0.78] excludes …`).
        interval: String,
        /// Why it differs ([`CAUSE_UNKNOWN`] until given).
        because: String,
    },
    /// A row that differs under our reading of a detail the paper leaves open and is
    /// reproduced (or consistent, when sampled) under another plausible reading, named here:
    /// `reading`, and what ours gives under it (`52 % (95 % CI [42.32 %, 61.54 %] (Wilson))`).
    ReproducedUnder {
        /// The reading under which the row reproduces, one line.
        reading: String,
        /// Our value under that reading (with its interval when sampled).
        value: String,
    },
    /// A sampled row whose interval holds the paper's value but is wider than the tolerance
    /// band: `n` of `unit` cannot decide, about `needed` would (0: unknown, a single
    /// observation has no spread to scale).
    Undecided {
        /// Our sample.
        n: u64,
        /// The sample at which the interval's half-width falls to the tolerance.
        needed: u64,
        /// What `n` counts.
        unit: String,
        /// Our interval's half-width as shown (`±17.90 points`, `±0.1200`).
        half_width: String,
        /// The paper's interval's half-width as shown, when it too is wider than the
        /// tolerance: then no sample of ours decides (`needed` is 0).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paper_wide: Option<String>,
    },
}

/// A percentage (or an interval's upper end) read back from JSON, where an infinite one was
/// written as `null`.
pub(super) fn null_is_infinite<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::INFINITY))
}

/// An interval's lower end read back from JSON, where minus infinity was written as `null`.
pub(super) fn null_is_minus_infinite<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::NEG_INFINITY))
}

/// The reason of a row that differs before an experiment gives one.
pub const CAUSE_UNKNOWN: &str = "cause not established";

/// What follows a reading ruled out in a reason (`ruled out: R, which gives V`,
/// [`Row::read_also`]); a summary names the reading once, without the value.
pub(super) const GIVES: &str = ", which gives";

impl Verdict {
    /// `not reproducible: no value obtained` — our run gave no finite value to compare.
    fn no_value() -> Verdict {
        Verdict::NotReproducible {
            why: "no value obtained".into(),
        }
    }

    /// `reproduced`, `differs`, `bound-holds`, `bound-violated`, `not-reproducible`,
    /// `consistent`, `differs-significantly`, `undecided`, `reproduced-under-reading`: for CSS
    /// classes and counting.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::Differs { .. } => "differs",
            Verdict::BoundHolds => "bound-holds",
            Verdict::BoundViolated { .. } => "bound-violated",
            Verdict::NotReproducible { .. } => "not-reproducible",
            Verdict::Consistent { .. } => "consistent",
            Verdict::DiffersSignificantly { .. } => "differs-significantly",
            Verdict::Undecided { .. } => "undecided",
            Verdict::ReproducedUnder { .. } => "reproduced-under-reading",
        }
    }

    /// A relative difference, without a reason yet.
    fn differs(percent: f64) -> Verdict {
        Verdict::Differs {
            percent,
            points: false,
            because: CAUSE_UNKNOWN.into(),
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let reason = |f: &mut std::fmt::Formatter<'_>, why: &str| {
            if why.starts_with(CAUSE_UNKNOWN) {
                // With the causes tried and ruled out after it (`Row::read_also`).
                write!(f, " ({why})")
            } else {
                write!(f, " because {why}")
            }
        };
        match self {
            Verdict::Reproduced => write!(f, "reproduced"),
            Verdict::Differs {
                percent,
                points,
                because,
            } => {
                write!(f, "differs by {}", diff_text(*percent, *points))?;
                reason(f, because)
            }
            Verdict::BoundHolds => write!(f, "bound holds"),
            Verdict::BoundViolated { percent, because } => {
                write!(f, "bound violated by {}", percent_text(*percent))?;
                reason(f, because)
            }
            Verdict::NotReproducible { why } => write!(f, "not reproducible: {why}"),
            Verdict::Consistent { overlap: false } => {
                write!(f, "consistent: the paper's value lies in our 95 % interval")
            }
            Verdict::Consistent { overlap: true } => {
                write!(f, "consistent: the paper's 95 % interval and ours overlap")
            }
            Verdict::DiffersSignificantly {
                percent,
                points,
                interval,
                because,
            } => {
                let d = diff_text(*percent, *points);
                write!(f, "differs significantly by {d}: {interval}")?;
                reason(f, because)
            }
            Verdict::ReproducedUnder { reading, value } => {
                write!(f, "reproduced under the reading {reading}: {value}")
            }
            Verdict::Undecided {
                n,
                needed,
                unit,
                half_width,
                paper_wide,
            } => {
                let n = thousands(*n);
                if let Some(p) = paper_wide {
                    return write!(f, "undecided at n = {n} {unit}: our 95 % interval ({half_width}) and the paper's ({p}) are wider than the tolerance; the paper's own sample is too small to decide, whatever ours");
                }
                write!(f, "undecided at n = {n} {unit}: our 95 % interval ({half_width}) is wider than the tolerance; ")?;
                match needed {
                    0 => write!(f, "more observations would decide"),
                    k => write!(f, "n ≈ {} would decide", thousands(*k)),
                }
            }
        }
    }
}

/// `+12.3 %`, `-0.41 %`, `+1.2e3 %`.
fn percent_text(p: f64) -> String {
    let a = p.abs();
    if a >= 1e4 {
        format!("{p:+.1e} %")
    } else if a >= 10.0 {
        format!("{p:+.0} %")
    } else if a >= 1.0 {
        format!("{p:+.1} %")
    } else {
        format!("{p:+.2} %")
    }
}

/// `+12 %` or, in percentage points, `+12 points`.
pub(super) fn diff_text(d: f64, points: bool) -> String {
    if points {
        format!("{d:+.1} points")
    } else {
        percent_text(d)
    }
}

/// What "reproduced" means for a row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "kebab-case")]
pub enum Tolerance {
    /// The paper's value as printed, exactly (a fraction, a count, a closed form).
    Exact,
    /// Within this fraction of the paper's value (`0.15` for ±15 %).
    Relative(f64),
    /// Within this many percentage points of the paper's percentage.
    Points(f64),
    /// A claim of the paper (holds or not).
    Claim,
    /// A bound of the paper: an upper bound (`true`) or a lower bound.
    Bound(bool),
    /// Nothing to compare (a row not reproducible).
    None,
}

impl std::fmt::Display for Tolerance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tolerance::Exact => write!(f, "exact"),
            Tolerance::Relative(t) => write!(f, "±{} %", num(100.0 * t)),
            Tolerance::Points(t) => write!(f, "±{} points", num(*t)),
            Tolerance::Claim => write!(f, "claim"),
            Tolerance::Bound(true) => write!(f, "upper bound"),
            Tolerance::Bound(false) => write!(f, "lower bound"),
            Tolerance::None => write!(f, "–"),
        }
    }
}

/// How much data a row rests on: ours against the paper's (`40 trees (paper 10 000)`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// Our count.
    pub ours: u64,
    /// The paper's count, when it gives one.
    pub paper: Option<u64>,
    /// What is counted, plural: `trees`, `games`, `positions`.
    pub unit: String,
}

impl Sample {
    /// `ours` of `unit` against the paper's `paper`.
    pub fn new(ours: u64, paper: Option<u64>, unit: impl Into<String>) -> Sample {
        Sample {
            ours,
            paper,
            unit: unit.into(),
        }
    }

    /// `40 trees (paper 10 000)`, or in a quick run `quick: 40 of 10 000 trees`.
    pub fn text(&self, quick: bool) -> String {
        let (o, u) = (thousands(self.ours), &self.unit);
        match (quick, self.paper) {
            (true, Some(p)) => format!("quick: {o} of {} {u}", thousands(p)),
            (true, None) => format!("quick: {o} {u}"),
            (false, Some(p)) => format!("{o} {u} (paper {})", thousands(p)),
            (false, None) => format!("{o} {u}"),
        }
    }
}

/// `10 000`: thousands separated by a thin space, as the papers print them.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut o = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 && s.len() > 4 {
            o.push(' ');
        }
        o.push(c);
    }
    o
}

/// One reproduced figure: a number (or exact value) the paper prints, and ours.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The paper's table, figure, theorem or section: `Table 5.1`, `Figure 6.1`, `§7.3`.
    pub figure: String,
    /// What the number is: `E[NBP_(2,2)]`, `γ0 average, k = 2`.
    pub quantity: String,
    /// The paper's value as a number, when it has one.
    pub paper: Option<f64>,
    /// The paper's value as printed (or why it is missing).
    pub paper_text: String,
    /// Where the paper's value comes from when not from the paper's own tables and text: an
    /// outside anchor (`outside anchor: Hyatt et al. 1989`) or a part of the paper (`the
    /// paper's abstract`).
    pub source: Option<String>,
    /// Our value as a number, when there is one.
    pub ours: Option<f64>,
    /// Our value as shown.
    pub ours_text: String,
    /// `(ours − paper) / |paper|`, when both are numbers and the paper's is not zero.
    pub rel_diff: Option<f64>,
    /// What "reproduced" means for this row.
    pub tolerance: Tolerance,
    /// The data the row rests on (set by [`Row::sample`] or [`Report::sample`](super::Report::sample)).
    pub sample: Option<Sample>,
    /// The verdict.
    pub verdict: Verdict,
    /// The 95 % confidence interval of a sampled row (set by [`Row::sampled`]); absent from
    /// the reports written before rows carried one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<Interval>,
}

fn rel(paper: f64, ours: f64) -> Option<f64> {
    (paper != 0.0 && paper.is_finite() && ours.is_finite()).then(|| (ours - paper) / paper.abs())
}

impl Row {
    fn bare(figure: String, quantity: String, tolerance: Tolerance, verdict: Verdict) -> Row {
        Row {
            figure,
            quantity,
            paper: None,
            paper_text: String::new(),
            source: None,
            ours: None,
            ours_text: String::new(),
            rel_diff: None,
            tolerance,
            sample: None,
            verdict,
            interval: None,
        }
    }

    /// A measured number against the paper's: `reproduced` when the relative difference is at
    /// most `tol` (e.g. `0.05` for 5 %), `differs by N %` otherwise. Values are shown to four
    /// significant digits; override with [`Row::texts`].
    pub fn compare(
        figure: impl Into<String>,
        quantity: impl Into<String>,
        paper: f64,
        ours: f64,
        tol: f64,
    ) -> Row {
        let r = rel(paper, ours);
        let verdict = match r {
            Some(r) if r.abs() <= tol => Verdict::Reproduced,
            Some(r) => Verdict::differs(100.0 * r),
            None if paper == ours => Verdict::Reproduced,
            None if !ours.is_finite() => Verdict::no_value(),
            None => Verdict::differs(f64::INFINITY),
        };
        Row {
            paper: Some(paper),
            paper_text: num(paper),
            ours: Some(ours),
            ours_text: num(ours),
            rel_diff: r,
            ..Row::bare(
                figure.into(),
                quantity.into(),
                Tolerance::Relative(tol),
                verdict,
            )
        }
    }

    /// A percentage against the paper's, within `tol` percentage points (`15.0` for ±15
    /// points): the difference shown is `ours − paper` in points, not relative.
    pub fn compare_points(
        figure: impl Into<String>,
        quantity: impl Into<String>,
        paper: f64,
        ours: f64,
        tol: f64,
    ) -> Row {
        let d = ours - paper;
        let verdict = if !ours.is_finite() {
            Verdict::no_value()
        } else if d.abs() <= tol {
            Verdict::Reproduced
        } else {
            Verdict::Differs {
                percent: d,
                points: true,
                because: CAUSE_UNKNOWN.into(),
            }
        };
        Row {
            paper: Some(paper),
            paper_text: format!("{} %", num(paper)),
            ours: Some(ours),
            ours_text: format!("{} %", num(ours)),
            rel_diff: rel(paper, ours),
            ..Row::bare(
                figure.into(),
                quantity.into(),
                Tolerance::Points(tol),
                verdict,
            )
        }
    }

    /// A bound of the paper (a theorem's): `bound holds` when ours is at most `bound` (`upper`)
    /// or at least it (a lower bound), `bound violated by N %` otherwise.
    pub fn bound(
        figure: impl Into<String>,
        quantity: impl Into<String>,
        bound: f64,
        ours: f64,
        upper: bool,
    ) -> Row {
        let holds = if upper { ours <= bound } else { ours >= bound };
        let verdict = if !ours.is_finite() {
            Verdict::no_value()
        } else if holds {
            Verdict::BoundHolds
        } else {
            Verdict::BoundViolated {
                percent: 100.0 * rel(bound, ours).unwrap_or(f64::INFINITY),
                because: CAUSE_UNKNOWN.into(),
            }
        };
        Row {
            paper: Some(bound),
            paper_text: format!("{} {}", if upper { "≤" } else { "≥" }, num(bound)),
            ours: Some(ours),
            ours_text: num(ours),
            rel_diff: rel(bound, ours),
            ..Row::bare(
                figure.into(),
                quantity.into(),
                Tolerance::Bound(upper),
                verdict,
            )
        }
    }

    /// An exact value (a fraction, a count, a closed form): `reproduced` when `paper_text` and
    /// `ours_text` are equal as strings, `differs` otherwise (the percentage from the numbers).
    pub fn exact(
        figure: impl Into<String>,
        quantity: impl Into<String>,
        paper: (f64, String),
        ours: (f64, String),
    ) -> Row {
        let r = rel(paper.0, ours.0);
        let verdict = if paper.1 == ours.1 {
            Verdict::Reproduced
        } else {
            Verdict::differs(100.0 * r.unwrap_or(f64::INFINITY))
        };
        Row {
            paper: Some(paper.0),
            paper_text: paper.1,
            ours: Some(ours.0),
            ours_text: ours.1,
            rel_diff: r,
            ..Row::bare(figure.into(), quantity.into(), Tolerance::Exact, verdict)
        }
    }

    /// A figure of the paper we cannot reproduce: what the paper says, what we have (maybe
    /// nothing: `"–"`), and why.
    pub fn not_reproducible(
        figure: impl Into<String>,
        quantity: impl Into<String>,
        paper_text: impl Into<String>,
        ours_text: impl Into<String>,
        why: impl Into<String>,
    ) -> Row {
        Row {
            paper_text: paper_text.into(),
            ours_text: ours_text.into(),
            ..Row::bare(
                figure.into(),
                quantity.into(),
                Tolerance::None,
                Verdict::NotReproducible { why: why.into() },
            )
        }
    }

    /// A claim of the paper that holds or not in our run (`E[NBP] grows with R`, `the measured
    /// mean is below the bound`): `reproduced`, or `not reproducible: does not hold here`.
    pub fn claim(figure: impl Into<String>, statement: impl Into<String>, holds: bool) -> Row {
        let verdict = if holds {
            Verdict::Reproduced
        } else {
            Verdict::NotReproducible {
                why: "the claim does not hold in our run".into(),
            }
        };
        Row {
            paper_text: "holds".into(),
            ours_text: if holds { "holds" } else { "does not hold" }.into(),
            ..Row::bare(figure.into(), statement.into(), Tolerance::Claim, verdict)
        }
    }

    /// Gives the reason of a verdict that is not `reproduced`: why a row differs, why a bound
    /// is violated, why a figure is not reproducible (e.g. a [`Row::claim`] that does not
    /// hold). A reproduced row is left alone, so an experiment can state the reason whatever
    /// its run gives.
    pub fn because(mut self, why: impl Into<String>) -> Row {
        match &mut self.verdict {
            Verdict::NotReproducible { why: w }
            | Verdict::Differs { because: w, .. }
            | Verdict::BoundViolated { because: w, .. }
            | Verdict::DiffersSignificantly { because: w, .. } => *w = why.into(),
            Verdict::Reproduced
            | Verdict::BoundHolds
            | Verdict::Consistent { .. }
            | Verdict::Undecided { .. }
            | Verdict::ReproducedUnder { .. } => {}
        }
        self
    }

    /// Judges the row under a second reading of a detail the paper leaves open: `other` is the
    /// same comparison (the same constructor and sample) run under `reading`. A row that
    /// differs under ours becomes [`Verdict::ReproducedUnder`] when `other` is reproduced or
    /// consistent; when `other` differs too, the reason lists `reading` as a cause tried and
    /// ruled out, with what it gave. A row reproduced, consistent or undecided under ours is
    /// left alone. Give the reason of a difference ([`Row::because`]) before this.
    pub fn read_also(mut self, reading: &str, other: &Row) -> Row {
        let reproduces = matches!(
            other.verdict,
            Verdict::Reproduced | Verdict::Consistent { .. }
        );
        if let Verdict::Differs { because, .. } | Verdict::DiffersSignificantly { because, .. } =
            &mut self.verdict
        {
            if reproduces {
                self.verdict = Verdict::ReproducedUnder {
                    reading: reading.into(),
                    value: other.ours_cell(),
                };
            } else {
                let tried = format!("ruled out: {reading}{GIVES} {}", other.ours_cell());
                *because = format!("{because}; {tried}");
            }
        }
        self
    }

    /// Makes a row built by [`Row::compare`] or [`Row::compare_points`] a sampled one: it
    /// carries `iv`, its 95 % interval (in the row's units: percent for a percentage), and its
    /// verdict becomes `consistent`, `differs significantly` or `undecided` (see
    /// [`super::interval`]). A row without a number of ours, or without the paper's, keeps its
    /// verdict. Give the reason of a difference ([`Row::because`]) after this.
    pub fn sampled(mut self, mut iv: Interval) -> Row {
        if let (Some(p), Some(o)) = (self.paper, self.ours) {
            if o.is_finite() {
                iv.estimate_paper(p, o);
            }
            if o.is_finite() && !matches!(self.verdict, Verdict::NotReproducible { .. }) {
                let points = matches!(self.tolerance, Tolerance::Points(_));
                let diff = if points {
                    o - p
                } else {
                    100.0 * self.rel_diff.unwrap_or(f64::INFINITY)
                };
                self.verdict = judge(p, (diff, points), &self.tolerance, &iv, self.suffix());
            }
        }
        self.interval = Some(iv);
        self
    }

    /// What follows a value of this row: `" %"` for a percentage ([`Tolerance::Points`]).
    fn suffix(&self) -> &'static str {
        if matches!(self.tolerance, Tolerance::Points(_)) {
            " %"
        } else {
            ""
        }
    }

    /// Replaces the displayed texts (e.g. `1.37` as the paper prints it, `11/3` for a fraction).
    pub fn texts(mut self, paper: impl Into<String>, ours: impl Into<String>) -> Row {
        self.paper_text = paper.into();
        self.ours_text = ours.into();
        self
    }

    /// The paper's value comes from `source` rather than the paper's tables and text (`the
    /// paper's abstract`).
    pub fn source(mut self, source: impl Into<String>) -> Row {
        self.source = Some(source.into());
        self
    }

    /// The value compared against is an outside anchor, not the paper's: `source` names it.
    pub fn outside_anchor(self, source: impl Into<String>) -> Row {
        let s = source.into();
        self.source(format!("outside anchor: {s}"))
    }

    /// The data the row rests on.
    pub fn sample(mut self, sample: Sample) -> Row {
        self.sample = Some(sample);
        self
    }

    /// The paper's cell: the value as printed, its 95 % interval when the row's [`Interval`]
    /// has the paper's, and when it has one, its source.
    pub fn paper_cell(&self) -> String {
        let mut c = self.paper_text.clone();
        if let Some(iv) = &self.interval {
            if let Some((lo, hi)) = iv.paper {
                let r = Interval::range_text(lo, hi, self.suffix());
                c = match iv.paper_n {
                    Some(n) => format!(
                        "{c} (95 % CI {r}, from its n = {} {} and our spread)",
                        thousands(n),
                        iv.unit
                    ),
                    None => format!("{c} (95 % CI {r})"),
                };
            }
        }
        match &self.source {
            Some(s) => format!("{c} ({s})"),
            None => c,
        }
    }

    /// Our cell: the value as shown and, for a sampled row, its 95 % interval (`40 % (95 % CI
    /// [30.94 %, 49.80 %] (Wilson))`).
    pub fn ours_cell(&self) -> String {
        match &self.interval {
            Some(iv) => format!("{} ({})", self.ours_text, iv.text(self.suffix())),
            None => self.ours_text.clone(),
        }
    }

    /// The difference as shown: relative in percent, or in points for [`Tolerance::Points`].
    pub fn diff_text(&self) -> String {
        match (&self.tolerance, self.paper, self.ours) {
            (Tolerance::Points(_), Some(p), Some(o)) => diff_text(o - p, true),
            _ => self
                .rel_diff
                .map_or("–".into(), |x| percent_text(100.0 * x)),
        }
    }

    /// The sample as shown in a run that is `quick` or not (`–` when none is given).
    pub fn sample_text(&self, quick: bool) -> String {
        self.sample.as_ref().map_or("–".into(), |s| s.text(quick))
    }
}

/// A number to four significant digits (integers as integers).
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return format!("{x}");
    }
    let a = x.abs();
    if a == 0.0 {
        "0".into()
    } else if (x - x.round()).abs() < 1e-9 && a < 1e12 {
        format!("{}", x.round() as i64)
    } else if !(1e-3..1e7).contains(&a) {
        format!("{x:.3e}")
    } else {
        let digits = (3 - a.log10().floor() as i32).max(0) as usize;
        format!("{x:.digits$}")
    }
}
