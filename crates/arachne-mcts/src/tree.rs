//! Tree parallelisation of MCTS on threads with a virtual loss (Chaslot, Winands & van den
//! Herik, *Parallel Monte-Carlo Tree Search*, 2008). Not in the seeds: it is
//! the shared-tree form of [`super`], as seed 002 §6's shared-tree RBFM
//! (`arachne_bestfirst::shared`) is of RBFM.
//!
//! `T` walkers (scoped OS threads) share one tree and run the serial search's iteration, each
//! with its own random stream (`walker_seed`: walker 0 has the search's seed):
//!
//! * **Down.** A walker selects with the serial rule (`select_child`, one pass that reads each
//!   child once) and puts a *virtual loss* on every node it
//!   enters below the root: one visit of reward 0, counted in the child's `n` (and so in its
//!   mean) until its backup removes it (the visits and the virtual losses share one word,
//!   `count`, so entering is one atomic add), so that other walkers spread to other children
//!   instead of all following the best one. The parent's count under the logarithm is its
//!   visits plus the virtual losses of the *other* walkers (its own is subtracted), so a lone
//!   walker computes exactly the serial search's UCB1.
//! * **Expand.** A node's children are one block of the arena (below), published once by the
//!   node's `first` word: the walker that expands claims the node (`first`: unexpanded →
//!   busy, one compare-and-swap), reserves the children's number from the shared node budget
//!   and their place in the arena (one compare-and-swap on one word), writes them and stores
//!   their position with release ordering; a walker arriving meanwhile waits for that block
//!   (spinning, then yielding) instead of building its own. A refused expansion marks the node
//!   refused and stops every walker, as the serial search stops.
//! * **Up.** The backup adds the reward to each node on the path and removes the walker's
//!   virtual loss: the visits and the virtual loss by one `fetch_add` on `count`, the reward
//!   sum by a compare-and-swap on its bits. The
//!   solver's bounds are recomputed from the children's and stored by `fetch_max` on the
//!   lower and `fetch_min` on the upper bound: bounds computed from any snapshot of valid
//!   child bounds are valid, so a late store can never loosen them and no lock is needed.
//!   A walker that meets a solved leaf recomputes its parent's bounds, so a parent whose last
//!   update raced is settled by the next walker through it. On a *hot* node (below) the
//!   backup goes to the walker's own tally first, and the virtual loss to its announced walk.
//!
//! **The arena.** The nodes live in one arena of segments allocated on first use, segment `k` twice
//! the size of segment `k − 1` (4096 nodes first, at most 2^26), the last ones cut to the tree's
//! capacity plus a slack of 2^15 positions, so nothing is allocated before the tree grows, and no
//! node moves. A node is 32 bytes on connect four, as the serial [`Node`](super::Node) (reward sum,
//! `count`, two bounds, the children's position and number, the move: 56 bytes before, with the
//! children behind a `OnceLock<Box<[_]>>`), and its children are one slice of a segment, as
//! serially: a block that does not fit in the rest of a segment starts the next (the positions
//! skipped are not nodes: the budgets count nodes). The move is the only field that is not atomic:
//! it is written once, by the walker that reserved the slot, before the release store that
//! publishes it (the `unsafe` code: that write, `ANode::init`, the read, `ANode::mv`, and the
//! `Sync` they justify; and the copy back's `set_len`). The arena is filled from the serial arena
//! at the start (a kept tree) and copied back at the end, in the order of the positions (each
//! segment up to where its last block ends, `Arena::taken`): one pass over memory in order, where a
//! walk of the tree read it at random (the copy of an 80 000-playout tree took 5–6 ms of a 70–100
//! ms search); and a search's tree comes back in the order of its expansions, as the serial search
//! builds it. The copy goes into the serial arena's own memory (a tree kept between moves is copied
//! back where it was) and is split between the walkers' threads in contiguous parts of at least
//! 2^14 nodes: most of its time is page faults on fresh memory (172 000 nodes after 80 000
//! playouts: 4.7–5.9 ms on one thread, 0.9–4.7 ms, mostly about 2.5, on two).
//!
//! **The root.** Every iteration passes through the root, so the root's visits and reward sum
//! are kept by each walker and added to the root at the end, and no walker writes the root's
//! line (only a changed bound): UCB1's `N` at the root is the root's visits less its
//! children's at the start (its first visit as a leaf of a kept tree, if any) plus its
//! children's visits and virtual losses, which selection reads anyway — exactly the serial
//! search's `N` for one walker, and the old `visits + other walkers' virtual losses` for more.
//! Walker 0 adds to the root's starting sum, so one walker's sums are the serial ones to the bit
//! (tested: `one_walker_builds_the_serial_tree` compares the whole trees, kept trees included).
//!
//! **Atomics or a lock per node** ([`NodeSync`]: lock-free or fine-grained, measured). Every field a walker changes is one word (visits, virtual loss, the reward sum's
//! bits, each bound), the only multi-word change — the children — is published once and never
//! changed, and the bounds are monotone; so each update can be a single atomic operation and
//! no node is ever locked ([`NodeSync::Atomic`], the default: [`run`]): entering is one atomic
//! add, a backup one add and one compare-and-swap loop on the sum's bits. The fine-grained
//! alternative, [`NodeSync::Lock`] ([`run_with`]), is a spin lock per node in bit 63 of its
//! `count` word (no larger node): entering takes the lock and stores the count with one more
//! virtual loss, a backup takes it, updates the sum and stores the count (one locked
//! instruction each, against one and two); readers do not lock, as with atomics; the bounds
//! stay `fetch_max`/`fetch_min`. Measured (`vs_mcts tree-lock`, 2 threads, interleaved): lock
//! against atomics 0.975–1.023 with random, `eval` and `ab:4` leaves — no difference beyond
//! the noise: the cost is the cache lines moving, which a lock moves as well. Atomics stay the
//! default: a walker the system deschedules while it holds a lock would stall every walker
//! that needs that node, and no walker ever waits on an atomic. Both are tested
//! (`tree_walkers_lose_no_backup`, `one_walker_builds_the_serial_tree`).
//!
//! **Batched backups** (more than one walker; [`HOT`], [`LAG`]). A node every walker passes
//! through is written by every backup, so its line moves from core to core at every
//! iteration, and every other walker's next selection there reads it again: on connect four
//! the top of the tree is that node, several levels deep. So a walker does not write a
//! node it sees with at least [`HOT`] (128) visits at each backup:
//!
//! * it adds the backup to its own tally for that node (`Walker::owed`: per block of
//!   children, found by the block's address, a hash lookup per level unless the block is
//!   the one found at that depth the iteration before, `Walker::recent`), and publishes the
//!   tally (one `add`) when it reaches `1 / LAG` of the node's visits, and at the end of its
//!   walk; so another walker's view of a hot node lags by at most `1 / LAG` (1/16) of its
//!   visits per other walker, and once every walker has stopped, every visit and reward is
//!   in the tree (tested: `tree_walkers_lose_no_backup` checks every node);
//! * its own selection adds its tally to what it reads, so it sees its own backups at once,
//!   as serially;
//! * instead of a virtual loss in the node, the walker *announces* the hot part of its walk (the
//!   nodes' positions, by depth, on one cache line of its own, `Shared::walks`, stored where they
//!   changed) when its descent ends, and the others count one virtual loss on each announced node
//!   of the level they select at: the same virtual loss, seen one descent late, with no write to
//!   the node. Below [`HOT`] visits nothing changes: a virtual loss in `count`, a backup at once.
//!
//! The tallies grow by about one block of children per 1 000 playouts (on connect four, 16
//! bytes a child: 405–429 blocks a walker after 400 000 playouts on 2 walkers, 1 885–1 989
//! after 2 000 000: 0.2 MiB a walker beside a 130 MiB tree), under half a percent of the
//! tree's own memory; like a walker's other scratch space, they are not counted in `memory=`.
//!
//! One walker batches nothing (it is the serial search, step for step). `HOT` and `LAG` are
//! the speed's knobs against the statistics' lag; at `HOT` 32–512 and `LAG` 4–32 the
//! throughput did not differ beyond the noise (`docs/mcts-tree-parallel.md`, third and fifth
//! rounds), so they are set for a small lag (1/16) and a middle threshold.
//!
//! Budgets are the serial ones, shared: generated nodes and the tree's capacity are reserved before
//! an expansion, so neither is ever exceeded; `iters=N` is claimed 64 iterations (`CLAIM`) at a
//! time and the unused ones given back, so exactly `N` complete unless another limit ends the
//! search first. The deadline and the stop flag are checked before every iteration. With one walker
//! the search is the serial one, step for step (tested: same move, line, counts and rewards). With
//! more, the interleaving of threads is not seeded, so runs do not repeat — the value of a run to
//! the end does (the exact value). The tree is copied into the serial arena at the end to choose
//! the move and its line by the serial rule.
//!
//! ## Speed
//! Five rounds of measurement shaped this form (`docs/mcts-tree-parallel.md` has each round:
//! what was measured, on which machine, what was kept and what was not). What they found, on
//! a 2-vCPU AMD EPYC machine with random playouts on connect four (BENCHMARKS.md has today's
//! rows and their commands):
//!
//! * **One walker** costs 1.1–1.3× the serial search's time (552 M against 486 M instructions
//!   per 80 000 playouts, callgrind): three atomic read-modify-writes a level, the arena's
//!   indirection and the walker's bookkeeping.
//! * **A second walker** costs 1.1–1.25× more per playout: the cache lines both walkers read
//!   and write (a line's round trip between the cores is 78–95 ns, `vs_mcts pingpong`; the
//!   announcement, the allocation word, fresh blocks of children and the cold nodes both
//!   walkers pass each move a few). Batching the backups to hot nodes took it from 1.43–1.52×
//!   to this; aligning nodes or blocks to cache lines, a lock per node, or other `HOT` and
//!   `LAG` did not move it.
//! * **The machine** gives two cores of this memory-bound work 1.58–1.84× the serial
//!   search's playouts per second (two serial searches at once, `vs_mcts ceiling`), not 2×.
//! * So on connect four two walkers run **1.2–1.4×** the serial search's playouts per second
//!   (1.5–1.7× the form on one walker). Where the playout outweighs the descent the form
//!   comes near the ceiling: with a 4-ply alpha-beta at each leaf, 1.76×; on **Othello**
//!   with random playouts (60 plies of move generation each), **1.68–1.77×** the serial
//!   search (`vs_mcts tree-serial 20 game=othello iters=20000`) against a ceiling of
//!   1.83–1.98×, one walker costing 1.02–1.09× the serial search.
//! * **In play.** At equal iterations (40 000 a move) two walkers score 49.0 % of 400
//!   connect-four games against the serial search (95 % CI 44.1–53.9 %): no loss of strength
//!   per playout was detected, so at equal time the games measure the playouts a second (1.2×
//!   in play): two walkers win 53.6 % of 2 000 games at 50 ms a move (95 % CI 51.4–55.7 %).
//!   On Othello, at 1.7× the playouts a second in play, they win 57.6 % of 400 games at 50 ms
//!   a move (95 % CI 52.9–62.4 %). Against the form on one walker (1.44× the playouts a
//!   second in play) two walkers win 55.1 % of 400 connect-four games at 50 ms a move (95 %
//!   CI 50.3–60.0 %).
use super::{walker_seed, LeafCounts, Mcts, MctsOptions, MctsOutcome, MctsStop, NONE};
use arachne_core::{Game, Limits, Stats};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::*};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

mod arena;
mod walker;
pub use arena::NodeSync;
use arena::{serial, shared, ANode, Arena};
use walker::Walker;

/// A value on a cache line of its own: the counters the walkers write, apart from what they
/// only read (the arena's segments, the options, the stop flag).
#[repr(align(64))]
struct Line<T>(T);

impl<T> std::ops::Deref for Line<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// Iterations of `iters=N` a walker claims at a time.
const CLAIM: u64 = 64;

/// Visits (as a walker sees them) from which a node is *hot*: with more than one walker, a
/// walker batches its backups to it (module docs, Batched backups).
pub const HOT: u32 = 128;
/// A walker publishes its backups owed to a hot node once they reach `1 / LAG` of the node's
/// visits (at the walker's last publication), so no walker's view of a hot node lags another
/// walker's backups by more than that.
pub const LAG: u32 = 16;
/// Depths of its batched walk a walker announces to the others (module docs, Batched backups):
/// below, virtual losses on hot nodes are not seen.
const ANNOUNCED: usize = 16;

/// What the walkers share.
struct Shared<'a, G: Game> {
    root: &'a G,
    arena: Arena<G::Move>,
    opts: &'a MctsOptions,
    scale: f64,
    limits: &'a Limits,
    /// Most nodes the tree may hold.
    cap: u64,
    /// Nodes of the tree not generated by the search (the root, a kept tree).
    kept: u64,
    /// The root's visits less its children's: a constant once it is expanded (module docs,
    /// The root).
    root_base: u32,
    /// The generated nodes (high 32 bits) and the arena's next free position (low 32): one
    /// word, so that an expansion reserves its budget and its place with one compare-and-swap.
    alloc: Line<AtomicU64>,
    /// Iterations claimed (`iters=N`) or run.
    iterations: Line<AtomicU64>,
    done: AtomicBool,
    stop: OnceLock<MctsStop>,
    /// Each walker's announced batched walk: the positions of the hot nodes it is below, by
    /// depth (0: none), each walker's on lines of its own (module docs, Batched backups).
    walks: Box<[Line<[AtomicU32; ANNOUNCED]>]>,
    /// How nodes are changed.
    sync: NodeSync,
}

impl<G: Game> Shared<'_, G> {
    fn end(&self, why: MctsStop) {
        let _ = self.stop.set(why);
        self.done.store(true, Release);
    }

    /// Claims up to [`CLAIM`] of the `n` iterations of `iters=N`: how many (0: all are).
    fn claim(&self, n: u64) -> u64 {
        let mut cur = self.iterations.load(Relaxed);
        loop {
            if cur >= n {
                return 0;
            }
            let take = CLAIM.min(n - cur);
            match self
                .iterations
                .compare_exchange_weak(cur, cur + take, AcqRel, Relaxed)
            {
                Ok(_) => return take,
                Err(x) => cur = x,
            }
        }
    }

    fn generated(&self) -> u64 {
        self.alloc.load(Acquire) >> 32
    }

    /// Reserves `b` generated nodes and their place in the arena, or ends the search (the
    /// serial search's order: the node budget, then the capacity).
    fn reserve(&self, b: u64) -> Result<u32, MctsStop> {
        let mut cur = self.alloc.load(Relaxed);
        loop {
            let (gen, pos) = (cur >> 32, cur as u32);
            if self.limits.nodes.is_some_and(|n| gen + b > n) {
                self.end(MctsStop::Nodes);
                return Err(MctsStop::Nodes);
            }
            let at = self
                .arena
                .place(pos, b as usize)
                .filter(|_| self.kept + gen + b <= self.cap);
            let Some(at) = at else {
                self.end(MctsStop::Memory);
                return Err(MctsStop::Memory);
            };
            let new = (gen + b) << 32 | (at as u64 + b);
            match self.alloc.compare_exchange_weak(cur, new, AcqRel, Relaxed) {
                Ok(_) => {
                    self.arena.taken(pos, at);
                    return Ok(at);
                }
                Err(x) => cur = x,
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
    run_with(m, limits, NodeSync::default())
}

/// [`run`] with the nodes changed by `sync` (module docs, Atomics or a lock per node).
pub fn run_with<G: Game>(m: &mut Mcts<G>, limits: &Limits, sync: NodeSync) -> MctsOutcome<G::Move> {
    let start = Instant::now();
    let mut probe = Vec::new();
    m.root.moves(&mut probe);
    if probe.is_empty() || m.root.is_terminal() {
        return m.run(limits);
    }
    let kept = m.nodes.len() as u64;
    let cap = m
        .opts
        .max_tree_nodes
        .unwrap_or(usize::MAX)
        .min(NONE as usize - 1);
    let arena = Arena::new(cap);
    let next = shared(&arena, &m.nodes);
    // The root's visits less its children's: its first visit as a leaf of a kept tree, if any.
    let kid_visits: u32 = m.nodes[0].kids().map(|c| m.nodes[c].visits).sum();
    let root_base = m.nodes[0].visits.saturating_sub(kid_visits);
    let sh = Shared {
        root: &m.root,
        arena,
        opts: &m.opts,
        scale: m.scale,
        limits,
        cap: cap as u64,
        kept: kept - m.stats.leaves.min(kept),
        root_base,
        alloc: Line(AtomicU64::new(m.stats.leaves << 32 | next as u64)),
        iterations: Line(AtomicU64::new(m.iterations)),
        done: AtomicBool::new(false),
        stop: OnceLock::new(),
        walks: (0..m.opts.threads.max(1))
            .map(|_| Line(Default::default()))
            .collect(),
        sync,
    };
    let root_sum0 = m.nodes[0].sum;
    let batch = m.opts.threads > 1;
    let totals = Mutex::new((Stats::default(), LeafCounts::default(), 0u64, 0f64));
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
                // Walker 0 adds to the root's sum, in the serial search's order.
                let root_sum = if w == 0 { root_sum0 } else { 0.0 };
                let mut walker = Walker::new(sh, w as usize, rng, batch, root_sum);
                walker.run();
                let mut t = totals.lock().unwrap_or_else(|e| e.into_inner());
                t.0 += walker.stats;
                t.1 += walker.counts;
                // The walkers' root tallies (in the order they finish).
                t.2 += walker.root_visits;
                t.3 += walker.root_sum;
                if w == 0 {
                    *first.lock().unwrap_or_else(|e| e.into_inner()) = Some(walker.rng);
                }
            });
        }
    });
    let (stats, counts, root_visits, root_sum) =
        totals.into_inner().unwrap_or_else(|e| e.into_inner());
    let top = sh.arena.root();
    top.count.fetch_add(root_visits, AcqRel);
    top.sum.store(root_sum.to_bits(), Release);
    // No walker ended the search: every iteration of `iters=N` was claimed and run.
    let stop = sh.stop.get().copied().unwrap_or(MctsStop::Iterations);
    let (generated, iterations) = (sh.generated(), sh.iterations.load(Acquire));
    serial(
        &sh.arena,
        sh.alloc.load(Acquire) as u32,
        &mut m.nodes,
        m.opts.threads as usize,
    );
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
