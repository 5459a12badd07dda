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
//!
//! The module is split by kind: `row` holds a compared value (verdict, tolerance, sample,
//! row), [`interval`] the 95 % confidence intervals of sampled rows and the verdicts they give
//! (`consistent`, `differs significantly`, `undecided at n = …`), `html` the Markdown
//! subset's conversion to HTML; this file the report, its writing and the per-figure summary.
//! A sampled row shows its interval beside our value (and the paper's beside the paper's),
//! in the Markdown and HTML rows, as `interval` in the JSON and as `ci_low`, `ci_high`,
//! `paper_ci_low`, `paper_ci_high` in the CSV.
mod html;
pub mod interval;
mod row;

use html::inline;
pub use html::{esc, markdown_to_html};
pub use interval::{Interval, Method};
use row::diff_text;
pub use row::{num, thousands, Row, Sample, Tolerance, Verdict, CAUSE_UNKNOWN};

use crate::ExpError;
use arachne_plot::Chart;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

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
    /// Rows reproduced (and bounds that hold).
    pub reproduced: usize,
    /// Sampled rows consistent with the paper's value.
    pub consistent: usize,
    /// Sampled rows undecided at their sample.
    pub undecided: usize,
    /// Rows that differ under our reading of an open detail and reproduce under another
    /// ([`Verdict::ReproducedUnder`]).
    pub under_reading: usize,
    /// Rows that differ (bounds violated and significant differences among them).
    pub differs: usize,
    /// Sampled rows among `differs` that differ significantly.
    pub significant: usize,
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
    /// `reproduced`, `undecided`, `differs`, `not-reproducible`: the worst real difference
    /// (see [`summarise`]).
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
    /// chosen part) does not, so that every scale reports the same rows: `not
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
                cell(&r.ours_cell()),
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
            String::from("figure,quantity,paper,paper_text,source,ours,ours_text,rel_diff,tolerance,sample,verdict,ci_low,ci_high,paper_ci_low,paper_ci_high\n");
        let opt = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x}"));
        for r in &self.rows {
            let iv = r.interval.as_ref();
            let paper_iv = iv.and_then(|i| i.paper);
            let _ = writeln!(
                csv,
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
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
                csv_field(&r.verdict.to_string()),
                opt(iv.map(|i| i.lo)),
                opt(iv.map(|i| i.hi)),
                opt(paper_iv.map(|p| p.0)),
                opt(paper_iv.map(|p| p.1))
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
                inline(&r.ours_cell()),
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
/// The counts: reproduced (and bounds that hold), consistent, undecided, differs (bounds
/// violated and significant differences among them), not reproducible. The colour (`kind`)
/// is the worst real difference: `differs` when a row differs (significantly or not) or
/// violates a bound, `undecided` when none does but a sampled row is undecided, `reproduced`
/// when the others are reproduced, consistent or not reproducible (an illegible cell of the
/// paper is not a failure), `not-reproducible` only when no row could be compared.
pub fn summarise<'a>(
    figure: &str,
    rows: impl Iterator<Item = &'a Row>,
    quick: bool,
) -> FigureSummary {
    let mut s = FigureSummary {
        figure: figure.to_string(),
        rows: 0,
        reproduced: 0,
        consistent: 0,
        undecided: 0,
        under_reading: 0,
        differs: 0,
        significant: 0,
        not_reproducible: 0,
        max_abs_percent: None,
        sample: None,
        verdict: String::new(),
        kind: "reproduced",
    };
    let mut t = Tally::default();
    for r in rows {
        s.rows += 1;
        if s.sample.is_none() {
            s.sample = r.sample.as_ref().map(|x| x.text(quick));
        }
        t.count(&mut s, &r.verdict);
    }
    let mut v = t.verdict(&mut s);
    if quick {
        v = match &s.sample {
            Some(x) => format!("{x}: {v}"),
            None => format!("quick: {v}"),
        };
    }
    s.verdict = v;
    s
}

/// What [`summarise`] gathers beside a [`FigureSummary`]'s counts.
#[derive(Default)]
struct Tally {
    /// The first reason a row is not reproducible.
    why: Option<String>,
    /// Bounds that hold, bounds violated.
    bounds: (usize, usize),
    /// Whether a difference is in percentage points.
    points: bool,
    /// The reasons given for differences, each once.
    reasons: Vec<String>,
}

impl Tally {
    /// Counts one row's verdict into `s`.
    fn count(&mut self, s: &mut FigureSummary, verdict: &Verdict) {
        match verdict {
            Verdict::Reproduced => s.reproduced += 1,
            Verdict::BoundHolds => {
                s.reproduced += 1;
                self.bounds.0 += 1;
            }
            Verdict::Consistent { .. } => s.consistent += 1,
            Verdict::Undecided { .. } => s.undecided += 1,
            Verdict::ReproducedUnder { .. } => s.under_reading += 1,
            Verdict::Differs {
                percent,
                points,
                because,
            } => self.differ(s, percent.abs(), *points, because),
            Verdict::DiffersSignificantly {
                percent,
                points,
                because,
                ..
            } => {
                s.significant += 1;
                self.differ(s, percent.abs(), *points, because)
            }
            Verdict::BoundViolated { percent, because } => {
                self.bounds.1 += 1;
                self.differ(s, percent.abs(), false, because)
            }
            Verdict::NotReproducible { why: w } => {
                s.not_reproducible += 1;
                self.why.get_or_insert_with(|| w.clone());
            }
        }
    }

    /// Counts a difference of `a` percent (or `points`) for the reason `because`.
    fn differ(&mut self, s: &mut FigureSummary, a: f64, points: bool, because: &str) {
        s.differs += 1;
        self.points |= points;
        s.max_abs_percent = Some(s.max_abs_percent.map_or(a, |m: f64| m.max(a)));
        // The causes ruled out are named once, without what each gave on each row.
        let because = because.split(row::GIVES).next().unwrap_or(because);
        if because != CAUSE_UNKNOWN && !self.reasons.iter().any(|x| x == because) {
            self.reasons.push(because.to_string());
        }
    }

    /// The summary's line (without the quick mark); sets `s.kind`.
    fn verdict(self, s: &mut FigureSummary) -> String {
        let rows = |k: usize| if k == 1 { "row" } else { "rows" };
        if s.not_reproducible == s.rows {
            s.kind = "not-reproducible";
            return format!("not reproducible: {}", self.why.unwrap_or_default());
        }
        if s.reproduced + s.consistent == s.rows {
            return match (s.reproduced, s.consistent) {
                (_, 0) if self.bounds.0 == s.rows => {
                    format!("bound holds ({} {})", s.rows, rows(s.rows))
                }
                (_, 0) => format!("reproduced ({} {})", s.rows, rows(s.rows)),
                (0, _) => format!("consistent ({} {})", s.rows, rows(s.rows)),
                (r, c) => format!("{r} reproduced and {c} consistent ({} rows)", s.rows),
            };
        }
        let mut v = format!("{} of {} {} reproduced", s.reproduced, s.rows, rows(s.rows));
        if s.consistent > 0 {
            let _ = write!(v, ", {} consistent", s.consistent);
        }
        if s.under_reading > 0 {
            let _ = write!(v, ", {} reproduced under another reading", s.under_reading);
        }
        if s.undecided > 0 {
            s.kind = "undecided";
            let _ = write!(v, ", {} undecided at this sample", s.undecided);
        }
        if let Some(m) = s.max_abs_percent {
            s.kind = "differs";
            v.push_str(&self.differences(s, m));
        }
        if s.not_reproducible > 0 {
            let _ = write!(v, "; {} not reproducible", s.not_reproducible);
        }
        v
    }

    /// `; 3 rows differ (2 significantly), by up to 23 % (cause not established)`.
    fn differences(&self, s: &FigureSummary, m: f64) -> String {
        let mut v = format!(
            "; {} {}",
            s.differs,
            if s.differs == 1 {
                "row differs"
            } else {
                "rows differ"
            }
        );
        if s.significant > 0 {
            let _ = write!(v, " ({} significantly)", s.significant);
        }
        let _ = write!(
            v,
            ", by up to {}",
            diff_text(m, self.points).trim_start_matches('+')
        );
        if self.bounds.1 > 0 {
            let _ = write!(v, " ({} a bound violated)", self.bounds.1);
        }
        let (unknown, known): (Vec<&String>, Vec<&String>) = self
            .reasons
            .iter()
            .partition(|r| r.starts_with(CAUSE_UNKNOWN));
        if !known.is_empty() {
            let known: Vec<&str> = known.iter().map(|r| r.as_str()).collect();
            let _ = write!(v, " because {}", known.join("; "));
        }
        match (unknown.first(), known.is_empty()) {
            // A cause not established, with the causes ruled out on its rows.
            (Some(u), _) => {
                let _ = write!(v, " ({u})");
            }
            (None, true) => {
                let _ = write!(v, " ({CAUSE_UNKNOWN})");
            }
            (None, false) => {}
        }
        v
    }
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
