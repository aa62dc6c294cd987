//! A player: the configuration an engine plays with (evaluation weights, contempt, hash)
//! and its level, read from one word on the command line. `huo-chess match` pits two of
//! them against each other, and the game screen's watch mode (`--white`, `--black`) lets
//! one take each side.
//!
//! The word is one of:
//! - a level (`7`, `L7`, `max`, `classic-3`: see [`crate::level::SPELLINGS`]): the built-in
//!   configuration at that level (built-in, not the user's file, so a match reads the
//!   same on every machine);
//! - the path of a TOML configuration file: its weights, its contempt and its level;
//! - `FILE:LEVEL`: that file's weights at another level.
//!
//! A word that reads as a level is a level; write `./7` for a file named `7`.

use crate::config::Config;
use crate::config::file::ConfigError;
use crate::level::Level;
use std::fmt;
use std::path::Path;

/// Who plays a side: a configuration, the level it plays at, and a name for the PGN and
/// the reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// `L7`, `classic-3`, `strong.toml`, `strong.toml@L5`.
    pub name: String,
    pub config: Config,
    pub level: Level,
}

/// Why a player word was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerError {
    /// Nothing was written.
    Empty,
    /// The word reads neither as a level nor as a file's path.
    Unknown { spec: String },
    /// The configuration file could not be read or is wrong: its error names the file,
    /// line and key.
    Config(ConfigError),
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::Empty => write!(f, "an empty player: expected {SPEC_HELP}"),
            PlayerError::Unknown { spec } => write!(
                f,
                "'{spec}' is neither a level nor a file: expected {SPEC_HELP}"
            ),
            PlayerError::Config(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayerError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayerError::Config(e) => Some(e),
            _ => None,
        }
    }
}

impl From<PlayerError> for String {
    fn from(e: PlayerError) -> String {
        e.to_string()
    }
}

/// What the word may be, for messages.
pub const SPEC_HELP: &str =
    "a level (1 to 10, max, classic-1, classic-3, classic-5), a TOML config file, or FILE:LEVEL";

impl Player {
    /// The built-in configuration at `level`.
    pub fn at_level(level: Level) -> Player {
        let mut config = Config::default();
        config.search.level = level;
        Player {
            name: level.name(),
            config,
            level,
        }
    }

    /// Reads a player word (see the module docs). The error names the word, or the file,
    /// line and key the configuration loader found wrong.
    pub fn parse(spec: &str) -> Result<Player, PlayerError> {
        let spec = spec.trim();
        if spec.is_empty() {
            return Err(PlayerError::Empty);
        }
        if let Ok(level) = spec.parse::<Level>() {
            return Ok(Player::at_level(level));
        }
        // `FILE:LEVEL`, when what follows the last colon is a level (a Windows drive
        // letter `C:\…` is not one, so such paths read as files).
        if let Some((file, level)) = spec.rsplit_once(':')
            && !file.is_empty()
            && let Ok(level) = level.parse::<Level>()
        {
            let mut player = Player::from_file(Path::new(file))?;
            player.level = level;
            player.config.search.level = level;
            player.name = format!("{}@{}", player.name, level.name());
            return Ok(player);
        }
        let path = Path::new(spec);
        if !path.exists() && !spec.contains(['/', '\\', '.']) {
            return Err(PlayerError::Unknown {
                spec: spec.to_string(),
            });
        }
        Player::from_file(path)
    }

    /// The configuration file at `path`, at its own level.
    pub fn from_file(path: &Path) -> Result<Player, PlayerError> {
        let loaded = Config::from_file(path).map_err(PlayerError::Config)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string());
        Ok(Player {
            name,
            level: loaded.config.search.level,
            config: loaded.config,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_files_and_file_at_level() {
        assert_eq!(Player::parse("7").unwrap().level, Level::Modern(7));
        assert_eq!(Player::parse("classic-3").unwrap().name, "classic-3");
        assert_eq!(Player::parse("max").unwrap().level, Level::FULL);
        let dir = crate::util::scratch::Scratch::new("player");
        let file = dir.join("weak.toml");
        std::fs::write(&file, "[pieces]\nqueen = 1.0\n[search]\nlevel = 3\n").unwrap();
        let p = Player::parse(&file.display().to_string()).unwrap();
        assert_eq!((p.level, p.config.pieces.queen), (Level::Modern(3), 1.0));
        assert_eq!(p.name, "weak.toml");
        let p = Player::parse(&format!("{}:classic-1", file.display())).unwrap();
        assert_eq!(
            (p.level, p.name.as_str()),
            (Level::Classic(1), "weak.toml@classic-1")
        );
    }

    #[test]
    fn bad_words_say_why() {
        use std::error::Error;
        let e = Player::parse("11").unwrap_err();
        assert_eq!(
            e,
            PlayerError::Unknown {
                spec: "11".to_string()
            }
        );
        assert_eq!(
            e.to_string(),
            format!("'11' is neither a level nor a file: expected {SPEC_HELP}")
        );
        assert!(e.source().is_none());
        let e = Player::parse("  ").unwrap_err();
        assert_eq!(e, PlayerError::Empty);
        assert_eq!(
            e.to_string(),
            format!("an empty player: expected {SPEC_HELP}")
        );
        let e = Player::parse("no/such/file.toml").unwrap_err();
        let s = e.to_string();
        assert!(s.starts_with("no/such/file.toml: cannot read: "), "{s}");
        // The configuration loader's own error is the source, and says the same.
        let config = e.source().unwrap().downcast_ref::<ConfigError>().unwrap();
        assert_eq!(config.file, "no/such/file.toml");
        assert_eq!(config.to_string(), s);
        // A bad file at a level keeps the loader's error too.
        let e = Player::parse("no/such/file.toml:7").unwrap_err();
        assert!(matches!(e, PlayerError::Config(ref c) if c.file == "no/such/file.toml"));
    }
}
