//! The registry of algorithms: every searcher arachne has, with its family, the other names
//! its parser takes and its one-line description (options and paper), in one list
//! ([`entries`]). `arachne algos` prints it, and [`family`] tells which family a spec
//! (`NAME[:key=value,…]`) belongs to, which is how [`build`](crate::build), `arachne play`
//! and the UCI engine choose the searcher. A new algorithm is its file in its family's crate,
//! its name in that family's parser and one entry here.
use std::fmt;

/// The families of searchers, each with its own options and figures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Serial searches (the alpha-beta family, SSS*, MTD(f)): `arachne-search`.
    Serial,
    /// Shared-memory searches on threads and one transposition table (YBWC, Jamboree, Lazy
    /// SMP, ABDADA): `--threads T`.
    SharedMemory,
    /// Message-passing searches written once as processes, run on the simulator, threads or
    /// MPI (tree-splitting, Baudet, Palphabeta, Pbound, the Key Node Method, node-type guided
    /// search): `--procs P --backend sim|threads|mpi`.
    MessagePassing,
    /// Best-first minimax and randomized best-first minimax (serial, shared tree,
    /// master–slave).
    BestFirst,
    /// Monte Carlo tree search (UCT; tree, root and leaf parallel forms).
    Mcts,
}

impl Family {
    /// The family's heading in `arachne algos`.
    pub fn heading(self) -> &'static str {
        match self {
            Family::Serial => "serial",
            Family::SharedMemory => "shared-memory (--threads T)",
            Family::MessagePassing => "parallel (--procs P --backend sim|threads|mpi)",
            Family::BestFirst => {
                "best-first (tree in memory; --depth = principal-variation depth, --memory MiB)"
            }
            Family::Mcts => {
                "Monte Carlo tree search (tree in memory; iters=N, --nodes, --time-ms, --memory MiB)"
            }
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.heading())
    }
}

/// One algorithm of the registry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name its spec starts with.
    pub name: &'static str,
    /// Other names its family's parser accepts.
    pub aliases: &'static [&'static str],
    /// Its family.
    pub family: Family,
    /// One line: what it does, its options and the paper it comes from.
    pub summary: &'static str,
}

/// Every algorithm, family by family in the order of `arachne algos`.
const ENTRIES: &[Entry] = &[
    Entry {
        name: "negamax",
        aliases: &[],
        family: Family::Serial,
        summary: "plain minimax in negamax form, no pruning (Fishburn–Finkel 1980 §2)",
    },
    Entry {
        name: "alphabeta",
        aliases: &[],
        family: Family::Serial,
        summary: "alpha-beta with deep cutoffs, fail-hard (Fishburn–Finkel 1980 §2)",
    },
    Entry {
        name: "bound",
        aliases: &[],
        family: Family::Serial,
        summary: "alpha-beta without deep cutoffs (Fishburn–Finkel 1980 §7.4)",
    },
    Entry {
        name: "falphabeta",
        aliases: &[],
        family: Family::Serial,
        summary: "fail-soft alpha-beta (Fishburn–Finkel 1980 §8.1)",
    },
    Entry {
        name: "lalphabeta",
        aliases: &[],
        family: Family::Serial,
        summary: "last root move searched with a minimal window; best move exact, value may be a lower bound (Fishburn–Finkel 1980 §8.2)",
    },
    Entry {
        name: "palphabeta",
        aliases: &[],
        family: Family::Serial,
        summary: "principal-line minimal windows, PVS/NegaScout family (Fishburn–Finkel 1980 §8.3)",
    },
    Entry {
        name: "staged",
        aliases: &["salphabeta", "slalphabeta", "spalphabeta"],
        family: Family::Serial,
        summary: "staged iteration (iterative deepening, principal line first); staged:inner=alphabeta|lalphabeta|palphabeta (aliases salphabeta, slalphabeta, spalphabeta) (Fishburn–Finkel 1980 §8.1)",
    },
    Entry {
        name: "aspiration",
        aliases: &[],
        family: Family::Serial,
        summary: "iterative deepening with aspiration windows and fail-soft re-search; aspiration:delta=N (default 50) (Fishburn–Finkel 1980 §3)",
    },
    Entry {
        name: "sss",
        aliases: &[],
        family: Family::Serial,
        summary: "SSS* as MT-SSS*: null-window memory-enhanced tests from +inf down (Lindstrom 1983 §2.1)",
    },
    Entry {
        name: "mtdf",
        aliases: &[],
        family: Family::Serial,
        summary: "MTD(f): null-window memory-enhanced tests from a first guess; mtdf:guess=N",
    },
    Entry {
        name: "tree-split",
        aliases: &["treesplit", "tree-splitting"],
        family: Family::MessagePassing,
        summary: "tree-splitting on a processor tree: EVALUATE/UPDATE/VALUE, cutoff windows, reassignment; tree-split:f=F,q=Q,raise=none|last|general,master=0|1,grand=0|1,preorder=0|1,quiescence=0|1,pv=0|1,id=0|1,step=K (defaults master=1 (0 with grand=1), preorder=1, and on --backend threads or mpi pv=1,id=1 (pv=0,id=0: the paper's form; the simulator defaults to it); id=1: iterative deepening at the root, the processors of a machine sharing a table, step=K plies at a time (default 2, 1 with --null-move); pv=1: the first successor of every node on the leftmost line is searched, split in turn, before its brothers are handed out; or --quiescence; --check-extension too, --null-move but not with grand=1; worker=engine|stepper: a simulated processor's search, the engine's (default) or the paper's slave (no null move); raise=last|general: the best move is exact, the value may be only a lower bound, reported as value_kind lower; preorder: the game's hint, e.g. MVV/LVA, then static values; with --procs P alone the tree is chosen from P and the branching factor, see the crate docs) (Fishburn–Finkel 1980 §4, §6)",
    },
    Entry {
        name: "baudet",
        aliases: &[],
        family: Family::MessagePassing,
        summary: "Baudet's parallel aspiration search: P whole-tree searches with disjoint windows; baudet:center=C,width=W,preorder=0|1,quiescence=0|1 (or --quiescence; --check-extension too, --null-move; worker=engine|stepper on the simulator) (Fishburn–Finkel 1980 §3)",
    },
    Entry {
        name: "palphabeta-par",
        aliases: &[],
        family: Family::MessagePassing,
        summary: "Palphabeta: synchronous batches of f successors on a processor tree; palphabeta-par:f=F,q=Q,preorder=0|1,quiescence=0|1 (or --quiescence; --check-extension too, --null-move; worker=engine|stepper on the simulator) (Fishburn–Finkel 1980 §7)",
    },
    Entry {
        name: "pbound",
        aliases: &[],
        family: Family::MessagePassing,
        summary: "Pbound: Palphabeta without deep cutoffs (slaves run bound); pbound:f=F,q=Q,preorder=0|1,quiescence=0|1 (quiescence, or --quiescence: bottom positions valued by the capture search, at masters and slaves; --check-extension too) (Fishburn–Finkel 1980 §7.4)",
    },
    Entry {
        name: "knm",
        aliases: &["key-node"],
        family: Family::MessagePassing,
        summary: "Key Node Method: eager provisional values on key nodes, down/up messages; knm:fifo=0|1,suppress=0|1,deepening=0|1,preorder=0|1,quiescence=0|1,model=dist|pooled,seed=S,grain=G (grain: a node with 1..=G plies left is one serial search; default 0 on sim, measured on threads/MPI; quiescence, or --quiescence: a key bottom position's first answer is its capture-search value) (Lindstrom 1983)",
    },
    Entry {
        name: "type-guided",
        aliases: &["typeguided"],
        family: Family::MessagePassing,
        summary: "node-type guided search (nCUBE chess): table move searched sequentially with the slaves along, the rest farmed out self-scheduled, iterative deepening, hierarchies of masters; type-guided:f=F,levels=L,preorder=0|1,guess=0|1,master=0|1,serial=S,step=K,quiescence=0|1 (defaults preorder=1, guess=1, master=1; or --quiescence; --check-extension too, --null-move; worker=engine|stepper on the simulator; or f=F1/F2/… per level; with --procs P alone a hierarchy of exactly P processors is chosen from P and the branching factor) (seed ncube-chess-node-types)",
    },
    Entry {
        name: "ybwc",
        aliases: &[],
        family: Family::SharedMemory,
        summary: "Young Brothers Wait (Feldmann): eldest brother first, younger brothers in parallel on a work-stealing pool; ybwc:serial=N (default 3),aspiration=D (aspiration windows, off by default); --threads T; honours --null-move and --check-extension",
    },
    Entry {
        name: "jamboree",
        aliases: &[],
        family: Family::SharedMemory,
        summary: "Jamboree (Joerg & Kuszmaul): first child full window, the rest null-window tests in parallel, fail-highs re-searched in order; jamboree:serial=N (default 3),aspiration=D; --threads T; honours --null-move and --check-extension (Shoham–Toledo 2002 §6.2)",
    },
    Entry {
        name: "lazy-smp",
        aliases: &["lazysmp", "lazy"],
        family: Family::SharedMemory,
        summary: "Lazy SMP: every thread searches the root on the shared table, varied by depth offset, move order and aspiration width; best move by vote (score - min + 14) x depth; --threads T; honours --null-move and --check-extension",
    },
    Entry {
        name: "abdada",
        aliases: &[],
        family: Family::SharedMemory,
        summary: "ABDADA (Weill): a node another thread is searching is deferred and revisited; abdada:aspiration=D; --threads T; honours --null-move and --check-extension",
    },
    Entry {
        name: "bfm",
        aliases: &[],
        family: Family::BestFirst,
        summary: "Korf–Chickering best-first minimax: descend to the best child, expand, back up; bfm:memory=MiB,terminal=0|1 (stop when the line ends in a decided position, §3.2.5),abort=F (a move stopped past F times the earlier moves' average, §4.1) (Shoham–Toledo 2002 §1, §3)",
    },
    Entry {
        name: "rbfm",
        aliases: &[],
        family: Family::BestFirst,
        summary: "randomized best-first minimax: random walks by sampled real scores, EXTEND-UP/DOWN pruning; rbfm:seed=S,pruning=0|1,vote=N,terminal=0|1,abort=F,dist=normal|chisquare|mix|exponential,table=FILE,threads=T,memory=MiB; --procs P: master–slave, batch=K jobs per slave, master=0|1 the master expands too, grain=K expansions per job (a subtree below the leaf) (Shoham–Toledo 2002 §2, §6.1)",
    },
    Entry {
        name: "mcts",
        aliases: &[],
        family: Family::Mcts,
        summary: "Monte Carlo tree search, UCT with MCTS-Solver bounds: mcts:c=1.4,playout=random|eval|ab:D,cap=N,expand=one|all,solver=0|1,seed=S,iters=N,best=visits|value,scale=X,memory=MiB,par=tree|root|leaf,threads=T; --threads T: tree (shared tree, virtual loss; the default), root (independent trees, votes merged) or leaf (T playouts a leaf) parallel; par=root --procs P --backend sim|threads|mpi: root parallelisation as message-passing processes; --nodes = generated tree nodes, --time-ms, --memory MiB (beside Shoham–Toledo 2002's rbfm)",
    },
];

/// Every algorithm, family by family in the order of `arachne algos`.
pub fn entries() -> &'static [Entry] {
    ENTRIES
}

/// The entry whose name or alias `name` is (any case).
pub fn find(name: &str) -> Option<Entry> {
    let name = name.trim().to_ascii_lowercase();
    entries()
        .iter()
        .copied()
        .find(|e| e.name == name || e.aliases.contains(&name.as_str()))
}

/// The family of the algorithm a spec `NAME[:key=value,…]` names; `None` for an unknown name.
pub fn family(spec: &str) -> Option<Family> {
    find(spec.split(':').next().unwrap_or("")).map(|e| e.family)
}

/// The names of a family's algorithms, comma-separated (for messages).
pub fn names(family: Family) -> String {
    entries()
        .iter()
        .filter(|e| e.family == family)
        .map(|e| e.name)
        .collect::<Vec<_>>()
        .join(", ")
}
