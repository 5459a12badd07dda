//! The games of the Othello experiment (seed 002 §4): the players (alpha-beta, RBFM, BFM and
//! their §3.2.5/§4.1 stops), one game with the per-side counts, and the three pairs played
//! from a set of openings, each twice with colours swapped ([`Pairs`]).
use super::{openings, ABORT_FACTOR};
use crate::Progress;
use arachne::SearchRequest;
use arachne_bestfirst::dist::DistTable;
use arachne_bestfirst::{BfAlgo, BfOptions, BfStop, Kind};
use arachne_core::Game;
use arachne_engine::play::{play_game, Player, Players, Rules};
use arachne_games::{GameInfo, Othello};
use std::fmt::Write as _;
use std::sync::Arc;
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Who {
    Ab,
    Rbfm,
    Bfm,
}

impl Who {
    pub(super) fn index(self) -> usize {
        match self {
            Who::Ab => 0,
            Who::Rbfm => 1,
            Who::Bfm => 2,
        }
    }
}

/// The best-first players' principal-variation depths (`None`: a budget per move).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct PvDepths {
    pub(super) rbfm: Option<u32>,
    pub(super) bfm: Option<u32>,
}

impl PvDepths {
    pub(super) fn of(self, who: Who) -> Option<u32> {
        match who {
            Who::Ab => None,
            Who::Rbfm => self.rbfm,
            Who::Bfm => self.bfm,
        }
    }
}

/// The algorithm spec of a best-first player playing the best child, stopping at
/// principal-variation depth `pv` (given to its searches) and, with it, also when the
/// principal variation ends at a terminal leaf (§3.2.5) and after more than [`ABORT_FACTOR`]
/// times its average (§4.1); without one (`None`: a budget per move) at its budget alone.
pub fn best_first_spec(kind: Kind, pv: Option<u32>, seed: u64) -> String {
    let mut spec = match kind {
        Kind::Rbfm => format!("rbfm:seed={seed},vote=0"),
        Kind::Bfm => "bfm:vote=0".into(),
    };
    if pv.is_some() {
        write!(spec, ",terminal=1,abort={ABORT_FACTOR}").expect("a String");
    } else {
        spec.push_str(",terminal=0");
    }
    spec
}

/// The options [`best_first_spec`] names, with the shipped Othello table and the depth `pv`
/// (for a searcher built outside the players).
pub fn best_first_options(kind: Kind, pv: Option<u32>, seed: u64) -> BfOptions {
    let mut a: BfAlgo = best_first_spec(kind, pv, seed)
        .parse()
        .expect("a valid best-first spec");
    a.resolve_table("othello", "othello")
        .expect("the shipped table");
    a.opts.pv_depth = pv;
    a.opts.stop_at_terminal_pv = a.terminal.unwrap_or(false);
    a.opts
}

/// How the players are set up. The experiment uses the default; the other settings are
/// ablations (the `othello_decision` example of `arachne-research`, docs/benchmarks-history.md "othellowhy").
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
    let info = othello_info();
    let p = match who {
        Who::Ab => Player::alphabeta(depth, &info),
        Who::Rbfm | Who::Bfm => {
            let kind = if who == Who::Rbfm {
                Kind::Rbfm
            } else {
                Kind::Bfm
            };
            let mut req = SearchRequest::new(&info.spec, &best_first_spec(kind, pv.of(who), seed));
            if who == Who::Rbfm {
                req.dist_table = setup.table.clone();
                if setup.no_pruning {
                    req.algo.push_str(",pruning=0");
                }
            }
            Player::new(req, &info, pv.of(who), None)
        }
    };
    p.expect("the experiment's players are valid requests")
}

/// Othello as the players' searchers see it (RBFM's shipped table for Othello).
fn othello_info() -> GameInfo {
    GameInfo {
        name: "othello",
        spec: "othello".into(),
        max_depth: None,
        default_depth: 60,
    }
}

/// One game's result: the disc difference for the first player at the end, and per side the
/// generated nodes, the moves made, the searches that §4.1's rule aborted, the best-first
/// moves made without generating a node (the kept subtree already met the stop), and the
/// nodes of the subtrees kept into the player's moves.
pub(super) struct GameResult {
    diff: i32,
    pub(super) nodes: [u64; 2],
    moves: [u64; 2],
    aborted: [u64; 2],
    idle: [u64; 2],
    kept: [u64; 2],
    line: Vec<Othello>,
}

/// Plays one game, `who[0]` moving first from `start`. A best-first player with no
/// principal-variation depth in `pv` gets alpha-beta's generated nodes at the position as its
/// budget for the move.
pub(super) fn game(
    start: &Othello,
    who: [Who; 2],
    depth: u32,
    pv: PvDepths,
    seed: u64,
    setup: &Setup,
) -> GameResult {
    let mut fig = Fig9 {
        ps: [
            make(who[0], depth, pv, seed, setup),
            make(who[1], depth, pv, seed ^ 0x9e37, setup),
        ],
        who,
        depth,
        pv,
        seed,
        setup,
        aborted: [0; 2],
        idle: [0; 2],
        kept: [0; 2],
        line: vec![*start],
        switched: [false; 2],
        ab: make(Who::Ab, depth, pv, seed, setup),
    };
    let rules = Rules {
        max_plies: 200,
        repetition: false,
    };
    let played = play_game(start, Vec::new(), 0, rules, &mut fig);
    let (pos, k) = (played.last, played.moves.len());
    let d = pos.disc_difference();
    // `pos`'s side to move is the first player's after an even number of plies.
    let k = k as u64;
    GameResult {
        diff: if k % 2 == 0 { d } else { -d },
        nodes: played.nodes,
        moves: [k.div_ceil(2), k / 2],
        aborted: fig.aborted,
        idle: fig.idle,
        kept: fig.kept,
        line: fig.line,
    }
}

/// The two players of a Fig. 9 game, with what [`game`] counts of them.
struct Fig9<'a> {
    ps: [Player<Othello>; 2],
    who: [Who; 2],
    depth: u32,
    pv: PvDepths,
    seed: u64,
    setup: &'a Setup,
    aborted: [u64; 2],
    idle: [u64; 2],
    kept: [u64; 2],
    line: Vec<Othello>,
    switched: [bool; 2],
    /// Alpha-beta to `depth`: the budget of a best-first player without a depth of its own.
    ab: Player<Othello>,
}

impl Players<Othello> for Fig9<'_> {
    fn choose(
        &mut self,
        side: usize,
        pos: &Othello,
        k: u32,
        _: &[u64],
    ) -> (Option<<Othello as Game>::Move>, u64) {
        let (who, setup) = (self.who, self.setup);
        let budgeted = self.pv.of(who[side]).is_none();
        if setup.fresh_tree {
            self.ps[side].forget();
        }
        if who[side] == Who::Rbfm
            && !self.switched[side]
            && setup.rbfm_until.is_some_and(|u| k as usize >= u)
        {
            // From here on BFM moves for RBFM's side (a fresh tree).
            self.ps[side] = make(Who::Bfm, self.depth, self.pv, self.seed, setup);
            self.switched[side] = true;
        }
        self.kept[side] += self.ps[side].kept();
        if budgeted && who[side] != Who::Ab {
            let mut moves = Vec::new();
            pos.moves(&mut moves);
            let ab = self.ab.choose(pos, None).1;
            self.ps[side].set_budget(Some(ab.max(moves.len() as u64)));
        }
        let (mv, n) = self.ps[side].choose(pos, None);
        if self.ps[side].last_stop() == Some(BfStop::Abort) {
            self.aborted[side] += 1;
        }
        if n == 0 && who[side] != Who::Ab {
            self.idle[side] += 1;
        }
        (mv, n)
    }

    fn observe(&mut self, mv: <Othello as Game>::Move, next: &Othello) {
        for p in self.ps.iter_mut() {
            p.observe(mv);
        }
        if self.setup.record {
            self.line.push(*next);
        }
    }
}

/// `n` of the openings, evenly spaced: every `len / n`-th from the first when that step is at
/// least 2 (or `n` is all of them), else those at `⌊i · len / n⌋`.
pub(super) fn spread(all: &[Othello], n: usize) -> Vec<Othello> {
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
pub(super) fn pairs(
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
