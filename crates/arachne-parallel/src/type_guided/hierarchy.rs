//! The hierarchy of masters of the node-type guided search: processors per level, the uniform
//! case of tree-split's [`ProcTree`], fan-outs per level (`f=F1/F2/…`) and the rule for
//! `--procs P` alone ([`Hierarchy::auto`], the parent module's "The hierarchy when only
//! `--procs P` is given").
use super::TypeGuidedOptions;
use crate::common::ProcTree;
use crate::{ParAlgo, ParError};
use arachne_runtime::{Pid, HOST};

/// A hierarchy of masters, given by the number of processors on each level and numbered
/// breadth-first like [`ProcTree`] (which is the uniform case): level 0 is processor 0, and the
/// processors of level `k + 1` are shared among the masters of level `k` as evenly as possible
/// (in order, the first ones getting one more where the division leaves a remainder). With a
/// fan-out per level (`f=F1/F2/…`) every master of a level has the same number of slaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hierarchy {
    /// Processors on each level, from the top (`widths[0] == 1`); never decreasing, so every
    /// processor above the last level has at least one slave.
    pub widths: Vec<u64>,
}

impl Hierarchy {
    /// The uniform hierarchy of `tree`.
    pub(crate) fn uniform(tree: ProcTree) -> Self {
        Self::from_fanouts(&vec![tree.f; tree.q as usize])
    }

    /// The hierarchy with a fan-out per level (saturating).
    pub(crate) fn from_fanouts(fanouts: &[u32]) -> Self {
        let mut w = vec![1u64];
        for &f in fanouts {
            let last = *w.last().expect("nonempty");
            w.push(last.saturating_mul(f as u64));
        }
        Hierarchy { widths: w }
    }

    /// The fan-out of every level, when each master of a level has the same number of slaves.
    pub fn fanouts(&self) -> Option<Vec<u32>> {
        self.widths
            .windows(2)
            .map(|w| (w[1] % w[0] == 0).then(|| (w[1] / w[0]) as u32))
            .collect()
    }

    /// `5/5/9` (fan-outs per level) or, with uneven shares, `1+5+58` (processors per level).
    pub fn describe(&self) -> String {
        match self.fanouts() {
            Some(f) if f.is_empty() => "1".into(),
            Some(f) => f
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("/"),
            None => self
                .widths
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("+"),
        }
    }

    /// The default hierarchy for `p ≥ 1` processors on a game tree with root branching `b`
    /// searched to `depth` (the rule in the module docs): processor 0 with `⌈b/2⌉` slaves, every
    /// further level of masters with `b` slaves each, as many levels as leave every bottom master
    /// at least two slaves (and at most `depth − 1` levels of masters); then, if the bottom
    /// masters would get more than `b` slaves each (more than a node has jobs), one more level
    /// of masters, a third of the remaining processors, each with about two slaves; the bottom
    /// masters share the remaining processors. Uses exactly `p` processors.
    pub fn auto(p: u32, b: usize, depth: u32) -> Self {
        let p = p.max(1) as u64;
        let b = b.max(2) as u64;
        let mut widths = vec![1u64];
        let mut masters = 1u64;
        loop {
            let last = *widths.last().expect("nonempty");
            let next = last.saturating_mul(if widths.len() == 1 { b.div_ceil(2) } else { b });
            // One more level of masters if each of them would still have two slaves.
            if (widths.len() as u32) < depth.saturating_sub(1).max(1)
                && masters + next + next.saturating_mul(2) <= p
            {
                widths.push(next);
                masters += next;
            } else {
                break;
            }
        }
        let last = *widths.last().expect("nonempty");
        let rest = p.saturating_sub(masters);
        // A node hands out at most b jobs: more slaves than that under one master stay idle.
        if rest > last.saturating_mul(b) && (widths.len() as u32) < depth.saturating_sub(1).max(1) {
            let w = (rest / 3).clamp(last, last.saturating_mul(b));
            widths.push(w);
            masters += w;
        }
        if p > masters {
            widths.push(p - masters);
        }
        Hierarchy { widths }
    }

    /// Number of processors (saturating).
    pub fn count(&self) -> u64 {
        self.widths.iter().fold(0u64, |a, &w| a.saturating_add(w))
    }

    /// (level, index within the level) of `p`.
    fn place(&self, p: Pid) -> (usize, u64) {
        let mut start = 0u64;
        for (k, &w) in self.widths.iter().enumerate() {
            if (p as u64) < start + w {
                return (k, p as u64 - start);
            }
            start += w;
        }
        unreachable!("processor {p} outside the hierarchy")
    }

    fn start_of(&self, level: usize) -> u64 {
        self.widths[..level].iter().sum()
    }

    /// Slaves per master of level `k` (`q`, and `r` masters with one more).
    fn share(&self, k: usize) -> (u64, u64) {
        let (m, s) = (self.widths[k], self.widths[k + 1]);
        (s / m, s % m)
    }

    /// The master of `p` ([`HOST`] for processor 0).
    pub fn parent(&self, p: Pid) -> Pid {
        let (k, j) = self.place(p);
        if k == 0 {
            return HOST;
        }
        let (q, r) = self.share(k - 1);
        let i = if j < r * (q + 1) {
            j / (q + 1)
        } else {
            r + (j - r * (q + 1)) / q
        };
        (self.start_of(k - 1) + i) as Pid
    }

    /// The slaves of `p`.
    pub fn children(&self, p: Pid) -> Vec<Pid> {
        let (k, i) = self.place(p);
        if k + 1 == self.widths.len() {
            return Vec::new();
        }
        let (q, r) = self.share(k);
        let first = self.start_of(k + 1) + i * q + i.min(r);
        let n = q + u64::from(i < r);
        (first..first + n).map(|c| c as Pid).collect()
    }

    /// True for a terminal processor.
    pub fn is_leaf(&self, p: Pid) -> bool {
        self.place(p).0 + 1 == self.widths.len()
    }
}

/// The hierarchy `opts` asks for with `procs` processors, at most `max`, on a game tree with
/// root branching `b` searched to `depth`: `f`/`levels` as given, or with `--procs P` alone
/// [`Hierarchy::auto`].
pub(crate) fn hierarchy(
    opts: &TypeGuidedOptions,
    procs: Option<u32>,
    max: u64,
    b: usize,
    depth: u32,
) -> Result<Hierarchy, ParError> {
    let Some(fs) = opts.fanouts else {
        return match (opts.f, opts.levels, procs) {
            (None, None, Some(p)) if p >= 1 && p as u64 <= max => Ok(Hierarchy::auto(p, b, depth)),
            _ => ParAlgo::proc_tree(opts.f, opts.levels, procs, max).map(Hierarchy::uniform),
        };
    };
    let fanouts: Vec<u32> = fs.iter().copied().take_while(|&f| f > 0).collect();
    if opts.levels.is_some_and(|l| l as usize != fanouts.len()) {
        return Err(ParError(format!(
            "type-guided: f gives {} levels, levels={} disagrees",
            fanouts.len(),
            opts.levels.unwrap_or(0)
        )));
    }
    let h = Hierarchy::from_fanouts(&fanouts);
    let c = h.count();
    if c > max {
        return Err(ParError(format!(
            "the hierarchy f={} exceeds {max} processors",
            h.describe()
        )));
    }
    if let Some(p) = procs {
        if p as u64 != c {
            return Err(ParError(format!(
                "--procs {p} does not match the hierarchy ({c} processors)"
            )));
        }
    }
    Ok(h)
}
