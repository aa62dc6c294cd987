//! The game's command-line flags (`huo-chess --color b --level 5 --fen FEN ...`), and what
//! they ask for once read and checked. Every flag is checked before the screen opens: a
//! bad one stops the program with its reason on standard error and a non-zero exit, never
//! a game started from something else with the reason in a panel.

use crate::book::BookError;
use crate::core::{Color, FenError, Position};
use crate::game::Game;
use crate::level::{Level, LevelError};
use crate::pgn::PgnError;
use crate::player::{Player, PlayerError};
use crate::session::clock::Clock;
use crate::timecontrol::TimeControlError;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// The game's command-line options.
#[cfg(feature = "cli")]
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
    /// 3 s; off for none (no question asked either way).
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
    /// `--clock off`: no clocks, and no question about them.
    pub no_clock: bool,
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
            || self.no_clock
            || self.players.iter().any(Option::is_some)
    }
}

#[cfg(feature = "cli")]
impl GameArgs {
    /// Reads every flag; the first bad one is refused with its name and its reason. Reads
    /// files (players, `--analyse`) but changes nothing.
    pub fn check(&self) -> Result<Flags, FlagError> {
        let read = |side: Color, spec: &Option<String>| {
            spec.as_deref()
                .map(Player::parse)
                .transpose()
                .map_err(|source| FlagError::Player { side, source })
        };
        let clock = self
            .clock
            .as_deref()
            .map(|c| Clock::parse_setting(c).map_err(FlagError::Clock))
            .transpose()?;
        Ok(Flags {
            color: self
                .color
                .as_deref()
                .map(|c| read_color(c).map_err(FlagError::Color))
                .transpose()?,
            level: self
                .level
                .as_deref()
                .map(|l| l.parse::<Level>().map_err(FlagError::Level))
                .transpose()?,
            start: self
                .fen
                .as_deref()
                .map(|f| {
                    Position::from_fen(f).map_err(|source| FlagError::Fen {
                        fen: f.to_string(),
                        source,
                    })
                })
                .transpose()?,
            no_clock: matches!(clock, Some(None)),
            clock: clock.flatten(),
            players: [
                read(Color::White, &self.white)?,
                read(Color::Black, &self.black)?,
            ],
            resume: self.resume,
            analyse: self
                .analyse
                .as_deref()
                .map(|p| read_file_games(p).map_err(FlagError::Analyse))
                .transpose()?,
            book: self
                .book
                .clone()
                .map(|b| {
                    crate::book::check_folder(&b)
                        .map(|()| b)
                        .map_err(FlagError::Book)
                })
                .transpose()?,
            log: self.log.clone(),
        })
    }
}

/// A game flag that cannot be followed: which flag, and why (the reader's error kept as the
/// source). Said as `--level '11' is not a level`, `--fen 'x': ...`, `--white: ...`.
#[derive(Debug)]
pub enum FlagError {
    Color(ColorError),
    Level(LevelError),
    Fen {
        fen: String,
        source: FenError,
    },
    Clock(TimeControlError),
    /// `--white` or `--black`: the player of that side.
    Player {
        side: Color,
        source: PlayerError,
    },
    Analyse(GamesError),
    Book(BookError),
}

impl fmt::Display for FlagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FlagError::Color(e) => write!(f, "--color {e}"),
            FlagError::Level(e) => write!(f, "--level {e}"),
            FlagError::Fen { fen, source } => write!(f, "--fen '{fen}': {source}"),
            FlagError::Clock(e) => write!(f, "--clock {e}"),
            FlagError::Player { side, source } => {
                let flag = match side {
                    Color::White => "white",
                    Color::Black => "black",
                };
                write!(f, "--{flag}: {source}")
            }
            FlagError::Analyse(e) => write!(f, "--analyse {e}"),
            FlagError::Book(e) => write!(f, "--book {e}"),
        }
    }
}

impl std::error::Error for FlagError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FlagError::Color(e) => Some(e),
            FlagError::Level(e) => Some(e),
            FlagError::Fen { source, .. } => Some(source),
            FlagError::Clock(e) => Some(e),
            FlagError::Player { source, .. } => Some(source),
            FlagError::Analyse(e) => Some(e),
            FlagError::Book(e) => Some(e),
        }
    }
}

/// A colour that is none: what was typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColorError(pub String);

impl fmt::Display for ColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': expected w or b (white or black)", self.0)
    }
}

impl std::error::Error for ColorError {}

/// A colour as the flag and the first question take it: `w`, `b`, `white`, `black`, in
/// any case.
pub fn read_color(text: &str) -> Result<Color, ColorError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "w" | "white" => Ok(Color::White),
        "b" | "black" => Ok(Color::Black),
        _ => Err(ColorError(text.trim().to_string())),
    }
}

/// A game read from a file, with its PGN tags.
pub type TaggedGame = (Game, Vec<(String, String)>);

/// Why a PGN file gives no game: it cannot be read, or no game in it can (the first
/// game's error kept, when there was one).
#[derive(Debug)]
pub enum GamesError {
    Read {
        path: PathBuf,
        source: io::Error,
    },
    NoGame {
        path: PathBuf,
        first: Option<PgnError>,
    },
}

impl fmt::Display for GamesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GamesError::Read { path, source } => {
                write!(f, "{}: cannot read: {source}", path.display())
            }
            GamesError::NoGame { path, first: None } => {
                write!(f, "{}: no game found", path.display())
            }
            GamesError::NoGame {
                path,
                first: Some(e),
            } => write!(f, "{}: {e}", path.display()),
        }
    }
}

impl std::error::Error for GamesError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GamesError::Read { source, .. } => Some(source),
            GamesError::NoGame { first, .. } => first.as_ref().map(|e| e as _),
        }
    }
}

/// The games of a PGN file, each with its PGN tags (a game that cannot be read is left
/// out), or why there is none.
pub fn read_file_games(path: &Path) -> Result<Vec<TaggedGame>, GamesError> {
    let text = std::fs::read_to_string(path).map_err(|source| GamesError::Read {
        path: path.to_path_buf(),
        source,
    })?;
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
        return Err(GamesError::NoGame {
            path: path.to_path_buf(),
            first: first_error,
        });
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    fn refused(args: GameArgs) -> FlagError {
        match args.check() {
            Ok(_) => panic!("the flag was accepted"),
            Err(e) => e,
        }
    }

    #[test]
    fn a_refused_flag_says_which_and_keeps_the_readers_error() {
        let e = refused(GameArgs {
            color: Some(" x ".into()),
            ..GameArgs::default()
        });
        assert_eq!(
            e.to_string(),
            "--color 'x': expected w or b (white or black)"
        );
        assert_eq!(
            e.source().unwrap().downcast_ref::<ColorError>(),
            Some(&ColorError("x".into()))
        );

        let e = refused(GameArgs {
            level: Some("11".into()),
            ..GameArgs::default()
        });
        let level = e.source().unwrap().downcast_ref::<LevelError>().unwrap();
        assert_eq!(e.to_string(), format!("--level {level}"));

        let e = refused(GameArgs {
            fen: Some("8/8 w".into()),
            ..GameArgs::default()
        });
        let fen = e.source().unwrap().downcast_ref::<FenError>().unwrap();
        assert_eq!(e.to_string(), format!("--fen '8/8 w': {fen}"));

        let e = refused(GameArgs {
            clock: Some("-5+3".into()),
            ..GameArgs::default()
        });
        assert!(e.source().unwrap().is::<TimeControlError>());
        assert!(e.to_string().starts_with("--clock '-5+3'"), "{e}");
    }

    #[test]
    fn a_file_without_games_says_why_and_keeps_the_cause() {
        let dir = crate::util::scratch::Scratch::new("flags-games");
        let missing = dir.join("missing.pgn");
        let e = refused(GameArgs {
            analyse: Some(missing.clone()),
            ..GameArgs::default()
        });
        let FlagError::Analyse(games) = &e else {
            panic!("{e:?}");
        };
        let io = games.source().unwrap().downcast_ref::<io::Error>().unwrap();
        assert_eq!(io.kind(), io::ErrorKind::NotFound);
        assert_eq!(
            e.to_string(),
            format!("--analyse {}: cannot read: {io}", missing.display())
        );

        let empty = dir.join("empty.pgn");
        std::fs::write(&empty, "").unwrap();
        let e = read_file_games(&empty).unwrap_err();
        assert!(e.source().is_none());
        assert_eq!(e.to_string(), format!("{}: no game found", empty.display()));

        let bad = dir.join("bad.pgn");
        std::fs::write(&bad, "1. e4 e4 *\n").unwrap();
        let e = read_file_games(&bad).unwrap_err();
        let pgn = e.source().unwrap().downcast_ref::<PgnError>().unwrap();
        assert_eq!(e.to_string(), format!("{}: {pgn}", bad.display()));
    }
}
