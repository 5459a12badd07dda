//! RBFM on chess with the shallow evaluator ([`arachne_engine::shallow`], seed 002 §5.1):
//! §5.2's heuristics 1 and 2 in the serial and the master–slave searches, and §2.6's learning
//! (§5.4) sampling at the right cells. These tests moved here from `arachne-bestfirst`
//! (`tests/suite/heuristics.rs`, `src/learn.rs`) with the evaluator: the
//! best-first crate tests the same heuristics on games of its own, this crate on chess.
use arachne_bestfirst::dist::{s_bin, DistTable, S_BINS};
use arachne_bestfirst::learn::{learn_with, LearnConfig, LearnExtra};
use arachne_bestfirst::master::{self, Backend, Evaluator, MasterConfig};
use arachne_bestfirst::{tables, BfOptions, BfStop, Heuristics, Kind, Searcher, Step};
use arachne_core::{Game, Score};
use arachne_engine::shallow::{eval_nodes, ShallowChess, ShallowConfig};
use arachne_games::chess::Chess;
use arachne_runtime::{CostModel, SimConfig};
use std::sync::Arc;

fn sim() -> Backend {
    Backend::Sim(SimConfig::new(CostModel::unit(1.0)))
}

// ---- §5.2's heuristics on chess (from `arachne-bestfirst/tests/suite/heuristics.rs`). ----

/// A position where White mates in one (Qxf7#) with the shallow evaluator, and RBFM's options
/// with the chess table (exponential, 25 % damping) and both heuristics.
fn mate_in_one() -> (ShallowChess, BfOptions) {
    let pos =
        Chess::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
            .unwrap();
    let root = ShallowChess::new(pos, Arc::new(ShallowConfig::default()));
    let mut o = BfOptions::new(Kind::Rbfm);
    let mut t = tables::default_for("chess", "chess");
    t.family = "exponential:damping=0.25".parse().unwrap();
    o.table = Some(Arc::new(t));
    o.heuristics = Heuristics {
        unknown_children: true,
        shallow_down: true,
    };
    (root, o)
}

#[test]
fn rbfm_with_both_heuristics_on_chess() {
    let (root, o) = mate_in_one();
    let mut s = Searcher::new(root, o).with_leaf_search(ShallowChess::leaf_search());
    let n0 = eval_nodes();
    for _ in 0..40 {
        assert!(matches!(s.step(), Step::Expanded { .. }));
    }
    s.tree().check().unwrap();
    assert!(eval_nodes() > n0);
    // Qxf7# is mate in one: the root's value and best move.
    let out = s.outcome(Default::default(), BfStop::Nodes);
    assert_eq!(out.value, Score::win_in(1));
    assert_eq!(out.best_move, s.root().parse_move("h5f7"));
}

#[test]
fn master_slave_with_heuristics_on_chess() {
    let (root, o) = mate_in_one();
    let mut cfg = MasterConfig::new(o, 4);
    cfg.serial_baseline = false;
    cfg.max_nodes = Some(300);
    let eval = Evaluator {
        search: ShallowChess::leaf_search(),
        meter: Some(Arc::new(|| eval_nodes() as f64)),
    };
    for backend in [sim(), Backend::Threads { poll_every: 1 }] {
        let out = master::search_with(&root, &cfg, &backend, Some(eval.clone())).unwrap();
        // Qxf7# is mate in one: the root's value and best move.
        assert_eq!(out.outcome.value, Score::win_in(1));
        assert_eq!(out.outcome.best_move, root.parse_move("h5f7"));
    }
}

// ---- §2.6's learning on chess (from `arachne-bestfirst/src/learn.rs`). ----

fn chess(fen: &str) -> ShallowChess {
    ShallowChess::new(
        Chess::from_fen(fen).expect("fen"),
        Arc::new(ShallowConfig::default()),
    )
}

fn extra() -> LearnExtra<ShallowChess> {
    LearnExtra {
        leaf_search: Some(ShallowChess::leaf_search()),
        heuristics: Heuristics {
            unknown_children: true,
            shallow_down: true,
        },
        pool_d_variance: true,
    }
}

fn cfg(expansions: u32) -> LearnConfig {
    LearnConfig {
        real_depth: 3,
        expansions,
        rounds: 1,
        family: "exponential".parse().expect("family"),
        ..LearnConfig::default()
    }
}

#[test]
fn samples_go_to_the_roots_own_expansion_count() {
    // With heuristic 2 a step can make two expansions: the cells are keyed by `s_v`.
    let p = chess("6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1");
    let c = cfg(12);
    let l = learn_with(std::slice::from_ref(&p), &[0], &c, &extra(), &mut |_, _| {});
    // The same seeded run, step by step.
    let mut o = BfOptions::new(Kind::Rbfm);
    o.table = Some(Arc::new(DistTable::constant(c.family, 0.0)));
    o.vote = 0;
    o.seed = c.seed;
    o.heuristics = extra().heuristics;
    let mut s = Searcher::new(p.clone(), o).with_leaf_search(ShallowChess::leaf_search());
    let mut want = vec![0u32; S_BINS];
    for k in 0..=c.expansions {
        want[s_bin(s.tree().root().s)] += 1;
        if k == c.expansions || !matches!(s.step(), Step::Expanded { .. }) {
            break;
        }
    }
    let got: Vec<u32> = l.table.n.iter().map(|row| row.iter().sum()).collect();
    assert_eq!(got, want);
    assert!(
        s.tree().root().s > c.expansions,
        "some step made two expansions (s = {})",
        s.tree().root().s
    );
}

#[test]
fn decisive_scores_give_no_sample() {
    // Back-rank mate in one for White (Rd8#): its real score is a win, not centipawns.
    let mate = chess("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let quiet = chess("6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1");
    let real_mate = Score::win_in(1).0;
    let c = cfg(3);
    let both = learn_with(
        &[quiet.clone(), mate.clone()],
        &[0, real_mate],
        &c,
        &LearnExtra::default(),
        &mut |_, _| {},
    );
    let alone = learn_with(&[quiet], &[0], &c, &LearnExtra::default(), &mut |_, _| {});
    assert_eq!(both.rounds[0].samples, alone.rounds[0].samples);
    assert_eq!(both.table.g, alone.table.g);
    assert!(both.table.g.iter().flatten().all(|g| *g < 1e6));
    let none = learn_with(
        &[mate],
        &[real_mate],
        &c,
        &LearnExtra::default(),
        &mut |_, _| {},
    );
    assert_eq!(none.rounds[0].samples, 0);
}
