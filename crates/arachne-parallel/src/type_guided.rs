//! `type-guided` — node-type guided parallel alpha-beta, the strategy of the nCUBE chess
//! program (seed `ncube-chess-node-types.txt`).
//!
//! Knuth and Moore's node types on a perfectly ordered tree: type 1 nodes lie on the principal
//! variation (all children searched, the first one first), type 2 nodes are cut nodes (only the
//! first child searched), type 3 nodes are all nodes (every child searched). The seed's rule:
//! "stay sequential at type two nodes, and go parallel at type three nodes", decided by the
//! transposition table:
//!
//! > Make an inquiry to the hash table regarding this position. If the hash table suggests a
//! > move, search it first, sequentially. In this context, "sequentially" means that the master
//! > takes her slaves with her down this line of play. […] If no move is suggested or the
//! > suggested move fails to cause an alpha-beta cutoff, search the remaining moves in parallel.
//! > That is, farm the work out to the slaves in a self-scheduled manner.
//!
//! ## Processes
//!
//! Processors form a tree of fan-out `f` and depth `levels` ([`ProcTree`], numbered like
//! tree-split's): terminal processors are tree-split's [`Slave`] (serial alpha-beta on a
//! [`Stepper`], UPDATEs narrowing its window between steps); every
//! interior processor is a [`TgMaster`]. A master keeps a stack of `MasterNode`s — the line of
//! play it has walked down "sequentially", its slaves with it:
//!
//! 1. reaching a node, it generates the successors and asks the table for a move;
//! 2. with a suggestion it pushes the suggested successor onto its stack and handles it by the
//!    same rule (so parallelism stays available lower down the line);
//! 3. without one, or when the suggested move's value does not cut off, the remaining successors
//!    are farmed out: each idle slave gets the next one with the current window
//!    `(−β, −α)` (an EVALUATE), a value that raises `α` goes to every slave still searching as
//!    an UPDATE, and a cutoff sends the empty window, which stops every useless search within
//!    one node (the slaves' catcher), exactly as tree-split's master does (seed 000 §4.2);
//! 4. when its last slave has answered, the node's value goes down the stack (or, at the bottom
//!    of the stack, to the master's own master as a VALUE).
//!
//! A slave that is itself a master (`levels ≥ 2`) applies the same rule to the node it was given:
//! hierarchies of masters. UPDATEs from a master's master narrow every node of its stack, negated
//! from level to level like the catcher's loop.
//!
//! The root master runs **iterative deepening**: depths D mod K (or K), …, D − K, D in steps of
//! `step=K` plies (default 2: the depths of D's parity), each iteration a full search of the root
//! by the scheme above; the table filled by one iteration guides the next.
//!
//! ## Choices where the seed is silent (documented and tested)
//!
//! * **The table.** The nCUBE program's hash table was global (spread over the processors'
//!   memories). Here every process of one search shares one table ([`Table`]: position hash →
//!   best move, bound and depth). It holds the nodes a master handled (its stack) and the roots
//!   of the searches it farmed out (their values and best moves come back in the VALUE); the
//!   slaves' serial searches do not write to it. The table is consulted **for moves only**, never
//!   for values: a stale, shallow or colliding entry can cost time but never exactness. Table
//!   accesses cost no simulated time (on the nCUBE a remote probe was a message; not modelled). On
//!   a distributed backend each rank would see only its own processes' entries (still exact).
//! * **"Suggests a move".** An entry whose search ended with a cutoff (lower bound) or an exact
//!   value suggests its best move; an entry whose search failed low (an all node, upper bound)
//!   suggests none, so the node is farmed out — type 3.
//! * **Positions the table does not know** (the first iterations; nodes that were bottom
//!   positions or inside a slave's serial search last time): by default (`guess=1`) the type is
//!   guessed by Knuth–Moore's rule from where the node was reached — the first child of a type 1
//!   node is type 1, a node farmed out is type 2 (a child of a type 1 or type 3 node), the
//!   sequential child of a type 2 node is type 3 — and a type 1 or 2 node searches its first move
//!   (in move order) sequentially. `guess=0` is the literal rule: unknown means parallel.
//! * **P = 1** is one master whose "slave" is a stepper on its own processor, so the serial
//!   search is the same iterative, table-guided search.
//! * **Grain size** (`serial=S`, default 2). A node of remaining depth `1 ≤ d ≤ S` that a master
//!   reaches — as a job, or on its sequential line (the root of an iteration excepted) — is
//!   searched serially on the master's own processor, like a slave's search (its window narrowed
//!   by UPDATEs between steps; it writes nothing to the table), instead of being split further:
//!   splitting a node whose subtree is a few bottom positions costs more in messages (1/70 s
//!   each under the `arachne` cost model, 0.01 s a node) than it saves. `serial=0` splits
//!   everything (the literal rule).
//! * **Iterative-deepening step** (`step=K`, default 2). The seed's program deepened one ply at
//!   a time; here the default steps two plies: each iteration is a chain of sequential steps
//!   down its principal line, idle processors wait at every step, and an iteration of depth
//!   D − 1 costs nearly as much waiting as one of depth D while the table it leaves predicts no
//!   better than D − 2's (node types alternate with the parity of the ply). Measured in
//!   BENCHMARKS.md (issue 10): on `incremental:b=10,d=10`, P = 256, hierarchy `5/5/9`, mean of
//!   three trees, `serial=2` gives 67.4 with `step=1` and 85.6 with `step=2` (61.2 with neither).
//!   `step=1` is the seed's deepening.
//! * **Quiescence** (`quiescence=1`, or `--quiescence` on the command line): every bottom
//!   position — in a slave's or a master's serial search, or reached by a master — is valued by
//!   `arachne-search`'s capture-only quiescence search ([`quiescence_leaf`], the serial
//!   searchers' own [`Ctx::leaf`](arachne_search::context::Ctx::leaf)), so the value equals the
//!   serial alpha-beta search with quiescence at the same depth. Its positions are counted
//!   (`qnodes`) but cost no simulated time, here and in the serial reference alike; the
//!   principal line is then only the best move (its re-derivation has no quiescence).
//! * **The hierarchy when only `--procs P` is given** ([`Hierarchy::auto`]): exactly P
//!   processors, chosen from the root's branching factor b so that they are used. Processor 0
//!   gets `⌈b/2⌉` slaves, every further level of masters `b` slaves each, as many levels as
//!   leave every bottom master at least two slaves (and at most D − 1 levels of masters). A
//!   node hands out at most b jobs, so a bottom master with more than b slaves leaves some
//!   idle: when the remaining processors would give the bottom masters more than b slaves each,
//!   one more level of masters takes a third of them (each then has about two slaves). The
//!   bottom masters share the remaining processors as evenly as possible. Fan-out `⌈b/2⌉` at
//!   the root: a type-1 node's b − 1 siblings of its first child, or a type-3 node's b
//!   successors, go out in two rounds; fan-out b below: a job is a type-2 node whose type-3
//!   child hands out b successors at once. On b = 10: P = 16 → `5/2`, 64 → `1+5+19+39`,
//!   256 → `5/10/4`, 1024 → `1+5+50+322+646` (issue 23: the earlier rule's `1+5+58` and
//!   `1+5+50+968` gave their bottom masters 11–20 slaves; measured in BENCHMARKS.md). The
//!   hierarchy used is reported (`hierarchy` in `--json`; [`Trace::hierarchy`]). Unlike
//!   tree-split's rule (which takes the uniform processor tree that fits, so may use fewer than
//!   P), this one uses every processor asked for: a hierarchy need not be uniform.
//! * **Defaults** (issue 23): `preorder=1` and `master=1`, which beat `preorder=0,master=0` at
//!   every P on the simulator; `preorder=0`, `master=0` give the literal scheme.
//!
//! ## Node types made visible
//!
//! Every node a master handles is recorded ([`trace`]) with the type predicted before its search
//! (1 on the master's principal line, 2 where a move was searched sequentially, 3 where
//! everything was farmed out) and the type found afterwards (2: a successor's value reached β; 1:
//! a successor raised α without a cutoff; 3: none did; 0: stopped from above), whether it was
//! reached sequentially or as a farmed-out job, and every farmed-out search with its processor,
//! its node count and whether it was wasted (searched, then made useless by a sibling's cutoff).
//!
//! Options (`type-guided:key=value,...`): `f`, `levels` — the processor tree (with `--procs P`
//! alone: [`Hierarchy::auto`], above; with `f` alone the deepest tree that fits, with `levels`
//! alone the widest; `f=F1/F2/…` a fan-out per level, e.g. `f=3/4` is 1 + 3 + 12 = 16
//! processors and `f=5/5/9` is 256 — [`Hierarchy`]); `preorder=1` — the game's ordering hint, then static values, at every node
//! (the suggestion is put first whatever the order); `guess=0|1` — see above; `master=1` — the
//! masters of the last level (those whose slaves are terminal processors) also search a
//! farmed-out successor on their own processor, like a slave (seed 000 §6's first optimization;
//! a master higher up does not, since a whole subtree searched serially there would hold up its
//! line of play); `serial=S`, `step=K` — above.
use crate::slave::{expand, MasterNode, Msg, ProcTree, Slave};
use crate::subsearch::{defer, deliver_waiting, update_or_defer, Poll, SerialSpec, SubSearch};
use crate::{
    execute_with_procs, max_procs, principal_line, serial_reference, stopped_outcome, Backend,
    ParAlgo, ParError, ParOutcome,
};
use arachne_core::{Game, Limits, Score, Stats, Window};
use arachne_runtime::stepper::LeafEval;
use arachne_runtime::{Env, Mailbox, Pid, Process, Stepper, StepperMode, HOST};
use arachne_search::context::Ctx;
use arachne_search::SearchOptions;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

pub mod trace;
pub use trace::{PicNode, Trace, TypeStats};

/// Most levels of masters with their own fan-out (`f=F1/F2/…`).
pub const MAX_LEVELS: usize = 8;

/// Options of the node-type guided search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TypeGuidedOptions {
    /// Fan-out of the hierarchy of masters.
    pub f: Option<u32>,
    /// A fan-out per level instead (`f=F1/F2/…`; the processor 0 has `F1` slaves, each of them
    /// `F2`, …); zeros after the last level.
    pub fanouts: Option<[u32; MAX_LEVELS]>,
    /// Depth of the hierarchy (1: one master and its slaves).
    pub levels: Option<u32>,
    /// Static best-first move ordering.
    pub preorder: bool,
    /// Guess the type of positions the table does not know (Knuth–Moore's rule).
    pub guess: bool,
    /// Masters also search farmed-out successors on their own processor.
    pub master_searches: bool,
    /// Grain size: a node of at most this remaining depth that a master reaches (as a job, or
    /// on its sequential line) is searched serially on the master's own processor (`None`: the
    /// default, [`DEFAULT_SERIAL`]).
    pub serial: Option<u32>,
    /// Plies between iterations of the root's iterative deepening (`None`: [`DEFAULT_STEP`]).
    pub step: Option<u32>,
    /// Value bottom positions by `arachne-search`'s capture-only quiescence search (see the
    /// module docs).
    pub quiescence: bool,
}

/// `arachne-search`'s quiescence search as a bottom-position evaluator for the steppers
/// ([`Ctx::leaf`](arachne_search::context::Ctx::leaf) with `quiescence` on: the capture search
/// with its own full window, so the value does not depend on the caller's window).
pub fn quiescence_leaf<G: Game>() -> LeafEval<G> {
    LeafEval(Arc::new(|pos: &G, ply: u32| {
        let opts = SearchOptions {
            quiescence: true,
            ..SearchOptions::default()
        };
        let limits = Limits::default();
        let mut ctx: Ctx<'_, G> = Ctx::new(&opts, &limits, None);
        let v = ctx.leaf(pos, ply as usize);
        (v, ctx.stats.qnodes)
    }))
}

/// The default grain size (`serial=S`): see the module docs.
pub const DEFAULT_SERIAL: u32 = 2;
/// The default iterative-deepening step (`step=K`): see the module docs.
pub const DEFAULT_STEP: u32 = 2;

impl Default for TypeGuidedOptions {
    fn default() -> Self {
        TypeGuidedOptions {
            f: None,
            fanouts: None,
            levels: None,
            preorder: true,
            guess: true,
            master_searches: true,
            serial: None,
            step: None,
            quiescence: false,
        }
    }
}

/// What a table entry's value means (only its move is used).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The search was exact (a principal-variation node).
    Exact,
    /// It failed high (a cut node): the move refuted.
    Lower,
    /// It failed low (an all node): no move suggested.
    Upper,
}

/// One table entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry<M> {
    /// The best (or refuting) move.
    pub mv: Option<M>,
    /// What the search found.
    pub bound: Bound,
    /// Remaining depth it was searched to.
    pub depth: u32,
}

/// The global hash table shared by the processes of one search (see the module docs).
#[derive(Debug, Default)]
pub struct Table<M> {
    map: Mutex<HashMap<u64, Entry<M>>>,
}

impl<M: Copy> Table<M> {
    /// An empty table.
    pub fn new() -> Self {
        Table {
            map: Mutex::new(HashMap::new()),
        }
    }

    /// The entry for `key`.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.map.lock().expect("table lock").get(&key).copied()
    }

    /// Stores `e` unless a deeper entry is there.
    pub fn store(&self, key: u64, e: Entry<M>) {
        let mut m = self.map.lock().expect("table lock");
        match m.get(&key) {
            Some(old) if old.depth > e.depth => {}
            _ => {
                m.insert(key, e);
            }
        }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.map.lock().expect("table lock").len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How a node handled by a master was reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// The root of the whole search.
    Root,
    /// Sequentially, as the first child of node `rec` of the same master.
    Seq(usize),
    /// As the root of farmed-out job `job` of master `from`.
    Job {
        /// The master that farmed it out.
        from: Pid,
        /// Its job number.
        job: u32,
    },
}

/// A node a master handled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeRec {
    /// Iteration (the depth of that iteration's search).
    pub iter: u32,
    /// Distance from the root.
    pub ply: u32,
    /// Remaining depth.
    pub depth: u32,
    /// Predicted type: 1 (the master's principal line), 2 (a move searched sequentially),
    /// 3 (everything farmed out).
    pub predicted: u8,
    /// Found type: 1 (exact), 2 (cutoff), 3 (failed low), 0 (stopped from above).
    pub found: u8,
    /// Whether the table (rather than the Knuth–Moore guess) made the prediction.
    pub from_table: bool,
    /// How it was reached.
    pub link: Link,
    /// Successors.
    pub moves: u32,
    /// Successors farmed out.
    pub farmed: u32,
}

/// A search a master farmed out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FarmRec {
    /// Iteration.
    pub iter: u32,
    /// The node (index into the master's node records) whose successor it searched.
    pub node: usize,
    /// The successor's index in that node's move order (0 is the suggestion, when there was one).
    pub child: u32,
    /// The processor that searched it.
    pub to: Pid,
    /// Job number.
    pub job: u32,
    /// Index of the master's own job (into its job records) during which it was farmed out.
    pub in_job: usize,
    /// Found type of the successor (1 exact, 2 failed high, 3 failed low, 0 stopped).
    pub found: u8,
    /// Searched, then made useless by a cutoff at its node (a sibling earlier in the move order
    /// cut off, or it was stopped).
    pub wasted: bool,
}

/// A job (EVALUATE) a process received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobRec {
    /// From whom.
    pub from: Pid,
    /// Job number.
    pub job: u32,
    /// Iteration.
    pub iter: u32,
    /// Nodes this process itself searched for it (its farmed-out searches excluded).
    pub own: Stats,
    /// A master: its first node record for this job (`None` for a bottom position or a slave).
    pub root_rec: Option<usize>,
}

/// Everything a process recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    /// Nodes handled (masters).
    pub nodes: Vec<NodeRec>,
    /// Searches farmed out (masters).
    pub farms: Vec<FarmRec>,
    /// Jobs received.
    pub jobs: Vec<JobRec>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// The suggested move is still to be searched sequentially.
    Start,
    /// Waiting for the sequential child (the frame above).
    Seq,
    /// Farming out the rest.
    Farm,
}

#[derive(Clone, Debug)]
struct Frame<G: Game> {
    node: MasterNode<G>,
    phase: Phase,
    predicted: u8,
    raised: bool,
    cut_by: Option<usize>,
    rec: usize,
    first_farm: usize,
}

#[derive(Clone, Debug)]
struct Slot {
    pid: Pid,
    /// Job number, successor index and farm record while busy.
    job: Option<(u32, usize, usize)>,
}

/// The root master's iterative deepening.
#[derive(Clone, Debug)]
struct Deepening<G> {
    pos: G,
    target: u32,
    window: Window,
}

/// A master (see the module docs).
#[derive(Clone, Debug)]
pub struct TgMaster<G: Game> {
    me: Pid,
    parent: Pid,
    slots: Vec<Slot>,
    local: Option<SubSearch<G>>,
    /// UPDATEs for the local slave while its search runs ([`Process::run`]).
    local_pending: Option<Window>,
    /// The serial search of a node below the grain size (see [`TypeGuidedOptions::serial`]).
    solo: SubSearch<G>,
    /// The serial search of `solo` is out running ([`Process::run`]).
    solo_out: bool,
    /// UPDATEs for it meanwhile.
    solo_pending: Option<Window>,
    serial: u32,
    step: u32,
    leaf: Option<LeafEval<G>>,
    stack: Vec<Frame<G>>,
    job: u32,
    active: bool,
    busy: usize,
    iter: u32,
    deepening: Option<Deepening<G>>,
    table: Arc<Table<G::Move>>,
    preorder: bool,
    guess: bool,
    next_job: u32,
    stats: Stats,
    log: Log,
    /// Stats at the start of the current iteration (root) or job.
    mark: (u32, Stats),
}

fn child_found(v: Score, w: Window) -> u8 {
    if v >= w.beta {
        2
    } else if v <= w.alpha {
        3
    } else {
        1
    }
}

impl<G: Game> TgMaster<G> {
    fn new(
        me: Pid,
        parent: Pid,
        slaves: Vec<Pid>,
        slaves_are_leaves: bool,
        table: Arc<Table<G::Move>>,
        opts: &TypeGuidedOptions,
    ) -> Self {
        let leaf = opts.quiescence.then(quiescence_leaf::<G>);
        let spec = Arc::new(SerialSpec::new(
            StepperMode::AlphaBeta,
            opts.preorder,
            opts.quiescence,
        ));
        let local = (slaves.is_empty() || (opts.master_searches && slaves_are_leaves))
            .then(|| SubSearch::new(Arc::clone(&spec)));
        let mut slots: Vec<Slot> = slaves
            .into_iter()
            .map(|pid| Slot { pid, job: None })
            .collect();
        if local.is_some() {
            slots.push(Slot { pid: me, job: None });
        }
        TgMaster {
            me,
            parent,
            slots,
            local,
            local_pending: None,
            solo: SubSearch::new(spec),
            solo_out: false,
            solo_pending: None,
            leaf,
            serial: opts.serial.unwrap_or(DEFAULT_SERIAL),
            step: opts.step.unwrap_or(DEFAULT_STEP).max(1),
            stack: Vec::new(),
            job: 0,
            active: false,
            busy: 0,
            iter: 0,
            deepening: None,
            table,
            preorder: opts.preorder,
            guess: opts.guess,
            next_job: 0,
            stats: Stats::default(),
            log: Log::default(),
            mark: (0, Stats::default()),
        }
    }

    /// Reaches `pos`: a bottom position's value comes back at once; otherwise a frame is pushed.
    #[allow(clippy::too_many_arguments)]
    fn open(
        &mut self,
        pos: G,
        depth: u32,
        ply: u32,
        window: Window,
        pv: bool,
        km: u8,
        link: Link,
        env: &mut Env<'_, Msg<G>>,
    ) -> Option<Score> {
        if depth >= 1 && depth <= self.serial && link != Link::Root {
            self.solo.start(pos, window, depth, ply);
            return None;
        }
        if let Some(l) = &self.leaf {
            if depth == 0 || pos.is_terminal() {
                // A bottom position (a terminal one has no captures to search either).
                self.stats.leaves += 1;
                env.charge_leaf();
                return Some(l.eval(&pos, ply, &mut self.stats));
            }
        }
        let mut succ = match expand(&pos, depth, ply, self.preorder, None, &mut self.stats, env) {
            Err(v) => return Some(v),
            Ok(s) => s,
        };
        let entry = pos.hash().and_then(|h| self.table.probe(h));
        let (suggestion, from_table) = match entry {
            Some(e) if e.bound == Bound::Upper => (None, true),
            Some(Entry { mv: Some(m), .. }) if succ.contains(&m) => {
                (succ.iter().position(|&x| x == m), true)
            }
            _ => ((self.guess && km != 3).then_some(0), false),
        };
        if let Some(i) = suggestion {
            let m = succ.remove(i);
            succ.insert(0, m);
        }
        let predicted = if pv {
            1
        } else if suggestion.is_some() {
            2
        } else {
            3
        };
        let rec = self.log.nodes.len();
        self.log.nodes.push(NodeRec {
            iter: self.iter,
            ply,
            depth,
            predicted,
            found: 0,
            from_table,
            link,
            moves: succ.len() as u32,
            farmed: 0,
        });
        let mut node = MasterNode::new();
        node.start(self.job, pos, depth, ply, window, succ);
        self.stack.push(Frame {
            node,
            phase: if suggestion.is_some() {
                Phase::Start
            } else {
                Phase::Farm
            },
            predicted,
            raised: false,
            cut_by: None,
            rec,
            first_farm: self.log.farms.len(),
        });
        None
    }

    /// Successor `i` of the top frame is worth `v` (from its side).
    fn child_value(&mut self, i: usize, v: Score) -> bool {
        let f = self.stack.last_mut().expect("a frame");
        let open = f.node.alpha < f.node.beta;
        let rose = f.node.child_value(i, v, &mut self.stats);
        if rose {
            f.raised = true;
        }
        if open && f.node.alpha >= f.node.beta && f.cut_by.is_none() {
            f.cut_by = Some(i);
        }
        if f.node.alpha >= f.node.beta {
            f.node.next = f.node.succ.len();
        }
        rose
    }

    /// The solo search has just finished: its value goes to the node it was searching.
    fn solo_done(&mut self, env: &mut Env<'_, Msg<G>>) {
        let v = self.solo.result().expect("finished");
        if self.stack.is_empty() {
            let best = self.solo.best_move();
            self.done(v, best, env);
        } else {
            self.seq_value(v);
            self.advance(env);
        }
    }

    /// The local slave's job has just finished.
    fn local_done(&mut self, env: &mut Env<'_, Msg<G>>) {
        let l = self.local.as_ref().expect("local slave");
        let (v, best) = (l.result().expect("finished"), l.best_move());
        let s = self
            .slots
            .iter()
            .position(|sl| sl.pid == self.me)
            .expect("local slot");
        self.on_value(s, v, best, env);
    }

    /// Real backends: takes the search to run on the serial search out of the master (the
    /// solo search first, then the local slave's job), or `None`.
    fn take_blocking(&mut self) -> Option<(bool, SubSearch<G>)> {
        if self.solo.is_running() && self.solo.can_block() {
            let spare = SubSearch::new(self.solo.spec());
            self.solo_out = true;
            self.solo_pending = None;
            return Some((true, std::mem::replace(&mut self.solo, spare)));
        }
        if self
            .local
            .as_ref()
            .is_some_and(|l| l.is_running() && l.can_block())
        {
            self.local_pending = None;
            return self.local.take().map(|l| (false, l));
        }
        None
    }

    /// The UPDATEs that arrived for the search out running.
    fn pending(&mut self, solo: bool) -> Poll {
        let p = if solo {
            self.solo_pending.take()
        } else {
            self.local_pending.take()
        };
        p.map_or(Poll::Go, Poll::Update)
    }

    /// Puts the search back after [`TgMaster::take_blocking`]; when it finished, its value goes
    /// where the stepper's would.
    fn put_back(
        &mut self,
        solo: bool,
        search: SubSearch<G>,
        finished: bool,
        env: &mut Env<'_, Msg<G>>,
    ) {
        if solo {
            self.solo = search;
            self.solo_out = false;
            if finished {
                self.solo_done(env);
            }
        } else {
            self.local = Some(search);
            if finished {
                self.local_done(env);
            }
        }
    }

    fn child_window(&self) -> Window {
        let f = self.stack.last().expect("a frame");
        Window::new(-f.node.beta, -f.node.alpha)
    }

    /// Sends the top frame's child window to every busy slave.
    fn update_slaves(&mut self, env: &mut Env<'_, Msg<G>>) {
        let window = self.child_window();
        let me = self.me;
        let mut msgs = Vec::new();
        for slot in &self.slots {
            if let Some((job, _, _)) = slot.job {
                if slot.pid == me {
                    update_or_defer(&mut self.local, &mut self.local_pending, window);
                } else {
                    msgs.push((slot.pid, Msg::Update { job, window }));
                }
            }
        }
        env.send_all(msgs);
    }

    /// Gives the top frame's next successor to slot `s`.
    fn assign(&mut self, s: usize, out: &mut Vec<(Pid, Msg<G>)>) {
        let window = self.child_window();
        let iter = self.iter;
        let in_job = self.log.jobs.len().saturating_sub(1);
        let f = self.stack.last_mut().expect("a frame");
        let i = f.node.next;
        f.node.next += 1;
        self.next_job += 1;
        let job = self.next_job;
        let child = f
            .node
            .pos
            .as_ref()
            .expect("a position")
            .play(f.node.succ[i]);
        let (depth, ply) = (f.node.depth - 1, f.node.ply + 1);
        self.log.nodes[f.rec].farmed += 1;
        let farm = self.log.farms.len();
        self.log.farms.push(FarmRec {
            iter,
            node: f.rec,
            child: i as u32,
            to: self.slots[s].pid,
            job,
            in_job,
            found: 0,
            wasted: false,
        });
        self.slots[s].job = Some((job, i, farm));
        self.busy += 1;
        if self.slots[s].pid == self.me {
            self.local
                .as_mut()
                .expect("local slave")
                .start(child, window, depth, ply);
        } else {
            out.push((
                self.slots[s].pid,
                Msg::Evaluate {
                    job,
                    pos: child,
                    depth,
                    ply,
                    window,
                },
            ));
        }
    }

    /// Works the top of the stack until it waits for slaves or the job is done.
    fn advance(&mut self, env: &mut Env<'_, Msg<G>>) {
        loop {
            if self.solo_out || self.solo.is_running() {
                return;
            }
            let Some(top) = self.stack.last_mut() else {
                return;
            };
            match top.phase {
                Phase::Start => {
                    top.phase = Phase::Seq;
                    top.node.next = 1;
                    if top.node.alpha >= top.node.beta {
                        top.phase = Phase::Farm;
                        continue;
                    }
                    let child = top.node.pos.as_ref().expect("pos").play(top.node.succ[0]);
                    let w = Window::new(-top.node.beta, -top.node.alpha);
                    let (depth, ply, rec) = (top.node.depth - 1, top.node.ply + 1, top.rec);
                    let pv = top.predicted == 1;
                    let km = if pv { 1 } else { 3 };
                    if let Some(v) = self.open(child, depth, ply, w, pv, km, Link::Seq(rec), env) {
                        self.seq_value(v);
                    }
                }
                Phase::Seq => unreachable!("a frame waiting for its child is never on top"),
                Phase::Farm => {
                    let mut out = Vec::new();
                    for s in 0..self.slots.len() {
                        let f = self.stack.last().expect("a frame");
                        if f.node.next >= f.node.succ.len() || f.node.alpha >= f.node.beta {
                            break;
                        }
                        if self.slots[s].job.is_none() {
                            self.assign(s, &mut out);
                        }
                    }
                    env.send_all(out);
                    if self.busy > 0 {
                        return;
                    }
                    let (value, best) = self.close();
                    if self.stack.is_empty() {
                        self.done(value, best, env);
                        return;
                    }
                    self.seq_value(value);
                }
            }
        }
    }

    /// The sequential child of the top frame came back with `v`.
    fn seq_value(&mut self, v: Score) {
        self.child_value(0, v);
        self.stack.last_mut().expect("a frame").phase = Phase::Farm;
    }

    /// Pops the finished top frame: records its found type, fills the table; returns its value.
    fn close(&mut self) -> (Score, Option<G::Move>) {
        let f = self.stack.pop().expect("a frame");
        let found = match (f.cut_by, f.raised) {
            (Some(_), _) => 2,
            (None, _) if f.node.alpha >= f.node.beta => 0,
            (None, true) => 1,
            (None, false) => 3,
        };
        self.log.nodes[f.rec].found = found;
        if let Some(c) = f.cut_by {
            for farm in &mut self.log.farms[f.first_farm..] {
                if farm.node == f.rec && farm.child as usize > c {
                    farm.wasted = true;
                }
            }
        }
        let pos = f.node.pos.as_ref().expect("pos");
        if found != 0 {
            if let Some(h) = pos.hash() {
                let (mv, bound) = match found {
                    2 => (f.node.best, Bound::Lower),
                    1 => (f.node.best, Bound::Exact),
                    _ => (None, Bound::Upper),
                };
                self.table.store(
                    h,
                    Entry {
                        mv,
                        bound,
                        depth: f.node.depth,
                    },
                );
            }
        }
        (f.node.alpha, f.node.best)
    }

    /// The job (or, at the root, the iteration) is done.
    fn done(&mut self, value: Score, best: Option<G::Move>, env: &mut Env<'_, Msg<G>>) {
        if let Some(d) = &self.deepening {
            if self.iter < d.target {
                let (pos, window) = (d.pos.clone(), d.window);
                self.start_iteration(pos, (self.iter + self.step).min(d.target), window, env);
                return;
            }
        }
        self.active = false;
        env.send(
            self.parent,
            Msg::Value {
                job: self.job,
                value,
                best,
                lower: false,
            },
        );
    }

    fn start_iteration(&mut self, pos: G, iter: u32, window: Window, env: &mut Env<'_, Msg<G>>) {
        self.iter = iter;
        self.mark = (iter, self.stats());
        match self.open(pos, iter, 0, window, true, 1, Link::Root, env) {
            Some(v) => self.done(v, None, env),
            None => self.advance(env),
        }
    }

    fn on_value(
        &mut self,
        s: usize,
        value: Score,
        best: Option<G::Move>,
        env: &mut Env<'_, Msg<G>>,
    ) {
        let (_, i, farm) = self.slots[s].job.take().expect("busy slot");
        self.busy -= 1;
        let w = self.child_window();
        let stopped = w.alpha >= w.beta;
        let found = if stopped { 0 } else { child_found(value, w) };
        let f = &mut self.log.farms[farm];
        f.found = found;
        f.wasted |= stopped;
        if found != 0 {
            let top = self.stack.last().expect("a frame");
            let child = top.node.pos.as_ref().expect("pos").play(top.node.succ[i]);
            if let Some(h) = child.hash() {
                let (mv, bound) = match found {
                    2 => (best, Bound::Lower),
                    1 => (best, Bound::Exact),
                    _ => (None, Bound::Upper),
                };
                if bound == Bound::Upper || mv.is_some() {
                    self.table.store(
                        h,
                        Entry {
                            mv,
                            bound,
                            depth: top.node.depth - 1,
                        },
                    );
                }
            }
        }
        if self.child_value(i, value) {
            self.update_slaves(env);
        }
        self.advance(env);
    }

    fn on_update(&mut self, window: Window, env: &mut Env<'_, Msg<G>>) {
        let (mut a, mut b) = (window.alpha, window.beta);
        let mut changed = false;
        for f in &mut self.stack {
            if a > f.node.alpha {
                f.node.alpha = a;
                changed = true;
            }
            if b < f.node.beta {
                f.node.beta = b;
                changed = true;
            }
            if f.node.alpha >= f.node.beta {
                f.node.next = f.node.succ.len();
            }
            (a, b) = (-b, -a);
        }
        if self.solo_out {
            defer(&mut self.solo_pending, Window::new(a, b));
        } else if self.solo.is_running() {
            self.solo.update(Window::new(a, b));
        }
        if changed && self.busy > 0 {
            self.update_slaves(env);
        }
    }

    /// Number of nodes farmed out so far.
    pub fn log(&self) -> &Log {
        &self.log
    }
}

impl<G: Game> Process for TgMaster<G> {
    type Msg = Msg<G>;

    fn on_message(&mut self, from: Pid, msg: Msg<G>, env: &mut Env<'_, Msg<G>>) {
        match msg {
            Msg::Evaluate {
                job,
                pos,
                depth,
                ply,
                window,
            } => {
                self.job = job;
                self.active = true;
                self.busy = 0;
                self.stack.clear();
                if self.me == 0 && from == HOST {
                    self.deepening = Some(Deepening {
                        pos: pos.clone(),
                        target: depth,
                        window,
                    });
                    // Depth 0: the root is a bottom position, one "iteration".
                    // Depth 0: the root is a bottom position, one "iteration". Otherwise the
                    // iterations D, D − step, … down to the first of 1 … step.
                    let first = match depth {
                        0 => 0,
                        d => (d - 1) % self.step + 1,
                    };
                    self.start_iteration(pos, first, window, env);
                } else {
                    self.iter = ply + depth;
                    match self.open(
                        pos,
                        depth,
                        ply,
                        window,
                        false,
                        2,
                        Link::Job { from, job },
                        env,
                    ) {
                        Some(v) => self.done(v, None, env),
                        None => self.advance(env),
                    }
                }
            }
            Msg::Update { job, window } => {
                if self.active && job == self.job {
                    self.on_update(window, env);
                }
            }
            Msg::Value {
                job, value, best, ..
            } => {
                let s = self
                    .slots
                    .iter()
                    .position(|sl| sl.pid == from && sl.job.is_some_and(|(j, _, _)| j == job));
                if let Some(s) = s {
                    self.on_value(s, value, best, env);
                }
            }
            Msg::Progress { .. } => {}
        }
    }

    fn busy(&self) -> bool {
        self.solo.is_running() || self.local.as_ref().is_some_and(|l| l.is_running())
    }

    fn work(&mut self, env: &mut Env<'_, Msg<G>>, until: f64, max_steps: u64) {
        if self.solo.work_steps(env, until, max_steps) {
            self.solo_done(env);
            return;
        }
        let Some(local) = self.local.as_mut() else {
            return;
        };
        if local.work_steps(env, until, max_steps) {
            self.local_done(env);
        }
    }

    fn stats(&self) -> Stats {
        let mut s = self.stats + self.solo.stats();
        if let Some(l) = &self.local {
            s += l.stats();
        }
        s
    }
}

#[derive(Clone, Debug)]
enum Kind<G: Game> {
    Master(Box<TgMaster<G>>),
    Slave(Slave<G>),
}

/// A processor of the node-type guided search: a master or a slave, with the records of the
/// jobs it received.
#[derive(Clone, Debug)]
pub struct TgProc<G: Game> {
    kind: Kind<G>,
    jobs: Vec<JobRec>,
    /// Stats when the current job started.
    start: Stats,
    /// (iteration, stats when this process started working on it).
    mark: (u32, Stats),
}

fn minus(a: Stats, b: Stats) -> Stats {
    Stats {
        interior: a.interior - b.interior,
        leaves: a.leaves - b.leaves,
        movegens: a.movegens - b.movegens,
        cutoffs: a.cutoffs - b.cutoffs,
        tt_hits: a.tt_hits - b.tt_hits,
        qnodes: a.qnodes - b.qnodes,
    }
}

impl<G: Game> TgProc<G> {
    fn in_job(&self) -> bool {
        match &self.kind {
            Kind::Master(m) => m.active,
            Kind::Slave(s) => s.busy(),
        }
    }

    /// Closes the current job record if the job has just ended.
    fn after(&mut self, was: bool) {
        if was && !self.in_job() {
            let now = self.stats();
            if let Some(j) = self.jobs.last_mut() {
                j.own = minus(now, self.start);
            }
        }
    }

    /// This process's records (node and farm records are empty for a slave).
    pub fn log(&self) -> Log {
        let mut log = match &self.kind {
            Kind::Master(m) => m.log.clone(),
            Kind::Slave(_) => Log::default(),
        };
        log.jobs = self.jobs.clone();
        log
    }

    /// Node counts of iteration `iter` (zero if this process did nothing in it).
    pub fn iteration_stats(&self, iter: u32) -> Stats {
        let mark = match &self.kind {
            Kind::Master(m) if m.deepening.is_some() => m.mark,
            _ => self.mark,
        };
        if mark.0 == iter {
            minus(self.stats(), mark.1)
        } else {
            Stats::default()
        }
    }
}

impl<G: Game> Process for TgProc<G> {
    type Msg = Msg<G>;

    fn on_message(&mut self, from: Pid, msg: Msg<G>, env: &mut Env<'_, Msg<G>>) {
        let was = self.in_job();
        if let Msg::Evaluate {
            job, depth, ply, ..
        } = &msg
        {
            let iter = ply + depth;
            let now = self.stats();
            if iter != self.mark.0 {
                self.mark = (iter, now);
            }
            self.start = now;
            self.jobs.push(JobRec {
                from,
                job: *job,
                iter,
                own: Stats::default(),
                root_rec: None,
            });
            if let Kind::Master(m) = &mut self.kind {
                m.log.jobs.push(JobRec {
                    from,
                    job: *job,
                    iter,
                    own: Stats::default(),
                    root_rec: None,
                });
                let first = m.log.nodes.len();
                m.on_message(from, msg, env);
                if m.log.nodes.len() > first {
                    self.jobs.last_mut().expect("pushed").root_rec = Some(first);
                }
                self.after(true);
                return;
            }
        }
        match &mut self.kind {
            Kind::Master(m) => m.on_message(from, msg, env),
            Kind::Slave(s) => s.on_message(from, msg, env),
        }
        self.after(was);
    }

    fn busy(&self) -> bool {
        match &self.kind {
            Kind::Master(m) => m.busy(),
            Kind::Slave(s) => s.busy(),
        }
    }

    fn work(&mut self, env: &mut Env<'_, Msg<G>>, until: f64, max_steps: u64) {
        let was = self.in_job();
        match &mut self.kind {
            Kind::Master(m) => m.work(env, until, max_steps),
            Kind::Slave(s) => s.work(env, until, max_steps),
        }
        self.after(was);
    }

    /// Real backends: a slave's job, or a master's solo and local searches, on the serial
    /// search; the master's messages are handled from the mailbox hook meanwhile (through
    /// [`TgProc::on_message`], so every job is recorded).
    fn run(&mut self, env: &mut Env<'_, Msg<G>>, mailbox: &mut dyn Mailbox<Msg<G>>) -> bool {
        if let Kind::Slave(s) = &mut self.kind {
            let was = s.busy();
            let r = s.run(env, mailbox);
            self.after(was);
            return r;
        }
        let mut ran = false;
        loop {
            let Kind::Master(m) = &mut self.kind else {
                unreachable!("a master")
            };
            let Some((solo, mut search)) = m.take_blocking() else {
                // Nothing (more) for the serial search: the runtime steps what is left.
                return ran;
            };
            ran = true;
            let finished = {
                let me = &mut *self;
                let env = &mut *env;
                let mut poll = |nodes: u64| {
                    if deliver_waiting(me, env, mailbox, nodes).is_err() {
                        return Poll::Stop;
                    }
                    match &mut me.kind {
                        Kind::Master(m) => m.pending(solo),
                        Kind::Slave(_) => Poll::Go,
                    }
                };
                search.run_blocking(&mut poll)
            };
            let was = self.in_job();
            let Kind::Master(m) = &mut self.kind else {
                unreachable!("a master")
            };
            m.put_back(solo, search, finished, env);
            self.after(was);
            if !finished {
                return true;
            }
        }
    }

    fn stats(&self) -> Stats {
        match &self.kind {
            Kind::Master(m) => m.stats(),
            Kind::Slave(s) => s.stats(),
        }
    }
}

/// A hierarchy of masters, given by the number of processors on each level and numbered
/// breadth-first like [`ProcTree`] (which is the uniform case): level 0 is processor 0, and the
/// processors of level `k + 1` are shared among the masters of level `k` as evenly as possible
/// (in order, the first ones getting one more where the division leaves a remainder). With a
/// fan-out per level (`f=F1/F2/…`) every master of a level has the same number of slaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hierarchy {
    /// Processors on each level, from the top (`widths[0] == 1`); never decreasing, so every
    /// processor above the last level has at least one slave.
    pub widths: Vec<u64>,
}

impl Hierarchy {
    /// The uniform hierarchy of `tree`.
    pub fn uniform(tree: ProcTree) -> Self {
        Self::from_fanouts(&vec![tree.f; tree.q as usize])
    }

    /// The hierarchy with a fan-out per level (saturating).
    pub fn from_fanouts(fanouts: &[u32]) -> Self {
        let mut w = vec![1u64];
        for &f in fanouts {
            let last = *w.last().expect("nonempty");
            w.push(last.saturating_mul(f as u64));
        }
        Hierarchy { widths: w }
    }

    /// The fan-out of every level, when each master of a level has the same number of slaves.
    pub fn fanouts(&self) -> Option<Vec<u32>> {
        self.widths
            .windows(2)
            .map(|w| (w[1] % w[0] == 0).then(|| (w[1] / w[0]) as u32))
            .collect()
    }

    /// `5/5/9` (fan-outs per level) or, with uneven shares, `1+5+58` (processors per level).
    pub fn describe(&self) -> String {
        match self.fanouts() {
            Some(f) if f.is_empty() => "1".into(),
            Some(f) => f
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("/"),
            None => self
                .widths
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("+"),
        }
    }

    /// The default hierarchy for `p ≥ 1` processors on a game tree with root branching `b`
    /// searched to `depth` (the rule in the module docs): processor 0 with `⌈b/2⌉` slaves, every
    /// further level of masters with `b` slaves each, as many levels as leave every bottom master
    /// at least two slaves (and at most `depth − 1` levels of masters); then, if the bottom
    /// masters would get more than `b` slaves each (more than a node has jobs), one more level
    /// of masters, a third of the remaining processors, each with about two slaves; the bottom
    /// masters share the remaining processors. Uses exactly `p` processors.
    pub fn auto(p: u32, b: usize, depth: u32) -> Self {
        let p = p.max(1) as u64;
        let b = b.max(2) as u64;
        let mut widths = vec![1u64];
        let mut masters = 1u64;
        loop {
            let last = *widths.last().expect("nonempty");
            let next = last.saturating_mul(if widths.len() == 1 { b.div_ceil(2) } else { b });
            // One more level of masters if each of them would still have two slaves.
            if (widths.len() as u32) < depth.saturating_sub(1).max(1)
                && masters + next + next.saturating_mul(2) <= p
            {
                widths.push(next);
                masters += next;
            } else {
                break;
            }
        }
        let last = *widths.last().expect("nonempty");
        let rest = p.saturating_sub(masters);
        // A node hands out at most b jobs: more slaves than that under one master stay idle.
        if rest > last.saturating_mul(b) && (widths.len() as u32) < depth.saturating_sub(1).max(1) {
            let w = (rest / 3).clamp(last, last.saturating_mul(b));
            widths.push(w);
            masters += w;
        }
        if p > masters {
            widths.push(p - masters);
        }
        Hierarchy { widths }
    }

    /// Number of processors (saturating).
    pub fn count(&self) -> u64 {
        self.widths.iter().fold(0u64, |a, &w| a.saturating_add(w))
    }

    /// (level, index within the level) of `p`.
    fn place(&self, p: Pid) -> (usize, u64) {
        let mut start = 0u64;
        for (k, &w) in self.widths.iter().enumerate() {
            if (p as u64) < start + w {
                return (k, p as u64 - start);
            }
            start += w;
        }
        unreachable!("processor {p} outside the hierarchy")
    }

    fn start_of(&self, level: usize) -> u64 {
        self.widths[..level].iter().sum()
    }

    /// Slaves per master of level `k` (`q`, and `r` masters with one more).
    fn share(&self, k: usize) -> (u64, u64) {
        let (m, s) = (self.widths[k], self.widths[k + 1]);
        (s / m, s % m)
    }

    /// The master of `p` ([`HOST`] for processor 0).
    pub fn parent(&self, p: Pid) -> Pid {
        let (k, j) = self.place(p);
        if k == 0 {
            return HOST;
        }
        let (q, r) = self.share(k - 1);
        let i = if j < r * (q + 1) {
            j / (q + 1)
        } else {
            r + (j - r * (q + 1)) / q
        };
        (self.start_of(k - 1) + i) as Pid
    }

    /// The slaves of `p`.
    pub fn children(&self, p: Pid) -> Vec<Pid> {
        let (k, i) = self.place(p);
        if k + 1 == self.widths.len() {
            return Vec::new();
        }
        let (q, r) = self.share(k);
        let first = self.start_of(k + 1) + i * q + i.min(r);
        let n = q + u64::from(i < r);
        (first..first + n).map(|c| c as Pid).collect()
    }

    /// True for a terminal processor.
    pub fn is_leaf(&self, p: Pid) -> bool {
        self.place(p).0 + 1 == self.widths.len()
    }
}

/// The hierarchy `opts` asks for with `procs` processors, at most `max`, on a game tree with
/// root branching `b` searched to `depth`: `f`/`levels` as given, or with `--procs P` alone
/// [`Hierarchy::auto`].
pub fn hierarchy(
    opts: &TypeGuidedOptions,
    procs: Option<u32>,
    max: u64,
    b: usize,
    depth: u32,
) -> Result<Hierarchy, ParError> {
    let Some(fs) = opts.fanouts else {
        return match (opts.f, opts.levels, procs) {
            (None, None, Some(p)) if p >= 1 && p as u64 <= max => Ok(Hierarchy::auto(p, b, depth)),
            _ => ParAlgo::proc_tree(opts.f, opts.levels, procs, max).map(Hierarchy::uniform),
        };
    };
    let fanouts: Vec<u32> = fs.iter().copied().take_while(|&f| f > 0).collect();
    if opts.levels.is_some_and(|l| l as usize != fanouts.len()) {
        return Err(ParError(format!(
            "type-guided: f gives {} levels, levels={} disagrees",
            fanouts.len(),
            opts.levels.unwrap_or(0)
        )));
    }
    let h = Hierarchy::from_fanouts(&fanouts);
    let c = h.count();
    if c > max {
        return Err(ParError(format!(
            "the hierarchy f={} exceeds {max} processors",
            h.describe()
        )));
    }
    if let Some(p) = procs {
        if p as u64 != c {
            return Err(ParError(format!(
                "--procs {p} does not match the hierarchy ({c} processors)"
            )));
        }
    }
    Ok(h)
}

/// The processes of a node-type guided search on `tree` (process 0 is always a master; alone it
/// searches with a stepper of its own).
pub fn build<G: Game>(tree: &Hierarchy, opts: &TypeGuidedOptions) -> Vec<TgProc<G>> {
    let n = tree.count() as Pid;
    let table = Arc::new(Table::new());
    (0..n)
        .map(|p| {
            let kind = if p != 0 && tree.is_leaf(p) {
                Kind::Slave(
                    Slave::new(tree.parent(p), StepperMode::AlphaBeta, opts.preorder)
                        .with_quiescence(opts.quiescence),
                )
            } else {
                Kind::Master(Box::new(TgMaster::new(
                    p,
                    tree.parent(p),
                    tree.children(p),
                    tree.children(p).iter().all(|&c| tree.is_leaf(c)),
                    Arc::clone(&table),
                    opts,
                )))
            };
            TgProc {
                kind,
                jobs: Vec::new(),
                start: Stats::default(),
                mark: (0, Stats::default()),
            }
        })
        .collect()
}

/// Runs the node-type guided search and returns, beside the usual outcome (whose
/// `last_iteration` holds the last iteration's counts), the records of every process.
pub fn search_traced<G: Game>(
    opts: &TypeGuidedOptions,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
) -> Result<(ParOutcome<G::Move>, Trace), ParError> {
    search_traced_limited(
        opts,
        root,
        depth,
        root_window,
        procs,
        backend,
        &Limits::default(),
    )
}

/// [`search_traced`], stopping early when `limits` trip (then the outcome has `stopped` set and
/// the trace is empty). On `--backend mpi` the positions travel as paths
/// (`crate::mpi_backend::search_traced`).
pub fn search_traced_limited<G: Game>(
    opts: &TypeGuidedOptions,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
    limits: &Limits,
) -> Result<(ParOutcome<G::Move>, Trace), ParError> {
    if let Backend::Mpi { .. } = backend {
        return crate::mpi_backend::search_traced(
            opts,
            root,
            depth,
            root_window,
            procs,
            backend,
            limits,
        );
    }
    search_traced_on(opts, root, depth, root_window, procs, backend, limits).map(|(out, t)| {
        let algo = ParAlgo::TypeGuided(*opts);
        let out = crate::best_baseline(out, &algo, root, depth, root_window, backend, limits);
        (out, t)
    })
}

/// [`search_traced_limited`] on the backend given (for MPI, on `Pathed` positions).
pub(crate) fn search_traced_on<G: Game>(
    opts: &TypeGuidedOptions,
    root: &G,
    depth: u32,
    root_window: Window,
    procs: Option<u32>,
    backend: &Backend,
    limits: &Limits,
) -> Result<(ParOutcome<G::Move>, Trace), ParError> {
    let start = Instant::now();
    let max = max_procs(backend)?;
    let branching = {
        let mut moves = Vec::new();
        root.moves(&mut moves);
        moves.len()
    };
    let h = hierarchy(opts, procs, max, branching, depth)?;
    let tree = match h.fanouts().as_deref() {
        Some([]) => Some(ProcTree { f: 1, q: 0 }),
        Some(fs @ [f, rest @ ..]) if rest.iter().all(|g| g == f) => Some(ProcTree {
            f: *f,
            q: fs.len() as u32,
        }),
        _ => None,
    };
    let ps = build::<G>(&h, opts);
    let n = ps.len();
    let initial = vec![(
        0,
        Msg::Evaluate {
            job: 1,
            pos: root.clone(),
            depth,
            ply: 0,
            window: root_window,
        },
    )];
    let (run, ps) = execute_with_procs(ps, initial, backend, limits, |m| {
        matches!(m, Msg::Value { .. })
    });
    if let Some(reason) = run.stopped {
        let mut trace = Trace::new(Vec::new(), depth, 0, &run.busy, &run.idle);
        trace.hierarchy = Some(h);
        return Ok((stopped_outcome(run, reason, n, tree, start), trace));
    }
    let last = depth;
    // Every process's records (on MPI gathered to rank 0; a worker rank stops here).
    let (logs, last_iteration) =
        crate::mpi_backend::type_guided_records(backend, &run, &ps, last, n)?;
    let Some((_, Msg::Value { value, best, .. })) = run.host.last().cloned() else {
        return Err(ParError(
            "the parallel search ended without a result".into(),
        ));
    };
    let mut trace = Trace::new(logs, last, last_iteration.nodes(), &run.busy, &run.idle);
    trace.hierarchy = Some(h);
    let (serial_time, serial_stats, speedup) = if opts.quiescence {
        quiescence_reference(root, depth, root_window, opts.preorder, backend, run.time)
    } else {
        serial_reference(
            root,
            depth,
            root_window,
            StepperMode::AlphaBeta,
            opts.preorder,
            backend,
            run.time,
            limits,
        )
    };
    Ok((
        ParOutcome {
            value,
            exact: true,
            best_move: best,
            // The line is re-derived without quiescence: with it, only the best move.
            pv: if opts.quiescence {
                best.into_iter().collect()
            } else {
                principal_line(root, depth, value, true, best, opts.preorder, limits)
            },
            stats: run.stats,
            procs: n,
            tree,
            time: run.time,
            serial_time,
            serial_stats,
            speedup,
            baseline: None,
            messages: run.messages,
            busy: run.busy,
            idle: run.idle,
            wall: start.elapsed(),
            last_iteration: Some(last_iteration),
            stopped: None,
        },
        trace,
    ))
}

/// The simulator's serial reference with quiescence: the slaves' stepper with the same
/// evaluator (quiescence positions are counted, `qnodes`, but cost no virtual time, in the
/// parallel search and here alike).
pub(crate) fn quiescence_reference<G: Game>(
    root: &G,
    depth: u32,
    window: Window,
    preorder: bool,
    backend: &Backend,
    run_time: f64,
) -> (Option<f64>, Option<Stats>, Option<f64>) {
    let Backend::Sim(cfg) = backend else {
        return (None, None, None);
    };
    let mut s =
        Stepper::new(StepperMode::AlphaBeta, preorder).with_leaf(Some(quiescence_leaf::<G>()));
    s.start(root.clone(), window, depth, 0);
    s.finish();
    let st = s.stats;
    let t = cfg.cost.serial_time(st.interior, st.leaves);
    let sp = if run_time > 0.0 { t / run_time } else { 1.0 };
    (Some(t), Some(st), Some(sp))
}
