//! The one run loop of every screen (the game, the book editor, the trainer): it sleeps on
//! the event stream ([`super::events`]: keys, engine replies, signals, with the tick as
//! the wait's timeout), hands what arrives to the screen, and draws. A key or a finished
//! search is drawn at once; progress and the clocks at most every [`BUSY_TICK`].
//!
//! A screen is a [`View`]: its state takes events and draws itself. Because every screen
//! reads the same stream, one screen can open another on the same terminal (the trainer
//! inside the game) without two readers competing for the keys.

use super::events::{Events, Wake};
use super::terminal;
use crossterm::event::Event as TermEvent;
use ratatui::backend::Backend;
use ratatui::layout::Rect;
use ratatui::{Frame, Terminal};
use std::io;
use std::time::{Duration, Instant};

/// How often the screen wakes up while something runs (the engine thinks, a clock runs).
pub const BUSY_TICK: Duration = Duration::from_millis(100);
/// How long it sleeps otherwise, waiting for a key (a signal is noticed within this).
pub const IDLE_TICK: Duration = Duration::from_millis(250);
/// The most events taken in between two frames.
const MAX_BATCH: usize = 256;

/// What a screen gives the run loop.
pub trait View {
    /// Takes in what arrived outside the terminal (the engine's replies, a judgement) and
    /// brings the clocks up to date: whether anything changed on screen.
    fn update(&mut self) -> bool;
    /// Is something running that the screen is redrawn for (a search, a clock)?
    fn busy(&self) -> bool;
    /// A key, a mouse action or a resize.
    fn handle(&mut self, event: TermEvent);
    /// Has the user left the screen?
    fn done(&self) -> bool;
    /// Places the screen's parts on `area` (where the board goes, for clicks): the one
    /// step before drawing that changes the view.
    fn lay_out(&mut self, area: Rect);
    /// Paints the screen as laid out; it only reads the view.
    fn draw(&self, frame: &mut Frame);
    /// A reply of the view's engine, as it arrives on the stream.
    fn engine_reply(&mut self, reply: crate::engine::Reply) {
        let _ = reply;
    }
    /// Text for the terminal's clipboard, taken once.
    fn take_clipboard(&mut self) -> Option<String> {
        None
    }
}

/// The run loop, one step at a time (so tests can drive it).
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
    /// Returns `false` when the user has left.
    pub fn step<B: Backend, V: View>(
        &mut self,
        term: &mut Terminal<B>,
        view: &mut V,
        events: &Events,
    ) -> io::Result<bool> {
        self.draw_if_due(term, view)?;
        if view.done() {
            return Ok(false);
        }
        let since = self.drawn.elapsed();
        let wait = if self.dirty || view.busy() {
            BUSY_TICK.saturating_sub(since)
        } else {
            IDLE_TICK
        };
        let mut next = events.next(wait);
        let mut taken = 0;
        while let Some(wake) = next {
            match wake {
                Wake::Terminal(e) => {
                    view.handle(e);
                    self.dirty = true;
                    self.urgent = true;
                }
                Wake::TerminalFailed(e) => return Err(e),
                Wake::Engine(reply) => {
                    self.urgent |= reply.is_final();
                    view.engine_reply(*reply);
                    self.dirty = true;
                }
                Wake::Worker => {
                    self.dirty = true;
                    self.urgent = true;
                }
                Wake::Signal => return Ok(true), // the caller looks at the flag
            }
            if view.done() {
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

    /// What arrived taken in, and a frame drawn if one is due.
    fn draw_if_due<B: Backend, V: View>(
        &mut self,
        term: &mut Terminal<B>,
        view: &mut V,
    ) -> io::Result<()> {
        let was_busy = view.busy();
        self.dirty |= view.update();
        // Something just stopped (a search ended, a flag fell): show it now.
        if was_busy != view.busy() {
            self.dirty = true;
            self.urgent = true;
        }
        if let Some(text) = view.take_clipboard() {
            terminal::osc52_copy(&text)?;
        }
        let tick = self.drawn.elapsed() >= BUSY_TICK;
        if self.urgent || (self.dirty || view.busy()) && tick {
            // (The terminal's own error, whatever the backend calls it.)
            term.draw(|f| {
                view.lay_out(f.area());
                view.draw(f)
            })
            .map_err(|e| io::Error::other(e.to_string()))?;
            self.drawn = Instant::now();
            self.dirty = false;
            self.urgent = false;
        }
        Ok(())
    }
}

/// Runs `view` on `term` until the user leaves, a signal arrives or the terminal goes
/// (which ends the screen as leaving does: the caller restores the terminal).
pub fn run<B: Backend, V: View>(
    term: &mut Terminal<B>,
    ending: &terminal::Ending,
    events: &Events,
    view: &mut V,
) -> io::Result<()> {
    let mut screen = Screen::default();
    loop {
        if ending.now() {
            return Ok(());
        }
        match screen.step(term, view, events) {
            Ok(true) => {}
            Ok(false) => return Ok(()),
            Err(_) if ending.now() => return Ok(()),
            Err(e) => return Err(e),
        }
    }
}

/// Runs `view` on a terminal of its own: the terminal taken, the stream fed by the
/// terminal and the ending signals (`wire` hands the view a way onto it, for its engine),
/// and all given back on the way out. The terminal reader stops before the terminal is
/// given back.
pub fn run_alone<V: View>(view: &mut V, wire: impl FnOnce(&mut V, &Events)) -> io::Result<()> {
    let mut session = terminal::Session::start()?;
    let mut events = Events::new();
    events.read_terminal();
    events.watch_signals(&terminal::ENDING_SIGNALS);
    wire(view, &events);
    let ending = session.ending.clone();
    let result = run(&mut *session.terminal, &ending, &events, view);
    drop(events);
    drop(session);
    result
}
