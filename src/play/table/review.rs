//! Opening and closing the analysis from the game: `:analyse` (the game on the
//! board), `:analyse FILE.pgn` or `--analyse FILE.pgn` (the file's games, from the first;
//! `n`/`p` go to the next and previous one). The game in progress waits, its clocks
//! stopped as for the trainer; the analysed positions are searched one by one on a thread
//! of their own (the configuration's analyser, as `huo-chess analyse` runs it: the same
//! verdicts), and the game goes on, clocks running again, when the screen closes.

use super::{Cue, Mode, Table};
use crate::core::Color;
use crate::session::engine::Job;

impl Table {
    /// `:analyse`: the game on the board.
    pub(super) fn analyse_game(&mut self) {
        if self.game.thinking() == Some(Job::Move) {
            self.note("Please wait: it is my move", true);
            return;
        }
        // The user's side, when one side was theirs: `d` drills its mistakes at once.
        let user = match [Color::White, Color::Black].map(|c| self.session().engine_plays(c)) {
            [false, true] => Some(Color::White),
            [true, false] => Some(Color::Black),
            _ => None,
        };
        self.open_analysis(
            vec![(self.session().game.clone(), self.pgn_headers())],
            user,
        );
    }

    /// `:analyse FILE.pgn`: the file's games, from the first.
    pub(super) fn analyse_file(&mut self, path: &str) {
        match crate::play::flags::read_file_games(std::path::Path::new(path)) {
            Ok(games) => self.open_analysis_of_file(games),
            Err(e) => self.note(e.to_string(), true),
        }
    }

    /// The analysis screen on the first of `games` (a file's, each with its tags; not
    /// empty), the others a key away.
    pub(super) fn open_analysis_of_file(&mut self, games: Vec<crate::play::flags::TaggedGame>) {
        if !games.is_empty() {
            self.open_analysis(games, None);
        }
    }

    /// Asks the view for the analysis of `games` (not empty), the first shown; `user`:
    /// the side the user played, if the game was theirs. The game waits meanwhile: the
    /// engine's hint or "why?" is dropped, and reading an analysis is no time off the clock.
    pub(super) fn open_analysis(
        &mut self,
        games: Vec<crate::play::flags::TaggedGame>,
        user: Option<Color>,
    ) {
        self.cancel_thinking();
        if !self.away {
            self.leave_game("the analysis", true);
        }
        self.away = true;
        self.cues.push(Cue::Analyse { games, user });
    }

    /// The analysis closed: back to the game, which goes on.
    pub fn back_from_analysis(&mut self) {
        self.away = false;
        self.back_to_game(true);
        if self.mode == Mode::Play && !self.over() && !self.humans_turn() {
            self.game.go_on(std::time::Instant::now());
            self.take_in();
        }
    }
}
