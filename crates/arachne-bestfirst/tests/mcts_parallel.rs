//! Parallel MCTS (issue 27, part 2): at one thread every form is the serial search, step for
//! step; run to the end on small trees every form's solver gives negamax's value on 2–4
//! threads; moves and lines are legal; budgets are exact; root and leaf runs repeat; a tree kept
//! between moves is the played child's subtree.
use arachne_bestfirst::mcts::{
    self, up, Expand, MctsOptions, MctsOutcome, MctsSearcher, MctsStop, Par, Playout,
};
use arachne_core::{Game, Limits, Score};
use arachne_games::{
    Branching, Connect4, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree,
    TicTacToe,
};
use arachne_search::{Algorithm, SearchOptions};

fn negamax<G: Game>(g: &G, depth: u32) -> Score {
    Algorithm::Negamax
        .search(g, &Limits::depth(depth), &SearchOptions::default())
        .value
}

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

fn variants(seed: u64) -> Vec<MctsOptions> {
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

#[test]
fn one_thread_is_the_serial_search() {
    let root = Connect4::new();
    for (i, o) in variants(3).into_iter().enumerate() {
        let budgets = [
            (Some(300 + 37 * i as u64), Limits::default()),
            (None, Limits::default().with_nodes(500 + 91 * i as u64)),
        ];
        for (iters, lim) in budgets {
            let o = MctsOptions {
                iterations: iters,
                ..o.clone()
            };
            let serial = key(&mcts::search(&root, &o, &lim));
            for par in forms(&o) {
                let got = key(&mcts::search_any(&root, &with(&o, par, 1), &lim));
                assert_eq!(got, serial, "{par:?} {o:?}");
            }
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
    for o in variants(9).into_iter().filter(|o| o.solver) {
        let serial = key(&mcts::search(&t, &o, &Limits::default()));
        for par in forms(&o) {
            let got = key(&mcts::search_any(&t, &with(&o, par, 1), &Limits::default()));
            assert_eq!(got, serial, "{par:?} {o:?}");
        }
    }
}

fn check_exact<G: Game>(root: &G, depth: u32, what: &str) {
    let want = negamax(root, depth);
    for o in variants(depth as u64 * 7 + 1) {
        if !o.solver {
            continue;
        }
        for par in forms(&o) {
            for threads in [2, 3] {
                let o = with(&o, par, threads);
                let out = mcts::search_any(root, &o, &Limits::default());
                assert_eq!(out.stop, MctsStop::Solved, "{what} {o:?}");
                assert_eq!(out.value, want, "{what} {o:?}");
                check_line(root, &out.pv, what);
                if let Some(m) = out.best_move {
                    assert_eq!(up(negamax(&root.play(m), depth - 1)), want, "{what} {o:?}");
                }
            }
        }
    }
}

fn check_line<G: Game>(root: &G, pv: &[G::Move], what: &str) {
    let mut pos = root.clone();
    let mut moves = Vec::new();
    for &m in pv {
        pos.moves(&mut moves);
        assert!(moves.contains(&m), "{what}: illegal {m:?} in the line");
        pos = pos.play(m);
    }
}

#[test]
fn every_form_solves_small_trees_exactly() {
    for seed in 0..6u64 {
        for (n, d) in [(2, 5), (3, 4), (4, 3)] {
            let range = if seed % 2 == 0 { Some(4) } else { None };
            let t = IidTree::new(IidParams { n, d, seed, range });
            check_exact(&t, d, &format!("iid n={n} d={d} seed={seed}"));
        }
        for (b, d) in [(3, 4), (5, 3)] {
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
            check_exact(&t, d, &format!("incremental b={b} d={d} seed={seed}"));
        }
    }
    let mut pos = TicTacToe::new();
    check_exact(&pos, 9, "tictactoe start");
    let mut moves = Vec::new();
    for k in 0..3 {
        pos.moves(&mut moves);
        pos = pos.play(moves[(k * 5) % moves.len()]);
        check_exact(&pos, 9, &format!("tictactoe after {} plies", k + 1));
    }
}

#[test]
fn parallel_moves_are_legal_and_budgets_exact() {
    let root = Connect4::new();
    let mut legal = Vec::new();
    root.moves(&mut legal);
    for o in variants(5) {
        for par in forms(&o) {
            for threads in [2, 4] {
                let o = with(&o, par, threads);
                let it = MctsOptions {
                    iterations: Some(403),
                    ..o.clone()
                };
                let out = mcts::search_any(&root, &it, &Limits::default());
                assert_eq!(
                    (out.stop, out.iterations),
                    (MctsStop::Iterations, 403),
                    "{it:?}"
                );
                assert!(legal.contains(&out.best_move.expect("a move")));
                check_line(&root, &out.pv, "connect4");
                let budget = 777;
                let out = mcts::search_any(&root, &o, &Limits::default().with_nodes(budget));
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
                let out = mcts::search_any(&root, &mem, &Limits::default());
                assert_eq!(out.stop, MctsStop::Memory, "{mem:?}");
                assert!(out.tree_nodes <= 300, "{mem:?}: {}", out.tree_nodes);
            }
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
        let a = key(&mcts::search_any(&root, &o, &Limits::default()));
        assert_eq!(
            a,
            key(&mcts::search_any(&root, &o, &Limits::default())),
            "{par:?}"
        );
        let serial = key(&mcts::search(&root, &o, &Limits::default()));
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
    let mut m = mcts::Mcts::new(root, o);
    mcts::leaf::run(&mut m, &Limits::default());
    assert_eq!(m.nodes()[0].visits, 4 * 100);
}

#[test]
fn kept_trees_are_the_played_subtree() {
    let root = Connect4::new();
    let o = MctsOptions {
        iterations: Some(2000),
        ..MctsOptions::default()
    };
    let mut m = mcts::Mcts::new(root, o.clone());
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
