//! The TOML configuration: piece values, evaluation weights, search, book, game analysis,
//! log and screen.
//!
//! Every setting is listed once, in [`FIELDS`]: its section, key, type, allowed range and
//! how it is read from and written to a [`Config`]. Loading, validation and
//! `huo-chess config show` all walk that one list.
//!
//! Where the configuration comes from, first found wins: the `--config FILE` flag, the
//! `HUO_CONFIG` environment variable, `./config/huo.toml`, the user's config directory
//! (`$XDG_CONFIG_HOME/huo-chess/huo.toml` or `~/.config/huo-chess/huo.toml`), and finally
//! the built-in defaults. A file need only set the keys it changes; the others keep their
//! built-in value. A file with any error (bad TOML, unknown key, wrong type, value out of
//! range) is refused as a whole, with its path, line and key: nothing starts half-configured.

use crate::book::LayerPolicy;
use crate::book::pick::PickMode;
use crate::eval::{self, Evaluator};
use crate::keys::KeyChord;
use crate::level::Level;
use crate::util::dirs;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The `[pieces]`, `[eval]` and `[huo]` sections are the evaluation's own settings.
pub use crate::eval::{EvalWeights, HuoHints, PieceValues};

/// The configuration file shipped in `config/huo.toml`: the built-in defaults, documented.
pub const SHIPPED: &str = include_str!("../config/huo.toml");

/// Search settings.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// The level the game starts at.
    pub level: Level,
    /// Transposition table size in MB (fixed for the whole game).
    pub hash_mb: usize,
    /// Threads a full-strength search uses, 1 to [`crate::search::MAX_THREADS`]: a file
    /// may travel between machines, so more than this machine's cores is accepted and
    /// counted as its cores (see [`crate::search::available_threads`]).
    pub threads: usize,
    /// How much (in pawns) the engine dislikes a draw: it plays on rather than repeat.
    pub contempt: f64,
}

impl SearchConfig {
    /// The contempt in centipawns, as the search counts it.
    pub fn contempt_cp(&self) -> i32 {
        (self.contempt * 100.0).round() as i32
    }
}

/// Opening book settings.
#[derive(Clone, Debug, PartialEq)]
pub struct BookConfig {
    pub enabled: bool,
    /// `None`: `./books`, else the user data dir, else the embedded book.
    pub path: Option<PathBuf>,
    /// Stop consulting the book after this many plies.
    pub max_ply: u32,
    pub pick: PickMode,
    /// Which books answer: the user's over the built-in one (`both`), or one of them.
    pub layers: LayerPolicy,
}

/// Game analysis (`huo-chess analyse`, the analysis screen): how deep to look, and how
/// much a move may lose before it is marked an inaccuracy, a mistake or a blunder.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisConfig {
    /// Search depth for each position when no `--depth` or `--movetime` is given.
    pub depth: u32,
    /// Pawns lost by a move that make it an inaccuracy (`?!`).
    pub inaccuracy: f64,
    /// ... a mistake (`?`); its best line is shown.
    pub mistake: f64,
    /// ... a blunder (`??`).
    pub blunder: f64,
}

/// The thinking log written to a file (the log pane always shows it).
#[derive(Clone, Debug, PartialEq)]
pub struct LogConfig {
    pub file: Option<PathBuf>,
    /// Rotate the file when it passes this size.
    pub max_kb: u64,
    /// How many rotated files to keep (`huo.log.1`, `huo.log.2`, ...).
    pub keep: u32,
}

/// Key bindings of the game screen: each action's key chord (a function key or a
/// Ctrl/Alt chord, never a plain character: those type moves).
#[derive(Clone, Debug, PartialEq)]
pub struct KeyBindings {
    pub new_game: KeyChord,
    pub takeback: KeyChord,
    pub flip: KeyChord,
    pub switch_sides: KeyChord,
    pub hint: KeyChord,
    pub move_now: KeyChord,
    pub level: KeyChord,
    pub save: KeyChord,
    pub load: KeyChord,
    pub copy_fen: KeyChord,
    pub toggle_log: KeyChord,
    pub why: KeyChord,
    pub help: KeyChord,
    pub quit: KeyChord,
}

/// Screen settings.
#[derive(Clone, Debug, PartialEq)]
pub struct TuiConfig {
    /// `qbasic` (the default) or `modern`.
    pub theme: String,
    /// Does the engine resign hopeless positions ("I resign!")?
    pub resign: bool,
    /// Resign when the search says we are this many pawns down (or mated) for a few moves.
    pub resign_threshold: f64,
    /// Watching the engine play itself without a clock: at least this many seconds from
    /// one move to the next, so the eye can follow.
    pub watch_pace: f64,
    pub keys: KeyBindings,
}

/// The whole configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub pieces: PieceValues,
    pub eval: EvalWeights,
    pub huo: HuoHints,
    pub search: SearchConfig,
    pub book: BookConfig,
    pub analysis: AnalysisConfig,
    pub log: LogConfig,
    pub tui: TuiConfig,
}

impl Default for Config {
    /// The built-in configuration (the same values `config/huo.toml` spells out).
    fn default() -> Self {
        Config {
            pieces: PieceValues::default(),
            eval: EvalWeights::default(),
            huo: HuoHints::default(),
            search: SearchConfig {
                level: Level::Modern(6),
                hash_mb: 32,
                threads: 1,
                contempt: 0.0,
            },
            book: BookConfig {
                enabled: true,
                path: None,
                max_ply: 24,
                pick: PickMode::Weighted,
                layers: LayerPolicy::Both,
            },
            analysis: AnalysisConfig {
                depth: 12,
                inaccuracy: 0.5,
                mistake: 1.0,
                blunder: 2.0,
            },
            log: LogConfig {
                file: None,
                max_kb: 1024,
                keep: 3,
            },
            tui: TuiConfig {
                theme: "qbasic".into(),
                resign: true,
                resign_threshold: 9.0,
                watch_pace: 1.0,
                keys: KeyBindings {
                    new_game: KeyChord::F(2),
                    takeback: KeyChord::Ctrl('z'),
                    flip: KeyChord::F(7),
                    switch_sides: KeyChord::F(8),
                    hint: KeyChord::F(5),
                    move_now: KeyChord::F(6),
                    level: KeyChord::F(9),
                    save: KeyChord::F(3),
                    load: KeyChord::F(4),
                    copy_fen: KeyChord::Ctrl('y'),
                    toggle_log: KeyChord::Ctrl('l'),
                    why: KeyChord::Ctrl('w'),
                    help: KeyChord::F(1),
                    quit: KeyChord::F(10),
                },
            },
        }
    }
}

/// A configuration error: which file, line and key, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigError {
    pub file: String,
    pub line: Option<usize>,
    pub key: Option<String>,
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(key) = &self.key {
            write!(f, ": {key}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ConfigError {}

/// A loaded configuration and where it came from.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub config: Config,
    /// The file read, or `None` for the built-in defaults.
    pub source: Option<PathBuf>,
    /// `section.key` → `file:line` for each value the file set (the rest are built-in).
    pub origins: BTreeMap<String, String>,
}

/// A setting's value, as TOML has it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Float(f64),
    Int(i64),
    Bool(bool),
    Str(String),
}

impl std::fmt::Display for Value {
    /// The value as it would be written in TOML.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Float(x) if x.fract() == 0.0 && x.abs() < 1e15 => write!(f, "{x:.1}"),
            Value::Float(x) => write!(f, "{x}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Str(s) => write!(f, "{:?}", s),
        }
    }
}

/// What a setting accepts.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// A number (integers are accepted too) in this range.
    Float(f64, f64),
    /// A whole number in this range.
    Int(i64, i64),
    Bool,
    /// A string, checked by the setting's own parser.
    Str,
}

/// One setting: where it lives in the file, what it accepts, how it maps onto [`Config`].
pub struct Field {
    pub section: &'static str,
    pub key: &'static str,
    pub kind: Kind,
    pub get: fn(&Config) -> Value,
    /// Stores a value already checked against `kind`; strings may still be refused.
    pub set: fn(&mut Config, Value) -> Result<(), String>,
}

impl Field {
    /// `section.key`, as messages name it.
    pub fn name(&self) -> String {
        format!("{}.{}", self.section, self.key)
    }
}

fn f(v: &Value) -> f64 {
    match *v {
        Value::Float(x) => x,
        Value::Int(i) => i as f64,
        _ => 0.0,
    }
}

fn i(v: &Value) -> i64 {
    match *v {
        Value::Int(i) => i,
        Value::Float(x) => x as i64,
        _ => 0,
    }
}

fn s(v: Value) -> String {
    match v {
        Value::Str(s) => s,
        other => other.to_string(),
    }
}

fn path_value(p: &Option<PathBuf>) -> Value {
    Value::Str(
        p.as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default(),
    )
}

fn path_from(v: Value) -> Option<PathBuf> {
    Some(s(v)).filter(|t| !t.is_empty()).map(PathBuf::from)
}

/// A setting kept at `$path` in [`Config`]: `$get` makes a [`Value`] of it (`$x` borrowed),
/// `$set` the stored value of a checked [`Value`] `$v` (`?` refuses it with a message).
macro_rules! field {
    ($section:literal, $key:literal, $kind:expr, $($path:ident).+,
     |$x:ident| $get:expr, |$v:ident| $set:expr) => {
        Field {
            section: $section,
            key: $key,
            kind: $kind,
            get: |c| {
                let $x = &c.$($path).+;
                $get
            },
            set: |c, $v| {
                c.$($path).+ = $set;
                Ok(())
            },
        }
    };
}

macro_rules! float {
    ($section:literal, $key:literal, $lo:expr, $hi:expr, $($path:ident).+) => {
        field!($section, $key, Kind::Float($lo, $hi), $($path).+,
            |x| Value::Float(*x), |v| f(&v))
    };
}

/// A whole number, stored in whichever integer type the field has.
macro_rules! int {
    ($section:literal, $key:literal, $lo:expr, $hi:expr, $($path:ident).+) => {
        field!($section, $key, Kind::Int($lo, $hi), $($path).+,
            |x| Value::Int(*x as i64), |v| i(&v) as _)
    };
}

macro_rules! boolean {
    ($section:literal, $key:literal, $($path:ident).+) => {
        field!($section, $key, Kind::Bool, $($path).+,
            |x| Value::Bool(*x), |v| v == Value::Bool(true))
    };
}

/// A path; the empty string is `None`.
macro_rules! path {
    ($section:literal, $key:literal, $($path:ident).+) => {
        field!($section, $key, Kind::Str, $($path).+, |x| path_value(x), |v| path_from(v))
    };
}

/// A string read by the type's `FromStr` (its message on a refusal) and written by its
/// `Display`.
macro_rules! parsed {
    ($section:literal, $key:literal, $($path:ident).+) => {
        field!($section, $key, Kind::Str, $($path).+,
            |x| Value::Str(x.to_string()), |v| s(v).parse()?)
    };
}

macro_rules! keybind {
    ($key:literal, $field:ident) => {
        parsed!("tui.keys", $key, tui.keys.$field)
    };
}

/// Every setting, in the order `config show` prints them.
pub static FIELDS: &[Field] = &[
    float!("pieces", "pawn", 0.0, 100.0, pieces.pawn),
    float!("pieces", "knight", 0.0, 100.0, pieces.knight),
    float!("pieces", "bishop", 0.0, 100.0, pieces.bishop),
    float!("pieces", "rook", 0.0, 100.0, pieces.rook),
    float!("pieces", "queen", 0.0, 100.0, pieces.queen),
    float!("eval", "piece_squares", 0.0, 10.0, eval.piece_squares),
    float!("eval", "mobility", 0.0, 10.0, eval.mobility),
    float!("eval", "king_safety", 0.0, 10.0, eval.king_safety),
    float!("eval", "bishop_pair", 0.0, 5.0, eval.bishop_pair),
    float!("eval", "rook_open_file", 0.0, 5.0, eval.rook_open_file),
    float!(
        "eval",
        "rook_semi_open_file",
        0.0,
        5.0,
        eval.rook_semi_open_file
    ),
    float!("eval", "rook_seventh", 0.0, 5.0, eval.rook_seventh),
    float!("eval", "threats", 0.0, 10.0, eval.threats),
    float!("eval", "pawn_structure", 0.0, 10.0, eval.pawn_structure),
    float!("eval", "minor_pieces", 0.0, 10.0, eval.minor_pieces),
    float!("eval", "doubled_pawn", 0.0, 5.0, eval.doubled_pawn),
    float!("eval", "isolated_pawn", 0.0, 5.0, eval.isolated_pawn),
    float!("eval", "passed_pawn", 0.0, 10.0, eval.passed_pawn),
    float!("eval", "tempo", 0.0, 1.0, eval.tempo),
    float!("huo", "centre_pawns", 0.0, 5.0, huo.centre_pawns),
    float!("huo", "early_queen", 0.0, 5.0, huo.early_queen),
    float!("huo", "early_king_rook", 0.0, 5.0, huo.early_king_rook),
    float!("huo", "knight_rim", 0.0, 5.0, huo.knight_rim),
    float!("huo", "rook_pawn_push", 0.0, 5.0, huo.rook_pawn_push),
    float!(
        "huo",
        "passed_pawn_ending",
        0.0,
        5.0,
        huo.passed_pawn_ending
    ),
    parsed!("search", "level", search.level),
    int!("search", "hash_mb", 1, 4096, search.hash_mb),
    int!(
        "search",
        "threads",
        1,
        crate::search::MAX_THREADS as i64,
        search.threads
    ),
    float!("search", "contempt", -1.0, 1.0, search.contempt),
    boolean!("book", "enabled", book.enabled),
    path!("book", "path", book.path),
    int!("book", "max_ply", 0, 1000, book.max_ply),
    field!(
        "book",
        "pick",
        Kind::Str,
        book.pick,
        |x| Value::Str(match x {
            PickMode::Weighted => "weighted".into(),
            PickMode::Best => "best".into(),
        }),
        |v| match s(v).as_str() {
            "weighted" => PickMode::Weighted,
            "best" => PickMode::Best,
            other => return Err(format!("'{other}': expected \"weighted\" or \"best\"")),
        }
    ),
    parsed!("book", "layers", book.layers),
    int!("analysis", "depth", 1, 64, analysis.depth),
    float!("analysis", "inaccuracy", 0.01, 100.0, analysis.inaccuracy),
    float!("analysis", "mistake", 0.01, 100.0, analysis.mistake),
    float!("analysis", "blunder", 0.01, 100.0, analysis.blunder),
    path!("log", "file", log.file),
    int!("log", "max_kb", 1, 1 << 20, log.max_kb),
    int!("log", "keep", 0, 100, log.keep),
    field!(
        "tui",
        "theme",
        Kind::Str,
        tui.theme,
        |x| Value::Str(x.clone()),
        |v| {
            let t = s(v);
            if t != "qbasic" && t != "modern" {
                return Err(format!("'{t}': expected \"qbasic\" or \"modern\""));
            }
            t
        }
    ),
    boolean!("tui", "resign", tui.resign),
    float!("tui", "resign_threshold", 1.0, 100.0, tui.resign_threshold),
    float!("tui", "watch_pace", 0.0, 60.0, tui.watch_pace),
    keybind!("new_game", new_game),
    keybind!("takeback", takeback),
    keybind!("flip", flip),
    keybind!("switch_sides", switch_sides),
    keybind!("hint", hint),
    keybind!("move_now", move_now),
    keybind!("level", level),
    keybind!("save", save),
    keybind!("load", load),
    keybind!("copy_fen", copy_fen),
    keybind!("toggle_log", toggle_log),
    keybind!("why", why),
    keybind!("help", help),
    keybind!("quit", quit),
];

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Checks a TOML value against a setting's kind.
fn check(kind: Kind, value: &toml::Value) -> Result<Value, String> {
    let type_err = |want: &str| Err(format!("expected {want}, found {}", value.type_str()));
    match kind {
        Kind::Float(lo, hi) => {
            let x = match value {
                toml::Value::Float(x) => *x,
                toml::Value::Integer(i) => *i as f64,
                _ => return type_err("a number"),
            };
            if !x.is_finite() || x < lo || x > hi {
                return Err(format!("{x} is out of range ({lo} to {hi})"));
            }
            Ok(Value::Float(x))
        }
        Kind::Int(lo, hi) => match value {
            toml::Value::Integer(n) if (lo..=hi).contains(n) => Ok(Value::Int(*n)),
            toml::Value::Integer(n) => Err(format!("{n} is out of range ({lo} to {hi})")),
            _ => type_err("a whole number"),
        },
        Kind::Bool => match value {
            toml::Value::Boolean(b) => Ok(Value::Bool(*b)),
            _ => type_err("true or false"),
        },
        Kind::Str => match value {
            toml::Value::String(t) => Ok(Value::Str(t.clone())),
            // A level may be written as a bare number: `level = 7`.
            toml::Value::Integer(n) => Ok(Value::Str(n.to_string())),
            _ => type_err("a string"),
        },
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

    /// Reads `text` (named `file` in messages) over the built-in defaults. Returns the
    /// configuration and, for each key the text set, its `file:line`.
    pub fn parse(
        text: &str,
        file: &str,
    ) -> Result<(Config, BTreeMap<String, String>), ConfigError> {
        let err = |line: Option<usize>, key: Option<String>, message: String| ConfigError {
            file: file.to_string(),
            line,
            key,
            message,
        };
        // Parsed twice: once for the values, once for the positions of the keys.
        let values: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            let line = e.span().map(|s| line_of(text, s.start));
            err(line, None, e.message().trim().to_string())
        })?;
        let spans = toml::de::DeTable::parse(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start));
            err(line, None, e.message().trim().to_string())
        })?;
        let mut config = Config::default();
        let mut origins = BTreeMap::new();
        walk(
            &values,
            spans.get_ref(),
            "",
            text,
            &mut |name, value, line| {
                let at = |m: String| err(Some(line), Some(name.to_string()), m);
                let field = FIELDS
                    .iter()
                    .find(|fd| fd.name() == name)
                    .ok_or_else(|| at("unknown key".into()))?;
                let v = check(field.kind, value).map_err(at)?;
                (field.set)(&mut config, v).map_err(at)?;
                origins.insert(name.to_string(), format!("{file}:{line}"));
                Ok(())
            },
            &|name, line| err(Some(line), Some(name.to_string()), "unknown section".into()),
        )?;
        Ok((config, origins))
    }

    /// Reads the configuration file at `path`.
    pub fn from_file(path: &Path) -> Result<Loaded, ConfigError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
            file: name.clone(),
            line: None,
            key: None,
            message: format!("cannot read: {e}"),
        })?;
        let (config, origins) = Config::parse(&text, &name)?;
        Ok(Loaded {
            config,
            source: Some(path.to_path_buf()),
            origins,
        })
    }

    /// Which file the configuration comes from (see the module docs), or `None`.
    pub fn locate(explicit: Option<&Path>) -> Option<PathBuf> {
        if let Some(p) = explicit {
            return Some(p.to_path_buf());
        }
        if let Some(p) = std::env::var_os("HUO_CONFIG").filter(|p| !p.is_empty()) {
            return Some(PathBuf::from(p));
        }
        let local = PathBuf::from("config/huo.toml");
        if local.is_file() {
            return Some(local);
        }
        dirs::config_dir()
            .map(|d| d.join("huo.toml"))
            .filter(|p| p.is_file())
    }

    /// Loads the configuration from the first place it is found (see the module docs).
    /// A file named explicitly (flag or `HUO_CONFIG`) must exist.
    pub fn load(explicit: Option<&Path>) -> Result<Loaded, ConfigError> {
        match Config::locate(explicit) {
            Some(path) => Config::from_file(&path),
            None => Ok(Loaded {
                config: Config::default(),
                source: None,
                origins: BTreeMap::new(),
            }),
        }
    }

    /// The effective configuration as TOML, each value followed by where it came from.
    pub fn show(loaded: &Loaded) -> String {
        let mut out = String::new();
        let mut section = "";
        for field in FIELDS {
            if field.section != section {
                section = field.section;
                out.push_str(&format!("\n[{section}]\n"));
            }
            let origin = loaded
                .origins
                .get(&field.name())
                .map(String::as_str)
                .unwrap_or("built-in");
            let line = format!("{} = {}", field.key, (field.get)(&loaded.config));
            out.push_str(&format!("{line:<40} # {origin}\n"));
        }
        out.trim_start().to_string()
    }
}

/// Visits every leaf of the TOML document with its dotted name and line.
fn walk(
    values: &toml::Table,
    spans: &toml::de::DeTable<'_>,
    prefix: &str,
    text: &str,
    leaf: &mut dyn FnMut(&str, &toml::Value, usize) -> Result<(), ConfigError>,
    unknown: &dyn Fn(&str, usize) -> ConfigError,
) -> Result<(), ConfigError> {
    for (key, value) in values {
        let name = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        let span = spans
            .iter()
            .find(|(k, _)| k.get_ref().as_ref() == key.as_str());
        let line = span
            .map(|(k, _)| line_of(text, k.span().start))
            .unwrap_or(1);
        match value {
            toml::Value::Table(table) => {
                if !FIELDS
                    .iter()
                    .any(|fd| fd.section == name || fd.section.starts_with(&format!("{name}.")))
                {
                    return Err(unknown(&name, line));
                }
                let empty = toml::de::DeTable::default();
                let sub = span
                    .and_then(|(_, v)| v.get_ref().as_table())
                    .unwrap_or(&empty);
                walk(table, sub, &name, text, leaf, unknown)?;
            }
            _ => leaf(&name, value, line)?,
        }
    }
    Ok(())
}

impl Evaluator {
    /// The evaluation with the weights of `config` (see [`Config::eval_settings`]).
    pub fn from_config(config: &Config) -> Evaluator {
        Evaluator::new(&config.eval_settings())
    }
}
