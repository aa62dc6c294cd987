//! The one text reader for inputs a user names: a file, or `-` for standard input. A
//! compressed stream is decompressed on the way, known by its first bytes rather than its
//! name (`games.pgn` that is really gzip is read; `games.pgn.zst` that is plain text too):
//! gzip (`.gz`, several members in a row as `bgzip` writes) and zstd (`.zst`, several frames,
//! skippable frames skipped), both streamed in constant memory. Anything else that is not
//! text (a bzip2 or xz archive, a Polyglot `.bin`, an image) is refused up front with a
//! message saying what it is, instead of being read as text that holds no games.
//!
//! A read error part-way (a truncated or damaged archive) is an `Err` from the reader, as
//! for any I/O error: callers report it and fail rather than treat it as the end.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// How the input was stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Gzip,
    Zstd,
}

impl Format {
    /// For messages: "gzip-compressed " (with the space), or nothing for text.
    fn adjective(self) -> &'static str {
        match self {
            Format::Text => "",
            Format::Gzip => "gzip-compressed ",
            Format::Zstd => "zstd-compressed ",
        }
    }
}

/// Why an input could not be opened or read: each says which input (its path, or
/// "standard input"); a refusal of the system keeps its error as the source.
#[derive(Debug)]
pub enum InputError {
    /// The system would not open the file (missing, no permission...).
    Open { name: String, source: io::Error },
    /// The path is a folder.
    Folder { name: String },
    /// Reading failed (part-way: a truncated or damaged archive).
    Read { name: String, source: io::Error },
    /// A compression that cannot be read here (`bzip2`, `xz`), and the program that
    /// decompresses it.
    Compressed {
        name: String,
        kind: &'static str,
        unpack: &'static str,
    },
    /// Binary data, not text (the compression it was found under, if any).
    Binary { name: String, format: Format },
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputError::Open { name, source } => write!(f, "cannot open {name}: {source}"),
            InputError::Folder { name } => write!(f, "cannot open {name}: it is a folder"),
            InputError::Read { source, .. } => {
                // The source names the input already (see `named`).
                let e = source.to_string();
                if e.starts_with("truncated") {
                    f.write_str(&e)
                } else {
                    write!(f, "cannot read {e}")
                }
            }
            InputError::Compressed { name, kind, unpack } => write!(
                f,
                "{name}: {kind}-compressed, which cannot be read here: decompress it first \
                 ({unpack} -k), or recompress it with zstd or gzip"
            ),
            InputError::Binary { name, format } => write!(
                f,
                "{name}: {}binary data, not text: nothing read",
                format.adjective()
            ),
        }
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputError::Open { source, .. } | InputError::Read { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl From<InputError> for String {
    fn from(e: InputError) -> String {
        e.to_string()
    }
}

/// An opened input: read it as text with [`BufRead`]. Its [`Input::name`] is for messages
/// (`file:line: ...`); [`Input::size`] and [`Input::consumed`] measure progress in the
/// stored (perhaps compressed) bytes.
pub struct Input {
    name: String,
    format: Format,
    size: Option<u64>,
    consumed: Arc<AtomicU64>,
    reader: Box<dyn BufRead>,
}

/// How many bytes of text are looked at to tell text from binary data.
const SNIFF: usize = 8192;

/// Opens `path` (`-`: standard input) for reading as text, decompressing gzip or zstd.
/// Errors name the path: missing, unreadable, or binary data that is not text.
pub fn open(path: &Path) -> Result<Input, InputError> {
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    let consumed = Arc::new(AtomicU64::new(0));
    let (raw, size): (Box<dyn Read>, Option<u64>) = if stdin {
        (Box::new(io::stdin().lock()), None)
    } else {
        let opening = |source| InputError::Open {
            name: name.clone(),
            source,
        };
        let f = File::open(path).map_err(opening)?;
        let meta = f.metadata().map_err(opening)?;
        if meta.is_dir() {
            return Err(InputError::Folder { name });
        }
        (Box::new(f), meta.is_file().then_some(meta.len()))
    };
    let counted = Counting {
        inner: raw,
        count: consumed.clone(),
    };
    from_reader(name, counted, size, consumed)
}

/// [`open`] and the whole text read into memory: for inputs read more than once or whole.
pub fn read_to_string(path: &Path) -> Result<String, InputError> {
    let mut input = open(path)?;
    let mut bytes = Vec::new();
    input
        .read_to_end(&mut bytes)
        .map_err(|source| InputError::Read {
            name: input.name.clone(),
            source,
        })?;
    Ok(match String::from_utf8(bytes) {
        Ok(s) => s,
        // Older PGN files are often Latin-1: keep reading, with the odd letter replaced.
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// The stream behind [`open`]: the format told by the first bytes, a decoder put in front,
/// and the first block of text checked to be text.
fn from_reader(
    name: String,
    mut raw: impl Read + 'static,
    size: Option<u64>,
    consumed: Arc<AtomicU64>,
) -> Result<Input, InputError> {
    // The first bytes are read ahead and put back in front of the rest: a pipe cannot seek.
    let mut head = Vec::with_capacity(8);
    while head.len() < 6 {
        let mut byte = [0u8; 6];
        let want = 6 - head.len();
        match raw.read(&mut byte[..want]) {
            Ok(0) => break,
            Ok(n) => head.extend_from_slice(&byte[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                return Err(InputError::Read {
                    source: named(&name, Format::Text, e),
                    name,
                });
            }
        }
    }
    let format = if head.starts_with(&[0x1f, 0x8b]) {
        Format::Gzip
    } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        Format::Zstd
    } else if head.starts_with(b"BZh") {
        return Err(InputError::Compressed {
            name,
            kind: "bzip2",
            unpack: "bunzip2",
        });
    } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
        return Err(InputError::Compressed {
            name,
            kind: "xz",
            unpack: "unxz",
        });
    } else {
        Format::Text
    };
    let source = BufReader::with_capacity(1 << 16, Cursor::new(head).chain(raw));
    let mut reader: Box<dyn BufRead> = match format {
        Format::Text => Box::new(source),
        Format::Gzip => Box::new(BufReader::with_capacity(
            1 << 16,
            flate2::bufread::MultiGzDecoder::new(source),
        )),
        Format::Zstd => Box::new(BufReader::with_capacity(1 << 16, ZstdFrames::new(source))),
    };
    let first = match reader.fill_buf() {
        Ok(first) => first,
        Err(e) => {
            return Err(InputError::Read {
                source: named(&name, format, e),
                name,
            });
        }
    };
    if looks_binary(&first[..first.len().min(SNIFF)]) {
        return Err(InputError::Binary { name, format });
    }
    Ok(Input {
        name,
        format,
        size,
        consumed,
        reader,
    })
}

/// Text has no NUL bytes and few control characters (tab, line ends, form feed and the
/// old end-of-file mark excepted); compressed or binary data has plenty of both.
fn looks_binary(block: &[u8]) -> bool {
    let control = block
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c | 0x1a | 0x1b))
        .count();
    block.contains(&0) || control * 100 > block.len()
}

impl Input {
    /// `path` as given, or "standard input".
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// The stored size (a regular file's length; `None` for a pipe or standard input).
    pub fn size(&self) -> Option<u64> {
        self.size
    }

    /// A handle on how many stored bytes have been read so far (for a progress bar).
    pub fn consumed(&self) -> Arc<AtomicU64> {
        self.consumed.clone()
    }
}

/// A read error part-way, naming the input (and its compression): the caller's message
/// then says which file failed, whatever it was doing.
fn named(name: &str, format: Format, e: io::Error) -> io::Error {
    let damaged = e.get_ref().is_some_and(|inner| inner.is::<DamagedZstd>());
    let message = match format {
        _ if damaged => format!("truncated or damaged zstd data in {name}"),
        Format::Text => format!("{name}: {e}"),
        f => format!("{name} ({}data): {e}", f.adjective()),
    };
    io::Error::new(e.kind(), message)
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reader
            .read(buf)
            .map_err(|e| named(&self.name, self.format, e))
    }
}

impl BufRead for Input {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.reader
            .fill_buf()
            .map_err(|e| named(&self.name, self.format, e))
    }

    fn consume(&mut self, amt: usize) {
        self.reader.consume(amt)
    }
}

/// Counts the stored bytes read.
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A zstd stream the decoder could not read (cut short, or corrupt): the decoder's own
/// words (`BlockContentReadError(...)`) mean nothing to a reader, so [`named`] says this.
#[derive(Debug)]
struct DamagedZstd(String);

impl std::fmt::Display for DamagedZstd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "truncated or damaged zstd data ({})", self.0)
    }
}

impl std::error::Error for DamagedZstd {}

fn damaged(e: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, DamagedZstd(e.to_string()))
}

/// A zstd stream of one or more frames, decoded a block at a time (memory: the frame's
/// window, at most 128 MB by the format's default limit; typically 8 MB or less).
struct ZstdFrames<R> {
    source: R,
    decoder: ruzstd::decoding::FrameDecoder,
    /// A frame's header has been read and its blocks are being decoded.
    in_frame: bool,
}

impl<R: BufRead> ZstdFrames<R> {
    fn new(source: R) -> Self {
        ZstdFrames {
            source,
            decoder: ruzstd::decoding::FrameDecoder::new(),
            in_frame: false,
        }
    }
}

impl<R: BufRead> Read for ZstdFrames<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        use ruzstd::decoding::BlockDecodingStrategy;
        use ruzstd::decoding::errors::{FrameDecoderError, ReadFrameHeaderError};
        loop {
            if self.decoder.can_collect() > 0 {
                return self.decoder.read(buf);
            }
            if self.in_frame && !self.decoder.is_finished() {
                self.decoder
                    .decode_blocks(&mut self.source, BlockDecodingStrategy::UptoBlocks(1))
                    .map_err(damaged)?;
                continue;
            }
            // Between frames: the end of the stream, or the next frame's header.
            self.in_frame = false;
            if self.source.fill_buf()?.is_empty() {
                return Ok(0);
            }
            match self.decoder.reset(&mut self.source) {
                Ok(()) => self.in_frame = true,
                Err(FrameDecoderError::ReadFrameHeaderError(ReadFrameHeaderError::SkipFrame {
                    length,
                    ..
                })) => {
                    // Metadata a writer may put between frames: not part of the text.
                    let skipped =
                        io::copy(&mut (&mut self.source).take(length as u64), &mut io::sink())?;
                    if skipped < length as u64 {
                        return Err(damaged("the stream ends inside a skippable frame"));
                    }
                }
                Err(e) => return Err(damaged(e)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";

    fn read(bytes: Vec<u8>) -> Result<String, String> {
        let mut input = from_reader(
            "test".into(),
            Cursor::new(bytes),
            None,
            Arc::new(AtomicU64::new(0)),
        )?;
        let mut s = String::new();
        input
            .read_to_string(&mut s)
            .map_err(|e| format!("cannot read further: {e}"))?;
        Ok(s)
    }

    #[test]
    fn a_refusal_keeps_the_systems_error_and_names_the_input() {
        use std::error::Error;
        let dir = tempfile::tempdir().expect("a temporary folder");
        let missing = dir.path().join("missing.pgn");
        let e = open(&missing).err().expect("a missing file");
        let io = e
            .source()
            .and_then(|s| s.downcast_ref::<io::Error>())
            .expect("the system's error");
        assert_eq!(io.kind(), io::ErrorKind::NotFound);
        assert!(
            e.to_string()
                .starts_with(&format!("cannot open {}", missing.display()))
        );
        let folder = open(dir.path()).err().expect("a folder");
        assert!(matches!(folder, InputError::Folder { .. }), "{folder}");
        assert!(folder.to_string().ends_with("it is a folder"));
    }

    fn gzip(text: &[u8]) -> Vec<u8> {
        use std::io::Write;
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(text).unwrap();
        enc.finish().unwrap()
    }

    fn zstd(text: &[u8]) -> Vec<u8> {
        ruzstd::encoding::compress_to_vec(text, ruzstd::encoding::CompressionLevel::Fastest)
    }

    #[test]
    fn text_gzip_and_zstd_read_the_same() {
        assert_eq!(read(TEXT.into()).unwrap(), TEXT);
        assert_eq!(read(gzip(TEXT.as_bytes())).unwrap(), TEXT);
        assert_eq!(read(zstd(TEXT.as_bytes())).unwrap(), TEXT);
        // Shorter than the magic numbers, and empty: text.
        assert_eq!(read(b"1.".to_vec()).unwrap(), "1.");
        assert_eq!(read(Vec::new()).unwrap(), "");
    }

    #[test]
    fn several_members_and_frames_are_read_in_order() {
        let (a, b) = ("1. d4 d5 *\n", "1. c4 e5 *\n");
        let mut gz = gzip(a.as_bytes());
        gz.extend(gzip(b.as_bytes()));
        assert_eq!(read(gz).unwrap(), format!("{a}{b}"));
        let mut zs = zstd(a.as_bytes());
        // A skippable frame (magic 0x184D2A50, little-endian, then its length) between.
        zs.extend([0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 9, 9, 9]);
        zs.extend(zstd(b.as_bytes()));
        assert_eq!(read(zs).unwrap(), format!("{a}{b}"));
    }

    #[test]
    fn binary_data_is_refused_and_a_damaged_archive_is_an_error() {
        let err = read(vec![0x00, 0x01, 0x02, 0x03, 0x10, 0x20, 0xff, 0x00]).unwrap_err();
        assert!(err.contains("binary data, not text"), "{err}");
        let err = read(b"BZh91AY&SY\x01\x02".to_vec()).unwrap_err();
        assert!(err.contains("bzip2-compressed"), "{err}");
        // A compressed binary file: decompressed, then refused.
        let err = read(zstd(&[0u8; 100])).unwrap_err();
        assert!(err.contains("zstd-compressed binary data"), "{err}");
        // Truncated archives: an error, not a shorter text.
        let long: String = (0..2000).map(|i| format!("{i}. e4 e5\n")).collect();
        let gz = gzip(long.as_bytes());
        let err = read(gz[..gz.len() / 2].to_vec()).unwrap_err();
        assert!(err.contains("cannot read"), "{err}");
        // Zstd's own words are not shown: the file is named and what is wrong with it.
        let zs = zstd(long.as_bytes());
        let err = read(zs[..zs.len() / 2].to_vec()).unwrap_err();
        assert!(
            err.ends_with("truncated or damaged zstd data in test") && !err.contains("Error("),
            "{err}"
        );
        // The same when the damage comes after text already read (a second frame cut).
        let mut two = zstd(TEXT.as_bytes());
        two.extend_from_slice(&zs[..zs.len() / 2]);
        let err = read(two).unwrap_err();
        assert!(
            err.ends_with("truncated or damaged zstd data in test") && !err.contains("Error("),
            "{err}"
        );
    }
}
