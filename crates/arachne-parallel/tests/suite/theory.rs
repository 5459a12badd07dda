//! Seed 000 §7 as tests: Corollary 1's exact bottom-position count, Theorem 2's recurrences and
//! Lemma 1's closed form reproduced by the simulator under the unit cost model, §7.1's
//! worst-first time, Theorem 3's limits, and Theorem 4's bound against Pbound's measured counts.
use arachne_games::{IidParams, IidTree, Order, OrderedParams, OrderedTree};
use arachne_parallel::palphabeta_par::{
    corollary1_leaves, lemma1_closed, minimal_tree_leaves, theorem2_recurrences, theorem2_time,
    theorem3_speedup, worst_first_time,
};
use arachne_parallel::pbound::{p_ij, r, theorem4_bound};
use arachne_parallel::{search, Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};

fn ordered(n: u32, depth: u32, order: Order) -> Option<OrderedTree> {
    OrderedTree::new(OrderedParams {
        n,
        d: depth,
        order,
        seed: 1,
    })
}

/// (d, f, q, s) cases whose trees fit in the ordered-tree generator and run quickly.
fn cases() -> Vec<(u64, u64, u32, u32)> {
    let mut v = Vec::new();
    for d in 2..=4u64 {
        for f in 1..=4u64 {
            for q in 1..=3u32 {
                for s in 1..=4u32 {
                    let n = (d * f) as f64;
                    if n.powi((q + s) as i32) <= 3e5 {
                        v.push((d, f, q, s));
                    }
                }
            }
        }
    }
    v
}

/// Palphabeta as §7 times it: its slaves the paper's, a node at a time (`worker=stepper`).
fn palphabeta(f: u64, q: u32) -> ParAlgo {
    format!("palphabeta-par:f={f},q={q},worker=stepper")
        .parse()
        .unwrap()
}

#[test]
fn corollary1_exact_bottom_positions_on_best_first_trees() {
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let mut checked = 0;
    for (d, f, q, s) in cases() {
        let root = ordered((d * f) as u32, q + s, Order::Best).unwrap();
        let out = search(&palphabeta(f, q), &root, q + s, None, &sim).unwrap();
        assert_eq!(
            out.stats.leaves as u128,
            corollary1_leaves(d, f, q, s),
            "d={d} f={f} q={q} s={s}"
        );
        // q = 0, f = 1 is Knuth–Moore's minimal tree, which serial alpha-beta examines.
        assert_eq!(
            out.serial_stats.unwrap().leaves as u128,
            minimal_tree_leaves(d * f, q + s)
        );
        checked += 1;
    }
    assert!(checked > 40);
}

#[test]
fn lemma1_closed_form_satisfies_the_recurrences() {
    for (a, b, c, d, rho) in [
        (7.0, 3.0, 5.0, 3.0, 2.0),
        (1.0, 1.0, 1.0, 2.0, 1.0),
        (11.0, 2.0, 9.0, 5.0, 0.5),
        (100.0, 17.0, 40.0, 4.0, 3.0),
    ] {
        let (mut an, mut bn, mut cn) = (a, b, c);
        for n in 0..=12u32 {
            let (ca, cb, cc) = lemma1_closed(n, a, b, c, d, rho);
            assert_eq!((ca, cb, cc), (an, bn, cn), "n={n}");
            (an, bn, cn) = (rho * d + an + (d - 1.0) * bn, rho + cn, d * (rho + bn));
        }
    }
}

#[test]
fn theorem2_simulated_time_equals_the_recurrences_exactly() {
    for rho in [1.0, 2.0, 5.0] {
        let sim = Backend::Sim(SimConfig::new(CostModel::unit(rho)));
        for (d, f, q, s) in cases() {
            let root = ordered((d * f) as u32, q + s, Order::Best).unwrap();
            let out = search(&palphabeta(f, q), &root, q + s, None, &sim).unwrap();
            let rec = theorem2_recurrences(d, f, q, s, rho)[q as usize].0;
            assert_eq!(out.time, rec, "d={d} f={f} q={q} s={s} rho={rho}");
            assert_eq!(out.time, theorem2_time(d, f, q, s, rho));
            // The serial time is the minimal tree; the speedup is Theorem 3's ratio.
            let sp = out.speedup.unwrap();
            assert!((sp - theorem3_speedup(d, f, q, s, rho)).abs() < 1e-12 * sp);
        }
    }
}

#[test]
fn worst_first_time_matches_section_7_1() {
    for rho in [1.0, 4.0] {
        let sim = Backend::Sim(SimConfig::new(CostModel::unit(rho)));
        for (d, f, q, s) in cases() {
            if ((d * f) as f64).powi((q + s) as i32) > 6e4 {
                continue;
            }
            let root = ordered((d * f) as u32, q + s, Order::Worst).unwrap();
            let out = search(&palphabeta(f, q), &root, q + s, None, &sim).unwrap();
            assert_eq!(
                out.stats.leaves,
                (d * f).pow(q + s),
                "no cutoffs on worst-first trees"
            );
            assert_eq!(
                out.time,
                worst_first_time(d, f, q, s, rho),
                "d={d} f={f} q={q} s={s}"
            );
        }
    }
}

#[test]
fn theorem3_speedups_approach_f_to_the_q_half_and_f_to_the_q() {
    // Even q: R/P → f^{q/2}, monotonically in s.
    for (d, f, q) in [(2u64, 2u64, 2u32), (3, 4, 2), (4, 2, 4), (2, 3, 4)] {
        let target = (f as f64).powf(q as f64 / 2.0);
        let mut prev_err = f64::INFINITY;
        for s in [4u32, 8, 16, 32, 48] {
            let err = (theorem3_speedup(d, f, q, s, 1.0) / target - 1.0).abs();
            assert!(err <= prev_err + 1e-12, "d={d} f={f} q={q} s={s}");
            prev_err = err;
        }
        assert!(prev_err < 1e-6, "d={d} f={f} q={q}: {prev_err}");
    }
    // Odd q (a finding, see palphabeta_par's docs): R/P has no limit; it alternates between
    // f^{(q−1)/2}·(1+df)/(1+d) for even s and f^{(q−1)/2}·2f/(1+f) for odd s.
    for (d, f, q) in [(2u64, 5u64, 1u32), (2, 3, 3), (3, 2, 1), (4, 3, 3)] {
        let (df, dd, ff) = ((d * f) as f64, d as f64, f as f64);
        let base = ff.powi((q as i32 - 1) / 2);
        let even = base * (1.0 + df) / (1.0 + dd);
        let odd = base * 2.0 * ff / (1.0 + ff);
        assert!((theorem3_speedup(d, f, q, 60, 1.0) / even - 1.0).abs() < 1e-6);
        assert!((theorem3_speedup(d, f, q, 61, 1.0) / odd - 1.0).abs() < 1e-6);
        assert!(odd < ff.powf(q as f64 / 2.0) && ff.powf(q as f64 / 2.0) < even);
    }
    // Worst first: serial (df)^{q+s} over §7.1's time tends to f^q.
    for (d, f, q) in [(2u64, 2u64, 2u32), (3, 4, 1), (2, 3, 3)] {
        let s = 40;
        let sp = ((d * f) as f64).powi((q + s) as i32) / worst_first_time(d, f, q, s, 1.0);
        assert!((sp / (f as f64).powi(q as i32) - 1.0).abs() < 1e-6);
    }
    // The simulator shows the approach on trees it can afford.
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let mut last = 0.0;
    for s in 1..=6 {
        let root = ordered(4, 2 + s, Order::Best).unwrap();
        let sp = search(&palphabeta(2, 2), &root, 2 + s, None, &sim)
            .unwrap()
            .speedup
            .unwrap();
        assert!(sp > last, "speedup grows with s");
        last = sp;
    }
    assert!(last > 1.5 && last < 2.0, "f^(q/2) = 2, got {last}");
}

#[test]
fn theorem4_bound_holds_for_pbound_on_random_trees() {
    // Lemma 3 / Knuth: p_1j = p_i1 = 1.
    assert_eq!(p_ij(3, 2, 1, 3), 1.0);
    assert_eq!(p_ij(3, 2, 2, 1), 1.0);
    // Lemma 2's binomial: i = 2, j = 2, d = 1 → 1/C(1 + 1, 1) = 1/2.
    assert!((p_ij(1, 1, 2, 2) - 0.5).abs() < 1e-15);
    // r grows with d and f stays within [1, d].
    for d in 2..6 {
        for f in 1..4 {
            let x = r(d, f);
            assert!(x > 1.0 && x <= d as f64, "r({d},{f}) = {x}");
        }
    }
    let sim = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    for (d, f, h) in [
        (2u64, 2u64, 2u32),
        (2, 2, 4),
        (3, 2, 3),
        (2, 3, 3),
        (4, 1, 4),
    ] {
        let algo: ParAlgo = format!("pbound:f={f},q={h}").parse().unwrap();
        let trials = 200;
        let mut total = 0u64;
        for seed in 0..trials {
            let root = IidTree::new(IidParams {
                n: (d * f) as u32,
                d: h,
                seed,
                range: None,
            });
            total += search(&algo, &root, h, None, &sim).unwrap().stats.leaves;
        }
        let mean = total as f64 / trials as f64;
        let bound = theorem4_bound(d, f, h);
        assert!(
            mean <= bound,
            "d={d} f={f} h={h}: mean {mean} > bound {bound}"
        );
        // And Pbound examines at least the serial bound's minimal tree.
        assert!(mean >= minimal_tree_leaves(d * f, h) as f64);
    }
}
