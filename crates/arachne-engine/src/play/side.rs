//! `arachne play`'s matches: two sides parsed from `NAME[:key=value,...]` with per-side
//! budgets (see the module docs of `arachne_cli::cmd::play`), paired games from seeded random
//! openings with colours swapped, each played by [`super::play_game`] with draws by threefold
//! repetition and at the move limit. Each side is a [`SearchRequest`] with
//! [`SearchRequest::playing`] set, its searcher built once a match by [`arachne::builtin::build_playing`],
//! told of every move ([`Searcher::observe`]) and of each new game.
use super::uci_side::{self, EngineSide};
use super::{play_game, Players, Rules};
use arachne::registry::{family, names, Family};
use arachne::{Detail, SearchRequest, Searcher};
use arachne_core::parse::Spec;
use arachne_core::rng::{hash2, uniform_in};
use arachne_core::{Game, Limits};
use arachne_games::{with_game, GameInfo, GameVisitor};
use std::time::{Duration, Instant};

/// One side: its algorithm, as a request, and its per-side budgets.
#[derive(Clone, Debug)]
pub struct Side {
    /// The side as given.
    pub spec: String,
    /// Its algorithm's family.
    pub family: Family,
    /// What its searcher is built from: the algorithm with its own options, the per-side
    /// `threads=`, `quiescence=`, `check=` and `null=`, move ordering, and
    /// [`SearchRequest::playing`] (repetitions, and the table or tree kept between moves).
    pub req: SearchRequest,
    /// Per-side `depth=`.
    pub depth: Option<u32>,
    /// Per-side `time=`: a deadline per move.
    pub time: Option<Duration>,
    /// Node budget per move.
    pub nodes: Option<u64>,
    /// A UCI engine playing this side (`uci:engine=PATH,…`, [`super::uci_side`]); `req` is then
    /// unused.
    pub engine: Option<EngineSide>,
}

/// Parses a per-side switch: `on|true|1` or `off|false|0`, else a usage error naming it.
fn switch(spec: &str, key: &str, v: &str) -> Result<bool, String> {
    match v {
        "on" | "true" | "1" => Ok(true),
        "off" | "false" | "0" => Ok(false),
        _ => Err(format!("`{spec}`: {key}=`{v}` must be on or off")),
    }
}

impl Side {
    /// Parses a side, `NAME[:key=value,...]` with the per-side keys; the error is one line.
    /// The algorithm and its own options are checked when the searcher is built, on the game.
    pub fn parse(spec: &str) -> Result<Side, String> {
        let parsed = Spec::parse(spec, "player").map_err(|e| e.to_string())?;
        let name = parsed.name.as_str();
        // `q` is `quiescence`: both at once is a key given twice.
        let has = |k: &str| parsed.pairs.iter().any(|(key, _)| key == k);
        if name.eq_ignore_ascii_case(uci_side::NAME) {
            return Side::engine(spec, &parsed.pairs);
        }
        if has("q") && has("quiescence") {
            return Err(format!(
                "player `{name}`: key `quiescence` given twice (also as `q`)"
            ));
        }
        let fam = match family(name) {
            Some(Family::MessagePassing) | None => {
                return Err(play_algo_error(name, "unknown algorithm"))
            }
            Some(f) => f,
        };
        let mut rest = Vec::new();
        let mut req = SearchRequest::new("", "");
        // Both sides search with move ordering and, where the game has captures, quiescence.
        req.ordering = true;
        req.quiescence = true;
        req.playing = true;
        let mut side = Side::new(spec, fam, req);
        for (k, v) in &parsed.pairs {
            let (k, v) = (k.as_str(), v.as_str());
            if side.budget(k, v)? {
                continue;
            }
            match k {
                "threads" => match v.parse::<u32>() {
                    Ok(t) if (1..=arachne::MAX_THREADS).contains(&t) => side.req.threads = Some(t),
                    _ => {
                        return Err(format!(
                            "`{spec}`: threads=`{v}` must be an integer in 1..={}",
                            arachne::MAX_THREADS
                        ))
                    }
                },
                "quiescence" | "q" => side.req.quiescence = switch(spec, "quiescence", v)?,
                "check" => side.req.check_extension = switch(spec, "check", v)?,
                "null" => side.req.null_move = switch(spec, "null", v)?,
                _ => rest.push(format!("{k}={v}")),
            }
        }
        side.req.algo = if rest.is_empty() {
            name.to_string()
        } else {
            format!("{name}:{}", rest.join(","))
        };
        match fam {
            Family::Mcts | Family::BestFirst => {
                let (what, budgets) = if fam == Family::Mcts {
                    ("mcts", "budgets: nodes=, time=, iters=")
                } else {
                    ("bfm/rbfm", "they value leaves by the game's evaluation")
                };
                let keys: &[&str] = if fam == Family::Mcts {
                    &["depth", "quiescence", "q", "check", "null"]
                } else {
                    &["quiescence", "q", "check", "null"]
                };
                for k in keys {
                    if has(k) {
                        return Err(format!(
                            "`{spec}`: {k}= does not apply to {what} ({budgets})"
                        ));
                    }
                }
                if fam == Family::BestFirst && side.req.threads.is_some() {
                    return Err(format!(
                        "`{spec}`: threads= is not supported for bfm/rbfm in play (the serial form keeps its tree between moves)"
                    ));
                }
                // The alpha-beta options do not apply.
                side.req.ordering = false;
                side.req.quiescence = false;
            }
            Family::Serial if side.req.threads.is_some() => {
                return Err(format!(
                    "`{spec}`: threads= is for the shared-memory algorithms (ybwc, jamboree, lazy-smp, abdada)"
                ));
            }
            _ => {}
        }
        Ok(side)
    }

    /// A side of `family` searching with `req`, without budgets of its own.
    fn new(spec: &str, family: Family, req: SearchRequest) -> Side {
        Side {
            spec: spec.to_string(),
            family,
            req,
            depth: None,
            time: None,
            nodes: None,
            engine: None,
        }
    }

    /// A UCI engine's side (`uci:…`): its budgets, and its program and options.
    fn engine(spec: &str, pairs: &[(String, String)]) -> Result<Side, String> {
        let mut side = Side::new(spec, Family::Serial, SearchRequest::new("", uci_side::NAME));
        let mut rest = Vec::new();
        for (k, v) in pairs {
            if !side.budget(k, v)? {
                rest.push((k.clone(), v.clone()));
            }
        }
        side.engine = Some(EngineSide::parse(spec, &rest)?);
        Ok(side)
    }

    /// Reads the per-side budget `k=v` (`depth=`, `time=`, `nodes=`): true if `k` is one.
    fn budget(&mut self, k: &str, v: &str) -> Result<bool, String> {
        let spec = &self.spec;
        match k {
            "depth" => match v.parse::<u32>() {
                Ok(d) if (1..=200).contains(&d) => self.depth = Some(d),
                _ => {
                    return Err(format!(
                        "`{spec}`: depth=`{v}` must be an integer in 1..=200"
                    ))
                }
            },
            "time" => match v.parse::<u64>() {
                Ok(ms) if ms >= 1 => self.time = Some(Duration::from_millis(ms)),
                _ => {
                    return Err(format!(
                        "`{spec}`: time=`{v}` must be a positive number of milliseconds"
                    ))
                }
            },
            "nodes" => match v.parse::<u64>() {
                Ok(n) if n >= 1 => self.nodes = Some(n),
                _ => return Err(format!("`{spec}`: nodes=`{v}` must be a positive integer")),
            },
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The limits of one move at `depth` (the side's, or the match's): the principal
    /// variation's depth for a best-first side (none when it has a node budget and no depth of
    /// its own), no depth for Monte Carlo tree search; the side's node budget and deadline.
    fn limits(&self, depth: u32) -> Limits {
        let depth = match self.family {
            Family::Mcts => None,
            Family::BestFirst if self.nodes.is_some() && self.depth.is_none() => None,
            _ => Some(depth),
        };
        let mut limits = Limits {
            depth,
            nodes: self.nodes,
            ..Limits::default()
        };
        if let Some(t) = self.time {
            limits = limits.with_time(t);
        }
        limits
    }
}

/// The unknown-algorithm message of `play`: every algorithm `play` takes (serial,
/// shared-memory, best-first), and a word on the message-passing ones, which it does not.
fn play_algo_error(name: &str, msg: &str) -> String {
    if !msg.starts_with("unknown algorithm") {
        return msg.to_string();
    }
    let takes = format!(
        "play takes serial ({}), shared-memory ({}, with threads=T), best-first (bfm, rbfm) and mcts algorithms, and a UCI chess engine (uci:engine=PATH)",
        names(Family::Serial),
        names(Family::SharedMemory)
    );
    let lower = name.trim().to_ascii_lowercase();
    if family(&lower) == Some(Family::MessagePassing) {
        format!("`{lower}` is a message-passing algorithm, which play does not run; {takes}")
    } else {
        format!(
            "unknown algorithm `{}`; {takes}",
            arachne_core::parse::clip(&lower, 40)
        )
    }
}

/// The settings of a match beside its two sides.
#[derive(Clone, Copy, Debug)]
pub struct MatchSettings {
    /// Games (pairs share an opening and swap colours), 1..=100000.
    pub games: u32,
    /// Search depth of both sides unless a side gives its own.
    pub depth: Option<u32>,
    /// Seed of the random openings.
    pub seed: u64,
    /// Random plies at the start of each game pair.
    pub random_plies: u32,
    /// A game still running after this many plies is a draw.
    pub max_plies: u32,
}

/// Outcome of one game, from the side that moved first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side that moved first won.
    FirstMoverWins,
    /// A draw.
    Draw,
    /// The side that moved second won.
    SecondMoverWins,
}

impl Outcome {
    /// The result for the side of index `side` (0: `--first`) when `first_mover` moved first:
    /// `"won"`, `"drew"` or `"lost"`.
    pub fn for_side(self, side: usize, first_mover: usize) -> &'static str {
        match (self, side == first_mover) {
            (Outcome::Draw, _) => "drew",
            (Outcome::FirstMoverWins, true) | (Outcome::SecondMoverWins, false) => "won",
            _ => "lost",
        }
    }

    /// The result as a chess result string, from the side that moved first: `1-0`, `1/2-1/2`
    /// or `0-1`.
    pub fn result(self) -> &'static str {
        match self {
            Outcome::FirstMoverWins => "1-0",
            Outcome::Draw => "1/2-1/2",
            Outcome::SecondMoverWins => "0-1",
        }
    }
}

/// One game of a match.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Index into the sides of the one that moved first.
    pub first_mover: usize,
    /// The random opening's moves.
    pub opening: Vec<String>,
    /// The moves after the opening.
    pub moves: Vec<String>,
    /// The result.
    pub outcome: Outcome,
    /// Why the game ended ([`super::End::reason`]).
    pub reason: &'static str,
}

/// A match played by [`match_play`].
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The game spec as given.
    pub spec: String,
    /// The two sides.
    pub sides: [Side; 2],
    /// Each side's search depth.
    pub depths: [u32; 2],
    /// Each side's nodes over the match.
    pub nodes: [u64; 2],
    /// Each side's time over the match.
    pub time: [Duration; 2],
    /// The games.
    pub records: Vec<GameRecord>,
}

impl MatchReport {
    /// Wins, draws and losses of the first side.
    pub fn score(&self) -> (u32, u32, u32) {
        let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
        for r in &self.records {
            match (r.outcome, r.first_mover) {
                (Outcome::Draw, _) => d += 1,
                (Outcome::FirstMoverWins, 0) | (Outcome::SecondMoverWins, 1) => w += 1,
                _ => l += 1,
            }
        }
        (w, d, l)
    }

    /// The first side's score and its 95 % confidence interval ([`score_interval`]).
    pub fn score_interval(&self) -> ScoreInterval {
        let (w, d, l) = self.score();
        score_interval(w, d, l)
    }
}

/// A match score with its 95 % confidence interval ([`score_interval`]: Wilson).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ScoreInterval {
    /// `(wins + draws / 2) / games`.
    pub score: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

/// The score `p = (w + d/2) / n` of `w` wins, `d` draws and `l` losses (`n` games) and its
/// 95 % Wilson score interval: the `q` in `[0, 1]` with `(p − q)² ≤ z²·q(1 − q)/n`, `z = 1.96`,
/// that is `(p + z²/2n ± z·√(p(1 − p)/n + z²/4n²)) / (1 + z²/n)`. Unlike the normal
/// approximation `p ± z·√(p(1 − p)/n)`, it stays inside `[0, 1]` and has a width at small `n`
/// even when every game has the same result (10 wins of 10: 72.2–100 %). A draw counts as
/// half a win; the binomial variance `q(1 − q)` is at least a game's variance with draws, so
/// with draws the interval is, if anything, too wide. The games are taken as independent;
/// `play`'s pairs share their opening with colours swapped, which makes a pair's two scores
/// negatively correlated when the opening favours one colour — again, if anything, too wide.
/// No games: score 0 and the interval `[0, 1]` (nothing is known).
pub fn score_interval(w: u32, d: u32, l: u32) -> ScoreInterval {
    let n = (w + d + l) as f64;
    if n == 0.0 {
        return ScoreInterval {
            score: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    const Z: f64 = 1.96;
    let p = (w as f64 + 0.5 * d as f64) / n;
    let z2n = Z * Z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = Z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
    ScoreInterval {
        score: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// Plays a match of `settings.games` games between `first` and `second` on the game `spec`;
/// the error is one line.
pub fn match_play(
    spec: &str,
    first: &str,
    second: &str,
    settings: &MatchSettings,
) -> Result<MatchReport, String> {
    let a = settings;
    if a.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if a.games > 100_000 {
        return Err("--games is at most 100000".into());
    }
    if a.max_plies == 0 {
        return Err("--max-plies must be at least 1".into());
    }
    if a.random_plies >= a.max_plies {
        return Err(format!(
            "--random-plies {} must be less than --max-plies {}: the games would be all random moves",
            a.random_plies, a.max_plies
        ));
    }
    if a.depth == Some(0) || a.depth.is_some_and(|d| d > 200) {
        return Err("--depth must be in 1..=200".into());
    }
    let first = Side::parse(first)?;
    let second = Side::parse(second)?;
    with_game(
        spec,
        Match {
            a,
            sides: [first, second],
        },
    )
    .map_err(|e| e.to_string())?
}

struct Match<'a> {
    a: &'a MatchSettings,
    sides: [Side; 2],
}

impl GameVisitor for Match<'_> {
    type Output = Result<MatchReport, String>;
    fn visit<G: Game>(self, root: G, info: GameInfo) -> Self::Output {
        let a = self.a;
        // Each side's searcher, built once for the match: its table (or tree) is kept between
        // its moves and cleared at each new game.
        let build = |s: &Side| {
            if let Some(engine) = &s.engine {
                return engine.start::<G>(&s.spec);
            }
            let mut req = s.req.clone();
            req.game = info.spec.clone();
            // A refusal names the library's flag: say which side it is about.
            arachne::builtin::build_playing::<G>(&req, &info).map_err(|e| match e {
                arachne::RunError::Refused { .. } => format!("`{}`: {e}", s.spec),
                e => e.to_string(),
            })
        };
        let mut searchers = [build(&self.sides[0])?, build(&self.sides[1])?];
        let depth_of = |s: &Side| -> Result<u32, String> {
            let d = s.depth.or(a.depth).unwrap_or(info.default_depth);
            match info.max_depth {
                Some(m) if d > m => Err(format!(
                    "depth {d} for `{}` exceeds the depth of the tree ({m})",
                    s.spec
                )),
                _ => Ok(d),
            }
        };
        let depths = [depth_of(&self.sides[0])?, depth_of(&self.sides[1])?];
        let mut nodes = [0u64; 2];
        let mut time = [Duration::ZERO; 2];
        let mut records = Vec::new();
        for g in 0..a.games {
            let pair = (g / 2) as u64;
            let first_mover = (g % 2) as usize;
            let (pos, opening, hist) = opening(&root, a.seed, pair, a.random_plies);
            for s in &mut searchers {
                s.new_game();
            }
            let mut players = Sides {
                first_mover,
                sides: &self.sides,
                depths,
                searchers: &mut searchers,
                nodes: [0; 2],
                time: [Duration::ZERO; 2],
                error: None,
            };
            let rules = Rules {
                max_plies: a.max_plies,
                repetition: true,
            };
            let played = play_game(&pos, hist, opening.len() as u32, rules, &mut players);
            if let Some(e) = players.error {
                return Err(e);
            }
            for (total, n) in nodes.iter_mut().zip(players.nodes) {
                *total += n;
            }
            for (total, t) in time.iter_mut().zip(players.time) {
                *total += t;
            }
            let mut at = pos;
            let mut moves = Vec::with_capacity(played.moves.len());
            for &mv in &played.moves {
                moves.push(at.move_name(mv));
                at = at.play(mv);
            }
            // The last position's value is for the side to move there; the first mover's
            // outcome from it.
            let outcome = match played.end {
                super::End::GameOver => {
                    let sign = played.last.evaluate().0.signum();
                    let mover = played.moves.len() % 2;
                    match if mover == 0 { sign } else { -sign } {
                        1 => Outcome::FirstMoverWins,
                        -1 => Outcome::SecondMoverWins,
                        _ => Outcome::Draw,
                    }
                }
                _ => Outcome::Draw,
            };
            records.push(GameRecord {
                first_mover,
                opening,
                moves,
                outcome,
                reason: played.end.reason(),
            });
        }
        Ok(MatchReport {
            spec: info.spec,
            sides: self.sides,
            depths,
            nodes,
            time,
            records,
        })
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

/// The two sides of one game of a match, each with its searcher: the best-first and Monte
/// Carlo searchers keep their trees between moves (§3.2.5), the alpha-beta ones their
/// transposition tables.
struct Sides<'a, G: Game> {
    first_mover: usize,
    sides: &'a [Side; 2],
    depths: [u32; 2],
    searchers: &'a mut [Box<dyn Searcher<G>>; 2],
    /// Nodes and time per side (indexed like `sides`).
    nodes: [u64; 2],
    time: [Duration; 2],
    /// The first search that failed; the game goes on with first legal moves, and the match
    /// ends with this error.
    error: Option<String>,
}

impl<G: Game> Players<G> for Sides<'_, G> {
    fn choose(
        &mut self,
        mover: usize,
        pos: &G,
        _ply: u32,
        history: &[u64],
    ) -> (Option<G::Move>, u64) {
        let who = if mover == 0 {
            self.first_mover
        } else {
            1 - self.first_mover
        };
        if self.error.is_some() {
            return (None, 0);
        }
        let side = &self.sides[who];
        let limits = side.limits(self.depths[who]);
        let searcher = &mut self.searchers[who];
        searcher.set_history(history);
        let start = Instant::now();
        let out = match searcher.search(pos, &limits) {
            Ok(out) => out,
            Err(e) => {
                self.error = Some(format!("`{}`: {e}", side.spec));
                return (None, 0);
            }
        };
        // The nodes a move cost: positions searched (quiescence included), a best-first
        // search's generated nodes, a Monte Carlo search's tree nodes generated.
        let n = match &out.detail {
            Detail::BestFirst(d) => d.run.generated(),
            Detail::Mcts(_) => out.stats.leaves,
            _ => out.stats.nodes() + out.stats.qnodes,
        };
        self.time[who] += start.elapsed();
        self.nodes[who] += n;
        (out.best_move, n)
    }

    fn observe(&mut self, mv: G::Move, _: &G) {
        for s in self.searchers.iter_mut() {
            s.observe(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_intervals_are_the_hand_computed_wilson_ones() {
        let close = |a: f64, b: f64| (a - b).abs() < 5e-7;
        // z = 1.96, z² = 3.8416. 10 wins of 10: p = 1, z²/n = 0.38416, centre
        // (1 + 0.19208)/1.38416 = 0.8612299, half-width 1.96·√(0.0096040)/1.38416
        // = 0.1387701: 0.7224598 to 1.
        let s = score_interval(10, 0, 0);
        assert_eq!(s.score, 1.0);
        assert!(close(s.low, 0.7224598) && close(s.high, 1.0), "{s:?}");
        // All losses mirror it. A single win: z²/n = 3.8416, centre 2.9208/4.8416 = 0.6032716,
        // half-width 1.96·√(0.9604)/4.8416 = 0.3967284: 20.7–100 %.
        let s = score_interval(0, 0, 10);
        assert!(close(s.low, 0.0) && close(s.high, 0.2775402), "{s:?}");
        let s = score_interval(1, 0, 0);
        assert!(close(s.low, 0.2065433) && close(s.high, 1.0), "{s:?}");
        // 9 wins, 1 loss: centre (0.9 + 0.19208)/1.38416 = 0.7889839, half-width
        // 1.96·√(0.009 + 0.009604)/1.38416 = 0.1931403: 0.5958436–0.9821243 (the normal
        // approximation gave 0.714–1, clipped).
        let s = score_interval(9, 0, 1);
        assert!(close(s.score, 0.9), "{s:?}");
        assert!(close(s.low, 0.5958436) && close(s.high, 0.9821243), "{s:?}");
        // Draws count half: 8 draws of 8 is p = 0.5, z²/n = 0.4802, centre 0.5, half-width
        // 1.96·√(0.25/8 + 0.4802/32)/1.4802 = 0.2847875.
        let s = score_interval(0, 8, 0);
        assert!(close(s.score, 0.5) && close(s.low, 0.2152125), "{s:?}");
        assert!(close(s.high, 0.7847875), "{s:?}");
        // A large match: 110 wins, 20 draws, 70 losses of 200, p = 0.6, z²/n = 0.019208,
        // centre 0.609604/1.019208 = 0.5981154, half-width
        // 1.96·√(0.0012 + 0.00002401)/1.019208 = 0.0672800.
        let s = score_interval(110, 20, 70);
        assert!(close(s.score, 0.6), "{s:?}");
        assert!(close(s.low, 0.5308354) && close(s.high, 0.6653954), "{s:?}");
        // Nothing known without games.
        let s = score_interval(0, 0, 0);
        assert_eq!((s.score, s.low, s.high), (0.0, 0.0, 1.0));
        // Symmetric in the two sides, and the score always inside.
        let (a, b) = (score_interval(70, 20, 110), score_interval(110, 20, 70));
        assert!(close(a.low, 1.0 - b.high) && close(a.high, 1.0 - b.low));
        for (w, d, l) in [(3, 1, 0), (0, 2, 5), (7, 7, 7), (1, 0, 99)] {
            let s = score_interval(w, d, l);
            assert!(s.low <= s.score && s.score <= s.high, "{w} {d} {l}: {s:?}");
            assert!(s.low > 0.0 || w + d == 0, "{w} {d} {l}: {s:?}");
        }
    }

    #[test]
    fn outcomes_read_from_either_side() {
        use Outcome::*;
        // The first side moved first and the first mover won: the first side won.
        assert_eq!(FirstMoverWins.for_side(0, 0), "won");
        assert_eq!(FirstMoverWins.for_side(1, 0), "lost");
        // The second side moved first and the second mover won: the first side won.
        assert_eq!(SecondMoverWins.for_side(0, 1), "won");
        assert_eq!(SecondMoverWins.for_side(1, 1), "lost");
        assert_eq!(SecondMoverWins.for_side(0, 0), "lost");
        assert_eq!(Draw.for_side(0, 1), "drew");
    }
}
