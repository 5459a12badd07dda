//! `arachne games` and `arachne algos`.
use crate::error::CliResult;

pub fn games() -> CliResult {
    for (_, line) in arachne_games::spec::CATALOGUE {
        println!("{line}");
    }
    Ok(())
}

/// `arachne algos`: the registry, family by family.
pub fn algos() -> CliResult {
    let mut family = None;
    for e in arachne::registry::entries() {
        if family != Some(e.family) {
            println!("{}:", e.family.heading());
            family = Some(e.family);
        }
        println!("  {:<14} {}", e.name, e.summary);
    }
    Ok(())
}
