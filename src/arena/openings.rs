//! Where match games start: the built-in list of short balanced lines
//! (`openings.txt`, compiled in), or a file: one FEN or EPD a line, or a PGN whose games'
//! moves (from their `FEN` tag, if any) are the openings.
//!
//! A start from a file is labelled by where it is in the file (an EPD's `id`, else
//! `file:line`, a PGN's `file #N`), for the games' `Start` tag; what opening a game plays
//! is named, as in every game the program writes, by the `ECO` and `Opening` tags.

use crate::core::{Move, Position, parse_move};
use crate::game::Game;
use crate::pgn;
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

/// The built-in openings (their legality is checked by the tests).
pub fn builtin() -> Vec<Opening> {
    parse_lines(BUILTIN, "built-in openings", |line, _| read_moves(line)).unwrap_or_default()
}

/// Reads an openings file (plain, gzip or zstd; `-`: standard input): a PGN (its first line that is not blank or a comment starts
/// with `[` or a move number) or one FEN/EPD a line. Errors name the file and the line.
pub fn from_file(path: &Path) -> Result<Vec<Opening>, String> {
    let name = path.display().to_string();
    let text = crate::util::input::read_to_string(path)?;
    let openings = parse_text(&text, &name)?;
    if openings.is_empty() {
        return Err(format!("{name}: no opening found"));
    }
    Ok(openings)
}

/// [`from_file`] on a text already read (`file` names it in messages).
pub fn parse_text(text: &str, file: &str) -> Result<Vec<Opening>, String> {
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
fn parse_pgn(text: &str, file: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, game) in pgn::read_games(text.as_bytes()).enumerate() {
        let game = game.map_err(|e| format!("{file}: {e}"))?;
        let opening = Opening {
            label: Some(format!("{file} #{}", i + 1)),
            start: game.start,
            moves: game.moves.clone(),
        };
        check_playable(&opening).map_err(|e| format!("{file}: game {}: {e}", i + 1))?;
        out.push(opening);
    }
    Ok(out)
}

/// One FEN (6 fields) or EPD (4 fields, then operations such as `id "name";`) a line.
fn parse_epd(text: &str, file: &str) -> Result<Vec<Opening>, String> {
    parse_lines(text, file, |line, n| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        // The clocks are there when fields 5 and 6 are numbers; EPD has operations instead.
        let clocks = fields.len() >= 6
            && fields[4].parse::<u32>().is_ok()
            && fields[5].parse::<u32>().is_ok();
        let take = if clocks { 6 } else { 4.min(fields.len()) };
        let start = Position::from_fen(&fields[..take].join(" ")).map_err(|e| e.to_string())?;
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
fn read_moves(line: &str) -> Result<Opening, String> {
    let mut pos = Position::startpos();
    let mut list = Vec::new();
    for text in line.split_whitespace() {
        let mv = parse_move(&pos, text).map_err(|e| e.to_string())?;
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
    read: impl Fn(&str, usize) -> Result<Opening, String>,
) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("{file}:{}: {e}", i + 1);
        let opening = read(line, i + 1).map_err(at)?;
        check_playable(&opening).map_err(at)?;
        out.push(opening);
    }
    Ok(out)
}

/// An opening must leave a game to play.
fn check_playable(opening: &Opening) -> Result<(), String> {
    match opening.game().outcome() {
        Some(o) => Err(format!("the game is already over ({o})")),
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
        assert!(e.starts_with("bad.epd:1:"), "{e}");
        let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n";
        assert!(
            parse_text(mate, "m.epd")
                .unwrap_err()
                .contains("already over")
        );
    }
}
