//! Parallel RBFM: the master–slave form on sim (any P) and threads, the shared-tree form on
//! threads — exact values when run to the end, consistent trees, repeatable simulations,
//! budgets.
use arachne_bestfirst::master::{self, Backend, MasterConfig};
use arachne_bestfirst::tree::up;
use arachne_bestfirst::{shared, tables, BfOptions, BfStop, Kind};
use arachne_core::{Game, Limits, Score};
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree, TicTacToe};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};
use std::sync::Arc;

fn negamax<G: Game>(g: &G, depth: u32) -> Score {
    Algorithm::Negamax
        .search(g, &Limits::depth(depth), &SearchOptions::default())
        .value
}

fn inc(b: u32, d: u32, seed: u64) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: Branching::Random,
        values: if seed % 2 == 0 {
            EdgeValues::Real
        } else {
            EdgeValues::Int { lo: -2, hi: 2 }
        },
    })
}

fn opts(kind: Kind, seed: u64) -> BfOptions {
    let mut o = BfOptions::new(kind);
    o.seed = seed;
    o.table = Some(Arc::new(tables::default_for(
        "incremental",
        "incremental:b=5",
    )));
    o
}

fn check_move<G: Game>(root: &G, depth: u32, mv: Option<G::Move>, want: Score, what: &str) {
    let c = root.play(mv.expect("a move"));
    assert_eq!(
        Score(up(negamax(&c, depth - 1).0)),
        want,
        "{what}: best move"
    );
}

#[test]
fn master_slave_on_sim_is_exact_for_every_p() {
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for seed in 0..12u64 {
        let d = 3 + (seed % 4) as u32;
        let root = inc(4, d, seed);
        let want = negamax(&root, d);
        for p in [1u32, 2, 3, 8, 33] {
            for kind in [Kind::Rbfm, Kind::Bfm] {
                let cfg = MasterConfig::new(opts(kind, seed), p);
                let out = master::search(&root, &cfg, &sim).unwrap();
                let what = format!("seed {seed} P {p} {kind:?}");
                assert_eq!(out.outcome.stop, BfStop::Solved, "{what}");
                assert_eq!(out.outcome.value, want, "{what}");
                check_move(&root, d, out.outcome.best_move, want, &what);
                assert_eq!(out.outcome.generated() as usize + 1, out.outcome.tree_nodes);
            }
        }
    }
}

#[test]
fn master_slave_on_threads_is_exact() {
    for seed in 0..6u64 {
        let root = inc(4, 5, seed);
        let want = negamax(&root, 5);
        for p in [2u32, 4] {
            let cfg = MasterConfig::new(opts(Kind::Rbfm, seed), p);
            let out = master::search(&root, &cfg, &Backend::Threads { poll_every: 1 }).unwrap();
            assert_eq!(out.outcome.value, want, "seed {seed} P {p}");
            assert!(out.outcome.solved);
            check_move(&root, 5, out.outcome.best_move, want, "threads");
        }
    }
    // A real game with decisive scores.
    let t = TicTacToe::from_moves("15").unwrap();
    let out = master::search(
        &t,
        &MasterConfig::new(opts(Kind::Rbfm, 1), 3),
        &Backend::Threads { poll_every: 1 },
    )
    .unwrap();
    assert_eq!(out.outcome.value, negamax(&t, 9));
}

#[test]
fn master_slave_sim_repeats_and_speeds_up() {
    let root = inc(10, 30, 2);
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let mut cfg = MasterConfig::new(opts(Kind::Rbfm, 9), 16);
    cfg.max_nodes = Some(20_000);
    let a = master::search(&root, &cfg, &sim).unwrap();
    let b = master::search(&root, &cfg, &sim).unwrap();
    assert_eq!(a.time, b.time);
    assert_eq!(a.outcome.pv, b.outcome.pv);
    assert_eq!(a.outcome.stats, b.outcome.stats);
    assert_eq!(a.outcome.stop, BfStop::Nodes);
    assert!(a.outcome.generated() <= 20_000 && a.outcome.generated() > 20_000 - 10);
    // Leaves cost 1 and the master's tree work nothing: 15 slaves work in parallel.
    assert!(a.speedup.unwrap() > 5.0, "speedup {:?}", a.speedup);
}

#[test]
fn shared_tree_is_exact_and_consistent() {
    for seed in 0..10u64 {
        let d = 3 + (seed % 4) as u32;
        let root = inc(4, d, seed);
        let want = negamax(&root, d);
        for t in [1u32, 2, 4] {
            for kind in [Kind::Rbfm, Kind::Bfm] {
                let (out, tree) =
                    shared::search_tree(&root, &opts(kind, seed), &Limits::default(), t);
                let what = format!("seed {seed} threads {t} {kind:?}");
                assert_eq!(out.stop, BfStop::Solved, "{what}");
                assert_eq!(out.value, want, "{what}");
                tree.check().unwrap_or_else(|e| panic!("{what}: {e}"));
                check_move(&root, d, out.best_move, want, &what);
            }
        }
    }
}

#[test]
fn shared_tree_budget_and_consistency_when_stopped() {
    let root = inc(10, 40, 4);
    for t in [1u32, 2, 3] {
        let (out, tree) = shared::search_tree(
            &root,
            &opts(Kind::Rbfm, 3),
            &Limits::default().with_nodes(30_000),
            t,
        );
        assert_eq!(out.stop, BfStop::Nodes);
        assert!(out.generated() <= 30_000);
        assert_eq!(out.generated() as usize + 1, tree.len());
        tree.check().unwrap();
        assert!(out.best_move.is_some());
    }
    let mut o = opts(Kind::Rbfm, 3);
    o.max_tree_nodes = Some(5_000);
    let (out, tree) = shared::search_tree(&root, &o, &Limits::default(), 2);
    assert_eq!(out.stop, BfStop::Memory);
    assert!(tree.len() <= 5_000);
}

#[test]
fn master_slave_honours_the_deadline_the_flag_and_a_node_budget() {
    // Master–slave RBFM took neither --nodes nor --time-ms.
    let root = inc(10, 30, 2);
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for backend in [sim, Backend::Threads { poll_every: 1 }] {
        let mut cfg = MasterConfig::new(opts(Kind::Rbfm, 9), 4);
        cfg.limits = Limits::default().with_nodes(3_000);
        let out = master::search(&root, &cfg, &backend).unwrap();
        assert_eq!(out.outcome.stop, BfStop::Nodes);
        assert!(out.outcome.generated() <= 3_000 && out.outcome.generated() > 2_900);
        assert!(out.outcome.best_move.is_some());
        let mut cfg = MasterConfig::new(opts(Kind::Rbfm, 9), 4);
        cfg.limits = Limits::default().with_time(std::time::Duration::ZERO);
        let out = master::search(&root, &cfg, &backend).unwrap();
        assert_eq!(out.outcome.stop, BfStop::Time);
        assert!(out.serial_time.is_none() && out.speedup.is_none());
        let cfg = MasterConfig::new(opts(Kind::Rbfm, 9), 4);
        cfg.limits.stop.stop();
        let out = master::search(&root, &cfg, &backend).unwrap();
        assert_eq!(out.outcome.stop, BfStop::Stopped);
    }
    // The smaller of the two budgets wins.
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let mut cfg = MasterConfig::new(opts(Kind::Rbfm, 9), 4);
    cfg.max_nodes = Some(2_000);
    cfg.limits = Limits::default().with_nodes(50_000);
    let out = master::search(&root, &cfg, &sim).unwrap();
    assert!(out.outcome.generated() <= 2_000);
}

/// The real-cores form (jobs queued at each slave, an expanding master).
fn with_form(mut cfg: MasterConfig, batch: u32, master_expands: bool) -> MasterConfig {
    cfg.batch = Some(batch);
    cfg.master_expands = Some(master_expands);
    cfg
}

#[test]
fn every_form_on_sim_is_exact_and_repeats() {
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let mut own = 0;
    for seed in 0..10u64 {
        let d = 3 + (seed % 4) as u32;
        let root = inc(4, d, seed);
        let want = negamax(&root, d);
        for p in [2u32, 3, 8] {
            for (batch, me) in [(1, true), (2, false), (3, true), (16, true)] {
                let cfg = with_form(MasterConfig::new(opts(Kind::Rbfm, seed), p), batch, me);
                let out = master::search(&root, &cfg, &sim).unwrap();
                let what = format!("seed {seed} P {p} batch {batch} master {me}");
                assert_eq!(out.outcome.stop, BfStop::Solved, "{what}");
                assert_eq!(out.outcome.value, want, "{what}");
                check_move(&root, d, out.outcome.best_move, want, &what);
                assert_eq!(out.outcome.generated() as usize + 1, out.outcome.tree_nodes);
                if !me {
                    assert_eq!(out.detail.own_expansions, 0, "{what}");
                }
                own += out.detail.own_expansions;
                let again = master::search(&root, &cfg, &sim).unwrap();
                assert_eq!(again.time, out.time, "{what}");
                assert_eq!(again.outcome.pv, out.outcome.pv, "{what}");
                assert_eq!(again.outcome.stats, out.outcome.stats, "{what}");
            }
        }
    }
    assert!(own > 0, "the master expanded leaves itself");
}

#[test]
fn the_sim_default_is_the_papers_form_and_threads_batch() {
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let cfg = MasterConfig::new(opts(Kind::Rbfm, 1), 4);
    assert_eq!(cfg.form(&sim), master::Form::PAPER);
    let threads = Backend::Threads { poll_every: 1 };
    let real = cfg.form(&threads);
    assert_eq!(real.batch, master::REAL_BATCH);
    assert!(real.master_expands);
    assert_eq!(real.grain, master::REAL_GRAIN);
    // An explicit paper form on sim is the default run, to the bit.
    let root = inc(10, 30, 2);
    let mut a = cfg.clone();
    a.max_nodes = Some(5_000);
    let b = with_form(a.clone(), 1, false);
    let (a, b) = (
        master::search(&root, &a, &sim).unwrap(),
        master::search(&root, &b, &sim).unwrap(),
    );
    assert_eq!((a.time, a.messages), (b.time, b.messages));
    assert_eq!(a.outcome.pv, b.outcome.pv);
    assert_eq!(a.detail.own_expansions, 0);
}

#[test]
fn one_processor_ignores_the_form_and_is_the_serial_search() {
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for seed in 1..=6u64 {
        let root = inc(8, 30, seed);
        let budget = 2_000 + 111 * seed;
        let serial = arachne_bestfirst::search(
            &root,
            &opts(Kind::Rbfm, seed),
            &Limits::default().with_nodes(budget),
        );
        for backend in [sim.clone(), Backend::Threads { poll_every: 1 }] {
            for (batch, me) in [(1, false), (8, true)] {
                let mut cfg = with_form(MasterConfig::new(opts(Kind::Rbfm, seed), 1), batch, me);
                cfg.max_nodes = Some(budget);
                let out = master::search(&root, &cfg, &backend).unwrap();
                let what = format!("seed {seed} batch {batch} master {me} {backend:?}");
                assert_eq!(out.outcome.value, serial.value, "{what}");
                assert_eq!(out.outcome.pv, serial.pv, "{what}");
                assert_eq!(out.outcome.best_move, serial.best_move, "{what}");
                assert_eq!(out.outcome.tree_nodes, serial.tree_nodes, "{what}");
                assert_eq!(out.outcome.stats.leaves, serial.stats.leaves, "{what}");
                assert_eq!(out.detail.own_expansions, 0, "{what}");
            }
        }
    }
}

#[test]
fn the_real_cores_form_on_threads_is_exact() {
    let threads = Backend::Threads { poll_every: 1 };
    for seed in 0..6u64 {
        let root = inc(4, 5, seed);
        let want = negamax(&root, 5);
        for p in [2u32, 3] {
            for (batch, me) in [(master::REAL_BATCH, true), (4, false), (1, true)] {
                let cfg = with_form(MasterConfig::new(opts(Kind::Rbfm, seed), p), batch, me);
                let out = master::search(&root, &cfg, &threads).unwrap();
                let what = format!("seed {seed} P {p} batch {batch} master {me}");
                assert!(out.outcome.solved, "{what}");
                assert_eq!(out.outcome.value, want, "{what}");
                check_move(&root, 5, out.outcome.best_move, want, &what);
                assert_eq!(out.outcome.generated() as usize + 1, out.outcome.tree_nodes);
            }
        }
    }
}

#[test]
fn a_budgeted_chess_run_on_threads_with_batch_plays_a_legal_move() {
    use arachne_games::Chess;
    let root = Chess::default();
    let mut legal = Vec::new();
    root.moves(&mut legal);
    let mut o = BfOptions::new(Kind::Rbfm);
    o.seed = 7;
    // `Chess::default()` evaluates material only: the material table.
    o.table = Some(Arc::new(tables::default_for(
        "chess",
        "chess:eval=material",
    )));
    for (p, batch, me) in [(2u32, 8u32, true), (3, 4, false), (3, 16, true)] {
        let mut cfg = with_form(MasterConfig::new(o.clone(), p), batch, me);
        cfg.max_nodes = Some(20_000);
        let out = master::search(&root, &cfg, &Backend::Threads { poll_every: 1 }).unwrap();
        let what = format!("P {p} batch {batch} master {me}");
        assert_eq!(out.outcome.stop, BfStop::Nodes, "{what}");
        assert!(out.outcome.generated() <= 20_000, "{what}");
        let mv = out.outcome.best_move.expect("a move");
        assert!(legal.contains(&mv), "{what}: {mv:?} is legal");
        // The line is legal from the root, move after move.
        let mut pos = root.clone();
        for &m in &out.outcome.pv {
            let mut ms = Vec::new();
            pos.moves(&mut ms);
            assert!(ms.contains(&m), "{what}: the line is legal");
            pos = pos.play(m);
        }
        if me {
            assert!(
                out.detail.own_expansions > 0,
                "{what}: the master expanded too"
            );
        }
    }
}

/// `grain = K`, a subtree of up to K expansions grown below each job's leaf.
fn with_grain(mut cfg: MasterConfig, grain: u32) -> MasterConfig {
    cfg.grain = Some(grain);
    cfg
}

#[test]
fn grain_on_sim_is_exact_repeats_and_names_who_expanded() {
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for seed in 0..8u64 {
        let d = 3 + (seed % 4) as u32;
        let root = inc(4, d, seed);
        let want = negamax(&root, d);
        for p in [2u32, 3] {
            for (grain, batch, me) in [(2, 1, false), (8, 4, true), (64, 2, true)] {
                let cfg = with_form(MasterConfig::new(opts(Kind::Rbfm, seed), p), batch, me);
                let cfg = with_grain(cfg, grain);
                let out = master::search(&root, &cfg, &sim).unwrap();
                let what = format!("seed {seed} P {p} grain {grain} batch {batch} master {me}");
                assert_eq!(out.outcome.stop, BfStop::Solved, "{what}");
                assert_eq!(out.outcome.value, want, "{what}");
                check_move(&root, d, out.outcome.best_move, want, &what);
                assert_eq!(out.outcome.generated() as usize + 1, out.outcome.tree_nodes);
                // Every expansion in the tree is someone's, and the master's own are its.
                let by = &out.detail.expansions_by_proc;
                assert_eq!(by.len(), p as usize, "{what}");
                assert_eq!(by.iter().sum::<u64>(), out.outcome.expansions(), "{what}");
                assert_eq!(by[0], out.detail.own_expansions, "{what}");
                if !me {
                    assert_eq!(by[0], 0, "{what}");
                }
                let again = master::search(&root, &cfg, &sim).unwrap();
                assert_eq!(again.time, out.time, "{what}");
                assert_eq!(again.outcome.pv, out.outcome.pv, "{what}");
                assert_eq!(again.detail.expansions_by_proc, *by, "{what}");
            }
        }
    }
}

#[test]
fn grain_honours_the_node_budget_exactly() {
    // The budget is honoured as the serial search honours it: it stops before the first
    // expansion that would exceed it, so fewer than b nodes of it are left.
    let b = 10;
    for seed in 1..=4u64 {
        let root = inc(b, 30, seed);
        let budget = 3_000 + 137 * seed;
        for backend in [
            Backend::Sim(SimConfig::new(CostModel::unit(1.0))),
            Backend::Threads { poll_every: 1 },
        ] {
            for (p, grain, me) in [(2u32, 8u32, true), (3, 32, false), (2, 4096, true)] {
                let mut cfg = with_grain(MasterConfig::new(opts(Kind::Rbfm, seed), p), grain);
                cfg.master_expands = Some(me);
                cfg.max_nodes = Some(budget);
                let out = master::search(&root, &cfg, &backend).unwrap();
                let what = format!("seed {seed} P {p} grain {grain} master {me} {backend:?}");
                assert_eq!(out.outcome.stop, BfStop::Nodes, "{what}");
                let g = out.outcome.generated();
                assert!(
                    g <= budget && budget - g < u64::from(b),
                    "{what}: {g} of {budget}"
                );
                assert_eq!(g as usize + 1, out.outcome.tree_nodes, "{what}");
                let by = &out.detail.expansions_by_proc;
                assert_eq!(by.iter().sum::<u64>(), out.outcome.expansions(), "{what}");
            }
        }
    }
}

#[test]
fn grain_is_refused_out_of_range_and_ignored_with_one_processor() {
    let root = inc(6, 20, 3);
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for bad in [0u32, master::MAX_GRAIN + 1] {
        let cfg = with_grain(MasterConfig::new(opts(Kind::Rbfm, 1), 2), bad);
        let e = master::search(&root, &cfg, &sim).unwrap_err();
        assert!(e.contains("grain"), "{e}");
        let e = format!("rbfm:grain={bad}")
            .parse::<arachne_bestfirst::BfAlgo>()
            .unwrap_err();
        assert!(e.to_string().contains("grain"), "{e}");
    }
    let a = "rbfm:grain=16"
        .parse::<arachne_bestfirst::BfAlgo>()
        .unwrap();
    assert_eq!(a.grain, Some(16));
    // P = 1 is the serial search, whatever the grain.
    let serial = arachne_bestfirst::search(
        &root,
        &opts(Kind::Rbfm, 4),
        &Limits::default().with_nodes(2_500),
    );
    let mut cfg = with_grain(MasterConfig::new(opts(Kind::Rbfm, 4), 1), 8);
    cfg.max_nodes = Some(2_500);
    for backend in [sim, Backend::Threads { poll_every: 1 }] {
        let out = master::search(&root, &cfg, &backend).unwrap();
        assert_eq!(out.outcome.pv, serial.pv, "{backend:?}");
        assert_eq!(out.outcome.stats.leaves, serial.stats.leaves, "{backend:?}");
        assert_eq!(
            out.detail.expansions_by_proc,
            vec![serial.stats.interior],
            "{backend:?}"
        );
    }
}

#[test]
fn a_slave_alone_makes_every_expansion_with_grain_on_threads() {
    let root = inc(10, 30, 5);
    let mut cfg = with_form(MasterConfig::new(opts(Kind::Rbfm, 5), 2), 8, false);
    cfg.grain = Some(8);
    cfg.max_nodes = Some(20_000);
    let out = master::search(&root, &cfg, &Backend::Threads { poll_every: 32 }).unwrap();
    let by = &out.detail.expansions_by_proc;
    assert_eq!(by[0], 0);
    assert_eq!(by[1], out.outcome.expansions());
    assert!(out.outcome.expansions() > 1_000);
    // A job carries up to 8 expansions: fewer than two messages per expansion each way.
    assert!(
        out.messages < 2 * out.outcome.expansions(),
        "{}",
        out.messages
    );
}
