use arachne_experiments::fishburn_theory::*;
use arachne_experiments::{Report, Verdict};

#[test]
fn critical_counts_end_in_corollary1() {
    // At the bottom level the critical positions are Corollary 1's terminal positions.
    for (d, f, q, s) in [(2, 2, 2, 2), (3, 2, 2, 3), (2, 3, 3, 2), (1, 1, 0, 4)] {
        assert_eq!(critical_at(d, f, q, q + s), corollary1(d, f, q, s));
    }
    // q = 0, f = 1: Knuth and Moore's minimal tree, b^⌈n/2⌉ + b^⌊n/2⌋ − 1.
    assert_eq!(critical_at(3, 1, 0, 4), 9 + 9 - 1);
    assert_eq!(critical_at(3, 1, 0, 3), 9 + 3 - 1);
    assert_eq!(critical_at(5, 2, 3, 0), 1);
}

#[test]
fn rows_reproduce() {
    let mut rep = Report::new("t", "T", "P", true);
    palphabeta_rows(&mut rep, true).unwrap();
    falphabeta_rows(&mut rep, true, 1);
    // The quick form computes two cases; the full form's other two stay as rows, not
    // computed, with the theorem's values (d=2 f=3 q=3 s=2 and d=2 f=2 q=4 s=3).
    let (computed, left): (Vec<_>, Vec<_>) = rep
        .rows
        .iter()
        .partition(|r| r.verdict == Verdict::Reproduced);
    assert_eq!(computed.len(), 6, "{:?}", rep.rows);
    let paper: Vec<&str> = left.iter().map(|r| r.paper_text.as_str()).collect();
    let expect = [
        critical_at(2, 3, 3, 0) + (1..=5).map(|n| critical_at(2, 3, 3, n)).sum::<u64>(),
        corollary1(2, 3, 3, 2),
        (0..=7).map(|n| critical_at(2, 2, 4, n)).sum::<u64>(),
        corollary1(2, 2, 4, 3),
    ]
    .map(|x| x.to_string());
    assert_eq!(paper, expect.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    for r in &left {
        assert!(
            matches!(&r.verdict, Verdict::NotReproducible { why } if why.starts_with("not computed at the quick scale")),
            "{r:?}"
        );
    }
}
