//! The game screen's state and everything that changes it.
//!
//! [`App`] is plain data plus methods: keys ([`App::handle_key`]), `:` commands
//! ([`App::handle_command`]), mouse clicks and the engine's reports
//! ([`App::handle_engine_event`], [`App::handle_search_done`]) go in; what to draw comes out
//! as fields the `ui` module reads. No terminal is needed, so all of it is testable.

use super::GameArgs;
use super::engine::{Engine, Job, Reply};
use super::theme::Theme;
use super::ui;
use crate::book::Book;
use crate::config::Config;
use crate::core::{Color, Move, MoveError, Position, Role, Square, huo, parse_move, san};
use crate::game::Game;
use crate::logfile::LogFile;
use crate::search::{Event, Iteration, Level, Limits, Score, SearchResult};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The original's answer to a move it cannot read.
pub const INVALID_MOVE: &str = "Invalid move - Please try again";
/// The original's prompts.
pub const ENTER_MOVE: &str = "Enter your move:";
pub const THINKING: &str = "Thinking...";
pub const CHECK: &str = "Check!";
pub const I_RESIGN: &str = "I resign!";
pub const ASK_COLOR: &str = "Set your color. Please select 'w' or 'b':";
pub const ASK_LEVEL: &str = "Set thinking depth. Please select 1 or 3 or 5:";
pub const EXPLAIN: &str = "Enter move coordinates without spaces (e.g. c2c4) and press Enter";
pub const ASK_CLOCK: &str = "Time control, minutes+increment (e.g. 5+3), Enter for none:";

/// The engine accepts a draw offer when its own score is at most this (centipawns).
pub const DRAW_ACCEPT_CP: i32 = -150;
/// How many log lines are kept on screen (older ones scroll away).
pub const LOG_CAP: usize = 5000;

/// Which screen or dialog has the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// "Resume the saved game? (y/n)".
    Resume,
    SetupColor,
    SetupLevel,
    SetupClock,
    Play,
    /// A pawn reached the last rank: which piece?
    Promotion {
        from: Square,
        to: Square,
    },
    ConfirmQuit,
    Help,
}

/// A game action a key is bound to (see `config.tui.keys`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    NewGame,
    Takeback,
    Flip,
    SwitchSides,
    Hint,
    MoveNow,
    Level,
    Save,
    Load,
    CopyFen,
    ToggleLog,
    Help,
    Quit,
}

/// Chess clocks with an increment (Fischer): the side to move's time runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    pub base: Duration,
    pub inc: Duration,
    /// Time left, White then Black, as of `since`.
    pub remaining: [Duration; 2],
    /// When the side to move's time started running (`None`: stopped).
    pub since: Option<Instant>,
}

impl Clock {
    pub fn new(base: Duration, inc: Duration) -> Clock {
        Clock {
            base,
            inc,
            remaining: [base, base],
            since: None,
        }
    }

    /// Time left for `side` at `now`, `to_move` being the side whose time runs.
    pub fn left(&self, side: Color, to_move: Color, now: Instant) -> Duration {
        let r = self.remaining[side.index()];
        match self.since {
            Some(t) if side == to_move => r.saturating_sub(now.saturating_duration_since(t)),
            _ => r,
        }
    }

    /// `mover` has moved at `now`: its time is charged, the increment added, and the
    /// other side's time starts.
    pub fn press(&mut self, mover: Color, now: Instant) {
        let left = self.left(mover, mover, now);
        self.remaining[mover.index()] = left + self.inc;
        self.since = Some(now);
    }

    /// `5+3` (minutes + seconds increment), `5` or `0.5+1`.
    pub fn parse(text: &str) -> Option<Clock> {
        let (m, s) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let m: f64 = m.trim().parse().ok()?;
        let s: f64 = s.trim().parse().ok()?;
        if !(m > 0.0 && m <= 600.0 && (0.0..=600.0).contains(&s)) {
            return None;
        }
        Some(Clock::new(
            Duration::from_secs_f64(m * 60.0),
            Duration::from_secs_f64(s),
        ))
    }

    /// `5+3` again.
    pub fn describe(&self) -> String {
        let m = self.base.as_secs_f64() / 60.0;
        format!("{}+{}", trim_float(m), trim_float(self.inc.as_secs_f64()))
    }
}

fn trim_float(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `mm:ss` (or `h:mm:ss`).
pub fn format_clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

/// Reads a level as the setup dialog and `--level` take it: `1`, `3`, `5` are the classic
/// depths (as the original asked), `L1`..`L10` the modern ladder, `max`/`full` its top, and
/// anything [`Level`]'s own parser reads (`classic-3`, `c5`, `7`).
pub fn parse_level(text: &str) -> Result<Level, String> {
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "1" | "3" | "5" => return Ok(Level::Classic(t.parse().unwrap_or(1))),
        _ => {}
    }
    if let Some(n) = t.strip_prefix('l') {
        return match n.parse::<u8>() {
            Ok(n) if (1..=Level::MAX_MODERN).contains(&n) => Ok(Level::Modern(n)),
            _ => Err(format!(
                "'{text}': the ladder goes from L1 to L{}",
                Level::MAX_MODERN
            )),
        };
    }
    t.parse::<Level>()
}

/// A level as shown: `classic-3` or `L7`.
pub fn level_name(level: Level) -> String {
    match level {
        Level::Classic(_) => level.to_string(),
        Level::Modern(n) => format!("L{n}"),
    }
}

/// A score as shown in the log: `+0.35`, `-1.20`, `#3`, `#-2`.
pub fn format_score(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// Plays `pv` from `pos` and writes it in SAN, stopping at the first move that does not fit.
pub fn pv_san(pos: &Position, pv: &[Move]) -> String {
    let mut p = *pos;
    let mut out = Vec::new();
    for &mv in pv {
        if !p.is_legal(mv) {
            break;
        }
        out.push(san(&p, mv));
        p.play(mv);
    }
    out.join(" ")
}

/// The thinking shown while the engine works.
#[derive(Clone, Debug, PartialEq)]
pub struct Thinking {
    pub job: Job,
    pub started: Instant,
    pub depth: u32,
    pub best: Option<String>,
    pub score: Option<Score>,
}

/// The game screen.
pub struct App {
    pub config: Config,
    pub theme: Theme,
    pub game: Game,
    /// The side the player has.
    pub human: Color,
    pub level: Level,
    pub flipped: bool,
    pub mode: Mode,
    /// Mode to return to when the help screen or the quit question closes.
    pub back_to: Mode,
    /// The input line: a move, or a `:command`.
    pub input: String,
    /// `My move: e2 -> e4`.
    pub my_move: Option<String>,
    /// The side to move is in check.
    pub check: bool,
    /// A one-line note (`Invalid move - Please try again`, `Hint: Nf3`, ...).
    pub message: Option<String>,
    /// Is the note a warning (drawn in the alert colour)?
    pub alert: bool,
    pub log: Vec<String>,
    /// Lines scrolled up from the bottom of the log.
    pub log_scroll: usize,
    pub show_log: bool,
    pub cursor: Square,
    pub selected: Option<Square>,
    pub thinking: Option<Thinking>,
    pub clock: Option<Clock>,
    /// Why the game ended (`Checkmate! White wins`, `I resign!`, ...).
    pub over: Option<String>,
    /// The PGN result once over.
    pub result: Option<&'static str>,
    pub quit: bool,
    /// Text for the terminal clipboard (OSC 52), taken by the run loop.
    pub clipboard: Option<String>,
    /// The screen size, for mouse clicks.
    pub screen: Rect,
    pub engine: Engine,
    pub book: Option<Book>,
    pub logfile: Option<LogFile>,
    /// Where the game is saved on quit (`None`: not saved).
    pub autosave: Option<PathBuf>,
    /// Drives the book's weighted choice.
    pub seed: u64,
    /// The engine's last search score, from its own side.
    pub engine_score: Option<Score>,
    /// Consecutive engine moves with a hopeless score.
    pub hopeless: u32,
    /// The engine has offered a draw the player may take with `:draw`.
    pub draw_offered: bool,
    /// Consecutive dead-level scores late in the game (the engine offers a draw at 3).
    pub level_scores: u32,
    /// The setup dialog still has to ask these.
    ask_level: bool,
    ask_clock: bool,
}

impl App {
    /// A new game screen: options from the command line over the configuration. The dialog
    /// asks what `args` leaves open; a game found at `autosave` is offered first.
    pub fn new(config: &Config, args: &GameArgs, autosave: Option<PathBuf>) -> App {
        let mut app = App {
            config: config.clone(),
            theme: Theme::by_name(&config.tui.theme),
            game: Game::new(),
            human: Color::White,
            level: config.search.level,
            flipped: false,
            mode: Mode::SetupColor,
            back_to: Mode::Play,
            input: String::new(),
            my_move: None,
            check: false,
            message: None,
            alert: false,
            log: Vec::new(),
            log_scroll: 0,
            show_log: true,
            cursor: Square::E2,
            selected: None,
            thinking: None,
            clock: None,
            over: None,
            result: None,
            quit: false,
            clipboard: None,
            screen: Rect::new(0, 0, 80, 25),
            engine: Engine::spawn(config),
            book: None,
            logfile: None,
            autosave,
            seed: seed_now(),
            engine_score: None,
            hopeless: 0,
            draw_offered: false,
            level_scores: 0,
            ask_level: true,
            ask_clock: true,
        };
        if config.book.enabled {
            let dir = args.book.as_deref().or(config.book.path.as_deref());
            app.book = Some(Book::locate(dir));
        }
        if let Some(path) = args.log.as_ref().or(config.log.file.as_ref()) {
            match LogFile::open(
                path,
                config.log.max_kb.saturating_mul(1024),
                config.log.keep,
            ) {
                Ok(f) => app.logfile = Some(f),
                Err(e) => app.note(format!("Cannot open log {}: {e}", path.display()), true),
            }
        }
        if let Some(fen) = &args.fen {
            match Position::from_fen(fen) {
                Ok(p) => app.game = Game::from_position(p),
                Err(e) => app.note(format!("Bad --fen: {e}"), true),
            }
        }
        let mut color_given = false;
        if let Some(c) = &args.color {
            match c.trim().to_ascii_lowercase().as_str() {
                "w" | "white" => (app.human, color_given) = (Color::White, true),
                "b" | "black" => (app.human, color_given) = (Color::Black, true),
                _ => app.note(format!("--color {c}: expected w or b"), true),
            }
        }
        if let Some(l) = &args.level {
            match parse_level(l) {
                Ok(level) => {
                    app.level = level;
                    app.ask_level = false;
                }
                Err(e) => app.note(format!("--level: {e}"), true),
            }
        }
        app.flipped = app.human == Color::Black;
        // Both given on the command line: no questions at all (no clock either).
        app.ask_clock = !color_given || app.ask_level;
        let resumable = args.fen.is_none() && app.autosave.as_deref().is_some_and(Path::exists);
        app.mode = if resumable {
            Mode::Resume
        } else if color_given {
            app.mode_after_color()
        } else {
            Mode::SetupColor
        };
        if app.mode == Mode::Play {
            app.start_play();
        }
        app
    }

    /// The setup question after the colour one.
    fn mode_after_color(&self) -> Mode {
        if self.ask_level {
            Mode::SetupLevel
        } else if self.ask_clock {
            Mode::SetupClock
        } else {
            Mode::Play
        }
    }

    /// The engine's side.
    pub fn engine_side(&self) -> Color {
        !self.human
    }

    /// Is it the player's turn in a game still going on?
    pub fn humans_turn(&self) -> bool {
        self.over.is_none() && self.game.position().turn() == self.human
    }

    // ---- log and notes ----

    /// Adds a line to the log pane (and the log file).
    pub fn log_line(&mut self, line: impl Into<String>) {
        let line = line.into();
        if let Some(f) = &mut self.logfile
            && f.write_line(&line).is_err()
        {
            self.logfile = None;
        }
        self.log.push(line);
        if self.log.len() > LOG_CAP {
            self.log.drain(..self.log.len() - LOG_CAP);
        }
    }

    /// Shows a one-line note in the panel.
    pub fn note(&mut self, text: impl Into<String>, alert: bool) {
        self.message = Some(text.into());
        self.alert = alert;
    }

    // ---- the game flow ----

    /// The setup is done: the game starts (the engine moves first if it has White).
    pub fn start_play(&mut self) {
        self.mode = Mode::Play;
        self.flipped = self.human == Color::Black;
        if self.message.is_none() {
            self.note(EXPLAIN, false);
        }
        self.log_line(format!(
            "New game: you play {}, level {}{}",
            self.human,
            level_name(self.level),
            self.clock
                .as_ref()
                .map(|c| format!(", clock {}", c.describe()))
                .unwrap_or_default()
        ));
        if let Some(c) = &mut self.clock {
            c.since = Some(Instant::now());
        }
        self.after_move();
    }

    /// After any change of position: check, game end, and the engine's turn.
    fn after_move(&mut self) {
        self.selected = None;
        let pos = *self.game.position();
        self.check = pos.in_check();
        if let Some(outcome) = self.game.outcome() {
            self.finish(outcome.to_string(), outcome.result());
            return;
        }
        if self.check {
            self.log_line(CHECK);
        }
        if self.mode == Mode::Play && pos.turn() == self.engine_side() {
            self.engine_turn();
        }
    }

    /// The game is over.
    fn finish(&mut self, why: String, result: &'static str) {
        self.engine.cancel();
        self.thinking = None;
        if let Some(c) = &mut self.clock {
            let now = Instant::now();
            let turn = self.game.position().turn();
            c.remaining[turn.index()] = c.left(turn, turn, now);
            c.since = None;
        }
        self.log_line(format!("Game over: {why} ({result})"));
        self.over = Some(why);
        self.result = Some(result);
    }

    /// The engine's turn: a forced move or a book move at once, else a search.
    pub fn engine_turn(&mut self) {
        if self.over.is_some() || self.game.position().turn() != self.engine_side() {
            return;
        }
        let pos = *self.game.position();
        let legal = pos.legal_moves();
        if legal.len() == 1 {
            let mv = legal[0];
            self.play_engine_move(mv, "forced: the only legal move".into());
            return;
        }
        if let Some(book) = &self.book
            && self.config.book.enabled
            && (self.game.moves().len() as u32) < self.config.book.max_ply
        {
            self.seed = self
                .seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if let Some((mv, file)) = book.pick(&pos, self.config.book.pick, self.seed >> 11)
                && pos.is_legal(mv)
            {
                self.log_line(format!("Book move {} from {file}", mv.uci()));
                self.play_engine_move(mv, format!("book, {file}"));
                return;
            }
        }
        let limits = self.limits();
        self.engine.think(Job::Move, &self.game, self.level, limits);
        self.thinking = Some(Thinking {
            job: Job::Move,
            started: Instant::now(),
            depth: 0,
            best: None,
            score: None,
        });
    }

    /// How long the engine may think: the clocks when they run, else a budget by level
    /// (the classic levels search their fixed depth, however long it takes).
    pub fn limits(&self) -> Limits {
        let mut l = Limits::default();
        if let Some(c) = &self.clock {
            let now = Instant::now();
            let turn = self.game.position().turn();
            l.wtime = Some(c.left(Color::White, turn, now));
            l.btime = Some(c.left(Color::Black, turn, now));
            l.winc = Some(c.inc);
            l.binc = Some(c.inc);
        } else if let Level::Classic(d) = self.level {
            l.depth = Some(u32::from(d));
        }
        // A modern level without a clock keeps to its own limits (`Level::limits`).
        l
    }

    /// Plays the engine's move and says so.
    fn play_engine_move(&mut self, mv: Move, why: String) {
        let pos = *self.game.position();
        let text = san(&pos, mv);
        if self.game.play(mv).is_err() {
            self.log_line(format!("Engine move {} is illegal here: ignored", mv.uci()));
            return;
        }
        self.press_clock(pos.turn());
        self.my_move = Some(format!("My move: {}", huo(mv)));
        self.log_line(format!("My move: {text} ({why})"));
        self.after_move();
    }

    /// The player's move.
    pub fn play_human_move(&mut self, mv: Move) {
        let pos = *self.game.position();
        if self.over.is_some() || pos.turn() != self.human || !pos.is_legal(mv) {
            self.note(INVALID_MOVE, true);
            return;
        }
        let text = san(&pos, mv);
        let _ = self.game.play(mv);
        self.press_clock(pos.turn());
        self.message = None;
        self.draw_offered = false;
        self.log_line(format!("Your move: {text}"));
        self.after_move();
    }

    fn press_clock(&mut self, mover: Color) {
        if let Some(c) = &mut self.clock {
            c.press(mover, Instant::now());
        }
    }

    /// Reads a typed move (Huo `c2c4`, `c2-c4`, UCI, SAN) and plays it; a promotion without
    /// its piece opens the promotion dialog; anything else gets the original's answer.
    pub fn submit_move(&mut self, text: &str) {
        if self.over.is_some() {
            self.note("The game is over: n for a new one", true);
            return;
        }
        if !self.humans_turn() {
            self.note("Please wait: it is my move", true);
            return;
        }
        match parse_move(self.game.position(), text) {
            Ok(mv) => self.play_human_move(mv),
            Err(MoveError::MissingPromotion { from, to, .. }) => {
                self.mode = Mode::Promotion { from, to };
            }
            Err(e) => {
                self.log_line(format!("{INVALID_MOVE}: {e}"));
                self.note(INVALID_MOVE, true);
            }
        }
    }

    // ---- engine reports ----

    /// Drains the engine's channel without waiting (the run loop calls this every tick).
    /// Returns whether anything arrived (the screen needs a redraw).
    pub fn poll_engine(&mut self) -> bool {
        let mut any = false;
        while let Some(reply) = self.engine.next_reply(Duration::ZERO) {
            self.handle_reply(reply);
            any = true;
        }
        any
    }

    /// Waits up to `timeout` for the current search to finish (tests, and nothing else).
    pub fn wait_engine(&mut self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        while self.engine.busy().is_some() {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            if let Some(reply) = self.engine.next_reply(left) {
                self.handle_reply(reply);
            }
        }
        true
    }

    fn handle_reply(&mut self, reply: Reply) {
        match reply {
            Reply::Event { event, .. } => self.handle_engine_event(event),
            Reply::Done { job, result, .. } => match job {
                Job::Move => self.handle_search_done(result),
                Job::Hint => self.handle_hint_done(result),
            },
            Reply::Failed { job, message, .. } => {
                self.thinking = None;
                self.log_line(format!("Engine error: {message}"));
                self.note("Engine error (see the log)", true);
                // Keep the game going: the first legal move stands in for the search.
                if job == Job::Move
                    && self.over.is_none()
                    && !self.humans_turn()
                    && let Some(&mv) = self.game.position().legal_moves().first()
                {
                    self.play_engine_move(mv, "engine error: first legal move".into());
                }
            }
        }
    }

    /// One report of the thinking engine: shown in the log pane and the panel.
    pub fn handle_engine_event(&mut self, event: Event) {
        match event {
            Event::Iteration(it) => self.log_iteration(&it),
            Event::Node(line) => self.log_line(line),
            Event::Book { mv, file } => {
                self.log_line(format!("Book move {} from {file}", mv.uci()))
            }
            Event::Message(m) => self.log_line(m),
        }
    }

    fn log_iteration(&mut self, it: &Iteration) {
        let pos = *self.game.position();
        let pv = pv_san(&pos, &it.pv);
        if let Some(t) = &mut self.thinking {
            t.depth = it.depth;
            t.score = Some(it.score);
            t.best = it
                .pv
                .first()
                .filter(|m| pos.is_legal(**m))
                .map(|&m| san(&pos, m));
        }
        let hint = if self.thinking.as_ref().is_some_and(|t| t.job == Job::Hint) {
            "hint "
        } else {
            ""
        };
        self.log_line(format!(
            "{hint}depth {}/{} score {} nodes {} nps {} time {:.1}s pv {pv}",
            it.depth,
            it.seldepth,
            format_score(it.score),
            it.nodes,
            it.nps,
            it.time.as_secs_f64()
        ));
    }

    /// The engine has chosen its move: resign, or play it and say why.
    pub fn handle_search_done(&mut self, result: SearchResult) {
        self.thinking = None;
        if self.over.is_some() || self.game.position().turn() != self.engine_side() {
            return;
        }
        self.engine_score = Some(result.score);
        let hopeless = match result.score {
            Score::Cp(cp) => f64::from(cp) <= -self.config.tui.resign_threshold * 100.0,
            Score::Mate(n) => n < 0,
        };
        self.hopeless = if hopeless { self.hopeless + 1 } else { 0 };
        if self.config.tui.resign && self.hopeless >= 3 {
            self.my_move = None;
            let winner = self.human;
            self.finish(
                I_RESIGN.into(),
                if winner == Color::White { "1-0" } else { "0-1" },
            );
            return;
        }
        let late_and_level = self.game.moves().len() >= 80
            && matches!(result.score, Score::Cp(cp) if cp.abs() <= 10);
        self.level_scores = if late_and_level {
            self.level_scores + 1
        } else {
            0
        };
        let Some(mv) = result.best else {
            self.after_move();
            return;
        };
        let why = match result.score {
            Score::Mate(n) if n > 0 => format!("mate found: mate in {n}"),
            s => format!(
                "search: depth {}, score {}, {} nodes",
                result.depth,
                format_score(s),
                result.nodes
            ),
        };
        self.play_engine_move(mv, why);
        if self.level_scores >= 3 && self.over.is_none() && !self.draw_offered {
            self.draw_offered = true;
            self.note("I offer a draw: :draw accepts", false);
            self.log_line("I offer a draw (type :draw to accept)");
        }
    }

    fn handle_hint_done(&mut self, result: SearchResult) {
        self.thinking = None;
        let pos = *self.game.position();
        match result.best.filter(|&m| pos.is_legal(m)) {
            Some(mv) if self.humans_turn() => {
                let text = san(&pos, mv);
                self.log_line(format!("Hint: {text} ({})", format_score(result.score)));
                self.note(format!("Hint: {text}"), false);
                self.cursor = mv.from();
            }
            _ => {}
        }
    }

    /// The clocks: a side whose time has run out loses. Call regularly.
    pub fn tick(&mut self, now: Instant) {
        if self.over.is_some() || self.mode == Mode::Resume {
            return;
        }
        let Some(c) = &self.clock else { return };
        let turn = self.game.position().turn();
        if c.since.is_some() && c.left(turn, turn, now).is_zero() {
            let pos = self.game.position();
            let other = !turn;
            let minors =
                pos.pieces(other, Role::Knight).count() + pos.pieces(other, Role::Bishop).count();
            let others = pos.by_color(other).count() - 1;
            let (why, result) = if others == 0 || (others == 1 && minors == 1) {
                (
                    format!("{turn} runs out of time, but {other} cannot mate: draw"),
                    "1/2-1/2",
                )
            } else if turn == Color::White {
                ("White loses on time".to_string(), "0-1")
            } else {
                ("Black loses on time".to_string(), "1-0")
            };
            self.finish(why, result);
        }
    }

    /// Is anything running that the screen must redraw for (thinking, clocks)?
    pub fn busy(&self) -> bool {
        self.thinking.is_some()
            || (self.over.is_none() && self.clock.as_ref().is_some_and(|c| c.since.is_some()))
    }

    // ---- keys ----

    /// The action bound to `c` in the configuration.
    pub fn action_for(&self, c: char) -> Option<Action> {
        let k = &self.config.tui.keys;
        let table = [
            (k.new_game, Action::NewGame),
            (k.takeback, Action::Takeback),
            (k.flip, Action::Flip),
            (k.switch_sides, Action::SwitchSides),
            (k.hint, Action::Hint),
            (k.move_now, Action::MoveNow),
            (k.level, Action::Level),
            (k.save, Action::Save),
            (k.load, Action::Load),
            (k.copy_fen, Action::CopyFen),
            (k.toggle_log, Action::ToggleLog),
            (k.help, Action::Help),
            (k.quit, Action::Quit),
        ];
        table.iter().find(|(key, _)| *key == c).map(|&(_, a)| a)
    }

    /// One key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == crossterm::event::KeyEventKind::Release {
            return;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('d')) {
            if self.mode == Mode::ConfirmQuit {
                self.quit = true;
            } else {
                self.ask_quit();
            }
            return;
        }
        match self.mode {
            Mode::Help => self.mode = self.back_to,
            Mode::ConfirmQuit => {
                if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                    self.quit = true;
                } else {
                    self.mode = self.back_to;
                }
            }
            Mode::Resume => match key.code {
                KeyCode::Char('y' | 'Y') | KeyCode::Enter => self.resume(),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => {
                    if let Some(p) = &self.autosave {
                        let _ = std::fs::remove_file(p);
                    }
                    self.mode = Mode::SetupColor;
                }
                _ => {}
            },
            Mode::SetupColor => match key.code {
                KeyCode::Char('w' | 'W') => self.set_color(Color::White),
                KeyCode::Char('b' | 'B') => self.set_color(Color::Black),
                _ => {}
            },
            Mode::SetupLevel | Mode::SetupClock => self.setup_line_key(key),
            Mode::Promotion { from, to } => {
                let role = match key.code {
                    KeyCode::Char(c) => Role::from_char(c).filter(|r| Role::PROMOTIONS.contains(r)),
                    KeyCode::Enter => Some(Role::Queen),
                    _ => None,
                };
                if let Some(role) = role {
                    self.mode = Mode::Play;
                    self.play_human_move(Move::new(from, to, Some(role)));
                } else if key.code == KeyCode::Esc {
                    self.mode = Mode::Play;
                    self.selected = None;
                }
            }
            Mode::Play => self.play_key(key),
        }
    }

    fn set_color(&mut self, c: Color) {
        self.human = c;
        self.flipped = c == Color::Black;
        self.mode = self.mode_after_color();
        if self.mode == Mode::Play {
            self.start_play();
        }
    }

    /// Typing in the level and clock questions.
    fn setup_line_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Char(c) if self.input.len() < 20 => self.input.push(c),
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Enter => {
                let text = std::mem::take(&mut self.input);
                if self.mode == Mode::SetupLevel {
                    match parse_level(&text) {
                        Ok(l) => {
                            self.level = l;
                            self.message = None;
                            self.mode = if self.ask_clock {
                                Mode::SetupClock
                            } else {
                                Mode::Play
                            };
                        }
                        Err(e) => self.note(e, true),
                    }
                } else if text.trim().is_empty() {
                    self.clock = None;
                    self.message = None;
                    self.mode = Mode::Play;
                } else if let Some(c) = Clock::parse(&text) {
                    self.clock = Some(c);
                    self.message = None;
                    self.mode = Mode::Play;
                } else {
                    self.note(
                        format!("'{text}': expected minutes+increment, e.g. 5+3"),
                        true,
                    );
                }
                if self.mode == Mode::Play {
                    self.start_play();
                }
            }
            _ => {}
        }
    }

    /// Keys during play. Letters type into the input line; a bound key acts when the line
    /// is empty, except the file letters a-h, which always start a move (reach those
    /// bindings with Alt+key, or the `:` commands).
    fn play_key(&mut self, key: KeyEvent) {
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        match key.code {
            KeyCode::Enter => {
                let text = std::mem::take(&mut self.input);
                let text = text.trim();
                if let Some(cmd) = text.strip_prefix(':') {
                    self.handle_command(cmd);
                } else if !text.is_empty() {
                    self.submit_move(text);
                } else {
                    self.cursor_select();
                }
            }
            KeyCode::Esc => {
                self.input.clear();
                self.selected = None;
                self.message = None;
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Up => self.move_cursor(0, 1),
            KeyCode::Down => self.move_cursor(0, -1),
            KeyCode::Left => self.move_cursor(-1, 0),
            KeyCode::Right => self.move_cursor(1, 0),
            KeyCode::PageUp => self.scroll_log(10),
            KeyCode::PageDown => self.scroll_log(-10),
            KeyCode::Home if self.input.is_empty() => self.log_scroll = self.log.len(),
            KeyCode::End if self.input.is_empty() => self.log_scroll = 0,
            KeyCode::Char(c) => {
                let empty = self.input.is_empty();
                if (alt || (empty && c != 'h'))
                    && let Some((df, dr)) = cursor_key(c)
                {
                    self.move_cursor(df, dr);
                    return;
                }
                if let Some(a) = self.action_for(c)
                    && (alt || (empty && !('a'..='h').contains(&c)))
                {
                    self.do_action(a);
                } else if self.input.chars().count() < 100 {
                    self.input.push(c);
                }
            }
            _ => {}
        }
    }

    fn move_cursor(&mut self, df: i8, dr: i8) {
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        if let Some(sq) = self.cursor.offset(df, dr) {
            self.cursor = sq;
        }
    }

    /// Scrolls the log `lines` up (negative: down).
    pub fn scroll_log(&mut self, lines: isize) {
        let max = self.log.len().saturating_sub(1);
        self.log_scroll = self.log_scroll.saturating_add_signed(lines).min(max);
    }

    /// Enter on the board (or a click): select a piece of yours, or move the selected one.
    pub fn cursor_select(&mut self) {
        let sq = self.cursor;
        let pos = *self.game.position();
        let own = pos.piece_on(sq).is_some_and(|p| p.color == self.human);
        match self.selected {
            Some(from) if from == sq => self.selected = None,
            Some(from) if !own => {
                let moves: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| m.from() == from && m.to() == sq)
                    .collect();
                match moves.as_slice() {
                    [] => self.note(INVALID_MOVE, true),
                    [mv] => self.play_human_move(*mv),
                    _ => self.mode = Mode::Promotion { from, to: sq },
                }
            }
            _ if own && self.humans_turn() => self.selected = Some(sq),
            _ => {}
        }
    }

    /// The legal destinations of the selected piece.
    pub fn targets(&self) -> Vec<Square> {
        super::board::legal_targets(self.game.position(), self.selected)
    }

    /// A mouse event: a left click on the board acts like the cursor and Enter.
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        match ev.kind {
            MouseEventKind::Down(MouseButton::Left) if self.mode == Mode::Play => {
                if let Some(geo) = ui::board_geometry(self.screen, self)
                    && let Some(sq) = geo.square_at(ev.column, ev.row)
                {
                    self.cursor = sq;
                    self.cursor_select();
                }
            }
            MouseEventKind::ScrollUp => self.scroll_log(3),
            MouseEventKind::ScrollDown => self.scroll_log(-3),
            _ => {}
        }
    }

    fn ask_quit(&mut self) {
        if self.mode != Mode::ConfirmQuit {
            self.back_to = if self.mode == Mode::Help {
                Mode::Play
            } else {
                self.mode
            };
            self.mode = Mode::ConfirmQuit;
        }
    }

    /// Does what a bound key asks.
    pub fn do_action(&mut self, a: Action) {
        match a {
            Action::NewGame => self.new_game(None),
            Action::Takeback => self.takeback(),
            Action::Flip => self.flipped = !self.flipped,
            Action::SwitchSides => self.switch_sides(),
            Action::Hint => self.hint(),
            Action::MoveNow => self.engine.stop(),
            Action::Level => self.input = ":level ".into(),
            Action::Save => self.input = ":save ".into(),
            Action::Load => self.input = ":load ".into(),
            Action::CopyFen => self.copy_fen(),
            Action::ToggleLog => self.show_log = !self.show_log,
            Action::Help => {
                self.back_to = self.mode;
                self.mode = Mode::Help;
            }
            Action::Quit => self.ask_quit(),
        }
    }

    /// A fresh game from `start` (the initial position by default), same sides and level.
    pub fn new_game(&mut self, start: Option<Position>) {
        self.engine.clear();
        self.game = Game::from_position(start.unwrap_or_else(Position::startpos));
        self.reset_game_state();
        if let Some(c) = &mut self.clock {
            *c = Clock::new(c.base, c.inc);
        }
        self.start_play();
    }

    fn reset_game_state(&mut self) {
        self.thinking = None;
        self.over = None;
        self.result = None;
        self.my_move = None;
        self.message = None;
        self.selected = None;
        self.hopeless = 0;
        self.level_scores = 0;
        self.draw_offered = false;
        self.engine_score = None;
    }

    /// Takes back the player's last move and the engine's answer (just the player's move
    /// while the engine is still thinking about it).
    pub fn takeback(&mut self) {
        if self.game.moves().is_empty() {
            self.note("Nothing to take back", true);
            return;
        }
        let was_thinking = self.engine.busy() == Some(Job::Move);
        self.engine.cancel();
        self.thinking = None;
        self.game.undo();
        if !was_thinking
            && self.game.position().turn() != self.human
            && !self.game.moves().is_empty()
        {
            self.game.undo();
        }
        self.reset_game_state();
        self.log_line("Takeback");
        if let Some(c) = &mut self.clock {
            c.since = Some(Instant::now());
        }
        self.after_move();
    }

    /// The player takes the other colour; the engine moves if it is now its turn.
    pub fn switch_sides(&mut self) {
        if self.thinking.as_ref().is_some_and(|t| t.job == Job::Move) {
            self.engine.cancel();
            self.thinking = None;
        }
        self.human = !self.human;
        self.flipped = self.human == Color::Black;
        self.log_line(format!("You now play {}", self.human));
        self.after_move();
    }

    /// The engine suggests a move for the player (a short search).
    pub fn hint(&mut self) {
        if !self.humans_turn() || self.thinking.is_some() {
            return;
        }
        let limits = Limits {
            depth: Some(4),
            movetime: Some(Duration::from_secs(1)),
            ..Limits::default()
        };
        self.engine
            .think(Job::Hint, &self.game, Level::Modern(5), limits);
        self.thinking = Some(Thinking {
            job: Job::Hint,
            started: Instant::now(),
            depth: 0,
            best: None,
            score: None,
        });
    }

    fn copy_fen(&mut self) {
        let fen = self.game.position().fen();
        self.log_line(format!("FEN: {fen}"));
        self.note("FEN copied (also in the log)", false);
        self.clipboard = Some(fen);
    }

    // ---- commands ----

    /// A `:` command (without the colon).
    pub fn handle_command(&mut self, line: &str) {
        let line = line.trim();
        let (cmd, arg) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let arg = arg.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "new" => self.new_game(None),
            "undo" | "takeback" | "back" => self.takeback(),
            "flip" => self.flipped = !self.flipped,
            "switch" => self.switch_sides(),
            "hint" => self.hint(),
            "now" => self.engine.stop(),
            "level" => match parse_level(arg) {
                Ok(l) => {
                    self.level = l;
                    self.log_line(format!("Level {}", level_name(l)));
                    self.note(format!("Level: {}", level_name(l)), false);
                }
                Err(e) => self.note(e, true),
            },
            "clock" => self.set_clock(arg),
            "save" => self.save_pgn(arg),
            "load" => self.load_pgn(arg),
            "fen" => match Position::from_fen(arg) {
                Ok(p) => {
                    self.log_line(format!("Position set: {arg}"));
                    self.new_game(Some(p));
                }
                Err(e) => self.note(format!("Bad FEN: {e}"), true),
            },
            "savefen" => self.save_fen(arg),
            "copy" | "copyfen" => self.copy_fen(),
            "draw" => self.draw_offer(),
            "resign" => {
                if self.over.is_none() {
                    let r = if self.human == Color::White {
                        "0-1"
                    } else {
                        "1-0"
                    };
                    self.finish("You resigned".into(), r);
                }
            }
            "log" => self.show_log = !self.show_log,
            "help" => self.do_action(Action::Help),
            "quit" | "q" | "exit" => self.ask_quit(),
            _ => self.note(format!("Unknown command ':{cmd}' (? for help)"), true),
        }
    }

    fn set_clock(&mut self, arg: &str) {
        if matches!(arg, "off" | "none" | "") {
            self.clock = None;
            self.note("Clocks off", false);
            return;
        }
        match Clock::parse(arg) {
            Some(mut c) => {
                if self.over.is_none() {
                    c.since = Some(Instant::now());
                }
                self.note(format!("Clocks: {} each", c.describe()), false);
                self.log_line(format!("Clocks set to {}", c.describe()));
                self.clock = Some(c);
            }
            None => self.note(
                format!("'{arg}': expected minutes+increment, e.g. 5+3"),
                true,
            ),
        }
    }

    /// The player offers a draw: accepted when the engine's last score is at most
    /// [`DRAW_ACCEPT_CP`], or when it offered one itself.
    fn draw_offer(&mut self) {
        if self.over.is_some() {
            return;
        }
        let accept = self.draw_offered
            || matches!(self.engine_score, Some(Score::Cp(cp)) if cp <= DRAW_ACCEPT_CP)
            || matches!(self.engine_score, Some(Score::Mate(n)) if n < 0);
        if accept {
            self.finish("Draw agreed".into(), "1/2-1/2");
        } else {
            self.note("I decline the draw", false);
            self.log_line("Draw offer declined");
        }
    }

    /// The PGN tags of this game.
    pub fn pgn_headers(&self) -> Vec<(String, String)> {
        let engine = format!("Huo Chess ({})", level_name(self.level));
        let (white, black) = if self.human == Color::White {
            ("Player".to_string(), engine)
        } else {
            (engine, "Player".to_string())
        };
        let mut h = vec![
            ("Event".to_string(), "Huo Chess game".to_string()),
            ("Site".to_string(), "?".to_string()),
            ("Date".to_string(), pgn_date()),
            ("Round".to_string(), "-".to_string()),
            ("White".to_string(), white),
            ("Black".to_string(), black),
            ("Level".to_string(), self.level.to_string()),
        ];
        if let Some(c) = &self.clock {
            h.push((
                "TimeControl".to_string(),
                format!("{}+{}", c.base.as_secs(), c.inc.as_secs()),
            ));
        }
        if let Some(why) = &self.over {
            h.push(("Termination".to_string(), why.clone()));
        }
        h
    }

    /// The game as PGN text.
    pub fn pgn_text(&self) -> String {
        crate::pgn::write_game(&self.game, &self.pgn_headers(), self.result)
    }

    fn save_pgn(&mut self, path: &str) {
        if path.is_empty() {
            self.note("Usage: :save FILE.pgn", true);
            return;
        }
        match write_atomic(Path::new(path), &self.pgn_text()) {
            Ok(()) => {
                self.log_line(format!("Game saved to {path}"));
                self.note(format!("Saved to {path}"), false);
            }
            Err(e) => self.note(format!("Cannot save {path}: {e}"), true),
        }
    }

    fn load_pgn(&mut self, path: &str) {
        if path.is_empty() {
            self.note("Usage: :load FILE.pgn", true);
            return;
        }
        match std::fs::read_to_string(path) {
            Ok(text) => match self.set_game_from_pgn(&text) {
                Ok(()) => {
                    self.log_line(format!("Game loaded from {path}"));
                    self.note(format!("Loaded {path}"), false);
                }
                Err(e) => self.note(format!("Cannot load {path}: {e}"), true),
            },
            Err(e) => self.note(format!("Cannot read {path}: {e}"), true),
        }
    }

    /// Replaces the game with the first game of a PGN text: its moves, its level (`Level`
    /// tag) and which side the player had (`White`/`Black` = `Player`).
    pub fn set_game_from_pgn(&mut self, text: &str) -> Result<(), String> {
        let pgn = read_pgn(text)?;
        self.engine.clear();
        self.game = pgn.game.clone();
        self.reset_game_state();
        if let Some(l) = pgn.header("Level").and_then(|l| l.parse::<Level>().ok()) {
            self.level = l;
        }
        if pgn.header("Black") == Some("Player") {
            self.human = Color::Black;
        } else if pgn.header("White") == Some("Player") {
            self.human = Color::White;
        }
        self.flipped = self.human == Color::Black;
        if let Some(c) = &mut self.clock {
            *c = Clock::new(c.base, c.inc);
            c.since = Some(Instant::now());
        }
        self.mode = Mode::Play;
        if !matches!(pgn.result.as_str(), "*" | "") && self.game.outcome().is_none() {
            let r: &'static str = match pgn.result.as_str() {
                "1-0" => "1-0",
                "0-1" => "0-1",
                _ => "1/2-1/2",
            };
            self.over = Some(format!("Game ended {r}"));
            self.result = Some(r);
        }
        self.after_move();
        Ok(())
    }

    fn save_fen(&mut self, path: &str) {
        let fen = self.game.position().fen();
        if path.is_empty() {
            self.log_line(format!("FEN: {fen}"));
            self.note("FEN written to the log", false);
            return;
        }
        match write_atomic(Path::new(path), &format!("{fen}\n")) {
            Ok(()) => self.note(format!("FEN saved to {path}"), false),
            Err(e) => self.note(format!("Cannot save {path}: {e}"), true),
        }
    }

    /// Resumes the autosaved game.
    fn resume(&mut self) {
        let text = self
            .autosave
            .as_ref()
            .map(std::fs::read_to_string)
            .transpose();
        match text {
            Ok(Some(t)) => match self.set_game_from_pgn(&t) {
                Ok(()) => {
                    self.log_line("Saved game resumed");
                    self.note(EXPLAIN, false);
                }
                Err(e) => {
                    self.note(format!("Cannot resume: {e}"), true);
                    self.mode = Mode::SetupColor;
                }
            },
            _ => self.mode = Mode::SetupColor,
        }
    }

    /// On quit: a game in progress is saved for next time; otherwise the old save goes.
    pub fn autosave_now(&mut self) -> std::io::Result<()> {
        let Some(path) = self.autosave.clone() else {
            return Ok(());
        };
        if self.mode == Mode::Resume {
            return Ok(()); // not answered yet: keep the saved game for next time
        }
        if self.over.is_none() && !self.game.moves().is_empty() {
            write_atomic(&path, &self.pgn_text())
        } else {
            match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            }
        }
    }

    /// Pieces each side has captured (`o o N`), White's captures first.
    pub fn captured(&self) -> [String; 2] {
        let start = [8, 2, 2, 2, 1, 1];
        let pos = self.game.position();
        let mut out = [String::new(), String::new()];
        for (i, side) in [Color::Black, Color::White].into_iter().enumerate() {
            for role in [
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
            ] {
                let have = pos.pieces(side, role).count() as i32;
                let missing = (start[role.index()] - have).max(0);
                for _ in 0..missing {
                    if !out[i].is_empty() {
                        out[i].push(' ');
                    }
                    out[i].push(self.theme.glyph(crate::core::Piece::new(side, role)));
                }
            }
        }
        out
    }
}

/// A game read back from PGN: its tags, moves and result.
#[derive(Clone, Debug)]
pub struct PgnRead {
    pub headers: Vec<(String, String)>,
    pub game: Game,
    pub result: String,
}

impl PgnRead {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads a game with [`crate::pgn::parse_game`]; when that fails, falls back to a plain
/// reading (tags, a `FEN` tag, SAN/Huo move tokens, `{}` comments skipped; no variations),
/// which is enough for the files this screen writes.
pub fn read_pgn(text: &str) -> Result<PgnRead, String> {
    match crate::pgn::parse_game(text) {
        Ok(p) => Ok(PgnRead {
            game: p.to_game(),
            headers: p.headers,
            result: p.result,
        }),
        Err(e) => read_plain_pgn(text).ok_or_else(|| e.to_string()),
    }
}

fn read_plain_pgn(text: &str) -> Option<PgnRead> {
    let mut headers = Vec::new();
    let mut movetext = String::new();
    for line in text.lines() {
        let l = line.trim();
        if let Some(tag) = l.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            let (k, v) = tag.split_once(char::is_whitespace)?;
            headers.push((k.to_string(), v.trim().trim_matches('"').to_string()));
        } else {
            movetext.push_str(l);
            movetext.push(' ');
        }
    }
    let start = match headers.iter().find(|(k, _)| k == "FEN") {
        Some((_, fen)) => Position::from_fen(fen).ok()?,
        None => Position::startpos(),
    };
    let mut game = Game::from_position(start);
    let mut result = "*".to_string();
    let mut depth = 0;
    let mut clean = String::new();
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = 0,
            _ if depth == 0 => clean.push(c),
            _ => {}
        }
    }
    for token in clean.split_whitespace() {
        let t = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if t.is_empty() {
            continue;
        }
        if matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*") || matches!(token, "1-0" | "0-1") {
            result = token.to_string();
            continue;
        }
        game.play_text(t).ok()?;
    }
    Some(PgnRead {
        headers,
        game,
        result,
    })
}

/// `h j k l` as cursor moves (file, rank).
fn cursor_key(c: char) -> Option<(i8, i8)> {
    match c {
        'h' => Some((-1, 0)),
        'j' => Some((0, -1)),
        'k' => Some((0, 1)),
        'l' => Some((1, 0)),
        _ => None,
    }
}

fn seed_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x9E37_79B9_7F4A_7C15)
}

/// Today as PGN writes dates: `2026.11.23` (UTC).
fn pgn_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86400) as i64;
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Writes a file safely: to a temporary file beside it, then renamed over it, so a crash
/// never leaves half a file.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

/// Where the game in progress is saved on quit: `$XDG_DATA_HOME/huo-chess/autosave.pgn`,
/// else `~/.local/share/huo-chess/autosave.pgn`.
pub fn autosave_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("huo-chess").join("autosave.pgn"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_as_documented() {
        assert_eq!(parse_level("3"), Ok(Level::Classic(3)));
        assert_eq!(parse_level("L7"), Ok(Level::Modern(7)));
        assert_eq!(parse_level("max"), Ok(Level::FULL));
        assert_eq!(parse_level("classic-5"), Ok(Level::Classic(5)));
        assert_eq!(parse_level("8"), Ok(Level::Modern(8)));
        assert!(parse_level("L11").is_err());
        assert!(parse_level("x").is_err());
    }

    #[test]
    fn clocks_parse_and_run() {
        let c = Clock::parse("5+3").unwrap();
        assert_eq!(c.base, Duration::from_secs(300));
        assert_eq!(c.inc, Duration::from_secs(3));
        assert_eq!(c.describe(), "5+3");
        assert!(Clock::parse("abc").is_none());
        assert!(Clock::parse("0+1").is_none());
        let mut c = Clock::new(Duration::from_secs(60), Duration::from_secs(2));
        let t0 = Instant::now();
        c.since = Some(t0);
        let t1 = t0 + Duration::from_secs(10);
        assert_eq!(
            c.left(Color::White, Color::White, t1),
            Duration::from_secs(50)
        );
        assert_eq!(
            c.left(Color::Black, Color::White, t1),
            Duration::from_secs(60)
        );
        c.press(Color::White, t1);
        assert_eq!(c.remaining[0], Duration::from_secs(52));
        assert_eq!(format_clock(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(format_clock(Duration::from_secs(65)), "01:05");
    }

    #[test]
    fn plain_pgn_fallback_reads_our_files() {
        let text = "[Event \"x\"]\n[Level \"classic-3\"]\n\n1. e4 {best} e5 2. Nf3 Nc6 *\n";
        let p = read_plain_pgn(text).unwrap();
        assert_eq!(p.header("Level"), Some("classic-3"));
        assert_eq!(p.game.moves().len(), 4);
        assert_eq!(p.result, "*");
        let p = read_plain_pgn("1.d4 d5 1-0").unwrap();
        assert_eq!(p.game.moves().len(), 2);
        assert_eq!(p.result, "1-0");
        assert!(read_plain_pgn("1. e5").is_none());
    }

    #[test]
    fn dates_look_like_pgn_dates() {
        let d = pgn_date();
        assert_eq!(d.len(), 10);
        assert_eq!(&d[4..5], ".");
    }
}
