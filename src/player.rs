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
use crate::level::Level;
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
    pub fn parse(spec: &str) -> Result<Player, String> {
        let spec = spec.trim();
        if spec.is_empty() {
            return Err(format!("an empty player: expected {SPEC_HELP}"));
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
            return Err(format!(
                "'{spec}' is neither a level nor a file: expected {SPEC_HELP}"
            ));
        }
        Player::from_file(path)
    }

    /// The configuration file at `path`, at its own level.
    pub fn from_file(path: &Path) -> Result<Player, String> {
        let loaded = Config::from_file(path).map_err(|e| e.to_string())?;
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
        assert!(
            Player::parse("11")
                .unwrap_err()
                .contains("neither a level nor a file")
        );
        assert!(Player::parse("").is_err());
        let e = Player::parse("no/such/file.toml").unwrap_err();
        assert!(
            e.contains("no/such/file.toml") && e.contains("cannot read"),
            "{e}"
        );
    }
}
