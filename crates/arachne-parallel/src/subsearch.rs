//! A processor's serial search of one subtree (the job of an EVALUATE): the slave of seed 000
//! §4.1, with its `catcher` for UPDATE messages, on two engines.
//!
//! * **Real backends** ([`Process::run`], threads): the job is
//!   searched by **`arachne-search`'s serial search** on the native position
//!   ([`falphabeta_tt`]: the fast alpha-beta loop, fail-soft, with a table), with the
//!   options of the search (ordering, quiescence, and whatever else [`SearchOptions`] carries).
//!   With quiescence it takes `falphabeta_tt_engine`'s loop, whose capture searches run in the node's
//!   window as the serial engine's (`aspiration`) do, several times cheaper than the
//!   full-window capture search that keeps every bottom value a pure function of its position
//!   (the stepper's): values at the root are the same.
//!   Its hook that polls the limits every few thousand nodes also reads the mailbox. An UPDATE
//!   that narrows the job's window is the catcher of §4.1, done by **abandoning and restarting**
//!   the search with the narrowed window: every subtree the abandoned search finished is in the
//!   processor's table (a bound that is true of the position at its draft, whatever the window
//!   it was searched with), so the restart walks back down the path it was on and goes on
//!   where it stopped, now with the narrower window at every level — the effect of §4.1's loop
//!   over `α[k]`, `β[k]` without a test in the serial search's inner loop. A window that
//!   becomes empty (a cutoff above) ends the job at once with value `α`, which its master
//!   reads as a fail high (no raise). A job never narrowed visits exactly the nodes of
//!   `falphabeta_tt` on that subtree with a fresh table (tested).
//! * **The simulator** runs the same serial search ([`Worker::Engine`], the default): each
//!   simulated processor's search runs as a coroutine of its own, advanced by the simulator
//!   from one look at the mailbox to the next and charged virtual time by its node counts
//!   (`subsearch/baton.rs`). A simulated processor thus visits a threads processor's nodes on the same job
//!   (tested), with every option the serial search takes, null move included.
//! * **The paper's slave** ([`Worker::Stepper`], `worker=stepper` in an algorithm's spec, the
//!   simulator only): the resumable [`Stepper`], plain alpha-beta advanced one node at a time,
//!   UPDATEs applied between two nodes at the virtual time they arrive — §4.1's catcher to the
//!   letter. It is what the experiments that reproduce the papers' tables run. It has no null
//!   move. `bound` (Pbound's slaves) always runs on it.
//!
//! The two return the same values (both exact inside the final window, bounds outside it);
//! their node counts differ (the serial search orders by the table after a restart and
//! is fail-soft).
//!
//! A processor keeps its killer and history tables ([`OrderingState`]) from one job to the
//! next when its options ask for them (`--ordering`): its jobs are neighbouring subtrees of one
//! search, where the same quiet moves refute, as a serial search keeps them across its whole
//! tree. A job's node count then depends on the jobs the processor searched before it.
//!
//! On MPI every position of the search is a [`Pathed`] one (it travels as its path). A
//! processor's serial search still runs on the game's own position ([`PathedSerial`], chosen
//! through [`register_native`]): the path is copied at every move only in the masters' part of
//! the tree, not in the subtrees where nearly all nodes are.
//!
//! Each processor's table holds [`SLAVE_TT_MIB`] MiB at most (less when the search asks for a
//! smaller one), allocated at its first job; on a game without transpositions it holds
//! [`RESTART_TT_SLOTS`] slots and serves the restarts only ([`RESTART_TT_MIN_DEPTH`]). Without one
//! (allocation failed) a restart searches its job again from scratch, still exactly.
use arachne_core::{Game, Limits, Score, Stats, StopReason, TranspositionTable, Window};
use arachne_runtime::{Env, Mailbox, Process, Stopping};
use arachne_runtime::{PMove, Pathed};
use arachne_search::alphabeta::falphabeta_tt;
use arachne_search::context::{Ctx, Scratch};
use arachne_search::ordering::OrderingState;
use arachne_search::stepper::{LeafEval, Stepper, StepperMode};
use arachne_search::SearchOptions;
use std::any::{Any, TypeId};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

mod baton;
use baton::Baton;

/// Which search a simulated processor runs its jobs with (module docs).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Worker {
    /// The serial search of the real backends, as a coroutine of its own on the simulator
    /// (`subsearch/baton.rs`).
    #[default]
    Engine,
    /// The resumable stepper: the paper's slave, one node at a time.
    Stepper,
}

/// Size (MiB) of the table the processors of one machine share ([`machine_table`]): the serial
/// search's default (`SearchOptions::tt_mib`), the table of the baseline it is measured
/// against. It was 64; mapped up front ([`TranspositionTable::prefault`]) 16 cost 0.02 s less
/// CPU on LCT II #1/#5/#9 at depth 7 (0.29/0.21/0.23 → 0.26/0.18/0.22 s, loaded) and checkers
/// bench 2/4/6 at depth 14, on nodes within 5 % either way.
pub(crate) const SHARED_TABLE_MIB: usize = 16;

/// The table the processors of one machine share on real backends (tree-split's and
/// type-guided's): their serial searches ([`SubSearch::with_table`]) and tree-split's masters
/// store into it and read from it. `None` when it cannot be allocated: each processor then
/// makes its own.
pub(crate) fn machine_table<G: Game>() -> Option<Arc<TranspositionTable>> {
    let t = TranspositionTable::try_with_mib(SHARED_TABLE_MIB).ok()?;
    // Mapped before the threads start ([`TranspositionTable::prefault`]: mapped by their
    // probes, its pages' first stores flushed every core's TLB, 34 % of the samples on LCT II
    // #1 at depth 7). Not on a game without transpositions, whose serial searches do not use
    // the table ([`Serial`]): there only tree-split's masters' few entries are stored, and
    // mapping the table cost more than their faults (`incremental:b=10,d=11`, 64 MiB: +0.03 s
    // of system time on 0.17 s).
    if G::TRANSPOSITIONS {
        t.prefault();
    }
    Some(Arc::new(t))
}

/// Most table (MiB) a processor's serial search allocates.
pub(crate) const SLAVE_TT_MIB: usize = 8;

/// The table (slots: 64 KiB) of a processor on a game without transpositions (the synthetic
/// trees), which keeps only what a restart needs ([`RESTART_TT_MIN_DEPTH`]). Small enough to
/// come from the heap: a table of 1 MiB, mapped from the kernel and unmapped at the end of
/// every simulated search, made `arachne-parallel`'s test suite spend 3 minutes in the kernel
/// (`exact::incremental_trees_exact`: 239 s, of which 176 s system time).
pub(crate) const RESTART_TT_SLOTS: usize = 4096;

/// On a game without transpositions a processor's table is used only at this many plies left
/// or more: a restart (an UPDATE that narrowed the job's window, module docs) then walks past
/// the subtrees of that height the abandoned search finished, instead of searching the whole
/// job again; and the probes and stores, at one node in `b⁴` or fewer of a job, cost nothing
/// measurable. (Below this height a table saves nothing on such a game: every node is its
/// own position. Used at every height, its probes and stores tripled a job's time on
/// `incremental:b=10,d=11`; with no table at all, every restart searched its job again,
/// which cost tree-split on the simulator at P = 64 on `incremental:b=10,d=12` 8.2 → 3.3×.)
pub(crate) const RESTART_TT_MIN_DEPTH: u32 = 4;

/// Shallowest remaining depth at which a processor's serial search uses its table when
/// nothing else orders or extends its nodes: below it the search takes `alphabeta`'s lean
/// loop ([`Ctx::lean_below`]), as fast per node as the serial `alphabeta`. The environment
/// variable `ARACHNE_SLAVE_TT_DEPTH` overrides it and [`SLAVE_TT_MIN_DEPTH_ORDERED`] (for
/// measurements).
pub(crate) const SLAVE_TT_MIN_DEPTH: u32 = 4;

/// The same with an ordering option or quiescence (`--ordering` on chess): the table's moves
/// order the nodes down to two plies left, as in the serial `falphabeta_tt`
/// (LCT II #1/#5/#9 at depth 7, `tree-split:id=1,pv=1 --procs 3`: 1.0–1.4 M nodes with 2
/// against 1.9–2.2 M with 4).
pub(crate) const SLAVE_TT_MIN_DEPTH_ORDERED: u32 = 2;

fn tt_min_depth_override() -> Option<u32> {
    static D: std::sync::OnceLock<Option<u32>> = std::sync::OnceLock::new();
    *D.get_or_init(|| {
        std::env::var("ARACHNE_SLAVE_TT_DEPTH")
            .ok()
            .and_then(|v| v.parse().ok())
    })
}

/// What a processor's mailbox hook tells a running serial search ([`SubSearch::run_blocking`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Poll {
    /// Go on.
    Go,
    /// An UPDATE for this job: intersect the job's window with this one.
    Update(Window),
    /// The run is stopping: unwind at once.
    Stop,
}

#[derive(Clone, Debug)]
struct Job<G> {
    pos: G,
    depth: u32,
    ply: u32,
    window: Window,
}

/// The options of a processor's serial search.
#[derive(Clone, Debug)]
pub(crate) struct SerialSpec {
    /// `alphabeta` or `bound` (the simulator's stepper; `bound` has no serial-search form and
    /// always runs on the stepper).
    pub mode: StepperMode,
    /// The serial search's options (`preorder`/`hints` also order the stepper).
    pub opts: SearchOptions,
    /// The depth of the whole search's root, the check extension's bound (with
    /// `opts.check_extension`; `None`: a job's `depth + ply`, right while nothing above it was
    /// extended).
    pub root_depth: Option<u32>,
    /// The search of a simulated processor (real backends always run the serial search).
    pub worker: Worker,
}

impl SerialSpec {
    /// `alphabeta` with the given ordering and quiescence, nothing else. `preorder` orders
    /// every node as the serial search's `--ordering` does: on real backends the game's hint,
    /// the table's move, killers and history (which a processor keeps from one job to the next,
    /// module docs) — not static values, whose evaluation of every successor at every node cost
    /// more than it saved (LCT II, depth 7, `tree-split:id=1,pv=1`: 0.66–0.73× `aspiration` with
    /// them, on fewer nodes than `aspiration`'s); the simulator's stepper orders by the hint and
    /// static values ([`SerialSpec::preorder`]).
    pub(crate) fn new(mode: StepperMode, preorder: bool, quiescence: bool) -> Self {
        SerialSpec {
            mode,
            opts: SearchOptions {
                preorder: false,
                hints: preorder,
                killers: preorder,
                history: preorder,
                quiescence,
                ..SearchOptions::default()
            },
            root_depth: None,
            worker: Worker::Engine,
        }
    }

    /// The same spec with the engine options of `e` (check extension, null move).
    pub(crate) fn with_engine(mut self, e: crate::slave::Engine) -> Self {
        self.opts.check_extension = e.check_root.is_some();
        self.opts.null_move = e.null_move;
        self.root_depth = e.check_root;
        self.worker = e.worker;
        self
    }

    /// Static ordering (the stepper's `preorder`).
    pub(crate) fn preorder(&self) -> bool {
        self.opts.preorder || self.opts.hints
    }

    /// Shallowest remaining depth at which the serial search uses its table
    /// ([`SLAVE_TT_MIN_DEPTH`], [`SLAVE_TT_MIN_DEPTH_ORDERED`]).
    #[cfg(test)]
    pub(crate) fn tt_min_depth(&self) -> u32 {
        tt_min_depth_of(&self.opts)
    }

    /// The options the serial search runs with on `G`. A game without a history index
    /// (`Game::HISTORY_SIZE == 0`: the synthetic trees, which have no hint either) is ordered
    /// by static values instead of the dynamic options: there the successors' values come with
    /// the move and cost nothing, while killers and history gained nothing and cost the lean
    /// loop. Serial `alphabeta` on `incremental:b=10,d=11`, seeds 1–3: 379 / 542 / 361 ms
    /// plain, 1 152 / 1 559 / 846 ms with `--ordering`, 114 / 129 / 111 ms with `--preorder`.
    /// The request to order is honoured either way (the nodes change, the value does not).
    pub(crate) fn options_for<G: Game>(&self) -> std::borrow::Cow<'_, SearchOptions> {
        let o = &self.opts;
        if G::HISTORY_SIZE == 0 && (o.hints || o.killers || o.history) {
            std::borrow::Cow::Owned(SearchOptions {
                preorder: true,
                hints: false,
                killers: false,
                history: false,
                ..o.clone()
            })
        } else {
            std::borrow::Cow::Borrowed(o)
        }
    }
}

/// [`SerialSpec::tt_min_depth`] for the options `o`.
fn tt_min_depth_of(o: &SearchOptions) -> u32 {
    {
        let ordered = o.preorder
            || o.hints
            || o.killers
            || o.history
            || o.quiescence
            || o.null_move
            || o.check_extension;
        tt_min_depth_override().unwrap_or(if ordered {
            SLAVE_TT_MIN_DEPTH_ORDERED
        } else {
            SLAVE_TT_MIN_DEPTH
        })
    }
}

/// A processor's subtree search. See the module docs.
#[derive(Clone, Debug)]
pub(crate) struct SubSearch<G: Game> {
    spec: Arc<SerialSpec>,
    /// Boxed: a slave stays small beside its masters in one enum.
    stepper: Box<Stepper<G>>,
    job: Option<Job<G>>,
    /// The job runs on the stepper (started by [`SubSearch::work_steps`]).
    stepping: bool,
    tt: Option<Arc<TranspositionTable>>,
    tt_tried: bool,
    /// The serial search of the jobs on real backends, made at the first job: it keeps its
    /// killers and history from one job to the next.
    engine: Engine<G>,
    /// Counts of the serial searches (the stepper counts its own).
    serial_stats: Stats,
    result: Option<Score>,
    /// The principal line of the job that just finished, from its position (best move first;
    /// empty where unknown).
    pv: Vec<G::Move>,
    /// The position of the job in progress or just finished (its line starts there).
    from: Option<G>,
    /// Write the table's pages at its allocation (real backends; not a simulated processor's).
    prefault: bool,
    /// The simulator's worker ([`Worker::Engine`]), started at the first job.
    baton: BatonCell<G>,
    /// The job was handed to the worker.
    handed: bool,
}

/// A simulated processor's worker; a clone starts without one.
struct BatonCell<G: Game>(Option<Box<Baton<G>>>);

impl<G: Game> Clone for BatonCell<G> {
    fn clone(&self) -> Self {
        BatonCell(None)
    }
}

impl<G: Game> std::fmt::Debug for BatonCell<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Baton(on)"
        } else {
            "Baton(off)"
        })
    }
}

impl<G: Game> SubSearch<G> {
    /// An idle subtree search.
    pub(crate) fn new(spec: Arc<SerialSpec>) -> Self {
        let leaf = spec
            .opts
            .quiescence
            .then(crate::subsearch::quiescence_leaf::<G>);
        SubSearch {
            stepper: Box::new(
                Stepper::new(spec.mode, spec.preorder())
                    .with_pv()
                    .with_leaf(leaf)
                    .with_check_extension(
                        spec.opts
                            .check_extension
                            .then_some(spec.root_depth)
                            .flatten(),
                    ),
            ),
            spec,
            job: None,
            stepping: false,
            tt: None,
            tt_tried: false,
            engine: Engine(None),
            serial_stats: Stats::default(),
            result: None,
            pv: Vec::new(),
            from: None,
            prefault: true,
            baton: BatonCell(None),
            handed: false,
        }
    }

    /// The options of this search.
    pub(crate) fn spec(&self) -> Arc<SerialSpec> {
        Arc::clone(&self.spec)
    }

    /// Makes this search use `table` (shared with other processors of the same run on one
    /// machine) instead of a table of its own. Not on a game without transpositions: there the
    /// processor keeps a small table of its own for its restarts ([`RESTART_TT_SLOTS`], mapped
    /// up front), since the shared one is not mapped up front on such a game (`tree_split`)
    /// and the first store to each of its pages flushed every core's TLB (tree-split at 3
    /// processors on threads, `incremental:b=10,d=11` seeds 1–3, loaded: 336–432 ms a round on
    /// the shared table, 234–299 ms on its own).
    pub(crate) fn with_table(mut self, table: Option<Arc<TranspositionTable>>) -> Self {
        if table.is_some() && G::TRANSPOSITIONS {
            self.tt = table;
            self.tt_tried = true;
        }
        self
    }

    /// This search with the options of `spec`, on the table it shares
    /// ([`SubSearch::with_table`]), which a new search would drop.
    pub(crate) fn respec(self, spec: Arc<SerialSpec>) -> Self {
        SubSearch {
            tt: self.tt,
            tt_tried: self.tt_tried,
            prefault: self.prefault,
            ..SubSearch::new(spec)
        }
    }

    /// True when this search runs on `table` (tests).
    #[cfg(test)]
    pub(crate) fn shares(&self, table: &Arc<TranspositionTable>) -> bool {
        self.tt.as_ref().is_some_and(|t| Arc::ptr_eq(t, table))
    }

    /// Starts searching `pos` to `depth` plies with `window`; `ply` is its distance from the root.
    pub(crate) fn start(&mut self, pos: G, window: Window, depth: u32, ply: u32) {
        self.from = Some(pos.clone());
        self.job = Some(Job {
            pos,
            depth,
            ply,
            window,
        });
        self.stepping = false;
        self.handed = false;
        self.result = None;
        self.pv.clear();
    }

    /// True while a job is in progress.
    #[inline]
    pub(crate) fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// The catcher: narrows the job's window (for the root of the job).
    pub(crate) fn update(&mut self, window: Window) {
        if let Some(job) = &mut self.job {
            job.window = intersect(job.window, window);
            if self.stepping {
                self.stepper.update(window);
            }
        }
    }

    /// The job's root `α` as far as known: the stepper's, or the (narrowed) window's.
    pub(crate) fn root_alpha(&self) -> Option<Score> {
        let job = self.job.as_ref()?;
        if self.stepping {
            self.stepper.root_alpha()
        } else {
            Some(job.window.alpha)
        }
    }

    /// The value of the job that just finished (relative to its final window).
    pub(crate) fn result(&self) -> Option<Score> {
        self.result
    }

    /// The best move of the job that just finished, where known.
    pub(crate) fn best_move(&self) -> Option<G::Move> {
        self.pv.first().copied()
    }

    /// The principal line of the job that just finished, from its position, where known: the
    /// best move, then the line below it as far as the serial search kept it (a table cutoff
    /// ends it). Meaningful when the value lies strictly inside the job's final window.
    pub(crate) fn pv(&self) -> &[G::Move] {
        &self.pv
    }

    /// [`SubSearch::pv`] from the job's position, as a VALUE carries it.
    pub(crate) fn line(&self) -> Option<crate::slave::Line<G>> {
        crate::slave::Line::of(self.from.as_ref(), &self.pv)
    }

    /// Counts so far.
    pub(crate) fn stats(&self) -> Stats {
        self.stepper.stats + self.serial_stats
    }

    /// True if this processor's serial search runs on the wrapped game's own positions
    /// ([`register_native`]; known from its first job on a real backend).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) fn native(&self) -> bool {
        self.engine.0.as_ref().is_some_and(|e| e.native())
    }

    /// Simulator: advances the job on the stepper under `env`'s cost model; true when it has
    /// just finished.
    pub(crate) fn work_steps<M>(
        &mut self,
        env: &mut Env<'_, M>,
        until: f64,
        max_steps: u64,
    ) -> bool {
        if self.spec.worker == Worker::Engine && self.spec.mode == StepperMode::AlphaBeta {
            return self.work_worker(env, until);
        }
        let Some(job) = &self.job else {
            return false;
        };
        if !self.stepping {
            self.stepper
                .start(job.pos.clone(), job.window, job.depth, job.ply);
            self.stepping = true;
        }
        if crate::slave::run_stepper(&mut self.stepper, env, until, max_steps) {
            self.result = self.stepper.result();
            self.pv.clear();
            self.pv.extend_from_slice(self.stepper.pv());
            self.job = None;
            self.stepping = false;
            return true;
        }
        false
    }

    /// Simulator, [`Worker::Engine`]: runs the worker's search stretch by stretch while the
    /// processor's clock is before `until` (`subsearch/baton.rs`); true when the job has just finished.
    /// A stretch that starts before `until` runs to its end, as the stepper's node does: what
    /// arrives meanwhile is read at its end, the search's next look at the mailbox.
    /// (`max_steps` does not apply: the worker advances from one look at the mailbox to the
    /// next.)
    fn work_worker<M>(&mut self, env: &mut Env<'_, M>, until: f64) -> bool {
        while env.clock < until {
            let Some(job) = &self.job else {
                return false;
            };
            let window = job.window;
            let start = (!self.handed).then(|| job.clone());
            self.handed = true;
            let (spec, tt) = (&self.spec, &self.tt);
            let baton = self
                .baton
                .0
                .get_or_insert_with(|| Box::new(Baton::spawn(Arc::clone(spec), tt.clone())));
            let slice = baton.advance(start, window, env.clock, env.cost);
            env.busy += slice.end - env.clock;
            env.clock = slice.end;
            self.serial_stats += slice.stats;
            if let Some((value, pv)) = slice.done {
                self.result = value;
                self.pv = pv;
                self.job = None;
                self.handed = false;
                return true;
            }
        }
        false
    }

    /// True when the job can run on the serial search ([`SubSearch::run_blocking`]).
    pub(crate) fn can_block(&self) -> bool {
        self.spec.mode == StepperMode::AlphaBeta && !self.stepping
    }

    /// Real backends: searches the job to its end with the serial search. `poll(nodes)` is
    /// called every few thousand nodes with this search's node count so far ([`SubSearch::stats`]
    /// included) and says what arrived. Returns true when the job finished ([`SubSearch::result`]),
    /// false when the run is stopping (the job is dropped).
    pub(crate) fn run_blocking(&mut self, poll: &mut dyn FnMut(u64) -> Poll) -> bool {
        self.run_with(&mut |s: &Stats| poll(s.nodes() + s.qnodes))
    }

    /// [`SubSearch::run_blocking`] whose `poll` gets this search's counts so far.
    pub(crate) fn run_with(&mut self, poll: &mut dyn FnMut(&Stats) -> Poll) -> bool {
        debug_assert!(self.can_block());
        // A game without transpositions (the synthetic trees) gets a small table, for its
        // restarts only ([`RESTART_TT_MIN_DEPTH`]).
        if !self.tt_tried {
            self.tt_tried = true;
            let tt = if G::TRANSPOSITIONS {
                let mib = self.spec.opts.tt_mib.clamp(1, SLAVE_TT_MIB);
                TranspositionTable::try_with_mib(mib).ok()
            } else {
                TranspositionTable::try_with_slots(RESTART_TT_SLOTS)
            };
            self.tt = tt.map(Arc::new);
            // Its pages mapped now, written first: mapped by a probe, a page's first store
            // would flush the TLB of every core the run's threads are on
            // ([`TranspositionTable::prefault`]).
            if let Some(t) = self.tt.as_deref().filter(|_| self.prefault) {
                t.prefault();
            }
        }
        let tt = self.tt.clone();
        let spec = Arc::clone(&self.spec);
        let run_opts = spec.options_for::<G>();
        let engine = self.engine.0.get_or_insert_with(engine_for::<G>);
        let Some(mut job) = self.job.take() else {
            return true;
        };
        loop {
            if job.window.alpha >= job.window.beta {
                // A cutoff above: the job is of no use (its master reads α as a fail high).
                self.result = Some(job.window.alpha);
                self.pv.clear();
                return true;
            }
            let window = job.window;
            // The nominal depth of the whole search, for the bound on check extensions.
            let limits = Limits::depth(self.spec.root_depth.unwrap_or(job.depth + job.ply));
            let base = self.stepper.stats + self.serial_stats;
            let narrowed: Cell<Option<Window>> = Cell::new(None);
            let stop = Cell::new(false);
            let poll_cell = RefCell::new(&mut *poll);
            let hook = |_fresh: u64, now: &Stats| -> Option<StopReason> {
                let total = base + *now;
                let mut w = narrowed.get().unwrap_or(window);
                loop {
                    match (poll_cell.borrow_mut())(&total) {
                        Poll::Go => break,
                        Poll::Stop => {
                            stop.set(true);
                            return Some(StopReason::Stopped);
                        }
                        Poll::Update(u) => w = intersect(w, u),
                    }
                }
                if w != window {
                    narrowed.set(Some(w));
                    return Some(StopReason::Stopped);
                }
                None
            };
            let run = JobRun {
                depth: job.depth,
                ply: job.ply as usize,
                window,
                limits: &limits,
                opts: &run_opts,
                tt: tt.as_deref(),
                hook: &hook,
            };
            let (r, stats, pv) = engine.search(&job.pos, &run);
            self.serial_stats += stats;
            match r {
                Some(v) => {
                    self.result = Some(v);
                    self.pv = pv;
                    return true;
                }
                None if stop.get() => return false,
                None => {
                    // Narrowed: search again with the narrower window (module docs).
                    if let Some(w) = narrowed.get() {
                        job.window = intersect(job.window, w);
                    }
                }
            }
        }
    }
}

/// One serial search of a job, as [`SubSearch::run_blocking`] asks it of its [`JobSearch`].
pub(crate) struct JobRun<'a> {
    /// Plies to search.
    pub depth: u32,
    /// Distance of the job's position from the root.
    pub ply: usize,
    /// The job's window.
    pub window: Window,
    /// The whole search's nominal depth (the check extension's bound).
    pub limits: &'a Limits,
    /// The serial search's options ([`SerialSpec::options_for`]).
    pub opts: &'a SearchOptions,
    /// The processor's table.
    pub tt: Option<&'a TranspositionTable>,
    /// Polls the mailbox every few thousand nodes (with the nodes since its last call and the
    /// search's counts so far); `Some` stops the search.
    pub hook: &'a dyn Fn(u64, &Stats) -> Option<StopReason>,
}

/// A processor's serial search of its jobs ([`SubSearch::run_blocking`]): on the position
/// itself ([`Serial`]), or on the position a wrapper stands for ([`PathedSerial`]: MPI's
/// [`Pathed`] positions are searched as the game's own, see [`register_native`]).
pub(crate) trait JobSearch<G: Game>: Send {
    /// Searches `pos` as `run` says: its value (`None`: stopped by the hook), the nodes it
    /// visited and its principal line from `pos` as far as known (best move first).
    fn search(&mut self, pos: &G, run: &JobRun<'_>) -> (Option<Score>, Stats, Vec<G::Move>);

    /// True if this search runs on a position other than `G` (the wrapped game's).
    fn native(&self) -> bool {
        false
    }
}

/// The serial search on the position itself: [`falphabeta_tt`] with the processor's scratch
/// buffers and its killers and history, kept from one job to the next.
pub(crate) struct Serial<G: Game> {
    scratch: Option<Scratch<G::Move>>,
    ordering: Option<Box<OrderingState<G::Move>>>,
}

impl<G: Game> Default for Serial<G> {
    fn default() -> Self {
        Serial {
            scratch: None,
            ordering: None,
        }
    }
}

impl<G: Game> JobSearch<G> for Serial<G> {
    fn search(&mut self, pos: &G, run: &JobRun<'_>) -> (Option<Score>, Stats, Vec<G::Move>) {
        let scratch = self.scratch.take().unwrap_or_default();
        // A game without transpositions (the synthetic trees) uses the table for its restarts
        // only, at the top of the job ([`RESTART_TT_MIN_DEPTH`]).
        let min_depth = if G::TRANSPOSITIONS {
            tt_min_depth_of(run.opts)
        } else {
            tt_min_depth_of(run.opts).max(RESTART_TT_MIN_DEPTH)
        };
        let mut ctx = Ctx::with_scratch(run.opts, run.limits, run.tt, scratch)
            .with_abort(run.hook)
            .with_tt_min_depth(min_depth);
        if let Some(o) = self.ordering.take() {
            ctx.set_ordering(*o);
        }
        // With quiescence, each bottom position's capture search runs in the node's window
        // (`falphabeta_tt` takes the engine's loop then).
        let (a, b) = (run.window.alpha, run.window.beta);
        let r = falphabeta_tt(&mut ctx, pos, run.depth, run.ply, a, b);
        let r = ctx.settle(r);
        let pv = ctx.pv(run.ply).to_vec();
        let stats = ctx.stats;
        self.scratch = Some(ctx.take_scratch());
        if run.opts.killers || run.opts.history {
            self.ordering = Some(Box::new(ctx.take_ordering()));
        }
        (r.ok(), stats, pv)
    }
}

/// The serial search of a [`Pathed`] position on the wrapped game's own position: the same
/// nodes in the same order (every hook of `Pathed` forwards to the wrapped game, and the
/// table stores moves by their generation index, the same in both), without the path that
/// `Pathed` copies at every move (1.7–2.4× the time per node on the synthetic trees, module
/// docs of [`arachne_runtime::pathed`]). The line's moves are found among the moves of the
/// positions along it.
pub(crate) struct PathedSerial<H: Game>(Serial<H>);

impl<H: Game> Default for PathedSerial<H> {
    fn default() -> Self {
        PathedSerial(Serial::default())
    }
}

impl<H: Game> JobSearch<Pathed<H>> for PathedSerial<H> {
    fn search(
        &mut self,
        pos: &Pathed<H>,
        run: &JobRun<'_>,
    ) -> (Option<Score>, Stats, Vec<PMove<H>>) {
        let (r, stats, line) = self.0.search(pos.inner(), run);
        let mut pv = Vec::with_capacity(line.len());
        let mut at = pos.clone();
        let mut moves = Vec::new();
        for m in line {
            at.moves(&mut moves);
            let Some(&p) = moves.iter().find(|p| p.mv == m) else {
                break;
            };
            pv.push(p);
            at = at.play(p);
        }
        (r, stats, pv)
    }

    fn native(&self) -> bool {
        true
    }
}

type Factory = fn() -> Box<dyn Any + Send>;

fn natives() -> &'static Mutex<HashMap<TypeId, Factory>> {
    static N: OnceLock<Mutex<HashMap<TypeId, Factory>>> = OnceLock::new();
    N.get_or_init(Default::default)
}

/// Makes the processors of every later search on [`Pathed<H>`] positions (MPI's) run their
/// jobs' serial searches on `H`'s own positions ([`PathedSerial`]). A processor's subtree
/// search is generic over its game and cannot tell a `Pathed` one from another without this
/// (Rust has no specialization), so the MPI backend registers each game it wraps, as it
/// registers its wire encodings. Idempotent.
pub(crate) fn register_native<H: Game>() {
    fn make<H: Game>() -> Box<dyn Any + Send> {
        let e: Box<dyn JobSearch<Pathed<H>>> = Box::new(PathedSerial::<H>::default());
        Box::new(e)
    }
    let mut n = natives().lock().unwrap_or_else(|e| e.into_inner());
    n.insert(TypeId::of::<Pathed<H>>(), make::<H>);
}

/// The serial search for positions of `G`: the registered native one, or [`Serial`].
fn engine_for<G: Game>() -> Box<dyn JobSearch<G>> {
    let factory = natives()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&TypeId::of::<G>())
        .copied();
    factory
        .and_then(|f| f().downcast::<Box<dyn JobSearch<G>>>().ok())
        .map(|b| *b)
        .unwrap_or_else(|| Box::new(Serial::<G>::default()))
}

/// A processor's [`JobSearch`], made at its first job on a real backend. A clone starts
/// without one (it makes its own, with fresh killers and history).
struct Engine<G: Game>(Option<Box<dyn JobSearch<G>>>);

impl<G: Game> Clone for Engine<G> {
    fn clone(&self) -> Self {
        Engine(None)
    }
}

impl<G: Game> std::fmt::Debug for Engine<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            None => f.write_str("Engine(none)"),
            Some(e) if e.native() => f.write_str("Engine(native)"),
            Some(_) => f.write_str("Engine(serial)"),
        }
    }
}

/// The catcher for a master's local search: `search` narrows at once, or, while it runs on
/// the serial search ([`Process::run`], taken out of its master,
/// `None` here), at its next look at the mailbox (`pending`).
pub(crate) fn update_or_defer<G: Game>(
    search: &mut Option<SubSearch<G>>,
    pending: &mut Option<Window>,
    w: Window,
) {
    match search {
        Some(l) => l.update(w),
        None => defer(pending, w),
    }
}

/// A master's mailbox hook while its own search runs ([`SubSearch::run_blocking`]): every
/// waiting message goes to the master's [`Process::on_message`], the node count published being
/// the master's own plus `nodes`, those of the search out running. `Err` when the run stops.
pub(crate) fn deliver_waiting<P: Process>(
    master: &mut P,
    env: &mut Env<'_, P::Msg>,
    mailbox: &mut dyn Mailbox<P::Msg>,
    nodes: u64,
) -> Result<(), Stopping> {
    while let Some((from, msg)) = mailbox.poll(env, master.stats().nodes() + nodes)? {
        master.on_message(from, msg, env);
    }
    Ok(())
}

/// Records `w` for a search that is out running ([`update_or_defer`]).
pub(crate) fn defer(pending: &mut Option<Window>, w: Window) {
    *pending = Some(match *pending {
        Some(p) => intersect(p, w),
        None => w,
    });
}

/// The catcher's intersection of two windows for the same node.
fn intersect(a: Window, b: Window) -> Window {
    Window::new(a.alpha.max(b.alpha), a.beta.min(b.beta))
}

/// `arachne-search`'s quiescence search as a bottom-position evaluator for the steppers
/// ([`LeafEval::quiescence`]: [`Ctx::leaf`](arachne_search::context::Ctx::leaf) with
/// `quiescence` on, the capture search with its own full window, so the value does not depend
/// on the caller's window).
pub(crate) fn quiescence_leaf<G: Game>() -> LeafEval<G> {
    LeafEval::quiescence()
}

#[cfg(test)]
mod tests;
