//! The TOML configuration: piece values, evaluation weights, search, book, game analysis,
//! log, the engine's manners at the board, and screen.
//!
//! The settings are the types below: serde reads a file into them and writes them back for
//! `huo-chess config show`; each field says how its value is read and what range it
//! accepts (`values.rs`). The built-in defaults are the shipped `config/huo.toml`, read by
//! the same types, so it documents every key.
//!
//! Where the configuration comes from, first found wins: the `--config FILE` flag, the
//! `HUO_CONFIG` environment variable, `./config/huo.toml`, the user's config directory
//! (`huo.toml` in [`crate::util::dirs::config_dir`]: on Linux
//! `$XDG_CONFIG_HOME/huo-chess/huo.toml` or `~/.config/huo-chess/huo.toml`), and finally
//! the built-in defaults. A file need only set the keys it changes; the others keep their
//! built-in value. A file with any error (bad TOML, unknown key, wrong type, value out of
//! range) is refused as a whole, with its path, line and key: nothing starts half-configured.

pub mod file;
mod values;

use crate::book::layers::LayerPolicy;
use crate::book::pick::PickMode;
use crate::engine::external::EngineName;
use crate::eval::{self, Evaluator};
use crate::keys::KeyChord;
use crate::level::Level;
use crate::search::MAX_THREADS;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::LazyLock;
use values::{
    chances, flag, number, old_flag, old_number, old_threshold, path, text, theme, whole,
};

/// The `[pieces]`, `[eval]` and `[huo]` sections are the evaluation's own settings.
pub use crate::eval::{EvalWeights, HuoHints, PieceValues};

/// The configuration file shipped in `config/huo.toml`: the built-in defaults, documented.
pub const SHIPPED: &str = include_str!("../../config/huo.toml");

/// The whole configuration: one field per section of the file.
///
/// Start from the built-in values, or read a text that changes only what it names. A key
/// the configuration does not have is refused, with the line and a guess at what was meant.
///
/// ```
/// use huo_chess::config::Config;
///
/// let built_in = Config::default();
/// assert_eq!(built_in.pieces.pawn, 1.0);
///
/// let (config, origins) = Config::parse("[pieces]\nqueen = 9.5\n", "my.toml")?;
/// assert_eq!(config.pieces.queen, 9.5);
/// assert_eq!(config.pieces.rook, built_in.pieces.rook); // the rest stays built in
/// assert_eq!(origins["pieces.queen"], "my.toml:2");
///
/// let refused = Config::parse("[pieces]\nqeen = 9.5\n", "my.toml").unwrap_err();
/// assert_eq!(refused.line, Some(2));
/// assert_eq!(refused.key.as_deref(), Some("pieces.qeen"));
/// # Ok::<(), huo_chess::config::file::ConfigError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// `[pieces]`: what each piece is worth, in pawns.
    #[serde(with = "Pieces")]
    pub pieces: PieceValues,
    /// `[eval]`: how much each part of the evaluation counts.
    #[serde(with = "Weights")]
    pub eval: EvalWeights,
    /// `[huo]`: the original Huo Chess's hints (centre pawns, early queen, ...).
    #[serde(with = "Hints")]
    pub huo: HuoHints,
    /// `[search]`: level, hash, threads, contempt.
    pub search: SearchConfig,
    /// `[book]`: whether and how the opening book is used.
    pub book: BookConfig,
    /// `[analysis]`: depth and the thresholds that mark bad moves.
    pub analysis: AnalysisConfig,
    /// `[log]`: the thinking log's file.
    pub log: LogConfig,
    /// `[play]`: the engine's manners in a game: resigning, its pause, a watched game's pace.
    pub play: PlayConfig,
    /// `[tui]`: the game screen: theme and keys.
    pub tui: TuiConfig,
}

/// `[pieces]`, read straight into the evaluation's [`PieceValues`] (0 to 100 pawns).
#[derive(Deserialize, Serialize)]
#[serde(remote = "PieceValues", deny_unknown_fields)]
struct Pieces {
    #[serde(deserialize_with = "number::<_, 0, 100>")]
    pawn: f64,
    #[serde(deserialize_with = "number::<_, 0, 100>")]
    knight: f64,
    #[serde(deserialize_with = "number::<_, 0, 100>")]
    bishop: f64,
    #[serde(deserialize_with = "number::<_, 0, 100>")]
    rook: f64,
    #[serde(deserialize_with = "number::<_, 0, 100>")]
    queen: f64,
}

/// `[eval]`, read straight into the evaluation's [`EvalWeights`]: scales 0 to 10, named
/// weights 0 to 5 pawns, the tempo 0 to 1.
#[derive(Deserialize, Serialize)]
#[serde(remote = "EvalWeights", deny_unknown_fields)]
struct Weights {
    #[serde(deserialize_with = "number::<_, 0, 10>")]
    piece_squares: f64,
    #[serde(deserialize_with = "number::<_, 0, 10>")]
    mobility: f64,
    #[serde(deserialize_with = "number::<_, 0, 10>")]
    king_safety: f64,
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    bishop_pair: f64,
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    rook_open_file: f64,
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    rook_semi_open_file: f64,
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    rook_seventh: f64,
    #[serde(deserialize_with = "number::<_, 0, 10>")]
    threats: f64,
    #[serde(deserialize_with = "number::<_, 0, 10>")]
    pawn_structure: f64,
    #[serde(deserialize_with = "number::<_, 0, 10>")]
    minor_pieces: f64,
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    doubled_pawn: f64,
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    isolated_pawn: f64,
    #[serde(deserialize_with = "number::<_, 0, 10>")]
    passed_pawn: f64,
    #[serde(deserialize_with = "number::<_, 0, 1>")]
    tempo: f64,
}

/// `[huo]`, read straight into the evaluation's [`HuoHints`] (0 to 5 pawns).
#[derive(Deserialize, Serialize)]
#[serde(remote = "HuoHints", deny_unknown_fields)]
struct Hints {
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    centre_pawns: f64,
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    early_queen: f64,
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    early_king_rook: f64,
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    knight_rim: f64,
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    rook_pawn_push: f64,
    #[serde(deserialize_with = "number::<_, 0, 5>")]
    passed_pawn_ending: f64,
}

/// Search settings.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SearchConfig {
    /// The level the game starts at.
    #[serde(with = "text")]
    pub level: Level,
    /// Transposition table size in MB (fixed for the whole game).
    #[serde(deserialize_with = "whole::<_, _, 1, 4096>")]
    pub hash_mb: usize,
    /// Threads a full-strength search uses, 1 to [`MAX_THREADS`]: a file may travel
    /// between machines, so more than this machine's cores is accepted and counted as its
    /// cores (see [`crate::search::available_threads`]).
    #[serde(deserialize_with = "whole::<_, _, 1, { MAX_THREADS as i64 }>")]
    pub threads: usize,
    /// How much (in pawns) the engine dislikes a draw: it plays on rather than repeat.
    #[serde(deserialize_with = "number::<_, -1, 1>")]
    pub contempt: f64,
}

impl SearchConfig {
    /// The contempt in centipawns, as the search counts it.
    pub fn contempt_cp(&self) -> i32 {
        (self.contempt * 100.0).round() as i32
    }
}

/// Opening book settings.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BookConfig {
    #[serde(deserialize_with = "flag")]
    pub enabled: bool,
    /// `None` (written `""`): `./books`, else the user data dir, else the embedded book.
    #[serde(with = "path")]
    pub path: Option<PathBuf>,
    /// Stop consulting the book after this many plies.
    #[serde(deserialize_with = "whole::<_, _, 0, 1000>")]
    pub max_ply: u32,
    #[serde(with = "text")]
    pub pick: PickMode,
    /// Which books answer: the user's over the built-in one (`both`), or one of them.
    #[serde(with = "text")]
    pub layers: LayerPolicy,
    /// The trainer takes up at most this many new positions (never answered) a day.
    #[serde(deserialize_with = "whole::<_, _, 0, 1000>")]
    pub new_per_day: u32,
}

/// Game analysis (`huo-chess analyse`, the analysis screen): how deep to look, and how
/// much of the mover's winning chances (−1 to 1, lichess's scale) a move may lose before
/// it is marked an inaccuracy, a mistake or a blunder.
///
/// The older keys `inaccuracy`, `mistake` and `blunder` were pawns lost from a level
/// position; a file that still sets them keeps working: each is converted to the winning
/// chances those pawns cost a level game (2 pawns: 0.35) and a note names the new key
/// ([`crate::config::file::Loaded::notes`]). A new key set in the same file wins over its old one.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisConfig {
    /// The analysing engine: Huo's own (`huo`) or a UCI engine, by name or path.
    #[serde(with = "text")]
    pub engine: EngineName,
    /// The analysing engine's threads.
    #[serde(deserialize_with = "whole::<_, _, 1, { MAX_THREADS as i64 }>")]
    pub threads: usize,
    /// The analysing engine's hash table in MB.
    #[serde(deserialize_with = "whole::<_, _, 1, 65536>")]
    pub hash_mb: usize,
    /// Search depth for each position when no `--depth` or `--movetime` is given.
    #[serde(deserialize_with = "whole::<_, _, 1, 64>")]
    pub depth: u32,
    /// Nodes for each position instead of the depth (0: the depth decides).
    #[serde(deserialize_with = "whole::<_, _, 0, 1_000_000_000_000>")]
    pub nodes: u64,
    /// Milliseconds for each position instead of the depth (0: the depth decides).
    #[serde(deserialize_with = "whole::<_, _, 0, 3_600_000>")]
    pub movetime: u64,
    /// Winning chances lost by a move that make it an inaccuracy (`?!`).
    #[serde(deserialize_with = "chances")]
    pub inaccuracy_chances: f64,
    /// ... a mistake (`?`); its best line is shown.
    #[serde(deserialize_with = "chances")]
    pub mistake_chances: f64,
    /// ... a blunder (`??`).
    #[serde(deserialize_with = "chances")]
    pub blunder_chances: f64,
    /// The older keys, in pawns: read, converted, never written.
    #[serde(default, deserialize_with = "old_threshold", skip_serializing)]
    pub inaccuracy: Option<f64>,
    #[serde(default, deserialize_with = "old_threshold", skip_serializing)]
    pub mistake: Option<f64>,
    #[serde(default, deserialize_with = "old_threshold", skip_serializing)]
    pub blunder: Option<f64>,
}

/// The `[analysis]` keys in pawns that older files set, and the keys that replace them.
pub const OLD_ANALYSIS_KEYS: [(&str, &str); 3] = [
    ("inaccuracy", "inaccuracy_chances"),
    ("mistake", "mistake_chances"),
    ("blunder", "blunder_chances"),
];

impl AnalysisConfig {
    /// Converts the older keys (pawns) to winning chances where the newer key was not set
    /// (`set`: is `analysis.KEY` set by the file), then forgets them.
    fn convert_old_keys(&mut self, set: impl Fn(&str) -> bool) {
        let pairs = [
            (
                self.inaccuracy.take(),
                &mut self.inaccuracy_chances,
                "inaccuracy_chances",
            ),
            (
                self.mistake.take(),
                &mut self.mistake_chances,
                "mistake_chances",
            ),
            (
                self.blunder.take(),
                &mut self.blunder_chances,
                "blunder_chances",
            ),
        ];
        for (old, new, key) in pairs {
            if let Some(pawns) = old
                && !set(key)
            {
                // Rounded as written in the note, so `config show` prints what is used.
                let wc = eval::chances::chances_of_pawns(pawns);
                *new = (wc * 1000.0).round() / 1000.0;
            }
        }
    }
}

/// The thinking log written to a file (the log pane always shows it).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LogConfig {
    #[serde(with = "path")]
    pub file: Option<PathBuf>,
    /// Rotate the file when it passes this size.
    #[serde(deserialize_with = "whole::<_, _, 1, { 1 << 20 }>")]
    pub max_kb: u64,
    /// How many rotated files to keep (`huo.log.1`, `huo.log.2`, ...).
    #[serde(deserialize_with = "whole::<_, _, 0, 100>")]
    pub keep: u32,
}

/// How the engine behaves in a game, whichever view shows it (the game screen, `--plain`):
/// when it resigns, how long a weak level takes before it answers, how fast a watched game
/// goes.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PlayConfig {
    /// Does the engine resign hopeless positions ("I resign!")?
    #[serde(deserialize_with = "flag")]
    pub resign: bool,
    /// Resign when the search says we are this many pawns down (or mated) for a few moves.
    #[serde(deserialize_with = "number::<_, 1, 100>")]
    pub resign_threshold: f64,
    /// Watching the engine play itself without a clock: at least this many seconds from
    /// one move to the next, so the eye can follow.
    #[serde(deserialize_with = "number::<_, 0, 60>")]
    pub watch_pace: f64,
    /// A weak level's pause before it answers, in seconds (half to one and a half of it,
    /// at random; 0: at once). See [`crate::level::Level::is_weak`].
    #[serde(deserialize_with = "number::<_, 0, 10>")]
    pub pause: f64,
}

/// The `[play]` keys that older files set in `[tui]`: a file that still does keeps working
/// (the value is read into `[play]` unless `[play]` sets it too) and a note says to move it
/// ([`crate::config::file::Loaded::notes`]).
pub const OLD_TUI_KEYS: [&str; 4] = ["resign", "resign_threshold", "watch_pace", "pause"];

impl PlayConfig {
    /// Takes the older `[tui]` keys out of `tui` into these settings where `[play]` does
    /// not set the key too (`set`: is `play.KEY` set by the file).
    fn take_old_keys(&mut self, tui: &mut TuiConfig, set: impl Fn(&str) -> bool) {
        if let Some(resign) = tui.resign.take()
            && !set("resign")
        {
            self.resign = resign;
        }
        let numbers = [
            (
                tui.resign_threshold.take(),
                &mut self.resign_threshold,
                "resign_threshold",
            ),
            (tui.watch_pace.take(), &mut self.watch_pace, "watch_pace"),
            (tui.pause.take(), &mut self.pause, "pause"),
        ];
        for (old, new, key) in numbers {
            if let Some(value) = old
                && !set(key)
            {
                *new = value;
            }
        }
    }
}

/// Screen settings.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TuiConfig {
    /// `qbasic` (the default) or `modern`.
    #[serde(deserialize_with = "theme")]
    pub theme: String,
    pub keys: KeyBindings,
    /// The older places of `[play]`'s keys ([`OLD_TUI_KEYS`]): read, moved to `[play]`
    /// when the file is read, never written.
    #[serde(default, deserialize_with = "old_flag", skip_serializing)]
    pub resign: Option<bool>,
    #[serde(
        default,
        deserialize_with = "old_number::<_, 1, 100>",
        skip_serializing
    )]
    pub resign_threshold: Option<f64>,
    #[serde(default, deserialize_with = "old_number::<_, 0, 60>", skip_serializing)]
    pub watch_pace: Option<f64>,
    #[serde(default, deserialize_with = "old_number::<_, 0, 10>", skip_serializing)]
    pub pause: Option<f64>,
}

/// Key bindings of the game screen: each action's key chord (a function key or a
/// Ctrl/Alt chord, never a plain character: those type moves; [`KeyChord`] refuses them).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct KeyBindings {
    #[serde(with = "text")]
    pub new_game: KeyChord,
    #[serde(with = "text")]
    pub takeback: KeyChord,
    #[serde(with = "text")]
    pub flip: KeyChord,
    #[serde(with = "text")]
    pub switch_sides: KeyChord,
    #[serde(with = "text")]
    pub hint: KeyChord,
    #[serde(with = "text")]
    pub move_now: KeyChord,
    #[serde(with = "text")]
    pub level: KeyChord,
    #[serde(with = "text")]
    pub save: KeyChord,
    #[serde(with = "text")]
    pub load: KeyChord,
    #[serde(with = "text")]
    pub copy_fen: KeyChord,
    #[serde(with = "text")]
    pub toggle_log: KeyChord,
    #[serde(with = "text")]
    pub why: KeyChord,
    #[serde(with = "text")]
    pub help: KeyChord,
    #[serde(with = "text")]
    pub quit: KeyChord,
    /// After a game: the position where you left your book is due in the trainer today.
    #[serde(with = "text")]
    pub review: KeyChord,
}

/// The built-in configuration: the shipped file, read once.
static BUILT_IN: LazyLock<Config> = LazyLock::new(|| {
    toml::from_str(SHIPPED).expect("config/huo.toml is compiled in and tested to be valid")
});

impl Default for Config {
    /// The built-in configuration: the values `config/huo.toml` spells out.
    fn default() -> Self {
        BUILT_IN.clone()
    }
}

impl Config {
    /// What the evaluation reads: the `[pieces]`, `[eval]` and `[huo]` sections.
    pub fn eval_settings(&self) -> eval::Settings {
        eval::Settings {
            pieces: self.pieces.clone(),
            weights: self.eval.clone(),
            huo: self.huo.clone(),
        }
    }
}

impl Evaluator {
    /// The evaluation with the weights of `config` (see [`Config::eval_settings`]).
    pub fn from_config(config: &Config) -> Evaluator {
        Evaluator::new(&config.eval_settings())
    }
}
