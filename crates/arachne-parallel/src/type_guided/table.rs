//! The global hash table of the node-type guided search (seed `ncube-chess-node-types.txt`: "make
//! an inquiry to the hash table regarding this position"): position hash → best move, bound and
//! depth, shared by every process of one search and consulted for moves only (see the parent
//! module's docs, "The table").
//!
//! Why not `arachne_core::tt` (the serial search's table, which tree-split's processors share;
//! see [`crate::master_kit`]): that table has a fixed number of slots, so positions whose keys
//! fall in the same slot evict each other, and it replaces an entry of the same position
//! whatever the depths. This table keeps every position it is told about and keeps the deeper
//! of two entries for one position (the seed's "make an inquiry to the hash table" assumes
//! the entries of earlier iterations are there). Which move a master searches first, and so
//! the node types it predicts, the log of [`super::Log`] and every count of a type-guided
//! search, depend on what a probe returns; on `arachne_core::tt` they would depend on the
//! table's size and on collisions. Its entries also carry a score and a move index in
//! generation order that this search never uses (it is consulted for moves only).
use std::collections::HashMap;
use std::sync::Mutex;

/// What a table entry's value means (only its move is used).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The search was exact (a principal-variation node).
    Exact,
    /// It failed high (a cut node): the move refuted.
    Lower,
    /// It failed low (an all node): no move suggested.
    Upper,
}

/// One table entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry<M> {
    /// The best (or refuting) move.
    pub mv: Option<M>,
    /// What the search found.
    pub bound: Bound,
    /// Remaining depth it was searched to.
    pub depth: u32,
}

/// The global hash table shared by the processes of one search (see the module docs).
#[derive(Debug, Default)]
pub(crate) struct Table<M> {
    map: Mutex<HashMap<u64, Entry<M>>>,
}

impl<M: Copy> Table<M> {
    /// An empty table.
    pub(crate) fn new() -> Self {
        Table {
            map: Mutex::new(HashMap::new()),
        }
    }

    /// The entry for `key`.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.map.lock().expect("table lock").get(&key).copied()
    }

    /// Stores `e` unless a deeper entry is there.
    pub(crate) fn store(&self, key: u64, e: Entry<M>) {
        let mut m = self.map.lock().expect("table lock");
        match m.get(&key) {
            Some(old) if old.depth > e.depth => {}
            _ => {
                m.insert(key, e);
            }
        }
    }
}
