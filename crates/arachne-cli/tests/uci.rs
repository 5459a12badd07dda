//! `arachne uci`: the protocol through pipes, and a real client (python-chess) driving it.
//!
//! The python-chess test is skipped (with a notice) when `import chess` fails, except when the
//! environment variable `CI` is set: then it fails, since CI installs python-chess.
use arachne_core::Game;
use arachne_games::Chess;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

const EXE: &str = env!("CARGO_BIN_EXE_arachne");
/// Guard against a hung engine only (not a timing assertion).
const HANG: Duration = Duration::from_secs(120);

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(EXE)
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start arachne uci");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, s: &str) {
        writeln!(self.stdin, "{s}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first one starting with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(HANG)
                .unwrap_or_else(|_| panic!("no `{prefix}` from the engine; got {out:?}"));
            let done = line.starts_with(prefix);
            out.push(line);
            if done {
                return out;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

fn bestmove(lines: &[String]) -> String {
    lines
        .last()
        .and_then(|l| l.strip_prefix("bestmove "))
        .map(|m| m.split_whitespace().next().unwrap_or("").to_string())
        .expect("bestmove line")
}

#[test]
fn handshake_and_options() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name arachne")));
    for opt in ["Hash", "Threads", "Algorithm"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} "))),
            "{opt}: {lines:?}"
        );
    }
    e.send("isready");
    assert_eq!(e.until("readyok").last().unwrap(), "readyok");
    e.quit();
}

#[test]
fn go_depth_gives_info_lines_and_a_legal_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    let pos = Chess::startpos()
        .play_uci_line(["e2e4", "e7e5", "g1f3"])
        .unwrap();
    let mv = bestmove(&lines);
    assert!(pos.parse_move(&mv).is_some(), "{mv} illegal: {lines:?}");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 3, "one info line per depth: {lines:?}");
    for (d, l) in infos.iter().enumerate() {
        assert!(l.contains(&format!("depth {} ", d + 1)), "{l}");
        for key in [" score cp ", " nodes ", " nps ", " time ", " pv "] {
            assert!(l.contains(key), "{key} missing in {l}");
        }
    }
    // The deepest pv starts with the bestmove.
    assert!(infos[2].contains(&format!(" pv {mv}")), "{infos:?}");
    e.quit();
}

#[test]
fn every_algorithm_and_limit_gives_a_legal_move() {
    let mut e = Engine::start();
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let pos = Chess::from_fen(fen).unwrap();
    e.send(&format!("position fen {fen}"));
    for algo in [
        "alphabeta",
        "lalphabeta",
        "palphabeta",
        "mtdf",
        "sss",
        "spalphabeta",
    ] {
        e.send(&format!("setoption name Algorithm value {algo}"));
        e.send("go depth 2");
        let mv = bestmove(&e.until("bestmove"));
        assert!(pos.parse_move(&mv).is_some(), "{algo}: {mv}");
    }
    e.send("setoption name Algorithm value aspiration");
    for go in [
        "go nodes 3000",
        "go movetime 50",
        "go wtime 2000 btime 2000 winc 10 binc 10 movestogo 20",
    ] {
        e.send(go);
        let mv = bestmove(&e.until("bestmove"));
        assert!(pos.parse_move(&mv).is_some(), "{go}: {mv}");
    }
    e.quit();
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    // Wait for the first completed iteration, then stop.
    e.until("info depth 2");
    e.send("stop");
    let lines = e.until("bestmove");
    let mv = bestmove(&lines);
    assert!(Chess::startpos().parse_move(&mv).is_some(), "{mv}");
    // `isready` is answered after a stopped search too, and `stop` with no search is harmless.
    e.send("stop");
    e.send("isready");
    e.until("readyok");
    e.quit();
}

#[test]
fn malformed_input_is_ignored() {
    let mut e = Engine::start();
    for junk in [
        "hello",
        "",
        "position",
        "position fen garbage",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position startpos moves e2e5",
        "go depth x",
        "setoption name Hash value -5",
        "setoption name Algorithm value nonsense",
        "setoption value 3",
        "go depth",
    ] {
        e.send(junk);
    }
    // Bytes that are not UTF-8.
    e.stdin.write_all(b"\xff\xfe position \xc3\n").unwrap();
    // The last `position` was malformed, so there is no position: `go` says so and answers
    // the null move (and never searches the old position for the wrong side).
    e.send("stop");
    let lines = e.until("bestmove");
    assert_eq!(bestmove(&lines), "0000", "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("info string error")),
        "{lines:?}"
    );
    e.send("isready");
    e.until("readyok");
    // A valid position brings the engine back.
    e.send("position startpos");
    e.send("go depth 1");
    let mv = bestmove(&e.until("bestmove"));
    assert!(Chess::startpos().parse_move(&mv).is_some(), "{mv}");
    e.quit();
}

/// After a malformed `position` the engine used to keep the old position
/// and could answer for the wrong side.
#[test]
fn a_malformed_position_leaves_no_position() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("position startpos moves e2e4 e7e5 g1g9");
    let lines = e.until("info string error");
    assert!(lines.last().unwrap().contains("g1g9"), "{lines:?}");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert_eq!(bestmove(&lines), "0000", "{lines:?}");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 2");
    let mv = bestmove(&e.until("bestmove"));
    let pos =
        Chess::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2").unwrap();
    assert!(pos.parse_move(&mv).is_some(), "{mv}");
    e.quit();
}

/// The `Move Overhead` option exists and `Hash` shares the CLI's
/// maximum; an unknown algorithm names what UCI offers.
#[test]
fn options_move_overhead_hash_and_algorithm_errors() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Move Overhead type spin")),
        "{lines:?}"
    );
    let max = arachne_core::tt::MAX_MIB.to_string();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Hash") && l.ends_with(&format!("max {max}"))),
        "{lines:?}"
    );
    e.send("setoption name Algorithm value nonsense");
    let lines = e.until("info string Algorithm");
    let l = lines.last().unwrap();
    assert!(l.contains("aspiration") && l.contains("tree-split"), "{l}");
    e.send("setoption name Move Overhead value 100");
    e.send("go wtime 60000 btime 60000 movestogo 1");
    // Thinks most of the minute, not all of it: stop it at once and see a legal move.
    e.send("stop");
    let mv = bestmove(&e.until("bestmove"));
    assert!(Chess::startpos().parse_move(&mv).is_some(), "{mv}");
    e.quit();
}

#[test]
fn mated_and_mating_positions() {
    let mut e = Engine::start();
    // White is mated: no legal move.
    e.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    e.send("go depth 2");
    assert_eq!(bestmove(&e.until("bestmove")), "0000");
    // Mate in one is found and reported as `mate 1`.
    e.send("position fen 7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1 ")),
        "{lines:?}"
    );
    let pos = Chess::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap();
    let mv = pos.parse_move(&bestmove(&lines)).unwrap();
    let after = pos.play(mv);
    let mut replies = Vec::new();
    after.moves(&mut replies);
    assert!(replies.is_empty() && after.in_check(), "not mate");
    e.quit();
}

#[test]
fn python_chess_client() {
    let ci = std::env::var_os("CI").is_some();
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scripts/uci_client_test.py"
    );
    let has_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !has_chess {
        assert!(
            !ci,
            "CI is set but python-chess is not importable (python3 -m pip install chess)"
        );
        // Written to the process's stderr directly, past libtest's capture of `eprintln!`,
        // so `cargo test` shows it even though the test passes.
        let _ = writeln!(
            std::io::stderr(),
            "\nSKIPPED python_chess_client: python-chess not importable (python3 -m pip install chess)"
        );
        return;
    }
    let out = Command::new("python3")
        .arg(script)
        .arg(EXE)
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "uci_client_test.py failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("uci client test ok"), "{stdout}");
    eprintln!("{stdout}");
}

/// `stop` at 8 threads with every `ParallelAlgorithm`: a legal move comes back. Prints the time
/// from writing `stop` to reading `bestmove` (the issue asks for under 50 ms; wall-clock, so
/// only meaningful on an idle machine — printed, not asserted):
/// `cargo test --release -p arachne-cli --test uci -- stop_latency --nocapture`.
#[test]
fn stop_latency_at_8_threads() {
    for algo in ["ybwc", "jamboree", "lazy-smp", "abdada"] {
        let mut e = Engine::start();
        e.send("setoption name Threads value 8");
        e.send(&format!("setoption name ParallelAlgorithm value {algo}"));
        e.send("isready");
        e.until("readyok");
        e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
        e.send("go infinite");
        e.until("info depth 3");
        std::thread::sleep(Duration::from_millis(700));
        let t = std::time::Instant::now();
        e.send("stop");
        let lines = e.until("bestmove");
        let ms = t.elapsed().as_secs_f64() * 1e3;
        println!("uci stop at 8 threads, {algo}: bestmove after {ms:.1} ms");
        let mut pos = Chess::startpos();
        for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"] {
            pos = pos.play(pos.parse_move(m).unwrap());
        }
        let mv = bestmove(&lines);
        assert!(pos.parse_move(&mv).is_some(), "{algo}: {mv}");
        e.quit();
    }
}

/// The `nodes` of the last `info` line with a depth.
fn last_nodes(lines: &[String]) -> u64 {
    let l = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    let mut it = l.split_whitespace();
    it.find(|&w| w == "nodes");
    it.next().unwrap().parse().unwrap()
}

#[test]
fn check_extension_and_null_move_are_options_on_by_default() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    for opt in ["CheckExtension", "NullMove"] {
        assert!(
            lines
                .iter()
                .any(|l| l == &format!("option name {opt} type check default true")),
            "{opt}: {lines:?}"
        );
    }
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go depth 5");
    let on = last_nodes(&e.until("bestmove"));
    e.send("setoption name NullMove value false");
    e.send("setoption name CheckExtension value false");
    e.send("go depth 5");
    let off = last_nodes(&e.until("bestmove"));
    e.send("ucinewgame");
    e.send(&format!("position fen {fen}"));
    e.send("setoption name NullMove value maybe");
    e.send("isready");
    let said = e.until("readyok");
    assert!(
        said.iter().any(|l| l.contains("NullMove: `maybe`")),
        "{said:?}"
    );
    // The first search ran on a fresh table and `ucinewgame` clears it: with both options on
    // again the search repeats its count exactly, and it differs from the one without them.
    e.send("setoption name NullMove value true");
    e.send("setoption name CheckExtension value true");
    e.send("go depth 5");
    let again = last_nodes(&e.until("bestmove"));
    assert_eq!(again, on);
    assert_ne!(on, off);
    e.quit();
}

#[test]
fn algorithm_mcts_answers_go_nodes_and_movetime_with_a_legal_move() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Algorithm ") && l.contains(" var mcts")),
        "{lines:?}"
    );
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let pos = Chess::from_fen(fen).unwrap();
    e.send(&format!("position fen {fen}"));
    for (algo, threads) in [
        ("mcts", "1"),
        ("mcts:playout=ab:1,seed=4", "1"),
        ("mcts", "2"),
        ("mcts:par=root", "2"),
    ] {
        e.send(&format!("setoption name Algorithm value {algo}"));
        e.send(&format!("setoption name Threads value {threads}"));
        for go in ["go nodes 3000", "go movetime 50"] {
            e.send(go);
            let lines = e.until("bestmove");
            let mv = bestmove(&lines);
            assert!(pos.parse_move(&mv).is_some(), "{algo} {go}: {mv}");
            let info = lines
                .iter()
                .find(|l| l.starts_with("info depth"))
                .unwrap_or_else(|| panic!("{algo} {go}: no info line: {lines:?}"));
            if go == "go nodes 3000" {
                let nodes: u64 = info
                    .split(" nodes ")
                    .nth(1)
                    .and_then(|r| r.split_whitespace().next())
                    .and_then(|n| n.parse().ok())
                    .expect("nodes");
                assert!(nodes <= 3000 && nodes > 0, "{algo}: {info}");
            }
        }
    }
    // A mated position: no move.
    e.send("setoption name Threads value 1");
    e.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    e.send("go nodes 100");
    assert_eq!(bestmove(&e.until("bestmove")), "0000");
    // A bad mcts option is an info string; the algorithm is unchanged.
    e.send("setoption name Algorithm value mcts:bogus=1");
    let lines = {
        e.send("isready");
        e.until("readyok")
    };
    assert!(
        lines.iter().any(|l| l.starts_with("info string Algorithm")),
        "{lines:?}"
    );
    e.quit();
}

/// The `info string` lines of one `go` naming ignored options.
fn ignored_lines(e: &mut Engine, go: &str) -> Vec<String> {
    e.send(go);
    e.until("bestmove")
        .into_iter()
        .filter(|l| l.starts_with("info string") && l.contains(" not apply to "))
        .collect()
}

#[test]
fn options_in_force_that_a_search_ignores_are_named_once() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("position startpos");
    // The default algorithm honours every option.
    assert_eq!(ignored_lines(&mut e, "go depth 1"), Vec::<String>::new());
    e.send("setoption name Algorithm value alphabeta");
    assert_eq!(
        ignored_lines(&mut e, "go depth 1"),
        ["info string NullMove, CheckExtension do not apply to Algorithm alphabeta; ignored"]
    );
    // Said once, not at every go.
    assert_eq!(ignored_lines(&mut e, "go depth 1"), Vec::<String>::new());
    e.send("setoption name NullMove value false");
    assert_eq!(
        ignored_lines(&mut e, "go depth 1"),
        ["info string CheckExtension does not apply to Algorithm alphabeta; ignored"]
    );
    // Another algorithm that ignores the same option is named again.
    e.send("setoption name Algorithm value negamax");
    assert_eq!(
        ignored_lines(&mut e, "go depth 1"),
        ["info string CheckExtension does not apply to Algorithm negamax; ignored"]
    );
    // With Threads above 1 the shared-memory search honours them all, but it replaces the
    // serial algorithm; with the default algorithm nothing is ignored.
    e.send("setoption name Threads value 2");
    assert_eq!(
        ignored_lines(&mut e, "go depth 2"),
        [
            "info string Algorithm does not apply to ParallelAlgorithm ybwc:serial=3 (Threads 2); \
          ignored"
        ]
    );
    e.send("setoption name Algorithm value aspiration");
    assert_eq!(ignored_lines(&mut e, "go depth 2"), Vec::<String>::new());
    e.send("setoption name Algorithm value mcts");
    assert_eq!(
        ignored_lines(&mut e, "go nodes 500"),
        [
            "info string Quiescence, CheckExtension, ParallelAlgorithm do not apply to \
             Algorithm mcts; ignored"
        ]
    );
    // A new game says it again.
    e.send("ucinewgame");
    e.send("position startpos");
    assert_eq!(ignored_lines(&mut e, "go nodes 500").len(), 1);
    // Nothing in force that it ignores: silent.
    e.send("setoption name Quiescence value false");
    e.send("setoption name CheckExtension value false");
    e.send("setoption name Threads value 1");
    assert_eq!(ignored_lines(&mut e, "go nodes 500"), Vec::<String>::new());
    e.quit();
}

#[test]
fn a_long_mcts_search_reports_progress_on_one_tree() {
    // Slices of 1, 2, … seconds on the same tree: `movetime 2500` (less the 50 ms overhead)
    // ends a first slice at 1 s with an `info` line and the search at its deadline with
    // another; the counts go on growing from one line to the next (one tree, not two).
    let mut e = Engine::start();
    e.send("setoption name Algorithm value mcts:seed=2");
    e.send("position startpos");
    e.send("go movetime 2500");
    let lines = e.until("bestmove");
    let nodes: Vec<u64> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| {
            l.split(" nodes ")
                .nth(1)
                .and_then(|r| r.split_whitespace().next())
                .and_then(|n| n.parse().ok())
                .expect("nodes")
        })
        .collect();
    assert_eq!(nodes.len(), 2, "{lines:?}");
    assert!(nodes[0] > 0 && nodes[1] > nodes[0], "{lines:?}");
    let mv = bestmove(&lines);
    assert!(Chess::startpos().parse_move(&mv).is_some(), "{mv}");
    e.quit();
}

/// The `score cp` of each `info depth` line.
fn scores(lines: &[String]) -> Vec<i64> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| {
            l.split(" score cp ")
                .nth(1)
                .and_then(|r| r.split_whitespace().next())
                .and_then(|n| n.parse().ok())
        })
        .collect()
}

#[test]
fn the_engine_evaluates_with_the_strongest_evaluation_unless_told() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(
        lines.iter().any(|l| l
            == "option name Evaluation type combo default full var material var mobility var pst var full"),
        "{lines:?}"
    );
    // After 1. e4 e5 every move keeps the material level, so material alone has no reason to
    // prefer any and plays the first generated, a rook pawn's; the default evaluation develops.
    let rook_pawn = ["a2a3", "a2a4", "h2h3", "h2h4"];
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 4");
    let full = e.until("bestmove");
    let full_move = bestmove(&full);
    assert!(!rook_pawn.contains(&full_move.as_str()), "{full:?}");
    assert_eq!(scores(&full).len(), 4, "{full:?}");
    assert!(scores(&full).iter().any(|&s| s != 0), "{full:?}");
    e.send("setoption name Evaluation value material");
    e.send("go depth 4");
    let material = e.until("bestmove");
    assert_eq!(scores(&material), vec![0; 4], "{material:?}");
    assert!(
        rook_pawn.contains(&bestmove(&material).as_str()),
        "{material:?}"
    );
    // A value it does not have is answered and changes nothing.
    e.send("setoption name Evaluation value strongest");
    e.send("go depth 4");
    let still = e.until("bestmove");
    assert!(
        still
            .iter()
            .any(|l| l.starts_with("info string Evaluation: `strongest`")),
        "{still:?}"
    );
    assert_eq!(scores(&still), vec![0; 4], "{still:?}");
    // Any case; back to the default, the same search as the first.
    e.send("setoption name Evaluation value FULL");
    e.send("go depth 4");
    let again = e.until("bestmove");
    assert_eq!(bestmove(&again), full_move, "{again:?}");
    assert_eq!(scores(&again), scores(&full), "{again:?}");
    e.quit();
}

#[test]
fn unknown_options_are_named() {
    let mut e = Engine::start();
    for (line, answer) in [
        (
            "setoption name Ponder value true",
            "info string unknown option `Ponder`; ignored (options: Hash, ",
        ),
        (
            "setoption name Clear Hash",
            "info string unknown option `Clear Hash`; ignored",
        ),
        (
            "setoption value 3",
            "info string setoption: expected `setoption name NAME [value V]`; ignored",
        ),
        (
            "setoption name",
            "info string setoption: no option name; ignored",
        ),
    ] {
        e.send(line);
        e.send("isready");
        let lines = e.until("readyok");
        assert_eq!(lines.len(), 2, "{line}: {lines:?}");
        assert!(lines[0].starts_with(answer), "{line}: {lines:?}");
    }
    // The options it has are set silently, in any case.
    for line in [
        "setoption name hash value 8",
        "setoption name Move Overhead value 10",
        "setoption name evaluation value pst",
    ] {
        e.send(line);
        e.send("isready");
        assert_eq!(e.until("readyok"), vec!["readyok"], "{line}");
    }
    e.quit();
}

#[test]
fn the_help_lists_the_evaluation_option() {
    let out = Command::new(EXE).args(["uci", "--help"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("  Evaluation         full (default"),
        "{text}"
    );
    assert!(text.contains("option the engine does not have"), "{text}");
}
