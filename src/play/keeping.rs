//! Where the game is kept: a new game or another one loaded sets the game on the board
//! aside first (`Restore` brings it back), so no command loses a game; `Save` writes it
//! (replacing another game only after a yes); on the way out a game in progress is
//! autosaved for next time and a finished one set aside; `resume` brings the autosave
//! back, with its clocks. Writing is whole or nothing ([`crate::util::files`]).

use super::controller::Controller;
use super::events::{Event, Question};
use super::exit::ExitSaveError;
use crate::core::{Color, Position};
use crate::game::Game;
use crate::session::saves::{KeepError, ResumeError};
use crate::util::files::write_atomic;
use std::path::Path;
use std::time::Instant;

/// How a saved game names the person at the board.
const PLAYER: &str = crate::session::PLAYER;

impl Controller {
    /// The game as PGN.
    pub fn pgn_text(&self) -> String {
        let name = |side: Color| {
            if self.session.engine_plays(side) {
                self.side_name(side)
            } else {
                PLAYER.to_string()
            }
        };
        self.session
            .pgn_text(name(Color::White), name(Color::Black))
    }

    /// The game on the board, when it has moves, is set aside (`Restore` brings it back).
    pub(super) fn set_aside_current(&mut self) {
        if !self.session.game.moves().is_empty() {
            let text = self.pgn_text();
            self.keep(text);
        }
    }

    pub(super) fn keep(&mut self, text: String) {
        if let Err(why) = self.session.saves.set_aside(text) {
            self.say(Event::NotKept {
                text: why.to_string(),
            });
        }
    }

    pub(super) fn reset(&mut self) {
        self.cancel_thinking();
        self.session.clear_engine();
        self.opening = None;
        self.thought = None;
        self.asked = None;
        self.session.ending = None;
        self.session.policy = Default::default();
    }

    pub(super) fn new_game(&mut self, start: Option<Position>, now: Instant) {
        self.reset();
        self.session.game = Game::from_position(start.unwrap_or_else(Position::startpos));
        if let Some(c) = &mut self.session.clock {
            c.reset();
        }
        self.start(now);
    }

    pub(super) fn load(&mut self, path: &Path, now: Instant) {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return self.note(format!("Cannot read {}: {e}", path.display()), true),
        };
        let fen = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .and_then(|l| Position::from_fen(l).ok());
        if let Some(pos) = fen {
            self.set_aside_current();
            self.say(Event::Loaded {
                path: path.to_path_buf(),
                position: true,
            });
            return self.new_game(Some(pos), now);
        }
        if let Err(e) = crate::pgn::parse_game(&text) {
            return self.note(format!("Cannot load {}: {e}", path.display()), true);
        }
        self.set_aside_current();
        if self.set_game_from_pgn(&text, now).is_ok() {
            self.say(Event::Loaded {
                path: path.to_path_buf(),
                position: false,
            });
        }
    }

    /// The game of a PGN text on the board: its moves, level, the player's side and
    /// result (the clocks, if any, from their base; its `TimeControl` is returned).
    pub fn set_game_from_pgn(
        &mut self,
        text: &str,
        now: Instant,
    ) -> Result<crate::session::Restored, crate::pgn::PgnError> {
        self.reset();
        let restored = self.session.restore(text, now)?;
        self.after_move(now);
        Ok(restored)
    }

    pub(super) fn save(&mut self, path: &Path, confirmed: bool) {
        if let Ok(m) = std::fs::metadata(path)
            && !m.is_file()
        {
            return self.say(Event::Error {
                text: format!(
                    "Cannot save {}: not a regular file (a folder, a FIFO or a device)",
                    path.display()
                ),
            });
        }
        if !confirmed && self.would_replace_another_game(path) {
            let q = Question::Replace {
                path: path.to_path_buf(),
            };
            self.asked = Some(q.clone());
            return self.say(Event::Question(q));
        }
        let text = self.pgn_text();
        match write_atomic(path, &text) {
            Ok(()) => {
                self.saved_text = Some(text);
                self.say(Event::Saved {
                    path: path.to_path_buf(),
                });
            }
            Err(e) => self.say(Event::Error {
                text: format!("Cannot save {}: {e}", path.display()),
            }),
        }
    }

    /// Would saving to `path` replace something other than this game as it was earlier?
    fn would_replace_another_game(&self, path: &Path) -> bool {
        let Ok(text) = std::fs::read_to_string(path) else {
            return path.exists();
        };
        if text.trim().is_empty() {
            return false;
        }
        let games = text.lines().filter(|l| l.starts_with("[Event ")).count();
        match crate::pgn::parse_game(&text) {
            Ok(saved) if games <= 1 => {
                let saved = saved.to_game();
                let game = &self.session.game;
                !(saved.start() == game.start() && game.moves().starts_with(saved.moves()))
            }
            _ => true,
        }
    }

    pub(super) fn restore(&mut self, now: Instant) {
        let Some(text) = self.session.saves.left.pop() else {
            self.note("No game to restore", true);
            return;
        };
        let current = (!self.session.game.moves().is_empty()).then(|| self.pgn_text());
        let older = self.session.saves.left.len();
        match self.set_game_from_pgn(&text, now) {
            Ok(restored) => {
                match restored.control {
                    Some(control) => {
                        self.session.set_clock(control, now);
                        self.say(Event::ClocksFromSave(control));
                    }
                    None => self.session.clock = None,
                }
                match current {
                    Some(c) => self.keep(c),
                    None => {
                        if let Err(why) = self.session.saves.write_left() {
                            self.say(Event::NotKept {
                                text: why.to_string(),
                            });
                        }
                    }
                }
                self.say(Event::Restored { older });
            }
            Err(e) => {
                self.session.saves.left.push(text);
                self.note(format!("Cannot restore: {e}"), true);
            }
        }
    }

    /// The autosaved game is not resumed now: it is set aside instead (`Restore` brings
    /// it back) and the autosave removed. Whether there was one.
    pub fn set_autosave_aside(&mut self) -> bool {
        let Some(path) = self.session.saves.autosave().map(Path::to_path_buf) else {
            return false;
        };
        let Ok(text) = std::fs::read_to_string(&path) else {
            return false;
        };
        self.keep(text);
        let _ = std::fs::remove_file(&path);
        true
    }

    /// Resumes the autosaved game at `now` (with the clocks of its tag unless the game
    /// has clocks already), or says why it cannot (nothing changed then).
    pub fn resume(&mut self, now: Instant) -> Result<(), ResumeError> {
        let path = self
            .session
            .saves
            .autosave()
            .map(Path::to_path_buf)
            .ok_or(ResumeError::NoPlace)?;
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(source) => return Err(ResumeError::Read { path, source }),
        };
        if let Err(source) = crate::pgn::parse_game(&text) {
            return Err(ResumeError::Game { path, source });
        }
        let restored = match self.set_game_from_pgn(&text, now) {
            Ok(restored) => restored,
            Err(source) => return Err(ResumeError::Game { path, source }),
        };
        if self.session.clock.is_none()
            && let Some(control) = restored.control
        {
            self.session.set_clock(control, now);
            self.say(Event::ClocksFromSave(control));
        }
        let g = &self.session.game;
        let last = g
            .moves()
            .len()
            .checked_sub(1)
            .map(|i| crate::core::san_numbered(&g.positions()[i], g.moves()[i]));
        self.say(Event::Resumed {
            moves: g.moves().len(),
            last,
            to_move: g.position().turn(),
            human: self.session.human,
        });
        Ok(())
    }

    /// On quitting: a finished game is set aside (unless saved as it stands), a game in
    /// progress autosaved for next time. Fine when the autosave fails but nothing is lost
    /// (the game is over, or `Save` kept it as it stands).
    pub fn keep_for_exit(&mut self) -> Result<(), ExitSaveError> {
        self.keep_finished_game().map_err(ExitSaveError::Finished)?;
        let Err(source) = self.autosave_now() else {
            return Ok(());
        };
        if !self.in_progress() || self.saved_text.as_deref() == Some(self.pgn_text().as_str()) {
            return Ok(());
        }
        Err(ExitSaveError::InProgress {
            path: self.session.saves.autosave().map(Path::to_path_buf),
            source,
        })
    }

    fn keep_finished_game(&mut self) -> Result<(), KeepError> {
        if !self.over() || self.session.game.moves().is_empty() {
            return Ok(());
        }
        let text = self.pgn_text();
        if self.saved_text.as_deref() == Some(text.as_str())
            || self.session.saves.left.last() == Some(&text)
            || self.session.saves.left_file().is_none()
        {
            return Ok(());
        }
        self.session.saves.left.push(text);
        self.session.saves.write_left()
    }

    /// The game in progress saved for next time; otherwise the old save goes.
    pub fn autosave_now(&mut self) -> std::io::Result<()> {
        let game = self.in_progress().then(|| self.pgn_text());
        self.session.saves.autosave_game(game.as_deref())
    }
}
