//! The options of a Monte Carlo tree search ([`super`]) and their parsing from
//! `mcts:key=value,…`: every key honoured or refused in one line.
use serde::Serialize;

/// A bad option or setting of a Monte Carlo tree search. One line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MctsError(pub String);

/// How a new leaf is valued.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Playout {
    /// Uniformly random moves to the end of the game or `cap` plies, then the static value.
    Random {
        /// Most plies played.
        cap: u32,
    },
    /// The leaf's static evaluation.
    Eval,
    /// A depth-`depth` alpha-beta search from the leaf.
    AlphaBeta {
        /// Its depth.
        depth: u32,
    },
}

/// How many children an expansion values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Expand {
    /// One new child per iteration.
    One,
    /// Every child of the expanded node in the same iteration.
    All,
}

/// How the move is chosen at the root (and the line below it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// Most visits, ties by mean reward.
    Visits,
    /// Best mean reward, ties by visits.
    Value,
}

/// Options of a Monte Carlo tree search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsOptions {
    /// The exploration constant of UCB1.
    pub c: f64,
    /// How leaves are valued.
    pub playout: Playout,
    /// One child per iteration, or all.
    pub expand: Expand,
    /// Proven values (module docs).
    pub solver: bool,
    /// Seed of every random choice.
    pub seed: u64,
    /// Exactly this many iterations at most.
    pub iterations: Option<u64>,
    /// Most nodes the tree may hold (from `--memory`).
    pub max_tree_nodes: Option<usize>,
    /// The move chosen.
    pub choice: Choice,
    /// The evaluation worth a reward of `1/(1+e^−1)`; `None`: [`DEFAULT_SCALE`].
    pub scale: Option<f64>,
    /// `memory=MiB` as given in the spec.
    pub memory_mib: Option<u64>,
    /// `par=tree|root|leaf`: the parallel form; `None` (no `par=`): serial, or the tree form
    /// when `threads > 1`.
    pub par: Option<Par>,
    /// Threads of the parallel form (`threads=T` or `--threads T`), 1 by default.
    pub threads: u32,
}

/// A parallel form of MCTS on threads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Par {
    /// One shared tree, a virtual loss per walker ([`super::tree`]).
    Tree,
    /// Independent trees, root visits merged ([`super::root`]).
    Root,
    /// Several playouts from the same leaf ([`super::leaf`]).
    Leaf,
}

/// Most threads a parallel form takes.
pub const MAX_THREADS: u32 = 256;

/// The logistic scale when neither `scale=` nor [`default_scale`] gives one.
pub const DEFAULT_SCALE: f64 = 100.0;

/// Default playout cap, plies.
pub const DEFAULT_CAP: u32 = 200;

impl Default for MctsOptions {
    /// `c = 1.4`, random playouts capped at [`DEFAULT_CAP`] plies, one child per iteration,
    /// solver on, seed 1, no budget, best move by visits.
    fn default() -> Self {
        MctsOptions {
            c: 1.4,
            playout: Playout::Random { cap: DEFAULT_CAP },
            expand: Expand::One,
            solver: true,
            seed: 1,
            iterations: None,
            max_tree_nodes: None,
            choice: Choice::Visits,
            scale: None,
            memory_mib: None,
            par: None,
            threads: 1,
        }
    }
}

/// A documented default logistic scale per game (the `GameInfo` name): 400 centipawns in
/// chess (four pawns up is a reward of 0.73); the synthetic trees'
/// values are fixed point — one edge of `incremental` with real values is at most 2^20, a
/// continuous `iid` bottom value at most 2^29 (2^28 here); 100 for the other games (their
/// evaluations count discs, men or threats in units of about 1 to 100). A scale much too large
/// only squeezes the rewards toward ½ (the logistic is monotone, so their order is kept);
/// `scale=` overrides it.
pub fn default_scale(game: &str) -> f64 {
    match game {
        "chess" => 400.0,
        "incremental" => (1u64 << 20) as f64,
        "iid" => (1u64 << 28) as f64,
        _ => DEFAULT_SCALE,
    }
}

impl std::str::FromStr for MctsOptions {
    type Err = MctsError;
    /// `mcts[:c=X,playout=random|eval|ab:D,cap=N,expand=one|all,solver=0|1,seed=S,iters=N,
    /// best=visits|value,scale=X,memory=MiB]`; every key at most once.
    fn from_str(s: &str) -> Result<Self, MctsError> {
        let spec = arachne_core::parse::Spec::parse(s, "algorithm").map_err(MctsError)?;
        if !spec.name.eq_ignore_ascii_case("mcts") {
            return Err(MctsError(format!(
                "unknown algorithm `{}` (expected mcts)",
                arachne_core::parse::clip(&spec.name, 40)
            )));
        }
        let mut o = MctsOptions::default();
        let mut cap = None;
        for (k, v) in &spec.pairs {
            let (k, v) = (k.as_str(), v.as_str());
            let bad = |what: &str| {
                MctsError(format!(
                    "mcts: {k}=`{}` {what}",
                    arachne_core::parse::clip(v, 40)
                ))
            };
            let int = |lo: u64, hi: u64| -> Result<u64, MctsError> {
                match arachne_core::parse::int::<u64>(v) {
                    Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                    _ => Err(bad(&format!("must be an integer in {lo}..={hi}"))),
                }
            };
            let real = || -> Result<f64, MctsError> {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| bad("is not a finite number"))
            };
            let flag = || match v {
                "1" | "on" | "true" => Ok(true),
                "0" | "off" | "false" => Ok(false),
                _ => Err(bad("must be 0 or 1")),
            };
            match k {
                "c" => {
                    let c = real()?;
                    if !(0.0..=1e6).contains(&c) {
                        return Err(bad("must be in 0..=1000000"));
                    }
                    o.c = c
                }
                "playout" => {
                    o.playout = match v {
                        "random" => Playout::Random { cap: DEFAULT_CAP },
                        "eval" => Playout::Eval,
                        _ => match v.strip_prefix("ab:") {
                            Some(d) => match arachne_core::parse::int::<u32>(d) {
                                Ok(depth) if (1..=20).contains(&depth) => {
                                    Playout::AlphaBeta { depth }
                                }
                                _ => return Err(bad("needs a depth in 1..=20 (ab:D)")),
                            },
                            None => return Err(bad("must be random, eval or ab:D")),
                        },
                    }
                }
                "cap" => cap = Some(int(1, 100_000)? as u32),
                "expand" => {
                    o.expand = match v {
                        "one" => Expand::One,
                        "all" => Expand::All,
                        _ => return Err(bad("must be one or all")),
                    }
                }
                "solver" => o.solver = flag()?,
                "seed" => {
                    o.seed = arachne_core::parse::int::<u64>(v)
                        .map_err(|e| MctsError(format!("mcts: seed={e}")))?
                }
                "iters" => o.iterations = Some(int(1, u64::MAX)?),
                "best" => {
                    o.choice = match v {
                        "visits" => Choice::Visits,
                        "value" => Choice::Value,
                        _ => return Err(bad("must be visits or value")),
                    }
                }
                "scale" => {
                    let x = real()?;
                    if x <= 0.0 {
                        return Err(bad("must be positive"));
                    }
                    o.scale = Some(x)
                }
                "memory" => o.memory_mib = Some(int(1, 1 << 20)?),
                "par" => {
                    o.par = Some(match v {
                        "tree" => Par::Tree,
                        "root" => Par::Root,
                        "leaf" => Par::Leaf,
                        _ => return Err(bad("must be tree, root or leaf")),
                    })
                }
                "threads" => o.threads = int(1, MAX_THREADS as u64)? as u32,
                _ => {
                    return Err(MctsError(format!(
                        "mcts: unknown option `{}` (known: c, playout, cap, expand, solver, seed, iters, best, scale, memory, par, threads)",
                        arachne_core::parse::clip(k, 40)
                    )))
                }
            }
        }
        if let Some(c) = cap {
            match &mut o.playout {
                Playout::Random { cap } => *cap = c,
                _ => {
                    return Err(MctsError(
                        "mcts: cap applies to playout=random only".to_string(),
                    ))
                }
            }
        }
        o.check_parallel()?;
        Ok(o)
    }
}

impl MctsOptions {
    /// The form that runs: `par=`, else the tree form on more than one thread, else serial.
    pub fn form(&self) -> Option<Par> {
        self.par.or((self.threads > 1).then_some(Par::Tree))
    }

    /// Refuses what a parallel form cannot take, in one line: leaf parallelisation values a
    /// leaf by several random playouts, so it needs `playout=random` (the evaluation and
    /// `ab:D` are deterministic: N copies would only repeat one value).
    pub fn check_parallel(&self) -> Result<(), MctsError> {
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(MctsError(format!(
                "mcts: threads must be in 1..={MAX_THREADS}"
            )));
        }
        if self.form() == Some(Par::Leaf) && !matches!(self.playout, Playout::Random { .. }) {
            return Err(MctsError(
                "mcts: par=leaf runs several random playouts per leaf: it needs playout=random"
                    .to_string(),
            ));
        }
        Ok(())
    }
}
