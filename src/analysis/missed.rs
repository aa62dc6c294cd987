//! The chances a player missed: the opponent's blunders the player did not punish, each
//! made into a puzzle from the player's own games ("find what your opponent allowed").
//!
//! A moment qualifies when the analysis marks the opponent's move a blunder (`??`), the
//! player's reply is not the punishment, and the punishment is a puzzle by the same rule as
//! the shipped set's: every move of it the only one that wins, the line ending in mate or
//! winning material ([`crate::tactics::solution`]). The player's reply punished the
//! blunder if it is the line's first move, or if both mate at once.

use super::verdict::{GameAnalysis, Judgement};
use crate::core::{Color, Move, Position};
use crate::game::Game;
use crate::search::Searcher;
use crate::tactics::solution::{Solution, solve};

/// An opponent's blunder the player missed, and how to punish it.
#[derive(Clone, Debug, PartialEq)]
pub struct Missed {
    /// The ply of the blunder in the game.
    pub ply: usize,
    /// The position before the blunder.
    pub before: Position,
    pub blunder: Move,
    /// What the player's reply should have been, and the rest of the line.
    pub solution: Solution,
    /// The reply the player played instead (none if the game ended at the blunder).
    pub played: Option<Move>,
}

/// The opponent's blunders in `game` that the players of `sides` missed, proved to
/// `depth` with `searcher`.
pub fn missed(
    searcher: &mut Searcher,
    game: &Game,
    analysis: &GameAnalysis,
    sides: &[Color],
    depth: u32,
) -> Vec<Missed> {
    let mut out = Vec::new();
    for m in &analysis.moves {
        if sides.contains(&m.mover) || m.judgement != Some(Judgement::Blunder) {
            continue;
        }
        let (Some(&before), Some(_)) = (game.positions().get(m.ply), game.moves().get(m.ply))
        else {
            continue;
        };
        let mut after = Game::from_position(*game.start());
        for &mv in &game.moves()[..=m.ply] {
            if after.play(mv).is_err() {
                return out;
            }
        }
        if !sides.contains(&after.position().turn()) || after.outcome().is_some() {
            continue;
        }
        let played = game.moves().get(m.ply + 1).copied();
        let Some(solution) = solve(searcher, &before, m.mv, &after, depth) else {
            continue;
        };
        let first = solution.line[0];
        let mates = |mv: Move| after.position().after(mv).is_checkmate();
        let found = played.is_some_and(|p| p == first || (mates(first) && mates(p)));
        if !found {
            out.push(Missed {
                ply: m.ply,
                before,
                blunder: m.mv,
                solution,
                played,
            });
        }
    }
    out
}
