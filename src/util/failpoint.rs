//! Fail points: named places in the writers (creating, writing, syncing, renaming a file,
//! making a folder) where the fault tests make the operation fail on purpose, to check
//! that a failed write leaves every file as it was before or as it is after, never half.
//!
//! Only a build with the `failpoints` feature has them; in any other build [`hit`] is an
//! empty inline function. A test arms a point for its own thread (`arm`), or, for a
//! program it starts, with `HUO_CHESS_FAILPOINT=NAME` (the first time the point is met).

use std::io;

/// Every fail point, in the order a write meets them.
pub const POINTS: [&str; 5] = [
    "files.mkdir",
    "files.create",
    "files.write",
    "files.sync",
    "files.rename",
];

#[cfg(feature = "failpoints")]
mod armed {
    use std::cell::RefCell;
    use std::sync::atomic::{AtomicBool, Ordering};

    thread_local! {
        pub static POINT: RefCell<Option<String>> = const { RefCell::new(None) };
    }
    /// The environment's point was met once already (it fails once per process).
    pub static ENV_SPENT: AtomicBool = AtomicBool::new(false);

    pub fn from_env(name: &str) -> bool {
        std::env::var("HUO_CHESS_FAILPOINT").is_ok_and(|p| p == name)
            && !ENV_SPENT.swap(true, Ordering::SeqCst)
    }
}

/// Makes `name` fail the next time this thread meets it (`None`: no point armed).
#[cfg(feature = "failpoints")]
pub fn arm(name: Option<&str>) {
    armed::POINT.with(|p| *p.borrow_mut() = name.map(str::to_string));
}

/// An error if the fault tests armed `name`; `Ok` otherwise (always, without the feature).
#[cfg(feature = "failpoints")]
pub fn hit(name: &str) -> io::Result<()> {
    let armed = armed::POINT.with(|p| {
        let mut p = p.borrow_mut();
        if p.as_deref() == Some(name) {
            *p = None;
            true
        } else {
            false
        }
    });
    if armed || armed::from_env(name) {
        return Err(io::Error::other(format!("fail point {name}")));
    }
    Ok(())
}

/// An error if the fault tests armed `name`; `Ok` otherwise (always, without the feature).
#[cfg(not(feature = "failpoints"))]
#[inline(always)]
pub fn hit(_name: &str) -> io::Result<()> {
    Ok(())
}
