//! Search statistics. Counting is always on: the papers' results are counts.
use serde::Serialize;
use std::ops::{Add, AddAssign};

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
