//! A puzzle: a position from a game where one side has a winning line, and the moves of
//! that line. It is kept as lichess keeps its puzzles: the position *before* the
//! opponent's last move (the move that makes the chance), then that move, then the
//! solution, the solver's moves alternating with the opponent's forced replies and ending
//! on the solver's move. The solver is the side to move once the first move is played.
//!
//! A puzzle has a strength as a player has one: its Glicko rating and rating deviation,
//! earned against everyone who tried it. Its themes name what the solution uses (`fork`,
//! `mateIn2`, `backRankMate`...), in lichess's words, so that one can train one idea.

use crate::core::{Color, Move, Position};

/// One puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Its name in its collection (lichess's five letters, or ours).
    pub id: String,
    /// The position before the opponent's move.
    pub position: Position,
    /// The opponent's move, then the solution (solver, opponent, ..., solver).
    pub moves: Vec<Move>,
    /// How hard it is, on the Glicko scale (1500 is average).
    pub rating: u16,
    /// How sure that rating is (its Glicko rating deviation).
    pub deviation: u16,
    /// Lichess's votes, from -100 to 100 (0 when unknown).
    pub popularity: i32,
    /// How many times it was tried.
    pub plays: u64,
    /// Its themes, lichess's tags (`fork`, `mateIn2`, `ownGame`).
    pub themes: Vec<String>,
    /// The game it comes from, when known.
    pub game_url: String,
    /// The opening of that game, lichess's tags (`Sicilian_Defense`), often none.
    pub opening_tags: Vec<String>,
}

impl Puzzle {
    /// The side that solves it (the side to move after the opponent's move).
    pub fn solver(&self) -> Color {
        !self.position.turn()
    }

    /// The position the solver sees: after the opponent's move.
    pub fn start(&self) -> Position {
        self.position.after(self.moves[0])
    }

    /// The solver's moves to find.
    pub fn solver_moves(&self) -> usize {
        self.moves.len() / 2
    }

    /// Does it have the theme `name` (lichess's spelling)?
    pub fn has_theme(&self, name: &str) -> bool {
        self.themes.iter().any(|t| t == name)
    }

    /// Its themes as a set of bits ([`theme_bit`]); themes we do not know count for none.
    pub fn theme_mask(&self) -> u64 {
        mask_of(self.themes.iter().map(String::as_str))
    }
}

/// The themes a puzzle may have, lichess's tags and `ownGame` (a puzzle from one of the
/// user's own games): each has a bit in an index's theme mask.
pub const THEMES: [&str; 63] = [
    "advancedPawn",
    "advantage",
    "anastasiaMate",
    "arabianMate",
    "attackingF2F7",
    "attraction",
    "backRankMate",
    "bishopEndgame",
    "bodenMate",
    "capturingDefender",
    "castling",
    "clearance",
    "crushing",
    "defensiveMove",
    "deflection",
    "discoveredAttack",
    "doubleBishopMate",
    "doubleCheck",
    "dovetailMate",
    "enPassant",
    "endgame",
    "equality",
    "exposedKing",
    "fork",
    "hangingPiece",
    "hookMate",
    "interference",
    "intermezzo",
    "killBoxMate",
    "kingsideAttack",
    "knightEndgame",
    "long",
    "master",
    "masterVsMaster",
    "mate",
    "mateIn1",
    "mateIn2",
    "mateIn3",
    "mateIn4",
    "mateIn5",
    "middlegame",
    "oneMove",
    "opening",
    "pawnEndgame",
    "pin",
    "promotion",
    "queenEndgame",
    "queenRookEndgame",
    "queensideAttack",
    "quietMove",
    "rookEndgame",
    "sacrifice",
    "short",
    "skewer",
    "smotheredMate",
    "superGM",
    "trappedPiece",
    "underPromotion",
    "veryLong",
    "vukovicMate",
    "xRayAttack",
    "zugzwang",
    "ownGame",
];

/// The bit of theme `name` in a theme mask, if it is one we know.
pub fn theme_bit(name: &str) -> Option<u64> {
    THEMES.iter().position(|t| *t == name).map(|i| 1u64 << i)
}

/// The mask of the themes `names` (unknown ones count for none).
pub fn mask_of<'a>(names: impl Iterator<Item = &'a str>) -> u64 {
    names.filter_map(theme_bit).fold(0, |m, b| m | b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_has_its_own_bit() {
        let mut seen = 0u64;
        for name in THEMES {
            let bit = theme_bit(name).unwrap();
            assert_eq!(seen & bit, 0, "{name} shares a bit");
            seen |= bit;
        }
        assert_eq!(seen.count_ones() as usize, THEMES.len());
        assert_eq!(theme_bit("notATheme"), None);
        assert_eq!(
            mask_of(["fork", "pin", "bogus"].into_iter()),
            theme_bit("fork").unwrap() | theme_bit("pin").unwrap()
        );
    }
}
