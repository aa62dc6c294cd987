//! The text screens shared by both binaries: the QBasic-style board widget, the side panel,
//! the log pane, the input line and the themes. (Contract skeleton.)

use crate::book::Book;
use crate::config::Config;
use crate::core::Position;

/// Runs the opening book editor screen on `book`, starting from `start`.
pub fn run_editor(book: Book, start: Position, config: &Config) -> std::io::Result<()> {
    let _ = (book, start, config);
    Err(std::io::Error::other(
        "the book editor screen is not built yet",
    ))
}
