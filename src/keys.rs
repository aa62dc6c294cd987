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

/// Why a key binding is refused; each names what was written (`t`, trimmed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyError {
    /// `F0`, `F13`, ...: the number parser's error kept when it did not read at all.
    Function {
        text: String,
        source: Option<std::num::ParseIntError>,
    },
    /// `Ctrl` with no letter, or with more than one.
    CtrlLetter(String),
    /// A Ctrl chord the terminal cannot tell apart or that quits.
    Reserved { text: String, key: char },
    /// `Alt` with no letter or digit, or more than one.
    AltKey(String),
    /// Neither a function key nor a chord.
    Plain(String),
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::Function { text, .. } => {
                write!(f, "'{text}': function keys go from F1 to F12")
            }
            KeyError::CtrlLetter(t) => write!(f, "'{t}': Ctrl goes with one letter, e.g. Ctrl+Z"),
            KeyError::Reserved { text, key } => write!(
                f,
                "'{text}': Ctrl+{} is kept for the terminal or for quitting",
                key.to_ascii_uppercase()
            ),
            KeyError::AltKey(t) => {
                write!(f, "'{t}': Alt goes with one letter or digit, e.g. Alt+N")
            }
            KeyError::Plain(t) => write!(
                f,
                "'{t}': a key binding is a function key (F1-F12) or a Ctrl/Alt chord \
                 (Ctrl+Z, Alt+N); a plain character would swallow a move character"
            ),
        }
    }
}

impl std::error::Error for KeyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            KeyError::Function {
                source: Some(e), ..
            } => Some(e),
            _ => None,
        }
    }
}

impl FromStr for KeyChord {
    type Err = KeyError;

    /// Reads `F1`…`F12`, `Ctrl+X` (or `C-x`, `^X`) and `Alt+X` (or `M-x`), any case.
    ///
    /// ```
    /// use huo_chess::keys::KeyChord;
    /// assert_eq!("F2".parse::<KeyChord>(), Ok(KeyChord::F(2)));
    /// assert_eq!("ctrl+z".parse::<KeyChord>(), Ok(KeyChord::Ctrl('z')));
    /// assert!("n".parse::<KeyChord>().is_err()); // would swallow the n of nf3
    /// ```
    fn from_str(s: &str) -> Result<KeyChord, KeyError> {
        let t = s.trim();
        let lower = t.to_ascii_lowercase();
        if let Some(n) = lower.strip_prefix('f')
            && !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit())
        {
            return match n.parse::<u8>() {
                Ok(n) if (1..=12).contains(&n) => Ok(KeyChord::F(n)),
                read => Err(KeyError::Function {
                    text: t.to_string(),
                    source: read.err(),
                }),
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
                    .ok_or_else(|| KeyError::CtrlLetter(t.to_string()))?;
                if RESERVED_CTRL.contains(&c) {
                    return Err(KeyError::Reserved {
                        text: t.to_string(),
                        key: c,
                    });
                }
                return Ok(KeyChord::Ctrl(c));
            }
        }
        for prefix in ["alt+", "alt-", "m-", "meta+"] {
            if let Some(rest) = lower.strip_prefix(prefix) {
                return chord(rest)
                    .map(KeyChord::Alt)
                    .ok_or_else(|| KeyError::AltKey(t.to_string()));
            }
        }
        Err(KeyError::Plain(t.to_string()))
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

    #[test]
    fn a_binding_refused_says_why_as_before() {
        use std::error::Error as _;
        let e = "F99999".parse::<KeyChord>().unwrap_err();
        assert_eq!(e.to_string(), "'F99999': function keys go from F1 to F12");
        let read = e
            .source()
            .unwrap()
            .downcast_ref::<std::num::ParseIntError>();
        assert_eq!(read, Some(&"99999".parse::<u8>().unwrap_err()));
        let e = "F13".parse::<KeyChord>().unwrap_err();
        assert_eq!(e.to_string(), "'F13': function keys go from F1 to F12");
        assert!(e.source().is_none());
        let e = " ctrl+c ".parse::<KeyChord>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "'ctrl+c': Ctrl+C is kept for the terminal or for quitting"
        );
        let e = "Ctrl+1".parse::<KeyChord>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "'Ctrl+1': Ctrl goes with one letter, e.g. Ctrl+Z"
        );
        let e = "Alt+".parse::<KeyChord>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "'Alt+': Alt goes with one letter or digit, e.g. Alt+N"
        );
        let e = "n".parse::<KeyChord>().unwrap_err();
        assert_eq!(e, KeyError::Plain("n".into()));
        assert_eq!(
            e.to_string(),
            "'n': a key binding is a function key (F1-F12) or a Ctrl/Alt chord (Ctrl+Z, \
             Alt+N); a plain character would swallow a move character"
        );
    }
}
