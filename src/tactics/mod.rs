//! Why a bad move is bad, in words that are true.
//!
//! Game analysis marks a blunder `??` and a mistake `?`; a learner then asks *why*. The
//! answer here comes from the engine's own lines, played out on the board: what the
//! opponent's best answer does (mates, forks, pins, skewers, takes a hanging piece, wins
//! the exchange, promotes a pawn), or, when the move itself loses nothing clear, what the
//! engine's move would have won. Every claim is what the quoted line reaches: a mate is
//! quoted only if the line ends in checkmate, material only as much as the line's moves
//! take (counted 1/3/3/5/9, the captures left hanging at its end played out so that a line
//! stopped between a capture and its recapture claims nothing). When nothing is
//! recognised the reason says only what the engine preferred: "better was Nf3 (Nf3 e5)".
//!
//! [`motifs`] is the pattern finder itself, for any position and line; [`explain`]
//! chooses, for a bad move, the reason worth saying. Puzzles are made from the same
//! pieces: [`solution`] proves a tactic has one answer, [`themes`] names what it shows,
//! [`difficulty`] rates it on the ladder of levels.

pub mod difficulty;
pub mod material;
pub(crate) mod patterns;
pub mod solution;
pub mod themes;

pub use patterns::{MAX_QUOTE, Motif, TACTIC_GAIN, motifs};

use crate::core::{Color, Move, Position, Role, Square, san_line};
use crate::search::Score;
use material::{counts, gain, value, walk};
use patterns::{Found, find, held};
use std::fmt;

/// The engine's lines around a bad move: what [`explain`] reads.
#[derive(Clone, Copy, Debug)]
pub struct Lines<'a> {
    /// The position before the bad move.
    pub before: &'a Position,
    /// The move played.
    pub played: Move,
    /// The engine's best line from `before` (starts with its best move; may be empty).
    pub best: &'a [Move],
    /// The engine's best line from the position after `played` (the opponent's best
    /// answer first; may be empty).
    pub reply: &'a [Move],
    /// The engine's score of the position after `played`, from the mover's side (the side
    /// that played `played`).
    pub after_score: Score,
    /// The engine's score of `before` with its best move, from the mover's side.
    pub best_score: Score,
}

/// What kind of reason a bad move has, with what the phrase names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The reply mates in `moves` of the opponent's moves.
    AllowsMate { moves: u32, back_rank: bool },
    /// The reply forks these pieces of the mover's with its `forker`.
    Fork { forker: Role, targets: Vec<Role> },
    /// The reply pins `pinned` to `behind`, and wins it.
    Pin { pinned: Role, behind: Role },
    /// The reply skewers `front`, and takes `behind`.
    Skewer { front: Role, behind: Role },
    /// The reply takes this piece for nothing (or for a pawn at most).
    Hangs { role: Role, square: Square },
    /// The reply wins a rook for a knight or bishop.
    GivesUpExchange,
    /// The reply promotes a pawn the mover does not stop.
    LetsPawnRun,
    /// The engine's move mated in `moves`.
    MissesMate { moves: u32 },
    /// The engine's move won this much.
    MissesWin { gain: Gain },
    /// Nothing recognised: the engine's line only.
    BetterWas,
    /// Nothing recognised and no better line known.
    Unexplained,
}

impl Kind {
    /// Does the quoted line start after the played move (the opponent's reply)? Else it
    /// starts before it (the engine's best line), or there is none.
    pub fn quotes_reply(&self) -> bool {
        !matches!(
            self,
            Kind::MissesMate { .. } | Kind::MissesWin { .. } | Kind::BetterWas | Kind::Unexplained
        )
    }
}

/// Material won, as a player says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gain {
    /// The queen (the line is at least 8 pawns up, the queen among the pieces taken).
    Queen,
    /// A rook (at least 4 up, a rook taken).
    Rook,
    /// A knight or a bishop (at least 3 up).
    Piece(Role),
    /// A rook for a knight or bishop (at least 2 up).
    Exchange,
    /// Only pawns changed hands: this many.
    Pawns(i32),
    /// Pieces changed hands, worth this many pawns in all.
    Material(i32),
}

impl fmt::Display for Gain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gain::Queen => f.write_str("the queen"),
            Gain::Rook => f.write_str("a rook"),
            Gain::Piece(r) => write!(f, "a {}", r.name()),
            Gain::Exchange => f.write_str("the exchange"),
            Gain::Pawns(1) => f.write_str("a pawn"),
            Gain::Pawns(2) => f.write_str("two pawns"),
            Gain::Pawns(n) => write!(f, "{n} pawns"),
            Gain::Material(n) => write!(f, "material (+{n})"),
        }
    }
}

/// Why a move was bad: the kind, the line that shows it and what that line wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    pub kind: Kind,
    /// The quoted moves: the reply from after the played move when
    /// [`Kind::quotes_reply`], else the engine's line from before it.
    pub line: Vec<Move>,
    /// The same in SAN.
    pub san: Vec<String>,
    /// The material the quoted line moves, in pawns counted from the position before the
    /// played move (the played move then the quoted reply, or the quoted best line): lost
    /// by the mover for the reply's kinds, won for [`Kind::MissesWin`]; 0 for mates and
    /// for the kinds claiming none.
    pub material: i32,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.san.join(" ");
        let first = self.san.first().map_or("", String::as_str);
        let names = |roles: &[Role]| -> String {
            let words: Vec<String> = roles.iter().map(|r| format!("the {}", r.name())).collect();
            match words.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            }
        };
        match &self.kind {
            Kind::AllowsMate { moves, back_rank } => {
                let back = if *back_rank { " on the back rank" } else { "" };
                write!(f, "allows mate in {moves}{back} ({line})")
            }
            Kind::Fork { forker, targets } => write!(
                f,
                "walks into a {} fork of {} ({line})",
                forker.name(),
                names(targets)
            ),
            Kind::Pin { pinned, behind } => write!(
                f,
                "walks into a pin of the {} to the {} ({line})",
                pinned.name(),
                behind.name()
            ),
            Kind::Skewer { front, behind } => write!(
                f,
                "allows a skewer of the {} and the {} ({line})",
                front.name(),
                behind.name()
            ),
            Kind::Hangs { role, square } => {
                write!(f, "hangs the {} on {square} ({line})", role.name())
            }
            Kind::GivesUpExchange => write!(f, "gives up the exchange ({line})"),
            Kind::LetsPawnRun => write!(f, "lets the pawn run ({line})"),
            Kind::MissesMate { moves } => write!(f, "misses mate in {moves} ({line})"),
            Kind::MissesWin { gain } => write!(f, "misses {first}, winning {gain} ({line})"),
            Kind::BetterWas => write!(f, "better was {first} ({line})"),
            Kind::Unexplained => f.write_str("the engine gives no better line"),
        }
    }
}

/// How many plies of the engine's line "better was" quotes.
const BETTER_PLIES: usize = 6;

/// Why the move played in `lines.before` was bad, from the engine's lines: the first of
/// these that the lines show, played out on the board: a mate allowed, a fork, pin or
/// skewer walked into, a piece hung, the exchange given up, a pawn let through, a mate or
/// material win missed; else only the engine's better line.
pub fn explain(lines: &Lines) -> Reason {
    let before = lines.before;
    if before.is_legal(lines.played) {
        let after = before.after(lines.played);
        if let Some(r) = against(lines, &after) {
            return r;
        }
        if let Some(r) = missed(lines) {
            return r;
        }
    }
    better(before, lines.played, lines.best)
}

fn reason(kind: Kind, from: &Position, line: &[Move], material: i32) -> Reason {
    Reason {
        kind,
        line: line.to_vec(),
        san: san_line(from, line),
        material,
    }
}

/// What the opponent's reply does to the mover, if it is one of the named motifs.
fn against(lines: &Lines, after: &Position) -> Option<Reason> {
    let before = lines.before;
    let mover = before.turn();
    let them = !mover;
    let ps = walk(after, lines.reply);
    let reply = &lines.reply[..ps.len() - 1];
    let found = find(after, reply, before);
    let loss = |plies: usize| gain(before, &ps[plies], them);
    let quote = |kind: Kind, plies: usize, material: i32| {
        Some(reason(kind, after, &reply[..plies], material))
    };
    let mated = matches!(lines.after_score, Score::Mate(n) if n < 0);
    for Found { motif, plies } in &found {
        if let Motif::Mate { moves, back_rank } = motif
            && mated
        {
            let kind = Kind::AllowsMate {
                moves: *moves,
                back_rank: *back_rank,
            };
            return quote(kind, *plies, 0);
        }
    }
    for Found { motif, plies } in &found {
        let kind = match motif {
            Motif::Fork {
                forker, targets, ..
            } => Kind::Fork {
                forker: *forker,
                targets: targets.iter().map(|t| t.0).collect(),
            },
            Motif::Pin { pinned, behind, .. } => Kind::Pin {
                pinned: pinned.0,
                behind: behind.0,
            },
            Motif::Skewer { front, behind, .. } => Kind::Skewer {
                front: front.0,
                behind: behind.0,
            },
            _ => continue,
        };
        return quote(kind, *plies, loss(*plies));
    }
    for Found { motif, plies } in &found {
        if let Motif::Hanging { role, square } = motif {
            let kind = Kind::Hangs {
                role: *role,
                square: *square,
            };
            return quote(kind, *plies, loss(*plies));
        }
    }
    // The exchange: a rook for a knight or bishop, by the pieces taken.
    let hold = held(&ps, before, them);
    let (ours, theirs) = (counts(before, mover), counts(before, them));
    for (e, p) in ps.iter().enumerate().take(MAX_QUOTE + 1).skip(1) {
        let (o, t) = (counts(p, mover), counts(p, them));
        let lost = |i: usize| (ours[i] - o[i]) - (theirs[i] - t[i]);
        let minors = -(lost(1) + lost(2));
        if lost(3) == 1 && minors == 1 && lost(4) == 0 && loss(e) >= 1 && hold >= 1 {
            return quote(Kind::GivesUpExchange, e, loss(e));
        }
    }
    for Found { motif, plies } in &found {
        if let Motif::Promotion { .. } = motif
            && loss(*plies) >= 3
            && hold >= 2
        {
            return quote(Kind::LetsPawnRun, *plies, loss(*plies));
        }
    }
    None
}

/// What the engine's move would have won, when the played move wins less.
fn missed(lines: &Lines) -> Option<Reason> {
    let before = lines.before;
    let mover = before.turn();
    let ps = walk(before, lines.best);
    let best = &lines.best[..ps.len() - 1];
    let found = find(before, best, before);
    if matches!(lines.best_score, Score::Mate(n) if n > 0) {
        for Found { motif, plies } in &found {
            if let Motif::Mate { moves, .. } = motif {
                return Some(reason(
                    Kind::MissesMate { moves: *moves },
                    before,
                    &best[..*plies],
                    0,
                ));
            }
        }
    }
    let (won, plies) = patterns::material_won(&ps, before, mover)?;
    // The most the played move's line might be said to win, to compare.
    let mut played_line = vec![lines.played];
    played_line.extend_from_slice(lines.reply);
    let pps = walk(before, &played_line);
    let played_gain = (1..pps.len().min(MAX_QUOTE + 2))
        .map(|e| gain(before, &pps[e], mover))
        .max()
        .unwrap_or(0)
        .max(0);
    if won < played_gain + 1 {
        return None;
    }
    let g = describe(before, &ps[plies], mover, won);
    Some(reason(
        Kind::MissesWin { gain: g },
        before,
        &best[..plies],
        won,
    ))
}

/// The material `color` won from `start` to `end` (`net` pawns, the exchanges at `end`
/// settled), named as a player would: by the biggest piece the line takes, never more
/// than `net` is worth.
fn describe(start: &Position, end: &Position, color: Color, net: i32) -> Gain {
    let (a0, b0) = (counts(start, color), counts(start, !color));
    let (a1, b1) = (counts(end, color), counts(end, !color));
    let won = |i: usize| (b0[i] - b1[i]) - (a0[i] - a1[i]);
    let pieces_moved = (1..5).any(|i| a0[i] != a1[i] || b0[i] != b1[i]);
    if won(4) >= 1 && net >= value(Role::Queen) - 1 {
        Gain::Queen
    } else if won(3) >= 1 && net >= value(Role::Rook) - 1 {
        Gain::Rook
    } else if won(3) >= 1 && net >= 2 {
        Gain::Exchange
    } else if won(1) >= 1 && net >= 3 {
        Gain::Piece(Role::Knight)
    } else if won(2) >= 1 && net >= 3 {
        Gain::Piece(Role::Bishop)
    } else if !pieces_moved {
        Gain::Pawns(net)
    } else {
        Gain::Material(net)
    }
}

/// "better was …": the engine's move and the start of its line.
fn better(before: &Position, played: Move, best: &[Move]) -> Reason {
    let ps = walk(before, best);
    let plies = (ps.len() - 1).min(BETTER_PLIES);
    // No line, or one that starts with the move played: nothing better to show.
    if plies == 0 || best[0] == played {
        return reason(Kind::Unexplained, before, &[], 0);
    }
    reason(Kind::BetterWas, before, &best[..plies], 0)
}

#[cfg(test)]
mod tests;
