//! The integration tests, one crate with a module per area: one test binary to build and
//! link instead of one per file (a fresh `cargo test --release` spends most of its time
//! linking). Each module drives the library or the two programs as a user would.

mod common;

mod alloc;
mod analysis;
mod arena;
mod bench;
mod book;
mod book_cli;
mod book_store;
mod cli;
mod config;
mod differential;
mod drill;
mod external_engine;
#[cfg(feature = "failpoints")]
mod faults;
mod game;
mod install;
mod levels;
mod notation;
mod outputs;
mod perft;
mod pgn;
mod pgn_input;
mod plain;
mod play;
mod puzzle;
mod search;
mod session;
mod terminal;
mod train;
mod tui;
mod uci;
mod why;
