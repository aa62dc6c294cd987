//! The opening book editor screen. (Follows.)

use crate::book::Book;
use crate::config::Config;
use crate::core::Position;

/// Runs the book editor.
pub fn run(book: Book, start: Position, config: &Config) -> std::io::Result<()> {
    let _ = (book, start, config);
    Err(std::io::Error::other(
        "the book editor screen is not built yet",
    ))
}
