//! The commands of the two programs, each with its arguments (clap) and what it does and
//! prints. The binaries in `src/bin/` only parse the command line and dispatch here.
//!
//! - [`book`]: `huo-book`'s commands (record, show, import, export, merge, check...).
//! - [`chess`]: `huo-chess`'s commands (uci, analyse, drill, match, perft, bench, eval,
//!   config) and the game.
//! - [`meta`]: what both programs say about themselves: shell completions, man pages.
//! - [`error`]: why a command failed, the configuration every command loads, and the one
//!   printer of a failure.

pub mod book;
pub mod chess;
pub mod error;
pub mod meta;

pub use error::{CommandError, CommandResult, finish, load_config, parse, say};

/// Runs the trainer on `exercise`: on its screen, or as lines of text with `plain`
/// (`huo-book train --plain`, `huo-chess drill --plain`).
pub fn run_trainer(
    exercise: Box<dyn crate::train::Exercise>,
    config: &crate::config::Config,
    plain: bool,
) -> std::io::Result<()> {
    if plain {
        crate::plain::trainer::run(exercise, config)
    } else {
        crate::tui::run_trainer(exercise, config)
    }
}
