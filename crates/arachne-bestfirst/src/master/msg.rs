//! The messages of master–slave RBFM (seed 002 §6.1): jobs from the master, answers from the
//! slaves, start and end with the host. Moves are generation indices, so the same messages
//! serve every backend; their MPI wire encoding is [`crate::mpi`]'s.
use crate::engine::BfStop;
use crate::heuristics::{Job, LeafWork};
use arachne_core::Score;
use arachne_runtime::Path;

/// A child as a slave reports it: its generation index, static value (from the child's side)
/// and whether it is terminal.
pub type Kid = (u32, Score, bool);

/// The messages (their wire encoding: [`crate::mpi`]). Moves are generation indices.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// Host → master: start.
    Start,
    /// Master → slave: expand the leaf at the end of `path`.
    Expand { leaf: u32, path: Path },
    /// Slave → master: the leaf's children (empty: the leaf has no moves), and each child's
    /// move count ([`crate::tree::count_moves`]) when the table has `s = 0` cells by `d` (else
    /// empty), as the serial engine counts them.
    Children {
        leaf: u32,
        kids: Vec<Kid>,
        hints: Vec<u8>,
    },
    /// Master → slave: the evaluator's half of a step with §5.2's heuristics at the leaf at
    /// the end of `path`.
    Search { leaf: u32, path: Path, job: Job },
    /// Slave → master: its answer.
    Searched { leaf: u32, work: LeafWork<u32> },
    /// Master → slave: evaluate the children `kids` (unknown, §5.2) of the node at the end of
    /// `path`.
    Resolve {
        node: u32,
        path: Path,
        kids: Vec<u32>,
    },
    /// Slave → master: their values, in the order asked.
    Resolved { node: u32, values: Vec<Score> },
    /// Slave → master: a job's path or index does not exist in the game (module docs).
    Fault { error: String },
    /// Master → host: done.
    Done { why: BfStop },
}
