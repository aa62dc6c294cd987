//! A counted position in 26 bytes (board, side to move, castling rights, en-passant
//! square), taken when an import first meets it: a large import keeps no `Position` per
//! position, and writes each record's `fen` line from this (through the FEN writer of
//! `core`).

use crate::book::BookError;
use crate::core::{CastlingRights, Color, Piece, Position, Role, Square, epd_of};

/// What a position's `fen` line says (board, side, castling rights, en-passant square) in
/// 26 bytes, taken when the position is first met: writing the book then needs no replay
/// of the games, and the records' text is made straight from it.
#[derive(Clone, Copy)]
pub(super) struct Snapshot {
    /// Occupied squares, a `u64` in little-endian bytes (bytes, so that the snapshot packs
    /// into a node without padding): bit i is the i-th square in FEN order (a8, ..., h1).
    occupied: [u8; 8],
    /// The pieces of the occupied squares in FEN order, a 4-bit code each (low half of a
    /// byte first): colour * 6 + role.
    pieces: [u8; 16],
    /// Bit 0: Black to move; bits 1-4: the castling rights.
    state: u8,
    /// The en-passant square's index + 1, or 0 for none.
    ep: u8,
}

impl Snapshot {
    /// Is it Black's move?
    pub(super) fn black_to_move(&self) -> bool {
        self.state & 1 == 1
    }

    pub(super) fn of(pos: &Position) -> Snapshot {
        // Square index (a1 = 0) to piece code, from the twelve piece bitboards.
        let mut codes = [0u8; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in pos.pieces(color, role) {
                    codes[sq as usize] = (color as u8) * 6 + role as u8;
                }
            }
        }
        // FEN order runs from rank 8 down: reversing the bytes (ranks) of the bitboard
        // turns square index s into FEN index s ^ 56.
        let occupied = pos.occupied().0.swap_bytes();
        let mut pieces = [0u8; 16];
        let mut bits = occupied;
        let mut n = 0;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize ^ 56;
            // A position has at most 32 pieces (the FEN reader sees to it).
            pieces[n / 2 % 16] |= codes[sq] << ((n % 2) * 4);
            n += 1;
            bits &= bits - 1;
        }
        Snapshot {
            occupied: occupied.to_le_bytes(),
            pieces,
            state: (pos.turn() == Color::Black) as u8 | pos.castling().bits() << 1,
            ep: pos.ep_square().map_or(0, |sq| sq as u8 + 1),
        }
    }

    /// The piece on each square (index a1 = 0), unpacked.
    fn board(&self) -> [Option<Piece>; 64] {
        let mut board = [None; 64];
        let mut bits = u64::from_le_bytes(self.occupied);
        let mut n = 0;
        while bits != 0 {
            // FEN index i (a8 = 0) is square index i ^ 56.
            let sq = bits.trailing_zeros() as usize ^ 56;
            let code = (self.pieces[n / 2 % 16] >> ((n % 2) * 4) & 15) as usize;
            let color = if code < 6 { Color::White } else { Color::Black };
            board[sq] = Some(Piece::new(color, Role::ALL[code % 6]));
            n += 1;
            bits &= bits - 1;
        }
        board
    }

    /// The four position fields of the FEN, as [`Position::epd`] writes them.
    pub(super) fn epd(&self) -> String {
        let board = self.board();
        epd_of(
            |sq| board[sq as usize],
            if self.state & 1 == 0 {
                Color::White
            } else {
                Color::Black
            },
            CastlingRights::from_bits(self.state >> 1),
            self.ep
                .checked_sub(1)
                .map(|i| Square::from_index(i as usize)),
        )
    }

    /// The position (clocks at `0 1`), read back from its FEN fields. The position came
    /// from legal play, so the strict FEN reader accepts it.
    pub(super) fn position(&self) -> Result<Position, BookError> {
        let epd = self.epd();
        Position::from_fen(&epd).map_err(|e| {
            BookError::Refused(format!("a counted position {epd} cannot be rebuilt: {e}"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A snapshot writes the same `fen` fields as the position it was taken from, through
    /// castling, en passant and promotions (random games to the end).
    #[test]
    fn a_snapshot_writes_the_epd_of_its_position() {
        let mut rng = 7;
        let mut seen_ep = false;
        for _ in 0..200 {
            let mut pos = Position::startpos();
            for _ in 0..300 {
                assert_eq!(Snapshot::of(&pos).epd(), pos.epd());
                assert_eq!(Snapshot::of(&pos).position().unwrap().key(), pos.key());
                seen_ep |= pos.ep_square().is_some();
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                rng = crate::util::rng::splitmix64(rng);
                pos.play(moves[(rng % moves.len() as u64) as usize]);
            }
        }
        assert!(seen_ep);
    }
}
