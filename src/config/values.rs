//! How one setting's value is read: a number in its range (a whole number is a number too:
//! `queen = 9` and `queen = 9.5`), a whole number in its range, `true` or `false`, a path,
//! or a text its type reads. Each is a serde `deserialize_with` (or `with`) function that
//! takes the TOML value as it is and says what it expected and what it found; the reader
//! of the file adds where (`file:line: section.key`).

use serde::de::{Deserialize, Deserializer, Error};
use serde::ser::Serializer;
use std::fmt::Display;
use std::path::PathBuf;
use toml::Value;

/// `expected a number, found string`.
fn found<E: Error>(want: &str, value: &Value) -> E {
    E::custom(format!("expected {want}, found {}", value.type_str()))
}

/// A number from `lo` to `hi` (not NaN, not infinite).
fn within<E: Error>(value: Value, lo: f64, hi: f64) -> Result<f64, E> {
    let x = match value {
        Value::Float(x) => x,
        Value::Integer(n) => n as f64,
        other => return Err(found("a number", &other)),
    };
    if !x.is_finite() || x < lo || x > hi {
        return Err(E::custom(format!("{x} is out of range ({lo} to {hi})")));
    }
    Ok(x)
}

/// A number from `LO` to `HI` (pawns, seconds or a scale).
pub fn number<'de, D: Deserializer<'de>, const LO: i32, const HI: i32>(
    d: D,
) -> Result<f64, D::Error> {
    within(Value::deserialize(d)?, LO.into(), HI.into())
}

/// A game analysis threshold: winning chances lost, 0.01 to 2 (a move that loses nothing
/// is no mistake; 2 is from won to lost).
pub fn chances<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    within(Value::deserialize(d)?, 0.01, 2.0)
}

/// An older game analysis threshold: 0.01 to 100 pawns.
pub fn old_threshold<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    within(Value::deserialize(d)?, 0.01, 100.0).map(Some)
}

/// A number from `LO` to `HI` under a key's older name (moved since, see
/// [`crate::config::OLD_TUI_KEYS`]): `None` when the file does not set it.
pub fn old_number<'de, D: Deserializer<'de>, const LO: i32, const HI: i32>(
    d: D,
) -> Result<Option<f64>, D::Error> {
    number::<D, LO, HI>(d).map(Some)
}

/// `true` or `false` under a key's older name: `None` when the file does not set it.
pub fn old_flag<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    flag(d).map(Some)
}

/// A whole number from `LO` to `HI`, stored in whichever integer type the setting has.
pub fn whole<'de, D, T, const LO: i64, const HI: i64>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<i64>,
{
    match Value::deserialize(d)? {
        Value::Integer(n) if (LO..=HI).contains(&n) => {
            T::try_from(n).map_err(|_| D::Error::custom(format!("{n} is too large")))
        }
        Value::Integer(n) => Err(D::Error::custom(format!(
            "{n} is out of range ({LO} to {HI})"
        ))),
        other => Err(found("a whole number", &other)),
    }
}

/// `true` or `false`.
pub fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    match Value::deserialize(d)? {
        Value::Boolean(b) => Ok(b),
        other => Err(found("true or false", &other)),
    }
}

/// The screen's look: `"qbasic"` or `"modern"`.
pub fn theme<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    match Value::deserialize(d)? {
        Value::String(t) if t == "qbasic" || t == "modern" => Ok(t),
        Value::String(t) => Err(D::Error::custom(format!(
            "'{t}': expected \"qbasic\" or \"modern\""
        ))),
        other => Err(found("a string", &other)),
    }
}

/// A value written as text, read by its type's `FromStr` (whose message says why it is
/// refused) and written by its `Display`: a level, a key chord, a book's pick or layers. A
/// bare number is read as its digits (`level = 7`).
pub mod text {
    use super::*;
    use std::str::FromStr;

    pub fn deserialize<'de, D, T>(d: D) -> Result<T, D::Error>
    where
        D: Deserializer<'de>,
        T: FromStr<Err: Display>,
    {
        // A number or a flag is read as its text too, so the type's own message (which
        // lists what it takes) answers `level = 3.5`, not "expected a string".
        let text = match Value::deserialize(d)? {
            Value::String(t) => t,
            Value::Integer(n) => n.to_string(),
            Value::Float(x) => x.to_string(),
            Value::Boolean(b) => b.to_string(),
            other => return Err(found("a string", &other)),
        };
        text.parse().map_err(D::Error::custom)
    }

    pub fn serialize<S: Serializer, T: Display>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }
}

/// A path; `""` is none.
pub mod path {
    use super::*;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PathBuf>, D::Error> {
        match Value::deserialize(d)? {
            Value::String(t) => Ok(Some(t).filter(|t| !t.is_empty()).map(PathBuf::from)),
            other => Err(found("a string", &other)),
        }
    }

    pub fn serialize<S: Serializer>(path: &Option<PathBuf>, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&path.as_deref().unwrap_or("".as_ref()).display())
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Config;

    #[test]
    fn a_level_written_as_a_fraction_names_the_field_and_the_levels() {
        let e = Config::parse("[search]\nlevel = 3.5\n", "bad.toml")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("bad.toml:2: search.level: '3.5' is not a level")
                && e.contains("classic-3")
                && e.contains("elo-"),
            "{e}"
        );
    }
}
