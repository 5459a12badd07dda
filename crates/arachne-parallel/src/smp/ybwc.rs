//! `ybwc` — Young Brothers Wait Concept: R. Feldmann, *Game Tree Search on Massively Parallel
//! Systems* (PhD thesis, Paderborn, 1993); Feldmann, Monien, Mysliwietz & Vornberger,
//! *Distributed Game-Tree Search*, ICCA Journal 12(2), 1989.
//!
//! The rule: at every node the eldest brother (the first successor in move order) is searched
//! before any younger brother may be searched in parallel. Once it returns without a cutoff,
//! all younger brothers are forked with the window `(α, β)` current at the moment each starts
//! (fail-soft, seed 000 §8.1); each result raises `α` for the brothers started after it; a
//! brother that fails high cancels the others (see [`super::Frame`]).
//!
//! *Helpful master*: in Feldmann's system a processor whose brothers are being searched
//! elsewhere helps its helpers instead of idling. On rayon that is what a worker waiting at a
//! `scope` does: it runs tasks from its own deque and steals others' until the scope's tasks
//! are done. Brothers are spawned with `spawn_fifo`, so a worker takes them in move order.
//!
//! ```text
//! ybwc(n, α, β):
//!     b ← −ybwc(c₁, −β, −α)                 the eldest brother, alone
//!     if b ≥ β: return b
//!     α ← max(α, b)
//!     in parallel for i = 2..k:
//!         s ← −ybwc(cᵢ, −β, −α)              the α current when the brother starts
//!         if s > b: b ← s; α ← max(α, s); if s ≥ β: abort the loop
//!     return b
//! ```
//!
//! Subtrees with fewer than `serial` plies left are searched serially by [`super::ab_tt`].
//! The node around the brothers (the serial search below `serial` plies, the table, the null
//! move, the eldest brother, and the end: a failure, a cancellation, the store) is the one
//! Jamboree shares, [`young::node`]; this file is YBWC's brothers phase, [`brothers`]. Its
//! serial elision (one processor, brothers in order), which records the task graph for
//! [`super::work_span`], is [`trace_brothers`] in the same skeleton.
//!
//! [`young::node`]: super::young::node
use super::work_span::{Dag, Fork, StrandId};
use super::young::{Best, ParFork, Searched};
use arachne_core::{Game, Score};
use arachne_search::context::{Aborted, Ctx};
use std::sync::Mutex;

/// YBWC's brothers phase ([`young::ParBrothers`]): once the eldest brother is back without a
/// cutoff, every younger brother is forked with the window `(α, β)` current when it starts;
/// each result raises `α` for the brothers started after it; one that fails high cancels the
/// others.
///
/// [`young::ParBrothers`]: super::young::ParBrothers
pub(crate) fn brothers<G: Game>(f: &ParFork<'_, G>, best: Best<G::Move>) -> Best<G::Move> {
    let st = Mutex::new(best);
    rayon::scope_fifo(|s| {
        for i in 1..f.moves.len() {
            let st = &st;
            s.spawn_fifo(move |_| {
                if f.fork.is_cancelled() {
                    return;
                }
                let a = st.lock().expect("ybwc lock").alpha;
                let r = f.son(i, a, f.beta);
                f.settle(&mut st.lock().expect("ybwc lock"), i, r, Searched::Full);
            });
        }
    });
    st.into_inner().expect("ybwc lock")
}

/// The serial elision of [`brothers`] on one processor (brothers in move order, each seeing the
/// `α` raised by the ones before it, no brother started after a cutoff — what Cilk measures
/// on one processor), recording each serial piece of work as a strand of `dag` with its
/// dependencies: every younger brother depends on the eldest, the node ends when all have.
/// The skeleton is [`trace_fork_join`](super::work_span::trace_fork_join).
pub(crate) fn trace_brothers<G: Game>(
    ctx: &mut Ctx<G>,
    dag: &mut Dag,
    f: &Fork<'_, G>,
) -> Result<(Score, StrandId), Aborted> {
    let mut m = f.first;
    let mut ends = vec![f.first_end];
    for i in 1..f.n {
        let a = f.alpha.max(m);
        let (t, e) = f.son(ctx, dag, i, -f.beta, -a, f.first_end)?;
        ends.push(e);
        if -t > m {
            m = -t;
            if m >= f.beta {
                break;
            }
        }
    }
    Ok((m, dag.join(&ends)))
}
