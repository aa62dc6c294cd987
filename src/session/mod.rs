//! A game session: the game a person plays against the engine, apart from any screen. It
//! holds what a saved game must keep (the moves, which side the player has, the level, the
//! clocks, how the game ended), the engine's resign and draw decisions and where games are
//! kept between runs (the autosave, the games set aside), and it does what
//! changes them: a move played (the clock pressed), a takeback (the clocks put back), a
//! flag that falls, the game written as PGN and read back. The game screen draws it and
//! feeds it the player's input; the tests drive it directly.
//!
//! - [`clock`]: chess clocks with an increment, and the flag-fall rule.
//! - [`engine`]: the link to the engine service: the current request, stale replies dropped.
//! - [`policy`]: when the engine resigns, offers a draw or accepts one.
//! - [`saves`]: the autosave and the games set aside, between runs.

pub mod clock;
pub mod engine;
pub mod policy;
pub mod saves;

use crate::core::{Color, Move, Position, san};
use crate::game::{Ending, Game};
use crate::level::Level;
use crate::timecontrol::TimeControl;
use clock::Clock;
use policy::Policy;
use saves::Saves;
use std::time::Instant;

/// The game in progress and what belongs to it.
#[derive(Debug)]
pub struct GameSession {
    /// The moves from the start position.
    pub game: Game,
    /// The side the player has (in a watched game, the side shown at the bottom).
    pub human: Color,
    /// The engine's level.
    pub level: Level,
    /// The chess clocks, when the game is timed.
    pub clock: Option<Clock>,
    /// How the game ended, once it has.
    pub ending: Option<Ending>,
    /// The engine's resign and draw decisions.
    pub policy: Policy,
    /// Where games are kept between runs.
    pub saves: Saves,
}

/// Why a move was not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The game is over.
    Over,
    /// The move is not legal in the position.
    Illegal,
}

/// Why a takeback could not be done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoTakeback {
    /// No move has been played.
    NothingToTakeBack,
    /// A flag fell after clocks that were set during the game: the times the moves taken
    /// back were played with are not known, so the game cannot go on from there.
    TimesUnknown,
}

impl std::fmt::Display for NoTakeback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NoTakeback::NothingToTakeBack => "Nothing to take back",
            NoTakeback::TimesUnknown => {
                "No takeback: the clocks were set after that move, so its times are not known"
            }
        })
    }
}

/// A game read back from PGN: what it said beyond the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restored {
    /// The clocks its `TimeControl` tag names (the time left is not saved).
    pub control: Option<TimeControl>,
}

impl GameSession {
    /// A new game from `start` (the initial position without one), untimed.
    pub fn new(start: Option<Position>, human: Color, level: Level) -> GameSession {
        GameSession {
            game: start.map_or_else(Game::new, Game::from_position),
            human,
            level,
            clock: None,
            ending: None,
            policy: Policy::default(),
            saves: Saves::new(None),
        }
    }

    /// The same session, keeping its games at `autosave` (and the games set aside beside
    /// it) between runs; `None`: nothing is kept.
    pub fn keeping_games_at(mut self, autosave: Option<std::path::PathBuf>) -> GameSession {
        self.saves = Saves::new(autosave);
        self
    }

    /// Is the game over?
    pub fn over(&self) -> bool {
        self.ending.is_some()
    }

    /// Has the game anything worth keeping: moves, and no ending yet?
    pub fn in_progress(&self) -> bool {
        !self.over() && !self.game.moves().is_empty()
    }

    /// The engine's side.
    pub fn engine_side(&self) -> Color {
        !self.human
    }

    /// Plays `mv` for the side to move and presses its clock; returns the move in SAN.
    pub fn play(&mut self, mv: Move, now: Instant) -> Result<String, Refused> {
        if self.over() {
            return Err(Refused::Over);
        }
        let pos = *self.game.position();
        if !pos.is_legal(mv) {
            return Err(Refused::Illegal);
        }
        let text = san(&pos, mv);
        self.game.play(mv).map_err(|_| Refused::Illegal)?;
        if let Some(c) = &mut self.clock {
            c.press(pos.turn(), now);
        }
        Ok(text)
    }

    /// The game is over: the clocks stop, the ending is kept.
    pub fn finish(&mut self, ending: Ending, now: Instant) {
        let turn = self.game.position().turn();
        if let Some(c) = &mut self.clock {
            c.halt(turn, now);
        }
        self.ending = Some(ending);
    }

    /// The ending by the board (mate, stalemate, repetition...), if the game has reached one.
    pub fn board_ending(&self) -> Option<Ending> {
        self.game.outcome().map(Ending::Board)
    }

    /// The side to move has run out of time: the ending the clocks give (a loss, or a
    /// draw when the other side cannot mate).
    pub fn flag_fall(&self, now: Instant) -> Option<Ending> {
        if self.over() {
            return None;
        }
        self.clock
            .as_ref()
            .and_then(|c| c.flag_fall(self.game.position(), now))
    }

    /// Takes back `plies` half-moves (fewer if the game has fewer), with the clocks as they
    /// were; an ended game goes on. Returns whether it had ended.
    pub fn take_back(&mut self, plies: usize, now: Instant) -> Result<bool, NoTakeback> {
        let plies = plies.min(self.game.moves().len());
        if plies == 0 {
            return Err(NoTakeback::NothingToTakeBack);
        }
        let flag_fell = matches!(
            self.ending,
            Some(Ending::Time { .. } | Ending::TimeButNoMate { .. })
        );
        if let Some(c) = &mut self.clock
            && !c.take_back(plies)
            && flag_fell
        {
            return Err(NoTakeback::TimesUnknown);
        }
        for _ in 0..plies {
            self.game.undo();
        }
        let reopened = self.over();
        self.ending = None;
        self.policy = Policy::default();
        if let Some(c) = &mut self.clock {
            c.since = Some(now);
        }
        Ok(reopened)
    }

    /// The PGN tags of the game, the players named `white` and `black`.
    pub fn headers(&self, white: String, black: String) -> Vec<(String, String)> {
        let mut h = vec![
            ("Event".to_string(), "Huo Chess game".to_string()),
            ("Site".to_string(), "?".to_string()),
            ("Date".to_string(), crate::util::date::pgn_today()),
            ("Round".to_string(), "-".to_string()),
            ("White".to_string(), white),
            ("Black".to_string(), black),
            ("Level".to_string(), self.level.to_string()),
        ];
        if let Some(c) = &self.clock {
            h.push(("TimeControl".to_string(), c.control.pgn_tag()));
        }
        if let Some(ending) = &self.ending {
            h.push(("Termination".to_string(), ending.to_string()));
        }
        h
    }

    /// The game as PGN text, the players named `white` and `black`.
    pub fn pgn_text(&self, white: String, black: String) -> String {
        let result = self.ending.as_ref().map(Ending::result);
        crate::pgn::write_game(&self.game, &self.headers(white, black), result)
    }

    /// Replaces the game with the first game of a PGN text: its moves, its level (`Level`
    /// tag), which side the player had (`White` or `Black` is `Player`) and its result.
    /// The clocks, if any, start again from their base; the `TimeControl` tag is returned
    /// for the caller to decide whether the game is timed by it.
    pub fn restore(&mut self, text: &str, now: Instant) -> Result<Restored, crate::pgn::PgnError> {
        let pgn = crate::pgn::parse_game(text)?;
        self.game = pgn.to_game();
        self.ending = None;
        self.policy = Policy::default();
        if let Some(l) = pgn.header("Level").and_then(|l| l.parse::<Level>().ok()) {
            self.level = l;
        }
        if pgn.header("Black") == Some(PLAYER) {
            self.human = Color::Black;
        } else if pgn.header("White") == Some(PLAYER) {
            self.human = Color::White;
        }
        if let Some(c) = &mut self.clock {
            c.reset();
            c.since = Some(now);
        }
        self.ending = match self.board_ending() {
            Some(_) => None,
            None => Ending::recorded(&pgn.result),
        };
        Ok(Restored {
            control: pgn
                .header("TimeControl")
                .and_then(TimeControl::from_pgn_tag),
        })
    }

    /// Times the game by `control`, both clocks at its base (running unless the game is
    /// over).
    pub fn set_clock(&mut self, control: TimeControl, now: Instant) {
        let mut clock = Clock::new(control);
        if !self.over() {
            clock.since = Some(now);
        }
        self.clock = Some(clock);
    }
}

/// How a saved game names the person at the board.
pub const PLAYER: &str = "Player";
