//! The trainer screen (`huo-book train`, `:train` in the game): a position on the board,
//! the learner's move asked, the answer judged, the right moves shown when it was wrong.
//! It runs any [`Exercise`] (the opening trainer is one); its state and keys are here, its
//! drawing in [`ui`]. It looks like the book editor and takes moves the same ways: typed
//! (`e4`, `Nf3`, `g1f3`), or with the arrows and Enter, or the mouse, on the board
//! ([`BoardInput`]).
//!
//! Keys: a move and Enter answers; Enter alone plays on the board's cursor, or goes on to
//! the next line when one is over; `:flip` turns the board; Esc (also F10, Ctrl+C) leaves
//! at any time, even while a move is being judged. Nothing is lost by leaving: each answer
//! was saved when it was given.
//!
//! It runs on the screens' one loop and event stream ([`super::screen`]): on a terminal of
//! its own (`huo-book train`, `huo-chess drill`) or inside the game's (`:train`, `:drill`).

pub mod ui;
mod view;

use super::events::Wake;
use super::input::{
    BoardInput, INVALID_MOVE, Pick, Typed, promotion_piece, read_typed_move, take_typed,
};
use super::screen;
use super::theme::Theme;
use crate::config::Config;
use crate::core::{Move, MoveError, Square};
use crate::session::engine::THINKING;
use crate::train::{Exercise, Stage};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};
use ratatui::layout::Rect;
use std::io;
use std::sync::mpsc::Sender;

/// The trainer screen's state.
pub struct Trainer {
    pub theme: Theme,
    /// What is trained: it plays its moves, judges the learner's, keeps the score.
    pub exercise: Box<dyn Exercise>,
    /// The board cursor and selection (shared with the game and the editor).
    pub board: BoardInput,
    /// Waiting for the promotion piece of this pawn move.
    pub promotion: Option<(Square, Square)>,
    pub input: String,
    /// The board seen from the other side than the learner's.
    pub flipped: bool,
    /// The screen's own note (a move it could not read), shown over the exercise's.
    pub message: Option<String>,
    /// `w`: why the right move is better (once an answer is judged), shown in the panel.
    pub why: Option<Vec<String>>,
    /// F1: the keys, in a window over the screen.
    pub help: bool,
    /// The side the board was last turned for: a new exercise for the other side turns it.
    seen_learner: crate::core::Color,
    pub quit: bool,
    pub screen: Rect,
}

impl Trainer {
    /// The screen on `exercise`, the board seen from the learner's side.
    pub fn new(exercise: Box<dyn Exercise>, config: &Config) -> Trainer {
        Trainer {
            theme: Theme::by_name(&config.tui.theme),
            flipped: exercise.learner() == crate::core::Color::Black,
            seen_learner: exercise.learner(),
            exercise,
            board: BoardInput::default(),
            promotion: None,
            input: String::new(),
            message: None,
            why: None,
            help: false,
            quit: false,
            screen: Rect::new(0, 0, 80, 25),
        }
    }

    /// Is a line over (Enter goes on), or the session?
    fn between_lines(&self) -> bool {
        matches!(
            self.exercise.stage(),
            Stage::LineDone { .. } | Stage::Finished { .. }
        )
    }

    /// Wakes the screen's loop on `events` when a judgement arrives (else a move is
    /// judged before the screen goes on).
    pub fn wake_to(&mut self, events: Sender<Wake>) {
        self.exercise.wake_with(Box::new(move || {
            let _ = events.send(Wake::Worker);
        }));
    }

    /// A move of the learner's, typed or played on the board.
    pub fn play_move(&mut self, mv: Move) {
        if self.exercise.judging() {
            self.message = Some(THINKING.into());
            return;
        }
        if self.between_lines() {
            self.message = Some(self.between_lines_hint().into());
            return;
        }
        self.message = None;
        self.why = None;
        self.board.selected = None;
        self.exercise.play(mv);
        if self.exercise.judging() {
            self.message = Some(THINKING.into());
        }
    }

    /// Takes in a judgement that has arrived: whether the screen changed.
    pub fn poll(&mut self) -> bool {
        let changed = self.exercise.poll();
        if changed && !self.exercise.judging() && self.message.as_deref() == Some(THINKING) {
            self.message = None;
        }
        changed
    }

    fn between_lines_hint(&self) -> &'static str {
        match self.exercise.stage() {
            Stage::Finished { .. } => "Nothing more to ask now: Esc leaves",
            _ => "The line is over: Enter goes on to the next",
        }
    }

    /// A typed move.
    pub fn submit_move(&mut self, text: &str) {
        // Between lines the board is the one the line ended on: nothing is asked there.
        if self.between_lines() {
            self.message = Some(self.between_lines_hint().into());
            return;
        }
        match read_typed_move(self.exercise.game().position(), text) {
            Ok(mv) => self.play_move(mv),
            Err(MoveError::MissingPromotion { from, to, .. }) => self.promotion = Some((from, to)),
            Err(e) => {
                self.message = Some(format!("{INVALID_MOVE} ({e})"));
            }
        }
    }

    /// A `:` command (without the colon).
    pub fn handle_command(&mut self, line: &str) {
        match line.trim().to_ascii_lowercase().as_str() {
            "flip" => self.flipped = !self.flipped,
            "next" | "skip" => self.skip(),
            "hint" => self.hint(),
            "show" => self.show(),
            "undo" => self.undo(),
            "from" => self.train_from_here(true),
            "whole" => self.train_from_here(false),
            "keys" | "help" => self.help = true,
            "quit" | "q" => self.quit = true,
            other => {
                self.message = Some(format!(
                    "Unknown command ':{other}' (F1 lists the keys and commands)"
                ))
            }
        }
    }

    /// Clears what the last step showed, before the exercise takes the next.
    fn clear(&mut self) {
        self.message = None;
        self.why = None;
        self.board.selected = None;
    }

    /// After the exercise moved on: the board turned for the side to answer, when a new
    /// exercise is for the other side (a drill from a game with Black after one with White).
    fn face_learner(&mut self) {
        let learner = self.exercise.learner();
        if learner != self.seen_learner {
            self.seen_learner = learner;
            self.flipped = learner == crate::core::Color::Black;
        }
    }

    /// Enter between lines: the next line.
    fn go_on(&mut self) {
        if self.exercise.judging() {
            return;
        }
        self.clear();
        self.exercise.next();
        self.face_learner();
    }

    /// F4 or `:next`: skips the line asked (between lines: goes on).
    fn skip(&mut self) {
        if self.exercise.judging() {
            return;
        }
        self.clear();
        self.exercise.skip();
        self.face_learner();
    }

    /// F2 or `:hint`.
    fn hint(&mut self) {
        if self.exercise.judging() {
            return;
        }
        self.clear();
        if !self.exercise.hint() {
            self.message = Some("No hint here: a hint is for a question asked".into());
        }
    }

    /// F3 or `:show`: the answer, counted as wrong.
    fn show(&mut self) {
        if self.exercise.judging() {
            return;
        }
        self.clear();
        if !self.exercise.show() {
            self.message =
                Some("Nothing to show: the answer shows once a question is asked".into());
        }
    }

    /// Ctrl+Z or `:undo`: the wrong answer just given taken back.
    fn undo(&mut self) {
        if self.exercise.judging() {
            return;
        }
        self.clear();
        if !self.exercise.undo() {
            self.message = Some("Nothing to take back: Ctrl+Z takes back a wrong answer".into());
        }
    }

    /// `:from` (here) or `:whole` (whole lines from the start).
    fn train_from_here(&mut self, here: bool) {
        if self.exercise.judging() {
            return;
        }
        self.clear();
        if !self.exercise.train_from_here(here) && self.exercise.note().is_none() {
            self.message = Some(if here {
                "This trainer cannot train from a position".into()
            } else {
                "Already training whole lines".into()
            });
        }
        self.face_learner();
    }

    /// One key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        if self.help && matches!(key.code, KeyCode::Esc | KeyCode::F(1)) {
            self.help = false;
            return;
        }
        // Esc clears what is typed first (as in the game), then leaves: a half-typed
        // answer is not lost to a key meant for it. A pending promotion is put away alike.
        if key.code == KeyCode::Esc && (!self.input.is_empty() || self.promotion.is_some()) {
            self.input.clear();
            self.promotion = None;
            return;
        }
        // Leaving is always one key away: every answer is saved already.
        if key.code == KeyCode::Esc
            || key.code == KeyCode::F(10)
            || (ctrl && matches!(key.code, KeyCode::Char('c' | 'd')))
        {
            self.quit = true;
            return;
        }
        if self.help {
            // The keys' window closes on F1 or Esc (or any other key: it is read).
            self.help = false;
            return;
        }
        if let Some((from, to)) = self.promotion {
            if let Some(role) = promotion_piece(key.code) {
                self.promotion = None;
                self.play_move(Move::new(from, to, Some(role)));
            }
            return;
        }
        match key.code {
            KeyCode::F(1) => self.help = true,
            KeyCode::F(2) => self.hint(),
            KeyCode::F(3) => self.show(),
            KeyCode::F(4) => self.skip(),
            KeyCode::Char('z') if ctrl => self.undo(),
            KeyCode::Enter => match take_typed(&mut self.input) {
                Typed::Command(cmd) => self.handle_command(&cmd),
                Typed::Move(text) => self.submit_move(&text),
                Typed::Empty if self.between_lines() => self.go_on(),
                Typed::Empty => self.cursor_select(),
            },
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right => {
                self.board.arrow(key.code, self.flipped);
            }
            // No move starts with w: at an empty input it asks why.
            KeyCode::Char('w') if !ctrl && !alt && self.input.is_empty() => self.toggle_why(),
            KeyCode::Char(c) if !ctrl && !alt && self.input.chars().count() < 100 => {
                self.input.push(c)
            }
            _ => {}
        }
    }

    /// `w`: why the right move is better, once an answer is judged; again, back.
    pub fn toggle_why(&mut self) {
        if self.why.take().is_none() {
            self.why = self.exercise.why();
            if self.why.is_none() {
                self.message = Some("Nothing to explain: w explains a drill's answer".into());
            }
        }
    }

    /// Enter on the board, or a click: select a piece of the side to move, or move it.
    pub fn cursor_select(&mut self) {
        let pos = *self.exercise.game().position();
        match self.board.select(&pos, pos.turn()) {
            Pick::Move(mv) => self.play_move(mv),
            Pick::Promotion { from, to } => self.promotion = Some((from, to)),
            Pick::Illegal => self.message = Some(INVALID_MOVE.into()),
            Pick::Selected | Pick::Nothing => {}
        }
    }

    /// A mouse click on the board (as last drawn).
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        if self.board.click(&ev) {
            self.cursor_select();
        }
    }
}

/// Runs the trainer on `exercise` on a terminal of its own until Esc.
pub fn run(exercise: Box<dyn Exercise>, config: &Config) -> io::Result<()> {
    let mut trainer = Trainer::new(exercise, config);
    screen::run_alone(&mut trainer, |tr, events| tr.wake_to(events.sender()))
}

#[cfg(test)]
mod tests;
