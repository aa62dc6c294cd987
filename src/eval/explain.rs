//! The evaluation taken apart, for people: how much each idea (material, mobility, king
//! safety…) adds for White in the middlegame and in the ending, and how the phase blends
//! them. `huo-chess eval` prints it, as Huo Chess always showed its thinking.

use super::terms as t;
use super::trace::{Features, complexity_shift, danger_cost};
use super::{Evaluator, MAX_PHASE, Pair};
use crate::core::Position;
use std::fmt;

/// The parts of an evaluation, White's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// `(part, middlegame, endgame)` in centipawns, White minus Black.
    pub parts: Vec<(&'static str, i32, i32)>,
    /// What the parts leave out, already blended: the Huo hints, the scaling of drawish
    /// endings, the mop-up of a lone king.
    pub rest: i32,
    /// 24 with every piece on the board, 0 in a pawn ending.
    pub phase: i32,
    /// The blended score for White (what the search sees, before the side-to-move bonus).
    pub white: i32,
    /// The score for the side to move, bonus included.
    pub side_to_move: i32,
}

/// The parts, in the order they are shown.
#[derive(Clone, Copy)]
enum Part {
    Material,
    PieceSquares,
    Mobility,
    PawnStructure,
    PassedPawns,
    KingSafety,
    KingActivity,
    Pieces,
    Threats,
    WinningChances,
}

const PARTS: [&str; 10] = [
    "Material",
    "Piece squares",
    "Mobility",
    "Pawn structure",
    "Passed pawns",
    "King safety",
    "King activity",
    "Pieces",
    "Threats",
    "Winning chances",
];

/// Which part a term belongs to.
fn part(term: usize) -> Part {
    match term {
        _ if term < t::MATERIAL => Part::PieceSquares,
        _ if term < t::MOBILITY => Part::Material,
        _ if term < t::PASSED => Part::Mobility,
        _ if term < t::BACKWARD => Part::PassedPawns,
        _ if term < t::SHELTER => Part::PawnStructure,
        _ if term < t::KING_PAWN_DISTANCE => Part::KingSafety,
        _ if term < t::OUTPOST => Part::KingActivity,
        _ if term < t::THREAT_BY_PAWN => Part::Pieces,
        _ if term < t::COMPLEXITY => Part::Threats,
        _ if term < t::BISHOP_PAIR => Part::WinningChances,
        t::DOUBLED | t::ISOLATED => Part::PawnStructure,
        _ => Part::Pieces,
    }
}

impl Evaluator {
    /// The evaluation of `pos` split into its parts.
    pub fn explain(&self, pos: &Position) -> Explanation {
        let (white, features): (i32, Features) = self.trace(pos);
        let mut sums = [Pair::default(); PARTS.len()];
        for &(term, n) in &features.terms {
            sums[part(term as usize) as usize] += self.w[term as usize] * n as i32;
        }
        let theta = self.params();
        for (side, counts) in features.danger.iter().enumerate() {
            if let Some(counts) = counts {
                let (m, e) = danger_cost(Features::danger_count(counts, &theta));
                let k = self.king_safety_scale() * if side == 0 { -1.0 } else { 1.0 };
                sums[Part::KingSafety as usize] += Pair((m * k) as i32, (e * k) as i32);
            }
        }
        // The ending edge grows or shrinks with the chances of winning it.
        let ending = features.sums(&theta, self.king_safety_scale()).1;
        let shift = complexity_shift(ending, features.complexity_count(&theta));
        sums[Part::WinningChances as usize] += Pair(0, shift.round() as i32);
        let parts = PARTS
            .iter()
            .zip(sums)
            .map(|(name, s)| (*name, s.0, s.1))
            .collect();
        let traced = features.score(&theta, self.king_safety_scale()).round() as i32;
        Explanation {
            parts,
            rest: white - traced,
            phase: features.phase,
            white,
            side_to_move: self.evaluate(pos),
        }
    }
}

impl fmt::Display for Explanation {
    /// A table of the parts in pawns, then the blend and the final score.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pawns = |cp: i32| format!("{:+.2}", cp as f64 / 100.0);
        writeln!(
            f,
            "{:<20} {:>10} {:>10}",
            "Part (White - Black)", "Middle", "Ending"
        )?;
        for (name, mg, eg) in &self.parts {
            writeln!(f, "{name:<20} {:>10} {:>10}", pawns(*mg), pawns(*eg))?;
        }
        writeln!(f, "{:<20} {:>21}", "Huo hints, endings", pawns(self.rest))?;
        writeln!(
            f,
            "Phase {}/{MAX_PHASE}: the middlegame counts {}%, the ending {}%",
            self.phase,
            self.phase * 100 / MAX_PHASE,
            100 - self.phase * 100 / MAX_PHASE
        )?;
        writeln!(f, "Score for White: {}", pawns(self.white))?;
        write!(
            f,
            "Score for the side to move: {}",
            pawns(self.side_to_move)
        )
    }
}
