//! Polyglot `.bin` books.
