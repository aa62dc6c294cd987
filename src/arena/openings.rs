//! Where match games start: the built-in list of short balanced lines
//! (`openings.txt`, compiled in), or a file: one FEN or EPD a line, or a PGN whose games'
//! moves (from their `FEN` tag, if any) are the openings.
//!
//! A start from a file is labelled by where it is in the file (an EPD's `id`, else
//! `file:line`, a PGN's `file #N`), for the games' `Start` tag; what opening a game plays
//! is named, as in every game the program writes, by the `ECO` and `Opening` tags.

use crate::core::{FenError, Move, MoveError, Position, parse_move};
use crate::game::{Game, Outcome};
use crate::pgn::{self, PgnError};
use crate::util::input::InputError;
use std::fmt;
use std::path::Path;

/// The built-in openings: the moves in SAN a line, `#` comments.
const BUILTIN: &str = include_str!("openings.txt");

/// A start for a pair of games: a position and the moves that lead on from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// Which start of a file this is, for the PGN `Start` tag: an EPD `id`, `file:line`,
    /// or `file #N`; none for the built-in lines.
    pub label: Option<String>,
    pub start: Position,
    pub moves: Vec<Move>,
}

impl Opening {
    /// The game as it stands after the opening (its moves are part of the game's record).
    pub fn game(&self) -> Game {
        let mut game = Game::from_position(self.start);
        for &mv in &self.moves {
            // Checked legal when the opening was read.
            let _ = game.play(mv);
        }
        game
    }
}

/// Why an openings file was refused. Each names the file, and the line or game.
#[derive(Debug)]
pub enum OpeningsError {
    /// The file could not be opened or read as text.
    Input(InputError),
    /// A game of a PGN file could not be read.
    Pgn { file: String, source: PgnError },
    /// A line's FEN or EPD could not be read.
    Fen {
        file: String,
        line: usize,
        source: FenError,
    },
    /// A move of a line could not be read (the built-in list's format).
    Move {
        file: String,
        line: usize,
        source: MoveError,
    },
    /// An opening leaves no game to play.
    Over {
        file: String,
        at: Place,
        outcome: Outcome,
    },
    /// The file has no opening.
    Empty { file: String },
}

/// Where in a file an opening is: a line, or a PGN file's game (both from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Line(usize),
    Game(usize),
}

impl fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningsError::Input(e) => e.fmt(f),
            OpeningsError::Pgn { file, source } => write!(f, "{file}: {source}"),
            OpeningsError::Fen { file, line, source } => write!(f, "{file}:{line}: {source}"),
            OpeningsError::Move { file, line, source } => write!(f, "{file}:{line}: {source}"),
            OpeningsError::Over { file, at, outcome } => {
                match at {
                    Place::Line(n) => write!(f, "{file}:{n}: ")?,
                    Place::Game(n) => write!(f, "{file}: game {n}: ")?,
                }
                write!(f, "the game is already over ({outcome})")
            }
            OpeningsError::Empty { file } => write!(f, "{file}: no opening found"),
        }
    }
}

impl std::error::Error for OpeningsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpeningsError::Input(e) => Some(e),
            OpeningsError::Pgn { source, .. } => Some(source),
            OpeningsError::Fen { source, .. } => Some(source),
            OpeningsError::Move { source, .. } => Some(source),
            OpeningsError::Over { .. } | OpeningsError::Empty { .. } => None,
        }
    }
}

/// What a line could not be read as, before the file and line are known.
enum LineError {
    Fen(FenError),
    Move(MoveError),
}

/// The built-in openings (their legality is checked by the tests).
pub fn builtin() -> Vec<Opening> {
    parse_lines(BUILTIN, "built-in openings", |line, _| read_moves(line)).unwrap_or_default()
}

/// Reads an openings file (plain, gzip or zstd; `-`: standard input): a PGN (its first line that is not blank or a comment starts
/// with `[` or a move number) or one FEN/EPD a line. Errors name the file and the line.
pub fn from_file(path: &Path) -> Result<Vec<Opening>, OpeningsError> {
    let name = path.display().to_string();
    let text = crate::util::input::read_to_string(path).map_err(OpeningsError::Input)?;
    let openings = parse_text(&text, &name)?;
    if openings.is_empty() {
        return Err(OpeningsError::Empty { file: name });
    }
    Ok(openings)
}

/// [`from_file`] on a text already read (`file` names it in messages).
pub fn parse_text(text: &str, file: &str) -> Result<Vec<Opening>, OpeningsError> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('%'));
    match first {
        Some(l) if l.starts_with('[') || l.starts_with("1.") => parse_pgn(text, file),
        _ => parse_epd(text, file),
    }
}

/// Each game of a PGN text is an opening.
fn parse_pgn(text: &str, file: &str) -> Result<Vec<Opening>, OpeningsError> {
    let mut out = Vec::new();
    for (i, game) in pgn::read_games(text.as_bytes()).enumerate() {
        let game = game.map_err(|source| OpeningsError::Pgn {
            file: file.to_string(),
            source,
        })?;
        let opening = Opening {
            label: Some(format!("{file} #{}", i + 1)),
            start: game.start,
            moves: game.moves.clone(),
        };
        check_playable(&opening).map_err(|outcome| OpeningsError::Over {
            file: file.to_string(),
            at: Place::Game(i + 1),
            outcome,
        })?;
        out.push(opening);
    }
    Ok(out)
}

/// One FEN (6 fields) or EPD (4 fields, then operations such as `id "name";`) a line.
fn parse_epd(text: &str, file: &str) -> Result<Vec<Opening>, OpeningsError> {
    parse_lines(text, file, |line, n| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        // The clocks are there when fields 5 and 6 are numbers; EPD has operations instead.
        let clocks = fields.len() >= 6
            && fields[4].parse::<u32>().is_ok()
            && fields[5].parse::<u32>().is_ok();
        let take = if clocks { 6 } else { 4.min(fields.len()) };
        let start = Position::from_fen(&fields[..take].join(" ")).map_err(LineError::Fen)?;
        let rest = fields[take..].join(" ");
        Ok(Opening {
            label: Some(epd_id(&rest).unwrap_or_else(|| format!("{file}:{n}"))),
            start,
            moves: Vec::new(),
        })
    })
}

/// The value of an EPD `id "…"` operation.
fn epd_id(ops: &str) -> Option<String> {
    let after = ops.split_once("id \"")?.1;
    Some(after.split_once('"')?.0.to_string())
}

/// A line of moves in SAN from the initial position (the built-in list's format).
fn read_moves(line: &str) -> Result<Opening, LineError> {
    let mut pos = Position::startpos();
    let mut list = Vec::new();
    for text in line.split_whitespace() {
        let mv = parse_move(&pos, text).map_err(LineError::Move)?;
        pos.play(mv);
        list.push(mv);
    }
    Ok(Opening {
        label: None,
        start: Position::startpos(),
        moves: list,
    })
}

/// An opening from each line of `text` that is not blank or a `#` comment, read by
/// `read(line, line number)` and checked playable; an error is prefixed `file:line: `.
fn parse_lines(
    text: &str,
    file: &str,
    read: impl Fn(&str, usize) -> Result<Opening, LineError>,
) -> Result<Vec<Opening>, OpeningsError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (file, n) = (file.to_string(), i + 1);
        let opening = read(line, n).map_err(|e| match e {
            LineError::Fen(source) => OpeningsError::Fen {
                file: file.clone(),
                line: n,
                source,
            },
            LineError::Move(source) => OpeningsError::Move {
                file: file.clone(),
                line: n,
                source,
            },
        })?;
        check_playable(&opening).map_err(|outcome| OpeningsError::Over {
            file,
            at: Place::Line(n),
            outcome,
        })?;
        out.push(opening);
    }
    Ok(out)
}

/// An opening must leave a game to play: how it is over, if it is.
fn check_playable(opening: &Opening) -> Result<(), Outcome> {
    match opening.game().outcome() {
        Some(o) => Err(o),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_openings_are_legal_distinct_and_short() {
        let list = parse_lines(BUILTIN, "built-in", |line, _| read_moves(line)).unwrap();
        assert_eq!(list.len(), 51);
        assert_eq!(builtin(), list);
        // Every one is a named opening.
        assert!(
            list.iter()
                .all(|o| crate::openings::of_game(&o.game()).is_some())
        );
        let mut keys: Vec<u64> = list.iter().map(|o| o.game().position().key()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(
            keys.len(),
            list.len(),
            "two openings reach the same position"
        );
        assert!(list.iter().all(|o| (8..=10).contains(&o.moves.len())));
    }

    #[test]
    fn epd_fen_and_pgn_files() {
        let epd = "# comment\n\
                   rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"king pawn\";\n\
                   rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n";
        let list = parse_text(epd, "o.epd").unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].label.as_deref(), Some("king pawn"));
        assert_eq!(list[1].label.as_deref(), Some("o.epd:3"));
        let pgn = "[Event \"x\"]\n[Opening \"Open Game\"]\n\n1. e4 e5 *\n\n1. d4 d5 *\n";
        let list = parse_text(pgn, "o.pgn").unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(
            (list[0].label.as_deref(), list[0].moves.len()),
            (Some("o.pgn #1"), 2)
        );
        let e = parse_text("8/8/8/8/8/8/8/8 w - -\n", "bad.epd").unwrap_err();
        assert!(e.to_string().starts_with("bad.epd:1:"), "{e}");
        let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n";
        assert!(
            parse_text(mate, "m.epd")
                .unwrap_err()
                .to_string()
                .contains("already over")
        );
    }

    #[test]
    fn a_refused_file_is_a_typed_error_keeping_the_readers_error() {
        use std::error::Error;
        let e = parse_text("8/8/8/8/8/8/8/8 w - -\n", "bad.epd").unwrap_err();
        let fen = e.source().unwrap().downcast_ref::<FenError>().unwrap();
        assert_eq!(e.to_string(), format!("bad.epd:1: {fen}"));
        assert!(matches!(e, OpeningsError::Fen { line: 1, .. }));
        let pgn = "[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        let e = parse_text(pgn, "m.pgn").unwrap_err();
        let OpeningsError::Over {
            at: Place::Game(1),
            outcome,
            ..
        } = &e
        else {
            panic!("{e}")
        };
        assert_eq!(
            e.to_string(),
            format!("m.pgn: game 1: the game is already over ({outcome})")
        );
        assert!(e.source().is_none());
        let e = parse_lines("e4 e9\n", "list", |line, _| read_moves(line)).unwrap_err();
        let moved = e.source().unwrap().downcast_ref::<MoveError>().unwrap();
        assert_eq!(e.to_string(), format!("list:1: {moved}"));
        let dir = crate::util::scratch::Scratch::new("openings");
        let e = from_file(&dir.join("none.epd")).unwrap_err();
        let input = e.source().unwrap().downcast_ref::<InputError>().unwrap();
        assert_eq!(e.to_string(), input.to_string());
        let io = input
            .source()
            .unwrap()
            .downcast_ref::<std::io::Error>()
            .unwrap();
        assert_eq!(io.kind(), std::io::ErrorKind::NotFound);
        std::fs::write(dir.join("empty.epd"), "# nothing\n").unwrap();
        let e = from_file(&dir.join("empty.epd")).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: no opening found", dir.join("empty.epd").display())
        );
    }
}
