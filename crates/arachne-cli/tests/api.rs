//! The command line in-process ([`arachne_cli::api`]): the JSON objects of a command, the
//! binary's error lines, a position made by the caller, the host's stop flag.
use arachne_cli::api::{run_json, run_search_on};
use arachne_cli::error::CliError;
use arachne_core::StopFlag;

#[test]
fn collects_the_json_of_a_search() {
    let out = run_json(
        [
            "search",
            "--json",
            "--game",
            "iid:n=3,d=4,seed=7",
            "--algo",
            "alphabeta",
        ],
        None,
    )
    .unwrap();
    assert_eq!(out.len(), 1);
    assert_eq!(out[0]["depth"], 4);
    // The value equals plain negamax on the same tree.
    let neg = run_json(
        [
            "search",
            "--json",
            "--game",
            "iid:n=3,d=4,seed=7",
            "--algo",
            "negamax",
        ],
        None,
    )
    .unwrap();
    assert_eq!(out[0]["value"], neg[0]["value"]);
    assert_eq!(neg[0]["leaves"], 81);
    // Nothing is left collecting after the call: the next call gets its own object only.
    assert_eq!(neg.len(), 1);
}

#[test]
fn bad_input_is_the_binarys_line() {
    let Err(CliError::Usage(m)) = run_json(["search", "--json", "--algo", "nope"], None) else {
        panic!("accepted a bad algorithm")
    };
    assert!(m.starts_with("unknown algorithm"), "{m}");
    let Err(CliError::Usage(m)) = run_json(["search", "--bogus"], None) else {
        panic!("accepted a bad flag")
    };
    assert!(
        m.contains("--bogus") && m.ends_with("(see arachne --help)"),
        "{m}"
    );
}

#[test]
fn a_position_made_by_the_caller_searches_as_its_spec() {
    let spec = "tictactoe:moves=5";
    let root = arachne_games::with_game(spec, Root).unwrap();
    let info = mine();
    let ours = run_search_on(["--json", "--depth", "8"], root, info.clone(), None).unwrap();
    let theirs = run_json(["search", "--json", "--game", spec, "--depth", "8"], None).unwrap();
    for k in [
        "value",
        "nodes",
        "interior",
        "leaves",
        "cutoffs",
        "pv",
        "best_move",
    ] {
        assert_eq!(ours[0][k], theirs[0][k], "{k}");
    }
    assert_eq!(ours[0]["game"], "mine");
    // The message-passing algorithms on the simulator: every count as for the spec.
    for algo in ["tree-split", "pbound", "type-guided"] {
        let args = ["--json", "--algo", algo, "--procs", "3", "--depth", "6"];
        let root = arachne_games::with_game(spec, Root).unwrap();
        let ours = run_search_on(args, root, info.clone(), None).unwrap();
        let argv = ["search", "--game", spec].into_iter().chain(args);
        let theirs = run_json(argv, None).unwrap();
        for k in ["value", "nodes", "messages", "virtual_time", "pv"] {
            assert_eq!(ours[0][k], theirs[0][k], "{algo} {k}");
        }
    }
    for (args, msg) in [
        (
            vec!["--algo", "ybwc", "--depth", "2"],
            "runs on the serial algorithms",
        ),
        (
            vec!["--threads", "2", "--depth", "2"],
            "the serial algorithms and the simulator only",
        ),
        (
            vec![
                "--algo",
                "tree-split",
                "--procs",
                "2",
                "--backend",
                "threads",
            ],
            "--backend threads: a game defined outside arachne runs on the simulator only",
        ),
        (
            vec!["--procs", "2", "--depth", "2"],
            "--procs needs a parallel one",
        ),
        (vec![], "--depth must be at least 1"),
    ] {
        refused(spec, &args, msg);
    }
}

#[test]
fn a_position_made_by_the_caller_runs_best_first_and_mcts() {
    let spec = "tictactoe:moves=5";
    let info = mine();
    // Serial best-first search, master–slave rbfm and root-parallel mcts on the simulator,
    // and serial mcts (its solver: the exact value): every count as for the spec.
    for (args, keys) in [
        (
            vec!["--algo", "bfm", "--depth", "4"],
            &["value", "nodes", "expansions", "pv", "best_move"][..],
        ),
        (
            vec!["--algo", "rbfm:seed=3", "--depth", "4"],
            &["value", "nodes", "expansions", "pv", "best_move"][..],
        ),
        (
            vec!["--algo", "rbfm:seed=3", "--procs", "3", "--depth", "4"],
            &["value", "nodes", "messages", "virtual_time", "best_move"][..],
        ),
        (
            vec!["--algo", "mcts:iters=3000,seed=5"],
            &[
                "value",
                "value_kind",
                "iterations",
                "tree_nodes",
                "playout_plies",
                "pv",
                "best_move",
            ][..],
        ),
        (
            vec![
                "--algo",
                "mcts:par=root,seed=5",
                "--procs",
                "3",
                "--nodes",
                "2000",
            ],
            &["value", "nodes", "messages", "virtual_time", "best_move"][..],
        ),
    ] {
        let root = arachne_games::with_game(spec, Root).unwrap();
        let argv: Vec<&str> = ["--json"].into_iter().chain(args.iter().copied()).collect();
        let ours = run_search_on(argv, root, info.clone(), None).unwrap();
        let argv = ["search", "--json", "--game", spec]
            .into_iter()
            .chain(args.iter().copied());
        let theirs = run_json(argv, None).unwrap();
        for &k in keys {
            assert!(!theirs[0][k].is_null(), "{args:?} {k}");
            assert_eq!(ours[0][k], theirs[0][k], "{args:?} {k}");
        }
        assert_eq!(ours[0]["game"], "mine");
    }
    // Run to the end, the solver's value is exact: tic-tac-toe after 5 is a draw.
    let root = arachne_games::with_game(spec, Root).unwrap();
    let out = run_search_on(
        ["--json", "--algo", "mcts:iters=200000,seed=1"],
        root,
        info.clone(),
        None,
    )
    .unwrap();
    assert_eq!(
        (&out[0]["value"], &out[0]["value_kind"]),
        (&0.into(), &"exact".into())
    );
    // The forms on threads are refused, naming the option.
    for (args, msg) in [
        (
            vec!["--algo", "mcts:threads=2"],
            "mcts:threads=2: a game defined outside arachne runs serial mcts",
        ),
        (
            vec!["--algo", "mcts:par=tree"],
            "mcts:par=tree: a game defined outside arachne",
        ),
        (
            vec!["--algo", "mcts", "--threads", "2"],
            "--threads: a game defined outside arachne",
        ),
        (
            vec!["--algo", "rbfm:threads=2", "--depth", "3"],
            "rbfm:threads=2: a game defined outside arachne",
        ),
        (
            vec![
                "--algo",
                "mcts:par=root",
                "--procs",
                "2",
                "--backend",
                "threads",
            ],
            "--backend threads: a game defined outside arachne runs on the simulator only",
        ),
        (
            vec!["--algo", "mcts", "--depth", "3"],
            "--depth: mcts has no search depth",
        ),
        (vec!["--algo", "rbfm"], "--depth must be at least 1"),
    ] {
        refused(spec, &args, msg);
    }
}

/// The description of a game defined outside arachne.
fn mine() -> arachne_games::GameInfo {
    arachne_games::GameInfo {
        name: "mine",
        spec: "mine".into(),
        max_depth: None,
        default_depth: 0,
    }
}

/// `search ARGS` on the tic-tac-toe position of `spec`, as a game defined outside arachne, is
/// refused with a line containing `msg`.
fn refused(spec: &str, args: &[&str], msg: &str) {
    let root = arachne_games::with_game(spec, Root).unwrap();
    let Err(CliError::Usage(m)) = run_search_on(args.iter().copied(), root, mine(), None) else {
        panic!("accepted {args:?}")
    };
    assert!(m.contains(msg), "{args:?}: {m}");
}

/// Builds the tic-tac-toe position of a spec.
struct Root;
impl arachne_games::GameVisitor for Root {
    type Output = arachne_games::TicTacToe;
    fn visit<G: arachne_core::Game>(self, root: G, _: arachne_games::GameInfo) -> Self::Output {
        *(&root as &dyn std::any::Any)
            .downcast_ref::<arachne_games::TicTacToe>()
            .expect("a tic-tac-toe spec")
    }
}

#[test]
fn a_stopped_flag_stops_the_search() {
    let stop = StopFlag::new();
    stop.stop();
    let out = run_json(
        ["search", "--json", "--game", "connect4", "--depth", "12"],
        Some(stop),
    )
    .unwrap();
    assert!(!out[0]["stopped"].is_null(), "{}", out[0]);
}
