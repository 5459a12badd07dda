//! Shared-memory algorithms (`ybwc`, `jamboree`, `lazy-smp`, `abdada` with `--threads T`,
//! module `arachne_parallel::smp`). They search by iterative deepening on one shared
//! transposition table (`--hash` MiB, allocated fallibly: a size the machine cannot hold is
//! one line) and honour `--nodes` and `--time-ms` (the result is the last completed depth),
//! and the search options `--ordering`, `--preorder`, `--quiescence`, `--null-move` and
//! `--check-extension`, in the parallel part of the tree as in the serial sub-searches.
use super::report;
use crate::report::{RunError, RunResult};
use crate::request::SearchRequest;
use crate::resolve_depth;
use arachne_core::{Game, TranspositionTable};
use arachne_games::{with_game, GameInfo, GameVisitor};
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

/// Runs `req`, whose algorithm is a shared-memory one.
pub fn run(req: &SearchRequest) -> RunResult {
    let algo: SmpAlgo = req.algo.parse().map_err(RunError::usage)?;
    if req.procs.is_some() {
        return Err(RunError::usage(format!(
            "`{}` is a shared-memory algorithm: give --threads T, not --procs",
            req.algo
        )));
    }
    for (flag, given) in [
        ("--backend", req.backend.is_some()),
        ("--cost", req.cost.is_some()),
        ("--latency-seed", req.latency_seed != 0),
        ("--memory", req.memory.is_some()),
    ] {
        if given {
            return Err(RunError::usage(format!(
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
    if req.hash() > 1 << 16 {
        return Err(RunError::usage("--hash is in MiB and at most 65536"));
    }
    if req.hash() == 0 {
        return Err(RunError::usage(format!(
            "`{}` searches on a shared transposition table: --hash must be at least 1",
            req.algo
        )));
    }
    let threads = threads(req.threads)?;
    with_game(&req.game, Visit { req, algo, threads }).map_err(RunError::usage)?
}

struct Visit<'a> {
    req: &'a SearchRequest,
    algo: SmpAlgo,
    threads: usize,
}

impl GameVisitor for Visit<'_> {
    type Output = RunResult;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> RunResult {
        let depth = resolve_depth(self.req.depth, &info).map_err(RunError::Usage)?;
        let limits = self.req.limits(depth);
        let opts = self.req.options();
        // The table is allocated here, fallibly, as for the serial searches: a size the
        // machine cannot hold is a clear error, not a panic in the library (issue 24, item 4).
        let tt = TranspositionTable::try_with_mib(self.req.hash().max(1))
            .map_err(|e| RunError::usage(format!("--hash: {e}")))?;
        let out = search(
            &self.algo,
            &root,
            &limits,
            &opts,
            self.threads,
            Some(&tt),
            &mut |_| {},
        )
        .map_err(RunError::usage)?;
        let name = format!("{} (threads {})", self.algo, self.threads);
        Ok(report(&root, &info, &name, &out))
    }
}
