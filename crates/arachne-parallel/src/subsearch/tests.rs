//! The processors' serial search (this module): on real backends a slave
//! searches its subtree with `arachne-search`'s serial search — exactly its nodes when no
//! UPDATE arrives, the catcher's accuracy when UPDATEs narrow the window — and `--quiescence`
//! reaches every processor of tree-split on both runtimes.
use crate::subsearch::{Poll, SerialSpec, SubSearch, SLAVE_TT_MIB, SLAVE_TT_MIN_DEPTH};
use arachne_core::{Game, Limits, Score, TranspositionTable, Window};
use arachne_games::{chess::bench, IidParams, IidTree, IncrementalTree};
use arachne_runtime::CostModel;
use arachne_search::alphabeta::{alphabeta, falphabeta_tt};
use arachne_search::context::Ctx;
use arachne_search::stepper::StepperMode;
use arachne_search::{Algorithm, SearchOptions};
use std::sync::Arc;

/// Random branching on odd seeds.
fn incremental(b: u32, d: u32, seed: u64) -> IncrementalTree {
    crate::testkit::incremental(b, d, seed, seed % 2 == 1, -50, 50)
}

fn spec() -> Arc<SerialSpec> {
    Arc::new(SerialSpec::new(StepperMode::AlphaBeta, false, false))
}

/// A job never narrowed visits exactly the nodes of `alphabeta` on its subtree (a tree has no
/// transpositions, so the table gives nothing but restarts), with the same value, and exactly
/// those of `falphabeta_tt` with a fresh table on any game.
#[test]
fn a_job_visits_exactly_the_serial_searchers_nodes() {
    for seed in 0..40u64 {
        let root = incremental(3 + (seed % 4) as u32, 6, seed);
        let (depth, ply) = (5, 1);
        let pos = root.play({
            let mut m = Vec::new();
            root.moves(&mut m);
            m[0]
        });
        let window = if seed % 3 == 0 {
            Window::FULL
        } else {
            Window::new(Score(-20), Score(15))
        };
        let mut sub = SubSearch::new(spec());
        sub.start(pos, window, depth, ply);
        assert!(sub.run_blocking(&mut |_| Poll::Go));
        let opts = SearchOptions::default();
        let limits = Limits::depth(depth + ply);
        let mut ctx = Ctx::new(&opts, &limits, None);
        let want = alphabeta(
            &mut ctx,
            &pos,
            depth,
            ply as usize,
            window.alpha,
            window.beta,
        )
        .unwrap();
        let got = sub.stats();
        assert_eq!(
            (got.interior, got.leaves, got.cutoffs),
            (ctx.stats.interior, ctx.stats.leaves, ctx.stats.cutoffs),
            "seed {seed}"
        );
        // The same value where alphabeta's is exact (fail-hard); a bound on the same side
        // otherwise.
        let v = sub.result().unwrap();
        if window.alpha < want && want < window.beta {
            assert_eq!(v, want, "seed {seed}");
        } else if want <= window.alpha {
            assert!(v <= window.alpha);
        } else {
            assert!(v >= window.beta);
        }
    }
    // Chess (transpositions): exactly falphabeta_tt's nodes with a fresh table.
    for rec in bench::wac().iter().step_by(60) {
        let pos = &rec.position;
        let mut sub = SubSearch::new(spec());
        sub.start(pos.clone(), Window::FULL, 3, 0);
        assert!(sub.run_blocking(&mut |_| Poll::Go));
        let opts = SearchOptions::default();
        let limits = Limits::depth(3);
        let tt = TranspositionTable::with_mib(SLAVE_TT_MIB);
        let mut ctx = Ctx::new(&opts, &limits, Some(&tt)).with_tt_min_depth(SLAVE_TT_MIN_DEPTH);
        let v = falphabeta_tt(&mut ctx, pos, 3, 0, -Score::INF, Score::INF).unwrap();
        assert_eq!(sub.result(), Some(v));
        assert_eq!(sub.stats(), ctx.stats);
    }
}

/// With `--ordering` a processor keeps its killers and history from one job to the next: a
/// series of jobs visits exactly the nodes of the serial search run on the same subtrees one
/// after the other with one table and one set of ordering tables, and values stay exact. Also
/// checked against fresh tables per job, so the test fails if the tables were dropped.
#[test]
fn a_processor_keeps_its_ordering_across_jobs() {
    let spec = Arc::new(SerialSpec::new(StepperMode::AlphaBeta, true, false));
    let mut kept_differs = false;
    for (k, rec) in bench::wac().iter().enumerate().step_by(50).take(6) {
        let root = &rec.position;
        let mut moves = Vec::new();
        root.moves(&mut moves);
        let depth = 3;
        let mut sub = SubSearch::new(Arc::clone(&spec));
        let opts = spec.opts.clone();
        let limits = Limits::depth(depth + 1);
        let tt = TranspositionTable::with_mib(SLAVE_TT_MIB);
        let mut ordering = None;
        let mut fresh_nodes = 0;
        let mut before = 0;
        for &m in moves.iter().take(6) {
            let pos = root.play(m);
            sub.start(pos.clone(), Window::FULL, depth, 1);
            assert!(sub.run_blocking(&mut |_| Poll::Go));
            let mut ctx =
                Ctx::new(&opts, &limits, Some(&tt)).with_tt_min_depth(spec.tt_min_depth());
            if let Some(o) = ordering.take() {
                ctx.set_ordering(o);
            }
            let v = falphabeta_tt(&mut ctx, &pos, depth, 1, -Score::INF, Score::INF).unwrap();
            ordering = Some(ctx.take_ordering());
            assert_eq!(sub.result(), Some(v), "wac {k}");
            let got = sub.stats().nodes() - before;
            before = sub.stats().nodes();
            assert_eq!(got, ctx.stats.nodes(), "wac {k}");
            // The same job with fresh ordering tables (and a fresh table).
            let fresh_tt = TranspositionTable::with_mib(SLAVE_TT_MIB);
            let mut fresh =
                Ctx::new(&opts, &limits, Some(&fresh_tt)).with_tt_min_depth(spec.tt_min_depth());
            assert_eq!(
                falphabeta_tt(&mut fresh, &pos, depth, 1, -Score::INF, Score::INF).unwrap(),
                v
            );
            fresh_nodes += fresh.stats.nodes();
        }
        kept_differs |= fresh_nodes != sub.stats().nodes();
    }
    assert!(kept_differs, "kept tables never changed a search");
}

/// A processor on `Pathed` positions (MPI's) whose game is registered searches the wrapped
/// game's own positions: the same value, the same nodes and the same best move (wrapped) as on
/// the plain game, with ordering kept across jobs; one not registered searches `Pathed`
/// itself, with the same results.
#[test]
fn pathed_jobs_run_on_the_native_position_when_registered() {
    use arachne_runtime::Pathed;
    fn jobs<G: Game>(sub: &mut SubSearch<G>, root: &G) -> Vec<(Option<Score>, u64, Option<u32>)> {
        let mut moves = Vec::new();
        root.moves(&mut moves);
        let mut out = Vec::new();
        let mut before = 0;
        for &m in moves.iter().take(5) {
            sub.start(root.play(m), Window::FULL, 3, 1);
            assert!(sub.run_blocking(&mut |_| Poll::Go));
            let nodes = sub.stats().nodes() - before;
            before = sub.stats().nodes();
            // The best move by its generation index in the job's position.
            let best = sub.best_move().map(|b| {
                let mut ms = Vec::new();
                root.play(m).moves(&mut ms);
                ms.iter().position(|x| *x == b).unwrap() as u32
            });
            out.push((sub.result(), nodes, best));
        }
        out
    }
    crate::subsearch::register_native::<arachne_games::chess::Chess>();
    let ordered = Arc::new(SerialSpec::new(StepperMode::AlphaBeta, true, true));
    for rec in bench::wac().iter().step_by(70).take(4) {
        let root = &rec.position;
        let mut plain = SubSearch::new(Arc::clone(&ordered));
        let want = jobs(&mut plain, root);
        assert!(!plain.native());
        let mut wrapped = SubSearch::new(Arc::clone(&ordered));
        assert_eq!(jobs(&mut wrapped, &Pathed::root(root.clone())), want);
        assert!(wrapped.native(), "the registered game runs natively");
        assert!(
            want.iter().any(|j| j.2.is_some()),
            "no best move to compare"
        );
    }
    // A game that is not registered: `Pathed` itself, the same results.
    for seed in 0..6 {
        let root = incremental(4, 6, seed);
        let mut plain = SubSearch::new(spec());
        let want = jobs(&mut plain, &root);
        let mut wrapped = SubSearch::new(spec());
        assert_eq!(jobs(&mut wrapped, &Pathed::root(root)), want);
        assert!(!wrapped.native());
    }
}

/// The catcher by restart: UPDATEs arriving at any poll leave the result accurate for the
/// narrowed window (exact inside, a bound on the right side outside), and an empty window
/// ends the job with its α (a fail high for its master).
#[test]
fn updates_keep_the_accuracy_property() {
    let mut narrowed = 0;
    for seed in 0..60u64 {
        let root = IidTree::new(IidParams {
            n: 5,
            d: 7,
            seed,
            range: Some(60),
        });
        let exact = Algorithm::AlphaBeta
            .search(&root, &Limits::depth(7), &SearchOptions::default())
            .value;
        let mut sub = SubSearch::new(spec());
        sub.start(root, Window::FULL, 7, 0);
        let at = 1 + seed % 5;
        let w = Window::new(
            Score(exact.0 - 10 + (seed % 23) as i32),
            Score(exact.0 + 1 + (seed % 7) as i32),
        );
        let mut calls = 0u64;
        let mut sent = false;
        let done = sub.run_blocking(&mut |_| {
            calls += 1;
            if calls == at && !sent {
                sent = true;
                return Poll::Update(w);
            }
            Poll::Go
        });
        assert!(done);
        narrowed += usize::from(sent);
        let v = sub.result().unwrap();
        let w = if sent { w } else { Window::FULL };
        if w.alpha >= w.beta {
            assert_eq!(v, w.alpha);
        } else if w.contains(exact) {
            assert_eq!(v, exact, "seed {seed}");
        } else if exact <= w.alpha {
            assert!(v <= w.alpha, "seed {seed}");
        } else {
            assert!(v >= w.beta, "seed {seed}");
        }
    }
    // The trees are large enough that the UPDATE arrives mid-search.
    assert!(narrowed > 40, "{narrowed}");
    // Stop: the job ends without a result.
    let root = incremental(6, 7, 1);
    let mut sub = SubSearch::new(spec());
    sub.start(root, Window::FULL, 7, 0);
    assert!(!sub.run_blocking(&mut |_| Poll::Stop));
    assert!(!sub.is_running());
}

/// A job run to its end on `sub`'s simulator form, charged under `cost`: (virtual time, done).
fn on_simulator<G: Game>(sub: &mut SubSearch<G>, cost: &CostModel) -> (f64, bool) {
    let mut env: arachne_runtime::Env<'_, ()> = arachne_runtime::Env::new(0, cost);
    // In small steps of virtual time, as the simulator's lookahead windows give them.
    let mut done = false;
    let mut until = 0.0;
    while sub.is_running() {
        until += 0.37;
        done |= sub.work_steps(&mut env, until, u64::MAX);
    }
    (env.clock, done)
}

/// A simulated processor runs the serial search of the real backends: on the same job with the
/// same options — the engine's four on chess (ordering, quiescence, null move, check
/// extension), ordering on checkers — it visits exactly a threads processor's nodes, gives the
/// same value and best move, and is charged the cost model's time for those nodes.
#[test]
fn a_simulated_processor_visits_a_threads_processors_nodes() {
    use crate::slave::Engine;
    use crate::subsearch::Worker;
    let cost = CostModel::arachne();
    let chess_spec = Arc::new(
        SerialSpec::new(StepperMode::AlphaBeta, true, true).with_engine(Engine {
            check_root: Some(5),
            null_move: true,
            worker: Worker::Engine,
        }),
    );
    let checkers_spec = Arc::new(SerialSpec::new(StepperMode::AlphaBeta, true, false));
    fn same<G: Game>(spec: &Arc<SerialSpec>, pos: &G, depth: u32, w: Window, cost: &CostModel) {
        let mut real = SubSearch::new(Arc::clone(spec));
        real.start(pos.clone(), w, depth, 0);
        assert!(real.run_blocking(&mut |_| Poll::Go));
        let mut sim = SubSearch::new(Arc::clone(spec));
        sim.start(pos.clone(), w, depth, 0);
        let (time, done) = on_simulator(&mut sim, cost);
        assert!(done);
        let (a, b) = (real.stats(), sim.stats());
        assert_eq!(a, b, "depth {depth} window {w:?}");
        assert!(a.nodes() > 2048, "the job must pass a look at the mailbox");
        assert_eq!(real.result(), sim.result());
        assert_eq!(real.best_move(), sim.best_move());
        let want = a.interior as f64 * cost.interior + a.leaves as f64 * cost.leaf;
        assert!((time - want).abs() < 1e-6 * want, "{time} against {want}");
    }
    for rec in bench::wac().iter().step_by(50) {
        for w in [Window::FULL, Window::new(Score(-30), Score(40))] {
            same(&chess_spec, &rec.position, 5, w, &cost);
        }
    }
    for pos in arachne_games::checkers::bench_positions().iter().step_by(3) {
        same(&checkers_spec, pos, 9, Window::FULL, &cost);
    }
}

/// An UPDATE on the simulator reaches the worker at its next look at the mailbox, as on
/// threads: narrowed in the middle of a job, the search still ends with a value that is exact
/// inside the final window and a bound outside it.
#[test]
fn a_simulated_processor_takes_updates_at_its_next_look_at_the_mailbox() {
    let cost = CostModel::arachne();
    let opts = SearchOptions {
        hints: true,
        killers: true,
        history: true,
        quiescence: true,
        ..SearchOptions::default()
    };
    for rec in bench::wac().iter().step_by(70) {
        let pos = &rec.position;
        let want = Algorithm::FAlphaBeta
            .search(pos, &Limits::depth(5), &opts)
            .value;
        let spec = Arc::new(SerialSpec::new(StepperMode::AlphaBeta, true, true));
        let mut sim = SubSearch::new(spec);
        sim.start(pos.clone(), Window::FULL, 5, 0);
        let mut env: arachne_runtime::Env<'_, ()> = arachne_runtime::Env::new(0, &cost);
        let narrowed = Window::new(want - 20, want + 20);
        let mut until = 0.0;
        let mut told = false;
        while sim.is_running() {
            until += 1.0;
            sim.work_steps(&mut env, until, u64::MAX);
            if !told && sim.stats().nodes() > 0 {
                sim.update(narrowed);
                told = true;
            }
        }
        let v = sim.result().unwrap();
        if narrowed.alpha < want && want < narrowed.beta {
            assert_eq!(v, want);
        }
    }
}

/// On a game without transpositions a processor keeps a small table for its restarts
/// (`RESTART_TT_SLOTS`, used at `RESTART_TT_MIN_DEPTH` plies left or more): a job whose window
/// an UPDATE narrows mid-search resumes past the subtrees it finished, so from the UPDATE on it
/// visits fewer nodes than a fresh search in the narrowed window would (without the table it
/// visits exactly those), with the same value.
#[test]
fn a_restart_skips_the_subtrees_it_finished() {
    let (mut restarted, mut fewer) = (0, 0);
    for seed in 0..20u64 {
        let root = incremental(8, 9, seed);
        let exact = Algorithm::AlphaBeta
            .search(&root, &Limits::depth(9), &SearchOptions::default())
            .value;
        let w = Window::new(Score(exact.0 - 3), Score(exact.0 + 3));
        let mut sub = SubSearch::new(spec());
        sub.start(root, Window::FULL, 9, 0);
        let (mut calls, mut at) = (0u64, None);
        assert!(sub.run_blocking(&mut |n| {
            calls += 1;
            if calls == 3 && at.is_none() {
                at = Some(n);
                return Poll::Update(w);
            }
            Poll::Go
        }));
        assert_eq!(sub.result(), Some(exact), "seed {seed}");
        let Some(at) = at else { continue };
        restarted += 1;
        let after = sub.stats().nodes() - at;
        let mut fresh = SubSearch::new(spec());
        fresh.start(root, w, 9, 0);
        assert!(fresh.run_blocking(&mut |_| Poll::Go));
        assert_eq!(fresh.result(), Some(exact), "seed {seed}");
        fewer += usize::from(after < fresh.stats().nodes());
    }
    assert!(restarted >= 15, "{restarted}");
    assert!(fewer * 10 >= restarted * 9, "{fewer} of {restarted}");
}
