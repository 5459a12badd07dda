//! The global hash table of the node-type guided search (seed `ncube-chess-node-types.txt`: "make
//! an inquiry to the hash table regarding this position"): position hash → best move, bound and
//! depth, shared by every process of one search and consulted for moves only (see the parent
//! module's docs, "The table").
use std::collections::HashMap;
use std::sync::Mutex;

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
