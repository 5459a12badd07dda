//! Shared-tree parallel RBFM (seed 002 §6, §6.1).
//!
//! "All processes access a shared search tree. Each process executes RBFM node expansions and
//! updates the tree, regardless of what other processes are doing. Processes lock nodes when
//! they traverse the tree. The combinatorial structure of the tree does not change, only grows,
//! so processes only need to lock one node at a time … (In practice we do not lock on the way
//! down; we may read inconsistent structures but the only effect on the algorithm would be
//! poor speculation.)"
//!
//! Here `T` walkers (OS threads, scoped) share one arena of atomic nodes of fixed capacity:
//!
//! * **Down, no locks.** A walker selects a leaf with the same [`rbfm::select`] /
//!   [`bfm::select`] as the serial search, reading nodes with atomic loads.
//! * **Claim.** It claims the leaf by setting its `PENDING` bit (compare-and-swap); a leaf
//!   another walker holds is skipped by selection, and a lost race restarts the walk.
//! * **Expand.** Children are written into a range reserved with one compare-and-swap on the
//!   arena's length (never past the capacity or the node budget), then published by storing
//!   the child count with release ordering.
//! * **Up, one lock at a time.** BACKUP locks each node on the path (a spin bit), recomputes
//!   its score from its children's and unlocks it before locking the parent. Every update of a
//!   child is followed by a recomputation of its parent under the parent's lock, so when the
//!   walkers are done every score is the negamax of its children's (tested).
//!
//! The walkers stop together when the root is solved or any stopping criterion of the serial
//! driver holds (a walker that finds one raises a shared flag). Their random streams are seeded
//! per walker (`seed + walker`); the interleaving of real threads is not, so runs on more than
//! one thread are not repeatable — the value of a run to the end is (it is the exact value).
//! The tree is copied into a serial [`Tree`] at the end to report the principal variation and
//! the move played.
use crate::dist::{DistTable, Family};
use crate::engine::{BfOptions, BfOutcome, BfStop, Kind};
use crate::tree::{count_moves, up, Node, Tree, TreeView, EXPANDED, NIL, PENDING, SOLVED};
use crate::{bfm, rbfm};
use arachne_core::{Game, Limits, Stats};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::collections::VecDeque;
use std::sync::atomic::{
    AtomicBool, AtomicI32, AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering,
};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

/// The lock bit of a node (BACKUP).
const LOCK: u8 = 8;

/// Default capacity when neither a budget nor a memory cap bounds the tree.
pub const DEFAULT_CAPACITY: usize = 1 << 22;

#[derive(Default)]
struct ANode {
    score: AtomicI32,
    s: AtomicU32,
    parent: AtomicU32,
    first: AtomicU32,
    d: AtomicU16,
    flags: AtomicU8,
    /// [`crate::tree::Node::moves_hint`], written before the parent's `d` is published.
    moves_hint: AtomicU8,
}

/// Nodes per chunk of the arena (allocated on first use, so a large cap costs nothing until
/// the tree grows).
const CHUNK_BITS: u32 = 16;
const CHUNK: usize = 1 << CHUNK_BITS;

struct Chunk<M> {
    nodes: Box<[ANode]>,
    moves: Box<[OnceLock<M>]>,
}

/// The shared arena.
struct Shared<M> {
    chunks: Box<[OnceLock<Chunk<M>>]>,
    cap: usize,
    len: AtomicU32,
    /// Generated nodes (children) so far, and the budget.
    generated: AtomicU64,
    budget: u64,
    expansions: AtomicU64,
    movegens: AtomicU64,
    stop: AtomicBool,
    why: Mutex<Option<BfStop>>,
    votes: Mutex<VecDeque<u32>>,
    vote: usize,
}

impl<M: Copy> TreeView for Shared<M> {
    #[inline]
    fn get(&self, i: u32) -> Node {
        let n = self.node(i);
        let d = n.d.load(Ordering::Acquire);
        Node {
            score: n.score.load(Ordering::Acquire),
            s: n.s.load(Ordering::Relaxed),
            parent: n.parent.load(Ordering::Relaxed),
            first: n.first.load(Ordering::Relaxed),
            d,
            flags: n.flags.load(Ordering::Acquire),
            moves_hint: n.moves_hint.load(Ordering::Relaxed),
        }
    }
}

impl<M: Copy> Shared<M> {
    #[inline]
    fn chunk(&self, i: u32) -> &Chunk<M> {
        self.chunks[(i >> CHUNK_BITS) as usize]
            .get()
            .expect("a published node's chunk exists")
    }

    #[inline]
    fn node(&self, i: u32) -> &ANode {
        &self.chunk(i).nodes[i as usize & (CHUNK - 1)]
    }

    #[inline]
    fn mv(&self, i: u32) -> M {
        *self.chunk(i).moves[i as usize & (CHUNK - 1)]
            .get()
            .expect("a published node has its move")
    }

    /// Makes sure the chunks holding `lo..hi` exist.
    fn ensure(&self, lo: usize, hi: usize) {
        for c in lo >> CHUNK_BITS..=(hi.max(lo + 1) - 1) >> CHUNK_BITS {
            self.chunks[c].get_or_init(|| Chunk {
                nodes: (0..CHUNK).map(|_| ANode::default()).collect(),
                moves: (0..CHUNK).map(|_| OnceLock::new()).collect(),
            });
        }
    }

    fn halt(&self, why: BfStop) {
        let mut w = self.why.lock().expect("not poisoned");
        if w.is_none() {
            *w = Some(why);
        }
        self.stop.store(true, Ordering::Release);
    }

    fn lock(&self, i: u32) {
        let f = &self.node(i).flags;
        while f.fetch_or(LOCK, Ordering::Acquire) & LOCK != 0 {
            std::hint::spin_loop();
        }
    }

    fn unlock(&self, i: u32) {
        self.node(i).flags.fetch_and(!LOCK, Ordering::Release);
    }

    /// Reserves `d` slots within the capacity and the budget.
    fn reserve(&self, d: u32) -> Result<u32, BfStop> {
        let mut g = self.generated.load(Ordering::Relaxed);
        loop {
            if g + d as u64 > self.budget {
                return Err(BfStop::Nodes);
            }
            match self.generated.compare_exchange_weak(
                g,
                g + d as u64,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => break,
                Err(x) => g = x,
            }
        }
        let mut l = self.len.load(Ordering::Relaxed);
        loop {
            if l as usize + d as usize > self.cap {
                self.generated.fetch_sub(d as u64, Ordering::Relaxed);
                return Err(BfStop::Memory);
            }
            match self
                .len
                .compare_exchange_weak(l, l + d, Ordering::AcqRel, Ordering::Relaxed)
            {
                Ok(_) => {
                    self.ensure(l as usize, l as usize + d as usize);
                    return Ok(l);
                }
                Err(x) => l = x,
            }
        }
    }

    /// BACKUP from `i` (locks one node at a time).
    fn backup(&self, mut i: u32) {
        loop {
            self.lock(i);
            let n = self.node(i);
            let d = n.d.load(Ordering::Acquire);
            if d > 0 {
                let first = n.first.load(Ordering::Relaxed);
                let mut best = i32::MIN;
                let mut solved = true;
                for c in first..first + d as u32 {
                    let cn = self.node(c);
                    best = best.max(up(cn.score.load(Ordering::Acquire)));
                    solved &= cn.flags.load(Ordering::Acquire) & SOLVED != 0;
                }
                n.score.store(best, Ordering::Release);
                if solved {
                    n.flags.fetch_or(SOLVED, Ordering::Release);
                }
            }
            n.s.fetch_add(1, Ordering::Relaxed);
            let parent = n.parent.load(Ordering::Relaxed);
            if parent == NIL {
                // Still holding the root: record the vote (§5.3).
                if let Some(b) = self.best(0) {
                    let mut v = self.votes.lock().expect("not poisoned");
                    if v.len() >= self.vote.max(1) {
                        v.pop_front();
                    }
                    v.push_back(b);
                }
                self.unlock(i);
                break;
            }
            self.unlock(i);
            i = parent;
        }
    }
}

/// Runs the shared-tree form on `threads` walkers. Same options, limits and outcome as the
/// serial [`crate::search`]; the capacity is `max_tree_nodes`, else the node budget + 1, else
/// [`DEFAULT_CAPACITY`].
pub fn search<G: Game>(
    root: &G,
    opts: &BfOptions,
    limits: &Limits,
    threads: u32,
) -> BfOutcome<G::Move> {
    search_tree(root, opts, limits, threads).0
}

/// [`search`], also returning the final tree (for checking its invariants).
pub fn search_tree<G: Game>(
    root: &G,
    opts: &BfOptions,
    limits: &Limits,
    threads: u32,
) -> (BfOutcome<G::Move>, Tree<G::Move>) {
    let start = Instant::now();
    let cap = opts
        .max_tree_nodes
        .or(limits
            .nodes
            .map(|n| n.saturating_add(1).min(u32::MAX as u64 - 1) as usize))
        .unwrap_or(DEFAULT_CAPACITY)
        .clamp(1, u32::MAX as usize - 1);
    let shared: Shared<G::Move> = Shared {
        chunks: (0..cap.div_ceil(CHUNK)).map(|_| OnceLock::new()).collect(),
        cap,
        len: AtomicU32::new(1),
        generated: AtomicU64::new(0),
        budget: limits.nodes.unwrap_or(u64::MAX),
        expansions: AtomicU64::new(0),
        movegens: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        why: Mutex::new(None),
        votes: Mutex::new(VecDeque::new()),
        vote: opts.vote,
    };
    shared.ensure(0, 1);
    {
        let r = shared.node(0);
        r.score.store(root.evaluate().0, Ordering::Relaxed);
        r.parent.store(NIL, Ordering::Relaxed);
        r.first.store(NIL, Ordering::Relaxed);
        if root.is_terminal() {
            r.flags.store(SOLVED, Ordering::Relaxed);
        }
    }
    let table = opts
        .table
        .clone()
        .unwrap_or_else(|| Arc::new(DistTable::constant(Family::Normal, 0.0)));
    std::thread::scope(|sc| {
        for w in 0..threads.max(1) {
            let shared = &shared;
            let table = &table;
            sc.spawn(move || walker(root, opts, limits, shared, table, w));
        }
    });
    // Copy back into a serial tree.
    let len = shared.len.load(Ordering::Acquire) as usize;
    let nodes: Vec<Node> = (0..len as u32)
        .map(|i| shared.get(i))
        .map(|mut n| {
            n.flags &= !(PENDING | LOCK);
            n
        })
        .collect();
    let moves: Vec<G::Move> = (1..len).map(|i| shared.mv(i as u32)).collect();
    let tree = Tree::from_parts(nodes, moves, cap);
    let votes: Vec<u32> = {
        let v = shared.votes.lock().expect("not poisoned");
        v.iter().copied().collect()
    };
    let solved = tree.root().solved();
    let stop = if solved {
        BfStop::Solved
    } else {
        shared
            .why
            .lock()
            .expect("not poisoned")
            .unwrap_or(BfStop::Stopped)
    };
    let best = tree.best_child(0);
    let decision = if solved || opts.vote == 0 || votes.is_empty() {
        best
    } else {
        crate::engine::most_common(&tree, &votes, best)
    };
    let stats = Stats {
        interior: shared.expansions.load(Ordering::Relaxed),
        leaves: shared.generated.load(Ordering::Relaxed),
        movegens: shared.movegens.load(Ordering::Relaxed),
        ..Stats::default()
    };
    let out = BfOutcome {
        value: tree.root().score(),
        solved,
        best_move: decision.and_then(|c| tree.mv(c)),
        pv: tree.pv(),
        pv_depth: tree.pv_depth(),
        stats,
        tree_nodes: tree.len(),
        bytes_per_node: Tree::<G::Move>::bytes_per_node(),
        elapsed: start.elapsed(),
        stop,
    };
    (out, tree)
}

/// One walker: select, claim, expand, back up, until a stopping criterion holds.
fn walker<G: Game>(
    root: &G,
    opts: &BfOptions,
    limits: &Limits,
    sh: &Shared<G::Move>,
    table: &DistTable,
    w: u32,
) {
    let mut rng = Pcg64Mcg::seed_from_u64(opts.seed.wrapping_add(w as u64));
    let count = table.unexpanded_by_d();
    let mut scratch = Vec::new();
    let mut moves = Vec::new();
    let mut path = Vec::new();
    let mut spins = 0u32;
    let mut local = 0u64;
    loop {
        if sh.stop.load(Ordering::Acquire) {
            return;
        }
        let root_node = sh.get(0);
        if root_node.solved() {
            sh.halt(BfStop::Solved);
            return;
        }
        if limits.stop.is_stopped() {
            sh.halt(BfStop::Stopped);
            return;
        }
        if local % 64 == 0 && limits.deadline.is_some_and(|d| Instant::now() >= d) {
            sh.halt(BfStop::Time);
            return;
        }
        if let Some(d) = opts.pv_depth {
            if pv_depth(sh) >= d {
                sh.halt(BfStop::PvDepth);
                return;
            }
        }
        let leaf = match opts.kind {
            Kind::Bfm => bfm::select(sh),
            Kind::Rbfm => rbfm::select(sh, table, &mut rng, opts.pruning).map(|w| w.leaf),
        };
        let Some(leaf) = leaf else {
            // Everything open is held by other walkers: wait for them.
            spins += 1;
            if spins > 64 {
                std::thread::yield_now();
            }
            continue;
        };
        spins = 0;
        // Claim the leaf.
        let f = &sh.node(leaf).flags;
        let old = f.fetch_or(PENDING, Ordering::AcqRel);
        if old & (PENDING | SOLVED | EXPANDED) != 0 {
            if old & PENDING == 0 {
                f.fetch_and(!PENDING, Ordering::AcqRel);
            }
            continue;
        }
        // The position: replay the path from the root.
        path.clear();
        let mut v = leaf;
        while v != 0 {
            path.push(v);
            v = sh.node(v).parent.load(Ordering::Relaxed);
        }
        let mut pos = root.clone();
        for &n in path.iter().rev() {
            pos = pos.play(sh.mv(n));
        }
        if pos.is_terminal() {
            moves.clear();
        } else {
            pos.moves(&mut moves);
            sh.movegens.fetch_add(1, Ordering::Relaxed);
        }
        let node = sh.node(leaf);
        if moves.is_empty() {
            node.flags.fetch_or(EXPANDED | SOLVED, Ordering::AcqRel);
        } else {
            assert!(moves.len() <= u16::MAX as usize, "more than 65535 moves");
            let d = moves.len() as u32;
            let first = match sh.reserve(d) {
                Ok(f) => f,
                Err(why) => {
                    node.flags.fetch_and(!PENDING, Ordering::AcqRel);
                    sh.halt(why);
                    return;
                }
            };
            for (k, &m) in moves.iter().enumerate() {
                let c = pos.play(m);
                let i = first + k as u32;
                let cn = sh.node(i);
                cn.score.store(c.evaluate().0, Ordering::Relaxed);
                cn.parent.store(leaf, Ordering::Relaxed);
                cn.first.store(NIL, Ordering::Relaxed);
                cn.flags
                    .store(if c.is_terminal() { SOLVED } else { 0 }, Ordering::Relaxed);
                if count {
                    cn.moves_hint
                        .store(count_moves(&c, &mut scratch), Ordering::Relaxed);
                }
                let _ = sh.chunk(i).moves[i as usize & (CHUNK - 1)].set(m);
            }
            node.first.store(first, Ordering::Relaxed);
            node.d.store(d as u16, Ordering::Release);
            node.flags.fetch_or(EXPANDED, Ordering::AcqRel);
        }
        node.flags.fetch_and(!PENDING, Ordering::AcqRel);
        sh.expansions.fetch_add(1, Ordering::Relaxed);
        local += 1;
        sh.backup(leaf);
    }
}

fn pv_depth<T: TreeView>(t: &T) -> u32 {
    let mut v = 0;
    let mut n = 0;
    while let Some(c) = t.best(v) {
        n += 1;
        v = c;
    }
    n
}
