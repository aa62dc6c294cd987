//! Evaluation: how good is a position for the side to move, in centipawns.
//!
//! (Placeholder: material only. The full CountScore with weights from the TOML config
//! replaces this.)

use crate::core::{Position, Role};

/// Scores positions. Cheap to clone; one per search thread.
#[derive(Clone, Debug)]
pub struct Evaluator {
    values: [i32; 6],
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator {
            values: [100, 300, 300, 500, 900, 0],
        }
    }
}

impl Evaluator {
    /// The score of `pos` from the side to move's point of view, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let us = pos.turn();
        Role::ALL
            .iter()
            .map(|&r| {
                self.values[r as usize]
                    * (pos.pieces(us, r).count() as i32 - pos.pieces(!us, r).count() as i32)
            })
            .sum()
    }
}

impl Evaluator {
    /// The evaluation with the weights of `config`.
    pub fn from_config(config: &crate::config::Config) -> Evaluator {
        let p = &config.pieces;
        let cp = |v: f64| (v * 100.0).round() as i32;
        Evaluator {
            values: [
                cp(p.pawn),
                cp(p.knight),
                cp(p.bishop),
                cp(p.rook),
                cp(p.queen),
                0,
            ],
        }
    }
}
