//! The algorithms and their options ([`ParAlgo`]; parsed from `name:key=value,…` in
//! `options.rs`), the engine options each takes, and the processor tree fitted to `--procs`.
use crate::common::ProcTree;
use crate::slave;
use crate::subsearch::Worker;
use crate::{baudet, err, knm, Backend, ParError, TreeSplitOptions, TypeGuidedOptions};
use arachne_core::{Game, Window};
use arachne_search::stepper::{LeafEval, StepperMode};
use std::fmt;

/// Options of the batch algorithms (Palphabeta, Pbound).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct BatchOptions {
    /// Fan-out of the processor tree.
    pub f: Option<u32>,
    /// Depth of the processor tree.
    pub q: Option<u32>,
    /// Static best-first move ordering.
    pub preorder: bool,
    /// Bottom positions valued by the quiescence search, at masters and slaves alike
    /// (`--quiescence`).
    pub quiescence: bool,
    /// The check extension at every processor (`--check-extension`; [`slave::Engine`]).
    pub check_extension: bool,
    /// Null-move pruning in the slaves' serial searches (`--null-move`, Palphabeta only;
    /// [`slave::Engine`]).
    pub null_move: bool,
    /// A simulated processor's search (`worker=engine|stepper`; [`Worker`]).
    pub worker: Worker,
}

/// A parallel algorithm with its options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ParAlgo {
    /// §4.
    TreeSplit(TreeSplitOptions),
    /// §3.
    Baudet(baudet::BaudetOptions),
    /// §7 Palphabeta.
    PAlphaBetaPar(BatchOptions),
    /// §7.4 Pbound.
    PBound(BatchOptions),
    /// Seed 003: the Key Node Method.
    Knm(knm::KnmOptions),
    /// nCUBE node-type guided search.
    TypeGuided(TypeGuidedOptions),
}

/// The algorithms this parser knows (their descriptions are the facade's registry).
pub const NAMES: &[&str] = &[
    "tree-split",
    "baudet",
    "palphabeta-par",
    "pbound",
    "knm",
    "type-guided",
];

impl fmt::Display for ParAlgo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParAlgo::TreeSplit(_) => write!(f, "tree-split"),
            ParAlgo::Baudet(_) => write!(f, "baudet"),
            ParAlgo::PAlphaBetaPar(_) => write!(f, "palphabeta-par"),
            ParAlgo::PBound(_) => write!(f, "pbound"),
            ParAlgo::Knm(_) => write!(f, "knm"),
            ParAlgo::TypeGuided(_) => write!(f, "type-guided"),
        }
    }
}

impl ParAlgo {
    /// True when the processors order moves by static values (`preorder`).
    pub fn preorders(&self) -> bool {
        match self {
            ParAlgo::TreeSplit(o) => o.preorder,
            ParAlgo::Baudet(o) => o.preorder,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.preorder,
            ParAlgo::Knm(o) => o.preorder,
            ParAlgo::TypeGuided(o) => o.preorder,
        }
    }

    /// Sets static best-first move ordering.
    pub fn with_preorder(mut self, on: bool) -> Self {
        match &mut self {
            ParAlgo::TreeSplit(o) => o.preorder |= on,
            ParAlgo::Baudet(o) => o.preorder |= on,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.preorder |= on,
            ParAlgo::Knm(o) => o.preorder |= on,
            ParAlgo::TypeGuided(o) => o.preorder |= on,
        }
        self
    }

    /// The same algorithm valuing bottom positions by `arachne-search`'s quiescence search
    /// (`--quiescence`), honoured by every algorithm here: every processor, master or slave,
    /// values the bottom positions it meets by the full-window capture search (the slaves'
    /// serial searches on real backends by its windowed form, which gives the same values at
    /// the root), so the value is that of `alphabeta --quiescence` — negamax whose horizon
    /// positions are valued by the capture search. Kept as a `Result` for the algorithms to
    /// come.
    pub fn with_quiescence(mut self, on: bool) -> Result<Self, ParError> {
        if !on {
            return Ok(self);
        }
        match &mut self {
            ParAlgo::TreeSplit(o) => o.quiescence = true,
            ParAlgo::TypeGuided(o) => o.quiescence = true,
            ParAlgo::Baudet(o) => o.quiescence = true,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.quiescence = true,
            ParAlgo::Knm(o) => o.quiescence = true,
        }
        Ok(self)
    }

    /// The same algorithm with the serial engine's check extension (`--check-extension`,
    /// [`slave::Engine`]): honoured by `tree-split`, `baudet`, `palphabeta-par`, `pbound` and
    /// `type-guided` on every backend, whose masters, slaves and steppers all extend by the
    /// engine's rule, so the value is `falphabeta --check-extension`'s; refused, naming the
    /// option, by `knm`.
    pub fn with_check_extension(mut self, on: bool) -> Result<Self, ParError> {
        if !on {
            return Ok(self);
        }
        let takes = "tree-split, baudet, palphabeta-par, pbound and type-guided do";
        match &mut self {
            ParAlgo::TreeSplit(o) => o.check_extension = true,
            ParAlgo::Baudet(o) => o.check_extension = true,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.check_extension = true,
            ParAlgo::TypeGuided(o) => o.check_extension = true,
            ParAlgo::Knm(_) => {
                return err(format!("--check-extension: knm does not take it (its node records know their ply, not the plies left that an extension changes); {takes}"))
            }
        }
        Ok(self)
    }

    /// The same algorithm with null-move pruning (`--null-move`, [`slave::Engine`]): honoured
    /// by `tree-split`, `baudet`, `palphabeta-par` and `type-guided` on every backend, where
    /// their slaves' searches (and type-guided's masters' serial searches below the grain
    /// size) are the serial engine's (masters never pass at the nodes they split; on the
    /// simulator the serial search runs on each processor's worker, `crate::subsearch`);
    /// refused, naming the option, with `worker=stepper` (the paper's slave, which has no null
    /// move), by `pbound` (its slaves run `bound`), `tree-split:grand=1` (two plies of masters
    /// per level: its value with the null move would be far from the serial engine's) and
    /// `knm`.
    pub fn with_null_move(mut self, on: bool, _backend: &Backend) -> Result<Self, ParError> {
        if !on {
            return Ok(self);
        }
        let takes = "tree-split, baudet, palphabeta-par and type-guided take it";
        if self.worker() == Worker::Stepper {
            return err(format!(
                "--null-move: worker=stepper runs the paper's slave, which has no null move ({takes} with worker=engine)"
            ));
        }
        match &mut self {
            ParAlgo::TreeSplit(o) if o.grand => {
                return err(format!("--null-move: tree-split with grand=1 does not take it (its masters search two plies of every level in full, so its slaves see the null move only deep down; {takes})"))
            }
            ParAlgo::TreeSplit(o) => o.null_move = true,
            ParAlgo::Baudet(o) => o.null_move = true,
            ParAlgo::PAlphaBetaPar(o) => o.null_move = true,
            ParAlgo::TypeGuided(o) => o.null_move = true,
            ParAlgo::PBound(_) => {
                return err(format!("--null-move: pbound does not take it (it is the paper's search without deep cutoffs, Knuth and Moore's `bound` whose nodes Theorems 4-6 count; a null move is a forward cutoff it does not make; {takes})"))
            }
            ParAlgo::Knm(_) => {
                return err(format!("--null-move: knm does not take it (its node records know their ply, not the plies left that the null move's reduction changes; {takes})"))
            }
        }
        Ok(self)
    }

    /// The engine options of the processes of a search to `depth` ([`slave::Engine`]).
    /// A simulated processor's search ([`Worker`]; `worker=` in the spec).
    pub(crate) fn worker(&self) -> Worker {
        match self {
            ParAlgo::TreeSplit(o) => o.worker,
            ParAlgo::Baudet(o) => o.worker,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.worker,
            ParAlgo::TypeGuided(o) => o.worker,
            ParAlgo::Knm(_) => Worker::Engine,
        }
    }

    /// The same algorithm with its simulated processors running `worker`; refused by `knm`,
    /// whose processes run no subtree search on the simulator (its grains run whole).
    pub fn with_worker(mut self, worker: Worker) -> Result<Self, ParError> {
        match &mut self {
            ParAlgo::TreeSplit(o) => o.worker = worker,
            ParAlgo::Baudet(o) => o.worker = worker,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.worker = worker,
            ParAlgo::TypeGuided(o) => o.worker = worker,
            ParAlgo::Knm(_) if worker == Worker::Engine => {}
            ParAlgo::Knm(_) => {
                return err("knm: worker=stepper: its records are searched a node at a time already, and its grains run whole")
            }
        }
        Ok(self)
    }

    pub(crate) fn engine(&self, depth: u32) -> slave::Engine {
        let (check, null_move) = match self {
            ParAlgo::TreeSplit(o) => (o.check_extension, o.null_move),
            ParAlgo::Baudet(o) => (o.check_extension, o.null_move),
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => (o.check_extension, o.null_move),
            ParAlgo::TypeGuided(o) => (o.check_extension, o.null_move),
            ParAlgo::Knm(_) => (false, false),
        };
        slave::Engine {
            check_root: check.then_some(depth),
            null_move,
            worker: self.worker(),
        }
    }

    /// Whether bottom positions are valued by the quiescence search.
    pub(crate) fn quiescence(&self) -> bool {
        match self {
            ParAlgo::TreeSplit(o) => o.quiescence,
            ParAlgo::TypeGuided(o) => o.quiescence,
            ParAlgo::Baudet(o) => o.quiescence,
            ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.quiescence,
            ParAlgo::Knm(o) => o.quiescence,
        }
    }

    /// The bottom-position evaluator of the serial reference: the quiescence search, if on.
    pub(crate) fn leaf<G: Game>(&self) -> Option<LeafEval<G>> {
        self.quiescence()
            .then(crate::subsearch::quiescence_leaf::<G>)
    }

    /// The algorithm on one processor, when that is a different serial search from
    /// `ParAlgo::serial_mode`'s alpha-beta (a candidate for the baseline, [`best_baseline`](crate::best_baseline)):
    /// `type-guided` (iterative deepening with its table) and `knm` (its own search). `None` for
    /// `tree-split`, `palphabeta-par`, `pbound` and `baudet`, which on one processor are that
    /// serial search itself.
    pub fn one_processor_form(&self) -> Option<ParAlgo> {
        match *self {
            ParAlgo::TypeGuided(o) => Some(ParAlgo::TypeGuided(TypeGuidedOptions {
                f: None,
                fanouts: None,
                levels: None,
                ..o
            })),
            ParAlgo::Knm(o) => Some(ParAlgo::Knm(o)),
            _ => None,
        }
    }

    /// For an algorithm that orders by a table (`type-guided`), searching `window` without
    /// quiescence: `Some(preorder)`, the static ordering of its serial counterpart with a table
    /// (`salphabeta`, a candidate for the baseline, [`best_baseline`](crate::best_baseline)).
    pub(crate) fn table_ordering(&self, window: Window) -> Option<bool> {
        match self {
            ParAlgo::TypeGuided(o) if !o.quiescence && window == Window::FULL => Some(o.preorder),
            _ => None,
        }
    }

    /// The serial alpha-beta counterpart the seeds' speedup is measured against (one of the
    /// candidates for the baseline, [`best_baseline`](crate::best_baseline)).
    pub(crate) fn serial_mode(&self) -> StepperMode {
        match self {
            ParAlgo::PBound(_) => StepperMode::Bound,
            _ => StepperMode::AlphaBeta,
        }
    }

    /// The processor tree for a search of a game tree with root branching `b` to `depth`:
    /// [`ParAlgo::proc_tree`], except that `--procs P` alone (no `f`, no `q`) chooses the tree by
    /// the rule in the crate docs instead of one master with P − 1 slaves.
    pub(crate) fn proc_tree_for(
        f: Option<u32>,
        q: Option<u32>,
        procs: Option<u32>,
        max: u64,
        b: usize,
        depth: u32,
    ) -> Result<ProcTree, ParError> {
        match (f, q, procs) {
            (None, None, Some(p)) if p > 1 && p as u64 <= max => Ok(Self::auto_tree(p, b, depth)),
            _ => Self::proc_tree(f, q, procs, max),
        }
    }

    /// The processor tree for `p ≥ 2` processors on a game tree with root branching `b` searched
    /// to `depth` (the rule in the crate docs).
    pub fn auto_tree(p: u32, b: usize, depth: u32) -> ProcTree {
        let fmax = (b.max(1) as u64).min(p as u64 - 1) as u32;
        let qmax = depth.saturating_sub(1).max(1);
        let mut cands: Vec<(u64, ProcTree)> = Vec::new();
        for f in 1..=fmax {
            for q in 1..=qmax {
                match (ProcTree { f, q }).count() {
                    Some(c) if c <= p as u64 => cands.push((c, ProcTree { f, q })),
                    _ => break,
                }
                if f == 1 {
                    break; // a chain of masters is never better than one master and a slave
                }
            }
        }
        let most = cands.iter().map(|c| c.0).max().unwrap_or(2);
        cands
            .into_iter()
            .filter(|c| c.0 * 10 >= most * 9)
            .min_by_key(|(c, t)| (t.q, std::cmp::Reverse(t.f), std::cmp::Reverse(*c)))
            .map_or(ProcTree { f: 1, q: 1 }, |c| c.1)
    }

    /// The processor tree for `procs` processors (see [`tree_split`](crate::tree_split) for the rule).
    pub(crate) fn proc_tree(
        f: Option<u32>,
        q: Option<u32>,
        procs: Option<u32>,
        max: u64,
    ) -> Result<ProcTree, ParError> {
        let count = |t: ProcTree| t.count().filter(|&c| c <= max);
        let tree = match (f, q, procs) {
            (Some(f), Some(q), p) => {
                let t = ProcTree { f, q };
                if f == 0 && q > 0 {
                    return err("the processor tree needs f >= 1");
                }
                let Some(c) = count(t) else {
                    return err(format!(
                        "processor tree f={f}, q={q} exceeds {max} processors"
                    ));
                };
                if let Some(p) = p {
                    if p as u64 != c {
                        return err(format!(
                            "--procs {p} does not match the processor tree f={f}, q={q} ({c} processors)"
                        ));
                    }
                }
                t
            }
            (f, q, Some(p)) => {
                if p == 0 {
                    return err("--procs must be at least 1");
                }
                if p as u64 > max {
                    return err(format!("--procs {p} exceeds {max}"));
                }
                match (f, q) {
                    (None, None) if p == 1 => ProcTree { f: 1, q: 0 },
                    (None, None) => ProcTree { f: p - 1, q: 1 },
                    (None, Some(q)) => {
                        if q == 0 {
                            if p != 1 {
                                return err("q=0 is a single processor: use --procs 1");
                            }
                            ProcTree { f: 1, q: 0 }
                        } else {
                            let mut best = None;
                            for f in 1..=p {
                                match count(ProcTree { f, q }) {
                                    Some(c) if c <= p as u64 => best = Some(f),
                                    _ => break,
                                }
                            }
                            let Some(f) = best else {
                                return err(format!(
                                    "no processor tree of depth {q} fits in {p} processors"
                                ));
                            };
                            ProcTree { f, q }
                        }
                    }
                    (Some(f), None) => {
                        if f == 0 {
                            return err("the processor tree needs f >= 1");
                        }
                        let mut q = 0;
                        while count(ProcTree { f, q: q + 1 }).is_some_and(|c| c <= p as u64)
                            && (f > 1 || q + 1 < p)
                        {
                            q += 1;
                        }
                        ProcTree { f, q }
                    }
                    _ => unreachable!(),
                }
            }
            (_, _, None) => {
                return err("give --procs P, or both f and q (e.g. tree-split:f=3,q=2)")
            }
        };
        Ok(tree)
    }
}
