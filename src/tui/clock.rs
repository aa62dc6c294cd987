//! Chess clocks with an increment (Fischer): the side to move's time runs; pressing the
//! clock after a move charges the time used and adds the increment. The flag-fall rule
//! (who loses, or why it is a draw) is here too, so the screen only asks the clock.

use crate::core::{Color, Position};
use crate::game::Ending;
use std::time::{Duration, Instant};

/// Chess clocks with an increment (Fischer): the side to move's time runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    pub base: Duration,
    pub inc: Duration,
    /// Time left, White then Black, as of `since`.
    pub remaining: [Duration; 2],
    /// When the side to move's time started running (`None`: stopped).
    pub since: Option<Instant>,
}

impl Clock {
    pub fn new(base: Duration, inc: Duration) -> Clock {
        Clock {
            base,
            inc,
            remaining: [base, base],
            since: None,
        }
    }

    /// Time left for `side` at `now`, `to_move` being the side whose time runs.
    pub fn left(&self, side: Color, to_move: Color, now: Instant) -> Duration {
        let r = self.remaining[side.index()];
        match self.since {
            Some(t) if side == to_move => r.saturating_sub(now.saturating_duration_since(t)),
            _ => r,
        }
    }

    /// `mover` has moved at `now`: its time is charged, the increment added, and the
    /// other side's time starts.
    pub fn press(&mut self, mover: Color, now: Instant) {
        let left = self.left(mover, mover, now);
        self.remaining[mover.index()] = left + self.inc;
        self.since = Some(now);
    }

    /// `5+3` (minutes + seconds increment), `5` or `0.5+1`.
    pub fn parse(text: &str) -> Option<Clock> {
        let (m, s) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let m: f64 = m.trim().parse().ok()?;
        let s: f64 = s.trim().parse().ok()?;
        if !(m > 0.0 && m <= 600.0 && (0.0..=600.0).contains(&s)) {
            return None;
        }
        Some(Clock::new(
            Duration::from_secs_f64(m * 60.0),
            Duration::from_secs_f64(s),
        ))
    }

    /// `5+3` again.
    pub fn describe(&self) -> String {
        let m = self.base.as_secs_f64() / 60.0;
        format!("{}+{}", trim_float(m), trim_float(self.inc.as_secs_f64()))
    }
}

fn trim_float(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `mm:ss` (or `h:mm:ss`).
pub fn format_clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

impl Clock {
    /// Has the side to move run out of time at `now`? Then the game ends: a loss, or a
    /// draw when the other side has no mating material (a bare king, or king and one
    /// minor piece).
    pub fn flag_fall(&self, pos: &Position, now: Instant) -> Option<Ending> {
        let turn = pos.turn();
        if self.since.is_none() || !self.left(turn, turn, now).is_zero() {
            return None;
        }
        Some(Ending::flag_fall(pos, turn))
    }

    /// Stops both clocks at `now` (the game is over), keeping the time left.
    pub fn halt(&mut self, turn: Color, now: Instant) {
        self.remaining[turn.index()] = self.left(turn, turn, now);
        self.since = None;
    }

    /// Both sides get their full time again, stopped.
    pub fn reset(&mut self) {
        *self = Clock::new(self.base, self.inc);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_parse_and_run() {
        let c = Clock::parse("5+3").unwrap();
        assert_eq!(c.base, Duration::from_secs(300));
        assert_eq!(c.inc, Duration::from_secs(3));
        assert_eq!(c.describe(), "5+3");
        assert!(Clock::parse("abc").is_none());
        assert!(Clock::parse("0+1").is_none());
        let mut c = Clock::new(Duration::from_secs(60), Duration::from_secs(2));
        let t0 = Instant::now();
        c.since = Some(t0);
        let t1 = t0 + Duration::from_secs(10);
        assert_eq!(
            c.left(Color::White, Color::White, t1),
            Duration::from_secs(50)
        );
        assert_eq!(
            c.left(Color::Black, Color::White, t1),
            Duration::from_secs(60)
        );
        c.press(Color::White, t1);
        assert_eq!(c.remaining[0], Duration::from_secs(52));
        assert_eq!(format_clock(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(format_clock(Duration::from_secs(65)), "01:05");
    }
}
