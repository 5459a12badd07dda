//! One file per subcommand.
pub mod analyze;
pub mod bestfirst;
pub mod experiment;
pub mod list;
pub mod mcts;
pub mod parallel;
pub mod perft;
pub mod play;
pub mod reproduce;
pub mod search;
pub mod smp;
pub mod uci;
