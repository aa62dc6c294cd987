//! The training schedule on disk: `training.txt` in the user's book directory, one line per
//! position the user has answered, sorted by the position's key:
//!
//! ```text
//! # Huo Chess training schedule (format: books/README.md)
//! 463b96181691fc9c due=2026-12-03 last=2026-11-30 stability=3.1730 difficulty=5.2800 reps=3 lapses=1  # 1. e4
//! ```
//!
//! The key is the position's Polyglot key, as in the book's file names (it says whose move
//! it is, so one line serves one side). `due` is the day it is asked again, `last` the day
//! of the last answer (both `YYYY-MM-DD`, the local date), `stability` and `difficulty` the
//! scheduler's memory of it ([`super::fsrs`]), `reps` the answers given and `lapses` those
//! that were wrong. Other `name=value` fields are kept as they are. What follows a `#` on a
//! line says which position it is, for a person reading the file (its moves from the
//! start, or its FEN); `#` lines are the user's notes, kept at the top (the header line is
//! the writer's).
//!
//! The schedule is apart from the positions' files on purpose: training a line only the
//! built-in book has must not create a position in the user's book (it would hide the
//! built-in moves there), and one sorted text file diffs well and travels with the book.
//!
//! Each answer is saved at once: under the book's lock the file is read again, the one
//! line changed and the whole file replaced atomically ([`crate::util::files`]). A file
//! with a problem is never rewritten: the trainer refuses to start and `huo-book check`
//! names the line.

use super::fsrs::{Grade, Memory, Params};
use super::textfile::{self, StoreError, TextFile};
use crate::util::date;
use std::collections::BTreeMap;
use std::fmt;
use std::num::{ParseFloatError, ParseIntError};
use std::path::{Path, PathBuf};

/// The schedule's file name in the book directory.
pub const FILE_NAME: &str = "training.txt";

/// The line the writer puts first.
const HEADER: &str = "# Huo Chess training schedule (format: books/README.md)";

/// One position's schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub memory: Memory,
    /// Answers given.
    pub reps: u32,
    /// Answers that were wrong.
    pub lapses: u32,
    /// Other fields, kept as they were read.
    pub other: Vec<(String, String)>,
    /// Which position it is, for a person reading the file (the line's `#` comment).
    pub label: Option<String>,
}

/// A position is *learned* once the scheduler expects it to be remembered this many days
/// (its stability: the days until the chance of recalling it falls to 90%); before that
/// it is still being learned. Three weeks, the interval Anki calls mature.
pub const LEARNED_STABILITY: f64 = 21.0;

impl Record {
    /// Is the position learned ([`LEARNED_STABILITY`]), not just answered right once?
    pub fn learned(&self) -> bool {
        self.memory.stability >= LEARNED_STABILITY
    }

    /// The share of answers that were right, 0 to 1.
    pub fn success(&self) -> f64 {
        if self.reps == 0 {
            0.0
        } else {
            f64::from(self.reps - self.lapses) / f64::from(self.reps)
        }
    }

    /// Due on `today` (or overdue).
    pub fn is_due(&self, today: i64) -> bool {
        self.memory.is_due(today)
    }

    /// The record of a new position shown on `today` before it is ever asked (the trainer
    /// shows a new position's moves first): a learning step, `reps=0`, due the same day,
    /// with `first=` (the day it was first met: the daily limit on new positions counts
    /// it) and `shown=`. The memory is the scheduler's first one for a right answer, so
    /// that a reader of the fields alone (an older Huo Chess) reads a valid line due today.
    pub fn shown(params: &Params, today: i64) -> Record {
        let mut memory = params.review(None, Grade::Good, today);
        memory.due = today;
        Record {
            memory,
            reps: 0,
            lapses: 0,
            other: vec![
                (FIRST.to_string(), date::iso(today)),
                (SHOWN.to_string(), date::iso(today)),
            ],
            label: None,
        }
    }

    /// A learning step only: shown, never answered yet.
    pub fn only_shown(&self) -> bool {
        self.reps == 0
    }

    /// The record after an answer graded `grade` on `today`; `before`: the record before
    /// it (`None`: a first answer; a record only shown ([`Record::shown`]) is answered for
    /// the first time too, its `first=` and `shown=` kept).
    pub fn after(params: &Params, before: Option<&Record>, grade: Grade, today: i64) -> Record {
        let memory_before = before.filter(|r| !r.only_shown()).map(|r| &r.memory);
        Record {
            memory: params.review(memory_before, grade, today),
            reps: before.map_or(0, |r| r.reps).saturating_add(1),
            lapses: before.map_or(0, |r| r.lapses) + u32::from(grade == Grade::Again),
            // A first answer notes its day (`first=`): the daily limit on new positions
            // counts the positions first met today.
            other: before.map_or_else(
                || vec![(FIRST.to_string(), date::iso(today))],
                |r| r.other.clone(),
            ),
            label: before.and_then(|r| r.label.clone()),
        }
    }

    /// The day of the first answer, when the record notes it (older records do not).
    pub fn first_day(&self) -> Option<i64> {
        self.other
            .iter()
            .find(|(k, _)| k == FIRST)
            .and_then(|(_, v)| date::parse_iso(v))
    }
}

/// The optional field with the day the position was first met (shown or answered).
const FIRST: &str = "first";
/// The optional field with the day a new position was shown, before its first answer.
const SHOWN: &str = "shown";

/// The fields every line has.
const FIELDS: [&str; 6] = ["due", "last", "stability", "difficulty", "reps", "lapses"];

fn write_line(key: u64, r: &Record) -> String {
    match &r.label {
        Some(label) => format!("{key:016x} {}  # {label}", write_fields(r)),
        None => format!("{key:016x} {}", write_fields(r)),
    }
}

/// A record's fields, `due=… last=… stability=… difficulty=… reps=… lapses=…` and the
/// others kept (the drills' deck writes them too).
pub fn write_fields(r: &Record) -> String {
    let m = &r.memory;
    let mut line = format!(
        "due={} last={} stability={:.4} difficulty={:.4} reps={} lapses={}",
        date::iso(m.due),
        date::iso(m.last),
        m.stability,
        m.difficulty,
        r.reps,
        r.lapses
    );
    for (k, v) in &r.other {
        line.push_str(&format!(" {k}={v}"));
    }
    line
}

/// What is wrong with a schedule's line, or with a record's fields wherever they are
/// written (the drills' deck too); said after the file and line.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    /// The line does not start with a position key.
    NotAKey {
        word: String,
    },
    /// A word that is not `name=value`.
    NotAField {
        word: String,
    },
    Twice {
        name: String,
    },
    Missing {
        name: &'static str,
    },
    NotADate {
        name: &'static str,
        value: String,
    },
    /// A count that does not read as one: the number parser's error.
    NotACount {
        name: &'static str,
        value: String,
        source: ParseIntError,
    },
    /// A number out of its range, or no number (then the number parser's error).
    NotANumber {
        name: &'static str,
        value: String,
        low: f64,
        high: f64,
        source: Option<ParseFloatError>,
    },
    /// More wrong answers than answers.
    MoreLapses {
        lapses: u32,
        reps: u32,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotAKey { word } => write!(
                f,
                "'{word}' is not a position key (16 lowercase hexadecimal digits)"
            ),
            RecordError::NotAField { word } => write!(f, "'{word}' is not a field (name=value)"),
            RecordError::Twice { name } => write!(f, "{name}= is given twice"),
            RecordError::Missing { name } => write!(f, "{name}= is missing"),
            RecordError::NotADate { name, value } => {
                write!(f, "{name}={value} is not a date (YYYY-MM-DD)")
            }
            RecordError::NotACount { name, value, .. } => {
                write!(f, "{name}={value} is not a whole number")
            }
            RecordError::NotANumber {
                name,
                value,
                low,
                high,
                ..
            } => write!(f, "{name}={value} is not a number from {low} to {high}"),
            RecordError::MoreLapses { lapses, reps } => write!(
                f,
                "lapses={lapses} is more than reps={reps} (lapses are the wrong answers among \
                 them)"
            ),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::NotACount { source, .. } => Some(source),
            RecordError::NotANumber {
                source: Some(source),
                ..
            } => Some(source),
            _ => None,
        }
    }
}

/// Reads one line (not a comment): its key and record, or what is wrong with it.
fn read_line(line: &str) -> Result<(u64, Record), RecordError> {
    let (line, label) = match line.split_once('#') {
        Some((data, label)) => (data, Some(label.trim()).filter(|l| !l.is_empty())),
        None => (line, None),
    };
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let key = (first.len() == 16
        && first
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
    .then(|| u64::from_str_radix(first, 16).ok())
    .flatten()
    .ok_or_else(|| RecordError::NotAKey {
        word: first.to_string(),
    })?;
    let mut record = read_fields(words)?;
    record.label = label.map(str::to_string);
    Ok((key, record))
}

/// Reads a record's `name=value` fields (as [`write_fields`] writes them), or says what
/// is wrong with them.
pub fn read_fields<'a>(words: impl Iterator<Item = &'a str>) -> Result<Record, RecordError> {
    let mut found: [Option<&str>; 6] = [None; 6];
    let mut other: Vec<(String, String)> = Vec::new();
    for word in words {
        let Some((name, value)) = word.split_once('=').filter(|(n, _)| !n.is_empty()) else {
            return Err(RecordError::NotAField {
                word: word.to_string(),
            });
        };
        let twice = || RecordError::Twice {
            name: name.to_string(),
        };
        match FIELDS.iter().position(|f| *f == name) {
            Some(i) if found[i].is_some() => return Err(twice()),
            Some(i) => found[i] = Some(value),
            None if other.iter().any(|(n, _)| n == name) => return Err(twice()),
            None => other.push((name.to_string(), value.to_string())),
        }
    }
    let mut values = [""; 6];
    for (i, f) in FIELDS.iter().enumerate() {
        values[i] = found[i].ok_or(RecordError::Missing { name: f })?;
    }
    let [due, last, stability, difficulty, reps, lapses] = values;
    let day = |name: &'static str, v: &str| {
        date::parse_iso(v).ok_or_else(|| RecordError::NotADate {
            name,
            value: v.to_string(),
        })
    };
    let count = |name: &'static str, v: &str| {
        v.parse::<u32>().map_err(|source| RecordError::NotACount {
            name,
            value: v.to_string(),
            source,
        })
    };
    let number = |name: &'static str, v: &str, low: f64, high: f64| {
        let out_of_range = |source| RecordError::NotANumber {
            name,
            value: v.to_string(),
            low,
            high,
            source,
        };
        match v.parse::<f64>() {
            Ok(x) if x.is_finite() && (low..=high).contains(&x) => Ok(x),
            Ok(_) => Err(out_of_range(None)),
            Err(e) => Err(out_of_range(Some(e))),
        }
    };
    let record = Record {
        memory: Memory {
            due: day("due", due)?,
            last: day("last", last)?,
            stability: number("stability", stability, 0.001, 1e9)?,
            difficulty: number("difficulty", difficulty, 1.0, 10.0)?,
        },
        reps: count("reps", reps)?,
        lapses: count("lapses", lapses)?,
        other,
        label: None,
    };
    if record.lapses > record.reps {
        return Err(RecordError::MoreLapses {
            lapses: record.lapses,
            reps: record.reps,
        });
    }
    Ok(record)
}

/// A schedule read from text: its records, the user's `#` notes, and the problems found
/// (each `file:line: message`).
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub records: BTreeMap<u64, Record>,
    pub notes: Vec<String>,
    pub problems: Vec<String>,
}

/// Reads a schedule's text; `shown` names the file in the problems.
pub fn parse(text: &str, shown: &str) -> Parsed {
    let mut p = Parsed::default();
    let mut lines_of: BTreeMap<u64, usize> = BTreeMap::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('#') {
            if line != HEADER {
                p.notes.push(line.to_string());
            }
            continue;
        }
        match read_line(line) {
            Ok((key, record)) => {
                if let Some(first) = lines_of.get(&key) {
                    p.problems.push(format!(
                        "{shown}:{n}: position {key:016x} is listed twice (first on line {first})"
                    ));
                    continue;
                }
                lines_of.insert(key, n);
                p.records.insert(key, record);
            }
            Err(e) => p.problems.push(format!("{shown}:{n}: {e}")),
        }
    }
    p
}

/// Writes a schedule's text: the header, the notes, one line per record by key.
pub fn write(records: &BTreeMap<u64, Record>, notes: &[String]) -> String {
    let mut out = String::from(HEADER);
    out.push('\n');
    for n in notes {
        out.push_str(n);
        out.push('\n');
    }
    for (key, r) in records {
        out.push_str(&write_line(*key, r));
        out.push('\n');
    }
    out
}

/// The schedule of one book directory, as last read or written.
#[derive(Clone, Debug)]
pub struct Schedule {
    path: PathBuf,
    records: BTreeMap<u64, Record>,
    params: Params,
}

/// The schedule file of the book directory `dir`.
pub fn path_in(dir: &Path) -> PathBuf {
    dir.join(FILE_NAME)
}

impl TextFile for Parsed {
    fn parse(text: &str, shown: &str) -> Parsed {
        parse(text, shown)
    }

    fn problems(&self) -> &[String] {
        &self.problems
    }

    fn write(&self) -> String {
        write(&self.records, &self.notes)
    }
}

/// What the messages call the schedule.
const WHAT: &str = "the training schedule";

/// The problems of the schedule in book directory `dir` (`file:line: message` each), for
/// `huo-book check`; none when there is no schedule.
pub fn check(dir: &Path) -> Vec<String> {
    textfile::check::<Parsed>(&path_in(dir))
}

/// Which position `game` has reached, for a person reading the schedule: its moves from
/// the start position, or its FEN when it began elsewhere.
pub fn label_of(game: &crate::game::Game) -> String {
    if *game.start() != crate::core::Position::startpos() {
        game.position().fen()
    } else if game.moves().is_empty() {
        "the start position".to_string()
    } else {
        game.movetext()
    }
}

impl Schedule {
    /// The schedule of book directory `dir` (empty when it has none yet). A file with any
    /// problem is refused, naming each, so that it is never rewritten without them.
    pub fn load(dir: &Path) -> Result<Schedule, StoreError> {
        let path = path_in(dir);
        let parsed = textfile::read_clean::<Parsed>(&path, WHAT)?;
        Ok(Schedule {
            path,
            records: parsed.records,
            params: Params::default(),
        })
    }

    /// The file, as shown to the user.
    pub fn file(&self) -> String {
        self.path.display().to_string()
    }

    /// The record of the position with `key`, if it was ever answered.
    pub fn get(&self, key: u64) -> Option<&Record> {
        self.records.get(&key)
    }

    /// Every record, by key.
    pub fn records(&self) -> &BTreeMap<u64, Record> {
        &self.records
    }

    /// The scheduler's settings.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Records an answer to the position with `key` on `today`, and saves it: under the
    /// book's lock, the file is read again (another program may have changed other lines),
    /// this line changed, and the file replaced atomically. Returns the new record.
    pub fn answer(&mut self, key: u64, grade: Grade, today: i64) -> Result<Record, StoreError> {
        self.answer_labelled(key, None, grade, today)
    }

    /// As [`Schedule::answer`], naming the position for a person reading the file
    /// (`label`: its moves from the start, or its FEN), kept as the line's comment.
    pub fn answer_labelled(
        &mut self,
        key: u64,
        label: Option<&str>,
        grade: Grade,
        today: i64,
    ) -> Result<Record, StoreError> {
        let params = &self.params;
        let mut records = BTreeMap::new();
        let record = textfile::update::<Parsed, Record>(&self.path, WHAT, |current| {
            let mut record = Record::after(params, current.records.get(&key), grade, today);
            if let Some(label) = label {
                record.label = Some(label.to_string());
            }
            current.records.insert(key, record.clone());
            records.clone_from(&current.records);
            record
        })?;
        self.records = records;
        Ok(record)
    }

    /// Saves that the new position `key` was shown on `today` ([`Record::shown`]), as an
    /// answer is saved; a position with a record already keeps it. Returns the record.
    pub fn show(&mut self, key: u64, label: &str, today: i64) -> Result<Record, StoreError> {
        let params = &self.params;
        let mut records = BTreeMap::new();
        let record = textfile::update::<Parsed, Record>(&self.path, WHAT, |current| {
            let record = current.records.entry(key).or_insert_with(|| {
                let mut r = Record::shown(params, today);
                r.label = Some(label.to_string());
                r
            });
            let record = record.clone();
            records.clone_from(&current.records);
            record
        })?;
        self.records = records;
        Ok(record)
    }

    /// Makes the position with `key` due on `today` (a position the user's games left the
    /// book at, to review), saved as an answer is; what the scheduler knows of it stays.
    /// Returns false when it was never answered: a new position is asked among the new
    /// ones, and nothing is written.
    pub fn make_due(&mut self, key: u64, label: &str, today: i64) -> Result<bool, StoreError> {
        if !self.records.contains_key(&key) {
            return Ok(false);
        }
        let mut records = BTreeMap::new();
        let found = textfile::update::<Parsed, bool>(&self.path, WHAT, |current| {
            let found = match current.records.get_mut(&key) {
                Some(r) => {
                    r.memory.due = r.memory.due.min(today);
                    r.label.get_or_insert_with(|| label.to_string());
                    true
                }
                None => false,
            };
            records.clone_from(&current.records);
            found
        })?;
        self.records = records;
        Ok(found)
    }

    /// Puts back the record of the position with `key` as it was (`None`: never answered),
    /// saved as an answer is: an answer taken back.
    pub fn restore(&mut self, key: u64, before: Option<Record>) -> Result<(), StoreError> {
        let mut records = BTreeMap::new();
        textfile::update::<Parsed, ()>(&self.path, WHAT, |current| {
            match before {
                Some(r) => current.records.insert(key, r),
                None => current.records.remove(&key),
            };
            records.clone_from(&current.records);
        })?;
        self.records = records;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::scratch::Scratch;

    #[test]
    fn a_line_written_reads_back() {
        let mut records = BTreeMap::new();
        let r = Record {
            memory: Memory {
                stability: 3.17301,
                difficulty: 5.28,
                last: date::parse_iso("2026-11-30").unwrap(),
                due: date::parse_iso("2026-12-03").unwrap(),
            },
            reps: 3,
            lapses: 1,
            other: vec![("mine".into(), "x".into())],
            label: Some("1. e4 c5".into()),
        };
        records.insert(0x463b96181691fc9c, r.clone());
        records.insert(0x0000000000000001, r.clone());
        let text = write(&records, &["# my note".to_string()]);
        assert_eq!(
            text,
            "# Huo Chess training schedule (format: books/README.md)\n# my note\n\
             0000000000000001 due=2026-12-03 last=2026-11-30 stability=3.1730 difficulty=5.2800 reps=3 lapses=1 mine=x  # 1. e4 c5\n\
             463b96181691fc9c due=2026-12-03 last=2026-11-30 stability=3.1730 difficulty=5.2800 reps=3 lapses=1 mine=x  # 1. e4 c5\n"
        );
        let back = parse(&text, "t");
        assert!(back.problems.is_empty(), "{:?}", back.problems);
        assert_eq!(back.notes, vec!["# my note".to_string()]);
        let got = &back.records[&0x463b96181691fc9c];
        assert_eq!((got.reps, got.lapses, got.memory.due), (3, 1, r.memory.due));
        assert_eq!(got.label.as_deref(), Some("1. e4 c5"));
        assert!((got.memory.stability - 3.173).abs() < 1e-9);
        assert_eq!(
            write(&back.records, &back.notes),
            text,
            "written again the same"
        );
    }

    #[test]
    fn each_malformed_line_is_named_with_its_line() {
        let good = "due=2026-12-03 last=2026-11-30 stability=3 difficulty=5 reps=3 lapses=1";
        let cases = [
            (format!("463b9618169 {good}"), "is not a position key"),
            (format!("463B96181691FC9C {good}"), "is not a position key"),
            (
                "463b96181691fc9c due=2026-13-03 last=2026-11-30 stability=3 difficulty=5 reps=3 lapses=1".to_string(),
                "due=2026-13-03 is not a date",
            ),
            (
                "463b96181691fc9c due=2026-12-03 last=2026-11-30 stability=NaN difficulty=5 reps=3 lapses=1".to_string(),
                "stability=NaN is not a number",
            ),
            (
                "463b96181691fc9c due=2026-12-03 last=2026-11-30 stability=3 difficulty=11 reps=3 lapses=1".to_string(),
                "difficulty=11 is not a number from 1 to 10",
            ),
            (
                "463b96181691fc9c due=2026-12-03 last=2026-11-30 stability=3 difficulty=5 reps=-1 lapses=0".to_string(),
                "reps=-1 is not a whole number",
            ),
            (
                "463b96181691fc9c due=2026-12-03 last=2026-11-30 stability=3 difficulty=5 reps=1 lapses=2".to_string(),
                "lapses=2 is more than reps=1",
            ),
            (
                "463b96181691fc9c due=2026-12-03 stability=3 difficulty=5 reps=1 lapses=0".to_string(),
                "last= is missing",
            ),
            (format!("463b96181691fc9c {good} due=2026-12-04"), "due= is given twice"),
            (format!("463b96181691fc9c {good} train"), "'train' is not a field"),
        ];
        for (line, said) in cases {
            let text = format!("# header\n\n{line}\n");
            let p = parse(&text, "books/training.txt");
            assert_eq!(p.problems.len(), 1, "{line}: {:?}", p.problems);
            assert!(
                p.problems[0].starts_with("books/training.txt:3: ") && p.problems[0].contains(said),
                "{line}: {}",
                p.problems[0]
            );
            assert!(p.records.is_empty());
        }
        let twice = format!("463b96181691fc9c {good}\n463b96181691fc9c {good}\n");
        let p = parse(&twice, "f");
        assert_eq!(
            p.problems,
            vec!["f:2: position 463b96181691fc9c is listed twice (first on line 1)".to_string()]
        );
    }

    #[test]
    fn answers_are_saved_at_once_and_other_lines_kept() {
        let dir = Scratch::new("schedule");
        let mut s = Schedule::load(dir.path()).unwrap();
        assert!(s.records().is_empty());
        let day = 20_000;
        s.answer(1, Grade::Good, day).unwrap();
        // Another program adds a line meanwhile; the next answer keeps it.
        let path = path_in(dir.path());
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("00000000000000ff due=2026-12-03 last=2026-11-30 stability=3 difficulty=5 reps=1 lapses=0\n");
        std::fs::write(&path, text).unwrap();
        let r = s.answer(2, Grade::Again, day).unwrap();
        assert_eq!((r.reps, r.lapses, r.memory.due), (1, 1, day));
        let back = Schedule::load(dir.path()).unwrap();
        assert_eq!(
            back.records().keys().copied().collect::<Vec<_>>(),
            vec![1, 2, 0xff]
        );
        assert_eq!(back.get(1).unwrap().memory.due, day + 2);
        // A damaged file is refused, and not rewritten by an answer.
        std::fs::write(&path, "0000000000000001 due=soon\n").unwrap();
        let e = Schedule::load(dir.path()).unwrap_err();
        assert!(e.to_string().contains("training.txt:1: "), "{e}");
        assert!(s.answer(1, Grade::Good, day).is_err());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "0000000000000001 due=soon\n"
        );
        assert_eq!(check(dir.path()).len(), 1);
    }

    #[test]
    fn a_schedule_that_cannot_be_read_keeps_the_systems_error() {
        use crate::book::BookError;
        use std::error::Error;
        let dir = Scratch::new("schedule-in-a-file");
        // A file where the book's folder should be.
        let file = dir.path().join("book");
        std::fs::write(&file, "").unwrap();
        let e = Schedule::load(&file).unwrap_err();
        let io = e
            .source()
            .and_then(|s| s.downcast_ref::<std::io::Error>())
            .expect("the system's error");
        assert_eq!(io.kind(), std::io::ErrorKind::NotADirectory);
        // Said as before: what could not be done, the file, the system's words.
        assert_eq!(
            e.to_string(),
            format!("cannot read {}: {io}", path_in(&file).display())
        );
        assert!(
            matches!(e, StoreError::Store(BookError::Io { .. })),
            "{e:?}"
        );
    }

    #[test]
    fn a_bad_field_is_a_typed_error_with_the_number_parsers_error() {
        use std::error::Error;
        let fields = "due=2026-12-03 last=2026-11-30 stability=3.1 difficulty=5.2";
        let e = read_fields(format!("{fields} reps=x3 lapses=0").split_whitespace()).unwrap_err();
        assert_eq!(e.to_string(), "reps=x3 is not a whole number");
        let parse = e.source().unwrap().downcast_ref::<ParseIntError>().unwrap();
        assert_eq!(parse, &"x3".parse::<u32>().unwrap_err());
        let e = read_fields(
            "due=2026-12-03 last=2026-11-30 stability=abc difficulty=5 reps=1 lapses=0"
                .split_whitespace(),
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "stability=abc is not a number from 0.001 to 1000000000"
        );
        let parse = e
            .source()
            .unwrap()
            .downcast_ref::<ParseFloatError>()
            .unwrap();
        assert_eq!(parse, &"abc".parse::<f64>().unwrap_err());
        // In range or not is no parser's error.
        let e = read_fields(format!("{fields} reps=1 lapses=2").split_whitespace()).unwrap_err();
        assert_eq!(e, RecordError::MoreLapses { lapses: 2, reps: 1 });
        assert_eq!(
            e.to_string(),
            "lapses=2 is more than reps=1 (lapses are the wrong answers among them)"
        );
        assert!(e.source().is_none());
        let e = read_line("463B96181691FC9C due=2026-12-03").unwrap_err();
        assert_eq!(
            e.to_string(),
            "'463B96181691FC9C' is not a position key (16 lowercase hexadecimal digits)"
        );
        assert_eq!(
            read_fields("due=1 due=2".split_whitespace()).unwrap_err(),
            RecordError::Twice {
                name: "due".to_string()
            }
        );
    }
}
