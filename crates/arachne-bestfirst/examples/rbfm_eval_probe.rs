//! Diagnostic (issue 12, seed 002 §5): what the shallow evaluator thinks of each LCT-II
//! position's `bm` move — the SEARCH-DEPTH value of every root child (the parent's view), the
//! `bm` move's rank and its gap to the best, and the shallow-search nodes spent.
//! `cargo run --release -p arachne-bestfirst --example rbfm_eval_probe -- [eval=pst|full]
//! [ce] [nm] [tt] [depth=N] [NAME…]`: `ce` the check extension, `nm` the null move, `tt` a
//! table kept across the searches (the evaluations of one position share it).
use arachne_bestfirst::shallow::{eval_nodes, ShallowChess, ShallowConfig};
use arachne_core::{Game, TranspositionTable};
use arachne_games::chess::{bench, Eval};
use std::sync::Arc;

const NAMES: [&str; 19] = [
    "Pos3", "Pos4", "Pos5", "Pos9", "Pos11", "Pos12", "Cmb1", "Cmb4", "Cmb5", "Cmb6", "Cmb7",
    "Cmb8", "Cmb9", "Cmb10", "Fin3", "Fin4", "Fin5", "Fin6", "Fin7",
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
    for name in NAMES
        .iter()
        .filter(|n| only.is_empty() || only.iter().any(|o| o == *n))
    {
        let split = name.find(|c: char| c.is_ascii_digit()).unwrap();
        let id = format!(
            "LCTII.{}.{:02}",
            name[..split].to_ascii_uppercase(),
            name[split..].parse::<u32>().unwrap()
        );
        let rec = bench::lct2()
            .into_iter()
            .find(|r| r.id() == Some(id.as_str()))
            .unwrap();
        let pos = rec.position.clone().with_eval(eval);
        let c = ShallowConfig {
            tt: tt.then(|| Arc::new(TranspositionTable::with_mib(64))),
            cache: None,
            ..cfg
        };
        let root = ShallowChess::new(pos.clone(), Arc::new(c));
        let n0 = eval_nodes();
        let mut ms = Vec::new();
        root.moves(&mut ms);
        let mut ev: Vec<(i32, String, bool)> = ms
            .iter()
            .map(|&m| {
                let c = root.play(m);
                (
                    -c.evaluate().0,
                    pos.move_name(m),
                    rec.best_moves.contains(&m),
                )
            })
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
