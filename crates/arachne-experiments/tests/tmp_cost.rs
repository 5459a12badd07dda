use arachne_bestfirst::shallow::ShallowConfig;
use arachne_experiments::rbfm_chess::*;
use std::sync::Arc;
#[test]
#[ignore]
fn cost() {
    let all = arachne_games::chess::bench::lct2();
    let roots: Vec<_> = TABLE
        .iter()
        .map(|r| {
            let id = lct_id(r.0);
            all.iter()
                .find(|x| x.id() == Some(id.as_str()))
                .unwrap()
                .position
                .clone()
        })
        .collect();
    let cfg = Arc::new(ShallowConfig {
        max_extension: 1,
        ..ShallowConfig::default()
    });
    let t = std::time::Instant::now();
    let (o, n) = evaluation_cost(&roots, &cfg).unwrap();
    let mm = |v: &Vec<u64>| {
        let mut s = v.clone();
        s.sort();
        (
            s[s.len() / 2],
            s.iter().sum::<u64>() as f64 / s.len() as f64,
        )
    };
    println!(
        "children {} old {:?} new {:?} in {:?}",
        o.len(),
        mm(&o),
        mm(&n),
        t.elapsed()
    );
}
