//! The book files of the original Huo Chess (one move a file, in its own notation) brought
//! into a book: `huo-book import-huo`.

use crate::book::{Batch, Book, BookError};
use crate::core::{Color, FenError, Move, Piece, Position, Role, Square, placement_fen};
use std::path::{Path, PathBuf};

/// What a legacy import did.
#[derive(Clone, Debug, Default)]
pub struct HuoImportReport {
    pub files: usize,
    pub recorded: usize,
    /// `file: message` for each file that could not be read.
    pub problems: Vec<String>,
}

/// Why a legacy file cannot be read; the words are those the import reports.
#[derive(Clone, Debug, PartialEq)]
pub enum HuoError {
    /// A square's content that is no piece.
    NotAPiece(String),
    /// No `"Suggested Move"` marker.
    NoMarker,
    /// Not 64 square contents before the marker: how many.
    Squares(usize),
    /// A column or rank that is not a number 1-8; the number parser's error when it does
    /// not read as a number at all.
    NotANumber {
        text: String,
        source: Option<std::num::ParseIntError>,
    },
    /// Fewer than four numbers.
    FourNumbers,
    /// The start square is empty.
    NoPiece(Square),
    /// The board and mover make no position.
    Impossible { fen: String, source: FenError },
    /// The suggested move is not legal in the position.
    Illegal { mv: Move, fen: String },
}

impl std::fmt::Display for HuoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HuoError::NotAPiece(t) => {
                write!(f, "'{t}' is not a piece (WKing, BPawn, ... or empty)")
            }
            HuoError::NoMarker => f.write_str("no \"Suggested Move\" line"),
            HuoError::Squares(n) => write!(
                f,
                "expected 64 square contents before \"Suggested Move\", found {n}"
            ),
            HuoError::NotANumber { text, .. } => {
                write!(f, "'{text}' is not a column or rank 1-8")
            }
            HuoError::FourNumbers => f.write_str("the suggested move needs 4 numbers"),
            HuoError::NoPiece(from) => write!(f, "no piece on the start square {from}"),
            HuoError::Impossible { fen, source } => {
                write!(f, "impossible position {fen}: {source}")
            }
            HuoError::Illegal { mv, fen } => {
                write!(f, "the suggested move {} is illegal in {fen}", mv.uci())
            }
        }
    }
}

impl std::error::Error for HuoError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HuoError::NotANumber {
                source: Some(e), ..
            } => Some(e),
            HuoError::Impossible { source, .. } => Some(source),
            _ => None,
        }
    }
}

fn piece_of(text: &str) -> Result<Option<Piece>, HuoError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let lower = t.to_ascii_lowercase();
    let color = match lower.as_bytes()[0] {
        b'w' => Color::White,
        b'b' => Color::Black,
        _ => return Err(HuoError::NotAPiece(t.to_string())),
    };
    let role = [
        ("knight", Role::Knight),
        ("king", Role::King),
        ("queen", Role::Queen),
        ("rook", Role::Rook),
        ("bishop", Role::Bishop),
        ("pawn", Role::Pawn),
    ]
    .iter()
    .find(|(name, _)| lower[1..].contains(name))
    .map(|&(_, r)| r)
    .ok_or_else(|| HuoError::NotAPiece(t.to_string()))?;
    Ok(Some(Piece::new(color, role)))
}

/// Splits a legacy file into values: quoted strings (possibly empty) or bare words.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c == '"' {
            chars.next();
            let mut s = String::new();
            for c in chars.by_ref() {
                if c == '"' {
                    break;
                }
                s.push(c);
            }
            out.push(s);
        } else if c.is_whitespace() || c == ',' {
            chars.next();
        } else {
            let mut s = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == ',' || c == '"' {
                    break;
                }
                s.push(c);
                chars.next();
            }
            out.push(s);
        }
    }
    out
}

/// Reads one legacy `Opening*.txt` file: 64 square contents, column by column (a1..a8,
/// b1..b8, ...), then `"Suggested Move"` and four numbers 1-8: start column, start rank,
/// finish column, finish rank. The side to move is the colour of the piece on the start
/// square; castling rights are inferred from kings and rooks on their home squares.
pub fn parse_huo(text: &str) -> Result<(Position, Move), HuoError> {
    let is_marker = |s: &str| s.trim().eq_ignore_ascii_case("suggested move");
    let toks = tokens(text);
    let squares: Vec<String>;
    let numbers: Vec<String>;
    match toks.iter().position(|t| is_marker(t)) {
        Some(64) => {
            squares = toks[..64].to_vec();
            numbers = toks[65..].to_vec();
        }
        _ => {
            // One value per line, bare empty lines for empty squares.
            let lines: Vec<String> = text
                .lines()
                .map(|l| l.trim().trim_matches('"').to_string())
                .collect();
            let marker = lines
                .iter()
                .position(|l| is_marker(l))
                .ok_or(HuoError::NoMarker)?;
            let board: Vec<String> = lines[..marker].to_vec();
            let board: Vec<String> = if board.len() > 64 {
                // Trailing blank lines before the marker, or a blank first line.
                let trimmed: Vec<String> =
                    board.iter().skip_while(|l| l.is_empty()).cloned().collect();
                trimmed
            } else {
                board
            };
            if board.len() != 64 {
                return Err(HuoError::Squares(board.len()));
            }
            squares = board;
            numbers = tokens(&lines[marker + 1..].join("\n"));
        }
    }
    let nums: Vec<usize> = numbers
        .iter()
        .take(4)
        .map(|n| match n.trim().parse::<usize>() {
            Ok(v) if (1..=8).contains(&v) => Ok(v),
            read => Err(HuoError::NotANumber {
                text: n.clone(),
                source: read.err(),
            }),
        })
        .collect::<Result<_, _>>()?;
    if nums.len() != 4 {
        return Err(HuoError::FourNumbers);
    }
    let mut board: [Option<Piece>; 64] = [None; 64];
    for (i, s) in squares.iter().enumerate() {
        let (file, rank) = (i / 8, i % 8);
        board[rank * 8 + file] = piece_of(s)?;
    }
    let from = Square::from_index((nums[1] - 1) * 8 + nums[0] - 1);
    let to = Square::from_index((nums[3] - 1) * 8 + nums[2] - 1);
    let mover = board[from as usize].ok_or(HuoError::NoPiece(from))?;
    let placement = placement_fen(|sq| board[sq as usize]);
    let has = |sq: usize, c: Color, r: Role| board[sq] == Some(Piece::new(c, r));
    let mut castling = String::new();
    if has(4, Color::White, Role::King) {
        if has(7, Color::White, Role::Rook) {
            castling.push('K');
        }
        if has(0, Color::White, Role::Rook) {
            castling.push('Q');
        }
    }
    if has(60, Color::Black, Role::King) {
        if has(63, Color::Black, Role::Rook) {
            castling.push('k');
        }
        if has(56, Color::Black, Role::Rook) {
            castling.push('q');
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let fen = format!("{placement} {} {castling} -", mover.color.fen_char());
    let pos = match Position::from_fen(&fen) {
        Ok(p) => p,
        Err(source) => return Err(HuoError::Impossible { fen, source }),
    };
    let promo = (mover.role == Role::Pawn && (to.rank().index() == 0 || to.rank().index() == 7))
        .then_some(Role::Queen);
    let mv = Move::new(from, to, promo);
    if !pos.is_legal(mv) {
        return Err(HuoError::Illegal { mv, fen });
    }
    Ok((pos, mv))
}

/// Legacy files of a directory (and its subdirectories): names `Opening*.txt`, any case.
pub fn huo_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let name = e.file_name().to_string_lossy().to_ascii_lowercase();
                if name.starts_with("opening") && name.ends_with(".txt") {
                    out.push(p);
                }
            }
        }
    }
    out.sort();
    out
}

/// Imports every legacy file of `dir`: each suggested move is recorded with weight 1.
pub fn import_huo(book: &Book, dir: &Path) -> Result<HuoImportReport, BookError> {
    if !dir.is_dir() {
        return Err(BookError::Refused(format!(
            "{} is not a directory",
            dir.display()
        )));
    }
    let mut report = HuoImportReport::default();
    let mut batch: Batch = Vec::new();
    for path in huo_files(dir) {
        report.files += 1;
        let text = match std::fs::read(&path) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                report.problems.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        match parse_huo(&text) {
            Ok((pos, mv)) => match batch.iter_mut().find(|(p, _)| p.key() == pos.key()) {
                Some((_, list)) => match list.iter_mut().find(|(m, _)| *m == mv) {
                    Some((_, w)) => *w += 1,
                    None => list.push((mv, 1)),
                },
                None => batch.push((pos, vec![(mv, 1)])),
            },
            Err(e) => report.problems.push(format!("{}: {e}", path.display())),
        }
    }
    report.recorded = batch.iter().map(|(_, l)| l.len()).sum();
    book.record_batch(batch)?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    /// A legacy file: the start position's 64 squares, column by column, then the move
    /// numbers given.
    fn file(numbers: &str) -> String {
        let pos = Position::startpos();
        let mut text = String::new();
        for file in 0..8 {
            for rank in 0..8 {
                let name = match pos.piece_on(Square::from_index(rank * 8 + file)) {
                    Some(p) => {
                        let c = if p.color == Color::White { "W" } else { "B" };
                        let r = match p.role {
                            Role::Pawn => "Pawn",
                            Role::Knight => "Knight",
                            Role::Bishop => "Bishop",
                            Role::Rook => "Rook",
                            Role::Queen => "Queen",
                            Role::King => "King",
                        };
                        format!("{c}{r}")
                    }
                    None => String::new(),
                };
                text.push_str(&format!("\"{name}\"\n"));
            }
        }
        text.push_str("\"Suggested Move\"\n");
        text.push_str(numbers);
        text
    }

    #[test]
    fn a_legacy_file_refused_says_why_and_keeps_the_readers_error() {
        let (_, mv) = parse_huo(&file("5\n2\n5\n4\n")).unwrap();
        assert_eq!(mv.uci(), "e2e4");

        let e = parse_huo(&file("5\nx\n5\n4\n")).unwrap_err();
        assert_eq!(e.to_string(), "'x' is not a column or rank 1-8");
        let read = e
            .source()
            .unwrap()
            .downcast_ref::<std::num::ParseIntError>();
        assert_eq!(read, Some(&"x".parse::<usize>().unwrap_err()));
        let e = parse_huo(&file("5\n9\n5\n4\n")).unwrap_err();
        assert_eq!(e.to_string(), "'9' is not a column or rank 1-8");
        assert!(e.source().is_none());

        let e = parse_huo(&file("5\n2\n5\n")).unwrap_err();
        assert_eq!(e, HuoError::FourNumbers);
        assert_eq!(e.to_string(), "the suggested move needs 4 numbers");
        let e = parse_huo(&file("5\n2\n5\n5\n")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the suggested move e2e5 is illegal in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \
             w KQkq -"
        );
        let e = parse_huo(&file("5\n4\n5\n5\n")).unwrap_err();
        assert_eq!(e.to_string(), "no piece on the start square e4");
        let e = parse_huo("\"WKing\"\n").unwrap_err();
        assert_eq!(e.to_string(), "no \"Suggested Move\" line");
        let e = parse_huo("\"WKing\"\n\"Suggested Move\"\n1\n1\n1\n2\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected 64 square contents before \"Suggested Move\", found 1"
        );
        let e = parse_huo(&file("5\n2\n5\n4\n").replacen("WRook", "WTower", 1)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "'WTower' is not a piece (WKing, BPawn, ... or empty)"
        );
        // Two white kings and no black one: no position.
        let text = file("5\n1\n5\n2\n").replace("BKing", "WKing");
        let e = parse_huo(&text).unwrap_err();
        let HuoError::Impossible { fen, source } = &e else {
            panic!("{e:?}");
        };
        let inner = e.source().unwrap().downcast_ref::<FenError>().unwrap();
        assert_eq!(inner, source);
        assert_eq!(e.to_string(), format!("impossible position {fen}: {inner}"));
    }
}
