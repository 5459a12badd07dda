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
use crate::report::{Report, Row, Sample};
use crate::{min_mean_max_sd, ExpError, Options, Progress};
use arachne_core::{Game, Score, Window};
use arachne_games::{Checkers, IncrementalTree};
use arachne_parallel::{
    alphabeta_speedup, search, search_in, serial, Backend, ParAlgo, ParOutcome,
};
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
pub const PAPER: &str =
    "Fishburn and Finkel, Parallel alpha-beta search on Arachne (1980), seed 000";

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let pg = &o.progress;
    let mut rep = Report::new(
        "fishburn",
        "Fishburn and Finkel (1980): tree-splitting, Palphabeta and Pbound on the simulator",
        PAPER,
        o.quick,
    );
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
    pg.message("Theorems 2 and 3");
    let theory = theory_rows(td, tf, tq, smax)?;
    pg.message("Theorem 4");
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

    // Rows: Tables 1 and 2.
    let s0 = [min_mean_max_sd(&t1.g0[0]), min_mean_max_sd(&t1.g0[1])];
    let s1 = [min_mean_max_sd(&t1.g1[0]), min_mean_max_sd(&t1.g1[1])];
    let labels = ["minimum", "average", "maximum", "standard deviation"];
    for (table, ours, paper, g) in [
        ("Table 1", &s0, &PAPER_G0, "γ0"),
        ("Table 2", &s1, &PAPER_G1, "γ1"),
    ] {
        for k in 0..2 {
            for (i, label) in labels.iter().enumerate() {
                rep.row(
                    Row::compare(
                        table,
                        format!("{g} {label}, {} slaves", k + 2),
                        paper[k][i],
                        ours[k][i],
                        0.10,
                    )
                    .texts(format!("{:.2}", paper[k][i]), format!("{:.2}", ours[k][i])),
                );
            }
        }
    }
    let over = |v: &[f64], k: f64| v.iter().filter(|&&x| x > k).count();
    let frac = |a: usize, b: usize| (a as f64 / b.max(1) as f64, format!("{a}/{b}"));
    rep.row(Row::exact(
        "§5 (more than k-way)",
        "positions sped up by more than 2 with 2 slaves",
        (0.3, "3/10".into()),
        frac(over(&t1.g0[0], 2.0), positions as usize),
    ));
    rep.row(Row::exact(
        "§5 (more than k-way)",
        "positions sped up by more than 3 with 3 slaves",
        (0.2, "2/10".into()),
        frac(over(&t1.g0[1], 3.0), positions as usize),
    ));
    rep.row(Row::exact(
        "§5 (more than k-way)",
        "subtrees sped up by more than 2 with 2 slaves",
        (4.0 / 84.0, "4/84".into()),
        frac(t1.sub_over_k[0], t1.subtrees),
    ));
    rep.row(Row::exact(
        "§5 (more than k-way)",
        "subtrees sped up by more than 3 with 3 slaves",
        (9.0 / 84.0, "9/84".into()),
        frac(t1.sub_over_k[1], t1.subtrees),
    ));
    // §7.3: γ0·γ1 as the speedup of a depth-two processor tree.
    let g0g1 = [s0[0][1], s0[1][1], s0[0][1] * s1[0][1], s0[1][1] * s1[1][1]];
    for (i, (t, paper)) in [(2u32, 1.81), (3, 2.34), (4, 2.64), (9, 4.59)]
        .into_iter()
        .enumerate()
    {
        let what = if i < 2 {
            "γ0 average"
        } else {
            "γ0·γ1 (averages)"
        };
        rep.row(
            Row::compare(
                "§7.3",
                format!("speedup with {t} terminal processors: {what}"),
                paper,
                g0g1[i],
                0.10,
            )
            .texts(format!("{paper:.2}"), format!("{:.2}", g0g1[i])),
        );
    }
    let within = g0g1
        .iter()
        .zip([2.0f64, 3.0, 4.0, 9.0])
        .all(|(&g, t)| g >= t.sqrt() && g <= t);
    rep.row(Row::claim(
        "§7.3",
        "every measured speedup lies between √P (best-first theory) and P (worst-first)",
        within,
    ));
    for (i, (t, paper)) in [(4u32, 2.64), (9, 4.59)].into_iter().enumerate() {
        let m = min_mean_max_sd(&two[i])[1];
        rep.row(
            Row::compare(
                "§7.3",
                format!("speedup with {t} terminal processors: simulated depth-two processor tree (f = {}), average", i + 2),
                paper,
                m,
                0.10,
            )
            .texts(format!("{paper:.2} (γ0·γ1)"), format!("{m:.2}")),
        );
    }
    // Theorems 2, 3 and §7.1.
    rep.sample(Sample::new(1, None, "ordered tree per s (exact)"));
    for r in &theory {
        // (figure, ordering, column of the theorem's value, column of ours)
        for (fig, order, paper, ours) in [
            ("Theorem 2", "best-first", 2, 1),
            ("§7.1 (worst-first)", "worst-first", 5, 4),
        ] {
            rep.row(Row::exact(
                fig,
                format!("Palphabeta time, {order}, d={td} f={tf} q={tq} s={}", r[0]),
                (r[paper], format!("{}", r[paper])),
                (r[ours], format!("{}", r[ours])),
            ));
        }
    }
    // The full form's larger s, as rows of the quick form too (the same rows at every scale).
    for s in smax + 1..=SMAX_FULL {
        use arachne_parallel::palphabeta_par::{theorem2_time, worst_first_time};
        for (fig, order, paper) in [
            ("Theorem 2", "best-first", theorem2_time(td, tf, tq, s, 1.0)),
            (
                "§7.1 (worst-first)",
                "worst-first",
                worst_first_time(td, tf, tq, s, 1.0),
            ),
        ] {
            rep.not_computed(
                fig,
                format!("Palphabeta time, {order}, d={td} f={tf} q={tq} s={s}"),
                format!("{paper}"),
            );
        }
    }
    if let Some(r) = theory.last() {
        let lim = (tf as f64).powf(tq as f64 / 2.0);
        rep.row(
            Row::compare(
                "Theorem 3",
                format!("best-first speedup at s = {} (→ f^(q/2) as s → ∞)", r[0]),
                lim,
                r[3],
                0.10,
            )
            .texts(format!("→ {lim:.3}"), format!("{:.3}", r[3])),
        );
    }
    // §7.1 Theorem 1 and Corollary 1; §8.1's falphabeta theorem (issue 25, item 6).
    pg.message("§7.1 Theorem 1, Corollary 1, §8.1 Theorem 1");
    crate::fishburn_theory::palphabeta_rows(&mut rep, o.quick)?;
    crate::fishburn_theory::falphabeta_rows(&mut rep, o.quick, o.seed);
    rep.sample(Sample::new(t4_trials, None, "trees per height"));
    for (d, f, rows) in &t4 {
        let ok = rows.iter().all(|r| r[1] <= r[2] + 1e-9);
        rep.row(Row::claim(
            "Theorem 4",
            format!("Pbound's mean bottom positions ≤ f^h·1ᵀM^(h−1)·1, d={d} f={f}, h = 1..4"),
            ok,
        ));
    }
    for (d, f, rows) in &t4 {
        let fr = *f as f64 * arachne_parallel::pbound::r(*d, *f);
        if let Some(last) = rows.last() {
            // Theorem 5 bounds the branching factor lim T^(1/h) from above by way of Theorem
            // 4's f·r(d, f): a bound, not a target.
            rep.row(
                Row::bound(
                    "Theorem 5",
                    format!("per-level growth of Pbound's bottom positions at h = {}, d={d} f={f}, against the upper bound f·r(d,f)", last[0]),
                    fr,
                    last[3],
                    true,
                )
                .texts(format!("≤ f·r = {fr:.3}"), format!("{:.3}", last[3]))
                .because("the growth at a small height h is not yet the limit h → ∞ the theorem bounds"),
            );
        }
    }
    let (t6_s, t6_q, t6_trials) = if o.quick {
        (2u32, 3u32, 3u64)
    } else {
        (2, 4, 10)
    };
    rep.sample(Sample::new(t6_trials, None, "trees per point"));
    let mut t6 = Vec::new();
    for (d, f) in [(2u64, 2u64), (8, 2), (2, 4), (8, 4)] {
        pg.message(format!("Theorem 6: d={d} f={f}"));
        let qmax = if d * f >= 32 { t6_q.min(3) } else { t6_q };
        let rows = theorem6_rows(d, f, t6_s, qmax, t6_trials)?;
        let threshold = f as f64 / ((f as f64).sqrt() - 1.0);
        let predicted = d as f64 > threshold;
        let n = rows.len();
        // Geometric mean growth per processor level, q = 1 → qmax.
        let growth = |k: usize| (rows[n - 1][k] / rows[0][k]).powf(1.0 / (n - 1) as f64);
        let (gr, gb) = (growth(1), growth(2));
        let observed = gr > gb;
        rep.row(
            Row::claim(
                "Theorem 6 / §7.5",
                format!(
                    "d={d}, f={f}: d {} f/(√f − 1) = {threshold:.2}, so random ordering's speedup should grow {} than best-first's per processor level (Pbound, geometric mean growth q = 1 → {n})",
                    if predicted { ">" } else { "≤" },
                    if predicted { "faster" } else { "no faster" },
                ),
                observed == predicted,
            )
            .because(format!("not observed for q ≤ {n} (the theorem is asymptotic in q)"))
            .texts(
                if predicted { "random faster" } else { "best-first at least as fast" },
                format!("growth random {gr:.3}, best-first {gb:.3}"),
            ),
        );
        t6.push((d, f, threshold, rows));
    }
    rep.setup(
        "Theorem 6 check",
        format!("Pbound (unit cost model) on `iid` trees (random order, {t6_trials} trees per point) and on `ordered:order=best` trees, degree df, height q + {t6_s}, processor trees of fan-out f and height q = 1..{t6_q} (1..3 when df ≥ 32); the theorem is asymptotic in q, we compare the geometric mean growth of the speedup per processor level from q = 1 to the largest q"),
    );

    // Details.
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# Tables 1 and 2: one master with k slaves\n\n{source}; best-first static ordering, last root successor with (−α−1, −α).\n"
    );
    let _ = writeln!(
        md,
        "| statistic | γ0 k=2 (ours) | γ0 k=2 (paper) | γ0 k=3 (ours) | γ0 k=3 (paper) | γ1 k=2 (ours) | γ1 k=2 (paper) | γ1 k=3 (ours) | γ1 k=3 (paper) |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|");
    for (i, label) in labels.iter().enumerate() {
        let _ = writeln!(
            md,
            "| {label} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            s0[0][i],
            PAPER_G0[0][i],
            s0[1][i],
            PAPER_G0[1][i],
            s1[0][i],
            PAPER_G1[0][i],
            s1[1][i],
            PAPER_G1[1][i]
        );
    }
    let _ = writeln!(
        md,
        "\nMore than k-way speedup with k slaves: positions {}/{} (k=2), {}/{} (k=3) — paper 3/10 and 2/10; subtrees {}/{} (k=2), {}/{} (k=3) — paper 4/84 and 9/84.\n",
        over(&t1.g0[0], 2.0),
        positions,
        over(&t1.g0[1], 3.0),
        positions,
        t1.sub_over_k[0],
        t1.subtrees,
        t1.sub_over_k[1],
        t1.subtrees
    );
    let _ = writeln!(
        md,
        "# Mean speedup against P on `incremental:b=10,d={depth_b}` (seeds 1..{seeds}), arachne cost model\n"
    );
    let mut header = String::from("| algorithm |");
    let mut rule = String::from("|---|");
    for p in &ps {
        let _ = write!(header, " P={p} |");
        rule.push_str("---|");
    }
    let _ = writeln!(md, "{header}\n{rule}");
    let mut csv = String::from("algorithm,p_requested,processors,speedup\n");
    for c in &curves {
        let mut row = format!("| {} |", c.name);
        for p in &ps {
            match c.points.iter().find(|x| x.0 == *p as f64) {
                Some(&(_, used, sp)) => {
                    let _ = write!(row, " {sp:.2} ({used}) |");
                    let _ = writeln!(csv, "{},{p},{used},{sp:.6}", c.name);
                }
                None => row.push_str(" – |"),
            }
        }
        let _ = writeln!(md, "{row}");
    }
    let _ = writeln!(
        md,
        "\nEach cell: mean speedup (processors actually used: the processor tree's size, ≤ P)."
    );
    let _ = writeln!(
        md,
        "\n# Palphabeta theory (Theorems 2, 3 and §7.1): d={td}, f={tf}, q={tq}, `ordered` trees of degree {} and depth q+s, unit cost model (ρ = 1)\n",
        td * tf
    );
    let _ = writeln!(
        md,
        "| s | best-first sim time | Theorem 2 | speedup (→ f^(q/2) = {:.3}) | worst-first sim time | §7.1 formula | speedup (→ f^q = {}) |",
        (tf as f64).powf(tq as f64 / 2.0),
        tf.pow(tq)
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|");
    for r in &theory {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {:.4} | {} | {} | {:.4} |",
            r[0], r[1], r[2], r[3], r[4], r[5], r[6]
        );
    }
    let _ = writeln!(
        md,
        "\n# Theorem 4: Pbound's mean bottom positions on i.i.d. random trees\n\nDegree df, height h, processor tree f, h; against the proof's bound f^h·1ᵀM^(h−1)·1.\n"
    );
    let _ = writeln!(
        md,
        "| d | f | r(d,f) | f·r | h | measured mean | bound | measured growth |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|");
    for (d, f, rows) in &t4 {
        let r = arachne_parallel::pbound::r(*d, *f);
        for row in rows {
            let _ = writeln!(
                md,
                "| {d} | {f} | {r:.4} | {:.4} | {} | {:.2} | {:.2} | {} |",
                *f as f64 * r,
                row[0],
                row[1],
                row[2],
                if row[3].is_nan() {
                    "–".to_string()
                } else {
                    format!("{:.3}", row[3])
                }
            );
        }
    }
    let _ = writeln!(
        md,
        "\n# Theorem 6 / §7.5: random against best-first ordering (Pbound, unit cost model)\n\n| d | f | f/(√f−1) | q | speedup, random (mean) | speedup, best-first |\n|---|---|---|---|---|---|"
    );
    for (d, f, th, rows) in &t6 {
        for r in rows {
            let _ = writeln!(
                md,
                "| {d} | {f} | {th:.2} | {} | {:.3} | {:.3} |",
                r[0], r[1], r[2]
            );
        }
    }
    let _ = writeln!(
        md,
        "\n# §7.3: depth-two processor trees simulated directly\n\nTree-splitting with q = 2 on the positions of Tables 1 and 2 (depth {depth_a}): f = 2 (4 terminal processors): average speedup {:.2} (paper's γ0·γ1: 2.64); f = 3 (9 terminal processors): {:.2} (paper: 4.59).\n",
        min_mean_max_sd(&two[0])[1],
        min_mean_max_sd(&two[1])[1]
    );
    rep.details = md;
    rep.file("fishburn_speedup.csv", csv);
    let pmax = curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.1))
        .fold(1.0f64, f64::max);
    let mut series: Vec<Series> = Vec::new();
    for c in &curves {
        series.push(Series {
            name: c.name.clone(),
            points: c.points.iter().map(|&(_, used, sp)| (used, sp)).collect(),
            style: Style::LinePoints,
        });
        series.push(Series {
            name: c.name.clone(),
            points: c
                .points
                .iter()
                .zip(&c.ci95)
                .flat_map(|(&(_, used, sp), &h)| [(used, sp - h), (used, sp + h)])
                .collect(),
            style: Style::Segments,
        });
    }
    let refs: Vec<f64> = (0..=pmax.log2().ceil() as i32)
        .map(|i| 2f64.powi(i))
        .collect();
    series.push(Series {
        name: "P (linear, worst-first theory)".into(),
        points: refs.iter().map(|&p| (p, p)).collect(),
        style: Style::Line,
    });
    series.push(Series {
        name: "√P (best-first theory)".into(),
        points: refs.iter().map(|&p| (p, p.sqrt())).collect(),
        style: Style::Line,
    });
    rep.plot(
        "fishburn_speedup",
        format!("Mean speedup over serial alpha-beta against processors used (log–log), `incremental:b=10,d={depth_b}`, seeds 1..{seeds}, arachne cost model; bars: 95 % intervals over the trees; the lines P and √P for reference"),
        Chart {
            title: format!("Speedup vs processors, incremental b=10 d={depth_b}, arachne cost model"),
            x_label: "processors used P".into(),
            y_label: "speedup over serial alpha-beta (virtual time ratio)".into(),
            log_x: true,
            log_y: true,
            series,
        },
    );
    let stat = |s: [f64; 4]| json!({"min": s[0], "avg": s[1], "max": s[2], "sd": s[3]});
    rep.data = json!({
        "table1": {
            "positions": source, "depth": depth_a,
            "gamma0": {"2": stat(s0[0]), "3": stat(s0[1])},
            "gamma1": {"2": stat(s1[0]), "3": stat(s1[1])},
            "gamma0_values": {"2": t1.g0[0], "3": t1.g0[1]},
            "gamma1_values": {"2": t1.g1[0], "3": t1.g1[1]},
            "paper_gamma0": {"2": PAPER_G0[0], "3": PAPER_G0[1]},
            "paper_gamma1": {"2": PAPER_G1[0], "3": PAPER_G1[1]},
            "positions_over_k": {"2": over(&t1.g0[0], 2.0), "3": over(&t1.g0[1], 3.0)},
            "subtrees_over_k": {"2": t1.sub_over_k[0], "3": t1.sub_over_k[1]},
            "subtrees": t1.subtrees,
        },
        "theory_palphabeta": {"d": td, "f": tf, "q": tq, "rows": theory.iter().map(|r| json!({
            "s": r[0], "best_sim": r[1], "theorem2": r[2], "best_speedup": r[3],
            "worst_sim": r[4], "worst_formula": r[5], "worst_speedup": r[6]})).collect::<Vec<_>>()},
        "theorem4": t4.iter().map(|(d, f, rows)| json!({
            "d": d, "f": f, "r": arachne_parallel::pbound::r(*d, *f),
            "rows": rows.iter().map(|r| json!({"h": r[0], "mean": r[1], "bound": r[2]})).collect::<Vec<_>>()
        })).collect::<Vec<_>>(),
        "speedup": curves.iter().map(|c| json!({
            "algorithm": c.name,
            "ci95": c.ci95,
            "points": c.points.iter().map(|&(p, used, sp)| json!({"p": p, "procs": used, "speedup": sp})).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    });
    crate::fishburn_serial::section_8_4(o, &mut rep)?;
    Ok(rep)
}
