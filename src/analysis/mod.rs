//! Game analysis: the engine's verdict on every move of a game.
//!
//! Every position of the game is searched by the one engine service (through
//! [`Analyser`]). A move is judged by that search of the position before it: the score of
//! the engine's best move against the score of the move played, found by a second search
//! of the same position restricted to that move (`searchmoves`) at the same depth, so both
//! come from the same look at the same position. The two scores are put on lichess's
//! *winning chances* scale ([`winning_chances`]: −1 lost, 0 level, +1 won; a forced mate
//! is ±1), and the move is judged by how much of the mover's chances it gave away: 0.1 an
//! inaccuracy `?!`, 0.2 a mistake `?`, 0.3 a blunder `??` (the `[analysis]` thresholds;
//! these are lichess's, so the marks mean what players know from there). A pawn matters
//! much in a level game and little in a decided one: throwing away three pawns of a
//! nine-pawn lead is no blunder, letting a level game slip to two pawns down is one. A
//! move where both the position before and the position after it are won for the mover
//! (chances 0.9 or more by their own searches) is never marked: the game stays won, and
//! the gap between two deep "winning" scores says more about the search than the move.
//! Moves of known opening theory, those that keep the game in the built-in opening book,
//! are never marked. Each player's *accuracy* ([`accuracy`], lichess's formula) sums the
//! game up in one number from 0 to 100.
//!
//! The parts, from the bottom up:
//! - [`verdict`]: [`Eval`] (an evaluation from White's side, centipawns or mate),
//!   [`PositionEval`] (what the engine says about one position and the move played there),
//!   [`Judgement`] and [`Thresholds`], and the judging of a move ([`review_move`]) and of a
//!   whole game ([`GameAnalysis`]). Nothing there searches;
//! - [`analyser`]: [`AnalysisJob`], a game's analysis in progress that a screen feeds its
//!   own engine's replies to, and [`Analyser`], which runs jobs to the end on an engine
//!   service of its own, blocking;
//! - [`annotate`]: the game written as PGN with `[%eval]` comments, NAGs and the best line
//!   as a variation;
//! - [`batch`]: `huo-chess analyse FILE.pgn`: many games, streamed, with a progress line;
//! - [`missed`]: the opponent's blunders a player did not punish, for puzzles from the
//!   player's own games.

pub mod analyser;
pub mod annotate;
pub mod background;
pub mod batch;
pub mod missed;
pub mod spec;
pub mod verdict;

pub use analyser::{AnalyseError, Analyser, AnalysisJob};
pub use annotate::write_annotated;
pub use spec::{AnalyserSpec, EngineName};
pub use verdict::{
    Eval, GameAnalysis, Judgement, LOGISTIC_K, MATE_VALUE, MoveReview, OUTCOME_LINE, Outcome,
    PositionEval, STILL_WON, Thresholds, accuracy, expected_score, move_accuracy, review_move,
    theory_moves, winning_chances,
};
