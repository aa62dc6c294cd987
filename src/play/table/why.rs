//! "Why this move?" on the game screen (`:why`, Ctrl+W): what the engine thought about
//! its last move is kept by the game ([`crate::why::thought::Thought`]) and shown in a
//! window as [`crate::why`] words it; `:why board` asks the engine about the position on
//! the board first.

use super::{Mode, Table};
use crate::core::san_numbered;
use crate::play::Command;

impl Table {
    /// `:why` (explain the engine's last move) or `:why board` (think about the position
    /// on the board first; also `:why` before the engine has moved).
    pub fn why(&mut self, arg: &str) {
        self.tell(Command::Why {
            board: arg == "board",
        });
    }

    /// Shows the explanation of the last thought.
    pub(super) fn open_why(&mut self) {
        self.back_to = Mode::Play;
        self.mode = Mode::Why;
    }

    /// Which search a MiniMax tree belongs to, and where in the game: `My search at move
    /// 12, Black to move: 12... Nf6 was played`, or a position since taken back.
    pub fn tree_label(&self, top: &crate::search::tree_top::TreeTop) -> String {
        let root = &top.root;
        let whose = if !self.session().watching && root.turn() == self.session().human {
            "The hint's search"
        } else {
            "My search"
        };
        let g = &self.session().game;
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
        match self.thought() {
            Some(t) => t.lines(&self.session().game, self.evaluator()),
            None => vec!["No move to explain yet: :why board asks about this position".into()],
        }
    }
}
