//! MCTS against plain negamax: the solver run to the end gives the exact minimax
//! value on small trees; seeded runs repeat and seeds matter; iteration, node and memory budgets
//! are exact; the chosen move and its line are legal; specs are checked.
//!
//! The parallel forms: at one thread every form is the serial search, step for step;
//! run to the end on small trees every form's solver gives negamax's value on 2–3 threads;
//! moves and lines are legal; budgets are exact; root and leaf runs repeat; a tree kept between
//! moves is the played child's subtree.
//!
//! Root parallelisation as message-passing processes (`arachne_mcts::distributed`): see the
//! section at the end.
use arachne_core::{Game, Limits, Score};
use arachne_games::{
    Branching, Connect4, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree,
    TicTacToe,
};
use arachne_mcts::{
    distributed, up, Choice, Expand, MctsOptions, MctsOutcome, MctsSearcher, MctsStop, Par, Playout,
};
use arachne_runtime::{Backend, CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};

fn negamax<G: Game>(g: &G, depth: u32) -> Score {
    Algorithm::Negamax
        .search(g, &Limits::depth(depth), &SearchOptions::default())
        .value
}

fn opts(seed: u64, expand: Expand, playout: Playout) -> MctsOptions {
    MctsOptions {
        seed,
        expand,
        playout,
        ..MctsOptions::default()
    }
}

/// Every option set the exactness tests run.
fn variants(seed: u64) -> Vec<MctsOptions> {
    let mut v = Vec::new();
    for expand in [Expand::One, Expand::All] {
        for playout in [
            Playout::Random { cap: 200 },
            Playout::Eval,
            Playout::AlphaBeta { depth: 1 },
        ] {
            v.push(opts(seed, expand, playout));
        }
    }
    let mut by_value = opts(seed, Expand::One, Playout::Eval);
    by_value.choice = Choice::Value;
    by_value.c = 0.3;
    v.push(by_value);
    v
}

/// The solver runs to the end: exact value, a best move attaining it, a legal line.
fn check_exact<G: Game>(root: &G, depth: u32, what: &str) {
    check_exact_with(root, depth, what, variants(depth as u64 * 13 + 5));
}

/// [`check_exact`] with each of `all` (any form, [`arachne_mcts::search_any`]).
fn check_exact_with<G: Game>(root: &G, depth: u32, what: &str, all: Vec<MctsOptions>) {
    check_exact_by(root, depth, what, all, |o| {
        arachne_mcts::search_any(root, o, &Limits::default())
    });
}

/// [`check_exact`] with each of `all`, searched by `search`.
fn check_exact_by<G: Game>(
    root: &G,
    depth: u32,
    what: &str,
    all: Vec<MctsOptions>,
    search: impl Fn(&MctsOptions) -> MctsOutcome<G::Move>,
) {
    let want = negamax(root, depth);
    for o in all {
        let out = search(&o);
        assert_eq!(out.stop, MctsStop::Solved, "{what} {o:?}");
        assert!(out.solved, "{what} {o:?}");
        assert_eq!(out.value, want, "{what} {o:?}");
        check_line(root, &out.pv, what);
        if let Some(m) = out.best_move {
            assert_eq!(out.pv.first(), Some(&m), "{what}");
            let child = root.play(m);
            assert_eq!(up(negamax(&child, depth - 1)), want, "{what}: move {m:?}");
        }
    }
}

/// Every move of `pv` is legal in turn.
fn check_line<G: Game>(root: &G, pv: &[G::Move], what: &str) {
    let mut pos = root.clone();
    let mut moves = Vec::new();
    for &m in pv {
        pos.moves(&mut moves);
        assert!(moves.contains(&m), "{what}: illegal {m:?} in the line");
        pos = pos.play(m);
    }
}

fn iid(n: u32, d: u32, seed: u64, range: Option<u32>) -> IidTree {
    IidTree::new(IidParams { n, d, seed, range })
}

fn inc(b: u32, d: u32, seed: u64, int: bool) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching: Branching::Random,
        values: if int {
            EdgeValues::Int { lo: -3, hi: 3 }
        } else {
            EdgeValues::Real
        },
    })
}

#[test]
fn solver_is_exact_on_random_iid_trees() {
    for seed in 0..12u64 {
        for (n, d) in [(2, 5), (3, 4), (4, 3), (5, 2), (1, 3)] {
            let range = if seed % 2 == 0 { Some(4) } else { None };
            check_exact(
                &iid(n, d, seed, range),
                d,
                &format!("iid n={n} d={d} seed={seed}"),
            );
        }
    }
}

#[test]
fn solver_is_exact_on_incremental_trees() {
    for seed in 0..10u64 {
        for (b, d) in [(3, 4), (5, 3), (2, 6)] {
            let t = inc(b, d, seed, seed % 2 == 0);
            check_exact(&t, d, &format!("incremental b={b} d={d} seed={seed}"));
        }
    }
}

#[test]
fn solver_is_exact_on_tictactoe() {
    // From the start (a draw) and from positions a few random plies in (wins and losses at
    // their exact distances).
    check_exact(&TicTacToe::new(), 9, "tictactoe start");
    let mut moves = Vec::new();
    for seed in 0..16u64 {
        let mut pos = TicTacToe::new();
        let mut h = seed;
        for _ in 0..(2 + seed % 4) {
            pos.moves(&mut moves);
            if moves.is_empty() || pos.is_terminal() {
                break;
            }
            h = arachne_core::rng::mix64(h + 1);
            pos = pos.play(moves[(h % moves.len() as u64) as usize]);
        }
        if !pos.is_terminal() {
            check_exact(&pos, 9, &format!("tictactoe seed {seed}"));
        }
    }
}

#[test]
fn terminal_root_is_solved_without_a_move() {
    let mut pos = iid(3, 2, 1, None);
    let mut moves = Vec::new();
    for _ in 0..2 {
        pos.moves(&mut moves);
        pos = pos.play(moves[1]);
    }
    let out = arachne_mcts::search(&pos, &MctsOptions::default(), &Limits::default());
    assert_eq!(
        (out.stop, out.solved, out.iterations),
        (MctsStop::Solved, true, 0)
    );
    assert_eq!(out.best_move, None);
    assert_eq!(out.value, pos.evaluate());
}

#[test]
fn seeded_runs_repeat_and_seeds_matter() {
    let root = Connect4::new();
    let run = |seed: u64, expand: Expand| {
        let mut o = opts(seed, expand, Playout::Random { cap: 200 });
        o.iterations = Some(1500);
        let out = arachne_mcts::search(&root, &o, &Limits::default());
        (
            out.best_move,
            out.pv,
            out.stats,
            out.playout_plies,
            out.reward.map(f64::to_bits),
            out.tree_nodes,
        )
    };
    for expand in [Expand::One, Expand::All] {
        let a = run(7, expand);
        assert_eq!(a, run(7, expand), "{expand:?}: a seeded run repeats");
        assert!(
            (8..16).any(|s| run(s, expand) != a),
            "{expand:?}: other seeds never differ"
        );
    }
}

#[test]
fn iteration_budget_is_exact() {
    let root = Connect4::new();
    for (n, expand, solver) in [
        (1u64, Expand::One, true),
        (777, Expand::One, false),
        (301, Expand::All, true),
    ] {
        let mut o = opts(3, expand, Playout::Eval);
        o.iterations = Some(n);
        o.solver = solver;
        let out = arachne_mcts::search(&root, &o, &Limits::default());
        assert_eq!(out.stop, MctsStop::Iterations);
        assert_eq!(out.iterations, n);
        // Every iteration values one leaf with expand=one: the root's visits count them.
        if expand == Expand::One {
            let mut s = arachne_mcts::Mcts::new(root, o.clone());
            let o2 = s.run(&Limits::default());
            assert_eq!(s.nodes()[0].visits as u64, o2.iterations);
        }
    }
}

#[test]
fn node_and_memory_budgets_are_exact() {
    let root = Connect4::new();
    for budget in [7u64, 8, 100, 1000, 4321] {
        for expand in [Expand::One, Expand::All] {
            let o = opts(5, expand, Playout::Random { cap: 50 });
            let out = arachne_mcts::search(&root, &o, &Limits::default().with_nodes(budget));
            assert_eq!(out.stop, MctsStop::Nodes, "budget {budget}");
            assert!(
                out.stats.leaves <= budget,
                "budget {budget}: {}",
                out.stats.leaves
            );
            // Stopped only because the next expansion (at most 7 children) did not fit.
            assert!(
                out.stats.leaves + 7 > budget,
                "budget {budget}: {}",
                out.stats.leaves
            );
            assert_eq!(out.tree_nodes as u64, out.stats.leaves + 1);
        }
    }
    let mut o = opts(5, Expand::One, Playout::Eval);
    o.max_tree_nodes = Some(500);
    let out = arachne_mcts::search(&root, &o, &Limits::default());
    assert_eq!(out.stop, MctsStop::Memory);
    assert!(
        out.tree_nodes <= 500 && out.tree_nodes + 7 > 500,
        "{}",
        out.tree_nodes
    );
    assert!(out.bytes_per_node <= 48);
}

#[test]
fn chosen_moves_and_lines_are_legal() {
    let root = Connect4::new();
    for seed in 0..6 {
        for o in variants(seed) {
            let mut o = o;
            o.iterations = Some(200 + seed * 50);
            let out = arachne_mcts::search(&root, &o, &Limits::default());
            let mut moves = Vec::new();
            root.moves(&mut moves);
            let m = out.best_move.expect("a move");
            assert!(moves.contains(&m));
            assert_eq!(out.pv.first(), Some(&m));
            check_line(&root, &out.pv, "connect4");
            let r = out.reward.expect("a reward");
            assert!((0.0..=1.0).contains(&r));
        }
    }
}

#[test]
fn specs_are_checked() {
    let o: MctsOptions =
        "mcts:c=0.5,playout=ab:2,expand=all,solver=0,seed=9,iters=10,best=value,scale=50"
            .parse()
            .unwrap();
    assert_eq!(o.c, 0.5);
    assert_eq!(o.playout, Playout::AlphaBeta { depth: 2 });
    assert_eq!(o.expand, Expand::All);
    assert!(!o.solver);
    assert_eq!(
        (o.seed, o.iterations, o.choice, o.scale),
        (9, Some(10), Choice::Value, Some(50.0))
    );
    let r: MctsOptions = "mcts:playout=random,cap=17".parse().unwrap();
    assert_eq!(r.playout, Playout::Random { cap: 17 });
    for bad in [
        "mcts:c=1,c=2",
        "mcts:seed=1,seed=1",
        "mcts:foo=1",
        "mcts:c=-1",
        "mcts:c=nan",
        "mcts:playout=ab:0",
        "mcts:playout=rollout",
        "mcts:expand=some",
        "mcts:solver=2",
        "mcts:iters=0",
        "mcts:playout=eval,cap=3",
        "mcts:scale=0",
        "mcts:memory=0",
        "mcts:c",
        "uct",
    ] {
        let e = bad.parse::<MctsOptions>().expect_err(bad);
        assert!(!e.0.contains('\n') && !e.0.is_empty(), "{bad}: {}", e.0);
    }
    let dup = "mcts:c=1,c=2".parse::<MctsOptions>().unwrap_err();
    assert!(dup.0.contains("given twice"), "{}", dup.0);
}

// ---- The parallel forms. ----

fn with(o: &MctsOptions, par: Par, threads: u32) -> MctsOptions {
    MctsOptions {
        par: Some(par),
        threads,
        ..o.clone()
    }
}

/// Everything a run reports that the serial run fixes.
type Key<M> = (
    Option<M>,
    Vec<M>,
    Score,
    bool,
    Option<u64>,
    u64,
    u64,
    arachne_core::Stats,
    u64,
    u64,
    usize,
    MctsStop,
);

fn key<M: Copy>(o: &MctsOutcome<M>) -> Key<M> {
    (
        o.best_move,
        o.pv.clone(),
        o.value,
        o.solved,
        o.reward.map(f64::to_bits),
        o.iterations,
        o.best_visits,
        o.stats,
        o.playout_plies,
        o.leaf_search_nodes,
        o.tree_nodes,
        o.stop,
    )
}

fn par_variants(seed: u64) -> Vec<MctsOptions> {
    let mut v = Vec::new();
    for expand in [Expand::One, Expand::All] {
        for playout in [
            Playout::Random { cap: 60 },
            Playout::Eval,
            Playout::AlphaBeta { depth: 1 },
        ] {
            for solver in [true, false] {
                v.push(MctsOptions {
                    seed,
                    expand,
                    playout,
                    solver,
                    ..MctsOptions::default()
                });
            }
        }
    }
    v
}

fn forms(o: &MctsOptions) -> Vec<Par> {
    let mut f = vec![Par::Tree, Par::Root];
    if matches!(o.playout, Playout::Random { .. }) {
        f.push(Par::Leaf);
    }
    f
}

/// Each of `par_variants(seed)`, `i`-th, with `iters.0 + iters.1·i` iterations and with a
/// budget of `nodes.0 + nodes.1·i` generated nodes.
fn budgeted(seed: u64, iters: (u64, u64), nodes: (u64, u64)) -> Vec<(MctsOptions, Limits)> {
    let mut v = Vec::new();
    for (i, o) in par_variants(seed).into_iter().enumerate() {
        let i = i as u64;
        let it = MctsOptions {
            iterations: Some(iters.0 + iters.1 * i),
            ..o.clone()
        };
        v.push((it, Limits::default()));
        v.push((o, Limits::default().with_nodes(nodes.0 + nodes.1 * i)));
    }
    v
}

#[test]
fn one_thread_is_the_serial_search() {
    let root = Connect4::new();
    for (o, lim) in budgeted(3, (300, 37), (500, 91)) {
        let serial = key(&arachne_mcts::search(&root, &o, &lim));
        for par in forms(&o) {
            let got = key(&arachne_mcts::search_any(&root, &with(&o, par, 1), &lim));
            assert_eq!(got, serial, "{par:?} {o:?}");
        }
    }
    // Run to the end on a small tree: the same too.
    let t = IncrementalTree::new(IncrementalParams {
        b: 3,
        d: 5,
        seed: 4,
        branching: Branching::Random,
        values: EdgeValues::Real,
    });
    for o in par_variants(9).into_iter().filter(|o| o.solver) {
        let serial = key(&arachne_mcts::search(&t, &o, &Limits::default()));
        for par in forms(&o) {
            let got = key(&arachne_mcts::search_any(
                &t,
                &with(&o, par, 1),
                &Limits::default(),
            ));
            assert_eq!(got, serial, "{par:?} {o:?}");
        }
    }
}

/// Every form on 2 and 3 threads, solver on, run to the end.
fn check_exact_parallel<G: Game>(root: &G, depth: u32, what: &str) {
    let mut all = Vec::new();
    for o in par_variants(depth as u64 * 7 + 1)
        .into_iter()
        .filter(|o| o.solver)
    {
        for par in forms(&o) {
            all.extend([2, 3].map(|threads| with(&o, par, threads)));
        }
    }
    check_exact_with(root, depth, what, all);
}

/// A small tree, its depth and its name.
type Small<T> = Vec<(T, u32, String)>;

/// The small trees the parallel forms solve, for `seed`: iid (n, d) = (2, 5), (3, 4), (4, 3)
/// and incremental (b, d) = (3, 4), (5, 3) with random branching (integer values for even
/// seeds, real ones for odd).
fn small_trees(seed: u64) -> (Small<IidTree>, Small<IncrementalTree>) {
    let iids = [(2, 5), (3, 4), (4, 3)]
        .map(|(n, d)| {
            let range = if seed % 2 == 0 { Some(4) } else { None };
            let t = IidTree::new(IidParams { n, d, seed, range });
            (t, d, format!("iid n={n} d={d} seed={seed}"))
        })
        .to_vec();
    let incs = [(3, 4), (5, 3)]
        .map(|(b, d)| {
            let t = IncrementalTree::new(IncrementalParams {
                b,
                d,
                seed,
                branching: Branching::Random,
                values: if seed % 2 == 0 {
                    EdgeValues::Int { lo: -3, hi: 3 }
                } else {
                    EdgeValues::Real
                },
            });
            (t, d, format!("incremental b={b} d={d} seed={seed}"))
        })
        .to_vec();
    (iids, incs)
}

#[test]
fn every_form_solves_small_trees_exactly() {
    for seed in 0..6u64 {
        let (iids, incs) = small_trees(seed);
        for (t, d, what) in &iids {
            check_exact_parallel(t, *d, what);
        }
        for (t, d, what) in &incs {
            check_exact_parallel(t, *d, what);
        }
    }
    let mut pos = TicTacToe::new();
    check_exact_parallel(&pos, 9, "tictactoe start");
    let mut moves = Vec::new();
    for k in 0..3 {
        pos.moves(&mut moves);
        pos = pos.play(moves[(k * 5) % moves.len()]);
        check_exact_parallel(&pos, 9, &format!("tictactoe after {} plies", k + 1));
    }
}

#[test]
fn parallel_moves_are_legal_and_budgets_exact() {
    let root = Connect4::new();
    let mut legal = Vec::new();
    root.moves(&mut legal);
    for o in par_variants(5) {
        for par in forms(&o) {
            for threads in [2, 4] {
                let o = with(&o, par, threads);
                let it = MctsOptions {
                    iterations: Some(403),
                    ..o.clone()
                };
                let out = arachne_mcts::search_any(&root, &it, &Limits::default());
                assert_eq!(
                    (out.stop, out.iterations),
                    (MctsStop::Iterations, 403),
                    "{it:?}"
                );
                assert!(legal.contains(&out.best_move.expect("a move")));
                check_line(&root, &out.pv, "connect4");
                let budget = 777;
                let out =
                    arachne_mcts::search_any(&root, &o, &Limits::default().with_nodes(budget));
                assert_eq!(out.stop, MctsStop::Nodes, "{o:?}");
                assert!(out.stats.leaves <= budget, "{o:?}: {}", out.stats.leaves);
                // Stopped because an expansion (at most 7 children) did not fit: in each of
                // the root form's trees, within its share.
                let slack = if par == Par::Root {
                    7 * threads as u64
                } else {
                    7
                };
                assert!(
                    out.stats.leaves + slack > budget,
                    "{o:?}: {}",
                    out.stats.leaves
                );
                assert!(legal.contains(&out.best_move.expect("a move")));
                let mem = MctsOptions {
                    max_tree_nodes: Some(300),
                    ..o.clone()
                };
                let out = arachne_mcts::search_any(&root, &mem, &Limits::default());
                assert_eq!(out.stop, MctsStop::Memory, "{mem:?}");
                assert!(out.tree_nodes <= 300, "{mem:?}: {}", out.tree_nodes);
            }
        }
    }
}

/// The tree form's walkers lose no backup (`arachne_mcts::tree`: visits and virtual losses
/// share one atomic word, the reward sum is added by compare-and-swap, and a walker's batched backups
/// to hot nodes are all published by the end): the root's visits are the iterations; every
/// other expanded node's visits are its children's plus its visits as a leaf (one, or up to
/// one a walker, when walkers reach the fresh leaf at once), and its reward sum is its
/// children's complements (each child's visits less its sum) plus those visits' rewards,
/// each in 0..=1 (the root: no visit as a leaf). 20 000 playouts make hot nodes several
/// levels deep. With atomics and with a lock per node (`NodeSync`).
#[test]
fn tree_walkers_lose_no_backup() {
    use arachne_mcts::tree::NodeSync;
    for (threads, sync) in [
        (2, NodeSync::Atomic),
        (3, NodeSync::Atomic),
        (2, NodeSync::Lock),
        (3, NodeSync::Lock),
    ] {
        for seed in 0..3 {
            let iters = 20_000 + 333 * seed;
            let o = MctsOptions {
                iterations: Some(iters),
                seed,
                solver: false,
                par: Some(Par::Tree),
                threads,
                ..MctsOptions::default()
            };
            let mut m = arachne_mcts::Mcts::new(Connect4::new(), o.clone());
            let out = arachne_mcts::tree::run_with(&mut m, &Limits::default(), sync);
            assert_eq!((out.stop, out.iterations), (MctsStop::Iterations, iters));
            let nodes = m.nodes();
            assert_eq!(nodes[0].visits as u64, iters, "{o:?} {sync:?}");
            // Copied back by the walkers' threads, parts of at least 2^14 nodes: several here.
            assert!(
                nodes.len() > 2 << 14,
                "{} nodes, {o:?} {sync:?}",
                nodes.len()
            );
            let mut hot = 0;
            for (i, v) in nodes.iter().enumerate() {
                if v.first == u32::MAX {
                    continue;
                }
                hot += (v.visits >= arachne_mcts::tree::HOT) as u32;
                let kids = &nodes[v.first as usize..(v.first + v.len) as usize];
                let visits: u32 = kids.iter().map(|c| c.visits).sum();
                let leaf = v.visits - visits;
                let ok = if i == 0 { 0..=0 } else { 1..=threads };
                assert!(
                    ok.contains(&leaf),
                    "node {i}: {leaf} visits as a leaf, {o:?} {sync:?}"
                );
                let sum: f64 = kids.iter().map(|c| c.visits as f64 - c.sum).sum();
                let r = v.sum - sum;
                assert!(
                    (-1e-6..=leaf as f64 + 1e-6).contains(&r),
                    "node {i}: rewards as a leaf {r}, {o:?} {sync:?}"
                );
            }
            assert!(hot > 20, "only {hot} hot nodes: {o:?} {sync:?}");
        }
    }
}

#[test]
fn root_and_leaf_runs_repeat() {
    let root = Connect4::new();
    for par in [Par::Root, Par::Leaf] {
        let o = MctsOptions {
            iterations: Some(600),
            seed: 11,
            par: Some(par),
            threads: 3,
            ..MctsOptions::default()
        };
        let a = key(&arachne_mcts::search_any(&root, &o, &Limits::default()));
        assert_eq!(
            a,
            key(&arachne_mcts::search_any(&root, &o, &Limits::default())),
            "{par:?}"
        );
        let serial = key(&arachne_mcts::search(&root, &o, &Limits::default()));
        assert_ne!(a, serial, "{par:?}: three threads changed nothing");
    }
    // Leaf parallelisation backs up one reward per thread: the root's visits count them.
    let o = MctsOptions {
        iterations: Some(100),
        par: Some(Par::Leaf),
        threads: 4,
        solver: false,
        ..MctsOptions::default()
    };
    let mut m = arachne_mcts::Mcts::new(root, o);
    arachne_mcts::leaf::run(&mut m, &Limits::default());
    assert_eq!(m.nodes()[0].visits, 4 * 100);
}

#[test]
fn kept_trees_are_the_played_subtree() {
    let root = Connect4::new();
    let o = MctsOptions {
        iterations: Some(2000),
        ..MctsOptions::default()
    };
    let mut m = arachne_mcts::Mcts::new(root, o.clone());
    let out = m.run(&Limits::default());
    let mv = out.best_move.expect("a move");
    // The child's subtree: the child and its descendants.
    let nodes = m.nodes();
    let child = (1..nodes.len())
        .find(|&i| nodes[i].mv == Some(mv) && i <= nodes[0].len as usize + nodes[0].first as usize)
        .expect("the child");
    let mut size = 0;
    let mut stack = vec![child];
    while let Some(i) = stack.pop() {
        size += 1;
        let n = &nodes[i];
        if n.first != u32::MAX {
            stack.extend(n.first as usize..(n.first + n.len) as usize);
        }
    }
    let visits = nodes[child].visits;
    m.advance(mv);
    assert_eq!(m.nodes().len(), size);
    assert_eq!(m.nodes()[0].visits, visits);
    assert_eq!(*m.root(), root.play(mv));
    // Searching on from the kept tree: legal, within the new budget.
    let out = m.run(&Limits::default());
    assert_eq!(out.iterations, 2000);
    let mut legal = Vec::new();
    m.root().moves(&mut legal);
    assert!(legal.contains(&out.best_move.expect("a move")));
    // A whole game of tictactoe on kept trees, every form: each search proves negamax's value.
    for par in [None, Some(Par::Tree), Some(Par::Root), Some(Par::Leaf)] {
        let o = MctsOptions {
            par,
            threads: 2,
            ..MctsOptions::default()
        };
        let mut s = MctsSearcher::new(TicTacToe::new(), o);
        loop {
            let pos = *s.root();
            if pos.is_terminal() {
                break;
            }
            let out = s.run(&Limits::default());
            assert!(out.solved, "{par:?}");
            assert_eq!(out.value, negamax(&pos, 9), "{par:?}");
            s.advance(out.best_move.expect("a move"));
        }
    }
}

#[test]
fn parallel_specs_are_checked() {
    let o: MctsOptions = "mcts:par=root,threads=4".parse().unwrap();
    assert_eq!(
        (o.par, o.threads, o.form()),
        (Some(Par::Root), 4, Some(Par::Root))
    );
    let o: MctsOptions = "mcts:threads=2".parse().unwrap();
    assert_eq!(o.form(), Some(Par::Tree));
    let o: MctsOptions = "mcts".parse().unwrap();
    assert_eq!(o.form(), None);
    for bad in [
        "mcts:par=leaf,playout=eval",
        "mcts:par=leaf,playout=ab:2",
        "mcts:par=forest",
        "mcts:threads=0",
        "mcts:threads=257",
    ] {
        let e = bad.parse::<MctsOptions>().expect_err(bad);
        assert!(!e.0.contains('\n') && !e.0.is_empty(), "{bad}: {}", e.0);
    }
}

// ---- Root parallelisation as message-passing processes (`arachne_mcts::distributed`): at
// P = 1 the serial search on sim and threads; on sim exactly the threaded root form on P threads (same
// trees, same vote); run to the end, negamax's value on sim and threads; sim runs repeat bit
// for bit; iteration budgets exact, node budgets never passed; the simulated speedup follows
// the cost model. ----

fn sim() -> Backend {
    Backend::Sim(SimConfig::new(CostModel::unit(1.0)))
}

fn threads() -> Backend {
    Backend::Threads { poll_every: 1 }
}

fn run<G: Game>(
    root: &G,
    o: &MctsOptions,
    p: u32,
    b: &Backend,
    lim: &Limits,
) -> distributed::RootOutcome<G::Move> {
    distributed::search(root, o, p, b, lim, false).unwrap()
}

#[test]
fn one_process_is_the_serial_search_on_sim_and_threads() {
    let root = Connect4::new();
    for (o, lim) in budgeted(5, (200, 41), (400, 77)) {
        let serial = key(&arachne_mcts::search(&root, &o, &lim));
        for b in [sim(), threads()] {
            assert_eq!(key(&run(&root, &o, 1, &b, &lim).outcome), serial, "{o:?}");
        }
    }
}

#[test]
fn on_sim_it_is_the_threaded_root_form() {
    // Same trees (seeds and budget shares), same vote, same line: P processes on the simulator
    // give exactly what P threads of `par=root` give.
    let root = Connect4::new();
    for (o, lim) in budgeted(11, (300, 13), (700, 59)) {
        for p in [2u32, 3, 5] {
            let threaded = MctsOptions {
                par: Some(Par::Root),
                threads: p,
                ..o.clone()
            };
            let want = key(&arachne_mcts::search_any(&root, &threaded, &lim));
            let got = run(&root, &o, p, &sim(), &lim);
            assert_eq!(key(&got.outcome), want, "P = {p} {o:?}");
            // P − 1 reports and the answer to the host.
            assert_eq!(got.messages, p as u64, "P = {p}");
            if let Some(n) = o.iterations {
                assert_eq!(got.outcome.iterations, n, "iterations are exact");
            }
            if let Some(n) = lim.nodes {
                assert!(got.outcome.stats.leaves <= n, "node budget passed");
            }
        }
    }
}

/// Run to the end on `procs` processes on `b` ([`check_exact`]).
fn check_exact_procs<G: Game>(root: &G, depth: u32, what: &str, b: &Backend, procs: &[u32]) {
    let mut all = Vec::new();
    for o in par_variants(depth as u64 * 3 + 2)
        .into_iter()
        .filter(|o| o.solver)
    {
        // `threads` carries the process count here.
        all.extend(procs.iter().map(|&threads| MctsOptions {
            threads,
            ..o.clone()
        }));
    }
    check_exact_by(root, depth, what, all, |o| {
        let one = MctsOptions {
            threads: 1,
            ..o.clone()
        };
        run(root, &one, o.threads, b, &Limits::default()).outcome
    });
}

#[test]
fn processes_run_to_the_end_are_exact() {
    for seed in 0..8u64 {
        let (iids, incs) = small_trees(seed);
        for (t, d, what) in &iids {
            check_exact_procs(t, *d, what, &sim(), &[2, 3, 8]);
        }
        for (t, d, what) in &incs {
            check_exact_procs(t, *d, what, &sim(), &[2, 4]);
            if seed < 2 {
                check_exact_procs(t, *d, what, &threads(), &[3]);
            }
        }
    }
}

#[test]
fn process_runs_repeat_on_sim_and_the_speedup_follows_the_cost_model() {
    let root = Connect4::new();
    let o = MctsOptions {
        seed: 7,
        iterations: Some(4000),
        ..MctsOptions::default()
    };
    for p in [1u32, 2, 4, 8] {
        let a = distributed::search(&root, &o, p, &sim(), &Limits::default(), true).unwrap();
        let b = distributed::search(&root, &o, p, &sim(), &Limits::default(), true).unwrap();
        assert_eq!(key(&a.outcome), key(&b.outcome));
        assert_eq!(
            (a.time.to_bits(), a.messages),
            (b.time.to_bits(), b.messages)
        );
        // Unit costs: one per reward backed up (4000 iterations, one playout each), the
        // report's message (½) on the slowest process's path, the master's merges free.
        assert_eq!(a.serial_time, Some(4000.0), "P = {p}");
        let slowest = (4000 / p as u64 + u64::from(4000 % p != 0)) as f64;
        let want = if p == 1 { 4000.0 } else { slowest + 0.5 };
        assert!(a.time >= slowest && a.time <= want, "P = {p}: {}", a.time);
        assert!(a.speedup.unwrap() > 0.85 * p as f64, "P = {p}");
        assert_eq!(a.busy.len(), p as usize);
    }
}

#[test]
fn bad_process_counts_are_refused() {
    let root = Connect4::new();
    let o = MctsOptions::default();
    for p in [0, distributed::MAX_PROCS + 1] {
        let e = distributed::search(&root, &o, p, &sim(), &Limits::default(), false).unwrap_err();
        assert!(e.0.contains("--procs"), "{e}");
    }
    let e = distributed::search(&root, &o, 300, &threads(), &Limits::default(), false).unwrap_err();
    assert!(e.0.contains("at most 256"), "{e}");
}

/// The tree form's one walker builds the serial search's tree, node for node (the whole tree,
/// not only what the outcome reports: visits, reward sums to the bit, bounds, moves; the root's
/// statistics, which the walkers keep apart, included), on a fresh tree and on the tree kept
/// after a move (`arachne_mcts::tree`'s arena is built from the kept tree and copied back).
#[test]
fn one_walker_builds_the_serial_tree() {
    /// The tree below node `i` of `nodes`, children in move order.
    fn same<M: Copy + PartialEq + std::fmt::Debug>(
        a: &[arachne_mcts::Node<M>],
        i: usize,
        b: &[arachne_mcts::Node<M>],
        j: usize,
    ) {
        let (x, y) = (&a[i], &b[j]);
        assert_eq!(
            (x.mv, x.visits, x.sum.to_bits(), x.lower, x.upper, x.len),
            (y.mv, y.visits, y.sum.to_bits(), y.lower, y.upper, y.len),
            "node {i} / {j}"
        );
        for k in 0..x.len as usize {
            if x.first != u32::MAX {
                same(a, x.first as usize + k, b, y.first as usize + k);
            }
        }
    }
    use arachne_mcts::tree::NodeSync;
    for (seed, expand, playout, sync) in [
        (
            1,
            Expand::One,
            Playout::Random { cap: 200 },
            NodeSync::Atomic,
        ),
        (
            2,
            Expand::All,
            Playout::Random { cap: 200 },
            NodeSync::Atomic,
        ),
        (3, Expand::One, Playout::Eval, NodeSync::Atomic),
        (4, Expand::One, Playout::Random { cap: 200 }, NodeSync::Lock),
    ] {
        let o = MctsOptions {
            iterations: Some(1500),
            seed,
            expand,
            playout,
            ..MctsOptions::default()
        };
        let mut serial = arachne_mcts::Mcts::new(Connect4::new(), o.clone());
        let mut walker = arachne_mcts::Mcts::new(Connect4::new(), with(&o, Par::Tree, 1));
        for _ in 0..2 {
            let a = serial.run(&Limits::default());
            let b = arachne_mcts::tree::run_with(&mut walker, &Limits::default(), sync);
            assert_eq!(key(&a), key(&b), "{o:?} {sync:?}");
            same(serial.nodes(), 0, walker.nodes(), 0);
            let mv = a.best_move.expect("a move");
            serial.advance(mv);
            walker.advance(mv);
        }
    }
}
