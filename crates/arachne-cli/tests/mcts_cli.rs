//! `arachne search --algo mcts[:options]`: exact values run to the end, seeded
//! repetition, exact budgets, the refused options (one line, exit status 2), `arachne algos`.
mod common;

use common::{arachne, assert_usage_error, json};

#[test]
fn mcts_solves_small_trees_to_the_alphabeta_value() {
    for spec in [
        "incremental:b=4,d=5,seed=3",
        "iid:n=3,d=5,seed=2",
        "tictactoe",
    ] {
        let want = json(&["search", "-g", spec, "-a", "alphabeta", "--json"])["value"].clone();
        for algo in [
            "mcts",
            "mcts:expand=all,playout=eval",
            "mcts:playout=ab:2,seed=4,best=value",
        ] {
            let v = json(&["search", "-g", spec, "-a", algo, "--json"]);
            assert_eq!(v["value"], want, "{spec} {algo}: {v}");
            assert_eq!(v["value_kind"], "exact", "{spec} {algo}");
            assert!(v["stopped"].is_null(), "{spec} {algo}: {v}");
            assert_eq!(v["pv"][0], v["best_move"], "{spec} {algo}");
            for key in [
                "nodes",
                "iterations",
                "tree_nodes",
                "bytes_per_node",
                "time_ms",
            ] {
                assert!(v.get(key).is_some(), "{algo}: missing {key}");
            }
        }
    }
}

#[test]
fn seeded_runs_repeat_and_budgets_are_exact() {
    let run = |algo: &str, extra: &[&str]| {
        let mut args = vec!["search", "-g", "connect4", "-a", algo, "--json"];
        args.extend_from_slice(extra);
        let mut v = json(&args);
        v.as_object_mut().unwrap().remove("time_ms");
        v
    };
    let a = run("mcts:seed=5,iters=800,solver=0", &[]);
    assert_eq!(a, run("mcts:seed=5,iters=800,solver=0", &[]));
    assert_eq!(a["iterations"], 800);
    assert!(a["stopped"].is_null(), "{a}");
    let n = run("mcts:seed=5", &["--nodes", "2000"]);
    assert_eq!(n["stopped"], "nodes");
    let nodes = n["nodes"].as_u64().unwrap();
    assert!(nodes <= 2000 && nodes + 7 > 2000, "{n}");
    let m = run("mcts:seed=5,playout=eval", &["--memory", "1"]);
    assert_eq!(m["stopped"], "memory");
    let bytes = m["tree_bytes"].as_u64().unwrap();
    assert!(bytes <= 1 << 20, "{m}");
    assert!(m["bytes_per_node"].as_u64().unwrap() <= 48);
}

#[test]
fn options_mcts_cannot_honour_are_refused() {
    for extra in [
        &["--procs", "2"][..],
        &["--backend", "threads"],
        &["--cost", "unit"],
        &["--latency-seed", "3"],
        &["--quiescence"],
        &["--ordering"],
        &["--preorder"],
        &["--null-move"],
        &["--check-extension"],
        &["--hash", "8"],
        &["--depth", "4"],
        &["--memory", "0"],
    ] {
        let mut args = vec!["search", "-g", "connect4", "-a", "mcts:iters=10"];
        args.extend_from_slice(extra);
        assert_usage_error(&args);
        let err = String::from_utf8_lossy(&arachne(&args).stderr).to_string();
        assert!(err.contains(extra[0]), "{extra:?}: {err}");
    }
    for bad in [
        "mcts:c=1,c=2",
        "mcts:seed=x",
        "mcts:playout=ab:99",
        "mcts:expand=two",
        "mcts:solver=yes",
        "mcts:iters=0",
        "mcts:bogus=1",
        "mcts:memory=2,iters=5",
    ] {
        let mut args = vec!["search", "-g", "connect4", "-a", bad];
        if bad.contains("memory") {
            args.extend(["--memory", "3"]);
        }
        assert_usage_error(&args);
    }
}

#[test]
fn algos_lists_mcts() {
    let out = arachne(&["algos"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("mcts ")),
        "{text}"
    );
}

#[test]
fn parallel_forms_solve_to_the_alphabeta_value_and_keep_budgets() {
    for spec in ["incremental:b=4,d=5,seed=3", "tictactoe"] {
        let want = json(&["search", "-g", spec, "-a", "alphabeta", "--json"])["value"].clone();
        for (algo, threads) in [
            ("mcts", "2"),
            ("mcts:par=tree", "3"),
            ("mcts:par=root", "2"),
            ("mcts:par=leaf", "2"),
        ] {
            let v = json(&[
                "search",
                "-g",
                spec,
                "-a",
                algo,
                "--threads",
                threads,
                "--json",
            ]);
            assert_eq!(v["value"], want, "{spec} {algo}: {v}");
            assert_eq!(v["value_kind"], "exact", "{spec} {algo}");
            assert_eq!(v["threads"].to_string(), threads, "{algo}");
        }
    }
    for algo in ["mcts:par=tree", "mcts:par=root", "mcts:par=leaf"] {
        for (flag, value, stop) in [("--nodes", "3000", "nodes"), ("--memory", "1", "memory")] {
            let args = ["search", "-g", "connect4", "-a", algo, "--threads", "2"];
            let v = json(&[&args[..], &[flag, value, "--json"]].concat());
            assert_eq!(v["stopped"], stop, "{algo} {flag}: {v}");
            if flag == "--nodes" {
                assert!(v["nodes"].as_u64().unwrap() <= 3000, "{algo}: {v}");
            }
        }
    }
    // One thread: the serial search's answer.
    let strip = |mut v: serde_json::Value| {
        let o = v.as_object_mut().unwrap();
        for k in ["time_ms", "form", "algo", "bytes_per_node", "tree_bytes"] {
            o.remove(k);
        }
        v
    };
    let serial = strip(json(&[
        "search",
        "-g",
        "connect4",
        "-a",
        "mcts:iters=700",
        "--json",
    ]));
    for par in ["tree", "root", "leaf"] {
        let algo = format!("mcts:iters=700,par={par}");
        let v = strip(json(&[
            "search",
            "-g",
            "connect4",
            "-a",
            &algo,
            "--threads",
            "1",
            "--json",
        ]));
        assert_eq!(v, serial, "{par}");
    }
}

#[test]
fn parallel_options_that_cannot_run_are_refused() {
    for (algo, extra) in [
        ("mcts:par=leaf,playout=eval", &["--threads", "2"][..]),
        ("mcts:threads=3", &["--threads", "2"]),
        ("mcts:par=root", &["--threads", "2", "--procs", "2"]),
        ("mcts:par=tree", &["--threads", "2", "--backend", "mpi"]),
        ("mcts:threads=0", &[]),
    ] {
        let mut args = vec!["search", "-g", "connect4", "-a", algo];
        args.extend_from_slice(extra);
        assert_usage_error(&args);
    }
}

#[test]
fn root_parallel_processes_run_on_sim_and_threads() {
    // `par=root --procs P` on sim is the threaded root form on P threads, with the speedup;
    // run to the end it gives alpha-beta's value on sim and threads.
    let strip = |mut v: serde_json::Value| {
        let o = v.as_object_mut().unwrap();
        for k in [
            "time_ms",
            "threads",
            "procs",
            "messages",
            "backend",
            "virtual_time",
            "serial_virtual_time",
            "speedup",
            "cost_model",
        ] {
            o.remove(k);
        }
        v
    };
    let base = [
        "search",
        "-g",
        "connect4",
        "-a",
        "mcts:par=root,iters=900,seed=3",
    ];
    let procs = json(&[&base[..], &["--procs", "3", "--json"]].concat());
    let threads = json(&[&base[..], &["--threads", "3", "--json"]].concat());
    assert_eq!(procs["procs"], 3);
    assert_eq!(procs["messages"], 3);
    assert!(procs["speedup"].as_f64().unwrap() > 2.5, "{procs}");
    assert_eq!(strip(procs), strip(threads));
    let want = json(&["search", "-g", "tictactoe", "-a", "alphabeta", "--json"])["value"].clone();
    for backend in ["sim", "threads"] {
        let v = json(&[
            "search",
            "-g",
            "tictactoe",
            "-a",
            "mcts:par=root",
            "--procs",
            "4",
            "--backend",
            backend,
            "--json",
        ]);
        assert_eq!(v["value"], want, "{backend}: {v}");
        assert_eq!(v["value_kind"], "exact", "{backend}");
    }
    for (algo, extra, flag) in [
        ("mcts:par=tree", &["--procs", "2"][..], "--procs"),
        ("mcts", &["--procs", "2"], "--procs"),
        ("mcts:par=root", &["--backend", "threads"], "--backend"),
        ("mcts:par=root,threads=2", &["--procs", "2"], "--procs"),
        (
            "mcts:par=root",
            &["--procs", "2", "--backend", "threads", "--cost", "unit"],
            "--cost",
        ),
        (
            "mcts:par=root",
            &["--procs", "2", "--backend", "tcp"],
            "tcp",
        ),
        ("mcts:par=root", &["--procs", "0"], "--procs"),
    ] {
        let mut args = vec!["search", "-g", "connect4", "-a", algo];
        args.extend_from_slice(extra);
        assert_usage_error(&args);
        let err = String::from_utf8_lossy(&arachne(&args).stderr).to_string();
        assert!(err.contains(flag), "{extra:?}: {err}");
    }
}
