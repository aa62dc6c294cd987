//! The game screen: a view of the game's [`Table`] (the game, its questions, its `:`
//! commands, its log, in the library), which it hands the player's keys as calls and whose
//! state it draws. What the screen has of its own is here: the input line, the board's
//! cursor, the log shown or hidden, the screen size, and the screens it opens over the
//! game (the analysis, the MiniMax tree, the trainer) when the table asks for them
//! ([`Cue`]). Keys and the mouse are in [`controls`], the screens over the game in
//! [`overlays`]. Nothing here draws or needs a terminal, so all of it is testable.
//!
//! `App` reads as its table (`app.session()`, `app.mode`): the screen shows the table's
//! state as it is, and a call that changes the game goes through the table.

pub mod controls;
pub mod overlays;

use super::input::BoardInput;
use super::theme::Theme;
use crate::config::Config;
use crate::play::flags::{Flags, GameArgs};
use crate::play::table::{Cue, SetupError, Table};
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub use crate::play::table::{
    ASK_CLOCK, ASK_COLOR, ASK_LEVEL, CHECK, ENTER_MOVE, EXPLAIN, I_RESIGN, INVALID_MOVE, Mode,
    Pending, Said, THINKING, Thinking, WATCHING,
};
pub use overlays::{Action, Overlay};

/// The smallest screen the game is played on; below it nothing typed is played unseen.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// The game screen.
pub struct App {
    /// The game and the conversation about it.
    pub table: Table,
    pub(crate) theme: Theme,
    /// The input line: a move, or a `:command`.
    pub input: String,
    /// The board cursor and selection.
    pub board: BoardInput,
    pub(crate) show_log: bool,
    /// Text for the terminal clipboard (OSC 52), taken by the run loop.
    pub(crate) clipboard: Option<String>,
    /// The screen size (the run loop keeps it current).
    pub screen: Rect,
    /// The screen over the game (analysis, tree, trainer), while one is open.
    pub(crate) overlay: Option<Overlay>,
    /// The screen's event stream, for the workers of the screens over the game to wake it.
    pub(super) wake: Option<std::sync::mpsc::Sender<super::events::Wake>>,
}

impl std::ops::Deref for App {
    type Target = Table;
    fn deref(&self) -> &Table {
        &self.table
    }
}

impl std::ops::DerefMut for App {
    fn deref_mut(&mut self) -> &mut Table {
        &mut self.table
    }
}

impl App {
    /// A new game screen: options from the command line over the configuration (see
    /// [`App::with_flags`]); a bad flag is refused with its reason.
    pub fn new(
        config: &Config,
        args: &GameArgs,
        autosave: Option<PathBuf>,
    ) -> Result<App, SetupError> {
        App::with_flags(config, args.check()?, autosave)
    }

    /// A new game screen as the checked flags ask (see [`Table::with_flags`]).
    pub fn with_flags(
        config: &Config,
        flags: Flags,
        autosave: Option<PathBuf>,
    ) -> Result<App, SetupError> {
        Ok(App::on(Table::with_flags(config, flags, autosave)?))
    }

    /// The screen over `table`.
    pub fn on(table: Table) -> App {
        let mut app = App {
            theme: Theme::by_name(&table.config.tui.theme),
            table,
            input: String::new(),
            board: BoardInput::default(),
            show_log: true,
            clipboard: None,
            screen: Rect::new(0, 0, 80, 25),
            overlay: None,
            wake: None,
        };
        app.take_cues();
        app
    }

    /// Does what the table asked of the screen.
    pub fn take_cues(&mut self) {
        for cue in std::mem::take(&mut self.table.cues) {
            match cue {
                Cue::Cursor(sq) => self.board.cursor = sq,
                Cue::NewBoard => self.board.selected = None,
                Cue::ToggleLog => self.show_log = !self.show_log,
                Cue::Copy(text) => self.clipboard = Some(text),
                Cue::Tree(top) => {
                    let label = self.table.tree_label(&top);
                    self.overlay = Some(Overlay::Tree(Box::new(super::tree::TreeView::new(
                        top,
                        self.table.evaluator().clone(),
                        label,
                    ))));
                }
                Cue::Analyse { games, user } => self.open_analysis(games, 0, user),
                Cue::Train(exercise) => self.open_trainer(exercise),
                Cue::Puzzles(trainer) => self.open_puzzles(*trainer),
            }
        }
    }

    /// A `:` command (without the colon).
    pub fn handle_command(&mut self, line: &str) {
        self.table.handle_command(line);
        self.take_cues();
    }

    /// A typed move (see [`Table::submit_move`]).
    pub fn submit_move(&mut self, text: &str) {
        self.table.submit_move(text);
        self.take_cues();
    }

    /// A line typed while a question is open (see [`Table::answer_line`]).
    pub fn answer_line(&mut self, text: &str) -> bool {
        let taken = self.table.answer_line(text);
        self.take_cues();
        taken
    }

    /// The clocks (see [`Table::tick`]).
    pub fn tick(&mut self, now: Instant) {
        self.table.tick(now);
        self.take_cues();
    }

    /// The engine's replies taken in without waiting: whether any arrived.
    pub fn poll_engine(&mut self) -> bool {
        let any = self.table.poll_engine();
        self.take_cues();
        any
    }

    /// Waits up to `timeout` for the current request to be answered, and the analysis on
    /// screen to end (tests, and nothing else).
    pub fn wait_engine(&mut self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        let answered = self.table.wait_engine(timeout);
        self.take_cues();
        answered && self.wait_analysis(end.saturating_duration_since(Instant::now()))
    }

    /// Waits up to `timeout` for the request running now (see [`Table::wait_engine_once`]).
    pub fn wait_engine_once(&mut self, timeout: Duration) -> bool {
        let answered = self.table.wait_engine_once(timeout);
        self.take_cues();
        answered
    }

    /// Puts the engine's replies on the screen's event stream `events`, and wakes it for a
    /// judgement the trainer waited for and the analysis's progress.
    pub fn notify_to(&mut self, events: std::sync::mpsc::Sender<super::events::Wake>) {
        if let Some(engine) = self.session().engine() {
            engine.deliver_to(super::events::engine_replies(events.clone()));
        }
        self.wake = Some(events);
    }

    /// A reply of the engine's, as it arrived on the screen's event stream.
    pub fn engine_reply(&mut self, reply: crate::engine::Reply) {
        self.table.engine_reply(reply);
        self.take_cues();
    }

    /// Is the log pane shown?
    pub fn show_log(&self) -> bool {
        self.show_log
    }

    /// Text waiting for the terminal's clipboard.
    pub fn clipboard(&self) -> Option<&str> {
        self.clipboard.as_deref()
    }

    /// Is the screen too small to show the game (nothing typed may be played unseen)?
    pub fn too_small(&self) -> bool {
        self.screen.width < MIN_WIDTH || self.screen.height < MIN_HEIGHT
    }

    /// Is the game working on something the player waits for: the engine thinking (its
    /// move, a hint, an evaluation), an analysis, a move held for its pace, the trainer
    /// judging an answer?
    pub fn working(&self) -> bool {
        self.trainer_busy()
            || self.table.working()
            || self.analysis().is_some_and(|v| v.is_running())
    }

    /// Is anything running that the screen must redraw for (thinking, clocks)?
    pub fn busy(&self) -> bool {
        self.working() || self.table.busy()
    }
}
