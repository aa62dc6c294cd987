//! Saving and loading the game: PGN and FEN files, the autosave that keeps a game in
//! progress between runs, and the game *left behind* when a new game, a load or a `:fen`
//! replaces one, so no key press loses a game (`:restore` brings it back). Reading and
//! writing PGN is [`crate::pgn`]'s; writing a file is [`crate::util::files`]'.

use super::{App, EXPLAIN, Mode, Pending};
use crate::core::{Color, Position};
use crate::game::{Ending, Game};
use crate::session::Restored;
use crate::timecontrol::TimeControl;
use crate::util::files::write_atomic;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A save goes to a regular file (through its links) or a new one: a FIFO would block
/// the screen until something reads it, and a device is not a place to keep a game.
fn regular_or_new(path: &str) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(format!(
            "Cannot save {path}: not a regular file (a folder, a FIFO or a device)"
        )),
        _ => Ok(()),
    }
}

/// The first non-empty line of `text`, if it reads as a FEN.
fn fen_in(text: &str) -> Option<Position> {
    let line = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    Position::from_fen(line).ok()
}

impl App {
    /// The PGN tags of this game.
    pub fn pgn_headers(&self) -> Vec<(String, String)> {
        let name = |side: Color| {
            if self.session.engine_plays(side) {
                self.side_name(side)
            } else {
                "Player".to_string()
            }
        };
        self.session.headers(name(Color::White), name(Color::Black))
    }

    /// The game as PGN text.
    pub fn pgn_text(&self) -> String {
        let result = self.session.ending.as_ref().map(Ending::result);
        crate::pgn::write_game(&self.session.game, &self.pgn_headers(), result)
    }

    pub(super) fn save_pgn(&mut self, path: &str) {
        if path.is_empty() {
            self.note("Usage: :save FILE.pgn", true);
            return;
        }
        if let Err(e) = regular_or_new(path) {
            return self.save_failed(e);
        }
        if self.would_replace_another_game(Path::new(path)) {
            self.back_to = self.mode.clone();
            self.mode = Mode::Confirm(Pending::Replace(path.to_string()));
            return;
        }
        self.write_pgn(path);
    }

    /// Would saving to `path` replace something other than this game as it was earlier:
    /// another game, several games, or a file that is not a game? (Saving the same game
    /// again, further on, replaces it without a question.)
    fn would_replace_another_game(&self, path: &Path) -> bool {
        let Ok(text) = std::fs::read_to_string(path) else {
            // Missing: a new file. Unreadable (not text): the write says why, or replaces
            // what was not a game.
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

    /// Writes the game to `path` (the player said where, and yes where asked).
    pub(super) fn write_pgn(&mut self, path: &str) {
        match write_atomic(Path::new(path), self.pgn_text()) {
            Ok(()) => {
                self.saved_text = Some(self.pgn_text());
                self.log_line(format!("Game saved to {path}"));
                self.note(format!("Saved to {path}"), false);
            }
            Err(e) => self.save_failed(format!("Cannot save {path}: {e}")),
        }
    }

    /// `:load FILE`: a PGN game, or a position from a FEN file (as `:savefen` writes).
    pub(super) fn load_file(&mut self, path: &str) {
        if path.is_empty() {
            self.note("Usage: :load FILE.pgn (or a FEN file)", true);
            return;
        }
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return self.note(format!("Cannot read {path}: {e}"), true),
        };
        self.keep_left_game();
        if let Some(pos) = fen_in(&text) {
            self.log_line(format!("Position loaded from {path}"));
            self.new_game(Some(pos));
            self.note(format!("Loaded {path}"), false);
            return;
        }
        match self.set_game_from_pgn(&text) {
            Ok(_) => {
                self.log_line(format!("Game loaded from {path}"));
                self.note(format!("Loaded {path}"), false);
            }
            Err(e) => self.note(format!("Cannot load {path}: {e}"), true),
        }
    }

    /// Replaces the game with the first game of a PGN text: its moves, its level (`Level`
    /// tag), which side the player had (`White`/`Black` = `Player`) and its result.
    pub fn set_game_from_pgn(&mut self, text: &str) -> Result<Restored, String> {
        self.session.clear_engine();
        self.reset_game_state();
        let restored = self
            .session
            .restore(text, Instant::now())
            .map_err(|e| e.to_string())?;
        self.flipped = self.session.human == Color::Black;
        self.mode = Mode::Play;
        self.after_move();
        Ok(restored)
    }

    /// A game this program saved goes on with the clocks of its `TimeControl` tag. The
    /// time left is not saved: both clocks start again from the base.
    fn clock_from_tag(&mut self, control: TimeControl) {
        self.session.set_clock(control, Instant::now());
        self.log_line(format!("Clocks: {control} each, from the saved game"));
    }

    /// A save that failed: said in the panel and kept in the log.
    fn save_failed(&mut self, why: String) {
        self.log_line(why.clone());
        self.note(why, true);
    }

    /// `:savefen FILE`: the position as one FEN line, as `:save` writes a game.
    pub(super) fn save_fen(&mut self, path: &str) {
        if path.is_empty() {
            self.note(
                "Usage: :savefen FILE (:copy puts the FEN in the log and the clipboard)",
                true,
            );
            return;
        }
        if let Err(e) = regular_or_new(path) {
            return self.save_failed(e);
        }
        let fen = self.session.game.position().fen();
        match write_atomic(Path::new(path), format!("{fen}\n")) {
            Ok(()) => {
                self.log_line(format!("Position saved to {path}: {fen}"));
                self.note(format!("Position saved to {path}"), false);
            }
            Err(e) => self.save_failed(format!("Cannot save {path}: {e}")),
        }
    }

    /// A `:fen` argument: a FEN, or a file holding one.
    pub(super) fn fen_argument(arg: &str) -> Result<Position, String> {
        match Position::from_fen(arg) {
            Ok(p) => Ok(p),
            Err(e) => {
                let path = Path::new(arg.trim());
                if !arg.trim().is_empty() && path.is_file() {
                    let text = std::fs::read_to_string(path)
                        .map_err(|e| format!("cannot read {arg}: {e}"))?;
                    fen_in(&text).ok_or_else(|| format!("{arg}: no FEN on its first line"))
                } else {
                    Err(format!("Bad FEN: {e}"))
                }
            }
        }
    }

    /// Resumes the autosaved game, or says why it cannot (nothing changed then).
    pub(super) fn resume(&mut self) -> Result<(), String> {
        let path = self
            .session
            .saves
            .autosave()
            .map(Path::to_path_buf)
            .ok_or("there is no place for a saved game")?;
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let restored = self
            .set_game_from_pgn(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        // A `--clock` given at this start wins over the saved one.
        if self.session.clock.is_none()
            && let Some(control) = restored.control
        {
            self.clock_from_tag(control);
        }
        self.log_line("Saved game resumed");
        self.note(EXPLAIN, false);
        Ok(())
    }

    /// "Resume the saved game?" answered yes: resumed, or the reason and the first question.
    pub(super) fn resume_asked(&mut self) {
        if let Err(e) = self.resume() {
            self.note(format!("Cannot resume: {e}"), true);
            self.mode = Mode::SetupColor;
        }
    }

    /// The saved game is not resumed now: it becomes the game left behind (`:restore`).
    pub(super) fn keep_autosave_as_left(&mut self) {
        let Some(path) = self.session.saves.autosave().map(Path::to_path_buf) else {
            return;
        };
        if let Ok(text) = std::fs::read_to_string(&path) {
            self.store_left(text);
            let _ = std::fs::remove_file(&path);
            self.note("The saved game is kept: :restore brings it back", false);
        }
    }

    /// Before a new game, a load or a `:fen`: the game in progress is kept (`:restore`).
    pub(super) fn keep_left_game(&mut self) {
        if !self.session.game.moves().is_empty() {
            let text = self.pgn_text();
            self.store_left(text);
        }
    }

    fn store_left(&mut self, text: String) {
        // Kept in memory all the same when the file cannot be written; the log says so.
        if let Err(why) = self.session.saves.set_aside(text) {
            self.log_line(why.to_string());
        }
    }

    /// Takes in the games of `files` (another window's autosave and games set aside, left
    /// when that window closed while this one ran) as games set aside here, then removes
    /// those files once they are written beside this game's autosave. Says how many.
    pub fn adopt_games(&mut self, files: &[PathBuf]) -> usize {
        let adopted = self.session.saves.adopt(files);
        if adopted > 0 {
            self.note(
                format!("{adopted} game(s) from another window kept: :restore brings them back"),
                false,
            );
        }
        adopted
    }

    /// Writes the games set aside; a failure is also logged.
    fn write_left(&mut self) -> Result<(), String> {
        self.session
            .saves
            .write_left()
            .map_err(|why| why.to_string())
            .inspect_err(|why| self.log_line(why.clone()))
    }

    /// `:restore`: brings back the game set aside last (the current one is kept in
    /// turn, so `:restore` again swaps back; older games stay kept beneath).
    pub(super) fn restore_left(&mut self) {
        let Some(text) = self.session.saves.left.pop() else {
            self.note("No game to restore", true);
            return;
        };
        let current = (!self.session.game.moves().is_empty()).then(|| self.pgn_text());
        let older = self.session.saves.left.len();
        match self.set_game_from_pgn(&text) {
            Ok(restored) => {
                // The game comes back with its own clocks: none if it had none.
                match restored.control {
                    Some(control) => self.clock_from_tag(control),
                    None => self.session.clock = None,
                }
                match current {
                    Some(c) => self.store_left(c),
                    None => {
                        let _ = self.write_left();
                    }
                }
                self.log_line("Game restored");
                if older == 0 {
                    self.note("Game restored", false);
                } else {
                    let s = if older == 1 { "" } else { "s" };
                    self.note(format!("Game restored ({older} older game{s} kept)"), false);
                }
            }
            Err(e) => {
                self.session.saves.left.push(text);
                self.note(format!("Cannot restore: {e}"), true);
            }
        }
    }

    /// Quitting was confirmed: the game in progress is saved first. When it cannot be,
    /// the screen stays, saying where it failed and how to keep the game.
    pub(super) fn confirm_quit(&mut self) {
        match self.save_for_exit() {
            Ok(()) => self.quit = true,
            Err(e) => {
                self.mode = self.back_to.clone();
                self.save_failed(format!(
                    "{e}. Not quitting: keep the game with :save FILE.pgn, then quit"
                ));
            }
        }
    }

    /// Saves the game for the next run ([`App::autosave_now`]). Also fine when that fails
    /// but nothing is lost: the game is over, or kept as it stands by `:save`.
    pub fn save_for_exit(&mut self) -> Result<(), String> {
        self.keep_finished_game()?;
        let Err(e) = self.autosave_now() else {
            return Ok(());
        };
        if !self.in_progress() || self.saved_text.as_deref() == Some(self.pgn_text().as_str()) {
            return Ok(());
        }
        let place = self
            .session
            .saves
            .autosave()
            .map_or_else(String::new, |p| format!(" to {}", p.display()));
        Err(format!("Could not save the game in progress{place}: {e}"))
    }

    /// On quit: a finished game is no game to resume, but it is the player's game all the
    /// same. Unless `:save` kept it as it stands, it is set aside (`:restore` brings it
    /// back next time), as a new game would set it aside.
    fn keep_finished_game(&mut self) -> Result<(), String> {
        if !self.over() || self.session.game.moves().is_empty() {
            return Ok(());
        }
        let text = self.pgn_text();
        if self.saved_text.as_deref() == Some(text.as_str())
            || self.session.saves.left.last() == Some(&text)
        {
            return Ok(());
        }
        if self.session.saves.left_file().is_none() {
            return Ok(()); // no data folder: nothing is kept between runs
        }
        self.session.saves.left.push(text);
        self.write_left()
            .map_err(|e| format!("Could not keep the finished game: {e}"))
    }

    /// On quit (and on a signal): a game in progress is saved for next time; otherwise
    /// the old save goes.
    pub fn autosave_now(&mut self) -> std::io::Result<()> {
        if self.mode == Mode::Resume {
            return Ok(()); // not answered yet: keep the saved game for next time
        }
        let game = self.in_progress().then(|| self.pgn_text());
        self.session.saves.autosave_game(game.as_deref())
    }

    /// A fresh game from `start` (the initial position by default), same sides and level.
    pub fn new_game(&mut self, start: Option<Position>) {
        self.session.clear_engine();
        self.session.game = Game::from_position(start.unwrap_or_else(Position::startpos));
        self.reset_game_state();
        if let Some(c) = &mut self.session.clock {
            c.reset();
        }
        self.start_play();
    }

    pub(super) fn reset_game_state(&mut self) {
        self.thinking = None;
        // The log names the opening again for the game as it now stands.
        self.opening = None;
        self.watch.held = None;
        self.session.ending = None;
        self.my_move = None;
        self.message = None;
        self.board.selected = None;
        self.session.policy = Default::default();
    }
}
