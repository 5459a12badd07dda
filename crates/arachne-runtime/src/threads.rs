//! The `threads` runtime: one OS thread per process, crossbeam channels, wall-clock time.
//!
//! A process with background work (a searching slave) runs `poll_every` nodes, then takes every
//! message waiting in its mailbox (an UPDATE narrows its window at once), then continues; an idle
//! process blocks on its mailbox. When the host receives a message for which `stop` is true every
//! thread is told to stop and the processes are handed back.
use crate::process::{Env, Outgoing, Pid, Process, HOST};
use crate::CostModel;
use crossbeam_channel::{unbounded, Receiver, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

enum Ctl<M> {
    Msg(Pid, M),
    Stop,
}

/// The result of a threaded run.
#[derive(Debug)]
pub struct ThreadsOutcome<P: Process> {
    /// The processes, as they ended.
    pub procs: Vec<P>,
    /// Messages the host received, with their arrival times (seconds since the start).
    pub host: Vec<(f64, P::Msg)>,
    /// Wall time until the stopping message arrived.
    pub elapsed: Duration,
    /// Messages sent.
    pub messages: u64,
}

/// Most threads `run_threads` will start.
pub const MAX_THREADS: usize = 1024;

fn flush<M>(
    me: Pid,
    out: std::vec::Drain<'_, Outgoing<M>>,
    peers: &[Sender<Ctl<M>>],
    host: &Sender<(Pid, M)>,
) {
    for o in out {
        if o.to == HOST {
            let _ = host.send((me, o.msg));
        } else {
            let _ = peers[o.to as usize].send(Ctl::Msg(me, o.msg));
        }
    }
}

/// Runs `procs` on threads from the `initial` messages until the host receives a message for
/// which `stop` is true. `poll_every` is the number of nodes a busy process searches between
/// looks at its mailbox.
pub fn run_threads<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    cost: &CostModel,
    poll_every: u64,
    mut stop: impl FnMut(&P::Msg) -> bool,
) -> ThreadsOutcome<P> {
    let n = procs.len();
    assert!(n <= MAX_THREADS, "at most {MAX_THREADS} threads");
    let (senders, receivers): (Vec<_>, Vec<_>) = (0..n).map(|_| unbounded::<Ctl<P::Msg>>()).unzip();
    let peers = Arc::new(senders);
    let (host_tx, host_rx) = unbounded::<(Pid, P::Msg)>();
    let poll = poll_every.max(1);
    let start = Instant::now();
    for (to, msg) in initial {
        let _ = peers[to as usize].send(Ctl::Msg(HOST, msg));
    }
    let mut handles = Vec::with_capacity(n);
    for (pid, (mut proc_, rx)) in procs.into_iter().zip(receivers).enumerate() {
        let peers = Arc::clone(&peers);
        let host = host_tx.clone();
        let cost = cost.clone();
        let rx: Receiver<Ctl<P::Msg>> = rx;
        handles.push(std::thread::spawn(move || {
            let me = pid as Pid;
            let mut env = Env::new(me, &cost);
            'outer: loop {
                // Take everything waiting; block only when there is nothing else to do.
                let first = if proc_.busy() {
                    rx.try_recv().ok()
                } else {
                    match rx.recv() {
                        Ok(c) => Some(c),
                        Err(_) => break,
                    }
                };
                let mut next = first;
                while let Some(c) = next {
                    match c {
                        Ctl::Stop => break 'outer,
                        Ctl::Msg(from, msg) => {
                            proc_.on_message(from, msg, &mut env);
                            flush(me, env.drain(), &peers, &host);
                        }
                    }
                    next = rx.try_recv().ok();
                }
                if proc_.busy() {
                    proc_.work(&mut env, f64::INFINITY, poll);
                    flush(me, env.drain(), &peers, &host);
                }
            }
            (proc_, env.sent)
        }));
    }
    drop(host_tx);
    let mut host = Vec::new();
    let mut elapsed = None;
    while let Ok((_, msg)) = host_rx.recv() {
        let t = start.elapsed();
        let done = stop(&msg);
        host.push((t.as_secs_f64(), msg));
        if done {
            elapsed = Some(t);
            break;
        }
    }
    for s in peers.iter() {
        let _ = s.send(Ctl::Stop);
    }
    let mut procs = Vec::with_capacity(n);
    let mut messages = 0;
    for h in handles {
        let (p, sent) = h.join().expect("process thread panicked");
        procs.push(p);
        messages += sent;
    }
    ThreadsOutcome {
        procs,
        host,
        elapsed: elapsed.unwrap_or_else(|| start.elapsed()),
        messages,
    }
}
