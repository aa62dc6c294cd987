//! What goes wrong with a book: a file or folder the system would not read or write (its
//! error kept as the [`std::error::Error::source`]), a file that is damaged or has
//! problems (each named `file:line`), or a change refused.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// What was being done to a file or folder when the system refused: the words of
/// `cannot ... FILE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doing {
    /// `cannot read FILE`.
    Read,
    /// `cannot write FILE`.
    Write,
    /// `cannot write in DIR`: a transaction over a book directory.
    WriteIn,
    /// `cannot delete FILE`.
    Delete,
    /// `cannot create the book directory DIR`.
    CreateDir,
    /// `cannot open the lock file FILE`.
    OpenLock,
    /// `cannot lock FILE`.
    Lock,
    /// `cannot finish an interrupted import in DIR`.
    Recover,
}

impl fmt::Display for Doing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Doing::Read => "read",
            Doing::Write => "write",
            Doing::WriteIn => "write in",
            Doing::Delete => "delete",
            Doing::CreateDir => "create the book directory",
            Doing::OpenLock => "open the lock file",
            Doing::Lock => "lock",
            Doing::Recover => "finish an interrupted import in",
        })
    }
}

/// A book that cannot be written, or a file that cannot be read.
#[derive(Debug)]
pub enum BookError {
    /// The system refused to read, write, delete or lock a file or folder.
    Io {
        doing: Doing,
        path: PathBuf,
        source: io::Error,
    },
    /// The book's folder cannot be read (it is not there, say).
    NoFolder { path: PathBuf, source: io::Error },
    /// The book's path is a file, not a folder.
    NotAFolder { path: PathBuf },
    /// A position's file is not UTF-8 text.
    NotText {
        path: PathBuf,
        source: std::string::FromUtf8Error,
    },
    /// A packed record (of `key`) is not UTF-8 text.
    RecordNotText {
        key: u64,
        source: std::str::Utf8Error,
    },
    /// The packed book is damaged: what is wrong with it.
    DamagedPack { path: PathBuf, what: String },
    /// The packed book is the binary one of an earlier version.
    OldPack { path: PathBuf },
    /// A file (or record) that is not as it must be: where (`file` or `file:line`), and
    /// what is wrong.
    Invalid { at: String, reason: String },
    /// The problems of a file that could not be read whole (`file:line: message` each).
    Problems(Vec<String>),
    /// A writer refuses to rewrite a `position` or `file` with problems.
    RefusedRewrite {
        what: &'static str,
        problems: Vec<String>,
    },
    /// A conversion stopped before it changed anything, on this problem.
    Unconverted(Box<BookError>),
    /// The move (in UCI) is not in the position's file.
    NotInBook { mv: String, file: String },
    /// The move (in UCI) is not legal in the position (its EPD).
    IllegalMove { mv: String, epd: String },
    /// The book is the embedded one, which cannot be written.
    EmbeddedReadOnly,
    /// Of the layered books only the built-in one is there, and it cannot be written.
    NoUserBook,
    /// Any other refusal, in words for the user.
    Refused(String),
}

impl BookError {
    /// The system's refusal to do `doing` to `path`.
    pub fn io(doing: Doing, path: impl Into<PathBuf>, source: io::Error) -> BookError {
        BookError::Io {
            doing,
            path: path.into(),
            source,
        }
    }

    /// `at` is not as it must be: `reason`.
    pub fn invalid(at: impl fmt::Display, reason: impl Into<String>) -> BookError {
        BookError::Invalid {
            at: at.to_string(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io {
                doing,
                path,
                source,
            } => write!(f, "cannot {doing} {}: {source}", path.display()),
            BookError::NoFolder { path, source } => {
                write!(
                    f,
                    "{}: cannot read the book folder: {source}",
                    path.display()
                )
            }
            BookError::NotAFolder { path } => write!(
                f,
                "{}: a file, not a book folder (a Polyglot .bin is imported with huo-book import)",
                path.display()
            ),
            BookError::NotText { path, source } => {
                write!(f, "{}: not UTF-8 text: {source}", path.display())
            }
            BookError::RecordNotText { key, .. } => {
                write!(f, "the record of {key:016x} is not UTF-8")
            }
            BookError::DamagedPack { path, what } => write!(
                f,
                "{}: damaged packed book: {what} (fix it by hand, or delete it and import again)",
                path.display()
            ),
            BookError::OldPack { path } => write!(
                f,
                "{}: a binary packed book of an earlier Huo Chess: delete it and import again \
                 (packed books are text now)",
                path.display()
            ),
            BookError::Invalid { at, reason } => write!(f, "{at}: {reason}"),
            BookError::Problems(problems) => f.write_str(&problems.join("; ")),
            BookError::RefusedRewrite { what, problems } => write!(
                f,
                "refusing to rewrite a {what} with problems (fix it by hand; 'huo-book check' \
                 lists them): {}",
                problems.join("; ")
            ),
            BookError::Unconverted(e) => write!(
                f,
                "{e} (fix it first, 'huo-book check' lists every problem: nothing was converted)"
            ),
            BookError::NotInBook { mv, file } => write!(f, "{mv} is not in {file}"),
            BookError::IllegalMove { mv, epd } => write!(f, "{mv} is not a legal move in {epd}"),
            BookError::EmbeddedReadOnly => {
                f.write_str("the embedded book is read-only: choose a book directory (--book DIR)")
            }
            BookError::NoUserBook => f.write_str(
                "the built-in book is read-only and there is no user book: choose a book \
                 directory (--book DIR, book.path)",
            ),
            BookError::Refused(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Io { source, .. } => Some(source),
            BookError::NoFolder { source, .. } => Some(source),
            BookError::NotText { source, .. } => Some(source),
            BookError::RecordNotText { source, .. } => Some(source),
            BookError::Unconverted(e) => Some(e.as_ref()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::store;
    use crate::util::scratch::Scratch;
    use std::error::Error;

    #[test]
    fn a_file_that_cannot_be_read_keeps_the_systems_error() {
        let dir = Scratch::new("book-error-io");
        // A folder where a position's file should be: the system will not read it.
        let path = dir.path().join("46");
        std::fs::create_dir(&path).unwrap();
        let e = store::read(&path).unwrap_err();
        let io = e
            .source()
            .and_then(|s| s.downcast_ref::<io::Error>())
            .expect("the system's error");
        assert_eq!(io.kind(), io::ErrorKind::IsADirectory);
        assert_eq!(
            e.to_string(),
            format!("cannot read {}: {io}", path.display())
        );
        assert!(matches!(
            e,
            BookError::Io {
                doing: Doing::Read,
                ..
            }
        ));
    }

    #[test]
    fn a_file_that_is_not_text_keeps_the_decoders_error() {
        let dir = Scratch::new("book-error-utf8");
        let path = dir.path().join("x.txt");
        std::fs::write(&path, b"fen \xff\n").unwrap();
        let e = store::read(&path).unwrap_err();
        let utf8 = e
            .source()
            .and_then(|s| s.downcast_ref::<std::string::FromUtf8Error>())
            .expect("the decoder's error");
        assert_eq!(
            e.to_string(),
            format!("{}: not UTF-8 text: {utf8}", path.display())
        );
    }

    #[test]
    fn a_refused_conversion_leads_to_its_cause() {
        let dir = Scratch::new("book-error-lock");
        // A file where the book's folder should be: it cannot be made.
        let file = dir.path().join("book");
        std::fs::write(&file, "").unwrap();
        let Err(inner) = store::lock(&file.join("sub")) else {
            panic!("a folder made inside a file");
        };
        let shown = inner.to_string();
        assert!(
            shown.starts_with("cannot create the book directory"),
            "{shown}"
        );
        let e = BookError::Unconverted(Box::new(inner));
        assert_eq!(
            e.to_string(),
            format!(
                "{shown} (fix it first, 'huo-book check' lists every problem: nothing was \
                 converted)"
            )
        );
        let cause = e
            .source()
            .and_then(|s| s.source())
            .expect("the system's error");
        assert!(cause.downcast_ref::<io::Error>().is_some());
        assert!(BookError::NoUserBook.source().is_none());
    }

    #[test]
    fn a_book_folder_that_is_not_there_keeps_the_systems_error() {
        let dir = Scratch::new("book-error-folder");
        let missing = dir.path().join("missing");
        let e = crate::book::check_folder(&missing).unwrap_err();
        let io = e
            .source()
            .and_then(|s| s.downcast_ref::<io::Error>())
            .expect("the system's error");
        assert_eq!(io.kind(), io::ErrorKind::NotFound);
        assert_eq!(
            e.to_string(),
            format!("{}: cannot read the book folder: {io}", missing.display())
        );
        let file = dir.path().join("book.bin");
        std::fs::write(&file, "").unwrap();
        let e = crate::book::check_folder(&file).unwrap_err();
        assert!(matches!(e, BookError::NotAFolder { .. }), "{e:?}");
        assert!(e.source().is_none());
    }
}
