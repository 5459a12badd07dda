//! Tests of the report: verdicts, tolerances, rendering.
use super::*;

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
