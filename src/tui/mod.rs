//! The text screens: the game (`huo-chess`), the opening book editor (`huo-book edit`) and
//! the trainer (`huo-book train`).
//!
//! Built the ratatui way, state apart from drawing apart from input: an
//! [`App`](app::App) holds the game screen's state and its game flow (in parts: keys,
//! commands, engine replies, saving); [`ui::draw`] paints it (and records only where the
//! board and the log went, for clicks and paging). The game's run loop below ([`Screen`])
//! only moves events into the app and redraws: it sleeps on one event stream ([`events`]:
//! keys, engine replies, signals, the clock tick), so a move found is drawn when it
//! arrives.
//!
//! Parts: [`flags`] (the game's command-line flags, checked before the screen opens),
//! [`clock`] (chess clocks and the flag-fall rule), [`policy`] (when the engine
//! resigns or offers a draw), [`log`] (the log pane), [`input`] (choosing moves on the
//! board, shared with the editor), [`engine`] (the screens' link to the engine service),
//! [`events`] (the game screen's one event stream),
//! [`board`] (the board widget), [`book_screen`] (the look the editor and the trainer share), [`window`] (a window of text over a screen), [`analysis`] (the analysis screen), [`tree`] (the MiniMax tree browser), [`theme`] (colours, glyphs), [`terminal`] (setup,
//! restore, signals, panic hook), [`editor`] (the book editor), [`trainer`] (the trainer).

pub mod analysis;
pub mod app;
pub mod board;
pub mod book_screen;
pub mod clock;
pub mod editor;
pub mod engine;
pub mod events;
pub mod flags;
pub mod input;
pub mod log;
pub mod policy;
pub mod terminal;
pub mod theme;
pub mod trainer;
pub mod tree;
pub mod ui;
pub mod window;

use crate::book::Books;
use crate::config::Config;
use crate::core::Position;
use crossterm::event::Event as TermEvent;
use events::{Events, Wake};
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::layout::Rect;
use std::io::{self, Write};
use std::time::{Duration, Instant};

pub use flags::{Flags, GameArgs};

/// How often the screen wakes up while the engine thinks or a clock runs (the game
/// screen draws a finished search, or a key, at once).
pub const BUSY_TICK: Duration = Duration::from_millis(100);
/// The most events taken in between two frames.
const MAX_BATCH: usize = 256;
/// How long it sleeps otherwise, waiting for a key (a signal is noticed within this).
pub const IDLE_TICK: Duration = Duration::from_millis(250);

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
    let mut app = app::App::with_flags(config, flags, crate::util::dirs::autosave_path())
        .map_err(io::Error::other)?;
    let mut session = terminal::Session::start()?;
    let mut events = Events::new();
    events.read_terminal();
    events.watch_signals(&terminal::ENDING_SIGNALS);
    app.engine.notify_to(events.sender());
    let mut screen = Screen::default();
    let ending = session.ending.clone();
    let result = (|| loop {
        if ending.now() {
            return Ok(()); // as a quit: the caller autosaves and restores the terminal
        }
        match screen.step(&mut *session.terminal, &mut app, &events) {
            Ok(true) => {}
            Ok(false) => return Ok(()),
            // A terminal that went away ends the screen as a quit does.
            Err(_) if ending.now() => return Ok(()),
            Err(e) => return Err(e),
        }
    })();
    drop(events); // the terminal reader stops before the terminal is given back
    let saved = app.autosave_now();
    drop(session); // the terminal is back before anything is printed
    if let Err(e) = saved {
        // Not eprintln!: with the terminal gone it would panic.
        let _ = writeln!(
            io::stderr(),
            "huo-chess: could not save the game in progress: {e}"
        );
    }
    result
}

/// The game screen's run loop, one step at a time: it sleeps on the event stream, moves
/// what arrives into the app, and draws. A finished search or a key is drawn at once;
/// the search's progress and the clocks at most every [`BUSY_TICK`].
#[derive(Debug)]
pub struct Screen {
    /// Something changed that is not on the screen yet.
    dirty: bool,
    /// ... and it must be shown at once (a key, a move found, a search ended).
    urgent: bool,
    /// When the last frame was drawn.
    drawn: Instant,
}

impl Default for Screen {
    fn default() -> Self {
        Screen {
            dirty: true,
            urgent: true,
            drawn: Instant::now(),
        }
    }
}

impl Screen {
    /// Draws if due, then waits for the next events (or the tick) and takes them all in.
    /// Returns `false` when the player has quit.
    pub fn step<B: Backend>(
        &mut self,
        term: &mut Terminal<B>,
        app: &mut app::App,
        events: &Events,
    ) -> io::Result<bool> {
        self.draw_if_due(term, app)?;
        if app.quit {
            return Ok(false);
        }
        let since = self.drawn.elapsed();
        let wait = if self.dirty || app.busy() {
            BUSY_TICK.saturating_sub(since)
        } else {
            IDLE_TICK
        };
        let mut next = events.next(wait);
        let mut taken = 0;
        while let Some(wake) = next {
            match wake {
                Wake::Terminal(e) => {
                    match e {
                        TermEvent::Key(k) => app.handle_key(k),
                        TermEvent::Mouse(m) => app.handle_mouse(m),
                        TermEvent::Resize(w, h) => app.screen = Rect::new(0, 0, w, h),
                        _ => {}
                    }
                    self.dirty = true;
                    self.urgent = true;
                }
                Wake::TerminalFailed(e) => return Err(e),
                Wake::Engine { last } => {
                    self.dirty = true;
                    self.urgent |= last;
                }
                Wake::Signal => return Ok(true), // the caller looks at the flag
            }
            if app.quit {
                break;
            }
            // Everything already waiting is taken in before drawing again (a bounded
            // number, so a flood cannot keep the screen from drawing).
            taken += 1;
            next = if taken < MAX_BATCH {
                events.pending()
            } else {
                None
            };
        }
        Ok(true)
    }

    /// When the last frame was drawn.
    pub fn drawn(&self) -> Instant {
        self.drawn
    }

    /// The engine's replies and the clocks brought up to date, and a frame drawn if one is
    /// due.
    fn draw_if_due<B: Backend>(
        &mut self,
        term: &mut Terminal<B>,
        app: &mut app::App,
    ) -> io::Result<()> {
        let was_busy = app.busy();
        self.dirty |= app.poll_engine();
        app.tick(Instant::now());
        // Something just stopped (a search ended, a flag fell): show it now.
        if was_busy != app.busy() {
            self.dirty = true;
            self.urgent = true;
        }
        if let Some(text) = app.clipboard.take() {
            terminal::osc52_copy(&text)?;
        }
        let tick = self.drawn.elapsed() >= BUSY_TICK;
        if self.urgent || (self.dirty || app.busy()) && tick {
            // (The terminal's own error, whatever the backend calls it.)
            term.draw(|f| ui::draw(f, app))
                .map_err(|e| io::Error::other(e.to_string()))?;
            self.drawn = Instant::now();
            self.dirty = false;
            self.urgent = false;
        }
        Ok(())
    }
}
