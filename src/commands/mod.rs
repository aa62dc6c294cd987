//! The commands of the two programs, each with its arguments (clap) and what it does and
//! prints. The binaries in `src/bin/` only parse the command line and dispatch here.
//!
//! - [`book`]: `huo-book`'s commands (record, show, import, export, merge, check...).

pub mod book;
