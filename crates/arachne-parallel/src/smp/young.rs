//! The parallel node of the young-brothers-wait searches, written once for YBWC ([`ybwc`]) and
//! Jamboree ([`jamboree`]), which differ only in their brothers phase ([`ParBrothers`]):
//!
//! ```text
//! node(n, α, β):
//!     below `serial` plies: return the serial search's value     (ab_tt)
//!     a bottom position, or a table entry that settles n: return its value
//!     the null move, before any son: a fail high returns β
//!     b ← −node(c₁, −β, −α)                 the eldest brother, alone
//!     if b ≥ β or c₁ is the only son: store b, return b
//!     the algorithm's brothers phase over c₂ … c_k     (ybwc::brothers, jamboree::brothers)
//!     a son's failure is n's; if an ancestor's cutoff cancelled n: abort
//!     store the best son's value, return it
//! ```
//!
//! The one-processor tracer is the same skeleton ([`trace_fork_join`]) with the serial elision of
//! each brothers phase ([`Split::traced`]).
//!
//! [`ybwc`]: super::ybwc
//! [`jamboree`]: super::jamboree
//! [`trace_fork_join`]: super::work_span::trace_fork_join
use super::work_span::Brothers;
use super::{jamboree, ybwc, Frame, Line, Opened, Shared};
use arachne_core::{Game, Score, StopReason, Window};
use arachne_search::context::{null_move_result, Aborted};

/// Which young-brothers-wait algorithm: the parallel search's brothers phase
/// (`Split::parallel`) and the tracer's (`Split::traced`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Split {
    /// `ybwc`.
    Ybwc,
    /// `jamboree`.
    Jamboree,
}

impl Split {
    /// The brothers phase of the parallel search ([`node`]).
    pub(crate) fn parallel<G: Game>(self) -> ParBrothers<G> {
        match self {
            Split::Ybwc => ybwc::brothers,
            Split::Jamboree => jamboree::brothers,
        }
    }

    /// The brothers phase of the one-processor trace
    /// ([`trace_fork_join`](super::work_span::trace_fork_join)).
    pub(crate) fn traced<G: Game>(self) -> Brothers<G> {
        match self {
            Split::Ybwc => ybwc::trace_brothers,
            Split::Jamboree => jamboree::trace_brothers,
        }
    }
}

/// The brothers phase of a young-brothers-wait search: given the node after its eldest son
/// (`fork`) and the best so far (the eldest son's line), searches the younger brothers in
/// parallel under `fork.fork` and returns the best, with the first failure if any.
pub(crate) type ParBrothers<G> =
    for<'a> fn(&ParFork<'a, G>, Best<<G as Game>::Move>) -> Best<<G as Game>::Move>;

/// How a son was searched, for [`ParFork::settle`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Searched {
    /// With the node's window: its value raises `α`.
    Full,
    /// By a null-window test (Jamboree's): its value is only a bound and raises nothing.
    Test,
}

/// The running result of a node's brothers: the best line, its move's generation index, the
/// `α` the brothers have raised, and the first failure of a son.
#[derive(Debug)]
pub(crate) struct Best<M> {
    /// The best line so far (the node's side, the move included).
    pub line: Line<M>,
    /// The generation-order index of its move.
    pub gen: u16,
    /// The node's `α`, raised by the values found (fail-soft: the tests of Jamboree raise
    /// nothing).
    pub alpha: Score,
    /// The first failure of a son (see [`Frame::record_failure`]).
    pub err: Option<Aborted>,
}

/// A node of the parallel search after its eldest son returned without a cutoff: what a
/// brothers phase needs (the parallel counterpart of the tracer's
/// [`Fork`](super::work_span::Fork)).
pub(crate) struct ParFork<'a, G: Game> {
    sh: &'a Shared<'a, G>,
    /// The frame of the node's sons: a cutoff cancels it, and with it every son's search.
    pub fork: Frame<'a>,
    pos: &'a G,
    depth: u32,
    ply: usize,
    serial: u32,
    /// The node's `β`.
    pub beta: Score,
    /// The node's successors in search order, with their generation-order indices.
    pub moves: Vec<(G::Move, u16)>,
    brothers: ParBrothers<G>,
}

impl<G: Game> ParFork<'_, G> {
    /// Searches son `i` (in search order) under [`ParFork::fork`] in the window `(alpha, beta)`
    /// of this node's side (the son's is `(−beta, −alpha)`): its line from this node's side.
    pub(crate) fn son(
        &self,
        i: usize,
        alpha: Score,
        beta: Score,
    ) -> Result<Line<G::Move>, Aborted> {
        let (mv, _) = self.moves[i];
        let child = self.pos.play(mv);
        let (d, ply, serial) = (self.depth - 1, self.ply + 1, self.serial);
        node(
            self.sh,
            &self.fork,
            &child,
            d,
            ply,
            -beta,
            -alpha,
            serial,
            false,
            self.brothers,
        )
        .map(|l| l.child(mv))
    }

    /// Takes the result `r` of son `i`'s search (`how`) into `best`: a failure is kept (unless
    /// it came from this node's own cutoff, [`Frame::record_failure`]); a value raises `α` (a
    /// full-window search's only) and may replace the best line. `Some(value)` to go on; `None`
    /// after a failure or a cutoff (`≥ β`, which cancels the other sons).
    pub(crate) fn settle(
        &self,
        best: &mut Best<G::Move>,
        i: usize,
        r: Result<Line<G::Move>, Aborted>,
        how: Searched,
    ) -> Option<Score> {
        let l = match r {
            Err(e) => {
                self.fork.record_failure(&mut best.err, e);
                return None;
            }
            Ok(l) => l,
        };
        let score = l.score;
        if how == Searched::Full {
            best.alpha = best.alpha.max(score);
        }
        if score > best.line.score {
            best.line = l;
            best.gen = self.moves[i].1;
            if score >= self.beta {
                self.fork.cancel();
                return None;
            }
        }
        Some(score)
    }
}

/// A node of a young-brothers-wait search (`ybwc`, `jamboree`) of `pos` with `depth` plies left
/// at `ply` in `(alpha, beta)`, under `frame`: the fail-soft value (exact inside the window) and
/// the principal line. `after_null`: `pos` was reached by a null move. Below `serial` plies
/// (after the check extension) the serial search [`Shared::serial`] takes it, with its nominal
/// depth; otherwise the node is opened ([`Shared::open`]), the null move is tried before any
/// son, the eldest son is searched alone, and `brothers` searches the others (see the module
/// docs).
#[allow(clippy::too_many_arguments)]
pub(crate) fn node<G: Game>(
    sh: &Shared<G>,
    frame: &Frame,
    pos: &G,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
    serial: u32,
    after_null: bool,
    brothers: ParBrothers<G>,
) -> Result<Line<G::Move>, Aborted> {
    let done = |score| {
        Ok(Line {
            score,
            pv: Vec::new(),
        })
    };
    // With the check extension on, a node in check searched serially is extended by the
    // serial search itself: hand it the nominal depth.
    let extended = sh.extend(pos, depth, ply);
    if extended < serial {
        return sh.serial(frame, pos, depth, ply, alpha, beta, after_null);
    }
    let depth = extended;
    let window = Window::new(alpha, beta);
    let moves = match sh.open(frame, pos, depth, ply, window)? {
        Opened::Value(v) => return done(v),
        Opened::Moves(m) => m,
    };
    let recurse =
        |p: &G, d, ply, a, b, null| node(sh, frame, p, d, ply, a, b, serial, null, brothers);
    // The null move, before any son (a fail high needs no son at all).
    if let Some((passed, reduced)) = sh.null_move_try(pos, depth, ply, beta, after_null) {
        let v = recurse(&passed, reduced, ply + 1, -beta, -beta + 1, true)?;
        if let Some(v) = null_move_result(-v.score, beta) {
            return done(v);
        }
    }
    // The eldest brother, alone.
    let (m0, g0) = moves[0];
    let first = recurse(&pos.play(m0), depth - 1, ply + 1, -beta, -alpha, false)?.child(m0);
    if first.score >= beta || moves.len() == 1 {
        sh.store(pos, depth, ply, first.score, window, Some(g0));
        return Ok(first);
    }
    // The younger brothers: the algorithm's own phase.
    let best = Best {
        alpha: alpha.max(first.score),
        line: first,
        gen: g0,
        err: None,
    };
    let fork = ParFork {
        sh,
        fork: frame.child(),
        pos,
        depth,
        ply,
        serial,
        beta,
        moves,
        brothers,
    };
    let best = brothers(&fork, best);
    // The end, once the brothers are done: a son's failure is the node's; a node an ancestor's
    // cutoff cancelled has skipped brothers (or, in Jamboree, re-searches), so its best is no
    // value of it — never returned or stored; otherwise the best is stored and returned.
    if let Some(e) = best.err {
        return Err(e);
    }
    if frame.is_cancelled() {
        return Err(Aborted(StopReason::Stopped));
    }
    sh.store(pos, depth, ply, best.line.score, window, Some(best.gen));
    Ok(best.line)
}
