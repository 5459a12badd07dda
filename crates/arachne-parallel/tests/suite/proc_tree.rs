//! The processor tree chosen when only `--procs P` is given: the rule in the
//! crate docs, checked against a brute-force reading of it.
use arachne_parallel::ParAlgo;
use arachne_parallel::ProcTree;

#[test]
fn auto_tree_follows_the_documented_rule() {
    for p in 2..=300u32 {
        for b in [1usize, 2, 3, 5, 10, 35] {
            for depth in [1u32, 2, 3, 6, 10] {
                let t = ParAlgo::auto_tree(p, b, depth);
                let c = t.count().unwrap();
                assert!(c <= p as u64, "{p} {b} {depth}: {t:?}");
                assert!(t.f as usize <= b.max(1) && t.q <= depth.saturating_sub(1).max(1));
                // Brute force: the most processors any admissible tree uses.
                let mut most = 0;
                for f in 1..=p {
                    for q in 1..=depth.saturating_sub(1).max(1) {
                        let u = ProcTree { f, q };
                        if f as usize <= b.max(1) && f < p && (f > 1 || q == 1) {
                            if let Some(n) = u.count().filter(|&n| n <= p as u64) {
                                most = most.max(n);
                            }
                        }
                    }
                }
                assert!(
                    c * 10 >= most * 9,
                    "{p} {b} {depth}: {t:?} uses {c} of {most}"
                );
            }
        }
    }
    // The cases: P = 64 on a b = 10 tree of depth 8 uses 57 processors, not 11.
    let t = ParAlgo::auto_tree(64, 10, 8);
    assert_eq!((t.f, t.q, t.count()), (7, 2, Some(57)));
    // P = 1024: no complete tree with f ≤ 10 has more than 820 processors (f = 9, q = 3).
    let t = ParAlgo::auto_tree(1024, 10, 8);
    assert_eq!((t.f, t.q, t.count()), (9, 3, Some(820)));
}
