//! Processes that only pass messages: what a message costs on a backend, measured by the
//! runtime itself (`examples/mpi_pingpong.rs` on MPI; `arachne_parallel::calibrate` on threads
//! for `--cost measured`).
//!
//! * A **ping-pong**: two [`Traffic::Ping`] processes send a counter back and forth; the one
//!   that sees `hops` (or its time is up) tells the host the hops made. Wall time over hops is a
//!   message's one-way delay to a waiting process.
//! * A **flood**: a [`Traffic::Source`] sends process 0, a [`Traffic::Sink`], as many messages
//!   as the host tells it, in chunks between looks at its mailbox; the sink tells the host when
//!   the last arrived. Wall time over messages is what sending one costs.
use crate::process::{Env, Pid, Process, HOST};
use arachne_core::Stats;
use std::time::Instant;

/// One of the processes above. Messages are `u32` counters.
pub enum Traffic {
    /// Sends the counter on to `other` until it reaches `hops`, or until `until` has passed,
    /// then tells the host the counter (the hops made).
    Ping {
        /// The other process of the pair.
        other: Pid,
        /// Hops to make.
        hops: u32,
        /// Stop after this instant even if fewer hops were made.
        until: Option<Instant>,
    },
    /// Counts messages and tells the host when `want` have arrived.
    Sink {
        /// Messages to wait for.
        want: u32,
        /// Messages so far.
        got: u32,
    },
    /// Sends `left` messages to process 0 (the host's message sets `left`).
    Source {
        /// Messages still to send.
        left: u32,
    },
}

impl Process for Traffic {
    type Msg = u32;
    fn on_message(&mut self, from: Pid, k: u32, env: &mut Env<'_, u32>) {
        match self {
            Traffic::Ping { other, hops, until } => {
                if k >= *hops || until.is_some_and(|t| Instant::now() >= t) {
                    env.send(HOST, k);
                } else {
                    env.send(*other, k + 1);
                }
            }
            Traffic::Sink { want, got } => {
                *got += 1;
                if *got == *want {
                    env.send(HOST, *got);
                }
            }
            Traffic::Source { left } if from == HOST => *left = k,
            Traffic::Source { .. } => {}
        }
    }
    fn busy(&self) -> bool {
        matches!(self, Traffic::Source { left } if *left > 0)
    }
    fn work(&mut self, env: &mut Env<'_, u32>, _until: f64, max_steps: u64) {
        if let Traffic::Source { left } = self {
            for _ in 0..max_steps.min(*left as u64) {
                *left -= 1;
                env.send(0, *left);
            }
        }
    }
    fn stats(&self) -> Stats {
        Stats::default()
    }
}
