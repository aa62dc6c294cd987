//! The opening book editor (`huo-book edit`): walk through positions, see the book's moves
//! for each, record moves by playing them, change weights and comments, delete, adopt a
//! built-in position, and undo any of these. Its state and keys are here; its drawing is
//! in [`ui`]. The board input (cursor, selection, promotion, mouse) is the game screen's
//! [`BoardInput`].
//!
//! Keys: whatever is typed is a move or a `:` command; a move typed or played on the board
//! is recorded in the user's book while recording is on (Ctrl+R turns it off to browse
//! without changing the book): a move new to the position with weight 1, while a move
//! already there keeps its weight (walking down a line again, or typing it again from the
//! start, changes nothing: weights change only by `+`/`-`, `:weight N` or an import's
//! counts, since the trainer and the game choose by them); Enter on a listed move follows
//! it without recording; `:help` says this. Tab
//! switches the arrows between the list of book moves and the board (the focused pane is
//! highlighted); Backspace goes back a move; `+`/`-` change the weight (no move starts with
//! them); Delete removes the selected move; F6 adopts the built-in position shown; Ctrl+Z
//! undoes the last change to the book; F5 (or `:engine`) asks the engine service for its
//! view of the position; Esc, F10 or Ctrl+C quit.
//!
//! The selection is a move, not a row: changing a weight re-sorts the list, and the
//! selection stays on the move, so every action lands on the move the user selected.

pub mod ui;
mod view;

use super::input::{
    BoardInput, INVALID_MOVE, Pick, Typed, promotion_piece, read_typed_move, take_typed,
};
use super::screen;
use super::theme::Theme;
use crate::book::layers::{Books, Layer};
use crate::book::{BookEntry, BookError, Edit};
use crate::config::Config;
use crate::core::{Move, MoveError, Position, san};
use crate::engine::{Reply, Settings, Think};
use crate::game::Game;
use crate::openings::Opening;
use crate::search::{Level, Limits};
use crate::session::engine::{EngineLink, Job};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};
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

/// How many changes Ctrl+Z can undo, newest first.
const UNDO_DEPTH: usize = 100;

/// `:help`: what recording does to weights, and how they change.
pub const HELP: &str = "Recording adds a new move with weight 1; a move already there keeps \
     its weight. Weights change only by +/-, :weight N or an import's counts";

/// Said after a deletion or an adoption.
const UNDO_HINT: &str = " (Ctrl+Z undoes)";

/// The editor's state.
pub struct Editor {
    pub(crate) theme: Theme,
    /// The user's book over the built-in one: a built-in position shows read-only until it
    /// is adopted; recording there starts the user's own position.
    pub(crate) book: Books,
    /// Which book the position on the board comes from.
    pub(crate) layer: Option<Layer>,
    pub(crate) game: Game,
    pub(crate) flipped: bool,
    pub(crate) focus: Focus,
    /// The board cursor and selection (shared with the game screen).
    pub(crate) board: BoardInput,
    /// Waiting for the promotion piece of this pawn move.
    pub(crate) promotion: Option<(crate::core::Square, crate::core::Square)>,
    /// Moves typed or played on the board are recorded (else they are only played).
    pub(crate) recording: bool,
    /// The changes made to the book, newest last, each with what it said, for Ctrl+Z.
    pub(crate) undo: Vec<(String, Edit)>,
    pub(crate) input: String,
    /// Characters were typed past [`INPUT_MAX`] and not taken: Enter refuses the line.
    pub(crate) input_cut: bool,
    /// The book's entry for the position on the board.
    pub(crate) entry: Option<BookEntry>,
    /// The opening the moves on the board reach (the last named position along them).
    pub(crate) opening: Option<&'static Opening>,
    /// The selected book move (the list's highlight): a move, found again after each
    /// re-read of the list whatever its row.
    pub(crate) selected: Option<Move>,
    pub(crate) message: Option<String>,
    pub(crate) alert: bool,
    pub(crate) quit: bool,
    pub(crate) screen: Rect,
    /// The engine service, asked (F5 or `:engine`) what it thinks of the position.
    pub(crate) engine: EngineLink,
    /// Its answer for the position on the board: best move, score, depth.
    pub(crate) engine_view: Option<String>,
}

/// The longest line the editor's input takes.
pub const INPUT_MAX: usize = 100;

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
            recording: true,
            undo: Vec::new(),
            input: String::new(),
            input_cut: false,
            entry: None,
            opening: None,
            selected: None,
            message: None,
            alert: false,
            quit: false,
            screen: Rect::new(0, 0, 80, 25),
            engine: EngineLink::spawn(Settings {
                hash_mb: config.search.hash_mb.min(64),
                contempt: 0,
                ..crate::play::setup::engine_settings(config, None)
            }),
            engine_view: None,
        };
        e.refresh();
        e
    }

    /// The listed moves of the position on the board.
    fn moves(&self) -> &[crate::book::BookMove] {
        self.entry.as_ref().map_or(&[], |e| &e.moves)
    }

    /// The row of the selected move in the list, if it is listed.
    pub fn selected_row(&self) -> Option<usize> {
        let sel = self.selected?;
        self.moves().iter().position(|m| m.mv == sel)
    }

    /// Reads the book's entry for the position on the board again. The selection stays on
    /// its move wherever the move now is; a move no longer listed (deleted) hands the
    /// selection to the move now in its row (or the last one); none selected: the first.
    pub fn refresh(&mut self) {
        // A new position: the engine's view of the old one no longer applies.
        self.engine.cancel();
        self.engine_view = None;
        let row = self.selected_row().unwrap_or(0);
        let found = self.book.lookup(self.game.position());
        self.layer = found.as_ref().map(|f| f.layer);
        self.entry = found.map(|f| f.entry);
        self.opening = crate::openings::of_game(&self.game);
        let moves = self.moves();
        if !self
            .selected
            .is_some_and(|s| moves.iter().any(|m| m.mv == s))
        {
            self.selected = moves.get(row).or(moves.last()).map(|m| m.mv);
        }
        self.board.selected = None;
    }

    /// Shows another position: the selection starts on `select` if listed, else the first.
    fn show_position(&mut self, select: Option<Move>) {
        self.selected = None;
        self.refresh();
        if let Some(m) = select.filter(|s| self.moves().iter().any(|m| m.mv == *s)) {
            self.selected = Some(m);
        }
    }

    fn note(&mut self, text: impl Into<String>, alert: bool) {
        self.message = Some(text.into());
        self.alert = alert;
    }

    /// The selected move, if the list shows it.
    pub fn listed_move(&self) -> Option<Move> {
        self.selected
            .filter(|s| self.moves().iter().any(|m| m.mv == *s))
    }

    /// The selected move for a change: `None` (with the reason shown) when nothing is
    /// selected or the position shown is the built-in book's, which is read-only.
    fn move_to_change(&mut self) -> Option<Move> {
        let Some(mv) = self.listed_move() else {
            self.note("No book move selected", true);
            return None;
        };
        if self.layer == Some(Layer::BuiltIn) {
            self.note(
                "Read-only: these moves are the built-in book's. F6 adopts them into your book",
                true,
            );
            return None;
        }
        Some(mv)
    }

    /// Shows the outcome of a change and keeps it for Ctrl+Z (which a deletion or an
    /// adoption mentions).
    fn changed(&mut self, result: Result<Edit, BookError>, said: String) {
        self.changed_with(result, said, "");
    }

    fn changed_with(&mut self, result: Result<Edit, BookError>, said: String, hint: &str) {
        match result {
            Ok(edit) => {
                if self.undo.len() == UNDO_DEPTH {
                    self.undo.remove(0);
                }
                self.note(format!("{said}{hint}"), false);
                self.undo.push((said, edit));
            }
            Err(e) => self.note(format!("Book error: {e}"), true),
        }
        self.refresh();
    }

    /// A move typed or played on the board: recorded while recording is on (a new move with
    /// weight 1; a move the user's book already has there is left as it is), then played.
    pub fn play_move(&mut self, mv: Move) {
        let pos = *self.game.position();
        if !pos.is_legal(mv) {
            self.note(INVALID_MOVE, true);
            return;
        }
        let text = san(&pos, mv);
        let already = self.layer == Some(Layer::User) && self.moves().iter().any(|m| m.mv == mv);
        if self.recording && already {
            let w = self
                .moves()
                .iter()
                .find(|m| m.mv == mv)
                .map_or(0, |m| m.weight);
            self.note(
                format!("{text} is in your book already: weight {w} kept (+/- changes it)"),
                false,
            );
        } else if self.recording {
            let builtin = self.layer == Some(Layer::BuiltIn);
            let result = self.book.record(&pos, mv, 1);
            let said = match &result {
                Ok(edit) if edit.was_new() && builtin => format!(
                    "Recorded {text}. Your book now plays only your moves there; to keep \
                     the built-in ones too, go back (Backspace) and adopt them (F6)"
                ),
                _ => format!("Recorded {text}"),
            };
            self.changed(result, said);
        } else {
            self.note(format!("Played {text} (not recorded: browsing)"), false);
        }
        let _ = self.game.play(mv);
        self.show_position(None);
    }

    /// Plays the selected move without recording it.
    pub fn follow(&mut self) {
        if let Some(mv) = self.listed_move()
            && self.game.play(mv).is_ok()
        {
            self.message = None;
            self.show_position(None);
        }
    }

    /// Goes back a move; the selection lands on the move taken back, when it is listed.
    pub fn takeback(&mut self) {
        if let Some(mv) = self.game.undo() {
            self.message = None;
            self.show_position(Some(mv));
        }
    }

    fn jump_to_start(&mut self) {
        let start = *self.game.start();
        self.game = Game::from_position(start);
        self.show_position(None);
    }

    /// Turns recording on or off.
    fn toggle_recording(&mut self) {
        self.recording = !self.recording;
        if self.recording {
            self.note(
                "Recording: new moves go into your book (weights kept; :help)",
                false,
            );
        } else {
            self.note(
                "Browsing: moves are played, not recorded (Ctrl+R records again)",
                false,
            );
        }
    }

    /// Changes the selected move's weight by `delta` (never below 0), from its weight in
    /// the book at the time of the change.
    fn bump_weight(&mut self, delta: i64) {
        let Some(mv) = self.move_to_change() else {
            return;
        };
        let pos = *self.game.position();
        let result = self.book.add_weight(&pos, mv, delta);
        let said = match &result {
            Ok(edit) => {
                let w = edit
                    .after
                    .moves
                    .iter()
                    .find(|m| m.mv == mv)
                    .map_or(0, |m| m.weight);
                format!("{}: weight {w}", san(&pos, mv))
            }
            Err(_) => String::new(),
        };
        self.changed(result, said);
    }

    fn set_weight(&mut self, w: u32) {
        let Some(mv) = self.move_to_change() else {
            return;
        };
        let pos = *self.game.position();
        let result = self.book.set_weight(&pos, mv, w);
        self.changed(result, format!("{}: weight {w}", san(&pos, mv)));
    }

    fn set_comment(&mut self, comment: &str) {
        let Some(mv) = self.move_to_change() else {
            return;
        };
        let pos = *self.game.position();
        let comment = (!comment.is_empty()).then_some(comment);
        let result = self.book.set_comment(&pos, mv, comment);
        let said = match comment {
            Some(_) => format!("{}: comment saved", san(&pos, mv)),
            None => format!("{}: comment cleared", san(&pos, mv)),
        };
        self.changed(result, said);
    }

    /// Deletes the selected move (Ctrl+Z puts it back, weight, fields and comment). The
    /// last one takes the position out of the user's book: the built-in book, if it has
    /// the position, answers there again, as where nothing was recorded.
    fn delete(&mut self) {
        let Some(mv) = self.move_to_change() else {
            return;
        };
        let pos = *self.game.position();
        let result = self.book.remove(&pos, mv);
        let mut said = format!("Deleted {}", san(&pos, mv));
        if let Ok(edit) = &result
            && edit.after.moves.is_empty()
        {
            said = format!(
                "Deleted {}, the last move of your book here{}",
                san(&pos, mv),
                if self.book.builtin_answers(&pos) {
                    ": the built-in book answers again"
                } else {
                    ""
                }
            );
        }
        self.changed_with(result, said, UNDO_HINT);
    }

    /// Copies the built-in moves of the position shown into the user's book (those it
    /// lacks; its own keep their weights).
    fn adopt(&mut self) {
        let pos = *self.game.position();
        match self.book.adopt(&pos) {
            Ok(a) if a.added == 0 => self.note(
                "Nothing to adopt: your book has every built-in move here",
                false,
            ),
            Ok(a) => {
                let said = format!(
                    "Adopted {} built-in move{} into your book{}",
                    a.added,
                    if a.added == 1 { "" } else { "s" },
                    if a.kept > 0 {
                        format!("; {} of yours kept as they were", a.kept)
                    } else {
                        String::new()
                    }
                );
                self.changed_with(Ok(a.edit), said, UNDO_HINT);
            }
            Err(e) => self.note(format!("Cannot adopt: {e}"), true),
        }
    }

    /// Undoes the last change to the book (in whatever position it was made).
    fn undo_change(&mut self) {
        let Some((said, edit)) = self.undo.pop() else {
            self.note("Nothing to undo", true);
            return;
        };
        match self.book.revert(&edit) {
            Ok(()) => self.note(format!("Undone: {said}"), false),
            Err(e) => self.note(format!("Not undone: {e}"), true),
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

    /// Takes the engine's replies kept by its link, waiting at most `wait` for the first
    /// (tests; the run loop is handed them on its stream). Whether any came.
    pub fn poll_engine(&mut self, wait: std::time::Duration) -> bool {
        let mut any = false;
        while let Some((_, reply)) = self.engine.next_reply(wait) {
            any = true;
            if self.show_reply(reply) {
                break;
            }
        }
        any
    }

    /// A reply of the engine's as it arrived on the run loop's stream.
    pub fn engine_reply(&mut self, reply: Reply) {
        if let Some((_, reply)) = self.engine.accept(reply) {
            self.show_reply(reply);
        }
    }

    /// Shows what the engine answered: whether it was its last word on the request.
    fn show_reply(&mut self, reply: Reply) -> bool {
        let pos = *self.game.position();
        match reply {
            Reply::Event { .. } => false,
            Reply::Done { result, .. } => {
                self.engine_view = result.best.filter(|m| pos.is_legal(*m)).map(|m| {
                    format!(
                        "Engine: {} {} (depth {})",
                        san(&pos, m),
                        result.score,
                        result.depth
                    )
                });
                true
            }
            Reply::Failed { message, .. } => {
                self.engine_view = Some(format!("Engine error: {message}"));
                true
            }
        }
    }

    /// A typed move.
    pub fn submit_move(&mut self, text: &str) {
        match read_typed_move(self.game.position(), text) {
            Ok(mv) => self.play_move(mv),
            Err(MoveError::MissingPromotion { from, to, .. }) => self.promotion = Some((from, to)),
            Err(e) => self.note(format!("{INVALID_MOVE} ({e})"), true),
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
                    self.show_position(None);
                    self.message = None;
                }
                Err(e) => self.note(format!("Bad FEN: {e}"), true),
            },
            "start" => self.jump_to_start(),
            "back" => self.takeback(),
            "undo" | "undelete" => self.undo_change(),
            "weight" => match arg.parse::<u32>() {
                Ok(w) => self.set_weight(w),
                Err(_) => self.note("Usage: :weight N (0 or more)", true),
            },
            "comment" => self.set_comment(arg),
            "delete" | "d" => self.delete(),
            "adopt" => self.adopt(),
            "record" => self.toggle_recording(),
            "help" | "keys" => self.note(HELP, false),
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
        if key.code == KeyCode::F(6) {
            self.adopt();
            return;
        }
        if ctrl && matches!(key.code, KeyCode::Char('z')) {
            self.undo_change();
            return;
        }
        if ctrl && matches!(key.code, KeyCode::Char('r')) {
            self.toggle_recording();
            return;
        }
        if let Some((from, to)) = self.promotion {
            if let Some(role) = promotion_piece(key.code) {
                self.promotion = None;
                self.play_move(Move::new(from, to, Some(role)));
            } else if key.code == KeyCode::Esc {
                self.promotion = None;
            }
            return;
        }
        let empty = self.input.is_empty();
        if key.code == KeyCode::Enter && self.input_cut {
            // Never act on a line cut short (a comment would be saved cut).
            self.input.clear();
            self.input_cut = false;
            self.message = Some(format!(
                "Not done: the line was longer than {INPUT_MAX} characters, the limit \
                 (a :comment holds {})",
                INPUT_MAX - ":comment ".len()
            ));
            self.alert = true;
            return;
        }
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
                self.input_cut = false;
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
            KeyCode::Char(c) if !ctrl && !alt => {
                if self.input.chars().count() < INPUT_MAX {
                    self.input.push(c);
                } else if !self.input_cut {
                    self.input_cut = true;
                    self.message = Some(format!(
                        "The input line holds {INPUT_MAX} characters: the rest is not \
                         taken, and Enter will refuse the line"
                    ));
                    self.alert = true;
                }
            }
            _ => {}
        }
    }

    fn arrow(&mut self, code: KeyCode) {
        if self.focus == Focus::List {
            let row = self.selected_row();
            let to = match (code, row) {
                (KeyCode::Up, Some(r)) => r.checked_sub(1),
                (KeyCode::Down, Some(r)) => Some(r + 1),
                (KeyCode::Up | KeyCode::Down, None) => Some(0),
                _ => None,
            };
            if let Some(m) = to.and_then(|r| self.moves().get(r)) {
                self.selected = Some(m.mv);
            }
            return;
        }
        self.board.arrow(code, self.flipped);
    }

    /// Enter on the board, or a click: select a piece of the side to move, or move it.
    pub fn cursor_select(&mut self) {
        let pos = *self.game.position();
        match self.board.select(&pos, pos.turn()) {
            Pick::Move(mv) => self.play_move(mv),
            Pick::Promotion { from, to } => self.promotion = Some((from, to)),
            Pick::Illegal => self.note(INVALID_MOVE, true),
            Pick::Selected | Pick::Nothing => {}
        }
    }

    fn targets(&self) -> Vec<crate::core::Square> {
        self.board.targets(self.game.position())
    }

    /// A mouse click on the board (as last drawn).
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        if self.board.click(&ev) {
            self.focus = Focus::Board;
            self.cursor_select();
        }
    }
}

/// Runs the editor on the terminal until Esc, F10 or Ctrl+C (a signal, or the terminal
/// gone, also ends it; the terminal is restored on the way out).
pub fn run(book: Books, start: Position, config: &Config) -> io::Result<()> {
    let mut ed = Editor::new(book, start, config);
    screen::run_alone(&mut ed, |ed, events| {
        ed.engine
            .deliver_to(super::events::engine_replies(events.sender()))
    })
}

#[cfg(test)]
mod tests;
