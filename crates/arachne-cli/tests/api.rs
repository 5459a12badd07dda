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
    let info = arachne_games::GameInfo {
        name: "mine",
        spec: "mine".into(),
        max_depth: None,
        default_depth: 0,
    };
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
        let root = arachne_games::with_game(spec, Root).unwrap();
        let Err(CliError::Usage(m)) = run_search_on(args, root, info.clone(), None) else {
            panic!("accepted {msg}")
        };
        assert!(m.contains(msg), "{m}");
    }
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
