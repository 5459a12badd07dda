//! `arachne reproduce`: every experiment into one report.
//!
//! Each experiment writes its own files into `OUT/NAME/`; then `OUT/REPORT.md` and
//! `OUT/index.html` gather them: a summary table at the top (for each paper, each table or
//! figure, its verdict), then every experiment's report. `index.html` is self-contained: the
//! style sheet is inline and so is every plot (its SVG), so the file can be mailed or opened
//! anywhere. An experiment that fails is reported as such (one row, `not reproducible:
//! experiment failed: …`) and the others still run.
use crate::report::{create_dir, esc, markdown_to_html, write_file, Report, Row};
use crate::{run_and_write, ExpError, Experiment, Options, Progress, Scale};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// What [`reproduce()`] did.
#[derive(Debug, Serialize)]
pub struct Reproduction {
    /// One report per experiment, in order (a failed experiment has a one-row report).
    pub reports: Vec<Report>,
    /// Experiments that failed, with the error.
    pub failures: Vec<(String, String)>,
    /// `REPORT.md` and `index.html`.
    pub files: Vec<PathBuf>,
    /// Seconds in all.
    pub seconds: f64,
}

/// How large `arachne reproduce` runs each experiment (`--scale LEVEL`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Every experiment's `--quick` form (about 20 s in all).
    Quick,
    /// The published report's level: every experiment's full form, two at a time (one per
    /// core), the longest first ([`Level::jobs`]): about 30 minutes on two idle cores by
    /// [`ESTIMATES`].
    Report,
    /// Every experiment's full form, one at a time.
    Full,
    /// The paper's sizes where an experiment takes `--scale paper` (the Shoham–Toledo tree
    /// and Othello experiments: hours of CPU), the full form elsewhere.
    Paper,
}

/// Seconds each experiment takes on one core: quick form, full form. The full forms' are
/// the wall times of `arachne reproduce --scale report` at 9569b46 (2026-12-07, two at a time
/// on the two idle cores of the project machine: 28 min 13 s in all); the quick forms' are
/// rounded up from their runs.
pub const ESTIMATES: &[(&str, f64, f64)] = &[
    ("fishburn", 2.0, 136.0),
    ("jamboree", 1.0, 59.0),
    ("scaling", 2.0, 162.0),
    ("ncube", 2.0, 510.0),
    ("fuller", 3.0, 162.0),
    ("knm", 1.0, 115.0),
    ("rbfm-decision", 2.0, 646.0),
    ("rbfm-games", 1.0, 346.0),
    ("rbfm-othello", 1.0, 16.0),
    ("rbfm-parallel", 2.0, 159.0),
    ("rbfm-chess", 1.0, 1019.0),
    ("mcts-vs-rbfm", 1.0, 44.0),
];

impl Level {
    /// `quick`, `report`, `full`, `paper`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Quick => "quick",
            Level::Report => "report",
            Level::Full => "full",
            Level::Paper => "paper",
        }
    }

    /// Experiments run at once: 2 for [`Level::Report`], else 1.
    pub fn jobs(self) -> usize {
        if self == Level::Report {
            2
        } else {
            1
        }
    }

    /// The form of experiment `name` at this level: quick or not, and the sizes.
    pub fn form(self, name: &str) -> (bool, Scale) {
        match self {
            Level::Quick => (true, Scale::default()),
            Level::Full | Level::Report => (false, Scale::default()),
            Level::Paper => {
                let paper = Scale {
                    paper: true,
                    ..Scale::default()
                };
                if paper.check(name).is_ok() {
                    (false, paper)
                } else {
                    (false, Scale::default())
                }
            }
        }
    }

    /// The estimated seconds of experiment `name` at this level on one core (`None` for an
    /// experiment without an estimate and for the paper's sizes, which take hours).
    pub fn estimate(self, name: &str) -> Option<f64> {
        let (_, quick, full) = ESTIMATES.iter().find(|x| x.0 == name)?;
        match self {
            Level::Quick => Some(*quick),
            Level::Full | Level::Report => Some(*full),
            Level::Paper => (self.form(name).1 == Scale::default()).then_some(*full),
        }
    }
}

/// The order experiments start in with `jobs` at once (the longest estimate first, so that
/// the lanes end together; registry order with one job), and the estimated wall time: the
/// greedy schedule's makespan, `None` when an estimate is missing.
pub fn schedule(
    experiments: &[Experiment],
    level: Level,
    jobs: usize,
) -> (Vec<usize>, Option<f64>) {
    let mut order: Vec<usize> = (0..experiments.len()).collect();
    let est = |i: usize| level.estimate(experiments[i].name);
    if jobs > 1 {
        order.sort_by(|&a, &b| {
            est(b)
                .unwrap_or(f64::MAX)
                .total_cmp(&est(a).unwrap_or(f64::MAX))
        });
    }
    let mut lanes = vec![0.0f64; jobs.max(1)];
    for &i in &order {
        let e = est(i);
        let lane = lanes
            .iter_mut()
            .min_by(|a, b| a.total_cmp(b))
            .expect("one lane");
        *lane += e.unwrap_or(f64::NAN);
    }
    let wall = lanes.iter().cloned().fold(0.0, f64::max);
    (order, wall.is_finite().then_some(wall))
}

/// `1 min 05 s`, `42 s`.
pub fn duration_text(s: f64) -> String {
    let s = s.max(0.0).round() as u64;
    if s >= 60 {
        format!("{} min {:02} s", s / 60, s % 60)
    } else {
        format!("{s} s")
    }
}

/// Runs `experiments` (normally [`crate::EXPERIMENTS`]) into `out` at `level` (with
/// [`Level::jobs`] at once), `seed` as in [`Options`]; `progress` gets one [`Progress::line`]
/// as each experiment starts (its name, estimated time, the time elapsed and the total
/// estimate) and ends (its time). The report lists the experiments in the order given.
pub fn reproduce(
    experiments: &[Experiment],
    level: Level,
    out: &Path,
    seed: u64,
    progress: &Progress,
) -> Result<Reproduction, ExpError> {
    reproduce_only(experiments, None, level, out, seed, progress)
}

/// [`reproduce()`], but with `only` given, runs only the experiments named there and reads
/// every other experiment's report back from `out/NAME/NAME.json`, written by an earlier run
/// at the same level into the same `out` (`arachne reproduce --only NAME,…`: regenerate what a
/// change touched without running the rest). The header of `REPORT.md` and `index.html` then
/// names both runs: the earlier one's command and commit (from `out/REPORT.md`) and this one's.
pub fn reproduce_only(
    experiments: &[Experiment],
    only: Option<&[String]>,
    level: Level,
    out: &Path,
    seed: u64,
    progress: &Progress,
) -> Result<Reproduction, ExpError> {
    let t0 = std::time::Instant::now();
    create_dir(out)?;
    let mut earlier: Vec<Option<Report>> = experiments.iter().map(|_| None).collect();
    let mut provenance = format!("`{}`{}", command(level, None), at_commit());
    if let Some(only) = only {
        for name in only {
            if !experiments.iter().any(|e| e.name == name) {
                return Err(ExpError::failed(format!("--only: no experiment `{name}`")));
            }
        }
        let before = std::fs::read_to_string(out.join("REPORT.md")).map_err(|e| {
            ExpError::failed(format!(
                "--only needs an earlier report in {}: {e}",
                out.display()
            ))
        })?;
        let earlier_header = before
            .lines()
            .find_map(|l| l.strip_prefix("Generated by "))
            .and_then(|l| l.rsplit_once(" in ").map(|x| x.0.to_string()))
            .ok_or_else(|| {
                ExpError::failed("--only: the earlier REPORT.md has no `Generated by` line")
            })?;
        for (i, e) in experiments.iter().enumerate() {
            if only.iter().any(|n| n == e.name) {
                continue;
            }
            let path = out.join(e.name).join(format!("{}.json", e.name));
            let text = std::fs::read_to_string(&path)
                .map_err(|err| ExpError::failed(format!("--only: {}: {err}", path.display())))?;
            let r: Report = serde_json::from_str(&text)
                .map_err(|err| ExpError::failed(format!("--only: {}: {err}", path.display())))?;
            if r.quick != (level == Level::Quick) {
                return Err(ExpError::failed(format!(
                    "--only: {} was made at another scale",
                    path.display()
                )));
            }
            earlier[i] = Some(r);
        }
        let names = only
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ");
        provenance = format!(
            "{earlier_header}; {names} re-run by `{}`{}",
            command(level, Some(only)),
            at_commit()
        );
    }
    let to_run: Vec<Experiment> = experiments
        .iter()
        .zip(&earlier)
        .filter(|(_, r)| r.is_none())
        .map(|(e, _)| *e)
        .collect();
    let mut ran = run_all(&to_run, level, out, seed, progress, t0).into_iter();
    let results: Vec<Option<Result<Report, ExpError>>> = earlier
        .into_iter()
        .map(|r| match r {
            Some(r) => Some(Ok(r)),
            None => ran.next().flatten(),
        })
        .collect();
    let ran = to_run.len();
    finish(
        experiments,
        results,
        level,
        out,
        progress,
        t0,
        &provenance,
        ran,
    )
}

/// Runs `experiments` ([`Level::jobs`] at once, the order of [`schedule`]): each one's report,
/// in the order given.
fn run_all(
    experiments: &[Experiment],
    level: Level,
    out: &Path,
    seed: u64,
    progress: &Progress,
    t0: std::time::Instant,
) -> Vec<Option<Result<Report, ExpError>>> {
    let jobs = level.jobs();
    let (order, total) = schedule(experiments, level, jobs);
    let est =
        |x: Option<f64>| x.map_or("unknown".to_string(), |s| format!("~{}", duration_text(s)));
    progress.line(format!(
        "arachne reproduce --scale {}: {}, {jobs} at a time, estimated {} on idle cores",
        level.name(),
        experiments_text(experiments.len()),
        est(total)
    ));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: std::sync::Mutex<Vec<Option<Result<Report, ExpError>>>> =
        std::sync::Mutex::new((0..experiments.len()).map(|_| None).collect());
    let lane = || loop {
        let k = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let Some(&i) = order.get(k) else { break };
        let e = &experiments[i];
        let tag = format!("[{}/{}] {}", k + 1, experiments.len(), e.name);
        progress.prefix(tag.clone());
        progress.message("");
        progress.line(format!(
            "{tag}: started, estimated {}; elapsed {} of estimated {}",
            est(level.estimate(e.name)),
            duration_text(t0.elapsed().as_secs_f64()),
            est(total)
        ));
        let (q, scale) = level.form(e.name);
        let opts = Options {
            quick: q,
            out: out.join(e.name),
            seed,
            progress: progress.clone(),
            scale,
        };
        let t = std::time::Instant::now();
        let run = run_and_write(e, &opts).map(|(r, _)| r);
        progress.line(format!(
            "{tag}: {} in {} (estimated {})",
            if run.is_ok() { "done" } else { "failed" },
            duration_text(t.elapsed().as_secs_f64()),
            est(level.estimate(e.name))
        ));
        if let Ok(mut v) = results.lock() {
            v[i] = Some(run);
        }
    };
    std::thread::scope(|s| {
        for _ in 1..jobs {
            s.spawn(lane);
        }
        lane();
    });
    results.into_inner().unwrap_or_default()
}

/// Gathers the reports (a failed experiment as one row), writes `REPORT.md` and `index.html`
/// (`ran` of the experiments were run, the others read back).
#[allow(clippy::too_many_arguments)]
fn finish(
    experiments: &[Experiment],
    results: Vec<Option<Result<Report, ExpError>>>,
    level: Level,
    out: &Path,
    progress: &Progress,
    t0: std::time::Instant,
    provenance: &str,
    ran: usize,
) -> Result<Reproduction, ExpError> {
    let mut reports = Vec::new();
    let mut failures = Vec::new();
    for (e, run) in experiments.iter().zip(results) {
        match run {
            Some(Ok(r)) => reports.push(r),
            other => {
                let err = match other {
                    Some(Err(err)) => err.to_string(),
                    _ => "did not run".to_string(),
                };
                let mut r = Report::new(e.name, e.about, e.paper, level == Level::Quick);
                r.row(Row::not_reproducible(
                    "(whole experiment)",
                    "–",
                    "–",
                    "–",
                    format!("experiment failed: {err}"),
                ));
                failures.push((e.name.to_string(), err));
                reports.push(r);
            }
        }
    }
    progress.finish();
    let seconds = t0.elapsed().as_secs_f64();
    let ran = ran.min(experiments.len());
    progress.line(if ran == experiments.len() {
        format!(
            "{} in {}",
            experiments_text(experiments.len()),
            duration_text(seconds)
        )
    } else {
        format!(
            "{} run in {}, {} read back from the earlier run",
            experiments_text(ran),
            duration_text(seconds),
            experiments.len() - ran
        )
    });
    let header = format!("{provenance} in {}", duration_text(seconds));
    let md = report_md(&reports, &header);
    let html = index_html(&reports, out, &header);
    let mut files = Vec::new();
    for (name, text) in [("REPORT.md", md), ("index.html", html)] {
        files.push(write_file(out.join(name), &text)?);
    }
    Ok(Reproduction {
        reports,
        failures,
        files,
        seconds,
    })
}

/// `1 experiment`, `12 experiments`.
fn experiments_text(n: usize) -> String {
    format!("{n} experiment{}", if n == 1 { "" } else { "s" })
}

/// The words " at commit `…`" for the report's header, or nothing outside a git checkout.
fn at_commit() -> String {
    match source_commit().as_str() {
        "unknown" => String::new(),
        c => format!(" at commit `{c}`"),
    }
}

/// The commit the report was made from (`git describe --always --dirty` in the current
/// directory), or `unknown` outside a git checkout.
pub fn source_commit() -> String {
    std::process::Command::new("git")
        .args(["describe", "--always", "--dirty", "--abbrev=12"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

/// What every verdict means, for the top of `REPORT.md` and `index.html`.
const VERDICTS: &str = "Every table and figure of each paper has rows: the paper's value beside ours, the difference, the tolerance within which a row counts as reproduced (relative `±N %`, `±N points` for percentages, `exact`, `claim`, or a theorem's bound), the sample it rests on against the paper's, and a verdict: `reproduced`, `differs by N % because …` (or `cause not established`), `bound holds` / `bound violated` for a theorem's bound, or `not reproducible: why`. A row that rests on a sample (games, random trees, positions) shows its 95 % confidence interval beside our value (Wilson for a proportion, Student's t for a mean, a seeded percentile bootstrap for a ratio of means) and is judged by it: `consistent` when the paper's value lies in the interval (or the paper's own interval overlaps it) and the interval is no wider than the tolerance, `differs significantly` when it does not, `undecided at n = …` when the interval holds the paper's value but is wider than the tolerance, with the sample that would decide. A row that differs under our reading of a detail the paper leaves open (an ordering, a way of counting) is run under the other plausible readings too, and says `reproduced under the reading R` when one of them reproduces it, or, when none does, what each gave in its reason. A value marked `outside anchor` is not the paper's: it comes from the source named. In a quick run every verdict is marked `quick`, with its sample against the paper's.";

fn command(level: Level, only: Option<&[String]>) -> String {
    let mut c = match level {
        Level::Quick => "arachne reproduce --quick".to_string(),
        Level::Full => "arachne reproduce --scale full".into(),
        l => format!("arachne reproduce --scale {}", l.name()),
    };
    if let Some(only) = only {
        let _ = write!(c, " --only {}", only.join(","));
    }
    c
}

/// The counts of the whole report: `N tables and figures, M rows: a reproduced, c differ, b
/// bounds hold, v bounds violated, d not reproducible`, then, when sampled rows are judged
/// by their interval, `; sampled rows: e consistent, f differ significantly, g undecided`.
pub fn counts_text(reports: &[Report]) -> String {
    let mut figs = 0;
    let mut rows = 0;
    let mut k = std::collections::BTreeMap::<&str, usize>::new();
    for r in reports {
        figs += r.summary().len();
        for row in &r.rows {
            rows += 1;
            *k.entry(row.verdict.kind()).or_default() += 1;
        }
    }
    let c = |kind: &str| k.get(kind).copied().unwrap_or(0);
    let mut t = format!(
        "{figs} tables and figures, {rows} rows: {} reproduced, {} differ, {} bounds hold, {} bounds violated, {} not reproducible",
        c("reproduced"),
        c("differs"),
        c("bound-holds"),
        c("bound-violated"),
        c("not-reproducible")
    );
    let sampled = ["consistent", "differs-significantly", "undecided"].map(c);
    if sampled.iter().any(|&x| x > 0) {
        let [a, b, u] = sampled;
        let _ = write!(
            t,
            "; sampled rows: {a} consistent, {b} differ significantly, {u} undecided"
        );
    }
    let under = c("reproduced-under-reading");
    if under > 0 {
        let _ = write!(
            t,
            "; {under} reproduced under another reading of a detail the paper leaves open"
        );
    }
    t
}

/// `REPORT.md`: the summary, then every report (headings one level down, plots linked);
/// `header` says how it was made (`` `arachne reproduce …` at commit `…` in 25 min 03 s``).
pub fn report_md(reports: &[Report], header: &str) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# arachne: the papers' tables and figures, reproduced\n\nGenerated by {header}.\n\n{VERDICTS}\n\n## Summary\n\n{}\n\n| paper | experiment | table / figure | rows | verdict |\n|---|---|---|---|---|",
        counts_text(reports)
    );
    for r in reports {
        for (i, s) in r.summary().into_iter().enumerate() {
            let _ = writeln!(
                md,
                "| {} | `{}` | {} | {} | {} |",
                if i == 0 {
                    r.paper.replace('|', "\\|")
                } else {
                    String::new()
                },
                r.name,
                s.figure,
                s.rows,
                s.verdict.replace('|', "\\|")
            );
        }
    }
    md.push('\n');
    for r in reports {
        let body = r.markdown(&format!("{}/", r.name));
        for line in body.lines() {
            if line.starts_with('#') {
                md.push('#');
            }
            md.push_str(line);
            md.push('\n');
        }
    }
    md
}

/// One row of a report as the row-set check compares it: experiment, table or figure, and
/// quantity, as printed.
pub type RowKey = (String, String, String);

/// Digits (with `.`, `,` and spaces between them) → `#`, so that values, sizes and counts
/// inside a row's label are free.
pub fn mask_numbers(s: &str) -> String {
    let mut o = String::new();
    let cs: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < cs.len() {
        if cs[i].is_ascii_digit() {
            while i < cs.len()
                && (cs[i].is_ascii_digit()
                    || (matches!(cs[i], '.' | ' ' | ',')
                        && i + 1 < cs.len()
                        && cs[i + 1].is_ascii_digit()
                        && cs[i - 1].is_ascii_digit()))
            {
                i += 1;
            }
            o.push('#');
        } else {
            o.push(cs[i]);
            i += 1;
        }
    }
    o
}

/// The rows of a `REPORT.md` written by [`reproduce()`], in order, repeats kept: every row of
/// every "The paper beside ours" table, under the experiment named by the `Generated by
/// `arachne experiment NAME` line before it, as [`RowKey`]s.
pub fn row_set(report_md: &str) -> Vec<RowKey> {
    let mut rows = Vec::new();
    let mut exp = String::new();
    let mut in_rows = false;
    for line in report_md.lines() {
        if let Some(rest) = line.strip_prefix("Generated by `arachne experiment ") {
            exp = rest
                .split([' ', '`'])
                .next()
                .unwrap_or_default()
                .to_string();
        } else if line.starts_with('#') {
            in_rows = line.trim_start_matches('#').trim() == "The paper beside ours";
        } else if in_rows && line.starts_with('|') && !line.starts_with("|---") {
            let cells = split_cells(line);
            if cells.len() >= 2 && cells[0] != "table / figure" {
                rows.push((exp.clone(), cells[0].clone(), cells[1].clone()));
            }
        }
    }
    rows
}

/// The cells of a Markdown table line (`\|` inside a cell kept as `|`).
fn split_cells(line: &str) -> Vec<String> {
    let t = line.trim().trim_start_matches('|');
    let mut cells = Vec::new();
    let mut cur = String::new();
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cur.push('|');
                chars.next();
            }
            '|' => {
                cells.push(cur.trim().to_string());
                cur.clear();
            }
            _ => cur.push(c),
        }
    }
    cells
}

/// A row's quantity up to its first parenthesised remark (` (`) or `; `: what follows is the
/// row's detail (its values, sample, method or reason), free in the row-set check.
pub fn label(quantity: &str) -> &str {
    let end = [" (", "; "]
        .iter()
        .filter_map(|s| quantity.find(s))
        .min()
        .unwrap_or(quantity.len());
    &quantity[..end]
}

/// What differs between two reports' rows, values free: (rows only in `a`, rows only in `b`),
/// as printed. Rows pair up one to one (a row that appears twice in `a` needs two in `b`):
/// first those printed the same, then those whose labels agree once numbers are masked and
/// the detail after the label's first ` (` or `; ` is dropped (values, sample sizes, methods
/// and reasons inside a label); what is left over on either side differs.
pub fn row_set_diff(a: &[RowKey], b: &[RowKey]) -> (Vec<RowKey>, Vec<RowKey>) {
    use std::collections::BTreeMap;
    let masked = |k: &RowKey| (k.0.clone(), mask_numbers(&k.1), mask_numbers(label(&k.2)));
    // Pairs rows of `a` with rows of `b` of equal `key`; returns the unpaired ones.
    let pair = |a: Vec<RowKey>, b: Vec<RowKey>, key: &dyn Fn(&RowKey) -> RowKey| {
        let mut left: BTreeMap<RowKey, Vec<RowKey>> = BTreeMap::new();
        for k in b {
            left.entry(key(&k)).or_default().push(k);
        }
        let mut only_a = Vec::new();
        for k in a {
            match left.get_mut(&key(&k)).and_then(|v| v.pop()) {
                Some(_) => {}
                None => only_a.push(k),
            }
        }
        (only_a, left.into_values().flatten().collect::<Vec<_>>())
    };
    let (a1, b1) = pair(a.to_vec(), b.to_vec(), &|k: &RowKey| k.clone());
    let (mut a2, mut b2) = pair(a1, b1, &masked);
    a2.sort();
    b2.sort();
    (a2, b2)
}

const CSS: &str = "body{font-family:system-ui,-apple-system,'DejaVu Sans',sans-serif;max-width:1150px;margin:2em auto;padding:0 1em;color:#222;line-height:1.4}
table{border-collapse:collapse;margin:.6em 0 1.2em;font-size:.9em}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#f2f2f2}
table.rows td:nth-child(5){white-space:nowrap}
tr.reproduced td.verdict,td.reproduced{background:#e3f4e3}
tr.differs td.verdict,td.differs{background:#fff3cd}
tr.bound-holds td.verdict{background:#e3f4e3}
tr.bound-violated td.verdict{background:#fff3cd}
tr.not-reproducible td.verdict,td.not-reproducible{background:#f8d7da}
tr.consistent td.verdict{background:#e3f4e3}
tr.differs-significantly td.verdict{background:#fff3cd}
tr.undecided td.verdict,td.undecided{background:#e8eef7}
tr.reproduced-under-reading td.verdict{background:#e6f4ea}
code{background:#f5f5f5;padding:0 .2em}
figure{margin:1em 0}figure svg{max-width:100%;height:auto;border:1px solid #ddd}
figcaption{font-size:.9em;color:#555}
section.experiment{border-top:3px solid #444;margin-top:2.5em}
p.paper{color:#555}";

/// `index.html`: the summary (linked to the sections) and every report's HTML with its plots
/// inline (read from `out/NAME/STEM.svg`); `header` as in [`report_md`].
pub fn index_html(reports: &[Report], out: &Path, header: &str) -> String {
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>arachne: the papers reproduced</title>\n<style>\n{CSS}\n</style>\n</head>\n<body>\n<h1>arachne: the papers' tables and figures, reproduced</h1>\n{}{}<h2>Summary</h2>\n<p>{}</p>\n<table class=\"summary\">\n<tr><th>paper</th><th>experiment</th><th>table / figure</th><th>rows</th><th>verdict</th></tr>",
        markdown_to_html(&format!("Generated by {header}.")),
        markdown_to_html(VERDICTS),
        esc(&counts_text(reports))
    );
    for r in reports {
        for (i, s) in r.summary().into_iter().enumerate() {
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td><a href=\"#{}\">{}</a></td><td>{}</td><td>{}</td><td class=\"{}\">{}</td></tr>",
                if i == 0 { esc(&r.paper) } else { String::new() },
                esc(&r.name),
                esc(&r.name),
                esc(&s.figure),
                s.rows,
                s.kind,
                esc(&s.verdict)
            );
        }
    }
    h.push_str("</table>\n");
    for r in reports {
        let dir = out.join(&r.name);
        h.push_str(&r.html(&format!("{}/", r.name), &|stem| {
            std::fs::read_to_string(dir.join(format!("{stem}.svg"))).ok()
        }));
    }
    h.push_str("</body>\n</html>\n");
    h
}
