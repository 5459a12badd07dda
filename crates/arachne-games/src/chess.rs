//! Chess, on the [`cozy_chess`] move generator (legal moves, FEN, Zobrist keys).
//!
//! The evaluation is the "Technology" program's of seed 001 §6 (Fuller, Gaschnig and
//! Gillogly, after Gillogly 1972): **material only**, pawn 100, knight and bishop 330, rook
//! 500, queen 900, from the side to move. [`Eval::Mobility`] adds the optional mobility term
//! the seed mentions ("an optional evaluation term for mobility was programmed"): one point per
//! square a knight, bishop, rook or queen attacks that is not occupied by its own side, for
//! the side to move minus the opponent ([`MOBILITY_CP`]). [`Eval::Pst`] is a positional
//! evaluation for seed 002 §5 (RBFM on chess, where the paper used Crafty's evaluation):
//! piece-square tables tapered between middle game and endgame by material phase, bishop pair,
//! passed, doubled and isolated pawns, rooks on open files — values and their reasons in
//! [`pst`]. [`Eval::Full`] adds king safety, threats and mobility to it ([`full`]), the terms
//! that let a shallow search see an attack's compensation (seed 002 §5's RBFM evaluator).
//!
//! Which evaluation is in force: a game spec names it (`chess:eval=material`,
//! `chess:eval=mobility`, `chess:eval=pst`, `chess:eval=full`) and without `eval=` gets
//! [`Eval::default`], the strongest, [`Eval::Full`] — so `arachne search --game chess`,
//! `arachne play --game chess` and the UCI engine play their best unless told otherwise. The
//! constructors ([`Chess::startpos`], [`Chess::from_fen`], [`Chess::from_board`] and the bench
//! positions) give [`Eval::Material`], Tech's evaluation, which the Fuller–Gaschnig–Gillogly
//! experiments reproduce; [`Chess::with_eval`] chooses another.
//!
//! Tech "explores all chains of captures" from the bottom positions: that is the capture-only
//! quiescence search of `arachne-search` (`SearchOptions::quiescence`), which uses
//! [`Game::noisy_moves`] — captures and promotions, most valuable victim first, least valuable
//! attacker next (MVV/LVA).
//!
//! Rules in search:
//! * a position without legal moves is mate ([`Score::LOSS`] for the side to move) or
//!   stalemate ([`Score::DRAW`]);
//! * the fifty-move rule: a position whose half-move clock reached 100 is terminal and drawn
//!   (unless it is mate, which takes precedence as in the FIDE rules);
//! * draws by repetition are path-dependent and therefore handled by the searcher
//!   (`SearchOptions::repetition`), using [`Game::hash`].
//! * [`Game::in_check`] and [`Game::null_move`] serve the searcher's check extension and
//!   null-move heuristic (`SearchOptions::check_extension`, `SearchOptions::null_move`): a null
//!   move is refused in check and when the side to move has no rook or queen and at most one
//!   minor piece (zugzwang).
//!
//! Moves are named in UCI form (`e2e4`, `e7e8q`, castling `e1g1`) even though cozy-chess encodes
//! castling as king-takes-rook internally.
use crate::epd::{self, EpdRecord};
use crate::pgn::{self, PgnGame};
use arachne_core::{Game, Score};
use cozy_chess::{
    get_bishop_moves, get_knight_moves, get_rook_moves, util, BitBoard, Board, Color, Move, Piece,
    Rank, Square,
};
use std::fmt;

pub mod fixed_branching;
pub mod full;
pub mod pst;

/// The move generator, re-exported so users need not depend on it themselves.
pub use cozy_chess;

/// Piece values of the Technology program (seed 001 §6), indexed by [`Piece`] (pawn, knight,
/// bishop, rook, queen, king).
pub const PIECE_VALUES: [i32; 6] = [100, 330, 330, 500, 900, 0];

/// Centipawns per attacked square in [`Eval::Mobility`].
pub const MOBILITY_CP: i32 = 1;

/// The standard start position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The documented default search depth for `chess` specs (plies).
pub const DEFAULT_DEPTH: u32 = 5;

/// Which static evaluation to use. The default is the strongest, [`Eval::Full`]: the
/// evaluation of a `chess` game spec without `eval=` and of the UCI engine until its
/// `Evaluation` option says otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Eval {
    /// Material only (Tech).
    Material,
    /// Material plus [`MOBILITY_CP`] per attacked square (side to move minus opponent).
    Mobility,
    /// Positional: tapered piece-square tables and a few pawn and piece terms ([`pst`]).
    Pst,
    /// [`Eval::Pst`] plus king safety, threats and mobility ([`full`]).
    #[default]
    Full,
}

impl Eval {
    /// The names accepted in game specs (`chess:eval=NAME`), in variant order.
    pub const NAMES: [&'static str; 4] = ["material", "mobility", "pst", "full"];

    /// The spec name of this evaluation.
    pub fn name(self) -> &'static str {
        match self {
            Eval::Material => "material",
            Eval::Mobility => "mobility",
            Eval::Pst => "pst",
            Eval::Full => "full",
        }
    }
}

impl std::str::FromStr for Eval {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "material" => Ok(Eval::Material),
            "mobility" => Ok(Eval::Mobility),
            "pst" => Ok(Eval::Pst),
            "full" => Ok(Eval::Full),
            other => Err(format!(
                "unknown chess evaluation `{}` (material, mobility, pst, full)",
                shown(other, 40)
            )),
        }
    }
}

/// A malformed FEN, EPD, PGN or move. The message is one line, fit for a user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChessError {
    /// A FEN that does not describe a valid position.
    #[error("invalid FEN `{fen}`: {reason}")]
    Fen { fen: String, reason: String },
    /// A move that is not legal (or not parseable) in the position.
    #[error("illegal or malformed move `{mv}` in position `{fen}`")]
    Move { mv: String, fen: String },
    /// A malformed EPD record.
    #[error("EPD line {line}: {msg}")]
    Epd { line: usize, msg: String },
    /// A malformed PGN game.
    #[error("PGN: {0}")]
    Pgn(String),
}

/// `s` cut to `n` characters with control characters blanked, for one-line messages.
pub(crate) fn shown(s: &str, n: usize) -> String {
    s.chars()
        .take(n)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A chess position (a [`cozy_chess::Board`]) with the evaluation in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chess {
    board: Board,
    eval: Eval,
}

impl Default for Chess {
    fn default() -> Self {
        Chess::startpos()
    }
}

impl fmt::Display for Chess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.board)
    }
}

impl Chess {
    /// The start position, with [`Eval::Material`] (module docs).
    pub fn startpos() -> Self {
        Chess {
            board: Board::default(),
            eval: Eval::Material,
        }
    }

    /// Parses a FEN, with [`Eval::Material`] (module docs). The move counters may be omitted
    /// (as in EPD): they default to `0 1`. `startpos` is accepted as a name for the start
    /// position.
    pub fn from_fen(fen: &str) -> Result<Self, ChessError> {
        let fen = fen.trim();
        if fen == "startpos" {
            return Ok(Chess::startpos());
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let bad = |reason: &str| ChessError::Fen {
            fen: shown(fen, 120),
            reason: reason.to_string(),
        };
        let full = match fields.len() {
            4 => format!("{} 0 1", fields.join(" ")),
            5 => format!("{} 1", fields.join(" ")),
            6 => fields.join(" "),
            0 => return Err(bad("empty")),
            n if n < 4 => {
                return Err(bad(
                    "missing fields (need board, side, castling, en passant)",
                ))
            }
            _ => return Err(bad("too many fields")),
        };
        if !full.is_ascii() {
            return Err(bad("non-ASCII characters"));
        }
        // Standard FEN first, then Shredder-FEN castling (Chess960). The error reported is the
        // standard parse's unless it failed on the castling field, where the Shredder parse
        // got at least as far: either way the field named is the first one that is wrong.
        let board = match Board::from_fen(&full, false) {
            Ok(b) => b,
            Err(first) => match Board::from_fen(&full, true) {
                Ok(b) => b,
                Err(second) => {
                    use cozy_chess::FenParseError as E;
                    let e = if matches!(first, E::InvalidCastlingRights) {
                        second
                    } else {
                        first
                    };
                    let f: Vec<&str> = full.split(' ').collect();
                    let field = |i: usize| shown(f.get(i).copied().unwrap_or(""), 20);
                    let reason = match e {
                        E::InvalidBoard => format!(
                            "the board (field 1, `{}`) is invalid: {}",
                            shown(f[0], 80),
                            board_reason(&f)
                        ),
                        E::InvalidSideToMove => {
                            format!("the side to move (field 2, `{}`) is invalid", field(1))
                        }
                        E::InvalidCastlingRights => {
                            format!("the castling rights (field 3, `{}`) are invalid", field(2))
                        }
                        E::InvalidEnPassant => {
                            format!("the en passant square (field 4, `{}`) is invalid", field(3))
                        }
                        E::InvalidHalfMoveClock => {
                            format!("the half-move clock (field 5, `{}`) is invalid", field(4))
                        }
                        E::InvalidFullmoveNumber => {
                            format!("the full-move number (field 6, `{}`) is invalid", field(5))
                        }
                        other => other.to_string().to_lowercase().replace('.', ""),
                    };
                    return Err(bad(&reason));
                }
            },
        };
        Ok(Chess {
            board,
            eval: Eval::Material,
        })
    }

    /// The same position with another evaluation.
    pub fn with_eval(mut self, eval: Eval) -> Self {
        self.eval = eval;
        self
    }

    /// The evaluation in force.
    pub fn eval_kind(&self) -> Eval {
        self.eval
    }

    /// Wraps a cozy-chess board, with [`Eval::Material`] (module docs).
    pub fn from_board(board: Board) -> Self {
        Chess {
            board,
            eval: Eval::Material,
        }
    }

    /// The underlying cozy-chess board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position as a FEN.
    pub fn fen(&self) -> String {
        self.board.to_string()
    }

    /// True when the side to move is in check.
    pub fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// The half-move clock (plies since the last capture or pawn move; cozy-chess stops at 100).
    pub fn halfmove_clock(&self) -> u8 {
        self.board.halfmove_clock()
    }

    /// True when the side to move has at least one legal move.
    pub fn has_moves(&self) -> bool {
        self.board.generate_moves(|_| true)
    }

    /// Parses a move in UCI form (`e2e4`, `e7e8q`, `e1g1`; king-takes-rook `e1h1` is accepted
    /// too) and checks that it is legal.
    pub fn parse_uci(&self, name: &str) -> Result<Move, ChessError> {
        let illegal = || ChessError::Move {
            mv: shown(name, 40),
            fen: self.fen(),
        };
        let name = name.trim();
        if !(4..=5).contains(&name.len()) || !name.is_ascii() {
            return Err(illegal());
        }
        let mv = util::parse_uci_move(&self.board, name).map_err(|_| illegal())?;
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(illegal())
        }
    }

    /// Parses a move in Standard Algebraic Notation (`Nf3`, `exd5`, `O-O`, `e8=Q+`, `0-0`;
    /// annotations `!`, `?`, `+`, `#` are ignored) and checks that it is legal.
    pub fn parse_san(&self, san: &str) -> Result<Move, ChessError> {
        let illegal = || ChessError::Move {
            mv: shown(san, 40),
            fen: self.fen(),
        };
        let s: String = san
            .trim()
            .trim_end_matches(['!', '?', '+', '#'])
            .replace('0', "O");
        if s.is_empty() || s.len() > 10 || !s.is_ascii() {
            return Err(illegal());
        }
        let mv = util::parse_san_move(&self.board, &s).map_err(|_| illegal())?;
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(illegal())
        }
    }

    /// True when `mv` is one of the legal moves (checked against the generated list, so any
    /// `Move` value is safe to ask about).
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut found = false;
        self.board.generate_moves_for(mv.from.bitboard(), |pm| {
            found = pm.into_iter().any(|m| m == mv);
            found
        });
        found
    }

    /// Material balance from the side to move.
    pub fn material(&self) -> i32 {
        let us = self.board.side_to_move();
        let mut v = 0;
        for (i, &value) in PIECE_VALUES.iter().enumerate().take(5) {
            let p = Piece::index(i);
            v += value
                * (self.board.colored_pieces(us, p).len() as i32
                    - self.board.colored_pieces(!us, p).len() as i32);
        }
        v
    }

    /// Squares attacked by the knights, bishops, rooks and queens of `color` that are not
    /// occupied by `color`, counted per piece.
    pub fn mobility(&self, color: Color) -> i32 {
        let b = &self.board;
        let occ = b.occupied();
        let own = b.colors(color);
        let mut n = 0;
        for sq in b.colored_pieces(color, Piece::Knight) {
            n += (get_knight_moves(sq) & !own).len();
        }
        let queens = b.colored_pieces(color, Piece::Queen);
        for sq in b.colored_pieces(color, Piece::Bishop) | queens {
            n += (get_bishop_moves(sq, occ) & !own).len();
        }
        for sq in b.colored_pieces(color, Piece::Rook) | queens {
            n += (get_rook_moves(sq, occ) & !own).len();
        }
        n as i32
    }

    /// The piece captured by `mv` (en passant: a pawn), if any. Castling (king takes own
    /// rook in cozy-chess) is not a capture.
    #[inline]
    pub fn victim(&self, mv: Move) -> Option<Piece> {
        let b = &self.board;
        let them = !b.side_to_move();
        if b.colors(them).has(mv.to) {
            return b.piece_on(mv.to);
        }
        if mv.from.file() != mv.to.file()
            && b.pieces(Piece::Pawn).has(mv.from)
            && b.colors(b.side_to_move()).has(mv.from)
        {
            return Some(Piece::Pawn); // en passant
        }
        None
    }

    /// MVV/LVA key of a capture or promotion (0 for quiet moves): victim value first, then the
    /// cheaper attacker; a queen promotion counts as capturing a queen, under-promotions get
    /// the smallest positive key.
    #[inline]
    pub fn mvv_lva(&self, mv: Move) -> i32 {
        let victim = self.victim(mv);
        let promo = match mv.promotion {
            Some(Piece::Queen) => 5,
            Some(_) => 0,
            None => 0,
        };
        match victim {
            Some(v) => {
                let attacker = self.board.piece_on(mv.from).map_or(5, |p| p as i32);
                8 * (v as i32 + 1 + promo) + (7 - attacker)
            }
            None if promo > 0 => 8 * promo,
            None if mv.promotion.is_some() => 1,
            None => 0,
        }
    }

    /// Plays a sequence of moves in UCI form.
    pub fn play_uci_line<'s>(
        &self,
        moves: impl IntoIterator<Item = &'s str>,
    ) -> Result<Chess, ChessError> {
        let mut pos = self.clone();
        for name in moves {
            let mv = pos.parse_uci(name)?;
            pos = pos.play(mv);
        }
        Ok(pos)
    }
}

impl Game for Chess {
    type Move = Move;

    #[inline]
    fn moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.board.generate_moves(|pm| {
            out.extend(pm);
            false
        });
    }

    #[inline]
    fn play(&self, mv: Move) -> Self {
        let mut board = self.board.clone();
        board.play_unchecked(mv);
        Chess {
            board,
            eval: self.eval,
        }
    }

    fn evaluate(&self) -> Score {
        if !self.has_moves() {
            return if self.in_check() {
                Score::LOSS
            } else {
                Score::DRAW
            };
        }
        if self.board.halfmove_clock() >= 100 {
            return Score::DRAW;
        }
        Score(match self.eval {
            Eval::Material => self.material(),
            Eval::Mobility => {
                let us = self.board.side_to_move();
                self.material() + MOBILITY_CP * (self.mobility(us) - self.mobility(!us))
            }
            Eval::Pst => pst::evaluate(&self.board),
            Eval::Full => full::evaluate(&self.board),
        })
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.board.halfmove_clock() >= 100
    }

    #[inline]
    fn hash(&self) -> Option<u64> {
        Some(self.board.hash())
    }

    #[inline]
    fn in_check(&self) -> bool {
        Chess::in_check(self)
    }

    /// A pass (cozy-chess's [`Board::null_move`]: the other side to move, no en-passant
    /// square, the half-move clock advanced), refused in check and when the side to move has
    /// no rook or queen and at most one minor piece: zugzwang is common in such endings
    /// (Crafty and Stockfish require a piece of the side to move; requiring a rook, a queen
    /// or two minor pieces is our choice, because with one bishop LCT-II's Fin3 — a bishop
    /// ending where the side with the bishop is in zugzwang — was solved without the null
    /// move and lost with it).
    fn null_move(&self) -> Option<Self> {
        let b = &self.board;
        let us = b.colors(b.side_to_move());
        let heavy = us & (b.pieces(Piece::Rook) | b.pieces(Piece::Queen));
        let minors = us & (b.pieces(Piece::Knight) | b.pieces(Piece::Bishop));
        if heavy.is_empty() && minors.len() <= 1 {
            return None;
        }
        b.null_move().map(|board| Chess {
            board,
            eval: self.eval,
        })
    }

    fn noisy_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let b = &self.board;
        let them = b.colors(!b.side_to_move());
        let promo_rank = Rank::Eighth.relative_to(b.side_to_move()).bitboard();
        let ep = b
            .en_passant()
            .map(|f| Square::new(f, Rank::Sixth.relative_to(b.side_to_move())).bitboard())
            .unwrap_or(BitBoard::EMPTY);
        b.generate_moves(|mut pm| {
            let mask = if pm.piece == Piece::Pawn {
                them | ep | promo_rank
            } else {
                them
            };
            pm.to &= mask;
            out.extend(pm);
            false
        });
        // Stable sort: ties keep generation order.
        out.sort_by_cached_key(|&m| std::cmp::Reverse(self.mvv_lva(m)));
    }

    #[inline]
    fn order_hint(&self, mv: Move) -> i32 {
        self.mvv_lva(mv)
    }

    #[inline]
    fn history_index(&self, mv: Move) -> Option<usize> {
        Some(mv.from as usize * 64 + mv.to as usize)
    }

    const HISTORY_SIZE: usize = 4096;

    fn move_name(&self, mv: Move) -> String {
        util::display_uci_move(&self.board, mv).to_string()
    }

    fn parse_move(&self, name: &str) -> Option<Move> {
        self.parse_uci(name).ok()
    }
}

/// Perft directly on cozy-chess boards, for the benchmark: with `bulk`, the last ply is counted
/// from the generated move sets without playing the moves (bulk counting); without, every leaf
/// move is played.
pub fn perft_board(board: &Board, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0u64;
    if bulk && depth == 1 {
        board.generate_moves(|pm| {
            n += pm.len() as u64;
            false
        });
        return n;
    }
    board.generate_moves(|pm| {
        for mv in pm {
            let mut child = board.clone();
            child.play_unchecked(mv);
            n += perft_board(&child, depth - 1, bulk);
        }
        false
    });
    n
}

/// The bench positions shipped in the repository's `data/` folder (see `data/README.md` for
/// their provenance), embedded at compile time and read with the EPD and PGN parsers.
pub mod bench {
    use super::*;

    /// LCT II (Louguet Chess Test II), 35 positions — the suite of seed 002 §5.
    pub const LCT2_EPD: &str = include_str!("../../../data/lct2.epd");
    /// Win At Chess, 300 positions.
    pub const WAC_EPD: &str = include_str!("../../../data/wac.epd");
    /// The 20 Nunn start positions (seed 002 §5's match openings).
    pub const NUNN_EPD: &str = include_str!("../../../data/nunn.epd");
    /// Spassky–Fischer, Reykjavik 1972, game 21 (the game seed 001 §6 analysed).
    pub const SPASSKY_FISCHER_PGN: &str =
        include_str!("../../../data/spassky-fischer-1972-g21.pgn");

    fn epd_set(text: &str) -> Vec<EpdRecord> {
        epd::parse_epd(text).expect("embedded EPD file is valid (tested)")
    }

    /// LCT II records (position, `bm`, `id`).
    pub fn lct2() -> Vec<EpdRecord> {
        epd_set(LCT2_EPD)
    }
    /// Win At Chess records.
    pub fn wac() -> Vec<EpdRecord> {
        epd_set(WAC_EPD)
    }
    /// Nunn positions.
    pub fn nunn() -> Vec<EpdRecord> {
        epd_set(NUNN_EPD)
    }
    /// The game itself (81 plies, ends 41.Bd7, 0-1).
    pub fn spassky_fischer_game() -> PgnGame {
        pgn::parse_pgn(SPASSKY_FISCHER_PGN)
            .expect("embedded PGN file is valid (tested)")
            .remove(0)
    }
    /// The positions of Spassky–Fischer game 21 in which a move was played: the start
    /// position and the positions before each of the 81 plies, i.e. 81 positions (seed 001 §6
    /// speaks of "80 positions"; which one it left out is not said).
    pub fn spassky_fischer() -> Vec<Chess> {
        let g = spassky_fischer_game();
        let mut v = g.positions();
        v.pop(); // the final position (Black to move after 41.Bd7): no move was played there
        v
    }
    /// Position `N` (1-based) of a named set, written `SET:N` (e.g. `wac:4`, `sf21:1`), as
    /// in the game spec `chess:bench=wac:4`.
    pub fn position(spec: &str) -> Result<Chess, String> {
        let (name, n) = spec
            .split_once(':')
            .ok_or_else(|| format!("chess: bench=`{spec}` must be SET:N, e.g. wac:4"))?;
        let set = set(name)
            .ok_or_else(|| format!("chess: unknown bench set `{name}` (lct2, wac, nunn, sf21)"))?;
        match n.parse::<usize>() {
            Ok(i) if (1..=set.len()).contains(&i) => Ok(set[i - 1].clone()),
            _ => Err(format!(
                "chess: bench position `{n}` of {name} must be 1..={}",
                set.len()
            )),
        }
    }

    /// A named bench set: `lct2`, `wac`, `nunn` or `spassky-fischer` (alias `sf21`).
    pub fn set(name: &str) -> Option<Vec<Chess>> {
        let recs = |v: Vec<EpdRecord>| v.into_iter().map(|r| r.position).collect();
        Some(match name {
            "lct2" => recs(lct2()),
            "wac" => recs(wac()),
            "nunn" => recs(nunn()),
            "spassky-fischer" | "sf21" => spassky_fischer(),
            _ => return None,
        })
    }
}

/// Why cozy-chess refused a FEN's board (`f`: the six fields): the first thing wrong, in
/// words (an illegal position used to get no reason).
fn board_reason(f: &[&str]) -> String {
    let ranks: Vec<&str> = f[0].split('/').collect();
    if ranks.len() != 8 {
        return format!("{} ranks, not 8", ranks.len());
    }
    let mut kings = [0u32; 2];
    for (i, rank) in ranks.iter().enumerate() {
        let number = 8 - i;
        let mut squares = 0u32;
        for c in rank.chars() {
            match c {
                '1'..='8' => squares += c as u32 - '0' as u32,
                'P' | 'p' if number == 1 || number == 8 => {
                    return format!("a pawn on rank {number}")
                }
                'K' => {
                    kings[0] += 1;
                    squares += 1
                }
                'k' => {
                    kings[1] += 1;
                    squares += 1
                }
                'P' | 'N' | 'B' | 'R' | 'Q' | 'p' | 'n' | 'b' | 'r' | 'q' => squares += 1,
                other => return format!("`{other}` is not a piece (PNBRQK, pnbrqk or 1-8)"),
            }
        }
        if squares != 8 {
            return format!("rank {number} has {squares} squares, not 8");
        }
    }
    for (side, n) in ["White", "Black"].iter().zip(kings) {
        if n != 1 {
            return format!("{side} has {n} kings, not 1");
        }
    }
    // The same board with the other side to move (and no en passant square): if that parses,
    // the side not to move is in check, which no legal game reaches.
    let other = if f.get(1) == Some(&"w") { "b" } else { "w" };
    let flipped = format!("{} {other} - - 0 1", f[0]);
    if Board::from_fen(&flipped, false).is_ok() {
        let side = if other == "w" { "White" } else { "Black" };
        return format!("{side}, not to move, is in check");
    }
    "not a position a game can reach (e.g. an impossible check)".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_is_printed_in_uci_form() {
        let p = Chess::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let mut mv = Vec::new();
        p.moves(&mut mv);
        let names: Vec<String> = mv.iter().map(|&m| p.move_name(m)).collect();
        assert!(names.contains(&"e1g1".to_string()));
        assert!(names.contains(&"e1c1".to_string()));
        assert!(!names.contains(&"e1h1".to_string()));
        for &m in &mv {
            assert_eq!(p.parse_move(&p.move_name(m)), Some(m));
        }
    }

    #[test]
    fn mate_stalemate_and_fifty_moves() {
        // Fool's mate: White is mated.
        let m = Chess::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
            .unwrap();
        assert_eq!(m.evaluate(), Score::LOSS);
        let s = Chess::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(s.evaluate(), Score::DRAW);
        let f = Chess::from_fen("7k/8/6K1/8/8/8/Q7/8 w - - 100 80").unwrap();
        assert!(f.is_terminal());
        assert_eq!(f.evaluate(), Score::DRAW);
        let q = Chess::from_fen("7k/8/6K1/8/8/8/Q7/8 w - - 99 80").unwrap();
        assert_eq!(q.evaluate(), Score(900));
        assert!(q.with_eval(Eval::Mobility).evaluate().0 > 900);
    }

    #[test]
    fn noisy_moves_are_mvv_lva_ordered() {
        // White can take the queen with a pawn, a knight or a rook, and the rook with the knight.
        let p = Chess::from_fen("4k3/8/2q5/1P3r2/3N4/8/8/2R1K3 w - - 0 1").unwrap();
        let mut v = Vec::new();
        p.noisy_moves(&mut v);
        let names: Vec<String> = v.iter().map(|&m| p.move_name(m)).collect();
        assert_eq!(names, ["b5c6", "d4c6", "c1c6", "d4f5"]);
    }
}
