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
//! tree-split's): terminal processors are tree-split's `Slave` (serial
//! alpha-beta on a [`Stepper`], UPDATEs narrowing its window between steps); every interior
//! processor is a `TgMaster`. A master keeps a stack of `MasterNode`s — the line of
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
//! `step=K` plies (default 2: the depths of D's parity; 1 with the null move), each iteration a full search of the root
//! by the scheme above; the table filled by one iteration guides the next.
//!
//! ## Choices where the seed is silent (documented and tested)
//!
//! * **The table.** The nCUBE program's hash table was global (spread over the processors'
//!   memories). Here every process of one search shares one table (`Table`: position hash →
//!   best move, bound and depth). It holds the nodes a master handled (its stack) and the roots
//!   of the searches it farmed out (their values and best moves come back in the VALUE); the
//!   slaves' serial searches do not write to it. The table is consulted **for moves only**, never
//!   for values: a stale, shallow or colliding entry can cost time but never exactness. Table
//!   accesses cost no simulated time (on the nCUBE a remote probe was a message; not modelled). On
//!   a distributed backend each rank would see only its own processes' entries (still exact).
//! * **The serial searches' table.** Apart from that table of moves, the serial searches of a
//!   machine's processes (the slaves', and a master's own and solo searches) share one
//!   transposition table on real backends (`subsearch::machine_table`, as tree-split's
//!   processors do), so a subtree one of them searched is found in the table by the others,
//!   as a serial search finds its own (BENCHMARKS.md, "Chess at issue 42's depth 10", has the
//!   effect of tables of their own). On the simulator each processor keeps its own.
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
//!   docs/benchmarks-history.md: on `incremental:b=10,d=10`, P = 256, hierarchy `5/5/9`, mean of
//!   three trees, `serial=2` gives 67.4 with `step=1` and 85.6 with `step=2` (61.2 with neither).
//!   `step=1` is the seed's deepening, and the default with `--null-move`: a search that prunes
//!   by the null move finds the previous depth's table entries at its reduced searches, and on
//!   LCT II #1/#5/#9 at depth 8 with all four engine options, threads, `master=1 --procs 2`
//!   searched +37.1 % of `aspiration`'s nodes with step 2 and +21.3 % with step 1 (`--procs
//!   3`: +64.8 and +48.1 %; 1.18 → 1.35× against `aspiration`; tree-split's `step` docs give
//!   the command). On checkers (no null move) step 2 stays the faster.
//! * **Quiescence** (`quiescence=1`, or `--quiescence` on the command line): every bottom
//!   position — in a slave's or a master's serial search, or reached by a master — is valued by
//!   `arachne-search`'s capture-only quiescence search (`quiescence_leaf`, the serial
//!   searchers' own [`Ctx::leaf`](arachne_search::context::Ctx::leaf)), so the value equals the
//!   serial alpha-beta search with quiescence at the same depth. Its positions are counted
//!   (`qnodes`) but cost no simulated time, here and in the serial reference alike; the
//!   principal line (the processes', each job's line from its serial search) is checked with
//!   the same quiescence search.
//! * **The engine's check extension and null move** (`--check-extension`, `--null-move`; the
//!   seed names neither). A node a master handles — on its line of play or as a job — is
//!   extended by the serial engine's rule where the master reaches it
//!   ([`arachne_core::extension::extended_depth`], bounded by the whole search's depth in every
//!   iteration); a farmed-out successor travels with its nominal depth and is extended by whoever
//!   takes it; every serial search (a slave's, a master's below the grain size, its local
//!   slave's) extends at its root and below. The tree is the serial engine's, so the value is
//!   `falphabeta --check-extension`'s. The null move is taken by those serial searches, the
//!   engine's own loop (`crate::subsearch`); a master never passes at a node it handles, whose
//!   successors are all searched (sequentially or farmed out), as tree-split's masters do. The
//!   value then depends on the windows the serial searches are given, as the serial engine's
//!   depends on its own; the principal line is the processes' own, unchecked (no serial search
//!   without the null move could check it).
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
//!   256 → `5/10/4`, 1024 → `1+5+50+322+646` (the earlier rule's `1+5+58` and
//!   `1+5+50+968` gave their bottom masters 11–20 slaves; measured in docs/benchmarks-history.md). The
//!   hierarchy used is reported (`hierarchy` in `--json`; [`Trace::hierarchy`]). Unlike
//!   tree-split's rule (which takes the uniform processor tree that fits, so may use fewer than
//!   P), this one uses every processor asked for: a hierarchy need not be uniform.
//! * **Defaults**: `preorder=1` and `master=1`, which beat `preorder=0,master=0` at
//!   every P on the simulator; `preorder=0`, `master=0` give the literal scheme.
//!
//! ## Modules
//!
//! `TgMaster` (`master.rs`) is the rule above; `TgProc` and `build` (`process.rs`) the
//! processors; [`Hierarchy`] (`hierarchy.rs`) the processor tree; `Table` (`table.rs`) the
//! global table; [`Log`] (`log.rs`) the records, summarised by [`trace`].
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
use crate::common::outcome::{outcome, stopped_outcome};
use crate::common::reference::reference_and_line;
use crate::common::{execute_with_procs, max_procs, Job, ProcTree};
use crate::slave::{moves_of, Msg};
use crate::subsearch::{quiescence_leaf, Worker};
use crate::{Backend, ParAlgo, ParError, ParOutcome, ParResult};
use arachne_core::Game;
use arachne_search::stepper::{Stepper, StepperMode};
use std::time::Instant;

mod hierarchy;
mod log;
mod master;
mod process;
mod records;
mod table;
pub mod trace;
pub(crate) use hierarchy::hierarchy;
pub use hierarchy::Hierarchy;
pub use log::{FarmRec, JobRec, Link, Log, NodeRec};
pub(crate) use master::TgMaster;
pub(crate) use process::{build, TgProc};
pub(crate) use table::{Bound, Entry, Table};
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
    /// default, `DEFAULT_SERIAL`).
    pub serial: Option<u32>,
    /// Plies between iterations of the root's iterative deepening (`None`: `DEFAULT_STEP`).
    pub step: Option<u32>,
    /// Value bottom positions by `arachne-search`'s capture-only quiescence search (see the
    /// module docs).
    pub quiescence: bool,
    /// Every processor extends checks by the serial engine's rule (`--check-extension`;
    /// [`Engine`](crate::slave::Engine)): see the module docs.
    pub check_extension: bool,
    /// Null-move pruning in the serial searches of slaves and masters (`--null-move`): see the
    /// module docs.
    pub null_move: bool,
    /// A simulated processor's search (`worker=engine|stepper`; [`Worker`]).
    pub worker: Worker,
}

/// The default grain size (`serial=S`): see the module docs.
pub(crate) const DEFAULT_SERIAL: u32 = 2;
/// The default iterative-deepening step (`step=K`): see the module docs.
pub(crate) const DEFAULT_STEP: u32 = 2;

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
            check_extension: false,
            null_move: false,
            worker: Worker::Engine,
        }
    }
}

/// The node-type guided search of `job` with its records (`crate::search_traced_limited` on
/// the backend given; for MPI, on `Pathed` positions).
pub(crate) fn search_traced_on<G: Game>(
    opts: &TypeGuidedOptions,
    job: &Job<'_, G>,
) -> Result<(ParOutcome<G::Move>, Trace), ParError> {
    let Job {
        root,
        depth,
        window: root_window,
        procs,
        backend,
        limits,
    } = *job;
    let start = Instant::now();
    let max = max_procs(backend)?;
    let h = hierarchy(opts, procs, max, job.branching(), depth)?;
    let tree = match h.fanouts().as_deref() {
        Some([]) => Some(ProcTree { f: 1, q: 0 }),
        Some(fs @ [f, rest @ ..]) if rest.iter().all(|g| g == f) => Some(ProcTree {
            f: *f,
            q: fs.len() as u32,
        }),
        _ => None,
    };
    let algo = ParAlgo::TypeGuided(*opts);
    let engine = algo.engine(depth);
    // Real backends: the processes of a machine share the serial searches' table.
    let shared = !matches!(backend, Backend::Sim(_));
    let ps = build::<G>(&h, opts, engine, shared);
    let n = ps.len();
    let initial = vec![(0, Msg::evaluate(1, root.clone(), depth, 0, root_window))];
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
    let (logs, last_iteration) = records::gather(backend, &run, &ps, last, n)?;
    let Some((_, Msg::Value { value, line, .. })) = run.host.last().cloned() else {
        return Err(ParError(
            "the parallel search ended without a result".into(),
        ));
    };
    let mut trace = Trace::new(logs, last, last_iteration.nodes(), &run.busy, &run.idle);
    trace.hierarchy = Some(h);
    // Serial alpha-beta on the stepper with the same evaluator and extension, the seeds'
    // reference, and the processes' line checked and completed by the same serial search.
    let stepper = Stepper::new(StepperMode::AlphaBeta, opts.preorder)
        .with_leaf(opts.quiescence.then(quiescence_leaf::<G>))
        .with_check_extension(engine.check_root);
    let ((serial_time, serial_stats, speedup), pv) = reference_and_line(
        job,
        root_window,
        run.time,
        (stepper.clone(), stepper),
        engine.null_move,
        (value, true, moves_of(&line)),
    );
    let best = pv.first().copied();
    let result = ParResult {
        tree,
        serial_stats,
        last_iteration: Some(last_iteration),
        ..ParResult::found(value, true, best, pv, run.stats, n, start)
    };
    Ok((
        outcome(result, (&run).into(), (serial_time, speedup)),
        trace,
    ))
}
