//! PGN: reading and writing games in Portable Game Notation.
