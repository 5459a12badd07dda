use arachne_experiments::rbfm_games::TABLE1;
use arachne_experiments::rbfm_othello::Matching;
use arachne_experiments::scale::*;

#[test]
fn depth_ranges_parse_and_bad_ones_are_refused() {
    assert_eq!(parse_depths("4-6"), Ok((4, 6)));
    assert_eq!(parse_depths("7"), Ok((7, 7)));
    for bad in ["", "0-3", "6-4", "a-b", "3-", "-3", "1-2-3"] {
        assert!(parse_depths(bad).is_err(), "{bad}");
    }
}

#[test]
fn options_are_checked_per_experiment() {
    let s = Scale {
        trees: Some(10),
        ..Scale::default()
    };
    assert!(s.check("rbfm-decision").is_ok());
    assert!(s.check("rbfm-games").is_ok());
    assert!(s.check("rbfm-othello").unwrap_err().contains("--trees"));
    assert!(s
        .check("knm")
        .unwrap_err()
        .contains("does not take --trees"));
    assert!(Scale::default().check("knm").is_ok());
    let engine = Scale {
        engine: Some("/usr/games/stockfish".into()),
        ..Scale::default()
    };
    assert!(engine.check("rbfm-chess").is_ok());
    assert!(engine
        .check("rbfm-othello")
        .unwrap_err()
        .contains("--engine"));
    assert!(s.check("rbfm-chess").unwrap_err().contains("--trees"));
    let zero = Scale {
        trees: Some(0),
        ..Scale::default()
    };
    assert!(zero.check("rbfm-games").is_err());
    let deep = Scale {
        depths: Some((7, 9)),
        ..Scale::default()
    };
    assert!(deep.check("rbfm-othello").is_err());
    assert!(deep.check("rbfm-games").is_ok());
    let none = Scale {
        depths: Some((7, 10)),
        branching: Some(vec![20]),
        ..Scale::default()
    };
    assert!(none.check("rbfm-games").unwrap_err().contains("no row"));
    let b7 = Scale {
        branching: Some(vec![7]),
        ..Scale::default()
    };
    assert!(b7.check("rbfm-decision").is_err());
    let many = Scale {
        openings: Some(245),
        ..Scale::default()
    };
    assert!(many.check("rbfm-othello").is_err());
    let m = Scale {
        matching: Some(Matching::PvDepth),
        ..Scale::default()
    };
    assert!(m.check("rbfm-othello").is_ok());
    assert!(m.check("rbfm-games").unwrap_err().contains("--matching"));
}

#[test]
fn default_sizes_are_the_forms_and_paper_is_the_papers() {
    let d = Scale::default();
    assert_eq!(d.decision_trees(500), 500);
    assert_eq!(d.othello_depths((1, 3)), vec![1, 2, 3]);
    assert_eq!(d.othello_openings(24), 24);
    // The full form of rbfm-games: 19 of Table 1's 30 rows (b = 3 D ≤ 8, b = 5 D ≤ 7,
    // b = 10 D ≤ 5, b = 20 D ≤ 3); the paper: all 30.
    assert_eq!(d.games_rows(false).len(), 19);
    assert_eq!(d.games_rows(true).len(), 6);
    let p = Scale {
        paper: true,
        ..Scale::default()
    };
    assert_eq!(p.decision_trees(500), 10_000);
    assert_eq!(p.games_trees(200), 500);
    assert_eq!(p.games_rows(true).len(), TABLE1.len());
    assert_eq!(p.othello_depths((1, 3)), (1..=8).collect::<Vec<_>>());
    assert_eq!(p.othello_openings(24), 244);
    // An explicit option beats the paper's size.
    let q = Scale {
        paper: true,
        trees: Some(7),
        ..Scale::default()
    };
    assert_eq!(q.decision_trees(500), 7);
    // Table 1's deep rows.
    let deep = Scale {
        branching: Some(vec![10]),
        depths: Some((6, 10)),
        ..Scale::default()
    };
    assert_eq!(deep.games_rows(false), vec![(10, 6), (10, 7), (10, 8)]);
}
