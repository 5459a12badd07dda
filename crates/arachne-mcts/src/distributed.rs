//! Root parallelisation of MCTS as message-passing [`Process`]es ("root
//! parallelisation … as a message-passing process, so it runs on sim, threads and MPI"),
//! written once on `arachne-runtime`'s execution layer ([`execute`]), as master–slave RBFM
//! (`arachne_bestfirst::master`) is. Root parallelisation is Cazenave & Jouandeau's *single-run*
//! parallelisation (2007) and Chaslot, Winands & van den Herik's root parallelisation (2008):
//! `P` independent trees at the same root, their root statistics merged into one vote.
//!
//! **The processes.** Process `p` of `P` holds tree `p` of [`super::root::trees`] — the seed
//! of walker `p` (process 0 has the search's own seed: one process is the serial search), its
//! share of the iterations (`iters=`) and of the tree capacity (`--memory`) — and its share of
//! the generated-node budget (`--nodes`). The host sends every process `Start`; each runs its
//! tree to its own limits (deadline and stop flag included) with the serial
//! [`Mcts::run`] loop, then sends process 0 a [`Report`]: its root's and root children's
//! visits, reward sums and proven bounds, and for each root child the line below it (child
//! indices, the serial rule of [`super::Choice`]), with its counts. Process 0 (the *master*)
//! runs its own tree, waits for the other `P − 1` reports and sends the host `Done`.
//!
//! **Merged at the end, not at intervals.** The reports are merged once, when every tree has
//! finished: the trees never exchange statistics while they search (sharing them at
//! intervals is another algorithm, Cazenave & Jouandeau's *multiple-runs*, whose trees are
//! no longer independent). This is the form [`super::root`] runs on threads, so the vote
//! is the same function (`root::merge`: visits and reward sums added, proven bounds
//! intersected) and the move is chosen by the serial rule; the line is the chosen move and,
//! below it, the line of the process that visited that move most (ties: the lowest process).
//! At `P = 1` the result is the serial search's: value, move, line and counts (tested).
//!
//! **Messages.** They carry no positions and no moves: a root child is its generation index
//! (the tree's children are in [`arachne_core::Game::moves`] order, the same on every rank),
//! and a line is child indices, turned back into moves by the master, which holds the root.
//! So one wire encoding ([`register`], not generic in the game) serves every game on MPI.
//!
//! **Costs on the simulator.** A process charges, after its search, one interior node per move
//! generation (in the tree and in random playouts: one per playout ply) and one leaf per
//! reward backed up (a valued leaf) and per node of the `ab:D` leaf searches; one message per
//! report; the master one interior node per report it merges. The trees are independent, so
//! a run on `sim` repeats bit for bit, and at equal total work the time falls as `1/P` up to
//! the report's message: the price of root parallelisation is not time but the quality of a
//! vote of `P` small trees against one large tree (the experiment `mcts-vs-rbfm` measures
//! both). On `threads` and MPI each tree also repeats (only the deadline and the stop flag
//! depend on the clock), so the merged result does too.
use crate::root::{self, merge};
use crate::{Mcts, MctsError, MctsOptions, MctsOutcome, MctsStop, Node};
use arachne_core::{Game, Limits, Score, Stats};
use arachne_runtime::wire::{Reader, Wire, WireError};
use arachne_runtime::{execute, wire_fields, Backend, Env, Pid, Process, HOST};
use std::time::{Duration, Instant};

/// Largest number of processes.
pub const MAX_PROCS: u32 = 1 << 14;

/// What a report says of one node: visits, reward sum, proven bounds.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Seen {
    /// Visits.
    pub visits: u32,
    /// Reward sum (for the side that moved into the node).
    pub sum: f64,
    /// Lower bound.
    pub lower: Score,
    /// Upper bound.
    pub upper: Score,
}

wire_fields!(Seen {
    visits,
    sum,
    lower,
    upper
});

impl Seen {
    fn of<M>(n: &Node<M>) -> Self {
        Seen {
            visits: n.visits,
            sum: n.sum,
            lower: n.lower,
            upper: n.upper,
        }
    }

    fn node<M>(&self, mv: Option<M>) -> Node<M> {
        Node {
            visits: self.visits,
            sum: self.sum,
            lower: self.lower,
            upper: self.upper,
            ..Node::new(mv)
        }
    }
}

/// One tree's end of search, sent to the master (module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Why its search ended.
    pub stop: MctsStop,
    /// Iterations.
    pub iterations: u64,
    /// Counts (`leaves` generated tree nodes, `interior` expansions, `movegens`).
    pub stats: Stats,
    /// Plies of random playouts.
    pub plies: u64,
    /// Nodes of `ab:D` leaf searches.
    pub leaf_nodes: u64,
    /// Nodes in its tree.
    pub tree_nodes: u64,
    /// Its root.
    pub root: Seen,
    /// Its root's children, in generation order (empty: the root was not expanded).
    pub kids: Vec<Seen>,
    /// Per root child, the line below it as child indices (module docs).
    pub lines: Vec<Vec<u32>>,
}

wire_fields!(Report {
    stop,
    iterations,
    stats,
    plies,
    leaf_nodes,
    tree_nodes,
    root,
    kids,
    lines
});

impl Wire for MctsStop {
    fn encode(&self, out: &mut Vec<u8>) {
        out.push(*self as u8);
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        use MctsStop::*;
        Ok(match r.byte()? {
            0 => Solved,
            1 => Iterations,
            2 => Nodes,
            3 => Memory,
            4 => Time,
            5 => Stopped,
            t => return Err(WireError(format!("unknown mcts stop {t}"))),
        })
    }
}

/// The messages.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// Host → every process: search.
    Start,
    /// Process → master: its tree's end of search.
    Report(Box<Report>),
    /// Master → host: the vote is made (it never travels between ranks: the host is on rank 0).
    Done,
}

const START: u8 = 0;
const REPORT: u8 = 1;

impl Wire for Msg {
    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Msg::Start => out.push(START),
            Msg::Report(r) => {
                out.push(REPORT);
                r.encode(out);
            }
            Msg::Done => out.push(u8::MAX),
        }
    }
    fn decode(r: &mut Reader<'_>) -> Result<Self, WireError> {
        Ok(match r.byte()? {
            START => Msg::Start,
            REPORT => Msg::Report(Box::new(Report::decode(r)?)),
            t => {
                return Err(WireError(format!(
                    "unknown root-parallel mcts message tag {t}"
                )))
            }
        })
    }
}

/// Registers the wire encoding of [`Msg`] on this thread, for `--backend mpi` (the runtime
/// refuses a run whose messages are not registered, before it starts).
pub fn register() {
    arachne_runtime::wire::register::<Msg>(None);
}

/// One process: a tree and, on process 0, the reports.
pub struct RootProc<G: Game> {
    tree: Mcts<G>,
    limits: Limits,
    /// Master: the reports by process (its own included).
    reports: Vec<Option<Report>>,
    /// Master: the merged outcome, once every report is in.
    outcome: Option<MctsOutcome<G::Move>>,
    start: Instant,
}

/// The line below node `c` of `tree` as child indices: the serial rule, as
/// [`Mcts::outcome`] reads it.
fn line_below<G: Game>(tree: &Mcts<G>, c: usize) -> Vec<u32> {
    let mut line = Vec::new();
    let mut v = tree.choose(c);
    while let Some(k) = v {
        let n = &tree.nodes[k];
        if n.visits == 0 && !(tree.opts.solver && n.solved()) {
            break;
        }
        line.push(k as u32);
        v = tree.choose(k);
    }
    // Node indices to child indices: each is its offset from its parent's first child.
    let mut parent = c;
    line.iter_mut()
        .map(|k| {
            let i = *k - tree.nodes[parent].first;
            parent = *k as usize;
            i
        })
        .collect()
}

impl<G: Game> RootProc<G> {
    /// Searches this process's tree, charges its work, and reports.
    fn search(&mut self, env: &mut Env<'_, Msg>) {
        let visits0 = self.tree.nodes[0].visits;
        let (s0, c0) = (self.tree.stats, self.tree.counts);
        let stop = self.tree.run_loop(&self.limits);
        let t = &self.tree;
        let movegens = t.stats.movegens - s0.movegens + t.counts.plies - c0.plies;
        let valued = (t.nodes[0].visits - visits0) as u64 + t.counts.leaf_nodes - c0.leaf_nodes;
        env.charge(movegens as f64 * env.cost.interior + valued as f64 * env.cost.leaf);
        let kids = t.nodes[0].kids();
        let report = Report {
            stop,
            iterations: t.iterations,
            stats: t.stats,
            plies: t.counts.plies,
            leaf_nodes: t.counts.leaf_nodes,
            tree_nodes: t.nodes.len() as u64,
            root: Seen::of(&t.nodes[0]),
            kids: kids.clone().map(|c| Seen::of(&t.nodes[c])).collect(),
            lines: kids.map(|c| line_below(t, c)).collect(),
        };
        if env.me == 0 {
            self.receive(0, report, env);
        } else {
            env.send(0, Msg::Report(Box::new(report)));
        }
    }

    /// Master: takes `from`'s report; with every report in, votes and tells the host.
    fn receive(&mut self, from: Pid, report: Report, env: &mut Env<'_, Msg>) {
        env.charge_interior();
        if let Some(slot) = self.reports.get_mut(from as usize) {
            *slot = Some(report);
        }
        if self.reports.iter().all(Option::is_some) && self.outcome.is_none() {
            let reports: Vec<Report> = self.reports.iter_mut().filter_map(Option::take).collect();
            self.outcome = Some(vote(&self.tree, &reports, self.start.elapsed()));
            env.send(HOST, Msg::Done);
        }
    }
}

/// The merged outcome of `reports` (by process), read at the master, whose tree is `own`
/// (module docs).
fn vote<G: Game>(own: &Mcts<G>, reports: &[Report], elapsed: Duration) -> MctsOutcome<G::Move> {
    let root = own.root();
    let mut moves = Vec::new();
    root.moves(&mut moves);
    // The reports that expanded their root, with their nodes.
    let expanded: Vec<(usize, Vec<Node<G::Move>>)> = reports
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.kids.is_empty() && r.kids.len() == moves.len())
        .map(|(i, r)| {
            let root = Node {
                first: 1,
                len: r.kids.len() as u32,
                ..r.root.node(None)
            };
            let nodes = std::iter::once(root)
                .chain(r.kids.iter().zip(&moves).map(|(k, &m)| k.node(Some(m))))
                .collect();
            (i, nodes)
        })
        .collect();
    let merged = merge(expanded.iter().map(|(_, n)| (&n[0], &n[1..])));
    let stop0 = reports.first().map_or(MctsStop::Solved, |r| r.stop);
    let mut out = match merged {
        None => own.outcome(stop0, elapsed),
        Some(merged) => {
            let pick = root::pick(&merged, root, &own.opts);
            let probe = Mcts {
                nodes: merged,
                ..Mcts::new(root.clone(), own.opts.clone())
            };
            let solved = own.opts.solver && probe.nodes[0].solved();
            let stop = if solved { MctsStop::Solved } else { stop0 };
            // The chosen move alone (the probe's children have no children), then the line
            // below it of the process that visited it most.
            let mut out = probe.outcome(stop, elapsed);
            let base = expanded
                .iter()
                .max_by_key(|(i, n)| (n[1 + pick].visits, std::cmp::Reverse(*i)))
                .map(|(i, _)| *i)
                .unwrap_or(0);
            if let (Some(&first), Some(line)) = (out.pv.first(), reports[base].lines.get(pick)) {
                let mut pos = root.play(first);
                for &i in line {
                    pos.moves(&mut moves);
                    let Some(&m) = moves.get(i as usize) else {
                        break;
                    };
                    out.pv.push(m);
                    pos = pos.play(m);
                }
            }
            out
        }
    };
    out.iterations = reports.iter().map(|r| r.iterations).sum();
    out.stats = reports.iter().fold(Stats::default(), |a, r| a + r.stats);
    out.playout_plies = reports.iter().map(|r| r.plies).sum();
    out.leaf_search_nodes = reports.iter().map(|r| r.leaf_nodes).sum();
    out.tree_nodes = reports.iter().map(|r| r.tree_nodes as usize).sum();
    out
}

impl<G: Game> Process for RootProc<G> {
    type Msg = Msg;

    fn on_message(&mut self, from: Pid, msg: Msg, env: &mut Env<'_, Msg>) {
        match msg {
            Msg::Start => self.search(env),
            Msg::Report(r) if env.me == 0 && from != HOST => self.receive(from, *r, env),
            _ => {}
        }
    }

    fn stats(&self) -> Stats {
        self.tree.stats
    }
}

/// The result of a root-parallel run.
#[derive(Clone, Debug)]
pub struct RootOutcome<M> {
    /// The merged search result (counts summed over the processes).
    pub outcome: MctsOutcome<M>,
    /// Processes.
    pub procs: u32,
    /// Messages sent.
    pub messages: u64,
    /// Virtual time on sim, wall seconds otherwise.
    pub time: f64,
    /// Virtual time of the same search at `P = 1` (sim, with `serial_baseline`).
    pub serial_time: Option<f64>,
    /// `serial_time / time`.
    pub speedup: Option<f64>,
    /// Busy time per process (sim: charged work).
    pub busy: Vec<f64>,
}

/// The processes of a root-parallel search of `root` on `procs` processes (module docs).
pub fn processes<G: Game>(
    root: &G,
    opts: &MctsOptions,
    procs: u32,
    limits: &Limits,
) -> Vec<RootProc<G>> {
    let o = MctsOptions {
        threads: procs.max(1),
        ..opts.clone()
    };
    let start = Instant::now();
    root::trees(root, &o)
        .into_iter()
        .enumerate()
        .map(|(i, tree)| {
            let mut lim = limits.clone();
            lim.nodes = limits.nodes.map(|n| root::share(n, procs as u64, i as u64));
            RootProc {
                tree,
                limits: lim,
                reports: if i == 0 {
                    vec![None; procs as usize]
                } else {
                    Vec::new()
                },
                outcome: None,
                start,
            }
        })
        .collect()
}

/// Runs root-parallel MCTS of `root` on `procs` processes on `backend` within `limits`
/// (`--nodes` split among the trees, the deadline and the stop flag for each); on sim with
/// `serial_baseline` also the `P = 1` run, for the speedup. On MPI every rank calls this with
/// the same arguments; rank 0 gets the outcome, a worker rank the runtime's worker error.
pub fn search<G: Game>(
    root: &G,
    opts: &MctsOptions,
    procs: u32,
    backend: &Backend,
    limits: &Limits,
    serial_baseline: bool,
) -> Result<RootOutcome<G::Move>, MctsError> {
    if !(1..=MAX_PROCS).contains(&procs) {
        return Err(MctsError(format!("--procs must be in 1..={MAX_PROCS}")));
    }
    if matches!(backend, Backend::Threads { .. }) && procs > 256 {
        return Err(MctsError("--procs is at most 256 on threads".into()));
    }
    match backend {
        Backend::Sim(sc) => sc.cost.validate().map_err(|e| MctsError(e.to_string()))?,
        Backend::Mpi { .. } if arachne_runtime::mpi::available() => {
            arachne_runtime::mpi::init().map_err(|e| MctsError(format!("MPI: {e}")))?;
            register();
            // The trees send paths, not positions: they run on MPI on any game.
            arachne_runtime::mpi::register_process::<RootProc<G>>();
        }
        _ => {}
    }
    let initial = (0..procs).map(|p| (p, Msg::Start)).collect();
    let (run, mut procs_back) = execute(
        processes(root, opts, procs, limits),
        initial,
        backend,
        &Limits::default(),
        |m| matches!(m, Msg::Done),
    );
    if let Some(e) = run.error {
        return Err(MctsError(e.to_string()));
    }
    let outcome = procs_back
        .first_mut()
        .and_then(|p| p.outcome.take())
        .ok_or_else(|| MctsError("root-parallel mcts: the master has no result".into()))?;
    let cut = matches!(outcome.stop, MctsStop::Time | MctsStop::Stopped);
    let serial_time = match backend {
        Backend::Sim(_) if procs == 1 => Some(run.time),
        Backend::Sim(_) if serial_baseline && !cut => {
            Some(search(root, opts, 1, backend, limits, false)?.time)
        }
        _ => None,
    };
    Ok(RootOutcome {
        outcome,
        procs,
        messages: run.messages,
        time: run.time,
        serial_time,
        speedup: serial_time.map(|s| if run.time > 0.0 { s / run.time } else { 1.0 }),
        busy: run.busy,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use arachne_runtime::wire::{from_bytes, put_varint, to_bytes};

    #[test]
    fn messages_round_trip_and_bad_bytes_are_errors() {
        let seen = Seen {
            visits: 300,
            sum: 171.25,
            lower: Score::loss_in(3),
            upper: Score(17),
        };
        let msgs = [
            Msg::Start,
            Msg::Report(Box::new(Report {
                stop: MctsStop::Nodes,
                iterations: 1000,
                stats: Stats {
                    interior: 5,
                    leaves: 30,
                    movegens: 40,
                    ..Stats::default()
                },
                plies: 12345,
                leaf_nodes: 0,
                tree_nodes: 31,
                root: seen,
                kids: vec![seen; 3],
                lines: vec![vec![], vec![1, 0, 2], vec![6]],
            })),
        ];
        for m in &msgs {
            let b = to_bytes(m);
            assert_eq!(&from_bytes::<Msg>(&b, None).unwrap(), m);
        }
        assert!(from_bytes::<Msg>(&[7], None).is_err());
        let mut b = to_bytes(&msgs[1]);
        b.truncate(b.len() - 2);
        assert!(from_bytes::<Msg>(&b, None).is_err());
        let mut bad_stop = vec![REPORT, 9];
        put_varint(&mut bad_stop, 0);
        assert!(from_bytes::<Msg>(&bad_stop, None).is_err());
    }
}
