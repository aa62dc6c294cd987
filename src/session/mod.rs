//! A game session: the game a person plays against the engine, apart from any screen. It
//! holds what a saved game must keep (the moves, which side the player has, the level, the
//! clocks, how the game ended), the engine's resign and draw decisions and where games are
//! kept between runs (the autosave, the games set aside), the link to the engine service
//! and who plays each side, and it does what changes them: a move played (the clock
//! pressed), a takeback (the clocks put back), a flag that falls, the engine's turn (what
//! it is asked, what its answer decides), the game written as PGN and read back. The game
//! screen and plain mode draw it and feed it the player's input; the tests drive it
//! directly.
//!
//! - [`clock`]: chess clocks with an increment, and the flag-fall rule.
//! - [`engine`]: the link to the engine service: the current request, stale replies dropped.
//! - [`policy`]: when the engine resigns, offers a draw or accepts one.
//! - [`saves`]: the autosave and the games set aside, between runs.
//! - [`turn`]: the engine's turn: who plays each side, the request, the decision.

pub mod clock;
pub mod engine;
pub mod policy;
pub mod saves;
pub mod turn;

use crate::core::{Color, Move, Position, san};
use crate::engine::{Reply, Think};
use crate::game::{Ending, Game};
use crate::level::Level;
use crate::player::Player;
use crate::timecontrol::TimeControl;
use clock::Clock;
use engine::{EngineLink, Job};
use policy::Policy;
use saves::Saves;
use std::time::{Duration, Instant};

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
    /// Does the engine play both sides (the player watching)?
    pub watching: bool,
    /// Who plays each side (White, Black) when the engine does; `None`: the session's
    /// own level and the engine's own settings.
    pub players: [Option<Player>; 2],
    /// Each side's resign mood while watching ([`GameSession::policy`] is the engine's
    /// against the player).
    side_policies: [Policy; 2],
    /// Whose settings the engine service has: `Some(c)`: side `c`'s player's; `None`: the
    /// engine's own.
    loaded: Option<Color>,
    /// The link to the engine service. A session is made without one
    /// ([`GameSession::new`]) and given one with [`GameSession::with_engine`]: the rules,
    /// the clocks and saving need none (a test of them starts no engine thread), and a
    /// session without one asks nothing and is never thinking.
    engine: Option<EngineLink>,
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
            watching: false,
            players: [None, None],
            side_policies: Default::default(),
            loaded: None,
            engine: None,
        }
    }

    /// The same session, the engine service answering through `link`.
    pub fn with_engine(mut self, link: EngineLink) -> GameSession {
        self.engine = Some(link);
        self
    }

    /// The link to the engine service, if the session has one.
    pub fn engine(&self) -> Option<&EngineLink> {
        self.engine.as_ref()
    }

    /// The link to the engine service, if the session has one, to ask or cancel.
    pub fn engine_mut(&mut self) -> Option<&mut EngineLink> {
        self.engine.as_mut()
    }

    /// Asks the engine for `think` as `job` (cancelling what was asked before); the
    /// request's id, `None` without an engine.
    pub fn think(&mut self, job: Job, think: Think) -> Option<u64> {
        self.engine.as_mut().map(|e| e.think(job, think))
    }

    /// The job the engine is thinking about, if any.
    pub fn thinking(&self) -> Option<Job> {
        self.engine.as_ref().and_then(EngineLink::busy)
    }

    /// Stops the engine's search and ignores whatever it still reports.
    pub fn cancel_thinking(&mut self) {
        if let Some(e) = &mut self.engine {
            e.cancel();
        }
    }

    /// "Move now": the engine's search stops soon and answers its best move so far.
    pub fn stop_thinking(&self) {
        if let Some(e) = &self.engine {
            e.stop();
        }
    }

    /// The engine forgets the previous game (and cancels).
    pub fn clear_engine(&mut self) {
        if let Some(e) = &mut self.engine {
            e.clear();
        }
    }

    /// The next reply to the current request, waiting at most `timeout` (see
    /// [`EngineLink::next_reply`]); `None` without an engine.
    pub fn next_reply(&mut self, timeout: Duration) -> Option<(Job, Reply)> {
        self.engine.as_mut()?.next_reply(timeout)
    }

    /// The final reply to the current request (its progress skipped), waiting at most
    /// `timeout` in all; `None` when none came, or without an engine.
    pub fn wait_answer(&mut self, timeout: Duration) -> Option<(Job, Reply)> {
        let end = Instant::now() + timeout;
        while self.thinking().is_some() {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            if let Some((job, reply)) = self.next_reply(left)
                && reply.is_final()
            {
                return Some((job, reply));
            }
        }
        None
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
