//! Layered books: the user's book over the built-in one.
//!
//! The game, UCI and the editor consult a stack of two layers: the user's book (a
//! directory: `--book`, `book.path`, `./books` or the data dir) over the built-in book
//! compiled into the binary. A position the user's book has answers from the user's book
//! only, with its own moves and weights (a user may deliberately play only 1.e4 there); a
//! position it does not have falls through to the built-in book. The [`LayerPolicy`] can
//! also consult one layer only.
//!
//! "Has the position" means: its file exists and holds at least one valid move (weight 0
//! included). A file without valid moves (a hand-written file with only a `fen` line, or
//! whose `fen` names another position) does not hide the built-in book; its problems are
//! still reported with the entry. To keep the engine out of the book in a position the
//! built-in book knows, give the moves weight 0 in the user's book.
//!
//! Writing always goes to the user's book, and a position new to it holds exactly what the
//! user put there: recording 1.e4 c5 makes the user's book answer 1.e4 with c5 alone, the
//! built-in moves are not copied (someone building a repertoire by playing moves expects
//! the engine to play *their* moves where they recorded any). Taking over a built-in
//! position is an explicit act, [`Books::adopt`]: it copies the built-in moves (weights,
//! fields, comments and notes) the user's position lacks. Removing the last move of a
//! user position gives it back to the built-in book.
//!
//! ```
//! use huo_chess::book::PickMode;
//! use huo_chess::book::layers::{Books, Layer, LayerPolicy};
//! use huo_chess::core::Position;
//!
//! let books = Books::new(None, LayerPolicy::Both); // no user book: the built-in one answers
//! let pick = books.pick(&Position::startpos(), PickMode::Best, 0).unwrap();
//! assert_eq!(pick.layer, Layer::BuiltIn);
//! assert!(pick.to_string().starts_with("Book move "));
//! ```

use super::{Book, BookEntry, BookError, BookMove, Edit, PickMode, choose};
use crate::core::{Move, Position};
use crate::game::Game;
use std::path::Path;

/// Where a book answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layer {
    /// The user's book directory.
    User,
    /// The book compiled into the binary (read-only).
    BuiltIn,
}

impl Layer {
    /// `user book` / `built-in book`, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Layer::User => "user book",
            Layer::BuiltIn => "built-in book",
        }
    }
}

impl std::fmt::Display for Layer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Which layers are consulted (config `book.layers`: `"user"`, `"builtin"`, `"both"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LayerPolicy {
    /// Only the user's book: no book at all where it has no entry.
    UserOnly,
    /// Only the built-in book (the user's book is still where changes are written).
    BuiltInOnly,
    /// The user's book, falling through to the built-in one (the default).
    #[default]
    Both,
}

impl LayerPolicy {
    /// The configuration spelling: `user`, `builtin`, `both`.
    pub fn name(self) -> &'static str {
        match self {
            LayerPolicy::UserOnly => "user",
            LayerPolicy::BuiltInOnly => "builtin",
            LayerPolicy::Both => "both",
        }
    }

    /// Is `layer` asked for a move under this policy?
    pub fn consults(self, layer: Layer) -> bool {
        !matches!(
            (self, layer),
            (LayerPolicy::UserOnly, Layer::BuiltIn) | (LayerPolicy::BuiltInOnly, Layer::User)
        )
    }
}

impl std::fmt::Display for LayerPolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for LayerPolicy {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "user" => Ok(LayerPolicy::UserOnly),
            "builtin" | "built-in" => Ok(LayerPolicy::BuiltInOnly),
            "both" => Ok(LayerPolicy::Both),
            other => Err(format!(
                "'{other}' is not a book layer policy (user, builtin, both)"
            )),
        }
    }
}

/// A position's entry and the layer that answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayeredEntry {
    pub layer: Layer,
    /// The moves, the file (for the built-in layer `embedded:xx/….txt`) and the problems
    /// met, including those of a user file that was passed over.
    pub entry: BookEntry,
}

impl LayeredEntry {
    /// The built-in book is read-only: [`Books::adopt`] copies a position into the user's book.
    pub fn read_only(&self) -> bool {
        self.layer == Layer::BuiltIn
    }
}

/// A move chosen by [`Books::pick`], with what the log should say about it.
#[derive(Clone, Debug, PartialEq)]
pub struct BookPick {
    pub mv: Move,
    pub layer: Layer,
    /// The file that answered: the user's file as a path, a built-in one as its path
    /// inside `books/` (`82/823c9b50fd114196.txt`).
    pub file: String,
    /// The move's weight, and the sum of the playable weights of the position.
    pub weight: u32,
    pub total: u64,
}

impl BookPick {
    /// The move's share of the playable weight, 0.0 to 1.0.
    pub fn share(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.weight as f64 / self.total as f64
        }
    }
}

/// `Book move e7e5 from built-in book, 82/823c9b50fd114196.txt, weight 12 (40%)`.
impl std::fmt::Display for BookPick {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Book move {} from {}, {}, weight {} ({:.0}%)",
            self.mv.uci(),
            self.layer,
            self.file,
            self.weight,
            self.share() * 100.0
        )
    }
}

/// The user's book over the built-in one: lookups fall through, writes go to the user's book.
///
/// ```
/// use huo_chess::Position;
/// use huo_chess::book::Book;
/// use huo_chess::book::layers::{Books, Layer, LayerPolicy};
/// use huo_chess::core::parse_uci;
///
/// let folder = tempfile::tempdir()?;
/// let books = Books::new(Some(Book::open(folder.path())), LayerPolicy::Both);
/// let start = Position::startpos();
/// // The user's book is empty: the built-in one answers.
/// assert_eq!(books.lookup(&start).unwrap().layer, Layer::BuiltIn);
///
/// // Recording makes the position the user's, with only the user's moves.
/// let d4 = parse_uci(&start, "d2d4")?;
/// books.record(&start, d4, 1)?;
/// let entry = books.lookup(&start).unwrap();
/// assert_eq!(entry.layer, Layer::User);
/// assert_eq!(entry.entry.moves.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Books {
    user: Option<Book>,
    builtin: Book,
    policy: LayerPolicy,
}

impl Books {
    /// These books with the user's pack read once into memory ([`Book::indexed`]): for a
    /// walk of many lookups, such as the trainer's repertoire.
    pub fn indexed(&self) -> Books {
        Books {
            user: self.user.as_ref().map(Book::indexed),
            builtin: self.builtin.clone(),
            policy: self.policy,
        }
    }

    /// `user` (a directory book; `None`: no user book) over the built-in book.
    pub fn new(user: Option<Book>, policy: LayerPolicy) -> Books {
        Books {
            user: user.filter(|b| b.dir().is_some()),
            builtin: Book::embedded(),
            policy,
        }
    }

    /// The user's book found as the game finds it: `explicit` (`--book`, `book.path`), else
    /// `./books`, else the data dir's book, each only if it is a directory already (no user
    /// book otherwise); over the built-in book.
    pub fn locate(explicit: Option<&Path>, policy: LayerPolicy) -> Books {
        let user = match explicit {
            Some(p) => Some(Book::open(p)),
            None => {
                let local = Path::new("books");
                if local.is_dir() {
                    Some(Book::open(local))
                } else {
                    crate::util::dirs::user_book_dir()
                        .filter(|d| d.is_dir())
                        .map(Book::open)
                }
            }
        };
        Books::new(user, policy)
    }

    /// As [`Books::locate`], for changes (recording, importing, the training schedule):
    /// without a user book, the book in the user's data folder (made at the first write),
    /// so that what is recorded in one folder is found, trained and played from any
    /// other; `./books` only when there is no data folder. `./books` is the user's book
    /// when it exists, never made unasked.
    pub fn locate_for_writing(explicit: Option<&Path>, policy: LayerPolicy) -> Books {
        let b = Books::locate(explicit, policy);
        if b.user().is_some() {
            return b;
        }
        let dir = crate::util::dirs::user_book_dir().unwrap_or_else(|| "books".into());
        Books::new(Some(Book::open(dir)), policy)
    }

    /// The books the trainer asks, and whose folder keeps the schedule: as
    /// [`Books::locate_for_writing`] (an answer is a write).
    pub fn locate_for_training(explicit: Option<&Path>, policy: LayerPolicy) -> Books {
        Books::locate_for_writing(explicit, policy)
    }

    /// The user's book, if there is one (it may not exist on disk yet).
    pub fn user(&self) -> Option<&Book> {
        self.user.as_ref()
    }

    /// The built-in book.
    pub fn builtin(&self) -> &Book {
        &self.builtin
    }

    /// Which layers answer (the user's, the built-in, or both).
    pub fn policy(&self) -> LayerPolicy {
        self.policy
    }

    /// The layers consulted, top first.
    pub fn layers(&self) -> Vec<(Layer, &Book)> {
        let mut v = Vec::new();
        if let Some(u) = &self.user
            && self.policy.consults(Layer::User)
        {
            v.push((Layer::User, u));
        }
        if self.policy.consults(Layer::BuiltIn) {
            v.push((Layer::BuiltIn, &self.builtin));
        }
        v
    }

    /// For messages: `books over the built-in book`, `the built-in book`, ….
    pub fn describe(&self) -> String {
        let user = self.user.as_ref().map(Book::describe);
        match (self.policy, user) {
            (LayerPolicy::Both, Some(u)) => format!("{u} over the built-in book"),
            (LayerPolicy::UserOnly, Some(u)) => format!("{u} (user book only)"),
            (LayerPolicy::UserOnly, None) => "no book (user book only, and none found)".into(),
            (_, _) => "the built-in book".into(),
        }
    }

    /// The entry that answers for `pos`: the first layer that has the position (at least
    /// one valid move). Problems of a user file passed over are added to the warnings.
    pub fn lookup(&self, pos: &Position) -> Option<LayeredEntry> {
        let mut passed_over: Vec<String> = Vec::new();
        let mut last: Option<LayeredEntry> = None;
        for (layer, book) in self.layers() {
            let Some(mut entry) = book.lookup(pos) else {
                continue;
            };
            if !entry.moves.is_empty() {
                let mut warnings = std::mem::take(&mut passed_over);
                warnings.append(&mut entry.warnings);
                entry.warnings = warnings;
                return Some(LayeredEntry { layer, entry });
            }
            passed_over.extend(entry.warnings.iter().cloned());
            last = Some(LayeredEntry { layer, entry });
        }
        // No layer has moves: the last file met, so its problems can be shown.
        last.map(|mut l| {
            l.entry.warnings = passed_over;
            l
        })
    }

    /// The book move for `pos`: at random in proportion to the weights (`seed` drives the
    /// choice) or the heaviest, from the layer that answers. Weight-0 moves are never
    /// chosen; a user position whose moves all weigh 0 gives no book move (no fall-through).
    pub fn pick(&self, pos: &Position, mode: PickMode, seed: u64) -> Option<BookPick> {
        let l = self.lookup(pos)?;
        let (m, total) = choose(&l.entry.moves, mode, seed)?;
        let file = match l.layer {
            Layer::User => l.entry.file.clone(),
            Layer::BuiltIn => l
                .entry
                .file
                .strip_prefix("embedded:")
                .unwrap_or(&l.entry.file)
                .to_string(),
        };
        Some(BookPick {
            mv: m.mv,
            layer: l.layer,
            file,
            weight: m.weight,
            total,
        })
    }

    /// [`Books::pick`] for the game's current position, while the game has fewer than
    /// `max_ply` moves.
    pub fn probe(&self, game: &Game, max_ply: u32, mode: PickMode, seed: u64) -> Option<BookPick> {
        if game.moves().len() >= max_ply as usize {
            return None;
        }
        self.pick(game.position(), mode, seed)
    }

    /// The user's file of `pos` as shown (where a change is written), else the built-in's.
    pub fn file_of(&self, pos: &Position) -> String {
        self.user.as_ref().unwrap_or(&self.builtin).file_of(pos)
    }

    fn writable(&self) -> Result<&Book, BookError> {
        self.user.as_ref().ok_or(BookError::NoUserBook)
    }

    /// Read-modify-write of `pos` in the user's book, under its lock: a position new to it
    /// starts empty, whatever the built-in book has there (see the module documentation).
    pub fn update<F>(&self, pos: &Position, change: F) -> Result<Edit, BookError>
    where
        F: FnOnce(&mut Vec<BookMove>) -> Result<(), BookError>,
    {
        self.writable()?.edit(pos, change)
    }

    /// Undoes a change made through these books ([`Book::revert`]).
    pub fn revert(&self, edit: &Edit) -> Result<(), BookError> {
        self.writable()?.revert(edit)
    }

    /// Adds `mv` with `weight` (or raises its weight) in the user's book.
    pub fn record(&self, pos: &Position, mv: Move, weight: u32) -> Result<Edit, BookError> {
        self.update(pos, super::record_change(pos, mv, weight)?)
    }

    /// Sets a move's weight in the user's book (adding the move).
    pub fn set_weight(&self, pos: &Position, mv: Move, weight: u32) -> Result<Edit, BookError> {
        self.update(pos, super::weight_change(pos, mv, weight)?)
    }

    /// Raises (or, `delta` below 0, lowers, never below 0) the weight of a move the user's
    /// book lists, from its weight at the time of the change.
    pub fn add_weight(&self, pos: &Position, mv: Move, delta: i64) -> Result<Edit, BookError> {
        let file = self.file_of(pos);
        self.update(pos, move |moves| {
            match moves.iter_mut().find(|m| m.mv == mv) {
                Some(m) => {
                    m.weight = (i64::from(m.weight) + delta).clamp(0, i64::from(u32::MAX)) as u32;
                    Ok(())
                }
                None => Err(BookError::NotInBook { mv: mv.uci(), file }),
            }
        })
    }

    /// Sets or clears a move's comment in the user's book.
    pub fn set_comment(
        &self,
        pos: &Position,
        mv: Move,
        comment: Option<&str>,
    ) -> Result<Edit, BookError> {
        self.update(pos, super::comment_change(mv, comment, self.file_of(pos)))
    }

    /// Deletes a move from the user's book. Its last move takes the position out of the
    /// user's book (the file goes, notes and all), and the built-in book, if it has the
    /// position, answers there again, as it does wherever nothing was recorded. To keep the
    /// engine out of the book there instead, give the moves weight 0.
    pub fn remove(&self, pos: &Position, mv: Move) -> Result<Edit, BookError> {
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

    /// The built-in book's moves and notes for `pos`, when it has any.
    pub fn builtin_entry(&self, pos: &Position) -> Option<(Vec<BookMove>, Vec<String>)> {
        let (entry, notes) = self.builtin.lookup_with_notes(pos)?;
        (!entry.moves.is_empty()).then_some((entry.moves, notes))
    }

    /// Whether the built-in book answers `pos` where the user's book does not have it (the
    /// layers consult it and it has moves there).
    pub fn builtin_answers(&self, pos: &Position) -> bool {
        self.policy.consults(Layer::BuiltIn) && self.builtin_entry(pos).is_some()
    }

    /// Takes over the built-in book's position: each built-in move the user's book lacks
    /// there is added with its weight, fields and comment, and the built-in notes with
    /// them; the moves the user's book already has keep their weights and comments. The
    /// explicit act that makes a built-in position the user's (recording does not).
    pub fn adopt(&self, pos: &Position) -> Result<Adopted, BookError> {
        let user = self.writable()?;
        let Some((builtin, builtin_notes)) = self.builtin_entry(pos) else {
            return Err(BookError::Refused(format!(
                "the built-in book has no moves for this position ({})",
                pos.epd()
            )));
        };
        let offered = builtin.len();
        let mut added = 0;
        let edit = user.edit_with_notes(pos, |moves, notes| {
            for m in builtin {
                if !moves.iter().any(|x| x.mv == m.mv) {
                    moves.push(m);
                    added += 1;
                }
            }
            for n in builtin_notes {
                if !notes.contains(&n) {
                    notes.push(n);
                }
            }
            Ok(())
        })?;
        Ok(Adopted {
            added,
            kept: offered - added,
            edit,
        })
    }
}

/// What [`Books::record_all`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    /// Moves recorded (a move given twice counted twice).
    pub moves: usize,
    /// Positions where built-in moves were adopted, and how many moves.
    pub adopted_positions: usize,
    pub adopted_moves: usize,
    /// Positions new to the user's book where the built-in book answers (not adopted).
    pub new_over_builtin: usize,
    /// Of the moves given, those the book had already there: their weights left alone.
    pub already: usize,
}

impl Books {
    /// Records each `(position, move)` with `weight` (a move already there keeps its
    /// weight: how often a line is typed again is no measure of how often it is played;
    /// weights change by `set_weight`, `add_weight` or an import's counts), adopting each position's built-in moves first when `adopt`: all or nothing,
    /// in one batch, so a position that cannot be rewritten (a file with problems, a
    /// folder that cannot be written) leaves the whole book as it was.
    pub fn record_all(
        &self,
        steps: &[(Position, Move)],
        weight: u32,
        adopt: bool,
    ) -> Result<Recorded, BookError> {
        let dir = self.writable()?.writable_dir()?;
        for (pos, mv) in steps {
            super::check_legal(pos, *mv)?;
        }
        // Each position once, in key order as a batch writes, its moves in the order given.
        let mut by_key: std::collections::BTreeMap<u64, (Position, Vec<Move>)> =
            std::collections::BTreeMap::new();
        for (pos, mv) in steps {
            by_key
                .entry(pos.key())
                .or_insert((*pos, Vec::new()))
                .1
                .push(*mv);
        }
        let mut writer = super::batch::BatchWriter::begin(dir, false)?;
        let mut done = Recorded::default();
        for (key, (pos, moves)) in by_key {
            let current = writer.current(key)?;
            let (mut list, mut notes) = match &current {
                None => (Vec::new(), Vec::new()),
                Some(c) => super::batch::stored_moves(c, &pos)?,
            };
            let builtin = self.builtin_entry(&pos);
            if adopt && let Some((builtin_moves, builtin_notes)) = builtin {
                let before = list.len();
                for m in builtin_moves {
                    if !list.iter().any(|x| x.mv == m.mv) {
                        list.push(m);
                    }
                }
                for n in builtin_notes {
                    if !notes.contains(&n) {
                        notes.push(n);
                    }
                }
                if list.len() > before {
                    done.adopted_positions += 1;
                    done.adopted_moves += list.len() - before;
                }
            } else if current.is_none() && self.builtin_answers(&pos) {
                done.new_over_builtin += 1;
            }
            for mv in moves {
                if list.iter().any(|m| m.mv == mv) {
                    done.already += 1;
                } else {
                    list.push(BookMove::new(mv, weight));
                    done.moves += 1;
                }
            }
            let record = super::format::write_record(&pos, &list, &notes);
            writer.put(key, record.as_bytes(), || Ok(pos))?;
        }
        writer.commit()?;
        Ok(done)
    }
}

/// What [`Books::adopt`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adopted {
    /// Built-in moves added to the user's book.
    pub added: usize,
    /// Built-in moves the user's book had already (left as they were).
    pub kept: usize,
    /// The change, to undo it.
    pub edit: Edit,
}
