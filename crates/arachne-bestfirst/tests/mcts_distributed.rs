//! Root-parallel MCTS as message-passing processes (issue 27, part 2,
//! [`arachne_bestfirst::mcts::distributed`]): at `P = 1` it is the serial search on sim and
//! threads; at every `P` on sim it is exactly the threaded root form on `P` threads (same
//! trees, same vote); run to the end with the solver it gives negamax's value on small trees
//! (sim and threads); sim runs repeat bit for bit; the iteration budget is exact and the node
//! budget never passed; the simulated speedup follows the cost model.
use arachne_bestfirst::mcts::{
    self, distributed, up, Expand, MctsOptions, MctsOutcome, MctsStop, Par, Playout,
};
use arachne_core::{Game, Limits, Score};
use arachne_games::{
    Branching, Connect4, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree,
};
use arachne_runtime::{Backend, CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};

fn sim() -> Backend {
    Backend::Sim(SimConfig::new(CostModel::unit(1.0)))
}

fn threads() -> Backend {
    Backend::Threads { poll_every: 1 }
}

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
fn one_process_is_the_serial_search() {
    let root = Connect4::new();
    for (i, o) in variants(5).into_iter().enumerate() {
        let budgets = [
            (Some(200 + 41 * i as u64), Limits::default()),
            (None, Limits::default().with_nodes(400 + 77 * i as u64)),
        ];
        for (iters, lim) in budgets {
            let o = MctsOptions {
                iterations: iters,
                ..o.clone()
            };
            let serial = key(&mcts::search(&root, &o, &lim));
            for b in [sim(), threads()] {
                assert_eq!(key(&run(&root, &o, 1, &b, &lim).outcome), serial, "{o:?}");
            }
        }
    }
}

#[test]
fn on_sim_it_is_the_threaded_root_form() {
    // Same trees (seeds and budget shares), same vote, same line: P processes on the simulator
    // give exactly what P threads of `par=root` give.
    let root = Connect4::new();
    for (i, o) in variants(11).into_iter().enumerate() {
        for p in [2u32, 3, 5] {
            let budgets = [
                (Some(300 + 13 * i as u64), Limits::default()),
                (None, Limits::default().with_nodes(700 + 59 * i as u64)),
            ];
            for (iters, lim) in budgets {
                let o = MctsOptions {
                    iterations: iters,
                    ..o.clone()
                };
                let threaded = MctsOptions {
                    par: Some(Par::Root),
                    threads: p,
                    ..o.clone()
                };
                let want = key(&mcts::search_any(&root, &threaded, &lim));
                let got = run(&root, &o, p, &sim(), &lim);
                assert_eq!(key(&got.outcome), want, "P = {p} {o:?}");
                // P − 1 reports and the answer to the host.
                assert_eq!(got.messages, p as u64, "P = {p}");
                if let Some(n) = iters {
                    assert_eq!(got.outcome.iterations, n, "iterations are exact");
                }
                if let Some(n) = lim.nodes {
                    assert!(got.outcome.stats.leaves <= n, "node budget passed");
                }
            }
        }
    }
}

fn negamax<G: Game>(g: &G, depth: u32) -> Score {
    Algorithm::Negamax
        .search(g, &Limits::depth(depth), &SearchOptions::default())
        .value
}

fn check_exact<G: Game>(root: &G, depth: u32, what: &str, b: &Backend, procs: &[u32]) {
    let want = negamax(root, depth);
    for o in variants(depth as u64 * 3 + 2)
        .into_iter()
        .filter(|o| o.solver)
    {
        for &p in procs {
            let out = run(root, &o, p, b, &Limits::default()).outcome;
            assert!(out.solved, "{what} P = {p} {o:?}");
            assert_eq!(out.stop, MctsStop::Solved, "{what} P = {p}");
            assert_eq!(out.value, want, "{what} P = {p} {o:?}");
            let m = out.best_move.expect("a move");
            assert_eq!(out.pv.first(), Some(&m), "{what}");
            assert_eq!(up(negamax(&root.play(m), depth - 1)), want, "{what}: {m:?}");
            let mut pos = root.clone();
            let mut moves = Vec::new();
            for &mv in &out.pv {
                pos.moves(&mut moves);
                assert!(moves.contains(&mv), "{what}: illegal {mv:?} in the line");
                pos = pos.play(mv);
            }
        }
    }
}

#[test]
fn run_to_the_end_it_is_exact() {
    for seed in 0..8u64 {
        for (n, d) in [(2, 5), (3, 4), (4, 3)] {
            let range = if seed % 2 == 0 { Some(4) } else { None };
            let t = IidTree::new(IidParams { n, d, seed, range });
            let what = format!("iid n={n} d={d} seed={seed}");
            check_exact(&t, d, &what, &sim(), &[2, 3, 8]);
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
            let what = format!("incremental b={b} d={d} seed={seed}");
            check_exact(&t, d, &what, &sim(), &[2, 4]);
            if seed < 2 {
                check_exact(&t, d, &what, &threads(), &[3]);
            }
        }
    }
}

#[test]
fn sim_runs_repeat_and_the_speedup_follows_the_cost_model() {
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
