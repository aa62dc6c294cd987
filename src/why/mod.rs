//! "Why this move?" in a learner's words. The engine's principal variation is played out,
//! then the captures still hanging at its end (a search's line often stops between a
//! capture and the recapture), so the line ends in a quiet position. The evaluation's parts
//! (material, king safety, pawn structure, …) are compared at its start and its end: what
//! changed, and by how much, is the reason the engine saw — "wins a knight (+3.00)",
//! "opens Black's king (+0.60)", "gives up mobility (-0.30)". The changes listed add up,
//! to the centipawn, to the change of the evaluation along the line, which is shown too.
//! [`thought`] is the whole answer for a move of the game: where it came from (the book,
//! the only legal move, a search) and, for a searched move, this explanation.

pub mod thought;

use crate::core::{Color, Move, Position, Role, Square, san_line};
use crate::eval::Evaluator;
use crate::eval::explain::{ENDINGS, ROUNDING, SIDE_TO_MOVE};
use std::fmt;

/// Parts whose change is smaller than this (centipawns) are not worth a sentence.
pub const NOTEWORTHY_CP: i32 = 15;
/// At most this many parts are named, the largest changes first.
pub const MAX_REASONS: usize = 4;
/// The captures played out at the end of a line: at most this many plies, and this many
/// positions looked at to choose them.
const SETTLE_PLIES: usize = 32;
const SETTLE_NODES: u32 = 50_000;

/// One reason: what changed along the line, and its worth for the mover in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The part of the evaluation that changed ([`SMALLER`] for the small ones together).
    pub part: &'static str,
    pub text: String,
    pub cp: i32,
}

/// The reason that gathers the changes too small to name (the rounding among them).
pub const SMALLER: &str = "Smaller changes";

impl fmt::Display for Reason {
    /// `wins a knight (+3.00)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.text, pawns(self.cp))
    }
}

/// How the line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// In a quiet position the evaluation scores this (centipawns, for the mover).
    Eval(i32),
    /// In checkmate; `mover_wins` when the mover gives it.
    Checkmate {
        mover_wins: bool,
    },
    Stalemate,
}

/// The line played out and what it changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    /// Who moves first on the line.
    pub mover: Color,
    /// The line in SAN, as far as it is legal.
    pub line: Vec<String>,
    /// The captures played out after it, to a quiet position (SAN).
    pub settled: Vec<String>,
    /// With [`Horizon::Leaf`], the captures that would follow the line's end, not counted.
    pub beyond: Vec<String>,
    /// The evaluation of the start for the mover (centipawns, the bonus for having the
    /// move included).
    pub start: i32,
    pub end: End,
    /// The reasons, largest first, then the smaller changes together and whose move it
    /// is at the end. With an [`End::Eval`] they add up to its value minus `start`.
    pub reasons: Vec<Reason>,
}

impl Why {
    /// The change along the line the reasons add up to (none when the game ends on it).
    pub fn change(&self) -> Option<i32> {
        match self.end {
            End::Eval(e) => Some(e - self.start),
            _ => None,
        }
    }

    /// The line's end as one number for the mover, to compare lines from one position:
    /// its evaluation, a mate given or taken as far as a score goes either way.
    pub fn end_value(&self) -> i32 {
        match self.end {
            End::Eval(e) => e,
            End::Checkmate { mover_wins: true } => MATE_END,
            End::Checkmate { mover_wins: false } => -MATE_END,
            End::Stalemate => 0,
        }
    }

    /// The line's verdict in one sentence, for the mover: `-0.40 now, -0.62 at the end
    /// (-0.22): gives up mobility (-0.30), smaller changes together (+0.08)` (the reasons
    /// add up to the change in brackets), or the mate or stalemate it ends in.
    pub fn verdict(&self) -> String {
        let side = self.mover;
        match (self.end, self.change()) {
            (End::Checkmate { mover_wins: true }, _) => format!("{side} mates at its end"),
            (End::Checkmate { mover_wins: false }, _) => format!("{side} is mated at its end"),
            (End::Stalemate, _) => "it ends in stalemate: a draw".into(),
            (End::Eval(end), change) => {
                let change = change.unwrap_or(0);
                let mut text = format!(
                    "{} now, {} at the end ({})",
                    pawns(self.start),
                    pawns(end),
                    pawns(change)
                );
                if self.reasons.is_empty() {
                    text.push_str(": nothing changes");
                } else {
                    let reasons: Vec<String> = self.reasons.iter().map(|r| r.to_string()).collect();
                    text.push_str(&format!(": {}", reasons.join(", ")));
                }
                text
            }
        }
    }
}

/// A mate at a line's end, as [`Why::end_value`] counts it.
const MATE_END: i32 = 100_000;

/// Centipawns in pawns, always signed: `+0.35`, `-1.20`.
pub fn pawns(cp: i32) -> String {
    format!("{:+.2}", cp as f64 / 100.0)
}

/// Piece values for the static exchanges [`rescue`] plays out (pawn to king).
const EXCHANGE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

/// Does `mv` (legal in `pos`) take its piece out of danger? It does when the piece was
/// attacked before the move (the opponent, were it to move, could take it and win
/// material, by static exchange) and no capture of it wins material on its new square.
/// Then the sentence that says so, naming the cheapest attacker that wins material: "The
/// rook on e5 was attacked by the knight on d3; on e2 it is safe." Kings (check is said
/// otherwise), promotions and positions in check get none.
pub fn rescue(pos: &Position, mv: Move) -> Option<String> {
    let (from, to) = (mv.from(), mv.to());
    let role = pos.role_on(from)?;
    if role == Role::King || mv.promotion().is_some() || pos.in_check() || !pos.is_legal(mv) {
        return None;
    }
    let mut them = *pos;
    them.play_null();
    let (attacker, by) = winning_capture(&them, from)?;
    if winning_capture(&pos.after(mv), to).is_some() {
        return None;
    }
    Some(format!(
        "The {} on {from} was attacked by the {} on {attacker}; on {to} it is safe.",
        role.name(),
        by.name()
    ))
}

/// The side to move's cheapest legal capture of the piece on `target` that wins material
/// by static exchange: where the capturing piece stands, and what it is.
fn winning_capture(pos: &Position, target: Square) -> Option<(Square, Role)> {
    pos.legal_moves()
        .iter()
        .filter(|m| m.to() == target && m.promotion().is_none_or(|r| r == Role::Queen))
        .filter(|&&m| crate::search::ordering::see(pos, m, &EXCHANGE_VALUES) > 0)
        .filter_map(|m| Some((m.from(), pos.role_on(m.from())?)))
        .min_by_key(|&(_, r)| EXCHANGE_VALUES[r as usize] + (r == Role::King) as i32 * 10_000)
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
        ("Huo hints", true) => "follows the Huo hints (centre pawns, development)".into(),
        ("Huo hints", false) => "goes against the Huo hints (centre pawns, development)".into(),
        (ENDINGS, true) => "makes its ending easier to win".into(),
        (ENDINGS, false) => "heads for an ending that is hard to win".into(),
        ("Material", true) => "wins material".into(),
        (_, true) => format!("improves {}", name.to_lowercase()),
        (_, false) => format!("worsens {}", name.to_lowercase()),
    }
}

/// The piece a legal `mv` takes, en passant included.
fn victim(pos: &Position, mv: Move) -> Option<Role> {
    if !pos.is_capture(mv) {
        return None;
    }
    Some(pos.piece_on(mv.to()).map_or(Role::Pawn, |p| p.role))
}

/// The captures (and, in check, the replies) worth playing from `pos` until the position
/// is quiet: a search of captures only, each side free to stop capturing when that is
/// better ("standing pat"), the most valuable victim tried first.
pub fn settle(eval: &Evaluator, pos: &Position) -> Vec<Move> {
    let mut nodes = 0;
    quiesce(eval, pos, -i32::MAX, i32::MAX, 0, &mut nodes).1
}

fn quiesce(
    eval: &Evaluator,
    pos: &Position,
    mut alpha: i32,
    beta: i32,
    ply: usize,
    nodes: &mut u32,
) -> (i32, Vec<Move>) {
    *nodes += 1;
    let moves = pos.legal_moves();
    let in_check = pos.in_check();
    if moves.is_empty() {
        // Mated (sooner is worse) or stalemated.
        return (if in_check { ply as i32 - 100_000 } else { 0 }, Vec::new());
    }
    let stand = eval.evaluate(pos);
    if ply >= SETTLE_PLIES || *nodes >= SETTLE_NODES {
        return (stand, Vec::new());
    }
    let mut best = (-i32::MAX, Vec::new());
    if !in_check {
        if stand >= beta {
            return (stand, Vec::new());
        }
        alpha = alpha.max(stand);
        best.0 = stand;
    }
    let value = |r: Option<Role>| r.map_or(0, |r| eval.value(r));
    let mut tries: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| in_check || pos.is_capture(m) || m.promotion().is_some())
        .collect();
    tries.sort_by_key(|&m| {
        let attacker = pos.piece_on(m.from()).map(|p| p.role);
        (-value(victim(pos, m)), value(attacker))
    });
    for mv in tries {
        let (v, line) = quiesce(eval, &pos.after(mv), -beta, -alpha, ply + 1, nodes);
        let v = -v;
        if v > best.0 {
            best = (v, std::iter::once(mv).chain(line).collect());
        }
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Where an explanation takes the end of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizon {
    /// After the captures left hanging at the line's end are played out: a search that
    /// looks at captures beyond its depth (the modern levels) scored that quiet position.
    Settle,
    /// At the line's last move, as plain MiniMax (the classic levels) scored it; the
    /// captures that would follow are named, not counted: they lie beyond its horizon.
    Leaf,
}

/// Explains `line` (the move and the expected continuation) from `pos`: the line is
/// played as far as it is legal, then the captures left hanging at its end; the
/// evaluation's parts at the start and at the quiet end are compared for the side to move.
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
    explain_to(eval, pos, line, Horizon::Settle)
}

/// [`explain`], with the line's end taken as `horizon` says.
pub fn explain_to(eval: &Evaluator, pos: &Position, line: &[Move], horizon: Horizon) -> Why {
    let mover = pos.turn();
    let sign = if mover == Color::White { 1 } else { -1 };
    let sans = san_line(pos, line);
    let mut p = *pos;
    let mut played: Vec<Move> = line[..sans.len()].to_vec();
    for &mv in &played {
        p.play(mv);
    }
    let tail = settle(eval, &p);
    let (settled, beyond) = match horizon {
        Horizon::Settle => {
            played.extend(&tail);
            (san_line(&p, &tail), Vec::new())
        }
        Horizon::Leaf => (Vec::new(), san_line(&p, &tail)),
    };
    // Pieces taken by the mover and by the opponent along the whole line.
    let (mut won, mut lost) = (Vec::new(), Vec::new());
    let mut q = *pos;
    for &mv in &played {
        if let Some(role) = victim(&q, mv) {
            if q.turn() == mover {
                &mut won
            } else {
                &mut lost
            }
            .push(role);
        }
        if let Some(role) = mv.promotion() {
            let (gain, loss) = if q.turn() == mover {
                (&mut won, &mut lost)
            } else {
                (&mut lost, &mut won)
            };
            gain.push(role);
            loss.push(Role::Pawn);
        }
        q.play(mv);
    }
    let before = eval.explain(pos);
    let start = before.side_to_move;
    let end = if q.has_legal_moves() {
        End::Eval(if q.turn() == mover {
            eval.evaluate(&q)
        } else {
            -eval.evaluate(&q)
        })
    } else if q.in_check() {
        End::Checkmate {
            mover_wins: q.turn() != mover,
        }
    } else {
        End::Stalemate
    };
    let mut reasons: Vec<Reason> = Vec::new();
    if let End::Eval(_) = end {
        let after = eval.explain(&q);
        let mut rest = 0;
        let mut tempo = 0;
        for ((name, b), (_, a)) in before.lines().into_iter().zip(after.lines()) {
            let cp = (a - b) * sign;
            if name == SIDE_TO_MOVE {
                tempo = cp;
            } else if name == ROUNDING || cp.abs() < NOTEWORTHY_CP {
                rest += cp;
            } else {
                let text = if name == "Material" {
                    material_sentence(eval, &mut won, &mut lost, cp)
                } else {
                    sentence(name, cp, mover)
                };
                reasons.push(Reason {
                    part: name,
                    text,
                    cp,
                });
            }
        }
        reasons.sort_by_key(|r| std::cmp::Reverse(r.cp.abs()));
        rest += reasons
            .drain(MAX_REASONS.min(reasons.len())..)
            .map(|r| r.cp)
            .sum::<i32>();
        if rest != 0 {
            reasons.push(Reason {
                part: SMALLER,
                text: "smaller changes together".into(),
                cp: rest,
            });
        }
        if tempo != 0 {
            reasons.push(Reason {
                part: SIDE_TO_MOVE,
                text: format!("{} has the move at its end", !mover),
                cp: tempo,
            });
        }
    }
    Why {
        mover,
        line: sans,
        settled,
        beyond,
        start,
        end,
        reasons,
    }
}

/// "wins a knight", "wins a rook for a bishop", "gives up a pawn", … for a material
/// change of `cp` for the mover. Equal trades cancel out; the pieces named always point
/// the way `cp` does (a line that wins a pawn but loses a knight never "wins" anything).
fn material_sentence(
    eval: &Evaluator,
    won: &mut Vec<Role>,
    lost: &mut Vec<Role>,
    cp: i32,
) -> String {
    let mut i = 0;
    while i < won.len() {
        if let Some(j) = lost.iter().position(|r| *r == won[i]) {
            won.remove(i);
            lost.remove(j);
        } else {
            i += 1;
        }
    }
    let worth = |roles: &[Role]| roles.iter().map(|&r| eval.value(r)).sum::<i32>();
    let net = worth(won) - worth(lost);
    let good = cp > 0;
    if net != 0 && (net > 0) != good {
        return if good {
            "gains material"
        } else {
            "loses material"
        }
        .into();
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
        let e = Evaluator::default();
        assert_eq!(
            material_sentence(&e, &mut won, &mut lost, 90),
            "wins a pawn"
        );
    }

    #[test]
    fn an_illegal_tail_is_cut() {
        let pos = Position::startpos();
        let e4 = parse_move(&pos, "e4").unwrap();
        let why = explain(&Evaluator::default(), &pos, &[e4, e4]);
        assert_eq!(why.line, vec!["e4"]);
    }
}
