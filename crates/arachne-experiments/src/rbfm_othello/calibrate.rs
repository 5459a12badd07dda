//! The calibration of `--matching pv-depth` (seed 002 §3.2.5, §4.1): the principal-variation
//! depths of RBFM and BFM whose generated nodes, summed over games against alpha-beta, come
//! nearest alpha-beta's ([`pick_depth`]).
use super::games::{game, PvDepths, Who};
use super::Setup;
use crate::Progress;
use arachne_games::Othello;
/// The deepest principal variation the calibration tries (an Othello game has at most 60
/// moves).
const MAX_PV: u32 = 60;

/// The principal-variation depth whose generated nodes come nearest alpha-beta's (§3.2.5: "the
/// search depth of RBFM that results in approximately the same number of generated nodes,
/// when summed over all the games"). `ratio(k)` is the best-first player's generated nodes
/// over alpha-beta's at depth `k` in `1 ..= max`, taken to grow with `k` (about
/// geometrically: a search costs more per ply deeper). From `start` the search steps up while
/// the ratio is below 1, or down while it is at least 1, until it brackets 1 (or reaches `1` /
/// `max`), then bisects the bracket to two adjacent depths. A step is one depth, then the
/// depth at which the last two ratios, extrapolated geometrically, would reach 1 — at least
/// one and at most twice the step before (the games at a deep calibration depth are the
/// costliest, so overshooting is avoided); it returns the depth tried whose ratio is nearest 1 on a log scale (ties:
/// the shallower) and every `(depth, ratio)` tried, by depth. For a ratio that grows with `k`
/// that is the depth of all `1 ..= max` nearest 1.
pub fn pick_depth(
    start: u32,
    max: u32,
    mut ratio: impl FnMut(u32) -> f64,
) -> (u32, Vec<(u32, f64)>) {
    let mut tried: Vec<(u32, f64)> = Vec::new();
    let mut at = |k: u32, tried: &mut Vec<(u32, f64)>| {
        let r = ratio(k);
        tried.push((k, r));
        r
    };
    let mut k = start.clamp(1, max);
    let up = at(k, &mut tried) < 1.0;
    // The bracket: `lo` below 1, `hi` at or above it (when known).
    let (mut lo, mut hi) = if up { (Some(k), None) } else { (None, Some(k)) };
    let mut step = 1;
    loop {
        if let [.., (k0, r0), (k1, r1)] = tried[..] {
            // Geometric extrapolation of the last two ratios to 1.
            let slope = (r1.ln() - r0.ln()) / (k1 as f64 - k0 as f64);
            let want = (-r1.ln() / slope).abs().ceil();
            let prev = k1.abs_diff(k0);
            step = if want.is_finite() && slope > 0.0 {
                (want as u32).clamp(1, 2 * prev)
            } else {
                2 * prev
            };
        }
        let next = if up {
            (k + step).min(max)
        } else {
            k.saturating_sub(step).max(1)
        };
        if next == k {
            break;
        }
        k = next;
        if at(k, &mut tried) < 1.0 {
            lo = Some(k);
            if !up {
                break;
            }
        } else {
            hi = Some(k);
            if up {
                break;
            }
        }
    }
    if let (Some(mut l), Some(mut h)) = (lo, hi) {
        while h - l > 1 {
            let m = l + (h - l) / 2;
            if at(m, &mut tried) < 1.0 {
                l = m;
            } else {
                h = m;
            }
        }
    }
    tried.sort_by_key(|t| t.0);
    let best = tried
        .iter()
        .min_by(|a, b| a.1.ln().abs().total_cmp(&b.1.ln().abs()))
        .expect("tried")
        .0;
    (best, tried)
}

/// Calibrates `who`'s principal-variation depth against alpha-beta to `depth` by games from
/// `openings` (each played twice, colours swapped): the depth from [`pick_depth`], the depths
/// tried with their node ratios, and the number of games played.
pub(super) fn calibrate(
    who: Who,
    depth: u32,
    start: u32,
    openings: &[Othello],
    seed: u64,
    progress: &Progress,
) -> (u32, Vec<(u32, f64)>, u64) {
    let mut games = 0;
    let (k, tried) = pick_depth(start, MAX_PV, |k| {
        let pv = PvDepths {
            rbfm: Some(k),
            bfm: Some(k),
        };
        let (mut mine, mut ab) = (0u64, 0u64);
        for (i, p) in openings.iter().enumerate() {
            for order in [[who, Who::Ab], [Who::Ab, who]] {
                let r = game(p, order, depth, pv, seed + i as u64, &Setup::default());
                let me = usize::from(order[0] != who);
                mine += r.nodes[me];
                ab += r.nodes[1 - me];
                games += 1;
            }
        }
        let r = mine as f64 / ab.max(1) as f64;
        progress.message(format!(
            "Othello, alpha-beta depth {depth}: {who:?} to principal-variation depth {k}: {r:.2} × alpha-beta's nodes"
        ));
        r
    });
    (k, tried, games)
}
