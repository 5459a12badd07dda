//! `run::search`, the one dispatch from a request to its family of searchers: each family
//! finds the negamax value on small trees and refuses, with one line naming it, an option it
//! cannot honour. (Integration tests, not unit tests: the crate's test build then links the
//! dispatch instead of compiling every game's instantiation of it a second time.)
use arachne::registry::{family, Family};
use arachne::run::search;
use arachne::{Report, RunError, SearchRequest};

fn run(game: &str, algo: &str) -> Report {
    search(&SearchRequest::new(game, algo)).unwrap()
}

#[test]
fn every_serial_algorithm_finds_negamax_value() {
    for seed in 1..=8 {
        let game = format!("iid:n=3,d=4,seed={seed}");
        let neg = run(&game, "negamax");
        assert_eq!(neg.json["leaves"], 81);
        for algo in ["alphabeta", "falphabeta", "palphabeta", "mtdf", "sss"] {
            let r = run(&game, algo);
            assert_eq!(r.json["value"], neg.json["value"], "{algo} on {game}");
            // The text gives the real value beside the fixed-point integer (2^-29 on an
            // i.i.d. tree with continuous values).
            let v = neg.json["value"].as_i64().unwrap();
            let want = format!(
                "value      {:.6} ({v} × 2^-29)",
                v as f64 / (1u64 << 29) as f64
            );
            assert!(r.text.contains(&want), "{want}: {}", r.text);
            assert_eq!(r.json["value_real"], neg.json["value_real"], "{algo}");
        }
    }
}

#[test]
fn the_family_refuses_what_it_cannot_honour() {
    let mut r = SearchRequest::new("connect4", "alphabeta");
    r.procs = Some(4);
    let e = search(&r).unwrap_err();
    assert_eq!(
        e,
        RunError::Refused {
            option: "--procs".into(),
            message:
                "`alphabeta` is a serial algorithm; --procs needs a parallel one (see `arachne algos`)"
                    .into()
        }
    );
    assert_eq!(e.option(), Some("--procs"));
    let e = search(&SearchRequest::new("connect4", "nosuch")).unwrap_err();
    assert!(e.to_string().contains("tree-split"), "{e}");
    assert!(
        matches!(e, RunError::Usage(_)),
        "an unknown name names no option: {e:?}"
    );
    let mut r = SearchRequest::new("connect4", "alphabeta");
    r.threads = Some(2);
    let e = search(&r).unwrap_err();
    assert!(e.to_string().starts_with("--threads is for"), "{e}");
    assert!(matches!(e, RunError::Refused { .. }) && e.option() == Some("--threads"));
    // A family refusing one of the engine's options names it.
    let mut r = SearchRequest::new("connect4", "pbound");
    r.procs = Some(3);
    r.null_move = true;
    let e = search(&r).unwrap_err();
    assert!(matches!(e, RunError::Refused { .. }), "{e:?}");
    assert_eq!(e.option(), Some("--null-move"), "{e}");
    // A value out of range names its flag.
    let mut r = SearchRequest::new("connect4", "alphabeta");
    r.nodes = Some(0);
    let e = search(&r).unwrap_err();
    assert_eq!(
        e,
        RunError::Invalid {
            option: "--nodes".into(),
            message: "--nodes must be at least 1".into()
        }
    );
    assert!(e.is_usage() && !RunError::failed("x").is_usage());
}

#[test]
fn message_passing_searches_find_negamax_value() {
    for seed in 1..=6 {
        let game = format!("iid:n=3,d=4,seed={seed}");
        let neg = search(&SearchRequest::new(&game, "negamax")).unwrap();
        for algo in ["tree-split", "baudet", "pbound", "knm"] {
            let mut r = SearchRequest::new(&game, algo);
            r.procs = Some(4);
            let out = search(&r).unwrap();
            assert_eq!(out.json["value"], neg.json["value"], "{algo} on {game}");
            assert_eq!(out.json["procs"], 4, "{algo}");
        }
    }
    let mut r = SearchRequest::new("connect4", "tree-split:f=9");
    r.procs = Some(4);
    let e = search(&r).unwrap_err().to_string();
    assert!(e.starts_with("f=9 needs at least 10 processors"), "{e}");
    assert_eq!(family("KNM:fifo=1"), Some(Family::MessagePassing));
    assert_eq!(family("alphabeta"), Some(Family::Serial));
}

#[test]
fn shared_memory_searches_find_negamax_value() {
    for seed in 1..=6 {
        let game = format!("iid:n=3,d=4,seed={seed}");
        let neg = search(&SearchRequest::new(&game, "negamax")).unwrap();
        for algo in ["ybwc", "jamboree", "abdada"] {
            let mut r = SearchRequest::new(&game, algo);
            r.threads = Some(2);
            let out = search(&r).unwrap();
            assert_eq!(out.json["value"], neg.json["value"], "{algo} on {game}");
            let name = out.json["algo"].as_str().unwrap().to_string();
            assert!(
                name.starts_with(algo) && name.ends_with("(threads 2)"),
                "{name}"
            );
        }
    }
    let mut r = SearchRequest::new("connect4", "ybwc");
    r.procs = Some(2);
    assert!(search(&r).unwrap_err().to_string().contains("not --procs"));
    let mut r = SearchRequest::new("connect4", "ybwc");
    r.threads = Some(0);
    let e = search(&r).unwrap_err();
    assert_eq!(e.option(), Some("--threads"), "{e}");
}

#[test]
fn mcts_runs_its_iterations_and_refuses_depth() {
    let out = search(&SearchRequest::new("tictactoe", "mcts:seed=1,iters=2000")).unwrap();
    assert_eq!(out.json["iterations"], 2000, "{}", out.json);
    // Its iterations done, no limit stopped it.
    assert!(out.json["stopped"].is_null(), "{}", out.json);
    assert!(
        out.text.contains("stop       iteration limit"),
        "{}",
        out.text
    );
    assert_eq!(out.json["form"], "serial");
    let again = search(&SearchRequest::new("tictactoe", "mcts:seed=1,iters=2000")).unwrap();
    assert_eq!(
        out.json["pv"], again.json["pv"],
        "seeded: the same line twice"
    );
    let mut r = SearchRequest::new("connect4", "mcts");
    r.depth = Some(3);
    assert!(search(&r)
        .unwrap_err()
        .to_string()
        .starts_with("--depth: mcts has no"));
    let mut r = SearchRequest::new("connect4", "mcts:par=tree");
    r.procs = Some(2);
    assert!(search(&r)
        .unwrap_err()
        .to_string()
        .starts_with("--procs: only root"));
}

#[test]
fn best_first_solves_small_trees_to_the_negamax_value() {
    for seed in 1..=6 {
        let game = format!("incremental:b=3,d=4,seed={seed}");
        let neg = search(&SearchRequest::new(&game, "negamax")).unwrap();
        for algo in ["bfm", "rbfm:seed=2"] {
            let out = search(&SearchRequest::new(&game, algo)).unwrap();
            assert_eq!(out.json["value"], neg.json["value"], "{algo} on {game}");
            assert_eq!(out.json["value_kind"], "exact", "{algo} on {game}");
        }
    }
    let mut r = SearchRequest::new("connect4", "bfm");
    r.procs = Some(2);
    assert_eq!(
        search(&r).unwrap_err().to_string(),
        "bfm is serial; --procs needs rbfm"
    );
    let mut r = SearchRequest::new("connect4", "rbfm");
    r.cost = Some("unit".into());
    assert!(search(&r)
        .unwrap_err()
        .to_string()
        .starts_with("--cost is for master–slave rbfm"));
}

/// The searcher of a game in progress (`SearchRequest::playing`): its table is kept from one
/// search to the next (the same search again costs fewer nodes, for the same value) and
/// cleared at a new game (the first count again); a position of the game's history is a draw.
#[test]
fn a_searcher_that_plays_keeps_its_table_and_sees_the_games_history() {
    use arachne::games::{Chess, GameInfo};
    use arachne::{Builder, Game, Limits, Searcher};
    let info = GameInfo {
        name: "chess",
        spec: "chess".into(),
        max_depth: None,
        default_depth: 4,
    };
    let build = |algo: &str| -> Box<dyn Searcher<Chess>> {
        let mut req = SearchRequest::new("chess", algo);
        req.playing = true;
        req.ordering = true;
        Builder::from(req).game_info(info.clone()).build().unwrap()
    };
    let limits = Limits::depth(4);
    // (`aspiration` orders its moves by the table but takes no values from it: the same
    // search again is the same search.)
    for algo in ["alphabeta", "abdada"] {
        let mut s = build(algo);
        let root = Chess::startpos();
        let first = s.search(&root, &limits).unwrap();
        let again = s.search(&root, &limits).unwrap();
        assert_eq!(again.value, first.value, "{algo}");
        assert!(
            again.stats.nodes() < first.stats.nodes(),
            "{algo}: {} then {}",
            first.stats.nodes(),
            again.stats.nodes()
        );
        if algo != "abdada" {
            // (Threads make a shared-memory search's count vary.)
            s.new_game();
            let fresh = s.search(&root, &limits).unwrap();
            assert_eq!(fresh.stats.nodes(), first.stats.nodes(), "{algo}");
        }
    }
    // White, a rook up, takes the queen, unless the position after the capture has been
    // played before: a draw then, worse than keeping the rook.
    let root = Chess::from_fen("4k3/8/8/3q4/8/8/8/R2QK3 w - - 0 1").unwrap();
    let take = root.parse_uci("d1d5").unwrap();
    let mut s = build("alphabeta");
    let free = s.search(&root, &Limits::depth(3)).unwrap();
    assert_eq!(free.best_move, Some(take));
    let mut s = build("alphabeta");
    s.set_history(&[root.play(take).hash().unwrap()]);
    let drawn = s.search(&root, &Limits::depth(3)).unwrap();
    assert_ne!(drawn.best_move, Some(take));
    assert!(
        drawn.value.0 < free.value.0 - 500,
        "{:?} {:?}",
        drawn.value,
        free.value
    );
}

/// A caller's table and `playing` are refused, with one line naming them, by the families
/// that cannot honour them.
#[test]
fn a_callers_table_and_playing_are_refused_where_they_do_not_apply() {
    use arachne::games::TicTacToe;
    use arachne::Builder;
    let mut req = SearchRequest::new("tictactoe", "tree-split");
    req.procs = Some(2);
    req.table = Some(std::sync::Arc::new(arachne::TranspositionTable::with_mib(
        1,
    )));
    let e = Builder::from(req.clone())
        .build::<TicTacToe>()
        .err()
        .unwrap();
    assert!(
        matches!(&e, RunError::Refused { option, .. } if option == "table"),
        "{e}"
    );
    req.table = None;
    req.playing = true;
    let e = Builder::from(req).build::<TicTacToe>().err().unwrap();
    assert!(
        matches!(&e, RunError::Refused { option, .. } if option == "playing"),
        "{e}"
    );
    let mut req = SearchRequest::new("tictactoe", "mcts");
    req.table = Some(std::sync::Arc::new(arachne::TranspositionTable::with_mib(
        1,
    )));
    let e = Builder::from(req).build::<TicTacToe>().err().unwrap();
    assert!(e.to_string().contains("serial and shared-memory"), "{e}");
}

/// Best-first stops between the moves of a game (`terminal=`, `abort=`) are the serial
/// searcher's: the other forms refuse them, and `abort=` needs a searcher that plays. A
/// caller's distribution table is rbfm's alone, and not beside `table=FILE`.
#[test]
fn best_first_stops_and_a_callers_distribution_table_are_refused_where_they_do_not_apply() {
    use arachne::games::TicTacToe;
    use arachne::Builder;
    let refused = |algo: &str, edit: &dyn Fn(&mut SearchRequest)| {
        let mut req = SearchRequest::new("tictactoe", algo);
        edit(&mut req);
        match Builder::from(req).build::<TicTacToe>() {
            Err(RunError::Refused { option, .. }) => option,
            Err(e) => panic!("{algo}: not a refusal: {e}"),
            Ok(_) => panic!("{algo}: built"),
        }
    };
    assert_eq!(refused("rbfm:terminal=1,threads=2", &|_| {}), "terminal=");
    assert_eq!(
        refused("rbfm:terminal=0", &|r| r.procs = Some(2)),
        "terminal="
    );
    assert_eq!(refused("bfm:abort=5", &|_| {}), "abort=");
    let table = arachne_bestfirst::tables::default_for("tictactoe", "tictactoe");
    let table = std::sync::Arc::new(table);
    assert_eq!(
        refused("bfm", &|r| r.dist_table = Some(table.clone())),
        "dist_table"
    );
    assert_eq!(
        refused("alphabeta", &|r| r.dist_table = Some(table.clone())),
        "dist_table"
    );
    let mut req = SearchRequest::new("tictactoe", "rbfm:table=/nonexistent");
    req.dist_table = Some(table.clone());
    let e = Builder::from(req).build::<TicTacToe>().err().unwrap();
    assert!(e.to_string().contains("exclude each other"), "{e}");
    for bad in ["bfm:abort=0.5", "rbfm:abort=x", "rbfm:terminal=2"] {
        let e = search(&SearchRequest::new("tictactoe", bad)).unwrap_err();
        assert!(e.to_string().contains("must be"), "{bad}: {e}");
    }
    let mut req = SearchRequest::new("tictactoe", "rbfm:abort=5,terminal=1");
    req.playing = true;
    assert!(Builder::from(req).build::<TicTacToe>().is_ok());
}

/// A best-first or Monte Carlo searcher that plays keeps its tree: after a move it holds the
/// subtree below the move (fewer nodes than the whole tree, more than none), which its next
/// search starts from; a new game drops it. The caller's distribution table is the one it
/// searches with: the same table as the shipped one gives the same search, and `dist=` sets
/// its family as it sets the shipped one's.
#[test]
fn a_playing_tree_search_keeps_the_subtree_of_the_move_played() {
    use arachne::games::{Branching, EdgeValues, GameInfo, IncrementalParams, IncrementalTree};
    use arachne::{Builder, Game, Limits, Searcher};
    let info = GameInfo {
        name: "incremental",
        spec: "incremental:b=4".into(),
        max_depth: None,
        default_depth: 10,
    };
    let root = IncrementalTree::new(IncrementalParams {
        b: 4,
        d: 10,
        seed: 3,
        branching: Branching::Random,
        values: EdgeValues::Real,
    });
    let build = |algo: &str, table: bool| -> Box<dyn Searcher<IncrementalTree>> {
        let mut req = SearchRequest::new(&info.spec, algo);
        req.playing = true;
        if table {
            let t = arachne_bestfirst::tables::default_for(info.name, &info.spec);
            req.dist_table = Some(std::sync::Arc::new(t));
        }
        Builder::from(req).game_info(info.clone()).build().unwrap()
    };
    let limits = Limits {
        nodes: Some(2_000),
        ..Limits::default()
    };
    let mut counts = Vec::new();
    for (algo, table) in [
        ("rbfm:seed=4,terminal=0", false),
        ("rbfm:seed=4,terminal=0", true),
        ("mcts:seed=4", false),
        ("rbfm:seed=4,terminal=0,dist=exponential", false),
        ("rbfm:seed=4,terminal=0,dist=exponential", true),
    ] {
        let mut s = build(algo, table);
        assert_eq!(s.kept_nodes(), 0, "{algo}");
        let out = s.search(&root, &limits).unwrap();
        let whole = s.kept_nodes();
        assert!(whole > 100, "{algo}: {whole}");
        let mv = out.best_move.unwrap();
        s.observe(mv);
        let kept = s.kept_nodes();
        assert!(kept > 1 && kept < whole, "{algo}: {kept} of {whole}");
        let next = s.search(&root.play(mv), &limits).unwrap();
        counts.push((out.stats, next.stats));
        s.new_game();
        assert_eq!(s.kept_nodes(), 0, "{algo}");
    }
    assert_eq!(counts[0], counts[1]);
    // `dist=` sets the family of the caller's table as it does the shipped one's.
    assert_eq!(counts[3], counts[4]);
    assert_ne!(counts[0], counts[3]);
}

/// A master that deepens (tree-split's `id=1`, type-guided's root) steps one ply at a time
/// with the null move and two without, unless `step=` is given: on the simulator, where the
/// counts are deterministic, the default's nodes are `step=1`'s with `--null-move` and
/// `step=2`'s without.
#[test]
fn a_deepening_master_steps_one_ply_with_the_null_move() {
    let nodes = |algo: &str, null_move: bool| {
        let mut r = SearchRequest::new("chess:bench=lct2:1", algo);
        r.depth = Some(4);
        r.procs = Some(2);
        r.backend = Some("sim".into());
        r.ordering = true;
        r.quiescence = true;
        r.null_move = null_move;
        let out = search(&r).unwrap();
        out.json["nodes"].as_u64().unwrap()
    };
    for base in ["tree-split:master=1,pv=1,id=1", "type-guided:master=1"] {
        let (one, two) = (format!("{base},step=1"), format!("{base},step=2"));
        assert_ne!(nodes(&one, true), nodes(&two, true), "{base}");
        assert_eq!(nodes(base, true), nodes(&one, true), "{base}");
        assert_eq!(nodes(base, false), nodes(&two, false), "{base}");
    }
}
