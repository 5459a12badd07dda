//! Value parsers for the numeric flags: a negative number, a number outside the flag's range
//! and a word that is not a number each get a message that says so, in clap's one line
//! (`invalid value '-1' for '--depth <DEPTH>': negative numbers are not allowed`). The flags
//! that use them also set `allow_negative_numbers`, so that `--depth -1` reaches the parser
//! instead of being taken for an unknown flag `-1`.
//!
//! Also the flags of `arachne search` ([`SearchArgs`]) and the request they make
//! ([`arachne::SearchRequest`], which `arachne::run` runs).
use arachne::request::{SearchRequest, DEFAULT_ALGO, DEFAULT_GAME};
use arachne_core::StopFlag;
use clap::Args;

/// `s` as an integer in `lo..=hi`.
fn natural(s: &str, lo: u64, hi: u64) -> Result<u64, String> {
    let t = s.trim();
    if let Some(rest) = t.strip_prefix('-') {
        return Err(if rest.parse::<f64>().is_ok() {
            if rest.bytes().all(|b| b == b'0') {
                // `-0` is zero.
                return natural(rest, lo, hi);
            }
            "negative numbers are not allowed".to_string()
        } else {
            format!("`{}` is not an integer", arachne_core::parse::clip(t, 40))
        });
    }
    let digits = t.strip_prefix('+').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "`{}` is not an integer",
            arachne_core::parse::clip(t, 40)
        ));
    }
    let range = || {
        if hi == u64::MAX {
            format!("must be at least {lo}")
        } else {
            format!("must be in {lo}..={hi}")
        }
    };
    match digits.parse::<u128>() {
        Ok(x) if (lo as u128..=hi as u128).contains(&x) => Ok(x as u64),
        _ => Err(range()),
    }
}

macro_rules! parsers {
    ($($(#[$doc:meta])* $name:ident: $t:ty = $lo:expr, $hi:expr;)*) => {$(
        $(#[$doc])*
        pub fn $name(s: &str) -> Result<$t, String> {
            natural(s, $lo as u64, $hi as u64).map(|x| x as $t)
        }
    )*};
}

parsers! {
    /// A search depth in plies (`search`, `play`): 1..=200.
    depth: u32 = 1, arachne::MAX_SEARCH_DEPTH;
    /// A perft depth: 0..=64.
    perft_depth: u32 = 0, 64;
    /// Any non-negative `u64` (seeds, milliseconds).
    any_u64: u64 = 0, u64::MAX;
    /// Any non-negative `u32`.
    any_u32: u32 = 0, u32::MAX;
    /// A positive `u64` (node budgets).
    positive_u64: u64 = 1, u64::MAX;
    /// A positive `u32` (counts whose upper bound is checked where it is known).
    positive_u32: u32 = 1, u32::MAX;
    /// `--procs`: 1..=65536 (the simulator's most; threads and MPI check their own).
    procs: u32 = 1, arachne::MAX_PROCS;
    /// `--threads`: 1..=256.
    threads: u32 = 1, arachne::MAX_THREADS;
    /// `--hash` in MiB: 0..=65536 (0: no table, where the table is optional).
    hash: usize = 0, arachne_core::tt::MAX_MIB;
    /// `--memory` in MiB: 1..=1048576.
    memory: u64 = 1, arachne::MAX_MEMORY_MIB;
    /// Any non-negative `usize`.
    any_usize: usize = 0, u32::MAX;
}

/// A non-negative finite number.
pub fn non_negative_f64(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        Ok(x) if x < 0.0 => Err("negative numbers are not allowed".into()),
        Ok(_) => Err("must be a finite number".into()),
        Err(_) => Err(format!(
            "`{}` is not a number",
            arachne_core::parse::clip(s.trim(), 40)
        )),
    }
}

/// The flags of `arachne search`, shared by every family of searcher.
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
    /// Threads for the shared-memory algorithms (`ybwc`, `jamboree`, `lazy-smp`, `abdada`);
    /// with a message-passing algorithm on `--backend mpi`, the threads of each rank: at most
    /// T processes a rank, each on a thread (`--procs` defaults to ranks × T).
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
    /// captures, Fuller–Gaschnig–Gillogly 1973 §6; every search here, the message-passing ones at every processor);
    /// a no-op for games without captures.
    #[arg(long)]
    pub quiescence: bool,
    /// Extend the search by a ply at positions where the side to move is in check (chess;
    /// `falphabeta`, `aspiration`, `ybwc`, `jamboree`, `lazy-smp`, `abdada`, and `tree-split`,
    /// `baudet`, `palphabeta-par`, `pbound`, `type-guided` at every processor on every backend;
    /// `knm` refuses it; a no-op for games without checks).
    #[arg(long)]
    pub check_extension: bool,
    /// Null-move pruning, adaptive R = 2/3 (chess, not in check nor in king-and-pawn endings;
    /// `falphabeta`, `aspiration`, `ybwc`, `jamboree`, `lazy-smp`, `abdada`, and `tree-split`,
    /// `baudet`, `palphabeta-par`, `type-guided` at every processor on every backend; `pbound`
    /// and `knm` refuse it; a no-op for games without a null move).
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
    /// The request these flags make, with Ctrl-C wired to its stop flag (in-process under
    /// [`crate::api::run_json`]: the host's stop flag, and no handler).
    pub fn request(&self) -> SearchRequest {
        let stop = Self::stop();
        SearchRequest {
            game: self.game.clone(),
            algo: self.algo.clone(),
            depth: self.depth,
            procs: self.procs,
            threads: self.threads,
            backend: self.backend.clone(),
            cost: self.cost.clone(),
            latency_seed: self.latency_seed,
            preorder: self.preorder,
            ordering: self.ordering,
            quiescence: self.quiescence,
            check_extension: self.check_extension,
            null_move: self.null_move,
            hash: self.hash_arg,
            nodes: self.nodes,
            time_ms: self.time_ms,
            memory: self.memory,
            stop,
            playing: false,
            table: None,
            dist_table: None,
        }
    }

    /// The stop flag of a search: the host's under [`crate::api::run_json`], else one that
    /// Ctrl-C sets.
    pub fn stop() -> StopFlag {
        crate::host::host_stop().unwrap_or_else(|| {
            let stop = StopFlag::new();
            let s2 = stop.clone();
            // Ctrl-C stops the search; a second handler registration (tests) is harmless to
            // skip.
            let _ = ctrlc::set_handler(move || s2.stop());
            stop
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_what_is_wrong() {
        assert_eq!(depth("7"), Ok(7));
        assert_eq!(depth("-0").unwrap_err(), "must be in 1..=200");
        assert_eq!(depth("-1").unwrap_err(), "negative numbers are not allowed");
        assert_eq!(
            any_u64("-5").unwrap_err(),
            "negative numbers are not allowed"
        );
        assert_eq!(depth("4294967296").unwrap_err(), "must be in 1..=200");
        assert_eq!(depth("0").unwrap_err(), "must be in 1..=200");
        assert!(depth("x").unwrap_err().contains("not an integer"));
        assert!(depth("-x").unwrap_err().contains("not an integer"));
        assert_eq!(any_u64("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            positive_u64("18446744073709551616").unwrap_err(),
            "must be at least 1"
        );
        assert_eq!(perft_depth("0"), Ok(0));
        assert_eq!(
            non_negative_f64("-1").unwrap_err(),
            "negative numbers are not allowed"
        );
        assert!(non_negative_f64("inf").is_err());
    }
}
