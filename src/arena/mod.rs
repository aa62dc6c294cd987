//! Matches between two players ([`crate::player::Player`]) inside the program: the
//! engines play each other in-process, from a list of balanced openings (each played
//! twice, colours swapped), at fixed nodes per move or with chess clocks, a few games at
//! once; the result is counted and turned into an Elo difference with its error margin.
//! `huo-chess match` is this module behind a command line.
//!
//! Parts: [`openings`] (the built-in list and `--openings` files), [`play`] (one game and
//! how it may end), [`runner`] (the games of a match on worker threads, and the tally),
//! [`elo`] (from a score to an Elo difference, and how sure it is).
//!
//! Each side searches with its own [`crate::search::Searcher`] on the game's thread, one
//! thread per running game: the engine service's conversation (book, pondering, stop)
//! has no part in a match, and a searcher of our own lets every game set its seed, so
//! a fixed-nodes match is the same on every run.

pub mod elo;
pub mod openings;
pub mod play;
pub mod runner;

pub use elo::Elo;
pub use openings::Opening;
pub use play::{Control, Played, Termination};
pub use runner::{GameFailed, GameRecord, MatchSpec, Summary, Tally};
