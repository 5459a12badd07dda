//! Speedup on this machine: the time to the same depth of several searches against a
//! baseline search, on the same positions, measured in one run.
//!
//! The contract:
//!
//! - **Searches.** Each search is an algorithm spec with the keys `threads=`, `procs=` and
//!   `backend=` ([`parse_algos`]: `abdada:threads=2,tree-split:procs=3`), parsed once into an
//!   [`AlgoItem`]; a message-passing search without `backend=` runs on threads (real cores).
//!   Every search gets the same depth and search options.
//! - **Baseline.** By default the engine's serial search with the same options, `aspiration`,
//!   on real games, and `alphabeta` on the synthetic trees (where aspiration windows buy
//!   nothing; the trees are usually measured with `--preorder`, as the message-passing searches
//!   order the moves they farm out). It is named in every output; [`SpeedupRequest::baseline`]
//!   overrides it.
//! - **Method.** Rounds of runs interleaved position by position, baseline first: for each
//!   round, for each position, baseline, search 1, search 2, … (A B C A B C …), all in this
//!   process. Every run allocates a fresh transposition table (one search of
//!   [`crate::run::search`]), so no run sees another's entries. A run's time is the search's
//!   own `time_ms` (to its answer, table allocation excluded); the harness's own share of the
//!   wall time is reported beside it ([`Speedup::harness_overhead`]).
//! - **Figures per search** ([`summarise`]): a round's time is the sum over the positions; the
//!   ratio of a round is the baseline's time over the search's in that round; the speedup is
//!   the median of the per-round ratios, with their spread (min–max); also the median round
//!   time, the median round node count (quiescence positions included) and its overhead against
//!   the baseline's (`nodes / baseline nodes − 1`), and for message-passing searches on threads
//!   or MPI each process's busy share (busy / (busy + idle)), median over the runs; and the
//!   median round CPU time of this process, every thread's, around each whole run (its table
//!   and report too; [`process_cpu_ms`]): what a parallel search costs in cores beside what it
//!   saves in time (under `mpirun`, rank 0's share only).
//! - **Checks.** A search whose value on a position differs from the baseline's is reported as
//!   such ([`Status::ValueDiffers`]) and not timed — except with the null move, a selective
//!   pruning whose value depends on the windows and the order each search meets the positions
//!   in (two exact searches with it may differ): then every search is timed and its row counts
//!   the runs whose value differed ([`Row::differing`]); a search that refuses an option is reported
//!   with its one line ([`Status::Refused`]). The baseline refusing, an empty position list,
//!   zero rounds and an unknown algorithm are errors ([`RunError::is_usage`]).
//! - **Prediction** (`--predict`, [`SpeedupRequest::predict`]). After the rounds, each
//!   message-passing search measured on threads or MPI is run once more per position on the
//!   simulator with this machine's measured costs (`--cost measured`: the node and message
//!   costs calibrated on the position) and the same processor count: its predicted speedup is
//!   the positions' serial virtual times summed over their parallel virtual times (the
//!   simulator's serial time is its best serial search with the same options), shown beside
//!   the measured one with the relative difference. With `predict_procs` the simulator also
//!   runs P = 2, 4, 8, … up to it: the curve a bigger machine would give under the same costs.
//! - **Node budget** ([`SpeedupRequest::nodes`], `--nodes N`): every run of every search stops
//!   after N nodes on each position instead of at a depth — the measure for the best-first and
//!   Monte Carlo searches, whose time to a depth is not a fixed amount of work. The ratio is then
//!   the baseline's time for the budget over the search's (nodes per second, against the serial
//!   search's). Values are not compared: under a budget each search's value is its estimate.
//!   Without `--baseline` the baseline is the serial form of the first search's family
//!   (`rbfm` for the best-first searches, `mcts` for the Monte Carlo ones).
//! - **MPI** ([`run`]). A search with `backend=mpi` needs the command started by `mpirun -n R`
//!   (or `srun`) on a binary with MPI: every rank runs the same request. Rank 0 runs the whole
//!   measurement as above; before each MPI search it announces the run (position and search)
//!   on a control channel of its own (`arachne_runtime::mpi::open_control`), and every worker
//!   rank waits for the announcement, joins that search, and waits again — sleeping, so the
//!   serial and threads searches rank 0 times meanwhile have the cores — until the end is
//!   announced. Only rank 0 prints; the method line names the ranks.
//! - **Load.** `/proc/loadavg` is read before and after the run. The run is idle when the
//!   1-minute load before it is at most [`IDLE_LOAD`] and after it at most the most threads a
//!   search used plus [`IDLE_LOAD`] (see [`is_idle`]); otherwise every output says "not idle".
use crate::registry::{self, Family};
use crate::report::{thousands, RunError, RunResult};
use crate::request::SearchRequest;
use serde_json::{json, Value};
use std::time::Instant;

/// The most 1-minute load average a run counts as idle with. On a 2-core machine a load of
/// 0.5 is already another job holding a core a quarter of the time — a core the parallel
/// searches want — so the threshold is absolute, not per core.
pub const IDLE_LOAD: f64 = 0.5;

/// Rounds without `--rounds`.
pub const DEFAULT_ROUNDS: u32 = 3;

/// One search to measure: an algorithm spec with its own options, and the threads, processes
/// and backend it runs with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlgoItem {
    /// The item as given, e.g. `tree-split:procs=3`.
    pub label: String,
    /// The algorithm spec without the keys below, e.g. `tree-split` or `rbfm:grain=8`.
    pub algo: String,
    /// Threads of a shared-memory search (`threads=`).
    pub threads: Option<u32>,
    /// Processes of a message-passing search (`procs=`).
    pub procs: Option<u32>,
    /// `sim`, `threads` or `mpi` (`backend=`); a message-passing search runs on threads
    /// without it.
    pub backend: Option<String>,
}

impl AlgoItem {
    /// The item of a plain algorithm spec (no `threads=`, `procs=`, `backend=`).
    pub fn plain(algo: &str) -> Self {
        AlgoItem {
            label: algo.to_string(),
            algo: algo.to_string(),
            threads: None,
            procs: None,
            backend: None,
        }
    }

    /// The backend a run uses: as given, or `threads` for a message-passing search.
    pub fn backend(&self) -> Option<String> {
        self.backend
            .clone()
            .or_else(|| self.procs.map(|_| "threads".to_string()))
    }

    /// Threads or processes this search keeps busy at most.
    pub fn width(&self) -> u32 {
        self.threads.unwrap_or(1).max(self.procs.unwrap_or(1))
    }
}

/// Parses `abdada:threads=2,tree-split:procs=3,backend=threads,alphabeta`: a comma-separated
/// list whose items start with a name (`NAME` or `NAME:key=value`) and continue with
/// `key=value`. `threads=`, `procs=` and `backend=` become typed fields; the other keys stay
/// in the algorithm's spec, which its family parses when it runs. Unknown names, empty lists
/// and bad counts are refused with one line.
pub fn parse_algos(text: &str) -> Result<Vec<AlgoItem>, RunError> {
    let mut items: Vec<(Vec<&str>, AlgoItem)> = Vec::new();
    for token in text.split(',').map(str::trim) {
        if token.is_empty() {
            return Err(RunError::usage(format!(
                "--algos `{}`: an empty item",
                arachne_core::parse::clip(text, 60)
            )));
        }
        let (head, kv) = match token.split_once(':') {
            Some((name, kv)) => (Some(name), Some(kv)),
            None if !token.contains('=') => (Some(token), None),
            None => (None, Some(token)),
        };
        if let Some(name) = head {
            if registry::find(name).is_none() {
                return Err(RunError::usage(crate::algo_error(&format!(
                    "unknown algorithm `{}` (known: )",
                    arachne_core::parse::clip(name, 40)
                ))));
            }
            items.push((vec![], AlgoItem::plain(name.trim())));
        }
        let Some((tokens, item)) = items.last_mut() else {
            return Err(RunError::usage(format!(
                "--algos: `{}` comes before any algorithm's name",
                arachne_core::parse::clip(token, 40)
            )));
        };
        tokens.push(token);
        let Some(kv) = kv else { continue };
        let (k, v) = kv.split_once('=').ok_or_else(|| {
            RunError::usage(format!(
                "--algos: `{}` is not key=value",
                arachne_core::parse::clip(kv, 40)
            ))
        })?;
        let count = |max: u32| -> Result<u32, RunError> {
            match v.trim().parse::<u32>() {
                Ok(n) if (1..=max).contains(&n) => Ok(n),
                _ => Err(RunError::usage(format!(
                    "--algos: {k}=`{}` must be in 1..={max}",
                    arachne_core::parse::clip(v, 20)
                ))),
            }
        };
        match k.trim() {
            "threads" => item.threads = Some(count(crate::MAX_THREADS)?),
            "procs" => item.procs = Some(count(crate::MAX_PROCS)?),
            "backend" => item.backend = Some(v.trim().to_string()),
            _ => {
                let sep = if item.algo.contains(':') { ',' } else { ':' };
                item.algo = format!("{}{sep}{}", item.algo, kv.trim());
            }
        }
    }
    if items.is_empty() {
        return Err(RunError::usage("--algos: no search given"));
    }
    Ok(items
        .into_iter()
        .map(|(tokens, mut item)| {
            item.label = tokens.join(",");
            item
        })
        .collect())
}

/// What to measure.
#[derive(Clone, Debug)]
pub struct SpeedupRequest {
    /// The positions, as game specs.
    pub positions: Vec<String>,
    /// The depth (default: each game's, a synthetic tree's full depth).
    pub depth: Option<u32>,
    /// The searches measured.
    pub algos: Vec<AlgoItem>,
    /// The baseline (default: see [`default_baseline`]).
    pub baseline: Option<AlgoItem>,
    /// Rounds of interleaved runs (at least 1).
    pub rounds: u32,
    /// The search options every search gets: preorder, ordering, quiescence, null move,
    /// check extension and the table size (game and algorithm are not read).
    pub options: SearchRequest,
    /// Predict each message-passing search on the simulator (module docs, Prediction).
    pub predict: bool,
    /// With `predict`: the simulated curve up to this many processors (`None`: none).
    pub predict_procs: Option<u32>,
    /// A node budget per run instead of a depth (module docs, Node budget).
    pub nodes: Option<u64>,
}

impl SpeedupRequest {
    /// A request for `algos` on `positions` with default options and rounds.
    pub fn new(positions: Vec<String>, algos: Vec<AlgoItem>) -> Self {
        SpeedupRequest {
            positions,
            depth: None,
            algos,
            baseline: None,
            rounds: DEFAULT_ROUNDS,
            options: SearchRequest::new("", ""),
            predict: false,
            predict_procs: None,
            nodes: None,
        }
    }

    /// The search request of one run: `item` on `position` with this request's options.
    pub fn run_request(&self, item: &AlgoItem, position: &str) -> SearchRequest {
        let mut r = self.options.clone();
        r.game = position.to_string();
        r.algo = item.algo.clone();
        r.depth = self.depth;
        r.nodes = self.nodes;
        r.threads = item.threads;
        r.procs = item.procs;
        r.backend = item.backend();
        r
    }
}

/// Whether `spec` is a synthetic tree (`iid`, `incremental`, `ordered`): a game whose depth is
/// bounded.
pub fn is_tree(spec: &str) -> Result<bool, RunError> {
    struct Tree;
    impl arachne_games::GameVisitor for Tree {
        type Output = bool;
        fn visit<G: arachne_core::Game>(self, _: G, info: arachne_games::GameInfo) -> bool {
            info.max_depth.is_some()
        }
    }
    arachne_games::with_game(spec, Tree).map_err(RunError::usage)
}

/// The baseline without `--baseline`: `alphabeta` when the first position is a synthetic
/// tree, `aspiration` (the engine's serial search) otherwise.
pub fn default_baseline(first_position: &str) -> Result<AlgoItem, RunError> {
    Ok(AlgoItem::plain(if is_tree(first_position)? {
        "alphabeta"
    } else {
        "aspiration"
    }))
}

/// One run's figures, read from its report.
#[derive(Clone, Debug, PartialEq)]
pub struct RunFigures {
    /// The search's time, milliseconds.
    pub time_ms: f64,
    /// Positions visited, quiescence included.
    pub nodes: u64,
    /// The root value (`None`: stopped before one).
    pub value: Option<i64>,
    /// Each process's busy share, when the search reports busy and idle time.
    pub busy: Option<Vec<f64>>,
}

impl RunFigures {
    /// The figures of a search's JSON report.
    pub fn of_report(v: &Value) -> Self {
        let count = |k: &str| v[k].as_u64().unwrap_or(0);
        let busy = match (v["busy"].as_array(), v["idle"].as_array()) {
            (Some(b), Some(i)) => {
                let f = |a: &Vec<Value>| a.iter().filter_map(Value::as_f64).collect::<Vec<_>>();
                Some(busy_shares(&f(b), &f(i)))
            }
            _ => None,
        };
        RunFigures {
            time_ms: v["time_ms"].as_f64().unwrap_or(0.0),
            nodes: count("nodes") + count("qnodes"),
            value: v["value"].as_i64(),
            busy,
        }
    }
}

/// This process's CPU time, user and system, of every thread, in milliseconds
/// (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`); `None` where the platform gives none.
pub fn process_cpu_ms() -> Option<f64> {
    #[cfg(unix)]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid timespec for the call to write.
        let r = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
        (r == 0).then(|| t.tv_sec as f64 * 1e3 + t.tv_nsec as f64 / 1e6)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Each process's busy share, busy / (busy + idle) (0 for a process with neither).
pub fn busy_shares(busy: &[f64], idle: &[f64]) -> Vec<f64> {
    busy.iter()
        .zip(idle)
        .map(|(&b, &i)| if b + i > 0.0 { b / (b + i) } else { 0.0 })
        .collect()
}

/// The median of `xs` (the mean of the middle two for an even count); `None` when empty.
pub fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    })
}

/// The least and the greatest of `xs`; `None` when empty.
pub fn spread(xs: &[f64]) -> Option<(f64, f64)> {
    let min = xs.iter().copied().min_by(f64::total_cmp)?;
    let max = xs.iter().copied().max_by(f64::total_cmp)?;
    Some((min, max))
}

/// The per-round ratios: the baseline's time over the search's, round by round (a round the
/// search took no time in gives infinity).
pub fn round_ratios(baseline: &[f64], search: &[f64]) -> Vec<f64> {
    baseline
        .iter()
        .zip(search)
        .map(|(&b, &s)| if s > 0.0 { b / s } else { f64::INFINITY })
        .collect()
}

/// Node overhead against the baseline: `nodes / baseline − 1` (0.25 = 25 % more nodes);
/// `None` for a baseline without nodes.
pub fn overhead(nodes: f64, baseline: f64) -> Option<f64> {
    (baseline > 0.0).then(|| nodes / baseline - 1.0)
}

/// The median share of each process over runs (the runs with another number of processes
/// than the first are left out).
pub fn median_shares(runs: &[Vec<f64>]) -> Vec<f64> {
    let Some(first) = runs.first() else {
        return vec![];
    };
    let same: Vec<&Vec<f64>> = runs.iter().filter(|r| r.len() == first.len()).collect();
    (0..first.len())
        .filter_map(|i| median(&same.iter().map(|r| r[i]).collect::<Vec<_>>()))
        .collect()
}

/// A measured search's figures against the baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Median of the per-round ratios (baseline time / search time).
    pub speedup: f64,
    /// Least and greatest per-round ratio.
    pub spread: (f64, f64),
    /// Median round time (the positions' times summed), milliseconds.
    pub time_ms: f64,
    /// Median round node count.
    pub nodes: f64,
    /// Node overhead against the baseline's median round node count.
    pub overhead: Option<f64>,
    /// Median round CPU time of this process (every thread's, the whole run's: table and
    /// report too), milliseconds; `None` where it cannot be read.
    pub cpu_ms: Option<f64>,
}

/// The figures of a search whose round totals are `times` and `nodes`, against the baseline's
/// `base_times` and `base_nodes` (one entry per round); `None` without rounds.
pub fn summarise(
    base_times: &[f64],
    base_nodes: &[f64],
    times: &[f64],
    nodes: &[f64],
) -> Option<Summary> {
    let ratios = round_ratios(base_times, times);
    let n = median(nodes)?;
    Some(Summary {
        speedup: median(&ratios)?,
        spread: spread(&ratios)?,
        time_ms: median(times)?,
        nodes: n,
        overhead: median(base_nodes).and_then(|b| overhead(n, b)),
        cpu_ms: None,
    })
}

/// What became of a search.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Measured in every round.
    Measured(Summary),
    /// Its value differs from the baseline's on a position: not timed.
    ValueDiffers(String),
    /// It refused an option or the position: its one line.
    Refused(String),
}

/// One search's row.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The search.
    pub item: AlgoItem,
    /// Measured, or why not.
    pub status: Status,
    /// Each process's busy share, median over the runs (message-passing searches on threads
    /// or MPI).
    pub busy: Vec<f64>,
    /// The simulator's prediction (`--predict`; message-passing searches on threads or MPI).
    pub prediction: Option<Prediction>,
    /// With the null move: runs whose value differed from the baseline's (of `rounds ×
    /// positions`), timed all the same (module docs, Checks).
    pub differing: u32,
}

impl Row {
    /// The prediction in words: the simulated speedup, its difference from the measured one,
    /// and the curve.
    fn prediction_text(&self) -> String {
        let measured = match &self.status {
            Status::Measured(m) => m.speedup,
            _ => 0.0,
        };
        match &self.prediction {
            Some(
                p @ Prediction::Simulated {
                    speedup,
                    against,
                    curve,
                },
            ) => {
                let mut t = format!("{speedup:.2}");
                if let Some(a) = against {
                    t += &format!(" against {a}");
                }
                if let Some(e) = p.error(measured) {
                    t += &format!(" (measured {measured:.2}: {:+.0}%)", e * 100.0);
                }
                if !curve.is_empty() {
                    let pts: Vec<String> =
                        curve.iter().map(|(p, s)| format!("P={p} {s:.2}")).collect();
                    t += &format!("; {}", pts.join(", "));
                }
                t
            }
            Some(Prediction::Failed(w)) => format!("not predicted: {w}"),
            None => String::new(),
        }
    }
}

/// The simulator's prediction for a message-passing search (module docs, Prediction).
#[derive(Clone, Debug, PartialEq)]
pub enum Prediction {
    /// Simulated with this machine's measured costs.
    Simulated {
        /// The speedup at the measured search's processor count.
        speedup: f64,
        /// The simulator's serial search (its fastest with the same options; `None`: not
        /// named), which may not be the measured baseline.
        against: Option<String>,
        /// `(processors used, speedup)` for P = 2, 4, 8, … up to `predict_procs`.
        curve: Vec<(u32, f64)>,
    },
    /// The simulator refused the search or gave no times: its one line.
    Failed(String),
}

impl Prediction {
    /// The predicted speedup's difference from the measured `speedup`, relative to it.
    pub fn error(&self, measured: f64) -> Option<f64> {
        match self {
            Prediction::Simulated { speedup, .. } if measured > 0.0 => {
                Some(speedup / measured - 1.0)
            }
            _ => None,
        }
    }
}

/// The load average, 1, 5 and 15 minutes, read before and after the run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Load {
    /// Before the first run (`None`: not readable here).
    pub before: Option<[f64; 3]>,
    /// After the last run.
    pub after: Option<[f64; 3]>,
}

/// `/proc/loadavg`'s three averages; `None` where there is no such file.
pub fn read_loadavg() -> Option<[f64; 3]> {
    parse_loadavg(&std::fs::read_to_string("/proc/loadavg").ok()?)
}

/// The three averages of a `/proc/loadavg` line.
pub fn parse_loadavg(text: &str) -> Option<[f64; 3]> {
    let mut it = text.split_whitespace().map(|w| w.parse::<f64>().ok());
    Some([it.next()??, it.next()??, it.next()??])
}

/// Whether a run was on an idle machine: the 1-minute load before it at most [`IDLE_LOAD`],
/// and after it at most `width` (the most threads a search of the run kept busy, which the
/// run itself adds to the load) plus [`IDLE_LOAD`]. `None` when the load could not be read.
pub fn is_idle(load: &Load, width: u32) -> Option<bool> {
    let before = load.before?[0];
    let after = load.after.map_or(0.0, |a| a[0]);
    Some(before <= IDLE_LOAD && after <= width as f64 + IDLE_LOAD)
}

/// A measurement's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Speedup {
    /// The positions.
    pub positions: Vec<String>,
    /// The depth (`None`: each game's default).
    pub depth: Option<u32>,
    /// Rounds run.
    pub rounds: u32,
    /// The baseline and its figures.
    pub baseline: AlgoItem,
    /// The baseline's round times and node counts.
    pub baseline_rounds: Vec<(f64, f64)>,
    /// One row per search, in the order given.
    pub rows: Vec<Row>,
    /// The load average.
    pub load: Load,
    /// Whether the machine was idle (`None`: unknown).
    pub idle: Option<bool>,
    /// The run's wall time, milliseconds.
    pub wall_ms: f64,
    /// The searches' own times summed, milliseconds.
    pub searched_ms: f64,
    /// The search options, as flags (`--ordering --quiescence`).
    pub flags: String,
    /// The node budget of every run (`None`: to the depth).
    pub nodes_budget: Option<u64>,
    /// Under `mpirun`: the ranks the MPI searches ran on (module docs, MPI).
    pub ranks: Option<u32>,
    /// The baseline's median round CPU time (as [`Summary::cpu_ms`]).
    pub baseline_cpu_ms: Option<f64>,
}

/// The words every output carries about the load.
pub fn load_word(idle: Option<bool>) -> &'static str {
    match idle {
        Some(true) => "idle",
        Some(false) => "not idle",
        None => "load unknown",
    }
}

impl Speedup {
    /// The harness's share of the wall time: `1 − searched / wall`, what the searches' own
    /// times leave out (parsing positions, allocating and mapping tables, starting threads,
    /// re-deriving principal lines, rendering reports).
    pub fn harness_overhead(&self) -> f64 {
        if self.wall_ms > 0.0 {
            (1.0 - self.searched_ms / self.wall_ms).max(0.0)
        } else {
            0.0
        }
    }

    /// ` (value differed in k of n runs)` for a row with the null move's differing values.
    fn differing_text(&self, r: &Row) -> String {
        if r.differing == 0 {
            return String::new();
        }
        format!(
            "  (value differed in {} of {} runs: null move)",
            r.differing,
            self.rounds as usize * self.positions.len()
        )
    }

    fn base_median(&self) -> (f64, f64) {
        let t: Vec<f64> = self.baseline_rounds.iter().map(|r| r.0).collect();
        let n: Vec<f64> = self.baseline_rounds.iter().map(|r| r.1).collect();
        (median(&t).unwrap_or(0.0), median(&n).unwrap_or(0.0))
    }

    fn method(&self) -> String {
        let mpi = self.ranks.map_or(String::new(), |n| {
            format!(" (rank 0 of {n} MPI ranks; the others join each MPI search and sleep between them)")
        });
        format!(
            "{} round{} interleaved position by position (baseline first), in this process{mpi}, a fresh table for each run",
            self.rounds,
            if self.rounds == 1 { "" } else { "s" }
        )
    }

    fn load_text(&self) -> String {
        let f = |l: Option<[f64; 3]>| l.map_or("-".to_string(), |l| format!("{:.2}", l[0]));
        format!(
            "{} (1-min load {} before, {} after)",
            load_word(self.idle),
            f(self.load.before),
            f(self.load.after)
        )
    }

    /// The text table.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let mut line = |l: String| {
            s.push_str(&l);
            s.push('\n');
        };
        let depth = match (self.depth, self.nodes_budget) {
            (Some(d), _) => d.to_string(),
            (None, Some(_)) => "none (the node budget ends each run)".to_string(),
            (None, None) => "each game's default".to_string(),
        };
        line(format!(
            "positions  {} ({})",
            self.positions.len(),
            arachne_core::parse::clip(&self.positions.join(" "), 100)
        ));
        line(format!(
            "depth      {depth}{}",
            if self.flags.is_empty() {
                String::new()
            } else {
                format!(", {}", self.flags)
            }
        ));
        if let Some(n) = self.nodes_budget {
            line(format!(
                "budget     {} nodes a run (values not compared: each is the search's estimate)",
                thousands(n)
            ));
        }
        line(format!("baseline   {}", self.baseline.label));
        line(format!("method     {}", self.method()));
        line(format!("machine    {}", self.load_text()));
        line(String::new());
        // The search column: as wide as the longest label.
        let w = self
            .rows
            .iter()
            .map(|r| r.item.label.chars().count())
            .chain([self.baseline.label.chars().count() + 11, 34])
            .max()
            .unwrap_or(34);
        line(format!(
            "{:<w$} {:>7} {:>13} {:>11} {:>10} {:>14} {:>9}  busy %",
            "search", "speedup", "spread", "time ms", "cpu ms", "nodes", "overhead"
        ));
        let (bt, bn) = self.base_median();
        let cpu = |c: Option<f64>| c.map_or("-".to_string(), |c| format!("{c:.1}"));
        line(format!(
            "{:<w$} {:>7} {:>13} {:>11.1} {:>10} {:>14} {:>9}",
            format!("{} (baseline)", self.baseline.label),
            "1.00",
            "-",
            bt,
            cpu(self.baseline_cpu_ms),
            thousands(bn.round() as u64),
            "-"
        ));
        for r in &self.rows {
            match &r.status {
                Status::Measured(m) => line(format!(
                    "{:<w$} {:>7.2} {:>13} {:>11.1} {:>10} {:>14} {:>9}  {}",
                    r.item.label,
                    m.speedup,
                    format!("{:.2}–{:.2}", m.spread.0, m.spread.1),
                    m.time_ms,
                    cpu(m.cpu_ms),
                    thousands(m.nodes.round() as u64),
                    m.overhead
                        .map_or("-".into(), |o| format!("{:+.1}%", o * 100.0)),
                    r.busy
                        .iter()
                        .map(|b| format!("{:.0}", b * 100.0))
                        .collect::<Vec<_>>()
                        .join("/")
                        + &self.differing_text(r)
                )),
                Status::ValueDiffers(why) => {
                    line(format!("{:<w$} value differs: {why}", r.item.label))
                }
                Status::Refused(why) => line(format!("{:<w$} refused: {why}", r.item.label)),
            }
        }
        let predicted: Vec<&Row> = self
            .rows
            .iter()
            .filter(|r| r.prediction.is_some())
            .collect();
        if !predicted.is_empty() {
            line(String::new());
            line("predicted by the simulator with this machine's measured costs (--cost measured), against its best serial search:".into());
            for r in predicted {
                line(format!("{:<w$} {}", r.item.label, r.prediction_text()));
            }
        }
        line(String::new());
        line(format!(
            "speedup is the median over rounds of baseline time / search time (each round summed over the positions);\nwall time outside the searches' own times (tables, threads, principal lines, reports): {:.1}%{}",
            self.harness_overhead() * 100.0,
            if self.idle == Some(false) {
                "; NOT IDLE: other work shared the cores, the times are unreliable"
            } else {
                ""
            }
        ));
        s
    }

    /// The JSON object of `--json`.
    pub fn json(&self) -> Value {
        let (bt, bn) = self.base_median();
        json!({
            "positions": self.positions,
            "depth": self.depth,
            "nodes_budget": self.nodes_budget,
            "options": self.flags,
            "rounds": self.rounds,
            "method": self.method(),
            "ranks": self.ranks,
            "baseline": {"search": self.baseline.label, "algo": self.baseline.algo,
                         "time_ms": bt, "cpu_ms": self.baseline_cpu_ms, "nodes": bn,
                         "round_times_ms": self.baseline_rounds.iter().map(|r| r.0).collect::<Vec<_>>()},
            "searches": self.rows.iter().map(|r| {
                let mut v = json!({
                    "search": r.item.label, "algo": r.item.algo, "threads": r.item.threads,
                    "procs": r.item.procs, "backend": r.item.backend(),
                });
                match &r.status {
                    Status::Measured(m) => {
                        v["status"] = json!("measured");
                        v["speedup"] = json!(m.speedup);
                        v["spread"] = json!([m.spread.0, m.spread.1]);
                        v["time_ms"] = json!(m.time_ms);
                        v["cpu_ms"] = json!(m.cpu_ms);
                        v["nodes"] = json!(m.nodes);
                        v["node_overhead"] = json!(m.overhead);
                        if !r.busy.is_empty() {
                            v["busy"] = json!(r.busy);
                        }
                        v["value_differed"] = json!(r.differing);
                        match &r.prediction {
                            Some(p @ Prediction::Simulated { speedup, against, curve }) => {
                                v["predicted"] = json!(speedup);
                                v["predicted_against"] = json!(against);
                                v["predicted_error"] = json!(p.error(m.speedup));
                                v["predicted_curve"] = json!(curve.iter().map(|(p, s)| json!({"procs": p, "speedup": s})).collect::<Vec<_>>());
                            }
                            Some(Prediction::Failed(w)) => v["predicted_failed"] = json!(w),
                            None => {}
                        }
                    }
                    Status::ValueDiffers(w) => { v["status"] = json!("value differs"); v["why"] = json!(w); }
                    Status::Refused(w) => { v["status"] = json!("refused"); v["why"] = json!(w); }
                }
                v
            }).collect::<Vec<_>>(),
            "load_before": self.load.before,
            "load_after": self.load.after,
            "idle": self.idle,
            "machine": load_word(self.idle),
            "wall_ms": self.wall_ms,
            "harness_overhead": self.harness_overhead(),
        })
    }

    /// The CSV form: a header and one line per search, the baseline first; the `machine`
    /// column says `idle`, `not idle` or `load unknown` on every line.
    pub fn csv(&self) -> String {
        let q = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
        let mut s = String::from(
            "search,status,speedup,spread_min,spread_max,time_ms,cpu_ms,nodes,node_overhead,busy,predicted,machine\n",
        );
        let (bt, bn) = self.base_median();
        let m = load_word(self.idle);
        let cpu = |c: Option<f64>| c.map_or(String::new(), |c| format!("{c:.3}"));
        s.push_str(&format!(
            "{},baseline,1,1,1,{bt:.3},{},{bn:.0},0,,,{m}\n",
            q(&self.baseline.label),
            cpu(self.baseline_cpu_ms)
        ));
        for r in &self.rows {
            let busy = r
                .busy
                .iter()
                .map(|b| format!("{b:.3}"))
                .collect::<Vec<_>>()
                .join("/");
            let predicted = match &r.prediction {
                Some(Prediction::Simulated { speedup, .. }) => format!("{speedup:.4}"),
                _ => String::new(),
            };
            match &r.status {
                Status::Measured(x) => s.push_str(&format!(
                    "{},measured,{:.4},{:.4},{:.4},{:.3},{},{:.0},{},{busy},{predicted},{m}\n",
                    q(&r.item.label),
                    x.speedup,
                    x.spread.0,
                    x.spread.1,
                    x.time_ms,
                    cpu(x.cpu_ms),
                    x.nodes,
                    x.overhead.map_or(String::new(), |o| format!("{o:.4}")),
                )),
                Status::ValueDiffers(_) => s.push_str(&format!(
                    "{},value differs,,,,,,,,,,{m}\n",
                    q(&r.item.label)
                )),
                Status::Refused(_) => {
                    s.push_str(&format!("{},refused,,,,,,,,,,{m}\n", q(&r.item.label)))
                }
            }
        }
        s
    }
}

/// Progress after each round: the round just finished, the rounds, the wall time so far.
#[derive(Copy, Clone, Debug)]
pub struct RoundDone {
    /// Rounds finished.
    pub round: u32,
    /// Rounds in all.
    pub rounds: u32,
    /// Wall time so far, seconds.
    pub elapsed_s: f64,
}

impl RoundDone {
    /// Estimated seconds left (the mean round time so far times the rounds left).
    pub fn eta_s(&self) -> f64 {
        self.elapsed_s / self.round.max(1) as f64 * (self.rounds - self.round) as f64
    }
}

/// Runs `req` with [`crate::run::search`] and the load read from `/proc/loadavg`: the
/// figures, or `None` on a worker rank under `mpirun` (module docs, MPI).
pub fn run(
    req: &SpeedupRequest,
    progress: &mut dyn FnMut(RoundDone),
) -> Result<Option<Speedup>, RunError> {
    use arachne_runtime::mpi;
    let on_mpi = |item: &AlgoItem| item.backend().as_deref() == Some("mpi");
    let any_mpi = req.algos.iter().any(on_mpi) || req.baseline.as_ref().is_some_and(on_mpi);
    if !any_mpi || !mpi::available() {
        // Without an MPI transport each MPI search refuses with its own line.
        return run_with(req, &mut crate::run::search, &mut read_loadavg, progress).map(Some);
    }
    let world = mpi::open_control().map_err(|e| RunError::failed(format!("MPI: {e}")))?;
    if world.rank != 0 {
        // Rank 0 reports every error, this rank's too (it runs the same command).
        let _ = serve(req);
        mpi::finalize();
        return Ok(None);
    }
    let all = searches(req);
    let mut search = |r: &SearchRequest| -> RunResult {
        if r.backend.as_deref() == Some("mpi") {
            let run = run_index(req, all.as_ref().ok(), r);
            mpi::announce(&run).map_err(|e| RunError::failed(format!("MPI: {e}")))?;
        }
        crate::run::search_unfinished(r)
    };
    let result = run_with(req, &mut search, &mut read_loadavg, progress);
    let ended = mpi::announce(&[]);
    mpi::finalize();
    let mut s = result?;
    ended.map_err(|e| RunError::failed(format!("MPI: {e}")))?;
    s.ranks = Some(world.size as u32);
    Ok(Some(s))
}

/// The baseline and the searches of `req`, in the order [`run_with`] numbers them.
fn searches(req: &SpeedupRequest) -> Result<Vec<AlgoItem>, RunError> {
    Ok(std::iter::once(baseline(req)?)
        .chain(req.algos.iter().cloned())
        .collect())
}

/// The baseline of `req`: as given, or the default for its positions (or its node budget's
/// family).
fn baseline(req: &SpeedupRequest) -> Result<AlgoItem, RunError> {
    let first = req
        .positions
        .first()
        .ok_or_else(|| RunError::usage("no positions to search"))?;
    let budget_family = req
        .nodes
        .and_then(|_| registry::family(&req.algos.first()?.algo));
    Ok(match (&req.baseline, budget_family) {
        (Some(b), _) => b.clone(),
        (None, Some(Family::BestFirst)) => AlgoItem::plain("rbfm"),
        (None, Some(Family::Mcts)) => AlgoItem::plain("mcts"),
        (None, _) => default_baseline(first)?,
    })
}

/// The announcement of the MPI run `r`: its position's and its search's indices (varints).
fn run_index(req: &SpeedupRequest, all: Option<&Vec<AlgoItem>>, r: &SearchRequest) -> Vec<u8> {
    let p = req.positions.iter().position(|x| *x == r.game);
    let s = all.and_then(|all| {
        all.iter().position(|item| {
            (&item.algo, item.threads, item.procs, item.backend())
                == (&r.algo, r.threads, r.procs, r.backend.clone())
        })
    });
    let mut bytes = Vec::new();
    for i in [p, s] {
        arachne_runtime::wire::put_varint(&mut bytes, i.expect("a run of the request") as u64);
    }
    bytes
}

/// A worker rank's side of [`run`]: each MPI run rank 0 announces, run on this rank (its
/// report unprinted: rank 0 reports), until the empty announcement, the end.
fn serve(req: &SpeedupRequest) -> Result<(), RunError> {
    use arachne_runtime::mpi;
    let all = searches(req)?;
    loop {
        let bytes = mpi::next_announcement().map_err(|e| RunError::failed(format!("MPI: {e}")))?;
        if bytes.is_empty() {
            return Ok(());
        }
        let mut r = arachne_runtime::wire::Reader::new(&bytes);
        let mut next = || r.varint().map(|v| v as usize).unwrap_or(usize::MAX);
        let (p, s) = (next(), next());
        let (Some(pos), Some(item)) = (req.positions.get(p), all.get(s)) else {
            return Err(RunError::failed(
                "MPI: an announcement of no run of this request",
            ));
        };
        let _ = crate::run::search_unfinished(&req.run_request(item, pos));
    }
}

/// Runs `req` with `search` for each run and `load` for the load average (stubs in tests).
pub fn run_with(
    req: &SpeedupRequest,
    search: &mut dyn FnMut(&SearchRequest) -> RunResult,
    load: &mut dyn FnMut() -> Option<[f64; 3]>,
    progress: &mut dyn FnMut(RoundDone),
) -> Result<Speedup, RunError> {
    if req.positions.is_empty() {
        return Err(RunError::usage("no positions to search"));
    }
    if req.rounds == 0 {
        return Err(RunError::usage("--rounds must be at least 1"));
    }
    if req.algos.is_empty() {
        return Err(RunError::usage("--algos: no search given"));
    }
    if req.nodes == Some(0) {
        return Err(RunError::usage("--nodes must be at least 1"));
    }
    let baseline = baseline(req)?;
    for item in std::iter::once(&baseline).chain(&req.algos) {
        if registry::family(&item.algo).is_none() {
            return Err(RunError::usage(crate::algo_error(&format!(
                "unknown algorithm `{}` (known: )",
                arachne_core::parse::clip(&item.algo, 40)
            ))));
        }
    }
    let all: Vec<&AlgoItem> = std::iter::once(&baseline).chain(&req.algos).collect();
    let (np, nr, ns) = (req.positions.len(), req.rounds as usize, all.len());
    // times[s][r], nodes[s][r]: sums over the positions; busy[s]: one entry per run.
    let mut times = vec![vec![0.0; nr]; ns];
    let mut nodes = vec![vec![0.0; nr]; ns];
    let mut cpu: Vec<Option<Vec<f64>>> = vec![Some(vec![0.0; nr]); ns];
    let mut busy: Vec<Vec<Vec<f64>>> = vec![vec![]; ns];
    let mut status: Vec<Option<Status>> = vec![None; ns];
    let mut base_values: Vec<Option<i64>> = vec![None; np];
    let mut differing = vec![0u32; ns];
    let mut searched_ms = 0.0;
    let before = load();
    let start = Instant::now();
    for r in 0..nr {
        for (p, pos) in req.positions.iter().enumerate() {
            for (s, item) in all.iter().enumerate() {
                if status[s].is_some() {
                    continue;
                }
                let cpu_before = process_cpu_ms();
                let result = search(&req.run_request(item, pos));
                let cpu_ms = cpu_before.zip(process_cpu_ms()).map(|(a, b)| b - a);
                let report = match result {
                    Ok(rep) => rep,
                    Err(e) if e.is_usage() && s == 0 => {
                        return Err(e.map_message(|m| {
                            format!("the baseline `{}` on {pos}: {m}", item.label)
                        }))
                    }
                    Err(e) if e.is_usage() => {
                        status[s] = Some(Status::Refused(e.message().to_string()));
                        continue;
                    }
                    Err(e) => return Err(e),
                };
                let f = RunFigures::of_report(&report.json);
                searched_ms += f.time_ms;
                if req.nodes.is_some() {
                    // A budget: each value is the search's estimate (module docs).
                } else if s == 0 {
                    if f.value.is_none() {
                        return Err(RunError::usage(format!(
                            "the baseline `{}` on {pos} stopped before a value",
                            item.label
                        )));
                    }
                    base_values[p] = f.value;
                } else if f.value != base_values[p] && req.options.null_move && f.value.is_some() {
                    differing[s] += 1;
                } else if f.value != base_values[p] {
                    let v = |x: Option<i64>| x.map_or("none".to_string(), |x| x.to_string());
                    status[s] = Some(Status::ValueDiffers(format!(
                        "{} on {pos} against the baseline's {}",
                        v(f.value),
                        v(base_values[p])
                    )));
                    continue;
                }
                times[s][r] += f.time_ms;
                nodes[s][r] += f.nodes as f64;
                match (&mut cpu[s], cpu_ms) {
                    (Some(c), Some(ms)) => c[r] += ms,
                    (c, _) => *c = None,
                }
                if let Some(b) = f.busy {
                    busy[s].push(b);
                }
            }
        }
        progress(RoundDone {
            round: r as u32 + 1,
            rounds: req.rounds,
            elapsed_s: start.elapsed().as_secs_f64(),
        });
    }
    let wall_ms = start.elapsed().as_secs_f64() * 1e3;
    let after = load();
    let mut rows: Vec<Row> = (1..ns)
        .map(|s| Row {
            item: all[s].clone(),
            status: status[s].clone().unwrap_or_else(|| {
                let mut m = summarise(&times[0], &nodes[0], &times[s], &nodes[s])
                    .expect("at least one round");
                m.cpu_ms = cpu[s].as_deref().and_then(median);
                Status::Measured(m)
            }),
            busy: median_shares(&busy[s]),
            prediction: None,
            differing: differing[s],
        })
        .collect();
    if req.predict {
        for row in &mut rows {
            let real = row.item.backend().is_some_and(|b| b != "sim");
            if matches!(row.status, Status::Measured(_)) && is_message_passing(&row.item) && real {
                row.prediction = Some(predict(req, &row.item, search)?);
            }
        }
    }
    let o = &req.options;
    let flags = [
        ("--preorder", o.preorder),
        ("--ordering", o.ordering),
        ("--quiescence", o.quiescence),
        ("--null-move", o.null_move),
        ("--check-extension", o.check_extension),
    ]
    .iter()
    .filter(|f| f.1)
    .map(|f| f.0)
    .collect::<Vec<_>>()
    .join(" ");
    let load = Load { before, after };
    let width = all.iter().map(|a| a.width()).max().unwrap_or(1);
    Ok(Speedup {
        positions: req.positions.clone(),
        depth: req.depth,
        rounds: req.rounds,
        baseline: baseline.clone(),
        baseline_rounds: times[0].iter().copied().zip(nodes[0].clone()).collect(),
        baseline_cpu_ms: cpu[0].as_deref().and_then(median),
        rows,
        idle: is_idle(&load, width),
        load,
        wall_ms,
        searched_ms,
        flags,
        nodes_budget: req.nodes,
        ranks: None,
    })
}

/// A simulated speedup: the processors used, the speedup, the simulator's serial search.
type Simulated = (u32, f64, Option<String>);

/// The simulated speedup of `item` on every position at `procs` processors with this
/// machine's measured costs, or the simulator's one line.
fn simulate(
    req: &SpeedupRequest,
    item: &AlgoItem,
    procs: Option<u32>,
    search: &mut dyn FnMut(&SearchRequest) -> RunResult,
) -> Result<Result<Simulated, String>, RunError> {
    let (mut serial, mut parallel, mut used) = (0.0, 0.0, 0);
    let mut against: Option<String> = None;
    for pos in &req.positions {
        let mut r = req.run_request(item, pos);
        r.backend = Some("sim".into());
        r.cost = Some("measured".into());
        r.procs = procs;
        let v = match search(&r) {
            Ok(rep) => rep.json,
            Err(e) if e.is_usage() => return Ok(Err(e.message().to_string())),
            Err(e) => return Err(e),
        };
        let (Some(s), Some(p)) = (
            v["serial_virtual_time"].as_f64(),
            v["virtual_time"].as_f64(),
        ) else {
            return Ok(Err(format!("no simulated times on {pos}")));
        };
        serial += s;
        parallel += p;
        used = used.max(v["procs"].as_u64().unwrap_or(0) as u32);
        // The positions' serial searches, named once ("a/b" when they differ).
        if let Some(b) = v["baseline"].as_str() {
            match &mut against {
                Some(a) if a.split('/').any(|x| x == b) => {}
                Some(a) => *a = format!("{a}/{b}"),
                None => against = Some(b.to_string()),
            }
        }
    }
    let speedup = if parallel > 0.0 {
        serial / parallel
    } else {
        0.0
    };
    Ok(Ok((used, speedup, against)))
}

/// The simulator's prediction for `item` (module docs, Prediction).
fn predict(
    req: &SpeedupRequest,
    item: &AlgoItem,
    search: &mut dyn FnMut(&SearchRequest) -> RunResult,
) -> Result<Prediction, RunError> {
    let (speedup, against) = match simulate(req, item, item.procs, search)? {
        Ok((_, s, a)) => (s, a),
        Err(m) => return Ok(Prediction::Failed(m)),
    };
    let mut curve = Vec::new();
    let top = req.predict_procs.unwrap_or(0);
    let mut p = 2;
    while p <= top {
        match simulate(req, item, Some(p), search)? {
            Ok((used, s, _)) => curve.push((used, s)),
            Err(m) => return Ok(Prediction::Failed(format!("--procs {p}: {m}"))),
        }
        p = p.saturating_mul(2);
    }
    Ok(Prediction::Simulated {
        speedup,
        against,
        curve,
    })
}

/// Whether the family of `item` is message-passing (its rows carry busy shares).
pub fn is_message_passing(item: &AlgoItem) -> bool {
    registry::family(&item.algo) == Some(Family::MessagePassing)
}
