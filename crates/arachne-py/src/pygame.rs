//! A game written in Python, as an [`arachne_core::Game`]: any object with `moves()` (a list,
//! empty when the game is over), `play(move)` (the new position, copy-make), `evaluate()` (an
//! int or float from the side to move's point of view, as the Rust trait; floats are rounded)
//! and optionally `is_terminal()` (default: no moves) and `hash()` (an int, for the
//! transposition table). Moves are named by `str(move)`.
//!
//! Each call takes the GIL; the search itself runs with the GIL released. The first exception
//! a callback raises stops the search (its stop flag) and is raised by `search` once the
//! search has returned.
//!
//! ## Where it runs, and why that is sound
//! The serial searches, best-first search and MCTS (serial), and the message-passing
//! algorithms (master–slave `rbfm` and root-parallel `mcts` among them) on the simulator
//! (`--backend sim`, a single-threaded discrete-event simulation in `arachne-runtime`) run on
//! it; [`arachne::run::search_on`] refuses the shared-memory
//! algorithms, the forms on threads (`--threads`, `rbfm:threads=`, `mcts:threads=`, `mcts:par=`
//! without `--procs`), `--backend threads` and `--backend mpi` for it with one line.
//!
//! [`Game`] asks for `Clone + Send + Sync + 'static`. [`PyPosition`] meets these bounds
//! without `unsafe`: it holds the object as `Arc<Py<PyAny>>`, and PyO3's `Py<T>` is `Send +
//! Sync` because it is only a reference count — every access to the object goes through
//! `Python::attach`, which holds the GIL (abi3 builds exclude the free-threaded interpreter)
//! for the duration of the call; cloning a position clones the `Arc`, never touching the
//! Python reference count without the GIL; dropping the last `Arc` without the GIL queues the
//! decrement in PyO3's reference pool, applied when the GIL is next taken. So even real
//! threads would be memory-safe — they are refused because every node would wait for the GIL
//! (no speedup to measure), and MPI because the other ranks could not rebuild the object.
use arachne_core::{Game, Score, StopFlag};
use pyo3::prelude::*;
use std::sync::{Arc, Mutex, OnceLock};

/// What every position of one search shares.
pub struct Shared {
    /// The first exception a callback raised.
    pub error: Mutex<Option<PyErr>>,
    /// The search's stop flag, set on that exception.
    pub stop: StopFlag,
    /// Whether the objects have `hash()` and `is_terminal()` (looked up once, at the root).
    has_hash: bool,
    has_terminal: bool,
}

/// A position: the Python object and its moves, fetched once.
#[derive(Clone)]
pub struct PyPosition {
    obj: Arc<Py<PyAny>>,
    moves: Arc<OnceLock<Vec<Py<PyAny>>>>,
    shared: Arc<Shared>,
}

impl PyPosition {
    /// The root position `obj`; `stop` is the search's stop flag.
    pub fn root(py: Python<'_>, obj: Py<PyAny>, stop: StopFlag) -> PyResult<(Self, Arc<Shared>)> {
        let b = obj.bind(py);
        for method in ["moves", "play", "evaluate"] {
            if !b.hasattr(method)? {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "a game written in Python needs moves(), play(move) and evaluate(): `{}` has no {method}()",
                    b.get_type().name()?
                )));
            }
        }
        let shared = Arc::new(Shared {
            error: Mutex::new(None),
            stop,
            has_hash: b.hasattr("hash")?,
            has_terminal: b.hasattr("is_terminal")?,
        });
        let pos = PyPosition {
            obj: Arc::new(obj),
            moves: Arc::new(OnceLock::new()),
            shared: shared.clone(),
        };
        Ok((pos, shared))
    }

    fn fail(&self, e: PyErr) {
        let mut slot = self.shared.error.lock().unwrap_or_else(|p| p.into_inner());
        if slot.is_none() {
            *slot = Some(e);
        }
        self.shared.stop.stop();
    }

    fn move_list(&self) -> &[Py<PyAny>] {
        self.moves.get_or_init(|| {
            Python::attach(|py| {
                let list = self
                    .obj
                    .bind(py)
                    .call_method0("moves")
                    .and_then(|r| r.try_iter()?.map(|m| m.map(Bound::unbind)).collect());
                list.unwrap_or_else(|e| {
                    self.fail(e);
                    Vec::new()
                })
            })
        })
    }

    fn call_number(&self, method: &str) -> Option<i64> {
        Python::attach(|py| {
            let r = self
                .obj
                .bind(py)
                .call_method0(method)
                .and_then(|v| match v.extract::<i64>() {
                    Ok(i) => Ok(i),
                    Err(_) => v.extract::<f64>().map(|f| f.round() as i64),
                });
            r.map_err(|e| self.fail(e)).ok()
        })
    }
}

impl Game for PyPosition {
    type Move = u32;

    fn moves(&self, out: &mut Vec<u32>) {
        out.clear();
        out.extend(0..self.move_list().len() as u32);
    }

    fn play(&self, mv: u32) -> Self {
        let next = Python::attach(|py| {
            let m = self.move_list()[mv as usize].bind(py);
            self.obj
                .bind(py)
                .call_method1("play", (m,))
                .map(Bound::unbind)
        });
        match next {
            Ok(obj) => PyPosition {
                obj: Arc::new(obj),
                moves: Arc::new(OnceLock::new()),
                shared: self.shared.clone(),
            },
            Err(e) => {
                // The search stops; the position stands in for the one that failed.
                self.fail(e);
                self.clone()
            }
        }
    }

    fn evaluate(&self) -> Score {
        let v = self.call_number("evaluate").unwrap_or(0);
        Score(v.clamp(Score::LOSS.0 as i64, Score::WIN.0 as i64) as i32)
    }

    fn is_terminal(&self) -> bool {
        if !self.shared.has_terminal {
            return self.move_list().is_empty();
        }
        Python::attach(|py| {
            let r = self
                .obj
                .bind(py)
                .call_method0("is_terminal")
                .and_then(|v| v.is_truthy());
            r.unwrap_or_else(|e| {
                self.fail(e);
                true
            })
        })
    }

    fn hash(&self) -> Option<u64> {
        if !self.shared.has_hash {
            return None;
        }
        self.call_number("hash").map(|h| h as u64)
    }

    fn move_name(&self, mv: u32) -> String {
        Python::attach(|py| {
            let m = self.move_list()[mv as usize].bind(py);
            m.str()
                .map(|s| s.to_string())
                .unwrap_or_else(|_| mv.to_string())
        })
    }
}
