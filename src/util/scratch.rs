//! Scratch folders for the unit tests: each one fresh and unique (tests run in parallel
//! threads of one process), and removed when dropped, so a test run leaves nothing behind.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

static NEXT: AtomicU32 = AtomicU32::new(0);

/// An empty folder under the system's temporary folder, deleted with everything in it
/// when dropped.
pub struct Scratch(PathBuf);

impl Scratch {
    /// A new empty folder whose name starts with `huo-NAME-`.
    pub fn new(name: &str) -> Scratch {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("huo-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("the temporary folder is writable");
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn scratch_folders_are_distinct_and_removed() {
    let a = Scratch::new("scratch");
    let b = Scratch::new("scratch");
    assert_ne!(a.path(), b.path());
    std::fs::write(a.join("f"), "x").unwrap();
    let kept = a.path().to_path_buf();
    drop(a);
    assert!(!kept.exists());
    assert!(b.path().is_dir());
}
