//! [`RootMoves`]: a position whose root offers only some of its legal moves, for UCI's
//! `go searchmoves m1 m2 …` (analysis of chosen moves). Below the root the game is the wrapped
//! game unchanged: every hook of [`Game`] is forwarded, so every searcher and every option
//! (ordering, quiescence, check extension, null move, tables) behaves as on the game itself.
//!
//! The root's [`Game::hash`] is the game's key mixed with a key of the allowed moves, so a
//! transposition table shared with unrestricted searches (the UCI engine keeps one between
//! `go` commands) never answers the restricted root from an unrestricted entry, nor the other
//! way round; every other position keeps the game's key and shares the table's entries.
use crate::{Game, Score};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A position of `G` whose moves, at the root only, are restricted to a given set.
#[derive(Clone, Debug)]
pub struct RootMoves<G: Game> {
    pos: G,
    /// The allowed moves at this position (`Some` only at the root) and their key.
    only: Option<(Arc<[G::Move]>, u64)>,
}

impl<G: Game> RootMoves<G> {
    /// `pos` with its moves restricted to those of `only` (moves of `only` that are not legal
    /// in `pos` are never generated). An empty `only` leaves a position without moves.
    pub fn new(pos: G, only: &[G::Move]) -> Self {
        // Order-independent key of the set of moves.
        let key = only.iter().fold(0x9e37_79b9_7f4a_7c15u64, |k, m| {
            let mut h = DefaultHasher::new();
            m.hash(&mut h);
            k ^ h
                .finish()
                .rotate_left(17)
                .wrapping_mul(0xff51_afd7_ed55_8ccd)
        });
        RootMoves {
            pos,
            only: Some((only.into(), key)),
        }
    }

    /// Below the root: the game itself.
    fn below(pos: G) -> Self {
        RootMoves { pos, only: None }
    }

    /// `pos` without a restriction: the game itself, as every position below the root is
    /// (what the wrapper-forwarding test probes).
    pub fn unrestricted(pos: G) -> Self {
        Self::below(pos)
    }

    /// The wrapped position.
    pub fn position(&self) -> &G {
        &self.pos
    }

    fn allowed(&self, mv: G::Move) -> bool {
        self.only.as_ref().is_none_or(|(o, _)| o.contains(&mv))
    }
}

impl<G: Game> Game for RootMoves<G> {
    type Move = G::Move;

    fn moves(&self, out: &mut Vec<Self::Move>) {
        self.pos.moves(out);
        if self.only.is_some() {
            out.retain(|&m| self.allowed(m));
        }
    }

    fn play(&self, mv: Self::Move) -> Self {
        Self::below(self.pos.play(mv))
    }

    fn evaluate(&self) -> Score {
        self.pos.evaluate()
    }

    fn successor_values(&self) -> impl Fn(Self::Move) -> Score + '_ {
        self.pos.successor_values()
    }

    fn is_terminal(&self) -> bool {
        self.pos.is_terminal()
    }

    fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    fn null_move(&self) -> Option<Self> {
        self.pos.null_move().map(Self::below)
    }

    fn hash(&self) -> Option<u64> {
        let h = self.pos.hash()?;
        Some(match &self.only {
            Some((_, key)) => h ^ key,
            None => h,
        })
    }

    fn noisy_moves(&self, out: &mut Vec<Self::Move>) {
        self.pos.noisy_moves(out);
        if self.only.is_some() {
            out.retain(|&m| self.allowed(m));
        }
    }

    fn order_hint(&self, mv: Self::Move) -> i32 {
        self.pos.order_hint(mv)
    }

    fn history_index(&self, mv: Self::Move) -> Option<usize> {
        self.pos.history_index(mv)
    }

    const HISTORY_SIZE: usize = G::HISTORY_SIZE;
    const TRANSPOSITIONS: bool = G::TRANSPOSITIONS;

    fn move_name(&self, mv: Self::Move) -> String {
        self.pos.move_name(mv)
    }

    fn parse_move(&self, name: &str) -> Option<Self::Move> {
        self.pos.parse_move(name).filter(|&m| self.allowed(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter game: a position is a number, a move adds 1, 2 or 3, values are `n mod 7`;
    /// every hook says something, so forwarding can be seen.
    #[derive(Clone, Debug)]
    struct Count(u32);

    impl Game for Count {
        type Move = u8;
        fn moves(&self, out: &mut Vec<u8>) {
            out.clear();
            if self.0 < 20 {
                out.extend([1, 2, 3]);
            }
        }
        fn play(&self, mv: u8) -> Self {
            Count(self.0 + mv as u32)
        }
        fn evaluate(&self) -> Score {
            Score((self.0 % 7) as i32)
        }
        fn successor_values(&self) -> impl Fn(u8) -> Score + '_ {
            |mv| Score(100 + mv as i32)
        }
        fn is_terminal(&self) -> bool {
            self.0 == 13
        }
        fn in_check(&self) -> bool {
            self.0 % 2 == 1
        }
        fn null_move(&self) -> Option<Self> {
            Some(Count(self.0 + 10))
        }
        fn hash(&self) -> Option<u64> {
            Some(self.0 as u64 * 31)
        }
        fn noisy_moves(&self, out: &mut Vec<u8>) {
            out.clear();
            out.extend([3, 1]);
        }
        fn order_hint(&self, mv: u8) -> i32 {
            -(mv as i32)
        }
        fn history_index(&self, mv: u8) -> Option<usize> {
            Some(mv as usize)
        }
        const HISTORY_SIZE: usize = 4;
        fn move_name(&self, mv: u8) -> String {
            format!("+{mv}")
        }
    }

    #[test]
    fn restricts_the_root_only_and_forwards_every_hook() {
        let r = RootMoves::new(Count(1), &[3, 1]);
        let mut v = Vec::new();
        r.moves(&mut v);
        assert_eq!(v, vec![1, 3], "generation order kept, 2 left out");
        r.noisy_moves(&mut v);
        assert_eq!(v, vec![3, 1]);
        assert_eq!(r.parse_move("+2"), None);
        assert_eq!(r.parse_move("+3"), Some(3));
        assert_ne!(
            r.hash(),
            Count(1).hash(),
            "the restricted root has its own key"
        );
        assert_ne!(
            r.hash(),
            RootMoves::new(Count(1), &[1]).hash(),
            "different sets, different keys"
        );
        assert_eq!(r.hash(), RootMoves::new(Count(1), &[1, 3]).hash());
        // Below the root: the game itself, hook by hook.
        let c = r.play(2);
        assert_eq!(c.position().0, 3);
        c.moves(&mut v);
        assert_eq!(v, vec![1, 2, 3]);
        assert_eq!(c.hash(), Count(3).hash());
        assert_eq!(c.evaluate(), Score(3));
        assert_eq!(c.successor_values()(2), Score(102));
        assert!(c.in_check());
        assert_eq!(c.null_move().map(|n| n.position().0), Some(13));
        assert!(c.play(3).play(3).play(3).play(1).is_terminal());
        assert_eq!(c.order_hint(2), -2);
        assert_eq!(c.history_index(3), Some(3));
        assert_eq!(<RootMoves<Count> as Game>::HISTORY_SIZE, 4);
        assert_eq!(c.move_name(1), "+1");
        assert_eq!(r.successor_values()(1), Score(101));
        assert!(r.in_check());
    }
}
