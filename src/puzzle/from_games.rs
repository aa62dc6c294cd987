//! Puzzles from the user's own games: the opponent's blunders the user did not punish
//! ([`crate::analysis::missed`]), each made a puzzle like the shipped ones, themed,
//! rated on the ladder and marked `ownGame` ("find what your opponent allowed").

use super::record::Puzzle;
use crate::analysis::GameAnalysis;
use crate::analysis::missed::missed;
use crate::core::Color;
use crate::game::Game;
use crate::search::Searcher;
use crate::tactics::{difficulty, themes};

/// How deeply each puzzle is proved: as deeply as the shipped set's.
pub const DEPTH: u32 = 18;
/// Tries of each level when a puzzle is rated.
pub const TRIES: u32 = 3;
/// The theme every puzzle from the user's games has.
pub const OWN_GAME: &str = "ownGame";
/// The rating deviation written: about the gap between two rungs of the ladder.
const DEVIATION: u16 = 100;

/// The puzzles `game` (analysed) holds for the players of `sides`: the opponent's
/// blunders they missed. `url` is where the game can be found (its `Site`, if a link).
pub fn puzzles_of(
    searcher: &mut Searcher,
    game: &Game,
    analysis: &GameAnalysis,
    sides: &[Color],
    url: &str,
) -> Vec<Puzzle> {
    missed(searcher, game, analysis, sides, DEPTH)
        .into_iter()
        .map(|m| {
            let after = m.before.after(m.blunder);
            let mut start = Game::from_position(m.before);
            // The blunder was legal where the game played it.
            let _ = start.play(m.blunder);
            let seed = m.before.key() ^ u64::from(m.blunder.to_u16());
            let (rating, _) = difficulty::rate(searcher, &start, &m.solution.line, TRIES, seed);
            let mut tags = themes::themes(&after, &m.solution.line, m.solution.score);
            tags.push(OWN_GAME.to_string());
            let mut moves = vec![m.blunder];
            moves.extend(&m.solution.line);
            Puzzle {
                id: format!("own{:012x}", seed & 0xffff_ffff_ffff),
                position: m.before,
                moves,
                rating: rating.min(u32::from(u16::MAX)) as u16,
                deviation: DEVIATION,
                popularity: 0,
                plays: 0,
                themes: tags,
                game_url: if url.starts_with("http") && !url.contains(',') {
                    url.to_string()
                } else {
                    String::new()
                },
                opening_tags: Vec::new(),
            }
        })
        .collect()
}
