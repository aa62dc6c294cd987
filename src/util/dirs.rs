//! The one place that knows where the user's files live (the XDG base directories):
//! the configuration in `$XDG_CONFIG_HOME/huo-chess` (else `~/.config/huo-chess`), data —
//! the user's opening book, the autosaved game — in `$XDG_DATA_HOME/huo-chess` (else
//! `~/.local/share/huo-chess`).

use std::path::PathBuf;

/// `$<xdg_var>/huo-chess`, else `~/<fallback>/huo-chess`; `None` without a home.
fn user_dir(xdg_var: &str, fallback: &str) -> Option<PathBuf> {
    if let Some(d) = std::env::var_os(xdg_var).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("huo-chess"));
    }
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(|h| PathBuf::from(h).join(fallback).join("huo-chess"))
}

/// The user's configuration folder.
pub fn config_dir() -> Option<PathBuf> {
    user_dir("XDG_CONFIG_HOME", ".config")
}

/// The user's data folder (book, saved games).
pub fn data_dir() -> Option<PathBuf> {
    user_dir("XDG_DATA_HOME", ".local/share")
}

/// The user's own opening book in the data folder.
pub fn user_book_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("books"))
}

/// Where the game in progress is kept between runs.
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("autosave.pgn"))
}
