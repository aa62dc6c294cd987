//! Counting material along a line, the way a club player counts it: a pawn is 1, a knight
//! or a bishop 3, a rook 5, a queen 9, the king nothing. A line from a search often stops
//! in the middle of an exchange (a capture whose recapture is one ply past its end), so a
//! count taken there could claim a piece lost that is about to be taken back. [`settled`]
//! plays out the captures still hanging at a position (captures only, either side may stop
//! when capturing no longer pays) and gives the material the exchanges settle on. A claim
//! of material won or lost is made only when both the count along the line and the settled
//! count agree that much changed hands: never more than the quoted line really reaches.

use crate::core::{Color, Move, Position, Role};

/// The classic value of a piece in pawns (the king: 0, it is never exchanged).
pub const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// `color`'s material less its opponent's, in pawns.
pub fn balance(pos: &Position, color: Color) -> i32 {
    let side = |c: Color| -> i32 {
        Role::ALL
            .iter()
            .map(|&r| value(r) * pos.pieces(c, r).count() as i32)
            .sum()
    };
    side(color) - side(!color)
}

/// How many pieces of each kind `color` has, pawns first (the king not counted).
pub fn counts(pos: &Position, color: Color) -> [i32; 5] {
    let mut out = [0; 5];
    for (i, r) in [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ]
    .into_iter()
    .enumerate()
    {
        out[i] = pos.pieces(color, r).count() as i32;
    }
    out
}

/// The positions a line goes through, from `pos` (included) to where it ends: at its end
/// or before its first move that is not legal where it is played.
pub fn walk(pos: &Position, line: &[Move]) -> Vec<Position> {
    let mut out = Vec::with_capacity(line.len() + 1);
    let mut p = *pos;
    out.push(p);
    for &mv in line {
        if !p.is_legal(mv) {
            break;
        }
        p.play(mv);
        out.push(p);
    }
    out
}

/// A move that changes the material: a capture (en passant too) or a promotion.
pub fn is_material(pos: &Position, mv: Move) -> bool {
    pos.is_capture(mv) || mv.promotion().is_some()
}

/// The material of the side to move once the captures hanging at `pos` are played out
/// (pawns, that side's view): each side either stops or captures, whichever keeps more.
/// Checks and mates are not looked at: only who can take what.
pub fn settled(pos: &Position) -> i32 {
    quiesce(pos, -1000, 1000, 8)
}

fn quiesce(pos: &Position, mut alpha: i32, beta: i32, depth: u32) -> i32 {
    let stand = balance(pos, pos.turn());
    if depth == 0 || stand >= beta {
        return stand;
    }
    alpha = alpha.max(stand);
    // The biggest victims first, taken by the smallest pieces: the cut-offs come early.
    let mut moves: Vec<(i32, Move)> = pos
        .legal_moves()
        .iter()
        .filter(|&&mv| is_material(pos, mv))
        .map(|&mv| {
            let victim = pos.role_on(mv.to()).map_or(
                if pos.is_capture(mv) { 1 } else { 0 }, // en passant, or a promotion
                value,
            );
            let promo = mv.promotion().map_or(0, value);
            let attacker = pos.role_on(mv.from()).map_or(0, value);
            (-(10 * (victim + promo) - attacker), mv)
        })
        .collect();
    moves.sort_by_key(|m| m.0);
    for (_, mv) in moves {
        let v = -quiesce(&pos.after(mv), -beta, -alpha, depth - 1);
        if v >= beta {
            return v;
        }
        alpha = alpha.max(v);
    }
    alpha
}

/// `color`'s settled material at `pos` (see [`settled`]).
pub fn settled_for(pos: &Position, color: Color) -> i32 {
    let s = settled(pos);
    if pos.turn() == color { s } else { -s }
}

/// What `color` has gained by `pos` since `start`, counted two ways, the smaller kept: on
/// the board as it stands, and with the captures hanging there played out.
pub fn gain(start: &Position, pos: &Position, color: Color) -> i32 {
    let base = balance(start, color);
    (balance(pos, color) - base).min(settled_for(pos, color) - base)
}
