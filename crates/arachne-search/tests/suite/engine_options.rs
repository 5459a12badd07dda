//! The engine options `check_extension` and `null_move` (`arachne_search::context`, "Check
//! extension" and "Null move"): on games without checks or passes they change nothing, not
//! even a node count; on chess the null move is refused in check and in king-and-pawn
//! endings, mates are still found with both options on, the check extension sees a mate one
//! ply past the horizon, and a king-and-pawn zugzwang keeps its value because no null move is
//! tried there (while a game that allowed one would get it wrong).
use arachne_core::{perft, Game, Limits, Score};
use arachne_games::chess::cozy_chess::{Color, Move};
use arachne_games::chess::{Chess, Eval};
use arachne_games::{Connect4, IidParams, IidTree, TicTacToe};
use arachne_search::{Algorithm, SearchOptions};

/// The options of "our best alpha-beta" with the two engine options set as given.
fn engine(check_extension: bool, null_move: bool) -> SearchOptions {
    SearchOptions {
        hints: true,
        killers: true,
        history: true,
        quiescence: true,
        tt_mib: 1,
        check_extension,
        null_move,
        ..SearchOptions::default()
    }
}

const ALGOS: [&str; 3] = ["falphabeta", "aspiration", "aspiration:delta=1"];

/// Value, principal line and every count agree with both options on and off.
fn unchanged<G: Game>(name: &str, pos: &G, depth: u32) {
    for plain in [SearchOptions::default(), engine(false, false)] {
        for (ce, nm) in [(true, false), (false, true), (true, true)] {
            let on = SearchOptions {
                check_extension: ce,
                null_move: nm,
                ..plain.clone()
            };
            for a in ALGOS {
                let algo: Algorithm = a.parse().unwrap();
                let off = algo.search(pos, &Limits::depth(depth), &plain);
                let r = algo.search(pos, &Limits::depth(depth), &on);
                assert_eq!(r.value, off.value, "{a} on {name} ({ce}, {nm})");
                assert_eq!(r.pv, off.pv, "{a} on {name} ({ce}, {nm})");
                assert_eq!(r.stats, off.stats, "{a} on {name} ({ce}, {nm})");
            }
        }
    }
}

#[test]
fn games_without_checks_or_passes_are_unchanged() {
    for seed in 1..=6 {
        let tree = IidTree::new(IidParams {
            n: 3,
            d: 7,
            seed,
            range: None,
        });
        unchanged(&format!("iid seed {seed}"), &tree, 7);
    }
    unchanged("connect4", &Connect4::new(), 7);
    unchanged("tictactoe", &TicTacToe::new(), 9);
}

#[test]
fn the_null_move_is_refused_in_check_and_in_minor_piece_endings() {
    let start = Chess::startpos();
    assert!(!start.in_check());
    let passed = start.null_move().expect("a pass from the start position");
    assert_eq!(passed.board().side_to_move(), Color::Black);
    assert!(passed.board().en_passant().is_none());
    // The pass changes nothing but the side to move: Black has its 20 moves; perft of the
    // position itself is unchanged (the options do not touch move generation).
    assert_eq!(perft(&passed, 1), 20);
    assert_eq!(perft(&start, 3), 8_902);
    assert_ne!(passed.hash(), start.hash());
    // In check (a rook on the open e-file): no pass.
    let check = Chess::from_fen("4k3/8/8/8/8/8/8/4RK2 b - - 0 1").unwrap();
    assert!(check.in_check());
    assert!(check.null_move().is_none());
    // King and pawns for the side to move: no pass, whatever the opponent has.
    for fen in [
        "8/8/8/2Kp4/3Pk3/8/8/8 w - - 0 1",
        "8/8/8/2Kp4/3Pk3/8/8/8 b - - 0 1",
        "q3k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        let p = Chess::from_fen(fen).unwrap();
        assert!(!p.in_check(), "{fen}");
        assert!(p.null_move().is_none(), "{fen}");
    }
    // One minor piece beside king and pawns is not enough (bishop endings such as LCT-II's
    // Fin3 are zugzwang positions); two minor pieces, a rook or a queen are (only the side to
    // move's pieces count).
    for fen in [
        "q3k3/8/8/8/8/8/4P3/4KN2 w - - 0 1",
        "q3k3/8/8/8/8/8/4P3/4KB2 w - - 0 1",
    ] {
        assert!(Chess::from_fen(fen).unwrap().null_move().is_none(), "{fen}");
    }
    for fen in [
        "q3k3/8/8/8/8/8/4P3/2B1KN2 w - - 0 1",
        "q3k3/8/8/8/8/8/4P3/4KR2 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1",
    ] {
        assert!(Chess::from_fen(fen).unwrap().null_move().is_some(), "{fen}");
    }
    let theirs = Chess::from_fen("q3k3/8/8/8/8/8/4P3/4K3 b - - 0 1").unwrap();
    assert!(theirs.null_move().is_some());
}

/// The depth-`plies` negamax value of `pos` without the engine options.
fn reference(pos: &Chess, plies: u32) -> Score {
    Algorithm::AlphaBeta
        .search(pos, &Limits::depth(plies), &engine(false, false))
        .value
}

#[test]
fn mates_are_found_with_both_options() {
    // (position, plies to mate): mate in one (Qb8#), mate in two with a quiet first move
    // (Kc6, Rh1 against Ka8: Kb6 or Kc7), mate in two beginning with a check (Re8+ Rxe8
    // Rxe8#), each with the positional evaluation of the experiments and material only.
    for (fen, plies) in [
        ("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1", 1),
        ("k7/8/2K5/8/8/8/8/7R w - - 0 1", 3),
        ("r5k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1", 3),
    ] {
        for eval in [Eval::Material, Eval::Pst] {
            let pos = Chess::from_fen(fen).unwrap().with_eval(eval);
            assert_eq!(reference(&pos, plies), Score::win_in(plies), "{fen}");
            for a in ALGOS {
                let algo: Algorithm = a.parse().unwrap();
                for depth in plies..=plies + 3 {
                    let r = algo.search(&pos, &Limits::depth(depth), &engine(true, true));
                    assert_eq!(r.value, Score::win_in(plies), "{a} {fen} depth {depth}");
                    // The move played mates as fast.
                    let mv = r.best_move.expect("a move");
                    let after = reference(&pos.play(mv), plies - 1);
                    assert_eq!(after, Score::loss_in(plies - 1), "{a} {fen} {mv}");
                }
            }
        }
    }
}

#[test]
fn the_check_extension_sees_a_mate_past_the_horizon() {
    // Re8+ Rxe8 Rxe8#: three plies, and the first and the last give check. At depth 2 the
    // plain search sees only the exchange; with the extension both checked positions get a
    // ply more, and the mate is found (a depth-2 root allows two extensions on a path).
    // Without quiescence, which would see the mate in its capture Rxe8 (a capture that
    // leaves no legal move is valued as mate).
    let pos = Chess::from_fen("r5k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1").unwrap();
    let opts = |check_extension| SearchOptions {
        quiescence: false,
        ..engine(check_extension, false)
    };
    let plain = Algorithm::AlphaBeta.search(&pos, &Limits::depth(2), &opts(false));
    assert!(!plain.value.is_decisive(), "{}", plain.value);
    for a in ALGOS {
        let algo: Algorithm = a.parse().unwrap();
        let r = algo.search(&pos, &Limits::depth(2), &opts(true));
        assert_eq!(r.value, Score::win_in(3), "{a}");
        assert_eq!(pos.move_name(r.best_move.unwrap()), "e2e8", "{a}");
        let off = algo.search(&pos, &Limits::depth(2), &opts(false));
        assert_eq!(off.value, plain.value, "{a}");
    }
}

#[test]
fn the_check_extension_terminates_under_perpetual_check() {
    // Queens on open boards: checks and cross-checks everywhere. With the extension every
    // checked position gets a ply more, and the bound (at most the root's depth of extensions
    // on a path) still ends every iteration.
    let pos = Chess::from_fen("3q2k1/8/8/8/8/8/8/3Q2K1 w - - 0 1").unwrap();
    for depth in 1..=5 {
        let r = Algorithm::Aspiration { delta: 50 }.search(
            &pos,
            &Limits::depth(depth),
            &engine(true, true),
        );
        assert!(r.stopped.is_none() && r.depth == depth, "depth {depth}");
    }
}

/// Chess whose null move ignores the king-and-pawn guard (a pass wherever cozy-chess allows
/// one): what the guard prevents.
#[derive(Clone, Debug)]
struct AlwaysPass(Chess);

impl Game for AlwaysPass {
    type Move = Move;
    fn moves(&self, out: &mut Vec<Move>) {
        self.0.moves(out)
    }
    fn play(&self, mv: Move) -> Self {
        AlwaysPass(self.0.play(mv))
    }
    fn evaluate(&self) -> Score {
        self.0.evaluate()
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn hash(&self) -> Option<u64> {
        self.0.hash()
    }
    fn noisy_moves(&self, out: &mut Vec<Move>) {
        self.0.noisy_moves(out)
    }
    fn order_hint(&self, mv: Move) -> i32 {
        self.0.order_hint(mv)
    }
    fn history_index(&self, mv: Move) -> Option<usize> {
        self.0.history_index(mv)
    }
    const HISTORY_SIZE: usize = Chess::HISTORY_SIZE;
    fn in_check(&self) -> bool {
        Game::in_check(&self.0)
    }
    fn null_move(&self) -> Option<Self> {
        let b = self.0.board().null_move()?;
        Some(AlwaysPass(
            Chess::from_board(b).with_eval(self.0.eval_kind()),
        ))
    }
    fn move_name(&self, mv: Move) -> String {
        self.0.move_name(mv)
    }
}

#[test]
fn a_king_and_pawn_zugzwang_keeps_its_value() {
    // Trébuchet: whoever moves must abandon the pawn and loses it (and the game). With the
    // guard no null move is tried: the same value and the same nodes as without the option.
    let depth = 7;
    let pos = Chess::from_fen("8/8/8/2Kp4/3Pk3/8/8/8 w - - 0 1")
        .unwrap()
        .with_eval(Eval::Pst);
    let algo = Algorithm::Aspiration { delta: 50 };
    let off = algo.search(&pos, &Limits::depth(depth), &engine(true, false));
    let on = algo.search(&pos, &Limits::depth(depth), &engine(true, true));
    assert_eq!(on.value, off.value);
    assert_eq!(on.stats, off.stats);
    // White to move is in zugzwang: worse than with Black to move.
    let black = Chess::from_fen("8/8/8/2Kp4/3Pk3/8/8/8 b - - 0 1")
        .unwrap()
        .with_eval(Eval::Pst);
    let other = algo.search(&black, &Limits::depth(depth), &engine(true, false));
    assert!(
        off.value < Score::DRAW && other.value < Score::DRAW,
        "{} {}",
        off.value,
        other.value
    );
}

#[test]
fn a_pass_out_of_zugzwang_would_misjudge_a_pawn_ending() {
    // White Kb1 against Kb3 and b4: White to move must give way and the pawn queens (about
    // −9 pawns at depth 8). The guard keeps the null move out of White's nodes, so the value
    // is the one without the option; a game that let White pass sees only a pawn down.
    let depth = 8;
    let pos = Chess::from_fen("8/8/8/8/1p6/1k6/8/1K6 w - - 0 1")
        .unwrap()
        .with_eval(Eval::Pst);
    let algo = Algorithm::Aspiration { delta: 50 };
    let off = algo.search(&pos, &Limits::depth(depth), &engine(true, false));
    assert!(off.value < Score(-800), "{}", off.value);
    let on = algo.search(&pos, &Limits::depth(depth), &engine(true, true));
    assert_eq!(on.value, off.value);
    let wrong = algo.search(&AlwaysPass(pos), &Limits::depth(depth), &engine(true, true));
    assert!(wrong.value > Score(-500), "{}", wrong.value);
}

#[test]
fn table_cutoffs_keep_the_value_and_save_nodes() {
    // `tt_cutoffs` (falphabeta's nodes return a table entry of exactly their draft whose bound
    // settles them): on the first WAC positions, aspiration to depth 4 with the positional
    // evaluation returns the same value with and without, and searches fewer nodes in all.
    let (mut with, mut without) = (0u64, 0u64);
    for pos in arachne_games::chess::bench::set("wac")
        .unwrap()
        .iter()
        .take(8)
    {
        let pos = pos.clone().with_eval(Eval::Pst);
        let off = engine(false, false);
        let on = SearchOptions {
            tt_cutoffs: true,
            ..off.clone()
        };
        let algo: Algorithm = "aspiration".parse().unwrap();
        let a = algo.search(&pos, &Limits::depth(4), &off);
        let b = algo.search(&pos, &Limits::depth(4), &on);
        assert_eq!(a.value, b.value, "{}", pos.fen());
        without += a.stats.nodes() + a.stats.qnodes;
        with += b.stats.nodes() + b.stats.qnodes;
    }
    assert!(with < without, "with cutoffs {with}, without {without}");
}
