//! What a view asks of the game: the player's move, a takeback, a hint, "why?", the
//! ways out of a game (resign, a draw offer, a new game, another game loaded), the level
//! and the clocks, saving, watching the engine play itself. A view reads keys or lines;
//! the controller reads only these.

use crate::core::{Move, Position};
use crate::level::Level;
use crate::player::Player;
use crate::timecontrol::TimeControl;
use std::path::PathBuf;

/// One thing asked of the game.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// The player's move (for the side to move: watching, the player takes that side).
    Play(Move),
    /// Takes back the player's last move and the engine's answer.
    TakeBack,
    /// What the engine would play in the player's place.
    Hint,
    /// Why the engine played its last move (a weak level's: beside what the full
    /// strength would play); with `board`, or before it has moved, what it thinks of the
    /// position on the board.
    Why { board: bool },
    /// The engine's evaluation of the position on the board (a short search at full
    /// strength).
    Eval,
    /// The player gives up the game.
    Resign,
    /// The player offers a draw: the engine's draw policy answers.
    OfferDraw,
    /// The engine plays at this level from its next move on.
    SetLevel(Level),
    /// The game is timed by this control from now on, both clocks at its base (`None`:
    /// no clocks).
    SetClock(Option<TimeControl>),
    /// A new game from this position (the initial one without), same sides and level; the
    /// game in progress is set aside (`Restore` brings it back).
    New(Option<Position>),
    /// Another game from a PGN or FEN file; the game in progress is set aside.
    Load(PathBuf),
    /// The game written to a PGN file. A file that holds another game is replaced only
    /// after a yes ([`Command::Answer`]).
    Save(PathBuf),
    /// Brings back the game set aside last (the one on the board is set aside in turn).
    Restore,
    /// Watching on or off: `None` starts the engine playing both sides (at the game's
    /// level), or, while it does, hands the player the side to move; `Some` starts it
    /// with each side its own player.
    Watch(Option<Box<[Player; 2]>>),
    /// The player takes the other colour.
    SwitchSides,
    /// The engine answers at once with its best move so far.
    MoveNow,
    /// The answer to the question asked last ([`crate::play::Event::Question`]).
    Answer(bool),
}
