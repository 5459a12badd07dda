//! Playouts per second of our MCTS ([`arachne_mcts`]) against the `minimax` crate's
//! (0.6.0) `MonteCarloTreeSearch` on connect four from the start, random playouts, one thread,
//! **interleaved in one run**: each round times one search of `ITERS`
//! playouts by each engine, the order alternating round by round, so both see the same
//! machine load; the summary gives each engine's playouts per second over all rounds, their
//! ratio over all rounds and the median of the per-round ratios.
//!
//! Fairness, as in `arachne-search`'s `vs_minimax` bench: both search the same `Connect4`
//! (moves generated left to right, copy-make). The peer's adapter is that bench's *direct*
//! one: `generate_moves` writes straight into the engine's move vector, `apply` returns the
//! played copy, `get_winner` asks the position. Both engines run a playout to the end of the
//! game (ours: `cap=200`; theirs: `with_max_rollout_depth(100)`; a game has at most 42
//! plies), expand one node per playout and propagate proven wins and losses (ours: the
//! MCTS-Solver bounds, `solver=1`; theirs: its forced-win propagation). One playout = one
//! iteration of ours (`iters=`), one rollout of theirs (`set_max_rollouts`).
//!
//! The `mcts` crate (0.3.0, the other peer) is measured the same way by the
//! mode `mcts-crate`. It has no random playout of its own: its `Evaluator` values a new node,
//! so the adapter's evaluator runs one random playout there, on the same `Connect4` moves,
//! with a xorshift generator (cheaper than our `rand` draw: the advantage is theirs). Its tree
//! policy is its `UCTPolicy` with twice our default constant (its rewards span −1…1, ours
//! 0…1, so that is the same exploration), no transposition table (`()`, as
//! ours has none), one node expanded per playout (its default), single-threaded
//! (`playout_n`). It has no solver; a terminal node keeps its exact value.
//!
//! Run: `cargo bench -p arachne-mcts --bench vs_mcts [-- ROUNDS]` (default 20 rounds).
//! Modes (an argument each):
//!
//! * `ours N` / `theirs N` / `crate N`: `N` searches by one engine alone (`crate`: the
//!   `mcts` crate's; `VS_MCTS_SHOW=1` prints its chosen move), for instructions per playout
//!   under `valgrind --tool=callgrind target/release/deps/vs_mcts-HASH N ours` (load
//!   independent);
//! * `memory`: bytes per tree node — serial arena on connect four and on the synthetic trees
//!   (target ≤ 48), and the tree-parallel form's shared node;
//! * `mcts-crate N`: ours against the `mcts` crate, interleaved over `N` rounds (target
//!   ≥ 1.0× its playouts per second);
//! * `tree N [playout=P] [iters=I]`: tree-parallel MCTS on 2 threads against 1, interleaved
//!   over `N` rounds, `I` playouts a search (default `4 * ITERS`) of kind `P` (default
//!   `random`; `eval`, `ab:D` for a heavier leaf: how the ratio depends on the leaf's cost)
//!   (target ≥ 1.7× playouts per second with random playouts): run it on an idle machine
//!   with at least 2 cores, `cargo bench -p arachne-mcts --bench vs_mcts -- tree 20`;
//! * `tree-lock N` (same `playout=`, `iters=`): the tree form on 2 threads with a lock per
//!   node ([`arachne_mcts::tree::NodeSync::Lock`]) against atomics (`NodeSync::Atomic`),
//!   interleaved: "lock-free or fine-grained: measure which";
//! * `tree-serial N` (same `playout=`, `iters=`): the same 2 threads against the serial
//!   search (`par` unset, one thread), the best serial search with the same options: the
//!   speedup in the house's sense, beside `tree`'s scaling of the form itself;
//! * `tree1 N` / `tree2 N` (same `playout=`, `iters=`): `N` tree-parallel searches on 1 or 2
//!   threads alone, for CPU time per playout under `/usr/bin/time` (beside `ours N`, the
//!   serial search; 20 000 playouts a search there, `4 * ITERS` here), and `serial N`: the
//!   serial search with the same playouts, for the same trees; `root2 N`: root
//!   parallelisation on 2 threads (independent trees), the machine's control: its wall time
//!   is half the serial search's when two cores are free; `serial2 N`: two serial searches at
//!   once on 2 threads, `N` times;
//! * `ceiling N` (same `playout=`, `iters=`): what the tree form's 2 walkers lose, in parts,
//!   against the serial search, in rotating order over `N` rounds: the tree form on 2 walkers;
//!   two serial searches at once (independent trees as large as the serial search's: what
//!   this machine gives two cores of this work, its ceiling); two searches of the tree form
//!   on 1 walker at once (the form's own code with nothing shared: the ceiling of any cut in
//!   what the walkers share);
//! * `game=othello` with any of the tree modes above (`tree`, `tree-lock`, `tree-serial`,
//!   `tree1`, `tree2`, `serial`, `root2`, `serial2`, `ceiling`): the same from Othello's start
//!   instead of connect four's, a game whose random playouts (some 60 plies of move
//!   generation) cost more against the descent;
//! * `pingpong N`: two threads taking turns at one atomic word, `N` × 10⁵ round trips: what
//!   one cache line costs each time it moves from one core to the other and back;
//! * `crate-tree N`: the `mcts` crate's own tree parallelisation (`playout_n_parallel`, `4 *
//!   ITERS` playouts) on 2 threads against 1, interleaved over `N` rounds: whether a
//!   lock-free peer scales on the same machine with the same playouts. Its threads' playout
//!   generators are seeded apart.
use arachne_core::{Game, Limits, Score};
use arachne_games::{Connect4, IidTree, IncrementalTree, Othello};
use arachne_mcts::{tree::NodeSync, MctsOptions, Par, Playout};
use std::time::Instant;

/// Playouts per search.
const ITERS: u64 = 20_000;

/// The `minimax` adapter: our connect four as a `minimax::Game`.
mod adapter {
    use super::*;
    use minimax::Winner;

    pub struct C4;
    impl minimax::Game for C4 {
        type S = Connect4;
        type M = u8;
        #[inline]
        fn generate_moves(s: &Connect4, moves: &mut Vec<u8>) -> Option<Winner> {
            // The generator tests for the end of the game itself (no moves then).
            s.moves(moves);
            if moves.is_empty() {
                return Self::get_winner(s);
            }
            None
        }
        #[inline]
        fn apply(s: &mut Connect4, m: u8) -> Option<Connect4> {
            Some(s.play(m))
        }
        #[inline]
        fn get_winner(s: &Connect4) -> Option<Winner> {
            if !s.is_terminal() {
                None
            } else if s.evaluate() == Score::LOSS {
                Some(Winner::PlayerJustMoved)
            } else {
                Some(Winner::Draw)
            }
        }
    }
}

/// The `mcts` crate's adapter: our connect four as its `GameState`, and an evaluator that
/// values a new node by one random playout.
mod mcts_adapter {
    use super::*;
    use mcts_crate::tree_policy::UCTPolicy;
    use mcts_crate::{Evaluator, GameState, MoveEvaluation, MoveList, SearchHandle, MCTS};
    use std::cell::Cell;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[derive(Clone)]
    pub struct C4(pub Connect4);

    impl GameState for C4 {
        type Move = u8;
        /// The side to move: 0 for the first player, 1 for the second.
        type Player = u32;
        type MoveList = Vec<u8>;
        fn current_player(&self) -> u32 {
            self.0.plies() % 2
        }
        fn available_moves(&self) -> Vec<u8> {
            let mut v = Vec::with_capacity(7);
            if !self.0.is_terminal() {
                self.0.moves(&mut v);
            }
            v
        }
        fn make_move(&mut self, m: &u8) {
            self.0 = self.0.play(*m);
        }
    }

    /// Threads that have drawn a playout generator (each starts from its own seed).
    static THREADS: AtomicU64 = AtomicU64::new(1);
    thread_local!(static RNG: Cell<u64> = Cell::new(
        THREADS.fetch_add(1, Relaxed).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1
    ));

    /// Reseeds this thread's playout generator.
    pub fn seed(s: u64) {
        RNG.with(|r| r.set(s.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1));
    }

    fn next(n: usize) -> usize {
        RNG.with(|r| {
            let mut x = r.get();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            r.set(x);
            (x % n as u64) as usize
        })
    }

    /// A random playout from `pos` to the end: 1 if the first player wins, −1 if the
    /// second does, 0 for a draw.
    fn playout(pos: &Connect4) -> i64 {
        let mut p = *pos;
        let mut moves = Vec::with_capacity(7);
        loop {
            if p.is_terminal() {
                break;
            }
            p.moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            p = p.play(moves[next(moves.len())]);
        }
        // `evaluate` is from the side to move's view: a loss for it is a win for the other.
        let mover = if p.evaluate() == Score::LOSS { -1 } else { 0 };
        if p.plies() % 2 == 0 {
            mover
        } else {
            -mover
        }
    }

    pub struct Playouts;
    impl Evaluator<Spec> for Playouts {
        type StateEvaluation = i64;
        fn evaluate_new_state(
            &self,
            state: &C4,
            moves: &MoveList<Spec>,
            _: Option<SearchHandle<Spec>>,
        ) -> (Vec<MoveEvaluation<Spec>>, i64) {
            (vec![(); moves.len()], playout(&state.0))
        }
        fn evaluate_existing_state(&self, state: &C4, e: &i64, _: SearchHandle<Spec>) -> i64 {
            // A node revisited before its expansion gets a fresh playout (one per
            // iteration, as ours); a terminal node keeps its exact value.
            if state.0.is_terminal() {
                *e
            } else {
                playout(&state.0)
            }
        }
        fn interpret_evaluation_for_player(&self, e: &i64, player: &u32) -> i64 {
            if *player == 0 {
                *e
            } else {
                -*e
            }
        }
    }

    #[derive(Default)]
    pub struct Spec;
    impl MCTS for Spec {
        type State = C4;
        type Eval = Playouts;
        type NodeData = ();
        type ExtraThreadData = ();
        type TreePolicy = UCTPolicy;
        type TranspositionTable = ();
    }

    /// A manager at the start position, its generator seeded from `seed_`.
    fn manager(seed_: u64, c: f64) -> mcts_crate::MCTSManager<Spec> {
        seed(seed_ + 1);
        mcts_crate::MCTSManager::new(C4(Connect4::new()), Spec, Playouts, UCTPolicy::new(c), ())
    }

    /// One search of `ITERS` playouts: (playouts, seconds).
    pub fn search(seed_: u64, c: f64) -> (u64, f64) {
        let t = Instant::now();
        let mut m = manager(seed_, c);
        m.playout_n(ITERS);
        let best = m.best_move();
        let t = t.elapsed().as_secs_f64();
        if std::env::var_os("VS_MCTS_SHOW").is_some() {
            eprintln!("mcts 0.3.0: best move {best:?} (column index from 0)");
        }
        (ITERS, t)
    }

    /// One search of `4 * ITERS` playouts by the crate's own tree parallelisation on
    /// `threads` threads (`playout_n_parallel`: the threads share one tree of atomic
    /// statistics; its default `virtual_loss` of 0, its visits counted on the way down):
    /// (playouts, seconds).
    pub fn search_threads(seed_: u64, c: f64, threads: usize) -> (u64, f64) {
        let t = Instant::now();
        let mut m = manager(seed_, c);
        m.playout_n_parallel(4 * ITERS as u32, threads);
        std::hint::black_box(m.best_move());
        (4 * ITERS, t.elapsed().as_secs_f64())
    }
}

fn ours_opts(seed: u64) -> MctsOptions {
    MctsOptions {
        playout: Playout::Random { cap: 200 },
        iterations: Some(ITERS),
        seed,
        ..MctsOptions::default()
    }
}

/// One search by ours: (playouts, seconds).
fn ours(seed: u64) -> (u64, f64) {
    let t = Instant::now();
    let out = arachne_mcts::search(&Connect4::new(), &ours_opts(seed), &Limits::default());
    (out.iterations, t.elapsed().as_secs_f64())
}

/// One search by theirs: (playouts, seconds).
fn theirs() -> (u64, f64) {
    use minimax::{MCTSOptions, MonteCarloTreeSearch, Strategy};
    let opts = MCTSOptions::default()
        .with_num_threads(1)
        .with_max_rollout_depth(100);
    let mut s = MonteCarloTreeSearch::<adapter::C4>::new(opts);
    s.set_max_rollouts(ITERS as u32);
    let t = Instant::now();
    std::hint::black_box(s.choose_move(&Connect4::new()));
    (ITERS, t.elapsed().as_secs_f64())
}

/// One tree-parallel search on `threads` threads (0: the serial search) with the arguments' `playout=` and
/// `iters=` (default: random playouts, `4 * ITERS`): (playouts, seconds).
fn tree(threads: u32, seed: u64, args: &MctsOptions) -> (u64, f64) {
    form(Par::Tree, threads, seed, args)
}

/// The game the tree modes search from its start: connect four, or Othello with `game=othello`
/// (a game whose playouts cost more against the descent: 60 plies of move generation).
static OTHELLO: std::sync::OnceLock<bool> = std::sync::OnceLock::new();

fn othello() -> bool {
    OTHELLO.get().copied().unwrap_or(false)
}

/// [`tree`] on 2 threads with the nodes changed by `sync`.
fn locked(sync: NodeSync, seed: u64, args: &MctsOptions) -> (u64, f64) {
    timed(&form_opts(Par::Tree, 2, seed, args), Some(sync))
}

/// [`tree`] in the form `par`.
fn form(par: Par, threads: u32, seed: u64, args: &MctsOptions) -> (u64, f64) {
    timed(&form_opts(par, threads, seed, args), None)
}

/// One search with options `o` from the start of the tree modes' game ([`othello`]), by
/// `search_any`, or by the tree form with the nodes changed by `sync`: (playouts, seconds).
fn timed(o: &MctsOptions, sync: Option<NodeSync>) -> (u64, f64) {
    fn on<G: Game>(root: G, o: &MctsOptions, sync: Option<NodeSync>) -> (u64, f64) {
        let t = Instant::now();
        let out = match sync {
            Some(sync) => {
                let mut m = arachne_mcts::Mcts::new(root, o.clone());
                arachne_mcts::tree::run_with(&mut m, &Limits::default(), sync)
            }
            None => arachne_mcts::search_any(&root, o, &Limits::default()),
        };
        (out.iterations, t.elapsed().as_secs_f64())
    }
    if othello() {
        on(Othello::default(), o, sync)
    } else {
        on(Connect4::new(), o, sync)
    }
}

/// The options of a search by [`form`] (`threads` 0: the serial search).
fn form_opts(par: Par, threads: u32, seed: u64, args: &MctsOptions) -> MctsOptions {
    MctsOptions {
        par: (threads > 0).then_some(par),
        threads: threads.max(1),
        iterations: Some(args.iterations.unwrap_or(4 * ITERS)),
        playout: args.playout,
        ..ours_opts(seed)
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Interleaves `a` and `b` over `rounds` rounds and prints playouts per second and ratios.
fn interleave(
    rounds: usize,
    names: [&str; 2],
    mut a: impl FnMut(u64) -> (u64, f64),
    mut b: impl FnMut(u64) -> (u64, f64),
) {
    a(0); // warm-up
    b(0);
    let mut total = [(0u64, 0f64); 2];
    let mut ratios = Vec::with_capacity(rounds);
    for r in 0..rounds {
        let mut rate = [0f64; 2];
        for k in 0..2 {
            let e = (r + k) % 2;
            let (n, t) = if e == 0 { a(r as u64) } else { b(r as u64) };
            total[e].0 += n;
            total[e].1 += t;
            rate[e] = n as f64 / t;
        }
        ratios.push(rate[0] / rate[1]);
    }
    let per_s = |e: usize| total[e].0 as f64 / total[e].1;
    println!(
        "{}: {:.0} playouts/s; {}: {:.0} playouts/s; ratio {:.3} over all rounds, median of {rounds} rounds {:.3}",
        names[0],
        per_s(0),
        names[1],
        per_s(1),
        per_s(0) / per_s(1),
        median(ratios)
    );
}

/// Two [`tree`] searches on `threads` threads each (0: the serial search), at once on two
/// threads of their own, seeded `2 s` and `2 s + 1`: (their playouts, wall seconds).
fn at_once(threads: u32, s: u64, args: &MctsOptions) -> (u64, f64) {
    let t = Instant::now();
    let p = std::thread::scope(|sc| {
        let a = sc.spawn(|| tree(threads, 2 * s, args).0);
        let b = sc.spawn(|| tree(threads, 2 * s + 1, args).0);
        a.join().unwrap() + b.join().unwrap()
    });
    (p, t.elapsed().as_secs_f64())
}

/// The `pingpong` mode: the time for one cache line to go from one core to the other and
/// back, two threads taking turns at incrementing one atomic word `rounds` × 10⁵ times (what
/// each line the walkers share costs when it moves).
fn pingpong(rounds: usize) {
    use std::sync::atomic::{AtomicU64, Ordering::*};
    #[repr(align(64))]
    struct Word(AtomicU64);
    let w = Word(AtomicU64::new(0));
    let n = rounds as u64 * 100_000;
    let turn = |me: u64| {
        for i in 0..n {
            while w.0.load(Acquire) != 2 * i + me {
                std::hint::spin_loop();
            }
            w.0.store(2 * i + me + 1, Release);
        }
    };
    let t = Instant::now();
    std::thread::scope(|s| {
        s.spawn(|| turn(1));
        turn(0);
    });
    let ns = t.elapsed().as_secs_f64() * 1e9 / n as f64;
    println!("one cache line, core to core and back: {ns:.1} ns ({n} round trips)");
}

/// The `ceiling` mode: what the tree form's 2 walkers cost, in parts. In each of `rounds`
/// rounds, in rotating order: the serial search; the tree form on 2 walkers; two serial
/// searches at once on 2 threads (independent trees, each as large as the serial search's:
/// the machine's ceiling for this work); two searches of the tree form on 1 walker at once (its
/// code with nothing shared: the ceiling of any cut in what the walkers share). Each search
/// has the arguments' playouts; medians of the per-round speedups (playouts per second) over
/// the serial search.
fn ceiling(rounds: usize, args: &MctsOptions) {
    type Run<'r> = Box<dyn Fn(u64) -> (u64, f64) + 'r>;
    let forms: [(&str, Run); 4] = [
        ("serial", Box::new(|s| tree(0, s, args))),
        ("tree form, 2 walkers", Box::new(|s| tree(2, s, args))),
        (
            "2 serial searches at once",
            Box::new(|s| at_once(0, s, args)),
        ),
        (
            "2 tree-form searches on 1 walker at once",
            Box::new(|s| at_once(1, s, args)),
        ),
    ];
    for (_, f) in &forms {
        f(0); // warm-up
    }
    let mut ratios = vec![Vec::with_capacity(rounds); forms.len()];
    for r in 0..rounds {
        let mut rate = [0f64; 4];
        for k in 0..forms.len() {
            let e = (r + k) % forms.len();
            let (p, t) = forms[e].1(r as u64);
            rate[e] = p as f64 / t;
        }
        for e in 0..forms.len() {
            ratios[e].push(rate[e] / rate[0]);
        }
    }
    println!(
        "playouts per second against the serial search's, medians of {rounds} rounds, {:?}",
        args.playout
    );
    for (e, (name, _)) in forms.iter().enumerate().skip(1) {
        println!("{name}: {:.3}", median(ratios[e].clone()));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(20);
    let has = |m: &str| args.iter().any(|a| a == m);
    if has("memory") {
        println!(
            "bytes per node: connect four {}, incremental {}, iid {}; tree-parallel shared node (connect four) {}",
            arachne_mcts::Mcts::<Connect4>::bytes_per_node(),
            arachne_mcts::Mcts::<IncrementalTree>::bytes_per_node(),
            arachne_mcts::Mcts::<IidTree>::bytes_per_node(),
            arachne_mcts::tree::bytes_per_node::<u8>()
        );
        return;
    }
    // `game=othello` for the tree modes (connect four by default).
    if let Some(g) = args.iter().find_map(|a| a.strip_prefix("game=")) {
        match g {
            "connect4" => {}
            "othello" => {
                let _ = OTHELLO.set(true);
            }
            _ => panic!("vs_mcts: game={g}: the tree modes search connect4 or othello"),
        }
    }
    // `playout=` and `iters=` for the tree modes.
    let spec: Vec<&str> = args
        .iter()
        .filter(|a| a.starts_with("playout=") || a.starts_with("iters="))
        .map(|a| a.as_str())
        .collect();
    let tree_args: MctsOptions = if spec.is_empty() {
        MctsOptions {
            playout: ours_opts(0).playout,
            ..MctsOptions::default()
        }
    } else {
        let o: MctsOptions = format!("mcts:{}", spec.join(","))
            .parse()
            .unwrap_or_else(|e| panic!("vs_mcts: {e}"));
        if spec.iter().any(|a| a.starts_with("playout=")) {
            o
        } else {
            MctsOptions {
                playout: ours_opts(0).playout,
                ..o
            }
        }
    };
    let alone = [
        "ours", "theirs", "crate", "serial", "tree1", "tree2", "root2", "serial2",
    ];
    if alone.iter().any(|m| has(m)) {
        let (mut p, mut t) = (0, 0.0);
        for i in 0..n {
            let (a, b) = if has("ours") {
                ours(i as u64)
            } else if has("serial") {
                tree(0, i as u64, &tree_args)
            } else if has("tree1") {
                tree(1, i as u64, &tree_args)
            } else if has("tree2") {
                tree(2, i as u64, &tree_args)
            } else if has("serial2") {
                at_once(0, i as u64, &tree_args)
            } else if has("root2") {
                form(Par::Root, 2, i as u64, &tree_args)
            } else if has("crate") {
                mcts_adapter::search(i as u64, 2.0 * MctsOptions::default().c)
            } else {
                theirs()
            };
            p += a;
            t += b;
        }
        println!("{p} playouts in {t:.3} s");
        return;
    }
    if has("mcts-crate") {
        let c = 2.0 * MctsOptions::default().c;
        interleave(n, ["ours", "mcts 0.3.0"], ours, |s| {
            mcts_adapter::search(s, c)
        });
        return;
    }
    if has("crate-tree") {
        let c = 2.0 * MctsOptions::default().c;
        interleave(
            n,
            ["mcts 0.3.0, 2 threads", "1 thread"],
            |s| mcts_adapter::search_threads(s, c, 2),
            |s| mcts_adapter::search_threads(s, c, 1),
        );
        return;
    }
    if has("tree-lock") {
        println!(
            "tree form, 2 threads: a lock per node against atomics, {:?}",
            tree_args.playout
        );
        interleave(
            n,
            ["lock per node", "atomics"],
            |s| locked(NodeSync::Lock, s, &tree_args),
            |s| locked(NodeSync::Atomic, s, &tree_args),
        );
        return;
    }
    if has("tree-serial") {
        println!(
            "tree form against the serial search, {:?}",
            tree_args.playout
        );
        interleave(
            n,
            ["tree, 2 threads", "serial"],
            |s| tree(2, s, &tree_args),
            |s| tree(0, s, &tree_args),
        );
        return;
    }
    if has("pingpong") {
        pingpong(n);
        return;
    }
    if has("ceiling") {
        ceiling(n, &tree_args);
        return;
    }
    if has("tree") {
        println!("tree form, {:?}", tree_args.playout);
        interleave(
            n,
            ["tree, 2 threads", "1 thread"],
            |s| tree(2, s, &tree_args),
            |s| tree(1, s, &tree_args),
        );
        return;
    }
    interleave(n, ["ours", "minimax 0.6.0"], ours, |_| theirs());
}
