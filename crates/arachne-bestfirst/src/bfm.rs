//! Best-First Minimax (Korf & Chickering 1996, as seed 002 §1 and §3 describe it).
//!
//! "The leaf is chosen by recursively descending from a node to the child with the highest
//! (lowest in MIN nodes) minimax score. Expanding the leaf updates the minimax values along the
//! path to the root." In negamax form: descend to the lowest-scoring child, expand the leaf,
//! back up. Everything else — the tree, EXPAND-LEAF, BACKUP, solved nodes (§3.2.3), stopping
//! criteria — is shared with RBFM in [`crate::engine`].
//!
//! Solved children are never descended into (§3.2.3: "solved nodes are never explored"): when
//! the lowest-scoring child is solved, BFM takes the lowest-scoring unsolved one — the only
//! children whose scores can still change the node's. (Without this a solved best child would
//! stop BFM for good; Korf and Chickering stop the search there, which the engine's
//! `stop_at_terminal_pv` option does too.)
use crate::tree::{TreeView, PENDING};

/// The leaf BFM expands next: best (open) children from the root down. `None` when the root is
/// solved or every open path is pending.
pub fn select<T: TreeView + ?Sized>(tree: &T) -> Option<u32> {
    let mut v = 0;
    if tree.get(0).solved() {
        return None;
    }
    loop {
        let n = tree.get(v);
        if n.is_leaf() {
            return (n.flags & PENDING == 0).then_some(v);
        }
        v = tree.best_open(v)?;
    }
}
