//! `arachne search --threads T` with the shared-memory algorithms, `arachne play
//! ALGO:threads=T`, and the UCI `Threads` / `ParallelAlgorithm` options.
mod common;

use common::{arachne, assert_usage_error, json};

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
        let input = format!(
            "uci\nsetoption name Threads value 3\nsetoption name ParallelAlgorithm value {algo}\nposition startpos moves e2e4\ngo depth 4\n"
        );
        let child = common::spawn_with_input(env!("CARGO_BIN_EXE_arachne"), &["uci"], &input);
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("option name ParallelAlgorithm"), "{text}");
        assert!(text.contains("info depth 4 "), "{algo}: {text}");
        let best = text.lines().find(|l| l.starts_with("bestmove")).unwrap();
        assert!(best.len() > "bestmove ".len() + 3, "{algo}: {best}");
    }
}

#[test]
fn a_table_that_cannot_be_allocated_is_refused_not_a_panic() {
    // `--hash 65536` with a shared-memory algorithm exited 101 with a panic
    // in the table's allocation. Now the table is allocated fallibly: where this machine
    // cannot hold 64 GiB the search is refused with one line naming --hash (exit 2), as the
    // serial searches are; where it can, it runs.
    let fits = arachne_core::TranspositionTable::try_with_mib(65536).is_ok();
    for algo in ["ybwc", "jamboree", "lazy-smp", "abdada"] {
        let args = [
            "search", "--game", "chess", "--depth", "3", "--algo", algo, "--hash", "65536",
        ];
        if fits {
            let out = arachne(&args);
            assert!(out.status.success(), "{algo}");
        } else {
            assert_usage_error(&args);
            let err = String::from_utf8_lossy(&arachne(&args).stderr).to_string();
            assert!(
                err.contains("--hash") && err.contains("65536"),
                "{algo}: {err}"
            );
        }
        // No table at all is refused too (the search needs one).
        let args = [
            "search", "--game", "chess", "--depth", "3", "--algo", algo, "--hash", "0",
        ];
        assert_usage_error(&args);
    }
}

#[test]
fn the_check_extension_reaches_the_smp_searches() {
    // Re8+ Rxe8 Rxe8#: at depth 2 only the check extension sees the mate (without
    // quiescence). Every shared-memory algorithm, with parallel nodes down to the horizon,
    // gives falphabeta's value with the option, and the plain value without it.
    let game = "chess:fen=r5k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1";
    let run = |algo: &str, threads: &str, extra: &[&str]| {
        let mut args = vec![
            "search",
            "--game",
            game,
            "--algo",
            algo,
            "--depth",
            "2",
            "--ordering",
            "--json",
        ];
        if threads != "0" {
            args.extend(["--threads", threads]);
        }
        args.extend(extra);
        json(&args)
    };
    let with = run("falphabeta", "0", &["--check-extension", "--null-move"]);
    let without = run("falphabeta", "0", &[]);
    assert_ne!(with["value"], without["value"]);
    for algo in [
        "ybwc:serial=1",
        "jamboree:serial=1",
        "abdada",
        "abdada:aspiration=25",
        "lazy-smp",
    ] {
        let v = run(algo, "2", &["--check-extension", "--null-move"]);
        assert_eq!(v["value"], with["value"], "{algo}");
        assert_eq!(v["best_move"], "e2e8", "{algo}");
        let v = run(algo, "2", &[]);
        assert_eq!(v["value"], without["value"], "{algo}");
    }
    // The aspiration key: a half-width of at least 1, and not for lazy-smp (whose threads
    // have windows of their own).
    for bad in [
        "ybwc:aspiration=0",
        "abdada:aspiration=x",
        "lazy-smp:aspiration=5",
    ] {
        assert_usage_error(&["search", "--game", GAME, "--algo", bad, "--threads", "2"]);
    }
}
