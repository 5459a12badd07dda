//! `sss` — Stockman's SSS*, in Plaat et al.'s MT-SSS* formulation (seed 003 §2.1 cites
//! Stockman): a sequence of null-window [`mt`] searches starting from the upper bound +∞, each
//! lowering the upper bound, until a search fails high at the current bound. It examines the
//! same bottom positions as Stockman's OPEN-list algorithm (Plaat et al. 1996), with a
//! transposition table in place of the OPEN list.
use crate::context::{Aborted, Ctx};
use crate::mt::mt;
use arachne_core::{Game, Score};

/// The exact value of `pos` searched `depth` plies deep, and the root's principal line of the
/// final (failing-high) pass.
pub fn sss<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
) -> Result<(Score, Vec<G::Move>), Aborted> {
    let mut g = Score::INF;
    loop {
        let gamma = g;
        g = mt(ctx, pos, depth, 0, gamma)?;
        if g >= gamma {
            return Ok((g, ctx.pv(0).to_vec()));
        }
    }
}
