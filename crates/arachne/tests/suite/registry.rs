use arachne::registry::*;

#[test]
fn every_name_has_one_family() {
    let all = entries();
    for e in all {
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
            Family::Mcts => e.name.parse::<arachne_mcts::MctsOptions>().is_ok(),
        };
        assert!(parses, "{} does not parse in its family", e.name);
    }
}
