//! `lalphabeta` — last-move-with-minimal-window alpha-beta (seed 000 §8.2).
//!
//! At the root, the first `d − 1` successors are searched as by `alphabeta`; the last one with
//! the minimal window `(−m−1, −m)`, where `m` is the best value so far. If the last move is not
//! better than `m`, the search fails high as usual and everything is as with `alphabeta`. If it
//! is better, it fails low instead of succeeding: the algorithm still knows that it is the best
//! move, but not its value.
//!
//! **Guarantee** (tested): the best move is always a move of maximal negamax value; the value is
//! exact unless the last root move is the unique best one (or the only move), in which case the
//! returned value `m + 1` is only a lower bound ([`ValueKind::Lower`]). With a single legal
//! move the window is `(∞ − 1, ∞)`: the move is not searched for its value at all, only
//! "confirmed" (the paper's forced-move remark).
use crate::alphabeta::alphabeta;
use crate::context::{Aborted, Ctx, Node};
use crate::ValueKind;
use arachne_core::{Game, Score};

/// `lalphabeta(p, α, β)` at the root (`ply` 0) searched `depth` plies deep. Returns the value
/// and whether it is exact.
pub fn lalphabeta<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    alpha: Score,
    beta: Score,
) -> Result<(Score, ValueKind), Aborted> {
    let ply = 0;
    let d = match ctx.open(pos, depth, ply)? {
        Node::Leaf(v) => return Ok((v, ValueKind::Exact)),
        Node::Interior(d) => d,
    };
    let mut m = alpha;
    for i in 0..d - 1 {
        let child = pos.play(ctx.move_at(ply, i));
        let t = -alphabeta(ctx, &child, depth - 1, ply + 1, -beta, -m)?;
        if t > m {
            m = t;
            ctx.new_best(ply, i);
        }
        if m >= beta {
            ctx.cutoff(pos, ply, i, depth);
            return Ok((m, ValueKind::Exact));
        }
    }
    let last = d - 1;
    let child = pos.play(ctx.move_at(ply, last));
    let t = -alphabeta(ctx, &child, depth - 1, ply + 1, -m - 1, -m)?;
    if t > m {
        ctx.new_best(ply, last);
        return Ok((t, ValueKind::Lower));
    }
    Ok((m, ValueKind::Exact))
}
