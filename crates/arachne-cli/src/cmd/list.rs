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

pub fn algos() -> CliResult {
    println!("serial:");
    for (name, line) in arachne_search::CATALOGUE {
        println!("  {name:<12} {}", cite(line));
    }
    let par = arachne_engine::parallel_catalogue();
    if !par.is_empty() {
        println!("parallel (--procs P --backend sim|threads|mpi):");
        for (name, line) in par {
            println!("  {name:<14} {}", cite(line));
        }
    }
    println!("shared-memory (--threads T):");
    for (name, line) in arachne_parallel::smp::CATALOGUE {
        println!("  {name:<14} {}", cite(line));
    }
    println!("best-first (tree in memory; --depth = principal-variation depth, --memory MiB):");
    for (name, line) in arachne_bestfirst::CATALOGUE {
        println!("  {name:<14} {}", cite(line));
    }
    println!(
        "Monte Carlo tree search (tree in memory; iters=N, --nodes, --time-ms, --memory MiB):"
    );
    for (name, line) in arachne_bestfirst::mcts::CATALOGUE {
        println!("  {name:<14} {}", cite(line));
    }
    Ok(())
}
