//! Playing a game, apart from any screen: how the game screen and plain mode talk to the
//! engine. A game of chess against a program is a conversation in turns: the player moves,
//! the clock is pressed, the program thinks (its book first, then its search), decides
//! (play on, offer a draw, or resign, as a player of its level would) and answers. The
//! [`Controller`] holds that conversation: it owns the game session (moves, sides, level,
//! clocks, where games are kept) and the link to the engine, takes [`Command`]s (a move,
//! a takeback, a hint, resign, a new game, save and load, ...) and the time, and tells
//! what happened as typed [`Event`]s. A view only turns its input into commands and its
//! events into pictures or lines: the screen and plain mode are two views of one game.
//!
//! - [`commands`]: what a view asks of the game.
//! - [`events`]: what the game says happened, typed.
//! - [`words`]: those events in the words both views print and log.
//! - [`setup`]: the engine's settings, the book policy and the resign, draw and pause
//!   policies, each built from the configuration in one place.
//! - [`controller`]: the game flow itself.
//! - [`keeping`]: where the game is kept: new games, loading, saving, the autosave.
//! - [`exit`]: keeping the game when the program ends, the same way for every view.
//! - [`flags`]: the game's command-line flags, checked before a view opens.
//! - [`log`]: the game's log (and the log file), as the views show it.
//! - [`table`]: the conversation around the game (questions, `:` commands, notes, saving):
//!   the one state both views show.

pub mod commands;
pub mod controller;
pub mod events;
pub mod exit;
pub mod flags;
pub mod keeping;
pub mod log;
pub mod setup;
pub mod table;
pub mod words;

pub use commands::Command;
pub use controller::Controller;
pub use events::{By, Event, Question, Reason};
pub use table::{Cue, Said, Table};
