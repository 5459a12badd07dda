//! The solution criterion of `rbfm-chess` (Table 2) on positions whose answer is certain: a
//! mate in two, a hanging queen given as an EPD `bm` in SAN. A bug in the criterion or in the
//! move matching would show here as a position not solved (or a wrong move accepted).
use arachne_core::{Game, Limits, Score};
use arachne_engine::shallow::{experiment_config, ShallowChess};
use arachne_experiments::rbfm_chess::{alphabeta_solution, rbfm_solution, TABLE};
use arachne_games::chess::{bench, cozy_chess::Move, Chess, Eval};
use arachne_games::epd;
use arachne_search::{Algorithm, SearchOptions};

/// The moves of `pos` after which the opponent is mated within `plies - 1` plies (a search of
/// the child to that depth finds a loss for the side to move there).
fn mating_moves(pos: &Chess, plies: u32) -> Vec<Move> {
    let mut ms = Vec::new();
    pos.moves(&mut ms);
    ms.into_iter()
        .filter(|&m| {
            let r = Algorithm::AlphaBeta.search(
                &pos.play(m),
                &Limits::depth(plies - 1),
                &SearchOptions::default(),
            );
            r.value.is_decisive() && r.value < Score::DRAW
        })
        .collect()
}

#[test]
fn alphabeta_solves_a_mate_in_two_and_rejects_the_other_moves() {
    // White: Kc6, Rh1; Black: Ka8. Mate in two (e.g. Kb6 Kb8 Rh8#, Kc7 Ka7 Ra1#).
    for eval in [Eval::Material, Eval::Pst] {
        let pos = Chess::from_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1")
            .unwrap()
            .with_eval(eval);
        let root = Algorithm::AlphaBeta.search(&pos, &Limits::depth(3), &SearchOptions::default());
        assert!(
            root.value.is_decisive() && root.value > Score::DRAW,
            "{eval:?}: mate found"
        );
        let mates = mating_moves(&pos, 3);
        assert!(
            !mates.is_empty() && mates.len() < 10,
            "{} mating moves",
            mates.len()
        );
        let sol = alphabeta_solution(&pos, &mates, 6, 1_000_000).expect("a mate in two is solved");
        assert!(sol.at <= 3, "settled at depth {}", sol.at);
        assert!(sol.nodes > 0.0);
        // Any other move as `bm`: never the move played from depth 3 on, so not solved.
        let mut all = Vec::new();
        pos.moves(&mut all);
        let others: Vec<_> = all.into_iter().filter(|m| !mates.contains(m)).collect();
        assert!(alphabeta_solution(&pos, &others, 6, 1_000_000).is_none());
    }
}

#[test]
fn a_hanging_queen_in_epd_is_solved_by_both_programs() {
    // The `bm` is SAN with a capture sign, as in the LCT II file.
    let recs = epd::parse_epd(r#"4k3/8/8/3q4/8/8/3R4/4K3 w - - bm Rxd5; id "hanging";"#).unwrap();
    let rec = &recs[0];
    assert_eq!(rec.best_moves.len(), 1);
    assert_eq!(rec.position.move_name(rec.best_moves[0]), "d2d5");
    for eval in [Eval::Material, Eval::Pst] {
        let pos = rec.position.clone().with_eval(eval);
        let ab = alphabeta_solution(&pos, &rec.best_moves, 8, 1_000_000).expect("Rxd5 found");
        assert_eq!(ab.at, 1, "{eval:?}: from the first iteration on");
        let root = ShallowChess::new(pos, experiment_config());
        let (sol, per_generated, generated) = rbfm_solution(&root, &rec.best_moves, 1, 200_000);
        let sol = sol.expect("RBFM settles on Rxd5");
        assert!(sol.at >= 1 && generated > 0 && per_generated > 0.0);
    }
}

#[test]
fn every_table2_position_has_legal_bm_moves() {
    let all = bench::lct2();
    for row in TABLE {
        let id = arachne_experiments::rbfm_chess::lct_id(row.0);
        let rec = all
            .iter()
            .find(|r| r.id() == Some(id.as_str()))
            .unwrap_or_else(|| panic!("{id}"));
        assert_eq!(rec.best_moves.len(), 1, "{id}");
        assert!(rec.position.is_legal(rec.best_moves[0]), "{id}");
    }
}
