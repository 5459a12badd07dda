//! Our `alphabeta` against the `minimax` crate's (0.6.0) `Negamax` on connect four from the start
//! at equal depth, **interleaved in one run**: each round times one search by each engine (the
//! order alternating round by round), so both see the same machine load; the summary gives both
//! engines' nodes per second over all rounds and the median of the per-round ratios.
//!
//! Fairness: both engines search the same `Connect4` (moves generated left to right, the same
//! incremental static evaluation, copy-make). The peer's adapter is the most direct its API
//! allows: `generate_moves` writes straight into the engine's pooled move vector (no allocation
//! per node; the generator is called out of line, which `Negamax` runs faster), `apply` returns
//! the played copy, `get_winner` asks the position, the evaluator returns the position's value
//! unclamped (it is only asked while the game goes on). `minimax`
//! shuffles its root moves, so its node count varies a little from run to run; its positions are
//! counted as applied moves + 1, ours as interior nodes + bottom positions.
//!
//! Run: `cargo bench -p arachne-search --bench vs_minimax [-- ROUNDS]` (default 30 rounds).
//! Instructions per position, load-independent: build with `--no-run`, then
//! `valgrind --tool=callgrind target/release/deps/vs_minimax-HASH 2 ours|theirs|bare` (two
//! searches by one engine alone; `bare` is the reference loop of [`bare`]).
use arachne_core::{Game, Limits};
use arachne_games::Connect4;
use arachne_search::{Algorithm, SearchOptions};
use std::cell::Cell;
use std::time::Instant;

/// The `minimax` adapter: our connect four as a `minimax::Game`, counting applied moves.
mod adapter {
    use super::*;
    use minimax::{Evaluation, Evaluator, Winner};

    thread_local! {
        pub static APPLIED: Cell<u64> = const { Cell::new(0) };
    }

    /// `Connect4::moves` as a call: `Negamax` runs slightly faster so than with the move
    /// generation inlined into it (callgrind: 134.2 against 134.8 instructions per position),
    /// so the peer gets this form.
    #[inline(never)]
    fn moves_out_of_line(s: &Connect4, moves: &mut Vec<u8>) {
        s.moves(moves);
    }

    pub struct C4;
    impl minimax::Game for C4 {
        type S = Connect4;
        type M = u8;
        #[inline]
        fn generate_moves(s: &Connect4, moves: &mut Vec<u8>) -> Option<Winner> {
            if let Some(w) = Self::get_winner(s) {
                return Some(w);
            }
            // Straight into the engine's pooled vector (which it hands over empty).
            moves_out_of_line(s, moves);
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
            } else if s.evaluate() == arachne_core::Score::LOSS {
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
}

const DEPTH: u32 = 9;

/// A reference point, not an engine: the same fail-hard alpha-beta over the same `Connect4`
/// with nothing else — no statistics but a node counter, no limits, no principal variation,
/// no options — and the frontier (`depth == 1`) inlined as in ours. `bare` runs it alone, to
/// see how close our search comes to the cost of the game itself (instructions per
/// position with callgrind).
mod bare {
    use super::*;
    use arachne_core::Score;

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
        for &m in moves.iter() {
            n += 1;
            let t = -pos.play(m).evaluate().at_ply(ply as u32 + 1);
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

/// One search by our `alphabeta`: (positions, seconds).
fn ours(root: &Connect4) -> (u64, f64) {
    let t = Instant::now();
    let out = Algorithm::AlphaBeta.search(root, &Limits::depth(DEPTH), &SearchOptions::default());
    (out.stats.nodes(), t.elapsed().as_secs_f64())
}

/// One search by `minimax`'s `Negamax`: (positions, seconds).
fn theirs(root: &Connect4, s: &mut minimax::Negamax<adapter::Eval>) -> (u64, f64) {
    use minimax::Strategy;
    adapter::APPLIED.with(|a| a.set(0));
    let t = Instant::now();
    std::hint::black_box(s.choose_move(root));
    let secs = t.elapsed().as_secs_f64();
    (adapter::APPLIED.with(|a| a.get()) + 1, secs)
}

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(30);
    let root = Connect4::new();
    let mut peer = minimax::Negamax::new(adapter::Eval, DEPTH as u8);
    // `ours` / `theirs` (or `bare`, above): run one engine only, for instructions per
    // position (`valgrind --tool=callgrind … 2 ours`).
    let only = std::env::args()
        .skip(1)
        .find(|a| a == "ours" || a == "theirs");
    if std::env::args().any(|a| a == "bare") {
        let (mut n, inf) = (0, arachne_core::Score::INF);
        for _ in 0..rounds {
            let mut b = bare::Bare::new();
            std::hint::black_box(bare::alphabeta(&mut b, &root, DEPTH, 0, -inf, inf));
            n += b.nodes;
        }
        println!("bare: {n} nodes");
        return;
    }
    if let Some(which) = only {
        let (mut n, mut t) = (0, 0.0);
        for _ in 0..rounds {
            let (a, b) = if which == "ours" {
                ours(&root)
            } else {
                theirs(&root, &mut peer)
            };
            n += a;
            t += b;
        }
        println!("{which}: {n} nodes in {t:.3} s");
        return;
    }
    // Warm-up: one search each.
    ours(&root);
    theirs(&root, &mut peer);
    let (mut on, mut ot, mut tn, mut tt) = (0u64, 0f64, 0u64, 0f64);
    let mut ratios = Vec::with_capacity(rounds);
    for r in 0..rounds {
        let (a, b) = if r % 2 == 0 {
            let a = ours(&root);
            (a, theirs(&root, &mut peer))
        } else {
            let b = theirs(&root, &mut peer);
            (ours(&root), b)
        };
        on += a.0;
        ot += a.1;
        tn += b.0;
        tt += b.1;
        ratios.push((a.0 as f64 / a.1) / (b.0 as f64 / b.1));
    }
    ratios.sort_by(f64::total_cmp);
    let median = ratios[ratios.len() / 2];
    println!(
        "vs_minimax connect4 depth {DEPTH}, {rounds} interleaved rounds: arachne alphabeta {:.2} Mnodes/s ({} nodes/search), minimax Negamax {:.2} Mnodes/s ({} nodes/search); ratio {:.2}x overall, median {:.2}x (min {:.2}x, max {:.2}x)",
        on as f64 / ot / 1e6,
        on / rounds as u64,
        tn as f64 / tt / 1e6,
        tn / rounds as u64,
        (on as f64 / ot) / (tn as f64 / tt),
        median,
        ratios[0],
        ratios[ratios.len() - 1]
    );
}
