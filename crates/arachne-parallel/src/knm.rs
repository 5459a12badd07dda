//! `knm` — the **Key Node Method** of seed 003 (Lindstrom, *The Key Node Method: a highly-parallel
//! alpha-beta algorithm*, 1983): message-passing alpha-beta with eager provisional values.
//!
//! Every game-tree node is a small record (Fig. 3-2: position, parent, descendants with the value
//! each last reported, `amkey`, `amfirst`, `visited`), **created on demand** when its first down
//! message arrives. Two kinds of messages flow (Fig. 3-3):
//!
//! * **down** `(are_key, are_first)` — a node's key status changed;
//! * **up** `(sender, val)` — a node's provisional value (its rank-1 descendant's value) changed.
//!
//! They are processed exactly as Figs. 3-4 and 3-5 (`Node::on_down`, `Node::on_up`):
//!
//! * **key nodes** (§3.2.1): the root is a key node and a first descendant; all descendants of a
//!   first-descendant key node are key; only the first (rank-1) descendant of a non-first key node
//!   is key. Descendants are ranked by the values they last reported, best first;
//! * a down message installs the new status; a terminal node answers its first one with its
//!   static value; an interior node notifies its rank-1 descendant if its own key status changed
//!   and its other descendants if "key and first" changed (`notify descs`);
//! * an up message installs the value and re-ranks the descendants — **only ranks 1 and 2 are
//!   found, in one linear sweep** (§4.1 point 3; rank 2 lets a report that changes neither rank
//!   skip the sweep); if rank 1 changed and the node is key, the new and the old rank-1
//!   descendants are told their new status; if the rank-1 value changed, the node reports it up
//!   (eager reporting).
//!
//! The search ends when the root's value is final; it is then the minimax value.
//!
//! ## Two machine models
//! * [`pooled`] — the paper's own (§4.2.2): `k` identical processors, one pooled FIFO queue; each
//!   time unit takes the first `min(k, queued)` messages; at most one message per node per time
//!   unit (later ones for the same node wait for the next unit, their processor idles);
//!   mono-processor time is the number of messages processed. The search ends when the queue is
//!   empty (or, with `deepening=1`, at the §5.3 local finality test).
//! * [`dist`] — the distributed form (§5.4, option 1): node records partitioned over the
//!   processors by a hash of the node's name, each message routed to the processor owning its
//!   node, written as a [`Process`](arachne_runtime::Process) so it runs on `sim` and `threads`
//!   with the same cost models as tree-split (`arachne search --algo knm --procs P --backend …`);
//!   its `grain` (`grain`) makes the nodes near the horizon serial searches.
//!
//! ## Options (`knm:key=value,...`)
//! * `fifo=1` (default) — FIFO delivery on every link. `fifo=0` — randomly reordered delivery
//!   (seeded by `seed=S`, default 1): the pooled queue hands out uniformly random waiting messages;
//!   a distributed processor handles its waiting messages in random order. Messages carry the
//!   §5.2 serial numbers in both cases; stale ones are recognised and dropped.
//! * `suppress=1` (default, "the simulation results summarized in tables 4-1 and 4-2 in fact
//!   reflect this optimization") — §5.1: a node that is not key sends no up message.
//! * `deepening=1` — §5.3 iterative deepening with "search to" / "valid to" depths, its local
//!   test for root-value finality and the suppression of redundant down messages.
//! * `preorder=1` — a node's descendants start ranked by their static values (§4.2.1 move
//!   preordering; the same ordering as the serial alpha-beta it is compared with) instead of
//!   generation order.
//! * `quiescence=1` (or `--quiescence`) — every bottom position (the horizon, a position
//!   without moves, a game-over position; with `deepening=1` also an iteration's horizon) is
//!   valued by `arachne-search`'s full-window capture search instead of its static value. The
//!   method is unchanged: a key node's first answer, Fig. 3-4's "static value", is simply this
//!   value, a pure function of the position, so the root's final value is that of negamax whose
//!   horizon positions are valued by the capture search — `alphabeta --quiescence`. Positions
//!   searched by the capture searches are counted as `qnodes`, outside the messages and time.
//! * `model=dist|pooled` (default `dist`) — see above; `pooled` runs on `--backend sim` only,
//!   with `--procs k`, and reports the paper's time units and speedup (mono time / time).
//! * `grain=G` (distributed form) — a key node with `1..=G` plies left answers with
//!   the value of a full-window serial search of its subtree by `arachne-search` instead of
//!   becoming a record with messages: Fig. 3-4's "static value" of a terminal node, of depth
//!   `G`, so the root's value stays exactly negamax's (`grain` explains the full window, how
//!   the simulator charges it, and the default: 0 on the simulator, measured on threads and
//!   MPI). `grain=0` is the paper's form, message for message. Refused on `model=pooled`, and
//!   `grain > 0` with `deepening=1`.
//!
//! ## Limits and memory
//! Both models stop on `--nodes` (nodes expanded and bottom positions evaluated), `--time-ms`
//! and the stop flag (Ctrl-C), as every parallel search does: the outcome then has no value
//! (`stopped` set) and the counts so far. Every node a search touches keeps a record (with its
//! position and one entry per move) until the search ends, so memory grows with the tree: it
//! is bounded by [`KnmOptions::memory_mib`] (`--memory MiB`, default `DEFAULT_MEMORY_MIB`),
//! counted as the records, their descendant lists, the name table (distributed form) and the
//! queued messages — not heap memory a position itself may own, nor (distributed form) the
//! messages in flight in the runtime's queues and channels, so a process holds somewhat more
//! (about 1.3 GB at the default cap for `incremental:b=10,d=10`, 4 processors, sim or threads,
//! measured with `/usr/bin/time`; 0.8 GB for chess to depth 7 in the pooled model). Reaching the cap ends the
//! search with an error naming `--memory`; nothing larger than the cap is ever asked of the
//! allocator, and a refused allocation is the same error, never an abort.
//!
//! ## Choices where the paper leaves details open (each tested in `tests/suite/knm.rs`)
//! 1. **Negamax.** A node's value is from its own side to move; a parent stores the negation of
//!    what a descendant reports, so "rank 1" is always the largest stored value. The "worst value
//!    reportable" a descendant starts with is `−∞`; a node whose descendants have all stayed at
//!    `−∞` has no value yet and reports nothing.
//! 2. **Ties.** A rank-1 descendant keeps rank 1 while its value is not strictly beaten;
//!    otherwise rank 1 (and rank 2) go to the best value, earliest in the static order
//!    (generation order, or static-value order with `preorder=1`) among equals.
//! 3. **Terminal nodes** (a position with no moves, a game-over position, or the horizon) answer
//!    the first down message that makes them key, and ignore every later one. Under FIFO delivery
//!    the first down message a node receives always makes it key (`first_nonkey == 0`, tested),
//!    so this is exactly Fig. 3-4; under reordering, a stale "are_key" that arrives after a newer
//!    "not key" is dropped and the node stays unvisited, which is correct: its value is not
//!    needed. An interior node is expanded (its moves generated, [`Stats::interior`] counted) the
//!    first time it is key.
//! 4. **Suppression and re-keying** (§5.1). A node remembers the last report it sent. After
//!    handling any message it sends an up message when its report differs from that one — and,
//!    with suppression, only while it is key. So a node whose value changed while suppressed
//!    re-reports as soon as it is made key again; without this the parent would keep a stale value
//!    and the root could end wrong. Without suppression this is exactly Fig. 3-5's rule (every
//!    change is sent at once).
//! 5. **Serial numbers** (§5.2): one counter per node, stamped on every message it sends; the
//!    receiver keeps the latest stamp from its parent and from each descendant and drops older
//!    ones. Messages carry full state (status, or value), so the newest always wins.
//! 6. **Counting** (the paper's "mono time = number of messages generated"): every message a
//!    processor handles counts, including the first down message to the root and stale messages
//!    that are dropped; the root's reports to the fictitious super-root are not handled by any
//!    processor and do not count.
//! 7. **Deepening** (§5.3). Down messages carry "search to" `s` (levels, this node included; the
//!    root gets `s = 1, 2, …, D + 1`, where `D` is the search depth), decremented per ply; a node
//!    at `s = 1` behaves as terminal. Up messages carry "valid to" and — the paper's rule is
//!    unsound without it — the role it was computed in: a first-descendant key node's value is
//!    **exact**, a non-first key node's only a **lower bound**, and a parent needs its rank-1
//!    descendant exact. So a node's valid-to is `0` unless its rank-1 descendant reported exact,
//!    else `1 +` (first: the minimum over all descendants; non-first: rank 1's) — the paper's case
//!    analysis. A true terminal is valid to `∞` (its value is the same at every horizon), a horizon
//!    node to `1`. The root is final when it is valid to its current `s`; the super-root then
//!    starts `s + 1`, until `s = D + 1` (or `∞`). When a node deepens, a key descendant already
//!    valid to `∞` in the role it needs is not sent the new depth (the redundant down messages
//!    of §5.3). A node reports when its value **or** its validity changes. Because valid-to
//!    rises by one level per iteration, a descendant can only be valid to the new depth already
//!    when its subtree is resolved to the bottom (`∞`): on trees whose bottom positions all lie at
//!    the full depth no down message is spared; in real games (early game ends) some are.
//! 8. **Finality in the distributed form.** With no global queue whose emptiness ends the search,
//!    [`dist`] always uses the §5.3 validity test for termination (one iteration, `s = D + 1`,
//!    when `deepening=0`); this adds an up message whenever a key node becomes valid without its
//!    value changing. The pooled model without deepening is the pure Figs. 3-4/3-5 method and
//!    ends when the queue is empty.
//!
//! ## On perfectly ordered trees (§4.1 point 4)
//! The paper says KNM then visits the nodes of Akl, Barnard and Doran's mandatory-work-first
//! tree. The §3.2.1 definition does **not** give the Knuth–Moore minimal tree: there, the first
//! child of an "all children" node (type 3) needs one child only (it is type 2); here the first
//! descendant of a first-descendant key node is itself a first-descendant key node, so *it*
//! expands all its children. With `a_j` first-descendant and `b_j` non-first key nodes at depth
//! `j`: `a_{j+1} = a_j + b_j`, `b_{j+1} = (N − 1)·a_j`, `a_0 = 1`, `b_0 = 0`. So with the Lucas
//! sequence `U_0 = 0`, `U_1 = 1`, `U_{n} = U_{n−1} + (N − 1)·U_{n−2}`:
//!
//! * key nodes at depth `j`: `U_{j+2}`; bottom positions of a depth-`D` tree: `U_{D+2}`
//!   `= (r₊^{D+2} − r₋^{D+2}) / √(4N − 3)`, `r± = (1 ± √(4N − 3)) / 2`;
//! * all key nodes: `Σ_{j=0}^{D} U_{j+2} = (U_{D+4} − 1)/(N − 1) − 1` (for `N ≥ 2`).
//!
//! For `N = 3`, `U_{D+2} = (2^{D+2} − (−1)^D)/3`. Against Knuth and Moore's `N^⌈D/2⌉ +
//! N^⌊D/2⌋ − 1` the two agree for `D ≤ 3` and then KNM grows as `r₊^D ≈ (√N + ½)^D` instead of
//! `√N^D` (e.g. `N = 4, D = 6`: 217 against 127). [`key_set_size`] computes both counts, and
//! the tests check that KNM on best-first `ordered` trees, with one processor and FIFO delivery,
//! visits exactly this set; with more processors, provisional values can arrive out of order
//! (a later sibling reports before the best one) and KNM may visit more.
pub mod dist;
pub(crate) mod grain;
mod node;
pub mod pooled;

pub(crate) use node::{Desc, Node, Rules};

use arachne_core::{Score, Stats};

/// Default cap on the memory of a search's node records (and queued messages), MiB: the same
/// default as best-first's tree (`--memory`).
pub(crate) const DEFAULT_MEMORY_MIB: u64 = 1024;

/// Largest number of messages one search may handle before it is abandoned with an error (a
/// guard: the method always terminates on a finite tree).
pub(crate) const DEFAULT_MAX_MESSAGES: u64 = 1 << 36;

/// "Valid to" of a value that holds at every horizon (a true terminal, or a subtree searched to
/// its bottom).
pub(crate) const FULL: u32 = u32::MAX;

/// The machine model.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Model {
    /// §5.4 option 1: node records partitioned over processors, a [`Process`](arachne_runtime::Process).
    #[default]
    Dist,
    /// §4.2.2: k processors, one pooled FIFO queue, unit time per message.
    Pooled,
}

/// Options of the Key Node Method.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KnmOptions {
    /// FIFO delivery (else randomly reordered, stale messages dropped by serial number).
    pub fifo: bool,
    /// §5.1: non-key nodes send no up messages.
    pub suppress: bool,
    /// §5.3: iterative deepening with "search to" / "valid to".
    pub deepening: bool,
    /// Descendants initially ranked by static value.
    pub preorder: bool,
    /// Bottom positions valued by the quiescence search (`--quiescence`; module docs).
    pub quiescence: bool,
    /// Machine model.
    pub model: Model,
    /// Seed of the random delivery order (`fifo=0`).
    pub seed: u64,
    /// Guard against runaway searches.
    pub max_messages: u64,
    /// Cap on the node records and queued messages, MiB (`--memory`; `DEFAULT_MEMORY_MIB`):
    /// in the pooled model for the whole machine, in the distributed form `memory_mib / P`
    /// per processor. Reaching it ends the search with an error that says so (module docs).
    pub memory_mib: u64,
    /// `grain=G` (distributed form only): a node with `1..=G` plies left answers its first key
    /// down message with the value of a serial search of its subtree (`grain`). `None`: the
    /// default of the backend (`grain::resolve`); `Some(0)`: the paper's form.
    pub grain: Option<u32>,
}

impl KnmOptions {
    /// Refuses combinations that cannot be honoured, with one line naming the option.
    pub fn check(&self) -> Result<(), String> {
        match self.grain {
            Some(_) if self.model == Model::Pooled => Err("knm: grain=G is for model=dist only \
                 (model=pooled is the paper's machine: one message per node per time unit, no \
                 serial searches)"
                .into()),
            Some(g) if g > 0 && self.deepening => Err("knm: grain=G cannot be combined with \
                 deepening=1 (a grain node's value would have to be searched again at each \
                 iteration); use grain=0"
                .into()),
            _ => Ok(()),
        }
    }
}

impl Default for KnmOptions {
    fn default() -> Self {
        KnmOptions {
            fifo: true,
            suppress: true,
            deepening: false,
            preorder: false,
            quiescence: false,
            model: Model::Dist,
            seed: 1,
            max_messages: DEFAULT_MAX_MESSAGES,
            memory_mib: DEFAULT_MEMORY_MIB,
            grain: None,
        }
    }
}

/// A down message (Fig. 3-3): the receiver's new status, its "search to" depth (§5.3) and the
/// sender's serial number (§5.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Down {
    /// Levels to search, this node included (1: behave as terminal).
    pub search_to: u32,
    /// The receiver is now key.
    pub are_key: bool,
    /// The receiver is now its parent's rank-1 descendant.
    pub are_first: bool,
    /// Sender's serial number.
    pub seq: u32,
}

/// An up message (Fig. 3-3): the sender's provisional value (from the sender's side to move),
/// its "valid to" depth and role (§5.3), and the sender's serial number (§5.2). The sender is
/// identified by its slot in the parent's descendant list.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Up {
    /// Provisional value, negamax from the sender's side.
    pub value: Score,
    /// §5.3 "valid to" (0: not valid; [`FULL`]: valid at every horizon).
    pub valid_to: u32,
    /// Computed as a first-descendant key node (the value is exact when valid).
    pub exact: bool,
    /// Sender's serial number.
    pub seq: u32,
}

/// What a node's handler emits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Out {
    /// A down message to the descendant in `slot` (static order).
    Down(u32, Down),
    /// An up message to the parent.
    Up(Up),
    /// The node needs its grain value: a serial search of this many plies ([`grain`]); the
    /// processor answers it with [`Node::answer`].
    Search(u32),
}

/// Counters of a KNM run.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct KnmStats {
    /// Messages handled by processors (down + up, stale included).
    pub messages: u64,
    /// Down messages handled.
    pub down: u64,
    /// Up messages handled.
    pub up: u64,
    /// Messages dropped as stale by their serial number (§5.2).
    pub stale: u64,
    /// Up messages not sent because the node was not key (§5.1).
    pub suppressed: u64,
    /// Deepening down messages not sent because the descendant was already valid (§5.3).
    pub redundant: u64,
    /// Nodes whose first down message did not make them key (0 under FIFO delivery).
    pub first_nonkey: u64,
    /// Interior nodes expanded (distinct nodes).
    pub interior: u64,
    /// Static evaluations (a node evaluated at a shallow iteration and later expanded counts in
    /// both).
    pub evaluations: u64,
    /// Distinct nodes visited (evaluated or expanded).
    pub visited: u64,
    /// Distinct bottom positions visited (horizon of the full search, or game over).
    pub terminals: u64,
    /// Records created.
    pub records: u64,
    /// Positions searched by the quiescence searches of bottom positions (and of the grain
    /// searches).
    pub qnodes: u64,
    /// Serial searches of grain nodes (`grain`).
    pub grain_searches: u64,
    /// Interior nodes of those searches (the grain node itself included).
    pub grain_interior: u64,
    /// Bottom positions of those searches.
    pub grain_leaves: u64,
}

impl std::ops::AddAssign for KnmStats {
    fn add_assign(&mut self, o: Self) {
        self.messages += o.messages;
        self.down += o.down;
        self.up += o.up;
        self.stale += o.stale;
        self.suppressed += o.suppressed;
        self.redundant += o.redundant;
        self.first_nonkey += o.first_nonkey;
        self.interior += o.interior;
        self.evaluations += o.evaluations;
        self.visited += o.visited;
        self.terminals += o.terminals;
        self.records += o.records;
        self.qnodes += o.qnodes;
        self.grain_searches += o.grain_searches;
        self.grain_interior += o.grain_interior;
        self.grain_leaves += o.grain_leaves;
    }
}

impl KnmStats {
    /// Node counts in the shape every searcher reports.
    pub fn stats(&self) -> Stats {
        Stats {
            interior: self.interior + self.grain_interior,
            leaves: self.terminals + self.grain_leaves,
            movegens: self.interior + self.grain_interior,
            qnodes: self.qnodes,
            ..Stats::default()
        }
    }
}

/// Sizes of the §3.2.1 key set on a perfectly ordered tree of branching `n` and depth `d`, and of
/// the Knuth–Moore minimal tree: `(key nodes, key bottom positions, minimal-tree bottom
/// positions)`. See the module docs for the closed forms.
pub fn key_set_size(n: u64, d: u32) -> (u64, u64, u64) {
    let (mut a, mut b) = (1u64, 0u64);
    let mut nodes = 1u64;
    for _ in 0..d {
        (a, b) = (a + b, (n - 1) * a);
        nodes += a + b;
    }
    let km = n.pow(d.div_ceil(2)) + n.pow(d / 2) - 1;
    (nodes, a + b, km)
}

/// The Lucas sequence `U_m` of the closed form (`U_0 = 0`, `U_1 = 1`, `U_m = U_{m−1} + (n−1)U_{m−2}`).
pub fn lucas_u(n: u64, m: u32) -> u64 {
    let (mut u0, mut u1) = (0u64, 1u64);
    for _ in 0..m {
        (u0, u1) = (u1, u1 + (n - 1) * u0);
    }
    u0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_set_matches_knuth_moore_up_to_depth_three() {
        for n in 1..=8 {
            for d in 0..=3 {
                let (_, leaves, km) = key_set_size(n, d);
                assert_eq!(leaves, km);
            }
        }
        assert_eq!(key_set_size(3, 4), (1 + 3 + 5 + 11 + 21, 21, 17));
    }
}
