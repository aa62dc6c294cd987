//! Why the engine chose a move, all of it: where the move came from (the book's file,
//! weight and share; the only legal move; a search, its score, depth and best moves) and,
//! for a searched move, what the evaluation sees change along its line ([`super`]). The
//! game screen's "why" window and every other front end show these lines.

use super::{End, Horizon};
use crate::core::{Color, Move, Position, san, san_numbered};
use crate::engine::Origin;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::search::{Level, Score};
use std::time::Duration;

/// How long a search asked about the position on the board (`:why board`) thinks.
pub const BOARD_MOVETIME: Duration = Duration::from_secs(2);

/// What the engine thought when it chose a move.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The position it chose in, and how many moves of the game led there.
    pub before: Position,
    pub ply: usize,
    pub mv: Move,
    /// Did the engine play it (`false`: `:why board` asked about the position)?
    pub played: bool,
    pub origin: Origin,
    pub level: Level,
    pub score: Score,
    pub depth: u32,
    /// A classic search stopped early (F6): how many root moves it had compared, of how
    /// many.
    pub cut_short: Option<(usize, usize)>,
    /// The principal variation (starting with `mv`).
    pub pv: Vec<Move>,
    /// The best moves it saw with their scores, best first (one line per alternative).
    pub alternatives: Vec<(Move, Score)>,
    /// A weak level's move: what a search at full strength chose in the same position,
    /// with its score, once asked (so the explanation can say whether the level's
    /// weakening chose the move).
    pub full_strength: Option<(Move, Score)>,
}

impl Thought {
    /// Is the thought about `game` as it stands: the position it was about is still the
    /// game's position at its ply (and, for a move the engine played, that move
    /// followed)?
    pub fn on_board(&self, game: &Game) -> bool {
        game.positions().get(self.ply) == Some(&self.before)
            && (!self.played || game.moves().get(self.ply) == Some(&self.mv))
    }

    /// The explanation as lines of text, about `game` as it now stands (a move since taken
    /// back says so), the line's changes judged by `eval`.
    pub fn lines(&self, game: &Game, eval: &Evaluator) -> Vec<String> {
        let t = self;
        let pos = t.before;
        let legal = |m: &Move| pos.is_legal(*m);
        let numbered = if legal(&t.mv) {
            san_numbered(&pos, t.mv)
        } else {
            t.mv.uci()
        };
        let side = pos.turn();
        let on_board = t.on_board(game);
        let mut out = Vec::new();
        match (t.played, on_board) {
            (true, true) => out.push(format!("Why {numbered}? My move for {side}.")),
            (true, false) => out.push(format!(
                "Why {numbered}? It was taken back: this move is no longer on the board."
            )),
            (false, true) if t.ply == game.moves().len() => out.push(format!(
                "Not a move of mine: for {side} to move here I would play {numbered}."
            )),
            (false, _) => out.push(format!(
                "Not a move of mine: for {side} at move {} I would have played {numbered} \
                 (the board has changed since).",
                pos.fullmove_number()
            )),
        }
        // A piece taken out of danger: said first, before what the search saw.
        if legal(&t.mv)
            && let Some(saved) = super::rescue(&pos, t.mv)
        {
            out.push(saved);
        }
        match &t.origin {
            Origin::Book {
                file,
                weight,
                share,
            } => {
                out.push(format!(
                    "A book move: weight {weight}, {share}% of this position's moves,"
                ));
                out.push(format!("from {file}."));
                return out;
            }
            Origin::Forced => {
                out.push("Forced: it is the only legal move.".into());
                return out;
            }
            Origin::Search => {}
        }
        let search = if t.played {
            format!("my search at {}", t.level.name())
        } else {
            format!("a {}-second search", BOARD_MOVETIME.as_secs())
        };
        // Every score is said for White, as the whole game screen says them.
        let white = |s: Score| s.for_white(side);
        let white_cp = |cp: i32| if side == Color::White { cp } else { -cp };
        match (t.score, t.cut_short) {
            (_, Some((done, all))) => out.push(format!(
                "Score {} for White from {search}, stopped early: depth {} for {done} of {all} \
                 moves, the other moves not compared.",
                white(t.score),
                t.depth
            )),
            (Score::Mate(n), _) if n > 0 => out.push(format!("It mates in {n} ({search}).")),
            (Score::Mate(n), _) => out.push(format!(
                "Every move loses: mate in {} at best ({search}).",
                -n
            )),
            (s, _) => out.push(format!(
                "Score {} for White after {search} to depth {}.",
                white(s),
                t.depth
            )),
        }
        // A weak level plays like a weaker player (crate::search::human): its search never
        // saw some moves, and its taste (captures, checks, development) and whim add to
        // the root moves' scores, so its choice may not be the best one there is.
        if t.played
            && let Some(p) = t.level.limits().player
            && (p.inattention > 0.0 || p.taste > 0 || p.whim > 0)
        {
            let how = format!(
                "At {} I play like a weaker player: my search overlooks moves that are hard \
                 to see, and among those it saw I pick natural ones (captures, checks, \
                 development) or follow a whim when they score about the same.",
                t.level.name()
            );
            out.push(match t.full_strength {
                Some((m, _)) if m == t.mv => {
                    format!("{how} Here my full strength plays the same move.")
                }
                Some((m, s)) if legal(&m) => format!(
                    "{how} Here that chose the move: at full strength I would play {} ({} for \
                     White).",
                    san(&pos, m),
                    white(s)
                ),
                _ => format!(
                    "{how} So this choice is the level's, and a better move may exist: \
                     `:why board` asks my full strength."
                ),
            });
        }
        let mut best = String::from("Best moves (scores for White):");
        for (i, (m, s)) in t.alternatives.iter().take(3).enumerate() {
            if legal(m) {
                best.push_str(&format!("  {}. {} {}", i + 1, san(&pos, *m), white(*s)));
            }
        }
        out.push(best);
        // Plain MiniMax scores the line's last position as it stands; a modern search
        // plays the captures out first.
        let horizon = match t.level {
            Level::Classic(_) => Horizon::Leaf,
            Level::Modern(_) | Level::Rated(_) => Horizon::Settle,
        };
        let why = super::explain_to(eval, &pos, &t.pv, horizon);
        let mut line = format!("Expected line: {}", why.line.join(" "));
        if !why.settled.is_empty() {
            line.push_str(&format!(
                ", then {} (the captures played out)",
                why.settled.join(" ")
            ));
        }
        out.push(line);
        let pawns = super::pawns;
        match why.end {
            End::Checkmate { mover_wins: true } => out.push(format!("{side} mates at its end.")),
            End::Checkmate { mover_wins: false } => {
                out.push(format!("{side} is mated at its end."))
            }
            End::Stalemate => out.push("It ends in stalemate: a draw.".into()),
            End::Eval(end) => {
                out.push(format!(
                    "The evaluation for White: {} now, {} at the end of the line.",
                    pawns(white_cp(why.start)),
                    pawns(white_cp(end))
                ));
                if why.reasons.is_empty() {
                    out.push("Along it nothing changes: a quiet waiting move.".into());
                } else {
                    out.push("Along it (in pawns for White):".into());
                    for r in &why.reasons {
                        out.push(format!("  - {} ({})", r.text, pawns(white_cp(r.cp))));
                    }
                }
                if !why.beyond.is_empty() {
                    out.push(format!(
                        "MiniMax stops there: it does not see {} coming next (beyond its \
                         depth, the horizon).",
                        why.beyond.join(" ")
                    ));
                }
            }
        }
        out
    }
}
