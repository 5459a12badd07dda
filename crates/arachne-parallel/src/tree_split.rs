//! `tree-split` — the tree-splitting algorithm of seed 000 §4 (Fishburn and Finkel's Arachne
//! search).
//!
//! Processors form a uniform tree of fan-out `f` and depth `q` ([`ProcTree`]). Terminal
//! processors run the **slave** of §4.1 (`Slave`: serial alpha-beta with an asynchronous
//! `catcher` for UPDATE messages). The others run the **master** of §4.2 (`Master`):
//!
//! * on EVALUATE(p, α, β) it generates the successors of `p`, gives one to each slave with the
//!   window `(−β, −α)`, and queues the rest;
//! * on VALUE from a slave: `tmp = −value`; if `tmp > α` then `α := tmp` and the new window
//!   `(−β, −α)` goes to every busy slave as an UPDATE; if `α ≥ β` (a cutoff) that window is
//!   non-positive, which terminates the slaves at once, and the queue is emptied; if successors
//!   remain, the freed slave is reassigned the next one;
//! * UPDATEs from its own master narrow `(α, β)` and are relayed to its busy slaves;
//! * when no slave is busy it sends VALUE(α) to its master.
//!
//! The paper sends UPDATEs to "all slaves"; here only busy slaves get them (an idle slave
//! would discard them), which changes the message count but not the search.
//!
//! Options (`tree-split:key=value,...`):
//!
//! * `f`, `q` — the processor tree. With `--procs P` alone the tree is **one master with
//!   `P − 1` slaves** (`q = 1, f = P − 1`; the configuration measured in §5), and `P = 1` is a
//!   lone slave (serial alpha-beta). With `q` alone, `f` is the largest fan-out whose tree fits
//!   in `P` processors; with `f` alone, `q` is the largest depth that fits.
//! * `raise=none|last|general` — §4.3. `last`: when the root master has no successor left to assign
//!   and exactly one slave is still busy, it sends that slave the window `(−α−1, −α)` (as an
//!   UPDATE, which the catcher intersects with the slave's window). If that successor is not
//!   the best the search fails high quickly; if it is, it fails low and the root reports that
//!   move with the **lower bound** `α + 1` — the best move is exact, the value may not be
//!   (reported as not exact). `general`: the root's slaves report their α to it (a PROGRESS
//!   message whenever it rises — the paper does not say how the master learns it); once no
//!   successor is left to assign, the busy slave with the lowest α is raised to
//!   `min(α_2 − 1, −α_root − 1)` where `α_2` is the second lowest (so with one busy slave it is
//!   `raise=last`); if it then fails low its move is still the best and the value a lower bound.
//!   Default `none`: the value is always exact.
//! * `master=1` (the default; `master=0` is §4's literal master) — §6, first
//!   optimization: every master also runs a slave on its own processor (a local stepper that
//!   takes successors from the queue like any other slave and gets UPDATEs without messages).
//! * `grand=1` — §6, third optimization: masters assign their successors' successors
//!   (`GrandMaster`); not combined with `master=1` or alpha raising.
//! * `preorder=1` (the default; `preorder=0`: the game's move order) —
//!   successors ordered best-first by their static values at every node (§5: "moves were
//!   ordered best-first according to their static values").
//! * `quiescence=1` (or `--quiescence`) — bottom positions valued by `arachne-search`'s
//!   capture-only quiescence search, at masters and slaves alike (with `grand=1` too).
//! * `--check-extension` — every processor extends checks by the serial engine's rule (masters
//!   when they take a position, slaves in their searches; [`Engine`]): the value is
//!   `falphabeta --check-extension`'s.
//! * `--null-move` (threads, not `grand=1`) — null-move pruning in the slaves' serial searches,
//!   and in a master's own with `master=1`; a master's nodes are searched in full ([`Engine`]).
//! * `pv=1` — **principal-variation splitting**, a root rule from outside seed 000 (Marsland and
//!   Campbell's PV-split, the idea that young-brothers-wait generalised): a master does not
//!   hand out the successors of its node at once. It first searches the node's first
//!   successor, itself a node split the same way, down the leftmost line to nodes of
//!   `PV_SPLIT_DEPTH` plies, whose first successor goes to one processor alone (the master's
//!   own with `master=1`). Only when a node's first successor has come back, with the α it
//!   gives, are its other successors handed out to every processor as above. The other
//!   successors are then searched with the window a serial search would give them, instead of
//!   two or more full-window searches at once: §5's speculative loss, which bounds
//!   tree-splitting's speedup, mostly goes; processors wait only where a level of the line
//!   waits for its last successor. Not with `grand=1` or alpha raising.
//!   Each master keeps the nodes of the line above the one it is splitting on a stack; an
//!   UPDATE from its own master narrows the lowest and, negated, every one above it.
//! * `id=1` — **iterative deepening at the root**, as the serial engine searches: the root
//!   master searches its position to 1, 2, …, `depth` plies, each iteration a tree-splitting
//!   search of its own with the previous iteration's best move first. On real backends the
//!   processors of one machine share one table (`SHARED_TABLE_MIB` MiB), so every
//!   iteration's processors order their nodes by the moves the previous iteration stored,
//!   whichever processor stored them. The value is the last iteration's, the value of the
//!   fixed-depth search; node counts are those of every iteration.
//! * `step=K` (with `id=1`; default 2, or 1 with `--null-move`) — the iterations deepen `K`
//!   plies at a time, to `depth`: depths `depth mod K` (or `K`), …, `depth − K`, `depth`, as
//!   type-guided's `step` (`step=1`: every depth). Each iteration is a chain of waits down its
//!   leftmost line (`pv=1`), where the processors other than the one searching the line's
//!   first successor are idle; fewer iterations, fewer waits. Measured with `--procs 3` threads,
//!   loaded machine, same binary, step 1 → 2: LCT II #1/#5/#9 depth 7 `--ordering --quiescence`
//!   CPU (user + sys) 0.32/0.24/0.26 → 0.28/0.19/0.23 s, time 286/206/233 → 240/164/201 ms;
//!   `incremental:b=10,d=11` seeds 1–3 nodes 2.19/2.53/2.05 M → 1.77/2.05/1.64 M; checkers
//!   bench 2/4/6 depth 14 nodes 0.98/1.67/1.17 M → 0.59/1.25/1.07 M. **With the null move the
//!   other way round:** a serial search that prunes by the null move meets, at every node, the
//!   previous depth's entries (its reduced searches are one or two plies shallower), and the
//!   iterations two plies apart leave it fewer of them. On LCT II #1/#5/#9 at depth 8 with all
//!   four engine options, the processes as one serial search (`tree-split:master=0,pv=1,id=1
//!   --procs 2 --backend sim`: one slave searches every job in turn) visit 12.25 M positions
//!   (quiescence included) with `step=2` and 9.80 M with `step=1`, against `aspiration`'s 10.18
//!   M; on threads (`arachne speedup … --depth 8 --ordering --quiescence --null-move
//!   --check-extension --rounds 3`, 2026-12-07) step 2 → 1: `master=1 --procs 2` 1.25 → 1.45×
//!   against `aspiration`, +45.0 → +28.7 % nodes; `--procs 3` 1.18 → 1.25×, +64.2 → +47.3 %
//!   (type-guided: 1.33 → 1.34× and 1.18 → 1.35×). On checkers (no null move) step 2 stays
//!   faster: bench 2/4/6 at depth 16 `--ordering`, `master=1 --procs 2` 5.82× with step 2,
//!   4.87× with step 1.
//!
//! Every slave, and a master's local slave, searches its subtree with `arachne-search`'s
//! serial search (`crate::subsearch`) — on the simulator too, unless `worker=stepper` asks
//! for the paper's slave (the resumable stepper: values are the same, node counts differ).
//! On real backends they all search on the machine's one table (`subsearch::machine_table`),
//! whatever options they take: a subtree one of them searched is found in the table by the
//! others, as a serial search finds its own (on chess two processes with tables of their own
//! searched the transpositions of each other's subtrees again: BENCHMARKS.md, "Chess at issue
//! 42's depth 10").
//!
//! ## Table moves at the masters (real backends)
//!
//! Where the processors share a table (`SHARED_TABLE_MIB`: threads and MPI, not the
//! simulator) and `preorder=1`, a master orders the successors of every node it splits — the
//! node of an EVALUATE and, with `pv=1`, every node of its leftmost line — by the table: the
//! move stored for the position goes first, then the static order. It stores the best move of
//! every node it finishes, and of every successor whose VALUE names its best move (the root of
//! a slave's job), unless the table already holds a move for that position at that draft or
//! deeper (a serial search's own entry). This is the nCUBE program's rule (seed
//! `ncube-chess-node-types`: "if the hash table suggests a move, search it first"), which
//! with `id=1` makes each iteration's leftmost line the previous iteration's principal line:
//! seed 000 §7.2's best-first order, under which the first successor of a node on the line
//! gives its value and the brothers handed out after it (`pv=1`) all fail (§7.2, Theorem 1's
//! type 1 and type 3 nodes). Without it only the root's best move was carried to the next
//! iteration and the line below it followed the static order; on the synthetic trees, whose
//! slaves keep no table (no transpositions), the masters' entries are the only ones.
//! The entries carry no value (an upper bound of +∞ at the node's draft, on which no search
//! cuts off), so values are those of the searches without them.
//!
//! ## Defaults on real cores
//!
//! On `--backend threads` and `--backend mpi`, `pv` and `id` not given are **on** ([`TreeSplitOptions::on_backend`]):
//! `tree-split` there is `tree-split:pv=1,id=1` (with `id=1`'s `step=2`), the form measured best on 2 real cores
//! (BENCHMARKS.md, "Message-passing algorithms on real cores"). With `--procs 3`, nodes
//! of all processors against the serial search with the same options: the literal root split
//! searched +24 to +69 % on `incremental:b=10,d=11` seeds 1–3 (`alphabeta --preorder`) and +13
//! to +48 % on LCT II #1/#5/#9 at depth 7 (`aspiration --ordering --quiescence`); these
//! defaults, with the table moves above, +16 to +19 % and −13 to −33 %. `pv=0,id=0` gives §4's
//! literal form. On MPI, 2 ranks on this machine, `tree-split --procs 3` on the same trees went
//! from 1.06 / 1.20 / 0.80× to 1.67 / 1.95 / 1.76× with them (2026-11-27; today's command
//! is `scripts/bench.sh real-cores-mpi`). On the simulator both stay off unless given, so
//! the simulator's counts and the report built on them are §4's.
use crate::common::ProcTree;
use crate::slave::{Engine, Msg, Slave};
use crate::subsearch::{machine_table, Worker};
use arachne_core::{Game, Stats};
use arachne_runtime::{Env, Mailbox, Pid, Process};
use arachne_search::stepper::StepperMode;

mod grand;
mod master;
pub(crate) use grand::GrandMaster;
pub(crate) use master::Master;

/// §4.3 alpha raising.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum AlphaRaise {
    /// No alpha raising: exact values.
    #[default]
    None,
    /// The root's last successor searched with `(−α−1, −α)`.
    Last,
    /// General alpha raising among the root's busy slaves.
    General,
}

/// Options of the tree-splitting algorithm. The defaults are `master=1` and `preorder=1`
/// (they beat the literal §4 algorithm at every P on the simulator; see the crate docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TreeSplitOptions {
    /// Fan-out of the processor tree.
    pub f: Option<u32>,
    /// Depth of the processor tree.
    pub q: Option<u32>,
    /// §4.3.
    pub raise: AlphaRaise,
    /// §6: masters also search.
    pub master_searches: bool,
    /// §6: masters assign their successors' successors.
    pub grand: bool,
    /// Static best-first move ordering.
    pub preorder: bool,
    /// Value bottom positions by `arachne-search`'s quiescence search (`--quiescence`).
    pub quiescence: bool,
    /// The check extension at every processor (`--check-extension`; [`Engine`]).
    pub check_extension: bool,
    /// Null-move pruning in the slaves' serial searches (`--null-move`; [`Engine`]).
    pub null_move: bool,
    /// A simulated processor's search (`worker=engine|stepper`; [`Worker`]).
    pub worker: Worker,
    /// Principal-variation splitting (module docs, `pv=1`); `None` when not given: the
    /// backend's default ([`TreeSplitOptions::on_backend`]).
    pub pv_split: Option<bool>,
    /// Iterative deepening at the root (module docs, `id=1`); `None` as for `pv_split`.
    pub iterate: Option<bool>,
    /// Plies between two iterations of `id=1` (module docs, `step=K`); `None`:
    /// `DEFAULT_ID_STEP`.
    pub step: Option<u32>,
    /// Real backends: one table shared by the processors of a machine (set by the driver for
    /// threads and MPI, not an option of the spec).
    pub shared_table: bool,
}

/// `id=1`'s default plies between iterations without the null move (module docs, `step=K`).
pub(crate) const DEFAULT_ID_STEP: u32 = 2;

/// The plies between the iterations of a master that deepens (tree-split's `id=1`,
/// type-guided's root) when `step=` is not given: 1 with the null move, else
/// [`DEFAULT_ID_STEP`] (module docs, `step=K`).
pub(crate) fn default_step(engine: Engine) -> u32 {
    if engine.null_move {
        1
    } else {
        DEFAULT_ID_STEP
    }
}

/// With `pv=1`, the shallowest node of the leftmost line that is split: its first successor,
/// of `PV_SPLIT_DEPTH − 1` plies, is one processor's job (module docs).
pub(crate) const PV_SPLIT_DEPTH: u32 = 3;

impl Default for TreeSplitOptions {
    fn default() -> Self {
        TreeSplitOptions {
            f: None,
            q: None,
            raise: AlphaRaise::None,
            master_searches: true,
            grand: false,
            preorder: true,
            quiescence: false,
            check_extension: false,
            null_move: false,
            worker: Worker::Engine,
            pv_split: None,
            iterate: None,
            step: None,
            shared_table: false,
        }
    }
}

impl TreeSplitOptions {
    /// The options as run on a backend (`real`: threads or MPI, not the simulator): `pv` and
    /// `id` not given are on for real cores and off on the simulator (module docs, "Defaults
    /// on real cores"). Without
    /// `grand=1` or alpha raising only, which they do not combine with.
    pub fn on_backend(self, real: bool) -> Self {
        let on = real && !self.grand && self.raise == AlphaRaise::None;
        TreeSplitOptions {
            pv_split: Some(self.pv_split.unwrap_or(on)),
            iterate: Some(self.iterate.unwrap_or(on)),
            ..self
        }
    }
}

/// A processor of the tree-splitting system.
#[derive(Clone, Debug)]
pub(crate) enum Node<G: Game> {
    /// An interior processor.
    Master(Box<Master<G>>),
    /// A terminal processor.
    Slave(Slave<G>),
    /// An interior processor assigning successors' successors (§6).
    Grand(Box<GrandMaster<G>>),
}

impl<G: Game> Process for Node<G> {
    type Msg = Msg<G>;
    #[inline]
    fn on_message(&mut self, from: Pid, msg: Msg<G>, env: &mut Env<'_, Msg<G>>) {
        match self {
            Node::Master(m) => m.on_message(from, msg, env),
            Node::Slave(s) => s.on_message(from, msg, env),
            Node::Grand(g) => g.on_message(from, msg, env),
        }
    }
    #[inline]
    fn busy(&self) -> bool {
        match self {
            Node::Master(m) => m.busy(),
            Node::Slave(s) => s.busy(),
            Node::Grand(_) => false,
        }
    }
    #[inline]
    fn work(&mut self, env: &mut Env<'_, Msg<G>>, until: f64, max_steps: u64) {
        match self {
            Node::Master(m) => m.work(env, until, max_steps),
            Node::Slave(s) => s.work(env, until, max_steps),
            Node::Grand(_) => {}
        }
    }
    fn run(&mut self, env: &mut Env<'_, Msg<G>>, mailbox: &mut dyn Mailbox<Msg<G>>) -> bool {
        match self {
            Node::Master(m) => m.run(env, mailbox),
            Node::Slave(s) => s.run(env, mailbox),
            Node::Grand(_) => false,
        }
    }
    fn stats(&self) -> Stats {
        match self {
            Node::Master(m) => m.stats(),
            Node::Slave(s) => s.stats(),
            Node::Grand(g) => g.stats(),
        }
    }
}

/// The processes of a tree-splitting system on `tree`.
pub fn build<G: Game>(
    tree: ProcTree,
    opts: &TreeSplitOptions,
) -> Vec<impl Process<Msg = Msg<G>> + Clone> {
    build_with(tree, opts, Engine::default())
}

/// [`build`] with the engine options `engine` ([`Engine`]: the check extension's bound is the
/// search's depth).
pub(crate) fn build_with<G: Game>(
    tree: ProcTree,
    opts: &TreeSplitOptions,
    engine: Engine,
) -> Vec<Node<G>> {
    let n = tree.count().expect("processor count checked by the caller") as Pid;
    let table = opts.shared_table.then(machine_table::<G>).flatten();
    (0..n)
        .map(|p| {
            if tree.is_leaf(p) {
                Node::Slave(
                    Slave::new(tree.parent(p), StepperMode::AlphaBeta, opts.preorder)
                        .with_quiescence(opts.quiescence)
                        .with_table(table.clone())
                        .with_engine(engine)
                        .with_progress(opts.raise == AlphaRaise::General && tree.parent(p) == 0),
                )
            } else if opts.grand {
                Node::Grand(Box::new(GrandMaster::new(
                    tree.parent(p),
                    tree.children(p),
                    opts.preorder,
                    opts.quiescence,
                    engine,
                )))
            } else {
                Node::Master(Box::new(Master::new(
                    p,
                    tree.parent(p),
                    tree.children(p),
                    opts,
                    table.clone(),
                    engine,
                )))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::master::{remember, table_move_first};
    use super::*;
    use arachne_core::{Bound, Score, TranspositionTable};
    use arachne_games::TicTacToe;

    fn moves(pos: &TicTacToe) -> Vec<<TicTacToe as Game>::Move> {
        let mut v = Vec::new();
        pos.moves(&mut v);
        v
    }

    #[test]
    fn a_remembered_move_goes_first_and_never_settles_a_value() {
        let table = TranspositionTable::with_slots(1 << 10);
        let pos = TicTacToe::new();
        let gen = moves(&pos);
        let best = gen[6];
        remember(&table, &pos, 5, best);
        // Any order of the successors: the remembered move comes first, the rest keep theirs.
        let mut succ = gen.clone();
        succ.reverse();
        let before = succ.clone();
        table_move_first(Some(&table), &pos, &mut succ);
        assert_eq!(succ[0], best);
        let rest: Vec<_> = before.iter().copied().filter(|&m| m != best).collect();
        assert_eq!(succ[1..], rest[..]);
        // The entry is an upper bound of +inf: no window's alpha is at or above it.
        let e = table.probe(pos.hash().unwrap()).unwrap();
        assert_eq!((e.bound, e.score, e.depth), (Bound::Upper, Score::INF, 5));
        assert_eq!(e.score.to_root_relative(60), Score::INF);
        // A deeper iteration replaces it; a shallower one does not.
        remember(&table, &pos, 7, gen[2]);
        remember(&table, &pos, 6, gen[3]);
        let e = table.probe(pos.hash().unwrap()).unwrap();
        assert_eq!((e.move_index, e.depth), (Some(2), 7));
        // Without a table, or without an entry, the order stays.
        let mut succ = gen.clone();
        table_move_first(None, &pos, &mut succ);
        assert_eq!(succ, gen);
        let other = pos.play(gen[0]);
        let mut succ = moves(&other);
        table_move_first(Some(&table), &other, &mut succ);
        assert_eq!(succ, moves(&other));
    }

    #[test]
    fn pv_and_id_default_on_real_cores_only() {
        let o = TreeSplitOptions::default();
        let t = o.on_backend(true);
        assert_eq!((t.pv_split, t.iterate), (Some(true), Some(true)));
        let s = o.on_backend(false);
        assert_eq!((s.pv_split, s.iterate), (Some(false), Some(false)));
        // Given values are kept, on threads too.
        let given = TreeSplitOptions {
            pv_split: Some(false),
            iterate: Some(true),
            ..o
        };
        let t = given.on_backend(true);
        assert_eq!((t.pv_split, t.iterate), (Some(false), Some(true)));
        // Not with the options they do not combine with.
        for o in [
            TreeSplitOptions {
                grand: true,
                master_searches: false,
                ..o
            },
            TreeSplitOptions {
                raise: AlphaRaise::Last,
                ..o
            },
        ] {
            let t = o.on_backend(true);
            assert_eq!((t.pv_split, t.iterate), (Some(false), Some(false)));
        }
    }
}
