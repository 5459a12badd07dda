//! Learning RBFM's distribution tables (`arachne learn`, seed 002 §2.6): sample positions by
//! random walks from a game's root (or, for chess with the shallow evaluator, §5.4, from RBFM
//! self-play games), their real scores, the bootstrapping rounds of
//! [`arachne_bestfirst::learn`], the table's text and the histograms of Figs. 5 and 6. The
//! settings are checked and assembled into a configuration by
//! [`arachne_bestfirst::learn::LearnSettings`]; this runs them and renders the [`Report`]:
//! the table as the text (unless written to a file), the summary as the JSON object and as a
//! note.
use arachne::report::{Report, RunError, RunResult};
use arachne_bestfirst::learn::{self, LearnSettings, Learned};
use arachne_bestfirst::Family;
use arachne_core::Game;
use arachne_games::{with_game, GameInfo, GameVisitor};
use arachne_plot::{render, Chart, Series, Style};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A learning run: the settings, the game, where to write the table and the plots, and for
/// chess the shallow evaluator's self-play settings.
#[derive(Clone, Debug)]
pub struct LearnRequest {
    /// The game spec whose positions to learn from.
    pub game: String,
    /// The bootstrapping settings.
    pub settings: LearnSettings,
    /// Write the table here (`None`: the report's text).
    pub out: Option<PathBuf>,
    /// Write the histograms into this directory.
    pub plots: Option<PathBuf>,
    /// Chess with the shallow evaluator (§5.4).
    pub shallow: bool,
    /// With `shallow`: self-play games, 1..=20.
    pub selfplay_games: usize,
    /// With `shallow`: RBFM expansions per self-play move, 1..=10 000.
    pub move_expansions: u64,
    /// With `shallow`: an external UCI engine as the evaluator.
    pub engine: Option<PathBuf>,
}

/// Runs `req`; `progress` receives the lines of a long chess run as they come.
pub fn run(req: &LearnRequest, progress: &mut dyn FnMut(String)) -> RunResult {
    let family = req.settings.check().map_err(RunError::usage)?;
    if let Some(p) = &req.out {
        check_out_file(p)?;
    }
    if req.shallow {
        return shallow_chess(req, family, progress);
    }
    if req.engine.is_some() {
        return Err(RunError::usage("--engine needs --shallow (chess)"));
    }
    with_game(&req.game, Learn { req, family }).map_err(RunError::usage)?
}

/// Makes sure the table can be written to `p` before the learning starts (
/// an unwritable `--out` used to fail only at the end), naming it otherwise. A file that did
/// not exist is not left behind.
fn check_out_file(p: &Path) -> Result<(), RunError> {
    let shown = p.display();
    if p.is_dir() {
        return Err(RunError::usage(format!("--out `{shown}` is a directory")));
    }
    let existed = p.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(p)
        .map_err(|e| RunError::usage(format!("--out `{shown}`: cannot write the table: {e}")))?;
    if !existed {
        let _ = std::fs::remove_file(p);
    }
    Ok(())
}

/// The table's text: written to `--out`, or the report's text.
fn table_text(req: &LearnRequest, text: String) -> Result<String, RunError> {
    match &req.out {
        Some(p) => std::fs::write(p, &text)
            .map(|()| String::new())
            .map_err(|e| RunError::failed(format!("cannot write {}: {e}", p.display()))),
        None => Ok(text),
    }
}

/// The rounds as JSON and as the summary's `(mean |Δf|, mean |Δsd|)` pairs.
fn rounds(learned: &Learned) -> (Vec<serde_json::Value>, String) {
    let json = learned
        .rounds
        .iter()
        .map(|r| json!({"samples": r.samples, "f_change": r.f_change, "sd_change": r.sd_change}))
        .collect();
    let text = learned
        .rounds
        .iter()
        .map(|r| format!("({:.1}, {:.1})", r.f_change, r.sd_change))
        .collect::<Vec<_>>()
        .join(" ");
    (json, text)
}

/// `--shallow`: chess with the shallow evaluator (§5.4).
fn shallow_chess(
    req: &LearnRequest,
    family: Family,
    progress: &mut dyn FnMut(String),
) -> RunResult {
    use crate::shallow::{learn_chess, ChessLearnConfig};
    let a = &req.settings;
    let eval: arachne_games::chess::Eval = match req.game.as_str() {
        "chess" => arachne_games::chess::Eval::default(),
        g => match g.strip_prefix("chess:eval=") {
            Some(e) => e.parse().map_err(RunError::usage)?,
            None => {
                return Err(RunError::usage(
                    "--shallow is for --game chess or chess:eval=material|mobility|pst|full",
                ))
            }
        },
    };
    if !(1..=20).contains(&req.selfplay_games) {
        return Err(RunError::usage("--selfplay-games must be in 1..=20"));
    }
    if !(1..=10_000).contains(&req.move_expansions) {
        return Err(RunError::usage("--move-expansions must be in 1..=10000"));
    }
    let engine = match &req.engine {
        Some(p) => Some(std::sync::Arc::new(
            crate::uci::client::UciPool::start(p, 16).map_err(RunError::usage)?,
        )),
        None => None,
    };
    let engine_name = engine.as_ref().map(|e| e.name().to_string());
    let c = ChessLearnConfig {
        engine,
        eval,
        games: req.selfplay_games,
        plies: a.max_plies,
        move_expansions: req.move_expansions,
        real_depth: a.real_depth,
        learn: a.config(family),
    };
    let t0 = Instant::now();
    let (learned, n) = learn_chess(&c, &mut |m| {
        progress(format!("{m} ({:.0} s)", t0.elapsed().as_secs_f64()))
    });
    let mut table = learned.table.clone();
    let evaluator = match &engine_name {
        Some(n) => format!("engine {n}"),
        None => format!("evaluation {}", eval.name()),
    };
    table.source = format!(
        "{} on chess, {evaluator} (§5.4: {} RBFM self-play games from the Nunn positions, {} plies, {} expansions per move; real score = shallow search to depth {}), seed {}",
        table.source,
        req.selfplay_games, a.max_plies, req.move_expansions, a.real_depth, a.seed
    );
    let text = table_text(req, table.to_text())?;
    let (rounds, pairs) = rounds(&learned);
    let mut r = Report::new(json!({
        "game": "chess", "evaluator": engine_name.as_deref().unwrap_or("shallow"), "positions": n, "real_depth": a.real_depth,
        "expansions": a.expansions, "rounds": rounds, "family": table.family.to_string(),
        "time_s": t0.elapsed().as_secs_f64(),
        "out": req.out.as_ref().map(|p| p.display().to_string()),
    }));
    r.text = text;
    r.notes.push(format!(
        "learned from {n} positions in {:.1} s; rounds (mean |Δf|, mean |Δsd|): {pairs}",
        t0.elapsed().as_secs_f64(),
    ));
    Ok(r)
}

struct Learn<'a> {
    req: &'a LearnRequest,
    family: Family,
}

impl GameVisitor for Learn<'_> {
    type Output = RunResult;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> RunResult {
        let (req, a) = (self.req, &self.req.settings);
        let cfg = a.config(self.family);
        if let Some(m) = info.max_depth {
            if a.max_plies + a.real_depth > m {
                return Err(RunError::usage(format!(
                    "the tree is {m} plies deep: max-plies + real-depth must not exceed it"
                )));
            }
        }
        let t0 = Instant::now();
        let positions =
            learn::random_positions(&root, a.positions, a.min_plies, a.max_plies, a.seed);
        if positions.is_empty() {
            return Err(RunError::usage(
                "no non-terminal positions found by random walks",
            ));
        }
        let real = learn::real_scores(&positions, a.real_depth);
        let t_real = t0.elapsed().as_secs_f64();
        let learned = learn::learn(&positions, &real, &cfg, &mut |_, _| {});
        let mut table = learned.table.clone();
        table.source = format!("{} on `{}`, seed {}", table.source, info.spec, a.seed);
        let text = table_text(req, table.to_text())?;
        let mut plots = Vec::new();
        if let Some(dir) = &req.plots {
            let chart = histograms(&learned, &a.keep_s(), &info.spec);
            let (svg, png) =
                render(&chart, &dir.join("rbfm-histograms")).map_err(RunError::failed)?;
            plots.push(svg.display().to_string());
            plots.push(png.display().to_string());
        }
        let (rounds, pairs) = rounds(&learned);
        let mut r = Report::new(json!({
            "game": info.spec, "positions": positions.len(), "real_depth": a.real_depth,
            "expansions": a.expansions, "rounds": rounds, "family": table.family.to_string(),
            "time_s": t0.elapsed().as_secs_f64(), "real_score_time_s": t_real,
            "out": req.out.as_ref().map(|p| p.display().to_string()), "plots": plots,
        }));
        r.text = text;
        r.notes.push(format!(
            "learned from {} positions in {:.1} s (real scores {t_real:.1} s); rounds (mean |Δf|, mean |Δsd|): {pairs}",
            positions.len(),
            t0.elapsed().as_secs_f64(),
        ));
        Ok(r)
    }
}

/// The chart of the distances from the real score at the expansion counts `keep`, for the
/// most common root move count among the positions (the paper: b children).
fn histograms(learned: &Learned, keep: &[u32], spec: &str) -> Chart {
    let mut by_d = std::collections::BTreeMap::<usize, usize>::new();
    for ((s, d), v) in &learned.kept {
        if *s == 0 {
            *by_d.entry(*d).or_default() += v.len();
        }
    }
    let d = by_d.iter().max_by_key(|e| e.1).map_or(1, |e| *e.0);
    let mut series = Vec::new();
    for &s in keep {
        if let Some(v) = learned.kept.get(&(s, d)) {
            series.extend(histogram(v, &format!("s = {s}")));
        }
    }
    Chart {
        title: format!("distance from the real score, {spec} ({d} root moves)"),
        x_label: "real score - minimax score".into(),
        y_label: "density".into(),
        log_x: false,
        log_y: false,
        series,
    }
}

/// A density histogram of `v` (a line) and the normal density with the same mean and variance
/// (dashed in the paper; a second series here).
fn histogram(v: &[f64], name: &str) -> Vec<Series> {
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    let sd = var.sqrt().max(1e-9);
    let (lo, hi) = (mean - 4.0 * sd, mean + 4.0 * sd);
    let bins = 40;
    let w = (hi - lo) / bins as f64;
    let mut count = vec![0.0; bins];
    for &x in v {
        let b = ((x - lo) / w).floor();
        if b >= 0.0 && (b as usize) < bins {
            count[b as usize] += 1.0;
        }
    }
    let hist = (0..bins)
        .map(|b| (lo + (b as f64 + 0.5) * w, count[b] / (n * w)))
        .collect();
    let fit = (0..=80)
        .map(|i| {
            let x = lo + (hi - lo) * i as f64 / 80.0;
            let z = (x - mean) / sd;
            (
                x,
                (-0.5 * z * z).exp() / (sd * (2.0 * std::f64::consts::PI).sqrt()),
            )
        })
        .collect();
    vec![
        Series {
            name: format!("{name} ({} samples)", v.len()),
            points: hist,
            style: Style::LinePoints,
        },
        Series {
            name: format!("{name}: normal fit"),
            points: fit,
            style: Style::Line,
        },
    ]
}
