use arachne_core::Limits;
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_parallel::smp::{search, SmpAlgo};
use arachne_search::{Algorithm, SearchOptions};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let algo: SmpAlgo = args[1].parse().unwrap();
    let t: usize = args[2].parse().unwrap();
    let d: u32 = args[3].parse().unwrap();
    let root = IncrementalTree::new(IncrementalParams {
        b: 10,
        d: 10,
        seed: 1,
        branching: Branching::Uniform,
        values: EdgeValues::Real,
    });
    let opts = SearchOptions {
        preorder: true,
        tt_mib: 16,
        ..SearchOptions::default()
    };
    let s = Instant::now();
    let out = search(&algo, &root, &Limits::depth(d), &opts, t, None, &mut |_| {}).unwrap();
    println!("{algo} t={t} nodes={} {:?}", out.stats.nodes(), s.elapsed());
    let s = Instant::now();
    let out = Algorithm::AlphaBeta.search(&root, &Limits::depth(d), &opts);
    println!("ab nodes={} {:?}", out.stats.nodes(), s.elapsed());
}
