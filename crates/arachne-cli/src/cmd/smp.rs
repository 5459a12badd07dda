//! Shared-memory algorithms from `arachne search --algo ybwc|jamboree|lazy-smp|abdada
//! --threads T` (module `arachne_parallel::smp`). They search by iterative deepening on one
//! shared transposition table (`--hash` MiB, allocated fallibly: a size the machine cannot hold
//! is one line and exit 2) and honour `--nodes` and `--time-ms` (the result is the last
//! completed depth), and the search options `--ordering`, `--preorder`, `--quiescence`,
//! `--null-move` and `--check-extension`, in the parallel part of the tree as in the serial
//! sub-searches.
use crate::args::{limits, resolve_depth, SearchArgs};
use crate::error::{CliError, CliResult};
use crate::output::report;
use arachne_core::{Game, TranspositionTable};
use arachne_games::{with_game, GameInfo, GameVisitor};
use arachne_parallel::smp::{is_smp_name, search, SmpAlgo, MAX_THREADS};

/// Runs `args` if `args.algo` names a shared-memory algorithm; `None` otherwise.
pub fn run(args: &SearchArgs) -> Option<CliResult> {
    if !is_smp_name(&args.algo) {
        return None;
    }
    Some(run_ours(args))
}

/// Threads from `--threads` (default 1), checked.
pub fn threads(t: Option<u32>) -> Result<usize, CliError> {
    let t = t.unwrap_or(1) as usize;
    if t == 0 || t > MAX_THREADS {
        return Err(CliError::usage(format!(
            "--threads must be between 1 and {MAX_THREADS}"
        )));
    }
    Ok(t)
}

fn run_ours(args: &SearchArgs) -> CliResult {
    let algo: SmpAlgo = args.algo.parse().map_err(CliError::usage)?;
    if args.procs.is_some() {
        return Err(CliError::usage(format!(
            "`{}` is a shared-memory algorithm: give --threads T, not --procs",
            args.algo
        )));
    }
    for (flag, given) in [
        ("--backend", args.backend.is_some()),
        ("--cost", args.cost.is_some()),
        ("--latency-seed", args.latency_seed != 0),
        ("--memory", args.memory.is_some()),
    ] {
        if given {
            return Err(CliError::usage(format!(
                "{flag} does not apply to `{}`, a shared-memory algorithm on this machine's threads ({})",
                arachne_core::parse::clip(&args.algo, 40),
                if flag == "--memory" {
                    "its table is --hash MiB"
                } else {
                    "--backend and --cost are for --procs P"
                }
            )));
        }
    }
    if args.nodes == Some(0) {
        return Err(CliError::usage("--nodes must be at least 1"));
    }
    if args.hash() > 1 << 16 {
        return Err(CliError::usage("--hash is in MiB and at most 65536"));
    }
    if args.hash() == 0 {
        return Err(CliError::usage(format!(
            "`{}` searches on a shared transposition table: --hash must be at least 1",
            args.algo
        )));
    }
    let threads = threads(args.threads)?;
    with_game(
        &args.game,
        Visit {
            args,
            algo,
            threads,
        },
    )
    .map_err(CliError::usage)?
}

struct Visit<'a> {
    args: &'a SearchArgs,
    algo: SmpAlgo,
    threads: usize,
}

impl GameVisitor for Visit<'_> {
    type Output = CliResult;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> CliResult {
        let depth = resolve_depth(self.args.depth, &info)?;
        let limits = limits(self.args, depth);
        let opts = self.args.options();
        // The table is allocated here, fallibly, as for the serial searches: a size the
        // machine cannot hold is a clear error, not a panic in the library (issue 24, item 4).
        let tt = TranspositionTable::try_with_mib(self.args.hash().max(1))
            .map_err(|e| CliError::usage(format!("--hash: {e}")))?;
        let out = search(
            &self.algo,
            &root,
            &limits,
            &opts,
            self.threads,
            Some(&tt),
            &mut |_| {},
        )
        .map_err(CliError::usage)?;
        let name = format!("{} (threads {})", self.algo, self.threads);
        report(&root, &info, &name, &out, self.args.json);
        Ok(())
    }
}
