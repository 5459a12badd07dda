//! The exact methods against each other, against brute force and against Monte Carlo.
use arachne_analysis::{
    brute, decimal, exact_nbp, monte_carlo, ordering, paper, product, to_f64, AnalysisError,
    BigRational, TreeModel,
};
use num_bigint::BigInt;

fn int(n: u64) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

/// Every (N, D) with N^D ≤ 9 (N = 1 for several depths).
fn tiny() -> Vec<(u32, u32)> {
    let mut v = vec![];
    for n in 1..=9u32 {
        for d in 1..=13u32 {
            if (n as u64).pow(d) <= 9 {
                v.push((n, d));
            }
        }
    }
    v
}

#[test]
fn exact_equals_brute_force_for_every_tiny_tree() {
    for (n, d) in tiny() {
        let (nbp, nmg) = brute::averages(n, d).unwrap();
        assert_eq!(product::expected_nbp(n, d), nbp, "product N={n} D={d}");
        assert_eq!(paper::expected_nbp(n, d), nbp, "paper N={n} D={d}");
        assert_eq!(
            product::expected_move_generations(n, d),
            nmg,
            "move generations N={n} D={d}"
        );
    }
    // Known by hand: N=2, D=2 examines 3 + Pr{v(2,1) > min(v(1,1), v(1,2))} = 3 + 2/3.
    assert_eq!(
        brute::expected_nbp(2, 2).unwrap(),
        BigRational::new(11.into(), 3.into())
    );
    assert!(brute::averages(2, 4).is_none());
}

#[test]
fn paper_method_equals_product_method() {
    for (n, d) in [
        (2, 4),
        (2, 5),
        (2, 6),
        (3, 3),
        (3, 4),
        (4, 3),
        (5, 3),
        (5, 2),
        (7, 2),
        (4, 4),
    ] {
        assert_eq!(
            paper::expected_nbp(n, d),
            product::expected_nbp(n, d),
            "N={n} D={d}"
        );
    }
}

#[test]
fn boundary_cases() {
    for n in 1..=40 {
        assert_eq!(
            exact_nbp(n, 1, false).unwrap(),
            int(n as u64),
            "E[NBP_(N,1)] = N"
        );
    }
    for d in 1..=30 {
        assert_eq!(exact_nbp(1, d, false).unwrap(), int(1), "E[NBP_(1,D)] = 1");
    }
}

#[test]
fn exact_targets_of_the_issue() {
    // Every (N, D) with N^D ≤ 10 000, at the largest N for each depth: between perfect
    // ordering and minimax.
    for (n, d) in [
        (10000, 1),
        (100, 2),
        (21, 3),
        (10, 4),
        (6, 5),
        (4, 6),
        (3, 7),
        (3, 8),
        (2, 13),
    ] {
        let e = exact_nbp(n, d, false).unwrap();
        let lo = int(ordering::nbp_perfect(n, d).unwrap());
        let hi = int((n as u64).pow(d));
        assert!(lo <= e && e <= hi, "N={n} D={d}: {}", decimal(&e, 3));
    }
}

#[test]
fn bad_parameters_are_errors() {
    assert_eq!(
        exact_nbp(0, 3, false),
        Err(AnalysisError::Zero("the branching factor N"))
    );
    assert_eq!(
        exact_nbp(3, 0, false),
        Err(AnalysisError::Zero("the depth D"))
    );
    assert!(matches!(
        exact_nbp(10, 6, false),
        Err(AnalysisError::TooLarge(_))
    ));
    assert!(matches!(
        exact_nbp(2, 65, true),
        Err(AnalysisError::TooLarge(_))
    ));
    let iid = TreeModel::Iid { range: None };
    assert!(matches!(
        monte_carlo(36, 2, iid, 10, 1, false, false),
        Err(AnalysisError::TooLarge(_))
    ));
    assert!(matches!(
        monte_carlo(30, 8, iid, 1000, 1, false, false),
        Err(AnalysisError::TooLarge(_))
    ));
    assert!(matches!(
        monte_carlo(3, 3, iid, 0, 1, false, false),
        Err(AnalysisError::Zero(_))
    ));
    assert!(matches!(
        monte_carlo(3, 3, TreeModel::Iid { range: Some(0) }, 5, 1, false, false),
        Err(AnalysisError::Zero(_))
    ));
}

#[test]
fn exact_lies_in_the_monte_carlo_confidence_interval() {
    // Seeded, so deterministic; N^D from 64 to 10 000.
    for (i, (n, d)) in [
        (8, 2),
        (4, 3),
        (10, 4),
        (4, 6),
        (3, 8),
        (2, 13),
        (100, 2),
        (21, 3),
    ]
    .into_iter()
    .enumerate()
    {
        let e = to_f64(&exact_nbp(n, d, false).unwrap());
        let mc = monte_carlo(
            n,
            d,
            TreeModel::Iid { range: None },
            1000,
            1000 + i as u64,
            false,
            true,
        )
        .unwrap();
        let s = mc.nbp;
        assert!(
            (s.mean - e).abs() <= s.ci95,
            "N={n} D={d}: exact {e}, Monte Carlo {} ± {}",
            s.mean,
            s.ci95
        );
        let g = to_f64(&product::expected_move_generations(n, d));
        assert!(
            (mc.nmg.mean - g).abs() <= 4.0 * mc.nmg.sd / (mc.nmg.trials as f64).sqrt(),
            "move generations N={n} D={d}: exact {g}, Monte Carlo {}",
            mc.nmg.mean
        );
    }
}

#[test]
fn perfect_ordering_closed_form_equals_best_first_count() {
    for n in 1..=8u32 {
        for d in 1..=8u32 {
            if (n as u64).pow(d) > 2_000_000 {
                continue;
            }
            assert_eq!(
                ordering::nbp_best_first(n, d),
                ordering::nbp_perfect(n, d),
                "N={n} D={d}"
            );
        }
    }
    assert_eq!(ordering::nbp_perfect(35, 4), Some(2449)); // the paper's example
}

#[test]
fn monte_carlo_is_reproducible() {
    let iid = TreeModel::Iid { range: Some(3) };
    let a = monte_carlo(5, 3, iid, 50, 7, false, false).unwrap();
    let b = monte_carlo(5, 3, iid, 50, 7, false, false).unwrap();
    assert_eq!(a, b);
    let c = monte_carlo(5, 3, TreeModel::Incremental, 50, 7, false, false).unwrap();
    assert!(c.nbp.mean >= ordering::nbp_perfect(5, 3).unwrap() as f64);
}

#[test]
fn guaranteed_bounds_contain_the_exact_value() {
    use arachne_analysis::bounds::nbp_bounds;
    for (n, d) in [
        (2, 2),
        (3, 3),
        (10, 4),
        (4, 6),
        (3, 8),
        (2, 13),
        (35, 3),
        (7, 2),
    ] {
        let e = exact_nbp(n, d, false).unwrap();
        let b = nbp_bounds(n, d, 1e-4, 40_000);
        // Compare exactly: lower and upper are f64, converted without rounding.
        let lo = BigRational::from_float(b.lower).unwrap();
        let hi = BigRational::from_float(b.upper).unwrap();
        assert!(
            lo <= e && e <= hi,
            "N={n} D={d}: [{}, {}] vs {}",
            b.lower,
            b.upper,
            to_f64(&e)
        );
        assert!(b.rel_width() < 2e-3, "N={n} D={d}: width {}", b.rel_width());
    }
}
