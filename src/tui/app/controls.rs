//! Keys and the mouse on the game screen. Everything a player types as a move — letters,
//! digits, `-`, `=`, `+`, `#`, `x`, `O`, in any case — goes to the input line; commands
//! are function keys and Ctrl/Alt chords (from `[tui.keys]`) or `:` commands, so no move
//! can ever start one.

use super::{Action, App, Mode, Overlay};
use crate::core::Move;
use crate::keys::KeyChord;
use crate::tui::input::{Pick, Typed, promotion_piece, take_typed};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent, MouseEventKind};

/// The longest input line.
const INPUT_MAX: usize = 100;
/// The longest answer to a first-start question.
const SETUP_MAX: usize = 30;

/// The chord a key event is, if it can be bound at all.
pub fn chord_of(key: &KeyEvent) -> Option<KeyChord> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let alt = key.modifiers.contains(KeyModifiers::ALT);
    match key.code {
        KeyCode::F(n) => Some(KeyChord::F(n)),
        KeyCode::Char(c) if ctrl => Some(KeyChord::Ctrl(c.to_ascii_lowercase())),
        KeyCode::Char(c) if alt => Some(KeyChord::Alt(c.to_ascii_lowercase())),
        _ => None,
    }
}

impl App {
    /// The bindings, help first, then the most wanted first: the order the key line
    /// shows as many of as fit, and the help all of.
    pub fn bindings(&self) -> [(KeyChord, Action, &'static str); 15] {
        let k = &self.config.tui.keys;
        [
            (k.help, Action::Help, "help"),
            (k.why, Action::Why, "why"),
            (k.hint, Action::Hint, "hint"),
            (k.takeback, Action::Takeback, "undo"),
            (k.new_game, Action::NewGame, "new"),
            (k.save, Action::Save, "save"),
            (k.load, Action::Load, "load"),
            (k.level, Action::Level, "level"),
            (k.quit, Action::Quit, "quit"),
            (k.move_now, Action::MoveNow, "now"),
            (k.switch_sides, Action::SwitchSides, "switch"),
            (k.flip, Action::Flip, "flip"),
            (k.copy_fen, Action::CopyFen, "fen"),
            (k.toggle_log, Action::ToggleLog, "log"),
            (k.review, Action::Review, "review"),
        ]
    }

    /// The action bound to `key`, if any.
    pub fn action_for(&self, key: &KeyEvent) -> Option<Action> {
        let chord = chord_of(key)?;
        self.bindings()
            .into_iter()
            .find(|(c, _, _)| *c == chord)
            .map(|(_, a, _)| a)
    }

    /// One key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        // The trainer has its keys (Ctrl+C, like Esc, leaves it for the game).
        if matches!(
            self.active_overlay(),
            Some(Overlay::Train(_) | Overlay::Puzzles(_))
        ) {
            return self.trainer_key(key);
        }
        if ctrl && matches!(key.code, KeyCode::Char('c' | 'd')) {
            if self.mode == Mode::ConfirmQuit {
                self.confirm_quit();
            } else {
                self.ask_quit();
            }
            return;
        }
        // While the screen is too small to show the game, nothing typed is played unseen:
        // only quitting works.
        if self.too_small() && self.mode != Mode::ConfirmQuit {
            if matches!(key.code, KeyCode::Char('q' | 'Q'))
                || self.action_for(&key) == Some(Action::Quit)
            {
                self.ask_quit();
            }
            return;
        }
        if !self.mode.on_top() {
            match &mut self.overlay {
                Some(Overlay::Analysis(view)) => {
                    if !view.key(key.code) {
                        self.close_analysis();
                    } else if let Some(index) = view.switch_to.take() {
                        self.switch_analysis(index);
                    }
                    return;
                }
                Some(Overlay::Tree(view)) => {
                    if !view.key(key.code) {
                        self.overlay = None;
                    }
                    return;
                }
                Some(Overlay::Train(_) | Overlay::Puzzles(_)) => return self.trainer_key(key),
                None => {}
            }
        }
        match self.mode.clone() {
            Mode::Help | Mode::Why => self.mode = self.back_to.clone(),
            Mode::ConfirmQuit => {
                if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                    self.confirm_quit();
                } else {
                    self.mode = self.back_to.clone();
                }
            }
            Mode::Confirm(what) => {
                self.answer_confirm(what, matches!(key.code, KeyCode::Char('y' | 'Y')))
            }
            Mode::Resume => match key.code {
                KeyCode::Char('y' | 'Y') | KeyCode::Enter => self.resume_asked(),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => {
                    self.keep_autosave_as_left();
                    self.mode = Mode::SetupColor;
                }
                // Anything else: the player wants to play on. Resume, and the key is
                // the start of a move, not lost.
                KeyCode::Char(_) if !ctrl => {
                    self.resume_asked();
                    if self.mode == Mode::Play {
                        self.play_key(key);
                    }
                }
                _ => {}
            },
            Mode::SetupColor | Mode::SetupLevel | Mode::SetupClock => self.setup_line_key(key),
            Mode::Promotion { from, to } => {
                if let Some(role) = promotion_piece(key.code) {
                    self.mode = Mode::Play;
                    self.play_human_move(Move::new(from, to, Some(role)));
                } else if key.code == KeyCode::Esc {
                    self.mode = Mode::Play;
                    self.board.selected = None;
                }
            }
            Mode::Play => self.play_key(key),
        }
    }

    /// Typing in the first-start questions: a whole answer, then Enter (an empty answer
    /// takes the default the question shows).
    fn setup_line_key(&mut self, key: KeyEvent) {
        let chord = key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match key.code {
            KeyCode::Char(c) if !chord && self.input.chars().count() < SETUP_MAX => {
                self.input.push(c)
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Enter => {
                let text = std::mem::take(&mut self.input);
                let text = text.trim();
                match self.mode {
                    Mode::SetupColor => self.answer_color(text),
                    Mode::SetupLevel => self.answer_level(text),
                    _ => self.answer_clock(text),
                }
            }
            _ => {}
        }
    }

    /// Keys during play: characters type, bound chords act, arrows move the cursor.
    fn play_key(&mut self, key: KeyEvent) {
        if let Some(a) = self.action_for(&key) {
            self.do_action(a);
            return;
        }
        if self.board.arrow(key.code, self.flipped) {
            return;
        }
        let chord = key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match key.code {
            KeyCode::Enter => match take_typed(&mut self.input) {
                Typed::Command(cmd) => self.handle_command(&cmd),
                Typed::Move(text) if text == "?" => self.do_action(Action::Help),
                Typed::Move(text) => self.submit_move(&text),
                Typed::Empty => self.cursor_select(),
            },
            KeyCode::Esc => {
                self.input.clear();
                self.board.selected = None;
                self.message = None;
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::PageUp => self.log.page_up(),
            KeyCode::PageDown => self.log.page_down(),
            KeyCode::Home if self.input.is_empty() => self.log.home(),
            KeyCode::End if self.input.is_empty() => self.log.end(),
            KeyCode::Char(c) if !chord && self.input.chars().count() < INPUT_MAX => {
                self.input.push(c)
            }
            _ => {}
        }
    }

    /// Enter on the board (or a click): select a piece of yours, or move the selected one.
    pub fn cursor_select(&mut self) {
        if !self.humans_turn() {
            return;
        }
        let pos = *self.session().game.position();
        match self.board.select(&pos, self.session().human) {
            Pick::Move(mv) => self.play_human_move(mv),
            Pick::Promotion { from, to } => self.mode = Mode::Promotion { from, to },
            Pick::Illegal => self.note(super::INVALID_MOVE, true),
            Pick::Selected | Pick::Nothing => {}
        }
    }

    /// The legal destinations of the selected piece.
    pub fn targets(&self) -> Vec<crate::core::Square> {
        self.board.targets(self.session().game.position())
    }

    /// A mouse event: a left click on the board acts like the cursor and Enter; the
    /// wheel scrolls the log.
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        if matches!(
            self.active_overlay(),
            Some(Overlay::Train(_) | Overlay::Puzzles(_))
        ) {
            return self.trainer_mouse(ev);
        }
        match ev.kind {
            MouseEventKind::ScrollUp => self.log.scroll_by(3),
            MouseEventKind::ScrollDown => self.log.scroll_by(-3),
            _ if self.mode == Mode::Play && self.board.click(&ev) => self.cursor_select(),
            _ => {}
        }
    }
}
