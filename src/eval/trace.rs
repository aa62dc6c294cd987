//! Tracing the evaluation, for tuning its weights.
//!
//! Most of the evaluation is a sum of *weight × how often the feature occurs*: a knight on
//! f3, a bishop that reaches 7 squares, a passed pawn on the sixth rank. A trace records,
//! for one position, each tuned weight the evaluation used and its count (White's counts
//! minus Black's). With the traces of many positions labelled with how good they really
//! are, the weights can be fitted by gradient descent ("Texel tuning"): this is how the
//! numbers in `tables.rs` were made (see `examples/tune.rs`).
//!
//! Every weight has an index into one flat vector; the functions of [`param`] give it.

/// Receives the tuned weights the evaluation uses, with their counts. The evaluation is
/// generic over it; the real search uses [`NoTrace`], which compiles to nothing.
pub trait Trace {
    /// Which side the following counts belong to: +1 for White, -1 for Black.
    fn side(&mut self, sign: i32);
    /// Weight `param` was used; it weighs `mg` in the middlegame and `eg` in the ending.
    fn add(&mut self, param: usize, mg: f32, eg: f32);
}

/// The trace that records nothing: what the search uses.
pub struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn side(&mut self, _: i32) {}
    #[inline(always)]
    fn add(&mut self, _: usize, _: f32, _: f32) {}
}

/// The tuned weights used in one position, White's point of view.
#[derive(Clone, Debug, Default)]
pub struct Features {
    /// `(param, middlegame count, endgame count)`, one entry per weight used.
    pub terms: Vec<(u16, f32, f32)>,
    /// The game phase, 24 (all pieces) down to 0 (pawn ending).
    pub phase: i32,
    sign: f32,
}

impl Trace for Features {
    fn side(&mut self, sign: i32) {
        self.sign = sign as f32;
    }
    fn add(&mut self, param: usize, mg: f32, eg: f32) {
        let (mg, eg) = (mg * self.sign, eg * self.sign);
        match self.terms.iter_mut().find(|t| t.0 as usize == param) {
            Some(t) => {
                t.1 += mg;
                t.2 += eg;
            }
            None => self.terms.push((param as u16, mg, eg)),
        }
    }
}

impl Features {
    /// The traced part of the evaluation for the weights `theta`, White's point of view.
    pub fn score(&self, theta: &[f64]) -> f64 {
        let (mg, eg) = self.terms.iter().fold((0.0, 0.0), |(mg, eg), &(p, m, e)| {
            let w = theta[p as usize];
            (mg + w * m as f64, eg + w * e as f64)
        });
        (mg * self.phase as f64 + eg * (24 - self.phase) as f64) / 24.0
    }
}

/// Indices of the tuned weights. A "pair" weight has a middlegame index `i` and an endgame
/// index `i + 1`; the other weights are single numbers whose endgame share is fixed.
pub mod param {
    use crate::core::{Role, Square};

    /// Piece-square table entry (pair) for `role` on `sq`, seen from White's side.
    pub fn pst(role: Role, sq: Square) -> usize {
        (role as usize * 64 + sq as usize) * 2
    }
    const MOBILITY: usize = 6 * 64 * 2;
    /// How many squares a knight, bishop, rook and queen can reach at most, plus one.
    pub const MOBILITY_SIZES: [usize; 4] = [9, 14, 15, 28];
    const MOBILITY_OFFSETS: [usize; 4] = [0, 9, 23, 38];
    /// Mobility entry (pair) for a knight, bishop, rook or queen reaching `n` squares.
    pub fn mobility(role: Role, n: usize) -> usize {
        let i = role as usize - 1;
        MOBILITY + (MOBILITY_OFFSETS[i] + n.min(MOBILITY_SIZES[i] - 1)) * 2
    }
    const PASSED: usize = MOBILITY + 66 * 2;
    /// Passed-pawn entry (pair) for a pawn on `rank` (0-7, from its own side).
    pub fn passed(rank: usize) -> usize {
        PASSED + rank * 2
    }
    /// Ending bonus per square of king distance around a passed pawn.
    pub const PASSER_KING: usize = PASSED + 16;
    /// Middlegame bonus per pawn sheltering the king.
    pub const SHIELD: usize = PASSER_KING + 1;
    /// The weights the configuration names in pawns (`[eval]` section).
    pub const BISHOP_PAIR: usize = SHIELD + 1;
    pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
    pub const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
    pub const ROOK_SEVENTH: usize = ROOK_SEMI_OPEN + 1;
    pub const THREAT: usize = ROOK_SEVENTH + 1;
    pub const DOUBLED: usize = THREAT + 1;
    pub const ISOLATED: usize = DOUBLED + 1;
    const MATERIAL: usize = ISOLATED + 1;
    /// The worth (pair) of a pawn, knight, bishop, rook or queen, in centipawns.
    pub fn material(role: Role) -> usize {
        MATERIAL + role as usize * 2
    }
    /// Whether weight `i` is a piece's worth (which the tuner moves freely).
    pub fn is_material(i: usize) -> bool {
        (MATERIAL..COUNT).contains(&i)
    }
    /// How many weights there are.
    pub const COUNT: usize = MATERIAL + 5 * 2;
}
