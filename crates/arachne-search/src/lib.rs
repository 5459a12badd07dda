//! # arachne-search
//!
//! Serial game-tree searchers, one file per algorithm, each readable beside its paper:
//!
//! | name | file | source |
//! |------|------|--------|
//! | `negamax` | [`negamax`] | seed 000 §2 (Knuth–Moore) |
//! | `alphabeta` | [`alphabeta`] | seed 000 §2 — deep cutoffs, fail-hard |
//! | `bound` | [`bound`] | seed 000 §7.4 — no deep cutoffs |
//! | `falphabeta` | [`falphabeta`] | seed 000 §8.1 — fail-soft |
//! | `lalphabeta` | [`lalphabeta`] | seed 000 §8.2 — last root move with a minimal window |
//! | `palphabeta` | [`palphabeta`] | seed 000 §8.3 — principal-line minimal windows (PVS) |
//! | `staged` | [`staged`] | seed 000 §8.1 — staged iteration around alphabeta / lalphabeta / palphabeta |
//! | `aspiration` | [`aspiration`] | seed 000 §3 — narrow windows, fail-soft re-search |
//! | `sss` | [`sss`] | SSS* as MT-SSS* (seed 003 §2.1) |
//! | `mtdf` | [`mtdf`] | MTD(f) |
//! | — | [`tiebroken`] | seed 001 §6 — alpha-beta with bottom values that would prune by equality perturbed |
//!
//! All of them share [`context::Ctx`] (move buffers, ordering, statistics, limits, principal
//! variation, transposition table), so each file holds only its own loop.
//!
//! ```
//! use arachne_games::{IidParams, IidTree};
//! use arachne_search::{Algorithm, SearchOptions};
//! use arachne_core::Limits;
//!
//! let tree = IidTree::new(IidParams { n: 3, d: 4, seed: 1, range: None });
//! let ab = Algorithm::AlphaBeta.search(&tree, &Limits::depth(4), &SearchOptions::default());
//! let nm = Algorithm::Negamax.search(&tree, &Limits::depth(4), &SearchOptions::default());
//! assert_eq!(ab.value, nm.value);
//! assert!(ab.stats.leaves <= nm.stats.leaves);
//! ```

pub mod alphabeta;
pub mod aspiration;
pub mod bound;
pub mod context;
pub mod falphabeta;
pub mod lalphabeta;
pub mod mt;
pub mod mtdf;
pub mod negamax;
pub mod ordering;
pub mod palphabeta;
pub mod sss;
pub mod staged;
pub mod stepper;
pub mod tiebroken;

use arachne_core::{Game, Limits, Score, Stats, StopReason, TranspositionTable};
use context::{Aborted, Ctx};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// Options every searcher honours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Static move preordering: successors sorted by their static values (best first).
    pub preorder: bool,
    /// Order by the game's [`Game::order_hint`] (e.g. MVV/LVA captures).
    pub hints: bool,
    /// Killer moves.
    pub killers: bool,
    /// History heuristic.
    pub history: bool,
    /// Transposition table size in MiB for the algorithms that use one (`staged` on real
    /// games, `sss`, `mtdf`); 0 disables it where it is optional.
    pub tt_mib: usize,
    /// Value bottom positions by a capture-only quiescence search with its own full window
    /// ([`Game::noisy_moves`]; seed 001 §6, "all chains of captures are explored"). Values stay
    /// a pure function of the position, so every searcher still agrees with `negamax`.
    pub quiescence: bool,
    /// Score positions below the root that repeat one on the search path or in
    /// `game_history` as draws (games with a [`Game::hash`]).
    pub repetition: bool,
    /// Hashes of the positions played before the root (oldest first), for `repetition`.
    pub game_history: Vec<u64>,
    /// Check extension: a node whose side to move is in check ([`Game::in_check`]) is searched
    /// one ply deeper, at most as many extra plies on a path as the root's depth (so a search
    /// always ends). Honoured by `falphabeta`, `aspiration` and the shared-memory searches of
    /// `arachne-parallel` ([`context`], "Check extension"). A no-op for games without checks.
    pub check_extension: bool,
    /// Null-move pruning with adaptive reduction R = 2 or 3 ([`Game::null_move`];
    /// [`context`], "Null move"). Honoured by `falphabeta`, `aspiration` and the shared-memory
    /// searches of `arachne-parallel`. Values may then differ from `negamax` (the heuristic's
    /// point); a no-op for games without a null move.
    pub null_move: bool,
    /// Cutoffs from the transposition table in `falphabeta` and `falphabeta_windowed` (off by
    /// default: they use the table for move ordering only). On, a node below the root whose
    /// position has an entry of exactly its draft with a usable bound returns that bound
    /// ([`context::Ctx::tt_cut`]). Entries of another draft are never used for a value, so a
    /// fixed-depth search without the null move still returns the plain search's value at the
    /// root; only the nodes change. RBFM's chess evaluator uses it with a table kept across
    /// its shallow searches (seed 002 §5.1: Crafty's transposition table).
    pub tt_cutoffs: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            preorder: false,
            hints: false,
            killers: false,
            history: false,
            tt_mib: 16,
            quiescence: false,
            repetition: false,
            game_history: Vec::new(),
            check_extension: false,
            null_move: false,
            tt_cutoffs: false,
        }
    }
}

/// What a reported value means.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueKind {
    /// The exact negamax value.
    Exact,
    /// A lower bound (e.g. `lalphabeta` when the last root move is best).
    Lower,
    /// An upper bound.
    Upper,
    /// No value: a limit stopped the search before it established one (the value field is
    /// meaningless; `best_move`, if any, is the best of the root moves searched so far).
    Unknown,
}

/// Which inner search a staged iteration runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Inner {
    /// `salphabeta`.
    AlphaBeta,
    /// `slalphabeta`.
    LAlphaBeta,
    /// `spalphabeta`.
    PAlphaBeta,
}

/// A serial search algorithm, by name (see the crate docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Algorithm {
    Negamax,
    AlphaBeta,
    Bound,
    FAlphaBeta,
    LAlphaBeta,
    PAlphaBeta,
    /// Staged iteration around an inner search; `tt` uses a transposition table for ordering.
    Staged {
        inner: Inner,
    },
    /// Aspiration search with half-width `delta`.
    Aspiration {
        delta: i32,
    },
    Sss,
    /// MTD(f) with an optional first guess (default: the root's static value).
    Mtdf {
        guess: Option<i32>,
    },
}

/// The algorithms this parser knows (their descriptions are the facade's registry).
pub const NAMES: &[&str] = &[
    "negamax",
    "alphabeta",
    "bound",
    "falphabeta",
    "lalphabeta",
    "palphabeta",
    "staged",
    "aspiration",
    "sss",
    "mtdf",
];

/// An unknown algorithm or a bad option. One line, fit for a user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct AlgoError(pub String);

impl FromStr for Algorithm {
    type Err = AlgoError;

    /// Parses `NAME[:key=value,...]`.
    fn from_str(s: &str) -> Result<Self, AlgoError> {
        let mut spec = arachne_core::parse::Spec::parse(s, "algorithm").map_err(AlgoError)?;
        let name = spec.name.to_ascii_lowercase();
        let mut take = |key: &str| spec.take(key);
        let int = |key: &str, v: Option<String>| -> Result<Option<i32>, AlgoError> {
            v.map(|v| {
                arachne_core::parse::int::<i32>(&v)
                    .map_err(|e| AlgoError(format!("{name}: {key}={e}")))
            })
            .transpose()
        };
        let algo = match name.as_str() {
            "negamax" | "minimax" => Algorithm::Negamax,
            "alphabeta" | "ab" => Algorithm::AlphaBeta,
            "bound" => Algorithm::Bound,
            "falphabeta" => Algorithm::FAlphaBeta,
            "lalphabeta" => Algorithm::LAlphaBeta,
            "palphabeta" | "pvs" => Algorithm::PAlphaBeta,
            "salphabeta" => Algorithm::Staged {
                inner: Inner::AlphaBeta,
            },
            "slalphabeta" => Algorithm::Staged {
                inner: Inner::LAlphaBeta,
            },
            "spalphabeta" => Algorithm::Staged {
                inner: Inner::PAlphaBeta,
            },
            "staged" | "id" => {
                let inner = match take("inner").as_deref() {
                    None | Some("alphabeta") => Inner::AlphaBeta,
                    Some("lalphabeta") => Inner::LAlphaBeta,
                    Some("palphabeta") => Inner::PAlphaBeta,
                    Some(o) => {
                        return Err(AlgoError(format!(
                            "staged: inner=`{o}` must be alphabeta, lalphabeta or palphabeta"
                        )))
                    }
                };
                Algorithm::Staged { inner }
            }
            "aspiration" => {
                let delta = int("delta", take("delta"))?.unwrap_or(aspiration::DEFAULT_DELTA);
                if delta < 1 {
                    return Err(AlgoError("aspiration: delta must be at least 1".into()));
                }
                Algorithm::Aspiration { delta }
            }
            "sss" | "sss*" => Algorithm::Sss,
            "mtdf" | "mtd(f)" => Algorithm::Mtdf {
                guess: int("guess", take("guess"))?,
            },
            other => {
                return Err(AlgoError(format!(
                    "unknown algorithm `{other}` (serial: {})",
                    NAMES.join(", ")
                )))
            }
        };
        if let Some(k) = spec.leftover() {
            return Err(AlgoError(format!("{name}: unknown option `{k}`")));
        }
        Ok(algo)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Algorithm::Negamax => write!(f, "negamax"),
            Algorithm::AlphaBeta => write!(f, "alphabeta"),
            Algorithm::Bound => write!(f, "bound"),
            Algorithm::FAlphaBeta => write!(f, "falphabeta"),
            Algorithm::LAlphaBeta => write!(f, "lalphabeta"),
            Algorithm::PAlphaBeta => write!(f, "palphabeta"),
            Algorithm::Staged {
                inner: Inner::AlphaBeta,
            } => write!(f, "salphabeta"),
            Algorithm::Staged {
                inner: Inner::LAlphaBeta,
            } => write!(f, "slalphabeta"),
            Algorithm::Staged {
                inner: Inner::PAlphaBeta,
            } => write!(f, "spalphabeta"),
            Algorithm::Aspiration { delta } => write!(f, "aspiration:delta={delta}"),
            Algorithm::Sss => write!(f, "sss"),
            Algorithm::Mtdf { guess: None } => write!(f, "mtdf"),
            Algorithm::Mtdf { guess: Some(g) } => write!(f, "mtdf:guess={g}"),
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchOutcome<M> {
    /// Root value, negamax convention (side to move at the root).
    pub value: Score,
    /// Whether `value` is exact.
    pub kind: ValueKind,
    /// Best move (`None` at a terminal root).
    pub best_move: Option<M>,
    /// Principal variation (may be shorter than the depth).
    pub pv: Vec<M>,
    /// Depth searched (last completed stage for iterative algorithms).
    pub depth: u32,
    /// Counts.
    pub stats: Stats,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Set when a limit stopped the search early.
    pub stopped: Option<StopReason>,
}

/// Called after each completed stage of an iterative search (UCI `info` lines, progress).
pub type Report<'r, M> = &'r mut dyn FnMut(&SearchOutcome<M>);

impl Algorithm {
    /// True for algorithms that need a transposition table.
    pub fn needs_tt(&self) -> bool {
        matches!(self, Algorithm::Sss | Algorithm::Mtdf { .. })
    }

    /// True when [`Algorithm::search`] would use a transposition table for `root` with
    /// `opts` (allocating one of `opts.tt_mib` MiB unless the caller passes its own to
    /// [`Algorithm::search_with`]).
    pub fn wants_tt<G: Game>(&self, root: &G, opts: &SearchOptions) -> bool {
        self.needs_tt() || (self.is_iterative() && opts.tt_mib > 0 && root.hash().is_some())
    }

    /// True when this searcher honours `SearchOptions::null_move` and
    /// `SearchOptions::check_extension` (it calls [`context::Ctx::null_move_cut`] and
    /// [`context::Ctx::extend`]): `falphabeta`, `palphabeta`, `spalphabeta` and `aspiration`.
    /// The others would ignore them, so callers refuse them there.
    pub fn takes_engine_options(&self) -> bool {
        matches!(
            self,
            Algorithm::FAlphaBeta
                | Algorithm::PAlphaBeta
                | Algorithm::Aspiration { .. }
                | Algorithm::Staged {
                    inner: Inner::PAlphaBeta
                }
        )
    }

    /// True for iterative (staged) algorithms, which report each stage and honour time limits
    /// gracefully.
    pub fn is_iterative(&self) -> bool {
        matches!(
            self,
            Algorithm::Staged { .. } | Algorithm::Aspiration { .. }
        )
    }

    /// Searches `root` to `limits.depth` (required: `None` searches depth 1).
    pub fn search<G: Game>(
        &self,
        root: &G,
        limits: &Limits,
        opts: &SearchOptions,
    ) -> SearchOutcome<G::Move> {
        self.search_with(root, limits, opts, None, &mut |_| {})
    }

    /// Like [`Algorithm::search`], with an optional caller-owned transposition table (kept
    /// between searches, shared between threads) and a per-stage report.
    pub fn search_with<G: Game>(
        &self,
        root: &G,
        limits: &Limits,
        opts: &SearchOptions,
        tt: Option<&TranspositionTable>,
        report: Report<'_, G::Move>,
    ) -> SearchOutcome<G::Move> {
        let start = Instant::now();
        let own_tt;
        let wants_tt = self.wants_tt(root, opts);
        let tt = match tt {
            Some(t) => Some(t),
            None if wants_tt => {
                own_tt = TranspositionTable::with_mib(opts.tt_mib.max(1));
                Some(&own_tt)
            }
            None => None,
        };
        if let Some(t) = tt {
            t.new_search();
        }
        let depth = limits.depth.unwrap_or(1);
        let mut ctx: Ctx<G> = Ctx::new(opts, limits, tt);
        let inf = Score::INF;
        let finish = |ctx: &Ctx<G>,
                      value: Score,
                      kind: ValueKind,
                      pv: Vec<G::Move>,
                      depth: u32,
                      stopped: Option<StopReason>| SearchOutcome {
            value,
            kind,
            best_move: pv.first().copied(),
            pv,
            depth,
            stats: ctx.stats,
            elapsed: start.elapsed(),
            stopped,
        };
        // Fixed-depth searches: value and kind; their principal line is read from `ctx`.
        let exact = |r: context::SearchResult| r.map(|v| (v, ValueKind::Exact));
        let fixed = |ctx: &Ctx<G>, r: Result<(Score, ValueKind), Aborted>| {
            r.map(|(value, kind)| Done {
                value,
                kind,
                pv: ctx.pv(0).to_vec(),
                depth,
                stopped: None,
            })
        };
        let done = match *self {
            Algorithm::Negamax => {
                let r = exact(negamax::negamax(&mut ctx, root, depth, 0));
                fixed(&ctx, r)
            }
            Algorithm::AlphaBeta => {
                let r = exact(alphabeta::alphabeta(&mut ctx, root, depth, 0, -inf, inf));
                fixed(&ctx, r)
            }
            Algorithm::Bound => {
                let r = exact(bound::bound(&mut ctx, root, depth, 0, inf));
                fixed(&ctx, r)
            }
            Algorithm::FAlphaBeta => {
                let r = exact(falphabeta::falphabeta(&mut ctx, root, depth, 0, -inf, inf));
                fixed(&ctx, r)
            }
            Algorithm::LAlphaBeta => {
                let r = lalphabeta::lalphabeta(&mut ctx, root, depth, -inf, inf);
                fixed(&ctx, r)
            }
            Algorithm::PAlphaBeta => {
                let r = exact(palphabeta::palphabeta(&mut ctx, root, depth, 0));
                fixed(&ctx, r)
            }
            Algorithm::Sss | Algorithm::Mtdf { .. } => {
                let r = match *self {
                    Algorithm::Mtdf { guess } => {
                        let f = guess.map_or_else(|| root.evaluate(), Score);
                        mtdf::mtdf(&mut ctx, root, depth, f)
                    }
                    _ => sss::sss(&mut ctx, root, depth),
                };
                ctx.settle(r).map(|(value, pv)| {
                    let pv = mt_principal_line(&mut ctx, root, depth, value, pv);
                    Done {
                        value,
                        kind: ValueKind::Exact,
                        pv,
                        depth,
                        stopped: None,
                    }
                })
            }
            Algorithm::Staged { inner } => {
                let stage = |ctx: &mut Ctx<G>,
                             root: &G,
                             d: u32,
                             _: Option<&staged::Stage<G::Move>>| {
                    let r = match inner {
                        Inner::AlphaBeta => exact(alphabeta::alphabeta(ctx, root, d, 0, -inf, inf)),
                        Inner::LAlphaBeta => lalphabeta::lalphabeta(ctx, root, d, -inf, inf),
                        Inner::PAlphaBeta => exact(palphabeta::palphabeta(ctx, root, d, 0)),
                    };
                    ctx.settle(r)
                };
                run_stages(&mut ctx, root, depth, stage, &finish, report)
            }
            Algorithm::Aspiration { delta } => {
                let stage =
                    |ctx: &mut Ctx<G>, root: &G, d: u32, prev: Option<&staged::Stage<G::Move>>| {
                        let r = aspiration::aspiration_stage(ctx, root, d, prev, delta);
                        ctx.settle(r)
                    };
                run_stages(&mut ctx, root, depth, stage, &finish, report)
            }
        };
        // A complete result is only complete if no limit tripped in its last quiescence
        // search (staged iteration has settled each stage already).
        let done = match done {
            Ok(d) if d.stopped.is_none() => ctx.settle(Ok(d)),
            other => other,
        };
        let done = match done {
            Ok(d) => d,
            Err(Aborted(reason)) => Done {
                value: Score(0),
                kind: ValueKind::Unknown,
                // The memory-enhanced searches' partial root line is only the move with the
                // highest bound of an unfinished pass: no evidence of a good move.
                pv: if self.needs_tt() {
                    Vec::new()
                } else {
                    ctx.pv(0).to_vec()
                },
                depth: 0,
                stopped: Some(reason),
            },
        };
        finish(
            &ctx,
            done.value,
            done.kind,
            done.pv,
            done.depth,
            done.stopped,
        )
    }
}

/// The principal variation of a memory-enhanced search (MT-SSS*, MTD(f)) that found `value`.
///
/// Their last pass proves only the first move (`proved`); the table's moves below it may be
/// cutoff moves or mere upper bounds. An alpha-beta search with the window
/// `(value − 1, value + 1)` on the warm table puts the value strictly inside the window, so
/// every node on its principal line is exact and the line is right. Its nodes are not added
/// to the statistics (they count the algorithm, not the reporting); if a limit stops it, only
/// the proved first move is returned.
fn mt_principal_line<G: Game>(
    ctx: &mut Ctx<G>,
    root: &G,
    depth: u32,
    value: Score,
    proved: Vec<G::Move>,
) -> Vec<G::Move> {
    let counted = ctx.stats;
    let line = alphabeta::alphabeta(ctx, root, depth, 0, value - 1, value + 1);
    let line = ctx.settle(line);
    ctx.stats = counted;
    ctx.clear_pending();
    match line {
        Ok(v) if v == value && !ctx.pv(0).is_empty() => ctx.pv(0).to_vec(),
        _ => {
            let mut first = proved;
            first.truncate(1);
            first
        }
    }
}

/// What a search produced, before timing and statistics are attached.
struct Done<M> {
    value: Score,
    kind: ValueKind,
    pv: Vec<M>,
    depth: u32,
    stopped: Option<StopReason>,
}

/// Runs staged iteration with `stage`, reporting each completed stage through `finish`.
fn run_stages<G, F, Fin>(
    ctx: &mut Ctx<G>,
    root: &G,
    depth: u32,
    stage: F,
    finish: &Fin,
    report: Report<'_, G::Move>,
) -> Result<Done<G::Move>, Aborted>
where
    G: Game,
    F: FnMut(
        &mut Ctx<G>,
        &G,
        u32,
        Option<&staged::Stage<G::Move>>,
    ) -> Result<(Score, ValueKind), Aborted>,
    Fin: Fn(
        &Ctx<G>,
        Score,
        ValueKind,
        Vec<G::Move>,
        u32,
        Option<StopReason>,
    ) -> SearchOutcome<G::Move>,
{
    let mut on_stage = |s: &staged::Stage<G::Move>, ctx: &Ctx<G>| {
        report(&finish(ctx, s.value, s.kind, s.pv.clone(), s.depth, None));
    };
    staged::staged(ctx, root, depth, stage, &mut on_stage).map(|(s, aborted)| Done {
        value: s.value,
        kind: s.kind,
        pv: s.pv,
        depth: s.depth,
        stopped: aborted.map(|a| a.0),
    })
}
