//! PGN: reading (streaming, many games) and writing games.
//!
//! The reader is hand-written and tolerant: tag pairs (a value without its double quotes
//! too), a `FEN` tag for the start position, movetext with move numbers (`12.` / `12...` /
//! `12.e4`), moves in SAN and in the Huo and UCI coordinate forms (`c2c4`, `C2C4`, `c2-c4`,
//! `e5xd4`, `e7e8q`, read as [`Game::play_text`] reads them), comments (`{...}` and `;` to
//! the end of the line), variations `( ... )` (skipped, nested), NAGs (`$1`), annotation and
//! check marks (`!?`, `+`), results (`1-0 0-1 1/2-1/2 *`, or none) and `%` escape lines.
//! A game with a problem (an illegal move, a bad FEN tag) is returned as a [`PgnError`]
//! naming the game, the line and the move, and reading goes on with the next game. An
//! input that fails part-way (a damaged archive) ends with an error marked
//! [`PgnError::read_failed`].
//!
//! For one game in a text (a saved game): [`parse_game`], then [`PgnGame::to_game`],
//! [`PgnGame::header`] and [`PgnGame::result`].

use crate::core::{Color, Move, Position, parse_move, san_movetext};
use crate::game::Game;
use crate::openings;
use std::io::BufRead;

/// One game read from a PGN file.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// Tag pairs in file order (`Event`, `White`, `Result`, ...).
    pub headers: Vec<(String, String)>,
    /// From the `FEN` tag, else the initial position.
    pub start: Position,
    pub moves: Vec<Move>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`: the result token of the movetext, else the `Result`
    /// tag if it is one of these, else `*`.
    pub result: String,
}

/// A game that could not be read: which game of the file (1-based), which line, why.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnError {
    pub game: usize,
    pub line: usize,
    pub message: String,
    /// The input itself failed here (a read error: a damaged or truncated archive): the
    /// reader's last item, nothing after it was read. A caller stops rather than skips.
    pub read_failed: bool,
}

impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "game {}, line {}: {}",
            self.game, self.line, self.message
        )
    }
}

impl std::error::Error for PgnError {}

impl PgnGame {
    /// The game replayed: [`PgnGame::start`] and every move (all legal, as read).
    pub fn to_game(&self) -> Game {
        let mut g = Game::from_position(self.start);
        for &mv in &self.moves {
            if g.play(mv).is_err() {
                break;
            }
        }
        g
    }

    /// The value of a tag (the first one of that name), e.g. `header("Event")`.
    pub fn header(&self, name: &str) -> Option<&str> {
        header(&self.headers, name)
    }
}

/// The value of the tag `name` among `headers` (tag pairs in file order).
pub fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// Reads games one by one from a PGN stream; a bad game is an `Err` and reading goes on.
pub fn read_games<R: BufRead>(reader: R) -> impl Iterator<Item = Result<PgnGame, PgnError>> {
    read_games_upto(reader, usize::MAX)
}

/// [`read_games`], keeping only the first `max_moves` half-moves of each game: the moves
/// after them are skipped as text (comments, variations and the result still read), not
/// checked against the board, so a game is an `Err` only for a problem in its kept moves
/// or in the shape of the text. For imports that record a game's opening only.
pub fn read_games_upto<R: BufRead>(
    reader: R,
    max_moves: usize,
) -> impl Iterator<Item = Result<PgnGame, PgnError>> {
    PgnReader::new(reader, max_moves, true)
}

/// [`read_games_upto`] for an import that needs only the moves, the result and the
/// players: of the tag pairs, only `FEN`, `Result`, `White` and `Black` are kept in
/// [`PgnGame::headers`] (the others are still checked), which spares two strings per tag.
pub fn read_openings<R: BufRead>(
    reader: R,
    max_moves: usize,
) -> impl Iterator<Item = Result<PgnGame, PgnError>> {
    PgnReader::new(reader, max_moves, false)
}

/// Reads the first game of `text`. A text without any game (empty, only blank lines or
/// `%` lines) is an error, "no game found".
pub fn parse_game(text: &str) -> Result<PgnGame, PgnError> {
    read_games(text.as_bytes()).next().unwrap_or(Err(PgnError {
        game: 1,
        line: 1,
        message: "no game found".into(),
        read_failed: false,
    }))
}

/// Writes `game` as PGN: the tags as [`write_tags`] writes them, the movetext in SAN
/// wrapped at 80 columns, and the result (`result`, else the `Result` header if it is a
/// result token, else `*`).
pub fn write_game(game: &Game, headers: &[(String, String)], result: Option<&str>) -> String {
    let result = result
        .map(str::to_string)
        .or_else(|| {
            headers
                .iter()
                .find(|(k, _)| k == "Result")
                .map(|(_, v)| v.clone())
                .filter(|v| is_result(v))
        })
        .unwrap_or_else(|| "*".to_string());
    let mut out = write_tags(game, headers, &result);
    let mut tokens = san_movetext(game.start(), game.moves());
    tokens.push(result);
    out.push_str(&wrap_movetext(&tokens));
    out.push_str("\n\n");
    out
}

/// Movetext tokens joined into lines of at most 80 columns, as PGN asks. A token is never
/// split (a move keeps its number: `12. Nf3`; one longer than a line gets a line of its
/// own), and a variation's `(` and `)` hug what they enclose: `(12. Nf3 d5)`.
pub fn wrap_movetext(tokens: &[String]) -> String {
    const WIDTH: usize = 80;
    // A `(` joins the token after it and a `)` the one before, so neither stands alone.
    let mut words: Vec<String> = Vec::new();
    let mut opened = false;
    for t in tokens {
        match words.last_mut() {
            Some(w) if opened || t == ")" => w.push_str(t),
            _ => words.push(t.clone()),
        }
        opened = t == "(";
    }
    let mut out = String::new();
    let mut len = 0;
    for w in &words {
        if len > 0 && len + 1 + w.len() > WIDTH {
            out.push('\n');
            len = 0;
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(w);
        len += w.len();
    }
    out
}

/// The tag section of a game, as [`write_game`] writes it: the Seven Tag Roster (missing
/// tags get `?`, `Result` is `result`); the game's opening as `ECO` and `Opening` (the last
/// named position along its moves, see [`openings::of_game`]), which replace those tags
/// of `headers` (a game without a named position keeps them); then the other `headers` in
/// order, `SetUp`/`FEN` when the game does not start from the initial position, and the
/// blank line before the movetext.
pub fn write_tags(game: &Game, headers: &[(String, String)], result: &str) -> String {
    let start = game.start();
    let get = |name: &str| {
        headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let opening = openings::of_game(game);
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| {
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    };
    for (name, default) in [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
    ] {
        tag(name, get(name).unwrap_or(default));
    }
    tag("Result", result);
    if let Some(o) = opening {
        tag("ECO", o.eco);
        tag("Opening", o.name);
    }
    const SPECIAL: [&str; 9] = [
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "SetUp", "FEN",
    ];
    for (k, v) in headers {
        let ours = opening.is_some() && (k == "ECO" || k == "Opening");
        if !SPECIAL.contains(&k.as_str()) && !ours {
            tag(k, v);
        }
    }
    if start.fen() != Position::startpos().fen() {
        tag("SetUp", "1");
        tag("FEN", &start.fen());
    }
    out.push('\n');
    out
}

struct PgnReader<R> {
    reader: R,
    line_no: usize,
    game_no: usize,
    /// The line being read (its buffer reused from line to line).
    line: String,
    /// The line's bytes as read (reused too).
    bytes: Vec<u8>,
    /// `line` is a tag line read while finishing the previous game, not yet used.
    pending: bool,
    eof: bool,
    /// Why the input stopped before its end (reported once, as the last item).
    failed: Option<std::io::Error>,
    /// Half-moves kept per game; those after are skipped unread.
    max_moves: usize,
    /// Keep every tag pair (else only those [`read_openings`] keeps).
    all_tags: bool,
    initial: Position,
}

/// Where the tokenizer is inside the movetext.
#[derive(Default)]
struct Movetext {
    in_comment: bool,
    depth: usize,
}

impl Movetext {
    /// Splits a line of movetext into tokens (slices of the line), honouring comments and
    /// variations, and gives `g` those outside both. True at a result: the rest of the
    /// line is not read.
    fn scan(&mut self, line: &str, no: usize, g: &mut GameBuilder) -> bool {
        let mut chars = line.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            if self.in_comment {
                if c == '}' {
                    self.in_comment = false;
                }
                continue;
            }
            match c {
                '{' => self.in_comment = true,
                ';' => break,
                '(' => self.depth += 1,
                ')' => {
                    if self.depth == 0 {
                        g.fail(no, "')' closes no variation".into());
                    } else {
                        self.depth -= 1;
                    }
                }
                // A stray '}' closes no comment: skipped.
                '}' => {}
                c if c.is_whitespace() => {}
                _ => {
                    let mut end = line.len();
                    while let Some(&(i, c)) = chars.peek() {
                        if c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';') {
                            end = i;
                            break;
                        }
                        chars.next();
                    }
                    if self.depth == 0 && g.token(&line[start..end], no) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

struct GameBuilder {
    headers: Vec<(String, String)>,
    start: Option<Position>,
    pos: Position,
    moves: Vec<Move>,
    result: Option<String>,
    error: Option<(usize, String)>,
    started_moves: bool,
    max_moves: usize,
    /// The initial position, made once per reader (reading its FEN for every game cost
    /// ~3% of an import).
    initial: Position,
}

impl GameBuilder {
    fn new(initial: Position, max_moves: usize) -> GameBuilder {
        GameBuilder {
            headers: Vec::new(),
            start: None,
            pos: initial,
            moves: Vec::new(),
            result: None,
            error: None,
            started_moves: false,
            max_moves,
            initial,
        }
    }

    /// A tag pair on line `no`: kept when `all_tags` asks for every tag or it is one the
    /// openings need.
    fn tag(&mut self, line: &str, no: usize, all_tags: bool) {
        match parse_tag(line) {
            Ok((name, value)) => {
                if all_tags || is_opening_tag(name) {
                    self.headers.push((name.to_string(), value.into_owned()));
                }
            }
            Err(e) => self.fail(no, e),
        }
    }

    /// The game read (`mt` the state its movetext ended in), or the first thing wrong
    /// with it: game number `game`, begun on `first_line`, read up to `last_line`.
    fn finish(
        mut self,
        mt: &Movetext,
        first_line: usize,
        game: usize,
        last_line: usize,
    ) -> Result<PgnGame, PgnError> {
        if mt.in_comment {
            self.fail(last_line, "a '{' comment is never closed".into());
        }
        if mt.depth > 0 {
            self.fail(last_line, "a '(' variation is never closed".into());
        }
        if let Some((line, message)) = self.error {
            return Err(PgnError {
                game,
                line,
                message,
                read_failed: false,
            });
        }
        if !self.started_moves && self.result.is_none() && self.headers.is_empty() {
            return Err(PgnError {
                game,
                line: first_line,
                message: "no game here".into(),
                read_failed: false,
            });
        }
        self.begin_moves(first_line);
        let result = self
            .result
            .or_else(|| {
                self.headers
                    .iter()
                    .find(|(k, _)| k == "Result")
                    .map(|(_, v)| v.clone())
                    .filter(|v| is_result(v))
            })
            .unwrap_or_else(|| "*".into());
        Ok(PgnGame {
            headers: self.headers,
            start: self.start.unwrap_or_default(),
            moves: self.moves,
            result,
        })
    }

    fn fail(&mut self, line: usize, msg: String) {
        if self.error.is_none() {
            self.error = Some((line, msg));
        }
    }

    fn begin_moves(&mut self, line: usize) {
        if self.started_moves {
            return;
        }
        self.started_moves = true;
        let fen = self
            .headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("FEN"))
            .map(|(_, v)| v.clone());
        let start = match fen {
            Some(f) => match Position::from_fen(f.trim()) {
                Ok(p) => p,
                Err(e) => {
                    self.fail(line, format!("bad FEN tag: {e}"));
                    self.initial
                }
            },
            None => self.initial,
        };
        self.start = Some(start);
        self.pos = start;
    }

    /// One movetext token outside comments and variations. Returns true at a result.
    fn token(&mut self, tok: &str, line: usize) -> bool {
        if is_result(tok) || tok == "½-½" {
            self.result = Some(if tok == "½-½" { "1/2-1/2" } else { tok }.to_string());
            return true;
        }
        self.begin_moves(line);
        // Move numbers: "12." "12..." "12.e4" "12...e5".
        let mut t = tok;
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && t[digits..].starts_with('.') {
            t = t[digits..].trim_start_matches('.');
        } else if digits == t.len() {
            return false; // a bare number
        }
        let t = t.trim_end_matches(['!', '?', '+', '#']);
        if t.is_empty() || t == "e.p." || t.starts_with('$') {
            return false;
        }
        if self.error.is_some() || self.moves.len() >= self.max_moves {
            return false;
        }
        match parse_move(&self.pos, t) {
            Ok(mv) => {
                self.pos.play(mv);
                self.moves.push(mv);
            }
            Err(e) => {
                let n = self.moves.len();
                let number = self.start.map_or(1, |s| {
                    s.fullmove_number() as usize + (n + (s.turn() == Color::Black) as usize) / 2
                });
                let dots = if self.pos.turn() == Color::White {
                    "."
                } else {
                    "..."
                };
                self.fail(line, format!("move {number}{dots} {t}: {e}"));
            }
        }
        false
    }
}

/// The four result tokens of PGN.
fn is_result(text: &str) -> bool {
    matches!(text, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Is a tag one that [`read_openings`] keeps?
fn is_opening_tag(name: &str) -> bool {
    // The players too: `import-pgn --player NAME` takes one player's games.
    name.eq_ignore_ascii_case("FEN") || matches!(name, "Result" | "White" | "Black")
}

/// Parses `[Name "value"]`.
fn parse_tag(line: &str) -> Result<(&str, std::borrow::Cow<'_, str>), String> {
    let inner = line
        .trim()
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or("a tag pair is written [Name \"value\"]")?;
    let inner = inner.trim();
    let (name, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or("a tag pair is written [Name \"value\"]")?;
    let rest = rest.trim();
    // `[Name value]`, without quotes, is read as the value itself.
    if !rest.contains('"') {
        return Ok((name, rest.into()));
    }
    let body = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("the value of tag {name} is not in double quotes"))?;
    if !body.contains('\\') {
        return Ok((name, body.into()));
    }
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                value.push(n);
            }
        } else {
            value.push(c);
        }
    }
    Ok((name, value.into()))
}

impl<R: BufRead> PgnReader<R> {
    fn new(reader: R, max_moves: usize, all_tags: bool) -> Self {
        PgnReader {
            reader,
            line_no: 0,
            game_no: 0,
            line: String::new(),
            bytes: Vec::new(),
            pending: false,
            eof: false,
            failed: None,
            max_moves,
            all_tags,
            initial: Position::startpos(),
        }
    }

    /// Reads the next line into `self.line` (unless a pending one is there) and returns
    /// its number; `None` at the end of the input.
    fn read_line(&mut self) -> Option<usize> {
        if std::mem::take(&mut self.pending) {
            return Some(self.line_no);
        }
        if self.eof {
            return None;
        }
        self.bytes.clear();
        match self.reader.read_until(b'\n', &mut self.bytes) {
            Ok(0) => {
                self.eof = true;
                None
            }
            Err(e) => {
                self.eof = true;
                self.failed = Some(e);
                None
            }
            Ok(_) => {
                self.line_no += 1;
                self.line.clear();
                match std::str::from_utf8(&self.bytes) {
                    Ok(s) => self.line.push_str(s),
                    Err(_) => self.line.push_str(&String::from_utf8_lossy(&self.bytes)),
                }
                if self.line_no == 1 && self.line.starts_with('\u{feff}') {
                    self.line.remove(0);
                }
                let end = self.line.trim_end_matches(['\n', '\r']).len();
                self.line.truncate(end);
                Some(self.line_no)
            }
        }
    }
    /// Reads the lines of one game into `g` and `mt`: up to its result, the next game's
    /// first tag (left pending for the next call) or the end of the input. Returns the
    /// number of the game's first line; `None` when only blank lines were left.
    fn read_game(&mut self, g: &mut GameBuilder, mt: &mut Movetext) -> Option<usize> {
        let mut first_line = None;
        while let Some(no) = self.read_line() {
            let line = self.line.as_str();
            if line.starts_with('%') && !mt.in_comment {
                continue;
            }
            let trimmed = line.trim();
            if trimmed.is_empty() && first_line.is_none() {
                continue;
            }
            if !mt.in_comment && mt.depth == 0 && trimmed.starts_with('[') {
                if g.started_moves {
                    // A new game begins without the last one's result.
                    self.pending = true;
                    break;
                }
                first_line.get_or_insert(no);
                g.tag(trimmed, no, self.all_tags);
                continue;
            }
            first_line.get_or_insert(no);
            if mt.scan(line, no, g) {
                break;
            }
        }
        first_line
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut g = GameBuilder::new(self.initial, self.max_moves);
        let mut mt = Movetext::default();
        let first_line = self.read_game(&mut g, &mut mt);
        if let Some(e) = self.failed.take() {
            // The game being read is cut short: not a game, the input's failure.
            return Some(Err(PgnError {
                game: self.game_no + 1,
                line: self.line_no + 1,
                message: format!("the input cannot be read further: {e}"),
                read_failed: true,
            }));
        }
        let first_line = first_line?;
        self.game_no += 1;
        Some(g.finish(&mt, first_line, self.game_no, self.line_no))
    }
}

#[cfg(test)]
mod tests {
    use super::wrap_movetext;

    #[test]
    fn movetext_wraps_at_80_keeping_moves_and_variations_whole() {
        let mut tokens = Vec::new();
        for n in 1..=40 {
            tokens.push(format!("{n}. Nf3"));
            tokens.push("(".to_string());
            tokens.push(format!("{n}. d4"));
            tokens.push("{a comment}".to_string());
            tokens.push(")".to_string());
        }
        let text = wrap_movetext(&tokens);
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        assert!(text.lines().count() > 1);
        // Every token is there, whole: the lines joined again give the same words.
        let words: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(words.len(), 40 * 6);
        assert!(text.contains("(1. d4 {a comment})"), "{text}");
        assert!(!text.contains("( ") && !text.contains(" )"), "{text}");
        for line in text.lines() {
            assert!(!line.ends_with('.'), "a number left alone: {line}");
        }
        // One token longer than a line gets a line of its own.
        let long = "x".repeat(90);
        let text = wrap_movetext(&["1. e4".into(), long.clone(), "e5".into()]);
        assert_eq!(text, format!("1. e4\n{long}\ne5"));
    }
}
