//! The UCI server: arachne as a chess engine on standard input and output (`arachne uci`).
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name … value …`, `position startpos|fen
//! … [moves …]`, `go [searchmoves M1 M2 …] [depth N] [nodes N] [movetime MS] [wtime MS btime MS
//! winc MS binc MS movestogo N] [infinite] [ponder] [mate N]`, `stop`, `ponderhit`, `quit` (and
//! `d`, which prints the position's FEN as an `info string`). Unknown commands are ignored;
//! a malformed `setoption` value, a `setoption` naming an option the engine does not have and
//! a `setoption` without `name` are each answered with one `info string` (naming the option)
//! and change nothing.
//!
//! The static evaluation is option `Evaluation` (`full`, the default and the strongest:
//! piece-square tables, pawn structure, king safety, threats and mobility; `pst`; `material`,
//! the Technology program's; `mobility`: [`arachne_games::chess::Eval`]), in force from the
//! next `go` on; changing it clears the transposition table, whose values are the old
//! evaluation's.
//!
//! `go searchmoves M1 M2 …` searches only those root moves (the moves run to the next `go`
//! keyword), with every algorithm and option, through [`arachne_core::RootMoves`]; the
//! `bestmove` is one of them.
//!
//! A malformed `go` is answered with `info string error …` and `bestmove 0000`, and starts no
//! search: a value that is not a number (`go depth abc`), a keyword without its value, a depth
//! (or `mate` distance in plies) beyond [`MAX_DEPTH`] — `go depth 99999999999999999999` would
//! otherwise be an endless search the GUI did not ask for — and a `searchmoves` move that is
//! not legal here. Negative times and counts are read as 0 (GUIs send negative clocks when a
//! flag falls); a time or node count too large for 64 bits is read as the largest.
//!
//! A malformed `position` line is answered with `info string error …` and leaves the engine
//! with *no* position until a valid `position` arrives: a `go` meanwhile answers
//! `info string error …` and `bestmove 0000` rather than a move for a position the GUI did not
//! mean (keeping the old position could answer for the wrong side).
//!
//! Time management (`go wtime … btime … [winc … binc …] [movestogo N]`): with `left` our clock
//! less the `Move Overhead` option (default 50 ms, the GUI's and the operating system's lag
//! per move), the budget is `left / movestogo + 3/4 · increment` (`movestogo` default 30), at
//! most 4/5 of `left`, at least 1 ms; `go movetime T` searches `T − Move Overhead`.
//!
//! Each `go` builds its search through the library: the options in force become one
//! [`SearchRequest`] (`Engine::request`: the algorithm, move ordering, the options that apply
//! to it, the engine's table, [`SearchRequest::playing`] for draws by repetition) and
//! [`arachne::builtin::build_playing`] makes the searcher, as `arachne play` does. A search
//! the library refuses is answered with `info string error …` and the first legal move.
//!
//! The search runs on its own thread with a [`StopFlag`], which every searcher polls every
//! 2048 nodes, so `stop` is answered at once. Iterative algorithms (`staged`, `aspiration`, the
//! default) report an `info` line per completed depth through [`Algorithm::search_with`]; the
//! others are run by an iterative-deepening loop here, one fixed-depth search per depth. Both
//! share the engine's transposition table (option `Hash`) for move ordering.
//!
//! Search options in force: move ordering (MVV/LVA captures, killers, history), capture-only
//! quiescence at the horizon (option `Quiescence`, on by default: the Technology program's "all
//! chains of captures", seed 001 §6), and draws by repetition against the search path and the
//! game's earlier positions from `position … moves …`. The default `aspiration` (and
//! `falphabeta`) also extends checks by a ply and prunes with the null move (options
//! `CheckExtension` and `NullMove`, on by default; `arachne_search::context`, "Check
//! extension" and "Null move"); the other serial algorithms ignore them. With `Threads` above
//! 1 the search is the shared-memory algorithm of option `ParallelAlgorithm` (`ybwc`, the
//! default, `jamboree`, `lazy-smp` or `abdada`; module `arachne_parallel::smp`) by iterative
//! deepening on the engine's table, one `info` line per completed depth; `stop` reaches every
//! thread within a poll interval (2048 nodes). It honours the same options as the serial
//! engine (ordering, quiescence, check extension, null move) and, like `aspiration`, opens
//! each depth with an aspiration window of half-width 50 around the previous depth's value
//! (`ybwc`, `jamboree`, `abdada`: [`arachne_parallel::smp::DEFAULT_ASPIRATION`], unless the
//! `ParallelAlgorithm` value gives `aspiration=D`; `lazy-smp`'s threads have windows of their
//! own). Repetitions are seen within each thread's sub-searches and against the game's
//! history, not across the parallel part of the tree.
//!
//! `Algorithm mcts` (or `mcts:OPTIONS`, the options of `arachne search --algo mcts:…`) searches
//! by Monte Carlo tree search ([`arachne_mcts`]) with leaves valued as the
//! options say (random playouts by default; `mcts:playout=ab:2` values them by a depth-2
//! alpha-beta, seed 002 §5.1's shallow search): `go nodes N` is its budget of generated tree
//! nodes, `go movetime`/the clock its deadline, `go infinite` runs until `stop`, `go depth N` is
//! not a budget for it (no depth) — without nodes, time or `infinite`, 100000 iterations,
//! searched at once and ended by one `info` line. Its tree has `Hash` MiB; `Threads` above 1
//! runs its tree-parallel form (or the form of its `par=` option; a `threads=` in the value
//! wins over `Threads`). With nodes, time or `infinite` it searches in slices of 1, 2, 4, …
//! seconds on the same tree, each ended by an `info` line (the line's length as depth;
//! `nodes`, the generated tree nodes so far), so that `go infinite` and long searches show
//! their progress; the budgets count across slices.
//! The tree is built afresh at each `go` (the engine is told positions, not moves to follow,
//! so it keeps none).
//! `ParallelAlgorithm`, `Quiescence`, `CheckExtension` and `NullMove` do not apply to it.
//!
//! Options in force that the search will not honour are named, not dropped silently: at a `go`
//! whose search ignores some of them, one `info string` names them, e.g. `info string
//! NullMove, CheckExtension do not apply to Algorithm alphabeta; ignored` (`Quiescence`,
//! `CheckExtension` and `NullMove` when on, and `ParallelAlgorithm` with `Threads` above 1,
//! for `mcts`; `CheckExtension` and `NullMove` when on for a single-threaded algorithm other
//! than `aspiration`, `falphabeta`, `palphabeta` and `spalphabeta`; `Algorithm`, when not the
//! default, with `Threads` above 1, where the search is `ParallelAlgorithm`'s: `info string
//! Algorithm does not apply to ParallelAlgorithm ybwc:serial=3 (Threads 2); ignored`). Their
//! defaults are on, so the line is said once for each new set of ignored options (and again after `ucinewgame`),
//! not at every `go`; setting such an option to `false` silences it.
//!
//! `bestmove` is always a legal move: the best move of the deepest completed iteration, or the
//! first legal move if not even depth 1 completed; `0000` when there is no legal move.
//!
//! The client side, an external engine such as Stockfish driven by arachne (RBFM's black-box
//! evaluator, seed 002 §5.1), is [`client`].
pub mod client;
mod go;
mod job;

use arachne::SearchRequest;
use arachne_core::{Game, Limits, StopFlag, TranspositionTable};
use arachne_games::chess::cozy_chess::Color;
use arachne_games::chess::Eval;
use arachne_games::Chess;
use arachne_mcts::MctsOptions;
use arachne_parallel::smp::{SmpAlgo, DEFAULT_ASPIRATION};
use arachne_search::Algorithm;
use go::GoParams;
use job::{Deepens, Job};
use std::io::BufRead;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

/// The engine's options and commands, as `arachne uci --help` shows them.
pub const HELP: &str = "UCI options (setoption name NAME value V):
  Hash               transposition table, MiB (default 16, 1..=65536)
  Threads            search threads (default 1, 1..=256); above 1 the search is ParallelAlgorithm
  Algorithm          aspiration (default), salphabeta, slalphabeta, spalphabeta, alphabeta,
                     falphabeta, lalphabeta, palphabeta, bound, negamax, mtdf, sss, mcts
                     (or mcts:OPTIONS: Monte Carlo tree search, go nodes = tree nodes)
  ParallelAlgorithm  ybwc (default), jamboree, lazy-smp, abdada (with Threads above 1)
  Quiescence         capture-only quiescence search (default true)
  CheckExtension     extend checks by a ply (default true)
  NullMove           null-move pruning (default true)
  Evaluation         full (default: pst + king safety, threats, mobility), pst (piece-square
                     tables, pawn structure), material (P100 N330 B330 R500 Q900), mobility
                     (material + mobility)
  Move Overhead      ms kept back per move for the GUI's lag (default 50, 0..=5000)

Commands: uci, isready, ucinewgame, setoption, position startpos|fen FEN [moves ...],
go [searchmoves M...] [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS
movestogo N] [infinite] [ponder] [mate N], stop, ponderhit, quit, d (print the FEN).
A malformed go is answered with `info string error ...` and `bestmove 0000`.
Options in force that the algorithm ignores are named once in an `info string`; so is an
option the engine does not have.";

/// Default algorithm of the engine.
pub const DEFAULT_ALGO: &str = "aspiration";
/// Depth bound of `go infinite` and of time-limited searches.
pub const MAX_DEPTH: u32 = 64;
const DEFAULT_HASH_MIB: usize = 16;
/// Default shared-memory algorithm (option `ParallelAlgorithm`, used when `Threads` > 1).
pub const DEFAULT_PARALLEL: &str = "ybwc";
const PARALLEL_NAMES: &[&str] = &["ybwc", "jamboree", "lazy-smp", "abdada"];
/// The same largest table as `arachne search --hash`.
const MAX_HASH_MIB: usize = arachne_core::tt::MAX_MIB;
/// Default of the `Move Overhead` option (ms).
const DEFAULT_OVERHEAD_MS: u64 = 50;
/// Largest `Move Overhead` (ms).
const MAX_OVERHEAD_MS: u64 = 5000;

/// The options of `setoption`, as the `uci` reply names them.
const OPTION_NAMES: &[&str] = &[
    "Hash",
    "Threads",
    "Algorithm",
    "ParallelAlgorithm",
    "Quiescence",
    "CheckExtension",
    "NullMove",
    "Evaluation",
    "Move Overhead",
];

/// Algorithm names offered in the `Algorithm` combo option.
const ALGO_NAMES: &[&str] = &[
    "aspiration",
    "salphabeta",
    "slalphabeta",
    "spalphabeta",
    "alphabeta",
    "falphabeta",
    "lalphabeta",
    "palphabeta",
    "bound",
    "negamax",
    "mtdf",
    "sss",
    "mcts",
];

/// Serves the UCI protocol: reads commands from `input` until `quit` or the end of the
/// input, and answers on standard output. At the end of the input a bounded search is let
/// finish (so `echo "go depth 5" | arachne uci` works) and an infinite one is stopped.
pub fn serve(mut input: impl BufRead) {
    let mut engine = Engine::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        // Bytes, not `lines()`: a line that is not UTF-8 is read lossily, not fatal.
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf);
        if !engine.handle(&line) {
            engine.stop_search();
            return;
        }
    }
    engine.finish_search();
}

struct Running {
    stop: StopFlag,
    infinite: bool,
    handle: JoinHandle<()>,
}

struct Engine {
    /// `None` after a malformed `position`, until a valid one arrives.
    pos: Option<Chess>,
    /// `Move Overhead` in ms.
    overhead_ms: u64,
    history: Vec<u64>,
    hash_mib: usize,
    threads: usize,
    algo: Algorithm,
    /// `Algorithm mcts[:options]`, as given and parsed (then `algo` is unused).
    mcts: Option<(String, MctsOptions)>,
    parallel: SmpAlgo,
    quiescence: bool,
    /// Options `CheckExtension` and `NullMove` (both on by default).
    check_extension: bool,
    null_move: bool,
    /// Option `Evaluation` (default [`Eval::default`], the strongest).
    eval: Eval,
    tt: Arc<TranspositionTable>,
    search: Option<Running>,
    /// The options in force that the last `go` named as ignored, and its algorithm (said once
    /// per new pair).
    told_ignored: (Vec<&'static str>, String),
}

/// Sets a `check` option from `true`/`false` (any case); anything else is answered with an
/// `info string` and changes nothing.
fn set_check(flag: &mut bool, name: &str, value: &str) {
    match value.to_ascii_lowercase().as_str() {
        "true" => *flag = true,
        "false" => *flag = false,
        _ => say(&format!("info string {name}: `{value}` is not true/false")),
    }
}

fn say(line: &str) {
    // `println!` locks stdout for the whole line, so lines from the search thread and the
    // input thread never interleave; stdout is line-buffered.
    println!("{line}");
}

impl Engine {
    fn new() -> Self {
        Engine {
            pos: Some(Chess::startpos()),
            overhead_ms: DEFAULT_OVERHEAD_MS,
            history: Vec::new(),
            hash_mib: DEFAULT_HASH_MIB,
            threads: 1,
            algo: DEFAULT_ALGO.parse().expect("default algorithm"),
            mcts: None,
            parallel: DEFAULT_PARALLEL
                .parse()
                .expect("default parallel algorithm"),
            quiescence: true,
            check_extension: true,
            null_move: true,
            eval: Eval::default(),
            tt: Arc::new(TranspositionTable::with_mib(DEFAULT_HASH_MIB)),
            search: None,
            told_ignored: (Vec::new(), String::new()),
        }
    }

    /// The options in force that the configured search does not honour (module docs), and the
    /// search, as the line names it.
    fn ignored_options(&self) -> (Vec<&'static str>, String) {
        let mut ignored = Vec::new();
        let mcts = self.mcts.is_some();
        if mcts && self.quiescence {
            ignored.push("Quiescence");
        }
        let engine_options = !mcts && (self.threads > 1 || self.algo.takes_engine_options());
        if !engine_options {
            if self.null_move {
                ignored.push("NullMove");
            }
            if self.check_extension {
                ignored.push("CheckExtension");
            }
        }
        if mcts && self.threads > 1 {
            ignored.push("ParallelAlgorithm");
        }
        let smp = !mcts && self.threads > 1;
        // The shared-memory search replaces the serial algorithm; the default's aspiration
        // windows it has too.
        if smp && self.algo.to_string() != DEFAULT_ALGO {
            ignored.push("Algorithm");
        }
        let search = if mcts {
            "Algorithm mcts".to_string()
        } else if smp {
            format!(
                "ParallelAlgorithm {} (Threads {})",
                self.parallel, self.threads
            )
        } else {
            format!("Algorithm {}", self.algo)
        };
        (ignored, search)
    }

    /// Says which options in force the search about to start ignores, once per new set.
    fn tell_ignored(&mut self) {
        let told = self.ignored_options();
        let (ignored, search) = &told;
        if !ignored.is_empty() && told != self.told_ignored {
            let verb = if ignored.len() == 1 { "does" } else { "do" };
            say(&format!(
                "info string {} {verb} not apply to {search}; ignored",
                ignored.join(", ")
            ));
        }
        self.told_ignored = told;
    }

    /// Handles one input line; `false` on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else {
            return true;
        };
        match cmd {
            "uci" => {
                say(&format!("id name arachne {}", env!("CARGO_PKG_VERSION")));
                say("id author the arachne authors");
                say(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"
                ));
                say("option name Threads type spin default 1 min 1 max 256");
                let vars: String = ALGO_NAMES.iter().map(|a| format!(" var {a}")).collect();
                say(&format!(
                    "option name Algorithm type combo default {DEFAULT_ALGO}{vars}"
                ));
                let vars: String = PARALLEL_NAMES.iter().map(|a| format!(" var {a}")).collect();
                say(&format!(
                    "option name ParallelAlgorithm type combo default {DEFAULT_PARALLEL}{vars}"
                ));
                say("option name Quiescence type check default true");
                say("option name CheckExtension type check default true");
                say("option name NullMove type check default true");
                let vars: String = Eval::NAMES.iter().map(|e| format!(" var {e}")).collect();
                say(&format!(
                    "option name Evaluation type combo default {}{vars}",
                    Eval::default().name()
                ));
                say(&format!(
                    "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max {MAX_OVERHEAD_MS}"
                ));
                say("uciok");
            }
            "isready" => say("readyok"),
            "ucinewgame" => {
                self.stop_search();
                self.tt.clear();
                self.pos = Some(Chess::startpos());
                self.history.clear();
                self.told_ignored = (Vec::new(), String::new());
            }
            "setoption" => {
                self.stop_search();
                self.set_option(args);
            }
            "position" => {
                self.stop_search();
                match parse_position(args) {
                    Ok((pos, history)) => {
                        self.pos = Some(pos);
                        self.history = history;
                    }
                    Err(e) => {
                        self.pos = None;
                        self.history.clear();
                        say(&format!(
                            "info string error in position: {}; no position until a valid one",
                            arachne_core::parse::clip(&e, 200)
                        ));
                    }
                }
            }
            "go" => {
                self.stop_search();
                self.go(args);
            }
            "stop" | "ponderhit" => self.stop_search(),
            "quit" => {
                self.stop_search();
                return false;
            }
            "d" => match &self.pos {
                Some(p) => say(&format!("info string fen {}", p.fen())),
                None => say("info string no position"),
            },
            _ => {} // unknown commands are ignored
        }
        true
    }

    fn set_option(&mut self, args: &[&str]) {
        // setoption name <id…> [value <x…>]
        let vi = args.iter().position(|&t| t == "value");
        let name_end = vi.unwrap_or(args.len());
        let Some(ni) = args
            .iter()
            .position(|&t| t == "name")
            .filter(|&n| n < name_end)
        else {
            say("info string setoption: expected `setoption name NAME [value V]`; ignored");
            return;
        };
        let given = args[ni + 1..name_end].join(" ");
        if given.is_empty() {
            say("info string setoption: no option name; ignored");
            return;
        }
        let name = given.to_ascii_lowercase();
        let value = vi.map(|v| args[v + 1..].join(" ")).unwrap_or_default();
        match name.as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mib) if (1..=MAX_HASH_MIB).contains(&mib) => {
                    if mib != self.hash_mib {
                        // Free the old table first, then allocate fallibly.
                        self.tt = Arc::new(TranspositionTable::with_slots(1));
                        match TranspositionTable::try_with_mib(mib) {
                            Ok(t) => {
                                self.hash_mib = mib;
                                self.tt = Arc::new(t);
                            }
                            Err(e) => {
                                say(&format!(
                                    "info string error Hash: {e}; keeping {} MiB",
                                    self.hash_mib
                                ));
                                self.tt = Arc::new(TranspositionTable::with_mib(self.hash_mib));
                            }
                        }
                    }
                }
                _ => say(&format!(
                    "info string Hash: `{value}` is not 1..{MAX_HASH_MIB}"
                )),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => self.threads = n,
                _ => say(&format!("info string Threads: `{value}` is not 1..256")),
            },
            "algorithm"
                if arachne::registry::family(&value) == Some(arachne::registry::Family::Mcts) =>
            {
                match value.parse::<MctsOptions>() {
                    Ok(o) => self.mcts = Some((value.trim().to_string(), o)),
                    Err(e) => say(&format!("info string Algorithm: {e}")),
                }
            }
            "algorithm" => match value.parse::<Algorithm>() {
                Ok(a) => {
                    self.algo = a;
                    self.mcts = None;
                }
                Err(e) => say(&format!("info string Algorithm: {}", uci_algo_error(&e.0))),
            },
            "move overhead" => match value.parse::<u64>() {
                Ok(ms) if ms <= MAX_OVERHEAD_MS => self.overhead_ms = ms,
                _ => say(&format!(
                    "info string Move Overhead: `{value}` is not 0..{MAX_OVERHEAD_MS}"
                )),
            },
            "parallelalgorithm" => match value.parse::<SmpAlgo>() {
                Ok(a) => self.parallel = a,
                Err(e) => say(&format!("info string ParallelAlgorithm: {e}")),
            },
            "quiescence" => set_check(&mut self.quiescence, "Quiescence", &value),
            "checkextension" => set_check(&mut self.check_extension, "CheckExtension", &value),
            "nullmove" => set_check(&mut self.null_move, "NullMove", &value),
            "evaluation" => match value.trim().to_ascii_lowercase().parse::<Eval>() {
                Ok(e) => {
                    // The table's values are the old evaluation's: start afresh.
                    if e != self.eval {
                        self.tt.clear();
                    }
                    self.eval = e;
                }
                Err(_) => say(&format!(
                    "info string Evaluation: `{}` is not one of {}",
                    arachne_core::parse::clip(&value, 40),
                    Eval::NAMES.join(", ")
                )),
            },
            _ => say(&format!(
                "info string unknown option `{}`; ignored (options: {})",
                arachne_core::parse::clip(&given, 60),
                OPTION_NAMES.join(", ")
            )),
        }
    }

    /// The request of the search in force (module docs): `Algorithm`, or `ParallelAlgorithm`
    /// on `Threads` above 1, with move ordering, the options that apply to it (the others were
    /// named as ignored), the engine's table and draws by repetition; and how it deepens.
    fn request(&self) -> (SearchRequest, Deepens) {
        let mut req = SearchRequest::new("chess", "");
        req.playing = true;
        if let Some((spec, o)) = &self.mcts {
            req.algo = spec.clone();
            // `Threads` runs the tree-parallel form, or the form of `par=`, unless the value
            // gives its own `threads=`.
            if o.threads == 1 && self.threads > 1 {
                req.threads = Some(self.threads as u32);
            }
            req.memory = Some(o.memory_mib.unwrap_or(self.hash_mib as u64));
            return (req, Deepens::Slices);
        }
        req.ordering = true;
        req.quiescence = self.quiescence;
        req.table = Some(Arc::clone(&self.tt));
        let deepens = if self.threads > 1 {
            req.algo = self.parallel.or_aspiration(DEFAULT_ASPIRATION).to_string();
            req.threads = Some(self.threads as u32);
            Deepens::Itself
        } else {
            req.algo = self.algo.to_string();
            if self.algo.is_iterative() {
                Deepens::Itself
            } else {
                Deepens::Here
            }
        };
        if self.threads > 1 || self.algo.takes_engine_options() {
            req.check_extension = self.check_extension;
            req.null_move = self.null_move;
        }
        (req, deepens)
    }

    fn go(&mut self, args: &[&str]) {
        let Some(pos) = self.pos.clone() else {
            say("info string error no position: the last `position` command was malformed");
            say("bestmove 0000");
            return;
        };
        let g = match GoParams::parse(args) {
            Ok(g) => g,
            Err(e) => {
                say(&format!(
                    "info string error in go: {}; not searching",
                    arachne_core::parse::clip(&e, 200)
                ));
                say("bestmove 0000");
                return;
            }
        };
        let mut only = Vec::new();
        for name in &g.searchmoves {
            match pos.parse_uci(name) {
                Ok(m) => only.push(m),
                Err(e) => {
                    say(&format!(
                        "info string error in go: searchmoves `{}`: {}; not searching",
                        arachne_core::parse::clip(name, 20),
                        arachne_core::parse::clip(&e.to_string(), 100)
                    ));
                    say("bestmove 0000");
                    return;
                }
            }
        }
        self.tell_ignored();
        let start = Instant::now();
        let stop = StopFlag::new();
        let us_white = pos.board().side_to_move() == Color::White;
        let mut limits = Limits {
            depth: Some(g.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)),
            stop: stop.clone(),
            ..Limits::default()
        };
        if let Some(n) = g.nodes {
            limits.nodes = Some(n.max(1));
        }
        if let Some(t) = g.time_budget(us_white, self.overhead_ms) {
            limits.deadline = Some(start + t);
        }
        let infinite = g.infinite || g.ponder;
        let (req, deepens) = self.request();
        let job = Job {
            root: pos.with_eval(self.eval),
            only: (!g.searchmoves.is_empty()).then_some(only),
            req,
            deepens,
            history: self.history.clone(),
            limits,
            infinite,
            start,
        };
        let handle = std::thread::spawn(move || job.run());
        self.search = Some(Running {
            stop,
            infinite,
            handle,
        });
    }

    /// Waits for a bounded search to end by itself; stops an infinite one.
    fn finish_search(&mut self) {
        if let Some(r) = self.search.take() {
            if r.infinite {
                r.stop.stop();
            }
            let _ = r.handle.join();
        }
    }

    /// Stops a running search (it prints its `bestmove`) and waits for it.
    fn stop_search(&mut self) {
        if let Some(r) = self.search.take() {
            r.stop.stop();
            let _ = r.handle.join();
        }
    }
}

/// The unknown-algorithm message for `setoption name Algorithm`: what UCI offers, and where
/// the parallel algorithms are.
fn uci_algo_error(msg: &str) -> String {
    if !msg.starts_with("unknown algorithm") {
        return msg.to_string();
    }
    let head = msg.split(" (").next().unwrap_or(msg);
    format!(
        "{head} (Algorithm: {}; the parallel algorithms {} run from `arachne search`)",
        ALGO_NAMES.join(", "),
        arachne::registry::names(arachne::registry::Family::MessagePassing)
    )
}

/// Parses the arguments of `position`.
fn parse_position(args: &[&str]) -> Result<(Chess, Vec<u64>), String> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let mut pos = match setup.split_first() {
        Some((&"startpos", [])) => Chess::startpos(),
        Some((&"fen", fen)) if !fen.is_empty() => {
            Chess::from_fen(&fen.join(" ")).map_err(|e| e.to_string())?
        }
        _ => return Err("expected `startpos` or `fen <FEN>`".into()),
    };
    let mut history = Vec::with_capacity(moves.len());
    for &name in moves {
        let mv = pos.parse_uci(name).map_err(|e| e.to_string())?;
        history.push(pos.hash().unwrap_or(0));
        pos = pos.play(mv);
    }
    Ok((pos, history))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions() {
        let (p, h) = parse_position(&["startpos", "moves", "e2e4", "e7e5"]).unwrap();
        assert_eq!(h.len(), 2);
        assert_eq!(
            p.fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
        );
        assert!(parse_position(&["startpos", "moves", "e2e5"]).is_err());
        assert!(parse_position(&["fen"]).is_err());
        assert!(parse_position(&[]).is_err());
        assert!(parse_position(&["fen", "8/8/8/8/8/8/8/8", "w", "-", "-"]).is_err());
    }
}
