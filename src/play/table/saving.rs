//! Saving and loading the game: PGN and FEN files, the autosave that keeps a game in
//! progress between runs, and the game *left behind* when a new game, a load or a `:fen`
//! replaces one, so no key press loses a game (`:restore` brings it back). Reading and
//! writing PGN is [`crate::pgn`]'s; writing a file is [`crate::util::files`]'.

use super::{Mode, Table};
use crate::core::{Color, FenError, Position};
use crate::pgn::PgnError;
use crate::play::Command;
use crate::session::Restored;
use crate::session::saves::ResumeError;
use crate::util::files::write_atomic;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub use crate::play::exit::ExitSaveError;

/// A save goes to a regular file (through its links) or a new one: a FIFO would block
/// the screen until something reads it, and a device is not a place to keep a game.
fn regular_or_new(path: &str) -> Result<(), SaveError> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(SaveError {
            path: path.to_string(),
            source: None,
        }),
        _ => Ok(()),
    }
}

/// A game or position not saved to `path`: the system's error, or none when the path is
/// no regular file.
#[derive(Debug)]
pub struct SaveError {
    pub path: String,
    pub source: Option<io::Error>,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = &self.path;
        match &self.source {
            Some(e) => write!(f, "Cannot save {path}: {e}"),
            None => write!(
                f,
                "Cannot save {path}: not a regular file (a folder, a FIFO or a device)"
            ),
        }
    }
}

impl std::error::Error for SaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source.as_ref().map(|e| e as _)
    }
}

/// Why a `:fen` argument gives no position.
#[derive(Debug)]
pub enum FenArgError {
    /// Not a FEN, nor a file: the FEN reader's error.
    Bad(FenError),
    /// A file that could not be read.
    Read { arg: String, source: io::Error },
    /// A file whose first line is no FEN.
    NoFen { arg: String },
}

impl fmt::Display for FenArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenArgError::Bad(e) => write!(f, "Bad FEN: {e}"),
            FenArgError::Read { arg, source } => write!(f, "cannot read {arg}: {source}"),
            FenArgError::NoFen { arg } => write!(f, "{arg}: no FEN on its first line"),
        }
    }
}

impl std::error::Error for FenArgError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FenArgError::Bad(e) => Some(e),
            FenArgError::Read { source, .. } => Some(source),
            FenArgError::NoFen { .. } => None,
        }
    }
}

/// The first non-empty line of `text`, if it reads as a FEN.
fn fen_in(text: &str) -> Option<Position> {
    let line = text.lines().map(str::trim).find(|l| !l.is_empty())?;
    Position::from_fen(line).ok()
}

impl Table {
    /// The PGN tags of this game.
    pub fn pgn_headers(&self) -> Vec<(String, String)> {
        let name = |side: Color| {
            if self.session().engine_plays(side) {
                self.side_name(side)
            } else {
                "Player".to_string()
            }
        };
        self.session()
            .headers(name(Color::White), name(Color::Black))
    }

    /// The game as PGN text.
    pub fn pgn_text(&self) -> String {
        self.game.pgn_text()
    }

    /// `:save FILE`: the game written there (a file holding another game asks first).
    pub(super) fn save_pgn(&mut self, path: &str) {
        if path.is_empty() {
            self.note("Usage: :save FILE.pgn", true);
            return;
        }
        self.tell(Command::Save(PathBuf::from(path)));
    }

    /// `:load FILE`: a PGN game, or a position from a FEN file (as `:savefen` writes).
    pub(super) fn load_file(&mut self, path: &str) {
        if path.is_empty() {
            self.note("Usage: :load FILE.pgn (or a FEN file)", true);
            return;
        }
        self.tell(Command::Load(PathBuf::from(path)));
        self.board_to_game();
    }

    /// Replaces the game with the first game of a PGN text: its moves, its level (`Level`
    /// tag), which side the player had (`White`/`Black` = `Player`) and its result.
    pub fn set_game_from_pgn(&mut self, text: &str) -> Result<Restored, PgnError> {
        self.clear_game_state();
        let restored = self.game.set_game_from_pgn(text, Instant::now());
        self.take_in();
        self.board_to_game();
        restored
    }

    /// The board shows the game as the player now plays it.
    fn board_to_game(&mut self) {
        self.flipped = self.session().human == Color::Black;
        self.mode = Mode::Play;
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
            return self.save_failed(e.to_string());
        }
        let fen = self.session().game.position().fen();
        match write_atomic(Path::new(path), format!("{fen}\n")) {
            Ok(()) => {
                self.log_line(format!("Position saved to {path}: {fen}"));
                self.note(format!("Position saved to {path}"), false);
            }
            Err(e) => self.save_failed(
                SaveError {
                    path: path.to_string(),
                    source: Some(e),
                }
                .to_string(),
            ),
        }
    }

    /// A `:fen` argument: a FEN, or a file holding one.
    pub(super) fn fen_argument(arg: &str) -> Result<Position, FenArgError> {
        match Position::from_fen(arg) {
            Ok(p) => Ok(p),
            Err(e) => {
                let path = Path::new(arg.trim());
                if !arg.trim().is_empty() && path.is_file() {
                    let text =
                        std::fs::read_to_string(path).map_err(|source| FenArgError::Read {
                            arg: arg.to_string(),
                            source,
                        })?;
                    fen_in(&text).ok_or_else(|| FenArgError::NoFen {
                        arg: arg.to_string(),
                    })
                } else {
                    Err(FenArgError::Bad(e))
                }
            }
        }
    }

    /// Resumes the autosaved game, or says why it cannot (nothing changed then).
    pub(super) fn resume(&mut self) -> Result<(), ResumeError> {
        self.clear_game_state();
        let resumed = self.game.resume(Instant::now());
        self.take_in();
        if resumed.is_ok() {
            self.board_to_game();
        }
        resumed
    }

    /// "Resume the saved game?" answered yes: resumed, or the reason and the first question.
    pub fn resume_asked(&mut self) {
        if let Err(e) = self.resume() {
            self.note(format!("Cannot resume: {e}"), true);
            self.mode = Mode::SetupColor;
        }
    }

    /// The saved game is not resumed now: it becomes the game left behind (`:restore`).
    pub fn keep_autosave_as_left(&mut self) {
        let kept = self.game.set_autosave_aside();
        self.take_in();
        if kept {
            self.note("The saved game is kept: :restore brings it back", false);
        }
    }

    /// Takes in the games of `files` (another window's autosave and games set aside, left
    /// when that window closed while this one ran) as games set aside here, then removes
    /// those files once they are written beside this game's autosave. Says how many.
    pub fn adopt_games(&mut self, files: &[PathBuf]) -> usize {
        let adopted = self.session_mut().saves.adopt(files);
        if adopted > 0 {
            self.note(
                format!("{adopted} game(s) from another window kept: :restore brings them back"),
                false,
            );
        }
        adopted
    }

    /// `:restore`: brings back the game set aside last (the current one is kept in
    /// turn, so `:restore` again swaps back; older games stay kept beneath).
    pub(super) fn restore_left(&mut self) {
        if self.session().saves.left.is_empty() {
            self.note("No game to restore", true);
            return;
        }
        self.clear_game_state();
        self.tell(Command::Restore);
        self.board_to_game();
    }

    /// Quitting was confirmed: the game in progress is saved first. When it cannot be,
    /// the screen stays, saying where it failed and how to keep the game.
    pub fn confirm_quit(&mut self) {
        match self.save_for_exit() {
            Ok(()) => {
                self.quit = true;
                self.mode = self.back_to.clone();
            }
            Err(e) => {
                self.mode = self.back_to.clone();
                self.save_failed(format!(
                    "{e}. Not quitting: keep the game with :save FILE.pgn, then quit"
                ));
            }
        }
    }

    /// Keeps the game for the next run (the game's own way out: a game in progress
    /// autosaved, a finished one set aside). Also fine when that fails but nothing is
    /// lost: the game is over, or kept as it stands by `:save`. Before "Resume the saved
    /// game?" is answered, the saved game stays as it is.
    pub fn save_for_exit(&mut self) -> Result<(), ExitSaveError> {
        if self.mode == Mode::Resume {
            return Ok(());
        }
        self.game.keep_for_exit()
    }

    /// On quit (and on a signal): a game in progress is saved for next time; otherwise
    /// the old save goes.
    pub fn autosave_now(&mut self) -> std::io::Result<()> {
        if self.mode == Mode::Resume {
            return Ok(()); // not answered yet: keep the saved game for next time
        }
        self.game.autosave_now()
    }

    /// A fresh game from `start` (the initial position by default), same sides and level;
    /// the game on the board is set aside (`:restore`).
    pub fn new_game(&mut self, start: Option<Position>) {
        self.clear_game_state();
        self.tell(Command::New(start));
        self.board_to_game();
    }

    /// What the screen showed of the game on the board goes with it.
    pub(super) fn clear_game_state(&mut self) {
        self.thinking = None;
        self.my_move = None;
        self.message = None;
        self.cues.push(super::Cue::NewBoard);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::saves::KeepError;
    use std::error::Error;

    #[test]
    fn a_fen_argument_refused_says_why_and_keeps_the_readers_error() {
        let e = Table::fen_argument("not a fen").unwrap_err();
        let fen = e.source().unwrap().downcast_ref::<FenError>().unwrap();
        assert_eq!(e.to_string(), format!("Bad FEN: {fen}"));
        let dir = crate::util::scratch::Scratch::new("fen-argument");
        let notes = dir.join("notes.txt");
        std::fs::write(&notes, "hello\n").unwrap();
        let arg = notes.display().to_string();
        let e = Table::fen_argument(&arg).unwrap_err();
        assert_eq!(e.to_string(), format!("{arg}: no FEN on its first line"));
        assert!(e.source().is_none());
        let binary = dir.join("binary.fen");
        std::fs::write(&binary, [0xff, 0xfe, 0x00]).unwrap();
        let arg = binary.display().to_string();
        let e = Table::fen_argument(&arg).unwrap_err();
        let io = e.source().unwrap().downcast_ref::<io::Error>().unwrap();
        assert_eq!(io.kind(), io::ErrorKind::InvalidData);
        assert_eq!(e.to_string(), format!("cannot read {arg}: {io}"));
    }

    #[test]
    fn a_save_refused_says_where_and_keeps_the_systems_error() {
        let dir = crate::util::scratch::Scratch::new("save-error");
        let folder = dir.path().display().to_string();
        let e = regular_or_new(&folder).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("Cannot save {folder}: not a regular file (a folder, a FIFO or a device)")
        );
        assert!(e.source().is_none());
        assert!(regular_or_new(&dir.join("new.pgn").display().to_string()).is_ok());
        let denied = || io::Error::from(io::ErrorKind::PermissionDenied);
        let e = SaveError {
            path: "g.pgn".into(),
            source: Some(denied()),
        };
        assert_eq!(e.to_string(), format!("Cannot save g.pgn: {}", denied()));
        let io = e.source().unwrap().downcast_ref::<io::Error>().unwrap();
        assert_eq!(io.kind(), io::ErrorKind::PermissionDenied);

        let e = ExitSaveError::InProgress {
            path: Some(PathBuf::from("/data/autosave.pgn")),
            source: denied(),
        };
        assert_eq!(
            e.to_string(),
            format!(
                "Could not save the game in progress to /data/autosave.pgn: {}",
                denied()
            )
        );
        let io = e.source().unwrap().downcast_ref::<io::Error>().unwrap();
        assert_eq!(io.kind(), io::ErrorKind::PermissionDenied);
        let e = ExitSaveError::InProgress {
            path: None,
            source: denied(),
        };
        assert_eq!(
            e.to_string(),
            format!("Could not save the game in progress: {}", denied())
        );
        let keep = KeepError {
            path: PathBuf::from("/data/left.pgn"),
            source: denied(),
        };
        let said = keep.to_string();
        let e = ExitSaveError::Finished(keep);
        assert_eq!(
            e.to_string(),
            format!("Could not keep the finished game: {said}")
        );
        let kept = e.source().unwrap().downcast_ref::<KeepError>().unwrap();
        assert_eq!(kept.source.kind(), io::ErrorKind::PermissionDenied);
    }

    #[test]
    fn a_resume_refused_names_the_file_and_keeps_the_cause() {
        let e = ResumeError::NoPlace;
        assert_eq!(e.to_string(), "there is no place for a saved game");
        assert!(e.source().is_none());
        let missing = || io::Error::from(io::ErrorKind::NotFound);
        let e = ResumeError::Read {
            path: PathBuf::from("/data/autosave.pgn"),
            source: missing(),
        };
        assert_eq!(
            e.to_string(),
            format!("cannot read /data/autosave.pgn: {}", missing())
        );
        let io = e.source().unwrap().downcast_ref::<io::Error>().unwrap();
        assert_eq!(io.kind(), io::ErrorKind::NotFound);
        let pgn = crate::pgn::parse_game("1. e4 e4 *").unwrap_err();
        let e = ResumeError::Game {
            path: PathBuf::from("/data/autosave.pgn"),
            source: pgn.clone(),
        };
        assert_eq!(e.to_string(), format!("/data/autosave.pgn: {pgn}"));
        assert_eq!(e.source().unwrap().downcast_ref::<PgnError>(), Some(&pgn));
    }
}
