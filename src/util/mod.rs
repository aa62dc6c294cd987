//! Small helpers every other module may use, each said once: writing a file (or many
//! together) atomically, reading a named input (a file or standard input, decompressed),
//! progress bars on a terminal, where the user's files live, random numbers, today's
//! date, the tests' scratch folders, the programs' one voice on standard error, and ending quietly when the reader of the output went
//! away. Nothing here knows about chess.

pub mod date;
pub mod dirs;
pub mod failpoint;
pub mod files;
pub mod input;
pub mod pipe;
pub mod progress;
pub mod rng;
#[cfg(test)]
pub mod scratch;
pub mod transaction;
pub mod voice;
