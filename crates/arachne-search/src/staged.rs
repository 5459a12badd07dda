//! `staged` — staged iteration (seed 000 §8.1), i.e. iterative deepening: the tree is searched
//! to depths 1, 2, …, N; after each stage the principal line is saved, and the next stage
//! descends it first ("whenever a node on the principal line is visited, its principal child is
//! examined first"). With a transposition table (real games) each node's best move from the
//! previous stage is also tried first.
//!
//! Around `alphabeta`, `lalphabeta` and `palphabeta` this is the paper's `salphabeta`,
//! `slalphabeta` and `spalphabeta` (§8.4). The per-stage search is a closure, which is also how
//! [`crate::aspiration`] reuses this driver.
use crate::context::{Aborted, Ctx};
use crate::ValueKind;
use arachne_core::{Game, Score};

/// Called after each completed stage.
pub type StageReport<'r, G> = dyn FnMut(&Stage<<G as Game>::Move>, &Ctx<G>) + 'r;

/// One completed stage.
#[derive(Clone, Debug)]
pub struct Stage<M> {
    /// Depth of the stage.
    pub depth: u32,
    /// Root value (see `kind`).
    pub value: Score,
    /// Whether `value` is exact or a bound.
    pub kind: ValueKind,
    /// Principal line.
    pub pv: Vec<M>,
}

/// Runs stages `1..=depth`, calling `stage(ctx, root, d, previous)` for each and `report` after
/// each completed stage. Returns the last completed stage, or the abort that stopped the
/// first one. A later stage that is aborted is discarded (its partial result is unreliable).
pub fn staged<G, F>(
    ctx: &mut Ctx<G>,
    root: &G,
    depth: u32,
    mut stage: F,
    report: &mut StageReport<'_, G>,
) -> Result<(Stage<G::Move>, Option<Aborted>), Aborted>
where
    G: Game,
    F: FnMut(&mut Ctx<G>, &G, u32, Option<&Stage<G::Move>>) -> Result<(Score, ValueKind), Aborted>,
{
    let mut last: Option<Stage<G::Move>> = None;
    for d in 1..=depth.max(1) {
        if let Some(prev) = &last {
            ctx.set_pv_hint(&prev.pv);
        }
        match stage(ctx, root, d, last.as_ref()) {
            Ok((value, kind)) => {
                let s = Stage {
                    depth: d,
                    value,
                    kind,
                    pv: ctx.pv(0).to_vec(),
                };
                report(&s, ctx);
                last = Some(s);
            }
            Err(a) => match last {
                Some(s) => return Ok((s, Some(a))),
                None => return Err(a),
            },
        }
    }
    Ok((last.expect("at least one stage"), None))
}
