use arachne_core::Limits;
use arachne_games::*;
use arachne_search::{Algorithm, SearchOptions};

#[test]
fn all_agree_smoke() {
    let algos = [
        "negamax",
        "alphabeta",
        "bound",
        "falphabeta",
        "lalphabeta",
        "palphabeta",
        "salphabeta",
        "slalphabeta",
        "spalphabeta",
        "aspiration",
        "sss",
        "mtdf",
    ];
    for seed in 0..50 {
        let t = IncrementalTree::new(IncrementalParams {
            b: 4,
            d: 5,
            seed,
            branching: Branching::Random,
            values: EdgeValues::Int { lo: -1000, hi: 999 },
        });
        let opts = SearchOptions {
            tt_mib: 1,
            ..Default::default()
        };
        let base = Algorithm::Negamax.search(&t, &Limits::depth(5), &opts);
        for a in algos {
            let al: Algorithm = a.parse().unwrap();
            let r = al.search(&t, &Limits::depth(5), &opts);
            if a != "lalphabeta" && a != "slalphabeta" {
                assert_eq!(r.value, base.value, "{a} seed {seed}");
            }
        }
    }
}
