//! What the game says happened, typed: a move played and by whom, the engine's thinking,
//! the opening reached, check, the end of the game and why, a hint, a takeback, a
//! question the player must answer, a note. Views draw or print them
//! ([`super::words`] has the words both use); tests read them as they are.

use crate::core::{Color, Move};
use crate::game::Ending;
use crate::level::Level;
use crate::search::Score;
use crate::session::engine::Job;
pub use crate::session::turn::Reason;
use crate::timecontrol::TimeControl;
use crate::why::thought::Thought;
use std::path::PathBuf;
use std::time::Duration;

/// Who played a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// The person at the board.
    Player,
    /// The engine, against the player.
    Engine,
    /// The engine, playing this side while the player watches.
    Watched(Color),
}

/// A question the player answers with [`crate::play::Command::Answer`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Saving to this file would replace another game (or what is not a game).
    Replace { path: PathBuf },
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The game begins: the sides (their names while watching), the level, the clocks.
    Started {
        human: Color,
        level: Level,
        watching: Option<[String; 2]>,
        clock: Option<TimeControl>,
    },
    /// A move was played: by whom, for which side, in SAN, and the clocks after it
    /// (White's, Black's).
    MovePlayed {
        by: By,
        side: Color,
        mv: Move,
        san: String,
        clock: Option<[Duration; 2]>,
        why: Option<Reason>,
    },
    /// A depth of the engine's search (for `job`): its score for White, the principal
    /// variation (and in SAN).
    EngineThinking {
        job: Job,
        depth: u32,
        seldepth: u32,
        score_for_white: Score,
        nodes: u64,
        nps: u64,
        time: Duration,
        pv: Vec<Move>,
        pv_san: Vec<String>,
        /// Watching: whose thinking it is.
        side: Option<Color>,
    },
    /// Where a long search stands: which root move of how many, the nodes so far, the
    /// best move so far (SAN) and its score from the side to move.
    EngineProgress {
        index: usize,
        count: usize,
        nodes: u64,
        best: Option<(String, Score)>,
    },
    /// A line of the engine's own (a classic level's node log, a message).
    EngineLine { text: String },
    /// The book answers (watching: for `side`).
    BookMove {
        mv: Move,
        file: String,
        side: Option<Color>,
    },
    /// The game has reached a named opening.
    Opening { label: String },
    /// The player's own book was left, in these words.
    BookLeft { line: String },
    /// The side to move is in check.
    Check,
    /// The game is over: its result (`1-0`, ...) and why.
    GameOver {
        result: &'static str,
        reason: Ending,
    },
    /// The engine offers a draw (accepted with [`crate::play::Command::OfferDraw`]).
    DrawOffered,
    /// The engine declines the player's draw offer.
    DrawDeclined,
    /// What the engine would play in the player's place, at `level`.
    Hint {
        mv: Move,
        san: String,
        score_for_white: Score,
        level: Level,
        depth: u32,
        nodes: u64,
        stopped: Option<(usize, usize)>,
    },
    /// The engine's evaluation of the position on the board.
    Evaluation(Box<crate::analysis::PositionEval>),
    /// What the engine thought of its move (or of the position on the board).
    Why(Box<Thought>),
    /// Moves were taken back (numbered SAN), the clocks put back (`Some(true)`), kept
    /// (`Some(false)`: set after them), or none; a game that had ended goes on.
    TakenBack {
        moves: Vec<String>,
        clocks: Option<bool>,
        reopened: bool,
    },
    /// The level from now on.
    LevelSet(Level),
    /// The clocks from now on (`None`: off).
    ClockSet(Option<TimeControl>),
    /// The game was written to `path`.
    Saved { path: PathBuf },
    /// A game (`position: false`) or a position was loaded from `path`.
    Loaded { path: PathBuf, position: bool },
    /// The game set aside last is back; `older` more are kept.
    Restored { older: usize },
    /// The clocks of a game brought back (resumed, restored), from its `TimeControl`
    /// tag: both at their base.
    ClocksFromSave(TimeControl),
    /// The engine failed to answer (its move: the first legal one stands in).
    EngineFailed { message: String },
    /// The autosaved game goes on: how many moves it has, its last one (numbered SAN),
    /// the side to move and the player's.
    Resumed {
        moves: usize,
        last: Option<String>,
        to_move: Color,
        human: Color,
    },
    /// The engine plays both sides, named.
    Watching { white: String, black: String },
    /// The player takes over `side` from the engine.
    TookOver { side: Color },
    /// The player now plays `human`.
    SidesSwitched { human: Color },
    /// A question for the player.
    Question(Question),
    /// A note for the player (`alert`: a warning).
    Note { text: String, alert: bool },
    /// The games set aside could not be written (they are kept in memory): why.
    NotKept { text: String },
    /// Something failed; the game is as it was.
    Error { text: String },
}
