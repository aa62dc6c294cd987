//! Strength levels: the classic Huo depths (MiniMax to 1, 3 or 5 half-moves) and the
//! modern ladder 1 to 10, what each allows itself (depth, nodes, noise, time), how they are
//! written (`classic-3`, `7`) and which one matches an Elo rating. Nothing here searches:
//! the configuration, the screens and the search all read levels from here.

use std::fmt;
use std::str::FromStr;

/// How strongly the engine plays: the classic Huo depths, or a rung of the modern ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Plain MiniMax to 1, 3 or 5 half-moves, as the original Huo Chess thought.
    Classic(u8),
    /// The modern ladder, 1 (beginner) to [`Level::MAX_MODERN`] (full strength).
    Modern(u8),
}

/// How a modern level limits itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelLimits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most nodes a move (the same strength on any computer, with or without a clock).
    pub nodes: Option<u64>,
    /// Random noise added to the evaluation, centipawns: weaker levels misjudge.
    pub noise: i32,
    /// Time per move when the game has no clock.
    pub movetime_ms: Option<u64>,
}

impl Level {
    /// The top of the modern ladder.
    pub const MAX_MODERN: u8 = 10;
    /// Full strength: the default in UCI mode.
    pub const FULL: Level = Level::Modern(Level::MAX_MODERN);
    /// The classic depths of the original.
    pub const CLASSIC_DEPTHS: [u8; 3] = [1, 3, 5];

    /// Every level, classic first, then the ladder from weakest to strongest.
    pub fn all() -> Vec<Level> {
        let mut v: Vec<Level> = Self::CLASSIC_DEPTHS
            .iter()
            .map(|&d| Level::Classic(d))
            .collect();
        v.extend((1..=Self::MAX_MODERN).map(Level::Modern));
        v
    }

    /// What this level allows itself (classic levels: their fixed depth, no noise).
    pub fn limits(self) -> LevelLimits {
        let (depth, nodes, noise, movetime_ms) = match self {
            Level::Classic(d) => (Some(d as u32), None, 0, None),
            Level::Modern(n) => match n {
                1 => (Some(1), None, 200, None),
                2 => (Some(2), None, 140, None),
                3 => (Some(3), None, 100, None),
                4 => (Some(4), None, 70, None),
                5 => (Some(5), None, 45, None),
                6 => (None, Some(6_000), 15, Some(1000)),
                7 => (None, Some(20_000), 10, Some(1000)),
                8 => (None, Some(80_000), 0, Some(2000)),
                9 => (None, Some(400_000), 0, Some(4000)),
                _ => (None, None, 0, Some(6000)),
            },
        };
        LevelLimits {
            depth,
            nodes,
            noise,
            movetime_ms,
        }
    }

    /// The level whose strength is nearest `elo` (UCI `UCI_Elo`); see the README for the
    /// matches behind the ladder.
    pub fn from_elo(elo: u32) -> Level {
        // Measured at 10 s + 0.1 s against Stockfish 15.1's UCI_Elo (level 10 at 60 s + 0.6 s);
        // level 1, below Stockfish's lowest setting (1350), placed from its games against 2.
        const LADDER: [u32; 10] = [800, 1050, 1250, 1400, 1700, 1880, 2040, 2190, 2350, 2550];
        let nearest = (0..LADDER.len())
            .min_by_key(|&i| LADDER[i].abs_diff(elo))
            .unwrap_or(LADDER.len() - 1);
        Level::Modern(nearest as u8 + 1)
    }
}

impl Level {
    /// A level as the screens and the players' names show it: `L7`, `classic-3`.
    pub fn name(self) -> String {
        match self {
            Level::Classic(_) => self.to_string(),
            Level::Modern(n) => format!("L{n}"),
        }
    }
}

/// Every way a level may be written, for messages. One map for every place a level is
/// typed: a bare number is always a rung of the ladder, and the classic depths are always
/// spelled out, so `3` means the same in `--level`, `--black`, `:level`, `match` and UCI.
pub const SPELLINGS: &str = "1 to 10 (also L1 to L10; max is 10) for the ladder, or classic-1, \
     classic-3, classic-5 for the original MiniMax depths";

impl fmt::Display for Level {
    /// `classic-3` or `7`: the same text [`Level::from_str`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Classic(d) => write!(f, "classic-{d}"),
            Level::Modern(n) => write!(f, "{n}"),
        }
    }
}

impl FromStr for Level {
    type Err = String;

    /// Reads a level, the one way every place reads it: `1`..`10` or `L1`..`L10` (any
    /// case) a rung of the ladder, `max` its top, `classic-1`, `classic-3`, `classic-5` the
    /// original's depths. Anything else is refused with the list ([`SPELLINGS`]).
    fn from_str(s: &str) -> Result<Level, String> {
        let t = s.trim().to_ascii_lowercase();
        if let Some(d) = t.strip_prefix("classic-") {
            return match number(d) {
                Some(d) if Self::CLASSIC_DEPTHS.contains(&d) => Ok(Level::Classic(d)),
                _ => Err(format!(
                    "'{s}' is not a level: the classic depths are classic-1, classic-3 and \
                     classic-5"
                )),
            };
        }
        if t == "max" {
            return Ok(Level::FULL);
        }
        let rung = t.strip_prefix('l').unwrap_or(&t);
        match number(rung) {
            Some(n) if (1..=Self::MAX_MODERN).contains(&n) => Ok(Level::Modern(n)),
            _ => Err(format!("'{s}' is not a level: write {SPELLINGS}")),
        }
    }
}

/// A small number written in digits only (no sign, no spaces).
fn number(t: &str) -> Option<u8> {
    t.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| t.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_spelling_one_meaning() {
        for (text, level) in [
            ("3", Level::Modern(3)),
            ("L3", Level::Modern(3)),
            ("l10", Level::Modern(10)),
            (" 7 ", Level::Modern(7)),
            ("max", Level::FULL),
            ("MAX", Level::FULL),
            ("classic-3", Level::Classic(3)),
            ("Classic-5", Level::Classic(5)),
        ] {
            assert_eq!(text.parse::<Level>(), Ok(level), "{text}");
        }
        // Written and read back: the same level, in both of its shown forms.
        for level in Level::all() {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        // Unknown or ambiguous spellings are refused with the list of valid ones.
        for bad in [
            "11",
            "0",
            "L0",
            "L11",
            "c3",
            "classic3",
            "classic-4",
            "classic-+3",
            "full",
            "",
            "+3",
            "x",
        ] {
            let e = bad.parse::<Level>().unwrap_err();
            assert!(
                e.contains("not a level") && e.contains("classic-"),
                "{bad}: {e}"
            );
        }
    }
}
