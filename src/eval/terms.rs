//! The evaluation's weights, each with an index of its own.
//!
//! The evaluation is mostly a sum of *weight × how often a feature occurs* for White, minus
//! the same for Black: a knight on f3, a bishop reaching 7 squares, a passed pawn on the
//! sixth rank. Every such weight is a *term* here, a middlegame/endgame pair, numbered in
//! one flat index space so that the evaluation, its trace and the tuner agree on what each
//! number means.
//!
//! King danger is the exception: its weights add up to one *danger* count per king, which
//! costs `danger² / 720` in the middlegame (so one attacker is nothing and four are
//! deadly) and `danger / 20` in the ending. Those weights are single numbers, numbered
//! apart (`DANGER_*`). The winning chances ([`COMPLEXITY`]) are terms like the others, but
//! their sum moves the ending score towards or away from zero instead of adding to it.

use super::settings::EvalWeights;

/// Piece-square tables: pawn, knight, bishop, rook, queen, king, each 64 squares from
/// White's side (a1, b1 … h8).
pub const PST: usize = 0;
/// The worth of a pawn, knight, bishop, rook and queen.
pub const MATERIAL: usize = PST + 6 * 64;
/// Mobility by squares reached: knight 0-8, bishop 0-13, rook 0-14, queen 0-27.
pub const MOBILITY: usize = MATERIAL + 5;
/// How many entries each mobility table has.
pub const MOBILITY_SIZES: [usize; 4] = [9, 14, 15, 28];
const MOBILITY_OFFSETS: [usize; 4] = [0, 9, 23, 38];
/// Passed pawn by its rank (from its own side).
pub const PASSED: usize = MOBILITY + 66;
/// Passed pawn whose next square is empty and not attacked by the enemy, by rank.
pub const PASSED_SAFE: usize = PASSED + 8;
/// Passed pawn whose whole path to promotion is empty and unwatched by the enemy, by rank.
pub const PASSED_FREE: usize = PASSED_SAFE + 8;
/// Passed pawn: distance of our king to the square in front of it (0-7), per rank past the
/// third.
pub const PASSER_OWN_KING: usize = PASSED_FREE + 8;
/// The same for the enemy king.
pub const PASSER_THEIR_KING: usize = PASSER_OWN_KING + 8;
/// Passed pawn the enemy king cannot catch (the enemy has only pawns left: "the rule of
/// the square").
pub const UNSTOPPABLE: usize = PASSER_THEIR_KING + 8;
/// Backward pawn (cannot be defended by a pawn, and its advance square is watched by an
/// enemy pawn): unopposed, then opposed.
pub const BACKWARD: usize = UNSTOPPABLE + 1;
/// Pawn with a pawn of its colour beside it on the same rank, by rank.
pub const PHALANX: usize = BACKWARD + 2;
/// Pawn defended by a pawn, by rank, per defender.
pub const SUPPORTED: usize = PHALANX + 8;
/// King shelter: on each of the three files around the king (files counted from the edge,
/// 0-3), the rank of our nearest pawn in front of the king (0 when there is none).
pub const SHELTER: usize = SUPPORTED + 8;
/// Pawn storm: the same for the nearest enemy pawn coming at the king.
pub const STORM: usize = SHELTER + 32;
/// A storming pawn stopped by one of ours just in front of it, by its rank.
pub const STORM_BLOCKED: usize = STORM + 32;
/// King distance to the nearest pawn (ending: the king must go where the pawns are).
pub const KING_PAWN_DISTANCE: usize = STORM_BLOCKED + 8;
/// Knight, bishop on an outpost: ranks 4-6, defended by a pawn, out of reach of enemy pawns.
pub const OUTPOST: usize = KING_PAWN_DISTANCE + 8;
/// Per own pawn on the squares of the bishop's colour (a "bad" bishop).
pub const BISHOP_PAWNS: usize = OUTPOST + 2;
/// Knight or bishop sheltered behind a pawn.
pub const MINOR_BEHIND_PAWN: usize = BISHOP_PAWNS + 1;
/// Per knight, per own pawn more than five (knights like crowded boards) or fewer.
pub const KNIGHT_PAWNS: usize = MINOR_BEHIND_PAWN + 1;
/// Space: safe squares in the centre of our half, twice when behind our pawns.
pub const SPACE: usize = KNIGHT_PAWNS + 1;
/// Enemy piece attacked by a pawn.
pub const THREAT_BY_PAWN: usize = SPACE + 1;
/// Enemy pawn, knight, bishop, rook, queen attacked by a knight or bishop (when it is weak
/// or worth more).
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
/// Weak enemy pawn, knight, bishop, rook, queen attacked by a rook.
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 5;
/// Weak enemy piece or pawn attacked by the king.
pub const THREAT_BY_KING: usize = THREAT_BY_ROOK + 5;
/// Weak enemy piece that nothing defends, or that we attack twice.
pub const HANGING: usize = THREAT_BY_KING + 1;
/// A safe pawn push would attack an enemy piece.
pub const THREAT_BY_PUSH: usize = HANGING + 1;
/// Winning chances of the ending ("complexity", endgame value only): per pawn on the
/// board, per passed pawn, pawns on both wings, a pawn ending, and a constant. Their sum
/// moves the ending score away from zero (many pawns, passers, play on both wings: the
/// side ahead can make progress) or towards it (few pawns on one wing: hard to win), but
/// never past zero: it changes how much an edge is worth, not who has it.
pub const COMPLEXITY: usize = THREAT_BY_PUSH + 1;
/// How many complexity terms there are.
pub const COMPLEXITY_SIZE: usize = 5;
/// The weights the configuration names in pawns (`[eval]`); their ending value is a fixed
/// share of the middlegame value (see [`NAMED`]).
pub const BISHOP_PAIR: usize = COMPLEXITY + COMPLEXITY_SIZE;
pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
pub const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
pub const ROOK_SEVENTH: usize = ROOK_SEMI_OPEN + 1;
pub const DOUBLED: usize = ROOK_SEVENTH + 1;
pub const ISOLATED: usize = DOUBLED + 1;
/// How many terms there are.
pub const COUNT: usize = ISOLATED + 1;

/// A term the configuration names in pawns (`[eval]`).
pub struct Named {
    /// Its `[eval]` key.
    pub key: &'static str,
    pub term: usize,
    /// Its ending value as a share of the middlegame value.
    pub share: f64,
    /// The configured value, in pawns.
    pub pawns: fn(&EvalWeights) -> f64,
}

/// The terms the configuration names (a bishop pair and a rook on the seventh count more
/// in the ending, a rook on an open file less, doubled pawns twice as much).
pub const NAMED: [Named; 6] = [
    Named {
        key: "bishop_pair",
        term: BISHOP_PAIR,
        share: 1.5,
        pawns: |e| e.bishop_pair,
    },
    Named {
        key: "rook_open_file",
        term: ROOK_OPEN,
        share: 0.5,
        pawns: |e| e.rook_open_file,
    },
    Named {
        key: "rook_semi_open_file",
        term: ROOK_SEMI_OPEN,
        share: 0.5,
        pawns: |e| e.rook_semi_open_file,
    },
    Named {
        key: "rook_seventh",
        term: ROOK_SEVENTH,
        share: 1.5,
        pawns: |e| e.rook_seventh,
    },
    Named {
        key: "doubled_pawn",
        term: DOUBLED,
        share: 2.0,
        pawns: |e| e.doubled_pawn,
    },
    Named {
        key: "isolated_pawn",
        term: ISOLATED,
        share: 1.5,
        pawns: |e| e.isolated_pawn,
    },
];

/// The ending share of a named term, or `None` for a free middlegame/endgame pair.
pub fn named_share(term: usize) -> Option<f64> {
    NAMED.iter().find(|n| n.term == term).map(|n| n.share)
}

/// A run of terms that `tables.rs` holds, as the tuner writes it.
pub struct Table {
    /// The constant's name in `tables.rs`.
    pub name: &'static str,
    /// Its first term.
    pub start: usize,
    pub len: usize,
    /// The `[eval]` scale of the configuration that multiplies it.
    pub scale: fn(&EvalWeights) -> f64,
    /// What it weighs.
    pub doc: &'static str,
}

/// Every table of `tables.rs`, in the order of its `ALL` list.
pub const TABLES: [Table; 25] = [
    Table {
        name: "PST",
        start: PST,
        len: 384,
        scale: |e| e.piece_squares,
        doc: "Piece-square tables: pawn, knight, bishop, rook, queen, king; a1..h1 on the first row.",
    },
    Table {
        name: "MOBILITY",
        start: MOBILITY,
        len: 66,
        scale: |e| e.mobility,
        doc: "Mobility by squares reached: knight 0-8, bishop 0-13, rook 0-14, queen 0-27.",
    },
    Table {
        name: "PASSED",
        start: PASSED,
        len: 8,
        scale: |e| e.passed_pawn,
        doc: "Passed pawn by rank, from its own side (rank 1 first).",
    },
    Table {
        name: "PASSED_SAFE",
        start: PASSED_SAFE,
        len: 8,
        scale: |e| e.passed_pawn,
        doc: "Passed pawn free to advance (next square empty and safe), by rank.",
    },
    Table {
        name: "PASSED_FREE",
        start: PASSED_FREE,
        len: 8,
        scale: |e| e.passed_pawn,
        doc: "Passed pawn with its whole path free and unwatched, by rank.",
    },
    Table {
        name: "PASSER_OWN_KING",
        start: PASSER_OWN_KING,
        len: 8,
        scale: |e| e.passed_pawn,
        doc: "Our king's distance (0-7) to the square in front of a passed pawn, per rank past the third.",
    },
    Table {
        name: "PASSER_THEIR_KING",
        start: PASSER_THEIR_KING,
        len: 8,
        scale: |e| e.passed_pawn,
        doc: "The enemy king's distance to that square.",
    },
    Table {
        name: "UNSTOPPABLE",
        start: UNSTOPPABLE,
        len: 1,
        scale: |e| e.passed_pawn,
        doc: "Passed pawn the enemy king cannot catch, the enemy having only pawns.",
    },
    Table {
        name: "BACKWARD",
        start: BACKWARD,
        len: 2,
        scale: |e| e.pawn_structure,
        doc: "Backward pawn: unopposed, opposed.",
    },
    Table {
        name: "PHALANX",
        start: PHALANX,
        len: 8,
        scale: |e| e.pawn_structure,
        doc: "Pawn with a pawn beside it, by rank.",
    },
    Table {
        name: "SUPPORTED",
        start: SUPPORTED,
        len: 8,
        scale: |e| e.pawn_structure,
        doc: "Pawn defended by a pawn, by rank, per defender.",
    },
    Table {
        name: "SHELTER",
        start: SHELTER,
        len: 32,
        scale: |e| e.king_safety,
        doc: "King shelter: file from the edge (0-3) × rank of our nearest pawn in front of the king (0: none).",
    },
    Table {
        name: "STORM",
        start: STORM,
        len: 32,
        scale: |e| e.king_safety,
        doc: "Pawn storm: file from the edge (0-3) × rank (from our side) of the nearest enemy pawn (0: none).",
    },
    Table {
        name: "STORM_BLOCKED",
        start: STORM_BLOCKED,
        len: 8,
        scale: |e| e.king_safety,
        doc: "Storming pawn blocked by one of ours, by its rank from our side.",
    },
    Table {
        name: "KING_PAWN_DISTANCE",
        start: KING_PAWN_DISTANCE,
        len: 8,
        scale: |e| e.piece_squares,
        doc: "King distance to the nearest pawn (0: no pawns).",
    },
    Table {
        name: "OUTPOST",
        start: OUTPOST,
        len: 2,
        scale: |e| e.minor_pieces,
        doc: "Knight, bishop on an outpost.",
    },
    Table {
        name: "BISHOP_PAWNS",
        start: BISHOP_PAWNS,
        len: 1,
        scale: |e| e.minor_pieces,
        doc: "Per own pawn on the bishop's colour.",
    },
    Table {
        name: "MINOR_BEHIND_PAWN",
        start: MINOR_BEHIND_PAWN,
        len: 1,
        scale: |e| e.minor_pieces,
        doc: "Knight or bishop behind a pawn.",
    },
    Table {
        name: "KNIGHT_PAWNS",
        start: KNIGHT_PAWNS,
        len: 1,
        scale: |e| e.minor_pieces,
        doc: "Per knight, per own pawn more than five.",
    },
    Table {
        name: "SPACE",
        start: SPACE,
        len: 1,
        scale: |e| e.pawn_structure,
        doc: "Per safe square in the centre of our half (twice behind our pawns).",
    },
    Table {
        name: "THREAT_BY_PAWN",
        start: THREAT_BY_PAWN,
        len: 1,
        scale: |e| e.threats,
        doc: "Enemy piece attacked by a pawn.",
    },
    Table {
        name: "THREAT_BY_MINOR",
        start: THREAT_BY_MINOR,
        len: 5,
        scale: |e| e.threats,
        doc: "Enemy pawn, knight, bishop, rook, queen attacked by a knight or bishop.",
    },
    Table {
        name: "THREAT_BY_ROOK",
        start: THREAT_BY_ROOK,
        len: 5,
        scale: |e| e.threats,
        doc: "Weak enemy pawn, knight, bishop, rook, queen attacked by a rook.",
    },
    Table {
        name: "THREATS",
        start: THREAT_BY_KING,
        len: 3,
        scale: |e| e.threats,
        doc: "Weak enemy attacked by the king; hanging piece; safe pawn push attacking a piece.",
    },
    Table {
        name: "COMPLEXITY",
        start: COMPLEXITY,
        len: COMPLEXITY_SIZE,
        scale: |_| 1.0,
        doc: "Winning chances of the ending (endgame value only): per pawn, per passed pawn, pawns on both wings, pawn ending, constant.",
    },
];

/// Piece-square term for `role` (0 pawn … 5 king) on square index `sq` (White's side).
#[inline]
pub const fn pst(role: usize, sq: usize) -> usize {
    PST + role * 64 + sq
}

/// Mobility term for a knight, bishop, rook or queen (`role` 1-4) reaching `n` squares.
#[inline]
pub fn mobility(role: usize, n: usize) -> usize {
    let i = role - 1;
    MOBILITY + MOBILITY_OFFSETS[i] + n.min(MOBILITY_SIZES[i] - 1)
}

/// King danger weights (single numbers, in danger units).
pub const DANGER_ATTACKER: usize = 0;
/// Per attack of an enemy piece on the squares around the king.
pub const DANGER_ZONE_ATTACKS: usize = DANGER_ATTACKER + 4;
/// Per square around the king the enemy attacks and only our king or queen defends.
pub const DANGER_WEAK: usize = DANGER_ZONE_ATTACKS + 1;
/// Per safe check by a knight, bishop, rook, queen.
pub const DANGER_CHECK: usize = DANGER_WEAK + 1;
/// When the attacker has no queen.
pub const DANGER_NO_QUEEN: usize = DANGER_CHECK + 4;
/// Always (a constant offset).
pub const DANGER_BASE: usize = DANGER_NO_QUEEN + 1;
/// How many danger weights there are.
pub const DANGER_COUNT: usize = DANGER_BASE + 1;
