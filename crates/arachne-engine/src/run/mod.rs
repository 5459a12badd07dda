//! Running a [`SearchRequest`]: the one dispatch from an algorithm spec to its family of
//! searchers, each family's checks of the options it cannot honour (one line naming the
//! option), the search, and the [`Report`] of its outcome.
//!
//! The families: the serial searchers of `arachne-search` (here), the shared-memory ones of
//! `arachne_parallel::smp` ([`smp`]), the message-passing ones of `arachne-parallel`
//! ([`parallel`]), the best-first ones of `arachne-bestfirst` ([`bestfirst`]) and its Monte
//! Carlo tree search ([`mcts`]).
//!
//! Why here and not in each algorithm crate (issue 26, item 1): a request names one
//! algorithm among all of them, and the family's checks are about the combination of the
//! request's options (`--procs` with a serial algorithm, `--threads` with a master–slave
//! one, `--hash` for a search without a table); the option types of each family
//! (`ParAlgo`, `SmpAlgo`, `BfAlgo`, `MctsOptions`) stay in the algorithm crates, which parse
//! and check their own `key=value` options. The command line, the Python package and the UCI
//! server call these functions; none of them repeats a check.
use crate::report::{mnps, thousands, Report, RunError, RunResult};
use crate::request::SearchRequest;
use crate::{algo_error, pv_names, resolve_depth};
use arachne_core::tt::MAX_MIB;
use arachne_core::{Game, TranspositionTable};
use arachne_games::{with_game, GameInfo, GameVisitor};
use arachne_search::{Algorithm, SearchOutcome, ValueKind};
use serde_json::json;

pub mod bestfirst;
pub mod mcts;
pub mod mpi;
pub mod parallel;
pub mod smp;

/// Runs `req`: the algorithm's family, its checks, the search and the report.
pub fn search(req: &SearchRequest) -> RunResult {
    check_common(req)?;
    if arachne_bestfirst::is_bestfirst(&req.algo) {
        // `--backend mpi`: rank 0 reports, worker ranks stay silent, MPI is finalized.
        return mpi::finish(req, bestfirst::run(req));
    }
    if arachne_bestfirst::mcts::is_mcts(&req.algo) {
        return mpi::finish(req, mcts::run(req));
    }
    if arachne_parallel::smp::is_smp_name(&req.algo) {
        return smp::run(req);
    }
    if req.threads.is_some() {
        return Err(RunError::usage(format!(
            "--threads is for the shared-memory algorithms (ybwc, jamboree, lazy-smp, abdada), not `{}`",
            req.algo
        )));
    }
    let algo: Algorithm = match req.algo.parse() {
        Ok(a) => a,
        Err(e) => {
            if parallel::is_parallel(&req.algo) {
                return mpi::finish(req, parallel::run(req));
            }
            return Err(RunError::usage(algo_error(&e.0)));
        }
    };
    check_serial(req, &algo)?;
    with_game(&req.game, Serial { req, algo }).map_err(RunError::usage)?
}

/// Runs `req` on a position made by the caller — a game defined outside `arachne-games`,
/// e.g. written in Python (crate `arachne-py`) — described by `info` (`req.game` is not
/// read): the serial algorithms, the message-passing ones on the simulator
/// ([`parallel::run_on`]), the best-first searches serially and master–slave `rbfm` on the
/// simulator ([`bestfirst::run_on`]), and Monte Carlo tree search serially and root-parallel
/// on the simulator's processes ([`mcts::run_on`]), with every option checked and reported as
/// [`search`] does. The shared-memory algorithms, every form on threads (`--threads`,
/// `rbfm:threads=`, `mcts:threads=`, `mcts:par=` without `--procs`), real threads and MPI are
/// refused with a line naming them: the game may not be callable from several threads at once
/// (a game written in Python takes its interpreter's lock at every call).
pub fn search_on<G: Game>(req: &SearchRequest, root: G, info: GameInfo) -> RunResult {
    check_common(req)?;
    if req.threads.is_some() {
        return Err(RunError::usage(
            "--threads: a game defined outside arachne runs on the serial algorithms and the simulator only",
        ));
    }
    parallel::sim_only(req)?;
    if arachne_bestfirst::is_bestfirst(&req.algo) {
        return bestfirst::run_on(req, root, info);
    }
    if arachne_bestfirst::mcts::is_mcts(&req.algo) {
        return mcts::run_on(req, root, info);
    }
    if parallel::is_parallel(&req.algo) {
        return parallel::run_on(req, root, info);
    }
    let algo: Algorithm = req.algo.parse().map_err(|e: arachne_search::AlgoError| {
        let serial = arachne_search::CATALOGUE
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ");
        if e.0.starts_with("unknown algorithm") {
            RunError::usage(format!(
                "`{}`: a game defined outside arachne runs on the serial algorithms ({serial}) and on the simulator's message-passing ones (tree-split, baudet, palphabeta-par, pbound, knm, type-guided) only",
                arachne_core::parse::clip(&req.algo, 60)
            ))
        } else {
            RunError::usage(e.0)
        }
    })?;
    check_serial(req, &algo)?;
    Serial { req, algo }.visit(root, info)
}

/// The checks every search makes first.
fn check_common(req: &SearchRequest) -> Result<(), RunError> {
    if req.nodes == Some(0) {
        return Err(RunError::usage("--nodes must be at least 1"));
    }
    if req.hash() > MAX_MIB {
        return Err(RunError::usage(format!(
            "--hash {} is past the largest table, {MAX_MIB} MiB",
            req.hash()
        )));
    }
    Ok(())
}

/// The options a serial algorithm refuses.
fn check_serial(req: &SearchRequest, algo: &Algorithm) -> Result<(), RunError> {
    if req.memory.is_some() {
        return Err(RunError::usage(format!(
            "--memory caps a best-first tree (bfm, rbfm); `{}` does not take it (its table is --hash MiB)",
            arachne_core::parse::clip(&req.algo, 60)
        )));
    }
    for (flag, given) in [
        ("--procs", req.procs.is_some()),
        ("--backend", req.backend.is_some()),
        ("--cost", req.cost.is_some()),
        ("--latency-seed", req.latency_seed != 0),
    ] {
        if given {
            return Err(RunError::usage(format!(
                "`{}` is a serial algorithm; {flag} needs a parallel one (see `arachne algos`)",
                arachne_core::parse::clip(&req.algo, 60)
            )));
        }
    }
    if !algo.takes_engine_options() {
        for (flag, given) in [
            ("--null-move", req.null_move),
            ("--check-extension", req.check_extension),
        ] {
            if given {
                return Err(RunError::usage(format!(
                    "{flag}: `{algo}` does not take it (falphabeta, palphabeta, spalphabeta, aspiration and the shared-memory searches do)"
                )));
            }
        }
    }
    Ok(())
}

struct Serial<'a> {
    req: &'a SearchRequest,
    algo: Algorithm,
}

impl GameVisitor for Serial<'_> {
    type Output = RunResult;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> RunResult {
        let req = self.req;
        let depth = resolve_depth(req.depth, &info).map_err(RunError::Usage)?;
        let opts = req.options();
        // The table is allocated here, fallibly, so that a size the machine cannot hold is a
        // clear error rather than an abort inside the library.
        let tt = if self.algo.wants_tt(&root, &opts) {
            if req.hash() == 0 {
                return Err(RunError::usage(format!(
                    "`{}` needs a transposition table: --hash must be at least 1",
                    self.algo
                )));
            }
            Some(
                TranspositionTable::try_with_mib(req.hash())
                    .map_err(|e| RunError::usage(format!("--hash: {e}")))?,
            )
        } else {
            req.refuse_hash(&format!("`{}` on this game", self.algo))?;
            None
        };
        let limits = req.limits(depth);
        let out = self
            .algo
            .search_with(&root, &limits, &opts, tt.as_ref(), &mut |_| {});
        Ok(report(&root, &info, &self.algo.to_string(), &out))
    }
}

/// The report of a serial or shared-memory search's outcome.
pub fn report<G: Game>(
    root: &G,
    info: &GameInfo,
    algo: &str,
    out: &SearchOutcome<G::Move>,
) -> Report {
    let names = pv_names(root, &out.pv);
    let best = out.best_move.map(|m| root.move_name(m));
    let secs = out.elapsed.as_secs_f64();
    let depth = (out.kind != ValueKind::Unknown).then_some(out.depth);
    let mut r = Report::new(json!({
        "game": info.spec,
        "algo": algo,
        "depth": depth,
        "value": (out.kind != ValueKind::Unknown).then_some(out.value.0),
        "value_kind": out.kind,
        "best_move": best,
        "pv": names,
        "nodes": out.stats.nodes(),
        "interior": out.stats.interior,
        "leaves": out.stats.leaves,
        "movegens": out.stats.movegens,
        "cutoffs": out.stats.cutoffs,
        "qnodes": out.stats.qnodes,
        "time_ms": out.elapsed.as_secs_f64() * 1e3,
        "stopped": out.stopped,
    }));
    r.line(format_args!("game       {}", info.spec));
    r.line(format_args!("algorithm  {algo}"));
    match depth {
        Some(d) => r.line(format_args!("depth      {d}")),
        None => r.line("depth      none completed"),
    }
    let value = match out.kind {
        ValueKind::Exact => out.value.to_string(),
        ValueKind::Lower => format!("{} (lower bound)", out.value),
        ValueKind::Upper => format!("{} (upper bound)", out.value),
        ValueKind::Unknown => "unknown (stopped before a value was established)".to_string(),
    };
    r.line(format_args!("value      {value}"));
    let no_move = if out.stopped.is_some() {
        "(none: stopped before a root move was searched)"
    } else {
        "(none: terminal position)"
    };
    r.line(format_args!(
        "best move  {}",
        best.as_deref().unwrap_or(no_move)
    ));
    r.line(format_args!("pv         {}", names.join(" ")));
    r.line(format_args!(
        "nodes      {} ({} interior, {} bottom positions)",
        thousands(out.stats.nodes()),
        thousands(out.stats.interior),
        thousands(out.stats.leaves)
    ));
    if out.stats.qnodes > 0 {
        r.line(format_args!(
            "quiescence {} positions",
            thousands(out.stats.qnodes)
        ));
    }
    r.line(format_args!("movegens   {}", thousands(out.stats.movegens)));
    r.line(format_args!("cutoffs    {}", thousands(out.stats.cutoffs)));
    r.line(format_args!(
        "time       {:.1} ms ({} Mnodes/s)",
        secs * 1e3,
        mnps(out.stats.nodes() + out.stats.qnodes, secs)
    ));
    if let Some(s) = out.stopped {
        if out.depth > 0 {
            r.line(format_args!(
                "stopped    {s:?} (result of the last completed stage, depth {})",
                out.depth
            ));
        } else {
            r.line(format_args!("stopped    {s:?}"));
        }
    }
    r
}
