//! `mcts-vs-rbfm`: Monte Carlo tree search (UCT with MCTS-Solver bounds,
//! [`arachne_mcts`]) beside seed 002's RBFM, BFM and alpha-beta, on seed 002's own
//! settings.
//!
//! * **Decisions at equal generated nodes** (the measure of Experiments 2–3, §3.2.3–§3.2.4):
//!   incremental trees with random branching of mean `b` = 3, 5, 10, 20 and real edge values;
//!   on each tree alpha-beta to depth `k` (static ordering) generates `n` nodes, and RBFM, BFM
//!   and MCTS each get exactly `n` generated nodes; a decision is correct when the move's
//!   exact value (alpha-beta to the bottom) is the root's. MCTS twice: leaves valued by the
//!   static evaluation (`playout=eval`, the evaluator BFM and RBFM use) and by random playouts
//!   to the bottom (`playout=random`: its playout plies are work the node count does not see,
//!   reported apart).
//! * **Games at equal nodes per move** (Table 1's format, §3.2.5): depth-100 incremental trees,
//!   each played twice per pair with colours swapped; alpha-beta plays to depth `D`, and the
//!   best-first and MCTS players get at each move the generated nodes alpha-beta to `D` spends
//!   there ([`Player::matched`]). Each keeps its tree between moves. The table gives the
//!   first-named player's score in % (a pair won 1, drawn ½) with its 95 % interval, and the
//!   generated nodes per game.
//!
//! * **Parallel speedup** (Fig. 12's format, §6): root-parallel MCTS as message-passing
//!   processes ([`arachne_mcts::distributed`]: `P` independent trees, their root
//!   votes merged at the end) beside master–slave RBFM ([`arachne_bestfirst::master`]), both on
//!   the simulator with `rbfm-parallel`'s cost model for `t = 50 000` (an evaluation 1, tree
//!   work and a move generation 0.05, a message 0.01), to `P = 64`, on incremental trees with
//!   random branching of mean 10 (Fig. 12's `b`) and depth 10, at equal **total** generated
//!   nodes `N` (MCTS: `N/P` per tree; RBFM: `N` in its one tree). Speedup = the `P = 1`
//!   virtual time over that at `P`, per tree, averaged with its 95 % interval; beside it the
//!   decisions' quality (a move whose exact value is the root's), since root parallelisation
//!   buys its speed with `P` trees each `P` times smaller.
//!
//! MCTS is not in the paper, so no row has a paper value: the rows are ours against ours,
//! labelled as comparisons without paper anchor, with 95 % confidence intervals (normal
//! approximation). The quick form has every row of the full form (those it does not compute
//! say so). The threaded forms are not timed in experiments.
use crate::report::{Report, Row, Sample};
use crate::{ExpError, Options};
use arachne::SearchRequest;
use arachne_bestfirst::compare;
use arachne_bestfirst::master::{self, MasterConfig};
use arachne_bestfirst::tree::up;
use arachne_bestfirst::{search, tables, BfOptions, Kind};
use arachne_core::{Game, Limits};
use arachne_engine::play::{play_players, Player};
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_mcts::{distributed, MctsOptions, Playout};
use arachne_plot::{Chart, Series, Style};
use arachne_runtime::{Backend, SimConfig};
use serde_json::json;
use std::fmt::Write as _;
use std::sync::Arc;

/// The paper whose settings are used.
pub const PAPER: &str = "Shoham & Toledo 2002, Parallel Randomized Best-First Minimax Search, §3.2.3–§3.2.5 settings; MCTS (UCT) is not in the paper";

const NAMES: [&str; 5] = ["alpha-beta", "RBFM", "BFM", "MCTS (eval)", "MCTS (random)"];

/// Why no row has a paper value.
const NO_ANCHOR: &str = "MCTS is not in Shoham–Toledo 2002: ours against ours, no paper value";

fn tree(b: u32, d: u32, seed: u64) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: Branching::Random,
        values: EdgeValues::Real,
    })
}

/// `p` % of `n` and the half-width of its 95 % interval, in points.
fn ci(ok: f64, n: u32) -> (f64, f64) {
    let n = n.max(1) as f64;
    let p = ok / n;
    (100.0 * p, 196.0 * (p * (1.0 - p) / n).sqrt())
}

fn mcts_opts(playout: Playout, seed: u64) -> MctsOptions {
    MctsOptions {
        playout,
        seed,
        scale: Some(arachne_mcts::default_scale("incremental")),
        ..MctsOptions::default()
    }
}

fn rbfm_opts(b: u32, seed: u64) -> BfOptions {
    let mut o = BfOptions::new(Kind::Rbfm);
    o.table = Some(Arc::new(tables::default_for(
        "incremental",
        &format!("incremental:b={b}"),
    )));
    o.seed = seed;
    o.vote = 0;
    o
}

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let mut rep = Report::new(
        "mcts-vs-rbfm",
        "MCTS beside RBFM, BFM and alpha-beta: decisions at equal generated nodes, games at equal nodes per move, simulated parallel speedup",
        PAPER,
        o.quick,
    );
    o.scale.check("mcts-vs-rbfm").map_err(ExpError::failed)?;
    rep.setup("seed", o.seed.to_string());
    rep.setup(
        "MCTS",
        "UCT c = 1.4, one child valued per iteration, solver on, best move by visits, rewards by the logistic of the value at scale 2^20 (one edge's largest value)",
    );
    let mut md = String::new();
    let decisions = decisions(o, &mut rep, &mut md);
    let games = games(o, &mut rep, &mut md);
    let parallel = parallel(o, &mut rep, &mut md)?;
    rep.details = format!(
        "Success = percentage of trees on which the move chosen is a correct move, ± the half-width \
         of its 95 % interval; nodes = mean generated nodes per tree.\n{md}"
    );
    rep.data = json!({ "decisions": decisions, "games": games, "parallel": parallel });
    Ok(rep)
}

/// Decision quality at equal generated nodes.
fn decisions(o: &Options, rep: &mut Report, md: &mut String) -> serde_json::Value {
    const FULL: [(u32, u32, u32); 4] = [(3, 10, 8), (5, 10, 7), (10, 10, 6), (20, 8, 5)];
    const QUICK: [(u32, u32, u32); 3] = [(3, 8, 6), (5, 8, 5), (10, 7, 4)];
    let configs: &[(u32, u32, u32)] = if o.quick { &QUICK } else { &FULL };
    let trees: u32 = if o.quick { 60 } else { 300 };
    rep.sample(Sample::new(trees as u64, Some(10_000), "trees per b"));
    rep.setup(
        "decisions: trees per b",
        format!("{trees} (Shoham–Toledo's Exps. 2–3: 10 000)"),
    );
    rep.setup(
        "decisions: b, depth, deepest alpha-beta",
        configs
            .iter()
            .map(|(b, d, k)| format!("b={b} d={d} ab≤{k}"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    let mut all = Vec::new();
    for &(b, d, kmax) in configs {
        o.progress.message(format!("decisions, b = {b}"));
        // ok[k][i], nodes[k][i] for alpha-beta depth k and player i.
        let mut ok = vec![[0u32; 5]; kmax as usize + 1];
        let mut nodes = vec![[0u64; 5]; kmax as usize + 1];
        let mut plies = 0u64;
        for t in 0..trees {
            let seed = o.seed * 100_019 + (b as u64) * 7_919 + t as u64;
            let root = tree(b, d, seed);
            let mut moves = Vec::new();
            root.moves(&mut moves);
            let exact: Vec<i32> = moves
                .iter()
                .map(|&m| up(compare::alphabeta(&root.play(m), d - 1).1 .0))
                .collect();
            let top = exact.iter().copied().max().unwrap_or(0);
            let right = |mv: Option<_>| {
                mv.and_then(|m| moves.iter().position(|&x| x == m))
                    .is_some_and(|i| exact[i] == top)
            };
            for k in 1..=kmax {
                let (mv, _, n, _) = compare::alphabeta_counts(&root, k);
                let lim = Limits::default().with_nodes(n);
                let rb = search(&root, &rbfm_opts(b, seed), &lim);
                let bf = search(&root, &BfOptions::new(Kind::Bfm), &lim);
                let me = arachne_mcts::search(&root, &mcts_opts(Playout::Eval, seed), &lim);
                let mr =
                    arachne_mcts::search(&root, &mcts_opts(Playout::Random { cap: d }, seed), &lim);
                plies += mr.playout_plies;
                let got = [
                    (mv, n),
                    (rb.best_move, rb.generated()),
                    (bf.best_move, bf.generated()),
                    (me.best_move, me.stats.leaves),
                    (mr.best_move, mr.stats.leaves),
                ];
                for (i, (m, g)) in got.into_iter().enumerate() {
                    ok[k as usize][i] += right(m) as u32;
                    nodes[k as usize][i] += g;
                }
            }
        }
        writeln!(md, "\n### Decisions, b = {b}, depth {d} ({trees} trees)\n").ok();
        let head: Vec<String> = std::iter::once("αβ depth".to_string())
            .chain(NAMES.iter().map(|n| format!("{n}: % ± 95 % / nodes")))
            .collect();
        writeln!(
            md,
            "| {} |\n|{}",
            head.join(" | "),
            "---|".repeat(head.len())
        )
        .ok();
        for k in 1..=kmax as usize {
            write!(md, "| {k} |").ok();
            for i in 0..5 {
                let (p, h) = ci(ok[k][i] as f64, trees);
                write!(
                    md,
                    " {p:.1} ± {h:.1} / {:.0} |",
                    nodes[k][i] as f64 / trees as f64
                )
                .ok();
            }
            writeln!(md).ok();
        }
        writeln!(
            md,
            "\nMCTS (random): {:.0} playout plies per tree over all depths, not counted as generated nodes.",
            plies as f64 / trees as f64
        )
        .ok();
        let k = kmax as usize;
        let cell = |i: usize| {
            let (p, h) = ci(ok[k][i] as f64, trees);
            format!("{}: {p:.1} ± {h:.1} %", NAMES[i])
        };
        rep.row(
            Row::not_reproducible(
                "Exps. 2–3 measure",
                decision_quantity(b, kmax),
                "– (not in the paper)",
                (0..5).map(cell).collect::<Vec<_>>().join("; "),
                NO_ANCHOR,
            )
            .source("comparison without paper anchor"),
        );
        rep.plot(
            format!("decisions-b{b}"),
            format!("Decisions at equal generated nodes, b = {b}"),
            Chart {
                title: format!("b = {b}: equal generated nodes"),
                x_label: "alpha-beta depth (its generated nodes given to all)".into(),
                y_label: "correct move (%)".into(),
                log_x: false,
                log_y: false,
                series: (0..5)
                    .map(|i| Series {
                        name: NAMES[i].into(),
                        points: (1..=k)
                            .map(|k| (k as f64, ci(ok[k][i] as f64, trees).0))
                            .collect(),
                        style: Style::LinePoints,
                    })
                    .collect(),
            },
        );
        all.push(json!({
            "b": b, "depth": d, "trees": trees, "columns": NAMES,
            "success_pct": (1..=k).map(|k| (0..5).map(|i| ci(ok[k][i] as f64, trees).0).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "mean_nodes": (1..=k).map(|k| (0..5).map(|i| nodes[k][i] as f64 / trees as f64).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "random_playout_plies_per_tree": plies as f64 / trees as f64,
        }));
    }
    if o.quick {
        // The full form's rows the quick form leaves out, so both have the same rows.
        for &(b, _, kmax) in &FULL[QUICK.len()..] {
            rep.not_computed(
                "Exps. 2–3 measure",
                decision_quantity(b, kmax),
                "– (not in the paper)",
            );
        }
    }
    json!(all)
}

fn decision_quantity(b: u32, kmax: u32) -> String {
    format!("b = {b}: correct moves at alpha-beta depth {kmax}'s generated nodes")
}

/// The players of the games.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Who {
    Ab,
    Rbfm,
    Bfm,
    Mcts,
}

impl Who {
    fn name(self) -> &'static str {
        match self {
            Who::Ab => "AB",
            Who::Rbfm => "RBFM",
            Who::Bfm => "BFM",
            Who::Mcts => "MCTS",
        }
    }

    fn player(self, b: u32, depth: u32, seed: u64) -> Player<IncrementalTree> {
        let info = crate::rbfm_games::incremental_info(b);
        // The best-first players stop where their line ends at a leaf of the tree (§3.2.5) or
        // at their budget; MCTS values its leaves by the evaluation.
        let algo = match self {
            Who::Ab => return Player::alphabeta(depth, &info).expect("a valid player"),
            Who::Rbfm => format!("rbfm:seed={seed},vote=0,terminal=1"),
            Who::Bfm => "bfm:terminal=1".into(),
            Who::Mcts => format!("mcts:playout=eval,seed={seed}"),
        };
        let inner = Player::new(SearchRequest::new(&info.spec, &algo), &info, None, None);
        inner
            .and_then(|p| Player::matched(p, depth, &info))
            .expect("the experiment's players are valid requests")
    }
}

fn game_quantity(depth: u32) -> String {
    format!("D_αβ = {depth}: score of MCTS against AB, RBFM, BFM at equal nodes per move")
}

/// Plies of a game (the depth of the trees, as Table 1's).
const PLIES: u32 = 100;

/// Games at equal nodes per move.
fn games(o: &Options, rep: &mut Report, md: &mut String) -> serde_json::Value {
    const FULL: [(u32, u32); 7] = [(3, 3), (3, 5), (5, 3), (5, 5), (10, 3), (10, 4), (20, 3)];
    let rows: &[(u32, u32)] = if o.quick { &[(3, 3), (5, 3)] } else { &FULL };
    let trees: u32 = if o.quick { 12 } else { 100 };
    rep.sample(Sample::new(2 * trees as u64, Some(1000), "games per pair"));
    rep.setup(
        "games",
        format!(
            "{trees} depth-{PLIES} incremental trees per (b, D), each played twice per pair (Table 1: 1000 games per pair); MCTS values leaves by the static evaluation"
        ),
    );
    let pairs = [
        (Who::Mcts, Who::Ab),
        (Who::Mcts, Who::Rbfm),
        (Who::Mcts, Who::Bfm),
        (Who::Rbfm, Who::Ab),
    ];
    writeln!(
        md,
        "\n### Games at equal nodes per move (first-named player's score %, 95 % interval)\n"
    )
    .ok();
    writeln!(
        md,
        "| b | D_αβ | {} | nodes/game AB | RBFM | BFM | MCTS |",
        pairs
            .iter()
            .map(|(a, c)| format!("{}-{} %", a.name(), c.name()))
            .collect::<Vec<_>>()
            .join(" | ")
    )
    .ok();
    writeln!(md, "|---|---|{}", "---|".repeat(pairs.len() + 4)).ok();
    let mut data = Vec::new();
    for &(b, depth) in rows {
        o.progress.message(format!("games, b = {b}, D = {depth}"));
        let mut score = [0.0f64; 4];
        let mut nodes = [0u64; 4];
        let mut count = [0u64; 4];
        let idx = |w: Who| w as usize;
        for (p, &(a, c)) in pairs.iter().enumerate() {
            for t in 0..trees {
                let seed = o.seed * 1_000_033 + (b as u64) * 10_009 + t as u64;
                let root = tree(b, PLIES, seed);
                let left = |_: &IncrementalTree, k: u32| Some(PLIES - k);
                // The first-named player's result in each game, from its own side.
                let mut own = [0i64; 2];
                for (g, (first, second)) in [(a, c), (c, a)].into_iter().enumerate() {
                    let mut ps = [
                        first.player(b, depth, seed ^ 0x51),
                        second.player(b, depth, seed ^ 0xa7),
                    ];
                    let end = play_players(&root, &mut ps, PLIES, &left);
                    let v = end.last.max_value() as i64;
                    // The value for the side that moved first.
                    let for_first = if end.plies % 2 == 0 { v } else { -v };
                    own[g] = if g == 0 { for_first } else { -for_first };
                    for (side, who) in [(0, first), (1, second)] {
                        nodes[idx(who)] += end.nodes[side];
                        count[idx(who)] += 1;
                    }
                }
                score[p] += match own[0].cmp(&-own[1]) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
            }
        }
        let per = |w: Who| nodes[idx(w)] as f64 / count[idx(w)].max(1) as f64;
        let cells: Vec<String> = (0..pairs.len())
            .map(|p| {
                let (s, h) = ci(score[p], trees);
                format!("{s:.0} ± {h:.0}")
            })
            .collect();
        writeln!(
            md,
            "| {b} | {depth} | {} | {:.0} | {:.0} | {:.0} | {:.0} |",
            cells.join(" | "),
            per(Who::Ab),
            per(Who::Rbfm),
            per(Who::Bfm),
            per(Who::Mcts)
        )
        .ok();
        rep.row(
            Row::not_reproducible(
                format!("Table 1 format, b = {b}"),
                game_quantity(depth),
                "– (not in the paper)",
                pairs[..3]
                    .iter()
                    .zip(&cells)
                    .map(|((a, c), s)| format!("{}-{} {s} %", a.name(), c.name()))
                    .collect::<Vec<_>>()
                    .join("; "),
                NO_ANCHOR,
            )
            .source("comparison without paper anchor"),
        );
        data.push(json!({
            "b": b, "d_ab": depth, "trees": trees,
            "pairs": pairs.iter().map(|(a, c)| format!("{}-{}", a.name(), c.name())).collect::<Vec<_>>(),
            "score_pct": (0..pairs.len()).map(|p| ci(score[p], trees).0).collect::<Vec<_>>(),
            "nodes_per_game": { "ab": per(Who::Ab), "rbfm": per(Who::Rbfm), "bfm": per(Who::Bfm), "mcts": per(Who::Mcts) },
        }));
    }
    for &(b, depth) in FULL.iter().filter(|x| !rows.contains(x)) {
        rep.not_computed(
            format!("Table 1 format, b = {b}"),
            game_quantity(depth),
            "– (not in the paper)",
        );
    }
    writeln!(
        md,
        "\nRBFM-AB is here at equal nodes per move (Table 1 gives RBFM a principal-variation depth instead), so it is a comparison of ours, not Table 1's row. \
         MCTS's rewards are the logistic of the static value at scale 2^20, and the static value of an incremental tree is the sum of the edges from the tree's root: deep in a game it is several times the scale, so the rewards of sibling positions crowd near 0 or 1 and UCB1's exploration term dominates — with a few dozen nodes a move, MCTS plays close to breadth-first. Not tuned here (c, scale)."
    )
    .ok();
    json!(data)
}

/// Processor counts of the parallel part (both forms).
const PROCS: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];

/// Mean and 95 % half-width of `xs`.
fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let m = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, 1.96 * (var / n).sqrt())
}
/// The parallel runs: `time[f][p][t]`, `ok[f][p]`, `nodes[f][p]` for form `f` (0 MCTS,
/// 1 RBFM), processor count `PROCS[p]` and tree `t`.
struct ParallelRuns {
    time: Vec<Vec<Vec<f64>>>,
    ok: Vec<Vec<u32>>,
    nodes: Vec<Vec<u64>>,
}

/// Runs root-parallel MCTS and master–slave RBFM at every P on `trees` trees of branching
/// `b` and depth `d`, `n` generated nodes in all, and checks their moves against the exact
/// values.
fn parallel_runs(
    o: &Options,
    (b, d): (u32, u32),
    trees: u32,
    n: u64,
) -> Result<ParallelRuns, ExpError> {
    let sim = Backend::Sim(SimConfig::new(crate::rbfm_parallel::cost(1.0)));
    // time[f][p][t], ok[f][p] for form f (0 MCTS, 1 RBFM).
    let mut time = vec![vec![vec![0.0f64; trees as usize]; PROCS.len()]; 2];
    let mut ok = vec![vec![0u32; PROCS.len()]; 2];
    let mut nodes = vec![vec![0u64; PROCS.len()]; 2];
    for t in 0..trees {
        o.progress.message(format!("parallel, tree {}", t + 1));
        let seed = o.seed * 700_001 + t as u64;
        let root = tree(b, d, seed);
        let mut moves = Vec::new();
        root.moves(&mut moves);
        let exact: Vec<i32> = moves
            .iter()
            .map(|&m| up(compare::alphabeta(&root.play(m), d - 1).1 .0))
            .collect();
        let top = exact.iter().copied().max().unwrap_or(0);
        let right = |mv: Option<_>| {
            mv.and_then(|m| moves.iter().position(|&x| x == m))
                .is_some_and(|i| exact[i] == top)
        };
        let lim = Limits::default().with_nodes(n);
        for (i, &p) in PROCS.iter().enumerate() {
            let m =
                distributed::search(&root, &mcts_opts(Playout::Eval, seed), p, &sim, &lim, false)
                    .map_err(|e| ExpError::failed(e.0))?;
            let mut cfg = MasterConfig::new(rbfm_opts(b, seed), p);
            cfg.max_nodes = Some(n);
            cfg.serial_baseline = false;
            let r = master::search(&root, &cfg, &sim).map_err(ExpError::failed)?;
            for (f, (mv, time_p, g)) in [
                (m.outcome.best_move, m.time, m.outcome.stats.leaves),
                (r.outcome.best_move, r.time, r.outcome.generated()),
            ]
            .into_iter()
            .enumerate()
            {
                time[f][i][t as usize] = time_p;
                ok[f][i] += right(mv) as u32;
                nodes[f][i] += g;
            }
        }
    }
    Ok(ParallelRuns { time, ok, nodes })
}

/// Simulated speedup of root-parallel MCTS beside master–slave RBFM (module docs).
fn parallel(o: &Options, rep: &mut Report, md: &mut String) -> Result<serde_json::Value, ExpError> {
    const B: u32 = 10;
    const D: u32 = 10;
    let (trees, n): (u32, u64) = if o.quick { (6, 4_000) } else { (40, 20_000) };
    rep.sample(Sample::new(trees as u64, Some(100), "trees (Fig. 12: 100)"));
    rep.setup(
        "parallel",
        format!(
            "{trees} incremental trees b = {B} (random branching), depth {D}; {n} generated nodes in all at every P; P = {}; cost model of rbfm-parallel at t = 50 000 (evaluation 1, tree work 0.05, message 0.01); MCTS values leaves by the static evaluation",
            PROCS.map(|p| p.to_string()).join(", ")
        ),
    );
    let ParallelRuns { time, ok, nodes } = parallel_runs(o, (B, D), trees, n)?;
    const FORMS: [&str; 2] = ["MCTS root-parallel", "RBFM master–slave"];
    // speedup[f][p] = (mean, half-width) over the trees of T(1)/T(P).
    let speedup: Vec<Vec<(f64, f64)>> = (0..2)
        .map(|f| {
            (0..PROCS.len())
                .map(|i| {
                    let s: Vec<f64> = (0..trees as usize)
                        .map(|t| time[f][0][t] / time[f][i][t].max(1e-12))
                        .collect();
                    mean_ci(&s)
                })
                .collect()
        })
        .collect();
    writeln!(
        md,
        "\n### Parallel speedup at equal total generated nodes (Fig. 12's format, simulated)\n\n| P | {} |\n|---|{}",
        FORMS
            .iter()
            .map(|f| format!("{f}: speedup ± 95 % / correct % ± 95 % / nodes"))
            .collect::<Vec<_>>()
            .join(" | "),
        "---|".repeat(FORMS.len())
    )
    .ok();
    for (i, p) in PROCS.iter().enumerate() {
        write!(md, "| {p} |").ok();
        for f in 0..2 {
            let (s, h) = speedup[f][i];
            let (c, ch) = ci(ok[f][i] as f64, trees);
            write!(
                md,
                " {s:.2} ± {h:.2} / {c:.1} ± {ch:.1} / {:.0} |",
                nodes[f][i] as f64 / trees as f64
            )
            .ok();
        }
        writeln!(md).ok();
    }
    writeln!(
        md,
        "\nRoot-parallel MCTS's processes never talk until the vote, so its time falls as 1/P up to one report's message: its price is the quality of a vote of P trees each P times smaller (the correct % column). Master–slave RBFM keeps one tree, so its decisions are those of a search of N nodes, and its speedup is limited by the master's serialized tree work (at P = 2 its one slave does what the master did alone). A speedup above P (MCTS at large P) comes from the node budget's rule, not from less work per node: a tree stops at its first expansion that does not fit, so P small trees leave more of their generated nodes unvalued than one large tree (the nodes column counts generated nodes; a tree's time counts valued ones)."
    )
    .ok();
    for (i, &p) in PROCS.iter().enumerate().filter(|(_, &p)| p == 8 || p == 64) {
        let cell = |f: usize| {
            let (s, h) = speedup[f][i];
            format!("{}: {s:.1} ± {h:.1}", FORMS[f])
        };
        rep.row(
            Row::not_reproducible(
                "Fig. 12 format",
                format!("speedup at P = {p}, {n} generated nodes in all, simulated"),
                "– (MCTS is not in the paper)",
                format!("{}; {}", cell(0), cell(1)),
                NO_ANCHOR,
            )
            .source("comparison without paper anchor"),
        );
        let q = |f: usize| {
            let (c, h) = ci(ok[f][i] as f64, trees);
            let (c1, h1) = ci(ok[f][0] as f64, trees);
            format!(
                "{}: {c:.1} ± {h:.1} % (P = 1: {c1:.1} ± {h1:.1} %)",
                FORMS[f]
            )
        };
        rep.row(
            Row::not_reproducible(
                "Fig. 12 format",
                format!("correct moves at P = {p}, {n} generated nodes in all"),
                "– (MCTS is not in the paper)",
                format!("{}; {}", q(0), q(1)),
                NO_ANCHOR,
            )
            .source("comparison without paper anchor"),
        );
    }
    rep.plot(
        "parallel-speedup",
        "Simulated speedup at equal total generated nodes: root-parallel MCTS and master–slave RBFM (Fig. 12's format)",
        Chart {
            title: format!("b = {B}, {n} generated nodes in all"),
            x_label: "processors".into(),
            y_label: "speedup".into(),
            log_x: true,
            log_y: true,
            series: (0..2)
                .map(|f| Series {
                    name: FORMS[f].into(),
                    points: PROCS
                        .iter()
                        .zip(&speedup[f])
                        .map(|(&p, s)| (p as f64, s.0))
                        .collect(),
                    style: Style::LinePoints,
                })
                .collect(),
        },
    );
    Ok(json!({
        "b": B, "depth": D, "trees": trees, "nodes": n, "procs": PROCS, "forms": FORMS,
        "speedup": speedup.iter().map(|v| v.iter().map(|x| x.0).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "speedup_ci95": speedup.iter().map(|v| v.iter().map(|x| x.1).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "correct_pct": ok.iter().map(|v| v.iter().map(|&k| ci(k as f64, trees).0).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "mean_nodes": nodes.iter().map(|v| v.iter().map(|&k| k as f64 / trees as f64).collect::<Vec<_>>()).collect::<Vec<_>>(),
    }))
}
