//! The tie-broken alpha-beta of seed 001 §6 (Fuller, Gaschnig and Gillogly, 1973): to count
//! bottom positions as if no two bottom values were equal, "a value which would result in a
//! prune by equality was randomly perturbed up or down", by "at most two points, since there
//! are at most two alphas or two betas being kept at any given time in a depth 4 tree".
//!
//! [`tiebroken_alphabeta`] is [`alphabeta`](crate::alphabeta) (fail-hard, deep cutoffs, a value
//! equal to the bound prunes) with exactly that step at the bottom. A node one ply above a
//! bottom position has the window `(α₀, β)` it inherited and its current `α`. A bottom value
//! `t` (from that node's side to move) would prune by equality when `t = β` (the node cuts off
//! on an equal value) or when `t = α₀` while `α` has not been raised (the node then returns
//! exactly the bound it inherited, and its parent cuts off on an equal value). Only such a
//! value is perturbed: moved one point at a time, up or down at random (one seeded coin per
//! bottom position, from its Zobrist key and the seed), until it equals neither bound — at
//! most two points, since the window holds two bounds, as the paper says. Ties between
//! siblings (`t` equal to an `α` raised by an earlier sibling) decide no cutoff and are left
//! alone. A terminal position above the horizon is a bottom position too and is treated
//! alike; the root is never perturbed.
//!
//! The search is then exactly alpha-beta on the tree whose bottom values are the perturbed
//! ones: the same bottom positions, the same value (its negamax value), and no cutoff on an
//! equal value (the tests check all three on trees full of ties). It counts with the same
//! [`Ctx`] as the other searchers. `arachne experiment fuller` uses it for Figures 6.2 and 6.3.
use crate::context::{Aborted, Ctx, Node};
use crate::SearchOptions;
use arachne_core::rng::hash2;
use arachne_core::{Game, Limits, Score, Stats};

/// One bottom value changed by [`tiebroken_alphabeta`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Perturbation {
    /// The bottom position's [`Game::hash`], if its game has one.
    pub key: Option<u64>,
    /// Its ply below the root.
    pub ply: usize,
    /// Its value (negamax convention: from its own side to move) before the perturbation …
    pub from: Score,
    /// … and after.
    pub to: Score,
}

/// What [`tiebroken_alphabeta`] found.
#[derive(Clone, Debug)]
pub struct TieBroken {
    /// Root value (negamax convention) of the tree with the perturbed bottom values.
    pub value: Score,
    /// Counts, as `alphabeta` counts them (`leaves` = bottom positions examined).
    pub stats: Stats,
    /// The bottom values that would have pruned by equality, in the order they were met.
    pub perturbed: Vec<Perturbation>,
}

/// The paper's tie-broken alpha-beta (seed 001 §6; see the module docs): `alphabeta` to `depth`,
/// where a bottom value that would result in a prune by equality is first moved by one or two
/// points, up or down by a seeded coin.
pub fn tiebroken_alphabeta<G: Game>(root: &G, depth: u32, seed: u64) -> TieBroken {
    let opts = SearchOptions {
        tt_mib: 0,
        ..SearchOptions::default()
    };
    let limits = Limits::depth(depth);
    let mut ctx: Ctx<G> = Ctx::new(&opts, &limits, None);
    let mut perturbed = Vec::new();
    let (value, _) = search(
        &mut ctx,
        &mut Breaker {
            seed,
            out: &mut perturbed,
        },
        root,
        depth,
        0,
        -Score::INF,
        Score::INF,
    )
    .expect("a depth-only search cannot be aborted");
    TieBroken {
        value,
        stats: ctx.stats,
        perturbed,
    }
}

/// The perturbation step of [`tiebroken_alphabeta`].
struct Breaker<'a> {
    seed: u64,
    out: &'a mut Vec<Perturbation>,
}

impl Breaker<'_> {
    /// `t`, the value of the bottom position `child` (at `ply`) from its parent's side, where
    /// the parent inherited `(alpha0, beta)` and has raised its bound to `alpha`: moved away
    /// from every bound it would prune on by equality.
    fn perturb<G: Game>(
        &mut self,
        child: &G,
        ply: usize,
        t: Score,
        alpha0: Score,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let prunes_by_equality = |x: Score| x == beta || (x == alpha0 && alpha == alpha0);
        if !prunes_by_equality(t) {
            return t;
        }
        let key = child.hash();
        let coin = hash2(self.seed ^ 0x7e1b, key.unwrap_or(self.out.len() as u64));
        let step = if coin & 1 == 1 { 1 } else { -1 };
        let mut x = t;
        while prunes_by_equality(x) {
            x = Score(x.0 + step);
        }
        self.out.push(Perturbation {
            key,
            ply,
            from: -t,
            to: -x,
        });
        x
    }
}

/// `alphabeta` of `arachne-search` (fail-hard, deep cutoffs) with the perturbation of bottom
/// values; returns the node's value and whether it was a bottom position.
fn search<G: Game>(
    ctx: &mut Ctx<G>,
    tb: &mut Breaker<'_>,
    pos: &G,
    depth: u32,
    ply: usize,
    mut alpha: Score,
    beta: Score,
) -> Result<(Score, bool), Aborted> {
    let d = match ctx.open(pos, depth, ply)? {
        Node::Leaf(v) => return Ok((v, true)),
        Node::Interior(d) => d,
    };
    let alpha0 = alpha;
    for i in 0..d {
        let child = pos.play(ctx.move_at(ply, i));
        let (t, bottom) = if depth == 1 {
            (-ctx.bottom(&child, ply + 1)?, true)
        } else {
            let (v, b) = search(ctx, tb, &child, depth - 1, ply + 1, -beta, -alpha)?;
            (-v, b)
        };
        let t = if bottom {
            tb.perturb(&child, ply + 1, t, alpha0, alpha, beta)
        } else {
            t
        };
        if t > alpha {
            alpha = t;
            if alpha >= beta {
                ctx.cutoff(pos, ply, i, depth);
                break;
            }
        }
    }
    Ok((alpha, false))
}

#[cfg(test)]
mod tests;
