//! Root parallelisation of MCTS on threads (Cazenave & Jouandeau, *On the Parallelization of
//! UCT*, 2007; Chaslot, Winands & van den Herik 2008). Not in the seeds.
//!
//! `T` independent serial searches ([`Mcts`]), one per thread, each on its own tree with its
//! own seed (`walker_seed`: tree 0 has the search's seed); nothing is shared while
//! they run but the deadline and the stop flag. The budgets are totals, split evenly (tree `i`
//! gets `⌊B/T⌋` plus one of the remainder): the generated nodes (`--nodes`), the iterations
//! (`iters=`) and the tree capacity (`--memory`), so the forms compare at equal budgets.
//!
//! **The vote.** The root's children are the same in every tree (one per legal move, in
//! generation order); they are merged by adding their visits and reward sums, and by
//! intersecting their proven bounds (each tree's bounds are valid, so their intersection is
//! too). The move is chosen from the merged children by the serial rule (most visits, or the
//! best mean with `best=value`; a proven value wins), and its line is read in the tree that
//! visited that move most. The counts reported are the sums over the trees. With one tree the
//! search is the serial one (tested). Each tree's run repeats, so a root-parallel run repeats
//! too (the merge does not depend on which thread finishes first) — except when the deadline
//! ends it.
use super::{bounds, walker_seed, Mcts, MctsOptions, MctsOutcome, MctsStop, Node};
use arachne_core::{Game, Limits};
use std::time::Instant;

/// The `T` trees of a root-parallel search at `root`, with the budgets in `opts` split.
pub fn trees<G: Game>(root: &G, opts: &MctsOptions) -> Vec<Mcts<G>> {
    let t = opts.threads.max(1) as u64;
    (0..t)
        .map(|i| {
            let mut o = opts.clone();
            o.seed = walker_seed(opts.seed, i);
            o.iterations = opts.iterations.map(|n| share(n, t, i));
            o.max_tree_nodes = opts
                .max_tree_nodes
                .map(|n| share(n as u64, t, i).max(1) as usize);
            Mcts::new(root.clone(), o)
        })
        .collect()
}

/// Tree `i`'s share of a total `n` over `t` trees.
pub(crate) fn share(n: u64, t: u64, i: u64) -> u64 {
    n / t + u64::from(i < n % t)
}

/// Searches `root` with `opts.threads` independent trees, within `limits`.
pub fn search<G: Game>(root: &G, opts: &MctsOptions, limits: &Limits) -> MctsOutcome<G::Move> {
    run(&mut trees(root, opts), limits)
}

/// Continues the searches of `trees` (at the same root), one per thread, within `limits`
/// (`--nodes` split among them), and votes.
pub fn run<G: Game>(trees: &mut [Mcts<G>], limits: &Limits) -> MctsOutcome<G::Move> {
    assert!(!trees.is_empty(), "root parallelisation needs a tree");
    let start = Instant::now();
    let t = trees.len() as u64;
    let stops: Vec<MctsStop> = std::thread::scope(|s| {
        let handles: Vec<_> = trees
            .iter_mut()
            .enumerate()
            .map(|(i, tree)| {
                let mut lim = limits.clone();
                lim.nodes = limits.nodes.map(|n| share(n, t, i as u64));
                s.spawn(move || tree.run_loop(&lim))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    vote(trees, &stops, start)
}

/// The merged outcome (module docs, The vote).
fn vote<G: Game>(
    trees: &mut [Mcts<G>],
    stops: &[MctsStop],
    start: Instant,
) -> MctsOutcome<G::Move> {
    let expanded: Vec<usize> = (0..trees.len())
        .filter(|&i| !trees[i].nodes[0].kids().is_empty())
        .collect();
    let Some(&e0) = expanded.first() else {
        return trees[0].outcome(stops[0], start.elapsed());
    };
    let merged = merge(expanded.iter().map(|&i| {
        let t = &trees[i];
        (&t.nodes[0], &t.nodes[t.nodes[0].kids()])
    }))
    .expect("a tree expanded its root");
    // The tree that visited the chosen move most gives the line.
    let pick = pick(&merged, &trees[e0].root, &trees[e0].opts);
    let base = *expanded
        .iter()
        .max_by_key(|&&i| {
            (
                trees[i].nodes[trees[i].nodes[0].first as usize + pick].visits,
                std::cmp::Reverse(i),
            )
        })
        .unwrap_or(&e0);
    let tree = &mut trees[base];
    let first = tree.nodes[0].first as usize;
    let saved: Vec<Node<G::Move>> = std::iter::once(0)
        .chain(first..first + merged.len() - 1)
        .map(|j| tree.nodes[j].clone())
        .collect();
    let put = |tree: &mut Mcts<G>, from: &[Node<G::Move>]| {
        for (m, n) in from.iter().enumerate() {
            let j = if m == 0 { 0 } else { first + m - 1 };
            tree.nodes[j] = Node {
                first: tree.nodes[j].first,
                len: tree.nodes[j].len,
                ..n.clone()
            };
        }
    };
    put(tree, &merged);
    let solved = tree.opts.solver && tree.nodes[0].solved();
    let stop = if solved { MctsStop::Solved } else { stops[0] };
    let mut out = tree.outcome(stop, start.elapsed());
    put(tree, &saved);
    out.iterations = trees.iter().map(|t| t.iterations).sum();
    out.stats = trees.iter().fold(Default::default(), |mut s, t| {
        s += t.stats;
        s
    });
    out.playout_plies = trees.iter().map(|t| t.counts.plies).sum();
    out.leaf_search_nodes = trees.iter().map(|t| t.counts.leaf_nodes).sum();
    out.tree_nodes = trees.iter().map(|t| t.nodes.len()).sum();
    out
}

/// The merged root and children of expanded roots, each given as its root node and its
/// children (module docs, The vote); the merged root's children follow it (`first` = 1).
/// `None` when no root is given.
pub(crate) fn merge<'a, M: Clone + 'a>(
    roots: impl IntoIterator<Item = (&'a Node<M>, &'a [Node<M>])>,
) -> Option<Vec<Node<M>>> {
    let mut roots = roots.into_iter();
    let (r0, kids0) = roots.next()?;
    let mut merged: Vec<Node<M>> = std::iter::once(r0).chain(kids0).cloned().collect();
    merged[0].first = 1;
    for (r, kids) in roots {
        for (a, b) in merged.iter_mut().zip(std::iter::once(r).chain(kids)) {
            a.visits = a.visits.saturating_add(b.visits);
            a.sum += b.sum;
            a.lower = a.lower.max(b.lower);
            a.upper = a.upper.min(b.upper);
        }
    }
    let (lo, hi) = bounds(merged[1..].iter().map(|n| (n.lower, n.upper)));
    merged[0].lower = merged[0].lower.max(lo);
    merged[0].upper = merged[0].upper.min(hi);
    Some(merged)
}

/// The index (from 0) of the root child the serial rule chooses among `merged`'s
/// ([`merge`]).
pub(crate) fn pick<G: Game>(merged: &[Node<G::Move>], root: &G, opts: &MctsOptions) -> usize {
    let probe = Mcts {
        nodes: merged.to_vec(),
        ..Mcts::new(root.clone(), opts.clone())
    };
    probe.choose(0).unwrap_or(1) - 1
}
