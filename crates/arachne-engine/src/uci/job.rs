//! One `go` of the UCI server: the search on its own thread, built from the engine's
//! [`SearchRequest`] through the library's registry, with iterative deepening around the
//! fixed-depth searchers, its `info` lines and its `bestmove` (see the module docs of
//! [`super`]).
use super::{say, MAX_DEPTH};
use arachne::{pv_names, Detail, Outcome, SearchRequest, Searcher, ValueKind};
use arachne_core::{Game, Limits, RootMoves, Score};
use arachne_games::chess::cozy_chess::Move;
use arachne_games::{Chess, GameInfo};
use arachne_mcts::MctsStop;
use std::time::{Duration, Instant};

/// One `go`: runs on its own thread and prints `info` lines and the `bestmove`.
pub(super) struct Job {
    pub(super) root: Chess,
    /// `go searchmoves`: only these root moves.
    pub(super) only: Option<Vec<Move>>,
    /// What the search is built from: the algorithm and the options in force, the engine's
    /// table, [`SearchRequest::playing`].
    pub(super) req: SearchRequest,
    /// How the search deepens: by itself (the iterative algorithms, the shared-memory
    /// searches), by the loop here (the fixed-depth algorithms), or not at all (`mcts`).
    pub(super) deepens: Deepens,
    /// The hashes of the game's positions before the root (`position … moves …`).
    pub(super) history: Vec<u64>,
    pub(super) limits: Limits,
    pub(super) infinite: bool,
    pub(super) start: Instant,
}

/// How a search deepens ([`Job::deepens`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Deepens {
    /// The algorithm deepens iteratively by itself, reporting each depth.
    Itself,
    /// A fixed-depth algorithm, deepened here one search per depth.
    Here,
    /// Monte Carlo tree search: no depth; searched in slices here.
    Slices,
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
    /// `info` lines; the best move found, if any, and the root's moves. A search the library
    /// refuses (an option its algorithm cannot honour) is one `info string error` line.
    fn search<G: Game<Move = Move>>(&self, root: &G) -> (Option<Move>, Vec<Move>) {
        let mut any_moves = Vec::new();
        root.moves(&mut any_moves);
        if any_moves.is_empty() {
            return (None, any_moves);
        }
        let info = GameInfo {
            name: "chess",
            spec: "chess".into(),
            max_depth: None,
            default_depth: arachne_games::chess::DEFAULT_DEPTH,
        };
        let mut searcher = match arachne::builtin::build_playing::<G>(&self.req, &info) {
            Ok(s) => s,
            Err(e) => {
                say(&format!("info string error {e}; not searching"));
                return (None, any_moves);
            }
        };
        searcher.set_history(&self.history);
        let best = match self.deepens {
            Deepens::Slices => self.mcts(root, &mut *searcher),
            Deepens::Itself => {
                let out = searcher.search_with(root, &self.limits, &mut |o| {
                    info_line(root, o, o.stats.nodes() + o.stats.qnodes, self.start);
                });
                match out {
                    Ok(o) => o.best_move,
                    Err(e) => {
                        say(&format!("info string error {e}; not searching"));
                        None
                    }
                }
            }
            Deepens::Here => self.deepen(root, &mut *searcher),
        };
        (best, any_moves)
    }

    /// Iterative deepening around a fixed-depth searcher: one search per depth on the
    /// engine's table, an `info` line after each; the best move of the deepest one completed.
    fn deepen<G: Game<Move = Move>>(
        &self,
        root: &G,
        searcher: &mut dyn Searcher<G>,
    ) -> Option<Move> {
        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH);
        let mut best = None;
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
            let Ok(out) = searcher.search(root, &lim) else {
                break;
            };
            used += out.stats.nodes() + out.stats.qnodes;
            if out.stopped.is_some() {
                break;
            }
            best = out.best_move.or(best);
            info_line(root, &out, used, self.start);
        }
        best
    }

    /// Monte Carlo tree search on `root` (module docs of [`super`]): with a node budget, a
    /// deadline or `infinite`, in slices of 1, 2, 4, … seconds on the same tree (the request
    /// is [`SearchRequest::playing`], so the searcher keeps it), each ended by an `info`
    /// line, so that a long search (`go infinite`, a long `movetime`) shows its progress; the
    /// budgets of iterations and nodes count across the slices, so slicing stops the search
    /// where one run would. Slices double so that the tree-parallel form's copies of its
    /// tree at each slice (The arena, [`arachne_mcts::tree`]) stay a small share of the time.
    /// Without any of them, one search of the default iterations. The best move.
    fn mcts<G: Game<Move = Move>>(&self, root: &G, searcher: &mut dyn Searcher<G>) -> Option<Move> {
        let mut lim = self.limits.clone();
        lim.depth = None;
        let sliced = self.infinite || lim.deadline.is_some() || lim.nodes.is_some();
        let mut slice = MCTS_FIRST_SLICE;
        loop {
            let slice_end = Instant::now() + slice;
            let last = !sliced || self.limits.deadline.is_some_and(|d| d <= slice_end);
            lim.deadline = if last {
                self.limits.deadline
            } else {
                Some(slice_end)
            };
            let out = match searcher.search(root, &lim) {
                Ok(out) => out,
                Err(e) => {
                    say(&format!("info string error {e}; not searching"));
                    return None;
                }
            };
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
            let timed_out = matches!(&out.detail, Detail::Mcts(d) if d.run.stop == MctsStop::Time);
            if last || !timed_out {
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
fn info_line<G: Game<Move = Move>>(root: &G, o: &Outcome<Move>, nodes: u64, start: Instant) {
    let ms = start.elapsed().as_millis() as u64;
    let nps = nodes * 1000 / ms.max(1);
    let score = score_text(o.value);
    let bound = match o.kind {
        // Info lines come from completed stages, which always have a value.
        ValueKind::Lower => " lowerbound",
        ValueKind::Upper => " upperbound",
        _ => "",
    };
    let mut line = format!(
        "info depth {} score {score}{bound} nodes {nodes} nps {nps} time {ms}",
        o.depth.unwrap_or(0)
    );
    if !o.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv_names(root, &o.pv).join(" "));
    }
    say(&line);
}
