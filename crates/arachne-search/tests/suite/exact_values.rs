//! Every searcher returns the exact negamax value on many random trees of mixed shape
//! (iid and incremental, uniform and random branching, continuous and few-valued, with and
//! without static preordering, depths 1–8, full and partial depth).
use crate::common;

use arachne_core::{Game, Limits, Score, TranspositionTable};
use arachne_search::{Algorithm, SearchOptions, ValueKind};
use common::{move_value, reference, tree_spec, TreeSpec};
use proptest::prelude::*;

const EXACT: &[&str] = &[
    "negamax",
    "alphabeta",
    "bound",
    "falphabeta",
    "palphabeta",
    "salphabeta",
    "spalphabeta",
    "aspiration:delta=1",
    "aspiration:delta=100000",
    "sss",
    "mtdf",
    "mtdf:guess=0",
];

fn check_all<G: Game>(
    root: &G,
    depth: u32,
    preorder: bool,
    tt: &TranspositionTable,
) -> Result<(), TestCaseError> {
    let want = reference(root, depth);
    let opts = SearchOptions {
        preorder,
        tt_mib: 1,
        ..SearchOptions::default()
    };
    let limits = Limits::depth(depth);
    for name in EXACT {
        let algo: Algorithm = name.parse().unwrap();
        tt.clear();
        let out = algo.search_with(root, &limits, &opts, Some(tt), &mut |_| {});
        prop_assert_eq!(out.value, want, "{} (preorder {})", name, preorder);
        prop_assert_eq!(out.kind, ValueKind::Exact);
        prop_assert!(out.stopped.is_none());
        // A principal variation that reaches the horizon ends in a position worth the value.
        if out.pv.len() as u32 == depth {
            let mut p = root.clone();
            for &m in &out.pv {
                p = p.play(m);
            }
            let sign = if depth % 2 == 0 { 1 } else { -1 };
            prop_assert_eq!(
                Score(sign * p.evaluate().0),
                want,
                "{} pv {:?}",
                name,
                out.pv
            );
        }
        // The best move's subtree has the root value.
        if let Some(m) = out.best_move {
            prop_assert_eq!(move_value(root, m, depth), want, "{} best move", name);
        }
    }
    // lalphabeta and slalphabeta: the best move is a best move; the value is exact unless
    // reported as a lower bound, in which case it does not exceed the true value.
    for name in ["lalphabeta", "slalphabeta"] {
        let algo: Algorithm = name.parse().unwrap();
        tt.clear();
        let out = algo.search_with(root, &limits, &opts, Some(tt), &mut |_| {});
        let m = out.best_move.expect("root has moves");
        prop_assert_eq!(move_value(root, m, depth), want, "{} best move", name);
        match out.kind {
            ValueKind::Exact => prop_assert_eq!(out.value, want, "{} value", name),
            ValueKind::Lower => prop_assert!(out.value <= want),
            ValueKind::Upper | ValueKind::Unknown => {
                prop_assert!(false, "lalphabeta reports exact values or lower bounds")
            }
        }
    }
    Ok(())
}

fn run_case(
    spec: &TreeSpec,
    depth_cut: u32,
    preorder: bool,
    tt: &TranspositionTable,
) -> Result<(), TestCaseError> {
    let full = spec.depth();
    // Usually the full depth; sometimes a shallower horizon (interior static values).
    let depth = if depth_cut == 0 {
        full
    } else {
        full.min(depth_cut)
    };
    with_tree!(spec, |root| check_all(&root, depth, preorder, tt))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn all_searchers_exact(spec in tree_spec(), depth_cut in 0u32..4, preorder in any::<bool>()) {
        thread_local! {
            static TT: TranspositionTable = TranspositionTable::with_slots(1 << 14);
        }
        TT.with(|tt| run_case(&spec, depth_cut, preorder, tt))?;
    }
}

#[test]
fn single_move_root_lalphabeta_is_a_lower_bound() {
    // A one-move root: lalphabeta searches it with (inf - 1, inf) and only confirms it.
    let t = arachne_games::IidTree::new(arachne_games::IidParams {
        n: 1,
        d: 3,
        seed: 9,
        range: None,
    });
    let out = "lalphabeta".parse::<Algorithm>().unwrap().search(
        &t,
        &Limits::depth(3),
        &SearchOptions::default(),
    );
    assert_eq!(out.best_move, Some(0));
    assert_eq!(out.kind, ValueKind::Lower);
    assert!(out.value <= reference(&t, 3));
    assert_eq!(out.value, -Score::INF + 1);
}
