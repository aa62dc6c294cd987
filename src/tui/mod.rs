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

/// The game's command-line options (`huo-chess --color b --level 5 --fen FEN ...`).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct GameArgs {
    /// Your colour: w or b (asked at start when omitted).
    #[arg(long)]
    pub color: Option<String>,
    /// The engine's level: classic-1, classic-3, classic-5 (or 1, 3, 5 as the original
    /// asked them), or a rung of the modern ladder (asked at start when omitted).
    #[arg(long)]
    pub level: Option<String>,
    /// Start from this position.
    #[arg(long)]
    pub fen: Option<String>,
    /// The opening book directory.
    #[arg(long)]
    pub book: Option<std::path::PathBuf>,
    /// Also write the thinking log to this file (size-capped, rotated).
    #[arg(long)]
    pub log: Option<std::path::PathBuf>,
}

/// Runs the game screen until the player quits. Errors are for the terminal itself.
pub fn run_game(args: GameArgs, config: &Config) -> std::io::Result<()> {
    let _ = (args, config);
    Err(std::io::Error::other("the game screen is not built yet"))
}
