//! The transport of the `mpi` runtime: non-blocking sends whose buffers are kept until they
//! complete, blocking-free matched probes, and the settling of a run's last messages (module
//! docs, End).
use super::{POLL_BATCH, REAP_BATCH, TAG_HOST, TAG_MSG, TAG_STOP};
use mpi::point_to_point::MatchedReceiveVec;
use mpi::request::{Request, StaticScope};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

struct Pending {
    req: Request<'static, [u8], StaticScope>,
    buf: *mut [u8],
}

/// The transport: pending non-blocking sends, and the messages sent to and received from
/// each rank on this run's communicator (to [`settle`](Net::settle) at the end).
pub(super) struct Net<'w> {
    world: &'w SimpleCommunicator,
    pending: VecDeque<Pending>,
    pub(super) remote_messages: u64,
    pub(super) remote_bytes: u64,
    /// Messages sent to each rank (every tag).
    sent: Vec<u64>,
    /// Messages received from each rank (every tag).
    received: Vec<u64>,
}

impl<'w> Net<'w> {
    pub(super) fn new(world: &'w SimpleCommunicator) -> Self {
        let size = world.size() as usize;
        Net {
            world,
            pending: VecDeque::new(),
            remote_messages: 0,
            remote_bytes: 0,
            sent: vec![0; size],
            received: vec![0; size],
        }
    }

    pub(super) fn isend(&mut self, rank: i32, tag: i32, bytes: Vec<u8>) {
        if tag == TAG_MSG || tag == TAG_HOST {
            self.remote_messages += 1;
            self.remote_bytes += bytes.len() as u64;
        }
        self.sent[rank as usize] += 1;
        let leaked: &'static mut [u8] = Box::leak(bytes.into_boxed_slice());
        let buf: *mut [u8] = leaked;
        // SAFETY: `buf` stays allocated (not aliased mutably) until the request completes;
        // `reap` frees it only then.
        let data: &'static [u8] = unsafe { &*buf };
        let req = self
            .world
            .process_at_rank(rank)
            .immediate_send_with_tag(StaticScope, data, tag);
        self.pending.push_back(Pending { req, buf });
    }

    /// Frees the buffers of completed sends, testing at most [`REAP_BATCH`] of them (oldest
    /// first; each test also drives MPI's progress engine, which measured faster in a flood of
    /// messages than testing only the oldest, but testing tens of thousands of pending sends
    /// per round made a round take milliseconds); true if none is pending.
    pub(super) fn reap(&mut self) -> bool {
        for _ in 0..self.pending.len().min(REAP_BATCH) {
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

    /// Waits up to `limit` for the pending sends; leaks those that never complete (their peer
    /// is gone) rather than block.
    pub(super) fn drain(&mut self, limit: Duration) {
        let t = Instant::now();
        while !self.reap() && t.elapsed() < limit {
            std::thread::sleep(Duration::from_micros(50));
        }
        for p in self.pending.drain(..) {
            std::mem::forget(p.req);
        }
    }

    /// Blocking-free receive of one waiting message: `(source, tag, bytes)`.
    pub(super) fn poll(&mut self) -> Option<(i32, i32, Vec<u8>)> {
        let probed = self.world.any_process().immediate_matched_probe()?;
        let (data, status) = probed.matched_receive_vec::<u8>();
        self.received[status.source_rank() as usize] += 1;
        Some((status.source_rank(), status.tag(), data))
    }

    /// Blocking-free receive of rank 0's STOP, ahead of the messages rank 0 sent before it
    /// (MPI keeps order only among messages a receive could match: a receive for STOP's tag
    /// overtakes a backlog of algorithm messages).
    pub(super) fn poll_stop(&mut self) -> Option<Vec<u8>> {
        let probed = self
            .world
            .process_at_rank(0)
            .immediate_matched_probe_with_tag(TAG_STOP)?;
        let (data, _) = probed.matched_receive_vec::<u8>();
        self.received[0] += 1;
        Some(data)
    }

    /// Ends the run on this communicator with no message in flight (call on every rank, after
    /// STOP and the statistics): the ranks exchange how many messages each sent to each
    /// (`MPI_Ialltoall`), then each receives and discards what it is still owed and completes
    /// its own sends. So no send stays pending into the next run or `MPI_Finalize`, and no
    /// stale message waits in a queue. Returns false if that did not happen by `deadline` (a
    /// rank is gone); the requests still pending are then leaked, never waited for.
    pub(super) fn settle(&mut self, deadline: Instant) -> bool {
        let counts: *mut [u64] = Box::leak(self.sent.clone().into_boxed_slice());
        let owed: *mut [u64] = Box::leak(vec![0u64; self.sent.len()].into_boxed_slice());
        // SAFETY: both buffers stay allocated, and are not touched, until the request
        // completes (then they are freed), or are leaked with the request.
        let mut exchange = Some(self.world.immediate_all_to_all_into(
            StaticScope,
            unsafe { &*counts },
            unsafe { &mut *owed },
        ));
        let mut expected: Option<Vec<u64>> = None;
        loop {
            if let Some(req) = exchange.take() {
                match req.test() {
                    Ok(_) => {
                        // SAFETY: the exchange completed; MPI no longer uses either buffer.
                        let owed = unsafe { Box::from_raw(owed) };
                        expected = Some(owed.to_vec());
                        drop(unsafe { Box::from_raw(counts) });
                    }
                    Err(req) => exchange = Some(req),
                }
            }
            let mut took = 0;
            while took < POLL_BATCH && self.poll().is_some() {
                took += 1;
            }
            let all_in = expected
                .as_ref()
                .is_some_and(|e| e.iter().zip(&self.received).all(|(e, r)| r >= e));
            if self.reap() && all_in {
                return true;
            }
            if Instant::now() > deadline {
                if let Some(req) = exchange {
                    std::mem::forget(req);
                }
                for p in self.pending.drain(..) {
                    std::mem::forget(p.req);
                }
                return false;
            }
            if took == 0 {
                std::thread::sleep(Duration::from_micros(20));
            }
        }
    }
}

impl Drop for Net<'_> {
    /// A run that ends early (an error) leaves sends pending: forget them (their buffers leak)
    /// rather than panic in rsmpi's `Request::drop` or block.
    fn drop(&mut self) {
        for p in self.pending.drain(..) {
            std::mem::forget(p.req);
        }
    }
}
