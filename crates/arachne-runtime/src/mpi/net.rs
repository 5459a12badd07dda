//! A run's traffic on its communicator ([`Comm`]): sends and probes, the messages counted per
//! rank, and the settling of a run's last messages (module docs, End).
use super::transport::Comm;
use super::{POLL_BATCH, REAP_BATCH, TAG_HOST, TAG_MSG, TAG_STOP};
use std::time::{Duration, Instant};

/// The traffic of one run: the communicator, and the messages sent to and received from each
/// rank (to [`settle`](Net::settle) at the end).
pub(super) struct Net<'w> {
    comm: &'w mut dyn Comm,
    pub(super) remote_messages: u64,
    pub(super) remote_bytes: u64,
    /// Messages sent to each rank (every tag).
    sent: Vec<u64>,
    /// Messages received from each rank (every tag).
    received: Vec<u64>,
}

impl<'w> Net<'w> {
    pub(super) fn new(comm: &'w mut dyn Comm, ranks: usize) -> Self {
        Net {
            comm,
            remote_messages: 0,
            remote_bytes: 0,
            sent: vec![0; ranks],
            received: vec![0; ranks],
        }
    }

    pub(super) fn isend(&mut self, rank: i32, tag: i32, bytes: Vec<u8>) {
        if tag == TAG_MSG || tag == TAG_HOST {
            self.remote_messages += 1;
            self.remote_bytes += bytes.len() as u64;
        }
        self.sent[rank as usize] += 1;
        self.comm.isend(rank, tag, bytes);
    }

    /// Frees the buffers of completed sends, testing at most [`REAP_BATCH`] of them (oldest
    /// first; each test also drives MPI's progress engine, which measured faster in a flood of
    /// messages than testing only the oldest, but testing tens of thousands of pending sends
    /// per round made a round take milliseconds); true if none is pending.
    pub(super) fn reap(&mut self) -> bool {
        self.comm.reap(REAP_BATCH)
    }

    /// Waits up to `limit` for the pending sends; leaks those that never complete (their peer
    /// is gone) rather than block.
    pub(super) fn drain(&mut self, limit: Duration) {
        let t = Instant::now();
        while !self.reap() && t.elapsed() < limit {
            std::thread::sleep(Duration::from_micros(50));
        }
        self.comm.forget();
    }

    /// Blocking-free receive of one waiting message: `(source, tag, bytes)`.
    pub(super) fn poll(&mut self) -> Option<(i32, i32, Vec<u8>)> {
        let (source, tag, data) = self.comm.poll()?;
        self.received[source as usize] += 1;
        Some((source, tag, data))
    }

    /// Blocking-free receive of rank 0's STOP, ahead of the messages rank 0 sent before it
    /// (MPI keeps order only among messages a receive could match: a receive for STOP's tag
    /// overtakes a backlog of algorithm messages).
    pub(super) fn poll_stop(&mut self) -> Option<Vec<u8>> {
        let data = self.comm.poll_from(0, TAG_STOP)?;
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
        self.comm.start_exchange(self.sent.clone());
        let mut expected: Option<Vec<u64>> = None;
        loop {
            if expected.is_none() {
                expected = self.comm.exchanged();
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
                if expected.is_none() {
                    self.comm.abandon_exchange();
                }
                self.comm.forget();
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
    /// rather than block.
    fn drop(&mut self) {
        self.comm.forget();
    }
}
