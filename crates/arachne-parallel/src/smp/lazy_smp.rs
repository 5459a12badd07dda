//! `lazy-smp` — Lazy SMP, the shared-memory search of Stockfish and most modern chess engines
//! (introduced on the computer-chess forums around 2013; see the Chess Programming Wiki,
//! "Lazy SMP", and Stockfish's `Thread::search` / `ThreadPool::get_best_thread`).
//!
//! Every thread runs the whole iterative-deepening search from the root on the shared
//! transposition table; there is no explicit work division: threads help each other only
//! through the table (moves for ordering, values at equal draft). To make the threads
//! diverge, thread `k` (thread 0 is the main thread):
//!
//! * starts its iterative deepening at depth `1 + (k mod 2)` — every other helper one ply
//!   ahead of the main thread (depth offset), up to the requested depth;
//! * after the table's move, tries the root moves rotated by `k` (varied move order);
//! * opens each iteration with the aspiration window `(v − δₖ, v + δₖ)`,
//!   `δₖ = 16 · (1 + k mod 3)` around its previous value (varied aspiration), re-searching
//!   with the fail-soft bound on a failure (as [`arachne_search::aspiration`]).
//!
//! The search ends when the main thread completes the requested depth (or a limit stops
//! it); the helpers are cancelled at once. The answer is chosen by Stockfish's vote over the
//! threads' last completed iterations: with `min` the lowest of their values, each thread adds
//! `(value − min + 14) × depth` to its best move's vote; the move with most votes wins, and the
//! outcome is the line of the lowest-numbered thread that voted for it. One choice differs from
//! Stockfish: only the iterations of the deepest completed depth vote (Stockfish lets every
//! thread vote, weighted by depth, which can return a shallower iteration's line — not what a
//! fixed-depth search should answer).
//!
//! **Guarantee** (tested): the outcome's value is the exact negamax value of the root at the
//! outcome's depth (the requested depth when the main thread completed it; when a limit stopped
//! the search, the deepest iteration any thread completed among those voted on), and its best
//! move is a legal root move whose value at that depth is the outcome's value. Different thread
//! counts may choose different (equally valued) moves: lazy SMP is not deterministic.
use super::{ab_tt, Frame, Shared};
use arachne_core::{Game, Score};
use arachne_search::context::{Aborted, Ctx, Node};
use std::collections::HashMap;
use std::sync::Mutex;

/// One completed iteration of one thread: depth, value, principal line.
pub(crate) type Iteration<M> = (u32, Score, Vec<M>);

/// Runs lazy SMP with `threads` threads to `depth` plies; `report` is called for each
/// iteration the main thread completes. Returns the voted line (see the module docs), or
/// `None` when no thread completed an iteration.
pub(crate) fn lazy_smp<G: Game>(
    sh: &Shared<G>,
    root: &G,
    depth: u32,
    threads: usize,
    report: &mut dyn FnMut(Iteration<G::Move>),
) -> Option<Iteration<G::Move>> {
    let last: Vec<Mutex<Option<Iteration<G::Move>>>> =
        (0..threads).map(|_| Mutex::new(None)).collect();
    let helpers = Frame::root();
    std::thread::scope(|s| {
        for k in 1..threads {
            let (last, helpers) = (&last, &helpers);
            s.spawn(move || {
                thread_search(sh, root, depth, k, Some(helpers), &mut |it| {
                    *last[k].lock().expect("lazy-smp lock") = Some(it)
                })
            });
        }
        thread_search(sh, root, depth, 0, None, &mut |it| {
            report(it.clone());
            *last[0].lock().expect("lazy-smp lock") = Some(it)
        });
        helpers.cancel();
    });
    let done: Vec<(usize, Iteration<G::Move>)> = last
        .into_iter()
        .enumerate()
        .filter_map(|(k, m)| m.into_inner().expect("lazy-smp lock").map(|it| (k, it)))
        .collect();
    let deepest = done.iter().map(|(_, it)| it.0).max().unwrap_or(0);
    let with_move: Vec<_> = done
        .iter()
        .filter(|(_, it)| !it.2.is_empty() && it.0 == deepest)
        .cloned()
        .collect();
    // A terminal root has no move to vote for: the main thread's value.
    vote(&with_move).or_else(|| done.into_iter().next().map(|(_, it)| it))
}

/// Stockfish's vote (see the module docs) over `(thread, iteration)` pairs with a move.
pub(crate) fn vote<M: Copy + Eq + std::hash::Hash>(
    done: &[(usize, Iteration<M>)],
) -> Option<Iteration<M>> {
    let min = done.iter().map(|(_, it)| it.1 .0 as i64).min()?;
    let mut votes: HashMap<M, i64> = HashMap::new();
    for (_, (d, v, pv)) in done {
        *votes.entry(pv[0]).or_default() += (v.0 as i64 - min + 14) * *d as i64;
    }
    done.iter()
        .max_by_key(|(k, (d, _, pv))| (votes[&pv[0]], *d, std::cmp::Reverse(*k)))
        .map(|(_, it)| it.clone())
}

/// One thread's iterative deepening (thread `k`, up to `max_depth`, cancelled with `frame`).
fn thread_search<G: Game>(
    sh: &Shared<G>,
    root: &G,
    max_depth: u32,
    k: usize,
    frame: Option<&Frame>,
    done: &mut dyn FnMut(Iteration<G::Move>),
) {
    let offset = (k % 2) as u32;
    let delta = 16 * (1 + (k % 3) as i32);
    let mut prev: Option<Score> = None;
    let mut d = 1 + offset;
    while d <= max_depth {
        let r = sh.with_ctx_in(k, frame, |ctx| {
            let inf = Score::INF;
            let Some(v) = prev.filter(|v| !v.is_decisive()) else {
                return root_search(ctx, root, d, k, -inf, inf);
            };
            let (a, b) = (v - delta, v + delta);
            let (g, pv) = root_search(ctx, root, d, k, a, b)?;
            if g <= a {
                root_search(ctx, root, d, k, -inf, g + 1)
            } else if g >= b {
                root_search(ctx, root, d, k, g - 1, inf)
            } else {
                Ok((g, pv))
            }
        });
        match r {
            Ok((v, pv)) => {
                prev = Some(v);
                done((d, v, pv));
            }
            Err(_) => return,
        }
        d += 1;
    }
}

/// The root of one iteration of thread `k`: the context's ordering (table move first), the
/// rest rotated by `k`; fail-soft alpha-beta over them with [`ab_tt`] below.
fn root_search<G: Game>(
    ctx: &mut Ctx<G>,
    root: &G,
    depth: u32,
    k: usize,
    alpha: Score,
    beta: Score,
) -> Result<(Score, Vec<G::Move>), Aborted> {
    // Records the iteration's depth, the bound on check extensions below (a no-op without).
    let depth = ctx.extend(root, depth, 0);
    ctx.enter(0)?;
    let n = match ctx.node(root, depth, 0) {
        Node::Leaf(v) => return Ok((v, Vec::new())),
        Node::Interior(n) => n,
    };
    let mut order: Vec<(G::Move, usize)> = (0..n).map(|i| (ctx.move_at(0, i), i)).collect();
    if n > 2 {
        order[1..].rotate_left(k % (n - 1));
    }
    let mut m = -Score::INF;
    let mut pv = Vec::new();
    let mut best = None;
    for &(mv, i) in &order {
        let t = -ab_tt(ctx, &root.play(mv), depth - 1, 1, -beta, -m.max(alpha))?;
        if t > m {
            m = t;
            best = Some(i);
            pv.clear();
            pv.push(mv);
            pv.extend_from_slice(ctx.pv(1));
            if m >= beta {
                break;
            }
        }
    }
    ctx.tt_store(
        root,
        depth,
        0,
        m,
        arachne_core::Window::new(alpha, beta),
        best,
    );
    Ok((m, pv))
}
