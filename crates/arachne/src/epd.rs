//! EPD test suites: each position of a suite (WAC, LCT II, a file) searched at a time or a
//! depth per position, and checked against its `bm` (best moves) and `am` (moves to avoid)
//! operations.
//!
//! The contract:
//!
//! - **Suites** ([`load_suite`]): `wac`, `lct2` and `nunn` are the files of `data/` embedded in
//!   the binary; any other name is read as an EPD file. `bm` and `am` are SAN, parsed against
//!   the position by `arachne_games::epd`; a move that is not legal there is an error.
//! - **Searches** ([`parse_configs`]): each configuration is a thread count `T`, or `T:ALGO`.
//!   Without an algorithm one thread is the engine's serial search, `aspiration`, and more
//!   than one `abdada`, the engine's search on several threads. Every search has the engine's
//!   default chess options: the full evaluation, move ordering, quiescence, null move and
//!   check extension. The configurations are interleaved position by position (each position
//!   is searched by every configuration in turn), all in this process, each search with a
//!   fresh table.
//! - **Limits**: `time_ms` per position (iterative deepening to the deepest supported depth,
//!   stopped at the deadline; the move played is the last completed iteration's), or a depth.
//! - **Scoring** ([`solves`]): a position is solved when the move played is one of its `bm`
//!   moves (any move, when it has none) and none of its `am` moves. The time to solution is
//!   the time of the iteration from which the search's best move was a solving one to the end;
//!   it is reported for the solved positions.
use crate::report::RunError;
use crate::request::SearchRequest;
use arachne_core::Game;
use arachne_games::chess::bench;
use arachne_games::epd::{parse_epd, EpdRecord};
use arachne_games::{with_game, GameInfo, GameVisitor};
use serde_json::{json, Value};

/// The depth a timed search deepens to (the deadline stops it first).
pub const TIMED_DEPTH: u32 = 64;

/// The records of a suite: `wac`, `lct2`, `nunn` (embedded), or an EPD file's path.
pub fn load_suite(name: &str) -> Result<Vec<EpdRecord>, RunError> {
    let records = match name.to_ascii_lowercase().as_str() {
        "wac" => bench::wac(),
        "lct2" => bench::lct2(),
        "nunn" => bench::nunn(),
        _ => {
            let text = std::fs::read_to_string(name).map_err(|e| {
                RunError::usage(format!(
                    "{}: {e} (suites: wac, lct2, nunn, or an EPD file)",
                    arachne_core::parse::clip(name, 80)
                ))
            })?;
            parse_epd(&text).map_err(|e| {
                RunError::usage(format!("{}: {e}", arachne_core::parse::clip(name, 80)))
            })?
        }
    };
    if records.is_empty() {
        return Err(RunError::usage(format!(
            "{}: no positions",
            arachne_core::parse::clip(name, 80)
        )));
    }
    Ok(records)
}

/// The game spec of a record's position (full evaluation, the default).
pub fn spec(record: &EpdRecord) -> String {
    format!("chess:fen={}", record.position.fen())
}

/// A record's name: its `id`, or its number in the suite (1-based).
pub fn record_id(record: &EpdRecord, index: usize) -> String {
    record
        .id()
        .map_or_else(|| format!("#{}", index + 1), str::to_string)
}

/// One search of the suite: threads and the algorithm (`None`: the engine's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdConfig {
    /// Threads.
    pub threads: u32,
    /// The algorithm spec (`None`: `aspiration`, or `abdada` on several threads).
    pub algo: Option<String>,
}

impl EpdConfig {
    /// The algorithm searched with.
    pub fn algo(&self) -> String {
        self.algo.clone().unwrap_or_else(|| {
            if self.threads > 1 {
                crate::bench::SHARED
            } else {
                crate::bench::SERIAL
            }
            .to_string()
        })
    }
    /// `T` or `T:ALGO`, as given.
    pub fn label(&self) -> String {
        match &self.algo {
            Some(a) => format!("{}:{a}", self.threads),
            None => self.threads.to_string(),
        }
    }
}

/// Parses `1,2,2:ybwc`: thread counts, each with an optional algorithm.
pub fn parse_configs(text: &str) -> Result<Vec<EpdConfig>, RunError> {
    let mut v = Vec::new();
    for item in text.split(',').map(str::trim) {
        let (t, algo) = match item.split_once(':') {
            Some((t, a)) => (t, Some(a.trim().to_string())),
            None => (item, None),
        };
        let threads = match t.trim().parse::<u32>() {
            Ok(n) if (1..=crate::MAX_THREADS).contains(&n) => n,
            _ => {
                return Err(RunError::usage(format!(
                    "--threads: `{}` is not THREADS or THREADS:ALGO with THREADS in 1..={}",
                    arachne_core::parse::clip(item, 40),
                    crate::MAX_THREADS
                )))
            }
        };
        if let Some(a) = &algo {
            if crate::registry::family(a).is_none() {
                return Err(RunError::usage(crate::algo_error(&format!(
                    "unknown algorithm `{}` (known: )",
                    arachne_core::parse::clip(a, 40)
                ))));
            }
        }
        v.push(EpdConfig { threads, algo });
    }
    Ok(v)
}

/// What to run.
#[derive(Clone, Debug)]
pub struct EpdRequest {
    /// The suite ([`load_suite`]).
    pub suite: String,
    /// Milliseconds per position (or `depth`).
    pub time_ms: Option<u64>,
    /// Depth per position (or `time_ms`).
    pub depth: Option<u32>,
    /// The searches, interleaved position by position.
    pub configs: Vec<EpdConfig>,
    /// Only the first N positions.
    pub limit: Option<usize>,
    /// Transposition table, MiB.
    pub hash: Option<usize>,
}

/// Whether `played` solves a position with best moves `bm` and moves to avoid `am`.
pub fn solves(played: Option<&str>, bm: &[String], am: &[String]) -> bool {
    match played {
        None => false,
        Some(p) => (bm.is_empty() || bm.iter().any(|m| m == p)) && !am.iter().any(|m| m == p),
    }
}

/// One search of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The move played (UCI), `None` when none was found.
    pub played: Option<String>,
    /// Whether it solves the position.
    pub solved: bool,
    /// The depth completed.
    pub depth: Option<u32>,
    /// Positions visited (quiescence included).
    pub nodes: u64,
    /// The search's time, milliseconds.
    pub time_ms: f64,
    /// Time to solution (solved positions), milliseconds.
    pub solved_ms: Option<f64>,
}

/// One position of the suite: its name, expected moves and each configuration's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// `id` or number.
    pub id: String,
    /// `bm` moves as in the file (SAN).
    pub bm: Vec<String>,
    /// `am` moves as in the file (SAN).
    pub am: Vec<String>,
    /// `bm` in UCI.
    pub bm_uci: Vec<String>,
    /// `am` in UCI.
    pub am_uci: Vec<String>,
    /// One answer per configuration.
    pub answers: Vec<Answer>,
}

impl Position {
    /// The expected moves as text, SAN with UCI beside, e.g. `Qg6 (g3g6)` or
    /// `not Nxe5 (f3e5)`.
    pub fn expected(&self) -> String {
        let both = |san: &[String], uci: &[String]| -> String {
            format!("{} ({})", san.join(" "), uci.join(" "))
        };
        let mut s = String::new();
        if !self.bm.is_empty() {
            s = both(&self.bm, &self.bm_uci);
        }
        if !self.am.is_empty() {
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(&format!("not {}", both(&self.am, &self.am_uci)));
        }
        s
    }
}

/// A suite's result.
#[derive(Clone, Debug, PartialEq)]
pub struct EpdRun {
    /// The suite.
    pub suite: String,
    /// The searches.
    pub configs: Vec<EpdConfig>,
    /// Milliseconds per position, or the depth.
    pub time_ms: Option<u64>,
    /// The depth per position.
    pub depth: Option<u32>,
    /// The positions, in suite order.
    pub positions: Vec<Position>,
    /// The 1-minute load average before and after the suite (`None`: not readable).
    pub load: crate::speedup::Load,
}

impl EpdRun {
    /// Positions solved by configuration `c`.
    pub fn solved(&self, c: usize) -> usize {
        self.positions
            .iter()
            .filter(|p| p.answers[c].solved)
            .count()
    }
    /// Median time to solution over configuration `c`'s solved positions, ms.
    pub fn median_solved_ms(&self, c: usize) -> Option<f64> {
        let t: Vec<f64> = self
            .positions
            .iter()
            .filter_map(|p| p.answers[c].solved_ms)
            .collect();
        crate::speedup::median(&t)
    }
    fn limit_text(&self) -> String {
        match (self.time_ms, self.depth) {
            (Some(t), _) => format!("{t} ms per position"),
            (None, Some(d)) => format!("depth {d}"),
            (None, None) => String::new(),
        }
    }
    /// The text form: one line per configuration with its score, then the positions missed.
    pub fn text(&self) -> String {
        let mut s = format!(
            "suite      {} ({} positions), {}, the engine's options (full eval, ordering, quiescence, null move, check extension), searches interleaved per position in this process\n",
            self.suite,
            self.positions.len(),
            self.limit_text()
        );
        s.push_str(&format!("machine    {}\n", self.machine()));
        for (c, cfg) in self.configs.iter().enumerate() {
            s.push_str(&format!(
                "threads {:<8} {:<12} solved {}/{}{}\n",
                cfg.label(),
                cfg.algo(),
                self.solved(c),
                self.positions.len(),
                self.median_solved_ms(c).map_or(String::new(), |t| format!(
                    ", median time to solution {t:.0} ms"
                ))
            ));
            for p in self.positions.iter().filter(|p| !p.answers[c].solved) {
                s.push_str(&format!(
                    "  missed {:<16} expected {:<14} played {}\n",
                    p.id,
                    p.expected(),
                    p.answers[c].played.as_deref().unwrap_or("(none)")
                ));
            }
        }
        s
    }
    fn machine(&self) -> String {
        let idle = crate::speedup::is_idle(
            &self.load,
            self.configs.iter().map(|c| c.threads).max().unwrap_or(1),
        );
        let f = |l: Option<[f64; 3]>| l.map_or("-".to_string(), |l| format!("{:.2}", l[0]));
        format!(
            "{} (1-min load {} before, {} after)",
            crate::speedup::load_word(idle),
            f(self.load.before),
            f(self.load.after)
        )
    }
    /// The JSON object of `--json`.
    pub fn json(&self) -> Value {
        json!({
            "machine": self.machine(),
            "load_before": self.load.before,
            "load_after": self.load.after,
            "suite": self.suite,
            "time_ms": self.time_ms,
            "depth": self.depth,
            "total": self.positions.len(),
            "searches": self.configs.iter().enumerate().map(|(c, cfg)| json!({
                "threads": cfg.threads,
                "algo": cfg.algo(),
                "solved": self.solved(c),
                "median_solved_ms": self.median_solved_ms(c),
                "missed": self.positions.iter().filter(|p| !p.answers[c].solved).map(|p| json!({
                    "id": p.id, "expected": p.expected(), "played": p.answers[c].played,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "positions": self.positions.iter().map(|p| json!({
                "id": p.id, "bm": p.bm, "am": p.am, "bm_uci": p.bm_uci, "am_uci": p.am_uci,
                "answers": p.answers.iter().map(|a| json!({
                    "played": a.played, "solved": a.solved, "depth": a.depth,
                    "nodes": a.nodes, "time_ms": a.time_ms, "solved_ms": a.solved_ms,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })
    }
}

/// One search of a position, with the time to solution from the iterations' progress.
struct Solve<'a> {
    req: &'a SearchRequest,
    bm: &'a [String],
    am: &'a [String],
}

impl GameVisitor for Solve<'_> {
    type Output = Result<Answer, RunError>;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> Self::Output {
        let mut searcher = crate::build::<G>(self.req, &info)?;
        let mut since: Option<f64> = None;
        let out = searcher.search_with(&root, &self.req.limits_as_given(), &mut |o| {
            let name = o.best_move.map(|m| root.move_name(m));
            if solves(name.as_deref(), self.bm, self.am) {
                since.get_or_insert(o.elapsed.as_secs_f64() * 1e3);
            } else {
                since = None;
            }
        })?;
        let played = out.best_move.map(|m| root.move_name(m));
        let solved = solves(played.as_deref(), self.bm, self.am);
        let time_ms = out.elapsed.as_secs_f64() * 1e3;
        Ok(Answer {
            solved,
            solved_ms: solved.then(|| since.unwrap_or(time_ms)),
            played,
            depth: out.depth,
            nodes: out.stats.nodes() + out.stats.qnodes,
            time_ms,
        })
    }
}

/// Runs the suite, calling `progress` after each position with it and its number.
pub fn run(
    req: &EpdRequest,
    progress: &mut dyn FnMut(usize, &Position),
) -> Result<EpdRun, RunError> {
    if req.configs.is_empty() {
        return Err(RunError::usage("--threads: no search given"));
    }
    match (req.time_ms, req.depth) {
        (Some(0), _) => return Err(RunError::usage("--time-ms must be at least 1")),
        (None, None) => return Err(RunError::usage("give --time-ms or --depth")),
        (Some(_), Some(_)) => return Err(RunError::usage("give --time-ms or --depth, not both")),
        _ => {}
    }
    if req.limit == Some(0) {
        return Err(RunError::usage("--limit must be at least 1"));
    }
    let mut records = load_suite(&req.suite)?;
    if let Some(n) = req.limit {
        records.truncate(n);
    }
    let before = crate::speedup::read_loadavg();
    let mut positions = Vec::with_capacity(records.len());
    for (i, rec) in records.iter().enumerate() {
        let uci = |moves: &[<arachne_games::Chess as Game>::Move]| -> Vec<String> {
            moves.iter().map(|&m| rec.position.move_name(m)).collect()
        };
        let san = |op: &str| -> Vec<String> {
            rec.ops
                .iter()
                .filter(|(o, _)| o == op)
                .flat_map(|(_, v)| v.clone())
                .collect()
        };
        let (bm_uci, am_uci) = (uci(&rec.best_moves), uci(&rec.avoid_moves));
        let game = spec(rec);
        let mut answers = Vec::with_capacity(req.configs.len());
        for cfg in &req.configs {
            let mut r = SearchRequest::new(&game, &cfg.algo());
            r.threads = (cfg.threads > 1).then_some(cfg.threads);
            r.ordering = true;
            r.quiescence = true;
            r.null_move = true;
            r.check_extension = true;
            r.hash = req.hash;
            r.time_ms = req.time_ms;
            r.depth = Some(req.depth.unwrap_or(TIMED_DEPTH));
            let a = with_game(
                &game,
                Solve {
                    req: &r,
                    bm: &bm_uci,
                    am: &am_uci,
                },
            )
            .map_err(RunError::usage)??;
            answers.push(a);
        }
        let p = Position {
            id: record_id(rec, i),
            bm: san("bm"),
            am: san("am"),
            bm_uci,
            am_uci,
            answers,
        };
        progress(i, &p);
        positions.push(p);
    }
    Ok(EpdRun {
        suite: req.suite.clone(),
        configs: req.configs.clone(),
        time_ms: req.time_ms,
        depth: req.depth,
        positions,
        load: crate::speedup::Load {
            before,
            after: crate::speedup::read_loadavg(),
        },
    })
}
