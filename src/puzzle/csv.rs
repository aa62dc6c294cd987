//! Puzzles as text: lichess's puzzle database layout, one puzzle a line, ten fields
//! separated by commas (no field holds a comma, so there is no quoting):
//!
//! `PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags`
//!
//! `FEN` is the position before the opponent's move; `Moves` are UCI moves separated by
//! spaces, the opponent's first, then the solution, ending on the solver's move (so there
//! is an even number of them); `Themes` and `OpeningTags` are separated by spaces. The
//! reader is strict: the position must be a legal FEN and every move legal where it is
//! played, and a problem is named by its field (`Moves: move 3, e7e5: ...`); the file's
//! name and line number are added by whoever reads a file. The writer writes the same
//! layout back, so that a puzzle read and written is the same line.

use super::record::Puzzle;
use crate::core::{Position, parse_uci};
use std::fmt;

/// The first line of a puzzle file.
pub const HEADER: &str =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags";

/// The fields, in their order on a line.
pub const FIELDS: [&str; 10] = [
    "PuzzleId",
    "FEN",
    "Moves",
    "Rating",
    "RatingDeviation",
    "Popularity",
    "NbPlays",
    "Themes",
    "GameUrl",
    "OpeningTags",
];

/// The highest rating a puzzle may have.
pub const MAX_RATING: u16 = 4000;

/// What is wrong with a line: the field, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The field's name (`Moves`), or `line` for the line as a whole.
    pub field: &'static str,
    pub message: String,
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for FieldError {}

fn bad(field: &'static str, message: impl Into<String>) -> FieldError {
    FieldError {
        field,
        message: message.into(),
    }
}

/// A line of a file that is not a puzzle: `file:line: field: what`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The file, as named to the user.
    pub file: String,
    /// Its line number, from 1.
    pub line: u64,
    pub error: FieldError,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.error)
    }
}

impl std::error::Error for LineError {}

/// Is `line` the header (to be skipped)?
pub fn is_header(line: &str) -> bool {
    line.starts_with("PuzzleId,")
}

/// Reads one line (without its line end) as a puzzle.
pub fn parse_line(line: &str) -> Result<Puzzle, FieldError> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let fields: Vec<&str> = line.split(',').collect();
    // Older dumps have no OpeningTags.
    if !(9..=10).contains(&fields.len()) {
        return Err(bad(
            "line",
            format!(
                "{} fields where a puzzle has 10 ({})",
                fields.len(),
                FIELDS.join(",")
            ),
        ));
    }
    let id = fields[0].trim();
    if id.is_empty() || id.contains(char::is_whitespace) {
        return Err(bad("PuzzleId", "empty or has spaces"));
    }
    let position = Position::from_fen(fields[1].trim()).map_err(|e| bad("FEN", e.to_string()))?;
    let mut moves = Vec::new();
    let mut pos = position;
    for (i, text) in fields[2].split_whitespace().enumerate() {
        let mv = parse_uci(&pos, text)
            .map_err(|e| bad("Moves", format!("move {}, {text}: {e}", i + 1)))?;
        pos.play(mv);
        moves.push(mv);
    }
    if moves.len() < 2 {
        return Err(bad(
            "Moves",
            "needs the opponent's move and at least one move of the solver",
        ));
    }
    if moves.len() % 2 != 0 {
        return Err(bad(
            "Moves",
            format!(
                "{} moves: the solution must end on the solver's move (an even count)",
                moves.len()
            ),
        ));
    }
    let number = |i: usize| -> Result<i64, FieldError> {
        fields[i]
            .trim()
            .parse::<i64>()
            .map_err(|_| bad(FIELDS[i], format!("'{}' is not a whole number", fields[i])))
    };
    let rating = number(3)?;
    if !(0..=i64::from(MAX_RATING)).contains(&rating) {
        return Err(bad(
            "Rating",
            format!("{rating} is not within 0 to {MAX_RATING}"),
        ));
    }
    let deviation = number(4)?;
    if !(0..=i64::from(MAX_RATING)).contains(&deviation) {
        return Err(bad(
            "RatingDeviation",
            format!("{deviation} is not within 0 to {MAX_RATING}"),
        ));
    }
    let popularity = number(5)?;
    if !(-100..=100).contains(&popularity) {
        return Err(bad(
            "Popularity",
            format!("{popularity} is not within -100 to 100"),
        ));
    }
    let plays = number(6)?;
    if plays < 0 {
        return Err(bad("NbPlays", format!("{plays} is negative")));
    }
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    Ok(Puzzle {
        id: id.to_string(),
        position,
        moves,
        rating: rating as u16,
        deviation: deviation as u16,
        popularity: popularity as i32,
        plays: plays as u64,
        themes: words(fields[7]),
        game_url: fields[8].trim().to_string(),
        opening_tags: fields.get(9).map(|s| words(s)).unwrap_or_default(),
    })
}

/// Reads a whole file's text, `file` naming it in the errors: its puzzles, or every line
/// that is not one (the header and blank lines are skipped).
pub fn parse_text(text: &str, file: &str) -> Result<Vec<Puzzle>, Vec<LineError>> {
    let mut puzzles = Vec::new();
    let mut errors = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || (i == 0 && is_header(line)) {
            continue;
        }
        match parse_line(line) {
            Ok(p) => puzzles.push(p),
            Err(error) => errors.push(LineError {
                file: file.to_string(),
                line: i as u64 + 1,
                error,
            }),
        }
    }
    if errors.is_empty() {
        Ok(puzzles)
    } else {
        Err(errors)
    }
}

/// The line of `p` (without its line end). A field that would hold a comma or a line end
/// cannot be written: the error names it.
pub fn to_line(p: &Puzzle) -> Result<String, FieldError> {
    let moves: Vec<String> = p.moves.iter().map(|m| m.uci()).collect();
    let text = [
        ("PuzzleId", p.id.clone()),
        ("FEN", p.position.fen()),
        ("Moves", moves.join(" ")),
        ("Rating", p.rating.to_string()),
        ("RatingDeviation", p.deviation.to_string()),
        ("Popularity", p.popularity.to_string()),
        ("NbPlays", p.plays.to_string()),
        ("Themes", p.themes.join(" ")),
        ("GameUrl", p.game_url.clone()),
        ("OpeningTags", p.opening_tags.join(" ")),
    ];
    for (field, value) in &text {
        if value.contains([',', '\n', '\r']) {
            return Err(bad(
                field,
                "holds a comma or a line end, which the layout cannot",
            ));
        }
    }
    Ok(text.map(|(_, v)| v).join(","))
}

/// A whole file: the header, then a line per puzzle.
pub fn to_text(puzzles: &[Puzzle]) -> Result<String, FieldError> {
    let mut out = format!("{HEADER}\n");
    for p in puzzles {
        out.push_str(&to_line(p)?);
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lichess's own example line (the first of its database's documentation).
    const LINE: &str = "00sHx,q3k1nr/1pp1nQpp/3p4/1P2p3/4P3/B1PP1b2/B5PP/5K2 b k - 0 17,e8d7 a2e6 d7d8 f7f8,1760,80,83,72,mate mateIn2 middlegame short,https://lichess.org/yyznGmXs/black#34,Italian_Game Italian_Game_Classical_Variation";

    #[test]
    fn a_line_reads_and_writes_back_the_same() {
        let p = parse_line(LINE).unwrap();
        assert_eq!(p.id, "00sHx");
        assert_eq!(p.moves.len(), 4);
        assert_eq!(p.rating, 1760);
        assert_eq!(p.solver(), crate::core::Color::White);
        assert!(p.has_theme("mateIn2"));
        assert_eq!(p.opening_tags.len(), 2);
        assert_eq!(to_line(&p).unwrap(), LINE);
        // The last move mates.
        let mut pos = p.position;
        for &m in &p.moves {
            pos.play(m);
        }
        assert!(pos.is_checkmate());
    }

    #[test]
    fn each_problem_names_its_field() {
        let field = |line: &str| parse_line(line).unwrap_err().field;
        assert_eq!(field("a,b"), "line");
        assert_eq!(field(&LINE.replace("q3k1nr", "q3k1nrr")), "FEN");
        assert_eq!(field(&LINE.replace("a2e6", "a2e7")), "Moves");
        assert_eq!(field(&LINE.replace(" f7f8", "")), "Moves");
        assert_eq!(field(&LINE.replace(",1760,", ",x,")), "Rating");
        assert_eq!(field(&LINE.replace(",83,", ",101,")), "Popularity");
        let e = parse_line(&LINE.replace("a2e6", "a2e7")).unwrap_err();
        assert!(e.message.starts_with("move 2, a2e7: "), "{e}");
    }

    #[test]
    fn a_file_is_refused_with_every_bad_line_numbered() {
        let text = format!("{HEADER}\n{LINE}\n\n{}\n", LINE.replace("e8d7", "e8e7"));
        let errors = parse_text(&text, "p.csv").unwrap_err();
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0]
                .to_string()
                .starts_with("p.csv:4: Moves: move 1, e8e7"),
            "{}",
            errors[0]
        );
        let ok = parse_text(&format!("{HEADER}\n{LINE}\n"), "p.csv").unwrap();
        assert_eq!(to_text(&ok).unwrap(), format!("{HEADER}\n{LINE}\n"));
    }
}
