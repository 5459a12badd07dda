//! The serial engine's check extension and null move in the message-passing algorithms
//! (`arachne_parallel::Engine`): with `--check-extension` every processor (masters,
//! slaves' serial searches on threads, steppers on the simulator) extends by the engine's rule,
//! so the value is `falphabeta --check-extension`'s; the null move is taken by the slaves'
//! serial searches on every backend (the simulator's processors run the same search), refused
//! with `worker=stepper`; knm refuses both.
use arachne_core::{Game, Limits, Score};
use arachne_games::chess::{bench, Chess};
use arachne_parallel::{search, Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};

const SPECS: &[(&str, Option<u32>)] = &[
    ("tree-split", Some(4)),
    ("tree-split:master=1", Some(3)),
    ("tree-split:f=2,q=2", None),
    ("tree-split:grand=1", Some(4)),
    ("tree-split:id=1,pv=1", Some(3)),
    ("baudet", Some(3)),
    ("palphabeta-par", Some(4)),
    ("pbound", Some(4)),
    ("pbound:f=2,q=2", None),
    ("type-guided", Some(4)),
    ("type-guided:f=2,levels=2,serial=0", None),
];

fn backends() -> [Backend; 2] {
    [
        Backend::Sim(SimConfig::new(CostModel::arachne())),
        Backend::Threads { poll_every: 16 },
    ]
}

fn serial(pos: &Chess, depth: u32, check_extension: bool, quiescence: bool) -> Score {
    let opts = SearchOptions {
        check_extension,
        quiescence,
        ..SearchOptions::default()
    };
    Algorithm::FAlphaBeta
        .search(pos, &Limits::depth(depth), &opts)
        .value
}

fn with_ce(spec: &str, quiescence: bool) -> ParAlgo {
    let a: ParAlgo = spec.parse().unwrap();
    a.with_quiescence(quiescence)
        .unwrap()
        .with_check_extension(true)
        .unwrap()
}

/// On WAC positions at depth 3 (with and without quiescence), every algorithm on both runtimes
/// gives `falphabeta --check-extension`'s value; the extension changes it on several.
#[test]
fn check_extension_gives_the_serial_engines_value() {
    let wac = bench::wac();
    let mut differs = 0;
    for (i, rec) in wac.iter().enumerate().step_by(23).take(9) {
        let pos = &rec.position;
        for q in [false, true] {
            let want = serial(pos, 3, true, q);
            differs += usize::from(want != serial(pos, 3, false, q));
            for &(spec, procs) in SPECS {
                let algo = with_ce(spec, q);
                for be in backends() {
                    let out = search(&algo, pos, 3, procs, &be)
                        .unwrap_or_else(|e| panic!("{spec} {be:?} wac #{i}: {e}"));
                    assert_eq!(out.value, want, "{spec} q={q} {be:?} wac #{i}");
                }
            }
        }
    }
    assert!(differs >= 3, "the extension changed only {differs} values");
}

/// Re8+ Rxe8 Rxe8#: at depth 2 only the extension sees the mate (as in arachne-search's and
/// the shared-memory searches' tests); dropping it fails.
#[test]
fn check_extension_sees_a_mate_past_the_horizon() {
    let pos = Chess::from_fen("r5k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1").unwrap();
    assert!(!serial(&pos, 2, false, false).is_decisive());
    for &(spec, procs) in SPECS {
        for be in backends() {
            let out = search(&with_ce(spec, false), &pos, 2, procs, &be).unwrap();
            assert_eq!(out.value, Score::win_in(3), "{spec} {be:?}");
            assert_eq!(
                pos.move_name(out.best_move.unwrap()),
                "e2e8",
                "{spec} {be:?}"
            );
        }
    }
}

#[test]
fn check_extension_and_null_move_refused_where_not_taken() {
    for spec in ["knm", "knm:model=pooled"] {
        let a: ParAlgo = spec.parse().unwrap();
        let e = a.with_check_extension(true).unwrap_err();
        assert!(
            e.to_string().starts_with("--check-extension"),
            "{spec}: {e}"
        );
    }
    let threads = Backend::Threads { poll_every: 16 };
    let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
    for spec in ["pbound", "knm", "tree-split:grand=1"] {
        let a: ParAlgo = spec.parse().unwrap();
        let e = a.with_null_move(true, &threads).unwrap_err();
        assert!(e.to_string().starts_with("--null-move"), "{spec}: {e}");
    }
    for spec in ["tree-split", "baudet", "palphabeta-par", "type-guided"] {
        let a: ParAlgo = spec.parse().unwrap();
        assert!(a.with_null_move(true, &sim).is_ok(), "{spec}");
        assert!(a.with_null_move(true, &threads).is_ok(), "{spec}");
        let paper: ParAlgo = format!("{spec}:worker=stepper").parse().unwrap();
        let e = paper.with_null_move(true, &sim).unwrap_err();
        assert!(e.to_string().starts_with("--null-move"), "{spec}: {e}");
        assert!(e.to_string().contains("worker=stepper"), "{spec}: {e}");
    }
    let e = "knm:worker=stepper".parse::<ParAlgo>().unwrap_err();
    assert!(e.to_string().starts_with("knm: worker=stepper"), "{e}");
    let e = "tree-split:worker=fast".parse::<ParAlgo>().unwrap_err();
    assert!(e.to_string().contains("worker=`fast`"), "{e}");
}

/// The null move on threads and on the simulator: taken by the slaves' serial searches. Where no pass is allowed
/// (the side to move has no rook, queen or two minor pieces at any node) nothing changes; on
/// a position where every search that honours it agrees (WAC 24 at depth 3: 100, as
/// `falphabeta --null-move`, the shared-memory searches and aspiration), the value is that one,
/// not the value without it (800).
#[test]
fn null_move_on_every_backend() {
    let nm = SearchOptions {
        null_move: true,
        ..SearchOptions::default()
    };
    let wac24 = &bench::wac()[23].position;
    let want = Algorithm::FAlphaBeta
        .search(wac24, &Limits::depth(3), &nm)
        .value;
    let plain = serial(wac24, 3, false, false);
    assert_ne!(want, plain, "the null move must matter here");
    // A king-and-pawns ending: the pass is refused everywhere, so the value is the plain one.
    let ending = Chess::from_fen("8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50").unwrap();
    let ending_value = serial(&ending, 5, false, false);
    for spec in [
        "tree-split",
        "tree-split:master=1",
        "baudet",
        "palphabeta-par",
        "type-guided",
        "type-guided:f=2,levels=2",
    ] {
        for be in backends() {
            let a: ParAlgo = spec.parse().unwrap();
            let a = a.with_null_move(true, &be).unwrap();
            let procs = (!spec.contains("levels")).then_some(3);
            let out = search(&a, wac24, 3, procs, &be).unwrap();
            assert_eq!(out.value, want, "{spec} on wac 24, {be:?}");
            let out = search(&a, &ending, 5, procs, &be).unwrap();
            assert_eq!(out.value, ending_value, "{spec} on the ending, {be:?}");
        }
    }
}

/// `pv=1` splits the leftmost line below the root only from 4 plies on: at depth 4, with the
/// check extension and quiescence, its descent extends and values bottom positions as every
/// other processor does.
#[test]
fn pv_split_descent_takes_the_engine_options() {
    let wac = bench::wac();
    for rec in wac.iter().step_by(97).take(2) {
        let pos = &rec.position;
        let want = serial(pos, 4, true, true);
        for spec in ["tree-split:pv=1", "tree-split:pv=1,id=1,master=1"] {
            for be in backends() {
                let out = search(&with_ce(spec, true), pos, 4, Some(3), &be).unwrap();
                assert_eq!(out.value, want, "{spec} {be:?}");
            }
        }
    }
}
