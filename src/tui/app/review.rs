//! Opening and closing the analysis screen from the game: `:analyse` (the game on the
//! board), `:analyse FILE.pgn` or `--analyse FILE.pgn` (the file's games, from the first;
//! `n`/`p` go to the next and previous one). The game in progress waits, its clocks
//! stopped as for the trainer; the analysed positions are searched one by one on a thread
//! of their own (the configuration's analyser, as `huo-chess analyse` runs it: the same
//! verdicts), and the game goes on, clocks running again, when the screen closes.

use super::{App, Mode, Overlay};
use crate::analysis::{AnalyserSpec, Thresholds};
use crate::core::Color;
use crate::game::Game;
use crate::session::engine::Job;
use crate::tui::analysis::AnalysisView;
use std::time::Duration;

impl App {
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
        self.open_analysis(self.session().game.clone(), self.pgn_headers(), user);
    }

    /// `:analyse FILE.pgn`: the file's games, from the first.
    pub(super) fn analyse_file(&mut self, path: &str) {
        match crate::tui::flags::read_file_games(std::path::Path::new(path)) {
            Ok(games) => self.open_analysis_of_file(games),
            Err(e) => self.note(e.to_string(), true),
        }
    }

    /// The analysis screen on the first of `games` (a file's, each with its tags; not
    /// empty), the others a key away.
    pub(super) fn open_analysis_of_file(&mut self, mut games: Vec<crate::tui::flags::TaggedGame>) {
        if games.is_empty() {
            return;
        }
        let (game, headers) = games[0].clone();
        self.open_analysis(game, headers, None);
        if let Some(Overlay::Analysis(view)) = &mut self.overlay {
            view.games = std::mem::take(&mut games);
        }
    }

    /// `n`/`p` on the analysis screen: the file's game `index` analysed instead.
    pub(super) fn switch_analysis(&mut self, index: usize) {
        let Some(Overlay::Analysis(view)) = &mut self.overlay else {
            return;
        };
        let Some((game, headers)) = view.games.get(index).cloned() else {
            return;
        };
        let games = std::mem::take(&mut view.games);
        let mut view = self.analysis_view(game, headers, None);
        (view.games, view.index) = (games, index);
        self.overlay = Some(Overlay::Analysis(Box::new(view)));
    }

    /// Opens the analysis screen on `game` with its PGN tags `headers`; `user`: the side
    /// the user played, if the game was theirs.
    pub(super) fn open_analysis(
        &mut self,
        game: Game,
        headers: Vec<(String, String)>,
        user: Option<Color>,
    ) {
        self.cancel_thinking();
        let view = self.analysis_view(game, headers, user);
        // Reading an analysis is no time off the clock.
        if !matches!(self.overlay, Some(Overlay::Analysis(_))) {
            self.leave_game("the analysis", true);
        }
        self.overlay = Some(Overlay::Analysis(Box::new(view)));
    }

    /// A new analysis screen on `game`, shown at its end, its analysis started: the
    /// configuration's analyser, as `huo-chess analyse` runs it.
    fn analysis_view(
        &self,
        game: Game,
        headers: Vec<(String, String)>,
        user: Option<Color>,
    ) -> AnalysisView {
        let thresholds = Thresholds::from_config(&self.config.analysis);
        let mut view = AnalysisView::new(game, headers, user, thresholds);
        view.ply = view.game.moves().len();
        let wake = self.wake.clone().map(|events| {
            Box::new(move || {
                let _ = events.send(crate::tui::events::Wake::Worker);
            }) as crate::analysis::background::Wake
        });
        view.start(&self.config, &AnalyserSpec::from_config(&self.config), wake);
        view
    }

    /// Takes in what the analysis found (the run loop calls this when woken); once done,
    /// one line in the game's log says what it found. Whether the screen changed.
    pub fn poll_analysis(&mut self) -> bool {
        let Some(Overlay::Analysis(view)) = &mut self.overlay else {
            return false;
        };
        let changed = view.poll();
        self.log_analysis_summary();
        changed
    }

    /// Waits up to `timeout` for the analysis on screen to end (tests, and plain mode).
    pub fn wait_analysis(&mut self, timeout: Duration) -> bool {
        let Some(Overlay::Analysis(view)) = &mut self.overlay else {
            return true;
        };
        let ended = view.wait(timeout);
        self.log_analysis_summary();
        ended
    }

    /// Done: one line in the game's log says what the analysis found.
    fn log_analysis_summary(&mut self) {
        if let Some(Overlay::Analysis(view)) = &mut self.overlay
            && let Some(summary) = view.summary()
        {
            self.log_line(summary);
        }
    }

    /// Esc on the analysis screen: back to the game, which goes on.
    pub(super) fn close_analysis(&mut self) {
        self.overlay = None;
        self.back_to_game(true);
        if self.mode == Mode::Play && !self.over() && !self.humans_turn() {
            self.game.go_on(std::time::Instant::now());
            self.take_in();
        }
    }
}
