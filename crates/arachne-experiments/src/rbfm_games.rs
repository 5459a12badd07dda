//! Seed 002 §3.2.5–§3.2.6, Experiment 4 (Table 1): full games on incremental random trees of
//! depth 100 between RBFM, BFM and alpha-beta.
//!
//! * **Games.** Each tree is played twice per pair of algorithms, each moving first once; a
//!   game ends after 100 plies (the second player's 50th move) at a leaf, whose exact value,
//!   from the first player's side, is the game's value. The algorithm whose game as first
//!   player reached the higher value wins the tree (equal values: half a win each).
//! * **Depths.** Alpha-beta searches to `D_αβ` (less when fewer plies are left); RBFM and BFM
//!   stop when their principal variation reaches Table 1's `D_RBFM`, `D_BFM` for that `D_αβ`
//!   (the paper found them by matching generated nodes; we take the paper's and report our
//!   node totals beside its), or when it ends at a leaf of the tree (the rule of \[9\] the paper
//!   uses near the end). Best-first players keep their subtree between moves.
//! * **Alpha-beta** uses static move ordering, as the paper's alpha-beta does elsewhere; of
//!   this experiment the paper says "it uses the scores from the search in the previous move
//!   to order moves", without saying how. The rows with alpha-beta are therefore played under
//!   two readings (**readings swept**): ours, static ordering; and "alpha-beta ordered by
//!   its earlier searches": at each node the best move its earlier searches found there first
//!   (a transposition table kept between its moves,
//!   [`Player::alphabeta_kept`]), the others statically. It finds the
//!   same values (its move can differ only among moves of equal value) with fewer generated
//!   nodes, which moves every RBFM/AB and BFM/AB ratio up: by at most 0.04 in the quick
//!   run, and not at all at D = 2, where a search leaves no entry at the root of the next (two
//!   plies down, at its horizon). A row that differs under ours and reproduces
//!   under the other says so ("reproduced under the reading …"); one that differs under both
//!   lists the other as ruled out ([`crate::report::Row::read_also`]). The Details section
//!   gives both readings' values side by side. Why these two: they are the orderings the
//!   paper names; iterative deepening inside a move it calls "about as good" as static
//!   ordering on these trees (§3, citing \[9\]).
//! * **Node totals** are compared as ratios to alpha-beta's (RBFM/AB, BFM/AB), since the
//!   paper's totals are over its games and ours over ours (as many in the full run).
//! * **Intervals.** Every compared row rests on the sampled trees and is judged by its 95 %
//!   interval ([`crate::report::interval`]). A winning rate's is Wilson's over the trees (the
//!   independent unit: both games of a tree are one outcome, a tie half a win); the paper's
//!   own rate has one too, Wilson's over 500 (its 1000 games per pair taken as 500 trees
//!   played twice, the wider reading), and the row differs significantly only when the two
//!   do not overlap. A node ratio's is a percentile bootstrap over the trees, resampling each
//!   tree's node totals of both algorithms together (a tree's games are correlated); the
//!   paper gives no spread for its totals, so its ratio's interval is estimated from ours at
//!   its 1000 games per pair ([`crate::report::Interval::estimate_paper`]), and again the
//!   row differs significantly only when the two intervals do not overlap.
//! * The paper played 1000 games per pair; the full run plays as many, 2 × 500 trees per
//!   (b, D), for Table 1's rows b = 3 D ≤ 8, b = 5 D ≤ 7, b = 10 D ≤ 5, b = 20 D ≤ 3 (about
//!   100 s of CPU), the quick one 2 × 30 trees for b ∈ {3, 5}, D ≤ 4. `--trees N`,
//!   `--branching LIST` and `--depths A-B` (rows of Table 1) and `--scale paper` (2 × 500
//!   trees, every row) choose others ([`crate::scale`]).
//! * The move played is the best child: §5.3's vote over the last 100 expansions is the chess
//!   program's rule, and with a few expansions per move it votes for moves chosen on little
//!   information: with the vote over the last 100 expansions RBFM-AB drops from 73 % to 47 %
//!   at b = 5, D = 3 (docs/benchmarks-history.md, Table 1; measured by an environment variable that has
//!   since gone).
use crate::report::interval::{bootstrap_ratio, percent_interval};
use crate::report::{num, Interval, Method, Report, Row, Sample};
use crate::scale::paper;
use crate::{ExpError, Options};
use arachne::SearchRequest;
use arachne_core::rng::hash2;
use arachne_engine::play::{play_players, Player};
use arachne_games::{Branching, EdgeValues, GameInfo, IncrementalParams, IncrementalTree};
use arachne_plot::{Chart, Series, Style};
use serde_json::json;
use std::fmt::Write as _;

/// The paper.
pub const PAPER: &str =
    "Shoham & Toledo 2002, Parallel Randomized Best-First Minimax Search, §3.2.5, Table 1";

/// One row of Table 1: b, D_αβ, D_RBFM, D_BFM, BFM-AB %, RBFM-AB %, RBFM-BFM %, and the
/// generated nodes of AB, RBFM, BFM over all games (thousands).
pub type Table1Row = (u32, u32, u32, u32, f64, f64, f64, f64, f64, f64);

/// Table 1.
#[rustfmt::skip]
pub const TABLE1: &[Table1Row] = &[
    (3, 2, 2, 3, 65.0, 50.0, 38.0, 1018.0, 963.0, 1089.0),
    (3, 3, 4, 6, 83.0, 65.0, 30.0, 1876.0, 1754.0, 1841.0),
    (3, 4, 6, 9, 84.0, 70.0, 37.0, 2970.0, 2729.0, 2795.0),
    (3, 5, 9, 13, 80.0, 83.0, 42.0, 4824.0, 4780.0, 4480.0),
    (3, 6, 12, 18, 83.0, 87.0, 50.0, 7223.0, 7599.0, 7213.0),
    (3, 7, 15, 23, 78.0, 86.0, 55.0, 11069.0, 11638.0, 10671.0),
    (3, 8, 17, 29, 73.0, 84.0, 53.0, 16233.0, 15168.0, 15997.0),
    (3, 9, 21, 35, 63.0, 83.0, 67.0, 24281.0, 24876.0, 22721.0),
    (3, 10, 24, 43, 62.0, 84.0, 69.0, 35153.0, 35041.0, 33013.0),
    (5, 2, 2, 2, 37.0, 59.0, 69.0, 1638.0, 1625.0, 1446.0),
    (5, 3, 4, 6, 84.0, 71.0, 34.0, 4155.0, 3695.0, 4062.0),
    (5, 4, 7, 10, 84.0, 84.0, 47.0, 7852.0, 8594.0, 8052.0),
    (5, 5, 10, 15, 79.0, 90.0, 66.0, 15949.0, 16942.0, 15851.0),
    (5, 6, 13, 20, 70.0, 92.0, 74.0, 27954.0, 30117.0, 26824.0),
    (5, 7, 16, 28, 63.0, 92.0, 79.0, 53241.0, 50544.0, 52657.0),
    (5, 8, 20, 35, 49.0, 92.0, 88.0, 91426.0, 94849.0, 86276.0),
    (5, 9, 24, 47, 41.0, 90.0, 89.0, 171763.0, 173343.0, 165763.0),
    (5, 10, 27, 59, 32.0, 84.0, 88.0, 290545.0, 269537.0, 279250.0),
    (10, 2, 2, 2, 33.0, 80.0, 89.0, 3161.0, 3768.0, 3173.0),
    (10, 3, 4, 6, 84.0, 74.0, 46.0, 12445.0, 10041.0, 12643.0),
    (10, 4, 7, 10, 71.0, 86.0, 68.0, 29399.0, 29356.0, 29284.0),
    (10, 5, 10, 18, 63.0, 91.0, 81.0, 84353.0, 70304.0, 94283.0),
    (10, 6, 14, 24, 40.0, 95.0, 94.0, 178376.0, 184822.0, 181532.0),
    (10, 7, 18, 37, 30.0, 93.0, 95.0, 489118.0, 462449.0, 524663.0),
    (10, 8, 22, 48, 17.0, 89.0, 97.0, 1020199.0, 1049817.0, 1033780.0),
    (20, 2, 2, 2, 34.0, 91.0, 96.0, 6090.0, 10293.0, 7925.0),
    (20, 3, 4, 6, 78.0, 84.0, 61.0, 38115.0, 32136.0, 42578.0),
    (20, 4, 7, 11, 51.0, 85.0, 74.0, 110956.0, 118381.0, 133792.0),
    (20, 5, 10, 21, 39.0, 89.0, 90.0, 478581.0, 362006.0, 587442.0),
    (20, 6, 14, 28, 14.0, 87.0, 96.0, 1201360.0, 1289543.0, 1254802.0),
];

const PLIES: u32 = 100;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Who {
    Ab,
    /// Alpha-beta ordered by its earlier searches (the reading [`KEPT`]).
    AbKept,
    Rbfm,
    Bfm,
}

/// The pairs of Table 1, the first-named first.
const PAIRS: [(Who, Who); 3] = [
    (Who::Bfm, Who::Ab),
    (Who::Rbfm, Who::Ab),
    (Who::Rbfm, Who::Bfm),
];

/// The pairs with alpha-beta under the reading [`KEPT`].
const KEPT_PAIRS: [(Who, Who); 2] = [(Who::Bfm, Who::AbKept), (Who::Rbfm, Who::AbKept)];

/// The reading of alpha-beta's move ordering that the module docs sweep beside ours.
const KEPT: &str = "alpha-beta ordered by its earlier searches (§3)";

fn player(
    who: Who,
    b: u32,
    (dab, drbfm, dbfm): (u32, u32, u32),
    seed: u64,
) -> Player<IncrementalTree> {
    let info = incremental_info(b);
    let p = match who {
        Who::Ab => Player::alphabeta(dab, &info),
        Who::AbKept => Player::alphabeta_kept(dab, &info),
        // Both stop at their depth, or where the line ends at a leaf of the tree (§3.2.5),
        // and play the best child (no vote).
        Who::Rbfm => Player::new(
            SearchRequest::new(&info.spec, &format!("rbfm:seed={seed},vote=0,terminal=1")),
            &info,
            Some(drbfm),
            None,
        ),
        Who::Bfm => Player::new(
            SearchRequest::new(&info.spec, "bfm:vote=0,terminal=1"),
            &info,
            Some(dbfm),
            None,
        ),
    };
    p.expect("the experiment's players are valid requests")
}

/// The positions of the games on incremental trees of branching factor `b`, as the players'
/// searchers see them: RBFM's shipped table for `incremental:b=B`, MCTS's scale for the
/// incremental trees, and no depth of their own (the games go down a tree of
/// [`PLIES`], alpha-beta's depth cut to the plies left).
pub(crate) fn incremental_info(b: u32) -> GameInfo {
    GameInfo {
        name: "incremental",
        spec: format!("incremental:b={b}"),
        max_depth: None,
        default_depth: PLIES,
    }
}

/// A curve of the plot: b, our RBFM-vs-alpha-beta percentages and the paper's, against D_αβ.
type Curve = (u32, Vec<(f64, f64)>, Vec<(f64, f64)>);

/// One row's games: wins of each pair's first-named algorithm, in the order of the pairs
/// played ([`PAIRS`]: BFM-AB, RBFM-AB, RBFM-BFM), generated nodes and games per algorithm
/// (AB, RBFM, BFM), and each tree's generated nodes per algorithm (over the algorithm's four
/// games on it: the sample of the node ratios).
struct Played {
    wins: Vec<f64>,
    nodes: [u64; 3],
    games: [u64; 3],
    per_tree: Vec<[f64; 3]>,
}

/// The paper's games per pair in Table 1, taken as trees played twice: the sample of its
/// winning rates' intervals.
const PAPER_TREES: u64 = 500;

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let mut rep = Report::new(
        "rbfm-games",
        "RBFM: full games on incremental trees (Experiment 4, Table 1)",
        PAPER,
        o.quick,
    );
    o.scale.check("rbfm-games").map_err(ExpError::failed)?;
    let trees = o
        .scale
        .games_trees(if o.quick { 30 } else { paper::GAMES_TREES });
    let chosen = o.scale.games_rows(o.quick);
    let rows: Vec<&Table1Row> = TABLE1
        .iter()
        .filter(|r| chosen.contains(&(r.0, r.1)))
        .collect();
    rep.sample(Sample::new(2 * trees as u64, Some(1000), "games per pair"));
    rep.setup(
        "trees per (b, D)",
        format!("{trees}, each played twice per pair (the paper: 1000 games per pair)"),
    );
    rep.setup(
        "tree",
        "incremental, random branching, depth 100, edges uniform in [-1, 1]",
    );
    rep.setup("seed", o.seed.to_string());
    rep.setup(
        "move played",
        "the best child (not §5.3's vote, a chess rule)",
    );
    let mut md = String::from(
        "| b | D_αβ | D_RBFM | D_BFM | BFM-AB % (paper) | RBFM-AB % (paper) | RBFM-BFM % (paper) | nodes/game AB | RBFM | BFM | RBFM/AB (paper) | BFM/AB (paper) |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    let mut kmd = String::from(
        "| b | D_αβ | BFM-AB % (ours; paper) | RBFM-AB % (ours; paper) | nodes/game AB | RBFM/AB (ours; paper) | BFM/AB (ours; paper) |\n|---|---|---|---|---|---|---|\n",
    );
    let mut data = Vec::new();
    let mut curves: Vec<Curve> = Vec::new();
    for &row in &rows {
        let &(b, dab, drbfm, dbfm, ..) = row;
        o.progress.message(format!("games, b = {b}, D = {dab}"));
        let played = play(o, (b, dab, drbfm, dbfm), trees, &PAIRS);
        let kept = play(o, (b, dab, drbfm, dbfm), trees, &KEPT_PAIRS);
        report_row(
            &mut rep,
            row,
            trees,
            [&played, &kept],
            [&mut md, &mut kmd],
            &mut curves,
            &mut data,
        );
    }
    plot(&mut rep, curves);
    // The rows the full form plays and this quick form does not: rows of the quick form too,
    // not computed (the same rows at every scale).
    let full_rows = if o.quick && o.scale.is_default() {
        o.scale.games_rows(false)
    } else {
        chosen.clone()
    };
    for &&(b, dab, _, _, p_bfm_ab, p_rbfm_ab, p_rbfm_bfm, n_ab, n_rbfm, n_bfm) in TABLE1
        .iter()
        .filter(|r| full_rows.contains(&(r.0, r.1)) && !chosen.contains(&(r.0, r.1)))
        .collect::<Vec<_>>()
        .iter()
    {
        let fig = format!("Table 1, b = {b}");
        for (q, paper) in [
            ("BFM-AB %", format!("{} %", num(p_bfm_ab))),
            ("RBFM-AB %", format!("{} %", num(p_rbfm_ab))),
            ("RBFM-BFM %", format!("{} %", num(p_rbfm_bfm))),
            ("nodes RBFM/AB", num(n_rbfm / n_ab)),
            ("nodes BFM/AB", num(n_bfm / n_ab)),
        ] {
            rep.not_computed(&fig, format!("D_αβ = {dab}: {q}"), paper);
        }
    }
    let left_out: Vec<String> = TABLE1
        .iter()
        .filter(|r| !full_rows.contains(&(r.0, r.1)))
        .map(|r| format!("b={} D={}", r.0, r.1))
        .collect();
    if !left_out.is_empty() {
        rep.row(Row::not_reproducible(
            "Table 1, rows left out",
            left_out.join(", "),
            "in Table 1",
            "not run",
            if o.scale.is_default() {
                "beyond this run's time budget (deep alpha-beta and b = 20)"
            } else {
                "not selected by --branching / --depths"
            },
        ));
    }
    rep.details = format!(
        "Winning percentages of the first-named algorithm over {trees} trees (two games each); \
         nodes per game are generated nodes. Paper values in parentheses.\n\n{md}\n\
         The same games with alpha-beta ordered by its earlier searches (a table kept between \
         its moves: each node's best move of the searches before first, the others in static \
         order), the reading of §3's \"it uses the scores from the search in the previous move \
         to order moves\" that the rows try beside ours (static ordering); alpha-beta's values \
         are the same, its nodes fewer. Ours under static ordering beside it.\n\n{kmd}"
    );
    rep.data = json!({ "table1": data });
    Ok(rep)
}

/// Plays `pairs` of one row of Table 1, `trees` trees, each twice (colours swapped).
fn play(
    o: &Options,
    (b, dab, drbfm, dbfm): (u32, u32, u32, u32),
    trees: u32,
    pairs: &[(Who, Who)],
) -> Played {
    // wins of the pair's first-named algorithm, nodes and games per algorithm.
    let mut wins = vec![0.0f64; pairs.len()];
    let mut nodes = [0u64; 3];
    let mut games = [0u64; 3];
    let mut per_tree = vec![[0.0f64; 3]; trees as usize];
    let idx = |w: Who| match w {
        Who::Ab | Who::AbKept => 0,
        Who::Rbfm => 1,
        Who::Bfm => 2,
    };
    for (pi, &(a, bb)) in pairs.iter().enumerate() {
        for t in 0..trees {
            if t % (trees / 10).max(1) == 0 {
                o.progress.message(format!(
                    "games, b = {b}, D = {dab}: pair {} of {}, tree {t} of {trees}",
                    pi + 1,
                    pairs.len()
                ));
            }
            let seed = o.seed * 1_000_003 + (b as u64) * 10_007 + t as u64;
            let root = IncrementalTree::new(IncrementalParams {
                b,
                d: PLIES,
                seed,
                branching: Branching::Random,
                values: EdgeValues::Real,
            });
            let left = |_: &IncrementalTree, k: u32| Some(PLIES - k);
            let mut value = [0i64; 2];
            for (g, (first, second)) in [(a, bb), (bb, a)].into_iter().enumerate() {
                let mut ps = [
                    player(first, b, (dab, drbfm, dbfm), seed ^ 0x51),
                    player(second, b, (dab, drbfm, dbfm), seed ^ 0xa7),
                ];
                let end = play_players(&root, &mut ps, PLIES, &left);
                // The leaf's value from the first player's side (an even number of plies).
                let v = end.last.max_value() as i64;
                value[g] = if end.plies % 2 == 0 { v } else { -v };
                nodes[idx(first)] += end.nodes[0];
                nodes[idx(second)] += end.nodes[1];
                per_tree[t as usize][idx(first)] += end.nodes[0] as f64;
                per_tree[t as usize][idx(second)] += end.nodes[1] as f64;
                games[idx(first)] += 1;
                games[idx(second)] += 1;
            }
            wins[pi] += match value[0].cmp(&value[1]) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
        }
    }
    Played {
        wins,
        nodes,
        games,
        per_tree,
    }
}

/// One row of Table 1: its details lines, rows, plot points and JSON. `kept`: the same games
/// with alpha-beta under the reading [`KEPT`], which the rows with alpha-beta try beside ours.
fn report_row(
    rep: &mut Report,
    row: &Table1Row,
    trees: u32,
    [played, kept]: [&Played; 2],
    [md, kmd]: [&mut String; 2],
    curves: &mut Vec<Curve>,
    data: &mut Vec<serde_json::Value>,
) {
    let &(b, dab, drbfm, dbfm, p_bfm_ab, p_rbfm_ab, p_rbfm_bfm, n_ab, n_rbfm, n_bfm) = row;
    let pct = |w: f64| 100.0 * w / trees as f64;
    let per = |p: &Played, i: usize| p.nodes[i] as f64 / p.games[i].max(1) as f64;
    let ratio = |p: &Played, i: usize| per(p, i) / per(p, 0);
    let wins = &played.wins;
    writeln!(
        md,
        "| {b} | {dab} | {drbfm} | {dbfm} | {:.0} ({p_bfm_ab:.0}) | {:.0} ({p_rbfm_ab:.0}) | {:.0} ({p_rbfm_bfm:.0}) | {:.0} | {:.0} | {:.0} | {:.2} ({:.2}) | {:.2} ({:.2}) |",
        pct(wins[0]), pct(wins[1]), pct(wins[2]), per(played, 0), per(played, 1), per(played, 2),
        ratio(played, 1), n_rbfm / n_ab, ratio(played, 2), n_bfm / n_ab
    )
    .ok();
    writeln!(
        kmd,
        "| {b} | {dab} | {:.0} ({:.0}; {p_bfm_ab:.0}) | {:.0} ({:.0}; {p_rbfm_ab:.0}) | {:.0} ({:.0}) | {:.2} ({:.2}; {:.2}) | {:.2} ({:.2}; {:.2}) |",
        pct(kept.wins[0]), pct(wins[0]), pct(kept.wins[1]), pct(wins[1]), per(kept, 0), per(played, 0),
        ratio(kept, 1), ratio(played, 1), n_rbfm / n_ab, ratio(kept, 2), ratio(played, 2), n_bfm / n_ab
    )
    .ok();
    let fig = format!("Table 1, b = {b}");
    // Winning percentages: within 15 points of percentage is the tolerance band, and the
    // verdict comes from the rates' Wilson intervals (ours over the trees, the paper's over
    // its games taken as trees).
    let games_per_pair = 2 * trees as u64;
    let win_row = |q: &str, paper: f64, w: f64| {
        let iv = percent_interval(
            w,
            trees as u64,
            Some((paper, PAPER_TREES)),
            (games_per_pair, "games per pair"),
        );
        Row::compare_points(&fig, format!("D_αβ = {dab}: {q}"), paper, pct(w), 15.0).sampled(iv)
    };
    for (i, (q, paper)) in [
        ("BFM-AB %", p_bfm_ab),
        ("RBFM-AB %", p_rbfm_ab),
        ("RBFM-BFM %", p_rbfm_bfm),
    ]
    .into_iter()
    .enumerate()
    {
        let row = win_row(q, paper, wins[i]);
        // The pairs with alpha-beta, under the other reading of its ordering.
        rep.row(match kept.wins.get(i) {
            Some(&k) => row.read_also(KEPT, &win_row(q, paper, k)),
            None => row,
        });
    }
    // Node ratios: within 15 % is the band; the interval is the trees' bootstrap.
    let ratio_row = |q: &str, paper: f64, p: &Played, who: usize| {
        // Each tree's nodes per game (alpha-beta plays more games per tree than the others
        // under the reading, which plays only the pairs with it).
        let per_tree_games = |i: usize| p.games[i].max(1) as f64 / trees as f64;
        let (gw, g0) = (per_tree_games(who), per_tree_games(0));
        let pairs: Vec<(f64, f64)> = p
            .per_tree
            .iter()
            .map(|t| (t[who] / gw, t[0] / g0))
            .collect();
        // The resamples' seed is fixed by the row: the same games give the same interval.
        let seed = hash2(hash2(b as u64, dab as u64), who as u64);
        let iv = Interval::new(
            Method::Bootstrap,
            bootstrap_ratio(&pairs, seed),
            games_per_pair,
            "games per pair",
        )
        // The paper's ratio is over its own 1 000 games per pair.
        .paper_sample(1000);
        let label = format!("D_αβ = {dab}: nodes {q}");
        Row::compare(&fig, label, paper, ratio(p, who), 0.15).sampled(iv)
    };
    for (q, paper, who) in [("RBFM/AB", n_rbfm / n_ab, 1), ("BFM/AB", n_bfm / n_ab, 2)] {
        let row = ratio_row(q, paper, played, who);
        rep.row(row.read_also(KEPT, &ratio_row(q, paper, kept, who)));
    }
    match curves.iter_mut().find(|c| c.0 == b) {
        Some(c) => {
            c.1.push((dab as f64, pct(wins[1])));
            c.2.push((dab as f64, p_rbfm_ab));
        }
        None => curves.push((
            b,
            vec![(dab as f64, pct(wins[1]))],
            vec![(dab as f64, p_rbfm_ab)],
        )),
    }
    data.push(json!({"b": b, "d_ab": dab, "d_rbfm": drbfm, "d_bfm": dbfm,
        "bfm_ab": pct(wins[0]), "rbfm_ab": pct(wins[1]), "rbfm_bfm": pct(wins[2]),
        "nodes_per_game": [per(played, 0), per(played, 1), per(played, 2)], "trees": trees,
        "ab_kept": {"bfm_ab": pct(kept.wins[0]), "rbfm_ab": pct(kept.wins[1]),
            "nodes_per_game": [per(kept, 0), per(kept, 1), per(kept, 2)]}}));
}

/// Table 1's plot: RBFM's winning percentage against alpha-beta, ours and the paper's.
fn plot(rep: &mut Report, curves: Vec<Curve>) {
    let series = curves
        .into_iter()
        .flat_map(|(b, ours, paper)| {
            [
                Series {
                    name: format!("b = {b}: ours"),
                    points: ours,
                    style: Style::LinePoints,
                },
                Series {
                    name: format!("b = {b}: paper"),
                    points: paper,
                    style: Style::Points,
                },
            ]
        })
        .collect();
    rep.plot(
        "table1-rbfm-ab",
        "Table 1: RBFM's winning percentage against alpha-beta",
        Chart {
            title: "Experiment 4: RBFM against alpha-beta".into(),
            x_label: "alpha-beta depth".into(),
            y_label: "RBFM wins (%)".into(),
            log_x: false,
            log_y: false,
            series,
        },
    );
}
