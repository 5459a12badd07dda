//! `arachne play`: matches between two algorithms on any game.
//!
//! ```text
//! arachne play --game chess --first alphabeta:depth=3 --second mtdf --games 10 --depth 2
//! ```
//!
//! Games are played in pairs from the same seeded random opening (`--random-plies` uniformly
//! random legal moves, default 2), once with each algorithm moving first, so the colours
//! alternate. Every choice is seeded by `--seed`: the same command gives the same games.
//!
//! Per-side options go after the algorithm name and are removed before it is parsed:
//! `depth=D` (plies; default `--depth`, else the game's default), `time=MS` (a deadline per
//! move; a stopped search plays its best move so far — for iterative algorithms, that of the
//! last completed iteration — or else the first legal move), and
//! `quiescence=on|off` (default on), e.g. `--first aspiration:delta=30,depth=4,time=200`;
//! `check=on|off` and `null=on|off` (default off, as in the library; the UCI engine turns
//! both on) for the check extension and the null move of `SearchOptions`, which the
//! searchers over `falphabeta` (`falphabeta`, `aspiration`) and the shared-memory algorithms
//! use and the other serial ones ignore, e.g. `--first aspiration:check=on,null=on,time=200`
//! plays like `arachne uci`'s search; for the shared-memory algorithms (`ybwc`, `jamboree`,
//! `lazy-smp`, `abdada`) also `threads=T` (default 1), e.g. `--first ybwc:threads=2,time=200`,
//! and their own options (`ybwc:aspiration=50,threads=2,check=on,null=on` plays like `arachne
//! uci` with `Threads 2`); and for every side
//! `nodes=N`, a node budget per move.
//!
//! The best-first searchers `bfm` and `rbfm` (seed 002) play too, with their own options
//! (`rbfm:seed=S,dist=…,vote=N,memory=MiB`) and the per-side `depth=` (the principal
//! variation depth at which a move's search stops, §3.2.5), `nodes=` (generated nodes per
//! move) and `time=`; e.g. `--first rbfm:seed=3,nodes=20000 --second alphabeta:depth=4`. Each
//! keeps its tree between moves (§3.2.5): after a move — its own or the opponent's — the
//! subtree below it becomes the new tree (`Searcher::play`); a search also stops when its
//! principal variation ends at a terminal position. Their node count is the paper's
//! "generated nodes" (children generated and evaluated).
//! Monte Carlo tree search plays too (issue 27): `mcts` with its own options
//! (`mcts:c=…,playout=…,seed=S,iters=N,memory=MiB,par=tree|root|leaf`), the per-side
//! `nodes=` (generated tree nodes per move), `time=` and `threads=T` (the parallel form `par=`,
//! the tree form by default); without `nodes=`, `time=` or `iters=`, 100000 iterations a move.
//! It keeps its tree between moves, every form (the root form each of its trees): after a move
//! the subtree below it becomes the tree ([`arachne_bestfirst::mcts::Mcts::advance`]). It has
//! no search depth: a per-side `depth=` is refused, the game-wide `--depth` is for the other
//! side, and so are `quiescence=`, `check=` and `null=`.
//! Both sides search with move ordering (hints, killers, history; a 16 MiB transposition table
//! per side, kept between its moves and cleared per game), a capture-only quiescence
//! search where the game has captures, and draws by repetition against the game so far.
//!
//! Scoring: a game ends at a terminal position (scored by its static value: a decisive value
//! wins or loses; otherwise the sign of the value, which only synthetic trees have), by
//! threefold repetition (games with a hash), or after `--max-plies` plies: both are draws.
use crate::error::{CliError, CliResult};
use crate::output::{print_json, thousands};
use arachne_bestfirst::mcts::{self, MctsOptions, MctsSearcher};
use arachne_bestfirst::{BfAlgo, Searcher};
use arachne_core::parse::Spec;
use arachne_core::rng::{hash2, uniform_in};
use arachne_core::{Game, Limits, TranspositionTable};
use arachne_games::{with_game, GameInfo, GameVisitor};
use arachne_parallel::smp::{self, SmpAlgo};
use arachne_search::{Algorithm, SearchOptions};
use clap::Args;
use serde_json::json;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Transposition table per side, MiB.
const TT_MIB: usize = 16;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Game spec (see `arachne games`).
    #[arg(long, short = 'g')]
    pub game: String,
    /// The first algorithm, `NAME[:key=value,...]`, plus per-side `depth=`, `time=` (ms),
    /// `nodes=`, `threads=`, `quiescence=on|off`, `check=on|off` (check extension) and
    /// `null=on|off` (null move).
    #[arg(long)]
    pub first: String,
    /// The second algorithm (same form as --first).
    #[arg(long)]
    pub second: String,
    /// Number of games (pairs share an opening and swap colours).
    #[arg(long, short = 'n', default_value_t = 2, allow_negative_numbers = true, value_parser = crate::args::positive_u32)]
    pub games: u32,
    /// Search depth for both sides unless overridden per side.
    #[arg(long, short = 'd', allow_negative_numbers = true, value_parser = crate::args::depth)]
    pub depth: Option<u32>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::args::any_u64)]
    pub seed: u64,
    /// Random plies at the start of each game pair.
    #[arg(long, default_value_t = 2, allow_negative_numbers = true, value_parser = crate::args::any_u32)]
    pub random_plies: u32,
    /// A game still running after this many plies is a draw.
    #[arg(long, default_value_t = 400, allow_negative_numbers = true, value_parser = crate::args::positive_u32)]
    pub max_plies: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// One side: algorithm and its per-side settings.
#[derive(Clone, Debug)]
struct Side {
    spec: String,
    algo: Algorithm,
    /// A shared-memory algorithm and its threads (then `algo` is unused).
    smp: Option<(SmpAlgo, usize)>,
    depth: Option<u32>,
    time: Option<Duration>,
    /// Node budget per move.
    nodes: Option<u64>,
    /// A best-first searcher (then `algo` is unused).
    bf: Option<BfAlgo>,
    /// Monte Carlo tree search (then `algo` is unused).
    mcts: Option<MctsOptions>,
    quiescence: bool,
    /// `SearchOptions::check_extension` (`check=on`).
    check_extension: bool,
    /// `SearchOptions::null_move` (`null=on`).
    null_move: bool,
}

/// Parses a per-side switch: `on|true|1` or `off|false|0`, else a usage error naming it.
fn switch(spec: &str, key: &str, v: &str) -> Result<bool, CliError> {
    match v {
        "on" | "true" | "1" => Ok(true),
        "off" | "false" | "0" => Ok(false),
        _ => Err(CliError::usage(format!(
            "`{spec}`: {key}=`{v}` must be on or off"
        ))),
    }
}

impl Side {
    fn parse(spec: &str) -> Result<Side, CliError> {
        let parsed = Spec::parse(spec, "player").map_err(CliError::usage)?;
        let name = parsed.name.as_str();
        // `q` is `quiescence`: both at once is a key given twice.
        let has = |k: &str| parsed.pairs.iter().any(|(key, _)| key == k);
        if has("q") && has("quiescence") {
            return Err(CliError::usage(format!(
                "player `{name}`: key `quiescence` given twice (also as `q`)"
            )));
        }
        let mut rest = Vec::new();
        let mut side = Side {
            spec: spec.to_string(),
            algo: Algorithm::Negamax,
            smp: None,
            depth: None,
            time: None,
            nodes: None,
            bf: None,
            mcts: None,
            quiescence: true,
            check_extension: false,
            null_move: false,
        };
        for (k, v) in &parsed.pairs {
            let (k, v) = (k.as_str(), v.as_str());
            match k {
                "depth" => match v.parse::<u32>() {
                    Ok(d) if (1..=200).contains(&d) => side.depth = Some(d),
                    _ => {
                        return Err(CliError::usage(format!(
                            "`{spec}`: depth=`{v}` must be an integer in 1..=200"
                        )))
                    }
                },
                "time" => match v.parse::<u64>() {
                    Ok(ms) if ms >= 1 => side.time = Some(Duration::from_millis(ms)),
                    _ => {
                        return Err(CliError::usage(format!(
                            "`{spec}`: time=`{v}` must be a positive number of milliseconds"
                        )))
                    }
                },
                "nodes" => match v.parse::<u64>() {
                    Ok(n) if n >= 1 => side.nodes = Some(n),
                    _ => {
                        return Err(CliError::usage(format!(
                            "`{spec}`: nodes=`{v}` must be a positive integer"
                        )))
                    }
                },
                "threads" => match v.parse::<usize>() {
                    Ok(t) if (1..=smp::MAX_THREADS).contains(&t) => {
                        side.smp = Some((SmpAlgo::LazySmp, t))
                    }
                    _ => {
                        return Err(CliError::usage(format!(
                            "`{spec}`: threads=`{v}` must be an integer in 1..={}",
                            smp::MAX_THREADS
                        )))
                    }
                },
                "quiescence" | "q" => side.quiescence = switch(spec, "quiescence", v)?,
                "check" => side.check_extension = switch(spec, "check", v)?,
                "null" => side.null_move = switch(spec, "null", v)?,
                _ => rest.push(format!("{k}={v}")),
            }
        }
        let algo_spec = if rest.is_empty() {
            name.to_string()
        } else {
            format!("{name}:{}", rest.join(","))
        };
        if mcts::is_mcts(name) {
            for k in ["depth", "quiescence", "q", "check", "null"] {
                if has(k) {
                    return Err(CliError::usage(format!(
                        "`{spec}`: {k}= does not apply to mcts (budgets: nodes=, time=, iters=)"
                    )));
                }
            }
            let mut o: MctsOptions = algo_spec.parse().map_err(CliError::usage)?;
            if let Some((_, t)) = side.smp.take() {
                o.threads = t as u32;
                o.check_parallel().map_err(CliError::usage)?;
            }
            if o.iterations.is_none() && side.nodes.is_none() && side.time.is_none() {
                o.iterations = Some(arachne_engine::DEFAULT_MCTS_ITERS);
            }
            side.mcts = Some(o);
            return Ok(side);
        }
        if arachne_bestfirst::is_bestfirst(name) {
            if side.smp.is_some() {
                return Err(CliError::usage(format!(
                    "`{spec}`: threads= is not supported for bfm/rbfm in play (the serial form keeps its tree between moves)"
                )));
            }
            side.bf = Some(algo_spec.parse().map_err(CliError::usage)?);
            return Ok(side);
        }
        if smp::is_smp_name(name) {
            let threads = side.smp.map_or(1, |(_, t)| t);
            side.smp = Some((algo_spec.parse().map_err(CliError::usage)?, threads));
            return Ok(side);
        }
        if side.smp.is_some() {
            return Err(CliError::usage(format!(
                "`{spec}`: threads= is for the shared-memory algorithms (ybwc, jamboree, lazy-smp, abdada)"
            )));
        }
        side.algo = algo_spec
            .parse()
            .map_err(|e: arachne_search::AlgoError| CliError::usage(play_algo_error(name, &e.0)))?;
        Ok(side)
    }
}

/// The unknown-algorithm message of `play`: every algorithm `play` takes (serial,
/// shared-memory, best-first), and a word on the message-passing ones, which it does not.
fn play_algo_error(name: &str, msg: &str) -> String {
    if !msg.starts_with("unknown algorithm") {
        return msg.to_string();
    }
    let names = |c: &[(&str, &str)]| c.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
    let takes = format!(
        "play takes serial ({}), shared-memory ({}, with threads=T), best-first (bfm, rbfm) and mcts algorithms",
        names(arachne_search::CATALOGUE),
        names(smp::CATALOGUE)
    );
    let lower = name.trim().to_ascii_lowercase();
    if arachne_parallel::CATALOGUE.iter().any(|(n, _)| *n == lower) {
        format!("`{lower}` is a message-passing algorithm, which play does not run; {takes}")
    } else {
        format!(
            "unknown algorithm `{}`; {takes}",
            arachne_core::parse::clip(&lower, 40)
        )
    }
}

pub fn run(a: PlayArgs) -> CliResult {
    if a.games == 0 {
        return Err(CliError::usage("--games must be at least 1"));
    }
    if a.games > 100_000 {
        return Err(CliError::usage("--games is at most 100000"));
    }
    if a.max_plies == 0 {
        return Err(CliError::usage("--max-plies must be at least 1"));
    }
    if a.random_plies >= a.max_plies {
        return Err(CliError::usage(format!(
            "--random-plies {} must be less than --max-plies {}: the games would be all random moves",
            a.random_plies, a.max_plies
        )));
    }
    if a.depth == Some(0) || a.depth.is_some_and(|d| d > 200) {
        return Err(CliError::usage("--depth must be in 1..=200"));
    }
    let first = Side::parse(&a.first)?;
    let second = Side::parse(&a.second)?;
    with_game(
        &a.game,
        Match {
            a: &a,
            sides: [first, second],
        },
    )
    .map_err(CliError::usage)?
}

struct Match<'a> {
    a: &'a PlayArgs,
    sides: [Side; 2],
}

/// Outcome of one game, from the side that moved first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Outcome {
    FirstMoverWins,
    Draw,
    SecondMoverWins,
}

struct GameRecord {
    /// Index into `sides` of the algorithm that moved first.
    first_mover: usize,
    opening: Vec<String>,
    moves: Vec<String>,
    outcome: Outcome,
    reason: &'static str,
}

impl GameVisitor for Match<'_> {
    type Output = CliResult;
    fn visit<G: Game>(mut self, root: G, info: GameInfo) -> CliResult {
        let a = self.a;
        for s in &mut self.sides {
            if let Some(bf) = &mut s.bf {
                bf.resolve_table(info.name, &info.spec)
                    .map_err(CliError::usage)?;
                bf.apply_memory::<G::Move>(
                    bf.memory_mib.or(Some(arachne_engine::DEFAULT_TREE_MIB)),
                );
            }
            if let Some(o) = &mut s.mcts {
                let mib = o.memory_mib.unwrap_or(arachne_engine::DEFAULT_TREE_MIB);
                o.max_tree_nodes = Some(MctsSearcher::<G>::nodes_in_mib(o, mib));
                o.scale = Some(o.scale.unwrap_or_else(|| mcts::default_scale(info.name)));
            }
        }
        let depth_of = |s: &Side| -> Result<u32, CliError> {
            let d = s.depth.or(a.depth).unwrap_or(info.default_depth);
            match info.max_depth {
                Some(m) if d > m => Err(CliError::usage(format!(
                    "depth {d} for `{}` exceeds the depth of the tree ({m})",
                    s.spec
                ))),
                _ => Ok(d),
            }
        };
        let depths = [depth_of(&self.sides[0])?, depth_of(&self.sides[1])?];
        let mut nodes = [0u64; 2];
        let mut time = [Duration::ZERO; 2];
        let mut records = Vec::new();
        // One transposition table per side, kept between its moves and cleared per game.
        let tts = [
            TranspositionTable::with_mib(TT_MIB),
            TranspositionTable::with_mib(TT_MIB),
        ];
        for g in 0..a.games {
            for t in &tts {
                t.clear();
            }
            let pair = (g / 2) as u64;
            let first_mover = (g % 2) as usize;
            let (pos, opening, hist) = opening(&root, a.seed, pair, a.random_plies);
            let rec = play_game(
                pos,
                opening,
                hist,
                first_mover,
                &self.sides,
                depths,
                &tts,
                a.max_plies,
                &mut nodes,
                &mut time,
            );
            records.push(rec);
        }
        // Wins, draws and losses from the first algorithm's point of view.
        let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
        for r in &records {
            match (r.outcome, r.first_mover) {
                (Outcome::Draw, _) => d += 1,
                (Outcome::FirstMoverWins, 0) | (Outcome::SecondMoverWins, 1) => w += 1,
                _ => l += 1,
            }
        }
        let score = (w as f64 + 0.5 * d as f64) / records.len() as f64;
        if a.json {
            let games: Vec<_> = records
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    json!({
                        "game": i + 1,
                        "first_mover": if r.first_mover == 0 { "first" } else { "second" },
                        "opening": r.opening,
                        "moves": r.moves,
                        "plies": r.opening.len() + r.moves.len(),
                        "result": match r.outcome {
                            Outcome::FirstMoverWins => "1-0",
                            Outcome::Draw => "1/2-1/2",
                            Outcome::SecondMoverWins => "0-1",
                        },
                        "reason": r.reason,
                    })
                })
                .collect();
            print_json(&json!({
                "game": info.spec,
                "first": self.sides[0].spec,
                "second": self.sides[1].spec,
                "depth_first": depths[0],
                "depth_second": depths[1],
                "time_limit_first_ms": self.sides[0].time.map(|t| t.as_millis() as u64),
                "time_limit_second_ms": self.sides[1].time.map(|t| t.as_millis() as u64),
                "games": records.len(),
                "seed": a.seed,
                "first_wins": w,
                "draws": d,
                "second_wins": l,
                "first_score": score,
                "first_nodes": nodes[0],
                "second_nodes": nodes[1],
                "first_time_ms": time[0].as_secs_f64() * 1e3,
                "second_time_ms": time[1].as_secs_f64() * 1e3,
                "results": games,
            }));
        } else {
            println!("game       {}", info.spec);
            let limit = |s: &Side, d: u32| {
                let mut parts = Vec::new();
                if s.mcts.is_none() && !(s.bf.is_some() && s.nodes.is_some() && s.depth.is_none()) {
                    parts.push(if s.bf.is_some() {
                        format!("principal variation {d}")
                    } else {
                        format!("depth {d}")
                    });
                }
                if let Some(n) = s.nodes {
                    parts.push(format!("{n} nodes a move"));
                }
                if let Some(t) = s.time {
                    parts.push(format!("deadline {} ms a move", t.as_millis()));
                }
                parts.join(", ")
            };
            println!(
                "first      {} ({})",
                self.sides[0].spec,
                limit(&self.sides[0], depths[0])
            );
            println!(
                "second     {} ({})",
                self.sides[1].spec,
                limit(&self.sides[1], depths[1])
            );
            println!(
                "games      {} (seed {}, {} random plies per pair)",
                records.len(),
                a.seed,
                a.random_plies
            );
            println!(
                "result     first {w} wins, {d} draws, {l} losses (score {:.1}%)",
                score * 100.0
            );
            println!(
                "nodes      first {} ({:.1} s), second {} ({:.1} s)",
                thousands(nodes[0]),
                time[0].as_secs_f64(),
                thousands(nodes[1]),
                time[1].as_secs_f64()
            );
            for (i, r) in records.iter().enumerate() {
                let res = match r.outcome {
                    Outcome::FirstMoverWins => "1-0",
                    Outcome::Draw => "1/2-1/2",
                    Outcome::SecondMoverWins => "0-1",
                };
                println!(
                    "game {:>3}  {} moves first: {res} ({}, {} plies)",
                    i + 1,
                    if r.first_mover == 0 {
                        "first "
                    } else {
                        "second"
                    },
                    r.reason,
                    r.opening.len() + r.moves.len()
                );
            }
        }
        Ok(())
    }
}

/// The seeded random opening of game pair `pair`: the position, the moves and the hashes of
/// the positions before it.
fn opening<G: Game>(root: &G, seed: u64, pair: u64, plies: u32) -> (G, Vec<String>, Vec<u64>) {
    let mut pos = root.clone();
    let mut names = Vec::new();
    let mut hist = Vec::new();
    let mut buf = Vec::new();
    for ply in 0..plies {
        if pos.is_terminal() {
            break;
        }
        pos.moves(&mut buf);
        // Never play into a position without moves: keep the game alive.
        let live: Vec<G::Move> = buf
            .iter()
            .copied()
            .filter(|&m| {
                let c = pos.play(m);
                let mut b = Vec::new();
                c.moves(&mut b);
                !c.is_terminal() && !b.is_empty()
            })
            .collect();
        if live.is_empty() {
            break;
        }
        let h = hash2(hash2(seed, pair), ply as u64);
        let m = live[uniform_in(h, 0, live.len() as i64) as usize];
        names.push(pos.move_name(m));
        if let Some(k) = pos.hash() {
            hist.push(k);
        }
        pos = pos.play(m);
    }
    (pos, names, hist)
}

#[allow(clippy::too_many_arguments)]
fn play_game<G: Game>(
    mut pos: G,
    opening: Vec<String>,
    mut hist: Vec<u64>,
    first_mover: usize,
    sides: &[Side; 2],
    depths: [u32; 2],
    tts: &[TranspositionTable; 2],
    max_plies: u32,
    nodes: &mut [u64; 2],
    time: &mut [Duration; 2],
) -> GameRecord {
    // Best-first sides keep their tree between moves (§3.2.5).
    let mut bfs: [Option<Searcher<G>>; 2] = [0, 1].map(|i| {
        let side = &sides[i];
        side.bf.as_ref().map(|b| {
            let mut o = b.opts.clone();
            o.pv_depth = if side.nodes.is_some() && side.depth.is_none() {
                None
            } else {
                Some(depths[i])
            };
            o.stop_at_terminal_pv = true;
            Searcher::new(pos.clone(), o)
        })
    });
    // MCTS sides keep theirs too.
    let mut mctss: [Option<MctsSearcher<G>>; 2] = [0, 1].map(|i| {
        sides[i]
            .mcts
            .as_ref()
            .map(|o| MctsSearcher::new(pos.clone(), o.clone()))
    });
    let mut counts: HashMap<u64, u32> = HashMap::new();
    for &h in &hist {
        *counts.entry(h).or_default() += 1;
    }
    let mut moves = Vec::new();
    let mut buf = Vec::new();
    let mut ply = opening.len() as u32;
    // `mover` is 0 when the side that moved first in this game is to move.
    let mut mover = 0usize;
    let (outcome_for_mover, reason) = loop {
        if let Some(h) = pos.hash() {
            let c = counts.entry(h).or_default();
            *c += 1;
            if *c >= 3 {
                break (None, "threefold repetition");
            }
        }
        pos.moves(&mut buf);
        if pos.is_terminal() || buf.is_empty() {
            let v = pos.evaluate();
            break (Some(v), "game over");
        }
        if ply >= max_plies {
            break (None, "move limit");
        }
        let who = if mover == 0 {
            first_mover
        } else {
            1 - first_mover
        };
        let side = &sides[who];
        let mut limits = Limits::depth(depths[who]);
        if let Some(t) = side.time {
            limits = limits.with_time(t);
        }
        limits.nodes = side.nodes;
        let opts = SearchOptions {
            hints: true,
            killers: true,
            history: true,
            quiescence: side.quiescence,
            check_extension: side.check_extension,
            null_move: side.null_move,
            repetition: true,
            game_history: hist.clone(),
            tt_mib: TT_MIB,
            ..SearchOptions::default()
        };
        let start = Instant::now();
        let best = if let Some(s) = &mut mctss[who] {
            limits.depth = None;
            let out = s.run(&limits);
            nodes[who] += out.stats.leaves;
            out.best_move
        } else if let Some(s) = &mut bfs[who] {
            limits.depth = None; // the principal-variation depth is in the searcher's options
            let out = s.run(&limits);
            nodes[who] += out.generated();
            out.best_move
        } else {
            let out = match side.smp {
                Some((algo, threads)) => smp::search(
                    &algo,
                    &pos,
                    &limits,
                    &opts,
                    threads,
                    Some(&tts[who]),
                    &mut |_| {},
                )
                .expect("threads checked when parsed"),
                None => side
                    .algo
                    .search_with(&pos, &limits, &opts, Some(&tts[who]), &mut |_| {}),
            };
            nodes[who] += out.stats.nodes() + out.stats.qnodes;
            out.best_move
        };
        time[who] += start.elapsed();
        let mv = best.filter(|m| buf.contains(m)).unwrap_or(buf[0]);
        moves.push(pos.move_name(mv));
        if let Some(h) = pos.hash() {
            hist.push(h);
        }
        for s in bfs.iter_mut().flatten() {
            s.play(mv);
        }
        for s in mctss.iter_mut().flatten() {
            s.advance(mv);
        }
        pos = pos.play(mv);
        ply += 1;
        mover = 1 - mover;
    };
    // Value from the side to move at the end; turn it into the first mover's outcome.
    let outcome = match outcome_for_mover {
        None => Outcome::Draw,
        Some(v) => {
            let sign = v.0.signum();
            let for_first_mover = if mover == 0 { sign } else { -sign };
            match for_first_mover {
                1 => Outcome::FirstMoverWins,
                -1 => Outcome::SecondMoverWins,
                _ => Outcome::Draw,
            }
        }
    };
    GameRecord {
        first_mover,
        opening,
        moves,
        outcome,
        reason,
    }
}
