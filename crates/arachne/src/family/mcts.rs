//! Monte Carlo tree search (`mcts[:options]`), crate `arachne-bestfirst`'s
//! [`arachne_mcts`], whose `MctsOptions` parses and checks its own options; here
//! the request's are applied or refused.
//!
//! `--nodes N` is the budget of generated tree nodes, `--time-ms` the deadline, `--memory MiB`
//! (or `mcts:memory=MiB`) caps the tree (default [`crate::DEFAULT_TREE_MIB`]), `iters=N` the
//! iterations; with none of `--nodes`, `--time-ms` and `iters=` given,
//! [`crate::DEFAULT_MCTS_ITERS`] iterations.
//!
//! `--threads T` (or `mcts:threads=T`) runs a parallel form on `T` threads: `par=tree` (the
//! default with more than one thread: one shared tree, virtual loss), `par=root` (independent
//! trees, votes merged; the budgets are split among them) or `par=leaf` (`T` random playouts
//! per leaf; `playout=random` only). `par=root --procs P [--backend sim|threads|mpi]` runs
//! root parallelisation as `P` message-passing processes
//! ([`arachne_mcts::distributed`]; `--cost` and `--latency-seed` on sim, which also
//! reports the virtual time and the speedup over `P = 1`). `--procs` with another form or with
//! `--threads`, and `--backend`, `--cost`, `--latency-seed` without `--procs`, are refused with
//! a line naming them, as are `--depth` and the alpha-beta options.
use crate::report::{mnps, stop_words, thousands, value_json, value_text, Report, RunError};
use crate::request::SearchRequest;
use crate::searcher::{Detail, Mcts, Outcome, Progress, Searcher, ValueKind};
use crate::{pv_names, DEFAULT_MCTS_ITERS, DEFAULT_TREE_MIB};
use arachne_core::{Game, Limits};
use arachne_games::GameInfo;
use arachne_mcts::{distributed, MctsOptions, MctsOutcome, MctsSearcher, MctsStop, Par};
use arachne_runtime::Backend;
use serde_json::{json, Value};

/// The Monte Carlo searcher `req` names, after its checks.
pub(crate) fn resolve<G: Game>(
    req: &SearchRequest,
    info: &GameInfo,
) -> Result<MctsSearch<G>, RunError> {
    Ok(MctsSearch {
        opts: resolve_opts(req)?,
        req: req.clone(),
        info: info.clone(),
        kept: None,
    })
}

/// Refuses the forms on threads for a game defined outside arachne ([`super::search_on`]):
/// such a game runs serial mcts, or `mcts:par=root --procs P` on the simulator.
pub(crate) fn on_one_thread(req: &SearchRequest) -> Result<(), RunError> {
    let opts = resolve_opts(req)?;
    if req.procs.is_none() {
        let given = if opts.threads != 1 {
            Some(format!("mcts:threads={}", opts.threads))
        } else {
            opts.par.map(|p| format!("mcts:par={}", par_name(p)))
        };
        if let Some(given) = given {
            return Err(RunError::usage(format!(
                "{given}: a game defined outside arachne runs serial mcts, or mcts:par=root on --procs P with the simulator"
            )));
        }
    }
    Ok(())
}

/// Why a depth is refused.
const NO_DEPTH: &str = "--depth: mcts has no search depth (budgets: iters=N, --nodes, --time-ms, --memory; playouts: cap=N)";

/// The options of `req`'s algorithm with the request's applied, after its checks.
fn resolve_opts(req: &SearchRequest) -> Result<MctsOptions, RunError> {
    let mut opts: MctsOptions = req.algo.parse().map_err(RunError::usage)?;
    req.refuse_hash("mcts (its tree is --memory MiB)")?;
    if let Some(t) = req.threads {
        if opts.threads != 1 && opts.threads != t {
            return Err(RunError::usage(format!(
                "--threads {t} contradicts mcts:threads={}",
                opts.threads
            )));
        }
        opts.threads = t;
        opts.check_parallel().map_err(RunError::usage)?;
    }
    check_procs(req, &opts)?;
    req.refuse_alphabeta_options("mcts (it values leaves by playouts, the evaluation or ab:D)")?;
    if req.depth.is_some() {
        return Err(RunError::usage(NO_DEPTH));
    }
    req.check_memory()?;
    if let (Some(a), Some(b)) = (req.memory, opts.memory_mib) {
        if a != b {
            return Err(RunError::usage(format!(
                "--memory {a} contradicts mcts:memory={b}"
            )));
        }
    }
    Ok(opts)
}

/// Refuses the process options where they do not apply (module docs).
fn check_procs(req: &SearchRequest, opts: &MctsOptions) -> Result<(), RunError> {
    if req.procs.is_none() {
        return req.refuse_process_flags(|flag| {
            format!("{flag} is for root-parallel mcts on processes: give mcts:par=root --procs P")
        });
    }
    if opts.par != Some(Par::Root) {
        return Err(RunError::refused(
            "--procs",
            "--procs: only root parallelisation runs as processes (mcts:par=root --procs P); tree and leaf run on --threads",
        ));
    }
    if opts.threads != 1 {
        return Err(RunError::usage(
            "--procs and --threads (or mcts:threads=) exclude each other: par=root runs on P processes or on T threads",
        ));
    }
    if req.backend.as_deref().is_some_and(|b| b != "sim")
        && (req.cost.is_some() || req.latency_seed != 0)
    {
        return Err(RunError::usage(
            "--cost and --latency-seed apply to --backend sim only",
        ));
    }
    Ok(())
}

/// A Monte Carlo tree search (serial, on threads or root-parallel on processes) with the
/// request's options.
pub(crate) struct MctsSearch<G: Game> {
    opts: MctsOptions,
    req: SearchRequest,
    info: GameInfo,
    /// Playing ([`SearchRequest::playing`]), the searcher and its tree (trees, with
    /// `par=root`) on threads, kept from one search to the next and advanced by the moves
    /// played.
    kept: Option<MctsSearcher<G>>,
}

impl<G: Game> Searcher<G> for MctsSearch<G> {
    fn search_with(
        &mut self,
        root: &G,
        limits: &Limits,
        _progress: Progress<'_, G::Move>,
    ) -> Result<Outcome<G::Move>, RunError> {
        let (req, info) = (&self.req, &self.info);
        if limits.depth.is_some() {
            return Err(RunError::usage(NO_DEPTH));
        }
        let mut opts = self.opts.clone();
        // No budget given: the default number of iterations.
        if opts.iterations.is_none() && limits.nodes.is_none() && limits.deadline.is_none() {
            opts.iterations = Some(DEFAULT_MCTS_ITERS);
        }
        let mib = req.memory.or(opts.memory_mib).unwrap_or(DEFAULT_TREE_MIB);
        opts.max_tree_nodes = Some(MctsSearcher::<G>::nodes_in_mib(&opts, mib));
        opts.scale = Some(
            opts.scale
                .unwrap_or_else(|| arachne_mcts::default_scale(info.name)),
        );
        let lim = Limits {
            depth: Some(0),
            ..limits.clone()
        };
        let (out, extra) = if let Some(p) = req.procs {
            let b = req.backend(1, 1, false)?;
            let par = distributed::search(root, &opts, p, &b, &lim, true)
                .map_err(|e| RunError::usage(e.0))?;
            let mut extra = json!({"procs": p, "messages": par.messages,
                "backend": req.backend.as_deref().unwrap_or("sim")});
            if let Backend::Sim(c) = &b {
                extra["virtual_time"] = json!(par.time);
                extra["serial_virtual_time"] = json!(par.serial_time);
                extra["speedup"] = json!(par.speedup);
                extra["cost_model"] = json!(c.cost.to_string());
            }
            (par.outcome, extra)
        } else if req.playing {
            // The tree kept from the last search or move, if it is this position's; else a
            // fresh one.
            let same =
                |s: &MctsSearcher<G>| s.root().hash().zip(root.hash()).is_none_or(|(a, b)| a == b);
            let s = match self.kept.take().filter(same) {
                Some(s) => self.kept.insert(s),
                None => self
                    .kept
                    .insert(MctsSearcher::new(root.clone(), opts.clone())),
            };
            (s.run(&lim), json!({}))
        } else {
            (arachne_mcts::search_any(root, &opts, &lim), json!({}))
        };
        let kind = if out.solved {
            ValueKind::Exact
        } else if out.reward.is_some() {
            ValueKind::Estimate
        } else {
            ValueKind::Unknown
        };
        Ok(Outcome {
            algo: req.algo.clone(),
            value: out.value,
            kind,
            best_move: out.best_move,
            pv: out.pv.clone(),
            depth: Some(out.pv.len() as u32),
            stats: out.stats,
            elapsed: out.elapsed,
            stopped: stopped(&out),
            detail: Detail::Mcts(Box::new(Mcts {
                run: out,
                opts,
                extra,
            })),
        })
    }
    fn observe(&mut self, mv: G::Move) {
        if let Some(s) = &mut self.kept {
            s.advance(mv);
        }
    }

    fn new_game(&mut self) {
        self.kept = None;
    }

    fn kept_nodes(&self) -> u64 {
        self.kept.as_ref().map_or(0, |s| s.tree_nodes() as u64)
    }
}

/// The report of a Monte Carlo tree search's outcome; `extra` holds the fields of its
/// process form (`procs`, `messages`, `backend`, the simulator's times).
pub fn report<G: Game>(
    root: &G,
    info: &GameInfo,
    algo: &str,
    opts: &MctsOptions,
    out: &MctsOutcome<G::Move>,
    extra: &Value,
) -> Report {
    let procs = extra.get("procs").and_then(|p| p.as_u64());
    let names = pv_names(root, &out.pv);
    let best = out.best_move.map(|m| root.move_name(m));
    let secs = out.elapsed.as_secs_f64();
    let mut v = json!({
        "game": info.spec,
        "algo": algo,
        "depth": out.pv.len(),
        "value": out.value.0,
        "value_kind": if out.solved { "exact" } else { "estimate" },
        "reward": out.reward,
        "scale": opts.scale,
        "best_move": best,
        "best_visits": out.best_visits,
        "pv": names,
        "nodes": out.stats.leaves,
        "iterations": out.iterations,
        "expansions": out.stats.interior,
        "movegens": out.stats.movegens,
        "playout_plies": out.playout_plies,
        "leaf_search_nodes": out.leaf_search_nodes,
        "tree_nodes": out.tree_nodes,
        "bytes_per_node": out.bytes_per_node,
        "tree_bytes": out.tree_nodes * out.bytes_per_node,
        "seed": opts.seed,
        "form": form_name(opts),
        "threads": opts.threads,
        "time_ms": secs * 1e3,
        "stopped": stopped(out),
    });
    value_json(&mut v, Some(out.value), info);
    if let (Some(v), Some(e)) = (v.as_object_mut(), extra.as_object()) {
        v.extend(e.clone());
    }
    let mut r = Report::new(v);
    r.line(format_args!("game       {}", info.spec));
    r.line(format_args!("algorithm  {algo}"));
    if let Some(p) = procs {
        let b = extra["backend"].as_str().unwrap_or("sim");
        let head = format!(
            "parallel   root on {p} processes, --backend {b}, {} messages",
            extra["messages"]
        );
        match extra["speedup"].as_f64() {
            Some(s) => r.line(format_args!(
                "{head}; virtual time {:.1} (P = 1: {:.1}), speedup {s:.2}",
                extra["virtual_time"].as_f64().unwrap_or(0.0),
                extra["serial_virtual_time"].as_f64().unwrap_or(0.0)
            )),
            None => r.line(head),
        }
    } else if opts.form().is_some() {
        r.line(format_args!(
            "parallel   {} on {} threads",
            form_name(opts),
            opts.threads
        ));
    }
    match (out.solved, out.reward) {
        (true, _) => r.line(format_args!(
            "value      {} (exact)",
            value_text(out.value, info)
        )),
        (false, Some(w)) => r.line(format_args!(
            "value      {} (estimate: mean reward {w:.4} at scale {})",
            value_text(out.value, info),
            opts.scale.unwrap_or(arachne_mcts::DEFAULT_SCALE)
        )),
        (false, None) => r.line("value      unknown (stopped before a root move was tried)"),
    }
    let no_move = if out.solved {
        "(none: terminal position)"
    } else {
        "(none: stopped before a root move was tried)"
    };
    r.line(format_args!(
        "best move  {}",
        best.as_deref().map_or(no_move.to_string(), |b| format!(
            "{b} ({} visits)",
            thousands(out.best_visits)
        ))
    ));
    r.line(format_args!(
        "pv         {} ({} plies)",
        names.join(" "),
        out.pv.len()
    ));
    r.line(format_args!(
        "nodes      {} generated, {} iterations, {} expansions, tree {} nodes x {} bytes",
        thousands(out.stats.leaves),
        thousands(out.iterations),
        thousands(out.stats.interior),
        thousands(out.tree_nodes as u64),
        out.bytes_per_node
    ));
    if out.playout_plies > 0 {
        r.line(format_args!(
            "playouts   {} plies",
            thousands(out.playout_plies)
        ));
    }
    if out.leaf_search_nodes > 0 {
        r.line(format_args!(
            "leaf ab    {} nodes",
            thousands(out.leaf_search_nodes)
        ));
    }
    r.line(format_args!(
        "time       {:.1} ms ({} M iterations/s)",
        secs * 1e3,
        mnps(out.iterations, secs)
    ));
    let stop = match (out.stop, out.stop_reason()) {
        (MctsStop::Solved, _) => "solved",
        (MctsStop::Iterations, _) => "iteration limit",
        (MctsStop::Memory, _) => "memory limit",
        (_, Some(s)) => stop_words(s),
        (_, None) => "stopped",
    };
    r.line(format_args!("stop       {stop}"));
    r
}

/// The limit that ended the search early, if one did (the tree's capacity as `memory`).
fn stopped<M>(out: &MctsOutcome<M>) -> Option<arachne_core::StopReason> {
    match out.stop {
        MctsStop::Memory => Some(arachne_core::StopReason::Memory),
        _ => out.stop_reason(),
    }
}

/// `serial`, `tree`, `root` or `leaf`.
fn form_name(opts: &MctsOptions) -> &'static str {
    opts.form().map_or("serial", par_name)
}

/// A form's name, as `mcts:par=` takes it.
fn par_name(p: Par) -> &'static str {
    match p {
        Par::Tree => "tree",
        Par::Root => "root",
        Par::Leaf => "leaf",
    }
}
