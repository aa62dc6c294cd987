//! Many positions of a book changed together, all or nothing: an import, a merge, a
//! conversion between layouts.
//!
//! A [`BatchWriter`] holds the book's lock and stages every change in one
//! [`Transaction`] (a folder inside the book, [`store::STAGING`]): the position files it
//! writes and, for a packed book, the whole new pack, streamed from the old one in key
//! order. Nothing of the book changes until [`BatchWriter::commit`]; any error before (a
//! position whose file has a problem, a damaged pack, a full disk) drops the staged changes
//! and leaves the book byte for byte as it was. The commit switches the files over as the
//! transaction explains (an error there puts them back; a crash is finished by the next
//! writer).
//!
//! Where a position goes: in a packed book, to its own file when it has one (the file wins
//! over its record), else to the new pack; in a book of files, to its file.

use super::entry::BookMove;
use super::error::{BookError, Doing};
use super::incoming::{Incoming, merge_into};
use super::{format, pack, store};
use crate::core::Position;
use crate::util::files::Durability;
use crate::util::transaction::{Staged, StagedFile, Transaction};
use std::collections::HashSet;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

/// Where a batch writes its positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// The layout the book has: packed when it has a pack, else its files, unless the batch
    /// writes at least [`PACK_MIN_POSITIONS`] positions (then packed).
    #[default]
    Auto,
    /// One file per position.
    Files,
    /// The packed book (positions that have their own file are still written there).
    Packed,
}

/// From this many positions an automatic layout is packed: below it, a file per position
/// costs little and is the easiest to read and edit.
pub const PACK_MIN_POSITIONS: usize = 10_000;

impl std::str::FromStr for Layout {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(Layout::Auto),
            "files" => Ok(Layout::Files),
            "packed" | "pack" => Ok(Layout::Packed),
            other => Err(format!("'{other}' is not a layout (auto, files, packed)")),
        }
    }
}

impl Layout {
    /// Whether a batch of `positions` positions into book directory `dir` is packed.
    pub fn packs(self, dir: &Path, positions: usize) -> bool {
        match self {
            Layout::Files => false,
            Layout::Packed => true,
            Layout::Auto => pack::path(dir).exists() || positions >= PACK_MIN_POSITIONS,
        }
    }
}

/// A position's stored text, as a batch finds it.
#[derive(Clone, Debug)]
pub struct Current {
    pub text: String,
    /// The file or record as shown to the user, for messages.
    pub shown: String,
}

/// The changes of one batch, staged until [`BatchWriter::commit`] (see the module docs).
pub struct BatchWriter {
    dir: PathBuf,
    _guard: store::LockGuard,
    tx: Transaction,
    packed: Option<Packed>,
    /// The keys of the book's position files (packed: they win over the records).
    files: HashSet<u64>,
    /// Positions written.
    written: usize,
}

/// A packed batch's pack: the old one read in key order, the new one written.
struct Packed {
    old: Option<pack::Records>,
    new: pack::PackWriter<BufWriter<StagedFile>>,
    /// The old record of the position last asked for, copied to the new pack unless the
    /// position is written.
    pending: Option<(u64, String)>,
    /// The last key asked for (keys must increase).
    last: Option<u64>,
}

impl BatchWriter {
    /// Starts a batch on book directory `dir` (made when missing), under its lock: into
    /// the pack (`packed`), or into the positions' files. The book's pack is read as it
    /// goes (packed) or checked first (files): a damaged pack stops the batch here.
    pub fn begin(dir: &Path, packed: bool) -> Result<BatchWriter, BookError> {
        let guard = store::lock(dir)?;
        let tx = Transaction::begin(dir, store::STAGING)
            .map_err(|e| BookError::io(Doing::WriteIn, dir, e))?;
        let files = store::file_keys(dir);
        let packed = if packed {
            let old = pack::Records::open(dir)?;
            let mut tx_file = tx;
            let staged = tx_file
                .create(Path::new(pack::FILE_NAME))
                .map_err(|e| write_error(&pack::path(dir), e))?;
            let new =
                pack::PackWriter::new(BufWriter::with_capacity(1 << 16, staged), &pack::path(dir))?;
            return Ok(BatchWriter {
                dir: dir.to_path_buf(),
                _guard: guard,
                tx: tx_file,
                packed: Some(Packed {
                    old,
                    new,
                    pending: None,
                    last: None,
                }),
                files,
                written: 0,
            });
        } else {
            pack::verify(dir)?;
            None
        };
        Ok(BatchWriter {
            dir: dir.to_path_buf(),
            _guard: guard,
            tx,
            packed,
            files,
            written: 0,
        })
    }

    /// Whether the batch writes the pack.
    pub fn is_packed(&self) -> bool {
        self.packed.is_some()
    }

    /// The book directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Positions written so far.
    pub fn written(&self) -> usize {
        self.written
    }

    /// The stored text of `key`: its file (or what this batch staged for it), else its
    /// packed record. A packed batch asks for keys in increasing order.
    pub fn current(&mut self, key: u64) -> Result<Option<Current>, BookError> {
        let rel = store::relative_path(key);
        let staged = self.tx.staged(Path::new(&rel));
        let in_file = self.files.contains(&key) || staged.is_some();
        let dir = self.dir.clone();
        if let Some(p) = &mut self.packed {
            if p.last.is_some_and(|l| l >= key) {
                return Err(BookError::invalid(
                    pack::path(&dir).display(),
                    format!("positions must come in increasing key order ({key:016x})"),
                ));
            }
            p.last = Some(key);
            p.flush_pending()?;
            let record = p.take_old(key)?;
            if !in_file {
                return Ok(record.map(|text| {
                    p.pending = Some((key, text.clone()));
                    Current {
                        text,
                        shown: pack::shown(&dir, key),
                    }
                }));
            }
            // The file wins: the record under it stays as it is.
            if let Some(text) = record {
                p.new.add(key, &text)?;
            }
        }
        let path = dir.join(&rel);
        let shown = path.display().to_string();
        let text = match staged {
            Some(Staged::Written(s)) => store::read(&s)?,
            Some(Staged::Removed) => None,
            None => store::read(&path)?,
        };
        if let Some(text) = text {
            return Ok(Some(Current { text, shown }));
        }
        if self.packed.is_none() {
            return Ok(pack::lookup(&dir, key)?.map(|text| Current {
                text,
                shown: pack::shown(&dir, key),
            }));
        }
        Ok(None)
    }

    /// Writes the position of `key` (asked for by [`BatchWriter::current`] just before):
    /// `record` is its text without the generated header and diagram; `pos` gives the
    /// position for the diagram when it goes to a file.
    pub fn put(
        &mut self,
        key: u64,
        record: &[u8],
        pos: impl FnOnce() -> Result<Position, BookError>,
    ) -> Result<(), BookError> {
        let to_file = self.files.contains(&key)
            || self
                .tx
                .staged(Path::new(&store::relative_path(key)))
                .is_some();
        if let Some(p) = &mut self.packed
            && !to_file
        {
            if p.pending.as_ref().is_some_and(|(k, _)| *k == key) {
                p.pending = None;
            }
            p.new.add_bytes(key, record)?;
            self.written += 1;
            return Ok(());
        }
        let pos = pos()?;
        let mut text = String::with_capacity(400 + record.len());
        for l in format::generated_comments(&pos) {
            text.push_str(&l);
            text.push('\n');
        }
        text.push_str(
            std::str::from_utf8(record)
                .map_err(|source| BookError::RecordNotText { key, source })?,
        );
        let rel = store::relative_path(key);
        self.tx
            .write(Path::new(&rel), text)
            .map_err(|e| write_error(&self.dir.join(&rel), e))?;
        self.files.insert(key);
        self.written += 1;
        Ok(())
    }

    /// Merges `item`'s moves and notes into its stored position (a move it has combined by
    /// `merge`). An illegal move, or a stored text with any problem, is an error naming
    /// it (file:line): the batch is then to be dropped. Returns the moves written.
    pub fn merge<F>(&mut self, item: Incoming, merge: &mut F) -> Result<usize, BookError>
    where
        F: FnMut(&mut BookMove, &BookMove),
    {
        let Incoming { pos, moves, notes } = item;
        if let Some(m) = moves.iter().find(|m| !pos.is_legal(m.mv)) {
            return Err(BookError::Refused(format!(
                "{} is illegal in {}",
                m.mv.uci(),
                pos.epd()
            )));
        }
        let (mut current, mut current_notes) = match self.current(pos.key())? {
            None => (Vec::new(), Vec::new()),
            Some(c) => stored_moves(&c, &pos)?,
        };
        merge_into(&mut current, &mut current_notes, moves, notes, merge);
        let n = current.len();
        let record = format::write_record(&pos, &current, &current_notes);
        self.put(pos.key(), record.as_bytes(), || Ok(pos))?;
        Ok(n)
    }

    /// Deletes the position file of `key` at the commit.
    pub fn remove_file(&mut self, key: u64) {
        self.tx.remove(Path::new(&store::relative_path(key)));
        self.files.remove(&key);
    }

    /// Deletes the pack at the commit (a batch into files).
    pub fn remove_pack(&mut self) {
        self.tx.remove(Path::new(pack::FILE_NAME));
    }

    /// Puts every staged change in place, all or none; returns the positions written.
    pub fn commit(mut self) -> Result<usize, BookError> {
        if let Some(mut p) = self.packed.take() {
            p.flush_pending()?;
            while let Some(r) = p.old.as_mut().and_then(|r| r.next_record()) {
                let r = r?;
                p.new.add(r.key, &r.text)?;
            }
            let path = pack::path(&self.dir);
            p.new
                .finish()?
                .into_inner()
                .map_err(|e| write_error(&path, e.into_error()))?;
        }
        let written = self.written;
        self.tx
            .commit(Durability::NewFilesUnsynced)
            .map_err(|e| BookError::io(Doing::WriteIn, &self.dir, e))?;
        Ok(written)
    }
}

impl Packed {
    /// Copies the old record left pending to the new pack.
    fn flush_pending(&mut self) -> Result<(), BookError> {
        if let Some((k, text)) = self.pending.take() {
            self.new.add(k, &text)?;
        }
        Ok(())
    }

    /// Copies the old records before `key` to the new pack and returns the record of `key`.
    fn take_old(&mut self, key: u64) -> Result<Option<String>, BookError> {
        let Some(old) = self.old.as_mut() else {
            return Ok(None);
        };
        while old.peek_key().is_some_and(|k| k <= key) {
            let r = old.next_record().expect("a peeked record")?;
            if r.key == key {
                return Ok(Some(r.text));
            }
            self.new.add(r.key, &r.text)?;
        }
        Ok(None)
    }
}

fn write_error(path: &Path, e: std::io::Error) -> BookError {
    BookError::io(Doing::Write, path, e)
}

/// The moves and `#` notes of a stored position, for a writer: an error naming the file
/// and line when it has any problem (a writer never rewrites what it cannot read whole).
pub fn stored_moves(
    current: &Current,
    pos: &Position,
) -> Result<(Vec<BookMove>, Vec<String>), BookError> {
    let parsed = format::parse(&current.text);
    let r = format::resolve(&parsed, pos, &current.shown);
    if !r.problems.is_empty() {
        return Err(BookError::RefusedRewrite {
            what: "position",
            problems: r.problems,
        });
    }
    Ok((r.moves, format::notes(&parsed, pos)))
}
