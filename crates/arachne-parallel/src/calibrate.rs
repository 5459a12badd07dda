//! `--cost measured`: this machine's cost of a node and of a message, for the simulator.
//!
//! The simulator's presets are other machines: `unit` is seed 000 §7's model and `arachne`
//! the LSI-11 network of its §5. To predict what the threads backend will do here, the
//! simulator needs this machine's figures. [`measure`] takes them, in seconds, just before a
//! search, and [`Calibration::cost_model`] turns them into a
//! [`CostModel::measured`](arachne_runtime::CostModel::measured).
//!
//! * **A node** is what one node of the processors' serial search costs on this game with
//!   these options. The search is `arachne-search`'s `alphabeta`, which the processors run
//!   below their grain on real backends (`crate::subsearch`). It deepens from one ply until a
//!   depth takes at least `NODE_SAMPLE` or the requested depth is reached. The figure is
//!   that depth's wall time over its interior and bottom nodes. The simulator charges one
//!   figure for both kinds, so quiescence nodes fold into it: the simulator does not count
//!   them.
//! * **A message** is two figures, from two processes on the threads runtime:
//!   - a *flood* of `FLOOD` messages from one process to the other gives `message`, the
//!     sender's cost per message (wall time over messages);
//!   - a *ping-pong* of `HOPS` hops (or fewer, for at most `PING_BUDGET`) gives the one-way delay of a message to a process waiting
//!     for it: a channel send and a thread wake-up. `latency` is that delay less `message`.
//!
//!   A processor that is searching reads its mailbox every `poll_every` nodes
//!   (`arachne search` uses 32 on threads), so a message to a busy processor waits about half
//!   that many nodes more. That wait is added to `latency`.
//!
//! **The grain.** Each algorithm sets how much work a job carries, and so how many messages a
//! node costs: tree-split by the depth of its processor tree (a slave searches what lies below
//! it), type-guided by `serial=S` (a node within `S` plies of the horizon is searched serially,
//! default 2). What a message costs against a node decides which grain pays. On the project
//! machine (`--cost measured`, 2026-11-27, other builds running) a node of `alphabeta` cost
//! 0.11 µs on `incremental:b=10` trees, 0.25 µs on checkers and 2.8 µs on chess with
//! quiescence; sending a message 0.09–0.14 µs; and a message reached a waiting thread 4–6 µs
//! later. A job's two messages and its wake-up therefore cost about as much as 40 nodes of a
//! synthetic tree, 25 of checkers, but only 2 of chess. So the defaults' grain (a job is at least the
//! subtree two plies above the horizon, 100 or more nodes on a b = 10 tree) pays on both,
//! and a finer grain pays only on chess. `--cost measured` puts these figures into the
//! simulator, so a grain can be tried there before a run on real cores. BENCHMARKS.md
//! compares the simulator's predicted speedup with the threads backend's at P = 2–3
//! (`arachne speedup --predict`).
use arachne_core::{Game, Limits};
use arachne_runtime::traffic::Traffic;
use arachne_runtime::{run_threads, CostModel};
use arachne_search::{Algorithm, SearchOptions};
use std::time::{Duration, Instant};

/// The shortest serial search that [`measure`] times for the cost of a node.
pub(crate) const NODE_SAMPLE: Duration = Duration::from_millis(40);
/// Messages in the flood that gives the cost of sending one.
pub(crate) const FLOOD: u32 = 50_000;
/// Most hops of the ping-pong that gives a message's delay.
pub(crate) const HOPS: u32 = 5_000;
/// The ping-pong ends after this long even if it has not made [`HOPS`] hops (a loaded machine
/// can take milliseconds to wake a thread).
pub(crate) const PING_BUDGET: Duration = Duration::from_millis(50);

/// This machine's figures, in seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// One node of the serial search.
    pub node: f64,
    /// Interior and bottom nodes of the timed search, and the depth it reached.
    pub nodes: u64,
    /// Depth of the timed search.
    pub depth: u32,
    /// Sending one message (flood).
    pub message: f64,
    /// One-way delay of a message to a waiting process (ping-pong), less `message`.
    pub wake: f64,
    /// Nodes a busy processor searches between two looks at its mailbox.
    pub poll_every: u64,
}

impl Calibration {
    /// The simulator's cost model for these figures: a node costs `node`, a message costs
    /// `message` at its sender, and it arrives `wake + poll_every / 2 · node` later.
    pub fn cost_model(&self) -> CostModel {
        let latency = self.wake + self.poll_every as f64 / 2.0 * self.node;
        CostModel::measured(self.node, self.message, latency)
    }
}

/// Measures a node of `alphabeta` with `opts` on `root` (at most `depth` plies), and a message
/// of the threads runtime. Takes about a tenth of a second more than the node sample.
pub fn measure<G: Game>(
    root: &G,
    depth: u32,
    opts: &SearchOptions,
    poll_every: u64,
) -> Calibration {
    let (node, nodes, reached) = node_cost(root, depth.max(1), opts);
    let (message, one_way) = message_costs();
    Calibration {
        node,
        nodes,
        depth: reached,
        message,
        wake: (one_way - message).max(0.0),
        poll_every,
    }
}

fn node_cost<G: Game>(root: &G, depth: u32, opts: &SearchOptions) -> (f64, u64, u32) {
    let mut last = (0.0, 0, 0);
    for d in 1..=depth {
        let limits = Limits {
            depth: Some(d),
            ..Limits::default()
        };
        let t = Instant::now();
        let out = Algorithm::AlphaBeta.search(root, &limits, opts);
        let secs = t.elapsed().as_secs_f64();
        let n = out.stats.interior + out.stats.leaves;
        if n > 0 {
            last = (secs / n as f64, n, d);
        }
        if t.elapsed() >= NODE_SAMPLE {
            break;
        }
    }
    last
}

/// `(sending one message, one-way delay to a waiting process)`, seconds, on threads.
fn message_costs() -> (f64, f64) {
    let cost = CostModel::unit(1.0);
    let flood = run_threads(
        vec![
            Traffic::Sink {
                want: FLOOD,
                got: 0,
            },
            Traffic::Source { left: 0 },
        ],
        vec![(1, FLOOD)],
        &cost,
        64,
        |_| true,
    );
    let start = Instant::now();
    let ping = run_threads(
        vec![
            Traffic::Ping {
                other: 1,
                hops: HOPS,
                until: Some(start + PING_BUDGET),
            },
            Traffic::Ping {
                other: 0,
                hops: HOPS,
                until: Some(start + PING_BUDGET),
            },
        ],
        vec![(0, 0)],
        &cost,
        64,
        |_| true,
    );
    let hops = ping.host.first().map_or(HOPS, |&(_, k)| k);
    (
        flood.elapsed.as_secs_f64() / FLOOD as f64,
        ping.elapsed.as_secs_f64() / hops.max(1) as f64,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};

    #[test]
    fn figures_are_positive_and_make_a_valid_model() {
        let root = IncrementalTree::new(IncrementalParams {
            b: 6,
            d: 6,
            seed: 3,
            branching: Branching::Uniform,
            values: EdgeValues::Int { lo: -50, hi: 50 },
        });
        let c = measure(&root, 6, &SearchOptions::default(), 32);
        assert!(c.node > 0.0 && c.message > 0.0 && c.wake >= 0.0, "{c:?}");
        assert!(c.depth >= 1 && c.depth <= 6 && c.nodes > 0, "{c:?}");
        let m = c.cost_model();
        m.validate().unwrap();
        assert_eq!((m.name, m.leaf, m.interior), ("measured", c.node, c.node));
        assert!(m.latency >= 16.0 * c.node);
    }
}
