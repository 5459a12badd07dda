//! # arachne-core
//!
//! The small core every other arachne crate builds on:
//!
//! * [`Game`] — a position type with legal moves in generation order, copy-make
//!   [`Game::play`], a static value in the negamax convention and an optional hash;
//! * [`Score`] — search values with ±infinity sentinels and win/loss scores that prefer
//!   faster wins;
//! * [`Window`] — an alpha-beta window;
//! * [`Limits`] and [`StopFlag`] — depth, node budget, deadline and a shared stop flag;
//! * [`Stats`] — the counts the papers report (interior nodes, bottom positions, move
//!   generations, cutoffs);
//! * [`TranspositionTable`] — fixed size, depth-preferred, lock-free (shareable between threads);
//! * [`rng`] — counter-based hashing used by the synthetic trees.
//!
//! The arrows of the workspace point one way: front ends (cli, Python, experiments, engine) →
//! the facade `arachne` → (parallel, bestfirst, search, analysis) → (runtime, games) → core.

pub mod extension;
pub mod game;
pub mod limits;
pub mod parse;
pub mod probe;
pub mod rng;
pub mod root_moves;
pub mod score;
pub mod stats;
pub mod tt;

pub use game::{count_games, perft, Game};
pub use limits::{Limits, StopFlag, StopReason};
pub use root_moves::RootMoves;
pub use score::{Score, Window};
pub use stats::Stats;
pub use tt::{Bound, TranspositionTable, TtEntry, TtError};
