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
            "baseline",
            "alphabeta_speedup",
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
fn measured_cost_model_is_this_machines_and_keeps_the_value() {
    let serial = json(&["search", "--game", GAME, "--algo", "alphabeta", "--json"]);
    for algo in ["tree-split", "type-guided"] {
        let v = json(&[
            "search", "--game", GAME, "--algo", algo, "--procs", "3", "--cost", "measured",
            "--json",
        ]);
        assert_eq!(v["value"], serial["value"], "{algo}");
        let model = v["cost_model"].as_str().unwrap();
        assert!(model.starts_with("measured:leaf="), "{model}");
        assert!(v["speedup"].as_f64().unwrap() > 0.0);
        // An override replaces the measured figure.
        let v = json(&[
            "search",
            "--game",
            GAME,
            "--algo",
            algo,
            "--procs",
            "3",
            "--cost",
            "measured:message=0.5",
            "--json",
        ]);
        let model = v["cost_model"].as_str().unwrap();
        assert!(model.contains("message=5.000e-1"), "{model}");
    }
    for bad in ["measured:nope=1", "measured:message=-1"] {
        assert_usage_error(&[
            "search",
            "--game",
            GAME,
            "--algo",
            "tree-split",
            "--procs",
            "3",
            "--cost",
            bad,
        ]);
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

#[test]
fn knm_on_both_backends_and_models_and_bad_options() {
    let game = "incremental:b=4,d=5,seed=1,lo=-1000,hi=999";
    let serial = json(&["search", "--game", game, "--algo", "alphabeta", "--json"]);
    for (algo, backend) in [
        ("knm", "sim"),
        ("knm", "threads"),
        ("knm:fifo=0,deepening=1", "sim"),
        ("knm:model=pooled,preorder=1", "sim"),
    ] {
        let v = json(&[
            "search",
            "--game",
            game,
            "--algo",
            algo,
            "--procs",
            "20",
            "--backend",
            backend,
            "--json",
        ]);
        assert_eq!(v["value"], serial["value"], "{algo} {backend}");
        assert_eq!(v["best_move"], serial["best_move"], "{algo} {backend}");
    }
    for bad in ["knm:fifo=2", "knm:model=x", "knm:deepening"] {
        assert_usage_error(&["search", "--game", game, "--algo", bad, "--procs", "4"]);
    }
    assert_usage_error(&["search", "--game", game, "--algo", "knm", "--procs", "0"]);
    assert_usage_error(&[
        "search",
        "--game",
        game,
        "--algo",
        "knm:model=pooled",
        "--procs",
        "4",
        "--backend",
        "threads",
    ]);
}

#[test]
fn type_guided_reports_the_last_iteration_and_node_types() {
    // Best-first ordered tree: the last iteration is the minimal tree, 4^3 + 4^3 - 1 leaves.
    for extra in [
        &["--procs", "5"][..],
        &["--backend", "threads", "--procs", "3"][..],
    ] {
        let mut args = vec![
            "search",
            "--game",
            "ordered:n=4,d=6,order=best",
            "--algo",
            "type-guided",
            "--json",
        ];
        args.extend_from_slice(extra);
        let v = json(&args);
        assert_eq!(v["last_iteration"]["leaves"], 127, "{extra:?}");
        assert!(v["nodes"].as_u64().unwrap() > v["last_iteration"]["nodes"].as_u64().unwrap());
        assert_eq!(v["node_types"]["mispredicted"], 0);
    }
    let serial = json(&["search", "--game", GAME, "--algo", "alphabeta", "--json"]);
    let v = json(&[
        "search",
        "--game",
        GAME,
        "--algo",
        "type-guided:f=3/4,preorder=1",
        "--json",
    ]);
    assert_eq!(v["value"], serial["value"]);
    assert_eq!(v["procs"], 16);
    for bad in [
        "type-guided:f=0",
        "type-guided:levels=2,f=3/4",
        "type-guided:guess=2",
    ] {
        assert_usage_error(&["search", "--game", GAME, "--algo", bad, "--procs", "4"]);
    }
}
