//! Watch mode on the game screen: the engine plays both sides while you watch, its
//! thinking in the log tagged `White`/`Black`. Each side may be its own [`Player`] (a
//! level or a configuration file, as `huo-chess match` reads them). Who plays each side,
//! the pace its moves are shown at and each side's resign mood are the game's
//! ([`crate::play`]); the screen reads `:watch` and shows whose move it is.
//!
//! Nothing typed can lose the game for a side: `:watch` again hands you the side to move
//! (its search is cancelled), and so does a legal move typed at the prompt (it is played
//! for that side); an illegal one is only refused. Takeback, switching sides and `:resign`
//! or `:draw` first stop watching. The game is autosaved like any other.

use super::Table;
use crate::core::Color;
use crate::play::Command;
use crate::player::Player;

impl Table {
    /// How a side is named in the log and the PGN when the engine plays it.
    pub fn side_name(&self, side: Color) -> String {
        self.game.side_name(side)
    }

    /// `:watch` (toggles) or `:watch WHITE BLACK` (starts with these players).
    pub(super) fn watch_command(&mut self, arg: &str) {
        let words: Vec<&str> = arg.split_whitespace().collect();
        match words.as_slice() {
            [] if self.session().watching => self.stop_watching(),
            [] => self.start_watching(),
            [white, black] => {
                let parsed = Player::parse(white)
                    .map_err(|e| format!("White: {e}"))
                    .and_then(|w| {
                        Player::parse(black)
                            .map(|b| (w, b))
                            .map_err(|e| format!("Black: {e}"))
                    });
                match parsed {
                    Ok(_) if self.over() => self.game_is_over(),
                    Ok((w, b)) => self.tell(Command::Watch(Some(Box::new([w, b])))),
                    Err(e) => {
                        self.log_line(format!(":watch: {e}"));
                        self.note(format!(":watch: {e}"), true);
                    }
                }
            }
            _ => self.note(
                "Usage: :watch (on/off) or :watch WHITE BLACK (levels or config files)",
                true,
            ),
        }
    }

    /// The engine takes both sides.
    pub fn start_watching(&mut self) {
        if self.over() {
            return self.game_is_over();
        }
        if !self.session().watching {
            self.tell(Command::Watch(None));
        }
    }

    /// You take the side to move; the engine keeps the other one.
    pub fn stop_watching(&mut self) {
        if self.session().watching {
            self.tell(Command::Watch(None));
        }
    }
}
