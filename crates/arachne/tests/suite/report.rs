use arachne::report::*;
use arachne::{games::GameInfo, Score};
use serde_json::{json, Value};

fn info(spec: &str) -> GameInfo {
    struct I;
    impl arachne_games::GameVisitor for I {
        type Output = GameInfo;
        fn visit<G: arachne_core::Game>(self, _: G, info: GameInfo) -> GameInfo {
            info
        }
    }
    arachne_games::with_game(spec, I).unwrap()
}

#[test]
fn a_usage_error_names_the_flag_it_opens_with() {
    let e = RunError::usage("--hash: out of memory");
    assert_eq!(e.option(), Some("--hash"));
    assert!(matches!(e, RunError::Invalid { .. }));
    assert_eq!(e.to_string(), "--hash: out of memory");
    let e = RunError::usage("--time-ms must be at least 1");
    assert_eq!(e.option(), Some("--time-ms"));
    for plain in [
        "unknown game `go`",
        "-- alone",
        "--",
        "f=9 needs --procs 10",
    ] {
        let e = RunError::usage(plain);
        assert_eq!(e, RunError::Usage(plain.into()), "{plain}");
        assert_eq!(e.option(), None);
    }
    let e = RunError::refused("--null-move", "pbound does not take --null-move");
    assert_eq!(e.option(), Some("--null-move"));
    assert_eq!(e.message(), "pbound does not take --null-move");
    let e = e.map_message(|m| format!("baseline: {m}"));
    assert_eq!(e.option(), Some("--null-move"));
    assert_eq!(e.to_string(), "baseline: pbound does not take --null-move");
    assert!(!RunError::failed("MPI: lost").is_usage());
}

#[test]
fn figures_read_as_words_and_rounded_numbers() {
    assert_eq!(
        round_numbers_in("arachne(message=0.014285714285714285,leaf=1)"),
        "arachne(message=0.01429,leaf=1)"
    );
    assert_eq!(round_numbers_in("unit:leaf=1.5 ×2"), "unit:leaf=1.5 ×2");
    let mut r = Report::new(Value::Null);
    extra_text(
        &mut r,
        &json!({"messages_per_expansion": 2.007207207207207, "slave_share": 0.75,
                "procs": 4, "backend": "sim", "speedup_note": null, "virtual_time": 538.5}),
    );
    assert!(
        r.text.contains("messages per expansion 2.01\n"),
        "{}",
        r.text
    );
    assert!(r.text.contains("slave share 75.0%\n"), "{}", r.text);
    assert!(r.text.contains("processors 4\n"), "{}", r.text);
    assert!(r.text.contains("backend    sim\n"), "{}", r.text);
    assert!(r.text.contains("virtual time 538.5\n"), "{}", r.text);
    assert!(!r.text.contains("note"), "{}", r.text);
}

#[test]
fn values_are_in_the_games_units() {
    let chess = info("chess");
    assert_eq!(value_text(Score(35), &chess), "35 centipawns");
    assert_eq!(value_text(Score::win_in(5), &chess), "mate in 3");
    assert_eq!(value_text(Score::loss_in(4), &chess), "mated in 2");
    assert_eq!(mate_in(Score::win_in(1)), Some(1));
    assert_eq!(mate_in(Score::loss_in(2)), Some(-1));
    assert_eq!(mate_in(Score(35)), None);
    let inc = info("incremental:b=3,d=4,seed=1");
    assert_eq!(
        value_text(Score(1 << 19), &inc),
        format!("0.500000 ({} × 2^-20)", 1 << 19)
    );
    let mut v = json!({});
    value_json(&mut v, Some(Score(-(1 << 18))), &inc);
    assert_eq!(v["value_real"], json!(-0.25));
    assert!(v["mate_in"].is_null());
    let iid = info("iid:n=2,d=3,seed=1");
    assert!(value_text(Score(1 << 28), &iid).starts_with("0.500000 "));
    let ints = info("incremental:b=3,d=4,seed=1,lo=-5,hi=5");
    assert_eq!(value_text(Score(7), &ints), "7");
    let mut v = json!({});
    value_json(&mut v, Some(Score::win_in(3)), &info("connect4"));
    assert_eq!(v["mate_in"], json!(2));
    assert!(v.get("value_real").is_none());
}

#[test]
fn numbers_are_grouped() {
    assert_eq!(thousands(0), "0");
    assert_eq!(thousands(999), "999");
    assert_eq!(thousands(1000), "1,000");
    assert_eq!(thousands(12_345_678), "12,345,678");
    assert_eq!(mnps(3_000_000, 0.5), "6.00");
    assert_eq!(mnps(1, 0.0), "-");
}

#[test]
fn lines_end_in_newlines() {
    let mut r = Report::new(Value::Null);
    r.line("a");
    r.line(format_args!("b {}", 1));
    assert_eq!(r.text, "a\nb 1\n");
}
