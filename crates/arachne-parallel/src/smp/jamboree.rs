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
//! The node around the brothers (the serial search below `serial` plies, the table, the null
//! move, the first child, and the end: a failure, a cancellation, the store) is the one YBWC
//! shares, [`young::node`]; this file is Jamboree's brothers phase, [`brothers`], and its
//! serial elision [`trace_brothers`], which records the task graph for [`super::work_span`] in
//! the same skeleton.
//!
//! [`young::node`]: super::young::node
use super::work_span::{Dag, Fork, StrandId};
use super::young::{Best, ParFork, Searched};
use arachne_core::{Game, Score};
use arachne_search::context::{Aborted, Ctx};
use std::sync::Mutex;

/// Where one iteration of a node's loop stands.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Status {
    /// Its test is waiting or running, or its re-search is running.
    Pending,
    /// Its test failed high: the re-search waits for every earlier iteration.
    NeedsResearch,
    /// Complete.
    Done,
}

/// Jamboree's node rule after the first child, once for every executor of it: the parallel
/// search ([`brothers`]) and the P-processor model
/// ([`simulate_jamboree`](super::work_span::simulate_jamboree)) keep one of these per node. A
/// test that beats the `α` it started with fails high and waits; the re-search of the first
/// incomplete iteration may start once every earlier iteration is complete and no other
/// re-search runs, so re-searches at one node are strictly sequential, in move order. The
/// one-processor tracer ([`trace_brothers`]) is the serial elision of the same rule: each iteration
/// completes before the next starts, so its loop needs no state.
#[derive(Clone, Debug)]
pub(crate) struct Iterations {
    status: Vec<Status>,
    /// First iteration that is not complete.
    cursor: usize,
    /// A re-search is running.
    researching: bool,
}

/// What [`Iterations::next`] leaves to do.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Next {
    /// Every iteration is complete: the node's value is its best.
    Complete,
    /// Re-search iteration `k` now (it is marked as running).
    Research(usize),
    /// Nothing until a running test or re-search returns.
    Wait,
}

impl Iterations {
    /// The `n` iterations of a node whose first child (iteration 0) is searched.
    pub(crate) fn new(n: usize) -> Self {
        let mut status = vec![Status::Pending; n];
        if let Some(s) = status.first_mut() {
            *s = Status::Done;
        }
        Iterations {
            status,
            cursor: 1,
            researching: false,
        }
    }

    /// Test `i`, started with `alpha_test`, returned `s` without a cutoff: complete, or failed
    /// high (`s > alpha_test`) and waiting for its re-search.
    pub(crate) fn tested(&mut self, i: usize, s: Score, alpha_test: Score) {
        self.status[i] = if s > alpha_test {
            Status::NeedsResearch
        } else {
            Status::Done
        };
    }

    /// The re-search of iteration `i` returned without a cutoff.
    pub(crate) fn researched(&mut self, i: usize) {
        self.status[i] = Status::Done;
        self.researching = false;
    }

    /// Moves past the complete iterations and says what comes next.
    pub(crate) fn next(&mut self) -> Next {
        let n = self.status.len();
        while self.cursor < n && self.status[self.cursor] == Status::Done {
            self.cursor += 1;
        }
        if self.cursor >= n {
            return Next::Complete;
        }
        if self.status[self.cursor] == Status::NeedsResearch && !self.researching {
            self.researching = true;
            return Next::Research(self.cursor);
        }
        Next::Wait
    }
}

/// A node's brothers: the best so far and where each iteration stands.
struct State<M> {
    best: Best<M>,
    iters: Iterations,
}

/// Jamboree's brothers phase ([`young::ParBrothers`]): the null-window tests in parallel, each
/// at the `α` current when it starts; a test that fails high is re-searched with the full
/// window, in order, once every earlier iteration is complete (see the module docs).
///
/// [`young::ParBrothers`]: super::young::ParBrothers
pub(crate) fn brothers<G: Game>(f: &ParFork<'_, G>, best: Best<G::Move>) -> Best<G::Move> {
    let n = f.moves.len();
    let st = Mutex::new(State {
        best,
        iters: Iterations::new(n),
    });
    // Runs the pending re-searches in order (see the module docs). After a failure or a
    // cutoff the fork is cancelled: nothing is drained again.
    let drain = || loop {
        let mut g = st.lock().expect("jamboree lock");
        if f.fork.is_cancelled() {
            return;
        }
        let Next::Research(k) = g.iters.next() else {
            return;
        };
        let a = g.best.alpha;
        drop(g);
        let r = f.son(k, a, f.beta);
        let mut g = st.lock().expect("jamboree lock");
        if f.settle(&mut g.best, k, r, Searched::Full).is_none() {
            return;
        }
        g.iters.researched(k);
    };
    rayon::scope_fifo(|s| {
        for i in 1..n {
            let (st, drain) = (&st, &drain);
            s.spawn_fifo(move |_| {
                if f.fork.is_cancelled() {
                    return;
                }
                let a = st.lock().expect("jamboree lock").best.alpha;
                let r = f.son(i, a, a + 1);
                {
                    let mut g = st.lock().expect("jamboree lock");
                    let Some(s) = f.settle(&mut g.best, i, r, Searched::Test) else {
                        return;
                    };
                    g.iters.tested(i, s, a);
                }
                drain();
            });
        }
    });
    st.into_inner().expect("jamboree lock").best
}

/// The serial elision of [`brothers`] on one processor (tests in move order, each seeing the
/// `α` of the ones before it, no test started after a cutoff — what Cilk measures on one
/// processor), recording the task graph in `dag`: every test depends on the first child; a
/// re-search depends on its test and on the completion of every earlier iteration; the node
/// ends when all iterations are complete. The skeleton is
/// [`trace_fork_join`](super::work_span::trace_fork_join).
pub(crate) fn trace_brothers<G: Game>(
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

#[cfg(test)]
mod tests {
    use super::{Iterations, Next};
    use arachne_core::Score;

    /// Re-searches wait for every earlier iteration and run one at a time, in move order.
    #[test]
    fn research_order() {
        let mut it = Iterations::new(4);
        assert_eq!(it.next(), Next::Wait);
        // Test 2 fails high first: iteration 1 is still testing.
        it.tested(2, Score(5), Score(4));
        assert_eq!(it.next(), Next::Wait);
        // Test 1 fails high too: its re-search goes first, alone.
        it.tested(1, Score(6), Score(4));
        assert_eq!(it.next(), Next::Research(1));
        assert_eq!(it.next(), Next::Wait);
        it.researched(1);
        assert_eq!(it.next(), Next::Research(2));
        // Test 3 does not beat the α it started with: complete without a re-search.
        it.tested(3, Score(6), Score(6));
        assert_eq!(it.next(), Next::Wait);
        it.researched(2);
        assert_eq!(it.next(), Next::Complete);
        // One child: complete at once; none: complete.
        assert_eq!(Iterations::new(1).next(), Next::Complete);
        assert_eq!(Iterations::new(0).next(), Next::Complete);
    }
}
