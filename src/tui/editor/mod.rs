//! The opening book editor (`huo-book edit`): walk through positions, see the book's moves
//! for each, record moves by playing them, change weights and comments, delete (and undo
//! a deletion). Its state and keys are here; its drawing is in [`ui`]. The board input
//! (cursor, selection, promotion, mouse) is the game screen's [`BoardInput`].
//!
//! Keys: whatever is typed is a move or a `:` command; Tab switches the arrows between
//! the list of book moves and the board (the focused pane is highlighted); Enter follows
//! the highlighted book move or moves on the board; Backspace goes back a move; `+`/`-`
//! change the weight (no move starts with them); Delete removes the highlighted move and
//! Ctrl+Z puts it back; F5 (or `:engine`) asks the engine service for its view of the
//! position; Esc, F10 or Ctrl+C quit.

pub mod ui;

use super::engine::{EngineLink, Job};
use super::input::{BoardInput, Pick, Typed, read_typed_move, take_typed};
use super::terminal;
use super::theme::Theme;
use crate::book::{BookEntry, BookMove, Books, Layer, Written};
use crate::config::Config;
use crate::core::{Move, MoveError, Position, Role, san};
use crate::engine::{Reply, Settings, Think};
use crate::eval::Evaluator;
use crate::game::Game;
use crate::search::{Level, Limits};
use crossterm::event::{
    self, Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton,
    MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::io;

/// Where the arrows and Enter go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The list of the position's book moves.
    List,
    /// The board cursor.
    Board,
}

/// The editor's state.
pub struct Editor {
    pub theme: Theme,
    /// The user's book over the built-in one: built-in positions show read-only, and a
    /// change to one copies it into the user's book first.
    pub book: Books,
    /// Which book the position on the board comes from.
    pub layer: Option<Layer>,
    pub game: Game,
    pub flipped: bool,
    pub focus: Focus,
    /// The board cursor and selection (shared with the game screen).
    pub board: BoardInput,
    /// Waiting for the promotion piece of this pawn move.
    pub promotion: Option<(crate::core::Square, crate::core::Square)>,
    /// The last deleted book move and its position, for Ctrl+Z.
    pub deleted: Option<(Position, BookMove)>,
    pub input: String,
    /// The book's entry for the position on the board.
    pub entry: Option<BookEntry>,
    /// The highlighted line of the book-move list.
    pub list_index: usize,
    pub message: Option<String>,
    pub alert: bool,
    pub quit: bool,
    pub screen: Rect,
    /// The engine service, asked (F5 or `:engine`) what it thinks of the position.
    pub engine: EngineLink,
    /// Its answer for the position on the board: best move, score, depth.
    pub engine_view: Option<String>,
}

impl Editor {
    /// An editor on `book`, starting at `start`.
    pub fn new(book: Books, start: Position, config: &Config) -> Editor {
        let mut e = Editor {
            theme: Theme::by_name(&config.tui.theme),
            book,
            layer: None,
            game: Game::from_position(start),
            flipped: false,
            focus: Focus::List,
            board: BoardInput::default(),
            promotion: None,
            deleted: None,
            input: String::new(),
            entry: None,
            list_index: 0,
            message: None,
            alert: false,
            quit: false,
            screen: Rect::new(0, 0, 80, 25),
            engine: EngineLink::spawn(Settings {
                eval: Evaluator::from_config(config),
                hash_mb: config.search.hash_mb.min(64),
                threads: config.search.threads,
                contempt: 0,
                book: None,
            }),
            engine_view: None,
        };
        e.refresh();
        e
    }

    /// Reads the book's entry for the position on the board again.
    pub fn refresh(&mut self) {
        // A new position: the engine's view of the old one no longer applies.
        self.engine.cancel();
        self.engine_view = None;
        let found = self.book.lookup(self.game.position());
        self.layer = found.as_ref().map(|f| f.layer);
        self.entry = found.map(|f| f.entry);
        let n = self.entry.as_ref().map_or(0, |e| e.moves.len());
        self.list_index = self.list_index.min(n.saturating_sub(1));
        self.board.selected = None;
    }

    fn note(&mut self, text: impl Into<String>, alert: bool) {
        self.message = Some(text.into());
        self.alert = alert;
    }

    /// The listed move under the highlight.
    pub fn listed_move(&self) -> Option<Move> {
        self.entry
            .as_ref()
            .and_then(|e| e.moves.get(self.list_index))
            .map(|m| m.mv)
    }

    /// Records `mv` in the book (weight +1) and plays it.
    pub fn record_and_play(&mut self, mv: Move) {
        let pos = *self.game.position();
        if !pos.is_legal(mv) {
            self.note("Invalid move - Please try again", true);
            return;
        }
        let text = san(&pos, mv);
        match self.book.record(&pos, mv, 1) {
            Ok(w) => self.note(format!("Recorded {text}{}", copied(w)), false),
            Err(e) => self.note(format!("Book error: {e}"), true),
        }
        let _ = self.game.play(mv);
        self.list_index = 0;
        self.refresh();
    }

    /// Plays a listed move without recording it.
    pub fn follow(&mut self) {
        if let Some(mv) = self.listed_move()
            && self.game.play(mv).is_ok()
        {
            self.message = None;
            self.list_index = 0;
            self.refresh();
        }
    }

    pub fn takeback(&mut self) {
        if self.game.undo().is_some() {
            self.message = None;
            self.refresh();
        }
    }

    fn jump_to_start(&mut self) {
        let start = *self.game.start();
        self.game = Game::from_position(start);
        self.list_index = 0;
        self.refresh();
    }

    /// Changes the listed move's weight by `delta` (never below 0).
    fn bump_weight(&mut self, delta: i64) {
        let Some(m) = self
            .entry
            .as_ref()
            .and_then(|e| e.moves.get(self.list_index))
        else {
            self.note("No book move selected", true);
            return;
        };
        let w = (i64::from(m.weight) + delta).max(0) as u32;
        self.set_weight(w);
    }

    fn set_weight(&mut self, w: u32) {
        let Some(mv) = self.listed_move() else {
            self.note("No book move selected", true);
            return;
        };
        let pos = *self.game.position();
        match self.book.set_weight(&pos, mv, w) {
            Ok(_) => self.note(format!("{}: weight {w}", san(&pos, mv)), false),
            Err(e) => self.note(format!("Book error: {e}"), true),
        }
        self.refresh();
    }

    /// Deletes the highlighted move (Ctrl+Z puts it back, weight, fields and comment).
    fn delete(&mut self) {
        let Some(mv) = self.listed_move() else {
            self.note("No book move selected", true);
            return;
        };
        let pos = *self.game.position();
        let kept = self
            .entry
            .as_ref()
            .and_then(|e| e.moves.iter().find(|m| m.mv == mv).cloned());
        match self.book.remove(&pos, mv) {
            Ok(_) => {
                self.note(format!("Deleted {} (Ctrl+Z undoes)", san(&pos, mv)), false);
                self.deleted = kept.map(|m| (pos, m));
            }
            Err(e) => self.note(format!("Book error: {e}"), true),
        }
        self.refresh();
    }

    /// Puts the last deleted move back into its position's file.
    fn undo_delete(&mut self) {
        let Some((pos, m)) = self.deleted.take() else {
            self.note("Nothing deleted to undo", true);
            return;
        };
        let restored = m.clone();
        let result = self.book.update(&pos, move |moves| {
            moves.retain(|x| x.mv != restored.mv);
            moves.push(restored);
            Ok(())
        });
        match result {
            Ok(_) => self.note(format!("Restored {}", san(&pos, m.mv)), false),
            Err(e) => {
                self.note(format!("Book error: {e}"), true);
                self.deleted = Some((pos, m));
            }
        }
        self.refresh();
    }

    /// Asks the engine service what it thinks of the position (a short search): shown
    /// beside the book's moves, so a book line can be checked against the engine.
    pub fn ask_engine(&mut self) {
        let limits = Limits {
            movetime: Some(std::time::Duration::from_secs(2)),
            ..Limits::default()
        };
        self.engine
            .think(Job::Hint, Think::search(&self.game, Level::FULL, limits));
        self.engine_view = Some("Engine: thinking...".into());
    }

    /// Takes the engine's replies (the run loop calls this each tick). Returns whether
    /// anything changed on screen.
    pub fn poll_engine(&mut self, wait: std::time::Duration) -> bool {
        let mut any = false;
        while let Some((_, reply)) = self.engine.next_reply(wait) {
            any = true;
            let pos = *self.game.position();
            match reply {
                Reply::Event { .. } => {}
                Reply::Done { result, .. } => {
                    self.engine_view = result.best.filter(|m| pos.is_legal(*m)).map(|m| {
                        format!(
                            "Engine: {} {} (depth {})",
                            san(&pos, m),
                            result.score,
                            result.depth
                        )
                    });
                    break;
                }
                Reply::Failed { message, .. } => {
                    self.engine_view = Some(format!("Engine error: {message}"));
                    break;
                }
            }
        }
        any
    }

    /// A typed move.
    pub fn submit_move(&mut self, text: &str) {
        match read_typed_move(self.game.position(), text) {
            Ok(mv) => self.record_and_play(mv),
            Err(MoveError::MissingPromotion { from, to, .. }) => self.promotion = Some((from, to)),
            Err(e) => self.note(format!("Invalid move - Please try again ({e})"), true),
        }
    }

    /// A `:` command (without the colon).
    pub fn handle_command(&mut self, line: &str) {
        let line = line.trim();
        let (cmd, arg) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let arg = arg.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "fen" => match Position::from_fen(arg) {
                Ok(p) => {
                    self.game = Game::from_position(p);
                    self.list_index = 0;
                    self.refresh();
                    self.message = None;
                }
                Err(e) => self.note(format!("Bad FEN: {e}"), true),
            },
            "start" => self.jump_to_start(),
            "undo" | "back" => self.takeback(),
            "weight" => match arg.parse::<u32>() {
                Ok(w) => self.set_weight(w),
                Err(_) => self.note("Usage: :weight N (0 or more)", true),
            },
            "comment" => {
                let Some(mv) = self.listed_move() else {
                    self.note("No book move selected", true);
                    return;
                };
                let pos = *self.game.position();
                let comment = (!arg.is_empty()).then_some(arg);
                match self.book.set_comment(&pos, mv, comment) {
                    Ok(_) => self.note("Comment saved", false),
                    Err(e) => self.note(format!("Book error: {e}"), true),
                }
                self.refresh();
            }
            "delete" | "d" => self.delete(),
            "undelete" => self.undo_delete(),
            "flip" => self.flipped = !self.flipped,
            "engine" => self.ask_engine(),
            "quit" | "q" => self.quit = true,
            _ => self.note(format!("Unknown command ':{cmd}'"), true),
        }
    }

    /// One key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        if (ctrl && matches!(key.code, KeyCode::Char('c' | 'd'))) || key.code == KeyCode::F(10) {
            self.quit = true;
            return;
        }
        if key.code == KeyCode::F(5) {
            self.ask_engine();
            return;
        }
        if ctrl && matches!(key.code, KeyCode::Char('z')) {
            self.undo_delete();
            return;
        }
        if let Some((from, to)) = self.promotion {
            let role = match key.code {
                KeyCode::Char(c) => Role::from_char(c).filter(|r| Role::PROMOTIONS.contains(r)),
                KeyCode::Enter => Some(Role::Queen),
                _ => None,
            };
            if let Some(role) = role {
                self.promotion = None;
                self.record_and_play(Move::new(from, to, Some(role)));
            } else if key.code == KeyCode::Esc {
                self.promotion = None;
            }
            return;
        }
        let empty = self.input.is_empty();
        match key.code {
            KeyCode::Enter => match take_typed(&mut self.input) {
                Typed::Command(cmd) => self.handle_command(&cmd),
                Typed::Move(text) => self.submit_move(&text),
                Typed::Empty if self.focus == Focus::List => self.follow(),
                Typed::Empty => self.cursor_select(),
            },
            KeyCode::Esc => {
                if empty && self.board.selected.is_none() && self.message.is_none() {
                    self.quit = true;
                }
                self.input.clear();
                self.board.selected = None;
                self.message = None;
            }
            KeyCode::Backspace if empty => self.takeback(),
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Tab => {
                self.focus = match self.focus {
                    Focus::List => Focus::Board,
                    Focus::Board => Focus::List,
                }
            }
            KeyCode::Home => self.jump_to_start(),
            KeyCode::Delete => self.delete(),
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right => self.arrow(key.code),
            KeyCode::Char('d') if alt => self.delete(),
            KeyCode::Char('b') if alt => self.takeback(),
            KeyCode::Char('f') if alt => self.flipped = !self.flipped,
            KeyCode::Char('+') if empty => self.bump_weight(1),
            KeyCode::Char('-') if empty => self.bump_weight(-1),
            KeyCode::Char(c) if !ctrl && !alt && self.input.chars().count() < 100 => {
                self.input.push(c)
            }
            _ => {}
        }
    }

    fn arrow(&mut self, code: KeyCode) {
        if self.focus == Focus::List {
            let n = self.entry.as_ref().map_or(0, |e| e.moves.len());
            match code {
                KeyCode::Up => self.list_index = self.list_index.saturating_sub(1),
                KeyCode::Down if self.list_index + 1 < n => self.list_index += 1,
                _ => {}
            }
            return;
        }
        self.board.arrow(code, self.flipped);
    }

    /// Enter on the board, or a click: select a piece of the side to move, or move it.
    pub fn cursor_select(&mut self) {
        let pos = *self.game.position();
        match self.board.select(&pos, pos.turn()) {
            Pick::Move(mv) => self.record_and_play(mv),
            Pick::Promotion { from, to } => self.promotion = Some((from, to)),
            Pick::Illegal => self.note("Invalid move - Please try again", true),
            Pick::Selected | Pick::Nothing => {}
        }
    }

    fn targets(&self) -> Vec<crate::core::Square> {
        self.board.targets(self.game.position())
    }

    /// A mouse click on the board (as last drawn).
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        if let MouseEventKind::Down(MouseButton::Left) = ev.kind
            && let Some(sq) = self.board.square_at(ev.column, ev.row)
        {
            self.board.cursor = sq;
            self.focus = Focus::Board;
            self.cursor_select();
        }
    }
}

/// What a write says when it first copied a built-in position into the user's book.
fn copied(w: Written) -> &'static str {
    match w {
        Written::CopiedFromBuiltIn => " (the built-in position was copied into your book)",
        Written::InPlace => "",
    }
}

/// Runs the editor on the terminal until Esc, F10 or Ctrl+C.
pub fn run(book: Books, start: Position, config: &Config) -> io::Result<()> {
    let mut ed = Editor::new(book, start, config);
    let mut session = terminal::Session::start()?;
    let ending = session.ending.clone();
    let term = &mut session.terminal;
    loop {
        term.draw(|f| ui::draw(f, &mut ed))?;
        if ed.quit {
            return Ok(());
        }
        if ending.now() {
            return Ok(()); // a signal, or the terminal gone: it is restored on the way out
        }
        ed.poll_engine(std::time::Duration::ZERO);
        let tick = if ed.engine.busy().is_some() {
            super::BUSY_TICK
        } else {
            super::IDLE_TICK
        };
        if event::poll(tick)? {
            match event::read()? {
                TermEvent::Key(k) => ed.handle_key(k),
                TermEvent::Mouse(m) => ed.handle_mouse(m),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests;
