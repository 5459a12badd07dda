//! Counting what `alphabeta` (arachne-search, deep cutoffs, fail-hard) examines in one tree.
use arachne_core::{Game, Limits, Score, Stats};
use arachne_search::alphabeta::alphabeta;
use arachne_search::context::Ctx;
use arachne_search::SearchOptions;

/// Runs `alphabeta` on `root` to `depth` with the full window and no move ordering, and
/// returns its statistics (`leaves` = bottom positions examined, `movegens` = non-terminal
/// positions examined).
pub fn alphabeta_stats<G: Game>(root: &G, depth: u32) -> Stats {
    let opts = SearchOptions {
        tt_mib: 0,
        ..SearchOptions::default()
    };
    let limits = Limits::depth(depth);
    let mut ctx: Ctx<G> = Ctx::new(&opts, &limits, None);
    alphabeta(&mut ctx, root, depth, 0, -Score::INF, Score::INF)
        .expect("a depth-only search cannot be aborted");
    ctx.stats
}
