//! The one execution layer ([`arachne_runtime::exec`]): the same processes on every backend
//! through [`execute`], and a run on MPI whose message type has no registered encoding
//! refused before it starts.
use arachne_core::{Limits, Stats};
use arachne_runtime::exec::{execute, Backend, ExecError};
use arachne_runtime::wire::{Reader, Wire, WireError};
use arachne_runtime::{CostModel, Env, Pid, Process, SimConfig, HOST};

/// A counter of this test's own type (so no other code registers its encoding).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Count(u32);

impl Wire for Count {
    fn encode(&self, out: &mut Vec<u8>) {
        self.0.encode(out)
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(Count(u32::decode(r)?))
    }
}

/// Process 0 and 1 pass a counter back and forth until it reaches `limit`, then tell the host.
struct Ping {
    other: Pid,
    limit: u32,
    seen: u64,
}

impl Process for Ping {
    type Msg = Count;
    fn on_message(&mut self, _from: Pid, Count(k): Count, env: &mut Env<'_, Count>) {
        env.charge_leaf();
        self.seen += 1;
        if k >= self.limit {
            env.send(HOST, Count(k));
        } else {
            env.send(self.other, Count(k + 1));
        }
    }
    fn stats(&self) -> Stats {
        Stats {
            leaves: self.seen,
            ..Stats::default()
        }
    }
}

fn pair(limit: u32) -> Vec<Ping> {
    vec![
        Ping {
            other: 1,
            limit,
            seen: 0,
        },
        Ping {
            other: 0,
            limit,
            seen: 0,
        },
    ]
}

#[test]
fn sim_and_threads_give_the_same_run() {
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(2.0)));
    let threads = Backend::Threads { poll_every: 1 };
    for backend in [sim, threads] {
        let (run, procs) = execute(
            pair(10),
            vec![(0, Count(0))],
            &backend,
            &Limits::default(),
            |_| true,
        );
        assert_eq!(run.error, None, "{backend:?}");
        assert_eq!(run.stopped, None, "{backend:?}");
        assert_eq!(run.host.len(), 1, "{backend:?}");
        assert_eq!(run.host[0].1, Count(10), "{backend:?}");
        // 11 handlings (k = 0..=10): 6 by process 0, 5 by process 1; 11 messages.
        assert_eq!(run.messages, 11, "{backend:?}");
        assert_eq!(
            run.proc_stats.iter().map(|s| s.leaves).collect::<Vec<_>>(),
            [6, 5]
        );
        assert_eq!(run.stats.leaves, 11, "{backend:?}");
        assert_eq!(procs.len(), 2, "{backend:?}");
        // Busy and idle time for every process, on the simulator and on threads alike; on
        // threads each process's busy + idle is the run's wall time.
        assert_eq!(run.busy.len(), 2, "{backend:?}");
        assert_eq!(run.idle.len(), 2, "{backend:?}");
        assert!(
            run.busy.iter().all(|&b| b > 0.0),
            "{backend:?}: {:?}",
            run.busy
        );
        if let Backend::Threads { .. } = backend {
            for (b, i) in run.busy.iter().zip(&run.idle) {
                assert!(
                    *i >= 0.0 && (b + i - run.time).abs() < 1e-9,
                    "{b} + {i} != {}",
                    run.time
                );
            }
        }
    }
}

/// The pair on MPI (on a thread that registered no encoding).
fn on_mpi() -> (arachne_runtime::Run<Count>, Vec<Ping>) {
    let mpi = Backend::mpi(1);
    execute(
        pair(3),
        vec![(0, Count(0))],
        &mpi,
        &Limits::default(),
        |_| true,
    )
}

/// Without an MPI transport installed (`arachne-mpi` with its feature `mpi`), the backend
/// says how to get one.
#[test]
fn mpi_without_the_feature_says_how_to_get_it() {
    let (run, procs) = on_mpi();
    assert_eq!(run.error, Some(ExecError::NoMpi));
    assert!(run.error.unwrap().to_string().contains("--features mpi"));
    assert!(procs.is_empty());
}
