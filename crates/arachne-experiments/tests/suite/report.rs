//! Tests of the report: verdicts, tolerances, rendering.
use arachne_experiments::report::*;

#[test]
fn verdicts() {
    let r = Row::compare("Table 1", "x", 2.0, 2.05, 0.05);
    assert_eq!(r.verdict, Verdict::Reproduced);
    let r = Row::compare("Table 1", "x", 2.0, 2.5, 0.05);
    assert_eq!(
        r.verdict.to_string(),
        "differs by +25 % (cause not established)"
    );
    assert_eq!(r.tolerance.to_string(), "±5 %");
    let r = Row::compare("Table 1", "x", 2.0, 1.9, 0.01).because("the trees are smaller");
    assert_eq!(
        r.verdict.to_string(),
        "differs by -5.0 % because the trees are smaller"
    );
    // A reason given to a reproduced row is dropped: it is there for the runs that differ.
    let r = Row::compare("Table 1", "x", 2.0, 2.0, 0.01).because("never shown");
    assert_eq!(r.verdict, Verdict::Reproduced);
    // Percentage points: 20 % against 38 % is 18 points, beyond ±15; 30 % is within.
    let r = Row::compare_points("Table 1", "wins", 38.0, 20.0, 15.0);
    assert_eq!(
        r.verdict.to_string(),
        "differs by -18.0 points (cause not established)"
    );
    assert_eq!(r.diff_text(), "-18.0 points");
    assert_eq!(r.tolerance.to_string(), "±15 points");
    let r = Row::compare_points("Table 1", "wins", 38.0, 30.0, 15.0);
    assert_eq!(r.verdict, Verdict::Reproduced);
    assert_eq!(r.diff_text(), "-8.0 points");
    // Bounds.
    let r = Row::bound("Theorem 5", "growth", 3.0, 2.5, true);
    assert_eq!(r.verdict, Verdict::BoundHolds);
    assert_eq!(r.paper_text, "≤ 3");
    let r = Row::bound("Theorem 5", "growth", 3.0, 3.6, true).because("h is small");
    assert_eq!(
        r.verdict.to_string(),
        "bound violated by +20 % because h is small"
    );
    let r = Row::bound("T", "lower", 3.0, 3.3, false);
    assert_eq!(r.verdict, Verdict::BoundHolds);
    // Outside anchors and samples.
    let r = Row::compare("anchor", "x", 11.1, 9.0, 0.1).outside_anchor("DTS");
    assert_eq!(r.paper_cell(), "11.10 (outside anchor: DTS)");
    let s = Sample::new(40, Some(10_000), "trees");
    assert_eq!(s.text(false), "40 trees (paper 10 000)");
    assert_eq!(s.text(true), "quick: 40 of 10 000 trees");
    assert_eq!(Sample::new(1000, None, "games").text(false), "1000 games");
    let r = Row::exact("T", "q", (3.5, "7/2".into()), (3.5, "7/2".into()));
    assert_eq!(r.verdict, Verdict::Reproduced);
    let r = Row::exact("T", "q", (3.5, "7/2".into()), (3.0, "3".into()));
    assert_eq!(r.verdict.kind(), "differs");
    let r = Row::not_reproducible("Fig 2", "q", "1.3", "–", "no data");
    assert_eq!(r.verdict.to_string(), "not reproducible: no data");
}

#[test]
fn summaries() {
    let mut rep = Report::new("t", "T", "P", false);
    rep.sample(Sample::new(40, Some(10_000), "trees"));
    rep.row(Row::compare("A", "a1", 1.0, 1.0, 0.0));
    rep.row(Row::compare("A", "a2", 1.0, 1.2, 0.01).because("the trees are few"));
    rep.row(Row::compare("B", "b1", 1.0, 1.0, 0.0));
    rep.row(Row::not_reproducible("C", "c", "x", "–", "why"));
    // Two illegible cells beside reproduced rows: not a failure.
    rep.row(Row::compare("D", "d1", 1.0, 1.0, 0.0));
    rep.row(Row::not_reproducible(
        "D",
        "d2",
        "illegible",
        "1",
        "illegible in the seed",
    ));
    rep.row(Row::bound("E", "e", 2.0, 1.0, true));
    let s = rep.summary();
    assert_eq!(s.len(), 5);
    assert_eq!(
        s[0].verdict,
        "1 of 2 rows reproduced; 1 row differs, by up to 20 % because the trees are few"
    );
    assert_eq!(s[0].kind, "differs");
    assert_eq!(s[1].verdict, "reproduced (1 row)");
    assert_eq!(s[2].verdict, "not reproducible: why");
    assert_eq!(s[2].kind, "not-reproducible");
    assert_eq!(s[3].verdict, "1 of 2 rows reproduced; 1 not reproducible");
    assert_eq!(s[3].kind, "reproduced");
    assert_eq!(s[4].verdict, "bound holds (1 row)");
    let md = rep.markdown("");
    assert!(
        md.contains("| A | a2 | 1 | 1.200 | +20 % | ±1 % | 40 trees (paper 10 000) | differs by +20 % because the trees are few |"),
        "{md}"
    );
    assert!(
        md.contains("| C | c | x | – | – | – | – | not reproducible: why |"),
        "{md}"
    );
    assert_eq!(rep.rows_csv().lines().count(), 8);
    // The same report in a quick run: every verdict is marked.
    rep.quick = true;
    let s = rep.summary();
    assert!(s.iter().all(|x| x.verdict.starts_with("quick")), "{s:?}");
    assert_eq!(
        s[1].verdict,
        "quick: 40 of 10 000 trees: reproduced (1 row)"
    );
}

#[test]
fn markdown_subset() {
    let h = markdown_to_html(
        "# T\n\ntext `a<b` **x**\nmore\n\n| a | b |\n|---|---|\n| 1 | 2 \\| 3 |\n\n- i\n- j\n",
    );
    assert_eq!(
        h,
        "<h1>T</h1>\n<p>text <code>a&lt;b</code> <strong>x</strong> more</p>\n<table>\n<tr><th>a</th><th>b</th></tr>\n<tr><td>1</td><td>2 | 3</td></tr>\n</table>\n<ul>\n<li>i</li>\n<li>j</li>\n</ul>\n"
    );
}

/// `(lo, hi)` equal to `want` within `eps` at both ends.
fn close(got: (f64, f64), want: (f64, f64), eps: f64) -> bool {
    (got.0 - want.0).abs() < eps && (got.1 - want.1).abs() < eps
}

#[test]
fn wilson_by_hand() {
    // 40 of 100, z = 1.96: z²/n = 0.038415, centre (0.4 + 0.019207)/1.038415 = 0.403700,
    // half 1.96·√(0.0024 + 0.000096)/1.038415 = 0.094298: [0.3094, 0.4980].
    let iv = interval::wilson(40.0, 100);
    assert!(close(iv, (0.30940, 0.49800), 5e-5), "{iv:?}");
    // 7 of 10: centre (0.7 + 0.192073)/1.384146 = 0.644491, half 0.247715.
    assert!(close(interval::wilson(7.0, 10), (0.39678, 0.89221), 5e-5));
    // Nothing and everything stay within [0, 1].
    assert_eq!(interval::wilson(0.0, 5).0, 0.0);
    assert_eq!(interval::wilson(5.0, 5).1, 1.0);
}

#[test]
fn t_interval_by_hand() {
    // 1..5: mean 3, s = √2.5 = 1.58114, t(0.975, 4) = 2.776: 3 ± 2.776·1.58114/√5 = 3 ± 1.96293.
    let iv = interval::t_interval(&[1.0, 2.0, 3.0, 4.0, 5.0]);
    assert!(close(iv, (1.03707, 4.96293), 5e-5), "{iv:?}");
    assert_eq!(interval::t_quantile(1), 12.706);
    assert_eq!(interval::t_quantile(35), 2.042);
    assert_eq!(interval::t_quantile(5000), interval::Z95);
    assert!(interval::t_quantile(0).is_infinite());
    // One observation has no spread to speak of: the interval is the whole line.
    assert_eq!(
        interval::t_interval(&[2.0]),
        (f64::NEG_INFINITY, f64::INFINITY)
    );
}

#[test]
fn bootstrap_ratio_of_means() {
    // Two pairs (1, 2) and (3, 2): the ratio of means is 4/4 = 1; a resample is both of the
    // first (1/2), both of the second (3/2) or one of each (1), a quarter, a quarter and a
    // half of the time. 50 of 2000 resamples on each side lie beyond the interval, and each
    // extreme is drawn about 500 times: the interval is [0.5, 1.5].
    let pairs = [(1.0, 2.0), (3.0, 2.0)];
    assert_eq!(interval::bootstrap_ratio(&pairs, 7), (0.5, 1.5));
    // Ten pairs (0, 1) and (1, 1), five of each: a resample's ratio is k/10, k binomial (10,
    // 1/2). P(k ≤ 1) = 11/1024 = 1.1 % and P(k ≤ 2) = 56/1024 = 5.5 %: the 2.5th percentile
    // is 0.2 (the 50th of 2000 ratios, where about 21 have k ≤ 1 and 109 have k ≤ 2), the
    // 97.5th 0.8 by symmetry. The extremes 0 and 1 lie outside.
    let coins: Vec<(f64, f64)> = (0..10).map(|i| ((i % 2) as f64, 1.0)).collect();
    assert_eq!(interval::bootstrap_ratio(&coins, 11), (0.2, 0.8));
    // One pair has no spread to resample.
    let one = interval::bootstrap_ratio(&[(1.0, 2.0)], 7);
    assert_eq!(one, (f64::NEG_INFINITY, f64::INFINITY));
    // Node counts in a fixed proportion: every resample has the same ratio.
    let fixed = [(3.0, 4.0), (6.0, 8.0), (30.0, 40.0)];
    let (lo, hi) = interval::bootstrap_ratio(&fixed, 1);
    assert!(close((lo, hi), (0.75, 0.75), 1e-12), "{lo} {hi}");
    // Seeded: the same data and seed give the same interval, which holds the point estimate.
    let xs: Vec<(f64, f64)> = (1..=20)
        .map(|i| (i as f64 * 1.1 + (i % 3) as f64, i as f64))
        .collect();
    let a = interval::bootstrap_ratio(&xs, 3);
    assert_eq!(a, interval::bootstrap_ratio(&xs, 3));
    let r: f64 = xs.iter().map(|p| p.0).sum::<f64>() / xs.iter().map(|p| p.1).sum::<f64>();
    assert!(a.0 < r && r < a.1, "{a:?} {r}");
}

/// A winning percentage of `wins` of `n` trees against the paper's `paper` % at ±15 points.
fn win_row(paper: f64, wins: f64, n: u64) -> Row {
    let iv = Interval::new(Method::Wilson, interval::wilson(wins, n), n, "trees").scaled(100.0);
    Row::compare_points("T", "wins", paper, 100.0 * wins / n as f64, 15.0).sampled(iv)
}

#[test]
fn proportion_at_the_intervals_edge() {
    // 40 of 100: [30.94 %, 49.80 %], half-width 9.43 points, within ±15.
    for paper in [49.7, 31.0] {
        assert_eq!(
            win_row(paper, 40.0, 100).verdict,
            Verdict::Consistent { overlap: false },
            "{paper}"
        );
    }
    let r = win_row(49.9, 40.0, 100);
    assert_eq!(r.verdict.kind(), "differs-significantly");
    assert_eq!(
        r.verdict.to_string(),
        "differs significantly by -9.9 points: our 95 % interval [30.94 %, 49.80 %] excludes the paper's value (cause not established)"
    );
    // Within the fixed ±15 points, so "reproduced" before rows were judged by their sample.
    assert_eq!(
        Row::compare_points("T", "wins", 49.9, 40.0, 15.0).verdict,
        Verdict::Reproduced
    );
    assert_eq!(
        win_row(30.8, 40.0, 100).verdict.kind(),
        "differs-significantly"
    );
    assert_eq!(r.ours_cell(), "40 % (95 % CI [30.94 %, 49.80 %] (Wilson))");
    let r = r.because("chance");
    assert!(r.verdict.to_string().ends_with("because chance"));
}

#[test]
fn sample_too_small_to_decide() {
    // 7 of 10: [39.68 %, 89.22 %] holds 60 % but its half-width, 24.77 points, exceeds 15:
    // n = 10·(24.77/15)² = 27.27, so 28 trees would decide.
    let r = win_row(60.0, 7.0, 10);
    assert_eq!(
        r.verdict,
        Verdict::Undecided {
            n: 10,
            needed: 28,
            unit: "trees".into(),
            half_width: "±24.77 points".into(),
            paper_wide: None,
        }
    );
    assert_eq!(
        r.verdict.to_string(),
        "undecided at n = 10 trees: our 95 % interval (±24.77 points) is wider than the tolerance; n ≈ 28 would decide"
    );
    // The same rate over 28 trees: the half-width is about the tolerance (16.1 points: the
    // 1/√n scaling is an approximation for Wilson's interval at small n).
    let (lo, hi) = interval::wilson(19.6, 28);
    assert!((50.0 * (hi - lo) - 15.0).abs() < 1.5, "{lo} {hi}");
    // A relative tolerance: a mean of 3 ± 1.96 against 2.5 at ±10 % (0.25) needs
    // ⌈5·(1.96293/0.25)²⌉ = 309 positions.
    let iv = Interval::new(
        Method::T,
        interval::t_interval(&[1.0, 2.0, 3.0, 4.0, 5.0]),
        5,
        "positions",
    );
    let r = Row::compare("T", "mean", 2.5, 3.0, 0.10).sampled(iv);
    assert!(
        matches!(r.verdict, Verdict::Undecided { needed: 309, .. }),
        "{:?}",
        r.verdict
    );
    // One observation: the interval is the whole line, and no n can be named.
    let iv = Interval::new(Method::T, interval::t_interval(&[3.0]), 1, "positions");
    let r = Row::compare("T", "mean", 2.5, 3.0, 0.10).sampled(iv);
    assert!(
        r.verdict
            .to_string()
            .ends_with("wider than the tolerance; more observations would decide"),
        "{}",
        r.verdict
    );
    // Its infinite ends are written as JSON's null and read back.
    let json = serde_json::to_string(&r).unwrap();
    let back: Row = serde_json::from_str(&json).unwrap();
    assert_eq!(back.interval, r.interval);
}

#[test]
fn paper_interval_overlap() {
    // Ours 3 ± 1.96 (t); the paper's mean 6.0 with its own interval [5.5, 6.5]: apart.
    let iv = Interval::new(Method::T, (1.03707, 4.96293), 5, "positions");
    let r = Row::compare("T", "mean", 6.0, 3.0, 1.0).sampled(iv.clone().paper((5.5, 6.5)));
    assert_eq!(r.verdict.kind(), "differs-significantly");
    assert!(
        r.verdict.to_string().contains("do not overlap"),
        "{}",
        r.verdict
    );
    assert_eq!(r.paper_cell(), "6 (95 % CI [5.500, 6.500])");
    // The paper's interval [4.5, 7.5] meets ours although its value lies beyond.
    let r = Row::compare("T", "mean", 6.0, 3.0, 1.0).sampled(iv.paper((4.5, 7.5)));
    assert_eq!(r.verdict, Verdict::Consistent { overlap: true });
}

#[test]
fn the_papers_own_sample_widens_its_value_to_an_interval() {
    // Ours: 1..5 over 5 trees, mean 3, half-width 1.96293 (t, 4 df), so s = √2.5. The paper's
    // 5.5 over its own 5 trees: 5.5 ± 1.96293, which meets ours; as a value it lies beyond.
    let iv = Interval::new(
        Method::T,
        interval::t_interval(&[1.0, 2.0, 3.0, 4.0, 5.0]),
        5,
        "trees",
    );
    let as_value = Row::compare("T", "mean", 5.5, 3.0, 1.0).sampled(iv.clone());
    assert_eq!(as_value.verdict.kind(), "differs-significantly");
    let r = Row::compare("T", "mean", 5.5, 3.0, 1.0).sampled(iv.clone().paper_sample(5));
    assert_eq!(
        r.verdict,
        Verdict::Consistent { overlap: true },
        "{}",
        r.verdict
    );
    let p = r.interval.as_ref().unwrap().paper.unwrap();
    assert!(close(p, (3.53707, 7.46293), 5e-5), "{p:?}");
    assert_eq!(
        r.paper_cell(),
        "5.500 (95 % CI [3.537, 7.463], from its n = 5 trees and our spread)"
    );
    // A paper's 6.0 over 20 trees of its own, s/√20 with t(19) = 2.093: 6.0 ± 0.7400, apart
    // from ours.
    let r = Row::compare("T", "mean", 6.0, 3.0, 1.0).sampled(iv.clone().paper_sample(20));
    assert_eq!(r.verdict.kind(), "differs-significantly");
    let p = r.interval.as_ref().unwrap().paper.unwrap();
    assert!(close(p, (5.26001, 6.73999), 5e-5), "{p:?}");
    // A ratio's bootstrap interval [0.9, 1.2] around 1.0, over 40 games; the paper's 1.5 over
    // 10: our distances to the ends doubled (√(40/10)) around it, [1.3, 1.9].
    let b = Interval::new(Method::Bootstrap, (0.9, 1.2), 40, "games").paper_sample(10);
    let r = Row::compare("B", "ratio", 1.5, 1.0, 0.1).sampled(b);
    let p = r.interval.as_ref().unwrap().paper.unwrap();
    assert!(close(p, (1.3, 1.9), 1e-9), "{p:?}");
    assert_eq!(r.verdict.kind(), "differs-significantly");
    // Both intervals wider than the band (±10 % of 5.5): no sample of ours decides.
    let r = Row::compare("T", "mean", 5.5, 3.0, 0.10).sampled(iv.clone().paper_sample(5));
    assert_eq!(
        r.verdict.to_string(),
        "undecided at n = 5 trees: our 95 % interval (±1.963) and the paper's (±1.963) are wider than the tolerance; the paper's own sample is too small to decide, whatever ours"
    );
    assert!(matches!(r.verdict, Verdict::Undecided { needed: 0, .. }));
    // The paper's own interval, when known, is kept.
    let r = Row::compare("T", "mean", 5.5, 3.0, 1.0).sampled(iv.paper((5.4, 5.6)).paper_sample(5));
    assert_eq!(r.interval.as_ref().unwrap().paper, Some((5.4, 5.6)));
}

#[test]
fn a_standard_deviation_by_its_chi_square_interval() {
    // s = 1 over 10: χ²(9) at 0.975 and 0.025 are 19.023 and 2.700 (tables); Wilson and
    // Hilferty give 19.02 and 2.674, so [√(9/19.02), √(9/2.674)] = [0.6879, 1.8346].
    let (lo, hi) = interval::sd_interval_of(1.0, 10);
    assert!(close((lo, hi), (0.6879, 1.8346), 5e-4), "{lo} {hi}");
    // The tables' ends within 1 %.
    assert!((lo - (9.0f64 / 19.023).sqrt()).abs() / lo < 0.01);
    assert!((hi - (9.0f64 / 2.700).sqrt()).abs() / hi < 0.01);
    // Spreads 0.31 (the paper's, of 10) and 0.19 (ours, of 10) meet; 0.462 and 0.188 of 46
    // do not.
    let xs: Vec<f64> = (0..10)
        .map(|i| if i % 2 == 0 { 0.19 } else { -0.19 })
        .collect();
    let iv = interval::sd_interval(&xs, "positions", Some((0.31, 10)));
    assert_eq!(iv.method, Method::ChiSquare);
    let r = Row::compare("T1", "sd", 0.31, 0.2003, 0.10).sampled(iv);
    assert_ne!(r.verdict.kind(), "differs-significantly", "{}", r.verdict);
    let wide = interval::sd_interval_of(0.188, 46);
    let theirs = interval::sd_interval_of(0.462, 46);
    assert!(wide.1 < theirs.0, "{wide:?} {theirs:?}");
    assert_eq!(interval::sd_interval_of(1.0, 1), (0.0, f64::INFINITY));
}

#[test]
fn sampled_summaries_and_json() {
    let mut rep = Report::new("t", "T", "P", false);
    rep.row(win_row(49.7, 40.0, 100));
    rep.row(win_row(49.9, 40.0, 100));
    rep.row(win_row(60.0, 7.0, 10));
    rep.row(Row::compare("A", "a", 1.0, 1.0, 0.0));
    let s = rep.summary();
    assert_eq!(
        (
            s[0].consistent,
            s[0].undecided,
            s[0].differs,
            s[0].significant
        ),
        (1, 1, 1, 1)
    );
    assert_eq!(
        s[0].verdict,
        "0 of 3 rows reproduced, 1 consistent, 1 undecided at this sample; 1 row differs (1 significantly), by up to 9.9 points (cause not established)"
    );
    assert_eq!(s[0].kind, "differs");
    let mut only = Report::new("u", "U", "P", false);
    only.row(win_row(49.7, 40.0, 100));
    assert_eq!(only.summary()[0].verdict, "consistent (1 row)");
    only.row(win_row(60.0, 7.0, 10));
    assert_eq!(only.summary()[0].kind, "undecided");
    // The interval is written into the JSON and read back; a row written before rows had one
    // reads back without.
    let json = serde_json::to_string(&rep).unwrap();
    let back: Report = serde_json::from_str(&json).unwrap();
    // (serde_json's parsing may move the last digit of a float: the verdicts as shown.)
    let shown = |r: &Report| -> Vec<(String, Option<Interval>)> {
        r.rows
            .iter()
            .map(|x| (x.verdict.to_string(), x.interval.clone()))
            .collect()
    };
    assert_eq!(shown(&back), shown(&rep));
    assert!(back.rows[2].interval.is_some());
    let old = serde_json::to_value(&rep.rows[3]).unwrap();
    assert!(old.get("interval").is_none());
    let old: Row = serde_json::from_value(old).unwrap();
    assert_eq!(old.interval, None);
    assert!(rep
        .markdown("")
        .contains("| 40 % (95 % CI [30.94 %, 49.80 %] (Wilson)) |"));
    let csv = rep.rows_csv();
    let line = csv.lines().nth(1).unwrap();
    assert!(line.contains(",30.9401") && line.ends_with(",,"), "{csv}");
}

#[test]
fn a_second_reading_reproduces_or_is_ruled_out() {
    // Ours 40 of 100 against the paper's 55 %: [30.94 %, 49.80 %] excludes it. Under another
    // reading 52 of 100, [42.32 %, 61.54 %], holds it: the row is reproduced under it.
    let ours = win_row(55.0, 40.0, 100);
    assert_eq!(ours.verdict.kind(), "differs-significantly");
    let r = ours.clone().read_also("R", &win_row(55.0, 52.0, 100));
    assert_eq!(
        r.verdict,
        Verdict::ReproducedUnder {
            reading: "R".into(),
            value: "52 % (95 % CI [42.32 %, 61.54 %] (Wilson))".into()
        }
    );
    assert_eq!(
        r.verdict.to_string(),
        "reproduced under the reading R: 52 % (95 % CI [42.32 %, 61.54 %] (Wilson))"
    );
    // Under a reading that differs too, the row still differs and lists it as ruled out.
    let r = ours.read_also("R", &win_row(55.0, 30.0, 100));
    assert_eq!(r.verdict.kind(), "differs-significantly");
    assert!(
        r.verdict.to_string().ends_with(
            "(cause not established; ruled out: R, which gives 30 % (95 % CI [21.89 %, 39.58 %] (Wilson)))"
        ),
        "{}",
        r.verdict
    );
    // A row consistent under ours is left alone; a summary counts the rows reproduced under
    // another reading apart.
    let c = win_row(49.7, 40.0, 100).read_also("R", &win_row(49.7, 20.0, 100));
    assert_eq!(c.verdict, Verdict::Consistent { overlap: false });
    let mut rep = Report::new("t", "T", "P", false);
    rep.row(win_row(55.0, 40.0, 100).read_also("R", &win_row(55.0, 52.0, 100)));
    rep.row(c);
    let s = rep.summary();
    assert_eq!(
        (s[0].under_reading, s[0].consistent, s[0].differs),
        (1, 1, 0)
    );
    assert_eq!(
        s[0].verdict,
        "0 of 2 rows reproduced, 1 consistent, 1 reproduced under another reading"
    );
}
