//! `arachne search --algo bfm|rbfm` (serial, shared tree, master–slave), `arachne learn`, and
//! their one-line errors.
mod common;

use common::{arachne, assert_usage_error, json};

#[test]
fn bfm_and_rbfm_agree_with_alphabeta_run_to_the_end() {
    let spec = "incremental:b=5,d=6,seed=1";
    let want = json(&["search", "-g", spec, "-a", "alphabeta", "--json"])["value"].clone();
    for algo in [
        vec!["bfm"],
        vec!["rbfm"],
        vec!["rbfm:seed=3,pruning=0,dist=normal"],
        vec!["rbfm:threads=2"],
        vec!["rbfm", "--procs", "4"],
        vec!["rbfm", "--procs", "3", "--backend", "threads"],
    ] {
        let mut args = vec!["search", "-g", spec, "-a"];
        args.extend(algo.iter().copied());
        args.push("--json");
        let v = json(&args);
        assert_eq!(v["value"], want, "{algo:?}: {v}");
        assert_eq!(v["value_kind"], "exact", "{algo:?}");
        for key in [
            "best_move",
            "pv",
            "nodes",
            "leaves",
            "time_ms",
            "tree_nodes",
            "bytes_per_node",
        ] {
            assert!(v.get(key).is_some(), "{algo:?}: missing {key}");
        }
    }
    let sim = json(&["search", "-g", spec, "-a", "rbfm", "--procs", "8", "--json"]);
    assert!(sim["speedup"].as_f64().unwrap() > 1.0);
    assert!(sim.get("virtual_time").is_some());
}

#[test]
fn budgets_and_memory_caps_stop_cleanly() {
    let spec = "incremental:b=10,d=20,seed=2,branching=random";
    let v = json(&[
        "search", "-g", spec, "-a", "rbfm", "--nodes", "5000", "--json",
    ]);
    assert!(v["nodes"].as_u64().unwrap() <= 5000);
    assert_eq!(v["stopped"], "nodes");
    assert!(v["best_move"].is_string());
    let v = json(&["search", "-g", spec, "-a", "bfm", "--memory", "1", "--json"]);
    assert_eq!(v["stopped"], "memory");
    assert!(v["tree_bytes"].as_u64().unwrap() <= 1 << 20);
    assert!(v["best_move"].is_string());
    let v = json(&["search", "-g", spec, "-a", "rbfm", "--depth", "8", "--json"]);
    // The principal variation reached the depth: no limit stopped it.
    assert!(v["stopped"].is_null(), "{v}");
    assert!(
        v.get("stop").is_none(),
        "one field says why a search stopped: {v}"
    );
    assert_eq!(v["depth"], 8);
}

#[test]
fn same_command_same_numbers() {
    let args = [
        "search",
        "-g",
        "incremental:b=10,d=20,seed=2,branching=random",
        "-a",
        "rbfm:seed=5",
        "--nodes",
        "20000",
        "--json",
    ];
    let a = json(&args);
    let b = json(&args);
    for k in ["value", "best_move", "pv", "nodes", "interior"] {
        assert_eq!(a[k], b[k], "{k}");
    }
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    for args in [
        vec!["search", "-g", "connect4", "-a", "rbfm:bogus=1"],
        vec!["search", "-g", "connect4", "-a", "rbfm:dist=cauchy"],
        vec![
            "search",
            "-g",
            "connect4",
            "-a",
            "rbfm:table=/nonexistent/x.tbl",
        ],
        vec!["search", "-g", "connect4", "-a", "bfm:seed=1"],
        vec!["search", "-g", "connect4", "-a", "rbfm", "--memory", "0"],
        vec!["search", "-g", "connect4", "-a", "bfm", "--procs", "4"],
        vec!["search", "-g", "connect4", "-a", "rbfm:threads=0"],
        vec!["learn", "-g", "othello", "--positions", "0"],
        vec!["learn", "-g", "othello", "--dist", "nope"],
    ] {
        assert_usage_error(&args);
    }
}

#[test]
fn learn_writes_a_table_rbfm_loads() {
    let dir = std::env::temp_dir().join(format!("arachne-learn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("t.tbl");
    let out = arachne(&[
        "learn",
        "-g",
        "incremental:b=4,d=40,seed=3,branching=random",
        "--positions",
        "30",
        "--real-depth",
        "6",
        "--expansions",
        "40",
        "--rounds",
        "2",
        "--out",
        table.to_str().unwrap(),
        "--plots",
        dir.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("rbfm-histograms.svg").exists());
    let algo = format!("rbfm:table={}", table.display());
    let v = json(&[
        "search",
        "-g",
        "incremental:b=4,d=6,seed=1",
        "-a",
        &algo,
        "--json",
    ]);
    assert_eq!(v["value_kind"], "exact");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A search stopped by its `--memory` cap says so in both fields, `stop` (the best-first
/// search's own rule) and `stopped` (the reason every search reports), and in the text: not
/// "nodes".
#[test]
fn a_memory_cap_is_reported_as_memory() {
    let spec = "incremental:b=10,d=20,seed=2,branching=random";
    for algo in [
        vec!["bfm"],
        vec!["rbfm"],
        vec!["rbfm:threads=2"],
        vec!["rbfm", "--procs", "4"],
        vec!["rbfm", "--procs", "3", "--backend", "threads"],
    ] {
        let mut args = vec!["search", "-g", spec, "--memory", "1", "-a"];
        args.extend(algo.iter().copied());
        let mut with_json = args.clone();
        with_json.push("--json");
        let v = json(&with_json);
        assert_eq!(v["stopped"], "memory", "{algo:?}: {v}");
        let out = arachne(&args);
        assert!(out.status.success(), "{algo:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("stop       memory limit"), "{algo:?}: {text}");
        assert!(!text.contains("node limit"), "{algo:?}: {text}");
    }
}
