use arachne::epd::*;
use arachne::Game;
use arachne_games::epd::parse_epd_line;

#[test]
fn bm_and_am_are_san_checked_against_the_position() {
    let r = parse_epd_line(
        r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#,
        1,
    )
    .unwrap();
    let bm: Vec<String> = r
        .best_moves
        .iter()
        .map(|&m| r.position.move_name(m))
        .collect();
    assert_eq!(bm, vec!["g3g6"]);
    assert_eq!(record_id(&r, 0), "WAC.001");
    assert!(solves(Some("g3g6"), &bm, &[]));
    assert!(!solves(Some("g3g5"), &bm, &[]));
    assert!(!solves(None, &bm, &[]));
    let r = parse_epd_line("4k3/8/8/8/8/8/4P3/4K3 w - - am Kd1 Kf1;", 1).unwrap();
    let am: Vec<String> = r
        .avoid_moves
        .iter()
        .map(|&m| r.position.move_name(m))
        .collect();
    assert_eq!(am, vec!["e1d1", "e1f1"]);
    assert_eq!(record_id(&r, 6), "#7");
    assert!(solves(Some("e2e4"), &[], &am));
    assert!(!solves(Some("e1f1"), &[], &am));
    // A best move that is not legal there is refused.
    assert!(parse_epd_line("4k3/8/8/8/8/8/4P3/4K3 w - - bm Qg6;", 1).is_err());
}

#[test]
fn configs_parse() {
    assert_eq!(
        parse_configs("1,2,2:ybwc").unwrap(),
        vec![
            EpdConfig {
                threads: 1,
                algo: None
            },
            EpdConfig {
                threads: 2,
                algo: None
            },
            EpdConfig {
                threads: 2,
                algo: Some("ybwc".into())
            },
        ]
    );
    assert_eq!(parse_configs("1").unwrap()[0].algo(), "aspiration");
    assert_eq!(parse_configs("2").unwrap()[0].algo(), "abdada");
    assert_eq!(parse_configs("2:ybwc").unwrap()[0].label(), "2:ybwc");
    for bad in ["0", "x", "1,,2", "2:nosuch", ""] {
        assert!(parse_configs(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_small_suite_is_scored() {
    // Mate in one (Qh7#... here Ra8#), a capture of a hanging queen, and a position whose
    // expected move is wrong on purpose (the rook move that does not mate).
    let dir = std::env::temp_dir().join(format!("arachne-epd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("suite.epd");
    std::fs::write(
        &path,
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate\";\n\
         4k3/8/8/3q4/8/8/3R4/4K3 w - - bm Rxd5; id \"queen\";\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra7; id \"wrong\";\n",
    )
    .unwrap();
    let req = EpdRequest {
        suite: path.to_string_lossy().into_owned(),
        time_ms: None,
        depth: Some(3),
        configs: parse_configs("1,2").unwrap(),
        limit: None,
        hash: Some(1),
    };
    let mut seen = vec![];
    let run = run(&req, &mut |i, p| seen.push((i, p.id.clone()))).unwrap();
    assert_eq!(seen.len(), 3);
    for c in 0..2 {
        assert_eq!(run.solved(c), 2, "{}", run.text());
        assert!(run.positions[0].answers[c].solved);
        assert_eq!(run.positions[0].answers[c].played.as_deref(), Some("a1a8"));
        assert!(run.positions[0].answers[c].solved_ms.is_some());
        assert!(run.positions[1].answers[c].solved);
        assert!(!run.positions[2].answers[c].solved);
        assert!(run.positions[2].answers[c].solved_ms.is_none());
    }
    let text = run.text();
    assert!(text.contains("solved 2/3"), "{text}");
    assert!(text.contains("missed wrong"), "{text}");
    assert!(text.contains("expected Ra7 (a1a7)"), "{text}");
    assert_eq!(run.json()["searches"][1]["algo"], "abdada");
    assert_eq!(run.json()["searches"][0]["missed"][0]["played"], "a1a8");
    let limited = EpdRequest {
        limit: Some(1),
        ..req.clone()
    };
    assert_eq!(
        arachne::epd::run(&limited, &mut |_, _| {})
            .unwrap()
            .positions
            .len(),
        1
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_requests_are_refused() {
    let req = EpdRequest {
        suite: "wac".into(),
        time_ms: None,
        depth: None,
        configs: parse_configs("1").unwrap(),
        limit: None,
        hash: None,
    };
    let e = |r: &EpdRequest| run(r, &mut |_, _| {}).unwrap_err().to_string();
    assert_eq!(e(&req), "give --time-ms or --depth");
    assert!(e(&EpdRequest {
        time_ms: Some(0),
        ..req.clone()
    })
    .contains("at least 1"));
    assert!(e(&EpdRequest {
        depth: Some(2),
        limit: Some(0),
        ..req.clone()
    })
    .contains("--limit"));
    assert!(e(&EpdRequest {
        depth: Some(2),
        suite: "/no/such.epd".into(),
        ..req.clone()
    })
    .contains("/no/such.epd"));
    assert_eq!(load_suite("lct2").unwrap().len(), 35);
    assert_eq!(load_suite("WAC").unwrap().len(), 300);
}
