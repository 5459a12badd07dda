use arachne_bestfirst::{compare, BfStop, Kind, Searcher};
use arachne_core::Game;
use arachne_core::Limits;
use arachne_experiments::rbfm_othello::*;
use arachne_experiments::{Options, Progress};

/// The depth of `1 ..= max` whose ratio is nearest 1 on a log scale (ties: shallower).
fn brute(max: u32, ratio: impl Fn(u32) -> f64) -> u32 {
    (1..=max)
        .min_by(|&a, &b| ratio(a).ln().abs().total_cmp(&ratio(b).ln().abs()))
        .unwrap()
}

#[test]
fn pick_depth_finds_the_depth_nearest_equal_nodes() {
    // Growing ratios of several shapes, from every start: the depth picked is the one of
    // all depths whose ratio is nearest 1, and it was tried.
    for (c, g) in [
        (0.05, 2.0),
        (0.01, 1.3),
        (3.0, 1.5),
        (0.9, 1.05),
        (1e-6, 1.1),
    ] {
        let ratio = |k: u32| c * f64::powi(g, k as i32);
        for start in [1, 2, 5, 9, 30, 60, 70] {
            let mut calls = 0;
            let (k, tried) = pick_depth(start, 60, |k| {
                calls += 1;
                ratio(k)
            });
            assert_eq!(k, brute(60, ratio), "c {c} g {g} start {start}");
            assert!(tried.iter().any(|t| t.0 == k && t.1 == ratio(k)));
            assert_eq!(tried.len(), calls);
            assert!(
                tried.windows(2).all(|w| w[0].0 < w[1].0),
                "sorted, no repeats"
            );
            // Galloping and bisection: about 2 log2(60) evaluations at most.
            assert!(calls <= 13, "c {c} g {g} start {start}: {calls} calls");
        }
    }
    // Exactly 1 at depth 4: depth 4.
    let (k, _) = pick_depth(1, 60, |k| k as f64 / 4.0);
    assert_eq!(k, 4);
    // ½ at 3 and 2 at 4 are equally far from 1: the shallower.
    let halves = |k: u32| match k {
        0..=2 => 0.25,
        3 => 0.5,
        _ => 2.0,
    };
    for start in [1, 3, 4, 9] {
        assert_eq!(pick_depth(start, 60, halves).0, 3, "start {start}");
    }
}

#[test]
fn best_first_players_stop_at_the_pv_depth_a_terminal_pv_or_five_times_their_average() {
    // A whole game of each best-first player with a principal-variation depth against
    // alpha-beta: every search ends for one of the paper's reasons, each when it should.
    // From the first opening at depth 4, §4.1's rule aborts 2 RBFM searches and 1 BFM one.
    for (kind, aborted) in [(Kind::Rbfm, 2), (Kind::Bfm, 1)] {
        let k = 4;
        let mut pos = openings()[0];
        let mut s = Searcher::new(pos, best_first_options(kind, Some(k), 3));
        let mut aborts = 0;
        let mut me = true;
        while !pos.is_terminal() {
            let mv = if me {
                let (sum, n) = s.turns();
                let at = (n > 0).then(|| (ABORT_FACTOR * sum as f64 / n as f64).max(1.0) as u64);
                let out = s.run(&Limits::default());
                let g = out.generated();
                match out.stop {
                    BfStop::PvDepth => assert!(out.pv_depth >= k),
                    BfStop::TerminalPv => {
                        let pv = s.tree().pv_nodes();
                        assert!(s.tree().node(*pv.last().unwrap()).solved());
                        assert!(out.pv_depth < k, "the PV depth stop comes first");
                    }
                    BfStop::Solved => assert!(out.solved),
                    BfStop::Abort => {
                        aborts += 1;
                        let at = at.expect("no abort at the first turn");
                        // The first expansion past the threshold (an Othello position has
                        // fewer than 64 moves) and not before.
                        assert!(g > at && g < at + 64, "{g} against {at}");
                        assert!(out.pv_depth < k);
                    }
                    other => panic!("{kind:?}: stopped by {other:?}"),
                }
                if let Some(at) = at {
                    assert!(
                        g < at + 64,
                        "{kind:?}: {g} generated past the abort at {at}"
                    );
                }
                out.best_move.expect("a move")
            } else {
                compare::alphabeta(&pos, 3).0.expect("a move")
            };
            s.play(mv);
            pos = pos.play(mv);
            me = !me;
        }
        assert_eq!(aborts, aborted, "{kind:?}");
    }
}

#[test]
fn nodes_matched_plays_the_experiments_games_and_its_ablations() {
    // The default setup plays the experiment's games (`--matching nodes`): the same
    // winning percentages as the report.
    let mut o = Options::new(true, std::env::temp_dir());
    o.scale.openings = Some(3);
    o.scale.depths = Some((2, 2));
    let rep = run(&o).expect("runs");
    let fig = &rep.data["fig9"][0];
    let t = nodes_matched(3, 2, o.seed, &Setup::default(), &Progress::hidden());
    assert_eq!(t.games, 6);
    let pct = t.pct();
    for (k, key) in ["rbfm_ab", "bfm_ab", "rbfm_bfm"].into_iter().enumerate() {
        assert_eq!(fig[key].as_f64(), Some(pct[k]), "{key}");
    }
    // Best-first players keep subtrees into their moves; alpha-beta keeps nothing.
    assert_eq!(t.kept[0], 0);
    assert!(t.kept[1] > 0 && t.kept[2] > 0);
    assert!(t.records.is_empty());
    // Fresh trees: nothing kept. Records: every game, its line a legal game to the end,
    // and its score the pair's.
    let setup = Setup {
        fresh_tree: true,
        record: true,
        ..Setup::default()
    };
    let f = nodes_matched(3, 2, o.seed, &setup, &Progress::hidden());
    assert_eq!(f.kept, [0, 0, 0]);
    assert_eq!(f.records.len(), 18);
    let mut score = [0.0; 3];
    let mut moves = Vec::new();
    for g in &f.records {
        for w in g.line.windows(2) {
            w[0].moves(&mut moves);
            assert!(moves.iter().any(|&m| w[0].play(m) == w[1]));
        }
        let last = g.line.last().unwrap();
        assert!(last.is_terminal());
        let plies = g.line.len() - 1;
        let d = last.disc_difference();
        let first = if plies % 2 == 0 { d } else { -d };
        assert_eq!(g.diff, if g.named_first { first } else { -first });
        score[g.pair] += match g.diff.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        };
    }
    assert_eq!(score, f.score);
    // BFM for RBFM's side from the opening on: BFM against itself, each opening with
    // colours swapped, scores exactly half; and the same against alpha-beta as BFM.
    let setup = Setup {
        rbfm_until: Some(0),
        ..Setup::default()
    };
    let b = nodes_matched(3, 2, o.seed, &setup, &Progress::hidden());
    assert_eq!(b.pct()[2], 50.0);
    assert_eq!(b.pct()[0], b.pct()[1]);
}

#[test]
fn matching_parses() {
    assert_eq!(Matching::parse("pv-depth"), Ok(Matching::PvDepth));
    assert_eq!(Matching::parse("nodes"), Ok(Matching::Nodes));
    assert!(Matching::parse("time").is_err());
    assert_eq!(Matching::default(), Matching::Nodes);
}
