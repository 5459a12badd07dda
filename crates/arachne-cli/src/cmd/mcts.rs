//! Monte Carlo tree search from `arachne search --algo mcts[:options]` (issue 27), crate
//! `arachne-bestfirst`'s [`arachne_bestfirst::mcts`].
//!
//! `--nodes N` is the budget of generated tree nodes, `--time-ms` the deadline, `--memory MiB`
//! (or `mcts:memory=MiB`) caps the tree (default 1024 MiB), `iters=N` the iterations; with none
//! of `--nodes`, `--time-ms` and `iters=` given, [`DEFAULT_ITERS`] iterations. The search is
//! serial: `--threads`, `--procs`, `--backend`, `--cost`, `--latency-seed`, `--depth` and the
//! alpha-beta options are refused with a line naming them.
use super::bestfirst::{check_memory, refuse_alphabeta_options, DEFAULT_MEMORY_MIB};
use super::search::{limits, pv_names, SearchArgs};
use crate::error::{CliError, CliResult};
use crate::output::{mnps, print_json, thousands};
use arachne_bestfirst::mcts::{self, Mcts, MctsOptions, MctsOutcome};
use arachne_core::Game;
use arachne_games::{with_game, GameInfo, GameVisitor};
use serde_json::json;

/// Iterations when no budget is given.
pub const DEFAULT_ITERS: u64 = 100_000;

/// Runs `args` if `args.algo` is `mcts`; `None` otherwise.
pub fn run(args: &SearchArgs) -> Option<CliResult> {
    mcts::is_mcts(&args.algo).then(|| run_mcts(args))
}

fn run_mcts(args: &SearchArgs) -> CliResult {
    let mut opts: MctsOptions = args.algo.parse().map_err(CliError::usage)?;
    args.refuse_hash("mcts (its tree is --memory MiB)")?;
    for (flag, given) in [
        ("--threads", args.threads.is_some()),
        ("--procs", args.procs.is_some()),
        ("--backend", args.backend.is_some()),
        ("--cost", args.cost.is_some()),
        ("--latency-seed", args.latency_seed != 0),
    ] {
        if given {
            return Err(CliError::usage(format!(
                "{flag}: mcts is serial (parallel MCTS is not built yet)"
            )));
        }
    }
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
        opts.max_tree_nodes = Some(Mcts::<G>::nodes_in_mib(mib));
        opts.scale = Some(opts.scale.unwrap_or_else(|| mcts::default_scale(info.name)));
        let lim = limits(args, 0);
        let out = Mcts::new(root.clone(), opts.clone()).run(&lim);
        report(&root, &info, &args.algo, &opts, &out, args.json);
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
) {
    let names = pv_names(root, &out.pv);
    let best = out.best_move.map(|m| root.move_name(m));
    let secs = out.elapsed.as_secs_f64();
    if as_json {
        print_json(&json!({
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
            "time_ms": secs * 1e3,
            "stop": out.stop,
            "stopped": out.stop_reason(),
        }));
        return;
    }
    println!("game       {}", info.spec);
    println!("algorithm  {algo}");
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
