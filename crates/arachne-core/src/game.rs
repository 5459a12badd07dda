//! The [`Game`] trait: what a searcher needs to know about a game.
use crate::Score;
use std::fmt::Debug;
use std::hash::Hash;

/// A game position.
///
/// Conventions shared by every searcher in arachne:
///
/// * **Moves in generation order.** [`Game::moves`] fills a caller-owned buffer (so searchers
///   reuse one buffer per ply and never allocate on the hot path). The order is deterministic:
///   it is the "natural" order the papers speak of, and move indices (the position of a move in
///   this list) are stable identifiers used e.g. by the transposition table.
/// * **Copy-make.** [`Game::play`] returns the successor; positions are small values.
/// * **Negamax convention.** [`Game::evaluate`] is the static value *from the side to move*.
///   A position whose side to move has lost returns [`Score::LOSS`], a win [`Score::WIN`];
///   searchers turn these into distance-aware scores with [`Score::at_ply`]. Heuristic values
///   must satisfy `|v| <= Score::MAX_EVAL`.
/// * **Terminal positions.** A position is terminal when it has no legal moves or when
///   [`Game::is_terminal`] says so (a connect-four line, a draw by rule). Searchers call
///   `evaluate` at terminal positions and at the search horizon.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move. Small and `Copy`.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// Replaces the contents of `out` with the legal moves, in generation order.
    fn moves(&self, out: &mut Vec<Self::Move>);

    /// The position after `mv` (which must be one of [`Game::moves`]).
    fn play(&self, mv: Self::Move) -> Self;

    /// Static value from the side to move (negamax convention).
    fn evaluate(&self) -> Score;

    /// The static values of this position's successors, as a function of the move:
    /// `f(mv) == self.play(mv).evaluate()` for every legal `mv` (from the side to move at the
    /// successor, as [`Game::evaluate`]). A searcher that needs a node's successors only for
    /// their static values — alpha-beta one ply above its horizon — asks for this function once
    /// per node and calls it in place of `play` followed by `evaluate`; it still counts every
    /// successor it values, so node counts do not depend on whether a game overrides it.
    ///
    /// Default: `play` then `evaluate`. A game overrides it when a successor's static value is
    /// cheaper to compute from the parent, e.g. with work shared by all the successors done
    /// once here (connect four finds the squares that would complete a line of four once,
    /// instead of testing each successor for a line).
    #[inline]
    fn successor_values(&self) -> impl Fn(Self::Move) -> Score + '_ {
        move |mv| self.play(mv).evaluate()
    }

    /// True when the game is over even though moves might be generated. Positions without
    /// legal moves are terminal whatever this returns. Default: `false`.
    #[inline]
    fn is_terminal(&self) -> bool {
        false
    }

    /// True when the side to move is in check (chess), i.e. a position where passing would be
    /// illegal and where searchers may extend the search (`SearchOptions::check_extension` in
    /// `arachne-search`). Default: `false` — games without checks are never extended.
    #[inline]
    fn in_check(&self) -> bool {
        false
    }

    /// The position after the side to move *passes* (a "null move": the same position with
    /// the other side to move), for the null-move heuristic (`SearchOptions::null_move` in
    /// `arachne-search`), or `None` where passing is not allowed or would mislead the search.
    /// A game returns `None` at least when the side to move is in check (passing would leave
    /// its king capturable) and where zugzwang is common — positions in which every move
    /// worsens the mover's position, so that "pass" would be better than any legal move and a
    /// null-move search would overestimate it. Chess returns `None` in check and when the side
    /// to move has only king and pawns. The null position is never a legal game position: a
    /// searcher uses it only to bound a node's value, never to report a move.
    ///
    /// Default: `None` (no null move; every game keeps its exact values).
    #[inline]
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// A 64-bit key identifying the position (Zobrist or similar), if the game has one.
    /// Synthetic trees return a unique node key. Used by transposition tables.
    #[inline]
    fn hash(&self) -> Option<u64> {
        None
    }

    /// Moves for a quiescence search (e.g. captures in chess), in the order to try them.
    /// Default: none, i.e. no quiescence.
    #[inline]
    fn noisy_moves(&self, out: &mut Vec<Self::Move>) {
        out.clear();
    }

    /// A cheap ordering hint for `mv` (higher is tried earlier), e.g. MVV/LVA for captures.
    /// Default: 0 for every move.
    #[inline]
    fn order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// A small index for history/killer tables (`< HISTORY_SIZE`), if the game has one.
    #[inline]
    fn history_index(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// Size of the history table indexed by [`Game::history_index`].
    const HISTORY_SIZE: usize = 0;

    /// Whether two move orders can reach the same position (a transposition). `false` for
    /// the synthetic trees, whose every node is its own position: a transposition table
    /// then saves nothing on a fixed-depth search and only costs its probes and stores, so
    /// searches that keep one for that reason alone may leave it out
    /// (`arachne-parallel`'s processors do). Default: `true`.
    const TRANSPOSITIONS: bool = true;

    /// A human-readable (and, where the game has one, standard) name for `mv`.
    fn move_name(&self, mv: Self::Move) -> String;

    /// Parses a move name as printed by [`Game::move_name`]; `None` if it is not legal here.
    fn parse_move(&self, name: &str) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.moves(&mut moves);
        moves.into_iter().find(|&m| self.move_name(m) == name)
    }
}

/// Counts the positions exactly `depth` plies ahead (the chess programmers' perft): a game that
/// ends earlier contributes nothing. With `depth == 0` the answer is 1.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    fn rec<G: Game>(pos: &G, depth: u32, bufs: &mut [Vec<G::Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (buf, rest) = bufs.split_first_mut().expect("buffer per ply");
        pos.moves(buf);
        if depth == 1 {
            return buf.len() as u64;
        }
        let mut total = 0;
        for &m in buf.iter() {
            total += rec(&pos.play(m), depth - 1, rest);
        }
        total
    }
    let mut bufs: Vec<Vec<G::Move>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    rec(pos, depth, &mut bufs)
}

/// Counts the complete games (paths from `pos` to a terminal position) — the leaves of the
/// whole game tree. Tic-tac-toe has 255 168.
pub fn count_games<G: Game>(pos: &G) -> u64 {
    let mut buf = Vec::new();
    if pos.is_terminal() {
        return 1;
    }
    pos.moves(&mut buf);
    if buf.is_empty() {
        return 1;
    }
    buf.iter().map(|&m| count_games(&pos.play(m))).sum()
}
