//! Another program's engine, spoken to over UCI: the analyser a player already trusts
//! (Stockfish, say) in place of Huo's own search.
//!
//! UCI is a conversation on the engine's standard input and output. The program is
//! started and told `uci`; it names itself (`id name Stockfish 15.1`) and ends with
//! `uciok`. Options are set (`setoption name Threads value 1`), and `isready` is asked
//! until it answers `readyok`, which says it has done all that was asked. Then, for each
//! position: `position fen …` and `go depth 12` (or `nodes`, `movetime`, with
//! `searchmoves` to score one move alone). While it thinks it reports `info` lines (the
//! depth, the score from the side to move's view, the line it expects); it ends with
//! `bestmove`. `quit` ends it.
//!
//! Engines misbehave in a few ways, each an [`ExternalError`] that names the engine and
//! what it did: the program is not there or cannot start, never says `uciok` or
//! `readyok`, ends in the middle (a crash), falls silent while thinking, or answers a
//! `bestmove` that is no legal move. The engine's lines are read on a thread of their
//! own, so every wait has a limit ([`Patience`]).

use crate::core::{Position, parse_uci};
use crate::search::{Iteration, Limits, Score, SearchResult};
use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// The analysing engine as the configuration names it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EngineName {
    /// Huo Chess's own search (written `huo`).
    #[default]
    Huo,
    /// A UCI engine: a program's name on `PATH` or its path.
    Program(String),
}

impl FromStr for EngineName {
    type Err = std::convert::Infallible;

    /// `huo` (any case, or nothing) is the built-in engine; anything else names a program.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        Ok(if text.is_empty() || text.eq_ignore_ascii_case("huo") {
            EngineName::Huo
        } else {
            EngineName::Program(text.to_string())
        })
    }
}

impl fmt::Display for EngineName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineName::Huo => f.write_str("huo"),
            EngineName::Program(p) => f.write_str(p),
        }
    }
}

/// How long each step may take before the engine is given up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patience {
    /// From the start to `uciok`.
    pub start: Duration,
    /// From `isready` to `readyok`.
    pub ready: Duration,
    /// Without a single line while thinking (engines report every second or so).
    pub silence: Duration,
}

impl Default for Patience {
    fn default() -> Self {
        Patience {
            start: Duration::from_secs(10),
            ready: Duration::from_secs(30),
            silence: Duration::from_secs(300),
        }
    }
}

/// What an engine did wrong.
#[derive(Debug)]
pub enum Failure {
    /// The program could not be found on `PATH` (nor in `/usr/games`).
    NotFound,
    /// The program could not be started (the system's error).
    Spawn(io::Error),
    /// It did not answer `uci` with `uciok` in time.
    NoUciok(Duration),
    /// It did not answer `isready` with `readyok` in time.
    NoReadyok(Duration),
    /// It ended (its exit status, when known) while it was asked something.
    Died(Option<ExitStatus>),
    /// It printed no line for this long while thinking.
    Silent(Duration),
    /// Its `bestmove` is no legal move of the position (the text it sent).
    IllegalBestmove(String),
    /// It answered `bestmove (none)` (or nothing readable) where there are legal moves.
    NoBestmove(String),
}

/// An engine's failure: which engine, and what it did.
#[derive(Debug)]
pub struct ExternalError {
    /// The engine as the user named it (and, once known, as it names itself).
    pub engine: String,
    pub failure: Failure,
}

impl fmt::Display for ExternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let engine = &self.engine;
        match &self.failure {
            Failure::NotFound => write!(
                f,
                "engine {engine}: no such program on PATH (give its path, or \"huo\" for the built-in engine)"
            ),
            Failure::Spawn(e) => write!(f, "engine {engine}: cannot start it: {e}"),
            Failure::NoUciok(t) => write!(
                f,
                "engine {engine}: did not answer \"uci\" with \"uciok\" within {} s (is it a UCI engine?)",
                t.as_secs()
            ),
            Failure::NoReadyok(t) => write!(
                f,
                "engine {engine}: did not answer \"isready\" with \"readyok\" within {} s",
                t.as_secs()
            ),
            Failure::Died(Some(status)) => write!(f, "engine {engine}: it ended ({status})"),
            Failure::Died(None) => write!(f, "engine {engine}: it ended"),
            Failure::Silent(t) => write!(
                f,
                "engine {engine}: said nothing for {} s while thinking",
                t.as_secs()
            ),
            Failure::IllegalBestmove(text) => write!(
                f,
                "engine {engine}: its best move \"{text}\" is not legal in the position"
            ),
            Failure::NoBestmove(text) => write!(
                f,
                "engine {engine}: answered \"{text}\" without a move where there are legal moves"
            ),
        }
    }
}

impl std::error::Error for ExternalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.failure {
            Failure::Spawn(e) => Some(e),
            _ => None,
        }
    }
}

/// Where a program named without a folder is looked for after `PATH`: Debian installs
/// its chess engines in `/usr/games`, which root's `PATH` leaves out.
const GAMES_FOLDERS: [&str; 2] = ["/usr/games", "/usr/local/games"];

/// The program `name` names: a path as it is (it contains a `/`), otherwise the first
/// executable file of that name on `PATH`, then in `/usr/games`.
pub fn find_program(name: &str) -> Option<PathBuf> {
    if name.contains(std::path::MAIN_SEPARATOR) || name.contains('/') {
        return Some(PathBuf::from(name));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(GAMES_FOLDERS.iter().map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|p| is_executable(p))
}

fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

/// A running UCI engine. Dropping it says `quit` and ends the program.
pub struct External {
    /// As the user named it.
    given: String,
    /// As it names itself (`id name`), or as given.
    name: String,
    child: Child,
    /// Lines for the engine's standard input, written by a thread of their own.
    commands: Option<Sender<String>>,
    lines: Receiver<String>,
    patience: Patience,
}

impl External {
    /// Starts `program` (a name on `PATH` or a path), waits for `uciok`, sets `options`
    /// (name, value; an option the engine did not declare is not sent) and waits for
    /// `readyok`.
    pub fn start(
        program: &str,
        options: &[(&str, String)],
        patience: Patience,
    ) -> Result<External, ExternalError> {
        let fail = |failure| ExternalError {
            engine: program.to_string(),
            failure,
        };
        let path = find_program(program).ok_or_else(|| fail(Failure::NotFound))?;
        let mut child = Command::new(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                fail(match e.kind() {
                    io::ErrorKind::NotFound => Failure::NotFound,
                    _ => Failure::Spawn(e),
                })
            })?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let commands = spawn_writer(stdin);
        let (tx, lines) = mpsc::channel();
        let _ = std::thread::Builder::new()
            .name("huo-uci-reader".into())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { return };
                    if tx.send(line).is_err() {
                        return;
                    }
                }
            });
        let mut engine = External {
            given: program.to_string(),
            name: program.to_string(),
            child,
            commands,
            lines,
            patience,
        };
        engine.send("uci")?;
        let deadline = Instant::now() + patience.start;
        let mut declared = Vec::new();
        loop {
            let line = engine.next_line(deadline, Failure::NoUciok(patience.start))?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["uciok", ..] => break,
                ["id", "name", rest @ ..] if !rest.is_empty() => engine.name = rest.join(" "),
                ["option", "name", rest @ ..] => {
                    let end = rest.iter().position(|w| *w == "type").unwrap_or(rest.len());
                    declared.push(rest[..end].join(" ").to_ascii_lowercase());
                }
                _ => {}
            }
        }
        for (name, value) in options {
            if declared.contains(&name.to_ascii_lowercase()) {
                engine.send(&format!("setoption name {name} value {value}"))?;
            }
        }
        engine.ready()?;
        Ok(engine)
    }

    /// The engine's own name (`Stockfish 15.1`), or the program as given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A new game: the engine forgets what it learned (`ucinewgame`), then is ready.
    pub fn new_game(&mut self) -> Result<(), ExternalError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// Searches `pos` within `limits` (depth, nodes, movetime and searchmoves are sent;
    /// the rest is not used here). Each completed `info` line with a score goes to
    /// `on_info`; the answer is the engine's best move, with the last such line's score,
    /// depth and nodes.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        mut on_info: impl FnMut(&Iteration),
    ) -> Result<SearchResult, ExternalError> {
        self.send(&format!("position fen {}", pos.fen()))?;
        self.send(&go_command(limits))?;
        let mut last: Option<Iteration> = None;
        loop {
            let deadline = Instant::now() + self.patience.silence;
            let line = self.next_line(deadline, Failure::Silent(self.patience.silence))?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    if let Some(it) = parse_info(pos, &line) {
                        on_info(&it);
                        last = Some(it);
                    }
                }
                Some("bestmove") => {
                    let text = words.next().unwrap_or("").to_string();
                    return self.answer(pos, &text, last);
                }
                _ => {}
            }
        }
    }

    /// The search's result from `bestmove text` and the last `info` line.
    fn answer(
        &self,
        pos: &Position,
        text: &str,
        last: Option<Iteration>,
    ) -> Result<SearchResult, ExternalError> {
        let has_moves = pos.has_legal_moves();
        let best = match parse_uci(pos, text) {
            Ok(mv) => Some(mv),
            Err(_) if !has_moves => None,
            Err(_) if matches!(text, "" | "(none)" | "0000") => {
                return Err(self.error(Failure::NoBestmove(format!("bestmove {text}"))));
            }
            Err(_) => return Err(self.error(Failure::IllegalBestmove(text.to_string()))),
        };
        let (score, depth, nodes, pv) = match last {
            Some(it) => (it.score, it.depth, it.nodes, it.pv),
            // No score said: a position without moves is mate or stalemate.
            None if pos.in_check() && !has_moves => (Score::Mate(0), 0, 0, Vec::new()),
            None => (Score::Cp(0), 0, 0, Vec::new()),
        };
        let ponder = match pv.as_slice() {
            [first, second, ..] if Some(*first) == best => Some(*second),
            _ => None,
        };
        Ok(SearchResult {
            best,
            ponder,
            score,
            depth,
            nodes,
        })
    }

    /// Asks `isready` and waits for `readyok`.
    fn ready(&mut self) -> Result<(), ExternalError> {
        self.send("isready")?;
        let deadline = Instant::now() + self.patience.ready;
        loop {
            if self.next_line(deadline, Failure::NoReadyok(self.patience.ready))? == "readyok" {
                return Ok(());
            }
        }
    }

    /// Sends `command` to the engine. An engine that has ended is found out when its
    /// answer does not come (its output ends: [`Failure::Died`]).
    fn send(&mut self, command: &str) -> Result<(), ExternalError> {
        match &self.commands {
            Some(tx) if tx.send(command.to_string()).is_ok() => Ok(()),
            _ => Err(self.died()),
        }
    }

    /// The engine's next line (trimmed), before `deadline`; `late` if none comes.
    fn next_line(&mut self, deadline: Instant, late: Failure) -> Result<String, ExternalError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line.trim().to_string()),
            Err(RecvTimeoutError::Timeout) => Err(self.error(late)),
            Err(RecvTimeoutError::Disconnected) => Err(self.died()),
        }
    }

    /// The engine has ended: with its exit status, when it comes within a moment.
    fn died(&mut self) -> ExternalError {
        let until = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
                _ => break None,
            }
        };
        self.error(Failure::Died(status))
    }

    fn error(&self, failure: Failure) -> ExternalError {
        let engine = if self.name == self.given {
            self.given.clone()
        } else {
            format!("{} ({})", self.given, self.name)
        };
        ExternalError { engine, failure }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // The writer closes the engine's input when it has written what it was given.
        self.commands = None;
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A thread that writes each line it is sent to the engine's standard input, until the
/// engine has gone or the sender is dropped (then the input is closed). Writing to an
/// engine that has ended raises SIGPIPE, which ends this program (its default action is
/// back on, for `huo-book dump | head`): this thread blocks it, so the write fails
/// instead and the engine's end is told by its output.
fn spawn_writer(mut stdin: ChildStdin) -> Option<Sender<String>> {
    let (tx, rx) = mpsc::channel::<String>();
    let writer = move || {
        block_sigpipe();
        for line in rx {
            if writeln!(stdin, "{line}")
                .and_then(|()| stdin.flush())
                .is_err()
            {
                return;
            }
        }
    };
    std::thread::Builder::new()
        .name("huo-uci-writer".into())
        .spawn(writer)
        .ok()
        .map(|_| tx)
}

/// SIGPIPE blocked on the calling thread: a write to a closed pipe fails with EPIPE.
fn block_sigpipe() {
    #[cfg(unix)]
    // SAFETY: the set is initialised by sigemptyset before use, and pthread_sigmask only
    // changes this thread's mask.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGPIPE);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
}

/// The `go` command for `limits`: `go depth 12`, `go nodes 1000000`, `go movetime 500`,
/// with `searchmoves` when some moves are named.
pub fn go_command(limits: &Limits) -> String {
    let mut go = String::from("go");
    if let Some(d) = limits.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = limits.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    if let Some(t) = limits.movetime {
        go.push_str(&format!(" movetime {}", t.as_millis().max(1)));
    }
    if !limits.searchmoves.is_empty() {
        go.push_str(" searchmoves");
        for mv in &limits.searchmoves {
            go.push(' ');
            go.push_str(&mv.uci());
        }
    }
    if go == "go" {
        go.push_str(" infinite");
    }
    go
}

/// An `info` line with a score (of the first line when several are asked for, not a
/// bound) as an [`Iteration`]; its `pv` read as far as its moves are legal.
pub fn parse_info(pos: &Position, line: &str) -> Option<Iteration> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut it = Iteration {
        depth: 0,
        multipv: 1,
        seldepth: 0,
        score: Score::Cp(0),
        nodes: 0,
        nps: 0,
        time: Duration::ZERO,
        pv: Vec::new(),
        hashfull: 0,
    };
    let mut scored = false;
    let mut i = 1;
    let number = |i: usize| words.get(i).and_then(|w| w.parse::<i64>().ok());
    while i < words.len() {
        match words[i] {
            "depth" => it.depth = number(i + 1)?.max(0) as u32,
            "seldepth" => it.seldepth = number(i + 1)?.max(0) as u32,
            "multipv" => it.multipv = number(i + 1)?.max(1) as usize,
            "nodes" => it.nodes = number(i + 1)?.max(0) as u64,
            "nps" => it.nps = number(i + 1)?.max(0) as u64,
            "hashfull" => it.hashfull = number(i + 1)?.max(0) as u32,
            "time" => it.time = Duration::from_millis(number(i + 1)?.max(0) as u64),
            "score" => {
                let value = number(i + 2)?.clamp(-1_000_000, 1_000_000) as i32;
                it.score = match words.get(i + 1) {
                    Some(&"cp") => Score::Cp(value),
                    Some(&"mate") => Score::Mate(value),
                    _ => return None,
                };
                if matches!(words.get(i + 3), Some(&("lowerbound" | "upperbound"))) {
                    return None;
                }
                scored = true;
                i += 3;
                continue;
            }
            "pv" => {
                let mut at = *pos;
                for w in &words[i + 1..] {
                    match parse_uci(&at, w) {
                        Ok(mv) => {
                            it.pv.push(mv);
                            at.play(mv);
                        }
                        Err(_) => break,
                    }
                }
                break;
            }
            // The rest of the line is free text.
            "string" => break,
            _ => {}
        }
        i += 1;
    }
    (scored && it.multipv == 1).then_some(it)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_names_read_huo_or_a_program() {
        assert_eq!("HUO".parse::<EngineName>().unwrap(), EngineName::Huo);
        assert_eq!("".parse::<EngineName>().unwrap(), EngineName::Huo);
        assert_eq!(
            "/usr/games/stockfish".parse::<EngineName>().unwrap(),
            EngineName::Program("/usr/games/stockfish".into())
        );
    }

    #[test]
    fn go_commands_say_the_limit_and_the_moves() {
        let pos = Position::startpos();
        let e4 = parse_uci(&pos, "e2e4").unwrap();
        let depth = Limits {
            depth: Some(12),
            searchmoves: vec![e4],
            ..Limits::default()
        };
        assert_eq!(go_command(&depth), "go depth 12 searchmoves e2e4");
        let nodes = Limits {
            nodes: Some(1_000_000),
            ..Limits::default()
        };
        assert_eq!(go_command(&nodes), "go nodes 1000000");
        let time = Limits {
            movetime: Some(Duration::from_millis(500)),
            ..Limits::default()
        };
        assert_eq!(go_command(&time), "go movetime 500");
    }

    #[test]
    fn info_lines_are_read_as_iterations() {
        let pos = Position::startpos();
        let it = parse_info(
            &pos,
            "info depth 12 seldepth 17 multipv 1 score cp -23 nodes 51234 nps 900000 \
             hashfull 12 time 57 pv e2e4 e7e5 g1f3 zz",
        )
        .unwrap();
        assert_eq!((it.depth, it.seldepth, it.nodes), (12, 17, 51234));
        assert_eq!(it.score, Score::Cp(-23));
        assert_eq!(it.time, Duration::from_millis(57));
        let pv: Vec<String> = it.pv.iter().map(|m| m.uci()).collect();
        assert_eq!(pv, ["e2e4", "e7e5", "g1f3"]);
        let mate = parse_info(&pos, "info depth 20 score mate -3 pv e2e4").unwrap();
        assert_eq!(mate.score, Score::Mate(-3));
        // Bounds, other lines and lines without a score are not iterations.
        assert!(parse_info(&pos, "info depth 9 score cp 10 lowerbound pv e2e4").is_none());
        assert!(parse_info(&pos, "info depth 9 multipv 2 score cp 10 pv d2d4").is_none());
        assert!(parse_info(&pos, "info depth 9 currmove e2e4 currmovenumber 1").is_none());
        assert!(parse_info(&pos, "info string NNUE evaluation enabled").is_none());
    }

    #[test]
    fn a_missing_program_is_not_found() {
        let e = External::start("no-such-engine-here", &[], Patience::default())
            .err()
            .expect("no such program");
        assert!(matches!(e.failure, Failure::NotFound));
        assert!(
            e.to_string()
                .starts_with("engine no-such-engine-here: no such program")
        );
    }
}
