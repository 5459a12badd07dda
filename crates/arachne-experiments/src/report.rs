//! The shared report of every experiment: the paper's value beside ours, one [`Row`] per
//! reproduced figure, a verdict each, the setup, free-form details and plots.
//!
//! An experiment builds a [`Report`] and never touches the file system; [`Report::write`]
//! writes it into a directory as
//!
//! * `<name>.md` — setup, a summary per table/figure, the rows, the details, links to the plots;
//! * `<name>_rows.csv` — the rows (figure, quantity, paper, ours, relative difference, verdict);
//! * `<name>.json` — the whole report (rows, setup, the experiment's own `data`);
//! * `<name>.html` — an HTML fragment (one `<section>`, the plots' SVG inline), the piece
//!   `arachne reproduce` puts into `index.html`;
//! * `<stem>.svg`, `<stem>.png` for every plot, and the experiment's extra files (CSV tables).
//!
//! The details are written in a small subset of Markdown that [`markdown_to_html`] converts:
//! `#` headings, tables of `|` lines (the second line the rule), `- ` lists, paragraphs,
//! `` `code` `` and `**bold**`.
use crate::ExpError;
use arachne_plot::Chart;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// How one reproduced figure compares with the paper: four outcomes (issue 25).
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
}

/// A percentage read back from JSON, where an infinite one was written as `null`.
fn null_is_infinite<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::INFINITY))
}

/// The reason of a row that differs before an experiment gives one.
pub const CAUSE_UNKNOWN: &str = "cause not established";

impl Verdict {
    /// `reproduced`, `differs`, `bound-holds`, `bound-violated`, `not-reproducible`: for CSS
    /// classes and counting.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::Differs { .. } => "differs",
            Verdict::BoundHolds => "bound-holds",
            Verdict::BoundViolated { .. } => "bound-violated",
            Verdict::NotReproducible { .. } => "not-reproducible",
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
            if why == CAUSE_UNKNOWN {
                write!(f, " ({CAUSE_UNKNOWN})")
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
fn diff_text(d: f64, points: bool) -> String {
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
    /// The data the row rests on (set by [`Row::sample`] or [`Report::sample`]).
    pub sample: Option<Sample>,
    /// The verdict.
    pub verdict: Verdict,
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
            None if !ours.is_finite() => Verdict::NotReproducible {
                why: "no value obtained".into(),
            },
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
            Verdict::NotReproducible {
                why: "no value obtained".into(),
            }
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
            Verdict::NotReproducible {
                why: "no value obtained".into(),
            }
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
            | Verdict::BoundViolated { because: w, .. } => *w = why.into(),
            Verdict::Reproduced | Verdict::BoundHolds => {}
        }
        self
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

    /// The paper's cell: the value as printed and, when it has one, its source.
    pub fn paper_cell(&self) -> String {
        match &self.source {
            Some(s) => format!("{} ({s})", self.paper_text),
            None => self.paper_text.clone(),
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

/// The chart of a plot read back from a report's JSON (the drawing is in its files).
fn blank_chart() -> Chart {
    Chart {
        title: String::new(),
        x_label: String::new(),
        y_label: String::new(),
        log_x: false,
        log_y: false,
        series: Vec::new(),
    }
}

/// A plot of the report: drawn by `arachne-plot` into `<stem>.svg` and `<stem>.png`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Plot {
    /// File stem (no directory, no extension), unique within the report.
    pub stem: String,
    /// One-line caption.
    pub caption: String,
    /// The chart (not in the JSON: a report read back has only the plots' files).
    #[serde(skip, default = "blank_chart")]
    pub chart: Chart,
}

/// What one experiment found: rows (paper beside ours), setup, details, plots, extra files.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// The experiment's registry name (`fuller`); also the stem of its files.
    pub name: String,
    /// Title, one line.
    pub title: String,
    /// The paper: authors, year, title, seed file.
    pub paper: String,
    /// Whether this is the `--quick` form.
    pub quick: bool,
    /// The setup, as (what, value) pairs: seeds, trials, positions, depths, cost model, and
    /// what differs from the paper's machine or game.
    pub setup: Vec<(String, String)>,
    /// One row per reproduced figure.
    pub rows: Vec<Row>,
    /// Further tables and text (the Markdown subset of [`markdown_to_html`]).
    pub details: String,
    /// Plots.
    pub plots: Vec<Plot>,
    /// Extra files (name, contents) written beside the report, e.g. CSV tables.
    #[serde(skip)]
    pub files: Vec<(String, String)>,
    /// The experiment's own results, machine-readable.
    pub data: serde_json::Value,
    /// Seconds the experiment took.
    pub seconds: f64,
    /// The sample given to rows added from now on without their own ([`Report::sample`]).
    #[serde(skip)]
    pub current_sample: Option<Sample>,
}

/// One table or figure of the paper, summarised over its rows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FigureSummary {
    /// `Table 5.1`.
    pub figure: String,
    /// Number of rows.
    pub rows: usize,
    /// Rows reproduced.
    pub reproduced: usize,
    /// Rows that differ.
    pub differs: usize,
    /// Rows not reproducible.
    pub not_reproducible: usize,
    /// Largest absolute difference in percent (or points) among the rows that differ.
    pub max_abs_percent: Option<f64>,
    /// The sample of the figure's first row that has one, as shown (`quick: 40 of 10 000
    /// trees`).
    pub sample: Option<String>,
    /// One line: `reproduced (12 rows)`, `differs by up to 23 % (3 of 8 rows)`, `not
    /// reproducible: why`.
    pub verdict: String,
    /// `reproduced`, `differs`, `not-reproducible`: the worst real difference (see
    /// [`summarise`]).
    pub kind: &'static str,
}

impl Report {
    /// An empty report.
    pub fn new(
        name: impl Into<String>,
        title: impl Into<String>,
        paper: impl Into<String>,
        quick: bool,
    ) -> Report {
        Report {
            name: name.into(),
            title: title.into(),
            paper: paper.into(),
            quick,
            setup: Vec::new(),
            rows: Vec::new(),
            details: String::new(),
            plots: Vec::new(),
            files: Vec::new(),
            data: serde_json::Value::Null,
            seconds: 0.0,
            current_sample: None,
        }
    }

    /// Adds a setup line.
    pub fn setup(&mut self, what: impl Into<String>, value: impl Into<String>) {
        self.setup.push((what.into(), value.into()));
    }

    /// Adds a row; one without a sample gets the report's current one ([`Report::sample`]).
    pub fn row(&mut self, mut row: Row) {
        if row.sample.is_none() && !matches!(row.verdict, Verdict::NotReproducible { .. }) {
            row.sample = self.current_sample.clone();
        }
        self.rows.push(row);
    }

    /// Adds the row of a figure the full form computes and this run (the quick form, or a
    /// chosen part) does not, so that every scale reports the same rows (issue 25): `not
    /// reproducible: not computed at the quick scale`, with the paper's value as printed
    /// (`paper_text`).
    pub fn not_computed(
        &mut self,
        figure: impl Into<String>,
        quantity: impl Into<String>,
        paper_text: impl Into<String>,
    ) {
        let why = if self.quick {
            format!(
                "not computed at the quick scale (`arachne experiment {}` without --quick computes it)",
                self.name
            )
        } else {
            format!(
                "not computed in this run (`arachne experiment {}` at its default scale computes it)",
                self.name
            )
        };
        self.row(Row::not_reproducible(
            figure, quantity, paper_text, "–", why,
        ));
    }

    /// The sample of the rows added from now on (until the next call): `Sample::new(40,
    /// Some(10_000), "trees")`.
    pub fn sample(&mut self, sample: Sample) {
        self.current_sample = Some(sample);
    }

    /// Adds a plot.
    pub fn plot(&mut self, stem: impl Into<String>, caption: impl Into<String>, chart: Chart) {
        self.plots.push(Plot {
            stem: stem.into(),
            caption: caption.into(),
            chart,
        });
    }

    /// Adds an extra file.
    pub fn file(&mut self, name: impl Into<String>, contents: impl Into<String>) {
        self.files.push((name.into(), contents.into()));
    }

    /// The rows grouped by figure, in order of first appearance.
    pub fn summary(&self) -> Vec<FigureSummary> {
        let mut order: Vec<&str> = Vec::new();
        for r in &self.rows {
            if !order.contains(&r.figure.as_str()) {
                order.push(&r.figure);
            }
        }
        order
            .into_iter()
            .map(|fig| {
                summarise(
                    fig,
                    self.rows.iter().filter(|r| r.figure == fig),
                    self.quick,
                )
            })
            .collect()
    }

    /// The report as Markdown; plot links get `link_prefix` (e.g. `fuller/`).
    pub fn markdown(&self, link_prefix: &str) -> String {
        let mut md = String::new();
        let _ = writeln!(md, "# {}\n\n*{}*\n", self.title, self.paper);
        let _ = writeln!(
            md,
            "Generated by `arachne experiment {}{}` in {:.1} s.\n",
            self.name,
            if self.quick { " --quick" } else { "" },
            self.seconds
        );
        md.push_str(&self.setup_markdown());
        md.push_str(&self.summary_markdown());
        md.push_str(&self.rows_markdown());
        if !self.details.trim().is_empty() {
            let _ = writeln!(md, "## Details\n\n{}\n", demote(self.details.trim(), 2));
        }
        if !self.plots.is_empty() {
            let _ = writeln!(md, "## Plots\n");
            for p in &self.plots {
                let _ = writeln!(md, "![{}]({link_prefix}{}.svg)\n", p.caption, p.stem);
            }
        }
        md
    }

    fn setup_markdown(&self) -> String {
        let mut md = String::from("## Setup\n\n");
        for (k, v) in &self.setup {
            let _ = writeln!(md, "- **{k}**: {v}");
        }
        md.push('\n');
        md
    }

    fn summary_markdown(&self) -> String {
        let mut md =
            String::from("## Summary\n\n| table / figure | rows | verdict |\n|---|---|---|\n");
        for s in self.summary() {
            let _ = writeln!(md, "| {} | {} | {} |", s.figure, s.rows, s.verdict);
        }
        md.push('\n');
        md
    }

    fn rows_markdown(&self) -> String {
        let mut md = String::from(
            "## The paper beside ours\n\n| table / figure | quantity | paper | ours | difference | tolerance | sample | verdict |\n|---|---|---|---|---|---|---|---|\n",
        );
        for r in &self.rows {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} | {} |",
                cell(&r.figure),
                cell(&r.quantity),
                cell(&r.paper_cell()),
                cell(&r.ours_text),
                r.diff_text(),
                r.tolerance,
                cell(&r.sample_text(self.quick)),
                cell(&r.verdict.to_string())
            );
        }
        md.push('\n');
        md
    }

    /// The rows as CSV.
    pub fn rows_csv(&self) -> String {
        let mut csv =
            String::from("figure,quantity,paper,paper_text,source,ours,ours_text,rel_diff,tolerance,sample,verdict\n");
        let opt = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x}"));
        for r in &self.rows {
            let _ = writeln!(
                csv,
                "{},{},{},{},{},{},{},{},{},{},{}",
                csv_field(&r.figure),
                csv_field(&r.quantity),
                opt(r.paper),
                csv_field(&r.paper_text),
                csv_field(r.source.as_deref().unwrap_or("")),
                opt(r.ours),
                csv_field(&r.ours_text),
                opt(r.rel_diff),
                csv_field(&r.tolerance.to_string()),
                csv_field(&r.sample_text(self.quick)),
                csv_field(&r.verdict.to_string())
            );
        }
        csv
    }

    /// The report as an HTML fragment (one `<section id="NAME">`); `svg(stem)` gives the SVG
    /// text of a plot to inline (or `None` to link `<stem>.svg` under `link_prefix`).
    pub fn html(&self, link_prefix: &str, svg: &dyn Fn(&str) -> Option<String>) -> String {
        let mut h = String::new();
        let _ = writeln!(
            h,
            "<section class=\"experiment\" id=\"{}\">\n<h2>{}</h2>\n<p class=\"paper\"><em>{}</em></p>\n<p>Generated by <code>arachne experiment {}{}</code> in {:.1} s.</p>",
            esc(&self.name),
            esc(&self.title),
            esc(&self.paper),
            esc(&self.name),
            if self.quick { " --quick" } else { "" },
            self.seconds
        );
        h.push_str(&markdown_to_html(&demote(
            &(self.setup_markdown() + &self.summary_markdown()),
            1,
        )));
        // The rows, with verdict classes.
        h.push_str("<h3>The paper beside ours</h3>\n<table class=\"rows\">\n<tr><th>table / figure</th><th>quantity</th><th>paper</th><th>ours</th><th>difference</th><th>tolerance</th><th>sample</th><th>verdict</th></tr>\n");
        for r in &self.rows {
            let _ = writeln!(
                h,
                "<tr class=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"verdict\">{}</td></tr>",
                r.verdict.kind(),
                inline(&r.figure),
                inline(&r.quantity),
                inline(&r.paper_cell()),
                inline(&r.ours_text),
                esc(&r.diff_text()),
                esc(&r.tolerance.to_string()),
                esc(&r.sample_text(self.quick)),
                esc(&r.verdict.to_string())
            );
        }
        h.push_str("</table>\n");
        if !self.details.trim().is_empty() {
            h.push_str("<h3>Details</h3>\n");
            h.push_str(&markdown_to_html(&demote(self.details.trim(), 2)));
        }
        for p in &self.plots {
            let _ = writeln!(h, "<figure>");
            match svg(&p.stem) {
                Some(s) => h.push_str(strip_xml_prolog(&s)),
                None => {
                    let _ = write!(
                        h,
                        "<img src=\"{}{}.svg\" alt=\"{}\">",
                        esc(link_prefix),
                        esc(&p.stem),
                        esc(&p.caption)
                    );
                }
            }
            let _ = writeln!(
                h,
                "\n<figcaption>{}</figcaption>\n</figure>",
                inline(&p.caption)
            );
        }
        h.push_str("</section>\n");
        h
    }

    /// Writes every file of the report into `dir` (created if needed); returns the paths.
    pub fn write(&self, dir: &Path) -> Result<Vec<PathBuf>, ExpError> {
        create_dir(dir)?;
        let mut files = Vec::new();
        for (name, text) in &self.files {
            files.push(write_file(dir.join(name), text)?);
        }
        files.push(write_file(
            dir.join(format!("{}.md", self.name)),
            &self.markdown(""),
        )?);
        files.push(write_file(
            dir.join(format!("{}_rows.csv", self.name)),
            &self.rows_csv(),
        )?);
        let json =
            serde_json::to_string_pretty(self).map_err(|e| ExpError::Failed(e.to_string()))?;
        files.push(write_file(dir.join(format!("{}.json", self.name)), &json)?);
        let mut svgs = Vec::new();
        for p in &self.plots {
            let (svg, png) = arachne_plot::render(&p.chart, &dir.join(&p.stem))?;
            svgs.push((p.stem.clone(), std::fs::read_to_string(&svg).ok()));
            files.push(svg);
            files.push(png);
        }
        let html = self.html("", &|stem| {
            svgs.iter()
                .find(|(s, _)| s == stem)
                .and_then(|(_, t)| t.clone())
        });
        files.push(write_file(dir.join(format!("{}.html", self.name)), &html)?);
        Ok(files)
    }
}

/// Creates `dir` and its parents; an error names the directory.
pub(crate) fn create_dir(dir: &Path) -> Result<(), ExpError> {
    std::fs::create_dir_all(dir).map_err(|source| ExpError::Io {
        path: dir.to_path_buf(),
        source,
    })
}

/// Writes `text` into the file `path` and returns the path; an error names the file.
pub(crate) fn write_file(path: PathBuf, text: &str) -> Result<PathBuf, ExpError> {
    match std::fs::write(&path, text) {
        Ok(()) => Ok(path),
        Err(source) => Err(ExpError::Io { path, source }),
    }
}

/// Summarises rows of one figure; `quick` marks the verdict as a quick run's.
///
/// The counts: reproduced (and bounds that hold), differs (and bounds violated), not
/// reproducible. The colour (`kind`) is the worst real difference: `differs` when a row
/// differs or violates a bound, `reproduced` when the others are reproduced or not
/// reproducible (an illegible cell of the paper is not a failure), `not-reproducible` only
/// when no row could be compared.
pub fn summarise<'a>(
    figure: &str,
    rows: impl Iterator<Item = &'a Row>,
    quick: bool,
) -> FigureSummary {
    let mut s = FigureSummary {
        figure: figure.to_string(),
        rows: 0,
        reproduced: 0,
        differs: 0,
        not_reproducible: 0,
        max_abs_percent: None,
        sample: None,
        verdict: String::new(),
        kind: "reproduced",
    };
    let mut why: Option<String> = None;
    let mut bounds = (0, 0);
    let mut points = false;
    let mut reasons: Vec<String> = Vec::new();
    for r in rows {
        s.rows += 1;
        if s.sample.is_none() {
            s.sample = r.sample.as_ref().map(|x| x.text(quick));
        }
        let mut differ = |a: f64, p: bool, because: &str| {
            s.differs += 1;
            points |= p;
            s.max_abs_percent = Some(s.max_abs_percent.map_or(a, |m: f64| m.max(a)));
            if because != CAUSE_UNKNOWN && !reasons.iter().any(|x| x == because) {
                reasons.push(because.to_string());
            }
        };
        match &r.verdict {
            Verdict::Reproduced => s.reproduced += 1,
            Verdict::BoundHolds => {
                s.reproduced += 1;
                bounds.0 += 1;
            }
            Verdict::Differs {
                percent,
                points: p,
                because,
            } => differ(percent.abs(), *p, because),
            Verdict::BoundViolated { percent, because } => {
                bounds.1 += 1;
                differ(percent.abs(), false, because)
            }
            Verdict::NotReproducible { why: w } => {
                s.not_reproducible += 1;
                why.get_or_insert_with(|| w.clone());
            }
        }
    }
    let rows = |k: usize| if k == 1 { "row" } else { "rows" };
    let mut v = if s.not_reproducible == s.rows {
        s.kind = "not-reproducible";
        format!("not reproducible: {}", why.unwrap_or_default())
    } else if s.reproduced == s.rows {
        if bounds.0 == s.rows {
            format!("bound holds ({} {})", s.rows, rows(s.rows))
        } else {
            format!("reproduced ({} {})", s.rows, rows(s.rows))
        }
    } else {
        let mut v = format!("{} of {} {} reproduced", s.reproduced, s.rows, rows(s.rows));
        if let Some(m) = s.max_abs_percent {
            s.kind = "differs";
            let _ = write!(
                v,
                "; {} {}, by up to {}",
                s.differs,
                if s.differs == 1 {
                    "row differs"
                } else {
                    "rows differ"
                },
                diff_text(m, points).trim_start_matches('+')
            );
            if bounds.1 > 0 {
                let _ = write!(v, " ({} a bound violated)", bounds.1);
            }
            if reasons.is_empty() {
                let _ = write!(v, " ({CAUSE_UNKNOWN})");
            } else {
                let _ = write!(v, " because {}", reasons.join("; "));
            }
        }
        if s.not_reproducible > 0 {
            let _ = write!(v, "; {} not reproducible", s.not_reproducible);
        }
        v
    };
    if quick {
        v = match &s.sample {
            Some(x) => format!("{x}: {v}"),
            None => format!("quick: {v}"),
        };
    }
    s.verdict = v;
    s
}

/// `|` inside a Markdown table cell.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Heading levels shifted down by `by` (`# A` → `### A` for `by = 2`).
fn demote(md: &str, by: usize) -> String {
    let pad = "#".repeat(by);
    md.lines()
        .map(|l| {
            if l.starts_with('#') {
                format!("{pad}{l}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

fn strip_xml_prolog(s: &str) -> &str {
    match s.find("<svg") {
        Some(i) => &s[i..],
        None => s,
    }
}

/// HTML-escapes text.
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            _ => o.push(c),
        }
    }
    o
}

/// Inline Markdown: escapes, then `` `code` `` and `**bold**` (and `\|` → `|`).
fn inline(s: &str) -> String {
    let s = s.replace("\\|", "|");
    let mut out = String::new();
    for (i, part) in s.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{}</code>", esc(part));
        } else {
            for (j, b) in esc(part).split("**").enumerate() {
                if j % 2 == 1 {
                    let _ = write!(out, "<strong>{b}</strong>");
                } else {
                    out.push_str(b);
                }
            }
        }
    }
    out
}

fn table_cells(line: &str) -> Vec<String> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    // Split on `|` not preceded by a backslash.
    let mut cells = Vec::new();
    let mut cur = String::new();
    let mut prev = ' ';
    for c in t.chars() {
        if c == '|' && prev != '\\' {
            cells.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(c);
        }
        prev = c;
    }
    cells.push(cur.trim().to_string());
    cells
}

/// Converts the Markdown subset the reports use into HTML: `#` headings, `|` tables (first
/// line the header, second the rule), `- ` lists, `![caption](src)` images, `---` rules and
/// paragraphs; inline `` `code` `` and `**bold**`. Everything else is escaped text.
pub fn markdown_to_html(md: &str) -> String {
    let mut h = String::new();
    let lines: Vec<&str> = md.lines().collect();
    let mut i = 0;
    let mut para: Vec<&str> = Vec::new();
    let flush = |para: &mut Vec<&str>, h: &mut String| {
        if !para.is_empty() {
            let _ = writeln!(h, "<p>{}</p>", inline(&para.join(" ")));
            para.clear();
        }
    };
    while i < lines.len() {
        let l = lines[i].trim_end();
        let t = l.trim_start();
        if t.is_empty() {
            flush(&mut para, &mut h);
            i += 1;
        } else if t.starts_with('#') {
            flush(&mut para, &mut h);
            let level = t.chars().take_while(|&c| c == '#').count().min(6);
            let _ = writeln!(h, "<h{level}>{}</h{level}>", inline(t[level..].trim()));
            i += 1;
        } else if t.starts_with('|') {
            flush(&mut para, &mut h);
            h.push_str("<table>\n");
            let mut first = true;
            while i < lines.len() && lines[i].trim_start().starts_with('|') {
                let cells = table_cells(lines[i]);
                let rule = cells
                    .iter()
                    .all(|c| !c.is_empty() && c.chars().all(|x| matches!(x, '-' | ':' | ' ')));
                if !rule {
                    let tag = if first { "th" } else { "td" };
                    h.push_str("<tr>");
                    for c in cells {
                        let _ = write!(h, "<{tag}>{}</{tag}>", inline(&c));
                    }
                    h.push_str("</tr>\n");
                    first = false;
                }
                i += 1;
            }
            h.push_str("</table>\n");
        } else if t.starts_with("- ") || t.starts_with("* ") {
            flush(&mut para, &mut h);
            h.push_str("<ul>\n");
            while i < lines.len() {
                let x = lines[i].trim_start();
                if let Some(item) = x.strip_prefix("- ").or_else(|| x.strip_prefix("* ")) {
                    let _ = writeln!(h, "<li>{}</li>", inline(item));
                    i += 1;
                } else {
                    break;
                }
            }
            h.push_str("</ul>\n");
        } else if t == "---" {
            flush(&mut para, &mut h);
            h.push_str("<hr>\n");
            i += 1;
        } else if let Some(rest) = t.strip_prefix("![") {
            flush(&mut para, &mut h);
            if let Some((cap, src)) = rest.split_once("](") {
                let _ = writeln!(
                    h,
                    "<figure><img src=\"{}\" alt=\"{}\"><figcaption>{}</figcaption></figure>",
                    esc(src.trim_end_matches(')')),
                    esc(cap),
                    inline(cap)
                );
            }
            i += 1;
        } else {
            para.push(t);
            i += 1;
        }
    }
    flush(&mut para, &mut h);
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        let r = Row::compare("Table 1", "x", 2.0, 2.05, 0.05);
        assert_eq!(r.verdict, Verdict::Reproduced);
        let r = Row::compare("Table 1", "x", 2.0, 2.5, 0.05);
        assert_eq!(
            r.verdict.to_string(),
            "differs by +25 % (cause not established)"
        );
        assert_eq!(r.tolerance.to_string(), "±5 %");
        let r = Row::compare("Table 1", "x", 2.0, 1.9, 0.01).because("the trees are smaller");
        assert_eq!(
            r.verdict.to_string(),
            "differs by -5.0 % because the trees are smaller"
        );
        // A reason given to a reproduced row is dropped: it is there for the runs that differ.
        let r = Row::compare("Table 1", "x", 2.0, 2.0, 0.01).because("never shown");
        assert_eq!(r.verdict, Verdict::Reproduced);
        // Percentage points: 20 % against 38 % is 18 points, beyond ±15; 30 % is within.
        let r = Row::compare_points("Table 1", "wins", 38.0, 20.0, 15.0);
        assert_eq!(
            r.verdict.to_string(),
            "differs by -18.0 points (cause not established)"
        );
        assert_eq!(r.diff_text(), "-18.0 points");
        assert_eq!(r.tolerance.to_string(), "±15 points");
        let r = Row::compare_points("Table 1", "wins", 38.0, 30.0, 15.0);
        assert_eq!(r.verdict, Verdict::Reproduced);
        assert_eq!(r.diff_text(), "-8.0 points");
        // Bounds.
        let r = Row::bound("Theorem 5", "growth", 3.0, 2.5, true);
        assert_eq!(r.verdict, Verdict::BoundHolds);
        assert_eq!(r.paper_text, "≤ 3");
        let r = Row::bound("Theorem 5", "growth", 3.0, 3.6, true).because("h is small");
        assert_eq!(
            r.verdict.to_string(),
            "bound violated by +20 % because h is small"
        );
        let r = Row::bound("T", "lower", 3.0, 3.3, false);
        assert_eq!(r.verdict, Verdict::BoundHolds);
        // Outside anchors and samples.
        let r = Row::compare("anchor", "x", 11.1, 9.0, 0.1).outside_anchor("DTS");
        assert_eq!(r.paper_cell(), "11.10 (outside anchor: DTS)");
        let s = Sample::new(40, Some(10_000), "trees");
        assert_eq!(s.text(false), "40 trees (paper 10 000)");
        assert_eq!(s.text(true), "quick: 40 of 10 000 trees");
        assert_eq!(Sample::new(1000, None, "games").text(false), "1000 games");
        let r = Row::exact("T", "q", (3.5, "7/2".into()), (3.5, "7/2".into()));
        assert_eq!(r.verdict, Verdict::Reproduced);
        let r = Row::exact("T", "q", (3.5, "7/2".into()), (3.0, "3".into()));
        assert_eq!(r.verdict.kind(), "differs");
        let r = Row::not_reproducible("Fig 2", "q", "1.3", "–", "no data");
        assert_eq!(r.verdict.to_string(), "not reproducible: no data");
    }

    #[test]
    fn summaries() {
        let mut rep = Report::new("t", "T", "P", false);
        rep.sample(Sample::new(40, Some(10_000), "trees"));
        rep.row(Row::compare("A", "a1", 1.0, 1.0, 0.0));
        rep.row(Row::compare("A", "a2", 1.0, 1.2, 0.01).because("the trees are few"));
        rep.row(Row::compare("B", "b1", 1.0, 1.0, 0.0));
        rep.row(Row::not_reproducible("C", "c", "x", "–", "why"));
        // Two illegible cells beside reproduced rows: not a failure (issue 25, item 5).
        rep.row(Row::compare("D", "d1", 1.0, 1.0, 0.0));
        rep.row(Row::not_reproducible(
            "D",
            "d2",
            "illegible",
            "1",
            "illegible in the seed",
        ));
        rep.row(Row::bound("E", "e", 2.0, 1.0, true));
        let s = rep.summary();
        assert_eq!(s.len(), 5);
        assert_eq!(
            s[0].verdict,
            "1 of 2 rows reproduced; 1 row differs, by up to 20 % because the trees are few"
        );
        assert_eq!(s[0].kind, "differs");
        assert_eq!(s[1].verdict, "reproduced (1 row)");
        assert_eq!(s[2].verdict, "not reproducible: why");
        assert_eq!(s[2].kind, "not-reproducible");
        assert_eq!(s[3].verdict, "1 of 2 rows reproduced; 1 not reproducible");
        assert_eq!(s[3].kind, "reproduced");
        assert_eq!(s[4].verdict, "bound holds (1 row)");
        let md = rep.markdown("");
        assert!(
            md.contains("| A | a2 | 1 | 1.200 | +20 % | ±1 % | 40 trees (paper 10 000) | differs by +20 % because the trees are few |"),
            "{md}"
        );
        assert!(
            md.contains("| C | c | x | – | – | – | – | not reproducible: why |"),
            "{md}"
        );
        assert_eq!(rep.rows_csv().lines().count(), 8);
        // The same report in a quick run: every verdict is marked.
        rep.quick = true;
        let s = rep.summary();
        assert!(s.iter().all(|x| x.verdict.starts_with("quick")), "{s:?}");
        assert_eq!(
            s[1].verdict,
            "quick: 40 of 10 000 trees: reproduced (1 row)"
        );
    }

    #[test]
    fn markdown_subset() {
        let h = markdown_to_html(
            "# T\n\ntext `a<b` **x**\nmore\n\n| a | b |\n|---|---|\n| 1 | 2 \\| 3 |\n\n- i\n- j\n",
        );
        assert_eq!(
            h,
            "<h1>T</h1>\n<p>text <code>a&lt;b</code> <strong>x</strong> more</p>\n<table>\n<tr><th>a</th><th>b</th></tr>\n<tr><td>1</td><td>2 | 3</td></tr>\n</table>\n<ul>\n<li>i</li>\n<li>j</li>\n</ul>\n"
        );
    }
}
