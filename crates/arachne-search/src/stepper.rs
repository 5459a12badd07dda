//! The resumable serial search: alpha-beta on an explicit stack that advances **one node per
//! step** and accepts window updates between steps (seed 000 §4.1, the slave's `catcher`), for
//! the message-passing searches that must handle messages while a search is in progress (the
//! simulator's and MPI's processors in `arachne-parallel`).
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
//! `alphabeta` of §2, **on the serial search's node code**: every node is opened by the
//! serial searchers' context ([`Ctx::open`]: move generation into its per-ply buffers, the
//! ordering of [`crate::ordering`], the counting of interior nodes, move generations and bottom
//! positions, the bottom position's value — its static value, or with quiescence
//! [`Ctx::leaf`]'s capture search), extended by [`Ctx::extend`] (the check extension), and a
//! cutoff is recorded by [`Ctx::cutoff`], a new best move by [`Ctx::new_best`]. What is left
//! here is the loop over a node's successors, unrolled onto a stack of frames so that it can
//! stop after any node. Run to the end it visits exactly the nodes [`crate::alphabeta`]
//! visits with the same options, with the same value, best move and counts (the tests below).
//!
//! Two differences from the recursive loop, both harmless: a node whose window has become
//! empty (`α ≥ β`, after an UPDATE) stops before searching its next child instead of after it,
//! so a cutoff window sent by a master terminates the slave within one step; and bottom
//! positions are valued one per step, not a frontier node's at once through
//! [`arachne_core::Game::successor_values`] (a step is the unit a simulator charges for and
//! between which an UPDATE may arrive).
//!
//! [`StepperMode::Bound`] is Knuth–Moore's `bound` (seed 000 §7.4, no deep cutoffs): a child's
//! window is `(−∞, −α)` instead of `(−β, −α)`; started with `α = −∞` it is `bound(p, β)`.
//!
//! Options ([`Stepper::new`], [`Stepper::with_leaf`], [`Stepper::with_check_extension`]):
//! static ordering (the game's hint, then static values: [`SearchOptions::hints`] and
//! [`SearchOptions::preorder`]), quiescence and the check extension — a node whose side to move
//! is in check gets one more ply, by the serial engine's rule, at every node whose ply is
//! above 0 (the bound is the depth of the whole search's root, given to the stepper; a stepper
//! whose root is at ply 0 is that root). No table, no null move, no killers or history: a
//! message-passing processor's search between messages keeps no memory of its own.
//!
//! A context borrows its options and limits ([`Ctx`]'s lifetime), and a process that owns a
//! stepper must be sendable to a thread, which a context is not (its abort hook): so the
//! stepper keeps the context's buffers ([`Scratch`]: the moves and lines of every ply) and its
//! counts, and takes a context for each run of steps ([`Stepper::run`], [`Stepper::finish`])
//! over options of its own kind, which live in a table of statics. Nothing is allocated per
//! node: frames and buffers are reused across searches.
use crate::context::{Ctx, Node, Scratch};
use crate::ordering::{self, OrderingState};
use crate::SearchOptions;
use arachne_core::{Game, Limits, Score, Stats, Window};
use std::marker::PhantomData;
use std::sync::LazyLock;

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
    /// Valued a bottom position.
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
    /// Plies left: nominal until the node is opened, then with its check extension.
    left: u32,
    /// Next child to search (index into this ply's moves in the context's buffers).
    next: u32,
    /// Number of moves (0 before the node is opened).
    n: u32,
}

/// The options of a stepper's context: static ordering (hint and static values) or none,
/// quiescence, the check extension; index `preorder | quiescence << 1 | check << 2`.
static OPTIONS: [SearchOptions; 8] = [
    options(0),
    options(1),
    options(2),
    options(3),
    options(4),
    options(5),
    options(6),
    options(7),
];

const fn options(bits: usize) -> SearchOptions {
    SearchOptions {
        preorder: bits & 1 != 0,
        hints: bits & 1 != 0,
        killers: false,
        history: false,
        tt_mib: 0,
        quiescence: bits & 2 != 0,
        repetition: false,
        game_history: Vec::new(),
        check_extension: bits & 4 != 0,
        null_move: false,
        tt_cutoffs: false,
    }
}

/// A stepper's context has no limits: its caller decides how many steps to run.
static NO_LIMITS: LazyLock<Limits> = LazyLock::new(Limits::default);

/// Bottom positions valued by the serial search's quiescence search ([`Ctx::leaf`] with
/// [`SearchOptions::quiescence`]: the capture search with its own full window, so the value
/// does not depend on the caller's window) instead of their static values: given to a
/// [`Stepper`] ([`Stepper::with_leaf`]) and used by the masters of the message-passing
/// searches for the bottom positions they meet themselves ([`LeafEval::eval`]). The only
/// bottom-position evaluator there is; a type rather than a flag so that it can be carried
/// where the evaluation happens.
pub struct LeafEval<G>(PhantomData<fn(&G)>);

impl<G> LeafEval<G> {
    /// The quiescence search.
    pub fn quiescence() -> Self {
        LeafEval(PhantomData)
    }
}

impl<G> Clone for LeafEval<G> {
    fn clone(&self) -> Self {
        LeafEval(PhantomData)
    }
}

impl<G> std::fmt::Debug for LeafEval<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LeafEval(quiescence)")
    }
}

impl<G: Game> LeafEval<G> {
    /// The value of bottom position `pos` at `ply` (from the side to move) and the number of
    /// positions searched below it to find it (`qnodes`).
    pub fn value(&self, pos: &G, ply: u32) -> (Score, u64) {
        let mut ctx: Ctx<'static, G> = Ctx::new(&OPTIONS[2], &NO_LIMITS, None);
        let v = ctx.leaf(pos, ply as usize);
        (v, ctx.stats.qnodes)
    }

    /// [`LeafEval::value`], adding the positions searched below `pos` to `stats.qnodes`.
    #[inline]
    pub fn eval(&self, pos: &G, ply: u32, stats: &mut Stats) -> Score {
        let (v, q) = self.value(pos, ply);
        stats.qnodes += q;
        v
    }
}

/// A resumable alpha-beta search. See the module docs.
#[derive(Clone, Debug)]
pub struct Stepper<G: Game> {
    frames: Vec<Frame<G>>,
    /// The context's buffers between runs of steps.
    scratch: Scratch<G::Move>,
    top: usize,
    running: bool,
    ply0: u32,
    mode: StepperMode,
    preorder: bool,
    quiescence: bool,
    /// The check extension's bound: the depth of the whole search's root, when it is on.
    check_root: Option<u32>,
    /// Record the principal variation ([`Stepper::with_pv`]).
    keep_pv: bool,
    result: Option<Score>,
    best: Option<G::Move>,
    /// Counts since the stepper was created (accumulated over searches).
    pub stats: Stats,
}

impl<G: Game> Default for Stepper<G> {
    fn default() -> Self {
        Self::new(StepperMode::AlphaBeta, false)
    }
}

impl<G: Game> Stepper<G> {
    /// An idle stepper. `preorder` orders each node's successors by the game's ordering hint
    /// and then by their static values, best first (seed 000 §5: "moves were ordered
    /// best-first according to their static values"; the hint is 0 on synthetic trees), as
    /// the serial search with [`SearchOptions::hints`] and [`SearchOptions::preorder`] does.
    pub fn new(mode: StepperMode, preorder: bool) -> Self {
        Stepper {
            frames: Vec::new(),
            scratch: Scratch::default(),
            top: 0,
            running: false,
            ply0: 0,
            mode,
            preorder,
            quiescence: false,
            check_root: None,
            keep_pv: false,
            result: None,
            best: None,
            stats: Stats::default(),
        }
    }

    /// The same stepper keeping the principal variation ([`Stepper::pv`]): at every node the
    /// move that last raised α followed by that child's line.
    pub fn with_pv(mut self) -> Self {
        self.keep_pv = true;
        self
    }

    /// The same stepper valuing bottom positions by `leaf` (the quiescence search) when given.
    pub fn with_leaf(mut self, leaf: Option<LeafEval<G>>) -> Self {
        self.quiescence = leaf.is_some();
        self
    }

    /// The same stepper extending checks (module docs) in a search whose root, at ply 0, has
    /// depth `root_depth`; `None`: off.
    pub fn with_check_extension(mut self, root_depth: Option<u32>) -> Self {
        self.check_root = root_depth;
        self
    }

    /// The serial search's options this stepper runs with.
    pub fn options(&self) -> &'static SearchOptions {
        let bits = usize::from(self.preorder)
            | usize::from(self.quiescence) << 1
            | usize::from(self.check_root.is_some()) << 2;
        &OPTIONS[bits]
    }

    /// The principal variation of the finished search (empty unless [`Stepper::with_pv`]).
    pub fn pv(&self) -> &[G::Move] {
        if self.keep_pv {
            self.scratch.pv(self.ply0 as usize)
        } else {
            &[]
        }
    }

    /// Starts searching `root` to `depth` plies with `window`; `ply` is the root's distance from
    /// the root of the whole search (for distance-aware win/loss scores).
    pub fn start(&mut self, root: G, window: Window, depth: u32, ply: u32) {
        let frame = Frame {
            pos: root,
            alpha: window.alpha,
            beta: window.beta,
            left: depth,
            next: 0,
            n: 0,
        };
        if self.frames.is_empty() {
            self.frames.push(frame);
        } else {
            self.frames[0] = frame;
        }
        self.top = 0;
        self.ply0 = ply;
        self.running = true;
        self.result = None;
        self.best = None;
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
    pub fn step(&mut self) -> Step {
        self.with_ctx(|s, ctx| s.step_in(ctx))
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
        if self.running && *clock < until && *steps > 0 {
            self.with_ctx(|s, ctx| {
                while s.running && *clock < until && *steps > 0 {
                    match s.step_in(ctx) {
                        Step::Leaf => *clock += leaf,
                        Step::Interior => *clock += interior,
                        Step::Idle => {}
                    }
                    *steps -= 1;
                }
            });
        }
        !self.running
    }

    /// Runs the whole search at once; returns its value.
    pub fn finish(&mut self) -> Option<Score> {
        if self.running {
            self.with_ctx(|s, ctx| while s.step_in(ctx) != Step::Idle {});
        }
        self.result
    }

    /// Runs `f` with a context on this stepper's buffers, then takes the buffers back and adds
    /// the context's counts to [`Stepper::stats`].
    fn with_ctx<R>(&mut self, f: impl FnOnce(&mut Self, &mut Ctx<'static, G>) -> R) -> R {
        let scratch = std::mem::take(&mut self.scratch);
        let mut ctx = Ctx::resume(self.options(), &NO_LIMITS, None, scratch);
        if let Some(r) = self.check_root {
            ctx.set_root_depth(r);
        }
        let r = f(self, &mut ctx);
        self.stats += ctx.stats;
        self.scratch = ctx.take_scratch();
        r
    }

    /// Opens the node on top: a bottom position's value is returned to its parents, an interior
    /// node's first child pushed.
    #[inline]
    fn step_in(&mut self, ctx: &mut Ctx<'static, G>) -> Step {
        if !self.running {
            return Step::Idle;
        }
        let ply = (self.ply0 as usize) + self.top;
        let f = &mut self.frames[self.top];
        f.left = ctx.extend(&f.pos, f.left, ply);
        let opened = if ctx.is_lean() {
            ctx.open_with::<true>(&f.pos, f.left, ply)
        } else {
            ctx.open(&f.pos, f.left, ply)
        };
        // A context without limits never aborts (no deadline, no budget, no stop flag that
        // anyone could set).
        let Ok(node) = opened else {
            unreachable!("a stepper's context has no limits")
        };
        match node {
            Node::Leaf(v) => {
                self.ret(ctx, v);
                Step::Leaf
            }
            Node::Interior(n) => {
                f.n = n as u32;
                f.next = 0;
                if f.alpha >= f.beta {
                    let v = f.alpha;
                    self.ret(ctx, v);
                } else {
                    self.push_child(ctx);
                }
                Step::Interior
            }
        }
    }

    /// Pushes the next child of the frame on top (which has one and a nonempty window).
    #[inline]
    fn push_child(&mut self, ctx: &Ctx<'static, G>) {
        let k = self.top;
        let f = &mut self.frames[k];
        let mv = ctx.move_at(self.ply0 as usize + k, f.next as usize);
        f.next += 1;
        let child = Frame {
            pos: f.pos.play(mv),
            alpha: match self.mode {
                StepperMode::AlphaBeta => -f.beta,
                StepperMode::Bound => -Score::INF,
            },
            beta: -f.alpha,
            left: f.left - 1,
            next: 0,
            n: 0,
        };
        self.top = k + 1;
        if self.frames.len() <= self.top {
            self.frames.push(child);
        } else {
            self.frames[self.top] = child;
        }
    }

    /// The node on top has value `v`: pop it and feed `v` to its parents until one of them has
    /// another child to search (pushed) or the root is done.
    #[inline]
    fn ret(&mut self, ctx: &mut Ctx<'static, G>, mut v: Score) {
        loop {
            if self.top == 0 {
                self.result = Some(v);
                self.running = false;
                return;
            }
            self.top -= 1;
            let k = self.top;
            let ply = self.ply0 as usize + k;
            let f = &mut self.frames[k];
            let i = f.next as usize - 1;
            let t = -v;
            if t > f.alpha {
                f.alpha = t;
                if k == 0 {
                    self.best = Some(ctx.move_at(ply, i));
                }
                if self.keep_pv {
                    ctx.new_best(ply, i);
                }
            }
            if f.alpha >= f.beta {
                ctx.cutoff(&f.pos, ply, i, f.left);
                v = f.alpha;
                continue;
            }
            if f.next < f.n {
                self.push_child(ctx);
                return;
            }
            v = f.alpha;
        }
    }
}

/// Sorts a move list exactly as a [`Stepper`] with `preorder` does, by the serial search's
/// [`ordering::order`] (for masters that generate successors themselves).
pub fn preorder_moves<G: Game>(pos: &G, moves: &mut [G::Move]) {
    ordering::order(
        pos,
        moves,
        &mut Vec::new(),
        &mut Vec::new(),
        &mut Vec::new(),
        None,
        None,
        0,
        &OPTIONS[1],
        &OrderingState::empty(),
    );
}

#[cfg(test)]
mod tests;
