//! Best-first searches (`bfm`, `rbfm[:options]`, crate `arachne-bestfirst`).
//!
//! `--depth D` stops a best-first search when its principal variation reaches `D` plies
//! (Shoham–Toledo 2002 §3.2.3); without it a synthetic tree is searched to the end (exact value) and a
//! real game until its principal variation reaches the game's default depth, or with `--nodes`
//! or `--time-ms` until that limit. `--nodes N` is
//! the budget of generated nodes, `--memory MiB` (or `rbfm:memory=MiB`) caps the tree
//! (default [`crate::DEFAULT_TREE_MIB`]); either ends the search cleanly with its best move,
//! as `--time-ms` and the stop flag do, in every form (serial, shared tree, master–slave).
//! `rbfm:threads=T` (or `--threads T`) runs the shared-tree form on T threads, `--procs P
//! [--backend sim|threads|mpi]` the master–slave form. Options the best-first searches cannot
//! honour (the alpha-beta options, and `--backend`, `--cost`, `--latency-seed` without
//! `--procs`) are refused with a line naming them.
use crate::report::{extra_text, mnps, thousands, value_json, value_text, Report, RunError};
use crate::request::SearchRequest;
use crate::searcher::{BestFirst, Detail, Outcome, Progress, Searcher, ValueKind};
use crate::{pv_names, resolve_depth, DEFAULT_TREE_MIB};
use arachne_bestfirst::master::{self, MasterConfig};
use arachne_bestfirst::{shared, BfAlgo, BfOutcome, BfStop, DistTable, Kind};
use arachne_core::{Game, Limits};
use arachne_games::GameInfo;
use serde_json::{json, Value};
use std::sync::Arc;

/// The best-first searcher `req` names, after its checks.
pub(crate) fn resolve<G: Game>(
    req: &SearchRequest,
    info: &GameInfo,
) -> Result<BfSearcher<G>, RunError> {
    let mut algo = resolve_algo(req)?;
    // The distribution table, once for every search of the searcher: the caller's (with
    // `dist=`'s family, if given), or `table=FILE`, or the shipped one for the game.
    match &req.dist_table {
        Some(t) => {
            algo.opts.table = Some(match algo.family {
                Some(f) if f != t.family => {
                    let mut t = DistTable::clone(t);
                    t.family = f;
                    Arc::new(t)
                }
                _ => Arc::clone(t),
            })
        }
        None => algo
            .resolve_table(info.name, &info.spec)
            .map_err(RunError::usage)?,
    }
    Ok(BfSearcher {
        algo,
        req: req.clone(),
        info: info.clone(),
        kept: None,
    })
}

/// Refuses the shared-tree form for a game defined outside arachne ([`super::search_on`]):
/// such a game runs best-first search serially, or master–slave `rbfm --procs P` on the
/// simulator.
pub(crate) fn on_one_thread(req: &SearchRequest) -> Result<(), RunError> {
    match resolve_algo(req)?.threads {
        Some(t) => Err(RunError::usage(format!(
            "rbfm:threads={t}: a game defined outside arachne runs best-first search serially, or master–slave rbfm on --procs P with the simulator"
        ))),
        None => Ok(()),
    }
}

/// The algorithm of `req` with `--threads` applied, after the request's checks.
fn resolve_algo(req: &SearchRequest) -> Result<BfAlgo, RunError> {
    let mut algo: BfAlgo = req.algo.parse().map_err(RunError::usage)?;
    req.refuse_hash("best-first search (its tree is --memory MiB)")?;
    req.refuse_alphabeta_options(
        "bfm/rbfm (best-first search values leaves by the game's evaluation)",
    )?;
    if let Some(t) = req.threads {
        if algo.opts.kind == Kind::Bfm {
            return Err(RunError::refused(
                "--threads",
                "--threads: bfm is serial (rbfm runs on threads: --algo rbfm --threads T)",
            ));
        }
        // `--threads T` is rbfm's shared-tree form, as `rbfm:threads=T`.
        match algo.threads {
            Some(u) if u != t => {
                return Err(RunError::usage(format!(
                    "--threads {t} contradicts rbfm:threads={u}"
                )))
            }
            _ => algo.threads = Some(t),
        }
    }
    if req.procs.is_none() {
        let why = |flag: &str| {
            format!(
                "{flag} is for master–slave rbfm: give --procs P (without it, `{}` runs {})",
                arachne_core::parse::clip(&req.algo, 40),
                if algo.threads.is_some() {
                    "on a shared tree"
                } else {
                    "serially"
                }
            )
        };
        for (flag, given) in [
            ("rbfm:batch=", algo.batch.is_some()),
            ("rbfm:master=", algo.master_expands.is_some()),
            ("rbfm:grain=", algo.grain.is_some()),
        ] {
            if given {
                return Err(RunError::refused(flag, why(flag)));
            }
        }
        req.refuse_process_flags(why)?;
    } else if req.backend.as_deref().is_some_and(|b| b != "sim")
        && (req.cost.is_some() || req.latency_seed != 0)
    {
        return Err(RunError::usage(
            "--cost and --latency-seed apply to --backend sim only",
        ));
    }
    req.check_memory()?;
    // The stops between the moves of a game are the serial searcher's (the one that keeps its
    // tree from move to move).
    let serial = algo.threads.is_none() && req.procs.is_none();
    for (key, given) in [
        ("terminal=", algo.terminal.is_some()),
        ("abort=", algo.opts.abort_factor.is_some()),
    ] {
        if given && !serial {
            return Err(RunError::refused(
                key,
                format!("{key}: a stop of the serial search (the shared-tree and master–slave forms stop at the depth or a limit)"),
            ));
        }
    }
    if algo.opts.abort_factor.is_some() && !req.playing {
        return Err(RunError::refused(
            "abort=",
            "abort=: a move stopped past F times the earlier moves' average (§4.1) needs earlier moves: it applies to a searcher that plays a game (arachne play)",
        ));
    }
    if let Some(t) = algo.terminal {
        algo.opts.stop_at_terminal_pv = t;
    }
    if req.dist_table.is_some() && algo.table_file.is_some() {
        return Err(RunError::usage(
            "rbfm: table=FILE and the caller's distribution table exclude each other",
        ));
    }
    if algo.opts.kind == Kind::Bfm && req.procs.is_some() {
        return Err(RunError::refused(
            "--procs",
            "bfm is serial; --procs needs rbfm",
        ));
    }
    if algo.threads.is_some() && req.procs.is_some() {
        let given = if req.threads.is_some() {
            "--threads"
        } else {
            "threads="
        };
        return Err(RunError::usage(format!(
            "rbfm: {given} (shared tree) and --procs (master–slave) exclude each other"
        )));
    }
    Ok(algo)
}

/// A best-first search (serial, shared tree or master–slave) with the request's options.
pub(crate) struct BfSearcher<G: Game> {
    algo: BfAlgo,
    req: SearchRequest,
    info: GameInfo,
    /// Playing ([`SearchRequest::playing`]), the serial form's searcher and its tree, kept
    /// between moves (Shoham–Toledo 2002 §3.2.5).
    kept: Option<arachne_bestfirst::Searcher<G>>,
}

impl<G: Game> Searcher<G> for BfSearcher<G> {
    fn search_with(
        &mut self,
        root: &G,
        limits: &Limits,
        _progress: Progress<'_, G::Move>,
    ) -> Result<Outcome<G::Move>, RunError> {
        let (req, info) = (&self.req, &self.info);
        let root = root.clone();
        let mut algo = self.algo.clone();
        algo.apply_memory::<G::Move>(req.memory.or(algo.memory_mib).or(Some(DEFAULT_TREE_MIB)));
        // Without a depth: a synthetic tree to the end; a real game to its default depth, or
        // with a node or time limit until the limit.
        let limited = limits.nodes.is_some() || limits.deadline.is_some();
        if limits.depth.is_some() || (info.max_depth.is_none() && !limited) {
            let d = resolve_depth(limits.depth, info).map_err(RunError::usage)?;
            algo.opts.pv_depth = Some(d);
        }
        let lim = Limits {
            depth: Some(algo.opts.pv_depth.unwrap_or(0)),
            ..limits.clone()
        };
        let (out, extra) = if let Some(t) = algo.threads {
            let out = shared::search(&root, &algo.opts, &lim, t);
            (out, json!({"threads": t, "form": "shared-tree"}))
        } else if let Some(p) = req.procs {
            let backend = req.backend(1, 1, false)?;
            let mut cfg = MasterConfig::new(algo.opts.clone(), p);
            cfg.batch = algo.batch;
            cfg.master_expands = algo.master_expands;
            cfg.grain = algo.grain;
            // --nodes, --time-ms and the stop flag, as for the serial search.
            cfg.limits = lim.clone();
            let par = master::search(&root, &cfg, &backend).map_err(RunError::usage)?;
            let form = cfg.form(&backend);
            let mut extra = json!({"procs": p, "form": "master-slave", "messages": par.messages,
                "backend": req.backend.as_deref().unwrap_or("sim"), "batch": form.batch,
                "master_expands": form.master_expands, "grain": form.grain,
                "own_expansions": par.detail.own_expansions});
            // Who expanded: each process's expansions, the slaves' share, and the messages
            // each expansion cost.
            let by = &par.detail.expansions_by_proc;
            let all: u64 = by.iter().sum();
            extra["expansions_by_proc"] = json!(by);
            if all > 0 {
                extra["slave_share"] = json!((all - by[0]) as f64 / all as f64);
                extra["messages_per_expansion"] = json!(par.messages as f64 / all as f64);
            }
            if let master::Backend::Sim(c) = &backend {
                extra["virtual_time"] = json!(par.time);
                extra["serial_virtual_time"] = json!(par.serial_time);
                extra["speedup"] = json!(par.speedup);
                extra["cost_model"] = json!(c.cost.to_string());
                if par.speedup.is_some_and(|s| s > p as f64) {
                    // Say why, rather than print a figure above P bare.
                    extra["speedup_note"] = json!(format!(
                        "above {p} processors because the search stops at a principal-variation depth, which the parallel run reached with fewer generated nodes than the serial one: the speedup compares times to that stopping rule, not equal work"
                    ));
                }
            }
            (par.outcome, extra)
        } else if req.playing {
            // The tree kept from the last move, if it is this position's with the same
            // stopping depth; else a fresh one.
            algo.opts.stop_at_terminal_pv = algo.terminal.unwrap_or(true);
            let same = |s: &arachne_bestfirst::Searcher<G>| {
                s.options().pv_depth == algo.opts.pv_depth
                    && s.root().hash().zip(root.hash()).is_none_or(|(a, b)| a == b)
            };
            let s = match self.kept.take().filter(same) {
                Some(s) => self.kept.insert(s),
                None => self
                    .kept
                    .insert(arachne_bestfirst::Searcher::new(root.clone(), algo.opts)),
            };
            (s.run(&lim), json!({}))
        } else {
            let out = arachne_bestfirst::search(&root, &algo.opts, &lim);
            (out, json!({}))
        };
        let kind = if out.solved {
            ValueKind::Exact
        } else {
            ValueKind::Estimate
        };
        Ok(Outcome {
            algo: req.algo.clone(),
            value: out.value,
            kind,
            best_move: out.best_move,
            pv: out.pv.clone(),
            depth: Some(out.pv_depth),
            stats: out.stats,
            elapsed: out.elapsed,
            stopped: out.stop_reason(),
            detail: Detail::BestFirst(Box::new(BestFirst { run: out, extra })),
        })
    }

    fn observe(&mut self, mv: G::Move) {
        if let Some(s) = &mut self.kept {
            s.play(mv);
        }
    }

    fn new_game(&mut self) {
        self.kept = None;
    }

    fn kept_nodes(&self) -> u64 {
        self.kept.as_ref().map_or(0, |s| s.tree().len() as u64)
    }
}

/// The report of a best-first search's outcome; `extra` holds the fields of its parallel
/// form, added to the JSON and shown as `key value` lines in the text.
pub fn report<G: Game>(
    root: &G,
    info: &GameInfo,
    algo: &str,
    out: &BfOutcome<G::Move>,
    extra: &Value,
) -> Report {
    let names = pv_names(root, &out.pv);
    let best = out.best_move.map(|m| root.move_name(m));
    let secs = out.elapsed.as_secs_f64();
    // RBFM plays the §5.3 vote, which may differ from the line's first move.
    let vote_note = match (&best, names.first()) {
        (Some(b), Some(first)) if b != first => Some(format!(
            "{b} is the move of the vote (Shoham–Toledo 2002 §5.3: the most common best move of the last \
             expansions); the line follows the best child now, {first}"
        )),
        _ => None,
    };
    let mut v = json!({
        "game": info.spec,
        "algo": algo,
        "depth": out.pv_depth,
        "value": out.value.0,
        "value_kind": if out.solved { "exact" } else { "estimate" },
        "best_move": best,
        "pv": names,
        "nodes": out.generated(),
        "interior": out.expansions(),
        "leaves": out.stats.leaves,
        "movegens": out.stats.movegens,
        "expansions": out.expansions(),
        "tree_nodes": out.tree_nodes,
        "bytes_per_node": out.bytes_per_node,
        "tree_bytes": out.tree_nodes * out.bytes_per_node,
        "time_ms": secs * 1e3,
        "stopped": out.stop_reason(),
        "best_move_note": vote_note,
    });
    value_json(&mut v, Some(out.value), info);
    if let (Some(o), Some(e)) = (v.as_object_mut(), extra.as_object()) {
        o.extend(e.clone());
    }
    let mut r = Report::new(v);
    r.line(format_args!("game       {}", info.spec));
    r.line(format_args!("algorithm  {algo}"));
    extra_text(&mut r, extra);
    r.line(format_args!(
        "value      {}{}",
        value_text(out.value, info),
        if out.solved {
            " (exact)"
        } else {
            " (estimate: not solved)"
        }
    ));
    let mut moves = Vec::new();
    root.moves(&mut moves);
    let no_move = if moves.is_empty() || root.is_terminal() {
        "(none: terminal position)"
    } else {
        "(none: stopped before a root move was searched)"
    };
    r.line(format_args!(
        "best move  {}",
        best.as_deref().unwrap_or(no_move)
    ));
    if let Some(n) = &vote_note {
        r.line(format_args!("           ({n})"));
    }
    r.line(format_args!(
        "pv         {} ({} plies)",
        names.join(" "),
        out.pv_depth
    ));
    r.line(format_args!(
        "nodes      {} generated, {} expansions, tree {} nodes x {} bytes",
        thousands(out.generated()),
        thousands(out.expansions()),
        thousands(out.tree_nodes as u64),
        out.bytes_per_node
    ));
    r.line(format_args!(
        "time       {:.1} ms ({} M expansions/s)",
        secs * 1e3,
        mnps(out.expansions(), secs)
    ));
    r.line(format_args!("stop       {}", stop_words(out.stop)));
    r
}

/// Why a best-first search ended, in words.
fn stop_words(s: BfStop) -> &'static str {
    match s {
        BfStop::Solved => "solved",
        BfStop::PvDepth => "depth reached (by the principal variation)",
        BfStop::TerminalPv => "solved along the principal variation (it ends the game)",
        BfStop::Nodes => "node limit",
        BfStop::Memory => "memory limit",
        BfStop::Abort => "node limit (more than the abort factor times earlier turns' nodes)",
        BfStop::Time => "time limit",
        BfStop::Stopped => "stopped",
        BfStop::Blocked => "no open leaf (every leaf pending at the slaves)",
    }
}
