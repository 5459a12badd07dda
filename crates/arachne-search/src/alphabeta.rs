//! `alphabeta` — the alpha-beta algorithm with deep cutoffs, exactly as in seed 000 §2
//! (Fishburn–Finkel's transcription of Knuth and Moore): fail-hard, `α` raised in place, a
//! cutoff as soon as `α ≥ β`.
//!
//! Accuracy property (§2): for `α < β`, if `negamax(p) ≤ α` the result is `≤ α`; if
//! `negamax(p) ≥ β` it is `≥ β`; otherwise it equals `negamax(p)`.
//!
//! When the search has a transposition table, the best move is stored for move ordering
//! (staged iteration on real games); stored values are never used to cut off here.
use crate::context::{Ctx, Node, SearchResult};
use arachne_core::{Game, Score, Window};

/// `alphabeta(p, α, β)` searched `depth` plies deep.
pub fn alphabeta<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    mut alpha: Score,
    beta: Score,
) -> SearchResult {
    let d = match ctx.open(pos, depth, ply)? {
        Node::Leaf(v) => return Ok(v),
        Node::Interior(d) => d,
    };
    let window = Window::new(alpha, beta);
    let mut best = None;
    for i in 0..d {
        let child = pos.play(ctx.move_at(ply, i));
        let t = if depth == 1 {
            -ctx.bottom(&child, ply + 1)?
        } else {
            -alphabeta(ctx, &child, depth - 1, ply + 1, -beta, -alpha)?
        };
        if t > alpha {
            alpha = t;
            best = Some(i);
            // A failing-high node's line is of no use to its parent: skip the copy.
            if alpha < beta || ply == 0 {
                if depth == 1 {
                    ctx.new_best_at_horizon(ply, i);
                } else {
                    ctx.new_best(ply, i);
                }
            }
            if alpha >= beta {
                ctx.cutoff(pos, ply, i, depth);
                break;
            }
        }
    }
    ctx.tt_store(pos, depth, ply, alpha, window, best);
    Ok(alpha)
}
