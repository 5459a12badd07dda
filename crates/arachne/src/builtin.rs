//! [`build_playing`] for the games of [`crate::games`], compiled once, in this crate.
//!
//! A generic function is compiled again in every crate that calls it with a type (release
//! builds share no generic code between crates), so a front end that plays the built-in games
//! through [`crate::build_playing`] compiles every serial, shared-memory, best-first and Monte
//! Carlo searcher again for each of them. [`build_playing`] here is a short generic function
//! that finds the game's type among the built-in ones and calls a function of this crate that
//! is not generic, so the front end compiles none of the searchers. (`arachne play` and the
//! UCI engine build through it.) A game of your own goes through [`crate::build_playing`].
use crate::games::{
    Checkers, Chess, Connect4, IidTree, IncrementalTree, OrderedTree, Othello, TicTacToe,
};
use crate::{RunError, SearchRequest, Searcher};
use arachne_core::{Game, RootMoves};
use arachne_games::GameInfo;
use std::any::{Any, TypeId};

type Built<G> = Result<Box<dyn Searcher<G>>, RunError>;

/// [`crate::build_playing`] for a game of [`crate::games`] (or a chess position restricted to
/// some of its moves, [`RootMoves`]`<`[`Chess`]`>`); any other game type is an error
/// ([`RunError::Failed`]) naming it.
pub fn build_playing<G: Game>(req: &SearchRequest, info: &GameInfo) -> Built<G> {
    macro_rules! each {
        ($($ty:ty => $f:ident),* $(,)?) => {
            $(
                /// Not generic: compiled here, once.
                fn $f(req: &SearchRequest, info: &GameInfo) -> Built<$ty> {
                    crate::build_playing::<$ty>(req, info)
                }
                if TypeId::of::<G>() == TypeId::of::<$ty>() {
                    return $f(req, info).map(cast::<$ty, G>);
                }
            )*
        };
    }
    each!(
        Chess => chess,
        RootMoves<Chess> => chess_root_moves,
        Checkers => checkers,
        Othello => othello,
        Connect4 => connect4,
        TicTacToe => tictactoe,
        IidTree => iid,
        IncrementalTree => incremental,
        OrderedTree => ordered,
    );
    Err(RunError::failed(format!(
        "{} is not a game of arachne's games: build its searcher with arachne::build_playing",
        std::any::type_name::<G>()
    )))
}

/// `searcher` as the searcher of `G`, which is `H` (checked by the caller).
fn cast<H: Game, G: Game>(searcher: Box<dyn Searcher<H>>) -> Box<dyn Searcher<G>> {
    let any: Box<dyn Any> = Box::new(searcher);
    *any.downcast::<Box<dyn Searcher<G>>>()
        .expect("the caller compared the type ids")
}
