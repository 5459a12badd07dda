//! `jamboree` — Jamboree search: C. F. Joerg and B. C. Kuszmaul, *Massively Parallel Chess*
//! (DIMACS Parallel Implementation Challenge, 1994); B. C. Kuszmaul, *The StarTech Massively
//! Parallel Chess Program*, ICCA Journal 18(1), 1995 — the search of \*Socrates, and the
//! baseline of seed 002 §6.2 (Shoham & Toledo: "it first evaluates one move, and it then
//! tests, in parallel, that the other alternatives are worse. Moves that fail the test are
//! evaluated in a sequence").
//!
//! ```text
//! jamboree(n, α, β):
//!     b ← −jamboree(c₁, −β, −α)            first child, full window
//!     if b ≥ β: return b
//!     α ← max(α, b)
//!     in parallel for i = 2..k:
//!         s ← −jamboree(cᵢ, −α−1, −α)        null-window test at the α current when it starts
//!         b ← max(b, s); if s ≥ β: abort the loop, return s
//!         if s > α_test:                   the test failed high
//!             wait until every earlier iteration is complete
//!             s ← −jamboree(cᵢ, −β, −α)      re-search with the full (current) window
//!             b ← max(b, s); if s ≥ β: abort the loop, return s
//!             α ← max(α, s)
//!     return b
//! ```
//!
//! Choices where the sources leave a detail open:
//! * Below `serial` plies (seed 002 §6.2.4 uses 3) the subtree is searched serially by
//!   [`super::ab_tt`] (fail-soft alpha-beta).
//! * "Wait until every earlier iteration is complete" never blocks a worker: the iteration's
//!   test only marks itself as needing a re-search; whichever worker completes the last
//!   earlier iteration runs the pending re-searches in order (a continuation, as a Cilk inlet
//!   would), so re-searches at one node are strictly sequential.
//! * A test fails high when it beats the `α` it was started with (`s > α_test`); its
//!   re-search uses the `α` current when the re-search starts.
//! * Tests are spawned with `spawn_fifo`, so a worker takes them in move order.
//!
//! [`trace`] is the serial elision that records the task graph for [`super::work_span`].
use super::work_span::{self, Dag, Fork, StrandId};
use super::{Eldest, Frame, Line, Shared};
use arachne_core::{Game, Score};
use arachne_search::context::{Aborted, Ctx};
use std::sync::Mutex;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Status {
    Testing,
    NeedsResearch,
    Done,
}

struct State<M> {
    best: Line<M>,
    gen: u16,
    alpha: Score,
    status: Vec<Status>,
    /// First iteration that is not complete.
    cursor: usize,
    /// A worker is running the pending re-searches.
    draining: bool,
    err: Option<Aborted>,
}

/// Jamboree search of `pos` with `depth` plies left at `ply` in `(alpha, beta)`: the
/// fail-soft value (exact inside the window) and the principal line.
#[allow(clippy::too_many_arguments)]
pub fn jamboree<G: Game>(
    sh: &Shared<G>,
    frame: &Frame,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
    serial: u32,
) -> Result<Line<G::Move>, Aborted> {
    node(sh, frame, pos, depth, ply, alpha, beta, serial, false)
}

/// [`jamboree`]; `after_null`: `pos` was reached by a null move.
#[allow(clippy::too_many_arguments)]
fn node<G: Game>(
    sh: &Shared<G>,
    frame: &Frame,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
    serial: u32,
    after_null: bool,
) -> Result<Line<G::Move>, Aborted> {
    let recurse = |p: &G, d, ply, a, b, null| node(sh, frame, p, d, ply, a, b, serial, null);
    let (depth, window, moves, first) = match sh.eldest(
        frame, pos, depth, ply, alpha, beta, serial, after_null, &recurse,
    )? {
        Eldest::Done(line) => return Ok(line),
        Eldest::Brothers {
            depth,
            window,
            moves,
            first,
        } => (depth, window, moves, first),
    };
    let g0 = moves[0].1;
    let n = moves.len();
    let mut status = vec![Status::Testing; n];
    status[0] = Status::Done;
    let st = Mutex::new(State {
        alpha: alpha.max(first.score),
        best: first,
        gen: g0,
        status,
        cursor: 1,
        draining: false,
        err: None,
    });
    let fork = frame.child();
    let search = |i: usize, a: Score, b: Score| {
        let (mv, _) = moves[i];
        node(
            sh,
            &fork,
            &pos.play(mv),
            depth - 1,
            ply + 1,
            -b,
            -a,
            serial,
            false,
        )
        .map(|l| l.child(mv))
    };
    // Records an abort; false when it came from this node's own cutoff (ignored).
    let failed = |st: &mut State<G::Move>, e: Aborted| fork.record_failure(&mut st.err, e);
    // Takes a result; true when it is a cutoff.
    let take = |st: &mut State<G::Move>, i: usize, l: Line<G::Move>| {
        if l.score > st.best.score {
            st.best = l;
            st.gen = moves[i].1;
            if st.best.score >= beta {
                fork.cancel();
                return true;
            }
        }
        false
    };
    // Runs the pending re-searches in order (see the module docs).
    let drain = || loop {
        let mut g = st.lock().expect("jamboree lock");
        if g.draining || fork.is_cancelled() {
            return;
        }
        while g.cursor < n && g.status[g.cursor] == Status::Done {
            g.cursor += 1;
        }
        if g.cursor == n || g.status[g.cursor] == Status::Testing {
            return;
        }
        let k = g.cursor;
        let a = g.alpha;
        g.draining = true;
        drop(g);
        let r = search(k, a, beta);
        let mut g = st.lock().expect("jamboree lock");
        g.draining = false;
        match r {
            Err(e) => {
                failed(&mut g, e);
                return;
            }
            Ok(l) => {
                g.alpha = g.alpha.max(l.score);
                if take(&mut g, k, l) {
                    return;
                }
                g.status[k] = Status::Done;
            }
        }
    };
    rayon::scope_fifo(|s| {
        for i in 1..n {
            let (st, fork, search, failed, take, drain) =
                (&st, &fork, &search, &failed, &take, &drain);
            s.spawn_fifo(move |_| {
                if fork.is_cancelled() {
                    return;
                }
                let a = st.lock().expect("jamboree lock").alpha;
                let r = search(i, a, a + 1);
                {
                    let mut g = st.lock().expect("jamboree lock");
                    match r {
                        Err(e) => {
                            failed(&mut g, e);
                            return;
                        }
                        Ok(l) => {
                            let s = l.score;
                            if take(&mut g, i, l) {
                                return;
                            }
                            g.status[i] = if s > a {
                                Status::NeedsResearch
                            } else {
                                Status::Done
                            };
                        }
                    }
                }
                drain();
            });
        }
    });
    let st = st.into_inner().expect("jamboree lock");
    sh.close(frame, pos, depth, ply, window, st.err, st.best, st.gen)
}

/// The serial elision of [`jamboree`] on one processor (tests in move order, each seeing the
/// `α` of the ones before it, no test started after a cutoff — what Cilk measures on one
/// processor), recording the task graph in `dag`: every test depends on the first child; a
/// re-search depends on its test and on the completion of every earlier iteration; the node
/// ends when all iterations are complete. Returns the value and the strand that ends it. The
/// skeleton is [`work_span::trace_fork_join`].
#[allow(clippy::too_many_arguments)]
pub fn trace<G: Game>(
    ctx: &mut Ctx<G>,
    dag: &mut Dag,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
    serial: u32,
    pred: StrandId,
) -> Result<(Score, StrandId), Aborted> {
    work_span::trace_fork_join(
        brothers, ctx, dag, pos, depth, ply, alpha, beta, serial, pred,
    )
}

/// Jamboree's brothers phase: parallel null-window tests, sequential re-searches.
fn brothers<G: Game>(
    ctx: &mut Ctx<G>,
    dag: &mut Dag,
    f: &Fork<'_, G>,
) -> Result<(Score, StrandId), Aborted> {
    let (beta, e0) = (f.beta, f.first_end);
    let mut b = f.first;
    let mut alpha = f.alpha.max(b);
    let mut ends = vec![e0];
    // Completion of every iteration so far.
    let mut previous = e0;
    for i in 1..f.n {
        let a = alpha;
        let (t, test) = f.son(ctx, dag, i, -a - 1, -a, e0)?;
        let s = -t;
        b = b.max(s);
        if s >= beta {
            ends.push(test);
            break;
        }
        let done = if s > a {
            let ready = dag.join(&[test, previous]);
            let (t, re) = f.son(ctx, dag, i, -beta, -alpha, ready)?;
            let s = -t;
            b = b.max(s);
            alpha = alpha.max(s);
            if s >= beta {
                ends.push(re);
                break;
            }
            re
        } else {
            test
        };
        ends.push(done);
        previous = dag.join(&[previous, done]);
    }
    Ok((b, dag.join(&ends)))
}
