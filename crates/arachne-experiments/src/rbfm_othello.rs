//! Seed 002 §4 (Fig. 9): Othello games between RBFM, BFM and alpha-beta from the 244 positions
//! four plies into the game, each played twice with colours swapped.
//!
//! Choices where we differ from the paper or it is silent:
//!
//! * **Evaluation**: arachne's Othello evaluation (positional weights and mobility), not Bill's.
//! * **Matching the effort** (`--matching`, [`Matching`]). Two ways:
//!   * `pv-depth`, the paper's (§3.2.5, §4.1, §4.2): RBFM and BFM stop when their principal
//!     variation reaches a depth `D_RBFM` / `D_BFM`, when it ends at a terminal leaf (the rule
//!     of \[9\] that §3.2.5 uses near the end), or when a search has generated more than five
//!     times the average of the player's earlier turns (§4.1, both algorithms; not at the
//!     first turn, which has no average). Per alpha-beta depth the two depths are calibrated
//!     ("using simulations") to the depth whose generated nodes, summed over games against
//!     alpha-beta, come nearest alpha-beta's in the same games ([`pick_depth`]). Our choices:
//!     the calibration games are those of [`CALIBRATION_OPENINGS`] (16) openings evenly
//!     spaced among the 244 (fewer if fewer are played), both colours, with their own seeds;
//!     "nearest" is on a log scale; the search starts at the previous alpha-beta depth's
//!     calibrated depth plus one (else `D_αβ` for RBFM, `2 D_αβ` for BFM). RBFM against BFM
//!     plays at the depths calibrated against alpha-beta, as §4.2 says.
//!   * `nodes` (the default): every best-first move gets a budget of exactly the nodes
//!     alpha-beta to that depth generates at the same position (counted, not played), so the
//!     comparison is at equal generated nodes move by move; no other stop.
//!
//!   The default is `nodes` because the paper's matching reproduces §4.3 worse here:
//!   at alpha-beta depths 4 / 5 / 6 (61 openings, 122 games per pair) with `pv-depth` RBFM
//!   beats alpha-beta 62.7 / 44.3 / 50.0 %, BFM beats it 83.6 / 81.6 / 70.1 % and RBFM beats
//!   BFM 21.3 / 20.5 / 23.8 %; with `nodes` 68.0 / 63.1 / 57.0 %, 77.5 / 62.7 / 63.1 % and
//!   41.8 / 42.6 / 41.4 % (BENCHMARKS.md, "othello9"). Matched by depth, BFM's principal
//!   variation goes about twice as deep as RBFM's for the same nodes (depth 6: 22 against
//!   11 plies) and BFM gains, RBFM loses; at depth 7 (31 openings) `pv-depth` gives 40.3,
//!   62.9 and 21.0 %, `nodes` 48.4, 51.6 and 35.5 %. Both ways, best-first players keep their subtree between moves (§4.2),
//!   and alpha-beta uses static move ordering.
//! * **Table**: RBFM uses the shipped Othello table (`arachne learn --game othello`, real
//!   score by alpha-beta to depth 6, not 10; 200 expansions per position, so rows past
//!   `s = 192` repeat the last — a table learned with 2 000 expansions changed nothing beyond
//!   the noise); the move played is the best child.
//! * **Why RBFM loses to BFM here** (issue 12; BENCHMARKS.md, "othellowhy"; the example
//!   `othello_decision`). Not its moves, position by position: on 300 positions of plies
//!   10–40 judged by a 10-ply search, at alpha-beta's generated nodes, RBFM picks the judge's
//!   move as often as BFM or more (depths 5 / 6: 57.4 / 61.3 % against 57.3 / 58.7 %), also in
//!   the endgame (plies 42–54), and the table's spread (×½, ×2), family, mean shift, `s = 0`
//!   cells and a depth-8 real score each move that within ±5 points. Not the subtrees kept
//!   between moves: BFM keeps about 4× RBFM's nodes into its moves, but with fresh trees
//!   ([`Setup::fresh_tree`]) RBFM still wins 41.4 / 43.4 / 38.9 % against BFM at depths 4–6.
//!   RBFM's deficit is there by ply 24: it stands better (a depth-8 search) in 39.8 % of the
//!   games at depth 4, about its final 41.8 %, and the share does not fall later (RBFM for the
//!   first 10 or 20 plies only, BFM after, [`Setup::rbfm_until`]: 44–48 %); yet on 300
//!   positions of plies 6–20 of those games RBFM's moves lose no more than BFM's by the 10-ply
//!   judge (3.93 against 4.00 evaluation units per move). Why RBFM falls behind in the opening
//!   is not established (the evaluation remains a candidate: a noisier one makes RBFM decide
//!   worse than BFM, a 1-ply search as the evaluation makes it decide relatively better).
//!   Without §2.3's pruning rule RBFM decides better (depth 6: 68.2 % against 61.3 %) and
//!   beats alpha-beta in 68.4 % of the games at depth 6, but BFM still in only 42.2 %; the
//!   rule stays on (the paper's).
//! * **Scale**: the full run plays every 244 openings at alpha-beta depths 1–3, the quick run
//!   24 openings at depths 1–2 (the paper: depths 1–8). `--depths A-B`, `--openings N`
//!   (evenly spaced) and `--scale paper` (244 openings, depths 1–8) choose others
//!   ([`crate::scale`]).
//! * **Claims** (Fig. 9 has no numbers, §4.3 states them): at every depth RBFM and BFM beat
//!   alpha-beta; from depth 5 RBFM beats it more often than BFM does; RBFM loses to BFM below
//!   depth 6 and beats it from depth 6.
use crate::report::{Report, Row, Sample};
use crate::{ExpError, Options, Progress};
use arachne_bestfirst::compare::{self, Player};
use arachne_bestfirst::dist::DistTable;
use arachne_bestfirst::{tables, BfOptions, BfStop, Kind};
use arachne_core::Game;
use arachne_games::Othello;
use arachne_plot::{Chart, Series, Style};
use serde_json::json;
use std::fmt::Write as _;
use std::sync::Arc;

/// The paper.
pub const PAPER: &str =
    "Shoham & Toledo 2002, Parallel Randomized Best-First Minimax Search (seed 002), §4, Fig. 9";

/// The positions four plies into the game, in generation order (244 of them).
pub fn openings() -> Vec<Othello> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    fn rec(p: &Othello, d: u32, out: &mut Vec<Othello>, moves: &mut Vec<u8>) {
        if d == 0 {
            out.push(*p);
            return;
        }
        p.moves(moves);
        for m in moves.clone() {
            rec(&p.play(m), d - 1, out, moves);
        }
    }
    rec(&Othello::start(), 4, &mut out, &mut moves);
    out
}

/// How the best-first players' effort is matched to alpha-beta's (`--matching`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Matching {
    /// The paper's (§3.2.5, §4.1, §4.2): RBFM and BFM stop when their principal variation
    /// reaches a depth calibrated per alpha-beta depth to about alpha-beta's generated nodes
    /// summed over games ([`pick_depth`]), or ends at a terminal leaf, or after more than
    /// [`ABORT_FACTOR`] times the average generated nodes of their earlier turns.
    PvDepth,
    /// Every best-first move gets exactly alpha-beta's generated nodes at that position.
    #[default]
    Nodes,
}

impl Matching {
    /// Parses `--matching`: `pv-depth` or `nodes`.
    pub fn parse(s: &str) -> Result<Matching, String> {
        match s {
            "pv-depth" => Ok(Matching::PvDepth),
            "nodes" => Ok(Matching::Nodes),
            _ => Err(format!("`{s}` is not a matching (pv-depth or nodes)")),
        }
    }
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Matching::PvDepth => "pv-depth",
            Matching::Nodes => "nodes",
        }
    }
}

/// §4.1: a best-first search aborts after more than five times the average generated nodes
/// of its earlier turns (RBFM and BFM alike).
pub const ABORT_FACTOR: f64 = 5.0;

/// The deepest principal variation the calibration tries (an Othello game has at most 60
/// moves).
const MAX_PV: u32 = 60;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Who {
    Ab,
    Rbfm,
    Bfm,
}

impl Who {
    fn index(self) -> usize {
        match self {
            Who::Ab => 0,
            Who::Rbfm => 1,
            Who::Bfm => 2,
        }
    }
}

/// The best-first players' principal-variation depths (`None`: a budget per move).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct PvDepths {
    rbfm: Option<u32>,
    bfm: Option<u32>,
}

impl PvDepths {
    fn of(self, who: Who) -> Option<u32> {
        match who {
            Who::Ab => None,
            Who::Rbfm => self.rbfm,
            Who::Bfm => self.bfm,
        }
    }
}

/// The options of a best-first player stopping at principal-variation depth `pv` (§3.2.5:
/// also when the principal variation ends at a terminal leaf; §4.1: after more than
/// [`ABORT_FACTOR`] times its average), or without a stop of its own (`None`: a budget).
pub fn best_first_options(kind: Kind, pv: Option<u32>, seed: u64) -> BfOptions {
    let mut o = BfOptions::new(kind);
    o.seed = seed;
    o.vote = 0;
    if kind == Kind::Rbfm {
        o.table = Some(Arc::new(tables::default_for("othello", "othello")));
    }
    if let Some(k) = pv {
        o.pv_depth = Some(k);
        o.stop_at_terminal_pv = true;
        o.abort_factor = Some(ABORT_FACTOR);
    }
    o
}

/// How the players are set up. The experiment uses the default; the other settings are
/// ablations for issue 12 (`othello_decision` example, BENCHMARKS.md "othellowhy").
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// RBFM's table (default: the shipped one).
    pub table: Option<Arc<DistTable>>,
    /// RBFM without §2.3's pruning rule (default: with it).
    pub no_pruning: bool,
    /// Best-first players start every move from a fresh tree (default: they keep the
    /// subtree of the move played, §3.2.5, §4.2).
    pub fresh_tree: bool,
    /// RBFM's side is played by BFM from this many plies after the opening on (RBFM plays
    /// only the plies before).
    pub rbfm_until: Option<usize>,
    /// Keep every game's positions in [`Pairs::records`].
    pub record: bool,
}

/// One game of [`Pairs`] with [`Setup::record`].
#[derive(Clone, Debug)]
pub struct Record {
    /// The pair (0: RBFM–alpha-beta, 1: BFM–alpha-beta, 2: RBFM–BFM).
    pub pair: usize,
    /// True when the pair's first-named moved first.
    pub named_first: bool,
    /// The positions from the opening to the end.
    pub line: Vec<Othello>,
    /// The final disc difference for the pair's first-named.
    pub diff: i32,
}

fn make(who: Who, depth: u32, pv: PvDepths, seed: u64, setup: &Setup) -> Player<Othello> {
    match who {
        Who::Ab => Player::AlphaBeta { depth },
        Who::Rbfm => {
            let mut o = best_first_options(Kind::Rbfm, pv.rbfm, seed);
            if let Some(t) = &setup.table {
                o.table = Some(Arc::clone(t));
            }
            o.pruning = !setup.no_pruning;
            Player::best_first(o, None)
        }
        Who::Bfm => Player::best_first(best_first_options(Kind::Bfm, pv.bfm, seed), None),
    }
}

/// One game's result: the disc difference for the first player at the end, and per side the
/// generated nodes, the moves made, the searches that §4.1's rule aborted, the best-first
/// moves made without generating a node (the kept subtree already met the stop), and the
/// nodes of the subtrees kept into the player's moves.
struct GameResult {
    diff: i32,
    nodes: [u64; 2],
    moves: [u64; 2],
    aborted: [u64; 2],
    idle: [u64; 2],
    kept: [u64; 2],
    line: Vec<Othello>,
}

/// Plays one game, `who[0]` moving first from `start`. A best-first player with no
/// principal-variation depth in `pv` gets alpha-beta's generated nodes at the position as its
/// budget for the move.
fn game(
    start: &Othello,
    who: [Who; 2],
    depth: u32,
    pv: PvDepths,
    seed: u64,
    setup: &Setup,
) -> GameResult {
    let mut ps = [
        make(who[0], depth, pv, seed, setup),
        make(who[1], depth, pv, seed ^ 0x9e37, setup),
    ];
    let mut pos = *start;
    let mut nodes = [0u64; 2];
    let mut aborted = [0u64; 2];
    let mut idle = [0u64; 2];
    let mut kept = [0u64; 2];
    let mut line = vec![*start];
    let mut switched = [false; 2];
    let mut moves = Vec::new();
    let mut k = 0usize;
    while !pos.is_terminal() && k < 200 {
        pos.moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let side = k % 2;
        let budgeted = pv.of(who[side]).is_none();
        if setup.fresh_tree {
            ps[side].forget();
        }
        if who[side] == Who::Rbfm && !switched[side] && setup.rbfm_until.is_some_and(|u| k >= u) {
            // From here on BFM moves for RBFM's side (a fresh tree).
            ps[side] = make(Who::Bfm, depth, pv, seed, setup);
            switched[side] = true;
        }
        kept[side] += ps[side].kept();
        if let Player::BestFirst { nodes: budget, .. } = &mut ps[side] {
            if budgeted {
                *budget = Some(compare::alphabeta(&pos, depth).2.max(moves.len() as u64));
            }
        }
        let (mv, n) = ps[side].choose(&pos, None);
        nodes[side] += n;
        if ps[side].last_stop() == Some(BfStop::Abort) {
            aborted[side] += 1;
        }
        if n == 0 && who[side] != Who::Ab {
            idle[side] += 1;
        }
        let mv = mv.unwrap_or(moves[0]);
        for p in ps.iter_mut() {
            p.observe(mv);
        }
        pos = pos.play(mv);
        if setup.record {
            line.push(pos);
        }
        k += 1;
    }
    let d = pos.disc_difference();
    // `pos`'s side to move is the first player's after an even number of plies.
    let k = k as u64;
    GameResult {
        diff: if k % 2 == 0 { d } else { -d },
        nodes,
        moves: [k.div_ceil(2), k / 2],
        aborted,
        idle,
        kept,
        line,
    }
}

/// The principal-variation depth whose generated nodes come nearest alpha-beta's (§3.2.5: "the
/// search depth of RBFM that results in approximately the same number of generated nodes,
/// when summed over all the games"). `ratio(k)` is the best-first player's generated nodes
/// over alpha-beta's at depth `k` in `1 ..= max`, taken to grow with `k` (about
/// geometrically: a search costs more per ply deeper). From `start` the search steps up while
/// the ratio is below 1, or down while it is at least 1, until it brackets 1 (or reaches `1` /
/// `max`), then bisects the bracket to two adjacent depths. A step is one depth, then the
/// depth at which the last two ratios, extrapolated geometrically, would reach 1 — at least
/// one and at most twice the step before (the games at a deep calibration depth are the
/// costliest, so overshooting is avoided); it returns the depth tried whose ratio is nearest 1 on a log scale (ties:
/// the shallower) and every `(depth, ratio)` tried, by depth. For a ratio that grows with `k`
/// that is the depth of all `1 ..= max` nearest 1.
pub fn pick_depth(
    start: u32,
    max: u32,
    mut ratio: impl FnMut(u32) -> f64,
) -> (u32, Vec<(u32, f64)>) {
    let mut tried: Vec<(u32, f64)> = Vec::new();
    let mut at = |k: u32, tried: &mut Vec<(u32, f64)>| {
        let r = ratio(k);
        tried.push((k, r));
        r
    };
    let mut k = start.clamp(1, max);
    let up = at(k, &mut tried) < 1.0;
    // The bracket: `lo` below 1, `hi` at or above it (when known).
    let (mut lo, mut hi) = if up { (Some(k), None) } else { (None, Some(k)) };
    let mut step = 1;
    loop {
        if let [.., (k0, r0), (k1, r1)] = tried[..] {
            // Geometric extrapolation of the last two ratios to 1.
            let slope = (r1.ln() - r0.ln()) / (k1 as f64 - k0 as f64);
            let want = (-r1.ln() / slope).abs().ceil();
            let prev = k1.abs_diff(k0);
            step = if want.is_finite() && slope > 0.0 {
                (want as u32).clamp(1, 2 * prev)
            } else {
                2 * prev
            };
        }
        let next = if up {
            (k + step).min(max)
        } else {
            k.saturating_sub(step).max(1)
        };
        if next == k {
            break;
        }
        k = next;
        if at(k, &mut tried) < 1.0 {
            lo = Some(k);
            if !up {
                break;
            }
        } else {
            hi = Some(k);
            if up {
                break;
            }
        }
    }
    if let (Some(mut l), Some(mut h)) = (lo, hi) {
        while h - l > 1 {
            let m = l + (h - l) / 2;
            if at(m, &mut tried) < 1.0 {
                l = m;
            } else {
                h = m;
            }
        }
    }
    tried.sort_by_key(|t| t.0);
    let best = tried
        .iter()
        .min_by(|a, b| a.1.ln().abs().total_cmp(&b.1.ln().abs()))
        .expect("tried")
        .0;
    (best, tried)
}

/// Calibrates `who`'s principal-variation depth against alpha-beta to `depth` by games from
/// `openings` (each played twice, colours swapped): the depth from [`pick_depth`], the depths
/// tried with their node ratios, and the number of games played.
fn calibrate(
    who: Who,
    depth: u32,
    start: u32,
    openings: &[Othello],
    seed: u64,
    progress: &Progress,
) -> (u32, Vec<(u32, f64)>, u64) {
    let mut games = 0;
    let (k, tried) = pick_depth(start, MAX_PV, |k| {
        let pv = PvDepths {
            rbfm: Some(k),
            bfm: Some(k),
        };
        let (mut mine, mut ab) = (0u64, 0u64);
        for (i, p) in openings.iter().enumerate() {
            for order in [[who, Who::Ab], [Who::Ab, who]] {
                let r = game(p, order, depth, pv, seed + i as u64, &Setup::default());
                let me = usize::from(order[0] != who);
                mine += r.nodes[me];
                ab += r.nodes[1 - me];
                games += 1;
            }
        }
        let r = mine as f64 / ab.max(1) as f64;
        progress.message(format!(
            "Othello, alpha-beta depth {depth}: {who:?} to principal-variation depth {k}: {r:.2} × alpha-beta's nodes"
        ));
        r
    });
    (k, tried, games)
}

/// `n` of the openings, evenly spaced: every `len / n`-th from the first when that step is at
/// least 2 (or `n` is all of them), else those at `⌊i · len / n⌋`.
fn spread(all: &[Othello], n: usize) -> Vec<Othello> {
    let n = n.clamp(1, all.len());
    let step = all.len() / n;
    if step >= 2 || n == all.len() {
        all.iter().step_by(step).take(n).copied().collect()
    } else {
        (0..n).map(|i| all[i * all.len() / n]).collect()
    }
}

/// Totals of the three pairs (RBFM–alpha-beta, BFM–alpha-beta, RBFM–BFM) over games from a
/// set of openings: per pair the first-named's score (a win 1, a draw ½), and per player
/// (alpha-beta, RBFM, BFM) generated nodes, moves, §4.1 aborts, moves without an expansion
/// and the nodes of the subtrees kept into its moves.
#[derive(Clone, Debug, Default)]
pub struct Pairs {
    /// Per pair, the first-named's score.
    pub score: [f64; 3],
    /// Per player, generated nodes.
    pub nodes: [u64; 3],
    /// Per player, moves made.
    pub moves: [u64; 3],
    /// Per player, searches aborted by §4.1's rule.
    pub aborted: [u64; 3],
    /// Per player, moves made without generating a node.
    pub idle: [u64; 3],
    /// Per player, nodes of the subtrees kept into its moves.
    pub kept: [u64; 3],
    /// Games per pair.
    pub games: u64,
    /// Every game with [`Setup::record`].
    pub records: Vec<Record>,
}

impl Pairs {
    /// Per pair, the first-named's winning percentage.
    pub fn pct(&self) -> [f64; 3] {
        self.score.map(|s| 100.0 * s / (self.games.max(1) as f64))
    }
}

/// Plays the three pairs from `chosen` at alpha-beta depth `d`, each opening twice with
/// colours swapped (game seeds from `seed` and the opening's index).
fn pairs(
    chosen: &[Othello],
    d: u32,
    pv: PvDepths,
    seed: u64,
    setup: &Setup,
    progress: &Progress,
) -> Pairs {
    let mut t = Pairs {
        games: 2 * chosen.len() as u64,
        ..Pairs::default()
    };
    for (pi, (a, b)) in [
        (Who::Rbfm, Who::Ab),
        (Who::Bfm, Who::Ab),
        (Who::Rbfm, Who::Bfm),
    ]
    .into_iter()
    .enumerate()
    {
        for (i, start) in chosen.iter().enumerate() {
            if i % (chosen.len() / 10).max(1) == 0 {
                progress.message(format!(
                    "Othello games, alpha-beta depth {d}: pair {} of 3, opening {i} of {}",
                    pi + 1,
                    chosen.len()
                ));
            }
            let seed = seed * 7919 + i as u64;
            for (first, second) in [(a, b), (b, a)] {
                let r = game(start, [first, second], d, pv, seed, setup);
                let for_a = if first == a { r.diff } else { -r.diff };
                t.score[pi] += match for_a.signum() {
                    1 => 1.0,
                    0 => 0.5,
                    _ => 0.0,
                };
                for (w, k) in [(first, 0), (second, 1)] {
                    t.nodes[w.index()] += r.nodes[k];
                    t.moves[w.index()] += r.moves[k];
                    t.aborted[w.index()] += r.aborted[k];
                    t.idle[w.index()] += r.idle[k];
                    t.kept[w.index()] += r.kept[k];
                }
                if setup.record {
                    t.records.push(Record {
                        pair: pi,
                        named_first: first == a,
                        line: r.line,
                        diff: for_a,
                    });
                }
            }
        }
    }
    t
}

/// The experiment's games with `--matching nodes` at alpha-beta depth `depth` from `openings`
/// evenly spaced among the 244 (as `--openings`), seed `seed` (as `--seed`), players set up
/// by `setup`: with the default setup, the figures of `rbfm-othello --depths D --openings N`.
pub fn nodes_matched(
    openings: usize,
    depth: u32,
    seed: u64,
    setup: &Setup,
    progress: &Progress,
) -> Pairs {
    let chosen = spread(&self::openings(), openings);
    pairs(&chosen, depth, PvDepths::default(), seed, setup, progress)
}

/// Openings of the calibration of the principal-variation depths (`--matching pv-depth`):
/// this many, evenly spaced among the 244 (fewer when fewer are played).
pub const CALIBRATION_OPENINGS: usize = 16;

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let mut rep = Report::new(
        "rbfm-othello",
        "RBFM in Othello (§4, Fig. 9)",
        PAPER,
        o.quick,
    );
    o.scale.check("rbfm-othello").map_err(ExpError::failed)?;
    let matching = o.scale.matching.unwrap_or_default();
    let all = openings();
    let n = o
        .scale
        .othello_openings(if o.quick { 24 } else { all.len() });
    let depths = o
        .scale
        .othello_depths(if o.quick { (1, 2) } else { (1, 3) });
    let chosen = spread(&all, n);
    rep.sample(Sample::new(n as u64, Some(244), "openings"));
    let cal = spread(&all, CALIBRATION_OPENINGS.min(n));
    rep.setup(
        "openings",
        format!(
            "{} of the {} positions 4 plies in (paper: all 244)",
            chosen.len(),
            all.len()
        ),
    );
    rep.setup("alpha-beta depths", format!("{depths:?} (paper: 1–8)"));
    rep.setup(
        "effort",
        match matching {
            Matching::Nodes => {
                "--matching nodes: best-first budget per move = alpha-beta's generated nodes at that position".to_string()
            }
            Matching::PvDepth => format!(
                "--matching pv-depth (the paper's): RBFM and BFM stop at principal-variation depths calibrated to alpha-beta's generated nodes over {} games ({} openings × 2 colours) per depth tried, at a terminal principal variation, or after {ABORT_FACTOR}× their average (§4.1)",
                2 * cal.len(),
                cal.len()
            ),
        },
    );
    let mut md = String::from("| αβ depth | D_RBFM | D_BFM | RBFM vs AB: RBFM wins % | BFM vs AB: BFM wins % | RBFM vs BFM: RBFM wins % | nodes/move AB | RBFM | BFM | aborted (§4.1) RBFM / BFM % | no expansion RBFM / BFM % |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
    let mut cal_md = String::new();
    let mut pts = [Vec::new(), Vec::new(), Vec::new()];
    let mut data = Vec::new();
    let mut prev = PvDepths::default();
    for &d in &depths {
        o.progress
            .message(format!("Othello games, alpha-beta depth {d}"));
        let pv = match matching {
            Matching::Nodes => PvDepths::default(),
            Matching::PvDepth => {
                let mut pv = PvDepths::default();
                for who in [Who::Rbfm, Who::Bfm] {
                    o.progress.message(format!(
                        "Othello, alpha-beta depth {d}: calibrating {who:?}'s principal-variation depth"
                    ));
                    // The previous depth's, one deeper; else the alpha-beta depth (RBFM) or twice it.
                    let start = prev
                        .of(who)
                        .map_or(if who == Who::Rbfm { d } else { 2 * d }, |k| k + 1);
                    let (k, tried, games) =
                        calibrate(who, d, start, &cal, o.seed * 7919 + 1_000_000, &o.progress);
                    let list: Vec<String> =
                        tried.iter().map(|(k, r)| format!("{k}: {r:.2}")).collect();
                    writeln!(
                        cal_md,
                        "| {d} | {who:?} | {} | {k} | {games} |",
                        list.join(", ")
                    )
                    .ok();
                    match who {
                        Who::Rbfm => pv.rbfm = Some(k),
                        _ => pv.bfm = Some(k),
                    }
                }
                prev = pv;
                pv
            }
        };
        let Pairs {
            score,
            nodes,
            moves,
            aborted,
            idle,
            ..
        } = pairs(&chosen, d, pv, o.seed, &Setup::default(), &o.progress);
        let games = 2.0 * chosen.len() as f64;
        let pct: Vec<f64> = score.iter().map(|s| 100.0 * s / games).collect();
        let per = |j: usize| nodes[j] as f64 / moves[j].max(1) as f64;
        let ab_pct = |j: usize| 100.0 * aborted[j] as f64 / moves[j].max(1) as f64;
        let idle_pct = |j: usize| 100.0 * idle[j] as f64 / moves[j].max(1) as f64;
        let show = |k: Option<u32>| k.map_or("–".to_string(), |k| k.to_string());
        writeln!(
            md,
            "| {d} | {} | {} | {:.1} | {:.1} | {:.1} | {:.0} | {:.0} | {:.0} | {:.1} / {:.1} | {:.1} / {:.1} |",
            show(pv.rbfm),
            show(pv.bfm),
            pct[0],
            pct[1],
            pct[2],
            per(0),
            per(1),
            per(2),
            ab_pct(1),
            ab_pct(2),
            idle_pct(1),
            idle_pct(2)
        )
        .ok();
        for (k, p) in pct.iter().enumerate() {
            pts[k].push((d as f64, *p));
        }
        rep.row(Row::claim(
            "Fig. 9 (left)",
            format!(
                "alpha-beta depth {d}: RBFM outperforms alpha-beta (wins {:.1} %)",
                pct[0]
            ),
            pct[0] > 50.0,
        ));
        rep.row(Row::claim(
            "Fig. 9 (left)",
            format!(
                "alpha-beta depth {d}: BFM outperforms alpha-beta (wins {:.1} %)",
                pct[1]
            ),
            pct[1] > 50.0,
        ));
        // §4.3: "RBFM wins over Alpha-Beta at greater percentages [than BFM] at depth 5 or
        // more"; "RBFM beats BFM at depth 6 or more, but loses at shallower depths".
        if d >= 5 {
            rep.row(Row::claim(
                "Fig. 9 (left)",
                format!(
                    "alpha-beta depth {d} (≥ 5): RBFM beats alpha-beta more often than BFM does ({:.1} % vs {:.1} %)",
                    pct[0], pct[1]
                ),
                pct[0] > pct[1],
            ));
        }
        rep.row(if d < 6 {
            Row::claim(
                "Fig. 9 (right)",
                format!(
                    "alpha-beta depth {d} (< 6): RBFM loses to BFM (RBFM wins {:.1} %)",
                    pct[2]
                ),
                pct[2] < 50.0,
            )
        } else {
            Row::claim(
                "Fig. 9 (right)",
                format!(
                    "alpha-beta depth {d} (≥ 6): RBFM beats BFM (RBFM wins {:.1} %)",
                    pct[2]
                ),
                pct[2] > 50.0,
            )
        });
        data.push(
            json!({"depth": d, "rbfm_ab": pct[0], "bfm_ab": pct[1], "rbfm_bfm": pct[2],
            "nodes_per_move": [per(0), per(1), per(2)], "pv_depth_rbfm": pv.rbfm,
            "pv_depth_bfm": pv.bfm, "aborted_pct": [ab_pct(1), ab_pct(2)],
            "no_expansion_pct": [idle_pct(1), idle_pct(2)]}),
        );
    }
    // The full form's depths left out of a quick run: the same rows, not computed (the same
    // rows at every scale).
    let full_depths = if o.quick && o.scale.depths.is_none() && !o.scale.paper {
        o.scale.othello_depths((1, 3))
    } else {
        depths.clone()
    };
    for &d in full_depths.iter().filter(|d| !depths.contains(d)) {
        let mut rows = vec![
            (
                "Fig. 9 (left)",
                format!("alpha-beta depth {d}: RBFM outperforms alpha-beta"),
            ),
            (
                "Fig. 9 (left)",
                format!("alpha-beta depth {d}: BFM outperforms alpha-beta"),
            ),
        ];
        if d >= 5 {
            rows.push((
                "Fig. 9 (left)",
                format!(
                    "alpha-beta depth {d} (≥ 5): RBFM beats alpha-beta more often than BFM does"
                ),
            ));
        }
        rows.push((
            "Fig. 9 (right)",
            if d < 6 {
                format!("alpha-beta depth {d} (< 6): RBFM loses to BFM")
            } else {
                format!("alpha-beta depth {d} (≥ 6): RBFM beats BFM")
            },
        ));
        for (fig, label) in rows {
            rep.not_computed(fig, label, "holds");
        }
    }
    let missing: Vec<String> = (1..=8u32)
        .filter(|d| !full_depths.contains(d))
        .map(|d| d.to_string())
        .collect();
    if !missing.is_empty() {
        rep.row(Row::not_reproducible(
            "Fig. 9",
            format!(
                "alpha-beta depths {} (RBFM ahead most at depth ≥ 5; RBFM beats BFM at depth ≥ 6)",
                missing.join(", ")
            ),
            "plotted",
            "not run",
            if o.scale.depths.is_some() {
                "not selected by --depths"
            } else {
                "beyond this run's time budget (--depths A-B runs them)"
            },
        ));
    }
    let names = ["RBFM vs alpha-beta", "BFM vs alpha-beta", "RBFM vs BFM"];
    rep.plot(
        "fig9",
        "Fig. 9: winning percentages in Othello against alpha-beta depth",
        Chart {
            title: "Othello: winning percentage of the first-named".into(),
            x_label: "alpha-beta depth (effort per move)".into(),
            y_label: "wins (%)".into(),
            log_x: false,
            log_y: false,
            series: (0..3)
                .map(|k| Series {
                    name: names[k].into(),
                    points: pts[k].clone(),
                    style: Style::LinePoints,
                })
                .collect(),
        },
    );
    let cal_md = if cal_md.is_empty() {
        String::new()
    } else {
        format!(
            "\n\nCalibration (§3.2.5): generated nodes of the best-first player over alpha-beta's \
             in games against it from {} openings, per principal-variation depth tried.\n\n\
             | αβ depth | player | depth: node ratio | chosen | games |\n|---|---|---|---|---|\n{cal_md}",
            cal.len()
        )
    };
    rep.details = format!(
        "Each opening is played twice, colours swapped; a draw counts half. Nodes per move are \
         generated nodes over all games of all pairs; aborted: the share of a player's moves \
         whose search §4.1's rule ended; no expansion: the share of its moves made without \
         generating a node (the subtree kept from the last move already met the stop, or the \
         root was solved).\n\n{md}{cal_md}"
    );
    rep.data = json!({ "fig9": data, "matching": matching.name() });
    Ok(rep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_bestfirst::Searcher;
    use arachne_core::Limits;

    /// The depth of `1 ..= max` whose ratio is nearest 1 on a log scale (ties: shallower).
    fn brute(max: u32, ratio: impl Fn(u32) -> f64) -> u32 {
        (1..=max)
            .min_by(|&a, &b| ratio(a).ln().abs().total_cmp(&ratio(b).ln().abs()))
            .unwrap()
    }

    #[test]
    fn pick_depth_finds_the_depth_nearest_equal_nodes() {
        // Growing ratios of several shapes, from every start: the depth picked is the one of
        // all depths whose ratio is nearest 1, and it was tried.
        for (c, g) in [
            (0.05, 2.0),
            (0.01, 1.3),
            (3.0, 1.5),
            (0.9, 1.05),
            (1e-6, 1.1),
        ] {
            let ratio = |k: u32| c * f64::powi(g, k as i32);
            for start in [1, 2, 5, 9, 30, 60, 70] {
                let mut calls = 0;
                let (k, tried) = pick_depth(start, 60, |k| {
                    calls += 1;
                    ratio(k)
                });
                assert_eq!(k, brute(60, ratio), "c {c} g {g} start {start}");
                assert!(tried.iter().any(|t| t.0 == k && t.1 == ratio(k)));
                assert_eq!(tried.len(), calls);
                assert!(
                    tried.windows(2).all(|w| w[0].0 < w[1].0),
                    "sorted, no repeats"
                );
                // Galloping and bisection: about 2 log2(60) evaluations at most.
                assert!(calls <= 13, "c {c} g {g} start {start}: {calls} calls");
            }
        }
        // Exactly 1 at depth 4: depth 4.
        let (k, _) = pick_depth(1, 60, |k| k as f64 / 4.0);
        assert_eq!(k, 4);
        // ½ at 3 and 2 at 4 are equally far from 1: the shallower.
        let halves = |k: u32| match k {
            0..=2 => 0.25,
            3 => 0.5,
            _ => 2.0,
        };
        for start in [1, 3, 4, 9] {
            assert_eq!(pick_depth(start, 60, halves).0, 3, "start {start}");
        }
    }

    #[test]
    fn best_first_players_stop_at_the_pv_depth_a_terminal_pv_or_five_times_their_average() {
        // A whole game of each best-first player with a principal-variation depth against
        // alpha-beta: every search ends for one of the paper's reasons, each when it should.
        // From the first opening at depth 4, §4.1's rule aborts 2 RBFM searches and 1 BFM one.
        for (kind, aborted) in [(Kind::Rbfm, 2), (Kind::Bfm, 1)] {
            let k = 4;
            let mut pos = openings()[0];
            let mut s = Searcher::new(pos, best_first_options(kind, Some(k), 3));
            let mut aborts = 0;
            let mut me = true;
            while !pos.is_terminal() {
                let mv = if me {
                    let (sum, n) = s.turns();
                    let at =
                        (n > 0).then(|| (ABORT_FACTOR * sum as f64 / n as f64).max(1.0) as u64);
                    let out = s.run(&Limits::default());
                    let g = out.generated();
                    match out.stop {
                        BfStop::PvDepth => assert!(out.pv_depth >= k),
                        BfStop::TerminalPv => {
                            let pv = s.tree().pv_nodes();
                            assert!(s.tree().node(*pv.last().unwrap()).solved());
                            assert!(out.pv_depth < k, "the PV depth stop comes first");
                        }
                        BfStop::Solved => assert!(out.solved),
                        BfStop::Abort => {
                            aborts += 1;
                            let at = at.expect("no abort at the first turn");
                            // The first expansion past the threshold (an Othello position has
                            // fewer than 64 moves) and not before.
                            assert!(g > at && g < at + 64, "{g} against {at}");
                            assert!(out.pv_depth < k);
                        }
                        other => panic!("{kind:?}: stopped by {other:?}"),
                    }
                    if let Some(at) = at {
                        assert!(
                            g < at + 64,
                            "{kind:?}: {g} generated past the abort at {at}"
                        );
                    }
                    out.best_move.expect("a move")
                } else {
                    compare::alphabeta(&pos, 3).0.expect("a move")
                };
                s.play(mv);
                pos = pos.play(mv);
                me = !me;
            }
            assert_eq!(aborts, aborted, "{kind:?}");
        }
    }

    #[test]
    fn nodes_matched_plays_the_experiments_games_and_its_ablations() {
        // The default setup plays the experiment's games (`--matching nodes`): the same
        // winning percentages as the report.
        let mut o = Options::new(true, std::env::temp_dir());
        o.scale.openings = Some(3);
        o.scale.depths = Some((2, 2));
        let rep = run(&o).expect("runs");
        let fig = &rep.data["fig9"][0];
        let t = nodes_matched(3, 2, o.seed, &Setup::default(), &Progress::hidden());
        assert_eq!(t.games, 6);
        let pct = t.pct();
        for (k, key) in ["rbfm_ab", "bfm_ab", "rbfm_bfm"].into_iter().enumerate() {
            assert_eq!(fig[key].as_f64(), Some(pct[k]), "{key}");
        }
        // Best-first players keep subtrees into their moves; alpha-beta keeps nothing.
        assert_eq!(t.kept[0], 0);
        assert!(t.kept[1] > 0 && t.kept[2] > 0);
        assert!(t.records.is_empty());
        // Fresh trees: nothing kept. Records: every game, its line a legal game to the end,
        // and its score the pair's.
        let setup = Setup {
            fresh_tree: true,
            record: true,
            ..Setup::default()
        };
        let f = nodes_matched(3, 2, o.seed, &setup, &Progress::hidden());
        assert_eq!(f.kept, [0, 0, 0]);
        assert_eq!(f.records.len(), 18);
        let mut score = [0.0; 3];
        let mut moves = Vec::new();
        for g in &f.records {
            for w in g.line.windows(2) {
                w[0].moves(&mut moves);
                assert!(moves.iter().any(|&m| w[0].play(m) == w[1]));
            }
            let last = g.line.last().unwrap();
            assert!(last.is_terminal());
            let plies = g.line.len() - 1;
            let d = last.disc_difference();
            let first = if plies % 2 == 0 { d } else { -d };
            assert_eq!(g.diff, if g.named_first { first } else { -first });
            score[g.pair] += match g.diff.signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            };
        }
        assert_eq!(score, f.score);
        // BFM for RBFM's side from the opening on: BFM against itself, each opening with
        // colours swapped, scores exactly half; and the same against alpha-beta as BFM.
        let setup = Setup {
            rbfm_until: Some(0),
            ..Setup::default()
        };
        let b = nodes_matched(3, 2, o.seed, &setup, &Progress::hidden());
        assert_eq!(b.pct()[2], 50.0);
        assert_eq!(b.pct()[0], b.pct()[1]);
    }

    #[test]
    fn matching_parses() {
        assert_eq!(Matching::parse("pv-depth"), Ok(Matching::PvDepth));
        assert_eq!(Matching::parse("nodes"), Ok(Matching::Nodes));
        assert!(Matching::parse("time").is_err());
        assert_eq!(Matching::default(), Matching::Nodes);
    }
}
