//! Diagnostic (seed 002 §5): what the shallow evaluator thinks of each LCT-II
//! position's `bm` move — the SEARCH-DEPTH value of every root child (the parent's view), the
//! `bm` move's rank and its gap to the best, and the shallow-search nodes spent.
//! `cargo run --release -p arachne-research --example rbfm_eval_probe -- [eval=pst|full]
//! [ce] [nm] [tt] [depth=N] [NAME…]`: `ce` the check extension, `nm` the null move, `tt` a
//! table kept across the searches (the evaluations of one position share it).
use arachne_core::{Game, TranspositionTable};
use arachne_engine::shallow::{eval_nodes, root_children_values, ShallowChess, ShallowConfig};
use arachne_games::chess::{bench, Eval};
use std::sync::Arc;

/// Table 2's positions and their LCT II ids.
const NAMES: [(&str, &str); 19] = [
    ("Pos3", "LCTII.POS.03"),
    ("Pos4", "LCTII.POS.04"),
    ("Pos5", "LCTII.POS.05"),
    ("Pos9", "LCTII.POS.09"),
    ("Pos11", "LCTII.POS.11"),
    ("Pos12", "LCTII.POS.12"),
    ("Cmb1", "LCTII.CMB.01"),
    ("Cmb4", "LCTII.CMB.04"),
    ("Cmb5", "LCTII.CMB.05"),
    ("Cmb6", "LCTII.CMB.06"),
    ("Cmb7", "LCTII.CMB.07"),
    ("Cmb8", "LCTII.CMB.08"),
    ("Cmb9", "LCTII.CMB.09"),
    ("Cmb10", "LCTII.CMB.10"),
    ("Fin3", "LCTII.FIN.03"),
    ("Fin4", "LCTII.FIN.04"),
    ("Fin5", "LCTII.FIN.05"),
    ("Fin6", "LCTII.FIN.06"),
    ("Fin7", "LCTII.FIN.07"),
];

fn main() {
    let mut eval = Eval::Pst;
    let mut cfg = ShallowConfig {
        max_extension: 1,
        ..ShallowConfig::default()
    };
    let mut tt = false;
    let mut only = Vec::new();
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "ce" => cfg.check_extension = true,
            "nm" => cfg.null_move = true,
            "tt" => tt = true,
            s if s.starts_with("eval=") => eval = s[5..].parse().unwrap(),
            s if s.starts_with("depth=") => cfg.depth = s[6..].parse().unwrap(),
            s => only.push(s.to_string()),
        }
    }
    let (mut total, mut top3, mut sum_gap) = (0u64, 0, 0i64);
    let all = bench::lct2();
    for (name, id) in NAMES
        .iter()
        .filter(|(n, _)| only.is_empty() || only.iter().any(|o| o == n))
    {
        let rec = all.iter().find(|r| r.id() == Some(*id)).unwrap();
        let pos = rec.position.clone().with_eval(eval);
        let c = ShallowConfig {
            tt: tt.then(|| Arc::new(TranspositionTable::with_mib(64))),
            cache: None,
            engine: None,
            ..cfg
        };
        let root = ShallowChess::new(pos.clone(), Arc::new(c));
        let n0 = eval_nodes();
        let mut ev: Vec<(i32, String, bool)> = root_children_values(&root)
            .into_iter()
            .map(|(m, v)| (v, pos.move_name(m), rec.best_moves.contains(&m)))
            .collect();
        let n = eval_nodes() - n0;
        total += n;
        ev.sort_by_key(|e| -e.0);
        let rank = ev.iter().position(|e| e.2).unwrap();
        if rank < 3 {
            top3 += 1;
        }
        let gap = ev[0].0 - ev[rank].0;
        sum_gap += gap.min(1000) as i64;
        println!(
            "{name:6} bm {:6} {:6} rank {:2}/{:2} gap {:5} best {} {} | nodes {n}",
            ev[rank].1,
            ev[rank].0,
            rank + 1,
            ev.len(),
            gap,
            ev[0].1,
            ev[0].0
        );
    }
    println!(
        "bm in the top 3: {top3}; sum of gaps (each capped at 1000): {sum_gap}; nodes {total}"
    );
}
