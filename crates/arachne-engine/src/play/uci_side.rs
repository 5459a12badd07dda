//! A UCI chess engine as a side of `arachne play`: `uci[:engine=PATH][,depth=D|time=MS|nodes=N]
//! [,Option=value,…]` — e.g. `uci:engine=/usr/games/stockfish,UCI_LimitStrength=true,UCI_Elo=2000,time=200`.
//!
//! - `engine=` is the program (default: [`find_engine`]: `ARACHNE_UCI_ENGINE`, else `stockfish`
//!   on `PATH` or in `/usr/games`). Every other key that is not a budget is a UCI option, set
//!   with `setoption name KEY value VALUE` after the handshake, in the order given (`Threads`
//!   and `Hash` are the engine's own defaults unless given).
//! - Each move is one `position fen FEN` and one `go depth D` (the side's `depth=` or the
//!   match's), with `movetime MS` for `time=` and `nodes N` for `nodes=`: the engine stops at
//!   the first it reaches, as the other side does.
//! - The engine is told the position, not the moves that led to it, so it does not see
//!   repetitions of the game's history; `arachne play` adjudicates threefold repetition itself,
//!   for both sides alike. Each game starts with `ucinewgame`.
//! - Its value is the score of its last `info` line (an estimate, [`ValueKind::Estimate`]);
//!   its nodes are the nodes it reports.
//!
//! A UCI engine plays chess only: on another game the side is refused with one line.
use crate::uci::client::{find_engine, UciPlayer};
use arachne::games::Chess;
use arachne::{Detail, Outcome, Progress, RunError, Searcher, ValueKind};
use arachne_core::{Game, Limits, Score, Stats};
use std::any::{Any, TypeId};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The algorithm name of a UCI engine side.
pub const NAME: &str = "uci";

/// A UCI engine side as parsed: the program and the options to set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSide {
    /// The program (`engine=`).
    pub path: PathBuf,
    /// UCI options, in order.
    pub options: Vec<(String, String)>,
}

impl EngineSide {
    /// The side's program and options from its keys other than the budgets; the error is one
    /// line naming the side.
    pub fn parse(spec: &str, pairs: &[(String, String)]) -> Result<EngineSide, String> {
        let mut path = None;
        let mut options = Vec::new();
        for (k, v) in pairs {
            if k == "engine" {
                path = Some(PathBuf::from(v));
            } else if k.is_empty() || k.contains('\n') || v.contains('\n') {
                return Err(format!("`{spec}`: `{k}` is not a UCI option name"));
            } else {
                options.push((k.clone(), v.clone()));
            }
        }
        let path = match path.or_else(find_engine) {
            Some(p) => p,
            None => {
                return Err(format!(
                    "`{spec}`: no UCI engine: give engine=PATH (or set ARACHNE_UCI_ENGINE, or install stockfish)"
                ))
            }
        };
        Ok(EngineSide { path, options })
    }

    /// The searcher of this side on the game `G`: the engine started and its options set, or
    /// one line (not chess; the program would not start or is not a UCI engine).
    pub fn start<G: Game>(&self, spec: &str) -> Result<Box<dyn Searcher<G>>, String> {
        if TypeId::of::<G>() != TypeId::of::<Chess>() {
            return Err(format!("`{spec}`: a UCI engine plays chess only"));
        }
        let player =
            UciPlayer::start(&self.path, &self.options).map_err(|e| format!("`{spec}`: {e}"))?;
        Ok(Box::new(UciSide { player }))
    }
}

/// A UCI engine searching the positions of a game (module docs).
struct UciSide {
    player: UciPlayer,
}

/// `go`'s arguments for `limits`: `depth D`, and `movetime MS` (the time left to the deadline)
/// and `nodes N` where they are set; the engine stops at the first it reaches, as the other
/// side does.
fn go_args(limits: &Limits) -> String {
    let mut args = format!("depth {}", limits.depth.unwrap_or(1).max(1));
    if let Some(d) = limits.deadline {
        let left = d
            .saturating_duration_since(Instant::now())
            .max(Duration::from_millis(1));
        args += &format!(" movetime {}", left.as_millis());
    }
    if let Some(n) = limits.nodes {
        args += &format!(" nodes {n}");
    }
    args
}

impl<G: Game> Searcher<G> for UciSide {
    fn search_with(
        &mut self,
        root: &G,
        limits: &Limits,
        _progress: Progress<'_, G::Move>,
    ) -> Result<Outcome<G::Move>, RunError> {
        let pos = (root as &dyn Any)
            .downcast_ref::<Chess>()
            .ok_or_else(|| RunError::refused(NAME, "a UCI engine plays chess only"))?;
        let start = Instant::now();
        let (infos, best) = self
            .player
            .go(&pos.fen(), &go_args(limits))
            .map_err(|e| RunError::failed(e.to_string()))?;
        let best_move = match best {
            Some(b) => Some(pos.parse_uci(&b).map_err(|e| {
                RunError::failed(format!(
                    "UCI engine `{}` played `{b}`, not a legal move: {e}",
                    self.player.name()
                ))
            })?),
            None => None,
        };
        // The move as the game's: `G` is `Chess` (checked above).
        let best_move = best_move.map(|m| {
            *(Box::new(m) as Box<dyn Any>)
                .downcast::<G::Move>()
                .expect("G is Chess")
        });
        let scored = infos.iter().rev().find(|i| i.score.is_some());
        let stats = Stats {
            leaves: infos.iter().rev().find_map(|i| i.nodes).unwrap_or(0),
            ..Stats::default()
        };
        Ok(Outcome {
            algo: format!("{NAME} ({})", self.player.name()),
            value: scored.and_then(|i| i.score).map_or(Score::DRAW, |s| s.0),
            kind: if scored.is_some() {
                ValueKind::Estimate
            } else {
                ValueKind::Unknown
            },
            best_move,
            pv: best_move.into_iter().collect(),
            depth: scored.and_then(|i| i.depth),
            stats,
            elapsed: start.elapsed(),
            stopped: None,
            detail: Detail::Serial,
        })
    }

    fn new_game(&mut self) {
        // An engine that stopped answering fails at its next search, with its message.
        let _ = self.player.new_game();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_takes_the_depth_and_the_time_and_nodes_where_set() {
        assert_eq!(go_args(&Limits::depth(7)), "depth 7");
        assert_eq!(
            go_args(&Limits::depth(7).with_nodes(5000)),
            "depth 7 nodes 5000"
        );
        let t = go_args(&Limits::depth(7).with_time(Duration::from_secs(2)));
        let ms: u64 = t
            .strip_prefix("depth 7 movetime ")
            .unwrap()
            .parse()
            .unwrap();
        assert!((1900..=2000).contains(&ms), "{t}");
    }

    #[test]
    fn options_are_kept_in_order_with_their_case() {
        let pairs = [
            ("engine".to_string(), "/bin/true".to_string()),
            ("UCI_LimitStrength".to_string(), "true".to_string()),
            ("UCI_Elo".to_string(), "2000".to_string()),
        ];
        let e = EngineSide::parse("uci:…", &pairs).unwrap();
        assert_eq!(e.path, PathBuf::from("/bin/true"));
        assert_eq!(e.options[1], ("UCI_Elo".to_string(), "2000".to_string()));
        // UCI option names may hold spaces (Stockfish's `Skill Level`); a line break may not.
        let e = EngineSide::parse(
            "uci:…",
            &[
                ("engine".into(), "x".into()),
                ("Skill Level".into(), "3".into()),
            ],
        );
        assert_eq!(
            e.unwrap().options,
            [("Skill Level".to_string(), "3".to_string())]
        );
        assert!(EngineSide::parse(
            "uci:…",
            &[("engine".into(), "x".into()), ("a\nb".into(), "3".into())]
        )
        .is_err());
    }
}
