//! A simulated processor's serial search: the real backends' search, run as a coroutine of its
//! own and advanced by the simulator from one look at the mailbox to the next.
//!
//! Virtual time needs work that the simulator can interleave with messages, and the serial
//! search (`falphabeta_tt` with the options of the run: ordering, quiescence, null move, check
//! extension) is a recursion that cannot be suspended. So each simulated processor that runs
//! jobs keeps one **worker**: a stackful coroutine ([`corosensei`]) on a stack of its own
//! (taken from a pool of stacks kept between runs), holding the same [`SubSearch`] a threads or
//! MPI processor holds (its table, its killers and history). The worker runs on the
//! simulator's thread and only when the simulator resumes it, so the run stays deterministic.
//!
//! * The worker searches until its search polls the mailbox (every 2 048 positions, where a
//!   real processor looks at its mailbox too) or ends, reports its counts, and suspends.
//! * The simulator charges the virtual time of that stretch ([`Slice::cost`]: the cost model's
//!   interior and bottom-node costs; capture-search positions are in the measured per-node cost
//!   and charged nothing, as the stepper and the Key Node Method's grains charge them): a
//!   stretch that starts before the simulator's horizon runs to its end, as a stepper's node
//!   does, and messages delivered meanwhile are handled after it.
//! * The next stretch goes on with the job's window as the messages delivered by then left it:
//!   an UPDATE is read where a real processor reads it, at the next look at the mailbox, and a
//!   window that narrowed restarts the search exactly as on threads
//!   ([`SubSearch::run_blocking`]).
//!
//! The worker's nodes on a job are therefore the threads processor's on the same job with the
//! same window (tested); only the moments an UPDATE arrives can differ, as they differ from one
//! threads run to the next. A switch between the simulator and a worker is a few register
//! saves, not a wake-up of another thread: on the small jobs of the tests' random trees, where
//! a job is a few dozen positions, a thread per worker spent more time waking than searching.
//! A panic in a worker's search propagates to the simulator's thread, as a panic of a process.
use super::{Job, Poll, SerialSpec, SubSearch};
use arachne_core::{Game, Score, Stats, TranspositionTable, Window};
use arachne_runtime::CostModel;
use corosensei::stack::DefaultStack;
use corosensei::{Coroutine, CoroutineResult, Yielder};
use std::sync::Arc;

enum Cmd<G: Game> {
    /// Search this job until the next look at the mailbox.
    Start(Job<G>),
    /// Go on to the next look at the mailbox with the job's window now this.
    Resume(Window),
    /// The run is over: drop the job under way and end.
    Stop,
}

enum Report<G: Game> {
    /// The search looked at its mailbox; the worker's counts so far.
    Paused(Stats),
    /// The job ended with this value and principal line; the worker's counts so far.
    Done(Option<Score>, Vec<G::Move>, Stats),
}

/// A worker: resumed with a command, it suspends with a report at the search's next look at
/// the mailbox or at the job's end, and returns once stopped.
type Worker<G> = Coroutine<Cmd<G>, Report<G>, (), DefaultStack>;

/// The simulator's end of a worker ([`SubSearch::work_steps`]). Dropping it stops the worker
/// (its search reads the run as stopping at the look at the mailbox it is suspended at) and
/// gives its stack back to the pool.
pub(super) struct Baton<G: Game> {
    worker: Option<Worker<G>>,
    /// The worker's counts at its last report.
    seen: Stats,
}

// SAFETY: a `Coroutine` is not `Send` because the values on its stack might not be. A worker's
// stack holds, whenever it is suspended (at a look at the mailbox or between two jobs), only
// the worker's closure and the serial search's frames: its `SubSearch<G>`, its job, the
// positions and moves of the path (`G: Game` is `Send`), counts, windows, and references into
// that same stack. The search keeps no borrow of a thread-local across a look at the mailbox.
// So moving a suspended worker to another thread with its `Baton` moves only `Send` data.
unsafe impl<G: Game> Send for Baton<G> {}

/// The types on a suspended worker's stack are `Send` for every game (checked by the compiler:
/// a generic function's bounds are checked without an instance), as the `unsafe impl` above
/// requires.
#[allow(dead_code)]
fn worker_state_is_send<G: Game>() {
    fn send<T: Send>() {}
    send::<SubSearch<G>>();
    send::<Job<G>>();
    send::<Cmd<G>>();
    send::<Report<G>>();
    send::<G>();
}

/// A stretch of the worker's search between two looks at the mailbox.
#[derive(Clone, Debug)]
pub(super) struct Slice<M> {
    /// Its counts.
    pub stats: Stats,
    /// The virtual time of its end (its start plus its cost, [`Slice::cost`]).
    pub end: f64,
    /// `Some((value, line))` when the job ended with it.
    pub done: Option<(Option<Score>, Vec<M>)>,
}

impl<M> Slice<M> {
    /// The virtual time of `stats` under `cost`.
    pub(crate) fn cost(stats: &Stats, cost: &CostModel) -> f64 {
        stats.interior as f64 * cost.interior + stats.leaves as f64 * cost.leaf
    }
}

impl<G: Game> Baton<G> {
    /// A worker with a subtree search of `spec` (sharing `table`, if given).
    pub(crate) fn spawn(spec: Arc<SerialSpec>, table: Option<Arc<TranspositionTable>>) -> Self {
        let body = move |yielder: &Yielder<Cmd<G>, Report<G>>, mut cmd: Cmd<G>| {
            let mut search = SubSearch::<G>::new(spec).with_table(table);
            search.prefault = false;
            while let Cmd::Start(job) = cmd {
                let mut window = job.window;
                search.start(job.pos, job.window, job.depth, job.ply);
                let finished =
                    search.run_with(&mut |s: &Stats| match yielder.suspend(Report::Paused(*s)) {
                        Cmd::Resume(w) if w != window => {
                            window = w;
                            Poll::Update(w)
                        }
                        Cmd::Resume(_) => Poll::Go,
                        Cmd::Start(_) | Cmd::Stop => Poll::Stop,
                    });
                if !finished {
                    return;
                }
                let done = Report::Done(search.result(), search.pv().to_vec(), search.stats());
                cmd = yielder.suspend(done);
            }
        };
        Baton {
            worker: Some(Coroutine::with_stack(stacks::take(), body)),
            seen: Stats::default(),
        }
    }

    /// Starts `job` (`Some`) or resumes the job under way with `window` at virtual time `at`,
    /// and returns the stretch the worker searched until its next look at the mailbox.
    pub(crate) fn advance(
        &mut self,
        job: Option<Job<G>>,
        window: Window,
        at: f64,
        cost: &CostModel,
    ) -> Slice<G::Move> {
        let cmd = match job {
            Some(j) => Cmd::Start(j),
            None => Cmd::Resume(window),
        };
        let worker = self
            .worker
            .as_mut()
            .expect("a worker lives until its baton is dropped");
        let (now, done) = match worker.resume(cmd) {
            CoroutineResult::Yield(Report::Paused(s)) => (s, None),
            CoroutineResult::Yield(Report::Done(v, pv, s)) => (s, Some((v, pv))),
            CoroutineResult::Return(()) => unreachable!("a worker ends only when stopped"),
        };
        let stats = now - self.seen;
        self.seen = now;
        Slice {
            end: at + Slice::<G::Move>::cost(&stats, cost),
            stats,
            done,
        }
    }
}

impl<G: Game> Drop for Baton<G> {
    fn drop(&mut self) {
        let Some(mut worker) = self.worker.take() else {
            return;
        };
        if !worker.done() {
            if std::thread::panicking() {
                // Resuming the search, or unwinding its stack, while this thread unwinds would
                // be a second panic: the worker and its stack are left as they are.
                std::mem::forget(worker);
                return;
            }
            // A search reads the stop at the look at the mailbox it is suspended at, or before
            // its next job, and returns.
            let ended = worker.resume(Cmd::Stop);
            debug_assert!(matches!(ended, CoroutineResult::Return(())));
        }
        // Stopped, or its search panicked (that panic went to the simulator).
        if worker.done() {
            stacks::give(worker.into_stack());
        }
    }
}

/// The workers' stacks, kept between searches: a simulated run starts a worker for each
/// processor that searches, and a test or an experiment makes many short runs, where mapping
/// and unmapping a stack (and touching its first pages again) would cost more than the jobs.
mod stacks {
    use corosensei::stack::DefaultStack;
    use std::sync::Mutex;

    /// A worker's stack: the serial search's recursion with its capture searches (the size of
    /// a threads processor's stack; only the pages the search touches are backed by memory).
    const STACK: usize = 16 << 20;

    /// Most idle stacks kept; a stack given back to a full pool is unmapped.
    const IDLE_MAX: usize = 64;

    static IDLE: Mutex<Vec<DefaultStack>> = Mutex::new(Vec::new());

    /// An idle stack, or a new one.
    pub(super) fn take() -> DefaultStack {
        let idle = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop();
        idle.unwrap_or_else(|| {
            DefaultStack::new(STACK).expect("the simulator could not map a worker's stack")
        })
    }

    /// Gives `stack`, whose worker has ended, back to the pool.
    pub(super) fn give(stack: DefaultStack) {
        let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
        if idle.len() < IDLE_MAX {
            idle.push(stack);
        }
    }
}
