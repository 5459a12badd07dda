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
    /// Master → slave (`grain = steps > 1`, [`super::Form::grain`]): grow the subtree of the
    /// leaf at the end of `path` by up to `steps` expansions, RBFM's walk continuing below it
    /// in the mode it reached the leaf (`mode`: 0 ROOT-DECISION, 1 EXTEND-UP, 2 EXTEND-DOWN),
    /// its random choices drawn from a stream seeded with `seed` (drawn from the master's).
    Grow {
        leaf: u32,
        path: Path,
        mode: u8,
        seed: u64,
        steps: u32,
    },
    /// Slave → master: the expansions made, in order: the `i`-th expanded the subtree's node
    /// `parents[i]` (0 the leaf, then its nodes in the order they were generated) into
    /// `kids[i]`, with their move counts `hints[i]` as in `Children`.
    Grown {
        leaf: u32,
        parents: Vec<u32>,
        kids: Vec<Vec<Kid>>,
        hints: Vec<Vec<u8>>,
    },
    /// Slave → master: a job's path or index does not exist in the game (module docs).
    Fault { error: String },
    /// Master → host: done.
    Done { why: BfStop },
}
