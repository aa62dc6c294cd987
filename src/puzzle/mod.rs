//! Tactics puzzles: a position where one side wins by force, and the user finds the
//! moves (`huo-chess puzzle`).
//!
//! - [`record`]: a puzzle (the position, the opponent's move, the solution, its rating
//!   and themes) and the themes' names.
//! - [`csv`]: puzzles as text, lichess's puzzle database layout, read strictly and
//!   written back.
//! - [`glicko`]: the Glicko-2 rating system: the user's puzzle rating.
//! - [`progress`]: the user's progress, a text line per puzzle played, in the data folder.
//! - [`library`]: where puzzles come from (the shipped set, the user's own, an import)
//!   and how the next one is chosen.
//! - [`index`]: an imported database, its puzzles indexed by rating for a fast choice.
//! - [`import`]: importing a database (lichess's, 4 million lines) in constant memory.
//! - [`trainer`]: the trainer's state, apart from any screen.
//! - [`stats`]: the figures of `--stats`.
//! - [`from_games`]: puzzles from the user's own games (`analyse --player`).

pub mod csv;
pub mod from_games;
pub mod glicko;
pub mod import;
pub mod index;
pub mod library;
pub mod progress;
pub mod record;
pub mod stats;
pub mod trainer;

pub use glicko::Rating;
pub use record::Puzzle;
pub use trainer::{Options, PuzzleTrainer, Stage};
