//! What a command that failed says, and the one place it is said: every command of both
//! programs returns a [`CommandError`], and [`finish`] prints it the same way, as
//! `PROGRAM: message`, and turns it into a failing exit status.
//!
//! One voice for both programs: the program's name, a colon and a space, then the message
//! as a sentence, capital first (`huo-book: Cannot read /x/training.txt: ...`), a path
//! always after a space and never capitalised (`huo-book: games.pgn:7: ...`). The command
//! line's own errors ([`parse`]) and the warnings a command prints on its way ([`say`], said in [`crate::util::voice`])
//! are said the same way.

use crate::config::Config;
use crate::config::file::{ConfigError, Loaded};
pub use crate::util::voice::say;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// Why a command failed.
#[derive(Debug)]
pub enum CommandError {
    /// The configuration file could not be read or is wrong (its file, line and key).
    Config(ConfigError),
    /// A file could not be read or written: what was being done, and the system's error.
    Io {
        doing: String,
        source: std::io::Error,
    },
    /// An input file (or standard input) could not be opened or read as text.
    Input(crate::util::input::InputError),
    /// A screen (the game, the editor, the trainer) ended on an error of the terminal or of
    /// a file it had to write, already in words for the user.
    Screen(std::io::Error),
    /// A typed error of the library, said as it says itself (its source kept).
    Failed(Box<dyn std::error::Error + Send + Sync>),
    /// Anything else, already in words for the user.
    Message(String),
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommandError::Config(e) => write!(f, "configuration: {e}"),
            CommandError::Io { doing, source } => write!(f, "{doing}: {source}"),
            CommandError::Input(e) => write!(f, "{e}"),
            CommandError::Screen(e) => write!(f, "{e}"),
            CommandError::Failed(e) => write!(f, "{e}"),
            CommandError::Message(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for CommandError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CommandError::Config(e) => Some(e),
            CommandError::Io { source, .. } => Some(source),
            CommandError::Input(e) => Some(e),
            CommandError::Screen(e) => Some(e),
            CommandError::Failed(e) => Some(e.as_ref()),
            CommandError::Message(_) => None,
        }
    }
}

impl From<ConfigError> for CommandError {
    fn from(e: ConfigError) -> Self {
        CommandError::Config(e)
    }
}

impl From<crate::util::input::InputError> for CommandError {
    fn from(e: crate::util::input::InputError) -> Self {
        CommandError::Input(e)
    }
}

impl From<crate::train::drill::OpenError> for CommandError {
    fn from(e: crate::train::drill::OpenError) -> Self {
        CommandError::Failed(Box::new(e))
    }
}

impl From<String> for CommandError {
    fn from(m: String) -> Self {
        CommandError::Message(m)
    }
}

impl From<&str> for CommandError {
    fn from(m: &str) -> Self {
        CommandError::Message(m.to_string())
    }
}

/// The result every command returns: its exit status, or why it failed.
pub type CommandResult = Result<ExitCode, CommandError>;

/// The configuration a command runs with: the file given (`--config`), else the one found
/// where the program looks, else the built-in defaults. Every command loads it here.
pub fn load_config(explicit: Option<&Path>) -> Result<Loaded, CommandError> {
    let loaded = Config::load(explicit).map_err(CommandError::Config)?;
    print_notes(&loaded);
    Ok(loaded)
}

/// What a configuration sets the old way, each a `note: file:line: ...` line on standard
/// error ([`Loaded::notes`]).
pub fn print_notes(loaded: &Loaded) {
    for note in loaded.notes() {
        let _ = writeln!(std::io::stderr(), "note: {note}");
    }
}

/// The exit status of a command's result; a failure is printed on standard error as
/// `PROGRAM: Message`.
pub fn finish(program: &str, result: CommandResult) -> ExitCode {
    result.unwrap_or_else(|e| {
        say(program, &e.to_string());
        ExitCode::FAILURE
    })
}

/// The command line read by clap, its mistakes said in the programs' one voice
/// (`huo-book: Unexpected argument ...`, exit status 2); help and version as clap prints
/// them.
pub fn parse<C: clap::Parser>(program: &str) -> Result<C, ExitCode> {
    use clap::error::ErrorKind;
    C::try_parse().map_err(|e| match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        _ => {
            let text = e.render().to_string();
            let text = text.strip_prefix("error: ").unwrap_or(&text);
            say(program, text.trim_end());
            ExitCode::from(2)
        }
    })
}

impl From<crate::book::BookError> for CommandError {
    /// A file the system refused keeps the system's error (and the same words); anything
    /// else is said as the book says it.
    fn from(e: crate::book::BookError) -> Self {
        match e {
            crate::book::BookError::Io {
                doing,
                path,
                source,
            } => CommandError::Io {
                doing: format!("cannot {doing} {}", path.display()),
                source,
            },
            e => CommandError::Message(e.to_string()),
        }
    }
}

impl From<crate::train::textfile::StoreError> for CommandError {
    /// As [`From<BookError>`](crate::book::BookError): a file the system refused keeps the
    /// system's error.
    fn from(e: crate::train::textfile::StoreError) -> Self {
        use crate::train::textfile::StoreError;
        match e {
            StoreError::Store(e) => e.into(),
            StoreError::Write { path, source } => CommandError::Io {
                doing: format!("not saved: cannot write {}", path.display()),
                source,
            },
            e => CommandError::Message(e.to_string()),
        }
    }
}

impl From<crate::analysis::batch::BatchError> for CommandError {
    /// Output that could not be written keeps the system's error, in the same words.
    fn from(e: crate::analysis::batch::BatchError) -> Self {
        use crate::analysis::batch::BatchError;
        match e {
            BatchError::Stdout(source) => CommandError::Io {
                doing: "standard output".into(),
                source,
            },
            BatchError::Write { path, source } => CommandError::Io {
                doing: path.display().to_string(),
                source,
            },
            e => CommandError::Message(e.to_string()),
        }
    }
}

impl From<crate::train::session::OpenError> for CommandError {
    /// A schedule the system would not read keeps the system's error.
    fn from(e: crate::train::session::OpenError) -> Self {
        match e {
            crate::train::session::OpenError::Schedule(e) => e.into(),
            e => CommandError::Message(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::scratch::Scratch;
    use std::error::Error;

    #[test]
    fn a_file_the_system_refused_keeps_its_error_and_its_words() {
        let dir = Scratch::new("command-error-io");
        // A folder where a file should be: the system will not read it.
        let e = crate::book::store::read(dir.path()).unwrap_err();
        let said = e.to_string();
        let c = CommandError::from(e);
        assert_eq!(c.to_string(), said);
        let io = c
            .source()
            .and_then(|s| s.downcast_ref::<std::io::Error>())
            .expect("the system's error");
        assert_eq!(io.kind(), std::io::ErrorKind::IsADirectory);
        // The same through the trainer's files.
        let file = dir.path().join("book");
        std::fs::write(&file, "").unwrap();
        let e = crate::train::schedule::Schedule::load(&file).unwrap_err();
        let said = e.to_string();
        let c = CommandError::from(e);
        assert_eq!(c.to_string(), said);
        assert!(matches!(c, CommandError::Io { .. }));
    }
}
