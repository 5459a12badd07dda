//! Every experiment's `--quick` form: it runs, writes its files, has a row for every table and
//! figure of its paper, and its exact rows are reproduced.
use arachne_experiments::{find, run_and_write, Options, Report, Verdict, EXPERIMENTS};
use std::path::PathBuf;

fn run(name: &str) -> (Report, Vec<PathBuf>, PathBuf) {
    let dir = std::env::temp_dir().join(format!("arachne-exp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let e = find(name).unwrap_or_else(|| panic!("{name} is registered"));
    let (r, files) = run_and_write(e, &Options::new(true, dir.clone())).unwrap();
    (r, files, dir)
}

/// Every figure in `figures` has at least one row.
fn has_rows(r: &Report, figures: &[&str]) {
    for f in figures {
        assert!(
            r.rows.iter().any(|row| row.figure == *f),
            "{}: no row for {f}",
            r.name
        );
    }
}

/// Every row of the figures in `exact` is reproduced, but those the quick scale keeps only
/// as rows (`Report::not_computed`: the full form's rows, so both forms have the same row
/// set).
fn exact_rows(r: &Report, exact: &[&str]) {
    let computed = |v: &Verdict| !matches!(v, Verdict::NotReproducible { why } if why.starts_with("not computed at the quick scale"));
    let mut checked = 0;
    for row in r
        .rows
        .iter()
        .filter(|row| exact.contains(&row.figure.as_str()) && computed(&row.verdict))
    {
        checked += 1;
        assert_eq!(
            row.verdict,
            Verdict::Reproduced,
            "{} {}: paper {} ours {}",
            row.figure,
            row.quantity,
            row.paper_text,
            row.ours_text
        );
    }
    assert!(checked > 0, "{}: no computed row in {exact:?}", r.name);
}

#[test]
fn registry_names_are_unique_and_described() {
    for (i, e) in EXPERIMENTS.iter().enumerate() {
        assert!(!e.about.is_empty() && !e.paper.is_empty() && !e.about.contains('\n'));
        assert!(
            EXPERIMENTS[..i].iter().all(|x| x.name != e.name),
            "{}",
            e.name
        );
    }
    assert!(find("nonexistent").is_none());
}

#[test]
fn fuller_quick() {
    let (r, files, dir) = run("fuller");
    has_rows(
        &r,
        &[
            "Table 5.1",
            "Table 5.2",
            "Figure 5.1",
            "Figure 6.1",
            "Figure 6.2",
            "Figure 6.3",
            "Table 7.1",
            "§7 (L_D fit)",
            "§5 (move generations)",
            "§2 (perfect ordering)",
            "§6 (range R at ⟨10, 3⟩)",
            "Figure 1.1",
            "Figure 2.1",
            "Figure 2.2",
            "Figure 2.3",
            "Figure 2.4",
            "Figure 3.1",
        ],
    );
    // Figure 3.1: one row per level of the ⟨4, 5⟩ tree, from simulated trees.
    assert_eq!(
        r.rows.iter().filter(|x| x.figure == "Figure 3.1").count(),
        6
    );
    assert!(dir.join("figure_3_1.svg").is_file());
    // The tie-broken points of Figures 6.2 and 6.3: only values that would prune by equality
    // were perturbed, by one or two points, and some were.
    let pert = &r.data["section_6"]["perturbed"];
    for eval in ["material", "mobility"] {
        let p = &pert[eval];
        let moved = p["by_1"].as_u64().unwrap() + p["by_2"].as_u64().unwrap();
        assert!(
            moved > 0 && moved < p["leaves"].as_u64().unwrap(),
            "{eval}: {p}"
        );
    }
    // Figures 6.2 and 6.3 are computed, not left out.
    for fig in ["Figure 6.2", "Figure 6.3"] {
        let rows: Vec<_> = r.rows.iter().filter(|x| x.figure == fig).collect();
        assert!(
            rows.len() >= 2 && rows.iter().all(|x| x.ours_text != "–"),
            "{fig}"
        );
    }
    assert!(dir.join("figure_6_2.svg").is_file() && dir.join("figure_6_3.png").is_file());
    exact_rows(&r, &["Table 5.1", "Table 5.2", "§2 (perfect ordering)"]);
    // Table 5.1: N = 2..12, Table 5.2: D = 3, N = 2..5 and D = 4, N = 2, 3, as in the paper.
    assert_eq!(
        r.rows.iter().filter(|x| x.figure == "Table 5.1").count(),
        11
    );
    assert_eq!(r.rows.iter().filter(|x| x.figure == "Table 5.2").count(), 6);
    let t51 = std::fs::read_to_string(dir.join("table_5_1.csv")).unwrap();
    assert!(t51.contains("2,2,11/3,"));
    // Figure 6.1 with R = 1 is exactly perfect ordering (all values equal: every cutoff).
    let r1 = r
        .rows
        .iter()
        .find(|x| x.quantity.starts_with("R = 1,"))
        .unwrap();
    assert_eq!(r1.verdict, Verdict::Reproduced);
    assert!(r.data["exact_points"].as_u64().unwrap() > 20);
    for f in [
        "fuller.md",
        "fuller.json",
        "fuller_rows.csv",
        "fuller.html",
        "table_5_2.csv",
        "figure_5_1.csv",
        "figure_5_1.svg",
        "figure_5_1.png",
        "figure_6_1.svg",
        "figure_6_1.png",
        "table_7_1.csv",
    ] {
        let p = dir.join(f);
        assert!(files.contains(&p), "{f} listed");
        let len = std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
        assert!(len > 100, "{f}: {len} bytes");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fishburn_quick() {
    let (r, _, dir) = run("fishburn");
    has_rows(
        &r,
        &[
            "Table 1",
            "Table 2",
            "§5 (more than k-way)",
            "§7.1 (worst-first)",
            "Theorem 2",
            "Theorem 3",
            "§7.3",
            "Theorem 4",
            "Theorem 5",
            "Theorem 6 / §7.5",
            "§8.4 Table 1",
            "§8.4 Table 2",
            "§8.4 (never slower)",
            "§7.1 Theorem 1",
            "§7.1 Corollary 1",
            "§8.1 Theorem 1 (falphabeta)",
        ],
    );
    exact_rows(
        &r,
        &[
            "Theorem 2",
            "§7.1 (worst-first)",
            "Theorem 4",
            "§7.1 Theorem 1",
            "§7.1 Corollary 1",
            "§8.1 Theorem 1 (falphabeta)",
        ],
    );
    // Theorem 5 is an upper bound, scored as one.
    for row in r.rows.iter().filter(|x| x.figure == "Theorem 5") {
        assert_eq!(row.tolerance, arachne_experiments::Tolerance::Bound(true));
        assert!(
            matches!(
                row.verdict,
                Verdict::BoundHolds | Verdict::BoundViolated { .. }
            ),
            "{row:?}"
        );
    }
    // Every row of a quick run is marked quick in the summary, with its sample.
    assert!(r.summary().iter().all(|s| s.verdict.starts_with("quick")));
    assert!(r
        .summary()
        .iter()
        .any(|s| s.verdict.starts_with("quick: 10 of 10 positions")));
    // The averages over positions carry their t intervals, ours and the paper's.
    let averages: Vec<_> = r
        .rows
        .iter()
        .filter(|x| x.figure.starts_with("Table ") && x.quantity.contains("average"))
        .collect();
    assert_eq!(averages.len(), 4);
    for row in averages {
        let iv = row.interval.as_ref().expect("an average has its interval");
        assert_eq!(
            (iv.method, iv.n),
            (arachne_experiments::report::Method::T, 10)
        );
        assert!(
            iv.paper.is_some() && row.verdict.kind() != "reproduced",
            "{row:?}"
        );
    }
    // §8.4's averages over the program's moves too, against the paper's 46.
    let averages: Vec<_> = r
        .rows
        .iter()
        .filter(|x| x.figure.starts_with("§8.4 Table") && x.quantity.ends_with("average"))
        .collect();
    assert_eq!(averages.len(), 5);
    for row in averages {
        let iv = row.interval.as_ref().expect("an average has its interval");
        assert_eq!((iv.n, iv.unit.as_str()), (12, "moves"), "{row:?}");
        assert!(iv.paper.is_some(), "{row:?}");
        assert_eq!(row.sample.as_ref().and_then(|s| s.paper), Some(46));
    }
    // §8.4: five ratios, four statistics each, from node counts that were really measured.
    assert_eq!(
        r.rows
            .iter()
            .filter(|x| x.figure.starts_with("§8.4 Table"))
            .count(),
        20
    );
    assert!(r
        .rows
        .iter()
        .all(|x| !x.figure.starts_with("§8.4") || x.ours.is_some() || x.ours_text != "–"));
    let moves = r.data["section_8_4"]["nodes"].as_array().unwrap();
    assert_eq!(moves.len(), 12);
    for m in moves {
        let n: Vec<u64> = m["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert!(n.iter().all(|&x| x > 0), "{m}");
    }
    let g0 = &r.data["table1"]["gamma0"];
    for k in ["2", "3"] {
        let avg = g0[k]["avg"].as_f64().unwrap();
        assert!(avg > 1.0 && avg <= k.parse::<f64>().unwrap() + 2.0, "{avg}");
    }
    for f in [
        "fishburn.md",
        "fishburn_speedup.csv",
        "fishburn_speedup.svg",
        "fishburn_speedup.png",
    ] {
        assert!(dir.join(f).exists(), "{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn jamboree_quick() {
    let (r, _, dir) = run("jamboree");
    has_rows(&r, &["§6.2.4", "Fig. 12"]);
    // Work, span and parallelism of Jamboree and YBWC, in nodes and evaluations.
    let res = r.data["results"].as_array().unwrap();
    assert_eq!(res.len(), 4);
    for m in res {
        let (w, s) = (m["work"].as_u64().unwrap(), m["span"].as_u64().unwrap());
        assert!(s > 0 && s < w, "span {s} work {w}");
        // One processor does all the work.
        assert_eq!(m["times"][0]["t"].as_u64().unwrap(), w);
    }
    for f in [
        "jamboree.md",
        "jamboree_speedup.svg",
        "jamboree_speedup.png",
    ] {
        assert!(dir.join(f).exists(), "{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn scaling_quick() {
    let (r, _, dir) = run("scaling");
    has_rows(&r, &["P = 16", "§6.2.4"]);
    let curves = r.data["curves"].as_array().unwrap();
    assert_eq!(curves.len(), 5);
    for c in curves {
        let pts = c["points"].as_array().unwrap();
        assert_eq!(pts.len(), 11, "P = 1 … 1024");
    }
    for f in ["scaling.md", "scaling_speedup.csv", "scaling_speedup.svg"] {
        assert!(dir.join(f).exists(), "{f}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn knm_quick() {
    let (r, files, dir) = run("knm");
    has_rows(&r, &["Table 4-1", "Table 4-2"]);
    // 2 tables × 4 rows × (2 exact + 2 alpha-beta + mono + 4 × 3 KNM columns).
    assert_eq!(r.rows.len(), 2 * 4 * 17);
    for row in r.rows.iter().filter(|row| row.quantity.contains("total")) {
        assert_eq!(row.verdict, Verdict::Reproduced, "{}", row.quantity);
    }
    // Speedups at 20 processors land within the paper's ±15 % on most rows, and carry the
    // bootstrap interval of their ten trees.
    let speedups: Vec<_> = r
        .rows
        .iter()
        .filter(|row| row.quantity.contains("k=20: speedup"))
        .collect();
    let close = speedups
        .iter()
        .filter(|row| row.rel_diff.is_some_and(|d| d.abs() <= 0.15))
        .count();
    assert!(close >= 6, "{close} of 8 speedups at k = 20 within 15 %");
    for row in speedups {
        let iv = row.interval.as_ref().expect("a speedup has its interval");
        assert_eq!(
            (iv.method, iv.n),
            (arachne_experiments::report::Method::Bootstrap, 10)
        );
    }
    assert!(files.iter().any(|f| f.ends_with("knm_speedup.svg")));
    assert!(r.data["sweep"].as_array().is_some_and(|s| !s.is_empty()));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn ncube_quick() {
    let (r, files, dir) = run("ncube");
    has_rows(
        &r,
        &[
            "§ perfectly ordered trees",
            "§ node types",
            "KNM beside type-guided",
        ],
    );
    exact_rows(&r, &["§ perfectly ordered trees"]);
    // DTS is an outside anchor, labelled with its source.
    for row in r.rows.iter().filter(|x| x.paper == Some(11.1)) {
        let src = row.source.as_deref().unwrap_or_default();
        assert!(
            src.starts_with("outside anchor: ") && src.contains("DTS"),
            "{row:?}"
        );
        assert!(row.figure.contains("outside anchor"), "{row:?}");
    }
    for stem in [
        "ncube_types_incremental",
        "ncube_types_chess",
        "ncube_types_checkers",
        "ncube_speedup_arachne_uniform",
    ] {
        assert!(
            files.iter().any(|f| f.ends_with(format!("{stem}.png"))),
            "{stem}.png"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}
