//! Round-trip latency and message rate of the `mpi` runtime between two ranks (BENCHMARKS.md):
//!
//! ```sh
//! cargo build --release -p arachne-mpi --features mpi --example mpi_pingpong
//! mpirun --oversubscribe -n 2 target/release/examples/mpi_pingpong [ROUND_TRIPS] [FLOOD]
//! ```
//!
//! Process 0 lives on rank 0, process 1 on rank 1. *Ping-pong*: a counter goes back and forth
//! `ROUND_TRIPS` times (each hop crosses ranks): round-trip time = wall / round trips.
//! *Flood*: process 1 sends `FLOOD` messages to process 0 as fast as it can (in chunks of 64
//! between mailbox polls); messages per second = FLOOD / wall until the last one arrived.
use arachne_runtime::mpi::{finalize, init, last_traffic, run_mpi, MpiConfig};
use arachne_runtime::traffic::Traffic;
use arachne_runtime::{wire, CostModel};

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let trips = args.first().copied().unwrap_or(10_000);
    let flood = args.get(1).copied().unwrap_or(200_000);
    arachne_mpi::install();
    let world = init().expect("MPI");
    assert_eq!(world.size, 2, "run with mpirun -n 2");
    wire::register::<u32>(None);
    let cost = CostModel::unit(1.0);
    let cfg = MpiConfig {
        poll_every: 64,
        threads: None,
    };
    let procs = vec![
        Traffic::Ping {
            other: 1,
            hops: 2 * trips,
            until: None,
        },
        Traffic::Ping {
            other: 0,
            hops: 2 * trips,
            until: None,
        },
    ];
    let o = run_mpi(procs, vec![(0, 0)], &cost, &cfg, |_| true).expect("ping-pong");
    if world.rank == 0 {
        let s = o.elapsed.as_secs_f64();
        println!(
            "{{\"bench\":\"ping-pong\",\"round_trips\":{trips},\"wall_s\":{s:.4},\"round_trip_us\":{:.2},\"messages_per_s\":{:.0}}}",
            s * 1e6 / trips as f64,
            2.0 * trips as f64 / s
        );
    }
    let procs = vec![
        Traffic::Sink {
            want: flood,
            got: 0,
        },
        Traffic::Source { left: 0 },
    ];
    let o = run_mpi(procs, vec![(1, flood)], &cost, &cfg, |_| true).expect("flood");
    if world.rank == 0 {
        let s = o.elapsed.as_secs_f64();
        let (m, b) = last_traffic();
        println!(
            "{{\"bench\":\"flood\",\"messages\":{flood},\"wall_s\":{s:.4},\"messages_per_s\":{:.0},\"bytes_per_message\":{:.2}}}",
            flood as f64 / s,
            b as f64 / m.max(1) as f64
        );
    }
    finalize();
}
