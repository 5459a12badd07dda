//! The extension module `arachne._arachne` of the Python package `arachne` (package code,
//! docstrings and type stubs in `/python/arachne`), on the library crates — no command line
//! is parsed anywhere:
//!
//! * `search`: keyword arguments become the fields of an [`arachne::SearchRequest`]
//!   (`args::request`, which refuses an unknown keyword or a value of the wrong type or out
//!   of range with one line naming it), [`arachne::run::search`] runs it, and the report's
//!   JSON object comes back as a Python dict built from the [`serde_json::Value`]
//!   (`value::to_py`); `search_python` does the same on a game written in Python (module
//!   `pygame`, which says why this is sound) through [`arachne::run::search_on`].
//! * `nbp`: [`arachne_analysis::request::run`]; `experiment`: [`arachne_experiments::checked`]
//!   and [`arachne_experiments::run_and_write`].
//! * `PyGame` (`arachne.Game`): a built-in game or tree from its spec, with its moves in the
//!   command line's notation.
//!
//! Bad input raises `ValueError` with the library's one-line message; a failure while
//! running, `RuntimeError`. The GIL is released while a request runs (on a worker thread);
//! the calling thread polls Python's signal handlers and on `KeyboardInterrupt` sets the
//! request's stop flag, so that a search stops and reports what it has, as Ctrl-C does in the
//! binary.
use arachne::RunError;
use arachne_core::{Game, StopFlag};
use arachne_games::{with_game, GameInfo, GameVisitor};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;
use std::any::Any;
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

mod args;
mod pygame;
mod value;

/// How often the calling thread looks for a signal while a request runs.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// Stack of the thread that runs a request: the binary's main thread has 8 MiB; deep searches
/// recurse once per ply.
const WORKER_STACK: usize = 64 << 20;

/// A request, as its worker thread runs it.
type Job = Box<dyn FnOnce() + Send>;

/// The worker threads waiting for a request, each with a [`WORKER_STACK`] stack: a request
/// takes one, or starts one when none waits, and gives it back once it has answered. So a call
/// starts no thread (and maps no stack) after the first, and concurrent calls from several
/// Python threads each get their own worker.
static IDLE: Mutex<Vec<mpsc::Sender<Job>>> = Mutex::new(Vec::new());

/// An idle worker, or a new one.
fn worker() -> PyResult<mpsc::Sender<Job>> {
    if let Some(w) = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop() {
        return Ok(w);
    }
    let (tx, jobs) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("arachne-py".into())
        .stack_size(WORKER_STACK)
        .spawn(move || {
            for job in jobs {
                job();
            }
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    Ok(tx)
}

fn to_py_err(e: RunError) -> PyErr {
    if e.is_usage() {
        PyValueError::new_err(e.message().to_string())
    } else {
        PyRuntimeError::new_err(e.message().to_string())
    }
}

/// Runs `f` on a worker thread ([`worker`]) with the GIL released, polling Python's signal handlers
/// meanwhile. On `KeyboardInterrupt`, `stop` is set and `f`'s result (the partial one) still
/// awaited; the function returns it with `interrupted = true`. Another exception raised by a
/// signal handler also stops `f`, and is raised once `f` has returned.
fn run_interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: &StopFlag,
    f: impl FnOnce() -> T + Send + 'static,
) -> PyResult<(T, bool)> {
    let (tx, rx) = mpsc::channel();
    let w = worker()?;
    // A panic drops `tx` unsent (the request's error below) and leaves the worker waiting
    // for the next request.
    let job: Job = Box::new(move || {
        if let Ok(v) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
            let _ = tx.send(v);
        }
    });
    w.send(job)
        .map_err(|_| PyRuntimeError::new_err("the worker thread is gone"))?;
    let (out, raised) = py.detach(move || {
        let mut raised: Option<PyErr> = None;
        loop {
            match rx.recv_timeout(SIGNAL_POLL) {
                Ok(v) => return (Some(v), raised),
                Err(mpsc::RecvTimeoutError::Disconnected) => return (None, raised),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if raised.is_none() {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            stop.stop();
                            raised = Some(e);
                        }
                    }
                }
            }
        }
    });
    IDLE.lock().unwrap_or_else(|e| e.into_inner()).push(w);
    let out = out.ok_or_else(|| PyRuntimeError::new_err("the request panicked"))?;
    match raised {
        None => Ok((out, false)),
        Some(e) if e.is_instance_of::<PyKeyboardInterrupt>(py) => Ok((out, true)),
        Some(e) => Err(e),
    }
}

/// `(interrupted, object)`: the JSON object `out` as Python objects, or its error raised.
fn answer(
    py: Python<'_>,
    out: Result<Value, RunError>,
    interrupted: bool,
) -> PyResult<(bool, Py<PyAny>)> {
    let v = out.map_err(to_py_err)?;
    Ok((interrupted, value::to_py(py, &v)?))
}

/// Searches the built-in game `game` (a spec) with `algo`; `options` are `search`'s keyword
/// arguments ([`args::request`]). Returns `(interrupted, report)`: the report's JSON object
/// as a dict, and whether Ctrl-C stopped the search (the report is then the partial result).
#[pyfunction]
#[pyo3(signature = (game, algo, options=None))]
fn search(
    py: Python<'_>,
    game: &str,
    algo: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(bool, Py<PyAny>)> {
    let req = args::request(game, algo, options)?;
    let stop = req.stop.clone();
    let (out, interrupted) = run_interruptible(py, &stop, move || {
        arachne::run::search(&req).map(|r| r.json)
    })?;
    answer(py, out, interrupted)
}

/// Searches `game`, a game written in Python (see the module `pygame`), with `algo` and
/// `options` as [`search`] does, through [`arachne::run::search_on`] (which refuses the
/// forms on threads with one line). An exception raised by one of the game's methods stops
/// the search and is raised here.
#[pyfunction]
#[pyo3(signature = (game, algo, options=None))]
fn search_python(
    py: Python<'_>,
    game: Py<PyAny>,
    algo: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(bool, Py<PyAny>)> {
    let type_name = game.bind(py).get_type().name()?.to_string();
    let req = args::request("", algo, options)?;
    let stop = req.stop.clone();
    let (root, shared) = pygame::PyPosition::root(py, game, stop.clone())?;
    let info = GameInfo {
        name: "python",
        spec: format!("python:{type_name}"),
        max_depth: None,
        default_depth: 0,
    };
    let (out, interrupted) = run_interruptible(py, &stop, move || {
        arachne::run::search_on(&req, root, info).map(|r| r.json)
    })?;
    let raised = shared
        .error
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take();
    if let Some(e) = raised {
        return Err(e);
    }
    answer(py, out, interrupted)
}

/// Alpha-beta's expected bottom positions on Fuller's tree of branching `n` and depth `d`:
/// the exact fraction (`exact`) or Monte Carlo on `trials` trees from `seed`; `options`:
/// `range`, `model`, `force` ([`args::nbp_request`]). Returns the JSON object of
/// `arachne analyze nbp --json` as a dict.
#[pyfunction]
#[pyo3(signature = (n, d, exact, trials, seed, options=None))]
fn nbp(
    py: Python<'_>,
    n: &Bound<'_, PyAny>,
    d: &Bound<'_, PyAny>,
    exact: bool,
    trials: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let req = args::nbp_request(n, d, exact, trials, seed, options)?;
    let stop = StopFlag::new();
    let (out, interrupted) = run_interruptible(py, &stop, move || {
        arachne_analysis::request::run(&req)
            .map(|r| r.json)
            .map_err(RunError::usage)
    })?;
    if interrupted {
        return Err(PyKeyboardInterrupt::new_err(()));
    }
    answer(py, out, false).map(|(_, v)| v)
}

/// Runs the experiment `name` into the directory `out`: quick or full, from `seed`, with the
/// sizes `sizes` ([`args::experiment_options`]). Checked first
/// ([`arachne_experiments::checked`]); returns the JSON object of `arachne experiment
/// --json` as a dict.
#[pyfunction]
#[pyo3(signature = (name, quick, out, seed, sizes=None))]
fn experiment(
    py: Python<'_>,
    name: String,
    quick: bool,
    out: std::path::PathBuf,
    seed: &Bound<'_, PyAny>,
    sizes: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let opts = args::experiment_options(quick, out, seed, sizes)?;
    let e = arachne_experiments::checked(&name, &opts).map_err(PyValueError::new_err)?;
    let stop = StopFlag::new();
    let (out, interrupted) = run_interruptible(py, &stop, move || {
        let (report, files) =
            arachne_experiments::run_and_write(e, &opts).map_err(RunError::failed)?;
        arachne_experiments::report_json(&report, &files).map_err(RunError::failed)
    })?;
    if interrupted {
        return Err(PyKeyboardInterrupt::new_err(()));
    }
    answer(py, out, false).map(|(_, v)| v)
}

/// For `python/benchmarks/overhead.py`: runs the search `search(game, algo, **options)`
/// `repeat` times in Rust alone (on this thread, the GIL released, no Python between the
/// calls) and returns the seconds each run took, the JSON object included — the Rust side of
/// the package's overhead.
#[pyfunction]
#[pyo3(signature = (game, algo, repeat, options=None))]
fn _bench_search(
    py: Python<'_>,
    game: &str,
    algo: &str,
    repeat: u32,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<f64>> {
    let req = args::request(game, algo, options)?;
    py.detach(move || {
        (0..repeat)
            .map(|_| {
                let t = std::time::Instant::now();
                arachne::run::search(&req).map_err(to_py_err)?;
                Ok(t.elapsed().as_secs_f64())
            })
            .collect()
    })
}

/// A position of any built-in game, behind one interface.
trait Position: Send + Sync {
    fn moves(&self) -> Vec<String>;
    fn play(&self, name: &str) -> Option<Arc<dyn Position>>;
    fn evaluate(&self) -> i32;
    fn is_terminal(&self) -> bool;
    fn perft(&self, depth: u32) -> Result<u64, String>;
    fn display(&self) -> Option<String>;
    fn fen(&self) -> Option<String>;
    fn info(&self) -> &GameInfo;
    fn played(&self) -> &[String];
}

struct Pos<G: Game> {
    game: G,
    info: Arc<GameInfo>,
    played: Vec<String>,
}

impl<G: Game> Pos<G> {
    fn as_any(&self) -> &dyn Any {
        &self.game
    }
}

impl<G: Game> Position for Pos<G> {
    fn moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.game.moves(&mut moves);
        moves.into_iter().map(|m| self.game.move_name(m)).collect()
    }
    fn play(&self, name: &str) -> Option<Arc<dyn Position>> {
        let mv = self.game.parse_move(name)?;
        let mut played = self.played.clone();
        played.push(self.game.move_name(mv));
        Some(Arc::new(Pos {
            game: self.game.play(mv),
            info: self.info.clone(),
            played,
        }))
    }
    fn evaluate(&self) -> i32 {
        self.game.evaluate().0
    }
    fn is_terminal(&self) -> bool {
        let mut moves = Vec::new();
        self.game.moves(&mut moves);
        self.game.is_terminal() || moves.is_empty()
    }
    fn perft(&self, depth: u32) -> Result<u64, String> {
        // As `arachne perft`: a synthetic tree has no positions below its depth.
        if let Some(max) = self.info.max_depth {
            let left = max.saturating_sub(self.played.len() as u32);
            if depth > left {
                return Err(format!(
                    "perft depth {depth} exceeds the depth of the tree below this position ({left}) in `{}`",
                    self.info.spec
                ));
            }
        }
        let count = self.info.perft_counter::<G>(false);
        Ok(count(&self.game, depth))
    }
    fn display(&self) -> Option<String> {
        arachne_games::notation::diagram(self.as_any())
    }
    fn fen(&self) -> Option<String> {
        arachne_games::notation::fen(self.as_any())
    }
    fn info(&self) -> &GameInfo {
        &self.info
    }
    fn played(&self) -> &[String] {
        &self.played
    }
}

struct Build;

impl GameVisitor for Build {
    type Output = Arc<dyn Position>;
    fn visit<G: Game>(self, game: G, info: GameInfo) -> Arc<dyn Position> {
        Arc::new(Pos {
            game,
            info: Arc::new(info),
            played: Vec::new(),
        })
    }
}

/// A position of a built-in game or tree, from a game spec as on the command line
/// (`Game("connect4")`, `Game("chess:fen=…")`, `Game("iid:n=3,d=5,seed=1")`). Immutable:
/// `play` returns a new position.
#[pyclass(name = "Game", module = "arachne._arachne", frozen)]
struct PyGame {
    pos: Arc<dyn Position>,
}

#[pymethods]
impl PyGame {
    #[new]
    fn new(spec: &str) -> PyResult<Self> {
        let pos = with_game(spec, Build).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyGame { pos })
    }

    /// The legal moves, in generation order, named as on the command line.
    fn moves(&self) -> Vec<String> {
        self.pos.moves()
    }

    /// The position after `move` (a name from `moves()`); `ValueError` if it is not legal.
    fn play(&self, r#move: &str) -> PyResult<Self> {
        match self.pos.play(r#move) {
            Some(pos) => Ok(PyGame { pos }),
            None => Err(PyValueError::new_err(format!(
                "`{}` is not a legal move here (legal: {})",
                arachne_core::parse::clip(r#move, 40),
                arachne_core::parse::clip(&self.pos.moves().join(" "), 300)
            ))),
        }
    }

    /// The static value from the side to move's point of view (negamax convention).
    fn evaluate(&self) -> i32 {
        self.pos.evaluate()
    }

    /// True when the game is over (no legal moves, or a rule ends it).
    fn is_terminal(&self) -> bool {
        self.pos.is_terminal()
    }

    /// Positions `depth` plies ahead, as `arachne perft` counts them (Othello: a game over
    /// before the full depth counts as one leaf, the published convention). The GIL is
    /// released while counting.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        if depth > 64 {
            return Err(PyValueError::new_err(format!(
                "perft depth {depth} is too deep (at most 64)"
            )));
        }
        let pos = self.pos.clone();
        py.detach(move || pos.perft(depth))
            .map_err(PyValueError::new_err)
    }

    /// The position as text ([`arachne_games::notation`]): FEN for chess, PDN FEN for
    /// checkers, the FFO board string for Othello, the documented strings for connect four and
    /// tic-tac-toe; for a synthetic tree, which has no positions beyond its nodes, the spec, a
    /// space and the move path from the root separated by `/` (`-` at the root).
    fn fen(&self) -> String {
        self.pos.fen().unwrap_or_else(|| {
            let played = self.pos.played();
            let path = if played.is_empty() {
                "-".to_string()
            } else {
                played.join("/")
            };
            format!("{} {path}", self.pos.info().spec)
        })
    }

    /// The game spec this position was made from.
    #[getter]
    fn spec(&self) -> String {
        self.pos.info().spec.clone()
    }

    /// The game's name (`chess`, `iid`, …).
    #[getter]
    fn name(&self) -> &'static str {
        self.pos.info().name
    }

    /// The moves played since the spec's position.
    #[getter]
    fn history(&self) -> Vec<String> {
        self.pos.played().to_vec()
    }

    /// The board (several lines for chess, connect four and tic-tac-toe), or `fen()`.
    fn __str__(&self) -> String {
        self.pos.display().unwrap_or_else(|| self.fen())
    }

    fn __repr__(&self) -> String {
        let played = self.pos.played();
        if played.is_empty() {
            format!("Game({:?})", self.pos.info().spec)
        } else {
            format!(
                "Game({:?}).play({})",
                self.pos.info().spec,
                played
                    .iter()
                    .map(|m| format!("{m:?}"))
                    .collect::<Vec<_>>()
                    .join(").play(")
            )
        }
    }
}

/// The extension module.
#[pymodule]
fn _arachne(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(search, m)?)?;
    m.add_function(wrap_pyfunction!(search_python, m)?)?;
    m.add_function(wrap_pyfunction!(nbp, m)?)?;
    m.add_function(wrap_pyfunction!(experiment, m)?)?;
    m.add_function(wrap_pyfunction!(_bench_search, m)?)?;
    m.add("SEARCH_OPTIONS", args::SEARCH_OPTIONS.to_vec())?;
    m.add("WIN", arachne_core::Score::WIN.0)?;
    m.add("LOSS", arachne_core::Score::LOSS.0)?;
    m.add_class::<PyGame>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
