//! The tour: what parallel search buys on this machine, in a few seconds. One checkers position
//! (bench position 6 of Chinook–Tinsley 1992 game 8, [`POSITION`]) searched with move
//! ordering:
//!
//! 1. by the best serial search with a table, to [`DEPTH`] — the baseline: the faster of the
//!    engine's `aspiration` and `abdada` on one thread (iterative deepening with its table at
//!    every node, on checkers 3–4 times fewer nodes than `aspiration`'s), both run;
//! 2. by `abdada`, the fastest shared-memory search here, on every core of the machine;
//! 3. by `tree-split` (Fishburn–Finkel 1980) as 3 processes on threads;
//! 4. by `tree-split` on the simulator at P = 1, 4, 16, 64 to the shallower [`SIM_DEPTH`]
//!    (simulating P processors takes one core P times the work), with the simulated speedup:
//!    the simulator's own, against the best serial search with the same options in virtual
//!    time under its default cost model (its `baseline`, never tree-split on one processor);
//!    its value is checked against the serial search's at the same depth.
//!
//! Real rows are timed once each (no rounds: `arachne speedup` measures properly), and the
//! speedup of a real row is the serial search's time over its own. Each row says whether its
//! value equals the serial search's at the same depth.
use crate::report::RunError;
use crate::request::SearchRequest;
use serde_json::Value;

/// The position.
pub const POSITION: &str = "checkers:bench=6";
/// The depth of the real rows.
pub const DEPTH: u32 = 15;
/// The depth of the simulated rows.
pub const SIM_DEPTH: u32 = 13;
/// Simulated processor counts.
pub const SIM_PROCS: [u32; 4] = [1, 4, 16, 64];

/// One row of the tour.
#[derive(Clone, Debug, PartialEq)]
pub struct TourRow {
    /// The search, as shown.
    pub search: String,
    /// The depth searched.
    pub depth: u32,
    /// Wall time, milliseconds (for a simulated row: the time the simulation took).
    pub time_ms: f64,
    /// Positions visited.
    pub nodes: u64,
    /// Speedup: against the serial search's time (real rows) or, in virtual time, the
    /// simulator's baseline (simulated rows).
    pub speedup: f64,
    /// Whether the speedup is simulated.
    pub simulated: bool,
    /// The value found.
    pub value: Option<i64>,
    /// Whether it equals the serial search's at the same depth.
    pub equal: bool,
}

impl TourRow {
    /// The row as a line of the table.
    pub fn text(&self) -> String {
        let time = if self.simulated {
            "simulated".to_string()
        } else {
            format!("{:.2} s", self.time_ms / 1e3)
        };
        format!(
            "{:<36} {:>5} {:>10} {:>13} {:>8} {:>6} {}",
            self.search,
            self.depth,
            time,
            crate::report::thousands(self.nodes),
            format!(
                "{:.2}{}",
                self.speedup,
                if self.simulated { "*" } else { "" }
            ),
            self.value.map_or("-".into(), |v| v.to_string()),
            if self.equal { "✔" } else { "✘" }
        )
    }
}

/// The table's header.
pub fn header() -> String {
    format!(
        "{:<36} {:>5} {:>10} {:>13} {:>8} {:>6} {}",
        "search", "depth", "time", "nodes", "speedup", "value", "equal"
    )
}

fn search(algo: &str, depth: u32, f: impl FnOnce(&mut SearchRequest)) -> Result<Value, RunError> {
    let mut r = SearchRequest::new(POSITION, algo);
    r.depth = Some(depth);
    r.ordering = true;
    f(&mut r);
    Ok(crate::run::search(&r)?.json)
}

fn figures(v: &Value) -> (f64, u64, Option<i64>) {
    (
        v["time_ms"].as_f64().unwrap_or(0.0),
        v["nodes"].as_u64().unwrap_or(0) + v["qnodes"].as_u64().unwrap_or(0),
        v["value"].as_i64(),
    )
}

/// The cores of this machine.
pub fn cores() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u32)
}

/// Runs the tour, calling `row` with each row as it is measured.
pub fn run(row: &mut dyn FnMut(&TourRow)) -> Result<Vec<TourRow>, RunError> {
    let mut rows = Vec::new();
    let mut push = |r: TourRow, rows: &mut Vec<TourRow>| {
        row(&r);
        rows.push(r);
    };
    let one_thread = |r: &mut SearchRequest| r.threads = Some(1);
    let asp = figures(&search("aspiration", DEPTH, |_| {})?);
    let abd = figures(&search("abdada", DEPTH, one_thread)?);
    let (name, (st, sn, sv)) = if abd.0 < asp.0 {
        ("abdada, 1 thread (fastest serial)", abd)
    } else {
        ("aspiration, serial (fastest serial)", asp)
    };
    push(
        TourRow {
            search: name.into(),
            depth: DEPTH,
            time_ms: st,
            nodes: sn,
            speedup: 1.0,
            simulated: false,
            value: sv,
            equal: true,
        },
        &mut rows,
    );
    let cores = cores();
    // (shown as, algorithm, threads, processes on threads)
    let real = [
        (
            format!("abdada, {cores} threads (all cores)"),
            "abdada",
            Some(cores),
            None,
        ),
        (
            "tree-split, 3 processes on threads".to_string(),
            "tree-split",
            None,
            Some(3),
        ),
    ];
    for (name, algo, threads, procs) in real {
        let (t, n, v) = figures(&search(algo, DEPTH, |r| {
            r.threads = threads;
            r.procs = procs;
            r.backend = procs.map(|_| "threads".to_string());
        })?);
        push(
            TourRow {
                search: name,
                depth: DEPTH,
                time_ms: t,
                nodes: n,
                speedup: if t > 0.0 { st / t } else { 0.0 },
                simulated: false,
                value: v,
                equal: v == sv,
            },
            &mut rows,
        );
    }
    let (_, _, sim_serial) = figures(&search("aspiration", SIM_DEPTH, |_| {})?);
    for p in SIM_PROCS {
        let v = search("tree-split", SIM_DEPTH, |r| r.procs = Some(p))?;
        let (t, n, value) = figures(&v);
        push(
            TourRow {
                search: format!("tree-split, P = {p} simulated"),
                depth: SIM_DEPTH,
                time_ms: t,
                nodes: n,
                speedup: v["speedup"].as_f64().unwrap_or(0.0),
                simulated: true,
                value,
                equal: value == sim_serial,
            },
            &mut rows,
        );
    }
    Ok(rows)
}

/// The lines after the table: what the columns mean and the commands to go further.
pub fn footer(rows: &[TourRow]) -> String {
    let sim_wall: f64 = rows.iter().filter(|r| r.simulated).map(|r| r.time_ms).sum();
    let serial_nodes = rows.first().map_or(0, |r| r.nodes);
    let fewer = rows
        .iter()
        .any(|r| !r.simulated && r.speedup > cores() as f64 && r.nodes < serial_nodes);
    let note = if fewer {
        "a speedup above the core count: that search visited fewer nodes than the serial one (see nodes)\n"
    } else {
        ""
    };
    format!(
        "speedup: real rows, the serial search's time over the row's (one run each, this machine{});\n\
         {note}\
         * simulated: the serial search's virtual time over the row's (the simulator's processors run the engine's\n\
         \x20 search, charged per node; the serial search is the fastest with the same options; one core, {:.1} s of wall time).\n\
         equal: the value is the serial search's at the same depth.\n\
         \n\
         Go further:\n\
         \x20 arachne speedup --game {POSITION} --depth {DEPTH} --ordering --algos abdada:threads={},tree-split:procs=3   # interleaved rounds, medians, spread\n\
         \x20 arachne bench                # the engine's node signature and speed, per game\n\
         \x20 arachne search --help        # any algorithm on any game or random tree\n",
        load_note(),
        sim_wall / 1e3,
        cores(),
    )
}

fn load_note() -> String {
    match crate::speedup::read_loadavg() {
        Some(l) if l[0] > crate::speedup::IDLE_LOAD => {
            format!(", not idle: 1-min load {:.2}", l[0])
        }
        _ => String::new(),
    }
}
