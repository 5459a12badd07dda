//! Node counts and bounds that theory gives exactly (seed 001 §2, seed 000 §7–8).
use crate::common;

use arachne_core::{Game, Limits, Score, TranspositionTable, Window};
use arachne_games::{Branching, Order, OrderedParams, OrderedTree};
use arachne_search::alphabeta::falphabeta_tt;
use arachne_search::context::{Ctx, Scratch};
use arachne_search::{falphabeta::falphabeta, Algorithm, SearchOptions};
use common::{iid, incremental, reference};
use proptest::prelude::*;

fn ordered(n: u32, d: u32, order: Order) -> OrderedTree {
    OrderedTree::new(OrderedParams {
        n,
        d,
        order,
        seed: 3,
    })
    .unwrap()
}

fn leaves<G: Game>(algo: &str, root: &G, depth: u32) -> u64 {
    let a: Algorithm = algo.parse().unwrap();
    a.search(root, &Limits::depth(depth), &SearchOptions::default())
        .stats
        .leaves
}

/// Slagle–Dixon / Knuth–Moore: N^⌈D/2⌉ + N^⌊D/2⌋ − 1 bottom positions on best-first trees.
#[test]
fn best_first_trees_examine_the_minimal_tree() {
    for n in 1u64..=8 {
        for d in 1u32..=8 {
            if n.pow(d) > 5_000_000 {
                continue;
            }
            let want = n.pow(d.div_ceil(2)) + n.pow(d / 2) - 1;
            let t = ordered(n as u32, d, Order::Best);
            assert_eq!(leaves("alphabeta", &t, d), want, "alphabeta N={n} D={d}");
            // Fail-soft and principal-line search examine the same minimal tree here.
            assert_eq!(leaves("falphabeta", &t, d), want, "falphabeta N={n} D={d}");
            assert_eq!(leaves("palphabeta", &t, d), want, "palphabeta N={n} D={d}");
            // Without deep cutoffs the first child of a type-3 node is searched with an open
            // limit, so from D = 4 on `bound` needs more than the minimal tree.
            let b = leaves("bound", &t, d);
            assert!(b >= want, "bound N={n} D={d}");
            if d <= 3 {
                assert_eq!(b, want, "bound N={n} D={d}");
            }
        }
    }
    // The paper's example: <N, D> = <35, 4> gives 2449.
    assert_eq!(leaves("alphabeta", &ordered(35, 4, Order::Best), 4), 2449);
}

/// Worst-first ordering: no cutoff can occur, all N^D bottom positions are examined.
#[test]
fn worst_first_trees_examine_everything() {
    for n in 1u64..=6 {
        for d in 1u32..=7 {
            if n.pow(d) > 300_000 {
                continue;
            }
            let t = ordered(n as u32, d, Order::Worst);
            for algo in ["alphabeta", "falphabeta", "bound", "negamax"] {
                let a: Algorithm = algo.parse().unwrap();
                let out = a.search(&t, &Limits::depth(d), &SearchOptions::default());
                assert_eq!(out.stats.leaves, n.pow(d), "{algo} N={n} D={d}");
                assert_eq!(out.stats.cutoffs, 0, "{algo} N={n} D={d}");
                assert_eq!(out.value, reference(&t, d));
            }
        }
    }
}

/// Static preordering turns a worst-first tree into a best-first one: the ordered trees'
/// interior static values are exact.
#[test]
fn preordering_by_exact_static_values_gives_the_minimal_tree() {
    let (n, d) = (5u64, 6u32);
    let t = ordered(n as u32, d, Order::Worst);
    let opts = SearchOptions {
        preorder: true,
        ..SearchOptions::default()
    };
    let out = Algorithm::AlphaBeta.search(&t, &Limits::depth(d), &opts);
    assert_eq!(out.stats.leaves, 2 * n.pow(3) - 1);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    /// `bound` (no deep cutoffs) never examines fewer bottom positions than `alphabeta`.
    #[test]
    fn bound_never_beats_alphabeta(n in 2u32..6, d in 1u32..7, seed in any::<u64>(), inc in any::<bool>()) {
        prop_assume!(n.pow(d) <= 20_000);
        let (ab, bd) = if inc {
            let t = incremental(n, d, seed, Branching::Random);
            (leaves("alphabeta", &t, d), leaves("bound", &t, d))
        } else {
            let t = iid(n, d, seed);
            (leaves("alphabeta", &t, d), leaves("bound", &t, d))
        };
        prop_assert!(bd >= ab, "bound {} < alphabeta {}", bd, ab);
    }

    /// Fail-soft never examines more bottom positions than fail-hard with the same window.
    #[test]
    fn falphabeta_never_worse_than_alphabeta(n in 2u32..6, d in 1u32..7, seed in any::<u64>(), a in -3000i32..3000, w in 1i32..3000) {
        prop_assume!(n.pow(d) <= 20_000);
        let t = incremental(n, d, seed, Branching::Uniform);
        let opts = SearchOptions::default();
        let limits = Limits::depth(d);
        let (alpha, beta) = (Score(a), Score(a + w));
        let mut c1: Ctx<_> = Ctx::new(&opts, &limits, None);
        arachne_search::alphabeta::alphabeta(&mut c1, &t, d, 0, alpha, beta).unwrap();
        let mut c2: Ctx<_> = Ctx::new(&opts, &limits, None);
        falphabeta(&mut c2, &t, d, 0, alpha, beta).unwrap();
        prop_assert!(c2.stats.leaves <= c1.stats.leaves);
    }
}

/// Seed 000 §8.1 Theorem 1, checked on every call: a wrapper game records each position
/// falphabeta is called on... the recursion is exercised by calling falphabeta on every node
/// of a tree with windows drawn around (and away from) its true value.
///
/// The same for `falphabeta_tt` (the fast path with table values), with one table for the
/// whole tree, so later calls take values stored by earlier ones with other windows, and one
/// set of recycled context buffers ([`Ctx::take_scratch`]); without a table it must examine
/// exactly the positions `falphabeta` examines.
fn check_theorem1<G: Game>(root: &G, depth: u32, windows: &[(i32, i32)]) {
    let opts = SearchOptions::default();
    let limits = Limits::depth(depth);
    let tt = TranspositionTable::with_mib(1);
    let mut scratch = Scratch::default();
    let mut stack = vec![(root.clone(), depth)];
    let mut moves = Vec::new();
    while let Some((p, d)) = stack.pop() {
        let v = reference(&p, d);
        for &(da, w) in windows {
            let alpha = Score(v.0 + da);
            let beta = Score(alpha.0 + w);
            let mut ctx: Ctx<G> = Ctx::new(&opts, &limits, None);
            let f = falphabeta(&mut ctx, &p, d, 0, alpha, beta).unwrap();
            let mut plain: Ctx<G> = Ctx::new(&opts, &limits, None);
            let g = falphabeta_tt(&mut plain, &p, d, 0, alpha, beta).unwrap();
            assert_eq!(
                (f, ctx.stats),
                (g, plain.stats),
                "falphabeta_tt without table"
            );
            let mut shared: Ctx<G> = Ctx::with_scratch(&opts, &limits, Some(&tt), scratch);
            let h = falphabeta_tt(&mut shared, &p, d, 0, alpha, beta).unwrap();
            scratch = shared.take_scratch();
            let win = Window::new(alpha, beta);
            for (name, f) in [("falphabeta", f), ("falphabeta_tt with a table", h)] {
                if f <= alpha {
                    assert!(v <= f, "{name} fail low: negamax {v} > {f}");
                } else if f >= beta {
                    assert!(v >= f, "{name} fail high: negamax {v} < {f}");
                } else {
                    assert!(win.contains(f));
                    assert_eq!(v, f, "{name}: success must be exact");
                }
            }
        }
        if d > 0 && !p.is_terminal() {
            p.moves(&mut moves);
            for &m in &moves {
                stack.push((p.play(m), d - 1));
            }
        }
    }
}

#[test]
fn falphabeta_and_falphabeta_tt_theorem1_on_every_node() {
    let windows = [
        (-5, 3),
        (-2, 5),
        (1, 4),
        (-7, 1),
        (0, 1),
        (-1, 1),
        (-1, 2),
        (3, 100),
        (-100, 50),
    ];
    for seed in 0..40 {
        let t = incremental(3, 5, seed, Branching::Random);
        check_theorem1(&t, 5, &windows);
        let mut t2 = incremental(4, 4, seed, Branching::Uniform);
        t2 = t2.play(1);
        check_theorem1(&t2, 3, &windows);
    }
    // Few-valued trees have many ties, the hardest case for the boundaries.
    for seed in 0..40 {
        let t = arachne_games::IidTree::new(arachne_games::IidParams {
            n: 3,
            d: 5,
            seed,
            range: Some(3),
        });
        check_theorem1(&t, 5, &[(-1, 1), (0, 1), (-1, 2), (0, 2), (-2, 1), (1, 1)]);
    }
}
