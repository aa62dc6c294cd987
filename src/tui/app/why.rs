//! "Why this move?" on the game screen (`:why`, Ctrl+W): for the engine's last move, where
//! it came from (the book's file, weight and share; the only legal move; a mate found)
//! and, for a searched move, the best moves with their scores, the principal variation
//! and, in words, what the evaluation sees change along it ([`crate::why`]).
//! `:why board` asks the engine about the position on the board.

use super::{App, Mode};
use crate::core::{Move, Position, san};
use crate::engine::{Origin, Think};
use crate::search::{Level, Limits, Score, SearchResult};
use crate::tui::engine::Job;
use std::time::Duration;

/// What the engine thought when it chose a move.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The position it chose in.
    pub before: Position,
    pub mv: Move,
    pub origin: Origin,
    pub score: Score,
    pub depth: u32,
    /// The principal variation (starting with `mv`).
    pub pv: Vec<Move>,
    /// The best moves it saw with their scores, best first (one line per alternative).
    pub alternatives: Vec<(Move, Score)>,
}

impl App {
    /// Keeps what the engine thought about the move it is about to play.
    pub(super) fn remember_thought(&mut self, mv: Move, result: &SearchResult, origin: &Origin) {
        let before = *self.game.position();
        let mut pv = self.last_pv.clone();
        if pv.first() != Some(&mv) {
            pv = vec![mv];
            pv.extend(result.ponder);
        }
        let mut alternatives = self.last_alternatives.clone();
        if alternatives.first().map(|a| a.0) != Some(mv) {
            alternatives = vec![(mv, result.score)];
        }
        self.thought = Some(Thought {
            before,
            mv,
            origin: origin.clone(),
            score: result.score,
            depth: result.depth,
            pv,
            alternatives,
        });
    }

    /// `:why` (explain the engine's last move) or `:why board` (think about the position
    /// on the board first).
    pub(super) fn why(&mut self, arg: &str) {
        if arg == "board" || self.thought.is_none() {
            if self.thinking.is_some() {
                self.note("Please wait: I am thinking", true);
                return;
            }
            let limits = Limits {
                movetime: Some(Duration::from_secs(2)),
                multipv: 3,
                ..Limits::default()
            };
            self.last_pv.clear();
            self.last_alternatives.clear();
            self.engine
                .think(Job::Why, Think::search(&self.game, Level::FULL, limits));
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

    /// The explanation as lines of text (the "why" window draws them, wrapped).
    pub fn why_lines(&self) -> Vec<String> {
        let Some(t) = &self.thought else {
            return vec!["No move to explain yet: :why board asks about this position".into()];
        };
        let pos = t.before;
        let legal = |m: &Move| pos.is_legal(*m);
        let mv_san = if legal(&t.mv) {
            san(&pos, t.mv)
        } else {
            t.mv.uci()
        };
        let mut out = vec![format!("Why {mv_san}?")];
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
        match t.score {
            Score::Mate(n) if n > 0 => out.push(format!("It mates in {n}.")),
            Score::Mate(n) => out.push(format!("Every move loses: mate in {} at best.", -n)),
            s => out.push(format!("Score {s} after a search to depth {}.", t.depth)),
        }
        out.push("Best moves:".into());
        for (i, (m, s)) in t.alternatives.iter().take(3).enumerate() {
            if legal(m) {
                out.push(format!("  {}. {:<8} {s}", i + 1, san(&pos, *m)));
            }
        }
        let why = crate::why::explain(self.evaluator(), &pos, &t.pv);
        out.push(format!("Expected line: {}", why.line.join(" ")));
        if why.reasons.is_empty() {
            out.push("Along it nothing changes much: a quiet improving move.".into());
        } else {
            out.push("Along it the evaluation sees:".into());
            for r in &why.reasons {
                out.push(format!("  - {r}"));
            }
        }
        out
    }
}
