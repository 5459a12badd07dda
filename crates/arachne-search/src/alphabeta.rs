//! `alphabeta` — the alpha-beta algorithm with deep cutoffs, exactly as in seed 000 §2
//! (Fishburn–Finkel's transcription of Knuth and Moore): fail-hard, `α` raised in place, a
//! cutoff as soon as `α ≥ β`.
//!
//! Accuracy property (§2): for `α < β`, if `negamax(p) ≤ α` the result is `≤ α`; if
//! `negamax(p) ≥ β` it is `≥ β`; otherwise it equals `negamax(p)`.
//!
//! When the search has a transposition table, the best move is stored for move ordering
//! (staged iteration on real games); stored values are never used to cut off here.
use crate::context::{Aborted, Ctx, Node, SearchResult};
use arachne_core::{Game, Score, Window};

/// `alphabeta(p, α, β)` searched `depth` plies deep.
pub fn alphabeta<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> SearchResult {
    node::<G, false>(ctx, pos, depth, ply, alpha, beta)
}

/// The body of [`alphabeta`]. `FRONTIER`: `depth == 1` (a node one ply above the horizon,
/// whose successors are all bottom positions); such nodes are most interior nodes, and their
/// parents search them inline rather than by a call.
#[inline(always)]
fn node<G: Game, const FRONTIER: bool>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> SearchResult {
    let d = match ctx.open(pos, depth, ply)? {
        Node::Leaf(v) => return Ok(v),
        Node::Interior(d) => d,
    };
    // One ply above the horizon every successor is a bottom position: the same loop,
    // compiled without the recursion (most nodes are searched there).
    let (value, best) = if !FRONTIER && depth > 1 {
        successors::<G, false, false>(ctx, pos, d, depth, ply, alpha, beta)?
    } else if ctx.static_bottoms(d) {
        successors::<G, true, true>(ctx, pos, d, depth, ply, alpha, beta)?
    } else {
        successors::<G, true, false>(ctx, pos, d, depth, ply, alpha, beta)?
    };
    ctx.tt_store(pos, depth, ply, value, Window::new(alpha, beta), best);
    Ok(value)
}

/// The loop over the `d` successors of an interior node: `(α, search-order index of the
/// best move)`. `HORIZON` is `depth == 1`; `STATIC`: the successors are valued by
/// [`Ctx::static_bottom`] (see [`Ctx::static_bottoms`]). The moves are taken out of `ctx`
/// for the loop ([`Ctx::take_moves`]).
#[inline(always)]
fn successors<G: Game, const HORIZON: bool, const STATIC: bool>(
    ctx: &mut Ctx<G>,
    pos: &G,
    d: usize,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> Result<(Score, Option<usize>), Aborted> {
    let moves = ctx.take_moves(ply);
    let r = search_moves::<G, HORIZON, STATIC>(ctx, pos, &moves[..d], depth, ply, alpha, beta);
    ctx.restore_moves(ply, moves);
    r
}

#[inline(always)]
fn search_moves<G: Game, const HORIZON: bool, const STATIC: bool>(
    ctx: &mut Ctx<G>,
    pos: &G,
    moves: &[G::Move],
    depth: u32,
    ply: usize,
    mut alpha: Score,
    beta: Score,
) -> Result<(Score, Option<usize>), Aborted> {
    let mut best = None;
    for (i, &mv) in moves.iter().enumerate() {
        let child = pos.play(mv);
        let t = if STATIC {
            -ctx.static_bottom(&child, ply + 1)
        } else if HORIZON {
            -ctx.bottom(&child, ply + 1)?
        } else if depth == 2 {
            -node::<G, true>(ctx, &child, 1, ply + 1, -beta, -alpha)?
        } else {
            -alphabeta(ctx, &child, depth - 1, ply + 1, -beta, -alpha)?
        };
        if t > alpha {
            alpha = t;
            best = Some(i);
            // A failing-high node's line is of no use to its parent: skip the copy.
            if alpha < beta || ply == 0 {
                if HORIZON {
                    ctx.new_best_move_at_horizon(ply, mv);
                } else {
                    ctx.new_best_move(ply, mv);
                }
            }
            if alpha >= beta {
                ctx.cutoff_move(pos, ply, mv, depth);
                break;
            }
        }
    }
    Ok((alpha, best))
}
