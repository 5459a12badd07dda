use arachne_experiments::fuller_model::*;

/// Eqns 3.1–3.2 for ⟨4, 5⟩ by hand at the bottom three levels; every level runs from 0 to 1.
#[test]
fn level_distributions() {
    let x: f64 = 0.3;
    assert_eq!(level_cdf(5, x), x);
    let v4 = x.powi(4);
    assert!((level_cdf(4, x) - v4).abs() < 1e-15);
    let v3 = 1.0 - (1.0 - v4).powi(4);
    assert!((level_cdf(3, x) - v3).abs() < 1e-15);
    for k in 0..=5 {
        assert_eq!(level_cdf(k, 0.0), 0.0);
        assert_eq!(level_cdf(k, 1.0), 1.0);
    }
}

/// The distance is exact on a small sample: {0.1, 0.5, 0.9} against the uniform.
#[test]
fn ks_distance_small() {
    let mut xs = [0.9, 0.1, 0.5];
    let d = ks_distance(&mut xs, |x| x);
    assert!((d - (0.9 - 2.0 / 3.0)).abs() < 1e-12, "{d}");
}
