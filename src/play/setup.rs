//! What the game is played with, each built from the configuration in one place: the
//! engine's settings (its evaluation, table, threads, contempt and books), the book
//! policy of each engine move (how deep into the game, which pick, a fresh seed), and the
//! engine's manners at the board: when it resigns, how long a weak level pauses before it
//! answers (a human opponent does not reply in a millisecond), how fast a watched game
//! goes.
//!
//! The manners are the configuration's `[play]` section (`resign`, `resign_threshold`,
//! `pause`, `watch_pace`): they belong to the game, whichever view shows it.

use crate::book::layers::Books;
use crate::config::Config;
use crate::engine::{BookPolicy, Settings};
use crate::eval::Evaluator;
use crate::util::rng::Rng;
use std::path::Path;

/// The engine's settings: the configuration's evaluation, table, threads and contempt,
/// consulting `books` (`None`: search only).
pub fn engine_settings(config: &Config, books: Option<Books>) -> Settings {
    Settings {
        eval: Evaluator::from_config(config),
        hash_mb: config.search.hash_mb,
        threads: config.search.threads,
        contempt: config.search.contempt_cp(),
        book: books,
    }
}

/// The books a game's engine consults: found from `book_dir` (`--book`, `book.path`)
/// when the book is enabled, else none.
pub fn game_books(config: &Config, book_dir: Option<&Path>) -> Option<Books> {
    config
        .book
        .enabled
        .then(|| Books::locate(book_dir, config.book.layers))
}

/// The book policy of one engine move: `None` when the book is off; else the
/// configuration's depth and pick, the weighted choice seeded from `rng`.
pub fn book_policy(config: &Config, rng: &mut Rng) -> Option<BookPolicy> {
    config.book.enabled.then(|| BookPolicy {
        max_ply: config.book.max_ply,
        pick: config.book.pick,
        seed: rng.next_u64(),
    })
}

/// The engine's manners at the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policies {
    /// How many pawns behind the engine resigns (`None`: it never does).
    pub resign_pawns: Option<f64>,
    /// A weak level's pause before it answers, in seconds (half to one and a half of it,
    /// at random; 0: at once).
    pub pause: f64,
    /// Watching without a clock: the least time from one move to the next, in seconds.
    pub watch_pace: f64,
}

impl Policies {
    /// The manners the configuration asks for.
    pub fn from_config(config: &Config) -> Policies {
        let play = &config.play;
        Policies {
            resign_pawns: play.resign.then_some(play.resign_threshold),
            pause: play.pause,
            watch_pace: play.watch_pace,
        }
    }
}
