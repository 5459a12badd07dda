//! `--backend mpi`: the algorithms of this crate on MPI ranks (through the MPI transport the
//! binary installed, `arachne_runtime::mpi::install`; without one the backend answers with an
//! error naming the cargo feature that builds it).
//!
//! The algorithms run unchanged on [`Pathed<G>`](arachne_runtime::Pathed) — the game wrapped
//! so that every position knows its path of move indices from the root — which is what lets
//! any [`Game`] travel between machines (see `arachne_runtime::pathed` and
//! `arachne_runtime::mpi`). Their messages ([`Msg`](crate::slave::Msg)) are encoded by
//! [`crate::wire`] and registered here for the runtime.
//!
//! Every message-passing algorithm of this crate runs here: tree-split, baudet,
//! palphabeta-par, pbound and type-guided (`slave::Msg`) and the distributed Key Node Method
//! (`knm::dist::Msg`). `knm:model=pooled` is a simulation of the paper's machine (sim only).
//!
//! **Adding an algorithm to the MPI backend:** register its process type on `Pathed<G>` in
//! [`install_game`] (the runtime compiles the MPI session only for the process types
//! registered, `arachne_runtime::mpi::register_process`); if its processes exchange
//! `slave::Msg<G>`, that is all; otherwise implement `arachne_runtime::Wire` for its message type (as in
//! [`crate::wire`]) and add one `wire::register::<TheirMsg<Pathed<G>>>(root)` line in
//! `register` below (a crate that depends on this one registers its own type with
//! `arachne_runtime::wire::register` before it runs, as `arachne-bestfirst`'s master–slave
//! RBFM does). A run whose messages are not registered is refused before it starts, on every
//! rank alike, with one line naming the message type (`arachne_runtime::mpi::MpiError::NoCodec`).
//!
//! The runs themselves go through the runtime's one execution layer
//! (`arachne_runtime::exec::execute`), as on the other backends: on MPI a slave's job is
//! searched by the serial search through `Process::run`, its mailbox polled from the search,
//! as on threads (`arachne_runtime::mpi`, Work).
//!
//! **Limits** (`--nodes`, `--time-ms`, Ctrl-C) are decided by rank 0 and end every rank
//! (`arachne_runtime::mpi`, Limits); rank 0 then reports the partial result like the other
//! backends (`stopped` set, no value).
//!
//! **type-guided's records** (the node types of its trace) live in each rank's processes; after
//! the run every rank encodes its processes' records and rank 0 gathers them (in
//! `type_guided`), so its trace is the same as on the other backends. Its transposition table is
//! one per rank (shared by that rank's processes): it only orders moves, so the value is exact
//! on any number of ranks, but node counts differ from `sim`/`threads`, where one table serves
//! every process.
//!
//! **The games MPI can search** are installed, one by one, with [`install_game`]: the search of
//! a game on [`Pathed<G>`](arachne_runtime::Pathed) is every algorithm compiled again for that
//! type, so it is compiled only where [`install_game`] is called with it (`arachne-mpi`, for
//! the games of `arachne-games`, in a build with MPI), not in every crate that runs a
//! message-passing search. A search of a game that was not installed is refused with one line
//! naming it.
use super::search_core;
use crate::common::Job;
use crate::type_guided::{self, Trace, TypeGuidedOptions};
use crate::{ParAlgo, ParError, ParOutcome};
use arachne_core::Game;
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

use arachne_runtime::exec::{NO_MPI, WORKER};

/// The processor-tree shape an algorithm was given, to decide whether `--procs` defaults to
/// the number of ranks.
fn has_tree(algo: &ParAlgo) -> bool {
    match algo {
        ParAlgo::TreeSplit(o) => o.f.is_some() && o.q.is_some(),
        ParAlgo::PAlphaBetaPar(o) | ParAlgo::PBound(o) => o.f.is_some() && o.q.is_some(),
        ParAlgo::TypeGuided(o) => o.fanouts.is_some() || (o.f.is_some() && o.levels.is_some()),
        ParAlgo::Baudet(_) | ParAlgo::Knm(_) => false,
    }
}

/// Initializes MPI and registers this crate's message encodings for `Pathed<G>` with `root`.
fn register<G: Game>(
    root: &G,
) -> Result<(arachne_runtime::mpi::World, arachne_runtime::Pathed<G>), ParError> {
    use arachne_runtime::{wire, Pathed};
    use std::rc::Rc;
    let world = arachne_runtime::mpi::init().map_err(|e| ParError(e.to_string()))?;
    let proot = Pathed::root(root.clone());
    let rc: Rc<dyn std::any::Any> = Rc::new(proot.clone());
    wire::register::<crate::slave::Msg<Pathed<G>>>(Some(rc.clone()));
    wire::register::<crate::knm::dist::Msg<Pathed<G>>>(Some(rc));
    // The processors search their jobs on `G`'s own positions, not on `Pathed<G>`.
    crate::subsearch::register_native::<G>();
    Ok((world, proot))
}

/// An outcome on `Pathed<G>` as an outcome on `G` (the moves unwrapped); a worker rank's
/// becomes the [`WORKER`] error.
fn unwrap_outcome<G: Game>(
    world: arachne_runtime::mpi::World,
    o: ParOutcome<arachne_runtime::PMove<G>>,
) -> Result<ParOutcome<G::Move>, ParError> {
    if world.rank != 0 {
        return Err(ParError(WORKER.into()));
    }
    Ok(o.map(|r| crate::ParResult {
        best_move: r.best_move.map(|m| m.mv),
        pv: r.pv.iter().map(|m| m.mv).collect(),
        value: r.value,
        exact: r.exact,
        stats: r.stats,
        procs: r.procs,
        tree: r.tree,
        serial_stats: r.serial_stats,
        baseline: r.baseline,
        wall: r.wall,
        last_iteration: r.last_iteration,
        stopped: r.stopped,
    }))
}

/// `--procs` when it was not given: one process per rank, or ranks × `T` with `T` threads per
/// rank ([`Backend::Mpi`](arachne_runtime::Backend)'s `threads`), unless the options fix the
/// tree.
fn default_procs(
    algo: &ParAlgo,
    procs: Option<u32>,
    ranks: i32,
    threads: Option<u32>,
) -> Option<u32> {
    match procs {
        None if !has_tree(algo) => Some((ranks as u32).saturating_mul(threads.unwrap_or(1))),
        p => p,
    }
}

/// [`search`] of one game.
type SearchFn<G> =
    for<'a, 'b> fn(&'a ParAlgo, &'b Job<'b, G>) -> Result<ParOutcome<<G as Game>::Move>, ParError>;

/// [`search_traced`] of one game.
type TracedFn<G> = for<'a, 'b> fn(
    &'a TypeGuidedOptions,
    &'b Job<'b, G>,
) -> Result<(ParOutcome<<G as Game>::Move>, Trace), ParError>;

/// The searches of one game on MPI ([`install_game`]).
struct Hooks<G: Game> {
    search: SearchFn<G>,
    traced: TracedFn<G>,
}

impl<G: Game> Clone for Hooks<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Hooks<G> {}

/// The installed games' [`Hooks`], by the type id of `Hooks<G>`.
fn installed() -> &'static RwLock<HashMap<TypeId, Box<dyn Any + Send + Sync>>> {
    static INSTALLED: OnceLock<RwLock<HashMap<TypeId, Box<dyn Any + Send + Sync>>>> =
        OnceLock::new();
    INSTALLED.get_or_init(Default::default)
}

/// Makes `G` searchable on `--backend mpi` by every algorithm of this crate; idempotent.
///
/// This compiles the algorithms for [`Pathed<G>`](arachne_runtime::Pathed), and the MPI
/// session for their processes, in the crate that calls it. `arachne-mpi`'s `install` calls it for the games of `arachne-games`; a program
/// that searches a game of its own on MPI calls it (or `arachne_mpi::install_game`) once,
/// before the search, on every rank.
pub fn install_game<G: Game>() {
    use arachne_runtime::{mpi::register_process, Pathed};
    // Every process type the searches of `search_core` run on `Pathed<G>`.
    register_process::<crate::tree_split::Node<Pathed<G>>>();
    register_process::<crate::batch::BatchNode<Pathed<G>>>();
    register_process::<crate::slave::Slave<Pathed<G>>>();
    register_process::<crate::type_guided::TgProc<Pathed<G>>>();
    register_process::<crate::knm::dist::KnmProc<Pathed<G>>>();
    let hooks = Hooks::<G> {
        search: search_on_ranks::<G>,
        traced: traced_on_ranks::<G>,
    };
    installed()
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .insert(TypeId::of::<Hooks<G>>(), Box::new(hooks));
}

/// `G`'s [`Hooks`]: [`NO_MPI`] in a build without MPI, an error naming `G` when it was not
/// installed.
fn hooks<G: Game>() -> Result<Hooks<G>, ParError> {
    if !arachne_runtime::mpi::available() {
        return Err(ParError(NO_MPI.into()));
    }
    let installed = installed().read().unwrap_or_else(|e| e.into_inner());
    match installed.get(&TypeId::of::<Hooks<G>>()) {
        Some(h) => Ok(*h
            .downcast_ref::<Hooks<G>>()
            .expect("installed under the type id of its own type")),
        None => Err(ParError(format!(
            "--backend mpi: the game {} is not installed for MPI (call arachne_mpi::install_game \
             for it on every rank before searching)",
            std::any::type_name::<G>()
        ))),
    }
}

pub(crate) fn search<G: Game>(
    algo: &ParAlgo,
    job: &Job<'_, G>,
) -> Result<ParOutcome<G::Move>, ParError> {
    (hooks::<G>()?.search)(algo, job)
}

/// type-guided with its trace on `--backend mpi` (the body of
/// [`search_traced_limited`](crate::search_traced_limited) there).
pub(crate) fn search_traced<G: Game>(
    opts: &TypeGuidedOptions,
    job: &Job<'_, G>,
) -> Result<(ParOutcome<G::Move>, Trace), ParError> {
    (hooks::<G>()?.traced)(opts, job)
}

/// [`search`] of an installed game.
fn search_on_ranks<G: Game>(
    algo: &ParAlgo,
    job: &Job<'_, G>,
) -> Result<ParOutcome<G::Move>, ParError> {
    let o = on_ranks(algo, job, |proot, procs| {
        search_core(algo, &job.on(proot, procs)).map(|o| (o, ()))
    })?;
    Ok(o.0)
}

/// [`search_traced`] of an installed game.
fn traced_on_ranks<G: Game>(
    opts: &TypeGuidedOptions,
    job: &Job<'_, G>,
) -> Result<(ParOutcome<G::Move>, Trace), ParError> {
    let algo = ParAlgo::TypeGuided(*opts);
    on_ranks(&algo, job, |proot, procs| {
        type_guided::search_traced_on(opts, &job.on(proot, procs))
    })
}

/// A search on this rank: the encodings registered, `--procs` defaulted, `search` run on
/// [`Pathed<G>`](arachne_runtime::Pathed) and its outcome unwrapped (rank 0), or
/// [`WORKER`] (a worker rank, unless MPI itself failed); [`NO_MPI`] in a build without MPI.
fn on_ranks<G: Game, T>(
    algo: &ParAlgo,
    job: &Job<'_, G>,
    search: impl FnOnce(
        &arachne_runtime::Pathed<G>,
        Option<u32>,
    ) -> Result<(ParOutcome<arachne_runtime::PMove<G>>, T), ParError>,
) -> Result<(ParOutcome<G::Move>, T), ParError> {
    let (world, proot) = register(job.root)?;
    let threads = match job.backend {
        arachne_runtime::Backend::Mpi { threads, .. } => *threads,
        _ => None,
    };
    // (More processes than the ranks' threads hold is refused by the runtime, on every rank.)
    let procs = default_procs(algo, job.procs, world.size, threads);
    let (o, t) = match search(&proot, procs) {
        Err(e) if world.rank != 0 && !e.0.starts_with("MPI: ") => Err(ParError(WORKER.into())),
        r => r,
    }?;
    Ok((unwrap_outcome(world, o)?, t))
}
