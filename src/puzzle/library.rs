//! Where puzzles come from, and how the next one is chosen.
//!
//! Three sources, all in the puzzle file layout ([`super::csv`]): the set shipped inside
//! the program (`puzzles/huo.csv`, compiled in, so `huo-chess puzzle` works anywhere), the
//! puzzles made from the user's own games (`own.csv` in the data folder's `puzzles`, by
//! `huo-chess analyse --player`), and a database the user imported ([`super::index`]).
//!
//! The next puzzle is one the user has not played, rated near the user's rating (or the
//! rating asked for): first within 100 points either way, then a wider band until one is
//! found. Each source is drawn from in proportion to how many puzzles it has in the
//! band, so that a big import is not drowned out by the small sets, nor the reverse.

use super::csv::{self, LineError};
use super::index::{Imported, Wanted};
use super::record::{Puzzle, THEMES, mask_of, theme_bit};
use crate::util::rng::XorShift;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// The shipped set, as text.
pub const SHIPPED: &str = include_str!("../../puzzles/huo.csv");

/// How the shipped set is named in messages.
pub const SHIPPED_NAME: &str = "puzzles/huo.csv (built in)";

/// The user's own puzzles' file name in `<data>/puzzles`.
pub const OWN_NAME: &str = "own.csv";

/// The bands tried around the wanted rating, narrowest first.
pub const BANDS: [u16; 8] = [100, 200, 300, 400, 600, 800, 1200, 4000];

/// Why the puzzles cannot be opened.
#[derive(Debug)]
pub enum LibraryError {
    /// A puzzle file has bad lines (`file:line: field: what` each).
    Lines(Vec<LineError>),
    /// The import cannot be read (it says what to do).
    Imported(io::Error),
    /// A theme asked for that no puzzle can have.
    UnknownTheme(String),
}

impl fmt::Display for LibraryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LibraryError::Lines(errors) => {
                let shown: Vec<String> = errors.iter().take(10).map(|e| e.to_string()).collect();
                write!(f, "{}", shown.join("\n  "))?;
                if errors.len() > 10 {
                    write!(f, "\n  ... and {} more", errors.len() - 10)?;
                }
                Ok(())
            }
            LibraryError::Imported(e) => write!(f, "{e}"),
            LibraryError::UnknownTheme(t) => {
                write!(f, "unknown theme '{t}' (the themes: {})", THEMES.join(", "))
            }
        }
    }
}

impl std::error::Error for LibraryError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LibraryError::Imported(e) => Some(e),
            _ => None,
        }
    }
}

/// The mask of a theme asked for by name; an unknown name is an error.
pub fn theme_filter(theme: Option<&str>) -> Result<u64, LibraryError> {
    match theme {
        None => Ok(0),
        Some(t) => theme_bit(t).ok_or_else(|| LibraryError::UnknownTheme(t.to_string())),
    }
}

/// The puzzles the trainer chooses from.
pub struct Library {
    /// The shipped set and the user's own puzzles.
    puzzles: Vec<Puzzle>,
    imported: Option<Imported>,
}

impl Library {
    /// The shipped set.
    pub fn shipped() -> Result<Vec<Puzzle>, LibraryError> {
        csv::parse_text(SHIPPED, SHIPPED_NAME).map_err(LibraryError::Lines)
    }

    /// Every source: the shipped set, and from `dir` (the data folder's `puzzles`, when
    /// there is one) the user's own puzzles and the import. A damaged file is refused.
    pub fn open(dir: Option<&Path>) -> Result<Library, LibraryError> {
        let mut puzzles = Library::shipped()?;
        let mut imported = None;
        if let Some(dir) = dir {
            let own = dir.join(OWN_NAME);
            match std::fs::read_to_string(&own) {
                Ok(text) => puzzles.extend(
                    csv::parse_text(&text, &own.display().to_string())
                        .map_err(LibraryError::Lines)?,
                ),
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => {
                    return Err(LibraryError::Imported(io::Error::new(
                        e.kind(),
                        format!("cannot read {}: {e}", own.display()),
                    )));
                }
            }
            imported = Imported::open(dir).map_err(LibraryError::Imported)?;
        }
        Ok(Library { puzzles, imported })
    }

    /// A library of `puzzles` (and an import).
    pub fn new(puzzles: Vec<Puzzle>, imported: Option<Imported>) -> Library {
        Library { puzzles, imported }
    }

    /// How many puzzles in all.
    pub fn len(&self) -> u64 {
        self.puzzles.len() as u64 + self.imported.as_ref().map_or(0, Imported::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A puzzle not skipped, with the themes of `themes` (a mask, 0: any), rated as near
    /// `target` as the bands allow; `None` when there is none.
    pub fn choose(
        &mut self,
        target: u16,
        themes: u64,
        skip: &dyn Fn(&str) -> bool,
        rng: &mut XorShift,
    ) -> io::Result<Option<Puzzle>> {
        for band in BANDS {
            let low = target.saturating_sub(band);
            let high = target.saturating_add(band);
            let near: Vec<&Puzzle> = self
                .puzzles
                .iter()
                .filter(|p| (low..=high).contains(&p.rating))
                .filter(|p| mask_of(p.themes.iter().map(String::as_str)) & themes == themes)
                .filter(|p| !skip(&p.id))
                .collect();
            let in_import = match &mut self.imported {
                Some(i) => i.count_between(low, high)?,
                None => 0,
            };
            let total = near.len() as u64 + in_import;
            if total == 0 {
                continue;
            }
            let r = rng.below(total as usize) as u64;
            if r >= near.len() as u64
                && let Some(imported) = &mut self.imported
            {
                let wanted = Wanted {
                    low,
                    high,
                    themes,
                    skip,
                };
                if let Some(p) = imported.pick(&wanted, rng)? {
                    return Ok(Some(p));
                }
            }
            if !near.is_empty() {
                return Ok(Some(near[rng.below(near.len())].clone()));
            }
        }
        Ok(None)
    }
}

/// The user's own puzzles' file (`own.csv`) as text, for [`add_own`]: read strictly, its
/// problems named `file:line`.
#[derive(Default)]
struct OwnFile {
    puzzles: Vec<Puzzle>,
    problems: Vec<String>,
}

impl crate::train::textfile::TextFile for OwnFile {
    fn parse(text: &str, shown: &str) -> OwnFile {
        match csv::parse_text(text, shown) {
            Ok(puzzles) => OwnFile {
                puzzles,
                problems: Vec::new(),
            },
            Err(errors) => OwnFile {
                puzzles: Vec::new(),
                problems: errors.iter().map(|e| e.to_string()).collect(),
            },
        }
    }

    fn problems(&self) -> &[String] {
        &self.problems
    }

    fn write(&self) -> String {
        // Every puzzle in it was read from the file or checked by `add_own`.
        csv::to_text(&self.puzzles).unwrap_or_default()
    }
}

/// Adds `puzzles` to the user's own (`own.csv` in `dir`, made when missing), those whose
/// id is not there yet: how many were added. The file is read again under its folder's
/// lock, refused when damaged, and replaced atomically. A puzzle with a field the layout
/// cannot hold (a comma) is refused before anything is written.
pub fn add_own(
    dir: &Path,
    puzzles: &[Puzzle],
) -> Result<usize, crate::train::textfile::StoreError> {
    for p in puzzles {
        csv::to_line(p).map_err(|e| crate::train::textfile::StoreError::Problems {
            what: "a puzzle to add",
            problems: vec![format!("{}: {e}", p.id)],
        })?;
    }
    crate::train::textfile::update(
        &dir.join(OWN_NAME),
        "your own puzzles",
        |own: &mut OwnFile| {
            let mut added = 0;
            for p in puzzles {
                if !own.puzzles.iter().any(|q| q.id == p.id) {
                    own.puzzles.push(p.clone());
                    added += 1;
                }
            }
            added
        },
    )
}

/// The user's puzzles' folder: `<data>/puzzles`.
pub fn default_dir() -> Option<PathBuf> {
    crate::util::dirs::data_dir().map(|d| d.join("puzzles"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_set_reads_and_every_puzzle_ends_well() {
        let puzzles = Library::shipped().unwrap();
        // At least 3 000 puzzles, with some in every 400 points of 800 to 2800.
        assert!(puzzles.len() >= 3000, "{} puzzles", puzzles.len());
        for band in (800u16..2800).step_by(400) {
            assert!(
                puzzles
                    .iter()
                    .any(|p| (band..band + 400).contains(&p.rating)),
                "no puzzle rated {band} to {}",
                band + 399
            );
        }
        let mut ids = std::collections::HashSet::new();
        let mut places = std::collections::HashSet::new();
        for p in &puzzles {
            assert!(ids.insert(p.id.as_str()), "{} twice", p.id);
            // A position is one puzzle, whatever its move counters.
            let fen = p.position.fen();
            let place: Vec<&str> = fen.split(' ').take(4).collect();
            assert!(
                places.insert(place.join(" ")),
                "{}: a position found before",
                p.id
            );
            // The opponent's move, then the solver's moves and the replies, ending on the
            // solver's.
            assert_eq!(
                p.moves.len() % 2,
                0,
                "{} does not end on the solver's move",
                p.id
            );
            for t in &p.themes {
                assert!(THEMES.contains(&t.as_str()), "{}: theme {t}", p.id);
            }
            let mut pos = p.position;
            for &m in &p.moves {
                pos.play(m);
            }
            if p.has_theme("mate") {
                assert!(pos.is_checkmate(), "{} does not end in mate", p.id);
            }
            // A defence holds the balance: no mate, no advantage.
            if p.has_theme("defensiveMove") {
                assert!(p.has_theme("equality") && !p.has_theme("mate"), "{}", p.id);
                assert!(
                    !p.has_theme("advantage") && !p.has_theme("crushing"),
                    "{}",
                    p.id
                );
            }
        }
    }

    #[test]
    fn own_puzzles_are_added_once_and_read_back_as_a_source() {
        let dir = crate::util::scratch::Scratch::new("puzzle-own");
        let shipped = Library::shipped().unwrap();
        let mut mine: Vec<Puzzle> = shipped[..2].to_vec();
        for p in &mut mine {
            p.id = format!("own-{}", p.id);
            p.themes.push("ownGame".into());
        }
        assert_eq!(add_own(dir.path(), &mine).unwrap(), 2);
        assert_eq!(add_own(dir.path(), &mine).unwrap(), 0);
        let text = std::fs::read_to_string(dir.path().join(OWN_NAME)).unwrap();
        assert_eq!(csv::parse_text(&text, "own.csv").unwrap(), mine);
        let lib = Library::open(Some(dir.path())).unwrap();
        assert_eq!(lib.len(), shipped.len() as u64 + 2);
        // A puzzle the layout cannot hold is refused, the file left as it was.
        let mut bad = mine[0].clone();
        bad.id = "a,b".into();
        assert!(add_own(dir.path(), &[bad]).is_err());
        assert_eq!(
            std::fs::read_to_string(dir.path().join(OWN_NAME)).unwrap(),
            text
        );
    }

    #[test]
    fn the_puzzle_chosen_is_the_nearest_band_with_one() {
        let puzzles = Library::shipped().unwrap();
        let mut lib = Library::new(puzzles.clone(), None);
        let mut rng = XorShift::new(7);
        let target = puzzles[0].rating;
        let none = |_: &str| false;
        let p = lib.choose(target, 0, &none, &mut rng).unwrap().unwrap();
        assert!(p.rating.abs_diff(target) <= 100);
        // Every puzzle skipped: nothing.
        let all = |_: &str| true;
        assert_eq!(lib.choose(target, 0, &all, &mut rng).unwrap(), None);
    }
}
