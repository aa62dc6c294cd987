//! Legal move generation.
//!
//! The original Huo Chess tried every pseudo-move and then asked "is my king left in check?".
//! We generate only legal moves, directly:
//! - the king may step to any square not attacked once it has left its own square;
//! - in double check only the king moves; in single check the other pieces must capture the
//!   checker or step between it and the king (the "check mask");
//! - a pinned piece may only move along the line through its king and the pinner;
//! - en passant, which removes two pawns from one rank at once, is verified by looking from
//!   the king along every line after the capture;
//! - castling needs the rights, an empty path, and no attacked square under the king.
//!
//! Moves come grouped per piece ([`PieceMoves`]: one from-square and a bitboard of
//! destinations), so counting the moves of a position is a few population counts: this is
//! what makes perft with bulk counting fast. Nothing here allocates.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{Color, File, Promotion, Rank, Role, Square};

/// The legal moves of one piece: its kind, its square and its destinations. A pawn moving to
/// the last rank stands for four moves per destination (queen, rook, bishop, knight).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    pub role: Role,
    pub from: Square,
    pub to: Bitboard,
}

const PROMOTION_RANKS: Bitboard = Bitboard(0xFF00_0000_0000_00FF);

impl PieceMoves {
    #[inline]
    fn is_promotion(&self) -> bool {
        self.role == Role::Pawn && (self.to & PROMOTION_RANKS).any()
    }

    /// How many moves this group stands for.
    #[inline]
    pub fn len(&self) -> usize {
        let n = self.to.count() as usize;
        if self.is_promotion() { n * 4 } else { n }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }
}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;
    fn into_iter(self) -> PieceMovesIter {
        PieceMovesIter {
            promotion: self.is_promotion(),
            moves: self,
            next_promotion: 0,
        }
    }
}

pub struct PieceMovesIter {
    moves: PieceMoves,
    promotion: bool,
    next_promotion: usize,
}

impl Iterator for PieceMovesIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        let to = self.moves.to.first()?;
        if self.promotion {
            let piece = Promotion::BEST_FIRST[self.next_promotion];
            self.next_promotion += 1;
            if self.next_promotion == 4 {
                self.next_promotion = 0;
                self.moves.to = self.moves.to.without(to);
            }
            Some(Move::promoting(self.moves.from, to, piece))
        } else {
            self.moves.to = self.moves.to.without(to);
            Some(Move::new(self.moves.from, to, None))
        }
    }
}

impl Position {
    /// Calls `visit` with the legal moves of each piece of the side to move, keeping only
    /// destinations in `mask` (`Bitboard::FULL` for all moves; the opponent's pieces for
    /// captures, en passant included). `visit` returns `true` to stop early; `generate`
    /// returns whether it was stopped.
    #[inline]
    pub fn generate<F: FnMut(PieceMoves) -> bool>(&self, mask: Bitboard, mut visit: F) -> bool {
        let us = self.turn();
        let them = !us;
        let ours = self.by_color(us);
        let theirs = self.by_color(them);
        let occupied = ours | theirs;
        let king = self.king(us);
        let checkers = self.checkers();

        macro_rules! emit {
            ($role:expr, $from:expr, $to:expr) => {
                let to = $to;
                if to.any()
                    && visit(PieceMoves {
                        role: $role,
                        from: $from,
                        to,
                    })
                {
                    return true;
                }
            };
        }

        // The king: any square not attacked once the king has left its square.
        let without_king = occupied.without(king);
        let mut king_to = Bitboard::EMPTY;
        for to in king_attacks(king) & !ours & mask {
            if !self.is_attacked_through(to, them, without_king) {
                king_to = king_to.with(to);
            }
        }
        if checkers.is_empty() {
            king_to |= self.castling_moves(us, king) & mask;
        }
        emit!(Role::King, king, king_to);

        if checkers.more_than_one() {
            return false; // double check: only the king may move
        }
        let target = match checkers.first() {
            Some(checker) => between(king, checker).with(checker),
            None => Bitboard::FULL,
        } & !ours
            & mask;
        let pinned = self.pinned();

        for from in self.pieces(us, Role::Knight) & !pinned {
            emit!(Role::Knight, from, knight_attacks(from) & target);
        }
        // Sliders: a pinned slider keeps to the line through its king and the pinner.
        macro_rules! sliders {
            ($role:expr, $attacks:expr) => {
                for from in self.pieces(us, $role) {
                    let mut to = $attacks(from, occupied) & target;
                    if pinned.has(from) {
                        to &= line(king, from);
                    }
                    emit!($role, from, to);
                }
            };
        }
        sliders!(Role::Bishop, bishop_attacks);
        sliders!(Role::Rook, rook_attacks);
        sliders!(Role::Queen, |sq, occ| rook_attacks(sq, occ)
            | bishop_attacks(sq, occ));

        // Pawns: single and double pushes to empty squares, diagonal captures, en passant.
        let empty = !occupied;
        let double_rank = Bitboard::rank(Rank::Fourth.relative_to(us));
        let ep = self.ep_square();
        for from in self.pieces(us, Role::Pawn) {
            let single = match us {
                Color::White => Bitboard::from_square(from).north(),
                Color::Black => Bitboard::from_square(from).south(),
            } & empty;
            let double = match us {
                Color::White => single.north(),
                Color::Black => single.south(),
            } & empty
                & double_rank;
            let attacks = pawn_attacks(us, from);
            let mut to = ((single | double) & target) | (attacks & theirs & target);
            if pinned.has(from) {
                to &= line(king, from);
            }
            if let Some(ep) = ep
                && attacks.has(ep)
            {
                let victim = Square::new(ep.file(), from.rank());
                if (mask.has(ep) || mask.has(victim)) && self.en_passant_is_safe(from, ep, victim) {
                    to = to.with(ep);
                }
            }
            emit!(Role::Pawn, from, to);
        }
        false
    }

    /// Castling destinations of the king (g- or c-file squares) allowed now. The caller
    /// checks that the king is not in check.
    #[inline]
    fn castling_moves(&self, us: Color, king: Square) -> Bitboard {
        let rights = self.castling();
        let mut to = Bitboard::EMPTY;
        if !rights.has(us, true) && !rights.has(us, false) {
            return to;
        }
        let rank = us.back_rank();
        let occupied = self.occupied();
        for (short, rook_file, king_file, pass_file) in [
            (true, File::H, File::G, File::F),
            (false, File::A, File::C, File::D),
        ] {
            if !rights.has(us, short) {
                continue;
            }
            let rook = Square::new(rook_file, rank);
            let dest = Square::new(king_file, rank);
            let pass = Square::new(pass_file, rank);
            if (between(king, rook) & occupied).is_empty()
                && !self.is_attacked(pass, !us)
                && !self.is_attacked(dest, !us)
            {
                to = to.with(dest);
            }
        }
        to
    }

    /// Would capturing en passant from `from` to `ep` (removing the pawn on `victim`) leave
    /// our king safe? Both pawns leave their rank at once, so we look again from the king.
    #[inline]
    fn en_passant_is_safe(&self, from: Square, ep: Square, victim: Square) -> bool {
        let us = self.turn();
        let occupied = self.occupied().without(from).without(victim).with(ep);
        let attackers = self.attackers(self.king(us), !us, occupied);
        (attackers & !Bitboard::from_square(victim)).is_empty()
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(Bitboard::FULL, |pm| {
            for mv in pm {
                list.push(mv);
            }
            false
        });
        list
    }

    /// The number of legal moves, without listing them (perft's bulk counting).
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        self.generate(Bitboard::FULL, |pm| {
            n += pm.len();
            false
        });
        n
    }

    /// Does the side to move have at least one legal move?
    pub fn has_legal_moves(&self) -> bool {
        self.generate(Bitboard::FULL, |_| true)
    }

    /// Is `mv` legal here? Cheap: only moves to the destination square are generated.
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut found = false;
        self.generate(Bitboard::from_square(mv.to()), |pm| {
            if pm.from == mv.from() {
                let promotes = pm.len() > pm.to.count() as usize;
                // A move's promotion is never a pawn or a king (see `Move::new`).
                found = promotes == mv.promotion().is_some();
            }
            found
        });
        found
    }

    /// Is the side to move checkmated?
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_moves()
    }

    /// Is the side to move stalemated (not in check, no legal move)?
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && !self.has_legal_moves()
    }

    /// Does `mv` (legal here) capture something, en passant included?
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.by_color(!self.turn()).has(mv.to())
            || (Some(mv.to()) == self.ep_square()
                && self.pieces(self.turn(), Role::Pawn).has(mv.from()))
    }

    /// Is `mv` castling (a king's two-square step)?
    #[inline]
    pub fn is_castling(&self, mv: Move) -> bool {
        self.pieces(self.turn(), Role::King).has(mv.from())
            && (mv.to() as i8 - mv.from() as i8).abs() == 2
    }

    /// What it takes to check the opponent's king from here (see [`CheckSquares`]).
    pub fn check_squares(&self) -> CheckSquares {
        let us = self.turn();
        let king = self.king(!us);
        let occupied = self.occupied();
        let bishop = bishop_attacks(king, occupied);
        let rook = rook_attacks(king, occupied);
        let queens = self.pieces(us, Role::Queen);
        let snipers = (bishop_attacks(king, Bitboard::EMPTY)
            & (self.pieces(us, Role::Bishop) | queens))
            | (rook_attacks(king, Bitboard::EMPTY) & (self.pieces(us, Role::Rook) | queens));
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if !blockers.is_empty() && !blockers.more_than_one() {
                discoverers |= blockers & self.by_color(us);
            }
        }
        CheckSquares {
            king,
            discoverers,
            squares: [
                pawn_attacks(!us, king),
                knight_attacks(king),
                bishop,
                rook,
                bishop | rook,
                Bitboard::EMPTY,
            ],
        }
    }

    /// Does `mv` (legal here) give check? Answered without playing the move, so the
    /// search can spare checking moves from its pruning cheaply; `checks` comes from
    /// [`Position::check_squares`] of this position.
    pub fn gives_check_with(&self, mv: Move, checks: &CheckSquares) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let Some(role) = self.role_on(from) else {
            return false;
        };
        if mv.promotion().is_some()
            || self.is_castling(mv)
            || (role == Role::Pawn && Some(to) == self.ep_square())
        {
            return self.after(mv).in_check();
        }
        checks.squares[role as usize].has(to)
            || (checks.discoverers.has(from) && !line(from, checks.king).has(to))
    }

    /// [`Position::gives_check_with`], computing the check squares on the spot.
    pub fn gives_check(&self, mv: Move) -> bool {
        self.gives_check_with(mv, &self.check_squares())
    }
}

/// Where the side to move can give check from: a piece of role `r` standing on
/// `squares[r]` attacks the enemy king (*direct* check), and a piece of ours on
/// `discoverers` that steps off the line to the king uncovers one of our sliders
/// (*discovered* check).
#[derive(Clone, Copy, Debug)]
pub struct CheckSquares {
    king: Square,
    discoverers: Bitboard,
    squares: [Bitboard; 6],
}

/// Counts the leaf nodes of the tree of legal moves `depth` plies deep (the standard test
/// of a move generator: the counts are known for many positions). The last ply is counted
/// in bulk, without playing its moves.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            pos.generate(Bitboard::FULL, |pm| {
                for mv in pm {
                    let mut child = *pos;
                    child.play_role(mv, pm.role);
                    nodes += perft(&child, depth - 1);
                }
                false
            });
            nodes
        }
    }
}

/// Perft split by root move, in move-generation order: `(move, leaf count)` pairs.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let count = if depth <= 1 {
                1
            } else {
                perft(&pos.after(mv), depth - 1)
            };
            (mv, count)
        })
        .collect()
}
