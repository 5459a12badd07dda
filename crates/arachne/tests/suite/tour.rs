use arachne::tour::*;

#[test]
fn rows_render_with_their_marks() {
    let r = TourRow {
        search: "x".into(),
        depth: 3,
        time_ms: 1500.0,
        nodes: 1234,
        speedup: 2.0,
        simulated: false,
        value: Some(7),
        equal: true,
    };
    let t = r.text();
    assert!(t.contains("1.50 s") && t.contains("1,234") && t.contains("2.00") && t.ends_with('✔'));
    let s = TourRow {
        simulated: true,
        equal: false,
        ..r
    };
    assert!(
        s.text().contains("simulated") && s.text().contains("2.00*") && s.text().ends_with('✘')
    );
    assert_eq!(header().split_whitespace().count(), 7);
    assert!(footer(&[s]).contains("arachne speedup --game checkers:bench=6"));
}
