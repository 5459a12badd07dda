//! `palphabeta` — principal-line alpha-beta (seed 000 §8.3), the ancestor of PVS/NegaScout.
//!
//! Called only on nodes of the principal line: the first successor is searched by `palphabeta`
//! itself, every other successor first with the minimal window `(−m−1, −m)` by fail-soft
//! `falphabeta`; a successor that turns out better (`t > m`) is searched again, which by §8.1
//! Theorem 1 yields its exact value. Exact at the root.
//!
//! One deliberate difference from the paper: the re-search window is `(−∞, −t + 1)` rather
//! than `(−∞, −t)`. The first search proved the successor's value `≤ −t`, so both windows give
//! the same value, but with the paper's window a successor worth exactly `−t` fails high at its
//! own `β` and its principal line is not established; one unit more makes it a success.
use crate::context::{Ctx, Node, SearchResult};
use crate::falphabeta::falphabeta;
use arachne_core::{Game, Score};

/// `palphabeta(p)` searched `depth` plies deep: the exact negamax value.
pub fn palphabeta<G: Game>(ctx: &mut Ctx<G>, pos: &G, depth: u32, ply: usize) -> SearchResult {
    let d = match ctx.open(pos, depth, ply)? {
        Node::Leaf(v) => return Ok(v),
        Node::Interior(d) => d,
    };
    let first = pos.play(ctx.move_at(ply, 0));
    let mut m = -palphabeta(ctx, &first, depth - 1, ply + 1)?;
    ctx.new_best(ply, 0);
    for i in 1..d {
        let child = pos.play(ctx.move_at(ply, i));
        let t = -falphabeta(ctx, &child, depth - 1, ply + 1, -m - 1, -m)?;
        if t > m {
            m = -falphabeta(ctx, &child, depth - 1, ply + 1, -Score::INF, -t + 1)?;
            ctx.new_best(ply, i);
        }
    }
    Ok(m)
}
