//! `arachne search`: run any algorithm on any game or synthetic tree.
pub use crate::args::{limits, resolve_depth, SearchArgs, DEFAULT_ALGO, DEFAULT_GAME};
use crate::error::{CliError, CliResult};
use crate::output::report;
use arachne_core::tt::MAX_MIB;
use arachne_core::{Game, TranspositionTable};
use arachne_engine::algo_error;
use arachne_games::{with_game, GameInfo, GameVisitor};
use arachne_search::Algorithm;

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
/// (`args.game` is not read): the serial algorithms, and the message-passing ones on the
/// simulator ([`super::parallel::run_on`]), with every flag checked and reported as [`run`]
/// does. The shared-memory and best-first algorithms, real threads and MPI are refused.
pub fn run_on<G: Game>(args: &SearchArgs, root: G, info: GameInfo) -> CliResult {
    check_common(args)?;
    if args.threads.is_some() {
        return Err(CliError::usage(
            "--threads: a game defined outside arachne runs on the serial algorithms and the simulator only",
        ));
    }
    super::parallel::sim_only(args)?;
    if super::parallel::is_ours(&args.algo) {
        return super::parallel::run_on(args, root, info);
    }
    let algo: Algorithm = args.algo.parse().map_err(|e: arachne_search::AlgoError| {
        let serial = arachne_search::CATALOGUE
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ");
        if e.0.starts_with("unknown algorithm") {
            CliError::usage(format!(
                "`{}`: a game defined outside arachne runs on the serial algorithms ({serial}) and on the simulator's message-passing ones (tree-split, baudet, palphabeta-par, pbound, knm, type-guided) only",
                arachne_core::parse::clip(&args.algo, 60)
            ))
        } else {
            CliError::usage(e.0)
        }
    })?;
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
