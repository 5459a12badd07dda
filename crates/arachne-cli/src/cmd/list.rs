//! `arachne games` and `arachne algos`.
use crate::error::CliResult;

pub fn games() -> CliResult {
    for (_, line) in arachne_games::spec::CATALOGUE {
        println!("{line}");
    }
    Ok(())
}

pub fn algos() -> CliResult {
    println!("serial:");
    for (name, line) in arachne_search::CATALOGUE {
        println!("  {name:<12} {line}");
    }
    let par = arachne_engine::parallel_catalogue();
    if !par.is_empty() {
        println!("parallel (--procs P --backend sim|threads|mpi):");
        for (name, line) in par {
            println!("  {name:<14} {line}");
        }
    }
    println!("shared-memory (--threads T):");
    for (name, line) in arachne_parallel::smp::CATALOGUE {
        println!("  {name:<14} {line}");
    }
    println!("best-first (tree in memory; --depth = principal-variation depth, --memory MiB):");
    for (name, line) in arachne_bestfirst::CATALOGUE {
        println!("  {name:<14} {line}");
    }
    println!(
        "Monte Carlo tree search (tree in memory; iters=N, --nodes, --time-ms, --memory MiB):"
    );
    for (name, line) in arachne_bestfirst::mcts::CATALOGUE {
        println!("  {name:<14} {line}");
    }
    Ok(())
}
