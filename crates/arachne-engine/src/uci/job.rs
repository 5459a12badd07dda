//! One `go` of the UCI server: the search on its own thread, with iterative deepening around
//! the fixed-depth searchers, its `info` lines and its `bestmove` (see the module docs of
//! [`super`]).
use super::{say, MAX_DEPTH};
use arachne::pv_names;
use arachne_core::{Game, Limits, RootMoves, Score, TranspositionTable};
use arachne_games::chess::cozy_chess::Move;
use arachne_games::Chess;
use arachne_mcts::{MctsOptions, MctsSearcher, MctsStop};
use arachne_parallel::smp::SmpAlgo;
use arachne_search::{Algorithm, SearchOptions, SearchOutcome, ValueKind};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One `go`: runs on its own thread and prints `info` lines and the `bestmove`.
pub(super) struct Job {
    pub(super) root: Chess,
    /// `go searchmoves`: only these root moves.
    pub(super) only: Option<Vec<Move>>,
    pub(super) algo: Algorithm,
    /// Monte Carlo tree search, its options resolved (then `algo` and `parallel` are unused).
    pub(super) mcts: Option<MctsOptions>,
    /// A shared-memory algorithm and its thread count (`Threads` > 1).
    pub(super) parallel: Option<(SmpAlgo, usize)>,
    pub(super) opts: SearchOptions,
    pub(super) limits: Limits,
    pub(super) tt: Arc<TranspositionTable>,
    pub(super) infinite: bool,
    pub(super) start: Instant,
}

impl Job {
    pub(super) fn run(self) {
        let (best, any_moves) = match &self.only {
            Some(only) => self.search(&RootMoves::new(self.root.clone(), only)),
            None => self.search(&self.root),
        };
        // In infinite (or ponder) mode the bestmove waits for `stop`.
        while self.infinite && !self.limits.stop.is_stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
        let root = &self.root;
        let mv = match best.filter(|&m| root.is_legal(m) && any_moves.contains(&m)) {
            Some(m) => Some(m),
            None => any_moves.first().copied(),
        };
        match mv {
            Some(m) => say(&format!("bestmove {}", root.move_name(m))),
            None => say("bestmove 0000"),
        }
    }

    /// Searches `root` (the position, or the position restricted to `searchmoves`), printing
    /// `info` lines; the best move found, if any, and the root's moves.
    fn search<G: Game<Move = Move>>(&self, root: &G) -> (Option<Move>, Vec<Move>) {
        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH);
        let mut best: Option<Move> = None;
        let tt = Some(&*self.tt);
        let mut any_moves = Vec::new();
        root.moves(&mut any_moves);
        if !any_moves.is_empty() {
            if let Some(o) = &self.mcts {
                best = self.mcts(root, o);
            } else if let Some((algo, threads)) = self.parallel {
                let out = arachne_parallel::smp::search(
                    &algo,
                    root,
                    &self.limits,
                    &self.opts,
                    threads,
                    tt,
                    &mut |o: &SearchOutcome<Move>| {
                        info(root, o, o.stats.nodes() + o.stats.qnodes, self.start);
                    },
                );
                best = out.ok().and_then(|o| o.best_move);
            } else if self.algo.is_iterative() {
                let out = self.algo.search_with(
                    root,
                    &self.limits,
                    &self.opts,
                    tt,
                    &mut |o: &SearchOutcome<Move>| {
                        info(root, o, o.stats.nodes() + o.stats.qnodes, self.start);
                    },
                );
                best = out.best_move;
            } else {
                // Iterative deepening around a fixed-depth searcher.
                let mut used = 0u64;
                for d in 1..=max_depth {
                    let mut lim = self.limits.clone();
                    lim.depth = Some(d);
                    if let Some(n) = self.limits.nodes {
                        if used >= n {
                            break;
                        }
                        lim.nodes = Some(n - used);
                    }
                    let out = self
                        .algo
                        .search_with(root, &lim, &self.opts, tt, &mut |_| {});
                    used += out.stats.nodes() + out.stats.qnodes;
                    if out.stopped.is_some() {
                        break;
                    }
                    best = out.best_move.or(best);
                    info(root, &out, used, self.start);
                }
            }
        }
        (best, any_moves)
    }

    /// Monte Carlo tree search on `root` (module docs of [`super`]): in slices of 1, 2, 4, …
    /// seconds on the same tree, each ended by an `info` line, so that a long search (`go
    /// infinite`, a long `movetime`) shows its progress; the budgets of iterations and nodes
    /// count across the slices, so slicing stops the search where one run would. Slices
    /// double so that the tree-parallel form's copies of its tree at each slice (The arena,
    /// [`arachne_mcts::tree`]) stay a small share of the time. The best move.
    fn mcts<G: Game<Move = Move>>(&self, root: &G, o: &MctsOptions) -> Option<Move> {
        let mut searcher = MctsSearcher::new(root.clone(), o.clone());
        let mut lim = self.limits.clone();
        lim.depth = None;
        let mut slice = MCTS_FIRST_SLICE;
        loop {
            let slice_end = Instant::now() + slice;
            let last = self.limits.deadline.is_some_and(|d| d <= slice_end);
            lim.deadline = if last {
                self.limits.deadline
            } else {
                Some(slice_end)
            };
            let out = searcher.run(&lim);
            let ms = self.start.elapsed().as_millis() as u64;
            let mut line = format!(
                "info depth {} score {} nodes {} nps {} time {ms}",
                out.pv.len(),
                score_text(out.value),
                out.stats.leaves,
                out.stats.leaves * 1000 / ms.max(1)
            );
            if !out.pv.is_empty() {
                line.push_str(" pv ");
                line.push_str(&pv_names(root, &out.pv).join(" "));
            }
            say(&line);
            if last || out.stop != MctsStop::Time {
                return out.best_move;
            }
            slice *= 2;
        }
    }
}

/// The first slice of a Monte Carlo tree search in UCI ([`Job::mcts`]).
const MCTS_FIRST_SLICE: Duration = Duration::from_secs(1);

/// A value as UCI says it: `mate N` (moves, negative when losing) or `cp X`.
fn score_text(v: Score) -> String {
    match v.plies_to_end() {
        Some(p) => {
            let moves = (p as i64 + 1) / 2;
            if v.0 > 0 {
                format!("mate {moves}")
            } else {
                format!("mate -{moves}")
            }
        }
        None => format!("cp {}", v.0),
    }
}

/// Prints one `info` line. `nodes` are the positions searched so far (with quiescence nodes).
fn info<G: Game<Move = Move>>(root: &G, o: &SearchOutcome<Move>, nodes: u64, start: Instant) {
    let ms = start.elapsed().as_millis() as u64;
    let nps = nodes * 1000 / ms.max(1);
    let score = score_text(o.value);
    let bound = match o.kind {
        // Info lines come from completed stages, which always have a value.
        ValueKind::Exact | ValueKind::Unknown => "",
        ValueKind::Lower => " lowerbound",
        ValueKind::Upper => " upperbound",
    };
    let mut line = format!(
        "info depth {} score {score}{bound} nodes {nodes} nps {nps} time {ms}",
        o.depth
    );
    if !o.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv_names(root, &o.pv).join(" "));
    }
    say(&line);
}
