//! The transposition table: a fixed-size memory of positions already searched, shared by
//! every search thread.
//!
//! The same position is often reached by different move orders (1.e4 e5 2.Nf3 and
//! 1.Nf3 e5 2.e4). The table, indexed by the position's Zobrist key, remembers for each
//! position searched how deep, what score (exact, or only a bound), which move was best and
//! what the static evaluation said. A later visit can reuse the score, or at least try the
//! remembered move first and skip the evaluation.
//!
//! Entries live in buckets of five that fill one 64-byte cache line: the key picks a
//! bucket, and inside it a new entry replaces the least useful one (shallow, or left over
//! from an earlier move of the game). The bucket is chosen by the key's high bits and an
//! entry is recognised by its low 32 bits, so the two never overlap.
//!
//! **Sharing without locks** (Hyatt's lockless hashing): with several threads (Lazy SMP)
//! two of them may write the same entry at once, or one read it while another writes it,
//! and the reader could see the move of one position with the key check of another. Each
//! entry is therefore two atomic words, its data (move, score, evaluation, depth, flags)
//! in 64 bits and its key check stored XORed with a fold of that data. A reader that gets
//! the data of one write and the check of another sees a check that matches no key, and
//! treats the entry as absent. No lock is taken and relaxed atomics suffice: a stale or
//! mixed entry is only ever a miss. (A real 32-bit key collision can still hand over
//! another position's entry, as it always could: the search checks that a remembered
//! move is legal before it plays it.)
//!
//! Its size is fixed when it is created (the `Hash` option / `search.hash_mb`), so memory
//! never grows during a game: new entries overwrite old ones.

use crate::core::Move;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// How a stored score relates to the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// No score, only the static evaluation (and maybe a move).
    None,
    /// The true score.
    Exact,
    /// At least this (the search failed high: a move was too good).
    Lower,
    /// At most this (no move reached alpha).
    Upper,
}

/// The static evaluation is unknown (the side to move was in check).
pub const NO_EVAL: i32 = i16::MIN as i32;

/// One entry, unpacked (a copy: the table holds it packed in two atomic words).
#[derive(Clone, Copy, Default)]
struct Entry {
    /// The low half of the key, to tell positions sharing a bucket apart.
    check: u32,
    mv: u16,
    score: i16,
    eval: i16,
    depth: u8,
    /// Bound in the low 2 bits, then the PV bit, search generation above; 0 means empty.
    flags: u8,
}

impl Entry {
    /// Everything but the check, in one word.
    #[inline]
    fn data(self) -> u64 {
        self.mv as u64
            | (self.score as u16 as u64) << 16
            | (self.eval as u16 as u64) << 32
            | (self.depth as u64) << 48
            | (self.flags as u64) << 56
    }

    #[inline]
    fn from_parts(data: u64, check: u32) -> Entry {
        Entry {
            check,
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            eval: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8,
            flags: (data >> 56) as u8,
        }
    }
}

/// The data folded to 32 bits: what the stored check is XORed with, so that a check only
/// matches the data it was written with.
#[inline]
fn fold(data: u64) -> u32 {
    (data ^ (data >> 32)) as u32
}

const BUCKET: usize = 5;
/// The flag bit of a position found on a principal variation.
const PV_FLAG: u8 = 4;
/// Where the search generation starts in the flags…
const GENERATION_SHIFT: u8 = 3;
/// …and how many there are (1 to this; 0 would be an empty entry).
const GENERATIONS: u8 = 31;

/// Five entries in one cache line: their data words, then their checks (each XORed with
/// its entry's folded data). All zero is five empty entries.
#[derive(Default)]
#[repr(C, align(64))]
struct Bucket {
    data: [AtomicU64; BUCKET],
    check: [AtomicU32; BUCKET],
}

impl Bucket {
    /// Entry `j` as it is now. If another thread wrote it halfway, the check read back is
    /// garbage and matches no key (see the module docs).
    #[inline]
    fn load(&self, j: usize) -> Entry {
        let data = self.data[j].load(Ordering::Relaxed);
        let check = self.check[j].load(Ordering::Relaxed) ^ fold(data);
        Entry::from_parts(data, check)
    }

    #[inline]
    fn write(&self, j: usize, e: Entry) {
        let data = e.data();
        self.data[j].store(data, Ordering::Relaxed);
        self.check[j].store(e.check ^ fold(data), Ordering::Relaxed);
    }
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    /// The static evaluation, or [`NO_EVAL`].
    pub eval: i32,
    pub depth: u32,
    pub bound: Bound,
    /// The position was once on a principal variation (searched with an open window).
    pub pv: bool,
}

/// The table. Probes and stores take `&self`: the search threads share one table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl TranspositionTable {
    /// A table using at most `mb` megabytes.
    pub fn new(mb: usize) -> TranspositionTable {
        let count = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(256);
        TranspositionTable {
            buckets: (0..count).map(|_| Bucket::default()).collect(),
            generation: 1,
        }
    }

    /// Its size in bytes.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Empties the table (a new game).
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            *b = Bucket::default();
        }
        self.generation = 1;
    }

    /// A new search begins: entries of earlier searches become preferred victims.
    pub fn new_search(&mut self) {
        // Generations 1..=GENERATIONS: the flags of a used entry are never 0.
        self.generation = self.generation % GENERATIONS + 1;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // Maps the key onto 0..len without a division: the high half of key * len.
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    /// Asks the processor to fetch the bucket of `key` into its cache ahead of the probe.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint; the pointer is in bounds and never dereferenced.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let p = self.buckets.as_ptr().add(self.bucket(key)) as *const i8;
            _mm_prefetch(p, _MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let check = key as u32;
        let b = &self.buckets[self.bucket(key)];
        let e = (0..BUCKET)
            .map(|j| b.load(j))
            .find(|e| e.flags != 0 && e.check == check)?;
        let bound = match e.flags & 3 {
            0 => Bound::None,
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: Move::from_u16(e.mv),
            score: e.score as i32,
            eval: e.eval as i32,
            depth: e.depth as u32,
            bound,
            pv: e.flags & PV_FLAG != 0,
        })
    }

    /// How much an entry is worth keeping: its depth, less for every search it is old.
    #[inline]
    fn worth(&self, e: &Entry) -> i32 {
        if e.flags == 0 {
            return i32::MIN;
        }
        let age = (self.generation as i32 - (e.flags >> GENERATION_SHIFT) as i32
            + GENERATIONS as i32)
            % GENERATIONS as i32;
        e.depth as i32 - 8 * age
    }

    /// Remembers what a search found: its best move, score (and how it bounds the true
    /// one), the static evaluation, the depth, and whether the position is (or was) on a
    /// principal variation.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: u32,
        bound: Bound,
        pv: bool,
    ) {
        let check = key as u32;
        let bucket = &self.buckets[self.bucket(key)];
        // A copy of the bucket: other threads may write it meanwhile (then one of the
        // two writes is lost, which costs a little work, never a wrong answer).
        let entries: [Entry; BUCKET] = std::array::from_fn(|j| bucket.load(j));
        let generation = self.generation;
        let slot = match entries
            .iter()
            .position(|e| e.check == check && e.flags != 0)
        {
            Some(j) => {
                let old = entries[j];
                // A shallower bound must not replace an exact or much deeper result of this
                // search about the same position.
                if bound != Bound::Exact
                    && old.flags >> GENERATION_SHIFT == generation
                    && old.depth as u32 > depth + 3
                {
                    if mv.is_some() && old.mv == 0 {
                        let mv = mv.map(Move::to_u16).unwrap_or(0);
                        bucket.write(j, Entry { mv, ..old });
                    }
                    return;
                }
                j
            }
            None => (0..BUCKET)
                .min_by_key(|&j| self.worth(&entries[j]))
                .unwrap_or(0),
        };
        let old = entries[slot];
        let same = old.check == check && old.flags != 0;
        // A bound without a move should not erase the move we knew.
        let mv = match (mv, same) {
            (Some(m), _) => m.to_u16(),
            (None, true) => old.mv,
            (None, false) => 0,
        };
        let b = match bound {
            Bound::None => 0,
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        bucket.write(
            slot,
            Entry {
                check,
                mv,
                score: score.clamp(-32_000, 32_000) as i16,
                eval: eval.clamp(NO_EVAL, i16::MAX as i32) as i16,
                depth: depth.min(255) as u8,
                flags: b | if pv { PV_FLAG } else { 0 } | (generation << GENERATION_SHIFT),
            },
        );
    }

    /// How full the table is, per mille (the UCI `hashfull`), from a sample.
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(200);
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| {
                (0..BUCKET)
                    .map(|j| b.load(j))
                    .filter(|e| e.flags != 0 && e.flags >> GENERATION_SHIFT == self.generation)
                    .count()
            })
            .sum();
        (used * 1000 / (sample * BUCKET).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Square;

    #[test]
    fn stores_and_finds_an_entry() {
        let tt = TranspositionTable::new(1);
        let mv = Move::new(Square::E2, Square::E4, None);
        tt.store(
            0x1234_5678_9abc_def0,
            Some(mv),
            -55,
            12,
            7,
            Bound::Lower,
            false,
        );
        let hit = tt.probe(0x1234_5678_9abc_def0).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.eval, hit.depth, hit.bound),
            (Some(mv), -55, 12, 7, Bound::Lower)
        );
        assert!(tt.probe(0x1234_5678_1111_def0).is_none());
    }

    #[test]
    fn the_pv_mark_is_kept_apart_from_bound_and_age() {
        let mut tt = TranspositionTable::new(1);
        tt.store(0x7777_0000_0000_0007, None, 3, 0, 5, Bound::Upper, true);
        tt.store(0x9999_0000_0000_0009, None, 4, 0, 5, Bound::Upper, false);
        // Many searches later (the generation wraps around) the marks are unchanged.
        for _ in 0..100 {
            tt.new_search();
        }
        let (a, b) = (
            tt.probe(0x7777_0000_0000_0007).unwrap(),
            tt.probe(0x9999_0000_0000_0009).unwrap(),
        );
        assert_eq!((a.pv, a.bound, a.score), (true, Bound::Upper, 3));
        assert_eq!((b.pv, b.bound, b.score), (false, Bound::Upper, 4));
    }

    #[test]
    fn keys_sharing_a_bucket_are_told_apart() {
        // Same high bits (same bucket), different low bits: five fit side by side.
        let tt = TranspositionTable::new(1);
        let keys: Vec<u64> = (0..5).map(|i| 0xabcd_0000_0000_0000 | i).collect();
        for (i, &k) in keys.iter().enumerate() {
            tt.store(k, None, i as i32, 0, 3, Bound::Exact, false);
        }
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(tt.probe(k).map(|h| h.score), Some(i as i32));
        }
    }

    #[test]
    fn old_shallow_entries_are_replaced_first() {
        let mut tt = TranspositionTable::new(1);
        let key = |i: u64| 0x5555_0000_0000_0000 | i;
        for i in 0..5 {
            tt.store(key(i), None, 0, 0, 10 + i as u32, Bound::Exact, false);
        }
        tt.new_search();
        // A sixth position in the full bucket evicts the shallowest entry (depth 10).
        tt.store(key(9), None, 0, 0, 1, Bound::Exact, false);
        assert!(tt.probe(key(0)).is_none());
        assert!(tt.probe(key(9)).is_some() && tt.probe(key(4)).is_some());
    }

    #[test]
    fn a_key_sharing_the_bucket_does_not_get_another_position_s_entry() {
        // Same bucket (high bits), another check (low bits): a miss, not e2e4.
        let tt = TranspositionTable::new(1);
        let a = 0x7777_0000_0000_0001u64;
        let b = 0x7777_0000_0000_0002u64;
        assert_eq!(tt.bucket(a), tt.bucket(b));
        let mv = Move::new(Square::E2, Square::E4, None);
        tt.store(a, Some(mv), 10, 0, 5, Bound::Exact, false);
        assert!(tt.probe(b).is_none());
        assert_eq!(tt.probe(a).and_then(|h| h.mv), Some(mv));
    }

    #[test]
    fn a_half_written_entry_reads_as_a_miss() {
        // Two threads wrote slot 0 at once: the data of one write with the check of the
        // other. Neither key may read it back.
        let tt = TranspositionTable::new(1);
        let a = 0x3333_0000_0000_00aau64;
        let b = 0x3333_0000_0000_00bbu64;
        let e2e4 = Move::new(Square::E2, Square::E4, None);
        let d2d4 = Move::new(Square::D2, Square::D4, None);
        tt.store(a, Some(e2e4), 10, 0, 5, Bound::Exact, false);
        let bucket = &tt.buckets[tt.bucket(a)];
        let (data_a, check_a) = (
            bucket.data[0].load(Ordering::Relaxed),
            bucket.check[0].load(Ordering::Relaxed),
        );
        tt.store(b, Some(d2d4), -10, 0, 9, Bound::Lower, false);
        // `b` went to another slot of the bucket; move its check over `a`'s data.
        let j = (0..BUCKET)
            .find(|&j| bucket.load(j).check == b as u32)
            .unwrap();
        bucket.data[0].store(data_a, Ordering::Relaxed);
        bucket.check[0].store(bucket.check[j].load(Ordering::Relaxed), Ordering::Relaxed);
        bucket.data[j].store(0, Ordering::Relaxed);
        bucket.check[j].store(0, Ordering::Relaxed);
        assert!(tt.probe(a).is_none(), "a's data under b's check");
        assert!(tt.probe(b).is_none(), "b's check over a's data");
        // Put back whole, it reads again.
        bucket.check[0].store(check_a, Ordering::Relaxed);
        assert_eq!(tt.probe(a).and_then(|h| h.mv), Some(e2e4));
    }

    #[test]
    fn threads_writing_at_once_never_read_a_mixed_entry() {
        // Every key's entry is a function of the key: any hit that disagrees with its key
        // would be a torn read let through. Few buckets, so the threads collide often. (A
        // smoke test: races are rare, the half-written entry above is the real proof.)
        let tt = TranspositionTable::new(1);
        let buckets = 8u64;
        // The check (low half) is unique to `i`: no two keys legitimately share an entry.
        let key = |i: u64| ((i % buckets) << 61) | (2 * i + 1);
        let expect = |k: u64| ((k >> 3) % 30_000) as i32;
        let hits = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let hits = &hits;
                let tt = &tt;
                s.spawn(move || {
                    for n in 0..200_000u64 {
                        let k = key(n.wrapping_mul(7).wrapping_add(t * 13) % 60);
                        if n % 2 == 0 {
                            tt.store(
                                k,
                                None,
                                expect(k),
                                -expect(k),
                                (k % 50) as u32,
                                Bound::Exact,
                                false,
                            );
                        } else if let Some(h) = tt.probe(k) {
                            hits.fetch_add(1, Ordering::Relaxed);
                            assert_eq!(
                                (h.score, h.eval, h.depth),
                                (expect(k), -expect(k), (k % 50) as u32)
                            );
                        }
                    }
                });
            }
        });
        assert!(
            hits.into_inner() > 1_000,
            "the threads did meet in the table"
        );
    }

    #[test]
    fn size_is_fixed() {
        let tt = TranspositionTable::new(16);
        assert!(tt.bytes() <= 16 * 1024 * 1024);
        assert!(tt.bytes() > 15 * 1024 * 1024);
    }
}
