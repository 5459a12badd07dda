//! `arachne experiment` and `arachne reproduce` as a dispatcher: the list of experiments, bad
//! names, and a quick reproduction (the experiments themselves are tested in
//! `arachne-experiments`).
mod common;
use common::{arachne, assert_usage_error};

#[test]
fn help_lists_every_experiment_with_one_line() {
    let out = arachne(&["experiment", "--help"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for e in arachne_experiments::EXPERIMENTS {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(e.name))
            .unwrap_or_else(|| panic!("{} not listed:\n{text}", e.name));
        assert!(line.contains(e.about), "{line}");
    }
}

#[test]
fn unknown_or_missing_names_list_the_known_ones() {
    assert_usage_error(&["experiment", "foo"]);
    assert_usage_error(&["experiment"]);
    let err = String::from_utf8_lossy(&arachne(&["experiment", "foo"]).stderr).to_string();
    for name in arachne_experiments::names() {
        assert!(err.contains(name), "{err}");
    }
    assert_usage_error(&["reproduce", "--frobnicate"]);
}

#[test]
fn reproduce_levels_are_checked_and_the_help_tells_the_time() {
    assert_usage_error(&["reproduce", "--scale", "huge"]);
    assert_usage_error(&["reproduce", "--quick", "--scale", "full"]);
    let err =
        String::from_utf8_lossy(&arachne(&["reproduce", "--quick", "--scale", "report"]).stderr)
            .to_string();
    assert!(err.contains("--quick and --scale report"), "{err}");
    let help = String::from_utf8_lossy(&arachne(&["reproduce", "--help"]).stdout).to_string();
    assert!(help.contains("about 20 s"), "{help}");
    assert!(!help.contains("a few minutes"), "{help}");
    for level in ["quick", "report", "full", "paper"] {
        assert!(help.contains(level), "{level}: {help}");
    }
}

#[test]
fn othello_perft_follows_the_published_convention() {
    // 24 571 284 (a game over before depth 10 is one leaf) against 24 571 056 with --strict.
    let v = common::json(&["perft", "-g", "othello", "-d", "10", "--json"]);
    assert_eq!(v["nodes"], 24_571_284u64);
    let v = common::json(&["perft", "-g", "othello", "-d", "10", "--strict", "--json"]);
    assert_eq!(v["nodes"], 24_571_056u64);
}

#[test]
fn size_options_are_checked_before_any_work() {
    let dir = std::env::temp_dir().join(format!("arachne-scale-{}", std::process::id()));
    let out = dir.to_str().unwrap();
    for args in [
        &["experiment", "knm", "--trees", "5", "--out", out][..],
        &["experiment", "rbfm-othello", "--trees", "5", "--out", out],
        &["experiment", "rbfm-decision", "--trees", "0", "--out", out],
        &["experiment", "rbfm-decision", "--trees", "x", "--out", out],
        &[
            "experiment",
            "rbfm-decision",
            "--branching",
            "7",
            "--out",
            out,
        ],
        &[
            "experiment",
            "rbfm-decision",
            "--branching",
            "3,x",
            "--out",
            out,
        ],
        &["experiment", "rbfm-games", "--depths", "6-4", "--out", out],
        &["experiment", "rbfm-games", "--depths", "1-3", "--out", out],
        &[
            "experiment",
            "rbfm-games",
            "--depths",
            "7-10",
            "--branching",
            "20",
            "--out",
            out,
        ],
        &["experiment", "rbfm-othello", "--depths", "9", "--out", out],
        &[
            "experiment",
            "rbfm-othello",
            "--openings",
            "245",
            "--out",
            out,
        ],
        &[
            "experiment",
            "rbfm-othello",
            "--quick",
            "--scale",
            "paper",
            "--out",
            out,
        ],
        &[
            "experiment",
            "rbfm-othello",
            "--scale",
            "huge",
            "--out",
            out,
        ],
        &[
            "experiment",
            "rbfm-othello",
            "--matching",
            "time",
            "--out",
            out,
        ],
        &[
            "experiment",
            "rbfm-games",
            "--matching",
            "nodes",
            "--out",
            out,
        ],
    ] {
        assert_usage_error(args);
    }
    // A chosen size is what runs: one tree of Table 1's row b = 3, D = 2; two openings at
    // alpha-beta depth 1.
    let v = common::json(&[
        "experiment",
        "rbfm-games",
        "--trees",
        "1",
        "--branching",
        "3",
        "--depths",
        "2",
        "--out",
        out,
        "--json",
    ]);
    let rows = v["data"]["table1"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0]["b"].as_u64(), rows[0]["d_ab"].as_u64()),
        (Some(3), Some(2))
    );
    assert_eq!(rows[0]["trees"], 1);
    let v = common::json(&[
        "experiment",
        "rbfm-othello",
        "--openings",
        "2",
        "--depths",
        "1",
        "--out",
        out,
        "--json",
    ]);
    assert_eq!(v["data"]["fig9"].as_array().unwrap().len(), 1);
    assert_eq!(v["data"]["matching"], "nodes");
    // The paper's matching: principal-variation depths calibrated at alpha-beta depth 2.
    let v = common::json(&[
        "experiment",
        "rbfm-othello",
        "--openings",
        "2",
        "--depths",
        "2",
        "--matching",
        "pv-depth",
        "--out",
        out,
        "--json",
    ]);
    assert_eq!(v["data"]["matching"], "pv-depth");
    let row = &v["data"]["fig9"][0];
    assert!(row["pv_depth_rbfm"].as_u64().is_some_and(|k| k >= 1));
    assert!(row["pv_depth_bfm"].as_u64().is_some_and(|k| k >= 1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_is_not_one_is_bad_input() {
    let dir = std::env::temp_dir().join(format!("arachne-engine-{}", std::process::id()));
    let out = dir.to_str().unwrap();
    for engine in ["/nonexistent/stockfish", "/bin/true"] {
        assert_usage_error(&[
            "experiment",
            "rbfm-chess",
            "--quick",
            "--engine",
            engine,
            "--out",
            out,
        ]);
    }
    // Only rbfm-chess takes an engine.
    assert_usage_error(&[
        "experiment",
        "rbfm-othello",
        "--quick",
        "--engine",
        "/bin/true",
        "--out",
        out,
    ]);
    assert_usage_error(&["learn", "--game", "chess", "--engine", "/bin/true"]);
}

/// `rbfm-chess --quick --engine` with a real engine (module `rbfm_chess_engine`): skipped
/// without one unless `CI` is set (CI installs Debian's `stockfish`).
#[test]
fn rbfm_chess_runs_on_an_external_engine() {
    let Some(engine) = arachne_engine::uci::client::find_engine() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but no UCI engine was found (apt-get install stockfish)"
        );
        eprintln!("\nSKIPPED rbfm_chess_runs_on_an_external_engine: no UCI engine");
        return;
    };
    let dir = std::env::temp_dir().join(format!("arachne-engine-run-{}", std::process::id()));
    let v = common::json(&[
        "experiment",
        "rbfm-chess",
        "--quick",
        "--engine",
        engine.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
        "--json",
    ]);
    let pos = &v["data"]["positions"][0];
    assert_eq!(pos["position"], "Fin3");
    // The engine alone settles on Fin3's solution (Be4) within its budget.
    assert!(
        pos["engine_alone"]["nodes"].as_f64().unwrap() > 0.0,
        "{pos}"
    );
    assert_eq!(v["data"]["engine"], engine.to_str().unwrap());
    let _ = std::fs::remove_dir_all(dir);
}
