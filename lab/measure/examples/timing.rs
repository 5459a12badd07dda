//! Times the exact methods:
//! `cargo run --release -p arachne-measure --example timing -- [paper] N D [N D ...]`
//! (`paper`: Eqn 5.6 / Lemma 5.3 instead of the product method).
use num_traits::ToPrimitive;
fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let paper = args.first().is_some_and(|a| a == "paper");
    if paper {
        args.remove(0);
    }
    let nums: Vec<u32> = args.iter().map(|a| a.parse().expect("integer")).collect();
    for nd in nums.chunks(2) {
        let (n, d) = (nd[0], nd[1]);
        let t = std::time::Instant::now();
        let e = if paper {
            arachne_analysis::paper::expected_nbp(n, d)
        } else {
            arachne_analysis::product::expected_nbp(n, d)
        };
        println!(
            "{} N={n} D={d}: {:.9} ({} digits in the denominator) in {:.3?}",
            if paper { "paper" } else { "product" },
            e.to_f64().unwrap_or(f64::NAN),
            e.denom().to_string().len(),
            t.elapsed()
        );
    }
}
