//! RBFM on chess (seed 002 §5.1, §5.2): a shallow alpha-beta search as the static evaluator.
//!
//! "In order to evaluate a leaf, we use Crafty as a black box that scores a position by
//! performing a shallow search. The depth of this shallow search is denoted by SEARCH-DEPTH. In
//! our implementation, SEARCH-DEPTH is set to 3." [`ShallowChess`] is a [`Game`] wrapping a
//! [`Chess`] position whose [`Game::evaluate`] is a shallow alpha-beta search to
//! SEARCH-DEPTH plies with the capture quiescence search, MVV/LVA move hints, killers and
//! history (our stand-in for Crafty; [`ShallowChess::search`]). Every best-first searcher — serial
//! [`arachne_bestfirst::engine`], the shared tree [`arachne_bestfirst::shared`], master–slave
//! [`arachne_bestfirst::master`] — then runs on chess with this evaluator unchanged: a slave's
//! "heuristic evaluation" of a child is the shallow search.
//!
//! ## Why here, in the engine crate
//! This is chess evaluation — a program built from a searcher of `arachne-search` and,
//! optionally, an external engine through the UCI client ([`crate::uci::client`]) — not a
//! best-first algorithm, so it left `arachne-bestfirst`, which stays a search-algorithm crate.
//! The best-first searchers run on any [`Game`] and take the evaluator's search through the
//! interfaces `arachne-bestfirst` defines for §5.2's heuristics
//! ([`arachne_bestfirst::LeafSearch`]; master–slave: [`arachne_bestfirst::master::Evaluator`]
//! with its [`arachne_bestfirst::master::Meter`], e.g. [`eval_nodes`]), so the dependency
//! points one way, engine → bestfirst. Its users — `arachne learn --shallow` ([`crate::learn`]),
//! the `rbfm-chess` experiments, the research examples — all sit above this crate.
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
//!   SEARCH-DEPTH+1** live in the tree and the engine ([`arachne_bestfirst::Heuristics`],
//!   [`arachne_bestfirst::tree`]'s unknown children, [`arachne_bestfirst::rbfm::Mode`]); this
//!   evaluator provides the
//!   search they need, [`ShallowChess::leaf_search`]: the position searched to its own
//!   SEARCH-DEPTH (extensions included) ± 1. A child's evaluation uses the child's extensions,
//!   so the value given to the best child can differ from its own evaluation by the check
//!   extension (the paper's Crafty had the same mismatch with its own extensions).
//!
//! ## Cost: quiescence in the caller's window
//! The search is `arachne-search`'s fail-soft `falphabeta_windowed`: the quiescence search of
//! each horizon position runs inside the same alpha-beta, in the window of the node above it,
//! instead of with a full window of its own (which `Ctx`'s default quiescence does so that a
//! bottom position's value is a pure function of the position). Called with a full window at
//! the root, it returns the same value — the exact depth-`SEARCH-DEPTH` alpha-beta value with
//! quiescence (tested against `alphabeta` with full-window quiescence on the LCT II positions'
//! children) — for a tenth of the positions: on the 674 root children of the 19 LCT II
//! positions of `rbfm-chess` (extensions capped at one ply) the median evaluation costs 1 631
//! nodes instead of 16 813, the mean 2 036 instead of 23 092 (docs/benchmarks-history.md, "RBFM chess").
//!
//! ## A table across the searches, the check extension, the null move
//! The paper's evaluator "benefits ... from Crafty's enhancements to the search algorithm (e.g.,
//! the transposition table)" (§5.1), and Crafty's table outlived each shallow search.
//! [`ShallowConfig::tt`] is such a table: every shallow search of the run (one per
//! [`ShallowConfig`]) orders its moves by it and takes cutoffs from entries of *exactly* its
//! draft (`SearchOptions::tt_cutoffs`), so the value of an evaluation is the one without the
//! table (tested, on LCT II children at SEARCH-DEPTH and SEARCH-DEPTH+1 as heuristic 1 searches
//! them: half the nodes); only the cost changes, and with it the counts, which then depend on
//! the order of the evaluations (still deterministic for a given run). Heuristic 1's pattern —
//! a leaf searched to SEARCH-DEPTH+1, then its children each to SEARCH-DEPTH — is what the
//! table serves: the children's subtrees were searched one ply shallower in the parent's search.
//! [`ShallowConfig::check_extension`] and [`ShallowConfig::null_move`] turn on the shared
//! searcher's check extension and null move inside the shallow search (`arachne_search::context`,
//! "Check extension", "Null move"; the paper's Crafty had both: §5.6 credits its null move
//! with detecting threats). [`experiment_config`] uses all three: on the 19 LCT II positions of
//! `rbfm-chess` (one seed, 25 M shallow-search nodes) serial RBFM then settles on 4 solutions
//! instead of 2 (the table alone: the same 2, 27–44 % sooner; with the check extension 3;
//! docs/benchmarks-history.md, "rbfmeval"). With the null move (and, through the extension's bound, with
//! the check extension) a value can depend on the table's contents; the memo cache keeps each
//! evaluation's first value.
//!
//! ## An external engine
//! The paper called Crafty "as a black-box". [`ShallowConfig::engine`] does the same with any
//! UCI engine ([`crate::uci::client`]; Stockfish from Debian's `stockfish` package): each shallow search
//! becomes `position fen …` / `go depth D` with `D` = SEARCH-DEPTH plus this position's
//! extensions (heuristic 3 stays ours, as does heuristic 4's move order in the tree), and the
//! value, best move and node count are the engine's. Heuristics 1 and 2 work unchanged, since
//! [`ShallowChess::leaf_search`] asks for a depth and gets a value and a best move.
//! [`engine_config`] is the configuration `rbfm-chess --engine` uses. An engine that fails in
//! the middle of a run (it was checked when the pool started) ends the run with a panic naming
//! the engine and the position: [`Game::evaluate`] has no error path.
//!
//! ## Counting
//! The evaluator's work (nodes of the shallow searches, quiescence included) is added to a
//! per-thread counter read with [`eval_nodes`], the number of shallow searches to
//! [`eval_calls`]: the time the paper measured was spent there
//! ("the rate is only 150 evaluations per second").
//!
//! ## Cache
//! [`ShallowConfig::cache`] (off by default) memoizes evaluations by (position key, depth): an
//! evaluation is a pure function of both, so a cache changes no value and no decision. The
//! counter still adds the cached evaluation's node count, so counts do not depend on the cache.
//! The experiment uses it to replay the same search at several processor counts.
use crate::uci::client::UciPool;
use arachne_bestfirst::learn::{learn_with, selfplay_positions, LearnConfig, LearnExtra, Learned};
use arachne_bestfirst::{tables, BfOptions, Heuristics, Kind, LeafSearch};
use arachne_core::{Game, Limits, Score, TranspositionTable};
use arachne_games::chess::cozy_chess::{Move, Square};
use arachne_games::chess::{Chess, PIECE_VALUES};
use arachne_search::context::Ctx;
use arachne_search::falphabeta::falphabeta_windowed;
use arachne_search::SearchOptions;
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// SEARCH-DEPTH (§5.1).
pub const SEARCH_DEPTH: u32 = 3;

thread_local! {
    static EVAL_NODES: Cell<u64> = const { Cell::new(0) };
    static EVAL_CALLS: Cell<u64> = const { Cell::new(0) };
}

/// Nodes searched by shallow evaluations on this thread so far (quiescence included; with an
/// external engine, the nodes it reports).
pub fn eval_nodes() -> u64 {
    EVAL_NODES.with(|c| c.get())
}

/// Shallow searches made on this thread so far (§5.1's "evaluations": the paper's program
/// made 150 a second), memoized ones included.
pub fn eval_calls() -> u64 {
    EVAL_CALLS.with(|c| c.get())
}

fn count(nodes: u64) {
    EVAL_NODES.with(|e| e.set(e.get() + nodes));
    EVAL_CALLS.with(|e| e.set(e.get() + 1));
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
    /// A transposition table kept across the shallow searches (module docs, "Transposition
    /// table"); `None`: none.
    pub tt: Option<Arc<TranspositionTable>>,
    /// The check extension inside the shallow search (`SearchOptions::check_extension`).
    pub check_extension: bool,
    /// Null-move pruning inside the shallow search (`SearchOptions::null_move`).
    pub null_move: bool,
    /// An external UCI engine that makes every shallow search instead of our alpha-beta
    /// (module docs, "An external engine"); `None`: ours. `tt`, `check_extension` and
    /// `null_move` are then unused (the engine has its own).
    pub engine: Option<Arc<UciPool>>,
}

impl ShallowConfig {
    /// The options of this configuration's shallow searches: [`shallow_options`] with the
    /// check extension, the null move and table cutoffs as configured.
    pub fn options(&self) -> SearchOptions {
        SearchOptions {
            check_extension: self.check_extension,
            null_move: self.null_move,
            tt_cutoffs: self.tt.is_some(),
            ..shallow_options()
        }
    }
}

impl Default for ShallowConfig {
    fn default() -> Self {
        ShallowConfig {
            depth: SEARCH_DEPTH,
            extensions: true,
            max_extension: 2,
            checks_first: true,
            cache: None,
            tt: None,
            check_extension: false,
            null_move: false,
            engine: None,
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

    /// This evaluator as a search for §5.2's heuristics 1 and 2 ([`Heuristics`]):
    /// `search(pos, delta)` is [`ShallowChess::search`] to the position's own
    /// [`ShallowChess::search_depth`] + `delta` plies (at least 1).
    pub fn leaf_search() -> LeafSearch<ShallowChess> {
        Arc::new(|p: &ShallowChess, delta: i32| {
            let d = (p.search_depth() as i32 + delta).max(1) as u32;
            let (v, m, _) = p.search(d);
            (v, m)
        })
    }

    /// The shallow search of this position to `depth` plies: fail-soft alpha-beta whose
    /// horizon positions get a capture quiescence search *in the node's window*
    /// ([`arachne_search::falphabeta::falphabeta_windowed`]), called with a full window, so
    /// the value is the exact alpha-beta-with-quiescence value (module docs, "Cost").
    /// Returns the value (from the side to move, decisive values in plies from here), the
    /// best move and the positions searched (quiescence included), which are also added to
    /// [`eval_nodes`]. Not cached. With [`ShallowConfig::engine`] set, the engine makes the
    /// search instead ([`UciPool::search`]: its value, best move and node count).
    pub fn search(&self, depth: u32) -> (Score, Option<Move>, u64) {
        if let Some(engine) = &self.cfg.engine {
            let fen = self.pos.fen();
            let r = engine
                .search(&fen, depth)
                .unwrap_or_else(|e| panic!("shallow search of `{fen}`: {e}"));
            let mv = r.best.as_deref().and_then(|m| self.pos.parse_uci(m).ok());
            count(r.nodes);
            return (r.value, mv, r.nodes);
        }
        let opts = self.cfg.options();
        let limits = Limits::depth(depth);
        let mut ctx: Ctx<Chess> = Ctx::new(&opts, &limits, self.cfg.tt.as_deref());
        let r = falphabeta_windowed(&mut ctx, &self.pos, depth, 0, -Score::INF, Score::INF);
        let value = ctx.settle(r).expect("a search without limits completes");
        let n = ctx.seen();
        count(n);
        (value, ctx.pv(0).first().copied(), n)
    }
}

/// The evaluation of every child of `root` ([`Game::evaluate`], SEARCH-DEPTH and the child's
/// extensions) from `root`'s side to move, in move order: what a root expansion sees (the
/// diagnostics of `rbfm-chess` rank the `bm` move by it).
pub fn root_children_values(root: &ShallowChess) -> Vec<(Move, i32)> {
    let mut ms = Vec::new();
    root.moves(&mut ms);
    ms.iter()
        .map(|&m| (m, -root.play(m).evaluate().0))
        .collect()
}

/// The options of the shallow search (MVV/LVA hints, killers, history, quiescence, no table).
pub fn shallow_options() -> SearchOptions {
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
                count(n);
                return Score(v);
            }
        }
        let (value, _, n) = self.search(depth);
        if let Some(c) = &self.cfg.cache {
            c.lock().expect("cache lock").insert(key, (value.0, n));
        }
        // Decisive values are counted in plies from this position: the tree's node-relative
        // convention.
        value
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

/// §5.4's parameter estimation for chess, scaled down: what [`learn_chess`] runs.
#[derive(Clone, Debug)]
pub struct ChessLearnConfig {
    /// The static evaluation at the shallow searches' bottom positions (the experiment:
    /// [`arachne_games::chess::Eval::Pst`]; the shipped `chess.tbl`: material).
    pub eval: arachne_games::chess::Eval,
    /// Self-play games, from the first `games` Nunn positions (the paper: 30 games; its
    /// start positions are not said — ours are the middle-game positions of §5's matches).
    pub games: usize,
    /// Plies per game (the paper: 120).
    pub plies: u32,
    /// RBFM node expansions per move of the self-play games.
    pub move_expansions: u64,
    /// Depth of the shallow search that defines the real score (the paper: Crafty with
    /// SEARCH-DEPTH = 10).
    pub real_depth: u32,
    /// The bootstrapping itself: expansions per position (the paper: 200), rounds, family
    /// (exponential with 25 % damping), seed.
    pub learn: LearnConfig,
    /// An external UCI engine as the evaluator (and for the real score) instead of ours
    /// ([`engine_config`]); `None`: [`experiment_config`].
    pub engine: Option<Arc<UciPool>>,
}

/// The evaluator configuration the chess experiment and the learned table use: SEARCH-DEPTH
/// 3, extensions capped at one extra ply, checks first, evaluations memoized, and inside each
/// shallow search a table kept across the searches, the check extension and the null move
/// (module docs; the shipped chess tables were learned before these three were added).
pub fn experiment_config() -> Arc<ShallowConfig> {
    Arc::new(ShallowConfig {
        max_extension: 1,
        cache: Some(Mutex::new(HashMap::new())),
        tt: Some(Arc::new(TranspositionTable::with_mib(EXPERIMENT_TT_MIB))),
        check_extension: true,
        null_move: true,
        ..ShallowConfig::default()
    })
}

/// Size of the table [`experiment_config`] keeps across the shallow searches (MiB).
pub const EXPERIMENT_TT_MIB: usize = 64;

/// The evaluator configuration with an external engine making the shallow searches (module
/// docs, "An external engine"): SEARCH-DEPTH 3, our heuristics 3 (extensions capped at one
/// extra ply) and 4 (checks first), evaluations memoized; the engine's own table, extensions
/// and pruning take the place of ours.
pub fn engine_config(engine: Arc<UciPool>) -> Arc<ShallowConfig> {
    Arc::new(ShallowConfig {
        max_extension: 1,
        cache: Some(Mutex::new(HashMap::new())),
        engine: Some(engine),
        ..ShallowConfig::default()
    })
}

/// Learns the chess table as §5.4 describes, at the scale `c` asks for: positions from RBFM
/// self-play games (RBFM with this evaluator, heuristics 1 and 2, the generic table in the
/// exponential family with 25 % damping), the real score of each by this evaluator's search
/// to `real_depth`, then §2.6's bootstrapping with the same program, the variance pooled over
/// `d`. Returns the learned tables and the number of positions; `progress(text)` now and then.
pub fn learn_chess(c: &ChessLearnConfig, progress: &mut dyn FnMut(String)) -> (Learned, usize) {
    let cfg = match &c.engine {
        Some(e) => engine_config(Arc::clone(e)),
        None => experiment_config(),
    };
    let extra = LearnExtra {
        leaf_search: Some(ShallowChess::leaf_search()),
        heuristics: Heuristics {
            unknown_children: true,
            shallow_down: true,
        },
        pool_d_variance: true,
    };
    let mut play = BfOptions::new(Kind::Rbfm);
    play.seed = c.learn.seed;
    let mut t = tables::generic();
    t.family = c.learn.family;
    play.table = Some(Arc::new(t));
    let starts = arachne_games::chess::bench::nunn();
    let mut positions = Vec::new();
    for (g, rec) in starts.iter().take(c.games.max(1)).enumerate() {
        let root = ShallowChess::new(rec.position.clone().with_eval(c.eval), Arc::clone(&cfg));
        let mut o = play.clone();
        o.seed = play.seed.wrapping_add(g as u64);
        positions.extend(selfplay_positions(
            &root,
            1,
            c.plies,
            c.move_expansions,
            &o,
            &extra,
            &mut |_, _| {},
        ));
        progress(format!(
            "self-play game {} of {}: {} positions",
            g + 1,
            c.games,
            positions.len()
        ));
    }
    let real: Vec<i32> = positions
        .iter()
        .map(|p| {
            let fresh = ShallowChess::new(p.chess().clone(), Arc::clone(&cfg));
            fresh.search(c.real_depth).0 .0
        })
        .collect();
    progress(format!(
        "real scores of {} positions (depth {})",
        positions.len(),
        c.real_depth
    ));
    // The learning runs start from the positions as search roots (no extension earned).
    let roots: Vec<ShallowChess> = positions
        .iter()
        .map(|p| ShallowChess::new(p.chess().clone(), Arc::clone(&cfg)))
        .collect();
    let n = roots.len();
    let learned = learn_with(&roots, &real, &c.learn, &extra, &mut |r, i| {
        if (i + 1) % 20 == 0 || i + 1 == n {
            progress(format!("round {} position {} of {n}", r + 1, i + 1));
        }
    });
    (learned, n)
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
        let ab = arachne_search::Algorithm::AlphaBeta.search(
            p.chess(),
            &Limits::depth(3),
            &shallow_options(),
        );
        let before = eval_nodes();
        assert_eq!(p.evaluate(), ab.value);
        let n = eval_nodes() - before;
        assert_eq!(p.search(3).2, n);
        assert!(n < ab.stats.nodes() + ab.stats.qnodes);
        // Mate and stalemate are the game's own values.
        let m = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(m.evaluate(), Score::LOSS);
    }

    #[test]
    fn windowed_quiescence_gives_the_full_window_value_for_fewer_nodes() {
        // Every child of a few LCT II positions: the same value as alphabeta with a
        // full-window quiescence per bottom position (the old evaluator), never more nodes.
        let (mut old_n, mut new_n, mut count) = (0u64, 0u64, 0);
        for rec in arachne_games::chess::bench::lct2().iter().take(6) {
            let root = ShallowChess::new(rec.position.clone(), Arc::new(ShallowConfig::default()));
            let mut ms = Vec::new();
            root.chess().moves(&mut ms);
            for &m in &ms {
                let c = root.chess().play(m);
                if c.is_terminal() || !c.has_moves() {
                    continue;
                }
                let old = arachne_search::Algorithm::AlphaBeta.search(
                    &c,
                    &Limits::depth(2),
                    &shallow_options(),
                );
                let (v, _, n) = ShallowChess::new(c, Arc::new(ShallowConfig::default())).search(2);
                assert_eq!(v, old.value, "{}", rec.position.move_name(m));
                old_n += old.stats.nodes() + old.stats.qnodes;
                new_n += n;
                count += 1;
            }
        }
        assert!(count > 100, "{count} positions");
        assert!(new_n < old_n, "windowed {new_n} vs full-window {old_n}");
    }

    #[test]
    fn a_table_kept_across_searches_changes_no_value() {
        // The children of a few LCT II positions (the `full` evaluation), each searched to
        // its SEARCH-DEPTH (extensions included) and then its best child to SEARCH-DEPTH + 1 as
        // heuristic 1 does, with one table kept across all of them, and without a table: the
        // same values (entries of another draft are never used for a value), fewer nodes.
        let plain = Arc::new(ShallowConfig {
            max_extension: 1,
            ..ShallowConfig::default()
        });
        let kept = Arc::new(ShallowConfig {
            max_extension: 1,
            tt: Some(Arc::new(TranspositionTable::with_mib(16))),
            ..ShallowConfig::default()
        });
        let (mut with, mut without, mut count) = (0u64, 0u64, 0);
        for rec in arachne_games::chess::bench::lct2().iter().skip(20).take(2) {
            let pos = rec
                .position
                .clone()
                .with_eval(arachne_games::chess::Eval::Full);
            let (a, b) = (
                ShallowChess::new(pos.clone(), Arc::clone(&plain)),
                ShallowChess::new(pos, Arc::clone(&kept)),
            );
            let mut ms = Vec::new();
            a.moves(&mut ms);
            for &m in &ms {
                let (ca, cb) = (a.play(m), b.play(m));
                if ca.chess().is_terminal() || !ca.chess().has_moves() {
                    continue;
                }
                for delta in [0, 1] {
                    let d = ca.search_depth() + delta;
                    let (va, ma, na) = ca.search(d);
                    let (vb, _, nb) = cb.search(d);
                    assert_eq!(va, vb, "{} depth {d}", a.chess().move_name(m));
                    assert!(ma.is_some());
                    without += na;
                    with += nb;
                    count += 1;
                }
            }
        }
        assert!(count > 100, "{count} searches");
        assert!(with < without, "with a table {with}, without {without}");
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
