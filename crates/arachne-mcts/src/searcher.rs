//! The searcher `play` and the UCI engine hold ([`MctsSearcher`]: the form the options name,
//! its tree kept between moves) and what every form returns ([`MctsOutcome`]).
use super::{leaf, root, tree, Mcts, MctsOptions, Par, NONE};
use arachne_core::{Game, Limits, Score, Stats, StopReason};
use serde::Serialize;
use std::time::Duration;

/// Runs the form `opts` names ([`MctsOptions::form`]) on a fresh tree.
pub fn search_any<G: Game>(root: &G, opts: &MctsOptions, limits: &Limits) -> MctsOutcome<G::Move> {
    MctsSearcher::new(root.clone(), opts.clone()).run(limits)
}

/// A search of the form its options name, serial or parallel, that keeps its tree (its trees,
/// with [`Par::Root`]) between moves: what `play` and the UCI engine hold.
pub struct MctsSearcher<G: Game> {
    form: Option<Par>,
    trees: Vec<Mcts<G>>,
}

impl<G: Game> MctsSearcher<G> {
    /// A searcher at `root` (the options are assumed checked: [`MctsOptions::check_parallel`]).
    pub fn new(root: G, opts: MctsOptions) -> Self {
        let form = opts.form();
        let trees = match form {
            Some(Par::Root) => root::trees(&root, &opts),
            _ => vec![Mcts::new(root, opts)],
        };
        MctsSearcher { form, trees }
    }

    /// Searches on, within `limits`.
    pub fn run(&mut self, limits: &Limits) -> MctsOutcome<G::Move> {
        match self.form {
            None => self.trees[0].run(limits),
            Some(Par::Tree) => tree::run(&mut self.trees[0], limits),
            Some(Par::Leaf) => leaf::run(&mut self.trees[0], limits),
            Some(Par::Root) => root::run(&mut self.trees, limits),
        }
    }

    /// Plays `mv` at the root, keeping the tree below it ([`Mcts::advance`]).
    pub fn advance(&mut self, mv: G::Move) {
        for t in &mut self.trees {
            t.advance(mv);
        }
    }

    /// The position at the root.
    pub fn root(&self) -> &G {
        self.trees[0].root()
    }

    /// Nodes of moves `G::Move` that fit in `mib` MiB in the form `opts` names: the serial
    /// arena's [`Mcts::bytes_per_node`], or with [`Par::Tree`] a shared node and its copy in
    /// the arena (both are held while the tree is copied back).
    pub fn nodes_in_mib(opts: &MctsOptions, mib: u64) -> usize {
        let per = match opts.form() {
            Some(Par::Tree) => tree::bytes_per_node::<G::Move>() + Mcts::<G>::bytes_per_node(),
            _ => Mcts::<G>::bytes_per_node(),
        };
        ((mib as u128 * (1 << 20)) / per as u128).min(NONE as u128 - 1) as usize
    }

    /// Nodes held in the tree(s).
    pub fn tree_nodes(&self) -> usize {
        self.trees.iter().map(|t| t.nodes.len()).sum()
    }
}

/// Why a search ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MctsStop {
    /// The root was solved (its value is exact), or it is terminal.
    Solved,
    /// The iteration budget was spent.
    Iterations,
    /// The next expansion would pass the node budget.
    Nodes,
    /// The next expansion would pass the tree's capacity.
    Memory,
    /// The deadline passed.
    Time,
    /// The stop flag was set.
    Stopped,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct MctsOutcome<M> {
    /// Exact when `solved`; otherwise the estimate of the chosen move's mean reward through the
    /// inverse logistic.
    pub value: Score,
    /// The root is solved.
    pub solved: bool,
    /// The chosen move's mean reward for the side to move at the root (`None`: no move).
    pub reward: Option<f64>,
    /// The move to play, `None` at a terminal root.
    pub best_move: Option<M>,
    /// Its line.
    pub pv: Vec<M>,
    /// Iterations made.
    pub iterations: u64,
    /// Visits of the chosen move.
    pub best_visits: u64,
    /// Counts: `leaves` generated tree nodes, `interior` expansions, `movegens`.
    pub stats: Stats,
    /// Plies of random playouts.
    pub playout_plies: u64,
    /// Nodes of the `ab:D` leaf searches.
    pub leaf_search_nodes: u64,
    /// Nodes in the tree.
    pub tree_nodes: usize,
    /// Bytes per node.
    pub bytes_per_node: usize,
    /// Wall time.
    pub elapsed: Duration,
    /// Why it ended.
    pub stop: MctsStop,
}

impl<M> MctsOutcome<M> {
    /// The stop as the core's reason, for limit-driven stops.
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self.stop {
            MctsStop::Nodes | MctsStop::Memory => Some(StopReason::Nodes),
            MctsStop::Time => Some(StopReason::Time),
            MctsStop::Stopped => Some(StopReason::Stopped),
            MctsStop::Solved | MctsStop::Iterations => None,
        }
    }
}
