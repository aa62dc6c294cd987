//! "Why this move?" on the game screen (`:why`, Ctrl+W): what the engine thought about
//! its last move is kept ([`Thought`]) and shown in a window as [`crate::why`] words it;
//! `:why board` asks the engine about the position on the board first.

use super::{App, Mode};
use crate::core::{Move, san_numbered};
use crate::engine::{Origin, Think};
use crate::search::{Level, Limits, SearchResult};
use crate::session::engine::Job;
use crate::why::thought::{BOARD_MOVETIME, Thought};

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
            full_strength: None,
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
            self.checking_level = false;
            self.session.think(
                Job::Why,
                Think::search(&self.session.game, Level::FULL, limits),
            );
            self.thinking = Some(super::Thinking::new(Job::Why));
            return;
        }
        if let Some(t) = &self.thought
            && t.played
            && t.full_strength.is_none()
            && t.level.limits().player.is_some()
            && t.on_board(&self.session.game)
            && self.thinking.is_none()
        {
            // A weak level's move: first ask the full strength in the same position, so
            // the window can say whether the level's weakening chose it.
            let mut before = self.session.game.clone();
            while before.positions().len() > t.ply + 1 {
                before.undo();
            }
            let limits = Limits {
                movetime: Some(BOARD_MOVETIME),
                ..Limits::default()
            };
            self.session
                .think(Job::Why, Think::search(&before, Level::FULL, limits));
            self.thinking = Some(super::Thinking::new(Job::Why));
            self.checking_level = true;
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
        let whose = if !self.session.watching && root.turn() == self.session.human {
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

    /// The explanation as lines of text (the "why" window draws them, wrapped).
    pub fn why_lines(&self) -> Vec<String> {
        match &self.thought {
            Some(t) => t.lines(&self.session.game, self.evaluator()),
            None => vec!["No move to explain yet: :why board asks about this position".into()],
        }
    }
}
