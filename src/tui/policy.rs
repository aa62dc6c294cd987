//! When the engine gives up or offers peace: it resigns after three searches in a row
//! that see it hopelessly lost (or mated), offers a draw after three dead-level scores
//! late in the game, and accepts the player's offer when it stands clearly worse.

use crate::search::Score;
use crate::search::resign::{self, Streak};

/// The engine accepts a draw offer when its own score is at most this (centipawns).
pub const DRAW_ACCEPT_CP: i32 = -150;
/// How many level searches in a row it takes to offer a draw (as many as to resign).
const IN_A_ROW: u32 = resign::IN_A_ROW;
/// A draw is offered only after this many half-moves, with a score within this margin.
const DRAW_OFFER_PLY: usize = 80;
const DRAW_OFFER_CP: i32 = 10;

/// What the engine makes of its latest search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Play,
    /// Play the move, and offer a draw.
    PlayAndOfferDraw,
    Resign,
}

/// The engine's mood over the last few moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Policy {
    /// The engine's last search score, from its own side.
    pub score: Option<Score>,
    /// Consecutive searches with a hopeless score.
    pub hopeless: Streak,
    /// Consecutive dead-level scores late in the game.
    pub level: u32,
    /// The engine has offered a draw the player may take with `:draw`.
    pub draw_offered: bool,
}

impl Policy {
    /// Judges a finished search: `score` from the engine's side, `ply` half-moves played,
    /// `resign_pawns` the configured threshold (`None`: never resign).
    pub fn after_search(&mut self, score: Score, ply: usize, resign_pawns: Option<f64>) -> Verdict {
        self.score = Some(score);
        if let Some(pawns) = resign_pawns {
            let cp = (pawns * 100.0).round() as i32;
            if self.hopeless.after_search(score, cp) {
                return Verdict::Resign;
            }
        }
        let level =
            ply >= DRAW_OFFER_PLY && matches!(score, Score::Cp(cp) if cp.abs() <= DRAW_OFFER_CP);
        self.level = if level { self.level + 1 } else { 0 };
        if self.level >= IN_A_ROW && !self.draw_offered {
            self.draw_offered = true;
            return Verdict::PlayAndOfferDraw;
        }
        Verdict::Play
    }

    /// Does the engine take the player's draw offer?
    pub fn accepts_draw(&self) -> bool {
        self.draw_offered
            || matches!(self.score, Some(Score::Cp(cp)) if cp <= DRAW_ACCEPT_CP)
            || matches!(self.score, Some(Score::Mate(n)) if n < 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resigns_after_three_hopeless_searches() {
        let mut p = Policy::default();
        assert_eq!(
            p.after_search(Score::Cp(-1200), 20, Some(9.0)),
            Verdict::Play
        );
        assert_eq!(
            p.after_search(Score::Mate(-3), 22, Some(9.0)),
            Verdict::Play
        );
        assert_eq!(
            p.after_search(Score::Cp(-950), 24, Some(9.0)),
            Verdict::Resign
        );
        let mut never = Policy::default();
        for _ in 0..5 {
            assert_eq!(never.after_search(Score::Mate(-2), 20, None), Verdict::Play);
        }
    }

    #[test]
    fn offers_a_draw_once_late_and_level() {
        let mut p = Policy::default();
        assert_eq!(p.after_search(Score::Cp(5), 90, None), Verdict::Play);
        assert_eq!(p.after_search(Score::Cp(0), 91, None), Verdict::Play);
        assert_eq!(
            p.after_search(Score::Cp(-3), 92, None),
            Verdict::PlayAndOfferDraw
        );
        assert_eq!(p.after_search(Score::Cp(0), 93, None), Verdict::Play);
        assert!(p.accepts_draw());
        let mut q = Policy::default();
        q.after_search(Score::Cp(20), 30, None);
        assert!(!q.accepts_draw());
        q.after_search(Score::Cp(-200), 30, None);
        assert!(q.accepts_draw());
    }
}
