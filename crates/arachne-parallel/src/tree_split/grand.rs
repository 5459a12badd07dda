//! §6, third optimization (`tree-split:grand=1`): a master evaluates its position by assigning
//! its **successors' successors** to the slaves instead of its successors.
//!
//! The master works through its successors `c_1, c_2, …` in order, acting as the master of each:
//! `c_i` is searched with `(−β, −α)` by handing its own successors to free slaves. All slaves
//! first work on finishing `c_1`, so `c_2` starts with the full benefit of `c_1`'s value; and
//! when `c_1`'s queue is empty, slaves that become free immediately start on `c_2` (then `c_3`,
//! …) — several successors may be open at once. When `c_i` finishes, `tmp = −value(c_i)` raises
//! the master's `α` as usual, and every open successor's `β` becomes `−α` (an UPDATE to its busy
//! slaves; a non-positive window terminates them). A successor that is a bottom position is
//! evaluated by the master itself (with quiescence, by the quiescence search, as the slaves value
//! their bottom positions). Alpha raising (§4.3) is not combined with this variant.
use crate::master_kit::{send_value, Slots};
use crate::slave::{expand, moves_of, MasterNode, Msg};
use arachne_core::{Game, Score, Stats, Window};
use arachne_runtime::{Env, Pid, Process};

#[derive(Clone, Debug)]
struct Open<G: Game> {
    /// Index of this successor in the master's successor list.
    idx: usize,
    pos: G,
    /// Its plies left (check extension included).
    depth: u32,
    moves: Vec<G::Move>,
    next: usize,
    busy: usize,
    alpha: Score,
    beta: Score,
    /// Its principal line so far: the grandchild that last raised its α, then that one's line.
    pv: Vec<G::Move>,
}

/// A master that assigns successors' successors.
#[derive(Clone, Debug)]
pub(crate) struct GrandMaster<G: Game> {
    parent: Pid,
    preorder: bool,
    /// The slaves; a busy slot's record is the open successor (by `idx`) its job belongs to
    /// and the grandchild (its index among that successor's moves).
    slots: Slots<G, (usize, usize)>,
    node: MasterNode<G>,
    active: bool,
    open: Vec<Open<G>>,
    stats: Stats,
}

impl<G: Game> GrandMaster<G> {
    /// A master of `slaves`; with `quiescence`, the bottom positions it values itself are
    /// valued by the quiescence search.
    pub(crate) fn new(
        parent: Pid,
        slaves: Vec<Pid>,
        preorder: bool,
        quiescence: bool,
        engine: crate::slave::Engine,
    ) -> Self {
        GrandMaster {
            parent,
            preorder,
            slots: Slots::new(slaves),
            node: MasterNode::new()
                .with_leaf(quiescence.then(crate::subsearch::quiescence_leaf::<G>))
                .with_check_extension(engine.check_root),
            active: false,
            open: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// Opens the next successor; false if none is left (or a cutoff happened).
    fn open_next(&mut self, env: &mut Env<'_, Msg<G>>) -> bool {
        while self.node.next < self.node.succ.len() && self.node.alpha < self.node.beta {
            let idx = self.node.next;
            self.node.next += 1;
            let pos = self
                .node
                .pos
                .as_ref()
                .expect("active")
                .play(self.node.succ[idx]);
            let (alpha, beta) = (-self.node.beta, -self.node.alpha);
            let depth = self
                .node
                .extend(&pos, self.node.depth - 1, self.node.ply + 1);
            match expand(
                &pos,
                depth,
                self.node.ply + 1,
                self.preorder,
                self.node.leaf.as_ref(),
                &mut self.stats,
                env,
            ) {
                Err(value) => self.close(idx, value, &[], env),
                Ok(moves) => {
                    self.open.push(Open {
                        idx,
                        pos,
                        depth,
                        moves,
                        next: 0,
                        busy: 0,
                        alpha,
                        beta,
                        pv: Vec::new(),
                    });
                    return true;
                }
            }
        }
        false
    }

    /// Gives work to every free slave, opening successors as needed.
    fn fill(&mut self, env: &mut Env<'_, Msg<G>>) {
        let mut out = Vec::new();
        for s in 0..self.slots.len() {
            if self.slots.is_busy(s) {
                continue;
            }
            loop {
                let k = self
                    .open
                    .iter()
                    .position(|o| o.next < o.moves.len() && o.alpha < o.beta);
                if let Some(k) = k {
                    let o = &mut self.open[k];
                    let j = o.next;
                    o.next += 1;
                    o.busy += 1;
                    let (grandchild, window) =
                        (o.pos.play(o.moves[j]), Window::new(-o.beta, -o.alpha));
                    let (depth, ply) = (o.depth - 1, self.node.ply + 2);
                    self.slots
                        .assign(s, (o.idx, j), grandchild, depth, ply, window, &mut out);
                    break;
                }
                if !self.open_next(env) {
                    break;
                }
            }
        }
        env.send_all(out);
        self.settle(env);
    }

    /// Closes open successors with nothing left to do; finishes when all are closed.
    fn settle(&mut self, env: &mut Env<'_, Msg<G>>) {
        let mut k = 0;
        while k < self.open.len() {
            let o = &self.open[k];
            if o.busy == 0 && (o.next >= o.moves.len() || o.alpha >= o.beta) {
                let o = self.open.remove(k);
                self.close(o.idx, o.alpha, &o.pv, env);
                k = 0;
            } else {
                k += 1;
            }
        }
        if self.active
            && self.open.is_empty()
            && (self.node.next >= self.node.succ.len() || self.node.alpha >= self.node.beta)
        {
            self.active = false;
            let node = &self.node;
            send_value(env, self.parent, node.job, node.alpha, node.line(), false);
        }
    }

    /// Successor `idx` has value `value` (from its side) and principal line `line`.
    fn close(&mut self, idx: usize, value: Score, line: &[G::Move], env: &mut Env<'_, Msg<G>>) {
        if self.node.child_value(idx, value, line, &mut self.stats) {
            self.narrow_open(env);
        }
    }

    /// Re-imposes `(−β, −α)` on every open successor and relays changed windows to its slaves.
    fn narrow_open(&mut self, env: &mut Env<'_, Msg<G>>) {
        let (a, b) = (-self.node.beta, -self.node.alpha);
        let mut msgs = Vec::new();
        for o in &mut self.open {
            if a > o.alpha || b < o.beta {
                o.alpha = o.alpha.max(a);
                o.beta = o.beta.min(b);
                let w = Window::new(-o.beta, -o.alpha);
                self.slots
                    .updates(w, |&(owner, _)| owner == o.idx, &mut msgs);
            }
        }
        env.send_all(msgs);
    }
}

impl<G: Game> Process for GrandMaster<G> {
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
                self.active = true;
                self.open.clear();
                self.fill(env);
            }
            Msg::Update { job, window } => {
                if self.active && job == self.node.job {
                    self.node.alpha = self.node.alpha.max(window.alpha);
                    self.node.beta = self.node.beta.min(window.beta);
                    self.narrow_open(env);
                    self.settle(env);
                }
            }
            Msg::Progress { .. } => {}
            Msg::Value {
                job, value, line, ..
            } => {
                let Some(s) = self.slots.find(from, job) else {
                    return;
                };
                let (_, (idx, j)) = self.slots.release(s);
                if let Some(k) = self.open.iter().position(|o| o.idx == idx) {
                    let o = &mut self.open[k];
                    o.busy -= 1;
                    let tmp = -value;
                    if tmp > o.alpha {
                        // A grandchild's value cuts the open successor off (counted as the
                        // stepper counts its cutoffs).
                        if o.alpha < o.beta && tmp >= o.beta {
                            self.stats.cutoffs += 1;
                        }
                        o.alpha = tmp;
                        o.pv.clear();
                        o.pv.push(o.moves[j]);
                        o.pv.extend_from_slice(moves_of(&line));
                        let w = Window::new(-o.beta, -o.alpha);
                        let mut msgs = Vec::new();
                        self.slots.updates(w, |&(owner, _)| owner == idx, &mut msgs);
                        env.send_all(msgs);
                    }
                }
                self.settle(env);
                self.fill(env);
            }
        }
    }

    fn stats(&self) -> Stats {
        self.stats
    }
}
