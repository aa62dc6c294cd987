//! The transposition table: a fixed-size memory of positions already searched.
//!
//! The same position is often reached by different move orders (1.e4 e5 2.Nf3 and
//! 1.Nf3 e5 2.e4). The table, indexed by the position's Zobrist key, remembers for each
//! position searched how deep, what score (exact, or only a bound) and which move was best.
//! A later visit can reuse the score, or at least try the remembered move first.
//!
//! Its size is fixed when it is created (the `Hash` option / `search.hash_mb`), so memory
//! never grows during a game: new entries overwrite old ones.

use crate::core::Move;

/// How a stored score relates to the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// At least this (the search failed high: a move was too good).
    Lower,
    /// At most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    /// The upper half of the key, to tell positions sharing a slot apart.
    check: u32,
    mv: u16,
    score: i16,
    depth: u8,
    /// Bound in the low 2 bits (0 = empty), search generation above.
    flags: u8,
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub bound: Bound,
}

pub struct TranspositionTable {
    entries: Vec<Entry>,
    generation: u8,
}

impl TranspositionTable {
    /// A table using at most `mb` megabytes.
    pub fn new(mb: usize) -> TranspositionTable {
        let count = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Entry>()).max(1024);
        TranspositionTable {
            entries: vec![Entry::default(); count],
            generation: 0,
        }
    }

    /// Its size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// Empties the table (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// A new search begins: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Maps the key onto 0..len without a division: the high half of key * len.
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let e = self.entries[self.index(key)];
        if e.flags & 3 == 0 || e.check != (key >> 32) as u32 {
            return None;
        }
        let bound = match e.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: Move::from_u16(e.mv),
            score: e.score as i32,
            depth: e.depth as u32,
            bound,
        })
    }

    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: u32, bound: Bound) {
        let i = self.index(key);
        let old = self.entries[i];
        let check = (key >> 32) as u32;
        let same = old.check == check && old.flags & 3 != 0;
        // Keep a deeper entry of the current search unless it is the same position.
        if !same
            && old.flags & 3 != 0
            && old.flags >> 2 == self.generation
            && old.depth as u32 > depth + 2
        {
            return;
        }
        // A bound without a move should not erase the move we knew.
        let mv = match (mv, same) {
            (Some(m), _) => m.to_u16(),
            (None, true) => old.mv,
            (None, false) => 0,
        };
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        self.entries[i] = Entry {
            check,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.min(255) as u8,
            flags: b | (self.generation << 2),
        };
    }

    /// How full the table is, per mille (the UCI `hashfull`), from a sample.
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| e.flags & 3 != 0 && e.flags >> 2 == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Square;

    #[test]
    fn stores_and_finds_an_entry() {
        let mut tt = TranspositionTable::new(1);
        let mv = Move::new(Square::E2, Square::E4, None);
        tt.store(0x1234_5678_9abc_def0, Some(mv), -55, 7, Bound::Lower);
        let hit = tt.probe(0x1234_5678_9abc_def0).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.depth, hit.bound),
            (Some(mv), -55, 7, Bound::Lower)
        );
        assert!(tt.probe(0x9999_5678_9abc_def0).is_none());
    }

    #[test]
    fn size_is_fixed() {
        let tt = TranspositionTable::new(16);
        assert!(tt.bytes() <= 16 * 1024 * 1024);
        assert!(tt.bytes() > 15 * 1024 * 1024);
    }
}
