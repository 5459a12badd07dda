//! The simulator applies an UPDATE exactly at the virtual time it arrives, between two steps of
//! the slave's stepper (seed 000 §4.1's catcher).
use crate::slave::{Msg, Slave};
use crate::subsearch::{SerialSpec, Worker};
use arachne_core::{Score, Stats, Window};
use arachne_games::{Order, OrderedParams, OrderedTree};
use arachne_runtime::{run_sim, CostModel, Env, Pid, Process, SimConfig, HOST};
use arachne_search::stepper::StepperMode;
use std::sync::Arc;

/// Process 0: forwards the host's EVALUATE to the slave at once, works for `delay`, then sends
/// the slave a non-positive window (a cutoff).
#[allow(clippy::large_enum_variant)] // a test's two processes: size does not matter
enum Node {
    Stub { delay: f64 },
    Slave(Slave<OrderedTree>),
}

impl Process for Node {
    type Msg = Msg<OrderedTree>;
    fn on_message(&mut self, from: Pid, msg: Self::Msg, env: &mut Env<'_, Self::Msg>) {
        match self {
            Node::Stub { delay } => {
                if let Msg::Evaluate(t) = &msg {
                    let job = t.job;
                    env.send(1, msg);
                    env.charge(*delay);
                    let w = Window::new(Score(10_000_000), Score(-10_000_000));
                    env.send(1, Msg::Update { job, window: w });
                }
            }
            Node::Slave(s) => s.on_message(from, msg, env),
        }
    }
    fn busy(&self) -> bool {
        matches!(self, Node::Slave(s) if s.busy())
    }
    fn work(&mut self, env: &mut Env<'_, Self::Msg>, until: f64, max_steps: u64) {
        if let Node::Slave(s) = self {
            s.work(env, until, max_steps)
        }
    }
    fn stats(&self) -> Stats {
        match self {
            Node::Stub { .. } => Stats::default(),
            Node::Slave(s) => s.stats(),
        }
    }
}

#[test]
fn update_arrives_between_steps_at_its_virtual_time() {
    // unit cost: a bottom position 1, an interior node 0, a message 0.5.
    let cfg = SimConfig::new(CostModel::unit(1.0));
    let root = OrderedTree::new(OrderedParams {
        n: 3,
        d: 6,
        order: Order::Worst,
        seed: 1,
    })
    .unwrap();
    for delay in [10.0, 99.5, 250.0] {
        let procs = vec![
            Node::Stub { delay },
            // The paper's slave (the stepper): the catcher between two nodes.
            Node::Slave(Slave::with_spec(
                HOST,
                Arc::new(SerialSpec {
                    worker: Worker::Stepper,
                    ..SerialSpec::new(StepperMode::AlphaBeta, false, false)
                }),
            )),
        ];
        let init = vec![(0, Msg::evaluate(7, root, 6, 0, Window::FULL))];
        let out = run_sim(procs, init, &cfg, |_| true);
        // The slave starts at 0.5; the UPDATE leaves the stub at 0.5 + delay + 0.5 and arrives
        // then. Steps starting before that time run (one bottom position each: leaves at depth
        // 6 come in threes); the next node is visited, finds every window empty, and the search
        // unwinds at once.
        let arrive = 1.0 + delay;
        let before = (arrive - 0.5).ceil(); // bottom positions started before the UPDATE
        let leaves = out.procs[1].stats().leaves as f64;
        let pending_is_leaf = (before as u64) % 3 != 0;
        let expect = before + if pending_is_leaf { 1.0 } else { 0.0 };
        assert_eq!(leaves, expect, "delay {delay}");
        assert_eq!(out.time, 0.5 + leaves, "delay {delay}");
        assert!(leaves < 729.0);
    }
}

/// A slave given its machine's table keeps it whatever options it is given after (with the
/// engine options, which made it a new search, it searched with a table of its own).
#[test]
fn a_slave_keeps_its_shared_table_under_every_option() {
    use crate::slave::Engine;
    use arachne_core::TranspositionTable;
    use arachne_games::Chess;
    let t = Arc::new(TranspositionTable::with_slots(1 << 10));
    let engine = Engine {
        check_root: Some(6),
        null_move: true,
        worker: Worker::Engine,
    };
    let table_first = Slave::<Chess>::new(0, StepperMode::AlphaBeta, true)
        .with_table(Some(Arc::clone(&t)))
        .with_quiescence(true)
        .with_engine(engine);
    let table_last = Slave::<Chess>::new(0, StepperMode::AlphaBeta, true)
        .with_quiescence(true)
        .with_engine(engine)
        .with_table(Some(Arc::clone(&t)));
    for s in [table_first, table_last] {
        assert!(s.search.shares(&t));
        let spec = s.search.spec();
        assert!(spec.opts.null_move && spec.opts.check_extension && spec.opts.quiescence);
    }
}
