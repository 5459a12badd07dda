//! Parallel searches return the whole principal variation, on every
//! backend: a line from the best move whose bottom position's value, with negamax signs, is
//! the root value.
use arachne_core::{Game, Limits, Score};
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_parallel::{search, search_limited, Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};

/// Value of the bottom position at the end of `pv`, from the root's side (negamax signs).
fn line_value<G: Game>(root: &G, pv: &[G::Move]) -> Score {
    let mut pos = root.clone();
    for &m in pv {
        pos = pos.play(m);
    }
    let v = pos.evaluate().at_ply(pv.len() as u32);
    if pv.len() % 2 == 0 {
        v
    } else {
        -v
    }
}

#[test]
fn principal_lines_end_in_the_root_value() {
    let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
    let threads = Backend::Threads { poll_every: 8 };
    for seed in 1..=40u64 {
        let (b, d) = (2 + (seed % 4) as u32, 3 + (seed % 4) as u32);
        let root = IncrementalTree::new(IncrementalParams {
            b,
            d,
            seed,
            branching: if seed % 2 == 0 {
                Branching::Random
            } else {
                Branching::Uniform
            },
            values: EdgeValues::Int { lo: -50, hi: 50 },
        });
        for spec in [
            "tree-split",
            "tree-split:grand=1",
            "palphabeta-par",
            "pbound",
            "baudet",
        ] {
            let algo: ParAlgo = spec.parse().unwrap();
            for backend in [&sim, &threads] {
                if matches!(backend, Backend::Threads { .. }) && seed % 8 != 0 {
                    continue; // threads are slower to start: a few trees suffice
                }
                let out = search(&algo, &root, d, Some(4), backend).unwrap();
                if !out.exact {
                    continue;
                }
                assert_eq!(out.pv.first().copied(), out.best_move, "{spec} seed {seed}");
                assert!(!out.pv.is_empty(), "{spec} seed {seed}");
                assert_eq!(
                    line_value(&root, &out.pv),
                    out.value,
                    "{spec} seed {seed}: {:?}",
                    out.pv
                );
            }
        }
    }
}

#[test]
fn a_stopped_search_has_no_line() {
    let root = IncrementalTree::new(IncrementalParams {
        b: 8,
        d: 10,
        seed: 3,
        branching: Branching::Uniform,
        values: EdgeValues::Real,
    });
    let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
    // The paper's slave counts a node at a time; the engine's search on the simulator, as on
    // threads, a look at the mailbox (2 048 positions) at a time on each of its 3 slaves.
    for (spec, most) in [
        ("tree-split:worker=stepper", 2000),
        ("tree-split", 1000 + 4 * 2048),
    ] {
        let algo: ParAlgo = spec.parse().unwrap();
        let limits = Limits::default().with_nodes(1000);
        let out = search_limited(
            &algo,
            &root,
            10,
            arachne_core::Window::FULL,
            Some(4),
            &sim,
            &limits,
        )
        .unwrap();
        assert!(out.stopped.is_some() && out.pv.is_empty() && out.best_move.is_none());
        let nodes = out.stats.nodes();
        assert!((1000..most).contains(&nodes), "{spec}: {nodes}");
    }
}

/// With the quiescence search and the check extension the line is the processes', checked by
/// the same serial search as theirs, so it is still the whole line, not only the best move;
/// without the check extension every position along it has the root's value (negamax signs)
/// when searched to the depth left, as `falphabeta` with the same options finds it.
#[test]
fn lines_with_quiescence_and_check_extension_are_whole() {
    use arachne_search::{Algorithm, SearchOptions};
    let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
    let depth = 3;
    for n in [1, 4] {
        let root = arachne_games::chess::bench::position(&format!("wac:{n}")).unwrap();
        for (spec, check) in [
            ("tree-split", true),
            ("tree-split", false),
            ("palphabeta-par", true),
            ("pbound", false),
            ("baudet", true),
            ("knm", false),
            ("type-guided", false),
        ] {
            let algo: ParAlgo = spec.parse().unwrap();
            let algo = algo
                .with_quiescence(true)
                .and_then(|a| a.with_check_extension(check))
                .unwrap();
            let out = search(&algo, &root, depth, Some(4), &sim).unwrap();
            let opts = SearchOptions {
                quiescence: true,
                check_extension: check,
                ..SearchOptions::default()
            };
            let serial = Algorithm::FAlphaBeta.search(&root, &Limits::depth(depth), &opts);
            assert_eq!(out.value, serial.value, "{spec} wac:{n}");
            assert_eq!(out.pv.first().copied(), out.best_move, "{spec} wac:{n}");
            assert!(out.pv.len() >= 2, "{spec} wac:{n}: line {:?}", out.pv);
            if check || out.value.plies_to_end().is_some() {
                continue;
            }
            let mut pos = root.clone();
            for (k, &m) in out.pv.iter().enumerate() {
                pos = pos.play(m);
                let left = depth - 1 - k as u32;
                if left == 0 {
                    break;
                }
                let v = Algorithm::FAlphaBeta
                    .search(&pos, &Limits::depth(left), &opts)
                    .value;
                let want = if k % 2 == 0 { -out.value } else { out.value };
                assert_eq!(v, want, "{spec} wac:{n}: after {:?}", &out.pv[..=k]);
            }
        }
    }
}

/// Under the null move, which no serial search can check the line with, the line is the
/// processes' own: the best move, then a line of legal moves, as the engine's serial search
/// gives one.
#[test]
fn lines_under_the_null_move_are_the_processes() {
    let sim = Backend::Sim(SimConfig::new(CostModel::arachne()));
    let threads = Backend::Threads { poll_every: 8 };
    let depth = 5;
    let root = arachne_games::chess::bench::position("wac:1").unwrap();
    for spec in ["tree-split", "palphabeta-par", "baudet", "type-guided"] {
        for backend in [&sim, &threads] {
            let algo: ParAlgo = spec.parse().unwrap();
            let algo = algo
                .with_quiescence(true)
                .and_then(|a| a.with_check_extension(true))
                .and_then(|a| a.with_null_move(true, backend))
                .unwrap();
            let procs = if spec == "baudet" { 2 } else { 3 };
            let out = search(&algo, &root, depth, Some(procs), backend).unwrap();
            assert!(out.exact, "{spec}");
            assert_eq!(out.pv.first().copied(), out.best_move, "{spec}");
            assert!(
                out.pv.len() >= 2,
                "{spec} on {backend:?}: line {:?}",
                out.pv
            );
            let mut pos = root.clone();
            let mut moves = Vec::new();
            for &m in &out.pv {
                pos.moves(&mut moves);
                assert!(moves.contains(&m), "{spec}: {:?} is not legal", out.pv);
                pos = pos.play(m);
            }
        }
    }
}
