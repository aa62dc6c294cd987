//! The default book compiled into the binary: `build.rs` reads `books/xx/*.txt` and
//! generates a static table sorted by key, searched by bisection.

include!(concat!(env!("OUT_DIR"), "/embedded_book.rs"));

/// The text of the embedded file of `key`, if any.
pub fn get(key: u64) -> Option<&'static str> {
    EMBEDDED_BOOK
        .binary_search_by_key(&key, |&(k, _)| k)
        .ok()
        .map(|i| EMBEDDED_BOOK[i].1)
}

/// Every embedded file: (key, text), sorted by key.
pub fn all() -> &'static [(u64, &'static str)] {
    EMBEDDED_BOOK
}
