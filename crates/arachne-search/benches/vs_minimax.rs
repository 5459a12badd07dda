//! Our `alphabeta` against the `minimax` crate's (0.6.0) `Negamax` on connect four from the start
//! at equal depth, **interleaved in one run**: each round times one search by each engine (the
//! order alternating round by round), so both see the same machine load; the summary gives both
//! engines' nodes per second over all rounds and the median of the per-round ratios.
//!
//! Fairness: both engines search the same `Connect4` (moves generated left to right, the same
//! incremental static evaluation, copy-make). The peer's adapter is the most direct its API
//! allows: `generate_moves` writes straight into the engine's pooled move vector (no allocation
//! per node), `apply` returns the played copy, `get_winner` asks the position. `minimax`
//! shuffles its root moves, so its node count varies a little from run to run; its positions are
//! counted as applied moves + 1, ours as interior nodes + bottom positions.
//!
//! Run: `cargo bench -p arachne-search --bench vs_minimax [-- ROUNDS]` (default 30 rounds).
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
            s.moves(moves);
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
            s.evaluate().0.clamp(-30_000, 30_000) as Evaluation
        }
    }
}

const DEPTH: u32 = 9;

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
    // `ours` / `theirs`: run one engine only (for `perf stat`, instructions per node).
    let only = std::env::args()
        .skip(1)
        .find(|a| a == "ours" || a == "theirs");
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
