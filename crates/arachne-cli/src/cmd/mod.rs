//! One file per subcommand.
pub mod analyze;
pub mod bench;
pub mod epd;
pub mod experiment;
pub mod learn;
pub mod list;
pub mod perft;
pub mod play;
pub mod reproduce;
pub mod search;
pub mod speedup;
pub mod tour;
pub mod uci;
