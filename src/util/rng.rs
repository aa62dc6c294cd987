//! The random-number helpers. Chess programs need very little randomness (which book
//! move, which moves a weak level overlooks), so a single splitmix64 step does: each call
//! mixes a 64-bit state into a well-spread 64-bit number. [`XorShift`] is the long seeded
//! sequence of the build script's magic-number search and of `examples/datagen.rs`.
//!
//! `build.rs` includes this file as a module of its own: it uses `std` only.

/// One splitmix64 step: `seed` in, a well-mixed number out (the same seed, the same number).
///
/// ```
/// use huo_chess::util::rng::splitmix64;
/// assert_eq!(splitmix64(1), splitmix64(1));
/// assert_ne!(splitmix64(1), splitmix64(2));
/// ```
pub fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed that differs from run to run: the clock's nanoseconds, mixed.
pub fn seed_from_clock() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x5eed);
    splitmix64(nanos)
}

/// A small generator for a sequence of choices: each [`Rng::next_u64`] advances the state.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator that repeats its sequence for the same seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A generator seeded from the clock.
    pub fn from_clock() -> Rng {
        Rng(seed_from_clock())
    }

    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix64(self.0)
    }
}

/// xorshift64*: a seeded sequence, cheap per number. The same seed (not 0) gives the same
/// sequence, on every machine: the attack tables' magic numbers depend on it.
#[derive(Clone, Debug)]
pub struct XorShift(u64);

impl XorShift {
    pub fn new(seed: u64) -> XorShift {
        XorShift(seed)
    }

    /// The next number of the sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (not 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
