//! The records of a node-type guided search, summarised: predicted against found Knuth–Moore
//! types, sequential against farmed-out nodes, the type-2 prediction hit rate, the wasted
//! farmed-out work and idle time; and the search laid out as a tree for a picture.
use super::{FarmRec, Link, Log};
use arachne_runtime::{Pid, HOST};
use std::collections::HashMap;

/// Node-type statistics of one iteration.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TypeStats {
    /// The iteration (its search depth).
    pub iteration: u32,
    /// Nodes handled by masters, by predicted type (rows 1–3) and found type (columns 0–3,
    /// 0 = stopped from above): `by_type[p][f]`.
    pub by_type: [[u64; 4]; 4],
    /// Nodes a master reached sequentially (the suggested move of its node).
    pub sequential: u64,
    /// Nodes a master received as a farmed-out job (roots of jobs to masters).
    pub job_roots: u64,
    /// Searches farmed out.
    pub farmed: u64,
    /// Farmed-out searches whose result was useless (a sibling cut off first, or stopped).
    pub farmed_wasted: u64,
    /// Nodes searched by wasted farmed-out searches (outermost ones only: a wasted search
    /// inside a wasted search is not counted twice).
    pub wasted_nodes: u64,
    /// All nodes of the iteration (given by the caller).
    pub total_nodes: u64,
    /// Type-2 predictions (not stopped from above).
    pub type2_predicted: u64,
    /// Type-2 predictions that held (the suggested move cut off).
    pub type2_held: u64,
    /// Processors' idle time over busy plus idle (simulator only; 0 otherwise).
    pub idle_fraction: f64,
}

impl TypeStats {
    /// How often a type-2 prediction held (`None` without any).
    pub fn type2_hit_rate(&self) -> Option<f64> {
        (self.type2_predicted > 0).then(|| self.type2_held as f64 / self.type2_predicted as f64)
    }

    /// Wasted farmed-out nodes over all nodes of the iteration.
    pub fn waste_fraction(&self) -> f64 {
        if self.total_nodes == 0 {
            0.0
        } else {
            self.wasted_nodes as f64 / self.total_nodes as f64
        }
    }

    /// Nodes handled by masters.
    pub fn master_nodes(&self) -> u64 {
        self.by_type.iter().flatten().sum()
    }

    /// Master nodes whose found type differs from the predicted one (stopped nodes excluded).
    pub fn mispredicted(&self) -> u64 {
        let mut n = 0;
        for (p, row) in self.by_type.iter().enumerate() {
            for (f, &c) in row.iter().enumerate() {
                if f != 0 && f != p {
                    n += c;
                }
            }
        }
        n
    }
}

/// One element of the picture: a node a master handled, or a search farmed out to a slave.
#[derive(Clone, Debug, PartialEq)]
pub struct PicNode {
    /// Horizontal position (leaves of the layout at 0, 1, 2, …).
    pub x: f64,
    /// Distance from the root.
    pub ply: u32,
    /// Found type (0 stopped, 1, 2, 3).
    pub found: u8,
    /// Predicted type (`None` for a farmed-out serial search).
    pub predicted: Option<u8>,
    /// The processor that handled it (master) or searched the subtree (slave).
    pub proc: Pid,
    /// Parent in the picture.
    pub parent: Option<usize>,
    /// A farmed-out search whose result was useless.
    pub wasted: bool,
}

/// Every process's records and their summaries.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// Per process.
    pub logs: Vec<Log>,
    /// The last iteration.
    pub last: u32,
    /// Statistics of the last iteration.
    pub last_stats: TypeStats,
    /// Statistics of all iterations together.
    pub all_stats: TypeStats,
    /// The hierarchy of masters that searched.
    pub hierarchy: Option<super::Hierarchy>,
}

struct Index<'a> {
    logs: &'a [Log],
    /// (receiver, from, job) → job index at the receiver.
    jobs: HashMap<(Pid, Pid, u32), usize>,
    /// (from, job) → (process, farm index).
    farms: HashMap<(Pid, u32), (Pid, usize)>,
}

impl<'a> Index<'a> {
    fn new(logs: &'a [Log]) -> Self {
        let mut jobs = HashMap::new();
        let mut farms = HashMap::new();
        for (p, l) in logs.iter().enumerate() {
            for (j, r) in l.jobs.iter().enumerate() {
                jobs.insert((p as Pid, r.from, r.job), j);
            }
            for (k, f) in l.farms.iter().enumerate() {
                farms.insert((p as Pid, f.job), (p as Pid, k));
            }
        }
        Index { logs, jobs, farms }
    }

    fn receiver_job(&self, from: Pid, f: &FarmRec) -> Option<usize> {
        self.jobs.get(&(f.to, from, f.job)).copied()
    }

    /// Nodes of the subtree searched by job `j` of process `p`, farmed-out searches included.
    fn total(&self, p: Pid, j: usize, memo: &mut HashMap<(Pid, usize), u64>) -> u64 {
        if let Some(&t) = memo.get(&(p, j)) {
            return t;
        }
        let l = &self.logs[p as usize];
        let mut t = l.jobs[j].own.nodes();
        for f in l.farms.iter().filter(|f| f.in_job == j) {
            if let Some(rj) = self.receiver_job(p, f) {
                t += self.total(f.to, rj, memo);
            }
        }
        memo.insert((p, j), t);
        t
    }

    /// True if the job `j` of `p` lies inside a wasted farmed-out search.
    fn inside_waste(&self, p: Pid, j: usize) -> bool {
        let (mut p, mut j) = (p, j);
        loop {
            let r = &self.logs[p as usize].jobs[j];
            if r.from == HOST {
                return false;
            }
            let Some(&(fp, k)) = self.farms.get(&(r.from, r.job)) else {
                return false;
            };
            let f = &self.logs[fp as usize].farms[k];
            if f.wasted {
                return true;
            }
            p = fp;
            j = f.in_job;
        }
    }
}

impl Trace {
    /// Summarises `logs` (one per process); `last` is the last iteration, `last_total` its node
    /// count, `busy`/`idle` the simulator's per-processor times (empty on threads).
    pub(crate) fn new(
        logs: Vec<Log>,
        last: u32,
        last_total: u64,
        busy: &[f64],
        idle: &[f64],
    ) -> Self {
        let idle_fraction = {
            let b: f64 = busy.iter().sum();
            let i: f64 = idle.iter().sum();
            if b + i > 0.0 {
                i / (b + i)
            } else {
                0.0
            }
        };
        let mut last_stats = summarise(&logs, Some(last));
        last_stats.total_nodes = last_total;
        last_stats.idle_fraction = idle_fraction;
        let mut all_stats = summarise(&logs, None);
        all_stats.idle_fraction = idle_fraction;
        all_stats.total_nodes = logs
            .iter()
            .flat_map(|l| l.jobs.iter())
            .map(|j| j.own.nodes())
            .sum();
        Trace {
            logs,
            last,
            last_stats,
            all_stats,
            hierarchy: None,
        }
    }

    /// The last iteration laid out as a tree: every node a master handled and every search
    /// farmed out to a slave, children in move order, leaves of the layout side by side.
    pub fn picture(&self) -> Vec<PicNode> {
        let mut out = Vec::new();
        let Some(root) = self.logs.first().and_then(|l| {
            l.nodes
                .iter()
                .position(|n| n.iter == self.last && n.link == Link::Root)
        }) else {
            return out;
        };
        let idx = Index::new(&self.logs);
        // Children of every (process, node): (child index, element).
        let mut kids: HashMap<(Pid, usize), Vec<(u32, Elem)>> = HashMap::new();
        for (p, l) in self.logs.iter().enumerate() {
            let p = p as Pid;
            for (r, n) in l.nodes.iter().enumerate() {
                if let Link::Seq(parent) = n.link {
                    kids.entry((p, parent))
                        .or_default()
                        .push((0, Elem::Node(p, r)));
                }
            }
            for (k, f) in l.farms.iter().enumerate() {
                if f.iter != self.last {
                    continue;
                }
                let e = match idx
                    .receiver_job(p, f)
                    .and_then(|j| self.logs[f.to as usize].jobs[j].root_rec)
                {
                    Some(r) => Elem::Node(f.to, r),
                    None => Elem::Farm(p, k),
                };
                kids.entry((p, f.node)).or_default().push((f.child, e));
            }
        }
        for v in kids.values_mut() {
            v.sort_by_key(|c| c.0);
        }
        let mut next_x = 0.0;
        self.lay(Elem::Node(0, root), None, 0, &kids, &mut next_x, &mut out);
        out
    }

    fn lay(
        &self,
        e: Elem,
        parent: Option<usize>,
        ply: u32,
        kids: &HashMap<(Pid, usize), Vec<(u32, Elem)>>,
        next_x: &mut f64,
        out: &mut Vec<PicNode>,
    ) -> f64 {
        let me = out.len();
        match e {
            Elem::Farm(p, k) => {
                let f = &self.logs[p as usize].farms[k];
                out.push(PicNode {
                    x: *next_x,
                    ply,
                    found: f.found,
                    predicted: None,
                    proc: f.to,
                    parent,
                    wasted: f.wasted,
                });
                *next_x += 1.0;
                out[me].x
            }
            Elem::Node(p, r) => {
                let n = &self.logs[p as usize].nodes[r];
                let wasted = match n.link {
                    Link::Job { from, job } => {
                        let l = &self.logs[from as usize];
                        l.farms
                            .iter()
                            .any(|f| f.job == job && f.to == p && f.wasted)
                    }
                    _ => false,
                };
                out.push(PicNode {
                    x: 0.0,
                    ply,
                    found: n.found,
                    predicted: Some(n.predicted),
                    proc: p,
                    parent,
                    wasted,
                });
                let cs = kids.get(&(p, r)).cloned().unwrap_or_default();
                if cs.is_empty() {
                    out[me].x = *next_x;
                    *next_x += 1.0;
                } else {
                    let xs: Vec<f64> = cs
                        .into_iter()
                        .map(|(_, c)| self.lay(c, Some(me), ply + 1, kids, next_x, out))
                        .collect();
                    out[me].x = (xs[0] + xs[xs.len() - 1]) / 2.0;
                }
                out[me].x
            }
        }
    }
}

#[derive(Copy, Clone, Debug)]
enum Elem {
    /// Node record `r` of process `p`.
    Node(Pid, usize),
    /// Farm record `k` of process `p` (a search by a slave).
    Farm(Pid, usize),
}

fn summarise(logs: &[Log], iter: Option<u32>) -> TypeStats {
    let idx = Index::new(logs);
    let mut s = TypeStats {
        iteration: iter.unwrap_or(0),
        ..TypeStats::default()
    };
    let keep = |i: u32| iter.is_none_or(|it| it == i);
    for l in logs {
        for n in l.nodes.iter().filter(|n| keep(n.iter)) {
            s.by_type[n.predicted as usize][n.found as usize] += 1;
            match n.link {
                Link::Seq(_) => s.sequential += 1,
                Link::Job { .. } => s.job_roots += 1,
                Link::Root => {}
            }
            if n.predicted == 2 && n.found != 0 {
                s.type2_predicted += 1;
                if n.found == 2 {
                    s.type2_held += 1;
                }
            }
        }
    }
    let mut memo = HashMap::new();
    for (p, l) in logs.iter().enumerate() {
        let p = p as Pid;
        for f in l.farms.iter().filter(|f| keep(f.iter)) {
            s.farmed += 1;
            if !f.wasted {
                continue;
            }
            s.farmed_wasted += 1;
            if idx.inside_waste(p, f.in_job) {
                continue;
            }
            if let Some(j) = idx.receiver_job(p, f) {
                s.wasted_nodes += idx.total(f.to, j, &mut memo);
            }
        }
    }
    s
}
