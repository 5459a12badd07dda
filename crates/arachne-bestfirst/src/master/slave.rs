//! A slave of master–slave RBFM (seed 002 §6.1): "the slave computes the possible moves from
//! the leaf, and their heuristic evaluations. It sends this information back to the master."
//! A job names its leaf by the [`Path`] of generation indices from the root; the slave replays
//! it on its own copy of the game from the prefix it shares with the last job, and answers
//! with the children as indices (or, with §5.2's heuristics, the evaluator's half of a step;
//! [`crate::heuristics`]). The functions here are also the master's when it expands leaves
//! itself (`P = 1`, or [`super::Form::master_expands`]).
use super::{Evaluator, Kid, Msg};
use crate::bfm;
use crate::dist::DistTable;
use crate::engine::{BfOptions, Kind};
use crate::heuristics::{self, Job, LeafWork};
use crate::rbfm::{self, Mode};
use crate::tree::{count_moves, Tree};
use arachne_core::{Game, Score, Stats};
use arachne_runtime::pathed::play_index;
use arachne_runtime::{CostModel, Env, Path, PathError};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;

/// A slave: its own copy of the root (`line[0]`), on the game itself.
pub struct SlaveState<G: Game> {
    pub(super) stats: Stats,
    pub(super) eval: Option<Evaluator<G>>,
    /// Count each child's moves (the table has `s = 0` cells by `d`).
    pub(super) count: bool,
    /// The last job's positions along its path (`line[k]` is `k` plies deep) and its indices
    /// (`last`), reused for the next job's common prefix; `want`: the next job's indices.
    pub(super) line: Vec<G>,
    pub(super) last: Vec<u32>,
    pub(super) want: Vec<u32>,
    pub(super) moves: Vec<G::Move>,
    /// What a `Grow` job selects with: BFM or RBFM, the pruning rule, the table.
    pub(super) kind: Kind,
    pub(super) pruning: bool,
    pub(super) table: Arc<DistTable>,
    /// The subtree of the last `Grow` job (its allocation reused).
    pub(super) grown: Option<Tree<u32>>,
}

/// The meter's reading now (0 without one).
pub(super) fn reading<G: Game>(eval: &Option<Evaluator<G>>) -> f64 {
    eval.as_ref()
        .and_then(|e| e.meter.as_ref())
        .map_or(0.0, |m| m())
}

/// The cost of evaluator work begun at meter reading `before` with `calls` evaluator calls
/// (module docs).
pub(super) fn eval_cost<G: Game>(
    eval: &Option<Evaluator<G>>,
    cost: &CostModel,
    before: f64,
    calls: u64,
) -> f64 {
    match eval.as_ref().and_then(|e| e.meter.as_ref()) {
        Some(m) => (m() - before).max(0.0),
        None => calls as f64 * cost.leaf,
    }
}

/// The values of `pos`'s children by index `kids` (an index it does not have is an error).
pub(super) fn values_of<G: Game>(
    pos: &G,
    kids: &[u32],
    moves: &mut Vec<G::Move>,
) -> Result<Vec<Score>, String> {
    pos.moves(moves);
    kids.iter()
        .map(|&i| match moves.get(i as usize) {
            Some(&m) => Ok(pos.play(m).evaluate()),
            None => Err(format!("child index {i} of {} moves", moves.len())),
        })
        .collect()
}

/// A leaf's work with the game's moves (`moves`, the leaf's) as generation indices; for
/// heuristic 2 the best child's moves are generated again to name its children.
fn index_work<G: Game>(pos: &G, moves: &[G::Move], w: LeafWork<G::Move>) -> LeafWork<u32> {
    let index = |m: G::Move, ms: &[G::Move]| {
        ms.iter()
            .position(|&x| x == m)
            .expect("a child's move is among its parent's") as u32
    };
    let child = w.child.map(|c| {
        let cpos = pos.play(w.kids[0].0);
        let mut cm = Vec::new();
        cpos.moves(&mut cm);
        Box::new(index_work(&cpos, &cm, *c))
    });
    LeafWork {
        kids: w
            .kids
            .into_iter()
            .map(|(m, v, t)| (index(m, moves), v, t))
            .collect(),
        partial: w.partial,
        child,
    }
}

/// A leaf's children `(index, static value, terminal)` and, with `count`, their move counts
/// (`moves`, `scratch`: reused buffers); with `keep`, the children's positions are pushed
/// there in order.
pub(super) fn expand_leaf<G: Game>(
    pos: &G,
    moves: &mut Vec<G::Move>,
    scratch: &mut Vec<G::Move>,
    stats: &mut Stats,
    count: bool,
    mut keep: Option<&mut Vec<G>>,
) -> (Vec<Kid>, Vec<u8>) {
    if pos.is_terminal() {
        return (Vec::new(), Vec::new());
    }
    pos.moves(moves);
    stats.movegens += 1;
    let mut hints = Vec::with_capacity(if count { moves.len() } else { 0 });
    let kids = moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let c = pos.play(m);
            if count {
                hints.push(count_moves(&c, scratch));
            }
            let kid = (i as u32, c.evaluate(), c.is_terminal());
            if let Some(k) = keep.as_mut() {
                k.push(c);
            }
            kid
        })
        .collect();
    (kids, hints)
}

/// The evaluator's half of a step with the heuristics at `pos` ([`heuristics::leaf_work`]),
/// its moves as indices, and the evaluator calls it made.
pub(super) fn leaf_job<G: Game>(
    pos: &G,
    moves: &mut Vec<G::Move>,
    stats: &mut Stats,
    job: Job,
    eval: &Option<Evaluator<G>>,
) -> (LeafWork<u32>, u64) {
    moves.clear();
    if !pos.is_terminal() {
        pos.moves(moves);
        stats.movegens += 1;
    }
    let search = eval.as_ref().map(|e| &e.search);
    let (work, calls) = heuristics::leaf_work(pos, moves, job, search);
    stats.movegens += u64::from(work.child.is_some());
    (index_work(pos, moves, work), calls)
}

pub(super) fn kids_cost(cost: &CostModel, d: usize) -> f64 {
    cost.interior + d as f64 * cost.leaf
}

impl<G: Game> SlaveState<G> {
    /// The position at the end of `path`, replayed on the game from the longest prefix it
    /// shares with the last job's (one move generation and one `play` per ply past it).
    pub(super) fn replay(&mut self, path: &Path) -> Result<G, PathError> {
        self.want.clear();
        self.want.extend(path.indices());
        let k = self
            .last
            .iter()
            .zip(&self.want)
            .take_while(|(a, b)| a == b)
            .count();
        self.last.truncate(k);
        self.line.truncate(k + 1);
        for &i in &self.want[k..] {
            let ply = self.last.len();
            let next = play_index(&self.line[ply], ply as u32, i, &mut self.moves)?;
            self.line.push(next);
            self.last.push(i);
        }
        Ok(self.line[self.want.len()].clone())
    }

    /// A `Grow` job at `pos` (the leaf `leaf`): a subtree of its own below the leaf, grown by
    /// up to `steps` expansions, each selected by the walk continuing below the leaf in
    /// `mode` ([`rbfm::select_below`]; BFM: the descent to the best open child) with the
    /// stream seeded `seed`, expanded and backed up in the subtree as the master will
    /// (module docs, "Real cores"). Stops early when the subtree is solved.
    fn grow(
        &mut self,
        pos: G,
        leaf: u32,
        mode: u8,
        seed: u64,
        steps: u32,
        env: &mut Env<'_, Msg>,
    ) -> Msg {
        let mode = match mode {
            0 => Mode::Root,
            1 => Mode::Up,
            _ => Mode::Down,
        };
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let tree = self
            .grown
            .get_or_insert_with(|| Tree::new(&pos, u32::MAX as usize - 1));
        tree.reset(&pos);
        let mut positions = vec![pos];
        let (mut parents, mut all_kids, mut all_hints) = (Vec::new(), Vec::new(), Vec::new());
        let (mut scratch, mut fresh) = (Vec::new(), Vec::new());
        for k in 0..steps {
            let v = if k == 0 {
                0
            } else {
                env.charge_interior();
                let walk = match self.kind {
                    Kind::Bfm => bfm::select(&*tree),
                    Kind::Rbfm => {
                        rbfm::select_below(&*tree, &self.table, &mut rng, self.pruning, mode)
                            .map(|w| w.leaf)
                    }
                };
                match walk {
                    Some(v) => v,
                    None => break,
                }
            };
            let (kids, hints) = expand_leaf(
                &positions[v as usize],
                &mut self.moves,
                &mut scratch,
                &mut self.stats,
                self.count,
                Some(&mut fresh),
            );
            // The children's positions, by their node indices in `tree`.
            positions.append(&mut fresh);
            env.charge(kids_cost(env.cost, kids.len()));
            if !kids.is_empty() {
                self.stats.interior += 1;
                self.stats.leaves += kids.len() as u64;
            }
            if tree.expand_with(v, &kids).is_err() {
                break;
            }
            if hints.len() == kids.len() {
                tree.set_hints(v, &hints);
            }
            tree.backup(v);
            parents.push(v);
            all_kids.push(kids);
            all_hints.push(hints);
        }
        Msg::Grown {
            leaf,
            parents,
            kids: all_kids,
            hints: all_hints,
        }
    }

    /// A job: the answer to send back.
    pub(super) fn on_job(&mut self, msg: Msg, env: &mut Env<'_, Msg>) -> Option<Msg> {
        let (Msg::Expand { path, .. }
        | Msg::Search { path, .. }
        | Msg::Resolve { path, .. }
        | Msg::Grow { path, .. }) = &msg
        else {
            return None;
        };
        let pos = match self.replay(path) {
            Ok(p) => p,
            Err(e) => {
                return Some(Msg::Fault {
                    error: format!("a slave's job: {e}"),
                })
            }
        };
        let stats = &mut self.stats;
        Some(match msg {
            Msg::Expand { leaf, .. } => {
                let mut scratch = Vec::new();
                let (kids, hints) =
                    expand_leaf(&pos, &mut self.moves, &mut scratch, stats, self.count, None);
                env.charge(kids_cost(env.cost, kids.len()));
                if !kids.is_empty() {
                    stats.interior += 1;
                    stats.leaves += kids.len() as u64;
                }
                Msg::Children { leaf, kids, hints }
            }
            Msg::Grow {
                leaf,
                mode,
                seed,
                steps,
                ..
            } => self.grow(pos, leaf, mode, seed, steps, env),
            Msg::Search { leaf, job, .. } => {
                let before = reading(&self.eval);
                let (work, calls) = leaf_job(&pos, &mut self.moves, stats, job, &self.eval);
                let child = u64::from(work.child.is_some());
                stats.interior += 1 + child;
                stats.leaves += work.generated();
                env.charge(
                    (1 + child) as f64 * env.cost.interior
                        + eval_cost(&self.eval, env.cost, before, calls),
                );
                Msg::Searched { leaf, work }
            }
            Msg::Resolve { node, kids, .. } => {
                let before = reading(&self.eval);
                match values_of(&pos, &kids, &mut self.moves) {
                    Ok(values) => {
                        stats.leaves += values.len() as u64;
                        env.charge(eval_cost(&self.eval, env.cost, before, values.len() as u64));
                        Msg::Resolved { node, values }
                    }
                    Err(e) => Msg::Fault {
                        error: format!("a slave's job: {e}"),
                    },
                }
            }
            _ => unreachable!("a job, matched above"),
        })
    }
}

/// A slave's state on `root`, selecting in `Grow` jobs as `opts` say.
pub(super) fn slave_state<G: Game>(
    root: &G,
    eval: Option<Evaluator<G>>,
    count: bool,
    opts: &BfOptions,
) -> SlaveState<G> {
    SlaveState {
        kind: opts.kind,
        pruning: opts.pruning,
        table: crate::engine::table_of(opts),
        grown: None,
        stats: Stats::default(),
        eval,
        count,
        line: vec![root.clone()],
        last: Vec::new(),
        want: Vec::new(),
        moves: Vec::new(),
    }
}
