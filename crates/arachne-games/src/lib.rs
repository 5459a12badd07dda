//! # arachne-games
//!
//! Every game here implements [`arachne_core::Game`], so every searcher, serial or parallel,
//! runs on every game.
//!
//! * Synthetic trees, lazily generated with O(1) state per node and identical whatever order
//!   they are visited in: [`IidTree`] (Fuller–Gaschnig–Gillogly's model), [`IncrementalTree`]
//!   (Korf–Chickering incremental random trees, as in Shoham–Toledo §3.1.1) and
//!   [`OrderedTree`] (exact best-first, worst-first or random move ordering).
//! * Small real games for tests and demos: [`TicTacToe`], [`Connect4`].
//! * English checkers ([`Checkers`], PDN FEN and [`pdn`] game files) and [`Othello`], on
//!   bitboards.
//! * Chess ([`Chess`], on cozy-chess) with four evaluations (the Technology program's
//!   material, material with mobility, positional, and the strongest, `full`, the default of a
//!   game spec: [`chess::Eval`]), [`epd`] and [`pgn`] parsers and the bench positions of
//!   [`chess::bench`].
//!
//! [`notation`] gives a position's text (FEN or the game's documented string).
//!
//! [`spec`] parses the command-line game specs (`iid:n=3,d=5,seed=1`, …) and dispatches to a
//! generic visitor.

pub mod checkers;
pub mod chess;
pub mod connect4;
pub mod epd;
pub mod iid;
pub mod incremental;
pub mod notation;
pub mod ordered;
pub mod othello;
pub mod pdn;
pub mod pgn;
pub mod spec;
pub mod tictactoe;

pub use checkers::{Checkers, CheckersMove};
pub use chess::Chess;
pub use connect4::Connect4;
pub use iid::{IidParams, IidTree};
pub use incremental::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
pub use ordered::{Order, OrderedParams, OrderedTree};
pub use othello::Othello;
pub use spec::{with_game, GameInfo, GameVisitor, SpecError, Units};
pub use tictactoe::TicTacToe;
