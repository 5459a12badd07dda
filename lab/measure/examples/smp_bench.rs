//! Time-to-depth of the shared-memory searches against serial staged alpha-beta (same ordering,
//! same 16 MiB table), measured side by side: every round runs each configuration once on the
//! whole set, rounds are repeated, and the median round time is reported.
//!
//! Only the searches are timed. Every configuration searches with one caller-owned 16 MiB table,
//! emptied before each position outside the timed region (each search starts from an empty
//! table, as before). A search that allocates its own table pays for zeroing 16 MiB (glibc's
//! `calloc` reuses freed heap memory and clears it: about 0.8 ms here) on one thread before it
//! starts — a serial constant that on Othello's 244 searches of about 2 ms each was a third of
//! the serial time and capped every 2-thread ratio near 1.5 (Amdahl). The time of those clears
//! is printed under each table for reference.
//!
//! Othello is searched at depth 7 (as before; about 2 ms a search, where the fixed costs of a
//! parallel search — waking a thread, the first iterations that both threads search alike —
//! weigh a lot) and at depth 9 (16–18 ms a search on the 2-core machine, 8 times the work;
//! closer to what an engine spends on a move). Both are printed (the 2-thread target
//! names no depth); depth 7 stays for comparison with earlier runs.
//!
//! A third Othello set searches every 10th position (25 of the 244) to depth 11, about 150 ms a
//! serial search: published time-to-depth speedups are measured on searches of 100 ms or more,
//! and the three Othello depths side by side show how the 2-thread ratio grows with the size
//! of the search.
//!
//! Besides `ybwc` at one thread, `abdada` at one thread is timed: ABDADA's own serial baseline
//! (its extra nodes at 2 threads are counted against it).
//!
//! After the sets, a summary table gives, per set, the best 2-thread search against
//! `salphabeta` and ABDADA's nodes at 2 threads against 1.
//!
//! `cargo run --release -p arachne-measure --example smp_bench -- [ROUNDS] [SET [CONFIG]]`
//!
//! `SET` (`chess`, `checkers`, `othello`, `othello9`, `othello11`, `trees`, or `othello@D` for
//! all 244 Othello positions at depth `D`, e.g. `othello@1` to see the fixed cost of a
//! search) runs one set only; `CONFIG` (`serial`, or `ALGO:THREADS` such as `abdada:1`) runs
//! one configuration only, e.g. to count its instructions under `valgrind --tool=callgrind`.
use arachne_core::{Game, Limits, TranspositionTable};
use arachne_games::{
    chess::bench, othello, Branching, EdgeValues, IncrementalParams, IncrementalTree,
};
use arachne_parallel::smp::{search, SmpAlgo};
use arachne_search::{Algorithm, Inner, SearchOptions};
use std::time::Instant;

/// Every how many Othello bench positions the depth-11 set takes.
const OTHELLO11_STEP: usize = 10;

/// One set's result for the summary: its name, then per configuration label, median time and
/// nodes.
type Summary = Vec<(String, Vec<(String, f64, u64)>)>;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// The configurations to time: all of them, or the one named on the command line.
fn configs(only: Option<&str>) -> Vec<(String, Option<(SmpAlgo, usize)>)> {
    if let Some(c) = only {
        if c == "serial" {
            return vec![("salphabeta (serial)".into(), None)];
        }
        let (a, t) = c.rsplit_once(':').expect("CONFIG: serial or ALGO:THREADS");
        return vec![(
            format!("{a} T={t}"),
            Some((a.parse().unwrap(), t.parse().unwrap())),
        )];
    }
    vec![
        ("salphabeta (serial)".into(), None),
        ("ybwc T=1".into(), Some(("ybwc".parse().unwrap(), 1))),
        ("abdada T=1".into(), Some(("abdada".parse().unwrap(), 1))),
        ("ybwc T=2".into(), Some(("ybwc".parse().unwrap(), 2))),
        (
            "jamboree T=2".into(),
            Some(("jamboree".parse().unwrap(), 2)),
        ),
        (
            "lazy-smp T=2".into(),
            Some(("lazy-smp".parse().unwrap(), 2)),
        ),
        ("abdada T=2".into(), Some(("abdada".parse().unwrap(), 2))),
    ]
}

fn set<G: Game>(
    summary: &mut Summary,
    name: &str,
    roots: &[G],
    depth: u32,
    opts: &SearchOptions,
    rounds: usize,
) {
    let only = std::env::args().nth(3);
    let configs = configs(only.as_deref());
    let mut times = vec![Vec::new(); configs.len()];
    let mut nodes = vec![0u64; configs.len()];
    let tt = TranspositionTable::with_mib(opts.tt_mib.max(1));
    let mut clears = Vec::new();
    for _ in 0..rounds {
        for (k, (_, c)) in configs.iter().enumerate() {
            let mut t = 0.0;
            let mut n = 0;
            for r in roots {
                let c0 = Instant::now();
                tt.clear();
                clears.push(c0.elapsed().as_secs_f64());
                let t0 = Instant::now();
                let out = match c {
                    None => Algorithm::Staged {
                        inner: Inner::AlphaBeta,
                    }
                    .search_with(
                        r,
                        &Limits::depth(depth),
                        opts,
                        Some(&tt),
                        &mut |_| {},
                    ),
                    Some((a, th)) => search(
                        a,
                        r,
                        &Limits::depth(depth),
                        opts,
                        *th,
                        Some(&tt),
                        &mut |_| {},
                    )
                    .unwrap(),
                };
                t += t0.elapsed().as_secs_f64();
                n += out.stats.nodes() + out.stats.qnodes;
            }
            times[k].push(t);
            nodes[k] = n;
        }
    }
    let base = median(times[0].clone());
    let one = median(times[1.min(times.len() - 1)].clone());
    println!(
        "\n{name}, depth {depth}, {} positions, {rounds} rounds\n",
        roots.len()
    );
    println!("| search | median time (s) | speedup vs salphabeta | speedup vs ybwc T=1 | nodes | extra nodes vs salphabeta |");
    println!("|---|---|---|---|---|---|");
    let mut rows = Vec::new();
    for (k, (label, _)) in configs.iter().enumerate() {
        let t = median(times[k].clone());
        rows.push((label.clone(), t, nodes[k]));
        println!(
            "| {label} | {t:.3} | {:.2} | {:.2} | {} | {:+.1} % |",
            base / t,
            one / t,
            nodes[k],
            100.0 * (nodes[k] as f64 / nodes[0] as f64 - 1.0)
        );
    }
    println!(
        "\n(not timed: emptying the 16 MiB table before each search, {:.3} s per pass over the set)",
        clears.iter().sum::<f64>() / (rounds * configs.len()) as f64
    );
    summary.push((format!("{name}, depth {depth}"), rows));
}

/// The summary table (see the module docs).
fn print_summary(summary: &Summary) {
    if summary.is_empty() || summary[0].1.len() < 2 {
        return;
    }
    println!("\nsummary: best 2-thread search against salphabeta\n");
    println!("| set | best at T=2 | speedup vs salphabeta | abdada T=2 vs salphabeta | abdada nodes T=2 vs T=1 |");
    println!("|---|---|---|---|---|");
    for (name, rows) in summary {
        let base = rows[0].1;
        let find = |l: &str| rows.iter().find(|r| r.0 == l);
        let Some(best) = rows
            .iter()
            .filter(|r| r.0.ends_with("T=2"))
            .min_by(|a, b| a.1.partial_cmp(&b.1).unwrap())
        else {
            continue;
        };
        let (Some(a1), Some(a2)) = (find("abdada T=1"), find("abdada T=2")) else {
            continue;
        };
        println!(
            "| {name} | {} | {:.2} | {:.2} | {:+.1} % |",
            best.0,
            base / best.1,
            base / a2.1,
            100.0 * (a2.2 as f64 / a1.2 as f64 - 1.0)
        );
    }
}

fn main() {
    let rounds: usize = std::env::args().nth(1).map_or(3, |s| s.parse().unwrap());
    let only = std::env::args().nth(2);
    let run = |name: &str| only.as_deref().is_none_or(|o| o == name);
    let ordering = SearchOptions {
        hints: true,
        killers: true,
        history: true,
        ..SearchOptions::default()
    };
    let mut summary = Summary::new();
    if run("chess") {
        let chess: Vec<_> = bench::lct2()
            .into_iter()
            .step_by(8)
            .map(|r| r.position)
            .collect();
        set(
            &mut summary,
            "chess (LCT II, every 8th), quiescence",
            &chess,
            6,
            &SearchOptions {
                quiescence: true,
                ..ordering.clone()
            },
            rounds,
        );
    }
    if run("checkers") {
        set(
            &mut summary,
            "checkers bench",
            &arachne_games::checkers::bench_positions(),
            11,
            &ordering,
            rounds,
        );
    }
    if run("othello") {
        set(
            &mut summary,
            "othello bench",
            &othello::bench_positions(),
            7,
            &ordering,
            rounds,
        );
    }
    if run("othello9") {
        set(
            &mut summary,
            "othello bench (deeper)",
            &othello::bench_positions(),
            9,
            &ordering,
            rounds,
        );
    }
    if run("othello11") {
        let deep: Vec<_> = othello::bench_positions()
            .into_iter()
            .step_by(OTHELLO11_STEP)
            .collect();
        set(
            &mut summary,
            &format!("othello bench (every {OTHELLO11_STEP}th position)"),
            &deep,
            11,
            &ordering,
            rounds,
        );
    }
    if let Some(d) = only.as_deref().and_then(|o| o.strip_prefix("othello@")) {
        set(
            &mut summary,
            "othello bench",
            &othello::bench_positions(),
            d.parse().expect("othello@DEPTH"),
            &ordering,
            rounds,
        );
    }
    if run("trees") {
        let trees: Vec<_> = (1..=5)
            .map(|seed| {
                IncrementalTree::new(IncrementalParams {
                    b: 10,
                    d: 10,
                    seed,
                    branching: Branching::Uniform,
                    values: EdgeValues::Real,
                })
            })
            .collect();
        set(
            &mut summary,
            "incremental b=10 d=10 seeds 1..5, static ordering",
            &trees,
            10,
            &SearchOptions {
                preorder: true,
                ..SearchOptions::default()
            },
            rounds,
        );
    }
    print_summary(&summary);
}
