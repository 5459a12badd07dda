//! Randomized Best-First Minimax (seed 002 §2, Figs. 1 and 3).
//!
//! ```text
//! ROOT-DECISION(root):  v = CHOOSE-RANDOM-CHILD(root)
//!                       if v == BEST-CHILD(root) then EXTEND-UP(v) else EXTEND-DOWN(v)
//! EXTEND-UP(n):         if n is a leaf: EXPAND-LEAF(n), BACKUP(n)
//!                       else EXTEND-DOWN(CHOOSE-RANDOM-CHILD(n))
//! EXTEND-DOWN(n):       if n is a leaf: EXPAND-LEAF(n), BACKUP(n)
//!                       else EXTEND-UP(BEST-CHILD(n))
//! CHOOSE-RANDOM-CHILD(v): sample X_i from each child's real-score distribution, return argmin
//! ```
//!
//! [`select`] is the walk (the recursion unrolled: the mode alternates at every ply); the
//! expansion and the backup are the engine's ([`crate::engine`]). With `pruning = false` every
//! step is CHOOSE-RANDOM-CHILD (Fig. 1's EXTEND-NODE).
//!
//! ## The pruning rule (§2.3)
//! In EXTEND-DOWN the node's score can only be lowered by raising its best child, so choosing
//! any other child "cannot change the decision at the root until the score of `c` changes".
//! [`select`] reports in [`Walk::deviated`] whether an unpruned walk made such a choice (took a
//! non-best child at an EXTEND-DOWN node); the tests check that those expansions never change
//! the root's best child.
//!
//! ## Choices where the paper is open
//! * Solved (and, in the master–slave form, pending) children are never chosen (§3.2.3). When
//!   BEST-CHILD of an EXTEND-DOWN node is solved, its score cannot change, so the walk falls
//!   back to CHOOSE-RANDOM-CHILD among the open children (the paper does not say; this keeps
//!   the search going until the root is solved).
//! * Ties: BEST-CHILD takes the first lowest-scoring child in generation order; equal samples
//!   go to the first child too.
//! * Damping (§5.4, exponential family): with probability `damping` CHOOSE-RANDOM-CHILD takes
//!   a uniformly random open child.
//! * **Unknown children** (§5.2 heuristic 1, [`crate::tree`]): CHOOSE-RANDOM-CHILD needs every
//!   child's score, so a walk that reaches a node with unknown children where it must choose
//!   at random (ROOT-DECISION, EXTEND-UP, or EXTEND-DOWN without the pruning rule or with a
//!   solved best child) stops there with [`Walk::resolve`]: the engine evaluates them and walks
//!   again. EXTEND-DOWN with the pruning rule goes on to the best child, which is known ("this
//!   information is available, and the other children can remain unevaluated").
use crate::dist::DistTable;
use crate::tree::{TreeView, HAS_UNKNOWN, PENDING, SOLVED, UNKNOWN};
use rand::Rng;

/// The walk's mode at its last node (§2.3, Fig. 3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The root itself (the first expansion).
    Root,
    /// EXTEND-UP: raise the node's score (the next choice would be random).
    Up,
    /// EXTEND-DOWN: lower the node's score (the next choice would be the best child).
    Down,
}

/// What a walk found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The leaf to expand (or, with `resolve`, the node whose unknown children to evaluate).
    pub leaf: u32,
    /// True when the walk took a non-best child at an EXTEND-DOWN node (only possible with
    /// the pruning rule off).
    pub deviated: bool,
    /// The mode in which the walk reached `leaf` (§5.2 heuristic 2 expands EXTEND-DOWN
    /// leaves differently).
    pub mode: Mode,
    /// `leaf` is an interior node whose unknown children must be evaluated before the walk
    /// can choose among them (module docs).
    pub resolve: bool,
}

#[inline]
fn open<T: TreeView + ?Sized>(tree: &T, c: u32) -> bool {
    tree.get(c).flags & (SOLVED | PENDING | UNKNOWN) == 0
}

#[inline]
fn resolve_at(v: u32, mode: Mode, deviated: bool) -> Option<Walk> {
    Some(Walk {
        leaf: v,
        deviated,
        mode,
        resolve: true,
    })
}

/// CHOOSE-RANDOM-CHILD (Fig. 3, §2.4): the open child whose sampled real score is lowest.
pub fn choose_random_child<T: TreeView + ?Sized, R: Rng>(
    tree: &T,
    table: &DistTable,
    rng: &mut R,
    v: u32,
) -> Option<u32> {
    let kids = tree.kids(v);
    let n = kids.len();
    let damping = table.damping();
    if damping > 0.0 && rng.gen::<f64>() < damping {
        let open_count = kids.clone().filter(|&c| open(tree, c)).count();
        if open_count == 0 {
            return None;
        }
        let k = rng.gen_range(0..open_count);
        return kids.filter(|&c| open(tree, c)).nth(k);
    }
    let mut best: Option<(f64, u32)> = None;
    for c in kids {
        let node = tree.get(c);
        if node.flags & (SOLVED | PENDING | UNKNOWN) != 0 {
            continue;
        }
        // An unexpanded node is looked up by its counted move count (0: the pooled column).
        let d = if node.is_leaf() {
            node.moves_hint as u16
        } else {
            node.d
        };
        let x = table.sample(rng, node.score, node.s, d, n);
        if best.is_none_or(|(b, _)| x < b) {
            best = Some((x, c));
        }
    }
    best.map(|b| b.1)
}

/// The walk of one node expansion (ROOT-DECISION, EXTEND-UP / EXTEND-DOWN). `None` when the
/// root is solved or no open leaf is reachable (master–slave: all pending).
pub fn select<T: TreeView + ?Sized, R: Rng>(
    tree: &T,
    table: &DistTable,
    rng: &mut R,
    pruning: bool,
) -> Option<Walk> {
    let root = tree.get(0);
    if root.solved() {
        return None;
    }
    if root.is_leaf() {
        return (root.flags & PENDING == 0).then_some(Walk {
            leaf: 0,
            deviated: false,
            mode: Mode::Root,
            resolve: false,
        });
    }
    // ROOT-DECISION.
    if root.flags & HAS_UNKNOWN != 0 {
        return resolve_at(0, Mode::Root, false);
    }
    let v = choose_random_child(tree, table, rng, 0)?;
    let up = tree.best(0) == Some(v);
    walk_from(tree, table, rng, pruning, v, up)
}

/// The walk below node 0 of a subtree whose root a walk of the whole tree reached in `mode`
/// (master–slave RBFM's `grain`, [`crate::master`]): EXTEND-UP or EXTEND-DOWN at node 0 goes
/// on exactly as [`select`]'s walk would go on from there; `Mode::Root` is [`select`] itself.
pub fn select_below<T: TreeView + ?Sized, R: Rng>(
    tree: &T,
    table: &DistTable,
    rng: &mut R,
    pruning: bool,
    mode: Mode,
) -> Option<Walk> {
    if mode == Mode::Root || tree.get(0).is_leaf() || tree.get(0).solved() {
        return select(tree, table, rng, pruning);
    }
    walk_from(tree, table, rng, pruning, 0, mode == Mode::Up)
}

/// EXTEND-UP (`up`) or EXTEND-DOWN at `v`, down to a leaf (the recursion unrolled).
fn walk_from<T: TreeView + ?Sized, R: Rng>(
    tree: &T,
    table: &DistTable,
    rng: &mut R,
    pruning: bool,
    mut v: u32,
    mut up: bool,
) -> Option<Walk> {
    let mut deviated = false;
    loop {
        let n = tree.get(v);
        let mode = if up { Mode::Up } else { Mode::Down };
        if n.is_leaf() {
            return Some(Walk {
                leaf: v,
                deviated,
                mode,
                resolve: false,
            });
        }
        let unknown = n.flags & HAS_UNKNOWN != 0;
        let best = tree.best(v).filter(|&b| open(tree, b));
        let next = if up {
            // EXTEND-UP: a random child.
            if unknown {
                return resolve_at(v, mode, deviated);
            }
            choose_random_child(tree, table, rng, v)?
        } else if let (true, Some(b)) = (pruning, best) {
            // EXTEND-DOWN: the best child.
            b
        } else {
            if unknown {
                return resolve_at(v, mode, deviated);
            }
            let c = choose_random_child(tree, table, rng, v)?;
            if best.is_some_and(|b| b != c) {
                deviated = true;
            }
            c
        };
        up = !up;
        v = next;
    }
}
