//! The check extension's rule, one home for every searcher: the serial engine's context
//! (`arachne_search::context`, which documents the option), the shared-memory searches' parallel
//! nodes, and the message-passing processes of `arachne-parallel` (the resumable search,
//! `arachne_search::stepper`, applies it through the serial engine's context).

use crate::Game;

/// The depth to search `pos` at `ply > 0` with, `depth` plies nominally left, with check
/// extension on in a search whose root has depth `root_depth`: one more when the side to move
/// is in check ([`Game::in_check`]) and `ply + depth < 2·root_depth` (at most `root_depth`
/// extensions on a path, so every path ends by ply `2·root_depth`); otherwise `depth`.
#[inline]
pub fn extended_depth<G: Game>(pos: &G, depth: u32, ply: usize, root_depth: u32) -> u32 {
    if ply > 0 && (ply as u64 + depth as u64) < 2 * root_depth as u64 && pos.in_check() {
        depth + 1
    } else {
        depth
    }
}
