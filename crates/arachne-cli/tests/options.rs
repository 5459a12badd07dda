//! Regression tests: one spec parser (duplicate keys refused
//! everywhere), options honoured or refused with a line naming them, clear messages for
//! negative and out-of-range numbers, UCI `go` checks and `searchmoves`, and honest output.
mod common;

use common::{arachne, assert_usage_error, json};

/// The one stderr line of a rejected command (which must be a usage error: exit status 2,
/// one line, nothing on stdout).
fn usage_line(args: &[&str]) -> String {
    assert_usage_error(args);
    String::from_utf8_lossy(&arachne(args).stderr)
        .trim()
        .to_string()
}

const IID: &str = "iid:n=3,d=4,seed=1";

#[test]
fn duplicate_keys_are_refused_by_every_spec() {
    // Item 8 (the brief's four examples, and the other kinds of spec).
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "search",
                "--game",
                IID,
                "--algo",
                "jamboree:serial=3,serial=4",
            ],
            "serial",
        ),
        (
            &["search", "--game", IID, "--algo", "rbfm:seed=1,seed=2"],
            "seed",
        ),
        (
            &[
                "search",
                "--game",
                IID,
                "--algo",
                "tree-split",
                "--procs",
                "2",
                "--cost",
                "unit:message=1,message=2",
            ],
            "message",
        ),
        (
            &[
                "play",
                "--game",
                "tictactoe",
                "--first",
                "alphabeta:depth=3,depth=4",
                "--second",
                "negamax",
            ],
            "depth",
        ),
        (&["search", "--game", "iid:n=3,n=2,d=3,seed=1"], "n"),
        (
            &["search", "--game", IID, "--algo", "mtdf:guess=1,guess=2"],
            "guess",
        ),
        (
            &[
                "search",
                "--game",
                IID,
                "--algo",
                "knm:fifo=1,fifo=0",
                "--procs",
                "2",
            ],
            "fifo",
        ),
        (
            &["learn", "--game", IID, "--dist", "chisquare:k=2,k=3"],
            "k",
        ),
    ];
    for (args, key) in cases {
        let line = usage_line(args);
        assert!(
            line.contains(&format!("`{key}` given twice")),
            "{args:?}: {line}"
        );
    }
}

#[test]
fn malformed_pairs_and_unknown_keys_are_named() {
    let line = usage_line(&["search", "--game", IID, "--algo", "rbfm:seed"]);
    assert!(
        line.contains("expected key=value") && line.contains("`seed`"),
        "{line}"
    );
    let line = usage_line(&["search", "--game", IID, "--algo", "jamboree:depth=3"]);
    assert!(line.contains("unknown option `depth`"), "{line}");
    let line = usage_line(&[
        "search",
        "--game",
        IID,
        "--algo",
        "tree-split",
        "--procs",
        "2",
        "--cost",
        "unit:foo=1",
    ]);
    assert!(line.contains("`foo`"), "{line}");
    let line = usage_line(&[
        "play",
        "--game",
        "tictactoe",
        "--first",
        "alphabeta:=3",
        "--second",
        "negamax",
    ]);
    assert!(line.contains("no key"), "{line}");
}

#[test]
fn options_a_search_would_ignore_are_refused() {
    // Item 7: each of these used to run as if the option were not there.
    let t = "tictactoe";
    let cases: &[(&[&str], &str)] = &[
        (
            &["search", "--game", t, "--algo", "bfm", "--threads", "2"],
            "--threads",
        ),
        (
            &[
                "search",
                "--game",
                "chess",
                "--depth",
                "1",
                "--algo",
                "ybwc",
                "--threads",
                "2",
                "--backend",
                "mpi",
            ],
            "--backend",
        ),
        (
            &[
                "search",
                "--game",
                t,
                "--algo",
                "rbfm",
                "--backend",
                "threads",
            ],
            "--backend",
        ),
        (
            &["search", "--game", t, "--algo", "rbfm", "--backend", "mpi"],
            "--backend",
        ),
        (
            &["search", "--game", t, "--algo", "rbfm", "--cost", "arachne"],
            "--cost",
        ),
        (
            &["search", "--game", t, "--algo", "ybwc", "--cost", "arachne"],
            "--cost",
        ),
        (
            &[
                "search",
                "--game",
                t,
                "--algo",
                "rbfm",
                "--procs",
                "4",
                "--backend",
                "threads",
                "--cost",
                "arachne",
            ],
            "--cost",
        ),
        (
            &[
                "search",
                "--game",
                t,
                "--algo",
                "alphabeta",
                "--memory",
                "10",
            ],
            "--memory",
        ),
        (
            &["search", "--game", t, "--algo", "ybwc", "--memory", "10"],
            "--memory",
        ),
        (
            &[
                "search",
                "--game",
                t,
                "--algo",
                "tree-split",
                "--procs",
                "2",
                "--memory",
                "10",
            ],
            "--memory",
        ),
        (
            &["search", "--game", t, "--algo", "rbfm", "--quiescence"],
            "--quiescence",
        ),
        (
            &["search", "--game", t, "--algo", "bfm", "--null-move"],
            "--null-move",
        ),
        (
            &[
                "search",
                "--game",
                t,
                "--algo",
                "rbfm:threads=2",
                "--threads",
                "3",
            ],
            "--threads",
        ),
    ];
    for (args, flag) in cases {
        let line = usage_line(args);
        assert!(line.contains(flag), "{args:?}: {line}");
    }
}

#[test]
fn rbfm_threads_flag_is_honoured_as_the_shared_tree_form() {
    // Item 7, honoured rather than refused: `--threads T` is `rbfm:threads=T`.
    let v = json(&[
        "search",
        "--game",
        IID,
        "--algo",
        "rbfm",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(v["form"], "shared-tree", "{v}");
    assert_eq!(v["threads"], 2, "{v}");
    let serial = json(&["search", "--game", IID, "--algo", "alphabeta", "--json"]);
    assert_eq!(
        v["value"], serial["value"],
        "solved to the end: the minimax value"
    );
}

#[test]
fn nonsense_values_are_refused() {
    // Item 9.
    let line = usage_line(&[
        "search",
        "--game",
        IID,
        "--algo",
        "baudet:width=-5",
        "--procs",
        "2",
    ]);
    assert!(line.contains("width"), "{line}");
    let line = usage_line(&[
        "search",
        "--game",
        IID,
        "--algo",
        "type-guided:f=1000",
        "--procs",
        "4",
    ]);
    assert!(
        line.contains("f=1000") && line.contains("--procs 4"),
        "{line}"
    );
    let line = usage_line(&[
        "search",
        "--game",
        IID,
        "--algo",
        "tree-split",
        "--procs",
        "2",
        "--cost",
        "unit:leaf=0,interior=0",
    ]);
    assert!(line.contains("leaf") && line.contains("interior"), "{line}");
    let line = usage_line(&["perft", "--game", "iid:n=3,d=3,seed=1", "--depth", "4"]);
    assert!(line.contains("--depth 4") && line.contains("(3)"), "{line}");
    // The tree's own depth is fine: 3^3 leaves.
    let v = json(&[
        "perft",
        "--game",
        "iid:n=3,d=3,seed=1",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(v["nodes"], 27);
}

#[test]
fn a_stopped_best_first_search_does_not_claim_a_terminal_position() {
    // Item 10.
    let out = arachne(&[
        "search",
        "--game",
        "othello",
        "--algo",
        "rbfm",
        "--time-ms",
        "0",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("terminal position"), "{text}");
    assert!(text.contains("stopped before"), "{text}");
}

#[test]
fn rbfm_says_why_its_best_move_is_not_its_line_s_first() {
    // Item 11: the §5.3 vote may choose another move than the line's first; the output says so
    // exactly then (JSON `best_move_note`, and a line under "best move" in text).
    let mut differs = 0;
    for seed in ["1", "3", "4", "5"] {
        let algo = format!("rbfm:seed={seed}");
        let args = [
            "search", "--game", "othello", "--algo", &algo, "--nodes", "20000",
        ];
        let mut with_json = args.to_vec();
        with_json.push("--json");
        let v = json(&with_json);
        let (best, first) = (
            v["best_move"].as_str().unwrap(),
            v["pv"][0].as_str().unwrap(),
        );
        let note = v["best_move_note"].as_str();
        let text = String::from_utf8_lossy(&arachne(&args).stdout).to_string();
        if best == first {
            assert!(note.is_none(), "seed {seed}: {v}");
            assert!(!text.contains("move of the vote"), "{text}");
        } else {
            differs += 1;
            let note = note.expect("a note");
            assert!(note.contains("vote") && note.contains(first), "{note}");
            assert!(text.contains("move of the vote"), "{text}");
        }
    }
    assert!(
        differs > 0,
        "the vote must differ somewhere for this test to mean anything"
    );
}

#[test]
fn speedups_above_the_processor_count_say_why() {
    // Speedups read 1.01–1.50 on one processor against serial alpha-beta; now the
    // baseline is the best serial search with the same options (here type-guided's own
    // iterative deepening), named, with alpha-beta's figure beside it.
    // (`preorder=0`: the configuration of the issue, before the default ordered.)
    let v = json(&[
        "search",
        "--game",
        "iid:n=3,d=5,seed=1",
        "--algo",
        "type-guided:f=3,levels=0,preorder=0",
        "--json",
    ]);
    assert!(v["speedup"].as_f64().unwrap() <= 1.0, "{v}");
    assert_ne!(v["baseline"], "alphabeta", "{v}");
    assert!(v["alphabeta_speedup"].as_f64().unwrap() > 1.0, "{v}");
    assert!(v.get("speedup_note").is_none(), "{v}");
    // Master–slave rbfm: 11.4 on 8 processors (the example), with the reason.
    let v = json(&[
        "search",
        "--game",
        "incremental:b=10,d=40,seed=1",
        "--algo",
        "rbfm",
        "--procs",
        "8",
        "--depth",
        "14",
        "--json",
    ]);
    assert!(v["speedup"].as_f64().unwrap() > 8.0, "{v}");
    let note = v["speedup_note"].as_str().expect("a note");
    assert!(note.contains("principal-variation depth"), "{note}");
    // And none where the speedup is within the processors.
    let v = json(&[
        "search",
        "--game",
        IID,
        "--algo",
        "tree-split",
        "--procs",
        "4",
        "--json",
    ]);
    if v["speedup"].as_f64().unwrap() <= v["procs"].as_f64().unwrap() {
        assert!(v.get("speedup_note").is_none(), "{v}");
    }
}

#[test]
fn text_output_shows_no_raw_json() {
    // Item 13.
    let out = arachne(&["search", "--game", IID, "--algo", "rbfm", "--procs", "4"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains('"') && !text.contains("null"), "{text}");
    assert!(
        text.contains("backend    sim") && text.contains("form       master-slave"),
        "{text}"
    );
}

/// Runs `arachne uci` on `input` (stdin closed after it) and returns stdout.
fn uci(input: &str) -> String {
    let child = common::spawn_with_input(env!("CARGO_BIN_EXE_arachne"), &["uci"], input);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn uci_go_refuses_malformed_and_endless_requests() {
    // Item 16: these started endless searches; now each is answered at once, without a search.
    for go in [
        "go depth abc",
        "go depth 99999999999999999999",
        "go depth",
        "go movetime x",
        "go mate 1000",
        "go searchmoves e7e5 depth 2",
    ] {
        let out = uci(&format!("position startpos\n{go}\n"));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines,
            vec![lines[0], "bestmove 0000"],
            "{go}: exactly an error line and the null move: {out}"
        );
        assert!(lines[0].starts_with("info string error"), "{go}: {out}");
        assert!(!out.contains("info depth"), "{go}: no search: {out}");
    }
}

#[test]
fn uci_searchmoves_restricts_the_root() {
    // Item 16: `go searchmoves e2e4 depth 3` answered a2a3.
    let out = uci("position startpos\ngo searchmoves a2a3 depth 3\n");
    assert!(out.trim_end().ends_with("bestmove a2a3"), "{out}");
    let out = uci("position startpos\ngo searchmoves g1f3 b1c3 depth 3\n");
    let best = out.lines().last().unwrap();
    assert!(best == "bestmove g1f3" || best == "bestmove b1c3", "{out}");
    // Every info line's principal variation starts with an allowed move.
    for l in out.lines().filter(|l| l.starts_with("info depth")) {
        let first = l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap();
        assert!(first == "g1f3" || first == "b1c3", "{l}");
    }
    // With threads too (the shared-memory searches take the restricted root).
    let out =
        uci("setoption name Threads value 2\nposition startpos\ngo searchmoves h2h3 depth 3\n");
    assert!(out.trim_end().ends_with("bestmove h2h3"), "{out}");
    // Without searchmoves the engine does not play a2a3 here (a mate in one).
    let out =
        uci("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo searchmoves a1a8 g1f1 depth 2\n");
    assert!(
        out.contains("score mate 1") && out.trim_end().ends_with("bestmove a1a8"),
        "{out}"
    );
    let out =
        uci("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo searchmoves g1f1 g1h1 depth 2\n");
    assert!(
        !out.contains("score mate 1"),
        "the mate is not among the moves: {out}"
    );
}

#[test]
fn negative_numbers_are_called_negative() {
    // Item 17.
    for (flag, args) in [
        ("--depth", &["search", "--depth", "-1"][..]),
        ("--nodes", &["search", "--nodes", "-5"]),
        (
            "--procs",
            &["search", "--algo", "tree-split", "--procs", "-3"],
        ),
        (
            "--threads",
            &["search", "--algo", "ybwc", "--threads", "-2"],
        ),
        ("--time-ms", &["search", "--time-ms", "-1"]),
        ("--hash", &["search", "--hash", "-1"]),
        (
            "--depth",
            &["perft", "--game", "tictactoe", "--depth", "-1"],
        ),
        (
            "--games",
            &[
                "play",
                "--game",
                "tictactoe",
                "--first",
                "negamax",
                "--second",
                "negamax",
                "--games",
                "-1",
            ],
        ),
        ("--seed", &["experiment", "knm", "--seed", "-1"]),
        (
            "--trials",
            &["analyze", "nbp", "-n", "3", "-d", "3", "--trials", "-1"],
        ),
        (
            "--start-var",
            &["learn", "--game", IID, "--start-var", "-1"],
        ),
    ] {
        let line = usage_line(args);
        assert!(
            line.contains(flag) && line.contains("negative numbers are not allowed"),
            "{args:?}: {line}"
        );
    }
}

#[test]
fn messages_name_the_right_options_and_ranges() {
    // Item 18: type-guided has no `q`.
    let line = usage_line(&["search", "--game", IID, "--algo", "type-guided:f=3"]);
    assert!(line.contains("levels") && !line.contains("q="), "{line}");
    // Item 19: no 309-digit number.
    let line = usage_line(&[
        "search",
        "--game",
        IID,
        "--algo",
        "tree-split",
        "--procs",
        "2",
        "--cost",
        "unit:latency=1e308",
    ]);
    assert!(line.len() < 200 && line.contains("latency=1e308"), "{line}");
    // Item 20: `--engine` is not a size, and rbfm-chess takes it.
    let line = usage_line(&["experiment", "fuller", "--engine", "/bin/true"]);
    assert!(
        line.contains("--engine") && line.contains("rbfm-chess"),
        "{line}"
    );
    // Item 21: play lists everything it takes.
    let line = usage_line(&[
        "play",
        "--game",
        "tictactoe",
        "--first",
        "tree-split",
        "--second",
        "negamax",
    ]);
    assert!(
        line.contains("message-passing") && line.contains("ybwc") && line.contains("rbfm"),
        "{line}"
    );
    let line = usage_line(&[
        "play",
        "--game",
        "tictactoe",
        "--first",
        "nonsense",
        "--second",
        "negamax",
    ]);
    assert!(
        line.contains("alphabeta") && line.contains("lazy-smp"),
        "{line}"
    );
    // Item 23: the range a depth may take.
    let line = usage_line(&["search", "--depth", "4294967296"]);
    assert!(
        line.contains("1..=200") && !line.contains("4294967295"),
        "{line}"
    );
    let line = usage_line(&["search", "--depth", "0"]);
    assert!(line.contains("1..=200"), "{line}");
}

#[test]
fn illegal_chess_positions_get_a_reason() {
    // Item 22.
    for (fen, reason) in [
        (
            "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
            "Black, not to move, is in check",
        ),
        ("4kk2/8/8/8/8/8/8/4K3 w - - 0 1", "Black has 2 kings"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn on rank 8"),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", "White has 0 kings"),
        ("4k3/8/8/8/8/8/8/4K w - - 0 1", "rank 1 has 5 squares"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1",
            "`X` is not a piece",
        ),
    ] {
        let line = usage_line(&[
            "search",
            "--game",
            &format!("chess:fen={fen}"),
            "--depth",
            "1",
        ]);
        assert!(line.contains(reason), "{fen}: {line}");
        // The whole board is shown, not cut.
        assert!(line.contains(fen.split(' ').next().unwrap()), "{line}");
    }
}

#[test]
fn learn_checks_its_output_file_before_learning() {
    // Item 24: with this many positions the learning would take hours; the bad path is
    // refused first.
    let line = usage_line(&[
        "learn",
        "--game",
        "incremental:b=10,d=100,seed=1",
        "--positions",
        "1000000",
        "--out",
        "/proc/nonexistent/table.tbl",
    ]);
    assert!(
        line.contains("--out") && line.contains("/proc/nonexistent"),
        "{line}"
    );
}

#[test]
fn help_is_complete() {
    // Item 25.
    let help = |args: &[&str]| String::from_utf8_lossy(&arachne(args).stdout).into_owned();
    let h = help(&["search", "--help"]);
    assert!(h.contains("`mpi`"), "{h}");
    let h = help(&["analyze", "--help"]);
    assert!(!h.contains('\\'), "{h}");
    let h = help(&["uci", "--help"]);
    for opt in [
        "Hash",
        "Threads",
        "ParallelAlgorithm",
        "Move Overhead",
        "searchmoves",
    ] {
        assert!(h.contains(opt), "{opt}: {h}");
    }
    // Experiment reports record the options they were run with.
    let dir = std::env::temp_dir().join(format!("arachne-options-{}", std::process::id()));
    let v = json(&[
        "experiment",
        "knm",
        "--quick",
        "--seed",
        "3",
        "--json",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    let setup = v["setup"].to_string();
    assert!(
        setup.contains("arachne experiment knm --quick --seed 3"),
        "{setup}"
    );
}

#[test]
fn readme_perft_numbers_are_the_program_s() {
    // Item 15: the strict Othello counts and their differences from the published ones.
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("perft(10) = 24,571,056 (228 games"), "README");
    assert!(flat.contains("perft(11) = 212,258,216 (584)"), "README");
    assert!(!flat.contains("on sim and threads only"), "README");
    let v = json(&[
        "perft", "--game", "othello", "--depth", "10", "--strict", "--json",
    ]);
    assert_eq!(v["nodes"], 24_571_056);
    assert_eq!(24_571_284 - 24_571_056, 228);
    assert_eq!(212_258_800 - 212_258_216, 584);
}
