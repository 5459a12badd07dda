use arachne_core::{Game, Limits};
use arachne_experiments::rbfm_chess::{best_alphabeta_options, lct_id, TABLE};
use arachne_games::chess::bench;
use arachne_search::Algorithm;
fn main() {
    let nodes: u64 = std::env::args().nth(1).map(|s| s.parse().unwrap()).unwrap_or(5_000_000);
    let only: Option<String> = std::env::args().nth(2);
    let all = bench::lct2();
    for row in TABLE.iter() {
        if let Some(o) = &only { if o != row.0 { continue; } }
        let id = lct_id(row.0);
        let rec = all.iter().find(|r| r.id() == Some(id.as_str())).unwrap();
        let bm: Vec<String> = rec.best_moves.iter().map(|&m| rec.position.move_name(m)).collect();
        let mut line = format!("{} bm {:?}:", row.0, bm);
        let t = std::time::Instant::now();
        let mut rep = |o: &arachne_search::SearchOutcome<_>| {
            let m = o.best_move.map(|m| rec.position.move_name(m)).unwrap_or("-".into());
            line.push_str(&format!(" d{}={}({})", o.depth, m, o.value.0));
        };
        let lim = Limits { depth: Some(30), nodes: Some(nodes), ..Limits::default() };
        let pos = rec.position.clone().with_eval(arachne_games::chess::Eval::Pst); let out = Algorithm::Aspiration { delta: 50 }.search_with(&pos, &lim, &best_alphabeta_options(), None, &mut rep);
        println!("{line} | nodes {} q {} {:.1}s", out.stats.nodes(), out.stats.qnodes, t.elapsed().as_secs_f64());
    }
}
