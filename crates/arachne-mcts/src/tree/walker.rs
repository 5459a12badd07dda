//! One walker of the shared tree ([`super`]): its descent with virtual losses, its expansion,
//! its backup with the batched tallies of hot nodes and its announced walk (module docs of
//! [`super`]: Down, Expand, Up, Batched backups).
use super::arena::{ANode, BUSY, REFUSED, UNEXPANDED};
use super::{Shared, ANNOUNCED, HOT, LAG};
use crate::{bounds, leaf_reward, reward, select_child, Expand, LeafCounts, MctsStop, MAX_VISITS};
use arachne_core::{Game, Score, Stats, StopReason};
use rand_pcg::Pcg64Mcg;
use std::sync::atomic::Ordering::*;

/// A block of children and its position.
type Block<'s, M> = (u32, &'s [ANode<M>]);

/// What a walker holds on a node of its walk.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mark {
    /// Nothing: the backup is done, or the node is a child valued by `expand=all`.
    Free,
    /// Its virtual loss.
    Held,
    /// A hot node: the backup goes to what the walker owes it, `owed[i]` (`tree` module docs,
    /// Batched backups).
    Batched(u32),
}

/// The backups a walker owes a node.
#[derive(Copy, Clone, Default)]
struct Owed {
    n: u32,
    sum: f64,
    /// Published when `n` reaches it: [`LAG`].
    due: u32,
}

/// One walker's own state and counts.
pub(super) struct Walker<'s, 'a, G: Game> {
    sh: &'s Shared<'a, G>,
    /// The walker's index in `Shared::walks`.
    me: usize,
    pub(super) rng: Pcg64Mcg,
    moves: Vec<G::Move>,
    /// The walk below the root, each node with what the walker holds on it.
    path: Vec<(&'s ANode<G::Move>, Mark)>,
    /// Whether hot nodes are batched: more than one walker (one walker is the serial search).
    batch: bool,
    /// The backups owed to the children of hot nodes: each block of children the walker
    /// batched one of has a block of `owed`, at `blocks[block address]` (`tree` module docs,
    /// Batched backups).
    owed: Vec<Owed>,
    blocks: rustc_hash::FxHashMap<usize, u32>,
    /// The blocks in `owed`, in order.
    order: Vec<&'s [ANode<G::Move>]>,
    /// The last block of `owed` found at each depth, by its children's address: the walk
    /// seldom changes near the root, so this spares most hash lookups.
    recent: Vec<(usize, u32)>,
    /// The position of the node of the walk at each depth, where it is batched.
    hot: [u32; ANNOUNCED],
    /// What this walker last stored in its `Shared::walks` slots.
    announced: [u32; ANNOUNCED],
    /// The children the other walkers' announced walks pass through, at this depth.
    others: Vec<usize>,
    /// Iterations of `iters=N` claimed and not yet run; iterations run without `iters=`
    /// (`CLAIM`).
    left: u64,
    ran: u64,
    /// The root's visits and reward sum from this walker's backups (`tree` module docs, The
    /// root).
    pub(super) root_visits: u64,
    pub(super) root_sum: f64,
    pub(super) stats: Stats,
    pub(super) counts: LeafCounts,
}

impl<'s, 'a, G: Game> Walker<'s, 'a, G> {
    /// Walker `me` of the shared tree `sh`, with its random stream, whether it batches its
    /// backups to hot nodes (more than one walker), and its share of the root's reward sum.
    pub(super) fn new(
        sh: &'s Shared<'a, G>,
        me: usize,
        rng: Pcg64Mcg,
        batch: bool,
        root_sum: f64,
    ) -> Self {
        Walker {
            sh,
            me,
            rng,
            moves: Vec::new(),
            path: Vec::new(),
            batch,
            owed: Vec::new(),
            blocks: Default::default(),
            order: Vec::new(),
            recent: Vec::new(),
            hot: [0; ANNOUNCED],
            announced: [0; ANNOUNCED],
            others: Vec::new(),
            left: 0,
            ran: 0,
            root_visits: 0,
            root_sum,
            stats: Stats::default(),
            counts: LeafCounts::default(),
        }
    }

    /// The serial search's loop ([`Mcts::run`]) on the shared tree; at the end, the claimed
    /// iterations not run are given back and the ones run counted.
    pub(super) fn run(&mut self) {
        let sh = self.sh;
        let why = self.walk();
        self.publish();
        sh.iterations.fetch_add(self.ran, AcqRel);
        sh.iterations.fetch_sub(self.left, AcqRel);
        (self.ran, self.left) = (0, 0);
        if let Some(why) = why {
            sh.end(why);
        }
    }

    /// Iterations until a limit, the solved root or another walker ends the search (`None`
    /// also when every iteration of `iters=N` is claimed).
    fn walk(&mut self) -> Option<MctsStop> {
        let sh = self.sh;
        let top = sh.arena.root();
        while !sh.done.load(Acquire) {
            if sh.opts.solver && top.solved() {
                return Some(MctsStop::Solved);
            }
            if let Some(n) = sh.opts.iterations {
                if self.left == 0 {
                    self.left = sh.claim(n);
                    if self.left == 0 {
                        return None;
                    }
                }
            }
            // Root visits past `MAX_VISITS` end the search at the root's selection; the node
            // budget is checked at each expansion (`Shared::reserve`), as serially.
            let stop = match sh.limits.check(0) {
                Some(StopReason::Nodes) => Some(MctsStop::Nodes),
                Some(StopReason::Time) => Some(MctsStop::Time),
                Some(StopReason::Stopped) => Some(MctsStop::Stopped),
                Some(StopReason::Memory) => Some(MctsStop::Memory),
                None => None,
            };
            match stop.map_or_else(|| self.iterate(), Err) {
                Ok(()) if sh.opts.iterations.is_some() => self.left -= 1,
                Ok(()) => self.ran += 1,
                Err(s) => {
                    self.release();
                    return Some(s);
                }
            }
        }
        None
    }

    /// Removes the walk's virtual losses.
    fn release(&mut self) {
        for (n, mark) in self.path.drain(..) {
            if mark == Mark::Held {
                n.leave(self.sh.sync);
            }
        }
    }

    /// Publishes every owed backup.
    fn publish(&mut self) {
        let mut at = 0;
        for kids in self.order.drain(..) {
            for (c, o) in kids.iter().zip(&self.owed[at..]) {
                if o.n > 0 {
                    c.add(o.n, o.sum, false, self.sh.sync);
                }
            }
            at += kids.len();
        }
        self.owed.clear();
        self.blocks.clear();
        self.recent.clear();
    }

    /// Stores the walk's batched part in the walker's slots, where it changed: the other
    /// walkers count a virtual loss on each of those nodes.
    fn announce(&mut self) {
        if !self.batch {
            return;
        }
        for (d, slot) in self.sh.walks[self.me].iter().enumerate() {
            let a = match self.path.get(d) {
                Some(&(_, Mark::Batched(_))) => self.hot[d],
                _ => 0,
            };
            if self.announced[d] != a {
                slot.store(a, Relaxed);
                self.announced[d] = a;
            }
        }
    }

    /// Where the backups this walker owes `kids` (at position `first`, of a node with `n`
    /// visits, at `depth`) are, if anywhere; and the children the other walkers announced at
    /// this depth, left in `others`.
    #[inline]
    fn adjust(
        &mut self,
        kids: &'s [ANode<G::Move>],
        first: u32,
        n: u32,
        depth: usize,
    ) -> Option<u32> {
        self.others.clear();
        if !self.batch {
            return None;
        }
        // Only a hot node's children can be hot.
        let block = if n >= HOT {
            self.block(kids, depth)
        } else {
            None
        };
        if depth < ANNOUNCED {
            for (w, walk) in self.sh.walks.iter().enumerate() {
                if w != self.me {
                    // Position 0 is the root's, never announced.
                    let i = walk[depth].load(Relaxed).wrapping_sub(first) as usize;
                    if i < kids.len() {
                        self.others.push(i);
                    }
                }
            }
        }
        block
    }

    /// Where the backups owed to `kids`, at `depth` of the walk, are in `owed`, if anywhere.
    #[inline]
    fn block(&mut self, kids: &[ANode<G::Move>], depth: usize) -> Option<u32> {
        let key = kids.as_ptr() as usize;
        match self.recent.get(depth) {
            Some(&(k, b)) if k == key => Some(b),
            _ => {
                let b = self.blocks.get(&key).copied()?;
                self.remember(depth, key, b);
                Some(b)
            }
        }
    }

    fn remember(&mut self, depth: usize, key: usize, b: u32) {
        if self.recent.len() <= depth {
            self.recent.resize(depth + 1, (0, 0));
        }
        self.recent[depth] = (key, b);
    }

    /// One iteration (the serial [`Mcts`]'s `iterate`, with virtual losses).
    fn iterate(&mut self) -> Result<(), MctsStop> {
        let sh = self.sh;
        let top = sh.arena.root();
        let mut v: &'s ANode<G::Move> = top;
        let mut pos = sh.root.clone();
        self.path.clear();
        // The other walkers' announced virtual losses on `v`.
        let mut others_on_v = 0;
        loop {
            let (mut first, mut kids) = sh.arena.kids_at(v);
            if kids.is_empty() {
                self.announce();
                let visits = v.visits();
                if visits > 0 && v.solved() {
                    // A terminal node (or one solved since it was selected): its value again.
                    self.backup(reward(v.lower(), sh.scale), 1);
                    self.propagate(true);
                    // The backup freed every mark: nothing to release.
                    self.path.clear();
                    return Ok(());
                }
                if visits == 0 && !std::ptr::eq(v, top) {
                    let (r, k) = self.first_visit(v, &pos);
                    self.backup(r, k);
                    self.propagate(v.solved());
                    self.path.clear();
                    return Ok(());
                }
                (first, kids) = self.expand(v, &pos)?;
                if sh.opts.expand == Expand::All {
                    for c in kids {
                        let child = pos.play(c.mv().expect("a child has a move"));
                        let (r, k) = self.first_visit(c, &child);
                        self.path.push((c, Mark::Free));
                        self.backup(r, k);
                        self.path.pop();
                    }
                    self.propagate(true);
                    self.path.clear();
                    return Ok(());
                }
            }
            let depth = self.path.len();
            // The node's count without this walker's own virtual loss.
            let n = match self.path.last() {
                None => 0,
                Some(&(_, Mark::Batched(o))) => v.busy() + self.owed[o as usize].n + others_on_v,
                Some(_) => v.busy() - 1,
            };
            let block = self.adjust(kids, first, if depth == 0 { HOT } else { n }, depth);
            // A child's statistics as this walker sees them: with its own owed backups and the
            // other walkers' announced virtual losses.
            let owed = block.map(|b| &self.owed[b as usize..b as usize + kids.len()]);
            let others = &self.others;
            let seen = |i: usize| {
                let mut s = kids[i].seen();
                if let Some(o) = owed {
                    s.n += o[i].n;
                    s.sum += o[i].sum;
                }
                s.n += others.iter().filter(|&&o| o == i).count() as u32;
                s
            };
            let n = if depth == 0 {
                let n = (0..kids.len()).fold(sh.root_base, |n, i| n + seen(i).n);
                if n >= MAX_VISITS {
                    return Err(MctsStop::Iterations);
                }
                n
            } else {
                n
            };
            // Where this walker owes nothing and no other walker announced a child, what it
            // sees is what the nodes hold: the plain selection, without the adjustments.
            let plain = owed.is_none() && others.is_empty();
            let i = if plain {
                let s = |i: usize| kids[i].seen();
                select_child(sh.opts, &mut self.rng, 0..kids.len(), n, v.lower(), s)
            } else {
                select_child(sh.opts, &mut self.rng, 0..kids.len(), n, v.lower(), seen)
            };
            let c = &kids[i];
            let seen_n = seen(i).n;
            others_on_v = self.others.iter().filter(|&&o| o == i).count() as u32;
            if self.batch && seen_n >= HOT {
                let key = kids.as_ptr() as usize;
                let b = block.or_else(|| self.block(kids, depth));
                let b = b.unwrap_or_else(|| {
                    let b = self.owed.len() as u32;
                    self.owed
                        .resize(self.owed.len() + kids.len(), Owed::default());
                    self.blocks.insert(key, b);
                    self.remember(depth, key, b);
                    self.order.push(kids);
                    b
                });
                if depth < ANNOUNCED {
                    self.hot[depth] = first + i as u32;
                }
                let o = &mut self.owed[(b as usize) + i];
                if o.n == 0 {
                    o.due = (seen_n / LAG).max(1);
                }
                self.path.push((c, Mark::Batched(b + i as u32)));
            } else {
                c.enter(sh.sync);
                self.path.push((c, Mark::Held));
            }
            pos = pos.play(c.mv().expect("a child has a move"));
            v = c;
        }
    }

    /// Expands `v` (at `pos`) unless another walker did or does: its children.
    fn expand(&mut self, v: &ANode<G::Move>, pos: &G) -> Result<Block<'s, G::Move>, MctsStop> {
        let sh = self.sh;
        if v.first
            .compare_exchange(UNEXPANDED, BUSY, Acquire, Acquire)
            .is_ok()
        {
            pos.moves(&mut self.moves);
            self.stats.movegens += 1;
            let b = self.moves.len();
            let len = u16::try_from(b).expect("mcts par=tree: at most 65 535 moves a position");
            match sh.reserve(b as u64) {
                Err(stop) => {
                    v.first.store(REFUSED, Release);
                    return Err(stop);
                }
                Ok(at) => {
                    for (c, &m) in sh.arena.fresh(at, b).iter().zip(&self.moves) {
                        // SAFETY: the reservation gave this walker the slots; they are
                        // published below.
                        unsafe { c.init(Some(m), 0.0, 0, Score::LOSS, Score::WIN) };
                    }
                    self.stats.interior += 1;
                    v.len.store(len, Relaxed);
                    v.first.store(at, Release);
                }
            }
        }
        // Another walker's expansion: wait for it (it takes one reservation and a few stores).
        let mut spins = 0u32;
        loop {
            match v.first.load(Acquire) {
                BUSY => {
                    spins += 1;
                    if spins < 64 {
                        std::hint::spin_loop();
                    } else {
                        std::thread::yield_now();
                    }
                }
                // Another walker's expansion was refused: the search is ending.
                REFUSED => return Err(MctsStop::Stopped),
                _ => return Ok(sh.arena.kids_at(v)),
            }
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

    /// Adds `k` rewards summing to `r` along the path and to the walker's root tallies,
    /// removing the walker's virtual losses.
    fn backup(&mut self, mut r: f64, k: u32) {
        let kf = k as f64;
        for (n, mark) in self.path.iter_mut().rev() {
            if let Mark::Batched(o) = *mark {
                let o = &mut self.owed[o as usize];
                o.n += k;
                o.sum += kf - r;
                if o.n >= o.due {
                    n.add(o.n, o.sum, false, self.sh.sync);
                    (o.n, o.sum, o.due) = (0, 0.0, (n.visits() / LAG).max(1));
                }
            } else {
                n.add(k, kf - r, *mark == Mark::Held, self.sh.sync);
            }
            *mark = Mark::Free;
            r = kf - r;
        }
        self.root_visits += k as u64;
        self.root_sum += kf - r;
    }

    /// The serial `propagate` on the path just backed up (the root last).
    fn propagate(&self, mut changed: bool) {
        if self.sh.opts.solver {
            let a = &self.sh.arena;
            let top = a.root();
            let path = self.path.iter().map(|p| p.0).rev().chain([top]);
            for (k, v) in path.enumerate() {
                if !changed {
                    break;
                }
                if k == 0 && a.kids(v).is_empty() {
                    continue;
                }
                let (lo, hi) = bounds(a.kids(v).iter().map(|c| (c.lower(), c.upper())));
                changed = v.tighten(lo, hi);
            }
        }
    }
}
