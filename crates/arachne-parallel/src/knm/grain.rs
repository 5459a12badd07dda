//! The grain of the distributed Key Node Method (`knm:grain=G`): a node near the
//! horizon is one serial search, not a record with messages.
//!
//! * **What a grain node does.** A node of the distributed form ([`super::dist`]) with `r`
//!   plies left, `1 ≤ r ≤ G`, and moves to play, answers the first down message that makes it
//!   key exactly as Fig. 3-4 of seed 003 has a terminal node answer with its static value —
//!   but the value is that of a serial search of its `r`-ply subtree by `arachne-search`
//!   (the processors' subtree search of tree-split, [`SubSearch`]: `falphabeta_tt`, the fast
//!   alpha-beta loop, on the native game, MPI's path-wrapped positions included), with the
//!   search's options (`preorder`/`--ordering`: the serial search's ordering;
//!   `quiescence`: its capture searches). It creates no records below it and sends no
//!   messages for its subtree: one down message in, one up message out (more only if its key
//!   status changes later, as for any terminal node).
//! * **A full window.** A KNM node has no alpha-beta window: its value is reported eagerly and
//!   ranked against its siblings', and any sibling may come to need it exact (a rank-1 change,
//!   a parent becoming first-key). A bound would have to be searched again when that happens,
//!   and the method has no message for it. So the serial search runs with the full window: its
//!   value is exact, a pure function of the position and the plies left (the table only
//!   returns values of the same draft), and the root's final value stays exactly negamax's —
//!   `alphabeta`'s with the same options (with quiescence, the serial search's capture searches
//!   run in its nodes' windows; at the full window its root value is that of negamax valued by
//!   the full-window capture search, which the method's own bottom positions use). The grain
//!   node's validity (§5.3, choice 8 of [`crate::knm`]) is its `search_to` — its subtree is
//!   resolved to the horizon.
//! * **Counting and charging.** The search's interior and bottom nodes are the node counts'
//!   ([`super::KnmStats::grain_interior`], [`super::KnmStats::grain_leaves`]; its capture-search positions go
//!   to `qnodes`); the grain node itself is the search's root (counted once, as an interior node
//!   of the search). On the simulator the processor is charged the cost model's node cost for
//!   each of them, as if the search ran there one node at a time (capture-search positions
//!   cost nothing, as the method's own); it handles no message meanwhile, its later messages
//!   wait. Messages are charged as always: the grain node's down message and its up message.
//! * **On real backends** the search runs in [`Process::run`](arachne_runtime::Process::run):
//!   it polls the mailbox every few thousand nodes as tree-split's slaves do, so the limits
//!   (`--nodes`, `--time-ms`, Ctrl-C) are honoured inside it and the messages that arrived are
//!   handled at once (for other nodes, or for this one: a node no longer key when its value comes
//!   keeps it, and reports it when it is key again, as a terminal node does). Each processor keeps
//!   one [`SubSearch`]: its table (games with transpositions, at most
//!   [`SLAVE_TT_MIB`](crate::subsearch::SLAVE_TT_MIB) MiB, outside `--memory`'s count) and its
//!   killers and history (`--ordering` on games) carry from one grain node to the next, which
//!   changes the node counts, never a value.
//! * **The default** ([`resolve`]). On the simulator `0`: the paper's form (every node a
//!   record), unless the user gives `grain=G`. On threads and MPI the larger of two grains:
//!   - **messages** ([`measured`]), as [`crate::calibrate`] explains the other algorithms'
//!     grain: a message to another processor costs about [`MESSAGE_DELAY`] (a channel send and
//!     a thread wake-up: 4–6 µs on the project machine, `--cost measured`), and a grain node
//!     costs at least two (its down and its up message), so its serial search should take
//!     [`JOB_MESSAGES`] times that or more. [`measured`] times the serial search of the root
//!     itself to `g = 1, 2, …` plies (same options; the root's subtrees are the grain nodes'
//!     kind) and takes the first `g` whose search took at least that long;
//!   - **work** ([`balanced`]): every key node at the grain level gets an exact, full-window
//!     search, where serial alpha-beta refutes most of those subtrees with a narrower window,
//!     and the key set above the grain grows faster than alpha-beta's tree (the module docs of
//!     [`crate::knm`]). So the nodes searched *fall* as the grain rises: on
//!     `incremental:b=10,d=11`, seeds 1–3, 2 processors on threads, 4.0–4.3× `alphabeta`'s
//!     nodes at `grain=9`, 5.4–6.4× at 8, 15–20× at 6 (2026-11-27, `arachne search … --algo
//!     knm:grain=G --procs 2 --backend threads`), while the messages (282 to 244 k) never
//!     cost much. The grain that pays is therefore the largest that still leaves each
//!     processor work: the one leaving [`JOBS_PER_PROC`] key nodes per processor at the grain
//!     level, counted as on a perfectly ordered tree of the root's branching (§3.2.1's key
//!     set: `U_{L+2}` key nodes `L` plies down, [`super::lucas_u`]).
//!
//!   Both are at most `depth − 1` (the root stays a record). With `deepening=1` the default
//!   is 0, and `grain=G > 0` is refused ([`KnmOptions::check`]), as on `model=pooled`. The
//!   message grain is a timing, so it can differ between runs and between MPI ranks; values
//!   cannot (a grain node's value is the node's exact value, whoever computes it).
use super::{KnmOptions, Model};
use crate::subsearch::{Poll, SerialSpec, SubSearch};
use crate::Backend;
use arachne_core::{Game, Limits, Score, Window};
use arachne_search::stepper::StepperMode;
use arachne_search::Algorithm;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The one-way delay of a message to a processor that waits for it, on threads
/// ([`crate::calibrate`]'s figure on the project machine, rounded up).
pub(crate) const MESSAGE_DELAY: Duration = Duration::from_micros(6);

/// A grain node's serial search should take at least this many [`MESSAGE_DELAY`]s.
pub(crate) const JOB_MESSAGES: u32 = 16;

/// Key nodes per processor at the grain level that [`balanced`] asks for.
pub(crate) const JOBS_PER_PROC: u64 = 4;

/// The serial search's options for `opts`: `alphabeta` with its ordering and quiescence
/// (tree-split's slaves' spec, [`SerialSpec::new`]).
pub(crate) fn spec(opts: &KnmOptions) -> Arc<SerialSpec> {
    Arc::new(SerialSpec::new(
        StepperMode::AlphaBeta,
        opts.preorder,
        opts.quiescence,
    ))
}

/// The grain a search of `root` to `depth` plies uses on `backend` with `procs` processors
/// (module docs).
pub(crate) fn resolve<G: Game>(
    opts: &KnmOptions,
    root: &G,
    depth: u32,
    procs: u32,
    backend: &Backend,
) -> u32 {
    match opts.grain {
        Some(g) => g,
        None if opts.deepening || opts.model == Model::Pooled => 0,
        None if matches!(backend, Backend::Sim(_)) => 0,
        None => {
            let messages = measured(root, depth, &spec(opts), MESSAGE_DELAY * JOB_MESSAGES);
            messages.max(balanced(root, depth, procs))
        }
    }
}

/// The largest grain below `depth` that leaves at least [`JOBS_PER_PROC`]` · procs` key nodes
/// at the grain level on a perfectly ordered tree of `root`'s branching (module docs); 0 when
/// none does (a tree too narrow).
pub(crate) fn balanced<G: Game>(root: &G, depth: u32, procs: u32) -> u32 {
    let mut moves = Vec::new();
    root.moves(&mut moves);
    if moves.len() < 2 {
        return 0;
    }
    let want = JOBS_PER_PROC * procs as u64;
    (1..depth)
        .find(|&l| super::lucas_u(moves.len() as u64, l + 2) >= want)
        .map_or(0, |l| depth - l)
}

/// The smallest `g` in `1..depth` whose serial search of `root` to `g` plies takes at least
/// `job`, or `depth − 1` (0 for `depth ≤ 1`).
pub(crate) fn measured<G: Game>(root: &G, depth: u32, spec: &SerialSpec, job: Duration) -> u32 {
    let opts = spec.options_for::<G>();
    for g in 1..depth {
        let t = Instant::now();
        Algorithm::AlphaBeta.search(root, &Limits::depth(g), &opts);
        if t.elapsed() >= job {
            return g;
        }
    }
    depth.saturating_sub(1)
}

/// Searches `pos` (`ply` plies from the root) to `plies` plies with the full window on `sub`;
/// `poll(nodes)` is the mailbox hook, `nodes` this search's count so far. Returns the value
/// (`None` when the run is stopping), the search's (interior, bottom, quiescence) counts so far
/// and its best move.
#[allow(clippy::type_complexity)]
pub(crate) fn search<G: Game>(
    sub: &mut SubSearch<G>,
    pos: G,
    plies: u32,
    ply: u32,
    poll: &mut dyn FnMut(u64) -> Poll,
) -> (Option<Score>, (u64, u64, u64), Option<G::Move>) {
    let before = sub.stats();
    sub.start(pos, Window::FULL, plies, ply);
    let done = sub.run_blocking(&mut |n| poll(n.saturating_sub(before.nodes() + before.qnodes)));
    let after = sub.stats();
    let nodes = (
        after.interior - before.interior,
        after.leaves - before.leaves,
        after.qnodes - before.qnodes,
    );
    (done.then(|| sub.result()).flatten(), nodes, sub.best_move())
}

#[cfg(test)]
mod tests;
