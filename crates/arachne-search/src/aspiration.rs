//! `aspiration` — aspiration search: each stage of staged iteration starts with a narrow
//! window `(v − δ, v + δ)` around the previous stage's value `v` (Baudet's observation in seed
//! 000 §3 that a narrow window speeds up the serial search), searched with fail-soft
//! alpha-beta whose bottom positions' quiescence searches run in the node's window
//! (`falphabeta_windowed`: the same values as `falphabeta` by §8.1's Theorem 1, for fewer
//! quiescence positions — on the 19 LCT II positions of `rbfm-chess` it reached one or two
//! plies deeper within 5 M nodes; without quiescence the two are the same search). On a failure the fail-soft bound of §8.1 narrows the re-search: after a
//! fail low with result `g ≤ α` the stage is searched again with `(−∞, g + 1)`, after a fail
//! high with `(g − 1, +∞)`. The first stage uses the full window.
use crate::context::{Aborted, Ctx};
use crate::falphabeta::falphabeta_windowed;
use crate::staged::Stage;
use crate::ValueKind;
use arachne_core::{Game, Score};

/// The half-width δ of `aspiration` when none is given (`aspiration:delta=50`).
pub const DEFAULT_DELTA: i32 = 50;

/// One aspiration stage: depth `depth` around the previous stage's value.
pub fn aspiration_stage<G: Game>(
    ctx: &mut Ctx<G>,
    root: &G,
    depth: u32,
    prev: Option<&Stage<G::Move>>,
    delta: i32,
) -> Result<(Score, ValueKind), Aborted> {
    let inf = Score::INF;
    let Some(prev) = prev.filter(|p| !p.value.is_decisive()) else {
        return Ok((
            falphabeta_windowed(ctx, root, depth, 0, -inf, inf)?,
            ValueKind::Exact,
        ));
    };
    let alpha = Score((prev.value.0 as i64 - delta as i64).max(-inf.0 as i64) as i32);
    let beta = Score((prev.value.0 as i64 + delta as i64).min(inf.0 as i64) as i32);
    let g = falphabeta_windowed(ctx, root, depth, 0, alpha, beta)?;
    let v = if g <= alpha {
        falphabeta_windowed(ctx, root, depth, 0, -inf, g + 1)?
    } else if g >= beta {
        falphabeta_windowed(ctx, root, depth, 0, g - 1, inf)?
    } else {
        g
    };
    Ok((v, ValueKind::Exact))
}
