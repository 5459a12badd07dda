//! Search limits: depth, node budget, deadline and a shared stop flag.
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A flag shared between a search and whoever may stop it (a Ctrl-C handler, a UCI `stop`,
/// another thread). Cloning shares the flag.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A new, unset flag.
    pub fn new() -> Self {
        Self::default()
    }
    /// Asks every search holding this flag to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// Clears the flag.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
    /// True once [`StopFlag::stop`] was called.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Why a search ended before completing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The node budget was spent.
    Nodes,
    /// The deadline passed.
    Time,
    /// The stop flag was set.
    Stopped,
    /// A memory cap (`--memory`) was reached: the search's tree or records were full.
    Memory,
}

/// What bounds a search. `depth` is the nominal depth (`None`: one ply; callers such as the
/// CLI resolve a game's default depth themselves); the other limits abort a search in progress.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Nominal depth in plies.
    pub depth: Option<u32>,
    /// Maximum number of nodes (interior + bottom positions).
    pub nodes: Option<u64>,
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// Shared stop flag.
    pub stop: StopFlag,
}

impl Limits {
    /// A depth-only limit.
    pub fn depth(depth: u32) -> Self {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
    /// Sets the deadline `d` from now.
    pub fn with_time(mut self, d: Duration) -> Self {
        self.deadline = Some(Instant::now() + d);
        self
    }
    /// Sets the node budget.
    pub fn with_nodes(mut self, n: u64) -> Self {
        self.nodes = Some(n);
        self
    }
    /// Checks the abortive limits given the number of nodes searched so far.
    /// Cheap enough to call every few thousand nodes.
    pub fn check(&self, nodes: u64) -> Option<StopReason> {
        if self.stop.is_stopped() {
            return Some(StopReason::Stopped);
        }
        if let Some(n) = self.nodes {
            if nodes >= n {
                return Some(StopReason::Nodes);
            }
        }
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                return Some(StopReason::Time);
            }
        }
        None
    }
}
