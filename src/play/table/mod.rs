//! The table the game is played at: everything about a game against the program that is
//! not a picture or a key. The [`Controller`] plays the game (moves, clocks, the engine's
//! turn); the [`Table`] around it holds the conversation with the player: the setup
//! questions (colour, level, clock), "Are you sure?" before a game is dropped, the `:`
//! commands, the notes and the log of what happened, saving and loading, and when the game
//! waits behind another screen (the trainer, an analysis) with its clocks stopped.
//!
//! The game screen (`tui`) and plain mode (`plain`) are two views of one
//! `Table`: the screen turns keys into its calls and draws its state; plain mode turns lines
//! into the same calls and prints what it said ([`Said`]). What only a view can do (open the
//! trainer's or the analysis's screen, turn its board, copy to the clipboard) the table asks
//! for as [`Cue`]s, which each view carries out its own way.
//!
//! In parts: `:` commands ([`commands`]), the questions answered as lines ([`answers`]), the
//! game's events taken in ([`replies`]), saving and loading ([`saving`]), the analysis and
//! the trainer opened from the game ([`review`], [`training`]), watching the engine play
//! ([`watch`]), "why?" ([`why`]).

pub mod answers;
pub mod commands;
pub mod replies;
pub mod review;
pub mod saving;
pub mod setup;
pub mod training;
pub mod watch;
pub mod why;

use super::flags::Flags;
use super::log::LogPane;
use super::{Command, Controller};
use crate::config::Config;
use crate::core::{Color, Move, MoveError, Position};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::logfile::LogFile;
use crate::session::GameSession;
use crate::session::engine::Job;
use crate::util::rng::Rng;
pub use setup::SetupError;
use std::path::PathBuf;
use std::time::Instant;

pub use super::words::INVALID_MOVE;
/// The original's prompts.
pub const ENTER_MOVE: &str = "Enter your move:";
pub use crate::session::engine::THINKING;
pub const CHECK: &str = "Check!";
pub const I_RESIGN: &str = "I resign!";
pub const ASK_COLOR: &str = "Set your color. Please select 'w' or 'b':";
pub const ASK_LEVEL: &str = "Set the level. Please select 1 to 10:";
pub const EXPLAIN: &str = "Enter move coordinates without spaces (e.g. c2c4) and press Enter";
/// The note while the engine plays both sides.
pub const WATCHING: &str = "Watching: :watch or a typed move takes over";
pub const ASK_CLOCK: &str = "Time control, e.g. 5+3 (5 min + 3 s) or 90s+2s:";

/// A game-changing action waiting for the player's yes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    NewGame,
    /// Load this PGN or FEN file.
    Load(String),
    /// Set up this position.
    Fen(Box<Position>),
    /// Save the game over this file, which holds another game (or something else).
    Replace(String),
}

/// Which screen or dialog has the keyboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// "Resume the saved game? (y/n)".
    Resume,
    SetupColor,
    SetupLevel,
    SetupClock,
    Play,
    /// A pawn reached the last rank: which piece?
    Promotion {
        from: crate::core::Square,
        to: crate::core::Square,
    },
    /// "This ends the game in progress. Go on? (y/n)".
    Confirm(Pending),
    ConfirmQuit,
    Help,
    /// The "why this move?" window.
    Why,
}

impl Mode {
    /// A question or window opened on top of everything, an [`Overlay`] included: it has
    /// the keyboard until it closes.
    pub fn on_top(&self) -> bool {
        matches!(
            self,
            Mode::Help | Mode::Why | Mode::ConfirmQuit | Mode::Confirm(_)
        )
    }
}

/// What only a view can do, asked for by the table: each view carries it out its own way
/// (the screen opens a screen over the game, plain mode reads it out).
pub enum Cue {
    /// The board's cursor goes to this square (a hint's piece).
    Cursor(crate::core::Square),
    /// The position changed otherwise (a takeback, a new game): the selection is dropped.
    NewBoard,
    /// Show or hide the log.
    ToggleLog,
    /// This text to the clipboard.
    Copy(String),
    /// Browse the last classic search's MiniMax tree.
    Tree(crate::search::tree_top::TreeTop),
    /// Analyse these games (a file's, or the game on the board), from the first; `user`:
    /// the side the user played, when the game was theirs. The game waits meanwhile.
    Analyse {
        games: Vec<super::flags::TaggedGame>,
        user: Option<Color>,
    },
    /// Train on this exercise (`:train`, `:drill`). The game waits meanwhile.
    Train(Box<dyn crate::train::Exercise>),
    /// Solve puzzles (`:puzzle`). The game waits meanwhile.
    Puzzles(Box<crate::puzzle::trainer::PuzzleTrainer>),
}

/// What the game said, in order, for a view that reads it as text (plain mode) rather
/// than drawing the log pane and the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// A line of the log: what happened.
    Line(String),
    /// A line of the engine's thinking.
    Thinking(String),
    /// The line that reports a move played (a text view announces the move its own way).
    Move(String),
    /// A note in the panel (a warning, a hint, an answer).
    Note(String),
}

/// The thinking shown while the engine works.
#[derive(Clone, Debug, PartialEq)]
pub struct Thinking {
    pub job: Job,
    pub started: Instant,
    pub depth: u32,
    pub best: Option<String>,
    pub score: Option<crate::search::Score>,
    /// Nodes so far and which root move of how many (the classic levels' progress).
    pub nodes: u64,
    pub root: Option<(usize, usize)>,
}

/// The game and the conversation about it, apart from any view.
pub struct Table {
    pub(crate) config: Config,
    /// The game itself: the session (moves, sides, level, clocks, ending), the engine
    /// and the flow (no screen in it).
    pub(crate) game: Controller,
    pub flipped: bool,
    pub mode: Mode,
    /// Mode to return to when the help screen or the quit question closes.
    pub(crate) back_to: Mode,
    /// `My move: e2 -> e4`.
    pub(crate) my_move: Option<String>,
    /// A note for the player (`Invalid move - Please try again`, `Hint: Nf3`, ...); it
    /// may be several lines (the reason under the original's words).
    pub message: Option<String>,
    /// Is the note a warning (drawn in the alert colour)?
    pub alert: bool,
    pub log: LogPane,
    pub thinking: Option<Thinking>,
    pub quit: bool,
    /// The clocks were running when the trainer opened (they run again when it closes).
    pub(super) clocks_stopped: bool,
    /// The puzzles' folder (`:puzzle`: the user's own and imported puzzles, the
    /// progress), in the user's data folder.
    pub(crate) puzzles: Option<PathBuf>,
    /// The drills' deck (`:drill`), in the user's data folder.
    pub(crate) deck: Option<PathBuf>,
    /// The evaluation, to explain a line part by part.
    evaluator: Evaluator,
    /// Seeds the trainer's order.
    rng: Rng,
    /// The setup dialog still has to ask these.
    pub(super) ask_level: bool,
    pub(super) ask_clock: bool,
    /// Everything said, kept while a text view reads it (`None`: not kept).
    pub transcript: Option<Vec<Said>>,
    /// Are there keys to name (the screen), or only lines typed (plain mode)?
    pub(crate) keys: bool,
    /// What the table asks of its view, oldest first (the view takes them).
    pub cues: Vec<Cue>,
    /// The game waits behind another screen (an analysis, the trainer).
    pub(crate) away: bool,
}

impl Table {
    /// A new game screen as the checked flags ask. Flags win: the dialog asks only what
    /// they leave open, and a game saved at `autosave` is offered only when no flag asks
    /// for something else (or at once with `--resume`). Refused: `--resume` with no saved
    /// game to resume, a log file that cannot be opened.
    pub fn with_flags(
        config: &Config,
        flags: Flags,
        autosave: Option<PathBuf>,
    ) -> Result<Table, SetupError> {
        Table::starting(config, flags, autosave, false)
    }

    /// [`Table::with_flags`] for a view that reads the game as text ([`Table::as_text`]) from
    /// its very start (a game resumed by `--resume` is said too).
    pub fn with_flags_as_text(
        config: &Config,
        flags: Flags,
        autosave: Option<PathBuf>,
    ) -> Result<Table, SetupError> {
        Table::starting(config, flags, autosave, true)
    }

    fn starting(
        config: &Config,
        flags: Flags,
        autosave: Option<PathBuf>,
        text: bool,
    ) -> Result<Table, SetupError> {
        let book_dir = flags.book.as_deref().or(config.book.path.as_deref());
        let session =
            GameSession::new(None, Color::White, config.search.level).keeping_games_at(autosave);
        let mut app = Table {
            config: config.clone(),
            game: Controller::new(config, session, book_dir.map(PathBuf::from)),
            flipped: false,
            mode: Mode::SetupColor,
            back_to: Mode::Play,
            my_move: None,
            message: None,
            alert: false,
            log: LogPane::default(),
            thinking: None,
            quit: false,
            clocks_stopped: false,
            deck: crate::train::deck::default_path(),
            puzzles: crate::puzzle::library::default_dir(),
            evaluator: Evaluator::from_config(config),
            rng: Rng::from_clock(),
            ask_level: true,
            ask_clock: true,
            transcript: None,
            keys: true,
            cues: Vec::new(),
            away: false,
        };
        let log = match &flags.log {
            Some(path) => Some(("--log", path)),
            None => config.log.file.as_ref().map(|p| ("log.file", p)),
        };
        if let Some((whence, path)) = log {
            let file = LogFile::open(
                path,
                config.log.max_kb.saturating_mul(1024),
                config.log.keep,
            )
            .map_err(|source| SetupError::Log {
                whence,
                path: path.clone(),
                source,
            })?;
            app.log.file = Some(file);
        }
        if text {
            app.as_text();
        }
        let analyse = flags.analyse.clone();
        app.apply_flags(flags)?;
        if let Some(games) = analyse {
            app.open_analysis_of_file(games);
        }
        Ok(app)
    }

    /// The command-line flags, then the first question (or the game itself).
    fn apply_flags(&mut self, flags: Flags) -> Result<(), SetupError> {
        let flagged = flags.ask_for_a_game();
        let session = self.game.session_mut();
        if let Some(p) = flags.start {
            session.game = Game::from_position(p);
        }
        let mut color_given = false;
        if let Some(c) = flags.color {
            (session.human, color_given) = (c, true);
        }
        let players = flags.players;
        if players.iter().any(Option::is_some) {
            color_given = true;
            self.ask_level = false;
        }
        if let Some(level) = flags.level {
            session.level = level;
            self.ask_level = false;
        }
        let clock_given = flags.clock.is_some() || flags.no_clock;
        if flags.clock.is_some() {
            session.clock = flags.clock;
        }
        if let [Some(_), None] = players {
            session.human = Color::Black;
        } else if let [None, Some(_)] = players {
            session.human = Color::White;
        }
        session.watching = players.iter().all(Option::is_some);
        session.players = players;
        self.flipped = self.session().human == Color::Black;
        // Colour and level both given: no questions at all (no clock unless --clock).
        self.ask_clock = !clock_given && (!color_given || self.ask_level);
        let saved = self.session().saves.has_autosave();
        if flags.resume {
            if !saved {
                return Err(SetupError::NoSavedGame {
                    autosave: self.session().saves.autosave().map(PathBuf::from),
                });
            }
            return self.resume().map_err(SetupError::Resume);
        }
        if saved && !flagged {
            self.mode = Mode::Resume;
            return Ok(());
        }
        if saved {
            // The flags asked for another game: the saved one is kept, not offered.
            self.keep_autosave_as_left();
        }
        self.mode = if color_given {
            self.mode_after_color()
        } else {
            Mode::SetupColor
        };
        if self.mode == Mode::Play {
            self.start_play();
        }
        Ok(())
    }

    /// The setup question after the colour one.
    pub(super) fn mode_after_color(&self) -> Mode {
        if self.ask_level {
            Mode::SetupLevel
        } else if self.ask_clock {
            Mode::SetupClock
        } else {
            Mode::Play
        }
    }

    /// The game session: moves, sides, level, clocks, ending, saves.
    pub fn session(&self) -> &GameSession {
        self.game.session()
    }

    /// The game session, to change in place (tests set up positions and clocks so).
    pub fn session_mut(&mut self) -> &mut GameSession {
        self.game.session_mut()
    }

    /// The user's book folder, as given (`--book`, `book.path`; else found as the game
    /// finds it): where `:train` keeps its schedule and the game notices leaving it.
    pub fn book_dir(&self) -> Option<&std::path::Path> {
        self.game.book_dir()
    }

    /// Another book folder for the user's book.
    pub fn set_book_dir(&mut self, dir: Option<PathBuf>) {
        self.game.set_book_dir(dir);
    }

    /// The game is read and typed as lines (plain mode): everything said is kept for the
    /// view to print ([`Table::transcript`]), no key is named in a note, and a weak level
    /// answers without its pause (a listener waits for none).
    pub fn as_text(&mut self) {
        self.transcript.get_or_insert_with(Vec::new);
        self.keys = false;
        let policies = crate::play::setup::Policies {
            pause: 0.0,
            ..self.game.policies()
        };
        self.game.set_policies(policies);
    }

    /// "The game is over", and how to start another.
    pub(super) fn game_is_over(&mut self) {
        let how = if self.keys { "F2 or :new" } else { ":new" };
        self.note(format!("The game is over: {how} for a new one"), true);
    }

    /// `My move: e2 -> e4`: the engine's last move, as the panel shows it.
    pub fn my_move(&self) -> Option<&str> {
        self.my_move.as_deref()
    }

    /// Is the side to move in check?
    pub fn check(&self) -> bool {
        self.session().game.position().in_check()
    }

    /// Another puzzles' folder for `:puzzle`.
    pub fn set_puzzle_dir(&mut self, dir: Option<PathBuf>) {
        self.puzzles = dir;
    }

    /// Another deck for `:drill`.
    pub fn set_deck(&mut self, deck: Option<PathBuf>) {
        self.deck = deck;
    }

    /// The game: its controller.
    pub fn game(&self) -> &Controller {
        &self.game
    }

    /// The engine's side.
    pub fn engine_side(&self) -> Color {
        self.session().engine_side()
    }

    /// What the engine thought when it last chose a move (for "why?").
    pub fn thought(&self) -> Option<&crate::why::thought::Thought> {
        self.game.thought()
    }

    /// The first plies of the last classic search's MiniMax tree (for `:tree`).
    pub fn last_tree(&self) -> Option<&crate::search::tree_top::TreeTop> {
        self.game.last_tree()
    }

    /// The opening the game has reached (the last named position along its moves).
    pub fn opening(&self) -> Option<&'static crate::openings::Opening> {
        self.game.opening()
    }

    /// The evaluation in use (the engine's own weights).
    pub fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    /// Is the game over?
    pub fn over(&self) -> bool {
        self.game.over()
    }

    /// Is it the player's turn in a game still going on?
    pub fn humans_turn(&self) -> bool {
        self.game.humans_turn()
    }

    /// Has the game in progress anything worth keeping?
    pub fn in_progress(&self) -> bool {
        self.game.in_progress()
    }

    /// What the panel shows for the ending (the original's words when the engine resigned).
    pub fn ending_text(&self) -> Option<String> {
        let engine = (!self.session().watching).then(|| self.engine_side());
        self.session()
            .ending
            .as_ref()
            .map(|e| crate::play::words::ending(e, engine))
    }

    // ---- log and notes ----

    /// Adds a line to the log pane (and the log file).
    pub fn log_line(&mut self, line: impl Into<String>) {
        self.log_as(Said::Line, line.into());
    }

    /// Adds a line of the engine's thinking (a depth, the classic node log) to the log.
    pub fn log_thinking(&mut self, line: impl Into<String>) {
        self.log_as(Said::Thinking, line.into());
    }

    /// Adds the line that reports a move played to the log.
    pub fn log_move(&mut self, line: impl Into<String>) {
        self.log_as(Said::Move, line.into());
    }

    fn log_as(&mut self, kind: fn(String) -> Said, line: String) {
        if let Some(t) = &mut self.transcript {
            t.push(kind(line.clone()));
        }
        self.log.push(line);
        // A log file that fails is said once, in the pane and the panel.
        if let Some(why) = self.log.file_failed.take() {
            self.log.push(why.clone());
            self.note(why, true);
        }
    }

    /// Shows a note in the panel.
    pub fn note(&mut self, text: impl Into<String>, alert: bool) {
        let text = text.into();
        if let Some(t) = &mut self.transcript {
            t.push(Said::Note(text.clone()));
        }
        self.message = Some(text);
        self.alert = alert;
    }

    // ---- the game flow (the controller's) ----

    /// Hands the game `command` now, and shows what it says.
    pub fn tell(&mut self, command: Command) {
        self.game.command(command, Instant::now());
        self.take_in();
    }

    /// The setup is done: the game starts (the engine moves first if it has White).
    pub fn start_play(&mut self) {
        self.mode = Mode::Play;
        self.flipped = self.session().human == Color::Black;
        self.game.start(Instant::now());
        self.take_in();
    }

    /// The player's move.
    pub fn play_human_move(&mut self, mv: Move) {
        if self.session().game.position().turn() != self.session().human {
            self.note(INVALID_MOVE, true);
            return;
        }
        if !self.session().game.position().is_legal(mv) {
            self.note(INVALID_MOVE, true);
            return;
        }
        self.tell(Command::Play(mv));
    }

    /// Reads a typed move (Huo `c2c4`, `c2-c4`, UCI, SAN in any case) and plays it; a
    /// promotion without its piece opens the promotion dialog; anything else gets the
    /// original's answer with the reason under it.
    pub fn submit_move(&mut self, text: &str) {
        if self.over() {
            self.game_is_over();
            return;
        }
        let typed = crate::core::typed::read_typed_move(self.session().game.position(), text);
        // Watching: a move that can be played takes the side to move over.
        if self.session().watching
            && matches!(typed, Ok(_) | Err(MoveError::MissingPromotion { .. }))
        {
            self.stop_watching();
        }
        if !self.humans_turn() && !self.session().watching {
            self.note("Please wait: it is my move", true);
            return;
        }
        match typed {
            Ok(mv) => self.play_human_move(mv),
            Err(MoveError::MissingPromotion { from, to, .. }) => {
                self.mode = Mode::Promotion { from, to };
            }
            Err(e) => {
                self.log_line(format!("{INVALID_MOVE}: {e}"));
                self.note(format!("{INVALID_MOVE}\n{e}"), true);
            }
        }
    }

    /// The clocks: a side whose time has run out loses (or draws), a move held for its
    /// pace is played only in time. Call regularly.
    pub fn tick(&mut self, now: Instant) {
        if self.mode == Mode::Resume {
            return;
        }
        self.game.tick(now);
        self.take_in();
    }

    /// Is the game working on something the player waits for: the engine thinking (its
    /// move, a hint, an evaluation), a move held for its pace?
    pub fn working(&self) -> bool {
        self.thinking.is_some() || self.game.working()
    }

    /// Is anything running that the screen must redraw for (thinking, clocks)?
    pub fn busy(&self) -> bool {
        self.working()
            || (!self.over()
                && self
                    .session()
                    .clock
                    .as_ref()
                    .is_some_and(|c| c.since.is_some()))
    }
}
