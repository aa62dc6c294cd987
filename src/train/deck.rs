//! The drills' deck: the learner's own mistakes, found by analysing their games, kept as
//! exercises in `drills.txt` in the user's data folder, one paragraph per exercise:
//!
//! ```text
//! # Huo Chess drills: your mistakes from analysed games (huo-chess analyse --player)
//!
//! [exercise]
//! fen = r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
//! played = Ng5 ?
//! cost = expected score 55% → 41%
//! best = Bb5
//! line = Bb5 a6 Ba4 Nf6
//! depth = 10
//! game = Me - Friend, 2026.11.25, move 3
//! moves = 1. e4 e5 2. Nf3 Nc6
//! train = due=2026-11-28 last=2026-11-25 stability=2.3065 difficulty=2.1181 reps=1 lapses=0
//! ```
//!
//! `played` is the move of the game with its judgement (`?` a mistake, `??` a blunder),
//! `cost` what it cost in the analysis's words, `best` and `line` the engine's move and line there
//! (SAN), searched to `depth` (1 to 30: an answer is searched that deep); `game` says where
//! it came from, `moves` (optional) the game's moves up to the exercise, shown with it. `train` is the schedule
//! (the fields of [`super::schedule`], the same FSRS), absent until the first answer. An
//! exercise is known by its position and the move played: analysing a game again adds
//! nothing twice. `#` lines before the first exercise are kept.
//!
//! Like the training schedule, the deck is read strictly (a problem names `file:line`
//! and the deck is then never rewritten), and each answer is saved at once, atomically.

use super::fsrs::{Grade, Params};
use super::schedule::{Record, RecordError, read_fields, write_fields};
use super::textfile::{self, StoreError, TextFile};
use crate::analysis::{GameAnalysis, Judgement};
use crate::core::{Color, FenError, Move, MoveError, Position, parse_san, san};
use crate::game::Game;
use crate::pgn::PgnGame;
use std::fmt;
use std::num::ParseIntError;
use std::path::{Path, PathBuf};

/// The deck's file name in the data folder.
pub const FILE_NAME: &str = "drills.txt";

/// The line the writer puts first.
const HEADER: &str =
    "# Huo Chess drills: your mistakes from analysed games (huo-chess analyse --player)";

/// One exercise: a position of the learner's where they went wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Drill {
    pub pos: Position,
    /// The move of the game, and how bad it was.
    pub played: Move,
    pub judgement: Judgement,
    /// What it cost, as the analysis said it (`expected score 55% → 41%`).
    pub cost: String,
    /// The engine's move, and its line (starting with it).
    pub best: Move,
    pub line: Vec<Move>,
    /// The depth the engine searched to; a drill answer is judged at it.
    pub depth: u32,
    /// Where it came from: `White - Black, date, move N`.
    pub game: String,
    /// Who judged it and how: `Huo Chess 0.1.0 (depth 12, 1 thread, hash 32 MB)` (`None`:
    /// a deck written before this was kept).
    pub engine: Option<String>,
    /// Why the move played was bad, as the analysis said it (`hangs the queen on e5
    /// (Nxe5)`; `None`: no reason known).
    pub why: Option<String>,
    /// The game's moves from the start position to `pos` (empty: not known, or a game
    /// that began elsewhere): the exercise shows how the position came about.
    pub moves: Vec<Move>,
    /// The schedule: `None` until the first answer.
    pub record: Option<Record>,
}

impl Drill {
    /// What the exercise is known by: its position and the move played.
    pub fn id(&self) -> (u64, Move) {
        (self.pos.key(), self.played)
    }

    /// To be asked on `today`: new, or due.
    pub fn is_due(&self, today: i64) -> bool {
        self.record.as_ref().is_none_or(|r| r.is_due(today))
    }

    /// The game up to the exercise: its moves from the start when known, else the position
    /// alone.
    pub fn game_to(&self) -> Game {
        let mut g = Game::new();
        for &mv in &self.moves {
            if g.play(mv).is_err() {
                return Game::from_position(self.pos);
            }
        }
        if g.position().key() == self.pos.key() {
            g
        } else {
            Game::from_position(self.pos)
        }
    }

    /// The line in SAN, moves apart by spaces (`Bb5 a6 Ba4`).
    pub fn line_san(&self) -> String {
        let mut pos = self.pos;
        let mut words = Vec::new();
        for &mv in &self.line {
            words.push(san(&pos, mv));
            pos.play(mv);
        }
        words.join(" ")
    }
}

fn judgement_of(symbol: &str) -> Option<Judgement> {
    [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ]
    .into_iter()
    .find(|j| j.symbol() == symbol)
}

/// The exercise as the deck writes it.
fn write_drill(d: &Drill) -> String {
    let mut text = format!(
        "[exercise]\nfen = {}\nplayed = {} {}\ncost = {}\nbest = {}\nline = {}\ndepth = {}\ngame = {}\n",
        d.pos.fen(),
        san(&d.pos, d.played),
        d.judgement.symbol(),
        d.cost,
        san(&d.pos, d.best),
        d.line_san(),
        d.depth,
        d.game
    );
    if let Some(e) = &d.engine {
        text.push_str(&format!("engine = {e}\n"));
    }
    if let Some(w) = &d.why {
        text.push_str(&format!("why = {w}\n"));
    }
    if !d.moves.is_empty() {
        text.push_str(&format!("moves = {}\n", d.game_to().movetext()));
    }
    if let Some(r) = &d.record {
        text.push_str(&format!("train = {}\n", write_fields(r)));
    }
    text
}

/// The moves of a `moves =` field (`1. e4 e5 2. Nf3`), from the start position: they must
/// lead to `pos`.
fn read_moves(text: &str, pos: &Position) -> Result<Vec<Move>, Problem> {
    let mut at = Position::startpos();
    let mut moves = Vec::new();
    for word in text.split_whitespace() {
        // Move numbers (`1.`, `3...`, `12.e4`) are left out.
        let bare = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if bare.is_empty() {
            continue;
        }
        let mv = parse_san(&at, bare).map_err(|e| Problem::san("moves", bare, e))?;
        at.play(mv);
        moves.push(mv);
    }
    if at.key() != pos.key() {
        return Err(Problem::MovesElsewhere);
    }
    Ok(moves)
}

/// Writes a deck: the header, the notes, the exercises in their order.
pub fn write(drills: &[Drill], notes: &[String]) -> String {
    let mut out = format!("{HEADER}\n");
    for n in notes {
        out.push_str(n);
        out.push('\n');
    }
    for d in drills {
        out.push('\n');
        out.push_str(&write_drill(d));
    }
    out
}

/// A deck read from text: its exercises, the notes, the problems (`file:line: message`).
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub drills: Vec<Drill>,
    pub notes: Vec<String>,
    pub problems: Vec<String>,
}

/// The fields of one `[exercise]` as read, each with its line number.
#[derive(Default)]
struct Fields<'a> {
    at: usize,
    list: Vec<(usize, &'a str, &'a str)>,
}

/// What is wrong with an exercise of the deck, and on which line; said after the file's
/// name (`drills.txt:12: best: Nf9: ...`).
#[derive(Clone, Debug, PartialEq)]
pub struct ExerciseError {
    pub line: usize,
    pub problem: Problem,
}

/// What is wrong with an exercise.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// A field every exercise has is not there.
    NoField {
        name: String,
    },
    Fen(FenError),
    /// A move of `played`, `best`, `line` or `moves` that is no move there.
    Move {
        field: &'static str,
        text: String,
        source: MoveError,
    },
    /// `played`'s judgement is not one.
    Judgement {
        symbol: String,
    },
    /// The depth is no depth of [`DEPTHS`] (the number parser's error when it is no
    /// number).
    Depth {
        value: String,
        source: Option<ParseIntError>,
    },
    /// `line` does not start with `best`.
    LineStart,
    /// `moves` does not lead to the exercise's position.
    MovesElsewhere,
    Train(RecordError),
}

impl Problem {
    fn san(field: &'static str, text: &str, source: MoveError) -> Problem {
        Problem::Move {
            field,
            text: text.to_string(),
            source,
        }
    }
}

impl fmt::Display for ExerciseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.line)?;
        match &self.problem {
            Problem::NoField { name } => write!(f, "the exercise has no '{name} ='"),
            Problem::Fen(e) => write!(f, "fen: {e}"),
            Problem::Move {
                field,
                text,
                source,
            } => write!(f, "{field}: {text}: {source}"),
            Problem::Judgement { symbol } => {
                write!(f, "played: '{symbol}' is not ?!, ? or ??")
            }
            Problem::Depth { value, .. } => write!(
                f,
                "depth = {value} is not a depth from {} to {} (each answer is searched that \
                 deep)",
                DEPTHS.start(),
                DEPTHS.end()
            ),
            Problem::LineStart => write!(f, "line: it must start with the best move"),
            Problem::MovesElsewhere => {
                write!(f, "moves: they do not lead to the exercise's fen")
            }
            Problem::Train(e) => write!(f, "train: {e}"),
        }
    }
}

impl std::error::Error for ExerciseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            Problem::Fen(e) => Some(e),
            Problem::Move { source, .. } => Some(source),
            Problem::Depth {
                source: Some(e), ..
            } => Some(e),
            Problem::Train(e) => Some(e),
            _ => None,
        }
    }
}

impl<'a> Fields<'a> {
    fn get(&self, name: &str) -> Result<(usize, &'a str), ExerciseError> {
        self.list
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|&(line, _, v)| (line, v))
            .ok_or_else(|| ExerciseError {
                line: self.at,
                problem: Problem::NoField {
                    name: name.to_string(),
                },
            })
    }

    fn drill(&self) -> Result<Drill, ExerciseError> {
        let at = |line: usize, problem: Problem| ExerciseError { line, problem };
        let (l, fen) = self.get("fen")?;
        let pos = Position::from_fen(fen).map_err(|e| at(l, Problem::Fen(e)))?;
        let (l, played) = self.get("played")?;
        let (mv, symbol) = played.split_once(' ').unwrap_or((played, ""));
        let played = parse_san(&pos, mv).map_err(|e| at(l, Problem::san("played", mv, e)))?;
        let judgement = judgement_of(symbol.trim()).ok_or_else(|| {
            at(
                l,
                Problem::Judgement {
                    symbol: symbol.trim().to_string(),
                },
            )
        })?;
        let (l, d) = self.get("depth")?;
        let depth = match d.parse::<u32>() {
            Ok(n) if DEPTHS.contains(&n) => n,
            parsed => {
                let value = d.to_string();
                return Err(at(
                    l,
                    Problem::Depth {
                        value,
                        source: parsed.err(),
                    },
                ));
            }
        };
        let (l, best) = self.get("best")?;
        let best = parse_san(&pos, best).map_err(|e| at(l, Problem::san("best", best, e)))?;
        let (l, line_text) = self.get("line")?;
        let mut line = Vec::new();
        let mut p = pos;
        for word in line_text.split_whitespace() {
            let mv = parse_san(&p, word).map_err(|e| at(l, Problem::san("line", word, e)))?;
            p.play(mv);
            line.push(mv);
        }
        if line.first() != Some(&best) {
            return Err(at(l, Problem::LineStart));
        }
        let (_, game) = self.get("game")?;
        let moves = match self.get("moves") {
            Ok((l, v)) => read_moves(v, &pos).map_err(|e| at(l, e))?,
            Err(_) => Vec::new(),
        };
        let record = match self.get("train") {
            Ok((l, v)) => {
                Some(read_fields(v.split_whitespace()).map_err(|e| at(l, Problem::Train(e)))?)
            }
            Err(_) => None,
        };
        Ok(Drill {
            pos,
            played,
            judgement,
            cost: self.get("cost")?.1.to_string(),
            best,
            line,
            depth,
            game: game.to_string(),
            engine: self.get("engine").ok().map(|(_, v)| v.to_string()),
            why: self.get("why").ok().map(|(_, v)| v.to_string()),
            moves,
            record,
        })
    }
}

/// The names an exercise may have.
const NAMES: [&str; 11] = [
    "fen", "played", "cost", "best", "line", "depth", "game", "engine", "why", "moves", "train",
];

/// The depths a drill may be judged at: an answer is searched that deep while the learner
/// waits, so a few seconds at most (the analysis's deeper searches are kept at the most).
pub const DEPTHS: std::ops::RangeInclusive<u32> = 1..=30;

/// Reads a deck's text; `shown` names the file in the problems.
pub fn parse(text: &str, shown: &str) -> Parsed {
    let mut p = Parsed::default();
    let mut current: Option<Fields> = None;
    let finish = |f: Option<Fields>, p: &mut Parsed| {
        if let Some(f) = f {
            match f.drill() {
                Ok(d) if p.drills.iter().any(|o| o.id() == d.id()) => p.problems.push(format!(
                    "{shown}:{}: the same position and move as an exercise before",
                    f.at
                )),
                Ok(d) => p.drills.push(d),
                Err(e) => p.problems.push(format!("{shown}:{e}")),
            }
        }
    };
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('#') {
            if current.is_none() && p.drills.is_empty() && line != HEADER {
                p.notes.push(line.to_string());
            }
            continue;
        }
        if line == "[exercise]" {
            finish(current.take(), &mut p);
            current = Some(Fields {
                at: n,
                list: Vec::new(),
            });
            continue;
        }
        let Some(f) = current.as_mut() else {
            p.problems
                .push(format!("{shown}:{n}: expected [exercise] first"));
            continue;
        };
        match line.split_once('=').map(|(k, v)| (k.trim(), v.trim())) {
            Some((k, _)) if f.list.iter().any(|(_, n, _)| *n == k) => {
                p.problems
                    .push(format!("{shown}:{n}: '{k}' is given twice"));
            }
            Some((k, v)) if NAMES.contains(&k) => f.list.push((n, k, v)),
            _ => p.problems.push(format!(
                "{shown}:{n}: '{line}' is not a field (one of {} = value)",
                NAMES.join(", ")
            )),
        }
    }
    finish(current.take(), &mut p);
    p
}

/// The deck in the user's data folder, `None` without a home.
pub fn default_path() -> Option<PathBuf> {
    crate::util::dirs::data_dir().map(|d| d.join(FILE_NAME))
}

impl TextFile for Parsed {
    fn parse(text: &str, shown: &str) -> Parsed {
        parse(text, shown)
    }

    fn problems(&self) -> &[String] {
        &self.problems
    }

    fn write(&self) -> String {
        write(&self.drills, &self.notes)
    }
}

/// What the messages call the deck.
const WHAT: &str = "the drills' deck";

/// The problems of the deck at `path` (`file:line: message` each).
pub fn check(path: &Path) -> Vec<String> {
    textfile::check::<Parsed>(path)
}

/// The deck of one file, as last read or written.
#[derive(Clone, Debug)]
pub struct Deck {
    path: PathBuf,
    drills: Vec<Drill>,
    params: Params,
}

impl Deck {
    /// The deck at `path` (empty when there is none yet).
    pub fn load(path: &Path) -> Result<Deck, StoreError> {
        Ok(Deck {
            path: path.to_path_buf(),
            drills: textfile::read_clean::<Parsed>(path, WHAT)?.drills,
            params: Params::default(),
        })
    }

    /// The file, as shown to the user.
    pub fn file(&self) -> String {
        self.path.display().to_string()
    }

    pub fn drills(&self) -> &[Drill] {
        &self.drills
    }

    /// The scheduler's settings.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Reads the file again under the lock of its folder, changes it with `change`, and
    /// replaces it atomically.
    fn update<T>(&mut self, change: impl FnOnce(&mut Vec<Drill>) -> T) -> Result<T, StoreError> {
        let mut drills = Vec::new();
        let result = textfile::update::<Parsed, T>(&self.path, WHAT, |current| {
            let result = change(&mut current.drills);
            drills.clone_from(&current.drills);
            result
        })?;
        self.drills = drills;
        Ok(result)
    }

    /// Adds the exercises not in the deck yet; returns how many were added.
    pub fn add(&mut self, new: Vec<Drill>) -> Result<usize, StoreError> {
        self.update(|drills| {
            let mut added = 0;
            for d in new {
                if !drills.iter().any(|o| o.id() == d.id()) {
                    drills.push(d);
                    added += 1;
                }
            }
            added
        })
    }

    /// Records an answer to the exercise `id` on `today`, and saves it at once.
    pub fn answer(
        &mut self,
        id: (u64, Move),
        grade: Grade,
        today: i64,
    ) -> Result<Record, StoreError> {
        let params = self.params.clone();
        self.update(|drills| {
            let d = drills.iter_mut().find(|d| d.id() == id)?;
            let r = Record::after(&params, d.record.as_ref(), grade, today);
            d.record = Some(r.clone());
            Some(r)
        })?
        .ok_or(StoreError::NoLongerInDeck)
    }
}

/// The exercises `player`'s mistakes and blunders in an analysed game make: the player is
/// the game's `White` or `Black` (the name compared without regard to case).
pub fn from_game(pgn: &PgnGame, analysis: &GameAnalysis, player: &str) -> Vec<Drill> {
    from_sides(
        &pgn.headers,
        &pgn.to_game(),
        analysis,
        &sides_of(pgn, player),
    )
}

/// The sides `player` has in `pgn`: where the `White` or `Black` tag is the name
/// (compared without regard to case); none when the player is not in the game.
pub fn sides_of(pgn: &PgnGame, player: &str) -> Vec<Color> {
    [Color::White, Color::Black]
        .into_iter()
        .filter(|c| {
            pgn.header(&c.to_string())
                .is_some_and(|n| n.trim().eq_ignore_ascii_case(player.trim()))
        })
        .collect()
}

/// The exercises the mistakes (`?`) and blunders (`??`) of `sides` in `game`, analysed,
/// make; `headers` (the game's PGN tags) say where each came from: `White - Black, date,
/// move N`.
pub fn from_sides(
    headers: &[(String, String)],
    game: &Game,
    analysis: &GameAnalysis,
    sides: &[Color],
) -> Vec<Drill> {
    let tag = |name: &str| crate::pgn::header(headers, name);
    let where_from = format!(
        "{} - {}, {}",
        tag("White").unwrap_or("?"),
        tag("Black").unwrap_or("?"),
        tag("Date").unwrap_or("????.??.??")
    );
    analysis
        .moves
        .iter()
        // A mistake or a blunder that changes what the game is heading for (won, level,
        // lost): a worse move in a game already decided teaches little.
        .filter(|m| {
            sides.contains(&m.mover)
                && m.judgement >= Some(Judgement::Mistake)
                && m.changes_outcome()
        })
        .filter_map(|m| {
            let best = m.best.filter(|b| *b != m.mv)?;
            let pos = *game.positions().get(m.ply)?;
            Some(Drill {
                pos,
                played: m.mv,
                judgement: m.judgement?,
                cost: m.cost(),
                best,
                line: if m.pv.first() == Some(&best) {
                    m.pv.clone()
                } else {
                    vec![best]
                },
                depth: analysis.positions[m.ply]
                    .depth
                    .clamp(*DEPTHS.start(), *DEPTHS.end()),
                game: format!("{where_from}, move {}", pos.fullmove_number()),
                engine: analysis.annotator.clone(),
                why: m.reason.as_ref().map(|r| format!("{} {r}", m.san)),
                moves: if *game.start() == Position::startpos() {
                    game.moves()[..m.ply].to_vec()
                } else {
                    Vec::new()
                },
                record: None,
            })
        })
        .collect()
}

/// What adding exercises to the deck did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Added {
    /// The exercises offered (the mistakes and blunders found).
    pub found: usize,
    /// Of those, the ones new to the deck (the others were in it already).
    pub added: usize,
    /// The exercises in the deck now.
    pub total: usize,
    /// The deck's file, as shown to the user.
    pub file: String,
}

impl Added {
    /// Offered but in the deck already (the same position and move).
    pub fn already(&self) -> usize {
        self.found - self.added
    }
}

impl std::fmt::Display for Added {
    /// `2 mistake(s) and blunder(s), 1 new exercise(s) and 1 already in drills.txt (5 in
    /// all)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} mistake(s) and blunder(s), {} new exercise(s) and {} already in {} ({} in all)",
            self.found,
            self.added,
            self.already(),
            self.file,
            self.total
        )
    }
}

/// Adds `drills` to the deck at `path` (made when there is none), each once: the one way
/// exercises enter the deck, from `analyse --player` and from the analysis screen.
pub fn add_to(path: &Path, drills: Vec<Drill>) -> Result<Added, StoreError> {
    let mut deck = Deck::load(path)?;
    let found = drills.len();
    let added = deck.add(drills)?;
    Ok(Added {
        found,
        added,
        total: deck.drills().len(),
        file: deck.file(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::scratch::Scratch;

    fn drill() -> Drill {
        let pos =
            Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .unwrap();
        let mv = |p: &Position, s: &str| parse_san(p, s).unwrap();
        let best = mv(&pos, "Bb5");
        let mut after = pos;
        after.play(best);
        Drill {
            pos,
            played: mv(&pos, "Ng5"),
            judgement: Judgement::Mistake,
            cost: "expected score 55% → 41%".into(),
            best,
            line: vec![best, mv(&after, "a6")],
            depth: 10,
            game: "Me - Friend, 2026.11.25, move 3".into(),
            engine: None,
            why: None,
            moves: Vec::new(),
            record: None,
        }
    }

    #[test]
    fn an_exercise_written_reads_back() {
        let d = drill();
        let text = write(std::slice::from_ref(&d), &["# mine".into()]);
        assert!(
            text.contains(
                "played = Ng5 ?\ncost = expected score 55% → 41%\nbest = Bb5\nline = Bb5 a6\n"
            ),
            "{text}"
        );
        let back = parse(&text, "d");
        assert!(back.problems.is_empty(), "{:?}", back.problems);
        assert_eq!(back.drills, vec![d]);
        assert_eq!(back.notes, vec!["# mine".to_string()]);
        assert_eq!(write(&back.drills, &back.notes), text);
    }

    #[test]
    fn problems_name_their_line() {
        let text = write(&[drill()], &[]);
        for (from, to, said) in [
            ("best = Bb5", "best = Bb6", "d:7: best: Bb6"),
            (
                "played = Ng5 ?",
                "played = Ng5 !",
                "d:5: played: '!' is not",
            ),
            ("line = Bb5 a6", "line = Bc4 a6", "d:8: line: it must start"),
            (
                "depth = 10",
                "depth = ten",
                "d:9: depth = ten is not a depth from 1 to 30",
            ),
            // An answer would be searched for minutes: refused.
            (
                "depth = 10",
                "depth = 900",
                "d:9: depth = 900 is not a depth from 1 to 30",
            ),
            ("depth = 10", "depth = 0", "d:9: depth = 0 is not a depth"),
            (
                "game = ",
                "moves = 1. e4 e5\ngame = ",
                "d:10: moves: they do not lead to the exercise's fen",
            ),
            ("game = ", "gmae = ", "d:10: 'gmae = "),
        ] {
            let p = parse(&text.replace(from, to), "d");
            assert!(
                p.problems.iter().any(|e| e.starts_with(said)),
                "{to}: {:?}",
                p.problems
            );
        }
        let bad = format!(
            "{text}train = due=soon last=2026-11-25 stability=1 difficulty=5 reps=1 lapses=0\n"
        );
        let p = parse(&bad, "d");
        assert!(
            p.problems[0].starts_with("d:11: train: due=soon is not a date"),
            "{:?}",
            p.problems
        );
    }

    #[test]
    fn added_once_and_answers_saved() {
        let dir = Scratch::new("deck");
        let path = dir.path().join(FILE_NAME);
        let mut deck = Deck::load(&path).unwrap();
        assert_eq!(deck.add(vec![drill(), drill()]).unwrap(), 1);
        assert_eq!(deck.add(vec![drill()]).unwrap(), 0);
        let r = deck.answer(drill().id(), Grade::Again, 20_000).unwrap();
        assert_eq!((r.reps, r.lapses, r.memory.due), (1, 1, 20_000));
        let back = Deck::load(&path).unwrap();
        assert_eq!(back.drills()[0].record, Some(r));
        std::fs::write(&path, "[exercise]\nfen = nonsense\n").unwrap();
        assert!(
            Deck::load(&path)
                .unwrap_err()
                .to_string()
                .contains("drills.txt:2: fen")
        );
        assert!(deck.answer(drill().id(), Grade::Good, 20_000).is_err());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "[exercise]\nfen = nonsense\n"
        );
    }

    #[test]
    fn a_deck_that_cannot_be_read_keeps_the_systems_error() {
        use std::error::Error;
        let dir = Scratch::new("deck-a-folder");
        // A folder where the deck's file should be.
        let path = dir.path().join(FILE_NAME);
        std::fs::create_dir(&path).unwrap();
        let e = Deck::load(&path).unwrap_err();
        let io = e
            .source()
            .and_then(|s| s.downcast_ref::<std::io::Error>())
            .expect("the system's error");
        assert_eq!(io.kind(), std::io::ErrorKind::IsADirectory);
        assert_eq!(
            e.to_string(),
            format!("cannot read {}: {io}", path.display())
        );
        assert_eq!(check(&path), vec![e.to_string()]);
    }

    #[test]
    fn an_answer_not_saved_says_why() {
        use std::error::Error;
        let dir = Scratch::new("deck-not-saved");
        let path = dir.path().join(FILE_NAME);
        let mut deck = Deck::load(&path).unwrap();
        deck.add(vec![drill()]).unwrap();
        // Damaged since: refused, the problems named, nothing written.
        std::fs::write(&path, "[exercise]\nfen = nonsense\n").unwrap();
        let e = deck.answer(drill().id(), Grade::Good, 20_000).unwrap_err();
        let shown = e.to_string();
        assert!(
            shown.starts_with("not saved: the drills' deck has problems (fix them by hand):\n"),
            "{shown}"
        );
        assert!(shown.contains("drills.txt:2: fen"), "{shown}");
        let cause = e
            .source()
            .and_then(|s| s.downcast_ref::<StoreError>())
            .expect("why it was not saved");
        assert!(
            matches!(cause, StoreError::Problems { what: WHAT, .. }),
            "{cause:?}"
        );
        assert!(cause.source().is_none());
        // Emptied since: the exercise is gone.
        std::fs::write(&path, "").unwrap();
        let e = deck.answer(drill().id(), Grade::Good, 20_000).unwrap_err();
        assert!(matches!(e, StoreError::NoLongerInDeck));
        assert_eq!(
            e.to_string(),
            "not saved: the exercise is no longer in the deck"
        );
        assert!(e.source().is_none());
    }

    #[cfg(feature = "failpoints")]
    #[test]
    fn an_answer_that_cannot_be_written_keeps_the_systems_error() {
        use crate::util::failpoint;
        use std::error::Error;
        let dir = Scratch::new("deck-write-fails");
        let path = dir.path().join(FILE_NAME);
        let mut deck = Deck::load(&path).unwrap();
        deck.add(vec![drill()]).unwrap();
        let before = std::fs::read_to_string(&path).unwrap();
        failpoint::arm(Some("files.create"));
        let e = deck.answer(drill().id(), Grade::Good, 20_000).unwrap_err();
        failpoint::arm(None);
        let io = e
            .source()
            .and_then(|s| s.downcast_ref::<std::io::Error>())
            .expect("the system's error");
        assert_eq!(io.to_string(), "fail point files.create");
        assert_eq!(
            e.to_string(),
            format!("not saved: cannot write {}: {io}", path.display())
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    }

    #[test]
    fn an_exercise_refused_is_a_typed_error_keeping_the_readers_error() {
        use std::error::Error;
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let fields = |best: &'static str, depth: &'static str, train: &'static str| Fields {
            at: 3,
            list: vec![
                (4, "fen", fen),
                (5, "played", "Ng5 ?"),
                (6, "cost", "expected score 55% → 41%"),
                (7, "best", best),
                (8, "line", "Bb5 a6"),
                (9, "depth", depth),
                (10, "game", "Me - Friend, 2026.11.25, move 3"),
                (11, "train", train),
            ],
        };
        let fine = "due=2026-11-28 last=2026-11-25 stability=2.3 difficulty=2.1 reps=1 lapses=0";
        assert!(fields("Bb5", "10", fine).drill().is_ok());
        let e = fields("Nf9", "10", fine).drill().unwrap_err();
        let moved = e.source().unwrap().downcast_ref::<MoveError>().unwrap();
        assert_eq!(e.line, 7);
        assert_eq!(e.to_string(), format!("7: best: Nf9: {moved}"));
        let e = fields("Bb5", "ten", fine).drill().unwrap_err();
        assert_eq!(
            e.to_string(),
            "9: depth = ten is not a depth from 1 to 30 (each answer is searched that deep)"
        );
        let parse = e.source().unwrap().downcast_ref::<ParseIntError>().unwrap();
        assert_eq!(parse, &"ten".parse::<u32>().unwrap_err());
        let e = fields("Bb5", "90", fine).drill().unwrap_err();
        assert!(e.source().is_none(), "{e}");
        let e = fields("Bb5", "10", "due=2026-11-28").drill().unwrap_err();
        assert_eq!(e.to_string(), "11: train: last= is missing");
        let record = e.source().unwrap().downcast_ref::<RecordError>().unwrap();
        assert_eq!(record, &RecordError::Missing { name: "last" });
        let mut none = fields("Bb5", "10", fine);
        none.list.retain(|(_, n, _)| *n != "game");
        let e = none.drill().unwrap_err();
        assert_eq!(e.to_string(), "3: the exercise has no 'game ='");
    }
}
