//! The driver shared by BFM and RBFM: the loop of Fig. 1 (select a leaf, EXPAND-LEAF, BACKUP),
//! the stopping criteria, the move to play, and the tree kept between the moves of a game.
//!
//! ## Stopping criteria (§2.5, §3.2.3, §3.2.5, §4.1)
//! * the root is solved (the exact value is known);
//! * the node budget: generated nodes this search (`Limits::nodes`) — an expansion whose
//!   children would pass it is not made, so the budget is never exceeded;
//! * the tree's capacity (`memory_mib`): same, for the nodes in the tree;
//! * the principal variation reaches `pv_depth` plies (§3.2.3 Experiment 3, §3.2.5);
//! * the principal variation ends at a terminal leaf (`stop_at_terminal_pv`, Korf–Chickering's
//!   rule used in §3.2.5 near the end of a game);
//! * more than `abort_factor` (5) times the average generated nodes of the earlier turns of
//!   this [`Searcher`] (§4.1);
//! * the deadline and the stop flag.
//!
//! ## The move played (§5.3)
//! With `vote = 100` (RBFM's default) the move played is the most common root best move over
//! the last 100 node expansions (ties: the current best move if it is among them, else the
//! first in generation order). A solved root plays its best child: the exact answer.
//!
//! ## Counting
//! `stats.interior` counts node expansions, `stats.leaves` the children generated and evaluated,
//! `stats.movegens` move generations; `generated` (the paper's "generated nodes", §3.1.2) is
//! `stats.leaves`.
use crate::dist::DistTable;
use crate::heuristics::{self, Job};
use crate::tree::{Full, Tree};
use crate::{bfm, rbfm};
use arachne_core::{Game, Limits, Score, Stats, StopReason};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// §5.2's heuristics 1 and 2, which need the evaluator to be a search ([`LeafSearch`]).
///
/// * **1 — `unknown_children`**: "when we need to expand a leaf, we actually search it to
///   depth SEARCH-DEPTH+1 … The best child, who is returned by the search, gets this (negated)
///   value, while all other sons are set to be *unknown*" ([`Tree::expand_partial`]). Unknown
///   children are evaluated when the walk reaches their parent in a mode that chooses at
///   random (EXTEND-UP, [`rbfm`] module docs), or when BACKUP finds the best child's score
///   risen above its initial value ([`Tree::backup_resolving`]). The root is always expanded
///   in full (ROOT-DECISION needs every child).
/// * **2 — `shallow_down`**: "when EXTEND-DOWN expands a leaf `v`, we search to depth
///   SEARCH-DEPTH−1 and immediately search the best child to depth SEARCH-DEPTH+1": `v` is
///   expanded partially from a SEARCH-DEPTH−1 search, then its best child `c` is expanded as
///   by heuristic 1 (or in full without it) — two expansions in one step, each counted in
///   `s_v` and `stats.interior`. Our choice where the paper is open: the bound of `v`'s unknown
///   children becomes `c`'s score after `c`'s expansion, so `v`'s score is the lower bound
///   `up(c)` the paper describes, and `v`'s siblings of `c` are evaluated only if `c`'s score
///   later rises above it (as heuristic 1).
///
/// Both are off by default and need [`Searcher::with_leaf_search`]; without a leaf search
/// they are ignored. Nothing else changes: with both off the searcher is the plain one.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Heuristics {
    /// Heuristic 1.
    pub unknown_children: bool,
    /// Heuristic 2.
    pub shallow_down: bool,
}

/// The evaluator as a search (for [`Heuristics`]): `search(pos, delta)` searches `pos` to
/// SEARCH-DEPTH + `delta` plies (`delta` = +1 or −1; a child's evaluation is a search to
/// SEARCH-DEPTH) and returns its value from `pos`'s side (decisive values in plies from `pos`)
/// and its best move.
pub type LeafSearch<G> = Arc<dyn Fn(&G, i32) -> (Score, Option<<G as Game>::Move>) + Send + Sync>;

/// Which best-first algorithm.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Korf–Chickering best-first minimax.
    Bfm,
    /// Randomized best-first minimax.
    Rbfm,
}

/// Options of a best-first search.
#[derive(Clone, Debug)]
pub struct BfOptions {
    /// BFM or RBFM.
    pub kind: Kind,
    /// Seed of RBFM's random choices.
    pub seed: u64,
    /// The pruning rule of §2.3 (EXTEND-UP / EXTEND-DOWN); off: Fig. 1's EXTEND-NODE.
    pub pruning: bool,
    /// Play the most common best move of the last `vote` expansions (§5.3); 0: the best child.
    pub vote: usize,
    /// Distribution tables (RBFM). `None`: `f = g = 0` (best-first behaviour).
    pub table: Option<Arc<DistTable>>,
    /// Stop when the principal variation reaches this depth.
    pub pv_depth: Option<u32>,
    /// Stop when the principal variation ends at a terminal leaf.
    pub stop_at_terminal_pv: bool,
    /// Abort a turn after this many times the average generated nodes of earlier turns (§4.1).
    pub abort_factor: Option<f64>,
    /// Most nodes the tree may hold (from `--memory`); `None`: no cap beyond `u32` indices.
    pub max_tree_nodes: Option<usize>,
    /// §5.2's heuristics 1 and 2 (need [`Searcher::with_leaf_search`]).
    pub heuristics: Heuristics,
}

impl BfOptions {
    /// Defaults for `kind`: pruning on; RBFM votes over 100 expansions; no other limits.
    pub fn new(kind: Kind) -> Self {
        BfOptions {
            kind,
            seed: 1,
            pruning: true,
            vote: if kind == Kind::Rbfm { 100 } else { 0 },
            table: None,
            pv_depth: None,
            stop_at_terminal_pv: false,
            abort_factor: None,
            max_tree_nodes: None,
            heuristics: Heuristics::default(),
        }
    }
}

/// Why a best-first search ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BfStop {
    /// The root was solved: the value is exact.
    Solved,
    /// The principal variation reached the requested depth.
    PvDepth,
    /// The principal variation ended at a terminal leaf.
    TerminalPv,
    /// The node budget was spent.
    Nodes,
    /// The tree reached its memory cap.
    Memory,
    /// More than `abort_factor` times the average of earlier turns (§4.1).
    Abort,
    /// The deadline passed.
    Time,
    /// The stop flag was set.
    Stopped,
    /// No open leaf (all pending; master–slave only).
    Blocked,
}

/// The result of a best-first search.
#[derive(Clone, Debug)]
pub struct BfOutcome<M> {
    /// Root score (negamax, side to move at the root); exact when `solved`.
    pub value: Score,
    /// The root is solved.
    pub solved: bool,
    /// The move to play (§5.3), `None` at a terminal root.
    pub best_move: Option<M>,
    /// Principal variation (best children from the root).
    pub pv: Vec<M>,
    /// Its length.
    pub pv_depth: u32,
    /// Counts for this search.
    pub stats: Stats,
    /// Nodes in the tree at the end (including any kept from earlier moves).
    pub tree_nodes: usize,
    /// Bytes one node costs.
    pub bytes_per_node: usize,
    /// Wall time.
    pub elapsed: Duration,
    /// Why it ended.
    pub stop: BfStop,
}

impl<M> BfOutcome<M> {
    /// The paper's "generated nodes" (§3.1.2): children generated and evaluated.
    pub fn generated(&self) -> u64 {
        self.stats.leaves
    }
    /// Node expansions.
    pub fn expansions(&self) -> u64 {
        self.stats.interior
    }
    /// The stop as the core's reason, for limit-driven stops.
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self.stop {
            BfStop::Nodes | BfStop::Abort => Some(StopReason::Nodes),
            BfStop::Memory => Some(StopReason::Memory),
            BfStop::Time => Some(StopReason::Time),
            BfStop::Stopped => Some(StopReason::Stopped),
            _ => None,
        }
    }
}

/// What one node expansion did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A leaf was expanded (`deviated`: see [`rbfm::Walk`]).
    Expanded { leaf: u32, deviated: bool },
    /// Nothing to do: the root is solved or no leaf is open.
    Done,
    /// The children did not fit: the node budget (`memory: false`) or the tree's capacity.
    Full { memory: bool },
}

/// A best-first searcher holding its tree; [`Searcher::play`] keeps the subtree between moves.
///
/// The tree's moves `M` are the game's (the serial search), or their generation indices
/// (`u32`: the master of master–slave RBFM, whose slaves expand the leaves, [`crate::master`]);
/// the selection, the vote and the outcome work on either, the serial steps on the game's.
pub struct Searcher<G: Game, M: Copy = <G as Game>::Move> {
    tree: Tree<M>,
    root: G,
    rng: Pcg64Mcg,
    opts: BfOptions,
    table: Arc<DistTable>,
    /// Generated nodes of earlier turns (for §4.1), and their number.
    turns: (u64, u64),
    stats: Stats,
    moves: Vec<G::Move>,
    path: Vec<u32>,
    votes: VecDeque<u32>,
    /// Generated-node budget of the current search (`u64::MAX`: none).
    budget: u64,
    /// The evaluator as a search, for §5.2's heuristics.
    leaf_search: Option<LeafSearch<G>>,
    /// Unknown children evaluated so far (all searches of this searcher).
    resolved: u64,
    /// Count the moves of every generated leaf ([`DistTable::unexpanded_by_d`]; not generated
    /// nodes: the children's children are listed, not made).
    leaf_moves: bool,
    /// Scratch move list for those counts.
    scratch: Vec<G::Move>,
    /// Why the last [`Searcher::run`] ended.
    last_stop: Option<BfStop>,
}

impl<G: Game> Searcher<G> {
    /// A searcher at `root`.
    pub fn new(root: G, opts: BfOptions) -> Self {
        Self::build(root, opts)
    }

    /// Gives the searcher its evaluator as a search, which [`BfOptions::heuristics`] use.
    pub fn with_leaf_search(mut self, search: LeafSearch<G>) -> Self {
        self.leaf_search = Some(search);
        self
    }
}

impl<G: Game> Searcher<G, u32> {
    /// A searcher at `root` whose tree holds move indices ([`crate::master`]'s master).
    pub(crate) fn on_indices(root: G, opts: BfOptions) -> Self {
        Self::build(root, opts)
    }
}

/// The distribution table `opts` selects with: its own, else `f = g = 0`.
pub(crate) fn table_of(opts: &BfOptions) -> Arc<DistTable> {
    opts.table
        .clone()
        .unwrap_or_else(|| Arc::new(DistTable::constant(crate::dist::Family::Normal, 0.0)))
}

impl<G: Game, M: Copy> Searcher<G, M> {
    fn build(root: G, opts: BfOptions) -> Self {
        let table = table_of(&opts);
        let cap = opts.max_tree_nodes.unwrap_or(u32::MAX as usize - 1);
        let leaf_moves = table.unexpanded_by_d();
        Searcher {
            tree: Tree::new(&root, cap),
            rng: Pcg64Mcg::seed_from_u64(opts.seed),
            root,
            opts,
            table,
            turns: (0, 0),
            stats: Stats::default(),
            moves: Vec::new(),
            path: Vec::new(),
            votes: VecDeque::new(),
            budget: u64::MAX,
            leaf_search: None,
            resolved: 0,
            leaf_moves,
            scratch: Vec::new(),
            last_stop: None,
        }
    }

    /// True when an expansion counts each new child's moves
    /// ([`crate::tree::Node::moves_hint`]): the table has `s = 0` cells by `d`.
    pub fn counts_leaf_moves(&self) -> bool {
        self.leaf_moves
    }

    /// Unknown children evaluated so far (§5.2 heuristic 1), over all searches.
    pub fn resolved(&self) -> u64 {
        self.resolved
    }

    /// The tree.
    pub fn tree(&self) -> &Tree<M> {
        &self.tree
    }
    /// The root position.
    pub fn root(&self) -> &G {
        &self.root
    }
    /// The options.
    pub fn options(&self) -> &BfOptions {
        &self.opts
    }
    /// The tree, mutably (the master–slave form marks pending leaves).
    pub fn tree_mut(&mut self) -> &mut Tree<M> {
        &mut self.tree
    }
    /// The tree, the table and the random stream, for a leaf selection.
    pub fn parts(&mut self) -> (&Tree<M>, &DistTable, &mut Pcg64Mcg) {
        (&self.tree, &self.table, &mut self.rng)
    }
    /// The vote of §5.3 after a step made elsewhere (the master–slave form).
    pub(crate) fn vote_now(&mut self) {
        self.vote();
    }
    /// BACKUP from `leaf` and the vote of §5.3 (after an expansion made elsewhere).
    pub fn backup_and_vote(&mut self, leaf: u32) {
        self.tree.backup(leaf);
        self.vote();
    }
    /// Why the last [`Searcher::run`] ended (`None` before the first).
    pub fn last_stop(&self) -> Option<BfStop> {
        self.last_stop
    }
    /// Generated nodes of the earlier turns, summed, and their number (§4.1's average).
    pub fn turns(&self) -> (u64, u64) {
        self.turns
    }
    /// Counts since the start of the current search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The leaf to expand next: BFM's descent to the best child, or RBFM's random walk; `None`
    /// when the root is solved.
    pub(crate) fn select(&mut self) -> Option<rbfm::Walk> {
        match self.opts.kind {
            Kind::Bfm => bfm::select(&self.tree).map(|leaf| rbfm::Walk {
                leaf,
                deviated: false,
                mode: rbfm::Mode::Down,
                resolve: false,
            }),
            Kind::Rbfm => rbfm::select(&self.tree, &self.table, &mut self.rng, self.opts.pruning),
        }
    }

    /// The vote of §5.3 after an expansion.
    fn vote(&mut self) {
        if self.opts.vote > 0 {
            if let Some(b) = self.tree.best_child(0) {
                if self.votes.len() == self.opts.vote {
                    self.votes.pop_front();
                }
                self.votes.push_back(b);
            }
        }
    }

    /// The move to play now (§5.3): the most common best move of the last `vote` expansions,
    /// or the best child when the root is solved or `vote` is 0.
    pub fn decision(&self) -> Option<u32> {
        let best = self.tree.best_child(0)?;
        if self.opts.vote == 0 || self.tree.root().solved() || self.votes.is_empty() {
            return Some(best);
        }
        let votes: Vec<u32> = self.votes.iter().copied().collect();
        most_common(&self.tree, &votes, Some(best))
    }

    /// The outcome as it stands.
    pub fn outcome(&self, elapsed: Duration, stop: BfStop) -> BfOutcome<M> {
        let best = self.decision();
        BfOutcome {
            value: self.tree.root().score(),
            solved: self.tree.root().solved(),
            best_move: best.and_then(|c| self.tree.mv(c)),
            pv: self.tree.pv(),
            pv_depth: self.tree.pv_depth(),
            stats: self.stats,
            tree_nodes: self.tree.len(),
            bytes_per_node: Tree::<M>::bytes_per_node(),
            elapsed,
            stop,
        }
    }
}

impl<G: Game> Searcher<G> {
    /// Generates the moves of the leaf `pos` into `self.moves` (none if it is terminal) and
    /// returns their number.
    fn leaf_moves(&mut self, pos: &G) -> u64 {
        if pos.is_terminal() {
            self.moves.clear();
        } else {
            pos.moves(&mut self.moves);
            self.stats.movegens += 1;
        }
        self.moves.len() as u64
    }

    /// One node expansion: select a leaf (BFM or RBFM), EXPAND-LEAF, BACKUP.
    pub fn step(&mut self) -> Step {
        let heur = match self.leaf_search {
            Some(_) => self.opts.heuristics,
            None => Heuristics::default(),
        };
        if heur != Heuristics::default() {
            return self.step_heuristic(heur);
        }
        let Some(walk) = self.select() else {
            return Step::Done;
        };
        let pos = self.tree.position(&self.root, walk.leaf, &mut self.path);
        let d = self.leaf_moves(&pos);
        if self.stats.leaves + d > self.budget {
            return Step::Full { memory: false };
        }
        let count = self.leaf_moves.then_some(&mut self.scratch);
        if self
            .tree
            .expand_counting(walk.leaf, &pos, &self.moves, count)
            == Err(Full)
        {
            return Step::Full { memory: true };
        }
        self.stats.interior += 1;
        self.stats.leaves += d;
        self.backup_and_vote(walk.leaf);
        Step::Expanded {
            leaf: walk.leaf,
            deviated: walk.deviated,
        }
    }

    /// [`Searcher::step`] with §5.2's heuristics 1 and/or 2 ([`Heuristics`]).
    fn step_heuristic(&mut self, heur: Heuristics) -> Step {
        let walk = loop {
            let Some(walk) = self.select() else {
                return Step::Done;
            };
            if !walk.resolve {
                break walk;
            }
            // Evaluate the unknown children, then walk again.
            let pos = self.tree.position(&self.root, walk.leaf, &mut self.path);
            self.resolved += self.tree.resolve(walk.leaf, &pos) as u64;
            self.backup(walk.leaf, false);
        };
        let v = walk.leaf;
        let pos = self.tree.position(&self.root, v, &mut self.path);
        let d = self.leaf_moves(&pos);
        if self.stats.leaves + d > self.budget {
            return Step::Full { memory: false };
        }
        let search = self
            .leaf_search
            .clone()
            .expect("heuristics need a leaf search");
        let job = Job::for_walk(heur, walk.mode);
        let (work, _) = heuristics::leaf_work(&pos, &self.moves, job, Some(&search));
        self.stats.movegens += u64::from(work.child.is_some());
        let room = self.budget - self.stats.leaves;
        let applied = {
            let mut resolve = resolver(&self.root, &mut self.path, &mut self.resolved);
            heuristics::apply(&mut self.tree, v, &work, room, &mut resolve)
        };
        match applied {
            Ok((expansions, generated)) => {
                self.stats.interior += expansions;
                self.stats.leaves += generated;
            }
            Err(memory) => return Step::Full { memory },
        }
        self.vote();
        Step::Expanded {
            leaf: v,
            deviated: walk.deviated,
        }
    }

    /// BACKUP from `i` evaluating unknown children where it must ([`Tree::backup_resolving`]);
    /// `count`: an expansion (the counts `s_v` grow).
    fn backup(&mut self, i: u32, count: bool) {
        let mut resolve = resolver(&self.root, &mut self.path, &mut self.resolved);
        self.tree.backup_resolving(i, count, &mut resolve);
    }

    /// Searches until a stopping criterion holds (module docs). `limits.depth` is ignored (use
    /// [`BfOptions::pv_depth`]); `limits.nodes` is the generated-node budget.
    pub fn run(&mut self, limits: &Limits) -> BfOutcome<G::Move> {
        let start = Instant::now();
        self.stats = Stats::default();
        self.votes.clear();
        self.budget = limits.nodes.unwrap_or(u64::MAX);
        let abort_at = match (self.opts.abort_factor, self.turns) {
            (Some(k), (sum, n)) if n > 0 => Some((k * sum as f64 / n as f64).max(1.0) as u64),
            _ => None,
        };
        let stop = loop {
            if self.tree.root().solved() {
                break BfStop::Solved;
            }
            if let Some(d) = self.opts.pv_depth {
                if self.tree.pv_depth() >= d {
                    break BfStop::PvDepth;
                }
            }
            if self.opts.stop_at_terminal_pv && self.tree.len() > 1 {
                let pv = self.tree.pv_nodes();
                if pv.last().is_some_and(|&l| self.tree.node(l).solved()) {
                    break BfStop::TerminalPv;
                }
            }
            if abort_at.is_some_and(|a| self.stats.leaves > a) {
                break BfStop::Abort;
            }
            if limits.stop.is_stopped() {
                break BfStop::Stopped;
            }
            if self.stats.interior % 64 == 0 {
                if let Some(d) = limits.deadline {
                    if Instant::now() >= d {
                        break BfStop::Time;
                    }
                }
            }
            match self.step() {
                Step::Expanded { .. } => {}
                Step::Done => break BfStop::Blocked,
                Step::Full { memory: false } => break BfStop::Nodes,
                Step::Full { memory: true } => break BfStop::Memory,
            }
        };
        let stop = if stop == BfStop::Blocked && self.tree.root().solved() {
            BfStop::Solved
        } else {
            stop
        };
        self.turns.0 += self.stats.leaves;
        self.turns.1 += 1;
        self.last_stop = Some(stop);
        self.outcome(start.elapsed(), stop)
    }

    /// Plays `mv` at the root and keeps its subtree (§3.2.5, §4.2). A move not in the tree
    /// starts a fresh tree.
    pub fn play(&mut self, mv: G::Move) {
        let next = self.root.play(mv);
        match self.tree.child_by_move(mv) {
            Some(c) => self.tree.reroot(c),
            None => {
                let cap = self.tree.capacity();
                self.tree = Tree::new(&next, cap);
            }
        }
        self.root = next;
        self.votes.clear();
    }
}

/// Evaluates node `n`'s unknown children on the spot (the serial engine's BACKUP, and the
/// master's with `P = 1`), counting them in `resolved`.
pub(crate) fn resolver<'a, G: Game>(
    root: &'a G,
    path: &'a mut Vec<u32>,
    resolved: &'a mut u64,
) -> impl FnMut(&mut Tree<G::Move>, u32) + 'a {
    move |t, n| {
        let pos = t.position(root, n, path);
        *resolved += t.resolve(n, &pos) as u64;
    }
}

/// The most common root child among `votes` (§5.3); ties go to `best` if it is among them,
/// else to the first child in generation order.
pub fn most_common<M: Copy>(tree: &Tree<M>, votes: &[u32], best: Option<u32>) -> Option<u32> {
    let kids = tree.children(0);
    if kids.is_empty() {
        return None;
    }
    let mut count = vec![0u32; kids.len()];
    for &v in votes {
        if kids.contains(&v) {
            count[(v - kids.start) as usize] += 1;
        }
    }
    let top = *count.iter().max().expect("children");
    if let Some(b) = best.filter(|b| kids.contains(b)) {
        if count[(b - kids.start) as usize] == top {
            return Some(b);
        }
    }
    let i = count.iter().position(|&c| c == top).expect("max exists");
    Some(kids.start + i as u32)
}

/// One search from `root` with fresh state (the convenience entry point).
pub fn search<G: Game>(root: &G, opts: &BfOptions, limits: &Limits) -> BfOutcome<G::Move> {
    Searcher::new(root.clone(), opts.clone()).run(limits)
}
