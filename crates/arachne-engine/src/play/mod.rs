//! The match runner: one game loop, with draws by repetition and adjudication at a move
//! limit, used by `arachne play` ([`match_play`]), by the RBFM game experiments
//! ([`play_players`]: seed 002 §4, Table 1 and the MCTS games) and by Othello's Fig. 9
//! (`arachne_experiments::rbfm_othello`, through [`play_game`] with its own players).
//!
//! [`play_game`] plays from a start position until
//! 1. the position has occurred three times, counting the game's earlier positions given as
//!    its history (with [`Rules::repetition`], games with a hash): a draw by repetition;
//! 2. the side to move has no move or the position is terminal: the game is over, and the
//!    last position's static value decides it (for the side to move there);
//! 3. [`Rules::max_plies`] plies have been played, counting the ones before the start: a
//!    draw at the move limit.
//!
//! Otherwise the side to move chooses through [`Players::choose`] (a move that is not legal
//! here, or none, is replaced by the first legal move) and both hear the move through
//! [`Players::observe`].
mod player;
mod render;
mod side;
pub mod uci_side;

pub use player::{GameEnd, Player};

pub use side::{
    match_play, score_interval, GameRecord, MatchReport, MatchSettings, Outcome, ScoreInterval,
    Side,
};

use arachne_core::Game;
use std::collections::HashMap;

/// The two players of a game, seen by the runner.
pub trait Players<G: Game> {
    /// Chooses the move of `side` (0: the side that moved first in this game) at `pos`, the
    /// game's `ply`-th ply (the plies before the start included); `history` holds the hashes
    /// of the positions before `pos`. Returns the move (`None`: the first legal move is
    /// played) and the nodes the choice cost.
    fn choose(&mut self, side: usize, pos: &G, ply: u32, history: &[u64])
        -> (Option<G::Move>, u64);

    /// Tells both players that `mv` was played, leading to `next`.
    fn observe(&mut self, mv: G::Move, next: &G);
}

/// The rules of a game beside the game's own.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The game is a draw after this many plies (the plies before the start included).
    pub max_plies: u32,
    /// A position occurring for the third time is a draw (games with a hash).
    pub repetition: bool,
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// A terminal position or no move: decided by the last position's static value.
    GameOver,
    /// Threefold repetition: a draw.
    Repetition,
    /// [`Rules::max_plies`] reached: a draw.
    MoveLimit,
}

impl End {
    /// The reason as `arachne play` prints it.
    pub fn reason(self) -> &'static str {
        match self {
            End::GameOver => "game over",
            End::Repetition => "threefold repetition",
            End::MoveLimit => "move limit",
        }
    }
}

/// A game played by [`play_game`].
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The last position.
    pub last: G,
    /// The moves played from the start.
    pub moves: Vec<G::Move>,
    /// Nodes of the side that moved first and of the other.
    pub nodes: [u64; 2],
    /// How the game ended.
    pub end: End,
}

/// Plays a game from `start`, the side to move there first (see the module docs).
/// `history` holds the hashes of the positions before `start`, `start_ply` their number of
/// plies.
pub fn play_game<G: Game>(
    start: &G,
    mut history: Vec<u64>,
    start_ply: u32,
    rules: Rules,
    players: &mut impl Players<G>,
) -> Played<G> {
    let mut pos = start.clone();
    let mut counts: HashMap<u64, u32> = HashMap::new();
    if rules.repetition {
        for &h in &history {
            *counts.entry(h).or_default() += 1;
        }
    }
    let mut moves = Vec::new();
    let mut nodes = [0u64; 2];
    let mut buf = Vec::new();
    let mut ply = start_ply;
    let end = loop {
        if rules.repetition {
            if let Some(h) = pos.hash() {
                let c = counts.entry(h).or_default();
                *c += 1;
                if *c >= 3 {
                    break End::Repetition;
                }
            }
        }
        pos.moves(&mut buf);
        if pos.is_terminal() || buf.is_empty() {
            break End::GameOver;
        }
        if ply >= rules.max_plies {
            break End::MoveLimit;
        }
        let side = moves.len() % 2;
        let (best, n) = players.choose(side, &pos, ply, &history);
        nodes[side] += n;
        let mv = best.filter(|m| buf.contains(m)).unwrap_or(buf[0]);
        if let Some(h) = pos.hash() {
            history.push(h);
        }
        moves.push(mv);
        pos = pos.play(mv);
        players.observe(mv, &pos);
        ply += 1;
    };
    Played {
        last: pos,
        moves,
        nodes,
        end,
    }
}

/// Two [`Player`]s, the plies left in a finite tree given by
/// `left(pos, ply)` (for alpha-beta's depth near the end).
struct Compared<'a, G: Game> {
    players: &'a mut [Player<G>; 2],
    left: &'a dyn Fn(&G, u32) -> Option<u32>,
}

impl<G: Game> Players<G> for Compared<'_, G> {
    fn choose(&mut self, side: usize, pos: &G, ply: u32, _: &[u64]) -> (Option<G::Move>, u64) {
        self.players[side].choose(pos, (self.left)(pos, ply))
    }
    fn observe(&mut self, mv: G::Move, _: &G) {
        for p in self.players.iter_mut() {
            p.observe(mv);
        }
    }
}

/// Plays up to `plies` plies from `root` (or to a terminal position), `players[0]` first,
/// without draws by repetition (seed 002 §4's games); `left(pos, ply)` gives the plies left in
/// a finite tree (for alpha-beta's depth near the end).
pub fn play_players<G: Game>(
    root: &G,
    players: &mut [Player<G>; 2],
    plies: u32,
    left: &dyn Fn(&G, u32) -> Option<u32>,
) -> GameEnd<G> {
    let rules = Rules {
        max_plies: plies,
        repetition: false,
    };
    let p = play_game(root, Vec::new(), 0, rules, &mut Compared { players, left });
    GameEnd {
        plies: p.moves.len() as u32,
        last: p.last,
        nodes: p.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne::SearchRequest;
    use arachne_games::incremental::{Branching, EdgeValues, IncrementalParams};
    use arachne_games::{GameInfo, IncrementalTree};

    /// The loop the RBFM experiments used before the runner (`compare::play_game`), kept here
    /// to check the runner plays the same games.
    fn reference<G: Game>(
        root: &G,
        players: &mut [Player<G>; 2],
        plies: u32,
        left: &dyn Fn(&G, u32) -> Option<u32>,
    ) -> GameEnd<G> {
        let mut pos = root.clone();
        let mut nodes = [0u64; 2];
        let mut moves = Vec::new();
        let mut k = 0;
        while k < plies {
            pos.moves(&mut moves);
            if pos.is_terminal() || moves.is_empty() {
                break;
            }
            let side = (k % 2) as usize;
            let (mv, n) = players[side].choose(&pos, left(&pos, k));
            nodes[side] += n;
            let mv = mv.unwrap_or(moves[0]);
            for p in players.iter_mut() {
                p.observe(mv);
            }
            pos = pos.play(mv);
            k += 1;
        }
        GameEnd {
            last: pos,
            plies: k,
            nodes,
        }
    }

    fn pair(seed: u64) -> [Player<IncrementalTree>; 2] {
        let info = GameInfo {
            name: "incremental",
            spec: "incremental:b=4".into(),
            max_depth: None,
            default_depth: 14,
        };
        let algo = if seed % 2 == 0 {
            format!("rbfm:seed={seed},terminal=1")
        } else {
            "bfm:terminal=1".into()
        };
        let req = SearchRequest::new(&info.spec, &algo);
        [
            Player::new(req, &info, Some(3), None).unwrap(),
            Player::alphabeta(2, &info).unwrap(),
        ]
    }

    #[test]
    fn the_runner_plays_the_reference_games() {
        for seed in 0..12u64 {
            let root = IncrementalTree::new(IncrementalParams {
                b: 4,
                d: 14,
                seed,
                branching: Branching::Random,
                values: EdgeValues::Real,
            });
            let left = |_: &IncrementalTree, k: u32| Some(14 - k);
            let plies = 6 + (seed as u32 % 9);
            let a = play_players(&root, &mut pair(seed), plies, &left);
            let b = reference(&root, &mut pair(seed), plies, &left);
            assert_eq!(a.plies, b.plies, "seed {seed}");
            assert_eq!(a.nodes, b.nodes, "seed {seed}");
            assert_eq!(a.last.evaluate(), b.last.evaluate(), "seed {seed}");
            assert!(a.plies <= plies);
            assert!(a.nodes[0] > 0 && a.nodes[1] > 0, "seed {seed}");
        }
    }

    /// A player built from a request searches as its crate's searcher does with the same
    /// options: the same moves and generated nodes at every ply of a game (RBFM keeping its
    /// tree, alpha-beta counting the successors it lists).
    #[test]
    fn a_player_searches_as_its_crate_does() {
        use arachne_bestfirst::compare::alphabeta;
        use arachne_bestfirst::{tables, BfOptions, Kind, Searcher};
        use arachne_core::Limits;
        use std::sync::Arc;
        let info = GameInfo {
            name: "incremental",
            spec: "incremental:b=3".into(),
            max_depth: None,
            default_depth: 12,
        };
        for seed in 1..=4u64 {
            let root = IncrementalTree::new(IncrementalParams {
                b: 3,
                d: 12,
                seed,
                branching: Branching::Random,
                values: EdgeValues::Real,
            });
            let req =
                SearchRequest::new(&info.spec, &format!("rbfm:seed={seed},vote=0,terminal=1"));
            let mut player = Player::new(req, &info, Some(4), None).unwrap();
            let mut ab = Player::alphabeta(3, &info).unwrap();
            let mcts = SearchRequest::new(&info.spec, "mcts");
            assert!(Player::<IncrementalTree>::new(mcts, &info, Some(3), None).is_err());
            let opts = BfOptions {
                seed,
                vote: 0,
                pv_depth: Some(4),
                stop_at_terminal_pv: true,
                table: Some(Arc::new(tables::default_for(info.name, &info.spec))),
                ..BfOptions::new(Kind::Rbfm)
            };
            let mut direct = Searcher::new(root, opts);
            let mut pos = root;
            for ply in 0..8 {
                let (mv, n) = player.choose(&pos, None);
                let out = direct.run(&Limits::default());
                assert_eq!(
                    (mv, n),
                    (out.best_move, out.generated()),
                    "seed {seed} ply {ply}"
                );
                let (abm, abn) = ab.choose(&pos, None);
                let (m, _, g) = alphabeta(&pos, 3);
                assert_eq!((abm, abn), (m, g), "seed {seed} ply {ply}");
                let Some(mv) = mv else { break };
                player.observe(mv);
                direct.play(mv);
                pos = pos.play(mv);
            }
        }
    }
}
