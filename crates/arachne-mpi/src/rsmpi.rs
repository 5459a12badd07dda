//! `arachne_runtime::mpi::{Transport, Comm}` on rsmpi: the universe owned by the thread that
//! initialized it (rsmpi's communicators are not `Send`), a duplicate of the world per run kept
//! until `finalize`, non-blocking sends whose buffers stay allocated until the request completes,
//! matched probes, and `MPI_Ialltoall` for the counts that settle a run.
use arachne_runtime::mpi::{Comm, MpiError, Transport, World};
use mpi::environment::Universe;
use mpi::point_to_point::MatchedReceiveVec;
use mpi::request::{Request, StaticScope};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use std::cell::RefCell;
use std::collections::VecDeque;

thread_local! {
    static UNIVERSE: RefCell<Option<Universe>> = const { RefCell::new(None) };
    /// The communicators of past runs, kept until `finalize`: freeing one lets MPI reuse its
    /// context for the next run's, where messages still in flight at the end of the old run
    /// would be received as the new run's.
    static KEPT: RefCell<Vec<SimpleCommunicator>> = const { RefCell::new(Vec::new()) };
}

/// The transport.
pub(crate) struct RsMpi;

fn world_of(u: &Universe) -> World {
    let w = u.world();
    World {
        rank: w.rank(),
        size: w.size(),
    }
}

impl Transport for RsMpi {
    fn init(&self) -> Result<World, MpiError> {
        UNIVERSE.with(|u| {
            let mut u = u.borrow_mut();
            if u.is_none() {
                // Funneled: only this thread calls MPI, but a rank may run its processes on
                // threads of its own (`arachne_runtime::mpi`, Threads in a rank).
                let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
                    .ok_or(MpiError::Init)?;
                *u = Some(universe);
            }
            Ok(world_of(u.as_ref().expect("initialized")))
        })
    }

    fn world(&self) -> Option<World> {
        UNIVERSE.with(|u| u.borrow().as_ref().map(world_of))
    }

    fn finalize(&self) {
        KEPT.with(|k| k.borrow_mut().clear());
        UNIVERSE.with(|u| drop(u.borrow_mut().take()));
    }

    fn fresh_comm(&self) -> Box<dyn Comm> {
        let comm = UNIVERSE.with(|u| {
            u.borrow()
                .as_ref()
                .expect("MPI initialized before a run")
                .world()
                .duplicate()
        });
        Box::new(RunComm {
            comm: Some(comm),
            pending: VecDeque::new(),
            exchange: None,
        })
    }
}

/// A send in flight and its buffer, freed when the request completes.
struct Pending {
    req: Request<'static, [u8], StaticScope>,
    buf: *mut [u8],
}

/// An exchange of counts in flight and its two buffers.
struct Exchange {
    req: Request<'static, [u64], StaticScope>,
    counts: *mut [u64],
    owed: *mut [u64],
}

/// One run's communicator; kept (in `KEPT`) when dropped.
struct RunComm {
    comm: Option<SimpleCommunicator>,
    pending: VecDeque<Pending>,
    exchange: Option<Exchange>,
}

impl RunComm {
    fn comm(&self) -> &SimpleCommunicator {
        self.comm.as_ref().expect("live until dropped")
    }
}

impl Comm for RunComm {
    fn barrier(&self) {
        self.comm().barrier();
    }

    fn isend(&mut self, rank: i32, tag: i32, bytes: Vec<u8>) {
        let leaked: &'static mut [u8] = Box::leak(bytes.into_boxed_slice());
        let buf: *mut [u8] = leaked;
        // SAFETY: `buf` stays allocated (not aliased mutably) until the request completes;
        // `reap` frees it only then.
        let data: &'static [u8] = unsafe { &*buf };
        let req = self
            .comm()
            .process_at_rank(rank)
            .immediate_send_with_tag(StaticScope, data, tag);
        self.pending.push_back(Pending { req, buf });
    }

    fn reap(&mut self, max: usize) -> bool {
        for _ in 0..self.pending.len().min(max) {
            let p = self.pending.pop_front().expect("counted");
            match p.req.test() {
                Ok(_) => {
                    // SAFETY: the send completed; MPI no longer reads the buffer.
                    drop(unsafe { Box::from_raw(p.buf) });
                }
                Err(req) => self.pending.push_back(Pending { req, buf: p.buf }),
            }
        }
        self.pending.is_empty()
    }

    fn forget(&mut self) {
        for p in self.pending.drain(..) {
            std::mem::forget(p.req);
        }
    }

    fn poll(&mut self) -> Option<(i32, i32, Vec<u8>)> {
        let probed = self.comm().any_process().immediate_matched_probe()?;
        let (data, status) = probed.matched_receive_vec::<u8>();
        Some((status.source_rank(), status.tag(), data))
    }

    fn poll_from(&mut self, rank: i32, tag: i32) -> Option<Vec<u8>> {
        let probed = self
            .comm()
            .process_at_rank(rank)
            .immediate_matched_probe_with_tag(tag)?;
        let (data, _) = probed.matched_receive_vec::<u8>();
        Some(data)
    }

    fn start_exchange(&mut self, counts: Vec<u64>) {
        let n = counts.len();
        let counts: *mut [u64] = Box::leak(counts.into_boxed_slice());
        let owed: *mut [u64] = Box::leak(vec![0u64; n].into_boxed_slice());
        // SAFETY: both buffers stay allocated, and are not touched, until the request
        // completes (then they are freed), or are leaked with the request.
        let req = self
            .comm()
            .immediate_all_to_all_into(StaticScope, unsafe { &*counts }, unsafe { &mut *owed });
        self.exchange = Some(Exchange { req, counts, owed });
    }

    fn exchanged(&mut self) -> Option<Vec<u64>> {
        let x = self.exchange.take()?;
        match x.req.test() {
            Ok(_) => {
                // SAFETY: the exchange completed; MPI no longer uses either buffer.
                let owed = unsafe { Box::from_raw(x.owed) };
                drop(unsafe { Box::from_raw(x.counts) });
                Some(owed.to_vec())
            }
            Err(req) => {
                self.exchange = Some(Exchange { req, ..x });
                None
            }
        }
    }

    fn abandon_exchange(&mut self) {
        if let Some(x) = self.exchange.take() {
            std::mem::forget(x.req);
        }
    }
}

impl Drop for RunComm {
    /// Pending sends are forgotten rather than waited for (or panicking in rsmpi's
    /// `Request::drop`); the communicator is kept until `finalize`.
    fn drop(&mut self) {
        self.forget();
        self.abandon_exchange();
        if let Some(c) = self.comm.take() {
            KEPT.with(|k| k.borrow_mut().push(c));
        }
    }
}
