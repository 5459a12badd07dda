//! Arachne as an engine: the pieces that turn the searchers into something that plays.
//!
//! - [`uci`]: the UCI server (`arachne uci`), with time management and iterative deepening
//!   over any serial searcher of `arachne-search`, the shared-memory searchers of
//!   `arachne_parallel::smp` and Monte Carlo tree search;
//! - [`uci::client`]: the UCI client, an external engine (e.g. Stockfish) run as a child process
//!   and asked for fixed-depth searches: RBFM's black-box evaluator (seed 002 §5.1);
//! - [`shallow`]: RBFM's chess evaluator (seed 002 §5.1, §5.2), a shallow fail-soft alpha-beta
//!   or an external engine's search as the static value, with the paper's extensions and checks
//!   first, and §5.4's learning of the chess table ([`shallow::learn_chess`]);
//! - [`request`] and [`run`]: a search request (the options of `arachne search` as a plain
//!   value), the dispatch from its algorithm to a family of searchers, every family's checks
//!   of the options it cannot honour, and the [`Report`] of the outcome — its JSON object and
//!   its text, rendered once for the command line, the Python package and any other caller;
//! - the shared pieces of the command line that are not argument parsing or printing: the
//!   depth check ([`resolve_depth`]), move names along a line ([`pv_names`]), the catalogue
//!   of message-passing algorithms ([`parallel_catalogue`]), the unknown-algorithm message
//!   ([`algo_error`]) and the best-first and Monte Carlo defaults.
//!
//! Why a crate of its own (issue 26, item 1): this is library logic that used to live in the
//! command line, and it needs every kind of searcher — serial (`arachne-search`),
//! shared-memory (`arachne-parallel`) and best-first and Monte Carlo (`arachne-bestfirst`).
//! None of those crates may depend on the others' siblings without turning an algorithm crate
//! into an application, so the engine sits above all of them and below its users, the
//! command line (`arachne-cli`) and, for the match runner and the UCI client, the experiments
//! (`arachne-experiments`). The command line is left with argument parsing, a call and
//! printing.
pub mod learn;
pub mod play;
pub mod report;
pub mod request;
pub mod run;
pub mod shallow;
pub mod uci;

pub use report::{Report, RunError, RunResult};
pub use request::SearchRequest;

use arachne_core::Game;
use arachne_games::GameInfo;

/// Iterations of a Monte Carlo tree search given no budget (no nodes, time or `iters=`).
pub const DEFAULT_MCTS_ITERS: u64 = 100_000;

/// Default cap on a best-first or Monte Carlo search's tree, MiB.
pub const DEFAULT_TREE_MIB: u64 = 1024;

/// Deepest search supported (plies) by `arachne search` and `arachne play`.
pub const MAX_SEARCH_DEPTH: u32 = 200;

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

/// The message-passing algorithms (`--procs P`): name and one-line description.
pub fn parallel_catalogue() -> Vec<(&'static str, &'static str)> {
    arachne_parallel::CATALOGUE.to_vec()
}

/// The unknown-algorithm message with every algorithm named, serial and parallel; any other
/// message unchanged.
pub fn algo_error(msg: &str) -> String {
    if !msg.starts_with("unknown algorithm") {
        return msg.to_string();
    }
    let head = msg.split(" (").next().unwrap_or(msg);
    let names = |c: &[(&str, &str)]| c.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
    format!(
        "{head} (serial: {}; parallel, with --procs or --threads: {})",
        names(arachne_search::CATALOGUE),
        names(&parallel_catalogue())
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

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_games::{with_game, GameVisitor};

    struct Depth(Option<u32>);
    impl GameVisitor for Depth {
        type Output = Result<u32, String>;
        fn visit<G: Game>(self, _root: G, info: GameInfo) -> Self::Output {
            resolve_depth(self.0, &info)
        }
    }

    #[test]
    fn depths_are_checked_against_the_game() {
        let tree = "iid:n=3,d=5,seed=1";
        assert_eq!(with_game(tree, Depth(None)).unwrap(), Ok(5));
        assert_eq!(with_game(tree, Depth(Some(3))).unwrap(), Ok(3));
        let e = with_game(tree, Depth(Some(6))).unwrap().unwrap_err();
        assert!(e.contains("exceeds the depth of the tree (5)"), "{e}");
        assert!(with_game(tree, Depth(Some(0))).unwrap().is_err());
        let e = with_game("connect4", Depth(Some(MAX_SEARCH_DEPTH + 1)))
            .unwrap()
            .unwrap_err();
        assert!(e.contains("beyond the supported"), "{e}");
    }

    #[test]
    fn unknown_algorithms_are_listed() {
        let e = algo_error("unknown algorithm `foo` (known: x)");
        assert!(
            e.starts_with("unknown algorithm `foo` (serial: negamax, "),
            "{e}"
        );
        assert!(e.contains("tree-split"), "{e}");
        assert_eq!(algo_error("bad option"), "bad option");
    }

    #[test]
    fn names_along_a_line() {
        let root = arachne_games::Chess::startpos();
        let mut moves = Vec::new();
        root.moves(&mut moves);
        let e4 = moves
            .iter()
            .copied()
            .find(|&m| root.move_name(m) == "e2e4")
            .unwrap();
        let next = root.play(e4);
        let mut replies = Vec::new();
        next.moves(&mut replies);
        let e5 = replies
            .iter()
            .copied()
            .find(|&m| next.move_name(m) == "e7e5")
            .unwrap();
        assert_eq!(pv_names(&root, &[e4, e5]), vec!["e2e4", "e7e5"]);
    }
}
