//! Chess clocks with an increment (Fischer): the side to move's time runs; pressing the
//! clock after a move charges the time used and adds the increment. The flag-fall rule
//! (who loses, or why it is a draw) is here too, so the screen only asks the clock. How a
//! time control is typed and shown is [`crate::timecontrol`]'s.

use crate::core::{Color, Position};
use crate::game::Ending;
use crate::timecontrol::{BareBase, TimeControl, TimeControlError};
use std::time::{Duration, Instant};

/// Chess clocks with an increment (Fischer): the side to move's time runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    /// What each side starts with and gains a move.
    pub control: TimeControl,
    /// Time left, White then Black, as of `since`.
    pub remaining: [Duration; 2],
    /// When the side to move's time started running (`None`: stopped).
    pub since: Option<Instant>,
    /// The time both sides had when each move since the clocks were set began, oldest
    /// first: a takeback puts them back as they were.
    history: Vec<[Duration; 2]>,
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining: [control.base; 2],
            since: None,
            history: Vec::new(),
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
        self.history.push(self.remaining);
        let left = self.left(mover, mover, now);
        self.remaining[mover.index()] = left + self.control.inc;
        self.since = Some(now);
    }

    /// The clocks a player typed: units as [`crate::timecontrol`] reads them, a bare
    /// base in minutes as players write it (`5+3` is 5 min + 3 s).
    pub fn parse(text: &str) -> Result<Clock, TimeControlError> {
        TimeControl::parse(text, BareBase::Minutes).map(Clock::new)
    }

    /// A clock setting as every place reads it (`--clock`, `:clock`, the clock question):
    /// `off` or `none` for no clocks (`Ok(None)`), else [`Clock::parse`].
    pub fn parse_setting(text: &str) -> Result<Option<Clock>, TimeControlError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "off" | "none" | "no" => Ok(None),
            _ => Clock::parse(text).map(Some),
        }
    }
}

/// `mm:ss` (or `h:mm:ss`); under ten seconds with tenths, `00:09.4`, so a clock living on
/// its increment never reads `00:00` while it still has time.
pub fn format_clock(d: Duration) -> String {
    let s = d.as_secs();
    if s < 10 {
        format!("00:{:02}.{}", s, d.subsec_millis() / 100)
    } else if s >= 3600 {
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

    /// The last `plies` moves are taken back: both sides get the time they had when the
    /// earliest of them began, stopped. `false` (and nothing changed) when the clocks were
    /// set after it, so those times are not known.
    pub fn take_back(&mut self, plies: usize) -> bool {
        let Some(keep) = self.history.len().checked_sub(plies) else {
            return false;
        };
        if plies > 0 {
            self.remaining = self.history[keep];
            self.history.truncate(keep);
        }
        self.since = None;
        true
    }

    /// Can the last `plies` moves be taken back with the clocks as they were before them
    /// (were they timed)?
    pub fn can_take_back(&self, plies: usize) -> bool {
        self.history.len() >= plies
    }

    /// Both sides get their full time again, stopped.
    pub fn reset(&mut self) {
        *self = Clock::new(self.control);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_parse_and_run() {
        let c = Clock::parse("5+3").unwrap();
        assert_eq!(c.control.base, Duration::from_secs(300));
        assert_eq!(c.control.inc, Duration::from_secs(3));
        assert_eq!(c.control.to_string(), "5 min + 3 s");
        assert_eq!(Clock::parse("10s+0.1s").unwrap().control.base.as_secs(), 10);
        assert!(Clock::parse("abc").is_err());
        assert!(Clock::parse("0+1").is_err());
        let mut c = Clock::parse("1+2").unwrap();
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
        // Black moves at t2; taking back both moves gives both their time at t0 again.
        let t2 = t1 + Duration::from_secs(5);
        c.press(Color::Black, t2);
        assert_eq!(
            c.left(Color::Black, Color::White, t2),
            Duration::from_secs(57)
        );
        assert!(!c.take_back(3), "only two moves were timed");
        assert!(c.take_back(2));
        assert_eq!(c.remaining, [Duration::from_secs(60); 2]);
        assert_eq!(c.since, None);
        assert_eq!(format_clock(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(format_clock(Duration::from_secs(65)), "01:05");
        assert_eq!(format_clock(Duration::from_millis(9_460)), "00:09.4");
        assert_eq!(format_clock(Duration::from_millis(80)), "00:00.0");
        assert_eq!(format_clock(Duration::from_secs(10)), "00:10");
    }
}
