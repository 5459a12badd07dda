//! Seed 000's exact results that `fishburn` checks besides its tables:
//!
//! * **§7.1 Theorem 1**: on a lookahead tree whose successors are in best-first order,
//!   Palphabeta examines exactly the `(q, f)`-critical positions: the sequences `a_1 … a_n`
//!   whose odd-indexed (or whose even-indexed) entries are all `(q, f)`-restricted (`a_i ≤ f`
//!   for `i ≤ q`, `a_i = 1` below). At depth `n` there are
//!   `∏_{i even} r_i ∏_{i odd} df + ∏_{i odd} r_i ∏_{i even} df − ∏ r_i` of them (`r_i = f`
//!   for `i ≤ q`, else 1). Checked as the number of positions Palphabeta (the message-passing
//!   form on the simulator, `palphabeta-par:f,q`) examines in all against the sum of those
//!   counts over the levels.
//! * **§7.1 Corollary 1**: on such a tree of degree `df` and depth `q + s`, Palphabeta examines
//!   exactly `f^⌊q/2⌋ (df)^⌈(q+s)/2⌉ + f^⌈q/2⌉ (df)^⌊(q+s)/2⌋ − f^q` terminal positions:
//!   checked against the bottom positions counted.
//! * **§8.1 Theorem 1** (falphabeta): for `α < β`, `falphabeta ≤ α ⇒ negamax ≤ falphabeta`,
//!   `falphabeta ≥ β ⇒ negamax ≥ falphabeta`, else `negamax = falphabeta`; and falphabeta
//!   never examines more positions than alphabeta with the same window (§8.1's "completely
//!   riskless"). Checked on random `iid` trees with windows around and away from the value.
use crate::paper::search;
use crate::report::{Report, Row, Sample};
use crate::ExpError;
use arachne_core::{Limits, Score};
use arachne_games::{IidParams, IidTree, Order, OrderedParams, OrderedTree};
use arachne_parallel::{Backend, ParAlgo};
use arachne_runtime::{CostModel, SimConfig};
use arachne_search::context::Ctx;
use arachne_search::SearchOptions;

/// `(q, f)`-critical positions at depth `n` of a tree of degree `df` (module docs).
pub fn critical_at(d: u64, f: u64, q: u32, n: u32) -> u64 {
    let r = |i: u32| if i <= q { f } else { 1 };
    let (mut even, mut odd, mut both) = (1u64, 1u64, 1u64);
    for i in 1..=n {
        let (e, o) = if i % 2 == 0 {
            (r(i), d * f)
        } else {
            (d * f, r(i))
        };
        even *= e;
        odd *= o;
        both *= r(i);
    }
    even + odd - both
}

/// Corollary 1's count of terminal positions.
pub fn corollary1(d: u64, f: u64, q: u32, s: u32) -> u64 {
    let df = d * f;
    f.pow(q / 2) * df.pow((q + s).div_ceil(2)) + f.pow(q.div_ceil(2)) * df.pow((q + s) / 2)
        - f.pow(q)
}

/// Adds the rows of §7.1 Theorem 1 and Corollary 1 (`quick`: fewer cases).
pub fn palphabeta_rows(rep: &mut Report, quick: bool) -> Result<(), ExpError> {
    let unit = Backend::Sim(SimConfig::new(CostModel::unit(1.0)));
    let all: &[(u64, u64, u32, u32)] = &[(2, 2, 2, 2), (3, 2, 2, 3), (2, 3, 3, 2), (2, 2, 4, 3)];
    let cases = if quick { &all[..2] } else { all };
    rep.sample(Sample::new(
        1,
        None,
        "best-first ordered tree per case (exact)",
    ));
    for &(d, f, q, s) in cases {
        let algo: ParAlgo = format!("palphabeta-par:f={f},q={q}")
            .parse()
            .map_err(ExpError::failed)?;
        let root = OrderedTree::new(OrderedParams {
            n: (d * f) as u32,
            d: q + s,
            order: Order::Best,
            seed: 1,
        })
        .ok_or_else(|| ExpError::failed("ordered tree too large"))?;
        let o = search(&algo, &root, q + s, None, &unit).map_err(ExpError::failed)?;
        let critical: u64 = (0..=q + s).map(|n| critical_at(d, f, q, n)).sum();
        let what = format!("d={d} f={f} q={q} s={s}");
        rep.row(Row::exact(
            "§7.1 Theorem 1",
            format!("positions Palphabeta examines = the (q, f)-critical positions, {what}"),
            (critical as f64, critical.to_string()),
            (o.stats.nodes() as f64, o.stats.nodes().to_string()),
        ));
        let c1 = corollary1(d, f, q, s);
        rep.row(Row::exact(
            "§7.1 Corollary 1",
            format!("terminal positions Palphabeta examines, {what}"),
            (c1 as f64, c1.to_string()),
            (o.stats.leaves as f64, o.stats.leaves.to_string()),
        ));
    }
    // The full form's larger cases, as rows of the quick form too.
    for &(d, f, q, s) in &all[cases.len()..] {
        let critical: u64 = (0..=q + s).map(|n| critical_at(d, f, q, n)).sum();
        let what = format!("d={d} f={f} q={q} s={s}");
        rep.not_computed(
            "§7.1 Theorem 1",
            format!("positions Palphabeta examines = the (q, f)-critical positions, {what}"),
            critical.to_string(),
        );
        rep.not_computed(
            "§7.1 Corollary 1",
            format!("terminal positions Palphabeta examines, {what}"),
            corollary1(d, f, q, s).to_string(),
        );
    }
    Ok(())
}

/// Adds the rows of §8.1 Theorem 1 (`quick`: fewer trees).
pub fn falphabeta_rows(rep: &mut Report, quick: bool, seed: u64) {
    let trees: u64 = if quick { 20 } else { 200 };
    let opts = SearchOptions::default();
    let (mut calls, mut holds, mut never_more) = (0u64, 0u64, 0u64);
    let (mut leaves_f, mut leaves_a) = (0u64, 0u64);
    for k in 0..trees {
        let (n, d) = (2 + (k % 4) as u32, 3 + (k % 3) as u32);
        let t = IidTree::new(IidParams {
            n,
            d,
            seed: seed.wrapping_mul(1_000_003).wrapping_add(k),
            range: Some(20),
        });
        let limits = Limits::depth(d);
        let mut nm: Ctx<IidTree> = Ctx::new(&opts, &limits, None);
        let Ok(v) = arachne_search::negamax::negamax(&mut nm, &t, d, 0) else {
            continue;
        };
        // Windows below, around, above and at the value, narrow and wide.
        for (da, w) in [
            (-5, 2),
            (-3, 6),
            (-1, 2),
            (0, 1),
            (1, 3),
            (4, 10),
            (-12, 30),
        ] {
            let (alpha, beta) = (Score(v.0 + da), Score(v.0 + da + w));
            let mut cf: Ctx<IidTree> = Ctx::new(&opts, &limits, None);
            let mut ca: Ctx<IidTree> = Ctx::new(&opts, &limits, None);
            let (Ok(fv), Ok(_)) = (
                arachne_search::falphabeta::falphabeta(&mut cf, &t, d, 0, alpha, beta),
                arachne_search::alphabeta::alphabeta(&mut ca, &t, d, 0, alpha, beta),
            ) else {
                continue;
            };
            calls += 1;
            let ok = if fv <= alpha {
                v <= fv
            } else if fv >= beta {
                v >= fv
            } else {
                v == fv
            };
            holds += u64::from(ok);
            never_more += u64::from(cf.stats.nodes() <= ca.stats.nodes());
            leaves_f += cf.stats.leaves;
            leaves_a += ca.stats.leaves;
        }
    }
    rep.sample(Sample::new(trees, None, "iid trees, 7 windows each"));
    rep.row(
        Row::claim(
            "§8.1 Theorem 1 (falphabeta)",
            format!("falphabeta's value bounds negamax as the theorem states ({holds} of {calls} calls)"),
            holds == calls && calls > 0,
        )
        .texts("every call", format!("{holds} of {calls}")),
    );
    rep.row(
        Row::claim(
            "§8.1 Theorem 1 (falphabeta)",
            format!("falphabeta never examines more positions than alphabeta with the same window ({never_more} of {calls} calls; bottom positions {leaves_f} against {leaves_a})"),
            never_more == calls && calls > 0,
        )
        .texts("never more", format!("{never_more} of {calls}")),
    );
}
