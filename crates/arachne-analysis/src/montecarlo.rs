//! Monte Carlo estimates (seed 001 §7): `alphabeta` on random trees, trials in parallel
//! (rayon), every trial's tree seeded from `(seed, trial)`, so the same arguments give the same
//! numbers whatever the number of threads.
use crate::count::alphabeta_stats;
use arachne_core::rng::hash2;
use arachne_core::Game;
use arachne_games::{
    Branching, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

/// Which random trees.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TreeModel {
    /// Fuller's model: i.i.d. bottom values (`iid`), continuous or with `range` distinct values.
    Iid {
        /// Number of distinct equally likely values (§6); `None` = continuous.
        range: Option<u32>,
    },
    /// Values are sums of random edge values along the path (§8's proposal; `incremental`).
    Incremental,
}

/// Summary statistics of a sample.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Number of trials.
    pub trials: u64,
    /// Sample mean.
    pub mean: f64,
    /// Sample standard deviation (n − 1 in the denominator).
    pub sd: f64,
    /// Half-width of the 95 % confidence interval for the mean (1.96 · sd / √n).
    pub ci95: f64,
    /// `sd / mean`.
    pub sd_over_mean: f64,
}

impl Summary {
    /// Summary of `xs` (at least one value).
    pub fn of(xs: &[f64]) -> Summary {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = if xs.len() > 1 {
            xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let sd = var.sqrt();
        Summary {
            trials: xs.len() as u64,
            mean,
            sd,
            ci95: 1.96 * sd / n.sqrt(),
            sd_over_mean: if mean != 0.0 { sd / mean } else { 0.0 },
        }
    }
}

/// Result of a Monte Carlo run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct McResult {
    /// Bottom positions examined.
    pub nbp: Summary,
    /// Non-terminal positions examined (move generations).
    pub nmg: Summary,
}

/// Runs `trials` searches of random trees of branching `n`, depth `d`. `progress` draws an
/// indicatif bar on stderr when stderr is a terminal.
pub fn run(n: u32, d: u32, model: TreeModel, trials: u64, seed: u64, progress: bool) -> McResult {
    assert!(
        n >= 1 && d >= 1 && trials >= 1,
        "montecarlo::run: bad parameters"
    );
    let bar = if progress {
        let b = ProgressBar::with_draw_target(Some(trials), ProgressDrawTarget::stderr());
        b.set_style(
            ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} trials, eta {eta}")
                .expect("progress template")
                .progress_chars("=> "),
        );
        b.set_message(format!("N={n} D={d}"));
        b
    } else {
        ProgressBar::hidden()
    };
    let counts: Vec<(f64, f64)> = (0..trials)
        .into_par_iter()
        .map(|t| {
            let s = hash2(seed, t);
            let stats = match model {
                TreeModel::Iid { range } => {
                    let root = IidTree::new(IidParams {
                        n,
                        d,
                        seed: s,
                        range,
                    });
                    search(&root, d)
                }
                TreeModel::Incremental => {
                    let root = IncrementalTree::new(IncrementalParams {
                        b: n,
                        d,
                        seed: s,
                        branching: Branching::Uniform,
                        values: EdgeValues::Real,
                    });
                    search(&root, d)
                }
            };
            bar.inc(1);
            stats
        })
        .collect();
    bar.finish_and_clear();
    let nbp: Vec<f64> = counts.iter().map(|c| c.0).collect();
    let nmg: Vec<f64> = counts.iter().map(|c| c.1).collect();
    McResult {
        nbp: Summary::of(&nbp),
        nmg: Summary::of(&nmg),
    }
}

fn search<G: Game>(root: &G, d: u32) -> (f64, f64) {
    let s = alphabeta_stats(root, d);
    (s.leaves as f64, s.movegens as f64)
}
