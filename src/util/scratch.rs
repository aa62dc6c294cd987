//! Scratch folders for the unit tests: each one fresh and unique (tests run in parallel
//! threads of one process), and removed when dropped, so a test run leaves nothing behind.
//! `tempfile` makes and removes them.

use std::path::Path;

/// An empty folder under the system's temporary folder, deleted with everything in it
/// when dropped.
pub struct Scratch(tempfile::TempDir);

impl Scratch {
    /// A new empty folder whose name starts with `huo-NAME-`.
    pub fn new(name: &str) -> Scratch {
        let dir = tempfile::Builder::new()
            .prefix(&format!("huo-{name}-"))
            .tempdir()
            .expect("the temporary folder is writable");
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        self.0.path()
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

#[test]
fn scratch_folders_are_distinct_and_removed() {
    let a = Scratch::new("scratch");
    let b = Scratch::new("scratch");
    assert_ne!(a.path(), b.path());
    assert!(
        a.path()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("huo-scratch-")
    );
    std::fs::write(a.join("f"), "x").unwrap();
    let kept = a.path().to_path_buf();
    drop(a);
    assert!(!kept.exists());
    assert!(b.path().is_dir());
}
