//! Moves arriving at a position from an import or a merge ([`Incoming`]), and how they join
//! the moves it has: the same move's weights added or the larger kept ([`WeightMerge`]),
//! its game results added, its other fields and comment kept ([`merge_move`]).

use super::entry::BookMove;
use super::results::{self, Results};
use crate::core::Position;

/// A position's moves (with their fields and comments) and `#` notes, to be merged into a
/// book (`Book::merge_batch`).
#[derive(Clone, Debug)]
pub struct Incoming {
    pub pos: Position,
    pub moves: Vec<BookMove>,
    pub notes: Vec<String>,
}

/// How a move's weight is combined with the weight of the same move already in a book.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WeightMerge {
    /// The weights are added (the default: two books' evidence adds up).
    #[default]
    Sum,
    /// The larger weight is kept.
    Max,
}

impl std::str::FromStr for WeightMerge {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "sum" => Ok(WeightMerge::Sum),
            "max" => Ok(WeightMerge::Max),
            other => Err(format!("'{other}' is not a weight merge (sum, max)")),
        }
    }
}

/// Combines `incoming` into `existing` (the same move of the same position) when books
/// are merged: the weights by `weights`; the result fields (`games w d l`) added; other
/// fields and the comment kept as they are, taken from `incoming` where `existing` has none.
pub fn merge_move(existing: &mut BookMove, incoming: &BookMove, weights: WeightMerge) {
    existing.weight = match weights {
        WeightMerge::Sum => existing.weight.saturating_add(incoming.weight),
        WeightMerge::Max => existing.weight.max(incoming.weight),
    };
    let results = match (Results::of(existing), Results::of(incoming)) {
        (Some(mut a), Some(b)) => {
            a.add(&b);
            Some(a)
        }
        (a, b) => a.or(b),
    };
    for (k, v) in &incoming.fields {
        if !results::FIELDS.contains(&k.as_str()) && !existing.fields.iter().any(|(f, _)| f == k) {
            existing.fields.push((k.clone(), v.clone()));
        }
    }
    if let Some(r) = results {
        r.store(existing);
    }
    if existing.comment.is_none() {
        existing.comment.clone_from(&incoming.comment);
    }
}

/// Adds `moves` to `current` (a move already there combined by `merge`) and each of
/// `notes` not yet in `current_notes`.
pub(crate) fn merge_into<F>(
    current: &mut Vec<BookMove>,
    current_notes: &mut Vec<String>,
    moves: Vec<BookMove>,
    notes: Vec<String>,
    merge: &mut F,
) where
    F: FnMut(&mut BookMove, &BookMove),
{
    for m in moves {
        match current.iter_mut().find(|c| c.mv == m.mv) {
            Some(c) => merge(c, &m),
            None => current.push(m),
        }
    }
    for n in notes {
        if !current_notes.contains(&n) {
            current_notes.push(n);
        }
    }
}
