//! Search statistics. Counting is always on: the papers' results are counts.
use serde::Serialize;
use std::ops::{Add, AddAssign, Sub};

/// Counts every searcher reports.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Interior nodes expanded (positions whose successors were generated and searched).
    pub interior: u64,
    /// Bottom positions evaluated (static evaluations at the horizon or at terminal positions).
    pub leaves: u64,
    /// Move generations.
    pub movegens: u64,
    /// Cutoffs (a successor's value reached beta and the remaining successors were skipped).
    pub cutoffs: u64,
    /// Transposition-table probes that found the position.
    pub tt_hits: u64,
    /// Quiescence nodes (included in `leaves` only when they are evaluated).
    pub qnodes: u64,
}

impl Stats {
    /// Positions visited: interior nodes plus bottom positions.
    #[inline]
    pub fn nodes(&self) -> u64 {
        self.interior + self.leaves
    }
}

impl AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.interior += o.interior;
        self.leaves += o.leaves;
        self.movegens += o.movegens;
        self.cutoffs += o.cutoffs;
        self.tt_hits += o.tt_hits;
        self.qnodes += o.qnodes;
    }
}

impl Add for Stats {
    type Output = Stats;
    fn add(mut self, o: Stats) -> Stats {
        self += o;
        self
    }
}

impl Sub for Stats {
    type Output = Stats;
    /// The counts of `self` not in `o` (`o` an earlier reading of the same counts), saturating.
    fn sub(self, o: Stats) -> Stats {
        Stats {
            interior: self.interior.saturating_sub(o.interior),
            leaves: self.leaves.saturating_sub(o.leaves),
            movegens: self.movegens.saturating_sub(o.movegens),
            cutoffs: self.cutoffs.saturating_sub(o.cutoffs),
            tt_hits: self.tt_hits.saturating_sub(o.tt_hits),
            qnodes: self.qnodes.saturating_sub(o.qnodes),
        }
    }
}
