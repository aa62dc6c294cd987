//! The packed book's text, line by line: what separates its records and in what order they
//! come. Knows nothing else (std only), so that `build.rs` reads a packed built-in book with
//! the same rules as the program.
//!
//! ```text
//! # Huo Chess opening book, packed: ...        (comments and blank lines before the first)
//!
//! [463b96181691fc9c]                            a record: its key line, 16 lowercase hex
//! fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
//! e2e4 weight=3                                 ... the lines of the position's file
//!                                               a blank line between records
//! [823c9b50fd114196]
//! ```
//!
//! Keys strictly increase from record to record. No line of a record starts with `[`.

/// The pack's first line, as written.
pub const HEADER: &str = "# Huo Chess opening book, packed: one record per position, its \
                          [key] line then the lines of its file, sorted by key \
                          (books/README.md)\n";

/// The key of a record's key line (`[463b96181691fc9c]`, then `\r\n`, `\n` or nothing);
/// `None` for any other line.
pub fn key_of_line(line: &[u8]) -> Option<u64> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let hex = line.strip_prefix(b"[")?.strip_suffix(b"]")?;
    if hex.len() != 16
        || !hex
            .iter()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
    {
        return None;
    }
    u64::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()
}

/// The key line of `key`, with its line end.
pub fn key_line(key: u64) -> String {
    format!("[{key:016x}]\n")
}

/// The length of a record's text without the blank line that separates it from the next.
pub fn without_separator(text: &[u8]) -> usize {
    if text == b"\n" || text == b"\r\n" {
        0 // an empty record: the separator alone
    } else if text.ends_with(b"\r\n\r\n") {
        text.len() - 2
    } else if text.ends_with(b"\n\n") {
        text.len() - 1
    } else {
        text.len()
    }
}

/// What a line of a pack is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A comment or blank line before the first record.
    Preamble,
    /// The key line of a record.
    Key(u64),
    /// A line of the current record.
    Text,
}

/// What is wrong with a line of a pack, said as `line N: ...`. Nothing underneath it: the
/// line's shape alone is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SplitError {
    /// A line starting with `[` that is no key line (`shown`: its first 40 bytes).
    NotAKey { line: usize, shown: String },
    /// A key not greater than the one before it.
    OutOfOrder { line: usize, key: u64, prev: u64 },
    /// Text that is no comment before the first key line.
    BeforeFirst { line: usize },
}

impl std::fmt::Display for SplitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SplitError::NotAKey { line, shown } => write!(
                f,
                "line {line}: '{shown}' is not a record's key line ([16 lowercase hex digits]; \
                 no line of a record starts with '[')"
            ),
            SplitError::OutOfOrder { line, key, prev } => write!(
                f,
                "line {line}: [{key:016x}] comes after [{prev:016x}]: the records are not in key \
                 order"
            ),
            SplitError::BeforeFirst { line } => write!(
                f,
                "line {line}: text before the first record (a record starts with its [key] line)"
            ),
        }
    }
}

impl std::error::Error for SplitError {}

/// Reads a pack's lines in order, checking its shape: text only after a key line, every
/// line starting with `[` a key line, keys strictly increasing.
#[derive(Clone, Debug, Default)]
pub struct Splitter {
    /// Lines read.
    pub line: usize,
    /// The last key read.
    pub key: Option<u64>,
}

impl Splitter {
    /// The next line (with or without its line end): what it is, or what is wrong with
    /// it, said as `line N: ...`.
    pub fn next(&mut self, line: &[u8]) -> Result<Line, SplitError> {
        self.line += 1;
        let n = self.line;
        if line.first() == Some(&b'[') {
            let Some(key) = key_of_line(line) else {
                let shown = String::from_utf8_lossy(&line[..line.len().min(40)]);
                return Err(SplitError::NotAKey {
                    line: n,
                    shown: shown.trim_end().to_string(),
                });
            };
            if let Some(prev) = self.key
                && key <= prev
            {
                return Err(SplitError::OutOfOrder { line: n, key, prev });
            }
            self.key = Some(key);
            return Ok(Line::Key(key));
        }
        if self.key.is_some() {
            return Ok(Line::Text);
        }
        let trimmed = line.trim_ascii();
        if trimmed.is_empty() || trimmed.starts_with(b"#") {
            Ok(Line::Preamble)
        } else {
            Err(SplitError::BeforeFirst { line: n })
        }
    }
}

/// Every record of a whole pack's text: (key, text without the separator, line number of
/// the record's first text line). An error names the line.
pub fn records(text: &str) -> Result<Vec<(u64, &str, usize)>, SplitError> {
    let mut out: Vec<(u64, &str, usize)> = Vec::new();
    let mut splitter = Splitter::default();
    // The current record: key, where its text starts, its first line.
    let mut current: Option<(u64, usize, usize)> = None;
    let mut at = 0;
    let finish = |current: Option<(u64, usize, usize)>, end: usize, out: &mut Vec<_>| {
        if let Some((key, start, line)) = current {
            let body = &text[start..end];
            out.push((key, &body[..without_separator(body.as_bytes())], line));
        }
    };
    for line in text.split_inclusive('\n') {
        if let Line::Key(key) = splitter.next(line.as_bytes())? {
            finish(current, at, &mut out);
            current = Some((key, at + line.len(), splitter.line + 1));
        }
        at += line.len();
    }
    finish(current, text.len(), &mut out);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_lines_are_exact() {
        assert_eq!(
            key_of_line(b"[463b96181691fc9c]\n"),
            Some(0x463b96181691fc9c)
        );
        assert_eq!(
            key_of_line(b"[463b96181691fc9c]\r\n"),
            Some(0x463b96181691fc9c)
        );
        assert_eq!(key_of_line(b"[463b96181691fc9c]"), Some(0x463b96181691fc9c));
        for bad in [
            &b"[463B96181691FC9C]"[..],
            b"[463b96181691fc9]",
            b"[463b96181691fc9c] x",
            b"463b96181691fc9c",
            b"[Event \"x\"]",
        ] {
            assert_eq!(key_of_line(bad), None, "{}", String::from_utf8_lossy(bad));
        }
        assert_eq!(key_line(5), "[0000000000000005]\n");
    }

    #[test]
    fn records_are_split_and_their_shape_checked() {
        let text = format!(
            "{HEADER}\n[0000000000000001]\nfen a\ne2e4 weight=1\n\n[0000000000000002]\n\
             # note\n\nfen b\n\n[0000000000000003]\n[0000000000000004]\nfen d"
        );
        let r = records(&text).unwrap();
        let keys: Vec<u64> = r.iter().map(|x| x.0).collect();
        assert_eq!(keys, [1, 2, 3, 4]);
        assert_eq!(r[0].1, "fen a\ne2e4 weight=1\n");
        assert_eq!(r[0].2, 4);
        assert_eq!(r[1].1, "# note\n\nfen b\n");
        assert_eq!(r[2].1, "");
        assert_eq!(r[3].1, "fen d");
        for (bad, line) in [
            ("[0000000000000002]\nfen\n[0000000000000001]\n", "line 3"),
            ("[0000000000000002]\nfen\n[0000000000000002]\n", "line 3"),
            ("fen x\n[0000000000000002]\n", "line 1"),
            ("[0000000000000002]\n[Event \"x\"]\n", "line 2"),
            ("# ok\n\n[zz]\n", "line 3"),
        ] {
            let e = records(bad).unwrap_err();
            assert!(e.to_string().starts_with(line), "{bad:?}: {e}");
        }
        assert!(records("").unwrap().is_empty());
    }

    #[test]
    fn a_damaged_line_says_what_as_before() {
        use std::error::Error as _;
        let e = records("# ok\n\n[zz]\n").unwrap_err();
        assert_eq!(
            e,
            SplitError::NotAKey {
                line: 3,
                shown: "[zz]".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "line 3: '[zz]' is not a record's key line ([16 lowercase hex digits]; no line of a \
             record starts with '[')"
        );
        assert!(e.source().is_none());
        let e = records("[0000000000000002]\nfen\n[0000000000000001]\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: [0000000000000001] comes after [0000000000000002]: the records are not in \
             key order"
        );
        let e = records("fen x\n").unwrap_err();
        assert_eq!(e, SplitError::BeforeFirst { line: 1 });
        assert_eq!(
            e.to_string(),
            "line 1: text before the first record (a record starts with its [key] line)"
        );
    }
}
