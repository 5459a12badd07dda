//! The `arachne` binary: output formats, determinism, and one-line errors with exit status 2.
mod common;

use common::{arachne, assert_usage_error, json};

#[test]
fn the_bare_binary_runs_the_tour() {
    let out = arachne(&[]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.ends_with('✔') || l.ends_with('✘'))
        .collect();
    // Serial, shared-memory, message-passing on threads, and P = 1, 4, 16, 64 simulated:
    // every value the serial search's at the same depth.
    assert_eq!(rows.len(), 7, "{text}");
    assert!(rows.iter().all(|r| r.ends_with('✔')), "{text}");
    // The serial row is the faster of aspiration and abdada on one thread.
    assert!(rows[0].contains("(fastest serial)"), "{text}");
    assert!(rows[1].starts_with("abdada"), "{text}");
    assert!(rows[6].contains("P = 64 simulated"), "{text}");
    for cmd in [
        "arachne speedup --game",
        "arachne bench",
        "arachne search --help",
    ] {
        assert!(text.contains(cmd), "missing {cmd} in:\n{text}");
    }
}

#[test]
fn search_without_arguments_is_the_quick_search() {
    let out = arachne(&["search"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for key in ["value", "best move", "pv", "nodes", "cutoffs", "time"] {
        assert!(text.contains(key), "missing {key} in:\n{text}");
    }
}

#[test]
fn speedup_measures_and_refuses_with_one_line() {
    let v = json(&[
        "speedup",
        "--positions",
        "incremental:b=4,d=6,seed=1",
        "incremental:b=4,d=6,seed=2",
        "--preorder",
        "--rounds",
        "2",
        "--algos",
        "abdada:threads=2,tree-split:procs=2,mcts",
        "--json",
    ]);
    assert_eq!(v["baseline"]["search"], "alphabeta");
    assert_eq!(v["rounds"], 2);
    assert_eq!(v["searches"][0]["status"], "measured");
    assert_eq!(v["searches"][1]["status"], "measured");
    assert_eq!(v["searches"][1]["backend"], "threads");
    assert_eq!(v["searches"][1]["busy"].as_array().unwrap().len(), 2);
    assert_eq!(v["searches"][2]["status"], "refused");
    assert!(v["machine"].is_string());
    let spread = &v["searches"][0]["spread"];
    assert!(spread[0].as_f64().unwrap() <= v["searches"][0]["speedup"].as_f64().unwrap());
    let csv = arachne(&[
        "speedup",
        "--game",
        "connect4",
        "--depth",
        "5",
        "--algos",
        "abdada:threads=2",
        "--csv",
    ]);
    assert!(csv.status.success());
    assert_eq!(String::from_utf8(csv.stdout).unwrap().lines().count(), 3);
    assert_usage_error(&["speedup", "--algos", "abdada"]);
    assert_usage_error(&["speedup", "--game", "connect4", "--algos", "nosuch"]);
    assert_usage_error(&[
        "speedup", "--game", "connect4", "--algos", "abdada", "--rounds", "0",
    ]);
    assert_usage_error(&[
        "speedup",
        "--game",
        "connect4",
        "--algos",
        "abdada:threads=0",
    ]);
}

#[test]
fn speedup_under_a_node_budget_measures_best_first_and_monte_carlo_searches() {
    let v = json(&[
        "speedup",
        "--game",
        "connect4",
        "--nodes",
        "4000",
        "--rounds",
        "1",
        "--algos",
        "rbfm:procs=2",
        "--json",
    ]);
    assert_eq!(v["baseline"]["search"], "rbfm");
    assert_eq!(v["nodes_budget"], 4000);
    assert_eq!(v["searches"][0]["status"], "measured", "{v}");
    assert_eq!(v["searches"][0]["backend"], "threads");
    let v = json(&[
        "speedup",
        "--game",
        "tictactoe",
        "--nodes",
        "3000",
        "--rounds",
        "1",
        "--algos",
        "mcts:threads=2",
        "--json",
    ]);
    assert_eq!(v["baseline"]["search"], "mcts");
    assert_eq!(v["searches"][0]["status"], "measured", "{v}");
    assert_usage_error(&[
        "speedup",
        "--game",
        "connect4",
        "--nodes",
        "0",
        "--algos",
        "rbfm:procs=2",
    ]);
}

#[test]
fn speedup_plots_its_searches_and_refuses_a_chart_it_cannot_write() {
    let dir = std::env::temp_dir().join(format!("arachne-speedup-plot-{}", std::process::id()));
    let file = dir.join("s.png");
    let out = arachne(&[
        "speedup",
        "--game",
        "incremental:b=4,d=6,seed=1",
        "--preorder",
        "--rounds",
        "1",
        "--algos",
        "abdada:threads=1,abdada:threads=2,tree-split:procs=2,mcts",
        "--predict-procs",
        "8",
        "--plot",
        file.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(dir.join("s.svg")).unwrap();
    assert!(std::fs::metadata(dir.join("s.png")).unwrap().len() > 1000);
    // One line for ABDADA's two thread counts, one for tree-split and one for its simulated
    // curve, the ideal line; the refused MCTS is not drawn.
    for name in [
        "abdada (threads)",
        "tree-split (processes on threads)",
        "tree-split (processes on threads), simulated",
        "ideal (speedup = P)",
    ] {
        assert!(svg.contains(name), "{name} missing from the chart");
    }
    assert!(!svg.contains("mcts"));
    let _ = std::fs::remove_dir_all(&dir);
    assert_usage_error(&[
        "speedup", "--game", "connect4", "--algos", "abdada", "--plot", "s.pdf",
    ]);
}

#[test]
fn epd_scores_a_suite_and_refuses_with_one_line() {
    let v = json(&[
        "epd",
        "--suite",
        "wac",
        "--limit",
        "2",
        "--depth",
        "3",
        "--threads",
        "1,2",
        "--json",
    ]);
    assert_eq!(v["total"], 2);
    assert_eq!(v["searches"].as_array().unwrap().len(), 2);
    assert_eq!(v["searches"][1]["algo"], "abdada");
    assert_eq!(v["positions"][0]["id"], "WAC.001");
    assert_eq!(v["positions"][0]["bm_uci"][0], "g3g6");
    assert_usage_error(&["epd", "--suite", "wac"]);
    assert_usage_error(&["epd", "--suite", "/no/such/suite.epd", "--depth", "2"]);
    assert_usage_error(&["epd", "--depth", "2", "--threads", "0"]);
    assert_usage_error(&["epd", "--time-ms", "0"]);
}

#[test]
fn search_json_has_the_documented_fields() {
    let v = json(&[
        "search",
        "--game",
        "iid:n=3,d=5,seed=1",
        "--algo",
        "alphabeta",
        "--json",
    ]);
    for key in ["value", "best_move", "pv", "nodes", "leaves", "time_ms"] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert!(v["value"].is_i64());
    assert_eq!(v["pv"].as_array().unwrap().len(), 5);
    assert_eq!(v["depth"], 5);
}

#[test]
fn every_serial_algorithm_agrees_from_the_cli() {
    let spec = "incremental:b=4,d=6,seed=7,branching=random";
    let want = json(&["search", "-g", spec, "-a", "negamax", "--json"])["value"].clone();
    for a in [
        "alphabeta",
        "bound",
        "falphabeta",
        "palphabeta",
        "salphabeta",
        "spalphabeta",
        "aspiration",
        "sss",
        "mtdf",
    ] {
        assert_eq!(
            json(&["search", "-g", spec, "-a", a, "--json"])["value"],
            want,
            "{a}"
        );
    }
}

#[test]
fn same_command_same_numbers() {
    let args = [
        "search",
        "-g",
        "iid:n=4,d=6,seed=42",
        "-a",
        "palphabeta",
        "--preorder",
        "--json",
    ];
    let mut a = json(&args);
    let mut b = json(&args);
    a["time_ms"] = 0.into();
    b["time_ms"] = 0.into();
    assert_eq!(a, b);
    let p1 = arachne(&["perft", "-g", "connect4", "-d", "5", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&p1.stdout).unwrap();
    assert_eq!(v["nodes"], 16807);
    assert_eq!(v["depth"], 5);
}

#[test]
fn perft_counts() {
    assert_eq!(
        json(&["perft", "-g", "tictactoe", "-d", "9", "--json"])["nodes"],
        127_872
    );
    assert_eq!(
        json(&["perft", "-g", "connect4", "-d", "6", "--json"])["nodes"],
        117_649
    );
    assert_eq!(
        json(&["perft", "-g", "ordered:n=3,d=4", "-d", "4", "--json"])["nodes"],
        81
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[&[&str]] = &[
        &["search", "--game", "nosuchgame"],
        &["search", "--game", "iid:n=0,d=3"],
        &["search", "--game", "iid:n=3,d=3", "--depth", "4"],
        &["search", "--game", "iid:n=3,d=3", "--depth", "0"],
        &["search", "--game", "iid:n=3,d=3,bogus=1"],
        &["search", "--game", "iid:n=3,d=3", "--algo", "nosuchalgo"],
        &[
            "search",
            "--game",
            "iid:n=3,d=3",
            "--algo",
            "aspiration:delta=x",
        ],
        &[
            "search",
            "--game",
            "iid:n=3,d=3",
            "--algo",
            "alphabeta",
            "--procs",
            "4",
        ],
        &["search", "--game", "iid:n=3,d=3", "--nodes", "0"],
        &["search", "--depth", "banana"],
        &["perft", "--game", "connect4:moves=11111111", "--depth", "2"],
        &["perft", "--game", "connect4"],
        &["nosuchcommand"],
    ];
    for args in cases {
        assert_usage_error(args);
    }
}

#[test]
fn node_budget_stops_gracefully() {
    let v = json(&[
        "search",
        "-g",
        "incremental:b=10,d=12,seed=1",
        "-a",
        "salphabeta",
        "--nodes",
        "5000",
        "--json",
    ]);
    assert_eq!(v["stopped"], "nodes");
    assert!(v["nodes"].as_u64().unwrap() < 10_000);
}

#[test]
fn listings() {
    let g = String::from_utf8(arachne(&["games"]).stdout).unwrap();
    assert!(g.contains("iid:") && g.contains("connect4"));
    let a = String::from_utf8(arachne(&["algos"]).stdout).unwrap();
    for name in [
        "negamax",
        "alphabeta",
        "bound",
        "falphabeta",
        "lalphabeta",
        "palphabeta",
        "staged",
        "aspiration",
        "sss",
        "mtdf",
    ] {
        assert!(a.contains(name), "{name}");
    }
}
