//! The text screens: the game (`huo-chess`), the opening book editor (`huo-book edit`) and
//! the trainer (`huo-book train`).
//!
//! Built the ratatui way, state apart from drawing apart from input: an
//! [`App`](app::App) holds the game screen's state and its game flow (in parts: keys,
//! commands, engine replies, saving); [`ui::draw`] paints it (and records only where the
//! board and the log went, for clicks and paging). The run loop below only moves events from the terminal and the engine service
//! into the app and redraws.
//!
//! Parts: [`flags`] (the game's command-line flags, checked before the screen opens),
//! [`clock`] (chess clocks and the flag-fall rule), [`policy`] (when the engine
//! resigns or offers a draw), [`log`] (the log pane), [`input`] (choosing moves on the
//! board, shared with the editor), [`engine`] (the screens' link to the engine service),
//! [`board`] (the board widget), [`analysis`] (the analysis screen), [`tree`] (the MiniMax tree browser), [`theme`] (colours, glyphs), [`terminal`] (setup,
//! restore, signals, panic hook), [`editor`] (the book editor), [`trainer`] (the trainer).

pub mod analysis;
pub mod app;
pub mod board;
pub mod clock;
pub mod editor;
pub mod engine;
pub mod flags;
pub mod input;
pub mod log;
pub mod policy;
pub mod terminal;
pub mod theme;
pub mod trainer;
pub mod tree;
pub mod ui;

use crate::book::Books;
use crate::config::Config;
use crate::core::Position;
use crossterm::event::{self, Event as TermEvent};
use ratatui::layout::Rect;
use std::io::{self, Write};
use std::time::{Duration, Instant};

pub use flags::{Flags, GameArgs};

/// How often the screen wakes up while the engine thinks or a clock runs.
pub const BUSY_TICK: Duration = Duration::from_millis(100);
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
    let result = game_loop(&mut session.terminal, &mut app, &session.ending);
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

/// Events in, redraw, until quit. Sleeps in `event::poll`: 100 ms ticks while something
/// runs (thinking, clocks), else until a key arrives (woken every 2 s at most).
fn game_loop(
    term: &mut terminal::Tui,
    app: &mut app::App,
    ending: &terminal::Ending,
) -> io::Result<()> {
    let mut dirty = true;
    loop {
        if ending.now() {
            return Ok(()); // as a quit: the caller autosaves and restores the terminal
        }
        let was_busy = app.busy();
        dirty |= app.poll_engine();
        app.tick(Instant::now());
        // Something just stopped (a search ended, a flag fell): show it.
        dirty |= was_busy != app.busy();
        if let Some(text) = app.clipboard.take() {
            terminal::osc52_copy(&text)?;
        }
        if dirty || app.busy() {
            term.draw(|f| ui::draw(f, app))?;
            dirty = false;
        }
        if app.quit {
            return Ok(());
        }
        let timeout = if app.busy() { BUSY_TICK } else { IDLE_TICK };
        if event::poll(timeout)? {
            // Take every pending event before drawing again.
            loop {
                match event::read()? {
                    TermEvent::Key(k) => app.handle_key(k),
                    TermEvent::Mouse(m) => app.handle_mouse(m),
                    TermEvent::Resize(w, h) => app.screen = Rect::new(0, 0, w, h),
                    _ => {}
                }
                if app.quit || !event::poll(Duration::ZERO)? {
                    break;
                }
            }
            dirty = true;
        }
    }
}
