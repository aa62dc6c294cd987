//! A move: from-square, to-square and, for a pawn reaching the last rank, the promotion piece.
//!
//! Castling is written as the king's two-square move (`e1g1`), en passant as the pawn's
//! diagonal step; the position knows which is which. A move packs into 16 bits so that the
//! transposition table and the move lists stay small.

// Every public item here has a doc comment: a new one without is a warning (an error in CI).
#![warn(missing_docs)]

use super::types::{Promotion, Role, Square};
use arrayvec::ArrayVec;
use std::fmt;

/// A move: the square a piece leaves, the square it lands on, and for a pawn reaching the
/// last rank the piece it becomes. The move does not say which piece moves or whether it
/// is legal: the [`Position`](super::position::Position) it is played in knows both.
///
/// ```
/// use huo_chess::core::{Promotion, parse_uci};
/// use huo_chess::{Move, Position, Role, Square};
///
/// // Read and written in UCI's long algebraic form: from-square, to-square.
/// let start = Position::startpos();
/// let knight = parse_uci(&start, "g1f3").unwrap();
/// assert_eq!((knight.from(), knight.to()), (Square::G1, Square::F3));
/// assert_eq!(knight.uci(), "g1f3");
/// assert_eq!(knight.promotion(), None);
///
/// // A pawn on the seventh rank has four moves to e8, one for each piece it may become;
/// // UCI adds the piece's letter.
/// let pos = Position::from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// let to_e8 = pos.legal_moves().iter().filter(|m| m.to() == Square::E8).count();
/// assert_eq!(to_e8, 4);
/// let queen = Move::promoting(Square::E7, Square::E8, Promotion::Queen);
/// assert_eq!(queen.uci(), "e7e8q");
/// assert_eq!(queen.promotion(), Some(Role::Queen));
/// assert_eq!(parse_uci(&pos, "e7e8q"), Ok(queen));
/// // Never a king: no promotion names one.
/// assert_eq!(Promotion::from_role(Role::King), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    /// A move from `from` to `to`; `promotion` is the piece a pawn reaching the last rank
    /// becomes (`None` for every other move).
    ///
    /// # Panics
    ///
    /// If `promotion` is a pawn or a king: a pawn becomes a knight, a bishop, a rook or a
    /// queen. A piece read from input is checked with [`Promotion::from_role`] first, then
    /// played with [`Move::promoting`], which cannot fail.
    ///
    /// ```should_panic
    /// use huo_chess::{Move, Role, Square};
    ///
    /// // No pawn becomes a king.
    /// Move::new(Square::E7, Square::E8, Some(Role::King));
    /// ```
    #[inline]
    pub const fn new(from: Square, to: Square, promotion: Option<Role>) -> Move {
        match promotion {
            None => Move::pack(from, to, 0),
            Some(role) => match Promotion::from_role(role) {
                Some(piece) => Move::promoting(from, to, piece),
                None => panic!("a pawn promotes to a knight, a bishop, a rook or a queen"),
            },
        }
    }

    /// A pawn's move to the last rank, where it becomes `piece`.
    #[inline]
    pub const fn promoting(from: Square, to: Square, piece: Promotion) -> Move {
        Move::pack(from, to, piece as u16)
    }

    /// Bits 0-5: from, bits 6-11: to, bits 12-14: promotion (0 none, 1 knight … 4 queen,
    /// as [`Promotion`] numbers them).
    #[inline]
    const fn pack(from: Square, to: Square, promotion: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | promotion << 12)
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as usize)
    }
    /// The square the piece lands on (for castling, the king's square).
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 >> 6 & 63) as usize)
    }
    /// The piece a pawn becomes by this move: a knight, bishop, rook or queen; `None` for
    /// every move that is not a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self.0 >> 12 {
            0 => None,
            n => Some(Role::ALL[n as usize]),
        }
    }
    /// The 16-bit packed form (for tables).
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0
    }
    /// Unpacks a value made by [`Move::to_u16`]; `None` for bit patterns no move has.
    pub const fn from_u16(bits: u16) -> Option<Move> {
        let promo = bits >> 12;
        if promo > 4 || bits & 63 == (bits >> 6) & 63 {
            None
        } else {
            Some(Move(bits))
        }
    }
    /// The move in UCI long algebraic form: `e2e4`, `e7e8q`, castling `e1g1`.
    pub fn uci(self) -> String {
        self.to_string()
    }
    /// [`Move::uci`] as bytes, a zero after a move without promotion: comparing two of
    /// these orders moves as comparing their UCI text does (`e7e8` before `e7e8q`), with
    /// no allocation (the book sorts a large import's moves by it).
    pub fn uci_bytes(self) -> [u8; 5] {
        let square = |sq: u8| [b'a' + sq % 8, b'1' + sq / 8];
        let [a, b] = square(self.from() as u8);
        let [c, d] = square(self.to() as u8);
        let promo = self.promotion().map_or(0, |r| r.lower_char() as u8);
        [a, b, c, d, promo]
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes = self.uci_bytes();
        let len = if bytes[4] == 0 { 4 } else { 5 };
        // ASCII letters and digits only.
        f.write_str(std::str::from_utf8(&bytes[..len]).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A fixed-capacity list of moves, kept on the stack: move generation never allocates.
/// 218 is the most legal moves any chess position is known to have; 256 leaves room.
/// The slots past the end are never initialised (a search node makes several lists, and
/// clearing them each time cost a tenth of the search's instructions).
#[derive(Clone)]
pub struct MoveList {
    moves: ArrayVec<Move, 256>,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: ArrayVec::new(),
        }
    }
    /// Adds `mv` at the end. There is room for 256, more than any position has.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves.push(mv);
    }
    /// How many moves the list holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// Does it hold no move? (For a position's legal moves: checkmate or stalemate.)
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    /// The moves, in the order they were added.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }
    /// The moves, to reorder (the search sorts them best first).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves
    }
    /// Is `mv` in the list?
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl std::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::Move;
    use crate::core::position::Position;
    use crate::core::types::{Promotion, Role, Square};

    #[test]
    fn a_pawn_promotes_to_a_knight_bishop_rook_or_queen() {
        for piece in Promotion::ALL {
            let role = piece.role();
            assert_eq!(Promotion::from_role(role), Some(piece));
            let mv = Move::new(Square::E7, Square::E8, Some(role));
            assert_eq!(mv, Move::promoting(Square::E7, Square::E8, piece));
            assert_eq!(mv.promotion(), Some(role));
            assert_eq!(mv.uci(), format!("e7e8{}", role.lower_char()));
            assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
        }
        assert_eq!(Promotion::from_role(Role::Pawn), None);
        assert_eq!(Promotion::from_role(Role::King), None);
        // Generated best first, the order the pieces are listed in for the screens.
        let best_first: Vec<Role> = Promotion::BEST_FIRST.iter().map(|p| p.role()).collect();
        assert_eq!(best_first, Role::PROMOTIONS);
    }

    #[test]
    #[should_panic(expected = "a pawn promotes to a knight, a bishop, a rook or a queen")]
    fn no_move_promotes_to_a_king() {
        Move::new(Square::E7, Square::E8, Some(Role::King));
    }

    #[test]
    #[should_panic(expected = "a pawn promotes to a knight, a bishop, a rook or a queen")]
    fn no_move_promotes_to_a_pawn() {
        // Packed, it would read back as a move with no promotion at all.
        Move::new(Square::E7, Square::E8, Some(Role::Pawn));
    }

    #[test]
    fn uci_bytes_spell_the_uci_text_and_order_moves_as_it_does() {
        let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut moves = pos.legal_moves().to_vec();
        for m in &moves {
            let b = m.uci_bytes();
            let len = if b[4] == 0 { 4 } else { 5 };
            assert_eq!(&b[..len], m.uci().as_bytes());
        }
        assert!(moves.iter().any(|m| m.promotion().is_some()));
        moves.sort_by_key(|&m| m.uci_bytes());
        let by_text: Vec<String> = moves.iter().map(|m| m.uci()).collect();
        let mut sorted = by_text.clone();
        sorted.sort();
        assert_eq!(by_text, sorted);
    }
}
