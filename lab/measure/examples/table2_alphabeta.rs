//! The alpha-beta half of `rbfm-chess`'s Table 2 alone (seed 002 §5, Table 2): "our best
//! alpha-beta" on the 19 LCT-II positions, with the experiment's evaluation, depth bound and
//! solution criterion ([`rbfm_chess::alphabeta_solution_with`]), without the RBFM runs.
//!
//! `cargo run --release -p arachne-measure --example table2_alphabeta -- [NODES] [off]
//! [nottcut] [pst] [NAME…]`: NODES is the node budget per position (default 25 000 000, the full
//! run's); `off` turns the check extension and the null move off (the options before them);
//! `nottcut` turns the cutoffs from the table off (`SearchOptions::tt_cutoffs`, on in the
//! experiment since the lead's change after `rbfmeval`; `ttcut` is accepted and changes
//! nothing); `pst` evaluates with
//! `chess:eval=pst` instead of the experiment's evaluation; names
//! (`Pos3`, `Fin7`, …) restrict the run to those rows of Table 2.
use arachne_experiments::rbfm_chess::{
    alphabeta_solution_with, best_alphabeta_options, lct_id, with_experiment_eval, TABLE,
};
use arachne_games::chess::bench;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut budget = arachne_experiments::rbfm_chess::FULL_BUDGET;
    let mut opts = best_alphabeta_options();
    let mut only: Vec<String> = Vec::new();
    let mut eval = None;
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "off" => {
                opts.check_extension = false;
                opts.null_move = false;
            }
            "ttcut" => opts.tt_cutoffs = true,
            "nottcut" => opts.tt_cutoffs = false,
            "pst" => eval = Some(arachne_games::chess::Eval::Pst),
            n if TABLE.iter().any(|r| r.0 == n) => only.push(n.to_string()),
            n => match arachne_core::parse::int::<u64>(n) {
                Ok(n) if n > 0 => budget = n,
                _ => {
                    eprintln!(
                        "table2_alphabeta: expected a node budget, `off`, `nottcut`, `pst` or a Table 2 name, found `{n}`"
                    );
                    return ExitCode::from(2);
                }
            },
        }
    }
    println!(
        "budget {budget} nodes, check extension {}, null move {}, table cutoffs {}, evaluation {}",
        opts.check_extension,
        opts.null_move,
        opts.tt_cutoffs,
        eval.map_or("the experiment's", |e| e.name())
    );
    let all = bench::lct2();
    let mut solved = 0;
    let rows: Vec<_> = TABLE
        .iter()
        .filter(|r| only.is_empty() || only.iter().any(|n| n == r.0))
        .collect();
    for row in &rows {
        let id = lct_id(row.0);
        let rec = all
            .iter()
            .find(|r| r.id() == Some(id.as_str()))
            .expect("a Table 2 position in data/lct2.epd");
        let pos = match eval {
            Some(e) => rec.position.clone().with_eval(e),
            None => with_experiment_eval(&rec.position),
        };
        match alphabeta_solution_with(&pos, &rec.best_moves, 30, budget, &opts) {
            Some(s) => {
                solved += 1;
                println!("{} solved: depth {}, {:.0} nodes", row.0, s.at, s.nodes);
            }
            None => println!("{} not solved", row.0),
        }
    }
    println!("solved {solved} of {}", rows.len());
    ExitCode::SUCCESS
}
