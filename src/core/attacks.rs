//! Which squares a piece on a given square attacks.
//!
//! Knights, kings and pawns ("leapers") attack a fixed pattern, read from a table. Rooks,
//! bishops and queens ("sliders") attack along lines until the first piece in the way: for
//! those we look the answer up with magic bitboards (see `build.rs`), one multiplication and
//! one table read whatever the position.

use super::bitboard::Bitboard;
use super::types::{Color, Square};

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/attack_tables.rs"));

#[inline]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    let index = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    // Always in bounds: the build script sized each square's slice to 1 << (64 - shift) entries.
    Bitboard(SLIDER_TABLE[m.offset + index])
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT_TABLE[sq as usize])
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING_TABLE[sq as usize])
}

/// The squares a pawn of `color` on `sq` attacks (diagonally forward).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    match color {
        Color::White => Bitboard(WHITE_PAWN_TABLE[sq as usize]),
        Color::Black => Bitboard(BLACK_PAWN_TABLE[sq as usize]),
    }
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGICS[sq as usize], occupied)
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGICS[sq as usize], occupied)
}

#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_TABLE[a as usize * 64 + b as usize])
}

/// The whole line (rank, file or diagonal, edge to edge) through `a` and `b`; empty if they
/// are not aligned. A pinned piece may only move along the line through its king and pinner.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE_TABLE[a as usize * 64 + b as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slider_tables_agree_with_a_ray_walk() {
        // A simple reference: walk each ray square by square.
        fn walk(sq: Square, occ: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
            let mut out = Bitboard::EMPTY;
            for &(df, dr) in dirs {
                let mut cur = sq;
                while let Some(next) = cur.offset(df, dr) {
                    out = out.with(next);
                    if occ.has(next) {
                        break;
                    }
                    cur = next;
                }
            }
            out
        }
        let mut seed = 0x1234_5678_9abc_def1u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occ = Bitboard(seed & seed.rotate_left(17));
            for sq in Square::ALL {
                let r = walk(sq, occ, &[(1, 0), (-1, 0), (0, 1), (0, -1)]);
                let b = walk(sq, occ, &[(1, 1), (1, -1), (-1, 1), (-1, -1)]);
                assert_eq!(rook_attacks(sq, occ), r, "rook on {sq}");
                assert_eq!(bishop_attacks(sq, occ), b, "bishop on {sq}");
            }
        }
    }

    #[test]
    fn leapers_and_lines() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(knight_attacks(Square::D4).count(), 8);
        assert_eq!(king_attacks(Square::H8).count(), 3);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            Bitboard::from_square(Square::D5) | Bitboard::from_square(Square::F5)
        );
        assert_eq!(
            pawn_attacks(Color::Black, Square::A5),
            Bitboard::from_square(Square::B4)
        );
        assert_eq!(between(Square::E1, Square::H1).count(), 2);
        assert_eq!(between(Square::A1, Square::H8).count(), 6);
        assert!(between(Square::A1, Square::B3).is_empty());
        assert_eq!(line(Square::C3, Square::E5).count(), 8);
        assert!(line(Square::A1, Square::B3).is_empty());
    }
}
