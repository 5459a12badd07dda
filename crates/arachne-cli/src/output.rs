//! Shared output helpers: JSON on stdout, human-readable numbers, a search's report.
use arachne_core::Game;
use arachne_engine::pv_names;
use arachne_games::GameInfo;
use arachne_search::{SearchOutcome, ValueKind};
use serde_json::json;

/// Prints one JSON object on stdout (or hands it to [`crate::api::run_json`]'s caller).
pub fn print_json(v: &serde_json::Value) {
    if crate::api::collect(v) {
        return;
    }
    println!("{}", serde_json::to_string(v).expect("JSON serialisation"));
}

/// `12345678` → `12,345,678`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Nodes per second, formatted as millions.
pub fn mnps(nodes: u64, secs: f64) -> String {
    if secs <= 0.0 {
        "-".to_string()
    } else {
        format!("{:.2}", nodes as f64 / secs / 1e6)
    }
}

/// Prints a search outcome as text or JSON.
pub fn report<G: Game>(
    root: &G,
    info: &GameInfo,
    algo: &str,
    out: &SearchOutcome<G::Move>,
    json: bool,
) {
    let names = pv_names(root, &out.pv);
    let best = out.best_move.map(|m| root.move_name(m));
    let secs = out.elapsed.as_secs_f64();
    if json {
        print_json(&json!({
            "game": info.spec,
            "algo": algo,
            "depth": completed_depth(out),
            "value": (out.kind != ValueKind::Unknown).then_some(out.value.0),
            "value_kind": out.kind,
            "best_move": best,
            "pv": names,
            "nodes": out.stats.nodes(),
            "interior": out.stats.interior,
            "leaves": out.stats.leaves,
            "movegens": out.stats.movegens,
            "cutoffs": out.stats.cutoffs,
            "qnodes": out.stats.qnodes,
            "time_ms": out.elapsed.as_secs_f64() * 1e3,
            "stopped": out.stopped,
        }));
    } else {
        println!("game       {}", info.spec);
        println!("algorithm  {algo}");
        match completed_depth(out) {
            Some(d) => println!("depth      {d}"),
            None => println!("depth      none completed"),
        }
        let value = match out.kind {
            ValueKind::Exact => out.value.to_string(),
            ValueKind::Lower => format!("{} (lower bound)", out.value),
            ValueKind::Upper => format!("{} (upper bound)", out.value),
            ValueKind::Unknown => "unknown (stopped before a value was established)".to_string(),
        };
        println!("value      {value}");
        let no_move = if out.stopped.is_some() {
            "(none: stopped before a root move was searched)"
        } else {
            "(none: terminal position)"
        };
        println!("best move  {}", best.as_deref().unwrap_or(no_move));
        println!("pv         {}", names.join(" "));
        println!(
            "nodes      {} ({} interior, {} bottom positions)",
            thousands(out.stats.nodes()),
            thousands(out.stats.interior),
            thousands(out.stats.leaves)
        );
        if out.stats.qnodes > 0 {
            println!("quiescence {} positions", thousands(out.stats.qnodes));
        }
        println!("movegens   {}", thousands(out.stats.movegens));
        println!("cutoffs    {}", thousands(out.stats.cutoffs));
        println!(
            "time       {:.1} ms ({} Mnodes/s)",
            secs * 1e3,
            mnps(out.stats.nodes() + out.stats.qnodes, secs)
        );
        if let Some(r) = out.stopped {
            if out.depth > 0 {
                println!(
                    "stopped    {r:?} (result of the last completed stage, depth {})",
                    out.depth
                );
            } else {
                println!("stopped    {r:?}");
            }
        }
    }
}

/// The depth a result stands for: `None` when a limit stopped the search before any
/// iteration (or the one fixed-depth search) completed.
pub fn completed_depth<M>(out: &SearchOutcome<M>) -> Option<u32> {
    (out.kind != ValueKind::Unknown).then_some(out.depth)
}
