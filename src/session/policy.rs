//! When the engine gives up or offers peace, as a player of its level would: it resigns
//! after three searches in a row that see it hopelessly lost (or mated), unless it is a
//! weak level, which plays on to the mate; it offers a draw only when the position calls
//! for one (three dead-level scores late in the game, in an ending neither side can
//! hope to win); and it accepts the player's offer when it stands clearly worse, or when
//! the position is such a dead draw.

use crate::core::{Color, Position, Role};
use crate::level::Level;
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
    /// Is the position of the last search a dead draw (see [`dead_drawn`])?
    pub drawn: bool,
    /// Consecutive searches with a hopeless score.
    pub hopeless: Streak,
    /// Consecutive dead-level scores late in the game.
    pub level: u32,
    /// The engine has offered a draw the player may take with `:draw`.
    pub draw_offered: bool,
}

impl Policy {
    /// Judges a finished search of `pos` by the engine playing at `level`: `score` from
    /// the engine's side, `ply` half-moves played, `resign_pawns` the configured threshold
    /// (`None`: never resign).
    pub fn after_search(
        &mut self,
        score: Score,
        pos: &Position,
        ply: usize,
        resign_pawns: Option<f64>,
        level: Level,
    ) -> Verdict {
        self.score = Some(score);
        self.drawn = dead_drawn(pos);
        if let Some(pawns) = resign_pawns.filter(|_| !level.is_weak()) {
            let cp = (pawns * 100.0).round() as i32;
            if self.hopeless.after_search(score, cp) {
                return Verdict::Resign;
            }
        }
        let level = self.drawn
            && ply >= DRAW_OFFER_PLY
            && matches!(score, Score::Cp(cp) if cp.abs() <= DRAW_OFFER_CP);
        self.level = if level { self.level + 1 } else { 0 };
        if self.level >= IN_A_ROW && !self.draw_offered {
            self.draw_offered = true;
            return Verdict::PlayAndOfferDraw;
        }
        Verdict::Play
    }

    /// Does the engine take the player's draw offer? When it offered one itself, when it
    /// stands clearly worse (or is mated), or when the position is a dead draw and its
    /// score says so.
    pub fn accepts_draw(&self) -> bool {
        self.draw_offered
            || matches!(self.score, Some(Score::Cp(cp)) if cp <= DRAW_ACCEPT_CP)
            || matches!(self.score, Some(Score::Mate(n)) if n < 0)
            || self.drawn && matches!(self.score, Some(Score::Cp(cp)) if cp.abs() <= DRAW_OFFER_CP)
    }
}

/// Does the position call for a draw: an ending in which neither side can hope to win?
/// No queens; each side with the same pieces besides pawns (at most a rook and a minor
/// piece), and pawns even or one apart; or bishops of opposite colours alone, two pawns
/// apart at most (each bishop guards squares the other can never contest).
pub fn dead_drawn(pos: &Position) -> bool {
    if pos.by_role(Role::Queen).any() {
        return false;
    }
    let count = |c: Color, r: Role| pos.pieces(c, r).count();
    let pawns = count(Color::White, Role::Pawn).abs_diff(count(Color::Black, Role::Pawn));
    let minors = |c: Color| count(c, Role::Knight) + count(c, Role::Bishop);
    let rooks = |c: Color| count(c, Role::Rook);
    let same = minors(Color::White) == minors(Color::Black)
        && rooks(Color::White) == rooks(Color::Black)
        && rooks(Color::White) <= 1
        && minors(Color::White) <= 1;
    let bishops = pos.by_role(Role::Bishop);
    let opposite_bishops = bishops.count() == 2
        && count(Color::White, Role::Bishop) == 1
        && bishops.into_iter().filter(|sq| sq.is_light()).count() == 1
        && (pos.by_role(Role::Knight) | pos.by_role(Role::Rook)).is_empty();
    same && pawns <= 1 || opposite_bishops && pawns <= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    /// A rook ending, pawns even: a dead draw.
    const ROOKS: &str = "3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn resigns_after_three_hopeless_searches_unless_weak() {
        let mut p = Policy::default();
        let (start, l7) = (pos(START), Level::Modern(7));
        assert_eq!(
            p.after_search(Score::Cp(-1200), &start, 20, Some(9.0), l7),
            Verdict::Play
        );
        assert_eq!(
            p.after_search(Score::Mate(-3), &start, 22, Some(9.0), l7),
            Verdict::Play
        );
        assert_eq!(
            p.after_search(Score::Cp(-950), &start, 24, Some(9.0), l7),
            Verdict::Resign
        );
        let mut never = Policy::default();
        for _ in 0..5 {
            assert_eq!(
                never.after_search(Score::Mate(-2), &start, 20, None, l7),
                Verdict::Play
            );
        }
        // A weak level plays on to the mate, whatever it thinks of its game.
        let mut weak = Policy::default();
        for _ in 0..5 {
            assert_eq!(
                weak.after_search(Score::Mate(-2), &start, 20, Some(9.0), Level::Modern(3)),
                Verdict::Play
            );
        }
    }

    #[test]
    fn offers_a_draw_once_late_level_and_dead_drawn() {
        let mut p = Policy::default();
        let (rooks, l5) = (pos(ROOKS), Level::Modern(5));
        assert_eq!(
            p.after_search(Score::Cp(5), &rooks, 90, None, l5),
            Verdict::Play
        );
        assert_eq!(
            p.after_search(Score::Cp(0), &rooks, 91, None, l5),
            Verdict::Play
        );
        assert_eq!(
            p.after_search(Score::Cp(-3), &rooks, 92, None, l5),
            Verdict::PlayAndOfferDraw
        );
        assert_eq!(
            p.after_search(Score::Cp(0), &rooks, 93, None, l5),
            Verdict::Play
        );
        assert!(p.accepts_draw());
        // Level scores with queens on the board call for no draw: play on.
        let mut q = Policy::default();
        let start = pos(START);
        for ply in 90..96 {
            assert_eq!(
                q.after_search(Score::Cp(0), &start, ply, None, l5),
                Verdict::Play
            );
        }
        assert!(!q.accepts_draw());
        // Clearly worse, a draw is welcome anywhere; a dead draw is taken at once.
        q.after_search(Score::Cp(-200), &start, 30, None, l5);
        assert!(q.accepts_draw());
        let mut r = Policy::default();
        r.after_search(Score::Cp(3), &rooks, 30, None, l5);
        assert!(r.accepts_draw());
        r.after_search(Score::Cp(80), &rooks, 31, None, l5);
        assert!(!r.accepts_draw(), "a pawn up in a rook ending: play on");
    }

    #[test]
    fn dead_draws_are_endings_without_hope() {
        for (fen, drawn) in [
            (ROOKS, true),
            ("4k3/8/3b4/4p3/4P3/2B5/8/4K3 w - - 0 1", true),
            ("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1", true),
            (START, false),
            // A rook against a bishop, or two pawns more: no.
            ("3r2k1/5ppp/8/8/8/8/5PPP/3B2K1 w - - 0 1", false),
            ("3r2k1/7p/8/8/8/8/5PPP/3R2K1 w - - 0 1", false),
            ("3q2k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1", false),
        ] {
            assert_eq!(dead_drawn(&pos(fen)), drawn, "{fen}");
        }
    }
}
