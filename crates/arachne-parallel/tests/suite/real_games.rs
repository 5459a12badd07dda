//! The parallel algorithms on real games, with and without the static move ordering every
//! process applies (the game's hint — MVV/LVA captures in chess — then static values): the
//! value is always alpha-beta's.
use arachne_core::{Game, Limits};
use arachne_games::{checkers, chess::bench, Chess};
use arachne_parallel::{search, Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};

fn check<G: Game>(root: &G, depth: u32, what: &str) {
    let want = Algorithm::AlphaBeta.search(root, &Limits::depth(depth), &SearchOptions::default());
    let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
    for spec in [
        "tree-split",
        "tree-split:preorder=1",
        "tree-split:q=2,f=2,preorder=1",
        "palphabeta-par:f=2,q=1",
        "baudet",
    ] {
        let algo: ParAlgo = spec.parse().unwrap();
        // An explicit processor tree fixes the count; otherwise four processors.
        let procs = if spec.contains("q=") { None } else { Some(4) };
        let out = search(&algo, root, depth, procs, &sim).unwrap();
        assert!(out.exact, "{what} {spec}");
        assert_eq!(out.value, want.value, "{what} {spec}");
    }
}

#[test]
fn chess_bench_positions() {
    for (i, rec) in bench::lct2().iter().enumerate().step_by(9) {
        check(&rec.position, 3, &format!("lct2 #{}", i + 1));
    }
    check(&Chess::default(), 3, "start");
}

#[test]
fn checkers_bench_positions() {
    for (i, p) in checkers::bench_positions().iter().enumerate().step_by(3) {
        check(p, 5, &format!("checkers #{i}"));
    }
}

/// Threads: tree-split's defaults there (`pv=1,id=1`, the masters ordering by the shared
/// table, whose moves the processors' serial searches store too) and §4's literal form, with
/// the serial engine's ordering and quiescence, against the serial search with the same options.
#[test]
fn tree_split_threads_defaults_on_real_games() {
    fn run<G: Game>(root: &G, depth: u32, what: &str) {
        let opts = SearchOptions {
            quiescence: true,
            ..SearchOptions::default()
        };
        let want = Algorithm::AlphaBeta.search(root, &Limits::depth(depth), &opts);
        let threads = Backend::Threads { poll_every: 64 };
        for spec in ["tree-split", "tree-split:pv=0,id=0", "tree-split:master=0"] {
            let algo = spec.parse::<ParAlgo>().unwrap();
            let algo = algo.with_quiescence(true).unwrap();
            for p in [2, 3, 4] {
                let out = search(&algo, root, depth, Some(p), &threads).unwrap();
                assert!(out.exact, "{what} {spec} P={p}");
                assert_eq!(out.value, want.value, "{what} {spec} P={p}");
            }
        }
    }
    for (i, rec) in bench::lct2().iter().enumerate().step_by(5) {
        run(&rec.position, 4, &format!("lct2 #{}", i + 1));
    }
    for (i, p) in checkers::bench_positions().iter().enumerate().step_by(2) {
        run(p, 7, &format!("checkers #{i}"));
    }
}
