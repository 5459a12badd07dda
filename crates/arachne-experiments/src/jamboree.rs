//! Seed 002 §6.2.4 (Shoham & Toledo 2002): Jamboree's work, critical path and parallelism as
//! Cilk measured them on one processor.
//!
//! The paper: "a fixed set of 100 incremental random search trees with branching factor
//! b = 10", searched to depth 10 by Jamboree "to depth 10 … and to depth 26 using RBFM. This
//! resulted in approximately the same number of generated nodes" (§6.2.2); static move
//! ordering "in spite of the cost of the evaluation function", Alpha-Beta "when the depth of
//! the searched subtree becomes smaller than 3" (§6.2.4); Cilk reports work 1 952 s, critical
//! path 132 s, parallelism 14.8; Fig. 12: the speedup stops growing beyond about 15
//! processors.
//!
//! # Which trees: random branching (the reading we defend)
//!
//! §3.1.1 defines two kinds of incremental tree — uniform branching, and "independent uniform
//! branching factors between 1 and b, except that the root always has b children" — and ends
//! "Hence, from now on we focus mostly on non-uniform game trees". §6.2.2 only says "branching
//! factor b = 10". Three measurements decide for random branching:
//!
//! * **Node counts (§6.2.2).** RBFM to principal-variation depth 26 generates about as many
//!   nodes as Jamboree to depth 10 on random-branching trees (ours: 48 000–62 000 generated, depending
//!   on the seeds, against ≈ 51 000 visited per tree), but on uniform trees RBFM needs ≈ 10 million against ≈ 610 000: the
//!   paper's "approximately the same number" holds only for random branching.
//! * **Seconds (§6.2.4).** 19.5 s of work per tree means ≈ 150 µs per static evaluation on
//!   random trees (≈ 130 000 evaluations per tree, i.e. a 50 000-iteration loop at ≈ 330 M
//!   iterations per second, about one per clock on the Origin 2000's 195–300 MHz
//!   processors); on uniform trees ≈ 9 µs (≈ 2.1 million evaluations), 5 500 M iterations per
//!   second — impossible.
//! * **The parallelism itself** is 16 on random trees (every cost model, serial below 3 plies
//!   left: the paper's literal setting) against ≈ 150 on uniform ones.
//!
//! # Cost model
//!
//! The one-processor execution is traced into a task graph
//! (`arachne_parallel::smp::work_span`): W = its total cost, T∞ = its costliest path, T_P =
//! a greedy schedule on P processors. The paper's time is its evaluation function (an empty
//! loop), so the main cost is **one unit per `evaluate()` call** (`CostWeights::EVAL_CALLS`):
//! static ordering evaluates every child of every expanded node before the node's first son is
//! searched — on the critical path at every Jamboree node — and a bottom position is evaluated
//! once more. The report also gives: one unit per generated node (a bottom position reuses its
//! parent's evaluation), per expansion, per node visited, and Cilk's spawn overhead (1 % of an
//! evaluation per spawned son: a spawn is a few hundred cycles, a 50 000-iteration loop tens of
//! thousands). The task graph is the *one-processor* execution's, as Cilk's W and T∞ are: a
//! child spawned runs to completion before its parent continues, so every test sees the α of
//! all earlier tests and re-searches, and no test starts after a cutoff; a test that fails
//! high is re-searched after its test and after every earlier iteration, re-searches included
//! (Kuszmaul's "wait for the completion of all previous iterations"; test `work_span_exact`).
//!
//! The literal reading on uniform trees (150–160) and "depth counted from the root" (Jamboree
//! at plies 0–2 only) are printed beside it.
use crate::report::{Report, Row, Sample};
use crate::{ExpError, Options};
use arachne_bestfirst::{engine, tables, BfOptions, Kind};
use arachne_core::Limits;
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_parallel::smp::work_span::{
    measure, measure_speculative, CostWeights, Measure, Sched, SpecRun, Split,
};
use arachne_plot::{Chart, Series, Style};
use serde_json::json;
use std::fmt::Write as _;
use std::sync::Arc;

/// The paper.
pub const PAPER: &str = "Shoham & Toledo, Parallel Randomized Best-First Minimax Search, Artificial Intelligence 137 (2002), §6.2.4";

/// The paper's figures.
const PAPER_WORK_S: f64 = 1952.0;
const PAPER_SPAN_S: f64 = 132.0;
const PAPER_PARALLELISM: f64 = 14.8;
/// Iterations of the paper's empty loop per evaluation (§6.2.2, the normal evaluation).
const LOOP: f64 = 50_000.0;

/// The seed's incremental tree `b = 10`, depth `d`, with the given branching.
pub fn tree(d: u32, seed: u64, branching: Branching) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b: 10,
        d,
        seed,
        branching,
        values: EdgeValues::Real,
    })
}

/// Cilk's per-spawn overhead at 1 % of an evaluation (module docs).
const WITH_SPAWN: CostWeights = CostWeights {
    interior: 0,
    leaf: 100,
    order: 100,
    spawn: 1,
};

fn cost_name(w: CostWeights) -> &'static str {
    match w {
        CostWeights::NODES => "nodes visited",
        CostWeights::EVAL_CALLS => "evaluate() calls",
        CostWeights::GENERATED => "generated nodes",
        CostWeights::EXPANSIONS => "expansions",
        WITH_SPAWN => "evaluate() calls + spawns at 1 %",
        _ => "custom",
    }
}

/// Generated nodes per tree of serial RBFM until its principal variation reaches `pv` (the
/// §6.2.2 match), with a node budget: `(mean generated, mean PV depth reached)`.
fn rbfm_nodes(seeds: &[u64], pv: u32, branching: Branching, budget: u64) -> (f64, f64) {
    let table = Arc::new(tables::default_for("incremental", "incremental:b=10"));
    let (mut g, mut d) = (0u64, 0u64);
    for &seed in seeds {
        let root = tree(60, seed, branching);
        let mut opts = BfOptions::new(Kind::Rbfm);
        opts.seed = seed;
        opts.vote = 0;
        opts.pv_depth = Some(pv);
        opts.table = Some(Arc::clone(&table));
        let out = engine::search(&root, &opts, &Limits::default().with_nodes(budget));
        g += out.generated();
        d += out.pv_depth as u64;
    }
    let n = seeds.len().max(1) as f64;
    (g as f64 / n, d as f64 / n)
}

/// Everything the experiment measured: the trees, the work and span of every reading, the
/// node match with RBFM, the speculative runs, the serial-depth sensitivity.
struct Measured {
    /// Random-branching and uniform-branching trees, and the size of a group of trees.
    trees: u64,
    utrees: u64,
    group: usize,
    /// Search depth, serial depth, and the serial depth of the "from the root" reading.
    depth: u32,
    serial: u32,
    top_serial: u32,
    /// The P of the greedy schedules.
    ps: Vec<u64>,
    /// Jamboree on the random trees, per cost model (the first: evaluate() calls).
    rnd: Vec<(CostWeights, Measure)>,
    /// W/T∞ per group of trees, and its range.
    groups: Vec<(usize, f64)>,
    gmin: f64,
    gmax: f64,
    /// YBWC on the random trees: evaluate() calls, nodes.
    ybwc_r: Measure,
    ybwc_rn: Measure,
    /// Jamboree on the uniform trees: nodes, evaluate() calls, from the root.
    uni: Measure,
    uni_e: Measure,
    uni_top: Measure,
    /// §6.2.2's node match: RBFM's seeds, generated nodes and PV depth per tree.
    rb_seeds: Vec<u64>,
    rb_r: f64,
    rb_r_pv: f64,
    rb_u: f64,
    rb_u_pv: f64,
    ubudget: u64,
    /// Jamboree's nodes per tree (random, uniform), and RBFM's over Jamboree's (random).
    jam_r_nodes: f64,
    jam_u_nodes: f64,
    ratio: f64,
    /// Fig. 12: Jamboree with speculation on P processors, and its time at P = 1.
    spec: Vec<SpecRun>,
    w1: f64,
    /// The serial-depth sensitivity: trees used (random, uniform) and (serial, random,
    /// uniform) W/T∞.
    k: usize,
    ku: usize,
    sens: Vec<(u32, f64, f64)>,
}

/// Nodes per tree.
fn per_tree(x: u64, n: u64) -> f64 {
    x as f64 / n.max(1) as f64
}

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let mut rep = Report::new(
        "jamboree",
        "Shoham and Toledo (2002) §6.2.4: Jamboree's work, span and parallelism (Cilk-style, on one core)",
        PAPER,
        o.quick,
    );
    let m = measure_all(o);
    setup(o, &mut rep, &m);
    rows(&mut rep, &m);
    rep.details = details(&m);
    plot(&mut rep, &m);
    data(&mut rep, &m);
    Ok(rep)
}

/// Runs every reading (see [`Measured`]).
fn measure_all(o: &Options) -> Measured {
    let pg = &o.progress;
    let depth = 10u32;
    let serial = 3u32;
    let (trees, utrees, group) = if o.quick {
        (20u64, 2u64, 10usize)
    } else {
        (100, 100, 20)
    };
    let random: Vec<IncrementalTree> = (0..trees)
        .map(|i| tree(depth, o.seed + i, Branching::Random))
        .collect();
    let uniform: Vec<IncrementalTree> = (0..utrees)
        .map(|i| tree(depth, o.seed + i, Branching::Uniform))
        .collect();
    let ps: Vec<u64> = (0..=10).map(|i| 1u64 << i).collect();
    // The defended reading: random branching, every cost model.
    let costs = [
        CostWeights::EVAL_CALLS,
        CostWeights::GENERATED,
        CostWeights::EXPANSIONS,
        CostWeights::NODES,
        WITH_SPAWN,
    ];
    let mut rnd: Vec<(CostWeights, Measure)> = Vec::new();
    for w in costs {
        pg.message(format!("Jamboree, random branching, {}", cost_name(w)));
        let procs: &[u64] = if w == CostWeights::EVAL_CALLS || w == CostWeights::NODES {
            &ps
        } else {
            &[]
        };
        rnd.push((
            w,
            measure(Split::Jamboree, &random, depth, serial, true, w, procs),
        ));
    }
    // The spread over groups of trees (the paper's 100 seeds are unknown).
    let mut groups = Vec::new();
    for (k, chunk) in random.chunks(group).enumerate() {
        let m = measure(
            Split::Jamboree,
            chunk,
            depth,
            serial,
            true,
            CostWeights::EVAL_CALLS,
            &[],
        );
        groups.push((k, m.parallelism()));
    }
    let (gmin, gmax) = groups.iter().fold((f64::INFINITY, 0.0f64), |(a, b), g| {
        (a.min(g.1), b.max(g.1))
    });
    // YBWC beside it.
    pg.message("YBWC, random branching");
    let ybwc_r = measure(
        Split::Ybwc,
        &random,
        depth,
        serial,
        true,
        CostWeights::EVAL_CALLS,
        &ps,
    );
    let ybwc_rn = measure(
        Split::Ybwc,
        &random,
        depth,
        serial,
        true,
        CostWeights::NODES,
        &ps,
    );
    // The literal reading: uniform branching.
    pg.message("Jamboree, uniform branching");
    let uni = measure(
        Split::Jamboree,
        &uniform,
        depth,
        serial,
        true,
        CostWeights::NODES,
        &[],
    );
    let uni_e = measure(
        Split::Jamboree,
        &uniform,
        depth,
        serial,
        true,
        CostWeights::EVAL_CALLS,
        &[],
    );
    let top_serial = depth - serial;
    pg.message(format!("Jamboree, uniform, serial below {top_serial}"));
    let uni_top = measure(
        Split::Jamboree,
        &uniform,
        depth,
        top_serial,
        true,
        CostWeights::NODES,
        &[],
    );
    let (jam_r_nodes, jam_u_nodes) = (
        per_tree(rnd[3].1.stats.nodes(), trees),
        per_tree(uni.stats.nodes(), utrees),
    );
    let (rb_seeds, rb_r, rb_r_pv, rb_u, rb_u_pv, ubudget) = node_match(o, jam_u_nodes);
    let (spec, w1) = speculative(o, &random, depth, serial);
    let (k, ku, sens) = sensitivity(o, &random, &uniform, group, depth);
    Measured {
        trees,
        utrees,
        group,
        depth,
        serial,
        top_serial,
        ps,
        rnd,
        groups,
        gmin,
        gmax,
        ybwc_r,
        ybwc_rn,
        uni,
        uni_e,
        uni_top,
        rb_seeds,
        rb_r,
        rb_r_pv,
        rb_u,
        rb_u_pv,
        ubudget,
        jam_r_nodes,
        jam_u_nodes,
        ratio: rb_r / jam_r_nodes,
        spec,
        w1,
        k,
        ku,
        sens,
    }
}

/// §6.2.2's node match: RBFM to PV depth 26 (random branching), and with twice Jamboree's
/// nodes (uniform): (seeds, generated and PV depth random, generated and PV depth uniform,
/// the uniform budget).
fn node_match(o: &Options, jam_u_nodes: f64) -> (Vec<u64>, f64, f64, f64, f64, u64) {
    let pg = &o.progress;
    let rb_seeds: Vec<u64> = (0..if o.quick { 6 } else { 40 })
        .map(|i| o.seed + 1000 + i)
        .collect();
    pg.message("RBFM to PV depth 26, random branching");
    let (rb_r, rb_r_pv) = rbfm_nodes(&rb_seeds, 26, Branching::Random, 5_000_000);
    let ubudget = (2.0 * jam_u_nodes) as u64;
    pg.message("RBFM, uniform branching, 2× Jamboree's nodes");
    let (rb_u, rb_u_pv) = rbfm_nodes(&rb_seeds[..2], 26, Branching::Uniform, ubudget);
    (rb_seeds, rb_r, rb_r_pv, rb_u, rb_u_pv, ubudget)
}

/// Fig. 12: Jamboree executed with speculation on P processors (Cilk-5 work stealing, a
/// steal attempt 1/20 of an evaluation); the runs and the time at P = 1.
fn speculative(
    o: &Options,
    random: &[IncrementalTree],
    depth: u32,
    serial: u32,
) -> (Vec<SpecRun>, f64) {
    o.progress
        .message("Jamboree with speculation on P processors");
    let spec_ps: Vec<u64> = vec![1, 2, 4, 8, 15, 16, 20, 32, 35, 64];
    let w20 = CostWeights {
        interior: 0,
        leaf: 20,
        order: 20,
        spawn: 0,
    };
    let spec = measure_speculative(
        random,
        depth,
        serial,
        true,
        w20,
        &spec_ps,
        Sched::Stealing {
            steal: 1,
            seed: o.seed,
        },
    );
    let w1 = spec[0].time as f64;
    (spec, w1)
}

/// Jamboree's parallelism against the serial depth, both kinds of tree.
fn sensitivity(
    o: &Options,
    random: &[IncrementalTree],
    uniform: &[IncrementalTree],
    group: usize,
    depth: u32,
) -> (usize, usize, Vec<(u32, f64, f64)>) {
    let k = group.min(random.len());
    let ku = 20usize.min(uniform.len());
    let mut sens = Vec::new();
    for sd in 2..=8u32 {
        o.progress.message(format!("serial depth {sd}"));
        let r = measure(
            Split::Jamboree,
            &random[..k],
            depth,
            sd,
            true,
            CostWeights::EVAL_CALLS,
            &[],
        );
        let u = measure(
            Split::Jamboree,
            &uniform[..ku],
            depth,
            sd,
            true,
            CostWeights::NODES,
            &[],
        );
        sens.push((sd, r.parallelism(), u.parallelism()));
    }
    (k, ku, sens)
}

/// The sample and the setup lines.
fn setup(o: &Options, rep: &mut Report, m: &Measured) {
    let Measured {
        trees,
        utrees,
        depth,
        serial,
        ..
    } = *m;
    rep.sample(Sample::new(trees, Some(100), "trees"));
    rep.setup(
        "trees",
        format!(
            "{trees} trees `incremental:b=10,d={depth},seed={}..{},branching=random` (random branching 1..10, root 10, real edge values in [−1, 1]: §3.1.1, the reading we defend, see below); beside them {utrees} uniform-branching trees (the literal \"branching factor b = 10\"){}",
            o.seed,
            o.seed + trees - 1,
            if o.quick { "; the paper: 100 trees (run without --quick)" } else { "" }
        ),
    );
    rep.setup(
        "search",
        format!("Jamboree (`arachne_parallel::smp::jamboree`) to depth {depth}, static move ordering (children by static value), serial fail-soft alpha-beta while fewer than {serial} plies are left, no transposition table — the paper's settings"),
    );
    rep.setup(
        "measurement",
        "the one-processor execution's task graph (Cilk's serial elision: a spawned test runs to completion before the next, so it sees the α of every earlier test and re-search; none started after a cutoff; a re-search after its test and every earlier iteration) recorded on one core; W = total cost, T∞ = costliest path, T_P = greedy list schedule (optimistic: no speculative work, no steal cost; Jamboree executed with speculation is in the Fig. 12 row)",
    );
    rep.setup(
        "cost",
        "main: one unit per evaluate() call — static ordering evaluates every child of an expanded node before its first son (on the critical path), a bottom position evaluates itself; also per generated node, per expansion, per node visited, and with Cilk's spawn at 1 % of an evaluation",
    );
}

/// The rows: §6.2.4's parallelism, §6.2.2's node match, W and T∞, Fig. 12.
fn rows(rep: &mut Report, m: &Measured) {
    let Measured {
        serial,
        top_serial,
        ref rnd,
        ref uni,
        ref uni_e,
        ref uni_top,
        rb_r,
        rb_r_pv,
        rb_u,
        rb_u_pv,
        jam_r_nodes,
        jam_u_nodes,
        ratio,
        ref spec,
        w1,
        ..
    } = *m;
    let main = &rnd[0].1;
    for (w, m) in rnd {
        rep.row(Row::compare(
            "§6.2.4",
            format!(
                "Jamboree parallelism W/T∞, random branching, serial below {serial} plies left, cost: {}",
                cost_name(*w)
            ),
            PAPER_PARALLELISM,
            m.parallelism(),
            0.2,
        ));
    }
    // The other readings of the paper's trees and of "depth": each differs because it is not
    // the paper's reading, which the random-branching rows above measure.
    let main_w = main.parallelism();
    let within = ((main_w - PAPER_PARALLELISM) / PAPER_PARALLELISM).abs() <= 0.2;
    let not_the_papers =
        |what: &str| {
            format!(
            "{what} is the other reading of the paper's trees (§3.1.1 defines both kinds, §6.2.2 \
             says only b = 10); under random branching W/T∞ is {main_w:.1} (rows above), {} the \
             paper's value",
            if within { "within 20 % of" } else { "not within 20 % of" }
        )
        };
    rep.row(
        Row::compare(
            "§6.2.4",
            format!("Jamboree parallelism W/T∞, uniform branching (every node 10 children), serial below {serial} plies left, cost per node visited"),
            PAPER_PARALLELISM,
            uni.parallelism(),
            0.2,
        )
        .because(not_the_papers("uniform branching")),
    );
    rep.row(
        Row::compare(
            "§6.2.4",
            format!("Jamboree parallelism W/T∞, uniform branching, serial below {serial} plies left, cost per evaluate() call"),
            PAPER_PARALLELISM,
            uni_e.parallelism(),
            0.2,
        )
        .because(not_the_papers("uniform branching")),
    );
    rep.row(
        Row::compare(
            "§6.2.4",
            format!("Jamboree parallelism W/T∞, uniform branching, \"depth\" counted from the root: Jamboree at plies 0–{} only, serial below {top_serial} plies left, cost per node visited", serial - 1),
            PAPER_PARALLELISM,
            uni_top.parallelism(),
            0.2,
        )
        .because(not_the_papers("uniform branching with the depth counted from the root")),
    );
    rep.row(Row::claim(
        "§6.2.2",
        format!(
            "RBFM to depth 26 generates approximately as many nodes as Jamboree to depth 10 — random branching: RBFM {rb_r:.0} generated per tree (PV depth {rb_r_pv:.1}), Jamboree {jam_r_nodes:.0} visited (×{ratio:.2}); uniform: RBFM reaches only PV depth {rb_u_pv:.1} with {rb_u:.0} generated, 2× Jamboree's {jam_u_nodes:.0}"
        ),
        (0.5..=2.0).contains(&ratio),
    ));
    rep.row(Row::not_reproducible(
        "§6.2.4",
        "Jamboree work W",
        format!("{PAPER_WORK_S} s"),
        format!("{} evaluate() calls", main.work),
        "Cilk seconds on the paper's machine; we count evaluations (the ratio W/T∞ is compared above; the implied loop speed is in the details)",
    ));
    rep.row(Row::not_reproducible(
        "§6.2.4",
        "Jamboree critical path T∞",
        format!("{PAPER_SPAN_S} s"),
        format!("{} evaluate() calls", main.span),
        "Cilk seconds on the paper's machine; we count evaluations",
    ));
    let ssp: Vec<(u64, f64)> = spec.iter().map(|r| (r.p, w1 / r.time as f64)).collect();
    let sat = |p: u64| ssp.iter().find(|x| x.0 == p).map_or(0.0, |x| x.1);
    let sp = main.speedups();
    let at = |p: u64| sp.iter().find(|x| x.0 == p).map_or(0.0, |x| x.1);
    rep.row(
        Row::claim(
            "Fig. 12",
            format!(
                "Jamboree's speedup stops growing beyond about 15 processors (ours, random branching, speculative execution with work stealing: {:.1} at P=16, {:.1} at P=35, {:.1} at P=64; the dag's greedy bound {:.1}, {:.1}, {:.1}; W/T∞ = {:.1})",
                sat(16),
                sat(35),
                sat(64),
                at(16),
                at(32),
                at(64),
                main.parallelism()
            ),
            sat(64) < 1.25 * sat(16),
        )
        .because("the speedup keeps growing slowly past 15 processors in every model we have: speculation costs work but less than the processors added (see `arachne experiment rbfm-parallel` for the full table and why)"),
    );
}

/// The details: the tables, why random branching, the serial-depth sensitivity.
fn details(m: &Measured) -> String {
    let Measured {
        trees,
        utrees,
        group,
        top_serial,
        ref ps,
        ref rnd,
        ref groups,
        gmin,
        gmax,
        ref uni,
        ref uni_top,
        jam_r_nodes,
        jam_u_nodes,
        k,
        ku,
        ref sens,
        ..
    } = *m;
    let nodes_r = &rnd[3].1;
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# Work, span and simulated speedup W/T_P, random branching ({trees} trees)\n\n| algorithm | cost | W | T∞ | W/T∞ | {} |\n|---|---|---|---|---|{}",
        ps.iter().map(|p| format!("P={p}")).collect::<Vec<_>>().join(" | "),
        "---|".repeat(ps.len())
    );
    let results = results(m);
    for (name, w, m) in &results {
        let _ = writeln!(
            md,
            "| {name} | {} | {} | {} | {:.1} | {} |",
            cost_name(*w),
            m.work,
            m.span,
            m.parallelism(),
            m.speedups()
                .iter()
                .map(|(_, s)| format!("{s:.1}"))
                .collect::<Vec<_>>()
                .join(" | ")
        );
    }
    let _ = writeln!(
        md,
        "\nJamboree, the other cost models: {}.\n\nW/T∞ (evaluate() calls) of the groups of {group} trees: {} (min {gmin:.1}, max {gmax:.1}) — the spread a different set of 100 seeds could give.",
        rnd[1..]
            .iter()
            .map(|(w, m)| format!("{} {:.1}", cost_name(*w), m.parallelism()))
            .collect::<Vec<_>>()
            .join(", "),
        groups
            .iter()
            .map(|g| format!("{:.1}", g.1))
            .collect::<Vec<_>>()
            .join(", ")
    );
    why_random(&mut md, m);
    let exp_r = per_tree(nodes_r.stats.interior, trees);
    let exp_u = per_tree(uni.stats.interior, utrees);
    let _ = writeln!(
        md,
        "\n# Jamboree's parallelism against the serial depth\n\nSerial alpha-beta while fewer than `serial` plies are left (the paper: 3). Random branching: the first {k} trees, cost per evaluate() call; uniform: the first {ku} trees, cost per node visited. Read as \"depth counted from the root\" (Jamboree at plies 0–2 only), serial = {top_serial}: uniform {:.1}.\n\n| serial below | W/T∞ random | W/T∞ uniform |\n|---|---|---|",
        uni_top.parallelism()
    );
    for (sd, r, u) in sens {
        let _ = writeln!(md, "| {sd} | {r:.1} | {u:.1} |");
    }
    let _ = writeln!(
        md,
        "\nNodes of the one-processor execution per tree: random {:.0} (interior {exp_r:.0}), uniform {jam_u_nodes:.0} (interior {exp_u:.0}).",
        jam_r_nodes
    );
    md
}

/// The details' section on why random branching is the paper's reading.
fn why_random(md: &mut String, m: &Measured) {
    let Measured {
        trees,
        utrees,
        group,
        ref rnd,
        gmin,
        gmax,
        ref uni,
        ref uni_e,
        ref rb_seeds,
        rb_r,
        rb_r_pv,
        rb_u_pv,
        jam_r_nodes,
        jam_u_nodes,
        ratio,
        ..
    } = *m;
    let (main, nodes_r) = (&rnd[0].1, &rnd[3].1);
    let evals_r = per_tree(main.work, trees);
    let evals_u = per_tree(uni_e.work, utrees);
    let exp_r = per_tree(nodes_r.stats.interior, trees);
    let exp_u = per_tree(uni.stats.interior, utrees);
    let secs = PAPER_WORK_S / 100.0;
    let rate = |count: f64| LOOP * count / secs / 1e6;
    let _ = writeln!(
        md,
        "\n# Why random branching\n\n\
§3.1.1 defines uniform and random branching (\"independent uniform branching factors between 1 and b, except that the root always has b children\") and then says \"from now on we focus mostly on non-uniform game trees\"; §6.2.2 says only \"branching factor b = 10\". Three measurements decide for random branching:\n\n\
* **Node counts (§6.2.2: depth 26 for RBFM \"resulted in approximately the same number of generated nodes\" as depth 10 for Jamboree).** Random branching: RBFM to PV depth 26 generates {rb_r:.0} nodes per tree ({} trees, PV depth reached {rb_r_pv:.1}), Jamboree to depth 10 visits {jam_r_nodes:.0} (×{ratio:.2}). Uniform: with twice Jamboree's {jam_u_nodes:.0} nodes RBFM reaches only PV depth {rb_u_pv:.1} ({} trees); PV depth 26 takes about 10 million (`arachne experiment rbfm-parallel`'s earlier measurement).\n\
* **Seconds (§6.2.4: work 1 952 s for 100 trees, 19.5 s per tree, t = 50 000 iterations per evaluation).** Random branching: {evals_r:.0} evaluate() calls per tree → {:.0} µs per evaluation, a loop at {:.0} M iterations/s; per expansion ({exp_r:.0}): {:.0} M iterations/s. Uniform: {evals_u:.0} calls per tree → {:.1} µs per evaluation, {:.0} M iterations/s; per expansion ({exp_u:.0}): {:.0} M iterations/s. The Origin 2000's MIPS processors ran at 195–300 MHz (an empty loop at most about one iteration per clock): random branching fits, uniform does not.\n\
* **Parallelism.** Random branching: W/T∞ = {:.1} (evaluate() calls; {:.1}–{:.1} over the cost models; {gmin:.1}–{gmax:.1} over groups of {group} trees) against the paper's 14.8 ({:+.0} %). Uniform: {:.1} in nodes, {:.1} in evaluate() calls.\n\n\
What the cost model changes: little. Static ordering charges every child's evaluation to its parent's opening strand, which precedes the first son and so lies on the critical path at every Jamboree node; but the critical path is made of the same kinds of nodes as the work (ordered interior nodes, serial depth-2 searches), so charging it or not moves W/T∞ by a few percent. Cilk's spawn overhead (1 % of an evaluation per son) moves it by less than 1 %. The serial depth and the tree's branching decide it (tables below).\n\n\
The paper's Fig. 12 Jamboree speedup (about 6 at 35 processors, slower beyond 20) is below even Cilk's own estimate from its W and T∞ (W/(W/P + T∞) = {:.1} at P = 35): the loss is speculative work and scheduling on P processors, which a one-processor task graph does not contain — see `arachne experiment rbfm-parallel`.",
        rb_seeds.len(),
        2,
        1e6 * secs / evals_r,
        rate(evals_r),
        rate(exp_r),
        1e6 * secs / evals_u,
        rate(evals_u),
        rate(exp_u),
        main.parallelism(),
        rnd.iter().map(|x| x.1.parallelism()).fold(f64::INFINITY, f64::min),
        rnd.iter().map(|x| x.1.parallelism()).fold(0.0, f64::max),
        100.0 * (main.parallelism() / PAPER_PARALLELISM - 1.0),
        uni.parallelism(),
        uni_e.parallelism(),
        35.0 * PAPER_WORK_S / (PAPER_WORK_S + 35.0 * PAPER_SPAN_S),
    );
}

/// The speedup plot.
fn plot(rep: &mut Report, m: &Measured) {
    let Measured {
        trees,
        depth,
        ref ps,
        ..
    } = *m;
    let results = results(m);
    let mut series: Vec<Series> = results
        .iter()
        .filter(|(_, w, _)| *w == CostWeights::EVAL_CALLS)
        .map(|(name, _, m)| Series {
            name: format!("{name} (W/T∞ = {:.1})", m.parallelism()),
            points: m.speedups().iter().map(|&(p, s)| (p as f64, s)).collect(),
            style: Style::LinePoints,
        })
        .collect();
    series.push(Series {
        name: "P".into(),
        points: ps.iter().map(|&p| (p as f64, p as f64)).collect(),
        style: Style::Line,
    });
    series.push(Series {
        name: format!("paper's W/T∞ = {PAPER_PARALLELISM}"),
        points: vec![(1.0, PAPER_PARALLELISM), (1024.0, PAPER_PARALLELISM)],
        style: Style::Line,
    });
    rep.plot(
        "jamboree_speedup",
        format!("Simulated speedup W/T_P (greedy schedule of the one-processor task graph) of Jamboree and YBWC, {trees} random-branching trees b=10 d={depth}, cost per evaluate() call; the lines P and the paper's parallelism 14.8"),
        Chart {
            title: format!("Jamboree and YBWC, work/span model, b=10 random branching, d={depth}"),
            x_label: "processors P".into(),
            y_label: "speedup W / T_P".into(),
            log_x: true,
            log_y: true,
            series,
        },
    );
}

/// The table's readings: (algorithm, cost, measure).
fn results(m: &Measured) -> Vec<(&'static str, CostWeights, &Measure)> {
    vec![
        ("Jamboree", CostWeights::NODES, &m.rnd[3].1),
        ("Jamboree", CostWeights::EVAL_CALLS, &m.rnd[0].1),
        ("YBWC", CostWeights::NODES, &m.ybwc_rn),
        ("YBWC", CostWeights::EVAL_CALLS, &m.ybwc_r),
    ]
}

/// The JSON data.
fn data(rep: &mut Report, m: &Measured) {
    let Measured {
        trees,
        utrees,
        depth,
        serial,
        top_serial,
        ref rnd,
        ref groups,
        ref uni,
        ref uni_e,
        ref uni_top,
        rb_r,
        rb_r_pv,
        rb_u,
        rb_u_pv,
        ubudget,
        ref spec,
        w1,
        ref sens,
        ..
    } = *m;
    let results = results(m);
    rep.data = json!({
        "trees": trees, "depth": depth, "serial_depth": serial,
        "speculative_stealing": spec.iter().map(|r| json!({"p": r.p, "time": r.time, "busy": r.busy, "wasted": r.wasted, "speedup": w1 / r.time as f64})).collect::<Vec<_>>(),
        "readings": {
            "random": rnd.iter().map(|(w, m)| json!({"cost": cost_name(*w), "work": m.work, "span": m.span, "parallelism": m.parallelism()})).collect::<Vec<_>>(),
            "random_groups": groups.iter().map(|g| g.1).collect::<Vec<_>>(),
            "uniform": {"trees": utrees, "work": uni.work, "span": uni.span, "parallelism": uni.parallelism(), "parallelism_eval_calls": uni_e.parallelism()},
            "uniform_from_root": {"serial": top_serial, "work": uni_top.work, "span": uni_top.span, "parallelism": uni_top.parallelism()},
            "rbfm_depth26_generated_per_tree": {"random": rb_r, "random_pv": rb_r_pv, "uniform_budget": ubudget, "uniform": rb_u, "uniform_pv": rb_u_pv},
        },
        "serial_depth_sensitivity": sens.iter().map(|&(sd, r, u)| json!({"serial": sd, "random": r, "uniform": u})).collect::<Vec<_>>(),
        "paper": {"work_s": PAPER_WORK_S, "span_s": PAPER_SPAN_S, "parallelism": PAPER_PARALLELISM},
        "results": results.iter().map(|(name, w, m)| json!({
            "algorithm": name.to_lowercase(),
            "cost": cost_name(*w),
            "work": m.work, "span": m.span, "parallelism": m.parallelism(),
            "times": m.times.iter().map(|&(p, t)| json!({"p": p, "t": t})).collect::<Vec<_>>(),
            "nodes": m.stats.nodes(),
        })).collect::<Vec<_>>(),
    });
}
