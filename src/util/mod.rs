//! Small helpers every other module may use, each said once: writing a file atomically,
//! where the user's files live, random numbers, and today's date. Nothing here
//! knows about chess.

pub mod date;
pub mod dirs;
pub mod files;
pub mod rng;
