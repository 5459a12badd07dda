//! # arachne-mpi
//!
//! The MPI transport of `arachne_runtime::mpi`: with the cargo feature `mpi`, [`install`] gives
//! the runtime MPI's universe and one communicator per run, through rsmpi; without it, this
//! crate links no MPI and [`install`] does nothing, so `--backend mpi` answers that the build
//! has no MPI. A binary calls [`install`] once, at start (the `arachne` command line does).
//!
//! Only this crate and the binaries that install it are built again when the feature is
//! turned on: the runtime, the algorithms and the facade never see it (the runtime is written
//! against `arachne_runtime::mpi::{Transport, Comm}`).
#[cfg(feature = "mpi")]
mod rsmpi;

/// True when this build links MPI (the cargo feature `mpi`).
pub const ENABLED: bool = cfg!(feature = "mpi");

/// Installs the MPI transport into `arachne_runtime::mpi` (a no-op without the feature `mpi`).
pub fn install() {
    #[cfg(feature = "mpi")]
    arachne_runtime::mpi::install(&rsmpi::RsMpi);
}
