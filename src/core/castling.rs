//! Castling rights: which of the four castlings (each side, short and long) may still be
//! played some day. A right is lost for good when the king or that rook moves, or when the
//! rook is captured on its corner; whether castling is possible right now (nothing between,
//! no square attacked) is the move generator's question, not this one.

use super::types::{Color, Square};

/// Castling rights as four bits: white short, white long, black short, black long
/// (the order of the Polyglot castling numbers).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CastlingRights(u8);

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights(0);
    pub const ALL: CastlingRights = CastlingRights(15);

    #[inline]
    const fn bit(color: Color, short: bool) -> u8 {
        1 << (color as u8 * 2 + if short { 0 } else { 1 })
    }
    #[inline]
    pub const fn has(self, color: Color, short: bool) -> bool {
        self.0 & Self::bit(color, short) != 0
    }
    pub fn set(&mut self, color: Color, short: bool) {
        self.0 |= Self::bit(color, short);
    }
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }
    /// The rights of four bits (white short, white long, black short, black long).
    #[inline]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        debug_assert!(bits <= 15, "four castling rights");
        CastlingRights(bits)
    }
    /// FEN form: `KQkq`, a subset of it, or `-`.
    pub fn fen(self) -> String {
        let mut s = String::new();
        for (color, short, c) in [
            (Color::White, true, 'K'),
            (Color::White, false, 'Q'),
            (Color::Black, true, 'k'),
            (Color::Black, false, 'q'),
        ] {
            if self.has(color, short) {
                s.push(c);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// What a square's move takes away from the castling rights: a king or rook leaving its
/// starting square, or a rook captured on it, loses the right for good.
pub(crate) const fn castling_mask(sq: Square) -> u8 {
    match sq {
        Square::E1 => !0b0011,
        Square::H1 => !0b0001,
        Square::A1 => !0b0010,
        Square::E8 => !0b1100,
        Square::H8 => !0b0100,
        Square::A8 => !0b1000,
        _ => !0,
    }
}
