//! Shared-memory algorithms (`ybwc`, `jamboree`, `lazy-smp`, `abdada` with `--threads T`,
//! module `arachne_parallel::smp`). They search by iterative deepening on one shared
//! transposition table (`--hash` MiB, allocated fallibly: a size the machine cannot hold is
//! one line) and honour `--nodes` and `--time-ms` (the result is the last completed depth),
//! and the search options `--ordering`, `--preorder`, `--quiescence`, `--null-move` and
//! `--check-extension`, in the parallel part of the tree as in the serial sub-searches.
use super::serial::Kept;
use crate::report::RunError;
use crate::request::SearchRequest;
use crate::resolve_depth_under;
use crate::searcher::{Detail, Outcome, Progress, Searcher};
use arachne_core::{Game, Limits};
use arachne_games::GameInfo;
use arachne_parallel::smp::{search, SmpAlgo, MAX_THREADS};

/// Threads from `--threads` (default 1), checked.
pub fn threads(t: Option<u32>) -> Result<usize, RunError> {
    let t = t.unwrap_or(1) as usize;
    if t == 0 || t > MAX_THREADS {
        return Err(RunError::usage(format!(
            "--threads must be between 1 and {MAX_THREADS}"
        )));
    }
    Ok(t)
}

/// The shared-memory searcher `req` names, after its checks.
pub(crate) fn resolve(req: &SearchRequest, info: &GameInfo) -> Result<SmpSearcher, RunError> {
    let algo: SmpAlgo = req.algo.parse().map_err(RunError::usage)?;
    if req.procs.is_some() {
        return Err(RunError::refused(
            "--procs",
            format!(
                "`{}` is a shared-memory algorithm: give --threads T, not --procs",
                req.algo
            ),
        ));
    }
    for (flag, given) in [
        ("--backend", req.backend.is_some()),
        ("--cost", req.cost.is_some()),
        ("--latency-seed", req.latency_seed != 0),
        ("--memory", req.memory.is_some()),
    ] {
        if given {
            return Err(RunError::refused(flag, format!(
                "{flag} does not apply to `{}`, a shared-memory algorithm on this machine's threads ({})",
                arachne_core::parse::clip(&req.algo, 40),
                if flag == "--memory" {
                    "its table is --hash MiB"
                } else {
                    "--backend and --cost are for --procs P"
                }
            )));
        }
    }
    if req.table.is_none() && req.hash() > 1 << 16 {
        return Err(RunError::usage("--hash is in MiB and at most 65536"));
    }
    if req.table.is_none() && req.hash() == 0 {
        return Err(RunError::usage(format!(
            "`{}` searches on a shared transposition table: --hash must be at least 1",
            req.algo
        )));
    }
    let threads = threads(req.threads)?;
    Ok(SmpSearcher {
        algo,
        threads,
        req: req.clone(),
        info: info.clone(),
        kept: Kept::default(),
    })
}

/// A shared-memory search with the request's options on its threads.
pub(crate) struct SmpSearcher {
    algo: SmpAlgo,
    threads: usize,
    req: SearchRequest,
    info: GameInfo,
    kept: Kept,
}

impl<G: Game> Searcher<G> for SmpSearcher {
    fn search_with(
        &mut self,
        root: &G,
        limits: &Limits,
        progress: Progress<'_, G::Move>,
    ) -> Result<Outcome<G::Move>, RunError> {
        // Iterative deepening: with a node or time limit and no depth, until the limit.
        let depth =
            resolve_depth_under(limits.depth, &self.info, limits, true).map_err(RunError::usage)?;
        let limits = Limits {
            depth: Some(depth),
            ..limits.clone()
        };
        let opts = self.kept.options(&self.req);
        let tt = self.kept.table(&self.req)?;
        let name = format!("{} (threads {})", self.algo, self.threads);
        let detail = || Detail::SharedMemory {
            threads: self.threads,
        };
        let out = search(
            &self.algo,
            root,
            &limits,
            &opts,
            self.threads,
            Some(&tt),
            &mut |o| progress(&Outcome::of_search(&name, o, detail())),
        )
        .map_err(RunError::usage)?;
        Ok(Outcome::of_search(&name, &out, detail()))
    }

    fn set_history(&mut self, history: &[u64]) {
        self.kept.history = history.to_vec();
    }

    fn new_game(&mut self) {
        self.kept.new_game(&self.req);
    }
}
