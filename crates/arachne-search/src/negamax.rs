//! `negamax` — plain minimax in the negamax convention (seed 000 §2, after Knuth and Moore):
//! every successor is searched, no pruning. The reference every other searcher is tested
//! against.
use crate::context::{Ctx, Node, SearchResult};
use arachne_core::{Game, Score};

/// The negamax value of `pos` searched `depth` plies deep.
pub fn negamax<G: Game>(ctx: &mut Ctx<G>, pos: &G, depth: u32, ply: usize) -> SearchResult {
    let d = match ctx.open(pos, depth, ply)? {
        Node::Leaf(v) => return Ok(v),
        Node::Interior(d) => d,
    };
    let mut m = -Score::INF;
    for i in 0..d {
        let child = pos.play(ctx.move_at(ply, i));
        let t = -negamax(ctx, &child, depth - 1, ply + 1)?;
        if t > m {
            m = t;
            ctx.new_best(ply, i);
        }
    }
    Ok(m)
}
