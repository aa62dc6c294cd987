//! The MiniMax tree of a classic search, to browse: the root moves with their backed-up
//! values, each move's replies with theirs, and so on down to the leaves, where the
//! evaluation (the original's `CountScore`) is shown part by part.
//!
//! A classic-5 tree has tens of millions of leaves, far too many to keep. The search hands
//! over its first two plies ([`TreeTop`], in [`super::tree_top`], at most a few thousand values); anything deeper
//! is searched again when the learner opens it — a subtree three plies from the root of a
//! classic-5 search is a depth-2 search, done in a blink — and only the most recently
//! opened levels are kept ([`MAX_KEPT_LEVELS`]).

use super::classic::Classic;
use super::time::TimeBudget;
use super::tree_top::TreeTop;
use super::types::{Limits, Score, score_of};
use crate::core::{Move, Position};
use crate::eval::Evaluator;
use crate::eval::explain::Explanation;
use std::sync::atomic::AtomicBool;

/// How many levels below the second ply are kept at once.
pub const MAX_KEPT_LEVELS: usize = 8;

/// One child in the browser: the move, its backed-up value for the root side, and whether
/// it is a leaf (the search stopped there and evaluated).
#[derive(Clone, Debug, PartialEq)]
pub struct Child {
    pub mv: Move,
    pub value: Score,
    pub leaf: bool,
}

/// The children of one node with their values, in move order.
type Level = Vec<(Move, i32)>;

/// The browsable tree.
pub struct Tree {
    top: TreeTop,
    eval: Evaluator,
    /// Deeper levels opened lately: (path, children with values), newest last.
    kept: Vec<(Vec<Move>, Level)>,
}

impl Tree {
    /// A browser over `top`, using `eval` to search deeper and to explain leaves.
    pub fn new(top: TreeTop, eval: Evaluator) -> Tree {
        Tree {
            top,
            eval,
            kept: Vec::new(),
        }
    }

    /// The search's depth.
    pub fn depth(&self) -> u32 {
        self.top.depth
    }

    /// A search stopped early: how many root moves it finished, of how many.
    pub fn cut_short(&self) -> Option<(usize, usize)> {
        self.top.cut_short()
    }

    /// The root position.
    pub fn root(&self) -> &Position {
        &self.top.root
    }

    /// The position after `path` (`None` if a move does not fit).
    pub fn position(&self, path: &[Move]) -> Option<Position> {
        let mut p = self.top.root;
        for &m in path {
            if !p.is_legal(m) {
                return None;
            }
            p.play(m);
        }
        Some(p)
    }

    /// Is it the root side (the maximising one) to choose at the end of `path`?
    pub fn maximising(path: &[Move]) -> bool {
        path.len().is_multiple_of(2)
    }

    /// The children of the node at the end of `path`, in move order, with their values
    /// for the root side. The first two plies come from the search; deeper ones are
    /// searched now (and kept among the last [`MAX_KEPT_LEVELS`]).
    pub fn children(&mut self, path: &[Move]) -> Vec<Child> {
        let depth = self.top.depth as usize;
        if path.len() >= depth {
            return Vec::new();
        }
        let leaf = path.len() + 1 == depth;
        let values: Level = match path {
            [] => self.top.moves.iter().map(|t| (t.mv, t.value)).collect(),
            [first] => self
                .top
                .moves
                .iter()
                .find(|t| t.mv == *first)
                .map(|t| t.replies.clone())
                .unwrap_or_default(),
            _ => match self.kept.iter().find(|(p, _)| p == path) {
                Some((_, v)) => v.clone(),
                None => {
                    let v = self.search_children(path);
                    if self.kept.len() >= MAX_KEPT_LEVELS {
                        self.kept.remove(0);
                    }
                    self.kept.push((path.to_vec(), v.clone()));
                    v
                }
            },
        };
        values
            .into_iter()
            .map(|(mv, v)| Child {
                mv,
                value: score_of(v),
                leaf,
            })
            .collect()
    }

    /// Plain MiniMax values of the children of the node at `path`, exactly as the classic
    /// search computed them (the same code, the same mate distances).
    fn search_children(&self, path: &[Move]) -> Level {
        let Some(pos) = self.position(path) else {
            return Vec::new();
        };
        let stop = AtomicBool::new(false);
        let mut pv = super::alphabeta::PvTable::default();
        let mut quiet = |_| {};
        let mut classic = Classic {
            eval: &self.eval,
            stop: &stop,
            budget: TimeBudget::new(&Limits::default(), pos.turn()),
            pv: &mut pv,
            nodes: 0,
            // The node log is full already: nothing is logged again.
            logged: super::classic::NODE_LOG_CAP,
            aborted: false,
            on_event: &mut quiet,
            replies: Vec::new(),
        };
        let ply = path.len() + 1;
        let left = self.top.depth as i32 - ply as i32;
        pos.legal_moves()
            .iter()
            .map(|&mv| {
                let child = pos.after(mv);
                // The child is at `ply`: the root side chooses there when `ply` is even.
                let v = classic.minimax(&child, left, ply, ply.is_multiple_of(2));
                (mv, v)
            })
            .collect()
    }

    /// The evaluation of the leaf at the end of `path`, part by part (White's view);
    /// `None` where the game is over (the rules score it, not the evaluation).
    pub fn leaf(&self, path: &[Move]) -> Option<Explanation> {
        self.position(path)
            .filter(Position::has_legal_moves)
            .map(|p| self.eval.explain(&p))
    }

    /// How many values the browser holds now (the bound: the first two plies plus
    /// [`MAX_KEPT_LEVELS`] levels of at most a few hundred moves).
    pub fn kept_values(&self) -> usize {
        self.top.moves.len()
            + self
                .top
                .moves
                .iter()
                .map(|t| t.replies.len())
                .sum::<usize>()
            + self.kept.iter().map(|(_, v)| v.len()).sum::<usize>()
    }
}
