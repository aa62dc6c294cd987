//! # Huo Chess
//!
//! A retro, 8-bit style chess program in the spirit of Spiros Kakos' Huo Chess: a small,
//! readable engine whose every part is meant to be studied.
//!
//! - [`core`]: the rules: squares, pieces, positions (FEN), legal moves, Zobrist/Polyglot
//!   keys, notations (UCI, SAN, the Huo coordinates `c2c4`) and perft.
//! - [`game`]: a game in progress: its moves, undo, and the ways it can end.

pub mod book;
pub mod config;
pub mod core;
pub mod eval;
pub mod game;
pub mod level;
pub mod logfile;
pub mod pgn;
pub mod search;
pub mod tui;
pub mod uci;
pub mod util;

pub use crate::core::{Color, Move, Piece, Position, Role, Square};
pub use crate::game::{Game, Outcome};
