//! The text screens: the game (`huo-chess`), the opening book editor (`huo-book edit`) and
//! the trainer (`huo-book train`).
//!
//! Built the ratatui way, state apart from drawing apart from input: an
//! [`App`](app::App) holds the game screen's state and its game flow (in parts: keys,
//! commands, engine replies, saving) over its [`GameSession`](crate::session::GameSession);
//! [`ui::lay_out`] places the board and the log for clicks and paging, then [`ui::draw`]
//! paints it, reading only. The game's run loop below ([`Screen`])
//! only moves events into the app and redraws: every screen runs on the same loop
//! ([`screen`]), sleeping on one event stream ([`events`]: keys, engine replies, signals,
//! the clock tick), so a move found is drawn when it arrives.
//!
//! Parts: [`flags`] (the game's command-line flags, checked before the screen opens),
//! [`log`] (the log pane), [`input`] (choosing moves on the
//! board, shared with the editor), [`events`] (the screens' one event stream), [`screen`] (the run loop every screen runs on),
//! [`board`] (the board widget), [`book_screen`] (the look the editor and the trainer share), [`window`] (a window of text over a screen), [`analysis`] (the analysis screen), [`tree`] (the MiniMax tree browser), [`theme`] (colours, glyphs), [`terminal`] (setup,
//! restore, signals, panic hook), [`editor`] (the book editor), [`trainer`] (the trainer), [`puzzle`] (the puzzles).

pub mod analysis;
pub mod app;
pub mod board;
pub mod book_screen;
pub mod editor;
pub mod events;

pub mod input;

pub mod puzzle;
pub mod screen;
pub mod terminal;
pub mod theme;
pub mod trainer;
pub mod tree;
pub mod ui;
pub mod window;

use crate::book::layers::Books;
use crate::config::Config;
use crate::core::Position;
use crossterm::event::Event as TermEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use std::io;
use std::time::Instant;

pub use crate::play::flags::{Flags, GameArgs};
pub use screen::{BUSY_TICK, IDLE_TICK, Screen, View};

/// Runs the opening book editor screen on `book`, starting from `start`.
pub fn run_editor(book: Books, start: Position, config: &Config) -> io::Result<()> {
    editor::run(book, start, config)
}

/// Runs the trainer screen on `exercise` until Esc (every answer is saved as it is given).
pub fn run_trainer(exercise: Box<dyn crate::train::Exercise>, config: &Config) -> io::Result<()> {
    trainer::run(exercise, config)
}

/// Runs the game screen until the player quits. A bad flag, or no terminal to play on,
/// is an error before the screen opens (and before anything is written); later errors are
/// the terminal's.
pub fn run_game(args: GameArgs, config: &Config) -> io::Result<()> {
    let flags = args.check().map_err(io::Error::other)?;
    if let Some(why) = terminal::unavailable() {
        return Err(io::Error::other(format!(
            "the game needs a terminal, and {why}. For a chess GUI or a script, run \
             `huo-chess uci`"
        )));
    }
    // Each running game its own autosave: two windows on one data folder both keep theirs.
    let start = crate::play::exit::Start::claim();
    let mut app =
        app::App::with_flags(config, flags, start.autosave()).map_err(io::Error::other)?;
    app.adopt_games(&start.abandoned());
    let result = screen::run_alone(&mut app, |app, events| app.notify_to(events.sender()));
    // A quit asked for has saved already (or stayed); a signal's shutdown cannot stay: the
    // game goes to the temporary folder, and the exit is a failure naming it.
    let kept = app.save_for_exit();
    if kept.is_err()
        && let Err(r) = &result
    {
        // Not eprintln!: with the terminal gone it would panic.
        crate::util::voice::say("huo-chess", &r.to_string());
    }
    crate::play::exit::shutdown(kept, || app.pgn_text())?;
    result
}

/// The game screen in the run loop.
impl View for app::App {
    fn update(&mut self) -> bool {
        let changed = self.poll_engine() | self.poll_trainer() | self.poll_analysis();
        self.tick(Instant::now());
        changed
    }

    fn busy(&self) -> bool {
        app::App::busy(self)
    }

    fn engine_reply(&mut self, reply: crate::engine::Reply) {
        app::App::engine_reply(self, reply)
    }

    fn handle(&mut self, event: TermEvent) {
        match event {
            TermEvent::Key(k) => self.handle_key(k),
            TermEvent::Mouse(m) => self.handle_mouse(m),
            TermEvent::Resize(w, h) => self.screen = Rect::new(0, 0, w, h),
            _ => {}
        }
    }

    fn done(&self) -> bool {
        self.quit
    }

    fn lay_out(&mut self, area: Rect) {
        ui::lay_out(self, area)
    }

    fn draw(&self, frame: &mut Frame) {
        ui::draw(frame, self)
    }

    fn take_clipboard(&mut self) -> Option<String> {
        self.clipboard.take()
    }
}
