//! The Universal Chess Interface: how chess GUIs and match tools talk to the engine.
//!
//! The GUI writes commands, one per line, on our standard input (`uci`, `isready`,
//! `position startpos moves e2e4`, `go wtime 60000 btime 60000`, `stop`, …) and reads our
//! answers (`id`, `option`, `uciok`, `readyok`, `info …`, `bestmove e7e5`). This module
//! only parses and prints: the thinking (book, search, pondering) is the engine service's
//! ([`crate::engine`]), whose replies a small handler turns into `info` and `bestmove`
//! lines, so `stop`, `isready` and `quit` are answered while it thinks. Input we do not
//! understand is answered with `info string` and otherwise ignored: a GUI's typo never
//! stops a game. What we echo of the input is cut short and its control bytes escaped, so
//! a runaway line never floods the GUI or reaches a terminal as escape sequences; a line
//! that is not UTF-8 is read with its bad bytes replaced.
//!
//! A `BookPath` (or the configuration's `book.path`) that is missing, unreadable or not a
//! book is said once, in an `info string`, when it is set: the book layers below it
//! answer on their own.
//!
//! With `MultiPV` above 1 every depth is reported as one `info … multipv k … pv …` line per
//! alternative, best first, each score exact. A GUI that asks for alternatives, or
//! restricts the search with `go searchmoves`, or searches until stopped (`go infinite`),
//! is analysing: the book is not asked then.

use crate::book::PickMode;
use crate::book::layers::{Books, Layer, LayerPolicy};
use crate::config::Config;
use crate::core::{FenError, MoveError, Position, notation};
use crate::engine::{BookPolicy, Engine, Reply, Settings, Think};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::search::{Event, Level, Limits, Score, SearchResult, available_threads};
use crate::util::rng;
use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const NAME: &str = concat!("Huo Chess ", env!("CARGO_PKG_VERSION"));

/// The UCI options and their current values.
struct Options {
    hash_mb: usize,
    /// Search threads at full strength, 1 to the machine's cores.
    threads: usize,
    own_book: bool,
    book_path: Option<PathBuf>,
    level: Level,
    limit_strength: bool,
    elo: u32,
    max_book_ply: u32,
    pick: PickMode,
    /// Centipawns.
    contempt: i32,
    /// How many best lines each search reports.
    multipv: usize,
}

impl Options {
    fn level(&self) -> Level {
        if self.limit_strength {
            Level::from_elo(self.elo)
        } else {
            self.level
        }
    }
}

/// `UCI_Elo` from the lowest rung's measured strength to full strength's; in between, the
/// strength is interpolated between the two rungs around it (see [`Level::Rated`]).
const ELO_MIN: u32 = Level::ELO_RANGE.0;
const ELO_MAX: u32 = Level::ELO_RANGE.1;
/// The most MultiPV lines (no position has more legal moves than this).
const MULTIPV_MAX: usize = 256;

/// Lines to the GUI, shared by the reading loop and the engine service's replies.
type Out<W> = Arc<Mutex<W>>;

fn say<W: Write>(out: &Out<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The most characters of the input echoed back in an `info string`.
const ECHO_MAX: usize = 60;
/// The most characters of any `info string` (the net under every echo, our own messages
/// being far shorter).
const INFO_MAX: usize = 400;

/// `text` as it may be shown to the GUI: control characters escaped (`\u{1b}`), and cut
/// to `max` characters with what was left out counted.
fn escaped(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == max {
            let rest = text.chars().count() - n;
            out.push_str(&format!("… ({rest} more characters)"));
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A piece of the input, quoted back in a message.
fn shown(text: &str) -> String {
    escaped(text, ECHO_MAX)
}

/// `info string MESSAGE`, escaped and cut to a sane length whatever the message holds.
fn info<W: Write>(out: &Out<W>, message: &str) {
    say(out, &format!("info string {}", escaped(message, INFO_MAX)));
}

/// Why the user's book at `path` cannot be read and what answers instead, for one
/// `info string` (`None`: no path given, the book reads, or the policy never asks it).
fn book_problem(path: Option<&Path>, layers: LayerPolicy) -> Option<String> {
    let path = path.filter(|_| layers.consults(Layer::User))?;
    let problem = crate::book::check_folder(path).err()?;
    let instead = if layers.consults(Layer::BuiltIn) {
        "the built-in book answers alone"
    } else {
        "no book is used (book.layers is \"user\")"
    };
    Some(format!("BookPath {problem}; {instead}"))
}

/// The position each `go` still to be answered was about, by request id: what `bestmove`
/// needs besides the engine service's answer (see [`bestmove_line`]). The reading loop
/// adds a position before it sends the request, the reply handler takes it out. More than
/// one can wait: a new `go` may come in while the last answer is still being written.
#[derive(Default)]
struct Asked(Mutex<Vec<(u64, Position)>>);

impl Asked {
    fn add(&self, id: u64, pos: Position) {
        if let Ok(mut p) = self.0.lock() {
            p.push((id, pos));
        }
    }

    /// The position request `id` was about, taken out (each `go` answers exactly one
    /// `bestmove`).
    fn take(&self, id: u64) -> Option<Position> {
        let mut p = self.0.lock().ok()?;
        let i = p.iter().position(|(k, _)| *k == id)?;
        Some(p.remove(i).1)
    }
}

/// The search handler: turns the engine service's replies into protocol lines.
fn reply_line(reply: Reply, asked: &Asked) -> Option<String> {
    match reply {
        Reply::Event { event, .. } => match event {
            Event::Iteration(it) => {
                let score = match it.score {
                    Score::Cp(cp) => format!("cp {cp}"),
                    Score::Mate(n) => format!("mate {n}"),
                };
                let pv: Vec<String> = it.pv.iter().map(|m| m.uci()).collect();
                Some(format!(
                    "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} \
                     hashfull {} time {} pv {}",
                    it.depth,
                    it.seldepth,
                    it.multipv,
                    it.nodes,
                    it.nps,
                    it.hashfull,
                    it.time.as_millis(),
                    pv.join(" ")
                ))
            }
            Event::Book { mv, file } => {
                Some(format!("info string book move {} from {file}", mv.uci()))
            }
            Event::Progress(p) => Some(format!(
                "info currmove {} currmovenumber {} nodes {} time {}",
                p.mv.uci(),
                p.index,
                p.nodes,
                p.time.as_millis()
            )),
            Event::Message(m) => Some(format!("info string {}", escaped(&m, INFO_MAX))),
            Event::Node(_) | Event::Tree(_) => None,
        },
        Reply::Done { id, result, .. } => {
            let pos = asked.take(id)?;
            // The nodes of the whole search, the unfinished last iteration included (a GUI
            // shows the last number it was told).
            let total = (result.nodes > 0).then(|| format!("info nodes {}\n", result.nodes));
            Some(total.unwrap_or_default() + &bestmove_line(&pos, &result))
        }
        Reply::Failed { id, message } => {
            let pos = asked.take(id)?;
            // The service answers no move when the search fails (a bug, caught), but every
            // `go` is owed a `bestmove`: the first legal move keeps the game going.
            let first = SearchResult {
                best: pos.legal_moves().first().copied(),
                ponder: None,
                score: Score::Cp(0),
                depth: 0,
                nodes: 0,
            };
            Some(format!(
                "info string engine error: {message}\n{}",
                bestmove_line(&pos, &first)
            ))
        }
    }
}

/// Speaks UCI on `input`/`output` until `quit` or the end of the input. Parsing and
/// printing only: the engine service does the thinking.
pub fn run<R: BufRead, W: Write + Send + 'static>(mut input: R, output: W, config: &Config) {
    let mut session = UciSession::new(output, config);
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return session.end_of_input(),
            Ok(_) => {}
        }
        if session.command(&String::from_utf8_lossy(&bytes)).is_break() {
            return session.quit();
        }
    }
}

/// One UCI conversation: the options the GUI has set, the game it has set up, and the
/// engine service that thinks about it. One method per command; the service's replies
/// are printed by its handler as they come, so the conversation goes on while it thinks.
struct UciSession<W: Write + Send + 'static> {
    out: Out<W>,
    opts: Options,
    /// The evaluation the engine uses, for `eval`.
    eval: Evaluator,
    layers: LayerPolicy,
    engine: Engine,
    asked: Arc<Asked>,
    /// A broken `book.path` in the configuration, said once, after the first handshake.
    book_warning: Option<String>,
    game: Game,
    /// The last search ends only on `stop` (`go infinite`, `go ponder`).
    infinite: bool,
}

impl<W: Write + Send + 'static> UciSession<W> {
    /// The options as the configuration sets them, and the engine service started.
    fn new(output: W, config: &Config) -> Self {
        let out: Out<W> = Arc::new(Mutex::new(output));
        let opts = Options {
            hash_mb: config.search.hash_mb,
            threads: config.search.threads.clamp(1, available_threads()),
            own_book: config.book.enabled,
            book_path: config.book.path.clone(),
            level: Level::FULL,
            limit_strength: false,
            elo: ELO_MAX,
            max_book_ply: config.book.max_ply,
            contempt: config.search.contempt_cp(),
            pick: config.book.pick,
            multipv: 1,
        };
        let eval = Evaluator::from_config(config);
        let layers = config.book.layers;
        let asked = Arc::<Asked>::default();
        let engine = {
            let (out, asked) = (Arc::clone(&out), Arc::clone(&asked));
            Engine::spawn(
                Settings {
                    eval: eval.clone(),
                    hash_mb: opts.hash_mb,
                    threads: opts.threads,
                    contempt: opts.contempt,
                    book: Some(Books::locate(opts.book_path.as_deref(), layers)),
                },
                Box::new(move |reply| {
                    if let Some(line) = reply_line(reply, &asked) {
                        say(&out, &line);
                    }
                }),
            )
        };
        UciSession {
            book_warning: book_problem(opts.book_path.as_deref(), layers),
            out,
            opts,
            eval,
            layers,
            engine,
            asked,
            game: Game::new(),
            infinite: false,
        }
    }

    /// Answers one line of input; `Break` after `quit`.
    fn command(&mut self, line: &str) -> ControlFlow<()> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return ControlFlow::Continue(());
        };
        match command {
            "uci" => self.uci(),
            "isready" => self.isready(),
            "setoption" => self.setoption(args),
            "ucinewgame" => self.ucinewgame(),
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => self.stop(),
            "ponderhit" => self.ponderhit(),
            "quit" => return ControlFlow::Break(()),
            "debug" => self.debug(),
            "register" => self.register(),
            "d" => self.d(),
            "eval" => self.explain_eval(),
            _ => info(
                &self.out,
                &format!("unknown command '{}' ignored", shown(command)),
            ),
        }
        ControlFlow::Continue(())
    }

    /// `uci`: who we are, our options, `uciok`.
    fn uci(&mut self) {
        for l in option_lines(&self.opts) {
            say(&self.out, &l);
        }
        if let Some(w) = self.book_warning.take() {
            info(&self.out, &w);
        }
    }

    /// `isready`: answered at once, even while thinking.
    fn isready(&self) {
        say(&self.out, "readyok");
    }

    /// `setoption name <id> [value <x>]`.
    fn setoption(&mut self, args: &[&str]) {
        // Options are set between searches (the GUI should not send them while we think):
        // a running search is let finish first.
        self.engine.wait_idle(Duration::from_secs(3600));
        let book_path = self.opts.book_path.clone();
        match set_option(&mut self.opts, args) {
            Ok(Change::Hash) => self.engine.set_hash(self.opts.hash_mb),
            Ok(Change::Threads) => self.engine.set_threads(self.opts.threads),
            Ok(Change::Contempt) => self.engine.set_contempt(self.opts.contempt),
            Ok(Change::Other) => {}
            Err(e) => info(&self.out, &e.to_string()),
        }
        if book_path != self.opts.book_path {
            let path = self.opts.book_path.as_deref();
            self.engine.set_book(Some(Books::locate(path, self.layers)));
            self.book_warning = None;
            if let Some(w) = book_problem(path, self.layers) {
                info(&self.out, &w);
            }
        }
    }

    /// `ucinewgame`: what the engine learned is forgotten; the game starts afresh.
    fn ucinewgame(&mut self) {
        self.engine.clear();
        self.game = Game::new();
    }

    /// `position startpos|fen <FEN> [moves …]`: a position we cannot read leaves the game
    /// as it was.
    fn position(&mut self, args: &[&str]) {
        match parse_position(args) {
            Ok(g) => self.game = g,
            Err(e) => info(&self.out, &format!("position ignored: {e}")),
        }
    }

    /// `go …`: the engine service thinks; its handler prints the `info` lines and the
    /// `bestmove`.
    fn go(&mut self, args: &[&str]) {
        if self.engine.thinking().is_some() {
            info(&self.out, "go ignored: already searching (send stop first)");
            return;
        }
        let (mut limits, ponder, problems) = parse_go(args, self.game.position());
        limits.multipv = self.opts.multipv;
        self.infinite = limits.infinite || ponder;
        for p in problems {
            info(&self.out, &p);
        }
        // Alternatives or a restricted root: the GUI analyses, the book keeps out.
        let analysing = self.opts.multipv > 1 || !limits.searchmoves.is_empty();
        let book = (self.opts.own_book && !analysing).then(|| BookPolicy {
            max_ply: self.opts.max_book_ply,
            pick: self.opts.pick,
            seed: rng::seed_from_clock() ^ self.game.position().key(),
        });
        let think = Think {
            game: self.game.clone(),
            level: self.opts.level(),
            limits,
            book,
            instant_forced: false,
            ponder,
        };
        // Registered before the request is sent: the reply may come at once.
        self.asked.add(self.engine.next_id(), *self.game.position());
        self.engine.think(think);
    }

    /// `stop`: the search answers its best move so far; we wait for that answer.
    fn stop(&self) {
        self.engine.stop();
        self.engine.wait_idle(Duration::from_secs(60));
    }

    /// `ponderhit`: the GUI's opponent played the move we pondered; the clock starts.
    fn ponderhit(&self) {
        self.engine.ponder_hit();
    }

    /// `debug on|off`: we have no extra output to switch, so nothing changes.
    fn debug(&self) {}

    /// `register`: Huo Chess needs no registration.
    fn register(&self) {}

    /// `d` (not a UCI command; handy in a terminal): the current position's FEN.
    fn d(&self) {
        info(&self.out, &self.game.position().fen());
    }

    /// `eval` (not a UCI command; handy in a terminal): the static evaluation, part by part.
    fn explain_eval(&self) {
        for line in self.eval.explain(self.game.position()).to_string().lines() {
            info(&self.out, line);
        }
    }

    /// `quit`: the search stops, its answer goes out, the service ends.
    fn quit(self) {
        self.engine.stop();
        self.close();
    }

    /// The end of the input: a bounded search still running finishes and answers; one
    /// that only `stop` would end is stopped.
    fn end_of_input(self) {
        if self.infinite {
            self.engine.stop();
        }
        self.close();
    }

    /// The last answer goes out; then the service ends.
    fn close(self) {
        self.engine.wait_idle(Duration::from_secs(3600));
        self.engine.quit();
    }
}

/// `id`, `option` and `uciok`: the answer to `uci`.
fn option_lines(opts: &Options) -> Vec<String> {
    let levels: String = Level::all().iter().map(|l| format!(" var {l}")).collect();
    vec![
        format!("id name {NAME}"),
        "id author the Huo Chess developers (after Spiros Kakos)".into(),
        format!(
            "option name Hash type spin default {} min 1 max 4096",
            opts.hash_mb
        ),
        format!(
            "option name Threads type spin default {} min 1 max {}",
            opts.threads,
            available_threads()
        ),
        format!("option name OwnBook type check default {}", opts.own_book),
        "option name BookPath type string default <default>".into(),
        format!(
            "option name Level type combo default {}{levels}",
            Level::FULL
        ),
        "option name Ponder type check default false".into(),
        format!(
            "option name Contempt type spin default {} min -100 max 100",
            opts.contempt
        ),
        "option name UCI_LimitStrength type check default false".into(),
        format!("option name UCI_Elo type spin default {ELO_MAX} min {ELO_MIN} max {ELO_MAX}"),
        format!(
            "option name MultiPV type spin default {} min 1 max {MULTIPV_MAX}",
            opts.multipv
        ),
        "uciok".into(),
    ]
}

/// `bestmove e2e4 ponder e7e5` for the answer `r` about `pos` (`0000`: there is no legal
/// move).
///
/// The best move is sent as the engine service gives it: the service answers only a legal
/// move (the book's is checked against the position, the search's against the legal
/// moves, the first legal one standing in otherwise) and none only when there is none.
/// The ponder move is checked here, the one legality check made on an answer: the service
/// passes the search's on unchecked, and when it puts a legal move in place of an illegal
/// one (a search bug) the ponder move that came with it no longer follows it. A GUI told
/// to ponder on an impossible move would think about a position that cannot arise.
fn bestmove_line(pos: &Position, r: &SearchResult) -> String {
    match r.best {
        None => "bestmove 0000".into(),
        Some(mv) => match r.ponder.filter(|&p| pos.after(mv).is_legal(p)) {
            Some(p) => format!("bestmove {} ponder {}", mv.uci(), p.uci()),
            None => format!("bestmove {}", mv.uci()),
        },
    }
}

/// What a `setoption` changed that the engine service must hear of.
#[derive(Debug)]
enum Change {
    Hash,
    Threads,
    Contempt,
    Other,
}

/// Why a `setoption` is ignored; the words it quotes are cut short and escaped.
#[derive(Clone, Debug, PartialEq)]
enum OptionError {
    /// Not `name <id> [value <x>]`: the words given.
    Syntax(String),
    /// A value that is neither `true` nor `false`.
    NotBool {
        name: String,
        value: String,
    },
    /// A number outside its option's range, or no number: the number parser's error kept
    /// when it did not read at all.
    Range {
        option: &'static str,
        value: String,
        expected: String,
        source: Option<std::num::ParseIntError>,
    },
    Level(crate::level::LevelError),
    Unknown(String),
}

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionError::Syntax(text) => write!(
                f,
                "setoption ignored: expected 'setoption name <id> value <x>', got '{text}'"
            ),
            OptionError::NotBool { name, value } => {
                write!(f, "option {name}: '{value}' is not true or false")
            }
            OptionError::Range {
                option,
                value,
                expected,
                ..
            } => write!(f, "option {option}: '{value}' is not {expected}"),
            OptionError::Level(e) => write!(f, "option Level: {e}"),
            OptionError::Unknown(name) => write!(f, "unknown option '{name}' ignored"),
        }
    }
}

impl std::error::Error for OptionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OptionError::Range {
                source: Some(e), ..
            } => Some(e),
            OptionError::Level(e) => Some(e),
            _ => None,
        }
    }
}

/// `value` read as a number within `range`, or why not, said for `option`.
fn ranged<T>(
    option: &'static str,
    value: &str,
    range: std::ops::RangeInclusive<T>,
    expected: impl FnOnce() -> String,
) -> Result<T, OptionError>
where
    T: std::str::FromStr<Err = std::num::ParseIntError> + PartialOrd,
{
    let read = value.parse::<T>();
    match read {
        Ok(n) if range.contains(&n) => Ok(n),
        read => Err(OptionError::Range {
            option,
            value: shown(value),
            expected: expected(),
            source: read.err(),
        }),
    }
}

fn set_option(opts: &mut Options, args: &[&str]) -> Result<Change, OptionError> {
    // setoption name <id words> [value <words>]
    let text = args.join(" ");
    let rest = text
        .strip_prefix("name ")
        .ok_or_else(|| OptionError::Syntax(shown(&text)))?;
    let (name, value) = match rest.find(" value") {
        Some(i) => (rest[..i].trim(), rest[i + 6..].trim()),
        None => (rest.trim(), ""),
    };
    // As they are quoted back: cut short, control bytes escaped.
    let (n, v) = (shown(name), shown(value));
    let bool_value = || match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::NotBool {
            name: n.clone(),
            value: v.clone(),
        }),
    };
    match name.to_ascii_lowercase().as_str() {
        "hash" => {
            let mb: usize = ranged("Hash", value, 1..=4096, || {
                "a size from 1 to 4096 MB".into()
            })?;
            opts.hash_mb = mb;
            return Ok(Change::Hash);
        }
        "threads" => {
            // More threads than cores would only take turns on them.
            let cores = available_threads();
            opts.threads = ranged("Threads", value, 1..=cores, || {
                format!("from 1 to {cores} (this machine's cores)")
            })?;
            return Ok(Change::Threads);
        }
        "ownbook" => opts.own_book = bool_value()?,
        "bookpath" => {
            opts.book_path =
                (!value.is_empty() && value != "<default>").then(|| PathBuf::from(value));
        }
        "level" => opts.level = value.parse().map_err(OptionError::Level)?,
        "uci_limitstrength" => opts.limit_strength = bool_value()?,
        "uci_elo" => {
            opts.elo = ranged("UCI_Elo", value, ELO_MIN..=ELO_MAX, || {
                format!("from {ELO_MIN} to {ELO_MAX}")
            })?;
        }
        "ponder" => {
            bool_value()?;
        }
        "multipv" => {
            opts.multipv = ranged("MultiPV", value, 1..=MULTIPV_MAX, || {
                format!("from 1 to {MULTIPV_MAX}")
            })?;
        }
        "contempt" => {
            opts.contempt = ranged("Contempt", value, -100..=100, || "from -100 to 100".into())?;
            return Ok(Change::Contempt);
        }
        _ => return Err(OptionError::Unknown(n)),
    }
    Ok(Change::Other)
}

/// Why a `position` command is ignored; the words it quotes are cut short and escaped.
#[derive(Clone, Debug, PartialEq)]
enum PositionError {
    /// Neither `startpos` nor `fen`.
    Start,
    Fen {
        fen: String,
        source: FenError,
    },
    /// A move that cannot be read or played.
    Move {
        text: String,
        source: MoveError,
    },
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::Start => f.write_str("expected 'startpos' or 'fen <FEN>'"),
            PositionError::Fen { fen, source } => {
                write!(f, "bad FEN '{}': {source}", shown(fen))
            }
            PositionError::Move { text, source } => write!(f, "move '{}': {source}", shown(text)),
        }
    }
}

impl std::error::Error for PositionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PositionError::Start => None,
            PositionError::Fen { source, .. } => Some(source),
            PositionError::Move { source, .. } => Some(source),
        }
    }
}

/// `position startpos|fen <FEN> [moves m1 m2 …]` → the game it describes.
fn parse_position(args: &[&str]) -> Result<Game, PositionError> {
    let moves_at = args
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(args.len());
    let start = match args.first() {
        Some(&"startpos") => Position::startpos(),
        Some(&"fen") => {
            let fen = args[1..moves_at].join(" ");
            match Position::from_fen(&fen) {
                Ok(p) => p,
                Err(source) => return Err(PositionError::Fen { fen, source }),
            }
        }
        _ => return Err(PositionError::Start),
    };
    let mut game = Game::from_position(start);
    for text in args.iter().skip(moves_at + 1) {
        let bad = |source| PositionError::Move {
            text: text.to_string(),
            source,
        };
        let mv = notation::parse_uci(game.position(), text).map_err(bad)?;
        game.play(mv).map_err(bad)?;
    }
    Ok(game)
}

/// The words `go` knows: `searchmoves` takes the words up to the next of them.
const GO_WORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// `go` parameters in position `pos` → limits, whether to ponder, and what could not be
/// understood.
fn parse_go(args: &[&str], pos: &Position) -> (Limits, bool, Vec<String>) {
    let mut limits = Limits::default();
    let mut ponder = false;
    let mut problems = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let value = args.get(i + 1).copied();
        let ms = |v: Option<&str>| -> Option<Duration> {
            v.and_then(|v| v.parse::<i64>().ok())
                .map(|n| Duration::from_millis(n.max(1) as u64))
        };
        let num = |v: Option<&str>| v.and_then(|v| v.parse::<u64>().ok());
        let mut takes_value = true;
        let ok = match key {
            "wtime" => ms(value).map(|d| limits.wtime = Some(d)).is_some(),
            "btime" => ms(value).map(|d| limits.btime = Some(d)).is_some(),
            "winc" => ms(value).map(|d| limits.winc = Some(d)).is_some(),
            "binc" => ms(value).map(|d| limits.binc = Some(d)).is_some(),
            "movetime" => ms(value).map(|d| limits.movetime = Some(d)).is_some(),
            // 0 is no control ahead (the time manager shares the clock as when it is
            // absent), never "the last move before the control".
            "movestogo" => num(value)
                .map(|n| limits.movestogo = Some(n.min(u32::MAX as u64) as u32))
                .is_some(),
            "depth" => num(value)
                .map(|n| limits.depth = Some(n.clamp(1, 100) as u32))
                .is_some(),
            "nodes" => num(value).map(|n| limits.nodes = Some(n.max(1))).is_some(),
            "mate" => num(value)
                .map(|n| limits.depth = Some((2 * n as u32).clamp(1, 100)))
                .is_some(),
            "infinite" => {
                takes_value = false;
                limits.infinite = true;
                true
            }
            "ponder" => {
                takes_value = false;
                ponder = true;
                true
            }
            "searchmoves" => {
                let mut given = 0;
                i += 1;
                while let Some(&text) = args.get(i).filter(|w| !GO_WORDS.contains(w)) {
                    given += 1;
                    // `parse_uci` finds the move among the legal ones, or says why not.
                    match notation::parse_uci(pos, text) {
                        Ok(mv) => {
                            if !limits.searchmoves.contains(&mv) {
                                limits.searchmoves.push(mv);
                            }
                        }
                        Err(e) => problems.push(format!("go searchmoves: {e}, ignored")),
                    }
                    i += 1;
                }
                if given > 0 && limits.searchmoves.is_empty() {
                    problems.push("go searchmoves: no legal move given, searching all".into());
                }
                continue;
            }
            _ => {
                takes_value = false;
                false
            }
        };
        if !ok {
            problems.push(format!(
                "go: '{}{}' not understood, ignored",
                shown(key),
                value
                    .map(|v| format!(" {}", shown(v)))
                    .filter(|_| takes_value)
                    .unwrap_or_default()
            ));
        }
        i += if takes_value { 2 } else { 1 };
    }
    (limits, ponder, problems)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Move, Square, parse_uci};

    #[test]
    fn an_option_ignored_says_why_and_keeps_the_readers_error() {
        use std::error::Error;
        let config = Config::default();
        let mut opts = Options {
            hash_mb: 16,
            threads: 1,
            own_book: true,
            book_path: None,
            level: Level::FULL,
            limit_strength: false,
            elo: ELO_MAX,
            max_book_ply: config.book.max_ply,
            contempt: 0,
            pick: config.book.pick,
            multipv: 1,
        };
        let e = set_option(&mut opts, &["name", "Hash", "value", "lots"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "option Hash: 'lots' is not a size from 1 to 4096 MB"
        );
        let read = e
            .source()
            .unwrap()
            .downcast_ref::<std::num::ParseIntError>();
        assert_eq!(read, Some(&"lots".parse::<usize>().unwrap_err()));
        let e = set_option(&mut opts, &["name", "Contempt", "value", "200"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "option Contempt: '200' is not from -100 to 100"
        );
        assert!(e.source().is_none());
        let e = set_option(&mut opts, &["name", "Level", "value", "x"]).unwrap_err();
        let level = e
            .source()
            .unwrap()
            .downcast_ref::<crate::level::LevelError>();
        assert_eq!(e.to_string(), format!("option Level: {}", level.unwrap()));
        let e = set_option(&mut opts, &["name", "OwnBook", "value", "yes"]).unwrap_err();
        assert_eq!(e.to_string(), "option OwnBook: 'yes' is not true or false");
        let e = set_option(&mut opts, &["name", "Nope"]).unwrap_err();
        assert_eq!(e, OptionError::Unknown("Nope".into()));
        assert_eq!(e.to_string(), "unknown option 'Nope' ignored");
        let e = set_option(&mut opts, &["Hash"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "setoption ignored: expected 'setoption name <id> value <x>', got 'Hash'"
        );
        assert_eq!(opts.hash_mb, 16);
    }

    #[test]
    fn a_position_ignored_says_why_and_keeps_the_readers_error() {
        use std::error::Error;
        let e = parse_position(&["fen", "8/8/8", "w"]).unwrap_err();
        let fen = e.source().unwrap().downcast_ref::<FenError>().unwrap();
        assert_eq!(e.to_string(), format!("bad FEN '8/8/8 w': {fen}"));
        let e = parse_position(&["startpos", "moves", "e2e4", "e2e4"]).unwrap_err();
        let moved = e.source().unwrap().downcast_ref::<MoveError>().unwrap();
        assert_eq!(e.to_string(), format!("move 'e2e4': {moved}"));
        let e = parse_position(&["start"]).unwrap_err();
        assert_eq!(e, PositionError::Start);
        assert_eq!(e.to_string(), "expected 'startpos' or 'fen <FEN>'");
        assert!(e.source().is_none());
    }

    /// Output shared with the test: `run` takes its writer by value.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The lines a whole session on `input` writes.
    fn session(input: &str) -> Vec<String> {
        let out = Shared::default();
        run(input.as_bytes(), out.clone(), &Config::default());
        let bytes = out.0.lock().unwrap().clone();
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }

    fn result(best: Option<Move>, ponder: Option<Move>) -> SearchResult {
        SearchResult {
            best,
            ponder,
            score: Score::Cp(0),
            depth: 1,
            nodes: 1,
        }
    }

    fn uci(pos: &Position, text: &str) -> Move {
        parse_uci(pos, text).unwrap()
    }

    #[test]
    fn bestmove_sends_a_ponder_move_only_if_it_follows_the_best_move() {
        let start = Position::startpos();
        let e4 = uci(&start, "e2e4");
        let e5 = uci(&start.after(e4), "e7e5");
        assert_eq!(
            bestmove_line(&start, &result(Some(e4), Some(e5))),
            "bestmove e2e4 ponder e7e5"
        );
        // White's own e2e4 again is no reply to 1. e4: left out, the best move still sent.
        assert_eq!(
            bestmove_line(&start, &result(Some(e4), Some(e4))),
            "bestmove e2e4"
        );
        assert_eq!(
            bestmove_line(&start, &result(Some(e4), None)),
            "bestmove e2e4"
        );
        assert_eq!(bestmove_line(&start, &result(None, None)), "bestmove 0000");
    }

    #[test]
    fn a_failed_search_still_answers_a_legal_move_once() {
        let asked = Asked::default();
        let start = Position::startpos();
        asked.add(7, start);
        let failed = || Reply::Failed {
            id: 7,
            message: "boom".into(),
        };
        let text = reply_line(failed(), &asked).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "info string engine error: boom");
        let best = lines[1].strip_prefix("bestmove ").unwrap();
        assert!(start.is_legal(uci(&start, best)), "{text}");
        // Its position is taken: a second answer to the same request is not sent.
        assert_eq!(reply_line(failed(), &asked), None);
        // Nor one to a request that was never made.
        let done = Reply::Done {
            id: 8,
            result: result(Some(Move::new(Square::E2, Square::E4, None)), None),
            origin: crate::engine::Origin::Search,
        };
        assert_eq!(reply_line(done, &asked), None);
    }

    #[test]
    fn the_end_of_the_input_lets_a_bounded_search_answer() {
        let lines = session(
            "setoption name OwnBook value false\nposition startpos moves e2e4\ngo depth 3\n",
        );
        let last = lines.last().unwrap();
        let best = last.strip_prefix("bestmove ").unwrap().split(' ').next();
        let after_e4 = Position::startpos().after(uci(&Position::startpos(), "e2e4"));
        assert!(parse_uci(&after_e4, best.unwrap()).is_ok(), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 3 ")),
            "{lines:?}"
        );
    }

    #[test]
    fn the_end_of_the_input_or_quit_stops_a_search_that_only_stop_ends() {
        for input in ["go infinite\n", "go infinite\nquit\nisready\n"] {
            let lines = session(input);
            assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
            // Nothing is read after `quit`.
            assert!(!lines.iter().any(|l| l == "readyok"), "{lines:?}");
        }
    }

    #[test]
    fn each_command_is_answered_and_junk_is_explained() {
        let lines =
            session("\n  \nisready\nuci\nd\nfly me to the moon\ndebug on\nregister later\n");
        assert_eq!(lines[0], "readyok");
        assert!(lines[1].starts_with("id name Huo Chess"));
        let ok = lines.iter().position(|l| l == "uciok").unwrap();
        assert_eq!(
            &lines[ok + 1..],
            [
                format!("info string {}", Position::STARTING_FEN),
                "info string unknown command 'fly' ignored".to_string(),
            ]
        );
    }
}
