//! `MT` — Plaat, Schaeffer, Pijls and de Bruin's Memory-enhanced Test: a fail-soft null-window
//! alpha-beta search that stores every result in the transposition table and reuses it. The
//! building block of [`crate::sss`] (MT-SSS*) and [`crate::mtdf`] (MTD(f)).
//!
//! `mt(p, γ)` searches with the window `(γ − 1, γ)`: the result `g` is an upper bound on the
//! value when `g < γ` and a lower bound when `g ≥ γ`. Stored bounds are reused only at equal
//! draft (see [`Ctx::tt_cut`]).
use crate::context::{Ctx, Node, SearchResult};
use arachne_core::{Game, Score, Window};

/// `MT(p, γ)` searched `depth` plies deep.
pub fn mt<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    ply: usize,
    gamma: Score,
) -> SearchResult {
    ctx.enter(ply)?;
    let window = Window::null_at(gamma);
    if let Some(s) = ctx.tt_cut(pos, depth, ply, window) {
        return Ok(s);
    }
    let d = match ctx.node(pos, depth, ply) {
        Node::Leaf(v) => {
            ctx.tt_store(pos, depth, ply, v, Window::FULL, None);
            return Ok(v);
        }
        Node::Interior(d) => d,
    };
    let mut g = -Score::INF;
    let mut best = None;
    for i in 0..d {
        let child = pos.play(ctx.move_at(ply, i));
        let t = -mt(ctx, &child, depth - 1, ply + 1, -gamma + 1)?;
        if t > g {
            g = t;
            best = Some(i);
            // A failing-high node's line is of no use to its parent: skip the copy.
            if g < gamma || ply == 0 {
                ctx.new_best(ply, i);
            }
            if g >= gamma {
                ctx.cutoff(pos, ply, i, depth);
                break;
            }
        }
    }
    ctx.tt_store(pos, depth, ply, g, window, best);
    Ok(g)
}
