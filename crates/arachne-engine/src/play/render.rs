//! The [`Report`] of a match: its JSON object and its text, as `arachne play` prints them.
use super::{MatchReport, MatchSettings, Side};
use arachne::registry::Family;
use arachne::report::{thousands, Report};
use serde_json::json;

impl MatchReport {
    /// The report of this match, played with `settings`, every result from the first side's
    /// (`--first`'s) point of view, which the text states: the match as "first won W, drew D,
    /// lost L", the score with its 95 % Wilson interval ([`super::score_interval`]), each
    /// side's limits, nodes and time, and every game as "first won", "first drew" or "first
    /// lost" with the side that moved first and why it ended. The JSON has the same under
    /// `first_wins`, `draws`, `second_wins` (the first side's losses), `first_score`,
    /// `first_score_ci95` and, per game, `first_result` (`won`, `drew`, `lost`) beside
    /// `result`, the chess-style result from the side that moved first (`1-0`, `1/2-1/2`,
    /// `0-1`).
    pub fn report(&self, settings: &MatchSettings) -> Report {
        let (w, d, l) = self.score();
        let (records, sides, depths, nodes, time) = (
            &self.records,
            &self.sides,
            self.depths,
            self.nodes,
            self.time,
        );
        let ci = self.score_interval();
        let score = ci.score;
        let games: Vec<_> = records
            .iter()
            .enumerate()
            .map(|(i, r)| {
                json!({
                    "game": i + 1,
                    "first_mover": if r.first_mover == 0 { "first" } else { "second" },
                    "opening": r.opening,
                    "moves": r.moves,
                    "plies": r.opening.len() + r.moves.len(),
                    "result": r.outcome.result(),
                    "first_result": r.outcome.for_side(0, r.first_mover),
                    "reason": r.reason,
                })
            })
            .collect();
        let mut rep = Report::new(json!({
            "game": self.spec,
            "first": sides[0].spec,
            "second": sides[1].spec,
            "depth_first": depths[0],
            "depth_second": depths[1],
            "time_limit_first_ms": sides[0].time.map(|t| t.as_millis() as u64),
            "time_limit_second_ms": sides[1].time.map(|t| t.as_millis() as u64),
            "games": records.len(),
            "seed": settings.seed,
            "first_wins": w,
            "draws": d,
            "second_wins": l,
            "first_score": score,
            "first_score_ci95": [ci.low, ci.high],
            "first_elo": elo(score),
            "first_elo_ci95": [elo(ci.low), elo(ci.high)],
            "point_of_view": "first",
            "first_nodes": nodes[0],
            "second_nodes": nodes[1],
            "first_time_ms": time[0].as_secs_f64() * 1e3,
            "second_time_ms": time[1].as_secs_f64() * 1e3,
            "results": games,
        }));
        rep.line(format_args!("game       {}", self.spec));
        rep.line(format_args!(
            "first      {} ({})",
            sides[0].spec,
            limit(&sides[0], depths[0])
        ));
        rep.line(format_args!(
            "second     {} ({})",
            sides[1].spec,
            limit(&sides[1], depths[1])
        ));
        rep.line(format_args!(
            "games      {} (seed {}, {} random plies per pair, colours swapped within a pair)",
            records.len(),
            settings.seed,
            settings.random_plies
        ));
        rep.line(format_args!(
            "results    from the first engine's point of view ({})",
            sides[0].spec
        ));
        rep.line(format_args!("result     first won {w}, drew {d}, lost {l}"));
        rep.line(format_args!(
            "score      {:.1}% for first, a draw counting half (95% interval {:.1}–{:.1}%, Wilson)",
            score * 100.0,
            ci.low * 100.0,
            ci.high * 100.0
        ));
        rep.line(format_args!(
            "elo        {} for first (95% interval {} to {}; −400·log10(1/score − 1))",
            elo_text(elo(score), score),
            elo_text(elo(ci.low), ci.low),
            elo_text(elo(ci.high), ci.high)
        ));
        rep.line(format_args!(
            "nodes      first {} ({:.1} s), second {} ({:.1} s)",
            thousands(nodes[0]),
            time[0].as_secs_f64(),
            thousands(nodes[1]),
            time[1].as_secs_f64()
        ));
        for (i, r) in records.iter().enumerate() {
            rep.line(format_args!(
                "game {:>3}  first {:<4}  ({} moved first; {}, {} plies)",
                i + 1,
                r.outcome.for_side(0, r.first_mover),
                if r.first_mover == 0 {
                    "first"
                } else {
                    "second"
                },
                r.reason,
                r.opening.len() + r.moves.len()
            ));
        }
        rep
    }
}

/// A side's limits as the text shows them: its depth (or principal-variation depth), its
/// nodes and its deadline a move.
fn limit(s: &Side, d: u32) -> String {
    let mut parts = Vec::new();
    let bf = s.family == Family::BestFirst;
    if s.family != Family::Mcts && !(bf && s.nodes.is_some() && s.depth.is_none()) {
        parts.push(if bf {
            format!("principal variation {d}")
        } else {
            format!("depth {d}")
        });
    }
    if let Some(n) = s.nodes {
        parts.push(format!("{n} nodes a move"));
    }
    if let Some(t) = s.time {
        parts.push(format!("deadline {} ms a move", t.as_millis()));
    }
    parts.join(", ")
}

/// The Elo difference a match score implies, `−400·log10(1/score − 1)` (the logistic model);
/// `None` at a score of 0 or 1, where it is unbounded.
pub fn elo(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}

/// An Elo difference in words: `+179`, `−285`, or `−∞`/`+∞` at a score of 0 or 1.
fn elo_text(elo: Option<f64>, score: f64) -> String {
    match elo {
        Some(e) if e.round() == 0.0 => "0".to_string(),
        Some(e) if e > 0.0 => format!("+{:.0}", e),
        Some(e) => format!("−{:.0}", -e),
        None if score >= 1.0 => "+∞".to_string(),
        None => "−∞".to_string(),
    }
}
