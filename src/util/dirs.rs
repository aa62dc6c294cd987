//! The one place that knows where the user's files live: the configuration in
//! `huo-chess` under the system's configuration folder, data — the user's opening book,
//! the autosaved game — in `huo-chess` under its data folder. The `dirs` crate knows those
//! folders on every system: on Linux the XDG ones (`$XDG_CONFIG_HOME/huo-chess`, else
//! `~/.config/huo-chess`; `$XDG_DATA_HOME/huo-chess`, else `~/.local/share/huo-chess`), on
//! macOS `~/Library/Application Support/huo-chess`, on Windows `huo-chess` in the roaming
//! application data.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// The user's configuration folder.
pub fn config_dir() -> Option<PathBuf> {
    dirs::config_dir().map(|d| d.join("huo-chess"))
}

/// The user's data folder (book, saved games).
pub fn data_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("huo-chess"))
}

/// The user's own opening book in the data folder.
pub fn user_book_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("books"))
}

/// Where the game in progress is kept between runs (the first window's).
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("autosave.pgn"))
}

/// How many games can run at once from one data folder, each with its own autosave.
const SLOTS: usize = 9;

/// The autosave one running game owns. Two games started from the same data folder each
/// get their own file (`autosave.pgn`, `autosave-2.pgn`, ...), claimed by a lock on a file
/// beside it that the system releases when the program ends, however it ends.
#[derive(Debug)]
pub struct AutosaveSlot {
    /// The autosave file.
    pub path: PathBuf,
    /// Held while the game runs (`None`: locks are not available there).
    _lock: Option<File>,
}

fn slot_path(dir: &Path, k: usize) -> PathBuf {
    if k == 1 {
        dir.join("autosave.pgn")
    } else {
        dir.join(format!("autosave-{k}.pgn"))
    }
}

/// Opens and locks the lock file of `autosave`: `Ok(Some)` held, `Ok(None)` another game
/// holds it, `Err` no lock can be had there (a folder that cannot be written).
fn try_lock(autosave: &Path) -> std::io::Result<Option<File>> {
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(autosave.with_extension("lock"))?;
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(TryLockError::WouldBlock) => Ok(None),
        Err(TryLockError::Error(e)) => Err(e),
    }
}

/// The first autosave of data folder `dir` no other running game holds. Where no lock can
/// be had (the folder cannot be written), the first, unlocked: saving there will say why it
/// fails. `None` when every slot is taken.
pub fn claim_autosave(dir: &Path) -> Option<AutosaveSlot> {
    // The data folder is the program's own: made on its first use.
    let _ = std::fs::create_dir_all(dir);
    for k in 1..=SLOTS {
        let path = slot_path(dir, k);
        match try_lock(&path) {
            Ok(Some(lock)) => {
                return Some(AutosaveSlot {
                    path,
                    _lock: Some(lock),
                });
            }
            Ok(None) => continue,
            Err(_) => return Some(AutosaveSlot { path, _lock: None }),
        }
    }
    None
}

/// The game files of other slots of `dir` whose game is no longer running (their lock is
/// free): the autosave and the games set aside (`left-K.pgn`) of a window that was closed
/// while this one's slot was taken. `own` is this game's autosave.
pub fn abandoned_games(dir: &Path, own: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for k in 1..=SLOTS {
        let path = slot_path(dir, k);
        if path == own {
            continue;
        }
        let left = left_path(&path);
        if !path.exists() && !left.exists() {
            continue;
        }
        // Free now: its game ended. (Taken: it runs, and keeps its own files.)
        if matches!(try_lock(&path), Ok(Some(_))) {
            found.extend([path, left].into_iter().filter(|p| p.exists()));
        }
    }
    found
}

/// The file that keeps the games set aside beside an autosave: `left.pgn` beside
/// `autosave.pgn`, `left-2.pgn` beside `autosave-2.pgn`.
pub fn left_path(autosave: &Path) -> PathBuf {
    let stem = autosave
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("autosave");
    let suffix = stem.strip_prefix("autosave").unwrap_or("");
    autosave.with_file_name(format!("left{suffix}.pgn"))
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The folders found on Linux, for each way of setting `HOME`, `XDG_DATA_HOME` and
    /// `XDG_CONFIG_HOME`, are the ones the XDG rules give, as they always were: a user's
    /// book, autosave and configuration stay found. Each case runs this test again in a
    /// child process with its own environment (setting it here would race the other tests).
    #[test]
    fn linux_folders_follow_the_xdg_rules() {
        if let Some(want) = std::env::var_os("HUO_TEST_WANT") {
            let want = want.into_string().unwrap();
            let (data, config) = want.split_once('|').unwrap();
            assert_eq!(data_dir(), Some(PathBuf::from(data)));
            assert_eq!(config_dir(), Some(PathBuf::from(config)));
            assert_eq!(user_book_dir(), Some(Path::new(data).join("books")));
            assert_eq!(autosave_path(), Some(Path::new(data).join("autosave.pgn")));
            return;
        }
        // The environment, then the data and configuration folders it gives.
        type Case = (
            &'static [(&'static str, &'static str)],
            &'static str,
            &'static str,
        );
        let cases: [Case; 3] = [
            (
                &[("HOME", "/home/ann")],
                "/home/ann/.local/share/huo-chess",
                "/home/ann/.config/huo-chess",
            ),
            (
                &[
                    ("HOME", "/home/ann"),
                    ("XDG_DATA_HOME", "/srv/ann/data"),
                    ("XDG_CONFIG_HOME", "/srv/ann/config"),
                ],
                "/srv/ann/data/huo-chess",
                "/srv/ann/config/huo-chess",
            ),
            (
                &[
                    ("HOME", "/home/ann"),
                    ("XDG_DATA_HOME", ""),
                    ("XDG_CONFIG_HOME", ""),
                ],
                "/home/ann/.local/share/huo-chess",
                "/home/ann/.config/huo-chess",
            ),
        ];
        for (env, data, config) in cases {
            let mut child = std::process::Command::new(std::env::current_exe().unwrap());
            child
                .args([
                    "util::dirs::tests::linux_folders_follow_the_xdg_rules",
                    "--exact",
                    "--test-threads=1",
                ])
                .env_remove("XDG_DATA_HOME")
                .env_remove("XDG_CONFIG_HOME")
                .env("HUO_TEST_WANT", format!("{data}|{config}"));
            for (k, v) in env {
                child.env(k, v);
            }
            let out = child.output().unwrap();
            let said = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{env:?}: {said}");
            assert!(said.contains("1 passed"), "{env:?}: {said}");
        }
    }
}
