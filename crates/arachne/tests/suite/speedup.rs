use arachne::report::Report;
use arachne::speedup::*;
use arachne::{RunError, RunResult, SearchRequest};
use serde_json::json;

#[test]
fn medians_spreads_ratios_and_overheads() {
    assert_eq!(median(&[]), None);
    assert_eq!(median(&[3.0]), Some(3.0));
    assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
    assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
    assert_eq!(spread(&[2.0, 0.5, 1.5]), Some((0.5, 2.0)));
    assert_eq!(spread(&[]), None);
    assert_eq!(round_ratios(&[100.0, 90.0], &[50.0, 60.0]), vec![2.0, 1.5]);
    assert_eq!(round_ratios(&[1.0], &[0.0]), vec![f64::INFINITY]);
    assert_eq!(overhead(125.0, 100.0), Some(0.25));
    assert_eq!(overhead(80.0, 100.0), Some(-0.19999999999999996));
    assert_eq!(overhead(1.0, 0.0), None);
    assert_eq!(
        busy_shares(&[3.0, 1.0, 0.0], &[1.0, 1.0, 0.0]),
        vec![0.75, 0.5, 0.0]
    );
    assert_eq!(
        median_shares(&[vec![0.9, 0.5], vec![0.7, 0.6], vec![0.8, 0.7], vec![0.1]]),
        vec![0.8, 0.6]
    );
}

#[test]
fn a_summary_is_the_median_of_the_round_ratios() {
    // Rounds: the baseline 100, 120, 90 ms; the search 50, 80, 60 ms: ratios 2, 1.5, 1.5.
    let s = summarise(
        &[100.0, 120.0, 90.0],
        &[1000.0, 1000.0, 1000.0],
        &[50.0, 80.0, 60.0],
        &[1200.0, 1100.0, 1300.0],
    )
    .unwrap();
    assert_eq!(s.speedup, 1.5);
    assert_eq!(s.spread, (1.5, 2.0));
    assert_eq!(s.time_ms, 60.0);
    assert_eq!(s.nodes, 1200.0);
    assert!((s.overhead.unwrap() - 0.2).abs() < 1e-12);
    assert_eq!(summarise(&[], &[], &[], &[]), None);
}

#[test]
fn algos_parse_into_typed_items() {
    let v = parse_algos("abdada:threads=2,tree-split:procs=3,backend=sim,f=2,alphabeta").unwrap();
    assert_eq!(v.len(), 3);
    assert_eq!(v[0].algo, "abdada");
    assert_eq!(v[0].threads, Some(2));
    assert_eq!(v[0].label, "abdada:threads=2");
    assert_eq!(v[0].backend(), None);
    assert_eq!(v[1].algo, "tree-split:f=2");
    assert_eq!(v[1].procs, Some(3));
    assert_eq!(v[1].backend(), Some("sim".into()));
    assert_eq!(v[1].label, "tree-split:procs=3,backend=sim,f=2");
    assert_eq!(v[2], AlgoItem::plain("alphabeta"));
    let v = parse_algos("type-guided:procs=3").unwrap();
    assert_eq!(v[0].backend(), Some("threads".into()));
    assert_eq!(v[0].width(), 3);
    for (bad, says) in [
        ("nosuch:threads=2", "unknown algorithm `nosuch`"),
        ("threads=2", "comes before any algorithm"),
        ("abdada:threads=0", "threads=`0` must be in 1..="),
        ("abdada:threads=x", "must be in"),
        ("abdada,,alphabeta", "an empty item"),
        ("", "an empty item"),
        ("abdada:threads", "is not key=value"),
    ] {
        let e = parse_algos(bad).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
        assert!(!e.contains('\n'));
    }
}

#[test]
fn loads_and_idleness() {
    assert_eq!(
        parse_loadavg("0.12 0.40 1.00 1/200 4242\n"),
        Some([0.12, 0.40, 1.00])
    );
    assert_eq!(parse_loadavg("x"), None);
    let l = |b: f64, a: f64| Load {
        before: Some([b, 0.0, 0.0]),
        after: Some([a, 0.0, 0.0]),
    };
    assert_eq!(is_idle(&l(0.1, 2.3), 2), Some(true));
    assert_eq!(is_idle(&l(0.9, 1.0), 2), Some(false));
    assert_eq!(is_idle(&l(0.1, 3.0), 2), Some(false));
    assert_eq!(is_idle(&Load::default(), 2), None);
    let d = RoundDone {
        round: 1,
        rounds: 3,
        elapsed_s: 2.0,
    };
    assert_eq!(d.eta_s(), 4.0);
}

/// A stub search: the time, nodes and value of each run from a table, by algorithm and
/// position; `refuse` refuses.
fn stub(req: &SearchRequest) -> RunResult {
    let (t, n, v) = match (req.algo.as_str(), req.game.as_str()) {
        ("aspiration", "checkers:bench=1") => (100.0, 1000, 5),
        ("aspiration", _) => (300.0, 3000, -7),
        ("abdada", "checkers:bench=1") => (50.0, 1500, 5),
        ("abdada", _) => (150.0, 3500, -7),
        ("ybwc", "checkers:bench=1") => (10.0, 10, 5),
        ("ybwc", _) => (10.0, 10, 6),
        ("tree-split", _) => {
            let mut r = Report::new(
                json!({"time_ms": 400.0, "nodes": 4000, "value": if req.game.ends_with('1') {5} else {-7},
                "busy": [3.0, 1.0], "idle": [1.0, 1.0]}),
            );
            r.line("x");
            return Ok(r);
        }
        _ => return Err(RunError::usage("--ordering is not supported by it")),
    };
    Ok(Report::new(
        json!({"time_ms": t, "nodes": n, "qnodes": 0, "value": v}),
    ))
}

#[test]
fn runs_are_interleaved_checked_and_summed() {
    let mut req = SpeedupRequest::new(
        vec!["checkers:bench=1".into(), "checkers:bench=2".into()],
        parse_algos("abdada:threads=2,ybwc:threads=2,lazy-smp:threads=2,tree-split:procs=2")
            .unwrap(),
    );
    req.depth = Some(4);
    req.options.ordering = true;
    let mut order = vec![];
    let mut rounds = vec![];
    let mut search = |r: &SearchRequest| {
        order.push(format!("{}@{}", r.algo, r.game));
        assert_eq!(r.depth, Some(4));
        assert!(r.ordering);
        stub(r)
    };
    let mut loads = vec![Some([0.1, 0.0, 0.0]), Some([0.2, 0.0, 0.0])].into_iter();
    let s = run_with(
        &req,
        &mut search,
        &mut || loads.next().flatten(),
        &mut |d| rounds.push(d.round),
    )
    .unwrap();
    assert_eq!(rounds, vec![1, 2, 3]);
    // Round 1, position 1: every search; then the refused one is left out, and ybwc
    // after its value differed on position 2.
    assert_eq!(
        &order[..5],
        &[
            "aspiration@checkers:bench=1",
            "abdada@checkers:bench=1",
            "ybwc@checkers:bench=1",
            "lazy-smp@checkers:bench=1",
            "tree-split@checkers:bench=1"
        ]
    );
    assert_eq!(order.len(), 5 + 4 + 2 * 2 * 3);
    assert_eq!(s.baseline.algo, "aspiration");
    assert_eq!(s.baseline_rounds, vec![(400.0, 4000.0); 3]);
    let Status::Measured(m) = &s.rows[0].status else {
        panic!("{:?}", s.rows[0])
    };
    assert_eq!(m.speedup, 2.0);
    assert_eq!(m.spread, (2.0, 2.0));
    assert_eq!(m.time_ms, 200.0);
    assert_eq!(m.overhead, Some(0.25));
    assert_eq!(
        s.rows[1].status,
        Status::ValueDiffers("6 on checkers:bench=2 against the baseline's -7".into())
    );
    assert_eq!(
        s.rows[2].status,
        Status::Refused("--ordering is not supported by it".into())
    );
    let Status::Measured(m) = &s.rows[3].status else {
        panic!()
    };
    assert_eq!(m.speedup, 0.5);
    assert_eq!(s.rows[3].busy, vec![0.75, 0.5]);
    assert_eq!(s.idle, Some(true));
    let text = s.text();
    assert!(text.contains("aspiration (baseline)"), "{text}");
    assert!(
        text.contains("value differs: 6 on checkers:bench=2"),
        "{text}"
    );
    assert!(text.contains("fresh table for each run"), "{text}");
    assert!(!text.contains("NOT IDLE"));
    let j = s.json();
    assert_eq!(j["searches"][0]["speedup"], 2.0);
    assert_eq!(j["searches"][1]["status"], "value differs");
    assert_eq!(j["machine"], "idle");
    let csv = s.csv();
    assert_eq!(csv.lines().count(), 6);
    assert!(csv.lines().skip(1).all(|l| l.ends_with(",idle")), "{csv}");
}

#[test]
fn message_passing_searches_are_predicted_on_the_simulator_with_measured_costs() {
    let mut req = SpeedupRequest::new(
        vec!["checkers:bench=1".into(), "checkers:bench=2".into()],
        parse_algos("abdada:threads=2,tree-split:procs=2").unwrap(),
    );
    req.predict = true;
    req.predict_procs = Some(5);
    let mut simulated = vec![];
    let mut search = |r: &SearchRequest| {
        if r.backend.as_deref() != Some("sim") {
            return stub(r);
        }
        // The simulator: P processors, serial 300 units, parallel 600 / (P + 2) on
        // position 1 and twice both on position 2: a speedup of (P + 2) / 2.
        assert_eq!(r.cost.as_deref(), Some("measured"));
        simulated.push((r.algo.clone(), r.procs, r.game.clone()));
        let p = r.procs.unwrap() as f64;
        let k = if r.game.ends_with('1') { 1.0 } else { 2.0 };
        Ok(Report::new(json!({"serial_virtual_time": 300.0 * k,
            "virtual_time": 600.0 * k / (p + 2.0), "procs": r.procs, "baseline": "falphabeta"})))
    };
    let s = run_with(&req, &mut search, &mut || None, &mut |_| {}).unwrap();
    // Only the message-passing search, at its own P and then at 2 and 4, every position.
    let at = |p: u32| {
        simulated
            .iter()
            .filter(|x| x.0 == "tree-split" && x.1 == Some(p))
            .count()
    };
    assert_eq!(simulated.len(), 6);
    assert_eq!((at(2), at(4)), (4, 2));
    assert_eq!(s.rows[0].prediction, None);
    let p = s.rows[1].prediction.as_ref().unwrap();
    assert_eq!(
        p,
        &Prediction::Simulated {
            speedup: 2.0,
            against: Some("falphabeta".into()),
            curve: vec![(2, 2.0), (4, 3.0)]
        }
    );
    // Measured 0.5 (the stub's 400 ms against 200 ms): the prediction is 300 % above it.
    assert_eq!(p.error(0.5), Some(3.0));
    let text = s.text();
    assert!(
        text.contains("2.00 against falphabeta (measured 0.50: +300%); P=2 2.00, P=4 3.00"),
        "{text}"
    );
    let j = s.json();
    assert_eq!(j["searches"][1]["predicted"], 2.0);
    assert_eq!(j["searches"][1]["predicted_curve"][1]["procs"], 4);
    assert!(s.csv().lines().nth(2).unwrap().contains(",2.0000,"));
    // A simulator's refusal is the row's note, not an error.
    let mut refusing = |r: &SearchRequest| {
        if r.backend.as_deref() == Some("sim") {
            return Err(RunError::usage("--null-move: no"));
        }
        stub(r)
    };
    let s = run_with(&req, &mut refusing, &mut || None, &mut |_| {}).unwrap();
    assert_eq!(
        s.rows[1].prediction,
        Some(Prediction::Failed("--null-move: no".into()))
    );
}

#[test]
fn with_the_null_move_a_differing_value_is_counted_and_timed() {
    let mut req = SpeedupRequest::new(
        vec!["checkers:bench=1".into(), "checkers:bench=2".into()],
        parse_algos("ybwc:threads=2").unwrap(),
    );
    req.options.null_move = true;
    let s = run_with(&req, &mut stub, &mut || None, &mut |_| {}).unwrap();
    // ybwc's value differs on position 2 in each of the 3 rounds: timed all the same.
    let Status::Measured(m) = &s.rows[0].status else {
        panic!("{:?}", s.rows[0])
    };
    assert_eq!(m.time_ms, 20.0);
    assert_eq!(s.rows[0].differing, 3);
    assert!(s
        .text()
        .contains("(value differed in 3 of 6 runs: null move)"));
    assert_eq!(s.json()["searches"][0]["value_differed"], 3);
    // Without it the same search is not timed.
    req.options.null_move = false;
    let s = run_with(&req, &mut stub, &mut || None, &mut |_| {}).unwrap();
    assert!(matches!(s.rows[0].status, Status::ValueDiffers(_)));
}

#[test]
fn a_busy_machine_is_marked_everywhere() {
    let req = SpeedupRequest::new(
        vec!["checkers:bench=1".into()],
        parse_algos("abdada:threads=2").unwrap(),
    );
    let s = run_with(&req, &mut stub, &mut || Some([1.5, 1.0, 1.0]), &mut |_| {}).unwrap();
    assert_eq!(s.idle, Some(false));
    assert!(s.text().contains("not idle"));
    assert!(s.text().contains("NOT IDLE"));
    assert_eq!(s.json()["machine"], "not idle");
    assert!(s.csv().lines().skip(1).all(|l| l.ends_with(",not idle")));
}

#[test]
fn bad_requests_are_refused_with_one_line() {
    let algos = parse_algos("abdada:threads=2").unwrap();
    let e = |req: &SpeedupRequest| {
        run_with(req, &mut stub, &mut || None, &mut |_| {})
            .unwrap_err()
            .to_string()
    };
    let req = SpeedupRequest::new(vec![], algos.clone());
    assert_eq!(e(&req), "no positions to search");
    let mut req = SpeedupRequest::new(vec!["checkers:bench=1".into()], algos.clone());
    req.rounds = 0;
    assert_eq!(e(&req), "--rounds must be at least 1");
    let mut req = SpeedupRequest::new(vec!["checkers:bench=1".into()], algos.clone());
    req.baseline = Some(AlgoItem::plain("sss"));
    assert!(e(&req).starts_with("the baseline `sss` on checkers:bench=1: --ordering"));
    let mut req = SpeedupRequest::new(vec!["checkers:bench=1".into()], algos);
    req.baseline = Some(AlgoItem::plain("nope"));
    assert!(e(&req).starts_with("unknown algorithm `nope`"));
}

#[test]
fn the_default_baseline_follows_the_game() {
    assert_eq!(
        default_baseline("incremental:b=3,d=4,seed=1").unwrap().algo,
        "alphabeta"
    );
    assert_eq!(default_baseline("chess").unwrap().algo, "aspiration");
    assert!(default_baseline("nogame").is_err());
}

#[test]
fn real_searches_agree_and_are_measured() {
    let mut req = SpeedupRequest::new(
        vec![
            "incremental:b=4,d=5,seed=1".into(),
            "incremental:b=4,d=5,seed=2".into(),
        ],
        parse_algos("abdada:threads=2,tree-split:procs=2,backend=sim").unwrap(),
    );
    req.rounds = 2;
    req.options.preorder = true;
    let s = run(&req, &mut |_| {}).unwrap().expect("not under mpirun");
    assert_eq!(s.baseline.algo, "alphabeta");
    for r in &s.rows {
        assert!(matches!(r.status, Status::Measured(_)), "{r:?}");
    }
    // The process's CPU time around each run: read on unix, and never negative.
    #[cfg(unix)]
    {
        assert!(s.baseline_cpu_ms.is_some_and(|c| c >= 0.0));
        for r in &s.rows {
            let Status::Measured(m) = &r.status else {
                unreachable!()
            };
            assert!(m.cpu_ms.is_some_and(|c| c >= 0.0), "{r:?}");
        }
    }
    // The simulated search on one position is deterministic: the same nodes each round.
    assert!(s
        .baseline_rounds
        .iter()
        .all(|r| r.1 == s.baseline_rounds[0].1));
}
