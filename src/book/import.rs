//! Importing games (PGN) and the original Huo Chess book files.
