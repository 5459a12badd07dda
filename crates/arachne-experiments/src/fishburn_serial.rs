//! Seed 000 §8.4 (Tables 1 and 2 of the appendix): the six serial algorithms — `alphabeta`,
//! `lalphabeta`, `palphabeta` and their staged forms `salphabeta`, `slalphabeta`,
//! `spalphabeta` — over the program's moves of four checkers games, node counts per move, and
//! the statistics of the paper's ratios (α = alphabeta, β = salphabeta, λα = lalphabeta,
//! ρα = palphabeta, sα = slalphabeta, σα = spalphabeta):
//! α/β, λα/α, ρα/α, sα/β, σα/β.
//!
//! Choices where the paper is silent, fixed here:
//!
//! * **The games** are `data/checkers-arachne-selfplay-4.pdn`: four games played once with
//!   `arachne play --game checkers --first alphabeta:depth=6 --second alphabeta:depth=4
//!   --games 4 --seed 2026 --random-plies 2` (the command is in each game's `Site` tag) and
//!   shipped, so the experiment is fixed. "The program" is the depth-6 side (tag `Program`).
//! * **The moves**: the program's positions with at least two legal moves, all four games in
//!   order; the paper had 46 moves, so 46 positions evenly spaced over that list are taken
//!   (12 in the quick form).
//! * **Intervals.** Each ratio's average is judged by its 95 % t interval over the moves
//!   beside the paper's from its standard deviation over its 46 ([`crate::report::interval`]);
//!   the ratios are skewed (α/β from 0.019 to 2.768 in the paper), so the t interval is a
//!   rough one at 12 moves (quick) and a fair one at 46. Each standard deviation is judged
//!   by its χ² interval beside the paper's over its 46 moves; minima and maxima are compared
//!   as values.
//! * **The search**: depth 8 (the depth of §5's trees; 6 in the quick form), successors
//!   preordered by static value (§5: "moves were ordered best-first according to their static
//!   values"), no transposition table (the staged forms keep only the principal line between
//!   stages, as §8.1 describes), no quiescence. Nodes = interior + bottom positions, all stages
//!   counted for the staged forms.
use crate::report::interval::{mean_interval, sd_interval};
use crate::report::{Report, Row, Sample};
use crate::{data_file, min_mean_max_sd, ExpError, Options};
use arachne_core::{Game, Limits};
use arachne_games::Checkers;
use arachne_search::{Algorithm, SearchOptions};
use serde_json::json;
use std::fmt::Write as _;

/// The shipped games.
pub const GAMES_FILE: &str = "checkers-arachne-selfplay-4.pdn";

/// The six algorithms, in the paper's order, with the paper's symbols.
pub const ALGORITHMS: [(&str, &str); 6] = [
    ("alphabeta", "α"),
    ("lalphabeta", "λα"),
    ("palphabeta", "ρα"),
    ("salphabeta", "β"),
    ("slalphabeta", "sα"),
    ("spalphabeta", "σα"),
];

/// The paper's ratios: (name, numerator index, denominator index, table, min, max, avg, sd).
const RATIOS: [(&str, usize, usize, &str, [f64; 4]); 5] = [
    ("α/β", 0, 3, "§8.4 Table 1", [0.019, 2.768, 0.808, 0.462]),
    ("λα/α", 1, 0, "§8.4 Table 2", [0.881, 1.000, 0.987, 0.024]),
    ("ρα/α", 2, 0, "§8.4 Table 2", [0.666, 5.750, 1.163, 0.868]),
    ("sα/β", 4, 3, "§8.4 Table 2", [0.899, 1.000, 0.988, 0.023]),
    ("σα/β", 5, 3, "§8.4 Table 2", [0.696, 2.174, 0.960, 0.227]),
];

/// The program's moves the paper's statistics are over.
const PAPER_MOVES: u64 = 46;

/// One searched move: where it is and the six node counts.
#[derive(Clone, Debug)]
struct Move {
    game: usize,
    ply: usize,
    fen: String,
    nodes: [u64; 6],
}

/// The program's positions of the shipped games, `(game, ply, position)`.
fn program_positions() -> Result<Vec<(usize, usize, Checkers)>, String> {
    let path = data_file(GAMES_FILE).ok_or_else(|| format!("data/{GAMES_FILE} not found"))?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let games = arachne_games::pdn::parse_pdn(&text).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for g in &games {
        let black = g.tag("Program").unwrap_or("Black") == "Black";
        for (ply, pos) in g
            .replay()
            .map_err(|e| e.to_string())?
            .into_iter()
            .enumerate()
        {
            pos.moves(&mut moves);
            if pos.black_to_move() == black && !pos.is_terminal() && moves.len() >= 2 {
                out.push((g.index, ply, pos));
            }
        }
    }
    Ok(out)
}

/// `count` items evenly spaced over `v` (all of them if there are fewer).
fn evenly<T: Clone>(v: &[T], count: usize) -> Vec<T> {
    if v.len() <= count {
        return v.to_vec();
    }
    (0..count)
        .map(|i| v[i * (v.len() - 1) / (count - 1).max(1)].clone())
        .collect()
}

/// Adds §8.4's rows and details to `rep`.
pub(crate) fn section_8_4(o: &Options, rep: &mut Report) -> Result<(), ExpError> {
    let (count, depth) = if o.quick { (12, 6) } else { (46, 8) };
    let all = match program_positions() {
        Ok(p) => p,
        Err(why) => {
            for t in ["§8.4 Table 1", "§8.4 Table 2"] {
                rep.row(Row::not_reproducible(
                    t,
                    "node-count ratios over 46 checkers moves",
                    "see the paper",
                    "–",
                    why.clone(),
                ));
            }
            return Ok(());
        }
    };
    let chosen = evenly(&all, count);
    rep.setup(
        "§8.4 moves",
        format!(
            "{} of the program's {} positions (≥ 2 legal moves) in the four games of `data/{GAMES_FILE}` (played by `arachne play`, seeded), evenly spaced; the paper: the program's 46 moves in four games",
            chosen.len(),
            all.len()
        ),
    );
    rep.setup(
        "§8.4 search",
        format!("depth {depth}, successors preordered by static value, no transposition table (staged forms keep the principal line only), no quiescence; nodes = interior + bottom positions, every stage counted"),
    );
    let moves = count_nodes(o, &chosen, depth)?;
    rep.sample(Sample::new(moves.len() as u64, Some(PAPER_MOVES), "moves"));
    // Ratios and their statistics.
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# §8.4 Tables 1 and 2: six serial algorithms over {} checkers moves\n\nα = alphabeta, λα = lalphabeta, ρα = palphabeta, β = salphabeta, sα = slalphabeta, σα = spalphabeta; depth {depth}.\n\n| ratio | statistic | paper | ours | rel. diff. |\n|---|---|---|---|---|",
        moves.len()
    );
    let labels = ["minimum", "maximum", "average", "standard deviation"];
    let mut stats_json = Vec::new();
    for (name, num, den, table, paper) in RATIOS {
        let xs: Vec<f64> = moves
            .iter()
            .map(|m| m.nodes[num] as f64 / m.nodes[den] as f64)
            .collect();
        let s = min_mean_max_sd(&xs);
        // min_mean_max_sd is (min, mean, max, sd); the paper's order is (min, max, avg, sd).
        let ours = [s[0], s[2], s[1], s[3]];
        for i in 0..4 {
            let row = Row::compare(
                table,
                format!("{name} {}", labels[i]),
                paper[i],
                ours[i],
                0.10,
            )
            .texts(format!("{:.3}", paper[i]), format!("{:.3}", ours[i]));
            // The average is judged by its t interval beside the paper's (from its sd), the
            // spread by its χ² interval beside the paper's.
            rep.row(match i {
                2 => row.sampled(mean_interval(
                    &xs,
                    "moves",
                    Some((paper[2], paper[3], PAPER_MOVES)),
                )),
                3 => row.sampled(sd_interval(&xs, "moves", Some((paper[3], PAPER_MOVES)))),
                _ => row,
            });
            let _ = writeln!(
                md,
                "| {name} | {} | {:.3} | {:.3} | {:+.1} % |",
                labels[i],
                paper[i],
                ours[i],
                100.0 * (ours[i] - paper[i]) / paper[i]
            );
        }
        stats_json.push(json!({"ratio": name, "min": ours[0], "max": ours[1], "avg": ours[2], "sd": ours[3], "paper": paper}));
    }
    never_slower(rep, &mut md, &moves);
    let _ = writeln!(
        md,
        "\nNode counts per move:\n\n| game | ply | {} |\n|---|---|{}",
        ALGORITHMS.map(|a| a.0).join(" | "),
        "---|".repeat(6)
    );
    let mut csv = format!("game,ply,fen,{}\n", ALGORITHMS.map(|a| a.0).join(","));
    for m in &moves {
        let cells = m.nodes.map(|n| n.to_string());
        let _ = writeln!(md, "| {} | {} | {} |", m.game, m.ply, cells.join(" | "));
        let _ = writeln!(csv, "{},{},{},{}", m.game, m.ply, m.fen, cells.join(","));
    }
    rep.details.push_str(&md);
    rep.file("section_8_4.csv", csv);
    rep.data["section_8_4"] = json!({
        "depth": depth,
        "moves": moves.len(),
        "ratios": stats_json,
        "nodes": moves.iter().map(|m| json!({"game": m.game, "ply": m.ply, "fen": m.fen, "nodes": m.nodes})).collect::<Vec<_>>(),
    });
    Ok(())
}

/// Every algorithm's nodes on every chosen position, to depth `depth`.
fn count_nodes(
    o: &Options,
    chosen: &[(usize, usize, Checkers)],
    depth: u32,
) -> Result<Vec<Move>, ExpError> {
    let algos: Vec<Algorithm> = ALGORITHMS
        .iter()
        .map(|(n, _)| n.parse().map_err(ExpError::failed))
        .collect::<Result<_, _>>()?;
    let opts = SearchOptions {
        preorder: true,
        tt_mib: 0,
        ..SearchOptions::default()
    };
    let mut moves = Vec::new();
    for (i, (game, ply, pos)) in chosen.iter().enumerate() {
        o.progress
            .message(format!("§8.4: move {}/{}", i + 1, chosen.len()));
        let mut nodes = [0u64; 6];
        for (k, a) in algos.iter().enumerate() {
            nodes[k] = a.search(pos, &Limits::depth(depth), &opts).stats.nodes();
        }
        moves.push(Move {
            game: *game,
            ply: *ply,
            fen: pos.fen(),
            nodes,
        });
    }
    Ok(moves)
}

/// "Lalphabeta is never slower than alphabeta and slalphabeta is never slower than
/// salphabeta": the rows, and the exceptions in the details.
fn never_slower(rep: &mut Report, md: &mut String, moves: &[Move]) {
    let slower = |a: usize, b: usize| -> Vec<&Move> {
        moves.iter().filter(|m| m.nodes[a] > m.nodes[b]).collect()
    };
    for (a, b, what) in [
        (1, 0, "lalphabeta never visits more nodes than alphabeta"),
        (4, 3, "slalphabeta never visits more nodes than salphabeta"),
    ] {
        let ex = slower(a, b);
        rep.row(
            Row::claim(
                "§8.4 (never slower)",
                format!("{what} ({} moves)", moves.len()),
                ex.is_empty(),
            )
            .texts(
                "never",
                if ex.is_empty() {
                    "never".to_string()
                } else {
                    format!("{} of {} moves", ex.len(), moves.len())
                },
            ),
        );
        if !ex.is_empty() {
            let _ = writeln!(
                md,
                "\nExceptions to \"{what}\" ({} of {} moves):\n\n| game | ply | position | {} | {} |\n|---|---|---|---|---|",
                ex.len(),
                moves.len(),
                ALGORITHMS[a].0,
                ALGORITHMS[b].0
            );
            for m in ex {
                let _ = writeln!(
                    md,
                    "| {} | {} | `{}` | {} | {} |",
                    m.game, m.ply, m.fen, m.nodes[a], m.nodes[b]
                );
            }
        }
    }
}
