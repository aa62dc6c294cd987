//! One book file: reading it (strictly, never panicking) and writing it (canonically).
//!
//! ```text
//! # comment lines start with '#': the writer puts a diagram of the position here
//! fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
//! e2e4 weight=3 ; King's pawn
//! d2d4 weight=1
//! ```
//!
//! Reading happens in two steps: [`parse`] checks the shape of every line (no chess
//! knowledge), then [`resolve`] checks the `fen` line against the position looked up and each
//! move against the legal moves. Problems are collected with their `file:line`, never panics.

use super::entry::BookMove;
use crate::core::{FenError, Move, Position, parse_uci};

/// A move line as written, before it is checked against the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawMove {
    pub line: usize,
    pub uci: String,
    pub weight: u32,
    pub fields: Vec<(String, String)>,
    pub comment: Option<String>,
}

/// A file whose lines have been read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedFile {
    /// The `fen` line's four fields and its line number.
    pub fen: Option<(String, usize)>,
    pub moves: Vec<RawMove>,
    /// Malformed lines: (line number, message).
    pub errors: Vec<(usize, String)>,
    /// The `#` comment lines, as written (without the line end).
    pub comments: Vec<String>,
}

/// A file checked against a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    pub moves: Vec<BookMove>,
    /// `file:line: message` for each problem (malformed lines, fen mismatch, illegal moves).
    pub problems: Vec<String>,
}

fn is_uci_shape(s: &str) -> bool {
    let b = s.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
        && (b.len() == 4 || matches!(b[4], b'q' | b'r' | b'b' | b'n'))
}

/// Reads the lines of a book file. Never fails: malformed lines land in `errors`.
pub fn parse(text: &str) -> ParsedFile {
    parse_from(text, 1)
}

/// [`parse`] of a text whose first line is line `first_line` of its file (a packed
/// record), so that problems name the line of the file.
pub fn parse_from(text: &str, first_line: usize) -> ParsedFile {
    let mut out = ParsedFile::default();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + first_line;
        let line = raw.strip_suffix('\r').unwrap_or(raw).trim();
        if line.starts_with('#') {
            out.comments.push(line.to_string());
            continue;
        }
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("fen ").or(line.strip_prefix("fen\t")) {
            let fields: Vec<&str> = rest.split_whitespace().collect();
            if out.fen.is_some() {
                out.errors.push((
                    line_no,
                    "a second 'fen' line (a file holds one position)".into(),
                ));
            } else if fields.len() != 4 {
                out.errors.push((
                    line_no,
                    format!(
                        "'fen' needs the four position fields (placement, side, castling, \
                         en passant), found {}",
                        fields.len()
                    ),
                ));
            } else {
                out.fen = Some((fields.join(" "), line_no));
            }
            continue;
        }
        let (body, comment) = match line.split_once(';') {
            Some((b, c)) => {
                let c = c.trim();
                (b.trim(), (!c.is_empty()).then(|| c.to_string()))
            }
            None => (line, None),
        };
        let mut tokens = body.split_whitespace();
        let Some(uci) = tokens.next() else {
            out.errors.push((
                line_no,
                "a comment without a move (write '# ...' for notes)".into(),
            ));
            continue;
        };
        if !is_uci_shape(uci) {
            out.errors.push((
                line_no,
                format!("'{uci}' is not a move in UCI form (e2e4, e1g1, e7e8q) nor 'fen'"),
            ));
            continue;
        }
        let mut mv = RawMove {
            line: line_no,
            uci: uci.to_string(),
            weight: 1,
            fields: Vec::new(),
            comment,
        };
        let mut ok = true;
        for tok in tokens {
            let Some((k, v)) = tok.split_once('=') else {
                out.errors
                    .push((line_no, format!("'{tok}' is not a key=value field")));
                ok = false;
                break;
            };
            if k.is_empty() {
                out.errors
                    .push((line_no, format!("'{tok}': the field has no name")));
                ok = false;
                break;
            }
            if k == "weight" {
                match v.parse::<u32>() {
                    Ok(w) => mv.weight = w,
                    Err(_) => {
                        out.errors.push((
                            line_no,
                            format!("weight '{v}' is not a whole number 0-4294967295"),
                        ));
                        ok = false;
                        break;
                    }
                }
            } else if super::results::FIELDS.contains(&k) && v.parse::<u64>().is_err() {
                out.errors.push((
                    line_no,
                    format!("{k} '{v}' is not a whole number (a count of games)"),
                ));
                ok = false;
                break;
            } else if mv.fields.iter().any(|(f, _)| f == k) {
                out.errors
                    .push((line_no, format!("the field '{k}' is given twice")));
                ok = false;
                break;
            } else {
                mv.fields.push((k.to_string(), v.to_string()));
            }
        }
        if !ok {
            continue;
        }
        if let Some(first) = out.moves.iter().find(|m| m.uci == mv.uci) {
            out.errors.push((
                line_no,
                format!("{} is already listed on line {}", mv.uci, first.line),
            ));
            continue;
        }
        out.moves.push(mv);
    }
    if out.fen.is_none() && (!out.moves.is_empty() || out.errors.is_empty()) {
        out.errors.push((
            first_line,
            "no 'fen' line: the file must say its position".into(),
        ));
    }
    out
}

/// Checks a parsed file against `pos` (the position it was looked up for). A `fen` line
/// naming another position makes the whole file ignored; an illegal move is skipped.
pub fn resolve(parsed: &ParsedFile, pos: &Position, file: &str) -> Resolved {
    let mut r = Resolved::default();
    for (line, msg) in &parsed.errors {
        r.problems.push(format!("{file}:{line}: {msg}"));
    }
    let Some((fen, line)) = &parsed.fen else {
        return r;
    };
    let expected = pos.epd();
    // Read through the FEN parser, so that a hand-written en-passant square no pawn can
    // take (which the Polyglot rule leaves out) still names the same position.
    let same = *fen == expected || Position::from_fen(fen).is_ok_and(|p| p.epd() == expected);
    if !same {
        r.problems.push(format!(
            "{file}:{line}: the fen '{fen}' is not the position looked up ('{expected}'): \
             file ignored"
        ));
        return r;
    }
    for m in &parsed.moves {
        match parse_uci(pos, &m.uci) {
            Ok(mv) => r.moves.push(BookMove {
                mv,
                weight: m.weight,
                fields: m.fields.clone(),
                comment: m.comment.clone(),
            }),
            Err(e) => r
                .problems
                .push(format!("{file}:{}: {e}: move skipped", m.line)),
        }
    }
    r
}

/// Sorts moves canonically: weight descending, then UCI.
pub fn sort_moves(moves: &mut [BookMove]) {
    moves.sort_by(|a, b| {
        b.weight
            .cmp(&a.weight)
            .then_with(|| a.mv.uci().cmp(&b.mv.uci()))
    });
}

const HEADER: &str = "# Huo Chess opening book position (format: books/README.md)";

/// The comment lines the writer generates for `pos`: the header and the diagram.
pub fn generated_comments(pos: &Position) -> Vec<String> {
    let mut v = vec![HEADER.to_string()];
    v.extend(pos.ascii().lines().map(|l| format!("#   {l}")));
    v
}

/// The comment lines of a file a person added (those the writer does not generate).
pub fn notes(parsed: &ParsedFile, pos: &Position) -> Vec<String> {
    let generated = generated_comments(pos);
    parsed
        .comments
        .iter()
        .filter(|c| !generated.iter().any(|g| g.trim_end() == c.trim_end()))
        .cloned()
        .collect()
}

/// Writes the canonical text of a position's file: header comment with the diagram, the
/// `fen` line, then the moves by weight (heaviest first), then UCI.
pub fn write(pos: &Position, moves: &[BookMove]) -> String {
    write_with_notes(pos, moves, &[])
}

/// [`write()`], keeping a person's `#` note lines (after the diagram, before the `fen` line).
pub fn write_with_notes(pos: &Position, moves: &[BookMove], notes: &[String]) -> String {
    let mut s = String::with_capacity(256 + 40 * moves.len());
    for l in generated_comments(pos) {
        s.push_str(&l);
        s.push('\n');
    }
    s + &write_record(pos, moves, notes)
}

/// The text of a position in a packed book ([`super::pack`]): the person's `#` notes, the
/// `fen` line and the moves, as [`write_with_notes`] without the generated header and
/// diagram (which would triple the size of a large book).
pub fn write_record(pos: &Position, moves: &[BookMove], notes: &[String]) -> String {
    let mut sorted = moves.to_vec();
    sort_moves(&mut sorted);
    let mut s = String::with_capacity(64 + 40 * moves.len());
    for l in notes {
        s.push_str(l);
        s.push('\n');
    }
    write_fen_line(&mut s, &pos.epd());
    for m in &sorted {
        write_move(&mut s, m);
    }
    s
}

/// A record's `fen` line: `fen` and the position's first four FEN fields.
pub fn write_fen_line(s: &mut String, epd: &str) {
    s.push_str("fen ");
    s.push_str(epd);
    s.push('\n');
}

fn write_move(s: &mut String, m: &BookMove) {
    let fields = m.fields.iter().map(|(k, v)| (k, v));
    write_move_line(s, &m.mv.uci(), m.weight, fields, m.comment.as_deref());
}

/// One move line: the move in UCI, its weight, its `name=value` fields and its comment
/// (on one line): `e2e4 weight=3 games=3 w=1 d=1 l=1 ; the main line`.
pub fn write_move_line<K: std::fmt::Display, V: std::fmt::Display>(
    s: &mut String,
    uci: &str,
    weight: u32,
    fields: impl IntoIterator<Item = (K, V)>,
    comment: Option<&str>,
) {
    use std::fmt::Write as _;
    s.push_str(uci);
    let _ = write!(s, " weight={weight}");
    for (k, v) in fields {
        let _ = write!(s, " {k}={v}");
    }
    if let Some(c) = comment {
        let c = c.replace(['\n', '\r'], " ");
        if !c.trim().is_empty() {
            s.push_str(" ; ");
            s.push_str(c.trim());
        }
    }
    s.push('\n');
}

/// The key and position a file claims, from its `fen` line.
pub fn fen_position(parsed: &ParsedFile) -> Option<Result<Position, FenError>> {
    let (fen, _) = parsed.fen.as_ref()?;
    Some(Position::from_fen(fen))
}

/// A move in a file, converted without a position (for tools that only need the squares).
pub fn move_of(pos: &Position, uci: &str) -> Option<Move> {
    parse_uci(pos, uci).ok()
}
