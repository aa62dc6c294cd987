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
    pub fn parse(text: &str, bare: BareBase) -> Result<TimeControl, TimeControlError> {
        let error = |problem| TimeControlError {
            text: text.to_string(),
            bare,
            problem,
        };
        let negative = text.trim_start().strip_prefix('-');
        if negative.is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit() || c == '.')) {
            return Err(error(TimeProblem::Negative));
        }
        let mut parts = text.split('+');
        let base_text = parts.next().unwrap_or_default();
        let inc_text = parts.next();
        if parts.next().is_some() {
            return Err(error(TimeProblem::ManyPluses));
        }
        let (base_unit, inc_unit) = match bare {
            BareBase::Minutes => (Some(60.0), Some(1.0)),
            BareBase::Refused => (None, None),
        };
        let base = amount(base_text, base_unit).map_err(|e| error(TimeProblem::Base(e)))?;
        let inc = match inc_text {
            Some(t) => amount(t, inc_unit).map_err(|e| error(TimeProblem::Increment(e)))?,
            None => Duration::ZERO,
        };
        if base < Duration::from_millis(1) {
            return Err(error(TimeProblem::NoBase));
        }
        if base > MAX_BASE || inc > MAX_INC {
            return Err(error(TimeProblem::TooLong));
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
/// or numbers each with its unit (`1m30s`, `90 s`).
fn amount(text: &str, bare_unit: Option<f64>) -> Result<Duration, AmountError> {
    let written = || text.trim().to_string();
    let mut rest = text.trim();
    if rest.is_empty() {
        return Err(AmountError::Missing);
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
            .map_err(|source| AmountError::NotANumber {
                written: written(),
                source,
            })?;
        rest = rest[digits..].trim_start();
        let letters = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let unit = match rest[..letters].to_ascii_lowercase().as_str() {
            "" => {
                bare = true;
                bare_unit.ok_or_else(|| AmountError::NeedsUnit { written: written() })?
            }
            "h" => 3600.0,
            "m" | "min" | "mins" => 60.0,
            "s" | "sec" | "secs" => 1.0,
            "ms" => 0.001,
            other => {
                return Err(AmountError::UnknownUnit {
                    unit: other.to_string(),
                });
            }
        };
        rest = rest[letters..].trim_start();
        total += number * unit;
        terms += 1;
        if bare && terms > 1 {
            return Err(AmountError::UnitAfterEach { written: written() });
        }
    }
    if !total.is_finite() || total > MAX_BASE.as_secs_f64() {
        return Err(AmountError::LongerThanADay { written: written() });
    }
    Ok(Duration::from_secs_f64(total))
}

/// A time control that could not be read: what was typed, where a bare number was taken,
/// and what is wrong. Its message names the text and shows the forms that work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError {
    pub text: String,
    pub bare: BareBase,
    pub problem: TimeProblem,
}

/// What is wrong with a typed time control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeProblem {
    /// It starts with a minus sign and a number.
    Negative,
    /// More than one `+`.
    ManyPluses,
    /// The part before the `+`.
    Base(AmountError),
    /// The part after the `+`.
    Increment(AmountError),
    /// The base is less than a millisecond.
    NoBase,
    /// More than a day for the base, or an hour for the increment.
    TooLong,
}

/// What is wrong with one side of the `+`; its message completes "the base …".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AmountError {
    Missing,
    /// A number that does not read as one (`abc`, `1.2.3`): the number parser's error.
    NotANumber {
        written: String,
        source: std::num::ParseFloatError,
    },
    /// A bare number where units are required.
    NeedsUnit {
        written: String,
    },
    UnknownUnit {
        unit: String,
    },
    /// `5 3`: a bare number among others.
    UnitAfterEach {
        written: String,
    },
    LongerThanADay {
        written: String,
    },
}

impl fmt::Display for AmountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AmountError::Missing => write!(f, "is missing"),
            AmountError::NotANumber { written, .. } => {
                write!(f, "'{written}' is not a number of time")
            }
            AmountError::NeedsUnit { written } => {
                write!(f, "'{written}' needs a unit (h, m, s or ms)")
            }
            AmountError::UnknownUnit { unit } => {
                write!(f, "has the unknown unit '{unit}' (h, m or min, s, ms)")
            }
            AmountError::UnitAfterEach { written } => {
                write!(f, "'{written}' needs a unit after each number")
            }
            AmountError::LongerThanADay { written } => {
                write!(f, "'{written}' is longer than a day")
            }
        }
    }
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let example = match self.bare {
            BareBase::Minutes => {
                "write BASE+INCREMENT, e.g. 5+3 (5 min + 3 s), 5m+3s, 10s+0.1s or 90s"
            }
            BareBase::Refused => {
                "write each number with its unit, e.g. 10s+0.1s (10 seconds + 0.1 s) or \
                 5m+3s (5 minutes + 3 s)"
            }
        };
        let text = &self.text;
        match &self.problem {
            TimeProblem::Negative => write!(
                f,
                "'{text}': a negative time: a clock needs time to run, {example}"
            ),
            TimeProblem::ManyPluses => write!(f, "'{text}': one '+' at most: {example}"),
            TimeProblem::Base(e) => write!(f, "'{text}': the base {e}: {example}"),
            TimeProblem::Increment(e) => write!(f, "'{text}': the increment {e}: {example}"),
            TimeProblem::NoBase => write!(
                f,
                "'{text}': the base must be more than 0 (at least 1 ms): {example}"
            ),
            TimeProblem::TooLong => write!(
                f,
                "'{text}': at most a day for the base and an hour for the increment"
            ),
        }
    }
}

impl std::error::Error for TimeControlError {
    /// The number parser's error, when a number did not read.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            TimeProblem::Base(AmountError::NotANumber { source, .. })
            | TimeProblem::Increment(AmountError::NotANumber { source, .. }) => Some(source),
            _ => None,
        }
    }
}

impl From<TimeControlError> for String {
    fn from(e: TimeControlError) -> String {
        e.to_string()
    }
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
            let e = TimeControl::parse(bare_form, Refused)
                .unwrap_err()
                .to_string();
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
            let e = TimeControl::parse("-5+3", bare).unwrap_err().to_string();
            assert!(e.starts_with("'-5+3': a negative time"), "{e}");
            // A flag taken for the value (`--clock --level`) is not called a negative time.
            let e = TimeControl::parse("--level", bare).unwrap_err().to_string();
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
            let e = TimeControl::parse(bad, BareBase::Minutes)
                .unwrap_err()
                .to_string();
            assert!(e.starts_with(&format!("'{bad}'")), "{bad}: {e}");
        }
        let e = TimeControl::parse("5x+3", BareBase::Minutes)
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown unit 'x'") && e.contains("5m+3s"), "{e}");
    }

    #[test]
    fn the_error_says_the_same_words_and_keeps_the_number_parsers_error() {
        use std::error::Error;
        let e = TimeControl::parse("abc+3", BareBase::Minutes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "'abc+3': the base 'abc' is not a number of time: write BASE+INCREMENT, e.g. 5+3 \
             (5 min + 3 s), 5m+3s, 10s+0.1s or 90s"
        );
        let source = e
            .source()
            .unwrap()
            .downcast_ref::<std::num::ParseFloatError>();
        assert_eq!(source, Some(&"".parse::<f64>().unwrap_err()));
        let e = TimeControl::parse("5s+1.2.3s", BareBase::Refused).unwrap_err();
        assert_eq!(
            e.to_string(),
            "'5s+1.2.3s': the increment '1.2.3s' is not a number of time: write each number \
             with its unit, e.g. 10s+0.1s (10 seconds + 0.1 s) or 5m+3s (5 minutes + 3 s)"
        );
        let source = e
            .source()
            .unwrap()
            .downcast_ref::<std::num::ParseFloatError>();
        assert_eq!(source, Some(&"1.2.3".parse::<f64>().unwrap_err()));
        let e = TimeControl::parse("5+2h", BareBase::Minutes).unwrap_err();
        assert_eq!(e.problem, TimeProblem::TooLong);
        assert_eq!(
            e.to_string(),
            "'5+2h': at most a day for the base and an hour for the increment"
        );
        assert!(e.source().is_none());
        let e = TimeControl::parse("10", BareBase::Refused).unwrap_err();
        assert_eq!(
            e.problem,
            TimeProblem::Base(AmountError::NeedsUnit {
                written: "10".to_string()
            })
        );
        assert!(e.source().is_none());
    }
}
