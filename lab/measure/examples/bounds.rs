//! Guaranteed bounds: `cargo run --release -p arachne-measure --example bounds -- TOL MAXCELLS N D [N D ...]`.
use num_traits::ToPrimitive;
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let tol: f64 = args[0].parse().unwrap();
    let cells: usize = args[1].parse().unwrap();
    let nd: Vec<u32> = args[2..].iter().map(|a| a.parse().unwrap()).collect();
    for p in nd.chunks(2) {
        let (n, d) = (p[0], p[1]);
        let t = std::time::Instant::now();
        let b = arachne_analysis::bounds::nbp_bounds(n, d, tol, cells);
        let el = t.elapsed();
        let ex = if arachne_analysis::exact_within_limits(n, d) {
            arachne_analysis::product::expected_nbp(n, d)
                .to_f64()
                .unwrap_or(f64::NAN)
        } else {
            f64::NAN
        };
        println!(
            "N={n} D={d}: [{:.9}, {:.9}] rel width {:.2e}, {} cells, {:.2?}; exact {ex:.9}",
            b.lower,
            b.upper,
            b.rel_width(),
            b.intervals,
            el
        );
    }
}
