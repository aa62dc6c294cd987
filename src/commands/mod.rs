//! The commands of the two programs, each with its arguments (clap) and what it does and
//! prints. The binaries in `src/bin/` only parse the command line and dispatch here.
//!
//! - [`book`]: `huo-book`'s commands (record, show, import, export, merge, check...).
//! - [`drill`]: `huo-chess analyse FILE --player NAME` (the deck) and `huo-chess drill`.
//! - [`meta`]: what both programs say about themselves: shell completions, man pages.

pub mod book;
pub mod drill;
pub mod meta;
