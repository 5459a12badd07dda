//! The engine's bench, in Stockfish's convention: a fixed set of positions per game searched
//! to a fixed depth with the engine's options. The total node count is the **signature** of a
//! build — any change in search behaviour (ordering, pruning, evaluation, move generation)
//! changes it — and nodes per second its speed.
//!
//! The sets ([`sets`]), each chosen so that one core searches it in a few seconds:
//!
//! | game | positions | depth | options |
//! |---|---|---|---|
//! | chess | Nunn's 10 first test positions (`data/nunn.epd`), full evaluation | 6 | ordering, quiescence, null move, check extension |
//! | checkers | the 10 bench positions of Chinook–Tinsley 1992 game 8 | 14 | ordering |
//! | othello | the start and five openings after 2 and 4 plies | 11 | ordering |
//! | connect4 | the start and five openings after 2 and 4 plies | 14 | ordering |
//!
//! The search is the engine's serial search, `aspiration`, unless another is given; with more
//! than one thread and no algorithm, `abdada`, the fastest shared-memory search here. Nodes are
//! every position the search visited, quiescence positions included. Each position is searched
//! with a fresh table, so the serial signature does not depend on the order of the positions
//! nor on what ran before; a search on several threads has no fixed signature (its nodes depend
//! on the schedule), and says so.
use crate::report::RunError;
use crate::request::SearchRequest;
use serde_json::{json, Value};

/// The engine's serial search.
pub const SERIAL: &str = "aspiration";
/// The search with several threads when none is named.
pub const SHARED: &str = "abdada";

/// One game's bench: its positions (game specs), the depth and the options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchSet {
    /// The game's name.
    pub game: &'static str,
    /// The positions, as game specs.
    pub positions: Vec<String>,
    /// The depth searched.
    pub depth: u32,
    /// Ordering, quiescence, null move and check extension (chess) or ordering alone.
    pub engine_options: bool,
}

/// The bench sets, in the order they run (see the module docs).
pub fn sets() -> Vec<BenchSet> {
    let openings = |game: &str, moves: &[&str]| -> Vec<String> {
        std::iter::once(game.to_string())
            .chain(moves.iter().map(|m| format!("{game}:moves={m}")))
            .collect()
    };
    vec![
        BenchSet {
            game: "chess",
            positions: (1..=10)
                .map(|n| format!("chess:eval=full,bench=nunn:{n}"))
                .collect(),
            depth: 6,
            engine_options: true,
        },
        BenchSet {
            game: "checkers",
            positions: (1..=10).map(|n| format!("checkers:bench={n}")).collect(),
            depth: 14,
            engine_options: false,
        },
        BenchSet {
            game: "othello",
            positions: openings(
                "othello",
                &["f5d6", "f5d6c3d3", "f5f6e6f4", "f5d6c5f4", "f5f4e3f6"],
            ),
            depth: 11,
            engine_options: false,
        },
        BenchSet {
            game: "connect4",
            positions: openings("connect4", &["44", "4453", "4444", "3435", "4142"]),
            depth: 14,
            engine_options: false,
        },
    ]
}

/// What to bench: the games (all by default), the search, the threads and the depth (each
/// set's own by default, or its own less `shallower` plies).
#[derive(Clone, Debug, Default)]
pub struct BenchRequest {
    /// Games to bench, by name; empty: every set.
    pub games: Vec<String>,
    /// The search (default [`SERIAL`], or [`SHARED`] with several threads).
    pub algo: Option<String>,
    /// Threads of a shared-memory search.
    pub threads: Option<u32>,
    /// A depth for every set instead of its own.
    pub depth: Option<u32>,
    /// Plies less than each set's depth (a quick bench).
    pub shallower: u32,
    /// Transposition table, MiB.
    pub hash: Option<usize>,
}

/// One position's result.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchRow {
    /// The game.
    pub game: &'static str,
    /// The position's spec.
    pub position: String,
    /// The depth searched.
    pub depth: u32,
    /// Positions visited (quiescence included).
    pub nodes: u64,
    /// Wall time, milliseconds.
    pub time_ms: f64,
    /// The search's JSON report (value, best move, line, …).
    pub report: Value,
}

/// A bench's result: the rows, the search, and whether its node count is a signature.
#[derive(Clone, Debug, PartialEq)]
pub struct Bench {
    /// The search, as reported.
    pub algo: String,
    /// Threads searched with.
    pub threads: u32,
    /// One row per position.
    pub rows: Vec<BenchRow>,
}

impl Bench {
    /// The total node count: the signature of a serial bench.
    pub fn signature(&self) -> u64 {
        self.rows.iter().map(|r| r.nodes).sum()
    }
    /// The total time, milliseconds.
    pub fn time_ms(&self) -> f64 {
        self.rows.iter().map(|r| r.time_ms).sum()
    }
    /// Nodes per second over the whole bench (0 for no time).
    pub fn nps(&self) -> f64 {
        let t = self.time_ms();
        if t > 0.0 {
            self.signature() as f64 / (t / 1e3)
        } else {
            0.0
        }
    }
    /// Whether the node count is the build's signature (a serial search: deterministic).
    pub fn is_signature(&self) -> bool {
        self.threads <= 1
    }
    /// The JSON object of `arachne bench --json`.
    pub fn json(&self) -> Value {
        json!({
            "algo": self.algo,
            "threads": self.threads,
            "positions": self.rows.iter().map(|r| json!({
                "game": r.game, "position": r.position, "depth": r.depth, "nodes": r.nodes,
                "time_ms": r.time_ms, "value": r.report["value"],
                "best_move": r.report["best_move"],
            })).collect::<Vec<_>>(),
            "nodes": self.signature(),
            "signature": self.is_signature().then_some(self.signature()),
            "time_ms": self.time_ms(),
            "nps": self.nps(),
        })
    }
}

/// Runs the bench `req`, calling `progress` after each position.
pub fn run(req: &BenchRequest, progress: &mut dyn FnMut(&BenchRow)) -> Result<Bench, RunError> {
    let all = sets();
    for g in &req.games {
        if !all.iter().any(|s| s.game == g) {
            return Err(RunError::usage(format!(
                "--game {g}: no bench for it (benches: {})",
                all.iter().map(|s| s.game).collect::<Vec<_>>().join(", ")
            )));
        }
    }
    let threads = req.threads.unwrap_or(1);
    let algo = req
        .algo
        .clone()
        .unwrap_or_else(|| if threads > 1 { SHARED } else { SERIAL }.to_string());
    let mut bench = Bench {
        algo: algo.clone(),
        threads,
        rows: Vec::new(),
    };
    for set in all
        .iter()
        .filter(|s| req.games.is_empty() || req.games.iter().any(|g| g == s.game))
    {
        let depth = req.depth.unwrap_or(set.depth);
        if req.shallower >= depth {
            return Err(RunError::usage(format!(
                "--quick takes {} plies from the {} bench's depth {depth}: nothing would be left",
                req.shallower, set.game
            )));
        }
        let depth = depth - req.shallower;
        for spec in &set.positions {
            let mut r = SearchRequest::new(spec, &algo);
            r.depth = Some(depth);
            r.threads = req.threads;
            r.hash = req.hash;
            r.ordering = true;
            if set.engine_options {
                r.quiescence = true;
                r.null_move = true;
                r.check_extension = true;
            }
            let report = crate::run::search(&r)?.json;
            let count = |k: &str| report[k].as_u64().unwrap_or(0);
            let row = BenchRow {
                game: set.game,
                position: spec.clone(),
                depth,
                nodes: count("nodes") + count("qnodes"),
                time_ms: report["time_ms"].as_f64().unwrap_or(0.0),
                report,
            };
            progress(&row);
            bench.rows.push(row);
        }
    }
    Ok(bench)
}
