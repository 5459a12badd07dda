//! `mtdf` — Plaat's MTD(f): converges on the value from a first guess `f` with null-window
//! [`mt`] searches, narrowing `[lower, upper]` until they meet.
use crate::context::{Aborted, Ctx};
use crate::mt::mt;
use arachne_core::{Game, Score};

/// The exact value of `pos` searched `depth` plies deep from the first guess `f`, and the
/// principal line of the last pass that failed high (the one that proved the best move).
pub fn mtdf<G: Game>(
    ctx: &mut Ctx<G>,
    pos: &G,
    depth: u32,
    mut f: Score,
) -> Result<(Score, Vec<G::Move>), Aborted> {
    // A guess outside the open window would overflow the null windows below.
    f = f.clamp(-Score::INF + 1, Score::INF);
    let (mut lower, mut upper) = (-Score::INF, Score::INF);
    let mut pv = Vec::new();
    while lower < upper {
        let beta = if f == lower { f + 1 } else { f };
        f = mt(ctx, pos, depth, 0, beta)?;
        if f < beta {
            upper = f;
        } else {
            lower = f;
            pv = ctx.pv(0).to_vec();
        }
    }
    Ok((f, pv))
}
