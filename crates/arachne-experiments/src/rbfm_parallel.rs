//! Seed 002 §6 (Fig. 12, Table 4): parallel RBFM's speedup against the number of processors.
//!
//! The paper measured its shared-memory RBFM (Cilk, an SGI Origin-2000) on 100 incremental
//! trees with `b = 10`, RBFM to depth 26, a leaf evaluation padded with an empty loop of
//! `t = 50 000` or `200 000` iterations, and Jamboree to depth 10 beside it; and its
//! master–slave chess program at 32 and 64 processors (Table 4). Here:
//!
//! * **Form and machine**: the master–slave form ([`arachne_bestfirst::master`]) on arachne's
//!   simulator, so P is not limited by this machine's cores. Cost model (virtual units): one
//!   leaf evaluation costs 1 for `t = 50 000` and 4 for `t = 200 000`; the master's tree work
//!   (selecting a leaf, backing up) costs 0.05 per expansion each, a slave's move generation
//!   0.05, a message 0.01 at its sender. The paper's shared-memory RBFM lost its speed to cache
//!   coherence traffic on tree updates; ours is bounded by the serial master instead (§6.1).
//! * **Work**: incremental trees `b = 10`, random branching, depth 60, RBFM until its principal
//!   variation reaches depth 26 (quick: 12), the same seed at every P (speculative parallel
//!   runs expand other leaves than the serial one, so their node counts differ; both are
//!   reported).
//! * **Speedup** = total virtual time of the `P = 1` runs (the master expanding its own
//!   leaves) over that at `P`.
//! * **Jamboree** (§6.2.4) and the chess positions of Table 4 are not run (see the rows).
use crate::report::{Report, Row};
use crate::{ExpError, Options};
use arachne_bestfirst::master::{self, Backend, MasterConfig};
use arachne_bestfirst::{tables, BfOptions, Kind};
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_plot::{Chart, Series, Style};
use arachne_runtime::{CostModel, SimConfig};
use serde_json::json;
use std::fmt::Write as _;
use std::sync::Arc;

/// The paper.
pub const PAPER: &str =
    "Shoham & Toledo 2002, Parallel Randomized Best-First Minimax Search (seed 002), §6, Fig. 12, Table 4";

/// The cost model for a leaf costing `leaf` units.
pub fn cost(leaf: f64) -> CostModel {
    let mut c = CostModel::unit(1.0);
    c.name = "rbfm";
    c.leaf = leaf;
    c.interior = 0.05;
    c.message = 0.01;
    c.multicast = false;
    c.latency = 0.0;
    c
}

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let mut rep = Report::new(
        "rbfm-parallel",
        "Parallel RBFM: speedup against processors (§6, Fig. 12)",
        PAPER,
        o.quick,
    );
    let (trees, pv, procs): (u64, u32, Vec<u32>) = if o.quick {
        (4, 12, vec![1, 2, 4, 8, 16, 32])
    } else {
        (20, 26, vec![1, 2, 4, 8, 16, 24, 32, 35, 48, 64])
    };
    rep.setup(
        "trees",
        format!("{trees} incremental trees b = 10 (paper: 100)"),
    );
    rep.setup(
        "RBFM depth",
        format!("principal variation {pv} (paper: 26)"),
    );
    rep.setup(
        "form",
        "master–slave on the simulator (paper: shared memory, Cilk, Origin-2000)",
    );
    let table = Arc::new(tables::default_for("incremental", "incremental:b=10"));
    let mut md = String::from("| t | P | virtual time | speedup | generated nodes | nodes / nodes(P=1) |\n|---|---|---|---|---|---|\n");
    let mut series = Vec::new();
    let mut data = Vec::new();
    for (t, leaf) in [(50_000u32, 1.0f64), (200_000, 4.0)] {
        let sim = Backend::Sim(SimConfig::new(cost(leaf)));
        let mut points = Vec::new();
        let mut base = (0.0f64, 0u64);
        for &p in &procs {
            o.progress.message(format!("t = {t}, P = {p}"));
            let (mut time, mut nodes) = (0.0, 0u64);
            for k in 0..trees {
                let root = IncrementalTree::new(IncrementalParams {
                    b: 10,
                    d: 60,
                    seed: o.seed * 31 + k,
                    branching: Branching::Random,
                    values: EdgeValues::Real,
                });
                let mut opts = BfOptions::new(Kind::Rbfm);
                opts.seed = o.seed + k;
                opts.vote = 0;
                opts.pv_depth = Some(pv);
                opts.table = Some(Arc::clone(&table));
                let mut cfg = MasterConfig::new(opts, p);
                cfg.serial_baseline = false;
                let out = master::search(&root, &cfg, &sim).map_err(ExpError::failed)?;
                time += out.time;
                nodes += out.outcome.generated();
            }
            if p == 1 {
                base = (time, nodes);
            }
            let speedup = base.0 / time;
            writeln!(
                md,
                "| {t} | {p} | {time:.1} | {speedup:.2} | {nodes} | {:.2} |",
                nodes as f64 / base.1.max(1) as f64
            )
            .ok();
            points.push((p as f64, speedup));
            data.push(
                json!({"t": t, "procs": p, "time": time, "speedup": speedup, "nodes": nodes}),
            );
        }
        let at = |q: u32| points.iter().find(|x| x.0 == q as f64).map(|x| x.1);
        if t == 50_000 {
            if let Some(s) = at(35).or(at(32)) {
                rep.row(Row::compare(
                    "Fig. 12 (§6.2, abstract)",
                    "RBFM speedup at 35 processors (quick: 32), t = 50 000",
                    18.0,
                    s,
                    0.15,
                ));
            }
        }
        let best = points.iter().map(|x| x.1).fold(0.0, f64::max);
        rep.row(Row::claim(
            "Fig. 12",
            format!("t = {t}: RBFM uses many processors (speedup above 6, Jamboree's ceiling; best {best:.1})"),
            best > 6.0,
        ));
        series.push(Series {
            name: format!("RBFM master–slave, t = {t}"),
            points,
            style: Style::LinePoints,
        });
    }
    rep.row(Row::claim(
        "Fig. 12",
        "a slower evaluation (t = 200 000) lets RBFM use more processors",
        {
            let last = |s: &Series| s.points.last().map_or(0.0, |x| x.1);
            last(&series[1]) >= last(&series[0])
        },
    ));
    rep.row(Row::not_reproducible(
        "Fig. 12 (§6.2.4)",
        "Jamboree speedup (about 6, parallelism 14.8)",
        "about 6",
        "not run",
        "Jamboree had not landed on main when this experiment was written",
    ));
    rep.row(Row::not_reproducible(
        "Table 4",
        "master–slave chess RBFM speedups at 32 and 64 processors on LCT-II",
        "5.6–243",
        "not run",
        "needs the chess RBFM with Crafty's shallow-search evaluator (§5.1), not built",
    ));
    rep.plot(
        "fig12",
        "Fig. 12: speedup of master–slave RBFM against processors (simulated)",
        Chart {
            title: "RBFM speedup (master–slave, simulated)".into(),
            x_label: "processors".into(),
            y_label: "speedup".into(),
            log_x: false,
            log_y: false,
            series,
        },
    );
    rep.details = format!("Totals over {trees} trees.\n\n{md}");
    rep.data = json!({ "speedup": data });
    Ok(rep)
}
