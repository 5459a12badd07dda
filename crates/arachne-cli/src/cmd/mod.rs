//! One file per subcommand.
pub mod analyze;
pub mod experiment;
pub mod list;
pub mod parallel;
pub mod perft;
pub mod play;
pub mod reproduce;
pub mod search;
pub mod uci;
