//! The extension module `arachne._arachne` of the Python package `arachne` (package code,
//! docstrings and type stubs in `/python/arachne`).
//!
//! It has three parts:
//!
//! * `run`: runs an `arachne` command line in-process through the command line's own
//!   library entry point ([`arachne_cli::api::run_json`]) — the same spec strings, checks,
//!   one-line messages and `--json` objects as the binary; the Python functions `search`,
//!   `nbp` and `experiment` build command lines for it. The GIL is released while the command
//!   runs (on a worker thread); the calling thread polls Python's signal handlers and on
//!   `KeyboardInterrupt` sets the command's stop flag, so that the search stops and reports
//!   what it has, as Ctrl-C does in the binary.
//! * `PyGame` (`arachne.Game`): a built-in game or tree from its spec, with its moves in the
//!   command line's notation.
//! * `search_python`: the serial searches, best-first search, MCTS, and the message-passing
//!   algorithms on the simulator, on a game written in Python (module `pygame`, which says why this is sound), through the
//!   command line's `search` ([`arachne_cli::api::run_search_on`]).
use arachne_cli::error::CliError;
use arachne_core::{Game, StopFlag};
use arachne_games::{with_game, GameInfo, GameVisitor};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::any::Any;
use std::sync::{mpsc, Arc};
use std::time::Duration;

mod pygame;

/// How often the calling thread looks for a signal while a command runs.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// Stack of the thread that runs a command: the binary's main thread has 8 MiB; deep searches
/// recurse once per ply.
const WORKER_STACK: usize = 64 << 20;

fn to_py_err(e: CliError) -> PyErr {
    match e {
        CliError::Usage(m) => PyValueError::new_err(m),
        CliError::Failed(m) => PyRuntimeError::new_err(m),
    }
}

/// Runs `f` on a worker thread with the GIL released, polling Python's signal handlers
/// meanwhile. On `KeyboardInterrupt`, `stop` is set and `f`'s result (the partial one) still
/// awaited; the function returns it with `interrupted = true`. Another exception raised by a
/// signal handler also stops `f`, and is raised once `f` has returned.
fn run_interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: &StopFlag,
    f: impl FnOnce() -> T + Send + 'static,
) -> PyResult<(T, bool)> {
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::Builder::new()
        .name("arachne-py".into())
        .stack_size(WORKER_STACK)
        .spawn(move || {
            let _ = tx.send(f());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
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
    let _ = handle.join();
    let out = out.ok_or_else(|| PyRuntimeError::new_err("the command panicked"))?;
    match raised {
        None => Ok((out, false)),
        Some(e) if e.is_instance_of::<PyKeyboardInterrupt>(py) => Ok((out, true)),
        Some(e) => Err(e),
    }
}

/// Runs the command line `args` (without the program name) in-process and returns
/// `(interrupted, json)`: `json` is the JSON array of the objects the command printed (give
/// `--json`), `interrupted` whether Ctrl-C stopped it (the objects are then the partial
/// result). Bad input raises `ValueError` with the command line's one-line message; a failure
/// while running, `RuntimeError`.
#[pyfunction]
fn run(py: Python<'_>, args: Vec<String>) -> PyResult<(bool, String)> {
    let stop = StopFlag::new();
    let s2 = stop.clone();
    let (out, interrupted) = run_interruptible(py, &stop, move || {
        arachne_cli::api::run_json(args, Some(s2))
    })?;
    let values = out.map_err(to_py_err)?;
    let text = serde_json_to_string(&values)?;
    Ok((interrupted, text))
}

/// Runs `arachne search ARGS` (`args` without `search` and without `--game`) on `game`, a
/// game written in Python (see the module `pygame`), and returns `(interrupted, json)` as
/// [`run`] does. An exception raised by one of the game's methods stops the search and is
/// raised here.
#[pyfunction]
fn search_python(py: Python<'_>, game: Py<PyAny>, args: Vec<String>) -> PyResult<(bool, String)> {
    let stop = StopFlag::new();
    let type_name = game.bind(py).get_type().name()?.to_string();
    let (root, shared) = pygame::PyPosition::root(py, game, stop.clone())?;
    let info = GameInfo {
        name: "python",
        spec: format!("python:{type_name}"),
        max_depth: None,
        default_depth: 0,
    };
    let s2 = stop.clone();
    let (out, interrupted) = run_interruptible(py, &stop, move || {
        arachne_cli::api::run_search_on(args, root, info, Some(s2))
    })?;
    let raised = shared
        .error
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take();
    if let Some(e) = raised {
        return Err(e);
    }
    let values = out.map_err(to_py_err)?;
    Ok((interrupted, serde_json_to_string(&values)?))
}

/// For `python/benchmarks/overhead.py`: runs the command line `args` `repeat` times in Rust
/// alone (on this thread, the GIL released, no Python between the calls) and returns the
/// seconds each run took — the Rust side of the package's overhead.
#[pyfunction]
fn _bench_run(py: Python<'_>, args: Vec<String>, repeat: u32) -> PyResult<Vec<f64>> {
    py.detach(move || {
        (0..repeat)
            .map(|_| {
                let t = std::time::Instant::now();
                arachne_cli::api::run_json(args.iter(), None).map_err(to_py_err)?;
                Ok(t.elapsed().as_secs_f64())
            })
            .collect()
    })
}

fn serde_json_to_string(v: &[arachne_cli::api::Value]) -> PyResult<String> {
    arachne_cli::api::to_json_text(v).map_err(PyRuntimeError::new_err)
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
        let count = arachne_cli::cmd::perft::counter::<G>(&self.info, false);
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
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(search_python, m)?)?;
    m.add_function(wrap_pyfunction!(_bench_run, m)?)?;
    m.add("WIN", arachne_core::Score::WIN.0)?;
    m.add("LOSS", arachne_core::Score::LOSS.0)?;
    m.add_class::<PyGame>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
