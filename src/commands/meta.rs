//! What every program says about itself beyond `--help`: shell completions and a man page,
//! both written from the program's clap definition, so they never disagree with `--help`.

use crate::commands::error::CommandError;
use clap::Args;
use std::io::Write;
use std::process::ExitCode;

/// Why a completion script or man page was not written.
#[derive(Debug)]
pub enum MetaError {
    /// `man NAME` for a command the program does not have: the name and those it has.
    NoCommand { name: String, commands: Vec<String> },
    /// The page could not be made or written: the system's error, said alone.
    Output(std::io::Error),
}

impl std::fmt::Display for MetaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MetaError::NoCommand { name, commands } => {
                write!(f, "no command {name} (commands: {})", commands.join(", "))
            }
            MetaError::Output(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for MetaError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MetaError::NoCommand { .. } => None,
            MetaError::Output(e) => Some(e),
        }
    }
}

impl From<MetaError> for CommandError {
    fn from(e: MetaError) -> Self {
        CommandError::Failed(Box::new(e))
    }
}

/// `completions SHELL`: the completion script for a shell, on standard output.
#[derive(Args)]
pub struct Completions {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: clap_complete::Shell,
}

impl Completions {
    /// Writes the script for `cmd` (the program's whole clap definition).
    pub fn run(&self, mut cmd: clap::Command) -> Result<ExitCode, MetaError> {
        let name = cmd.get_name().to_string();
        let mut out = Vec::new();
        clap_complete::generate(self.shell, &mut cmd, name, &mut out);
        emit(&out)
    }
}

/// `man [COMMAND]`: the man page (roff) on standard output, of the program or of one of
/// its commands: `huo-book man > huo-book.1`, `huo-book man record > huo-book-record.1`.
#[derive(Args)]
pub struct Man {
    /// A command of the program, for its own page (`huo-book-record(1)`).
    command: Option<String>,
}

impl Man {
    /// Writes the page from `cmd`, the program's whole clap definition.
    pub fn run(&self, mut cmd: clap::Command) -> Result<ExitCode, MetaError> {
        cmd.build(); // the global options reach the commands' own pages
        let program = cmd.get_name().to_string();
        let version = cmd.get_version().unwrap_or_default().to_string();
        let page = match &self.command {
            None => cmd,
            Some(name) => {
                let sub =
                    cmd.find_subcommand(name)
                        .cloned()
                        .ok_or_else(|| MetaError::NoCommand {
                            name: name.clone(),
                            commands: cmd
                                .get_subcommands()
                                .map(|s| s.get_name().to_string())
                                .collect(),
                        })?;
                sub.name(format!("{program}-{name}"))
                    .bin_name(format!("{program} {name}"))
                    .version(version)
            }
        };
        let mut out = Vec::new();
        clap_mangen::Man::new(page)
            .render(&mut out)
            .map_err(MetaError::Output)?;
        emit(&out)
    }
}

/// Standard output, a closed pipe (`| head`) being no error.
fn emit(bytes: &[u8]) -> Result<ExitCode, MetaError> {
    match std::io::stdout().lock().write_all(bytes) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(MetaError::Output(e)),
        _ => Ok(ExitCode::SUCCESS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn a_page_not_written_says_why_and_keeps_the_systems_error() {
        let cmd = clap::Command::new("huo-x")
            .subcommand(clap::Command::new("record"))
            .subcommand(clap::Command::new("show"));
        let man = Man {
            command: Some("nope".into()),
        };
        let e = man.run(cmd).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no command nope (commands: record, show, help)"
        );
        assert!(e.source().is_none());

        let io = std::io::Error::new(std::io::ErrorKind::StorageFull, "disk full");
        let e = CommandError::from(MetaError::Output(io));
        assert_eq!(e.to_string(), "disk full");
        let meta = e.source().unwrap().downcast_ref::<MetaError>().unwrap();
        let system = meta.source().unwrap().downcast_ref::<std::io::Error>();
        assert_eq!(system.unwrap().kind(), std::io::ErrorKind::StorageFull);
    }
}
