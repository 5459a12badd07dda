//! Cilk-style work and span of `ybwc` and `jamboree`, and their greedy schedule on P virtual
//! processors.
//!
//! Seed 002 §6.2.1: "The execution time is bounded from below by T∞ and by W/P … Cilk's
//! randomized scheduler guarantees that the program executes in O(W/P + T∞) expected time.
//! Therefore a good estimate of a program's parallelism is W/T∞." §6.2.4 measured Jamboree on
//! 100 incremental trees (b = 10, depth 10, static ordering, Alpha-Beta below depth 3): work
//! 1 952 s, critical path 132 s, parallelism 14.8.
//!
//! How we measure, on one core, as Cilk does: the algorithm's serial elision (`trace_fork_join`
//! with `ybwc::trace_brothers` or
//! `jamboree::trace_brothers`) runs on one processor and
//! records every serial piece of work (a node's opening, a serial sub-search below the split
//! depth) as a *strand* of a task graph ([`Dag`]) with its dependencies (spawn, sync, and
//! Jamboree's "wait for the earlier iterations"); the two traces share one fork–join skeleton,
//! `trace_fork_join`, and differ only in their brothers phase (`Brothers`). Then
//!
//! * work W = the sum of all strands' costs,
//! * span T∞ = the costliest path through the graph,
//! * T_P = the makespan of a greedy list schedule of the graph on P processors (a ready strand
//!   starts as soon as a processor is free, lowest strand number first — the serial order,
//!   like Cilk's work-first stealing). Brent/Graham: `max(W/P, T∞) ≤ T_P ≤ W/P + T∞`.
//!
//! Costs ([`CostWeights`]) count interior nodes, bottom positions, the static evaluations made
//! to order a node's children (seed 002 §6.2.4 uses static move ordering "in spite of the cost
//! of the evaluation function": every child of an expanded node is evaluated before its first
//! son is searched, so at a Jamboree node those evaluations lie on the critical path), and
//! Cilk's per-spawn overhead. Ordering evaluations are counted exactly by running the search
//! on an [`Evaluated`] wrapper of the game. `CostWeights::EVAL_CALLS` (every `evaluate()`
//! call costs one loop of the paper's evaluation) is the model of §6.2.2's padded evaluation;
//! `NODES`, `GENERATED`, `EXPANSIONS` and `EVALS` are the alternatives the experiment prints.
//!
//! What the task graph leaves out, and says so: it is the one-processor execution's, so
//! speculative work that more processors would do (tests started before an earlier brother's
//! value raised α, brothers started before a cutoff) is not in it — as in Cilk's W/T∞
//! estimate. Its greedy speedup W/T_P is therefore optimistic (speculation only adds work,
//! short of the rare superlinear case where a speculative son finds a cutoff early).
//!
//! # Jamboree with speculation on P processors
//!
//! [`simulate_jamboree`] (module `speculative`) executes Jamboree itself on P virtual
//! processors over the same strands and costs, speculation included ([`Sched`], [`SpecRun`]).
//!
//! Library API (used by the experiments of seed 002 §6.2): [`measure`], [`measure_speculative`].
//!
//! ```
//! use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
//! use arachne_parallel::smp::work_span::{measure, CostWeights, Split};
//!
//! let trees: Vec<_> = (1..=3)
//!     .map(|seed| IncrementalTree::new(IncrementalParams {
//!         b: 6, d: 6, seed, branching: Branching::Uniform, values: EdgeValues::Real }))
//!     .collect();
//! let m = measure(Split::Jamboree, &trees, 6, 3, true, CostWeights::NODES, &[1, 16]);
//! assert!(m.parallelism() > 1.0);
//! assert_eq!(m.times[0].1, m.work); // one processor does all the work
//! assert!(m.times[1].1 >= m.span);  // nobody beats the critical path
//! ```
pub use super::young::Split;
use arachne_core::{Game, Limits, Score, Stats};
use arachne_search::context::{Aborted, Ctx, Node};
use arachne_search::SearchOptions;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

mod speculative;
pub use speculative::{measure_speculative, simulate_jamboree, Sched, SpecRun};

/// Index of a strand in a [`Dag`].
pub(crate) type StrandId = u32;

/// Weights turning counts into cost: `interior · interior nodes + leaf · bottom positions +
/// order · static evaluations made to order a node's children + spawn · spawned sons`.
///
/// `order` counts the `evaluate()` calls of static move ordering (every child of every
/// expanded node, before its first son is searched: on the critical path at a Jamboree node),
/// counted by wrapping the game ([`Evaluated`]); a bottom position's own evaluation is `leaf`.
/// `spawn` is charged once for every son a fork–join node searches (Cilk spawns every son,
/// including the ones that run serial code below the serial depth), before the son starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CostWeights {
    /// Cost of an interior node.
    pub interior: u64,
    /// Cost of a bottom position.
    pub leaf: u64,
    /// Cost of one static evaluation made to order a node's children.
    pub order: u64,
    /// Cost of spawning a son (Cilk's per-thread overhead).
    pub spawn: u64,
}

impl CostWeights {
    /// Every node costs 1.
    pub const NODES: CostWeights = CostWeights {
        interior: 1,
        leaf: 1,
        order: 0,
        spawn: 0,
    };
    /// Evaluations for branching 10 with static ordering: an interior node evaluates its 10
    /// children, a bottom position itself.
    pub const EVALS: CostWeights = CostWeights {
        interior: 10,
        leaf: 1,
        order: 0,
        spawn: 0,
    };
    /// One unit per expansion (an interior node generates and statically values its
    /// children), bottom positions free: seed 002 §6.2.2 runs its empty loop "whenever a leaf
    /// is expanded".
    pub const EXPANSIONS: CostWeights = CostWeights {
        interior: 1,
        leaf: 0,
        order: 0,
        spawn: 0,
    };
    /// One unit per static evaluation actually made: every child of every expanded node (static
    /// move ordering) and every bottom position — the evaluation function padded with the
    /// paper's empty loop, called wherever the search calls it. Exact for random branching.
    pub const EVAL_CALLS: CostWeights = CostWeights {
        interior: 0,
        leaf: 1,
        order: 1,
        spawn: 0,
    };
    /// One unit per generated node: every child of every expanded node is evaluated once, to
    /// order it; a bottom position reuses the value its parent computed (and the root is free).
    pub const GENERATED: CostWeights = CostWeights {
        interior: 0,
        leaf: 0,
        order: 1,
        spawn: 0,
    };

    /// True when the static evaluations of move ordering must be counted.
    fn counts_order(&self) -> bool {
        self.order > 0
    }
}

thread_local! {
    /// `evaluate()` calls made on this thread by [`Evaluated`] games.
    static EVAL_CALLS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A game whose `evaluate()` calls are counted (per thread), so a trace can charge the static
/// evaluations of move ordering ([`CostWeights::order`]). Everything else is the wrapped game's:
/// every hook is forwarded (tested with [`arachne_core::probe`]); a successor value from
/// `successor_values` counts as one call, since it stands for `play(mv).evaluate()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluated<G>(pub G);

impl<G: Game> Evaluated<G> {
    /// `evaluate()` calls made on this thread so far.
    pub fn calls() -> u64 {
        EVAL_CALLS.with(|c| c.get())
    }
}

impl<G: Game> Game for Evaluated<G> {
    type Move = G::Move;
    fn moves(&self, out: &mut Vec<Self::Move>) {
        self.0.moves(out)
    }
    fn play(&self, mv: Self::Move) -> Self {
        Evaluated(self.0.play(mv))
    }
    fn evaluate(&self) -> Score {
        EVAL_CALLS.with(|c| c.set(c.get() + 1));
        self.0.evaluate()
    }
    fn successor_values(&self) -> impl Fn(Self::Move) -> Score + '_ {
        let f = self.0.successor_values();
        move |mv| {
            EVAL_CALLS.with(|c| c.set(c.get() + 1));
            f(mv)
        }
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn in_check(&self) -> bool {
        self.0.in_check()
    }
    fn null_move(&self) -> Option<Self> {
        self.0.null_move().map(Evaluated)
    }
    fn hash(&self) -> Option<u64> {
        self.0.hash()
    }
    fn noisy_moves(&self, out: &mut Vec<Self::Move>) {
        self.0.noisy_moves(out)
    }
    fn order_hint(&self, mv: Self::Move) -> i32 {
        self.0.order_hint(mv)
    }
    fn history_index(&self, mv: Self::Move) -> Option<usize> {
        self.0.history_index(mv)
    }
    const HISTORY_SIZE: usize = G::HISTORY_SIZE;
    const TRANSPOSITIONS: bool = G::TRANSPOSITIONS;
    fn move_name(&self, mv: Self::Move) -> String {
        self.0.move_name(mv)
    }
    fn parse_move(&self, name: &str) -> Option<Self::Move> {
        self.0.parse_move(name)
    }
}

/// Counts at one moment of a trace: the context's node counts and the thread's evaluation
/// calls.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Mark {
    stats: Stats,
    evals: u64,
}

impl Mark {
    /// The counts now.
    pub(crate) fn now<G: Game>(ctx: &Ctx<G>) -> Mark {
        Mark {
            stats: ctx.stats,
            evals: EVAL_CALLS.with(|c| c.get()),
        }
    }
}

/// A task graph: strands with costs and predecessors, created in a topological order (every
/// predecessor has a smaller number).
#[derive(Clone, Debug)]
pub struct Dag {
    weights: CostWeights,
    cost: Vec<u64>,
    /// Predecessors of strand `i`: `preds[start[i]..start[i + 1]]`.
    preds: Vec<StrandId>,
    start: Vec<usize>,
}

impl Dag {
    /// An empty graph with one zero-cost start strand (number 0).
    pub(crate) fn new(weights: CostWeights) -> Dag {
        let mut d = Dag {
            weights,
            cost: Vec::new(),
            preds: Vec::new(),
            start: vec![0],
        };
        d.strand(0, &[]);
        d
    }

    /// Adds a strand of `cost` after `preds`.
    pub(crate) fn strand(&mut self, cost: u64, preds: &[StrandId]) -> StrandId {
        let id = self.cost.len() as StrandId;
        debug_assert!(preds.iter().all(|&p| p < id));
        self.cost.push(cost);
        self.preds.extend_from_slice(preds);
        self.start.push(self.preds.len());
        id
    }

    /// Adds a strand costing what was counted between `before` and `after`.
    pub(crate) fn strand_since(
        &mut self,
        before: &Mark,
        after: &Mark,
        preds: &[StrandId],
    ) -> StrandId {
        let (b, a) = (&before.stats, &after.stats);
        let leaves = a.leaves - b.leaves;
        // Every bottom position's value is one `evaluate()` call; the rest ordered children.
        let order = (after.evals - before.evals).saturating_sub(leaves);
        let c = self.weights.interior * (a.interior - b.interior)
            + self.weights.leaf * leaves
            + self.weights.order * order;
        self.strand(c, preds)
    }

    /// The spawn of a son after `pred`: a strand of the spawn cost (or `pred` itself when
    /// spawning is free).
    pub(crate) fn spawn(&mut self, pred: StrandId) -> StrandId {
        if self.weights.spawn == 0 {
            return pred;
        }
        self.strand(self.weights.spawn, &[pred])
    }

    /// A zero-cost strand after all of `preds` (a sync).
    pub(crate) fn join(&mut self, preds: &[StrandId]) -> StrandId {
        if preds.len() == 1 {
            return preds[0];
        }
        self.strand(0, preds)
    }

    /// Number of strands.
    pub fn len(&self) -> usize {
        self.cost.len()
    }

    /// True when only the start strand exists.
    pub fn is_empty(&self) -> bool {
        self.cost.len() <= 1
    }

    fn preds_of(&self, i: usize) -> &[StrandId] {
        &self.preds[self.start[i]..self.start[i + 1]]
    }

    /// Work W: the sum of the strands' costs.
    pub fn work(&self) -> u64 {
        self.cost.iter().sum()
    }

    /// Span T∞: the costliest path.
    pub fn span(&self) -> u64 {
        let mut fin = vec![0u64; self.len()];
        for i in 0..self.len() {
            let ready = self
                .preds_of(i)
                .iter()
                .map(|&p| fin[p as usize])
                .max()
                .unwrap_or(0);
            fin[i] = ready + self.cost[i];
        }
        fin.into_iter().max().unwrap_or(0)
    }

    /// Makespan of the greedy list schedule on `p` processors (see the module docs).
    pub fn greedy(&self, p: u64) -> u64 {
        let n = self.len();
        let p = p.max(1);
        let mut succ_start = vec![0usize; n + 1];
        for i in 0..n {
            for &q in self.preds_of(i) {
                succ_start[q as usize + 1] += 1;
            }
        }
        for i in 0..n {
            succ_start[i + 1] += succ_start[i];
        }
        let mut fill = succ_start.clone();
        let mut succ = vec![0 as StrandId; self.preds.len()];
        let mut waiting = vec![0u32; n];
        for (i, w) in waiting.iter_mut().enumerate() {
            *w = self.preds_of(i).len() as u32;
            for &q in self.preds_of(i) {
                succ[fill[q as usize]] = i as StrandId;
                fill[q as usize] += 1;
            }
        }
        let mut ready: BinaryHeap<Reverse<StrandId>> = (0..n)
            .filter(|&i| waiting[i] == 0)
            .map(|i| Reverse(i as StrandId))
            .collect();
        let mut running: BinaryHeap<Reverse<(u64, StrandId)>> = BinaryHeap::new();
        let (mut now, mut free, mut end) = (0u64, p, 0u64);
        loop {
            while free > 0 {
                let Some(Reverse(i)) = ready.pop() else { break };
                free -= 1;
                running.push(Reverse((now + self.cost[i as usize], i)));
            }
            let Some(Reverse((t, i))) = running.pop() else {
                break;
            };
            now = t;
            end = end.max(t);
            free += 1;
            let i = i as usize;
            for &s in &succ[succ_start[i]..succ_start[i + 1]] {
                waiting[s as usize] -= 1;
                if waiting[s as usize] == 0 {
                    ready.push(Reverse(s));
                }
            }
        }
        end
    }
}

/// A node of a traced fork–join search after its eldest son returned without a cutoff: what
/// the algorithm's brothers phase ([`Brothers`]) needs to trace the younger sons.
pub(crate) struct Fork<'a, G: Game> {
    brothers: Brothers<G>,
    /// The node's position.
    pub pos: &'a G,
    /// Plies left at the node.
    pub depth: u32,
    /// The node's ply.
    pub ply: usize,
    /// The node's window.
    pub alpha: Score,
    /// The node's window.
    pub beta: Score,
    /// Serial depth.
    pub serial: u32,
    /// Number of sons.
    pub n: usize,
    /// The eldest son's value (the node's side).
    pub first: Score,
    /// The strand that ends the eldest son's search.
    pub first_end: StrandId,
}

impl<G: Game> Fork<'_, G> {
    /// Traces son `i` (in search order) with the son's window `(alpha, beta)` after strand
    /// `pred`: its value from the son's side and the strand that ends it.
    pub(crate) fn son(
        &self,
        ctx: &mut Ctx<G>,
        dag: &mut Dag,
        i: usize,
        alpha: Score,
        beta: Score,
        pred: StrandId,
    ) -> Result<(Score, StrandId), Aborted> {
        let child = self.pos.play(ctx.move_at(self.ply, i));
        let pred = dag.spawn(pred);
        trace_fork_join(
            self.brothers,
            ctx,
            dag,
            &child,
            self.depth - 1,
            self.ply + 1,
            alpha,
            beta,
            self.serial,
            pred,
        )
    }
}

/// The brothers phase of a fork–join algorithm's trace: given the node after its eldest son,
/// traces the younger sons and returns the node's value and the strand that ends it.
pub(crate) type Brothers<G> =
    fn(&mut Ctx<G>, &mut Dag, &Fork<'_, G>) -> Result<(Score, StrandId), Aborted>;

/// The fork–join skeleton that YBWC and Jamboree share, with their brothers phases
/// ([`Split::traced`]) — the serial elision on one processor of the parallel node
/// ([`young::node`](super::young::node)): below `serial` plies the subtree is one strand of serial
/// alpha-beta ([`super::ab_tt`]); otherwise the node's opening is a strand after `pred`, the
/// eldest son is traced after it, and — unless it cuts off — `brothers` traces the rest.
/// Returns the value and the strand that ends the node.
#[allow(clippy::too_many_arguments)]
pub(crate) fn trace_fork_join<G: Game>(
    brothers: Brothers<G>,
    ctx: &mut Ctx<G>,
    dag: &mut Dag,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
    serial: u32,
    pred: StrandId,
) -> Result<(Score, StrandId), Aborted> {
    let before = Mark::now(ctx);
    if depth < serial {
        let v = super::ab_tt(ctx, pos, depth, ply, alpha, beta)?;
        let s = dag.strand_since(&before, &Mark::now(ctx), &[pred]);
        return Ok((v, s));
    }
    ctx.enter(ply)?;
    let n = match ctx.node(pos, depth, ply) {
        Node::Leaf(v) => return Ok((v, dag.strand_since(&before, &Mark::now(ctx), &[pred]))),
        Node::Interior(n) => n,
    };
    let open = dag.strand_since(&before, &Mark::now(ctx), &[pred]);
    let child = pos.play(ctx.move_at(ply, 0));
    let spawned = dag.spawn(open);
    let (t, first_end) = trace_fork_join(
        brothers,
        ctx,
        dag,
        &child,
        depth - 1,
        ply + 1,
        -beta,
        -alpha,
        serial,
        spawned,
    )?;
    let first = -t;
    if first >= beta || n == 1 {
        return Ok((first, first_end));
    }
    let fork = Fork {
        brothers,
        pos,
        depth,
        ply,
        alpha,
        beta,
        serial,
        n,
        first,
        first_end,
    };
    brothers(ctx, dag, &fork)
}

/// Work, span and simulated times summed over a set of trees searched one after another.
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// Work W.
    pub work: u64,
    /// Span T∞.
    pub span: u64,
    /// `(P, T_P)` for each requested P (greedy schedule).
    pub times: Vec<(u64, u64)>,
    /// Root values, one per tree.
    pub values: Vec<Score>,
    /// Node counts of the one-processor execution.
    pub stats: Stats,
    /// Static evaluations made to order children in the one-processor execution (counted
    /// only when the weights charge them, else 0).
    pub order_evals: u64,
}

impl Measure {
    /// Parallelism W/T∞.
    pub fn parallelism(&self) -> f64 {
        self.work as f64 / self.span.max(1) as f64
    }

    /// Simulated speedup W/T_P at each requested P.
    pub fn speedups(&self) -> Vec<(u64, f64)> {
        self.times
            .iter()
            .map(|&(p, t)| (p, self.work as f64 / t.max(1) as f64))
            .collect()
    }
}

/// The task graph of one search of `root` (`depth` plies, serial below `serial`, static move
/// ordering when `preorder`, no transposition table — the paper's setting), its value and
/// one-processor counts, also returning the number of static evaluations made to order children
/// (counted only when `weights.order > 0`, else 0).
pub fn trace_counted<G: Game>(
    split: Split,
    root: &G,
    depth: u32,
    serial: u32,
    preorder: bool,
    weights: CostWeights,
) -> (Dag, Score, Stats, u64) {
    if weights.counts_order() {
        let e0 = Evaluated::<G>::calls();
        let (dag, v, stats) = trace_in(
            split,
            &Evaluated(root.clone()),
            depth,
            serial,
            preorder,
            weights,
        );
        let order = (Evaluated::<G>::calls() - e0).saturating_sub(stats.leaves);
        (dag, v, stats, order)
    } else {
        let (dag, v, stats) = trace_in(split, root, depth, serial, preorder, weights);
        (dag, v, stats, 0)
    }
}

fn trace_in<G: Game>(
    split: Split,
    root: &G,
    depth: u32,
    serial: u32,
    preorder: bool,
    weights: CostWeights,
) -> (Dag, Score, Stats) {
    let opts = SearchOptions {
        preorder,
        ..SearchOptions::default()
    };
    let limits = Limits::default();
    let mut ctx: Ctx<G> = Ctx::new(&opts, &limits, None);
    let mut dag = Dag::new(weights);
    let (inf, serial) = (Score::INF, serial.max(1));
    let brothers = split.traced();
    let r = trace_fork_join(
        brothers, &mut ctx, &mut dag, root, depth, 0, -inf, inf, serial, 0,
    );
    let (v, _) = r.expect("no limits: a trace cannot be aborted");
    (dag, v, ctx.stats)
}

/// Measures `split` on every tree of `roots` (searched one after another, as Cilk ran the
/// seed's 100 trees): W, T∞ and the greedy T_P for every P in `procs`. See the module docs.
pub fn measure<G: Game>(
    split: Split,
    roots: &[G],
    depth: u32,
    serial: u32,
    preorder: bool,
    weights: CostWeights,
    procs: &[u64],
) -> Measure {
    let mut m = Measure {
        work: 0,
        span: 0,
        times: procs.iter().map(|&p| (p, 0)).collect(),
        values: Vec::new(),
        stats: Stats::default(),
        order_evals: 0,
    };
    for root in roots {
        let (dag, v, stats, order) = trace_counted(split, root, depth, serial, preorder, weights);
        m.order_evals += order;
        m.work += dag.work();
        m.span += dag.span();
        for t in &mut m.times {
            t.1 += dag.greedy(t.0);
        }
        m.values.push(v);
        m.stats += stats;
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_graph() {
        // 0 → a(3) → {b(5), c(2)} → join
        let mut d = Dag::new(CostWeights::NODES);
        let a = d.strand(3, &[0]);
        let b = d.strand(5, &[a]);
        let c = d.strand(2, &[a]);
        d.join(&[b, c]);
        assert_eq!(d.work(), 10);
        assert_eq!(d.span(), 8);
        assert_eq!(d.greedy(1), 10);
        assert_eq!(d.greedy(2), 8);
        assert_eq!(d.greedy(100), 8);
    }
}
