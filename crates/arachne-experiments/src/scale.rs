//! The size of an experiment chosen on the command line, overriding its full (or quick) form:
//! `arachne experiment NAME --trees N --depths A-B --openings N --branching LIST --scale paper`.
//!
//! Only the experiments whose size is a number of random trees, of searched depths or of
//! openings take these options (the Shoham–Toledo experiments `rbfm-decision`, `rbfm-games`
//! and `rbfm-othello`); [`Scale::check`] says which option an experiment takes and rejects the
//! others and out-of-range values with one line. Without any of them an experiment runs its
//! usual full (or `--quick`) form.
//!
//! | experiment | `--trees` | `--depths` | `--openings` | `--branching` | `--scale paper` |
//! |---|---|---|---|---|---|
//! | `rbfm-decision` | trees per `b` | – | – | `b` ⊆ {3, 5, 10, 20} | 10 000 trees per `b` |
//! | `rbfm-games` | trees per `(b, D)`, each played twice | Table 1's `D_αβ` (2–10) | – | `b` ⊆ {3, 5, 10, 20} | 500 trees (1 000 games per pair), every row |
//! | `rbfm-othello` | – | alpha-beta depths (1–8) | openings (1–244, evenly spaced) | – | 244 openings, depths 1–8 |
//!
//! `rbfm-othello` also takes `--matching pv-depth|nodes` (how the best-first players' effort is
//! matched to alpha-beta's, [`crate::rbfm_othello::Matching`]).
use crate::rbfm_games::TABLE1;
use crate::rbfm_othello::Matching;

/// The sizes chosen on the command line; `Scale::default()` chooses none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scale {
    /// `--scale paper`: every size the paper's (an option given explicitly still wins).
    pub paper: bool,
    /// `--trees N`: random trees (per branching factor, or per row of a table).
    pub trees: Option<u32>,
    /// `--depths A-B`: the searched depths `A ..= B`.
    pub depths: Option<(u32, u32)>,
    /// `--openings N`: start positions.
    pub openings: Option<usize>,
    /// `--branching LIST`: branching factors of the random trees.
    pub branching: Option<Vec<u32>>,
    /// `--matching pv-depth|nodes`: how `rbfm-othello` matches the best-first players' effort
    /// to alpha-beta's ([`crate::rbfm_othello::Matching`]).
    pub matching: Option<Matching>,
    /// `--engine PATH`: `rbfm-chess` with an external UCI engine as RBFM's black-box evaluator
    /// ([`crate::rbfm_chess_engine`]).
    pub engine: Option<std::path::PathBuf>,
}

/// The branching factors of the Shoham–Toledo tree experiments.
pub const ST_BRANCHING: [u32; 4] = [3, 5, 10, 20];

/// The paper's sizes (seed 002 §3.2.3, §3.2.5, §4.2).
pub mod paper {
    /// Trees per branching factor in Experiments 2 and 3.
    pub const DECISION_TREES: u32 = 10_000;
    /// Trees per row of Table 1: 1 000 games per pair, each tree played twice.
    pub const GAMES_TREES: u32 = 500;
    /// Othello: alpha-beta depths 1–8.
    pub const OTHELLO_DEPTHS: (u32, u32) = (1, 8);
    /// Othello: every position four plies into the game.
    pub const OTHELLO_OPENINGS: usize = 244;
}

impl Scale {
    /// True when no size was chosen.
    pub fn is_default(&self) -> bool {
        *self == Scale::default()
    }

    /// The options given, as they are spelled on the command line.
    fn given(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.trees.is_some() {
            v.push("--trees");
        }
        if self.depths.is_some() {
            v.push("--depths");
        }
        if self.openings.is_some() {
            v.push("--openings");
        }
        if self.branching.is_some() {
            v.push("--branching");
        }
        if self.paper {
            v.push("--scale paper");
        }
        if self.matching.is_some() {
            v.push("--matching");
        }
        if self.engine.is_some() {
            v.push("--engine");
        }
        v
    }

    /// Checks that `experiment` takes every option given and that the values are in range;
    /// the error is one line naming the option.
    pub fn check(&self, experiment: &str) -> Result<(), String> {
        const TAKES: &[(&str, &[&str])] = &[
            (
                "rbfm-decision",
                &["--trees", "--branching", "--scale paper"],
            ),
            (
                "rbfm-games",
                &["--trees", "--depths", "--branching", "--scale paper"],
            ),
            (
                "rbfm-othello",
                &["--depths", "--openings", "--scale paper", "--matching"],
            ),
            ("rbfm-chess", &["--engine"]),
        ];
        let takes: &[&str] = TAKES
            .iter()
            .find(|(e, _)| *e == experiment)
            .map_or(&[], |(_, t)| t);
        if let Some(bad) = self.given().into_iter().find(|g| !takes.contains(g)) {
            // Which experiments do take it (`--engine` is not a size).
            let who: Vec<&str> = TAKES
                .iter()
                .filter(|(_, t)| t.contains(&bad))
                .map(|(e, _)| *e)
                .collect();
            return Err(if takes.is_empty() {
                format!(
                    "experiment `{experiment}` does not take {bad} (it takes none of these options; {bad} is for {})",
                    who.join(", ")
                )
            } else {
                format!(
                    "experiment `{experiment}` does not take {bad} (it takes {})",
                    takes.join(", ")
                )
            });
        }
        if self.trees == Some(0) {
            return Err("--trees must be at least 1".into());
        }
        if let Some(bs) = &self.branching {
            if let Some(b) = bs.iter().find(|b| !ST_BRANCHING.contains(b)) {
                return Err(format!(
                    "--branching {b}: the paper's trees have b = 3, 5, 10 or 20"
                ));
            }
        }
        match experiment {
            "rbfm-games" => {
                if let Some((a, b)) = self.depths {
                    if a < 2 || b > 10 {
                        return Err(format!(
                            "--depths {a}-{b}: Table 1's alpha-beta depths are 2-10"
                        ));
                    }
                }
                if self.games_rows(false).is_empty() {
                    return Err(
                        "--branching/--depths select no row of Table 1 (b = 3, 5: D = 2-10; b = 10: 2-8; b = 20: 2-6)"
                            .into(),
                    );
                }
            }
            "rbfm-othello" => {
                if let Some((a, b)) = self.depths {
                    if a < 1 || b > 8 {
                        return Err(format!(
                            "--depths {a}-{b}: the paper's alpha-beta depths are 1-8"
                        ));
                    }
                }
                if let Some(n) = self.openings {
                    if !(1..=paper::OTHELLO_OPENINGS).contains(&n) {
                        return Err(format!("--openings {n}: there are 244 openings (1-244)"));
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Trees per `b` of `rbfm-decision` (`default`: the quick or full form's).
    pub fn decision_trees(&self, default: u32) -> u32 {
        self.trees.unwrap_or(if self.paper {
            paper::DECISION_TREES
        } else {
            default
        })
    }

    /// Trees per row of `rbfm-games`.
    pub fn games_trees(&self, default: u32) -> u32 {
        self.trees.unwrap_or(if self.paper {
            paper::GAMES_TREES
        } else {
            default
        })
    }

    /// The `(b, depth, deepest alpha-beta)` configurations of `rbfm-decision`: those of the
    /// full form whose `b` `--branching` selects, the full form's with `--scale paper`, else
    /// `default`.
    pub fn decision_configs(
        &self,
        full: &[(u32, u32, u32)],
        default: &[(u32, u32, u32)],
    ) -> Vec<(u32, u32, u32)> {
        match &self.branching {
            Some(bs) => full.iter().filter(|c| bs.contains(&c.0)).copied().collect(),
            None if self.paper => full.to_vec(),
            None => default.to_vec(),
        }
    }

    /// Table 1's rows `(b, D_αβ)` of `rbfm-games`: those `--branching` and `--depths` select
    /// (any not given: all; `--scale paper`: all), or the quick or full form's when neither is.
    pub fn games_rows(&self, quick: bool) -> Vec<(u32, u32)> {
        let chosen = self.paper || self.branching.is_some() || self.depths.is_some();
        TABLE1
            .iter()
            .map(|r| (r.0, r.1))
            .filter(|&(b, d)| {
                if chosen {
                    self.branching.as_ref().is_none_or(|bs| bs.contains(&b))
                        && self.depths.is_none_or(|(lo, hi)| (lo..=hi).contains(&d))
                } else if quick {
                    b <= 5 && d <= 4
                } else {
                    (b == 3 && d <= 8)
                        || (b == 5 && d <= 7)
                        || (b == 10 && d <= 5)
                        || (b == 20 && d <= 3)
                }
            })
            .collect()
    }

    /// Alpha-beta depths of `rbfm-othello`.
    pub fn othello_depths(&self, default: (u32, u32)) -> Vec<u32> {
        let (a, b) = self.depths.unwrap_or(if self.paper {
            paper::OTHELLO_DEPTHS
        } else {
            default
        });
        (a..=b).collect()
    }

    /// Openings of `rbfm-othello`.
    pub fn othello_openings(&self, default: usize) -> usize {
        self.openings.unwrap_or(if self.paper {
            paper::OTHELLO_OPENINGS
        } else {
            default
        })
    }
}

/// Parses `--depths`: `A-B` (A ≤ B) or one depth `A`, depths ≥ 1.
pub fn parse_depths(s: &str) -> Result<(u32, u32), String> {
    let num = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{s}` is not a depth range A-B (e.g. 4-6) or one depth"))
    };
    let (a, b) = match s.split_once('-') {
        Some((a, b)) => (num(a)?, num(b)?),
        None => {
            let a = num(s)?;
            (a, a)
        }
    };
    if a == 0 || a > b {
        return Err(format!("`{s}`: a depth range A-B needs 1 ≤ A ≤ B"));
    }
    Ok((a, b))
}
