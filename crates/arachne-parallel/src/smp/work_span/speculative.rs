//! Jamboree with speculation on P processors (seed 002 §6.2: the work/span model's greedy
//! schedule of the one-processor task graph leaves speculation out; this executes it).
//!
//! [`simulate_jamboree`] executes Jamboree itself on P virtual processors (a discrete-event
//! simulation over the same strands and costs as [`super`]'s task graph): a test takes its
//! window from its parent's α when it starts, a cutoff aborts the other sons (strands already
//! running run to their end and are counted as wasted), and the schedule is either a greedy list
//! schedule in the serial order or Cilk-5's work-first randomized work stealing with a cost per
//! steal attempt ([`Sched`]). On one processor it is the serial elision (T_1 = W, tested); on P
//! it returns the exact value (tested) and its T_P, busy and wasted time.
//! [`measure_speculative`] runs it over many trees.
use super::{CostWeights, Dag, Evaluated, Mark};
use crate::smp::jamboree::{Iterations, Next};
use arachne_core::{Game, Limits, Score};
use arachne_search::context::{Ctx, Node};
use arachne_search::SearchOptions;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
/// How [`simulate_jamboree`] hands ready work to processors.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sched {
    /// A global greedy list schedule: all of a node's tests become ready at once, and a free
    /// processor takes the ready son earliest in the serial order (the index path from the
    /// root, a re-search just after its test). Steals are free.
    Greedy,
    /// Cilk-5's work-first randomized work stealing: a processor runs a spawned son at once
    /// and leaves its parent's continuation (the rest of the test loop) at the bottom of its
    /// own deque; an idle processor takes its own deque's bottom, else tries to steal the top
    /// (the shallowest continuation) of a random victim's deque, each attempt costing `steal`
    /// time units whether it succeeds or not. `seed` chooses the victims.
    Stealing {
        /// Cost of one steal attempt.
        steal: u64,
        /// Seed of the victims' choice.
        seed: u64,
    },
}

/// One run of [`simulate_jamboree`]: Jamboree executed on `p` virtual processors.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecRun {
    /// Processors.
    pub p: u64,
    /// Makespan T_P.
    pub time: u64,
    /// Processor time spent on strands, aborted ones included.
    pub busy: u64,
    /// Processor time spent on strands whose node was aborted before they ended (wasted
    /// speculation).
    pub wasted: u64,
    /// Steal attempts.
    pub steals: u64,
    /// The root's value.
    pub value: Score,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum SKind {
    Root,
    First,
    Test,
    Research,
}

struct SNode<G: Game> {
    parent: u32,
    slot: usize,
    kind: SKind,
    key: Vec<u16>,
    pos: G,
    depth: u32,
    ply: usize,
    alive: bool,
    // After the node opened (interior nodes at or above the serial depth):
    alpha: Score,
    beta: Score,
    moves: Vec<G::Move>,
    best: Score,
    iters: Iterations,
    test_alpha: Vec<Score>,
    children: Vec<u32>,
}

impl<G: Game> SNode<G> {
    fn new(
        parent: u32,
        slot: usize,
        kind: SKind,
        key: Vec<u16>,
        pos: G,
        depth: u32,
        ply: usize,
    ) -> Self {
        SNode {
            parent,
            slot,
            kind,
            key,
            pos,
            depth,
            ply,
            alive: true,
            alpha: -Score::INF,
            beta: Score::INF,
            moves: Vec::new(),
            best: -Score::INF,
            iters: Iterations::new(0),
            test_alpha: Vec::new(),
            children: Vec::new(),
        }
    }
}

/// What a strand leaves when it ends.
enum Done {
    Opened,
    Value(Score),
}

/// Work made ready by an event.
#[derive(Copy, Clone, Debug)]
enum Act {
    /// Start this node (a son just spawned).
    Run(u32),
    /// The test loop of this node from this son on.
    Loop(u32, usize),
}

const NO_PARENT: u32 = u32::MAX;

/// The algorithm's state, independent of the schedule.
struct Spec<'a, G: Game> {
    ctx: Ctx<'a, Evaluated<G>>,
    nodes: Vec<SNode<Evaluated<G>>>,
    out: Vec<Act>,
    serial: u32,
    weights: CostWeights,
    root_value: Option<Score>,
}

impl<G: Game> Spec<'_, G> {
    fn alive(&self, id: u32) -> bool {
        self.nodes[id as usize].alive
    }

    fn spawn(&mut self, parent: u32, slot: usize, kind: SKind) -> u32 {
        let p = &self.nodes[parent as usize];
        let mut key = p.key.clone();
        key.push((2 * slot + usize::from(kind == SKind::Research)).min(u16::MAX as usize) as u16);
        let child = SNode::new(
            parent,
            slot,
            kind,
            key,
            p.pos.play(p.moves[slot]),
            p.depth - 1,
            p.ply + 1,
        );
        let id = self.nodes.len() as u32;
        self.nodes.push(child);
        self.nodes[parent as usize].children.push(id);
        id
    }

    /// Spawns test `i` of node `x` (its loop reached `i`); `None` if the loop is over or `x`
    /// was aborted.
    fn test(&mut self, x: u32, i: usize) -> Option<u32> {
        let n = &mut self.nodes[x as usize];
        if !n.alive || i >= n.moves.len() {
            return None;
        }
        Some(self.spawn(x, i, SKind::Test))
    }

    /// Starts node `id`'s first strand: its window from its parent's state now, its cost.
    fn start(&mut self, id: u32) -> (u64, Done) {
        let n = &self.nodes[id as usize];
        let (alpha, beta) = if n.kind == SKind::Root {
            (-Score::INF, Score::INF)
        } else {
            let p = &self.nodes[n.parent as usize];
            match n.kind {
                SKind::Test => (-p.alpha - 1, -p.alpha),
                _ => (-p.beta, -p.alpha),
            }
        };
        if n.kind == SKind::Test {
            let (parent, slot) = (n.parent as usize, n.slot);
            self.nodes[parent].test_alpha[slot] = -beta;
        }
        let n = &self.nodes[id as usize];
        let (pos, depth, ply) = (n.pos.clone(), n.depth, n.ply);
        let spawn = if n.kind == SKind::Root {
            0
        } else {
            self.weights.spawn
        };
        let before = Mark::now(&self.ctx);
        let cost = |ctx: &Ctx<Evaluated<G>>, w: CostWeights| {
            let mut dag = Dag::new(w);
            let c = dag.strand_since(&before, &Mark::now(ctx), &[0]);
            spawn + dag.cost[c as usize]
        };
        if depth < self.serial {
            let v = crate::smp::ab_tt(&mut self.ctx, &pos, depth, ply, alpha, beta)
                .expect("no limits: cannot abort");
            return (cost(&self.ctx, self.weights), Done::Value(v));
        }
        self.ctx.enter(ply).expect("no limits: cannot abort");
        let d = match self.ctx.node(&pos, depth, ply) {
            Node::Leaf(v) => return (cost(&self.ctx, self.weights), Done::Value(v)),
            Node::Interior(d) => d,
        };
        let c = cost(&self.ctx, self.weights);
        let moves: Vec<G::Move> = (0..d).map(|i| self.ctx.move_at(ply, i)).collect();
        let n = &mut self.nodes[id as usize];
        n.alpha = alpha;
        n.beta = beta;
        n.moves = moves;
        n.iters = Iterations::new(d);
        n.test_alpha = vec![alpha; d];
        (c, Done::Opened)
    }

    /// A strand of live node `id` ended with `done`: the algorithm's step; new work goes to
    /// `out`.
    fn ended(&mut self, id: u32, done: Done) {
        match done {
            Done::Opened => {
                let c = self.spawn(id, 0, SKind::First);
                self.out.push(Act::Run(c));
            }
            Done::Value(v) => self.finish(id, v),
        }
    }

    /// Marks `id`'s descendants dead (an abort).
    fn abort_below(&mut self, id: u32) {
        let mut stack: Vec<u32> = std::mem::take(&mut self.nodes[id as usize].children);
        while let Some(c) = stack.pop() {
            let n = &mut self.nodes[c as usize];
            if n.alive {
                n.alive = false;
                stack.append(&mut n.children);
            }
        }
    }

    /// Node `id` has value `v` (its side).
    fn finish(&mut self, mut id: u32, mut v: Score) {
        loop {
            let n = &self.nodes[id as usize];
            if n.kind == SKind::Root {
                self.root_value = Some(v);
                return;
            }
            let (parent, slot, kind) = (n.parent, n.slot, n.kind);
            self.nodes[id as usize].alive = false;
            match self.result(parent, slot, kind, -v) {
                Some(pv) => {
                    id = parent;
                    v = pv;
                }
                None => return,
            }
        }
    }

    /// Node `p` receives `s` (its side) from son `slot`'s search of kind `kind`; `Some(value)`
    /// when `p` is now complete.
    fn result(&mut self, p: u32, slot: usize, kind: SKind, s: Score) -> Option<Score> {
        let n = &mut self.nodes[p as usize];
        n.best = n.best.max(s);
        if s >= n.beta {
            let b = n.best;
            self.abort_below(p);
            return Some(b);
        }
        let count = n.moves.len();
        match kind {
            SKind::First => {
                n.alpha = n.alpha.max(s);
                if count == 1 {
                    return Some(n.best);
                }
                self.out.push(Act::Loop(p, 1));
                return None;
            }
            SKind::Test => {
                n.iters.tested(slot, s, n.test_alpha[slot]);
            }
            SKind::Research => {
                n.alpha = n.alpha.max(s);
                n.iters.researched(slot);
            }
            SKind::Root => unreachable!("the root has no parent"),
        }
        // Re-search the first iteration not complete, once every earlier one is.
        let n = &mut self.nodes[p as usize];
        match n.iters.next() {
            Next::Complete => Some(n.best),
            Next::Research(k) => {
                let c = self.spawn(p, k, SKind::Research);
                self.out.push(Act::Run(c));
                None
            }
            Next::Wait => None,
        }
    }
}

/// Jamboree (`jamboree`'s algorithm) executed on `p` virtual processors, with speculation:
/// a discrete-event simulation in which every strand (a node's opening with its static
/// ordering, or a serial search below the serial depth) takes its cost in time. Unlike the
/// greedy schedule of the one-processor task graph ([`Dag::greedy`]), the parallel
/// execution's own choices are simulated:
///
/// * a test or re-search takes its window from its parent's `α` when it **starts**: tests
///   running together all see the `α` of the first son, not the later re-searches' — more of
///   them fail high and are re-searched, and they search wider windows;
/// * a cutoff aborts the node's other sons: sons not started are dropped, running strands run
///   to their end (serial C code cannot be interrupted; a Cilk procedure stops at its next
///   spawn or sync) and count as wasted;
/// * the schedule ([`Sched`]): a greedy list schedule in the serial order, or Cilk's
///   randomized work stealing with a cost per steal attempt.
///
/// With one processor this is the serial elision exactly: T_1 = the traced W (tested). Spawn
/// costs are charged to each son's first strand.
pub fn simulate_jamboree<G: Game>(
    root: &G,
    depth: u32,
    serial: u32,
    preorder: bool,
    weights: CostWeights,
    p: u64,
    sched: Sched,
) -> SpecRun {
    let opts = SearchOptions {
        preorder,
        ..SearchOptions::default()
    };
    let limits = Limits::default();
    let mut sim = Spec {
        ctx: Ctx::new(&opts, &limits, None),
        nodes: vec![SNode::new(
            NO_PARENT,
            0,
            SKind::Root,
            Vec::new(),
            Evaluated(root.clone()),
            depth,
            0,
        )],
        out: Vec::new(),
        serial: serial.max(1),
        weights,
        root_value: None,
    };
    let p = p.max(1);
    let mut run = SpecRun {
        p,
        time: 0,
        busy: 0,
        wasted: 0,
        steals: 0,
        value: Score(0),
    };
    match sched {
        Sched::Greedy => greedy_spec(&mut sim, &mut run),
        Sched::Stealing { steal, seed } => stealing_spec(&mut sim, &mut run, steal.max(1), seed),
    }
    run.value = sim
        .root_value
        .expect("the simulation ends with the root's value");
    run
}

/// [`Sched::Greedy`].
fn greedy_spec<G: Game>(sim: &mut Spec<'_, G>, run: &mut SpecRun) {
    let mut ready: BinaryHeap<Reverse<(Vec<u16>, u32)>> = BinaryHeap::new();
    ready.push(Reverse((Vec::new(), 0)));
    // Running strands: (end, sequence, node, cost); their outcomes by sequence.
    let mut running: BinaryHeap<Reverse<(u64, u64, u32, u64)>> = BinaryHeap::new();
    let mut outcome: Vec<Option<Done>> = Vec::new();
    let (mut now, mut free) = (0u64, run.p);
    while sim.root_value.is_none() {
        while free > 0 {
            let Some(Reverse((_, id))) = ready.pop() else {
                break;
            };
            if !sim.alive(id) {
                continue;
            }
            let (cost, done) = sim.start(id);
            free -= 1;
            run.busy += cost;
            running.push(Reverse((now + cost, outcome.len() as u64, id, cost)));
            outcome.push(Some(done));
        }
        let Reverse((t, s, id, cost)) =
            running.pop().expect("a strand runs while the root is open");
        now = t;
        free += 1;
        let done = outcome[s as usize].take().expect("one outcome per strand");
        if !sim.alive(id) {
            run.wasted += cost;
            continue;
        }
        sim.ended(id, done);
        for a in std::mem::take(&mut sim.out) {
            match a {
                Act::Run(c) => ready.push(Reverse((sim.nodes[c as usize].key.clone(), c))),
                Act::Loop(x, i) => {
                    let mut j = i;
                    while let Some(c) = sim.test(x, j) {
                        ready.push(Reverse((sim.nodes[c as usize].key.clone(), c)));
                        j += 1;
                    }
                }
            }
        }
    }
    run.time = now;
    for Reverse((_, _, _, cost)) in running {
        run.wasted += cost;
    }
}

/// [`Sched::Stealing`].
fn stealing_spec<G: Game>(sim: &mut Spec<'_, G>, run: &mut SpecRun, steal: u64, seed: u64) {
    use std::collections::VecDeque;
    type Events = BinaryHeap<Reverse<(u64, u64, usize, Option<(u32, u64)>)>>;
    let p = run.p as usize;
    // Each processor's deque of continuations `(node, next test)`: bottom = back.
    let mut deques: Vec<VecDeque<(u32, usize)>> = vec![VecDeque::new(); p];
    let mut items = 0usize;
    // Processors idle while every deque is empty (woken when one fills: their attempts would
    // all fail meanwhile, so this only saves events).
    let mut parked: Vec<usize> = Vec::new();
    // Events: (time, sequence, processor, a strand `(node, cost)` ending or a steal attempt).
    let mut events: Events = BinaryHeap::new();
    let mut outcome: Vec<Option<Done>> = Vec::new();
    let (mut rng, mut now) = (seed, 0u64);
    let begin = |sim: &mut Spec<'_, G>,
                 events: &mut Events,
                 outcome: &mut Vec<Option<Done>>,
                 run: &mut SpecRun,
                 q: usize,
                 id: u32,
                 now: u64| {
        let (cost, done) = sim.start(id);
        run.busy += cost;
        events.push(Reverse((
            now + cost,
            outcome.len() as u64,
            q,
            Some((id, cost)),
        )));
        outcome.push(Some(done));
    };
    let attempt = |events: &mut Events, outcome: &mut Vec<Option<Done>>, q: usize, at: u64| {
        events.push(Reverse((at, outcome.len() as u64, q, None)));
        outcome.push(None);
    };
    begin(sim, &mut events, &mut outcome, run, 0, 0, 0);
    parked.extend(1..p);
    while sim.root_value.is_none() {
        let Reverse((t, seq, q, what)) = events
            .pop()
            .expect("a processor works while the root is open");
        now = t;
        // The work processor `q` takes next: the event's, else its deque's bottom, else a steal.
        let mut next: Option<u32> = None;
        let mut pushed = false;
        match what {
            Some((id, cost)) => {
                let done = outcome[seq as usize]
                    .take()
                    .expect("one outcome per strand");
                if !sim.alive(id) {
                    run.wasted += cost;
                } else {
                    sim.ended(id, done);
                    for a in std::mem::take(&mut sim.out) {
                        match a {
                            Act::Run(c) => next = Some(c),
                            Act::Loop(x, i) => {
                                if let Some(c) = sim.test(x, i) {
                                    deques[q].push_back((x, i + 1));
                                    (items, pushed) = (items + 1, true);
                                    next = Some(c);
                                }
                            }
                        }
                    }
                }
                if sim.root_value.is_some() {
                    break;
                }
                while next.is_none() {
                    let Some((x, i)) = deques[q].pop_back() else {
                        break;
                    };
                    items -= 1;
                    if let Some(c) = sim.test(x, i) {
                        deques[q].push_back((x, i + 1));
                        (items, pushed) = (items + 1, true);
                        next = Some(c);
                    }
                }
            }
            None if items == 0 => {
                parked.push(q);
                continue;
            }
            None => {
                run.steals += 1;
                rng = arachne_core::rng::hash2(rng, run.steals);
                let v = (rng % p as u64) as usize;
                if v != q {
                    while let Some((x, i)) = deques[v].pop_front() {
                        items -= 1;
                        if let Some(c) = sim.test(x, i) {
                            deques[q].push_back((x, i + 1));
                            (items, pushed) = (items + 1, true);
                            next = Some(c);
                            break;
                        }
                    }
                }
            }
        }
        match next {
            Some(c) => begin(sim, &mut events, &mut outcome, run, q, c, now),
            None => attempt(&mut events, &mut outcome, q, now + steal),
        }
        if pushed {
            for r in parked.drain(..) {
                attempt(&mut events, &mut outcome, r, now + steal);
            }
        }
    }
    run.time = now;
    for Reverse((_, _, _, what)) in events {
        if let Some((_, cost)) = what {
            run.wasted += cost;
        }
    }
}

/// [`simulate_jamboree`] on every tree of `roots` (one after another) at every P of `procs`:
/// the totals of T_P, busy time, wasted time and steal attempts (`value`: the last tree's).
pub fn measure_speculative<G: Game>(
    roots: &[G],
    depth: u32,
    serial: u32,
    preorder: bool,
    weights: CostWeights,
    procs: &[u64],
    sched: Sched,
) -> Vec<SpecRun> {
    procs
        .iter()
        .map(|&p| {
            let mut total = SpecRun {
                p,
                time: 0,
                busy: 0,
                wasted: 0,
                steals: 0,
                value: Score(0),
            };
            for (k, r) in roots.iter().enumerate() {
                let sched = match sched {
                    Sched::Stealing { steal, seed } => Sched::Stealing {
                        steal,
                        seed: arachne_core::rng::hash2(seed, k as u64),
                    },
                    s => s,
                };
                let run = simulate_jamboree(r, depth, serial, preorder, weights, p, sched);
                total.time += run.time;
                total.busy += run.busy;
                total.wasted += run.wasted;
                total.steals += run.steals;
                total.value = run.value;
            }
            total
        })
        .collect()
}
