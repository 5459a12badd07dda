//! The processors' serial search seen from outside (its own tests are the crate's unit tests,
//! `src/subsearch/tests.rs`): `--quiescence` reaches every processor of tree-split on both
//! runtimes, and threads whose serial searches run while UPDATEs arrive stay exact.
use arachne_core::Limits;
use arachne_games::{chess::bench, IncrementalTree};
use arachne_parallel::{search, Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};

/// Random branching on odd seeds.
fn incremental(b: u32, d: u32, seed: u64) -> IncrementalTree {
    crate::common::incremental(b, d, seed, seed % 2 == 1, -50, 50)
}

/// `--quiescence` on tree-split: every processor values bottom positions by the capture
/// search, on the simulator and on threads, giving the serial search's value with quiescence
/// (the other algorithms: `tests/suite/quiescence.rs`).
#[test]
fn tree_split_takes_quiescence_everywhere() {
    let opts = SearchOptions {
        quiescence: true,
        ..SearchOptions::default()
    };
    let mut differs = 0;
    for rec in bench::wac().iter().step_by(40) {
        let root = &rec.position;
        let want = Algorithm::AlphaBeta
            .search(root, &Limits::depth(3), &opts)
            .value;
        let plain = Algorithm::AlphaBeta
            .search(root, &Limits::depth(3), &SearchOptions::default())
            .value;
        differs += usize::from(want != plain);
        for spec in [
            "tree-split",
            "tree-split:q=2",
            "tree-split:master=1",
            "tree-split:f=2,q=3",
            "tree-split:master=1,pv=1",
            "tree-split:id=1,pv=1,preorder=1",
        ] {
            let algo: ParAlgo = spec.parse().unwrap();
            let algo = algo.with_quiescence(true).unwrap();
            for be in [
                Backend::Sim(SimConfig::new(CostModel::arachne())),
                Backend::Threads { poll_every: 16 },
            ] {
                let procs = (!spec.contains("f=")).then_some(5);
                let out = search(&algo, root, 3, procs, &be).unwrap();
                assert_eq!(out.value, want, "{spec} {be:?}");
                assert!(out.stats.qnodes > 0, "{spec} {be:?}");
            }
        }
    }
    assert!(differs > 0, "quiescence must matter on these positions");
}

/// On threads, jobs large enough that the mailbox is read mid-search (UPDATEs narrow running
/// serial searches, masters handle VALUEs from inside their own solo and local searches):
/// every configuration gives the serial value.
#[test]
fn threads_with_running_serial_searches_are_exact() {
    let be = Backend::Threads { poll_every: 16 };
    for seed in 0..6u64 {
        let root = incremental(6, 8, seed);
        let want = Algorithm::AlphaBeta
            .search(&root, &Limits::depth(8), &SearchOptions::default())
            .value;
        for (spec, procs) in [
            ("tree-split", Some(3)),
            ("tree-split:master=1", Some(2)),
            ("tree-split:q=2", Some(7)),
            ("tree-split:raise=general", Some(3)),
            ("tree-split:pv=1", Some(3)),
            ("tree-split:master=1,pv=1,preorder=1", Some(2)),
            ("tree-split:q=2,pv=1", Some(7)),
            ("tree-split:id=1,pv=1,preorder=1", Some(3)),
            ("type-guided", Some(3)),
            ("type-guided:master=1,preorder=1", Some(2)),
            ("type-guided:f=2/2,master=1", None),
            ("type-guided:serial=4", Some(3)),
        ] {
            let algo: ParAlgo = spec.parse().unwrap();
            let out = search(&algo, &root, 8, procs, &be).unwrap();
            if out.exact {
                assert_eq!(out.value, want, "seed {seed} {spec}");
            } else {
                assert!(out.value <= want, "seed {seed} {spec}");
            }
        }
    }
}
