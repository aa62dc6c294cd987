//! `:train` and `:drill` from the game: the exercise made and handed to the view, which
//! shows it as `huo-book train` and `huo-chess drill` do.
//! `:train` trains the side the player has in the game (`:train black`: the other) on the
//! game's books; `:drill` asks the due exercises of the deck in the user's data folder.
//!
//! The game waits meanwhile: its clocks stop (the log says so) and run again when Esc
//! brings the game back as it was. While the engine thinks about its move the trainer is
//! not opened: the player waits for the move or makes the engine play at once (`:now`).

use super::{Cue, Table};
use crate::book::layers::{Books, LayerPolicy};
use crate::game::Game;
use crate::session::engine::Job;
use crate::train::drill::DrillSession;
use crate::train::repertoire::nothing_to_train;
use crate::train::{Exercise, Options, Session};
use crate::util::date;
use std::time::Instant;

/// Said when the trainer is asked for while the engine thinks about its move.
pub const WAIT_FOR_MY_MOVE: &str =
    "Please wait: it is my move (:now makes me move at once), then train";

impl Table {
    /// `:train [white|black]`: the opening trainer on the game's books.
    pub(super) fn open_train(&mut self, arg: &str) {
        // Your own repertoire, unless `both` asks for the built-in lines too.
        let mut learner = self.session().human;
        let mut layers = LayerPolicy::UserOnly;
        for word in arg.split_whitespace() {
            if word.eq_ignore_ascii_case("both") {
                layers = LayerPolicy::Both;
            } else {
                match crate::play::flags::read_color(word) {
                    Ok(c) => learner = c,
                    Err(_) => return self.note("Usage: :train [white|black] [both]", true),
                }
            }
        }
        if !self.may_leave_the_board() {
            return;
        }
        let books = Books::locate_for_training(self.book_dir(), layers);
        let opened = Session::open(
            &books,
            Options {
                learner,
                root: Game::new(),
                all: false,
                today: date::today(),
                seed: self.rng.next_u64(),
                learn_first: true,
                new_per_day: self.config.book.new_per_day,
            },
        );
        match opened {
            Ok(s) if s.repertoire().learner_keys().is_empty() => {
                let mut why = nothing_to_train(&books, &s.repertoire().root, learner);
                if layers == LayerPolicy::UserOnly {
                    why.push_str(". Record your lines first, or :train both for the built-in ones");
                }
                self.note(capitalised(&why), true);
            }
            Ok(s) => self.open_trainer(Box::new(s), format!("training {learner}")),
            Err(e) => self.note(format!("Cannot train: {e}"), true),
        }
    }

    /// `:drill`: the due exercises of the deck.
    pub(super) fn open_drill(&mut self) {
        if !self.may_leave_the_board() {
            return;
        }
        let Some(path) = self.deck.clone() else {
            return self.note("No home folder to keep the drills in", true);
        };
        match DrillSession::open(&path, &self.config, false, date::today()) {
            Ok(s) => self.open_trainer(Box::new(s), "drills".to_string()),
            Err(e) => self.note(capitalised(&e.to_string()), true),
        }
    }

    /// `:puzzle [THEME] [RATING]`: tactics puzzles, as `huo-chess puzzle --theme THEME
    /// --rating RATING` gives them, the progress the same.
    pub(super) fn open_puzzles(&mut self, arg: &str) {
        use crate::puzzle::trainer::{Options, PuzzleTrainer};
        let mut options = Options {
            theme: None,
            rating: None,
            today: date::today(),
            seed: self.rng.next_u64(),
        };
        for word in arg.split_whitespace() {
            match word.parse::<u16>() {
                Ok(r) => options.rating = Some(r),
                Err(_) => options.theme = Some(word.to_string()),
            }
        }
        if !self.may_leave_the_board() {
            return;
        }
        let dir = self.puzzles.clone();
        let progress = dir
            .as_ref()
            .map(|d| d.join(crate::puzzle::progress::FILE_NAME));
        match PuzzleTrainer::open(dir.as_deref(), progress, options) {
            Ok(t) => {
                self.cues.push(Cue::Puzzles(Box::new(t)));
                self.away = true;
                self.leave_game("puzzles", false);
            }
            Err(e) => self.note(capitalised(&e.to_string()), true),
        }
    }

    /// May the trainer take the screen now? Not while the engine plays (its move, or
    /// both sides): the player is told why. A hint or a "why?" being searched is dropped.
    fn may_leave_the_board(&mut self) -> bool {
        if self.session().watching {
            self.note(
                "Watching: :watch stops it (you take over), then train",
                true,
            );
            return false;
        }
        if self.game.thinking() == Some(Job::Move) {
            self.note(WAIT_FOR_MY_MOVE, true);
            return false;
        }
        self.cancel_thinking();
        true
    }

    /// Opens the trainer on `exercise`; the game waits, its clocks stopped.
    fn open_trainer(&mut self, exercise: Box<dyn Exercise>, what: String) {
        self.cues.push(Cue::Train(exercise));
        self.away = true;
        self.leave_game(&what, false);
    }

    /// The game waits behind another screen (`what` it is for, in the log): its clocks
    /// stop, if they were running. `quiet`: a line in the log only when they stop.
    pub(super) fn leave_game(&mut self, what: &str, quiet: bool) {
        let turn = self.session().game.position().turn();
        let running = !self.over()
            && self
                .session()
                .clock
                .as_ref()
                .is_some_and(|c| c.since.is_some());
        self.clocks_stopped = running;
        let halted = match self.session_mut().clock.as_mut().filter(|_| running) {
            Some(c) => {
                c.halt(turn, Instant::now());
                true
            }
            None => false,
        };
        if halted {
            self.log_line(format!("Left the game for {what}: the clocks are stopped"));
        } else if !quiet {
            self.log_line(format!("Left the game for {what}"));
        }
    }

    /// The trainer closed: the game again, as it was; its clocks run again.
    pub fn back_from_trainer(&mut self) {
        self.away = false;
        self.back_to_game(false);
    }

    /// Back from another screen: the clocks [`Table::leave_game`] stopped run again.
    /// `quiet`: a line in the log only when they do.
    pub(super) fn back_to_game(&mut self, quiet: bool) {
        let stopped = std::mem::take(&mut self.clocks_stopped);
        let restarted = match self.session_mut().clock.as_mut().filter(|_| stopped) {
            Some(c) => {
                c.since = Some(Instant::now());
                true
            }
            None => false,
        };
        if restarted {
            self.log_line("Back to the game: the clocks run again");
        } else if !quiet {
            self.log_line("Back to the game");
        }
    }

    /// At the game's end: when the player left their book, the log says which key
    /// makes that position due in the trainer.
    pub(super) fn offer_review(&mut self) {
        let books = Books::locate_for_training(self.book_dir(), LayerPolicy::UserOnly);
        let left = books
            .user()
            .and_then(|b| crate::train::repertoire::departure(b, &self.session().game))
            .filter(|d| d.side == self.session().human && !self.session().watching);
        if let Some(d) = left {
            self.log_line(format!(
                "You left your book at {}: {} (or :review) makes it due in the trainer",
                d.played, self.config.tui.keys.review
            ));
        }
    }

    /// `:review` (and its key), after a game: the position where the player left their
    /// book is due in the trainer today, so that `:train` asks it now.
    pub fn review_departure(&mut self) {
        use crate::train::repertoire::Review;
        if self.in_progress() {
            self.note(
                "After the game: :review makes where you left your book due",
                true,
            );
            return;
        }
        let books = Books::locate_for_training(self.book_dir(), LayerPolicy::UserOnly);
        let Some(book) = books.user() else {
            self.note("You have no book yet: nothing to review", true);
            return;
        };
        let today = crate::util::date::today();
        let said = match crate::train::repertoire::review_departure(
            book,
            &self.session().game,
            self.session().human,
            today,
        ) {
            Ok(Review::Due(d)) => format!(
                "Due today in the trainer: {} (your book plays {}); :train asks it",
                d.played,
                d.book.join(" or ")
            ),
            Ok(Review::New(d)) => format!(
                "Your book plays {} where you played {}, never asked yet: :train asks it \
                 as a new position",
                d.book.join(" or "),
                d.played
            ),
            Ok(Review::Nothing) => "You did not leave your book in this game".to_string(),
            Err(e) => e.to_string(),
        };
        self.log_line(said.clone());
        self.note(said, false);
    }
}

/// A message as a sentence: its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
