//! "Why this move?" on the game screen (`:why`, Ctrl+W): for the engine's last move, where
//! it came from (the book's file, weight and share; the only legal move; a mate found)
//! and, for a searched move, the best moves with their scores, the principal variation
//! and, in words, what the evaluation sees change along it ([`crate::why`]).
//! `:why board` asks the engine about the position on the board. The window always says
//! which position and which search it explains: a move since taken back, a suggestion for
//! the side to move rather than a move of mine, a search stopped before it compared every
//! move.

use super::{App, Mode};
use crate::core::{Move, Position, san, san_numbered};
use crate::engine::{Origin, Think};
use crate::search::{Level, Limits, Score, SearchResult};
use crate::tui::engine::Job;
use crate::why::{End, Horizon};
use std::time::Duration;

/// How long `:why board` thinks.
const BOARD_MOVETIME: Duration = Duration::from_secs(2);

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
}

impl App {
    /// Keeps what the engine thought about the move it is about to play (`played`), or
    /// about the position on the board (`:why board`) at `level`.
    pub(super) fn remember_thought(
        &mut self,
        mv: Move,
        result: &SearchResult,
        origin: &Origin,
        played: bool,
        level: Level,
    ) {
        let before = *self.session.game.position();
        let mut pv = self.last_pv.clone();
        if pv.first() != Some(&mv) {
            pv = vec![mv];
            pv.extend(result.ponder);
        }
        let mut alternatives = self.last_alternatives.clone();
        if alternatives.first().map(|a| a.0) != Some(mv) {
            alternatives = vec![(mv, result.score)];
        }
        // A classic search always hands over its tree, just before its result: a tree of
        // this position and depth with root moves missing is this search, stopped early.
        let cut_short = match (origin, level) {
            (Origin::Search, Level::Classic(_)) => self
                .last_tree
                .as_ref()
                .filter(|t| t.root == before && t.depth == result.depth)
                .and_then(|t| t.cut_short()),
            _ => None,
        };
        self.thought = Some(Thought {
            before,
            ply: self.session.game.moves().len(),
            mv,
            played,
            origin: origin.clone(),
            level,
            score: result.score,
            depth: result.depth,
            cut_short,
            pv,
            alternatives,
        });
    }

    /// `:why` (explain the engine's last move) or `:why board` (think about the position
    /// on the board first; also `:why` before the engine has moved).
    pub(super) fn why(&mut self, arg: &str) {
        if arg == "board" || self.thought.is_none() {
            if self.thinking.is_some() {
                self.note("Please wait: I am thinking", true);
                return;
            }
            let limits = Limits {
                movetime: Some(BOARD_MOVETIME),
                multipv: 3,
                ..Limits::default()
            };
            self.last_pv.clear();
            self.last_alternatives.clear();
            self.engine.think(
                Job::Why,
                Think::search(&self.session.game, Level::FULL, limits),
            );
            self.thinking = Some(super::Thinking::new(Job::Why));
            return;
        }
        self.open_why();
    }

    /// Shows the explanation of the last thought.
    pub(super) fn open_why(&mut self) {
        self.back_to = Mode::Play;
        self.mode = Mode::Why;
    }

    /// Which search a MiniMax tree belongs to, and where in the game: `My search at move
    /// 12, Black to move: 12... Nf6 was played`, or a position since taken back.
    pub(super) fn tree_label(&self, top: &crate::search::tree_top::TreeTop) -> String {
        let root = &top.root;
        let whose = if !self.watch.on && root.turn() == self.session.human {
            "The hint's search"
        } else {
            "My search"
        };
        let g = &self.session.game;
        let at = format!(
            "{whose} at move {}, {} to move",
            root.fullmove_number(),
            root.turn()
        );
        match g.positions().iter().rposition(|p| p == root) {
            None => format!("{at} (taken back: no longer on the board)"),
            Some(i) => match g.moves().get(i) {
                Some(&mv) => format!("{at}: {} was played", san_numbered(root, mv)),
                None => format!("{at} (the board now)"),
            },
        }
    }

    /// Is the thought about the game as it stands: the position it was about is still
    /// the game's position at its ply (and, for a move the engine played, that move
    /// followed)?
    fn thought_on_board(&self, t: &Thought) -> bool {
        let g = &self.session.game;
        g.positions().get(t.ply) == Some(&t.before)
            && (!t.played || g.moves().get(t.ply) == Some(&t.mv))
    }

    /// The explanation as lines of text (the "why" window draws them, wrapped).
    pub fn why_lines(&self) -> Vec<String> {
        let Some(t) = &self.thought else {
            return vec!["No move to explain yet: :why board asks about this position".into()];
        };
        let pos = t.before;
        let legal = |m: &Move| pos.is_legal(*m);
        let numbered = if legal(&t.mv) {
            san_numbered(&pos, t.mv)
        } else {
            t.mv.uci()
        };
        let side = pos.turn();
        let on_board = self.thought_on_board(t);
        let mut out = Vec::new();
        match (t.played, on_board) {
            (true, true) => out.push(format!("Why {numbered}? My move for {side}.")),
            (true, false) => out.push(format!(
                "Why {numbered}? It was taken back: this move is no longer on the board."
            )),
            (false, true) if t.ply == self.session.game.moves().len() => out.push(format!(
                "Not a move of mine: for {side} to move here I would play {numbered}."
            )),
            (false, _) => out.push(format!(
                "Not a move of mine: for {side} at move {} I would have played {numbered} \
                 (the board has changed since).",
                pos.fullmove_number()
            )),
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
        match (t.score, t.cut_short) {
            (_, Some((done, all))) => out.push(format!(
                "Score {} from {search}, stopped early: depth {} for {done} of {all} moves, \
                 the other moves not compared.",
                t.score, t.depth
            )),
            (Score::Mate(n), _) if n > 0 => out.push(format!("It mates in {n} ({search}).")),
            (Score::Mate(n), _) => out.push(format!(
                "Every move loses: mate in {} at best ({search}).",
                -n
            )),
            (s, _) => out.push(format!("Score {s} after {search} to depth {}.", t.depth)),
        }
        let mut best = String::from("Best moves:");
        for (i, (m, s)) in t.alternatives.iter().take(3).enumerate() {
            if legal(m) {
                best.push_str(&format!("  {}. {} {s}", i + 1, san(&pos, *m)));
            }
        }
        out.push(best);
        // Plain MiniMax scores the line's last position as it stands; a modern search
        // plays the captures out first.
        let horizon = match t.level {
            Level::Classic(_) => Horizon::Leaf,
            Level::Modern(_) | Level::Rated(_) => Horizon::Settle,
        };
        let why = crate::why::explain_to(self.evaluator(), &pos, &t.pv, horizon);
        let mut line = format!("Expected line: {}", why.line.join(" "));
        if !why.settled.is_empty() {
            line.push_str(&format!(
                ", then {} (the captures played out)",
                why.settled.join(" ")
            ));
        }
        out.push(line);
        let pawns = crate::why::pawns;
        match why.end {
            End::Checkmate { mover_wins: true } => out.push(format!("{side} mates at its end.")),
            End::Checkmate { mover_wins: false } => {
                out.push(format!("{side} is mated at its end."))
            }
            End::Stalemate => out.push("It ends in stalemate: a draw.".into()),
            End::Eval(end) => {
                out.push(format!(
                    "The evaluation for {side}: {} now, {} at the end of the line.",
                    pawns(why.start),
                    pawns(end)
                ));
                if why.reasons.is_empty() {
                    out.push("Along it nothing changes: a quiet waiting move.".into());
                } else {
                    out.push("Along it:".into());
                    for r in &why.reasons {
                        out.push(format!("  - {r}"));
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
