//! Game specs: `NAME[:key=value,...]`, as on the command line.
//!
//! ```text
//! iid:n=3,d=5,seed=1[,range=R]
//! incremental:b=10,d=10,seed=1[,branching=uniform|random][,lo=-1000,hi=999]
//! ordered:n=4,d=6,order=best|worst|random[,seed=S]
//! tictactoe[:moves=159]        connect4[:moves=4453]
//! ```
//!
//! [`with_game`] parses a spec and hands the game to a [`GameVisitor`], whose `visit` is generic
//! over the game type: callers write their code once, monomorphised per game.
use crate::{
    Branching, Connect4, EdgeValues, IidParams, IidTree, IncrementalParams, IncrementalTree, Order,
    OrderedParams, OrderedTree, TicTacToe,
};
use arachne_core::Game;
use std::collections::BTreeMap;

/// A malformed or unsupported game spec. The message is one line, fit for a user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SpecError(pub String);

fn err<T>(msg: impl Into<String>) -> Result<T, SpecError> {
    Err(SpecError(msg.into()))
}

/// What the caller learns about a game besides the position itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The game's name (`iid`, `chess`, …).
    pub name: &'static str,
    /// The spec as given.
    pub spec: String,
    /// For synthetic trees: the tree's depth below the given position (searching deeper is
    /// an error); `None` for real games.
    pub max_depth: Option<u32>,
    /// The depth searched when none is given: a synthetic tree's full depth, or a documented
    /// per-game default.
    pub default_depth: u32,
}

/// What one unit of a game's values means, for reports: [`GameInfo::units`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Units {
    /// Chess: centipawns, and mates counted in moves.
    Centipawns,
    /// A synthetic tree's real values in fixed point: the real value is the integer divided by
    /// `2^shift` (an incremental tree's edges uniform in [-1, 1]: 2^20; an i.i.d. tree's
    /// continuous bottom values uniform in [-1, 1): 2^29).
    FixedPoint {
        /// The scale's exponent.
        shift: u32,
    },
    /// Plain integers: the game's own scale (disc or piece margins, integer tree values).
    Plain,
}

impl Units {
    /// The real value of `raw` for a fixed-point scale (`None` otherwise).
    pub fn real(self, raw: i32) -> Option<f64> {
        match self {
            Units::FixedPoint { shift } => Some(raw as f64 / (1u64 << shift) as f64),
            _ => None,
        }
    }
}

impl GameInfo {
    /// What one unit of this game's values means: centipawns for chess, fixed point for the
    /// i.i.d. tree with continuous values and the incremental tree with real edges, plain
    /// integers otherwise (the trees with `range=` or `lo=`/`hi=`, the other games).
    pub fn units(&self) -> Units {
        let has = |key: &str| {
            arachne_core::parse::Spec::parse(&self.spec, "game spec")
                .map(|s| s.pairs.iter().any(|(k, _)| k == key))
                .unwrap_or(false)
        };
        match self.name {
            "chess" => Units::Centipawns,
            "iid" if !has("range") => Units::FixedPoint {
                shift: crate::iid::CONTINUOUS_SHIFT,
            },
            "incremental" if !has("lo") => Units::FixedPoint {
                shift: crate::incremental::REAL_SCALE.trailing_zeros(),
            },
            _ => Units::Plain,
        }
    }

    /// How `arachne perft` counts positions `depth` plies ahead in this game: Othello by
    /// the published convention (a game over before the full depth counts as one leaf,
    /// [`crate::othello::perft_published`]) unless `strict`; every other game, and Othello
    /// with `strict`, by [`arachne_core::perft`] (a game over counts as nothing).
    pub fn perft_counter<G: Game>(&self, strict: bool) -> fn(&G, u32) -> u64 {
        if self.name == "othello" && !strict {
            crate::othello::perft_published
        } else {
            arachne_core::perft
        }
    }
}

/// Code that runs on any game. See [`with_game`].
pub trait GameVisitor {
    /// What `visit` returns.
    type Output;
    /// Called with the parsed root position.
    fn visit<G: Game>(self, root: G, info: GameInfo) -> Self::Output;
}

/// One line per game, for `arachne games`.
pub const CATALOGUE: &[(&str, &str)] = &[
    (
        "iid",
        "iid:n=N,d=D,seed=S[,range=R] — Fuller's model: uniform branching N, depth D, i.i.d. bottom values (continuous, or R equally likely values)",
    ),
    (
        "incremental",
        "incremental:b=B,d=D,seed=S[,branching=uniform|random][,lo=L,hi=H] — Korf–Chickering incremental random tree; edge values uniform in [-1,1] (fixed point 2^-20) or integers in [L,H)",
    ),
    (
        "ordered",
        "ordered:n=N,d=D,order=best|worst|random[,seed=S] — exact move ordering: best-first (minimal tree), worst-first (no cutoffs), or random",
    ),
    ("tictactoe", "tictactoe[:moves=159] — tic-tac-toe, squares 1-9 in reading order"),
    ("connect4", "connect4[:moves=4453] — connect four 7x6, columns 1-7"),
    (
        "checkers",
        "checkers[:bench=N|:pos=FEN] — English checkers (American rules), PDN FEN e.g. `B:W21-32:B1-12`, moves `11-15`/`22x15x8`; the FEN runs to the end of the spec; bench position N (1..=10) of Chinook–Tinsley 1992 game 8 (`checkers::bench_positions`); default depth 8",
    ),
    (
        "othello",
        "othello[:moves=f5d6…][,pos=BOARD SIDE] — Othello, 64 squares a1..h8 (X, O, -) then X or O to move; moves a1..h8, pass; pos runs to the end of the spec; default depth 6",
    ),
    (
        "chess",
        "chess[:eval=full|pst|material|mobility][,bench=SET:N][,fen=FEN] — chess (cozy-chess); evaluation full (the default, the strongest: pst + king safety, threats, mobility), pst (tapered piece-square tables, bishop pair, pawn structure, rooks on open files), material (Tech, Fuller–Gaschnig–Gillogly 1973: P100 N330 B330 R500 Q900) or mobility (material + mobility); bench position N (1-based) of lct2, wac, nunn or sf21; the FEN runs to the end of the spec; default depth 5",
    ),
];

/// A parsed `NAME:k=v,...` with typed getters that report clear errors.
#[derive(Debug)]
pub struct SpecArgs {
    name: String,
    args: BTreeMap<String, String>,
}

impl SpecArgs {
    /// Splits `NAME[:k=v,...]`.
    pub fn parse(spec: &str) -> Result<Self, SpecError> {
        let spec = spec.trim();
        let parsed = arachne_core::parse::Spec::parse(spec, "game spec").map_err(SpecError)?;
        let name = parsed.name.as_str();
        if name.is_empty() {
            return err("empty game spec (try `arachne games`)");
        }
        let args: BTreeMap<String, String> = parsed.pairs.iter().cloned().collect();
        Ok(SpecArgs {
            name: name.to_ascii_lowercase(),
            args,
        })
    }
    /// The game name, lower-cased.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Removes and returns the raw value of `key`.
    pub fn take(&mut self, key: &str) -> Option<String> {
        self.args.remove(key)
    }
    /// Removes `key` and parses it as an integer in `[min, max]`; `default` when absent
    /// (`None` default = required).
    pub fn int(
        &mut self,
        key: &str,
        default: Option<i64>,
        min: i64,
        max: i64,
    ) -> Result<i64, SpecError> {
        let name = self.name.clone();
        match self.take(key) {
            None => match default {
                Some(d) => Ok(d),
                None => err(format!("{name}: missing `{key}=`")),
            },
            Some(v) => match arachne_core::parse::int::<i64>(&v) {
                Ok(x) if (min..=max).contains(&x) => Ok(x),
                Ok(x) => err(format!("{name}: {key}={x} is out of range ({min}..={max})")),
                Err(e) if e.contains("out of range") => err(format!(
                    "{name}: {key}=`{}` is out of range ({min}..={max})",
                    arachne_core::parse::clip(&v, 40)
                )),
                Err(e) => err(format!("{name}: {key}={e}")),
            },
        }
    }
    /// Removes `key` and parses it as one of `choices`; `default` when absent.
    pub fn choice(
        &mut self,
        key: &str,
        default: &str,
        choices: &[&str],
    ) -> Result<String, SpecError> {
        let name = self.name.clone();
        let v = self.take(key).unwrap_or_else(|| default.to_string());
        if choices.contains(&v.as_str()) {
            Ok(v)
        } else {
            err(format!(
                "{name}: {key}=`{}` must be one of {}",
                arachne_core::parse::clip(&v, 40),
                choices.join(", ")
            ))
        }
    }
    /// Fails if any key was not consumed.
    pub fn finish(self) -> Result<(), SpecError> {
        if let Some(k) = self.args.keys().next() {
            return err(format!(
                "{}: unknown key `{}`",
                self.name,
                arachne_core::parse::clip(k, 40)
            ));
        }
        Ok(())
    }
}

/// Largest branching factor of synthetic trees.
pub const MAX_BRANCHING: i64 = 1 << 16;
/// Largest depth of synthetic trees.
pub const MAX_DEPTH: i64 = 1000;

/// Splits `NAME:...,fen=FEN` into the spec before `fen=` and the FEN (which runs to the end).
fn split_fen(spec: &str) -> (&str, Option<&str>) {
    let b = spec.as_bytes();
    let mut from = 0;
    while let Some(i) = spec[from..].find("fen=").map(|i| i + from) {
        if i > 0 && matches!(b[i - 1], b':' | b',') {
            return (&spec[..i - 1], Some(&spec[i + 4..]));
        }
        from = i + 4;
    }
    (spec, None)
}

/// Splits `NAME:...,pos=POS` into the spec before `pos=` and the position (to the end).
fn split_pos(spec: &str) -> (&str, Option<&str>) {
    let mut from = 0;
    while let Some(i) = spec[from..].find("pos=").map(|i| i + from) {
        if i > 0 && matches!(spec.as_bytes()[i - 1], b':' | b',') {
            return (&spec[..i - 1], Some(&spec[i + 4..]));
        }
        from = i + 4;
    }
    (spec, None)
}

/// Parses `spec` and calls `visitor.visit(root, info)`.
pub fn with_game<V: GameVisitor>(spec: &str, visitor: V) -> Result<V::Output, SpecError> {
    // A FEN contains spaces, '/' and possibly ',': `fen=` takes the rest of the spec.
    let (head, fen) = split_fen(spec);
    // A checkers FEN contains ',' and ':', an Othello board a space: `pos=` takes the rest too.
    let (head, pos) = split_pos(head);
    let mut a = SpecArgs::parse(head)?;
    if pos.is_some() && !matches!(a.name(), "checkers" | "othello") {
        return err(format!(
            "{}: `pos=` is only for checkers and othello",
            a.name()
        ));
    }
    if fen.is_some() && a.name() != "chess" {
        return err(format!("{}: `fen=` is only for chess", a.name()));
    }
    let info = |name: &'static str, max_depth: Option<u32>, default_depth: u32| GameInfo {
        name,
        spec: spec.to_string(),
        max_depth,
        default_depth,
    };
    match a.name() {
        "iid" => {
            let n = a.int("n", None, 1, MAX_BRANCHING)? as u32;
            let d = a.int("d", None, 1, MAX_DEPTH)? as u32;
            let seed = a.int("seed", Some(1), 0, i64::MAX)? as u64;
            let range = match a.take("range") {
                None => None,
                Some(r) => match arachne_core::parse::int::<u32>(&r) {
                    Ok(r) if r >= 1 => Some(r),
                    Ok(_) => return err("iid: range=0 must be at least 1"),
                    Err(e) => return err(format!("iid: range={e}")),
                },
            };
            a.finish()?;
            let root = IidTree::new(IidParams { n, d, seed, range });
            Ok(visitor.visit(root, info("iid", Some(d), d)))
        }
        "incremental" => {
            let b = a.int("b", None, 1, MAX_BRANCHING)? as u32;
            let d = a.int("d", None, 1, MAX_DEPTH)? as u32;
            let seed = a.int("seed", Some(1), 0, i64::MAX)? as u64;
            let branching = match a
                .choice("branching", "uniform", &["uniform", "random"])?
                .as_str()
            {
                "random" => Branching::Random,
                _ => Branching::Uniform,
            };
            let lo = a.take("lo");
            let hi = a.take("hi");
            let values = match (lo, hi) {
                (None, None) => EdgeValues::Real,
                (Some(lo), Some(hi)) => {
                    let lo = arachne_core::parse::int::<i32>(&lo)
                        .map_err(|e| SpecError(format!("incremental: lo={e}")))?;
                    let hi = arachne_core::parse::int::<i32>(&hi)
                        .map_err(|e| SpecError(format!("incremental: hi={e}")))?;
                    if lo >= hi {
                        return err(format!("incremental: need lo < hi, got lo={lo}, hi={hi}"));
                    }
                    let worst = (lo.unsigned_abs().max(hi.unsigned_abs()) as u64) * d as u64;
                    if worst > arachne_core::Score::MAX_EVAL as u64 {
                        return err(format!(
                            "incremental: path sums up to {worst} exceed the largest static value {}",
                            arachne_core::Score::MAX_EVAL
                        ));
                    }
                    EdgeValues::Int { lo, hi }
                }
                _ => return err("incremental: give both lo and hi, or neither"),
            };
            a.finish()?;
            let root = IncrementalTree::new(IncrementalParams {
                b,
                d,
                seed,
                branching,
                values,
            });
            Ok(visitor.visit(root, info("incremental", Some(d), d)))
        }
        "ordered" => {
            let n = a.int("n", None, 1, MAX_BRANCHING)? as u32;
            let d = a.int("d", None, 1, 64)? as u32;
            let order = match a
                .choice("order", "best", &["best", "worst", "random"])?
                .as_str()
            {
                "worst" => Order::Worst,
                "random" => Order::Random,
                _ => Order::Best,
            };
            let seed = a.int("seed", Some(1), 0, i64::MAX)? as u64;
            a.finish()?;
            let Some(root) = OrderedTree::new(OrderedParams { n, d, order, seed }) else {
                return err(format!(
                    "ordered: n^d = {n}^{d} exceeds {} bottom positions (values must fit in 32 bits)",
                    OrderedTree::MAX_LEAVES
                ));
            };
            Ok(visitor.visit(root, info("ordered", Some(d), d)))
        }
        "tictactoe" | "ttt" => {
            let moves = a.take("moves").unwrap_or_default();
            a.finish()?;
            let Some(root) = TicTacToe::from_moves(&moves) else {
                return err(format!(
                    "tictactoe: illegal move sequence `{}`",
                    arachne_core::parse::clip(&moves, 60)
                ));
            };
            let left = 9 - moves.len() as u32;
            Ok(visitor.visit(root, info("tictactoe", None, left)))
        }
        "chess" => {
            let eval: crate::chess::Eval = a
                .choice(
                    "eval",
                    crate::chess::Eval::default().name(),
                    &crate::chess::Eval::NAMES,
                )?
                .parse()
                .map_err(SpecError)?;
            let bench = a.take("bench");
            a.finish()?;
            let root = match (fen, bench) {
                (Some(_), Some(_)) => return err("chess: give fen= or bench=, not both"),
                (None, Some(b)) => crate::chess::bench::position(&b).map_err(SpecError)?,
                (None, None) => crate::Chess::startpos(),
                (Some(f), None) => {
                    crate::Chess::from_fen(f).map_err(|e| SpecError(format!("chess: {e}")))?
                }
            };
            let info = info("chess", None, crate::chess::DEFAULT_DEPTH);
            Ok(visitor.visit(root.with_eval(eval), info))
        }
        "checkers" | "draughts" => {
            let bench = a.take("bench");
            a.finish()?;
            let root = match (pos, bench) {
                (Some(_), Some(_)) => return err("checkers: give pos= or bench=, not both"),
                (None, None) => crate::Checkers::start(),
                (None, Some(b)) => {
                    let set = crate::checkers::bench_positions();
                    let n = b
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=set.len()).contains(n))
                        .ok_or_else(|| {
                            SpecError(format!(
                                "checkers: bench=`{b}` must be a position number, 1..={}",
                                set.len()
                            ))
                        })?;
                    set[n - 1]
                }
                (Some(f), None) => {
                    crate::Checkers::from_fen(f).map_err(|e| SpecError(e.to_string()))?
                }
            };
            let info = info("checkers", None, crate::checkers::DEFAULT_DEPTH);
            Ok(visitor.visit(root, info))
        }
        "othello" | "reversi" => {
            let moves = a.take("moves");
            a.finish()?;
            let mut root = match pos {
                None => crate::Othello::start(),
                Some(p) => crate::Othello::from_board(p).map_err(|e| SpecError(e.to_string()))?,
            };
            if let Some(m) = moves {
                root = root.play_line(&m).map_err(|e| SpecError(e.to_string()))?;
            }
            let info = info("othello", None, crate::othello::DEFAULT_DEPTH);
            Ok(visitor.visit(root, info))
        }
        "connect4" | "c4" => {
            let moves = a.take("moves").unwrap_or_default();
            a.finish()?;
            let Some(root) = Connect4::from_moves(&moves) else {
                return err(format!(
                    "connect4: illegal move sequence `{}`",
                    arachne_core::parse::clip(&moves, 60)
                ));
            };
            let left = 42 - root.plies();
            Ok(visitor.visit(root, info("connect4", None, 10.min(left))))
        }
        other => err(format!(
            "unknown game `{}` (known: {})",
            arachne_core::parse::clip(other, 40),
            CATALOGUE
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Perft(u32);
    impl GameVisitor for Perft {
        type Output = u64;
        fn visit<G: Game>(self, root: G, _: GameInfo) -> u64 {
            arachne_core::perft(&root, self.0)
        }
    }

    #[test]
    fn perft_counts_early_game_ends_as_leaves_for_othello_only() {
        // Tic-tac-toe: 255 168 games, 127 872 of which last all 9 plies. Counted as Othello's
        // published convention, every finished game is one leaf at depth 9.
        let t = crate::TicTacToe::new();
        let mut info = GameInfo {
            name: "tictactoe",
            spec: "tictactoe".into(),
            max_depth: None,
            default_depth: 9,
        };
        assert_eq!(
            info.perft_counter::<crate::TicTacToe>(false)(&t, 9),
            127_872
        );
        info.name = "othello";
        assert_eq!(
            info.perft_counter::<crate::TicTacToe>(false)(&t, 9),
            255_168
        );
        assert_eq!(info.perft_counter::<crate::TicTacToe>(true)(&t, 9), 127_872);
    }

    #[test]
    fn parses_and_dispatches() {
        assert_eq!(with_game("iid:n=3,d=2,seed=4", Perft(2)).unwrap(), 9);
        assert_eq!(
            with_game("ordered:n=2,d=3,order=worst", Perft(3)).unwrap(),
            8
        );
        assert_eq!(
            with_game("incremental:b=3,d=2,lo=-5,hi=5", Perft(2)).unwrap(),
            9
        );
        assert_eq!(with_game("connect4", Perft(2)).unwrap(), 49);
        assert_eq!(with_game("tictactoe:moves=5", Perft(1)).unwrap(), 8);
        // `checkers:bench=N` is bench position N.
        for (n, pos) in crate::checkers::bench_positions().iter().enumerate() {
            assert_eq!(
                with_game(&format!("checkers:bench={}", n + 1), Perft(2)).unwrap(),
                arachne_core::perft(pos, 2)
            );
        }
    }

    #[test]
    fn bad_specs_are_clear_errors() {
        for bad in [
            "",
            "nope",
            "iid:n=0,d=3",
            "iid:n=3",
            "iid:n=3,d=x",
            "iid:n=3,d=3,foo=1",
            "iid:n=3,d=3,n=2",
            "iid:n=3;d=3",
            "incremental:b=3,d=3,lo=5,hi=1",
            "incremental:b=3,d=3,lo=5",
            "incremental:b=3,d=3,branching=weird",
            "ordered:n=10,d=10",
            "connect4:moves=1111111",
            "tictactoe:moves=11",
            "checkers:bench=0",
            "checkers:bench=11",
            "checkers:bench=x",
            "checkers:bench=1,pos=B:W21-32:B1-12",
            "iid:n=3,d=3,range=4294967296",
            "iid:n=3,d=3,seed=18446744073709551616",
            "incremental:b=3,d=3,lo=-1000000000000,hi=5",
        ] {
            let e = with_game(bad, Perft(1)).unwrap_err();
            assert!(!e.0.contains('\n') && !e.0.is_empty(), "{bad}: {e}");
            if bad.contains("0000") {
                assert!(e.0.contains("out of range"), "{bad}: {e}");
            }
        }
        // Long input is not echoed whole.
        let long = format!("connect4:moves={}", "1".repeat(100_000));
        let e = with_game(&long, Perft(1)).unwrap_err();
        assert!(e.0.len() < 300, "{}", e.0.len());
    }
}
