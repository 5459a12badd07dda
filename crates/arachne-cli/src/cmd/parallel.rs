//! Parallel algorithms from `arachne search` (`--procs P --backend sim|threads`): seed 000's
//! tree-splitting, Baudet, Palphabeta and Pbound (crate `arachne-parallel`).
use crate::args::{limits, resolve_depth, SearchArgs};
use crate::error::{CliError, CliResult};
use crate::output::{print_json, thousands};
use arachne_core::Game;
use arachne_core::Window;
use arachne_engine::pv_names;
use arachne_games::{with_game, GameInfo, GameVisitor};
use arachne_parallel::calibrate;
use arachne_parallel::type_guided::{self, Trace, TypeStats};
use arachne_parallel::{search_limited, Backend, Baseline, ParAlgo, ParOutcome};
use arachne_runtime::{CostModel, SimConfig};
use serde_json::json;

pub(crate) mod mpi;

/// Per-processor busy/idle arrays are printed up to this many processors (totals always).
const MAX_PER_PROC_JSON: usize = 4096;

/// Nodes a searching thread runs between looks at its mailbox.
const POLL_EVERY: u64 = 32;

/// Nodes a searching MPI process runs between looks at its mailbox: a look is an MPI probe
/// (which also drives MPI's progress engine), dearer than a channel's, and 256 nodes (a few µs)
/// stay well below a message's latency.
const MPI_POLL_EVERY: u64 = 256;

/// Runs `args` if `args.algo` names a parallel algorithm; `None` otherwise.
pub fn run(args: &SearchArgs) -> Option<CliResult> {
    if !is_ours(&args.algo) {
        return None;
    }
    Some(mpi::finish(args, run_ours(args)))
}

/// The names (and aliases) of the message-passing algorithms.
const OURS: [&str; 10] = [
    "tree-split",
    "treesplit",
    "tree-splitting",
    "baudet",
    "palphabeta-par",
    "pbound",
    "knm",
    "key-node",
    "type-guided",
    "typeguided",
];

fn run_ours(args: &SearchArgs) -> CliResult {
    with_game(&args.game, prepare(args)?).map_err(CliError::usage)?
}

/// True when `algo` (an `--algo` spec) names one of the message-passing algorithms above.
pub fn is_ours(algo: &str) -> bool {
    let name = algo.split(':').next().unwrap_or("").trim();
    OURS.contains(&name.to_ascii_lowercase().as_str())
}

/// A message-passing algorithm on `root`, a position the caller made (a game defined outside
/// `arachne-games`, e.g. written in Python: crate `arachne-py`), described by `info`
/// (`args.game` is not read), with every flag checked and reported as [`run`] does. Only the
/// simulator runs it: `--backend threads` and `--backend mpi` are refused with one line (such
/// a game is driven from one host thread; MPI ranks could not rebuild it from a spec).
pub fn run_on<G: Game>(args: &SearchArgs, root: G, info: GameInfo) -> CliResult {
    sim_only(args)?;
    prepare(args)?.visit(root, info)
}

/// Refuses `--backend threads|mpi|…` for a game defined outside arachne, naming the backend.
pub fn sim_only(args: &SearchArgs) -> CliResult {
    match args.backend.as_deref().filter(|b| *b != "sim") {
        Some(b) => Err(CliError::usage(format!(
            "--backend {}: a game defined outside arachne runs on the simulator only (--backend sim)",
            arachne_core::parse::clip(b, 20)
        ))),
        None => Ok(()),
    }
}

/// The algorithm and backend of `args`, checked, ready to visit a game.
fn prepare(args: &SearchArgs) -> Result<Visit<'_>, CliError> {
    let algo: ParAlgo = args.algo.parse().map_err(CliError::usage)?;
    // The processes size their own tables (arachne_parallel::subsearch): an explicit size
    // would not be the one used.
    args.refuse_hash("a message-passing algorithm")?;
    // An explicit fan-out that does not fit one level into --procs P would run on a single
    // processor (issue 24, item 9: `type-guided:f=1000 --procs 4`): refused. (The library
    // keeps its rule, "the deepest tree of fan-out f within P", which the experiments use.)
    let (f, depth) = match &algo {
        ParAlgo::TreeSplit(o) => (o.f, o.q),
        ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => (o.f, o.q),
        ParAlgo::TypeGuided(o) if o.fanouts.is_none() => (o.f, o.levels),
        _ => (None, None),
    };
    if let (Some(f), None, Some(p)) = (f, depth, args.procs) {
        if p > 1 && f as u64 + 1 > p as u64 {
            return Err(CliError::usage(format!(
                "f={f} needs at least {} processors for one level of the processor tree, not --procs {p}",
                f as u64 + 1
            )));
        }
    }
    // Type-guided's processors come from --procs or from its own f and levels (item 18: the
    // processor-tree message of tree-split names `q`, which type-guided does not have).
    if let ParAlgo::TypeGuided(o) = &algo {
        // On MPI `--procs` defaults to the number of ranks.
        let on_mpi = args.backend.as_deref() == Some("mpi");
        if !on_mpi
            && args.procs.is_none()
            && o.fanouts.is_none()
            && (o.f.is_none() || o.levels.is_none())
        {
            return Err(CliError::usage(
                "type-guided: give --procs P, or both f and levels (e.g. type-guided:f=3,levels=2), or f=F1/F2/…",
            ));
        }
    }
    // `--ordering` and `--preorder` order every processor's nodes: the game's hint (captures
    // first), static values, and on real backends killers and history, which a processor keeps
    // from one job to the next (`arachne_parallel::subsearch`).
    let algo = algo.with_preorder(args.preorder || args.ordering);
    // `--quiescence`: bottom positions valued by the capture search, at every processor;
    // `--check-extension`: the serial engine's rule at every processor (tree-split, baudet,
    // palphabeta-par, pbound; the others refuse it with one line). `--null-move` below, once
    // the backend is known.
    let mut algo = algo
        .with_quiescence(args.quiescence)
        .and_then(|a| a.with_check_extension(args.check_extension))
        .map_err(CliError::usage)?;
    // `--memory`: knm keeps a record per node touched; the others keep no tree.
    if let Some(m) = args.memory {
        let ParAlgo::Knm(o) = &mut algo else {
            return Err(CliError::usage(format!(
                "--memory caps a tree kept in memory (bfm, rbfm, knm); `{}` keeps none",
                args.algo
            )));
        };
        if m == 0 || m > 1 << 20 {
            return Err(CliError::usage("--memory is in MiB, 1..=1048576"));
        }
        o.memory_mib = m;
    }
    let backend = match args.backend.as_deref().unwrap_or("sim") {
        "sim" => {
            // `measured`: measured on the game in `Visit::visit`, the unit model until then.
            let cost = if CostModel::is_measured(args.cost.as_deref()) {
                CostModel::unit(1.0)
            } else {
                CostModel::parse(args.cost.as_deref()).map_err(CliError::usage)?
            };
            Backend::Sim(SimConfig {
                cost,
                latency_seed: args.latency_seed,
            })
        }
        "threads" => {
            if args.cost.is_some() || args.latency_seed != 0 {
                return Err(CliError::usage(
                    "--cost and --latency-seed apply to --backend sim only",
                ));
            }
            Backend::Threads {
                poll_every: POLL_EVERY,
            }
        }
        "mpi" => {
            if args.cost.is_some() || args.latency_seed != 0 {
                return Err(CliError::usage(
                    "--cost and --latency-seed apply to --backend sim only",
                ));
            }
            Backend::Mpi {
                poll_every: MPI_POLL_EVERY,
            }
        }
        other => {
            return Err(CliError::usage(format!(
                "unknown backend `{other}` (known: sim, threads, mpi)"
            )))
        }
    };
    // `--null-move`: in the slaves' serial searches, where those are the engine's (threads).
    let algo = algo
        .with_null_move(args.null_move, &backend)
        .map_err(CliError::usage)?;
    Ok(Visit {
        args,
        algo,
        backend,
    })
}

struct Visit<'a> {
    args: &'a SearchArgs,
    algo: ParAlgo,
    backend: Backend,
}

impl GameVisitor for Visit<'_> {
    type Output = CliResult;
    fn visit<G: Game>(mut self, root: G, info: GameInfo) -> CliResult {
        let depth = resolve_depth(self.args.depth, &info)?;
        if let (Backend::Sim(cfg), Some(spec)) = (&mut self.backend, self.args.cost.as_deref()) {
            if CostModel::is_measured(Some(spec)) {
                // This machine's node (the processors' serial search, same ordering and
                // quiescence) and message (threads runtime) costs.
                let mut opts = self.args.options();
                opts.preorder |= self.algo.preorders();
                let c = calibrate::measure(&root, depth, &opts, POLL_EVERY);
                cfg.cost =
                    CostModel::parse_measured(spec, c.cost_model()).map_err(CliError::usage)?;
            }
        }
        // --nodes, --time-ms and Ctrl-C, as for the serial searches.
        let limits = limits(self.args, depth);
        let (out, trace) = match self.algo {
            ParAlgo::TypeGuided(o) => {
                let (out, trace) = type_guided::search_traced_limited(
                    &o,
                    &root,
                    depth,
                    Window::FULL,
                    self.args.procs,
                    &self.backend,
                    &limits,
                )
                .map_err(CliError::usage)?;
                (out, Some(trace))
            }
            _ => (
                search_limited(
                    &self.algo,
                    &root,
                    depth,
                    Window::FULL,
                    self.args.procs,
                    &self.backend,
                    &limits,
                )
                .map_err(CliError::usage)?,
                None,
            ),
        };
        report(
            &root,
            &info,
            self.args,
            &self.algo,
            depth,
            &self.backend,
            &out,
            trace.as_ref(),
        );
        Ok(())
    }
}

#[allow(clippy::too_many_arguments)]
fn report<G: Game>(
    root: &G,
    info: &GameInfo,
    args: &SearchArgs,
    algo: &ParAlgo,
    depth: u32,
    backend: &Backend,
    out: &ParOutcome<G::Move>,
    trace: Option<&Trace>,
) {
    let types = trace.map(|t| &t.last_stats);
    let hierarchy = trace.and_then(|t| t.hierarchy.as_ref());
    let names = pv_names(root, &out.pv);
    let best = out.best_move.map(|m| root.move_name(m));
    let sim = matches!(backend, Backend::Sim(_));
    let time_ms = if sim {
        out.wall.as_secs_f64() * 1e3
    } else {
        out.time * 1e3
    };
    let busy: f64 = out.busy.iter().sum();
    let idle: f64 = out.idle.iter().sum();
    let utilisation = if busy + idle > 0.0 {
        busy / (busy + idle)
    } else {
        0.0
    };
    if args.json {
        let mut v = json!({
            "game": info.spec,
            "algo": args.algo,
            "depth": out.stopped.is_none().then_some(depth),
            "value": out.stopped.is_none().then_some(out.value.0),
            "value_kind": if out.stopped.is_some() { "unknown" } else if out.exact { "exact" } else { "lower" },
            "stopped": out.stopped,
            "best_move": best,
            "pv": names,
            "nodes": out.stats.nodes(),
            "interior": out.stats.interior,
            "leaves": out.stats.leaves,
            "cutoffs": out.stats.cutoffs,
            "time_ms": time_ms,
            "procs": out.procs,
            "messages": out.messages,
            "backend": args.backend,
        });
        if let Some(t) = out.tree {
            v["processor_tree"] = json!({"f": t.f, "q": t.q});
        }
        if let Some(l) = out.last_iteration {
            v["last_iteration"] =
                json!({"nodes": l.nodes(), "leaves": l.leaves, "interior": l.interior});
        }
        if let Some(n) = speedup_note(out) {
            v["speedup_note"] = json!(n);
        }
        if let Backend::Sim(cfg) = backend {
            v["cost_model"] = json!(cfg.cost.to_string());
            v["virtual_time"] = json!(out.time);
            v["serial_virtual_time"] = json!(out.serial_time);
            v["speedup"] = json!(out.speedup);
            v["serial_nodes"] = json!(out.serial_stats.map(|s| s.nodes()));
            if let Some(b) = out.baseline {
                v["baseline"] = json!(b.kind.name());
                v["alphabeta_speedup"] = json!(b.alphabeta_speedup);
                v["alphabeta_nodes"] = json!(b.alphabeta_stats.map(|s| s.nodes()));
            }
            v["busy_total"] = json!(busy);
            v["idle_total"] = json!(idle);
            if out.busy.len() <= MAX_PER_PROC_JSON {
                v["busy"] = json!(out.busy);
                v["idle"] = json!(out.idle);
            }
            v["utilisation"] = json!(utilisation);
        }
        if let Some(s) = types {
            v["node_types"] = types_json(s);
        }
        if let Some(h) = hierarchy {
            v["hierarchy"] =
                json!({"levels": h.widths, "fanouts": h.fanouts(), "describe": h.describe()});
        }
        if let Backend::Mpi { .. } = backend {
            mpi::json(&mut v, out);
        }
        print_json(&v);
        return;
    }
    println!("game       {}", info.spec);
    println!("algorithm  {algo} ({})", args.algo);
    print!("processors {}", out.procs);
    if let Some(t) = out.tree {
        print!(" (processor tree f={}, q={})", t.f, t.q);
    } else if let Some(h) = hierarchy {
        print!(" (hierarchy {})", h.describe());
    }
    println!();
    if out.stopped.is_some() {
        println!("depth      none completed (of {depth})");
        println!("value      unknown (stopped before a value was established)");
        println!("best move  (none: stopped)");
    } else {
        println!("depth      {depth}");
        println!(
            "value      {}{}",
            out.value,
            if out.exact { "" } else { " (lower bound)" }
        );
        println!("best move  {}", best.as_deref().unwrap_or("(none)"));
        println!("pv         {}", names.join(" "));
    }
    println!(
        "nodes      {} ({} interior, {} bottom positions)",
        thousands(out.stats.nodes()),
        thousands(out.stats.interior),
        thousands(out.stats.leaves)
    );
    println!("messages   {}", thousands(out.messages));
    match backend {
        Backend::Sim(cfg) => {
            let unit = cfg.cost.unit;
            println!("cost model {}", cfg.cost);
            println!(
                "time       {:.4} {unit} virtual (serial {} {:.4} {unit}, {} nodes): speedup {:.3}",
                out.time,
                out.baseline.map_or("search", |b| b.kind.name()),
                out.serial_time.unwrap_or(0.0),
                thousands(out.serial_stats.map_or(0, |s| s.nodes())),
                out.speedup.unwrap_or(0.0)
            );
            if let Some(b) = out.baseline.filter(|b| b.kind != Baseline::AlphaBeta) {
                if let Some(sp) = b.alphabeta_speedup {
                    println!(
                        "           against serial alpha-beta ({} nodes): {sp:.3}",
                        thousands(b.alphabeta_stats.map_or(0, |s| s.nodes()))
                    );
                }
            }
            if let Some(n) = speedup_note(out) {
                println!("           {n}");
            }
            println!("busy       {:.1}% of processor time", utilisation * 100.0);
            println!("wall       {time_ms:.1} ms");
        }
        Backend::Threads { .. } => println!("time       {time_ms:.1} ms wall"),
        Backend::Mpi { .. } => mpi::text(out, time_ms),
    }
    if let Some(l) = out.last_iteration {
        println!(
            "last iter  {} nodes ({} bottom positions)",
            thousands(l.nodes()),
            thousands(l.leaves)
        );
    }
    if let Some(s) = types {
        print_types(s);
    }
    if let Some(r) = out.stopped {
        println!("stopped    {r:?}");
    }
}

/// Why a speedup exceeds the number of processors (issue 24, item 12), when it does.
fn speedup_note<M>(out: &ParOutcome<M>) -> Option<String> {
    let s = out.speedup?;
    if s <= out.procs as f64 {
        return None;
    }
    let serial = out.serial_stats.map(|st| st.nodes())?;
    let par = out.stats.nodes();
    Some(if par < serial {
        format!(
            "speedup above {} processors: the parallel search examined {par} nodes, the serial reference {serial} (a different, smaller tree: windows, ordering or the processor tree pruned more)",
            out.procs
        )
    } else {
        format!(
            "speedup above {} processors: the serial reference's virtual time counts its nodes and messages differently from the parallel run's ({par} nodes against {serial})",
            out.procs
        )
    })
}

/// The node-type statistics of a type-guided search's last iteration, as JSON.
fn types_json(s: &TypeStats) -> serde_json::Value {
    json!({
            "iteration": s.iteration,
            "master_nodes": s.master_nodes(),
            "by_type": s.by_type,
            "mispredicted": s.mispredicted(),
            "sequential": s.sequential,
            "job_roots": s.job_roots,
            "farmed": s.farmed,
            "farmed_wasted": s.farmed_wasted,
            "wasted_nodes": s.wasted_nodes,
            "waste_fraction": s.waste_fraction(),
            "type2_predicted": s.type2_predicted,
            "type2_held": s.type2_held,
            "type2_hit_rate": s.type2_hit_rate(),
            "idle_fraction": s.idle_fraction,
    })
}

/// The node-type statistics of a type-guided search's last iteration, as text.
fn print_types(s: &TypeStats) {
    println!(
        "node types {} master nodes (predicted→found mismatches {}), {} reached sequentially, {} farmed out ({} wasted, {} nodes = {:.1}%)",
        s.master_nodes(),
        s.mispredicted(),
        s.sequential,
        s.farmed,
        s.farmed_wasted,
        thousands(s.wasted_nodes),
        100.0 * s.waste_fraction()
    );
    match s.type2_hit_rate() {
        Some(r) => println!(
            "type 2     {} of {} predictions held ({:.1}%)",
            s.type2_held,
            s.type2_predicted,
            100.0 * r
        ),
        None => println!("type 2     no type-2 predictions"),
    }
}
