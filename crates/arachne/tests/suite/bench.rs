use arachne::bench::*;
use arachne::SearchRequest;
use serde_json::Value;

fn row(nodes: u64, time_ms: f64) -> BenchRow {
    BenchRow {
        game: "chess",
        position: "chess".into(),
        depth: 1,
        nodes,
        time_ms,
        report: Value::Null,
    }
}

#[test]
fn totals_and_rate() {
    let b = Bench {
        algo: SERIAL.into(),
        threads: 1,
        rows: vec![row(1_000, 250.0), row(3_000, 750.0)],
    };
    assert_eq!(b.signature(), 4_000);
    assert_eq!(b.time_ms(), 1_000.0);
    assert_eq!(b.nps(), 4_000.0);
    assert!(b.is_signature());
    assert_eq!(b.json()["signature"], 4_000);
    let b = Bench { threads: 2, ..b };
    assert!(!b.is_signature());
    assert!(b.json()["signature"].is_null());
    assert_eq!(b.json()["nodes"], 4_000);
    let none = Bench {
        rows: vec![row(5, 0.0)],
        ..b
    };
    assert_eq!(none.nps(), 0.0);
}

#[test]
fn unknown_games_and_empty_depths_are_refused() {
    let req = BenchRequest {
        games: vec!["go".into()],
        ..BenchRequest::default()
    };
    let e = run(&req, &mut |_| {}).unwrap_err().to_string();
    assert!(
        e.starts_with("--game go: no bench for it (benches: chess, checkers"),
        "{e}"
    );
    let req = BenchRequest {
        games: vec!["othello".into()],
        shallower: 11,
        ..BenchRequest::default()
    };
    assert!(run(&req, &mut |_| {}).is_err());
}

#[test]
fn every_position_parses() {
    for set in sets() {
        assert!(!set.positions.is_empty());
        for spec in &set.positions {
            let mut r = SearchRequest::new(spec, SERIAL);
            r.depth = Some(1);
            arachne::run::search(&r).unwrap_or_else(|e| panic!("{spec}: {e}"));
        }
    }
}
