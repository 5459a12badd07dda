//! # arachne-mcts
//!
//! Monte Carlo tree search: UCT (Kocsis & Szepesvári 2006) with MCTS-Solver's proven values
//! (Winands, Björnsson & Saito 2008) in their score-bounded form (Cazenave & Saffidine 2010),
//! serial ([`Mcts`], this file), and its parallel forms on threads, each in its own
//! module: [`tree`] (one shared tree, virtual loss, per-node atomics, batched backups at hot
//! nodes), [`root`] (independent trees, root votes merged) and [`leaf`] (several playouts per
//! leaf); root parallelisation also as message-passing processes on `arachne-runtime`
//! ([`distributed`]: sim, threads, MPI — the last in a build with MPI, `arachne-mpi`).
//! [`MctsSearcher`] runs the form the options name (`par=`, `threads=`) and keeps its tree
//! between moves ([`Mcts::advance`]). Every form selects (`select_child`), values leaves
//! (`leaf_reward`) and bounds nodes (`bounds`) with the same functions; at one thread each is
//! the serial search, step for step.
//!
//! MCTS is in none of the seed papers, and it is not best-first minimax. It is here because
//! seed 002's randomized best-first minimax is a randomized, selective, best-first search with
//! its tree in memory, and UCT is the one that replaced it in practice: the comparison seed
//! 002's reader asks for.
//!
//! ```
//! use arachne_core::{Limits, Score};
//! use arachne_games::TicTacToe;
//! use arachne_mcts::{search, MctsOptions, MctsStop};
//!
//! // Run to the end, the solver proves the exact value: tic-tac-toe is a draw.
//! let out = search(&TicTacToe::new(), &MctsOptions::default(), &Limits::default());
//! assert!(out.solved && out.stop == MctsStop::Solved);
//! assert_eq!(out.value, Score::DRAW);
//! ```
//!
//! ## Where it sits
//! The crate stands beside `arachne-bestfirst`, not on it: it depends on `arachne-core`,
//! `arachne-search` (the `ab:D` leaf searches) and `arachne-runtime` ([`distributed`]) only,
//! and `arachne-bestfirst` does not depend on it. It shares the best-first searches'
//! conventions but none of their code: a node budget of *generated* nodes (seed 002 §3.1.2), a
//! tree capped by `--memory` MiB, a tree kept between moves (as `arachne_bestfirst::Searcher`
//! keeps BFM's and RBFM's, seed 002 §3.2.5). Its tree is its own ([`Node`]): UCT keeps visit
//! counts and reward sums, not the minimax scores and distributions of
//! `arachne_bestfirst::tree`. The comparison at equal generated nodes, which needs RBFM, BFM,
//! alpha-beta and MCTS side by side, is made where both crates meet: the game counter and
//! seed 002's alpha-beta stay in `arachne_bestfirst::compare`, and the match runner's players
//! (`arachne_engine::play::Player`, an MCTS player among them) live with the match runner in
//! `arachne-engine`, which depends on both crates.
//!
//! ## The algorithm
//! One *iteration*: descend from the root by UCB1, `mean + c·sqrt(ln N / n)` (`N` the parent's
//! visits, `n` the child's, `mean` its average reward for the side that moved into it); at a
//! node visited before but never expanded, *expand* it (generate its moves, add a child per
//! move to the tree); value the new leaf by a random playout, its static evaluation or a
//! shallow alpha-beta; back the reward up the path.
//!
//! * **Expansion** ([`Expand`]): `one` adds all of a node's children at once (one slot per
//!   move, contiguous in the arena) but values one new child per iteration — the unvisited
//!   children of a node are tried first, in random order, before UCB1 compares them; `all`
//!   values every child of the expanded node in the same iteration (each backed up as its
//!   own playout, the iteration counted once).
//! * **Leaf values** ([`Playout`]): `random` plays uniformly random moves until the game ends or
//!   `cap` plies, then takes the static evaluation; `eval` takes the leaf's static evaluation
//!   (seed 002 §5.1's evaluator); `ab:D` a depth-`D` alpha-beta from `arachne-search` (§5.1's
//!   shallow search).
//! * **Rewards** ([`reward`]): a [`Score`](arachne_core::Score) `v` from the side to move becomes a reward in `[0, 1]`
//!   for that side: a game-theoretic win ([`Score::is_decisive`](arachne_core::Score::is_decisive), `v > 0`) is 1, a loss 0; any
//!   other value (a draw is 0) goes through the logistic `1 / (1 + e^(−v / scale))`, so a draw
//!   is ½ and `scale` is the evaluation that is worth a reward of `1/(1+e^−1) ≈ 0.73`
//!   ([`default_scale`] per game, `scale=` to override). The reported estimate maps the chosen
//!   move's mean reward back through the inverse logistic.
//! * **Solver** (`solver=1`): every node keeps bounds `lower ≤ value ≤ upper` on its exact
//!   negamax value, node-relative (wins and losses in plies from the node, as
//!   [`Score::win_in`](arachne_core::Score::win_in)). A terminal node's bounds are its value; an unvisited node's are
//!   `[LOSS, WIN]`; an expanded node's are `lower = max_c −upper(c)`, `upper = max_c −lower(c)`
//!   (each decisive value one ply further). A node is *solved* when `lower == upper`: exact
//!   wins and losses, as MCTS-Solver, but also exact draws and exact heuristic values of
//!   synthetic trees, with their distances, so a search run to the end returns exactly what
//!   negamax returns. The descent never enters a solved child nor one whose best possible
//!   value `−lower(c)` cannot raise the node's `lower` (it cannot change the node's value);
//!   when every child is such, the node is solved. The search stops when the root is solved.
//! * **The move** ([`Choice`]): a solved root plays a child that attains its exact value;
//!   otherwise (with the solver: among the children that can still be best) the most visited
//!   child (`best=visits`, ties by mean reward) or the one with the best mean reward
//!   (`best=value`, ties by visits). The line (pv) follows the same rule below the root.
//!
//! ## Budgets and counts
//! `stats.leaves` counts the nodes added to the tree (the *generated* nodes, the `--nodes`
//! budget), `stats.interior` the expansions, `stats.movegens` move generations in the tree;
//! playout plies and the nodes of `ab:D` searches are counted apart. An expansion whose
//! children would pass the node budget ([`Limits::nodes`]) or the tree's capacity
//! ([`MctsOptions::max_tree_nodes`], from `--memory`) is not made, and the search ends there,
//! so neither is ever exceeded, and not before: children generated when the budget is reached
//! are still valued, as BFM's and RBFM's generated nodes are (seed 002 §3.1.2), until an
//! iteration needs an expansion; `iters=N` ([`MctsOptions::iterations`]) runs exactly `N`
//! iterations unless another limit ends it first. The deadline and the stop flag are checked
//! before every iteration. Every random choice comes from one PCG stream seeded by `seed`.
//!
//! ## Memory
//! A node is [`Node`]: reward sum (`f64`), visits, first child and child count (`u32`s), the two
//! bounds and the move into it — 32 bytes for moves of up to 3 bytes, 40 for larger ones
//! ([`Mcts::bytes_per_node`]).
//!
//! ## Files
//! This file holds the serial searcher ([`Mcts`]); `options.rs` the options and their
//! parsing ([`MctsOptions`]), `node.rs` the node and the rules every form shares
//! (rewards, leaf values, selection, bounds), `searcher.rs` the searcher of any form
//! ([`MctsSearcher`]) and the outcome ([`MctsOutcome`]); the parallel forms have a file each
//! (`tree.rs` with `tree/`, `root.rs`, `leaf.rs`, `distributed.rs`).
pub mod distributed;
pub mod leaf;
mod node;
mod options;
pub mod root;
mod searcher;
pub mod tree;

pub(crate) use node::{
    bounds, leaf_reward, select_child, walker_seed, LeafCounts, Seen, MAX_VISITS, NONE,
};
pub use node::{reward, up, value_of, Node};
pub use options::{
    default_scale, Choice, Expand, MctsError, MctsOptions, Par, Playout, DEFAULT_CAP,
    DEFAULT_SCALE, MAX_THREADS,
};
pub use searcher::{search_any, MctsOutcome, MctsSearcher, MctsStop};

use arachne_core::{Game, Limits, Stats, StopReason};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::time::{Duration, Instant};

/// A Monte Carlo tree searcher holding its tree.
pub struct Mcts<G: Game> {
    root: G,
    opts: MctsOptions,
    scale: f64,
    nodes: Vec<Node<G::Move>>,
    rng: Pcg64Mcg,
    stats: Stats,
    iterations: u64,
    counts: LeafCounts,
    moves: Vec<G::Move>,
    path: Vec<u32>,
    /// The helpers of leaf parallelisation ([`leaf`]), while it runs.
    pool: Option<leaf::Pool<G>>,
}

impl<G: Game> Mcts<G> {
    /// A searcher at `root`.
    pub fn new(root: G, opts: MctsOptions) -> Self {
        let scale = opts.scale.unwrap_or(DEFAULT_SCALE);
        Mcts {
            root,
            scale,
            rng: Pcg64Mcg::seed_from_u64(opts.seed),
            opts,
            nodes: vec![Node::new(None)],
            stats: Stats::default(),
            iterations: 0,
            counts: LeafCounts::default(),
            moves: Vec::new(),
            path: Vec::new(),
            pool: None,
        }
    }

    /// The position at the root.
    pub fn root(&self) -> &G {
        &self.root
    }

    /// Plays `mv` at the root and keeps the tree below it (as `arachne_bestfirst::Searcher::play`
    /// keeps BFM's and RBFM's, seed 002 §3.2.5): the subtree of the child `mv` leads to, copied
    /// breadth first into a fresh arena, becomes the tree (a fresh root when that child was
    /// never expanded or `mv` is not a root move of the tree). The counts (iterations,
    /// generated nodes, playouts) restart at zero, so the next search's budgets are its own.
    pub fn advance(&mut self, mv: G::Move) {
        let child = self.nodes[0].kids().find(|&c| self.nodes[c].mv == Some(mv));
        let mut kept = Vec::new();
        if let Some(c) = child {
            kept.push(Node {
                mv: None,
                ..self.nodes[c].clone()
            });
            let mut old = vec![c];
            let mut next = 0;
            while next < old.len() {
                let kids = self.nodes[old[next]].kids();
                if !kids.is_empty() {
                    kept[next].first = kept.len() as u32;
                    for k in kids {
                        kept.push(self.nodes[k].clone());
                        old.push(k);
                    }
                }
                next += 1;
            }
        } else {
            kept.push(Node::new(None));
        }
        self.root = self.root.play(mv);
        self.nodes = kept;
        self.stats = Stats::default();
        self.iterations = 0;
        self.counts = LeafCounts::default();
    }

    /// Bytes one node costs.
    pub fn bytes_per_node() -> usize {
        std::mem::size_of::<Node<G::Move>>()
    }

    /// Nodes that fit in `mib` MiB.
    pub fn nodes_in_mib(mib: u64) -> usize {
        ((mib as u128 * (1 << 20)) / Self::bytes_per_node() as u128).min(NONE as u128 - 1) as usize
    }

    /// The tree (index 0 is the root).
    pub fn nodes(&self) -> &[Node<G::Move>] {
        &self.nodes
    }

    /// Runs iterations until a limit or the solved root ends the search.
    pub fn run(&mut self, limits: &Limits) -> MctsOutcome<G::Move> {
        let start = Instant::now();
        let stop = self.run_loop(limits);
        self.outcome(stop, start.elapsed())
    }

    fn run_loop(&mut self, limits: &Limits) -> MctsStop {
        let mut probe = Vec::new();
        self.root.moves(&mut probe);
        if probe.is_empty() || self.root.is_terminal() {
            let v = self.root.evaluate();
            self.nodes[0].lower = v;
            self.nodes[0].upper = v;
            return MctsStop::Solved;
        }
        loop {
            if self.opts.solver && self.nodes[0].solved() {
                return MctsStop::Solved;
            }
            if self.opts.iterations.is_some_and(|n| self.iterations >= n)
                || self.nodes[0].visits >= MAX_VISITS
            {
                return MctsStop::Iterations;
            }
            // The node budget is checked at each expansion (`expand`), not here: children
            // already generated are still valued when the budget is reached.
            match limits.check(0) {
                Some(StopReason::Nodes) => return MctsStop::Nodes,
                Some(StopReason::Time) => return MctsStop::Time,
                Some(StopReason::Stopped) => return MctsStop::Stopped,
                Some(StopReason::Memory) => return MctsStop::Memory,
                None => {}
            }
            if let Err(stop) = self.iterate(limits) {
                return stop;
            }
            self.iterations += 1;
        }
    }

    /// One iteration; `Err` when an expansion did not fit (nothing changed then).
    fn iterate(&mut self, limits: &Limits) -> Result<(), MctsStop> {
        let mut v = 0usize;
        let mut pos = self.root.clone();
        self.path.clear();
        self.path.push(0);
        loop {
            let n = &self.nodes[v];
            if n.first == NONE {
                if n.visits > 0 && n.solved() {
                    // A terminal node: its value again.
                    let r = reward(n.lower, self.scale);
                    self.backup(r, 1);
                    return Ok(());
                }
                if n.visits == 0 && v != 0 {
                    let (r, k) = self.first_visit(v, &pos);
                    self.backup(r, k);
                    self.propagate(self.nodes[v].solved());
                    return Ok(());
                }
                self.expand(v, &pos, limits)?;
                if self.opts.expand == Expand::All {
                    let path_len = self.path.len();
                    for c in self.nodes[v].kids() {
                        let child = pos.play(self.nodes[c].mv.expect("a child has a move"));
                        let (r, k) = self.first_visit(c, &child);
                        self.path.push(c as u32);
                        self.backup(r, k);
                        self.path.truncate(path_len);
                    }
                    self.propagate(true);
                    return Ok(());
                }
            }
            let c = self.select(v);
            pos = pos.play(self.nodes[c].mv.expect("a child has a move"));
            self.path.push(c as u32);
            v = c;
        }
    }

    /// Adds `v`'s children (one per legal move), or refuses when they would not fit.
    fn expand(&mut self, v: usize, pos: &G, limits: &Limits) -> Result<(), MctsStop> {
        pos.moves(&mut self.moves);
        self.stats.movegens += 1;
        let b = self.moves.len();
        if limits
            .nodes
            .is_some_and(|n| self.stats.leaves + b as u64 > n)
        {
            return Err(MctsStop::Nodes);
        }
        let cap = self
            .opts
            .max_tree_nodes
            .unwrap_or(usize::MAX)
            .min(NONE as usize - 1);
        if self.nodes.len() + b > cap {
            return Err(MctsStop::Memory);
        }
        let first = self.nodes.len() as u32;
        for &m in &self.moves {
            self.nodes.push(Node::new(Some(m)));
        }
        self.nodes[v].first = first;
        self.nodes[v].len = b as u32;
        self.stats.interior += 1;
        self.stats.leaves += b as u64;
        Ok(())
    }

    /// Values node `c` (at `pos`) for the first time: exact if terminal, else by the playout
    /// (and the helpers' playouts with [`leaf`]). Returns the sum of the rewards for the side to
    /// move at `pos` and their number.
    fn first_visit(&mut self, c: usize, pos: &G) -> (f64, u32) {
        pos.moves(&mut self.moves);
        self.stats.movegens += 1;
        if self.moves.is_empty() || pos.is_terminal() {
            let v = pos.evaluate();
            self.nodes[c].lower = v;
            self.nodes[c].upper = v;
            return (reward(v, self.scale), 1);
        }
        if let Some(pool) = &self.pool {
            pool.start(pos);
        }
        let r = leaf_reward(
            pos,
            self.opts.playout,
            self.scale,
            &mut self.rng,
            &mut self.moves,
            &mut self.counts,
        );
        match &self.pool {
            Some(pool) => pool.finish(r, &mut self.counts),
            None => (r, 1),
        }
    }

    /// Adds `k` rewards summing to `r` (for the side to move at the path's last node) along
    /// the path.
    fn backup(&mut self, mut r: f64, k: u32) {
        let kf = k as f64;
        for &i in self.path.iter().rev() {
            let n = &mut self.nodes[i as usize];
            n.visits += k;
            n.sum += kf - r;
            r = kf - r;
        }
    }

    /// Recomputes the bounds of the path's interior nodes from the bottom up (solver only),
    /// while they change; `changed`: the path's last node's bounds changed.
    fn propagate(&mut self, mut changed: bool) {
        if !self.opts.solver {
            return;
        }
        let last = self.path.len() - 1;
        for k in (0..self.path.len()).rev() {
            if !changed {
                return;
            }
            let v = self.path[k] as usize;
            if k == last && self.nodes[v].first == NONE {
                continue;
            }
            let (lo, hi) = bounds(self.nodes[v].kids().map(|c| {
                let n = &self.nodes[c];
                (n.lower, n.upper)
            }));
            let n = &mut self.nodes[v];
            changed = (lo, hi) != (n.lower, n.upper);
            n.lower = lo;
            n.upper = hi;
        }
    }

    /// The child of `v` to descend into ([`select_child`]).
    fn select(&mut self, v: usize) -> usize {
        let n = &self.nodes[v];
        let nodes = &self.nodes;
        select_child(
            &self.opts,
            &mut self.rng,
            n.kids(),
            n.visits,
            n.lower,
            |c| nodes[c].seen(),
        )
    }

    /// The child of `v` to report (module docs, The move); `None` before the expansion.
    fn choose(&self, v: usize) -> Option<usize> {
        let n = &self.nodes[v];
        let kids = n.kids();
        if kids.is_empty() {
            return None;
        }
        // The exact value, or a proven win: a child that attains it.
        let proven = n.solved() || n.lower.is_decisive() && n.lower.0 > 0;
        if self.opts.solver && proven {
            if let Some(c) = kids
                .clone()
                .find(|&c| self.nodes[c].solved() && up(self.nodes[c].upper) == n.lower)
            {
                return Some(c);
            }
        }
        let candidate = |c: &usize| !self.opts.solver || up(self.nodes[*c].lower) >= n.lower;
        let key = |c: usize| {
            let k = &self.nodes[c];
            match self.opts.choice {
                Choice::Visits => (k.visits as f64, k.mean()),
                Choice::Value => (k.mean(), k.visits as f64),
            }
        };
        let mut best: Option<usize> = None;
        for c in kids.clone().filter(candidate) {
            if self.nodes[c].visits == 0 && self.opts.choice == Choice::Value {
                continue;
            }
            if best.is_none_or(|b| key(c) > key(b)) {
                best = Some(c);
            }
        }
        best.or_else(|| kids.clone().find(candidate))
            .or(Some(kids.start))
    }

    pub(crate) fn outcome(&self, stop: MctsStop, elapsed: Duration) -> MctsOutcome<G::Move> {
        let root = &self.nodes[0];
        let solved = root.solved() && (self.opts.solver || root.first == NONE);
        let best = self.choose(0);
        let mut pv = Vec::new();
        let mut v = best;
        while let Some(c) = v {
            let n = &self.nodes[c];
            if n.visits == 0 && !(self.opts.solver && n.solved()) {
                break;
            }
            pv.extend(n.mv);
            v = self.choose(c);
        }
        let reward = best.map(|c| self.nodes[c].mean());
        let value = if solved {
            root.lower
        } else {
            value_of(reward.unwrap_or(0.5), self.scale)
        };
        MctsOutcome {
            value,
            solved,
            reward,
            best_move: best.and_then(|c| self.nodes[c].mv),
            pv,
            iterations: self.iterations,
            best_visits: best.map_or(0, |c| self.nodes[c].visits as u64),
            stats: self.stats,
            playout_plies: self.counts.plies,
            leaf_search_nodes: self.counts.leaf_nodes,
            tree_nodes: self.nodes.len(),
            bytes_per_node: Self::bytes_per_node(),
            elapsed,
            stop,
        }
    }
}

/// Searches `root` with `opts` within `limits` (a fresh tree).
pub fn search<G: Game>(root: &G, opts: &MctsOptions, limits: &Limits) -> MctsOutcome<G::Move> {
    Mcts::new(root.clone(), opts.clone()).run(limits)
}
