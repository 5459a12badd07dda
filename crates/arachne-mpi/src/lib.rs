//! # arachne-mpi
//!
//! MPI for arachne's message-passing searches (`--backend mpi`). With the cargo feature `mpi`,
//! [`install`] gives `arachne_runtime::mpi` its transport (MPI's universe and one communicator
//! per run, through rsmpi) and makes the games of `arachne-games` searchable on it; without the
//! feature this crate links no MPI, compiles no search, and [`install`] does nothing, so
//! `--backend mpi` answers that the build has no MPI. A binary calls [`install`] once, at start
//! (the `arachne` command line does), and [`install_game`] for each game of its own it
//! searches on MPI.
//!
//! Only this crate and the binaries that install it are built again when the feature is
//! turned on: the runtime, the algorithms and the facade never see it. (The runtime is written
//! against `arachne_runtime::mpi::{Transport, Comm}`; the algorithms find a game's MPI search
//! among those installed, `arachne_parallel::install_mpi_game`, so the searches on
//! `Pathed<G>` — every algorithm compiled again for each game — are compiled here, not in
//! every crate that runs a parallel search.)
#[cfg(feature = "mpi")]
mod rsmpi;

use arachne_core::Game;

/// True when this build links MPI (the cargo feature `mpi`).
pub const ENABLED: bool = cfg!(feature = "mpi");

/// Installs the MPI transport into `arachne_runtime::mpi` and the games of `arachne-games`
/// (chess, checkers, Othello, connect four, tic-tac-toe and the i.i.d., incremental and
/// ordered trees) for the message-passing searches; a no-op without the feature `mpi`.
pub fn install() {
    #[cfg(feature = "mpi")]
    {
        use arachne_games::{
            Checkers, Chess, Connect4, IidTree, IncrementalTree, OrderedTree, Othello, TicTacToe,
        };
        arachne_runtime::mpi::install(&rsmpi::RsMpi);
        install_game::<Chess>();
        install_game::<Checkers>();
        install_game::<Othello>();
        install_game::<Connect4>();
        install_game::<TicTacToe>();
        install_game::<IidTree>();
        install_game::<IncrementalTree>();
        install_game::<OrderedTree>();
    }
}

/// Makes a game of your own searchable on `--backend mpi` by the message-passing alpha-beta
/// searches (`arachne_parallel::install_mpi_game`); call it on every rank before the first
/// search. (Master–slave RBFM and distributed MCTS send paths, not positions: they need no
/// installing.) A no-op without the feature `mpi`.
pub fn install_game<G: Game>() {
    #[cfg(feature = "mpi")]
    arachne_parallel::install_mpi_game::<G>();
}
