//! Message-passing algorithms (`--procs P --backend sim|threads|mpi`): Fishburn–Finkel's
//! tree-splitting, Baudet, Palphabeta and Pbound, Lindstrom's Key Node Method and the nCUBE
//! node-type guided search (crate `arachne-parallel`). The options of each algorithm are its
//! own (`ParAlgo`); here the request's options are applied to it — `--ordering` and
//! `--preorder`, `--quiescence`, `--check-extension`, `--null-move` (in the slaves' serial
//! searches, on every backend), `--memory` (knm) — or refused with one line, and the backend
//! and its cost model (`--cost measured`: measured on the game first) are chosen.
use super::mpi;
use crate::report::{stop_words, thousands, value_json, value_text, Report, RunError};
use crate::request::SearchRequest;
use crate::searcher::{Deepened, Detail, MessagePassing, Outcome, Progress, Searcher, ValueKind};
use crate::{pv_names, resolve_depth, DEPTH_UNDER_A_LIMIT};
use arachne_core::{Game, Limits, Stats, StopReason, Window};
use arachne_games::GameInfo;
use arachne_parallel::calibrate;
use arachne_parallel::type_guided::{Trace, TypeStats};
use arachne_parallel::{search_limited, Backend, Baseline, ParAlgo, ParOutcome};
use arachne_runtime::CostModel;
use serde_json::json;
use std::time::Duration;

/// Nodes a searching thread runs between looks at its mailbox.
const POLL_EVERY: u64 = 32;

/// Nodes a searching MPI process runs between looks at its mailbox: a look is an MPI probe
/// (which also drives MPI's progress engine), dearer than a channel's, and 256 nodes (a few µs)
/// stay well below a message's latency.
const MPI_POLL_EVERY: u64 = 256;

/// The message-passing searcher `req` names, after its checks.
pub(crate) fn resolve(req: &SearchRequest, info: &GameInfo) -> Result<ParSearcher, RunError> {
    let (algo, backend) = resolve_algo(req)?;
    Ok(ParSearcher {
        algo,
        backend,
        req: req.clone(),
        info: info.clone(),
    })
}

/// The algorithm of `req` with the request's options applied, and its backend.
fn resolve_algo(req: &SearchRequest) -> Result<(ParAlgo, Backend), RunError> {
    let algo: ParAlgo = req.algo.parse().map_err(RunError::usage)?;
    // The processes size their own tables (arachne-parallel's processors): an explicit size
    // would not be the one used.
    req.refuse_hash("a message-passing algorithm")?;
    // An explicit fan-out that does not fit one level into --procs P would run on a single
    // processor (`type-guided:f=1000 --procs 4`): refused. (The library
    // keeps its rule, "the deepest tree of fan-out f within P", which the experiments use.)
    let (f, depth) = match &algo {
        ParAlgo::TreeSplit(o) => (o.f, o.q),
        ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => (o.f, o.q),
        ParAlgo::TypeGuided(o) if o.fanouts.is_none() => (o.f, o.levels),
        _ => (None, None),
    };
    if let (Some(f), None, Some(p)) = (f, depth, req.procs) {
        if p > 1 && f as u64 + 1 > p as u64 {
            return Err(RunError::usage(format!(
                "f={f} needs at least {} processors for one level of the processor tree, not --procs {p}",
                f as u64 + 1
            )));
        }
    }
    // Type-guided's processors come from --procs or from its own f and levels (the
    // processor-tree message of tree-split names `q`, which type-guided does not have).
    if let ParAlgo::TypeGuided(o) = &algo {
        // On MPI `--procs` defaults to the number of ranks.
        let on_mpi = req.backend.as_deref() == Some("mpi");
        if !on_mpi
            && req.procs.is_none()
            && o.fanouts.is_none()
            && (o.f.is_none() || o.levels.is_none())
        {
            return Err(RunError::usage(
                "type-guided: give --procs P, or both f and levels (e.g. type-guided:f=3,levels=2), or f=F1/F2/…",
            ));
        }
    }
    // `--ordering` and `--preorder` order every processor's nodes: the game's hint (captures
    // first), static values, and on real backends killers and history, which a processor keeps
    // from one job to the next (arachne-parallel's processors).
    let algo = algo.with_preorder(req.preorder || req.ordering);
    // `--quiescence`: bottom positions valued by the capture search, at every processor;
    // `--check-extension`: the serial engine's rule at every processor (tree-split, baudet,
    // palphabeta-par, pbound; the others refuse it with one line). `--null-move` below, once
    // the backend is known.
    let mut algo = algo
        .with_quiescence(req.quiescence)
        .map_err(|e| RunError::refused("--quiescence", e))?
        .with_check_extension(req.check_extension)
        .map_err(|e| RunError::refused("--check-extension", e))?;
    // `--memory`: knm keeps a record per node touched; the others keep no tree.
    if let Some(m) = req.memory {
        let ParAlgo::Knm(o) = &mut algo else {
            return Err(RunError::refused(
                "--memory",
                format!(
                    "--memory caps a tree kept in memory (bfm, rbfm, knm); `{}` keeps none",
                    req.algo
                ),
            ));
        };
        if m == 0 || m > 1 << 20 {
            return Err(RunError::usage("--memory is in MiB, 1..=1048576"));
        }
        o.memory_mib = m;
    }
    // `measured`: measured on the game in `Visit::visit`, the unit model until then.
    let backend = match (req.backend(POLL_EVERY, MPI_POLL_EVERY, true)?, req.threads) {
        // `--threads T` on MPI: each rank's processes on threads, at most T a rank, and
        // `--procs` ranks × T by default (`arachne_runtime::mpi`, Threads in a rank).
        (Backend::Mpi { poll_every, .. }, Some(t)) => Backend::Mpi {
            poll_every,
            threads: Some(t),
        },
        (b, None) => b,
        (_, Some(_)) => return Err(RunError::refused(
            "--threads",
            format!(
                "--threads with a message-passing search (`{}`) is the threads of each MPI rank (--backend mpi); on the simulator and on --backend threads give --procs",
                arachne_core::parse::clip(&req.algo, 40)
            ),
        )),
    };
    // `--null-move`: in the slaves' serial searches (the engine's, on every backend; refused
    // with `worker=stepper`).
    let algo = algo
        .with_null_move(req.null_move, &backend)
        .map_err(|e| RunError::refused("--null-move", e))?;
    Ok((algo, backend))
}

/// Refuses `--backend threads|mpi|…` for a game defined outside arachne, naming the backend.
pub fn sim_only(req: &SearchRequest) -> Result<(), RunError> {
    match req.backend.as_deref().filter(|b| *b != "sim") {
        Some(b) => Err(RunError::refused("--backend", format!(
            "--backend {}: a game defined outside arachne runs on the simulator only (--backend sim)",
            arachne_core::parse::clip(b, 20)
        ))),
        None => Ok(()),
    }
}

/// A message-passing search with the request's options on its backend.
pub(crate) struct ParSearcher {
    algo: ParAlgo,
    backend: Backend,
    req: SearchRequest,
    info: GameInfo,
}

impl<G: Game> Searcher<G> for ParSearcher {
    /// To `limits.depth` (or the game's default depth); under a node or time limit given
    /// without a depth, on a real game, deepened ([`ParSearcher::deepen`]).
    fn search_with(
        &mut self,
        root: &G,
        limits: &Limits,
        progress: Progress<'_, G::Move>,
    ) -> Result<Outcome<G::Move>, RunError> {
        let limited = limits.nodes.is_some() || limits.deadline.is_some();
        if limits.depth.is_none() && limited && self.info.max_depth.is_none() {
            return self.deepen(root, limits, progress);
        }
        let depth = resolve_depth(limits.depth, &self.info).map_err(RunError::usage)?;
        self.search_to(root, depth, limits)
    }
}

impl ParSearcher {
    /// Iterative deepening by whole searches, as the serial and shared-memory searches deepen
    /// under a limit given without a depth: depths 1, 2, … to [`DEPTH_UNDER_A_LIMIT`], each a
    /// fresh run of the algorithm (the node budget is what the depths before left of it), until
    /// the limit stops one. The outcome is the deepest completed search's, with `stopped` the
    /// reason the deepening ended and every depth's nodes and time in its stats and
    /// [`Deepened`]; `progress` sees each completed depth. A limit that stops depth 1 gives
    /// that stopped search (no value). On MPI every rank takes the same path: rank 0 decides
    /// the limits, and a worker rank, which gets no outcome, learns from the runtime whether the
    /// run was stopped.
    fn deepen<G: Game>(
        &mut self,
        root: &G,
        limits: &Limits,
        progress: Progress<'_, G::Move>,
    ) -> Result<Outcome<G::Move>, RunError> {
        let mut total = Stats::default();
        let mut elapsed = Duration::ZERO;
        let mut last: Option<Outcome<G::Move>> = None;
        let mut stopped: Option<(u32, Option<StopReason>)> = None;
        for depth in 1..=DEPTH_UNDER_A_LIMIT {
            let at_depth = Limits {
                depth: Some(depth),
                // At least one node, so that every rank runs the same searches.
                nodes: limits.nodes.map(|n| n.saturating_sub(total.nodes()).max(1)),
                ..limits.clone()
            };
            let out = match self.search_to(root, depth, &at_depth) {
                Err(e) if worker_rank(&e) => match worker_stopped() {
                    Some(_) => return Err(e),
                    None => continue,
                },
                r => r?,
            };
            total += out.stats;
            elapsed += out.elapsed;
            if out.stopped.is_some() {
                stopped = Some((depth, out.stopped));
                if last.is_none() {
                    last = Some(out);
                }
                break;
            }
            progress(&out);
            last = Some(out);
        }
        let Some(mut out) = last else {
            // A worker rank (rank 0 has every outcome) after the deepest depth.
            return Err(RunError::usage(arachne_parallel::WORKER));
        };
        if out.stopped.is_some() {
            // Depth 1 was stopped: no value, as a search to a given depth stopped.
            return Ok(out);
        }
        out.stopped = stopped.and_then(|(_, why)| why);
        out.stats = total;
        out.elapsed = elapsed;
        if let Detail::MessagePassing(d) = &mut out.detail {
            d.deepened = Some(Deepened {
                stopped_at: stopped.map(|(d, _)| d),
                stats: total,
                elapsed,
            });
        }
        Ok(out)
    }

    /// One search to `depth`.
    fn search_to<G: Game>(
        &mut self,
        root: &G,
        depth: u32,
        limits: &Limits,
    ) -> Result<Outcome<G::Move>, RunError> {
        let req = &self.req;
        let mut backend = self.backend.clone();
        if let (Backend::Sim(cfg), Some(spec)) = (&mut backend, req.cost.as_deref()) {
            if CostModel::is_measured(Some(spec)) {
                // This machine's node (the processors' serial search, same ordering and
                // quiescence) and message (threads runtime) costs.
                let mut opts = req.options();
                opts.preorder |= self.algo.preorders();
                let c = calibrate::measure(root, depth, &opts, POLL_EVERY);
                cfg.cost =
                    CostModel::parse_measured(spec, c.cost_model()).map_err(RunError::usage)?;
            }
        }
        let (out, trace) = match &self.algo {
            ParAlgo::TypeGuided(o) => {
                let (out, trace) = arachne_parallel::search_traced_limited(
                    o,
                    root,
                    depth,
                    Window::FULL,
                    req.procs,
                    &backend,
                    limits,
                )
                .map_err(RunError::usage)?;
                (out, Some(trace))
            }
            algo => (
                search_limited(algo, root, depth, Window::FULL, req.procs, &backend, limits)
                    .map_err(RunError::usage)?,
                None,
            ),
        };
        let kind = if out.stopped.is_some() {
            ValueKind::Unknown
        } else if out.exact {
            ValueKind::Exact
        } else {
            ValueKind::Lower
        };
        let elapsed = if matches!(backend, Backend::Sim(_)) {
            out.wall
        } else {
            Duration::from_secs_f64(out.time.max(0.0))
        };
        Ok(Outcome {
            algo: self.algo.to_string(),
            value: out.value,
            kind,
            best_move: out.best_move,
            pv: out.pv.clone(),
            depth: out.stopped.is_none().then_some(depth),
            stats: out.stats,
            elapsed,
            stopped: out.stopped,
            detail: Detail::MessagePassing(Box::new(MessagePassing {
                run: out,
                algo: self.algo,
                backend,
                depth,
                deepened: None,
                trace,
                spec: req.algo.clone(),
                backend_given: req.backend.clone(),
                procs_given: req.procs,
            })),
        })
    }
}

/// Whether `msg` is a worker rank's answer on MPI (rank 0 reports the result).
fn worker_rank(e: &RunError) -> bool {
    e.message() == arachne_parallel::WORKER
}

/// On a worker rank: why rank 0 stopped the last run (`None`: it ran to its end).
fn worker_stopped() -> Option<StopReason> {
    arachne_runtime::mpi::last_stopped()
}

/// The report of a message-passing search.
pub(crate) fn report<G: Game>(
    root: &G,
    info: &GameInfo,
    out: &Outcome<G::Move>,
    d: &MessagePassing<G::Move>,
) -> Report {
    let run = Run {
        root,
        info,
        spec: &d.spec,
        backend_given: d.backend_given.as_deref(),
        procs_given: d.procs_given,
        algo: &d.algo,
        depth: d.depth,
        backend: &d.backend,
        trace: d.trace.as_ref(),
    };
    let mut r = run.report(&d.run);
    if let Some(deep) = &d.deepened {
        deepened(&mut r, out, deep, matches!(d.backend, Backend::Sim(_)));
    }
    r
}

/// What a deepened search adds to the report of its deepest completed search: why the
/// deepening ended (`stopped`), and every depth's nodes and time (`deepened`).
fn deepened<M>(r: &mut Report, out: &Outcome<M>, deep: &Deepened, sim: bool) {
    let ms = deep.elapsed.as_secs_f64() * 1e3;
    r.json["stopped"] = json!(out.stopped);
    r.json["deepened"] = json!({
        "stopped_depth": deep.stopped_at,
        "nodes": deep.stats.nodes(),
        "interior": deep.stats.interior,
        "leaves": deep.stats.leaves,
        "qnodes": deep.stats.qnodes,
        "time_ms": ms,
    });
    let clock = if sim {
        "wall (the simulator's)"
    } else {
        "wall"
    };
    let end = match deep.stopped_at {
        Some(at) => format!(" (depth {at} stopped)"),
        None => String::new(),
    };
    r.line(format_args!(
        "deepened   depths 1–{} under the limit{end}: {} nodes, {ms:.1} ms {clock} in all",
        out.depth.unwrap_or(0),
        thousands(deep.stats.nodes()),
    ));
    if let Some(s) = out.stopped {
        r.line(format_args!("stopped    {}", stop_words(s)));
    }
}

/// What a report of a message-passing search shows beside its outcome.
struct Run<'a, G> {
    root: &'a G,
    info: &'a GameInfo,
    spec: &'a str,
    backend_given: Option<&'a str>,
    procs_given: Option<u32>,
    algo: &'a ParAlgo,
    depth: u32,
    backend: &'a Backend,
    trace: Option<&'a Trace>,
}

impl<G: Game> Run<'_, G> {
    fn report(&self, out: &ParOutcome<G::Move>) -> Report {
        let (root, depth, backend) = (self.root, self.depth, self.backend);
        let types = self.trace.map(|t| &t.last_stats);
        let hierarchy = self.trace.and_then(|t| t.hierarchy.as_ref());
        let names = pv_names(root, &out.pv);
        let best = out.best_move.map(|m| root.move_name(m));
        let time_ms = if matches!(backend, Backend::Sim(_)) {
            out.wall.as_secs_f64() * 1e3
        } else {
            out.time * 1e3
        };
        let mut v = json!({
            "game": self.info.spec,
            "algo": self.spec,
            "depth": out.stopped.is_none().then_some(depth),
            "value": out.stopped.is_none().then_some(out.value.0),
            "value_kind": if out.stopped.is_some() { "unknown" } else if out.exact { "exact" } else { "lower" },
            "stopped": out.stopped,
            "best_move": best,
            "pv": names,
            "nodes": out.stats.nodes(),
            "interior": out.stats.interior,
            "leaves": out.stats.leaves,
            "movegens": out.stats.movegens,
            "cutoffs": out.stats.cutoffs,
            "qnodes": out.stats.qnodes,
            "time_ms": time_ms,
            "procs": out.procs,
            "procs_asked": self.procs_given,
            "messages": out.messages,
            "backend": self.backend_given,
        });
        value_json(
            &mut v,
            out.stopped.is_none().then_some(out.value),
            self.info,
        );
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
            mpi::busy_json(&mut v, out);
        }
        if let Some(s) = types {
            v["node_types"] = types_json(s);
        }
        if let Some(h) = hierarchy {
            v["hierarchy"] =
                json!({"levels": h.widths, "fanouts": h.fanouts(), "describe": h.describe()});
        }
        match backend {
            Backend::Mpi { threads, .. } => mpi::json(&mut v, out, *threads),
            Backend::Threads { .. } => mpi::busy_json(&mut v, out),
            Backend::Sim(_) => {}
        }
        let mut r = Report::new(v);
        r.line(format_args!("game       {}", self.info.spec));
        r.line(format_args!("algorithm  {} ({})", self.algo, self.spec));
        let shape = match (out.tree, hierarchy) {
            (Some(t), _) => format!(" (processor tree f={}, q={})", t.f, t.q),
            (None, Some(h)) => format!(" (hierarchy {})", h.describe()),
            (None, None) => String::new(),
        };
        match self.procs_given.filter(|&p| p as usize != out.procs) {
            Some(p) => r.line(format_args!(
                "processors {} ({})",
                out.procs,
                self.procs_note(p, out)
            )),
            None => r.line(format_args!("processors {}{shape}", out.procs)),
        }
        if out.stopped.is_some() {
            r.line(format_args!("depth      none completed (of {depth})"));
            r.line("value      unknown (stopped before a value was established)");
            r.line("best move  (none: stopped)");
        } else {
            r.line(format_args!("depth      {depth}"));
            r.line(format_args!(
                "value      {}{}",
                value_text(out.value, self.info),
                if out.exact { "" } else { " (lower bound)" }
            ));
            r.line(format_args!(
                "best move  {}",
                best.as_deref().unwrap_or("(none)")
            ));
            r.line(format_args!("pv         {}", names.join(" ")));
        }
        r.line(format_args!(
            "nodes      {} ({} interior, {} bottom positions)",
            thousands(out.stats.nodes()),
            thousands(out.stats.interior),
            thousands(out.stats.leaves)
        ));
        r.line(format_args!("messages   {}", thousands(out.messages)));
        match backend {
            Backend::Sim(cfg) => sim_text(&mut r, out, &cfg.cost, time_ms),
            Backend::Threads { .. } => {
                r.line(format_args!("time       {time_ms:.1} ms wall"));
                mpi::busy_text(&mut r, out);
            }
            Backend::Mpi { threads, .. } => mpi::text(&mut r, out, time_ms, *threads),
        }
        if let Some(l) = out.last_iteration {
            r.line(format_args!(
                "last iter  {} nodes ({} bottom positions)",
                thousands(l.nodes()),
                thousands(l.leaves)
            ));
        }
        if let Some(s) = types {
            types_text(&mut r, s);
        }
        if let Some(s) = out.stopped {
            r.line(format_args!("stopped    {}", stop_words(s)));
        }
        r
    }

    /// Why the search ran on other than the `asked` processors of `--procs`, in words.
    fn procs_note(&self, asked: u32, out: &ParOutcome<G::Move>) -> String {
        let name = self.algo.to_string();
        let name = name.split([':', ' ']).next().unwrap_or("");
        match out.tree {
            Some(t) => format!(
                "{name}'s processor tree of fan-out {} and depth {} holds {} of the {asked} asked",
                t.f, t.q, out.procs
            ),
            None => format!("{name} used {} of the {asked} asked", out.procs),
        }
    }
}

/// The simulator's lines: virtual time, speedups, busy fraction, wall time.
fn sim_text<M>(r: &mut Report, out: &ParOutcome<M>, cost: &CostModel, time_ms: f64) {
    let unit = cost.unit;
    r.line(format_args!("cost model {cost}"));
    r.line(format_args!(
        "time       {:.4} {unit} virtual (serial {} {:.4} {unit}, {} nodes): speedup {:.3}",
        out.time,
        out.baseline.map_or("search", |b| b.kind.name()),
        out.serial_time.unwrap_or(0.0),
        thousands(out.serial_stats.map_or(0, |s| s.nodes())),
        out.speedup.unwrap_or(0.0)
    ));
    if let Some(b) = out.baseline.filter(|b| b.kind != Baseline::AlphaBeta) {
        if let Some(sp) = b.alphabeta_speedup {
            r.line(format_args!(
                "           against serial alpha-beta ({} nodes): {sp:.3}",
                thousands(b.alphabeta_stats.map_or(0, |s| s.nodes()))
            ));
        }
    }
    if let Some(n) = speedup_note(out) {
        r.line(format_args!("           {n}"));
    }
    let (_, _, u) = mpi::utilisation(out);
    r.line(format_args!(
        "busy       {:.1}% of processor time",
        u * 100.0
    ));
    r.line(format_args!("wall       {time_ms:.1} ms"));
}

/// Why a speedup exceeds the number of processors, when it does.
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
fn types_text(r: &mut Report, s: &TypeStats) {
    r.line(format_args!(
        "node types {} master nodes (predicted→found mismatches {}), {} reached sequentially, {} farmed out ({} wasted, {} nodes = {:.1}%)",
        s.master_nodes(),
        s.mispredicted(),
        s.sequential,
        s.farmed,
        s.farmed_wasted,
        thousands(s.wasted_nodes),
        100.0 * s.waste_fraction()
    ));
    match s.type2_hit_rate() {
        Some(h) => r.line(format_args!(
            "type 2     {} of {} predictions held ({:.1}%)",
            s.type2_held,
            s.type2_predicted,
            100.0 * h
        )),
        None => r.line("type 2     no type-2 predictions"),
    }
}
