//! The game's command-line flags (`huo-chess --color b --level 5 --fen FEN ...`), and what
//! they ask for once read and checked. Every flag is checked before the screen opens: a
//! bad one stops the program with its reason on standard error and a non-zero exit, never
//! a game started from something else with the reason in a panel.

use crate::core::{Color, Position};
use crate::game::Game;
use crate::level::Level;
use crate::player::Player;
use crate::session::clock::Clock;
use std::path::{Path, PathBuf};

/// The game's command-line options.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct GameArgs {
    /// Your colour: w or b (white, black). Asked at start when omitted.
    #[arg(long)]
    pub color: Option<String>,
    /// The engine's level: 1 to 10 (the ladder; also L1 to L10, max), or classic-1,
    /// classic-3, classic-5 (the original MiniMax depths). Asked at start when omitted.
    #[arg(long)]
    pub level: Option<String>,
    /// Start from this position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Chess clocks: base+increment, with units (5m+3s, 90s+2s) or bare: 5+3 is 5 min +
    /// 3 s (no question asked).
    #[arg(long, allow_hyphen_values = true)]
    pub clock: Option<String>,
    /// Resume the autosaved game at once (without flags it is offered).
    #[arg(long)]
    pub resume: bool,
    /// Open the first game of this PGN file in the analysis screen.
    #[arg(long, value_name = "FILE.pgn")]
    pub analyse: Option<PathBuf>,
    /// The opening book directory.
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Also write the thinking log to this file (size-capped, rotated).
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// The engine plays White as this player: a level (as --level), a TOML config file,
    /// or FILE:LEVEL. With --black too you watch the engine play itself; alone, you play
    /// Black.
    #[arg(long, value_name = "PLAYER")]
    pub white: Option<String>,
    /// The engine plays Black as this player (see --white); alone, you play White.
    #[arg(long, value_name = "PLAYER")]
    pub black: Option<String>,
}

/// What the flags ask for, every one of them read and found good.
#[derive(Clone, Debug, Default)]
pub struct Flags {
    pub color: Option<Color>,
    pub level: Option<Level>,
    pub start: Option<Position>,
    pub clock: Option<Clock>,
    /// The engine's player for White and for Black.
    pub players: [Option<Player>; 2],
    pub resume: bool,
    /// The games `--analyse` opens (the first is shown), each with its PGN tags.
    pub analyse: Option<Vec<TaggedGame>>,
    pub book: Option<PathBuf>,
    pub log: Option<PathBuf>,
}

impl Flags {
    /// Did any flag ask for a particular game (so the autosaved one is not offered)?
    pub fn ask_for_a_game(&self) -> bool {
        self.color.is_some()
            || self.level.is_some()
            || self.start.is_some()
            || self.clock.is_some()
            || self.players.iter().any(Option::is_some)
    }
}

impl GameArgs {
    /// Reads every flag; the first bad one is refused with its name and its reason. Reads
    /// files (players, `--analyse`) but changes nothing.
    pub fn check(&self) -> Result<Flags, String> {
        let read = |flag: &str, spec: &Option<String>| {
            spec.as_deref()
                .map(Player::parse)
                .transpose()
                .map_err(|e| format!("--{flag}: {e}"))
        };
        Ok(Flags {
            color: self
                .color
                .as_deref()
                .map(|c| read_color(c).map_err(|e| format!("--color {e}")))
                .transpose()?,
            level: self
                .level
                .as_deref()
                .map(|l| l.parse::<Level>().map_err(|e| format!("--level {e}")))
                .transpose()?,
            start: self
                .fen
                .as_deref()
                .map(|f| Position::from_fen(f).map_err(|e| format!("--fen '{f}': {e}")))
                .transpose()?,
            clock: self
                .clock
                .as_deref()
                .map(|c| Clock::parse(c).map_err(|e| format!("--clock {e}")))
                .transpose()?,
            players: [read("white", &self.white)?, read("black", &self.black)?],
            resume: self.resume,
            analyse: self
                .analyse
                .as_deref()
                .map(|p| read_file_games(p).map_err(|e| format!("--analyse {e}")))
                .transpose()?,
            book: self
                .book
                .clone()
                .map(|b| {
                    crate::book::check_folder(&b)
                        .map(|()| b)
                        .map_err(|e| format!("--book {e}"))
                })
                .transpose()?,
            log: self.log.clone(),
        })
    }
}

/// A colour as the flag and the first question take it: `w`, `b`, `white`, `black`, in
/// any case.
pub fn read_color(text: &str) -> Result<Color, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "w" | "white" => Ok(Color::White),
        "b" | "black" => Ok(Color::Black),
        _ => Err(format!(
            "'{}': expected w or b (white or black)",
            text.trim()
        )),
    }
}

/// A game read from a file, with its PGN tags.
pub type TaggedGame = (Game, Vec<(String, String)>);

/// The games of a PGN file, each with its PGN tags (a game that cannot be read is left
/// out), or why there is none.
pub fn read_file_games(path: &Path) -> Result<Vec<TaggedGame>, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: cannot read: {e}"))?;
    let mut games = Vec::new();
    let mut first_error = None;
    for read in crate::pgn::read_games(text.as_bytes()) {
        match read {
            Ok(pgn) => games.push((pgn.to_game(), pgn.headers)),
            Err(e) => {
                let stop = e.read_failed;
                first_error.get_or_insert(e);
                if stop {
                    break;
                }
            }
        }
    }
    if games.is_empty() {
        let e = first_error.map_or("no game found".to_string(), |e| e.to_string());
        return Err(format!("{shown}: {e}"));
    }
    Ok(games)
}
