//! `arachne search` with the parallel algorithms of seed 000 (the `fishburn` experiment is
//! tested in `arachne-experiments`).
mod common;

use common::{assert_usage_error, json};

const GAME: &str = "incremental:b=5,d=6,seed=3";

#[test]
fn parallel_search_json_fields_and_exact_values() {
    let serial = json(&["search", "--game", GAME, "--algo", "alphabeta", "--json"]);
    for algo in [
        "tree-split",
        "tree-split:f=2,q=2",
        "baudet",
        "palphabeta-par",
        "pbound",
    ] {
        let mut args = vec!["search", "--game", GAME, "--algo", algo, "--json"];
        if !algo.contains("q=") {
            args.extend(["--procs", "4"]);
        }
        let v = json(&args);
        for key in [
            "value",
            "best_move",
            "pv",
            "nodes",
            "leaves",
            "time_ms",
            "procs",
            "virtual_time",
            "serial_virtual_time",
            "speedup",
            "messages",
        ] {
            assert!(v.get(key).is_some(), "{algo}: missing {key}");
        }
        assert_eq!(v["value"], serial["value"], "{algo}");
        assert_eq!(v["best_move"], serial["best_move"], "{algo}");
    }
    let t = json(&[
        "search",
        "--game",
        GAME,
        "--algo",
        "tree-split",
        "--procs",
        "3",
        "--backend",
        "threads",
        "--json",
    ]);
    assert_eq!(t["value"], serial["value"]);
    assert!(t.get("virtual_time").is_none());
}

#[test]
fn simulated_runs_are_reproducible() {
    let args = [
        "search",
        "--game",
        GAME,
        "--algo",
        "tree-split:q=2",
        "--procs",
        "13",
        "--cost",
        "arachne",
        "--latency-seed",
        "7",
        "--json",
    ];
    let (a, b) = (json(&args), json(&args));
    for key in ["virtual_time", "messages", "nodes", "speedup"] {
        assert_eq!(a[key], b[key], "{key}");
    }
}

#[test]
fn bad_parallel_input_is_one_line_and_status_2() {
    for args in [
        vec!["search", "--algo", "tree-split", "--procs", "0"],
        vec!["search", "--algo", "tree-split"],
        vec!["search", "--algo", "tree-split:f=3,q=2", "--procs", "5"],
        vec!["search", "--algo", "tree-split:zz=1", "--procs", "3"],
        vec![
            "search",
            "--algo",
            "tree-split",
            "--procs",
            "3",
            "--backend",
            "mpi",
        ],
        vec![
            "search",
            "--algo",
            "tree-split",
            "--procs",
            "3",
            "--cost",
            "fast",
        ],
        vec![
            "search",
            "--algo",
            "tree-split",
            "--procs",
            "3",
            "--cost",
            "unit:rho=0",
        ],
        vec![
            "search",
            "--algo",
            "baudet",
            "--procs",
            "3",
            "--backend",
            "threads",
            "--cost",
            "unit",
        ],
        vec![
            "search",
            "--algo",
            "tree-split",
            "--procs",
            "100000",
            "--backend",
            "threads",
        ],
    ] {
        assert_usage_error(&args);
    }
}

#[test]
fn message_delays_below_the_clock_resolution_still_finish() {
    let game = "iid:n=5,d=6,seed=1";
    let want = json(&["search", "-g", game, "-a", "alphabeta", "--json"])["value"].clone();
    for cost in ["unit:message=1e-20", "unit:leaf=1e9,message=1e-9"] {
        let v = json(&[
            "search",
            "-g",
            game,
            "-a",
            "tree-split",
            "--procs",
            "4",
            "--cost",
            cost,
            "--json",
        ]);
        assert_eq!(v["value"], want, "{cost}");
    }
}
