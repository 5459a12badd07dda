//! Search values.
//!
//! A [`Score`] is an `i32` in the negamax convention: positive is good for the side to move.
//! Three bands are reserved:
//!
//! * `±Score::INF` — sentinels for an open window; never the value of a position;
//! * `|s| >= Score::WIN - Score::MAX_PLY` — game-theoretic wins and losses. A win `k` plies from the
//!   root of a search is `Score::WIN - k`, so faster wins score higher and slower losses score
//!   higher ([`Score::win_in`], [`Score::loss_in`]);
//! * `|s| <= Score::MAX_EVAL` — heuristic and synthetic values.
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, Neg, Sub};

/// A search value in the negamax convention (from the side to move).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
#[repr(transparent)]
pub struct Score(pub i32);

impl Score {
    /// The open-window sentinel. Strictly larger than every real value.
    pub const INF: Score = Score(1_000_000_000);
    /// The value of a won game at ply 0 (the side to move has already won).
    pub const WIN: Score = Score(900_000_000);
    /// Deepest ply at which a win/loss distance is tracked.
    pub const MAX_PLY: i32 = 10_000;
    /// Largest magnitude a static evaluation may have.
    pub const MAX_EVAL: i32 = 800_000_000;
    /// A draw.
    pub const DRAW: Score = Score(0);
    /// The value of a lost game for the side to move, at ply 0.
    pub const LOSS: Score = Score(-900_000_000);

    /// A win for the side to move `ply` plies from here.
    #[inline]
    pub const fn win_in(ply: u32) -> Score {
        Score(Self::WIN.0 - ply as i32)
    }
    /// A loss for the side to move `ply` plies from here.
    #[inline]
    pub const fn loss_in(ply: u32) -> Score {
        Score(-Self::WIN.0 + ply as i32)
    }
    /// True for game-theoretic wins and losses.
    #[inline]
    pub const fn is_decisive(self) -> bool {
        self.0.abs() >= Self::WIN.0 - Self::MAX_PLY && self.0.abs() <= Self::WIN.0
    }
    /// True for the `±INF` sentinels.
    #[inline]
    pub const fn is_infinite(self) -> bool {
        self.0.abs() >= Self::INF.0
    }
    /// Plies to the end of the game for a decisive score (`None` otherwise).
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_decisive() {
            Some((Self::WIN.0 - self.0.abs()) as u32)
        } else {
            None
        }
    }
    /// Re-expresses a decisive score measured from the root as one measured from a node at `ply`
    /// (used when storing in a transposition table). Non-decisive scores are unchanged.
    #[inline]
    pub const fn to_node_relative(self, ply: u32) -> Score {
        if self.is_decisive() {
            if self.0 > 0 {
                Score(self.0 + ply as i32)
            } else {
                Score(self.0 - ply as i32)
            }
        } else {
            self
        }
    }
    /// Inverse of [`Score::to_node_relative`].
    #[inline]
    pub const fn to_root_relative(self, ply: u32) -> Score {
        if self.is_decisive() {
            if self.0 > 0 {
                Score(self.0 - ply as i32)
            } else {
                Score(self.0 + ply as i32)
            }
        } else {
            self
        }
    }
    /// Adjusts a static evaluation taken `ply` plies below the root: decisive values returned
    /// by [`crate::Game::evaluate`] as `WIN`/`LOSS` become `win_in(ply)`/`loss_in(ply)`.
    #[inline]
    pub const fn at_ply(self, ply: u32) -> Score {
        self.to_root_relative(ply)
    }
    /// The raw integer.
    #[inline]
    pub const fn get(self) -> i32 {
        self.0
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}
impl Add<i32> for Score {
    type Output = Score;
    #[inline]
    fn add(self, rhs: i32) -> Score {
        Score(self.0 + rhs)
    }
}
impl Sub<i32> for Score {
    type Output = Score;
    #[inline]
    fn sub(self, rhs: i32) -> Score {
        Score(self.0 - rhs)
    }
}

impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self >= Score::INF {
            write!(f, "+inf")
        } else if *self <= -Score::INF {
            write!(f, "-inf")
        } else if let Some(p) = self.plies_to_end() {
            // Plies, not moves (UCI's `score mate N` counts moves: N = ⌈plies / 2⌉).
            let unit = if p == 1 { "ply" } else { "plies" };
            if self.0 > 0 {
                write!(f, "win in {p} {unit}")
            } else {
                write!(f, "loss in {p} {unit}")
            }
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// An alpha-beta window `(alpha, beta)`: a search with this window is exact for values strictly
/// inside it, fails low at or below `alpha`, fails high at or above `beta`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Window {
    pub alpha: Score,
    pub beta: Score,
}

impl Window {
    /// `(-inf, +inf)`.
    pub const FULL: Window = Window {
        alpha: Score(-Score::INF.0),
        beta: Score::INF,
    };
    /// A window `(alpha, beta)`.
    #[inline]
    pub const fn new(alpha: Score, beta: Score) -> Window {
        Window { alpha, beta }
    }
    /// The minimal (null) window `(v - 1, v)` that tests whether a value is `>= v`.
    #[inline]
    pub const fn null_at(v: Score) -> Window {
        Window {
            alpha: Score(v.0 - 1),
            beta: v,
        }
    }
    /// The child's window in the negamax convention: `(-beta, -alpha)`.
    #[inline]
    pub fn negate(self) -> Window {
        Window {
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }
    /// True when the window is empty (`alpha >= beta`), i.e. a cutoff.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.alpha >= self.beta
    }
    /// True when `v` lies strictly inside the window.
    #[inline]
    pub fn contains(self, v: Score) -> bool {
        self.alpha < v && v < self.beta
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisive_scores_prefer_fast_wins() {
        assert!(Score::win_in(1) > Score::win_in(3));
        assert!(Score::loss_in(5) > Score::loss_in(1));
        assert!(Score::win_in(0) < Score::INF);
        assert!(Score::LOSS > -Score::INF);
        assert!(Score(Score::MAX_EVAL) < Score::win_in(Score::MAX_PLY as u32 - 1));
        assert_eq!(Score::win_in(7).plies_to_end(), Some(7));
        assert_eq!(Score(123).plies_to_end(), None);
    }

    #[test]
    fn decisive_scores_print_their_unit() {
        assert_eq!(Score::win_in(3).to_string(), "win in 3 plies");
        assert_eq!(Score::loss_in(1).to_string(), "loss in 1 ply");
        assert_eq!(Score(-40).to_string(), "-40");
    }

    #[test]
    fn tt_relative_roundtrip() {
        for s in [Score::win_in(9), Score::loss_in(4), Score(17), Score(-5)] {
            assert_eq!(s.to_node_relative(3).to_root_relative(3), s);
        }
        // A win 9 plies from the root is a win 6 plies from a node at ply 3.
        assert_eq!(Score::win_in(9).to_node_relative(3), Score::win_in(6));
    }

    #[test]
    fn windows() {
        let w = Window::new(Score(-3), Score(5));
        assert_eq!(w.negate(), Window::new(Score(-5), Score(3)));
        assert!(w.contains(Score(4)) && !w.contains(Score(5)));
        assert!(!Window::null_at(Score(2)).contains(Score(1)));
        assert!(Window::new(Score(2), Score(2)).is_empty());
    }
}
