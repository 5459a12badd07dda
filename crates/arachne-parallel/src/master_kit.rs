//! The master's kit: the bookkeeping every master of this crate keeps about its slaves —
//! the slots, the assignment of a job to a slot, and the UPDATE fan-out — in one place.
//!
//! Users: tree-splitting's master ([`crate::tree_split::Master`], seed 000 §4.2: "assign
//! successors to free slaves", "send UPDATE(−β, −α) to all slaves", "flush outdated UPDATEs"),
//! its grand master ([`crate::tree_split::GrandMaster`], §6's third optimization), the batch
//! master of Palphabeta and Pbound ([`crate::batch::BatchMaster`], §7), and the node-type guided
//! search's masters ([`crate::type_guided::TgMaster`], seed `ncube-chess-node-types.txt`: the
//! rest of a node's successors "farmed out to idle slaves", each new bound sent to the slaves
//! still working on that node).
//!
//! * A [`Slot`] is one slave as its master sees it: its processor, and while it is busy the
//!   job number of its assignment and the master's own record `T` of the job (which successor,
//!   and whatever else that master tracks: tree-split the slave's α for §4.3, the grand master
//!   the open successor the job belongs to, type-guided its farm record).
//! * Job numbers ([`Slots::assign`]) rise by one per assignment; a VALUE or PROGRESS is
//!   matched to its slot by sender *and* job ([`Slots::find`]), so that one belonging to an
//!   earlier assignment is recognised and dropped (§4.2).
//! * The master's own **local slave** (§6's first optimization, `master=1`; type-guided's
//!   masters above the bottom level) is a slot with the master's own processor number: its jobs
//!   start its [`SubSearch`] instead of sending an EVALUATE, and its UPDATEs narrow that search
//!   at once (or wait in `local_pending` while the search is out running on a real backend).
//! * UPDATE fan-out ([`Slots::updates`]): one window to every busy slave whose record passes a
//!   filter, collected for one `send_all` (one multicast on the simulator's cost model).
//!
//! What is not here, because it differs between the masters: which successor goes next (§4.2's
//! queue, §6's successors' successors, type-guided's sequential first successor), how a value
//! changes the master's window, and the table. Tree-split's processors share the serial
//! search's table (`arachne_core::tt`, used by their [`SubSearch`]es); type-guided's masters
//! keep the seed's global table of moves (`type_guided/table.rs`, whose module docs say why
//! it is not `arachne_core::tt`); the grand and batch masters keep none.
use crate::slave::{Line, Msg};
use crate::subsearch::{update_or_defer, SubSearch};
use arachne_core::{Game, Score, Window};
use arachne_runtime::{Env, Pid, HOST};

/// One slave of a master (module docs).
#[derive(Clone, Debug)]
pub(crate) struct Slot<T> {
    /// The slave's processor (the master's own for its local slave).
    pub pid: Pid,
    /// While busy: the job number and the master's record of the job.
    pub job: Option<(u32, T)>,
}

/// A master's slaves, its local slave and its job numbers (module docs).
#[derive(Clone, Debug)]
pub(crate) struct Slots<G: Game, T> {
    /// The master's processor number when it has a local slave ([`HOST`] otherwise: no slave
    /// has that number).
    me: Pid,
    slots: Vec<Slot<T>>,
    /// The local slave's search.
    pub local: Option<SubSearch<G>>,
    /// UPDATEs for the local slave that arrived while its search was out running.
    pub local_pending: Option<Window>,
    next_job: u32,
    busy: usize,
}

impl<G: Game, T> Slots<G, T> {
    /// The slots of `slaves`, all free.
    pub(crate) fn new(slaves: Vec<Pid>) -> Self {
        Slots {
            me: HOST,
            slots: slaves
                .into_iter()
                .map(|pid| Slot { pid, job: None })
                .collect(),
            local: None,
            local_pending: None,
            next_job: 0,
            busy: 0,
        }
    }

    /// Adds a last slot for the master `me`'s own local slave, searching with `search`.
    pub(crate) fn with_local(mut self, me: Pid, search: Option<SubSearch<G>>) -> Self {
        if search.is_some() {
            self.me = me;
            self.slots.push(Slot { pid: me, job: None });
            self.local = search;
        }
        self
    }

    /// Number of slots (the local slave's included).
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Slot `s`.
    pub(crate) fn get(&self, s: usize) -> &Slot<T> {
        &self.slots[s]
    }

    /// Every slot, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &Slot<T>> {
        self.slots.iter()
    }

    /// The record of slot `s`'s job while it is busy.
    pub(crate) fn record_mut(&mut self, s: usize) -> Option<&mut T> {
        self.slots[s].job.as_mut().map(|(_, r)| r)
    }

    /// True while slot `s` has a job.
    pub(crate) fn is_busy(&self, s: usize) -> bool {
        self.slots[s].job.is_some()
    }

    /// Number of busy slots.
    pub(crate) fn busy(&self) -> usize {
        self.busy
    }

    /// The slot that `from`'s message about job `job` is about, if that job is still its
    /// assignment (otherwise the message is outdated).
    pub(crate) fn find(&self, from: Pid, job: u32) -> Option<usize> {
        self.slots
            .iter()
            .position(|sl| sl.pid == from && sl.job.as_ref().is_some_and(|(j, _)| *j == job))
    }

    /// The local slave's slot.
    pub(crate) fn local_slot(&self) -> usize {
        self.slots
            .iter()
            .position(|sl| sl.pid == self.me)
            .expect("local slot")
    }

    /// Gives slot `s` the job of searching `pos` to `depth` plies at `ply` with `window`,
    /// recorded as `record`: the local slave's search starts, a remote slave's EVALUATE is
    /// collected in `out`. Returns the job's number.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn assign(
        &mut self,
        s: usize,
        record: T,
        pos: G,
        depth: u32,
        ply: u32,
        window: Window,
        out: &mut Vec<(Pid, Msg<G>)>,
    ) -> u32 {
        self.next_job += 1;
        let job = self.next_job;
        if self.slots[s].job.replace((job, record)).is_none() {
            self.busy += 1;
        }
        if self.slots[s].pid == self.me {
            let local = self.local.as_mut().expect("local slave");
            local.start(pos, window, depth, ply);
        } else {
            let pid = self.slots[s].pid;
            out.push((pid, Msg::evaluate(job, pos, depth, ply, window)));
        }
        job
    }

    /// Frees slot `s` (its VALUE came in); returns its job number and record.
    pub(crate) fn release(&mut self, s: usize) -> (u32, T) {
        self.busy -= 1;
        self.slots[s].job.take().expect("busy slot")
    }

    /// UPDATE fan-out: `window` to every busy slave whose record passes `to`, remote ones
    /// collected in `out` (for one `send_all`).
    pub(crate) fn updates(
        &mut self,
        window: Window,
        to: impl Fn(&T) -> bool,
        out: &mut Vec<(Pid, Msg<G>)>,
    ) {
        for slot in &self.slots {
            if let Some((job, record)) = &slot.job {
                if !to(record) {
                    continue;
                }
                if slot.pid == self.me {
                    update_or_defer(&mut self.local, &mut self.local_pending, window);
                } else {
                    out.push((slot.pid, Msg::Update { job: *job, window }));
                }
            }
        }
    }

    /// `window` to every busy slave, as one multicast.
    pub(crate) fn update_all(&mut self, window: Window, env: &mut Env<'_, Msg<G>>) {
        let mut msgs = Vec::new();
        self.updates(window, |_| true, &mut msgs);
        env.send_all(msgs);
    }

    /// `window` to the busy slave of slot `s` alone.
    pub(crate) fn update_one(&mut self, s: usize, window: Window, env: &mut Env<'_, Msg<G>>) {
        let Some((job, _)) = &self.slots[s].job else {
            return;
        };
        if self.slots[s].pid == self.me {
            update_or_defer(&mut self.local, &mut self.local_pending, window);
        } else {
            env.send(self.slots[s].pid, Msg::Update { job: *job, window });
        }
    }
}

/// Sends a VALUE for job `job` to `to`.
pub(crate) fn send_value<G: Game>(
    env: &mut Env<'_, Msg<G>>,
    to: Pid,
    job: u32,
    value: Score,
    line: Option<Line<G>>,
    lower: bool,
) {
    env.send(
        to,
        Msg::Value {
            job,
            value,
            line,
            lower,
        },
    );
}
