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
//! Subtrees with fewer than `serial` plies left are searched serially by [`super::ab_tt`].
//! [`trace`] is the same algorithm's serial elision (one processor, brothers in order), which
//! records the task graph for [`super::work_span`].
use super::work_span::{self, Dag, Fork, StrandId};
use super::{Frame, Line, Shared};
use arachne_core::{Game, Score};
use arachne_search::context::{Aborted, Ctx};
use std::sync::Mutex;

/// YBWC search of `pos` with `depth` plies left at `ply` in `(alpha, beta)`: the fail-soft
/// value (exact inside the window) and the principal line.
#[allow(clippy::too_many_arguments)]
pub fn ybwc<G: Game>(
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

/// [`ybwc`]; `after_null`: `pos` was reached by a null move.
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
    let brothers = |depth: u32, moves: Vec<(G::Move, u16)>, first: Line<G::Move>| {
        let g0 = moves[0].1;
        struct State<M> {
            best: Line<M>,
            gen: u16,
            alpha: Score,
            err: Option<Aborted>,
        }
        let st = Mutex::new(State {
            alpha: alpha.max(first.score),
            best: first,
            gen: g0,
            err: None,
        });
        let fork = frame.child();
        rayon::scope_fifo(|s| {
            for &(mv, g) in &moves[1..] {
                let (st, fork) = (&st, &fork);
                s.spawn_fifo(move |_| {
                    if fork.is_cancelled() {
                        return;
                    }
                    let a = st.lock().expect("ybwc lock").alpha;
                    let r = node(
                        sh,
                        fork,
                        &pos.play(mv),
                        depth - 1,
                        ply + 1,
                        -beta,
                        -a,
                        serial,
                        false,
                    );
                    let mut st = st.lock().expect("ybwc lock");
                    match r {
                        Err(e) => fork.record_failure(&mut st.err, e),
                        Ok(l) => {
                            let l = l.child(mv);
                            if l.score > st.best.score {
                                st.alpha = st.alpha.max(l.score);
                                let cut = l.score >= beta;
                                st.best = l;
                                st.gen = g;
                                if cut {
                                    fork.cancel();
                                }
                            }
                        }
                    }
                });
            }
        });
        let st = st.into_inner().expect("ybwc lock");
        (st.err, st.best, st.gen)
    };
    sh.young_brothers(
        frame, pos, depth, ply, alpha, beta, serial, after_null, &recurse, brothers,
    )
}

/// The serial elision of [`ybwc`] on one processor (brothers in move order, each seeing the
/// `α` raised by the ones before it, no brother started after a cutoff — what Cilk measures
/// on one processor), recording each serial piece of work as a strand of `dag` with its
/// dependencies: every younger brother depends on the eldest, the node ends when all have.
/// `pred` is the strand this search depends on; returns the value and the strand that ends
/// it. The skeleton is [`work_span::trace_fork_join`].
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

/// YBWC's brothers phase: the younger brothers in parallel after the eldest.
fn brothers<G: Game>(
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
