//! The synchronous batch master shared by [`crate::palphabeta_par`] and [`crate::pbound`]
//! (seed 000 §7): successors are handed out in batches of `f`, one to each slave, and the
//! master waits for the whole batch before it updates its window and starts the next one.
//! There are no UPDATE messages.
use crate::common::ProcTree;
use crate::master_kit::{send_value, Slots};
use crate::slave::{moves_of, Engine, MasterNode, Msg, Slave};
use arachne_core::{Game, Score, Stats, Window};
use arachne_runtime::{Env, Mailbox, Pid, Process};
use arachne_search::stepper::StepperMode;

/// Which of the two §7 procedures.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Palphabeta: successors searched with `(−β, −α)`, slaves run `alphabeta`.
    AlphaBeta,
    /// Pbound: successors searched with `(−∞, −m)` (no deep cutoffs), slaves run `bound`.
    Bound,
}

/// A master of Palphabeta or Pbound.
#[derive(Clone, Debug)]
pub(crate) struct BatchMaster<G: Game> {
    parent: Pid,
    /// The slaves; slot `j` searches successor `base + j` of the batch.
    slaves: Slots<G, ()>,
    rule: Rule,
    preorder: bool,
    node: MasterNode<G>,
    base: usize,
    stats: Stats,
}

impl<G: Game> BatchMaster<G> {
    fn start_batch(&mut self, env: &mut Env<'_, Msg<G>>) {
        let k = self.slaves.len().min(self.node.succ.len() - self.node.next);
        let window = match self.rule {
            Rule::AlphaBeta => Window::new(-self.node.beta, -self.node.alpha),
            Rule::Bound => Window::new(-Score::INF, -self.node.alpha),
        };
        let pos = self.node.pos.as_ref().expect("active");
        self.base = self.node.next;
        let (depth, ply) = (self.node.depth - 1, self.node.ply + 1);
        let mut msgs = Vec::with_capacity(k);
        for j in 0..k {
            let child = pos.play(self.node.succ[self.node.next + j]);
            self.slaves
                .assign(j, (), child, depth, ply, window, &mut msgs);
        }
        self.node.next += k;
        env.send_all(msgs);
    }
}

impl<G: Game> Process for BatchMaster<G> {
    type Msg = Msg<G>;

    fn on_message(&mut self, from: Pid, msg: Msg<G>, env: &mut Env<'_, Msg<G>>) {
        match msg {
            Msg::Evaluate(t) => {
                if !self
                    .node
                    .take_job(t, self.preorder, &mut self.stats, env, self.parent)
                {
                    return;
                }
                self.start_batch(env);
            }
            Msg::Update { .. } | Msg::Progress { .. } => {}
            Msg::Value {
                job, value, line, ..
            } => {
                let Some(j) = self.slaves.find(from, job) else {
                    return;
                };
                self.slaves.release(j);
                let line = moves_of(&line);
                self.node
                    .child_value(self.base + j, value, line, &mut self.stats);
                if self.slaves.busy() == 0 {
                    let node = &self.node;
                    if node.alpha >= node.beta || node.next == node.succ.len() {
                        send_value(env, self.parent, node.job, node.alpha, node.line(), false);
                    } else {
                        self.start_batch(env);
                    }
                }
            }
        }
    }

    fn stats(&self) -> Stats {
        self.stats
    }
}

/// A processor of a Palphabeta / Pbound system.
#[derive(Clone, Debug)]
pub(crate) enum BatchNode<G: Game> {
    /// A processor at distance ≥ 1 from the leaves of the processor tree.
    Master(Box<BatchMaster<G>>),
    /// A terminal processor running `alphabeta` or `bound`.
    Slave(Slave<G>),
}

impl<G: Game> Process for BatchNode<G> {
    type Msg = Msg<G>;
    fn on_message(&mut self, from: Pid, msg: Msg<G>, env: &mut Env<'_, Msg<G>>) {
        match self {
            BatchNode::Master(m) => m.on_message(from, msg, env),
            BatchNode::Slave(s) => s.on_message(from, msg, env),
        }
    }
    #[inline]
    fn busy(&self) -> bool {
        match self {
            BatchNode::Master(_) => false,
            BatchNode::Slave(s) => s.busy(),
        }
    }
    #[inline]
    fn work(&mut self, env: &mut Env<'_, Msg<G>>, until: f64, max_steps: u64) {
        if let BatchNode::Slave(s) = self {
            s.work(env, until, max_steps)
        }
    }
    /// Real backends: a slave's job on the serial search ([`Slave`]'s `run`).
    fn run(&mut self, env: &mut Env<'_, Msg<G>>, mailbox: &mut dyn Mailbox<Msg<G>>) -> bool {
        match self {
            BatchNode::Master(_) => false,
            BatchNode::Slave(s) => s.run(env, mailbox),
        }
    }
    fn stats(&self) -> Stats {
        match self {
            BatchNode::Master(m) => m.stats(),
            BatchNode::Slave(s) => s.stats(),
        }
    }
}

/// The processes of a Palphabeta (`rule = AlphaBeta`) or Pbound system on `tree`; with
/// `quiescence`, every processor values the bottom positions it meets by the quiescence search
/// (a master: a bottom position assigned to it; a slave: its search's horizon); `engine`: the
/// check extension at every processor, the null move in the slaves' serial searches
/// ([`Engine`]).
pub(crate) fn build<G: Game>(
    tree: ProcTree,
    rule: Rule,
    preorder: bool,
    quiescence: bool,
    engine: Engine,
) -> Vec<BatchNode<G>> {
    let n = tree.count().expect("processor count checked by the caller") as Pid;
    let mode = match rule {
        Rule::AlphaBeta => StepperMode::AlphaBeta,
        Rule::Bound => StepperMode::Bound,
    };
    (0..n)
        .map(|p| {
            if tree.is_leaf(p) {
                BatchNode::Slave(
                    Slave::new(tree.parent(p), mode, preorder)
                        .with_quiescence(quiescence)
                        .with_engine(engine),
                )
            } else {
                BatchNode::Master(Box::new(BatchMaster {
                    parent: tree.parent(p),
                    slaves: Slots::new(tree.children(p)),
                    rule,
                    preorder,
                    node: MasterNode::new()
                        .with_leaf(quiescence.then(crate::subsearch::quiescence_leaf::<G>))
                        .with_check_extension(engine.check_root),
                    base: 0,
                    stats: Stats::default(),
                }))
            }
        })
        .collect()
}
