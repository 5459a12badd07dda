//! The shipped distribution tables (`crates/arachne-bestfirst/data/*.tbl`), learned by
//! [`crate::learn`] with `arachne learn` (commands in `data/README.md`), and which one a game
//! gets by default.
//!
//! * `incremental` trees get the table of the nearest learned branching factor
//!   (3, 5, 10, 20; random branching, real edge values), scaled to the tree's edge-value range
//!   (integer edges `[lo, hi)`: by `(hi − lo)/2` over `2^20`).
//! * `othello` gets its own table.
//! * `chess` gets its own table, learned as seed 002 §5.4 says (RBFM with the shallow
//!   evaluator of §5.1 and the heuristics of §5.2 on positions of its self-play games;
//!   exponential family, 25 % damping, variance pooled over `d`) by
//!   `arachne learn --game chess:eval=material --shallow` (`arachne_engine::shallow::learn_chess`).
//!   Its scale is centipawns, as the material evaluation's. It is the table of a chess spec
//!   with `eval=material` or `eval=mobility`. A chess spec with `eval=pst` (the positional
//!   evaluation, `arachne_games::chess::Eval::Pst`) gets `chess-pst`, learned the same way
//!   with that evaluation (`arachne learn --game chess:eval=pst --shallow`); so does
//!   `eval=full` (`pst` plus king safety, threats and mobility), whose own table was not
//!   learned (same scale, centipawns), and so does a chess spec without `eval=`, whose
//!   evaluation is `full` (`arachne_games::chess::Eval::default`).
//! * `chess-uci` is for RBFM with an external UCI engine as its evaluator
//!   (`arachne_engine::uci::client`, `rbfm-chess --engine`), learned the same way with Stockfish 15.1 making
//!   the shallow searches (`arachne learn --game chess --shallow --engine PATH`); no game spec
//!   selects it, the experiment does.
//! * Every other game gets a generic normal table with `f = 0` and a standard deviation of
//!   100 (a pawn, in chess) shrinking as `1/√(1 + s)` — a documented guess, not learned;
//!   learn one with `arachne learn --game SPEC --out FILE` and pass `rbfm:table=FILE`.
use crate::dist::bin_s;
use crate::dist::{DistTable, Family, D_MAX, S_BINS};

/// `(name, text)` of every shipped table.
pub const SHIPPED: &[(&str, &str)] = &[
    ("incremental-b3", include_str!("../data/incremental-b3.tbl")),
    ("incremental-b5", include_str!("../data/incremental-b5.tbl")),
    (
        "incremental-b10",
        include_str!("../data/incremental-b10.tbl"),
    ),
    (
        "incremental-b20",
        include_str!("../data/incremental-b20.tbl"),
    ),
    ("othello", include_str!("../data/othello.tbl")),
    ("chess", include_str!("../data/chess.tbl")),
    ("chess-pst", include_str!("../data/chess-pst.tbl")),
    ("chess-uci", include_str!("../data/chess-uci.tbl")),
];

/// A shipped table by name.
pub fn shipped(name: &str) -> Option<DistTable> {
    SHIPPED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| DistTable::from_text(t).expect("shipped tables parse (tested)"))
}

/// The generic table for games without a learned one.
pub fn generic() -> DistTable {
    let mut t = DistTable::constant(Family::Normal, 0.0);
    for b in 0..S_BINS {
        let v = 100.0 * 100.0 / (1.0 + bin_s(b) as f64);
        t.g[b] = [v; D_MAX + 1];
    }
    t.source = "generic: f = 0, sd = 100/sqrt(1+s) (not learned)".into();
    t
}

/// True when the `NAME:k=v,...` spec sets `key` to `value`.
fn spec_has(spec: &str, key: &str, value: &str) -> bool {
    spec.split_once(':').is_some_and(|(_, args)| {
        args.split(',')
            .filter_map(|p| p.split_once('='))
            .any(|(k, v)| k.trim() == key && v.trim() == value)
    })
}

/// The default table for game `name` with spec `spec` (see the module docs).
pub fn default_for(name: &str, spec: &str) -> DistTable {
    match name {
        "incremental" => {
            let kv = |key: &str| -> Option<i64> {
                spec.split_once(':')?
                    .1
                    .split(',')
                    .filter_map(|p| p.split_once('='))
                    .find(|(k, _)| k.trim() == key)
                    .and_then(|(_, v)| v.trim().parse().ok())
            };
            let b = kv("b").unwrap_or(10);
            let learned = [3i64, 5, 10, 20];
            let near = *learned
                .iter()
                .min_by_key(|&&l| {
                    ((l as f64).ln() - (b.max(1) as f64).ln())
                        .abs()
                        .mul_add(1e6, 0.0) as i64
                })
                .expect("non-empty");
            let t = shipped(&format!("incremental-b{near}")).unwrap_or_else(generic);
            match (kv("lo"), kv("hi")) {
                (Some(lo), Some(hi)) if hi > lo => {
                    t.scaled((hi - lo) as f64 / 2.0 / arachne_games::incremental::REAL_SCALE as f64)
                }
                _ => t,
            }
        }
        "othello" => shipped("othello").unwrap_or_else(generic),
        // The material table for the material evaluations; `full` (the default) is `pst`
        // plus king safety, threats and mobility: it uses `pst`'s table (not relearned;
        // docs/benchmarks-history.md, "rbfmeval").
        "chess" if spec_has(spec, "eval", "material") || spec_has(spec, "eval", "mobility") => {
            shipped("chess").unwrap_or_else(generic)
        }
        "chess" => shipped("chess-pst").unwrap_or_else(generic),
        _ => generic(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_tables_parse() {
        for (name, text) in SHIPPED {
            let t = DistTable::from_text(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(t.g.iter().flatten().all(|g| *g >= 0.0), "{name}");
        }
        assert_eq!(
            default_for("incremental", "incremental:b=4,d=5,seed=1").source,
            shipped("incremental-b5").unwrap().source
        );
    }

    #[test]
    fn chess_tables_follow_the_evaluation() {
        let pst = default_for("chess", "chess:eval=pst");
        assert!(pst.source.contains("evaluation pst"), "{}", pst.source);
        for spec in ["chess:eval=material", "chess:eval=mobility,bench=wac:4"] {
            assert_eq!(
                default_for("chess", spec).source,
                shipped("chess").unwrap().source,
                "{spec}"
            );
        }
        // The default evaluation is `full`, which uses `pst`'s table.
        for spec in ["chess", "chess:eval=full", "chess:fen=startpos"] {
            assert_eq!(default_for("chess", spec).source, pst.source, "{spec}");
        }
        assert!(spec_has("chess:eval=pst,fen=startpos", "eval", "pst"));
        assert!(!spec_has("chess:fen=startpos", "eval", "pst"));
    }
}
