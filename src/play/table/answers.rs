//! The game screen's questions, as words, and their answers given as a line of text
//! instead of keys (plain mode reads lines): "Resume the saved game?", "Are you sure?",
//! "Quit?", the promotion piece, the new game's colour, level and clock; help and "why"
//! closed. Each answer does what its key does on the
//! screen.

use super::{ASK_CLOCK, ASK_COLOR, ASK_LEVEL, Mode, Pending, Table};
use crate::core::{Color, Move, MoveError, Role};
use crate::play::Command;

/// A one-letter answer: yes?
fn yes(text: &str) -> bool {
    matches!(text.chars().next(), Some('y' | 'Y'))
}

impl Table {
    /// The question the current dialog asks, its first line the question itself and the
    /// others what answers it (the screen draws it in a box; plain mode prints it). `None`
    /// when no question is open.
    pub fn question(&self) -> Option<(&'static str, Vec<String>)> {
        const KEPT: &str = "The game in progress is kept: :restore brings it back.";
        let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        Some(match &self.mode {
            Mode::Play | Mode::Help | Mode::Why => return None,
            Mode::Resume => (
                " Saved game ",
                lines(&["A game in progress was saved. Resume it? (y/n)"]),
            ),
            Mode::Confirm(what) => {
                let (question, then) = match what {
                    Pending::NewGame => ("Start a new game? (y/n)".to_string(), KEPT),
                    Pending::Load(_) => ("Load another game? (y/n)".to_string(), KEPT),
                    Pending::Fen(_) => ("Set up this position? (y/n)".to_string(), KEPT),
                    Pending::Replace(path) => (
                        format!("{path} holds another game. Replace it? (y/n)"),
                        "What it holds now would be lost: n keeps it.",
                    ),
                };
                (" Are you sure? ", vec![question, then.to_string()])
            }
            // Each question says what Enter takes: the default the title already shows.
            Mode::SetupColor => (
                " New game ",
                vec![
                    ASK_COLOR.to_string(),
                    "w or b (white, black), or a first move to play White".to_string(),
                    format!("Enter: {}", self.session().human),
                ],
            ),
            Mode::SetupLevel => {
                let mut q = vec![ASK_LEVEL.to_string()];
                q.extend(crate::level::ladder_lines());
                q.push(format!("Enter: {}", self.session().level.name_and_elo()));
                (" New game ", q)
            }
            Mode::SetupClock => (" New game ", lines(&[ASK_CLOCK, "Enter: no clock"])),
            Mode::Promotion { .. } => (
                " Promotion ",
                lines(&[
                    "Promote to: q queen, r rook, b bishop, n (or k) knight",
                    "Enter: queen   Esc: no move",
                ]),
            ),
            Mode::ConfirmQuit => (
                " Quit ",
                lines(&[
                    "Quit Huo Chess? (y/n)",
                    "A game in progress is saved and offered next time.",
                ]),
            ),
        })
    }

    /// A line typed while a question is open: answered as its keys would. `false`: no
    /// question took it (the game has the line; a "Resume?" answered with a move resumes
    /// the game first, and the move is the game's).
    pub fn answer_line(&mut self, text: &str) -> bool {
        let text = text.trim();
        match self.mode.clone() {
            Mode::Resume => match text.to_ascii_lowercase().as_str() {
                "" | "y" | "yes" => self.resume_asked(),
                "n" | "no" => {
                    self.keep_autosave_as_left();
                    self.mode = Mode::SetupColor;
                }
                _ => {
                    self.resume_asked();
                    return self.mode != Mode::Play;
                }
            },
            Mode::Confirm(what) => self.answer_confirm(what, yes(text)),
            Mode::ConfirmQuit if yes(text) => self.confirm_quit(),
            Mode::ConfirmQuit => self.mode = self.back_to.clone(),
            Mode::Promotion { from, to } => {
                let role = match text.chars().next() {
                    None => Some(Role::Queen),
                    Some('k' | 'K') => Some(Role::Knight),
                    Some(c) => Role::from_char(c).filter(|r| Role::PROMOTIONS.contains(r)),
                };
                if let Some(role) = role {
                    self.mode = Mode::Play;
                    self.play_human_move(Move::new(from, to, Some(role)));
                }
            }
            Mode::SetupColor => self.answer_color(text),
            Mode::SetupLevel => self.answer_level(text),
            Mode::SetupClock => self.answer_clock(text),
            Mode::Play | Mode::Help | Mode::Why => return false,
        }
        true
    }

    /// "Are you sure?" answered: yes carries it out; no keeps the file (a save) or the
    /// game going on.
    pub fn answer_confirm(&mut self, what: Pending, yes: bool) {
        if yes {
            return self.carry_out(what);
        }
        if matches!(what, Pending::Replace(_)) {
            self.mode = self.back_to.clone();
            self.tell(Command::Answer(false));
        } else {
            self.mode = Mode::Play;
            self.note("Cancelled: the game goes on", false);
        }
    }

    /// The help or "why" window closed: back to what was open before.
    pub fn close_window(&mut self) {
        if matches!(self.mode, Mode::Help | Mode::Why) {
            self.mode = self.back_to.clone();
        }
    }

    fn set_color(&mut self, c: Color) {
        self.session_mut().human = c;
        self.flipped = c == Color::Black;
        self.message = None;
        self.ask_next(self.mode_after_color());
    }

    /// The next question, or the game once none is left.
    fn ask_next(&mut self, mode: Mode) {
        self.mode = mode;
        if self.mode == Mode::Play {
            self.start_play();
        }
    }

    /// "Set your color": `w`, `b`, `white`, `black`, or Enter for the colour shown. A
    /// move typed there (`e2e4`, `Nf3`) means the player wants to play now: they take the
    /// side to move (White, in the initial position), at the level shown and without a
    /// clock, and the move is played.
    pub fn answer_color(&mut self, text: &str) {
        if text.is_empty() {
            return self.set_color(self.session().human);
        }
        if let Ok(c) = crate::play::flags::read_color(text) {
            return self.set_color(c);
        }
        let pos = *self.session().game.position();
        let typed = crate::core::typed::read_typed_move(&pos, text);
        if matches!(typed, Ok(_) | Err(MoveError::MissingPromotion { .. })) {
            self.ask_level = false;
            self.ask_clock = false;
            self.set_color(pos.turn());
            self.submit_move(text);
        } else {
            let default = self.session().human.to_string().to_ascii_lowercase();
            self.note(
                format!("'{text}': type w or b (white or black), or Enter for {default}"),
                true,
            );
        }
    }

    /// "Set the level": a level as everywhere ([`crate::level::SPELLINGS`]), or Enter for
    /// the level shown.
    pub fn answer_level(&mut self, text: &str) {
        if !text.is_empty() {
            match text.parse::<crate::level::Level>() {
                Ok(l) => self.session_mut().level = l,
                Err(e) => return self.note(e, true),
            }
        }
        self.message = None;
        self.ask_next(if self.ask_clock {
            Mode::SetupClock
        } else {
            Mode::Play
        });
    }

    /// "Time control": as `--clock` reads it, or Enter for none.
    pub fn answer_clock(&mut self, text: &str) {
        if text.is_empty() {
            self.session_mut().clock = None;
        } else {
            match crate::session::clock::Clock::parse_setting(text) {
                Ok(c) => self.session_mut().clock = c,
                Err(e) => return self.note(e, true),
            }
        }
        self.message = None;
        self.ask_next(Mode::Play);
    }
}
