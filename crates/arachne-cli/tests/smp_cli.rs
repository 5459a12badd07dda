//! `arachne search --threads T` with the shared-memory algorithms, `arachne play
//! ALGO:threads=T`, and the UCI `Threads` / `ParallelAlgorithm` options.
mod common;

use common::{arachne, assert_usage_error, json};
use std::io::Write;
use std::process::{Command, Stdio};

const GAME: &str = "incremental:b=5,d=6,seed=3";

#[test]
fn smp_search_agrees_with_alphabeta() {
    let serial = json(&["search", "--game", GAME, "--algo", "alphabeta", "--json"]);
    for algo in ["ybwc", "jamboree:serial=2", "abdada", "lazy-smp"] {
        for threads in ["1", "3"] {
            let v = json(&[
                "search",
                "--game",
                GAME,
                "--algo",
                algo,
                "--threads",
                threads,
                "--json",
            ]);
            assert_eq!(v["value"], serial["value"], "{algo} {threads}");
            assert_eq!(v["depth"], 6);
            assert_eq!(v["value_kind"], "exact");
        }
    }
    // A node budget stops a search gracefully: the last completed depth.
    let v = json(&[
        "search",
        "--game",
        "chess",
        "--algo",
        "ybwc",
        "--threads",
        "2",
        "--depth",
        "30",
        "--nodes",
        "20000",
        "--json",
    ]);
    assert_eq!(v["stopped"], "nodes");
    assert!(v["best_move"].is_string());
}

#[test]
fn bad_smp_input_is_one_line_and_status_2() {
    for args in [
        &["search", "--game", GAME, "--algo", "ybwc", "--threads", "0"][..],
        &[
            "search",
            "--game",
            GAME,
            "--algo",
            "ybwc",
            "--threads",
            "100000",
        ],
        &[
            "search",
            "--game",
            GAME,
            "--algo",
            "ybwc:serial=0",
            "--threads",
            "2",
        ],
        &["search", "--game", GAME, "--algo", "lazy-smp:serial=2"],
        &["search", "--game", GAME, "--algo", "jamboree:x=1"],
        &["search", "--game", GAME, "--algo", "ybwc", "--procs", "2"],
        &[
            "search",
            "--game",
            GAME,
            "--algo",
            "alphabeta",
            "--threads",
            "2",
        ],
        &[
            "play",
            "--game",
            "tictactoe",
            "--first",
            "alphabeta:threads=2",
            "--second",
            "alphabeta",
        ],
        &[
            "play",
            "--game",
            "tictactoe",
            "--first",
            "ybwc:threads=x",
            "--second",
            "alphabeta",
        ],
    ] {
        assert_usage_error(args);
    }
}

#[test]
fn play_with_threads() {
    let out = arachne(&[
        "play",
        "--game",
        "tictactoe",
        "--first",
        "ybwc:threads=2",
        "--second",
        "abdada:threads=2",
        "--games",
        "2",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Perfect play on both sides: tic-tac-toe is a draw.
    assert_eq!(v["draws"], 2, "{v}");
}

#[test]
fn uci_threads_and_parallel_algorithm() {
    for algo in ["ybwc", "jamboree", "lazy-smp", "abdada"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arachne"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = format!(
            "uci\nsetoption name Threads value 3\nsetoption name ParallelAlgorithm value {algo}\nposition startpos moves e2e4\ngo depth 4\n"
        );
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("option name ParallelAlgorithm"), "{text}");
        assert!(text.contains("info depth 4 "), "{algo}: {text}");
        let best = text.lines().find(|l| l.starts_with("bestmove")).unwrap();
        assert!(best.len() > "bestmove ".len() + 3, "{algo}: {best}");
    }
}
