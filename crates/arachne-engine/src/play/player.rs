//! The players of Shoham–Toledo 2002's full games (Experiment 4, §4) for the match runner
//! ([`super::play_players`]), each a [`Searcher`] of the registry built from a
//! [`SearchRequest`] ([`arachne::build`]), as `arachne play` builds its sides:
//!
//! * [`Player::alphabeta`]: `alphabeta --preorder` to a fixed depth (static move ordering, as
//!   the paper's alpha-beta; cut to the plies left in a finite tree), no table;
//! * [`Player::alphabeta_kept`]: the same ordered first by the best moves of its earlier
//!   searches, on a table of the player's own kept between its moves (the request's
//!   [`SearchRequest::table`]: the paper's Experiment 4 ordering, as we read it); the table
//!   orders, its values never cut the fixed-depth search off;
//! * [`Player::new`]: any searcher that plays ([`SearchRequest::playing`]): `bfm`/`rbfm`,
//!   keeping its tree between moves (§3.2.5), or `mcts` keeping its own;
//! * [`Player::matched`]: a best-first or MCTS player whose node budget at each move is what
//!   alpha-beta to a depth generates at that position (equal nodes per move).
//!
//! A move's cost is the paper's *generated nodes* (§3.1.2): for alpha-beta the successors its
//! move generations list ([`Counting`]: every player searches the position wrapped in it), for
//! best-first and Monte Carlo search the nodes they add to their tree (their outcome's
//! `stats.leaves`).
use arachne::registry::{family, Family};
use arachne::{build, Detail, Outcome, RunError, SearchRequest, Searcher};
use arachne_bestfirst::compare::{generated, Counting};
use arachne_bestfirst::BfStop;
use arachne_core::{Game, Limits, TranspositionTable};
use arachne_games::GameInfo;
use std::sync::Arc;

/// Table of [`Player::alphabeta_kept`], MiB.
const KEPT_TABLE_MIB: usize = 1;

/// A player in a full game: a searcher of the registry and its budget per move.
pub struct Player<G: Game> {
    searcher: Box<dyn Searcher<Counting<G>>>,
    /// Its family: how a move's generated nodes are counted, and whether `depth` is a fixed
    /// search depth (alpha-beta, cut to the plies left) or a best-first principal-variation
    /// depth.
    family: Family,
    /// Alpha-beta's depth, or a best-first player's principal-variation depth.
    depth: Option<u32>,
    /// Generated-node budget per move, if any.
    nodes: Option<u64>,
    /// [`Player::matched`]: alpha-beta to this depth sets `nodes` at each move.
    matched: Option<(u32, Box<Player<G>>)>,
    /// Why a best-first player's last search ended.
    last_stop: Option<BfStop>,
}

impl<G: Game> Player<G> {
    /// The player `req` names (its `playing` set here; a serial, best-first or Monte Carlo
    /// search, the others are refused) on positions `info` describes, stopping
    /// at `depth` (alpha-beta's search depth, a best-first search's principal-variation depth;
    /// `None` for MCTS, or with a budget) and `nodes` generated nodes per move. The request's
    /// refusals are [`arachne::build`]'s.
    pub fn new(
        mut req: SearchRequest,
        info: &GameInfo,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> Result<Self, RunError> {
        let family = family(&req.algo).unwrap_or(Family::Serial);
        if matches!(family, Family::SharedMemory | Family::MessagePassing) {
            // Their nodes are not generated on the caller's thread, where [`Counting`] counts.
            return Err(RunError::usage(format!(
                "a player of these games is a serial, best-first or Monte Carlo search, not `{}`",
                arachne_core::parse::clip(&req.algo, 40)
            )));
        }
        if family == Family::Mcts && depth.is_some() {
            return Err(RunError::usage(
                "an MCTS player has no depth: give it a node budget (or `iters=`)",
            ));
        }
        // A fixed-depth alpha-beta player searches afresh (or on its own table); the others
        // keep their tree between moves.
        req.playing = family != Family::Serial;
        Ok(Player {
            searcher: build(&req, info)?,
            family,
            depth,
            nodes,
            matched: None,
            last_stop: None,
        })
    }

    /// Alpha-beta to `depth` with static move ordering (`alphabeta --preorder`).
    pub fn alphabeta(depth: u32, info: &GameInfo) -> Result<Self, RunError> {
        Self::new(Self::alphabeta_request(info), info, Some(depth), None)
    }

    /// [`Player::alphabeta`] ordered by its earlier searches (module docs), on a table of
    /// 1 MiB.
    pub fn alphabeta_kept(depth: u32, info: &GameInfo) -> Result<Self, RunError> {
        let mut req = Self::alphabeta_request(info);
        req.table = Some(Arc::new(TranspositionTable::with_mib(KEPT_TABLE_MIB)));
        Self::new(req, info, Some(depth), None)
    }

    fn alphabeta_request(info: &GameInfo) -> SearchRequest {
        let mut req = SearchRequest::new(&info.spec, "alphabeta");
        req.preorder = true;
        req
    }

    /// `inner` (a best-first or MCTS player) given, at each move, alpha-beta to `depth`'s
    /// generated nodes there (cut to the plies left) as its budget.
    pub fn matched(mut inner: Player<G>, depth: u32, info: &GameInfo) -> Result<Self, RunError> {
        let ab = Self::alphabeta(depth, info)?;
        inner.matched = Some((depth, Box::new(ab)));
        Ok(inner)
    }

    /// Sets the generated-node budget of the next moves (`None`: none).
    pub fn set_budget(&mut self, nodes: Option<u64>) {
        self.nodes = nodes;
    }

    /// Chooses a move at `pos` (`left`: plies left in a finite tree): `(move, generated)`.
    pub fn choose(&mut self, pos: &G, left: Option<u32>) -> (Option<G::Move>, u64) {
        let cut = |d: u32| left.map_or(d, |l| d.min(l)).max(1);
        if let Some((d, ab)) = &mut self.matched {
            self.nodes = Some(ab.choose(pos, Some(cut(*d))).1.max(1));
        }
        let pos = Counting(pos.clone());
        // Alpha-beta's depth is cut to the plies left; a best-first depth is its line's.
        let depth = match self.family {
            Family::Serial => Some(cut(self.depth.unwrap_or(1))),
            _ => self.depth,
        };
        let limits = Limits {
            depth,
            nodes: self.nodes,
            ..Limits::default()
        };
        let before = generated();
        let out = self.searcher.search(&pos, &limits).unwrap_or_else(|e| {
            panic!("a player's search failed: {e}");
        });
        self.last_stop = match &out.detail {
            Detail::BestFirst(b) => Some(b.run.stop),
            _ => None,
        };
        (out.best_move, self.generated(&out, generated() - before))
    }

    /// A move's generated nodes (module docs): `counted` by [`Counting`] for alpha-beta.
    fn generated(&self, out: &Outcome<G::Move>, counted: u64) -> u64 {
        match self.family {
            Family::BestFirst | Family::Mcts => out.stats.leaves,
            _ => counted,
        }
    }

    /// Why a best-first player's last search ended (`None` for the others or before its
    /// first move).
    pub fn last_stop(&self) -> Option<BfStop> {
        self.last_stop
    }

    /// The nodes of the tree a best-first or MCTS player holds now (after
    /// [`Player::observe`]: the subtree it keeps for its next move); 0 for alpha-beta and
    /// before the first move.
    pub fn kept(&self) -> u64 {
        self.searcher.kept_nodes()
    }

    /// Drops what a player keeps between moves, so that its next move starts afresh (an
    /// ablation of §3.2.5's keeping of the subtree; alpha-beta's ordering table is cleared).
    pub fn forget(&mut self) {
        self.searcher.new_game();
    }

    /// Tells the player that `mv` was played (its own or the opponent's).
    pub fn observe(&mut self, mv: G::Move) {
        self.searcher.observe(mv);
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
