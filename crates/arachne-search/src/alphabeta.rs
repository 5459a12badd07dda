//! `alphabeta` — the alpha-beta algorithm with deep cutoffs, exactly as in seed 000 §2
//! (Fishburn–Finkel's transcription of Knuth and Moore): fail-hard, `α` raised in place, a
//! cutoff as soon as `α ≥ β`.
//!
//! Accuracy property (§2): for `α < β`, if `negamax(p) ≤ α` the result is `≤ α`; if
//! `negamax(p) ≥ β` it is `≥ β`; otherwise it equals `negamax(p)`.
//!
//! When the search has a transposition table, the best move is stored for move ordering
//! (staged iteration on real games); stored values are never used to cut off here.
//!
//! Speed (values, node counts and the principal variation as with the plain loop): most
//! nodes are bottom positions one ply below a *frontier* node (`depth == 1`). Frontier nodes and the
//! nodes one ply above them are searched inline by their parents (no call), and when a
//! frontier node's successors need no quiescence, no repetition test and no poll of the
//! limits ([`Ctx::static_bottoms`]) the loop values them by their static values alone,
//! touching nothing else: through the frontier node's [`Game::successor_values`], which a game
//! may override to value its successors without making each (connect four tests each for a
//! line of four against the squares that complete one, found once per frontier node; the
//! default makes the successor and evaluates it, as before). The frontier node's principal
//! variation (the best move alone) and its cutoff are recorded once, after the loop. The
//! bottom positions are counted all the same. A search without table, repetition,
//! quiescence, ordering options or a line to follow ([`Ctx::is_lean`]) skips the tests of
//! those options at every node.
//!
//! [`falphabeta_tt`] is the same loop, fail-soft (seed 000 §8.1) and taking values from the
//! table: the serial search of the shared-memory parallel searches (`arachne-parallel`'s
//! `smp`), which search their subtrees near the horizon with it.
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
    if ctx.is_lean() {
        node::<G, ANY, true, false>(ctx, pos, depth, ply, alpha, beta)
    } else {
        node::<G, ANY, false, false>(ctx, pos, depth, ply, alpha, beta)
    }
}

/// Shallowest remaining depth at which [`falphabeta_tt`] asks the table for a value and stores
/// one: a subtree of one ply is cheaper to search again than a (likely cache-missing) probe or
/// store. (Storing at one ply left too, as [`alphabeta`] does, made ABDADA at one thread about
/// 1.6 times slower on the b=10 incremental trees and 1.35 times slower at two threads on the
/// checkers bench, while it saved 8 % of the nodes on Othello: `smp_bench`, shared machine.)
pub const MIN_TT_DEPTH: u32 = 2;

/// Fail-soft alpha-beta (seed 000 §8.1, as [`crate::falphabeta`]; Theorem 1 holds) on this
/// file's fast path, that also settles a node below the root of the call (`ply > 0`) with at
/// least [`MIN_TT_DEPTH`] plies left from a table entry of exactly its draft whose bound
/// suffices for the window ([`Ctx::tt_cut`], as MT does). Results are stored as bounds at
/// every node searched with at least [`MIN_TT_DEPTH`] plies left. At a fixed depth the value
/// is therefore the one of the plain search whatever the table holds, as long as its entries
/// were stored by searches of the same game (every entry's bound is true of the position at
/// its draft).
///
/// Shared-memory parallel searches (several threads on one table) search their subtrees with
/// it, so that they profit from each other's finished subtrees at the serial search's speed.
///
/// This fast path knows nothing of the check extension and the null move: with either on
/// ([`Ctx::engine_options`]) the call is the same search on `falphabeta`'s loop,
/// [`crate::falphabeta::falphabeta_tt_engine`], which honours them (one test per call; the
/// recursion below stays on the path chosen at the top). With quiescence on, the call takes
/// that loop too: its capture searches run in the node's window, as the serial engine's
/// (`aspiration`) do — several times cheaper on chess than the full-window capture search of
/// [`Ctx::leaf`] (LCT II at depth 7: `abdada --threads 1 --quiescence` took 3–7 times as long
/// as `aspiration`), with the same value at the root (fail-soft: bounds outside the window).
pub fn falphabeta_tt<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> SearchResult {
    if ctx.engine_options() || ctx.opts.quiescence {
        return crate::falphabeta::falphabeta_tt_engine(ctx, pos, depth, ply, alpha, beta);
    }
    falphabeta_tt_fast(ctx, pos, depth, ply, alpha, beta)
}

/// [`falphabeta_tt`]'s fast path (neither engine option on), and its recursion. A subtree
/// below the depth from which a context uses its table, in a search that has nothing else
/// to test at its nodes ([`Ctx::lean_below`]: a parallel search's processor), is searched by
/// [`alphabeta`]'s lean loop: the same nodes, fail-hard there (its bounds are true, only less
/// tight), without the tests of the options at every node (on the b=10 trees a processor's
/// search was 1.3 times slower per node than `alphabeta` without this).
fn falphabeta_tt_fast<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> SearchResult {
    if ctx.lean_below(depth) {
        return node::<G, ANY, true, false>(ctx, pos, depth, ply, alpha, beta);
    }
    node::<G, ANY, false, true>(ctx, pos, depth, ply, alpha, beta)
}

/// What the caller of [`node`] knows of `depth`: anything, 1 (a frontier node) or 2.
const ANY: u8 = 0;
const FRONTIER: u8 = 1;
const ABOVE_FRONTIER: u8 = 2;

/// The body of [`alphabeta`]. `DEPTH`: what the caller knows of `depth` ([`ANY`],
/// [`FRONTIER`], [`ABOVE_FRONTIER`]); nodes of depth 1 and 2 are searched inline by their
/// parents. `LEAN`: the context is lean ([`Ctx::is_lean`]), so the tests of the options are
/// skipped. `SHARED`: [`falphabeta_tt`] (fail-soft, values from the table; never lean).
#[inline(always)]
fn node<G: Game, const DEPTH: u8, const LEAN: bool, const SHARED: bool>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
) -> SearchResult {
    let opened = if SHARED && DEPTH != FRONTIER && depth >= MIN_TT_DEPTH && ply > 0 {
        ctx.enter(ply)?;
        if let Some(s) = ctx.tt_cut(pos, depth, ply, Window::new(alpha, beta)) {
            return Ok(s);
        }
        ctx.node(pos, depth, ply)
    } else {
        ctx.open_with::<LEAN>(pos, depth, ply)?
    };
    let d = match opened {
        Node::Leaf(v) => return Ok(v),
        Node::Interior(d) => d,
    };
    let (value, best) = if DEPTH != FRONTIER && depth > 1 {
        let moves = ctx.take_moves(ply);
        let r = if DEPTH == ABOVE_FRONTIER || depth == 2 {
            let frontier = Deeper::<G, FRONTIER, LEAN, SHARED> {
                ctx: &mut *ctx,
                depth,
                ply,
                beta,
            };
            best_successor::<G, SHARED>(pos, &moves[..d], alpha, beta, frontier)
        } else if depth == 3 {
            let above = Deeper::<G, ABOVE_FRONTIER, LEAN, SHARED> {
                ctx: &mut *ctx,
                depth,
                ply,
                beta,
            };
            best_successor::<G, SHARED>(pos, &moves[..d], alpha, beta, above)
        } else {
            let deeper = Deeper::<G, ANY, LEAN, SHARED> {
                ctx: &mut *ctx,
                depth,
                ply,
                beta,
            };
            best_successor::<G, SHARED>(pos, &moves[..d], alpha, beta, deeper)
        };
        ctx.restore_moves(ply, moves);
        let (value, best, _) = r?;
        (value, best)
    } else {
        let (value, best) = if ctx.static_bottoms_with::<LEAN>(d) {
            let statics = Static {
                value: pos.successor_values(),
                ply,
            };
            let r = best_successor::<G, SHARED>(pos, &ctx.moves(ply)[..d], alpha, beta, statics);
            let (value, best, searched) = r?;
            ctx.count_static_bottoms(searched);
            (value, best)
        } else {
            let moves = ctx.take_moves(ply);
            let bottom = Bottom {
                ctx: &mut *ctx,
                ply,
            };
            let r = best_successor::<G, SHARED>(pos, &moves[..d], alpha, beta, bottom);
            ctx.restore_moves(ply, moves);
            let (value, best, _) = r?;
            (value, best)
        };
        if let Some(i) = best {
            if value < beta || ply == 0 {
                ctx.new_best_at_horizon(ply, i);
            }
        }
        (value, best)
    };
    if let Some(i) = best {
        if value >= beta {
            if LEAN {
                // No killers, no history: only the count.
                ctx.stats.cutoffs += 1;
            } else {
                ctx.cutoff(pos, ply, i, depth);
            }
        }
    }
    // Not in a lean search (no table); not at one ply left in [`falphabeta_tt`].
    let store = !LEAN && (!SHARED || depth >= MIN_TT_DEPTH);
    if store {
        ctx.tt_store(pos, depth, ply, value, Window::new(alpha, beta), best);
    }
    Ok(value)
}

/// How [`best_successor`] values a successor: `value(pos, mv, α)` is the value of the
/// successor of `pos` by `mv`, from the side to move at `pos`.
pub(crate) trait Successors<G: Game> {
    fn value(&mut self, pos: &G, mv: G::Move, alpha: Score) -> SearchResult;
}

/// Successors searched by [`alphabeta`] (`depth ≥ 2`), the line of an improving one copied;
/// `CHILD`: what is known of the successors' depth (as [`node`]'s `DEPTH`; known ones are
/// searched inline); `LEAN` and `SHARED` as in [`node`].
struct Deeper<'c, 'a, G: Game, const CHILD: u8, const LEAN: bool, const SHARED: bool> {
    ctx: &'c mut Ctx<'a, G>,
    depth: u32,
    ply: usize,
    beta: Score,
}

impl<G: Game, const CHILD: u8, const LEAN: bool, const SHARED: bool> Successors<G>
    for Deeper<'_, '_, G, CHILD, LEAN, SHARED>
{
    #[inline(always)]
    fn value(&mut self, pos: &G, mv: G::Move, alpha: Score) -> SearchResult {
        let (ctx, ply, beta) = (&mut *self.ctx, self.ply, self.beta);
        let child = &pos.play(mv);
        let t = if CHILD == FRONTIER {
            -node::<G, FRONTIER, LEAN, SHARED>(ctx, child, 1, ply + 1, -beta, -alpha)?
        } else if CHILD == ABOVE_FRONTIER {
            -node::<G, ABOVE_FRONTIER, LEAN, SHARED>(ctx, child, 2, ply + 1, -beta, -alpha)?
        } else if SHARED {
            -falphabeta_tt_fast(ctx, child, self.depth - 1, ply + 1, -beta, -alpha)?
        } else {
            -alphabeta(ctx, child, self.depth - 1, ply + 1, -beta, -alpha)?
        };
        // A failing-high node's line is of no use to its parent: skip the copy.
        if t > alpha && (t < beta || ply == 0) {
            ctx.new_best_move(ply, mv);
        }
        Ok(t)
    }
}

/// Bottom positions valued by [`Ctx::bottom`].
struct Bottom<'c, 'a, G: Game> {
    ctx: &'c mut Ctx<'a, G>,
    ply: usize,
}

impl<G: Game> Successors<G> for Bottom<'_, '_, G> {
    #[inline(always)]
    fn value(&mut self, pos: &G, mv: G::Move, _: Score) -> SearchResult {
        Ok(-self.ctx.bottom(&pos.play(mv), self.ply + 1)?)
    }
}

/// Bottom positions valued by their static values alone (counted after the loop), through
/// [`Game::successor_values`] of their parent: `value`. As [`Ctx::static_value`], without
/// making the successor unless the game needs to.
struct Static<F> {
    value: F,
    ply: usize,
}

impl<G: Game, F: Fn(G::Move) -> Score> Successors<G> for Static<F> {
    #[inline(always)]
    fn value(&mut self, _: &G, mv: G::Move, _: Score) -> SearchResult {
        Ok(-(self.value)(mv).at_ply(self.ply as u32 + 1))
    }
}

/// The loop of seed 000 §2 over `moves`: returns `α`, the index of the move that last
/// raised it (the one that cut off when `α ≥ β`) and the number of successors searched.
/// `SOFT`: the loop of seed 000 §8.1 — the maximum `m` starts at −∞ and each successor is
/// searched with `max(m, α)`; returns `m` and the index of the move that last raised it.
#[inline(always)]
pub(crate) fn best_successor<G: Game, const SOFT: bool>(
    pos: &G,
    moves: &[G::Move],
    alpha: Score,
    beta: Score,
    mut successors: impl Successors<G>,
) -> Result<(Score, Option<usize>, usize), Aborted> {
    let mut m = if SOFT { -Score::INF } else { alpha };
    let mut best = None;
    for (i, &mv) in moves.iter().enumerate() {
        let a = if SOFT { m.max(alpha) } else { m };
        let t = successors.value(pos, mv, a)?;
        if t > m {
            m = t;
            best = Some(i);
            if m >= beta {
                return Ok((m, best, i + 1));
            }
        }
    }
    Ok((m, best, moves.len()))
}
