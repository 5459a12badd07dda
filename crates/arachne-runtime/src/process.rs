//! The runtime interface: processes, their environment, messages.
use crate::CostModel;
use arachne_core::Stats;

/// A process (processor) id: `0..P`.
pub type Pid = u32;

/// The host: the user who starts the search and receives its result. Not a processor.
pub const HOST: Pid = u32::MAX;

/// A message on its way.
#[derive(Clone, Debug)]
pub struct Outgoing<M> {
    /// Destination.
    pub to: Pid,
    /// Payload.
    pub msg: M,
    /// Sender's clock when the message left (virtual time; meaningless on threads).
    pub at: f64,
}

/// What a process sees of the runtime while it handles a message or works: its clock, the cost
/// model, and `send`. The same struct serves both runtimes; on `threads` the clock is only a
/// tally of charged costs.
#[derive(Debug)]
pub struct Env<'c, M> {
    /// This process.
    pub me: Pid,
    /// Local clock (virtual time on `sim`).
    pub clock: f64,
    /// Time charged so far (nodes and messages).
    pub busy: f64,
    /// Messages sent so far.
    pub sent: u64,
    /// The cost model.
    pub cost: &'c CostModel,
    pub(crate) outbox: Vec<Outgoing<M>>,
}

impl<'c, M> Env<'c, M> {
    /// A fresh environment for process `me`.
    pub fn new(me: Pid, cost: &'c CostModel) -> Self {
        Env {
            me,
            clock: 0.0,
            busy: 0.0,
            sent: 0,
            cost,
            outbox: Vec::new(),
        }
    }

    /// Charges `t` units of work to this process.
    #[inline]
    pub fn charge(&mut self, t: f64) {
        self.clock += t;
        self.busy += t;
    }

    /// Charges one interior node (a move generation done outside a stepper).
    #[inline]
    pub fn charge_interior(&mut self) {
        self.charge(self.cost.interior);
    }

    /// Charges one bottom position (a static evaluation done outside a stepper).
    #[inline]
    pub fn charge_leaf(&mut self) {
        self.charge(self.cost.leaf);
    }

    /// Sends `msg` to `to` (charging one message). Replies to the [`HOST`] are free and
    /// instantaneous: the host is the user interface on the root processor (seed 000 §4.2), so
    /// a search's time is the moment its root processor has the answer.
    pub fn send(&mut self, to: Pid, msg: M) {
        if to != HOST {
            self.charge(self.cost.message);
        }
        self.sent += 1;
        self.outbox.push(Outgoing {
            to,
            msg,
            at: self.clock,
        });
    }

    /// Sends a batch of messages to several processes at once. Under a multicast cost model the
    /// batch costs one message (seed 000 §7: "in ρ units of time a processor can … send a
    /// message to each of its f slaves"); otherwise each message is charged.
    pub fn send_all(&mut self, msgs: impl IntoIterator<Item = (Pid, M)>) {
        if self.cost.multicast {
            let mut first = true;
            for (to, msg) in msgs {
                if first {
                    self.charge(self.cost.message);
                    first = false;
                }
                self.sent += 1;
                self.outbox.push(Outgoing {
                    to,
                    msg,
                    at: self.clock,
                });
            }
        } else {
            for (to, msg) in msgs {
                self.send(to, msg);
            }
        }
    }

    /// Takes the messages sent since the last call.
    pub fn drain(&mut self) -> std::vec::Drain<'_, Outgoing<M>> {
        self.outbox.drain(..)
    }
}

/// A process: a state machine reacting to messages, with optional background work (a serial
/// search advanced by [`Process::work`]).
pub trait Process: Send + 'static {
    /// The messages of this algorithm.
    type Msg: Send + 'static;

    /// Handles one message (from another process or from [`HOST`]).
    fn on_message(&mut self, from: Pid, msg: Self::Msg, env: &mut Env<'_, Self::Msg>);

    /// True while the process has background work.
    fn busy(&self) -> bool {
        false
    }

    /// Advances background work while `env.clock < until` and for at most `max_steps` nodes.
    /// May send messages (e.g. the VALUE at the end of a search).
    fn work(&mut self, _env: &mut Env<'_, Self::Msg>, _until: f64, _max_steps: u64) {}

    /// Real backends (threads): runs the background work to its end, or until the run stops,
    /// reading the mailbox through `mailbox` as it goes; returns false when the process has no
    /// such form, and the runtime then steps it with [`Process::work`] instead.
    ///
    /// This is how a process runs `arachne-search`'s recursive serial search at full speed on
    /// real cores (design notes, "Runtimes"): the search calls `mailbox` every few thousand
    /// nodes from the hook that polls its limits, handles what arrived (an UPDATE narrows its
    /// window), and unwinds at once when the mailbox says the run is stopping. The simulator
    /// never calls it: virtual time needs work that advances a node at a time.
    fn run(
        &mut self,
        _env: &mut Env<'_, Self::Msg>,
        _mailbox: &mut dyn Mailbox<Self::Msg>,
    ) -> bool {
        false
    }

    /// Node counts of this process so far.
    fn stats(&self) -> Stats;
}

/// What a process's long work ([`Process::run`]) sees of its mailbox on a real backend.
pub trait Mailbox<M> {
    /// Sends what `env` holds, publishes `nodes` (this process's node count now, as
    /// [`Process::stats`] would give it: it counts towards the run's node budget) and takes the
    /// next message waiting, without blocking. `Err` when the run is stopping (the answer
    /// arrived elsewhere, a limit tripped, the stop flag): the work must end at once.
    fn poll(&mut self, env: &mut Env<'_, M>, nodes: u64) -> Result<Option<(Pid, M)>, Stopping>;
}

/// The run a process works in is stopping ([`Mailbox::poll`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stopping;
