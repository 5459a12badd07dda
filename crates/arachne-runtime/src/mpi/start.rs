//! Start-up of the `mpi` runtime: MPI's universe on this thread, the world, a fresh
//! communicator per run (through the installed [`super::Transport`]), and a rank's session
//! opened and started (module docs, Mapping).
use super::end::install_sigterm;
use super::net::Net;
use super::rank::Rank;
use super::rounds::Session;
use super::transport::{transport, Comm};
use super::{MpiConfig, MpiError};
use crate::process::{Outgoing, Pid, Process, HOST};
use crate::wire::Codec;
use crate::CostModel;
use arachne_core::Limits;
use std::rc::Rc;
use std::time::Instant;

thread_local! {
    static TRAFFIC: std::cell::Cell<(u64, u64)> = const { std::cell::Cell::new((0, 0)) };
    static LAST_STOPPED: std::cell::Cell<Option<arachne_core::StopReason>> =
        const { std::cell::Cell::new(None) };
}

/// A fresh communicator for one run (collective; the transport keeps its context from being
/// reused before [`finalize`]: messages still in flight at the end of a run — the Key Node
/// Method has many — must not be received as the next run's, which was measured: an
/// undecodable path in the run after a KNM search, on 3 ranks).
pub(super) fn fresh_comm<R>(f: impl FnOnce(&mut dyn Comm) -> R) -> Result<R, MpiError> {
    let mut comm = transport()?.fresh_comm();
    Ok(f(&mut *comm))
}

/// Messages and payload bytes that crossed between ranks in the last run on this thread
/// (rank 0: all ranks' totals).
pub fn last_traffic() -> (u64, u64) {
    TRAFFIC.with(|t| t.get())
}

/// Records the last run's traffic ([`last_traffic`]).
pub(super) fn set_traffic(messages: u64, bytes: u64) {
    TRAFFIC.with(|t| t.set((messages, bytes)));
}

/// Why the last run on this thread ended early, on every rank (STOP carries rank 0's reason):
/// a worker rank, which gets no outcome, learns from it whether rank 0's search was stopped,
/// and so takes the same path after the run (e.g. into the next depth of an iterative
/// deepening, or not). `None`: it ran to its end.
pub fn last_stopped() -> Option<arachne_core::StopReason> {
    LAST_STOPPED.with(|t| t.get())
}

/// Records why the last run stopped ([`last_stopped`]).
pub(super) fn set_last_stopped(why: Option<arachne_core::StopReason>) {
    LAST_STOPPED.with(|t| t.set(why));
}

/// This rank and the number of ranks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct World {
    /// This rank.
    pub rank: i32,
    /// Number of ranks.
    pub size: i32,
}

/// Initializes MPI on this thread (once; later calls return the same world);
/// [`MpiError::Unavailable`] without an installed transport.
pub fn init() -> Result<World, MpiError> {
    transport()?.init()
}

/// This rank's world, if MPI is initialized on this thread.
pub fn world() -> Option<World> {
    transport().ok()?.world()
}

/// Finalizes MPI if it was initialized on this thread (call before the process exits).
pub fn finalize() {
    super::control::close_control();
    if let Ok(t) = transport() {
        t.finalize();
    }
}

/// The rank the launcher gave this process (`OMPI_COMM_WORLD_RANK`, `PMIX_RANK`, `PMI_RANK`
/// or `SLURM_PROCID`), read from the environment without initializing MPI.
pub fn launcher_rank() -> Option<i32> {
    [
        "OMPI_COMM_WORLD_RANK",
        "PMIX_RANK",
        "PMI_RANK",
        "SLURM_PROCID",
    ]
    .iter()
    .find_map(|k| std::env::var(k).ok()?.parse().ok())
}

/// This rank's session of a run: its processes (process `p` on rank `p mod R`), the SIGTERM
/// handler on rank 0, and the barrier every rank starts from.
#[allow(clippy::too_many_arguments)]
pub(super) fn open<'a, 'c, P: Process>(
    comm: &'a mut dyn Comm,
    wi: World,
    codec: Rc<Codec<P::Msg>>,
    procs: Vec<P>,
    cost: &'c CostModel,
    cfg: &MpiConfig,
    limits: &'a Limits,
    stop: &'a mut dyn FnMut(&P::Msg) -> bool,
) -> Session<'a, 'c, P> {
    let rank = Rank::new(wi, procs, cost, codec);
    if wi.rank == 0 {
        install_sigterm();
    }
    comm.barrier();
    let net = Net::new(comm, wi.size as usize);
    Session {
        wi,
        net,
        rank,
        limits,
        stop,
        start: Instant::now(),
        poll: cfg.poll_every.max(1),
        over: false,
        failure: None,
        stopped: None,
        stopped_at: None,
        host_seen: 0,
        rank_nodes: vec![0u64; wi.size as usize],
        nodes_sent_at: Instant::now(),
        running_nodes: 0,
    }
}

impl<P: Process> Session<'_, '_, P> {
    /// Rank 0 sends the host's `initial` messages (routed as if the host had sent them).
    pub(super) fn start(&mut self, initial: Vec<(Pid, P::Msg)>) -> Result<(), MpiError> {
        if self.wi.rank != 0 {
            return Ok(());
        }
        // (The host is no process: a message to it is refused, as one to any unknown pid.)
        if initial.iter().any(|(to, _)| *to == HOST) {
            return Err(MpiError::BadPid(HOST));
        }
        let out = initial
            .into_iter()
            .map(|(to, msg)| Outgoing { to, msg, at: 0.0 })
            .collect();
        self.rank.route(HOST, out, &mut self.net, self.start)
    }
}
