//! Between runs: rank 0 tells the worker ranks what to run next. A program that makes several
//! runs on the same ranks, some of them on MPI and some not (`arachne speedup` under `mpirun`
//! times serial and threads searches on rank 0 between its MPI runs), opens the control
//! channel once on every rank ([`open_control`], collective), then rank 0 [`announce`]s each
//! MPI run and the end, and every worker waits for the next announcement
//! ([`next_announcement`]) and runs what it names.
//!
//! A waiting worker spins only briefly: like an idle rank in a run, it polls without pause for
//! 200 µs, yields its core until 2 ms, then sleeps 100 µs between polls, and after [`DOZE`]
//! 1 ms — so it leaves the cores to what rank 0 times in the
//! meantime (an MPI blocking receive or barrier would spin on a core for the whole wait). The
//! channel is a communicator of its own, so an announcement is never taken for a run's
//! message, nor a run's for an announcement.
use super::start::{init, World};
use super::transport::{transport, Comm};
use super::{MpiError, SPIN, YIELD};
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// Tag of an announcement on the control channel.
const TAG_CONTROL: i32 = 8;

/// A worker that has waited this long sleeps 1 ms between polls (100 µs before).
pub const DOZE: Duration = Duration::from_millis(100);

thread_local! {
    static CONTROL: RefCell<Option<Box<dyn Comm>>> = const { RefCell::new(None) };
}

/// Initializes MPI if needed and opens the control channel on this thread (collective: every
/// rank calls it, once, before the first announcement; later calls do nothing).
pub fn open_control() -> Result<World, MpiError> {
    let world = init()?;
    let t = transport()?;
    CONTROL.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = Some(t.fresh_comm());
        }
    });
    Ok(world)
}

/// Closes the control channel (before MPI is finalized; [`super::finalize`] does it).
pub(super) fn close_control() {
    CONTROL.with(|c| drop(c.borrow_mut().take()));
}

fn with_control<R>(f: impl FnOnce(&mut dyn Comm) -> R) -> Result<R, MpiError> {
    CONTROL.with(|c| {
        let mut c = c.borrow_mut();
        let comm = c.as_mut().ok_or(MpiError::Init)?;
        Ok(f(&mut **comm))
    })
}

/// Rank 0: sends `bytes` to every worker rank and waits until the sends completed.
pub fn announce(bytes: &[u8]) -> Result<(), MpiError> {
    let world = super::world().ok_or(MpiError::Init)?;
    with_control(|comm| {
        for rank in 1..world.size {
            comm.isend(rank, TAG_CONTROL, bytes.to_vec());
        }
        while !comm.reap(usize::MAX) {
            std::thread::yield_now();
        }
    })
}

/// A worker rank: waits for rank 0's next announcement, sleeping between polls (module docs).
pub fn next_announcement() -> Result<Vec<u8>, MpiError> {
    let since = Instant::now();
    loop {
        if let Some(bytes) = with_control(|comm| comm.poll_from(0, TAG_CONTROL))? {
            return Ok(bytes);
        }
        let waited = since.elapsed();
        if waited < SPIN {
            std::hint::spin_loop();
        } else if waited < YIELD {
            std::thread::yield_now();
        } else if waited < DOZE {
            std::thread::sleep(Duration::from_micros(100));
        } else {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}
