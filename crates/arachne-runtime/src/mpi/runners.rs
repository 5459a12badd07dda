//! Which process types [`execute`](crate::execute) can run on MPI: a run's session
//! ([`run_mpi_limited`]) is generic over its process type, and is compiled only for the types
//! [`register_process`]ed, in the crate that registers them — not for every process type that
//! [`execute`](crate::execute) is compiled for. A message-passing algorithm is compiled for
//! every game a program searches, on every backend, while on MPI it runs on few of them (on
//! [`Pathed`](crate::Pathed) games, installed one by one); compiling the MPI session into every
//! `execute::<P>` cost a third of the build time of the crates that instantiate the algorithms
//! (the `arachne` facade: 169 s, 127 s without it).
//!
//! A run of a process type that was not registered is refused with one line naming the type
//! ([`ExecError::Mpi`](crate::ExecError::Mpi)), on every rank alike, before MPI starts.
use super::{run_mpi_limited, MpiConfig, MpiError, MpiOutcome};
use crate::process::{Pid, Process};
use crate::CostModel;
use arachne_core::Limits;
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

/// [`run_mpi_limited`] for one process type, its stop test behind a pointer.
pub(crate) type Runner<P> = fn(
    Vec<P>,
    Vec<(Pid, <P as Process>::Msg)>,
    &CostModel,
    &MpiConfig,
    &Limits,
    &mut dyn FnMut(&<P as Process>::Msg) -> bool,
) -> Result<MpiOutcome<P>, MpiError>;

/// The registered [`Runner`]s, by the type id of their process type.
fn registered() -> &'static RwLock<HashMap<TypeId, Box<dyn Any + Send + Sync>>> {
    static REGISTERED: OnceLock<RwLock<HashMap<TypeId, Box<dyn Any + Send + Sync>>>> =
        OnceLock::new();
    REGISTERED.get_or_init(Default::default)
}

fn run<P: Process>(
    procs: Vec<P>,
    initial: Vec<(Pid, P::Msg)>,
    cost: &CostModel,
    cfg: &MpiConfig,
    limits: &Limits,
    stop: &mut dyn FnMut(&P::Msg) -> bool,
) -> Result<MpiOutcome<P>, MpiError> {
    run_mpi_limited(procs, initial, cost, cfg, limits, stop)
}

/// Makes processes of type `P` runnable on [`Backend::Mpi`](crate::Backend::Mpi) by
/// [`execute`](crate::execute); idempotent, for every thread. This compiles the MPI session for
/// `P` where it is called. `arachne-parallel` registers its algorithms' processes on the games
/// it installs for MPI; a crate whose processes run on any game (master–slave RBFM,
/// distributed MCTS) registers them before it runs on MPI; a program with processes of its
/// own registers them before its first run, on every rank.
pub fn register_process<P: Process>() {
    let runner: Runner<P> = run::<P>;
    registered()
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .insert(TypeId::of::<P>(), Box::new(runner));
}

/// `P`'s runner, if it was registered.
pub(crate) fn runner<P: Process>() -> Option<Runner<P>> {
    let registered = registered().read().unwrap_or_else(|e| e.into_inner());
    registered.get(&TypeId::of::<P>()).map(|r| {
        *r.downcast_ref::<Runner<P>>()
            .expect("registered under its process type")
    })
}

/// The one line of a run of `P` on MPI that was not registered.
pub(crate) fn not_registered<P: Process>() -> String {
    format!(
        "the processes {} are not registered for MPI (arachne_runtime::mpi::register_process)",
        std::any::type_name::<P>()
    )
}
