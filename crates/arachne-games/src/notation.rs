//! The text of a built-in game's position, for embedders that hold a game behind `dyn Any`
//! (the Python package's `Game.fen()` and `str(game)`, crate `arachne-py`):
//!
//! * chess: FEN ([`crate::Chess::fen`]);
//! * checkers: PDN FEN ([`crate::Checkers::fen`]);
//! * Othello: the FFO test positions' board string ([`crate::Othello::board`]: 64 squares
//!   `a1`…`h8`, `X`/`O`/`-`, a space and the side to move), read back by `othello:pos=`;
//! * connect four and tic-tac-toe, which have no standard position notation: the documented
//!   strings of [`crate::Connect4::fen`] and [`crate::TicTacToe::fen`].
//!
//! The synthetic trees (`iid`, `incremental`, `ordered`) have no positions beyond their nodes;
//! a node is named by its move path from the root, which only the caller knows (a node keeps
//! a hash of it): [`fen`] returns `None` for them.
use crate::{Checkers, Chess, Connect4, Othello, TicTacToe};
use std::any::Any;

/// The position string of `game` (see the module docs), or `None` for a game without one.
pub fn fen(game: &dyn Any) -> Option<String> {
    if let Some(g) = game.downcast_ref::<Chess>() {
        return Some(g.fen());
    }
    if let Some(g) = game.downcast_ref::<Checkers>() {
        return Some(g.fen());
    }
    if let Some(g) = game.downcast_ref::<Othello>() {
        return Some(g.board());
    }
    if let Some(g) = game.downcast_ref::<Connect4>() {
        return Some(g.fen());
    }
    game.downcast_ref::<TicTacToe>().map(TicTacToe::fen)
}

/// A picture of `game`'s board (its `Display`: several lines for chess, connect four and
/// tic-tac-toe; the position string for checkers and Othello), or `None` for a game without
/// a board.
pub fn diagram(game: &dyn Any) -> Option<String> {
    if let Some(g) = game.downcast_ref::<Chess>() {
        return Some(g.to_string());
    }
    if let Some(g) = game.downcast_ref::<Checkers>() {
        return Some(g.to_string());
    }
    if let Some(g) = game.downcast_ref::<Othello>() {
        return Some(g.to_string());
    }
    if let Some(g) = game.downcast_ref::<Connect4>() {
        return Some(g.to_string());
    }
    game.downcast_ref::<TicTacToe>().map(TicTacToe::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_core::Game;

    #[test]
    fn tictactoe_strings() {
        let start = TicTacToe::new();
        assert_eq!(fen(&start).unwrap(), "--------- X");
        // X 5, O 1, X 9: O to move.
        let p = TicTacToe::from_moves("519").unwrap();
        assert_eq!(fen(&p).unwrap(), "O---X---X O");
        assert_eq!(diagram(&p).unwrap(), "O..\n.X.\n..X\n");
    }

    #[test]
    fn connect4_strings() {
        let start = Connect4::new();
        assert_eq!(
            fen(&start).unwrap(),
            "-------/-------/-------/-------/-------/------- X"
        );
        // X 4, O 4, X 5: O to move.
        let p = Connect4::from_moves("445").unwrap();
        assert_eq!(
            fen(&p).unwrap(),
            "-------/-------/-------/-------/---O---/---XX-- O"
        );
        assert_eq!(
            diagram(&p).unwrap(),
            ".......\n.......\n.......\n.......\n...O...\n...XX..\n1234567\n"
        );
        // Distinct positions, distinct strings; transpositions, one string.
        assert_eq!(
            fen(&Connect4::from_moves("4453").unwrap()),
            fen(&Connect4::from_moves("4354").unwrap())
        );
        assert_ne!(fen(&Connect4::from_moves("44").unwrap()), fen(&p));
    }

    #[test]
    fn othello_string_reads_back() {
        let p = Othello::start().play_line("f5d6").unwrap();
        let s = fen(&p).unwrap();
        assert_eq!(Othello::from_board(&s).unwrap(), p);
        assert!(s.ends_with(" X"), "{s}");
    }

    #[test]
    fn chess_and_checkers_are_fen_and_trees_have_none() {
        assert_eq!(
            fen(&Chess::startpos()).unwrap(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        let c = Checkers::from_fen("B:W21-32:B1-12").unwrap();
        assert_eq!(Checkers::from_fen(&fen(&c).unwrap()).unwrap(), c);
        let t = crate::IidTree::new(crate::IidParams {
            n: 2,
            d: 2,
            seed: 1,
            range: None,
        });
        assert_eq!(fen(&t), None);
        assert_eq!(diagram(&t), None);
        let mut moves = Vec::new();
        Connect4::new().moves(&mut moves);
        assert_eq!(moves.len(), 7);
    }
}
