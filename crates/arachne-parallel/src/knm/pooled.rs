//! The paper's own machine model (seed 003 §4.2.2): `k` identical processors sharing a memory
//! and drawing messages from one pooled queue.
//!
//! At the beginning of each time unit a "ply" of `min(k, queued)` messages is removed from the
//! front of the queue. Each is processed in unit time, except that at most one message is
//! processed per node in a ply: the second and later messages for the same node are deferred to
//! the next ply (they go back to the front of the queue, in order, and their processors idle).
//! Messages sent during a ply join the back of the queue, in processor order, for the next ply.
//! With `k = 1` the time is the number of messages processed — the paper's mono-processor time.
//!
//! With `fifo=0` each ply instead draws its messages uniformly at random from the whole queue
//! (seeded), and §5.2's serial numbers drop the stale ones (a dropped message still occupies its
//! processor for the unit). The search ends when the queue is empty — or, with `deepening=1`, as
//! soon as the root is valid to the full depth (§5.3's local finality test), even if messages
//! are still waiting.
//!
//! [`run_limited`] also stops on a node budget, a deadline or the stop flag (checked every
//! [`CHECK_EVERY`] messages), and every run keeps its records and queue within
//! [`KnmOptions::memory_mib`] (see [`crate::knm`], "Limits and memory").
use super::{Desc, Down, KnmOptions, KnmStats, Node, Out, Rules, Up, FULL};
use crate::ParError;
use arachne_core::rng::mix64;
use arachne_core::{Game, Limits, Score, StopReason};
use std::collections::VecDeque;
use std::mem::size_of;

/// Messages handled between two looks at the limits.
pub const CHECK_EVERY: u64 = 4096;

const SUPER: u32 = u32::MAX;
const NONE: u32 = u32::MAX;

/// A queued message, addressed to a node record.
#[derive(Copy, Clone, Debug)]
enum QMsg {
    Down { node: u32, d: Down },
    Up { node: u32, slot: u32, u: Up },
}

impl QMsg {
    fn node(&self) -> u32 {
        match *self {
            QMsg::Down { node, .. } | QMsg::Up { node, .. } => node,
        }
    }
}

/// The result of a pooled run.
#[derive(Clone, Debug)]
pub struct PooledOutcome<M> {
    /// Root value (negamax, side to move at the root).
    pub value: Score,
    /// The root's rank-1 move.
    pub best_move: Option<M>,
    /// Time units (plies of the pooled queue).
    pub time: u64,
    /// Processors.
    pub k: u32,
    /// Counters (messages handled, nodes visited, …).
    pub stats: KnmStats,
    /// Processor-units left idle (deferred messages, or fewer messages than processors).
    pub idle: u64,
    /// Messages still queued when the search ended (deepening stops early).
    pub left: u64,
    /// §5.3 iterations started (1 without deepening).
    pub iterations: u32,
    /// Set when a limit stopped the run: `value` and `best_move` then mean nothing.
    pub stopped: Option<StopReason>,
}

/// The memory a run holds, in bytes, as [`crate::knm`] counts it ("Limits and memory").
struct Budget {
    cap: u64,
    /// Descendant lists of the records.
    desc: u64,
}

impl Budget {
    fn new(opts: &KnmOptions) -> Self {
        Budget {
            cap: opts.memory_mib.saturating_mul(1 << 20),
            desc: 0,
        }
    }

    fn full(&self, what: &str, records: usize, queued: usize) -> ParError {
        ParError(format!(
            "knm: the search needs more than --memory {} MiB ({what} at {records} node records, \
             {queued} messages queued); give more --memory or a smaller --depth",
            self.cap >> 20
        ))
    }
}

/// Bytes per record (the record and its stamp).
fn record_bytes<G: Game>() -> u64 {
    (size_of::<Node<G, u32>>() + size_of::<u64>()) as u64
}

/// The bytes held now: records (by capacity), descendant lists, the queue and the buffers.
fn held<G: Game>(
    b: &Budget,
    nodes: &Vec<Node<G, u32>>,
    queues: &[&VecDeque<QMsg>],
    bufs: &[&Vec<QMsg>],
) -> u64 {
    let q = size_of::<QMsg>() as u64;
    nodes.capacity() as u64 * record_bytes::<G>()
        + b.desc
        + queues.iter().map(|v| v.capacity() as u64 * q).sum::<u64>()
        + bufs.iter().map(|v| v.capacity() as u64 * q).sum::<u64>()
}

/// Room for one more record in `nodes` and `stamp`, growing them within the budget (`held`:
/// the bytes held now, records included).
fn room_for_record<G: Game>(
    b: &Budget,
    held: u64,
    nodes: &mut Vec<Node<G, u32>>,
    stamp: &mut Vec<u64>,
) -> bool {
    let len = nodes.len();
    if len < nodes.capacity() && len < stamp.capacity() {
        return true;
    }
    let per = record_bytes::<G>();
    let others = held.saturating_sub(nodes.capacity() as u64 * per);
    let allowed = (b.cap.saturating_sub(others) / per) as usize;
    let want = (len.max(32) * 2).min(allowed);
    if want <= len {
        return false;
    }
    nodes.try_reserve_exact(want - len).is_ok() && stamp.try_reserve_exact(want - len).is_ok()
}

/// Runs the Key Node Method on `root` to `depth` plies with `k` pooled processors.
pub fn run<G: Game>(
    root: &G,
    depth: u32,
    k: u32,
    opts: &KnmOptions,
) -> Result<PooledOutcome<G::Move>, ParError> {
    run_limited(root, depth, k, opts, &Limits::default())
}

/// [`run`], stopping when `limits` trip (`limits.depth` is ignored): then the outcome has
/// `stopped` set, no best move, and the counts so far.
pub fn run_limited<G: Game>(
    root: &G,
    depth: u32,
    k: u32,
    opts: &KnmOptions,
    limits: &Limits,
) -> Result<PooledOutcome<G::Move>, ParError> {
    if k == 0 {
        return Err(ParError(
            "knm: the number of processors must be at least 1".into(),
        ));
    }
    let rules = Rules {
        suppress: opts.suppress,
        track: opts.deepening,
        preorder: opts.preorder,
        depth,
        quiescence: opts.quiescence,
        // The paper's machine: every node is a record (`KnmOptions::check` refuses grain).
        grain: 0,
    };
    let mut budget = Budget::new(opts);
    let mut stats = KnmStats::default();
    let mut nodes: Vec<Node<G, u32>> = Vec::new();
    let mut stamp: Vec<u64> = Vec::new();
    if !room_for_record(&budget, 0, &mut nodes, &mut stamp) {
        return Err(budget.full("the root", 0, 0));
    }
    nodes.push(Node::new(root.clone(), SUPER, 0, 0));
    stamp.push(0);
    stats.records = 1;
    let mut iter_to = if opts.deepening { 1 } else { depth + 1 };
    let mut super_seq = 1;
    let mut iterations = 1;
    let mut queue: VecDeque<QMsg> = VecDeque::new();
    queue.push_back(QMsg::Down {
        node: 0,
        d: Down {
            search_to: iter_to,
            are_key: true,
            are_first: true,
            seq: super_seq,
        },
    });
    let mut rng = opts.seed ^ 0x6b6e_6d5f_706f_6f6c;
    let mut batch: Vec<QMsg> = Vec::with_capacity(k.min(1 << 12) as usize);
    let mut deferred: Vec<QMsg> = Vec::new();
    let mut fresh: Vec<QMsg> = Vec::new();
    let mut outs: Vec<Out> = Vec::new();
    let mut buf: Vec<G::Move> = Vec::new();
    let mut root_value: Option<Score> = None;
    let mut done = false;
    let mut time: u64 = 0;
    let mut idle: u64 = 0;
    let mut stopped = limits.check(0);
    let mut next_check = CHECK_EVERY;
    while !queue.is_empty() && !done && stopped.is_none() {
        if stats.messages > opts.max_messages {
            return Err(ParError(format!(
                "knm: gave up after {} messages",
                stats.messages
            )));
        }
        time += 1;
        let take = (k as usize).min(queue.len());
        idle += k as u64 - take as u64;
        batch.clear();
        if opts.fifo {
            batch.extend(queue.drain(..take));
        } else {
            for _ in 0..take {
                rng = mix64(rng.wrapping_add(0x9e37_79b9_7f4a_7c15));
                let i = ((rng as u128 * queue.len() as u128) >> 64) as usize;
                batch.push(queue.swap_remove_back(i).expect("in range"));
            }
        }
        deferred.clear();
        for &m in &batch {
            if stats.messages >= next_check {
                next_check = stats.messages + CHECK_EVERY;
                stopped = limits.check(stats.stats().nodes());
                if stopped.is_some() {
                    break;
                }
            }
            let n = m.node();
            if stamp[n as usize] == time {
                deferred.push(m);
                idle += 1;
                continue;
            }
            stamp[n as usize] = time;
            outs.clear();
            {
                let node = &mut nodes[n as usize];
                let before = node.desc.capacity();
                let mut sink = |o: Out| outs.push(o);
                match m {
                    QMsg::Down { d, .. } => {
                        node.on_down(d, &rules, &mut stats, &mut buf, &mut sink)
                    }
                    QMsg::Up { slot, u, .. } => node.on_up(slot, u, &rules, &mut stats, &mut sink),
                }
                let grown = node.desc.capacity().saturating_sub(before);
                budget.desc += (grown * size_of::<Desc<G::Move>>()) as u64;
            }
            for &o in &outs {
                match o {
                    Out::Down(slot, d) => {
                        let child = nodes[n as usize].desc[slot as usize].child;
                        let child = if child == NONE {
                            let h = held(&budget, &nodes, &[&queue], &[&fresh, &deferred, &batch]);
                            if h > budget.cap
                                || !room_for_record(&budget, h, &mut nodes, &mut stamp)
                            {
                                return Err(budget.full("a new record", nodes.len(), queue.len()));
                            }
                            let p = &nodes[n as usize];
                            let c =
                                Node::new(p.pos.play(p.desc[slot as usize].mv), n, slot, p.ply + 1);
                            let id = nodes.len() as u32;
                            nodes.push(c);
                            stamp.push(0);
                            stats.records += 1;
                            nodes[n as usize].desc[slot as usize].child = id;
                            id
                        } else {
                            child
                        };
                        fresh.push(QMsg::Down { node: child, d });
                    }
                    // Never emitted with grain 0: a node with plies left is expanded.
                    Out::Search(_) => {}
                    Out::Up(u) => {
                        let p = &nodes[n as usize];
                        if p.parent != SUPER {
                            fresh.push(QMsg::Up {
                                node: p.parent,
                                slot: p.slot,
                                u,
                            });
                            continue;
                        }
                        // The fictitious super-root.
                        root_value = Some(u.value);
                        if opts.deepening && u.exact && u.valid_to >= iter_to {
                            if iter_to > depth || u.valid_to == FULL {
                                done = true;
                            } else {
                                iter_to += 1;
                                iterations += 1;
                                super_seq += 1;
                                fresh.push(QMsg::Down {
                                    node: 0,
                                    d: Down {
                                        search_to: iter_to,
                                        are_key: true,
                                        are_first: true,
                                        seq: super_seq,
                                    },
                                });
                            }
                        }
                    }
                }
            }
        }
        if stopped.is_some() {
            break;
        }
        // The queue grows to hold the new messages: within the budget, or an error.
        let need = queue.len() + deferred.len() + fresh.len();
        if need > queue.capacity() {
            let h = held(&budget, &nodes, &[&queue], &[&fresh, &deferred, &batch]);
            let grow = (need.max(queue.capacity() * 2) - queue.len()) as u64;
            if h + grow * size_of::<QMsg>() as u64 > budget.cap
                || queue.try_reserve(grow as usize).is_err()
            {
                return Err(budget.full("the message queue", nodes.len(), need));
            }
        }
        for &m in deferred.iter().rev() {
            queue.push_front(m);
        }
        queue.extend(fresh.drain(..));
    }
    if let Some(reason) = stopped {
        return Ok(PooledOutcome {
            value: root_value.unwrap_or(Score(0)),
            best_move: None,
            time,
            k,
            stats,
            idle,
            left: queue.len() as u64,
            iterations,
            stopped: Some(reason),
        });
    }
    let Some(value) = root_value else {
        return Err(ParError(
            "knm: the search ended without a root value".into(),
        ));
    };
    let r = &nodes[0];
    let best_move = r.expanded.then(|| r.desc[r.rank1 as usize].mv);
    Ok(PooledOutcome {
        value,
        best_move,
        time,
        k,
        stats,
        idle,
        left: queue.len() as u64,
        iterations,
        stopped: None,
    })
}
