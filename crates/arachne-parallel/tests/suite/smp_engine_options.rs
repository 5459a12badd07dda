//! The engine options `check_extension` and `null_move` on the shared-memory searches (issue
//! 24, item 2): every algorithm honours both, in its parallel nodes as in its serial
//! sub-searches.
//!
//! * On games without checks or passes the options change no value, and at one thread no
//!   count either (the serial sub-searches then take `falphabeta`'s loop, which searches the
//!   same tree as the fast path).
//! * In chess endings where the pass is refused (kings and pawns), every algorithm at every
//!   thread count returns the value of the serial `falphabeta` with the same options (the
//!   check extension's tree).
//! * The check extension changes the result where it changes the serial one (a mate past the
//!   horizon; bench positions), so dropping the option fails the test; the null move too
//!   (a game that may pass out of zugzwang gets the pawn ending wrong exactly as the serial
//!   search does).
use crate::common::smp;
use arachne_core::{Game, Limits, Score};
use arachne_games::chess::cozy_chess::Move;
use arachne_games::chess::{bench, Chess, Eval};
use arachne_games::{Connect4, IidParams, IidTree};
use arachne_search::{Algorithm, SearchOptions, ValueKind};

/// Every shared-memory algorithm, with serial depths that put parallel nodes near the horizon.
const ALGOS: [&str; 7] = [
    "ybwc:serial=1",
    "ybwc",
    "jamboree:serial=1",
    "jamboree",
    "abdada",
    "abdada:aspiration=30",
    "lazy-smp",
];

/// The engine's options (ordering, quiescence) with the two options as given.
fn engine(check_extension: bool, null_move: bool) -> SearchOptions {
    SearchOptions {
        hints: true,
        killers: true,
        history: true,
        quiescence: true,
        tt_mib: 4,
        check_extension,
        null_move,
        ..SearchOptions::default()
    }
}

/// The serial reference: `falphabeta`, which honours both options.
fn serial<G: Game>(pos: &G, depth: u32, opts: &SearchOptions) -> Score {
    Algorithm::FAlphaBeta
        .search(pos, &Limits::depth(depth), opts)
        .value
}

fn iid(seed: u64) -> IidTree {
    IidTree::new(IidParams {
        n: 3,
        d: 7,
        seed,
        range: Some(7),
    })
}

/// Values equal `negamax` with the options on; at one thread every count equals the run
/// without them.
fn unchanged<G: Game>(what: &str, pos: &G, depth: u32, base: &SearchOptions) {
    let want = Algorithm::Negamax
        .search(pos, &Limits::depth(depth), base)
        .value;
    for (ce, nm) in [(true, false), (false, true), (true, true)] {
        let on = SearchOptions {
            check_extension: ce,
            null_move: nm,
            ..base.clone()
        };
        for a in ALGOS {
            let off1 = smp(a, pos, depth, 1, base);
            let on1 = smp(a, pos, depth, 1, &on);
            assert_eq!(on1.value, want, "{what} {a} ({ce}, {nm}) 1 thread");
            assert_eq!(on1.kind, ValueKind::Exact);
            if !a.starts_with("lazy") {
                assert_eq!(on1.stats, off1.stats, "{what} {a} ({ce}, {nm}) counts");
            }
            for threads in [2, 3] {
                let r = smp(a, pos, depth, threads, &on);
                assert_eq!(r.value, want, "{what} {a} ({ce}, {nm}) {threads} threads");
            }
        }
    }
}

#[test]
fn games_without_checks_or_passes_keep_their_values() {
    let plain = SearchOptions {
        tt_mib: 4,
        ..SearchOptions::default()
    };
    let ordered = SearchOptions {
        hints: true,
        killers: true,
        history: true,
        tt_mib: 4,
        ..SearchOptions::default()
    };
    for seed in 1..=3 {
        unchanged(&format!("iid seed {seed}"), &iid(seed), 7, &plain);
    }
    unchanged("connect4", &Connect4::new(), 7, &ordered);
}

/// King-and-pawn endings: no null move for either side, checks only by pawns and kings'
/// approach. The check extension is on.
const PAWN_ENDINGS: [&str; 4] = [
    "8/8/8/2Kp4/3Pk3/8/8/8 w - - 0 1",
    "8/8/8/8/1p6/1k6/8/1K6 w - - 0 1",
    "8/5pk1/6p1/4K1P1/5P2/8/8/8 w - - 0 1",
    "8/8/3k4/2p5/2P1K3/8/8/8 b - - 0 1",
];

#[test]
fn pawn_endings_equal_the_serial_search_with_the_same_options() {
    for fen in PAWN_ENDINGS {
        let pos = Chess::from_fen(fen).unwrap().with_eval(Eval::Pst);
        assert!(pos.null_move().is_none(), "{fen}");
        for depth in [4, 6] {
            for (ce, nm) in [(true, true), (false, true)] {
                let opts = engine(ce, nm);
                let want = serial(&pos, depth, &opts);
                for a in ALGOS {
                    for threads in [1, 2, 3] {
                        let r = smp(a, &pos, depth, threads, &opts);
                        assert_eq!(
                            r.value, want,
                            "{fen} depth {depth} {a} threads {threads} ({ce}, {nm})"
                        );
                        assert_eq!(r.depth, depth);
                    }
                }
            }
        }
    }
}

#[test]
fn the_check_extension_sees_a_mate_past_the_horizon() {
    // Re8+ Rxe8 Rxe8#: at depth 2 the plain search sees only the exchange; with the extension
    // both checked positions get a ply more and the mate is found (as the serial test in
    // arachne-search). Without quiescence, which would see the mate in the capture.
    let pos = Chess::from_fen("r5k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1").unwrap();
    let opts = |ce| SearchOptions {
        quiescence: false,
        ..engine(ce, false)
    };
    let plain = serial(&pos, 2, &opts(false));
    assert!(!plain.is_decisive(), "{plain}");
    assert_eq!(serial(&pos, 2, &opts(true)), Score::win_in(3));
    for a in ALGOS {
        for threads in [1, 2] {
            let r = smp(a, &pos, 2, threads, &opts(true));
            assert_eq!(r.value, Score::win_in(3), "{a} threads {threads}");
            assert_eq!(pos.move_name(r.best_move.unwrap()), "e2e8", "{a}");
            let off = smp(a, &pos, 2, threads, &opts(false));
            assert_eq!(off.value, plain, "{a} threads {threads}");
        }
    }
    // With the null move too (White has rooks: passes are allowed), still the mate.
    for a in ALGOS {
        let r = smp(
            a,
            &pos,
            3,
            2,
            &SearchOptions {
                quiescence: false,
                ..engine(true, true)
            },
        );
        assert_eq!(r.value, Score::win_in(3), "{a} with the null move");
    }
}

#[test]
fn the_check_extension_gives_the_serial_value_on_bench_positions() {
    // Positions with pieces, the null move off (its pruning depends on the order in which
    // the threads fill the table): with the check extension every algorithm returns the
    // serial falphabeta's value, which on some of them differs from the value without it.
    let opts = engine(true, false);
    let mut changed = 0;
    for pos in bench::set("wac").unwrap().iter().take(12) {
        let pos = pos.clone().with_eval(Eval::Pst);
        let depth = 3;
        let want = serial(&pos, depth, &opts);
        if want != serial(&pos, depth, &engine(false, false)) {
            changed += 1;
        }
        for a in ALGOS {
            for threads in [1, 2] {
                let r = smp(a, &pos, depth, threads, &opts);
                assert_eq!(r.value, want, "{} {a} threads {threads}", pos.fen());
            }
        }
    }
    assert!(
        changed > 0,
        "the extension changed no value: the test proves nothing"
    );
}

/// Chess whose null move ignores the king-and-pawn guard (a pass wherever cozy-chess allows
/// one), as in arachne-search's `engine_options` test.
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
fn the_null_move_is_taken_in_the_parallel_search() {
    // White Kb1 against Kb3 and b4, White to move: the pawn queens (about −9 pawns at depth
    // 8). A game that lets White pass out of this zugzwang sees only a pawn down — with the
    // null move on, in the serial engine search (`aspiration`) and in every shared-memory
    // one; with it off (or dropped) the value stays below −8 pawns.
    let depth = 8;
    let pos = Chess::from_fen("8/8/8/8/1p6/1k6/8/1K6 w - - 0 1")
        .unwrap()
        .with_eval(Eval::Pst);
    let pass = AlwaysPass(pos.clone());
    let asp = Algorithm::Aspiration { delta: 50 };
    let serial_on = asp.search(&pass, &Limits::depth(depth), &engine(true, true));
    assert!(serial_on.value > Score(-500), "{}", serial_on.value);
    for a in ALGOS {
        for threads in [1, 2] {
            let off = smp(a, &pass, depth, threads, &engine(true, false));
            assert!(
                off.value < Score(-800),
                "{a} threads {threads}: {}",
                off.value
            );
            let on = smp(a, &pass, depth, threads, &engine(true, true));
            assert!(
                on.value > Score(-500),
                "{a} threads {threads}: {}",
                on.value
            );
            // The real game refuses the pass: the value without the option.
            let real = smp(a, &pos, depth, threads, &engine(true, true));
            assert_eq!(real.value, serial(&pos, depth, &engine(true, false)), "{a}");
        }
    }
}
