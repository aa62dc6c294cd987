//! Training: the program teaches its user the lines of their own book, and asks again
//! what they forget, by spaced repetition.
//!
//! - [`fsrs`]: the scheduler (FSRS-6): when a position is asked again after an answer.
//! - [`schedule`]: the schedule on disk, `training.txt` beside the user's book, one text
//!   line per position, each answer saved at once.
//! - [`repertoire`]: the positions a learner answers, walked from the book.
//! - [`coach`]: the trainer itself, whatever view shows it: the learner's moves and
//!   commands taken, the panel's lines decided.
//! - [`deck`]: the drills' deck, the learner's mistakes from analysed games, as text.
//! - [`drill`]: the drills: the deck's exercises asked on the trainer screen, a move
//!   judged by the engine as the analysis judges one.
//! - [`exercise`]: what the trainer screen shows and asks, for any kind of exercise.
//! - [`session`]: the opening trainer, one kind of exercise: the program plays the other
//!   side's book moves, the learner answers with theirs.
//! - [`stats`]: the figures of `huo-book train --stats`.
//! - [`textfile`]: the schedule's and the deck's text files, read strictly and each
//!   change saved at once, atomically.

pub mod coach;
pub mod deck;
pub mod drill;
pub mod exercise;
pub mod fsrs;
pub mod repertoire;
pub mod schedule;
pub mod session;
pub mod stats;
pub mod textfile;

pub use exercise::{Exercise, Stage, Wake, Words};
pub use session::{OpenError, Options, Session};
