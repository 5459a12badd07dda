//! `bound` — alpha-beta without deep cutoffs (seed 000 §7.4, Knuth and Moore's procedure F1):
//! a node only knows the one-sided `limit` handed down by its parent, so cutoffs happen only
//! between a node and its grandchildren ("shallow" cutoffs). It never examines fewer bottom
//! positions than `alphabeta`, and is what the random-order analysis of §7.4 counts.
use crate::context::{Ctx, Node, SearchResult};
use arachne_core::{Game, Score};

/// `bound(p, limit)` searched `depth` plies deep: the exact value when it is `< limit`,
/// otherwise some value `≥ limit`.
pub fn bound<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    limit: Score,
) -> SearchResult {
    let d = match ctx.open(pos, depth, ply)? {
        Node::Leaf(v) => return Ok(v),
        Node::Interior(d) => d,
    };
    let mut m = -Score::INF;
    for i in 0..d {
        let child = pos.play(ctx.move_at(ply, i));
        let t = -bound(ctx, &child, depth - 1, ply + 1, -m)?;
        if t > m {
            m = t;
            // A failing-high node's line is of no use to its parent: skip the copy.
            if m < limit || ply == 0 {
                ctx.new_best(ply, i);
            }
            if m >= limit {
                ctx.cutoff(pos, ply, i, depth);
                break;
            }
        }
    }
    Ok(m)
}
