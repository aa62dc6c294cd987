//! What a line of moves shows, for the side that plays its first move (the attacker):
//! the tactical patterns a chess teacher names.
//!
//! - **Mate**: the line ends in checkmate given by the attacker; a *back-rank* mate when
//!   the king is mated on its own first rank by a rook or queen along that rank, its own
//!   pawns (or pieces) walling it in on the rank in front.
//! - **Fork**: one move puts a piece where it attacks two or more enemy pieces it could
//!   win (the king, pieces worth more than itself, or pieces nobody defends); the opponent
//!   can save only one, and the line then takes another.
//! - **Pin**: a rook, bishop or queen attacks a piece that cannot move away without
//!   uncovering a more valuable one behind it (the king, or a bigger piece); the line then
//!   wins the pinned piece.
//! - **Skewer**: the reverse, the valuable piece is in front: it must move, and the line
//!   takes the piece behind it.
//! - **Hanging piece**: the first move simply takes a piece left unprotected (or
//!   protected too little), and the exchanges that follow do not win it back.
//! - **Promotion**: a pawn reaches the last rank and the new piece is not taken at once.
//! - **Material won**: counted 1/3/3/5/9 along the line, the exchanges at its end played
//!   out: what the attacker is up.
//!
//! Every pattern is checked on the board by playing the line's moves (a line stops at its
//! first illegal move), and the tactics (fork, pin, skewer, hanging piece) count only when
//! the line really wins the material they promise. Each finding knows how many plies of
//! the line prove it, so a caller quotes no more than that.

use super::material::{self, gain, value, walk};
use crate::core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::core::{Bitboard, Color, Move, Position, Role, Square};

/// How far (plies) into a line a tactic may start: the attacker's first or second move.
const TACTIC_PLIES: [usize; 2] = [0, 2];
/// How many plies after a fork, pin or skewer the material it wins must be taken.
const WIN_WINDOW: usize = 6;
/// The longest proof quoted for a material claim, in plies.
pub const MAX_QUOTE: usize = 8;
/// How much of a line (plies) must still show a material claim: nothing given back later.
const HOLD_PLIES: usize = 12;
/// The least a fork, pin or skewer must win, in pawns.
pub const TACTIC_GAIN: i32 = 2;

/// A pattern a line shows for the side playing its first move (the attacker). Squares
/// are where the pieces stand when the pattern appears; `ply` is the index in the line of
/// the move that makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Motif {
    /// The attacker mates in `moves` of its own moves; `back_rank` if it is a back-rank mate.
    Mate { moves: u32, back_rank: bool },
    /// A piece (`forker`, arrived on `square`) attacks all of `targets` at once.
    Fork {
        ply: usize,
        forker: Role,
        square: Square,
        targets: Vec<(Role, Square)>,
    },
    /// `pinner` on `square` pins `pinned` to the more valuable `behind`.
    Pin {
        ply: usize,
        pinner: Role,
        square: Square,
        pinned: (Role, Square),
        behind: (Role, Square),
    },
    /// `attacker` on `square` attacks the valuable `front`, which must move and lets
    /// `behind` be taken.
    Skewer {
        ply: usize,
        attacker: Role,
        square: Square,
        front: (Role, Square),
        behind: (Role, Square),
    },
    /// The first capture takes this piece, and the exchanges do not win it back.
    Hanging { role: Role, square: Square },
    /// A pawn promotes on `square` to `role`, and the new piece is not taken at once.
    Promotion {
        ply: usize,
        square: Square,
        role: Role,
    },
    /// The attacker is this many pawns up along the line (exchanges settled).
    MaterialWon { pawns: i32 },
}

/// A motif and how many plies of the line prove it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub motif: Motif,
    pub plies: usize,
}

/// The motifs `line`, played from `pos`, shows for the side to move at `pos`, in the
/// order: mate, fork, pin, skewer, hanging piece, promotion, material won. Material is
/// counted from `pos`.
pub fn motifs(pos: &Position, line: &[Move]) -> Vec<Motif> {
    find(pos, line, pos).into_iter().map(|f| f.motif).collect()
}

/// Worth of a piece for pins and skewers: the king above all.
fn worth(role: Role) -> i32 {
    if role == Role::King { 100 } else { value(role) }
}

/// The squares a `role` of `color` on `sq` attacks.
pub(crate) fn attacks(role: Role, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occ),
        Role::Rook => rook_attacks(sq, occ),
        Role::Queen => queen_attacks(sq, occ),
        Role::King => king_attacks(sq),
    }
}

/// The motifs of `line` from `pos` for its side to move, material counted from `base`
/// (the same position, or one a move earlier whose capture is to be counted too).
pub(crate) fn find(pos: &Position, line: &[Move], base: &Position) -> Vec<Found> {
    let ps = walk(pos, line);
    let line = &line[..ps.len() - 1];
    let us = pos.turn();
    let mut out = Vec::new();
    if let Some(f) = mate(&ps, us) {
        out.push(f);
    }
    let tactics = tactics(&ps, line, base, us);
    out.extend(tactics);
    if let Some(f) = hanging(&ps, line, base, us) {
        out.push(f);
    }
    if let Some(f) = promotion(&ps, line, us) {
        out.push(f);
    }
    if let Some((pawns, plies)) = material_won(&ps, base, us) {
        out.push(Found {
            motif: Motif::MaterialWon { pawns },
            plies,
        });
    }
    out
}

/// The attacker's material gain from `base` that the line still shows at its end (up to
/// [`HOLD_PLIES`]), the exchanges hanging there played out (a line often ends between a
/// capture and its recapture): what it does not give back.
pub(crate) fn held(ps: &[Position], base: &Position, us: Color) -> i32 {
    let end = (ps.len() - 1).min(HOLD_PLIES);
    material::settled_for(&ps[end], us) - material::balance(base, us)
}

/// The fewest plies after the capture at `from` (at most [`MAX_QUOTE`] plies of the line,
/// or three past the capture if that is later) after which the attacker stands `need`
/// pawns up from `base`, counted on the board and with the exchanges there settled.
fn proof(ps: &[Position], base: &Position, us: Color, from: usize, need: i32) -> Option<usize> {
    let end = MAX_QUOTE.max(from + 3).min(ps.len() - 1);
    (from + 1..=end).find(|&e| gain(base, &ps[e], us) >= need)
}

/// The first checkmate of the line, if the attacker gives it.
fn mate(ps: &[Position], us: Color) -> Option<Found> {
    let i = ps.iter().position(|p| p.is_checkmate())?;
    if i == 0 || ps[i].turn() == us {
        return None;
    }
    Some(Found {
        motif: Motif::Mate {
            moves: i.div_ceil(2) as u32,
            back_rank: back_rank(&ps[i]),
        },
        plies: i,
    })
}

/// A checkmate given along the mated king's first rank by a rook or queen, the king
/// unable to step forward because its own men stand there.
pub(crate) fn back_rank(p: &Position) -> bool {
    let them = p.turn();
    let king = p.king(them);
    let first = match them {
        Color::White => crate::core::Rank::First,
        Color::Black => crate::core::Rank::Eighth,
    };
    if king.rank() != first {
        return false;
    }
    let checkers = p.checkers();
    let along = checkers
        .into_iter()
        .all(|c| c.rank() == first && matches!(p.role_on(c), Some(Role::Rook | Role::Queen)));
    let forward = match them {
        Color::White => 1,
        Color::Black => -1,
    };
    let walled = [-1i8, 0, 1]
        .iter()
        .filter_map(|&df| king.offset(df, forward))
        .all(|sq| p.by_color(them).has(sq));
    checkers.any() && along && walled
}

/// Forks, pins and skewers made by the attacker's first or second move and confirmed by
/// the line winning the material they aim at.
fn tactics(ps: &[Position], line: &[Move], base: &Position, us: Color) -> Vec<Found> {
    let mut out = Vec::new();
    let hold = held(ps, base, us);
    if hold < TACTIC_GAIN {
        return out;
    }
    for t in TACTIC_PLIES {
        if t >= line.len() {
            break;
        }
        let p = &ps[t + 1];
        let sq = line[t].to();
        let Some(role) = p.role_on(sq) else { continue };
        let occ = p.occupied();
        let theirs = p.by_color(!us);
        let hit = attacks(role, us, sq, occ) & theirs;
        // A fork: two or more pieces it could win.
        let targets: Vec<(Role, Square)> = hit
            .into_iter()
            .filter_map(|x| {
                let r = p.role_on(x)?;
                let undefended = p.attackers(x, !us, occ.without(sq)).is_empty();
                let winnable =
                    r == Role::King || (role != Role::King && value(r) > value(role)) || undefended;
                winnable.then_some((r, x))
            })
            .collect();
        if targets.len() >= 2 {
            let mut targets = targets;
            targets.sort_by_key(|t| -worth(t.0));
            let squares: Vec<Square> = targets.iter().map(|t| t.1).collect();
            if let Some(plies) = wins_on(ps, line, base, us, t, &squares, None) {
                out.push(Found {
                    motif: Motif::Fork {
                        ply: t,
                        forker: role,
                        square: sq,
                        targets,
                    },
                    plies,
                });
                continue;
            }
        }
        if !matches!(role, Role::Bishop | Role::Rook | Role::Queen) {
            continue;
        }
        for x in hit {
            let Some(rx) = p.role_on(x) else { continue };
            let revealed = attacks(role, us, sq, occ.without(x)) & !attacks(role, us, sq, occ);
            let Some(y) = (revealed & theirs & crate::core::attacks::line(sq, x)).first() else {
                continue;
            };
            let Some(ry) = p.role_on(y) else { continue };
            let (wx, wy) = (worth(rx), worth(ry));
            if wy > wx {
                // The pinned piece is won where it stands, or where it takes the pinner.
                if let Some(plies) = wins_on(ps, line, base, us, t, &[x], Some((x, sq))) {
                    out.push(Found {
                        motif: Motif::Pin {
                            ply: t,
                            pinner: role,
                            square: sq,
                            pinned: (rx, x),
                            behind: (ry, y),
                        },
                        plies,
                    });
                    break;
                }
            } else if wx > wy
                && let Some(plies) = wins_on(ps, line, base, us, t, &[y], None)
            {
                out.push(Found {
                    motif: Motif::Skewer {
                        ply: t,
                        attacker: role,
                        square: sq,
                        front: (rx, x),
                        behind: (ry, y),
                    },
                    plies,
                });
                break;
            }
        }
    }
    out
}

/// After the attacker's move `t`, does one of its next moves (within [`WIN_WINDOW`]
/// plies) capture on one of `squares` (or, with `taken`, on its second square just after
/// the opponent moved there from its first: the pinned piece taking the pinner), the line
/// then standing at least [`TACTIC_GAIN`] pawns up, both from `base` and from just before
/// move `t` (the tactic itself wins it)? The plies that prove it.
fn wins_on(
    ps: &[Position],
    line: &[Move],
    base: &Position,
    us: Color,
    t: usize,
    squares: &[Square],
    taken: Option<(Square, Square)>,
) -> Option<usize> {
    let n = line.len();
    let mut c = t + 2;
    while c < n && c <= t + WIN_WINDOW {
        let mv = line[c];
        let on_target = squares.contains(&mv.to())
            || taken.is_some_and(|(from, to)| {
                mv.to() == to && line[c - 1].from() == from && line[c - 1].to() == to
            });
        if on_target && ps[c].is_capture(mv) {
            let end = proof(ps, base, us, c, TACTIC_GAIN)?;
            return (gain(&ps[t], &ps[end], us) >= TACTIC_GAIN).then_some(end);
        }
        c += 2;
    }
    None
}

/// The attacker's first move (or its second, after a check left unanswered by a
/// capture) takes a piece, and the exchanges leave the attacker that piece up, less a
/// pawn at most.
fn hanging(ps: &[Position], line: &[Move], base: &Position, us: Color) -> Option<Found> {
    let mut h = 0;
    if line.is_empty() {
        return None;
    }
    if !ps[0].is_capture(line[0]) {
        if ps[0].gives_check(line[0]) && line.len() > 2 && !ps[1].is_capture(line[1]) {
            h = 2;
        } else {
            return None;
        }
    }
    let mv = line[h];
    let role = ps[h].role_on(mv.to())?;
    if role == Role::Pawn || !ps[h].is_capture(mv) {
        return None;
    }
    let need = value(role) - 1;
    if held(ps, base, us) < need {
        return None;
    }
    let plies = proof(ps, base, us, h, need)?;
    Some(Found {
        motif: Motif::Hanging {
            role,
            square: mv.to(),
        },
        plies,
    })
}

/// The attacker's first promotion within [`MAX_QUOTE`] plies whose new piece the
/// exchanges that follow do not take back for nothing.
fn promotion(ps: &[Position], line: &[Move], us: Color) -> Option<Found> {
    for k in (0..line.len().min(MAX_QUOTE)).step_by(2) {
        let mv = line[k];
        let Some(role) = mv.promotion() else { continue };
        if line.get(k + 1).is_some_and(|r| r.to() == mv.to()) {
            return None;
        }
        let before = material::balance(&ps[k], us);
        if material::settled_for(&ps[k + 1], us) - before < 2 {
            return None;
        }
        return Some(Found {
            motif: Motif::Promotion {
                ply: k,
                square: mv.to(),
                role,
            },
            plies: k + 1,
        });
    }
    None
}

/// The most material (pawns, at least one) the attacker is up from `base` along the line,
/// kept to its end, and the fewest plies that show it.
pub(crate) fn material_won(ps: &[Position], base: &Position, us: Color) -> Option<(i32, usize)> {
    let hold = held(ps, base, us);
    let mut best: Option<(i32, usize)> = None;
    for (e, p) in ps.iter().enumerate().take(MAX_QUOTE + 1).skip(1) {
        let g = gain(base, p, us).min(hold);
        if g >= 1 && best.is_none_or(|(b, _)| g > b) {
            best = Some((g, e));
        }
    }
    best
}
