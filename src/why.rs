//! "Why this move?" in a learner's words. The engine's principal variation is played out,
//! and the evaluation's parts (material, king safety, pawn structure, …) are compared at
//! its start and its end: what changed, and by how much, is the reason the engine saw —
//! "wins a knight (+3.0)", "opens Black's king (+0.6)", "gives up mobility (-0.3)".
//! Captures along the line name the pieces won and lost.

use crate::core::{Color, Move, Position, Role, san};
use crate::eval::Evaluator;
use std::fmt;

/// Parts whose change is smaller than this (centipawns) are not worth a sentence.
pub const NOTEWORTHY_CP: i32 = 15;
/// At most this many reasons are given, the largest first.
pub const MAX_REASONS: usize = 4;

/// One reason: what changed along the line, and its worth for the mover in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    pub text: String,
    pub cp: i32,
}

impl fmt::Display for Reason {
    /// `wins a knight (+3.00)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({:+.2})", self.text, self.cp as f64 / 100.0)
    }
}

/// The line played out and what it changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    /// The line in SAN, as far as it is legal.
    pub line: Vec<String>,
    /// The reasons, largest first.
    pub reasons: Vec<Reason>,
}

/// "a knight", "two pawns", "a bishop and a pawn".
fn pieces_phrase(roles: &[Role]) -> String {
    let mut parts = Vec::new();
    for role in [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ] {
        let n = roles.iter().filter(|&&r| r == role).count();
        let name = role.name();
        match n {
            0 => {}
            1 => parts.push(format!("a {name}")),
            2 => parts.push(format!("two {name}s")),
            n => parts.push(format!("{n} {name}s")),
        }
    }
    match parts.len() {
        0 => String::new(),
        1 => parts.remove(0),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("{} and {last}", parts.join(", "))
        }
    }
}

/// The evaluation's parts blended by the phase, White's point of view, centipawns.
fn blended_parts(eval: &Evaluator, pos: &Position) -> Vec<(&'static str, i32)> {
    let e = eval.explain(pos);
    let blend = |mg: i32, eg: i32| (mg * e.phase + eg * (24 - e.phase)) / 24;
    e.parts
        .iter()
        .map(|&(name, mg, eg)| (name, blend(mg, eg)))
        .collect()
}

/// What a change of `cp` (for the mover) in part `name` means, in words.
fn sentence(name: &str, cp: i32, mover: Color) -> String {
    let them = !mover;
    let good = cp > 0;
    match (name, good) {
        ("King safety", true) => format!("opens {them}'s king"),
        ("King safety", false) => "exposes its own king".into(),
        ("Pawn structure", true) => "improves its pawn structure".into(),
        ("Pawn structure", false) => "weakens its pawns".into(),
        ("Passed pawns", true) => "makes its passed pawns stronger".into(),
        ("Passed pawns", false) => format!("lets {them}'s passed pawns grow"),
        ("Mobility", true) => "gains mobility".into(),
        ("Mobility", false) => "gives up mobility".into(),
        ("Piece squares", true) => "puts its pieces on better squares".into(),
        ("Piece squares", false) => "leaves its pieces on worse squares".into(),
        ("King activity", true) => "activates its king".into(),
        ("King activity", false) => format!("lets {them}'s king become active"),
        ("Pieces", true) => "improves its pieces (outposts, open files, bishop pair)".into(),
        ("Pieces", false) => "gives up piece quality (outposts, open files, bishop pair)".into(),
        ("Threats", true) => "creates threats".into(),
        ("Threats", false) => "allows threats".into(),
        ("Winning chances", true) => "steers towards an ending that suits it".into(),
        ("Winning chances", false) => format!("steers towards an ending that suits {them}"),
        ("Material", true) => "wins material".into(),
        (_, true) => format!("improves {}", name.to_lowercase()),
        (_, false) => format!("worsens {}", name.to_lowercase()),
    }
}

/// Explains `line` (the move and the expected continuation) from `pos`: the evaluation's
/// parts at the start and at the end of the line, compared for the side to move.
///
/// ```
/// use huo_chess::core::{Position, parse_move};
/// use huo_chess::eval::Evaluator;
/// // White's rook takes a loose knight.
/// let pos = Position::from_fen("4k3/8/8/8/3n4/8/8/3RK3 w - - 0 1").unwrap();
/// let mv = parse_move(&pos, "Rxd4").unwrap();
/// let why = huo_chess::why::explain(&Evaluator::default(), &pos, &[mv]);
/// assert_eq!(why.line, vec!["Rxd4"]);
/// assert!(why.reasons[0].text.starts_with("wins a knight"), "{:?}", why.reasons);
/// ```
pub fn explain(eval: &Evaluator, pos: &Position, line: &[Move]) -> Why {
    let mover = pos.turn();
    let sign = if mover == Color::White { 1 } else { -1 };
    let mut p = *pos;
    let mut sans = Vec::new();
    // Pieces taken by the mover and by the opponent along the line.
    let mut won = Vec::new();
    let mut lost = Vec::new();
    for &mv in line {
        if !p.is_legal(mv) {
            break;
        }
        let victim = p
            .piece_on(mv.to())
            .filter(|v| v.color != p.turn())
            .map(|v| v.role)
            .or_else(|| {
                (p.ep_square() == Some(mv.to())
                    && p.piece_on(mv.from()).is_some_and(|x| x.role == Role::Pawn))
                .then_some(Role::Pawn)
            });
        if let Some(role) = victim {
            if p.turn() == mover {
                won.push(role);
            } else {
                lost.push(role);
            }
        }
        sans.push(san(&p, mv));
        p.play(mv);
    }
    let before = blended_parts(eval, pos);
    let after = blended_parts(eval, &p);
    let mut reasons: Vec<Reason> = Vec::new();
    for ((name, b), (_, a)) in before.iter().zip(&after) {
        let cp = (a - b) * sign;
        if cp.abs() < NOTEWORTHY_CP {
            continue;
        }
        let text = if *name == "Material" {
            material_sentence(&mut won, &mut lost, cp > 0)
        } else {
            sentence(name, cp, mover)
        };
        reasons.push(Reason { text, cp });
    }
    reasons.sort_by_key(|r| std::cmp::Reverse(r.cp.abs()));
    reasons.truncate(MAX_REASONS);
    Why {
        line: sans,
        reasons,
    }
}

/// "wins a knight", "wins a rook for a bishop", "gives up a pawn", "trades …".
fn material_sentence(won: &mut Vec<Role>, lost: &mut Vec<Role>, good: bool) -> String {
    // Equal trades cancel out of the sentence.
    let mut i = 0;
    while i < won.len() {
        if let Some(j) = lost.iter().position(|r| *r == won[i]) {
            won.remove(i);
            lost.remove(j);
        } else {
            i += 1;
        }
    }
    match (won.is_empty(), lost.is_empty(), good) {
        (false, true, _) => format!("wins {}", pieces_phrase(won)),
        (true, false, _) => format!("gives up {}", pieces_phrase(lost)),
        (false, false, true) => format!("wins {} for {}", pieces_phrase(won), pieces_phrase(lost)),
        (false, false, false) => {
            format!("gives {} for {}", pieces_phrase(lost), pieces_phrase(won))
        }
        (true, true, true) => "gains material".into(),
        (true, true, false) => "loses material".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse_move;

    fn line(pos: &Position, sans: &[&str]) -> Vec<Move> {
        let mut p = *pos;
        sans.iter()
            .map(|s| {
                let m = parse_move(&p, s).unwrap();
                p.play(m);
                m
            })
            .collect()
    }

    #[test]
    fn a_won_piece_is_named_and_worth_its_value() {
        let pos = Position::from_fen("4k3/8/8/8/3n4/8/8/3RK3 w - - 0 1").unwrap();
        let why = explain(&Evaluator::default(), &pos, &line(&pos, &["Rxd4"]));
        let first = &why.reasons[0];
        assert_eq!(first.text, "wins a knight");
        // Three pawns as configured, times the fitted ending share (about 1.4).
        assert!((250..=450).contains(&first.cp), "{first}");
    }

    #[test]
    fn black_sees_it_from_its_side_and_trades_cancel() {
        // Black takes a bishop, White takes back a bishop, Black then wins a pawn.
        let pos = Position::from_fen("4k3/8/2b5/8/4B3/8/3P4/4K3 b - - 0 1").unwrap();
        let why = explain(&Evaluator::default(), &pos, &line(&pos, &["Bxe4"]));
        assert_eq!(why.reasons[0].text, "wins a bishop");
        assert!(why.reasons[0].cp > 0);
        assert_eq!(
            pieces_phrase(&[Role::Pawn, Role::Knight, Role::Pawn]),
            "a knight and two pawns"
        );
        let mut won = vec![Role::Bishop, Role::Pawn];
        let mut lost = vec![Role::Bishop];
        assert_eq!(material_sentence(&mut won, &mut lost, true), "wins a pawn");
    }

    #[test]
    fn an_illegal_tail_is_cut() {
        let pos = Position::startpos();
        let e4 = parse_move(&pos, "e4").unwrap();
        let why = explain(&Evaluator::default(), &pos, &[e4, e4]);
        assert_eq!(why.line, vec!["e4"]);
    }
}
