//! Seed 002 §5 and §6.3 (Tables 2 and 4): RBFM on chess, on the LCT-II positions.
//!
//! The paper's program evaluated a leaf with Crafty 17.9's shallow search (SEARCH-DEPTH 3),
//! used the four heuristics of §5.2 and an exponential distribution damped by 25 % (§5.4), and
//! compared its *solution times* on 19 LCT-II positions with Crafty's (Table 2); its
//! master–slave form ran on 1, 32 and 64 processors of an Origin-2000 (Table 4). Here:
//!
//! * **An external engine** (`--engine PATH`, [`crate::rbfm_chess_engine`]): Table 2 with a UCI
//!   engine's depth-3 search as RBFM's black-box evaluator, as the paper used Crafty's, beside
//!   the engine's own search. With Stockfish 15.1 the same RBFM settles on 11 of the 19
//!   solutions instead of 4 (docs/benchmarks-history.md, "RBFM on an external engine"): the evaluation, not
//!   the search, is most of what separates the default mode from the paper.
//! * **Static evaluation** ([`EVAL`]): the positional `chess:eval=pst`
//!   ([`arachne_games::chess::pst`]: tapered piece-square tables, bishop pair, pawn structure,
//!   rooks on open files) for **both** programs — RBFM's shallow searches and the alpha-beta
//!   of Table 2 — as the paper used Crafty's positional evaluation for both. (Material only,
//!   the default `chess` evaluation, left both programs without a reason to prefer any quiet
//!   move: alpha-beta settled on 0 of the 19 positions within 25 M nodes.)
//! * **Evaluator**: [`arachne_engine::shallow::ShallowChess`]: fail-soft alpha-beta to
//!   SEARCH-DEPTH 3 with the capture quiescence search run in the caller's window (the same
//!   value as a full-window quiescence per bottom position for about a tenth of the nodes —
//!   the `§5.1` row measures it on the positions' root children),
//!   heuristics 3 (check and equal-trade extensions, at most 1 extra ply: with 2, tactical
//!   positions such as Pos3 cost many times more per evaluation) and 4 (checks first); inside
//!   each shallow search the searcher's own check extension and null move, and a
//!   transposition table kept across all the shallow searches of a position's run, as
//!   Crafty's was (§5.1: the evaluator "benefits ... from Crafty's enhancements to the search
//!   algorithm (e.g., the transposition table)"; §5.6: Crafty's null move detects threats;
//!   [`arachne_engine::shallow`], "A table across the searches"). With them serial RBFM
//!   settles on 4 of the 19 solutions within the budget instead of 2 (Pos4, Cmb1, Cmb4, Fin3;
//!   docs/benchmarks-history.md, "rbfmeval"). The evaluation `chess:eval=full` (king safety, threats,
//!   mobility) was measured for both programs and is not used: neither solved more with it
//!   (same place).
//! * **Heuristics 1 and 2** ([`arachne_bestfirst::Heuristics`]) are on in the serial runs:
//!   a leaf is searched to SEARCH-DEPTH+1 and only its best child gets a value (the others are
//!   *unknown* until needed); an EXTEND-DOWN leaf is searched to SEARCH-DEPTH−1 and its best
//!   child expanded at once. The master–slave form (Table 4) has them too
//!   ([`arachne_bestfirst::master::search_with`]): a slave's job is the partial expansion (or
//!   heuristic 2's two searches), or the evaluation of a node's unknown children.
//! * **Distribution**: the shipped table for `chess:eval=pst` (`data/chess-pst.tbl`), learned
//!   with that evaluation as §5.4 says at a small scale (exponential family, 25 % damping —
//!   a uniformly random child in CHOOSE-RANDOM-CHILD — variance pooled over `d`, real score to
//!   depth 7; the command is in `crates/arachne-bestfirst/data/README.md`). Its spread is
//!   narrow (σ ≈ 21 cp at `s = 0`); hand-made tables with σ = 100 or 200 cp at `s = 0` solve
//!   no more positions (docs/benchmarks-history.md, "rbfmchess"): with this evaluator the `bm` moves of Pos3, Pos9
//!   and Cmb5 look 1–4 pawns worse at SEARCH-DEPTH 3, and no deeper search within the budget
//!   (RBFM's or alpha-beta's) confirms them.
//! * **Our best alpha-beta**: `aspiration` (iterative deepening, aspiration windows, fail-soft
//!   re-search, the quiescence search in the node's window) with the transposition table,
//!   MVV/LVA hints, killers, history and quiescence, and — what the paper names as Crafty's
//!   edge on the mate-threat positions (§5.6: Crafty "uses the null-move heuristic to detect
//!   the threats, and extends the search") — a one-ply check extension and adaptive null-move
//!   pruning (R = 2/3; `arachne_search::context`, "Check extension" and "Null move"), up to a
//!   depth and node budget. Without the last two it solved 2 of the 19 positions in 25 M nodes
//!   (Pos4, Fin3), with them 11 (`docs/benchmarks-history.md`, "rbfm-chess on the merged tree"; Fin3, a
//!   bishop ending where the side with the bishop is in zugzwang, needs chess's rule that the
//!   side to move passes only with a rook, a queen or two minor pieces). It also takes cutoffs
//!   from table entries of exactly its draft (`SearchOptions::tt_cutoffs`), as the shallow
//!   searches of RBFM's evaluator do and Crafty did: the same 11 positions with 13–62 % fewer
//!   nodes (`docs/benchmarks-history.md`, "rbfmeval").
//! * **Solution time** (§5.5.1): RBFM — the point after which the move played (the most common
//!   best move of the last 100 expansions, §5.3) is a `bm` move until the end of the budget;
//!   alpha-beta — the end of the first iteration from which every iteration's best move is a
//!   `bm` move. Both are measured in *nodes searched* (the shallow searches' nodes for RBFM,
//!   all nodes for alpha-beta, quiescence included: the same alpha-beta code, so a node costs
//!   about the same in both) and in seconds on this machine. The paper's times are seconds on
//!   other hardware against another program, so the rows compare the *ratio* RBFM / alpha-beta
//!   (the paper: RBFM / Crafty), and show the seconds for information.
//! * **RBFM runs**: the paper averaged 20 runs; we make one (`seeds`), its budget a number of
//!   shallow-search nodes (quick 3 M, full [`FULL_BUDGET`]; the paper's budget was time); a
//!   position not solved within it is reported as such (no ratio). Alpha-beta gets the same
//!   number of nodes.
//! * **Table 4**: the master–slave form on the simulator at P = 1, 32, 64, with heuristics 1
//!   and 2 as the paper's program had them ([`master_solution`]), [`TABLE4_SEEDS`] seeds per
//!   position (quick: 1; the paper averaged 20 runs). With `P = 1` the master–slave search is
//!   the serial engine's (the same walks and tree, tested in `arachne-bestfirst`), so T(1) is
//!   the serial search's time. Each run is budgeted at the serial run's generated nodes (seed
//!   1), at most [`LADDER_CAP`] (quick: 3 000); the master records after every tree update its
//!   clock and the move it would play, and a simulated run is deterministic (a budgeted run is
//!   the prefix of every longer one), so one run gives the solution time: the first point from
//!   which every later point plays a `bm` move. S(P) = ΣT(1) / ΣT(P) over the seeds whose
//!   runs settled at both 1 and P processors (the paper's speedup is its mean T(1) over its
//!   mean T(P)); the details table shows T(P) as the mean over the runs that settled. Only positions that serial RBFM solves within its budget have a T(1),
//!   so only they are run (the quick run makes the runs anyway, to exercise them). Beside it,
//!   the speedup of the same work (the time to apply the budget's generated nodes) and the
//!   slaves' busy fraction. Cost model (units: one shallow-search node): each job charges the
//!   shallow-search nodes it costs as measured ([`arachne_engine::shallow::eval_nodes`]),
//!   plus 20 per move generation; the master 20 per selection and per expansion or
//!   resolution it applies; a message 10 at its sender, no latency. Evaluations are memoized
//!   (see [`arachne_engine::shallow`]): values and counts are unchanged, only our CPU time.
//!   Table 4's evaluator has no transposition table across the searches ([`table4_config`]:
//!   its state would make the runs at 32 and 64 processors cheaper than the run at 1), so
//!   its T(1) is not the serial Table 2 run's time.
use crate::report::{num, Report, Row, Sample};
use crate::{ExpError, Options};
use arachne_bestfirst::master::{self, Backend, MasterConfig};
use arachne_bestfirst::{tables, BfOptions, Heuristics, Kind, Searcher, Step};
use arachne_core::{Game, Limits};
use arachne_engine::shallow::{
    eval_calls, eval_nodes, experiment_config, shallow_options, ShallowChess, ShallowConfig,
};
use arachne_games::chess::{bench, cozy_chess::Move, Chess, Eval};
use arachne_games::epd::EpdRecord;
use arachne_plot::{Chart, Series, Style};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};
use serde_json::json;
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

mod position;
mod summary;

/// The paper.
pub const PAPER: &str =
    "Shoham & Toledo 2002, Parallel Randomized Best-First Minimax Search, §5, §6.3, Tables 2 and 4";

/// The static evaluation of both programs (module docs): positional.
pub const EVAL: Eval = Eval::Pst;

/// The position `pos` with the experiment's evaluation [`EVAL`].
pub fn with_experiment_eval(pos: &Chess) -> Chess {
    pos.clone().with_eval(EVAL)
}

/// The full run's budget, of shallow-search nodes for RBFM and of nodes for alpha-beta.
pub const FULL_BUDGET: u64 = 25_000_000;
/// The full run's largest budget of generated nodes of Table 4's runs (each run's budget is
/// the serial run's generated nodes, at most this).
pub const LADDER_CAP: u64 = 50_000;
/// Table 4's processor counts.
pub const TABLE4_PROCS: [u32; 3] = [1, 32, 64];
/// Seeds of Table 4's runs per position in the full run (the paper: 20 runs; quick: 1).
pub const TABLE4_SEEDS: u64 = 8;

/// A row of Tables 2 and 4: name, Crafty's time, RBFM's time at n = 1, 32 (speedup), 64
/// (speedup).
pub const TABLE: [TableRow; 19] = [
    ("Pos3", 18.14, 24.7, 4.38, 5.64, 4.41, 5.60),
    ("Pos4", 28.33, 143.9, 4.11, 35.01, 4.03, 35.71),
    ("Pos5", 80.0, 939.0, 30.57, 30.72, 21.98, 42.72),
    ("Pos9", 7.67, 23.5, 1.31, 17.94, 1.15, 20.43),
    ("Pos11", 69.0, 1120.9, 39.08, 28.68, 31.86, 35.18),
    ("Pos12", 9.41, 83.9, 2.52, 33.29, 3.13, 26.81),
    ("Cmb1", 16.52, 77.7, 1.18, 65.85, 1.09, 71.28),
    ("Cmb4", 13.44, 241.2, 3.91, 61.69, 3.33, 72.43),
    ("Cmb5", 5.14, 37.1, 2.07, 17.92, 1.54, 24.09),
    ("Cmb6", 7.0, 142.3, 4.21, 33.80, 2.20, 64.68),
    ("Cmb7", 157.0, 354.9, 3.07, 115.60, 1.46, 243.08),
    ("Cmb8", 6.79, 278.8, 12.52, 22.27, 3.28, 85.00),
    ("Cmb9", 57.86, 591.1, 18.19, 32.50, 6.84, 86.42),
    ("Cmb10", 64.0, 2736.8, 89.84, 30.46, 38.00, 72.02),
    ("Fin3", 16.13, 6.1, 0.81, 7.53, 0.45, 13.55),
    ("Fin4", 155.0, 165.4, 7.19, 23.00, 3.70, 44.70),
    ("Fin5", 24.51, 140.3, 6.22, 22.56, 3.31, 42.39),
    ("Fin6", 11.25, 207.4, 6.58, 31.52, 3.06, 67.78),
    ("Fin7", 102.0, 2834.4, 123.25, 23.00, 53.90, 52.59),
];

/// The LCT-II id of a Table 2 name (`Pos3` → `LCTII.POS.03`).
pub fn lct_id(name: &str) -> String {
    let split = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    let (kind, n) = name.split_at(split);
    format!(
        "LCTII.{}.{:02}",
        kind.to_ascii_uppercase(),
        n.parse::<u32>().unwrap_or(0)
    )
}

/// A row of [`TABLE`].
pub type TableRow = (&'static str, f64, f64, f64, f64, f64, f64);

/// The position of the Table 2 row `name`: the row, its LCT-II id, its record in `all`
/// (`data/lct2.epd`) and its `bm` moves as text.
pub fn table2_position<'a>(
    all: &'a [EpdRecord],
    name: &str,
) -> Result<(&'static TableRow, String, &'a EpdRecord, Vec<String>), ExpError> {
    let row = TABLE
        .iter()
        .find(|r| r.0 == name)
        .ok_or_else(|| ExpError::failed(format!("{name} is not a Table 2 position")))?;
    let id = lct_id(name);
    let rec = all
        .iter()
        .find(|r| r.id() == Some(id.as_str()))
        .ok_or_else(|| ExpError::failed(format!("{id} missing from data/lct2.epd")))?;
    let bm_text = rec
        .best_moves
        .iter()
        .map(|&m| rec.position.move_name(m))
        .collect();
    Ok((row, id, rec, bm_text))
}

/// Where a search first settled on a solution.
#[derive(Clone, Copy, Debug, Default)]
pub struct Solution {
    /// Nodes searched (or virtual time, for the simulated runs) when it settled.
    pub nodes: f64,
    /// Seconds on this machine when it settled.
    pub seconds: f64,
    /// Expansions (RBFM) or depth (alpha-beta) when it settled.
    pub at: u64,
    /// Shallow searches made when it settled (RBFM; 0 for alpha-beta).
    pub evaluations: f64,
}

/// The options of "our best alpha-beta".
pub fn best_alphabeta_options() -> SearchOptions {
    SearchOptions {
        hints: true,
        killers: true,
        history: true,
        quiescence: true,
        tt_mib: 16,
        check_extension: true,
        null_move: true,
        tt_cutoffs: true,
        ..SearchOptions::default()
    }
}

/// Alpha-beta's solution: the first iteration from which every iteration plays a `bm` move
/// (`None`: the last iteration within the limits does not).
pub fn alphabeta_solution(pos: &Chess, bm: &[Move], depth: u32, nodes: u64) -> Option<Solution> {
    alphabeta_solution_with(pos, bm, depth, nodes, &best_alphabeta_options())
}

/// [`alphabeta_solution`] with other search options (e.g. without the check extension and the
/// null move, to compare).
pub fn alphabeta_solution_with(
    pos: &Chess,
    bm: &[Move],
    depth: u32,
    nodes: u64,
    opts: &SearchOptions,
) -> Option<Solution> {
    let start = Instant::now();
    let mut first: Option<Solution> = None;
    let mut report = |o: &arachne_search::SearchOutcome<Move>| {
        let good = o.best_move.is_some_and(|m| bm.contains(&m));
        if !good {
            first = None;
        } else if first.is_none() {
            first = Some(Solution {
                nodes: (o.stats.nodes() + o.stats.qnodes) as f64,
                seconds: start.elapsed().as_secs_f64(),
                at: o.depth as u64,
                evaluations: 0.0,
            });
        }
    };
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(nodes),
        ..Limits::default()
    };
    Algorithm::Aspiration { delta: 50 }.search_with(pos, &limits, opts, None, &mut report);
    first
}

/// RBFM's options for chess: the shipped chess table for [`EVAL`] (learned per §5.4:
/// exponential family, 25 % damping), heuristics 1 and 2 of §5.2 (in the serial searcher and,
/// given the evaluator, the master–slave form), vote over 100 expansions.
pub fn chess_rbfm_options(seed: u64) -> BfOptions {
    let mut o = BfOptions::new(Kind::Rbfm);
    o.seed = seed;
    o.table = Some(Arc::new(tables::default_for("chess", &eval_spec())));
    o.heuristics = Heuristics {
        unknown_children: true,
        shallow_down: true,
    };
    o
}

/// The game spec of the experiment's evaluation (`chess:eval=pst`), which picks the table.
pub fn eval_spec() -> String {
    format!("chess:eval={}", EVAL.name())
}

/// Serial RBFM's solution within `node_budget` shallow-search nodes, the mean shallow-search nodes per evaluation
/// and the nodes generated; `None` when the move played at the end is not a `bm` move.
pub fn rbfm_solution(
    root: &ShallowChess,
    bm: &[Move],
    seed: u64,
    node_budget: u64,
) -> (Option<Solution>, f64, u64) {
    rbfm_solution_with(root, bm, chess_rbfm_options(seed), node_budget, u64::MAX)
}

/// [`rbfm_solution`] with other options, stopping at `node_budget` shallow-search nodes or
/// `eval_budget` shallow searches ([`eval_calls`]), whichever comes first.
pub fn rbfm_solution_with(
    root: &ShallowChess,
    bm: &[Move],
    opts: BfOptions,
    node_budget: u64,
    eval_budget: u64,
) -> (Option<Solution>, f64, u64) {
    let mut s = Searcher::new(root.clone(), opts).with_leaf_search(ShallowChess::leaf_search());
    let (n0, c0) = (eval_nodes(), eval_calls());
    let start = Instant::now();
    let mut first: Option<Solution> = None;
    let mut done = 0u64;
    while eval_nodes() - n0 < node_budget && eval_calls() - c0 < eval_budget {
        match s.step() {
            Step::Expanded { .. } => done += 1,
            _ => break,
        }
        let good = s
            .decision()
            .and_then(|c| s.tree().mv(c))
            .is_some_and(|m| bm.contains(&m));
        if !good {
            first = None;
        } else if first.is_none() {
            first = Some(Solution {
                nodes: (eval_nodes() - n0) as f64,
                seconds: start.elapsed().as_secs_f64(),
                at: done,
                evaluations: (eval_calls() - c0) as f64,
            });
        }
    }
    let generated = s.stats().leaves;
    (
        first,
        (eval_nodes() - n0) as f64 / generated.max(1) as f64,
        generated,
    )
}

/// Nodes of one shallow evaluation of every child of `roots` (the evaluator of `cfg`, its
/// extensions included): `(full-window quiescence, windowed)`, the old and the current
/// evaluator ([`arachne_engine::shallow`], "Cost"). Also checks that both give the same
/// value (an error otherwise).
pub fn evaluation_cost(
    roots: &[Chess],
    cfg: &Arc<ShallowConfig>,
) -> Result<(Vec<u64>, Vec<u64>), ExpError> {
    let (mut old, mut new) = (Vec::new(), Vec::new());
    for pos in roots {
        let root = ShallowChess::new(pos.clone(), Arc::clone(cfg));
        let mut ms = Vec::new();
        root.moves(&mut ms);
        for &m in &ms {
            let c = root.play(m);
            if c.is_terminal() || !c.chess().has_moves() {
                continue;
            }
            let d = c.search_depth();
            let o = Algorithm::AlphaBeta.search(c.chess(), &Limits::depth(d), &shallow_options());
            let (v, _, n) = c.search(d);
            if v != o.value {
                return Err(ExpError::failed(format!(
                    "windowed shallow search {v} != full-window {} after {}",
                    o.value,
                    pos.move_name(m)
                )));
            }
            old.push(o.stats.nodes() + o.stats.qnodes);
            new.push(n);
        }
    }
    Ok((old, new))
}

/// Median and mean.
fn median_mean(v: &[u64]) -> (f64, f64) {
    if v.is_empty() {
        return (0.0, 0.0);
    }
    let mut s = v.to_vec();
    s.sort_unstable();
    let med = if s.len() % 2 == 1 {
        s[s.len() / 2] as f64
    } else {
        (s[s.len() / 2 - 1] + s[s.len() / 2]) as f64 / 2.0
    };
    (med, s.iter().sum::<u64>() as f64 / s.len() as f64)
}

/// Table 4's evaluator: [`experiment_config`] without the transposition table kept across the
/// shallow searches. With it, a job's cost would depend on every run made before it with the
/// same table (the runs at 32 and 64 processors would find it warmer than the run at 1), so
/// each run would be charged differently for the same evaluations; the memo cache, which
/// charges an evaluation what it cost the first time, stays.
pub fn table4_config() -> Arc<ShallowConfig> {
    let mut c = experiment_config();
    Arc::get_mut(&mut c).expect("a fresh configuration").tt = None;
    c
}

/// The cost model of Table 4 (module docs).
pub fn table4_cost(leaf: f64) -> CostModel {
    let mut c = CostModel::unit(1.0);
    c.name = "rbfm-chess";
    c.leaf = leaf.max(1.0);
    c.interior = 20.0;
    c.message = 10.0;
    c.multicast = false;
    c.latency = 0.0;
    c
}

/// One simulated master–slave run of Table 4 ([`master_solution`]).
#[derive(Clone, Copy, Debug)]
pub struct MasterRun {
    /// Where the move played settled on a `bm` move for good (virtual time in `nodes`,
    /// generated nodes in `at`); `None`: it had not by the end of the run.
    pub solution: Option<Solution>,
    /// Virtual time at the end of the run (its budget of generated nodes spent).
    pub time: f64,
    /// Generated nodes at the end.
    pub generated: u64,
    /// Times the move played changed during the run.
    pub changes: u64,
    /// Mean busy fraction of the slaves (0 without slaves).
    pub utilization: f64,
}

/// Master–slave RBFM's solution in virtual time at `procs` (module docs, "Table 4"): one
/// simulated run with §5.2's heuristics 1 and 2 (as the paper's program), at most
/// `max_generated` generated nodes, its evaluator work charged as the shallow-search nodes it
/// costs ([`master::Evaluator::meter`]); the solution is the first point of the master's trace
/// from which every later point plays a `bm` move.
pub fn master_solution(
    root: &ShallowChess,
    bm: &[Move],
    seed: u64,
    procs: u32,
    max_generated: u64,
) -> Result<MasterRun, ExpError> {
    let sim = Backend::Sim(SimConfig::new(table4_cost(1.0)));
    let mut cfg = MasterConfig::new(chess_rbfm_options(seed), procs);
    cfg.serial_baseline = false;
    cfg.max_nodes = Some(max_generated);
    cfg.trace = true;
    let eval = master::Evaluator {
        search: ShallowChess::leaf_search(),
        meter: Some(Arc::new(|| eval_nodes() as f64)),
    };
    let out = master::search_with(root, &cfg, &sim, Some(eval)).map_err(ExpError::failed)?;
    let mut first: Option<Solution> = None;
    let mut changes = 0;
    for (k, t) in out.detail.trace.iter().enumerate() {
        if k > 0 && out.detail.trace[k - 1].decision != t.decision {
            changes += 1;
        }
        if !t.decision.is_some_and(|m| bm.contains(&m)) {
            first = None;
        } else if first.is_none() {
            first = Some(Solution {
                nodes: t.time,
                seconds: 0.0,
                at: t.generated,
                evaluations: 0.0,
            });
        }
    }
    let slaves = &out.busy[1.min(out.busy.len())..];
    let utilization = if slaves.is_empty() || out.time <= 0.0 {
        0.0
    } else {
        slaves.iter().sum::<f64>() / slaves.len() as f64 / out.time
    };
    Ok(MasterRun {
        solution: first,
        time: out.time,
        generated: out.outcome.generated(),
        changes,
        utilization,
    })
}

/// The mean solution time of the runs that settled.
fn mean_solution(runs: &[MasterRun]) -> Option<f64> {
    let t: Vec<f64> = runs
        .iter()
        .filter_map(|r| r.solution.map(|s| s.nodes))
        .collect();
    (!t.is_empty()).then(|| t.iter().sum::<f64>() / t.len() as f64)
}

/// Table 4's speedup at `TABLE4_PROCS[i]`, paired by seed: `Σ T(1) / Σ T(P)` over the seeds
/// whose runs settled at both (the paper's ratio of mean times), with the per-seed speedups.
/// `runs[i][k]` is the run of seed `k` at `TABLE4_PROCS[i]`.
fn paired_speedup(runs: &[Vec<MasterRun>], i: usize) -> (Option<f64>, Vec<f64>) {
    let (mut a, mut b, mut each) = (0.0, 0.0, Vec::new());
    for (r1, rp) in runs[0].iter().zip(&runs[i]) {
        if let (Some(s1), Some(sp)) = (r1.solution, rp.solution) {
            a += s1.nodes;
            b += sp.nodes;
            each.push(s1.nodes / sp.nodes.max(1.0));
        }
    }
    ((b > 0.0).then(|| a / b), each)
}

/// Why a Table 4 speedup differs from the paper's (one line, from the runs).
/// The label of a Table 4 row: position `name`'s speedup at `p` processors.
fn table4_quantity(name: &str, p: u32) -> String {
    format!("{name}: master–slave speedup at {p} processors (simulated, heuristics 1–2, ΣT(1)/ΣT({p}) over the seeds that settled at both)")
}

/// The label of a position's §6.3 claim (near-linear speedup of the same work).
fn table63_quantity(name: &str) -> String {
    format!("{name}: the master–slave form with heuristics 1–2 generates the serial run's nodes at least 16× faster at 32 processors than at 1, and faster at 64 than at 32 (the paper: \"often a linear speedup, even for 64 processors\")")
}

fn table4_why(runs: &[Vec<MasterRun>], i: usize, g: u64, work: Option<f64>) -> String {
    let n = runs[i].len();
    let p = TABLE4_PROCS[i];
    let settled = |j: usize| runs[j].iter().filter(|r| r.solution.is_some()).count();
    let changes = |j: usize| {
        runs[j].iter().map(|r| r.changes).sum::<u64>() as f64 / runs[j].len().max(1) as f64
    };
    let (_, each) = paired_speedup(runs, i);
    let each: Vec<String> = each.iter().map(|x| format!("{x:.1}")).collect();
    let work = work.map_or(String::new(), |w| {
        format!("; the same work (the budget's generated nodes) runs {w:.1}× faster")
    });
    format!(
        "settled within {g} generated nodes: {}/{n} seeds at P = 1, {}/{n} at P = {p}, {} at both (per-seed speedups: {}); the move played changed {:.1} times per run at P = 1 and {:.1} at P = {p} — with P − 1 jobs in flight the other moves are expanded speculatively and the decision wanders before it settles, and our serial search settles early or not at all within the budget (the paper's took minutes){work}",
        settled(0),
        settled(i),
        each.len(),
        if each.is_empty() { "none".to_string() } else { each.join(", ") },
        changes(0),
        changes(i),
    )
}

/// The run's form: the positions, the budgets and the seeds (quick or full).
struct Config {
    /// The Table 2 names run.
    names: Vec<&'static str>,
    /// RBFM seeds per position.
    seeds: u64,
    /// RBFM's budget of shallow-search nodes.
    budget: u64,
    /// Alpha-beta's depth and node limits.
    ab_depth: u32,
    ab_nodes: u64,
    /// Table 4's largest budget of generated nodes, and its seeds.
    ladder_cap: u64,
    t4_seeds: u64,
    /// The LCT-II positions (`data/lct2.epd`).
    all: Vec<EpdRecord>,
}

impl Config {
    fn new(quick: bool) -> Config {
        let names: Vec<&str> = if quick {
            vec!["Fin3"]
        } else {
            TABLE.iter().map(|r| r.0).collect()
        };
        let (seeds, budget, ab_depth, ab_nodes) = if quick {
            (1u64, 3_000_000u64, 8u32, 3_000_000u64)
        } else {
            (1, FULL_BUDGET, 30, FULL_BUDGET)
        };
        // Table 4's runs stop at this many generated nodes, with this many seeds.
        let (ladder_cap, t4_seeds) = if quick {
            (3_000, 1)
        } else {
            (LADDER_CAP, TABLE4_SEEDS)
        };
        Config {
            names,
            seeds,
            budget,
            ab_depth,
            ab_nodes,
            ladder_cap,
            t4_seeds,
            all: bench::lct2(),
        }
    }
}

/// What the positions' runs add up to: the details table, the JSON per position, the
/// speedups `(x, ours at 32, ours at 64, paper at 32, paper at 64)` and the shallow-search
/// nodes per generated node and per evaluation of each position.
#[derive(Default)]
struct Totals {
    md: String,
    data: Vec<serde_json::Value>,
    speedups: Vec<[f64; 5]>,
    gen_cost: Vec<(f64, f64)>,
}

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    if let Some(path) = &o.scale.engine {
        return crate::rbfm_chess_engine::run(o, path);
    }
    let mut rep = Report::new(
        "rbfm-chess",
        "RBFM on chess: LCT-II solution times and master–slave speedups (§5, §6.3)",
        PAPER,
        o.quick,
    );
    let c = Config::new(o.quick);
    summary::setup(&mut rep, &c);
    let cost = summary::evaluator_cost(o, &mut rep, &c)?;
    let mut totals = Totals {
        md: String::from(
        "| position | bm | α-β depth | α-β nodes | α-β s | RBFM solved | RBFM nodes (mean) | RBFM s (mean) | nodes/generated | nodes/eval | ratio (ours) | ratio (paper) | T(1) | T(32) | S(32) | T(64) | S(64) |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
        ),
        ..Totals::default()
    };
    for (pos_index, name) in c.names.iter().enumerate() {
        position::run(o, &mut rep, &c, pos_index, name, &cost.leaf, &mut totals)?;
    }
    summary::closing_rows(&mut rep, &c.names, &totals);
    summary::plot(&mut rep, &c.names, &totals.speedups);
    rep.details = format!(
        "Nodes: shallow-search nodes (RBFM) and all nodes searched (alpha-beta), quiescence included. \
         T(P): simulated virtual time to the solution (units: shallow-search nodes), mean over the runs that settled; S(P) = ΣT(1)/ΣT(P) over the seeds that settled at both 1 and P processors.\n\n{}",
        totals.md
    );
    rep.data = json!({ "positions": totals.data, "evaluation_cost": {
        "children": cost.children,
        "full_window": {"median": cost.old.0, "mean": cost.old.1},
        "windowed": {"median": cost.new.0, "mean": cost.new.1},
    } });
    Ok(rep)
}
