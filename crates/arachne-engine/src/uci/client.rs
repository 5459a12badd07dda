//! The UCI client: an external UCI chess engine as RBFM's black-box evaluator (seed 002 §5.1).
//!
//! "Our program evaluates positions by calling *Crafty* as a black-box. *Crafty* performs a
//! shallow search and returns its value." Crafty 17.9 is not packaged for Debian; any engine
//! that speaks the Universal Chess Interface can stand in (Stockfish is Debian's `stockfish`
//! package). [`UciPool`] runs such engines as child processes and asks them for fixed-depth
//! searches, `position fen F` and `go depth D`; [`crate::shallow::ShallowConfig::engine`]
//! makes every shallow search of [`crate::shallow::ShallowChess`] one of these calls, so serial
//! RBFM, the shared tree and the master–slave form all run on the engine's evaluation unchanged.
//!
//! ## Why here
//! This is the client side of the protocol whose server is the parent module ([`crate::uci`]):
//! both are the engine crate's, the one home of arachne as a chess program. It used to live in
//! `arachne-bestfirst`, a search-algorithm crate; its only user there was the chess evaluator
//! ([`crate::shallow`]), which moved with it. Its other users (`arachne learn --shallow
//! --engine`, the `rbfm-chess --engine` experiment) depend on this crate.
//!
//! ## What a search returns ([`UciSearch`])
//! The value is the `score` of the engine's last `info` line before `bestmove` that carries one
//! (an exact score preferred over a `lowerbound` / `upperbound` one), from the side to move:
//! `score cp X` is `X` centipawns; `score mate N` is a win in `2N − 1` plies for `N > 0` and a
//! loss in `2|N|` plies for `N ≤ 0` (the [`Score`] convention, plies counted from the searched
//! position). The move is the engine's `bestmove` (`None` for `(none)`); the cost is the `nodes`
//! of that `info` line (0 when the engine reports none).
//!
//! ## Choices left open, and ours
//! * **One engine per thread of use.** [`UciPool::search`] takes an idle engine or starts one,
//!   so the threads of the shared tree never share a process; a run on one thread uses one
//!   engine.
//! * **The engine's own state.** Engines keep a transposition table between searches (Crafty's
//!   did: §5.1 "benefits to some extent from Crafty's enhancements ... (e.g., the transposition
//!   table)"), so a value can depend on the searches before it. [`UciPool::new_game`] sends
//!   `ucinewgame` to every idle engine, which clears it; the experiment does so before each
//!   position's run, so a run repeats whatever ran before it. With one thread
//!   (`Threads 1`, set by [`UciPool::start`]) and fixed-depth searches, Stockfish's searches
//!   are deterministic, so the same run repeats exactly.
//! * **Time outs.** The handshake (`uci` … `uciok`, `isready` … `readyok`) must complete within
//!   [`HANDSHAKE_TIMEOUT`], each search within [`SEARCH_TIMEOUT`]; a program that is not a UCI
//!   engine gets a clear error instead of a hang.
use arachne_core::Score;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Mutex;
use std::time::Duration;

/// How long an engine may take to answer `uci` and `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(20);
/// How long one search may take.
pub const SEARCH_TIMEOUT: Duration = Duration::from_secs(600);

/// What went wrong with an external engine. One line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    /// The program could not be started.
    #[error("cannot start the UCI engine `{path}`: {why}")]
    Spawn {
        /// The program.
        path: String,
        /// The operating system's reason.
        why: String,
    },
    /// The program did not complete the UCI handshake.
    #[error("`{path}` is not a UCI engine: {why}")]
    Handshake {
        /// The program.
        path: String,
        /// What was missing.
        why: String,
    },
    /// The engine stopped answering, exited, or answered something unreadable.
    #[error("UCI engine `{path}`: {why}")]
    Protocol {
        /// The program.
        path: String,
        /// What happened.
        why: String,
    },
}

/// One fixed-depth search by the engine (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciSearch {
    /// The value from the side to move.
    pub value: Score,
    /// The engine's `bestmove` in UCI notation (`None`: `(none)`).
    pub best: Option<String>,
    /// Nodes the engine reports.
    pub nodes: u64,
    /// The depth of the `info` line the value came from.
    pub depth: u32,
}

/// The value of a `score` field: `cp X` or `mate N` (module docs). `None` if unreadable.
pub fn parse_score(kind: &str, n: &str) -> Option<Score> {
    let n: i64 = n.parse().ok()?;
    match kind {
        "cp" => {
            let m = Score::MAX_EVAL as i64;
            Some(Score(n.clamp(-m, m) as i32))
        }
        "mate" => {
            let moves = n.unsigned_abs().min(Score::MAX_PLY as u64 / 2) as u32;
            if n > 0 {
                Some(Score::win_in(2 * moves - 1))
            } else {
                Some(Score::loss_in(2 * moves))
            }
        }
        _ => None,
    }
}

/// The fields of an `info` line that matter here.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InfoLine {
    /// `depth`.
    pub depth: Option<u32>,
    /// `score cp|mate N`, and whether it was a bound.
    pub score: Option<(Score, bool)>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// The first move of `pv`.
    pub pv_first: Option<String>,
    /// `multipv` (1 when absent).
    pub multipv: u32,
}

/// Parses an `info` line (`None` for any other line).
pub fn parse_info(line: &str) -> Option<InfoLine> {
    let mut t = line.split_whitespace();
    if t.next() != Some("info") {
        return None;
    }
    let mut info = InfoLine {
        multipv: 1,
        ..InfoLine::default()
    };
    while let Some(k) = t.next() {
        match k {
            "depth" => info.depth = t.next().and_then(|v| v.parse().ok()),
            "nodes" => info.nodes = t.next().and_then(|v| v.parse().ok()),
            "multipv" => info.multipv = t.next().and_then(|v| v.parse().ok()).unwrap_or(1),
            "score" => {
                let kind = t.next().unwrap_or("");
                let n = t.next().unwrap_or("");
                if let Some(s) = parse_score(kind, n) {
                    info.score = Some((s, false));
                }
            }
            "lowerbound" | "upperbound" => {
                if let Some((_, b)) = info.score.as_mut() {
                    *b = true;
                }
            }
            "pv" => {
                info.pv_first = t.next().map(str::to_string);
                break;
            }
            "string" => break,
            _ => {}
        }
    }
    Some(info)
}

/// One engine process.
struct UciEngine {
    child: Child,
    /// Commands for the writer thread, which owns the engine's stdin.
    commands: Sender<String>,
    lines: Receiver<String>,
    path: String,
}

/// Writes `commands` to the engine's stdin until either side closes. SIGPIPE is blocked on
/// this thread, so a write to an engine that has exited fails with `EPIPE` (and ends the
/// thread) instead of killing the process: the `arachne` binary restores SIGPIPE's default
/// action for its own output.
fn writer(mut stdin: ChildStdin, commands: Receiver<String>) {
    #[cfg(unix)]
    // SAFETY: changes only this thread's signal mask, with a properly initialized set.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGPIPE);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
    for cmd in commands {
        if writeln!(stdin, "{cmd}")
            .and_then(|_| stdin.flush())
            .is_err()
        {
            break;
        }
    }
}

impl UciEngine {
    fn start(path: &Path, options: &[(String, String)]) -> Result<UciEngine, UciError> {
        let shown = path.display().to_string();
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| UciError::Spawn {
                path: shown.clone(),
                why: e.to_string(),
            })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (commands, to_write) = mpsc::channel();
        std::thread::spawn(move || writer(stdin, to_write));
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = UciEngine {
            child,
            commands,
            lines,
            path: shown.clone(),
        };
        let handshake = |why: String| UciError::Handshake {
            path: shown.clone(),
            why,
        };
        e.send("uci").map_err(|x| handshake(x.to_string()))?;
        e.wait_for("uciok", HANDSHAKE_TIMEOUT)
            .map_err(|x| handshake(format!("no `uciok` ({x})")))?;
        for (k, v) in options {
            e.send(&format!("setoption name {k} value {v}"))?;
        }
        e.ready()
            .map_err(|x| handshake(format!("no `readyok` ({x})")))?;
        Ok(e)
    }

    fn protocol(&self, why: impl Into<String>) -> UciError {
        UciError::Protocol {
            path: self.path.clone(),
            why: why.into(),
        }
    }

    fn send(&mut self, cmd: &str) -> Result<(), UciError> {
        self.commands
            .send(cmd.to_string())
            .map_err(|_| self.protocol(format!("cannot write `{cmd}`: the engine exited")))
    }

    fn next_line(&self, timeout: Duration) -> Result<String, UciError> {
        self.lines.recv_timeout(timeout).map_err(|e| match e {
            RecvTimeoutError::Timeout => self.protocol(format!("no answer within {timeout:?}")),
            RecvTimeoutError::Disconnected => self.protocol("the engine exited"),
        })
    }

    /// Reads lines until one starting with `token`; returns it.
    fn wait_for(&mut self, token: &str, timeout: Duration) -> Result<String, UciError> {
        loop {
            let l = self.next_line(timeout)?;
            if l.split_whitespace().next() == Some(token) {
                return Ok(l);
            }
        }
    }

    fn ready(&mut self) -> Result<(), UciError> {
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE_TIMEOUT).map(|_| ())
    }

    /// `position fen F` + `go ARGS`; every `info` line (multipv 1) and the `bestmove` word.
    fn go(&mut self, fen: &str, args: &str) -> Result<(Vec<InfoLine>, Option<String>), UciError> {
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go {args}"))?;
        let mut infos = Vec::new();
        loop {
            let l = self.next_line(SEARCH_TIMEOUT)?;
            if let Some(info) = parse_info(&l) {
                if info.multipv == 1 {
                    infos.push(info);
                }
                continue;
            }
            let mut t = l.split_whitespace();
            if t.next() == Some("bestmove") {
                let best = t
                    .next()
                    .filter(|m| *m != "(none)" && *m != "0000")
                    .map(str::to_string);
                return Ok((infos, best));
            }
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.commands.send("quit".to_string());
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Engines of one program, started on demand, one per concurrent user (module docs).
pub struct UciPool {
    path: PathBuf,
    options: Vec<(String, String)>,
    name: String,
    idle: Mutex<Vec<UciEngine>>,
}

impl std::fmt::Debug for UciPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UciPool")
            .field("path", &self.path)
            .field("name", &self.name)
            .finish()
    }
}

impl UciPool {
    /// Starts one engine (`path`, with `Threads 1` and a table of `hash_mib` MiB) to check that
    /// it speaks UCI; later engines start with the same options.
    pub fn start(path: impl AsRef<Path>, hash_mib: u32) -> Result<UciPool, UciError> {
        let path = path.as_ref().to_path_buf();
        let options = vec![
            ("Threads".to_string(), "1".to_string()),
            ("Hash".to_string(), hash_mib.max(1).to_string()),
        ];
        let e = UciEngine::start(&path, &options)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string());
        Ok(UciPool {
            path,
            options,
            name,
            idle: Mutex::new(vec![e]),
        })
    }

    /// The program's file name (for reports).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The program.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn with<T>(
        &self,
        f: impl FnOnce(&mut UciEngine) -> Result<T, UciError>,
    ) -> Result<T, UciError> {
        let taken = self.idle.lock().expect("engine pool").pop();
        let mut e = match taken {
            Some(e) => e,
            None => UciEngine::start(&self.path, &self.options)?,
        };
        let r = f(&mut e);
        if r.is_ok() {
            self.idle.lock().expect("engine pool").push(e);
        }
        r
    }

    /// A search of the position `fen` to `depth` plies (module docs).
    pub fn search(&self, fen: &str, depth: u32) -> Result<UciSearch, UciError> {
        self.with(|e| {
            let (infos, best) = e.go(fen, &format!("depth {}", depth.max(1)))?;
            let pick = infos
                .iter()
                .rev()
                .find(|i| matches!(i.score, Some((_, false))))
                .or_else(|| infos.iter().rev().find(|i| i.score.is_some()))
                .ok_or_else(|| e.protocol(format!("no score for `{fen}` at depth {depth}")))?;
            let nodes = infos.iter().rev().find_map(|i| i.nodes).unwrap_or(0);
            Ok(UciSearch {
                value: pick.score.expect("picked for its score").0,
                best,
                nodes,
                depth: pick.depth.unwrap_or(depth),
            })
        })
    }

    /// The engine's own search of `fen` with `go ARGS` (e.g. `nodes 5000000`): every exact
    /// `info` line with a score and a principal variation, in order, and the `bestmove`.
    pub fn trace(
        &self,
        fen: &str,
        args: &str,
    ) -> Result<(Vec<InfoLine>, Option<String>), UciError> {
        self.with(|e| {
            let (infos, best) = e.go(fen, args)?;
            let lines = infos
                .into_iter()
                .filter(|i| matches!(i.score, Some((_, false))) && i.pv_first.is_some())
                .collect();
            Ok((lines, best))
        })
    }

    /// `ucinewgame` to every idle engine (clears their tables), then waits until each is ready.
    pub fn new_game(&self) -> Result<(), UciError> {
        let mut idle = self.idle.lock().expect("engine pool");
        for e in idle.iter_mut() {
            e.send("ucinewgame")?;
            e.ready()?;
        }
        Ok(())
    }
}

/// One engine process that plays a game: a side of `arachne play` (`uci:engine=PATH,…`,
/// [`crate::play::uci_side`]). Unlike [`UciPool`], its options are the caller's and it keeps
/// its table between the searches of a game.
pub struct UciPlayer {
    engine: UciEngine,
    name: String,
}

impl std::fmt::Debug for UciPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UciPlayer")
            .field("name", &self.name)
            .finish()
    }
}

impl UciPlayer {
    /// Starts `path` and sets `options` (`setoption name K value V`, in order).
    pub fn start(path: &Path, options: &[(String, String)]) -> Result<UciPlayer, UciError> {
        let engine = UciEngine::start(path, options)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string());
        Ok(UciPlayer { engine, name })
    }

    /// The program's file name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// `position fen FEN`, `go ARGS`: the `info` lines of the first principal variation, in
    /// order, and the `bestmove` (`None`: `(none)`).
    pub fn go(
        &mut self,
        fen: &str,
        args: &str,
    ) -> Result<(Vec<InfoLine>, Option<String>), UciError> {
        self.engine.go(fen, args)
    }

    /// `ucinewgame`, then waits until the engine is ready.
    pub fn new_game(&mut self) -> Result<(), UciError> {
        self.engine.send("ucinewgame")?;
        self.engine.ready()
    }
}

/// Where a UCI engine for the tests and the experiment's help is looked for: the environment
/// variable `ARACHNE_UCI_ENGINE`, else `stockfish` on `PATH` or in `/usr/games` (Debian's).
pub fn find_engine() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("ARACHNE_UCI_ENGINE") {
        return Some(PathBuf::from(p));
    }
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("/usr/games"));
    dirs.into_iter()
        .map(|d| d.join("stockfish"))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_follow_the_score_convention() {
        assert_eq!(parse_score("cp", "37"), Some(Score(37)));
        assert_eq!(parse_score("cp", "-120"), Some(Score(-120)));
        assert_eq!(parse_score("mate", "1"), Some(Score::win_in(1)));
        assert_eq!(parse_score("mate", "3"), Some(Score::win_in(5)));
        assert_eq!(parse_score("mate", "-2"), Some(Score::loss_in(4)));
        assert_eq!(parse_score("mate", "0"), Some(Score::loss_in(0)));
        assert_eq!(parse_score("cp", "x"), None);
        assert_eq!(parse_score("wdl", "1"), None);
    }

    #[test]
    fn info_lines_are_read() {
        let l = "info depth 3 seldepth 4 multipv 1 score cp 50 nodes 98 nps 98000 hashfull 0 tbhits 0 time 1 pv f1c4 g8f6";
        let i = parse_info(l).unwrap();
        assert_eq!(i.depth, Some(3));
        assert_eq!(i.score, Some((Score(50), false)));
        assert_eq!(i.nodes, Some(98));
        assert_eq!(i.pv_first.as_deref(), Some("f1c4"));
        let b = parse_info("info depth 9 score mate -2 lowerbound nodes 5 pv e2e4").unwrap();
        assert_eq!(b.score, Some((Score::loss_in(4), true)));
        assert_eq!(b.multipv, 1);
        assert_eq!(
            parse_info("info string NNUE evaluation").unwrap().score,
            None
        );
        assert!(parse_info("bestmove e2e4").is_none());
        assert_eq!(
            parse_info("info multipv 2 score cp 1 pv a2a3")
                .unwrap()
                .multipv,
            2
        );
    }

    #[test]
    fn a_missing_program_is_a_clear_error() {
        let e = UciPool::start("/nonexistent/engine", 1).unwrap_err();
        assert!(matches!(e, UciError::Spawn { .. }), "{e}");
        assert!(e.to_string().contains("/nonexistent/engine"));
    }

    #[test]
    fn a_program_that_is_not_an_engine_is_a_clear_error() {
        // `true` exits at once without answering `uci`.
        let Some(t) = ["/bin/true", "/usr/bin/true"]
            .into_iter()
            .find(|p| Path::new(p).is_file())
        else {
            return;
        };
        let e = UciPool::start(t, 1).unwrap_err();
        assert!(matches!(e, UciError::Handshake { .. }), "{e}");
    }
}
