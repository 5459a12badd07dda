//! The cost models of `smp::work_span` used for seed 002 §6.2: static-ordering evaluations
//! and spawns charged to the task graph (exact on hand-checkable trees), and Jamboree executed
//! on P virtual processors with speculation (`simulate_jamboree`): the serial elision on one
//! processor, the exact value on any number.
use arachne_core::Limits;
use arachne_games::{Branching, EdgeValues, IncrementalParams, IncrementalTree};
use arachne_parallel::smp::work_span::{
    measure, simulate_jamboree, trace_counted, CostWeights, Sched, Split,
};
use arachne_search::{Algorithm, SearchOptions};
use proptest::prelude::*;

fn inc(b: u32, d: u32, seed: u64, branching: Branching) -> IncrementalTree {
    IncrementalTree::new(IncrementalParams {
        b,
        d,
        seed,
        branching,
        values: EdgeValues::Real,
    })
}

/// b = 3, depth 1, Jamboree at the root: the root orders its 3 children (3 evaluations), the
/// first is evaluated (1), then the 2 others are tested in parallel (1 each). Static ordering
/// is perfect one ply above the horizon (a bottom position's static value is its value), so no
/// test fails high: W = 6, T∞ = 3 + 1 + 1 = 5; with a spawn costing 1 before each son, W = 9
/// and T∞ = 3 + (1 + 1) + (1 + 1) = 7. Searched serially (serial depth 2), T∞ = W = 6.
#[test]
fn evaluations_on_a_hand_checked_tree() {
    for seed in 0..50 {
        let t = inc(3, 1, seed, Branching::Uniform);
        let one = |serial, w| measure(Split::Jamboree, &[t], 1, serial, true, w, &[]);
        let m = one(1, CostWeights::EVAL_CALLS);
        assert_eq!((m.work, m.span, m.order_evals), (6, 5, 3), "seed {seed}");
        let m = one(1, CostWeights::GENERATED);
        assert_eq!((m.work, m.span), (3, 3), "seed {seed}");
        let spawn = CostWeights {
            spawn: 1,
            ..CostWeights::EVAL_CALLS
        };
        let m = one(1, spawn);
        assert_eq!((m.work, m.span), (9, 7), "seed {seed}");
        let m = one(2, CostWeights::EVAL_CALLS);
        assert_eq!((m.work, m.span), (6, 6), "seed {seed}");
        // A chain (b = 1, depth 3): a single move is not ordered, so only the bottom
        // position is evaluated.
        let c = inc(1, 3, seed, Branching::Uniform);
        let m = measure(
            Split::Jamboree,
            &[c],
            3,
            1,
            true,
            CostWeights::EVAL_CALLS,
            &[],
        );
        assert_eq!((m.work, m.span), (1, 1));
    }
}

/// Without static ordering no evaluation orders children: the ordering weight adds nothing.
#[test]
fn no_ordering_no_order_cost() {
    let t = inc(4, 5, 3, Branching::Random);
    let (dag, _, stats, order) =
        trace_counted(Split::Jamboree, &t, 5, 2, false, CostWeights::EVAL_CALLS);
    assert_eq!(order, 0);
    assert_eq!(dag.work(), stats.leaves);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// On one processor the speculative simulation is the serial elision: its time and its
    /// busy time are the traced work W, nothing is wasted, and the value is alpha-beta's; on
    /// any number of processors the value is alpha-beta's, the time is at least the busy time
    /// over P, and at most the busy time.
    #[test]
    fn speculative_jamboree(
        seed in 0u64..1_000_000,
        b in 1u32..7,
        d in 1u32..7,
        serial_off in 0u32..7,
        random in any::<bool>(),
        p in 2u64..40,
        cost in 0usize..3,
    ) {
        let serial = 1 + serial_off.min(d);
        let br = if random { Branching::Random } else { Branching::Uniform };
        let t = inc(b, d, seed, br);
        let w = [CostWeights::EVAL_CALLS, CostWeights::NODES, CostWeights { spawn: 2, ..CostWeights::EVAL_CALLS }][cost];
        let want = Algorithm::AlphaBeta.search(&t, &Limits::depth(d), &SearchOptions::default()).value;
        let m = measure(Split::Jamboree, std::slice::from_ref(&t), d, serial, true, w, &[]);
        prop_assert_eq!(m.values[0], want);
        for sched in [Sched::Greedy, Sched::Stealing { steal: 3, seed }] {
            let one = simulate_jamboree(&t, d, serial, true, w, 1, sched);
            prop_assert_eq!(one.value, want);
            prop_assert_eq!(one.time, m.work, "{:?}", sched);
            prop_assert_eq!(one.busy, m.work);
            prop_assert_eq!((one.wasted, one.steals), (0, 0));
            let run = simulate_jamboree(&t, d, serial, true, w, p, sched);
            prop_assert_eq!(run.value, want, "{:?} P={}", sched, p);
            prop_assert!(run.time * p >= run.busy, "{:?} P={}", sched, p);
            prop_assert!(run.wasted <= run.busy);
            if sched == Sched::Greedy {
                prop_assert!(run.time <= run.busy);
            }
        }
    }
}
