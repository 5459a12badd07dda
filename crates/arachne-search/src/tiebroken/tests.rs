//! Tests of the tie-broken alpha-beta: alpha-beta on the perturbed tree, without cutoffs on
//! equal values.
use super::*;
use crate::Algorithm;
use arachne_games::iid::{IidParams, IidTree};
use std::collections::HashMap;
use std::sync::Arc;

/// An i.i.d. tree whose listed bottom positions (by key) take other values.
#[derive(Clone)]
struct Overridden {
    inner: IidTree,
    values: Arc<HashMap<u64, Score>>,
}

impl Game for Overridden {
    type Move = u32;
    fn moves(&self, out: &mut Vec<u32>) {
        self.inner.moves(out)
    }
    fn play(&self, mv: u32) -> Self {
        Overridden {
            inner: self.inner.play(mv),
            values: Arc::clone(&self.values),
        }
    }
    fn evaluate(&self) -> Score {
        let key = self.inner.hash().expect("iid nodes have keys");
        self.values
            .get(&key)
            .copied()
            .unwrap_or_else(|| self.inner.evaluate())
    }
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }
    fn hash(&self) -> Option<u64> {
        self.inner.hash()
    }
    fn move_name(&self, mv: u32) -> String {
        self.inner.move_name(mv)
    }
}

/// Fail-soft alpha-beta (deep cutoffs, the same windows as `alphabeta`, so the same bottom
/// positions): counts bottom positions and the cutoffs made on a value *equal* to `β`,
/// which in fail-soft form only happen when values tie.
fn equality_cutoffs<G: Game>(
    p: &G,
    depth: u32,
    mut alpha: Score,
    beta: Score,
    n: &mut (u64, u64),
) -> Score {
    let mut moves = Vec::new();
    if depth > 0 {
        p.moves(&mut moves);
    }
    if moves.is_empty() {
        n.0 += 1;
        return p.evaluate();
    }
    let mut best = -Score::INF;
    for m in moves {
        let t = -equality_cutoffs(&p.play(m), depth - 1, -beta, -alpha, n);
        best = best.max(t);
        alpha = alpha.max(t);
        if alpha >= beta {
            n.1 += u64::from(t == beta);
            break;
        }
    }
    best
}

fn value<G: Game>(algo: Algorithm, root: &G, d: u32) -> (Score, u64) {
    let opts = SearchOptions {
        tt_mib: 0,
        ..SearchOptions::default()
    };
    let r = algo.search(root, &Limits::depth(d), &opts);
    (r.value, r.stats.leaves)
}

/// On trees full of ties (R = 1, 2, 3, 5, 10 equally likely values): the tie-broken search
/// changes only values that would prune by equality, by one or two points; it is exactly
/// `alphabeta` on the tree with the perturbed values (same bottom positions, same value,
/// which is that tree's negamax value); and in that tree no cutoff happens on an equal
/// value, while in the original trees many do.
#[test]
fn tiebroken_search_is_alphabeta_on_the_perturbed_tree_without_equal_cutoffs() {
    let (mut trees, mut perturbed, mut twos, mut equal_before) = (0, 0, 0, 0);
    for n in 2..=4u32 {
        for d in 1..=5u32 {
            for range in [1u32, 2, 3, 5, 10] {
                for seed in 0..12u64 {
                    let tree = IidTree::new(IidParams {
                        n,
                        d,
                        seed: seed * 7919 + u64::from(range),
                        range: Some(range),
                    });
                    let tb = tiebroken_alphabeta(&tree, d, seed);
                    let mut values = HashMap::new();
                    for x in &tb.perturbed {
                        let by = (x.to.0 - x.from.0).abs();
                        assert!(by == 1 || by == 2, "{x:?}");
                        twos += usize::from(by == 2);
                        assert_eq!(x.ply as u32, d, "only bottom positions");
                        assert!(values.insert(x.key.unwrap(), x.to).is_none());
                    }
                    perturbed += tb.perturbed.len();
                    let changed = Overridden {
                        inner: tree,
                        values: Arc::new(values),
                    };
                    let ab = value(Algorithm::AlphaBeta, &changed, d);
                    assert_eq!(ab, (tb.value, tb.stats.leaves), "{n} {d} {range} {seed}");
                    assert_eq!(value(Algorithm::Negamax, &changed, d).0, tb.value);
                    let mut after = (0, 0);
                    equality_cutoffs(&changed, d, -Score::INF, Score::INF, &mut after);
                    assert_eq!(after, (tb.stats.leaves, 0), "{n} {d} {range} {seed}");
                    let mut before = (0, 0);
                    equality_cutoffs(&tree, d, -Score::INF, Score::INF, &mut before);
                    equal_before += before.1;
                    trees += 1;
                }
            }
        }
    }
    // The trees really are full of ties, and both kinds of perturbation occur.
    assert!(
        equal_before > trees as u64,
        "{equal_before} over {trees} trees"
    );
    assert!(perturbed > trees && twos > 0, "{perturbed} {twos}");
}

/// Without ties (continuous values) nothing is perturbed and the search is `alphabeta`.
#[test]
fn tiebroken_search_changes_nothing_without_ties() {
    for seed in 0..40u64 {
        let tree = IidTree::new(IidParams {
            n: 4,
            d: 4,
            seed,
            range: None,
        });
        let tb = tiebroken_alphabeta(&tree, 4, seed);
        assert!(tb.perturbed.is_empty());
        assert_eq!(
            value(Algorithm::AlphaBeta, &tree, 4),
            (tb.value, tb.stats.leaves)
        );
    }
}

/// A hand-made example: N = D = 2, all four bottom values 0 (R = 1). Plain alpha-beta
/// examines 3 (the second min node is cut off by equality after one value). Tie-broken:
/// the first min node's two values tie only each other (no bound yet) and stay; the second
/// min node's first value equals the bound it inherited (the root's 0) and is moved: by
/// −1 for itself (+1 for the node: a strict cutoff, 3 bottom positions), or by +1 (the
/// search goes on; the last value ties again and is moved too, 4 bottom positions).
#[test]
fn tiebroken_search_on_all_equal_values() {
    let tree = IidTree::new(IidParams {
        n: 2,
        d: 2,
        seed: 3,
        range: Some(1),
    });
    assert_eq!(value(Algorithm::AlphaBeta, &tree, 2).1, 3);
    let mut seen = [false; 2];
    for seed in 0..64u64 {
        let tb = tiebroken_alphabeta(&tree, 2, seed);
        let first = tb.perturbed[0];
        assert_eq!((first.ply, first.from), (2, Score(0)));
        if first.to == Score(-1) {
            assert_eq!((tb.stats.leaves, tb.perturbed.len()), (3, 1));
            assert_eq!(tb.value, Score(0));
            seen[0] = true;
        } else {
            assert_eq!(first.to, Score(1));
            assert_eq!((tb.stats.leaves, tb.perturbed.len()), (4, 2));
            // The last value moved up (cutoff: the root keeps 0) or down (the min node
            // is worth −1 to itself, +1 to the root).
            let last = tb.perturbed[1].to;
            assert_eq!(
                tb.value,
                if last == Score(-1) {
                    Score(0)
                } else {
                    Score(1)
                }
            );
            seen[1] = true;
        }
    }
    assert_eq!(seen, [true, true], "both directions occur");
}
