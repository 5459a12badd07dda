//! Best-first searches from `arachne search` (`--algo bfm`, `--algo rbfm[:options]`) and
//! `arachne learn` (the distribution tables of RBFM, seed 002 §2.6), crate `arachne-bestfirst`.
//!
//! `--depth D` stops a best-first search when its principal variation reaches `D` plies
//! (§3.2.3); without it a synthetic tree is searched to the end (exact value) and a real game
//! until its principal variation reaches the game's default depth. `--nodes N` is the budget
//! of generated nodes, `--memory MiB` (or `rbfm:memory=MiB`) caps the tree (default
//! 1024 MiB); either ends the search cleanly with its best move, as `--time-ms` and Ctrl-C do,
//! in every form (serial, shared tree, master–slave). `rbfm:threads=T` (or `--threads T`) runs
//! the shared-tree form on T threads, `--procs P [--backend sim|threads|mpi]` the master–slave
//! form. Options the best-first searches cannot honour (the alpha-beta options, and
//! `--backend`, `--cost`, `--latency-seed` without `--procs`) are refused with a line naming
//! them (issue 24, item 7).
use crate::args::{check_memory, limits, refuse_alphabeta_options, resolve_depth, SearchArgs};
use crate::error::{CliError, CliResult};
use crate::output::{mnps, print_json, thousands};
use arachne_bestfirst::learn::{self, LearnConfig};
use arachne_bestfirst::master::{self, MasterConfig};
use arachne_bestfirst::shared;
use arachne_bestfirst::{BfAlgo, BfOutcome, Family, Kind};
use arachne_core::Game;
use arachne_engine::pv_names;
use arachne_games::{with_game, GameInfo, GameVisitor};
use arachne_plot::{render, Chart, Series, Style};
use arachne_runtime::{CostModel, SimConfig};
use clap::Args;
use serde_json::json;
use std::path::PathBuf;

/// Default cap on the tree, MiB.
pub const DEFAULT_MEMORY_MIB: u64 = arachne_engine::DEFAULT_TREE_MIB;

/// Runs `args` if `args.algo` is `bfm` or `rbfm`; `None` otherwise.
pub fn run(args: &SearchArgs) -> Option<CliResult> {
    // `--backend mpi`: rank 0 prints, worker ranks stay silent, MPI is finalized.
    arachne_bestfirst::is_bestfirst(&args.algo)
        .then(|| super::parallel::mpi::finish(args, run_bf(args)))
}

fn run_bf(args: &SearchArgs) -> CliResult {
    let mut algo: BfAlgo = args.algo.parse().map_err(CliError::usage)?;
    args.refuse_hash("best-first search (its tree is --memory MiB)")?;
    refuse_alphabeta_options(
        args,
        "bfm/rbfm (best-first search values leaves by the game's evaluation)",
    )?;
    if let Some(t) = args.threads {
        if algo.opts.kind == Kind::Bfm {
            return Err(CliError::usage(
                "--threads: bfm is serial (rbfm runs on threads: --algo rbfm --threads T)",
            ));
        }
        // `--threads T` is rbfm's shared-tree form, as `rbfm:threads=T`.
        match algo.threads {
            Some(u) if u != t => {
                return Err(CliError::usage(format!(
                    "--threads {t} contradicts rbfm:threads={u}"
                )))
            }
            _ => algo.threads = Some(t),
        }
    }
    if args.procs.is_none() {
        for (flag, given) in [
            ("rbfm:batch=", algo.batch.is_some()),
            ("rbfm:master=", algo.master_expands.is_some()),
            ("--backend", args.backend.is_some()),
            ("--cost", args.cost.is_some()),
            ("--latency-seed", args.latency_seed != 0),
        ] {
            if given {
                return Err(CliError::usage(format!(
                    "{flag} is for master–slave rbfm: give --procs P (without it, `{}` runs {})",
                    arachne_core::parse::clip(&args.algo, 40),
                    if algo.threads.is_some() {
                        "on a shared tree"
                    } else {
                        "serially"
                    }
                )));
            }
        }
    } else if args.backend.as_deref().is_some_and(|b| b != "sim")
        && (args.cost.is_some() || args.latency_seed != 0)
    {
        return Err(CliError::usage(
            "--cost and --latency-seed apply to --backend sim only",
        ));
    }
    check_memory(args)?;
    if args.nodes == Some(0) {
        return Err(CliError::usage("--nodes must be at least 1"));
    }
    if algo.opts.kind == Kind::Bfm && args.procs.is_some() {
        return Err(CliError::usage("bfm is serial; --procs needs rbfm"));
    }
    if algo.threads.is_some() && args.procs.is_some() {
        let given = if args.threads.is_some() {
            "--threads"
        } else {
            "threads="
        };
        return Err(CliError::usage(format!(
            "rbfm: {given} (shared tree) and --procs (master–slave) exclude each other"
        )));
    }
    with_game(&args.game, Visit { args, algo }).map_err(CliError::usage)?
}

struct Visit<'a> {
    args: &'a SearchArgs,
    algo: BfAlgo,
}

impl GameVisitor for Visit<'_> {
    type Output = CliResult;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> CliResult {
        let args = self.args;
        let mut algo = self.algo;
        algo.resolve_table(info.name, &info.spec)
            .map_err(CliError::usage)?;
        algo.apply_memory::<G::Move>(args.memory.or(algo.memory_mib).or(Some(DEFAULT_MEMORY_MIB)));
        if args.depth.is_some() || info.max_depth.is_none() {
            let d = resolve_depth(args.depth, &info)?;
            algo.opts.pv_depth = Some(d);
        }
        let lim = limits(args, algo.opts.pv_depth.unwrap_or(0));
        let name = args.algo.clone();
        let (out, extra) = if let Some(t) = algo.threads {
            let out = shared::search(&root, &algo.opts, &lim, t);
            (out, json!({"threads": t, "form": "shared-tree"}))
        } else if let Some(p) = args.procs {
            let backend = match args.backend.as_deref().unwrap_or("sim") {
                "sim" => {
                    let cost = CostModel::parse(args.cost.as_deref()).map_err(CliError::usage)?;
                    master::Backend::Sim(SimConfig {
                        cost,
                        latency_seed: args.latency_seed,
                    })
                }
                "threads" => master::Backend::Threads { poll_every: 1 },
                "mpi" => master::Backend::Mpi { poll_every: 1 },
                o => {
                    return Err(CliError::usage(format!(
                        "unknown backend `{o}` (known: sim, threads, mpi)"
                    )))
                }
            };
            let mut cfg = MasterConfig::new(algo.opts.clone(), p);
            cfg.batch = algo.batch;
            cfg.master_expands = algo.master_expands;
            // --nodes, --time-ms and Ctrl-C, as for the serial search.
            cfg.limits = lim.clone();
            let par = master::search(&root, &cfg, &backend).map_err(CliError::usage)?;
            let form = cfg.form(&backend);
            let mut extra = json!({"procs": p, "form": "master-slave", "messages": par.messages,
                "backend": args.backend.as_deref().unwrap_or("sim"), "batch": form.batch,
                "master_expands": form.master_expands, "own_expansions": par.detail.own_expansions});
            if let master::Backend::Sim(c) = &backend {
                extra["virtual_time"] = json!(par.time);
                extra["serial_virtual_time"] = json!(par.serial_time);
                extra["speedup"] = json!(par.speedup);
                extra["cost_model"] = json!(c.cost.to_string());
                if par.speedup.is_some_and(|s| s > p as f64) {
                    // Issue 24, item 12: say why, rather than print a figure above P bare.
                    extra["speedup_note"] = json!(format!(
                        "above {p} processors because the search stops at a principal-variation depth, which the parallel run reached with fewer generated nodes than the serial one: the speedup compares times to that stopping rule, not equal work"
                    ));
                }
            }
            (par.outcome, extra)
        } else {
            let out = arachne_bestfirst::search(&root, &algo.opts, &lim);
            (out, json!({}))
        };
        report(&root, &info, &name, &out, extra, args.json);
        Ok(())
    }
}

fn report<G: Game>(
    root: &G,
    info: &GameInfo,
    algo: &str,
    out: &BfOutcome<G::Move>,
    extra: serde_json::Value,
    as_json: bool,
) {
    let names = pv_names(root, &out.pv);
    let best = out.best_move.map(|m| root.move_name(m));
    let secs = out.elapsed.as_secs_f64();
    // Issue 24, item 11: RBFM plays the §5.3 vote, which may differ from the line's first move.
    let vote_note = match (&best, names.first()) {
        (Some(b), Some(first)) if b != first => Some(format!(
            "{b} is the move of the vote (seed 002 §5.3: the most common best move of the last \
             expansions); the line follows the best child now, {first}"
        )),
        _ => None,
    };
    if as_json {
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
            "stop": out.stop,
            "stopped": out.stop_reason(),
            "best_move_note": vote_note,
        });
        if let (Some(o), Some(e)) = (v.as_object_mut(), extra.as_object()) {
            for (k, x) in e {
                o.insert(k.clone(), x.clone());
            }
        }
        print_json(&v);
        return;
    }
    println!("game       {}", info.spec);
    println!("algorithm  {algo}");
    if let Some(o) = extra.as_object() {
        for (k, x) in o {
            // Plain text, not JSON: strings without quotes, absent values left out.
            match x {
                serde_json::Value::Null => {}
                serde_json::Value::String(t) => println!("{k:<10} {t}"),
                x => println!("{k:<10} {x}"),
            }
        }
    }
    println!(
        "value      {}{}",
        out.value,
        if out.solved {
            " (exact)"
        } else {
            " (estimate: not solved)"
        }
    );
    let mut moves = Vec::new();
    root.moves(&mut moves);
    let no_move = if moves.is_empty() || root.is_terminal() {
        "(none: terminal position)"
    } else {
        "(none: stopped before a root move was searched)"
    };
    println!("best move  {}", best.as_deref().unwrap_or(no_move));
    if let Some(n) = &vote_note {
        println!("           ({n})");
    }
    println!("pv         {} ({} plies)", names.join(" "), out.pv_depth);
    println!(
        "nodes      {} generated, {} expansions, tree {} nodes x {} bytes",
        thousands(out.generated()),
        thousands(out.expansions()),
        thousands(out.tree_nodes as u64),
        out.bytes_per_node
    );
    println!(
        "time       {:.1} ms ({} M expansions/s)",
        secs * 1e3,
        mnps(out.expansions(), secs)
    );
    println!("stop       {:?}", out.stop);
    if let Some(r) = out.stop_reason() {
        println!("stopped    {r:?}");
    }
}

#[derive(Args, Debug)]
pub struct LearnArgs {
    /// Game spec whose positions to learn from (random walks from its root), e.g.
    /// `incremental:b=10,d=100,seed=1,branching=random` or `othello`.
    #[arg(long, short = 'g')]
    pub game: String,
    /// Number of sample positions.
    #[arg(long, default_value_t = 400, allow_negative_numbers = true, value_parser = crate::args::any_usize)]
    pub positions: usize,
    /// Depth of the alpha-beta search that defines the real score (the paper: 10).
    #[arg(long, default_value_t = 10, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub real_depth: u32,
    /// RBFM node expansions per position.
    #[arg(long, default_value_t = 200, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub expansions: u32,
    /// Bootstrapping rounds (the paper: 3 or 4).
    #[arg(long, default_value_t = 4, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub rounds: u32,
    /// Family of the table: normal, chisquare[:k=16], mix[:lo=4,hi=10,k=16], exponential[:damping=0.25].
    #[arg(long, default_value = "normal")]
    pub dist: String,
    /// The trivial start: g = this everywhere, f = 0 (0: best-first).
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true, value_parser = crate::args::non_negative_f64)]
    pub start_var: f64,
    /// Shortest random walk from the root to a sample position.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub min_plies: u32,
    /// Longest random walk.
    #[arg(long, default_value_t = 8, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub max_plies: u32,
    /// Seed.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub seed: u64,
    /// Write the table here (default: print it).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write histograms of the distance from the real score (Figs. 5, 6) into this directory.
    #[arg(long)]
    pub plots: Option<PathBuf>,
    /// Print a JSON summary.
    #[arg(long)]
    pub json: bool,
    /// Chess only (`--game chess` or `chess:eval=NAME`; seed 002 §5.4): learn for RBFM with the shallow evaluator (§5.1) and the
    /// heuristics of §5.2 — positions from RBFM self-play games (from the Nunn positions,
    /// --max-plies plies each), the real score by the shallow search to --real-depth, the
    /// variance pooled over d. Use with --dist exponential.
    #[arg(long)]
    pub shallow: bool,
    /// With --shallow: the number of self-play games (at most 20, one per Nunn position).
    #[arg(long, default_value_t = 4, allow_negative_numbers = true, value_parser = crate::args::any_usize)]
    pub selfplay_games: usize,
    /// With --shallow: RBFM node expansions per self-play move.
    #[arg(long, default_value_t = 50, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub move_expansions: u64,
    /// With --shallow: an external UCI engine (e.g. /usr/games/stockfish) makes the shallow
    /// searches and the real score instead of ours (seed 002 §5.1's "black box").
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,
}

/// `arachne learn`.
pub fn learn_cmd(a: LearnArgs) -> CliResult {
    if a.positions == 0 || a.positions > 1_000_000 {
        return Err(CliError::usage("--positions must be in 1..=1000000"));
    }
    if !(1..=30).contains(&a.real_depth) {
        return Err(CliError::usage("--real-depth must be in 1..=30"));
    }
    if a.expansions > 100_000 {
        return Err(CliError::usage("--expansions is at most 100000"));
    }
    if !(1..=20).contains(&a.rounds) {
        return Err(CliError::usage("--rounds must be in 1..=20"));
    }
    if a.max_plies < a.min_plies || a.max_plies > 200 {
        return Err(CliError::usage("--max-plies must be in min-plies..=200"));
    }
    if !(a.start_var.is_finite() && a.start_var >= 0.0) {
        return Err(CliError::usage("--start-var must be a finite number >= 0"));
    }
    let family: Family = a.dist.parse().map_err(CliError::usage)?;
    if let Some(p) = &a.out {
        check_out_file(p)?;
    }
    if a.shallow {
        return learn_shallow_chess(&a, family);
    }
    if a.engine.is_some() {
        return Err(CliError::usage("--engine needs --shallow (chess)"));
    }
    with_game(&a.game, Learn { a: &a, family }).map_err(CliError::usage)?
}

/// Makes sure the table can be written to `p` before the learning starts (issue 24, item 24:
/// an unwritable `--out` used to fail only at the end), naming it otherwise (exit status 2).
/// A file that did not exist is not left behind.
fn check_out_file(p: &std::path::Path) -> CliResult {
    let shown = p.display();
    if p.is_dir() {
        return Err(CliError::usage(format!("--out `{shown}` is a directory")));
    }
    let existed = p.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(p)
        .map_err(|e| CliError::usage(format!("--out `{shown}`: cannot write the table: {e}")))?;
    if !existed {
        let _ = std::fs::remove_file(p);
    }
    Ok(())
}

/// `arachne learn --game chess --shallow` (seed 002 §5.4).
fn learn_shallow_chess(a: &LearnArgs, family: Family) -> CliResult {
    use arachne_bestfirst::shallow::{learn_chess, ChessLearnConfig};
    let eval: arachne_games::chess::Eval = match a.game.as_str() {
        "chess" => arachne_games::chess::Eval::Material,
        g => match g.strip_prefix("chess:eval=") {
            Some(e) => e.parse().map_err(CliError::usage)?,
            None => {
                return Err(CliError::usage(
                    "--shallow is for --game chess or chess:eval=material|mobility|pst|full",
                ))
            }
        },
    };
    if !(1..=20).contains(&a.selfplay_games) {
        return Err(CliError::usage("--selfplay-games must be in 1..=20"));
    }
    if !(1..=10_000).contains(&a.move_expansions) {
        return Err(CliError::usage("--move-expansions must be in 1..=10000"));
    }
    let engine = match &a.engine {
        Some(p) => Some(std::sync::Arc::new(
            arachne_bestfirst::uci::UciPool::start(p, 16).map_err(CliError::usage)?,
        )),
        None => None,
    };
    let engine_name = engine.as_ref().map(|e| e.name().to_string());
    let c = ChessLearnConfig {
        engine,
        eval,
        games: a.selfplay_games,
        plies: a.max_plies,
        move_expansions: a.move_expansions,
        real_depth: a.real_depth,
        learn: LearnConfig {
            real_depth: a.real_depth,
            expansions: a.expansions,
            rounds: a.rounds,
            family,
            start_var: a.start_var,
            seed: a.seed,
            keep_s: vec![0, 10, 50, a.expansions.min(200)],
            start_table: None,
        },
    };
    let t0 = std::time::Instant::now();
    let quiet = a.json;
    let (learned, n) = learn_chess(&c, &mut |m| {
        if !quiet {
            eprintln!("{m} ({:.0} s)", t0.elapsed().as_secs_f64());
        }
    });
    let mut table = learned.table;
    let evaluator = match &engine_name {
        Some(n) => format!("engine {n}"),
        None => format!("evaluation {}", eval.name()),
    };
    table.source = format!(
        "{} on chess, {evaluator} (§5.4: {} RBFM self-play games from the Nunn positions, {} plies, {} expansions per move; real score = shallow search to depth {}), seed {}",
        table.source,
        a.selfplay_games, a.max_plies, a.move_expansions, a.real_depth, a.seed
    );
    let text = table.to_text();
    match &a.out {
        Some(p) => std::fs::write(p, &text)
            .map_err(|e| CliError::failed(format!("cannot write {}: {e}", p.display())))?,
        None if !a.json => print!("{text}"),
        None => {}
    }
    let rounds: Vec<_> = learned
        .rounds
        .iter()
        .map(|r| json!({"samples": r.samples, "f_change": r.f_change, "sd_change": r.sd_change}))
        .collect();
    if a.json {
        print_json(&json!({
            "game": "chess", "evaluator": engine_name.as_deref().unwrap_or("shallow"), "positions": n, "real_depth": a.real_depth,
            "expansions": a.expansions, "rounds": rounds, "family": table.family.to_string(),
            "time_s": t0.elapsed().as_secs_f64(),
            "out": a.out.as_ref().map(|p| p.display().to_string()),
        }));
    } else {
        eprintln!(
            "learned from {n} positions in {:.1} s; rounds (mean |Δf|, mean |Δsd|): {}",
            t0.elapsed().as_secs_f64(),
            learned
                .rounds
                .iter()
                .map(|r| format!("({:.1}, {:.1})", r.f_change, r.sd_change))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    Ok(())
}

struct Learn<'a> {
    a: &'a LearnArgs,
    family: Family,
}

impl GameVisitor for Learn<'_> {
    type Output = CliResult;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> CliResult {
        let a = self.a;
        let keep = vec![0, 10, 50, a.expansions.min(200)];
        let cfg = LearnConfig {
            real_depth: a.real_depth,
            expansions: a.expansions,
            rounds: a.rounds,
            family: self.family,
            start_var: a.start_var,
            seed: a.seed,
            keep_s: keep.clone(),
            start_table: None,
        };
        if let Some(m) = info.max_depth {
            if a.max_plies + a.real_depth > m {
                return Err(CliError::usage(format!(
                    "the tree is {m} plies deep: max-plies + real-depth must not exceed it"
                )));
            }
        }
        let t0 = std::time::Instant::now();
        let positions =
            learn::random_positions(&root, a.positions, a.min_plies, a.max_plies, a.seed);
        if positions.is_empty() {
            return Err(CliError::usage(
                "no non-terminal positions found by random walks",
            ));
        }
        let real = learn::real_scores(&positions, a.real_depth);
        let t_real = t0.elapsed().as_secs_f64();
        let learned = learn::learn(&positions, &real, &cfg, &mut |_, _| {});
        let mut table = learned.table;
        table.source = format!("{} on `{}`, seed {}", table.source, info.spec, a.seed);
        let text = table.to_text();
        match &a.out {
            Some(p) => std::fs::write(p, &text)
                .map_err(|e| CliError::failed(format!("cannot write {}: {e}", p.display())))?,
            None if !a.json => print!("{text}"),
            None => {}
        }
        let mut plots = Vec::new();
        if let Some(dir) = &a.plots {
            // The most common root move count among the positions (the paper: b children).
            let mut by_d = std::collections::BTreeMap::<usize, usize>::new();
            for ((s, d), v) in &learned.kept {
                if *s == 0 {
                    *by_d.entry(*d).or_default() += v.len();
                }
            }
            let d = by_d.iter().max_by_key(|e| e.1).map_or(1, |e| *e.0);
            let mut series = Vec::new();
            for &s in &keep {
                if let Some(v) = learned.kept.get(&(s, d)) {
                    series.extend(histogram(v, &format!("s = {s}")));
                }
            }
            let chart = Chart {
                title: format!(
                    "distance from the real score, {} ({d} root moves)",
                    info.spec
                ),
                x_label: "real score - minimax score".into(),
                y_label: "density".into(),
                log_x: false,
                log_y: false,
                series,
            };
            let (svg, png) =
                render(&chart, &dir.join("rbfm-histograms")).map_err(CliError::failed)?;
            plots.push(svg.display().to_string());
            plots.push(png.display().to_string());
        }
        let rounds: Vec<_> = learned
            .rounds
            .iter()
            .map(
                |r| json!({"samples": r.samples, "f_change": r.f_change, "sd_change": r.sd_change}),
            )
            .collect();
        if a.json {
            print_json(&json!({
                "game": info.spec, "positions": positions.len(), "real_depth": a.real_depth,
                "expansions": a.expansions, "rounds": rounds, "family": table.family.to_string(),
                "time_s": t0.elapsed().as_secs_f64(), "real_score_time_s": t_real,
                "out": a.out.as_ref().map(|p| p.display().to_string()), "plots": plots,
            }));
        } else {
            eprintln!(
                "learned from {} positions in {:.1} s (real scores {:.1} s); rounds (mean |Δf|, mean |Δsd|): {}",
                positions.len(),
                t0.elapsed().as_secs_f64(),
                t_real,
                learned
                    .rounds
                    .iter()
                    .map(|r| format!("({:.1}, {:.1})", r.f_change, r.sd_change))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
        Ok(())
    }
}

/// A density histogram of `v` (a line) and the normal density with the same mean and variance
/// (dashed in the paper; a second series here).
fn histogram(v: &[f64], name: &str) -> Vec<Series> {
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
    let sd = var.sqrt().max(1e-9);
    let (lo, hi) = (mean - 4.0 * sd, mean + 4.0 * sd);
    let bins = 40;
    let w = (hi - lo) / bins as f64;
    let mut count = vec![0.0; bins];
    for &x in v {
        let b = ((x - lo) / w).floor();
        if b >= 0.0 && (b as usize) < bins {
            count[b as usize] += 1.0;
        }
    }
    let hist = (0..bins)
        .map(|b| (lo + (b as f64 + 0.5) * w, count[b] / (n * w)))
        .collect();
    let fit = (0..=80)
        .map(|i| {
            let x = lo + (hi - lo) * i as f64 / 80.0;
            let z = (x - mean) / sd;
            (
                x,
                (-0.5 * z * z).exp() / (sd * (2.0 * std::f64::consts::PI).sqrt()),
            )
        })
        .collect();
    vec![
        Series {
            name: format!("{name} ({} samples)", v.len()),
            points: hist,
            style: Style::LinePoints,
        },
        Series {
            name: format!("{name}: normal fit"),
            points: fit,
            style: Style::Line,
        },
    ]
}
