//! The hostile run: several hundred bad command lines over every subcommand, made
//! combinatorially from lists of bad values, bad specs and contradictory options. Each must be
//! refused as bad input — exit status 2, exactly one line on stderr, nothing on stdout — and
//! none may panic, die of a signal or hang (each command is killed after [`TIMEOUT`]). The UCI
//! engine gets bad lines on standard input: it must answer every one without dying, keep
//! answering `isready`, refuse a malformed `go` with `info string error …` and `bestmove 0000`,
//! and quit cleanly.
//!
//! Every line is cheap (tiny trees, depth 1, refusals before any search), so the whole run
//! takes seconds: it runs in CI with `cargo test --release -p arachne-cli --test hostile`.
//! Print the count with `-- --nocapture`.
mod common;

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The binary under test; `ARACHNE_HOSTILE_EXE` runs the same lines against another build
/// (e.g. an older one, to see what the run finds there).
fn exe() -> String {
    std::env::var("ARACHNE_HOSTILE_EXE").unwrap_or_else(|_| env!("CARGO_BIN_EXE_arachne").into())
}
/// A command still running after this long is a hang.
const TIMEOUT: Duration = Duration::from_secs(20);

const IID: &str = "iid:n=3,d=3,seed=1";

/// Runs `child` to the end or kills it after [`TIMEOUT`]: `(status, stdout, stderr)`, status
/// `None` on a hang. Output is read on threads so a chatty child cannot block on a full pipe.
fn finish(mut child: Child) -> (Option<ExitStatus>, String, String) {
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let o = String::from_utf8_lossy(&t_out.join().unwrap()).into_owned();
    let e = String::from_utf8_lossy(&t_err.join().unwrap()).into_owned();
    (status, o, e)
}

/// What is wrong with the run of one bad command line, if anything. `names`: a word the
/// error line must contain (the flag whose value is bad), when known.
fn check_refused(args: &[String], names: Option<&str>) -> Option<String> {
    let child = Command::new(exe())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (status, out, err) = finish(child);
    let Some(status) = status else {
        return Some(format!("HANG (killed after {TIMEOUT:?})"));
    };
    if err.contains("panicked") {
        return Some(format!("PANIC: {}", err.trim()));
    }
    let Some(code) = status.code() else {
        return Some(format!("SIGNAL: {status}: {}", err.trim()));
    };
    if code != 2 {
        return Some(format!("exit {code}: {}", err.trim()));
    }
    let lines = err.trim_end().lines().count();
    if lines != 1 {
        return Some(format!("{lines} lines on stderr: {err}"));
    }
    if !out.is_empty() {
        return Some(format!("stdout not empty: {}", out.trim()));
    }
    if let Some(word) = names {
        if !err.contains(word) {
            return Some(format!("the line does not name {word}: {}", err.trim()));
        }
    }
    // A negative number is called one, not an unknown argument.
    if err
        .split("unexpected argument '-")
        .skip(1)
        .any(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
    {
        return Some(format!("negative number taken for a flag: {}", err.trim()));
    }
    None
}

/// Strings from string slices.
fn v(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// The bad command lines, each with the word its error line must contain, when known.
fn bad_lines() -> Vec<(Vec<String>, Option<String>)> {
    let mut named: Vec<(Vec<String>, Option<String>)> = Vec::new();
    let mut lines: Vec<Vec<String>> = Vec::new();

    // 1. Every numeric flag of every subcommand × values no flag accepts.
    let bad_ints = [
        "-1",
        "-7",
        "abc",
        "",
        "1.5",
        "99999999999999999999999",
        "0x10",
        "1e3",
        "-x",
    ];
    let bad_floats = ["-1", "abc", "", "nan", "inf", "-inf"];
    let numeric: &[(&[&str], &[&str], bool)] = &[
        (
            &["search", "--game", IID],
            &[
                "--depth",
                "--procs",
                "--threads",
                "--latency-seed",
                "--hash",
                "--nodes",
                "--time-ms",
                "--memory",
            ],
            false,
        ),
        (&["perft", "--game", IID], &["--depth"], false),
        (
            &[
                "play",
                "--game",
                "tictactoe",
                "--first",
                "negamax",
                "--second",
                "negamax",
            ],
            &[
                "--games",
                "--depth",
                "--seed",
                "--random-plies",
                "--max-plies",
            ],
            false,
        ),
        (
            &["learn", "--game", IID],
            &[
                "--positions",
                "--real-depth",
                "--expansions",
                "--rounds",
                "--min-plies",
                "--max-plies",
                "--seed",
                "--selfplay-games",
                "--move-expansions",
            ],
            false,
        ),
        (&["learn", "--game", IID], &["--start-var"], true),
        (
            &["experiment", "rbfm-games"],
            &["--seed", "--trees", "--branching"],
            false,
        ),
        (&["experiment", "rbfm-othello"], &["--openings"], false),
        (&["reproduce"], &["--seed"], false),
        (
            &["analyze", "nbp"],
            &[
                "--branching",
                "--depth",
                "--cells",
                "--trials",
                "--seed",
                "--range",
            ],
            false,
        ),
        (
            &["analyze", "nbp", "-n", "3", "-d", "3", "--bounds"],
            &["--tol"],
            true,
        ),
    ];
    for (base, flags, float) in numeric {
        for flag in *flags {
            let values: &[&str] = if *float { &bad_floats } else { &bad_ints };
            for val in values {
                let mut l = v(base);
                l.push(flag.to_string());
                l.push(val.to_string());
                // `-x`-like values are taken for flags by clap, which names them instead.
                let word = if val.starts_with('-')
                    && !val[1..].starts_with(|c: char| c.is_ascii_digit())
                {
                    val.to_string()
                } else {
                    flag.to_string()
                };
                named.push((l, Some(word)));
            }
        }
    }

    // 2. Bad game specs × every subcommand that takes one.
    let games = [
        "",
        ":",
        "nosuch",
        "nosuch:n=3",
        "iid:n=3",
        "iid:n=0,d=3,seed=1",
        "iid:n=3,d=3,seed=1,seed=2",
        "iid:n=3,d=3,seed=x",
        "iid:n=-1,d=3,seed=1",
        "iid:n=3;d=3;seed=1",
        "iid:n=3,d=3,seed=1,foo=1",
        "iid:n=3,d=3,seed=1,=4",
        "iid:n=3,d=3,seed=1,junk",
        "iid:n=99999999999999999999,d=3,seed=1",
        "incremental:b=0,d=3,seed=1",
        "incremental:b=3,d=3,seed=1,branching=sideways",
        "ordered:n=3,d=3,order=sideways",
        "tictactoe:moves=10",
        "tictactoe:moves=11",
        "connect4:moves=8",
        "othello:moves=z9",
        "checkers:pos=X",
        "chess:fen=garbage",
        "chess:fen=8/8/8/8/8/8/8/8 w - - 0 1",
        "chess:fen=4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
        "chess:fen=4kk2/8/8/8/8/8/8/4K3 w - - 0 1",
        "chess:fen=P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "chess:bench=wac:0",
        "chess:bench=nosuch:1",
        "chess:eval=nonsense",
    ];
    for g in games {
        lines.push(v(&["search", "--game", g, "--depth", "1"]));
        lines.push(v(&["perft", "--game", g, "--depth", "1"]));
        lines.push(v(&[
            "play", "--game", g, "--first", "negamax", "--second", "negamax", "--depth", "1",
        ]));
        lines.push(v(&["learn", "--game", g, "--positions", "1"]));
    }

    // 3. Bad algorithm specs × the ways to run them.
    let algos = [
        "nosuch",
        "alphabeta:x=1",
        "alphabeta:depth",
        "alphabeta:=1",
        "aspiration:delta=0",
        "aspiration:delta=x",
        "aspiration:delta=4,delta=5",
        "staged:inner=foo",
        "mtdf:guess=x",
        "mtdf:guess=99999999999",
        "tree-split:f=0,q=1",
        "tree-split:raise=up",
        "tree-split:grand=1,master=1",
        "tree-split:f=2,f=3",
        "baudet:width=0",
        "baudet:width=-5",
        "baudet:center=x",
        "pbound:q=x",
        "knm:model=x",
        "knm:fifo=2",
        "knm:seed=-1",
        "type-guided:f=0",
        "type-guided:step=0",
        "type-guided:f=1/0",
        "type-guided:f=1000",
        "ybwc:serial=0",
        "ybwc:serial=65",
        "ybwc:serial=x",
        "lazy-smp:serial=3",
        "abdada:x=1",
        "jamboree:serial=3,serial=4",
        "rbfm:vote=x",
        "rbfm:seed=1,seed=2",
        "bfm:seed=1",
        "rbfm:threads=0",
        "rbfm:memory=0",
        "rbfm:dist=foo",
        "rbfm:pruning=2",
        "rbfm:table=/nonexistent/table",
    ];
    for a in algos {
        lines.push(v(&["search", "--game", IID, "--algo", a]));
        lines.push(v(&["search", "--game", IID, "--algo", a, "--procs", "4"]));
    }
    // Per-side play options.
    for side in [
        "alphabeta:depth=0",
        "alphabeta:depth=x",
        "alphabeta:depth=3,depth=4",
        "alphabeta:q=on,quiescence=off",
        "alphabeta:time=0",
        "alphabeta:nodes=0",
        "alphabeta:threads=2",
        "ybwc:threads=0",
        "rbfm:threads=2",
        "alphabeta:quiescence=maybe",
        "alphabeta:check=2",
        "alphabeta:null=x",
        "alphabeta:depth",
        "tree-split",
        "nosuch",
        "",
    ] {
        lines.push(v(&[
            "play",
            "--game",
            "tictactoe",
            "--first",
            side,
            "--second",
            "negamax",
        ]));
        lines.push(v(&[
            "play",
            "--game",
            "tictactoe",
            "--first",
            "negamax",
            "--second",
            side,
        ]));
    }

    // 4. Options a search would ignore, and contradictions .
    let t = "tictactoe";
    let combos: &[&[&str]] = &[
        &["search", "--game", t, "--algo", "bfm", "--threads", "2"],
        &["search", "--game", t, "--algo", "bfm", "--procs", "2"],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "rbfm",
            "--backend",
            "threads",
        ],
        &["search", "--game", t, "--algo", "rbfm", "--backend", "mpi"],
        &["search", "--game", t, "--algo", "rbfm", "--cost", "arachne"],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "rbfm",
            "--latency-seed",
            "3",
        ],
        &["search", "--game", t, "--algo", "rbfm", "--ordering"],
        &["search", "--game", t, "--algo", "rbfm", "--quiescence"],
        &["search", "--game", t, "--algo", "rbfm", "--preorder"],
        &["search", "--game", t, "--algo", "rbfm", "--check-extension"],
        &["search", "--game", t, "--algo", "rbfm", "--null-move"],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "rbfm:threads=2",
            "--procs",
            "2",
        ],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "rbfm:threads=2",
            "--threads",
            "3",
        ],
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
        &[
            "search",
            "--game",
            t,
            "--algo",
            "rbfm",
            "--procs",
            "4",
            "--backend",
            "nosuch",
        ],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "ybwc",
            "--threads",
            "2",
            "--backend",
            "mpi",
        ],
        &["search", "--game", t, "--algo", "ybwc", "--cost", "arachne"],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "ybwc",
            "--latency-seed",
            "1",
        ],
        &["search", "--game", t, "--algo", "ybwc", "--memory", "10"],
        &["search", "--game", t, "--algo", "ybwc", "--procs", "2"],
        &["search", "--game", t, "--algo", "ybwc", "--threads", "257"],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "alphabeta",
            "--memory",
            "10",
        ],
        &["search", "--game", t, "--algo", "alphabeta", "--procs", "2"],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "alphabeta",
            "--threads",
            "2",
        ],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "alphabeta",
            "--backend",
            "sim",
        ],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "alphabeta",
            "--cost",
            "unit",
        ],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "alphabeta",
            "--latency-seed",
            "1",
        ],
        &["search", "--game", t, "--algo", "sss", "--hash", "0"],
        &[
            "search", "--game", "chess", "--depth", "5", "--algo", "ybwc", "--hash", "65536",
        ],
        &[
            "search", "--game", "chess", "--depth", "5", "--algo", "sss", "--hash", "65536",
        ],
        &["search", "--game", t, "--algo", "sss", "--hash", "65537"],
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
        &[
            "search",
            "--game",
            t,
            "--algo",
            "tree-split",
            "--procs",
            "2",
            "--threads",
            "2",
        ],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "tree-split",
            "--procs",
            "2",
            "--backend",
            "nosuch",
        ],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "tree-split",
            "--procs",
            "2",
            "--backend",
            "threads",
            "--cost",
            "unit",
        ],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "tree-split",
            "--procs",
            "2",
            "--backend",
            "threads",
            "--latency-seed",
            "2",
        ],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "tree-split",
            "--procs",
            "257",
            "--backend",
            "threads",
        ],
        &["search", "--game", t, "--algo", "tree-split"],
        &["search", "--game", t, "--algo", "type-guided:f=3"],
        &[
            "search",
            "--game",
            t,
            "--algo",
            "knm:model=pooled",
            "--procs",
            "2",
            "--backend",
            "threads",
        ],
        &[
            "search",
            "--game",
            IID,
            "--algo",
            "tree-split",
            "--procs",
            "2",
            "--cost",
            "unit:leaf=0,interior=0",
        ],
        &[
            "search",
            "--game",
            IID,
            "--algo",
            "tree-split",
            "--procs",
            "2",
            "--cost",
            "unit:latency=1e308",
        ],
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
        &[
            "search",
            "--game",
            IID,
            "--algo",
            "tree-split",
            "--procs",
            "2",
            "--cost",
            "unit:rho=0",
        ],
        &[
            "search",
            "--game",
            IID,
            "--algo",
            "tree-split",
            "--procs",
            "2",
            "--cost",
            "nosuch",
        ],
        &[
            "search",
            "--game",
            IID,
            "--algo",
            "tree-split",
            "--procs",
            "2",
            "--cost",
            "unit:leaf=x",
        ],
        &["search", "--game", IID, "--depth", "4"],
        &["search", "--game", IID, "--depth", "201"],
        &["search", "--game", IID, "--depth", "4294967296"],
        &["search", "--game", IID, "--depth", "0"],
        &["search", "--game", IID, "--nodes", "0"],
        &["search", "--game", IID, "--bogus"],
        &["search", "--game"],
        &["search", "extra"],
        &["perft", "--game", IID],
        &["perft", "--game", IID, "--depth", "4"],
        &["perft", "--game", "chess", "--depth", "65"],
        &["perft", "--depth", "1"],
        &["play", "--game", t, "--first", "negamax"],
        &[
            "play", "--game", t, "--first", "negamax", "--second", "negamax", "--games", "0",
        ],
        &[
            "play", "--game", t, "--first", "negamax", "--second", "negamax", "--games", "100001",
        ],
        &[
            "play",
            "--game",
            t,
            "--first",
            "negamax",
            "--second",
            "negamax",
            "--max-plies",
            "0",
        ],
        &[
            "play",
            "--game",
            t,
            "--first",
            "negamax",
            "--second",
            "negamax",
            "--random-plies",
            "400",
        ],
        &[
            "play",
            "--game",
            IID,
            "--first",
            "negamax:depth=5",
            "--second",
            "negamax",
        ],
        &["learn"],
        &["learn", "--game", IID, "--positions", "0"],
        &["learn", "--game", IID, "--real-depth", "0"],
        &["learn", "--game", IID, "--rounds", "0"],
        &["learn", "--game", IID, "--max-plies", "300"],
        &[
            "learn",
            "--game",
            IID,
            "--min-plies",
            "5",
            "--max-plies",
            "2",
        ],
        &["learn", "--game", IID, "--dist", "nosuch"],
        &["learn", "--game", IID, "--dist", "chisquare:k=0"],
        &["learn", "--game", IID, "--dist", "chisquare:k=1,k=2"],
        &["learn", "--game", IID, "--dist", "mix:lo=5,hi=4"],
        &["learn", "--game", IID, "--dist", "exponential:damping=2"],
        &["learn", "--game", IID, "--engine", "/bin/true"],
        &["learn", "--game", IID, "--shallow"],
        &["learn", "--game", IID, "--out", "/proc/nonexistent/t.tbl"],
        &["learn", "--game", IID, "--out", "/"],
        &[
            "learn",
            "--game",
            "chess",
            "--shallow",
            "--selfplay-games",
            "0",
        ],
        &[
            "learn",
            "--game",
            "chess",
            "--shallow",
            "--move-expansions",
            "0",
        ],
        &[
            "learn",
            "--game",
            "chess",
            "--shallow",
            "--engine",
            "/bin/true",
        ],
        &["experiment"],
        &["experiment", "nosuch"],
        &["experiment", "knm", "--trees", "3"],
        &["experiment", "fuller", "--engine", "/bin/true"],
        &["experiment", "rbfm-chess", "--engine", "/bin/true"],
        &[
            "experiment",
            "rbfm-chess",
            "--engine",
            "/nonexistent/engine",
        ],
        &["experiment", "rbfm-games", "--depths", "9-3"],
        &["experiment", "rbfm-games", "--depths", "x"],
        &["experiment", "rbfm-games", "--trees", "0"],
        &["experiment", "rbfm-decision", "--branching", "4"],
        &["experiment", "knm", "--quick", "--scale", "paper"],
        &["experiment", "knm", "--scale", "huge"],
        &["experiment", "knm", "--out", "/proc/nonexistent"],
        &["experiment", "knm", "--out", "/dev/null"],
        &["experiment", "rbfm-othello", "--matching", "foo"],
        &["experiment", "knm", "extra"],
        &["reproduce", "--out", "/proc/nonexistent"],
        &["reproduce", "--out", "/dev/null"],
        &["reproduce", "--bogus"],
        &["analyze"],
        &["analyze", "foo"],
        &["analyze", "nbp"],
        &["analyze", "nbp", "-n", "3"],
        &["analyze", "nbp", "-n", "0", "-d", "3"],
        &["analyze", "nbp", "-n", "3", "-d", "0"],
        &[
            "analyze", "nbp", "-n", "3", "-d", "3", "--exact", "--bounds",
        ],
        &[
            "analyze", "nbp", "-n", "3", "-d", "3", "--exact", "--range", "4",
        ],
        &["analyze", "nbp", "-n", "3", "-d", "3", "--model", "nosuch"],
        &["analyze", "nbp", "-n", "3", "-d", "3", "--trials", "0"],
        &[
            "analyze",
            "nbp",
            "-n",
            "4294967295",
            "-d",
            "2",
            "--force",
            "--trials",
            "1",
        ],
        &["analyze", "nbp", "-n", "40", "-d", "9"],
        &["games", "extra"],
        &["games", "--bogus"],
        &["algos", "extra"],
        &["algos", "--bogus"],
        &["uci", "extra"],
        &["uci", "--bogus"],
        &["nosuch"],
        &["--bogus"],
    ];
    lines.extend(combos.iter().map(|c| v(c)));
    named.extend(lines.into_iter().map(|l| (l, None)));
    named
}

#[test]
fn bad_command_lines_are_refused_cleanly() {
    // The check is not vacuous: good command lines are not "refused".
    for good in [&["games"][..], &["perft", "--game", IID, "--depth", "2"]] {
        assert!(check_refused(&v(good), None).is_some(), "{good:?}");
    }
    let lines = bad_lines();
    let start = Instant::now();
    let mut failures = Vec::new();
    for (l, names) in &lines {
        if let Some(why) = check_refused(l, names.as_deref()) {
            failures.push(format!("arachne {l:?}: {why}"));
        }
    }
    eprintln!(
        "hostile run: {} command lines in {:.1} s, {} failures",
        lines.len(),
        start.elapsed().as_secs_f64(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} bad command lines were not refused cleanly:\n{}",
        failures.len(),
        lines.len(),
        failures.join("\n")
    );
}

/// Bad UCI input. `true`: a malformed `go`, which must be refused with an error line and
/// `bestmove 0000`.
const UCI_LINES: &[(&str, bool)] = &[
    ("go depth abc", true),
    ("go depth 99999999999999999999", true),
    ("go depth", true),
    ("go depth -", true),
    ("go depth 65", true),
    ("go mate 33", true),
    ("go mate x", true),
    ("go nodes x", true),
    ("go nodes", true),
    ("go movetime x", true),
    ("go movetime", true),
    ("go wtime x btime 100", true),
    ("go btime", true),
    ("go winc 1e3 wtime 100", true),
    ("go movestogo x wtime 100", true),
    ("go searchmoves", true),
    ("go searchmoves depth 2", true),
    ("go searchmoves e7e5 depth 1", true),
    ("go searchmoves e2e5 depth 1", true),
    ("go searchmoves zzzz depth 1", true),
    ("go searchmoves e2e4 e2e4x depth 1", true),
    ("", false),
    ("hello", false),
    ("position", false),
    ("position fen", false),
    ("position fen garbage", false),
    ("position fen 8/8/8/8/8/8/8/8 w - - 0 1", false),
    ("position fen 4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", false),
    ("position startpos moves e2e5", false),
    ("position startpos moves", false),
    ("position startpos junk", false),
    ("setoption", false),
    ("setoption name", false),
    ("setoption value 3", false),
    ("setoption name Hash value -5", false),
    ("setoption name Hash value 0", false),
    ("setoption name Hash value 99999999999999999999", false),
    ("setoption name Hash value x", false),
    ("setoption name Threads value 0", false),
    ("setoption name Threads value 257", false),
    ("setoption name Threads value x", false),
    ("setoption name Algorithm value nonsense", false),
    ("setoption name Algorithm value tree-split", false),
    ("setoption name Algorithm value aspiration:delta=0", false),
    (
        "setoption name Algorithm value aspiration:delta=1,delta=2",
        false,
    ),
    ("setoption name ParallelAlgorithm value nonsense", false),
    (
        "setoption name ParallelAlgorithm value ybwc:serial=0",
        false,
    ),
    (
        "setoption name ParallelAlgorithm value ybwc:serial=3,serial=4",
        false,
    ),
    ("setoption name Quiescence value maybe", false),
    ("setoption name CheckExtension value 2", false),
    ("setoption name NullMove value", false),
    ("setoption name Move Overhead value -1", false),
    ("setoption name Move Overhead value 5001", false),
    ("setoption name Nonsense value 1", false),
    ("setoption name Evaluation value nonsense", false),
    ("setoption name Evaluation", false),
    ("stop", false),
    ("ponderhit", false),
    ("d", false),
    ("ucinewgame extra", false),
    ("isready extra", false),
];

#[test]
fn bad_uci_input_is_answered_and_survived() {
    let start = Instant::now();
    let mut failures = Vec::new();
    for &(line, bad_go) in UCI_LINES {
        // A position first (so a `go` has one), the bad line, then a check that the engine
        // still answers.
        let input = format!("position startpos\n{line}\nisready\nquit\n");
        let child = common::spawn_with_input(&exe(), &["uci"], &input);
        let (status, out, err) = finish(child);
        let why = match status {
            None => Some("HANG".to_string()),
            Some(s) if s.code().is_none() => Some(format!("SIGNAL: {s}")),
            Some(s) if !s.success() => Some(format!("exit {s}: {err}")),
            _ if !err.is_empty() => Some(format!("stderr: {err}")),
            _ if !out.contains("readyok") => Some(format!("no readyok: {out}")),
            _ if bad_go
                && !(out.contains("info string error")
                    && out.contains("bestmove 0000")
                    && !out.contains("info depth")) =>
            {
                Some(format!("malformed go not refused: {out}"))
            }
            _ => None,
        };
        if let Some(why) = why {
            failures.push(format!("uci {line:?}: {why}"));
        }
    }
    // All the lines at once, in one session, followed by a real search.
    let mut all: String = UCI_LINES.iter().map(|(l, _)| format!("{l}\n")).collect();
    all.push_str("position startpos\ngo depth 2\n");
    let child = common::spawn_with_input(&exe(), &["uci"], &all);
    let (status, out, err) = finish(child);
    if !status.is_some_and(|s| s.success()) || !err.is_empty() {
        failures.push(format!("one session: {status:?}: {err}"));
    }
    let last = out.lines().last().unwrap_or("");
    if !last.starts_with("bestmove ") || last == "bestmove 0000" {
        failures.push(format!("one session: no real move at the end: {last}"));
    }
    eprintln!(
        "hostile UCI run: {} lines in {:.1} s, {} failures",
        UCI_LINES.len(),
        start.elapsed().as_secs_f64(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
