//! Watch mode: the engine plays both sides while you watch, its thinking in the log tagged
//! `White`/`Black`. Each side may be its own [`Player`] (a level or a configuration file,
//! as `huo-chess match` reads them); a side without one plays the game's level and
//! configuration. One engine service serves both: before a side thinks, the service is
//! given that side's weights and contempt (its table is then cleared, so each side's
//! scores stay its own). Who plays each side, and each side's resign mood, are the
//! session's ([`crate::session::turn`]); the screen keeps the pace its moves are shown at.
//!
//! Nothing typed can lose the game for a side: `:watch` again hands you the side to move
//! (its search is cancelled), and so does a legal move typed at the prompt (it is played
//! for that side); an illegal one is only refused. Takeback, switching sides and `:resign`
//! or `:draw` first stop watching. The game is autosaved like any other.

use super::{App, Held};
use crate::core::Color;
use crate::engine::Origin;
use crate::player::Player;
use crate::search::SearchResult;
use crate::session::engine::Job;
use std::time::{Duration, Instant};

impl App {
    /// How a side is named in the log and the PGN when the engine plays it.
    pub fn side_name(&self, side: Color) -> String {
        match self.session.player(side) {
            Some(p) => p.name.clone(),
            None => format!("Huo Chess ({})", self.session.level.name()),
        }
    }

    /// How long the engine's move takes at least, from the start of its thinking:
    /// watching without a clock, the watch pace (`tui.watch_pace`), so the eye can follow;
    /// a weak level playing you, a natural pause (`tui.pause`, half to one and a half of
    /// it, at most a twentieth of its clock); otherwise none.
    fn pace(&mut self) -> Duration {
        let side = self.session.game.position().turn();
        if self.session.watching {
            return match self.session.clock {
                None => Duration::from_secs_f64(self.config.tui.watch_pace),
                Some(_) => Duration::ZERO,
            };
        }
        if !self.session.level_of(side).is_weak() {
            return Duration::ZERO;
        }
        let spread = 0.5 + (self.rng.next_u64() % 1001) as f64 / 1000.0;
        let pause = Duration::from_secs_f64(self.config.tui.pause * spread);
        match &self.session.clock {
            Some(c) => pause.min(c.left(side, side, Instant::now()) / 20),
            None => pause,
        }
    }

    /// A move found sooner than its pace ([`App::pace`]) after the start of the thinking
    /// is held until then (and given back here); otherwise it comes back at once.
    pub(super) fn hold_for_pace(
        &mut self,
        started: Option<Instant>,
        result: SearchResult,
        origin: Origin,
    ) -> Option<(SearchResult, Origin)> {
        let pace = self.pace();
        match started {
            Some(s) if s.elapsed() < pace => {
                self.watch.held = Some(Held {
                    result,
                    origin,
                    due: s + pace,
                });
                None
            }
            _ => Some((result, origin)),
        }
    }

    /// "Move now": a move held for its pace is played at once, a search stops and
    /// answers.
    pub(super) fn move_now(&mut self) {
        match &self.watch.held {
            Some(h) => {
                let due = h.due;
                self.release_held(due);
            }
            None => self.session.stop_thinking(),
        }
    }

    /// Plays a held move once it is due (see [`App::hold_for_pace`]).
    pub(super) fn release_held(&mut self, now: Instant) {
        if self.watch.held.as_ref().is_some_and(|h| now >= h.due) {
            let h = self.watch.held.take().expect("checked above");
            self.handle_move_done(h.result, h.origin);
        }
    }

    /// `:watch` (toggles) or `:watch WHITE BLACK` (starts with these players).
    pub(super) fn watch_command(&mut self, arg: &str) {
        let words: Vec<&str> = arg.split_whitespace().collect();
        match words.as_slice() {
            [] if self.session.watching => self.stop_watching(),
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
                    Ok((w, b)) => {
                        self.session.players = [Some(w), Some(b)];
                        self.start_watching();
                    }
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
            self.note("The game is over: F2 or :new for a new one", true);
            return;
        }
        self.session.watch();
        self.log_line(format!(
            "Watching: White {} against Black {}",
            self.side_name(Color::White),
            self.side_name(Color::Black)
        ));
        self.note(super::WATCHING, false);
        // The side to move starts thinking (unless it already is).
        if self.thinking.as_ref().is_none_or(|t| t.job != Job::Move) {
            self.after_move();
        }
    }

    /// You take the side to move; the engine keeps the other one.
    pub fn stop_watching(&mut self) {
        if !self.session.watching {
            return;
        }
        if self.thinking.as_ref().is_some_and(|t| t.job == Job::Move) {
            self.session.cancel_thinking();
            self.thinking = None;
        }
        self.session.take_over();
        // A move held for the pace belongs to the side you take now.
        self.watch.held = None;
        self.flipped = self.session.human == Color::Black;
        self.log_line(format!("You take over {}", self.session.human));
        self.note(format!("You play {} now", self.session.human), false);
    }
}
