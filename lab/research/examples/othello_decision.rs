//! Shoham–Toledo 2002 §4 against §3.2.3's Experiment 2: decision quality of RBFM, BFM and
//! alpha-beta on Othello positions, to tell whether RBFM chooses worse moves than BFM per
//! position (a search or table cause) or only does worse in games (`rbfm-othello`, Fig. 9).
//!
//! * **Positions**: `positions=N` (default 300) from the 244 openings four plies in
//!   ([`rbfm_othello::openings`], opening `i · 97 mod 244`), played on by a seeded weak player
//!   (each ply: with probability ½ a uniformly random move, else alpha-beta to depth 1) for 6–36
//!   more plies, so plies 10–40 (`plies=A-B`: A–B, 4 ≤ A ≤ B ≤ 58); positions with fewer than 2 moves are skipped.
//! * **Correct move**: every child's value by a deeper search (`deep=D`, default 10: each
//!   child to `D − 1` with staged principal-variation search, static ordering and a
//!   transposition table), with the standard evaluation whatever `eval=` the players use;
//!   decisive values are clamped to ±[`CAP`] for the loss.
//! * **Players** at alpha-beta depths `depths=A-B` (default 3–6): alpha-beta (static move
//!   ordering, [`compare::alphabeta`]) and every variant listed, each given alpha-beta's
//!   generated nodes at the position as its budget (Experiment 2). Variants: `bfm`, `rbfm`
//!   (the shipped table, best child played, pruning on) and `rbfm:MOD,MOD…` with `sd=K` (the
//!   table's standard deviation × K), `f0` (no mean shift), `normal` / `chi` (family),
//!   `noprune` (the pruning rule off), `s0pooled` (the `s = 0` cells pooled over `d`),
//!   `flat=SD` (f = 0, standard deviation SD everywhere), `table=PATH` (a table file),
//!   `seeds=K` (K RBFM runs per position with different seeds, all counted).
//! * **Evaluation** of the players (`eval=`): `plain` (default), `noise:SD` (plus a
//!   deterministic pseudo-normal noise of standard deviation SD per position) or `search:K`
//!   (alpha-beta to depth K as the evaluation; its nodes are not counted). With `learn` RBFM's
//!   table is learned for that evaluation in the run (`arachne learn --game othello`'s
//!   settings: 500 positions, real depth 6, 200 expansions, 4 rounds, mix).
//!
//! * **Games** (`games=N`): instead, `rbfm-othello --matching nodes --openings N` at each
//!   depth of `depths=` with each RBFM variant's table and pruning rule (the BFM games do
//!   not change); `fresh`: the best-first players start every move from a fresh tree.
//!   Also prints the nodes of the subtree each kept into its moves.
//!
//! * **Calibration** (`calib`): for each RBFM variant, after its search at the budget of
//!   alpha-beta to the deepest of `depths=`, every root child's distance δ from its deep value
//!   to its score by its expansion count `s`, against the table's `f` and `σ` for the child.
//!
//!   `until=K`: RBFM's side is played by BFM from K plies after the opening on.
//!   `record`: also where the games are decided ([`where_decided`]); `decide`: then the
//!   decision quality on `positions=N` positions (evenly spaced) of the first RBFM–BFM games
//!   played (only those: the first depth, the first variant), at plies `plies=A-B` counted from the
//!   game's start (the openings are 4 plies in), instead of the weak player's.
//!
//! `cargo run --release -p arachne-research --example othello_decision -- [positions=N]
//! [deep=D] [depths=A-B] [seed=S] [cache=DIR] [games=N [fresh] [until=K] [record] [decide]] [calib] [eval=…] [learn] VARIANT…`
use arachne_bestfirst::compare;
use arachne_bestfirst::dist::{DistTable, Family, D_MAX};
use arachne_bestfirst::learn::{self, LearnConfig};
use arachne_bestfirst::tree::up;
use arachne_bestfirst::{search, tables, BfOptions, Kind, Searcher};
use arachne_core::rng::mix64;
use arachne_core::{Game, Limits, Score};
use arachne_experiments::{rbfm_othello, Progress};
use arachne_games::Othello;
use arachne_search::{Algorithm, Inner, SearchOptions};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;

/// Decisive values are clamped to ± this for the loss (the evaluation stays within ±600).
const CAP: i32 = 1000;

/// The players' evaluation.
#[derive(Copy, Clone, Debug, PartialEq)]
enum EvalKind {
    Plain,
    Noise(f64),
    Search(u32),
}

/// Othello with another evaluation ([`EvalKind`]).
#[derive(Clone, Debug)]
struct Evald {
    pos: Othello,
    eval: EvalKind,
}

impl Game for Evald {
    type Move = u8;
    fn moves(&self, out: &mut Vec<u8>) {
        self.pos.moves(out)
    }
    fn play(&self, mv: u8) -> Self {
        Evald {
            pos: self.pos.play(mv),
            eval: self.eval,
        }
    }
    fn evaluate(&self) -> Score {
        let v = self.pos.evaluate();
        if self.pos.is_terminal() {
            return v;
        }
        match self.eval {
            EvalKind::Plain => v,
            EvalKind::Noise(sd) => {
                // Irwin–Hall of 4 uniforms: mean 0, variance 1/3 before scaling.
                let mut h = self.pos.hash().unwrap_or(0);
                let mut sum = 0.0;
                for _ in 0..4 {
                    h = mix64(h.wrapping_add(0x9e37_79b9_7f4a_7c15));
                    sum += (h >> 11) as f64 / (1u64 << 53) as f64 - 0.5;
                }
                Score(v.0 + (sum * sd * 3f64.sqrt()).round() as i32)
            }
            EvalKind::Search(k) => {
                let opts = SearchOptions {
                    preorder: false,
                    tt_mib: 0,
                    ..SearchOptions::default()
                };
                Algorithm::AlphaBeta
                    .search(&self.pos, &Limits::depth(k), &opts)
                    .value
            }
        }
    }
    fn is_terminal(&self) -> bool {
        self.pos.is_terminal()
    }
    fn hash(&self) -> Option<u64> {
        self.pos.hash()
    }
    fn move_name(&self, mv: u8) -> String {
        self.pos.move_name(mv)
    }
}

/// A player variant.
struct Variant {
    name: String,
    opts: BfOptions,
    seeds: u64,
}

fn parse_variant(spec: &str, base: &DistTable) -> Variant {
    let (kind, mods) = spec.split_once(':').unwrap_or((spec, ""));
    let mut opts = BfOptions::new(match kind {
        "bfm" => Kind::Bfm,
        "rbfm" => Kind::Rbfm,
        k => {
            eprintln!("unknown variant `{k}` (bfm, rbfm[:MODS])");
            std::process::exit(2);
        }
    });
    opts.vote = 0;
    let mut seeds = 1;
    if opts.kind == Kind::Rbfm {
        let mut t = base.clone();
        for m in mods.split(',').filter(|m| !m.is_empty()) {
            let (k, v) = m.split_once('=').unwrap_or((m, ""));
            let num = || -> f64 {
                v.parse().unwrap_or_else(|_| {
                    eprintln!("`{m}`: `{v}` is not a number");
                    std::process::exit(2)
                })
            };
            match k {
                "sd" => {
                    let c = num();
                    t.g.iter_mut().flatten().for_each(|g| *g *= c * c);
                }
                "f0" => t.f.iter_mut().flatten().for_each(|f| *f = 0.0),
                "normal" => t.family = Family::Normal,
                "chi" => t.family = Family::ChiSquare { k: 16.0, skew: 1.0 },
                "noprune" => opts.pruning = false,
                "s0pooled" => {
                    let (f0, g0) = (t.f[0][0], t.g[0][0]);
                    t.f[0] = [f0; D_MAX + 1];
                    t.g[0] = [g0; D_MAX + 1];
                    // Too few samples everywhere but the pooled column: leaves' moves uncounted.
                    t.n[0] = [0; D_MAX + 1];
                }
                "flat" => {
                    let sd = num();
                    t.f.iter_mut().flatten().for_each(|f| *f = 0.0);
                    t.g.iter_mut().flatten().for_each(|g| *g = sd * sd);
                }
                "table" => {
                    let text = std::fs::read_to_string(v).unwrap_or_else(|e| {
                        eprintln!("{v}: {e}");
                        std::process::exit(2)
                    });
                    t = DistTable::from_text(&text).unwrap_or_else(|e| {
                        eprintln!("{v}: {e:?}");
                        std::process::exit(2)
                    });
                }
                "seeds" => seeds = num() as u64,
                _ => {
                    eprintln!("unknown modifier `{m}`");
                    std::process::exit(2);
                }
            }
        }
        opts.table = Some(Arc::new(t));
    }
    Variant {
        name: spec.to_string(),
        opts,
        seeds,
    }
}

/// The sample positions (module docs).
fn positions(n: usize, seed: u64, plies: (u32, u32)) -> Vec<Othello> {
    let all = rbfm_othello::openings();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let mut i = 0usize;
    while out.len() < n {
        let mut p = all[(i * 97) % all.len()];
        i += 1;
        let plies = rng.gen_range(plies.0 - 4..=plies.1 - 4);
        for _ in 0..plies {
            p.moves(&mut moves);
            if p.is_terminal() || moves.is_empty() {
                break;
            }
            let mv = if rng.gen_bool(0.5) {
                moves[rng.gen_range(0..moves.len())]
            } else {
                compare::alphabeta(&p, 1).0.unwrap_or(moves[0])
            };
            p = p.play(mv);
        }
        p.moves(&mut moves);
        if !p.is_terminal() && moves.len() >= 2 {
            out.push(p);
        }
    }
    out
}

/// The judge's value of `pos` (its side to move) to `depth`: staged principal-variation search
/// with static ordering and a 16 MiB table, the standard evaluation; `exact`: plain alpha-beta
/// to `depth` (to the end when `depth` covers the empty squares and passes).
fn judge(pos: &Othello, depth: u32, exact: bool) -> i32 {
    let opts = SearchOptions {
        preorder: true,
        tt_mib: 16,
        ..SearchOptions::default()
    };
    let alg = if exact {
        Algorithm::AlphaBeta
    } else {
        Algorithm::Staged {
            inner: Inner::PAlphaBeta,
        }
    };
    alg.search(pos, &Limits::depth(depth), &opts).value.0
}

/// Every child's value seen from `pos` by a search to `deep − 1` below it, clamped.
fn deep_values(pos: &Othello, deep: u32) -> Vec<(u8, i32)> {
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let v = judge(&pos.play(m), deep - 1, false);
            (m, up(v).clamp(-CAP, CAP))
        })
        .collect()
}

/// Where the games of RBFM–BFM and BFM–alpha-beta are decided: 20, 30 and 40 plies after the
/// opening (game plies 24, 34, 44) the share of games in which the pair's first-named stands
/// better by a depth-8 search (staged principal-variation
/// search, the standard evaluation), and 48 plies after it (game ply 52, 8 empty squares
/// unless there were passes) by an exact solution, beside its final score; and the share of games whose sign
/// there (ahead, level, behind) is the final result's.
fn where_decided(r: &rbfm_othello::Pairs, d: u32) {
    for pair in [2, 1] {
        let mut line = format!("  where decided, αβ depth {d}, pair {pair}:");
        for (ply, depth) in [(20usize, 8u32), (30, 8), (40, 8), (48, 60)] {
            let (mut score, mut n, mut agree) = (0.0, 0, 0);
            for g in r.records.iter().filter(|g| g.pair == pair) {
                let Some(p) = g.line.get(ply) else { continue };
                // Game ply 52: plain alpha-beta to 20 plies is exact (8 empty squares, more only after
                // passes, and the passes to come).
                let v = if depth == 60 {
                    judge(p, 20, true)
                } else {
                    judge(p, depth, false)
                };
                let mine = g.named_first == (ply % 2 == 0);
                let v = if mine { v } else { -v };
                score += match v.signum() {
                    1 => 1.0,
                    0 => 0.5,
                    _ => 0.0,
                };
                agree += (v.signum() == g.diff.signum()) as u32;
                n += 1;
            }
            line += &format!(
                " ply {} ({}): {:.1} % of {n}, same result {:.1} %;",
                ply + 4,
                if depth == 60 { "exact" } else { "depth 8" },
                100.0 * score / n.max(1) as f64,
                100.0 * agree as f64 / n.max(1) as f64
            );
        }
        line += &format!(" final {:.1} %", r.pct()[pair]);
        println!("{line}");
    }
}

fn main() {
    let mut n = 300usize;
    let mut deep = 10u32;
    let (mut lo, mut hi) = (3u32, 6u32);
    let mut seed = 1u64;
    let mut eval = EvalKind::Plain;
    let mut learn_table = false;
    let mut specs = Vec::new();
    let mut cache: Option<String> = None;
    let mut games: Option<usize> = None;
    let mut fresh = false;
    let mut calib = false;
    let mut record = false;
    let mut from_games = false;
    let mut rbfm_until: Option<usize> = None;
    let mut plies = (10u32, 40u32);
    let bad = |a: &str| -> ! {
        eprintln!("bad argument `{a}`");
        std::process::exit(2)
    };
    for a in std::env::args().skip(1) {
        match a.split_once('=') {
            Some(("positions", v)) => n = v.parse().unwrap_or_else(|_| bad(&a)),
            Some(("deep", v)) => deep = v.parse().unwrap_or_else(|_| bad(&a)),
            Some(("until", v)) => rbfm_until = Some(v.parse().unwrap_or_else(|_| bad(&a))),
            Some(("games", v)) => games = Some(v.parse().unwrap_or_else(|_| bad(&a))),
            Some(("plies", v)) => {
                let (x, y) = v.split_once('-').unwrap_or((v, v));
                plies = (
                    x.parse().unwrap_or_else(|_| bad(&a)),
                    y.parse().unwrap_or_else(|_| bad(&a)),
                );
            }
            Some(("cache", v)) => cache = Some(v.to_string()),
            Some(("seed", v)) => seed = v.parse().unwrap_or_else(|_| bad(&a)),
            Some(("depths", v)) => {
                let (x, y) = v.split_once('-').unwrap_or((v, v));
                lo = x.parse().unwrap_or_else(|_| bad(&a));
                hi = y.parse().unwrap_or_else(|_| bad(&a));
            }
            Some(("eval", v)) => {
                eval = match v.split_once(':') {
                    None if v == "plain" => EvalKind::Plain,
                    Some(("search", k)) => EvalKind::Search(k.parse().unwrap_or_else(|_| bad(&a))),
                    Some(("noise", sd)) => EvalKind::Noise(sd.parse().unwrap_or_else(|_| bad(&a))),
                    _ => bad(&a),
                }
            }
            _ if a == "learn" => learn_table = true,
            _ if a == "fresh" => fresh = true,
            _ if a == "calib" => calib = true,
            _ if a == "record" => record = true,
            _ if a == "decide" => from_games = true,
            _ if a.starts_with("bfm") || a.starts_with("rbfm") => specs.push(a),
            _ => bad(&a),
        }
    }
    if specs.is_empty() {
        specs = vec!["bfm".into(), "rbfm".into()];
    }
    if deep < 2 || lo < 1 || hi < lo || plies.0 < 4 || plies.1 < plies.0 || plies.1 > 58 {
        bad("deep/depths");
    }
    let wrap = |p: &Othello| Evald { pos: *p, eval };
    let base = if learn_table {
        let root = wrap(&Othello::start());
        let pos = learn::random_positions(&root, 500, 4, 40, 1);
        let real = learn::real_scores(&pos, 6);
        let cfg = LearnConfig {
            real_depth: 6,
            expansions: 200,
            rounds: 4,
            family: "mix".parse().expect("family"),
            ..LearnConfig::default()
        };
        let l = learn::learn(&pos, &real, &cfg, &mut |_, _| {});
        eprintln!(
            "learned for {eval:?}: s = 0 pooled f {:.1} sd {:.1}; s = 1 f {:.1} sd {:.1}",
            l.table.f[0][0],
            l.table.g[0][0].sqrt(),
            l.table.f[1][0],
            l.table.g[1][0].sqrt()
        );
        l.table
    } else {
        tables::default_for("othello", "othello")
    };
    let variants: Vec<Variant> = specs.iter().map(|s| parse_variant(s, &base)).collect();
    let mut faced: Vec<Othello> = Vec::new();
    if let Some(openings) = games {
        // Games (`rbfm-othello --matching nodes`) with each RBFM variant's table and pruning.
        println!("games: {openings} openings, seed {seed}, fresh tree {fresh}");
        println!("| αβ depth | RBFM variant | RBFM vs AB % | BFM vs AB % | RBFM vs BFM % | nodes/move AB / RBFM / BFM | kept nodes/move RBFM / BFM |");
        println!("|---|---|---|---|---|---|---|");
        for d in lo..=hi {
            for v in variants.iter().filter(|v| v.opts.kind == Kind::Rbfm) {
                let setup = rbfm_othello::Setup {
                    table: v.opts.table.clone(),
                    no_pruning: !v.opts.pruning,
                    fresh_tree: fresh,
                    record: record || from_games,
                    rbfm_until,
                };
                if from_games && !faced.is_empty() {
                    break;
                }
                let r = rbfm_othello::nodes_matched(openings, d, seed, &setup, &Progress::hidden());
                let pct = r.pct();
                let per = |x: &[u64; 3], j: usize| x[j] as f64 / r.moves[j].max(1) as f64;
                println!(
                    "| {d} | {} | {:.1} | {:.1} | {:.1} | {:.0} / {:.0} / {:.0} | {:.0} / {:.0} |",
                    v.name,
                    pct[0],
                    pct[1],
                    pct[2],
                    per(&r.nodes, 0),
                    per(&r.nodes, 1),
                    per(&r.nodes, 2),
                    per(&r.kept, 1),
                    per(&r.kept, 2)
                );
                if record {
                    where_decided(&r, d);
                }
                if from_games && faced.is_empty() {
                    // The positions of the RBFM–BFM games in `plies`, every mover.
                    let mut moves = Vec::new();
                    for g in r.records.iter().filter(|g| g.pair == 2) {
                        for (k, p) in g.line.iter().enumerate() {
                            p.moves(&mut moves);
                            if (plies.0 as usize..=plies.1 as usize).contains(&(k + 4))
                                && moves.len() >= 2
                            {
                                faced.push(*p);
                            }
                        }
                    }
                }
            }
        }
        if !from_games {
            return;
        }
    }
    let ps = if from_games {
        // `n` of them, evenly spaced.
        let m = faced.len();
        (0..n.min(m)).map(|i| faced[i * m / n.min(m)]).collect()
    } else {
        positions(n, seed, plies)
    };
    eprintln!("{} positions; deep values to depth {deep}", ps.len());
    // The deep values are cached (`cache=DIR`): they cost most of a run.
    let file = cache.map(|c| {
        format!(
            "{c}/othello-truth-n{}-deep{deep}-seed{seed}{}.txt",
            ps.len(),
            if plies == (10, 40) && !from_games {
                String::new()
            } else {
                format!(
                    "-plies{}-{}{}",
                    plies.0,
                    plies.1,
                    if from_games { "-games" } else { "" }
                )
            }
        )
    });
    let cached: Option<Vec<Vec<(u8, i32)>>> = file.as_ref().and_then(|f| {
        let text = std::fs::read_to_string(f).ok()?;
        text.lines()
            .map(|l| {
                l.split(' ')
                    .map(|x| {
                        let (m, v) = x.split_once(':')?;
                        Some((m.parse().ok()?, v.parse().ok()?))
                    })
                    .collect()
            })
            .collect()
    });
    let truth: Vec<Vec<(u8, i32)>> = match cached {
        Some(t) if t.len() == ps.len() => t,
        _ => {
            let t: Vec<Vec<(u8, i32)>> = ps.iter().map(|p| deep_values(p, deep)).collect();
            if let Some(f) = &file {
                let text: Vec<String> = t
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|(m, v)| format!("{m}:{v}"))
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                std::fs::write(f, text.join("\n")).ok();
            }
            t
        }
    };
    if calib {
        // The table's calibration on RBFM's own trees: for every root child of every position
        // after RBFM's search at alpha-beta depth `hi`'s budget, δ = deep value − score (the
        // child's side), against the table's f and σ for the child's (s, d).
        const BINS: [(u32, u32); 7] = [
            (0, 0),
            (1, 1),
            (2, 3),
            (4, 15),
            (16, 63),
            (64, 255),
            (256, u32::MAX),
        ];
        // Per bin: n, Σδ, Σδ², Σf, Σσ, Σz, Σz².
        let mut acc = [[0f64; 7]; BINS.len()];
        for v in variants.iter().filter(|v| v.opts.kind == Kind::Rbfm) {
            let table = v.opts.table.clone().expect("table");
            for (i, (p, t)) in ps.iter().zip(&truth).enumerate() {
                let g = wrap(p);
                let nodes = compare::alphabeta(&g, hi).2.max(t.len() as u64);
                let mut o = v.opts.clone();
                o.seed = seed * 1_000_003 + i as u64 * 101;
                let mut srch = Searcher::new(g, o);
                srch.run(&Limits::default().with_nodes(nodes));
                let tree = srch.tree();
                for c in tree.children(0) {
                    let node = tree.node(c);
                    let Some(&(_, tv)) = t.iter().find(|x| Some(x.0) == tree.mv(c)) else {
                        continue;
                    };
                    if node.solved() || tv.abs() >= CAP || node.score.abs() >= CAP {
                        continue;
                    }
                    let d = if node.s == 0 {
                        node.moves_hint as u16
                    } else {
                        node.d
                    };
                    let (f, var) = table.params(node.s, d);
                    let delta = (-tv - node.score) as f64;
                    let sd = var.sqrt().max(1e-9);
                    let z = (delta - f) / sd;
                    let b = BINS
                        .iter()
                        .position(|&(lo, hi)| node.s >= lo && node.s <= hi)
                        .expect("bin");
                    for (k, x) in [1.0, delta, delta * delta, f, sd, z, z * z]
                        .into_iter()
                        .enumerate()
                    {
                        acc[b][k] += x;
                    }
                }
            }
            println!("calibration of `{}` at αβ depth {hi}'s budget: root children, δ = depth-{} value − score", v.name, deep - 1);
            println!("| s | children | δ mean | δ sd | table f (mean) | table σ (mean) | sd of (δ − f)/σ |");
            println!("|---|---|---|---|---|---|---|");
            for (b, &(lo, hi)) in BINS.iter().enumerate() {
                let [n, sd_, sd2, sf, ss, sz, sz2] = acc[b];
                if n == 0.0 {
                    continue;
                }
                let m = sd_ / n;
                let mz = sz / n;
                let range = if hi == lo {
                    lo.to_string()
                } else if hi == u32::MAX {
                    format!("{lo}+")
                } else {
                    format!("{lo}–{hi}")
                };
                println!(
                    "| {range} | {n} | {m:.1} | {:.1} | {:.1} | {:.1} | {:.2} |",
                    (sd2 / n - m * m).max(0.0).sqrt(),
                    sf / n,
                    ss / n,
                    (sz2 / n - mz * mz).max(0.0).sqrt()
                );
            }
            acc = [[0f64; 7]; BINS.len()];
        }
        return;
    }
    // Per depth: per player (alpha-beta, then the variants) correct, loss sum, nodes, runs.
    println!(
        "eval {eval:?}, {} positions, deep {deep}, learn {learn_table}",
        ps.len()
    );
    println!("| αβ depth | player | correct % | mean loss | nodes/position |");
    println!("|---|---|---|---|---|");
    for d in lo..=hi {
        let mut rows = vec![(0u64, 0i64, 0u64, 0u64); variants.len() + 1];
        for (i, (p, t)) in ps.iter().zip(&truth).enumerate() {
            let best = t.iter().map(|x| x.1).max().expect("moves");
            let score = |m: Option<u8>| {
                let v = m
                    .and_then(|m| t.iter().find(|x| x.0 == m))
                    .map_or(-CAP, |x| x.1);
                ((v == best) as u64, (best - v) as i64)
            };
            let g = wrap(p);
            let (mv, _, nodes) = compare::alphabeta(&g, d);
            let (ok, loss) = score(mv);
            rows[0] = (
                rows[0].0 + ok,
                rows[0].1 + loss,
                rows[0].2 + nodes,
                rows[0].3 + 1,
            );
            let lim = Limits::default().with_nodes(nodes.max(t.len() as u64));
            for (j, v) in variants.iter().enumerate() {
                for k in 0..v.seeds {
                    let mut o = v.opts.clone();
                    o.seed = seed * 1_000_003 + i as u64 * 101 + k;
                    let out = search(&g, &o, &lim);
                    let (ok, loss) = score(out.best_move);
                    let r = &mut rows[j + 1];
                    *r = (r.0 + ok, r.1 + loss, r.2 + out.generated(), r.3 + 1);
                }
            }
        }
        for (j, r) in rows.iter().enumerate() {
            let name = if j == 0 {
                "alpha-beta"
            } else {
                &variants[j - 1].name
            };
            println!(
                "| {d} | {name} | {:.1} | {:.2} | {:.0} |",
                100.0 * r.0 as f64 / r.3 as f64,
                r.1 as f64 / r.3 as f64,
                r.2 as f64 / r.3 as f64
            );
        }
    }
}
