//! `--quiescence` on every message-passing algorithm: every processor, master or slave, values
//! the bottom positions it meets by `arachne-search`'s capture search, so the value is that of
//! `alphabeta --quiescence` (negamax whose horizon positions are valued by the full-window
//! capture search) — on chess positions where quiescence changes the value, on the simulator
//! and on threads; and on synthetic trees (no captures) it changes nothing.
use arachne_core::Limits;
use arachne_games::{chess::bench, Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_parallel::{search, Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};

/// The algorithms that took `--quiescence` last (tree-split and type-guided have their own
/// tests), with the processors each gets.
const SPECS: &[(&str, Option<u32>)] = &[
    ("baudet", Some(3)),
    ("baudet:width=40", Some(4)),
    ("palphabeta-par", Some(4)),
    ("palphabeta-par:f=2,q=2", None),
    ("pbound", Some(4)),
    ("pbound:f=2,q=2", None),
    ("knm", Some(3)),
    ("knm:deepening=1,preorder=1", Some(2)),
    ("knm:model=pooled", Some(4)),
    ("knm:model=pooled,deepening=1", Some(4)),
    ("tree-split:grand=1", Some(4)),
    ("tree-split:grand=1,f=2,q=2", None),
];

fn backends() -> [Backend; 2] {
    [
        Backend::Sim(SimConfig::new(CostModel::arachne())),
        Backend::Threads { poll_every: 16 },
    ]
}

fn runs_on(spec: &str, be: &Backend) -> bool {
    !(spec.contains("model=pooled") && matches!(be, Backend::Threads { .. }))
}

#[test]
fn every_algorithm_gives_alphabeta_with_quiescence_on_chess() {
    let q = SearchOptions {
        quiescence: true,
        ..SearchOptions::default()
    };
    let mut differs = 0;
    let wac = bench::wac();
    for (i, rec) in wac.iter().enumerate().step_by(30).take(8) {
        let root = &rec.position;
        let want = Algorithm::AlphaBeta
            .search(root, &Limits::depth(3), &q)
            .value;
        let plain = Algorithm::AlphaBeta
            .search(root, &Limits::depth(3), &SearchOptions::default())
            .value;
        differs += usize::from(want != plain);
        for &(spec, procs) in SPECS {
            let algo: ParAlgo = spec.parse().unwrap();
            let algo = algo.with_quiescence(true).unwrap();
            for be in backends() {
                if !runs_on(spec, &be) {
                    continue;
                }
                let out = search(&algo, root, 3, procs, &be)
                    .unwrap_or_else(|e| panic!("{spec} {be:?} wac #{i}: {e}"));
                assert_eq!(out.value, want, "{spec} {be:?} wac #{i}");
                assert!(out.exact, "{spec} {be:?}");
                assert!(out.stats.qnodes > 0, "{spec} {be:?}: no capture search ran");
                if let (Backend::Sim(_), Some(st)) = (&be, out.serial_stats) {
                    // The simulator's reference searches with quiescence too.
                    assert!(st.qnodes > 0, "{spec}: serial reference without quiescence");
                }
            }
        }
    }
    // Quiescence must change the value on several of these positions (else the test proves
    // little).
    assert!(differs >= 3, "quiescence changed only {differs} values");
}

/// Synthetic trees have no captures: with `--quiescence` the value and the search are those
/// without it.
#[test]
fn quiescence_is_a_no_op_on_trees() {
    for seed in 0..12u64 {
        let root = IncrementalTree::new(IncrementalParams {
            b: 4,
            d: 5,
            seed,
            branching: if seed % 2 == 0 {
                Branching::Uniform
            } else {
                Branching::Random
            },
            values: EdgeValues::Int { lo: -50, hi: 50 },
        });
        let want = Algorithm::AlphaBeta
            .search(&root, &Limits::depth(5), &SearchOptions::default())
            .value;
        for &(spec, procs) in SPECS {
            let plain: ParAlgo = spec.parse().unwrap();
            let q = plain.with_quiescence(true).unwrap();
            let be = Backend::Sim(SimConfig::new(CostModel::arachne()));
            let a = search(&plain, &root, 5, procs, &be).unwrap();
            let b = search(&q, &root, 5, procs, &be).unwrap();
            assert_eq!(b.value, want, "{spec} seed {seed}");
            assert_eq!(a.value, want, "{spec} seed {seed}");
            assert_eq!(a.stats.nodes(), b.stats.nodes(), "{spec} seed {seed}");
            assert_eq!(b.stats.qnodes, 0, "{spec} seed {seed}");
            let t = Backend::Threads { poll_every: 16 };
            if runs_on(spec, &t) {
                assert_eq!(search(&q, &root, 5, procs, &t).unwrap().value, want);
            }
        }
    }
}
