//! Zobrist keys, exactly as the Polyglot opening-book format defines them.
//!
//! A Zobrist key gives each (piece, square), castling right, en-passant file and "white to
//! move" a fixed random 64-bit number, and XORs together the numbers of what is true in a
//! position. Making a move only XORs the few numbers that change, so the key is updated
//! incrementally. With Polyglot's published numbers the key is the one every Polyglot book
//! uses, so our books, Polyglot books and the transposition table all speak one language.

use super::castling::CastlingRights;
use super::polyglot_random::RANDOM64;
use super::types::{Color, File, Piece, Square};

/// The number for `piece` standing on `sq`. Polyglot orders the kinds black pawn, white
/// pawn, black knight, white knight, ... so kind = 2 * role + (1 for white).
#[inline]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    let kind = 2 * piece.role as usize + (piece.color == Color::White) as usize;
    RANDOM64[64 * kind + sq as usize]
}

/// The XOR of the numbers of the castling rights held.
#[inline]
pub fn castling(rights: CastlingRights) -> u64 {
    let mut key = 0;
    for i in 0..4 {
        if rights.bits() & (1 << i) != 0 {
            key ^= RANDOM64[768 + i];
        }
    }
    key
}

/// The number for an en-passant capture being possible on `file`.
#[inline]
pub fn en_passant(file: File) -> u64 {
    RANDOM64[772 + file as usize]
}

/// The number XORed in when White is to move.
#[inline]
pub fn side() -> u64 {
    RANDOM64[780]
}
