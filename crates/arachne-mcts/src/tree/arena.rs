//! The shared tree's memory ([`super`]): its node, [`ANode`] (32 bytes on connect four, as the
//! serial [`Node`]), and the arena that holds the nodes, [`Arena`] (module docs of [`super`],
//! "The arena"); and the copies between it and the serial arena, for a tree kept between moves.
use super::super::{Node, Seen, NONE};
use arachne_core::Score;
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicI32, AtomicU16, AtomicU32, AtomicU64, Ordering::*};
use std::sync::OnceLock;

/// A node of the shared tree: 32 bytes on connect four, as the serial [`Node`].
pub(super) struct ANode<M> {
    /// The reward sum's `f64` bits.
    pub(super) sum: AtomicU64,
    /// The visits (low 32 bits) and the walkers below this node now, its virtual losses (bits
    /// 32–62): one word, so that a walker enters with one atomic add and leaves, backing up,
    /// with one; bit 63 is the node's lock with [`NodeSync::Lock`].
    pub(super) count: AtomicU64,
    pub(super) lower: AtomicI32,
    pub(super) upper: AtomicI32,
    /// Where the children are ([`Arena`]): [`UNEXPANDED`], [`BUSY`] while a walker expands
    /// the node, [`REFUSED`] when the expansion did not fit, else the first child's position
    /// (stored with release ordering after the children and `len`: it publishes them).
    pub(super) first: AtomicU32,
    /// Number of children.
    pub(super) len: AtomicU16,
    /// The move into this node, written once, before the node is published (by its parent's
    /// `first`, or before the walkers start): module docs, The arena.
    pub(super) mv: UnsafeCell<Option<M>>,
}

// SAFETY: `mv`, the only field that is not atomic, is written only through `ANode::init`,
// whose callers own the slot: reserved by them and not yet published, so no other thread holds
// a reference to it; it is read only after the node's publication, which the writer's release
// store (or the spawning of the walkers) orders after the write.
unsafe impl<M: Send + Sync> Sync for ANode<M> {}

impl<M> Default for ANode<M> {
    fn default() -> Self {
        ANode {
            sum: AtomicU64::new(0),
            count: AtomicU64::new(0),
            lower: AtomicI32::new(0),
            upper: AtomicI32::new(0),
            first: AtomicU32::new(UNEXPANDED),
            len: AtomicU16::new(0),
            mv: UnsafeCell::new(None),
        }
    }
}

/// `first` before the expansion (position 0 is the root's, never a child's).
pub(super) const UNEXPANDED: u32 = 0;
/// `first` while a walker builds the children.
pub(super) const BUSY: u32 = u32::MAX;
/// `first` of a node whose expansion was refused: the search is ending.
pub(super) const REFUSED: u32 = u32::MAX - 1;

impl<M: Copy> ANode<M> {
    /// Sets a fresh slot to a node of move `mv` and these statistics.
    ///
    /// # Safety
    /// The caller owns the slot: it reserved it and has not published it yet (or the walkers
    /// have not started), so no other thread reads it.
    #[inline]
    pub(super) unsafe fn init(
        &self,
        mv: Option<M>,
        sum: f64,
        visits: u32,
        lower: Score,
        upper: Score,
    ) {
        // SAFETY: no other thread reads or writes the slot (the caller's contract).
        unsafe { *self.mv.get() = mv };
        self.sum.store(sum.to_bits(), Relaxed);
        self.count.store(visits as u64, Relaxed);
        self.lower.store(lower.0, Relaxed);
        self.upper.store(upper.0, Relaxed);
        self.first.store(UNEXPANDED, Relaxed);
        self.len.store(0, Relaxed);
    }
    /// The move into the node (`None` at the root).
    #[inline]
    pub(super) fn mv(&self) -> Option<M> {
        // SAFETY: a node is reached only after its publication, after which `mv` is not
        // written again (`ANode::init`).
        unsafe { *self.mv.get() }
    }
    #[inline]
    pub(super) fn lower(&self) -> Score {
        Score(self.lower.load(Acquire))
    }
    #[inline]
    pub(super) fn upper(&self) -> Score {
        Score(self.upper.load(Acquire))
    }
    #[inline]
    pub(super) fn solved(&self) -> bool {
        self.lower() == self.upper()
    }
    /// Visits.
    #[inline]
    pub(super) fn visits(&self) -> u32 {
        self.count.load(Acquire) as u32
    }
    /// Visits plus virtual losses.
    #[inline]
    pub(super) fn busy(&self) -> u32 {
        let c = self.count.load(Acquire) & !LOCK;
        c as u32 + (c >> 32) as u32
    }
    /// Takes the node's lock ([`NodeSync::Lock`]): its `count` (without the lock bit).
    #[inline]
    fn lock(&self) -> u64 {
        let mut spins = 0u32;
        loop {
            let c = self.count.fetch_or(LOCK, Acquire);
            if c & LOCK == 0 {
                return c;
            }
            while self.count.load(Relaxed) & LOCK != 0 {
                spins += 1;
                if spins < 64 {
                    std::hint::spin_loop();
                } else {
                    std::thread::yield_now();
                }
            }
        }
    }
    /// Stores `count` and releases the lock.
    #[inline]
    fn unlock(&self, count: u64) {
        self.count.store(count, Release);
    }
    /// A walker enters: one more virtual loss.
    #[inline]
    pub(super) fn enter(&self, sync: NodeSync) {
        match sync {
            NodeSync::Atomic => {
                self.count.fetch_add(VLOSS, AcqRel);
            }
            NodeSync::Lock => self.unlock(self.lock() + VLOSS),
        }
    }
    /// A walker leaves without a backup.
    #[inline]
    pub(super) fn leave(&self, sync: NodeSync) {
        match sync {
            NodeSync::Atomic => {
                self.count.fetch_sub(VLOSS, AcqRel);
            }
            NodeSync::Lock => self.unlock(self.lock() - VLOSS),
        }
    }
    #[inline]
    pub(super) fn seen(&self) -> Seen {
        Seen {
            n: self.busy(),
            sum: f64::from_bits(self.sum.load(Relaxed)),
            lower: self.lower(),
            upper: self.upper(),
        }
    }
    /// Tightens the bounds to `(lo, hi)`; true when they changed.
    #[inline]
    pub(super) fn tighten(&self, lo: Score, hi: Score) -> bool {
        let old_lo = self.lower.fetch_max(lo.0, AcqRel);
        let old_hi = self.upper.fetch_min(hi.0, AcqRel);
        lo.0 > old_lo || hi.0 < old_hi
    }
    /// Adds `k` visits of reward sum `r` (for the side that moved into this node), removing
    /// the walker's virtual loss when `leave`.
    #[inline]
    pub(super) fn add(&self, k: u32, r: f64, leave: bool, sync: NodeSync) {
        let d = if leave {
            (k as u64).wrapping_sub(VLOSS)
        } else {
            k as u64
        };
        if sync == NodeSync::Lock {
            let c = self.lock();
            let sum = f64::from_bits(self.sum.load(Relaxed)) + r;
            self.sum.store(sum.to_bits(), Relaxed);
            self.unlock(c.wrapping_add(d));
            return;
        }
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
pub(super) const VLOSS: u64 = 1 << 32;
/// The lock bit of [`ANode::count`] ([`NodeSync::Lock`]).
const LOCK: u64 = 1 << 63;

/// How the walkers of [`super`] change a node's visits, virtual losses and reward sum (module
/// docs of [`super`], "Atomics or a lock per node").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum NodeSync {
    /// Lock-free: each change is one atomic read-modify-write (an add on the visits and
    /// virtual losses, a compare-and-swap loop on the reward sum's bits).
    #[default]
    Atomic,
    /// Fine-grained locking: a spin lock per node (a bit of its visits' word), under which
    /// the visits, virtual losses and reward sum are read and written plainly.
    Lock,
}

/// Bits of a position's offset in its segment ([`Arena`]).
pub(super) const OFF_BITS: u32 = 26;
/// Nodes of segment 0 (log 2); segment `k` holds twice segment `k − 1`'s, at most
/// `1 << OFF_BITS`.
pub(super) const SEG0_BITS: u32 = 12;
/// Segments (the last, 63, would reach [`REFUSED`] and [`BUSY`]).
pub(super) const SEGS: usize = 63;
/// Positions the arena holds beyond the tree's capacity, for the ends of segments a block did
/// not fit in (at most one block per segment).
pub(super) const SLACK: usize = 1 << 15;

/// Nodes of segment `k` when the capacity does not bound it.
pub(super) fn seg_len(k: usize) -> usize {
    1 << (SEG0_BITS + k as u32).min(OFF_BITS)
}

/// One segment of the arena.
pub(super) type Segment<M> = Box<[ANode<M>]>;

/// The shared arena: the nodes in segments allocated on first use (so a large capacity costs
/// nothing until the tree grows, and no node ever moves), segment `k` twice as large as
/// segment `k − 1`, the last ones cut to the tree's capacity. A position is
/// `k << OFF_BITS | offset`; a block of children is contiguous within one segment (a block
/// that does not fit in the rest of a segment starts the next one), so a node's children are
/// one slice.
pub(super) struct Arena<M> {
    pub(super) segs: Box<[OnceLock<Segment<M>>]>,
    /// Each segment's length.
    pub(super) lens: [usize; SEGS],
    /// The used length of each segment a block moved on from (`Arena::taken`): the rest of
    /// it holds no node.
    pub(super) ends: [AtomicU32; SEGS],
}

impl<M: Copy> Arena<M> {
    /// An arena for a tree of at most `cap` nodes.
    pub(super) fn new(cap: usize) -> Self {
        let mut lens = [0; SEGS];
        let mut start = 0usize;
        for (k, l) in lens.iter_mut().enumerate() {
            *l = seg_len(k).min(cap.saturating_add(SLACK).saturating_sub(start));
            start += *l;
        }
        Arena {
            segs: (0..SEGS).map(|_| OnceLock::new()).collect(),
            lens,
            ends: std::array::from_fn(|_| AtomicU32::new(0)),
        }
    }
    /// Segment `k`, allocated if it is not.
    pub(super) fn seg(&self, k: usize) -> &[ANode<M>] {
        self.segs[k].get_or_init(|| (0..self.lens[k]).map(|_| ANode::default()).collect())
    }
    /// The block of `len` slots at position `p`.
    #[inline]
    pub(super) fn block(&self, p: u32, len: usize) -> &[ANode<M>] {
        let s = self.segs[(p >> OFF_BITS) as usize]
            .get()
            .expect("a published block's segment exists");
        let o = (p & ((1 << OFF_BITS) - 1)) as usize;
        &s[o..o + len]
    }
    /// The slots of a block just reserved at position `p`.
    #[inline]
    pub(super) fn fresh(&self, p: u32, len: usize) -> &[ANode<M>] {
        self.seg((p >> OFF_BITS) as usize);
        self.block(p, len)
    }
    /// The node at position 0 (the root).
    #[inline]
    pub(super) fn root(&self) -> &ANode<M> {
        &self.seg(0)[0]
    }
    /// `v`'s children (empty before the expansion).
    #[inline]
    pub(super) fn kids(&self, v: &ANode<M>) -> &[ANode<M>] {
        self.kids_at(v).1
    }
    /// `v`'s children and their position (empty, at position 0, before the expansion).
    #[inline]
    pub(super) fn kids_at(&self, v: &ANode<M>) -> (u32, &[ANode<M>]) {
        match v.first.load(Acquire) {
            UNEXPANDED | BUSY | REFUSED => (0, &[]),
            p => (p, self.block(p, v.len.load(Relaxed) as usize)),
        }
    }
    /// Records that the block [`Arena::place`] put at `at` was taken when the next free
    /// position was `pos`: where a segment's nodes end, if the block starts the next one.
    pub(super) fn taken(&self, pos: u32, at: u32) {
        if at != pos {
            self.ends[(pos >> OFF_BITS) as usize].store(pos & ((1 << OFF_BITS) - 1), Relaxed);
        }
    }
    /// Where a block of `b` slots goes when the next free position is `pos`: the block's
    /// position, or `None` when the arena is full.
    pub(super) fn place(&self, pos: u32, b: usize) -> Option<u32> {
        let (k, o) = (
            (pos >> OFF_BITS) as usize,
            (pos & ((1 << OFF_BITS) - 1)) as usize,
        );
        if o + b <= self.lens[k] {
            Some(pos)
        } else if k + 1 < SEGS && b <= self.lens[k + 1] {
            Some(((k + 1) as u32) << OFF_BITS)
        } else {
            None
        }
    }
}

/// Copies the serial arena `nodes` into the empty shared `arena` (breadth first, each node's
/// children a block); the first free position after it.
pub(super) fn shared<M: Copy>(arena: &Arena<M>, nodes: &[Node<M>]) -> u32 {
    // SAFETY: the walkers have not started; the slots are this thread's.
    let copy =
        |a: &ANode<M>, n: &Node<M>| unsafe { a.init(n.mv, n.sum, n.visits, n.lower, n.upper) };
    copy(arena.root(), &nodes[0]);
    let mut next = 1u32;
    // (serial index, shared position) of the nodes whose children are still to copy.
    let mut queue = std::collections::VecDeque::from([(0usize, 0u32)]);
    while let Some((i, p)) = queue.pop_front() {
        let kids = nodes[i].kids();
        if kids.is_empty() {
            continue;
        }
        let at = arena
            .place(next, kids.len())
            .expect("a kept tree fits the arena (its capacity and slack)");
        arena.taken(next, at);
        let slots = arena.fresh(at, kids.len());
        for ((j, c), a) in kids.enumerate().zip(slots) {
            copy(a, &nodes[c]);
            queue.push_back((c, at + j as u32));
        }
        let v = arena.block(p, 1);
        let len =
            u16::try_from(nodes[i].len).expect("mcts par=tree: at most 65 535 moves a position");
        v[0].len.store(len, Relaxed);
        v[0].first.store(at, Release);
        next = at + nodes[i].len;
    }
    next
}

/// The shared tree in the serial arena `nodes` (its old contents dropped, its memory reused),
/// `next` the first free position: the nodes in the order of their positions (so a search's
/// tree is in the order of its expansions, as the serial search's is), read once, in order
/// (no walk of the tree), by `threads` threads, each a contiguous part (the copy's page
/// faults are most of its time: 5.5 ms of a 75 ms search on two walkers for 172 000 nodes,
/// 1.2 ms into memory already mapped).
pub(super) fn serial<M: Copy + Send + Sync>(
    a: &Arena<M>,
    next: u32,
    nodes: &mut Vec<Node<M>>,
    threads: usize,
) {
    let last = (next >> OFF_BITS) as usize;
    // Each segment's used length and where its nodes start in the serial arena. A segment
    // before the last holds at least one block; one that no block moved on from was filled to
    // its end (a full segment of `1 << OFF_BITS` positions: the next position is the next
    // segment's first).
    let end = |k: usize| {
        if k == last {
            (next & ((1 << OFF_BITS) - 1)) as usize
        } else {
            match a.ends[k].load(Relaxed) {
                0 => a.lens[k],
                e => e as usize,
            }
        }
    };
    let mut base = [0u32; SEGS];
    for k in 1..=last {
        base[k] = base[k - 1] + end(k - 1) as u32;
    }
    let total = base[last] as usize + end(last);
    let index = |p: u32| base[(p >> OFF_BITS) as usize] + (p & ((1 << OFF_BITS) - 1));
    let node = |n: &ANode<M>| {
        let (first, len) = match n.first.load(Acquire) {
            UNEXPANDED | BUSY | REFUSED => (NONE, 0),
            p => (index(p), n.len.load(Relaxed) as u32),
        };
        Node {
            sum: f64::from_bits(n.sum.load(Acquire)),
            visits: n.visits(),
            first,
            len,
            lower: n.lower(),
            upper: n.upper(),
            mv: n.mv(),
        }
    };
    // Fills `out` from serial index `start` on (segment `k` holds the indices `base[k]..
    // base[k] + end(k)`).
    let fill = |start: usize, out: &mut [std::mem::MaybeUninit<Node<M>>]| {
        let mut k = base[..=last].partition_point(|&b| b as usize <= start) - 1;
        let mut o = start - base[k] as usize;
        let mut done = 0;
        while done < out.len() {
            if o < end(k) {
                let seg = a.segs[k].get().expect("a used segment exists");
                let src = &seg[o..end(k)];
                let n = src.len().min(out.len() - done);
                for (d, n) in out[done..done + n].iter_mut().zip(src) {
                    d.write(node(n));
                }
                done += n;
            }
            (k, o) = (k + 1, 0);
        }
    };
    nodes.clear();
    nodes.reserve(total);
    let part = total.div_ceil(threads.max(1)).max(1 << 14);
    std::thread::scope(|s| {
        let mut parts = nodes.spare_capacity_mut()[..total].chunks_mut(part);
        let first = parts.next();
        for (j, out) in parts.enumerate() {
            s.spawn(move || fill((j + 1) * part, out));
        }
        if let Some(out) = first {
            fill(0, out);
        }
    });
    // SAFETY: the threads above wrote each of the first `total` slots.
    unsafe { nodes.set_len(total) };
}
