//! Strength levels: the classic Huo depths (MiniMax to 1, 3 or 5 half-moves) and the
//! modern ladder 1 to 10, what each allows itself (depth, nodes, time, and for the weak
//! rungs the player it plays like), how they are written (`classic-3`, `7`, `elo-1600`) and
//! which strength matches an Elo rating. Nothing here searches: the configuration, the
//! screens and the search all read levels from here.

use std::fmt;
use std::str::FromStr;

/// How strongly the engine plays: the classic Huo depths, a rung of the modern ladder, or
/// a rating between two rungs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Plain MiniMax to 1, 3 or 5 half-moves, as the original Huo Chess thought.
    Classic(u8),
    /// The modern ladder, 1 (beginner) to [`Level::MAX_MODERN`] (full strength).
    Modern(u8),
    /// Plays at this Elo (UCI's `UCI_Elo`, or `elo-1600`): between the two rungs whose
    /// measured strengths ([`MEASURED_ELO`]) surround it, each move with the search of one
    /// of them (the nearer one more often) and a player in between.
    Rated(u16),
}

/// How a modern level limits itself.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelLimits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most nodes a move (the same strength on any computer, with or without a clock).
    pub nodes: Option<u64>,
    /// The player a weak rung plays like: what it overlooks, what it likes (see
    /// `search::human`). `None`: the full engine, or a classic level.
    pub player: Option<Player>,
    /// Time per move when the game has no clock.
    pub movetime_ms: Option<u64>,
}

/// The player a weak rung plays like: what it overlooks and what it likes (the search's
/// `human` module says how it is used). Level 10 and the classic levels have none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    /// How much of what is hard to see it overlooks: 0 nothing, 1 the most a player can.
    pub inattention: f64,
    /// How many captures past its horizon it follows (`None`: every one).
    pub capture_horizon: Option<u32>,
    /// Centipawns a natural move (a capture, a check, a developing move) is worth more to
    /// it at the root than the search says.
    pub taste: i32,
    /// The most centipawns its whim adds to a root move: between moves of about the same
    /// worth, it picks one at random.
    pub whim: i32,
}

impl Player {
    /// The player between `a` and `b`: `t` = 0 is `a`, 1 is `b` (for a strength between two
    /// levels). The capture horizon is the nearer one's.
    pub fn between(a: Player, b: Player, t: f64) -> Player {
        let mix = |x: f64, y: f64| x + (y - x) * t;
        Player {
            inattention: mix(a.inattention, b.inattention),
            capture_horizon: if t < 0.5 {
                a.capture_horizon
            } else {
                b.capture_horizon
            },
            taste: mix(a.taste as f64, b.taste as f64).round() as i32,
            whim: mix(a.whim as f64, b.whim as f64).round() as i32,
        }
    }
}

/// The strength of rungs 1 to 10, Elo on Stockfish 15.1's `UCI_Elo` scale, measured at
/// 10 s + 0.1 s a game (docs/engine.md has the matches). [`Level::Rated`] and UCI's
/// `UCI_Elo` interpolate between them.
pub const MEASURED_ELO: [u32; 10] = [1061, 1287, 1328, 1500, 1577, 1876, 2028, 2104, 2419, 2733];

/// One rung of the ladder below full strength: its search and its player.
struct Rung {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime_ms: Option<u64>,
    player: Player,
}

const fn rung(
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime_ms: Option<u64>,
    inattention: f64,
    capture_horizon: Option<u32>,
    taste: i32,
    whim: i32,
) -> Rung {
    Rung {
        depth,
        nodes,
        movetime_ms,
        player: Player {
            inattention,
            capture_horizon,
            taste,
            whim,
        },
    }
}

/// Rungs 1 to 9. The lower ones look a few plies ahead, the higher ones a number of
/// positions (the same strength on any computer); each overlooks less than the one below
/// and follows exchanges further. Level 10 is the full engine.
const RUNGS: [Rung; 9] = [
    rung(Some(1), None, None, 0.95, Some(1), 40, 40),
    rung(Some(2), None, None, 0.80, Some(2), 30, 30),
    rung(Some(3), None, None, 0.65, Some(2), 25, 25),
    rung(Some(4), None, None, 0.50, Some(3), 20, 20),
    rung(Some(5), None, None, 0.28, Some(5), 12, 12),
    rung(None, Some(6_000), Some(1000), 0.27, None, 10, 12),
    rung(None, Some(20_000), Some(1000), 0.18, None, 8, 10),
    rung(None, Some(80_000), Some(2000), 0.10, None, 5, 8),
    rung(None, Some(400_000), Some(4000), 0.05, None, 3, 5),
];

/// Level 10 without a clock: this long a move.
const FULL_MOVETIME_MS: u64 = 6000;

impl Level {
    /// The top of the modern ladder.
    pub const MAX_MODERN: u8 = 10;
    /// Full strength: the default in UCI mode.
    pub const FULL: Level = Level::Modern(Level::MAX_MODERN);
    /// The classic depths of the original.
    pub const CLASSIC_DEPTHS: [u8; 3] = [1, 3, 5];
    /// The ratings [`Level::Rated`] plays: from the lowest rung's to full strength's.
    pub const ELO_RANGE: (u32, u32) = (MEASURED_ELO[0], MEASURED_ELO[9]);

    /// Every level, classic first, then the ladder from weakest to strongest.
    pub fn all() -> Vec<Level> {
        let mut v: Vec<Level> = Self::CLASSIC_DEPTHS
            .iter()
            .map(|&d| Level::Classic(d))
            .collect();
        v.extend((1..=Self::MAX_MODERN).map(Level::Modern));
        v
    }

    /// What this level allows itself (classic levels: their fixed depth, no player). A
    /// rating between two rungs gets the nearer rung's search here; the search itself
    /// draws which one for each move ([`Level::limits_for_move`]).
    pub fn limits(self) -> LevelLimits {
        self.limits_for_move(0.5)
    }

    /// [`Level::limits`] for one move, `draw` (0 to 1) a random number drawn for it: a
    /// rating a third of the way from rung 4 to rung 5 searches as rung 5 for a third of
    /// its moves (those with `draw` below a third) and as rung 4 for the others, always as
    /// a player a third of the way between the two.
    pub fn limits_for_move(self, draw: f64) -> LevelLimits {
        match self {
            Level::Classic(d) => LevelLimits {
                depth: Some(d as u32),
                nodes: None,
                player: None,
                movetime_ms: None,
            },
            Level::Modern(n) => rung_limits(n),
            Level::Rated(elo) => {
                let (n, t) = rung_of_elo(elo as u32);
                if t <= 0.0 {
                    return rung_limits(n);
                }
                let search = if draw < t { n + 1 } else { n };
                let mut limits = rung_limits(search);
                limits.player = match (rung_player(n), rung_player(n + 1)) {
                    (Some(a), Some(b)) => Some(Player::between(a, b, t)),
                    // Between rung 9 and full strength: rung 9's player, fading out.
                    (Some(a), None) => Some(Player {
                        inattention: a.inattention * (1.0 - t),
                        ..a
                    }),
                    (a, _) => a,
                };
                limits
            }
        }
    }

    /// Is this a level for beginners and club players (rungs 1 to 5, the classic depths 1
    /// and 3, a rating below rung 6's)? On the game screen such a level plays as a person
    /// of that strength does: it takes a moment before it answers (`play.pause`: its search
    /// takes no time, and an answer that comes before the hand has left the key feels like
    /// a machine), and it never resigns, playing on to the mate.
    pub fn is_weak(self) -> bool {
        match self {
            Level::Classic(d) => d < 5,
            Level::Modern(n) => n <= 5,
            Level::Rated(elo) => (elo as u32) < MEASURED_ELO[5],
        }
    }

    /// How far into the game (half-moves played) this level still follows the opening
    /// book, `full` being the book's own limit (`book.max_ply`): a player knows the
    /// opening only as far as players of its strength do. Level 1 knows two moves for
    /// each side (4 half-moves), each rung two half-moves more up to rung 5, then four more
    /// a rung (rung 9: 28); full strength, and the classic depths 5, the whole book. The
    /// classic depths 1 and 3 know as much as rungs 1 and 3; a rating between two rungs,
    /// as much as the lower one. Never more than `full`. This is the one place the depth
    /// is decided: the engine service applies it to every request with a book.
    pub fn book_plies(self, full: u32) -> u32 {
        let rung = match self {
            Level::Modern(n) => n,
            Level::Classic(d) if d < 5 => d,
            Level::Classic(_) => Self::MAX_MODERN,
            Level::Rated(elo) => rung_of_elo(elo as u32).0,
        };
        let plies = match rung {
            1..=5 => 2 + 2 * rung as u32,
            6..=9 => 12 + 4 * (rung as u32 - 5),
            _ => full,
        };
        plies.min(full)
    }

    /// The strength that plays at `elo` on the scale of [`MEASURED_ELO`] (UCI's
    /// `UCI_Elo`): a rung where the rating is one's, full strength at or above level 10's,
    /// the lowest rung below level 1's, else a rating between two rungs.
    pub fn from_elo(elo: u32) -> Level {
        let (low, high) = Self::ELO_RANGE;
        if elo >= high {
            return Level::FULL;
        }
        let elo = elo.max(low);
        match MEASURED_ELO.iter().position(|&e| e == elo) {
            Some(i) => Level::Modern(i as u8 + 1),
            None => Level::Rated(elo as u16),
        }
    }
}

/// Rung `n`'s limits (10 and above: full strength).
fn rung_limits(n: u8) -> LevelLimits {
    match n {
        1..=9 => {
            let r = &RUNGS[n as usize - 1];
            LevelLimits {
                depth: r.depth,
                nodes: r.nodes,
                player: Some(r.player),
                movetime_ms: r.movetime_ms,
            }
        }
        _ => LevelLimits {
            depth: None,
            nodes: None,
            player: None,
            movetime_ms: Some(FULL_MOVETIME_MS),
        },
    }
}

/// The player of rung `n` (none at full strength).
fn rung_player(n: u8) -> Option<Player> {
    rung_limits(n).player
}

/// The rung at or below `elo` and how far (0 to 1) the rating is toward the next one.
fn rung_of_elo(elo: u32) -> (u8, f64) {
    let i = MEASURED_ELO.iter().rposition(|&e| e <= elo).unwrap_or(0);
    if i + 1 >= MEASURED_ELO.len() {
        return (Level::MAX_MODERN, 0.0);
    }
    let (a, b) = (MEASURED_ELO[i] as f64, MEASURED_ELO[i + 1] as f64);
    (i as u8 + 1, ((elo as f64 - a) / (b - a)).clamp(0.0, 1.0))
}

impl Level {
    /// A level as the screens and the players' names show it: `L7`, `classic-3`,
    /// `elo-1600`.
    pub fn name(self) -> String {
        match self {
            Level::Classic(_) | Level::Rated(_) => self.to_string(),
            Level::Modern(n) => format!("L{n}"),
        }
    }

    /// The measured strength, Elo on the engine scale of [`MEASURED_ELO`] (a rung's
    /// measured rating, a rating level's own); `None` for the classic depths, which were
    /// not measured.
    pub fn elo(self) -> Option<u32> {
        match self {
            Level::Modern(n) => MEASURED_ELO
                .get(usize::from(n.clamp(1, Self::MAX_MODERN)) - 1)
                .copied(),
            Level::Rated(elo) => Some(elo as u32),
            Level::Classic(_) => None,
        }
    }

    /// The level with its strength, short enough for the game screen's title line:
    /// `L3 (Elo 1328)`, `elo-1600`, `classic-3`.
    pub fn name_and_elo(self) -> String {
        match (self, self.elo()) {
            (Level::Modern(_), Some(elo)) => format!("{} (Elo {elo})", self.name()),
            _ => self.name(),
        }
    }

    /// The level in a sentence, with what its Elo means: `L3, Elo 1328 on the engine
    /// scale`, `classic-3, the original MiniMax to 3 half-moves (no Elo measured)`.
    pub fn describe(self) -> String {
        match (self, self.elo()) {
            (Level::Classic(d), _) => {
                format!(
                    "{}, the original MiniMax to {d} half-moves (no Elo measured)",
                    self.name()
                )
            }
            (_, Some(elo)) => format!("{}, Elo {elo} on the engine scale", self.name()),
            (_, None) => self.name(),
        }
    }
}

/// What the Elo of a level means, in a line: whose scale it is.
pub const ELO_SCALE: &str = "(engine scale: Stockfish 15.1's UCI_Elo, not a FIDE or club rating)";

/// The ladder with each rung's measured Elo, as lines short enough for the level question
/// and `:level`: `1 1061  2 1287 ...`, what the numbers are, and the other spellings.
pub fn ladder_lines() -> Vec<String> {
    let rungs = |r: std::ops::RangeInclusive<usize>| {
        r.map(|n| format!("{n}: {}", MEASURED_ELO[n - 1]))
            .collect::<Vec<_>>()
            .join("  ")
    };
    vec![
        "1 weakest to 10 strongest, with their measured Elo:".to_string(),
        rungs(1..=5),
        format!("{} (full strength)", rungs(6..=10)),
        ELO_SCALE.to_string(),
        "classic-1/3/5: the original MiniMax (no Elo); elo-N: play at N".to_string(),
    ]
}

/// Every way a level may be written, for messages. One map for every place a level is
/// typed: a bare number is always a rung of the ladder, and the classic depths are always
/// spelled out, so `3` means the same in `--level`, `--black`, `:level`, `match` and UCI.
pub const SPELLINGS: &str = "1 to 10 (also L1 to L10; max is 10) for the ladder, classic-1, \
     classic-3, classic-5 for the original MiniMax depths, or elo-N to play at a rating between the \
     rungs";

impl fmt::Display for Level {
    /// `classic-3`, `7` or `elo-1600`: the same text [`Level::from_str`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Classic(d) => write!(f, "classic-{d}"),
            Level::Modern(n) => write!(f, "{n}"),
            Level::Rated(elo) => write!(f, "elo-{elo}"),
        }
    }
}

/// A word that is no level: what was written, and which spelling it missed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError {
    pub text: String,
    pub missed: Missed,
}

/// The spelling a refused level came closest to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missed {
    /// `elo-N` with N no number or out of [`Level::ELO_RANGE`].
    Rating,
    /// `classic-N` with N no classic depth.
    Classic,
    /// Anything else.
    Level,
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.text;
        match self.missed {
            Missed::Rating => {
                let (low, high) = Level::ELO_RANGE;
                write!(
                    f,
                    "'{s}' is not a level: a rating is written elo-N, N from {low} to {high}"
                )
            }
            Missed::Classic => write!(
                f,
                "'{s}' is not a level: the classic depths are classic-1, classic-3 and \
                 classic-5"
            ),
            Missed::Level => write!(f, "'{s}' is not a level: write {SPELLINGS}"),
        }
    }
}

impl std::error::Error for LevelError {}

impl From<LevelError> for String {
    fn from(e: LevelError) -> String {
        e.to_string()
    }
}

impl FromStr for Level {
    type Err = LevelError;

    /// Reads a level, the one way every place reads it: `1`..`10` or `L1`..`L10` (any
    /// case) a rung of the ladder, `max` its top, `classic-1`, `classic-3`, `classic-5` the
    /// original's depths, `elo-N` a rating from the lowest rung's to full strength's.
    /// Anything else is refused with the list ([`SPELLINGS`]).
    fn from_str(s: &str) -> Result<Level, LevelError> {
        let refused = |missed| LevelError {
            text: s.to_string(),
            missed,
        };
        let t = s.trim().to_ascii_lowercase();
        if let Some(r) = t.strip_prefix("elo-") {
            let (low, high) = Self::ELO_RANGE;
            return match r
                .bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| r.parse::<u32>())
            {
                Some(Ok(elo)) if (low..=high).contains(&elo) => Ok(Level::Rated(elo as u16)),
                _ => Err(refused(Missed::Rating)),
            };
        }
        if let Some(d) = t.strip_prefix("classic-") {
            return match number(d) {
                Some(d) if Self::CLASSIC_DEPTHS.contains(&d) => Ok(Level::Classic(d)),
                _ => Err(refused(Missed::Classic)),
            };
        }
        if t == "max" {
            return Ok(Level::FULL);
        }
        let rung = t.strip_prefix('l').unwrap_or(&t);
        match number(rung) {
            Some(n) if (1..=Self::MAX_MODERN).contains(&n) => Ok(Level::Modern(n)),
            _ => Err(refused(Missed::Level)),
        }
    }
}

/// A small number written in digits only (no sign, no spaces).
fn number(t: &str) -> Option<u8> {
    t.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| t.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_that_is_no_level_says_which_spelling_it_missed() {
        let (low, high) = Level::ELO_RANGE;
        let e = "elo-12".parse::<Level>().unwrap_err();
        assert_eq!(e.missed, Missed::Rating);
        assert_eq!(
            e.to_string(),
            format!("'elo-12' is not a level: a rating is written elo-N, N from {low} to {high}")
        );
        let e = " Classic-4".parse::<Level>().unwrap_err();
        assert_eq!(
            e,
            LevelError {
                text: " Classic-4".to_string(),
                missed: Missed::Classic
            }
        );
        assert_eq!(
            e.to_string(),
            "' Classic-4' is not a level: the classic depths are classic-1, classic-3 and \
             classic-5"
        );
        let e = "11".parse::<Level>().unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("'11' is not a level: write {SPELLINGS}")
        );
    }

    #[test]
    fn one_spelling_one_meaning() {
        for (text, level) in [
            ("3", Level::Modern(3)),
            ("L3", Level::Modern(3)),
            ("l10", Level::Modern(10)),
            (" 7 ", Level::Modern(7)),
            ("max", Level::FULL),
            ("MAX", Level::FULL),
            ("classic-3", Level::Classic(3)),
            ("Classic-5", Level::Classic(5)),
            ("elo-1600", Level::Rated(1600)),
            ("ELO-1100", Level::Rated(1100)),
        ] {
            assert_eq!(text.parse::<Level>(), Ok(level), "{text}");
        }
        // Written and read back: the same level, in both of its shown forms.
        for level in Level::all() {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        // Unknown or ambiguous spellings are refused with the list of valid ones.
        for bad in [
            "11",
            "0",
            "L0",
            "L11",
            "c3",
            "classic3",
            "classic-4",
            "classic-+3",
            "full",
            "",
            "+3",
            "x",
            "elo-",
            "elo-99999",
            "elo-+1600",
        ] {
            let e = bad.parse::<Level>().unwrap_err().to_string();
            assert!(e.contains("not a level"), "{bad}: {e}");
            assert!(e.contains("classic-") || e.contains("elo-N"), "{bad}: {e}");
        }
        assert_eq!(
            Level::Rated(1600).to_string().parse::<Level>(),
            Ok(Level::Rated(1600))
        );
    }

    #[test]
    fn a_level_says_its_measured_elo_and_whose_scale_it_is() {
        assert_eq!(Level::Modern(1).elo(), Some(MEASURED_ELO[0]));
        assert_eq!(Level::FULL.elo(), Some(MEASURED_ELO[9]));
        assert_eq!(Level::Rated(1600).elo(), Some(1600));
        assert_eq!(Level::Classic(3).elo(), None);
        assert_eq!(Level::Modern(3).name_and_elo(), "L3 (Elo 1328)");
        assert_eq!(
            Level::Modern(3).describe(),
            "L3, Elo 1328 on the engine scale"
        );
        let lines = ladder_lines();
        assert!(lines[3].contains("engine scale"));
        assert!(lines.iter().all(|l| l.chars().count() <= 72), "{lines:?}");
        assert!(lines[1].starts_with("1: 1061  2: 1287"));
        assert!(lines[2].contains("10: 2733"));
    }

    #[test]
    fn weak_levels_know_a_few_moves_of_the_book_and_full_strength_all_of_it() {
        let full = 40;
        assert_eq!(Level::Modern(1).book_plies(full), 4);
        assert_eq!(Level::Modern(5).book_plies(full), 12);
        assert_eq!(Level::Modern(9).book_plies(full), 28);
        assert_eq!(Level::FULL.book_plies(full), full);
        assert_eq!(Level::Classic(5).book_plies(full), full);
        assert_eq!(Level::Classic(1).book_plies(full), 4);
        assert_eq!(Level::Rated(1300).book_plies(full), 6);
        // Never past the book's own limit, and more with every rung.
        assert_eq!(Level::Modern(9).book_plies(10), 10);
        let mut last = 0;
        for n in 1..=Level::MAX_MODERN {
            let p = Level::Modern(n).book_plies(full);
            assert!(p > last, "{n}: {p}");
            last = p;
        }
    }

    #[test]
    fn a_rating_between_two_rungs_plays_between_them() {
        let (four, five) = (MEASURED_ELO[3], MEASURED_ELO[4]);
        let third = four + (five - four) / 3;
        let level = Level::from_elo(third);
        assert_eq!(level, Level::Rated(third as u16));
        // A third of its moves with rung 5's search, the others with rung 4's...
        assert_eq!(
            level.limits_for_move(0.2).depth,
            Level::Modern(5).limits().depth
        );
        assert_eq!(
            level.limits_for_move(0.5).depth,
            Level::Modern(4).limits().depth
        );
        // ...always as a player a third of the way from rung 4's to rung 5's.
        let at = |l: Level, d: f64| l.limits_for_move(d).player.unwrap().inattention;
        let (a, b) = (at(Level::Modern(4), 0.0), at(Level::Modern(5), 0.0));
        for d in [0.2, 0.5] {
            assert!((at(level, d) - (a + (b - a) / 3.0)).abs() < 0.01);
        }
        // A rung's own rating is that rung; outside the range, the ends.
        assert_eq!(Level::from_elo(four), Level::Modern(4));
        assert_eq!(Level::from_elo(0), Level::Modern(1));
        assert_eq!(Level::from_elo(MEASURED_ELO[9]), Level::FULL);
        assert_eq!(Level::from_elo(9999), Level::FULL);
        // The weaker the rating, the more the player overlooks.
        let mut last = f64::INFINITY;
        for elo in (Level::ELO_RANGE.0..Level::ELO_RANGE.1).step_by(25) {
            let i = Level::from_elo(elo)
                .limits_for_move(0.0)
                .player
                .map_or(0.0, |p| p.inattention);
            assert!(i <= last, "{elo}: {i} after {last}");
            last = i;
        }
    }
}
