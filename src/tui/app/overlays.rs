//! The screens the game screen opens over the game when its table asks (the analysis, the
//! MiniMax tree browser, the trainer), and the actions its keys are bound to. The table
//! stops the game's clocks when it asks for one of them and runs them again when told
//! the screen closed; the screen owns the one open meanwhile.

use super::App;
use crate::core::Color;
use crate::play::Command;
use crate::play::flags::TaggedGame;
use crate::play::table::Pending;
use crate::review::Review;
use crate::train::Exercise;
use crate::tui::analysis::AnalysisView;
use crate::tui::puzzle::PuzzleScreen;
use crate::tui::trainer::Trainer;
use crossterm::event::{KeyEvent, MouseEvent};
use std::time::Duration;

/// A screen that covers the game and owns its state while it is open: the analysis, the
/// MiniMax tree browser, the trainer. Closing it drops it; the game is as it was.
pub enum Overlay {
    /// The analysis screen.
    Analysis(Box<AnalysisView>),
    /// The MiniMax tree browser.
    Tree(Box<crate::tui::tree::TreeView>),
    /// The trainer (`:train`, `:drill`), the game waiting behind it.
    Train(Box<Trainer>),
    /// The puzzles (`:puzzle`), the game waiting behind them.
    Puzzles(Box<PuzzleScreen>),
}

/// A game action a key is bound to (see `config.tui.keys`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    NewGame,
    Takeback,
    Flip,
    SwitchSides,
    Hint,
    MoveNow,
    Level,
    Save,
    Load,
    CopyFen,
    ToggleLog,
    Why,
    Help,
    Quit,
    /// After a game: where you left your book, due in the trainer.
    Review,
}

impl App {
    /// Does what a bound key asks.
    pub fn do_action(&mut self, a: Action) {
        match a {
            Action::NewGame => self.ask_then(Pending::NewGame),
            Action::Takeback => self.takeback(),
            Action::Flip => self.flipped = !self.flipped,
            Action::SwitchSides => self.switch_sides(),
            Action::Hint => self.hint(),
            Action::MoveNow => self.tell(Command::MoveNow),
            Action::Level => self.input = ":level ".into(),
            Action::Save => self.input = ":save ".into(),
            Action::Load => self.input = ":load ".into(),
            Action::CopyFen => self.copy_fen(),
            Action::ToggleLog => self.show_log = !self.show_log,
            Action::Why => self.why(""),
            Action::Help => self.open_help(),
            Action::Quit => self.ask_quit(),
            Action::Review => self.review_departure(),
        }
        self.take_cues();
    }

    /// The screen over the game that has the keyboard (none while a question or help is
    /// on top of it).
    pub fn active_overlay(&self) -> Option<&Overlay> {
        self.overlay.as_ref().filter(|_| !self.mode.on_top())
    }

    /// The analysis screen, while open.
    pub fn analysis(&self) -> Option<&AnalysisView> {
        match &self.overlay {
            Some(Overlay::Analysis(v)) => Some(v),
            _ => None,
        }
    }

    /// The analysis screen, while open, to change.
    pub fn analysis_mut(&mut self) -> Option<&mut AnalysisView> {
        match &mut self.overlay {
            Some(Overlay::Analysis(v)) => Some(v),
            _ => None,
        }
    }

    /// The tree browser, while open.
    pub fn tree(&self) -> Option<&crate::tui::tree::TreeView> {
        match &self.overlay {
            Some(Overlay::Tree(v)) => Some(v),
            _ => None,
        }
    }

    /// The trainer, while open.
    pub fn trainer(&self) -> Option<&Trainer> {
        match &self.overlay {
            Some(Overlay::Train(t)) => Some(t),
            _ => None,
        }
    }

    /// The trainer, while open, to change.
    pub fn trainer_mut(&mut self) -> Option<&mut Trainer> {
        match &mut self.overlay {
            Some(Overlay::Train(t)) => Some(t),
            _ => None,
        }
    }

    // ---- the analysis ----

    /// The analysis screen on `games[index]` (a file's, or the game on the board), the
    /// others a key away.
    pub(super) fn open_analysis(
        &mut self,
        games: Vec<TaggedGame>,
        index: usize,
        user: Option<Color>,
    ) {
        let wake = self.wake.clone().map(|events| {
            Box::new(move || {
                let _ = events.send(crate::tui::events::Wake::Worker);
            }) as crate::analysis::background::Wake
        });
        if let Some(review) = Review::of_games(games, index, user, &self.table.config, wake) {
            self.overlay = Some(Overlay::Analysis(Box::new(AnalysisView { review })));
        }
    }

    /// `n`/`p` on the analysis screen: the file's game `index` analysed instead.
    pub(super) fn switch_analysis(&mut self, index: usize) {
        let Some(Overlay::Analysis(view)) = &mut self.overlay else {
            return;
        };
        let games = std::mem::take(&mut view.games);
        self.open_analysis(games, index, None);
    }

    /// The analysis of a file's games: the next one (`true`), or back to the game after
    /// the last.
    pub fn next_analysis(&mut self) -> bool {
        let Some(Overlay::Analysis(view)) = &self.overlay else {
            return false;
        };
        let next = view.index + 1;
        if next < view.games.len() {
            self.switch_analysis(next);
            true
        } else {
            self.close_analysis();
            false
        }
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

    /// Waits up to `timeout` for the analysis on screen to end (tests).
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
            self.table.log_line(summary);
        }
    }

    /// Esc on the analysis screen: back to the game, which goes on.
    pub(super) fn close_analysis(&mut self) {
        self.overlay = None;
        self.table.back_from_analysis();
        self.take_cues();
    }

    // ---- the trainer ----

    /// The trainer on `exercise`, over the game (which waits, its clocks stopped).
    pub(super) fn open_trainer(&mut self, exercise: Box<dyn Exercise>) {
        let mut trainer = Trainer::new(exercise, &self.table.config);
        if let Some(events) = &self.wake {
            trainer.wake_to(events.clone());
        }
        self.overlay = Some(Overlay::Train(Box::new(trainer)));
    }

    /// The puzzles over the game (which waits, its clocks stopped).
    pub(super) fn open_puzzles(&mut self, trainer: crate::puzzle::trainer::PuzzleTrainer) {
        let screen = PuzzleScreen::new(trainer, &self.table.config);
        self.overlay = Some(Overlay::Puzzles(Box::new(screen)));
    }

    /// Esc in the trainer or the puzzles: the game again, as it was; its clocks run again.
    pub fn close_trainer(&mut self) {
        self.overlay = None;
        self.table.back_from_trainer();
    }

    /// A key for the trainer or the puzzles (Esc, F10 or Ctrl+C leave them).
    pub(super) fn trainer_key(&mut self, key: KeyEvent) {
        let done = match &mut self.overlay {
            Some(Overlay::Train(tr)) => {
                tr.handle_key(key);
                tr.quit
            }
            Some(Overlay::Puzzles(p)) => {
                p.handle_key(key);
                p.done()
            }
            _ => true,
        };
        if done {
            self.close_trainer();
        }
    }

    /// A click for the trainer or the puzzles.
    pub(super) fn trainer_mouse(&mut self, ev: MouseEvent) {
        match &mut self.overlay {
            Some(Overlay::Train(tr)) => tr.handle_mouse(ev),
            Some(Overlay::Puzzles(p)) => p.handle_mouse(ev),
            _ => {}
        }
    }

    /// The puzzles, while open.
    pub fn puzzles(&self) -> Option<&PuzzleScreen> {
        match &self.overlay {
            Some(Overlay::Puzzles(p)) => Some(p),
            _ => None,
        }
    }

    /// Takes in a judgement the trainer was waiting for: whether the screen changed.
    pub fn poll_trainer(&mut self) -> bool {
        self.trainer_mut().is_some_and(|t| t.poll())
    }

    /// Is the trainer waiting for a judgement?
    pub(super) fn trainer_busy(&self) -> bool {
        self.trainer().is_some_and(|t| t.exercise.judging())
    }
}
