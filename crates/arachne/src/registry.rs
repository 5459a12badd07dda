//! The registry of algorithms: every searcher arachne has, with its family and its one-line
//! description, in one list ([`entries`]). `arachne algos` prints it, and [`family`] tells
//! which family a spec (`NAME[:key=value,…]`) belongs to, which is how
//! [`build`](crate::build) chooses the searcher: a new algorithm is a line in its family's
//! catalogue and is found here with no further code.
use std::fmt;

/// The families of searchers, each with its own options and figures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Serial searches (the alpha-beta family, SSS*, MTD(f)): `arachne-search`.
    Serial,
    /// Shared-memory searches on threads and one transposition table (YBWC, Jamboree, Lazy
    /// SMP, ABDADA): `--threads T`.
    SharedMemory,
    /// Message-passing searches written once as processes, run on the simulator, threads or
    /// MPI (tree-splitting, Baudet, Palphabeta, Pbound, the Key Node Method, node-type guided
    /// search): `--procs P --backend sim|threads|mpi`.
    MessagePassing,
    /// Best-first minimax and randomized best-first minimax (serial, shared tree,
    /// master–slave).
    BestFirst,
    /// Monte Carlo tree search (UCT; tree, root and leaf parallel forms).
    Mcts,
}

impl Family {
    /// The family's heading in `arachne algos`.
    pub fn heading(self) -> &'static str {
        match self {
            Family::Serial => "serial",
            Family::SharedMemory => "shared-memory (--threads T)",
            Family::MessagePassing => "parallel (--procs P --backend sim|threads|mpi)",
            Family::BestFirst => {
                "best-first (tree in memory; --depth = principal-variation depth, --memory MiB)"
            }
            Family::Mcts => {
                "Monte Carlo tree search (tree in memory; iters=N, --nodes, --time-ms, --memory MiB)"
            }
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.heading())
    }
}

/// One algorithm of the registry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name its spec starts with.
    pub name: &'static str,
    /// Other names its family's parser accepts.
    pub aliases: &'static [&'static str],
    /// Its family.
    pub family: Family,
    /// One line: what it does, its options and the paper it comes from.
    pub summary: &'static str,
}

/// The names each family's parser accepts beside its catalogue's.
fn aliases(name: &str) -> &'static [&'static str] {
    match name {
        "staged" => &["salphabeta", "slalphabeta", "spalphabeta"],
        "tree-split" => &["treesplit", "tree-splitting"],
        "knm" => &["key-node"],
        "type-guided" => &["typeguided"],
        "lazy-smp" => &["lazysmp", "lazy"],
        _ => &[],
    }
}

/// Every algorithm, family by family in the order of `arachne algos`.
pub fn entries() -> Vec<Entry> {
    let families: [(Family, &[(&'static str, &'static str)]); 5] = [
        (Family::Serial, arachne_search::CATALOGUE),
        (Family::MessagePassing, arachne_parallel::CATALOGUE),
        (Family::SharedMemory, arachne_parallel::smp::CATALOGUE),
        (Family::BestFirst, arachne_bestfirst::CATALOGUE),
        (Family::Mcts, arachne_bestfirst::mcts::CATALOGUE),
    ];
    families
        .into_iter()
        .flat_map(|(family, list)| {
            list.iter().map(move |&(name, summary)| Entry {
                name,
                aliases: aliases(name),
                family,
                summary,
            })
        })
        .collect()
}

/// The entry whose name or alias `name` is (any case).
pub fn find(name: &str) -> Option<Entry> {
    let name = name.trim().to_ascii_lowercase();
    entries()
        .into_iter()
        .find(|e| e.name == name || e.aliases.contains(&name.as_str()))
}

/// The family of the algorithm a spec `NAME[:key=value,…]` names; `None` for an unknown name.
pub fn family(spec: &str) -> Option<Family> {
    find(spec.split(':').next().unwrap_or("")).map(|e| e.family)
}

/// The names of a family's algorithms, comma-separated (for messages).
pub fn names(family: Family) -> String {
    entries()
        .iter()
        .filter(|e| e.family == family)
        .map(|e| e.name)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_one_family() {
        let all = entries();
        for e in &all {
            assert_eq!(family(e.name), Some(e.family), "{}", e.name);
            for a in e.aliases {
                assert_eq!(family(a), Some(e.family), "{a}");
            }
            let same = all.iter().filter(|o| o.name == e.name).count();
            assert_eq!(same, 1, "{} is listed {same} times", e.name);
        }
        assert_eq!(family("ABDADA:threads=2"), Some(Family::SharedMemory));
        assert_eq!(family("tree-split:f=2,q=3"), Some(Family::MessagePassing));
        assert_eq!(family("rbfm:seed=3"), Some(Family::BestFirst));
        assert_eq!(family("mcts:par=root"), Some(Family::Mcts));
        assert_eq!(family("spalphabeta"), Some(Family::Serial));
        assert_eq!(family("no-such-search"), None);
    }

    #[test]
    fn the_families_agree_with_their_parsers() {
        for e in entries() {
            let parses = match e.family {
                Family::Serial => e.name.parse::<arachne_search::Algorithm>().is_ok(),
                Family::SharedMemory => e.name.parse::<arachne_parallel::smp::SmpAlgo>().is_ok(),
                Family::MessagePassing => e.name.parse::<arachne_parallel::ParAlgo>().is_ok(),
                Family::BestFirst => e.name.parse::<arachne_bestfirst::BfAlgo>().is_ok(),
                Family::Mcts => e
                    .name
                    .parse::<arachne_bestfirst::mcts::MctsOptions>()
                    .is_ok(),
            };
            assert!(parses, "{} does not parse in its family", e.name);
        }
    }
}
