//! The search tree in memory (seed 002 §2.1): an arena of compact nodes.
//!
//! Best-first searchers keep their whole tree, so its size decides how far they can search
//! (§5.1: "at around 60 seconds per move, the tree grows to around 12 million nodes"). A
//! [`Node`] is 20 bytes: its score, the expansion count `s_v`, the child count `d_v`, the parent
//! link used by BACKUP, the index of its first child (the children of a node are contiguous in
//! the arena, so `first .. first + d` is the children range) and flags (expanded, solved,
//! pending). The move that leads to a node is kept in a parallel array, so a node costs
//! `20 + size_of::<Move>()` bytes (24 for the synthetic trees, whose moves are `u32`):
//! 12 million nodes fit in under 300 MiB.
//!
//! ## Scores
//! Scores are in the negamax convention, **relative to the node** (from its side to move, with a
//! game-theoretic win or loss counted in plies from the node), so a subtree keeps its scores when
//! it becomes the new root after a move (§3.2.5). A parent's score is
//! `max over children c of up(c.score)` where [`up`] negates and, for decisive scores, moves the
//! distance one ply further — exactly the values of `arachne-search`'s negamax, which counts
//! decisive scores from the root.
//!
//! ## Unknown children (seed 002 §5.2, heuristics 1 and 2)
//! A node may be expanded *partially* ([`Tree::expand_partial`]): its best child, found by a
//! search of the node one ply deeper than an evaluation, gets that search's value, and the
//! others are [`UNKNOWN`] — not evaluated, their score field holding the bound `b` = the best
//! child's score ("we only know that their score is no better than the score of the best
//! child"); terminal children are always evaluated (their value is free). The best child is
//! stored *first* among its siblings, so BEST-CHILD (first lowest score) picks it over unknowns
//! of equal score, and the parent has [`HAS_UNKNOWN`]. While the best child's score stays
//! `≤ b`, the negamax over all children (bounds included) equals the negamax over the known
//! ones, so every invariant ([`Tree::check`]) holds with the bounds in place. When BEST-CHILD
//! becomes an unknown child (the best child's score rose above `b`), the unknown children
//! must be evaluated first ([`Tree::backup_resolving`], [`Tree::resolve`]). An unknown child is
//! never solved, so a node with unknown children is never solved before they are evaluated:
//! run to the end, the root's value is still the exact minimax value. The serial engine and the
//! master–slave form ([`crate::heuristics`]) make partial expansions; the shared-tree form never
//! sees these flags. In the master–slave form a node whose unknown children are out with a
//! slave for evaluation is [`PENDING`] (interior): walks do not enter it, and its score is
//! computed with the bounds in place (an upper bound on its value) until they come back.
//!
//! ## Capacity
//! The arena never grows past its capacity (the node budget or the `--memory` cap): an
//! expansion that would not fit is refused ([`Tree::fits`]) and the search stops with its best
//! move, instead of running out of memory.
use arachne_core::{Game, Score};

/// No node (the root's parent; a leaf's first child).
pub const NIL: u32 = u32::MAX;

/// The node's children have been generated.
pub const EXPANDED: u8 = 1;
/// The node's exact value is known: a terminal position, or every child solved (§3.2.3).
pub const SOLVED: u8 = 2;
/// A leaf handed to a slave for expansion (master–slave form, §6.1): not selected again; also
/// an interior node whose unknown children are out with a slave for evaluation.
pub const PENDING: u8 = 4;
/// An *unknown* child (§5.2 heuristic 1): not evaluated; its score is a bound — it is no
/// better for its parent than the parent's best child was when the parent was expanded.
pub const UNKNOWN: u8 = 8;
/// The node has [`UNKNOWN`] children.
pub const HAS_UNKNOWN: u8 = 16;

/// One node of the search tree. 20 bytes (tested).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Node {
    /// Negamax score from this node's side to move (node-relative, see the module docs).
    pub score: i32,
    /// `s_v`: node expansions performed in this node's subtree (§2.6).
    pub s: u32,
    /// Parent index, [`NIL`] at the root.
    pub parent: u32,
    /// Index of the first child ([`NIL`] until expanded).
    pub first: u32,
    /// `d_v`: number of children (0 until expanded).
    pub d: u16,
    /// [`EXPANDED`], [`SOLVED`], [`PENDING`].
    pub flags: u8,
    /// An unexpanded node's number of moves when the search counted it (saturating at 255;
    /// 0: not counted), for the `s = 0` cells of the distribution table by `d`
    /// ([`crate::dist`]: "`d_v` of an unexpanded node"). The child's index among its parent's
    /// moves is implicit (`index - parent.first`).
    pub moves_hint: u8,
}

impl Node {
    fn leaf(score: Score, parent: u32, solved: bool) -> Node {
        Node {
            score: score.0,
            s: 0,
            parent,
            first: NIL,
            d: 0,
            flags: if solved { SOLVED } else { 0 },
            moves_hint: 0,
        }
    }
    /// True when the node has no children in the tree (never expanded, or terminal).
    #[inline]
    pub fn is_leaf(&self) -> bool {
        self.d == 0
    }
    /// True when the node's value is exact.
    #[inline]
    pub fn solved(&self) -> bool {
        self.flags & SOLVED != 0
    }
    /// True when the node's children have been generated (or it was found terminal).
    #[inline]
    pub fn expanded(&self) -> bool {
        self.flags & EXPANDED != 0
    }
    /// The score.
    #[inline]
    pub fn score(&self) -> Score {
        Score(self.score)
    }
    /// True for an unknown child (its score is a bound, see the module docs).
    #[inline]
    pub fn unknown(&self) -> bool {
        self.flags & UNKNOWN != 0
    }
}

/// An unexpanded node's [`Node::moves_hint`]: the number of moves of `pos`, saturating at
/// 255, and 0 (not counted) for a terminal position. `scratch` holds the moves afterwards.
pub fn count_moves<G: Game>(pos: &G, scratch: &mut Vec<G::Move>) -> u8 {
    if pos.is_terminal() {
        return 0;
    }
    pos.moves(scratch);
    scratch.len().min(u8::MAX as usize) as u8
}

/// The score of a child whose value seen from its parent is `v`: the inverse of [`up`].
#[inline]
pub fn down(v: Score) -> Score {
    (-v).to_node_relative(1)
}

/// A child's score seen from its parent: negated, a decisive score one ply further away.
#[inline]
pub fn up(child: i32) -> i32 {
    -Score(child).to_root_relative(1).0
}

/// The children of a partial expansion (§5.2 heuristic 1) of `pos`, in the order they are
/// stored: `moves[best]` first with `best_score` (its value from its own side, the search's),
/// then the others in generation order — terminal ones with their static value, the rest with
/// `best_score` as a placeholder (they become [`UNKNOWN`], [`Tree::expand_partial_with`]).
pub fn partial_kids<G: Game>(
    pos: &G,
    moves: &[G::Move],
    best: usize,
    best_score: Score,
) -> Vec<(G::Move, Score, bool)> {
    let order = std::iter::once(best).chain((0..moves.len()).filter(|&k| k != best));
    order
        .map(|k| {
            let m = moves[k];
            let c = pos.play(m);
            let terminal = c.is_terminal();
            let v = if k != best && terminal {
                c.evaluate()
            } else {
                best_score
            };
            (m, v, terminal)
        })
        .collect()
}

/// Read access to a tree's nodes: the serial arena ([`Tree`]) and the shared one
/// ([`crate::shared`]) both offer it, so the leaf selection of BFM and RBFM is written once.
pub trait TreeView {
    /// A copy of node `i`.
    fn get(&self, i: u32) -> Node;

    /// The children range of node `i`.
    #[inline]
    fn kids(&self, i: u32) -> std::ops::Range<u32> {
        let n = self.get(i);
        if n.d == 0 {
            0..0
        } else {
            n.first..n.first + n.d as u32
        }
    }

    /// BEST-CHILD: the lowest-scoring child (first in generation order among equals).
    #[inline]
    fn best(&self, i: u32) -> Option<u32> {
        let mut best: Option<(i32, u32)> = None;
        for c in self.kids(i) {
            let s = self.get(c).score;
            if best.is_none_or(|(b, _)| s < b) {
                best = Some((s, c));
            }
        }
        best.map(|b| b.1)
    }

    /// The lowest-scoring child that is neither solved nor pending.
    #[inline]
    fn best_open(&self, i: u32) -> Option<u32> {
        let mut best: Option<(i32, u32)> = None;
        for c in self.kids(i) {
            let n = self.get(c);
            if n.flags & (SOLVED | PENDING) == 0 && best.is_none_or(|(b, _)| n.score < b) {
                best = Some((n.score, c));
            }
        }
        best.map(|b| b.1)
    }
}

impl<M: Copy> TreeView for Tree<M> {
    #[inline]
    fn get(&self, i: u32) -> Node {
        self.nodes[i as usize]
    }
    #[inline]
    fn kids(&self, i: u32) -> std::ops::Range<u32> {
        self.children(i)
    }
}

/// Why an expansion was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Full;

/// The arena.
#[derive(Clone, Debug)]
pub struct Tree<M> {
    nodes: Vec<Node>,
    /// `moves[i - 1]` leads to node `i` (the root has none).
    moves: Vec<M>,
    capacity: usize,
}

impl<M: Copy> Tree<M> {
    /// Bytes one node costs: the node and its move.
    pub const fn bytes_per_node() -> usize {
        std::mem::size_of::<Node>() + std::mem::size_of::<M>()
    }

    /// Largest number of nodes that fit in `mib` MiB.
    pub fn nodes_in_mib(mib: u64) -> usize {
        ((mib as u128 * (1 << 20)) / Self::bytes_per_node() as u128).min(u32::MAX as u128 - 1)
            as usize
    }

    /// A tree holding only `root` (with its static value), at most `capacity` nodes (≥ 1).
    /// The tree's moves may be the game's or their generation indices (the master–slave
    /// master's, [`crate::master`]).
    pub fn new<G: Game>(root: &G, capacity: usize) -> Self {
        let capacity = capacity.clamp(1, u32::MAX as usize - 1);
        let mut t = Tree {
            nodes: Vec::with_capacity(capacity.min(1 << 16)),
            moves: Vec::with_capacity(capacity.min(1 << 16)),
            capacity,
        };
        t.nodes
            .push(Node::leaf(root.evaluate(), NIL, root.is_terminal()));
        t
    }

    /// Back to a tree of `root` alone, keeping the allocation (a master–slave slave's subtree,
    /// grown again for each job).
    pub(crate) fn reset<G: Game>(&mut self, root: &G) {
        self.nodes.clear();
        self.moves.clear();
        self.nodes
            .push(Node::leaf(root.evaluate(), NIL, root.is_terminal()));
    }

    /// A tree from its parts (the shared tree, copied back when its walkers are done).
    pub(crate) fn from_parts(nodes: Vec<Node>, moves: Vec<M>, capacity: usize) -> Self {
        debug_assert_eq!(moves.len() + 1, nodes.len());
        Tree {
            nodes,
            moves,
            capacity,
        }
    }

    /// Nodes in the tree.
    #[inline]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    /// Never: the root is always there.
    #[inline]
    pub fn is_empty(&self) -> bool {
        false
    }
    /// The most nodes the tree may hold.
    pub fn capacity(&self) -> usize {
        self.capacity
    }
    /// Changes the capacity (not below the current size).
    pub fn set_capacity(&mut self, capacity: usize) {
        self.capacity = capacity.clamp(self.nodes.len(), u32::MAX as usize - 1);
    }
    /// True when `d` more nodes fit.
    #[inline]
    pub fn fits(&self, d: usize) -> bool {
        self.nodes.len() + d <= self.capacity
    }
    /// Node `i`.
    #[inline]
    pub fn node(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }
    /// Mutable node `i`.
    #[inline]
    pub fn node_mut(&mut self, i: u32) -> &mut Node {
        &mut self.nodes[i as usize]
    }
    /// The root (index 0).
    #[inline]
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }
    /// The move that leads to node `i` (`None` at the root).
    #[inline]
    pub fn mv(&self, i: u32) -> Option<M> {
        (i > 0).then(|| self.moves[i as usize - 1])
    }
    /// The children range of node `i`.
    #[inline]
    pub fn children(&self, i: u32) -> std::ops::Range<u32> {
        let n = &self.nodes[i as usize];
        if n.d == 0 {
            0..0
        } else {
            n.first..n.first + n.d as u32
        }
    }

    /// BEST-CHILD: the lowest-scoring child (first in generation order among equals).
    /// `None` for a leaf.
    #[inline]
    pub fn best_child(&self, i: u32) -> Option<u32> {
        self.best(i)
    }

    /// The principal variation: best children from the root down to a leaf (node indices).
    pub fn pv_nodes(&self) -> Vec<u32> {
        let mut v = 0;
        let mut line = Vec::new();
        while let Some(c) = self.best_child(v) {
            line.push(c);
            v = c;
        }
        line
    }

    /// Length of the principal variation.
    pub fn pv_depth(&self) -> u32 {
        let mut v = 0;
        let mut n = 0;
        while let Some(c) = self.best_child(v) {
            n += 1;
            v = c;
        }
        n
    }

    /// The moves of the principal variation.
    pub fn pv(&self) -> Vec<M> {
        self.pv_nodes()
            .into_iter()
            .filter_map(|i| self.mv(i))
            .collect()
    }

    /// Nodes from the root to `i`, root excluded, in order.
    pub fn path_to(&self, mut i: u32, out: &mut Vec<u32>) {
        out.clear();
        while i != 0 {
            out.push(i);
            i = self.nodes[i as usize].parent;
        }
        out.reverse();
    }

    /// The position at node `i`, replayed from the root position.
    pub fn position<G: Game<Move = M>>(&self, root: &G, i: u32, path: &mut Vec<u32>) -> G {
        self.path_to(i, path);
        let mut pos = root.clone();
        for &n in path.iter() {
            pos = pos.play(self.moves[n as usize - 1]);
        }
        pos
    }

    /// Adds the children of leaf `i` (position `pos`) with their static values: EXPAND-LEAF's
    /// tree half. `moves` are `pos`'s legal moves. A position without moves, or a terminal one,
    /// becomes a solved leaf. Refused (nothing changes) when the children do not fit.
    pub fn expand<G: Game<Move = M>>(&mut self, i: u32, pos: &G, moves: &[M]) -> Result<(), Full> {
        self.expand_counting(i, pos, moves, None)
    }

    /// [`Tree::expand`], and with `count` (a scratch move list) each new child's
    /// [`Node::moves_hint`] ([`count_moves`]) from the position already made for its
    /// evaluation, for the table's `s = 0` cells by `d` ([`crate::dist`]).
    pub fn expand_counting<G: Game<Move = M>>(
        &mut self,
        i: u32,
        pos: &G,
        moves: &[M],
        mut count: Option<&mut Vec<M>>,
    ) -> Result<(), Full> {
        debug_assert!(self.nodes[i as usize].is_leaf());
        if pos.is_terminal() || moves.is_empty() {
            let n = &mut self.nodes[i as usize];
            n.flags |= EXPANDED | SOLVED;
            n.flags &= !PENDING;
            return Ok(());
        }
        let d = moves.len();
        assert!(d <= u16::MAX as usize, "more than 65535 moves at one node");
        if !self.fits(d) {
            return Err(Full);
        }
        self.reserve(d);
        let first = self.nodes.len() as u32;
        for &m in moves {
            let c = pos.play(m);
            let mut node = Node::leaf(c.evaluate(), i, c.is_terminal());
            if let Some(scratch) = count.as_deref_mut() {
                node.moves_hint = count_moves(&c, scratch);
            }
            self.nodes.push(node);
            self.moves.push(m);
        }
        let n = &mut self.nodes[i as usize];
        n.first = first;
        n.d = d as u16;
        n.flags |= EXPANDED;
        n.flags &= !PENDING;
        Ok(())
    }

    /// Adds children with given scores (a slave's reply in the master–slave form): `kids` are
    /// `(move, static value, terminal)`. Same contract as [`Tree::expand`].
    pub fn expand_with(&mut self, i: u32, kids: &[(M, Score, bool)]) -> Result<(), Full> {
        if kids.is_empty() {
            let n = &mut self.nodes[i as usize];
            n.flags |= EXPANDED | SOLVED;
            n.flags &= !PENDING;
            return Ok(());
        }
        let d = kids.len();
        assert!(d <= u16::MAX as usize, "more than 65535 moves at one node");
        if !self.fits(d) {
            return Err(Full);
        }
        self.reserve(d);
        let first = self.nodes.len() as u32;
        for &(m, s, t) in kids {
            self.nodes.push(Node::leaf(s, i, t));
            self.moves.push(m);
        }
        let n = &mut self.nodes[i as usize];
        n.first = first;
        n.d = d as u16;
        n.flags |= EXPANDED;
        n.flags &= !PENDING;
        Ok(())
    }

    /// Sets the [`Node::moves_hint`] of node `i`'s children, in order (a slave's counts in the
    /// master–slave form); nothing when `hints` is empty (not counted).
    pub fn set_hints(&mut self, i: u32, hints: &[u8]) {
        if hints.is_empty() {
            return;
        }
        let n = self.nodes[i as usize];
        debug_assert_eq!(hints.len(), n.d as usize);
        for (k, &h) in hints.iter().enumerate().take(n.d as usize) {
            self.nodes[n.first as usize + k].moves_hint = h;
        }
    }

    /// Grows the arrays without ever reserving past the capacity.
    fn reserve(&mut self, d: usize) {
        let need = self.nodes.len() + d;
        if need > self.nodes.capacity() {
            let want = (self.nodes.capacity() * 2).max(need).min(self.capacity);
            self.nodes.reserve_exact(want - self.nodes.len());
            self.moves.reserve_exact(want - 1 - self.moves.len());
        }
    }

    /// BACKUP (Fig. 1) from node `i` to the root: each node's score becomes the negamax of its
    /// children's, its expansion count grows by one, and it is solved when all its children
    /// are (§3.2.3). The distributions are functions of `(score, s, d)` and need no update.
    pub fn backup(&mut self, mut i: u32) {
        loop {
            self.rescore(i);
            let n = &mut self.nodes[i as usize];
            n.s += 1;
            if n.parent == NIL {
                break;
            }
            i = n.parent;
        }
    }

    /// Node `i`'s score from its children's (negamax) and its solved flag; nothing for a leaf.
    #[inline]
    pub fn rescore(&mut self, i: u32) {
        let n = self.nodes[i as usize];
        if n.d > 0 {
            let mut best = i32::MIN;
            let mut solved = true;
            for c in n.first..n.first + n.d as u32 {
                let cn = &self.nodes[c as usize];
                best = best.max(up(cn.score));
                solved &= cn.solved();
            }
            let m = &mut self.nodes[i as usize];
            m.score = best;
            if solved {
                m.flags |= SOLVED;
            }
        }
    }

    /// True when node `i`'s unknown children must be evaluated before its score is known:
    /// its BEST-CHILD is an unknown child (module docs).
    #[inline]
    pub fn needs_resolving(&self, i: u32) -> bool {
        self.nodes[i as usize].flags & HAS_UNKNOWN != 0
            && self
                .best_child(i)
                .is_some_and(|b| self.nodes[b as usize].unknown())
    }

    /// BACKUP from node `i` to the root for a tree with unknown children: as [`Tree::backup`]
    /// (with `count`: the expansion counts grow by one; without: only scores change), but a
    /// node whose unknown children must now be evaluated ([`Tree::needs_resolving`]) is first
    /// handed to `resolve`, which evaluates them ([`Tree::resolve`]).
    pub fn backup_resolving(
        &mut self,
        mut i: u32,
        count: bool,
        resolve: &mut dyn FnMut(&mut Self, u32),
    ) {
        loop {
            if self.needs_resolving(i) {
                resolve(self, i);
            }
            self.rescore(i);
            let n = &mut self.nodes[i as usize];
            if count {
                n.s += 1;
            }
            if n.parent == NIL {
                break;
            }
            i = n.parent;
        }
    }

    /// EXPAND-LEAF with unknown children (§5.2 heuristic 1, module docs): the children of leaf
    /// `i` (position `pos`, legal moves `moves`), `moves[best]` first with score `best_score`
    /// (from the child's side), every other non-terminal child [`UNKNOWN`] with `best_score` as
    /// its bound, terminal ones evaluated ([`partial_kids`], [`Tree::expand_partial_with`]).
    /// Same contract as [`Tree::expand`].
    pub fn expand_partial<G: Game<Move = M>>(
        &mut self,
        i: u32,
        pos: &G,
        moves: &[M],
        best: usize,
        best_score: Score,
    ) -> Result<(), Full> {
        debug_assert!(self.nodes[i as usize].is_leaf() && best < moves.len());
        if pos.is_terminal() || moves.is_empty() {
            return self.expand(i, pos, moves);
        }
        self.expand_partial_with(i, &partial_kids(pos, moves, best, best_score))
    }

    /// [`Tree::expand_partial`] from the children as [`partial_kids`] lists them (a slave's
    /// answer in the master–slave form): `kids[0]` is the best child with its value, every
    /// other non-terminal child becomes [`UNKNOWN`] with `kids[0]`'s value as its bound, the
    /// terminal ones keep theirs. Same contract as [`Tree::expand_with`].
    pub fn expand_partial_with(&mut self, i: u32, kids: &[(M, Score, bool)]) -> Result<(), Full> {
        debug_assert!(self.nodes[i as usize].is_leaf());
        if kids.is_empty() {
            return self.expand_with(i, kids);
        }
        let d = kids.len();
        assert!(d <= u16::MAX as usize, "more than 65535 moves at one node");
        if !self.fits(d) {
            return Err(Full);
        }
        self.reserve(d);
        let first = self.nodes.len() as u32;
        let bound = kids[0].1;
        let mut unknown = false;
        for (k, &(m, v, terminal)) in kids.iter().enumerate() {
            let node = if k == 0 || terminal {
                Node::leaf(v, i, terminal)
            } else {
                unknown = true;
                let mut n = Node::leaf(bound, i, false);
                n.flags |= UNKNOWN;
                n
            };
            self.nodes.push(node);
            self.moves.push(m);
        }
        let n = &mut self.nodes[i as usize];
        n.first = first;
        n.d = d as u16;
        n.flags |= EXPANDED;
        n.flags &= !PENDING;
        if unknown {
            n.flags |= HAS_UNKNOWN;
        }
        Ok(())
    }

    /// Evaluates the unknown children of node `i` (position `pos`) with their static values
    /// and clears the flags; returns how many were evaluated. Scores above are not updated
    /// (back up from `i`).
    pub fn resolve<G: Game<Move = M>>(&mut self, i: u32, pos: &G) -> usize {
        let values: Vec<Score> = self
            .unknown_moves(i)
            .into_iter()
            .map(|m| pos.play(m).evaluate())
            .collect();
        self.resolve_with(i, &values)
    }

    /// The moves to node `i`'s unknown children, in order (what a slave evaluates to resolve
    /// them).
    pub fn unknown_moves(&self, i: u32) -> Vec<M> {
        self.children(i)
            .filter(|&c| self.nodes[c as usize].unknown())
            .map(|c| self.moves[c as usize - 1])
            .collect()
    }

    /// [`Tree::resolve`] with the values given: `values[k]` for the `k`-th unknown child of
    /// node `i` ([`Tree::unknown_moves`]'s order). Returns how many were set.
    pub fn resolve_with(&mut self, i: u32, values: &[Score]) -> usize {
        let mut k = 0;
        for c in self.children(i) {
            if self.nodes[c as usize].unknown() {
                let Some(&v) = values.get(k) else { break };
                let n = &mut self.nodes[c as usize];
                n.score = v.0;
                n.flags &= !UNKNOWN;
                k += 1;
            }
        }
        if self.children(i).all(|c| !self.nodes[c as usize].unknown()) {
            self.nodes[i as usize].flags &= !HAS_UNKNOWN;
        }
        k
    }

    /// Sets the bound of node `i`'s unknown children to `b` (§5.2 heuristic 2: the best
    /// child's score after its own expansion).
    pub fn set_unknown_bound(&mut self, i: u32, b: Score) {
        for c in self.children(i) {
            let n = &mut self.nodes[c as usize];
            if n.unknown() {
                n.score = b.0;
            }
        }
    }

    /// Keeps only the subtree of the root's child `c` (§3.2.5: "RBFM can simply continue to
    /// expand the sub-tree"), copied breadth-first into a fresh arena so children stay
    /// contiguous. Scores are node-relative, so they stay valid.
    pub fn reroot(&mut self, c: u32) {
        let mut nodes = Vec::with_capacity(self.nodes.len().min(1 << 16));
        let mut moves = Vec::with_capacity(self.nodes.len().min(1 << 16));
        let mut root = self.nodes[c as usize];
        root.parent = NIL;
        nodes.push(root);
        let mut head = 0usize;
        // Old index of each new node, in the same order.
        let mut old = vec![c];
        while head < nodes.len() {
            let o = old[head];
            let on = self.nodes[o as usize];
            if on.d > 0 {
                let first = nodes.len() as u32;
                for k in on.first..on.first + on.d as u32 {
                    let mut kid = self.nodes[k as usize];
                    kid.parent = head as u32;
                    kid.flags &= !PENDING;
                    nodes.push(kid);
                    moves.push(self.moves[k as usize - 1]);
                    old.push(k);
                }
                nodes[head].first = first;
            }
            head += 1;
        }
        nodes[0].flags &= !PENDING;
        self.nodes = nodes;
        self.moves = moves;
        if self.capacity < self.nodes.len() {
            self.capacity = self.nodes.len();
        }
    }

    /// The root's child reached by `mv`, if the root is expanded.
    pub fn child_by_move(&self, mv: M) -> Option<u32>
    where
        M: PartialEq,
    {
        self.children(0).find(|&c| self.moves[c as usize - 1] == mv)
    }

    /// Checks the tree's invariants (for tests): every interior score is the negamax of its
    /// children's, `s_v` is one more than the sum over the children when expanded, solved nodes
    /// have only solved children, children ranges and parent links agree.
    pub fn check(&self) -> Result<(), String> {
        for (i, n) in self.nodes.iter().enumerate() {
            if n.d == 0 {
                continue;
            }
            let mut best = i32::MIN;
            let mut all = true;
            let mut s = 0u64;
            for c in n.first..n.first + n.d as u32 {
                let cn = &self.nodes[c as usize];
                if cn.parent != i as u32 {
                    return Err(format!("node {c}: parent {} != {i}", cn.parent));
                }
                best = best.max(up(cn.score));
                all &= cn.solved();
                s += cn.s as u64;
            }
            if best != n.score {
                return Err(format!("node {i}: score {} != negamax {best}", n.score));
            }
            if all != n.solved() {
                return Err(format!(
                    "node {i}: solved {} but children {all}",
                    n.solved()
                ));
            }
            if n.s as u64 != s + 1 {
                return Err(format!("node {i}: s {} != 1 + {s}", n.s));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_is_compact() {
        assert_eq!(std::mem::size_of::<Node>(), 20);
        assert_eq!(Tree::<u32>::bytes_per_node(), 24);
        assert!(Tree::<u32>::nodes_in_mib(1024) > 12_000_000 * 3);
    }

    #[test]
    fn up_negates_and_delays_wins() {
        assert_eq!(up(5), -5);
        assert_eq!(up(Score::LOSS.0), Score::win_in(1).0);
        assert_eq!(up(Score::win_in(2).0), Score::loss_in(3).0);
    }
}
