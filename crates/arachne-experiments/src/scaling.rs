//! Scaling of the parallel alpha-beta algorithms side by side: tree-splitting (seed 000 §4, on
//! the `sim` runtime), YBWC and Jamboree (shared memory, `arachne_parallel::smp`, greedy
//! schedule of their measured task graphs on P virtual processors) at P = 1, 2, 4, …, 1024 on the
//! same trees. Not a figure of one paper: the comparison the seeds invite (seed 000 Fig. speedup
//! against P; seed 002 §6.2 Jamboree's speedup stagnating at its parallelism W/T∞). KNM and
//! type-guided search are to be added beside them.
//!
//! Speedup is always over serial alpha-beta with the same static ordering: tree-split's is the
//! simulator's (virtual time of the serial search / virtual time of the parallel one, `arachne`
//! cost model: 0.01 s a node, 1/70 s a message); YBWC's and Jamboree's is serial nodes / T_P
//! with T_P in nodes (shared memory has no messages). Their task graphs are those of the
//! one-processor execution, so the speculative work more processors would do is not in them
//! (see `arachne_parallel::smp::work_span`): their curves are upper bounds.
use crate::paper::search;
use crate::report::{Report, Row};
use crate::{ExpError, Options};
use arachne_games::IncrementalTree;
use arachne_parallel::smp::work_span::{measure, CostWeights, Split};
use arachne_parallel::{alphabeta_speedup, serial, Backend, ParAlgo};
use arachne_plot::{Chart, Series, Style};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::stepper::StepperMode;
use serde_json::json;
use std::fmt::Write as _;

/// The papers.
pub const PAPER: &str = "Fishburn & Finkel 1980 tree-splitting; Feldmann 1993 YBWC; Joerg & Kuszmaul 1994 Jamboree, as measured in Shoham & Toledo 2002 §6.2";

/// Serial depth of YBWC and Jamboree here.
const SERIAL_DEPTH: u32 = 2;

fn tree(d: u32, seed: u64) -> IncrementalTree {
    crate::uniform_tree(10, d, seed)
}

/// One curve: name, `(P, mean speedup)` points, and the mean W/T∞ where there is one.
struct Curve {
    name: String,
    points: Vec<(u64, f64)>,
    parallelism: Option<f64>,
}

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let mut rep = Report::new(
        "scaling",
        "Scaling of tree-splitting, type-guided search, the Key Node Method, YBWC and Jamboree at P = 1 … 1024 on the same trees",
        PAPER,
        o.quick,
    );
    let (depth, seeds) = if o.quick { (6u32, 3u64) } else { (8, 5) };
    let roots: Vec<IncrementalTree> = (0..seeds).map(|i| tree(depth, o.seed + i)).collect();
    let ps: Vec<u64> = (0..=10).map(|i| 1u64 << i).collect();
    rep.setup(
        "trees",
        format!(
            "`incremental:b=10,d={depth},seed={}..{}`, static move ordering (children by static value) for every algorithm",
            o.seed,
            o.seed + seeds - 1
        ),
    );
    rep.setup("processors", "P = 1, 2, 4, …, 1024");
    rep.setup(
        "message-passing",
        "`tree-split:preorder=1,master=0`, `type-guided:preorder=1,master=0` and `knm:preorder=1` (the processor tree or hierarchy chosen from P; KNM averaged over the first two trees in the full run) on the `sim` runtime, `arachne` cost model; speedup = serial alpha-beta's virtual time / parallel virtual time",
    );
    rep.setup(
        "ybwc, jamboree",
        format!("serial below depth {SERIAL_DEPTH}; the one-processor task graph scheduled greedily on P processors; speedup = serial alpha-beta's nodes / T_P in nodes (no message costs: shared memory; no speculative losses: an upper bound)"),
    );
    let mut curves = message_passing(o, &roots, depth, &ps)?;
    curves.extend(shared_memory(o, &roots, depth, &ps));
    let at = |c: &Curve, p: u64| c.points.iter().find(|x| x.0 == p).map_or(0.0, |x| x.1);
    let shared = curves.len() - 2;
    let best16 = curves[shared..]
        .iter()
        .map(|c| at(c, 16))
        .fold(0.0f64, f64::max);
    rep.row(Row::claim(
        "P = 16",
        format!("the best shared-memory algorithm reaches 0.6·P at P = 16 (simulated, ours {best16:.1})"),
        best16 >= 0.6 * 16.0,
    ));
    rep.row(Row::claim(
        "§6.2.4",
        "Jamboree's simulated speedup levels off below its parallelism W/T∞",
        {
            let j = &curves[curves.len() - 1];
            at(j, 1024) <= j.parallelism.unwrap_or(f64::INFINITY) + 1e-9
        },
    ));
    render(&mut rep, &curves, &ps, depth, seeds);
    rep.data = json!({
        "depth": depth, "seeds": seeds, "serial_depth": SERIAL_DEPTH,
        "curves": curves.iter().map(|c| json!({
            "name": c.name, "parallelism": c.parallelism,
            "points": c.points.iter().map(|&(p, s)| json!({"p": p, "speedup": s})).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    });
    Ok(rep)
}

/// The message-passing algorithms on the simulator. KNM's distributed form costs seconds a
/// run at depth 8, so the full run averages it over the first two trees only.
fn message_passing(
    o: &Options,
    roots: &[IncrementalTree],
    depth: u32,
    ps: &[u64],
) -> Result<Vec<Curve>, ExpError> {
    let pg = &o.progress;
    let mut curves = Vec::new();
    let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
    let knm_trees = if o.quick { roots.len() } else { 2 };
    for (spec, name, n) in [
        (
            "tree-split:preorder=1,master=0",
            "tree-split (processor tree from P)",
            roots.len(),
        ),
        (
            "type-guided:preorder=1,master=0",
            "type-guided (hierarchy from P)",
            roots.len(),
        ),
        ("knm:preorder=1", "knm (distributed form)", knm_trees),
    ] {
        pg.message(name);
        let algo: ParAlgo = spec.parse().map_err(ExpError::failed)?;
        let mut points = Vec::new();
        for &p in ps {
            let mut sum = 0.0;
            for r in &roots[..n] {
                let out =
                    search(&algo, r, depth, Some(p as u32), &sim).map_err(ExpError::failed)?;
                sum += alphabeta_speedup(&out).unwrap_or(0.0);
            }
            points.push((p, sum / n as f64));
        }
        curves.push(Curve {
            name: name.into(),
            points,
            parallelism: None,
        });
    }
    Ok(curves)
}

/// YBWC and Jamboree: the one-processor task graph scheduled greedily on P processors, over
/// serial alpha-beta's nodes.
fn shared_memory(o: &Options, roots: &[IncrementalTree], depth: u32, ps: &[u64]) -> Vec<Curve> {
    let pg = &o.progress;
    let seeds = roots.len() as u64;
    let serial_nodes: Vec<u64> = roots
        .iter()
        .map(|r| serial(r, depth, StepperMode::AlphaBeta, true).1.nodes())
        .collect();
    let mut curves = Vec::new();
    for (split, name) in [(Split::Ybwc, "ybwc"), (Split::Jamboree, "jamboree")] {
        pg.message(name);
        let mut sums = vec![0.0; ps.len()];
        let mut par = 0.0;
        for (r, &sn) in roots.iter().zip(&serial_nodes) {
            let m = measure(
                split,
                std::slice::from_ref(r),
                depth,
                SERIAL_DEPTH,
                true,
                CostWeights::NODES,
                ps,
            );
            for (s, &(_, t)) in sums.iter_mut().zip(&m.times) {
                *s += sn as f64 / t.max(1) as f64;
            }
            par += m.parallelism();
        }
        curves.push(Curve {
            name: name.into(),
            points: ps
                .iter()
                .zip(&sums)
                .map(|(&p, s)| (p, s / seeds as f64))
                .collect(),
            parallelism: Some(par / seeds as f64),
        });
    }
    curves
}

/// The details table, the CSV and the plot.
fn render(rep: &mut Report, curves: &[Curve], ps: &[u64], depth: u32, seeds: u64) {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# Mean speedup over serial alpha-beta\n\n| algorithm | W/T∞ | {} |\n|---|---|{}",
        ps.iter()
            .map(|p| format!("P={p}"))
            .collect::<Vec<_>>()
            .join(" | "),
        "---|".repeat(ps.len())
    );
    let mut csv = String::from("algorithm,p,speedup\n");
    for c in curves {
        let _ = writeln!(
            md,
            "| {} | {} | {} |",
            c.name,
            c.parallelism.map_or("–".into(), |x| format!("{x:.1}")),
            c.points
                .iter()
                .map(|(_, s)| format!("{s:.2}"))
                .collect::<Vec<_>>()
                .join(" | ")
        );
        for (p, s) in &c.points {
            let _ = writeln!(csv, "{},{p},{s}", c.name);
        }
    }
    rep.details = md;
    rep.file("scaling_speedup.csv", csv);
    let mut series: Vec<Series> = curves
        .iter()
        .map(|c| Series {
            name: c.name.clone(),
            points: c.points.iter().map(|&(p, s)| (p as f64, s)).collect(),
            style: Style::LinePoints,
        })
        .collect();
    series.push(Series {
        name: "P".into(),
        points: ps.iter().map(|&p| (p as f64, p as f64)).collect(),
        style: Style::Line,
    });
    for c in curves {
        if let Some(w) = c.parallelism {
            series.push(Series {
                name: format!("W/T∞ of {} = {w:.1}", c.name),
                points: vec![(1.0, w), (1024.0, w)],
                style: Style::Line,
            });
        }
    }
    rep.plot(
        "scaling_speedup",
        format!("Mean speedup over serial alpha-beta against P (log–log), `incremental:b=10,d={depth}`, {seeds} trees; the line P and each shared-memory algorithm's parallelism W/T∞"),
        Chart {
            title: format!("Scaling, incremental b=10 d={depth}"),
            x_label: "processors P".into(),
            y_label: "speedup over serial alpha-beta".into(),
            log_x: true,
            log_y: true,
            series,
        },
    );
}
