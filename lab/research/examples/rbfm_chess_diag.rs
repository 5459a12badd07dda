//! Diagnostic (seed 002 §5): one serial RBFM run on an LCT-II position with the
//! `rbfm-chess` settings, printing the root children's visits and the `bm` move's share.
//! `cargo run --release -p arachne-research --example rbfm_chess_diag -- Pos3 3000000 [TABLE|-] [SEED] [EVAL] [FLAGS]`
//! (EVAL: `pst`, the experiment's, or `full`, `material`; FLAGS, comma-separated, change the
//! experiment's evaluator: `nott` no table kept across the shallow searches, `noce` no check
//! extension inside them, `nonm` no null move inside them).
use arachne_bestfirst::{dist::DistTable, tables, BfOptions, Heuristics, Kind, Searcher, Step};
use arachne_core::Game;
use arachne_engine::shallow::{eval_nodes, experiment_config, root_children_values, ShallowChess};
use arachne_games::chess::{bench, Eval};
use std::sync::Arc;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let name = a.get(1).cloned().unwrap_or("Pos3".into());
    let budget: u64 = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(3_000_000);
    let seed: u64 = a.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let eval: Eval = a.get(5).map_or(Eval::Pst, |s| s.parse().unwrap());
    let flags = a.get(6).cloned().unwrap_or_default();
    let mut cfg = experiment_config();
    {
        let c = Arc::get_mut(&mut cfg).expect("a fresh configuration");
        for f in flags.split(',').filter(|f| !f.is_empty()) {
            match f {
                "nott" => c.tt = None,
                "noce" => c.check_extension = false,
                "nonm" => c.null_move = false,
                other => panic!("unknown flag {other}"),
            }
        }
    }
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
    let root = ShallowChess::new(pos.clone(), cfg);
    let bm = rec.best_moves.clone();
    let table = match a.get(3).map(String::as_str) {
        Some(p) if p != "-" => DistTable::from_text(&std::fs::read_to_string(p).unwrap()).unwrap(),
        _ => tables::default_for("chess", &format!("chess:eval={}", eval.name())),
    };
    println!(
        "{name} {id} bm {:?} table {}",
        bm.iter().map(|&m| pos.move_name(m)).collect::<Vec<_>>(),
        table.source
    );
    // Shallow evaluation of each root child.
    let mut ev: Vec<(i32, String, bool)> = root_children_values(&root)
        .into_iter()
        .map(|(m, v)| (v, pos.move_name(m), bm.contains(&m)))
        .collect();
    ev.sort_by_key(|e| -e.0);
    let rank = ev.iter().position(|e| e.2).unwrap();
    println!(
        "root children (parent's view), top 6: {:?}",
        &ev[..6.min(ev.len())]
    );
    println!("bm rank {} of {}: {:?}", rank + 1, ev.len(), ev[rank]);
    let mut o = BfOptions::new(Kind::Rbfm);
    o.seed = seed;
    o.table = Some(Arc::new(table));
    o.heuristics = Heuristics {
        unknown_children: true,
        shallow_down: true,
    };
    let mut s = Searcher::new(root.clone(), o).with_leaf_search(ShallowChess::leaf_search());
    let n0 = eval_nodes();
    let mut done = 0u64;
    let mut next = budget / 10;
    let mut good_since: Option<u64> = None;
    while eval_nodes() - n0 < budget {
        match s.step() {
            Step::Expanded { .. } => done += 1,
            other => {
                println!("stop {other:?}");
                break;
            }
        }
        let dec = s.decision().and_then(|c| s.tree().mv(c));
        let good = dec.is_some_and(|m| bm.contains(&m));
        if !good {
            good_since = None
        } else if good_since.is_none() {
            good_since = Some(eval_nodes() - n0)
        }
        if eval_nodes() - n0 >= next {
            next += budget / 10;
            let t = s.tree();
            let kids = t.children(0);
            let mut v: Vec<(u32, i32, String)> = kids
                .clone()
                .map(|c| {
                    (
                        t.node(c).s,
                        -t.node(c).score,
                        pos.move_name(t.mv(c).unwrap()),
                    )
                })
                .collect();
            v.sort_by_key(|x| std::cmp::Reverse(x.0));
            let bmk = kids
                .clone()
                .find(|&c| bm.contains(&t.mv(c).unwrap()))
                .unwrap();
            println!(
                "nodes {} exp {done} gen {} root {} dec {} | bm s={} score={} unknown={} | top s: {:?}",
                eval_nodes() - n0,
                s.stats().leaves,
                t.root().score,
                dec.map(|m| pos.move_name(m)).unwrap_or_default(),
                t.node(bmk).s,
                -t.node(bmk).score,
                t.node(bmk).unknown(),
                &v[..5.min(v.len())]
            );
        }
    }
    println!("solved-since: {good_since:?}");
}
