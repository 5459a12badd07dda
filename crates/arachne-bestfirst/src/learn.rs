//! Learning the tables `f` and `g` (seed 002 §2.6; Experiment 1, §3.2.1).
//!
//! "We generate game positions … We use Alpha-Beta to depth 10 to determine the real score of
//! each position. For each position, we expand the root `v` repeatedly using RBFM. Before the
//! first expansion and after each expansion, we obtain a minimax score for `(d_v, s)` … We
//! compute the difference `δ` between the real score and the minimax score … After collecting
//! samples from all the game positions, we use the differences to estimate `f` and `g`."
//! Bootstrapping: start from a trivial table (`f = g = 0`, best-first, or `g = M` large, nearly
//! uniform) and repeat "until we observe convergence, normally after 3 or 4 repetitions".
//!
//! Here `f(s, d)` is the mean of `δ` in the cell and `g(s, d)` its variance
//! ([`DistTable::from_moments`]); the real-score depth, the number of expansions per position
//! and the number of rounds are parameters. Positions come from [`random_positions`]: random
//! walks of a few plies from a root (for incremental trees, nodes inside a deep tree, whose
//! branching is random — the root's always is `b`).
//!
//! Two choices where the paper is open (seed 002 §5.4 learns chess with the §5.2 heuristics):
//! * **The cell of a sample is the root's own expansion count `s_v`**, the key the search looks
//!   the table up with, not the number of steps made: with heuristic 2 one step can make two
//!   expansions. Without the heuristics the two are equal.
//! * **Decisive samples are left out**: when the real score or the root's score is a won or
//!   lost value (a mate found), the difference is not in the score's units (a mate is
//!   `Score::WIN`, 9·10⁸) and one such sample would make the cell's variance
//!   meaningless.
use crate::dist::{s_bin, DistTable, Family, D_MAX, S_BINS};
use crate::engine::{BfOptions, Heuristics, Kind, LeafSearch, Searcher, Step};
use arachne_core::{Game, Limits, Score};
use arachne_search::{Algorithm, SearchOptions};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Parameters of a learning run.
#[derive(Clone, Debug)]
pub struct LearnConfig {
    /// Depth of the alpha-beta search that defines the real score (the paper: 10).
    pub real_depth: u32,
    /// RBFM node expansions per position (the paper, chess: 200).
    pub expansions: u32,
    /// Bootstrapping rounds (the paper: 3 or 4).
    pub rounds: u32,
    /// Family of the learned table.
    pub family: Family,
    /// The trivial start: `g = start_var` everywhere, `f = 0` (0: best-first).
    pub start_var: f64,
    /// Seed of the RBFM runs.
    pub seed: u64,
    /// Expansion counts `s` whose samples are kept for histograms (Figs. 5 and 6).
    pub keep_s: Vec<u32>,
    /// Start from this table instead of the trivial one (e.g. one more round on a shipped
    /// table).
    pub start_table: Option<DistTable>,
}

impl Default for LearnConfig {
    fn default() -> Self {
        LearnConfig {
            real_depth: 10,
            expansions: 200,
            rounds: 4,
            family: Family::Normal,
            start_var: 0.0,
            seed: 1,
            keep_s: vec![0, 10, 50, 200],
            start_table: None,
        }
    }
}

/// One bootstrapping round.
#[derive(Clone, Debug)]
pub struct Round {
    /// Samples collected.
    pub samples: u64,
    /// Mean absolute change of `f` from the previous table, over cells with samples.
    pub f_change: f64,
    /// Same for `sqrt(g)`.
    pub sd_change: f64,
}

/// The result of a learning run.
#[derive(Clone, Debug)]
pub struct Learned {
    /// The final table.
    pub table: DistTable,
    /// The rounds.
    pub rounds: Vec<Round>,
    /// `δ` samples of the last round by `(s, number of root moves)`, for `s` in `keep_s`.
    pub kept: BTreeMap<(u32, usize), Vec<f64>>,
}

/// `count` positions reached by random walks of `min_plies..=max_plies` plies from `root`
/// (seeded). Walks that reach a terminal position stop there and are skipped.
pub fn random_positions<G: Game>(
    root: &G,
    count: usize,
    min_plies: u32,
    max_plies: u32,
    seed: u64,
) -> Vec<G> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut moves = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 20 + 100 {
        tries += 1;
        let plies = rng.gen_range(min_plies..=max_plies.max(min_plies));
        let mut pos = root.clone();
        let mut ok = true;
        for _ in 0..plies {
            pos.moves(&mut moves);
            if pos.is_terminal() || moves.is_empty() {
                ok = false;
                break;
            }
            pos = pos.play(moves[rng.gen_range(0..moves.len())]);
        }
        pos.moves(&mut moves);
        if ok && !pos.is_terminal() && !moves.is_empty() {
            out.push(pos);
        }
    }
    out
}

/// The real scores (alpha-beta to `depth`) of `positions`.
pub fn real_scores<G: Game>(positions: &[G], depth: u32) -> Vec<i32> {
    positions
        .iter()
        .map(|p| {
            Algorithm::AlphaBeta
                .search(p, &Limits::depth(depth), &SearchOptions::default())
                .value
                .0
        })
        .collect()
}

/// What §5.4 changes in the learning for chess ([`learn_with`]).
pub struct LearnExtra<G: Game> {
    /// The evaluator as a search, for the heuristics.
    pub leaf_search: Option<LeafSearch<G>>,
    /// §5.2's heuristics in the RBFM runs (the program as it plays).
    pub heuristics: Heuristics,
    /// §5.4: "the variance of the distribution depends only on `s` … and not on `d`": `g` is
    /// pooled over `d` (the mean shift `f` keeps its `d` columns where they have samples).
    pub pool_d_variance: bool,
}

impl<G: Game> Default for LearnExtra<G> {
    fn default() -> Self {
        LearnExtra {
            leaf_search: None,
            heuristics: Heuristics::default(),
            pool_d_variance: false,
        }
    }
}

/// Positions of `games` RBFM self-play games of at most `plies` plies from `root` (§5.4: "we
/// let RBFM play 30 chess games against itself … 60 moves"), every position before each move
/// played; each move is the decision (§5.3) of a fresh search of `expansions` node
/// expansions with `opts` (its seed changed per game and move) and `extra`'s heuristics.
/// `progress(game, ply)` after each move.
pub fn selfplay_positions<G: Game>(
    root: &G,
    games: usize,
    plies: u32,
    expansions: u64,
    opts: &BfOptions,
    extra: &LearnExtra<G>,
    progress: &mut dyn FnMut(usize, u32),
) -> Vec<G> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for g in 0..games {
        let mut pos = root.clone();
        for ply in 0..plies {
            pos.moves(&mut moves);
            if pos.is_terminal() || moves.is_empty() {
                break;
            }
            out.push(pos.clone());
            let mut o = opts.clone();
            o.seed = opts.seed ^ ((g as u64) << 32) ^ ply as u64;
            o.heuristics = extra.heuristics;
            let mut s = Searcher::new(pos.clone(), o);
            if let Some(ls) = &extra.leaf_search {
                s = s.with_leaf_search(Arc::clone(ls));
            }
            for _ in 0..expansions {
                if !matches!(s.step(), Step::Expanded { .. }) {
                    break;
                }
            }
            let Some(mv) = s.decision().and_then(|c| s.tree().mv(c)) else {
                break;
            };
            pos = pos.play(mv);
            progress(g, ply);
        }
    }
    out
}

/// Runs the bootstrapping procedure on `positions` (whose real scores are `real`).
/// `progress(round, position)` is called after each position.
pub fn learn<G: Game>(
    positions: &[G],
    real: &[i32],
    cfg: &LearnConfig,
    progress: &mut dyn FnMut(u32, usize),
) -> Learned {
    learn_with(positions, real, cfg, &LearnExtra::default(), progress)
}

/// [`learn`] with §5.4's changes ([`LearnExtra`]).
pub fn learn_with<G: Game>(
    positions: &[G],
    real: &[i32],
    cfg: &LearnConfig,
    extra: &LearnExtra<G>,
    progress: &mut dyn FnMut(u32, usize),
) -> Learned {
    let mut table = cfg
        .start_table
        .clone()
        .unwrap_or_else(|| DistTable::constant(cfg.family, cfg.start_var));
    let mut rounds = Vec::new();
    let mut kept = BTreeMap::new();
    let mut moves = Vec::new();
    for round in 0..cfg.rounds.max(1) {
        let mut moments = vec![[[0.0f64; 4]; D_MAX + 1]; S_BINS];
        let mut samples = 0u64;
        let last = round + 1 == cfg.rounds.max(1);
        let shared = Arc::new(table.clone());
        for (i, (pos, &r)) in positions.iter().zip(real).enumerate() {
            pos.moves(&mut moves);
            let root_moves = moves.len();
            let mut opts = BfOptions::new(Kind::Rbfm);
            opts.table = Some(Arc::clone(&shared));
            opts.vote = 0;
            opts.seed = cfg.seed ^ ((round as u64) << 40) ^ i as u64;
            opts.heuristics = extra.heuristics;
            let mut s = Searcher::new(pos.clone(), opts);
            if let Some(ls) = &extra.leaf_search {
                s = s.with_leaf_search(Arc::clone(ls));
            }
            for k in 0..=cfg.expansions {
                let root = *s.tree().root();
                // The cell is the root's own expansion count `s_v` (the tree's lookup key):
                // with §5.2's heuristic 2 a step can make two expansions, so `s_v ≥ k`.
                let sv = root.s;
                let decisive = Score(r).is_decisive() || root.score().is_decisive();
                if decisive {
                    // A won or lost position: mate scores are not centipawns (module docs).
                    if k == cfg.expansions || !matches!(s.step(), Step::Expanded { .. }) {
                        break;
                    }
                    continue;
                }
                let delta = r as f64 - root.score as f64;
                // s_v = 0: under the position's move count (`dist` module docs).
                let d = if sv == 0 {
                    root_moves.min(D_MAX)
                } else {
                    (root.d as usize).min(D_MAX)
                };
                let cell = &mut moments[s_bin(sv)][d];
                cell[0] += 1.0;
                cell[1] += delta;
                cell[2] += delta * delta;
                cell[3] += delta * delta * delta;
                samples += 1;
                if last && cfg.keep_s.contains(&sv) {
                    kept.entry((sv, root_moves))
                        .or_insert_with(Vec::new)
                        .push(delta);
                }
                if k == cfg.expansions || !matches!(s.step(), Step::Expanded { .. }) {
                    break;
                }
            }
            progress(round, i);
        }
        let mut next = DistTable::from_moments(
            cfg.family,
            &moments,
            &format!(
                "learned: {} positions, real score alpha-beta depth {}, {} expansions, round {} of {}, family {}",
                positions.len(),
                cfg.real_depth,
                cfg.expansions,
                round + 1,
                cfg.rounds.max(1),
                cfg.family
            ),
        );
        if extra.pool_d_variance {
            // Every sample in column 0: the cells of d > 0 then take the pooled values.
            let mut pooled = vec![[[0.0f64; 4]; D_MAX + 1]; S_BINS];
            for (p, row) in pooled.iter_mut().zip(&moments) {
                for cell in row {
                    for k in 0..4 {
                        p[0][k] += cell[k];
                    }
                }
            }
            let g = DistTable::from_moments(cfg.family, &pooled, "").g;
            next.g = g;
            next.source = format!("{}, variance pooled over d (§5.4)", next.source);
        }
        let (mut df, mut dsd, mut cells) = (0.0, 0.0, 0u32);
        for b in 0..S_BINS {
            for d in 0..=D_MAX {
                if next.n[b][d] > 0 {
                    df += (next.f[b][d] - table.f[b][d]).abs();
                    dsd += (next.g[b][d].sqrt() - table.g[b][d].sqrt()).abs();
                    cells += 1;
                }
            }
        }
        let c = cells.max(1) as f64;
        rounds.push(Round {
            samples,
            f_change: df / c,
            sd_change: dsd / c,
        });
        table = next;
    }
    Learned {
        table,
        rounds,
        kept,
    }
}

/// The settings of a learning run as `arachne learn` takes them, checked and assembled into a
/// [`LearnConfig`] here, where the configuration lives.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnSettings {
    /// Sample positions, 1..=1 000 000.
    pub positions: usize,
    /// Depth of the real score's alpha-beta search, 1..=30.
    pub real_depth: u32,
    /// RBFM node expansions per position, at most 100 000.
    pub expansions: u32,
    /// Bootstrapping rounds, 1..=20.
    pub rounds: u32,
    /// The table's family, e.g. `normal` or `exponential:damping=0.25` ([`Family`]).
    pub dist: String,
    /// The trivial start's variance, finite and ≥ 0.
    pub start_var: f64,
    /// Shortest random walk to a sample position.
    pub min_plies: u32,
    /// Longest random walk, `min_plies..=200`.
    pub max_plies: u32,
    /// Seed of the walks and the RBFM runs.
    pub seed: u64,
}

/// A learning setting out of range: the message names it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SettingsError(pub String);

impl LearnSettings {
    /// Checks the settings and returns the table's family.
    pub fn check(&self) -> Result<Family, SettingsError> {
        let bad = |m: &str| Err(SettingsError(m.into()));
        if self.positions == 0 || self.positions > 1_000_000 {
            return bad("--positions must be in 1..=1000000");
        }
        if !(1..=30).contains(&self.real_depth) {
            return bad("--real-depth must be in 1..=30");
        }
        if self.expansions > 100_000 {
            return bad("--expansions is at most 100000");
        }
        if !(1..=20).contains(&self.rounds) {
            return bad("--rounds must be in 1..=20");
        }
        if self.max_plies < self.min_plies || self.max_plies > 200 {
            return bad("--max-plies must be in min-plies..=200");
        }
        if !(self.start_var.is_finite() && self.start_var >= 0.0) {
            return bad("--start-var must be a finite number >= 0");
        }
        self.dist.parse().map_err(SettingsError)
    }

    /// The expansion counts whose samples are kept for the histograms (Figs. 5 and 6).
    pub fn keep_s(&self) -> Vec<u32> {
        vec![0, 10, 50, self.expansions.min(200)]
    }

    /// The configuration of the bootstrapping, for `family` (from [`LearnSettings::check`]).
    pub fn config(&self, family: Family) -> LearnConfig {
        LearnConfig {
            real_depth: self.real_depth,
            expansions: self.expansions,
            rounds: self.rounds,
            family,
            start_var: self.start_var,
            seed: self.seed,
            keep_s: self.keep_s(),
            start_table: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_checked_and_assembled() {
        let ok = LearnSettings {
            positions: 10,
            real_depth: 4,
            expansions: 300,
            rounds: 2,
            dist: "exponential".into(),
            start_var: 0.0,
            min_plies: 1,
            max_plies: 8,
            seed: 5,
        };
        let family = ok.check().unwrap();
        let c = ok.config(family);
        assert_eq!(
            (c.real_depth, c.expansions, c.rounds, c.seed),
            (4, 300, 2, 5)
        );
        assert_eq!(c.keep_s, vec![0, 10, 50, 200]);
        for (bad, msg) in [
            (
                LearnSettings {
                    positions: 0,
                    ..ok.clone()
                },
                "--positions",
            ),
            (
                LearnSettings {
                    real_depth: 31,
                    ..ok.clone()
                },
                "--real-depth",
            ),
            (
                LearnSettings {
                    rounds: 0,
                    ..ok.clone()
                },
                "--rounds",
            ),
            (
                LearnSettings {
                    max_plies: 0,
                    ..ok.clone()
                },
                "--max-plies",
            ),
            (
                LearnSettings {
                    start_var: f64::NAN,
                    ..ok.clone()
                },
                "--start-var",
            ),
        ] {
            assert!(bad.check().unwrap_err().0.starts_with(msg), "{msg}");
        }
        assert!(LearnSettings {
            dist: "nope".into(),
            ..ok
        }
        .check()
        .is_err());
    }
}
