//! The players of seed 002's full games (Experiment 4, §4) for the match runner
//! ([`super::play_players`]): an alpha-beta (static move ordering, fixed depth, cut to the
//! depth left in a finite tree, [`arachne_bestfirst::compare::alphabeta`]) or a best-first
//! searcher that keeps its subtree between moves (§3.2.5). Beside them: Monte Carlo tree
//! search keeping its tree ([`Player::Mcts`], `arachne-mcts`), and any budgeted player given,
//! at each move, the generated nodes alpha-beta to a depth would spend there
//! ([`Player::Matched`], equal nodes per move). [`GameEnd`]: the end of a game between two
//! players, as [`super::play_players`] returns it.
//!
//! The players live here, with the match runner, because they set the best-first searches
//! (`arachne-bestfirst`) beside MCTS (`arachne-mcts`), two crates that do not depend on each
//! other.
use arachne_bestfirst::compare::{alphabeta, alphabeta_kept};
use arachne_bestfirst::{BfOptions, BfStop, Searcher};
use arachne_core::{Game, Limits, TranspositionTable};
use arachne_mcts::{MctsOptions, MctsSearcher};

/// A player in a full game.
pub enum Player<G: Game> {
    /// Alpha-beta to a fixed depth (less near the end of a finite tree).
    AlphaBeta {
        /// Search depth.
        depth: u32,
    },
    /// [`Player::AlphaBeta`] ordered first by the best moves of its earlier searches, kept
    /// in a table between its moves ([`arachne_bestfirst::compare::alphabeta_kept`]: seed
    /// 002's Experiment 4 ordering, as we read it).
    AlphaBetaKept {
        /// Search depth.
        depth: u32,
        /// The earlier searches' best moves.
        kept: Box<TranspositionTable>,
    },
    /// BFM or RBFM keeping its tree between moves.
    BestFirst {
        /// Options (`pv_depth`, `stop_at_terminal_pv`, `abort_factor`, …).
        opts: BfOptions,
        /// Generated-node budget per move, if any.
        nodes: Option<u64>,
        /// The searcher, created at the first move.
        searcher: Option<Box<Searcher<G>>>,
    },
    /// Monte Carlo tree search (any form) keeping its tree between moves. It needs a budget:
    /// `nodes`, `iters=` in its options, or [`Player::Matched`] around it (without one it
    /// searches until its root is solved).
    Mcts {
        /// Options (`iters=`, the form, the scale, …).
        opts: MctsOptions,
        /// Generated-node budget per move, if any.
        nodes: Option<u64>,
        /// The searcher, created at the first move.
        searcher: Option<Box<MctsSearcher<G>>>,
    },
    /// A best-first or MCTS player whose node budget at each move is what alpha-beta to
    /// `depth` (cut to the plies left) generates at that position.
    Matched {
        /// The player.
        inner: Box<Player<G>>,
        /// The alpha-beta depth matched.
        depth: u32,
    },
}

impl<G: Game> Player<G> {
    /// A best-first player.
    pub fn best_first(opts: BfOptions, nodes: Option<u64>) -> Self {
        Player::BestFirst {
            opts,
            nodes,
            searcher: None,
        }
    }

    /// An MCTS player.
    pub fn mcts(opts: MctsOptions, nodes: Option<u64>) -> Self {
        Player::Mcts {
            opts,
            nodes,
            searcher: None,
        }
    }

    /// Alpha-beta to `depth` ordered by its earlier searches ([`Player::AlphaBetaKept`]), with
    /// a table of 1 MiB.
    pub fn alphabeta_kept(depth: u32) -> Self {
        Player::AlphaBetaKept {
            depth,
            kept: Box::new(TranspositionTable::with_mib(1)),
        }
    }

    /// `inner` at alpha-beta to `depth`'s generated nodes per move ([`Player::Matched`]).
    pub fn matched(inner: Player<G>, depth: u32) -> Self {
        Player::Matched {
            inner: Box::new(inner),
            depth,
        }
    }

    /// Chooses a move at `pos` (`left`: plies left in a finite tree): `(move, generated)`.
    pub fn choose(&mut self, pos: &G, left: Option<u32>) -> (Option<G::Move>, u64) {
        match self {
            Player::Mcts {
                opts,
                nodes,
                searcher,
            } => {
                let s = searcher
                    .get_or_insert_with(|| Box::new(MctsSearcher::new(pos.clone(), opts.clone())));
                let out = s.run(&Limits {
                    nodes: *nodes,
                    ..Limits::default()
                });
                (out.best_move, out.stats.leaves)
            }
            Player::Matched { inner, depth } => {
                let d = left.map_or(*depth, |l| (*depth).min(l)).max(1);
                let n = alphabeta(pos, d).2.max(1);
                if let Player::BestFirst { nodes, .. } | Player::Mcts { nodes, .. } = &mut **inner {
                    *nodes = Some(n);
                }
                inner.choose(pos, left)
            }
            Player::AlphaBeta { depth } => {
                let d = left.map_or(*depth, |l| (*depth).min(l)).max(1);
                let (mv, _, n) = alphabeta(pos, d);
                (mv, n)
            }
            Player::AlphaBetaKept { depth, kept } => {
                let d = left.map_or(*depth, |l| (*depth).min(l)).max(1);
                let (mv, _, n) = alphabeta_kept(pos, d, kept);
                (mv, n)
            }
            Player::BestFirst {
                opts,
                nodes,
                searcher,
            } => {
                let s = searcher
                    .get_or_insert_with(|| Box::new(Searcher::new(pos.clone(), opts.clone())));
                let l = Limits {
                    nodes: *nodes,
                    ..Limits::default()
                };
                let out = s.run(&l);
                (out.best_move, out.generated())
            }
        }
    }

    /// Why a best-first player's last search ended (`None` for alpha-beta or before its first
    /// move).
    pub fn last_stop(&self) -> Option<BfStop> {
        match self {
            Player::BestFirst {
                searcher: Some(s), ..
            } => s.last_stop(),
            Player::Matched { inner, .. } => inner.last_stop(),
            _ => None,
        }
    }

    /// The nodes of the tree a best-first player holds now (after [`Player::observe`]: the
    /// subtree it keeps for its next move); 0 for alpha-beta and before the first move.
    pub fn kept(&self) -> u64 {
        match self {
            Player::BestFirst {
                searcher: Some(s), ..
            } => s.tree().len() as u64,
            Player::Mcts {
                searcher: Some(s), ..
            } => s.tree_nodes() as u64,
            Player::Matched { inner, .. } => inner.kept(),
            _ => 0,
        }
    }

    /// Drops a best-first player's tree, so that its next move starts from a fresh one (an
    /// ablation of §3.2.5's keeping of the subtree; the searcher's turn statistics go too).
    pub fn forget(&mut self) {
        match self {
            Player::BestFirst { searcher, .. } => *searcher = None,
            Player::Mcts { searcher, .. } => *searcher = None,
            Player::Matched { inner, .. } => inner.forget(),
            Player::AlphaBetaKept { kept, .. } => kept.clear(),
            Player::AlphaBeta { .. } => {}
        }
    }

    /// Tells the player that `mv` was played (its own or the opponent's).
    pub fn observe(&mut self, mv: G::Move) {
        match self {
            Player::BestFirst {
                searcher: Some(s), ..
            } => s.play(mv),
            Player::Mcts {
                searcher: Some(s), ..
            } => s.advance(mv),
            Player::Matched { inner, .. } => inner.observe(mv),
            _ => {}
        }
    }
}

/// The end of a game.
#[derive(Clone, Debug)]
pub struct GameEnd<G> {
    /// The last position.
    pub last: G,
    /// Plies played.
    pub plies: u32,
    /// Generated nodes of the first and second player.
    pub nodes: [u64; 2],
}
