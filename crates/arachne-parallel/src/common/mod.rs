//! What every message-passing algorithm here is built on, below the dispatch (`run`): a
//! search's arguments ([`Job`]), running processes on a backend ([`execute`]), the processor
//! tree ([`ProcTree`]), what a search reports ([`outcome`]) and the serial searches it is
//! compared with ([`reference`]). The algorithms use this module; it uses none of them.
pub(crate) mod outcome;
pub(crate) mod reference;

use crate::{Backend, ParError, MAX_MPI_PROCS, MAX_SIM_PROCS, MAX_THREAD_PROCS};
use arachne_core::{Game, Limits, Window};
pub(crate) use arachne_runtime::exec::execute as execute_with_procs;
use arachne_runtime::exec::Run;
use arachne_runtime::{Pid, Process, HOST};

/// One search's arguments beside the algorithm: the position, the depth, the root window, the
/// processors asked for (`--procs`), where to run and the limits. The dispatch (`run`) and
/// every algorithm's entry point take it whole.
pub(crate) struct Job<'a, G> {
    pub root: &'a G,
    pub depth: u32,
    pub window: Window,
    pub procs: Option<u32>,
    pub backend: &'a Backend,
    pub limits: &'a Limits,
}

impl<'a, G: Game> Job<'a, G> {
    /// The search of `root` to `depth` in `window` with `procs` processors on `backend`,
    /// stopping when `limits` trip.
    pub(crate) fn new(
        root: &'a G,
        depth: u32,
        window: Window,
        procs: Option<u32>,
        backend: &'a Backend,
        limits: &'a Limits,
    ) -> Self {
        Job {
            root,
            depth,
            window,
            procs,
            backend,
            limits,
        }
    }

    /// The same search from `root` with `procs` processors (on MPI: the rank's root, whose
    /// positions travel as paths, and the processors defaulted there).
    pub(crate) fn on<'b, H>(&self, root: &'b H, procs: Option<u32>) -> Job<'b, H>
    where
        'a: 'b,
    {
        Job {
            root,
            depth: self.depth,
            window: self.window,
            procs,
            backend: self.backend,
            limits: self.limits,
        }
    }

    /// The number of moves at the root (what a processor tree or hierarchy is fitted to).
    pub(crate) fn branching(&self) -> usize {
        let mut moves = Vec::new();
        self.root.moves(&mut moves);
        moves.len()
    }
}

/// [`execute_with_procs`] without the processes handed back.
pub(crate) fn execute<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    backend: &Backend,
    limits: &Limits,
    stop: impl FnMut(&P::Msg) -> bool,
) -> Run<P::Msg> {
    execute_with_procs(procs, initial, backend, limits, stop).0
}

/// A uniform processor tree of fan-out `f` and depth `q`, numbered breadth-first: the root is
/// processor 0, the slaves of `p` are `p·f + 1 … p·f + f`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ProcTree {
    /// Fan-out.
    pub f: u32,
    /// Depth (0: a single processor).
    pub q: u32,
}

impl ProcTree {
    /// Number of processors, `(f^{q+1} − 1)/(f − 1)`, or `None` if it overflows.
    pub fn count(&self) -> Option<u64> {
        let mut total: u64 = 0;
        let mut level: u64 = 1;
        for _ in 0..=self.q {
            total = total.checked_add(level)?;
            level = level.checked_mul(self.f as u64)?;
        }
        Some(total)
    }

    /// Number of terminal processors, `f^q`.
    pub fn leaves(&self) -> u64 {
        (self.f as u64).pow(self.q)
    }

    /// True if `p` is a terminal processor (a slave).
    pub fn is_leaf(&self, p: Pid) -> bool {
        let n = self.count().unwrap_or(u64::MAX);
        p as u64 >= n - self.leaves()
    }

    /// The master of `p` ([`HOST`] for the root).
    pub fn parent(&self, p: Pid) -> Pid {
        if p == 0 {
            HOST
        } else {
            (p - 1) / self.f
        }
    }

    /// The slaves of `p`.
    pub fn children(&self, p: Pid) -> Vec<Pid> {
        if self.is_leaf(p) {
            Vec::new()
        } else {
            (1..=self.f).map(|i| p * self.f + i).collect()
        }
    }
}

/// The largest number of processors `backend` takes (a simulator's cost model is validated
/// first).
pub(crate) fn max_procs(backend: &Backend) -> Result<u64, ParError> {
    Ok(match backend {
        Backend::Sim(cfg) => {
            cfg.cost.validate().map_err(|e| ParError(e.0))?;
            MAX_SIM_PROCS
        }
        Backend::Threads { .. } => MAX_THREAD_PROCS,
        Backend::Mpi { .. } => MAX_MPI_PROCS,
    })
}
