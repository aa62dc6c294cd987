//! The tuned numbers of the evaluation (see `terms.rs` for what each one weighs).
//!
//! Written by `cargo run --release --example tune` (see `trace.rs` for how); do not edit by
//! hand, retune. Values are centipawns as `P(middlegame, endgame)`, before the scale
//! factors of the configuration. Square tables are seen from White's side, rank 1 first.

use super::taper::Pair as P;

/// Piece-square tables: pawn, knight, bishop, rook, queen, king; a1..h1 on the first row.
#[rustfmt::skip]
pub(super) const PST: [P; 384] = [
    P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0),
    P(-10, 9), P(-6, 6), P(-7, 6), P(-9, 13), P(-6, 8), P(1, 10), P(23, -4), P(-2, 1),
    P(-7, -3), P(-22, 8), P(-7, 1), P(-13, 14), P(-7, 8), P(-4, 2), P(10, -9), P(-7, -10),
    P(-3, 3), P(-10, 10), P(8, -10), P(2, -15), P(7, -19), P(18, -11), P(2, 5), P(-5, -3),
    P(2, 14), P(5, 0), P(4, -12), P(11, -30), P(17, -19), P(7, -7), P(12, -8), P(1, 8),
    P(17, 7), P(-10, -4), P(-2, -7), P(45, -19), P(27, -5), P(23, -6), P(-7, 19), P(21, 3),
    P(46, -4), P(-29, 24), P(-24, 23), P(37, 12), P(8, 28), P(56, -8), P(18, 18), P(10, 8),
    P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0), P(0, 0),
    P(-17, -8), P(-24, -17), P(-44, -3), P(-21, 3), P(-13, -1), P(-25, -8), P(-13, -16), P(-17, -8),
    P(-36, 3), P(-31, -8), P(-13, -6), P(0, 3), P(4, 0), P(3, -16), P(-14, 4), P(-12, 6),
    P(-20, -1), P(-10, -9), P(-3, -5), P(-1, 15), P(8, 16), P(9, -5), P(11, -13), P(-6, 3),
    P(2, 1), P(-3, -4), P(10, 19), P(11, 28), P(26, 24), P(27, 18), P(36, 4), P(18, 22),
    P(-11, 12), P(9, -2), P(14, 15), P(23, 31), P(11, 39), P(30, 20), P(11, 10), P(37, 4),
    P(-16, 1), P(0, 7), P(-31, 41), P(24, 33), P(34, 14), P(41, 2), P(10, 8), P(-17, -8),
    P(-32, -12), P(-36, 0), P(-14, 12), P(17, 24), P(14, 17), P(59, 5), P(-5, 2), P(-17, -8),
    P(-17, -8), P(-17, -8), P(-17, -8), P(-17, -8), P(-17, -8), P(-17, -8), P(-17, -8), P(-17, -8),
    P(-22, -10), P(-3, 2), P(-6, -8), P(-20, 8), P(-4, -8), P(-18, 0), P(-19, -1), P(-7, -32),
    P(-11, 3), P(9, -22), P(0, 1), P(-1, 5), P(3, 1), P(10, -14), P(13, -21), P(2, -25),
    P(-6, -6), P(12, 3), P(2, 15), P(3, 8), P(-1, 20), P(11, -6), P(15, 0), P(-8, -3),
    P(-6, -7), P(-8, 0), P(7, 17), P(16, 19), P(13, 16), P(14, 14), P(2, -7), P(12, -14),
    P(-10, -15), P(5, 13), P(8, 5), P(20, 24), P(15, 29), P(14, 9), P(12, 19), P(-4, -5),
    P(-5, 7), P(9, 9), P(6, 17), P(8, 18), P(20, 15), P(25, 7), P(14, 1), P(-4, 20),
    P(4, -12), P(-9, 12), P(-17, 18), P(-16, -7), P(-40, 19), P(-2, 22), P(-51, 1), P(-11, -3),
    P(-35, 1), P(-16, 6), P(-12, 12), P(-19, 6), P(-19, 0), P(-27, -8), P(-9, 3), P(-18, -5),
    P(-7, -4), P(-4, 1), P(4, 0), P(18, -15), P(20, -14), P(17, -7), P(-19, 11), P(-3, -19),
    P(-34, -4), P(-20, -5), P(-15, -6), P(-9, -6), P(5, -14), P(0, -13), P(-7, -12), P(-42, 3),
    P(-32, 7), P(-18, -1), P(-7, 6), P(-31, 17), P(-11, 14), P(-17, 16), P(-8, 7), P(-24, 10),
    P(-21, 17), P(-18, 34), P(-10, 31), P(-1, 16), P(1, 16), P(-2, 20), P(-5, 28), P(-22, 18),
    P(-13, 31), P(-16, 33), P(6, 26), P(17, 22), P(30, 15), P(24, 19), P(6, 20), P(-18, 23),
    P(-12, 47), P(5, 26), P(11, 27), P(28, 22), P(46, 5), P(52, 22), P(27, 19), P(-8, 38),
    P(-16, 27), P(-23, 38), P(-17, 32), P(25, 23), P(4, 24), P(49, 25), P(-16, 30), P(-11, 25),
    P(8, 39), P(-3, 52), P(16, 45), P(-3, 41), P(7, 42), P(13, 45), P(33, 35), P(-10, 55),
    P(-24, 8), P(-21, -11), P(7, -47), P(5, -30), P(-5, -20), P(-43, -5), P(-11, 22), P(-11, 22),
    P(-30, 4), P(-9, -26), P(9, -44), P(5, -14), P(18, -35), P(13, -38), P(-2, -23), P(-16, 13),
    P(-18, 14), P(1, -10), P(-8, 25), P(-4, 16), P(-3, 24), P(2, 32), P(-4, 22), P(-6, 5),
    P(-5, 5), P(-19, 33), P(-8, 40), P(-6, 61), P(3, 37), P(-2, 54), P(6, 19), P(-14, 38),
    P(-28, 41), P(-17, 59), P(-5, 66), P(-2, 54), P(-3, 67), P(-9, 68), P(-9, 77), P(3, 45),
    P(-21, 13), P(-13, 30), P(-21, 51), P(5, 43), P(21, 54), P(43, 45), P(21, 52), P(1, 28),
    P(-35, 43), P(-63, 61), P(-43, 69), P(-14, 57), P(-9, 67), P(-7, 71), P(-3, 49), P(2, 23),
    P(-41, 43), P(-12, 28), P(-7, 44), P(-4, 31), P(-12, 27), P(13, 35), P(-10, 33), P(-24, 39),
    P(9, -81), P(26, -51), P(2, -64), P(-43, -69), P(-15, -80), P(-32, -61), P(15, -47), P(4, -75),
    P(30, -56), P(42, -52), P(7, -49), P(-35, -33), P(-36, -36), P(-19, -38), P(22, -38), P(14, -50),
    P(3, -37), P(10, -30), P(-4, -22), P(-27, -17), P(-31, -19), P(-13, -24), P(14, -28), P(-36, -36),
    P(-36, -18), P(-26, -7), P(-36, -8), P(-48, 1), P(-42, -1), P(-19, -8), P(-39, -8), P(-63, -21),
    P(-53, -15), P(-50, 12), P(-28, 9), P(-69, 20), P(-76, 20), P(-59, 15), P(-22, 0), P(-59, -6),
    P(-55, -15), P(-45, 10), P(-70, 20), P(-51, 24), P(-68, 12), P(-67, 35), P(-55, 34), P(-60, -15),
    P(-55, -15), P(-55, 0), P(-58, -8), P(-55, 0), P(-50, 6), P(-55, 0), P(-57, 20), P(-55, -15),
    P(-55, -15), P(-55, -15), P(-55, -15), P(-55, -15), P(-55, -15), P(-55, -15), P(-55, -15), P(-55, -15),
];

/// Mobility by squares reached: knight 0-8, bishop 0-13, rook 0-14, queen 0-27.
#[rustfmt::skip]
pub(super) const MOBILITY: [P; 66] = [
    P(-36, -112), P(-18, -52), P(-9, -17), P(-5, -1), P(1, 8), P(6, 17), P(12, 22), P(19, 13),
    P(25, 11), P(-24, -57), P(-17, -28), P(-7, -14), P(0, -7), P(4, 9), P(8, 17), P(9, 20),
    P(10, 29), P(11, 27), P(13, 34), P(16, 28), P(28, 27), P(22, 20), P(30, 13), P(-30, -65),
    P(-16, -22), P(-13, -12), P(-3, -11), P(-3, 3), P(3, 8), P(5, 13), P(9, 15), P(12, 20),
    P(14, 24), P(20, 24), P(22, 26), P(21, 23), P(16, 34), P(30, 29), P(-23, -51), P(-19, -42),
    P(-15, -80), P(-8, -61), P(-7, -40), P(-5, -20), P(-2, -14), P(0, -7), P(2, 4), P(4, 14),
    P(3, 26), P(4, 32), P(5, 36), P(4, 45), P(5, 48), P(2, 57), P(9, 37), P(8, 48),
    P(22, 48), P(14, 50), P(32, 31), P(34, 29), P(30, 16), P(41, 17), P(41, 17), P(41, 17),
    P(41, 17), P(41, 17),
];

/// Passed pawn by rank, from its own side (rank 1 first).
#[rustfmt::skip]
pub(super) const PASSED: [P; 8] = [
    P(0, 0), P(2, 16), P(-4, 8), P(-20, 14), P(-9, 30), P(1, 67), P(63, 82), P(0, 0),
];

/// Passed pawn free to advance (next square empty and safe), by rank.
#[rustfmt::skip]
pub(super) const PASSED_SAFE: [P; 8] = [
    P(0, 0), P(3, -2), P(-2, 4), P(-3, 6), P(-1, 21), P(26, 25), P(25, 39), P(0, 0),
];

/// Passed pawn with its whole path free and unwatched, by rank.
#[rustfmt::skip]
pub(super) const PASSED_FREE: [P; 8] = [
    P(0, 0), P(-44, 25), P(-49, 21), P(-41, 25), P(-3, 24), P(12, 35), P(14, 33), P(0, 0),
];

/// Our king's distance (0-7) to the square in front of a passed pawn, per rank past the third.
#[rustfmt::skip]
pub(super) const PASSER_OWN_KING: [P; 8] = [
    P(26, 12), P(11, 21), P(34, -3), P(10, -12), P(0, -17), P(-4, -17), P(3, -20), P(-4, -14),
];

/// The enemy king's distance to that square.
#[rustfmt::skip]
pub(super) const PASSER_THEIR_KING: [P; 8] = [
    P(-16, -5), P(9, 3), P(15, 4), P(14, 23), P(12, 34), P(12, 38), P(18, 34), P(13, 43),
];

/// Passed pawn the enemy king cannot catch, the enemy having only pawns.
#[rustfmt::skip]
pub(super) const UNSTOPPABLE: [P; 1] = [
    P(-2, 173),
];

/// Backward pawn: unopposed, opposed.
#[rustfmt::skip]
pub(super) const BACKWARD: [P; 2] = [
    P(-15, -20), P(-3, -9),
];

/// Pawn with a pawn beside it, by rank.
#[rustfmt::skip]
pub(super) const PHALANX: [P; 8] = [
    P(0, 0), P(7, -2), P(12, 0), P(10, 11), P(19, 40), P(58, 88), P(60, 60), P(0, 0),
];

/// Pawn defended by a pawn, by rank, per defender.
#[rustfmt::skip]
pub(super) const SUPPORTED: [P; 8] = [
    P(0, 0), P(0, 0), P(17, 7), P(15, 4), P(19, 16), P(51, 29), P(44, 39), P(0, 0),
];

/// King shelter: file from the edge (0-3) × rank of our nearest pawn in front of the king (0: none).
#[rustfmt::skip]
pub(super) const SHELTER: [P; 32] = [
    P(-26, -16), P(4, -47), P(9, -29), P(-5, -15), P(-8, -9), P(-3, 7), P(-14, 22), P(-15, 0),
    P(-28, -2), P(10, -8), P(7, -11), P(-14, -6), P(-26, 14), P(35, 7), P(-13, -5), P(-15, 0),
    P(-30, -24), P(16, -26), P(-20, -18), P(-19, -21), P(-18, -12), P(-5, -1), P(-8, 4), P(-15, 0),
    P(-35, -5), P(-4, 0), P(-11, -8), P(-15, -2), P(-15, 0), P(-64, 21), P(-18, 17), P(-15, 0),
];

/// Pawn storm: file from the edge (0-3) × rank (from our side) of the nearest enemy pawn (0: none).
#[rustfmt::skip]
pub(super) const STORM: [P; 32] = [
    P(-30, -7), P(5, -4), P(-14, -2), P(-27, 15), P(-17, -1), P(-13, -11), P(-16, -4), P(0, 0),
    P(-21, -4), P(0, 0), P(-70, 29), P(-28, 4), P(-20, 3), P(6, -15), P(-8, -10), P(0, 0),
    P(-3, -8), P(0, 0), P(-60, 23), P(-15, 7), P(4, -5), P(4, -12), P(9, -18), P(0, 0),
    P(-3, -4), P(-10, 10), P(17, 6), P(-1, -1), P(2, -8), P(16, -6), P(6, -12), P(0, 0),
];

/// Storming pawn blocked by one of ours, by its rank from our side.
#[rustfmt::skip]
pub(super) const STORM_BLOCKED: [P; 8] = [
    P(0, 0), P(0, 0), P(-28, -39), P(7, -27), P(6, -21), P(10, -30), P(6, -43), P(0, 0),
];

/// King distance to the nearest pawn (0: no pawns).
#[rustfmt::skip]
pub(super) const KING_PAWN_DISTANCE: [P; 8] = [
    P(0, 0), P(0, 70), P(3, 60), P(-18, 41), P(5, -21), P(3, -51), P(0, -30), P(0, -35),
];

/// Knight, bishop on an outpost.
#[rustfmt::skip]
pub(super) const OUTPOST: [P; 2] = [
    P(22, 1), P(24, 0),
];

/// Per own pawn on the bishop's colour.
#[rustfmt::skip]
pub(super) const BISHOP_PAWNS: [P; 1] = [
    P(-2, -7),
];

/// Knight or bishop behind a pawn.
#[rustfmt::skip]
pub(super) const MINOR_BEHIND_PAWN: [P; 1] = [
    P(8, 18),
];

/// Per knight, per own pawn more than five.
#[rustfmt::skip]
pub(super) const KNIGHT_PAWNS: [P; 1] = [
    P(8, 2),
];

/// Per safe square in the centre of our half (twice behind our pawns).
#[rustfmt::skip]
pub(super) const SPACE: [P; 1] = [
    P(2, 2),
];

/// Enemy piece attacked by a pawn.
#[rustfmt::skip]
pub(super) const THREAT_BY_PAWN: [P; 1] = [
    P(32, 20),
];

/// Enemy pawn, knight, bishop, rook, queen attacked by a knight or bishop.
#[rustfmt::skip]
pub(super) const THREAT_BY_MINOR: [P; 5] = [
    P(3, 14), P(16, 25), P(24, 12), P(32, 7), P(11, 19),
];

/// Weak enemy pawn, knight, bishop, rook, queen attacked by a rook.
#[rustfmt::skip]
pub(super) const THREAT_BY_ROOK: [P; 5] = [
    P(0, 22), P(8, 27), P(23, 20), P(-5, 15), P(22, -9),
];

/// Weak enemy attacked by the king; hanging piece; safe pawn push attacking a piece.
#[rustfmt::skip]
pub(super) const THREATS: [P; 3] = [
    P(9, 18), P(4, 7), P(19, 12),
];

/// Winning chances of the ending (endgame value only): per pawn, per passed pawn, pawns on both wings, pawn ending, constant.
#[rustfmt::skip]
pub(super) const COMPLEXITY: [P; 5] = [
    P(0, 9), P(0, 3), P(0, 55), P(0, 90), P(0, -158),
];

/// How much of each piece's configured value counts in the middlegame and in the ending,
/// in thousandths: pawn, knight, bishop, rook, queen (the king has no value).
#[rustfmt::skip]
pub(super) const MATERIAL: [P; 5] = [P(624, 1242), P(1250, 1375), P(1312, 1419), P(980, 1405), P(1202, 1399),];

/// King danger weights: knight, bishop, rook, queen attacking the king's squares; per
/// attack on them; per weak square there; per safe knight, bishop, rook, queen check;
/// attacker without a queen; constant.
pub(super) const DANGER: [i32; 12] = [44, 52, 53, 45, 32, 16, 101, 61, 106, 61, -223, -25];

/// Every table above, in the order of `terms::TABLES`.
pub(super) const ALL: [&[P]; 25] = [
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
    &COMPLEXITY,
];
