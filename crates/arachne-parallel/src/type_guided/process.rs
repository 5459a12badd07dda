//! A processor of the node-type guided search: a master ([`TgMaster`]) or one of tree-split's
//! terminal slaves, with the records of the jobs it received; and [`build`], the processes of
//! one search on a [`Hierarchy`].
use super::{Hierarchy, JobRec, Log, Table, TgMaster, TypeGuidedOptions};
use crate::slave::{Engine, Msg, Slave};
use crate::subsearch::{deliver_waiting, machine_table, Poll};
use arachne_core::{Game, Stats};
use arachne_runtime::{Env, Mailbox, Pid, Process};
use arachne_search::stepper::StepperMode;
use std::sync::Arc;

#[derive(Clone, Debug)]
enum Kind<G: Game> {
    Master(Box<TgMaster<G>>),
    Slave(Slave<G>),
}

/// A processor of the node-type guided search: a master or a slave, with the records of the
/// jobs it received.
#[derive(Clone, Debug)]
pub(crate) struct TgProc<G: Game> {
    kind: Kind<G>,
    jobs: Vec<JobRec>,
    /// Stats when the current job started.
    start: Stats,
    /// (iteration, stats when this process started working on it).
    mark: (u32, Stats),
}

fn minus(a: Stats, b: Stats) -> Stats {
    Stats {
        interior: a.interior - b.interior,
        leaves: a.leaves - b.leaves,
        movegens: a.movegens - b.movegens,
        cutoffs: a.cutoffs - b.cutoffs,
        tt_hits: a.tt_hits - b.tt_hits,
        qnodes: a.qnodes - b.qnodes,
    }
}

impl<G: Game> TgProc<G> {
    fn in_job(&self) -> bool {
        match &self.kind {
            Kind::Master(m) => m.active,
            Kind::Slave(s) => s.busy(),
        }
    }

    /// Closes the current job record if the job has just ended.
    fn after(&mut self, was: bool) {
        if was && !self.in_job() {
            let now = self.stats();
            if let Some(j) = self.jobs.last_mut() {
                j.own = minus(now, self.start);
            }
        }
    }

    /// This process's records (node and farm records are empty for a slave).
    pub(crate) fn log(&self) -> Log {
        let mut log = match &self.kind {
            Kind::Master(m) => m.log.clone(),
            Kind::Slave(_) => Log::default(),
        };
        log.jobs = self.jobs.clone();
        log
    }

    /// Node counts of iteration `iter` (zero if this process did nothing in it).
    pub(crate) fn iteration_stats(&self, iter: u32) -> Stats {
        let mark = match &self.kind {
            Kind::Master(m) if m.deepening.is_some() => m.mark,
            _ => self.mark,
        };
        if mark.0 == iter {
            minus(self.stats(), mark.1)
        } else {
            Stats::default()
        }
    }
}

impl<G: Game> Process for TgProc<G> {
    type Msg = Msg<G>;

    fn on_message(&mut self, from: Pid, msg: Msg<G>, env: &mut Env<'_, Msg<G>>) {
        let was = self.in_job();
        if let Msg::Evaluate(crate::slave::Task {
            job, depth, ply, ..
        }) = &msg
        {
            let iter = ply + depth;
            let now = self.stats();
            if iter != self.mark.0 {
                self.mark = (iter, now);
            }
            self.start = now;
            self.jobs.push(JobRec {
                from,
                job: *job,
                iter,
                own: Stats::default(),
                root_rec: None,
            });
            if let Kind::Master(m) = &mut self.kind {
                m.log.jobs.push(JobRec {
                    from,
                    job: *job,
                    iter,
                    own: Stats::default(),
                    root_rec: None,
                });
                let first = m.log.nodes.len();
                m.on_message(from, msg, env);
                if m.log.nodes.len() > first {
                    self.jobs.last_mut().expect("pushed").root_rec = Some(first);
                }
                self.after(true);
                return;
            }
        }
        match &mut self.kind {
            Kind::Master(m) => m.on_message(from, msg, env),
            Kind::Slave(s) => s.on_message(from, msg, env),
        }
        self.after(was);
    }

    fn busy(&self) -> bool {
        match &self.kind {
            Kind::Master(m) => m.busy(),
            Kind::Slave(s) => s.busy(),
        }
    }

    fn work(&mut self, env: &mut Env<'_, Msg<G>>, until: f64, max_steps: u64) {
        let was = self.in_job();
        match &mut self.kind {
            Kind::Master(m) => m.work(env, until, max_steps),
            Kind::Slave(s) => s.work(env, until, max_steps),
        }
        self.after(was);
    }

    /// Real backends: a slave's job, or a master's solo and local searches, on the serial
    /// search; the master's messages are handled from the mailbox hook meanwhile (through
    /// [`TgProc::on_message`], so every job is recorded).
    fn run(&mut self, env: &mut Env<'_, Msg<G>>, mailbox: &mut dyn Mailbox<Msg<G>>) -> bool {
        if let Kind::Slave(s) = &mut self.kind {
            let was = s.busy();
            let r = s.run(env, mailbox);
            self.after(was);
            return r;
        }
        let mut ran = false;
        loop {
            let Kind::Master(m) = &mut self.kind else {
                unreachable!("a master")
            };
            let Some((solo, mut search)) = m.take_blocking() else {
                // Nothing (more) for the serial search: the runtime steps what is left.
                return ran;
            };
            ran = true;
            let finished = {
                let me = &mut *self;
                let env = &mut *env;
                let mut poll = |nodes: u64| {
                    if deliver_waiting(me, env, mailbox, nodes).is_err() {
                        return Poll::Stop;
                    }
                    match &mut me.kind {
                        Kind::Master(m) => m.pending(solo),
                        Kind::Slave(_) => Poll::Go,
                    }
                };
                search.run_blocking(&mut poll)
            };
            let was = self.in_job();
            let Kind::Master(m) = &mut self.kind else {
                unreachable!("a master")
            };
            m.put_back(solo, search, finished, env);
            self.after(was);
            if !finished {
                return true;
            }
        }
    }

    fn stats(&self) -> Stats {
        match &self.kind {
            Kind::Master(m) => m.stats(),
            Kind::Slave(s) => s.stats(),
        }
    }
}

/// The processes of a node-type guided search on `tree` (process 0 is always a master; alone it
/// searches with a stepper of its own), every serial search with the engine options `engine`
/// (its check extension bounded by the whole search's depth, as every iteration's is) and,
/// with `shared` (real backends), on one transposition table for the machine
/// (`subsearch::machine_table`; module docs, "The table").
pub(crate) fn build<G: Game>(
    tree: &Hierarchy,
    opts: &TypeGuidedOptions,
    engine: Engine,
    shared: bool,
) -> Vec<TgProc<G>> {
    let n = tree.count() as Pid;
    let table = Arc::new(Table::new());
    let searches = shared.then(machine_table::<G>).flatten();
    (0..n)
        .map(|p| {
            let kind = if p != 0 && tree.is_leaf(p) {
                Kind::Slave(
                    Slave::new(tree.parent(p), StepperMode::AlphaBeta, opts.preorder)
                        .with_quiescence(opts.quiescence)
                        .with_engine(engine)
                        .with_table(searches.clone()),
                )
            } else {
                Kind::Master(Box::new(
                    TgMaster::new(
                        p,
                        tree.parent(p),
                        tree.children(p),
                        tree.children(p).iter().all(|&c| tree.is_leaf(c)),
                        Arc::clone(&table),
                        opts,
                        engine,
                    )
                    .with_search_table(searches.clone()),
                ))
            };
            TgProc {
                kind,
                jobs: Vec::new(),
                start: Stats::default(),
                mark: (0, Stats::default()),
            }
        })
        .collect()
}
