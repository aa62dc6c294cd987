//! A time control: what each side's clock starts with and what it gains after every move
//! (the Fischer increment), read from what a player types and written back. The one
//! reader for every place a clock is typed: the game's `--clock`, `:clock` and first-start
//! question, and `huo-chess match --tc`.
//!
//! Units may always be written: `5m+3s`, `10s+0.1s`, `1h`, `1m30s+2s`, `90 s + 500 ms`
//! (`h`, `m`/`min`, `s`/`sec`, `ms`). A bare `5+3` means one thing wherever it is taken:
//! 5 minutes + 3 seconds (a bare base counts minutes, a bare increment seconds). A match
//! takes units only ([`BareBase::Refused`]), where engine testers' `10+0.1` would mean
//! seconds. Whatever was read is shown back in words ([`TimeControl`]'s `Display`).

use std::fmt;
use std::time::Duration;

/// A clock for each side: `base` for the game, plus `inc` after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: Duration,
    pub inc: Duration,
}

/// What a number written without a unit means where it is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BareBase {
    /// The game's clocks: `5+3` is 5 min + 3 s.
    Minutes,
    /// A match's clocks: every number needs its unit (`10s+0.1s`, `5m+3s`).
    Refused,
}

/// A game longer than a day, or an increment longer than an hour, is a typo.
pub const MAX_BASE: Duration = Duration::from_secs(24 * 3600);
pub const MAX_INC: Duration = Duration::from_secs(3600);

impl TimeControl {
    /// Reads `BASE[+INCREMENT]` (see the module docs); the error says what is wrong and
    /// shows the forms that work.
    pub fn parse(text: &str, bare: BareBase) -> Result<TimeControl, String> {
        let example = || match bare {
            BareBase::Minutes => "write BASE+INCREMENT, e.g. 5+3 (5 min + 3 s), 5m+3s, \
                                  10s+0.1s or 90s"
                .to_string(),
            BareBase::Refused => "write each number with its unit, e.g. 10s+0.1s \
                                  (10 seconds + 0.1 s) or 5m+3s (5 minutes + 3 s)"
                .to_string(),
        };
        let negative = text.trim_start().strip_prefix('-');
        if negative.is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit() || c == '.')) {
            return Err(format!(
                "'{text}': a negative time: a clock needs time to run, {}",
                example()
            ));
        }
        let mut parts = text.split('+');
        let base_text = parts.next().unwrap_or_default();
        let inc_text = parts.next();
        if parts.next().is_some() {
            return Err(format!("'{text}': one '+' at most: {}", example()));
        }
        let (base_unit, inc_unit) = match bare {
            BareBase::Minutes => (Some(60.0), Some(1.0)),
            BareBase::Refused => (None, None),
        };
        let base = amount(base_text, base_unit)
            .map_err(|e| format!("'{text}': the base {e}: {}", example()))?;
        let inc = match inc_text {
            Some(t) => amount(t, inc_unit)
                .map_err(|e| format!("'{text}': the increment {e}: {}", example()))?,
            None => Duration::ZERO,
        };
        if base < Duration::from_millis(1) {
            return Err(format!(
                "'{text}': the base must be more than 0 (at least 1 ms): {}",
                example()
            ));
        }
        if base > MAX_BASE || inc > MAX_INC {
            return Err(format!(
                "'{text}': at most a day for the base and an hour for the increment"
            ));
        }
        Ok(TimeControl { base, inc })
    }

    /// Reads a PGN `TimeControl` tag as [`TimeControl::pgn_tag`] writes it (`300+3`:
    /// seconds); `None` for `-`, `?`, several periods or anything out of range.
    pub fn from_pgn_tag(tag: &str) -> Option<TimeControl> {
        let (base, inc) = tag.trim().split_once('+').unwrap_or((tag.trim(), "0"));
        let secs = |t: &str| {
            let x: f64 = t.parse().ok()?;
            (x.is_finite() && x >= 0.0).then(|| Duration::from_secs_f64(x))
        };
        let (base, inc) = (secs(base)?, secs(inc)?);
        (base >= Duration::from_millis(1) && base <= MAX_BASE && inc <= MAX_INC)
            .then_some(TimeControl { base, inc })
    }

    /// The PGN `TimeControl` tag: seconds, `300+3`, `10+0.1`.
    pub fn pgn_tag(&self) -> String {
        format!(
            "{}+{}",
            seconds(self.base.as_secs_f64()),
            seconds(self.inc.as_secs_f64())
        )
    }
}

impl fmt::Display for TimeControl {
    /// `5 min + 3 s`, `10 s + 0.1 s`, `1 min 30 s + 0 s`: readable, and read back the same.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.base.as_secs_f64();
        let minutes = (total / 60.0).floor();
        let rest = total - minutes * 60.0;
        if minutes < 1.0 {
            write!(f, "{} s", seconds(total))?;
        } else if rest < 0.0005 {
            write!(f, "{minutes} min")?;
        } else {
            write!(f, "{minutes} min {} s", seconds(rest))?;
        }
        write!(f, " + {} s", seconds(self.inc.as_secs_f64()))
    }
}

/// Seconds with at most three decimals, trailing zeros dropped: `3`, `0.1`, `0.05`.
fn seconds(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One side of the `+`: a bare number (counted in `bare_unit` seconds; refused when `None`),
/// or numbers each with its unit (`1m30s`, `90 s`). The error completes "the base …".
fn amount(text: &str, bare_unit: Option<f64>) -> Result<Duration, String> {
    let mut rest = text.trim();
    if rest.is_empty() {
        return Err("is missing".into());
    }
    let mut total = 0.0;
    let mut terms = 0;
    let mut bare = false;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number: f64 = rest[..digits]
            .parse()
            .map_err(|_| format!("'{}' is not a number of time", text.trim()))?;
        rest = rest[digits..].trim_start();
        let letters = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let unit = match rest[..letters].to_ascii_lowercase().as_str() {
            "" => {
                bare = true;
                bare_unit
                    .ok_or_else(|| format!("'{}' needs a unit (h, m, s or ms)", text.trim()))?
            }
            "h" => 3600.0,
            "m" | "min" | "mins" => 60.0,
            "s" | "sec" | "secs" => 1.0,
            "ms" => 0.001,
            other => {
                return Err(format!(
                    "has the unknown unit '{other}' (h, m or min, s, ms)"
                ));
            }
        };
        rest = rest[letters..].trim_start();
        total += number * unit;
        terms += 1;
        if bare && terms > 1 {
            return Err(format!("'{}' needs a unit after each number", text.trim()));
        }
    }
    if !total.is_finite() || total > MAX_BASE.as_secs_f64() {
        return Err(format!("'{}' is longer than a day", text.trim()));
    }
    Ok(Duration::from_secs_f64(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(base_ms: u64, inc_ms: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_millis(base_ms),
            inc: Duration::from_millis(inc_ms),
        }
    }

    #[test]
    fn units_read_the_same_everywhere_and_a_bare_base_keeps_its_place() {
        use BareBase::*;
        for bare in [Minutes, Refused] {
            assert_eq!(TimeControl::parse("5m+3s", bare), Ok(tc(300_000, 3000)));
            assert_eq!(TimeControl::parse("10s+0.1s", bare), Ok(tc(10_000, 100)));
            assert_eq!(
                TimeControl::parse("1m30s + 500ms", bare),
                Ok(tc(90_000, 500))
            );
            assert_eq!(TimeControl::parse("1h", bare), Ok(tc(3_600_000, 0)));
            assert_eq!(
                TimeControl::parse(" 2 MIN + 1s ", bare),
                Ok(tc(120_000, 1000))
            );
        }
        assert_eq!(TimeControl::parse("5+3", Minutes), Ok(tc(300_000, 3000)));
        assert_eq!(TimeControl::parse("0.5", Minutes), Ok(tc(30_000, 0)));
        // Where units are required, a bare form is refused with both readings shown.
        for bare_form in ["5+3", "10+0.1", "5m+3", "10"] {
            let e = TimeControl::parse(bare_form, Refused).unwrap_err();
            assert!(
                e.contains("needs a unit") && e.contains("10s+0.1s") && e.contains("5m+3s"),
                "{bare_form}: {e}"
            );
        }
    }

    #[test]
    fn a_pgn_tag_that_is_no_clock_reads_as_none() {
        for tag in ["-", "?", "40/7200:3600", "0+0", "-5+3", "300+x", "inf+1"] {
            assert_eq!(TimeControl::from_pgn_tag(tag), None, "{tag}");
        }
        assert_eq!(TimeControl::from_pgn_tag("60"), Some(tc(60_000, 0)));
    }

    #[test]
    fn a_negative_time_is_named() {
        for bare in [BareBase::Minutes, BareBase::Refused] {
            let e = TimeControl::parse("-5+3", bare).unwrap_err();
            assert!(e.starts_with("'-5+3': a negative time"), "{e}");
            // A flag taken for the value (`--clock --level`) is not called a negative time.
            let e = TimeControl::parse("--level", bare).unwrap_err();
            assert!(!e.contains("negative"), "{e}");
        }
    }

    #[test]
    fn what_was_read_is_said_back_and_reads_back_the_same() {
        for (t, shown, pgn) in [
            (tc(300_000, 3000), "5 min + 3 s", "300+3"),
            (tc(10_000, 100), "10 s + 0.1 s", "10+0.1"),
            (tc(90_000, 0), "1 min 30 s + 0 s", "90+0"),
            (tc(5_400_000, 30_000), "90 min + 30 s", "5400+30"),
            (tc(1500, 50), "1.5 s + 0.05 s", "1.5+0.05"),
        ] {
            assert_eq!(t.to_string(), shown);
            assert_eq!(t.pgn_tag(), pgn);
            assert_eq!(TimeControl::from_pgn_tag(pgn), Some(t));
            for bare in [BareBase::Minutes, BareBase::Refused] {
                assert_eq!(TimeControl::parse(shown, bare), Ok(t), "{shown}");
            }
        }
    }

    #[test]
    fn nonsense_is_refused_with_the_forms_that_work() {
        for bad in [
            "", "0+0", "0", "abc", "5x+3", "5+3+1", "-1", "1e9", "5 3", "25h", "5+2h", "+3", "5+",
            "1.2.3",
        ] {
            let e = TimeControl::parse(bad, BareBase::Minutes).unwrap_err();
            assert!(e.starts_with(&format!("'{bad}'")), "{bad}: {e}");
        }
        let e = TimeControl::parse("5x+3", BareBase::Minutes).unwrap_err();
        assert!(e.contains("unknown unit 'x'") && e.contains("5m+3s"), "{e}");
    }
}
