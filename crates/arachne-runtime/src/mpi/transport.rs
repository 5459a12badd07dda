//! What the `mpi` runtime needs of MPI, as two traits that a crate linking an MPI library
//! implements and installs once per process ([`install`]; `arachne-mpi`, cargo feature `mpi`,
//! does it with rsmpi): [`Transport`], MPI's universe on the calling thread, and [`Comm`],
//! one run's communicator. Everything else of the runtime — the rounds, routing, STOP, the
//! statistics, settling — is written against them here, so a build with MPI recompiles only
//! the crate that implements them and the binary that installs it, never this crate or the
//! algorithms above it. Without a transport installed, [`available`] is false and every MPI
//! entry point answers [`MpiError::Unavailable`].
use super::{MpiError, World};
use std::sync::OnceLock;

/// MPI's universe: initialized and finalized on one thread, which owns it (rsmpi's
/// communicators are not `Send`).
pub trait Transport: Sync {
    /// Initializes MPI on this thread (once; later calls return the same world).
    fn init(&self) -> Result<World, MpiError>;
    /// This rank's world, if MPI is initialized on this thread.
    fn world(&self) -> Option<World>;
    /// Finalizes MPI if it was initialized on this thread.
    fn finalize(&self);
    /// A fresh communicator for one run (a duplicate of the world; collective), whose context
    /// is not reused before [`Transport::finalize`] (so a message still in flight at the end
    /// of a run is never received by the next).
    fn fresh_comm(&self) -> Box<dyn Comm>;
}

/// One run's communicator: non-blocking sends whose buffers it keeps until they complete,
/// blocking-free matched probes, the barrier and the exchange of counts that settles a run.
pub trait Comm {
    /// Blocks until every rank has called it.
    fn barrier(&self);
    /// Starts a non-blocking send of `bytes` to `rank` with `tag`; the buffer is kept until
    /// the send completes.
    fn isend(&mut self, rank: i32, tag: i32, bytes: Vec<u8>);
    /// Tests at most `max` pending sends, oldest first, freeing those that completed; true if
    /// none is pending.
    fn reap(&mut self, max: usize) -> bool;
    /// Forgets the pending sends without waiting (their buffers leak): their peer is gone, or
    /// the run ended early.
    fn forget(&mut self);
    /// Receives one waiting message from any rank, without blocking: `(source, tag, bytes)`.
    fn poll(&mut self) -> Option<(i32, i32, Vec<u8>)>;
    /// Receives one waiting message from `rank` with `tag`, without blocking (it overtakes
    /// messages of other tags).
    fn poll_from(&mut self, rank: i32, tag: i32) -> Option<Vec<u8>>;
    /// Starts the exchange of one count per rank (`MPI_Ialltoall`): `counts[r]` goes to rank
    /// `r`.
    fn start_exchange(&mut self, counts: Vec<u64>);
    /// The counts the other ranks sent this one, once the exchange completed.
    fn exchanged(&mut self) -> Option<Vec<u64>>;
    /// Forgets an exchange that did not complete, without waiting.
    fn abandon_exchange(&mut self);
}

static TRANSPORT: OnceLock<&'static dyn Transport> = OnceLock::new();

/// Installs the process's MPI transport (the first call wins; later calls are ignored).
pub fn install(t: &'static dyn Transport) {
    let _ = TRANSPORT.set(t);
}

/// True when an MPI transport is installed: this binary can run `--backend mpi`.
pub fn available() -> bool {
    TRANSPORT.get().is_some()
}

/// The installed transport.
pub(super) fn transport() -> Result<&'static dyn Transport, MpiError> {
    TRANSPORT.get().copied().ok_or(MpiError::Unavailable)
}
