//! # arachne
//!
//! Serial and parallel game-tree search: one [`Searcher`] for every algorithm — the alpha-beta
//! family, SSS* and MTD(f); tree-splitting, Baudet, Palphabeta and Pbound (Fishburn–Finkel
//! 1980), the Key Node Method (Lindstrom 1983) and node-type guided search on simulated
//! processors, threads or MPI; YBWC, Jamboree, Lazy SMP and ABDADA on shared memory;
//! best-first and randomized best-first minimax (Shoham–Toledo 2002) and Monte Carlo tree
//! search — on any game that implements [`Game`].
//!
//! ## A game of your own
//!
//! Nim with one heap: take 1, 2 or 3 stones; whoever cannot move has lost.
//!
//! ```
//! use arachne::{Game, Score, Searcher, Limits};
//!
//! #[derive(Clone, Debug)]
//! struct Nim(u8);
//!
//! impl Game for Nim {
//!     type Move = u8;
//!     fn moves(&self, out: &mut Vec<u8>) {
//!         out.clear();
//!         out.extend((1..=3).filter(|&k| k <= self.0));
//!     }
//!     fn play(&self, take: u8) -> Nim {
//!         Nim(self.0 - take)
//!     }
//!     fn evaluate(&self) -> Score {
//!         // Only called at the horizon or at the end: no stones left means the side to
//!         // move has lost.
//!         if self.0 == 0 { Score::LOSS } else { Score::DRAW }
//!     }
//!     fn move_name(&self, take: u8) -> String {
//!         format!("take{take}")
//!     }
//! }
//!
//! // 10 stones: the side to move wins by taking 2 (leaving a multiple of 4).
//! let serial = arachne::search("alphabeta").depth(10).run(&Nim(10)).unwrap();
//! assert!(serial.value > Score::DRAW);
//! assert_eq!(serial.best_move, Some(2));
//!
//! // Any searcher, configured once, behind one trait object.
//! let mut searchers: Vec<Box<dyn Searcher<Nim>>> = vec![
//!     arachne::search("abdada").threads(2).build().unwrap(),
//!     arachne::search("tree-split").procs(16).build().unwrap(),
//! ];
//! for s in &mut searchers {
//!     let out = s.search(&Nim(10), &Limits::depth(10)).unwrap();
//!     assert_eq!(out.value, serial.value);
//! }
//! ```
//!
//! ## The pieces
//!
//! - [`search`] starts a [`Builder`]: every option of `arachne search`, typed; it refuses,
//!   with one line naming it, an option the algorithm's family cannot honour
//!   ([`RunError::Refused`], whose [`RunError::option`] is the flag; a value out of range is
//!   [`RunError::Invalid`]).
//! - [`Searcher`] searches positions within [`Limits`] and returns one [`Outcome`]: the
//!   value and what it means ([`ValueKind`]), the best move, the principal variation, the
//!   node counts and the time, and the family's own figures ([`Detail`]: messages, virtual
//!   time and speedup, busy time per processor, node types, the best-first tree).
//! - [`registry`] lists every algorithm with its family; [`build`] makes the searcher a
//!   [`SearchRequest`] names, which is what the command line, the UCI engine and the Python
//!   package build from their flags, options and keyword arguments.
//! - [`render`] renders an outcome as `arachne search` prints it (text and `--json`);
//!   [`run::search`] runs a request on a game spec (`connect4`, `chess:fen=…`,
//!   `iid:n=3,d=8,seed=1`, …).
//! - The games and synthetic trees are in [`games`]; the core types ([`Game`], [`Score`],
//!   [`Limits`], [`StopFlag`], [`Stats`]) are re-exported here.
//!
//! The families' own crates (`arachne-search`, `arachne-parallel`, `arachne-bestfirst`,
//! `arachne-runtime`) hold the algorithms, one file each beside its paper.
pub mod bench;
mod builder;
pub mod builtin;
pub mod epd;
mod family;
pub mod registry;
pub mod report;
pub mod request;
pub mod run;
mod searcher;
pub mod speedup;
pub mod tour;

pub use arachne_core::{Game, Limits, Score, Stats, StopFlag, StopReason, TranspositionTable};
/// The games and synthetic trees: chess, checkers, Othello, connect four, tic-tac-toe, and
/// Fuller's i.i.d., incremental and ordered random trees; game specs ([`games::with_game`]).
pub use arachne_games as games;
pub use builder::{search, Backend, Builder, DEFAULT_CUSTOM_DEPTH};
pub use report::{Report, RunError, RunResult};
pub use request::SearchRequest;
pub use searcher::{
    build, build_playing, render, BestFirst, Deepened, Detail, Mcts, MessagePassing, Outcome,
    Progress, Searcher, ValueKind,
};

use arachne_games::GameInfo;

/// Iterations of a Monte Carlo tree search given no budget (no nodes, time or `iters=`).
pub const DEFAULT_MCTS_ITERS: u64 = 100_000;

/// Default cap on a best-first or Monte Carlo search's tree, MiB.
pub const DEFAULT_TREE_MIB: u64 = 1024;

/// Deepest search supported (plies) by `arachne search` and `arachne play`.
pub const MAX_SEARCH_DEPTH: u32 = 200;

/// Most processors of a message-passing search on the simulator (`--procs`; threads and MPI
/// check their own, smaller, limits).
pub const MAX_PROCS: u32 = arachne_parallel::MAX_SIM_PROCS as u32;

/// Most threads of a shared-memory search (`--threads`).
pub const MAX_THREADS: u32 = arachne_parallel::smp::MAX_THREADS as u32;

/// Largest `--memory` cap, MiB.
pub const MAX_MEMORY_MIB: u64 = 1 << 20;

/// Checks a requested depth against the game described by `info` and returns the depth to
/// search (the game's default without a request); the error is one line naming `--depth`.
pub fn resolve_depth(requested: Option<u32>, info: &GameInfo) -> Result<u32, String> {
    let depth = requested.unwrap_or(info.default_depth);
    if requested.is_none() && depth > MAX_SEARCH_DEPTH {
        return Err(format!(
            "`{}` is {depth} plies deep, beyond the supported {MAX_SEARCH_DEPTH}: give --depth D ≤ {MAX_SEARCH_DEPTH} to search its top",
            arachne_core::parse::clip(&info.spec, 60)
        ));
    }
    if depth == 0 {
        return Err("--depth must be at least 1".into());
    }
    if let Some(max) = info.max_depth {
        if depth > max {
            return Err(format!(
                "--depth {depth} exceeds the depth of the tree ({max}) in `{}`",
                info.spec
            ));
        }
    }
    if depth > MAX_SEARCH_DEPTH {
        return Err(format!(
            "--depth {depth} is beyond the supported {MAX_SEARCH_DEPTH} plies"
        ));
    }
    Ok(depth)
}

/// The depth an iterative search (the staged serial searches, `aspiration`, the shared-memory
/// searches) of a real game deepens to when a node or time limit is given without a depth:
/// the limit ends the search, which reports its last completed depth.
pub const DEPTH_UNDER_A_LIMIT: u32 = 64;

/// [`resolve_depth`] for a search that deepens iteratively when `iterative`: without a
/// requested depth but with a node or time limit in `limits`, a real game is searched until
/// the limit ([`DEPTH_UNDER_A_LIMIT`]), not to its default depth; a synthetic tree to its full
/// depth as always.
pub fn resolve_depth_under(
    requested: Option<u32>,
    info: &GameInfo,
    limits: &arachne_core::Limits,
    iterative: bool,
) -> Result<u32, String> {
    let limited = limits.nodes.is_some() || limits.deadline.is_some();
    if requested.is_none() && iterative && limited && info.max_depth.is_none() {
        return Ok(DEPTH_UNDER_A_LIMIT);
    }
    resolve_depth(requested, info)
}

/// The unknown-algorithm message with every algorithm named, serial and parallel; any other
/// message unchanged.
pub fn algo_error(msg: &str) -> String {
    if !msg.starts_with("unknown algorithm") {
        return msg.to_string();
    }
    let head = msg.split(" (").next().unwrap_or(msg);
    use registry::{names, Family};
    format!(
        "{head} (serial: {}; parallel, with --procs or --threads: {})",
        names(Family::Serial),
        names(Family::MessagePassing)
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
