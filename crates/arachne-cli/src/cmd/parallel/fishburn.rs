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
use crate::cmd::experiment::ExperimentArgs;
use crate::error::{CliError, CliResult};
use crate::output::print_json;
use arachne_core::{Game, Score, Window};
use arachne_games::{Branching, Checkers, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_parallel::{search, search_in, serial, Backend, ParAlgo, ParOutcome};
use arachne_plot::{render, Chart, Series, Style};
use arachne_runtime::{CostModel, SimConfig, StepperMode};
use serde_json::json;
use std::fmt::Write as _;

/// The paper's Table 1 (γ0) and Table 2 (γ1): (min, avg, max, sd) for 2 and 3 slaves.
const PAPER_G0: [[f64; 4]; 2] = [[1.37, 1.81, 2.36, 0.31], [1.37, 2.34, 3.15, 0.56]];
const PAPER_G1: [[f64; 4]; 2] = [[1.03, 1.46, 1.77, 0.22], [1.38, 1.96, 2.60, 0.38]];

fn tree(b: u32, d: u32, seed: u64) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: Branching::Uniform,
        values: EdgeValues::Real,
    })
}

fn summary(xs: &[f64]) -> [f64; 4] {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    [
        xs.iter().cloned().fold(f64::INFINITY, f64::min),
        mean,
        xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
        var.sqrt(),
    ]
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
) -> Result<ParOutcome<G::Move>, CliError> {
    search_in(algo, root, depth, window, procs, &sim()).map_err(CliError::failed)
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
    const FILE: &str = "checkers-chinook-tinsley-1992.pdn";
    let candidates = [
        std::path::PathBuf::from("data").join(FILE),
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../data")
            .join(FILE),
    ];
    let text = candidates
        .iter()
        .find_map(|p| std::fs::read_to_string(p).ok())?;
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

/// One status line on a terminal (stderr), nothing when piped.
fn progress(msg: &str) {
    use std::io::IsTerminal;
    if std::io::stderr().is_terminal() {
        eprint!("\r\x1b[2K{msg}");
        if msg.is_empty() {
            eprint!("\r");
        }
    }
}

fn table1<G: Game>(roots: &[G], depth: u32) -> Result<Table1, CliError> {
    let mut t = Table1 {
        g0: [Vec::new(), Vec::new()],
        g1: [Vec::new(), Vec::new()],
        sub_over_k: [0, 0],
        subtrees: 0,
    };
    let algo: ParAlgo = "tree-split:raise=last,preorder=1,q=1"
        .parse()
        .map_err(CliError::failed)?;
    let sub_algo: ParAlgo = "tree-split:preorder=1,q=1"
        .parse()
        .map_err(CliError::failed)?;
    let cost = CostModel::arachne();
    for (i, root) in roots.iter().enumerate() {
        progress(&format!("(a) position {}/{}", i + 1, roots.len()));
        let root = root.clone();
        for (ki, k) in [2u32, 3].into_iter().enumerate() {
            let out = run_sim(&algo, &root, depth, Window::FULL, Some(k + 1))?;
            t.g0[ki].push(out.speedup.unwrap_or(0.0));
            // γ1: the root's successors, each with the window serial alpha-beta gives it.
            let mut moves = Vec::new();
            root.moves(&mut moves);
            arachne_runtime::stepper::preorder_moves(&root, &mut moves);
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
}

fn speedup_curves(ps: &[u32], depth: u32, seeds: u64) -> Result<Vec<Curve>, CliError> {
    let specs: [(&str, &str); 7] = [
        ("tree-split (1 master, P-1 slaves)", "tree-split:q=1"),
        ("tree-split q=2", "tree-split:q=2"),
        ("tree-split q=3", "tree-split:q=3"),
        ("tree-split f=2 (binary)", "tree-split:f=2"),
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
        progress(&format!("(b) {name}"));
        let algo: ParAlgo = spec.parse().map_err(CliError::failed)?;
        let mut points = Vec::new();
        for &p in ps {
            let mut sum = 0.0;
            let mut used = 0;
            let mut ok = true;
            for (r, &st) in roots.iter().zip(&serial_times) {
                match search(&algo, r, depth, Some(p), &sim()) {
                    Ok(o) => {
                        sum += st / o.time;
                        used = o.procs;
                    }
                    Err(_) => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                points.push((p as f64, used as f64, sum / roots.len() as f64));
            }
        }
        curves.push(Curve {
            name: name.to_string(),
            points,
        });
    }
    Ok(curves)
}

/// (c) Theorems 2 and 3, §7.1: Palphabeta on best-first and worst-first `ordered` trees under the
/// unit cost model (ρ = 1), simulated against the formulas. Rows: (s, best sim, Theorem 2, best
/// speedup, worst sim, §7.1 formula, worst speedup).
fn theory_rows(d: u64, f: u64, q: u32, smax: u32) -> Result<Vec<[f64; 7]>, CliError> {
    use arachne_games::{Order, OrderedParams, OrderedTree};
    use arachne_parallel::palphabeta_par::{theorem2_time, worst_first_time};
    let unit = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let algo: ParAlgo = format!("palphabeta-par:f={f},q={q}")
        .parse()
        .map_err(CliError::failed)?;
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
            .ok_or_else(|| CliError::failed("ordered tree too large"))?;
            let o = search(&algo, &root, q + s, None, &unit).map_err(CliError::failed)?;
            row[1 + 3 * k] = o.time;
            row[2 + 3 * k] = if k == 0 {
                theorem2_time(d, f, q, s, 1.0)
            } else {
                worst_first_time(d, f, q, s, 1.0)
            };
            row[3 + 3 * k] = o.speedup.unwrap_or(0.0);
        }
        rows.push(row);
    }
    Ok(rows)
}

/// (d) Theorem 4: Pbound's mean bottom-position count on i.i.d. random trees of degree df and
/// height h (processor tree of fan-out f and height h) against `f^h 1ᵀM^{h−1}1`. Rows: (h, mean,
/// bound, mean(h)/mean(h−1)).
fn theorem4_rows(d: u64, f: u64, hmax: u32, trials: u64) -> Result<Vec<[f64; 4]>, CliError> {
    use arachne_games::{IidParams, IidTree};
    use arachne_parallel::pbound::theorem4_bound;
    let unit = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let mut rows: Vec<[f64; 4]> = Vec::new();
    for h in 1..=hmax {
        let algo: ParAlgo = format!("pbound:f={f},q={h}")
            .parse()
            .map_err(CliError::failed)?;
        let mut total = 0u64;
        for seed in 0..trials {
            let root = IidTree::new(IidParams {
                n: (d * f) as u32,
                d: h,
                seed: seed + 1000 * h as u64,
                range: None,
            });
            total += search(&algo, &root, h, None, &unit)
                .map_err(CliError::failed)?
                .stats
                .leaves;
        }
        let mean = total as f64 / trials as f64;
        let growth = rows.last().map_or(f64::NAN, |r| mean / r[1]);
        rows.push([h as f64, mean, theorem4_bound(d, f, h), growth]);
    }
    Ok(rows)
}

/// Runs the experiment.
pub fn run(a: &ExperimentArgs) -> CliResult {
    let (positions, depth_a, depth_b, seeds, max_p) = if a.quick {
        (10, 6, 6, 3, 1024)
    } else {
        (10, 8, 8, 5, 1024)
    };
    let (t1, source) = match checkers_positions() {
        Some(ps) => (
            table1(&ps, depth_a)?,
            format!(
                "10 checkers positions from Chinook–Tinsley, London 1992, game 8 (every fifth ply from ply 4), depth {depth_a}"
            ),
        ),
        None => {
            let roots: Vec<IncrementalTree> =
                (1..=positions).map(|s| tree(8, depth_a, s)).collect();
            (
                table1(&roots, depth_a)?,
                format!("{positions} positions `incremental:b=8,d={depth_a},seed=1..{positions}` (checkers-like branching; the checkers game file was not found)"),
            )
        }
    };
    let ps: Vec<u32> = (0..=10)
        .map(|i| 1u32 << i)
        .filter(|&p| p <= max_p)
        .collect();
    let curves = speedup_curves(&ps, depth_b, seeds)?;
    let (td, tf, tq, smax) = (2u64, 2u64, 2u32, if a.quick { 5 } else { 7 });
    let theory = theory_rows(td, tf, tq, smax)?;
    let t4: Vec<(u64, u64, Vec<[f64; 4]>)> = [(2u64, 2u64), (3, 2), (2, 3)]
        .into_iter()
        .map(|(d, f)| theorem4_rows(d, f, 4, if a.quick { 20 } else { 100 }).map(|r| (d, f, r)))
        .collect::<Result<_, _>>()?;

    // Text.
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# Fishburn–Finkel measurements on the simulator (arachne cost model: 100 nodes/s, 70 messages/s)\n"
    );
    let _ = writeln!(
        md,
        "## (a) Tables 1 and 2: one master with k slaves; {source}; best-first static ordering, last root successor with (-a-1,-a)\n"
    );
    let _ = writeln!(
        md,
        "| statistic | γ0 k=2 (ours) | γ0 k=2 (paper) | γ0 k=3 (ours) | γ0 k=3 (paper) | γ1 k=2 (ours) | γ1 k=2 (paper) | γ1 k=3 (ours) | γ1 k=3 (paper) |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|");
    let s0 = [summary(&t1.g0[0]), summary(&t1.g0[1])];
    let s1 = [summary(&t1.g1[0]), summary(&t1.g1[1])];
    for (i, label) in ["minimum", "average", "maximum", "standard deviation"]
        .iter()
        .enumerate()
    {
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
    let over = |v: &[f64], k: f64| v.iter().filter(|&&x| x > k).count();
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
        "## (b) Mean speedup against P on `incremental:b=10,d={depth_b}` (seeds 1..{seeds}), arachne cost model\n"
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
        "\n## (c) Palphabeta theory: d={td}, f={tf}, q={tq}, `ordered` trees of degree {} and depth q+s, unit cost model (ρ = 1)\n",
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
        "\n## (d) Theorem 4: Pbound's mean bottom positions on i.i.d. random trees (degree df, height h, processor tree f, h) vs the proof's bound f^h·1ᵀM^(h−1)·1\n"
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

    progress("");
    std::fs::create_dir_all(&a.out).map_err(CliError::failed)?;
    let md_path = a.out.join("fishburn.md");
    std::fs::write(&md_path, &md).map_err(CliError::failed)?;
    std::fs::write(a.out.join("fishburn_speedup.csv"), &csv).map_err(CliError::failed)?;
    let chart = Chart {
        title: format!("Speedup vs processors, incremental b=10 d={depth_b}, arachne cost model"),
        x_label: "processors used".into(),
        y_label: "speedup over serial alpha-beta".into(),
        log_x: true,
        log_y: true,
        series: curves
            .iter()
            .map(|c| Series {
                name: c.name.clone(),
                points: c.points.iter().map(|&(_, used, sp)| (used, sp)).collect(),
                style: Style::LinePoints,
            })
            .collect(),
    };
    let (svg, png) = render(&chart, &a.out.join("fishburn_speedup")).map_err(CliError::failed)?;
    if a.json {
        let stat = |s: [f64; 4]| json!({"min": s[0], "avg": s[1], "max": s[2], "sd": s[3]});
        print_json(&json!({
            "experiment": "fishburn",
            "quick": a.quick,
            "table1": {
                "positions": source, "depth": depth_a,
                "gamma0": {"2": stat(s0[0]), "3": stat(s0[1])},
                "gamma1": {"2": stat(s1[0]), "3": stat(s1[1])},
                "gamma0_values": {"2": t1.g0[0], "3": t1.g0[1]},
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
                "points": c.points.iter().map(|&(p, used, sp)| json!({"p": p, "procs": used, "speedup": sp})).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "files": [md_path, a.out.join("fishburn_speedup.csv"), svg, png],
        }));
    } else {
        print!("{md}");
        println!(
            "\nwrote {}, {}, {}, {}",
            md_path.display(),
            a.out.join("fishburn_speedup.csv").display(),
            svg.display(),
            png.display()
        );
    }
    Ok(())
}
