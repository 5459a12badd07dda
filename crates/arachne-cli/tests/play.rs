//! `arachne play`: results, reproducibility and input errors.
use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_arachne");

fn play(args: &[&str]) -> (i32, serde_json::Value, String) {
    let out = Command::new(EXE).arg("play").args(args).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let json = serde_json::from_str(&stdout).unwrap_or(serde_json::Value::Null);
    (out.status.code().unwrap_or(-1), json, stderr)
}

#[test]
fn perfect_tictactoe_never_loses() {
    let (code, j, err) = play(&[
        "--game",
        "tictactoe",
        "--first",
        "alphabeta:depth=9",
        "--second",
        "negamax:depth=1",
        "--games",
        "6",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(j["games"], 6);
    assert_eq!(j["second_wins"], 0, "{j}");
    let w = j["first_wins"].as_u64().unwrap();
    let d = j["draws"].as_u64().unwrap();
    assert_eq!(w + d, 6);
    assert!(j["first_nodes"].as_u64().unwrap() > 0);
    // The score, with its 95 % interval around it (`play::score_interval` has the values).
    let score = j["first_score"].as_f64().unwrap();
    assert_eq!(score, (w as f64 + 0.5 * d as f64) / 6.0);
    let (lo, hi) = (
        j["first_score_ci95"][0].as_f64().unwrap(),
        j["first_score_ci95"][1].as_f64().unwrap(),
    );
    assert!(
        (0.0..=score).contains(&lo) && (score..=1.0).contains(&hi),
        "{j}"
    );
    let out = Command::new(EXE)
        .args([
            "play",
            "--game",
            "tictactoe",
            "--first",
            "alphabeta:depth=9",
        ])
        .args(["--second", "negamax:depth=1", "--games", "6", "--seed", "3"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let line = |key: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(key))
            .unwrap_or_else(|| panic!("no `{key}` line: {text}"))
    };
    assert_eq!(
        line("results"),
        "results    from the first engine's point of view (alphabeta:depth=9)"
    );
    assert_eq!(
        line("result"),
        format!("result     first won {w}, drew {d}, lost 0")
    );
    let want = format!(
        "score      {:.1}% for first, a draw counting half (95% interval {:.1}–{:.1}%, Wilson)",
        score * 100.0,
        lo * 100.0,
        hi * 100.0
    );
    assert_eq!(line("score"), want);
    // Each game's line says the first engine's result, as the JSON does, and who moved first.
    let games: Vec<&str> = text
        .lines()
        .filter(|l| {
            let mut w = l.split_whitespace();
            w.next() == Some("game") && w.next().is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .collect();
    assert_eq!(games.len(), 6, "{text}");
    for (g, (l, r)) in games
        .iter()
        .zip(j["results"].as_array().unwrap())
        .enumerate()
    {
        let res = r["first_result"].as_str().unwrap();
        assert!(["won", "drew"].contains(&res), "{r}");
        let mover = r["first_mover"].as_str().unwrap();
        assert!(
            l.starts_with(&format!(
                "game {:>3}  first {res:<4}  ({mover} moved first; ",
                g + 1
            )),
            "{l}"
        );
    }
    let won = games.iter().filter(|l| l.contains("first won")).count();
    assert_eq!(won as u64, w, "{text}");
    // Colours alternate within a pair, and a pair shares its opening.
    let r = j["results"].as_array().unwrap();
    assert_eq!(r[0]["first_mover"], "first");
    assert_eq!(r[1]["first_mover"], "second");
    assert_eq!(r[0]["opening"], r[1]["opening"]);
}

#[test]
fn chess_matches_are_reproducible() {
    let args = [
        "--game",
        "chess",
        "--first",
        "alphabeta:depth=2",
        "--second",
        "mtdf:depth=2",
        "--games",
        "2",
        "--max-plies",
        "40",
        "--seed",
        "7",
        "--json",
    ];
    let (c1, a, e1) = play(&args);
    let (c2, b, _) = play(&args);
    assert_eq!((c1, c2), (0, 0), "{e1}");
    for k in [
        "results",
        "first_wins",
        "draws",
        "second_wins",
        "first_nodes",
        "second_nodes",
    ] {
        assert_eq!(a[k], b[k], "{k}");
    }
    for g in a["results"].as_array().unwrap() {
        assert!(g["plies"].as_u64().unwrap() <= 40);
    }
}

/// `check=` and `null=` reach the search: with the null move on, the same side searches fewer
/// nodes to the same depth (the pruning is the point), and the match repeats exactly.
#[test]
fn chess_engine_options_reach_the_search() {
    let run = |first: &str| {
        let args = [
            "--game",
            "chess",
            "--first",
            first,
            "--second",
            "falphabeta:depth=3",
            "--games",
            "2",
            "--max-plies",
            "24",
            "--seed",
            "5",
            "--json",
        ];
        let (code, j, err) = play(&args);
        assert_eq!(code, 0, "{first}: {err}");
        j
    };
    let plain = run("falphabeta:depth=4");
    let engine = run("falphabeta:depth=4,check=on,null=on");
    let again = run("falphabeta:depth=4,check=on,null=on");
    assert_eq!(engine["results"], again["results"]);
    assert_eq!(engine["first_nodes"], again["first_nodes"]);
    assert_ne!(
        plain["first_nodes"], engine["first_nodes"],
        "{plain} {engine}"
    );
    let off = run("falphabeta:depth=4,check=off,null=off");
    assert_eq!(plain["first_nodes"], off["first_nodes"]);
    assert_eq!(plain["results"], off["results"]);
}

#[test]
fn bad_input_is_a_usage_error() {
    for args in [
        vec!["--game", "chess", "--first", "nope", "--second", "mtdf"],
        vec![
            "--game",
            "chess",
            "--first",
            "alphabeta:depth=0",
            "--second",
            "mtdf",
        ],
        vec![
            "--game",
            "chess",
            "--first",
            "alphabeta:time=x",
            "--second",
            "mtdf",
        ],
        vec![
            "--game",
            "chess",
            "--first",
            "alphabeta",
            "--second",
            "mtdf",
            "--games",
            "0",
        ],
        vec!["--game", "nope", "--first", "alphabeta", "--second", "mtdf"],
        vec![
            "--game",
            "chess:fen=x",
            "--first",
            "alphabeta",
            "--second",
            "mtdf",
        ],
        vec![
            "--game",
            "chess",
            "--first",
            "falphabeta:null=maybe",
            "--second",
            "mtdf",
        ],
        vec![
            "--game",
            "iid:n=2,d=3",
            "--first",
            "alphabeta:depth=5",
            "--second",
            "mtdf",
        ],
    ] {
        let (code, _, err) = play(&args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn best_first_players_complete_seeded_games_exactly_again() {
    // RBFM keeps its tree between moves (§3.2.5) against alpha-beta; BFM against RBFM, both
    // best-first sides keeping trees. The same command gives the same games.
    for (first, second) in [
        ("rbfm:seed=3,nodes=400", "alphabeta:depth=3"),
        ("bfm:depth=4", "rbfm:seed=5,depth=3"),
    ] {
        let args = [
            "--game",
            "connect4",
            "--first",
            first,
            "--second",
            second,
            "--games",
            "2",
            "--max-plies",
            "30",
            "--seed",
            "4",
            "--json",
        ];
        let (c1, a, e1) = play(&args);
        let (c2, b, e2) = play(&args);
        assert_eq!((c1, c2), (0, 0), "{e1}{e2}");
        assert_eq!(a["games"], 2);
        assert_eq!(a["results"], b["results"], "{first} vs {second}");
        assert_eq!(a["first_nodes"], b["first_nodes"]);
        assert_eq!(a["second_nodes"], b["second_nodes"]);
        assert!(a["first_nodes"].as_u64().unwrap() > 0);
        let w = a["first_wins"].as_u64().unwrap();
        let d = a["draws"].as_u64().unwrap();
        let l = a["second_wins"].as_u64().unwrap();
        assert_eq!(w + d + l, 2);
        for r in a["results"].as_array().unwrap() {
            let plies = r["plies"].as_u64().unwrap();
            assert!(plies <= 30, "{r}");
            assert!(!r["moves"].as_array().unwrap().is_empty());
        }
    }
    // The node budget per move binds RBFM: 400 generated nodes a move at most.
    let (c, j, e) = play(&[
        "--game",
        "connect4",
        "--first",
        "rbfm:seed=3,nodes=400",
        "--second",
        "alphabeta:depth=2",
        "--games",
        "1",
        "--max-plies",
        "12",
        "--json",
    ]);
    assert_eq!(c, 0, "{e}");
    let r = &j["results"][0];
    let own_moves = r["moves"].as_array().unwrap().len().div_ceil(2) as u64;
    assert!(j["first_nodes"].as_u64().unwrap() <= 400 * own_moves, "{j}");
    // Bad best-first options are one usage line.
    let (c, _, e) = play(&[
        "--game",
        "connect4",
        "--first",
        "rbfm:threads=2",
        "--second",
        "bfm",
    ]);
    assert_eq!(c, 2, "{e}");
    assert_eq!(e.trim().lines().count(), 1, "{e}");
}

#[test]
fn mcts_players_complete_games_keeping_their_trees() {
    // Serial, tree- and root-parallel MCTS against alpha-beta and each other, to the end of
    // the game (tictactoe: no move limit reached): every result is a real game outcome.
    for (first, second) in [
        ("mcts:seed=3,nodes=2000", "alphabeta:depth=4"),
        (
            "mcts:par=root,threads=2,nodes=2000",
            "mcts:threads=2,nodes=3000",
        ),
        ("mcts:par=leaf,threads=2,iters=300", "alphabeta:depth=2"),
    ] {
        let args = [
            "--game",
            "tictactoe",
            "--first",
            first,
            "--second",
            second,
            "--games",
            "2",
            "--random-plies",
            "1",
            "--json",
        ];
        let (c, a, e) = play(&args);
        assert_eq!(c, 0, "{first} vs {second}: {e}");
        assert_eq!(a["games"], 2);
        for r in a["results"].as_array().unwrap() {
            assert_eq!(r["reason"], "game over", "{r}");
        }
        assert!(a["first_nodes"].as_u64().unwrap() > 0);
    }
    // Seeded serial and root-parallel players repeat their games; the node budget binds.
    let args = [
        "--game",
        "connect4",
        "--first",
        "mcts:seed=5,nodes=500",
        "--second",
        "mcts:par=root,threads=2,nodes=500,seed=2",
        "--games",
        "2",
        "--max-plies",
        "20",
        "--json",
    ];
    let (c1, a, e1) = play(&args);
    let (c2, b, e2) = play(&args);
    assert_eq!((c1, c2), (0, 0), "{e1}{e2}");
    assert_eq!(a["results"], b["results"]);
    let own: u64 = a["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["moves"].as_array().unwrap().len() as u64)
        .sum();
    assert!(a["first_nodes"].as_u64().unwrap() <= 500 * own, "{a}");
    // What mcts cannot take is one usage line.
    for bad in [
        "mcts:depth=3",
        "mcts:quiescence=off",
        "mcts:par=leaf,playout=eval,threads=2",
        "mcts:threads=0",
    ] {
        let (c, _, e) = play(&[
            "--game",
            "connect4",
            "--first",
            bad,
            "--second",
            "alphabeta",
        ]);
        assert_eq!(c, 2, "{bad}: {e}");
        assert_eq!(e.trim().lines().count(), 1, "{bad}: {e}");
    }
}

/// Without `--game`, `play` is on `search`'s default game, connect four (the README's
/// `arachne play --first rbfm:seed=3,nodes=20000 --second alphabeta:depth=4`).
#[test]
fn play_without_a_game_is_on_the_default_game() {
    let (code, j, err) = play(&[
        "--first",
        "rbfm:seed=3,nodes=20000",
        "--second",
        "alphabeta:depth=4",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(j["game"], "connect4", "{j}");
    assert_eq!(j["games"], 2, "{j}");
    let moves = j["results"][0]["moves"].as_array().unwrap();
    assert!(
        moves
            .iter()
            .all(|m| ("1"..="7").contains(&m.as_str().unwrap())),
        "{j}"
    );
}

/// A UCI engine plays a side (Stockfish where installed, as CI installs it; without one the
/// match is skipped with a notice, and only the refusals are checked).
#[test]
fn a_uci_engine_plays_a_side_of_a_chess_match() {
    let (code, _, err) = play(&[
        "--game",
        "connect4",
        "--first",
        "alphabeta:depth=2",
        "--second",
        "uci:engine=/bin/true",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a UCI engine plays chess only"), "{err}");
    let (code, _, err) = play(&[
        "--game",
        "chess",
        "--first",
        "alphabeta:depth=2",
        "--second",
        "uci:engine=/no/such/engine",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("/no/such/engine"), "{err}");
    let Some(engine) = arachne_engine::uci::client::find_engine() else {
        eprintln!("no UCI engine (ARACHNE_UCI_ENGINE, stockfish): the match is skipped");
        return;
    };
    let second = format!("uci:engine={},Hash=8,depth=1", engine.display());
    let (code, j, err) = play(&[
        "--game",
        "chess",
        "--first",
        "aspiration:depth=2",
        "--second",
        &second,
        "--games",
        "2",
        "--random-plies",
        "2",
        "--max-plies",
        "16",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(j["games"], 2);
    assert_eq!(j["second"], second.as_str());
    assert!(j["second_nodes"].as_u64().unwrap() > 0, "{j}");
    for r in j["results"].as_array().unwrap() {
        assert!(!r["moves"].as_array().unwrap().is_empty(), "{r}");
    }
    let (w, d, l) = (
        j["first_wins"].as_u64().unwrap(),
        j["draws"].as_u64().unwrap(),
        j["second_wins"].as_u64().unwrap(),
    );
    assert_eq!(w + d + l, 2);
    // The Elo difference is the score's, unbounded at 0 or 1.
    let score = j["first_score"].as_f64().unwrap();
    match j["first_elo"].as_f64() {
        Some(e) => assert!(
            (e + 400.0 * (1.0 / score - 1.0).log10()).abs() < 1e-9,
            "{j}"
        ),
        None => assert!(score == 0.0 || score == 1.0, "{j}"),
    }
}
