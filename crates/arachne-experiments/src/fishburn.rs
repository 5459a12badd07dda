//! `arachne experiment fishburn`: seed 000's measurements on the simulator.
//!
//! (a) **Table 1/2 style.** Ten positions searched to depth 8 by one master with 2 and with 3
//! slaves under the `arachne` cost model (100 nodes/s, 70 messages/s), successors ordered
//! best-first by static value and the root's last successor given the `(−α−1, −α)` window, as in
//! §5. γ0 is the serial time over the parallel time for each position; γ1 is the aggregate
//! speedup of each position's subtree searches (each successor searched to depth 7 with the
//! window serial alpha-beta gives it, serially and by a master with k slaves). The positions
//! are ten checkers positions from a played game (`data/checkers-chinook-tinsley-1992.pdn`,
//! every fifth ply from ply 4), as in the paper; if that file cannot be found, incremental random
//! trees with a checkers-like branching factor (`incremental:b=8,d=8,seed=1..10`).
//!
//! (b) **Speedup against P** = 1, 2, 4, …, 1024 on `incremental:b=10` trees for tree-split (one
//! master with P−1 slaves; depth-2 and depth-3 processor trees; a binary tree), Palphabeta
//! (flat and depth 2) and Baudet, under the `arachne` cost model: a table, a CSV and a plot.
//!
//! (c) Palphabeta on best-first and worst-first `ordered` trees under the unit cost model against
//! Theorem 2 and §7.1, with the speedups approaching `f^{q/2}` and `f^q` (Theorem 3); (d)
//! Pbound's measured bottom-position counts on random trees against Theorem 4's bound and
//! `r(d, f)`.
//!
//! The averages over positions (γ0 and γ1 in Tables 1 and 2 and §7.3, the depth-two processor
//! tree's) are judged by their 95 % t intervals ([`crate::report::interval`]): the paper gives
//! each table's standard deviation over its ten positions, hence its own interval, and a row
//! differs significantly only when the two do not overlap (the depth-two tree's is compared
//! with the paper's γ0·γ1 as a value: a product of averages has no spread in the paper).
//! The standard deviations are judged by their χ² intervals, ours over our ten positions
//! and the paper's over its ten: a spread of ten positions is known to within a factor of
//! about two, and other positions give other spreads. Minima and maxima are compared as
//! values (the extremes of ten have no interval without a model of their distribution).
//! §5's counts (positions or subtrees sped up by more than k) are proportions, judged by
//! their Wilson intervals beside the paper's (3 of 10 positions, 4 of 84 subtrees, …); the
//! subtrees of one position are not independent, so theirs are somewhat too narrow.
//!
//! The run is split by phase: this file measures (`Measured`), `rows` compares with the
//! paper, `details` writes the tables, the CSV, the plot and the JSON data.
mod details;
mod rows;

use crate::paper::{search, search_in};
use crate::report::{Report, Row, Sample};
use crate::{min_mean_max_sd, ExpError, Options, Progress};
use arachne_core::{Game, Score, Window};
use arachne_games::{Checkers, IncrementalTree};
use arachne_parallel::{alphabeta_speedup, serial, Backend, ParAlgo, ParOutcome};
use arachne_plot::{Chart, Series, Style};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::stepper::StepperMode;
use serde_json::json;
use std::fmt::Write as _;

/// The paper's Table 1 (γ0) and Table 2 (γ1): (min, avg, max, sd) for 2 and 3 slaves.
const PAPER_G0: [[f64; 4]; 2] = [[1.37, 1.81, 2.36, 0.31], [1.37, 2.34, 3.15, 0.56]];
const PAPER_G1: [[f64; 4]; 2] = [[1.03, 1.46, 1.77, 0.22], [1.38, 1.96, 2.60, 0.38]];

fn tree(b: u32, d: u32, seed: u64) -> IncrementalTree {
    crate::uniform_tree(b, d, seed)
}

fn sim() -> Backend {
    Backend::Sim(SimConfig::new(CostModel::arachne()))
}

fn run_sim<G: Game>(
    algo: &ParAlgo,
    root: &G,
    depth: u32,
    window: Window,
    procs: Option<u32>,
) -> Result<ParOutcome<G::Move>, ExpError> {
    search_in(algo, root, depth, window, procs, &sim()).map_err(ExpError::failed)
}

struct Table1 {
    g0: [Vec<f64>; 2],
    g1: [Vec<f64>; 2],
    sub_over_k: [usize; 2],
    subtrees: usize,
}

/// Ten checkers positions spanning the played game in `data/checkers-chinook-tinsley-1992.pdn`
/// (every fifth ply from ply 4, skipping positions with fewer than two moves), if the file can
/// be found (in `./data/` or the source tree's `data/`).
fn checkers_positions() -> Option<Vec<Checkers>> {
    let path = crate::data_file("checkers-chinook-tinsley-1992.pdn")?;
    let text = std::fs::read_to_string(path).ok()?;
    let game = arachne_games::pdn::parse_pdn(&text)
        .ok()?
        .into_iter()
        .next()?;
    let line = game.replay().ok()?;
    let mut out = Vec::new();
    let mut ply = 4;
    let mut moves = Vec::new();
    while out.len() < 10 && ply < line.len() {
        line[ply].moves(&mut moves);
        if moves.len() >= 2 && !line[ply].is_terminal() {
            out.push(line[ply]);
            ply += 5;
        } else {
            ply += 1;
        }
    }
    (out.len() == 10).then_some(out)
}

fn table1<G: Game>(roots: &[G], depth: u32, pg: &Progress) -> Result<Table1, ExpError> {
    let mut t = Table1 {
        g0: [Vec::new(), Vec::new()],
        g1: [Vec::new(), Vec::new()],
        sub_over_k: [0, 0],
        subtrees: 0,
    };
    let algo: ParAlgo = "tree-split:raise=last,preorder=1,master=0,q=1"
        .parse()
        .map_err(ExpError::failed)?;
    let sub_algo: ParAlgo = "tree-split:preorder=1,master=0,q=1"
        .parse()
        .map_err(ExpError::failed)?;
    let cost = CostModel::arachne();
    for (i, root) in roots.iter().enumerate() {
        pg.message(format!(
            "Tables 1 and 2: position {}/{}",
            i + 1,
            roots.len()
        ));
        let root = root.clone();
        for (ki, k) in [2u32, 3].into_iter().enumerate() {
            let out = run_sim(&algo, &root, depth, Window::FULL, Some(k + 1))?;
            t.g0[ki].push(alphabeta_speedup(&out).unwrap_or(0.0));
            // γ1: the root's successors, each with the window serial alpha-beta gives it.
            let mut moves = Vec::new();
            root.moves(&mut moves);
            arachne_search::stepper::preorder_moves(&root, &mut moves);
            let mut alpha = -Score::INF;
            let (mut ser, mut par) = (0.0, 0.0);
            for &m in &moves {
                let child = root.play(m);
                let w = Window::new(-Score::INF, -alpha);
                let (v, st) =
                    arachne_parallel::serial_in(&child, depth - 1, w, StepperMode::AlphaBeta, true);
                let s_time = cost.serial_time(st.interior, st.leaves);
                let p = run_sim(&sub_algo, &child, depth - 1, w, Some(k + 1))?;
                ser += s_time;
                par += p.time;
                if s_time > k as f64 * p.time {
                    t.sub_over_k[ki] += 1;
                }
                if ki == 0 {
                    t.subtrees += 1;
                }
                alpha = alpha.max(-v);
            }
            t.g1[ki].push(ser / par);
        }
    }
    Ok(t)
}

struct Curve {
    name: String,
    points: Vec<(f64, f64, f64)>, // (P requested, processors used, mean speedup)
    /// 95 % half-width of the mean speedup over the trees (1.96 · sd / √trees), per point.
    ci95: Vec<f64>,
}

fn speedup_curves(
    ps: &[u32],
    depth: u32,
    seeds: u64,
    pg: &Progress,
) -> Result<Vec<Curve>, ExpError> {
    let specs: [(&str, &str); 7] = [
        (
            "tree-split (1 master, P-1 slaves)",
            "tree-split:q=1,preorder=0,master=0",
        ),
        ("tree-split q=2", "tree-split:q=2,preorder=0,master=0"),
        ("tree-split q=3", "tree-split:q=3,preorder=0,master=0"),
        (
            "tree-split f=2 (binary)",
            "tree-split:f=2,preorder=0,master=0",
        ),
        ("palphabeta-par (q=1)", "palphabeta-par:q=1"),
        ("palphabeta-par q=2", "palphabeta-par:q=2"),
        ("baudet", "baudet"),
    ];
    let roots: Vec<IncrementalTree> = (1..=seeds).map(|s| tree(10, depth, s)).collect();
    let serial_times: Vec<f64> = roots
        .iter()
        .map(|r| {
            let (_, st) = serial(r, depth, StepperMode::AlphaBeta, false);
            CostModel::arachne().serial_time(st.interior, st.leaves)
        })
        .collect();
    let mut curves = Vec::new();
    for (name, spec) in specs {
        pg.message(format!("speedup against P: {name}"));
        let algo: ParAlgo = spec.parse().map_err(ExpError::failed)?;
        let mut points = Vec::new();
        let mut ci95 = Vec::new();
        for &p in ps {
            let mut sp = Vec::new();
            let mut used = 0;
            let mut ok = true;
            for (r, &st) in roots.iter().zip(&serial_times) {
                match search(&algo, r, depth, Some(p), &sim()) {
                    Ok(o) => {
                        sp.push(st / o.time);
                        used = o.procs;
                    }
                    Err(_) => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                let s = min_mean_max_sd(&sp);
                points.push((p as f64, used as f64, s[1]));
                ci95.push(1.96 * s[3] / (sp.len() as f64).sqrt());
            }
        }
        curves.push(Curve {
            name: name.to_string(),
            points,
            ci95,
        });
    }
    Ok(curves)
}

/// The largest s of the Theorem 2 and §7.1 rows in the full form (the quick form stops at 5).
const SMAX_FULL: u32 = 7;

/// (c) Theorems 2 and 3, §7.1: Palphabeta on best-first and worst-first `ordered` trees under the
/// unit cost model (ρ = 1), simulated against the formulas. Rows: (s, best sim, Theorem 2, best
/// speedup, worst sim, §7.1 formula, worst speedup).
fn theory_rows(d: u64, f: u64, q: u32, smax: u32) -> Result<Vec<[f64; 7]>, ExpError> {
    use arachne_games::{Order, OrderedParams, OrderedTree};
    use arachne_parallel::palphabeta_par::{theorem2_time, worst_first_time};
    let unit = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let algo: ParAlgo = format!("palphabeta-par:f={f},q={q}")
        .parse()
        .map_err(ExpError::failed)?;
    let mut rows = Vec::new();
    for s in 1..=smax {
        let mut row = [s as f64, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
        for (k, order) in [Order::Best, Order::Worst].into_iter().enumerate() {
            let root = OrderedTree::new(OrderedParams {
                n: (d * f) as u32,
                d: q + s,
                order,
                seed: 1,
            })
            .ok_or_else(|| ExpError::failed("ordered tree too large"))?;
            let o = search(&algo, &root, q + s, None, &unit).map_err(ExpError::failed)?;
            row[1 + 3 * k] = o.time;
            row[2 + 3 * k] = if k == 0 {
                theorem2_time(d, f, q, s, 1.0)
            } else {
                worst_first_time(d, f, q, s, 1.0)
            };
            row[3 + 3 * k] = alphabeta_speedup(&o).unwrap_or(0.0);
        }
        rows.push(row);
    }
    Ok(rows)
}

/// (d) Theorem 4: Pbound's mean bottom-position count on i.i.d. random trees of degree df and
/// height h (processor tree of fan-out f and height h) against `f^h 1ᵀM^{h−1}1`. Rows: (h, mean,
/// bound, mean(h)/mean(h−1)).
fn theorem4_rows(d: u64, f: u64, hmax: u32, trials: u64) -> Result<Vec<[f64; 4]>, ExpError> {
    use arachne_games::{IidParams, IidTree};
    use arachne_parallel::pbound::theorem4_bound;
    let unit = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let mut rows: Vec<[f64; 4]> = Vec::new();
    for h in 1..=hmax {
        let algo: ParAlgo = format!("pbound:f={f},q={h}")
            .parse()
            .map_err(ExpError::failed)?;
        let mut total = 0u64;
        for seed in 0..trials {
            let root = IidTree::new(IidParams {
                n: (d * f) as u32,
                d: h,
                seed: seed + 1000 * h as u64,
                range: None,
            });
            total += search(&algo, &root, h, None, &unit)
                .map_err(ExpError::failed)?
                .stats
                .leaves;
        }
        let mean = total as f64 / trials as f64;
        let growth = rows.last().map_or(f64::NAN, |r| mean / r[1]);
        rows.push([h as f64, mean, theorem4_bound(d, f, h), growth]);
    }
    Ok(rows)
}

/// §7.5 / Theorem 6: Pbound's speedup under random ordering (`iid` trees) against best-first
/// ordering (`ordered:order=best` trees), processor trees of fan-out `f` and height `q = 1..qmax`,
/// lookahead trees of degree `df` and height `q + s`, unit cost model. Returns rows
/// `(q, mean random speedup, best-first speedup)`.
fn theorem6_rows(
    d: u64,
    f: u64,
    s: u32,
    qmax: u32,
    trials: u64,
) -> Result<Vec<[f64; 3]>, ExpError> {
    use arachne_games::{IidParams, IidTree, Order, OrderedParams, OrderedTree};
    let unit = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let n = (d * f) as u32;
    let mut rows = Vec::new();
    for q in 1..=qmax {
        let algo: ParAlgo = format!("pbound:f={f},q={q}")
            .parse()
            .map_err(ExpError::failed)?;
        let h = q + s;
        let mut sum = 0.0;
        for t in 0..trials {
            let root = IidTree::new(IidParams {
                n,
                d: h,
                seed: 6000 + 97 * t + 1000 * q as u64,
                range: None,
            });
            sum += search(&algo, &root, h, None, &unit)
                .map_err(ExpError::failed)
                .map(|o| alphabeta_speedup(&o))?
                .unwrap_or(0.0);
        }
        let best = OrderedTree::new(OrderedParams {
            n,
            d: h,
            order: Order::Best,
            seed: 1,
        })
        .ok_or_else(|| ExpError::failed("ordered tree too large"))?;
        let b = search(&algo, &best, h, None, &unit)
            .map_err(ExpError::failed)
            .map(|o| alphabeta_speedup(&o))?
            .unwrap_or(0.0);
        rows.push([q as f64, sum / trials as f64, b]);
    }
    Ok(rows)
}

/// §7.3 measured directly: tree-splitting on a depth-two processor tree of fan-out k (k²
/// terminal processors), the speedup on each position.
fn depth_two<G: Game>(
    roots: &[G],
    depth: u32,
    k: u32,
    pg: &Progress,
) -> Result<Vec<f64>, ExpError> {
    let algo: ParAlgo = format!("tree-split:raise=last,preorder=1,master=0,q=2,f={k}")
        .parse()
        .map_err(ExpError::failed)?;
    let mut out = Vec::new();
    for (i, root) in roots.iter().enumerate() {
        pg.message(format!(
            "§7.3: depth-two processor tree f={k}, position {}/{}",
            i + 1,
            roots.len()
        ));
        let o = run_sim(&algo, root, depth, Window::FULL, None)?;
        out.push(alphabeta_speedup(&o).unwrap_or(0.0));
    }
    Ok(out)
}

/// The paper.
pub const PAPER: &str = "Fishburn and Finkel, Parallel alpha-beta search on Arachne (1980)";
/// Everything the experiment measured, read by the rows and the details.
struct Measured {
    /// Positions of Tables 1 and 2.
    positions: u64,
    /// Depth of Tables 1 and 2.
    depth_a: u32,
    /// Depth of the speedup curves.
    depth_b: u32,
    /// Trees per point of the speedup curves.
    seeds: u64,
    /// Where the positions of Tables 1 and 2 come from.
    source: String,
    /// Tables 1 and 2.
    t1: Table1,
    /// §7.3: speedups of depth-two processor trees, f = 2 and 3.
    two: [Vec<f64>; 2],
    /// The P of the speedup curves.
    ps: Vec<u32>,
    /// The speedup curves.
    curves: Vec<Curve>,
    /// Theorems 2, 3: d, f, q and the largest s.
    td: u64,
    tf: u64,
    tq: u32,
    smax: u32,
    /// Theorems 2, 3 and §7.1: one row per s.
    theory: Vec<[f64; 7]>,
    /// Theorem 4: trees per height.
    t4_trials: u64,
    /// Theorem 4: (d, f, rows).
    t4: Vec<(u64, u64, Vec<[f64; 4]>)>,
}

impl Measured {
    /// γ0's (min, mean, max, sd) for 2 and 3 slaves.
    fn s0(&self) -> [[f64; 4]; 2] {
        [
            min_mean_max_sd(&self.t1.g0[0]),
            min_mean_max_sd(&self.t1.g0[1]),
        ]
    }

    /// γ1's (min, mean, max, sd) for 2 and 3 slaves.
    fn s1(&self) -> [[f64; 4]; 2] {
        [
            min_mean_max_sd(&self.t1.g1[0]),
            min_mean_max_sd(&self.t1.g1[1]),
        ]
    }
}

/// Theorem 6's case: (d, f, the threshold f/(√f − 1), rows of (q, random, best-first)).
type Theorem6 = (u64, u64, f64, Vec<[f64; 3]>);

/// Positions with γ0 above `k` among `v`.
fn over(v: &[f64], k: f64) -> usize {
    v.iter().filter(|&&x| x > k).count()
}

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let mut rep = Report::new(
        "fishburn",
        "Fishburn and Finkel (1980): tree-splitting, Palphabeta and Pbound on the simulator",
        PAPER,
        o.quick,
    );
    let m = measure(o, &mut rep)?;
    rows::tables_1_2(&mut rep, &m);
    rows::theorems_2_to_5(o, &mut rep, &m)?;
    let t6 = rows::theorem_6(o, &mut rep)?;
    details::details(&mut rep, &m, &t6);
    details::plot(&mut rep, &m);
    details::data(&mut rep, &m);
    crate::fishburn_serial::section_8_4(o, &mut rep)?;
    Ok(rep)
}

/// Measures Tables 1 and 2, the speedup curves and the theorems' trees; records the setup.
fn measure(o: &Options, rep: &mut Report) -> Result<Measured, ExpError> {
    let pg = &o.progress;
    let (positions, depth_a, depth_b, seeds, max_p) = if o.quick {
        (10, 6, 6, 3, 1024)
    } else {
        (10, 8, 8, 5, 1024)
    };
    rep.sample(Sample::new(positions, Some(10), "positions"));
    let (t1, two, source) = match checkers_positions() {
        Some(ps) => (
            table1(&ps, depth_a, pg)?,
            [depth_two(&ps, depth_a, 2, pg)?, depth_two(&ps, depth_a, 3, pg)?],
            format!(
                "10 checkers positions from Chinook–Tinsley, London 1992, game 8 (every fifth ply from ply 4), depth {depth_a}"
            ),
        ),
        None => {
            let roots: Vec<IncrementalTree> =
                (1..=positions).map(|s| tree(8, depth_a, s)).collect();
            (
                table1(&roots, depth_a, pg)?,
                [depth_two(&roots, depth_a, 2, pg)?, depth_two(&roots, depth_a, 3, pg)?],
                format!("{positions} positions `incremental:b=8,d={depth_a},seed=1..{positions}` (checkers-like branching; the checkers game file was not found)"),
            )
        }
    };
    rep.setup(
        "machine",
        "the `sim` runtime in virtual time with the `arachne` cost model (100 nodes/s, 70 messages/s, as measured on the paper's LSI-11s); the paper ran on a network of 5 LSI-11 microcomputers under Arachne",
    );
    rep.setup(
        "game and evaluation (differ from the paper's)",
        "our checkers (`arachne-games`, English checkers, 80-ply draw rule) with our evaluation: men 100, kings 150, 3 per row of advancement, 5 per ring of king centrality — in the spirit of the paper's \"material, central board position for kings and advancement for men\", whose weights it does not give; the paper's ten positions came from a human–machine game we do not have",
    );
    rep.setup("Tables 1 and 2 positions", source.clone());
    rep.setup(
        "Tables 1 and 2 algorithm",
        "tree-splitting, one master with k = 2 and 3 slaves, successors ordered best-first by static value, general alpha raising off except the last root successor's (−α−1, −α) window, as in §5; γ1 from each root successor searched to depth − 1 with the window serial alpha-beta gives it, serially and by the master with k slaves (UPDATE messages from above left out, as in the paper)",
    );
    let ps: Vec<u32> = (0..=10)
        .map(|i| 1u32 << i)
        .filter(|&p| p <= max_p)
        .collect();
    let curves = speedup_curves(&ps, depth_b, seeds, pg)?;
    let (td, tf, tq, smax) = (2u64, 2u64, 2u32, if o.quick { 5 } else { SMAX_FULL });
    o.progress.message("Theorems 2 and 3");
    let theory = theory_rows(td, tf, tq, smax)?;
    o.progress.message("Theorem 4");
    let t4_trials: u64 = if o.quick { 20 } else { 100 };
    let t4: Vec<(u64, u64, Vec<[f64; 4]>)> = [(2u64, 2u64), (3, 2), (2, 3)]
        .into_iter()
        .map(|(d, f)| theorem4_rows(d, f, 4, t4_trials).map(|r| (d, f, r)))
        .collect::<Result<_, _>>()?;
    rep.setup(
        "speedup against P",
        format!("`incremental:b=10,d={depth_b}` trees, seeds 1..{seeds}, P = 1, 2, 4, …, {max_p}, arachne cost model"),
    );
    rep.setup(
        "Theorems 2–4",
        format!("unit cost model (ρ = 1); Theorems 2, 3: `ordered` trees of degree df = {} and depth q + s, f = {tf}, q = {tq}, s = 1..{smax}; Theorem 4: Pbound on `iid` trees of degree df and height h = 1..4, {} trees each", td * tf, if o.quick { 20 } else { 100 }),
    );
    Ok(Measured {
        positions,
        depth_a,
        depth_b,
        seeds,
        source,
        t1,
        two,
        ps,
        curves,
        td,
        tf,
        tq,
        smax,
        theory,
        t4_trials,
        t4,
    })
}
