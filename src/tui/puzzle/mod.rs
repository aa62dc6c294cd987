//! The puzzle screen (`huo-chess puzzle`): the puzzle trainer's state
//! ([`crate::puzzle::trainer`]) on the board, turned for the solver, in the trainer's look
//! and with its keys: a move typed (`e4`, `Nf3`, `g1f3`) or played on the board with the
//! arrows and Enter or the mouse; F2 a hint (the piece, then the move), F3 show me, F4 the
//! next puzzle (Enter too, once a puzzle is over), F5 the figures of `--stats` in a
//! window; Esc leaves. Its state and keys are
//! here, its drawing in [`ui`].
//!
//! It runs on the screens' one loop ([`super::screen`]): on a terminal of its own
//! ([`run`]), or over the game's, which holds a [`PuzzleScreen`] ([`PuzzleScreen::open`])
//! and hands it its keys, mouse and frames until [`PuzzleScreen::done`].

pub mod ui;

use super::input::{
    BoardInput, INVALID_MOVE, Pick, Typed, promotion_piece, read_typed_move, take_typed,
};
use super::screen::{self, View};
use super::theme::Theme;
use crate::config::Config;
use crate::core::{Color, Move, MoveError, Square};
use crate::puzzle::trainer::{OpenError, Options, PuzzleTrainer, Stage};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use std::io;

/// The puzzle screen's state.
pub struct PuzzleScreen {
    pub theme: Theme,
    pub trainer: PuzzleTrainer,
    /// The board cursor and selection.
    pub board: BoardInput,
    /// Waiting for the promotion piece of this pawn move.
    pub promotion: Option<(Square, Square)>,
    pub input: String,
    /// Black's side at the bottom.
    pub flipped: bool,
    /// The screen's own note (a move it could not read), over the trainer's.
    pub message: Option<String>,
    /// The window open over the screen, if any.
    pub window: Option<Window>,
    pub quit: bool,
    pub screen: Rect,
    /// The puzzle the board was last turned for.
    turned_for: Option<String>,
}

/// A window over the puzzle screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// F1: the keys.
    Keys,
    /// F5: the rating, its history and the themes (the figures of `--stats`).
    Stats,
}

impl Window {
    /// The key that opens it (and, pressed again, closes it).
    fn key(self) -> KeyCode {
        match self {
            Window::Keys => KeyCode::F(1),
            Window::Stats => KeyCode::F(5),
        }
    }
}

/// The keys and commands, a line each, for the help window (F1).
pub const HELP: [&str; 10] = [
    "A move (e4, Nf3, g1f3) + Enter: your move",
    "Arrows + Enter, or a click: a move on the board",
    "F2 or :hint   a hint: the piece first, then the move (failed)",
    "F3 or :show   show me the solution (counts as failed)",
    "F4 or :next   the next puzzle (Enter too, once one is over)",
    "F5 or :stats  your rating, its history, success by theme",
    ":flip         turn the board",
    "F1            these keys",
    "Esc           clear the typed line; on an empty line, leave",
    "F10, :q       leave (every puzzle played is saved)",
];

impl PuzzleScreen {
    /// The screen on `trainer`.
    pub fn new(trainer: PuzzleTrainer, config: &Config) -> PuzzleScreen {
        let mut s = PuzzleScreen {
            theme: Theme::by_name(&config.tui.theme),
            trainer,
            board: BoardInput::default(),
            promotion: None,
            input: String::new(),
            flipped: false,
            message: None,
            window: None,
            quit: false,
            screen: Rect::new(0, 0, 80, 25),
            turned_for: None,
        };
        s.face_solver();
        s
    }

    /// The screen on every puzzle source and the progress in the user's data folder: for
    /// the game to open over itself (`:puzzle`), as `huo-chess puzzle` does.
    pub fn open(config: &Config, options: Options) -> Result<PuzzleScreen, OpenError> {
        let dir = crate::puzzle::library::default_dir();
        let path = crate::puzzle::progress::default_path();
        let trainer = PuzzleTrainer::open(dir.as_deref(), path, options)?;
        Ok(PuzzleScreen::new(trainer, config))
    }

    /// Has the user left?
    pub fn done(&self) -> bool {
        self.quit
    }

    /// A new puzzle: the board turned for its solver.
    fn face_solver(&mut self) {
        let id = self.trainer.puzzle().map(|p| p.id.clone());
        if id != self.turned_for {
            self.flipped = self.trainer.solver() == Color::Black;
            self.turned_for = id;
        }
    }

    /// A move of the user's, typed or played on the board.
    pub fn play_move(&mut self, mv: Move) {
        self.message = None;
        self.board.selected = None;
        if self.trainer.stage() != Stage::Solving {
            self.message = Some(self.over_hint().into());
            return;
        }
        self.trainer.play(mv);
    }

    fn over_hint(&self) -> &'static str {
        match self.trainer.stage() {
            Stage::NoPuzzle => "No puzzle to play: Esc leaves",
            _ => "The puzzle is over: Enter goes on to the next",
        }
    }

    /// A typed move.
    pub fn submit_move(&mut self, text: &str) {
        if self.trainer.stage() != Stage::Solving {
            self.message = Some(self.over_hint().into());
            return;
        }
        match read_typed_move(self.trainer.game().position(), text) {
            Ok(mv) => self.play_move(mv),
            Err(MoveError::MissingPromotion { from, to, .. }) => self.promotion = Some((from, to)),
            Err(e) => self.message = Some(format!("{INVALID_MOVE} ({e})")),
        }
    }

    /// F4, `:next`, or Enter once a puzzle is over.
    pub fn next(&mut self) {
        self.message = None;
        self.board.selected = None;
        if let Err(e) = self.trainer.next_puzzle() {
            self.message = Some(format!("The next puzzle cannot be read: {e}"));
        }
        self.face_solver();
    }

    /// F2 or `:hint`.
    pub fn hint(&mut self) {
        self.message = None;
        if !self.trainer.hint() {
            self.message = Some("No hint here: a hint is for a move asked".into());
        }
    }

    /// F3 or `:show`.
    pub fn show(&mut self) {
        self.message = None;
        self.board.selected = None;
        if !self.trainer.show() {
            self.message = Some("Nothing to show: the solution is on the board".into());
        }
    }

    /// A `:` command (without the colon).
    pub fn handle_command(&mut self, line: &str) {
        match line.trim().to_ascii_lowercase().as_str() {
            "flip" => self.flipped = !self.flipped,
            "next" | "skip" => self.next(),
            "hint" => self.hint(),
            "show" => self.show(),
            "keys" | "help" => self.window = Some(Window::Keys),
            "stats" => self.window = Some(Window::Stats),
            "quit" | "q" => self.quit = true,
            other => {
                self.message = Some(format!(
                    "Unknown command ':{other}' (F1 lists the keys and commands)"
                ))
            }
        }
    }

    /// One key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        if let Some(window) = self.window.take() {
            // A window closes on any key (it is read); its own key or Esc does no more.
            if key.code == KeyCode::Esc || key.code == window.key() {
                return;
            }
        }
        if key.code == KeyCode::Esc && (!self.input.is_empty() || self.promotion.is_some()) {
            self.input.clear();
            self.promotion = None;
            return;
        }
        if key.code == KeyCode::Esc
            || key.code == KeyCode::F(10)
            || (ctrl && matches!(key.code, KeyCode::Char('c' | 'd')))
        {
            self.quit = true;
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
            KeyCode::F(1) => self.window = Some(Window::Keys),
            KeyCode::F(2) => self.hint(),
            KeyCode::F(3) => self.show(),
            KeyCode::F(4) => self.next(),
            KeyCode::F(5) => self.window = Some(Window::Stats),
            KeyCode::Enter => match take_typed(&mut self.input) {
                Typed::Command(cmd) => self.handle_command(&cmd),
                Typed::Move(text) => self.submit_move(&text),
                Typed::Empty if self.trainer.stage() == Stage::Over => self.next(),
                Typed::Empty => self.cursor_select(),
            },
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right => {
                self.board.arrow(key.code, self.flipped);
            }
            KeyCode::Char(c) if !ctrl && !alt && self.input.chars().count() < 100 => {
                self.input.push(c)
            }
            _ => {}
        }
    }

    /// Enter on the board, or a click: select a piece of the side to move, or move it.
    pub fn cursor_select(&mut self) {
        let pos = *self.trainer.game().position();
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

impl View for PuzzleScreen {
    fn update(&mut self) -> bool {
        false
    }

    fn busy(&self) -> bool {
        false
    }

    fn handle(&mut self, event: Event) {
        match event {
            Event::Key(k) => self.handle_key(k),
            Event::Mouse(m) => self.handle_mouse(m),
            Event::Resize(w, h) => self.screen = Rect::new(0, 0, w, h),
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
}

/// Runs the puzzle screen on `trainer` on a terminal of its own until Esc (every puzzle
/// played was saved as it ended); the terminal is given back however it ends.
pub fn run(trainer: PuzzleTrainer, config: &Config) -> io::Result<()> {
    let mut screen = PuzzleScreen::new(trainer, config);
    screen::run_alone(&mut screen, |_, _| {})
}
