//! The tuned numbers of the evaluation (see `terms.rs` for what each one weighs).
//!
//! Written by `cargo run --release --example tune` (see `trace.rs` for how); do not edit by
//! hand, retune. Values are centipawns as `P(middlegame, endgame)`, before the scale
//! factors of the configuration. Square tables are seen from White's side, rank 1 first.

use super::Pair as P;

/// Piece-square tables: pawn, knight, bishop, rook, queen, king; a1..h1 on the first row.
#[rustfmt::skip]
pub(super) const PST: [P; 384] = [
    P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0),
    P(-11, 5), P(-3, 1), P(-5, 7), P(-7, 2), P(-5, 9), P(4, 6), P(24, -6), P(-8, 3),
    P(-5, -3), P(-20, 3), P(-7, -2), P(-5, -1), P(1, 0), P(0, 0), P(8, -8), P(-11, -3),
    P(-7, 7), P(-12, 7), P(6, -5), P(2, -8), P(5, -9), P(16, -6), P(-5, 4), P(-13, 2),
    P(3, 13), P(8, 1), P(5, -11), P(8, -20), P(12, -11), P(16, -10), P(11, 1), P(-6, 15),
    P(8, 14), P(-23, 5), P(23, 5), P(41, -16), P(29, -7), P(30, 14), P(0, 24), P(14, 5),
    P(70, -12), P(-17, 26), P(-17, 23), P(40, 9), P(-4, 25), P(50, -23), P(5, 39), P(-7, 29),
    P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0),
    P(-12, -7), P(-23, -17), P(-32, 2), P(-19, 8), P(-7, -6), P(-17, -25), P(-15, -15), P(-12, -7),
    P(-29, 14), P(-16, -6), P(-20, 3), P(1, -2), P(4, -4), P(-6, -17), P(-3, -5), P(-6, -7),
    P(-21, -8), P(-11, 0), P(-2, -2), P(4, 16), P(11, 12), P(7, -6), P(11, -9), P(-7, -3),
    P(7, 8), P(-8, -2), P(15, 23), P(10, 32), P(26, 27), P(27, 20), P(22, 6), P(10, 27),
    P(-10, 24), P(7, 5), P(23, 21), P(22, 29), P(12, 38), P(33, 17), P(7, 1), P(27, 1),
    P(-11, 2), P(-4, 0), P(-30, 35), P(30, 22), P(45, 8), P(52, 11), P(15, 4), P(-12, -7),
    P(-27, -11), P(-24, -5), P(-4, 7), P(1, 11), P(17, 8), P(46, -3), P(0, 3), P(-12, -7),
    P(-12, -7), P(-12, -7), P(-12, -7), P(-12, -7), P(-12, -7), P(-12, -7), P(-12, -7), P(-12, -7),
    P(-22, 12), P(-4, -1), P(-10, 0), P(-12, 1), P(-14, 5), P(-14, -4), P(-19, -2), P(-2, -9),
    P(13, 1), P(7, -19), P(5, -16), P(-2, 3), P(4, -8), P(12, -13), P(21, -27), P(-3, -21),
    P(-10, -14), P(10, -2), P(-3, 8), P(6, 5), P(-3, 21), P(10, 0), P(16, 4), P(-5, 1),
    P(-6, -12), P(-16, 8), P(13, 9), P(15, 17), P(24, 2), P(11, 13), P(-6, 8), P(-1, -10),
    P(1, -11), P(8, 16), P(-3, 22), P(1, 19), P(16, 28), P(20, 18), P(12, 13), P(-7, -3),
    P(-11, 2), P(7, -10), P(11, 13), P(10, 15), P(35, 1), P(18, 16), P(7, 4), P(-18, 23),
    P(-8, -5), P(-28, 8), P(-18, 22), P(-27, -17), P(-46, 21), P(-12, 17), P(-33, 2), P(-23, -3),
    P(-23, -5), P(-16, 5), P(-12, 11), P(-19, 5), P(-19, -1), P(-27, -9), P(-9, 2), P(-18, -6),
    P(-7, 0), P(-3, -3), P(5, -4), P(11, -9), P(14, -11), P(12, -4), P(-16, 1), P(-5, -18),
    P(-35, -1), P(-2, -13), P(-16, -2), P(0, -16), P(4, -19), P(-6, -11), P(-1, -30), P(-49, -14),
    P(-26, 11), P(-14, 0), P(-16, 8), P(-16, -2), P(-29, 17), P(-17, 11), P(-28, 8), P(-19, -1),
    P(-29, 22), P(-22, 21), P(-15, 18), P(12, 9), P(-6, 21), P(-1, 18), P(-9, 11), P(-12, 7),
    P(3, 21), P(-5, 26), P(7, 23), P(17, 17), P(37, 9), P(18, 26), P(3, 14), P(-2, 16),
    P(3, 25), P(27, 17), P(32, 15), P(32, 17), P(58, 0), P(52, 14), P(35, 8), P(-16, 23),
    P(-5, 19), P(-10, 23), P(-8, 22), P(27, 10), P(10, 16), P(49, 3), P(-13, 22), P(8, 4),
    P(3, 42), P(-9, 51), P(20, 42), P(14, 42), P(11, 42), P(20, 38), P(34, 37), P(-17, 43),
    P(-30, 9), P(-24, -5), P(1, -42), P(4, -24), P(-2, -25), P(-32, 2), P(-9, 20), P(-9, 20),
    P(-29, 4), P(-6, -30), P(8, -35), P(7, -7), P(17, -31), P(15, -20), P(-3, -9), P(-9, 20),
    P(-23, 25), P(-2, 6), P(-13, 24), P(-3, 12), P(-2, 18), P(0, 25), P(-6, 20), P(-6, 10),
    P(-3, 2), P(-36, 28), P(-8, 46), P(-11, 64), P(3, 32), P(-3, 60), P(17, 31), P(-1, 22),
    P(-35, 19), P(-18, 49), P(-17, 64), P(-7, 50), P(1, 70), P(6, 65), P(-13, 59), P(8, 56),
    P(-18, 10), P(-23, 32), P(-13, 49), P(0, 38), P(25, 25), P(37, 41), P(10, 41), P(2, 25),
    P(-36, 36), P(-53, 41), P(-42, 55), P(-3, 39), P(-12, 45), P(7, 57), P(-25, 30), P(21, 31),
    P(-27, 37), P(0, 21), P(-5, 41), P(-10, 21), P(-4, 26), P(4, 39), P(-15, 24), P(-23, 38),
    P(26, -85), P(32, -51), P(6, -51), P(-41, -55), P(0, -67), P(-23, -52), P(23, -47), P(19, -76),
    P(26, -53), P(31, -40), P(7, -35), P(-23, -34), P(-28, -31), P(-16, -29), P(21, -32), P(11, -40),
    P(-7, -41), P(-9, -32), P(-6, -24), P(-33, -16), P(-48, -11), P(-22, -20), P(23, -32), P(-34, -30),
    P(-36, -31), P(-30, -7), P(-42, -6), P(-32, -2), P(-30, -8), P(-8, -14), P(-52, -8), P(-63, -28),
    P(-51, -18), P(-52, 10), P(-32, 10), P(-77, 8), P(-79, 11), P(-50, 13), P(-33, 6), P(-63, -21),
    P(-55, -15), P(-51, 5), P(-68, 19), P(-52, 9), P(-70, 7), P(-64, 45), P(-59, 25), P(-60, -15),
    P(-55, -15), P(-55, 0), P(-58, -8), P(-55, 0), P(-50, 6), P(-55, 0), P(-57, 20), P(-55, -15),
    P(-55, -15), P(-55, -15), P(-55, -15), P(-55, -15), P(-55, -15), P(-55, -15), P(-55, -15), P(-55, -15),
];

/// Mobility by squares reached: knight 0-8, bishop 0-13, rook 0-14, queen 0-27.
#[rustfmt::skip]
pub(super) const MOBILITY: [P; 66] = [
    P(-33, -122), P(-18, -61), P(-10, -16), P(-6, -4), P(2, 11), P(6, 18), P(11, 19), P(19, 14),
    P(18, 17), P(-25, -60), P(-19, -27), P(-7, -19), P(-1, -3), P(3, 8), P(7, 18), P(9, 24),
    P(12, 24), P(9, 30), P(13, 29), P(23, 27), P(50, 17), P(39, 29), P(32, 22), P(-32, -58),
    P(-19, -20), P(-14, -11), P(-5, -6), P(-3, -1), P(-1, 7), P(4, 9), P(11, 11), P(13, 15),
    P(9, 22), P(20, 22), P(23, 23), P(27, 22), P(22, 26), P(38, 18), P(-19, -39), P(-18, -25),
    P(-14, -72), P(-9, -61), P(-10, -27), P(-5, -29), P(-5, -14), P(-1, -3), P(5, 0), P(4, 25),
    P(7, 30), P(6, 42), P(8, 38), P(12, 42), P(4, 54), P(10, 56), P(16, 46), P(11, 60),
    P(-2, 50), P(17, 43), P(35, 37), P(45, 15), P(35, 15), P(40, 27), P(40, 27), P(40, 27),
    P(40, 27), P(40, 27),
];

/// Passed pawn by rank, from its own side (rank 1 first).
#[rustfmt::skip]
pub(super) const PASSED: [P; 8] = [
    P(0, 0), P(-1, 16), P(-13, 5), P(-17, 9), P(-14, 26), P(0, 67), P(61, 83), P(0, 0),
];

/// Passed pawn free to advance (next square empty and safe), by rank.
#[rustfmt::skip]
pub(super) const PASSED_SAFE: [P; 8] = [
    P(0, 0), P(1, -4), P(0, 5), P(-4, 9), P(5, 19), P(23, 22), P(30, 43), P(0, 0),
];

/// Passed pawn with its whole path free and unwatched, by rank.
#[rustfmt::skip]
pub(super) const PASSED_FREE: [P; 8] = [
    P(0, 0), P(-18, 17), P(-37, 18), P(-36, 20), P(-23, 16), P(7, 30), P(19, 37), P(0, 0),
];

/// Our king's distance (0-7) to the square in front of a passed pawn, per rank past the third.
#[rustfmt::skip]
pub(super) const PASSER_OWN_KING: [P; 8] = [
    P(27, 14), P(-1, 20), P(6, -1), P(19, -13), P(3, -17), P(2, -19), P(3, -21), P(-3, -21),
];

/// The enemy king's distance to that square.
#[rustfmt::skip]
pub(super) const PASSER_THEIR_KING: [P; 8] = [
    P(-14, -6), P(-2, 6), P(12, 5), P(11, 19), P(8, 31), P(10, 36), P(18, 35), P(12, 40),
];

/// Passed pawn the enemy king cannot catch, the enemy having only pawns.
#[rustfmt::skip]
pub(super) const UNSTOPPABLE: [P; 1] = [
    P(-1, 228),
];

/// Backward pawn: unopposed, opposed.
#[rustfmt::skip]
pub(super) const BACKWARD: [P; 2] = [
    P(-19, -20), P(-3, -12),
];

/// Pawn with a pawn beside it, by rank.
#[rustfmt::skip]
pub(super) const PHALANX: [P; 8] = [
    P(0, 0), P(7, -1), P(11, -2), P(12, 9), P(20, 31), P(43, 75), P(60, 60), P(0, 0),
];

/// Pawn defended by a pawn, by rank, per defender.
#[rustfmt::skip]
pub(super) const SUPPORTED: [P; 8] = [
    P(0, 0), P(0, 0), P(16, 5), P(16, 4), P(23, 10), P(49, 24), P(38, 60), P(0, 0),
];

/// King shelter: file from the edge (0-3) × rank of our nearest pawn in front of the king (0: none).
#[rustfmt::skip]
pub(super) const SHELTER: [P; 32] = [
    P(-44, -4), P(4, -40), P(9, -27), P(-6, -17), P(-10, -7), P(-7, 10), P(-6, 17), P(-15, 0),
    P(-36, 0), P(13, -17), P(8, -16), P(-12, -1), P(-21, 7), P(9, 4), P(-16, 9), P(-15, 0),
    P(-25, -22), P(21, -35), P(-15, -23), P(-13, -21), P(-10, -20), P(-35, 2), P(-8, 21), P(-15, 0),
    P(-33, -6), P(-3, -4), P(-11, -8), P(-16, -3), P(-9, 3), P(-30, 13), P(-18, 9), P(-15, 0),
];

/// Pawn storm: file from the edge (0-3) × rank (from our side) of the nearest enemy pawn (0: none).
#[rustfmt::skip]
pub(super) const STORM: [P; 32] = [
    P(-29, -5), P(5, -4), P(0, -4), P(-28, 15), P(-16, -3), P(-12, -6), P(-16, -9), P(0, 0),
    P(-17, -11), P(0, 0), P(-60, 14), P(-25, 6), P(-20, 5), P(6, -12), P(-3, -12), P(0, 0),
    P(2, -9), P(0, 0), P(-44, 26), P(-1, -6), P(7, 0), P(12, -10), P(12, -11), P(0, 0),
    P(-10, -4), P(-10, 10), P(20, 5), P(-6, 0), P(-6, 2), P(14, -8), P(-2, -9), P(0, 0),
];

/// Storming pawn blocked by one of ours, by its rank from our side.
#[rustfmt::skip]
pub(super) const STORM_BLOCKED: [P; 8] = [
    P(0, 0), P(0, 0), P(-19, -34), P(-3, -13), P(3, -17), P(3, -29), P(-7, -20), P(0, 0),
];

/// King distance to the nearest pawn (0: no pawns).
#[rustfmt::skip]
pub(super) const KING_PAWN_DISTANCE: [P; 8] = [
    P(0, 0), P(-3, 55), P(-2, 44), P(-25, 28), P(10, -8), P(11, -44), P(0, -30), P(0, -35),
];

/// Knight, bishop on an outpost.
#[rustfmt::skip]
pub(super) const OUTPOST: [P; 2] = [
    P(25, -1), P(18, 6),
];

/// Per own pawn on the bishop's colour.
#[rustfmt::skip]
pub(super) const BISHOP_PAWNS: [P; 1] = [
    P(-4, -6),
];

/// Knight or bishop behind a pawn.
#[rustfmt::skip]
pub(super) const MINOR_BEHIND_PAWN: [P; 1] = [
    P(7, 15),
];

/// Per knight, per own pawn more than five.
#[rustfmt::skip]
pub(super) const KNIGHT_PAWNS: [P; 1] = [
    P(7, 2),
];

/// Per safe square in the centre of our half (twice behind our pawns).
#[rustfmt::skip]
pub(super) const SPACE: [P; 1] = [
    P(3, 0),
];

/// Enemy piece attacked by a pawn.
#[rustfmt::skip]
pub(super) const THREAT_BY_PAWN: [P; 1] = [
    P(28, 20),
];

/// Enemy pawn, knight, bishop, rook, queen attacked by a knight or bishop.
#[rustfmt::skip]
pub(super) const THREAT_BY_MINOR: [P; 5] = [
    P(2, 13), P(16, 22), P(24, 2), P(40, -4), P(11, 21),
];

/// Weak enemy pawn, knight, bishop, rook, queen attacked by a rook.
#[rustfmt::skip]
pub(super) const THREAT_BY_ROOK: [P; 5] = [
    P(-2, 18), P(7, 16), P(14, 20), P(-3, 13), P(26, 6),
];

/// Weak enemy attacked by the king; hanging piece; safe pawn push attacking a piece.
#[rustfmt::skip]
pub(super) const THREATS: [P; 3] = [
    P(-14, 17), P(5, 7), P(19, 6),
];

/// How much of each piece's configured value counts in the middlegame and in the ending,
/// in thousandths: pawn, knight, bishop, rook, queen (the king has no value).
#[rustfmt::skip]
pub(super) const MATERIAL: [P; 5] = [P(703, 1134), P(1369, 1188), P(1449, 1211), P(1066, 1240), P(1366, 1201),];

/// King danger weights: knight, bishop, rook, queen attacking the king's squares; per
/// attack on them; per weak square there; per safe knight, bishop, rook, queen check;
/// attacker without a queen; constant.
pub(super) const DANGER: [i32; 12] = [52, 55, 60, 50, 34, 8, 97, 43, 90, 59, -225, -34];

/// Every table above, in the order of `terms::TABLES`.
pub(super) const ALL: [&[P]; 24] = [
    &PST,
    &MOBILITY,
    &PASSED,
    &PASSED_SAFE,
    &PASSED_FREE,
    &PASSER_OWN_KING,
    &PASSER_THEIR_KING,
    &UNSTOPPABLE,
    &BACKWARD,
    &PHALANX,
    &SUPPORTED,
    &SHELTER,
    &STORM,
    &STORM_BLOCKED,
    &KING_PAWN_DISTANCE,
    &OUTPOST,
    &BISHOP_PAWNS,
    &MINOR_BEHIND_PAWN,
    &KNIGHT_PAWNS,
    &SPACE,
    &THREAT_BY_PAWN,
    &THREAT_BY_MINOR,
    &THREAT_BY_ROOK,
    &THREATS,
];
