//! `falphabeta` — fail-soft alpha-beta (seed 000 §8.1). Differs from `alphabeta` only in that
//! the running maximum `m` starts at −∞ instead of `α` (the child's window uses `max(m, α)`),
//! so a failing search returns a tighter bound. Theorem 1 (§8.1): for `α < β`,
//!
//! * if `falphabeta ≤ α` then `negamax(p) ≤ falphabeta`;
//! * if `falphabeta ≥ β` then `negamax(p) ≥ falphabeta`;
//! * otherwise `negamax(p) = falphabeta`.
//!
//! It never examines more positions than `alphabeta` with the same window.
//!
//! The loop over the successors is `alphabeta`'s, in its fail-soft (`SOFT`) form: one §8.1
//! loop in the crate; this file adds what a node does around it (the options below).
//!
//! [`falphabeta_windowed`] is the same loop whose bottom positions take the window too
//! ([`Ctx::open_in_window`]): with quiescence on, each horizon position's capture search runs
//! in the node's `(α, β)` rather than a full window of its own. The capture search is itself
//! fail-soft, so Theorem 1 still holds for it (a bottom position's result is exact inside the
//! window and a bound on the correct side outside it), and a full-window call returns the same
//! value as [`falphabeta`] for fewer positions. Used by RBFM's chess evaluator
//! (`arachne-bestfirst`'s `shallow`, seed 002 §5.1).
//!
//! Both forms honour the check extension and the null move of `SearchOptions` (off by default;
//! [`crate::context`], "Check extension" and "Null move"); Theorem 1 is about the searched
//! tree, which the null move prunes further. With `SearchOptions::tt_cutoffs` (off by default)
//! a node below the root returns a table entry of exactly its draft whose bound settles it
//! for the window (as `alphabeta`'s shared form does): a valid bound of the same value, so the
//! root's value is unchanged; without it the table only orders moves.
//!
//! [`falphabeta_tt_engine`] is [`falphabeta_windowed`] with the table discipline of
//! `alphabeta::falphabeta_tt` (values from the table at equal draft, stores from
//! [`MIN_TT_DEPTH`] plies left): the serial search of the shared-memory parallel searches when
//! the check extension or the null move is on, which `falphabeta_tt`'s fast path does not
//! take.
use crate::alphabeta::{best_successor, Successors, MIN_TT_DEPTH};
use crate::context::{Ctx, Node, SearchResult};
use arachne_core::{Game, Score, Window};

/// `falphabeta(p, α, β)` searched `depth` plies deep.
pub fn falphabeta<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> SearchResult {
    node::<G, false, false>(ctx, pos, depth, ply, alpha, beta)
}

/// [`falphabeta`] with the quiescence search of each bottom position in the node's window
/// (module docs).
pub fn falphabeta_windowed<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> SearchResult {
    node::<G, true, false>(ctx, pos, depth, ply, alpha, beta)
}

/// `alphabeta::falphabeta_tt` on this file's loop, which honours the check extension and the
/// null move (module docs): fail-soft, bottom positions in the node's window (as
/// [`falphabeta_windowed`]), and, at a node below the root of the call with at least
/// [`MIN_TT_DEPTH`] plies left, a value from a table entry of exactly its draft whose bound
/// settles it for the window ([`Ctx::tt_cut`]); results are stored as bounds at every node
/// searched with at least [`MIN_TT_DEPTH`] plies left.
pub fn falphabeta_tt_engine<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> SearchResult {
    node::<G, true, true>(ctx, pos, depth, ply, alpha, beta)
}

/// The loop; `WINDOWED`: bottom positions get the window; `SHARED`: the table discipline of
/// [`falphabeta_tt_engine`].
fn node<G: Game, const WINDOWED: bool, const SHARED: bool>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> SearchResult {
    let depth = ctx.extend(pos, depth, ply);
    let cuts = if SHARED {
        depth >= MIN_TT_DEPTH
    } else {
        depth > 0 && ctx.opts.tt_cutoffs
    };
    if ply > 0 && cuts {
        ctx.enter(ply)?;
        if let Some(s) = ctx.tt_cut(pos, depth, ply, Window::new(alpha, beta)) {
            return Ok(s);
        }
    }
    let opened = if WINDOWED {
        ctx.open_in_window(pos, depth, ply, alpha, beta)?
    } else {
        ctx.open(pos, depth, ply)?
    };
    let d = match opened {
        Node::Leaf(v) => return Ok(v),
        Node::Interior(d) => d,
    };
    if let Some(v) = ctx.null_move_cut(pos, depth, ply, beta, node::<G, WINDOWED, SHARED>)? {
        return Ok(v);
    }
    // The loop of §8.1, `alphabeta`'s in its fail-soft form.
    let moves = ctx.take_moves(ply);
    let successors = Soft::<G, WINDOWED, SHARED> {
        ctx: &mut *ctx,
        depth,
        ply,
        beta,
        m: -Score::INF,
    };
    let r = best_successor::<G, true>(pos, &moves[..d], alpha, beta, successors);
    ctx.restore_moves(ply, moves);
    let (m, best, _) = r?;
    if let (Some(i), true) = (best, m >= beta) {
        ctx.cutoff(pos, ply, i, depth);
    }
    if !SHARED || depth >= MIN_TT_DEPTH {
        ctx.tt_store(pos, depth, ply, m, Window::new(alpha, beta), best);
    }
    Ok(m)
}

/// The successors of [`node`]'s loop: each searched by [`node`] in the window the loop gives
/// (`(−β, −max(m, α))`), the line of one that raises the maximum `m` copied (not when it
/// fails high, below the root: a failing-high node's line is of no use to its parent).
struct Soft<'c, 'a, G: Game, const WINDOWED: bool, const SHARED: bool> {
    ctx: &'c mut Ctx<'a, G>,
    depth: u32,
    ply: usize,
    beta: Score,
    /// The loop's maximum so far.
    m: Score,
}

impl<G: Game, const WINDOWED: bool, const SHARED: bool> Successors<G>
    for Soft<'_, '_, G, WINDOWED, SHARED>
{
    #[inline(always)]
    fn value(&mut self, pos: &G, mv: G::Move, alpha: Score) -> SearchResult {
        let (ctx, ply, beta) = (&mut *self.ctx, self.ply, self.beta);
        let child = pos.play(mv);
        let t = -node::<G, WINDOWED, SHARED>(ctx, &child, self.depth - 1, ply + 1, -beta, -alpha)?;
        if t > self.m {
            self.m = t;
            if t < beta || ply == 0 {
                ctx.new_best_move(ply, mv);
            }
        }
        Ok(t)
    }
}
