//! Monte Carlo tree search from `arachne search --algo mcts[:options]` (issue 27), crate
//! `arachne-bestfirst`'s [`arachne_bestfirst::mcts`].
//!
//! `--nodes N` is the budget of generated tree nodes, `--time-ms` the deadline, `--memory MiB`
//! (or `mcts:memory=MiB`) caps the tree (default 1024 MiB), `iters=N` the iterations; with none
//! of `--nodes`, `--time-ms` and `iters=` given, [`DEFAULT_ITERS`] iterations.
//!
//! `--threads T` (or `mcts:threads=T`) runs a parallel form on `T` threads: `par=tree` (the
//! default with more than one thread: one shared tree, virtual loss), `par=root` (independent
//! trees, votes merged; the budgets are split among them) or `par=leaf` (`T` random playouts
//! per leaf; `playout=random` only). `par=root --procs P [--backend sim|threads|mpi]` runs
//! root parallelisation as `P` message-passing processes
//! ([`arachne_bestfirst::mcts::distributed`]; `--cost` and `--latency-seed` on sim, which also
//! reports the virtual time and the speedup over `P = 1`). `--procs` with another form or with
//! `--threads`, and `--backend`, `--cost`, `--latency-seed` without `--procs`, are refused with
//! a line naming them, as are `--depth` and the alpha-beta options.
use crate::args::{check_memory, limits, refuse_alphabeta_options, SearchArgs};
use crate::error::{CliError, CliResult};
use crate::output::{mnps, print_json, thousands};
use arachne_bestfirst::mcts::{self, distributed, MctsOptions, MctsOutcome, MctsSearcher, Par};
use arachne_core::Game;
use arachne_engine::{pv_names, DEFAULT_TREE_MIB as DEFAULT_MEMORY_MIB};
use arachne_games::{with_game, GameInfo, GameVisitor};
use arachne_runtime::{Backend, CostModel, SimConfig};
use serde_json::json;

/// Iterations when no budget is given.
pub const DEFAULT_ITERS: u64 = arachne_engine::DEFAULT_MCTS_ITERS;

/// Runs `args` if `args.algo` is `mcts`; `None` otherwise.
pub fn run(args: &SearchArgs) -> Option<CliResult> {
    // `--backend mpi`: rank 0 prints, worker ranks stay silent, MPI is finalized.
    mcts::is_mcts(&args.algo).then(|| super::parallel::mpi::finish(args, run_mcts(args)))
}

fn run_mcts(args: &SearchArgs) -> CliResult {
    let mut opts: MctsOptions = args.algo.parse().map_err(CliError::usage)?;
    args.refuse_hash("mcts (its tree is --memory MiB)")?;
    if let Some(t) = args.threads {
        if opts.threads != 1 && opts.threads != t {
            return Err(CliError::usage(format!(
                "--threads {t} contradicts mcts:threads={}",
                opts.threads
            )));
        }
        opts.threads = t;
        opts.check_parallel().map_err(CliError::usage)?;
    }
    check_procs(args, &opts)?;
    refuse_alphabeta_options(
        args,
        "mcts (it values leaves by playouts, the evaluation or ab:D)",
    )?;
    if args.depth.is_some() {
        return Err(CliError::usage(
            "--depth: mcts has no search depth (budgets: iters=N, --nodes, --time-ms, --memory; playouts: cap=N)",
        ));
    }
    check_memory(args)?;
    if let (Some(a), Some(b)) = (args.memory, opts.memory_mib) {
        if a != b {
            return Err(CliError::usage(format!(
                "--memory {a} contradicts mcts:memory={b}"
            )));
        }
    }
    if opts.iterations.is_none() && args.nodes.is_none() && args.time_ms.is_none() {
        opts.iterations = Some(DEFAULT_ITERS);
    }
    with_game(&args.game, Visit { args, opts }).map_err(CliError::usage)?
}

/// Refuses the process options where they do not apply (module docs).
fn check_procs(args: &SearchArgs, opts: &MctsOptions) -> CliResult {
    let Some(_) = args.procs else {
        for (flag, given) in [
            ("--backend", args.backend.is_some()),
            ("--cost", args.cost.is_some()),
            ("--latency-seed", args.latency_seed != 0),
        ] {
            if given {
                return Err(CliError::usage(format!(
                    "{flag} is for root-parallel mcts on processes: give mcts:par=root --procs P"
                )));
            }
        }
        return Ok(());
    };
    if opts.par != Some(Par::Root) {
        return Err(CliError::usage(
            "--procs: only root parallelisation runs as processes (mcts:par=root --procs P); tree and leaf run on --threads",
        ));
    }
    if opts.threads != 1 {
        return Err(CliError::usage(
            "--procs and --threads (or mcts:threads=) exclude each other: par=root runs on P processes or on T threads",
        ));
    }
    if args.backend.as_deref().is_some_and(|b| b != "sim")
        && (args.cost.is_some() || args.latency_seed != 0)
    {
        return Err(CliError::usage(
            "--cost and --latency-seed apply to --backend sim only",
        ));
    }
    Ok(())
}

/// The backend `--backend` names (sim by default).
fn backend(args: &SearchArgs) -> Result<Backend, CliError> {
    Ok(match args.backend.as_deref().unwrap_or("sim") {
        "sim" => Backend::Sim(SimConfig {
            cost: CostModel::parse(args.cost.as_deref()).map_err(CliError::usage)?,
            latency_seed: args.latency_seed,
        }),
        "threads" => Backend::Threads { poll_every: 1 },
        "mpi" => Backend::Mpi { poll_every: 1 },
        o => {
            return Err(CliError::usage(format!(
                "unknown backend `{o}` (known: sim, threads, mpi)"
            )))
        }
    })
}

struct Visit<'a> {
    args: &'a SearchArgs,
    opts: MctsOptions,
}

impl GameVisitor for Visit<'_> {
    type Output = CliResult;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> CliResult {
        let args = self.args;
        let mut opts = self.opts;
        let mib = args
            .memory
            .or(opts.memory_mib)
            .unwrap_or(DEFAULT_MEMORY_MIB);
        opts.max_tree_nodes = Some(MctsSearcher::<G>::nodes_in_mib(&opts, mib));
        opts.scale = Some(opts.scale.unwrap_or_else(|| mcts::default_scale(info.name)));
        let lim = limits(args, 0);
        if let Some(p) = args.procs {
            let b = backend(args)?;
            let par = distributed::search(&root, &opts, p, &b, &lim, true)
                .map_err(|e| CliError::usage(e.0))?;
            let mut extra = json!({"procs": p, "messages": par.messages,
                "backend": args.backend.as_deref().unwrap_or("sim")});
            if let Backend::Sim(c) = &b {
                extra["virtual_time"] = json!(par.time);
                extra["serial_virtual_time"] = json!(par.serial_time);
                extra["speedup"] = json!(par.speedup);
                extra["cost_model"] = json!(c.cost.to_string());
            }
            report(
                &root,
                &info,
                &args.algo,
                &opts,
                &par.outcome,
                args.json,
                extra,
            );
            return Ok(());
        }
        let out = mcts::search_any(&root, &opts, &lim);
        report(&root, &info, &args.algo, &opts, &out, args.json, json!({}));
        Ok(())
    }
}

fn report<G: Game>(
    root: &G,
    info: &GameInfo,
    algo: &str,
    opts: &MctsOptions,
    out: &MctsOutcome<G::Move>,
    as_json: bool,
    extra: serde_json::Value,
) {
    let procs = extra.get("procs").and_then(|p| p.as_u64());
    let names = pv_names(root, &out.pv);
    let best = out.best_move.map(|m| root.move_name(m));
    let secs = out.elapsed.as_secs_f64();
    if as_json {
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
            "stop": out.stop,
            "stopped": out.stop_reason(),
        });
        if let (Some(v), Some(e)) = (v.as_object_mut(), extra.as_object()) {
            v.extend(e.clone());
        }
        print_json(&v);
        return;
    }
    println!("game       {}", info.spec);
    println!("algorithm  {algo}");
    if let Some(p) = procs {
        let b = extra["backend"].as_str().unwrap_or("sim");
        print!(
            "parallel   root on {p} processes, --backend {b}, {} messages",
            extra["messages"]
        );
        match extra["speedup"].as_f64() {
            Some(s) => println!(
                "; virtual time {:.1} (P = 1: {:.1}), speedup {s:.2}",
                extra["virtual_time"].as_f64().unwrap_or(0.0),
                extra["serial_virtual_time"].as_f64().unwrap_or(0.0)
            ),
            None => println!(),
        }
    } else if opts.form().is_some() {
        println!("parallel   {} on {} threads", form_name(opts), opts.threads);
    }
    match (out.solved, out.reward) {
        (true, _) => println!("value      {} (exact)", out.value),
        (false, Some(r)) => println!(
            "value      {} (estimate: mean reward {r:.4} at scale {})",
            out.value,
            opts.scale.unwrap_or(mcts::DEFAULT_SCALE)
        ),
        (false, None) => println!("value      unknown (stopped before a root move was tried)"),
    }
    let no_move = if out.solved {
        "(none: terminal position)"
    } else {
        "(none: stopped before a root move was tried)"
    };
    println!(
        "best move  {}",
        best.as_deref().map_or(no_move.to_string(), |b| format!(
            "{b} ({} visits)",
            thousands(out.best_visits)
        ))
    );
    println!("pv         {} ({} plies)", names.join(" "), out.pv.len());
    println!(
        "nodes      {} generated, {} iterations, {} expansions, tree {} nodes x {} bytes",
        thousands(out.stats.leaves),
        thousands(out.iterations),
        thousands(out.stats.interior),
        thousands(out.tree_nodes as u64),
        out.bytes_per_node
    );
    if out.playout_plies > 0 {
        println!("playouts   {} plies", thousands(out.playout_plies));
    }
    if out.leaf_search_nodes > 0 {
        println!("leaf ab    {} nodes", thousands(out.leaf_search_nodes));
    }
    println!(
        "time       {:.1} ms ({} M iterations/s)",
        secs * 1e3,
        mnps(out.iterations, secs)
    );
    println!("stop       {:?}", out.stop);
}

/// `serial`, `tree`, `root` or `leaf`.
fn form_name(opts: &MctsOptions) -> &'static str {
    match opts.form() {
        None => "serial",
        Some(mcts::Par::Tree) => "tree",
        Some(mcts::Par::Root) => "root",
        Some(mcts::Par::Leaf) => "leaf",
    }
}
