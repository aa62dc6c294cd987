//! Key chords the screens bind their commands to: function keys (`F1`…`F12`, as the
//! QBasic editor used them) and `Ctrl`/`Alt` chords. A plain character is never a
//! command: every letter, digit and sign may be part of a move (`nf3`, `O-O`, `exd8=Q+`),
//! so a binding that would swallow one is refused when the configuration is read.

use std::fmt;
use std::str::FromStr;

/// A key with its modifier, as written in `[tui.keys]`: `F2`, `Ctrl+Z`, `Alt+N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyChord {
    /// A function key, 1 to 12.
    F(u8),
    /// Control and a letter (always stored lowercase).
    Ctrl(char),
    /// Alt (Meta) and a letter or digit (stored lowercase).
    Alt(char),
}

/// Control chords a terminal cannot tell from other keys (`Ctrl+M` is Enter, `Ctrl+I`
/// Tab, `Ctrl+H` Backspace, `Ctrl+J` a newline) or that are kept for quitting (`Ctrl+C`,
/// `Ctrl+D`).
const RESERVED_CTRL: [char; 6] = ['c', 'd', 'h', 'i', 'j', 'm'];

impl FromStr for KeyChord {
    type Err = String;

    /// Reads `F1`…`F12`, `Ctrl+X` (or `C-x`, `^X`) and `Alt+X` (or `M-x`), any case.
    ///
    /// ```
    /// use huo_chess::keys::KeyChord;
    /// assert_eq!("F2".parse::<KeyChord>(), Ok(KeyChord::F(2)));
    /// assert_eq!("ctrl+z".parse::<KeyChord>(), Ok(KeyChord::Ctrl('z')));
    /// assert!("n".parse::<KeyChord>().is_err()); // would swallow the n of nf3
    /// ```
    fn from_str(s: &str) -> Result<KeyChord, String> {
        let t = s.trim();
        let lower = t.to_ascii_lowercase();
        if let Some(n) = lower.strip_prefix('f')
            && !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit())
        {
            return match n.parse::<u8>() {
                Ok(n) if (1..=12).contains(&n) => Ok(KeyChord::F(n)),
                _ => Err(format!("'{t}': function keys go from F1 to F12")),
            };
        }
        let chord = |rest: &str| -> Option<char> {
            let mut chars = rest.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphanumeric() => Some(c.to_ascii_lowercase()),
                _ => None,
            }
        };
        for prefix in ["ctrl+", "ctrl-", "c-", "^"] {
            if let Some(rest) = lower.strip_prefix(prefix) {
                let c = chord(rest)
                    .filter(char::is_ascii_alphabetic)
                    .ok_or_else(|| format!("'{t}': Ctrl goes with one letter, e.g. Ctrl+Z"))?;
                if RESERVED_CTRL.contains(&c) {
                    return Err(format!(
                        "'{t}': Ctrl+{} is kept for the terminal or for quitting",
                        c.to_ascii_uppercase()
                    ));
                }
                return Ok(KeyChord::Ctrl(c));
            }
        }
        for prefix in ["alt+", "alt-", "m-", "meta+"] {
            if let Some(rest) = lower.strip_prefix(prefix) {
                return chord(rest).map(KeyChord::Alt).ok_or_else(|| {
                    format!("'{t}': Alt goes with one letter or digit, e.g. Alt+N")
                });
            }
        }
        Err(format!(
            "'{t}': a key binding is a function key (F1-F12) or a Ctrl/Alt chord \
             (Ctrl+Z, Alt+N); a plain character would swallow a move character"
        ))
    }
}

impl fmt::Display for KeyChord {
    /// `F2`, `Ctrl+Z`, `Alt+N`: what [`KeyChord::from_str`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyChord::F(n) => write!(f, "F{n}"),
            KeyChord::Ctrl(c) => write!(f, "Ctrl+{}", c.to_ascii_uppercase()),
            KeyChord::Alt(c) => write!(f, "Alt+{}", c.to_ascii_uppercase()),
        }
    }
}

impl KeyChord {
    /// The short form for a crowded key line: `F2`, `^Z`, `M-N`.
    pub fn short(&self) -> String {
        match self {
            KeyChord::F(n) => format!("F{n}"),
            KeyChord::Ctrl(c) => format!("^{}", c.to_ascii_uppercase()),
            KeyChord::Alt(c) => format!("M-{}", c.to_ascii_uppercase()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_character_is_refused() {
        for c in "abcdefghnbrqkopxNBRQKO0123456789-=+#x".chars() {
            assert!(c.to_string().parse::<KeyChord>().is_err(), "{c}");
        }
    }

    #[test]
    fn chords_read_and_print_back() {
        for t in ["F1", "F12", "Ctrl+Z", "Alt+N", "Alt+7"] {
            assert_eq!(t.parse::<KeyChord>().unwrap().to_string(), t);
        }
        assert_eq!("^l".parse::<KeyChord>(), Ok(KeyChord::Ctrl('l')));
        assert_eq!("M-x".parse::<KeyChord>(), Ok(KeyChord::Alt('x')));
        assert!("F13".parse::<KeyChord>().is_err());
        assert!("Ctrl+C".parse::<KeyChord>().is_err());
        assert!("Ctrl+M".parse::<KeyChord>().is_err());
        assert!("Ctrl+".parse::<KeyChord>().is_err());
    }
}
