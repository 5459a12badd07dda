//! Golden outputs: a broad set of `arachne search` commands, across every family of searchers
//! and every game, whose results (value, value kind, best move, line, node counts, messages,
//! simulated time and speedup) must not change when the code under them is reorganised.
//!
//! `tests/golden/search.txt` holds, per command, its arguments and its JSON object with the
//! fields that vary from run to run removed (wall-clock times, busy and idle seconds); for a
//! search on several real threads, whose node counts depend on the schedule, only the value
//! and its kind. A refused command keeps its exit status and its one line.
//!
//! A change of output is a bug unless it is meant: then bless the file again with
//! `ARACHNE_BLESS=1 cargo test --release -p arachne-cli --test golden` and say in the commit
//! which commands changed and why. `ARACHNE_GOLDEN_BIN=PATH` runs another build of the binary
//! (e.g. an older commit's, to make the file from it).
use serde_json::Value;
use std::process::Command;

/// What of a command's output is compared.
#[derive(Copy, Clone)]
enum Keep {
    /// The JSON object without its wall-clock fields.
    Counts,
    /// The value and its kind (searches on several real threads).
    Value,
    /// The exit status and stderr (a refused command).
    Error,
}

use Keep::{Counts, Error, Value as ValueOnly};

/// The commands, each `(arguments, what is compared)`.
const COMMANDS: &[(&str, Keep)] = &[
    // Serial searches on the synthetic trees and every game.
    ("--game iid:n=3,d=6,seed=1 --algo negamax", Counts),
    ("--game iid:n=3,d=6,seed=1 --algo alphabeta", Counts),
    ("--game iid:n=4,d=5,seed=2,range=3 --algo bound", Counts),
    ("--game incremental:b=6,d=6,seed=3 --algo falphabeta", Counts),
    ("--game incremental:b=6,d=6,seed=3 --algo lalphabeta", Counts),
    ("--game incremental:b=6,d=6,seed=3,branching=random --algo palphabeta --preorder", Counts),
    ("--game ordered:n=4,d=6,order=best --algo staged", Counts),
    ("--game ordered:n=4,d=6,order=worst --algo sss", Counts),
    ("--game incremental:b=5,d=6,seed=4 --algo mtdf", Counts),
    ("--game incremental:b=5,d=6,seed=4 --algo aspiration --preorder", Counts),
    ("--game tictactoe --algo alphabeta", Counts),
    ("--game connect4 --algo salphabeta --ordering --depth 8", Counts),
    ("--game connect4 --algo spalphabeta --ordering --depth 9", Counts),
    ("--game checkers --algo aspiration --ordering --depth 8", Counts),
    ("--game othello --algo falphabeta --ordering --depth 5", Counts),
    ("--game chess:eval=material --algo aspiration --depth 4 --ordering --quiescence", Counts),
    (
        "--game chess:bench=wac:4,eval=material --algo aspiration --depth 5 --ordering --quiescence --null-move --check-extension",
        Counts,
    ),
    ("--game chess:bench=lct2:1,eval=material --algo falphabeta --depth 4 --ordering", Counts),
    ("--game connect4 --algo alphabeta --depth 10 --nodes 5000", Counts),
    // Shared-memory searches: one thread is deterministic, two are not.
    ("--game incremental:b=6,d=7,seed=1 --algo ybwc --threads 1", Counts),
    ("--game incremental:b=6,d=7,seed=1 --algo jamboree --threads 1", Counts),
    ("--game incremental:b=6,d=7,seed=1 --algo abdada --threads 1 --preorder", Counts),
    ("--game incremental:b=6,d=7,seed=1 --algo lazy-smp --threads 1", Counts),
    ("--game incremental:b=6,d=7,seed=1 --algo abdada --threads 2", ValueOnly),
    ("--game incremental:b=6,d=7,seed=1 --algo ybwc --threads 2", ValueOnly),
    ("--game connect4 --algo lazy-smp --threads 2 --depth 8 --ordering", ValueOnly),
    // Message-passing searches on the simulator (deterministic), and on threads.
    ("--game incremental:b=6,d=7,seed=1 --algo tree-split --procs 8", Counts),
    ("--game incremental:b=6,d=7,seed=1 --algo tree-split:f=2,q=2 --procs 7", Counts),
    ("--game incremental:b=6,d=7,seed=1 --algo baudet --procs 4", Counts),
    ("--game incremental:b=6,d=7,seed=1 --algo palphabeta-par --procs 7", Counts),
    ("--game incremental:b=6,d=7,seed=1 --algo pbound --procs 7", Counts),
    ("--game incremental:b=6,d=7,seed=1 --algo knm --procs 4", Counts),
    ("--game incremental:b=6,d=7,seed=1 --algo type-guided --procs 4", Counts),
    ("--game iid:n=3,d=7,seed=5 --algo tree-split --procs 16 --cost unit", Counts),
    ("--game connect4 --algo type-guided --procs 4 --depth 8 --ordering", Counts),
    ("--game checkers --algo tree-split --procs 3 --depth 8 --ordering --check-extension", Counts),
    (
        "--game chess:bench=wac:4,eval=material --algo tree-split --procs 3 --depth 4 --ordering --quiescence",
        Counts,
    ),
    ("--game incremental:b=6,d=7,seed=1 --algo tree-split --procs 3 --backend threads", ValueOnly),
    ("--game incremental:b=6,d=7,seed=1 --algo type-guided --procs 3 --backend threads", ValueOnly),
    // Best-first searches: serial, master–slave on the simulator.
    ("--game incremental:b=3,d=5,seed=1 --algo bfm", Counts),
    ("--game incremental:b=3,d=6,seed=2 --algo rbfm:seed=3", Counts),
    ("--game incremental:b=3,d=6,seed=2 --algo rbfm:seed=3 --procs 4", Counts),
    ("--game connect4 --algo rbfm:seed=1 --nodes 3000", Counts),
    // Monte Carlo tree search: serial, root-parallel on simulated processes.
    ("--game tictactoe --algo mcts:seed=1,iters=3000", Counts),
    ("--game connect4 --algo mcts:seed=2,iters=2000,par=root --procs 3", Counts),
    // Refusals: one line, exit status 2.
    ("--game connect4 --algo alphabeta --procs 4", Error),
    ("--game connect4 --algo ybwc --procs 2", Error),
    ("--game connect4 --algo tree-split --procs 2 --hash 4", Error),
    ("--game connect4 --algo pbound --procs 3 --null-move", Error),
    ("--game connect4 --algo rbfm --ordering", Error),
    ("--game connect4 --algo mcts --depth 3", Error),
    ("--game connect4 --algo alphabeta --threads 2", Error),
    ("--game connect4 --algo no-such-search", Error),
    ("--game connect4 --algo alphabeta --null-move", Error),
];

/// The fields that vary from run to run.
const VOLATILE: &[&str] = &[
    "time_ms",
    "busy",
    "idle",
    "busy_total",
    "idle_total",
    "utilisation",
];

fn binary() -> String {
    std::env::var("ARACHNE_GOLDEN_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_arachne").into())
}

/// The compared form of one command's output.
fn observe(args: &str, keep: Keep) -> String {
    let mut argv: Vec<&str> = vec!["search"];
    argv.extend(args.split_whitespace());
    if !matches!(keep, Error) {
        argv.push("--json");
    }
    let out = Command::new(binary())
        .args(&argv)
        .output()
        .expect("run arachne");
    let stderr = String::from_utf8_lossy(&out.stderr);
    match keep {
        Error => format!("exit {:?}: {}", out.status.code(), stderr.trim_end()),
        Counts | ValueOnly => {
            assert!(out.status.success(), "{args}: {stderr}");
            let mut v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
            let o = v.as_object_mut().expect("an object");
            match keep {
                ValueOnly => o.retain(|k, _| k == "value" || k == "value_kind"),
                _ => o.retain(|k, _| !VOLATILE.contains(&k.as_str())),
            }
            v.to_string()
        }
    }
}

#[test]
fn search_outputs_are_unchanged() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/search.txt");
    let got: Vec<String> = COMMANDS
        .iter()
        .map(|&(args, keep)| format!("{args}\n{}\n", observe(args, keep)))
        .collect();
    if std::env::var_os("ARACHNE_BLESS").is_some() {
        std::fs::write(path, got.concat()).expect("write the golden file");
        return;
    }
    let want = std::fs::read_to_string(path).expect("the golden file");
    let want: Vec<&str> = want.split_inclusive('\n').collect();
    assert_eq!(
        want.len(),
        2 * got.len(),
        "commands and golden file differ in length"
    );
    let mut diffs = Vec::new();
    for (i, g) in got.iter().enumerate() {
        let w = format!("{}{}", want[2 * i], want[2 * i + 1]);
        if *g != w {
            diffs.push(format!("--- want\n{w}+++ got\n{g}"));
        }
    }
    assert!(
        diffs.is_empty(),
        "{} outputs changed:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

/// The serial bench's signature at `--quick` depth: a change in search behaviour (ordering,
/// pruning, evaluation, move generation) changes it. Bless it with the change that moved it,
/// saying why.
const QUICK_SIGNATURE: u64 = 3_100_309;

#[test]
fn the_bench_signature_is_pinned() {
    let out = Command::new(binary())
        .args(["bench", "--quick", "--json"])
        .output()
        .expect("run arachne");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let rows = v["positions"].as_array().expect("positions");
    assert_eq!(rows.len(), 32, "{v}");
    let sum: u64 = rows.iter().map(|r| r["nodes"].as_u64().unwrap()).sum();
    assert_eq!(v["nodes"], sum);
    assert_eq!(
        v["signature"], QUICK_SIGNATURE,
        "the bench's signature moved"
    );
    assert_eq!(v["algo"], "aspiration");
}
