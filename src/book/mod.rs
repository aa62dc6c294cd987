//! The opening book: one human-readable text file per position, consulted before thinking.
//!
//! A book is a directory (`books/` by default). Each position is one file named by its
//! Polyglot key, `books/46/463b96181691fc9c.txt` (or a record of the same text in the
//! book's pack, `packed.book`, for large books), so a lookup opens one path (and, for a
//! position without a file in a packed book, bisects the pack):
//!
//! ```text
//! # comment lines start with '#'; the writer puts a diagram of the position here
//! fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
//! e2e4 weight=3 ; King's pawn
//! d2d4 weight=1
//! ```
//!
//! The full format is in `books/README.md`. Reading is strict but never fatal: a `fen` line
//! naming another position makes the file ignored, an illegal move is skipped, each with a
//! `file:line` warning. Writers refuse to touch a file with any problem, so nothing a person
//! wrote is silently lost. Writes are atomic and serialised by a lock file (see [`store`]);
//! a batch of many positions is written all or nothing (see [`batch`]).
//!
//! - [`format`](mod@format): one file, read and written.
//! - [`store`]: the directory, the lock, atomic writes.
//! - [`pack`]: every position in one sorted text file (`packed.book`), for large books; a
//!   position's own file wins over its packed record.
//! - [`batch`]: many positions changed together, all or nothing, in the book's layout.
//! - [`convert`]: a book from one layout to the other (`huo-book pack` / `unpack`).
//! - [`polyglot`]: `.bin` books, both ways.
//! - [`import`]: PGN games and the original Huo Chess `Opening*.txt` files.
//! - [`embedded`]: the default book compiled into the binary.
//! - [`results`]: games, wins, draws and losses after a move (`games= w= d= l=` fields).
//! - [`tree`]: the book as lines from a position: one PGN game with variations, or text.
//! - [`merge`](mod@merge): another book directory or `.bin` merged into a book.
//! - [`layers`]: the user's book over the built-in one ([`Books`](layers::Books)): what the game, UCI and
//!   the editor consult.

pub mod batch;
pub mod convert;
pub mod embedded;
pub mod entry;
pub mod error;
pub mod format;
pub mod import;
pub mod incoming;
pub mod layers;
pub mod merge;
pub mod pack;
pub mod pick;
pub mod polyglot;
pub mod results;
pub mod store;
pub mod tree;

pub use batch::Layout;
pub use entry::{BookEntry, BookMove};
pub use error::{BookError, Doing};
use incoming::merge_into;
pub use incoming::{Incoming, WeightMerge, merge_move};
pub use results::{Results, WeightPolicy};

pub use pick::PickMode;

use crate::core::{Move, Position};
use crate::game::Game;
use crate::util::files::Durability;
use std::path::{Path, PathBuf};

/// What a position holds in a book directory: its moves and the `#` notes a person wrote
/// (both empty: the book does not have the position). The moves are kept in the canonical
/// order the file is written in, so two contents compare equal when the files would.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    pub moves: Vec<BookMove>,
    pub notes: Vec<String>,
}

impl Contents {
    /// `moves` (sorted canonically) and `notes`.
    pub fn new(mut moves: Vec<BookMove>, notes: Vec<String>) -> Contents {
        format::sort_moves(&mut moves);
        Contents { moves, notes }
    }
}

/// One change written to a position: what it held before and after ([`Book::edit`]), so
/// the change can be undone ([`Book::revert`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub pos: Position,
    pub before: Contents,
    pub after: Contents,
}

impl Edit {
    /// The position was new to the book (it had no moves there before).
    pub fn was_new(&self) -> bool {
        self.before.moves.is_empty()
    }
}

/// What [`Book::scan`] found in one file.
#[derive(Clone, Debug)]
pub struct FileReport {
    /// The file as shown to the user.
    pub file: String,
    /// The key its name stands for (`None`: not a book file name).
    pub key: Option<u64>,
    /// The position of its `fen` line, when readable.
    pub position: Option<Position>,
    /// Its valid moves.
    pub moves: Vec<BookMove>,
    /// The `#` note lines a person added (not the generated header and diagram).
    pub notes: Vec<String>,
    /// `file:line: message` for each problem.
    pub problems: Vec<String>,
    /// The file (or the pack) could not be read at all: not there any more, not UTF-8
    /// text, a damaged pack. Whole-book writers and exports stop at such a report.
    pub damaged: bool,
}

impl FileReport {
    /// The report's problems as one error, when it is [`FileReport::damaged`].
    pub fn damage(&self) -> Option<BookError> {
        self.damaged
            .then(|| BookError::Problems(self.problems.clone()))
    }
}

/// Moves to add to positions: each position with its (move, weight) pairs.
pub type Batch = Vec<(Position, Vec<(Move, u32)>)>;

/// The outcome of a batch of changes ([`Book::record_batch`]), all written.
#[derive(Clone, Debug, Default)]
pub struct BatchReport {
    /// Positions written (files or packed records).
    pub written: usize,
    /// Whether they went to the pack.
    pub packed: bool,
}

/// Is `dir` a book folder one can read? A book is a folder of position files (and perhaps
/// its pack): a missing or unreadable folder, a file (a Polyglot `.bin`, say) or a damaged
/// pack is not one. The error names the path and the reason.
pub fn check_folder(dir: &Path) -> Result<(), BookError> {
    match std::fs::read_dir(dir) {
        Ok(_) => {}
        Err(_) if dir.exists() => return not_a_folder(dir),
        Err(source) => {
            return Err(BookError::NoFolder {
                path: dir.to_path_buf(),
                source,
            });
        }
    }
    pack::Records::open(dir).map(|_| ())
}

/// Refuses a path that exists and is not a folder (a missing one may be made later).
pub fn not_a_folder(dir: &Path) -> Result<(), BookError> {
    if !dir.exists() || dir.is_dir() {
        return Ok(());
    }
    Err(BookError::NotAFolder {
        path: dir.to_path_buf(),
    })
}

/// An opening book: a directory of per-position files, or the book embedded in the binary.
///
/// Open a folder (it is made at the first write), record moves, look positions up:
///
/// ```
/// use huo_chess::Position;
/// use huo_chess::book::{Book, PickMode};
/// use huo_chess::core::parse_uci;
///
/// let folder = tempfile::tempdir()?;
/// let book = Book::open(folder.path().join("books"));
/// let start = Position::startpos();
/// assert!(book.lookup(&start).is_none()); // a new book knows nothing
///
/// let e4 = parse_uci(&start, "e2e4")?;
/// book.record(&start, e4, 3)?;
/// book.record(&start, e4, 1)?; // recorded again: the weight adds up
///
/// let entry = book.lookup(&start).expect("recorded");
/// assert_eq!(entry.moves[0].mv, e4);
/// assert_eq!(entry.moves[0].weight, 4);
/// assert!(entry.file.ends_with(".txt")); // one text file per position
/// assert_eq!(book.pick(&start, PickMode::Best, 0).unwrap().0, e4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Book {
    dir: Option<PathBuf>,
    /// The pack read once, for a walk of many lookups ([`Book::indexed`]).
    index: Option<std::sync::Arc<pack::Index>>,
}

/// Kept for `benches/book.rs`, which still names it here: the one RNG step is
/// [`crate::util::rng::splitmix64`].
pub use crate::util::rng::splitmix64;

impl Book {
    /// The book in directory `dir` (which may not exist yet).
    pub fn open(dir: impl Into<PathBuf>) -> Book {
        Book {
            dir: Some(dir.into()),
            index: None,
        }
    }

    /// This book with its pack read once into memory, for a walk of many lookups (the
    /// trainer's repertoire, `train --stats`): each lookup in the pack is then a search in
    /// memory. A snapshot of the pack as it is now; the positions' own files are read as
    /// ever (they win over the pack). A pack that cannot be read leaves the book as it
    /// was: its lookups say the problem, as before.
    pub fn indexed(&self) -> Book {
        let index = self
            .dir
            .as_deref()
            .and_then(|d| pack::Index::open(d).ok().flatten());
        Book {
            dir: self.dir.clone(),
            index: index.map(std::sync::Arc::new),
        }
    }

    /// The default book compiled into the binary (read-only).
    pub fn embedded() -> Book {
        Book {
            dir: None,
            index: None,
        }
    }

    /// `explicit` if given, else `./books`, else the user data dir, else the embedded book.
    pub fn locate(explicit: Option<&Path>) -> Book {
        if let Some(p) = explicit {
            return Book::open(p);
        }
        let local = Path::new("books");
        if local.is_dir() {
            return Book::open(local);
        }
        match crate::util::dirs::user_book_dir() {
            Some(d) if d.is_dir() => Book::open(d),
            _ => Book::embedded(),
        }
    }

    /// Where this book lives, for messages: the directory, or `embedded`.
    pub fn describe(&self) -> String {
        match &self.dir {
            Some(d) => d.display().to_string(),
            None => "embedded".into(),
        }
    }

    /// The directory, or `None` for the embedded book.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The file of `pos` as shown to the user (it may not exist):
    /// `books/82/823c9b50fd114196.txt`, or `embedded:82/823c9b50fd114196.txt`.
    pub fn file_of(&self, pos: &Position) -> String {
        self.shown(&store::relative_path(pos.key()))
    }

    fn shown(&self, rel: &str) -> String {
        match &self.dir {
            Some(d) => d.join(rel).display().to_string(),
            None => format!("embedded:{rel}"),
        }
    }

    /// The entry of `pos`, if the book has it. A file naming another position in its `fen`
    /// line, or unreadable, gives an entry without moves and with the warning.
    pub fn lookup(&self, pos: &Position) -> Option<BookEntry> {
        self.lookup_noted(pos, false).map(|(e, _)| e)
    }

    /// [`Book::lookup`], with the `#` note lines a person added to the file (those the
    /// writer does not generate), for copying a position into another book.
    pub fn lookup_with_notes(&self, pos: &Position) -> Option<(BookEntry, Vec<String>)> {
        self.lookup_noted(pos, true)
    }

    /// The entry of `pos`, and its notes when `notes` (a lookup alone does not need
    /// them: they cost a diagram of the position to tell the writer's lines apart).
    fn lookup_noted(&self, pos: &Position, notes: bool) -> Option<(BookEntry, Vec<String>)> {
        let rel = store::relative_path(pos.key());
        let mut file = self.shown(&rel);
        let text = match &self.dir {
            Some(d) => match read_stored(d, pos.key(), self.index.as_deref()) {
                Ok(Some(stored)) => {
                    file = stored.shown;
                    stored.text
                }
                Ok(None) => return None,
                Err(e) => {
                    let entry = BookEntry {
                        moves: Vec::new(),
                        file,
                        warnings: vec![e.to_string()],
                    };
                    return Some((entry, Vec::new()));
                }
            },
            None => embedded::get(pos.key())?.to_string(),
        };
        let parsed = format::parse(&text);
        let r = format::resolve(&parsed, pos, &file);
        let entry = BookEntry {
            moves: r.moves,
            file,
            warnings: r.problems,
        };
        let notes = if notes {
            format::notes(&parsed, pos)
        } else {
            Vec::new()
        };
        Some((entry, notes))
    }

    /// Picks a playable move (weight > 0) for `pos`: at random in proportion to the weights
    /// (`seed` drives the choice), or the heaviest. Returns the move and its file.
    /// ([`Books::pick`](layers::Books::pick) consults the user's book over the built-in one.)
    pub fn pick(&self, pos: &Position, mode: PickMode, seed: u64) -> Option<(Move, String)> {
        let entry = self.lookup(pos)?;
        let (m, _) = choose(&entry.moves, mode, seed)?;
        Some((m.mv, entry.file))
    }

    /// The book move for the game's current position, while the game has fewer than
    /// `max_ply` moves: the move and its file, for a log line like
    /// "Book move e7e5 from books/82/823c9b50fd114196.txt".
    pub fn probe(
        &self,
        game: &Game,
        max_ply: u32,
        mode: PickMode,
        seed: u64,
    ) -> Option<(Move, String)> {
        if game.moves().len() >= max_ply as usize {
            return None;
        }
        self.pick(game.position(), mode, seed)
    }

    fn writable_dir(&self) -> Result<&Path, BookError> {
        self.dir.as_deref().ok_or(BookError::EmbeddedReadOnly)
    }

    /// Read-modify-write of one position's file, under the book's lock. `change` gets the
    /// current moves (empty for a new file); an empty result deletes the file. A file with
    /// any problem is left alone and the error names it with file:line.
    pub fn update<F>(&self, pos: &Position, change: F) -> Result<(), BookError>
    where
        F: FnOnce(&mut Vec<BookMove>) -> Result<(), BookError>,
    {
        self.edit(pos, change).map(|_| ())
    }

    /// [`Book::update`], returning what the position held before and after the change, so
    /// that it can be undone ([`Book::revert`]).
    pub fn edit<F>(&self, pos: &Position, change: F) -> Result<Edit, BookError>
    where
        F: FnOnce(&mut Vec<BookMove>) -> Result<(), BookError>,
    {
        self.edit_with_notes(pos, |moves, _| change(moves))
    }

    /// [`Book::edit`], where `change` also gets the file's `#` notes.
    pub fn edit_with_notes<F>(&self, pos: &Position, change: F) -> Result<Edit, BookError>
    where
        F: FnOnce(&mut Vec<BookMove>, &mut Vec<String>) -> Result<(), BookError>,
    {
        let dir = self.writable_dir()?;
        let _guard = store::lock(dir)?;
        update_locked(dir, pos, Durability::Now, change)
    }

    /// Undoes `edit`: the position gets back what it held before, moves and notes. Refused
    /// (nothing written) when the position no longer holds what the edit left, since
    /// something else changed it meanwhile and that change would be lost.
    pub fn revert(&self, edit: &Edit) -> Result<(), BookError> {
        let file = self.file_of(&edit.pos);
        let expected = edit.after.clone();
        let restored = edit.before.clone();
        self.edit_with_notes(&edit.pos, move |moves, notes| {
            let now = Contents::new(std::mem::take(moves), std::mem::take(notes));
            if now != expected {
                return Err(BookError::Refused(format!(
                    "{file} changed since (another program wrote it?): not undone"
                )));
            }
            *moves = restored.moves;
            *notes = restored.notes;
            Ok(())
        })
        .map(|_| ())
    }

    /// Adds `mv` to `pos`'s entry with weight `weight`, or raises its weight by `weight`.
    pub fn record(&self, pos: &Position, mv: Move, weight: u32) -> Result<(), BookError> {
        self.update(pos, record_change(pos, mv, weight)?)
    }

    /// Adds many moves, all or nothing: for each position, each (move, weight) is added as
    /// [`Book::record`] does. A position that cannot be changed (a file with problems, an
    /// illegal move) is an error naming it, and nothing is written.
    pub fn record_batch<I>(&self, items: I) -> Result<BatchReport, BookError>
    where
        I: IntoIterator<Item = (Position, Vec<(Move, u32)>)>,
    {
        let items = items
            .into_iter()
            .map(|(pos, adds)| Incoming {
                pos,
                moves: adds
                    .into_iter()
                    .map(|(mv, w)| BookMove::new(mv, w))
                    .collect(),
                notes: Vec::new(),
            })
            .collect();
        self.merge_batch(items, Layout::Auto, |old, new| {
            old.weight = old.weight.saturating_add(new.weight);
        })
    }

    /// Adds positions' moves, all or nothing ([`batch`]), in `layout`. A move the position
    /// already has is combined by `merge(existing, incoming)`; a new move is added as it
    /// comes; the incoming `#` notes are added to the position's (each once). A position
    /// that cannot be changed (problems, illegal moves) is an error naming it, and nothing
    /// is written.
    pub fn merge_batch<F>(
        &self,
        mut items: Vec<Incoming>,
        layout: Layout,
        mut merge: F,
    ) -> Result<BatchReport, BookError>
    where
        F: FnMut(&mut BookMove, &BookMove),
    {
        self.writable_dir()?;
        // In key order, a position given twice merged into one.
        items.sort_by_key(|i| i.pos.key());
        let mut merged: Vec<Incoming> = Vec::with_capacity(items.len());
        for item in items {
            match merged.last_mut() {
                Some(last) if last.pos.key() == item.pos.key() => {
                    merge_into(
                        &mut last.moves,
                        &mut last.notes,
                        item.moves,
                        item.notes,
                        &mut merge,
                    );
                }
                _ => merged.push(item),
            }
        }
        let positions = merged.len();
        self.merge_sorted(merged, positions, layout, merge)
    }

    /// [`Book::merge_batch`] of positions given in increasing key order, each once: each is
    /// written as it comes, so a stream of any length is merged without being held.
    /// `positions` is how many there are (for [`Layout::Auto`]).
    pub fn merge_sorted<I, F>(
        &self,
        items: I,
        positions: usize,
        layout: Layout,
        mut merge: F,
    ) -> Result<BatchReport, BookError>
    where
        I: IntoIterator<Item = Incoming>,
        F: FnMut(&mut BookMove, &BookMove),
    {
        let dir = self.writable_dir()?;
        let mut writer = batch::BatchWriter::begin(dir, layout.packs(dir, positions))?;
        let packed = writer.is_packed();
        for item in items {
            writer.merge(item, &mut merge)?;
        }
        let written = writer.commit()?;
        Ok(BatchReport { written, packed })
    }

    /// Sets the weight of a move, adding the move when the position does not list it yet.
    pub fn set_weight(&self, pos: &Position, mv: Move, weight: u32) -> Result<(), BookError> {
        self.update(pos, weight_change(pos, mv, weight)?)
    }

    /// Sets (or clears, with `None`) the comment of a stored move.
    pub fn set_comment(
        &self,
        pos: &Position,
        mv: Move,
        comment: Option<&str>,
    ) -> Result<(), BookError> {
        self.update(pos, comment_change(mv, comment, self.file_of(pos)))
    }

    /// Deletes a stored move (and the file when no move is left).
    pub fn remove(&self, pos: &Position, mv: Move) -> Result<(), BookError> {
        let file = self.file_of(pos);
        self.update(pos, |moves| {
            let before = moves.len();
            moves.retain(|m| m.mv != mv);
            if moves.len() == before {
                Err(BookError::NotInBook { mv: mv.uci(), file })
            } else {
                Ok(())
            }
        })
    }

    /// Reads every file of the book and checks it: file name, `fen` line, key, moves.
    /// ([`Book::scan_iter`] streams them instead.)
    pub fn scan(&self) -> Vec<FileReport> {
        self.scan_iter().collect()
    }

    /// [`Book::scan`] as a stream, in key order, holding one folder's listing at a time:
    /// the position files, and the packed records no file overrides.
    pub fn scan_iter(&self) -> Scan {
        Scan::new(self)
    }
}

/// The files and packed records of a book, checked one by one ([`Book::scan_iter`]).
pub struct Scan {
    source: ScanSource,
    /// How far through the key space the scan is, 0 to 1 (for a progress bar).
    done: f64,
}

enum ScanSource {
    Embedded(std::slice::Iter<'static, (u64, &'static str)>),
    Dir {
        dir: PathBuf,
        /// The two-hex-digit folders not listed yet, in order.
        folders: std::vec::IntoIter<(u8, String)>,
        /// The current folder's files, in order: (key if well named, path).
        files: std::collections::VecDeque<(Option<u64>, PathBuf)>,
        /// The current folder's first key (for files with a bad name).
        folder_key: u64,
        pack: Option<Box<pack::Records>>,
        /// A problem reading the pack, reported next.
        pack_error: Option<BookError>,
    },
}

impl Scan {
    fn new(book: &Book) -> Scan {
        let source = match &book.dir {
            None => ScanSource::Embedded(embedded::all().iter()),
            Some(d) => {
                let (pack, pack_error) = match pack::Records::open(d) {
                    Ok(p) => (p.map(Box::new), None),
                    Err(e) => (None, Some(e)),
                };
                ScanSource::Dir {
                    dir: d.clone(),
                    folders: store::list_folders(d).into_iter(),
                    files: Default::default(),
                    folder_key: 0,
                    pack,
                    pack_error,
                }
            }
        };
        Scan { source, done: 0.0 }
    }

    /// How far the scan is, 0 to 1 (keys are spread evenly, so this tracks the work).
    pub fn fraction(&self) -> f64 {
        self.done
    }

    fn progress(&mut self, key: u64) {
        self.done = (key >> 11) as f64 / (1u64 << 53) as f64;
    }
}

impl Iterator for Scan {
    type Item = FileReport;

    fn next(&mut self) -> Option<FileReport> {
        let (key, report) = match &mut self.source {
            ScanSource::Embedded(it) => {
                let &(key, text) = it.next()?;
                let shown = format!("embedded:{}", store::relative_path(key));
                (key, check_text(&Where::file(&shown), Some(key), text))
            }
            ScanSource::Dir {
                dir,
                folders,
                files,
                folder_key,
                pack,
                pack_error,
            } => {
                if let Some(e) = pack_error.take() {
                    // The pack is damaged: reported once, and not read further.
                    *pack = None;
                    return Some(FileReport {
                        file: pack::path(dir).display().to_string(),
                        key: None,
                        position: None,
                        moves: Vec::new(),
                        notes: Vec::new(),
                        problems: vec![e.to_string()],
                        damaged: true,
                    });
                }
                while files.is_empty() {
                    let Some((first, name)) = folders.next() else {
                        break;
                    };
                    *folder_key = (first as u64) << 56;
                    files.extend(store::list_folder(dir, &name));
                }
                let file_key = files.front().map(|f| f.0.unwrap_or(*folder_key));
                let packed_key = pack.as_ref().and_then(|r| r.peek_key());
                match (file_key, packed_key) {
                    (None, None) => {
                        self.done = 1.0;
                        return None;
                    }
                    (Some(f), p) if p.is_none_or(|p| f <= p) => {
                        let (key, path) = files.pop_front().expect("a front file");
                        if key.is_some() && key == p {
                            // The position's file overrides its packed record.
                            if let Some(Err(e)) = pack.as_mut().and_then(|r| r.next_record()) {
                                *pack_error = Some(e);
                            }
                        }
                        (f, read_file_report(&path, key))
                    }
                    _ => {
                        let records = pack.as_mut().expect("a packed key");
                        match records.next_record().expect("a packed key") {
                            Ok(r) => {
                                let at = Where {
                                    file: pack::shown(dir, r.key),
                                    lines: pack::path(dir).display().to_string(),
                                    first_line: r.line,
                                    name: "record's key",
                                };
                                (r.key, check_text(&at, Some(r.key), &r.text))
                            }
                            Err(e) => {
                                *pack_error = Some(e);
                                return self.next();
                            }
                        }
                    }
                }
            }
        };
        self.progress(key);
        Some(report)
    }
}

/// Reads and checks one position file of a book directory.
fn read_file_report(path: &Path, key: Option<u64>) -> FileReport {
    let shown = path.display().to_string();
    let unreadable = |problem: String| FileReport {
        file: shown.clone(),
        key,
        position: None,
        moves: Vec::new(),
        notes: Vec::new(),
        problems: vec![problem],
        damaged: true,
    };
    match store::read(path) {
        Ok(Some(text)) => check_text(&Where::file(&shown), key, &text),
        Ok(None) => unreadable(format!("{shown}: vanished while reading")),
        Err(e) => unreadable(e.to_string()),
    }
}

/// A position's stored text and where it was found (as shown to the user).
struct Stored {
    text: String,
    shown: String,
}

/// The stored text of `key` in a book directory: the position's file, else its record in
/// the pack.
fn read_stored(
    dir: &Path,
    key: u64,
    index: Option<&pack::Index>,
) -> Result<Option<Stored>, BookError> {
    let path = dir.join(store::relative_path(key));
    if let Some(text) = store::read(&path)? {
        let shown = path.display().to_string();
        return Ok(Some(Stored { text, shown }));
    }
    let packed = match index {
        Some(index) => index.get(key)?,
        None => pack::lookup(dir, key)?,
    };
    Ok(packed.map(|text| Stored {
        text,
        shown: pack::shown(dir, key),
    }))
}

/// The move [`Book::pick`] / [`Books::pick`](layers::Books::pick) choose among `moves`, with the total playable
/// weight: only moves of weight > 0, in canonical order; weighted by `splitmix64(seed)`, or
/// the heaviest.
pub fn choose(moves: &[BookMove], mode: PickMode, seed: u64) -> Option<(&BookMove, u64)> {
    let mut playable: Vec<&BookMove> = moves.iter().filter(|m| m.weight > 0).collect();
    if playable.is_empty() {
        return None;
    }
    playable.sort_by(|a, b| {
        b.weight
            .cmp(&a.weight)
            .then_with(|| a.mv.uci().cmp(&b.mv.uci()))
    });
    let total: u64 = playable.iter().map(|m| m.weight as u64).sum();
    let chosen = match mode {
        PickMode::Best => playable[0],
        PickMode::Weighted => {
            let mut r = splitmix64(seed) % total;
            let mut chosen = playable[playable.len() - 1];
            for m in &playable {
                if r < m.weight as u64 {
                    chosen = m;
                    break;
                }
                r -= m.weight as u64;
            }
            chosen
        }
    };
    Some((chosen, total))
}

fn check_legal(pos: &Position, mv: Move) -> Result<(), BookError> {
    if pos.is_legal(mv) {
        Ok(())
    } else {
        Err(BookError::IllegalMove {
            mv: mv.uci(),
            epd: pos.epd(),
        })
    }
}

/// A change to one position's moves, as [`Book::update`] and [`Books::update`] take it.
/// The changes below are the one rule for `record`, `set_weight` and `set_comment`, on a
/// single book or through the layers.
pub(crate) trait Change: FnOnce(&mut Vec<BookMove>) -> Result<(), BookError> {}

impl<F: FnOnce(&mut Vec<BookMove>) -> Result<(), BookError>> Change for F {}

/// `record`: `mv` is added with `weight`, or its weight raised by `weight`.
pub(crate) fn record_change(
    pos: &Position,
    mv: Move,
    weight: u32,
) -> Result<impl Change, BookError> {
    reweigh(pos, mv, move |old| old.saturating_add(weight))
}

/// `set_weight`: `mv` gets `weight`, added when it is not listed yet.
pub(crate) fn weight_change(
    pos: &Position,
    mv: Move,
    weight: u32,
) -> Result<impl Change, BookError> {
    reweigh(pos, mv, move |_| weight)
}

/// `mv` (checked legal in `pos` before the book is touched) gets the weight `new(old)`; a
/// move not listed yet is added, with `new(0)`.
fn reweigh(
    pos: &Position,
    mv: Move,
    new: impl FnOnce(u32) -> u32,
) -> Result<impl Change, BookError> {
    check_legal(pos, mv)?;
    Ok(move |moves: &mut Vec<BookMove>| {
        match moves.iter_mut().find(|m| m.mv == mv) {
            Some(m) => m.weight = new(m.weight),
            None => moves.push(BookMove::new(mv, new(0))),
        }
        Ok(())
    })
}

/// `set_comment`: sets (or clears) `mv`'s comment, on one line; an error naming `file` when
/// the move is not listed.
pub(crate) fn comment_change(mv: Move, comment: Option<&str>, file: String) -> impl Change {
    move |moves: &mut Vec<BookMove>| match moves.iter_mut().find(|m| m.mv == mv) {
        Some(m) => {
            m.comment = comment
                .map(|c| c.replace(['\n', '\r'], " ").trim().to_string())
                .filter(|c| !c.is_empty());
            Ok(())
        }
        None => Err(BookError::NotInBook { mv: mv.uci(), file }),
    }
}

/// Changes one position's file (the caller holds the lock). `durability`: how the file is
/// written ([`Durability::Now`] for a single change, new files unsynced in batches).
fn update_locked<F>(
    dir: &Path,
    pos: &Position,
    durability: Durability,
    change: F,
) -> Result<Edit, BookError>
where
    F: FnOnce(&mut Vec<BookMove>, &mut Vec<String>) -> Result<(), BookError>,
{
    let path = dir.join(store::relative_path(pos.key()));
    let mut notes = Vec::new();
    // A packed position is changed by writing its own file, which then wins over the record.
    let stored = read_stored(dir, pos.key(), None)?;
    let mut moves = match stored {
        None => Vec::new(),
        Some(Stored { text, shown }) => {
            let parsed = format::parse(&text);
            notes = format::notes(&parsed, pos);
            let r = format::resolve(&parsed, pos, &shown);
            if !r.problems.is_empty() {
                return Err(BookError::RefusedRewrite {
                    what: "file",
                    problems: r.problems,
                });
            }
            r.moves
        }
    };
    let before = Contents::new(moves.clone(), notes.clone());
    change(&mut moves, &mut notes)?;
    // Without moves, a packed position keeps a file without moves: deleting the file
    // would bring the packed record back.
    if moves.is_empty() && pack::lookup(dir, pos.key()).ok().flatten().is_none() {
        store::remove(&path)?;
        notes.clear(); // the file and its notes are gone
    } else {
        let text = format::write_with_notes(pos, &moves, &notes);
        store::write_with(&path, &text, durability)?;
    }
    Ok(Edit {
        pos: *pos,
        before,
        after: Contents::new(moves, notes),
    })
}

/// Where a checked text comes from: the file (or record) as shown, and the file its line
/// numbers are in, from which line.
struct Where {
    file: String,
    lines: String,
    first_line: usize,
    /// What names the key: "file name's" or "record's key".
    name: &'static str,
}

impl Where {
    fn file(shown: &str) -> Where {
        Where {
            file: shown.to_string(),
            lines: shown.to_string(),
            first_line: 1,
            name: "file name's",
        }
    }
}

/// Checks one file's (or packed record's) text: name/key/fen agreement and every line.
fn check_text(at: &Where, key: Option<u64>, text: &str) -> FileReport {
    let parsed = format::parse_from(text, at.first_line);
    let shown = &at.lines;
    let mut report = FileReport {
        file: at.file.clone(),
        key,
        position: None,
        moves: Vec::new(),
        notes: Vec::new(),
        problems: Vec::new(),
        damaged: false,
    };
    if key.is_none() {
        report.problems.push(format!(
            "{shown}: not a book file name (xx/<16 lowercase hex digits>.txt, xx = the first two)"
        ));
    }
    match format::fen_position(&parsed) {
        None => {
            report.problems.extend(
                parsed
                    .errors
                    .iter()
                    .map(|(l, m)| format!("{shown}:{l}: {m}")),
            );
        }
        Some(Err(e)) => {
            let line = parsed.fen.as_ref().map_or(at.first_line, |f| f.1);
            report
                .problems
                .push(format!("{shown}:{line}: invalid fen: {e}"));
            report.problems.extend(
                parsed
                    .errors
                    .iter()
                    .map(|(l, m)| format!("{shown}:{l}: {m}")),
            );
        }
        Some(Ok(pos)) => {
            let line = parsed.fen.as_ref().map_or(at.first_line, |f| f.1);
            if let Some(k) = key
                && k != pos.key()
            {
                report.problems.push(format!(
                    "{shown}:{line}: the fen's key is {:016x}, not the {} {k:016x}",
                    pos.key(),
                    at.name
                ));
            }
            let r = format::resolve(&parsed, &pos, shown);
            report.problems.extend(r.problems);
            report.moves = r.moves;
            report.notes = format::notes(&parsed, &pos);
            report.position = Some(pos);
        }
    }
    report
}
