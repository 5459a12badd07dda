//! Arachne as an engine: the pieces that turn the searchers into something that plays.
//!
//! - [`uci`]: the UCI server (`arachne uci`), with time management and iterative deepening
//!   over any serial searcher, the shared-memory searchers and Monte Carlo tree search;
//! - [`uci::client`]: the UCI client, an external engine (e.g. Stockfish) run as a child process
//!   and asked for fixed-depth searches: RBFM's black-box evaluator (Shoham–Toledo 2002 §5.1);
//! - [`shallow`]: RBFM's chess evaluator (Shoham–Toledo §5.1, §5.2), a shallow fail-soft
//!   alpha-beta or an external engine's search as the static value, with the paper's extensions
//!   and checks first, and §5.4's learning of the chess table ([`shallow::learn_chess`]);
//! - [`play`]: the one match runner (`arachne play`, the RBFM games);
//! - [`learn`]: learning RBFM's distribution tables.
//!
//! The engine is a front end over the facade crate [`arachne`], which holds the typed search
//! request, the registry of algorithms and the dispatch to every family of searchers.
pub mod learn;
pub mod play;
pub mod shallow;
pub mod uci;
