//! A simulated processor's serial search: the real backends' search, run on a thread of its own
//! and advanced by the simulator from one look at the mailbox to the next.
//!
//! Virtual time needs work that the simulator can interleave with messages, and the serial
//! search (`falphabeta_tt` with the options of the run: ordering, quiescence, null move, check
//! extension) is a recursion that cannot be suspended. So each simulated processor that runs
//! jobs keeps one OS thread (taken from a pool of threads kept between runs), its **worker**,
//! holding the same [`SubSearch`] a threads or MPI processor holds (its table, its killers and
//! history). The worker and the simulator hand a baton back and forth: exactly one of them runs
//! at any time, so the run stays deterministic.
//!
//! * The worker searches until its search polls the mailbox (every 2 048 positions, where a
//!   real processor looks at its mailbox too) or ends, reports its counts, and waits.
//! * The simulator charges the virtual time of that stretch ([`Slice::cost`]: the cost model's
//!   interior and bottom-node costs; capture-search positions are in the measured per-node cost
//!   and charged nothing, as the stepper and the Key Node Method's grains charge them): a
//!   stretch that starts before the simulator's horizon runs to its end, as a stepper's node
//!   does, and messages delivered meanwhile are handled after it.
//! * The next stretch goes on with the job's window as the messages delivered by then left it: an UPDATE is read where a real processor reads it,
//!   at the next look at the mailbox, and a window that narrowed restarts the search exactly as
//!   on threads ([`SubSearch::run_blocking`]).
//!
//! The worker's nodes on a job are therefore the threads processor's on the same job with the
//! same window (tested); only the moments an UPDATE arrives can differ, as they differ from one
//! threads run to the next. Switching costs a few microseconds per 2 048 positions, so the
//! simulator keeps the serial search's speed (module docs of [`crate::subsearch`]).
use super::{Job, Poll, SerialSpec, SubSearch};
use arachne_core::{Game, Score, Stats, TranspositionTable, Window};
use arachne_runtime::CostModel;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

enum Cmd<G: Game> {
    /// Search this job until the next look at the mailbox.
    Start(Job<G>),
    /// Go on to the next look at the mailbox with the job's window now this.
    Resume(Window),
}

enum Report<G: Game> {
    /// The search looked at its mailbox; the worker's counts so far.
    Paused(Stats),
    /// The job ended with this value and principal line; the worker's counts so far.
    Done(Option<Score>, Vec<G::Move>, Stats),
}

/// The simulator's end of a worker ([`SubSearch::work_steps`]). Dropping it ends the worker
/// (its search reads the run as stopping at the look at the mailbox it is waiting at).
pub(super) struct Baton<G: Game> {
    to: Option<Sender<Cmd<G>>>,
    from: Receiver<Report<G>>,
    /// Closed when the worker's search has ended ([`pool::run`]).
    done: Option<Receiver<()>>,
    /// The worker's counts at its last report.
    seen: Stats,
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
        let (to, rx) = channel::<Cmd<G>>();
        let (tx, from) = channel::<Report<G>>();
        let done = pool::run(move || {
            let mut search = SubSearch::<G>::new(spec).with_table(table);
            search.prefault = false;
            while let Ok(Cmd::Start(job)) = rx.recv() {
                let mut window = job.window;
                search.start(job.pos, job.window, job.depth, job.ply);
                let finished = search.run_with(&mut |s: &Stats| {
                    if tx.send(Report::Paused(*s)).is_err() {
                        return Poll::Stop;
                    }
                    match rx.recv() {
                        Ok(Cmd::Resume(w)) if w != window => {
                            window = w;
                            Poll::Update(w)
                        }
                        Ok(Cmd::Resume(_)) => Poll::Go,
                        _ => Poll::Stop,
                    }
                });
                if !finished {
                    return;
                }
                let done = Report::Done(search.result(), search.pv().to_vec(), search.stats());
                if tx.send(done).is_err() {
                    return;
                }
            }
        });
        Baton {
            to: Some(to),
            from,
            done: Some(done),
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
        let sent = self.to.as_ref().is_some_and(|t| t.send(cmd).is_ok());
        let report = sent.then(|| self.from.recv().ok()).flatten();
        let (now, done) = match report {
            Some(Report::Paused(s)) => (s, None),
            Some(Report::Done(v, pv, s)) => (s, Some((v, pv))),
            // The worker died (it panicked): its panic is the error; end the job with no value.
            None => panic!("a simulated processor's serial search failed"),
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
        // The worker waits at a look at its mailbox or for a job: a closed channel ends it.
        self.to = None;
        if let Some(done) = self.done.take() {
            let _ = done.recv();
        }
    }
}

/// The threads the workers run on, kept between searches: a simulated run starts a worker for
/// each processor that searches, and a test or an experiment makes many short runs, where
/// starting and ending a thread (its 16 MiB stack mapped, touched and unmapped) cost more than
/// the jobs.
mod pool {
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::sync::mpsc::{channel, Receiver, Sender};
    use std::sync::Mutex;

    /// A worker's stack: the serial search's recursion with its capture searches.
    const STACK: usize = 16 << 20;

    /// Most idle threads kept; a thread that finds the pool full ends.
    const IDLE_MAX: usize = 64;

    type Task = Box<dyn FnOnce() + Send>;

    /// The idle threads, each waiting for a task on its channel.
    static IDLE: Mutex<Vec<Sender<Task>>> = Mutex::new(Vec::new());

    /// Runs `task` on an idle thread, or a new one; the returned channel closes when `task`
    /// has returned (or panicked: the panic is reported as a thread's is, and the thread lives
    /// on).
    pub(super) fn run(task: impl FnOnce() + Send + 'static) -> Receiver<()> {
        let (done_tx, done) = channel::<()>();
        let mut task: Task = Box::new(move || {
            let _done = done_tx;
            let _ = catch_unwind(AssertUnwindSafe(task));
        });
        loop {
            let idle = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop();
            let Some(thread) = idle else { break };
            match thread.send(task) {
                Ok(()) => return done,
                Err(e) => task = e.0, // that thread has ended; try the next
            }
        }
        let (tx, rx) = channel::<Task>();
        tx.send(task).expect("the receiver is held here");
        std::thread::Builder::new()
            .name("arachne-sim-worker".into())
            .stack_size(STACK)
            .spawn(move || serve(tx, rx))
            .expect("the simulator could not start a worker thread");
        done
    }

    /// A thread's life: run each task sent, then wait in the pool for the next.
    fn serve(me: Sender<Task>, tasks: Receiver<Task>) {
        while let Ok(task) = tasks.recv() {
            task();
            let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
            if idle.len() >= IDLE_MAX {
                return;
            }
            idle.push(me.clone());
        }
    }
}
