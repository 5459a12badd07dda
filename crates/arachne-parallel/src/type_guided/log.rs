//! The records a node-type guided search keeps: every node a master handled (its predicted and
//! found Knuth–Moore type, how it was reached), every search it farmed out and every job a
//! process received (the parent module's "Node types made visible"; summarised by
//! [`trace`](super::trace)).
use arachne_core::Stats;
use arachne_runtime::Pid;

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
