//! A size-capped, rotated text log: the game screen's thinking log written to disk.
//!
//! Lines are appended to `huo.log`. When the next line would push the file past its size
//! cap, the files shift one place (`huo.log.2` → `huo.log.3`, `huo.log.1` → `huo.log.2`,
//! `huo.log` → `huo.log.1`), the oldest beyond `keep` is dropped, and a fresh `huo.log`
//! begins. So the log never grows past `max_bytes × (keep + 1)` on disk.
//!
//! A log path that is a symbolic link is followed: the file it names is rotated beside
//! itself and the link stays. A log that is not a regular file (`/dev/null`, a FIFO) is
//! only appended to, never rotated: a stream has no size to cap, and moving it would
//! replace what the path is.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// An open, rotating log file.
#[derive(Debug)]
pub struct LogFile {
    path: PathBuf,
    file: File,
    size: u64,
    max_bytes: u64,
    keep: u32,
    /// A regular file (rotated); otherwise a stream, only appended to.
    regular: bool,
}

impl LogFile {
    /// Opens (appending to) `path`, rotating once it passes `max_bytes` (at least 1), and
    /// keeping `keep` old files (`0`: the old content is simply dropped).
    pub fn open(path: impl Into<PathBuf>, max_bytes: u64, keep: u32) -> io::Result<LogFile> {
        let path = path.into();
        // The path is the user's: a missing folder is a typo, never made.
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && !dir.is_dir()
        {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("the folder {} does not exist", dir.display()),
            ));
        }
        let file = OpenOptions::new().create(true).append(true).open(&path)?;
        let meta = file.metadata()?;
        // The file a link names is the one rotated (the link keeps naming the current log).
        let path = if fs::symlink_metadata(&path)?.file_type().is_symlink() {
            fs::canonicalize(&path)?
        } else {
            path
        };
        Ok(LogFile {
            path,
            file,
            size: meta.len(),
            max_bytes: max_bytes.max(1),
            keep,
            regular: meta.is_file(),
        })
    }

    /// The file being written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one line (a newline is added), rotating first if it would not fit.
    pub fn write_line(&mut self, line: &str) -> io::Result<()> {
        let len = line.len() as u64 + 1;
        if self.regular && self.size > 0 && self.size + len > self.max_bytes {
            self.rotate()?;
        }
        crate::util::failpoint::hit("log.write")?;
        writeln!(self.file, "{line}")?;
        self.file.flush()?;
        self.size += len;
        Ok(())
    }

    /// The name of the `n`-th rotated file: `huo.log.n`.
    fn rotated(&self, n: u32) -> PathBuf {
        let mut s = self.path.clone().into_os_string();
        s.push(format!(".{n}"));
        PathBuf::from(s)
    }

    /// Shifts the files one place and starts an empty current file.
    fn rotate(&mut self) -> io::Result<()> {
        crate::util::failpoint::hit("log.rotate")?;
        if self.keep == 0 {
            self.file = File::create(&self.path)?;
        } else {
            let _ = fs::remove_file(self.rotated(self.keep));
            for n in (1..self.keep).rev() {
                let from = self.rotated(n);
                if from.exists() {
                    fs::rename(&from, self.rotated(n + 1))?;
                }
            }
            fs::rename(&self.path, self.rotated(1))?;
            self.file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(&self.path)?;
        }
        self.size = 0;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::scratch::Scratch;

    #[test]
    fn rotates_and_keeps_only_keep_files() {
        let dir = Scratch::new("logfile-rotate");
        let path = dir.join("huo.log");
        let mut log = LogFile::open(&path, 20, 2).unwrap();
        for i in 0..10 {
            log.write_line(&format!("line number {i}")).unwrap(); // 14 bytes each
        }
        // Each file holds one line (two would be 28 > 20 bytes).
        assert_eq!(fs::read_to_string(&path).unwrap(), "line number 9\n");
        assert_eq!(
            fs::read_to_string(dir.join("huo.log.1")).unwrap(),
            "line number 8\n"
        );
        assert_eq!(
            fs::read_to_string(dir.join("huo.log.2")).unwrap(),
            "line number 7\n"
        );
        assert!(!dir.join("huo.log.3").exists());
    }

    #[test]
    fn appends_to_an_existing_file_and_counts_its_size() {
        let dir = Scratch::new("logfile-append");
        let path = dir.join("huo.log");
        fs::write(&path, "0123456789\n").unwrap();
        let mut log = LogFile::open(&path, 16, 1).unwrap();
        log.write_line("abc").unwrap(); // 11 + 4 = 15: still fits
        assert_eq!(fs::read_to_string(&path).unwrap(), "0123456789\nabc\n");
        log.write_line("def").unwrap(); // 19 > 16: rotate
        assert_eq!(fs::read_to_string(&path).unwrap(), "def\n");
        assert_eq!(
            fs::read_to_string(dir.join("huo.log.1")).unwrap(),
            "0123456789\nabc\n"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_log_is_rotated_at_its_target_and_a_stream_never() {
        use std::os::unix::fs::symlink;
        let dir = Scratch::new("logfile-links");
        fs::create_dir(dir.join("real")).unwrap();
        let target = dir.join("real/x.log");
        let link = dir.join("huo.log");
        symlink(&target, &link).unwrap();
        let mut log = LogFile::open(&link, 10, 1).unwrap();
        log.write_line("first one").unwrap();
        log.write_line("second one").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&link).unwrap(), "second one\n");
        assert_eq!(
            fs::read_to_string(dir.join("real/x.log.1")).unwrap(),
            "first one\n"
        );
        assert!(!dir.join("huo.log.1").exists());

        // A log sent to /dev/null: appended past its cap, and neither moved nor replaced.
        let null = dir.join("null.log");
        symlink("/dev/null", &null).unwrap();
        let mut log = LogFile::open(&null, 4, 2).unwrap();
        for _ in 0..3 {
            log.write_line("more than four bytes").unwrap();
        }
        assert_eq!(fs::read_link(&null).unwrap(), Path::new("/dev/null"));
        assert!(!dir.join("null.log.1").exists());
        assert!(!Path::new("/dev/null.1").exists());
    }

    #[test]
    fn keep_zero_truncates() {
        let dir = Scratch::new("logfile-keep0");
        let path = dir.join("huo.log");
        let mut log = LogFile::open(&path, 8, 0).unwrap();
        log.write_line("aaaaaa").unwrap();
        log.write_line("bbbbbb").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "bbbbbb\n");
        assert!(!dir.join("huo.log.1").exists());
    }
}
