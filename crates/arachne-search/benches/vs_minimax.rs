//! Our `alphabeta` against the `minimax` crate's (0.6.0) `Negamax` on connect four from the start
//! at equal depth, **interleaved in one run**: each round times one search by each engine (the
//! order rotating round by round), so all see the same machine load; the summary gives each
//! engine's nodes per second over all rounds and, for each of the peer's two adapters, the
//! ratio over all rounds and the median of the per-round ratios.
//!
//! Fairness: both engines search the same `Connect4` (moves generated left to right, the same
//! incremental static evaluation, copy-make). The peer gets the fastest adapters its API
//! allows, two of them, and the headline ratio is the one against the faster:
//!
//! * **direct** (`theirs`): `generate_moves` writes straight into the engine's pooled move
//!   vector (no allocation per node; the generator is called out of line, which `Negamax`
//!   runs faster), `apply` returns the played copy, `get_winner` asks the position, the
//!   evaluator returns the position's value unclamped (it is only asked while the game goes
//!   on).
//! * **cached** (`theirs-cached`): as direct, but `generate_moves` (called once per expanded
//!   node, before its moves are applied) also stores the node's winning squares
//!   ([`Connect4::winning_squares`]) in the adapter's state, and `apply` makes each successor
//!   with [`Connect4::play_knowing`], whose test for a line of four is then one `and`. This
//!   is the peer's counterpart of what our search gets from `Game::successor_values` (the
//!   same winning squares, found once per node one ply above the horizon): `minimax`'s
//!   `Negamax` cannot value a successor without `apply`, so its adapter shares the work
//!   through the state instead.
//!
//! `minimax` shuffles its root moves, so its node count varies a little from run to run; its
//! positions are counted as applied moves + 1, ours as interior nodes + bottom positions.
//!
//! Run: `cargo bench -p arachne-search --bench vs_minimax [-- ROUNDS]` (default 30 rounds).
//! Instructions per position, load-independent: build with `--no-run`, then
//! `valgrind --tool=callgrind target/release/deps/vs_minimax-HASH N ENGINE` (`N` searches by
//! one engine alone): `ENGINE` is `ours`, `theirs`, `theirs-cached`, `ours-plain` (ours on
//! connect four without its `successor_values`, i.e. play then evaluate at every bottom
//! position) or `bare` (the reference loop of [`bare`]).
use arachne_core::{Game, Limits, Score};
use arachne_games::Connect4;
use arachne_search::{Algorithm, SearchOptions};
use std::cell::Cell;
use std::time::Instant;

/// The `minimax` adapters: our connect four as a `minimax::Game`, counting applied moves.
mod adapter {
    use super::*;
    use minimax::{Evaluation, Evaluator, Winner};

    thread_local! {
        pub static APPLIED: Cell<u64> = const { Cell::new(0) };
    }

    /// `Connect4::moves` as a call: `Negamax` runs slightly faster so than with the move
    /// generation inlined into it (callgrind: 134.2 against 134.8 instructions per position),
    /// so the peer gets this form. One copy per adapter (`ADAPTER`): with a single caller the
    /// compiler drops the generator's repeated test for the end of the game (1.4 instructions
    /// per position).
    #[inline(never)]
    fn moves_out_of_line<const ADAPTER: u8>(s: &Connect4, moves: &mut Vec<u8>) {
        s.moves(moves);
    }

    /// The direct adapter.
    pub struct C4;
    impl minimax::Game for C4 {
        type S = Connect4;
        type M = u8;
        #[inline]
        fn generate_moves(s: &Connect4, moves: &mut Vec<u8>) -> Option<Winner> {
            // Straight into the engine's pooled vector (which it hands over empty). The
            // generator tests for the end of the game itself (no moves then), so the winner is
            // asked only when there are no moves.
            moves_out_of_line::<0>(s, moves);
            if moves.is_empty() {
                return Self::get_winner(s);
            }
            None
        }
        #[inline]
        fn apply(s: &mut Connect4, m: u8) -> Option<Connect4> {
            APPLIED.with(|a| a.set(a.get() + 1));
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

    pub struct Eval;
    impl Evaluator for Eval {
        type G = C4;
        #[inline]
        fn evaluate(&self, s: &Connect4) -> Evaluation {
            // `Negamax` asks only after `get_winner` said the game goes on, so this is the
            // line balance (a few hundred at most): it fits an `Evaluation` unclamped.
            s.evaluate().0 as Evaluation
        }
    }

    /// The cached adapter's state: the position and, once its moves are generated, its
    /// winning squares.
    #[derive(Clone)]
    pub struct Cached {
        pub pos: Connect4,
        wins: Cell<u64>,
    }

    impl Cached {
        pub fn new(pos: Connect4) -> Self {
            Cached {
                pos,
                wins: Cell::new(0),
            }
        }
    }

    /// The cached adapter.
    pub struct C4Cached;
    impl minimax::Game for C4Cached {
        type S = Cached;
        type M = u8;
        #[inline]
        fn generate_moves(s: &Cached, moves: &mut Vec<u8>) -> Option<Winner> {
            moves_out_of_line::<1>(&s.pos, moves);
            if moves.is_empty() {
                return Self::get_winner(s);
            }
            s.wins.set(s.pos.winning_squares());
            None
        }
        #[inline]
        fn apply(s: &mut Cached, m: u8) -> Option<Cached> {
            APPLIED.with(|a| a.set(a.get() + 1));
            Some(Cached::new(s.pos.play_knowing(m, s.wins.get())))
        }
        #[inline]
        fn get_winner(s: &Cached) -> Option<Winner> {
            C4::get_winner(&s.pos)
        }
    }

    pub struct EvalCached;
    impl Evaluator for EvalCached {
        type G = C4Cached;
        #[inline]
        fn evaluate(&self, s: &Cached) -> Evaluation {
            Eval.evaluate(&s.pos)
        }
    }
}

/// Connect four without its own `Game::successor_values` (so the default, play then
/// evaluate): our search as it runs on a game that does not override the hook.
mod plain {
    use super::*;

    #[derive(Clone)]
    pub struct Plain(pub Connect4);

    impl Game for Plain {
        type Move = u8;
        #[inline]
        fn moves(&self, out: &mut Vec<u8>) {
            self.0.moves(out)
        }
        #[inline]
        fn play(&self, mv: u8) -> Self {
            Plain(self.0.play(mv))
        }
        #[inline]
        fn evaluate(&self) -> Score {
            self.0.evaluate()
        }
        #[inline]
        fn is_terminal(&self) -> bool {
            self.0.is_terminal()
        }
        fn move_name(&self, mv: u8) -> String {
            self.0.move_name(mv)
        }
    }
}

const DEPTH: u32 = 9;

/// A reference point, not an engine: the same fail-hard alpha-beta over the same `Connect4`
/// with nothing else — no statistics but a node counter, no limits, no principal variation,
/// no options — and the frontier (`depth == 1`) inlined as in ours, its bottom positions
/// valued through `Game::successor_values` as in ours. `bare` runs it alone, to
/// see how close our search comes to the cost of the game itself (instructions per
/// position with callgrind).
mod bare {
    use super::*;

    pub struct Bare {
        pub nodes: u64,
        bufs: Vec<Vec<u8>>,
    }

    impl Bare {
        pub fn new() -> Self {
            Bare {
                nodes: 1,
                bufs: (0..=DEPTH).map(|_| Vec::new()).collect(),
            }
        }
    }

    #[inline(always)]
    fn frontier(b: &mut Bare, pos: &Connect4, ply: usize, mut alpha: Score, beta: Score) -> Score {
        if pos.is_terminal() {
            return pos.evaluate().at_ply(ply as u32);
        }
        let moves = &mut b.bufs[ply];
        pos.moves(moves);
        let mut n = 0;
        let value = pos.successor_values();
        for &m in moves.iter() {
            n += 1;
            let t = -value(m).at_ply(ply as u32 + 1);
            if t > alpha {
                alpha = t;
                if alpha >= beta {
                    break;
                }
            }
        }
        b.nodes += n;
        alpha
    }

    pub fn alphabeta(
        b: &mut Bare,
        pos: &Connect4,
        depth: u32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        if pos.is_terminal() {
            return pos.evaluate().at_ply(ply as u32);
        }
        let mut moves = std::mem::take(&mut b.bufs[ply]);
        pos.moves(&mut moves);
        for &m in &moves {
            let c = pos.play(m);
            b.nodes += 1;
            let t = if depth == 2 {
                -frontier(b, &c, ply + 1, -beta, -alpha)
            } else {
                -alphabeta(b, &c, depth - 1, ply + 1, -beta, -alpha)
            };
            if t > alpha {
                alpha = t;
                if alpha >= beta {
                    break;
                }
            }
        }
        b.bufs[ply] = moves;
        alpha
    }
}

/// The engines.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Engine {
    Ours,
    OursPlain,
    Theirs,
    TheirsCached,
}

const ENGINES: [(&str, Engine); 4] = [
    ("ours", Engine::Ours),
    ("ours-plain", Engine::OursPlain),
    ("theirs", Engine::Theirs),
    ("theirs-cached", Engine::TheirsCached),
];

struct Peers {
    direct: minimax::Negamax<adapter::Eval>,
    cached: minimax::Negamax<adapter::EvalCached>,
}

/// One search by `engine` from the start: (positions, seconds). Each engine's search is a
/// function of its own, so that no engine's code is laid out around another's.
fn run(engine: Engine, peers: &mut Peers) -> (u64, f64) {
    adapter::APPLIED.with(|a| a.set(0));
    let t = Instant::now();
    let ours = match engine {
        Engine::Ours => Some(search_ours(&Connect4::new())),
        Engine::OursPlain => Some(search_ours(&plain::Plain(Connect4::new()))),
        Engine::Theirs => {
            search_theirs(&mut peers.direct, &Connect4::new());
            None
        }
        Engine::TheirsCached => {
            search_theirs(&mut peers.cached, &adapter::Cached::new(Connect4::new()));
            None
        }
    };
    let secs = t.elapsed().as_secs_f64();
    let positions = ours.unwrap_or_else(|| adapter::APPLIED.with(|a| a.get()) + 1);
    (positions, secs)
}

/// Our search: its positions.
#[inline(never)]
fn search_ours<G: Game>(root: &G) -> u64 {
    let out = Algorithm::AlphaBeta.search(root, &Limits::depth(DEPTH), &SearchOptions::default());
    out.stats.nodes()
}

/// The peer's search (positions counted by the adapter).
#[inline(never)]
fn search_theirs<E: minimax::Evaluator>(
    s: &mut minimax::Negamax<E>,
    root: &<E::G as minimax::Game>::S,
) where
    <E::G as minimax::Game>::S: Clone,
    <E::G as minimax::Game>::M: Copy,
{
    use minimax::Strategy;
    std::hint::black_box(s.choose_move(root));
}

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(30);
    let mut peers = Peers {
        direct: minimax::Negamax::new(adapter::Eval, DEPTH as u8),
        cached: minimax::Negamax::new(adapter::EvalCached, DEPTH as u8),
    };
    if std::env::args().any(|a| a == "bare") {
        let (mut n, inf) = (0, Score::INF);
        for _ in 0..rounds {
            let mut b = bare::Bare::new();
            std::hint::black_box(bare::alphabeta(
                &mut b,
                &Connect4::new(),
                DEPTH,
                0,
                -inf,
                inf,
            ));
            n += b.nodes;
        }
        println!("bare: {n} nodes");
        return;
    }
    // One engine alone, for instructions per position (`valgrind --tool=callgrind … 2 ours`).
    let only = std::env::args()
        .skip(1)
        .find_map(|a| ENGINES.iter().find(|(name, _)| *name == a));
    if let Some(&(name, engine)) = only {
        let (mut n, mut t) = (0, 0.0);
        for _ in 0..rounds {
            let (a, b) = run(engine, &mut peers);
            n += a;
            t += b;
        }
        println!("{name}: {n} nodes in {t:.3} s");
        return;
    }
    // Interleaved: ours and both peer adapters, the order rotating round by round.
    let engines = [Engine::Ours, Engine::Theirs, Engine::TheirsCached];
    for &e in &engines {
        run(e, &mut peers); // warm-up
    }
    let mut total = [(0u64, 0f64); 3];
    let mut ratios = [Vec::with_capacity(rounds), Vec::with_capacity(rounds)];
    for r in 0..rounds {
        let mut nps = [0f64; 3];
        for k in 0..3 {
            let e = (r + k) % 3;
            let (n, t) = run(engines[e], &mut peers);
            total[e].0 += n;
            total[e].1 += t;
            nps[e] = n as f64 / t;
        }
        ratios[0].push(nps[0] / nps[1]);
        ratios[1].push(nps[0] / nps[2]);
    }
    let mnps = |e: usize| total[e].0 as f64 / total[e].1 / 1e6;
    println!(
        "vs_minimax connect4 depth {DEPTH}, {rounds} interleaved rounds: arachne alphabeta {:.2} Mnodes/s ({} nodes/search); minimax Negamax direct adapter {:.2} Mnodes/s ({} nodes/search), cached adapter {:.2} Mnodes/s ({} nodes/search)",
        mnps(0),
        total[0].0 / rounds as u64,
        mnps(1),
        total[1].0 / rounds as u64,
        mnps(2),
        total[2].0 / rounds as u64,
    );
    for (i, name) in ["direct", "cached"].iter().enumerate() {
        let v = &mut ratios[i];
        v.sort_by(f64::total_cmp);
        println!(
            "  against the {name} adapter: ratio {:.2}x overall, median {:.2}x (min {:.2}x, max {:.2}x)",
            mnps(0) / mnps(i + 1),
            v[v.len() / 2],
            v[0],
            v[v.len() - 1]
        );
    }
    let faster = if mnps(1) >= mnps(2) { 1 } else { 2 };
    println!(
        "  against the faster adapter ({}): {:.2}x",
        ["direct", "cached"][faster - 1],
        mnps(0) / mnps(faster)
    );
}
