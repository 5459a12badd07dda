//! `arachne experiment knm`: seed 003's Tables 4-1 and 4-2, and past them.
//!
//! (a) **Tables 4-1 (with move preordering) and 4-2 (without)**, column for column: degree f,
//! depth q, total nodes and terminals, nodes and terminals visited by classical alpha-beta,
//! mono-processor time (messages processed by one processor), nodes and terminals visited by
//! the Key Node Method and its speedup (mono time / time) on 2, 5, 10 and 20 processors, each the
//! mean of ten trials, on the paper's trees (§4.2.1: static value = parent's + a uniform integer in
//! [−1000, 999), our `incremental:b=f,d=q,lo=-1000,hi=999,seed=S` for S = seed … seed + 9), in
//! the paper's machine model (§4.2.2, [`arachne_parallel::knm::pooled`]) with FIFO delivery and
//! the §5.1 suppression the paper's tables include. Speedups are mean mono time over mean time
//! (the paper's own reading: "the 20-processor average run time is 4072.6/15.45").
//!
//! The averaged columns are judged by their 95 % intervals over the ten trees
//! ([`crate::report::interval`]): a t interval for a mean of nodes, terminals or time, and a
//! bootstrap over the trees for a speedup (a ratio of mean times). The paper's columns are
//! means over its own ten random trees, without a spread: each carries the sampling error of
//! ten trees as ours does, so its interval is estimated from our spread
//! ([`crate::report::Interval::estimate_paper`]) and a row differs significantly only when
//! the two intervals do not overlap.
//!
//! (b) **Past the paper**: f up to 10, q up to 8, k up to 1024 in the pooled model (mean of
//! three trials; one in `--quick`, with f, q ≤ 6; without preordering only trees with
//! f^q ≤ 2·10^7), messages per visited node, and a plot of speedup
//! against k on one tree family for KNM in both machine models and tree-split (the best of the
//! processor trees of depth 1, 2 and 3 that fit) on the same trees under seed 000's `unit` cost
//! model.
use crate::paper::search;
use crate::report::interval::{bootstrap_ratio, mean_interval};
use crate::report::{Interval, Method, Report, Row, Sample};
use crate::{ExpError, Options};
use arachne_core::rng::hash2;
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_parallel::knm::{dist, pooled, KnmOptions};
use arachne_parallel::{alphabeta_speedup, serial, Backend, ParAlgo};
use arachne_plot::{Chart, Series, Style};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::stepper::StepperMode;
use serde_json::json;
use std::fmt::Write as _;

/// The paper.
pub const PAPER: &str =
    "Lindstrom, The Key Node Method: a highly-parallel alpha-beta algorithm (1983)";

/// One row of Table 4-1 or 4-2 as printed (`None`: illegible in the seed's scan).
struct PaperRow {
    f: u32,
    q: u32,
    ab_nodes: f64,
    ab_terms: Option<f64>,
    mono: Option<f64>,
    nodes: [f64; 4],
    terms: [f64; 4],
    speedup: [f64; 4],
}

const KS: [u32; 4] = [2, 5, 10, 20];

#[rustfmt::skip]
const TABLE_41: [PaperRow; 4] = [
    PaperRow { f: 3, q: 5, ab_nodes: 101.50, ab_terms: Some(52.40), mono: Some(347.70), nodes: [124.60, 126.60, 124.60, 124.60], terms: [67.60, 68.60, 67.60, 67.60], speedup: [1.83, 4.06, 7.11, 10.65] },
    PaperRow { f: 3, q: 6, ab_nodes: 175.20, ab_terms: Some(80.50), mono: Some(881.60), nodes: [272.40, 272.40, 277.00, 277.00], terms: [146.20, 146.20, 148.60, 148.80], speedup: [1.84, 4.22, 7.61, 13.06] },
    PaperRow { f: 4, q: 4, ab_nodes: 74.90, ab_terms: Some(39.50), mono: Some(214.80), nodes: [87.80, 87.80, 89.60, 89.60], terms: [52.00, 52.00, 53.20, 53.20], speedup: [1.67, 3.66, 6.25, 9.42] },
    PaperRow { f: 4, q: 5, ab_nodes: 194.90, ab_terms: Some(110.10), mono: Some(711.10), nodes: [256.50, 256.50, 256.50, 258.60], terms: [153.10, 153.10, 153.10, 154.60], speedup: [1.73, 3.93, 7.11, 12.57] },
];

#[rustfmt::skip]
const TABLE_42: [PaperRow; 4] = [
    PaperRow { f: 3, q: 5, ab_nodes: 152.20, ab_terms: Some(86.00), mono: Some(1284.90), nodes: [227.00, 227.00, 223.80, 222.00], terms: [137.60, 137.40, 136.20, 134.60], speedup: [1.88, 4.36, 8.17, 14.66] },
    PaperRow { f: 3, q: 6, ab_nodes: 358.50, ab_terms: Some(196.40), mono: None, nodes: [615.40, 612.40, 611.00, 609.00], terms: [369.80, 368.00, 366.80, 365.60], speedup: [1.90, 4.47, 8.51, 16.04] },
    PaperRow { f: 4, q: 4, ab_nodes: 140.60, ab_terms: Some(88.60), mono: Some(1064.80), nodes: [209.60, 210.20, 208.10, 200.60], terms: [142.90, 143.20, 141.70, 136.60], speedup: [1.83, 4.19, 7.76, 13.29] },
    PaperRow { f: 4, q: 5, ab_nodes: 384.10, ab_terms: None, mono: Some(4072.60), nodes: [695.70, 701.70, 699.00, 701.10], terms: [470.80, 474.10, 471.70, 473.50], speedup: [1.85, 4.33, 8.16, 15.45] },
];

/// The trees each row of Tables 4-1 and 4-2 averages over, as the paper's.
const TRIALS: u64 = 10;

/// Tolerance of the averaged columns (ten random trees per row, not the paper's trees).
const TOL: f64 = 0.15;

fn tree(f: u32, q: u32, seed: u64) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b: f,
        d: q,
        seed,
        branching: Branching::Uniform,
        values: EdgeValues::Int { lo: -1000, hi: 999 },
    })
}

/// Means over the trials of one (f, q, preorder) cell, for processors `ks`, and each trial's
/// values (the samples of the rows' intervals).
struct Cell {
    ab_nodes: f64,
    ab_terms: f64,
    mono: f64,
    mono_visited: f64,
    nodes: Vec<f64>,
    terms: Vec<f64>,
    time: Vec<f64>,
    messages: Vec<f64>,
    /// Per trial: alpha-beta's nodes and terminals, the mono-processor time.
    trials: Vec<[f64; 3]>,
    /// Per trial and k: KNM's nodes, terminals and time.
    trials_k: Vec<Vec<[f64; 3]>>,
}

impl Cell {
    fn speedup(&self, i: usize) -> f64 {
        self.mono / self.time[i]
    }

    /// The t interval of a mean over the trials: column `j` of `trials` (k = None) or of
    /// `trials_k` at k's index.
    fn mean_iv(&self, k: Option<usize>, j: usize) -> Interval {
        let xs: Vec<f64> = match k {
            None => self.trials.iter().map(|t| t[j]).collect(),
            Some(i) => self.trials_k.iter().map(|t| t[i][j]).collect(),
        };
        // The paper's value is the mean of its own ten trees.
        mean_interval(&xs, "trees", None).paper_sample(TRIALS)
    }

    /// The bootstrap interval of the speedup at k's index `i`: mean mono time over mean time.
    fn speedup_iv(&self, i: usize, seed: u64) -> Interval {
        let pairs: Vec<(f64, f64)> = self
            .trials
            .iter()
            .zip(&self.trials_k)
            .map(|(t, tk)| (t[2], tk[i][2]))
            .collect();
        let n = pairs.len() as u64;
        Interval::new(Method::Bootstrap, bootstrap_ratio(&pairs, seed), n, "trees")
            .paper_sample(TRIALS)
    }
}

fn cell(
    f: u32,
    q: u32,
    preorder: bool,
    seeds: std::ops::Range<u64>,
    ks: &[u32],
) -> Result<Cell, ExpError> {
    let n = (seeds.end - seeds.start) as f64;
    let o = KnmOptions {
        preorder,
        ..KnmOptions::default()
    };
    let mut c = Cell {
        ab_nodes: 0.0,
        ab_terms: 0.0,
        mono: 0.0,
        mono_visited: 0.0,
        nodes: vec![0.0; ks.len()],
        terms: vec![0.0; ks.len()],
        time: vec![0.0; ks.len()],
        messages: vec![0.0; ks.len()],
        trials: Vec::new(),
        trials_k: Vec::new(),
    };
    for seed in seeds {
        let t = tree(f, q, seed);
        let (v, st) = serial(&t, q, StepperMode::AlphaBeta, preorder);
        c.ab_nodes += st.nodes() as f64 / n;
        c.ab_terms += st.leaves as f64 / n;
        let mono = pooled::run(&t, q, 1, &o).map_err(ExpError::failed)?;
        if mono.value != v {
            return Err(ExpError::failed(format!(
                "knm: wrong root value on f={f} q={q} seed={seed}"
            )));
        }
        c.mono += mono.time as f64 / n;
        c.mono_visited += mono.stats.visited as f64 / n;
        c.trials
            .push([st.nodes() as f64, st.leaves as f64, mono.time as f64]);
        let mut per_k = Vec::new();
        for (i, &k) in ks.iter().enumerate() {
            let r = pooled::run(&t, q, k, &o).map_err(ExpError::failed)?;
            if r.value != v {
                return Err(ExpError::failed(format!(
                    "knm: wrong root value on f={f} q={q} seed={seed} k={k}"
                )));
            }
            c.nodes[i] += r.stats.visited as f64 / n;
            c.terms[i] += r.stats.terminals as f64 / n;
            c.time[i] += r.time as f64 / n;
            c.messages[i] += r.stats.messages as f64 / n;
            per_k.push([
                r.stats.visited as f64,
                r.stats.terminals as f64,
                r.time as f64,
            ]);
        }
        c.trials_k.push(per_k);
    }
    Ok(c)
}

fn table_rows(
    rep: &mut Report,
    md: &mut String,
    name: &str,
    rows: &[PaperRow],
    preorder: bool,
    seed: u64,
    pg: &crate::Progress,
) -> Result<Vec<serde_json::Value>, ExpError> {
    let mut data = Vec::new();
    let _ = writeln!(
        md,
        "\n# {name}: {} move preordering (paper / ours)\n\n| f | q | nodes | terms | nodes class. | terms class. | mono. time | k | nodes KNM | terms KNM | speedup |\n|---|---|---|---|---|---|---|---|---|---|---|",
        if preorder { "with" } else { "without" }
    );
    for p in rows {
        pg.message(format!("{name}: f={} q={}", p.f, p.q));
        let c = cell(p.f, p.q, preorder, seed..seed + TRIALS, &KS)?;
        let total = ((p.f as u64).pow(p.q + 1) - 1) / (p.f as u64 - 1);
        let terms = (p.f as u64).pow(p.q);
        let fq = format!("f={} q={}", p.f, p.q);
        // Total node and terminal counts: exact (the paper's column is the complete tree).
        rep.row(Row::exact(
            name,
            format!("{fq}: total nodes"),
            (total as f64, total.to_string()),
            (total as f64, total.to_string()),
        ));
        rep.row(Row::exact(
            name,
            format!("{fq}: total terminals"),
            (terms as f64, terms.to_string()),
            (terms as f64, terms.to_string()),
        ));
        rep.row(
            Row::compare(
                name,
                format!("{fq}: nodes visited by classical alpha-beta"),
                p.ab_nodes,
                c.ab_nodes,
                TOL,
            )
            .sampled(c.mean_iv(None, 0)),
        );
        match p.ab_terms {
            Some(x) => rep.row(
                Row::compare(
                    name,
                    format!("{fq}: terminals visited by classical alpha-beta"),
                    x,
                    c.ab_terms,
                    TOL,
                )
                .sampled(c.mean_iv(None, 1)),
            ),
            None => rep.row(Row::not_reproducible(
                name,
                format!("{fq}: terminals visited by classical alpha-beta"),
                "illegible in the seed",
                crate::report::num(c.ab_terms),
                "the seed's scan lost this number",
            )),
        }
        match p.mono {
            Some(x) => rep.row(
                Row::compare(name, format!("{fq}: mono-processor time"), x, c.mono, TOL)
                    .sampled(c.mean_iv(None, 2)),
            ),
            None => rep.row(Row::not_reproducible(
                name,
                format!("{fq}: mono-processor time"),
                "illegible in the seed",
                crate::report::num(c.mono),
                "the seed's scan lost this number",
            )),
        }
        for (i, &k) in KS.iter().enumerate() {
            rep.row(
                Row::compare(
                    name,
                    format!("{fq}, k={k}: nodes visited by KNM"),
                    p.nodes[i],
                    c.nodes[i],
                    TOL,
                )
                .sampled(c.mean_iv(Some(i), 0)),
            );
            rep.row(
                Row::compare(
                    name,
                    format!("{fq}, k={k}: terminals visited by KNM"),
                    p.terms[i],
                    c.terms[i],
                    TOL,
                )
                .sampled(c.mean_iv(Some(i), 1)),
            );
            // The resamples' seed is fixed by the row: the same trials give the same interval.
            let boot = hash2(hash2(seed, ((p.f as u64) << 8) | p.q as u64), k as u64);
            rep.row(
                Row::compare(
                    name,
                    format!("{fq}, k={k}: speedup"),
                    p.speedup[i],
                    c.speedup(i),
                    TOL,
                )
                .sampled(c.speedup_iv(i, boot)),
            );
            let opt = |x: Option<f64>| x.map_or("–".to_string(), |v| format!("{v:.2}"));
            let _ = writeln!(
                md,
                "| {} | {} | {total} | {terms} | {:.2} / {:.2} | {} / {:.2} | {} / {:.2} | {k} | {:.2} / {:.2} | {:.2} / {:.2} | {:.2} / {:.2} |",
                p.f,
                p.q,
                p.ab_nodes,
                c.ab_nodes,
                opt(p.ab_terms),
                c.ab_terms,
                opt(p.mono),
                c.mono,
                p.nodes[i],
                c.nodes[i],
                p.terms[i],
                c.terms[i],
                p.speedup[i],
                c.speedup(i)
            );
        }
        data.push(json!({
            "f": p.f, "q": p.q, "preorder": preorder,
            "ab_nodes": c.ab_nodes, "ab_terms": c.ab_terms, "mono": c.mono,
            "k": KS, "nodes": c.nodes, "terms": c.terms, "time": c.time,
            "speedup": (0..KS.len()).map(|i| c.speedup(i)).collect::<Vec<_>>(),
            "messages_per_visited_node": c.mono / c.mono_visited,
        }));
    }
    Ok(data)
}

/// Runs the experiment.
pub fn run(o: &Options) -> Result<Report, ExpError> {
    let pg = &o.progress;
    let mut rep = Report::new(
        "knm",
        "Lindstrom (1983): the Key Node Method, Tables 4-1 and 4-2 and beyond",
        PAPER,
        o.quick,
    );
    rep.setup(
        "trees",
        format!("`incremental:b=f,d=q,lo=-1000,hi=999,seed=S`, S = {} … {} (ten trials per row, as the paper): static value = parent's + uniform integer in [−1000, 999), the root 0 (§4.2.1)", o.seed, o.seed + 9),
    );
    rep.setup(
        "machine model",
        "§4.2.2: k processors, one pooled FIFO queue, min(k, queued) messages per time unit, at most one message per node per unit; mono time = messages processed by one processor (the first down message to the root included, the root's reports to the super-root not); §5.1 suppression on, as in the paper's tables",
    );
    rep.setup(
        "classical alpha-beta",
        "our serial alpha-beta (the slaves' stepper), with static-value move preordering in Table 4-1; nodes = interior + bottom positions",
    );
    rep.setup(
        "speedup",
        "mean mono time / mean k-processor time over the ten trials",
    );
    let mut md = String::new();
    rep.sample(Sample::new(TRIALS, Some(TRIALS), "trees per row"));
    let t41 = table_rows(&mut rep, &mut md, "Table 4-1", &TABLE_41, true, o.seed, pg)?;
    let t42 = table_rows(&mut rep, &mut md, "Table 4-2", &TABLE_42, false, o.seed, pg)?;
    let sweep = sweep(o, &mut rep, &mut md)?;
    let curves = speedup_vs_k(o, &mut rep, &mut md)?;
    rep.details = md;
    rep.data = json!({
        "table_4_1": t41,
        "table_4_2": t42,
        "sweep": sweep,
        "speedup_vs_k": curves.iter().map(|(n, p)| json!({"name": n, "points": p})).collect::<Vec<_>>(),
    });
    Ok(rep)
}

/// (b) Past the paper: the pooled model over f, q and k; the details table and the CSV;
/// returns the JSON rows.
fn sweep(
    o: &Options,
    rep: &mut Report,
    md: &mut String,
) -> Result<Vec<serde_json::Value>, ExpError> {
    let pg = &o.progress;
    let ks: Vec<u32> = (0..=10).map(|i| 1u32 << i).collect();
    let (fs, qs, trials): (&[u32], &[u32], u64) = if o.quick {
        (&[2, 4, 6], &[4, 6], 1)
    } else {
        (&[2, 3, 4, 6, 8, 10], &[4, 5, 6, 7, 8], 3)
    };
    let _ = writeln!(
        md,
        "\n# Past the paper: the pooled model, f ≤ {}, q ≤ {}, k ≤ 1024 ({trials} trial(s) each)\n\nMessages per visited node = mono time / nodes visited by one processor. Speedup = mean mono time / mean time.\n\n| preorder | f | q | nodes class. | nodes KNM (k=1) | mono time | messages / visited node | k=2 | k=8 | k=32 | k=128 | k=512 | k=1024 |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|",
        fs.last().unwrap(),
        qs.last().unwrap()
    );
    let mut csv = String::from(
        "preorder,f,q,k,ab_nodes,knm_nodes,knm_terms,mono_time,time,speedup,messages\n",
    );
    let mut sweep = Vec::new();
    for preorder in [true, false] {
        for &f in fs {
            for &q in qs {
                // Without preordering KNM visits far more: keep f^q ≤ 2·10^7 there.
                if !preorder && (f as f64).powi(q as i32) > 2e7 {
                    continue;
                }
                if (f as f64).powi(q as i32) > 1e8 {
                    continue;
                }
                pg.message(format!("sweep: f={f} q={q} preorder={preorder}"));
                let c = cell(f, q, preorder, o.seed..o.seed + trials, &ks)?;
                let at = |k: u32| c.speedup(ks.iter().position(|&x| x == k).unwrap());
                let _ = writeln!(
                    md,
                    "| {} | {f} | {q} | {:.1} | {:.1} | {:.1} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
                    preorder as u8,
                    c.ab_nodes,
                    c.mono_visited,
                    c.mono,
                    c.mono / c.mono_visited,
                    at(2),
                    at(8),
                    at(32),
                    at(128),
                    at(512),
                    at(1024)
                );
                for (i, &k) in ks.iter().enumerate() {
                    let _ = writeln!(
                        csv,
                        "{},{f},{q},{k},{:.2},{:.2},{:.2},{:.2},{:.2},{:.4},{:.1}",
                        preorder as u8,
                        c.ab_nodes,
                        c.nodes[i],
                        c.terms[i],
                        c.mono,
                        c.time[i],
                        c.speedup(i),
                        c.messages[i]
                    );
                }
                sweep.push(
                    json!({"preorder": preorder, "f": f, "q": q, "ab_nodes": c.ab_nodes,
                    "mono": c.mono, "mono_visited": c.mono_visited,
                    "messages_per_visited_node": c.mono / c.mono_visited,
                    "k": ks, "speedup": (0..ks.len()).map(|i| c.speedup(i)).collect::<Vec<_>>()}),
                );
            }
        }
    }
    rep.file("knm_sweep.csv", csv);
    Ok(sweep)
}

/// A named speedup curve: (k, speedup) points.
type Curve = (String, Vec<(f64, f64)>);

/// (c) Speedup against k: KNM pooled, KNM distributed and tree-split on the same trees; the
/// details table and the plot; returns the curves.
fn speedup_vs_k(o: &Options, rep: &mut Report, md: &mut String) -> Result<Vec<Curve>, ExpError> {
    let pg = &o.progress;
    let (pf, pq, pseeds): (u32, u32, u64) = if o.quick { (4, 6, 2) } else { (5, 7, 3) };
    let cost = CostModel::unit(1.0);
    let sim = Backend::Sim(SimConfig::new(cost.clone()));
    let pks: Vec<u32> = (0..=10).map(|i| 1u32 << i).collect();
    let knm_dist: ParAlgo = "knm:preorder=1".parse().map_err(ExpError::failed)?;
    let ts: Vec<ParAlgo> = [
        "tree-split:preorder=1,master=0",
        "tree-split:q=2,preorder=1,master=0",
        "tree-split:q=3,preorder=1,master=0",
    ]
    .iter()
    .map(|a| a.parse().map_err(ExpError::failed))
    .collect::<Result<_, _>>()?;
    let mut curves: Vec<Curve> = vec![
        ("KNM, pooled model (mono time / time)".into(), Vec::new()),
        (
            "KNM, distributed, unit cost (vs serial alpha-beta)".into(),
            Vec::new(),
        ),
        (
            "tree-split, unit cost (vs serial alpha-beta)".into(),
            Vec::new(),
        ),
        (
            "KNM, distributed, unit cost (T(1) / T(k))".into(),
            Vec::new(),
        ),
    ];
    let mut dist_t1 = 0.0;
    let mut msg_rows = String::new();
    let o_pre = KnmOptions {
        preorder: true,
        ..KnmOptions::default()
    };
    for &k in &pks {
        pg.message(format!("speedup vs k: k={k}"));
        let (mut sp, mut sd) = (0.0, 0.0);
        let mut st_shape = [0.0f64; 3];
        let mut fits = [true; 3];
        let (mut dm, mut dv, mut dt) = (0.0, 0.0, 0.0);
        for seed in o.seed..o.seed + pseeds {
            let t = tree(pf, pq, seed);
            let mono = pooled::run(&t, pq, 1, &o_pre).map_err(ExpError::failed)?;
            let r = pooled::run(&t, pq, k, &o_pre).map_err(ExpError::failed)?;
            sp += mono.time as f64 / r.time as f64 / pseeds as f64;
            let d = search(&knm_dist, &t, pq, Some(k), &sim).map_err(ExpError::failed)?;
            sd += alphabeta_speedup(&d).unwrap_or(0.0) / pseeds as f64;
            dt += d.time / pseeds as f64;
            let (_, _, kst) = dist::run_sim_stats(&o_pre, &t, pq, k, &SimConfig::new(cost.clone()));
            dm += kst.messages as f64;
            dv += kst.visited as f64;
            if k >= 2 {
                for (i, a) in ts.iter().enumerate() {
                    match search(a, &t, pq, Some(k), &sim) {
                        Ok(x) => {
                            st_shape[i] += alphabeta_speedup(&x).unwrap_or(0.0) / pseeds as f64
                        }
                        Err(_) => fits[i] = false, // this processor-tree depth needs more processors
                    }
                }
            }
        }
        let st = (0..3)
            .filter(|&i| fits[i])
            .map(|i| st_shape[i])
            .fold(0.0, f64::max);
        curves[0].1.push((k as f64, sp));
        curves[1].1.push((k as f64, sd));
        if k == 1 {
            dist_t1 = dt;
        }
        curves[3].1.push((k as f64, dist_t1 / dt));
        if k >= 2 {
            curves[2].1.push((k as f64, st));
        }
        let _ = writeln!(
            msg_rows,
            "| {k} | {sp:.2} | {sd:.2} | {:.2} | {} | {:.2} |",
            dist_t1 / dt,
            if k >= 2 {
                format!("{st:.2}")
            } else {
                "–".into()
            },
            dm / dv
        );
    }
    let _ = writeln!(
        md,
        "\n# Speedup against k on `incremental:b={pf},d={pq},lo=-1000,hi=999`, seeds {}…{}, preordered\n\nPooled: the paper's model and definition. Distributed KNM and tree-split: the `sim` runtime with Fishburn–Finkel's `unit` cost model (bottom position 1, message ½ at its sender), speedup over serial alpha-beta's virtual time (KNM pays ½ per message and sends several per node, so it starts far below 1), and the distributed form's own T(1)/T(k). Tree-split: the best mean speedup of the processor trees of depth 1 (one master, k − 1 slaves), 2 and 3 that fit in k processors (a depth-1 tree cannot use more slaves than the root has moves). The distributed form's messages per visited node include the §5.3 validity reports it uses to detect finality.\n\n| k | KNM pooled | KNM distributed | KNM distributed T(1)/T(k) | tree-split | distributed messages / visited node |\n|---|---|---|---|---|---|\n{msg_rows}",
        o.seed,
        o.seed + pseeds - 1
    );
    rep.plot(
        "knm_speedup",
        format!("Speedup against processors on `incremental:b={pf},d={pq},lo=-1000,hi=999` (mean of {pseeds} trees, preordered): KNM in the paper's pooled model (mono time / time) and in its distributed form, and tree-split, both on the simulator under the unit cost model (against serial alpha-beta)"),
        Chart {
            title: format!("Speedup vs processors, incremental b={pf} d={pq}"),
            x_label: "processors k".into(),
            y_label: "speedup".into(),
            log_x: true,
            log_y: true,
            series: curves
                .iter()
                .map(|(name, pts)| Series {
                    name: name.clone(),
                    points: pts.clone(),
                    style: Style::LinePoints,
                })
                .collect(),
        },
    );
    Ok(curves)
}
