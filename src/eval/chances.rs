//! What the evaluation's centipawns mean in games: *winning chances*, from −1 (lost) to 1
//! (won), on lichess's curve `2 / (1 + e^(−K·cp)) − 1`. A pawn up is worth chances of
//! 0.18, two pawns 0.35, five pawns 0.73, nine pawns 0.93: each further pawn counts for
//! less, as it does in real games. The analysis marks moves by the chances they lose, and
//! the drills accept an answer that loses next to none.

/// How quickly centipawns turn into winning chances, per centipawn (lichess's constant,
/// fitted to its players' results).
pub const LOGISTIC_K: f64 = 0.003_682_08;

/// The winning chances (−1 to 1) of a side that stands `cp` centipawns better.
///
/// ```
/// use huo_chess::eval::chances::winning_chances;
/// assert_eq!(winning_chances(0), 0.0);
/// assert!((winning_chances(200) - 0.35).abs() < 0.01);
/// assert!((winning_chances(-200) + winning_chances(200)).abs() < 1e-12);
/// ```
pub fn winning_chances(cp: i32) -> f64 {
    2.0 / (1.0 + (-LOGISTIC_K * cp as f64).exp()) - 1.0
}

/// The winning chances lost by falling from a level position to `pawns` down: how older
/// thresholds, written in pawns, are read on this scale.
pub fn chances_of_pawns(pawns: f64) -> f64 {
    winning_chances((pawns * 100.0).round() as i32)
}
