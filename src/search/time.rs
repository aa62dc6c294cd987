//! Time management: how long to think about this move.
//!
//! With a fixed `movetime` the answer is given. With a clock we spend a slice of what is
//! left: the remaining time divided by the moves still to play before the next control
//! (or about 30 when the whole game must be played in the time), plus most of the
//! increment. That slice is the *soft* limit: no new iteration starts once most of it is
//! used, because an unfinished iteration is wasted. The search stretches or shrinks it as
//! it goes: a best move that keeps changing, or a score that falls, deserves more thought;
//! a move that stayed best iteration after iteration, or that took nearly all the nodes
//! (the other moves were refuted at once), less. The *hard* limit, a few slices
//! but never near the whole clock, stops the search in the middle of an iteration.

use super::types::Limits;
use crate::core::Color;
use std::time::{Duration, Instant};

/// Kept back from every clock for the time the GUI and the operating system take.
const OVERHEAD: Duration = Duration::from_millis(30);
/// With no `movestogo`, the clock is shared as if this many moves were still to play.
/// The true number is larger, but the increments and the quick recaptures and forced
/// moves of a real game pay for the difference, so the early moves, which shape the
/// game, get more.
const HORIZON_MOVES: u32 = 22;
/// The share of each increment spent on the move it arrives with (per mille).
const INC_SHARE: u32 = 750;
/// The hard limit: this many soft slices, ...
const HARD_SLICES: u32 = 4;
/// ... but never more than this share of the clock (per mille), ...
const MAX_SHARE: u32 = 333;
/// ... or of the last clock before the next time control, this share (per mille).
const LAST_MOVE_SHARE: u32 = 900;

/// How long this one search may think, read from the clocks it was given: not a time
/// control (what the clocks start with, [`crate::timecontrol::TimeControl`]) but the share
/// of what is left on them that this move may spend.
#[derive(Clone, Copy, Debug)]
pub struct TimeBudget {
    pub start: Instant,
    /// Do not start another iteration after this.
    pub soft: Option<Duration>,
    /// Stop now, whatever the search is doing.
    pub hard: Option<Duration>,
}

impl TimeBudget {
    /// The budget for a search by `side` under `limits`.
    pub fn new(limits: &Limits, side: Color) -> TimeBudget {
        let start = Instant::now();
        if limits.infinite {
            return TimeBudget {
                start,
                soft: None,
                hard: None,
            };
        }
        if let Some(mt) = limits.movetime {
            let t = mt
                .saturating_sub(OVERHEAD / 3)
                .max(Duration::from_millis(1));
            return TimeBudget {
                start,
                soft: Some(t),
                hard: Some(t),
            };
        }
        let (left, inc) = match side {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        let Some(left) = left else {
            return TimeBudget {
                start,
                soft: None,
                hard: None,
            };
        };
        let inc = inc.unwrap_or_default();
        let usable = left.saturating_sub(OVERHEAD).max(Duration::from_millis(1));
        // `movestogo 0` (no control ahead) is read as no `movestogo` at all, never as the
        // last move before a control, which may spend most of the clock.
        let moves = limits
            .movestogo
            .filter(|&n| n > 0)
            .unwrap_or(HORIZON_MOVES)
            .clamp(1, 50);
        let slice = usable / moves + inc * INC_SHARE / 1000;
        let cap = if moves == 1 {
            usable * LAST_MOVE_SHARE / 1000
        } else {
            usable * MAX_SHARE / 1000
        };
        let soft = slice.min(cap);
        let hard = (slice * HARD_SLICES).min(cap).max(soft);
        TimeBudget {
            start,
            soft: Some(soft),
            hard: Some(hard),
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Is there time to start another iteration, with the soft limit scaled by `scale`
    /// (see [`soft_scale`])?
    pub fn may_deepen(&self, scale: f64) -> bool {
        self.soft
            .is_none_or(|s| self.elapsed() < s.mul_f64(scale).min(self.hard.unwrap_or(s)))
    }

    /// Must the search stop now?
    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }
}

/// How much of the soft limit to use, from how the search is going: `stable` is how many
/// iterations in a row kept the same best move, `drop` how many centipawns the score fell
/// since the last iteration (negative when it rose).
pub fn soft_scale(stable: u32, drop: i32) -> f64 {
    const STABILITY: [f64; 6] = [1.6, 1.25, 1.0, 0.85, 0.75, 0.65];
    let stability = STABILITY[(stable as usize).min(STABILITY.len() - 1)];
    let worry = (1.0 + drop.max(0) as f64 / 150.0).min(1.6);
    stability * worry
}

/// How much of the soft limit to use, from the share of the search's nodes spent below the
/// best move: when nearly all the effort went into it (the other moves were refuted at
/// once), the choice is clear; when the others took most of it, they were hard to refute
/// and the choice may still change.
pub fn effort_scale(on_best: u64, total: u64) -> f64 {
    if total == 0 {
        return 1.0;
    }
    let share = on_best as f64 / total as f64;
    (EFFORT_BASE - share) * EFFORT_FACTOR
}

/// See [`effort_scale`]: the scale is `(EFFORT_BASE − share) × EFFORT_FACTOR`, 0.81 when
/// the best move took 90% of the nodes, 1.35 when it took half.
const EFFORT_BASE: f64 = 1.5;
/// See [`EFFORT_BASE`].
const EFFORT_FACTOR: f64 = 1.35;
/// From this depth on, the time management weighs how much of the effort the best move
/// took (shallower iterations are too few nodes to tell).
pub const EFFORT_MIN_DEPTH: u32 = 7;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_plans_to_use_the_whole_clock() {
        let limits = Limits {
            wtime: Some(Duration::from_millis(1000)),
            winc: Some(Duration::from_millis(600)),
            ..Limits::default()
        };
        let budget = TimeBudget::new(&limits, Color::White);
        assert!(budget.hard.unwrap() < Duration::from_millis(400));
        assert!(budget.soft.unwrap() <= budget.hard.unwrap());
    }

    #[test]
    fn an_unsettled_search_thinks_longer_than_a_settled_one() {
        assert!(soft_scale(0, 0) > soft_scale(5, 0));
        assert!(soft_scale(3, 80) > soft_scale(3, 0));
        assert_eq!(soft_scale(3, -50), soft_scale(3, 0));
    }

    #[test]
    fn a_best_move_that_took_most_of_the_effort_ends_the_search_sooner() {
        assert!(effort_scale(90, 100) < 1.0);
        assert!(effort_scale(30, 100) > 1.0);
        assert!(effort_scale(50, 100) > effort_scale(70, 100));
        // Nothing searched yet: no opinion.
        assert_eq!(effort_scale(0, 0), 1.0);
    }

    fn ms(d: Option<Duration>) -> f64 {
        d.unwrap().as_secs_f64() * 1000.0
    }

    #[test]
    fn movetime_is_spent_whole_but_a_little_for_the_gui() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(500)),
            ..Limits::default()
        };
        let budget = TimeBudget::new(&limits, Color::Black);
        // 500 ms less a third of the 30 ms overhead, as both limits.
        assert_eq!(budget.soft, Some(Duration::from_millis(490)));
        assert_eq!(budget.hard, Some(Duration::from_millis(490)));
        let tiny = Limits {
            movetime: Some(Duration::from_millis(1)),
            ..Limits::default()
        };
        assert_eq!(
            TimeBudget::new(&tiny, Color::White).hard,
            Some(Duration::from_millis(1))
        );
    }

    #[test]
    fn a_clock_is_shared_over_the_moves_to_come() {
        let limits = Limits {
            wtime: Some(Duration::from_secs(60)),
            winc: Some(Duration::from_secs(1)),
            btime: Some(Duration::from_secs(6)),
            ..Limits::default()
        };
        // White: 59.97 s usable over 22 moves, plus three quarters of the increment; the
        // hard limit four such slices (below a third of the clock).
        let white = TimeBudget::new(&limits, Color::White);
        assert!(
            (ms(white.soft) - (59_970.0 / 22.0 + 750.0)).abs() < 0.01,
            "{white:?}"
        );
        assert!(
            (ms(white.hard) - 4.0 * ms(white.soft)).abs() < 0.01,
            "{white:?}"
        );
        // Black reads its own clock: 5.97 s over 22 moves, no increment; four slices.
        let black = TimeBudget::new(&limits, Color::Black);
        assert!((ms(black.soft) - 5_970.0 / 22.0).abs() < 0.01, "{black:?}");
        assert!(
            (ms(black.hard) - 4.0 * 5_970.0 / 22.0).abs() < 0.01,
            "{black:?}"
        );
        // The last move before the control may use most of what is left, never all of it.
        let last = Limits {
            wtime: Some(Duration::from_secs(10)),
            movestogo: Some(1),
            ..Limits::default()
        };
        let budget = TimeBudget::new(&last, Color::White);
        assert!((ms(budget.soft) - 9_970.0 * 0.9).abs() < 0.01, "{budget:?}");
        assert_eq!(budget.hard, budget.soft);
        // `movestogo 0` (no control ahead) shares the clock as with no movestogo, never
        // as the last move before a control.
        let zero = Limits {
            movestogo: Some(0),
            ..last.clone()
        };
        let unsaid = Limits {
            movestogo: None,
            ..last.clone()
        };
        let (zero, unsaid) = (
            TimeBudget::new(&zero, Color::White),
            TimeBudget::new(&unsaid, Color::White),
        );
        assert_eq!((zero.soft, zero.hard), (unsaid.soft, unsaid.hard));
        assert!((ms(zero.soft) - 9_970.0 / 22.0).abs() < 0.01, "{zero:?}");
        // No clock for the side to move: no limit.
        let none = TimeBudget::new(&Limits::default(), Color::White);
        assert_eq!((none.soft, none.hard), (None, None));
    }
}
