//! The evaluation taken apart, for people: how much each idea (material, mobility, king
//! safety…) adds for White in the middlegame and in the ending, its share of the blended
//! score, and everything else that makes up the number the search uses: the rounding, the
//! drawish endings, and the bonus for having the move. The lines add up to that number
//! exactly, in centipawns. `huo-chess eval`, UCI's `eval`, the MiniMax tree's leaves and
//! "why this move?" all show it from here.

use super::Evaluator;
use super::taper::{FULL_SCALE, MAX_PHASE, Pair, TAPER_UNIT, phase, taper, taper_exact};
use super::terms as t;
use super::trace::{DANGER_EG, DANGER_MG, Trace, complexity_shift};
use crate::core::{Color, Position};
use std::fmt;

/// One part of the evaluation, White minus Black, in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartValue {
    pub name: &'static str,
    /// Its middlegame and endgame values, before the blend.
    pub mg: i32,
    pub eg: i32,
    /// Its share of the blended score, rounded to the centipawn.
    pub cp: i32,
}

/// The parts of an evaluation, White's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The parts, in the order they are shown.
    pub parts: Vec<PartValue>,
    /// 24 with every piece on the board, 0 in a pawn ending.
    pub phase: i32,
    /// The share of the ending value that counts, in 64ths (less in drawish endings).
    pub eg_scale: i32,
    /// What rounding each part's share to the centipawn leaves of the blend (the blend
    /// itself rounds once, towards zero).
    pub rounding: i32,
    /// Endings that cannot be won scaled down, a lone king driven to the edge.
    pub endings: i32,
    /// The score for White before the bonus for having the move.
    pub white: i32,
    /// Who has the move, and the bonus for it (what a move is worth: the side to move
    /// can improve first).
    pub turn: Color,
    pub tempo: i32,
    /// The score for the side to move: what the search uses.
    pub side_to_move: i32,
}

/// The line of the rounding in [`Explanation::lines`].
pub const ROUNDING: &str = "Rounding";
/// The line of the drawish endings and the mop-up.
pub const ENDINGS: &str = "Drawish ending, mop-up";
/// The line of the bonus for having the move.
pub const SIDE_TO_MOVE: &str = "Side to move";

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
    HuoHints,
}

const PARTS: [&str; 11] = [
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
    "Huo hints",
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

/// A trace that adds up, in whole centipawns and exactly as the evaluation does, what each
/// part contributes.
struct Parts<'a> {
    eval: &'a Evaluator,
    /// 0 while White's terms come, 1 for Black's.
    side: usize,
    /// White minus Black per part.
    sums: [Pair; PARTS.len()],
    /// Each king's danger count.
    danger: [i32; 2],
    /// The complexity of the position (moves the ending value away from zero or towards it).
    complexity: i32,
}

impl Parts<'_> {
    fn sign(&self) -> i32 {
        if self.side == 0 { 1 } else { -1 }
    }
}

impl Trace for Parts<'_> {
    fn side(&mut self, side: usize) {
        self.side = side;
    }
    fn add(&mut self, term: usize, n: i32) {
        let v = self.eval.w[term] * (n * self.sign());
        self.sums[part(term) as usize] += v;
    }
    fn danger(&mut self, weight: usize, n: i32) {
        self.danger[self.side] += self.eval.danger[weight] * n;
    }
    fn complexity(&mut self, term: usize, n: i32) {
        self.complexity += self.eval.w[term].1 * n;
    }
    fn hint(&mut self, v: Pair) {
        self.sums[Part::HuoHints as usize] += v * self.sign();
    }
}

/// `cp` in pawns with a sign: `+0.25`.
fn pawns(cp: i32) -> String {
    format!("{:+.2}", cp as f64 / 100.0)
}

impl Evaluator {
    /// The evaluation of `pos` split into its parts.
    pub fn explain(&self, pos: &Position) -> Explanation {
        let mut p = Parts {
            eval: self,
            side: 0,
            sums: [Pair::default(); PARTS.len()],
            danger: [0; 2],
            complexity: 0,
        };
        let white = self.white_score(pos, &mut p, None);
        // A king's danger costs its square in the middlegame (as `king` computes it).
        for (side, d) in p.danger.into_iter().enumerate() {
            if d > 0 {
                let cost = Pair(
                    d * d / DANGER_MG * self.king_safety / 100,
                    d / DANGER_EG * self.king_safety / 100,
                );
                let sign = if side == 0 { -1 } else { 1 };
                p.sums[Part::KingSafety as usize] += cost * sign;
            }
        }
        // The ending edge grows or shrinks with the chances of winning it.
        let total_eg: i32 = p.sums.iter().map(|s| s.1).sum();
        let shift = complexity_shift(total_eg, p.complexity);
        p.sums[Part::WinningChances as usize] += Pair(0, shift);
        let total = p.sums.iter().fold(Pair::default(), |a, &b| a + b);
        let (phase, eg_scale) = (phase(pos), self.endgame_scale(pos));
        // Each part's exact share, rounded to the nearest centipawn.
        let share = |s: Pair| {
            let x = taper_exact(s, phase, eg_scale);
            ((x.abs() + TAPER_UNIT / 2) / TAPER_UNIT * x.signum()) as i32
        };
        let parts: Vec<PartValue> = PARTS
            .iter()
            .zip(p.sums)
            .map(|(&name, s)| PartValue {
                name,
                mg: s.0,
                eg: s.1,
                cp: share(s),
            })
            .collect();
        let blended = taper(total, phase, eg_scale);
        let side_to_move = self.evaluate(pos);
        let turn = pos.turn();
        let us = if turn == Color::White { white } else { -white };
        Explanation {
            rounding: blended - parts.iter().map(|p| p.cp).sum::<i32>(),
            parts,
            phase,
            eg_scale,
            endings: white - blended,
            white,
            turn,
            tempo: side_to_move - us,
            side_to_move,
        }
    }
}

impl Explanation {
    /// The score the search uses, from White's point of view (the bonus for having the
    /// move included).
    pub fn for_white(&self) -> i32 {
        match self.turn {
            Color::White => self.side_to_move,
            Color::Black => -self.side_to_move,
        }
    }

    /// Every line that makes up [`Explanation::for_white`], in centipawns for White: the
    /// parts, the [`ROUNDING`], the [`ENDINGS`] and the [`SIDE_TO_MOVE`] bonus. They add
    /// up to it exactly.
    pub fn lines(&self) -> Vec<(&'static str, i32)> {
        let tempo = match self.turn {
            Color::White => self.tempo,
            Color::Black => -self.tempo,
        };
        self.parts
            .iter()
            .map(|p| (p.name, p.cp))
            .chain([
                (ROUNDING, self.rounding),
                (ENDINGS, self.endings),
                (SIDE_TO_MOVE, tempo),
            ])
            .collect()
    }
}

impl fmt::Display for Explanation {
    /// A table of the parts in pawns (middlegame, ending, and their blend), the lines
    /// below it, and the score they add up to.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<24}{:>9}{:>9}{:>9}",
            "Part (White - Black)", "Middle", "Ending", "Blended"
        )?;
        for p in &self.parts {
            writeln!(
                f,
                "{:<24}{:>9}{:>9}{:>9}",
                p.name,
                pawns(p.mg),
                pawns(p.eg),
                pawns(p.cp)
            )?;
        }
        for (name, cp) in self.lines().into_iter().skip(self.parts.len()) {
            let name = if name == SIDE_TO_MOVE {
                format!("{name} ({})", self.turn)
            } else {
                name.to_string()
            };
            writeln!(f, "{name:<24}{:>27}", pawns(cp))?;
        }
        writeln!(
            f,
            "{:<24}{:>27}",
            "Score for White",
            pawns(self.for_white())
        )?;
        let scaled = if self.eg_scale == FULL_SCALE {
            String::new()
        } else {
            format!(
                ", scaled to {}/{} (a drawish ending)",
                self.eg_scale, FULL_SCALE
            )
        };
        writeln!(
            f,
            "Phase {}/{MAX_PHASE}: the middlegame counts {}%, the ending {}%{scaled}.",
            self.phase,
            self.phase * 100 / MAX_PHASE,
            100 - self.phase * 100 / MAX_PHASE
        )?;
        writeln!(
            f,
            "Each part's blend is rounded to the centipawn; {ROUNDING} holds what that leaves."
        )?;
        write!(
            f,
            "Score for the side to move ({}): {}",
            self.turn,
            pawns(self.side_to_move)
        )
    }
}
