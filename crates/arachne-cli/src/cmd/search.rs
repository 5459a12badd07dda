//! `arachne search`: any algorithm on any game or synthetic tree — the flags make a request,
//! [`arachne::run::search`] checks and runs it and renders its report, which is printed.
pub use crate::args::SearchArgs;
use crate::error::CliResult;
use crate::output::emit;
use arachne_core::Game;
use arachne_games::GameInfo;

/// `arachne search`.
pub fn run(args: SearchArgs) -> CliResult {
    emit(arachne::run::search(&args.request())?, args.json);
    Ok(())
}

/// `arachne search` on a position made by the caller (a game defined outside
/// `arachne-games`, e.g. written in Python), described by `info`
/// ([`arachne::run::search_on`]: the serial algorithms, the message-passing ones on
/// the simulator, best-first search and Monte Carlo tree search; the forms on threads are
/// refused).
pub fn run_on<G: Game>(args: &SearchArgs, root: G, info: GameInfo) -> CliResult {
    emit(
        arachne::run::search_on(&args.request(), root, info)?,
        args.json,
    );
    Ok(())
}
