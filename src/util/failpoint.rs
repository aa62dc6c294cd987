//! Fail points: named places in the writers (creating, writing, syncing, renaming a file,
//! making a folder) where the fault tests make the operation fail on purpose, to check
//! that a failed write leaves every file as it was before or as it is after, never half.
//!
//! Only a build with the `failpoints` feature has them; in any other build [`hit`] is an
//! empty inline function. A test arms a point for its own thread (`arm`), or, for a
//! program it starts, with `HUO_CHESS_FAILPOINT=NAME` (the first time the point is met).

use std::io;

/// The fail points of a whole-file write ([`crate::util::files`]), in the order a write
/// meets them: every saved game, the book's position files, the trainer's schedule and
/// the drills' deck are written through them.
pub const POINTS: [&str; 5] = [
    "files.mkdir",
    "files.create",
    "files.write",
    "files.sync",
    "files.rename",
];

/// The fail points of the thinking log ([`crate::logfile`]): appending a line, and the
/// shift of the files when the log is full.
pub const LOG_POINTS: [&str; 2] = ["log.write", "log.rotate"];

#[cfg(feature = "failpoints")]
mod armed {
    use std::cell::RefCell;

    thread_local! {
        pub static POINT: RefCell<Option<String>> = const { RefCell::new(None) };
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
    if armed {
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
