//! Tree parallelisation of MCTS on threads with a virtual loss (Chaslot, Winands & van den
//! Herik, *Parallel Monte-Carlo Tree Search*, 2008; issue 27, part 2). Not in the seeds: it is
//! the shared-tree form of [`super`], as seed 002 §6's shared-tree RBFM ([`crate::shared`]) is
//! of RBFM.
//!
//! `T` walkers (scoped OS threads) share one tree and run the serial search's iteration, each
//! with its own random stream (`walker_seed`: walker 0 has the search's seed):
//!
//! * **Down.** A walker selects with the serial rule (`select_child`) and puts a
//!   *virtual loss* on every node it enters: one visit of reward 0, counted in the child's
//!   `n` (and so in its mean) until its backup removes it (the visits and the virtual losses
//!   share one word, `count`, so entering is one atomic add), so that other walkers spread to
//!   other children instead of all following the best one. The parent's count under the
//!   logarithm is its visits plus the virtual losses of the *other* walkers (its own is
//!   subtracted), so a lone walker computes exactly the serial search's UCB1.
//! * **Expand.** A node's children are one block, published once through a `OnceLock`: the
//!   walker that expands reserves their number from the shared node budget and the tree's
//!   capacity (one compare-and-swap), builds them and publishes them; a walker arriving at the
//!   same time waits for that block instead of building its own. A refused expansion
//!   publishes no children and stops every walker, as the serial search stops.
//! * **Up.** The backup adds the reward to each node on the path and removes the walker's
//!   virtual loss: the visits and the virtual loss by one `fetch_add` on `count`, the reward
//!   sum by a compare-and-swap on its bits. The
//!   solver's bounds are recomputed from the children's and stored by `fetch_max` on the
//!   lower and `fetch_min` on the upper bound: bounds computed from any snapshot of valid
//!   child bounds are valid, so a late store can never loosen them and no lock is needed.
//!   A walker that meets a solved leaf recomputes its parent's bounds, so a parent whose last
//!   update raced is settled by the next walker through it.
//!
//! **Why per-node atomics rather than a lock per node.** Every field a walker changes is one
//! word (visits, virtual loss, the reward sum's bits, each bound), the only multi-word change —
//! the children — is published once and never changed, and the bounds are monotone; so each
//! update is a single atomic operation and no node is ever locked. A lock per node would make
//! the same updates under a lock, larger nodes and no simpler code. (Measuring a locked
//! variant against this one is issue 27's stretch goal, not done.)
//!
//! ## Fewer shared writes (issue 27: CPU per playout, 2 threads against 1)
//! Measured 2026-11-27 07:37–07:58 UTC on the 2-vCPU build machine at load average 9–18
//! (other builds running, so the two walkers ran at the same time only part of the time;
//! CPU time is user+sys of `arachne search -g connect4 --algo mcts:iters=400000[,par=tree]
//! --threads T`, runs alternating; `scripts/mcts_tree_cpu.sh` compares the serial search at 1
//! thread with this form at 2):
//!
//! * **The cost is the shared tree's own, not the contention.** This form on *one* walker
//!   (`par=tree --threads 1`) took 0.750 s for 400 000 playouts against the serial search's
//!   0.473 s (1.59×), and on two walkers 0.717 s: the same CPU per playout with a second
//!   walker or without; root parallelisation (independent serial trees) on 2 threads took
//!   0.467 s. A second round: serial 0.487 s, one walker 0.693 s, two walkers 0.705 s. So under
//!   this load the 2.39× CPU per playout measured idle (BENCHMARKS.md) is mostly the form's
//!   per-iteration cost (≈ 1.4–1.6× the serial), and the rest the second walker's (shared
//!   core resources, the lines both write; only an idle run separates those). A profile
//!   (`perf record`, one walker) puts 63 % of the time in the descent — mostly the loads of
//!   the children a selection compares, 56-byte shared nodes (7 children: 6–7 cache lines)
//!   against the serial arena's 32 bytes — and 13 % in the playouts.
//! * **Kept: visits and virtual losses in one word.** Four locked read-modify-writes per
//!   node and iteration (virtual loss on, visits, reward sum, virtual loss off) become three
//!   (enter; visits with the virtual loss off; reward sum). Same round, 4 runs each: one
//!   walker 0.693 → 0.675 s, two walkers 0.705 → 0.680 s (−3 %).
//! * **Not kept: the reward sum by a plain load and store** (Relaxed, no compare-and-swap;
//!   an update lost when two walkers back up through a node at once, as Enzenberger &
//!   Müller's lock-free Fuego accepts): one walker 0.652 s, two 0.655 s (a further −4 %), but
//!   the sums would no longer add up, and exact statistics are worth more than 4 %.
//! * **Not kept: hot nodes.** A node with at least `H` visits had its backups accumulated by
//!   each walker and published every `K` iterations, and no virtual loss (one virtual visit
//!   among `H` moves its UCB1 little); selection added the walker's unpublished backups. CPU
//!   ratio 2 threads / serial, 3 rounds of 2 runs each against 1.45, 1.42, 1.42 without: `H`
//!   = 256, `K` = 32: 1.86, 1.87, 2.07; `H` = 64: 2.27, 2.19, 2.17; `H` = 1024: 1.63, 1.64,
//!   1.74; `K` = 8: 1.71, 1.73, 1.77; `K` = 128: 2.11, 2.02, 2.06. Worse every time: looking
//!   up the unpublished backups costs more than the writes saved, and without a virtual loss
//!   the walkers follow each other down the same path (UCB1 keeps siblings near a tie, so one
//!   virtual visit is what sends the second walker elsewhere).
//! * **Not kept: the shared counters on cache lines of their own** (the generated nodes, the
//!   iterations, the stop flag, beside the root in the shared state): 1.47, 1.47, 1.48; **nor
//!   claiming `iters=N` 64 iterations at a time** instead of one: 1.44, 1.45, 1.54 — no
//!   change from 1.45, 1.42, 1.42.
//! * **Not tried:** several playouts per leaf descent (it changes the algorithm; it is
//!   leaf parallelisation, [`super::leaf`], within a walker), and smaller shared nodes (the
//!   children behind an atomic pointer rather than a `OnceLock<Box<[_]>>`: 40 bytes instead
//!   of 56), which the profile points to next.
//!
//! Budgets are the serial ones, shared: generated nodes and the tree's capacity are reserved
//! before an expansion, so neither is ever exceeded; `iters=N` is claimed one iteration at a
//! time, so exactly `N` complete unless another limit ends the search first. The deadline and
//! the stop flag are checked before every iteration. With one walker the search is the serial
//! one, step for step (tested: same move, line, counts and rewards). With more, the
//! interleaving of threads is not seeded, so runs do not repeat — the value of a run to the end
//! does (the exact value). The tree is copied into the serial arena at the end to choose the
//! move and its line by the serial rule.
use super::{
    bounds, leaf_reward, reward, select_child, walker_seed, LeafCounts, Mcts, MctsOptions,
    MctsOutcome, MctsStop, Node, Seen, MAX_VISITS, NONE,
};
use arachne_core::{Game, Limits, Score, Stats, StopReason};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering::*};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

/// A node of the shared tree.
struct ANode<M> {
    /// The reward sum's `f64` bits.
    sum: AtomicU64,
    /// The visits (low 32 bits) and the walkers below this node now, its virtual losses (high
    /// 32 bits): one word, so that a walker enters with one atomic add and leaves, backing up,
    /// with one.
    count: AtomicU64,
    lower: AtomicI32,
    upper: AtomicI32,
    /// The children, once expanded (empty: an expansion was refused).
    kids: OnceLock<Box<[ANode<M>]>>,
    mv: Option<M>,
}

impl<M> ANode<M> {
    fn new(mv: Option<M>) -> Self {
        ANode {
            sum: AtomicU64::new(0f64.to_bits()),
            count: AtomicU64::new(0),
            lower: AtomicI32::new(Score::LOSS.0),
            upper: AtomicI32::new(Score::WIN.0),
            kids: OnceLock::new(),
            mv,
        }
    }
    fn lower(&self) -> Score {
        Score(self.lower.load(Acquire))
    }
    fn upper(&self) -> Score {
        Score(self.upper.load(Acquire))
    }
    fn solved(&self) -> bool {
        self.lower() == self.upper()
    }
    /// Visits.
    fn visits(&self) -> u32 {
        self.count.load(Acquire) as u32
    }
    /// Visits plus virtual losses.
    fn busy(&self) -> u32 {
        let c = self.count.load(Acquire);
        c as u32 + (c >> 32) as u32
    }
    /// A walker enters: one more virtual loss.
    fn enter(&self) {
        self.count.fetch_add(VLOSS, AcqRel);
    }
    /// A walker leaves without a backup.
    fn leave(&self) {
        self.count.fetch_sub(VLOSS, AcqRel);
    }
    fn seen(&self) -> Seen {
        Seen {
            n: self.busy(),
            sum: f64::from_bits(self.sum.load(Relaxed)),
            lower: self.lower(),
            upper: self.upper(),
        }
    }
    /// The children; empty before the expansion.
    fn children(&self) -> &[ANode<M>] {
        self.kids.get().map_or(&[], |k| k)
    }
    /// Tightens the bounds to `(lo, hi)`; true when they changed.
    fn tighten(&self, lo: Score, hi: Score) -> bool {
        let old_lo = self.lower.fetch_max(lo.0, AcqRel);
        let old_hi = self.upper.fetch_min(hi.0, AcqRel);
        lo.0 > old_lo || hi.0 < old_hi
    }
    /// Adds `k` visits of reward sum `r` (for the side that moved into this node), removing
    /// the walker's virtual loss when `leave`.
    fn add(&self, k: u32, r: f64, leave: bool) {
        let d = if leave {
            (k as u64).wrapping_sub(VLOSS)
        } else {
            k as u64
        };
        self.count.fetch_add(d, AcqRel);
        let mut cur = self.sum.load(Relaxed);
        loop {
            let new = (f64::from_bits(cur) + r).to_bits();
            match self.sum.compare_exchange_weak(cur, new, AcqRel, Relaxed) {
                Ok(_) => return,
                Err(x) => cur = x,
            }
        }
    }
}

/// One virtual loss in [`ANode::count`].
const VLOSS: u64 = 1 << 32;

/// What the walkers share.
struct Shared<'a, G: Game> {
    root: &'a G,
    top: ANode<G::Move>,
    opts: &'a MctsOptions,
    scale: f64,
    limits: &'a Limits,
    /// Most nodes the tree may hold.
    cap: u64,
    /// Nodes of the tree not generated by the search (the root, a kept tree).
    kept: u64,
    generated: AtomicU64,
    iterations: AtomicU64,
    done: AtomicBool,
    stop: OnceLock<MctsStop>,
}

impl<G: Game> Shared<'_, G> {
    fn end(&self, why: MctsStop) {
        let _ = self.stop.set(why);
        self.done.store(true, Release);
    }

    /// Reserves `b` generated nodes, or ends the search (the serial search's order: the node
    /// budget, then the capacity).
    fn reserve(&self, b: u64) -> Result<(), MctsStop> {
        let mut cur = self.generated.load(Relaxed);
        loop {
            if self.limits.nodes.is_some_and(|n| cur + b > n) {
                self.end(MctsStop::Nodes);
                return Err(MctsStop::Nodes);
            }
            if self.kept + cur + b > self.cap {
                self.end(MctsStop::Memory);
                return Err(MctsStop::Memory);
            }
            match self
                .generated
                .compare_exchange_weak(cur, cur + b, AcqRel, Relaxed)
            {
                Ok(_) => return Ok(()),
                Err(x) => cur = x,
            }
        }
    }
}

/// One walker's own state and counts.
struct Walker<'s, 'a, G: Game> {
    sh: &'s Shared<'a, G>,
    rng: Pcg64Mcg,
    moves: Vec<G::Move>,
    /// The walk, each node with whether the walker's virtual loss is still on it.
    path: Vec<(&'s ANode<G::Move>, bool)>,
    stats: Stats,
    counts: LeafCounts,
}

impl<'s, 'a, G: Game> Walker<'s, 'a, G> {
    /// The serial search's loop ([`Mcts::run`]) on the shared tree.
    fn run(&mut self) {
        let sh = self.sh;
        while !sh.done.load(Acquire) {
            if sh.opts.solver && sh.top.solved() {
                return sh.end(MctsStop::Solved);
            }
            let claimed = sh.opts.iterations.is_some();
            if let Some(n) = sh.opts.iterations {
                if sh.iterations.fetch_add(1, AcqRel) >= n {
                    sh.iterations.fetch_sub(1, AcqRel);
                    return sh.end(MctsStop::Iterations);
                }
            }
            if sh.top.visits() >= MAX_VISITS {
                return sh.end(MctsStop::Iterations);
            }
            // The node budget is checked at each expansion (`Shared::reserve`), as serially.
            let stop = match sh.limits.check(0) {
                Some(StopReason::Nodes) => Some(MctsStop::Nodes),
                Some(StopReason::Time) => Some(MctsStop::Time),
                Some(StopReason::Stopped) => Some(MctsStop::Stopped),
                Some(StopReason::Memory) => Some(MctsStop::Memory),
                None => None,
            };
            let done = match stop {
                Some(s) => Err(s),
                None => self.iterate(),
            };
            match done {
                Ok(()) if !claimed => {
                    sh.iterations.fetch_add(1, AcqRel);
                }
                Ok(()) => {}
                Err(s) => {
                    if claimed {
                        sh.iterations.fetch_sub(1, AcqRel);
                    }
                    self.release();
                    return sh.end(s);
                }
            }
        }
    }

    /// Removes the walk's virtual losses.
    fn release(&mut self) {
        for (n, held) in self.path.drain(..) {
            if held {
                n.leave();
            }
        }
    }

    /// One iteration (the serial [`Mcts`]'s `iterate`, with virtual losses).
    fn iterate(&mut self) -> Result<(), MctsStop> {
        let sh = self.sh;
        let mut v: &'s ANode<G::Move> = &sh.top;
        let mut pos = sh.root.clone();
        self.path.clear();
        v.enter();
        self.path.push((v, true));
        loop {
            if v.children().is_empty() {
                let visits = v.visits();
                if visits > 0 && v.solved() {
                    // A terminal node (or one solved since it was selected): its value again.
                    self.backup(reward(v.lower(), sh.scale), 1);
                    self.propagate(true);
                    self.release();
                    return Ok(());
                }
                if visits == 0 && !std::ptr::eq(v, &sh.top) {
                    let (r, k) = self.first_visit(v, &pos);
                    self.backup(r, k);
                    self.propagate(v.solved());
                    self.release();
                    return Ok(());
                }
                self.expand(v, &pos)?;
                if sh.opts.expand == super::Expand::All {
                    for c in v.children() {
                        let child = pos.play(c.mv.expect("a child has a move"));
                        let (r, k) = self.first_visit(c, &child);
                        self.path.push((c, false));
                        self.backup(r, k);
                        self.path.pop();
                    }
                    self.propagate(true);
                    self.release();
                    return Ok(());
                }
            }
            let kids = v.children();
            // The parent's count without this walker's own virtual loss.
            let n = v.busy() - 1;
            let c = select_child(sh.opts, &mut self.rng, 0..kids.len(), n, v.lower(), |i| {
                kids[i].seen()
            });
            let c = &kids[c];
            c.enter();
            self.path.push((c, true));
            pos = pos.play(c.mv.expect("a child has a move"));
            v = c;
        }
    }

    /// Expands `v` (at `pos`) unless it was meanwhile, or the expansion does not fit.
    fn expand(&mut self, v: &ANode<G::Move>, pos: &G) -> Result<(), MctsStop> {
        let sh = self.sh;
        let mut refused = None;
        let kids = v.kids.get_or_init(|| {
            pos.moves(&mut self.moves);
            self.stats.movegens += 1;
            if let Err(stop) = sh.reserve(self.moves.len() as u64) {
                refused = Some(stop);
                return Box::new([]);
            }
            self.stats.interior += 1;
            self.moves.iter().map(|&m| ANode::new(Some(m))).collect()
        });
        match refused {
            Some(stop) => Err(stop),
            // Another walker's expansion was refused: the search is ending.
            None if kids.is_empty() => Err(MctsStop::Stopped),
            None => Ok(()),
        }
    }

    /// The serial `first_visit` on a shared node.
    fn first_visit(&mut self, c: &ANode<G::Move>, pos: &G) -> (f64, u32) {
        pos.moves(&mut self.moves);
        self.stats.movegens += 1;
        if self.moves.is_empty() || pos.is_terminal() {
            let v = pos.evaluate();
            c.tighten(v, v);
            return (reward(v, self.sh.scale), 1);
        }
        let r = leaf_reward(
            pos,
            self.sh.opts.playout,
            self.sh.scale,
            &mut self.rng,
            &mut self.moves,
            &mut self.counts,
        );
        (r, 1)
    }

    /// Adds `k` rewards summing to `r` along the path, removing the walker's virtual losses.
    fn backup(&mut self, mut r: f64, k: u32) {
        let kf = k as f64;
        for (n, held) in self.path.iter_mut().rev() {
            n.add(k, kf - r, *held);
            *held = false;
            r = kf - r;
        }
    }

    /// The serial `propagate` on the path just backed up.
    fn propagate(&self, mut changed: bool) {
        if self.sh.opts.solver {
            let last = self.path.len() - 1;
            for (k, &(v, _)) in self.path.iter().enumerate().rev() {
                if !changed {
                    break;
                }
                if k == last && v.children().is_empty() {
                    continue;
                }
                let (lo, hi) = bounds(v.children().iter().map(|c| (c.lower(), c.upper())));
                changed = v.tighten(lo, hi);
            }
        }
    }
}

/// Searches `root` with `opts.threads` walkers on one fresh tree, within `limits`.
pub fn search<G: Game>(root: &G, opts: &MctsOptions, limits: &Limits) -> MctsOutcome<G::Move> {
    run(&mut Mcts::new(root.clone(), opts.clone()), limits)
}

/// Continues `m`'s search with `m`'s options' `threads` walkers on its tree, within `limits`:
/// the tree is made shared, searched, and copied back into `m`'s arena (so a tree kept between
/// moves, [`Mcts::advance`], is searched on). Walker 0 continues `m`'s random stream; walker
/// `w > 0` is seeded by the seed, `w` and the size of the tree at the start.
pub fn run<G: Game>(m: &mut Mcts<G>, limits: &Limits) -> MctsOutcome<G::Move> {
    let start = Instant::now();
    let mut probe = Vec::new();
    m.root.moves(&mut probe);
    if probe.is_empty() || m.root.is_terminal() {
        return m.run(limits);
    }
    let kept = m.nodes.len() as u64;
    let sh = Shared {
        root: &m.root,
        top: shared(&m.nodes, 0),
        opts: &m.opts,
        scale: m.scale,
        limits,
        cap: m
            .opts
            .max_tree_nodes
            .unwrap_or(usize::MAX)
            .min(NONE as usize - 1) as u64,
        kept: kept - m.stats.leaves.min(kept),
        generated: AtomicU64::new(m.stats.leaves),
        iterations: AtomicU64::new(m.iterations),
        done: AtomicBool::new(false),
        stop: OnceLock::new(),
    };
    let totals = Mutex::new((Stats::default(), LeafCounts::default()));
    let first = Mutex::new(None);
    std::thread::scope(|s| {
        for w in 0..m.opts.threads.max(1) as u64 {
            let (sh, totals, first) = (&sh, &totals, &first);
            let rng = if w == 0 {
                m.rng.clone()
            } else {
                Pcg64Mcg::seed_from_u64(arachne_core::rng::hash2(walker_seed(m.opts.seed, w), kept))
            };
            s.spawn(move || {
                let mut walker = Walker {
                    sh,
                    rng,
                    moves: Vec::new(),
                    path: Vec::new(),
                    stats: Stats::default(),
                    counts: LeafCounts::default(),
                };
                walker.run();
                let mut t = totals.lock().unwrap_or_else(|e| e.into_inner());
                t.0 += walker.stats;
                t.1 += walker.counts;
                if w == 0 {
                    *first.lock().unwrap_or_else(|e| e.into_inner()) = Some(walker.rng);
                }
            });
        }
    });
    let (stats, counts) = totals.into_inner().unwrap_or_else(|e| e.into_inner());
    let stop = sh.stop.get().copied().unwrap_or(MctsStop::Stopped);
    let (generated, iterations) = (sh.generated.load(Acquire), sh.iterations.load(Acquire));
    m.nodes = arena(&sh.top);
    if let Some(rng) = first.into_inner().unwrap_or_else(|e| e.into_inner()) {
        m.rng = rng;
    }
    m.stats += stats;
    m.stats.leaves = generated;
    m.iterations = iterations;
    m.counts += counts;
    let mut out = m.outcome(stop, start.elapsed());
    out.bytes_per_node = bytes_per_node::<G::Move>();
    out
}

/// Bytes of one node of the shared tree.
pub fn bytes_per_node<M>() -> usize {
    std::mem::size_of::<ANode<M>>()
}

/// The subtree of the serial arena at `i` as a shared tree.
fn shared<M: Copy>(nodes: &[Node<M>], i: usize) -> ANode<M> {
    let n = &nodes[i];
    let a = ANode::new(n.mv);
    a.sum.store(n.sum.to_bits(), Relaxed);
    a.count.store(n.visits as u64, Relaxed);
    a.lower.store(n.lower.0, Relaxed);
    a.upper.store(n.upper.0, Relaxed);
    if n.first != NONE {
        let kids: Box<[ANode<M>]> = n.kids().map(|k| shared(nodes, k)).collect();
        let _ = a.kids.set(kids);
    }
    a
}

/// The shared tree in the serial arena (breadth first, each node's children contiguous).
fn arena<M: Copy>(top: &ANode<M>) -> Vec<Node<M>> {
    let copy = |n: &ANode<M>| Node {
        sum: f64::from_bits(n.sum.load(Acquire)),
        visits: n.visits(),
        first: NONE,
        len: 0,
        lower: n.lower(),
        upper: n.upper(),
        mv: n.mv,
    };
    let mut nodes = vec![copy(top)];
    let mut shared = vec![top];
    let mut next = 0;
    while next < shared.len() {
        let kids = shared[next].children();
        if !kids.is_empty() {
            nodes[next].first = nodes.len() as u32;
            nodes[next].len = kids.len() as u32;
            for k in kids {
                nodes.push(copy(k));
                shared.push(k);
            }
        }
        next += 1;
    }
    nodes
}
