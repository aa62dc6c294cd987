//! The puzzle trainer, apart from any screen: the game screen's puzzle screen and plain
//! mode both show this state and send it the user's moves.
//!
//! A puzzle starts on the position after the opponent's move, seen from the solver's
//! side. The user plays the solution a move at a time; after each right move the
//! opponent's reply is played at once. A wrong move fails the puzzle, and the right one is
//! shown; where the expected move mates at once, any move that mates is right too. A hint
//! names the piece to move, then (asked again) the move itself, which counts as failing;
//! "show me" plays the rest of the solution, and counts as failing too.
//!
//! Each puzzle played the first time is a rated game (Glicko-2, [`super::glicko`]): won
//! when solved, lost when failed, against the puzzle's own rating. A puzzle played again
//! (a failed one, back by spaced repetition) is not rated a second time: knowing the
//! answer from before says nothing of the user's strength. It is saved in the progress
//! either way, and its result decides when it comes back ([`super::progress`]).
//!
//! The next puzzle is a failed one whose day has come, else a new one near the user's
//! rating ([`super::library`]), both with the theme asked for (`--theme fork`); with
//! `--rating 1500` new ones are chosen near that rating instead of the user's.

use super::glicko::Rating;
use super::library::{Library, LibraryError, theme_filter};
use super::progress::{Attempt, Progress};
use super::record::Puzzle;
use crate::core::{Color, Move, Position, san};
use crate::game::Game;
use crate::train::exercise::piece_hint;
use crate::train::textfile::StoreError;
use crate::util::rng::XorShift;
use std::collections::HashSet;
use std::fmt;
use std::path::PathBuf;

/// What a trainer trains.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Only puzzles with this theme (lichess's name: `fork`).
    pub theme: Option<String>,
    /// New puzzles near this rating instead of the user's.
    pub rating: Option<u16>,
    /// Today (days since 1970-01-01): when failed puzzles come back.
    pub today: i64,
    /// Drives the choice of puzzles.
    pub seed: u64,
}

/// Where the puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The solver's move is asked.
    Solving,
    /// The puzzle is over (solved or failed: [`PuzzleTrainer::verdict`]).
    Over,
    /// No puzzle to give: none left that matches.
    NoPuzzle,
}

/// How a puzzle went, and what it did to the rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    pub solved: bool,
    /// Was it rated (the first time the puzzle was played)?
    pub rated: bool,
    pub before: Rating,
    pub after: Rating,
}

impl Verdict {
    /// The rating's change, rounded as shown: `+12`, `-8`, `±0`.
    pub fn change(&self) -> String {
        let d = self.after.rating.round() - self.before.rating.round();
        match d {
            d if d > 0.0 => format!("+{d:.0}"),
            d if d < 0.0 => format!("{d:.0}"),
            _ => "±0".into(),
        }
    }
}

/// A note on what just happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    /// A warning (a wrong move, an answer not saved).
    pub alert: bool,
}

/// The puzzles solved and failed in this session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub solved: u32,
    pub failed: u32,
}

/// Why the trainer cannot open.
#[derive(Debug)]
pub enum OpenError {
    /// The puzzles cannot be read.
    Library(LibraryError),
    /// The progress cannot be read (a damaged file is named `file:line`).
    Progress(StoreError),
    /// The import could not be read while choosing a puzzle.
    Choose(std::io::Error),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Library(e) => write!(f, "{e}"),
            OpenError::Progress(e) => write!(f, "{e}"),
            OpenError::Choose(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpenError::Library(e) => e.source(),
            OpenError::Progress(e) => e.source(),
            OpenError::Choose(e) => Some(e),
        }
    }
}

/// The trainer.
pub struct PuzzleTrainer {
    library: Library,
    progress: Progress,
    /// Where the progress is saved (`None`: nowhere, not even tried).
    path: Option<PathBuf>,
    options: Options,
    themes: u64,
    rng: XorShift,
    /// Puzzles given in this session (not given again in it).
    given: HashSet<String>,
    puzzle: Option<Puzzle>,
    /// Was the puzzle played before (not rated again)?
    repeat: bool,
    game: Game,
    /// The index in the puzzle's moves of the solver's next move.
    step: usize,
    hints: u32,
    verdict: Option<Verdict>,
    stage: Stage,
    note: Option<Note>,
    /// The right move, shown after a wrong one (on the board as it was before it).
    shown: Option<Move>,
    tally: Tally,
    /// Why the progress is not saved, once it could not be.
    not_saved: Option<String>,
}

impl PuzzleTrainer {
    /// The trainer on every source, the progress at `path` (refused when damaged), the
    /// first puzzle chosen.
    pub fn open(
        dir: Option<&std::path::Path>,
        path: Option<PathBuf>,
        options: Options,
    ) -> Result<PuzzleTrainer, OpenError> {
        theme_filter(options.theme.as_deref()).map_err(OpenError::Library)?;
        let library = Library::open(dir).map_err(OpenError::Library)?;
        let progress = match &path {
            Some(p) => Progress::load(p).map_err(OpenError::Progress)?,
            None => Progress::default(),
        };
        PuzzleTrainer::new(library, progress, path, options)
    }

    /// The trainer on a library and a progress already read.
    pub fn new(
        library: Library,
        progress: Progress,
        path: Option<PathBuf>,
        options: Options,
    ) -> Result<PuzzleTrainer, OpenError> {
        let themes = theme_filter(options.theme.as_deref()).map_err(OpenError::Library)?;
        let mut t = PuzzleTrainer {
            library,
            progress,
            path,
            rng: XorShift::new(options.seed | 1),
            options,
            themes,
            given: HashSet::new(),
            puzzle: None,
            repeat: false,
            game: Game::new(),
            step: 0,
            hints: 0,
            verdict: None,
            stage: Stage::NoPuzzle,
            note: None,
            shown: None,
            tally: Tally::default(),
            not_saved: None,
        };
        t.next_puzzle().map_err(OpenError::Choose)?;
        Ok(t)
    }

    /// The puzzle on the board.
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.puzzle.as_ref()
    }

    /// Was the puzzle on the board played before (a repeat, not rated)?
    pub fn is_repeat(&self) -> bool {
        self.repeat
    }

    /// The moves on the board, from the puzzle's position (the opponent's move first).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The side the user plays (the board is seen from it).
    pub fn solver(&self) -> Color {
        self.puzzle.as_ref().map_or(Color::White, Puzzle::solver)
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// How the puzzle went, once it is decided (failed may be decided before it is over:
    /// a hint that named the move).
    pub fn verdict(&self) -> Option<Verdict> {
        self.verdict
    }

    /// The right move, after a wrong one.
    pub fn shown(&self) -> Option<Move> {
        self.shown
    }

    /// The user's rating now.
    pub fn rating(&self) -> Rating {
        self.progress.rating()
    }

    /// The progress as kept.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// The figures of `--stats` as they stand, with at most `themes` themes: asked in the
    /// middle of a session.
    pub fn stats(&self, themes: usize) -> Vec<String> {
        let file = match &self.path {
            Some(p) => p.display().to_string(),
            None => "not saved (no data folder)".to_string(),
        };
        super::stats::lines(&self.progress, &file, self.options.today, themes)
    }

    /// Why the progress is not saved, once it could not be.
    pub fn not_saved(&self) -> Option<&str> {
        self.not_saved.as_deref()
    }

    /// Where the progress is saved.
    pub fn saved_in(&self) -> Option<&std::path::Path> {
        self.path.as_deref()
    }

    /// The solver's moves found so far and in all: `(1, 2)`.
    pub fn moves_found(&self) -> (usize, usize) {
        let total = self.puzzle.as_ref().map_or(0, Puzzle::solver_moves);
        (self.step.saturating_sub(1) / 2, total)
    }

    /// The next puzzle: a failed one due again, else a new one near the rating. Errors
    /// are the import's (it could not be read).
    pub fn next_puzzle(&mut self) -> std::io::Result<()> {
        self.note = None;
        self.shown = None;
        self.verdict = None;
        self.hints = 0;
        let due = self
            .progress
            .due(self.options.today)
            .into_iter()
            .find(|p| {
                !self.given.contains(&p.id)
                    && super::record::mask_of(p.themes.iter().map(String::as_str)) & self.themes
                        == self.themes
            })
            .cloned();
        let (puzzle, repeat) = match due {
            Some(p) => (Some(p), true),
            None => {
                let target = self
                    .options
                    .rating
                    .unwrap_or_else(|| self.rating().rating.round().clamp(0.0, 4000.0) as u16);
                let seen = self.progress.seen();
                let given = &self.given;
                let skip = |id: &str| seen.contains(id) || given.contains(id);
                let p = self
                    .library
                    .choose(target, self.themes, &skip, &mut self.rng)?;
                (p, false)
            }
        };
        self.repeat = repeat;
        match puzzle {
            Some(p) => {
                self.given.insert(p.id.clone());
                let mut game = Game::from_position(p.position);
                // Checked legal when read.
                let _ = game.play(p.moves[0]);
                self.game = game;
                self.step = 1;
                self.puzzle = Some(p);
                self.stage = Stage::Solving;
                if repeat {
                    self.note = Some(Note {
                        text: "A puzzle you failed before, back to try again (not rated)".into(),
                        alert: false,
                    });
                }
            }
            None => {
                self.puzzle = None;
                self.game = Game::new();
                self.stage = Stage::NoPuzzle;
            }
        }
        Ok(())
    }

    /// The position on the board.
    fn position(&self) -> &Position {
        self.game.position()
    }

    /// The move the solver is expected to play now.
    pub fn expected(&self) -> Option<Move> {
        let p = self.puzzle.as_ref()?;
        (self.stage == Stage::Solving).then(|| p.moves[self.step])
    }

    /// A move of the user's (legal or not: an illegal one is said so).
    pub fn play(&mut self, mv: Move) {
        let Some(expected) = self.expected() else {
            self.note = Some(Note {
                text: match self.stage {
                    Stage::NoPuzzle => "No puzzle to play".into(),
                    _ => "The puzzle is over: next for the next one".into(),
                },
                alert: true,
            });
            return;
        };
        let pos = *self.position();
        if !pos.is_legal(mv) {
            self.note = Some(Note {
                text: "Invalid move - Please try again".into(),
                alert: true,
            });
            return;
        }
        // Any mate is as good as the mate expected.
        let right =
            mv == expected || (pos.after(expected).is_checkmate() && pos.after(mv).is_checkmate());
        if !right {
            let wrong = san(&pos, mv);
            self.shown = Some(expected);
            self.fail();
            self.stage = Stage::Over;
            self.note = Some(Note {
                text: format!(
                    "{wrong} is not the move: {} was. {}",
                    san(&pos, expected),
                    self.rating_words()
                ),
                alert: true,
            });
            return;
        }
        let said = san(&pos, mv);
        let _ = self.game.play(mv);
        self.step += 1;
        let p = self.puzzle.as_ref().expect("a puzzle is asked");
        if self.step >= p.moves.len() {
            self.finish();
            return;
        }
        let reply = p.moves[self.step];
        let reply_said = san(self.position(), reply);
        let _ = self.game.play(reply);
        self.step += 1;
        self.note = Some(Note {
            text: format!("Right: {said}. {} replies {reply_said}", !self.solver()),
            alert: false,
        });
    }

    /// The last move was right and the solution is played: solved, unless it had failed
    /// already (a hint that named the move).
    fn finish(&mut self) {
        self.stage = Stage::Over;
        let already = self.verdict.is_some();
        if !already {
            self.grade(true);
        }
        let text = if already {
            format!(
                "Done, but the hint named the move: failed. {}",
                self.rating_words()
            )
        } else {
            format!("Solved! {}", self.rating_words())
        };
        self.note = Some(Note { text, alert: false });
    }

    /// The puzzle is failed (once).
    fn fail(&mut self) {
        if self.verdict.is_none() {
            self.grade(false);
        }
    }

    /// The rating's words after a verdict: `Your rating: 1523 (+23)`.
    pub fn rating_words(&self) -> String {
        match self.verdict {
            Some(v) if v.rated => format!("Your rating: {:.0} ({})", v.after.rating, v.change()),
            Some(v) => format!(
                "Your rating: {:.0} (played before: not rated again)",
                v.after.rating
            ),
            None => format!("Your rating: {:.0}", self.rating().rating),
        }
    }

    /// Rates the puzzle (when played the first time) and saves the attempt.
    fn grade(&mut self, solved: bool) {
        let Some(p) = self.puzzle.clone() else { return };
        let before = self.progress.rating();
        let rated = !self.repeat;
        let after = if rated {
            before.after_puzzle(f64::from(p.rating), f64::from(p.deviation), solved)
        } else {
            before
        };
        self.verdict = Some(Verdict {
            solved,
            rated,
            before,
            after,
        });
        if solved {
            self.tally.solved += 1;
        } else {
            self.tally.failed += 1;
        }
        let attempt = Attempt {
            day: self.options.today,
            solved,
            rating: rated.then_some(after),
            puzzle: p,
        };
        let saved = match &self.path {
            Some(path) => self.progress.record(path, attempt),
            None => {
                self.progress.push(attempt);
                Ok(())
            }
        };
        if let Err(e) = saved {
            self.not_saved = Some(e.to_string());
        }
    }

    /// A hint for the move asked: the piece first, then the move (which fails the
    /// puzzle). Whether there was a move to hint.
    pub fn hint(&mut self) -> bool {
        let Some(expected) = self.expected() else {
            return false;
        };
        let pos = *self.position();
        if self.hints == 0 {
            self.hints = 1;
            self.note = Some(Note {
                text: format!(
                    "Hint: {}. Asked again, the hint names the move",
                    piece_hint(&pos, expected)
                ),
                alert: false,
            });
        } else {
            self.hints += 1;
            self.fail();
            self.note = Some(Note {
                text: format!(
                    "Hint: {} (from {} to {}): the puzzle counts as failed. {}",
                    san(&pos, expected),
                    expected.from(),
                    expected.to(),
                    self.rating_words()
                ),
                alert: true,
            });
        }
        true
    }

    /// Show me: plays the rest of the solution; the puzzle counts as failed. Whether
    /// there was anything left to show.
    pub fn show(&mut self) -> bool {
        let Some(p) = self.puzzle.clone() else {
            return false;
        };
        if self.step >= p.moves.len() {
            return false;
        }
        self.fail();
        let rest = &p.moves[self.step..];
        let line = crate::core::san_line(self.position(), rest).join(" ");
        for &m in rest {
            let _ = self.game.play(m);
        }
        self.step = p.moves.len();
        self.stage = Stage::Over;
        self.shown = None;
        self.note = Some(Note {
            text: format!("The solution: {line}. {}", self.rating_words()),
            alert: true,
        });
        true
    }

    /// The puzzle's rating and themes, once it is over (said before, they would give it
    /// away).
    pub fn about(&self) -> Option<String> {
        let p = self.puzzle.as_ref().filter(|_| self.stage == Stage::Over)?;
        Some(format!(
            "Puzzle {}, rated {}: {}",
            p.id,
            p.rating,
            if p.themes.is_empty() {
                "no themes".to_string()
            } else {
                p.themes.join(", ")
            }
        ))
    }
}
