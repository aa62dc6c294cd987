//! The TOML configuration: piece values, evaluation weights, search, book, log and UI settings.
