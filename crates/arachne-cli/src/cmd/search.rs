//! `arachne search`: run any algorithm on any game or synthetic tree.
use crate::error::{CliError, CliResult};
use crate::output::{mnps, print_json, thousands};
use arachne_core::tt::MAX_MIB;
use arachne_core::{Game, Limits, StopFlag, TranspositionTable};
use arachne_games::{with_game, GameInfo, GameVisitor};
use arachne_search::{Algorithm, SearchOptions, SearchOutcome, ValueKind};
use clap::Args;
use serde_json::json;
use std::time::Duration;

/// The embedded default: what `arachne` with no arguments searches.
pub const DEFAULT_GAME: &str = "connect4";
/// The default algorithm.
pub const DEFAULT_ALGO: &str = "alphabeta";

#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Game spec, e.g. `connect4`, `iid:n=3,d=5,seed=1`, `incremental:b=10,d=10,seed=1,branching=random`
    /// (see `arachne games`).
    #[arg(long, short = 'g', default_value = DEFAULT_GAME)]
    pub game: String,
    /// Algorithm, `NAME[:key=value,...]` (see `arachne algos`).
    #[arg(long, short = 'a', default_value = DEFAULT_ALGO)]
    pub algo: String,
    /// Depth in plies. Default: a synthetic tree's full depth, or the game's default.
    #[arg(long, short = 'd', allow_negative_numbers = true, value_parser = crate::args::depth)]
    pub depth: Option<u32>,
    /// Number of processors for parallel algorithms.
    #[arg(long, short = 'p', allow_negative_numbers = true, value_parser = crate::args::procs)]
    pub procs: Option<u32>,
    /// Threads for the shared-memory algorithms (`ybwc`, `jamboree`, `lazy-smp`, `abdada`).
    #[arg(long, short = 't', allow_negative_numbers = true, value_parser = crate::args::threads)]
    pub threads: Option<u32>,
    /// Parallel backend: `sim` (virtual time, deterministic; the default), `threads` (real
    /// cores) or `mpi` (MPI ranks under `mpirun`; a build with the `mpi` feature). The
    /// message-passing algorithms (`--procs P`) only.
    #[arg(long)]
    pub backend: Option<String>,
    /// Parallel cost model for `--backend sim`: `unit`, `arachne`, or `measured` (this
    /// machine's cost of a node of the search and of a message on threads, measured first),
    /// each with `:key=value` overrides.
    #[arg(long)]
    pub cost: Option<String>,
    /// Seed for random message latency in the simulator (0 = no random latency).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub latency_seed: u64,
    /// Order successors by their static values before searching them.
    #[arg(long)]
    pub preorder: bool,
    /// Use the game's move-ordering heuristics (captures first, killers, history).
    #[arg(long)]
    pub ordering: bool,
    /// Value bottom positions by a capture-only quiescence search (chess: all chains of
    /// captures, seed 001 §6; every search here, the message-passing ones at every processor);
    /// a no-op for games without captures.
    #[arg(long)]
    pub quiescence: bool,
    /// Extend the search by a ply at positions where the side to move is in check (chess;
    /// `falphabeta`, `aspiration`, `ybwc`, `jamboree`, `lazy-smp`, `abdada`, and `tree-split`,
    /// `baudet`, `palphabeta-par`, `pbound` at every processor; a no-op for games without
    /// checks).
    #[arg(long)]
    pub check_extension: bool,
    /// Null-move pruning, adaptive R = 2/3 (chess, not in check nor in king-and-pawn endings;
    /// `falphabeta`, `aspiration`, `ybwc`, `jamboree`, `lazy-smp`, `abdada`, and on `--backend
    /// threads` the slaves of `tree-split`, `baudet`, `palphabeta-par`; a no-op for games
    /// without a null move).
    #[arg(long)]
    pub null_move: bool,
    /// Transposition table size in MiB (for staged search on real games, sss, mtdf), exactly
    /// as given, 1..=65536 (0: none, where the table is optional).
    #[arg(long = "hash", allow_negative_numbers = true, value_parser = crate::args::hash)]
    pub hash_arg: Option<usize>,
    /// Stop after this many positions searched: interior nodes, bottom positions and
    /// quiescence positions all count (for parallel algorithms: summed over processors).
    #[arg(long, allow_negative_numbers = true, value_parser = crate::args::positive_u64)]
    pub nodes: Option<u64>,
    /// Stop after this many milliseconds.
    #[arg(long, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub time_ms: Option<u64>,
    /// Cap on a best-first search's tree (bfm, rbfm, mcts) or on knm's node records, MiB (default
    /// 1024).
    #[arg(long, allow_negative_numbers = true, value_parser = crate::args::memory)]
    pub memory: Option<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

impl SearchArgs {
    /// The table size: `--hash`, or 16 MiB.
    pub fn hash(&self) -> usize {
        self.hash_arg.unwrap_or(DEFAULT_HASH_MIB)
    }

    /// Refuses an explicit `--hash` for a search that allocates no table (`what` says which).
    pub fn refuse_hash(&self, what: &str) -> Result<(), CliError> {
        match self.hash_arg {
            Some(_) => Err(CliError::usage(format!(
                "--hash: {what} uses no transposition table of that size"
            ))),
            None => Ok(()),
        }
    }

    /// The search options these flags select.
    pub fn options(&self) -> SearchOptions {
        SearchOptions {
            preorder: self.preorder,
            hints: self.ordering,
            killers: self.ordering,
            history: self.ordering,
            tt_mib: self.hash(),
            quiescence: self.quiescence,
            check_extension: self.check_extension,
            null_move: self.null_move,
            ..SearchOptions::default()
        }
    }
}

/// `arachne` with no arguments: the embedded default search.
pub fn run_default() -> CliResult {
    run(SearchArgs {
        game: DEFAULT_GAME.into(),
        algo: "salphabeta".into(),
        depth: None,
        procs: None,
        threads: None,
        backend: None,
        cost: None,
        latency_seed: 0,
        preorder: false,
        ordering: true,
        quiescence: false,
        check_extension: false,
        null_move: false,
        hash_arg: None,
        nodes: None,
        time_ms: None,
        memory: None,
        json: false,
    })
}

/// The table size without `--hash`, MiB.
pub const DEFAULT_HASH_MIB: usize = 16;

/// Deepest search supported (plies).
pub const MAX_DEPTH: u32 = 200;

/// Checks the depth against the game and returns the depth to search.
pub fn resolve_depth(requested: Option<u32>, info: &GameInfo) -> Result<u32, CliError> {
    let depth = requested.unwrap_or(info.default_depth);
    if requested.is_none() && depth > MAX_DEPTH {
        return Err(CliError::usage(format!(
            "`{}` is {depth} plies deep, beyond the supported {MAX_DEPTH}: give --depth D ≤ {MAX_DEPTH} to search its top",
            arachne_core::parse::clip(&info.spec, 60)
        )));
    }
    if depth == 0 {
        return Err(CliError::usage("--depth must be at least 1"));
    }
    if let Some(max) = info.max_depth {
        if depth > max {
            return Err(CliError::usage(format!(
                "--depth {depth} exceeds the depth of the tree ({max}) in `{}`",
                info.spec
            )));
        }
    }
    if depth > MAX_DEPTH {
        return Err(CliError::usage(format!(
            "--depth {depth} is beyond the supported {MAX_DEPTH} plies"
        )));
    }
    Ok(depth)
}

/// Limits from the flags, with Ctrl-C wired to the stop flag (in-process under
/// [`crate::api::run_json`]: the host's stop flag, and no handler).
pub fn limits(args: &SearchArgs, depth: u32) -> Limits {
    let stop = match crate::api::host_stop() {
        Some(stop) => stop,
        None => {
            let stop = StopFlag::new();
            let s2 = stop.clone();
            // Ctrl-C stops the search; a second handler registration (tests) is harmless to
            // skip.
            let _ = ctrlc::set_handler(move || s2.stop());
            stop
        }
    };
    let mut l = Limits {
        depth: Some(depth),
        stop,
        ..Limits::default()
    };
    if let Some(n) = args.nodes {
        l = l.with_nodes(n);
    }
    if let Some(t) = args.time_ms {
        l = l.with_time(Duration::from_millis(t));
    }
    l
}

/// The checks every search makes first.
fn check_common(args: &SearchArgs) -> CliResult {
    if args.nodes == Some(0) {
        return Err(CliError::usage("--nodes must be at least 1"));
    }
    if args.hash() > MAX_MIB {
        return Err(CliError::usage(format!(
            "--hash {} is past the largest table, {MAX_MIB} MiB",
            args.hash()
        )));
    }
    Ok(())
}

/// `arachne search`.
pub fn run(args: SearchArgs) -> CliResult {
    check_common(&args)?;
    if let Some(r) = super::bestfirst::run(&args) {
        return r;
    }
    if let Some(r) = super::mcts::run(&args) {
        return r;
    }
    if let Some(r) = super::smp::run(&args) {
        return r;
    }
    if args.threads.is_some() {
        return Err(CliError::usage(format!(
            "--threads is for the shared-memory algorithms (ybwc, jamboree, lazy-smp, abdada), not `{}`",
            args.algo
        )));
    }
    let algo: Algorithm = match args.algo.parse() {
        Ok(a) => a,
        Err(e) => {
            if let Some(r) = super::parallel::run(&args) {
                return r;
            }
            return Err(CliError::usage(algo_error(&e.0)));
        }
    };
    check_serial(&args, &algo)?;
    with_game(&args.game, Serial { args: &args, algo }).map_err(CliError::usage)?
}

/// `arachne search` on a position made by the caller — a game defined outside
/// `arachne-games`, e.g. written in Python (crate `arachne-py`) — described by `info`
/// (`args.game` is not read): the serial algorithms, with every flag checked and reported as
/// [`run`] does. The parallel, shared-memory and best-first algorithms are refused.
pub fn run_serial_on<G: Game>(args: &SearchArgs, root: G, info: GameInfo) -> CliResult {
    check_common(args)?;
    let algo: Algorithm = args.algo.parse().map_err(|e: arachne_search::AlgoError| {
        let serial = arachne_search::CATALOGUE
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ");
        if e.0.starts_with("unknown algorithm") {
            CliError::usage(format!(
                "`{}`: a game defined outside arachne runs on the serial algorithms only ({serial})",
                arachne_core::parse::clip(&args.algo, 60)
            ))
        } else {
            CliError::usage(e.0)
        }
    })?;
    if args.threads.is_some() {
        return Err(CliError::usage(
            "--threads: a game defined outside arachne runs on the serial algorithms only",
        ));
    }
    check_serial(args, &algo)?;
    Serial { args, algo }.visit(root, info)
}

/// The flags a serial algorithm refuses.
fn check_serial(args: &SearchArgs, algo: &Algorithm) -> CliResult {
    if args.memory.is_some() {
        return Err(CliError::usage(format!(
            "--memory caps a best-first tree (bfm, rbfm); `{}` does not take it (its table is --hash MiB)",
            arachne_core::parse::clip(&args.algo, 60)
        )));
    }
    for (flag, given) in [
        ("--procs", args.procs.is_some()),
        ("--backend", args.backend.is_some()),
        ("--cost", args.cost.is_some()),
        ("--latency-seed", args.latency_seed != 0),
    ] {
        if given {
            return Err(CliError::usage(format!(
                "`{}` is a serial algorithm; {flag} needs a parallel one (see `arachne algos`)",
                arachne_core::parse::clip(&args.algo, 60)
            )));
        }
    }
    if !algo.takes_engine_options() {
        for (flag, given) in [
            ("--null-move", args.null_move),
            ("--check-extension", args.check_extension),
        ] {
            if given {
                return Err(CliError::usage(format!(
                    "{flag}: `{algo}` does not take it (falphabeta, palphabeta, spalphabeta, aspiration and the shared-memory searches do)"
                )));
            }
        }
    }
    Ok(())
}

struct Serial<'a> {
    args: &'a SearchArgs,
    algo: Algorithm,
}

impl GameVisitor for Serial<'_> {
    type Output = CliResult;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> CliResult {
        let depth = resolve_depth(self.args.depth, &info)?;
        let opts = self.args.options();
        // The table is allocated here, fallibly, so that a size the machine cannot hold is a
        // clear error rather than an abort inside the library.
        let tt = if self.algo.wants_tt(&root, &opts) {
            if self.args.hash() == 0 {
                return Err(CliError::usage(format!(
                    "`{}` needs a transposition table: --hash must be at least 1",
                    self.algo
                )));
            }
            Some(
                TranspositionTable::try_with_mib(self.args.hash())
                    .map_err(|e| CliError::usage(format!("--hash: {e}")))?,
            )
        } else {
            self.args
                .refuse_hash(&format!("`{}` on this game", self.algo))?;
            None
        };
        let limits = limits(self.args, depth);
        let out = self
            .algo
            .search_with(&root, &limits, &opts, tt.as_ref(), &mut |_| {});
        report(&root, &info, &self.algo.to_string(), &out, self.args.json);
        Ok(())
    }
}

/// Prints a search outcome as text or JSON.
pub fn report<G: Game>(
    root: &G,
    info: &GameInfo,
    algo: &str,
    out: &SearchOutcome<G::Move>,
    json: bool,
) {
    let names = pv_names(root, &out.pv);
    let best = out.best_move.map(|m| root.move_name(m));
    let secs = out.elapsed.as_secs_f64();
    if json {
        print_json(&json!({
            "game": info.spec,
            "algo": algo,
            "depth": completed_depth(out),
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
    } else {
        println!("game       {}", info.spec);
        println!("algorithm  {algo}");
        match completed_depth(out) {
            Some(d) => println!("depth      {d}"),
            None => println!("depth      none completed"),
        }
        let value = match out.kind {
            ValueKind::Exact => out.value.to_string(),
            ValueKind::Lower => format!("{} (lower bound)", out.value),
            ValueKind::Upper => format!("{} (upper bound)", out.value),
            ValueKind::Unknown => "unknown (stopped before a value was established)".to_string(),
        };
        println!("value      {value}");
        let no_move = if out.stopped.is_some() {
            "(none: stopped before a root move was searched)"
        } else {
            "(none: terminal position)"
        };
        println!("best move  {}", best.as_deref().unwrap_or(no_move));
        println!("pv         {}", names.join(" "));
        println!(
            "nodes      {} ({} interior, {} bottom positions)",
            thousands(out.stats.nodes()),
            thousands(out.stats.interior),
            thousands(out.stats.leaves)
        );
        if out.stats.qnodes > 0 {
            println!("quiescence {} positions", thousands(out.stats.qnodes));
        }
        println!("movegens   {}", thousands(out.stats.movegens));
        println!("cutoffs    {}", thousands(out.stats.cutoffs));
        println!(
            "time       {:.1} ms ({} Mnodes/s)",
            secs * 1e3,
            mnps(out.stats.nodes() + out.stats.qnodes, secs)
        );
        if let Some(r) = out.stopped {
            if out.depth > 0 {
                println!(
                    "stopped    {r:?} (result of the last completed stage, depth {})",
                    out.depth
                );
            } else {
                println!("stopped    {r:?}");
            }
        }
    }
}

/// The depth a result stands for: `None` when a limit stopped the search before any
/// iteration (or the one fixed-depth search) completed.
pub fn completed_depth<M>(out: &SearchOutcome<M>) -> Option<u32> {
    (out.kind != ValueKind::Unknown).then_some(out.depth)
}

/// The unknown-algorithm message with every algorithm named, serial and parallel.
pub fn algo_error(msg: &str) -> String {
    if !msg.starts_with("unknown algorithm") {
        return msg.to_string();
    }
    let head = msg.split(" (").next().unwrap_or(msg);
    let names = |c: &[(&str, &str)]| c.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
    format!(
        "{head} (serial: {}; parallel, with --procs or --threads: {})",
        names(arachne_search::CATALOGUE),
        names(&super::parallel::catalogue())
    )
}

/// Move names along a line from `root`.
pub fn pv_names<G: Game>(root: &G, pv: &[G::Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut names = Vec::with_capacity(pv.len());
    for &m in pv {
        names.push(pos.move_name(m));
        pos = pos.play(m);
    }
    names
}
