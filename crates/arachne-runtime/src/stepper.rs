//! The resumable serial search: an explicit-stack alpha-beta that advances **one node per
//! step** and accepts window updates between steps (seed 000 §4.1, the slave's `catcher`).
//!
//! The slave of §4.1 keeps `α[k]`, `β[k]` in global arrays, one pair per level of the
//! recursion, so that an asynchronous UPDATE message can narrow every level at once:
//!
//! ```text
//! for k := 1 to MAXDEPTH do
//!     α[k] := max(α[k], scalα);  β[k] := min(β[k], scalβ);
//!     (scalα, scalβ) := (−scalβ, −scalα)
//! ```
//!
//! [`Stepper::update`] is that loop over the active levels. Everything else is the fail-hard
//! `alphabeta` of §2 (the same counts as `arachne_search::alphabeta`: a node with moves is an
//! interior node, a node at the horizon or without moves a bottom position), with one
//! harmless addition: a node whose window has become empty (`α ≥ β`, after an UPDATE) stops
//! before searching its next child instead of after it, so a cutoff window sent by a master
//! terminates the slave within one step.
//!
//! [`StepperMode::Bound`] is Knuth–Moore's `bound` (seed 000 §7.4, no deep cutoffs): a child's
//! window is `(−∞, −α)` instead of `(−β, −α)`; started with `α = −∞` it is `bound(p, β)`.
//!
//! With the check extension ([`Stepper::with_check_extension`]) a node whose side to move is in
//! check gets one more ply, by the serial engine's rule
//! ([`arachne_core::extension::extended_depth`]), applied at every node of the search, its root
//! included when that lies below the whole search's root (`ply > 0`): the remaining depth is
//! kept per level instead of being the nominal depth minus the level.
//!
//! Nothing is allocated per node: frames and move buffers are reused across searches.
use arachne_core::extension::extended_depth;
use arachne_core::{Game, Score, Stats, Window};

/// Deep cutoffs (`alphabeta`) or not (`bound`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StepperMode {
    /// `alphabeta` (§2): a child searched with `(−β, −α)`.
    AlphaBeta,
    /// `bound` (§7.4): a child searched with `(−∞, −α)`.
    Bound,
}

/// What one step did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Evaluated a bottom position.
    Leaf,
    /// Expanded an interior node.
    Interior,
    /// Nothing: no search is running.
    Idle,
}

#[derive(Clone, Debug)]
struct Frame<G> {
    pos: G,
    alpha: Score,
    beta: Score,
    /// Plies left (the nominal depth minus the level, plus the check extensions on the path).
    left: u32,
    /// Next child to search (index into this level's move buffer).
    next: u32,
    /// Number of moves; `UNEXPANDED` before the node has been visited.
    n: u32,
}

const UNEXPANDED: u32 = u32::MAX;

/// The principal variations of a [`Stepper`] that keeps them, one per level.
#[derive(Clone, Debug)]
struct PvTable<M>(Vec<Vec<M>>);

impl<M> Default for PvTable<M> {
    fn default() -> Self {
        PvTable(Vec::new())
    }
}

/// A bottom-position evaluator replacing the static value (a quiescence search, written by
/// the caller: the runtime has none): given the position and its distance from the root, its
/// value for the side to move and the number of extra positions searched to find it (counted as
/// `qnodes`). It must not depend on the window (the stepper's results stay exact).
#[derive(Clone)]
pub struct LeafEval<G>(pub std::sync::Arc<LeafFn<G>>);

/// The function inside a [`LeafEval`]: `(position, ply) → (value, extra positions searched)`.
pub type LeafFn<G> = dyn Fn(&G, u32) -> (Score, u64) + Send + Sync;

impl<G> std::fmt::Debug for LeafEval<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LeafEval")
    }
}

impl<G> LeafEval<G> {
    /// The value of bottom position `pos` at `ply`, adding the positions searched to `stats`.
    #[inline]
    pub fn eval(&self, pos: &G, ply: u32, stats: &mut Stats) -> Score {
        let (v, q) = (self.0)(pos, ply);
        stats.qnodes += q;
        v
    }
}

/// A resumable alpha-beta search. See the module docs.
#[derive(Clone, Debug)]
pub struct Stepper<G: Game> {
    frames: Vec<Frame<G>>,
    bufs: Vec<Vec<G::Move>>,
    keys: Vec<(i32, Score, u32)>,
    scratch: Vec<G::Move>,
    top: usize,
    running: bool,
    ply0: u32,
    mode: StepperMode,
    preorder: bool,
    result: Option<Score>,
    best: Option<G::Move>,
    /// A principal variation per level when kept ([`Stepper::with_pv`]; off for the slaves'
    /// hot path). Boxed: a slave's stepper stays small.
    pvs: Option<Box<PvTable<G::Move>>>,
    /// Bottom positions valued by this instead of their static value ([`Stepper::with_leaf`]).
    leaf: Option<LeafEval<G>>,
    /// The check extension's bound: the depth of the whole search's root, when it is on.
    check_root: Option<u32>,
    /// Counts since the stepper was created (accumulated over searches).
    pub stats: Stats,
}

impl<G: Game> Default for Stepper<G> {
    fn default() -> Self {
        Self::new(StepperMode::AlphaBeta, false)
    }
}

impl<G: Game> Stepper<G> {
    /// An idle stepper. `preorder` sorts each node's successors by the game's ordering hint and
    /// then by their static values, best first (seed 000 §5: "moves were ordered best-first
    /// according to their static values"; the hint is 0 on synthetic trees).
    pub fn new(mode: StepperMode, preorder: bool) -> Self {
        Stepper {
            frames: Vec::new(),
            bufs: Vec::new(),
            keys: Vec::new(),
            scratch: Vec::new(),
            top: 0,
            running: false,
            ply0: 0,
            mode,
            preorder,
            result: None,
            best: None,
            pvs: None,
            leaf: None,
            check_root: None,
            stats: Stats::default(),
        }
    }

    /// The same stepper keeping the principal variation ([`Stepper::pv`]): at every node the
    /// move that last raised α followed by that child's line (a triangular table).
    pub fn with_pv(mut self) -> Self {
        self.pvs = Some(Box::default());
        self
    }

    /// The same stepper valuing bottom positions by `leaf` (e.g. a quiescence search).
    pub fn with_leaf(mut self, leaf: Option<LeafEval<G>>) -> Self {
        self.leaf = leaf;
        self
    }

    /// The same stepper extending checks (module docs) in a search whose root, at ply 0, has
    /// depth `root_depth`; `None`: off.
    pub fn with_check_extension(mut self, root_depth: Option<u32>) -> Self {
        self.check_root = root_depth;
        self
    }

    /// The plies to search `pos` at `ply` with, `depth` nominally left.
    #[inline]
    fn extended(check_root: Option<u32>, pos: &G, depth: u32, ply: u32) -> u32 {
        match check_root {
            Some(r) => extended_depth(pos, depth, ply as usize, r),
            None => depth,
        }
    }

    /// The principal variation of the finished search (empty unless [`Stepper::with_pv`]).
    pub fn pv(&self) -> &[G::Move] {
        self.pvs
            .as_ref()
            .and_then(|p| p.0.first())
            .map_or(&[], |p| p)
    }

    /// Starts searching `root` to `depth` plies with `window`; `ply` is the root's distance from
    /// the root of the whole search (for distance-aware win/loss scores).
    pub fn start(&mut self, root: G, window: Window, depth: u32, ply: u32) {
        let frame = Frame {
            left: Self::extended(self.check_root, &root, depth, ply),
            pos: root,
            alpha: window.alpha,
            beta: window.beta,
            next: 0,
            n: UNEXPANDED,
        };
        if self.frames.is_empty() {
            self.frames.push(frame);
        } else {
            self.frames[0] = frame;
        }
        while self.bufs.len() <= depth as usize {
            self.bufs.push(Vec::new());
        }
        self.top = 0;
        self.ply0 = ply;
        self.running = true;
        self.result = None;
        self.best = None;
        if let Some(pvs) = &mut self.pvs {
            while pvs.0.len() <= depth as usize + 1 {
                pvs.0.push(Vec::new());
            }
            pvs.0[0].clear();
        }
    }

    /// True while a search is in progress.
    #[inline]
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// The value of the finished search (fail-hard, relative to the possibly narrowed window).
    pub fn result(&self) -> Option<Score> {
        self.result
    }

    /// The root move that last raised the root's `α` (the best move when the search succeeded).
    pub fn best_move(&self) -> Option<G::Move> {
        self.best
    }

    /// The root's current `α` (the best value found so far, from the root's side).
    pub fn root_alpha(&self) -> Option<Score> {
        self.running.then(|| self.frames[0].alpha)
    }

    /// The slave's `catcher`: narrows the window of every active level, negating and swapping
    /// from level to level. `window` is for the root of this search.
    pub fn update(&mut self, window: Window) {
        if !self.running {
            return;
        }
        let (mut a, mut b) = (window.alpha, window.beta);
        for f in &mut self.frames[..=self.top] {
            if a > f.alpha {
                f.alpha = a;
            }
            if b < f.beta {
                f.beta = b;
            }
            (a, b) = (-b, -a);
        }
    }

    /// The window at `level` (0 = root of this search), if that level is active.
    pub fn window_at(&self, level: usize) -> Option<Window> {
        (self.running && level <= self.top)
            .then(|| Window::new(self.frames[level].alpha, self.frames[level].beta))
    }

    /// Advances one node.
    #[inline]
    pub fn step(&mut self) -> Step {
        if !self.running {
            return Step::Idle;
        }
        let k = self.top;
        let f = &mut self.frames[k];
        debug_assert_eq!(f.n, UNEXPANDED);
        if f.left > 0 && !f.pos.is_terminal() {
            if self.bufs.len() <= k {
                // Deeper than the nominal depth: check extensions.
                self.bufs.resize_with(k + 1, Vec::new);
            }
            let buf = &mut self.bufs[k];
            f.pos.moves(buf);
            self.stats.movegens += 1;
            let n = buf.len();
            if n > 0 {
                self.stats.interior += 1;
                f.n = n as u32;
                f.next = 0;
                if self.preorder && n > 1 {
                    preorder(&f.pos, buf, &mut self.keys, &mut self.scratch);
                }
                if f.alpha >= f.beta {
                    let v = f.alpha;
                    self.ret(v);
                } else {
                    self.push_child();
                }
                return Step::Interior;
            }
        }
        self.stats.leaves += 1;
        let ply = self.ply0 + k as u32;
        let v = match &self.leaf {
            None => f.pos.evaluate().at_ply(ply),
            Some(l) => l.eval(&f.pos, ply, &mut self.stats),
        };
        self.ret(v);
        Step::Leaf
    }

    /// Runs steps while `*clock < until` and `*steps > 0`, adding `leaf`/`interior` to the
    /// clock per step and decrementing `steps`. Returns true when the search has finished.
    #[inline]
    pub fn run(
        &mut self,
        clock: &mut f64,
        until: f64,
        steps: &mut u64,
        leaf: f64,
        interior: f64,
    ) -> bool {
        while self.running && *clock < until && *steps > 0 {
            match self.step() {
                Step::Leaf => *clock += leaf,
                Step::Interior => *clock += interior,
                Step::Idle => {}
            }
            *steps -= 1;
        }
        !self.running
    }

    /// Runs the whole search at once; returns its value.
    pub fn finish(&mut self) -> Option<Score> {
        while self.running {
            self.step();
        }
        self.result
    }

    /// Pushes the next child of the frame on top (which has one and a nonempty window).
    #[inline]
    fn push_child(&mut self) {
        let k = self.top;
        let check_root = self.check_root;
        let ply = self.ply0 + k as u32 + 1;
        let f = &mut self.frames[k];
        let mv = self.bufs[k][f.next as usize];
        f.next += 1;
        let pos = f.pos.play(mv);
        let child = Frame {
            left: Self::extended(check_root, &pos, f.left - 1, ply),
            pos,
            alpha: match self.mode {
                StepperMode::AlphaBeta => -f.beta,
                StepperMode::Bound => -Score::INF,
            },
            beta: -f.alpha,
            next: 0,
            n: UNEXPANDED,
        };
        self.top = k + 1;
        if self.frames.len() <= self.top {
            self.frames.push(child);
        } else {
            self.frames[self.top] = child;
        }
        if let Some(pvs) = &mut self.pvs {
            if pvs.0.len() <= self.top + 1 {
                pvs.0.resize_with(self.top + 2, Vec::new);
            }
            pvs.0[self.top].clear();
        }
    }

    /// The node on top has value `v`: pop it and feed `v` to its parents until one of them has
    /// another child to search (pushed) or the root is done.
    #[inline]
    fn ret(&mut self, mut v: Score) {
        loop {
            if self.top == 0 {
                self.result = Some(v);
                self.running = false;
                return;
            }
            self.top -= 1;
            let k = self.top;
            let f = &mut self.frames[k];
            let t = -v;
            if t > f.alpha {
                f.alpha = t;
                if k == 0 {
                    self.best = Some(self.bufs[0][f.next as usize - 1]);
                }
                if let Some(pvs) = &mut self.pvs {
                    let mv = self.bufs[k][f.next as usize - 1];
                    let (head, tail) = pvs.0.split_at_mut(k + 1);
                    head[k].clear();
                    head[k].push(mv);
                    head[k].extend_from_slice(&tail[0]);
                }
            }
            if f.alpha >= f.beta {
                self.stats.cutoffs += 1;
                v = f.alpha;
                continue;
            }
            if f.next < f.n {
                self.push_child();
                return;
            }
            v = f.alpha;
        }
    }
}

/// Static move ordering for the parallel searches, stable: first the game's own ordering hint
/// ([`Game::order_hint`], e.g. MVV/LVA captures in chess; 0 for synthetic trees), then the
/// successors' static values, best first for the side to move. The serial searchers' dynamic
/// heuristics (table move, killers, history) need per-search memory a slave does not keep
/// between jobs; this is the part of move ordering every process can apply on its own.
fn preorder<G: Game>(
    pos: &G,
    moves: &mut [G::Move],
    keys: &mut Vec<(i32, Score, u32)>,
    scratch: &mut Vec<G::Move>,
) {
    keys.clear();
    keys.extend(
        moves
            .iter()
            .enumerate()
            // Higher hints first; the successor's value is from the opponent's side, so the
            // lowest value is best first.
            .map(|(i, &m)| (-pos.order_hint(m), pos.play(m).evaluate(), i as u32)),
    );
    keys.sort_unstable();
    scratch.clear();
    scratch.extend(keys.iter().map(|&(_, _, i)| moves[i as usize]));
    moves.copy_from_slice(scratch);
}

/// Sorts a move list exactly as a [`Stepper`] with `preorder` does (for masters that generate
/// successors themselves).
pub fn preorder_moves<G: Game>(pos: &G, moves: &mut [G::Move]) {
    let mut keys = Vec::new();
    let mut scratch = Vec::new();
    preorder(pos, moves, &mut keys, &mut scratch);
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_core::Limits;
    use arachne_games::{IidParams, IidTree, IncrementalParams, IncrementalTree};
    use arachne_search::{Algorithm, SearchOptions};

    fn full<G: Game>(g: &G, depth: u32, mode: StepperMode) -> (Score, Stats, Option<G::Move>) {
        let mut s = Stepper::new(mode, false);
        s.start(g.clone(), Window::FULL, depth, 0);
        let v = s.finish().unwrap();
        (v, s.stats, s.best_move())
    }

    #[test]
    fn matches_serial_alphabeta_and_bound_exactly() {
        for seed in 0..30 {
            let g = IidTree::new(IidParams {
                n: 2 + (seed % 4) as u32,
                d: 3 + (seed % 4) as u32,
                seed,
                range: if seed % 2 == 0 { Some(5) } else { None },
            });
            let d = 3 + (seed % 4) as u32;
            for (mode, algo) in [
                (StepperMode::AlphaBeta, Algorithm::AlphaBeta),
                (StepperMode::Bound, Algorithm::Bound),
            ] {
                let (v, st, best) = full(&g, d, mode);
                let o = algo.search(&g, &Limits::depth(d), &SearchOptions::default());
                assert_eq!(v, o.value);
                assert_eq!(
                    (st.interior, st.leaves, st.cutoffs),
                    (o.stats.interior, o.stats.leaves, o.stats.cutoffs)
                );
                assert_eq!(best, o.best_move);
            }
        }
    }

    #[test]
    fn catcher_updates_keep_accuracy() {
        // Narrowing the window mid-search must give the result a search started with the
        // narrowed window could give: exact inside, fail low/high outside.
        for seed in 0..200u64 {
            let g = IncrementalTree::new(IncrementalParams {
                b: 4,
                d: 5,
                seed,
                branching: arachne_games::Branching::Random,
                values: arachne_games::EdgeValues::Int { lo: -20, hi: 20 },
            });
            let exact = full(&g, 5, StepperMode::AlphaBeta).0;
            let mut s = Stepper::new(StepperMode::AlphaBeta, seed % 3 == 0);
            s.start(g, Window::FULL, 5, 0);
            let after = (seed % 17) as usize;
            for _ in 0..after {
                s.step();
            }
            let w = Window::new(Score(exact.0 - 3 + (seed % 7) as i32), Score(exact.0 + 2));
            s.update(w);
            let v = s.finish().unwrap();
            if w.contains(exact) {
                assert_eq!(v, exact);
            } else if exact <= w.alpha {
                assert!(v <= w.alpha);
            } else {
                assert!(v >= w.beta);
            }
        }
    }
}
