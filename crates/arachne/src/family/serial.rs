//! The serial searchers of `arachne-search` behind [`Searcher`]: the options they refuse, the
//! searcher, and the report of a serial or shared-memory search.
use crate::report::{mnps, stop_words, thousands, value_json, value_text, Report, RunError};
use crate::request::SearchRequest;
use crate::searcher::{Detail, Outcome, Progress, Searcher, ValueKind};
use crate::{algo_error, pv_names, resolve_depth_under};
use arachne_core::{Game, Limits, TranspositionTable};
use arachne_games::GameInfo;
use arachne_search::{Algorithm, SearchOptions};
use serde_json::json;
use std::sync::Arc;

/// The options a serial algorithm refuses.
fn check_serial(req: &SearchRequest, algo: &Algorithm) -> Result<(), RunError> {
    if req.memory.is_some() {
        return Err(RunError::refused("--memory", format!(
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
            return Err(RunError::refused(
                flag,
                format!(
                    "`{}` is a serial algorithm; {flag} needs a parallel one (see `arachne algos`)",
                    arachne_core::parse::clip(&req.algo, 60)
                ),
            ));
        }
    }
    if !algo.takes_engine_options() {
        for (flag, given) in [
            ("--null-move", req.null_move),
            ("--check-extension", req.check_extension),
        ] {
            if given {
                return Err(RunError::refused(flag, format!(
                    "{flag}: `{algo}` does not take it (falphabeta, palphabeta, spalphabeta, aspiration and the shared-memory searches do)"
                )));
            }
        }
    }
    Ok(())
}

/// The serial searcher `req` names, after its checks.
pub(crate) fn resolve(req: &SearchRequest, info: &GameInfo) -> Result<SerialSearcher, RunError> {
    let algo: Algorithm = req
        .algo
        .parse()
        .map_err(|e: arachne_search::AlgoError| RunError::usage(algo_error(&e.0)))?;
    check_serial(req, &algo)?;
    Ok(SerialSearcher {
        algo,
        req: req.clone(),
        info: info.clone(),
        kept: Kept::default(),
    })
}

/// What a searcher that plays a game ([`SearchRequest::playing`]) keeps between searches: its
/// transposition table and the game's history. Shared by the serial and shared-memory
/// searchers.
#[derive(Default)]
pub(crate) struct Kept {
    /// The table of the last search, kept when playing (the caller's table is not kept here).
    table: Option<Arc<TranspositionTable>>,
    /// The hashes of the game's positions before the next root.
    pub(crate) history: Vec<u64>,
}

impl Kept {
    /// The table to search on: the caller's ([`SearchRequest::table`]), the one kept from the
    /// last search when playing, or a fresh one of `hash` MiB, allocated fallibly so that a size
    /// the machine cannot hold is a clear error rather than an abort inside the library.
    pub(crate) fn table(
        &mut self,
        req: &SearchRequest,
    ) -> Result<Arc<TranspositionTable>, RunError> {
        if let Some(t) = &req.table {
            return Ok(Arc::clone(t));
        }
        if let Some(t) = self.table.as_ref().filter(|_| req.playing) {
            return Ok(Arc::clone(t));
        }
        let t = Arc::new(
            TranspositionTable::try_with_mib(req.hash())
                .map_err(|e| RunError::usage(format!("--hash: {e}")))?,
        );
        if req.playing {
            self.table = Some(Arc::clone(&t));
        }
        Ok(t)
    }

    /// The search options of `req`, with draws by repetition against the game's history when
    /// playing.
    pub(crate) fn options(&self, req: &SearchRequest) -> SearchOptions {
        SearchOptions {
            repetition: req.playing,
            game_history: if req.playing {
                self.history.clone()
            } else {
                Vec::new()
            },
            ..req.options()
        }
    }

    /// A new game: the table kept, and the caller's, cleared; the history forgotten.
    pub(crate) fn new_game(&mut self, req: &SearchRequest) {
        if let Some(t) = req.table.as_ref().or(self.table.as_ref()) {
            t.clear();
        }
        self.history.clear();
    }
}

/// A serial search of `arachne-search` with the request's options.
pub(crate) struct SerialSearcher {
    algo: Algorithm,
    req: SearchRequest,
    info: GameInfo,
    kept: Kept,
}

impl<G: Game> Searcher<G> for SerialSearcher {
    fn search_with(
        &mut self,
        root: &G,
        limits: &Limits,
        progress: Progress<'_, G::Move>,
    ) -> Result<Outcome<G::Move>, RunError> {
        let req = &self.req;
        let iterative = self.algo.is_iterative();
        let depth = resolve_depth_under(limits.depth, &self.info, limits, iterative)
            .map_err(RunError::usage)?;
        let opts = self.kept.options(req);
        // A searcher that plays, or that has the caller's table, searches on it whatever its
        // algorithm: the fixed-depth ones order their moves by what the table holds from the
        // last search (the last move's, the last depth's).
        let keeps = req.playing || req.table.is_some();
        let tt = if keeps || self.algo.wants_tt(root, &opts) {
            if req.table.is_none() && req.hash() == 0 {
                return Err(RunError::usage(format!(
                    "`{}` needs a transposition table: --hash must be at least 1",
                    self.algo
                )));
            }
            Some(self.kept.table(req)?)
        } else {
            if req.table.is_none() {
                req.refuse_hash(&format!("`{}` on this game", self.algo))?;
            }
            None
        };
        let limits = Limits {
            depth: Some(depth),
            ..limits.clone()
        };
        let name = self.algo.to_string();
        let out = self
            .algo
            .search_with(root, &limits, &opts, tt.as_deref(), &mut |o| {
                progress(&Outcome::of_search(&name, o, Detail::Serial))
            });
        Ok(Outcome::of_search(&name, &out, Detail::Serial))
    }

    fn set_history(&mut self, history: &[u64]) {
        self.kept.history = history.to_vec();
    }

    fn new_game(&mut self) {
        self.kept.new_game(&self.req);
    }
}

/// The report of a serial or shared-memory search's outcome.
pub(crate) fn report<G: Game>(root: &G, info: &GameInfo, out: &Outcome<G::Move>) -> Report {
    let algo = &out.algo;
    let names = pv_names(root, &out.pv);
    let best = out.best_move.map(|m| root.move_name(m));
    let secs = out.elapsed.as_secs_f64();
    let depth = out.depth;
    let mut v = json!({
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
    });
    value_json(
        &mut v,
        (out.kind != ValueKind::Unknown).then_some(out.value),
        info,
    );
    let mut r = Report::new(v);
    r.line(format_args!("game       {}", info.spec));
    r.line(format_args!("algorithm  {algo}"));
    match depth {
        Some(d) => r.line(format_args!("depth      {d}")),
        None => r.line("depth      none completed"),
    }
    let vt = value_text(out.value, info);
    let value = match out.kind {
        ValueKind::Exact => vt,
        ValueKind::Lower => format!("{vt} (lower bound)"),
        ValueKind::Upper => format!("{vt} (upper bound)"),
        ValueKind::Estimate => format!("{vt} (estimate)"),
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
        if let Some(d) = depth.filter(|&d| d > 0) {
            r.line(format_args!(
                "stopped    {} (result of the last completed stage, depth {d})",
                stop_words(s)
            ));
        } else {
            r.line(format_args!("stopped    {}", stop_words(s)));
        }
    }
    r
}
