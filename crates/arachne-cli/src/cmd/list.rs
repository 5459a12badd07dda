//! `arachne games` and `arachne algos`.
use crate::error::CliResult;

pub fn games() -> CliResult {
    for (_, line) in arachne_games::spec::CATALOGUE {
        println!("{line}");
    }
    Ok(())
}

/// The seed papers by number, as the code cites them (`seed 000 §4`), with the names a reader
/// looks for.
pub const PAPERS: &[(&str, &str)] = &[
    ("seed 000", "Fishburn & Finkel 1980"),
    ("seed 001", "Fuller, Gaschnig & Gillogly 1973"),
    ("seed 002", "Shoham & Toledo 2002"),
    ("seed 003", "Lindstrom 1983"),
    ("seed 004", "nCUBE chess, node types"),
    ("seed ncube-chess-node-types", "nCUBE chess, node types"),
];

/// `line` with every `seed NNN` replaced by the paper's authors and year.
pub fn cite(line: &str) -> String {
    PAPERS
        .iter()
        .fold(line.to_string(), |l, (seed, paper)| l.replace(seed, paper))
}

/// `arachne algos`: the registry, family by family.
pub fn algos() -> CliResult {
    let mut family = None;
    for e in arachne::registry::entries() {
        if family != Some(e.family) {
            println!("{}:", e.family.heading());
            family = Some(e.family);
        }
        println!("  {:<14} {}", e.name, cite(e.summary));
    }
    Ok(())
}
