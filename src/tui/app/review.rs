//! Opening and closing the analysis screen from the game: `:analyse` (the game on the
//! board), `:analyse FILE.pgn` or `--analyse FILE.pgn` (the file's first game). The game
//! in progress is left as it is; the engine service evaluates the analysed positions one
//! by one and the game goes on when the screen closes.

use super::{App, Mode, Overlay};
use crate::analysis::Thresholds;
use crate::core::Color;
use crate::search::Limits;
use crate::tui::analysis::AnalysisView;
use crate::tui::engine::Job;
use std::time::Duration;

/// No position of an interactive analysis takes longer than this.
const MOVETIME_CAP: Duration = Duration::from_secs(2);

impl App {
    /// `:analyse`: the game on the board.
    pub(super) fn analyse_game(&mut self) {
        if self.engine.busy() == Some(Job::Move) {
            self.note("Please wait: it is my move", true);
            return;
        }
        // The user's side, when one side was theirs: `d` drills its mistakes at once.
        let user = match [Color::White, Color::Black].map(|c| self.engine_plays(c)) {
            [false, true] => Some(Color::White),
            [true, false] => Some(Color::Black),
            _ => None,
        };
        self.open_analysis(self.session.game.clone(), self.pgn_headers(), user);
    }

    /// `:analyse FILE.pgn` (and `--analyse`): the file's first game.
    pub(super) fn analyse_file(&mut self, path: &str) {
        match crate::tui::flags::read_first_game(std::path::Path::new(path)) {
            Ok((game, headers)) => self.open_analysis(game, headers, None),
            Err(e) => self.note(e, true),
        }
    }

    /// Opens the analysis screen on `game` with its PGN tags `headers`; `user`: the side
    /// the user played, if the game was theirs.
    pub(super) fn open_analysis(
        &mut self,
        game: crate::game::Game,
        headers: Vec<(String, String)>,
        user: Option<Color>,
    ) {
        self.engine.cancel();
        self.thinking = None;
        let thresholds = Thresholds::from_config(&self.config.analysis);
        let limits = Limits {
            depth: Some(self.config.analysis.depth),
            movetime: Some(MOVETIME_CAP),
            ..Limits::default()
        };
        let mut view = AnalysisView::new(game, headers, user, limits, thresholds);
        view.ply = view.game.moves().len();
        self.overlay = Some(Overlay::Analysis(Box::new(view)));
        self.analyse_next();
    }

    /// Asks the engine for the analysis's next search (game-over positions need none).
    pub(super) fn analyse_next(&mut self) {
        let Some(Overlay::Analysis(view)) = &mut self.overlay else {
            return;
        };
        if let Some(think) = view.next_think() {
            let id = self.engine.think(Job::Analyse, think);
            view.sent(id);
        }
        // Done: one line in the game's log says what the analysis found.
        if let Some(summary) = view.summary() {
            self.log_line(summary);
        }
    }

    /// Esc on the analysis screen: back to the game, which goes on.
    pub(super) fn close_analysis(&mut self) {
        self.engine.cancel();
        self.overlay = None;
        if self.mode == Mode::Play && !self.over() && !self.humans_turn() {
            self.engine_turn();
        }
    }
}
