//! A chess position: where the pieces stand, whose turn it is, the castling rights, the
//! en-passant square and the two clocks, plus what the move generator needs at hand (the
//! pieces giving check, the pieces pinned to their king) and the Zobrist key.
//!
//! Moves are made with [`Position::play`], which updates everything incrementally. To take a
//! move back, keep the old position: a `Position` is a small `Copy` value (about 120 bytes),
//! so "copy, then play" is the make/unmake of this engine, as in many modern engines.
//!
//! The en-passant square is remembered only when a pawn of the side to move stands ready to
//! capture there (the rule of the Polyglot book format): then the FEN we print, the key and
//! the repetition test all agree on what "the same position" is.

// Every public item here has a doc comment: a new one without is a warning (an error in CI).
#![warn(missing_docs)]

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::castling::{CastlingRights, castling_mask};
use super::moves::Move;
use super::types::{Color, File, Piece, Rank, Role, Square};
use super::zobrist;
use std::fmt;

/// Which FEN field an error is about. A FEN has six fields, separated by spaces:
/// `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// The string as a whole (field count).
    Whole,
    /// Field 1, where the pieces stand: rank 8 first, `/` between ranks, a digit for empty
    /// squares, upper case for White.
    Placement,
    /// Field 2, whose turn it is: `w` or `b`.
    SideToMove,
    /// Field 3, who may still castle: `KQkq`, some of them, or `-`.
    Castling,
    /// Field 4, the square a pawn just skipped over with its double step, or `-`.
    EnPassant,
    /// Field 5, half-moves since the last capture or pawn move.
    HalfmoveClock,
    /// Field 6, the move number, starting at 1.
    FullmoveNumber,
}

impl FenField {
    /// The field as an error message names it: `field 3 (castling rights)`.
    pub fn describe(self) -> &'static str {
        match self {
            FenField::Whole => "FEN",
            FenField::Placement => "field 1 (piece placement)",
            FenField::SideToMove => "field 2 (side to move)",
            FenField::Castling => "field 3 (castling rights)",
            FenField::EnPassant => "field 4 (en-passant square)",
            FenField::HalfmoveClock => "field 5 (half-move clock)",
            FenField::FullmoveNumber => "field 6 (full-move number)",
        }
    }
}

/// A FEN that could not be read: which field, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// The field that is wrong.
    pub field: FenField,
    /// What is wrong with it, in words.
    pub reason: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN, {}: {}", self.field.describe(), self.reason)
    }
}

impl std::error::Error for FenError {}

fn fen_err(field: FenField, reason: impl Into<String>) -> FenError {
    FenError {
        field,
        reason: reason.into(),
    }
}

/// A FEN split into its fields: 6, or 4 without the clocks.
fn fen_fields(fen: &str) -> Result<Vec<&str>, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() != 6 && fields.len() != 4 {
        return Err(fen_err(
            FenField::Whole,
            format!(
                "expected 6 space-separated fields (or 4 without the clocks), found {}",
                fields.len()
            ),
        ));
    }
    Ok(fields)
}

/// FEN field 2: the side to move.
fn side_to_move(field: &str) -> Result<Color, FenError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(fen_err(
            FenField::SideToMove,
            format!("expected 'w' or 'b', found '{other}'"),
        )),
    }
}

/// FEN fields 5 and 6: the half-move clock and the full-move number.
fn fen_clocks(halfmove: &str, fullmove: &str) -> Result<(u16, u16), FenError> {
    let halfmove_clock = halfmove.parse().map_err(|_| {
        fen_err(
            FenField::HalfmoveClock,
            format!("'{halfmove}' is not a whole number 0-65535"),
        )
    })?;
    let fullmove_number: u16 = fullmove.parse().map_err(|_| {
        fen_err(
            FenField::FullmoveNumber,
            format!("'{fullmove}' is not a whole number 1-65535"),
        )
    })?;
    if fullmove_number == 0 {
        return Err(fen_err(
            FenField::FullmoveNumber,
            "the full-move number starts at 1, found 0",
        ));
    }
    Ok((halfmove_clock, fullmove_number))
}

/// What field 1 must describe for the position to come from a game: one king of each
/// colour, no pawn on rank 1 or 8, and for each colour no more than 8 pawns, 16 pieces, and
/// pieces beyond the starting set (a second queen, a third rook...) only as many as pawns
/// are missing to have promoted into them.
fn check_placement(pos: &Position) -> Result<(), FenError> {
    use FenField::Placement;
    for color in Color::ALL {
        let kings = pos.pieces(color, Role::King).count();
        if kings != 1 {
            return Err(fen_err(
                Placement,
                format!("{} must have exactly one king, found {kings}", color.name()),
            ));
        }
    }
    let back_ranks = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
    if let Some(sq) = (pos.by_role(Role::Pawn) & back_ranks).first() {
        return Err(fen_err(
            Placement,
            format!("a pawn stands on {sq}: pawns can never be on rank 1 or 8"),
        ));
    }
    for color in Color::ALL {
        let count = |role| pos.pieces(color, role).count() as usize;
        let pawns = count(Role::Pawn);
        if pawns > 8 {
            return Err(fen_err(
                Placement,
                format!("{} has {pawns} pawns: a side has at most 8", color.name()),
            ));
        }
        let pieces = pos.by_color(color).count() as usize;
        if pieces > 16 {
            return Err(fen_err(
                Placement,
                format!(
                    "{} has {pieces} pieces (pawns included): a side has at most 16",
                    color.name()
                ),
            ));
        }
        // Each piece beyond the starting set was a pawn once.
        let (queens, rooks, bishops, knights) = (
            count(Role::Queen),
            count(Role::Rook),
            count(Role::Bishop),
            count(Role::Knight),
        );
        let promoted = queens.saturating_sub(1)
            + rooks.saturating_sub(2)
            + bishops.saturating_sub(2)
            + knights.saturating_sub(2);
        if promoted > 8 - pawns {
            return Err(fen_err(
                Placement,
                format!(
                    "{} has {queens} queens, {rooks} rooks, {bishops} bishops and {knights} \
                     knights: {promoted} of them beyond the starting set must be promoted \
                     pawns, but with {pawns} pawns on the board only {} can have promoted",
                    color.name(),
                    8 - pawns
                ),
            ));
        }
    }
    Ok(())
}

/// A chess position: where the pieces stand, whose turn it is, who may still castle, the
/// en-passant square and the two clocks. Everything a FEN says, and so everything the
/// rules need to tell which moves are legal.
///
/// A `Position` is a small `Copy` value. To try a move, play it on a copy
/// ([`Position::after`]): the position you started from stays as it was.
///
/// ```
/// use huo_chess::core::parse_uci;
/// use huo_chess::{Color, Position};
///
/// // The start: White to move, twenty legal moves (each pawn one or two squares ahead,
/// // each knight to two squares).
/// let start = Position::startpos();
/// assert_eq!(start.turn(), Color::White);
/// assert_eq!(start.legal_moves().len(), 20);
///
/// // 1. e4 played on a copy. No black pawn can take en passant, so the FEN shows `-`.
/// let e4 = parse_uci(&start, "e2e4").unwrap();
/// let after = start.after(e4);
/// assert_eq!(after.turn(), Color::Black);
/// assert_eq!(after.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert_eq!(start.fen(), Position::STARTING_FEN);
///
/// // The fool's mate (1. f3 e5 2. g4 Qh4#): White is in check and has no legal move.
/// let mated =
///     Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
///         .unwrap();
/// assert!(mated.in_check());
/// assert!(mated.legal_moves().is_empty());
/// assert!(mated.is_checkmate());
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    turn: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
    key: u64,
    /// The part of the key from the pawns alone, and from each side's other pieces
    /// (White's, then Black's): what the search's correction history is keyed by.
    pawn_key: u64,
    piece_keys: [u64; 2],
    checkers: Bitboard,
    pinned: Bitboard,
}

impl Position {
    /// The starting position in FEN: White's pieces on ranks 1 and 2, Black's on 7 and 8,
    /// White to move, all four castlings still possible.
    pub const STARTING_FEN: &'static str =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// The initial position of a game.
    pub fn startpos() -> Position {
        Position::from_fen(Self::STARTING_FEN).expect("the starting FEN is valid")
    }

    // ----- reading the position -------------------------------------------------------

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// Who may still castle, and on which side: the king and that rook have not moved.
    #[inline]
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }
    /// The en-passant target square, present only when a capture there is possible for a pawn.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }
    /// Half-moves since the last capture or pawn move (for the fifty-move rule).
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }
    /// The move number, as a score sheet counts: 1 at the start, one more after each move
    /// of Black's.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }
    /// The Zobrist key of the position: exactly the Polyglot opening-book key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }
    /// The Zobrist key of the pawns alone (both sides'; no side to move, rights or
    /// en-passant square): equal for equal pawn structures.
    #[inline]
    pub fn pawn_key(&self) -> u64 {
        self.pawn_key
    }
    /// The Zobrist key of `color`'s pieces other than pawns (king included).
    #[inline]
    pub fn piece_key(&self, color: Color) -> u64 {
        self.piece_keys[color as usize]
    }
    /// Pieces of the side not to move that give check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }
    /// Is the side to move in check?
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }
    /// Pieces of the side to move pinned to their own king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }
    /// The squares of every piece of kind `role`, of both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }
    /// The squares of every piece of `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }
    /// The squares of `color`'s pieces of kind `role` (White's knights, Black's pawns...).
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[role as usize] & self.by_color[color as usize]
    }
    /// Every square a piece stands on.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    /// The square of `color`'s king (every position has one king a side).
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        // A valid position always has one king of each colour.
        self.pieces(color, Role::King).first().unwrap_or(Square::A1)
    }
    /// The colour of the piece on `sq`; `None` if it is empty.
    #[inline]
    pub fn color_on(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].has(sq) {
            Some(Color::White)
        } else if self.by_color[1].has(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }
    /// The kind of piece on `sq`; `None` if it is empty.
    #[inline]
    pub fn role_on(&self, sq: Square) -> Option<Role> {
        if !self.occupied().has(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|&r| self.by_role[r as usize].has(sq))
    }
    /// The piece on `sq`, kind and colour; `None` if it is empty.
    #[inline]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        let color = self.color_on(sq)?;
        Some(Piece::new(color, self.role_on(sq)?))
    }

    /// All pieces of `by` that attack `sq`, given the occupancy `occupied`.
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(by);
        let rooks = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let bishops = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        them & ((knight_attacks(sq) & self.by_role(Role::Knight))
            | (king_attacks(sq) & self.by_role(Role::King))
            | (pawn_attacks(!by, sq) & self.by_role(Role::Pawn))
            | (rook_attacks(sq, occupied) & rooks)
            | (bishop_attacks(sq, occupied) & bishops))
    }

    /// Is `sq` attacked by any piece of `by`?
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.is_attacked_through(sq, by, self.occupied())
    }

    /// Is `sq` attacked by `by` with this occupancy? Like [`Position::attackers`], but
    /// stops at the first attacker found (cheap leapers first).
    #[inline]
    pub fn is_attacked_through(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.by_color(by);
        (knight_attacks(sq) & them & self.by_role(Role::Knight)).any()
            || (pawn_attacks(!by, sq) & them & self.by_role(Role::Pawn)).any()
            || (king_attacks(sq) & them & self.by_role(Role::King)).any()
            || (rook_attacks(sq, occupied)
                & them
                & (self.by_role(Role::Rook) | self.by_role(Role::Queen)))
            .any()
            || (bishop_attacks(sq, occupied)
                & them
                & (self.by_role(Role::Bishop) | self.by_role(Role::Queen)))
            .any()
    }

    // ----- changing the position ------------------------------------------------------

    #[inline]
    fn toggle(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.by_role[piece.role as usize] ^= bb;
        self.by_color[piece.color as usize] ^= bb;
        let z = zobrist::piece(piece, sq);
        self.key ^= z;
        if piece.role == Role::Pawn {
            self.pawn_key ^= z;
        } else {
            self.piece_keys[piece.color as usize] ^= z;
        }
    }

    /// Plays `mv`, which must be legal in this position (as produced by the move
    /// generator or checked with [`Position::is_legal`]). Everything is updated
    /// incrementally: pieces, rights, en-passant square, clocks, key, checkers and pins.
    pub fn play(&mut self, mv: Move) {
        debug_assert!(
            self.is_legal(mv),
            "Position::play: {} is not a legal move in {}",
            mv.uci(),
            self.fen()
        );
        let role = self.role_on(mv.from()).unwrap_or(Role::Pawn);
        self.play_role(mv, role);
    }

    /// [`Position::play`] when the caller already knows the kind of the moving piece (the
    /// move generator does), saving a look-up.
    #[inline]
    pub(crate) fn play_role(&mut self, mv: Move, role: Role) {
        debug_assert_eq!(
            self.piece_on(mv.from()),
            Some(Piece::new(self.turn, role)),
            "Position::play: no {role:?} of the side to move on {} in {}",
            mv.from(),
            self.fen()
        );
        let us = self.turn;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let captured = if self.by_color(them).has(to) {
            self.role_on(to)
        } else {
            None
        };

        if let Some(ep) = self.ep_square.take() {
            self.key ^= zobrist::en_passant(ep.file());
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if let Some(victim) = captured {
            self.toggle(to, Piece::new(them, victim));
            self.halfmove_clock = 0;
        }
        self.toggle(from, Piece::new(us, role));
        let landing = mv.promotion().unwrap_or(role);
        self.toggle(to, Piece::new(us, landing));

        match role {
            Role::Pawn => {
                self.halfmove_clock = 0;
                let delta = to as i8 - from as i8;
                if delta.abs() == 16 {
                    // Double push: an en-passant square, if an enemy pawn stands beside us.
                    let ep = Square::from_index((from as usize + to as usize) / 2);
                    if (pawn_attacks(us, ep) & self.pieces(them, Role::Pawn)).any() {
                        self.ep_square = Some(ep);
                        self.key ^= zobrist::en_passant(ep.file());
                    }
                } else if captured.is_none() && from.file() != to.file() {
                    // En passant: the captured pawn stands behind the target square.
                    let victim = Square::new(to.file(), from.rank());
                    self.toggle(victim, Piece::new(them, Role::Pawn));
                }
            }
            Role::King if (to as i8 - from as i8).abs() == 2 => {
                // Castling: the rook jumps over the king.
                let rank = from.rank();
                let (rook_from, rook_to) = if to.file() == File::G {
                    (Square::new(File::H, rank), Square::new(File::F, rank))
                } else {
                    (Square::new(File::A, rank), Square::new(File::D, rank))
                };
                self.toggle(rook_from, Piece::new(us, Role::Rook));
                self.toggle(rook_to, Piece::new(us, Role::Rook));
            }
            _ => {}
        }

        let rights = self.castling.bits() & castling_mask(from) & castling_mask(to);
        if rights != self.castling.bits() {
            let rights = CastlingRights::from_bits(rights);
            self.key ^= zobrist::castling(self.castling) ^ zobrist::castling(rights);
            self.castling = rights;
        }

        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = them;
        self.key ^= zobrist::side();
        self.update_checks_and_pins();
        #[cfg(debug_assertions)]
        self.assert_consistent();
    }

    /// Nearly the key of the position after `mv` (`role` moving), computed without
    /// playing it: the pieces, the side to move and the old en-passant file, not castling
    /// rights, a new en-passant file or the rook of a castling. Good enough to fetch the
    /// transposition-table entry early: the real key almost always falls in the same place.
    #[inline]
    pub fn key_after(&self, mv: Move, role: Role) -> u64 {
        let us = self.turn;
        let mut key = self.key ^ zobrist::side();
        if let Some(ep) = self.ep_square {
            key ^= zobrist::en_passant(ep.file());
        }
        if let Some(victim) = self.role_on(mv.to()) {
            key ^= zobrist::piece(Piece::new(!us, victim), mv.to());
        }
        let landing = mv.promotion().unwrap_or(role);
        key ^ zobrist::piece(Piece::new(us, role), mv.from())
            ^ zobrist::piece(Piece::new(us, landing), mv.to())
    }

    /// The position after `mv` (which must be legal), leaving `self` unchanged.
    #[inline]
    pub fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play(mv);
        next
    }

    /// Passes the turn without moving (the "null move" of search). Not allowed in check.
    pub fn play_null(&mut self) {
        debug_assert!(!self.in_check(), "a null move in check: {}", self.fen());
        if let Some(ep) = self.ep_square.take() {
            self.key ^= zobrist::en_passant(ep.file());
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = !self.turn;
        self.key ^= zobrist::side();
        self.update_checks_and_pins();
    }

    /// Checks what every incremental update must keep true (debug builds only): the colours
    /// and the kinds of piece agree square by square, one king a side, no pawn on the first
    /// or last rank, the side that just moved not left in check, and the keys equal to the
    /// keys computed afresh from the board.
    #[cfg(debug_assertions)]
    fn assert_consistent(&self) {
        let (white, black) = (self.by_color[0], self.by_color[1]);
        assert!(
            (white & black).count() == 0,
            "a square of two colours: {self:?}"
        );
        let mut roles = Bitboard::EMPTY;
        for role in Role::ALL {
            let bb = self.by_role[role as usize];
            assert!((roles & bb).count() == 0, "a square of two kinds: {self:?}");
            roles |= bb;
        }
        assert_eq!(roles, white | black, "kinds and colours disagree: {self:?}");
        for color in Color::ALL {
            assert_eq!(self.pieces(color, Role::King).count(), 1, "kings: {self:?}");
        }
        let back_ranks = Bitboard(0xff00_0000_0000_00ff);
        assert!(
            (self.by_role(Role::Pawn) & back_ranks).count() == 0,
            "{self:?}"
        );
        assert!(
            !self.is_attacked(self.king(!self.turn), self.turn),
            "the side that moved is in check: {}",
            self.fen()
        );
        let (mut key, mut pawns, mut pieces) = (0, 0, [0u64; 2]);
        for sq in self.occupied() {
            let piece = self.piece_on(sq).expect("occupied");
            let z = zobrist::piece(piece, sq);
            key ^= z;
            if piece.role == Role::Pawn {
                pawns ^= z;
            } else {
                pieces[piece.color as usize] ^= z;
            }
        }
        key ^= zobrist::castling(self.castling);
        if let Some(ep) = self.ep_square {
            key ^= zobrist::en_passant(ep.file());
        }
        if self.turn == Color::White {
            key ^= zobrist::side();
        }
        assert_eq!(self.key, key, "the key drifted: {}", self.fen());
        assert_eq!(
            (self.pawn_key, self.piece_keys),
            (pawns, pieces),
            "{}",
            self.fen()
        );
    }

    /// Recomputes the pieces checking the side to move and the pieces pinned to its king.
    fn update_checks_and_pins(&mut self) {
        let us = self.turn;
        let them = !us;
        let king = self.king(us);
        let occupied = self.occupied();
        let theirs = self.by_color(them);
        self.checkers = theirs
            & ((knight_attacks(king) & self.by_role(Role::Knight))
                | (pawn_attacks(us, king) & self.by_role(Role::Pawn)));
        self.pinned = Bitboard::EMPTY;
        let rooks = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let bishops = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        // Sliders that would see the king on an empty board: each either checks, pins
        // exactly one piece of ours, or is blocked by more than one piece.
        let snipers = theirs
            & ((rook_attacks(king, Bitboard::EMPTY) & rooks)
                | (bishop_attacks(king, Bitboard::EMPTY) & bishops));
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                self.checkers |= Bitboard::from_square(sniper);
            } else if !blockers.more_than_one() {
                self.pinned |= blockers & self.by_color(us);
            }
        }
    }

    // ----- FEN ------------------------------------------------------------------------

    /// Reads a position in Forsyth-Edwards Notation, strictly: every field is checked and an
    /// impossible position (no king, pawns on the back rank, nine pawns or more pieces than
    /// promotions explain, the side not to move in check, castling rights without king and
    /// rook at home...) is refused with the reason.
    /// The two clocks may be left out; they then default to `0 1`.
    ///
    /// ```
    /// use huo_chess::core::FenField;
    /// use huo_chess::{Color, Piece, Position, Role, Square};
    ///
    /// // Only the kings and a white rook; the clocks left out.
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q -").unwrap();
    /// assert_eq!(pos.piece_on(Square::A1), Some(Piece::new(Color::White, Role::Rook)));
    /// assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    ///
    /// // No white king: not a position a game can reach.
    /// let err = Position::from_fen("4k3/8/8/8/8/8/8/R7 w - - 0 1").unwrap_err();
    /// assert_eq!(err.field, FenField::Placement);
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields = fen_fields(fen)?;
        let mut pos = Position::blank();
        pos.read_placement(fields[0])?;
        check_placement(&pos)?;
        pos.turn = side_to_move(fields[1])?;
        pos.read_castling(fields[2])?;
        pos.read_en_passant(fields[3])?;
        if fields.len() == 6 {
            (pos.halfmove_clock, pos.fullmove_number) = fen_clocks(fields[4], fields[5])?;
        }
        pos.key ^= zobrist::castling(pos.castling);
        if pos.turn == Color::White {
            pos.key ^= zobrist::side();
        }
        pos.refuse_impossible_checks()?;
        Ok(pos)
    }

    /// An empty board, White to move, no rights, clocks at `0 1`: where a FEN is read into.
    fn blank() -> Position {
        Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
            pawn_key: 0,
            piece_keys: [0; 2],
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        }
    }

    /// FEN field 1: ranks 8 to 1, separated by '/', put on the board.
    fn read_placement(&mut self, field: &str) -> Result<(), FenError> {
        let ranks: Vec<&str> = field.split('/').collect();
        if ranks.len() != 8 {
            return Err(fen_err(
                FenField::Placement,
                format!("expected 8 ranks separated by '/', found {}", ranks.len()),
            ));
        }
        for (i, text) in ranks.iter().enumerate() {
            self.read_rank(Rank::from_index(7 - i), text)?;
        }
        Ok(())
    }

    /// One rank of FEN field 1: piece letters and counts of empty squares, 8 squares in all.
    fn read_rank(&mut self, rank: Rank, text: &str) -> Result<(), FenError> {
        use FenField::Placement;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(fen_err(
                        Placement,
                        format!(
                            "rank {}: '{c}' is not a count of empty squares 1-8",
                            rank.char()
                        ),
                    ));
                }
                file += d as usize;
            } else if let Some(piece) = Piece::from_fen_char(c) {
                if file < 8 {
                    self.toggle(Square::new(File::from_index(file), rank), piece);
                }
                file += 1;
            } else {
                return Err(fen_err(
                    Placement,
                    format!(
                        "rank {}: '{c}' is not a piece letter (PNBRQK/pnbrqk) or digit",
                        rank.char()
                    ),
                ));
            }
            if file > 8 {
                return Err(fen_err(
                    Placement,
                    format!("rank {} describes more than 8 squares", rank.char()),
                ));
            }
        }
        if file != 8 {
            return Err(fen_err(
                Placement,
                format!("rank {} describes {file} squares instead of 8", rank.char()),
            ));
        }
        Ok(())
    }

    /// FEN field 3: the castling rights; each needs its king and rook on their starting
    /// squares.
    fn read_castling(&mut self, field: &str) -> Result<(), FenError> {
        use FenField::Castling;
        if field == "-" {
            return Ok(());
        }
        for c in field.chars() {
            let (color, short) = match c {
                'K' => (Color::White, true),
                'Q' => (Color::White, false),
                'k' => (Color::Black, true),
                'q' => (Color::Black, false),
                _ => {
                    return Err(fen_err(
                        Castling,
                        format!("'{c}' is not one of K, Q, k, q (or '-' for none)"),
                    ));
                }
            };
            if self.castling.has(color, short) {
                return Err(fen_err(Castling, format!("'{c}' appears twice")));
            }
            let rank = color.back_rank();
            let king_sq = Square::new(File::E, rank);
            let rook_sq = Square::new(if short { File::H } else { File::A }, rank);
            if self.piece_on(king_sq) != Some(Piece::new(color, Role::King)) {
                return Err(fen_err(
                    Castling,
                    format!(
                        "'{c}' needs the {} king on {king_sq}",
                        color.name().to_lowercase()
                    ),
                ));
            }
            if self.piece_on(rook_sq) != Some(Piece::new(color, Role::Rook)) {
                return Err(fen_err(
                    Castling,
                    format!(
                        "'{c}' needs a {} rook on {rook_sq}",
                        color.name().to_lowercase()
                    ),
                ));
            }
            self.castling.set(color, short);
        }
        Ok(())
    }

    /// FEN field 4: the en-passant square, which must follow a double pawn push just
    /// played; kept only when a pawn of the side to move could capture there (the
    /// Polyglot rule).
    fn read_en_passant(&mut self, field: &str) -> Result<(), FenError> {
        use FenField::EnPassant;
        if field == "-" {
            return Ok(());
        }
        let sq = Square::parse(field)
            .ok_or_else(|| fen_err(EnPassant, format!("'{field}' is not a square name or '-'")))?;
        let us = self.turn;
        let expected_rank = Rank::Sixth.relative_to(us);
        if sq.rank() != expected_rank {
            return Err(fen_err(
                EnPassant,
                format!(
                    "{sq} is impossible with {} to move: the square must be on rank {}",
                    us.name(),
                    expected_rank.char()
                ),
            ));
        }
        let forward: i8 = if us == Color::White { 1 } else { -1 };
        let pushed = sq.offset(0, -forward).expect("rank 5 or 4 exists");
        let origin = sq.offset(0, forward).expect("rank 7 or 2 exists");
        if self.piece_on(pushed) != Some(Piece::new(!us, Role::Pawn)) {
            return Err(fen_err(
                EnPassant,
                format!(
                    "{sq} is impossible: no {} pawn on {pushed} just pushed past it",
                    (!us).name().to_lowercase()
                ),
            ));
        }
        if self.occupied().has(sq) || self.occupied().has(origin) {
            return Err(fen_err(
                EnPassant,
                format!("{sq} is impossible: {sq} and {origin} must be empty after a double push"),
            ));
        }
        if (pawn_attacks(!us, sq) & self.pieces(us, Role::Pawn)).any() {
            self.ep_square = Some(sq);
            self.key ^= zobrist::en_passant(sq.file());
        }
        Ok(())
    }

    /// The checks of a position read whole: the side not to move is never in check, and
    /// no more than two pieces give check at once. Sets the checkers and pins.
    fn refuse_impossible_checks(&mut self) -> Result<(), FenError> {
        if self.is_attacked(self.king(!self.turn), self.turn) {
            return Err(fen_err(
                FenField::SideToMove,
                format!(
                    "{} is to move but the {} king is in check: the side not to move can never be in check",
                    self.turn.name(),
                    (!self.turn).name().to_lowercase()
                ),
            ));
        }
        self.update_checks_and_pins();
        if self.checkers.count() > 2 {
            return Err(fen_err(
                FenField::Placement,
                format!(
                    "{} pieces give check at once: no legal game reaches that",
                    self.checkers.count()
                ),
            ));
        }
        Ok(())
    }

    /// The piece-placement field of the FEN.
    pub fn board_fen(&self) -> String {
        placement_fen(|sq| self.piece_on(sq))
    }

    /// The first four FEN fields (placement, side, castling, en passant): what identifies
    /// a position for repetition and the opening book.
    pub fn epd(&self) -> String {
        epd_of(
            |sq| self.piece_on(sq),
            self.turn,
            self.castling,
            self.ep_square,
        )
    }

    /// The full six-field FEN.
    pub fn fen(&self) -> String {
        format!(
            "{} {} {}",
            self.epd(),
            self.halfmove_clock,
            self.fullmove_number
        )
    }

    // ----- verdicts -------------------------------------------------------------------

    /// Neither side has enough material to give mate by any sequence of moves:
    /// K v K, K+minor v K, or kings and bishops all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.by_role(Role::Knight);
        let bishops = self.by_role(Role::Bishop);
        let minors = (knights | bishops).count();
        if minors <= 1 {
            return true;
        }
        if knights.any() {
            return false;
        }
        const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;
        (bishops.0 & LIGHT == 0) || (bishops.0 & !LIGHT == 0)
    }

    /// An ASCII diagram, rank 8 on top, as the editor writes into book files.
    pub fn ascii(&self) -> String {
        let mut s = String::new();
        for rank in Rank::ALL.iter().rev() {
            s.push(rank.char());
            s.push(' ');
            for file in File::ALL {
                let c = self
                    .piece_on(Square::new(file, *rank))
                    .map_or('.', |p| p.fen_char());
                s.push(c);
                if file != File::H {
                    s.push(' ');
                }
            }
            s.push('\n');
        }
        s.push_str("  a b c d e f g h\n");
        s
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

/// The piece-placement field of a FEN for any board given square by square: ranks 8 to 1,
/// files a to h, a digit for each run of empty squares. The one placement writer:
/// [`Position::board_fen`], and the book's compact positions, use it.
pub fn placement_fen(piece_on: impl Fn(Square) -> Option<Piece>) -> String {
    let mut s = String::with_capacity(64);
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            match piece_on(Square::new(file, *rank)) {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if *rank != Rank::First {
            s.push('/');
        }
    }
    s
}

/// The first four FEN fields of a position given by its parts (see [`Position::epd`]).
pub fn epd_of(
    piece_on: impl Fn(Square) -> Option<Piece>,
    turn: Color,
    castling: CastlingRights,
    ep: Option<Square>,
) -> String {
    format!(
        "{} {} {} {}",
        placement_fen(piece_on),
        turn.fen_char(),
        castling.fen(),
        ep.map_or("-".to_string(), |sq| sq.to_string())
    )
}

#[cfg(all(test, debug_assertions))]
mod invariant_tests {
    use super::*;

    #[test]
    #[should_panic(expected = "not a legal move")]
    fn playing_from_an_empty_square_is_caught() {
        let mut pos = Position::startpos();
        pos.play(Move::new(Square::E4, Square::E5, None)); // nothing stands on e4
    }

    #[test]
    #[should_panic(expected = "not a legal move")]
    fn playing_an_illegal_move_is_caught() {
        let mut pos = Position::startpos();
        pos.play(Move::new(Square::E1, Square::E2, None)); // own pawn on e2
    }

    #[test]
    #[should_panic(expected = "a null move in check")]
    fn a_null_move_in_check_is_caught() {
        let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2r w - - 0 1").unwrap();
        pos.play_null();
    }

    #[test]
    fn legal_games_keep_every_invariant() {
        // Every kind of move: castling both ways, en passant, promotion with capture.
        let mut pos = Position::from_fen("r3k2r/1P4p1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
        let moves = [
            Move::new(Square::E5, Square::D6, None), // en passant
            Move::new(Square::E8, Square::G8, None), // castling short
            Move::new(Square::E1, Square::C1, None), // castling long
            Move::new(Square::G7, Square::G5, None),
            Move::new(Square::B7, Square::A8, Some(Role::Queen)),
        ];
        for mv in moves {
            pos.play(mv); // checked by assert_consistent after each move
        }
        assert_eq!(pos.fen(), "Q4rk1/8/3P4/6p1/8/8/8/2KR3R b - - 0 3");
    }
}

#[cfg(test)]
mod clock_tests {
    use super::*;

    #[test]
    fn the_half_move_clock_stops_at_its_largest_value() {
        let fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 65535 1";
        let mut pos = Position::from_fen(fen).unwrap();
        pos.play(Move::new(Square::G1, Square::F3, None));
        assert_eq!(pos.halfmove_clock(), u16::MAX);
        pos.play_null();
        assert_eq!(pos.halfmove_clock(), u16::MAX);
    }
}
