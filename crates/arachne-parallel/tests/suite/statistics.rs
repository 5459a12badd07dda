//! With fan-out f = 1 a processor tree is a chain that searches exactly as serial alpha-beta
//! does, so every count must agree with `arachne_search`'s, cutoffs at the masters included.
use arachne_core::{Game, Limits};
use arachne_games::{
    checkers, Branching, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree,
};
use arachne_parallel::{search, Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::{Algorithm, SearchOptions};

fn same_counts<G: Game>(root: &G, depth: u32, what: &str) {
    let serial =
        Algorithm::AlphaBeta.search(root, &Limits::depth(depth), &SearchOptions::default());
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for spec in [
        "tree-split:f=1,q=2,master=0,preorder=0",
        "tree-split:f=1,q=3,master=0,preorder=0",
        "tree-split:grand=1,f=1,q=2,preorder=0",
        "palphabeta-par:f=1,q=2",
    ] {
        let algo: ParAlgo = spec.parse().unwrap();
        let out = search(&algo, root, depth, None, &sim).unwrap();
        assert_eq!(out.value, serial.value, "{what} {spec}");
        let (s, p) = (serial.stats, out.stats);
        assert_eq!(
            (p.interior, p.leaves, p.cutoffs),
            (s.interior, s.leaves, s.cutoffs),
            "{what} {spec}"
        );
    }
}

#[test]
fn chains_count_like_serial_alphabeta() {
    for seed in 0..20 {
        let t = IidTree::new(IidParams {
            n: 3,
            d: 6,
            seed,
            range: None,
        });
        same_counts(&t, 6, &format!("iid seed {seed}"));
        let t = IncrementalTree::new(IncrementalParams {
            b: 5,
            d: 6,
            seed,
            branching: Branching::Random,
            values: EdgeValues::Int { lo: -1000, hi: 999 },
        });
        same_counts(&t, 6, &format!("incremental seed {seed}"));
    }
    for (i, p) in checkers::bench_positions().iter().enumerate().step_by(4) {
        same_counts(p, 5, &format!("checkers #{i}"));
    }
}
