//! The `--quick` form of `mcts-vs-rbfm`: it runs, writes its files, has its rows,
//! and no row claims a paper value (MCTS is not in seed 002).
use arachne_experiments::{find, run_and_write, Options, Verdict};

#[test]
fn mcts_vs_rbfm_quick() {
    let dir = std::env::temp_dir().join(format!("arachne-exp-mcts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let e = find("mcts-vs-rbfm").expect("registered");
    let (r, files) = run_and_write(e, &Options::new(true, dir.clone())).unwrap();
    assert!(files.iter().all(|f| f.exists()));
    assert!(files
        .iter()
        .any(|f| f.extension().is_some_and(|x| x == "svg")));
    let _ = std::fs::remove_dir_all(&dir);
    for fig in ["Exps. 2–3 measure", "Table 1 format", "Fig. 12 format"] {
        assert!(
            r.rows.iter().any(|row| row.figure.starts_with(fig)),
            "no row for {fig}"
        );
    }
    for row in &r.rows {
        assert!(row.paper.is_none(), "{}: a paper value", row.quantity);
        assert!(
            matches!(row.verdict, Verdict::NotReproducible { .. }),
            "{}",
            row.quantity
        );
    }
    // The parallel part: P = 1 is the baseline of both forms' speedups, which grow with P.
    let par = &r.data["parallel"];
    for f in par["speedup"].as_array().unwrap() {
        let s: Vec<f64> = f
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect();
        assert_eq!(s.len(), 7, "{par}");
        assert!((s[0] - 1.0).abs() < 1e-9, "{par}");
        assert!(s[3] > 1.5, "P = 8: {par}");
    }
    // Three branchings of decisions and two of games, in the data.
    assert_eq!(r.data["decisions"].as_array().map(Vec::len), Some(3));
    assert_eq!(r.data["games"].as_array().map(Vec::len), Some(2));
    for d in r.data["decisions"].as_array().unwrap() {
        for row in d["success_pct"].as_array().unwrap() {
            for p in row.as_array().unwrap() {
                let p = p.as_f64().unwrap();
                assert!((0.0..=100.0).contains(&p), "{d}");
            }
        }
    }
}
