//! Perfect ordering (seed 001 §2, after Slagle and Dixon): when every possible cutoff occurs,
//! alpha-beta examines `2N^{D/2} − 1` bottom positions for even `D` and
//! `N^{(D+1)/2} + N^{(D−1)/2} − 1` for odd `D`.
use crate::count::alphabeta_stats;
use arachne_games::{Order, OrderedParams, OrderedTree};

/// `NBP_po` by the closed form (`None` on overflow).
pub fn nbp_perfect(n: u32, d: u32) -> Option<u64> {
    let n = n as u64;
    if d % 2 == 0 {
        n.checked_pow(d / 2)?.checked_mul(2).map(|x| x - 1)
    } else {
        n.checked_pow(d.div_ceil(2))?
            .checked_add(n.checked_pow(d / 2)?)
            .map(|x| x - 1)
    }
}

/// Bottom positions `alphabeta` examines on the best-first `ordered` tree (`None` when the
/// tree is too large for [`OrderedTree`]).
pub fn nbp_best_first(n: u32, d: u32) -> Option<u64> {
    let root = OrderedTree::new(OrderedParams {
        n,
        d,
        order: Order::Best,
        seed: 0,
    })?;
    Some(alphabeta_stats(&root, d).leaves)
}
