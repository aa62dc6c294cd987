//! The trainer screen (`huo-book train`, `:train` in the game): a position on the board,
//! the learner's move asked, the answer judged, the right moves shown when it was wrong.
//! It runs any [`Exercise`] (the opening trainer is one) through the library's [`Coach`],
//! which holds the trainer's state and rules; the screen's keys are here, its drawing in
//! [`ui`]. It looks like the book editor and takes moves the same ways: typed
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
use super::input::{BoardInput, INVALID_MOVE, Pick, Typed, promotion_piece, take_typed};
use super::screen;
use super::theme::Theme;
use crate::config::Config;
use crate::core::{Color, Move, Square};
use crate::train::Exercise;
use crate::train::coach::{Coach, ViewCommand};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};
use ratatui::layout::Rect;
use std::io;
use std::ops::{Deref, DerefMut};
use std::sync::mpsc::Sender;

/// The trainer screen: the [`Coach`] (the exercise, its notes, its rules) and what only a
/// screen has — a board cursor, an input line, the promotion asked, the keys' window.
pub struct Trainer {
    /// The trainer itself; the screen reads it through `Deref` as well.
    pub coach: Coach,
    pub theme: Theme,
    /// The board cursor and selection (shared with the game and the editor).
    pub board: BoardInput,
    /// Waiting for the promotion piece of this pawn move.
    pub promotion: Option<(Square, Square)>,
    pub input: String,
    /// The board seen from the other side than the learner's.
    pub flipped: bool,
    /// F1: the keys, in a window over the screen.
    pub help: bool,
    pub screen: Rect,
}

impl Deref for Trainer {
    type Target = Coach;
    fn deref(&self) -> &Coach {
        &self.coach
    }
}

impl DerefMut for Trainer {
    fn deref_mut(&mut self) -> &mut Coach {
        &mut self.coach
    }
}

impl Trainer {
    /// The screen on `exercise`, the board seen from the learner's side.
    pub fn new(exercise: Box<dyn Exercise>, config: &Config) -> Trainer {
        let coach = Coach::new(exercise);
        Trainer {
            theme: Theme::by_name(&config.tui.theme),
            flipped: coach.facing() == Color::Black,
            coach,
            board: BoardInput::default(),
            promotion: None,
            input: String::new(),
            help: false,
            screen: Rect::new(0, 0, 80, 25),
        }
    }

    /// Wakes the screen's loop on `events` when a judgement arrives (else a move is
    /// judged before the screen goes on).
    pub fn wake_to(&mut self, events: Sender<Wake>) {
        self.coach.wake_with(Box::new(move || {
            let _ = events.send(Wake::Worker);
        }));
    }

    /// Does the coach take a step now (no judgement running)? Then the piece picked up
    /// is put down.
    fn put_down(&mut self) {
        if !self.coach.exercise.judging() {
            self.board.selected = None;
        }
    }

    /// After the coach moved on: the board turned for the side to answer, when a new
    /// exercise is for the other side (a drill from a game with Black after one with White).
    fn face_learner(&mut self) {
        if let Some(learner) = self.coach.learner_changed() {
            self.flipped = learner == Color::Black;
        }
    }

    /// A move of the learner's, typed or played on the board.
    pub fn play_move(&mut self, mv: Move) {
        if !self.coach.between_lines() {
            self.put_down();
        }
        self.coach.play_move(mv);
    }

    /// A typed move; a pawn's move to the last rank without its piece asks for it.
    pub fn submit_move(&mut self, text: &str) {
        if !self.coach.between_lines() {
            self.put_down();
        }
        if let Some(promotion) = self.coach.submit_move(text) {
            self.promotion = Some(promotion);
        }
    }

    /// A `:` command (without the colon).
    pub fn handle_command(&mut self, line: &str) {
        match self.coach.handle_command(line) {
            Some(ViewCommand::Flip) => self.flipped = !self.flipped,
            Some(ViewCommand::Keys) => self.help = true,
            None => {
                self.put_down();
                self.face_learner();
            }
        }
    }

    /// A step of the coach's (go on, skip, hint, show, undo), the board following it.
    fn step(&mut self, step: fn(&mut Coach)) {
        self.put_down();
        step(&mut self.coach);
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
            self.coach.quit = true;
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
            KeyCode::F(2) => self.step(Coach::hint),
            KeyCode::F(3) => self.step(Coach::show),
            KeyCode::F(4) => self.step(Coach::skip),
            KeyCode::Char('z') if ctrl => self.step(Coach::undo),
            KeyCode::Enter => match take_typed(&mut self.input) {
                Typed::Command(cmd) => self.handle_command(&cmd),
                Typed::Move(text) => self.submit_move(&text),
                Typed::Empty if self.coach.between_lines() => self.step(Coach::go_on),
                Typed::Empty => self.cursor_select(),
            },
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right => {
                self.board.arrow(key.code, self.flipped);
            }
            // No move starts with w: at an empty input it asks why.
            KeyCode::Char('w') if !ctrl && !alt && self.input.is_empty() => self.coach.toggle_why(),
            KeyCode::Char(c) if !ctrl && !alt && self.input.chars().count() < 100 => {
                self.input.push(c)
            }
            _ => {}
        }
    }

    /// Enter on the board, or a click: select a piece of the side to move, or move it.
    pub fn cursor_select(&mut self) {
        let pos = *self.coach.exercise.game().position();
        match self.board.select(&pos, pos.turn()) {
            Pick::Move(mv) => self.play_move(mv),
            Pick::Promotion { from, to } => self.promotion = Some((from, to)),
            Pick::Illegal => self.coach.message = Some(INVALID_MOVE.into()),
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
