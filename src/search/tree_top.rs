//! The top of a classic search's MiniMax tree: the root moves with their backed-up values
//! and each one's replies with theirs (the first two plies). The classic search fills it in
//! as it walks the tree and hands it over in an [`super::Event::Tree`]; the tree browser
//! ([`super::tree`]) starts from it and searches anything deeper again.

use crate::core::{Move, Position};

/// A root move, its value and its replies' values (from the root side's point of view).
#[derive(Clone, Debug, PartialEq)]
pub struct TopMove {
    pub mv: Move,
    pub value: i32,
    pub replies: Vec<(Move, i32)>,
}

/// The first two plies of a classic search's tree.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeTop {
    /// The search's depth in half-moves.
    pub depth: u32,
    pub root: Position,
    /// The root moves the search finished, in the order it searched them.
    pub moves: Vec<TopMove>,
    /// How many root moves it had to search (more than `moves` when it was stopped early).
    pub total: usize,
}

impl TreeTop {
    /// A search stopped before it had finished every root move: how many it finished, of
    /// how many.
    pub fn cut_short(&self) -> Option<(usize, usize)> {
        (self.moves.len() < self.total).then_some((self.moves.len(), self.total))
    }
}
