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
//! Writing always goes to the user's book. A change to a position only the built-in book
//! has first copies the built-in moves (weights, fields, comments and notes), then applies
//! the change, so the position keeps its other built-in moves ("copy on write").
//!
//! ```
//! use huo_chess::book::{Books, Layer, LayerPolicy, PickMode};
//! use huo_chess::core::Position;
//!
//! let books = Books::new(None, LayerPolicy::Both); // no user book: the built-in one answers
//! let pick = books.pick(&Position::startpos(), PickMode::Best, 0).unwrap();
//! assert_eq!(pick.layer, Layer::BuiltIn);
//! assert!(pick.to_string().starts_with("Book move "));
//! ```

use super::{Book, BookEntry, BookError, BookMove, PickMode, choose};
use crate::core::{Move, Position};
use crate::game::Game;
use serde::Deserialize;
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum LayerPolicy {
    /// Only the user's book: no book at all where it has no entry.
    #[serde(rename = "user")]
    UserOnly,
    /// Only the built-in book (the user's book is still where changes are written).
    #[serde(rename = "builtin", alias = "built-in")]
    BuiltInOnly,
    /// The user's book, falling through to the built-in one (the default).
    #[default]
    #[serde(rename = "both")]
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

    fn consults(self, layer: Layer) -> bool {
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
    /// The built-in book is read-only: a change copies the position into the user's book.
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

/// What a change through [`Books`] did to the user's book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// The user's file was changed (or created).
    InPlace,
    /// The position was first copied from the built-in book, then changed.
    CopiedFromBuiltIn,
}

/// The user's book over the built-in one: lookups fall through, writes copy on write.
#[derive(Clone, Debug)]
pub struct Books {
    user: Option<Book>,
    builtin: Book,
    policy: LayerPolicy,
}

impl Books {
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

    /// The user's book, if there is one (it may not exist on disk yet).
    pub fn user(&self) -> Option<&Book> {
        self.user.as_ref()
    }

    /// The built-in book.
    pub fn builtin(&self) -> &Book {
        &self.builtin
    }

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
        self.user.as_ref().ok_or_else(|| {
            BookError(
                "the built-in book is read-only and there is no user book: choose a book \
                 directory (--book DIR, book.path)"
                    .into(),
            )
        })
    }

    /// The built-in entry to copy before changing `pos` in the user's book.
    fn seed(&self, pos: &Position) -> Option<(Vec<BookMove>, Vec<String>)> {
        if !self.policy.consults(Layer::BuiltIn) {
            return None;
        }
        let (entry, notes) = self.builtin.lookup_with_notes(pos)?;
        (!entry.moves.is_empty()).then_some((entry.moves, notes))
    }

    /// Read-modify-write of `pos` in the user's book, under its lock; a position only the
    /// built-in book has starts from the built-in moves (see the module documentation).
    pub fn update<F>(&self, pos: &Position, change: F) -> Result<Written, BookError>
    where
        F: FnOnce(&mut Vec<BookMove>) -> Result<(), BookError>,
    {
        let user = self.writable()?;
        let seeded = user.update_seeded(pos, self.seed(pos), change)?;
        Ok(if seeded {
            Written::CopiedFromBuiltIn
        } else {
            Written::InPlace
        })
    }

    /// Adds `mv` with `weight` (or raises its weight), copying a built-in position first.
    pub fn record(&self, pos: &Position, mv: Move, weight: u32) -> Result<Written, BookError> {
        self.update(pos, super::record_change(pos, mv, weight)?)
    }

    /// Sets a move's weight (adding the move), copying a built-in position first.
    pub fn set_weight(&self, pos: &Position, mv: Move, weight: u32) -> Result<Written, BookError> {
        self.update(pos, super::weight_change(pos, mv, weight)?)
    }

    /// Sets or clears a move's comment, copying a built-in position first.
    pub fn set_comment(
        &self,
        pos: &Position,
        mv: Move,
        comment: Option<&str>,
    ) -> Result<Written, BookError> {
        self.update(pos, super::comment_change(mv, comment, self.file_of(pos)))
    }

    /// Deletes a move, copying a built-in position first. Removing the last move of a
    /// position the built-in book also has is refused: the file would be deleted and the
    /// built-in book would answer again (set the weight to 0 instead).
    pub fn remove(&self, pos: &Position, mv: Move) -> Result<Written, BookError> {
        let file = self.file_of(pos);
        let builtin_has = self.seed(pos).is_some();
        self.update(pos, |moves| {
            let before = moves.len();
            moves.retain(|m| m.mv != mv);
            if moves.len() == before {
                Err(BookError(format!("{} is not in {file}", mv.uci())))
            } else if moves.is_empty() && builtin_has {
                Err(BookError(format!(
                    "{} is the last move of {file}: without it the built-in book would answer \
                     here again; give it weight 0 to keep the engine out of the book here",
                    mv.uci()
                )))
            } else {
                Ok(())
            }
        })
    }
}
