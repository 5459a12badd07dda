//! RBFM on chess (seed 002 §5.1, §5.2): a shallow alpha-beta search as the static evaluator.
//!
//! "In order to evaluate a leaf, we use Crafty as a black box that scores a position by
//! performing a shallow search. The depth of this shallow search is denoted by SEARCH-DEPTH. In
//! our implementation, SEARCH-DEPTH is set to 3." [`ShallowChess`] is a [`Game`] wrapping a
//! [`Chess`] position whose [`Game::evaluate`] is `arachne-search`'s `alphabeta` to
//! SEARCH-DEPTH plies with the capture quiescence search, MVV/LVA move hints, killers and
//! history (our stand-in for Crafty). Every best-first searcher — serial [`crate::engine`],
//! the shared tree [`crate::shared`], master–slave [`crate::master`] — then runs on chess with
//! this evaluator unchanged: a slave's "heuristic evaluation" of a child is the shallow search.
//!
//! ## The heuristics of §5.2
//! * **3 — search extensions** (built): "each check increases SEARCH-DEPTH by one ply, and each
//!   trade of equal-value pieces increases SEARCH-DEPTH by two plies", counted along the variant
//!   from the search root ([`ShallowChess::extension`]). A *trade of equal-value pieces* is a
//!   capture on the square where the previous move captured, of a piece of the same value
//!   (knight and bishop count as equal, 330). The paper sets no bound; we cap the extra plies at
//!   [`ShallowConfig::max_extension`] (default 2) so one long forcing line cannot make a single
//!   evaluation cost as much as the whole search.
//! * **4 — checks first** (built): [`Game::moves`] lists checking moves first, then the others,
//!   each group in generation order. The children of an expanded node are stored in this order,
//!   so BEST-CHILD's tie-break (first in order among equal scores) prefers checks.
//! * **1 — search a leaf to SEARCH-DEPTH+1 and leave the non-best children *unknown*** and
//!   **2 — EXTEND-DOWN expands with SEARCH-DEPTH−1 then searches the best child to
//!   SEARCH-DEPTH+1** are not built: both need an "unknown" child score and the walk's mode at
//!   expansion time in the tree and the engine, which the arena does not have. The experiment
//!   (`rbfm-chess`) says so in its rows. Without them every child is evaluated exactly (the
//!   paper's redundant-work baseline that heuristic 1 removes).
//!
//! ## Counting
//! The evaluator's work (nodes of the shallow searches, quiescence included) is added to a
//! per-thread counter read with [`eval_nodes`]: the time the paper measured was spent there
//! ("the rate is only 150 evaluations per second").
//!
//! ## Cache
//! [`ShallowConfig::cache`] (off by default) memoizes evaluations by (position key, depth): an
//! evaluation is a pure function of both, so a cache changes no value and no decision. The
//! counter still adds the cached evaluation's node count, so counts do not depend on the cache.
//! The experiment uses it to replay the same search at several processor counts.
use arachne_core::{Game, Limits, Score};
use arachne_games::chess::cozy_chess::{Move, Square};
use arachne_games::chess::{Chess, PIECE_VALUES};
use arachne_search::{Algorithm, SearchOptions};
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// SEARCH-DEPTH (§5.1).
pub const SEARCH_DEPTH: u32 = 3;

thread_local! {
    static EVAL_NODES: Cell<u64> = const { Cell::new(0) };
}

/// Nodes searched by shallow evaluations on this thread so far (quiescence included).
pub fn eval_nodes() -> u64 {
    EVAL_NODES.with(|c| c.get())
}

/// Memoized evaluations: `(position key, depth) → (value, nodes)`.
pub type EvalCache = Mutex<HashMap<(u64, u32), (i32, u64)>>;

/// How leaves are evaluated.
#[derive(Debug)]
pub struct ShallowConfig {
    /// SEARCH-DEPTH.
    pub depth: u32,
    /// Heuristic 3 on (extensions for checks and equal trades).
    pub extensions: bool,
    /// Most extra plies heuristic 3 may add.
    pub max_extension: u8,
    /// Heuristic 4 on (checking moves first).
    pub checks_first: bool,
    /// Memoized evaluations `(key, depth) → (value, nodes)`; `None`: no cache.
    pub cache: Option<EvalCache>,
}

impl Default for ShallowConfig {
    fn default() -> Self {
        ShallowConfig {
            depth: SEARCH_DEPTH,
            extensions: true,
            max_extension: 2,
            checks_first: true,
            cache: None,
        }
    }
}

/// A chess position evaluated by a shallow search (module docs).
#[derive(Clone, Debug)]
pub struct ShallowChess {
    pos: Chess,
    ext: u8,
    /// Square and value of the piece the move leading here captured.
    last_capture: Option<(Square, i32)>,
    cfg: Arc<ShallowConfig>,
}

impl ShallowChess {
    /// `pos` as a search root (no extension earned).
    pub fn new(pos: Chess, cfg: Arc<ShallowConfig>) -> Self {
        ShallowChess {
            pos,
            ext: 0,
            last_capture: None,
            cfg,
        }
    }
    /// The chess position.
    pub fn chess(&self) -> &Chess {
        &self.pos
    }
    /// Extension plies earned along the variant from the root (uncapped).
    pub fn extension(&self) -> u8 {
        self.ext
    }
    /// The depth of this position's shallow search.
    pub fn search_depth(&self) -> u32 {
        let e = if self.cfg.extensions {
            self.ext.min(self.cfg.max_extension) as u32
        } else {
            0
        };
        self.cfg.depth + e
    }
}

fn shallow_options() -> SearchOptions {
    SearchOptions {
        hints: true,
        killers: true,
        history: true,
        quiescence: true,
        tt_mib: 0,
        ..SearchOptions::default()
    }
}

impl Game for ShallowChess {
    type Move = Move;

    fn moves(&self, out: &mut Vec<Move>) {
        self.pos.moves(out);
        if self.cfg.checks_first {
            // Stable: checks first, each group in generation order.
            let mut checks: Vec<Move> = Vec::new();
            out.retain(|&m| {
                if self.pos.play(m).in_check() {
                    checks.push(m);
                    false
                } else {
                    true
                }
            });
            checks.append(out);
            *out = checks;
        }
    }

    fn play(&self, mv: Move) -> Self {
        let child = self.pos.play(mv);
        let mut ext = self.ext;
        if child.in_check() {
            ext = ext.saturating_add(1);
        }
        let victim = self.pos.victim(mv).map(|p| PIECE_VALUES[p as usize]);
        if let (Some(v), Some((sq, prev))) = (victim, self.last_capture) {
            if sq == mv.to && v == prev {
                ext = ext.saturating_add(2);
            }
        }
        ShallowChess {
            pos: child,
            ext,
            last_capture: victim.map(|v| (mv.to, v)),
            cfg: Arc::clone(&self.cfg),
        }
    }

    fn evaluate(&self) -> Score {
        if self.pos.is_terminal() || !self.pos.has_moves() {
            return self.pos.evaluate();
        }
        let depth = self.search_depth();
        let key = (self.pos.hash().unwrap_or(0), depth);
        if let Some(c) = &self.cfg.cache {
            if let Some(&(v, n)) = c.lock().expect("cache lock").get(&key) {
                EVAL_NODES.with(|e| e.set(e.get() + n));
                return Score(v);
            }
        }
        let out = Algorithm::AlphaBeta.search(&self.pos, &Limits::depth(depth), &shallow_options());
        let n = out.stats.nodes() + out.stats.qnodes;
        EVAL_NODES.with(|e| e.set(e.get() + n));
        if let Some(c) = &self.cfg.cache {
            c.lock().expect("cache lock").insert(key, (out.value.0, n));
        }
        // Decisive values are counted in plies from this position: the tree's node-relative
        // convention.
        out.value
    }

    fn is_terminal(&self) -> bool {
        self.pos.is_terminal()
    }

    fn hash(&self) -> Option<u64> {
        self.pos.hash()
    }

    fn move_name(&self, mv: Move) -> String {
        self.pos.move_name(mv)
    }

    fn parse_move(&self, name: &str) -> Option<Move> {
        self.pos.parse_move(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> ShallowChess {
        ShallowChess::new(
            Chess::from_fen(fen).unwrap(),
            Arc::new(ShallowConfig::default()),
        )
    }

    #[test]
    fn evaluation_is_the_shallow_search_value() {
        let p = pos("r6k/pp4p1/2p1b3/3pP3/7q/P2B3r/1PP2Q1P/2K1R1R1 w - - 0 1");
        let ab = Algorithm::AlphaBeta.search(p.chess(), &Limits::depth(3), &shallow_options());
        let before = eval_nodes();
        assert_eq!(p.evaluate(), ab.value);
        assert_eq!(eval_nodes() - before, ab.stats.nodes() + ab.stats.qnodes);
        // Mate and stalemate are the game's own values.
        let m = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(m.evaluate(), Score::LOSS);
    }

    #[test]
    fn checks_come_first_and_every_move_is_kept() {
        let p = pos("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
        let mut ours = Vec::new();
        p.moves(&mut ours);
        let mut plain = Vec::new();
        p.chess().moves(&mut plain);
        assert_eq!(ours.len(), plain.len());
        let checks: Vec<bool> = ours.iter().map(|&m| p.chess().play(m).in_check()).collect();
        let n = checks.iter().filter(|&&c| c).count();
        assert_eq!(n, 2, "Ra8+ and Rh8+ give check");
        assert!(checks[..n].iter().all(|&c| c) && checks[n..].iter().all(|&c| !c));
    }

    #[test]
    fn extensions_for_checks_and_equal_trades() {
        // Rxd7 (rook takes rook), Rxd7 (rook takes rook back on the same square): a trade.
        let p = pos("3rk3/3r4/8/3R4/8/8/8/3RK3 w - - 0 1");
        let a = p.play(p.parse_move("d5d7").unwrap());
        assert_eq!(a.extension(), 0, "the first capture is not yet a trade");
        let b = a.play(a.parse_move("d8d7").unwrap());
        assert_eq!(b.extension(), 2);
        // A check: one ply; the extra plies are capped at two.
        let c = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let d = c.play(c.parse_move("a1a8").unwrap());
        assert_eq!(d.extension(), 1);
        assert_eq!(d.search_depth(), SEARCH_DEPTH + 1);
        let e = b.play(b.parse_move("d1d7").unwrap()); // Rxd7 again: rook for rook, +2
        assert_eq!(e.extension(), 4);
        assert_eq!(
            e.search_depth(),
            SEARCH_DEPTH + 2,
            "capped at two extra plies"
        );
    }

    #[test]
    fn the_cache_changes_no_value_and_no_count() {
        let cfg = Arc::new(ShallowConfig {
            cache: Some(Mutex::new(HashMap::new())),
            ..ShallowConfig::default()
        });
        let p = ShallowChess::new(
            Chess::from_fen("2r2rk1/1p1bq3/p3p2p/3pPpp1/1P1Q4/P7/2P2PPP/2R1RBK1 b - - 0 1")
                .unwrap(),
            cfg,
        );
        let n0 = eval_nodes();
        let v1 = p.evaluate();
        let n1 = eval_nodes();
        let v2 = p.evaluate();
        assert_eq!(v1, v2);
        assert_eq!(eval_nodes() - n1, n1 - n0);
    }
}
